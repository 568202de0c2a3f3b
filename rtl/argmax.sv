// argmax: index and value of the largest of N W-bit values, ties to the lowest index.
//
// Only entries with valid_i set take part. A tree whose nodes take up to Radix
// children each (Radix a power of two) and compare all pairs of them at once,
// so a level costs one W-bit compare (cmp_ge, log-depth), an AND of the
// siblings' results and one one-hot AND-OR select, and the tree is
// ceil(log_Radix N) levels deep. Radix trades area for delay (argmax 48 x 8 in
// osu018, docs/argmax.md): the default, 64, is one level up to 64 entries
// (all N(N-1)/2 pairs: 1128 comparators at N = 48, 2.03 ns, which fits the
// 0.7 P budget of constraints/argmax.sdc); Radix 8 is two levels at a sixth
// of the area (3.07 ns, which does not); Radix 2 is the binary tree.
// Child c wins its node when it is valid and beats every valid sibling:
// strictly larger than the ones below it, at least as large as the ones above
// it, which makes ties go to the lowest index.
//
// Example (N = 4, W = 4): vals_i = {4'd7, 4'd9, 4'd2, 4'd9} (entry 3 .. 0),
//   valid_i = 4'b1111 -> idx_o = 0, max_o = 9, valid_o = 1;
//   valid_i = 4'b1110 -> idx_o = 2, max_o = 9, valid_o = 1.
module argmax #(
  parameter int N = 8,                              // number of entries, >= 1
  parameter int W = 8,                              // bits per value, 1..64
  parameter int Radix = 64,                         // children per node (up to the next power of two, >= 2)
  localparam int IdxW = (N > 1) ? $clog2(N) : 1     // index width
) (
  input  logic [N-1:0]    valid_i,  // entry i takes part
  input  logic [N*W-1:0]  vals_i,   // entry i is vals_i[i*W +: W]
  output logic [IdxW-1:0] idx_o,    // index of the largest valid entry; 0 when none
  output logic [W-1:0]    max_o,    // its value; 0 when none
  output logic            valid_o   // some entry is valid
);
  localparam int RadixW = (Radix > 2) ? $clog2(Radix) : 1;    // log2 of the radix
  localparam int R      = 1 << RadixW;                        // children per node
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
      localparam int C = (NIn - o * R < R) ? NIn - o * R : R;   // its children
      logic [C-1:0]  v, win;
      logic [EW-1:0] cand [C];
      logic [EW-1:0] sel;
      for (genvar c = 0; c < C; c++) begin : gen_child
        assign cand[c] = lvl[k][(o * R + c) * EW +: EW];
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
      // One-hot select of the winner's index and value; all zeros when no
      // child is valid. The node is valid when a child is: an OR of the
      // children's valid bits, not a select behind the compares (which is the
      // same function, but ABC did not see it and kept valid_o the slowest
      // output).
      always_comb begin
        sel = '0;
        for (int c = 0; c < C; c++) sel = sel | ({EW{win[c]}} & cand[c]);
        sel[EW-1] = |v;
      end
      assign lvl[k+1][o*EW +: EW] = sel;
    end
    if (NOut < N) begin : gen_unused
      assign lvl[k+1][N*EW-1:NOut*EW] = '0;
    end
  end

  assign {valid_o, idx_o, max_o} = lvl[Levels][EW-1:0];
endmodule
