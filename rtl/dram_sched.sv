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
//   * row pick (dram_rowpick): from registered state and last cycle's bank
//     readiness, the row to open on the next row miss (MSHR-*), registered;
//     the row picked last cycle is left out (this cycle's decision may open
//     it), and a cycle with no candidate keeps the last pick;
//   * choice: on this cycle's state and bank_ready_i, one request of a ready
//     bank -- in write drain by FR-FCFS over the writes (dram_wr_sel),
//     otherwise over the reads by the policy (dram_rd_sel: FCFS, FR-FCFS,
//     MSHR-M, -S, -S+A with the picked row) -- registered as the grant; its
//     row becomes its bank's open row;
//   * grant: next cycle sched_* show it and it leaves its queue (and its row's
//     store entry); that cycle's choice does not consider it again.
// A dummy updates its read at once and the read's row-score entry a cycle
// later. New requests enter when there was room at the start of the cycle,
// and every read ages by its merge length. The policy is static: it may
// change only while rst_ni is low. bank_ready_i[b] must leave room in bank
// b's command queue for a request chosen now and handed over next cycle.
//
// Write drain: entered when the write count reaches HighWM, or the read queue
// is empty and the write queue is not; left when the write count is at most
// LowWM and a read is waiting, or the write queue is empty.
//
// Example (FR-FCFS, bank 0's open row 5): reads R0 (bank 0 row 7), R1 (bank
//   0 row 5) -> R1 is chosen (row hit) and shown a cycle later with why 2;
//   R0 is chosen in that cycle (oldest) and shown the next, with why 1.
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
  output logic                     dm_ready_o,       // always 1: a dummy is used or dropped at once
  output logic                     dm_drop_o,        // the dummy matches no queued read (dropped)
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
  localparam int WW = AddrW + BankW + RowW;                   // write entry: {addr, bank, row}
  localparam int SumW = $clog2(16 * RdQ + 1);
  localparam int GIdxW = (RIdxW > WIdxW) ? RIdxW : WIdxW;
  localparam logic [2:0] WhyWHit = 3'd4, WhyWOldest = 3'd5;

  // --- queues -----------------------------------------------------------------
  logic [RdQ-1:0]       rd_valid;
  logic [RdQ*AddrW-1:0] rd_addr;
  logic [RdQ*BankW-1:0] rd_bank;
  logic [RdQ*RowW-1:0]  rd_row;
  logic [RdQ*LenW-1:0]  rd_len;
  logic [RdQ*AgeW-1:0]  rd_age;
  logic [RCntW-1:0]     rd_count;
  logic                 rd_push;
  logic [WrQ-1:0]       wr_valid;
  logic [WrQ*WW-1:0]    wr_data;
  logic [WrQ*AddrW-1:0] wr_addr;
  logic [WrQ*BankW-1:0] wr_bank;
  logic [WrQ*RowW-1:0]  wr_row;
  logic [WCntW-1:0]     wr_count;
  logic                 wr_full;
  logic                 dm_match;
  logic [BankW-1:0]     dm_bank;
  logic [RowW-1:0]      dm_row;
  logic [LenW-1:0]      dm_len_old;

  // --- the grant: the request chosen last cycle, leaving now ----------------------
  logic                 g_valid_q, g_write_q, g_hit_q;
  logic [GIdxW-1:0]     g_idx_q;
  logic [2:0]           g_why_q;
  logic [ScoreW-1:0]    g_rowscore_q;
  logic                 g_rd, g_wr;          // it is a read / a write
  logic [RdQ-1:0]       g_rd_mask;           // the read queue entry it holds
  logic [WrQ-1:0]       g_wr_mask;

  // --- the row pick, bank readiness and the dummy, registered -----------------------
  logic                 rp_valid_q, rp_valid_d;
  logic [BankW-1:0]     rp_bank_q, rp_bank_d;
  logic [RowW-1:0]      rp_row_q, rp_row_d;
  logic [ScoreW-1:0]    rp_score_q, rp_score_d;
  logic [NumBanks-1:0]  bank_ready_q;
  logic                 du_valid_q;
  logic [BankW-1:0]     du_bank_q;
  logic [RowW-1:0]      du_row_q;
  logic [AgeW-1:0]      du_age_q;
  logic [LenW-1:0]      du_new_q, du_old_q;

  // --- the row-score store ----------------------------------------------------------
  logic [RdQ-1:0]        rs_valid;
  logic [RdQ*BankW-1:0]  rs_bank;
  logic [RdQ*RowW-1:0]   rs_row;
  logic [RdQ*ScoreW-1:0] rs_score;
  logic [RdQ*SumW-1:0]   rs_len;

  // --- this cycle's choice -----------------------------------------------------------
  logic                 drain_q, drain_d;
  logic                 rs_sel_valid, rs_sel_hit, ws_valid, ws_hit;
  logic [RIdxW-1:0]     rs_idx;
  logic [WIdxW-1:0]     ws_idx;
  logic [2:0]           rs_why;
  logic [AgeW-1:0]      rs_score_unused;
  logic [ScoreW-1:0]    rs_rowscore;
  logic                 c_rd, c_wr;          // a read / a write is chosen

  // --- open-row table -------------------------------------------------------------
  logic [NumBanks-1:0]      open_valid;
  logic [NumBanks*RowW-1:0] open_row;

  logic mshr, mshr_sa;
  assign mshr_sa = (policy_i == 3'd4);
  assign mshr    = (policy_i == 3'd2) | (policy_i == 3'd3) | mshr_sa;

  assign g_rd = g_valid_q & ~g_write_q;
  assign g_wr = g_valid_q & g_write_q;
  for (genvar i = 0; i < RdQ; i++) begin : gen_g_rd
    assign g_rd_mask[i] = g_rd & (g_idx_q == GIdxW'(i));
  end
  for (genvar i = 0; i < WrQ; i++) begin : gen_g_wr
    assign g_wr_mask[i] = g_wr & (g_idx_q == GIdxW'(i));
  end

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
    .dm_valid_i,
    .dm_addr_i,
    .dm_len_i,
    .dm_age_i,
    .dm_drop_o,
    .dm_match_o (dm_match),
    .dm_bank_o  (dm_bank),
    .dm_row_o   (dm_row),
    .dm_len_o   (dm_len_old),
    .pop_i      (g_rd),
    .pop_idx_i  (RIdxW'(g_idx_q)),
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
    .push_i      (wr_valid_i & ~wr_full),
    .push_data_i ({wr_addr_i, wr_bank_i, wr_row_i}),
    .pop_i       (g_wr),
    .pop_idx_i   (WIdxW'(g_idx_q)),
    .upd_i       (wr_data),
    .data_o      (wr_data),
    .valid_o     (wr_valid),
    .count_o     (wr_count),
    .full_o      (wr_full)
  );

  for (genvar i = 0; i < WrQ; i++) begin : gen_wr_fields
    assign {wr_addr[i*AddrW +: AddrW], wr_bank[i*BankW +: BankW], wr_row[i*RowW +: RowW]} = wr_data[i*WW +: WW];
  end

  // --- the granted entry's fields (equality-select mux trees) -----------------------
  logic [AddrW-1:0] g_rd_addr, g_wr_addr;
  logic [BankW-1:0] g_rd_bank, g_wr_bank;
  logic [RowW-1:0]  g_rd_row,  g_wr_row;
  logic [LenW-1:0]  g_rd_len;
  logic [AgeW-1:0]  g_rd_age;
  idx_sel #(.N(RdQ), .W(AddrW), .IdxW(GIdxW)) u_g_rd_addr (.data_i(rd_addr), .idx_i(g_idx_q), .data_o(g_rd_addr));
  idx_sel #(.N(RdQ), .W(BankW), .IdxW(GIdxW)) u_g_rd_bank (.data_i(rd_bank), .idx_i(g_idx_q), .data_o(g_rd_bank));
  idx_sel #(.N(RdQ), .W(RowW),  .IdxW(GIdxW)) u_g_rd_row  (.data_i(rd_row),  .idx_i(g_idx_q), .data_o(g_rd_row));
  idx_sel #(.N(RdQ), .W(LenW),  .IdxW(GIdxW)) u_g_rd_len  (.data_i(rd_len),  .idx_i(g_idx_q), .data_o(g_rd_len));
  idx_sel #(.N(RdQ), .W(AgeW),  .IdxW(GIdxW)) u_g_rd_age  (.data_i(rd_age),  .idx_i(g_idx_q), .data_o(g_rd_age));
  idx_sel #(.N(WrQ), .W(AddrW), .IdxW(GIdxW)) u_g_wr_addr (.data_i(wr_addr), .idx_i(g_idx_q), .data_o(g_wr_addr));
  idx_sel #(.N(WrQ), .W(BankW), .IdxW(GIdxW)) u_g_wr_bank (.data_i(wr_bank), .idx_i(g_idx_q), .data_o(g_wr_bank));
  idx_sel #(.N(WrQ), .W(RowW),  .IdxW(GIdxW)) u_g_wr_row  (.data_i(wr_row),  .idx_i(g_idx_q), .data_o(g_wr_row));

  // --- the row-score store and the row pick -------------------------------------------
  dram_rowstore #(.N(RdQ), .BankW(BankW), .RowW(RowW)) u_store (
    .clk_i,
    .rst_ni,
    .arr_i      (rd_push),
    .arr_bank_i (rd_bank_i),
    .arr_row_i  (rd_row_i),
    .arr_age_i  (rd_age_i),
    .dep_i      (g_rd),
    .dep_bank_i (g_rd_bank),
    .dep_row_i  (g_rd_row),
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
    .len_o      (rs_len)
  );

  dram_rowpick #(.N(RdQ), .BankW(BankW), .RowW(RowW)) u_rowpick (
    .policy_i,
    .rd_valid_i     (rd_valid),
    .rd_bank_i      (rd_bank),
    .rd_row_i       (rd_row),
    .rd_len_i       (rd_len),
    .rs_valid_i     (rs_valid),
    .rs_bank_i      (rs_bank),
    .rs_row_i       (rs_row),
    .rs_score_i     (rs_score),
    .rs_len_i       (rs_len),
    .bank_ready_q_i (bank_ready_q),
    .open_valid_i   (open_valid),
    .open_row_i     (open_row),
    .last_valid_i   (rp_valid_q),
    .last_bank_i    (rp_bank_q),
    .last_row_i     (rp_row_q),
    .valid_o        (rp_valid_d),
    .bank_o         (rp_bank_d),
    .row_o          (rp_row_d),
    .score_o        (rp_score_d)
  );

  // --- write drain (on the counts at the start of the cycle) --------------------------
  always_comb begin
    if (drain_q) drain_d = !((wr_count <= WCntW'(LowWM) && rd_count != '0) || wr_count == '0);
    else         drain_d = (wr_count >= WCntW'(HighWM)) || (rd_count == '0 && wr_count != '0);
  end

  // --- this cycle's choice (the granted request left out) -------------------------------
  dram_rd_sel #(.N(RdQ), .BankW(BankW), .RowW(RowW)) u_rd_sel (
    .policy_i,
    .valid_i      (rd_valid & ~g_rd_mask),
    .bank_i       (rd_bank),
    .row_i        (rd_row),
    .len_i        (rd_len),
    .age_i        (rd_age),
    .bank_ready_i,
    .open_valid_i (open_valid),
    .open_row_i   (open_row),
    .rp_valid_i   (rp_valid_q),
    .rp_bank_i    (rp_bank_q),
    .rp_row_i     (rp_row_q),
    .rp_score_i   (rp_score_q),
    .valid_o      (rs_sel_valid),
    .idx_o        (rs_idx),
    .hit_o        (rs_sel_hit),
    .why_o        (rs_why),
    .score_o      (rs_score_unused),
    .rowscore_o   (rs_rowscore)
  );

  dram_wr_sel #(.N(WrQ), .BankW(BankW), .RowW(RowW)) u_wr_sel (
    .valid_i      (wr_valid & ~g_wr_mask),
    .bank_i       (wr_bank),
    .row_i        (wr_row),
    .bank_ready_i,
    .open_valid_i (open_valid),
    .open_row_i   (open_row),
    .valid_o      (ws_valid),
    .idx_o        (ws_idx),
    .hit_o        (ws_hit)
  );

  assign c_rd = ~drain_d & rs_sel_valid;
  assign c_wr = drain_d & ws_valid;

  // The chosen request's bank and row, for the open-row table.
  logic [BankW-1:0] c_bank;
  logic [RowW-1:0]  c_row;
  logic [BankW-1:0] c_rd_bank, c_wr_bank;
  logic [RowW-1:0]  c_rd_row, c_wr_row;
  idx_sel #(.N(RdQ), .W(BankW)) u_c_rd_bank (.data_i(rd_bank), .idx_i(rs_idx), .data_o(c_rd_bank));
  idx_sel #(.N(RdQ), .W(RowW))  u_c_rd_row  (.data_i(rd_row),  .idx_i(rs_idx), .data_o(c_rd_row));
  idx_sel #(.N(WrQ), .W(BankW)) u_c_wr_bank (.data_i(wr_bank), .idx_i(ws_idx), .data_o(c_wr_bank));
  idx_sel #(.N(WrQ), .W(RowW))  u_c_wr_row  (.data_i(wr_row),  .idx_i(ws_idx), .data_o(c_wr_row));
  assign c_bank = c_wr ? c_wr_bank : c_rd ? c_rd_bank : '0;
  assign c_row  = c_wr ? c_wr_row  : c_rd ? c_rd_row  : '0;

  // The grant of the next cycle: its index after this cycle's grant has left.
  logic [GIdxW-1:0] c_idx, c_idx_next;
  assign c_idx      = c_wr ? GIdxW'(ws_idx) : GIdxW'(rs_idx);
  assign c_idx_next = (g_valid_q && g_write_q == c_wr && c_idx > g_idx_q) ? c_idx - 1'b1 : c_idx;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      g_valid_q    <= 1'b0;
      g_write_q    <= 1'b0;
      g_idx_q      <= '0;
      g_hit_q      <= 1'b0;
      g_why_q      <= 3'd0;
      g_rowscore_q <= '0;
      rp_valid_q   <= 1'b0;
      rp_bank_q    <= '0;
      rp_row_q     <= '0;
      rp_score_q   <= '0;
      bank_ready_q <= '0;
      du_valid_q   <= 1'b0;
      du_bank_q    <= '0;
      du_row_q     <= '0;
      du_age_q     <= '0;
      du_new_q     <= '0;
      du_old_q     <= '0;
      drain_q      <= 1'b0;
    end else begin
      g_valid_q    <= c_rd | c_wr;
      g_write_q    <= c_wr;
      g_idx_q      <= (c_rd | c_wr) ? c_idx_next : '0;
      g_hit_q      <= c_wr ? ws_hit : c_rd & rs_sel_hit;
      g_why_q      <= c_wr ? (ws_hit ? WhyWHit : WhyWOldest) : c_rd ? rs_why : 3'd0;
      g_rowscore_q <= c_rd ? rs_rowscore : '0;
      if (rp_valid_d) begin           // an invalid pick keeps the last valid one
        rp_valid_q <= 1'b1;
        rp_bank_q  <= rp_bank_d;
        rp_row_q   <= rp_row_d;
        rp_score_q <= rp_score_d;
      end
      bank_ready_q <= bank_ready_i;
      du_valid_q   <= dm_match;
      du_bank_q    <= dm_bank;
      du_row_q     <= dm_row;
      du_age_q     <= dm_age_i;
      du_new_q     <= dm_len_i;
      du_old_q     <= dm_len_old;
      drain_q      <= drain_d;
    end
  end

  // --- the granted request on sched_* ----------------------------------------------------
  always_comb begin
    sched_valid_o    = g_valid_q;
    sched_write_o    = g_wr;
    sched_addr_o     = '0;
    sched_bank_o     = '0;
    sched_row_o      = '0;
    sched_hit_o      = g_hit_q;
    sched_why_o      = g_why_q;
    sched_score_o    = '0;
    sched_rowscore_o = g_rowscore_q;
    if (g_rd) begin
      sched_addr_o  = g_rd_addr;
      sched_bank_o  = g_rd_bank;
      sched_row_o   = g_rd_row;
      sched_score_o = mshr_sa ? g_rd_age : mshr ? AgeW'(g_rd_len) + 1'b1 : '0;
    end else if (g_wr) begin
      sched_addr_o = g_wr_addr;
      sched_bank_o = g_wr_bank;
      sched_row_o  = g_wr_row;
    end
  end

  // One open-row register per bank: the row of the last request chosen for it.
  for (genvar b = 0; b < NumBanks; b++) begin : gen_bank
    logic            open_valid_q;
    logic [RowW-1:0] open_row_q;
    logic            load;
    assign load = (c_rd | c_wr) & (c_bank == BankW'(b));
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        open_valid_q <= 1'b0;
        open_row_q   <= '0;
      end else if (load) begin
        open_valid_q <= 1'b1;
        open_row_q   <= c_row;
      end
    end
    assign open_valid[b]            = open_valid_q;
    assign open_row[b*RowW +: RowW] = open_row_q;
  end

  assign dm_ready_o   = 1'b1;
  assign drain_o      = drain_d;
  assign rd_count_o   = rd_count;
  assign wr_count_o   = wr_count;
  assign open_valid_o = open_valid;
  assign open_row_o   = open_row;

  logic unused;
  assign unused = ^rs_score_unused;

`ifndef SYNTHESIS
  // Usage checks (Verilator --assert; Yosys defines SYNTHESIS).
  logic [2:0] f_policy_q;
  logic       f_run_q;
  always_ff @(posedge clk_i) begin
    f_policy_q <= policy_i;
    f_run_q    <= rst_ni;
    if (rst_ni) begin
      assert (policy_i <= 3'd4) else $error("dram_sched: policy %0d is not defined", policy_i);
      assert (!(f_run_q && f_policy_q != policy_i)) else $error("dram_sched: the policy changed out of reset");
      assert (!(c_rd | c_wr) || bank_ready_i[c_bank])
        else $error("dram_sched: chose a request of a bank that is not ready");
    end
  end
`endif
endmodule
