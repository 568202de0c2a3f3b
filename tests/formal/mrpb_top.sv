// mrpb_top: formal harness for rtl/mrpb.sv (yosys-smtbmc, see tests/formal.sh).
//
// The proof obligations live in the `ifdef FORMAL blocks of rtl/mrpb.sv and
// rtl/mrpb_drain_sel.sv; this wrapper adds the environment: reset in the first
// cycle, modes chosen freely but held (they may change only in reset; value 3
// is excluded), and signatures below NumQueues. Requests, writes and the
// L1 / next-level answers are free every cycle.
module mrpb_top #(
  parameter int NumQueues = 4,
  parameter int Depth     = 2,
  parameter int Latency   = 2,
  parameter int AddrW     = 2,
  parameter int TagW      = 1,
  localparam int QW   = (NumQueues > 1) ? $clog2(NumQueues) : 1,
  localparam int CntW = $clog2(Depth + 1)
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic                      in_valid_i,
  input  logic                      in_write_i,
  input  logic [5:0]                in_warp_i,
  input  logic [2:0]                in_block_i,
  input  logic [4:0]                in_inblock_i,
  input  logic [AddrW-1:0]          in_addr_i,
  input  logic [TagW-1:0]           in_tag_i,
  output logic                      in_ready_o,
  input  logic                      l1_ready_i,
  input  logic                      l1_stall_assoc_i,
  input  logic                      byp_ready_i,
  output logic                      out_valid_o,
  output logic                      out_bypass_o,
  output logic                      out_write_o,
  output logic [AddrW-1:0]          out_addr_o,
  output logic [TagW-1:0]           out_tag_o,
  output logic [2:0]                drain_o,
  output logic [QW-1:0]             drain_q_o,
  output logic [NumQueues*CntW-1:0] occ_o
);
  (* anyconst *) logic [1:0] signature, policy, bypass;
  (* anyconst *) logic       greedy, flush, reorder;

  mrpb #(.NumQueues(NumQueues), .Depth(Depth), .Latency(Latency), .AddrW(AddrW), .TagW(TagW)) u_mrpb (
    .clk_i, .rst_ni,
    .signature_i (signature), .policy_i (policy), .greedy_i (greedy),
    .flush_i (flush), .bypass_i (bypass), .reorder_i (reorder),
    .in_valid_i, .in_write_i, .in_warp_i, .in_block_i, .in_inblock_i, .in_addr_i, .in_tag_i,
    .in_ready_o, .l1_ready_i, .l1_stall_assoc_i, .byp_ready_i,
    .out_valid_o, .out_bypass_o, .out_write_o, .out_addr_o, .out_tag_o,
    .drain_o, .drain_q_o, .occ_o
  );

  logic f_past_valid = 1'b0;         // 0 only in the first cycle
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* begin
    if (!f_past_valid) assume (!rst_ni);
    assume (signature != 2'd3 && policy != 2'd3 && bypass != 2'd3);
    case (signature)
      2'd1:    assume (32'(in_block_i) < NumQueues);
      2'd2:    assume (32'(in_inblock_i) < NumQueues);
      default: assume (32'(in_warp_i) < NumQueues);
    endcase
  end
endmodule
