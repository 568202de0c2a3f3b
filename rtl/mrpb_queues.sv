// mrpb_queues: the MRPB signature queues, one fifo per queue index.
//
// At most one push (the enqueue point's request into queue push_q_i) and one
// pop (the head of queue pop_q_i) per cycle, as the paper's split cycle: the
// two may name the same queue. head_o is the head of queue pop_q_i. The fifo
// counts are the drain selector's queue lengths (MRPB section 6: "keeps queue
// lengths as a set of counters").
//
// Example (NumQueues = 4, Depth = 2): push A into 2, push B into 2 ->
//   full_o = 4'b0100, count 2 of queue 2 in occ_o[2*CntW +: CntW];
//   pop_q_i = 2 shows head_o = A.
module mrpb_queues #(
  parameter int NumQueues = 48,                                  // queues, 1..64
  parameter int Depth     = 8,                                   // entries per queue
  parameter int Width     = 34,                                  // bits per entry
  localparam int QW   = (NumQueues > 1) ? $clog2(NumQueues) : 1, // queue index width
  localparam int CntW = $clog2(Depth + 1)                        // occupancy width
) (
  input  logic                      clk_i,    // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                      rst_ni,   // asynchronous reset, active low: all empty
  // verilator lint_on SYNCASYNCNET
  input  logic                      push_i,   // write wdata_i into queue push_q_i
  input  logic [QW-1:0]             push_q_i, // queue to write
  input  logic [Width-1:0]          wdata_i,  // entry to write
  input  logic                      pop_i,    // remove the head of queue pop_q_i
  input  logic [QW-1:0]             pop_q_i,  // queue to read
  output logic [Width-1:0]          head_o,   // head entry of queue pop_q_i (0 when empty)
  output logic [NumQueues-1:0]      empty_o,  // queue i holds nothing
  output logic [NumQueues-1:0]      full_o,   // queue i holds Depth entries
  output logic [NumQueues*CntW-1:0] occ_o     // entries of queue i at [i*CntW +: CntW]
);
  logic [Width-1:0] rdata [NumQueues];

  for (genvar i = 0; i < NumQueues; i++) begin : gen_queue
    fifo #(.Depth(Depth), .Width(Width)) u_fifo (
      .clk_i   (clk_i),
      .rst_ni  (rst_ni),
      .push_i  (push_i && push_q_i == QW'(i)),
      .wdata_i (wdata_i),
      .pop_i   (pop_i && pop_q_i == QW'(i)),
      .rdata_o (rdata[i]),
      .full_o  (full_o[i]),
      .empty_o (empty_o[i]),
      .count_o (occ_o[i*CntW +: CntW])
    );
  end

  // Read mux as an AND-OR over the queues (pop_q_i may exceed NumQueues-1
  // only through misuse, and then reads 0).
  always_comb begin
    head_o = '0;
    for (int i = 0; i < NumQueues; i++) begin
      if (pop_q_i == QW'(i)) head_o = head_o | rdata[i];
    end
  end
endmodule
