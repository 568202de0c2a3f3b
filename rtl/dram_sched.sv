// dram_sched: the request scheduler of one DRAM channel with the
// controller-side Merge Information Buffer (Li, "Inter-core Locality Aware
// Memory Access Scheduling", UBC thesis, chapters 2.3 and 4).
//
// A read queue whose entries carry the MIB fields (dram_rdq: block address,
// merge length, age), a write queue (cqueue), both in arrival order; a
// write-drain state between two watermarks; the row last sent to each bank
// (the open-row table). Each cycle, on the state at the start of the cycle,
// one request of a bank whose command queue can take it (bank_ready_i) is
// chosen: in write drain by FR-FCFS over the writes (dram_wr_sel), otherwise
// over the reads by the configured policy (dram_rd_sel: FCFS, FR-FCFS,
// MSHR-M, MSHR-S, MSHR-S+A). The chosen request leaves its queue and its row
// becomes its bank's open row. Then dummies update, new requests enter (when
// there was room at the start of the cycle) and every read ages by its merge
// length. The policy is static: it may change only while rst_ni is low.
//
// Write drain: entered when the write count reaches HighWM, or the read queue
// is empty and the write queue is not; left when the write count is at most
// LowWM and a read is waiting, or the write queue is empty.
//
// Example (FR-FCFS, bank 0's open row 5): reads R0 (bank 0 row 7), R1 (bank
//   0 row 5) -> R1 (row hit, why 2) and then R0 (oldest, why 1).
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
  localparam logic [2:0] WhyWHit = 3'd4, WhyWOldest = 3'd5;

  // --- queues -----------------------------------------------------------------
  logic [RdQ-1:0]       rd_valid;
  logic [RdQ*AddrW-1:0] rd_addr;
  logic [RdQ*BankW-1:0] rd_bank;
  logic [RdQ*RowW-1:0]  rd_row;
  logic [RdQ*LenW-1:0]  rd_len;
  logic [RdQ*AgeW-1:0]  rd_age;
  logic [RCntW-1:0]     rd_count;
  logic [WrQ-1:0]       wr_valid;
  logic [WrQ*WW-1:0]    wr_data;
  logic [WrQ*AddrW-1:0] wr_addr;
  logic [WrQ*BankW-1:0] wr_bank;
  logic [WrQ*RowW-1:0]  wr_row;
  logic [WCntW-1:0]     wr_count;
  logic                 wr_full;

  // --- decisions ----------------------------------------------------------------
  logic                 drain_q, drain_d;
  logic                 rs_valid, rs_hit, ws_valid, ws_hit;
  logic [RIdxW-1:0]     rs_idx;
  logic [WIdxW-1:0]     ws_idx;
  logic [2:0]           rs_why;
  logic [AgeW-1:0]      rs_score;
  logic [ScoreW-1:0]    rs_rowscore;
  logic                 rd_pop, wr_pop;

  // --- open-row table -------------------------------------------------------------
  logic [NumBanks-1:0]      open_valid;
  logic [NumBanks*RowW-1:0] open_row;

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
    .pop_i     (rd_pop),
    .pop_idx_i (rs_idx),
    .valid_o   (rd_valid),
    .addr_o    (rd_addr),
    .bank_o    (rd_bank),
    .row_o     (rd_row),
    .len_o     (rd_len),
    .age_o     (rd_age),
    .count_o   (rd_count)
  );

  assign wr_ready_o = ~wr_full;

  cqueue #(.N(WrQ), .W(WW)) u_wrq (
    .clk_i,
    .rst_ni,
    .push_i      (wr_valid_i & ~wr_full),
    .push_data_i ({wr_addr_i, wr_bank_i, wr_row_i}),
    .pop_i       (wr_pop),
    .pop_idx_i   (ws_idx),
    .upd_i       (wr_data),
    .data_o      (wr_data),
    .valid_o     (wr_valid),
    .count_o     (wr_count),
    .full_o      (wr_full)
  );

  for (genvar i = 0; i < WrQ; i++) begin : gen_wr_fields
    assign {wr_addr[i*AddrW +: AddrW], wr_bank[i*BankW +: BankW], wr_row[i*RowW +: RowW]} = wr_data[i*WW +: WW];
  end

  // --- write drain (on the counts at the start of the cycle) --------------------------
  always_comb begin
    if (drain_q) drain_d = !((wr_count <= WCntW'(LowWM) && rd_count != '0) || wr_count == '0);
    else         drain_d = (wr_count >= WCntW'(HighWM)) || (rd_count == '0 && wr_count != '0);
  end

  dram_rd_sel #(.N(RdQ), .BankW(BankW), .RowW(RowW)) u_rd_sel (
    .policy_i,
    .valid_i      (rd_valid),
    .bank_i       (rd_bank),
    .row_i        (rd_row),
    .len_i        (rd_len),
    .age_i        (rd_age),
    .bank_ready_i,
    .open_valid_i (open_valid),
    .open_row_i   (open_row),
    .valid_o      (rs_valid),
    .idx_o        (rs_idx),
    .hit_o        (rs_hit),
    .why_o        (rs_why),
    .score_o      (rs_score),
    .rowscore_o   (rs_rowscore)
  );

  dram_wr_sel #(.N(WrQ), .BankW(BankW), .RowW(RowW)) u_wr_sel (
    .valid_i      (wr_valid),
    .bank_i       (wr_bank),
    .row_i        (wr_row),
    .bank_ready_i,
    .open_valid_i (open_valid),
    .open_row_i   (open_row),
    .valid_o      (ws_valid),
    .idx_o        (ws_idx),
    .hit_o        (ws_hit)
  );

  assign rd_pop = ~drain_d & rs_valid;
  assign wr_pop = drain_d & ws_valid;

  // --- the scheduled request ------------------------------------------------------------
  // The chosen entry's fields by loops of equality selects (mux trees: Yosys
  // made 3.3 times as many cells of the part-selects x[idx*W +: W]).
  logic [AddrW-1:0] rd_sel_addr, wr_sel_addr;
  logic [BankW-1:0] rd_sel_bank, wr_sel_bank;
  logic [RowW-1:0]  rd_sel_row,  wr_sel_row;
  always_comb begin
    rd_sel_addr = '0;
    rd_sel_bank = '0;
    rd_sel_row  = '0;
    for (int i = 0; i < RdQ; i++)
      if (rs_idx == RIdxW'(i)) begin
        rd_sel_addr = rd_addr[i*AddrW +: AddrW];
        rd_sel_bank = rd_bank[i*BankW +: BankW];
        rd_sel_row  = rd_row[i*RowW +: RowW];
      end
    wr_sel_addr = '0;
    wr_sel_bank = '0;
    wr_sel_row  = '0;
    for (int i = 0; i < WrQ; i++)
      if (ws_idx == WIdxW'(i)) begin
        wr_sel_addr = wr_addr[i*AddrW +: AddrW];
        wr_sel_bank = wr_bank[i*BankW +: BankW];
        wr_sel_row  = wr_row[i*RowW +: RowW];
      end
  end

  always_comb begin
    sched_valid_o    = rd_pop | wr_pop;
    sched_write_o    = wr_pop;
    sched_addr_o     = '0;
    sched_bank_o     = '0;
    sched_row_o      = '0;
    sched_hit_o      = 1'b0;
    sched_why_o      = 3'd0;
    sched_score_o    = '0;
    sched_rowscore_o = '0;
    if (rd_pop) begin
      sched_addr_o     = rd_sel_addr;
      sched_bank_o     = rd_sel_bank;
      sched_row_o      = rd_sel_row;
      sched_hit_o      = rs_hit;
      sched_why_o      = rs_why;
      sched_score_o    = rs_score;
      sched_rowscore_o = rs_rowscore;
    end else if (wr_pop) begin
      sched_addr_o = wr_sel_addr;
      sched_bank_o = wr_sel_bank;
      sched_row_o  = wr_sel_row;
      sched_hit_o  = ws_hit;
      sched_why_o  = ws_hit ? WhyWHit : WhyWOldest;
    end
  end

  // One open-row register per bank: the row of the last request sent to it.
  for (genvar b = 0; b < NumBanks; b++) begin : gen_bank
    logic            open_valid_q;
    logic [RowW-1:0] open_row_q;
    logic            load;
    assign load = sched_valid_o & (sched_bank_o == BankW'(b));
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        open_valid_q <= 1'b0;
        open_row_q   <= '0;
      end else if (load) begin
        open_valid_q <= 1'b1;
        open_row_q   <= sched_row_o;
      end
    end
    assign open_valid[b]                = open_valid_q;
    assign open_row[b*RowW +: RowW]     = open_row_q;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) drain_q <= 1'b0;
    else         drain_q <= drain_d;
  end

  assign dm_ready_o   = 1'b1;
  assign drain_o      = drain_d;
  assign rd_count_o   = rd_count;
  assign wr_count_o   = wr_count;
  assign open_valid_o = open_valid;
  assign open_row_o   = open_row;

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
      assert (!sched_valid_o || bank_ready_i[sched_bank_o])
        else $error("dram_sched: scheduled a request of a bank that is not ready");
    end
  end
`endif
endmodule
