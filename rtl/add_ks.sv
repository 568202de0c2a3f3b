// add_ks: a W-bit adder with carry out, built as a Kogge-Stone parallel-prefix
// carry network (log2(W) levels of generate/propagate merges).
//
// Written out rather than left to `a + b`: ABC, seeing every input arrive at
// time 0, maps the adders Yosys infers as ripple-carry chains when they are
// off its own worst path, and a 15-bit ripple adder after a late-arriving
// operand costs a whole third of the cycle (docs/area.md, "Adders").
//
// Example (W = 4): a_i = 4'd9, b_i = 4'd8 -> sum_o = 4'd1, co_o = 1.
module add_ks #(
  parameter int W = 8                       // operand bits, >= 1
) (
  input  logic [W-1:0] a_i,                 // operands
  input  logic [W-1:0] b_i,
  output logic [W-1:0] sum_o,               // a_i + b_i, modulo 2^W
  output logic         co_o                 // the carry out of bit W-1
);
  // verilator tracing_off
  // (its nodes are of no use in a waveform: the inputs and the result are
  // traced in the module that uses it)
  localparam int Levels = (W > 1) ? $clog2(W) : 0;

  // Level by level on whole words: after level l, g[i] and p[i] are the
  // generate and propagate of bits (i - 2^(l+1), i] (fewer at the bottom);
  // a shift by a constant is wiring, so the gates are the prefix network's,
  // and a simulator runs Levels word operations instead of one per node.
  logic [W-1:0] p0, g, p;
  always_comb begin
    p0 = a_i ^ b_i;
    g  = a_i & b_i;
    p  = p0;
    for (int l = 0; l < Levels; l++) begin
      g = g | (p & (g << (1 << l)));                  // g[i] |= p[i] & g[i - 2^l]
      p = p & ((p << (1 << l)) | ~({W{1'b1}} << (1 << l)));   // p[i] &= p[i - 2^l]; bits below 2^l keep p
    end
  end

  // g[i] is now the carry out of bit i.
  if (W > 1) begin : gen_sum
    assign sum_o = p0 ^ {g[W-2:0], 1'b0};
  end else begin : gen_sum1
    assign sum_o = p0;
  end
  assign co_o = g[W-1];

  // verilator lint_off UNUSEDSIGNAL
  logic unused;                             // the group propagates are only an intermediate
  assign unused = ^p;
  // verilator lint_on UNUSEDSIGNAL
endmodule
