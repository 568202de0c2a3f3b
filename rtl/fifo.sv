// fifo: circular-buffer FIFO with head/tail pointers and an occupancy counter.
//
// The storage is an array written at the tail and read at the head (MRPB
// section 6: "SRAM circular buffers with head/tail pointers"); the count
// register gives full and empty without comparing pointers. Push and pop in
// the same cycle are allowed when the FIFO is neither empty (for the pop) nor
// full (for the push): space freed by a pop cannot take a push in the same
// cycle, and a pushed word can be popped from the next cycle on. A push when
// full or a pop when empty is a usage error: it is ignored and asserted against.
// rdata_o shows the head word, and zero when empty.
//
// Example (Depth = 2): push A, push B, (full) pop -> rdata_o was A,
//   then rdata_o = B, count_o = 1.
module fifo #(
  parameter int Depth = 4,                                 // entries, >= 1
  parameter int Width = 8,                                 // bits per entry, >= 1
  localparam int PtrW = (Depth > 1) ? $clog2(Depth) : 1,   // pointer width
  localparam int CntW = $clog2(Depth + 1)                  // count width (0..Depth)
) (
  input  logic             clk_i,    // clock
  // verilator lint_off SYNCASYNCNET
  input  logic             rst_ni,   // asynchronous reset, active low: empty
  // verilator lint_on SYNCASYNCNET
  input  logic             push_i,   // write wdata_i at the tail (ignored when full)
  input  logic [Width-1:0] wdata_i,  // word to write
  input  logic             pop_i,    // remove the head word (ignored when empty)
  output logic [Width-1:0] rdata_o,  // head word; 0 when empty
  output logic             full_o,   // count_o == Depth
  output logic             empty_o,  // count_o == 0
  output logic [CntW-1:0]  count_o   // words held
);
  logic [Width-1:0] mem_q [Depth];
  logic [PtrW-1:0]  head_q, head_d, tail_q, tail_d;
  logic [CntW-1:0]  count_q, count_d;
  logic             do_push, do_pop;

  assign full_o  = (count_q == CntW'(Depth));
  assign empty_o = (count_q == '0);
  assign count_o = count_q;
  assign rdata_o = empty_o ? '0 : mem_q[head_q];
  assign do_push = push_i & ~full_o;
  assign do_pop  = pop_i & ~empty_o;

  // Next pointer value, wrapping at Depth (not a power of two in general).
  function automatic logic [PtrW-1:0] ptr_next(input logic [PtrW-1:0] p);
    ptr_next = (p == PtrW'(Depth - 1)) ? '0 : p + 1'b1;
  endfunction

  always_comb begin
    head_d  = head_q;
    tail_d  = tail_q;
    count_d = count_q;
    if (do_push) tail_d = ptr_next(tail_q);
    if (do_pop)  head_d = ptr_next(head_q);
    if (do_push && !do_pop) count_d = count_q + 1'b1;
    if (do_pop && !do_push) count_d = count_q - 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      head_q  <= '0;
      tail_q  <= '0;
      count_q <= '0;
    end else begin
      head_q  <= head_d;
      tail_q  <= tail_d;
      count_q <= count_d;
    end
  end

  // Storage: no reset, like an SRAM; only written words are ever shown.
  always_ff @(posedge clk_i) begin
    if (do_push) mem_q[tail_q] <= wdata_i;
  end

`ifndef SYNTHESIS
  // Usage checks (Verilator --assert; Yosys defines SYNTHESIS).
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(push_i && full_o)) else $error("fifo: push when full");
      assert (!(pop_i && empty_o)) else $error("fifo: pop when empty");
    end
  end
`endif

`ifdef FORMAL
  // Invariants proved by induction: the count matches the pointer distance
  // and never exceeds Depth; pointers stay in range.
  // The distance is computed in 32 bits: Yosys 0.23 gives a size cast such as
  // PtrW'(count_q) the width of its operand inside a comparison, so the
  // PtrW-bit modular form of this check fails there for Depth = 2^k.
  logic [31:0] f_dist;               // (tail_q - head_q) mod Depth
  always @* begin
    f_dist = (tail_q >= head_q) ? 32'(tail_q) - 32'(head_q)
                                : 32'(tail_q) + Depth - 32'(head_q);
    if (rst_ni) begin
      assert (count_q <= CntW'(Depth));
      assert (head_q <= PtrW'(Depth - 1));
      assert (tail_q <= PtrW'(Depth - 1));
      // begin/end: "if (c) assert (a); else ..." would give the assert an else.
      if (count_q != CntW'(Depth)) begin
        assert (f_dist == 32'(count_q));
      end else begin
        assert (tail_q == head_q);
      end
    end
  end

  // Ordering: words leave in the order they came in, none lost or duplicated.
  // An arbitrary push (f_pick, chosen by the solver) is tracked: its value,
  // and how many words are ahead of it (the count at its push, less a pop in
  // the same cycle; one less at every pop). When none is ahead it is the head,
  // and rdata_o must be it; the pop that takes it ends the tracking. Because
  // the pick is arbitrary, this holds for every word: the n-th word out is the
  // n-th word in. The other assertions are the auxiliary invariants that make
  // it inductive: the tracked word is inside the occupied part, and the cell
  // at head + ahead (wrapped) holds it.
  (* anyseq *) logic f_pick;         // track the word pushed this cycle
  logic             f_live_q;        // the tracked word is in the FIFO
  logic [CntW-1:0]  f_ahead_q;       // words ahead of it; 0: it is the head
  logic [Width-1:0] f_word_q;        // its value
  logic             f_deep_q;        // it was pushed behind Depth - 1 words (for a cover)
  logic [31:0]      f_sum;           // head_q + f_ahead_q, not wrapped
  logic [PtrW-1:0]  f_pos;           // the cell that holds it

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_live_q  <= 1'b0;
      f_ahead_q <= '0;
      f_word_q  <= '0;
      f_deep_q  <= 1'b0;
    end else if (!f_live_q) begin
      if (do_push && f_pick) begin
        f_live_q  <= 1'b1;
        f_ahead_q <= count_q - CntW'(do_pop);
        f_word_q  <= wdata_i;
        f_deep_q  <= (count_q - CntW'(do_pop)) == CntW'(Depth - 1);
      end
    end else if (do_pop) begin
      if (f_ahead_q == '0) f_live_q <= 1'b0;
      else                 f_ahead_q <= f_ahead_q - 1'b1;
    end
  end

  always @* begin
    f_sum = 32'(head_q) + 32'(f_ahead_q);
    f_pos = PtrW'((f_sum >= Depth) ? f_sum - Depth : f_sum);
    if (rst_ni && f_live_q) begin
      assert (f_ahead_q < count_q);
      assert (mem_q[f_pos] == f_word_q);
      if (f_ahead_q == '0) assert (rdata_o == f_word_q);
    end
  end

  // Reachability (yosys-smtbmc -c), so the assertions above are not vacuous:
  // the FIFO fills, a tracked word pushed behind Depth - 1 others reaches the
  // head and is popped, and (Depth > 1) a push and a pop share a cycle.
  always @* begin
    if (rst_ni) begin
      cover (full_o);
      cover (f_live_q && f_deep_q && f_ahead_q == '0 && do_pop);
    end
  end

  if (Depth > 1) begin : gen_f_push_pop
    always @* begin
      if (rst_ni) cover (do_push && do_pop);
    end
  end
`endif
endmodule
