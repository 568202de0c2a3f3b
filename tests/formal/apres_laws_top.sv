// apres_laws_top: formal harness for rtl/apres_laws.sv (yosys-smtbmc, see tests/formal.sh).
//
// The proof obligations (the scheduling queue stays a strict total order)
// live in the `ifdef FORMAL block of rtl/apres_laws.sv; this wrapper only
// adds the environment: reset in the first cycle (the base case starts from
// reset; the induction step starts anywhere). Every input is otherwise free
// in every cycle: loads, feedback (valid, stale or out of range), prefetch
// targets and ready bits in any combination.
module apres_laws_top #(
  parameter int NumWarps   = 5,                                   // warps
  parameter int PcW        = 2,                                   // load PC bits
  parameter int WgtEntries = 2,                                   // WGT entries
  parameter int Scheds     = 1,                                   // warp schedulers
  localparam int IdxW = (NumWarps > 1) ? $clog2(NumWarps) : 1,    // warp index width
  localparam int GidW = (WgtEntries > 1) ? $clog2(WgtEntries) : 1 // group ID width
) (
  input  logic                clk_i,           // clock
  input  logic                rst_ni,          // asynchronous reset, active low
  input  logic [NumWarps-1:0] ready_i,         // ready warps
  input  logic                ld_valid_i,      // a load is issued
  input  logic [IdxW-1:0]     ld_warp_i,       // by this warp
  input  logic [PcW-1:0]      ld_pc_i,         // at this PC
  input  logic                fb_valid_i,      // LSU feedback
  input  logic [GidW-1:0]     fb_gid_i,        // its group ID
  input  logic                fb_hit_i,        // hit or miss
  input  logic                pf_valid_i,      // a prefetch target
  input  logic [IdxW-1:0]     pf_warp_i,       // its warp
  output logic [Scheds-1:0]      issue_valid_o, // a ready warp exists, per scheduler
  output logic [Scheds*IdxW-1:0] issue_warp_o,  // the first ready warp, per scheduler
  output logic                ld_gid_valid_o,  // the load has a group
  output logic [GidW-1:0]     ld_gid_o,        // its group ID
  output logic                miss_valid_o,    // a miss of a valid group
  output logic [NumWarps-1:0] miss_group_o,    // its warps
  output logic                fb_stale_o       // the feedback was ignored
);
  apres_laws #(.NumWarps(NumWarps), .PcW(PcW), .WgtEntries(WgtEntries), .Scheds(Scheds)) u_laws (
    .clk_i, .rst_ni, .ready_i, .ld_valid_i, .ld_warp_i, .ld_pc_i, .fb_valid_i, .fb_gid_i, .fb_hit_i,
    .pf_valid_i, .pf_warp_i, .issue_valid_o, .issue_warp_o, .ld_gid_valid_o, .ld_gid_o, .miss_valid_o,
    .miss_group_o, .fb_stale_o
  );

  logic f_past_valid = 1'b0;         // 0 only in the first cycle
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (!rst_ni);
endmodule
