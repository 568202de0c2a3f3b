// popcnt_ref: the behavioural reference of rtl/popcnt.sv for the
// equivalence proof in tests/formal.sh: a plain sum of the bits.
module popcnt_ref #(
  parameter int N = 48,
  localparam int CW = $clog2(N + 1)
) (
  input  logic [N-1:0]  in_i,
  output logic [CW-1:0] cnt_o
);
  always_comb begin
    cnt_o = '0;
    for (int i = 0; i < N; i++) cnt_o = cnt_o + CW'(in_i[i]);
  end
endmodule
