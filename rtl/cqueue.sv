// cqueue: a collapsing queue of N entries kept in arrival order.
//
// Entry 0 is the oldest and entries 0 .. count_o-1 are valid, so "the oldest
// of a set" is "the lowest index of a set" for whoever selects from it (the
// DRAM scheduler's read and write queues). Each cycle one entry may leave from
// any position (pop_i, pop_idx_i): the entries above it move down one place.
// One entry may enter behind the youngest (push_i). Every entry is stored as
// given on upd_i, which is data_o after the caller's in-place updates of this
// cycle (the scheduler ages its reads there; a queue without updates passes
// data_o back). Room is judged at the start of the cycle: push_i when full is
// a usage error, even if an entry leaves in the same cycle.
//
// Example (N = 4): entries A B C (count 3); pop_idx_i = 1 and push D ->
//   next cycle A C D (count 3); data_o[3] is not valid.
module cqueue #(
  parameter int N = 8,                               // entries, >= 1
  parameter int W = 8,                               // bits per entry, >= 1
  localparam int IdxW = (N > 1) ? $clog2(N) : 1,     // entry index width
  localparam int CntW = $clog2(N + 1)                // count width (0..N)
) (
  input  logic            clk_i,       // clock
  // verilator lint_off SYNCASYNCNET
  input  logic            rst_ni,      // asynchronous reset, active low: empty
  // verilator lint_on SYNCASYNCNET
  input  logic            push_i,      // store push_data_i behind the youngest entry
  input  logic [W-1:0]    push_data_i, // the new entry
  input  logic            pop_i,       // entry pop_idx_i leaves
  input  logic [IdxW-1:0] pop_idx_i,   // which entry leaves (< count_o)
  input  logic [N*W-1:0]  upd_i,       // entry i's value to keep, at [i*W +: W]
  output logic [N*W-1:0]  data_o,      // entry i at [i*W +: W]; valid for i < count_o
  output logic [N-1:0]    valid_o,     // entry i is valid (i < count_o)
  output logic [CntW-1:0] count_o,     // entries held
  output logic            full_o       // count_o == N
);
  logic [W-1:0]    mem_q [N];
  logic [CntW-1:0] count_q, count_d;
  // The count also as a one-hot register (bit k: count_q == k), so the place
  // a pushed entry goes (count_q, or count_q - 1 when an entry leaves) is a
  // 2:1 select per entry, not a subtract and a compare on the push's path.
  logic [N:0]      cnt_oh_q, cnt_oh_d;
  // And as a thermometer (bit i: entry i is valid), so valid_o is a register.
  logic [N-1:0]    th_q, th_d, th_up, th_dn;

  for (genvar i = 0; i < N; i++) begin : gen_th
    if (i == 0) begin : gen_lo
      assign th_up[i] = 1'b1;
    end else begin : gen_mid
      assign th_up[i] = th_q[i-1];
    end
    if (i + 1 < N) begin : gen_hi
      assign th_dn[i] = th_q[i+1];
    end else begin : gen_top
      assign th_dn[i] = 1'b0;
    end
  end

  assign count_o = count_q;
  assign full_o  = th_q[N-1];

  always_comb begin
    count_d  = count_q;
    cnt_oh_d = cnt_oh_q;
    th_d     = th_q;
    if (push_i && !pop_i) begin
      count_d  = count_q + 1'b1;
      cnt_oh_d = {cnt_oh_q[N-1:0], 1'b0};
      th_d     = th_up;
    end
    if (pop_i && !push_i) begin
      count_d  = count_q - 1'b1;
      cnt_oh_d = {1'b0, cnt_oh_q[N:1]};
      th_d     = th_dn;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      count_q  <= '0;
      cnt_oh_q <= (N+1)'(1);
      th_q     <= '0;
    end else begin
      count_q  <= count_d;
      cnt_oh_q <= cnt_oh_d;
      th_q     <= th_d;
    end
  end

  for (genvar i = 0; i < N; i++) begin : gen_entry
    logic [W-1:0] src;                 // the entry that lands here: this one or the one above
    if (i + 1 < N) begin : gen_shift
      assign src = (pop_i && IdxW'(i) >= pop_idx_i) ? upd_i[(i+1)*W +: W] : upd_i[i*W +: W];
    end else begin : gen_top
      assign src = upd_i[i*W +: W];
    end
    assign data_o[i*W +: W] = mem_q[i];
    assign valid_o[i]       = th_q[i];

    // A pushed entry lands here: the place behind the youngest after the pop.
    logic here;
    assign here = pop_i ? cnt_oh_q[i+1] : cnt_oh_q[i];

    // Storage: no reset, like an SRAM; only valid entries are ever used.
    always_ff @(posedge clk_i) begin
      mem_q[i] <= (push_i && here) ? push_data_i : src;
    end
  end

`ifdef FORMAL
  // The one-hot count and the thermometer are the count's
  // (tests/formal/cqueue_top.sv proves them with the queue's order; stated
  // here so the induction can use them).
  always @* begin
    if (rst_ni) begin
      assert (cnt_oh_q == (N+1)'(1) << count_q);
      for (int i = 0; i < N; i++) assert (th_q[i] == (CntW'(i) < count_q));
    end
  end
`endif

`ifndef SYNTHESIS
  // Usage checks (Verilator --assert; Yosys defines SYNTHESIS).
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(push_i && full_o)) else $error("cqueue: push when full");
      assert (!(pop_i && CntW'(pop_idx_i) >= count_q)) else $error("cqueue: pop of an empty place");
      assert (cnt_oh_q == (N+1)'(1) << count_q) else $error("cqueue: one-hot count out of step");
      for (int i = 0; i < N; i++) assert (th_q[i] == (CntW'(i) < count_q)) else $error("cqueue: thermometer out of step");
    end
  end
`endif
endmodule
