// dram_sched: the request scheduler of one DRAM channel with the
// controller-side Merge Information Buffer (Li, "Inter-core Locality Aware
// Memory Access Scheduling", UBC thesis, chapters 2.3 and 4).
//
// A read queue whose entries carry the MIB fields (dram_rdq: block address,
// merge length, age), a write queue (cqueue), both in arrival order; a
// row-score store (dram_rowstore: per row with reads queued, its merge-length
// sum and aged sum, kept incrementally); a write-drain state between two
// watermarks; the row last chosen for each bank (the open-row table).
//
// The decision is pipelined to meet the DRAM controller's clock
// (docs/dram_sched.md, "Pipeline"):
//   * shortlist (dram_slist): on this cycle's queues, last cycle's bank_ready_i
//     (registered at the input) and row picked last, leaving out the request shown now and the one chosen now,
//     with the row hits as this cycle's choice leaves the open rows: the best
//     candidate of every group of 8 entries, per class (read hits, reads of
//     the picked row or all reads, write hits, all writes), registered;
//   * choice: from last cycle's shortlist, the best of the groups' bests
//     (grp_best over the groups) -- in write drain of the writes, otherwise of
//     the reads -- registered as the grant; a row miss opens its row at once;
//   * grant: next cycle sched_* show it and it leaves its queue (and its row's
//     store entry).
// The row to open on a row miss (MSHR-*) goes through the same two stages
// over the row-score store (or the reads' merge lengths, MSHR-M): the row
// picked now is left out of the snapshot, and a cycle with nothing
// shortlisted keeps the last pick. A dummy is registered at the input and
// searched the next cycle (dm_drop_o then); it updates its read in that
// cycle and the read's row-score entry a cycle later. New requests enter when there was
// room at the start of the cycle, and every read ages by its merge length.
// The policy is static: it may change only while rst_ni is low.
// bank_ready_i is registered at the input (its 16 bits fan out to every
// queue and store entry): bank_ready_i[b] must leave room in bank b's
// command queue for a request shortlisted next cycle, chosen the cycle after
// and handed over the cycle after that, besides the ones in flight.
//
// Write drain: entered when the write count reaches HighWM, or the read queue
// is empty and the write queue is not; left when the write count is at most
// LowWM and a read is waiting, or the write queue is empty.
//
// Example (FR-FCFS, bank 0's open row 5, bank 0 ready): reads R0 (bank 0
//   row 7), R1 (bank 0 row 5) queued at cycle t -> both shortlisted at t, R1
//   chosen at t + 1 (row hit) and shown at t + 2 with why 2; R0, shortlisted
//   again at t + 1, is chosen at t + 2 and shown at t + 3 with why 1.
module dram_sched #(
  parameter int RdQ    = 64,                                  // read queue entries, 1..128
  parameter int WrQ    = 128,                                 // write queue entries, 1..128
  parameter int HighWM = 96,                                  // enter write drain at this write count
  parameter int LowWM  = 80,                                  // leave it at or below, < HighWM
  parameter int BankW  = 4,                                   // bank index bits (16 banks)
  parameter int RowW   = 12,                                  // row bits (4096 rows)
  parameter int AddrW  = 24,                                  // block address bits
  localparam int NumBanks = 1 << BankW,
  localparam int RIdxW  = (RdQ > 1) ? $clog2(RdQ) : 1,
  localparam int WIdxW  = (WrQ > 1) ? $clog2(WrQ) : 1,
  localparam int RCntW  = $clog2(RdQ + 1),
  localparam int WCntW  = $clog2(WrQ + 1),
  localparam int AgeW   = 15,
  localparam int LenW   = 4,
  localparam int ScoreW = AgeW + ((RdQ > 1) ? $clog2(RdQ) : 0)
) (
  input  logic                     clk_i,            // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                     rst_ni,           // asynchronous reset, active low
  // verilator lint_on SYNCASYNCNET
  input  logic [2:0]               policy_i,         // 0 FCFS, 1 FR-FCFS, 2 MSHR-M, 3 MSHR-S, 4 MSHR-S+A
  // a new read (an L2 miss)
  input  logic                     rd_valid_i,       // a read
  input  logic [AddrW-1:0]         rd_addr_i,        // its block address
  input  logic [BankW-1:0]         rd_bank_i,        // its bank
  input  logic [RowW-1:0]          rd_row_i,         // its row
  input  logic [AgeW-1:0]          rd_age_i,         // its age on arrival
  output logic                     rd_ready_o,       // taken: the read queue had room
  // a new write
  input  logic                     wr_valid_i,       // a write
  input  logic [AddrW-1:0]         wr_addr_i,        // its block address
  input  logic [BankW-1:0]         wr_bank_i,        // its bank
  input  logic [RowW-1:0]          wr_row_i,         // its row
  output logic                     wr_ready_o,       // taken: the write queue had room
  // a dummy request (MIB update from the L2)
  input  logic                     dm_valid_i,       // a dummy
  input  logic [AddrW-1:0]         dm_addr_i,        // the block address of the queued read
  input  logic [LenW-1:0]          dm_len_i,         // its merge length - 1
  input  logic [AgeW-1:0]          dm_age_i,         // age to add
  output logic                     dm_ready_o,       // always 1: a dummy is always taken (registered)
  output logic                     dm_drop_o,        // last cycle's dummy matches no queued read (dropped)
  // the command engine
  input  logic [NumBanks-1:0]      bank_ready_i,     // bank b's command queue takes a request
  output logic                     sched_valid_o,    // a request is scheduled this cycle
  output logic                     sched_write_o,    // it is a write
  output logic [AddrW-1:0]         sched_addr_o,     // its block address
  output logic [BankW-1:0]         sched_bank_o,     // its bank
  output logic [RowW-1:0]          sched_row_o,      // its row
  // decisions, for traces and waveforms
  output logic                     sched_hit_o,      // it hits its bank's open row
  output logic [2:0]               sched_why_o,      // 0 none, 1 oldest read, 2 read hit, 3 read by
                                                     // row score, 4 write hit, 5 oldest write
  output logic [AgeW-1:0]          sched_score_o,    // its request score (MSHR-*); 0 otherwise
  output logic [ScoreW-1:0]        sched_rowscore_o, // why 3: the chosen row's score; 0 otherwise
  output logic                     drain_o,          // write drain this cycle
  output logic [RCntW-1:0]         rd_count_o,       // reads queued
  output logic [WCntW-1:0]         wr_count_o,       // writes queued
  output logic [NumBanks-1:0]      open_valid_o,     // bank b has been sent a request
  output logic [NumBanks*RowW-1:0] open_row_o        // the row last sent to bank b
);
  localparam int WW    = AddrW + BankW + RowW + 1;            // write entry: {addr, bank, row, hq}
  localparam int SumW  = $clog2(16 * RdQ + 1);
  localparam int GIdxW = (RIdxW > WIdxW) ? RIdxW : WIdxW;
  localparam int Grp   = 8;                                   // shortlist group size
  localparam int NGR   = (RdQ + Grp - 1) / Grp;               // read (and row) groups
  localparam int NGW   = (WrQ + Grp - 1) / Grp;               // write groups
  localparam int RPW   = RIdxW + 1 + BankW + RowW;            // read payload {index, hit, bank, row}
  localparam int WPW   = WIdxW + 1 + BankW + RowW;            // write payload
  localparam int XPW   = BankW + RowW;                        // row payload {bank, row}
  localparam logic [2:0] WhyOldest = 3'd1, WhyHit = 3'd2, WhyRow = 3'd3, WhyWHit = 3'd4, WhyWOldest = 3'd5;

  logic fcfs, fr, mshr_m, mshr_s, mshr_sa, mshr;
  assign fr      = (policy_i == 3'd1);
  assign mshr_m  = (policy_i == 3'd2);
  assign mshr_s  = (policy_i == 3'd3);
  assign mshr_sa = (policy_i == 3'd4);
  assign mshr    = mshr_m | mshr_s | mshr_sa;
  assign fcfs    = ~fr & ~mshr;                               // 0 and 5..7

  // --- queues -----------------------------------------------------------------
  logic [RdQ-1:0]       rd_valid, rd_hq, rd_hq_upd;
  logic [RdQ*AddrW-1:0] rd_addr;
  logic [RdQ*BankW-1:0] rd_bank;
  logic [RdQ*RowW-1:0]  rd_row;
  logic [RdQ*LenW-1:0]  rd_len;
  logic [RdQ*AgeW-1:0]  rd_age;
  logic [RCntW-1:0]     rd_count;
  logic                 rd_push, rd_push_hq;
  logic [WrQ-1:0]       wr_valid, wr_hq, wr_hq_upd;
  logic [WrQ*WW-1:0]    wr_data, wr_upd;
  logic [WrQ*AddrW-1:0] wr_addr;
  logic [WrQ*BankW-1:0] wr_bank;
  logic [WrQ*RowW-1:0]  wr_row;
  logic [WCntW-1:0]     wr_count;
  logic                 wr_full, wr_push_hq;
  logic                 dm_match;
  // The dummy, registered at the input: it is searched the cycle after it
  // is given, from the queue entries' address-compare flags, which each
  // entry set in the cycle it was given (dram_rdq).
  logic                 dm_valid_q;
  logic [LenW-1:0]      dm_len_q;
  logic [AgeW-1:0]      dm_age_q;
  logic [BankW-1:0]     dm_bank;
  logic [RowW-1:0]      dm_row;
  logic [LenW-1:0]      dm_len_old;

  // --- the grant: the request chosen last cycle, leaving now ----------------------
  logic                 g_valid_q, g_write_q, g_hit_q;
  logic [GIdxW-1:0]     g_idx_q;
  logic [2:0]           g_why_q;
  logic [ScoreW-1:0]    g_rowscore_q;
  logic [BankW-1:0]     g_bank_q;            // its bank and row (from the shortlist's payload)
  logic [RowW-1:0]      g_row_q;
  logic [RdQ-1:0]       g_rd_oh_q;           // the read queue entry it holds, one-hot (0 for a write)
  logic                 g_rd, g_wr;          // it is a read / a write
  logic                 rd_left_q;           // a read left at the last edge (its store entry is freed now)
  logic                 wr_left_q;           // a write left at the last edge
  logic [GIdxW-1:0]     l_idx_q;             // the index it left from
  logic [RdQ-1:0]       g_rd_mask;           // the read queue entry it holds
  logic [WrQ-1:0]       g_wr_mask;
  logic [WrQ-1:0]       g_wr_oh_q, g_wr_oh_d; // the write queue entry it holds, one-hot (0 for a read)

  // --- the row pick and the dummy, registered ---------------------------------------
  logic                 rp_valid_q, rp_valid_d;
  logic [BankW-1:0]     rp_bank_q, rp_bank_d;
  logic [RowW-1:0]      rp_row_q, rp_row_d;
  logic [ScoreW-1:0]    rp_score_q, rp_score_d;
  logic                 sl_rp_valid_q;       // the row pick the read shortlist used
  logic [ScoreW-1:0]    sl_rp_score_q;
  logic                 du_valid_q;
  logic [BankW-1:0]     du_bank_q;
  logic [RowW-1:0]      du_row_q;
  logic [AgeW-1:0]      du_age_q;
  logic [LenW-1:0]      du_new_q, du_old_q;

  // --- the row-score store ----------------------------------------------------------
  logic [RdQ-1:0]        rs_valid, rs_open, rs_open_upd;
  logic [RdQ*BankW-1:0]  rs_bank;
  logic [RdQ*RowW-1:0]   rs_row;
  logic [RdQ*ScoreW-1:0] rs_score;
  logic [RdQ*SumW-1:0]   rs_len;

  // --- open-row table -------------------------------------------------------------
  logic [NumBanks-1:0]      open_valid;
  logic [NumBanks*RowW-1:0] open_row;

  logic drain_q, drain_d;              // drain_q: this cycle's drain state, decided last cycle

  // bank_ready_i, registered at the input: the shortlist's eligibility starts
  // from flip-flops (at 0.2 P and ~250 loads a bit, the input was the start of
  // the worst paths; issue 12). Reset: no bank ready.
  logic [NumBanks-1:0] br_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) br_q <= '0;
    else         br_q <= bank_ready_i;
  end

  assign g_rd = g_valid_q & ~g_write_q;
  assign g_wr = g_valid_q & g_write_q;
  assign g_rd_mask = g_rd_oh_q;
  assign g_wr_mask = g_wr_oh_q;

  assign rd_push = rd_valid_i & rd_ready_o;

  dram_rdq #(.N(RdQ), .AddrW(AddrW), .BankW(BankW), .RowW(RowW)) u_rdq (
    .clk_i,
    .rst_ni,
    .rd_valid_i,
    .rd_addr_i,
    .rd_bank_i,
    .rd_row_i,
    .rd_age_i,
    .rd_ready_o,
    .hold_i     (rd_left_q),
    .dm_pre_addr_i (dm_addr_i),
    .dm_valid_i (dm_valid_q),
    .dm_len_i   (dm_len_q),
    .dm_age_i   (dm_age_q),
    .dm_drop_o,
    .dm_match_o (dm_match),
    .dm_bank_o  (dm_bank),
    .dm_row_o   (dm_row),
    .dm_len_o   (dm_len_old),
    .pop_i      (g_rd),
    .pop_idx_i  (RIdxW'(g_idx_q)),
    .pop_oh_i   (g_rd_oh_q),
    .hq_upd_i   (rd_hq_upd),
    .push_hq_i  (rd_push_hq),
    .hq_o       (rd_hq),
    .valid_o    (rd_valid),
    .addr_o     (rd_addr),
    .bank_o     (rd_bank),
    .row_o      (rd_row),
    .len_o      (rd_len),
    .age_o      (rd_age),
    .count_o    (rd_count)
  );

  assign wr_ready_o = ~wr_full;

  cqueue #(.N(WrQ), .W(WW)) u_wrq (
    .clk_i,
    .rst_ni,
    .push_i      (wr_push),
    .push_data_i ({wr_addr_i, wr_bank_i, wr_row_i, wr_push_hq}),
    .pop_i       (g_wr),
    .pop_idx_i   (WIdxW'(g_idx_q)),
    .upd_i       (wr_upd),
    .data_o      (wr_data),
    .valid_o     (wr_valid),
    .count_o     (wr_count),
    .full_o      (wr_full)
  );

  for (genvar i = 0; i < WrQ; i++) begin : gen_wr_fields
    assign {wr_addr[i*AddrW +: AddrW], wr_bank[i*BankW +: BankW], wr_row[i*RowW +: RowW], wr_hq[i]} = wr_data[i*WW +: WW];
    assign wr_upd[i*WW +: WW] = {wr_data[i*WW+1 +: WW-1], wr_hq_upd[i]};
  end

  // --- the granted entry's fields ---------------------------------------------------
  // Its bank and row were registered with it; the read's address, merge length
  // and age (which a dummy may have changed since) are an AND-OR select by the
  // one-hot register, so the row-score store's departure term starts from
  // flip-flops and one OR tree. The write's address: an equality select.
  logic [AddrW-1:0] g_rd_addr, g_wr_addr;
  logic [LenW-1:0]  g_rd_len;
  logic [AgeW-1:0]  g_rd_age;
  oh_sel #(.N(RdQ), .W(AddrW)) u_g_rd_addr (.data_i(rd_addr), .sel_i(g_rd_oh_q), .data_o(g_rd_addr));
  oh_sel #(.N(RdQ), .W(LenW))  u_g_rd_len  (.data_i(rd_len),  .sel_i(g_rd_oh_q), .data_o(g_rd_len));
  oh_sel #(.N(RdQ), .W(AgeW))  u_g_rd_age  (.data_i(rd_age),  .sel_i(g_rd_oh_q), .data_o(g_rd_age));
  idx_sel #(.N(WrQ), .W(AddrW), .IdxW(GIdxW)) u_g_wr_addr (.data_i(wr_addr), .idx_i(g_idx_q), .data_o(g_wr_addr));

  // --- write drain (on the counts at the start of the cycle) --------------------------
  // The state depends on registers only (the counts and itself), so it is
  // decided a cycle ahead on the counts the queues will have after this edge
  // and registered: the choice reads a flip-flop, not count compares.
  function automatic logic drain_next(input logic state, input logic [RCntW-1:0] rd_n, input logic [WCntW-1:0] wr_n);
    if (state) drain_next = !((wr_n <= WCntW'(LowWM) && rd_n != '0) || wr_n == '0);
    else       drain_next = (wr_n >= WCntW'(HighWM)) || (rd_n == '0 && wr_n != '0);
  endfunction
  logic [RCntW-1:0] rd_count_n;         // the counts after this edge
  logic [WCntW-1:0] wr_count_n;
  assign rd_count_n = rd_count + RCntW'(rd_push) - RCntW'(g_rd);
  logic             wr_push;
  assign wr_push    = wr_valid_i & ~wr_full;
  assign wr_count_n = wr_count + WCntW'(wr_push) - WCntW'(g_wr);
  assign drain_d    = drain_q;

  // === choice: the best of last cycle's shortlist =====================================
  // Read classes: p = row hits (FCFS: every eligible read), f = FR-FCFS every
  // eligible read, MSHR-* the eligible reads of the picked row. Writes: p = row
  // hits, f = every eligible write (keys 0: the oldest).
  logic [NGR-1:0]        srp_v, srf_v, srp_win, srf_win;
  logic [NGR*AgeW-1:0]   srp_key, srf_key;
  logic [NGR*RPW-1:0]    srp_pay, srf_pay;
  logic [RPW-1:0]        srp_first_d, srf_first_d; // now: the first shortlisting group's payload (dram_frow)
  logic                  srp_any_d, srf_any_d;
  logic [RdQ-1:0]        srp_wins, srf_wins;       // the entries shortlisted (dram_qfold)
  logic [NGR-1:0]        srp_fgrp, srf_fgrp;       // the first shortlisting group, registered (FirstQ)
  logic [NGR-1:0]        sx_fgrp;                  // not used (FirstQ = 0)
  logic [NGR-1:0]        rp_sel, rf_sel;           // the group chosen, per class
  logic [NGW-1:0]        swp_v, swf_v, swp_win, swf_win;
  logic [NGW-1:0]        swp_key, swf_key;
  logic [NGW*WPW-1:0]    swp_pay, swf_pay;
  logic [WPW-1:0]        swp_first_d, swf_first_d;
  logic                  swp_any_d, swf_any_d;
  logic [WrQ-1:0]        swp_wins, swf_wins;
  logic                  rp_any, rf_any, wp_any, wf_any;

  grp_best #(.N(NGR), .W(AgeW), .G(NGR)) u_pick_rp (.valid_i(srp_v), .key_i(srp_key), .win_o(srp_win), .any_o(rp_any));
  grp_best #(.N(NGR), .W(AgeW), .G(NGR)) u_pick_rf (.valid_i(srf_v), .key_i(srf_key), .win_o(srf_win), .any_o(rf_any));
  // Under FCFS and FR-FCFS every read key is 0, so the best group is the
  // first shortlisting one, which the shortlist registered (fgrp_o): the
  // key compares are used only under MSHR-*. With the policy static, each
  // policy's paths are timed on their own (constraints/dram_sched.sdc), and
  // these selects keep the compares off FCFS's and FR-FCFS's paths.
  assign rp_sel = mshr ? srp_win : srp_fgrp;
  assign rf_sel = mshr ? srf_win : srf_fgrp;
  // Writes go oldest first: the first shortlisted group (keys all 0), found
  // before the shortlist's registers and registered with it (dram_slist's
  // fgrp_o = first_oh(v_o)), so the chosen write's one-hot starts from
  // flip-flops.
  assign wp_any = |swp_v;
  assign wf_any = |swf_v;

  // The chosen group's payload: of the first class with a candidate.
  logic [RPW-1:0] rd_c_pay, rp_pay, rf_pay;
  logic [WPW-1:0] wr_c_pay, wp_pay, wf_pay;
  oh_sel #(.N(NGR), .W(RPW)) u_rp_pay (.data_i(srp_pay), .sel_i(rp_sel), .data_o(rp_pay));
  oh_sel #(.N(NGR), .W(RPW)) u_rf_pay (.data_i(srf_pay), .sel_i(rf_sel), .data_o(rf_pay));
  oh_sel #(.N(NGW), .W(WPW)) u_wp_pay (.data_i(swp_pay), .sel_i(swp_win), .data_o(wp_pay));
  oh_sel #(.N(NGW), .W(WPW)) u_wf_pay (.data_i(swf_pay), .sel_i(swf_win), .data_o(wf_pay));
  assign rd_c_pay = rp_any ? rp_pay : rf_pay;
  assign wr_c_pay = wp_any ? wp_pay : wf_pay;

  logic             c_rd, c_wr, c_valid, c_hit;   // a read / a write is chosen; it hits
  logic [RIdxW-1:0] c_rd_idx;
  logic [WIdxW-1:0] c_wr_idx;
  logic [BankW-1:0] c_bank;
  logic [RowW-1:0]  c_row;
  logic             c_rd_hit, c_wr_hit;
  logic [BankW-1:0] c_rd_bank, c_wr_bank;
  logic [RowW-1:0]  c_rd_row, c_wr_row;
  assign {c_rd_idx, c_rd_hit, c_rd_bank, c_rd_row} = rd_c_pay;
  assign {c_wr_idx, c_wr_hit, c_wr_bank, c_wr_row} = wr_c_pay;
  assign c_rd    = ~drain_d & (rp_any | rf_any);
  assign c_wr    = drain_d & (wp_any | wf_any);
  assign c_valid = c_rd | c_wr;
  assign c_hit   = c_wr ? c_wr_hit  : c_rd & c_rd_hit;
  assign c_bank  = c_wr ? c_wr_bank : c_rd_bank;
  assign c_row   = c_wr ? c_wr_row  : c_rd_row;

  logic [2:0] c_why;
  always_comb begin
    if (c_wr)                  c_why = wp_any ? WhyWHit : WhyWOldest;
    else if (!c_rd)            c_why = 3'd0;
    else if (fcfs)             c_why = WhyOldest;
    else if (rp_any)           c_why = WhyHit;
    else if (fr)               c_why = WhyOldest;
    else                       c_why = WhyRow;
  end

  // The grant of the next cycle: its index after this cycle's grant has left.
  logic [GIdxW-1:0] c_idx, c_idx_next;
  assign c_idx      = c_wr ? GIdxW'(c_wr_idx) : GIdxW'(c_rd_idx);
  assign c_idx_next = (g_valid_q && g_write_q == c_wr && c_idx > g_idx_q) ? c_idx - 1'b1 : c_idx;
  // The write's one-hot: the entry chosen now (dram_qfold's chosen_o), moved
  // down one above the grant leaving now; so the write queue's eligibility
  // reads a register, not an index compare per entry.
  for (genvar i = 0; i < WrQ; i++) begin : gen_c_wr_oh
    if (i + 1 < WrQ) begin : gen_mid
      assign g_wr_oh_d[i] = (g_wr && GIdxW'(i) >= g_idx_q) ? wr_chosen[i+1] : wr_chosen[i];
    end else begin : gen_top
      assign g_wr_oh_d[i] = g_wr ? 1'b0 : wr_chosen[i];          // every grant index is at or below it
    end
  end
  logic [RdQ-1:0] c_rd_oh;
  for (genvar i = 0; i < RdQ; i++) begin : gen_c_oh
    assign c_rd_oh[i] = c_rd & (c_idx_next == GIdxW'(i));
  end

  // A row miss opens its row: the open-row table as this choice leaves it.
  // (A hit leaves the table as it is.) The row it opens is found without the
  // choice's key compares: registered a cycle ahead from the shortlist
  // (dram_frow), in one copy per 16 entries of each queue and of the store
  // and one for the table and the new requests' flags.
  localparam int FPer = 16;                                   // consumers per copy
  localparam int NFR  = (RdQ + FPer - 1) / FPer;              // copies for the read queue, and the store
  localparam int NFW  = (WrQ + FPer - 1) / FPer;              // for the write queue
  localparam int NF   = 2 * NFR + NFW + 1;                    // read queue, store, write queue, table
  logic [NF-1:0]       f_vs;
  logic [NF*BankW-1:0] f_banks;
  logic [NF*RowW-1:0]  f_rows;
  // Under MSHR-* every read of class f is of the picked row (RP), so the
  // row a read miss opens is RP's: the payload select after the shortlist's
  // group picks is then used only under FR-FCFS (a path of its own with the
  // policy static).
  logic [RPW-1:0] rf_first_d;
  assign rf_first_d = mshr ? {srf_first_d[RPW-1:XPW], rp_bank_q, rp_row_q} : srf_first_d;
  dram_frow #(.RPW(RPW), .WPW(WPW), .BankW(BankW), .RowW(RowW), .NF(NF)) u_frow (
    .clk_i,
    .rst_ni,
    .drain_d_i  (drain_next(drain_q, rd_count_n, wr_count_n)),
    .fcfs_i     (fcfs),
    .rp_any_i   (srp_any_d),
    .rp_first_i (srp_first_d),
    .rf_any_i   (srf_any_d),
    .rf_first_i (rf_first_d),
    .wp_any_i   (swp_any_d),
    .wf_any_i   (swf_any_d),
    .wf_first_i (swf_first_d),
    .f_v_o      (f_vs),
    .f_bank_o   (f_banks),
    .f_row_o    (f_rows)
  );
  logic             f_v;                                      // the table's copy
  logic [BankW-1:0] f_bank;
  logic [RowW-1:0]  f_row;
  assign f_v    = f_vs[NF-1];
  assign f_bank = f_banks[(NF-1)*BankW +: BankW];
  assign f_row  = f_rows[(NF-1)*RowW +: RowW];
  for (genvar b = 0; b < NumBanks; b++) begin : gen_bank
    logic            open_valid_q;
    logic [RowW-1:0] open_row_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        open_valid_q <= 1'b0;
        open_row_q   <= '0;
      end else if (f_v && f_bank == BankW'(b)) begin
        open_valid_q <= 1'b1;
        open_row_q   <= f_row;
      end
    end
    assign open_valid[b]            = open_valid_q;
    assign open_row[b*RowW +: RowW] = open_row_q;
  end

  // Does {bank, row} hit the open rows this choice leaves, given whether it hit the
  // table before (was_open)?
  function automatic logic opens(input logic [BankW-1:0] bank, input logic [RowW-1:0] row, input logic was_open,
                                 input logic fv, input logic [BankW-1:0] fb, input logic [RowW-1:0] fr_row);
    opens = (fv && bank == fb) ? (row == fr_row) : was_open;
  endfunction

  // === shortlist: this cycle's snapshot, for next cycle's choice ========================
  logic [RdQ-1:0]        rd_hitn, rd_elig, rd_p, rd_f, rd_chosen;
  logic [RdQ*AgeW-1:0]   rd_key;
  logic [RdQ*RPW-1:0]    rd_pay;
  dram_qfold #(.N(RdQ), .BankW(BankW), .RowW(RowW), .GIdxW(GIdxW), .NF(NFR), .G(Grp)) u_rd_fold (
    .valid_i      (rd_valid),
    .bank_i       (rd_bank),
    .row_i        (rd_row),
    .hq_i         (rd_hq),
    .bank_ready_i (br_q),
    .f_v_i        (f_vs[0 +: NFR]),
    .f_bank_i     (f_banks[0 +: NFR*BankW]),
    .f_row_i      (f_rows[0 +: NFR*RowW]),
    .g_mask_i     (g_rd_mask),
    .g_pop_i      (g_rd),
    .g_idx_i      (g_idx_q),
    .c_sel_i      (c_rd),
    .c_p_i        (rp_any),
    .c_grp_p_i    (rp_sel),
    .c_grp_f_i    (rf_sel),
    .win_p_i      (srp_wins),
    .win_f_i      (srf_wins),
    .l_pop_i      (rd_left_q),
    .l_idx_i      (l_idx_q),
    .hit_o        (rd_hitn),
    .chosen_o     (rd_chosen),
    .elig_o       (rd_elig),
    .pay_o        (rd_pay)
  );
  assign rd_hq_upd = rd_hitn;
  for (genvar i = 0; i < RdQ; i++) begin : gen_rd_cls
    logic [BankW-1:0] bank;
    logic [RowW-1:0]  row;
    assign bank = rd_bank[i*BankW +: BankW];
    assign row  = rd_row[i*RowW +: RowW];
    assign rd_p[i] = rd_elig[i] & (fcfs | rd_hitn[i]);
    assign rd_f[i] = rd_elig[i] & (fr | (mshr & rp_valid_q & bank == rp_bank_q & row == rp_row_q));
    assign rd_key[i*AgeW +: AgeW] = mshr_sa ? rd_age[i*AgeW +: AgeW]
                                  : mshr    ? AgeW'(rd_len[i*LenW +: LenW]) + 1'b1
                                  :           '0;
  end

  dram_slist #(.N(RdQ), .W(AgeW), .PW(RPW), .G(Grp), .First(1'b1), .Win(1'b1), .FirstQ(1'b1)) u_sl_rp (
    .clk_i, .rst_ni, .cand_i(rd_p), .key_i(rd_key), .pay_i(rd_pay), .v_o(srp_v), .key_o(srp_key), .pay_o(srp_pay),
    .first_o(srp_first_d), .any_o(srp_any_d), .win_o(srp_wins), .fgrp_o(srp_fgrp));
  dram_slist #(.N(RdQ), .W(AgeW), .PW(RPW), .G(Grp), .First(1'b1), .Win(1'b1), .FirstQ(1'b1)) u_sl_rf (
    .clk_i, .rst_ni, .cand_i(rd_f), .key_i(rd_key), .pay_i(rd_pay), .v_o(srf_v), .key_o(srf_key), .pay_o(srf_pay),
    .first_o(srf_first_d), .any_o(srf_any_d), .win_o(srf_wins), .fgrp_o(srf_fgrp));

  logic [WrQ-1:0]     wr_hitn, wr_elig, wr_p, wr_chosen;
  logic [WrQ*WPW-1:0] wr_pay;
  dram_qfold #(.N(WrQ), .BankW(BankW), .RowW(RowW), .GIdxW(GIdxW), .NF(NFW), .G(Grp)) u_wr_fold (
    .valid_i      (wr_valid),
    .bank_i       (wr_bank),
    .row_i        (wr_row),
    .hq_i         (wr_hq),
    .bank_ready_i (br_q),
    .f_v_i        (f_vs[2*NFR +: NFW]),
    .f_bank_i     (f_banks[2*NFR*BankW +: NFW*BankW]),
    .f_row_i      (f_rows[2*NFR*RowW +: NFW*RowW]),
    .g_mask_i     (g_wr_mask),
    .g_pop_i      (g_wr),
    .g_idx_i      (g_idx_q),
    .c_sel_i      (c_wr),
    .c_p_i        (wp_any),
    .c_grp_p_i    (swp_win),
    .c_grp_f_i    (swf_win),
    .win_p_i      (swp_wins),
    .win_f_i      (swf_wins),
    .l_pop_i      (wr_left_q),
    .l_idx_i      (l_idx_q),
    .hit_o        (wr_hitn),
    .chosen_o     (wr_chosen),
    .elig_o       (wr_elig),
    .pay_o        (wr_pay)
  );
  assign wr_hq_upd = wr_hitn;
  assign wr_p      = wr_elig & wr_hitn;

  dram_slist #(.N(WrQ), .W(1), .PW(WPW), .G(Grp), .First(1'b1), .Win(1'b1), .FirstQ(1'b1)) u_sl_wp (
    .clk_i, .rst_ni, .cand_i(wr_p), .key_i('0), .pay_i(wr_pay), .v_o(swp_v), .key_o(swp_key), .pay_o(swp_pay),
    .first_o(swp_first_d), .any_o(swp_any_d), .win_o(swp_wins), .fgrp_o(swp_win));
  dram_slist #(.N(WrQ), .W(1), .PW(WPW), .G(Grp), .First(1'b1), .Win(1'b1), .FirstQ(1'b1)) u_sl_wf (
    .clk_i, .rst_ni, .cand_i(wr_elig), .key_i('0), .pay_i(wr_pay), .v_o(swf_v), .key_o(swf_key), .pay_o(swf_pay),
    .first_o(swf_first_d), .any_o(swf_any_d), .win_o(swf_wins), .fgrp_o(swf_win));

  // A new request's flag: its row against the table, as this choice leaves it.
  logic            rd_was_open, wr_was_open;
  logic [RowW-1:0] rd_open_row, wr_open_row;
  idx_sel #(.N(NumBanks), .W(RowW), .IdxW(BankW)) u_rd_open (.data_i(open_row), .idx_i(rd_bank_i), .data_o(rd_open_row));
  idx_sel #(.N(NumBanks), .W(RowW), .IdxW(BankW)) u_wr_open (.data_i(open_row), .idx_i(wr_bank_i), .data_o(wr_open_row));
  assign rd_was_open = open_valid[rd_bank_i] & (rd_open_row == rd_row_i);
  assign wr_was_open = open_valid[wr_bank_i] & (wr_open_row == wr_row_i);
  assign rd_push_hq  = opens(rd_bank_i, rd_row_i, rd_was_open, f_v, f_bank, f_row);
  assign wr_push_hq  = opens(wr_bank_i, wr_row_i, wr_was_open, f_v, f_bank, f_row);

  // --- the row-score store -----------------------------------------------------------
  dram_rowstore #(.N(RdQ), .BankW(BankW), .RowW(RowW)) u_store (
    .clk_i,
    .rst_ni,
    .arr_i      (rd_push),
    .arr_bank_i (rd_bank_i),
    .arr_row_i  (rd_row_i),
    .arr_age_i  (rd_age_i),
    .dep_i      (g_rd),
    .dep_bank_i (g_bank_q),
    .dep_row_i  (g_row_q),
    .dep_age_i  (g_rd_age),
    .dep_len_i  (g_rd_len),
    .du_i       (du_valid_q),
    .du_bank_i  (du_bank_q),
    .du_row_i   (du_row_q),
    .du_age_i   (du_age_q),
    .du_new_i   (du_new_q),
    .du_old_i   (du_old_q),
    .valid_o    (rs_valid),
    .bank_o     (rs_bank),
    .row_o      (rs_row),
    .score_o    (rs_score),
    .len_o      (rs_len),
    .open_upd_i (rs_open_upd),
    .arr_open_i (rd_push_hq),
    .open_o     (rs_open)
  );

  // === the row pick (MSHR-*): choice from last cycle's row shortlist ====================
  logic [NGR-1:0]        sx_v, sx_win;
  logic [NGR*ScoreW-1:0] sx_key;
  logic [NGR*XPW-1:0]    sx_pay;
  logic [XPW-1:0]        sx_first;                 // not used (First = 0, Win = 0)
  logic [RdQ-1:0]        sx_wins;
  logic                  sx_any_d;
  logic                  x_any;
  grp_best #(.N(NGR), .W(ScoreW), .G(NGR)) u_pick_x (.valid_i(sx_v), .key_i(sx_key), .win_o(sx_win), .any_o(x_any));
  logic [XPW-1:0]    x_pay_sel;
  logic [ScoreW-1:0] x_key_sel;
  oh_sel #(.N(NGR), .W(XPW))    u_x_pay (.data_i(sx_pay), .sel_i(sx_win), .data_o(x_pay_sel));
  oh_sel #(.N(NGR), .W(ScoreW)) u_x_key (.data_i(sx_key), .sel_i(sx_win), .data_o(x_key_sel));
  always_comb begin
    rp_valid_d = rp_valid_q;                      // nothing shortlisted: the last pick is kept
    rp_bank_d  = rp_bank_q;
    rp_row_d   = rp_row_q;
    rp_score_d = rp_score_q;
    if (x_any) begin
      rp_valid_d = 1'b1;
      {rp_bank_d, rp_row_d} = x_pay_sel;
      rp_score_d = x_key_sel;
    end
  end

  // The row shortlist: MSHR-S and -S+A the store's rows by their sums, MSHR-M the
  // reads by merge length; rows in a ready bank, not open as this choice leaves
  // the table, and neither the row picked now nor the one picked last cycle
  // (the next two choices may open them). "The row picked now" is found
  // without the pick's payload select: every entry compares its row with
  // every shortlisted group's row (registers on both sides, beside the
  // pick's key compares), and the pick's group one-hot selects one of those
  // answers. With nothing picked now (sx_win = 0) the kept pick is last
  // cycle's, which the second term leaves out.
  logic [RdQ-1:0]        x_cand, x_now;
  logic [RdQ*ScoreW-1:0] x_key;
  logic [RdQ*XPW-1:0]    x_pay;
  for (genvar i = 0; i < RdQ; i++) begin : gen_x_sl
    logic [BankW-1:0] bank;
    logic [RowW-1:0]  row;
    logic             v, open;
    localparam int K = NFR + i / FPer;            // its copy of the opened row
    logic bank_eq, row_eq;                        // entry i's row is the one opened now
    assign bank_eq = rs_bank[i*BankW +: BankW] == f_banks[K*BankW +: BankW];
    assign row_eq  = rs_row[i*RowW +: RowW] == f_rows[K*RowW +: RowW];
    assign rs_open_upd[i] = (f_vs[K] & bank_eq) ? row_eq : rs_open[i];
    assign v    = mshr_m ? rd_valid[i] : (mshr_s | mshr_sa) & rs_valid[i];
    assign bank = mshr_m ? rd_bank[i*BankW +: BankW] : rs_bank[i*BankW +: BankW];
    assign row  = mshr_m ? rd_row[i*RowW +: RowW]    : rs_row[i*RowW +: RowW];
    assign open = mshr_m ? rd_hitn[i] : rs_open_upd[i];
    logic [NGR-1:0] eqg;                          // its row is group g's shortlisted row
    for (genvar g = 0; g < NGR; g++) begin : gen_eqg
      assign eqg[g] = {bank, row} == sx_pay[g*XPW +: XPW];
    end
    assign x_now[i]  = |(sx_win & eqg);           // the row picked now
    assign x_cand[i] = v & br_q[bank] & ~open & ~x_now[i]
                     & ~(rp_valid_q & bank == rp_bank_q & row == rp_row_q);
    assign x_key[i*ScoreW +: ScoreW] = mshr_m ? ScoreW'(rd_len[i*LenW +: LenW]) + 1'b1
                                     : mshr_s ? ScoreW'(rs_len[i*SumW +: SumW])
                                     :          rs_score[i*ScoreW +: ScoreW];
    assign x_pay[i*XPW +: XPW] = {bank, row};
  end

  dram_slist #(.N(RdQ), .W(ScoreW), .PW(XPW), .G(Grp)) u_sl_x (
    .clk_i, .rst_ni, .cand_i(x_cand), .key_i(x_key), .pay_i(x_pay), .v_o(sx_v), .key_o(sx_key), .pay_o(sx_pay),
    .first_o(sx_first), .any_o(sx_any_d), .win_o(sx_wins), .fgrp_o(sx_fgrp));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      g_valid_q     <= 1'b0;
      g_write_q     <= 1'b0;
      g_idx_q       <= '0;
      g_hit_q       <= 1'b0;
      g_why_q       <= 3'd0;
      g_rowscore_q  <= '0;
      g_bank_q      <= '0;
      g_row_q       <= '0;
      g_rd_oh_q     <= '0;
      g_wr_oh_q     <= '0;
      rd_left_q     <= 1'b0;
      wr_left_q     <= 1'b0;
      l_idx_q       <= '0;
      rp_valid_q    <= 1'b0;
      rp_bank_q     <= '0;
      rp_row_q      <= '0;
      rp_score_q    <= '0;
      sl_rp_valid_q <= 1'b0;
      sl_rp_score_q <= '0;
      dm_valid_q    <= 1'b0;
      du_valid_q    <= 1'b0;
      du_bank_q     <= '0;
      du_row_q      <= '0;
      du_age_q      <= '0;
      du_new_q      <= '0;
      du_old_q      <= '0;
      drain_q       <= 1'b0;
    end else begin
      g_valid_q     <= c_valid;
      g_write_q     <= c_wr;
      g_idx_q       <= c_valid ? c_idx_next : '0;
      g_hit_q       <= c_hit;
      g_why_q       <= c_why;
      g_rowscore_q  <= (c_why == WhyRow) ? sl_rp_score_q : '0;
      g_bank_q      <= c_valid ? c_bank : '0;
      g_row_q       <= c_valid ? c_row : '0;
      g_rd_oh_q     <= c_rd_oh;
      g_wr_oh_q     <= g_wr_oh_d;
      rd_left_q     <= g_rd;
      wr_left_q     <= g_wr;
      l_idx_q       <= g_idx_q;
      rp_valid_q    <= rp_valid_d;
      rp_bank_q     <= rp_bank_d;
      rp_row_q      <= rp_row_d;
      rp_score_q    <= rp_score_d;
      sl_rp_valid_q <= rp_valid_q;
      sl_rp_score_q <= rp_score_q;
      du_valid_q    <= dm_match;
      du_bank_q     <= dm_bank;
      du_row_q      <= dm_row;
      dm_valid_q    <= dm_valid_i;
      du_age_q      <= dm_age_q;
      du_new_q      <= dm_len_q;
      du_old_q      <= dm_len_old;
      drain_q       <= drain_next(drain_q, rd_count_n, wr_count_n);
    end
  end

  // The dummy's fields: no reset, like the queue entries (used only with dm_valid_q).
  always_ff @(posedge clk_i) begin
    dm_len_q  <= dm_len_i;
    dm_age_q  <= dm_age_i;
  end

  // --- the granted request on sched_* ----------------------------------------------------
  always_comb begin
    sched_valid_o    = g_valid_q;
    sched_write_o    = g_wr;
    sched_addr_o     = '0;
    sched_bank_o     = g_bank_q;
    sched_row_o      = g_row_q;
    sched_hit_o      = g_hit_q;
    sched_why_o      = g_why_q;
    sched_score_o    = '0;
    sched_rowscore_o = g_rowscore_q;
    if (g_rd) begin
      sched_addr_o  = g_rd_addr;
      sched_score_o = mshr_sa ? g_rd_age : mshr ? AgeW'(g_rd_len) + 1'b1 : '0;
    end else if (g_wr) begin
      sched_addr_o = g_wr_addr;
    end
  end

  assign dm_ready_o   = 1'b1;
  assign drain_o      = drain_d;
  assign rd_count_o   = rd_count;
  assign wr_count_o   = wr_count;
  assign open_valid_o = open_valid;
  assign open_row_o   = open_row;

  logic unused;
  assign unused = ^{swp_key, swf_key, sl_rp_valid_q, swp_first_d, sx_first, sx_any_d, sx_wins, sx_fgrp};

`ifndef SYNTHESIS
  // Usage checks (Verilator --assert; Yosys defines SYNTHESIS).
  logic [2:0] f_policy_q;
  logic       f_run_q;
  logic [NumBanks-1:0] f_br_q;         // br_q in the shortlist's cycle
  function automatic logic [NGW-1:0] f_first(input logic [NGW-1:0] v);   // the lowest set bit
    f_first = '0;
    for (int g = 0; g < NGW; g++) if (v[g] && f_first == '0) f_first[g] = 1'b1;
  endfunction
  function automatic logic [NGR-1:0] f_first_r(input logic [NGR-1:0] v);
    f_first_r = '0;
    for (int g = 0; g < NGR; g++) if (v[g] && f_first_r == '0) f_first_r[g] = 1'b1;
  endfunction
  always_ff @(posedge clk_i) begin
    f_policy_q     <= policy_i;
    f_run_q        <= rst_ni;
    f_br_q         <= br_q;
    if (rst_ni) begin
      assert (policy_i <= 3'd4) else $error("dram_sched: policy %0d is not defined", policy_i);
      assert (!(f_run_q && f_policy_q != policy_i)) else $error("dram_sched: the policy changed out of reset");
      assert (!c_valid || f_br_q[c_bank])
        else $error("dram_sched: chose a request of a bank that was not ready in its shortlist's cycle");
      for (int i = 0; i < RdQ; i++)
        assert (rd_chosen[i] == (c_rd && c_rd_idx == RIdxW'(i)))
          else $error("dram_sched: read entry %0d: chosen one-hot differs from the choice's index", i);
      for (int i = 0; i < WrQ; i++)
        assert (wr_chosen[i] == (c_wr && c_wr_idx == WIdxW'(i)))
          else $error("dram_sched: write entry %0d: chosen one-hot differs from the choice's index", i);
      for (int i = 0; i < WrQ; i++)
        assert (g_wr_oh_q[i] == (g_wr && g_idx_q == GIdxW'(i)))
          else $error("dram_sched: write entry %0d: the grant's one-hot differs from its index", i);
      for (int i = 0; i < RdQ; i++)
        assert (x_now[i] == (x_any && x_pay[i*XPW +: XPW] == {rp_bank_d, rp_row_d}))
          else $error("dram_sched: row shortlist entry %0d: the row picked now differs from the pick's", i);
      assert (swp_win == f_first(swp_v) && swf_win == f_first(swf_v))
        else $error("dram_sched: a registered first write group differs from the first shortlisted group");
      assert (mshr || (srp_win == srp_fgrp && srf_win == srf_fgrp))
        else $error("dram_sched: with read keys 0, the best read group differs from the first shortlisted one");
      assert (srp_fgrp == f_first_r(srp_v) && srf_fgrp == f_first_r(srf_v))
        else $error("dram_sched: a registered first read group differs from the first shortlisted group");
      for (int k = 0; k < NF; k++)
        assert (f_vs[k] == (c_valid & ~c_hit)
                && (!f_vs[k] || {f_banks[k*BankW +: BankW], f_rows[k*RowW +: RowW]} == {c_bank, c_row}))
          else $error("dram_sched: dram_frow copy %0d differs from the choice", k);
    end
  end
`endif
endmodule
