// mrpb_therm: the MRPB queues' lengths as thermometers (mrpb_queues): queue
// i holds at least v requests when bit i*Depth + v-1 of th_o is set.
//
// Each cycle a queue may move up (a push) or down (a pop). Both follow the
// outbound slot's answer, which arrives late (fire_i, one copy per Group
// queues), so every queue's next value is settled three ways without it: if
// the slot takes, by branch a or b of the drain (sel_b_i settles after the
// moves, and selects), and if it does not (push_n_i). The slot's answer is
// the last select (late_sel) in front of the register: the thermometer is a
// register at the start of the cycle, with no select in front of the drain
// selector's state (issue 12).
//
// A move: up for a move up alone into a queue that is not full, down for a
// move down alone from one that is not empty, no change for both (moved()).
//
// With FAST_SIM_PRIMS (the blocks' Verilated models) the next value comes
// from a simulation body instead: the moves as NumQueues-bit words, and
// only the queues that move evaluated (at most two a cycle in mrpb; the structure
// evaluates three moves of every queue). tests/formal.sh proves the two equal
// with the register cut (equiv_cut), at every parameter set built.
//
// Example (NumQueues = 2, Depth = 2, Group = 2): th_o = 4'b0001 (queue 0
// holds one); push_n_i = 2'b01, fire_i = 0 -> th_o = 4'b0011.
module mrpb_therm #(
  parameter int NumQueues = 48,                                  // queues, 1..64
  parameter int Depth     = 8,                                   // entries per queue
  parameter int Group     = 8,                                   // queues per copy of fire_i
  localparam int NG = (NumQueues + Group - 1) / Group            // copies of fire_i
) (
  input  logic                       clk_i,    // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                       rst_ni,   // asynchronous reset, active low: all empty
  // verilator lint_on SYNCASYNCNET
  input  logic [NumQueues-1:0]       push_n_i, // up if not fire
  input  logic [NumQueues-1:0]       push_a_i, // up if fire and not sel_b_i
  input  logic [NumQueues-1:0]       pop_a_i,  // down if fire and not sel_b_i
  input  logic [NumQueues-1:0]       push_b_i, // up if fire and sel_b_i
  input  logic [NumQueues-1:0]       pop_b_i,  // down if fire and sel_b_i
  input  logic                       sel_b_i,  // which of the two (it settles after them)
  input  logic [NG-1:0]              fire_i,   // the slot takes, one copy per Group queues (late)
  output logic [NumQueues*Depth-1:0] th_o      // queue i holds at least v: bit i*Depth + v-1
);
  localparam int N = NumQueues;
  localparam int D = Depth;

  logic [N*D-1:0] th_q, th_d;

  function automatic logic [D-1:0] moved(input logic [D-1:0] t, input logic push, input logic pop);
    if (push && !pop && !t[D-1]) moved = D'({t, 1'b1});
    else if (pop && !push && t[0]) moved = t >> 1;
    else                            moved = t;
  endfunction

`ifdef FAST_SIM_PRIMS
  // The simulation body: each queue's move as it comes out of the slot's
  // answer (up, dn: one bit a queue), and only a queue with one move, not
  // both, changes.
  logic [N-1:0] fire_v, up, dn, chg;
  always_comb begin
    fire_v = '0;
    for (int g = 0; g < NG; g++)
      if (fire_i[g]) fire_v = fire_v | (N'((64'(1) << Group) - 1) << (g * Group));
    up  = (fire_v & (sel_b_i ? push_b_i : push_a_i)) | (~fire_v & push_n_i);
    dn  = fire_v & (sel_b_i ? pop_b_i : pop_a_i);
    chg = up ^ dn;
    th_d = th_q;
    for (int i = 0; i < N; i++)
      if (chg[i]) th_d[i*D +: D] = moved(th_q[i*D +: D], up[i], dn[i]);
  end
`else
  for (genvar i = 0; i < N; i++) begin : gen_queue
    logic [D-1:0] th, th_a, th_b, th_f, th_n;
    assign th   = th_q[i*D +: D];
    assign th_a = moved(th, push_a_i[i], pop_a_i[i]);
    assign th_b = moved(th, push_b_i[i], pop_b_i[i]);
    assign th_f = sel_b_i ? th_b : th_a;
    assign th_n = moved(th, push_n_i[i], 1'b0);
    late_sel #(.W(D), .En(1'b0)) u_th (.en_i (1'b1), .x_i (fire_i[i / Group]), .a_i (th_f), .b_i (th_n),
                                       .y_o (th_d[i*D +: D]));
  end
`endif

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) th_q <= '0;
    else         th_q <= th_d;
  end
  assign th_o = th_q;
endmodule
