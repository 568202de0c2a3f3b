// mrpb: memory request prioritization buffer (MRPB, Jia et al., HPCA 2014).
//
// Sits between an SM's coalescer and its L1 data cache. A request (one 128 B
// line) is accepted at the input, crosses an input pipeline of Latency-1
// stages (mrpb_inpipe) and reaches the enqueue point, where it is written into
// the queue of its signature (warp ID, block ID or in-block warp ID;
// mrpb_queues). Each cycle one request moves into the outbound slot
// (mrpb_outslot), chosen in this order:
//   1. flush, write at the enqueue point: drain its queue, one request per
//      cycle, then pass the write itself (writes are never stored);
//   2. flush, read at the enqueue point and its queue full: drain that queue;
//   3. the drain policy (mrpb_drain_sel) over the queues as they are after
//      this cycle's enqueue (split cycle: enqueue, then dequeue), so a request
//      written to an empty queue may leave in the same cycle.
// Space freed by this cycle's drain is not used by this cycle's enqueue. With
// reorder off the queues are unused and the slot takes the enqueue point's
// request directly (the paper's "bypass only" single slot). The slot presents
// its request to the L1; refused reads may bypass the L1 (bypass mode).
// Modes are static: they may change only while rst_ni is low.
//
// Example (flush, fixed-order, Latency 1): queue 3 holds reads A, B; a write W
// for queue 3 arrives: cycle 0 drain A (flush), cycle 1 drain B (flush),
// cycle 2 W enters the slot (write) and in_ready_o rises; the L1 sees A, B, W.
module mrpb #(
  parameter int NumQueues = 48,             // signature queues, 1..64
  parameter int Depth     = 8,              // entries per queue, 1..64
  parameter int Latency   = 5,              // accept-to-present cycles, 1..18
  parameter int AddrW     = 25,             // line address bits
  parameter int TagW      = 8,              // opaque tag bits
  localparam int QW   = (NumQueues > 1) ? $clog2(NumQueues) : 1,  // queue index width
  localparam int CntW = $clog2(Depth + 1),                        // occupancy width
  localparam int EW   = AddrW + TagW + 1                          // entry: {write, tag, addr}
) (
  input  logic                      clk_i,            // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                      rst_ni,           // asynchronous reset, active low
  // verilator lint_on SYNCASYNCNET
  // modes (static while out of reset)
  input  logic [1:0]                signature_i,      // 0 warp ID, 1 block ID, 2 in-block warp ID
  input  logic [1:0]                policy_i,         // 0 fixed-order, 1 longest-first, 2 round-robin
  input  logic                      greedy_i,         // greedy variant of the policy
  input  logic                      flush_i,          // flush logic on (only reads are stored)
  input  logic [1:0]                bypass_i,         // 0 off, 1 on all stalls, 2 on associativity stalls
  input  logic                      reorder_i,        // 0: single slot, no queues ("bypass only")
  // request from the coalescer
  input  logic                      in_valid_i,       // a request
  input  logic                      in_write_i,       // it is a write
  input  logic [5:0]                in_warp_i,        // warp ID in the SM (0..47)
  input  logic [2:0]                in_block_i,       // block ID in the SM (0..7)
  input  logic [4:0]                in_inblock_i,     // warp ID inside its block (0..31)
  input  logic [AddrW-1:0]          in_addr_i,        // line address
  input  logic [TagW-1:0]           in_tag_i,         // opaque tag, returned unchanged
  output logic                      in_ready_o,       // the request is accepted this cycle
  // L1 and next level
  input  logic                      l1_ready_i,       // the L1 takes the slot's request
  input  logic                      l1_stall_assoc_i, // the L1's refusal is an associativity stall
  input  logic                      byp_ready_i,      // the next level takes the bypassed request
  output logic                      out_valid_o,      // the slot holds a request
  output logic                      out_bypass_o,     // it is for the next level (bypass), not the L1
  output logic                      out_write_o,      // it is a write
  output logic [AddrW-1:0]          out_addr_o,       // its line address
  output logic [TagW-1:0]           out_tag_o,        // its tag
  // decisions, for traces and waveforms
  output logic [2:0]                drain_o,          // what entered the slot: 0 none, 1 policy,
                                                      // 2 full-queue drain, 3 write flush,
                                                      // 4 the write, 5 direct (reorder off)
  output logic [QW-1:0]             drain_q_o,        // its queue; 0 when none
  output logic [NumQueues*CntW-1:0] occ_o             // entries of queue i at [i*CntW +: CntW]
);
  localparam logic [2:0] DrNone = 3'd0, DrPolicy = 3'd1, DrFull = 3'd2, DrFlush = 3'd3,
                         DrWrite = 3'd4, DrDirect = 3'd5;

  // --- signature and input pipeline -----------------------------------------
  logic [5:0]      in_sig;                   // the selected header field
  logic [QW-1:0]   in_q;
  logic [QW+EW-1:0] e_data;
  logic            e_valid, e_write, e_stall;
  logic            e_stall_f, e_stall_nf;        // e_stall if the slot takes / does not take
  logic [QW-1:0]   e_q;
  logic [EW-1:0]   e_entry;

  always_comb begin
    case (signature_i)
      2'd1:    in_sig = {3'b0, in_block_i};
      2'd2:    in_sig = {1'b0, in_inblock_i};
      default: in_sig = in_warp_i;
    endcase
    in_q = QW'(32'(in_sig));
  end

  logic [QW+EW-1:0] e_next;
  logic             e_vnext;
  mrpb_inpipe #(.Latency(Latency), .Width(QW + EW)) u_inpipe (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (in_valid_i),
    .data_i  ({in_q, in_write_i, in_tag_i, in_addr_i}),
    .stall_i (e_stall),
    .valid_o (e_valid),
    .data_o  (e_data),
    .next_o  (e_next),
    .vnext_o (e_vnext)
  );

  assign e_q     = e_data[QW+EW-1 -: QW];

  // The enqueue point's queue as a one-hot, decoded a stage ahead and moved
  // with the pipeline (Latency 1: decoded from the input). nx_oh is the
  // queue of the request behind it, which it holds next cycle unless it
  // stalls (e_stall_f / e_stall_nf: if the slot takes / does not take a
  // request); the drain selector registers the length of the queue it will
  // hold a cycle ahead.
  localparam bit RowAhead = Latency > 1;
  logic [NumQueues-1:0] e_oh, nx_oh;
  logic                 e_go;                // ev && !wr_flush (a register when Latency > 1)
  logic [NumQueues-1:0] go_oh;               // e_go & e_oh (a register of its own when Latency > 1)
  logic [NumQueues-1:0] go_nx;               // Latency > 1: go_oh's next value if the enqueue point moves up
  logic [QW-1:0]        e_qc;                // e_q (a register copy when Latency > 1)
  logic                 e_wf, e_rf;          // a write / a read at the enqueue point under flush
                                             //   (ev && [!]e_write && flush_i; registers when Latency > 1)
  logic                 e_keep_oh, e_keep_go; // the enqueue point's queue is replaced (two copies)
  if (Latency == 1) begin : gen_oh_wire
    oh_dec #(.N(NumQueues)) u_e_oh (.idx_i (e_q), .oh_o (e_oh));
    assign nx_oh = '0;
    logic unused_next;
    assign unused_next = ^{e_next, e_vnext, e_stall_f, e_stall_nf, e_keep_oh, e_keep_go};
    assign e_go = ev && !wr_flush;
    assign go_oh = {NumQueues{e_go}} & e_oh;
    assign go_nx = '0;
    assign e_qc = e_q;
    assign e_wf = ev && e_write && flush_i;
    assign e_rf = ev && !e_write && flush_i;
  end else begin : gen_oh_reg
    logic [NumQueues-1:0] e_oh_q;
    oh_dec #(.N(NumQueues)) u_nx_oh (.idx_i (e_next[QW+EW-1 -: QW]), .oh_o (nx_oh));
    always_ff @(posedge clk_i) begin
      if (e_keep_oh) e_oh_q <= nx_oh;
    end
    assign e_oh = e_oh_q;
    // The enqueue point's "may enter its queue" (valid, reordering, not a
    // write under flush), registered with the one-hot: it gates the enqueue
    // into all the queues' thermometers, so it is a flip-flop, not three gates.
    logic e_go_q, go_next;
    assign go_next = e_vnext && reorder_i && !(e_next[EW-1] && flush_i);
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)        e_go_q <= 1'b0;
      else if (e_keep_oh) e_go_q <= go_next;
    end
    assign e_go = e_go_q;
    // The same ANDed with the one-hot, as a register of its own: the enqueue
    // into the drain selector's 48 x 8 thermometer bits then starts at a
    // flip-flop per queue, not at e_go's buffer tree (issue 12). Loaded under
    // its own copy of the slot's answer (e_keep_go), so that e_keep_oh's load
    // does not double; an assertion compares it with e_go & e_oh.
    logic [NumQueues-1:0] go_oh_q;
    assign go_nx = nx_oh & {NumQueues{go_next}};
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)        go_oh_q <= '0;
      else if (e_keep_go) go_oh_q <= go_nx;
    end
    assign go_oh = go_oh_q;
    // The enqueue point's queue index for step 2's compares and its flush
    // flags, registered with it under the same copy: e_q and e_valid, the
    // input pipeline's last stage, fan out to the whole enqueue and drain
    // control (issue 12). Assertions compare them.
    logic [QW-1:0] e_qc_q;
    logic          e_wf_q, e_rf_q;
    (* keep *)
    always_ff @(posedge clk_i) begin
      if (e_keep_go) e_qc_q <= e_next[QW+EW-1 -: QW];
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        e_wf_q <= 1'b0;
        e_rf_q <= 1'b0;
      end else if (e_keep_go) begin
        e_wf_q <= e_vnext && reorder_i && e_next[EW-1] && flush_i;
        e_rf_q <= e_vnext && reorder_i && !e_next[EW-1] && flush_i;
      end
    end
    assign e_qc = e_qc_q;
    assign e_wf = e_wf_q;
    assign e_rf = e_rf_q;
    logic unused_ev;                          // ev, e_write: in the assertions only
    assign unused_ev = ev ^ e_write;
    // verilator lint_off UNUSEDSIGNAL
    logic [EW-2:0] unused_next;
    // verilator lint_on UNUSEDSIGNAL
    assign unused_next = e_next[EW-2:0];
  end
  assign e_entry = e_data[EW-1:0];
  assign e_write = e_entry[EW-1];

  // --- queues and drain control ---------------------------------------------
  logic [NumQueues-1:0]      empty, full;
  logic [NumQueues*CntW-1:0] occ;
  logic [NumQueues*Depth-1:0] occ_th;    // the same as thermometers (mrpb_queues)
  logic [EW-1:0]             head_p, head_e, item;
  logic                      ev, wr_flush, full_rd, e_full, e_empty, enq;
  logic                      slot_free;   // the slot can take a request this cycle
  logic                      pol_valid, pol_en, forced, e_win;
  logic [QW-1:0]             pick;
  logic [NumQueues-1:0]      pre_oh, pop_oh, enq_oh, push_oh;
  logic [2:0]                reason;
  logic [QW-1:0]             dq;

  // The slot's answer (slot_free), copied per group of loads. The L1's and
  // the next level's answers arrive half a cycle in; whether the slot can
  // take a request is sf_idle | (sf_l1 & l1_ready_i) | (sf_byp & byp_ready_i),
  // with the three terms from the slot's registers. Each group (the drain
  // selector, the pops and the pushes of each QG queues, the slot's load, the
  // drain outputs, the input pipeline, the enqueue point's queue, in_ready_o)
  // has its own late_ao, so a late input drives some twenty small gates, not
  // one node with a buffer tree of some 300 loads (rtl/late_ao.sv).
  // The slot's state as seen by the late_ao copies, whose inputs synthesis
  // does not buffer (they are mapped on their own): kept register copies, one
  // per queue group (its pop and push copies) and one for the rest, instead of
  // the slot's valid and bypass through gates into every copy (1.2 ns of
  // slopes on the input pipeline's hold; issue 12). An assertion compares them.
  localparam int QG = 8;                         // queues per copy for the pops and pushes
  localparam int NG = (NumQueues + QG - 1) / QG;
  localparam int NSF = NG + 1;
  logic [NSF-1:0] sfc_idle, sfc_l1, sfc_byp;
  logic           slot_vd, slot_bd;              // the slot's valid and bypass next cycle
  for (genvar c = 0; c < NSF; c++) begin : gen_sf
    logic idle_q, l1_q, byp_q;
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        idle_q <= 1'b1;
        l1_q   <= 1'b0;
        byp_q  <= 1'b0;
      end else begin
        idle_q <= !slot_vd;
        l1_q   <= slot_vd && !slot_bd;
        byp_q  <= slot_vd && slot_bd;
      end
    end
    assign sfc_idle[c] = idle_q;
    assign sfc_l1[c]   = l1_q;
    assign sfc_byp[c]  = byp_q;
  end
  logic sf_idle, sf_l1, sf_byp;
  logic free_sel, free_load, free_out;
  logic [NG-1:0] free_pop, free_push;
  assign sf_idle = sfc_idle[NG];
  assign sf_l1   = sfc_l1[NG];
  assign sf_byp  = sfc_byp[NG];
  late_ao u_free_sel  (.a_i (sf_idle), .b_i (sf_l1), .c_i (sf_byp), .x_i (l1_ready_i), .z_i (byp_ready_i), .y_o (free_sel));
  for (genvar g = 0; g < NG; g++) begin : gen_free_q   // one pair per QG queues
    late_ao u_free_pop  (.a_i (sfc_idle[g]), .b_i (sfc_l1[g]), .c_i (sfc_byp[g]), .x_i (l1_ready_i), .z_i (byp_ready_i),
                         .y_o (free_pop[g]));
    late_ao u_free_push (.a_i (sfc_idle[g]), .b_i (sfc_l1[g]), .c_i (sfc_byp[g]), .x_i (l1_ready_i), .z_i (byp_ready_i),
                         .y_o (free_push[g]));
  end
  late_ao u_free_load (.a_i (sf_idle), .b_i (sf_l1), .c_i (sf_byp), .x_i (l1_ready_i), .z_i (byp_ready_i), .y_o (free_load));
  late_ao u_free_out  (.a_i (sf_idle), .b_i (sf_l1), .c_i (sf_byp), .x_i (l1_ready_i), .z_i (byp_ready_i), .y_o (free_out));

  assign ev       = e_valid && reorder_i;
  // The enqueue point's queue full / empty: with Latency > 1, bits of its
  // length registered a cycle ahead by the drain selector (e_row), not a
  // select of the 48 queues' flags (issue 12); an assertion compares them.
  logic [Depth-1:0] e_row;
  if (RowAhead) begin : gen_e_flags_reg
    assign e_full  = e_row[Depth-1];
    assign e_empty = !e_row[0];
  end else begin : gen_e_flags_sel
    assign e_full  = |(full & e_oh);
    assign e_empty = |(empty & e_oh);
    logic unused_row;
    assign unused_row = ^e_row;
  end
  assign wr_flush = e_wf;
  assign full_rd  = e_rf && e_full;
  assign enq      = e_go && !e_full;                  // ev && !wr_flush && !e_full, e_go a register
  assign enq_oh   = {NumQueues{e_go}} & e_oh & ~full;   // enq, one-hot (no e_full on its path)
  // The policy drains unless the enqueue point asks for its own queue;
  // a write for an empty queue passes itself (no queue is drained).
  assign pol_en   = reorder_i && !wr_flush && !full_rd;
  assign forced   = (wr_flush && !e_empty) || full_rd;

  // The policy's pick on the queues after this cycle's enqueue: pre_oh (chosen
  // a cycle ahead) unless the enqueue point's queue wins (e_win).
  mrpb_drain_sel #(.NumQueues(NumQueues), .Depth(Depth), .RowAhead(RowAhead)) u_drain_sel (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .policy_i  (policy_i),
    .greedy_i  (greedy_i),
    .th_i      (occ_th),
    .enq_i     (enq),
    .go_oh_i   (go_oh),
    .e_q_i     (e_q),
    .e_qc_i    (e_qc),
    .e_oh_i    (e_oh),
    .en_i      (pol_en),
    .forced_i  (forced),
    .fire_i    (free_sel),
    .nx_oh_i   (nx_oh),
    .nx_f_i    (!e_stall_f),
    .nx_nf_i   (!e_stall_nf),
    .pre_oh_o  (pre_oh),
    .e_win_o   (e_win),
    .pick_o    (pick),
    .valid_o   (pol_valid),
    .e_row_o   (e_row)
  );

  // Drain source: write flush > full-queue drain > policy; nothing while the
  // slot is busy. reason_if and dq_if are what enters the slot if it can take
  // a request; slot_free, the L1's answer half a cycle in, only gates them
  // (`keep`: synthesis maps without the inputs' arrival times and would
  // otherwise bury the late signal deep in the cone).
  (* keep *) logic [2:0]    reason_if;
  (* keep *) logic [QW-1:0] dq_if;
  always_comb begin
    reason_if = DrNone;
    dq_if     = '0;
    if (!reorder_i) begin
      if (e_valid) begin
        reason_if = DrDirect;
        dq_if     = e_q;
      end
    end else if (wr_flush) begin
      reason_if = e_empty ? DrWrite : DrFlush;
      dq_if     = e_q;
    end else if (full_rd) begin
      reason_if = DrFull;
      dq_if     = e_q;
    end else if (pol_valid) begin
      reason_if = DrPolicy;
      dq_if     = pick;
    end
  end
  assign reason = free_out ? reason_if : DrNone;
  assign dq     = free_out ? dq_if : '0;

  // A queue drain pops the head: of pre_oh, or of the enqueue point's queue. When
  // the policy picks the enqueue point's queue and it is empty, the request
  // falls through: neither written nor popped. Both heads are read from
  // registers (pre_oh, e_oh), before the choice between them is known.
  //
  // slot_free (the L1's answer, half a cycle in) is the last input: the queue
  // to pop and the request that falls through are settled without it, and
  // kept as wires so that synthesis puts only an AND between slot_free and
  // the queues' registers.
  logic pop_if, ft_if;                          // a pop / a fall-through if the slot takes
  (* keep *) logic [NumQueues-1:0] pop_sel;     // the queue popped if the slot takes
  (* keep *) logic [NumQueues-1:0] push_ft;     // the queue written if the slot takes
  assign pop_if  = forced || (pol_en && pol_valid && !(e_win && e_empty));
  assign ft_if   = pol_en && e_win && e_empty;
  assign pop_sel = {NumQueues{pop_if}} & ((pol_en && !e_win) ? pre_oh : e_oh);
  assign push_ft = ft_if ? '0 : enq_oh;
  // The same for the thermometers, before step 2's choice: a, the policy
  // drains pick (or nothing drains); b, queue e is drained (e wins or a
  // forced drain) or its request falls through. sel_b, from the choice, picks.
  logic                 sel_b;
  logic [NumQueues-1:0] pop_a, th_push_n, th_push_a, th_push_b, th_pop_b, th_ahead;
  assign sel_b  = e_win || forced;
  assign pop_a  = {NumQueues{pol_en && pol_valid}} & pre_oh;
  if (RowAhead) begin : gen_th_ahead
    // Latency > 1: the thermometers count the enqueue point's request when
    // it may enter its queue (go_oh; a full queue's do not move), the state
    // after the enqueue that step 1 starts from, so that no enqueue gate is
    // in front of it (issue 12). The request behind the enqueue point is
    // known a cycle ahead: the thermometer moves up by the enqueue point's
    // next go_oh (go_f if the slot takes, go_n if not: whether it moves up is
    // the late select) and down by the queue drained, where a fall-through
    // counts as a drain of queue e (its request is in the thermometer).
    // sel_b implies forced or pol_en (e wins only when it may enter).
    logic [NumQueues-1:0] go_f, go_n;
    assign go_f      = e_stall_f  ? go_oh : go_nx;
    assign go_n      = e_stall_nf ? go_oh : go_nx;
    assign th_push_n = go_n;
    assign th_push_a = go_f;
    assign th_push_b = go_f;
    assign th_pop_b  = {NumQueues{forced || pol_en}} & e_oh;
    assign th_ahead  = enq_oh;
  end else begin : gen_th_now
    assign th_push_n = enq_oh;
    assign th_push_a = enq_oh;
    assign th_push_b = (pol_en && e_empty) ? '0 : enq_oh;
    assign th_pop_b  = {NumQueues{forced || (pol_en && pol_valid && !e_empty)}} & e_oh;
    assign th_ahead  = '0;
    logic unused_go_nx;
    assign unused_go_nx = ^go_nx;
  end
  for (genvar i = 0; i < NumQueues; i++) begin : gen_popush
    assign pop_oh[i]  = free_pop[i / QG] & pop_sel[i];
    assign push_oh[i] = free_push[i / QG] ? push_ft[i] : enq_oh[i];
  end
  // What enters the slot if it loads (reason_if: the slot ignores it otherwise).
  always_comb begin
    case (reason_if)
      DrPolicy:       item = !e_win ? head_p : (e_empty ? e_entry : head_e);
      DrFull, DrFlush: item = head_e;
      default:        item = e_entry;
    endcase
  end

  // The enqueue point hands its request on: stored (no slot needed), or as
  // the write or the direct request if the slot takes it.
  (* keep *) logic e_take_if;
  logic            e_keep;                     // stored: no slot needed
  assign e_take_if  = !reorder_i || (wr_flush && e_empty);
  assign e_keep     = reorder_i && !wr_flush && enq;
  assign e_stall_f  = e_valid && !(e_keep || e_take_if);
  assign e_stall_nf = e_valid && !e_keep;
  // "The enqueue point does not stall" = !e_valid | e_keep | (slot_free &
  // e_take_if): the terms before the slot's answer from their own small cone
  // of flip-flops (rtl/mrpb_take.sv, mapped on its own), then four late_ao
  // copies with no gate after them: in_ready_o, the input pipeline's moves,
  // the reload of the enqueue point's one-hot and of go_oh.
  logic e_adv, rdy_a, take_l1, take_byp;
  mrpb_take u_take_pre (.valid_i (e_valid), .reorder_i (reorder_i), .go_i (e_go), .wf_i (e_wf),
                        .full_i (e_full), .empty_i (e_empty), .idle_i (sf_idle), .l1_i (sf_l1),
                        .byp_i (sf_byp), .ready_o (rdy_a), .take_l1_o (take_l1), .take_byp_o (take_byp));
  late_ao u_take    (.a_i (rdy_a), .b_i (take_l1), .c_i (take_byp), .x_i (l1_ready_i), .z_i (byp_ready_i), .y_o (e_adv));
  late_ao u_take_oh (.a_i (rdy_a), .b_i (take_l1), .c_i (take_byp), .x_i (l1_ready_i), .z_i (byp_ready_i), .y_o (e_keep_oh));
  late_ao u_take_go (.a_i (rdy_a), .b_i (take_l1), .c_i (take_byp), .x_i (l1_ready_i), .z_i (byp_ready_i), .y_o (e_keep_go));
  late_ao u_ready   (.a_i (rdy_a), .b_i (take_l1), .c_i (take_byp), .x_i (l1_ready_i), .z_i (byp_ready_i), .y_o (in_ready_o));
  assign e_stall = !e_adv;                     // e_valid && !(e_keep || (slot_free && e_take_if))

  mrpb_queues #(.NumQueues(NumQueues), .Depth(Depth), .Width(EW), .Group(QG)) u_queues (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .push_i   (push_oh),
    .wdata_i  (e_entry),
    .pop_i    (pop_oh),
    .push_n_i (th_push_n),
    .push_a_i (th_push_a),
    .pop_a_i  (pop_a),
    .push_b_i (th_push_b),
    .pop_b_i  (th_pop_b),
    .ahead_i  (th_ahead),
    .sel_b_i  (sel_b),
    .fire_i   (free_pop),
    .rd_p_i   (pre_oh),
    .rd_e_i   (e_oh),
    .head_p_o (head_p),
    .head_e_o (head_e),
    .empty_o  (empty),
    .full_o   (full),
    .occ_o    (occ),
    .th_o     (occ_th)
  );

  // --- outbound slot -----------------------------------------------------------
  logic [EW-1:0] out_entry;

  mrpb_outslot #(.Width(EW)) u_outslot (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .load_i           (free_load && reason_if != DrNone),
    .data_i           (item),
    .bypass_mode_i    (bypass_i),
    .l1_ready_i       (l1_ready_i),
    .l1_stall_assoc_i (l1_stall_assoc_i),
    .byp_ready_i      (byp_ready_i),
    .free_o           (slot_free),
    .valid_o          (out_valid_o),
    .bypass_o         (out_bypass_o),
    .data_o           (out_entry),
    .valid_d_o        (slot_vd),
    .bypass_d_o       (slot_bd)
  );

  assign out_write_o = out_entry[EW-1];
  assign out_tag_o   = out_entry[AddrW +: TagW];
  assign out_addr_o  = out_entry[AddrW-1:0];
  assign drain_o     = reason;
  assign drain_q_o   = dq;
  assign occ_o       = occ;

