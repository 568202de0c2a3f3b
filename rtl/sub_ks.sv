// sub_ks: a_i - b_i (W bits, modulo 2^W) and a_i >= b_i (unsigned), on
// add_ks' Kogge-Stone carry network.
//
// a - b = a + ~b + 1: the operands get one more bit below, {a, 1} + {~b, 1},
// whose carry into bit 1 is the + 1; the sum's bits above it are the
// difference and the carry out is a >= b (no borrow).
//
// Example (W = 4): a_i = 4'd3, b_i = 4'd5 -> diff_o = 4'd14, ge_o = 0.
module sub_ks #(
  parameter int W = 8                       // operand bits, >= 1
) (
  input  logic [W-1:0] a_i,                 // minuend
  input  logic [W-1:0] b_i,                 // subtrahend
  output logic [W-1:0] diff_o,              // a_i - b_i, modulo 2^W
  output logic         ge_o                 // a_i >= b_i, unsigned
);
  // verilator tracing_off
  logic [W:0] s;
  add_ks #(.W(W + 1)) u_add (.a_i({a_i, 1'b1}), .b_i({~b_i, 1'b1}), .sum_o(s), .co_o(ge_o));
  assign diff_o = s[W:1];
  // verilator lint_off UNUSEDSIGNAL
  logic unused;                             // bit 0 is 1 + 1: always 0
  assign unused = s[0];
  // verilator lint_on UNUSEDSIGNAL
endmodule
