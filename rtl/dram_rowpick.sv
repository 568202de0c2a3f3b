// dram_rowpick: the row to open on the next row miss (Rule 1.2), picked a
// cycle ahead of the request from registered state only.
//
// Candidates are rows with reads queued, in a bank that was ready last cycle
// (bank_ready_q_i), not open now (their reads would be row hits, which Rule
// 1.1 serves first) and not the row picked last cycle (last_*_i: this
// cycle's decision may open it and take its read; picked again, it would
// leave the next decision a row with nothing left to send). The row score:
//   MSHR-S    the row's merge-length sum (dram_rowstore len_o);
//   MSHR-S+A  the row's aged sum (dram_rowstore score_o);
//   MSHR-M    the largest merge length in the row: the pick is the row of the
//             read with the largest merge length, over the read queue.
// One argmax serves all three (the policy is static): ties go to the lowest
// index, that is to the row allocated first (MSHR-S, -S+A) or the row of the
// oldest such read (MSHR-M). FCFS and FR-FCFS pick no row.
//
// Example (MSHR-S): store entries {A len 4}, {B len 5}, both banks ready,
//   no row open -> row B, score 5.
module dram_rowpick #(
  parameter int N     = 64,                                // read queue and store entries
  parameter int BankW = 4,                                 // bank index bits
  parameter int RowW  = 12,                                // row bits
  localparam int NumBanks = 1 << BankW,
  localparam int IdxW   = (N > 1) ? $clog2(N) : 1,
  localparam int AgeW   = 15,
  localparam int LenW   = 4,
  localparam int ScoreW = AgeW + ((N > 1) ? $clog2(N) : 0),
  localparam int SumW   = $clog2(16 * N + 1)
) (
  input  logic [2:0]               policy_i,       // 2 MSHR-M, 3 MSHR-S, 4 MSHR-S+A; others: no pick
  input  logic [N-1:0]             rd_valid_i,     // read queue entry i holds a read
  input  logic [N*BankW-1:0]       rd_bank_i,
  input  logic [N*RowW-1:0]        rd_row_i,
  input  logic [N*LenW-1:0]        rd_len_i,       // its merge length - 1
  input  logic [N-1:0]             rs_valid_i,     // store entry i holds a row
  input  logic [N*BankW-1:0]       rs_bank_i,
  input  logic [N*RowW-1:0]        rs_row_i,
  input  logic [N*ScoreW-1:0]      rs_score_i,     // its aged sum
  input  logic [N*SumW-1:0]        rs_len_i,       // its merge-length sum
  input  logic [NumBanks-1:0]      bank_ready_q_i, // last cycle's bank readiness
  input  logic [NumBanks-1:0]      open_valid_i,   // the open-row table
  input  logic [NumBanks*RowW-1:0] open_row_i,
  input  logic                     last_valid_i,   // the row picked last cycle
  input  logic [BankW-1:0]         last_bank_i,
  input  logic [RowW-1:0]          last_row_i,
  output logic                     valid_o,        // a row is picked
  output logic [BankW-1:0]         bank_o,
  output logic [RowW-1:0]          row_o,
  output logic [ScoreW-1:0]        score_o         // its row score
);
  logic              mshr_m, mshr_s, mshr_sa;
  logic [N-1:0]      valid, ready, open, last, cand;
  logic [N*BankW-1:0] bank;
  logic [N*RowW-1:0] row;
  logic [N*ScoreW-1:0] key;
  logic [IdxW-1:0]   idx;
  logic              any;

  assign mshr_m  = (policy_i == 3'd2);
  assign mshr_s  = (policy_i == 3'd3);
  assign mshr_sa = (policy_i == 3'd4);

  // The policy is static: these are configuration muxes, not on a path that changes.
  assign valid = mshr_m ? rd_valid_i : rs_valid_i;
  assign bank  = mshr_m ? rd_bank_i  : rs_bank_i;
  assign row   = mshr_m ? rd_row_i   : rs_row_i;
  for (genvar i = 0; i < N; i++) begin : gen_key
    assign key[i*ScoreW +: ScoreW] = mshr_m ? ScoreW'(rd_len_i[i*LenW +: LenW]) + 1'b1
                                   : mshr_s ? ScoreW'(rs_len_i[i*SumW +: SumW])
                                   :          rs_score_i[i*ScoreW +: ScoreW];
  end

  dram_hit #(.N(N), .BankW(BankW), .RowW(RowW)) u_hit (
    .valid_i      (valid),
    .bank_i       (bank),
    .row_i        (row),
    .bank_ready_i (bank_ready_q_i),
    .open_valid_i,
    .open_row_i,
    .elig_o       (ready),
    .hit_o        (open)
  );

  for (genvar i = 0; i < N; i++) begin : gen_last
    assign last[i] = last_valid_i && bank[i*BankW +: BankW] == last_bank_i && row[i*RowW +: RowW] == last_row_i;
  end

  assign cand = ready & ~open & ~last & {N{mshr_m | mshr_s | mshr_sa}};

  argmax #(.N(N), .W(ScoreW)) u_pick (
    .valid_i (cand),
    .vals_i  (key),
    .idx_o   (idx),
    .max_o   (score_o),
    .valid_o (any)
  );

  assign valid_o = any;

  logic [BankW-1:0] pick_bank;
  logic [RowW-1:0]  pick_row;
  idx_sel #(.N(N), .W(BankW)) u_bank (.data_i(bank), .idx_i(idx), .data_o(pick_bank));
  idx_sel #(.N(N), .W(RowW))  u_row  (.data_i(row),  .idx_i(idx), .data_o(pick_row));
  assign bank_o = any ? pick_bank : '0;
  assign row_o  = any ? pick_row  : '0;
endmodule
