// temp_dispatch: TEMP's serial thread-block dispatch (TEMP/TBAS paper
// section 3.2; docs/tbas.md, cmodel/temp_dispatch.h).
//
// One queue of thread-block IDs per SM, written before the kernel launches
// as a contiguous range [head, tail): the queue is its two registers. An SM
// with an idle block slot pops its head (the ID is the head register
// itself), which then counts up; the queue is empty when head meets tail.
// IDs are BlkW bits, head and tail BlkW + 1, so one queue can hold every ID.
// A range write is refused (wr_err_o) when head > tail, tail > 2^BlkW or the
// SM does not exist; a taken write replaces the range at the edge. A write
// to an SM, taken or refused, refuses that SM's pop in the same cycle (so
// the pop does not wait for the range check).
//
// Example (NumSms 2, BlkW 4): write SM 1 [3, 5); then pop_i = 2'b10 twice
// grants blocks 3 and 4, and a third pop finds empty_o[1] set (no grant).
module temp_dispatch #(
  parameter int NumSms = 8,                                   // SMs, 1..64
  parameter int BlkW   = 16,                                  // thread-block ID bits, 1..32
  localparam int SmW = (NumSms > 1) ? $clog2(NumSms) : 1      // SM index width
) (
  input  logic                   clk_i,        // clock
  input  logic                   rst_ni,       // asynchronous reset, active low
  input  logic                   wr_valid_i,   // the host writes one SM's range
  input  logic [SmW-1:0]         wr_sm_i,      // the SM
  input  logic [BlkW:0]          wr_head_i,    // the first block ID
  input  logic [BlkW:0]          wr_tail_i,    // one past the last
  input  logic [NumSms-1:0]      pop_i,        // SMs with an idle block slot
  output logic                   wr_err_o,     // the write was refused
  output logic [NumSms-1:0]      grant_o,      // the SM takes its blk_o this cycle
  output logic [NumSms*BlkW-1:0] blk_o,        // SM s's head at [s*BlkW +: BlkW]
  output logic [NumSms-1:0]      empty_o       // head == tail
);
  logic [BlkW:0]     head_q [NumSms];
  logic [BlkW:0]     tail_q [NumSms];
  logic [NumSms-1:0] sm_oh;
  logic              order_ok, range_ok, wr_ok;

  oh_dec #(.N(NumSms)) u_sm_dec (.idx_i(wr_sm_i), .oh_o(sm_oh));
  cmp_ge #(.W(BlkW + 1)) u_order (.a_i(wr_tail_i), .b_i(wr_head_i), .ge_o(order_ok));
  assign range_ok = !wr_tail_i[BlkW] || wr_tail_i[BlkW-1:0] == '0;   // tail <= 2^BlkW
  assign wr_ok    = wr_valid_i && order_ok && range_ok && |sm_oh;
  assign wr_err_o = wr_valid_i && !wr_ok;

  for (genvar s = 0; s < NumSms; s++) begin : gen_sm
    assign empty_o[s] = head_q[s] == tail_q[s];
    assign grant_o[s] = pop_i[s] && !empty_o[s] && !(wr_valid_i && sm_oh[s]);   // any write to it
    assign blk_o[s*BlkW +: BlkW] = head_q[s][BlkW-1:0];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int s = 0; s < NumSms; s++) begin
        head_q[s] <= '0;
        tail_q[s] <= '0;
      end
    end else begin
      for (int s = 0; s < NumSms; s++) begin
        if (wr_ok && sm_oh[s]) begin
          head_q[s] <= wr_head_i;
          tail_q[s] <= wr_tail_i;
        end else if (grant_o[s]) begin
          head_q[s] <= head_q[s] + 1'b1;   // head < tail <= 2^BlkW: no wrap
        end
      end
    end
  end
endmodule
