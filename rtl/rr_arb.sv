// rr_arb: round-robin arbiter over N requesters.
//
// A pointer names the requester with the highest priority this cycle; the
// grant goes to the first request at or after the pointer, wrapping around
// (MRPB section 3.3: "one item per non-empty queue in turn"). When the grant
// is taken (ack_i), the pointer moves to the requester after the one granted,
// so every requester is served within N grants. Built from two prio_enc trees:
// one over the requests at or above the pointer, one over all requests.
//
// Example (N = 4, pointer 2): req_i = 4'b0011 -> gnt_o = 4'b0001, idx_o = 0;
//   with ack_i = 1 the pointer becomes 1, and the next cycle the same
//   requests are granted to requester 1.
module rr_arb #(
  parameter int N = 4,                              // number of requesters, >= 1
  localparam int IdxW = (N > 1) ? $clog2(N) : 1     // index width
) (
  input  logic            clk_i,    // clock
  // verilator lint_off SYNCASYNCNET
  input  logic            rst_ni,   // asynchronous reset, active low: pointer to 0
  // verilator lint_on SYNCASYNCNET
  input  logic [N-1:0]    req_i,    // requests
  input  logic            ack_i,    // the grant is taken: move the pointer past it
  output logic [N-1:0]    gnt_o,    // one-hot grant, zero when no request
  output logic [IdxW-1:0] idx_o,    // index of the granted requester; 0 when none
  output logic            valid_o,  // a grant is given
  output logic [IdxW-1:0] ptr_o     // the pointer: requester with the highest priority
);
  logic [IdxW-1:0] ptr_q, ptr_d;
  logic [N-1:0]    at_or_above;     // requesters at or after the pointer
  logic [IdxW-1:0] upper_idx, all_idx;
  logic            upper_valid, all_valid;

  assign at_or_above = ~((N'(1) << ptr_q) - N'(1));

  prio_enc #(.N(N)) u_upper (
    .req_i   (req_i & at_or_above),
    .idx_o   (upper_idx),
    .valid_o (upper_valid)
  );

  prio_enc #(.N(N)) u_all (
    .req_i   (req_i),
    .idx_o   (all_idx),
    .valid_o (all_valid)
  );

  assign valid_o = all_valid;
  assign idx_o   = upper_valid ? upper_idx : all_idx;
  assign gnt_o   = valid_o ? (N'(1) << idx_o) : '0;
  assign ptr_o   = ptr_q;

  always_comb begin
    ptr_d = ptr_q;
    if (ack_i && valid_o) begin
      ptr_d = (idx_o == IdxW'(N - 1)) ? '0 : idx_o + 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q <= '0;
    end else begin
      ptr_q <= ptr_d;
    end
  end

`ifndef SYNTHESIS
  // Usage and invariant checks (Verilator --assert; Yosys defines SYNTHESIS).
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert ((gnt_o & (gnt_o - 1'b1)) == '0) else $error("rr_arb: grant not one-hot");
      assert ((gnt_o & ~req_i) == '0) else $error("rr_arb: grant without request");
    end
  end

  if (N != (1 << IdxW)) begin : gen_ptr_range_check
    always_ff @(posedge clk_i) begin
      if (rst_ni) assert (ptr_q <= IdxW'(N - 1)) else $error("rr_arb: pointer out of range");
    end
  end
`endif

`ifdef FORMAL
  always @* begin
    if (rst_ni) begin
      assert (ptr_q <= IdxW'(N - 1));
      assert (valid_o == (req_i != '0));
      if (valid_o) assert (req_i[idx_o]);
    end
  end
`endif
endmodule
