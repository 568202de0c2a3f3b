// tbas_top: formal harness for rtl/tbas.sv (yosys-smtbmc, see tests/formal.sh).
//
// The proof obligations live in the `ifdef FORMAL block of rtl/tbas.sv; this
// wrapper adds the environment: reset in the first cycle, MinActive held
// out of reset, and the legal launches the usage checks ask for (into an
// existing slot; a live warp only if it exits in the same cycle). Exits,
// active and ready bits are free in every cycle.
module tbas_top #(
  parameter int NumWarps   = 4,
  parameter int MaxBatches = 3,
  parameter int RunBatches = 1,
  localparam int IdxW   = (NumWarps > 1) ? $clog2(NumWarps) : 1,
  localparam int BatchW = (MaxBatches > 1) ? $clog2(MaxBatches) : 1,
  localparam int CntW   = $clog2(NumWarps + 1)
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  logic [CntW-1:0]            min_active_i,
  input  logic [NumWarps-1:0]        launch_i,
  input  logic [BatchW-1:0]          launch_batch_i,
  input  logic [NumWarps-1:0]        exit_i,
  input  logic [NumWarps-1:0]        active_i,
  input  logic [NumWarps-1:0]        ready_i,
  output logic                       issue_valid_o,
  output logic [NumWarps-1:0]        issue_oh_o,
  output logic [IdxW-1:0]            issue_warp_o,
  output logic [MaxBatches-1:0]      run_o,
  output logic [MaxBatches-1:0]      prom_o,
  output logic [MaxBatches-1:0]      prom_all_o,
  output logic [MaxBatches-1:0]      dem_o,
  output logic [MaxBatches-1:0]      dem_empty_o,
  output logic [MaxBatches*CntW-1:0] act_cnt_o
);
  tbas #(.NumWarps(NumWarps), .MaxBatches(MaxBatches), .RunBatches(RunBatches)) u_tbas (
    .clk_i, .rst_ni, .min_active_i, .launch_i, .launch_batch_i, .exit_i, .active_i, .ready_i,
    .issue_valid_o, .issue_oh_o, .issue_warp_o, .run_o, .prom_o, .prom_all_o, .dem_o, .dem_empty_o, .act_cnt_o
  );

  logic f_past_valid = 1'b0;
  logic [CntW-1:0] f_min_q;
  logic            f_run_q;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    f_min_q <= min_active_i;
    f_run_q <= rst_ni;
  end
  logic [NumWarps-1:0] f_live;
  always @* begin
    f_live = '0;
    for (int b = 0; b < MaxBatches; b++) f_live = f_live | u_tbas.mem_q[b];
  end
  always @* begin
    if (!f_past_valid) assume (!rst_ni);
    if (f_run_q && rst_ni) assume (min_active_i == f_min_q);
    assume (launch_i == '0 || 32'(launch_batch_i) < MaxBatches);
    assume ((launch_i & f_live & ~exit_i) == '0);
  end
endmodule
