// fifo_top: formal harness for rtl/fifo.sv (yosys-smtbmc, see tests/formal.sh).
//
// The proof obligations live in the `ifdef FORMAL block of rtl/fifo.sv; this
// wrapper only adds the environment: reset is asserted in the first cycle
// (the base case starts from reset; the induction step starts anywhere).
// Every input is otherwise free: push when full and pop when empty included.
module fifo_top #(
  parameter int Depth = 4,                      // entries, >= 1
  parameter int Width = 4,                      // bits per entry, >= 1
  localparam int CntW = $clog2(Depth + 1)       // count width
) (
  input  logic             clk_i,    // clock
  input  logic             rst_ni,   // asynchronous reset, active low
  input  logic             push_i,   // push
  input  logic [Width-1:0] wdata_i,  // word to push
  input  logic             pop_i,    // pop
  output logic [Width-1:0] rdata_o,  // head word
  output logic             full_o,   // full
  output logic             empty_o,  // empty
  output logic [CntW-1:0]  count_o   // words held
);
  fifo #(.Depth(Depth), .Width(Width)) u_fifo (
    .clk_i, .rst_ni, .push_i, .wdata_i, .pop_i, .rdata_o, .full_o, .empty_o, .count_o
  );

  logic f_past_valid = 1'b0;         // 0 only in the first cycle
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (!rst_ni);
endmodule
