// dram_rd_sel: the read to schedule this cycle under the configured policy.
//
//   FCFS      the oldest eligible read;
//   FR-FCFS   the oldest eligible row hit, else the oldest eligible read;
//   MSHR-*    Rule 1: among eligible row hits the largest request score; with
//             no hit, the largest request score among the eligible reads of
//             the row picked last cycle (dram_rowpick: the row with the
//             largest row score); nothing if it has none.
// Request score: merge length (MSHR-M, MSHR-S) or age (MSHR-S+A); FCFS and
// FR-FCFS use none, so one argmax over the candidate set (ties to the oldest)
// serves every policy. Policy values 5..7 act as FCFS.
//
// The caller leaves the read granted last cycle out of valid_i: it leaves now.
//
// Example (MSHR-S, no open rows, row B picked with score 5): reads 0: row A
//   length 4, 1: row B length 3, 2: row B length 2 -> read 1 (3 > 2):
//   why_o = ROW, score_o = 3, rowscore_o = 5.
module dram_rd_sel #(
  parameter int N     = 64,                          // read queue entries
  parameter int BankW = 4,                           // bank index bits
  parameter int RowW  = 12,                          // row bits
  localparam int NumBanks = 1 << BankW,
  localparam int IdxW   = (N > 1) ? $clog2(N) : 1,
  localparam int AgeW   = 15,
  localparam int LenW   = 4,
  localparam int ScoreW = AgeW + ((N > 1) ? $clog2(N) : 0)
) (
  input  logic [2:0]               policy_i,      // 0 FCFS, 1 FR-FCFS, 2 MSHR-M, 3 MSHR-S, 4 MSHR-S+A
  input  logic [N-1:0]             valid_i,       // entry i holds a read
  input  logic [N*BankW-1:0]       bank_i,        // entry i's bank
  input  logic [N*RowW-1:0]        row_i,         // entry i's row
  input  logic [N*LenW-1:0]        len_i,         // entry i's merge length - 1
  input  logic [N*AgeW-1:0]        age_i,         // entry i's age
  input  logic [NumBanks-1:0]      bank_ready_i,  // bank b takes a request now
  input  logic [NumBanks-1:0]      open_valid_i,  // bank b has an open row
  input  logic [NumBanks*RowW-1:0] open_row_i,    // bank b's open row
  input  logic                     rp_valid_i,    // the row picked last cycle (MSHR-*)
  input  logic [BankW-1:0]         rp_bank_i,
  input  logic [RowW-1:0]          rp_row_i,
  input  logic [ScoreW-1:0]        rp_score_i,    // its row score
  output logic                     valid_o,       // a read is chosen
  output logic [IdxW-1:0]          idx_o,         // its entry
  output logic                     hit_o,         // it hits its bank's open row
  output logic [2:0]               why_o,         // 0 none, 1 oldest, 2 hit, 3 row score
  output logic [AgeW-1:0]          score_o,       // its request score (0 for FCFS, FR-FCFS)
  output logic [ScoreW-1:0]        rowscore_o     // why_o = 3: the chosen row's score; else 0
);
  localparam logic [2:0] WhyNone = 3'd0, WhyOldest = 3'd1, WhyHit = 3'd2, WhyRow = 3'd3;

  logic [N-1:0]      elig, hit, row_mask, cand;
  logic [N*AgeW-1:0] key;
  logic              fr, mshr, mshr_m, mshr_sa, any_hit;

  assign fr      = (policy_i == 3'd1);
  assign mshr_m  = (policy_i == 3'd2);
  assign mshr_sa = (policy_i == 3'd4);
  assign mshr    = mshr_m | (policy_i == 3'd3) | mshr_sa;
  assign any_hit = |hit;

  for (genvar i = 0; i < N; i++) begin : gen_key
    assign key[i*AgeW +: AgeW] = mshr_sa ? age_i[i*AgeW +: AgeW]
                               : mshr    ? AgeW'(len_i[i*LenW +: LenW]) + 1'b1
                               :           '0;
  end

  dram_hit #(.N(N), .BankW(BankW), .RowW(RowW)) u_hit (
    .valid_i,
    .bank_i,
    .row_i,
    .bank_ready_i,
    .open_valid_i,
    .open_row_i,
    .elig_o (elig),
    .hit_o  (hit)
  );

  // The reads of the picked row (a registered compare).
  for (genvar i = 0; i < N; i++) begin : gen_row
    assign row_mask[i] = elig[i] & rp_valid_i & (bank_i[i*BankW +: BankW] == rp_bank_i)
                       & (row_i[i*RowW +: RowW] == rp_row_i);
  end

  // The candidates: row hits first (FR-FCFS, MSHR-*), else the chosen row (MSHR-*), else all.
  assign cand = ((fr | mshr) & any_hit) ? hit
              : mshr                    ? row_mask
              :                           elig;

  argmax #(.N(N), .W(AgeW)) u_pick (
    .valid_i (cand),
    .vals_i  (key),
    .idx_o,
    .max_o   (score_o),
    .valid_o
  );

  assign hit_o      = valid_o & hit[idx_o];
  assign why_o      = !valid_o                 ? WhyNone
                    : ((fr | mshr) & any_hit)  ? WhyHit
                    : mshr                     ? WhyRow
                    :                            WhyOldest;
  assign rowscore_o = (why_o == WhyRow) ? rp_score_i : '0;
endmodule
