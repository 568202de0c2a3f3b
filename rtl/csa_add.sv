// csa_add: the sum of Rows W-bit operands, modulo 2^W: a Wallace tree of
// carry-save adders (3 rows -> 2 per level, full adders bit by bit) that
// ends with two rows, then one Kogge-Stone adder (add_ks). Depth: about
// log1.5(Rows / 2) full adders and a log2(W) prefix, where a chain of `+`
// would be Rows - 1 carry chains.
//
// Level l holds rows(l) rows, in b[(l * Rows + r) * W +: W]: the groups of
// three of level l - 1 give a sum row and a carry row each (first), the one
// or two left over pass through (after them).
//
// Example (Rows 3, W 4): rows_i = {4'd5, 4'd6, 4'd7} -> sum_o = 4'd2 (18 mod 16).
//
// Simulation body: the Verilated models of the blocks (the Makefile defines
// FAST_SIM_PRIMS for them) add the rows with `+`, one instruction a row where
// the tree is a few word operations per full adder row and a prefix adder
// (tbas: 8 of these sums of 13 rows, evaluated in every cycle). The tree is
// what Yosys, the area and timing estimates, mutation, coverage and `make
// lint` read, and tests/formal.sh proves it equal to a plain sum at every
// size a built parameter set instantiates (docs/formal.md, "Simulation
// bodies").
module csa_add #(
  parameter int Rows = 3,                  // operands, >= 1
  parameter int W    = 8                   // bits each, >= 1
) (
  input  logic [Rows*W-1:0] rows_i,        // operand r at [r*W +: W]
  output logic [W-1:0]      sum_o          // their sum, modulo 2^W
);
`ifdef FAST_SIM_PRIMS
  always_comb begin                        // the simulation body (see above)
    sum_o = '0;
    for (int r = 0; r < Rows; r++) sum_o = sum_o + rows_i[r*W +: W];
  end
`else
  // verilator tracing_off
  // rows after l levels
  function automatic int rows_at(input int l);
    integer r;
    r = Rows;
    for (int k = 0; k < l; k++) r = (r > 2) ? (r / 3) * 2 + r % 3 : r;
    rows_at = r;
  endfunction
  // levels until at most two rows are left
  function automatic int levels();
    integer l;
    l = 0;
    for (int k = 0; k < 16; k++) if (rows_at(l) > 2) l = l + 1;
    levels = l;
  endfunction
  localparam int L = levels();

  // (the padding above each level's rows and the last level's is unused)
  // verilator lint_off UNUSEDSIGNAL
  logic [(L+1)*Rows*W-1:0] b /* verilator split_var */;
  // verilator lint_on UNUSEDSIGNAL
  assign b[Rows*W-1:0] = rows_i;
  for (genvar l = 1; l <= L; l++) begin : gen_lvl
    localparam int R  = rows_at(l - 1);     // rows in
    localparam int G  = R / 3;              // groups of three
    localparam int Lo = (l - 1) * Rows * W;
    localparam int Hi = l * Rows * W;
    localparam int RN = rows_at(l);         // rows out
    for (genvar g = 0; g < G; g++) begin : gen_csa
      logic [W-1:0] x, y, z;
      assign x = b[Lo + (3*g) * W +: W];
      assign y = b[Lo + (3*g+1) * W +: W];
      assign z = b[Lo + (3*g+2) * W +: W];
      assign b[Hi + (2*g) * W +: W]   = x ^ y ^ z;
      assign b[Hi + (2*g+1) * W +: W] = ((x & y) | (z & (x ^ y))) << 1;
    end
    for (genvar r = 3 * G; r < R; r++) begin : gen_pass
      assign b[Hi + (2*G + r - 3*G) * W +: W] = b[Lo + r * W +: W];
    end
    if (RN < Rows) begin : gen_pad
      assign b[Hi + RN * W +: (Rows - RN) * W] = '0;
    end
  end

  logic [W-1:0] r0, r1;
  assign r0 = b[L*Rows*W +: W];
  if (rows_at(L) > 1) begin : gen_two
    assign r1 = b[L*Rows*W + W +: W];
  end else begin : gen_one
    assign r1 = '0;
  end
  // verilator lint_off PINCONNECTEMPTY
  add_ks #(.W(W)) u_add (.a_i(r0), .b_i(r1), .sum_o(sum_o), .co_o());
  // verilator lint_on PINCONNECTEMPTY
`endif
endmodule
