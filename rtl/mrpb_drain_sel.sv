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
    .ptr_o   ()
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
endmodule
