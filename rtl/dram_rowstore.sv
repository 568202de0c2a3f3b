// dram_rowstore: the row-score store of the DRAM scheduler (thesis section
// 4.5: one entry per read-queue slot, {bank, row, score}).
//
// One entry per row that has reads queued, in allocation order (entry 0 was
// allocated first): its bank and row, its merge-length sum len (the sum of
// the merge lengths of its reads: MSHR-S's row score) and its aged sum score
// (MSHR-S+A's row score: the sum of its reads' ages). Nothing is recomputed
// from the read queue; each clock edge every valid entry takes the changes of
// its row at once, found by comparing its {bank, row} with each event's:
//   * aging:     score += len (every read of the row ages by its merge length);
//   * departure: the granted read leaves (dep_*): score -= its age after this
//                edge (age + merge length), len -= its merge length;
//   * dummy:     last cycle's dummy (du_*; registered by the scheduler, since
//                finding its row takes an address search): score += its age
//                + 2 x its change of merge length (the read aged by the new
//                length at the dummy's edge and at this one, the entry by the
//                old), len += its change of merge length;
//   * arrival:   a new read (arr_*): score += its age after this edge
//                (age + 1), len += 1.
// The three terms are formed once, outside the entries. So score is the sum
// of the row's reads' ages, except for a dummy's change in the cycle after it
// and for reads whose age saturated (the store does not see the saturation);
// it saturates at 0 and at its top (2^ScoreW - 1 >= N x 32767); len is exact.
// An entry whose len reaches 0 has no read left: it is marked free and
// squeezed out at the next edge (the entries above it move down), at most one
// per cycle since one read leaves per cycle. A new read of a row with no valid
// entry gets a new entry at the end {score = age + 1, len = 1}. N entries
// suffice: rows with reads <= reads queued, plus the free entry only after a
// read has left.
//
// Example: entries {row A len 3 score 100}; a read of row A with age 50
//   arrives -> {A, len 4, score 100 + 3 + 51 = 154}; A's read of length 3 and
//   age 120 leaves next cycle -> {A, len 1, score 154 + 4 - 123 = 35}.
module dram_rowstore #(
  parameter int N      = 64,                               // entries (RdQ), >= 1
  parameter int BankW  = 4,                                // bank index bits
  parameter int RowW   = 12,                               // row bits
  localparam int AgeW   = 15,                              // age bits
  localparam int LenW   = 4,                               // merge length - 1 bits
  localparam int ScoreW = AgeW + ((N > 1) ? $clog2(N) : 0),// aged sum bits
  localparam int SumW   = $clog2(16 * N + 1),              // merge-length sum bits
  localparam int IdxW   = (N > 1) ? $clog2(N) : 1,
  localparam int CntW   = $clog2(N + 1)
) (
  input  logic                clk_i,     // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                rst_ni,    // asynchronous reset, active low: empty
  // verilator lint_on SYNCASYNCNET
  input  logic                arr_i,     // a new read enters the read queue
  input  logic [BankW-1:0]    arr_bank_i,
  input  logic [RowW-1:0]     arr_row_i,
  input  logic [AgeW-1:0]     arr_age_i, // its age on arrival
  input  logic                dep_i,     // the granted read leaves
  input  logic [BankW-1:0]    dep_bank_i,
  input  logic [RowW-1:0]     dep_row_i,
  input  logic [AgeW-1:0]     dep_age_i, // its age
  input  logic [LenW-1:0]     dep_len_i, // its merge length - 1
  input  logic                du_i,      // last cycle's dummy updated a read ...
  input  logic [BankW-1:0]    du_bank_i, // ... of this bank
  input  logic [RowW-1:0]     du_row_i,  // ... and row
  input  logic [AgeW-1:0]     du_age_i,  // the dummy's age
  input  logic [LenW-1:0]     du_new_i,  // the read's merge length - 1 after the dummy
  input  logic [LenW-1:0]     du_old_i,  // ... and before
  output logic [N-1:0]        valid_o,   // entry i holds a row with reads
  output logic [N*BankW-1:0]  bank_o,    // its bank
  output logic [N*RowW-1:0]   row_o,     // its row
  output logic [N*ScoreW-1:0] score_o,   // its aged sum
  output logic [N*SumW-1:0]   len_o      // its merge-length sum
);
  localparam logic [ScoreW+1:0] ScoreMax = (ScoreW+2)'((64'd1 << ScoreW) - 1);

  logic [BankW-1:0]  bank_q  [N];
  logic [RowW-1:0]   row_q   [N];
  logic [ScoreW-1:0] score_q [N];
  logic [SumW-1:0]   len_q   [N];
  logic [N-1:0]      valid_q;
  logic [CntW-1:0]   count_q, count_d;    // entries in use, the free one included
  logic              hole_q;              // entry hole_idx_q is free: squeeze it out now
  logic [IdxW-1:0]   hole_idx_q;

  // Each entry after this cycle's changes, before the squeeze.
  logic [BankW-1:0]  bank_u  [N];
  logic [RowW-1:0]   row_u   [N];
  logic [ScoreW-1:0] score_u [N];
  logic [SumW-1:0]   len_u   [N];
  logic [N-1:0]      valid_u, arr_hit, freed;

  // The events' score terms, shared by all entries (two's complement, DW bits).
  localparam int DW = ScoreW + 3;
  logic signed [DW-1:0] arr_term, dep_term, du_term;
  assign arr_term = DW'(arr_age_i) + DW'(1);
  assign dep_term = DW'(dep_age_i) + DW'(dep_len_i) + DW'(1);
  assign du_term  = DW'(du_age_i) + ((DW'(du_new_i) - DW'(du_old_i)) <<< 1);

  for (genvar i = 0; i < N; i++) begin : gen_entry
    logic             on_dep, on_du, on_arr;
    logic [SumW+1:0]  len_sum;            // two's complement, SumW + 2 bits
    logic signed [DW-1:0] score_sum;
    assign on_dep = dep_i & valid_q[i] & (bank_q[i] == dep_bank_i) & (row_q[i] == dep_row_i);
    assign on_du  = du_i  & valid_q[i] & (bank_q[i] == du_bank_i)  & (row_q[i] == du_row_i);
    assign on_arr = arr_i & valid_q[i] & (bank_q[i] == arr_bank_i) & (row_q[i] == arr_row_i);
    assign arr_hit[i] = on_arr;

    assign len_sum = (SumW+2)'(len_q[i])
                   - (on_dep ? (SumW+2)'(dep_len_i) + 1'b1 : '0)
                   + (on_du  ? (SumW+2)'(du_new_i) - (SumW+2)'(du_old_i) : '0)
                   + (SumW+2)'(on_arr);
    assign score_sum = DW'(score_q[i]) + DW'(len_q[i])
                     + (on_arr ? arr_term : '0) + (on_du ? du_term : '0) - (on_dep ? dep_term : '0);

    assign bank_u[i]  = bank_q[i];
    assign row_u[i]   = row_q[i];
    assign len_u[i]   = len_sum[SumW-1:0];
    assign score_u[i] = score_sum[DW-1] ? '0
                      : (score_sum > DW'(ScoreMax)) ? ScoreMax[ScoreW-1:0]
                      : score_sum[ScoreW-1:0];
    assign freed[i]   = valid_q[i] & (len_sum == '0);
    assign valid_u[i] = valid_q[i] & ~freed[i];

    assign valid_o[i]                    = valid_q[i];
    assign bank_o[i*BankW +: BankW]      = bank_q[i];
    assign row_o[i*RowW +: RowW]         = row_q[i];
    assign score_o[i*ScoreW +: ScoreW]   = score_q[i];
    assign len_o[i*SumW +: SumW]         = len_q[i];
  end

  // The entry freed now (at most one) and where it will be after the squeeze.
  logic            freed_any;
  logic [IdxW-1:0] freed_idx, freed_idx_d;
  logic            alloc;                 // a new entry for the arriving read's row
  logic [CntW-1:0] apos;                  // where it goes

  prio_enc #(.N(N)) u_freed (
    .req_i   (freed),
    .idx_o   (freed_idx),
    .valid_o (freed_any)
  );

  assign freed_idx_d = (hole_q && freed_idx > hole_idx_q) ? freed_idx - 1'b1 : freed_idx;
  assign alloc       = arr_i & ~|arr_hit;
  assign apos        = count_q - CntW'(hole_q);

  // A new entry's score: the read's age after this edge, within ScoreW bits (15 when N = 1).
  logic [ScoreW-1:0] arr_new;
  assign arr_new = (arr_term > DW'(ScoreMax)) ? ScoreMax[ScoreW-1:0] : arr_term[ScoreW-1:0];

  always_comb begin
    count_d = apos + CntW'(alloc);
  end

  for (genvar i = 0; i < N; i++) begin : gen_store
    logic shift;                          // the entry above moves down into this one
    logic take;                           // the new row's entry goes here
    if (i + 1 < N) begin : gen_shift
      assign shift = hole_q & (IdxW'(i) >= hole_idx_q);
    end else begin : gen_top
      assign shift = 1'b0;
    end
    assign take = alloc & (apos == CntW'(i));

    // The top entry has nothing above it: a squeeze leaves it empty.
    logic valid_src;
    if (i + 1 < N) begin : gen_vsrc
      assign valid_src = shift ? valid_u[i+1] : valid_u[i];
    end else begin : gen_vtop
      assign valid_src = ~hole_q & valid_u[i];
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) valid_q[i] <= 1'b0;
      else         valid_q[i] <= take | valid_src;
    end

    // Storage: no reset, like an SRAM; an entry counts only while valid.
    always_ff @(posedge clk_i) begin
      if (take) begin
        bank_q[i]  <= arr_bank_i;
        row_q[i]   <= arr_row_i;
        score_q[i] <= arr_new;
        len_q[i]   <= SumW'(1);
      end else if (shift) begin
        bank_q[i]  <= bank_u[i+1 < N ? i+1 : i];
        row_q[i]   <= row_u[i+1 < N ? i+1 : i];
        score_q[i] <= score_u[i+1 < N ? i+1 : i];
        len_q[i]   <= len_u[i+1 < N ? i+1 : i];
      end else begin
        bank_q[i]  <= bank_u[i];
        row_q[i]   <= row_u[i];
        score_q[i] <= score_u[i];
        len_q[i]   <= len_u[i];
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      count_q    <= '0;
      hole_q     <= 1'b0;
      hole_idx_q <= '0;
    end else begin
      count_q    <= count_d;
      hole_q     <= freed_any;
      hole_idx_q <= freed_idx_d;
    end
  end

`ifndef SYNTHESIS
  // Invariants (Verilator --assert; Yosys defines SYNTHESIS).
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(alloc && apos >= CntW'(N))) else $error("dram_rowstore: no entry for a new row");
      assert ((freed & (freed - 1'b1)) == '0) else $error("dram_rowstore: two entries freed in one cycle");
    end
  end
`endif
endmodule
