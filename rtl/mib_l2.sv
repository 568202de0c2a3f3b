// mib_l2: the L2-side Merge Information Buffer and the dummy-request mux
// (Li, "Inter-core Locality Aware Memory Access Scheduling", section 4.4).
//
// One entry per L2 MSHR slot: the block address (the MSHR's own field, kept
// here so the block stands alone), merge length - 1 (4 bits), the sum of the
// ages of the requests merged since the last dummy (15 bits, saturating) and
// a pending bit (the thesis' "valid": news not yet sent).
//   allocate (a new MSHR entry; its request goes to the miss queue with its
//     own age): address stored, length 1, age sum 0, nothing pending;
//   merge (a request joins a live entry): length + 1 (saturating at 16), age
//     sum + the request's age, pending;
//   release (the data came back): nothing pending.
// A multiplexer in front of the L2 -> DRAM path sends the lowest-index
// pending entry as a dummy (address, length, age sum) before any miss-queue
// request; when the DRAM side takes it (out_ready_i) the entry's pending bit
// and age sum clear, so the controller adds each request's age exactly once.
// Allocate wins over a release of the same slot (reuse); a merge of the
// cycle adds to what remains after a dummy sent in the same cycle.
//
// Example: allocate slot 2 (address A); merges into 2 with ages 7 and 5 ->
//   the next free cycle sends a dummy {A, length-1 = 2, age 12}.
module mib_l2 #(
  parameter int Entries = 64,                               // L2 MSHR slots, >= 1
  parameter int AddrW   = 24,                               // block address bits
  localparam int SlotW  = (Entries > 1) ? $clog2(Entries) : 1,
  localparam int AgeW   = 15,
  localparam int LenW   = 4
) (
  input  logic               clk_i,           // clock
  // verilator lint_off SYNCASYNCNET
  input  logic               rst_ni,          // asynchronous reset, active low: nothing pending
  // verilator lint_on SYNCASYNCNET
  // MSHR events
  input  logic               alloc_valid_i,   // a new MSHR entry
  input  logic [SlotW-1:0]   alloc_slot_i,    // its slot
  input  logic [AddrW-1:0]   alloc_addr_i,    // its block address
  input  logic               merge_valid_i,   // a request merges into a live entry
  input  logic [SlotW-1:0]   merge_slot_i,    // the entry
  input  logic [AgeW-1:0]    merge_age_i,     // the merging request's age
  input  logic               release_valid_i, // an entry's data came back
  input  logic [SlotW-1:0]   release_slot_i,  // the entry
  // the miss queue and the L2 -> DRAM path
  input  logic               mq_valid_i,      // the miss queue's head request
  input  logic [AddrW-1:0]   mq_addr_i,       // its block address
  input  logic [AgeW-1:0]    mq_age_i,        // its age
  output logic               mq_ready_o,      // the head request is sent this cycle
  input  logic               out_ready_i,     // the DRAM side takes the output
  output logic               out_valid_o,     // a request to the DRAM controller
  output logic               out_dummy_o,     // it is a dummy (MIB update)
  output logic [AddrW-1:0]   out_addr_o,      // its block address
  output logic [LenW-1:0]    out_len_o,       // merge length - 1 (0 for a miss-queue request)
  output logic [AgeW-1:0]    out_age_o,       // dummy: ages merged since the last dummy; else the request's age
  output logic [SlotW-1:0]   out_slot_o,      // the dummy's entry; 0 for a miss-queue request
  output logic [Entries-1:0] pend_o           // entry i has news not yet sent
);

  logic [Entries-1:0] pend_q, pend_d;
  logic [AddrW-1:0]   addr_q [Entries];
  logic [LenW-1:0]    len_q  [Entries];
  logic [AgeW-1:0]    age_q  [Entries];  // the age sum, modulo 2^15 ...
  logic               sat_q  [Entries];  // ... and whether it reached 2^15 (then it reads all ones)
  logic               sent;                // the head is sent as a dummy this cycle

  // The head, the lowest pending entry, registered (valid, index), and its one-hot decode.
  logic               hv_q, hv_kept, hv_taken;
  logic [SlotW-1:0]   hidx_q, hidx_kept, hidx_taken;
  logic [Entries-1:0] hsel;
  logic [Entries-1:0] pend_kept, pend_taken;  // next pending bits if the head is not / is sent
  logic [AddrW-1:0]   haddr;
  logic [LenW-1:0]    hlen;
  logic [AgeW-1:0]    hage;

  for (genvar i = 0; i < Entries; i++) begin : gen_hsel
    assign hsel[i] = hv_q & (hidx_q == SlotW'(i));
  end

  // The head's fields: an AND-OR multiplexer on the one-hot select.
  always_comb begin
    haddr = '0;
    hlen  = '0;
    hage  = '0;
    for (int i = 0; i < Entries; i++) begin
      haddr = haddr | ({AddrW{hsel[i]}} & addr_q[i]);
      hlen  = hlen  | ({LenW{hsel[i]}} & len_q[i]);
      hage  = hage  | ({AgeW{hsel[i]}} & (age_q[i] | {AgeW{sat_q[i]}}));
    end
  end

  // "The head is sent" (hv_q & out_ready_i), with out_ready_i half a cycle
  // in, gates some 1100 register inputs. Each group of loads has its own copy
  // (late_ao, mapped on its own: docs/area.md, "Late inputs"), so the late
  // input reaches a few small gates, each driving its group: one copy per EG
  // entries (their age sums), one for the head registers, one for mq_ready_o.
  localparam int EG     = 8;                         // entries per copy
  localparam int Groups = (Entries + EG - 1) / EG;
  logic [Groups-1:0] sent_g;                // sent, for entries EG*g .. EG*g + EG - 1
  logic              mq_take;               // the miss queue's head is sent
  for (genvar g = 0; g < Groups; g++) begin : gen_sent
    late_ao u_sent (.a_i(1'b0), .b_i(hv_q), .c_i(1'b0), .x_i(out_ready_i), .z_i(1'b0), .y_o(sent_g[g]));
  end
  late_ao u_sent (.a_i(1'b0), .b_i(hv_q), .c_i(1'b0), .x_i(out_ready_i), .z_i(1'b0), .y_o(sent));
  late_ao u_mq_take (.a_i(1'b0), .b_i(~hv_q), .c_i(1'b0), .x_i(out_ready_i), .z_i(1'b0), .y_o(mq_take));
  assign out_valid_o = hv_q | mq_valid_i;
  assign out_dummy_o = hv_q;
  assign out_addr_o  = hv_q ? haddr : mq_addr_i;
  assign out_len_o   = hlen;                // zero without a head (hsel is zero)
  assign out_age_o   = hv_q ? hage : mq_age_i;
  assign out_slot_o  = hidx_q;              // zero without a head
  assign mq_ready_o  = mq_take;
  assign pend_o      = pend_q;

  for (genvar i = 0; i < Entries; i++) begin : gen_entry
    logic alloc, merge, rel;
    logic [AgeW-1:0] age_sum, age_kept, age_taken, age_d;
    logic            age_co, sat_kept, sat_d;
    assign alloc   = alloc_valid_i & (alloc_slot_i == SlotW'(i));
    assign rel     = release_valid_i & (release_slot_i == SlotW'(i));
    assign merge   = merge_valid_i & (merge_slot_i == SlotW'(i)) & ~alloc & ~rel;
    add_ks #(.W(AgeW)) u_add (
      .a_i   (age_q[i]),
      .b_i   (merge_age_i),
      .sum_o (age_sum),
      .co_o  (age_co)
    );
    // The next age sum for both answers of the DRAM side, from the events and
    // the registers; out_ready_i (late in the cycle) only selects, in the last
    // gate before the register (late_sel: taken when hsel[i] & sent). Not
    // taken: an allocate clears the sum, a merge adds the request's age to it.
    // Taken (this cycle's dummy takes the old sum): a merge's age stands
    // alone, else the sum clears. The sum saturates at all ones (15 bits):
    // the adder's carry-out sets a sticky flag instead of being ORed into the
    // 15 sum bits here, which took the carry's fan-out off the adder's path;
    // the flag is ORed in where the sum is read (hage).
    assign age_kept  = alloc ? '0 : merge ? age_sum : age_q[i];
    assign sat_kept  = ~alloc & (sat_q[i] | (merge & age_co));
    assign age_taken = merge ? merge_age_i : '0;
    late_sel #(.W(AgeW + 1)) u_age_d (.en_i(hsel[i]), .x_i(sent_g[i / EG]), .a_i({1'b0, age_taken}),
                                      .b_i({sat_kept, age_kept}), .y_o({sat_d, age_d}));

    assign pend_kept[i]  = ~alloc & ~rel & (merge | pend_q[i]);
    assign pend_taken[i] = ~alloc & ~rel & (merge | (pend_q[i] & ~hsel[i]));

    // Storage without reset, like the MSHR's own fields.
    always_ff @(posedge clk_i) begin
      if (alloc) begin
        addr_q[i] <= alloc_addr_i;
        len_q[i]  <= '0;
      end else if (merge) begin
        len_q[i]  <= (len_q[i] == '1) ? len_q[i] : len_q[i] + 1'b1;
      end
      age_q[i] <= age_d;
      sat_q[i] <= sat_d;
    end
  end

  // Next cycle's head for both cases, from the events and the registers;
  // out_ready_i (late in the cycle) only picks one.
  prio_enc #(.N(Entries)) u_head_kept (
    .req_i   (pend_kept),
    .idx_o   (hidx_kept),
    .valid_o (hv_kept)
  );

  prio_enc #(.N(Entries)) u_head_taken (
    .req_i   (pend_taken),
    .idx_o   (hidx_taken),
    .valid_o (hv_taken)
  );

  assign pend_d = sent ? pend_taken : pend_kept;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pend_q <= '0;
      hv_q   <= 1'b0;
      hidx_q <= '0;
    end else begin
      pend_q <= pend_d;
      hv_q   <= sent ? hv_taken : hv_kept;
      hidx_q <= sent ? hidx_taken : hidx_kept;
    end
  end

`ifndef SYNTHESIS
  // Usage checks (Verilator --assert; Yosys defines SYNTHESIS).
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!alloc_valid_i || 32'(alloc_slot_i) < Entries) else $error("mib_l2: allocate of slot %0d", alloc_slot_i);
      assert (!merge_valid_i || 32'(merge_slot_i) < Entries) else $error("mib_l2: merge into slot %0d", merge_slot_i);
      assert (!release_valid_i || 32'(release_slot_i) < Entries)
        else $error("mib_l2: release of slot %0d", release_slot_i);
      assert (!(merge_valid_i && alloc_valid_i && merge_slot_i == alloc_slot_i))
        else $error("mib_l2: merge into the slot allocated in the same cycle");
      assert (!(merge_valid_i && release_valid_i && merge_slot_i == release_slot_i))
        else $error("mib_l2: merge into the slot released in the same cycle");
    end
  end
`endif
endmodule
