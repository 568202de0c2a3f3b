// cnt_ge: whether at least K bits of in_i are set, without counting them:
// a tree of saturating thermometer counts. Each node holds K bits, bit k
// meaning "at least k + 1 set below me"; two nodes merge as
// t[k] = a[k] | b[k] | OR over i + j = k - 1 of (a[i] & b[j]), so log2(N)
// levels of small AND-OR, where a popcount and a compare would be adders.
//
// Example (N = 8, K = 2): in_i = 8'b0001_0000 -> ge_o = 0; 8'b0100_0100 -> 1.
//
// Simulation body: with FAST_SIM_PRIMS (the blocks' Verilated models) a
// count and a compare, as in rtl/popcnt.sv; the tree is proved equal to it at
// every size a built parameter set instantiates (docs/formal.md,
// "Simulation bodies").
module cnt_ge #(
  parameter int N = 8,                          // bits, >= 1
  parameter int K = 2,                          // threshold, >= 1
  localparam int Levels = (N > 1) ? $clog2(N) : 0,
  // (not read by the simulation body)
  // verilator lint_off UNUSEDPARAM
  localparam int P = 1 << Levels                // leaves, N padded to a power of two
  // verilator lint_on UNUSEDPARAM
) (
  input  logic [N-1:0] in_i,                    // bits
  output logic         ge_o                     // at least K of them set
);
`ifdef FAST_SIM_PRIMS
  assign ge_o = $countones(in_i) >= K;   // the simulation body (see above)
`else
  // verilator tracing_off
  // Node n of the current level at t[n*K +: K]; a level halves the nodes
  // in place (node n from nodes 2n and 2n + 1 of the level below).
  logic [P*K-1:0] t;
  always_comb begin
    logic [K-1:0] a, b, m;
    t = '0;
    for (int n = 0; n < N; n++) t[n*K] = in_i[n];
    for (int l = 0; l < Levels; l++) begin
      for (int n = 0; n < (P >> (l + 1)); n++) begin
        a = t[(2*n)*K +: K];
        b = t[(2*n+1)*K +: K];
        m = a | b;
        for (int k = 1; k < K; k++) begin
          for (int i = 0; i < k; i++) m[k] = m[k] | (a[i] & b[k-1-i]);
        end
        t[n*K +: K] = m;
      end
    end
  end
  assign ge_o = t[K-1];
`endif
endmodule
