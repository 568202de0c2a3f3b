// idx_sel: entry idx_i of N packed W-bit entries; 0 when idx_i >= N.
//
// An AND-OR select: each entry is gated by its own index compare and the
// gated entries are ORed. The OR is associative, so synthesis keeps it a
// balanced tree. The alternatives are worse: the part-select
// data_i[idx_i*W +: W] becomes a shifter 2 to 3 times as large, and a loop of
// "if (idx_i == i) data_o = data_i[i]" is a priority chain, which ABC maps as
// N stages of AOI/OAI when it is off ABC's own worst path (a 128-entry
// chain: 7 ns; docs/area.md). IdxW may be wider than clog2(N) (an index
// shared with a larger queue); an index past the last entry selects nothing.
//
// Example: N = 3, W = 4, data_i = {4'hc, 4'hb, 4'ha}, idx_i = 1 -> 4'hb.
module idx_sel #(
  parameter int N    = 4,                       // entries, >= 1
  parameter int W    = 1,                       // bits per entry
  parameter int IdxW = (N > 1) ? $clog2(N) : 1  // index bits
) (
  input  logic [N*W-1:0]  data_i,   // entry i at [i*W +: W]
  input  logic [IdxW-1:0] idx_i,    // the entry to select
  output logic [W-1:0]    data_o    // entry idx_i; 0 if idx_i >= N
);
  always_comb begin
    data_o = '0;
    for (int i = 0; i < N; i++)
      data_o = data_o | ({W{idx_i == IdxW'(i)}} & data_i[i*W +: W]);
  end
endmodule
