// add_tree: the sum of the enabled ones of N W-bit values, as a balanced tree.
//
// Depth log2(N) adders instead of a chain of N. OW must hold the largest sum
// (N * (2^W - 1)); the sum is taken modulo 2^OW otherwise. Used by the DRAM
// scheduler for its MSHR-S / MSHR-S+A row scores.
//
// Example (N = 3, W = 4, OW = 6): vals_i = {4'd9, 4'd7, 4'd15} (entry 2 .. 0),
//   en_i = 3'b101 -> sum_o = 24.
module add_tree #(
  parameter int N  = 8,                              // values, >= 1
  parameter int W  = 8,                              // bits per value
  parameter int OW = W + ((N > 1) ? $clog2(N) : 0)   // bits of the sum
) (
  input  logic [N-1:0]   en_i,    // value i takes part
  input  logic [N*W-1:0] vals_i,  // value i is vals_i[i*W +: W]
  output logic [OW-1:0]  sum_o    // the sum of the enabled values
);
  localparam int Levels = (N > 1) ? $clog2(N) : 0;
  localparam int Leaves = 1 << Levels;
  localparam int Nodes  = 2 * Leaves - 1;            // heap-ordered tree: node k has children 2k+1, 2k+2

  logic [OW-1:0] node [Nodes] /* verilator split_var */;

  for (genvar i = 0; i < Leaves; i++) begin : gen_leaf
    if (i < N) begin : gen_val
      assign node[Leaves-1+i] = en_i[i] ? OW'(vals_i[i*W +: W]) : '0;
    end else begin : gen_pad
      assign node[Leaves-1+i] = '0;
    end
  end

  for (genvar k = 0; k < Leaves - 1; k++) begin : gen_node
    assign node[k] = node[2*k+1] + node[2*k+2];
  end

  assign sum_o = node[0];
endmodule
