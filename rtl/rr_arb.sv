// rr_arb: round-robin arbiter over N requesters.
//
// A pointer names the requester with the highest priority this cycle; the
// grant goes to the first request at or after the pointer, wrapping around
// (MRPB section 3.3: "one item per non-empty queue in turn"). When the grant
// is taken (ack_i), the pointer moves to the requester after the one granted,
// so every requester is served within N grants.
//
// Structure, for timing (constraints/rr_arb.sdc: req_i -> gnt_o/idx_o/valid_o
// in 0.5 P; decoding the mask from a binary pointer and the grant from the
// index, as before, missed that by 1.4 ns at N = 48):
// * State: the pointer's mask upper_q, bit j set when j >= pointer, with
//   pointer 0 as all zeros (so bit 0 is always clear), ready at the clock
//   edge; and last_q, the index of the last grant taken (N - 1 after reset):
//   ptr_o = last_q + 1, wrapping, decoded after the register.
// * Grant: seen[i] says that a request lies on the ring from the pointer up to
//   i (positions pointer, pointer + 1, ..., i - 1, wrapping past N - 1), and
//   gnt_o = req_i & ~seen. seen is the carry chain
//   seen[i] = (i != pointer) & (seen[i-1] | req_i[i-1]) closed into a ring, the
//   pointer killing the carry, computed by carry lookahead: pairs of positions
//   (K = 2), a Kogge-Stone tree over the pairs, then one AND-OR per position:
//   about log2(N) + 2 gates from req_i. Each kill term ("no pointer among
//   these positions") is one gate of two mask bits, off the request path.
// * Index: two prio_enc trees, over the requests at or after the pointer and
//   over all requests; the first wins when it finds one.
// * Next mask, after a grant taken at g: bit j is j > g, which is seen[j]
//   within the old mask when g is at or after the pointer, or the old mask
//   plus seen[j] when the grant wrapped. Nothing here is on an output path.
//
// Example (N = 4, pointer 2): req_i = 4'b0011 -> gnt_o = 4'b0001, idx_o = 0;
//   with ack_i = 1 the pointer becomes 1, and the next cycle the same
//   requests are granted to requester 1.
module rr_arb #(
  parameter int N = 4,                              // number of requesters, >= 1
  localparam int IdxW = (N > 1) ? $clog2(N) : 1     // index width
) (
  input  logic            clk_i,    // clock
  // verilator lint_off SYNCASYNCNET
  input  logic            rst_ni,   // asynchronous reset, active low: pointer to 0
  // verilator lint_on SYNCASYNCNET
  input  logic [N-1:0]    req_i,    // requests
  input  logic            ack_i,    // the grant is taken: move the pointer past it
  output logic [N-1:0]    gnt_o,    // one-hot grant, zero when no request
  output logic [IdxW-1:0] idx_o,    // index of the granted requester; 0 when none
  output logic            valid_o,  // a grant is given
  output logic [IdxW-1:0] ptr_o     // the pointer: requester with the highest priority
);
  localparam int K = 2;                             // positions per lookahead group
  localparam int M = (N + K - 1) / K;               // groups (the last may be short)

  logic [IdxW-1:0] last_q, last_d;    // last grant taken: the pointer is the next one
  logic [N-1:0]    upper_q, upper_d;  // bit j: j >= pointer; all zeros for pointer 0
  logic [N-1:0]    seen;              // a request on the ring from the pointer up to i
  logic [IdxW-1:0] upper_idx, all_idx;
  logic            upper_valid, all_valid;
  logic            grant_upper;       // upper_valid again, for the mask update

  // The pointer is not among the len positions lo, lo + 1, ... (mod N),
  // from the mask m alone: one gate (m[0] is 0; m[N-1] is 0 only for pointer 0).
  function automatic logic no_ptr(input logic [N-1:0] m, input int lo, input int len);
    logic at_or_below_last;  // m[x], x the last position: 1 <= pointer <= x
    at_or_below_last = m[(lo + len - 1) % N];
    if (len >= N)               no_ptr = 1'b0;                         // the whole ring
    else if (lo + len - 1 >= N) no_ptr = m[lo-1] & ~at_or_below_last;  // wraps past N - 1
    else if (lo == 0)           no_ptr = m[N-1] & ~at_or_below_last;
    else                        no_ptr = m[lo-1] | ~at_or_below_last;
  endfunction

  // Last position of group h.
  function automatic int grp_end(input int h);
    grp_end = (h * K + K - 1 < N) ? h * K + K - 1 : N - 1;
  endfunction

  // No pointer in the n groups that end with group h (wrapping).
  function automatic logic no_ptr_grp(input logic [N-1:0] m, input int h, input int n);
    int lo;
    lo = ((h - n + 1 + M * n) % M) * K;
    if (n >= M) no_ptr_grp = 1'b0;
    else        no_ptr_grp = no_ptr(m, lo, (grp_end(h) - lo + N) % N + 1);
  endfunction

  // seen[i] = (i != pointer) & (seen[i-1] | r[i-1]) around the ring, by carry
  // lookahead. In group h (positions h*K ..): loc_g[i], a request from
  // position h*K - 1 on whose carry reaches i, and loc_p[i], no pointer in
  // h*K .. i; grp_c[h] after the tree is seen at the last position of group h.
  function automatic logic [N-1:0] ring_seen(input logic [N-1:0] r, input logic [N-1:0] m);
    logic [N-1:0] loc_g, loc_p;
    logic [M-1:0] grp_c, grp_prev;
    for (int i = 0; i < N; i++) begin
      loc_g[i] = 1'b0;
      for (int j = (i / K) * K; j <= i; j++) begin
        loc_g[i] = loc_g[i] | (r[(j + N - 1) % N] & no_ptr(m, j, i - j + 1));
      end
      loc_p[i] = no_ptr(m, (i / K) * K, i - (i / K) * K + 1);
    end
    for (int h = 0; h < M; h++) grp_c[h] = loc_g[grp_end(h)];
    // Kogge-Stone over the groups, wrapping: after the step of span s, grp_c[h]
    // covers 2s groups ending with h; spans reach M, a full turn, past the pointer.
    for (int s = 1; s < M; s = s * 2) begin
      grp_prev = grp_c;
      for (int h = 0; h < M; h++) begin
        grp_c[h] = grp_prev[h] | (no_ptr_grp(m, h, s) & grp_prev[(h + M - s) % M]);
      end
    end
    for (int i = 0; i < N; i++) begin
      ring_seen[i] = loc_g[i] | (loc_p[i] & grp_c[(i / K + M - 1) % M]);
    end
  endfunction

  // A request at or after the pointer, like upper_valid, for the N-bit mask
  // update. The extra m[N-1] (set in every mask but pointer 0's) makes it a
  // different function outside the reachable masks, so synthesis does not
  // merge it with upper_valid, and its fan-out of N stays off the idx_o select.
  function automatic logic any_upper(input logic [N-1:0] r, input logic [N-1:0] m);
    any_upper = 1'b0;
    for (int j = 0; j < N; j++) any_upper = any_upper | (r[j] & m[j] & m[N-1]);
  endfunction

  assign seen = ring_seen(req_i, upper_q);

  prio_enc #(.N(N)) u_upper (
    .req_i   (req_i & upper_q),
    .idx_o   (upper_idx),
    .valid_o (upper_valid)
  );

  prio_enc #(.N(N)) u_all (
    .req_i   (req_i),
    .idx_o   (all_idx),
    .valid_o (all_valid)
  );

  assign valid_o = all_valid;
  assign idx_o   = upper_valid ? upper_idx : all_idx;
  assign ptr_o   = (last_q == IdxW'(N - 1)) ? '0 : last_q + 1'b1;

  // seen[0] is upper_valid (the ring from the pointer up to 0 is the part at
  // or after it); gnt_o[0] takes the tree's copy, so that seen[0] keeps a
  // fan-out of one like every other bit.
  always_comb begin
    gnt_o    = req_i & ~seen;
    gnt_o[0] = req_i[0] & ~upper_valid;
  end

  assign grant_upper = any_upper(req_i, upper_q);

  // After a grant taken at g the pointer is g + 1, all zeros after N - 1.
  // Bit j of the new mask is j > g: seen[j] within the old mask when the
  // grant is at or after the pointer; when it wrapped, the old mask plus
  // seen[j] below the pointer. Without a request seen = 0: the mask stays.
  always_comb begin
    last_d = last_q;
    if (ack_i && valid_o) last_d = idx_o;
  end

  always_comb begin
    upper_d = upper_q;
    if (ack_i) upper_d = grant_upper ? upper_q & seen : upper_q | seen;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_q  <= IdxW'(N - 1);
      upper_q <= '0;
    end else begin
      last_q  <= last_d;
      upper_q <= upper_d;
    end
  end

`ifndef SYNTHESIS
  // Usage and invariant checks (Verilator --assert; Yosys defines SYNTHESIS).
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert ((gnt_o & (gnt_o - 1'b1)) == '0) else $error("rr_arb: grant not one-hot");
      assert ((gnt_o & ~req_i) == '0) else $error("rr_arb: grant without request");
      assert (upper_q == ((ptr_o == '0) ? '0 : ~((N'(1) << ptr_o) - N'(1))))
        else $error("rr_arb: mask does not match the pointer");
    end
  end

  if (N != (1 << IdxW)) begin : gen_ptr_range_check
    always_ff @(posedge clk_i) begin
      if (rst_ni) assert (last_q <= IdxW'(N - 1)) else $error("rr_arb: last grant out of range");
    end
  end
`endif

`ifdef FORMAL
  // Cyclic distance from the pointer to requester j: its rank this cycle.
  function automatic logic [31:0] f_rank(input logic [IdxW-1:0] p, input logic [31:0] j);
    f_rank = (j >= 32'(p)) ? j - 32'(p) : j + N - 32'(p);
  endfunction

  always @* begin
    if (rst_ni) begin
      assert (last_q <= IdxW'(N - 1));
      assert (ptr_o <= IdxW'(N - 1));
      // The mask is the pointer's: ones from the pointer up, none for 0.
      assert (upper_q == ((ptr_o == '0) ? '0 : ~((N'(1) << ptr_o) - N'(1))));
      assert (valid_o == (req_i != '0));
      if (valid_o) assert (req_i[idx_o]);
      // One-hot grant, only to a requester, matching idx_o; idx_o = 0 when none.
      assert ((gnt_o & (gnt_o - 1'b1)) == '0);
      assert ((gnt_o & ~req_i) == '0);
      assert ((gnt_o != '0) == valid_o);
      if (valid_o) begin
        assert (idx_o <= IdxW'(N - 1) && gnt_o[idx_o]);
      end else begin
        assert (idx_o == '0);
      end
      // Round-robin order: no requester comes before the granted one,
      // counting from the pointer and wrapping around.
      for (int j = 0; j < N; j++) begin
        if (req_i[j]) assert (f_rank(ptr_o, j) >= f_rank(ptr_o, 32'(idx_o)));
      end
    end
  end

  // Fairness: a requester f_tgt (any one, chosen by the solver) that keeps
  // requesting is granted within N grants taken. f_wait_q counts the grants
  // taken by others since f_tgt started requesting (one bit wider than needed,
  // so an unfair design cannot wrap it). The inductive invariant: every grant
  // taken by another requester moves the pointer at least one step closer to
  // f_tgt, so f_wait_q plus the distance from the pointer to f_tgt never grows
  // past N - 1; at f_wait_q = N - 1 the pointer is at f_tgt and it is granted.
  (* anyconst *) logic [IdxW-1:0] f_tgt;  // the requester watched
  logic [IdxW:0]   f_wait_q;              // grants taken by others while f_tgt waits

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_wait_q <= '0;
    end else if (!req_i[f_tgt] || (ack_i && gnt_o[f_tgt])) begin
      f_wait_q <= '0;
    end else if (ack_i && valid_o) begin
      f_wait_q <= f_wait_q + 1'b1;
    end
  end

  always @* begin
    if (rst_ni && f_tgt <= IdxW'(N - 1)) begin
      assert (32'(f_wait_q) + f_rank(ptr_o, 32'(f_tgt)) <= N - 1);
      if (req_i[f_tgt] && f_wait_q == (IdxW + 1)'(N - 1)) assert (gnt_o[f_tgt]);
    end
  end

  // Reachability (yosys-smtbmc -c), so the assertions above are not vacuous:
  // the longest wait happens, and (N > 1) a grant wraps around past the last
  // requester.
  always @* begin
    if (rst_ni) cover (f_tgt <= IdxW'(N - 1) && req_i[f_tgt] && f_wait_q == (IdxW + 1)'(N - 1));
  end

  if (N > 1) begin : gen_f_wrap
    always @* begin
      if (rst_ni) cover (valid_o && !upper_valid && ptr_o != '0);
    end
  end
`endif
endmodule
