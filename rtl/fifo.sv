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
  always @* begin
    if (rst_ni) begin
      assert (count_q <= CntW'(Depth));
      assert (head_q <= PtrW'(Depth - 1));
      assert (tail_q <= PtrW'(Depth - 1));
      if (count_q != CntW'(Depth))
        assert (((tail_q >= head_q) ? (tail_q - head_q) : (tail_q + PtrW'(Depth) - head_q))
                == PtrW'(count_q));
      else
        assert (tail_q == head_q);
    end
  end
`endif
endmodule
