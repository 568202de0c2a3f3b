// fifo: circular-buffer FIFO with head/tail pointers and an occupancy counter.
//
// The storage is an array written at the tail and read at the head (MRPB
// section 6: "SRAM circular buffers with head/tail pointers"); the count
// register and registered full/empty flags drive the outputs directly. Push
// and pop in the same cycle are allowed when the FIFO is neither empty (for the
// pop) nor full (for the push): space freed by a pop cannot take a push in the
// same cycle, and a pushed word can be popped from the next cycle on. A push
// when full or a pop when empty is a usage error: it is ignored and asserted
// against. rdata_o shows the head word, and zero when empty.
//
// Timing (constraints/fifo.sdc): push_i and pop_i arrive at 0.7 P, leaving
// 0.3 P for everything they decide. So they only select among next values
// computed from the registers (count + 1, count - 1, count == Depth - 1, ...)
// for the count, the full/empty flags, the head and one "pushed" flag: a few
// gates into 2 + log2(Depth + 1) + log2(Depth) flip-flops, the pop last. The Depth x Width
// storage write is taken off that path: a push only registers its word
// (wbuf_q, loaded every cycle) and sets pushed_q, and the array entry is
// written from these registers in the next cycle, at the entry the push took
// (tail_b_q). Until then rdata_o takes the word from wbuf_q when that entry is
// the head. The architectural storage is therefore the array with the pending
// word in place (cell() below), which is what the C model's mem holds.
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
  logic [Width-1:0] mem_q [Depth];    // the array, less the word pushed last cycle
  logic [Width-1:0] wbuf_q;           // wdata_i of last cycle: the pushed word if pushed_q
  logic [PtrW-1:0]  head_q;
  logic [PtrW-1:0]  tail_b_q;         // the tail before last cycle's push
  logic [PtrW-1:0]  tail;             // the tail
  logic             pushed_q;         // last cycle pushed wbuf_q into entry tail_b_q
  logic [CntW-1:0]  count_q;
  logic             full_q, empty_q;
  logic             do_push;          // a push that takes effect

  // Next pointer value, wrapping at Depth (not a power of two in general).
  function automatic logic [PtrW-1:0] ptr_next(input logic [PtrW-1:0] p);
    ptr_next = (p == PtrW'(Depth - 1)) ? '0 : p + 1'b1;
  endfunction

  assign tail    = pushed_q ? ptr_next(tail_b_q) : tail_b_q;
  assign full_o  = full_q;
  assign empty_o = empty_q;
  assign count_o = count_q;
  assign rdata_o = empty_q ? '0 : (pushed_q && tail_b_q == head_q) ? wbuf_q : mem_q[head_q];
  assign do_push = push_i & ~full_q;

`ifndef FAST_SIM_PRIMS
  // The next state {head, count, full, empty} with and without a pop, with
  // the full/empty guards applied, from the registers and push_i; pop_i,
  // which arrives late, only selects, in the last gate before the registers.
  // The select is late_sel, mapped on its own so that synthesis keeps it
  // there (flattened, ABC had moved it to the front of the count logic: in
  // mrpb_final, where the pop follows the L1's answer, half a cycle in, it
  // went through five gates to a count register). A second late_sel for
  // push_i was measured and not kept: push then passed two of them (−0.04 ns
  // in mrpb_final).
  localparam int SW = PtrW + CntW + 2;
  logic [PtrW-1:0] head_d;
  logic [CntW-1:0] count_d;
  logic            full_d, empty_d;
  logic [CntW-1:0] c10, c01, c11;
  logic            at_last, at_one;   // count_q == Depth - 1, count_q == 1
  logic [SW-1:0]   nx_pop, nx_stay;   // the next state with and without a pop

  always_comb begin
    at_last = (count_q == CntW'(Depth - 1));
    at_one  = (count_q == CntW'(1));
    c10 = full_q ? count_q : count_q + 1'b1;
    c01 = empty_q ? count_q : count_q - 1'b1;
    c11 = full_q ? count_q - 1'b1 : empty_q ? count_q + 1'b1 : count_q;
    nx_stay = {head_q, push_i ? c10 : count_q, push_i ? full_q | at_last : full_q,
               ~push_i & empty_q};
    nx_pop  = {empty_q ? head_q : ptr_next(head_q), push_i ? c11 : c01,
               push_i & empty_q & at_last, push_i ? full_q & at_one : empty_q | at_one};
  end
  late_sel #(.W(SW), .En(1'b0)) u_next (.en_i(1'b1), .x_i(pop_i), .a_i(nx_pop), .b_i(nx_stay),
                                        .y_o({head_d, count_d, full_d, empty_d}));
`endif

  // The registers take the structure's next state, or with FAST_SIM_PRIMS
  // (the Makefile defines it for the blocks' Verilated models) the
  // simulation body's (docs/formal.md, "Simulation bodies"): the same
  // next-state function, its terms written out, computed only in a cycle
  // that can change a register (a push, a pop, or last cycle's push to
  // finish; in any other cycle the structure keeps every register). A
  // Verilated model otherwise evaluates every FIFO's next-state logic every
  // cycle (mrpb: 48 queues, at most two of which move). tests/formal.sh
  // proves the two equal, register for register, at every size a built
  // parameter set instantiates.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      head_q   <= '0;
      tail_b_q <= '0;
      pushed_q <= 1'b0;
      count_q  <= '0;
      full_q   <= 1'b0;
      empty_q  <= 1'b1;
    end
`ifdef FAST_SIM_PRIMS
    else if (push_i || pop_i || pushed_q) begin
      tail_b_q <= tail;
      pushed_q <= do_push;
      if (pop_i) begin
        if (!empty_q) head_q <= ptr_next(head_q);
        count_q <= push_i ? (full_q ? count_q - 1'b1 : empty_q ? count_q + 1'b1 : count_q)
                          : (empty_q ? count_q : count_q - 1'b1);
        full_q  <= push_i & empty_q & (count_q == CntW'(Depth - 1));
        empty_q <= push_i ? full_q & (count_q == CntW'(1)) : empty_q | (count_q == CntW'(1));
      end else if (push_i) begin
        count_q <= full_q ? count_q : count_q + 1'b1;
        full_q  <= full_q | (count_q == CntW'(Depth - 1));
        empty_q <= 1'b0;
      end
    end
`else
    else begin
      head_q   <= head_d;
      tail_b_q <= tail;
      pushed_q <= do_push;
      count_q  <= count_d;
      full_q   <= full_d;
      empty_q  <= empty_d;
    end
`endif
  end

  // Storage: no reset, like an SRAM; only written words are ever shown. The
  // word pushed last cycle goes into its entry now, from registers only.
  always_ff @(posedge clk_i) begin
    wbuf_q <= wdata_i;
    if (pushed_q) mem_q[tail_b_q] <= wbuf_q;
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
  logic do_pop;                      // a pop that takes effect (the logic folds it in)
  assign do_pop = pop_i & ~empty_q;

  // The storage as the C model sees it: the array with the pending word in place.
  function automatic logic [Width-1:0] cell(input logic [PtrW-1:0] i);
    cell = (pushed_q && tail_b_q == i) ? wbuf_q : mem_q[i];
  endfunction

  // Invariants proved by induction: the count matches the pointer distance
  // and never exceeds Depth; pointers stay in range; the flags are the count's.
  // The distance is computed in 32 bits: Yosys 0.23 gives a size cast such as
  // PtrW'(count_q) the width of its operand inside a comparison, so the
  // PtrW-bit modular form of this check fails there for Depth = 2^k.
  logic [31:0] f_dist;               // (tail - head_q) mod Depth
  always @* begin
    f_dist = (tail >= head_q) ? 32'(tail) - 32'(head_q)
                              : 32'(tail) + Depth - 32'(head_q);
    if (rst_ni) begin
      assert (count_q <= CntW'(Depth));
      assert (full_q == (count_q == CntW'(Depth)));
      assert (empty_q == (count_q == '0));
      assert (head_q <= PtrW'(Depth - 1));
      assert (tail_b_q <= PtrW'(Depth - 1));
      assert (tail <= PtrW'(Depth - 1));
      // The word pushed last cycle is still in the FIFO.
      if (pushed_q) assert (count_q != '0);
      // begin/end: "if (c) assert (a); else ..." would give the assert an else.
      if (count_q != CntW'(Depth)) begin
        assert (f_dist == 32'(count_q));
      end else begin
        assert (tail == head_q);
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
      assert (cell(f_pos) == f_word_q);
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
