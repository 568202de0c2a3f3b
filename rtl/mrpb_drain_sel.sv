// mrpb_drain_sel: the MRPB drain policy: which non-empty queue to drain next.
//
// Three base policies over the non-empty queues (MRPB section 3.3):
//   fixed-order   the lowest non-empty queue (the paper's 48-to-6 priority encoder);
//   longest-first the longest non-empty queue, ties to the lowest index;
//   round-robin   the first non-empty queue at or after a pointer that moves to
//                 q+1 when queue q is drained by the policy.
// Greedy: the queue the policy chose last (current) wins while it is not
// empty; the base policy only sees it. When the choice is drained (take),
// it becomes current and the round-robin pointer moves past it; flush and
// full-queue drains change neither.
//
// The policy sees the queues as they are after this cycle's enqueue (split
// cycle). That decision does not fit one cycle in front of the head
// multiplexer and the queue write, so it is made in two steps that give the
// same choice every cycle (the lockstep against cmodel/mrpb.c proves it):
//
//   1. In cycle t-1 the policy is evaluated on each state the queues can be
//      in at the start of cycle t (after cycle t-1's enqueue, and after no
//      drain, a drain of the registered pick or a drain of the enqueue
//      point's queue: a drain takes one of those two), with the current
//      queue and pointer each case leaves; the slot's late answer selects
//      one, which is registered: pick_q, hold_q (current is non-empty),
//      valid_q, lmax_q (longest-first: the longest length) and, when the
//      enqueue point's next queue is known a cycle ahead (RowAhead), e_row_q:
//      the length of that queue at the start of cycle t, as a thermometer.
//   2. In cycle t only the enqueue point's request (queue e_q) is new, and it
//      adds one request to one queue. The policy's choice on the queues with
//      it is either pick_q or e_q, and a few compares of registers decide
//      which (e_win_o):
//        greedy, current non-empty (hold_q)        pick_q
//        greedy, e_q refills the current queue     e_q
//        no queue was non-empty                    e_q
//        fixed-order                               e_q if e_q < pick_q
//        longest-first                             e_q if len(e_q) + 1 > lmax,
//                                                  or = lmax and e_q < pick_q
//        round-robin                               e_q if it lies from the
//                                                  pointer up to (not including) pick_q
//
// Example (fixed-order): queues 1 and 3 non-empty, so pick_q = 1. A read for
// queue 0 at the enqueue point wins (0 < 1) and falls through; one for queue
// 2 does not, and queue 1 is drained. Had queue 1 held one request, step 1
// registers 2 or 3 for the next cycle, depending on the enqueue.
module mrpb_drain_sel #(
  parameter int NumQueues = 48,                                  // queues, 1..64
  parameter int Depth     = 8,                                   // entries per queue
  parameter bit RowAhead  = 1'b0,                                // the enqueue point is known a cycle
                                                                 // ahead: nx_*_i are given, its length is
                                                                 // registered a cycle ahead and th_i
                                                                 // counts its request
  localparam int QW   = (NumQueues > 1) ? $clog2(NumQueues) : 1  // queue index width
) (
  input  logic                      clk_i,      // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                      rst_ni,     // asynchronous reset, active low: current 0, pointer 0
  // verilator lint_on SYNCASYNCNET
  input  logic [1:0]                policy_i,   // 0 fixed-order, 1 longest-first, 2 round-robin (3: fixed)
  input  logic                      greedy_i,   // keep draining the current queue until it is empty
  input  logic [NumQueues*Depth-1:0] th_i,     // queue i holds at least v requests: bit i*Depth + v-1
                                                //   (registers); with RowAhead, counting the enqueue
                                                //   point's request if it may enter (go_oh_i, unused then)
  input  logic                      enq_i,      // the enqueue point's request enters its queue this cycle
  input  logic [NumQueues-1:0]      go_oh_i,    // without RowAhead: the enqueue point's request may enter
                                                //   its queue (valid, reordering, not a write under flush),
                                                //   one-hot; its queue may be full: the thermometer rows 1..D
                                                //   of a full queue do not change by the enqueue, so the state
                                                //   after it needs no full flag
  input  logic [QW-1:0]             e_q_i,      // the enqueue point's queue
  input  logic [QW-1:0]             e_qc_i,     // the same (a register copy for step 2's compares)
  input  logic [NumQueues-1:0]      e_oh_i,     // the same, one-hot
  input  logic                      en_i,       // the policy may drain (no flush or full-queue drain)
  input  logic                      forced_i,   // a flush or full-queue drain of queue e_q_i, if fire_i
  input  logic                      fire_i,     // the slot takes what is drained this cycle
  input  logic [NumQueues-1:0]      nx_oh_i,    // RowAhead (else unused): the queue of the request behind
                                                //   the enqueue point, one-hot;
  input  logic                      nx_f_i,     //   it moves up next cycle if fire_i
  input  logic                      nx_nf_i,    //   ... if not fire_i (else e_q_i stays)
  output logic [NumQueues-1:0]      pre_oh_o,   // one-hot: pick_q, the pick unless e_win_o (for the head mux)
  output logic                      e_win_o,    // the policy picks e_q_i (pick_o = e_q_i)
  output logic [QW-1:0]             pick_o,     // the queue the policy drains; 0 when none
  output logic                      valid_o,    // some queue is non-empty after the enqueue
  output logic [Depth-1:0]          e_row_o     // RowAhead: queue e_q_i holds at least v requests at the
                                                //   start of the cycle (bit v-1; a register); else 0
);
  localparam int N = NumQueues;
  localparam int D = Depth;

  // --- registers ---------------------------------------------------------------
  logic [QW-1:0] pick_q, pick_d;     // the policy's choice on the queues at the start of the cycle
  logic          hold_q, hold_d;     // greedy and the current queue is non-empty: pick_q is it
  logic          valid_q, valid_d;   // some queue is non-empty at the start of the cycle
  logic [D-1:0]  lmax_q, lmax_d;     // one-hot: the longest queue holds v requests (bit v-1)
  logic [QW-1:0] cur_q, cur_d;       // greedy: the queue the policy drained last
  logic [QW-1:0] ptr_q, ptr_d;       // round-robin pointer
  // The same if the slot takes (*_f): settled without it and kept as wires, so
  // that synthesis leaves fire_i (half a cycle in) as the last select.
  (* keep *) logic [QW-1:0] pick_f, cur_f, ptr_f;
  (* keep *) logic          hold_f, valid_f;
  (* keep *) logic [D-1:0]  lmax_f;

  function automatic logic [QW-1:0] after(input logic [QW-1:0] q);  // the pointer past q
    after = (32'(q) == N - 1) ? '0 : q + 1'b1;
  endfunction

  function automatic logic [N-1:0] upper(input logic [QW-1:0] p);   // bit j: j >= p
    for (int i = 0; i < N; i++) upper[i] = QW'(i) >= p;
  endfunction

  // Bit j: j > p, the mask of the pointer past p (upper(after(p))) except for
  // p = N-1, where it is empty instead of full; round-robin picks the same
  // queue with either (the first non-empty queue from 0). Built from two
  // predecoded halves of p (j's high half above p's, or equal and the low
  // half above), so that no incrementer and no 48 compares sit between p and
  // the mask (issue 12).
  localparam int LW = QW / 2;                 // low half of an index
  localparam int HW = QW - LW;
  function automatic logic [N-1:0] past(input logic [QW-1:0] p);
    logic [(1<<HW)-1:0] gt_h, eq_h;
    logic [(1<<LW)-1:0] gt_l;
    for (int a = 0; a < (1 << HW); a++) begin
      gt_h[a] = a > (32'(p) >> LW);
      eq_h[a] = a == (32'(p) >> LW);
    end
    for (int b = 0; b < (1 << LW); b++) gt_l[b] = b > (32'(p) & ((1 << LW) - 1));
    for (int j = 0; j < N; j++) past[j] = gt_h[j >> LW] | (eq_h[j >> LW] & gt_l[j % (1 << LW)]);
  endfunction

  // pick_q for step 1, predecoded: its low and high halves, each one-hot, as
  // registers decoded from the next pick (issue 12). Step 1's decoder of
  // pick_q (the drained queue of case s1) and the round-robin mask past it
  // then start at flip-flops, not at a 6-bit decoder with its buffer tree;
  // the decoders sit at the end of the loop, before the slot's answer
  // selects. An assertion compares them with pick_q.
  logic [(1<<LW)-1:0] pk_lo_q;
  logic [(1<<HW)-1:0] pk_hi_q;
  (* keep *) logic [(1<<LW)-1:0] pk_lo_f, pk_lo_n;   // kept: decoded before the slot's answer selects
  (* keep *) logic [(1<<HW)-1:0] pk_hi_f, pk_hi_n;
  // The same for the current queue (greedy), whose binary register then feeds
  // step 2's compare and the held queue's index only.
  logic [(1<<LW)-1:0] cu_lo_q;
  logic [(1<<HW)-1:0] cu_hi_q;
  function automatic logic [(1<<LW)-1:0] dec_lo(input logic [QW-1:0] q);
    dec_lo = (1 << LW)'(1) << (32'(q) % (1 << LW));
  endfunction
  function automatic logic [(1<<HW)-1:0] dec_hi(input logic [QW-1:0] q);
    dec_hi = (1 << HW)'(1) << (32'(q) >> LW);
  endfunction
  function automatic logic [N-1:0] past_pd(input logic [(1<<HW)-1:0] hi, input logic [(1<<LW)-1:0] lo);
    logic [(1<<HW)-1:0] gt_h;       // bit a: a > p's high half
    logic [(1<<LW)-1:0] gt_l;       // bit b: b > p's low half
    gt_h = '0;
    gt_l = '0;
    for (int a = 1; a < (1 << HW); a++) gt_h[a] = |(hi & ((1 << HW)'(1) << a) - 1'b1);   // OR trees, not chains
    for (int b = 1; b < (1 << LW); b++) gt_l[b] = |(lo & ((1 << LW)'(1) << b) - 1'b1);
    for (int j = 0; j < N; j++) past_pd[j] = gt_h[j >> LW] | (hi[j >> LW] & gt_l[j % (1 << LW)]);
  endfunction

  logic [N-1:0]  eq_oh, pq_oh, cur_oh, enq_oh;
  logic [N-1:0]  ne_s0;               // queue i is non-empty after this cycle's enqueue (t0's column 1)
  logic          v0;                  // case s0: some queue is non-empty
  logic [D-1:0]  m0;                  // case s0: the longest length, one-hot
  logic          h0;                  // case s0: greedy holds the current queue
  logic [3:0]    cs_f;                // the case if the slot takes (one-hot)
  logic [QW-1:0] pick_n;              // the next pick if the slot does not take

  // Rows of single queues (step 2 and RowAhead's register): e_q_i's in
  // the state at the start of the cycle (without RowAhead), nx_oh_i's and
  // e_q_i's after this cycle's enqueue (with it), and whether the one-hots
  // meet.
  logic [D-1:0]  e_row_t, r_n, r_e;
  logic          xn_p, xn_e, xe_p;    // nx_oh_i is pick_q / e_q_i; e_q_i is pick_q

  // The simulation body (the Makefile defines FAST_SIM_PRIMS for the
  // blocks' Verilated models): the same function as the structure below, on
  // the columns as words of N bits, and the policy evaluated only on the
  // two states the registers can take (case s0 if the slot does not take,
  // the case cs_f if it does), with only the lowest-queue searches those
  // need. The structure builds three states and runs D + 1 priority
  // encoders on each, every cycle. tests/formal.sh proves the two equal with
  // the registers cut (equiv_cut), at every parameter set built. The body
  // is used up to Depth 8; at 48 x 32 (make cosim-long's set) ABC had not
  // proved it equal after 20 minutes, so the structure runs there.
`ifdef FAST_SIM_PRIMS
  localparam bit SimBody = D <= 8;
`else
  localparam bit SimBody = 1'b0;
`endif
  // The lowest set bit's index, 0 when none (prio_enc's function).
  function automatic logic [QW-1:0] lowest(input logic [N-1:0] x);
    lowest = (x == '0) ? '0 : QW'($countones((x & -x) - 1'b1));
  endfunction
  // A one-hot made of two predecoded halves (bit i: lo[i % 2^LW] and hi[i >> LW]).
  function automatic logic [N-1:0] oh_of(input logic [(1<<HW)-1:0] hi, input logic [(1<<LW)-1:0] lo);
    oh_of = '0;
    for (int a = 0; a < (1 << HW); a++)
      if (hi[a]) oh_of = oh_of | N'(64'(lo) << (a << LW));
  endfunction
  // past_pd's mask (bit j: j above the pick its halves name).
  function automatic logic [N-1:0] past_w(input logic [(1<<HW)-1:0] hi, input logic [(1<<LW)-1:0] lo);
    logic [(1<<HW)-1:0] gt_h;         // bit a: a set bit of hi below a
    logic [(1<<LW)-1:0] gt_l;
    gt_h = -((hi & -hi) << 1);
    gt_l = -((lo & -lo) << 1);
    past_w = '0;
    for (int a = 0; a < (1 << HW); a++)
      past_w = past_w | N'((gt_h[a] ? 64'((65'(1) << (1 << LW)) - 1) : hi[a] ? 64'(gt_l) : 64'(0)) << (a << LW));
  endfunction

  if (SimBody) begin : gen_sim
    logic [N-1:0] sc [D+1];             // th_i as columns 0..D (tc)
    logic [N-1:0] s0 [D+2];             // after this cycle's enqueue (t0)
    logic [N-1:0] st [D+1];             // the state being evaluated, columns 1..D

    assign eq_oh  = e_oh_i;
    assign enq_oh = go_oh_i;
    assign pq_oh  = oh_of(pk_hi_q, pk_lo_q);
    assign cur_oh = oh_of(cu_hi_q, cu_lo_q);

    if (D == 8 && N % 8 == 0) begin : gen_tr8
      // Eight queues' rows are a 64-bit word, one byte each: an 8 x 8 bit
      // transpose (three exchanges of bit blocks) makes its bytes the columns.
      always_comb begin
        logic [63:0] x, t;
        sc[0] = '1;
        for (int v = 1; v <= D; v++) sc[v] = '0;
        for (int k = 0; k < N / 8; k++) begin
          x = th_i[k*64 +: 64];
          t = (x ^ (x >> 7)) & 64'h00AA00AA00AA00AA;
          x = x ^ t ^ (t << 7);
          t = (x ^ (x >> 14)) & 64'h0000CCCC0000CCCC;
          x = x ^ t ^ (t << 14);
          t = (x ^ (x >> 28)) & 64'h00000000F0F0F0F0;
          x = x ^ t ^ (t << 28);
          for (int v = 1; v <= D; v++) sc[v] = sc[v] | N'(64'(x[(v-1)*8 +: 8]) << (k * 8));
        end
      end
    end else begin : gen_trg
      always_comb begin
        sc[0] = '1;
        for (int v = 1; v <= D; v++)
          for (int i = 0; i < N; i++) sc[v][i] = th_i[i*D + v - 1];
      end
    end

    always_comb begin
      logic [N-1:0]  oh, up;            // the held queue's one-hot; the round-robin mask's requests
      logic [QW-1:0] held, p;
      logic [D-1:0]  any, lm;
      logic          hk;
      logic [D+QW+1:0] r [2];           // each evaluation's {hold, valid, longest, pick}
      int            k, c;
      s0[0]   = '1;
      s0[D+1] = '0;
      for (int v = 1; v <= D; v++) s0[v] = RowAhead ? sc[v] : sc[v] | (enq_oh & sc[v-1]);
      ne_s0 = s0[1];
      k = 0;
      for (int j = 0; j < 4; j++) if (cs_f[j]) k = j;
      // e = 0: case s0 (pick_n, and pick_f if k = 0); e = 1: case k.
      for (int e = 0; e < 2; e++) begin
        c = (e == 0) ? 0 : k;
        for (int v = 1; v <= D; v++)
          st[v] = (c == 0) ? s0[v] : (s0[v] & ~((c == 1) ? pq_oh : eq_oh)) | (s0[v+1] & ((c == 1) ? pq_oh : eq_oh));
        for (int v = 1; v <= D; v++) any[v-1] = st[v] != '0;
        lm   = any & ~(any >> 1);
        oh   = (c == 1) ? pq_oh : (c == 2) ? eq_oh : cur_oh;
        held = (c == 1) ? pick_q : (c == 2) ? e_q_i : cur_q;
        up   = st[1] & ((c == 1) ? past_w(pk_hi_q, pk_lo_q) : (c == 2) ? N'({64{1'b1}} << (7'(e_q_i) + 7'd1))
                                                                      : N'({64{1'b1}} << ptr_q));
        hk   = greedy_i && |(st[1] & oh);
        p    = '0;
        if (hk) p = held;
        else if (policy_i == 2'd1) begin
          for (int v = 1; v <= D; v++)
            if (lm[v-1]) p = p | lowest(st[v]);
        end else if (policy_i == 2'd2 && up != '0) p = lowest(up);
        else p = lowest(st[1]);
        r[e] = {hk, any[0], lm, p};
      end
      {h0, v0, m0, pick_n} = r[0];
      {hold_f, valid_f, lmax_f, pick_f} = r[1];
    end

    if (RowAhead) begin : gen_rows
      always_comb begin
        for (int v = 1; v <= D; v++) begin
          r_n[v-1] = (s0[v] & nx_oh_i) != '0;
          r_e[v-1] = (s0[v] & eq_oh) != '0;
        end
      end
      assign e_row_t = '0;
    end else begin : gen_row
      always_comb begin
        for (int v = 1; v <= D; v++) e_row_t[v-1] = (sc[v] & eq_oh) != '0;
      end
      assign r_n = '0;
      assign r_e = '0;
    end
    assign xn_p = (pq_oh & nx_oh_i) != '0;
    assign xn_e = (eq_oh & nx_oh_i) != '0;
    assign xe_p = (pq_oh & eq_oh) != '0;
  end else begin : gen_struct
    // --- the queues at the start of the cycle, as thermometer columns ---------
    // Column v of a state, bit i: queue i holds at least v requests. The
    // policies read columns (mrpb_policy), and a move of one queue is a move
    // of its bit between neighbouring columns, so each state is D word
    // operations over the queues. tc and t0 hold columns 0..D+1 at [v*N +: N]
    // (column 0 all ones, column D+1 empty: constants that keep the moves
    // uniform); t1 and t2 hold columns 1..D at [(v-1)*N +: N] (cols_i).
    logic [(D+2)*N-1:0] tc;             // th_i, as columns
    logic [(D+2)*N-1:0] t0;             // after this cycle's enqueue
    logic [D*N-1:0]     t1;             // ... then a drain of pick_q
    logic [D*N-1:0]     t2;             // ... then a drain of e_q_i

    assign eq_oh  = e_oh_i;
    // pick_q's one-hot from its predecoded halves (registers): one AND per queue.
    for (genvar i = 0; i < N; i++) begin : gen_pq_oh
      assign pq_oh[i] = pk_lo_q[i % (1 << LW)] && pk_hi_q[i >> LW];
    end
    // The current queue's one-hot, likewise from predecoded registers.
    for (genvar i = 0; i < N; i++) begin : gen_cur_oh
      assign cur_oh[i] = cu_lo_q[i % (1 << LW)] && cu_hi_q[i >> LW];
    end
    assign enq_oh = go_oh_i;

    // After this cycle's enqueue (t0): the queue the enqueue point's request
    // enters holds at least v if it held at least v - 1; a full queue does not
    // take it (column D+1 stays empty). With RowAhead the registers th_i are
    // already the state after the enqueue (mrpb_queues, loaded with the
    // enqueue point's request a cycle ahead), so that the enqueue's gate and
    // its fan-out are not at the front of step 1 (issue 12). Then a drain of
    // pick_q (t1) or e_q_i (t2): that queue's bit of column v is its bit of
    // column v + 1.
    always_comb begin
      tc[0 +: N]     = '1;
      tc[(D+1)*N +: N] = '0;
      for (int v = 1; v <= D; v++)
        for (int i = 0; i < N; i++) tc[v*N + i] = th_i[i*D + v - 1];
      t0[0 +: N]     = '1;
      t0[(D+1)*N +: N] = '0;
      for (int v = 1; v <= D; v++)
        t0[v*N +: N] = RowAhead ? tc[v*N +: N] : tc[v*N +: N] | (enq_oh & tc[(v-1)*N +: N]);
      for (int v = 1; v <= D; v++) begin
        t1[(v-1)*N +: N] = (t0[v*N +: N] & ~pq_oh) | (t0[(v+1)*N +: N] & pq_oh);
        t2[(v-1)*N +: N] = (t0[v*N +: N] & ~eq_oh) | (t0[(v+1)*N +: N] & eq_oh);
      end
    end

    // --- step 1: the policy on each state the next cycle can start from ---------
    // s0: no drain (pointer ptr_q); s1: pick_q drained by the policy (pointer
    // past pick_q); s2: e_q_i drained, by the policy (pointer past e_q_i) or by a
    // flush or full-queue drain (pointer ptr_q). Cases: k = 0 s0, 1 s1, 2 s2 by
    // the policy, 3 s2 forced.
    localparam int NC = D + 1;          // candidates per case (mrpb_policy)
    logic           v1, v2;
    logic [D-1:0]   m1, m2;
    logic [D*N-1:0] c0, c1, c2;         // the three states as columns (column 1: non-empty)
    logic [NC*QW-1:0] cand [4];         // each case's candidates and the policy's one-hot weights
    logic [NC-1:0]    w    [4];
    assign c0 = t0[N +: D*N];          // columns 1..D of each state
    assign c1 = t1;
    assign c2 = t2;

    mrpb_policy #(.NumQueues(N), .Depth(D), .NMask(1)) u_s0 (
      .policy_i (policy_i), .cols_i (c0), .upper_i (upper(ptr_q)),
      .valid_o (v0), .long_max_o (m0), .cand_o (cand[0]), .w_o (w[0])
    );
    mrpb_policy #(.NumQueues(N), .Depth(D), .NMask(1)) u_s1 (
      .policy_i (policy_i), .cols_i (c1), .upper_i (past_pd(pk_hi_q, pk_lo_q)),
      .valid_o (v1), .long_max_o (m1), .cand_o (cand[1]), .w_o (w[1])
    );
    mrpb_policy #(.NumQueues(N), .Depth(D), .NMask(2)) u_s2 (
      .policy_i (policy_i), .cols_i (c2), .upper_i ({upper(ptr_q), past(e_q_i)}),
      .valid_o (v2), .long_max_o (m2), .cand_o ({cand[3], cand[2]}), .w_o ({w[3], w[2]})
    );

    // Each case: the greedy hold (the current queue that case leaves is
    // non-empty: column 1 of its state at the current queue's one-hot) and the
    // queue held: cur_q, pick_q, e_q_i, cur_q.
    logic          ne0, ne1, ne2p, ne2f;
    logic [3:0]    h;
    oh_sel #(.N(N), .W(1)) u_ne0  (.data_i (c0[N-1:0]), .sel_i (cur_oh), .data_o (ne0));
    oh_sel #(.N(N), .W(1)) u_ne1  (.data_i (c1[N-1:0]), .sel_i (pq_oh),  .data_o (ne1));
    oh_sel #(.N(N), .W(1)) u_ne2p (.data_i (c2[N-1:0]), .sel_i (eq_oh),  .data_o (ne2p));
    oh_sel #(.N(N), .W(1)) u_ne2f (.data_i (c2[N-1:0]), .sel_i (cur_oh), .data_o (ne2f));
    assign h = {4{greedy_i}} & {ne2f, ne2p, ne1, ne0};

    // The next pick, as one AND-OR: every candidate index (the prio_encs'
    // outputs, the last to settle) is gated by its case select, not-held and its
    // policy weight, all of which settle before it, and the held queues by case
    // select and hold. A chain of muxes (column, policy, hold, case) behind the
    // indices was 8 gates of step 1 (issue 12). pick_f: the slot takes (case
    // cs_f); pick_n: it does not (case s0).
    always_comb begin
      pick_f = '0;
      pick_n = '0;
      for (int k = 0; k < 4; k++)
        for (int c = 0; c < NC; c++)
          pick_f = pick_f | ({QW{cs_f[k] && !h[k] && w[k][c]}} & cand[k][c*QW +: QW]);
      for (int c = 0; c < NC; c++)
        pick_n = pick_n | ({QW{!h[0] && w[0][c]}} & cand[0][c*QW +: QW]);
      pick_f = pick_f | ({QW{(cs_f[0] && h[0]) || (cs_f[3] && h[3])}} & cur_q)
                      | ({QW{cs_f[1] && h[1]}} & pick_q)
                      | ({QW{cs_f[2] && h[2]}} & e_q_i);
      pick_n = pick_n | ({QW{h[0]}} & cur_q);
    end

    assign ne_s0 = t0[N +: N];
    assign h0    = h[0];
    always_comb begin
      hold_f  = |(cs_f & h);
      valid_f = cs_f[0] ? v0 : cs_f[1] ? v1 : v2;
      lmax_f  = cs_f[0] ? m0 : cs_f[1] ? m1 : m2;
    end

    for (genvar v = 1; v <= D; v++) begin : gen_row   // e_q_i's row in tc; nx_oh_i's and e_q_i's in t0
      assign e_row_t[v-1] = |(tc[v*N +: N] & eq_oh);
      assign r_n[v-1]     = |(t0[v*N +: N] & nx_oh_i);
      assign r_e[v-1]     = |(t0[v*N +: N] & eq_oh);
    end
    oh_sel #(.N(N), .W(1)) u_xn_p (.data_i (pq_oh), .sel_i (nx_oh_i), .data_o (xn_p));
    oh_sel #(.N(N), .W(1)) u_xn_e (.data_i (eq_oh), .sel_i (nx_oh_i), .data_o (xn_e));
    oh_sel #(.N(N), .W(1)) u_xe_p (.data_i (pq_oh), .sel_i (eq_oh),   .data_o (xe_p));
  end

  // --- step 2: this cycle's choice ------------------------------------------------
  logic [D-1:0] e_row;                // queue e_q_i holds at least v requests (bit v-1)
  logic [D-1:0] e_row_m1;             // ... at least v-1
  logic         e_lt, e_ge, p_ge, long_ge, long_eq, base_win;
  logic         e_is_cur;           // the enqueue point's queue is the current one
  logic [D-1:0] e_row_q, e_row_d;     // RowAhead: e_row, registered a cycle ahead

  assign e_row_o = RowAhead ? e_row_q : '0;
  if (RowAhead) begin : gen_row_reg
    assign e_row = e_row_q;
  end else begin : gen_row_sel
    assign e_row = e_row_t;
  end
  assign e_row_m1 = D'({e_row, 1'b1});        // at least v - 1: the row shifted up

  assign e_is_cur = e_qc_i == cur_q;
  assign e_lt    = e_qc_i < pick_q;
  assign e_ge    = e_qc_i >= ptr_s_q;
  assign p_ge    = pick_q >= ptr_s_q;
  assign long_ge = |(e_row & lmax_q);                  // len(e_q) >= lmax: it wins after +1
  assign long_eq = |(e_row_m1 & ~e_row & lmax_q);      // len(e_q) = lmax - 1: a tie after +1

  always_comb begin
    case (policy_i)
      2'd1:    base_win = long_ge || (long_eq && e_lt);
      2'd2:    base_win = p_ge ? (e_ge && e_lt) : (e_ge || e_lt);
      default: base_win = e_lt;
    endcase
  end

  assign e_win_o = enq_i && !hold_q && (!valid_q || (greedy_i && e_is_cur) || base_win);
  assign pick_o  = e_win_o ? e_q_i : pick_q;
  assign valid_o = valid_q || enq_i;
  // pick_q for the head multiplexer and the pops: a kept copy of the
  // register (both kept: Yosys would merge them), so that the head select's
  // 48 x 34 loads are not on step 1's decoder (issue 12); an assertion
  // compares the copies.
  logic [QW-1:0] pick_h_q;
  (* keep *)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) pick_h_q <= '0;
    else         pick_h_q <= pick_d;
  end
  oh_dec #(.N(N)) u_pre_oh (.idx_i (pick_h_q), .oh_o (pre_oh_o));

  // The slot's answer picks the case for the next cycle (the *_f values,
  // declared with the registers).
  logic                     pol;                // the policy drains if the slot takes
  assign pol = en_i && valid_o;

  assign cs_f = {!pol && forced_i, pol && e_win_o, pol && !e_win_o, !pol && !forced_i};
  always_comb begin
    cur_f = cur_q;
    ptr_f = ptr_q;
    if (pol) begin
      cur_f = pick_o;
      if (policy_i == 2'd2) ptr_f = after(pick_o);
    end
  end

  // RowAhead: the row of the queue the enqueue point holds next cycle, in the
  // state the cycle leaves: after this cycle's enqueue (t0), and with one
  // request fewer if that queue is the one drained (pick_q in case s1, e_q_i
  // in case s2).
  if (RowAhead) begin : gen_row_next
    logic [D-1:0]   r_f;
    logic           sh1, sh2;         // the next queue loses a request in case s1 / s2
    (* keep *) logic [D-1:0] e_row_f;
    // The enqueue point's request moves up (nx_f_i) or stays; which, is a
    // late select, after the rows are read.
    assign r_f = nx_f_i ? r_n : r_e;
    assign sh1 = nx_f_i ? xn_p : xe_p;
    assign sh2 = nx_f_i ? xn_e : 1'b1;
    always_comb begin
      if (pol && !e_win_o) e_row_f = sh1 ? r_f >> 1 : r_f;
      else if (pol || forced_i) e_row_f = sh2 ? r_f >> 1 : r_f;
      else e_row_f = r_f;
    end
    assign e_row_d = fire_i ? e_row_f : (nx_nf_i ? r_n : r_e);
    logic unused_go;                  // th_i counts the enqueue already
    assign unused_go = ^{go_oh_i, e_row_t};
  end else begin : gen_row_none
    assign e_row_d = '0;
    logic unused_nx;
    assign unused_nx = ^{nx_oh_i, nx_f_i, nx_nf_i, e_row_q, r_n, r_e, xn_p, xn_e, xe_p};
  end

  assign cur_d   = fire_i ? cur_f   : cur_q;
  assign ptr_d   = fire_i ? ptr_f   : ptr_q;
  assign pick_d  = fire_i ? pick_f  : pick_n;
  assign pk_lo_f = dec_lo(pick_f);   // the next pick predecoded, both values (the slot's
  assign pk_lo_n = dec_lo(pick_n);   // answer selects last, below)
  assign pk_hi_f = dec_hi(pick_f);
  assign pk_hi_n = dec_hi(pick_n);
  assign hold_d  = fire_i ? hold_f  : h0;
  assign valid_d = fire_i ? valid_f : v0;
  assign lmax_d  = fire_i ? lmax_f  : m0;

  (* keep *)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) pick_q <= '0;
    else         pick_q <= pick_d;
  end
  // The current queue changes only if the slot takes and the policy drains,
  // to pick_o (e_q_i or pick_q): both candidates are decoded from registers,
  // step 2's choice and the slot's answer select.
  logic [(1<<LW)-1:0] cu_lo_d;
  logic [(1<<HW)-1:0] cu_hi_d;
  (* keep *) logic [(1<<LW)-1:0] cu_lo_f;
  (* keep *) logic [(1<<HW)-1:0] cu_hi_f;
  assign cu_lo_f = e_win_o ? dec_lo(e_q_i) : pk_lo_q;
  assign cu_hi_f = e_win_o ? dec_hi(e_q_i) : pk_hi_q;
  late_sel #(.W(1 << LW)) u_cu_lo (.en_i (pol), .x_i (fire_i), .a_i (cu_lo_f), .b_i (cu_lo_q), .y_o (cu_lo_d));
  late_sel #(.W(1 << HW)) u_cu_hi (.en_i (pol), .x_i (fire_i), .a_i (cu_hi_f), .b_i (cu_hi_q), .y_o (cu_hi_d));
  // The predecoded pick: decoded from both values, the slot's answer the last select.
  logic [(1<<LW)-1:0] pk_lo_d;
  logic [(1<<HW)-1:0] pk_hi_d;
  late_sel #(.W(1 << LW), .En(1'b0)) u_pk_lo (.en_i (1'b1), .x_i (fire_i), .a_i (pk_lo_f), .b_i (pk_lo_n), .y_o (pk_lo_d));
  late_sel #(.W(1 << HW), .En(1'b0)) u_pk_hi (.en_i (1'b1), .x_i (fire_i), .a_i (pk_hi_f), .b_i (pk_hi_n), .y_o (pk_hi_d));
  (* keep *)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pk_lo_q <= (1 << LW)'(1);
      pk_hi_q <= (1 << HW)'(1);
      cu_lo_q <= (1 << LW)'(1);
      cu_hi_q <= (1 << HW)'(1);
    end else begin
      pk_lo_q <= pk_lo_d;
      pk_hi_q <= pk_hi_d;
      cu_lo_q <= cu_lo_d;
      cu_hi_q <= cu_hi_d;
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hold_q  <= 1'b0;
      valid_q <= 1'b0;
      lmax_q  <= '0;
      e_row_q <= '0;
      cur_q   <= '0;
    end else begin
      hold_q  <= hold_d;
      valid_q <= valid_d;
      lmax_q  <= lmax_d;
      e_row_q <= e_row_d;
      cur_q   <= cur_d;
    end
  end
  (* keep *)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) ptr_q <= '0;
    else         ptr_q <= ptr_d;
  end
  // The pointer for step 2's compares: a kept copy, so that they do not wait
  // for the buffer tree of step 1's masks (issue 12).
  logic [QW-1:0] ptr_s_q;
  (* keep *)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) ptr_s_q <= '0;
    else         ptr_s_q <= ptr_d;
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(forced_i && en_i)) else $error("mrpb_drain_sel: a forced drain while the policy may drain");
      assert (pick_h_q == pick_q) else $error("mrpb_drain_sel: the copies of pick_q differ");
      assert (pq_oh == N'({{(N-1){1'b0}}, 1'b1} << pick_q)) else $error("mrpb_drain_sel: pick_q's predecoded halves differ from it");
      assert (pk_lo_q == dec_lo(pick_q) && pk_hi_q == dec_hi(pick_q)) else $error("mrpb_drain_sel: pick_q's predecode differs");
      assert (cu_lo_q == dec_lo(cur_q) && cu_hi_q == dec_hi(cur_q)) else $error("mrpb_drain_sel: cur_q's predecode differs");
      assert (ptr_s_q == ptr_q) else $error("mrpb_drain_sel: the copies of ptr_q differ");
      assert (!valid_o || ne_s0[pick_o]) else $error("mrpb_drain_sel: pick names an empty queue");
    end
  end
`endif

`ifdef FORMAL
  // The choice is the policy's definition on the queues after this cycle's
  // enqueue (what the single-cycle selector computed): BMC from reset with
  // any modes (tests/formal/mrpb_top.sv).
  logic [N-1:0]   f_ne;
  localparam int CntW = $clog2(Depth + 1);      // length width
  logic [N*CntW-1:0] f_len;
  logic           f_hold;
  always @* begin
    for (int i = 0; i < N; i++) begin
      f_ne[i] = ne_s0[i];
      f_len[i*CntW +: CntW] = CntW'(!RowAhead && enq_oh[i] && !th_i[i*D + D - 1]);
      for (int v = 0; v < D; v++) f_len[i*CntW +: CntW] = f_len[i*CntW +: CntW] + CntW'(th_i[i*D + v]);
    end
    f_hold = greedy_i && f_ne[cur_q];
  end
  function automatic logic [CntW-1:0] f_l(input logic [31:0] i);
    f_l = f_len[i*CntW +: CntW];
  endfunction
  always @* begin
    if (rst_ni) begin
      assert (valid_o == |f_ne);
      if (valid_o) begin
        assert (f_ne[pick_o]);
        if (f_hold) assert (pick_o == cur_q);
        for (int i = 0; i < N; i++) begin
          if (!f_hold && f_ne[i] && policy_i != 2'd1 && policy_i != 2'd2) assert (32'(pick_o) <= i);
          if (!f_hold && f_ne[i] && policy_i == 2'd1) begin
            assert (f_l(i) <= f_l(32'(pick_o)));
            if (f_l(i) == f_l(32'(pick_o))) assert (32'(pick_o) <= i);
          end
          if (!f_hold && f_ne[i] && policy_i == 2'd2) begin
            if (pick_o >= ptr_q) begin
              assert (!(i >= 32'(ptr_q) && i < 32'(pick_o)));
            end else begin
              assert (!(i >= 32'(ptr_q) || i < 32'(pick_o)));
            end
          end
        end
      end
    end
  end
`endif
endmodule
