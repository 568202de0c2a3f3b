// csa_add_ref: the behavioural reference of rtl/csa_add.sv for the
// equivalence proof in tests/formal.sh: a chain of additions.
module csa_add_ref #(
  parameter int Rows = 3,
  parameter int W    = 8
) (
  input  logic [Rows*W-1:0] rows_i,
  output logic [W-1:0]      sum_o
);
  always_comb begin
    sum_o = '0;
    for (int r = 0; r < Rows; r++) sum_o = sum_o + rows_i[r*W +: W];
  end
endmodule
