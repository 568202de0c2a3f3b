// tbas: the thread-batch-aware warp scheduler (TBAS; TEMP/TBAS paper
// section 4, Figure 9; docs/tbas.md, cmodel/tbas.h).
//
// * Batch slots: mem_q[b] is the set of live warps bound to slot b (one
//   flip-flop per warp and slot). A launch into a slot whose warps have all
//   exited (or exit in the same cycle) starts a new batch there, the
//   youngest: bold_q is the batches' age order, one flip-flop per slot pair.
// * Snapshot (cycle t): per slot, the active warps after this cycle's
//   launches and exits, counted in groups of up to 8 warps (part_q; the
//   launched warps apart, lpart_q), and whether all of them are active (all_q).
// * Eligibility (cycle t+1): the groups' counts summed and compared.
//   A slot is eligible when it has live warps and at least MinActive
//   active ones, or all of them active.
// * Decision (cycle t+2), from registers only: running slots that are not
//   eligible, or whose slot took a new batch last cycle, are demoted; each
//   eligible pending slot is promoted when the slots kept plus the older
//   eligible pending slots leave a place (the oldest ones, up to RunBatches).
// * Issue (cycle t+3, with that decision's events): greedy-then-oldest over the ready
//   warps of the running slots: the warp issued last while it is ready, else
//   the ready warp no ready warp was launched before (wold_q: the warps'
//   launch order, one flip-flop per pair).
//
// Example (NumWarps 4, MaxBatches 2, RunBatches 1, MinActive 1): warps 0, 1
// launch into slot 0 at cycle 0 and are active (the snapshot); cycle 1
// judges it eligible; cycle 2 promotes slot 0; from cycle 3 run_o = 2'b01
// (prom_o = 2'b01 in cycle 3) and ready_i = 4'b0011 issues warp 0, then
// warp 0 again while it stays ready.
module tbas #(
  parameter int NumWarps   = 48,                                    // warps per SM, 1..64
  parameter int MaxBatches = 8,                                     // batch slots, 1..16
  parameter int RunBatches = 1,                                     // running at once, 1..MaxBatches
  localparam int IdxW  = (NumWarps > 1) ? $clog2(NumWarps) : 1,     // warp index width
  localparam int BatchW = (MaxBatches > 1) ? $clog2(MaxBatches) : 1, // batch slot index width
  localparam int CntW  = $clog2(NumWarps + 1),                      // warp count width
  localparam int G     = (NumWarps < 8) ? NumWarps : 8,             // warps per snapshot group
  localparam int NG    = (NumWarps + G - 1) / G,                    // snapshot groups
  localparam int PartW = $clog2(G + 1)                              // a group's count width
) (
  input  logic                       clk_i,            // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                       rst_ni,           // asynchronous reset, active low
  // verilator lint_on SYNCASYNCNET
  input  logic [CntW-1:0]            min_active_i,     // MinActive; static: changes only in reset
  input  logic [NumWarps-1:0]        launch_i,         // these warps launch ...
  input  logic [BatchW-1:0]          launch_batch_i,   // ... into this batch slot (ignored if >= MaxBatches)
  input  logic [NumWarps-1:0]        exit_i,           // these warps exit
  input  logic [NumWarps-1:0]        active_i,         // not waiting on a long-latency load
  input  logic [NumWarps-1:0]        ready_i,          // can issue this cycle
  output logic                       issue_valid_o,    // a ready warp of a running batch exists
  output logic [NumWarps-1:0]        issue_oh_o,       // the GTO choice, one-hot (0 when none): steers the fetch
  output logic [IdxW-1:0]            issue_warp_o,     // the same as an index (0 when none): for the pipeline register
  output logic [MaxBatches-1:0]      run_o,            // the running set this cycle's issue uses
  output logic [MaxBatches-1:0]      prom_o,           // slots promoted at this edge
  output logic [MaxBatches-1:0]      prom_all_o,       // ... under the all-active rule (fewer than MinActive)
  output logic [MaxBatches-1:0]      dem_o,            // slots demoted at this edge
  output logic [MaxBatches-1:0]      dem_empty_o,      // ... because their warps exited
  output logic [MaxBatches*CntW-1:0] act_cnt_o         // slot b's snapshot count at [b*CntW +: CntW]
);
  logic [NumWarps-1:0]   mem_q [MaxBatches];    // slot b's live warps (a word per slot: cheap to simulate)
  logic [NumWarps-1:0]   wold_q [NumWarps];     // row i, bits j > i: warp i launched before warp j
  logic [MaxBatches-1:0] bold_q [MaxBatches];   // row a, bits b > a: slot a's batch older than slot b's
  logic [MaxBatches-1:0] run_q, run_d;
  logic [NumWarps-1:0]   last_q, last_d;        // one-hot or 0: the warp issued last
  logic [PartW-1:0]      part_q [MaxBatches][NG];   // snapshot: active warps per slot and group
  logic [PartW-1:0]      lpart_q [MaxBatches][NG]; // snapshot: active warps launched into the slot, per group
  logic [MaxBatches-1:0] all_q;                 // snapshot: all of the slot's warps active

  // --- launches and exits --------------------------------------------------
  logic                  launch_ok;
  logic [MaxBatches-1:0] lb_oh;
  logic [NumWarps-1:0]   launch;
  // verilator lint_off PINCONNECTEMPTY
  oh_dec #(.N(MaxBatches)) u_lb_dec (.idx_i(launch_batch_i), .oh_o(lb_oh));
  // verilator lint_on PINCONNECTEMPTY
  if (MaxBatches == (1 << BatchW)) begin : gen_all_slots
    assign launch_ok = 1'b1;                        // every index is a slot
  end else begin : gen_slot_check
    assign launch_ok = launch_batch_i <= BatchW'(MaxBatches - 1);
  end
  assign launch    = launch_ok ? launch_i : '0;

  // --- eligibility: the snapshot's counts summed and judged ----------------
  // The sum is biased by -MinActive (one more row of the Wallace tree, in
  // SW = CntW + 1 bits): bsum = count + 2^SW - MinActive mod 2^SW, whose top
  // bit is 0 exactly when count >= MinActive (count and MinActive are below
  // 2^CntW). The compare is then that one bit, not a comparator behind the
  // adder. cnt_q keeps the biased sum's low bits; act_cnt_o adds MinActive
  // back (off the critical path: the output is captured by a register), and
  // is 0 until the first edge after reset, when cnt_q holds no sum yet.
  localparam int SW = CntW + 1;
  logic [SW-1:0]         nmin;                  // 2^SW - MinActive
  logic [MaxBatches-1:0] nonempty, ge, elig_d;
  logic [MaxBatches-1:0] ne_q, ge_q, elig_q;    // registered: the decision's inputs
  logic [SW-1:0]         bsum [MaxBatches];
  logic [CntW-1:0]       cnt_q [MaxBatches];    // the biased sum's low bits
  logic                  cnt_ok_q;              // cnt_q holds a sum
  assign nmin = SW'(0) - SW'(min_active_i);
  for (genvar b = 0; b < MaxBatches; b++) begin : gen_slot
    // the groups' counts, the launched warps' if the launch went here, the bias
