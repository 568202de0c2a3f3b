// cmp_ge_ref: the behavioural reference of rtl/cmp_ge.sv for the
// equivalence proof in tests/formal.sh: an unsigned compare.
module cmp_ge_ref #(
  parameter int W = 8
) (
  input  logic [W-1:0] a_i,
  input  logic [W-1:0] b_i,
  output logic         ge_o
);
  assign ge_o = a_i >= b_i;
endmodule
