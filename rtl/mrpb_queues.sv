// mrpb_queues: the MRPB signature queues, one fifo per queue index.
//
// At most one push (the enqueue point's request) and one pop per cycle, each
// named by a one-hot, as the paper's split cycle: the
// two may name the same queue. Two read ports show the heads of two queues
// (the drain selector's registered pick and the enqueue point's queue). The fifo
// counts are the queue lengths (MRPB section 6: "keeps queue lengths as a
// set of counters"); the drain selector reads them as thermometers, kept in
// registers of their own beside the counts (th_o: one select after the
// registers), so that its policies do not start from a compare of each count.
//
// Example (NumQueues = 4, Depth = 2): push A into 2, push B into 2 ->
//   full_o = 4'b0100, count 2 of queue 2 in occ_o[2*CntW +: CntW];
//   rd_p_i = 2 shows head_p_o = A.
module mrpb_queues #(
  parameter int NumQueues = 48,                                  // queues, 1..64
  parameter int Depth     = 8,                                   // entries per queue
  parameter int Width     = 34,                                  // bits per entry
  localparam int CntW = $clog2(Depth + 1)                        // occupancy width
) (
  input  logic                      clk_i,    // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                      rst_ni,   // asynchronous reset, active low: all empty
  // verilator lint_on SYNCASYNCNET
  input  logic [NumQueues-1:0]      push_i,   // one-hot (or 0): write wdata_i into this queue
  input  logic [Width-1:0]          wdata_i,  // entry to write
  input  logic [NumQueues-1:0]      pop_i,    // one-hot (or 0): remove the head of this queue
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

    // The thermometer moves with the fifo's count: up on a push the fifo
    // takes (not full), down on a pop it takes (not empty). Both arrive late
    // (they follow the L1's answer), so neither is applied before a
    // register: th_b_q holds last cycle's thermometer, pushed_q and popped_q
    // what happened to it, and the shift is one select at the start of this
    // cycle. So the late push and pop load one flip-flop each per queue here.
    logic [Depth-1:0] th_b_q, th;
    logic             pushed_q, popped_q;
    always_comb begin
      th = th_b_q;
      if (pushed_q && !popped_q) th = Depth'({th_b_q, 1'b1});
      if (popped_q && !pushed_q) th = th_b_q >> 1;
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        th_b_q   <= '0;
        pushed_q <= 1'b0;
        popped_q <= 1'b0;
      end else begin
        th_b_q   <= th;
        pushed_q <= push_i[i] & ~th[Depth-1];
        popped_q <= pop_i[i] & th[0];
      end
    end
    assign th_o[i*Depth +: Depth] = th;
`ifndef SYNTHESIS
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        for (int v = 1; v <= Depth; v++)
          assert (th[v-1] == (32'(occ_o[i*CntW +: CntW]) >= v))
            else $error("mrpb_queues: queue %0d's thermometer disagrees with its count", i);
      end
    end
`endif
  end

  // Read mux as an AND-OR over the queues (pop_q_i may exceed NumQueues-1
  // only through misuse, and then reads 0).
  logic [NumQueues*Width-1:0] heads;
  for (genvar i = 0; i < NumQueues; i++) begin : gen_head
    assign heads[i*Width +: Width] = rdata[i];
  end

  oh_sel #(.N(NumQueues), .W(Width)) u_rd_p (.data_i (heads), .sel_i (rd_p_i), .data_o (head_p_o));
  oh_sel #(.N(NumQueues), .W(Width)) u_rd_e (.data_i (heads), .sel_i (rd_e_i), .data_o (head_e_o));
endmodule