`ifndef SYNTHESIS
  // Usage checks (Verilator --assert; Yosys defines SYNTHESIS).
  logic [8:0] f_mode_q;
  logic       f_run_q;
  always_ff @(posedge clk_i) begin
    f_mode_q <= {signature_i, policy_i, greedy_i, flush_i, bypass_i, reorder_i};
    f_run_q  <= rst_ni;
    if (rst_ni) begin
      assert (signature_i != 2'd3 && policy_i != 2'd3 && bypass_i != 2'd3)
        else $error("mrpb: mode value 3 is not defined");
      assert (!(f_run_q && f_mode_q != {signature_i, policy_i, greedy_i, flush_i, bypass_i, reorder_i}))
        else $error("mrpb: a mode changed out of reset");
      assert (!in_valid_i || 32'(in_sig) < NumQueues)
        else $error("mrpb: signature %0d >= NumQueues", in_sig);
      assert (!e_valid || (e_full == |(full & e_oh) && e_empty == |(empty & e_oh)))
        else $error("mrpb: the enqueue point's full/empty flags differ from its queue's");
      assert (sfc_idle == {NSF{!out_valid_o}} && sfc_l1 == {NSF{out_valid_o && !out_bypass_o}}
              && sfc_byp == {NSF{out_valid_o && out_bypass_o}})
        else $error("mrpb: a copy of the slot's state differs from the slot's");
      assert ({free_sel, free_load, free_out} == {3{slot_free}} && free_pop == {NG{slot_free}}
              && free_push == {NG{slot_free}})
        else $error("mrpb: a copy of slot_free differs from the slot's");
      // the registered copies of the enqueue point's state (also under FORMAL)
      assert (go_oh == ({NumQueues{e_go}} & e_oh) && e_go == (ev && !wr_flush))
        else $error("mrpb: go_oh or e_go differs from the enqueue point's");
      assert (e_wf == (ev && e_write && flush_i) && e_rf == (ev && !e_write && flush_i))
        else $error("mrpb: the registered flush flags differ");
      assert (!e_valid || e_qc == e_q) else $error("mrpb: the copy of e_q differs");
      assert (e_stall == (e_valid && !(e_keep || (slot_free && e_take_if)))
              && {e_keep_oh, e_keep_go, in_ready_o} == {3{!e_stall}})
        else $error("mrpb: the enqueue point's stall (mrpb_take) differs");
    end
  end
`endif

