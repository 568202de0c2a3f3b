/* sched_laws.c - APRES' locality-aware warp scheduler (LAWS) as a warp
 * scheduler (sched.h; docs/apres.md "LAWS in the system"): the apres_laws
 * block of cmodel/ through the lockstep object, one per SM, its queue shared
 * by the SM's warp schedulers (Scheds = sm.schedulers; its C model alone, or
 * with --rtl apres_laws its RTL in lockstep with it). In each cycle the SM
 * runs its schedulers:
 *
 *   - the first pick offers the block the warps that can issue now (ready_i)
 *     and each scheduler issues its choice, the first ready warp of its own
 *     in the queue order (the queue at the start of the cycle: the block's
 *     issue outputs depend on nothing else, so the C model's answer before
 *     the cycle's other inputs are known is the final one, which the final
 *     evaluation compares); a choice that another scheduler's issue in the
 *     same cycle left without its unit does not issue;
 *   - after the pick the inputs are final: the global load issued this cycle
 *     (ld_*: warp and PC), the L1D's answer to the first line of a grouped
 *     load in the previous cycle (fb_*: a register between the LSU and LAWS,
 *     so that a load reaching the L1D the cycle after its issue finds its
 *     group formed), no prefetch target (pf_*: l1.prefetch=sap is not built
 *     yet); the block is evaluated with every output compared, then clocked,
 *     and the load's group ID (ld_gid_o) goes into its load record.
 *
 * A hit (or a merge into a pending miss) moves the group to the head of the
 * queue, a miss or an uncached load to its tail (docs/apres.md). The block
 * is clocked only in a cycle with an input or a group being formed: in any
 * other cycle its clock edge changes nothing (exact: run.skip=0 gives the
 * same statistics). */
#include <stdio.h>

#include "core/sched.h"
#include "core/sm.h"

static int laws_pick(sm_t *sm, unsigned k, uint64_t now)
{
    apres_laws_in_t *in = &sm->laws.in;
    apres_laws_out_t *out = &sm->laws.out;
    if (!sm->laws.picked) {   /* the cycle's first pick: every scheduler's choice, at the start of the cycle */
        uint64_t cand = sm->ready, ready = 0;
        while (cand) {
            unsigned w = (unsigned)__builtin_ctzll(cand);
            cand &= cand - 1;
            if (sm_can_issue(sm, w, now))
                ready |= 1ull << w;
        }
        in->ready = ready;
        in->ld_valid = in->ld_warp = in->ld_pc = 0;
        sm->laws.picked = 1;
        ls_set_time(sm->laws.ls, now);
        if (ls_peek_io(sm->laws.ls, 1, in, out))
            return -1;   /* cannot happen: peeking compares nothing */
    }
    if (!out->issue_valid[k])
        return -1;
    /* the choice made at the start of the cycle; another scheduler's issue in this cycle may have
     * taken the unit it needs (the memory pipeline's ID_OC register): then nothing issues */
    unsigned w = (unsigned)out->issue_warp[k];
    return sm_can_issue(sm, w, now) ? (int)w : -1;
}

static void laws_issued(sm_t *sm, unsigned k, unsigned w, const inst_t *in, uint32_t rec)
{
    sm->sched[k].last = w;
    if (in->cls != OP_LDG || !in->mask)
        return;   /* LAWS groups the long-latency loads: global ones */
    if (sm->laws.ld) {   /* a second global load this cycle (ID_OC_MEM wider than 1): LAWS takes one */
        sm->st.laws_loads++;
        sm->st.laws_no_group++;
        return;
    }
    apres_laws_in_t *li = &sm->laws.in;
    li->ld_valid = 1;
    li->ld_warp = w;
    li->ld_pc = in->pc;
    sm->laws.ld = 1;
    sm->laws.ld_rec = rec;
}

/* The L1D's answer to one line of a load: the first answered line of a
 * grouped load is its group's feedback (next cycle). */
