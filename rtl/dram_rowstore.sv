// dram_rowstore: the row-score store of the DRAM scheduler (thesis section
// 4.5: one entry per read-queue slot, {bank, row, score}).
//
// One entry per row that has reads queued, in allocation order (entry 0 was
// allocated first): its bank and row, its merge-length sum len (the sum of
// the merge lengths of its reads: MSHR-S's row score) and its aged sum score
// (MSHR-S+A's row score: the sum of its reads' ages). Nothing is recomputed
// from the read queue; each clock edge every valid entry takes its row's
// changes. Which entry an event is for is found a cycle ahead, by a row
// compare of registers, and kept as a flag per entry (moved with the entry);
// the event's terms are formed once, outside the entries, and registered. So
// every operand of an entry's adders comes from a flip-flop:
//   * aging:     score += len (every read of the row ages by its merge length);
//   * departure: the granted read (dep_*, leaving the read queue at this edge)
//                flags its row's entry now; at the next edge the entry takes
//                it: score -= its age + 2 x its merge length (its age after
//                this edge, and the entry's aging at the next, which still
//                counts it), len -= its merge length;
//   * dummy:     the dummy registered last cycle (du_*; registered by the
//                scheduler, since finding its row takes an address search)
//                flags its row's entry at this edge, and the flagged entry
//                takes it at the next edge: score += its age + 3 x its change
//                of merge length (the read aged by the new length at the
//                dummy's edge and the two after, the entry by the old), len +=
//                that change;
//   * arrival:   last cycle's new read of this entry's row (arr_*, matched
//                last cycle and kept as a flag, its age + 2 registered):
//                score += its age after this edge (age + 2), len += 1.
// So score is the sum of the row's reads' ages, except for the changes in
// flight (a departure's and an arrival's for a cycle, a dummy's for two) and
// reads whose age saturated (the store does not see the saturation); len is
// exact but for the same changes. A dummy's read is shown at the earliest
// the cycle after its search, so its departure reaches the entry at the same
// edge as the dummy or later: no valid entry's sum is ever below zero, and
// score saturates at 2^ScoreW - 1 (>= N x 32767) where it is read. An entry
// whose len reaches 0 with no read of its row arriving has no read left: it
// is marked free and squeezed out at the next edge (the entries above it
// move down), at most one per cycle since one read leaves per cycle. A new
// read of a row with no valid entry gets a new entry at the end at once
// {score = age + 1, len = 1}. N entries suffice since the scheduler takes a
// read only while its queued reads and the read that left at the last edge
// (its entry not yet freed) are fewer than N.
//
// Example: entries {row A len 3 score 100}; a read of row A with age 50
//   arrives -> {A, len 3, score 103}, then {A, len 4, score 103 + 3 + 52 =
//   158}; A's read of length 3, shown in that cycle with age 118, leaves at
//   its edge -> at the next {A, len 1, score 158 + 4 - (118 + 2 x 3) = 38}.
module dram_rowstore #(
  parameter int N      = 64,                               // entries (RdQ), >= 1
  parameter int BankW  = 4,                                // bank index bits
  parameter int RowW   = 12,                               // row bits
  localparam int AgeW   = 15,                              // age bits
  localparam int LenW   = 4,                               // merge length - 1 bits
  localparam int ScoreW = AgeW + ((N > 1) ? $clog2(N) : 0),// aged sum bits
  localparam int SumW   = $clog2(16 * N + 1),              // merge-length sum bits
  localparam int CntW   = $clog2(N + 1),
  localparam int IdxW   = (N > 1) ? $clog2(N) : 1
) (
  input  logic                clk_i,     // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                rst_ni,    // asynchronous reset, active low: empty
  // verilator lint_on SYNCASYNCNET
  input  logic                arr_i,     // a new read enters the read queue
  input  logic [BankW-1:0]    arr_bank_i,
  input  logic [RowW-1:0]     arr_row_i,
  input  logic [AgeW-1:0]     arr_age_i, // its age on arrival
  input  logic                dep_i,     // the granted read leaves the read queue now ...
  input  logic [BankW-1:0]    dep_bank_i,// ... of this bank (registered by the scheduler)
  input  logic [RowW-1:0]     dep_row_i, // ... and row
  input  logic [AgeW-1:0]     dep_age_i, // its age (late: a select; only registered here)
  input  logic [LenW-1:0]     dep_len_i, // its merge length - 1 (likewise)
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
  output logic [N*SumW-1:0]   len_o,     // its merge-length sum
  input  logic [N-1:0]        open_upd_i,// entry i's flag for the next cycle (the scheduler's:
  input  logic                arr_open_i,//   its row is its bank's open row); a new entry's
  output logic [N-1:0]        open_o     // entry i's flag, moved with the entry
);
  localparam logic [ScoreW+1:0] ScoreMax = (ScoreW+2)'((64'd1 << ScoreW) - 1);
  // The events' score terms, shared by all entries (two's complement, DW bits).
  localparam int DW = ScoreW + 3;
  localparam int LW = SumW + 2;

  logic [BankW-1:0]  bank_q  [N];
  logic [RowW-1:0]   row_q   [N];
  // The aged sum with two bits above ScoreW: it is saturated where it is
  // read (the outputs, and the entry's own next sum), not where it is
  // written, so no select follows the adder. One edge adds less than
  // 3 x 2^ScoreW to a read value of at most 2^ScoreW - 1, so nothing wraps.
  localparam int SQW = ScoreW + 2;
  logic [SQW-1:0]    score_q [N];
  logic [SumW-1:0]   len_q   [N];
  logic [N-1:0]      valid_q;
  logic [N-1:0]      open_q;
  logic [N-1:0]      dep_q;               // the read that left at the last edge is of entry i's row: it
                                          // takes pd_term_q and pd_len_q at this edge
  logic [N-1:0]      duf_q;               // last cycle's registered dummy is of entry i's row: it takes
                                          // dt_term_q and dt_dlen_q at this edge
  logic [N-1:0]      arr_q;               // last cycle's new read is of entry i's row ...
  logic [DW-1:0]     arr_term_q;          // ... and its age after this edge, age + 2
  logic [CntW-1:0]   count_q, count_d;    // entries in use, the free one included
  logic              hole_q;              // entry hole_idx_q is free: squeeze it out now
  logic [IdxW-1:0]   hole_idx_q;
  logic [IdxW-1:0]   hole_idx_d;

  // Each entry after this cycle's changes, before the squeeze.
  logic [BankW-1:0]  bank_u  [N];
  logic [RowW-1:0]   row_u   [N];
  logic [SQW-1:0]    score_u [N];
  logic [SumW-1:0]   len_u   [N];
  logic [N-1:0]      valid_u, arr_hit, du_hit, dep_hit, freed;


  // 3:2 carry-save compressor: {carry (shifted up), sum}.
  function automatic logic [2*DW-1:0] csa(input logic [DW-1:0] a, input logic [DW-1:0] b, input logic [DW-1:0] c);
    logic [DW-2:0] maj;                    // the carry out of the top bit is dropped (mod 2^DW)
    maj = (a[DW-2:0] & b[DW-2:0]) | (a[DW-2:0] & c[DW-2:0]) | (b[DW-2:0] & c[DW-2:0]);
    csa = {maj, 1'b0, a ^ b ^ c};
  endfunction
  function automatic logic [2*LW-1:0] csa_l(input logic [LW-1:0] a, input logic [LW-1:0] b, input logic [LW-1:0] c);
    logic [LW-2:0] maj;
    maj = (a[LW-2:0] & b[LW-2:0]) | (a[LW-2:0] & c[LW-2:0]) | (b[LW-2:0] & c[LW-2:0]);
    csa_l = {maj, 1'b0, a ^ b ^ c};
  endfunction
  // The departure's terms, registered (its fields come through the grant's
  // select): the entry flagged now takes out, at the next edge, the read's
  // age + 2 x its length L (its age after this edge, and the entry's aging
  // at the next, which still counts L): ~(age + 2 (L - 1) + 1) = -(age + 2L)
  // (two's complement: ~x = -x - 1); and L: ~(L - 1) = -L; L itself is the
  // sum that empties the entry.
  logic [DW-1:0] arr_term, pd_age2, pd_term_q;
  logic [LW-1:0] pd_len_q, pd_lenp_q, pd_len_d, pd_lenp_d;
  assign pd_len_d  = ~{{(LW-LenW){1'b0}}, dep_len_i};
  assign pd_lenp_d = {{(LW-LenW){1'b0}}, dep_len_i} + 1'b1;
  logic          pd_co;
  add_ks #(.W(DW)) u_pd (.a_i(DW'(dep_age_i)), .b_i(DW'({dep_len_i, 1'b1})), .sum_o(pd_age2), .co_o(pd_co));
  // The arrival's age + 1 (a new entry's score) and + 2 (an entry's term next cycle).
  logic [AgeW:0] arr_inc, arr_inc2;
  logic          arr_inc_co, arr_inc2_co;
  add_ks #(.W(AgeW + 1)) u_arr (.a_i({1'b0, arr_age_i}), .b_i((AgeW+1)'(1)), .sum_o(arr_inc), .co_o(arr_inc_co));
  add_ks #(.W(AgeW + 1)) u_arr2 (.a_i({1'b0, arr_age_i}), .b_i((AgeW+1)'(2)), .sum_o(arr_inc2), .co_o(arr_inc2_co));
  assign arr_term = DW'(arr_inc);
  // The registered dummy (du_*) is not added at once: its entry is flagged
  // at this edge (du_hit, a row compare of registers, then a flip-flop) and
  // takes the dummy at the next edge, from registers formed here: its age +
  // 3 x its change of length (the read took the new length at the dummy's
  // edge, at this one and at the next, the entry the old) and that change.
  // If the dummy's read is shown now (the earliest: it was searched last
  // cycle), its departure reaches the entry at the same next edge, and the
  // two add up to the read's whole share: nothing is left over.
  logic [LW-1:0] du_len_d;                        // the dummy's change of merge length
  assign du_len_d = LW'(du_new_i) - LW'(du_old_i);
  logic [DW-1:0] dt_term_d, dt_term_q;
  logic [LW-1:0] dt_dlen_q;
  logic [LW-1:0] du_d3;                           // 3 x the change (|change| <= 15)
  logic          dt_co;
  assign du_d3 = du_len_d + {du_len_d[LW-2:0], 1'b0};
  add_ks #(.W(DW)) u_dt (.a_i(DW'(du_age_i)), .b_i({{(DW-LW){du_d3[LW-1]}}, du_d3}), .sum_o(dt_term_d),
                         .co_o(dt_co));
  // An entry is freed when the departure takes its last read: its length sum
  // (with the late dummy it takes now, if flagged) equals the departing
  // read's merge length, and no read of its row arrived last cycle or
  // arrives now. Compared with the registered sum, against the two possible
  // targets, formed once here from registers. (Without a departure no entry
  // is freed: a valid entry's true sum is at least 1, and a late dummy never
  // lowers the stored sum to 0 while its read stays.)
  logic [LW-1:0] free_k0, free_k1;                // the sum that empties the entry: not flagged / flagged
  assign free_k0 = pd_lenp_q;
  assign free_k1 = pd_lenp_q - dt_dlen_q;
  logic unused_arr;                       // age + 2 < 2^16, age + 2L < 2^DW: no carry out
  assign unused_arr = arr_inc_co ^ arr_inc2_co ^ dt_co ^ pd_co;

  for (genvar i = 0; i < N; i++) begin : gen_entry
    logic          on_dep, on_df, on_arr;
    logic [LW-1:0] len_s, len_k, len_sum, len_x; // two's complement, LW = SumW + 2 bits
    logic          len_co;
    logic [DW-1:0] score_x, s0, k0, s1, k1, s2, k2, score_sum;
    logic          score_co;
    logic          on_pa;                         // last cycle's arrival is taken now
    assign on_dep = dep_q[i];
    assign on_pa  = arr_q[i];
    assign on_df  = duf_q[i];
    assign du_hit[i] = du_i & valid_q[i] & (bank_q[i] == du_bank_i) & (row_q[i] == du_row_i);
    assign dep_hit[i] = dep_i & valid_q[i] & (bank_q[i] == dep_bank_i) & (row_q[i] == dep_row_i);
    assign on_arr = arr_i & valid_q[i] & (bank_q[i] == arr_bank_i) & (row_q[i] == arr_row_i);
    assign arr_hit[i] = on_arr;
    assign len_x   = LW'(len_q[i]);
    logic [ScoreW-1:0] score_r;               // the sum as read: saturated at 2^ScoreW - 1
    assign score_r = score_q[i][ScoreW-1:0] | {ScoreW{|score_q[i][SQW-1:ScoreW]}};
    assign score_x = DW'(score_r);

    // The merge-length sum: the late dummy's and the departure's terms
    // carry-save, last cycle's arrival's + 1 in the free bit 0 of the carry
    // vector, then a fast adder.
    logic [LW-1:0] len_kc;
    assign {len_kc, len_s} = csa_l(len_x, on_df ? dt_dlen_q : '0, on_dep ? pd_len_q : '0);
    assign len_k           = len_kc | LW'(on_pa);
    add_ks #(.W(LW)) u_len (.a_i(len_s), .b_i(len_k), .sum_o(len_sum), .co_o(len_co));

    // The aged sum: five operands, all from registers (the score, the aging,
    // last cycle's arrival, the late dummy, the departure), three carry-save
    // levels, then one fast adder.
    assign {k0, s0}  = csa(score_x, DW'(len_x), on_pa ? arr_term_q : '0);
    assign {k1, s1}  = csa(s0, k0, on_df ? dt_term_q : '0);
    assign {k2, s2}  = csa(s1, k1, on_dep ? pd_term_q : '0);
    add_ks #(.W(DW)) u_score (.a_i(s2), .b_i(k2), .sum_o(score_sum), .co_o(score_co));
    // verilator lint_off UNUSEDSIGNAL
    logic unused;                         // carries out of the modular sums, the length sum's top bits
    assign unused = len_co ^ score_co ^ (|len_sum[LW-1:SumW]) ^ (|score_sum[DW-1:SQW]);
    // verilator lint_on UNUSEDSIGNAL

    // Kept as it is (never below 0 while the entry is valid; saturated
    // where it is read).
    assign bank_u[i]  = bank_q[i];
    assign row_u[i]   = row_q[i];
    assign len_u[i]   = len_sum[SumW-1:0];
    assign score_u[i] = score_sum[SQW-1:0];
    // Freed: no read left (none arrived last cycle or arrives now).
    assign freed[i]   = valid_q[i] & on_dep & ~on_pa & ~on_arr & (len_x == (on_df ? free_k1 : free_k0));
    assign valid_u[i] = valid_q[i] & ~freed[i];

    assign valid_o[i]                    = valid_q[i];
    assign bank_o[i*BankW +: BankW]      = bank_q[i];
    assign row_o[i*RowW +: RowW]         = row_q[i];
    assign score_o[i*ScoreW +: ScoreW]   = score_r;
    assign len_o[i*SumW +: SumW]         = len_q[i];
    assign open_o[i]                     = open_q[i];
  end

  // The entry freed now (at most one: one read leaves per cycle, and a dummy
  // never lowers a sum to 0) and where it will be after this edge's squeeze:
  // one-hot, so no encoder or compare follows the zero tests.
  logic            alloc;                 // a new entry for the arriving read's row
  logic [CntW-1:0] apos;                  // where it goes
  logic [N-1:0]    above;                 // entry i is at or above the hole: it moves down
  logic [N-1:0]    hole_d;

  assign alloc = arr_i & ~|arr_hit;
  assign apos  = count_q - CntW'(hole_q);
  // above[i]: a compare of the registered hole index with a constant (a
  // prefix OR of a one-hot hole is rewritten by ABC into a chain of N gates).
  for (genvar i = 0; i < N; i++) begin : gen_above
    if (i == (1 << IdxW) - 1) begin : gen_all
      assign above[i] = hole_q;                       // every index is at or below it
    end else begin : gen_cmp
      assign above[i] = hole_q & (IdxW'(i) >= hole_idx_q);
    end
  end
  for (genvar i = 0; i < N; i++) begin : gen_hole
    if (i + 1 < N) begin : gen_mid
      assign hole_d[i] = above[i] ? freed[i+1] : freed[i];
    end else begin : gen_top
      assign hole_d[i] = ~above[i] & freed[i];
    end
  end

  // A new entry's score: the read's age after this edge, within ScoreW bits (15 when N = 1).
  logic [ScoreW-1:0] arr_new;
  assign arr_new = (arr_term > DW'(ScoreMax)) ? ScoreMax[ScoreW-1:0] : arr_term[ScoreW-1:0];

  // The new hole's index: an OR tree per bit of the one-hot hole_d.
  always_comb begin
    hole_idx_d = '0;
    for (int i = 0; i < N; i++) hole_idx_d = hole_idx_d | ({IdxW{hole_d[i]}} & IdxW'(i));
  end
  always_comb begin
    count_d = apos + CntW'(alloc);
  end

  for (genvar i = 0; i < N; i++) begin : gen_store
    logic shift;                          // the entry above moves down into this one
    logic take;                           // an arriving read's row is written here ...
    logic take_v;                         // ... and becomes an entry (a row with no entry yet)
    if (i + 1 < N) begin : gen_shift
      assign shift = above[i];
    end else begin : gen_top
      assign shift = 1'b0;
    end
    // The slot at apos is empty after this edge, so writing it on every
    // arrival is harmless; only its valid bit waits for the row search.
    assign take   = arr_i & (apos == CntW'(i));
    assign take_v = alloc & (apos == CntW'(i));

    // The top entry has nothing above it: a squeeze leaves it empty.
    logic valid_src;
    if (i + 1 < N) begin : gen_vsrc
      assign valid_src = shift ? valid_u[i+1] : valid_u[i];
    end else begin : gen_vtop
      assign valid_src = ~hole_q & valid_u[i];
    end

    // The departure and arrival flags, moved with the entry (a new entry
    // has neither: its row's read is not chosen yet, and it took its read).
    logic dep_src, arr_src, duf_src;
    if (i + 1 < N) begin : gen_fsrc
      assign dep_src = shift ? dep_hit[i+1] : dep_hit[i];
      assign arr_src = shift ? arr_hit[i+1] : arr_hit[i];
      assign duf_src = shift ? du_hit[i+1] : du_hit[i];
    end else begin : gen_ftop
      assign dep_src = dep_hit[i];
      assign arr_src = arr_hit[i];
      assign duf_src = du_hit[i];
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q[i] <= 1'b0;
        dep_q[i]   <= 1'b0;
        arr_q[i]   <= 1'b0;
        duf_q[i]   <= 1'b0;
      end else begin
        valid_q[i] <= take_v | valid_src;
        dep_q[i]   <= ~take & dep_src;
        arr_q[i]   <= ~take & arr_src;
        duf_q[i]   <= ~take & duf_src;
      end
    end

    // Storage: no reset, like an SRAM; an entry counts only while valid.
    always_ff @(posedge clk_i) begin
      if (take) begin
        bank_q[i]  <= arr_bank_i;
        row_q[i]   <= arr_row_i;
        score_q[i] <= SQW'(arr_new);
        len_q[i]   <= SumW'(1);
        open_q[i]  <= arr_open_i;
      end else if (shift) begin
        open_q[i]  <= open_upd_i[i+1 < N ? i+1 : i];
        bank_q[i]  <= bank_u[i+1 < N ? i+1 : i];
        row_q[i]   <= row_u[i+1 < N ? i+1 : i];
        score_q[i] <= score_u[i+1 < N ? i+1 : i];
        len_q[i]   <= len_u[i+1 < N ? i+1 : i];
      end else begin
        open_q[i]  <= open_upd_i[i];
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
      hole_q     <= |hole_d;
      hole_idx_q <= hole_idx_d;
    end
  end
  // The arrival's, the dummy's and the departure's terms for next cycle
  // (used only with an entry's flag).
  always_ff @(posedge clk_i) begin
    arr_term_q <= DW'(arr_inc2);
    dt_term_q  <= dt_term_d;
    dt_dlen_q  <= du_len_d;
    pd_term_q  <= ~pd_age2;
    pd_len_q   <= pd_len_d;
    pd_lenp_q  <= pd_lenp_d;
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
