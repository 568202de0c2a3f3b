// mrpb_queues: the MRPB signature queues, one fifo per queue index.
//
// At most one push (the enqueue point's request) and one pop per cycle, each
// named by a one-hot, as the paper's split cycle: the
// two may name the same queue. Two read ports show the heads of two queues
// (the drain selector's registered pick and the enqueue point's queue). The fifo
// counts are the queue lengths (MRPB section 6: "keeps queue lengths as a
// set of counters"); the drain selector reads them as thermometers, kept in
// registers of their own beside the counts (th_o: mrpb_therm, updated with
// the late push and pop), so that its policies do not start from a compare
// of each count. The thermometer may run one request ahead of the count
// (ahead_i, for the assertion: mrpb keeps it as the queues after the
// enqueue point's request, which is known a cycle ahead when Latency > 1).
//
// Example (NumQueues = 4, Depth = 2): push A into 2, push B into 2 ->
//   full_o = 4'b0100, count 2 of queue 2 in occ_o[2*CntW +: CntW];
//   rd_p_i = 2 shows head_p_o = A.
module mrpb_queues #(
  parameter int NumQueues = 48,                                  // queues, 1..64
  parameter int Depth     = 8,                                   // entries per queue
  parameter int Width     = 34,                                  // bits per entry
  parameter int Group     = 8,                                   // queues per copy of fire_i
  localparam int CntW = $clog2(Depth + 1)                        // occupancy width
) (
  input  logic                      clk_i,    // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                      rst_ni,   // asynchronous reset, active low: all empty
  // verilator lint_on SYNCASYNCNET
  input  logic [NumQueues-1:0]      push_i,   // one-hot (or 0): write wdata_i into this queue
  input  logic [Width-1:0]          wdata_i,  // entry to write
  input  logic [NumQueues-1:0]      pop_i,    // one-hot (or 0): remove the head of this queue
  // The thermometers' moves, settled without the slot's answer: up and down
  // if the slot takes (fire_i; branch a or b, sel_b_i), up if it does not.
  input  logic [NumQueues-1:0]      push_n_i, // up if not fire
  input  logic [NumQueues-1:0]      push_a_i, // up if fire and not sel_b_i
  input  logic [NumQueues-1:0]      pop_a_i,  // down if fire and not sel_b_i
  input  logic [NumQueues-1:0]      push_b_i, // up if fire and sel_b_i
  input  logic [NumQueues-1:0]      pop_b_i,  // down if fire and sel_b_i
  input  logic [NumQueues-1:0]      ahead_i,  // the thermometer counts one request more than
                                              //   the fifo (assertions only)
  input  logic                      sel_b_i,  // which of the two (it settles after them)
  input  logic [(NumQueues+Group-1)/Group-1:0] fire_i, // the slot takes, one copy per Group queues (late)
  input  logic [NumQueues-1:0]      rd_p_i,   // one-hot: a queue to read
  input  logic [NumQueues-1:0]      rd_e_i,   // one-hot: another queue to read
  output logic [Width-1:0]          head_p_o, // head entry of queue rd_p_i (0 when empty)
  output logic [Width-1:0]          head_e_o, // head entry of queue rd_e_i (0 when empty)
  output logic [NumQueues-1:0]      empty_o,  // queue i holds nothing
  output logic [NumQueues-1:0]      full_o,   // queue i holds Depth entries
  output logic [NumQueues*CntW-1:0] occ_o,    // entries of queue i at [i*CntW +: CntW]
  output logic [NumQueues*Depth-1:0] th_o     // queue i holds at least v entries: bit i*Depth + v-1
);
  logic [Width-1:0] rdata [NumQueues];

  for (genvar i = 0; i < NumQueues; i++) begin : gen_queue
    fifo #(.Depth(Depth), .Width(Width)) u_fifo (
      .clk_i   (clk_i),
      .rst_ni  (rst_ni),
      .push_i  (push_i[i]),
      .wdata_i (wdata_i),
      .pop_i   (pop_i[i]),
      .rdata_o (rdata[i]),
      .full_o  (full_o[i]),
      .empty_o (empty_o[i]),
      .count_o (occ_o[i*CntW +: CntW])
    );

    logic [Depth-1:0] th;
    assign th = th_o[i*Depth +: Depth];
`ifndef SYNTHESIS
    // Bit v-1 is count + ahead >= v: the thermometer of that number, compared
    // whole (one compare a queue, not Depth).
    logic [CntW:0] f_n;
    assign f_n = (CntW+1)'(occ_o[i*CntW +: CntW]) + (CntW+1)'(ahead_i[i]);
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        assert (th == Depth'(((Depth+1)'(1) << f_n) - 1'b1))
          else $error("mrpb_queues: queue %0d's thermometer disagrees with its count", i);
      end
    end
`endif
`ifdef FORMAL
    always @* begin
      if (rst_ni) begin
        for (int v = 1; v <= Depth; v++) assert (th[v-1] == (32'(occ_o[i*CntW +: CntW]) + 32'(ahead_i[i]) >= v));
      end
    end
`endif
  end

  // The thermometers move with the fifos' counts: up on a push the fifo
  // takes (not full), down on a pop it takes (not empty). Counting the fifo
  // (ahead_i 0), the fifo drops a push into a full queue even with a pop,
  // which the thermometer does not follow; that does not happen (the
  // enqueue's one-hot excludes full queues, every pop names a non-empty
  // queue). Running one ahead (mrpb, Latency > 1), a full queue that is
  // drained while the enqueue point waits for it stays full, which is right:
  // the waiting request takes the freed place. The assertion against the
  // count above checks it every cycle.
  mrpb_therm #(.NumQueues(NumQueues), .Depth(Depth), .Group(Group)) u_therm (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .push_n_i (push_n_i),
    .push_a_i (push_a_i),
    .pop_a_i  (pop_a_i),
    .push_b_i (push_b_i),
    .pop_b_i  (pop_b_i),
    .sel_b_i  (sel_b_i),
    .fire_i   (fire_i),
    .th_o     (th_o)
  );

  // Read mux as an AND-OR over the queues (pop_q_i may exceed NumQueues-1
  // only through misuse, and then reads 0).
`ifdef FAST_SIM_PRIMS
  // The simulation body (the Makefile defines FAST_SIM_PRIMS for the blocks'
  // Verilated models): the same AND-OR read from the heads in place. The
  // structure packs the NumQueues heads into one wide vector for oh_sel, which
  // a Verilated model rebuilds every cycle word by word (48 x 64 bits in the
  // system's set). tests/formal.sh proves the two equal with the registers cut
  // (equiv_cut) at every built set; synthesis reads the structure.
  always_comb begin
    head_p_o = '0;
    head_e_o = '0;
    for (int i = 0; i < NumQueues; i++) begin
      head_p_o = head_p_o | ({Width{rd_p_i[i]}} & rdata[i]);
      head_e_o = head_e_o | ({Width{rd_e_i[i]}} & rdata[i]);
    end
  end
`else
  logic [NumQueues*Width-1:0] heads;
  for (genvar i = 0; i < NumQueues; i++) begin : gen_head
    assign heads[i*Width +: Width] = rdata[i];
  end

  oh_sel #(.N(NumQueues), .W(Width)) u_rd_p (.data_i (heads), .sel_i (rd_p_i), .data_o (head_p_o));
  oh_sel #(.N(NumQueues), .W(Width)) u_rd_e (.data_i (heads), .sel_i (rd_e_i), .data_o (head_e_o));
`endif
endmodule
