// apres_laws: APRES' locality-aware warp scheduler (LAWS; APRES paper
// section IV-A; docs/apres.md, cmodel/apres_laws.h).
//
// * LLT: a last-load PC and a valid bit ("has loaded") per warp.
// * Grouping, two stages: the cycle a warp issues a global load it takes the
//   lowest free WGT entry (ld_gid_o), its old LLPC is registered as the key
//   and LLT[warp] = pc at the edge; the next cycle the key is compared with
//   every warp's LLPC (only the loading warp's entry changed meanwhile, and
//   that warp is in its group anyway) and the group vector is written into
//   the entry, valid from the edge on.
// * Scheduling queue: an "is ahead of" relation over the warps, one flip-flop
//   per pair i < j (ahead_q[i][j]: i is ahead of j; j ahead of i is its
//   complement; the bits j <= i of row i are constant 0, no flip-flops after
//   synthesis), reset to the order 0, 1, ..., N-1. Moving a group G to the
//   head sets "i ahead of j" for i in G, j not in G (and clears it the other
//   way round); pairs on the same side keep their relation, so both sides
//   keep their relative order (a stable partition). The issue output is the
//   ready warp that no ready warp is ahead of, one per warp scheduler sharing
//   the queue (Scheds: scheduler k's warps are w % Scheds == k, its output
//   the first ready one of them; a picker each, on the same relation).
// * At the edge: the feedback's move (hit: head, miss: tail), then the
//   prefetch target's: to the head, behind the targets already there in the
//   order they came (pf_set_q, a prefix of the queue: a hit's group goes in
//   front of them and ends the run, a miss's group leaves it), in front of
//   every other warp.
//
// Example (N = 4, queue 0 1 2 3): feedback hit for the group {1, 3} -> queue
// 1 3 0 2; then ready_i = 4'b0101 issues warp 0.
module apres_laws #(
  parameter int NumWarps   = 48,                                // warps per SM, 1..64
  parameter int PcW        = 32,                                // load PC bits
  parameter int WgtEntries = 3,                                 // WGT entries, 1..8
  parameter int Scheds     = 1,                                 // warp schedulers sharing the queue, 1..4
  localparam int IdxW = (NumWarps > 1) ? $clog2(NumWarps) : 1,  // warp index width
  localparam int GidW = (WgtEntries > 1) ? $clog2(WgtEntries) : 1 // group ID width
) (
  input  logic                clk_i,           // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                rst_ni,          // asynchronous reset, active low
  // verilator lint_on SYNCASYNCNET
  input  logic [NumWarps-1:0] ready_i,         // the warps that can issue this cycle
  input  logic                ld_valid_i,      // a warp issues a global load
  input  logic [IdxW-1:0]     ld_warp_i,       // its warp
  input  logic [PcW-1:0]      ld_pc_i,         // its PC
  input  logic                fb_valid_i,      // LSU feedback of a grouped load
  input  logic [GidW-1:0]     fb_gid_i,        // its group ID
  input  logic                fb_hit_i,        // 1 hit (group to the head), 0 miss (to the tail)
  input  logic                pf_valid_i,      // SAP issued a prefetch
  input  logic [IdxW-1:0]     pf_warp_i,       // for this warp (to the head, in front of all)
  output logic [Scheds-1:0]      issue_valid_o,  // per scheduler k: a ready warp of its own exists
  output logic [Scheds*IdxW-1:0] issue_warp_o,   // [k*IdxW +: IdxW]: its first ready warp in queue order; 0 when none
  output logic                ld_gid_valid_o,  // the load carries a group (0: WGT full)
  output logic [GidW-1:0]     ld_gid_o,        // its group ID; 0 when none
  output logic                miss_valid_o,    // feedback miss of a valid group
  output logic [NumWarps-1:0] miss_group_o,    // that group's warps (SAP's warp queue); 0 when none
  output logic                fb_stale_o       // the feedback named no valid entry: ignored
);
  logic [PcW-1:0]      llt_pc_q [NumWarps];     // warp w's last load PC (a word per warp: cheap to simulate)
  logic [NumWarps-1:0] llt_v_q, llt_v_d;
  logic [WgtEntries*NumWarps-1:0] wgt_vec_q, wgt_vec_d;  // entry e: [e*NumWarps +: NumWarps]
  logic [WgtEntries-1:0] wgt_res_q, wgt_res_d;   // reserved: the group is being formed
  logic [WgtEntries-1:0] wgt_val_q, wgt_val_d;   // valid: the group waits for its feedback
  logic                p_valid_q, p_valid_d;     // stage 2: a load's group to form
  logic [IdxW-1:0]     p_warp_q, p_warp_d;
  logic [GidW-1:0]     p_gid_q, p_gid_d;
  logic [PcW-1:0]      p_key_q, p_key_d;         // the loading warp's old LLPC
  logic                p_key_v_q, p_key_v_d;     // ... and whether it had one
  // row i: bit j set when warp i is ahead of warp j (j > i only); whole
  // words, so that a simulator moves a row in a few word operations
  logic [NumWarps-1:0] ahead_q [NumWarps];
  logic [NumWarps-1:0] pf_set_q;                 // the prefetch targets at the head (a prefix)
  logic [NumWarps-1:0] pf_before;                // those the cycle's target goes behind

  logic                ld_ok, pf_ok, fb_ok, any_free;
  logic [NumWarps-1:0] ld_oh, pf_oh, p_oh, grp, fb_grp, move_g;
  logic [Scheds*NumWarps-1:0] win;               // scheduler k's winner: [k*NumWarps +: NumWarps]
  logic [WgtEntries-1:0] free, fb_sel, new_oh;
  logic [GidW-1:0]     new_gid;

  // Warp IDs the configuration has (all of them when N is a power of two).
  if (NumWarps == (1 << IdxW)) begin : gen_all_ids
    assign ld_ok = ld_valid_i;
    assign pf_ok = pf_valid_i;
  end else begin : gen_id_check
    assign ld_ok = ld_valid_i && ld_warp_i <= IdxW'(NumWarps - 1);
    assign pf_ok = pf_valid_i && pf_warp_i <= IdxW'(NumWarps - 1);
  end

  always_comb begin
    for (int w = 0; w < NumWarps; w++) begin
      ld_oh[w] = ld_warp_i == IdxW'(w);
      pf_oh[w] = pf_ok && pf_warp_i == IdxW'(w);
      p_oh[w]  = p_warp_q == IdxW'(w);
    end
  end

  // The lowest free WGT entry.
  always_comb begin
    free     = ~(wgt_res_q | wgt_val_q);
    any_free = |free;
    new_gid  = '0;
    for (int e = WgtEntries - 1; e >= 0; e--) begin
      if (free[e]) new_gid = GidW'(e);
    end
    for (int e = 0; e < WgtEntries; e++) new_oh[e] = free[e] && new_gid == GidW'(e);
  end

  assign ld_gid_valid_o = ld_ok && any_free;
  assign ld_gid_o       = ld_gid_valid_o ? new_gid : '0;

  // Feedback: the entry it names, if valid, and its group.
  always_comb begin
    fb_grp = '0;
    for (int e = 0; e < WgtEntries; e++) begin
      fb_sel[e] = fb_valid_i && fb_gid_i == GidW'(e) && wgt_val_q[e];
      if (fb_sel[e]) fb_grp = fb_grp | wgt_vec_q[e*NumWarps +: NumWarps];
    end
    fb_ok = |fb_sel;
  end

  assign fb_stale_o   = fb_valid_i && !fb_ok;
  assign miss_valid_o = fb_ok && !fb_hit_i;
  assign miss_group_o = miss_valid_o ? fb_grp : '0;
  assign move_g       = fb_grp;   // zero without a valid feedback
  assign pf_before    = (fb_ok ? (fb_hit_i ? '0 : pf_set_q & ~fb_grp) : pf_set_q) & ~pf_oh;

  // Stage 2: the group of the load of the last cycle.
  always_comb begin
    for (int i = 0; i < NumWarps; i++) begin
      grp[i] = p_oh[i] || (p_key_v_q && llt_v_q[i] && llt_pc_q[i] == p_key_q);
    end
  end

  // Next state of the tables and the stage register.
  always_comb begin
    llt_v_d   = llt_v_q;
    wgt_vec_d = wgt_vec_q;
    wgt_res_d = wgt_res_q;
    wgt_val_d = wgt_val_q;
    p_valid_d = ld_ok && any_free;
    p_warp_d  = p_warp_q;
    p_gid_d   = p_gid_q;
    p_key_d   = p_key_q;
    p_key_v_d = p_key_v_q;
    for (int e = 0; e < WgtEntries; e++) begin
      if (p_valid_q && p_gid_q == GidW'(e)) begin
        wgt_vec_d[e*NumWarps +: NumWarps] = grp;
        wgt_val_d[e] = 1'b1;
        wgt_res_d[e] = 1'b0;
      end
      if (fb_sel[e]) wgt_val_d[e] = 1'b0;
      if (ld_ok && new_oh[e]) wgt_res_d[e] = 1'b1;
    end
    if (ld_ok) begin
      p_warp_d  = ld_warp_i;
      p_gid_d   = new_gid;
      p_key_d   = '0;
      p_key_v_d = 1'b0;
      for (int w = 0; w < NumWarps; w++) begin
        if (ld_oh[w]) begin
          p_key_d     = p_key_d | llt_pc_q[w];
          p_key_v_d   = p_key_v_d | llt_v_q[w];
          llt_v_d[w]  = 1'b1;
        end
      end
    end
  end

  // The queue's issue: the first ready warp of the queue (order_pick, shared
  // with tbas and mapped on its own). Pair (a, b), a < b, row a: a is ahead
  // of b (ahead_q[a][b]), else b is ahead of a. Every warp may issue.
  // scheduler k's warps (a constant)
  function automatic logic [NumWarps-1:0] own_mask(int k);
    for (int w = 0; w < NumWarps; w++) own_mask[w] = (w % Scheds) == k;
  endfunction
`ifdef FAST_SIM_PRIMS
  // Simulation: order_pick's function on ahead_q in place, the relation not
  // built as rows and only the rows of the ready warps read
  // (tests/formal.sh proves the block equal to the structure in the else
  // branch, register for register and output for output).
  for (genvar k = 0; k < Scheds; k++) begin : gen_sched
    logic [NumWarps-1:0] req, w;
    assign req = ready_i & own_mask(k);
    always_comb begin
      logic [NumWarps-1:0] behind_lo, behind_hi;
      behind_lo = '0;
      behind_hi = '0;
      for (int a = 0; a < NumWarps; a++) begin
        if (req[a]) begin
          behind_lo    = behind_lo | (({NumWarps{1'b1}} << (a + 1)) & ahead_q[a]);
          behind_hi[a] = |(req & ({NumWarps{1'b1}} << (a + 1)) & ~ahead_q[a]);
        end
      end
      w = req & ~behind_lo & ~behind_hi;
    end
    assign win[k*NumWarps +: NumWarps] = w;
    assign issue_valid_o[k] = |req;
    always_comb begin
      issue_warp_o[k*IdxW +: IdxW] = '0;
      for (int i = 0; i < NumWarps; i++) begin
        if (w[i]) issue_warp_o[k*IdxW +: IdxW] = issue_warp_o[k*IdxW +: IdxW] | IdxW'(i);
      end
    end
  end
`else
  // Rows RowW apart, a whole number of 32-bit words (the padding is zero and
  // unread): a Verilated model writes and reads each row as whole words.
  // (A loop, not a generate loop of assigns: Verilator merged those into one
  // chain of wide concatenations, each level a copy of the whole vector.)
  localparam int RowW = (NumWarps + 31) / 32 * 32;
  logic [NumWarps*RowW-1:0] a_first, b_first;
  always_comb begin
    logic [RowW-1:0] a_row, b_row;
    for (int a = 0; a < NumWarps; a++) begin
      a_row = '0;
      b_row = '0;
      a_row[NumWarps-1:0] = ahead_q[a];
      b_row[NumWarps-1:0] = ~ahead_q[a];
      a_first[a*RowW +: RowW] = a_row;
      b_first[a*RowW +: RowW] = b_row;
    end
  end
  for (genvar k = 0; k < Scheds; k++) begin : gen_sched
    order_pick #(.N(NumWarps), .RowW(RowW)) u_pick (.req_i(ready_i & own_mask(k)), .en_i('1), .lo_first_i(a_first),
                                       .hi_first_i(b_first), .valid_o(issue_valid_o[k]),
                                       .win_o(win[k*NumWarps +: NumWarps]), .idx_o(issue_warp_o[k*IdxW +: IdxW]));
  end
`endif

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int w = 0; w < NumWarps; w++) llt_pc_q[w] <= '0;
      llt_v_q   <= '0;
      wgt_vec_q <= '0;
      wgt_res_q <= '0;
      wgt_val_q <= '0;
      p_valid_q <= 1'b0;
      p_warp_q  <= '0;
      p_gid_q   <= '0;
      p_key_q   <= '0;
      p_key_v_q <= 1'b0;
      for (int i = 0; i < NumWarps; i++) ahead_q[i] <= {NumWarps{1'b1}} << (i + 1);   // the order 0, 1, ..., N-1
      pf_set_q  <= '0;
    end else begin
      for (int w = 0; w < NumWarps; w++) begin   // LLT[warp] = pc
        if (ld_ok && ld_oh[w]) llt_pc_q[w] <= ld_pc_i;
      end
      llt_v_q   <= llt_v_d;
      wgt_vec_q <= wgt_vec_d;
      wgt_res_q <= wgt_res_d;
      wgt_val_q <= wgt_val_d;
      p_valid_q <= p_valid_d;
      p_warp_q  <= p_warp_d;
      p_gid_q   <= p_gid_d;
      p_key_q   <= p_key_d;
      p_key_v_q <= p_key_v_d;
      // Row i's next value (written here, not in an always_comb, so that a
      // simulator computes it at the clock edge only): the feedback's move
      // (if i moves, i is ahead of the warps that stay exactly when the group
      // goes to the head; if i stays, i is ahead of the warps that move
      // exactly when they go to the tail), then the prefetch target's
      // (pf_oh is one-hot: behind the warps of pf_before, ahead of the
      // others), bits j > i only.
`ifdef FAST_SIM_PRIMS
      // Simulation: in a cycle without a move (no feedback group, no
      // prefetch target) the expression below is each row masked to bits
      // j > i; only such a cycle takes this branch.
      if (move_g == '0 && pf_oh == '0) begin
        for (int i = 0; i < NumWarps; i++) ahead_q[i] <= ahead_q[i] & ({NumWarps{1'b1}} << (i + 1));
      end else
`endif
      for (int i = 0; i < NumWarps; i++) begin
        ahead_q[i] <= (pf_oh[i] ? ~pf_before
                       : ((move_g[i] ? (ahead_q[i] & move_g) | (~move_g & {NumWarps{fb_hit_i}})
                                     : (ahead_q[i] & ~move_g) | (move_g & {NumWarps{!fb_hit_i}})) & ~pf_oh)
                         | (pf_oh & {NumWarps{pf_before[i]}}))
                      & ({NumWarps{1'b1}} << (i + 1));
      end
      pf_set_q <= pf_before | pf_oh;
    end
  end

`ifndef SYNTHESIS
  // Usage and invariant checks (Verilator --assert; Yosys defines SYNTHESIS).
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      for (int k = 0; k < Scheds; k++) begin
        assert ((win[k*NumWarps +: NumWarps] & (win[k*NumWarps +: NumWarps] - 1'b1)) == '0)
          else $error("apres_laws: two warps first in the queue");
        assert ((win[k*NumWarps +: NumWarps] != '0) == ((ready_i & own_mask(k)) != '0))
          else $error("apres_laws: no first ready warp");
      end
      assert ((wgt_res_q & wgt_val_q) == '0) else $error("apres_laws: a WGT entry reserved and valid");
      if (p_valid_q) assert (wgt_res_q[p_gid_q]) else $error("apres_laws: stage 2 without its reserved entry");
    end
  end
`endif

`ifdef FORMAL
  // The relation stays a strict total order: no three warps in a cycle
  // (antisymmetry and totality hold by construction, one bit per pair), so
  // the queue is a permutation of the warps whatever the events. Proved by
  // induction in tests/formal.sh (tests/formal/apres_laws_top.sv) at the
  // small sizes the solver handles; the assertions exist up to 8 warps (at
  // 48 they would be 17 296 generate blocks for every tool that reads the
  // file with -formal).
  if (NumWarps > 2 && NumWarps <= 8) begin : gen_f_order
    logic [NumWarps*NumWarps-1:0] f_rows;
    for (genvar i = 0; i < NumWarps; i++) begin : gen_f_row
      assign f_rows[i*NumWarps +: NumWarps] = ahead_q[i];
    end
    f_total_order #(.N(NumWarps)) u_f_order (.en_i(rst_ni), .rows_i(f_rows));
    // The prefetch targets at the head are a prefix of the queue: each is
    // ahead of every warp outside the set (what keeps a target's move from
    // closing a cycle).
    for (genvar a = 0; a < NumWarps; a++) begin : gen_f_pa
      for (genvar b = a + 1; b < NumWarps; b++) begin : gen_f_pb
        always @* begin
          if (rst_ni && pf_set_q[a] && !pf_set_q[b]) assert (ahead_q[a][b]);
          if (rst_ni && pf_set_q[b] && !pf_set_q[a]) assert (!ahead_q[a][b]);
        end
      end
    end
    // Reachability, so the proof is not vacuous: the last warp moved in
    // front of the first; a group of two handed to SAP on a miss.
    always @* begin
      if (rst_ni) begin
        cover (!ahead_q[0][NumWarps - 1]);
        cover (miss_valid_o && miss_group_o[0] && miss_group_o[1]);
      end
    end
  end
`endif

`ifndef SYNTHESIS
  // Waveform probes (make waves, cosim --fst; tb/apres_laws_tb.c lists
  // them): the queue as "the warp at position k" and the move of the cycle.
  // Counting positions is N^2 / 2 bit operations a cycle, so they are
  // computed only while a trace is open, which the harness (tb/shim.cpp)
  // answers through DPI at each clock edge (a load and a call; a
  // $test$plusargs there cost about 450 instructions a cycle). A warp's
  // position is the number of warps ahead of it.
  import "DPI-C" function bit memsched_probes_on();
  logic            probe_en;
  // verilator lint_off UNUSEDSIGNAL
  logic [IdxW-1:0] q_at [NumWarps];   // q_at[k]: the warp at position k
  logic [1:0]      ev_move;           // 0 none, 1 a group to the head (hit), 2 to the tail (miss)
  // verilator lint_on UNUSEDSIGNAL
  always_ff @(posedge clk_i) probe_en <= memsched_probes_on();
  always_comb begin
    int pos;
    pos = 0;
    for (int k = 0; k < NumWarps; k++) q_at[k] = '0;
    if (probe_en) begin
      for (int w = 0; w < NumWarps; w++) begin
        pos = $countones(~ahead_q[w] & ({NumWarps{1'b1}} << (w + 1)));
        for (int v = 0; v < w; v++) pos += int'(ahead_q[v][w]);
        q_at[pos] = IdxW'(w);
      end
    end
  end
  assign ev_move = !fb_ok ? 2'd0 : fb_hit_i ? 2'd1 : 2'd2;
`endif
endmodule
