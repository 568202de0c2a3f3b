// grp_best: in each group of G consecutive entries, the valid entry with the
// largest key, ties to the lowest index, as a one-hot bit per entry.
//
// Every pair of a group is compared once (cmp_ge), on the keys alone; validity enters
// only after the comparators, in one AND per entry: entry c wins its group
// when it is valid and beats every valid sibling (strictly larger than the
// siblings below it, at least as large as the ones above it). So a late
// valid_i costs an AND of G terms, not a comparison tree: the DRAM
// scheduler's shortlist stage (keys from registers, candidates late) and its
// choice stage (one group: an all-pairs argmax of the shortlist) use it.
// G = N makes one group: an argmax with a one-hot result.
//
// Example (N = 4, G = 2, W = 4): keys of entries 0..3 = 2, 9, 9, 7, all
//   valid: group 0 {2, 9} -> entry 1, group 1 {9, 7} -> entry 2:
//   win_o = 4'b0110, any_o = 2'b11. Entry 1 not valid: win_o = 4'b0101.
module grp_best #(
  parameter int N = 64,                            // entries, >= 1
  parameter int W = 15,                            // key bits, >= 1
  parameter int G = 8,                             // entries per group, >= 1
  localparam int NG = (N + G - 1) / G              // groups; the last may be short
) (
  input  logic [N-1:0]   valid_i,  // entry i takes part
  input  logic [N*W-1:0] key_i,    // entry i's key at [i*W +: W]
  output logic [N-1:0]   win_o,    // entry i is the best valid entry of its group
  output logic [NG-1:0]  any_o     // group g has a valid entry
);
  for (genvar g = 0; g < NG; g++) begin : gen_grp
    localparam int Lo = g * G;
    localparam int C  = (N - Lo < G) ? N - Lo : G;   // entries in this group
    if (C == 1) begin : gen_single
      // verilator lint_off UNUSEDSIGNAL
      logic unused;                                 // a lone entry wins on validity alone
      assign unused = ^key_i[Lo*W +: W];
      // verilator lint_on UNUSEDSIGNAL
      assign win_o[Lo] = valid_i[Lo];
    end else begin : gen_multi
      // ge[c][d] (c < d): entry c's key >= entry d's; each pair compared once.
      logic [C-1:0] ge [C];
      for (genvar c = 0; c < C; c++) begin : gen_row
        for (genvar d = 0; d < C; d++) begin : gen_col
          if (c < d) begin : gen_cmp
            cmp_ge #(.W(W)) u_ge (.a_i(key_i[(Lo+c)*W +: W]), .b_i(key_i[(Lo+d)*W +: W]), .ge_o(ge[c][d]));
          end else begin : gen_none
            assign ge[c][d] = 1'b0;
          end
        end
      end
      for (genvar c = 0; c < C; c++) begin : gen_ent
        logic [C-1:0] beats;                          // c beats sibling d, or d is not valid
        for (genvar d = 0; d < C; d++) begin : gen_pair
          if (d < c) begin : gen_below
            assign beats[d] = ~valid_i[Lo+d] | ~ge[d][c];   // strictly larger than a lower index
          end else if (d > c) begin : gen_above
            assign beats[d] = ~valid_i[Lo+d] | ge[c][d];    // at least as large as a higher index
          end else begin : gen_self
            assign beats[d] = valid_i[Lo+c];
          end
        end
        assign win_o[Lo+c] = &beats;
      end
    end
    assign any_o[g] = |valid_i[Lo +: C];
  end
endmodule
