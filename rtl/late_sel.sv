// late_sel: y_o = (en_i & x_i) ? a_i : b_i, a W-bit select whose control
// includes an input x_i that arrives late in the cycle (in mib_l2, the DRAM
// side's answer to the dummy it is shown).
//
// Both values are settled from registers and early inputs; the late signal
// only picks one, in the last gate before the register it feeds. Like
// late_ao, it is mapped on its own ((* map_alone *), constraints/area.sh):
// flattened, ABC, which maps without the inputs' arrival times, moved the
// late select to the front of the cone (mib_l2's age sums: four more gates
// after out_ready_i). Logic simulation, formal checks and mutation flatten
// it like any other module.
//
// With En = 0 the enable is left out (a plain late select: the FIFO's pop).
//
// Example: W = 4, en_i = 1, a_i = 4'd0, b_i = 4'd9: y_o is 0 when x_i, else 9.
(* map_alone *)
module late_sel #(
  parameter int W  = 1,               // bits
  parameter bit En = 1'b1             // 0: en_i is not used (taken as 1), no gate for it
) (
  input  logic         en_i,          // the select, without the late input
  input  logic         x_i,           // late
  input  logic [W-1:0] a_i,           // when en_i & x_i
  input  logic [W-1:0] b_i,           // otherwise
  output logic [W-1:0] y_o
);
  if (En) begin : gen_en
    assign y_o = (en_i & x_i) ? a_i : b_i;
  end else begin : gen_no_en
    assign y_o = x_i ? a_i : b_i;
    // verilator lint_off UNUSEDSIGNAL
    logic unused;
    assign unused = en_i;
    // verilator lint_on UNUSEDSIGNAL
  end
endmodule
