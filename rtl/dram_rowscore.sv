// dram_rowscore: the row with the largest row score, for a row miss (thesis
// Rule 1.2), computed from the queued reads every cycle.
//
// The row score is the largest request score among the row's reads (MSHR-M,
// max_mode_i) or their sum (MSHR-S, MSHR-S+A). Between rows with equal scores
// the row holding the oldest read (lowest index) wins. Only eligible reads
// take part; a row's reads share a bank, so a row is eligible as a whole.
//
// Nothing is stored: a same-row matrix (one comparator per pair of entries)
// gives each entry its row's sum (a balanced adder tree per entry), and an argmax over
// the entries, ties to the lowest index, picks the oldest read of a best row.
// MSHR-M needs no per-row maximum: the best row score is the largest request
// score V (the same argmax), and the best rows are those holding a read of
// score V; a priority encoder picks the one holding the oldest read.
// row_mask_o marks the reads of the chosen row.
//
// Example (sum): reads 0: row A score 4, 1: row B score 3, 2: row B score 2
//   -> row sums {4, 5, 5}: idx_o = 1 (row B), score_o = 5, row_mask_o = 3'b110;
//   max mode: V = 4 -> idx_o = 0 (row A), score_o = 4, row_mask_o = 3'b001.
module dram_rowscore #(
  parameter int N      = 64,                           // entries, >= 1
  parameter int BankW  = 4,                            // bank index bits
  parameter int RowW   = 12,                           // row bits
  parameter int KeyW   = 15,                           // request score bits
  parameter int ScoreW = KeyW + ((N > 1) ? $clog2(N) : 0),  // row score bits (no overflow)
  localparam int IdxW  = (N > 1) ? $clog2(N) : 1       // entry index width
) (
  input  logic [N-1:0]        elig_i,     // entry i takes part
  input  logic [N*BankW-1:0]  bank_i,     // entry i's bank
  input  logic [N*RowW-1:0]   row_i,      // entry i's row
  input  logic [N*KeyW-1:0]   key_i,      // entry i's request score
  input  logic                max_mode_i, // row score = largest request score (else the sum)
  output logic                valid_o,    // some entry is eligible
  output logic [IdxW-1:0]     idx_o,      // the oldest read of the chosen row
  output logic [ScoreW-1:0]   score_o,    // the chosen row's score
  output logic [N-1:0]        row_mask_o  // entry j is in the chosen row
);
  logic [N-1:0]        same [N];           // same[i][j]: entries i and j share bank and row
  logic [N*ScoreW-1:0] am_vals;             // argmax input: row sums, or request scores in max mode
  logic [IdxW-1:0]     am_idx, pe_idx;
  logic [ScoreW-1:0]   am_max;
  logic [N-1:0]        top, cand;           // max mode: reads of score V; reads in a row holding one
  logic                pe_valid;

  logic [BankW+RowW-1:0] br [N];        // entry i's {bank, row}
  for (genvar i = 0; i < N; i++) begin : gen_br
    assign br[i] = {bank_i[i*BankW +: BankW], row_i[i*RowW +: RowW]};
  end

  always_comb begin
    for (int i = 0; i < N; i++) begin
      same[i][i] = 1'b1;
      for (int j = i + 1; j < N; j++) begin
        same[i][j] = (br[i] == br[j]);
        same[j][i] = same[i][j];
      end
    end
  end

  // Per entry, the sum of the keys of the eligible reads in its row, as a
  // balanced tree of adders (depth log2(N)), computed in place in t.
  localparam int Levels = (N > 1) ? $clog2(N) : 0;
  localparam int Leaves = 1 << Levels;
  logic [KeyW-1:0]   key [N];
  logic [ScoreW-1:0] sum [N];
  logic [ScoreW-1:0] t [2*Leaves-1];
  always_comb begin
    for (int j = 0; j < N; j++) key[j] = key_i[j*KeyW +: KeyW];
    for (int i = 0; i < N; i++) begin
      for (int j = 0; j < N; j++)
        t[Leaves-1+j] = (same[i][j] && elig_i[j]) ? ScoreW'(key[j]) : '0;
      for (int j = N; j < Leaves; j++)
        t[Leaves-1+j] = '0;
      for (int k = Leaves - 2; k >= 0; k--)
        t[k] = t[2*k+1] + t[2*k+2];
      sum[i] = t[0];
    end
  end

  for (genvar i = 0; i < N; i++) begin : gen_entry
    assign am_vals[i*ScoreW +: ScoreW] = max_mode_i ? ScoreW'(key[i]) : sum[i];
    assign top[i]  = elig_i[i] & (ScoreW'(key[i]) == am_max);
    assign cand[i] = elig_i[i] & |(same[i] & top);
  end

  argmax #(.N(N), .W(ScoreW)) u_best (
    .valid_i (elig_i),
    .vals_i  (am_vals),
    .idx_o   (am_idx),
    .max_o   (am_max),
    .valid_o
  );

  prio_enc #(.N(N)) u_oldest_row (
    .req_i   (cand),
    .idx_o   (pe_idx),
    .valid_o (pe_valid)
  );

  assign idx_o      = max_mode_i ? pe_idx : am_idx;
  assign score_o    = am_max;
  assign row_mask_o = same[idx_o] & elig_i;

  // pe_valid equals valid_o (an eligible read of score V exists when any is eligible).
  logic unused;
  assign unused = pe_valid;
endmodule
