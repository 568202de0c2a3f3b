// prio_enc: lowest-index-first priority encoder over N requests.
//
// A balanced tree of 2:1 selectors, so the depth grows with log2(N), not N
// (MRPB section 6 drains "the lowest non-empty queue" through a 48-to-6
// priority encoder). Each tree node keeps the index of the lowest set bit of
// its subtree; a node takes its left (lower) child unless only the right child
// has a set bit. N need not be a power of two: missing leaves are zeros.
//
// Example (N = 8): req_i = 8'b0110_1000 -> valid_o = 1, idx_o = 3
//                  req_i = 8'b0000_0000 -> valid_o = 0, idx_o = 0
//
// Simulation body: the Verilated models of the blocks that instantiate it
// (the Makefile defines FAST_SIM_PRIMS for them) search the request word
// instead, log2(N) steps of a mask, a compare and a shift; the tree is one
// assignment per node there (mrpb's drain selector structure has 28 of
// these 48-input trees; its own simulation body searches with $countones). The tree is what Yosys, the area and timing estimates, mutation,
// coverage, `make lint` and prio_enc's own lockstep (its manifest undefines
// FAST_SIM_PRIMS) read, and tests/formal.sh proves it equal to the body at
// every size a built parameter set instantiates (docs/formal.md,
// "Simulation bodies").
module prio_enc #(
  parameter int N = 8,                              // number of requests, >= 1
  localparam int IdxW = (N > 1) ? $clog2(N) : 1     // index width
) (
  input  logic [N-1:0]    req_i,    // request vector, bit 0 has the highest priority
  output logic [IdxW-1:0] idx_o,    // index of the lowest set bit; 0 when none
  output logic            valid_o   // at least one request is set
);
  localparam int Levels = (N > 1) ? $clog2(N) : 0;  // tree depth
  localparam int Leaves = 1 << Levels;              // N rounded up to a power of two

`ifdef FAST_SIM_PRIMS
  // The simulation body (see above): the lowest set bit found by halving a
  // window of the request word, Levels steps.
  logic [Leaves-1:0] r;
  logic [IdxW-1:0]   ix;
  always_comb begin
    r  = Leaves'(req_i);
    ix = '0;
    for (int l = Levels - 1; l >= 0; l--) begin
      if ((r & ((Leaves'(1) << (1 << l)) - 1'b1)) == '0) begin   // the lower half of the window is empty
        ix[l] = 1'b1;
        r     = r >> (1 << l);
      end
    end
  end
  assign valid_o = |req_i;
  assign idx_o   = valid_o ? ix : '0;
`else
  localparam int Nodes  = 2 * Leaves - 1;           // heap-ordered tree: node k has children 2k+1, 2k+2

  logic            node_valid [Nodes] /* verilator split_var */;
  logic [IdxW-1:0] node_idx   [Nodes] /* verilator split_var */;

  for (genvar i = 0; i < Leaves; i++) begin : gen_leaf
    if (i < N) begin : gen_req
      assign node_valid[Leaves-1+i] = req_i[i];
    end else begin : gen_pad
      assign node_valid[Leaves-1+i] = 1'b0;
    end
    assign node_idx[Leaves-1+i] = IdxW'(i);
  end

  for (genvar k = 0; k < Leaves - 1; k++) begin : gen_node
    logic take_right;  // only the right (higher-index) subtree has a request
    assign take_right    = node_valid[2*k+2] & ~node_valid[2*k+1];
    assign node_valid[k] = node_valid[2*k+1] | node_valid[2*k+2];
    assign node_idx[k]   = take_right ? node_idx[2*k+2] : node_idx[2*k+1];
  end

  assign valid_o = node_valid[0];
  assign idx_o   = node_idx[0];

`endif

`ifdef FORMAL
  // The selected request is set and no lower request is.
  always @* begin
    if (valid_o) begin
      assert (req_i[idx_o]);
      assert ((req_i & ((N'(1) << idx_o) - N'(1))) == '0);
    end else begin
      assert (req_i == '0);
      assert (idx_o == '0);
    end
  end
`endif
endmodule
