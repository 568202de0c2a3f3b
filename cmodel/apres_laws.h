/* apres_laws - APRES' locality-aware warp scheduler (LAWS; APRES paper
 * section IV-A; docs/apres.md). The RTL: rtl/apres_laws.sv.
 *
 * The last-load table (LLT: one last-load PC per warp), the warp-group table
 * (WGT: WgtEntries group vectors), and the scheduling queue: a permutation
 * of the warps that LSU feedback reorders (a group to the head on a hit, to
 * the tail on a miss) and that SAP's prefetch targets jump (to the head, in
 * front of everything). The issue output is the first ready warp in queue
 * order.
 *
 * Timing (the model follows the RTL's two stages; docs/apres.md "Pipeline"):
 *   cycle t   a load (ld_valid) gets the lowest free WGT entry as its group
 *             ID at once (ld_gid_o), its warp's old LLPC is registered as
 *             the key, and LLT[warp] = pc at the edge;
 *   cycle t+1 the key is compared with every other warp's LLPC (unchanged
 *             since t: one load per cycle) and the group vector is written
 *             into the entry, which becomes valid at the edge. Until then
 *             the entry is reserved: neither free nor valid.
 *   Feedback for a valid entry moves its group and frees it at the edge; for
 *   an entry that is not valid (free or reserved, or an index >= WgtEntries)
 *   it is ignored (fb_stale_o). In one cycle the feedback's move comes first,
 *   then the prefetch target's; the issue output and every move of a cycle
 *   see the queue as it was at the start of the cycle.
 *   Prefetch targets go to the head in the order they come: a target goes
 *   behind the targets already at the head (pf_set) and in front of every
 *   other warp; a hit's move (its group in front of them) ends that run.
 */
#ifndef MEMSCHED_APRES_LAWS_H
#define MEMSCHED_APRES_LAWS_H

#include <stdint.h>

#define APRES_LAWS_MAX_WARPS  64
#define APRES_LAWS_MAX_WGT    8
#define APRES_LAWS_MAX_SCHEDS 4

typedef struct {
    unsigned num_warps;    /* NumWarps, 1..64 (Table III: 48) */
    unsigned pc_w;         /* PcW, load PC bits, 1..64 (the paper: 4 B) */
    unsigned wgt_entries;  /* WgtEntries, 1..8 (Table II: 3) */
    unsigned scheds;       /* Scheds, 1..4: warp schedulers sharing the queue, scheduler k issuing the
                              warps w with w % Scheds == k (the paper: 1) */
} apres_laws_cfg_t;

typedef struct {
    uint64_t ready;                   /* ready_i: NumWarps bits, the warps that can issue this cycle */
    uint64_t ld_valid, ld_warp, ld_pc;   /* a warp issues a global load at pc */
    uint64_t fb_valid, fb_gid, fb_hit;   /* LSU feedback: the load of group fb_gid hit / missed */
    uint64_t pf_valid, pf_warp;          /* SAP: a prefetch was issued for pf_warp */
} apres_laws_in_t;

typedef struct {
    uint64_t issue_valid[APRES_LAWS_MAX_SCHEDS];   /* per scheduler k: the first ready warp of its own */
    uint64_t issue_warp[APRES_LAWS_MAX_SCHEDS];    /* (w % Scheds == k) in queue order */
    uint64_t ld_gid_valid, ld_gid;       /* the group ID this cycle's load carries (0 valid: WGT full) */
    uint64_t miss_valid, miss_group;     /* feedback miss: the group's warps, for SAP's warp queue */
    uint64_t fb_stale;                   /* the feedback named no valid WGT entry: ignored */
} apres_laws_out_t;

enum { APRES_WGT_FREE, APRES_WGT_RESERVED, APRES_WGT_VALID };

typedef struct {
    apres_laws_cfg_t cfg;
    uint64_t llt_pc[APRES_LAWS_MAX_WARPS];  /* PcW bits each */
    uint64_t llt_v;                         /* NumWarps bits: the warp has issued a load (else "no load yet") */
    uint64_t wgt_vec[APRES_LAWS_MAX_WGT];   /* NumWarps bits each */
    unsigned wgt_st[APRES_LAWS_MAX_WGT];    /* APRES_WGT_*: 2 bits each in the RTL (reserved, valid) */
    /* stage 2: the load of the previous cycle whose group is being formed */
    uint64_t p_valid, p_warp, p_gid, p_key, p_key_v;
    /* the scheduling queue: order[k] = the warp at position k (the RTL keeps
     * the same order as an N x N "is ahead of" relation) */
    unsigned order[APRES_LAWS_MAX_WARPS];
    /* the prefetch targets at the head of the queue, in the order they came (a
     * prefix of the queue: a hit's move clears it, a miss's takes its group out) */
    uint64_t pf_set;
} apres_laws_state_t;

int  apres_laws_init(apres_laws_state_t *s, const apres_laws_cfg_t *cfg);
void apres_laws_reset(apres_laws_state_t *s);
void apres_laws_eval(const apres_laws_state_t *s, const apres_laws_in_t *in, apres_laws_out_t *out);
void apres_laws_tick(apres_laws_state_t *s, const apres_laws_in_t *in);

#endif
