// cqueue_top: formal harness for rtl/cqueue.sv (yosys-smtbmc, see tests/formal.sh).
//
// The queue is used as the DRAM scheduler's write queue uses it: no in-place
// updates (upd_i = data_o). Reset in the first cycle; pushes and pops are
// free within the usage rules (no push when full, pops name a valid entry).
// Proved by k-induction:
//   * the count never exceeds N and valid_o is the thermometer of the count;
//   * order: an arbitrary pushed entry (f_pick, chosen by the solver) sits at
//     the position of the number of entries older than it that are still
//     queued, with its value, until it is popped. Because the pick is
//     arbitrary this holds for every entry: a pop from the middle keeps the
//     order of the others and loses or duplicates none.
// Covers: the queue fills; a tracked entry pushed behind N-1 others moves to
// the bottom and is popped; (N > 3) a pop from the middle with a push.
module cqueue_top #(
  parameter int N = 4,                              // entries
  parameter int W = 2,                              // bits per entry
  localparam int IdxW = (N > 1) ? $clog2(N) : 1,
  localparam int CntW = $clog2(N + 1)
) (
  input  logic            clk_i,        // clock
  input  logic            rst_ni,       // asynchronous reset, active low
  input  logic            push_i,       // push
  input  logic [W-1:0]    push_data_i,  // entry to push
  input  logic            pop_i,        // pop
  input  logic [IdxW-1:0] pop_idx_i,    // entry to pop
  output logic [CntW-1:0] count_o       // entries held
);
  logic [N*W-1:0] data;
  logic [N-1:0]   valid;
  logic           full;

  cqueue #(.N(N), .W(W)) u_q (
    .clk_i, .rst_ni, .push_i, .push_data_i, .pop_i, .pop_idx_i,
    .upd_i (data), .data_o (data), .valid_o (valid), .count_o, .full_o (full)
  );

  logic f_past_valid = 1'b0;         // 0 only in the first cycle
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* begin
    if (!f_past_valid) assume (!rst_ni);
    if (rst_ni) begin
      assume (!(push_i && full));
      assume (!(pop_i && 32'(pop_idx_i) >= 32'(count_o)));
    end
  end

  (* anyseq *) logic f_pick;         // track the entry pushed this cycle
  logic            f_live_q;         // the tracked entry is queued
  logic [CntW-1:0] f_pos_q;          // its index = older entries still queued
  logic [W-1:0]    f_word_q;         // its value
  logic            f_deep_q;         // it was pushed behind N-1 others (for a cover)

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_live_q <= 1'b0;
      f_pos_q  <= '0;
      f_word_q <= '0;
      f_deep_q <= 1'b0;
    end else if (!f_live_q) begin
      if (push_i && f_pick) begin
        f_live_q <= 1'b1;
        f_pos_q  <= count_o - CntW'(pop_i);
        f_word_q <= push_data_i;
        f_deep_q <= (count_o - CntW'(pop_i)) == CntW'(N - 1);
      end
    end else if (pop_i) begin
      if (CntW'(pop_idx_i) == f_pos_q)    f_live_q <= 1'b0;
      else if (CntW'(pop_idx_i) < f_pos_q) f_pos_q <= f_pos_q - 1'b1;
    end
  end

  always @* begin
    if (rst_ni) begin
      assert (count_o <= CntW'(N));
      for (int i = 0; i < N; i++) assert (valid[i] == (CntW'(i) < count_o));
      if (f_live_q) begin
        assert (f_pos_q < count_o);
        assert (data[32'(f_pos_q) * W +: W] == f_word_q);
      end
      cover (full);
      cover (f_live_q && f_deep_q && f_pos_q == '0 && pop_i && pop_idx_i == '0);
    end
  end

  if (N > 3) begin : gen_f_middle
    always @* begin
      if (rst_ni) cover (pop_i && pop_idx_i != '0 && 32'(pop_idx_i) < 32'(count_o) - 1 && push_i);
    end
  end
endmodule
