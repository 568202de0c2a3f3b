// cnt_ge_ref: the behavioural reference of rtl/cnt_ge.sv for the
// equivalence proof in tests/formal.sh: count the bits, compare.
module cnt_ge_ref #(
  parameter int N = 8,
  parameter int K = 2
) (
  input  logic [N-1:0] in_i,
  output logic         ge_o
);
  int n;
  always_comb begin
    n = 0;
    for (int i = 0; i < N; i++) n = n + {31'd0, in_i[i]};
  end
  assign ge_o = n >= K;
endmodule
