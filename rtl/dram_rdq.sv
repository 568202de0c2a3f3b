// dram_rdq: the DRAM read request queue with its controller-side MIB fields.
//
// A cqueue of reads in arrival order; each entry holds the request (block
// address, bank, row) and the MIB fields: merge length - 1 (4 bits) and age
// (15 bits, saturating at 32767). Every cycle, after the granted read has
// left (pop_i):
//   * a dummy (dm_valid_i, given last cycle) updates the oldest remaining
//     read of its block address: merge length := the dummy's, age :=
//     sat(age + the dummy's age); that read's bank, row and old merge length
//     go out (dm_match_o, dm_bank_o, dm_row_o, dm_len_o) for its row's entry
//     in the row-score store; with no such read the dummy is dropped
//     (dm_drop_o);
//   * a new read enters with merge length 1 and its arrival age (rd_ready_o:
//     there was room at the start of the cycle, and more than one slot if a
//     read left at the last edge, hold_i: the row-score store frees that
//     read's entry a cycle after it leaves);
//   * every read then ages by its merge length: age := sat(age + length).
// All three are one saturating add per entry, sat(age + dummy age + length),
// since saturating twice at the same bound is saturating once. Both sums are
// formed in every entry, sat(age + length) from registers and the dummy's
// from its input, and the dummy's match picks one, so the address search is
// not followed by an adder.
// The address compares are made a cycle ahead: in the cycle a dummy is
// given (dm_pre_addr_i), every entry and the read arriving then compare
// their address with it and keep the result as a flag (dq), stored and moved
// with the entry; the next cycle's search starts from those flip-flops.
// Each entry also keeps a flag for the scheduler, stored with it and moved
// with it: hq (its row is its bank's open row; hq_upd_i gives every entry's
// next value, push_hq_i the new read's).
//
// Example: a read of address A enters with age 5 -> stored age 6 (5 + 1);
//   a dummy for A with length-1 = 3, age 10 is given in the same cycle
//   (dm_pre_addr_i = A: the read's dq flag is set) -> next cycle the search
//   finds it: 6 + 10 + 4 = 20.
module dram_rdq #(
  parameter int N     = 64,                            // entries, >= 1
  parameter int AddrW = 24,                            // block address bits
  parameter int BankW = 4,                             // bank index bits
  parameter int RowW  = 12,                            // row bits
  localparam int IdxW = (N > 1) ? $clog2(N) : 1,       // entry index width
  localparam int CntW = $clog2(N + 1),                 // count width
  localparam int AgeW = 15,                            // age bits
  localparam int LenW = 4                              // merge length - 1 bits
) (
  input  logic              clk_i,      // clock
  // verilator lint_off SYNCASYNCNET
  input  logic              rst_ni,     // asynchronous reset, active low: empty
  // verilator lint_on SYNCASYNCNET
  input  logic              rd_valid_i, // a new read
  input  logic [AddrW-1:0]  rd_addr_i,  // its block address
  input  logic [BankW-1:0]  rd_bank_i,  // its bank
  input  logic [RowW-1:0]   rd_row_i,   // its row
  input  logic [AgeW-1:0]   rd_age_i,   // its age on arrival
  output logic              rd_ready_o, // the read is taken (room at the start of the cycle)
  input  logic              hold_i,     // a read left at the last edge: its slot is free from the next cycle
  input  logic [AddrW-1:0]  dm_pre_addr_i, // the block address of the dummy given now (searched next cycle)
  input  logic              dm_valid_i, // a dummy request (MIB update), given last cycle: searched now
  input  logic [LenW-1:0]   dm_len_i,   // merge length - 1 to store
  input  logic [AgeW-1:0]   dm_age_i,   // age to add
  output logic              dm_drop_o,  // the dummy matches no read that stays
  output logic              dm_match_o, // it updates a read (not dm_drop_o when dm_valid_i) ...
  output logic [BankW-1:0]  dm_bank_o,  // ... of this bank
  output logic [RowW-1:0]   dm_row_o,   // ... and row
  output logic [LenW-1:0]   dm_len_o,   // ... whose merge length - 1 was this
  input  logic              pop_i,      // read pop_idx_i is scheduled and leaves
  input  logic [IdxW-1:0]   pop_idx_i,  // its index
  input  logic [N-1:0]      pop_oh_i,   // the same, one-hot (0 without pop_i): the dummy's search
  input  logic [N-1:0]      hq_upd_i,   // entry i's flag for the next cycle
  input  logic              push_hq_i,  // the new read's flag
  output logic [N-1:0]      hq_o,       // entry i's flag
  output logic [N-1:0]      valid_o,    // entry i holds a read
  output logic [N*AddrW-1:0] addr_o,    // entry i's block address
  output logic [N*BankW-1:0] bank_o,    // entry i's bank
  output logic [N*RowW-1:0] row_o,      // entry i's row
  output logic [N*LenW-1:0] len_o,      // entry i's merge length - 1
  output logic [N*AgeW-1:0] age_o,      // entry i's age
  output logic [CntW-1:0]   count_o     // reads held
);
  localparam int W = AddrW + BankW + RowW + LenW + AgeW + 2;   // entry: {addr, bank, row, len, age, hq, dq}
  localparam logic [AgeW:0] AgeMax = (AgeW+1)'((1 << AgeW) - 1);

  logic [N*W-1:0] data, upd;
  logic [N-1:0]   same;                 // entry i stays and holds the dummy's address (its dq flag)
  logic [N-1:0]   match;                // the dummy updates entry i: the oldest of them (first_oh)
  logic           full, push;
  logic [W-1:0]   push_data;

  // Saturating add of up to three terms that fit AgeW + 2 bits.
  function automatic logic [AgeW-1:0] sat_age(input logic [AgeW+1:0] sum);
    sat_age = (sum > (AgeW+2)'(AgeMax)) ? AgeMax[AgeW-1:0] : sum[AgeW-1:0];
  endfunction

  for (genvar i = 0; i < N; i++) begin : gen_entry
    logic [AddrW-1:0] addr;
    logic [BankW-1:0] bank;
    logic [RowW-1:0]  row;
    logic [LenW-1:0]  len, len_new;
    logic [AgeW-1:0]  age, age_new, age_own, age_dm;
    logic             hq, dq;
    assign {addr, bank, row, len, age, hq, dq} = data[i*W +: W];
    assign same[i]  = dm_valid_i & valid_o[i] & dq & ~pop_oh_i[i];
    assign age_own  = sat_age((AgeW+2)'(age) + (AgeW+2)'(len) + 1'b1);
    assign age_dm   = sat_age((AgeW+2)'(age) + (AgeW+2)'(dm_age_i) + (AgeW+2)'(dm_len_i) + 1'b1);
    assign len_new  = match[i] ? dm_len_i : len;
    assign age_new  = match[i] ? age_dm : age_own;
    assign upd[i*W +: W] = {addr, bank, row, len_new, age_new, hq_upd_i[i], addr == dm_pre_addr_i};
    assign hq_o[i]  = hq;

    assign addr_o[i*AddrW +: AddrW] = addr;
    assign bank_o[i*BankW +: BankW] = bank;
    assign row_o[i*RowW +: RowW]    = row;
    assign len_o[i*LenW +: LenW]    = len;
    assign age_o[i*AgeW +: AgeW]    = age;
  end

  first_oh #(.N(N)) u_match (.req_i(same), .first_o(match), .any_o(dm_match_o));

  // Room: fewer than N reads, and fewer than N - 1 while the read that left
  // at the last edge still holds its row's store entry.
  logic one_left;                      // count_o == N - 1, from the valid thermometer
  if (N > 1) begin : gen_left
    assign one_left = valid_o[N-2] & ~valid_o[N-1];
  end else begin : gen_left1
    assign one_left = ~valid_o[0];
  end
  assign rd_ready_o = ~full & ~(hold_i & one_left);
  assign push       = rd_valid_i & rd_ready_o;
  assign push_data  = {rd_addr_i, rd_bank_i, rd_row_i, LenW'(0), sat_age((AgeW+2)'(rd_age_i) + 1'b1), push_hq_i,
                       rd_addr_i == dm_pre_addr_i};
  // The oldest read with the dummy's address (a real L2 never queues two):
  // match is one-hot, and its fields go out through an AND-OR select.
  assign dm_drop_o  = dm_valid_i & ~dm_match_o;
  oh_sel #(.N(N), .W(BankW)) u_dm_bank (.data_i(bank_o), .sel_i(match), .data_o(dm_bank_o));
  oh_sel #(.N(N), .W(RowW))  u_dm_row  (.data_i(row_o),  .sel_i(match), .data_o(dm_row_o));
  oh_sel #(.N(N), .W(LenW))  u_dm_len  (.data_i(len_o),  .sel_i(match), .data_o(dm_len_o));

  cqueue #(.N(N), .W(W)) u_queue (
    .clk_i,
    .rst_ni,
    .push_i      (push),
    .push_data_i (push_data),
    .pop_i,
    .pop_idx_i,
    .upd_i       (upd),
    .data_o      (data),
    .valid_o,
    .count_o,
    .full_o      (full)
  );
endmodule
