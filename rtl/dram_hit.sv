// dram_hit: which queued requests may be scheduled now, and which hit.
//
// Entry i is eligible when it is valid and its bank's command queue can take
// a request (bank_ready_i); it is a row hit when, in addition, its row is the
// row last sent to its bank (the scheduler's open-row table).
//
// Example (N = 2, 2 banks): entries {bank 1 row 7, bank 0 row 3}, bank_ready_i
//   = 2'b10, bank 1's open row 7 -> elig_o = 2'b01, hit_o = 2'b01.
module dram_hit #(
  parameter int N     = 64,                        // entries, >= 1
  parameter int BankW = 4,                         // bank index bits
  parameter int RowW  = 12,                        // row bits
  localparam int NumBanks = 1 << BankW             // banks
) (
  input  logic [N-1:0]             valid_i,       // entry i holds a request
  input  logic [N*BankW-1:0]       bank_i,        // entry i's bank
  input  logic [N*RowW-1:0]        row_i,         // entry i's row
  input  logic [NumBanks-1:0]      bank_ready_i,  // bank b takes a request now
  input  logic [NumBanks-1:0]      open_valid_i,  // bank b has an open row
  input  logic [NumBanks*RowW-1:0] open_row_i,    // bank b's open row
  output logic [N-1:0]             elig_o,        // entry i may be scheduled
  output logic [N-1:0]             hit_o          // ... and hits its bank's open row
);
  // The bank's open row by a loop of equality selects: Yosys makes a 16:1
  // mux tree of it (180 mux cells at 12 bits), where the part-select
  // open_row_i[bank*RowW +: RowW] became a shifter 2.6 times as large.
  for (genvar i = 0; i < N; i++) begin : gen_entry
    logic [BankW-1:0] bank;
    logic [RowW-1:0]  open_row;
    assign bank = bank_i[i*BankW +: BankW];
    always_comb begin
      open_row = '0;
      for (int b = 0; b < NumBanks; b++)
        if (bank == BankW'(b)) open_row = open_row_i[b*RowW +: RowW];
    end
    assign elig_o[i] = valid_i[i] & bank_ready_i[bank];
    assign hit_o[i]  = elig_o[i] & open_valid_i[bank] & (open_row == row_i[i*RowW +: RowW]);
  end
endmodule
