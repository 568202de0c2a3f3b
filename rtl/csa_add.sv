// csa_add: the sum of Rows W-bit operands, modulo 2^W: a chain of
// carry-save adders (3:2 per bit) that keeps the sum as two rows, then one
// Kogge-Stone adder (add_ks). Depth: Rows - 2 full adders and a log2(W)
// prefix, where a chain of `+` would be Rows - 1 carry chains.
//
// Example (Rows 3, W 4): rows_i = {4'd5, 4'd6, 4'd7} -> sum_o = 4'd2 (18 mod 16).
module csa_add #(
  parameter int Rows = 3,                  // operands, >= 1
  parameter int W    = 8                   // bits each, >= 1
) (
  input  logic [Rows*W-1:0] rows_i,        // operand r at [r*W +: W]
  output logic [W-1:0]      sum_o          // their sum, modulo 2^W
);
  // verilator tracing_off
  logic [W-1:0] s, c;
  always_comb begin
    logic [W-1:0] x;
    s = rows_i[0 +: W];
    c = '0;
    for (int r = 1; r < Rows; r++) begin
      x = rows_i[r*W +: W];
      if (r == 1) begin
        c = x;                              // two rows: nothing to compress yet
      end else begin
        {s, c} = {s ^ c ^ x, ((s & c) | (x & (s ^ c))) << 1};
      end
    end
  end
  // verilator lint_off PINCONNECTEMPTY
  add_ks #(.W(W)) u_add (.a_i(s), .b_i(c), .sum_o(sum_o), .co_o());
  // verilator lint_on PINCONNECTEMPTY
endmodule
