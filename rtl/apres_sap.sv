// apres_sap: APRES' scheduling-aware prefetcher (SAP; APRES paper section
// IV-B, Figure 9; docs/apres.md, cmodel/apres_sap.h).
//
// * PT: PtEntries entries {PC, warp, address, stride, stride valid}, fully
//   associative by PC; a PC miss takes the lowest free entry, else the least
//   recently used (an "older than" relation, one flip-flop per pair, like
//   apres_laws' queue). Every load writes its entry's warp and address.
// * Stage A: a miss with a group (grp_valid_i) whose PC hits, engine idle ->
//   accepted. RD: the entry's old warp, address and stride are read (the
//   miss's own write lands at the end of RD).
// * CLS: |D| = |addr - PT.addr|, |d| = |warp - PT.warp| (two subtractors
//   each, the carry picks); d = 0 -> res SAME.
// * DIV: a restoring divider, DivSteps quotient bits a cycle, L =
//   ceil(AddrW / DivSteps) cycles (the remainder stays below |d| <= 63).
// * VER: q = +-quotient, as sign and magnitude (the PT keeps strides so:
//   nothing is ever negated); equal to the stored stride -> MATCH (burst) or
//   ZERO; else NEW: the stride is written back unless the entry was
//   reallocated.
// * Burst: B0 takes the lowest warp left in WQ and |w - warp|; B1 multiplies
//   (carry-save: one partial product per bit of |w - warp|, inverted with a
//   +1 each when the product is negative, the base address as one more
//   operand, four levels of 3:2 compressors); B2 adds (Kogge-
//   Stone); B3 drops the address outside [0, 2^AddrW) or in the demand's
//   line or the last issued prefetch's line; pf_* are registers.
//
// Example (Figure 9): PT {PC 200, warp 10, address 2800, stride 100}; warp 2
// misses at 2000 with the group {1, 2, 3}: stride 100 matches, prefetches
// for warp 1 at 1900 and warp 3 at 2100, L + 7 and L + 8 cycles later.
module apres_sap #(
  parameter int NumWarps  = 48,                                  // warps per SM, 1..64
  parameter int PcW       = 32,                                  // load PC bits
  parameter int AddrW     = 49,                                  // byte address bits, LineW+1..63
  parameter int LineW     = 7,                                   // log2 line bytes (128 B)
  parameter int PtEntries = 10,                                  // PT entries, 1..16
  parameter int DivSteps  = 2,                                   // quotient bits per cycle (2 meet 2.9 ns)
  localparam int IdxW = (NumWarps > 1) ? $clog2(NumWarps) : 1,   // warp index width
  localparam int SW   = AddrW + 1                                // stride bits, two's complement
) (
  input  logic                clk_i,           // clock
  // verilator lint_off SYNCASYNCNET
  input  logic                rst_ni,          // asynchronous reset, active low
  // verilator lint_on SYNCASYNCNET
  input  logic                ld_valid_i,      // a global load executed at the LSU
  input  logic [PcW-1:0]      ld_pc_i,         // its PC
  input  logic [IdxW-1:0]     ld_warp_i,       // its warp
  input  logic [AddrW-1:0]    ld_addr_i,       // the lowest active thread's address
  input  logic                ld_miss_i,       // it missed the L1
  input  logic                grp_valid_i,     // LAWS handed its group (miss_valid_o)
  input  logic [NumWarps-1:0] grp_i,           // the group's warps (miss_group_o)
  output logic                pt_hit_o,        // last cycle's load found its PC in the PT
  output logic                lost_o,          // last cycle's load: a miss with a group, PC in the PT, engine busy
  output logic                busy_o,          // the engine works on an earlier miss
  output logic                res_valid_o,     // a stride check ended
  output logic [1:0]          res_o,           // 0 NEW, 1 MATCH, 2 ZERO, 3 SAME
  output logic [SW-1:0]       res_stride_o,    // the stride it computed, sign (top bit) and magnitude; 0 for SAME
  output logic                pf_valid_o,      // a prefetch request; its warp goes to LAWS
  output logic                pf_drop_o,       // a target's prefetch dropped
  output logic [IdxW-1:0]     pf_warp_o,       // the target (valid or drop; else 0)
  output logic [AddrW-1:0]    pf_addr_o        // its address (valid or drop; else 0)
);
  localparam int E    = PtEntries;
  localparam int NT   = (E > 1) ? E * (E - 1) / 2 : 1;            // LRU pairs i < j
  localparam int L    = (AddrW + DivSteps - 1) / DivSteps;        // divider cycles
  localparam int DQW  = L * DivSteps;                             // dividend / quotient register
  localparam int CntW = $clog2(L + 1);
  localparam int PW   = AddrW + IdxW + 2;                         // a target's address, signed, exact
  localparam int LW   = AddrW - LineW;                            // line number bits

  typedef enum logic [2:0] {S_IDLE, S_RD, S_CLS, S_DIV, S_VER, S_BURST} st_t;

  // ---- the prefetch table ----
  logic [E-1:0]       pt_v_q, pt_v_d, pt_sv_q, pt_sv_d;
  logic [E*PcW-1:0]   pt_pc_q, pt_pc_d;       // entry e: [e*PcW +: PcW]
  logic [E*IdxW-1:0]  pt_warp_q, pt_warp_d;
  logic [E*AddrW-1:0] pt_addr_q, pt_addr_d;
  logic [E*SW-1:0]    pt_str_q, pt_str_d;
  logic [NT-1:0]      age_q, age_d;           // age_q[tri(i, j)]: entry i is older than j
  // A load's writes reach its entry one edge late (the write enables would
  // otherwise come from the CAM through the victim choice to every field's
  // flip-flops in the load's cycle); a lookup in between sees them through
  // these registers: an allocated entry matches its new PC only, is not
  // free and has no stride; a read takes the new warp and address.
  logic [E-1:0]       ph_q;                   // last cycle's load hit this entry (one-hot or 0)
  logic               pm_q;                   // ... or missed and took the victim
  logic [E-1:0]       pv_q;                   // that victim
  logic [E-1:0]       pw_e, pa_e;             // the entry to write, and to allocate (PC, valid, no stride)
  logic [PcW-1:0]     pa_pc_q;
  logic [IdxW-1:0]    pw_warp_q;
  logic [AddrW-1:0]   pw_addr_q;

  // ---- the engine ----
  st_t                st_q, st_d;
  logic [CntW-1:0]    cnt_q, cnt_d;
  logic [E-1:0]       e_q, e_d;               // the miss's entry, one-hot
  logic               wb_ok_q, wb_ok_d;
  logic [IdxW-1:0]    m_warp_q, m_warp_d;
  logic [AddrW-1:0]   m_addr_q, m_addr_d;     // the demand address (the DRQ's one used entry)
  logic [NumWarps-1:0] grp_q, grp_d;
  logic [IdxW-1:0]    p_warp_q, p_warp_d;
  logic [AddrW-1:0]   p_addr_q, p_addr_d;
  logic [SW-1:0]      s_old_q, s_old_d;
  logic               sv_old_q, sv_old_d;
  logic               neg_q, neg_d;           // the stride's sign
  logic [IdxW-1:0]    dv_q, dv_d;             // |d|
  logic [IdxW-1:0]    rem_q, rem_d;           // the divider's remainder (< |d|)
  logic [DQW-1:0]     dq_q, dq_d;             // dividend out at the top, quotient in at the bottom

  // ---- the burst ----
  logic [NumWarps-1:0] wq_q, wq_d;            // targets left
  logic [SW-1:0]      sp_q, sp_d;             // the stride (sign and magnitude)
  logic               b1_v_q, b1_v_d, b2_v_q, b2_v_d, b3_v_q, b3_v_d;
  logic [IdxW-1:0]    b1_w_q, b1_w_d, b2_w_q, b2_w_d, b3_w_q, b3_w_d;
  logic [IdxW-1:0]    b1_dm_q, b1_dm_d;       // |w - warp|
  logic               b1_dn_q, b1_dn_d;       // w < warp
  logic [PW-1:0]      b2_s_q, b2_s_d, b2_c_q, b2_c_d;   // the address, carry-save
  logic [PW-1:0]      b3_a_q, b3_a_d;
  logic               last_v_q, last_v_d;
  logic [LW-1:0]      last_q, last_d;

  // ---- output registers ----
  logic               res_v_q, res_v_d;
  logic [1:0]         res_q, res_d;
  logic [SW-1:0]      res_s_q, res_s_d;
  logic               pf_v_q, pf_v_d, pf_x_q, pf_x_d;
  logic [IdxW-1:0]    pf_w_q, pf_w_d;
  logic [AddrW-1:0]   pf_a_q, pf_a_d;

  // =====================================================================
  // Stage A: lookup, victim, acceptance.
  logic               ld_ok, any_hit, any_free, accept;
  logic [E-1:0]       hit, free_oh, oldest, victim;
  logic [IdxW-1:0]    rd_warp;
  logic [AddrW-1:0]   rd_addr;
  logic [SW-1:0]      rd_str;

  if (NumWarps == (1 << IdxW)) begin : gen_all_ids
    assign ld_ok = ld_valid_i;
  end else begin : gen_id_check
    assign ld_ok = ld_valid_i && ld_warp_i <= IdxW'(NumWarps - 1);
  end

  // Last cycle's writes, from registers taken straight off the CAM.
  assign pa_e = pm_q ? pv_q : '0;
  assign pw_e = ph_q | pa_e;

  // The CAM; an entry allocated last cycle matches its new PC only.
  logic pa_match;
  assign pa_match = pa_pc_q == ld_pc_i;
  for (genvar e = 0; e < E; e++) begin : gen_cam
    assign hit[e] = pa_e[e] ? pa_match : pt_v_q[e] && pt_pc_q[e*PcW +: PcW] == ld_pc_i;
  end
  assign any_hit = |hit;

  first_oh #(.N(E)) u_free (.req_i(~(pt_v_q | pa_e)), .first_o(free_oh), .any_o(any_free));

  // The least recently used entry: older than every other. A load's use
  // reaches the relation one edge late (pw_e, like the warp and address);
  // the victim sees it at once: the entry used last cycle is younger than
  // every other.
  if (E > 1) begin : gen_lru
    logic [E*E-1:0] older;   // older[i*E + j]: entry i is older than j (pu_q applied)
    for (genvar i = 0; i < E; i++) begin : gen_row
      assign older[i*E + i] = 1'b1;
      for (genvar j = i + 1; j < E; j++) begin : gen_pair
        localparam int T = i * E - i * (i + 1) / 2 + (j - i - 1);
        // a use makes the entry the youngest
        assign age_d[T] = pw_e[i] ? 1'b0 : pw_e[j] ? 1'b1 : age_q[T];
        assign older[i*E + j] = age_d[T];
        assign older[j*E + i] = !age_d[T];
      end
      assign oldest[i] = &older[i*E +: E];
    end
  end else begin : gen_lru1
    logic unused_use;
    assign unused_use = pw_e[0];
    assign oldest = 1'b1;
    assign age_d  = age_q;
  end

  assign victim  = any_free ? free_oh : oldest;
  assign accept  = ld_ok && any_hit && ld_miss_i && grp_valid_i && st_q == S_IDLE;
  // pt_hit_o and lost_o leave registers (they feed counters; from the CAM
  // they would reach them late in the cycle)
  logic pt_hit_q, lost_q;
  assign pt_hit_o = pt_hit_q;
  assign lost_o   = lost_q;
  assign busy_o   = st_q != S_IDLE;

  // RD: the miss's entry as it was before the miss (the miss's own write is
  // still on its way, pw_e; the ones before it have landed).
  oh_sel #(.N(E), .W(IdxW))  u_rd_warp (.data_i(pt_warp_q), .sel_i(e_q), .data_o(rd_warp));
  oh_sel #(.N(E), .W(AddrW)) u_rd_addr (.data_i(pt_addr_q), .sel_i(e_q), .data_o(rd_addr));
  oh_sel #(.N(E), .W(SW))    u_rd_str  (.data_i(pt_str_q),  .sel_i(e_q), .data_o(rd_str));

  // =====================================================================
  // CLS: magnitudes and signs (both differences at once, the carry picks).
  logic [AddrW-1:0] da, db, dmag;
  logic [IdxW-1:0]  wa, wb_d, wmag;
  logic             da_ge, wa_ge, same;
  logic             db_ge_unused, wb_ge_unused;
  sub_ks #(.W(AddrW)) u_da (.a_i(m_addr_q), .b_i(p_addr_q), .diff_o(da), .ge_o(da_ge));
  sub_ks #(.W(AddrW)) u_db (.a_i(p_addr_q), .b_i(m_addr_q), .diff_o(db), .ge_o(db_ge_unused));
  sub_ks #(.W(IdxW))  u_wa (.a_i(m_warp_q), .b_i(p_warp_q), .diff_o(wa), .ge_o(wa_ge));
  sub_ks #(.W(IdxW))  u_wb (.a_i(p_warp_q), .b_i(m_warp_q), .diff_o(wb_d), .ge_o(wb_ge_unused));
  assign dmag = da_ge ? da : db;
  assign wmag = wa_ge ? wa : wb_d;
  assign same = m_warp_q == p_warp_q;

  // =====================================================================
  // DIV: DivSteps restoring steps a cycle.
  logic [IdxW-1:0] step_r [DivSteps+1] /* verilator split_var */;
  logic [DQW-1:0]  step_x [DivSteps+1] /* verilator split_var */;
  assign step_r[0] = rem_q;
  assign step_x[0] = dq_q;
  for (genvar k = 0; k < DivSteps; k++) begin : gen_step
    logic [IdxW:0] r2, df;
    logic          ge;
    assign r2 = {step_r[k], step_x[k][DQW-1]};
    sub_ks #(.W(IdxW + 1)) u_sub (.a_i(r2), .b_i({1'b0, dv_q}), .diff_o(df), .ge_o(ge));
    // r2 < 2 |d|, so r2 - |d| < |d| fits IdxW bits
    assign step_r[k+1] = ge ? df[IdxW-1:0] : r2[IdxW-1:0];
    // verilator lint_off UNUSEDSIGNAL
    logic unused_top;
    assign unused_top = df[IdxW];
    // verilator lint_on UNUSEDSIGNAL
    assign step_x[k+1] = {step_x[k][DQW-2:0], ge};
  end

  // =====================================================================
  // VER: the stride as sign and magnitude (zero has sign 0; the PT keeps the
  // same form, so nothing is negated) and the check.
  logic [AddrW-1:0] qm;
  logic [SW-1:0]    q;
  logic             match, zero, wb;
  assign qm    = dq_q[AddrW-1:0];
  assign zero  = qm == '0;
  assign q     = {neg_q && !zero, qm};
  assign match = sv_old_q && q == s_old_q;
  // wb_ok_q: the entry has not been reallocated since the miss. An
  // allocation of the last cycle (pa_e, still on its way to the table)
  // lands at this edge too and clears sv after the write: the stride is
  // then a value no check reads.
  logic realloc;
  assign realloc = |(pa_e & e_q);
  assign wb      = st_q == S_VER && !match && wb_ok_q;

  // The missing warp, one-hot (it is not a target).
  logic [NumWarps-1:0] m_oh;
  oh_dec #(.N(NumWarps)) u_m_oh (.idx_i(m_warp_q), .oh_o(m_oh));

  // =====================================================================
  // Burst B0: the lowest target left.
  logic [NumWarps-1:0] t_oh;
  logic                t_any;
  logic [IdxW-1:0]     t_w;
  logic [IdxW-1:0]     ta, tb;
  logic                ta_ge, tb_ge_unused;
  logic                t_any_unused;
  first_oh #(.N(NumWarps)) u_tgt (.req_i(wq_q), .first_o(t_oh), .any_o(t_any_unused));
  prio_enc #(.N(NumWarps)) u_tgt_idx (.req_i(wq_q), .idx_o(t_w), .valid_o(t_any));
  sub_ks #(.W(IdxW)) u_ta (.a_i(t_w), .b_i(m_warp_q), .diff_o(ta), .ge_o(ta_ge));
  sub_ks #(.W(IdxW)) u_tb (.a_i(m_warp_q), .b_i(t_w), .diff_o(tb), .ge_o(tb_ge_unused));

  // B1: base +- |delta| * |stride|, carry-save. The product's sign is
  // delta's sign xor the stride's; a negative product adds ~pp + 1 for each
  // partial product (one per bit of |delta|, IdxW <= 6 of them): the
  // inverted partial products and the constant IdxW. Eight operands, four
  // levels of 3:2 compressors.
  logic          pneg;
  logic [PW-1:0] inv;
  logic [PW-1:0] op [8];
  logic [PW-1:0] s1, c1, s2, c2, s3, c3, s4, c4, s5, c5, s6, c6;
  assign pneg = b1_dn_q ^ sp_q[AddrW];
  assign inv  = {PW{pneg}};
  for (genvar i = 0; i < 6; i++) begin : gen_pp
    if (i < IdxW) begin : gen_bit
      assign op[i] = (b1_dm_q[i] ? (PW'(sp_q[AddrW-1:0]) << i) : '0) ^ inv;
    end else begin : gen_zero
      assign op[i] = '0;
    end
  end
  assign op[6] = PW'(m_addr_q);
  assign op[7] = pneg ? PW'(IdxW) : '0;
  assign s1 = op[0] ^ op[1] ^ op[2];
  assign c1 = ((op[0] & op[1]) | (op[0] & op[2]) | (op[1] & op[2])) << 1;
  assign s2 = op[3] ^ op[4] ^ op[5];
  assign c2 = ((op[3] & op[4]) | (op[3] & op[5]) | (op[4] & op[5])) << 1;
  assign s3 = s1 ^ c1 ^ s2;
  assign c3 = ((s1 & c1) | (s1 & s2) | (c1 & s2)) << 1;
  assign s4 = c2 ^ op[6] ^ op[7];
  assign c4 = ((c2 & op[6]) | (c2 & op[7]) | (op[6] & op[7])) << 1;
  assign s5 = s3 ^ c3 ^ s4;
  assign c5 = ((s3 & c3) | (s3 & s4) | (c3 & s4)) << 1;
  assign s6 = s5 ^ c5 ^ c4;
  assign c6 = ((s5 & c5) | (s5 & c4) | (c5 & c4)) << 1;

  // B2: the carry-propagate add.
  logic [PW-1:0] b2_sum;
  logic          b2_co_unused;
  add_ks #(.W(PW)) u_b2 (.a_i(b2_s_q), .b_i(b2_c_q), .sum_o(b2_sum), .co_o(b2_co_unused));

  // B3: the checks.
  logic [LW-1:0] b3_line;
  logic          b3_in, b3_ok;
  assign b3_line = b3_a_q[AddrW-1:LineW];
  assign b3_in   = b3_a_q[PW-1:AddrW] == '0;
  assign b3_ok   = b3_v_q && b3_in && b3_line != m_addr_q[AddrW-1:LineW] && !(last_v_q && b3_line == last_q);

  // =====================================================================
  // Next state.
  always_comb begin
    pt_v_d    = pt_v_q;
    pt_sv_d   = pt_sv_q;
    pt_pc_d   = pt_pc_q;
    pt_warp_d = pt_warp_q;
    pt_addr_d = pt_addr_q;
    pt_str_d  = pt_str_q;
    for (int e = 0; e < E; e++) begin
      if (wb && e_q[e]) begin
        pt_str_d[e*SW +: SW] = q;
        pt_sv_d[e] = 1'b1;
      end
      if (pw_e[e]) begin
        pt_warp_d[e*IdxW +: IdxW]   = pw_warp_q;
        pt_addr_d[e*AddrW +: AddrW] = pw_addr_q;
      end
      if (pa_e[e]) begin   // the stride stays, invalid (sv 0): no check reads it
        pt_v_d[e]  = 1'b1;
        pt_sv_d[e] = 1'b0;
        pt_pc_d[e*PcW +: PcW] = pa_pc_q;
      end
    end

    st_d     = st_q;
    cnt_d    = cnt_q;
    e_d      = e_q;
    wb_ok_d  = wb_ok_q && !realloc;
    m_warp_d = m_warp_q;
    m_addr_d = m_addr_q;
    grp_d    = grp_q;
    p_warp_d = p_warp_q;
    p_addr_d = p_addr_q;
    s_old_d  = s_old_q;
    sv_old_d = sv_old_q;
    neg_d    = neg_q;
    dv_d     = dv_q;
    rem_d    = rem_q;
    dq_d     = dq_q;
    wq_d     = wq_q;
    sp_d     = sp_q;
    last_v_d = last_v_q;
    last_d   = last_q;
    res_v_d  = 1'b0;
    res_d    = '0;
    res_s_d  = '0;

    // the burst pipeline moves every cycle
    b1_v_d  = st_q == S_BURST && t_any;
    b1_w_d  = t_w;
    b1_dm_d = ta_ge ? ta : tb;
    b1_dn_d = !ta_ge;
    b2_v_d  = b1_v_q;
    b2_w_d  = b1_w_q;
    b2_s_d  = s6;
    b2_c_d  = c6;
    b3_v_d  = b2_v_q;
    b3_w_d  = b2_w_q;
    b3_a_d  = b2_sum;
    pf_v_d  = b3_ok;
    pf_x_d  = b3_v_q && !b3_ok;
    pf_w_d  = b3_v_q ? b3_w_q : '0;
    pf_a_d  = b3_v_q ? b3_a_q[AddrW-1:0] : '0;
    if (b3_ok) begin
      last_v_d = 1'b1;
      last_d   = b3_line;
    end

    // Stage A's snapshot: taken every idle cycle, used only after an accept.
    if (st_q == S_IDLE) begin
      e_d      = hit;
      m_warp_d = ld_warp_i;
      m_addr_d = ld_addr_i;
      grp_d    = grp_i;
    end

    unique case (st_q)
      S_IDLE: begin
        if (accept) begin
          st_d    = S_RD;
          wb_ok_d = 1'b1;
        end
      end
      S_RD: begin
        st_d     = S_CLS;
        p_warp_d = rd_warp;
        p_addr_d = rd_addr;
        s_old_d  = rd_str;
        sv_old_d = |(e_q & pt_sv_q);
      end
      S_CLS: begin
        if (same) begin
          st_d    = S_IDLE;
          res_v_d = 1'b1;
          res_d   = 2'd3;
        end else begin
          st_d  = S_DIV;
          cnt_d = CntW'(L);
          neg_d = !da_ge ^ !wa_ge;
          dv_d  = wmag;
          rem_d = '0;
          dq_d  = DQW'(dmag);
        end
      end
      S_DIV: begin
        rem_d = step_r[DivSteps];
        dq_d  = step_x[DivSteps];
        cnt_d = cnt_q - 1'b1;
        if (cnt_q == CntW'(1)) st_d = S_VER;
      end
      S_VER: begin
        res_v_d = 1'b1;
        res_s_d = q;
        st_d    = S_IDLE;
        if (match) begin
          res_d = zero ? 2'd2 : 2'd1;
          if (!zero) begin
            st_d     = S_BURST;
            sp_d     = q;
            wq_d     = grp_q & ~m_oh;
            last_v_d = 1'b0;
          end
        end else begin
          res_d = 2'd0;
        end
      end
      S_BURST: begin
        wq_d = wq_q & ~t_oh;
        if (!t_any && !b1_v_q && !b2_v_q) st_d = S_IDLE;
      end
      default: st_d = S_IDLE;
    endcase
  end

  assign res_valid_o  = res_v_q;
  assign res_o        = res_q;
  assign res_stride_o = res_s_q;
  assign pf_valid_o   = pf_v_q;
  assign pf_drop_o    = pf_x_q;
  assign pf_warp_o    = pf_w_q;
  assign pf_addr_o    = pf_a_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pt_v_q    <= '0;
      pt_sv_q   <= '0;
      pt_pc_q   <= '0;
      pt_warp_q <= '0;
      pt_addr_q <= '0;
      pt_str_q  <= '0;
      age_q     <= '1;   // lower index older
      ph_q      <= '0;
      pm_q      <= 1'b0;
      pt_hit_q  <= 1'b0;
      lost_q    <= 1'b0;
      pv_q      <= '0;
      pa_pc_q   <= '0;
      pw_warp_q <= '0;
      pw_addr_q <= '0;
      st_q      <= S_IDLE;
      cnt_q     <= '0;
      e_q       <= '0;
      wb_ok_q   <= 1'b0;
      m_warp_q  <= '0;
      m_addr_q  <= '0;
      grp_q     <= '0;
      p_warp_q  <= '0;
      p_addr_q  <= '0;
      s_old_q   <= '0;
      sv_old_q  <= 1'b0;
      neg_q     <= 1'b0;
      dv_q      <= '0;
      rem_q     <= '0;
      dq_q      <= '0;
      wq_q      <= '0;
      sp_q      <= '0;
      b1_v_q    <= 1'b0;
      b1_w_q    <= '0;
      b1_dm_q   <= '0;
      b1_dn_q   <= 1'b0;
      b2_v_q    <= 1'b0;
      b2_w_q    <= '0;
      b2_s_q    <= '0;
      b2_c_q    <= '0;
      b3_v_q    <= 1'b0;
      b3_w_q    <= '0;
      b3_a_q    <= '0;
      last_v_q  <= 1'b0;
      last_q    <= '0;
      res_v_q   <= 1'b0;
      res_q     <= '0;
      res_s_q   <= '0;
      pf_v_q    <= 1'b0;
      pf_x_q    <= 1'b0;
      pf_w_q    <= '0;
      pf_a_q    <= '0;
    end else begin
      pt_v_q    <= pt_v_d;
      pt_sv_q   <= pt_sv_d;
      pt_pc_q   <= pt_pc_d;
      pt_warp_q <= pt_warp_d;
      pt_addr_q <= pt_addr_d;
      pt_str_q  <= pt_str_d;
      age_q     <= age_d;
      ph_q      <= ld_ok ? hit : '0;
      pm_q      <= ld_ok && !any_hit;
      pt_hit_q  <= ld_ok && any_hit;
      lost_q    <= ld_ok && any_hit && ld_miss_i && grp_valid_i && st_q != S_IDLE;
      pv_q      <= victim;
      pa_pc_q   <= ld_pc_i;
      pw_warp_q <= ld_warp_i;
      pw_addr_q <= ld_addr_i;
      st_q      <= st_d;
      cnt_q     <= cnt_d;
      e_q       <= e_d;
      wb_ok_q   <= wb_ok_d;
      m_warp_q  <= m_warp_d;
      m_addr_q  <= m_addr_d;
      grp_q     <= grp_d;
      p_warp_q  <= p_warp_d;
      p_addr_q  <= p_addr_d;
      s_old_q   <= s_old_d;
      sv_old_q  <= sv_old_d;
      neg_q     <= neg_d;
      dv_q      <= dv_d;
      rem_q     <= rem_d;
      dq_q      <= dq_d;
      wq_q      <= wq_d;
      sp_q      <= sp_d;
      b1_v_q    <= b1_v_d;
      b1_w_q    <= b1_w_d;
      b1_dm_q   <= b1_dm_d;
      b1_dn_q   <= b1_dn_d;
      b2_v_q    <= b2_v_d;
      b2_w_q    <= b2_w_d;
      b2_s_q    <= b2_s_d;
      b2_c_q    <= b2_c_d;
      b3_v_q    <= b3_v_d;
      b3_w_q    <= b3_w_d;
      b3_a_q    <= b3_a_d;
      last_v_q  <= last_v_d;
      last_q    <= last_d;
      res_v_q   <= res_v_d;
      res_q     <= res_d;
      res_s_q   <= res_s_d;
      pf_v_q    <= pf_v_d;
      pf_x_q    <= pf_x_d;
      pf_w_q    <= pf_w_d;
      pf_a_q    <= pf_a_d;
    end
  end

`ifndef SYNTHESIS
  // Usage and invariant checks (Verilator --assert; Yosys defines SYNTHESIS).
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert ((hit & (hit - 1'b1)) == '0) else $error("apres_sap: a PC in two PT entries");
      assert ((pt_sv_q & ~pt_v_q) == '0) else $error("apres_sap: a stride in a free entry");
      if (st_q != S_IDLE && st_q != S_BURST)
        assert (e_q != '0 && (e_q & (e_q - 1'b1)) == '0) else $error("apres_sap: the engine's entry is not one-hot");
      if (st_q == S_DIV) assert (rem_q < dv_q) else $error("apres_sap: divider remainder not below the divisor");
      assert (st_q <= S_BURST) else $error("apres_sap: bad state");
    end
  end
`endif
endmodule
