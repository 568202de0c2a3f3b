// cmp_ge: a_i >= b_i (unsigned), as a balanced tree of log2(W) levels.
//
// Each bit gives {gt, eq}; a node merges a more significant pair (hi) with a
// less significant one (lo): gt = gt_hi | (eq_hi & gt_lo), eq = eq_hi & eq_lo.
// Written out rather than left to `a >= b`: Yosys maps the inferred compare
// through a carry chain, and ABC, seeing every input arrive at time 0, keeps
// it a ripple (a 15-bit compare took 1.8 ns in osu018 on the DRAM
// scheduler's choice path; docs/area.md, "Adders").
//
// Example (W = 4): a_i = 4'd9, b_i = 4'd9 -> ge_o = 1; a_i = 4'd7, b_i = 4'd9 -> 0.
//
// Simulation body: the Verilated models of the blocks (the Makefile defines
// FAST_SIM_PRIMS for them) compare with `>=`, one instruction where the tree
// is log2(W) levels of word operations; the DRAM scheduler's shortlists hold
// more than a thousand of these. The tree is what Yosys, the area and timing
// estimates, mutation, coverage and `make lint` read, and tests/formal.sh
// proves it equal to `>=` at every size a built parameter set instantiates
// (docs/formal.md, "Simulation bodies").
module cmp_ge #(
  parameter int W = 8                        // operand bits, >= 1
) (
  input  logic [W-1:0] a_i,                  // operands, unsigned
  input  logic [W-1:0] b_i,
  output logic         ge_o                  // a_i >= b_i
);
`ifdef FAST_SIM_PRIMS
  assign ge_o = a_i >= b_i;                  // the simulation body (see above)
`else
  // verilator tracing_off
  // (its nodes are of no use in a waveform: the inputs and the result are
  // traced in the module that uses it)
  localparam int Levels = (W > 1) ? $clog2(W) : 0;
  localparam int P      = 1 << Levels;       // leaves, W padded to a power of two

  // Level by level on whole words: after level l, the node covering bits
  // [j +: 2^(l+1)] sits at bit j (j a multiple of 2^(l+1)); the bits between
  // are don't-cares that synthesis removes (only bit 0 is used). The padding
  // bits are equal zeros.
  logic [P-1:0] a, b, gt, eq;
  always_comb begin
    a  = P'(a_i);
    b  = P'(b_i);
    gt = a & ~b;
    eq = ~(a ^ b);
    for (int l = 0; l < Levels; l++) begin
      gt = (gt >> (1 << l)) | ((eq >> (1 << l)) & gt);   // hi's gt, or hi equal and lo's gt
      eq = (eq >> (1 << l)) & eq;
    end
  end

  assign ge_o = gt[0] | eq[0];

  // verilator lint_off UNUSEDSIGNAL
  logic unused;                              // the don't-care positions
  assign unused = ^{gt[P-1:0], eq[P-1:0]};
  // verilator lint_on UNUSEDSIGNAL
`endif
endmodule
