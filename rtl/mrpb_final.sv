// mrpb_final: MRPB as the paper's final design (Table 4, in bold): warp-ID
// signature, non-greedy fixed-order drain, flush on, bypass on associativity
// stalls, reordering on. The modes of mrpb are tied here, so synthesis keeps
// only the logic this configuration uses (make area reports both). The
// sizes stay parameters: NumQueues 48, Depth 8, Latency 5 by default.
//
// Example: as mrpb with signature_i = 0, policy_i = 0, greedy_i = 0,
//   flush_i = 1, bypass_i = 2, reorder_i = 1.
module mrpb_final #(
  parameter int NumQueues = 48,             // signature queues (one per warp), 1..64
  parameter int Depth     = 8,              // entries per queue, 1..64
  parameter int Latency   = 5,              // accept-to-present cycles, 1..18
  parameter int AddrW     = 25,             // line address bits
  parameter int TagW      = 8,              // opaque tag bits
  localparam int QW   = (NumQueues > 1) ? $clog2(NumQueues) : 1,  // queue index width
  localparam int CntW = $clog2(Depth + 1)                        // occupancy width
) (
  input  logic                      clk_i,            // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                      rst_ni,           // asynchronous reset, active low
  // verilator lint_on SYNCASYNCNET
  input  logic                      in_valid_i,       // a request
  input  logic                      in_write_i,       // it is a write
  input  logic [5:0]                in_warp_i,        // warp ID in the SM: the queue
  input  logic [2:0]                in_block_i,       // block ID (unused: warp-ID signature)
  input  logic [4:0]                in_inblock_i,     // in-block warp ID (unused)
  input  logic [AddrW-1:0]          in_addr_i,        // line address
  input  logic [TagW-1:0]           in_tag_i,         // opaque tag
  output logic                      in_ready_o,       // the request is accepted this cycle
  input  logic                      l1_ready_i,       // the L1 takes the slot's request
  input  logic                      l1_stall_assoc_i, // the L1's refusal is an associativity stall
  input  logic                      byp_ready_i,      // the next level takes the bypassed request
  output logic                      out_valid_o,      // the slot holds a request
  output logic                      out_bypass_o,     // it is for the next level (bypass)
  output logic                      out_write_o,      // it is a write
  output logic [AddrW-1:0]          out_addr_o,       // its line address
  output logic [TagW-1:0]           out_tag_o,        // its tag
  output logic [2:0]                drain_o,          // what entered the slot (see mrpb)
  output logic [QW-1:0]             drain_q_o,        // its queue
  output logic [NumQueues*CntW-1:0] occ_o             // entries per queue
);
  mrpb #(
    .NumQueues (NumQueues),
    .Depth     (Depth),
    .Latency   (Latency),
    .AddrW     (AddrW),
    .TagW      (TagW)
  ) u_mrpb (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .signature_i      (2'd0),
    .policy_i         (2'd0),
    .greedy_i         (1'b0),
    .flush_i          (1'b1),
    .bypass_i         (2'd2),
    .reorder_i        (1'b1),
    .in_valid_i       (in_valid_i),
    .in_write_i       (in_write_i),
    .in_warp_i        (in_warp_i),
    .in_block_i       (in_block_i),
    .in_inblock_i     (in_inblock_i),
    .in_addr_i        (in_addr_i),
    .in_tag_i         (in_tag_i),
    .in_ready_o       (in_ready_o),
    .l1_ready_i       (l1_ready_i),
    .l1_stall_assoc_i (l1_stall_assoc_i),
    .byp_ready_i      (byp_ready_i),
    .out_valid_o      (out_valid_o),
    .out_bypass_o     (out_bypass_o),
    .out_write_o      (out_write_o),
    .out_addr_o       (out_addr_o),
    .out_tag_o        (out_tag_o),
    .drain_o          (drain_o),
    .drain_q_o        (drain_q_o),
    .occ_o            (occ_o)
  );
endmodule
