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
  localparam logic [AgeW:0] AgeMax = (AgeW+1)'((1 << AgeW) - 1);

  logic [Entries-1:0] pend_q, pend_d;
  logic [AddrW-1:0]   addr_q [Entries];
  logic [LenW-1:0]    len_q  [Entries];
  logic [AgeW-1:0]    age_q  [Entries];
  logic [SlotW-1:0]   sel;                 // the lowest pending entry
  logic               any_pend, sent;

  prio_enc #(.N(Entries)) u_first (
    .req_i   (pend_q),
    .idx_o   (sel),
    .valid_o (any_pend)
  );

  assign sent        = any_pend & out_ready_i;
  assign out_valid_o = any_pend | mq_valid_i;
  assign out_dummy_o = any_pend;
  assign out_addr_o  = any_pend ? addr_q[sel] : mq_addr_i;
  assign out_len_o   = any_pend ? len_q[sel] : '0;
  assign out_age_o   = any_pend ? age_q[sel] : mq_age_i;
  assign out_slot_o  = any_pend ? sel : '0;
  assign mq_ready_o  = ~any_pend & out_ready_i;
  assign pend_o      = pend_q;

  for (genvar i = 0; i < Entries; i++) begin : gen_entry
    logic alloc, merge, rel, clear;
    logic [AgeW:0]   age_sum;              // age + the merging request's age
    logic [AgeW-1:0] age_merged;           // the age after a merge: saturated sum, or the merge's age alone
                                           // if this cycle's dummy took the old sum (out_ready_i only muxes)
    assign alloc   = alloc_valid_i & (alloc_slot_i == SlotW'(i));
    assign rel     = release_valid_i & (release_slot_i == SlotW'(i));
    assign merge   = merge_valid_i & (merge_slot_i == SlotW'(i)) & ~alloc & ~rel;
    assign clear   = sent & (sel == SlotW'(i));
    assign age_sum = (AgeW+1)'(age_q[i]) + (AgeW+1)'(merge_age_i);
    assign age_merged = clear ? merge_age_i : (age_sum > AgeMax) ? AgeMax[AgeW-1:0] : age_sum[AgeW-1:0];

    assign pend_d[i] = ~alloc & ~rel & (merge | (pend_q[i] & ~clear));

    // Storage without reset, like the MSHR's own fields.
    always_ff @(posedge clk_i) begin
      if (alloc) begin
        addr_q[i] <= alloc_addr_i;
        len_q[i]  <= '0;
        age_q[i]  <= '0;
      end else if (merge) begin
        len_q[i]  <= (len_q[i] == '1) ? len_q[i] : len_q[i] + 1'b1;
        age_q[i]  <= age_merged;
      end else if (clear) begin
        age_q[i]  <= '0;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) pend_q <= '0;
    else         pend_q <= pend_d;
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
