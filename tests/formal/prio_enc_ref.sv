// prio_enc_ref: behavioural reference for prio_enc (formal equivalence only).
//
// The plain description of the specification: walk the requests from bit 0
// upwards and keep the first set one. No tree, no padding; tests/formal.sh
// proves rtl/prio_enc.sv equal to this with a Yosys miter and SAT.
module prio_enc_ref #(
  parameter int N = 8,                              // number of requests, >= 1
  localparam int IdxW = (N > 1) ? $clog2(N) : 1     // index width
) (
  input  logic [N-1:0]    req_i,    // request vector
  output logic [IdxW-1:0] idx_o,    // index of the lowest set bit; 0 when none
  output logic            valid_o   // at least one request is set
);
  always_comb begin
    idx_o   = '0;
    valid_o = 1'b0;
    for (int i = 0; i < N; i++) begin
      if (req_i[i] && !valid_o) begin
        idx_o   = IdxW'(i);
        valid_o = 1'b1;
      end
    end
  end
endmodule
