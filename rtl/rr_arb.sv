// rr_arb: round-robin arbiter over N requesters.
//
// A pointer names the requester with the highest priority this cycle; the
// grant goes to the first request at or after the pointer, wrapping around
// (MRPB section 3.3: "one item per non-empty queue in turn"). When the grant
// is taken (ack_i), the pointer moves to the requester after the one granted,
// so every requester is served within N grants. Built from two prio_enc trees:
// one over the requests at or above the pointer, one over all requests.
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
  logic [IdxW-1:0] ptr_q, ptr_d;
  logic [N-1:0]    at_or_above;     // requesters at or after the pointer
  logic [IdxW-1:0] upper_idx, all_idx;
  logic            upper_valid, all_valid;

  assign at_or_above = ~((N'(1) << ptr_q) - N'(1));

  prio_enc #(.N(N)) u_upper (
    .req_i   (req_i & at_or_above),
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
  assign gnt_o   = valid_o ? (N'(1) << idx_o) : '0;
  assign ptr_o   = ptr_q;

  always_comb begin
    ptr_d = ptr_q;
    if (ack_i && valid_o) begin
      ptr_d = (idx_o == IdxW'(N - 1)) ? '0 : idx_o + 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q <= '0;
    end else begin
      ptr_q <= ptr_d;
    end
  end

`ifndef SYNTHESIS
  // Usage and invariant checks (Verilator --assert; Yosys defines SYNTHESIS).
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert ((gnt_o & (gnt_o - 1'b1)) == '0) else $error("rr_arb: grant not one-hot");
      assert ((gnt_o & ~req_i) == '0) else $error("rr_arb: grant without request");
    end
  end

  if (N != (1 << IdxW)) begin : gen_ptr_range_check
    always_ff @(posedge clk_i) begin
      if (rst_ni) assert (ptr_q <= IdxW'(N - 1)) else $error("rr_arb: pointer out of range");
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
      assert (ptr_q <= IdxW'(N - 1));
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
        if (req_i[j]) assert (f_rank(ptr_q, j) >= f_rank(ptr_q, 32'(idx_o)));
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
      assert (32'(f_wait_q) + f_rank(ptr_q, 32'(f_tgt)) <= N - 1);
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
      if (rst_ni) cover (valid_o && !upper_valid && ptr_q != '0);
    end
  end
`endif
endmodule
