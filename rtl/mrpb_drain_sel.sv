// mrpb_drain_sel: the MRPB drain policy: which non-empty queue to drain next.
//
// Three base policies over the non-empty queues (MRPB section 3.3):
//   fixed-order   the lowest non-empty queue (prio_enc: "a 48-to-6 priority encoder");
//   longest-first the longest non-empty queue, ties to the lowest index (argmax);
//   round-robin   the first non-empty queue at or after a pointer that moves to
//                 q+1 when queue q is drained by the policy (rr_arb).
// Greedy: the queue the policy chose last (current) wins while it is not
// empty; the base policy only sees it. When the choice is drained (take_i),
// it becomes current and the round-robin pointer moves past it; drains for
// flush reasons do not come through here and change neither.
//
// Example (fixed, greedy): non-empty {1, 3}, current 3 -> pick 3 (greedy);
//   non-greedy -> pick 1.
module mrpb_drain_sel #(
  parameter int NumQueues = 48,                                  // queues, 1..64
  parameter int Depth     = 8,                                   // entries per queue
  localparam int QW   = (NumQueues > 1) ? $clog2(NumQueues) : 1, // queue index width
  localparam int CntW = $clog2(Depth + 1)                        // length width
) (
  input  logic                      clk_i,      // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                      rst_ni,     // asynchronous reset, active low: current 0, pointer 0
  // verilator lint_on SYNCASYNCNET
  input  logic [1:0]                policy_i,   // 0 fixed-order, 1 longest-first, 2 round-robin (3: fixed)
  input  logic                      greedy_i,   // keep draining the current queue until it is empty
  input  logic [NumQueues-1:0]      nonempty_i, // queue i holds a request (after this cycle's enqueue)
  input  logic [NumQueues*CntW-1:0] len_i,      // its length at [i*CntW +: CntW]
  input  logic                      take_i,     // pick_o is drained this cycle
  output logic [QW-1:0]             pick_o,     // the queue the policy drains; 0 when none
  output logic                      valid_o     // some queue is non-empty
);
  logic [QW-1:0]        cur_q, cur_d;
  logic [NumQueues-1:0] req;                    // what the base policy sees
  logic [QW-1:0]        fixed_idx, longest_idx, rr_idx;
  logic                 hold;
  // verilator lint_off UNUSEDSIGNAL
  logic [QW-1:0]        rr_ptr;                 // the round-robin pointer (formal checks, waveforms)
  // verilator lint_on UNUSEDSIGNAL

  assign hold = greedy_i && nonempty_i[cur_q];
  assign req  = hold ? (NumQueues'(1) << cur_q) : nonempty_i;

  // verilator lint_off PINCONNECTEMPTY
  prio_enc #(.N(NumQueues)) u_fixed (
    .req_i   (req),
    .idx_o   (fixed_idx),
    .valid_o ()
  );

  argmax #(.N(NumQueues), .W(CntW)) u_longest (
    .valid_i (req),
    .vals_i  (len_i),
    .idx_o   (longest_idx),
    .max_o   (),
    .valid_o ()
  );

  rr_arb #(.N(NumQueues)) u_rr (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .req_i   (req),
    .ack_i   (take_i && policy_i == 2'd2),
    .gnt_o   (),
    .idx_o   (rr_idx),
    .valid_o (),
    .ptr_o   (rr_ptr)
  );
  // verilator lint_on PINCONNECTEMPTY

  always_comb begin
    case (policy_i)
      2'd1:    pick_o = longest_idx;
      2'd2:    pick_o = rr_idx;
      default: pick_o = fixed_idx;
    endcase
  end

  assign valid_o = |nonempty_i;

  always_comb begin
    cur_d = cur_q;
    if (take_i) cur_d = pick_o;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) cur_q <= '0;
    else         cur_q <= cur_d;
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(take_i && !valid_o)) else $error("mrpb_drain_sel: take without a non-empty queue");
      assert (!valid_o || nonempty_i[pick_o]) else $error("mrpb_drain_sel: pick names an empty queue");
    end
  end
`endif

`ifdef FORMAL
  // The policies as the paper states them (section 3.3), for any request
  // vector and lengths: the pick is a non-empty queue; greedy keeps the
  // current queue while it is non-empty; fixed-order: no lower queue is
  // non-empty; longest-first: no queue is longer, and none as long is lower;
  // round-robin: no non-empty queue lies between the pointer and the pick.
  function automatic logic [CntW-1:0] f_len(input logic [31:0] i);
    f_len = len_i[i*CntW +: CntW];
  endfunction
  logic [QW-1:0] f_ptr;
  assign f_ptr = rr_ptr;
  always @* begin
    if (rst_ni && valid_o) begin
      assert (nonempty_i[pick_o]);
      if (hold) assert (pick_o == cur_q);
      for (int i = 0; i < NumQueues; i++) begin
        if (req[i] && policy_i != 2'd1 && policy_i != 2'd2) assert (32'(pick_o) <= i);
        if (req[i] && policy_i == 2'd1) begin
          assert (f_len(i) <= f_len(32'(pick_o)));
          if (f_len(i) == f_len(32'(pick_o))) assert (32'(pick_o) <= i);
        end
        // round-robin: i is not strictly between the pointer and the pick
        // (cyclically), else it would have been chosen first
        if (req[i] && policy_i == 2'd2) begin
          if (pick_o >= f_ptr) begin
            assert (!(i >= 32'(f_ptr) && i < 32'(pick_o)));
          end else begin
            assert (!(i >= 32'(f_ptr) || i < 32'(pick_o)));
          end
        end
      end
    end
  end
`endif
endmodule