`ifdef FORMAL
  // Properties of the drain control, checked by BMC from reset with any
  // modes and requests (tests/formal/mrpb_top.sv, tests/formal.sh):
  //   a request enters the slot only when the slot can take it, and the
  //   reason names a source that exists; writes never bypass; with flush on
  //   no write is stored (every drained queue entry is a read), and a write
  //   leaves only when its queue is empty; a full queue is drained before a
  //   read enters it; in_ready_o is low only for a request it cannot take.
  always @* begin
    if (rst_ni) begin
      assert (reason <= DrDirect);
      if (reason != DrNone) assert (slot_free);
      if (out_bypass_o) assert (out_valid_o && !out_write_o);
      if (flush_i && reorder_i && pop_oh != '0) assert (!item[EW-1]);
      if (reason == DrWrite) assert (e_write && e_empty && flush_i);
      if (reason == DrFlush) assert (e_write && !e_empty && dq == e_q);
      if (reason == DrFull) assert (!e_write && e_full && dq == e_q);
      assert ((push_oh & ~(e_oh & ~full)) == '0);
      if (pop_oh != '0) assert ((empty & pop_oh) == '0 && pop_oh == {{(NumQueues-1){1'b0}}, 1'b1} << dq);
      if (!in_ready_o) assert (e_valid);
      assert (e_stall == (e_valid && !(e_keep || (slot_free && e_take_if))));
      assert ({e_keep_oh, e_keep_go, in_ready_o} == {3{!e_stall}});
      if (e_valid) assert (e_oh == {{(NumQueues-1){1'b0}}, 1'b1} << e_q);
      assert (e_go == (ev && !wr_flush));
      assert (e_wf == (ev && e_write && flush_i) && e_rf == (ev && !e_write && flush_i));
      if (e_valid) assert (e_qc == e_q);
      assert (go_oh == ({NumQueues{e_go}} & e_oh));
      if (!reorder_i) assert (empty == '1 && push_oh == '0);
      // the enqueue point's flags (from e_row_q when Latency > 1) are its queue's
      if (e_valid) assert (e_full == |(full & e_oh) && e_empty == |(empty & e_oh));
    end
  end
  // Not vacuous: every drain reason, a bypass and a full queue occur in the
  // directed tests (tests/stim/mrpb_*.stim) of this same RTL. (Cover
  // statements here send yosys-smtbmc -c with z3 past 15 minutes.)
`endif
endmodule
