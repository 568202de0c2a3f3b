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
// and keys (docs/dram_sched.md, "Pipeline"). The opened row comes in NF
// copies (dram_frow), entry i reading copy i / ceil(N / NF): each copy's
// {bank, row} fans out to a group of entries only.
//
// The request chosen now is named by the choice's group (one-hot, per
// class) and the entries the shortlist registered per group (dram_slist's
// win_o), moved down one above the grant that left at the last edge.
//
// Example (N = 4, G = 2): entries 0..3 valid, the grant holds entry 1
//   (g_mask_i = 4'b0010, g_pop_i, g_idx_i = 1), the choice holds entry 2
//   (c_sel_i, class p, c_grp_p_i = 2'b10, win_p_i = 4'b0100, no grant
//   left last cycle) -> elig_o = 4'b1001 (banks ready), and entry 3's
//   payload index is 2.
module dram_qfold #(
  parameter int N     = 64,                               // queue entries, >= 1
  parameter int BankW = 4,                                // bank index bits
  parameter int RowW  = 12,                               // row bits
  parameter int GIdxW = 7,                                // bits of the grant's index (shared by both queues)
  parameter int NF    = 1,                                // copies of the opened row, 1..N
  parameter int G     = 8,                                // shortlist group size
  localparam int NumBanks = 1 << BankW,
  localparam int IdxW = (N > 1) ? $clog2(N) : 1,
  localparam int PW   = IdxW + 1 + BankW + RowW,          // payload {index, hit, bank, row}
  localparam int Per  = (N + NF - 1) / NF,                // entries per copy
  localparam int NG   = (N + G - 1) / G                   // shortlist groups
) (
  input  logic [N-1:0]        valid_i,                    // entry i holds a request
  input  logic [N*BankW-1:0]  bank_i,                     // its bank
  input  logic [N*RowW-1:0]   row_i,                      // its row
  input  logic [N-1:0]        hq_i,                       // its row-hit flag (on the open rows now)
  input  logic [NumBanks-1:0] bank_ready_i,               // bank b takes a request
  input  logic [NF-1:0]       f_v_i,                      // the choice now opens a row (copy k):
  input  logic [NF*BankW-1:0] f_bank_i,                   //   in this bank
  input  logic [NF*RowW-1:0]  f_row_i,                    //   this row
  input  logic [N-1:0]        g_mask_i,                   // the grant's entry (leaving now), one-hot or 0
  input  logic                g_pop_i,                    // the grant is this queue's
  input  logic [GIdxW-1:0]    g_idx_i,                    // its index
  input  logic                c_sel_i,                    // the choice now is this queue's
  input  logic                c_p_i,                      //   of class p (else f)
  input  logic [NG-1:0]       c_grp_p_i,                  //   the group it was shortlisted by, class p, one-hot
  input  logic [NG-1:0]       c_grp_f_i,                  //   class f
  input  logic [N-1:0]        win_p_i,                    // the entries shortlisted last cycle, class p
  input  logic [N-1:0]        win_f_i,                    //   class f (at last cycle's positions)
  input  logic                l_pop_i,                    // last cycle's grant was this queue's
  input  logic [GIdxW-1:0]    l_idx_i,                    //   its index (entries above it moved down)
  output logic [N-1:0]        hit_o,                      // entry i hits the open rows the choice leaves
  output logic [N-1:0]        chosen_o,                   // entry i is the request chosen now
  output logic [N-1:0]        elig_o,                     // entry i may be shortlisted
  output logic [N*PW-1:0]     pay_o                       // its payload
);
  // The request chosen now, one-hot: its group's shortlisted entry, moved
  // down one if last cycle's grant left from below it.
  logic [N:0] c_last;                                     // at last cycle's positions (c_last[N] = 0)
  for (genvar i = 0; i < N; i++) begin : gen_last
    assign c_last[i] = c_sel_i & (c_p_i ? c_grp_p_i[i / G] & win_p_i[i] : c_grp_f_i[i / G] & win_f_i[i]);
  end
  assign c_last[N] = 1'b0;

  for (genvar i = 0; i < N; i++) begin : gen_ent
    logic [BankW-1:0] bank;
    logic [RowW-1:0]  row;
    logic [IdxW-1:0]  adj;
    logic             chosen;
    assign bank     = bank_i[i*BankW +: BankW];
    assign row      = row_i[i*RowW +: RowW];
    localparam int K = i / Per;                           // its copy of the opened row
    assign hit_o[i] = (f_v_i[K] && bank == f_bank_i[K*BankW +: BankW]) ? (row == f_row_i[K*RowW +: RowW]) : hq_i[i];
    logic moved;                                          // it moved down at the last edge
    if (i >= (1 << GIdxW) - 1) begin : gen_top
      assign moved = l_pop_i;                             // above every index
    end else begin : gen_moved
      assign moved = l_pop_i && GIdxW'(i) >= l_idx_i;
    end
    assign chosen   = moved ? c_last[i+1] : c_last[i];
    assign chosen_o[i] = chosen;
    assign elig_o[i] = valid_i[i] & ~g_mask_i[i] & ~chosen & bank_ready_i[bank];
    if (i == 0) begin : gen_first
      assign adj = '0;
    end else begin : gen_later
      assign adj = (g_pop_i && GIdxW'(i) > g_idx_i) ? IdxW'(i - 1) : IdxW'(i);
    end
    assign pay_o[i*PW +: PW] = {adj, hit_o[i], bank, row};
  end

  logic unused;                          // the grant's index is not needed when N = 1
  assign unused = ^{g_pop_i, g_idx_i, l_pop_i, l_idx_i};
endmodule
