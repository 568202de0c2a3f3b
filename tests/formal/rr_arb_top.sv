// rr_arb_top: formal harness for rtl/rr_arb.sv (yosys-smtbmc, see tests/formal.sh).
//
// The proof obligations live in the `ifdef FORMAL block of rtl/rr_arb.sv; this
// wrapper only adds the environment: reset is asserted in the first cycle
// (the base case starts from reset; the induction step starts anywhere).
// Requests and ack are otherwise free in every cycle.
module rr_arb_top #(
  parameter int N = 4,                              // number of requesters, >= 1
  localparam int IdxW = (N > 1) ? $clog2(N) : 1     // index width
) (
  input  logic            clk_i,    // clock
  input  logic            rst_ni,   // asynchronous reset, active low
  input  logic [N-1:0]    req_i,    // requests
  input  logic            ack_i,    // grant taken
  output logic [N-1:0]    gnt_o,    // grant
  output logic [IdxW-1:0] idx_o,    // granted index
  output logic            valid_o,  // a grant is given
  output logic [IdxW-1:0] ptr_o     // pointer
);
  rr_arb #(.N(N)) u_rr_arb (
    .clk_i, .rst_ni, .req_i, .ack_i, .gnt_o, .idx_o, .valid_o, .ptr_o
  );

  logic f_past_valid = 1'b0;         // 0 only in the first cycle
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (!rst_ni);
endmodule
