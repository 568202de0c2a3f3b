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
  localparam int Levels = (W > 1) ? $clog2(W) : 0;

  logic [W-1:0] g [Levels+1] /* verilator split_var */;   // g[l][i]: bits (i - 2^l, i] generate
  logic [W-1:0] p [Levels+1] /* verilator split_var */;   // ... propagate

  assign g[0] = a_i & b_i;
  assign p[0] = a_i ^ b_i;
  for (genvar l = 0; l < Levels; l++) begin : gen_level
    for (genvar i = 0; i < W; i++) begin : gen_bit
      if (i >= (1 << l)) begin : gen_merge
        assign g[l+1][i] = g[l][i] | (p[l][i] & g[l][i - (1 << l)]);
        assign p[l+1][i] = p[l][i] & p[l][i - (1 << l)];
      end else begin : gen_pass
        assign g[l+1][i] = g[l][i];
        assign p[l+1][i] = p[l][i];
      end
    end
  end

  // g[Levels][i] is the carry out of bit i.
  if (W > 1) begin : gen_sum
    assign sum_o = p[0] ^ {g[Levels][W-2:0], 1'b0};
  end else begin : gen_sum1
    assign sum_o = p[0];
  end
  assign co_o = g[Levels][W-1];
endmodule