static void laws_load(sm_t *sm, unsigned k, const sched_load_t *ld)
{
    (void)k;
    ldrec_t *r = &sm->rec[ld->rec];
    if (!r->sched_tag)
        return;
    if (sm->laws.fb_next) {   /* one L1D answer a cycle: cannot happen */
        sm->st.laws_fb_lost++;
        return;
    }
    sm->laws.fb_next = 1;
    sm->laws.fb_gid = r->sched_tag - 1u;
    sm->laws.fb_hit = ld->result == SCHED_L1_HIT || ld->result == SCHED_L1_MERGED;
    r->sched_tag = 0;
}

static int laws_cycle(sm_t *sm, uint64_t now)
{
    apres_laws_in_t *in = &sm->laws.in;
    int fb = in->fb_valid != 0;
    if (!sm->laws.picked)
        in->ready = 0;
    if (!sm->laws.ld)
        in->ld_valid = in->ld_warp = in->ld_pc = 0;
    int step = sm->laws.picked || sm->laws.ld || fb || sm->laws.stage2;
    sm->laws.picked = 0;
    int rc = 0;
    if (step) {
        ls_set_time(sm->laws.ls, now);
        sm->fail_blk = SIM_APRES_LAWS;
        if ((rc = ls_eval_io(sm->laws.ls, 1, in, &sm->laws.out)))
            return rc;
        const apres_laws_out_t *o = &sm->laws.out;
        if (sm->laws.ld) {
            sm->st.laws_loads++;
            if (o->ld_gid_valid)
                sm->rec[sm->laws.ld_rec].sched_tag = (uint8_t)(o->ld_gid + 1);
            else
                sm->st.laws_no_group++;
        }
        if (fb) {
            if (o->fb_stale)
                sm->st.laws_fb_stale++;
            else if (in->fb_hit)
                sm->st.laws_fb_hit++;
            else
                sm->st.laws_fb_miss++;
        }
        sm->laws.stage2 = sm->laws.ld && o->ld_gid_valid;
        if ((rc = ls_tick(sm->laws.ls)))
            return rc;
    }
    sm->laws.ld = 0;
    /* the feedback register: this cycle's L1D answer is next cycle's input */
    in->fb_valid = (uint64_t)sm->laws.fb_next;
    in->fb_gid = sm->laws.fb_next ? sm->laws.fb_gid : 0;
    in->fb_hit = sm->laws.fb_next ? sm->laws.fb_hit : 0;
    sm->laws.fb_next = 0;
    sm->sched_hold = in->fb_valid || sm->laws.stage2;
    return 0;
}

static const char *laws_reason(sm_t *sm, unsigned k, unsigned w)
{
    (void)sm, (void)k, (void)w;
    return "laws-queue";   /* the first ready warp in LAWS' queue order */
}

static int laws_open(sm_t *sm, const sim_blkopts_t *bo)
{
    char params[96];
    sim_block_params(sm->cfg, SIM_APRES_LAWS, params, sizeof params);
    snprintf(sm->laws.label, sizeof sm->laws.label, "sim sm%u.apres_laws", sm->id);
    sm->laws.in = (apres_laws_in_t){0};
    sm->laws.ls = sim_block_open(SIM_APRES_LAWS, sm->id, params, sm->laws.label, &sm->laws.in, &sm->laws.out, bo);
    return sm->laws.ls ? 0 : -1;
}

static void laws_close(sm_t *sm)
{
    if (sm->laws.ls) {
        ls_counts_t n;
        ls_close(sm->laws.ls, &n);
        sm->laws.ls = NULL;
    }
}

const sched_ops_t sched_laws = {.pick = laws_pick,
                                .issued = laws_issued,
                                .load = laws_load,
                                .reason = laws_reason,
                                .open = laws_open,
                                .close = laws_close,
                                .cycle = laws_cycle};
