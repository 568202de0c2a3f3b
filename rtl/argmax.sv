// argmax: index and value of the largest of N W-bit values, ties to the lowest index.
//
// Only entries with valid_i set take part. A tree of radix Radix (8): each
// node compares all pairs of its (up to) eight children at once, so a level
// costs one W-bit compare (cmp_ge, log-depth), an AND of the seven results and
// one 8:1 AND-OR select, and the tree is ceil(log8 N) levels deep (two at
// N = 48) instead of log2 N compare-then-select levels (argmax 48 x 8 in
// osu018: 3.07 ns, against 6.78 ns for the binary tree and 4.11 ns for
// radix 4 with inferred compares; 28 comparators per node; docs/argmax.md).
// Child c wins its node when it is valid and beats every valid sibling:
// strictly larger than the ones below it, at least as large as the ones above
// it, which makes ties go to the lowest index. Used by MRPB's longest-first
// drain (queue lengths).
//
// Example (N = 4, W = 4): vals_i = {4'd7, 4'd9, 4'd2, 4'd9} (entry 3 .. 0),
//   valid_i = 4'b1111 -> idx_o = 0, max_o = 9, valid_o = 1;
//   valid_i = 4'b1110 -> idx_o = 2, max_o = 9, valid_o = 1.
module argmax #(
  parameter int N = 8,                              // number of entries, >= 1
  parameter int W = 8,                              // bits per value, 1..64
  localparam int IdxW = (N > 1) ? $clog2(N) : 1     // index width
) (
  input  logic [N-1:0]    valid_i,  // entry i takes part
  input  logic [N*W-1:0]  vals_i,   // entry i is vals_i[i*W +: W]
  output logic [IdxW-1:0] idx_o,    // index of the largest valid entry; 0 when none
  output logic [W-1:0]    max_o,    // its value; 0 when none
  output logic            valid_o   // some entry is valid
);
  localparam int RadixW = 3;                                  // log2 of the radix (8)
  localparam int Radix  = 1 << RadixW;
  localparam int Levels = (N > 1) ? ($clog2(N) + RadixW - 1) / RadixW : 0;
  localparam int EW     = 1 + IdxW + W;                       // a candidate: {valid, index, value}

  // Level k holds ceil(N / 8^k) candidates; level 0 is the entries.
  logic [N*EW-1:0] lvl [Levels+1] /* verilator split_var */;

  // An invalid candidate never wins a node, so its value need not be zero;
  // with a single entry there is no node, and the leaf is the result.
  for (genvar i = 0; i < N; i++) begin : gen_leaf
    if (N > 1) begin : gen_entry
      assign lvl[0][i*EW +: EW] = {valid_i[i], IdxW'(i), vals_i[i*W +: W]};
    end else begin : gen_only
      assign lvl[0][i*EW +: EW] = {valid_i[i], IdxW'(i), valid_i[i] ? vals_i[i*W +: W] : W'(0)};
    end
  end

  for (genvar k = 0; k < Levels; k++) begin : gen_level
    localparam int NIn  = (N + (1 << (RadixW * k)) - 1) >> (RadixW * k);
    localparam int NOut = (N + (1 << (RadixW * (k + 1))) - 1) >> (RadixW * (k + 1));
    for (genvar o = 0; o < NOut; o++) begin : gen_node
      localparam int C = (NIn - o * Radix < Radix) ? NIn - o * Radix : Radix;   // its children
      logic [C-1:0]  v, win;
      logic [EW-1:0] cand [C];
      logic [EW-1:0] sel;
      for (genvar c = 0; c < C; c++) begin : gen_child
        assign cand[c] = lvl[k][(o * Radix + c) * EW +: EW];
        assign v[c]    = cand[c][EW-1];
      end
      for (genvar c = 0; c < C; c++) begin : gen_win
        logic [C-1:0] beats;                                    // c beats sibling d (or d is empty)
        for (genvar d = 0; d < C; d++) begin : gen_pair
          if (d < c) begin : gen_below
            logic ge;                                          // d >= c: c does not beat d
            cmp_ge #(.W(W)) u_ge (.a_i(cand[d][W-1:0]), .b_i(cand[c][W-1:0]), .ge_o(ge));
            assign beats[d] = ~v[d] | ~ge;
          end else if (d > c) begin : gen_above
            logic ge;
            cmp_ge #(.W(W)) u_ge (.a_i(cand[c][W-1:0]), .b_i(cand[d][W-1:0]), .ge_o(ge));
            assign beats[d] = ~v[d] | ge;
          end else begin : gen_self
            assign beats[d] = v[c];
          end
        end
        assign win[c] = &beats;
      end
      // One-hot select; all zeros (an invalid candidate) when no child is valid.
      always_comb begin
        sel = '0;
        for (int c = 0; c < C; c++) sel = sel | ({EW{win[c]}} & cand[c]);
      end
      assign lvl[k+1][o*EW +: EW] = sel;
    end
    if (NOut < N) begin : gen_unused
      assign lvl[k+1][N*EW-1:NOut*EW] = '0;
    end
  end

  assign {valid_o, idx_o, max_o} = lvl[Levels][EW-1:0];
endmodule
