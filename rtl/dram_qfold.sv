// dram_qfold: one queue of the DRAM scheduler seen by its shortlist stage.
//
// Per entry, on this cycle's queue: its row-hit flag as this cycle's choice
// leaves the open-row table (a row miss chosen now opens f_row_i in bank
// f_bank_i; otherwise the entry's own flag, kept current by the same fold
// every cycle), whether it may be shortlisted (valid, in a ready bank, neither
// the grant leaving now nor the request chosen now), and its shortlist
// payload {index next cycle, hit, bank, row}: the index an entry will have
// when the grant leaving now has gone (entries behind it move down one).
// The read and the write queue each have one; the scheduler adds the classes
// and keys (docs/dram_sched.md, "Pipeline").
//
// Example (N = 4): entries 0..3 valid, the grant holds entry 1 (g_mask_i =
//   4'b0010, g_pop_i, g_idx_i = 1), the choice holds entry 2 (c_sel_i,
//   c_idx_i = 2) -> elig_o = 4'b1001 (banks ready), and entry 3's payload
//   index is 2.
module dram_qfold #(
  parameter int N     = 64,                               // queue entries, >= 1
  parameter int BankW = 4,                                // bank index bits
  parameter int RowW  = 12,                               // row bits
  parameter int GIdxW = 7,                                // bits of the grant's index (shared by both queues)
  localparam int NumBanks = 1 << BankW,
  localparam int IdxW = (N > 1) ? $clog2(N) : 1,
  localparam int PW   = IdxW + 1 + BankW + RowW           // payload {index, hit, bank, row}
) (
  input  logic [N-1:0]        valid_i,                    // entry i holds a request
  input  logic [N*BankW-1:0]  bank_i,                     // its bank
  input  logic [N*RowW-1:0]   row_i,                      // its row
  input  logic [N-1:0]        hq_i,                       // its row-hit flag (on the open rows now)
  input  logic [NumBanks-1:0] bank_ready_i,               // bank b takes a request
  input  logic                f_v_i,                      // the choice now opens a row:
  input  logic [BankW-1:0]    f_bank_i,                   //   in this bank
  input  logic [RowW-1:0]     f_row_i,                    //   this row
  input  logic [N-1:0]        g_mask_i,                   // the grant's entry (leaving now), one-hot or 0
  input  logic                g_pop_i,                    // the grant is this queue's
  input  logic [GIdxW-1:0]    g_idx_i,                    // its index
  input  logic                c_sel_i,                    // the choice now is this queue's
  input  logic [IdxW-1:0]     c_idx_i,                    // its index (before the grant leaves)
  output logic [N-1:0]        hit_o,                      // entry i hits the open rows the choice leaves
  output logic [N-1:0]        elig_o,                     // entry i may be shortlisted
  output logic [N*PW-1:0]     pay_o                       // its payload
);
  for (genvar i = 0; i < N; i++) begin : gen_ent
    logic [BankW-1:0] bank;
    logic [RowW-1:0]  row;
    logic [IdxW-1:0]  adj;
    logic             chosen;
    assign bank     = bank_i[i*BankW +: BankW];
    assign row      = row_i[i*RowW +: RowW];
    assign hit_o[i] = (f_v_i && bank == f_bank_i) ? (row == f_row_i) : hq_i[i];
    assign chosen   = c_sel_i & (c_idx_i == IdxW'(i));
    assign elig_o[i] = valid_i[i] & ~g_mask_i[i] & ~chosen & bank_ready_i[bank];
    if (i == 0) begin : gen_first
      assign adj = '0;
    end else begin : gen_later
      assign adj = (g_pop_i && GIdxW'(i) > g_idx_i) ? IdxW'(i - 1) : IdxW'(i);
    end
    assign pay_o[i*PW +: PW] = {adj, hit_o[i], bank, row};
  end

  logic unused;                          // the grant's index is not needed when N = 1
  assign unused = ^{g_pop_i, g_idx_i};
endmodule