`ifdef FAST_SIM_PRIMS
    // Simulation: csa_add's simulation body (its chain of +, in its rows'
    // order) on the registers in place, without packing them into rows.
    always_comb begin
      bsum[b] = '0;
      for (int g = 0; g < NG; g++) bsum[b] = bsum[b] + SW'(part_q[b][g]);
      for (int g = 0; g < NG; g++) bsum[b] = bsum[b] + SW'(lpart_q[b][g]);
      bsum[b] = bsum[b] + nmin;
    end
`else
    logic [(2*NG+1)*SW-1:0] rows;
    for (genvar g = 0; g < NG; g++) begin : gen_row
      assign rows[g*SW +: SW]      = SW'(part_q[b][g]);
      assign rows[(NG+g)*SW +: SW] = SW'(lpart_q[b][g]);
    end
    assign rows[2*NG*SW +: SW] = nmin;
    csa_add #(.Rows(2 * NG + 1), .W(SW)) u_sum (.rows_i(rows), .sum_o(bsum[b]));
`endif
    assign ge[b]       = !bsum[b][CntW];
    assign nonempty[b] = |mem_q[b];   // the slot the snapshot was taken over
    assign elig_d[b]   = nonempty[b] && (ge[b] || all_q[b]);
    assign act_cnt_o[b*CntW +: CntW] = cnt_ok_q ? cnt_q[b] + min_active_i : '0;
  end

  // --- decision --------------------------------------------------------------
  logic [MaxBatches-1:0] gone, newb, keep, cand, prom;
  logic [MaxBatches-1:0] newb_q;   // the slot that took a new batch last cycle: it leaves now
  for (genvar b = 0; b < MaxBatches; b++) begin : gen_new
    assign gone[b] = ~|(mem_q[b] & ~exit_i);
    assign newb[b] = lb_oh[b] && (|launch_i) && gone[b];
  end

  logic [MaxBatches-1:0] dem, dem_empty, prom_all;
  assign dem       = run_q & (~elig_q | newb_q);
  assign dem_empty = dem & (~ne_q | newb_q);
  assign keep      = run_q & ~dem;
  assign cand      = ~run_q & elig_q & ~newb_q;

  // Slot b is promoted when the kept slots and the older candidates number
  // fewer than RunBatches. Above(b): bits a > b; older(b) from the rows.
  logic [MaxBatches-1:0] older_of [MaxBatches];   // older_of[b][a]: slot a's batch is older than b's
  for (genvar b = 0; b < MaxBatches; b++) begin : gen_prom
    logic [MaxBatches-1:0] older, taken;
    always_comb begin
      for (int a = 0; a < MaxBatches; a++) begin
        if (a < b)       older[a] = bold_q[a][b];
        else if (a > b)  older[a] = !bold_q[b][a];
        else             older[a] = 1'b0;
      end
    end
    assign older_of[b] = older;
    assign taken = keep | (cand & older);
    logic full;   // at least RunBatches taken
    cnt_ge #(.N(MaxBatches), .K(RunBatches)) u_full (.in_i(taken), .ge_o(full));
    assign prom[b] = cand[b] && !full;
  end
  assign prom_all = prom & ~ge_q;
  assign run_d    = keep | prom;

  // The events are registered: they show in the cycle whose running set
  // they made (run_o), for waveforms and traces.
  logic [MaxBatches-1:0] prom_q, prom_all_q, dem_q, dem_empty_q;
  assign run_o       = run_q;
  assign prom_o      = prom_q;
  assign prom_all_o  = prom_all_q;
  assign dem_o       = dem_q;
  assign dem_empty_o = dem_empty_q;

  // --- issue: greedy, then oldest --------------------------------------------
  // runw_q: the warps of the running set (registered with it: the next
  // cycle's running slots and members, so the issue starts from one
  // flip-flop per warp, not from an OR over the slots); lastrun_q: the warp
  // issued last, if it runs (registered too: it enters every row of the
  // relation below, and an AND in front of that fanout was the issue
  // path's first gate).
  //
  // One search does both: the last warp counts as launched before every
  // other, so it wins whenever it is ready, and else the oldest ready warp
  // does (no second search and no mux behind them). The relation per pair
  // (a, b), a < b, row a, from the registers alone (ready before ready_i
  // arrives), with "runs" folded in; order_pick ANDs ready_i into it and
  // maps on its own:
  //   lo_first: a runs and comes before b (a is the last warp, or a
  //             launched before b and b is not the last warp);
  //   hi_first: b runs and comes before a (a is not the last warp, and b is,
  //             or b launched before a).
  logic [NumWarps-1:0]          runw_q, runw_d, win;
  logic [NumWarps-1:0]          lastrun_q, lastrun_d;   // last_q & runw_q, registered
  // Rows RowW apart, a whole number of 32-bit words (the padding is zero and
  // unread): a Verilated model writes and reads each row as whole words.
  assign lastrun_d = last_d & runw_d;
`ifdef FAST_SIM_PRIMS
  // Simulation: order_pick's function on the registers in place, the
  // relation not built as rows and only the rows of the ready running warps
  // read (tests/formal.sh proves the block equal to the structure in the
  // else branch, register for register and output for output).
  logic [NumWarps-1:0] req;   // ready and running
  assign req = ready_i & runw_q;
  always_comb begin
    logic [NumWarps-1:0] behind_lo, behind_hi;
    behind_lo = '0;
    behind_hi = '0;
    for (int a = 0; a < NumWarps; a++) begin
      if (req[a]) begin
        behind_lo    = behind_lo | (({NumWarps{1'b1}} << (a + 1)) &
                                    ({NumWarps{lastrun_q[a]}} | (wold_q[a] & ~lastrun_q)));
        behind_hi[a] = !lastrun_q[a] && |(req & ({NumWarps{1'b1}} << (a + 1)) & (~wold_q[a] | lastrun_q));
      end
    end
    win = req & ~behind_lo & ~behind_hi;
  end
  assign issue_valid_o = |req;
  always_comb begin
    issue_warp_o = '0;
    for (int i = 0; i < NumWarps; i++) begin
      if (win[i]) issue_warp_o = issue_warp_o | IdxW'(i);
    end
  end
`else
  localparam int RowW = (NumWarps + 31) / 32 * 32;
  logic [NumWarps*RowW-1:0] lo_first, hi_first;
  // (A loop, not a generate loop of assigns: Verilator merged those into one
  // chain of wide concatenations, each level a copy of the whole vector.)
  always_comb begin
    logic [RowW-1:0] lo_row, hi_row;   // a row, its padding (bits NumWarps..RowW-1) zero
    for (int a = 0; a < NumWarps; a++) begin
      lo_row = '0;
      hi_row = '0;
      lo_row[NumWarps-1:0] = {NumWarps{runw_q[a]}} & ({NumWarps{1'b1}} << (a + 1)) &
                             ({NumWarps{lastrun_q[a]}} | (wold_q[a] & ~lastrun_q));
      hi_row[NumWarps-1:0] = runw_q & ({NumWarps{1'b1}} << (a + 1)) & {NumWarps{!lastrun_q[a]}} &
                             (~wold_q[a] | lastrun_q);
      lo_first[a*RowW +: RowW] = lo_row;
      hi_first[a*RowW +: RowW] = hi_row;
    end
  end
  order_pick #(.N(NumWarps), .RowW(RowW)) u_pick (.req_i(ready_i), .en_i(runw_q), .lo_first_i(lo_first),
                                     .hi_first_i(hi_first), .valid_o(issue_valid_o),
                                     .win_o(win), .idx_o(issue_warp_o));
`endif
  assign issue_oh_o = win;
  assign last_d = (issue_valid_o ? win : last_q) & ~exit_i & ~launch;

  // --- snapshot: the slots after this cycle's launches and exits -----------
  // The warps that stay in each slot and the launched ones are counted
  // apart (the slot of a launch is decoded only at the end of the paths):
  // part_d over each slot's staying warps, lpart_d over the launched ones.
  logic [NumWarps-1:0]   mem_d [MaxBatches];
  logic [NumWarps-1:0]   stay [MaxBatches];
  logic [MaxBatches-1:0] all_d;
  logic [PartW-1:0]      part_d [MaxBatches][NG];
  logic [PartW-1:0]      lpart_d [MaxBatches][NG];
  logic                  launch_all;            // every launched warp is active
  assign launch_all = ~|(launch & ~active_i);
  for (genvar g = 0; g < NG; g++) begin : gen_lgrp
    localparam int Lo = g * G;
    localparam int C  = (NumWarps - Lo < G) ? NumWarps - Lo : G;
    logic [$clog2(C + 1)-1:0] n;
    popcnt #(.N(C)) u_lpart (.in_i(active_i[Lo +: C] & launch[Lo +: C]), .cnt_o(n));
    for (genvar b = 0; b < MaxBatches; b++) begin : gen_lslot
      assign lpart_d[b][g] = lb_oh[b] ? PartW'(n) : '0;
    end
  end
  for (genvar b = 0; b < MaxBatches; b++) begin : gen_snap
    assign stay[b]  = mem_q[b] & ~exit_i & ~launch;
    assign mem_d[b] = stay[b] | (launch & {NumWarps{lb_oh[b]}});
    assign all_d[b] = ~|(stay[b] & ~active_i) && (launch_all || !lb_oh[b]);
    for (genvar g = 0; g < NG; g++) begin : gen_grp
      localparam int Lo = g * G;
      localparam int C  = (NumWarps - Lo < G) ? NumWarps - Lo : G;
      logic [$clog2(C + 1)-1:0] n;
      popcnt #(.N(C)) u_part (.in_i(active_i[Lo +: C] & stay[b][Lo +: C]), .cnt_o(n));
      assign part_d[b][g] = PartW'(n);
    end
  end
  always_comb begin
    runw_d = '0;
    for (int b = 0; b < MaxBatches; b++) begin
      runw_d = runw_d | (mem_d[b] & {NumWarps{run_d[b] && !newb[b]}});   // a new batch waits
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int b = 0; b < MaxBatches; b++) begin
        mem_q[b]  <= '0;
        bold_q[b] <= {MaxBatches{1'b1}} << (b + 1);   // the order 0, 1, ..., MaxBatches-1
        for (int g = 0; g < NG; g++) begin
          part_q[b][g]  <= '0;
          lpart_q[b][g] <= '0;
        end
        cnt_q[b] <= '0;
      end
      ne_q       <= '0;
      newb_q     <= '0;
      ge_q       <= '0;
      elig_q     <= '0;
      prom_q      <= '0;
      prom_all_q  <= '0;
      dem_q       <= '0;
      dem_empty_q <= '0;
      for (int i = 0; i < NumWarps; i++) wold_q[i] <= {NumWarps{1'b1}} << (i + 1);
      cnt_ok_q   <= 1'b0;
      run_q      <= '0;
      runw_q     <= '0;
      last_q     <= '0;
      lastrun_q  <= '0;
      all_q      <= '1;
    end else begin
      for (int b = 0; b < MaxBatches; b++) begin
        mem_q[b] <= mem_d[b];
        for (int g = 0; g < NG; g++) begin
          part_q[b][g]  <= part_d[b][g];
          lpart_q[b][g] <= lpart_d[b][g];
        end
        cnt_q[b] <= bsum[b][CntW-1:0];
        // a new batch is the youngest (newb is one-hot or 0); bits a > b only
        bold_q[b] <= (newb[b] ? '0 : (bold_q[b] | newb)) & ({MaxBatches{1'b1}} << (b + 1));
      end
      // launched warps are the youngest, in index order among themselves
      for (int i = 0; i < NumWarps; i++) begin
        wold_q[i] <= (launch[i] ? launch : (wold_q[i] | launch)) & ({NumWarps{1'b1}} << (i + 1));
      end
      cnt_ok_q   <= 1'b1;
      ne_q       <= nonempty;
      newb_q     <= newb;
      ge_q       <= ge;
      elig_q     <= elig_d;
      prom_q      <= prom;
      prom_all_q  <= prom_all;
      dem_q       <= dem;
      dem_empty_q <= dem_empty;
      run_q      <= run_d;
      runw_q     <= runw_d;
      last_q     <= last_d;
      lastrun_q  <= lastrun_d;
      all_q      <= all_d;
    end
  end

`ifdef FORMAL
  // Proved by k-induction in tests/formal.sh (tests/formal/tbas_top.sv,
  // which assumes the legal inputs the usage checks above ask for), at the
  // small sizes the solver handles; covers show the proof is not vacuous.
  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  if (NumWarps <= 6 && MaxBatches <= 4) begin : gen_f
    logic [NumWarps-1:0]   f_runw, f_live;
    logic [3:0]            f_nrun, f_nkeep;
    logic [MaxBatches-1:0] f_first;   // candidates with no older candidate
    always @* begin
      f_runw = '0;
      f_live = '0;
      f_nrun = '0;
      f_nkeep = '0;
      for (int b = 0; b < MaxBatches; b++) begin
        f_runw = f_runw | (mem_q[b] & {NumWarps{run_q[b] && !newb_q[b]}});
        f_live = f_live | mem_q[b];
        f_nrun = f_nrun + 4'(run_q[b]);
        f_nkeep = f_nkeep + 4'(keep[b]);
      end
      for (int b = 0; b < MaxBatches; b++) begin
        f_first[b] = cand[b];
        for (int a = 0; a < MaxBatches; a++) begin
          if (a < b && cand[a] && bold_q[a][b]) f_first[b] = 1'b0;
          if (a > b && cand[a] && !bold_q[b][a]) f_first[b] = 1'b0;
        end
      end
    end
    always @* begin
      if (rst_ni) begin
        // at most RunBatches batches run
        assert (32'(f_nrun) <= RunBatches);
        // a warp outside the running set never issues; the issued warp is ready
        assert (runw_q == f_runw);
        assert ((win & ~(ready_i & f_runw)) == '0);
        assert ((win & (win - 1'b1)) == '0);
        assert ((win != '0) == issue_valid_o);
        // the greedy warp is one warp, and it runs
        assert ((last_q & (last_q - 1'b1)) == '0);
        assert ((last_q & ~f_live) == '0);
        assert (lastrun_q == (last_q & runw_q));
        // a warp is in one slot at most; a slot taking a new batch is one slot
        for (int a = 0; a < MaxBatches; a++) begin
          for (int b = a + 1; b < MaxBatches; b++) assert ((mem_q[a] & mem_q[b]) == '0);
        end
        assert ((newb_q & (newb_q - 1'b1)) == '0);
        // a free place and a candidate: the oldest candidate is promoted now
        // (so it runs from the next cycle: the bound is one decision)
        if (32'(f_nkeep) < RunBatches) assert ((f_first & ~prom) == '0);
        // nobody is promoted past an older candidate left out
        for (int b = 0; b < MaxBatches; b++) begin
          if (prom[b]) assert ((f_first & ~prom) == '0);
        end
        cover (prom != '0 && (RunBatches == 1 || keep != '0));   // with another running, if two may
        cover (dem_empty != '0 && newb_q != '0);
        cover (prom_all != '0);
        cover (issue_valid_o && (win & last_q) != '0 && (ready_i & runw_q & ~last_q) != '0);
      end
    end
    // the relations stay strict total orders (no three items in a cycle)
    logic [NumWarps*NumWarps-1:0]     f_wrows;
    logic [MaxBatches*MaxBatches-1:0] f_brows;
    for (genvar i = 0; i < NumWarps; i++) begin : gen_f_wrow
      assign f_wrows[i*NumWarps +: NumWarps] = wold_q[i];
    end
    for (genvar i = 0; i < MaxBatches; i++) begin : gen_f_brow
      assign f_brows[i*MaxBatches +: MaxBatches] = bold_q[i];
    end
    f_total_order #(.N(NumWarps)) u_f_worder (.en_i(rst_ni), .rows_i(f_wrows));
    f_total_order #(.N(MaxBatches)) u_f_border (.en_i(rst_ni), .rows_i(f_brows));
    // the promoted slot runs at the next edge
    logic [MaxBatches-1:0] f_prom_q;
    always @(posedge clk_i) f_prom_q <= prom;
    always @* begin
      if (f_past_valid && rst_ni) assert ((f_prom_q & ~run_q) == '0);
    end
  end
`endif

`ifndef SYNTHESIS
  // Usage checks (Verilator --assert; Yosys defines SYNTHESIS); the same
  // messages as tbas_check in cmodel/tbas.c.
  logic [CntW-1:0]     f_min_q;
  logic                f_run_q;
  logic [NumWarps-1:0] f_live, f_bad;
  always_comb begin
    f_live = '0;
    for (int b = 0; b < MaxBatches; b++) f_live = f_live | mem_q[b];
    f_bad = launch_i & f_live & ~exit_i;
  end
  always_ff @(posedge clk_i) begin
    f_min_q <= min_active_i;
    f_run_q <= rst_ni;
    if (rst_ni) begin
      assert (!(f_run_q && f_min_q != min_active_i)) else $error("tbas: MinActive changed out of reset");
      assert (launch_i == '0 || launch_ok)
        else $error("tbas: launch into batch %0d >= MaxBatches", launch_batch_i);
      assert (f_bad == '0) else $error("tbas: warp %0d launched while live", $countones((f_bad & -f_bad) - 1'b1));
      assert ((win & (win - 1'b1)) == '0) else $error("tbas: two oldest ready warps");
    end
  end

  // Waveform probe (tb/tbas_tb.c): the count the eligibility stage judges
  // this cycle, the biased sum with MinActive added back.
  // verilator lint_off UNUSEDSIGNAL
  logic [CntW-1:0] cnt [MaxBatches];
  // verilator lint_on UNUSEDSIGNAL
  always_comb begin
    for (int b = 0; b < MaxBatches; b++) cnt[b] = bsum[b][CntW-1:0] + min_active_i;
  end

  // Waveform probe (tb/tbas_tb.c lists it with mem_q and cnt): the slots in
  // age order, b_at[k] the slot with k older slots.
  // verilator lint_off UNUSEDSIGNAL
  logic [BatchW-1:0] b_at [MaxBatches];
  // verilator lint_on UNUSEDSIGNAL
  always_comb begin
    for (int k = 0; k < MaxBatches; k++) b_at[k] = '0;
    for (int b = 0; b < MaxBatches; b++) b_at[$countones(older_of[b])] = BatchW'(b);
  end
`endif
endmodule
