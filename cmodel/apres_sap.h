/* apres_sap - APRES' scheduling-aware prefetcher (SAP; APRES paper section
 * IV-B, Figure 9; docs/apres.md).
 *
 * The prefetch table (PT: PtEntries entries {PC, warp, address, stride},
 * fully associative by PC, least recently used replaced) learns every global
 * load's address and warp. A load that missed the L1 and carries a group
 * (LAWS' miss_group) starts the engine if it is idle: the inter-warp stride
 * (address - PT.address) / (warp - PT.warp), signed and truncating toward
 * zero, is compared with the stored one; equal and not zero -> a prefetch
 * for every other warp of the group (address + (w - warp) * stride, one per
 * cycle, ascending warp ID), different -> the stride is replaced.
 *
 * Pipeline (docs/apres.md "SAP's engine"; the RTL has the same cycles):
 *   A       the load: PT lookup, PT update at the edge; a miss with a
 *           group whose PC hits and the engine idle is accepted (else it is
 *           lost); pt_hit_o and lost_o report it the next cycle;
 *   RD      the PT entry's warp, address and stride as they were before
 *           the miss are read (this model keeps them at acceptance; the
 *           RTL's PT writes land one edge late, so it reads them here);
 *   CLS     |D| = |address - PT.address|, |d| = |warp - PT.warp| and signs;
 *           d = 0 -> done (res SAME: no stride computed, nothing changes);
 *   DIV     L = ceil(AddrW / DivSteps) cycles of a restoring divider
 *           (DivSteps quotient bits a cycle). This model divides at once
 *           with C's `/` and waits the same cycles, so the lockstep checks
 *           the RTL's divider against C's division;
 *   VER     q = +-|D|/|d| (kept as sign and magnitude, in the PT too: no
 *           negation anywhere); q == stored stride (valid) -> MATCH (burst) or
 *           ZERO (q = 0: no prefetch); else NEW (the stride is replaced);
 *           res_* registered (visible the next cycle);
 *   BURST   B0 picks the lowest warp left in WQ, B1/B2 the address
 *           base + (w - warp) * stride (multiply, then add), B3 drops it
 *           outside [0, 2^AddrW) or in the demand's line or the last issued
 *           prefetch's line, else issues it; pf_* registered.
 * The engine is busy (busy_o) from the cycle after acceptance until the
 * burst's last target leaves B3.
 */
#ifndef MEMSCHED_APRES_SAP_H
#define MEMSCHED_APRES_SAP_H

#include <stdint.h>

#define APRES_SAP_MAX_WARPS 64
#define APRES_SAP_MAX_PT    16

typedef struct {
    unsigned num_warps;    /* NumWarps, 1..64 (Table III: 48) */
    unsigned pc_w;         /* PcW, load PC bits, 1..64 (the paper: 4 B) */
    unsigned addr_w;       /* AddrW, byte address bits, LineW+1..63 (default 49: the traces' addresses) */
    unsigned line_w;       /* LineW, log2 of the line bytes, 0..12 (128 B: 7) */
    unsigned pt_entries;   /* PtEntries, 1..16 (Table II: 10) */
    unsigned div_steps;    /* DivSteps, quotient bits per cycle, 1..AddrW */
} apres_sap_cfg_t;

typedef struct {
    uint64_t ld_valid;     /* a global load executed at the LSU */
    uint64_t ld_pc;        /* its PC */
    uint64_t ld_warp;      /* its warp */
    uint64_t ld_addr;      /* the lowest active thread's byte address */
    uint64_t ld_miss;      /* it missed the L1 */
    uint64_t grp_valid;    /* LAWS handed its group (miss_valid_o) */
    uint64_t grp;          /* the group's warps (miss_group_o), NumWarps bits */
} apres_sap_in_t;

enum { APRES_SAP_NEW, APRES_SAP_MATCH, APRES_SAP_ZERO, APRES_SAP_SAME };

typedef struct {
    uint64_t pt_hit;       /* last cycle's load found its PC in the PT */
    uint64_t lost;         /* last cycle's load was a miss with a group, its PC in the PT, and the
                            * engine busy: not checked */
    uint64_t busy;         /* the engine works on an earlier miss */
    uint64_t res_valid, res, res_stride;  /* a stride check ended (APRES_SAP_*), the stride it computed
                                           * (sign and magnitude, like the PT's) */
    uint64_t pf_valid;     /* a prefetch request to the L1; its warp goes to LAWS */
    uint64_t pf_drop;      /* a target's prefetch dropped (same line, or off the address range) */
    uint64_t pf_warp, pf_addr;   /* the target and its address (valid or drop; else 0) */
} apres_sap_out_t;

enum { APRES_SAP_IDLE, APRES_SAP_RD, APRES_SAP_CLS, APRES_SAP_DIV, APRES_SAP_VER, APRES_SAP_BURST };

typedef struct {
    apres_sap_cfg_t cfg;
    /* the prefetch table */
    uint64_t pt_v, pt_sv;                      /* entry valid; stride valid (a new entry has none) */
    uint64_t pt_pc[APRES_SAP_MAX_PT], pt_warp[APRES_SAP_MAX_PT];
    uint64_t pt_addr[APRES_SAP_MAX_PT];        /* AddrW bits */
    uint64_t pt_stride[APRES_SAP_MAX_PT];      /* AddrW+1 bits, sign (bit AddrW) and magnitude; zero has sign 0 */
    unsigned lru[APRES_SAP_MAX_PT];            /* entries, least recently used first (RTL: an "older than" relation) */
    /* the engine */
    unsigned st, cnt;                          /* APRES_SAP_IDLE..BURST; DIV cycles left */
    uint64_t e, wb_ok;                         /* the miss's PT entry; not reallocated since */
    uint64_t m_warp, m_addr, grp;              /* the missing warp, its address (the DRQ), its group (WQ) */
    uint64_t p_warp, p_addr, s_old, sv_old;    /* the PT entry before the miss */
    uint64_t neg, qm;                          /* the stride's sign and magnitude */
    /* the burst */
    uint64_t wq;                               /* targets left */
    uint64_t sp;                               /* the stride (sign and magnitude) */
    uint64_t b1_v, b1_w;
    uint64_t b2_v, b2_w, b3_v, b3_w;
    __int128 b2_a, b3_a;                       /* the target's address, full precision */
    uint64_t last_v, last_line;                /* the last issued prefetch's line in this burst */
    /* output registers */
    uint64_t o_pt_hit, o_lost;
    uint64_t o_res_valid, o_res, o_res_stride;
    uint64_t o_pf_valid, o_pf_drop, o_pf_warp, o_pf_addr;
} apres_sap_state_t;

int  apres_sap_init(apres_sap_state_t *s, const apres_sap_cfg_t *cfg);
void apres_sap_reset(apres_sap_state_t *s);
void apres_sap_eval(const apres_sap_state_t *s, const apres_sap_in_t *in, apres_sap_out_t *out);
void apres_sap_tick(apres_sap_state_t *s, const apres_sap_in_t *in);

/* Cycles of the divider at this configuration: ceil(AddrW / DivSteps). */
unsigned apres_sap_div_cycles(const apres_sap_cfg_t *cfg);

#endif
