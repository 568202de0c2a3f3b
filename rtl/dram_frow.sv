// dram_frow: the row the DRAM scheduler's choice opens this cycle, if it
// opens one, found without the choice's key comparisons.
//
// The shortlist stage classifies row hits with the open rows as this
// cycle's choice leaves them, so the choice's {bank, row} reaches every
// queue entry's and store entry's row compare within the cycle. Only a
// choice that misses opens a row, and a miss is always an "oldest" pick or
// a pick of the picked row (docs/dram_sched.md, "Pipeline"):
//   * a write misses only when no write hit is shortlisted; it is then the
//     oldest eligible write: the first shortlisted write group;
//   * a read under FR-FCFS or MSHR-* misses only when no read hit is
//     shortlisted (a read of class f is never a hit then); under FR-FCFS it
//     is the oldest: the first group of class f; under MSHR-* every read of
//     class f is of the picked row, so the first group's row is it;
//   * under FCFS every eligible read is of class p with key 0: the first
//     group of class p, which misses when its hit bit is clear.
// So the row is the payload of the first shortlisted group of one class:
// dram_slist gives it (first_o) before its registers, and this module
// registers the row the next choice opens from it (and from the write-drain
// state of the next cycle), in NF copies, one per group of 16 consumers:
// every copy is a register of its own ((* keep *): Yosys would merge equal
// flip-flops), so the choice's row reaches each group of row compares from a
// flip-flop, not through grp_best's comparators and one buffer tree of ~270
// loads.
//
// Example (writes, 2 groups): next cycle in drain, no write hit shortlisted
//   now, the first group shortlisting a write has row 7 bank 3 -> next
//   cycle every copy: f_v_o = 1, f_bank_o = 3, f_row_o = 7.
module dram_frow #(
  parameter int RPW   = 23,                    // read payload bits {index, hit, bank, row}
  parameter int WPW   = 24,                    // write payload bits {index, hit, bank, row}
  parameter int BankW = 4,                     // bank bits
  parameter int RowW  = 12,                    // row bits
  parameter int NF    = 1                      // copies of the result
) (
  input  logic                clk_i,           // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                rst_ni,          // asynchronous reset, active low: no row opened
  // verilator lint_on SYNCASYNCNET
  input  logic                drain_d_i,       // write drain next cycle: the next choice is a write's
  input  logic                fcfs_i,          // the read policy is FCFS
  input  logic                rp_any_i,        // now: the read shortlist's class p shortlists a read
  input  logic [RPW-1:0]      rp_first_i,      //   its first group's payload
  input  logic                rf_any_i,        // class f
  input  logic [RPW-1:0]      rf_first_i,
  input  logic                wp_any_i,        // the write shortlist's class p (hits)
  input  logic                wf_any_i,        // class f
  input  logic [WPW-1:0]      wf_first_i,      //   its first group's payload
  output logic [NF-1:0]       f_v_o,           // registered, copy k: the choice now opens a row
  output logic [NF*BankW-1:0] f_bank_o,        //   in this bank
  output logic [NF*RowW-1:0]  f_row_o          //   this row
);
  localparam int XPW = BankW + RowW;

  // Reads: the first group of class p (FCFS) or f (the others).
  logic [RPW-1:0] rd_pay;
  logic           rd_miss;
  assign rd_pay  = fcfs_i ? rp_first_i : rf_first_i;
  assign rd_miss = fcfs_i ? rp_any_i & ~rd_pay[XPW] : rf_any_i & ~rp_any_i;

  // Writes: the first group of class f, when no hit is shortlisted.
  logic wr_miss;
  assign wr_miss = wf_any_i & ~wp_any_i;

  logic [XPW:0] f_d;
  assign f_d = drain_d_i ? {wr_miss, wf_first_i[XPW-1:0]} : {rd_miss, rd_pay[XPW-1:0]};

  for (genvar k = 0; k < NF; k++) begin : gen_copy
    logic [XPW:0] f_q;
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) f_q <= '0;
      else         f_q <= f_d;
    end
    assign {f_v_o[k], f_bank_o[k*BankW +: BankW], f_row_o[k*RowW +: RowW]} = f_q;
  end

  logic unused;
  assign unused = ^{rd_pay[RPW-1:XPW+1], wf_first_i[WPW-1:XPW]};
endmodule
