// argmax_ref: behavioural reference for argmax (formal equivalence only).
//
// The plain description of the specification: walk the entries from 0
// upwards and keep the first valid one that is strictly larger than the best
// so far, so ties go to the lowest index. idx 0, max 0, valid 0 when no entry
// is valid. tests/formal.sh proves rtl/argmax.sv equal to this with a Yosys
// miter and SAT.
module argmax_ref #(
  parameter int N = 8,                              // number of entries, >= 1
  parameter int W = 8,                              // bits per value
  localparam int IdxW = (N > 1) ? $clog2(N) : 1     // index width
) (
  input  logic [N-1:0]    valid_i,  // entry i takes part
  input  logic [N*W-1:0]  vals_i,   // entry i is vals_i[i*W +: W]
  output logic [IdxW-1:0] idx_o,    // index of the largest valid entry; 0 when none
  output logic [W-1:0]    max_o,    // its value; 0 when none
  output logic            valid_o   // some entry is valid
);
  always_comb begin
    idx_o   = '0;
    max_o   = '0;
    valid_o = 1'b0;
    for (int i = 0; i < N; i++) begin
      if (valid_i[i] && (!valid_o || vals_i[i*W +: W] > max_o)) begin
        idx_o   = IdxW'(i);
        max_o   = vals_i[i*W +: W];
        valid_o = 1'b1;
      end
    end
  end
endmodule
