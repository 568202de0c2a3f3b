// dram_wr_sel: FR-FCFS over the write queue (thesis section 4.1): the oldest
// eligible row hit, else the oldest eligible write. Two priority encoders over
// the queue kept in arrival order.
//
// Example (N = 3): elig = 3'b111, hit = 3'b110 -> idx_o = 1, hit_o = 1;
//   hit = 3'b000 -> idx_o = 0, hit_o = 0.
module dram_wr_sel #(
  parameter int N     = 128,                         // write queue entries
  parameter int BankW = 4,                           // bank index bits
  parameter int RowW  = 12,                          // row bits
  localparam int NumBanks = 1 << BankW,
  localparam int IdxW = (N > 1) ? $clog2(N) : 1
) (
  input  logic [N-1:0]             valid_i,       // entry i holds a write
  input  logic [N*BankW-1:0]       bank_i,        // entry i's bank
  input  logic [N*RowW-1:0]        row_i,         // entry i's row
  input  logic [NumBanks-1:0]      bank_ready_i,  // bank b takes a request now
  input  logic [NumBanks-1:0]      open_valid_i,  // bank b has an open row
  input  logic [NumBanks*RowW-1:0] open_row_i,    // bank b's open row
  output logic                     valid_o,       // a write is chosen
  output logic [IdxW-1:0]          idx_o,         // its entry
  output logic                     hit_o          // it is a row hit
);
  logic [N-1:0]    elig, hit;
  logic [IdxW-1:0] old_idx, hit_idx;

  dram_hit #(.N(N), .BankW(BankW), .RowW(RowW)) u_hit (
    .valid_i,
    .bank_i,
    .row_i,
    .bank_ready_i,
    .open_valid_i,
    .open_row_i,
    .elig_o (elig),
    .hit_o  (hit)
  );

  prio_enc #(.N(N)) u_oldest (
    .req_i   (elig),
    .idx_o   (old_idx),
    .valid_o
  );

  prio_enc #(.N(N)) u_oldest_hit (
    .req_i   (hit),
    .idx_o   (hit_idx),
    .valid_o (hit_o)
  );

  assign idx_o = hit_o ? hit_idx : old_idx;
endmodule
