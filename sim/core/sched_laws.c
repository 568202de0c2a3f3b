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
 *     group formed), SAP's prefetch target of the cycle (pf_*: a register
 *     of apres_sap, l1.prefetch=sap); the block is evaluated with every
 *     output compared, then clocked, and the load's group ID (ld_gid_o)
 *     goes into its load record;
 *   - then SAP (l1.prefetch=sap; sap_cycle, docs/apres.md "SAP in the
 *     system"), with last cycle's first line of a load and LAWS' miss group
 *     of this cycle.
 *
 * A hit (or a merge into a pending miss) moves the group to the head of the
 * queue, a miss or an uncached load to its tail (docs/apres.md). The block
 * is clocked only in a cycle with an input or a group being formed: in any
 * other cycle its clock edge changes nothing (exact: run.skip=0 gives the
 * same statistics). */
#include <inttypes.h>
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
            return -1;   /* a failure the RTL's thread found (sim --threads 2): nothing issues, and the
                            cycle's evaluation stops the run */
    }
    if (!out->issue_valid[k])
        return -1;
    /* the choice made at the start of the cycle; another scheduler's issue in this cycle may have
     * taken the unit it needs (the memory pipeline's ID_OC register): then nothing issues */
    unsigned w = (unsigned)out->issue_warp[k];
    return sm_can_issue(sm, w, now) ? (int)w : -1;
}

static void laws_issued(sm_t *sm, unsigned k, unsigned w, const sinst_t *in, uint32_t mask, uint32_t rec)
{
    sm->sched[k].last = w;
    if (in->cls != OP_LDG || !mask)
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
    if (sm->sap.ls && ld->first) {   /* a load's first answered line: SAP hears it next cycle, with LAWS */
        if (sm->sap.ld_next) {
            sm->st.sap_ld_lost++;
        } else {
            sm->sap.ld_next = 1;
            sm->sap.nx = (apres_sap_in_t){.ld_valid = 1, .ld_pc = r->pc, .ld_warp = ld->warp, .ld_addr = r->addr0,
                                          .ld_miss = !(ld->result == SCHED_L1_HIT || ld->result == SCHED_L1_MERGED)};
        }
    }
    if (!r->sched_tag)
        return;
    if (sm->laws.fb_next) {   /* one L1D answer a cycle: cannot happen */
        sm->st.laws_fb_lost++;
        return;
    }
    sm->laws.fb_next = 1;
    sm->laws.fb_warp = ld->warp;
    sm->laws.fb_pc = ld->pc;
    sm->laws.fb_gid = r->sched_tag - 1u;
    sm->laws.fb_hit = ld->result == SCHED_L1_HIT || ld->result == SCHED_L1_MERGED;
    r->sched_tag = 0;
}

/* The decision trace (--trace-decisions): this cycle's moves of LAWS' queue
 * (the feedback's group to the head or the tail, with its warps when the
 * block names them: a miss's group, SAP's warp queue; a prefetch target to
 * the head) and SAP's events (a stride check's result, a lost miss). */
static const char *const sap_res_names[] = {"new stride", "stride match", "zero stride", "same warp"};
static void trace_moves(sm_t *sm, uint64_t now, int fb)
{
    const apres_laws_in_t *in = &sm->laws.in;
    const apres_laws_out_t *o = &sm->laws.out;
    char what[64], detail[64];
    if (fb && !o->fb_stale) {
        snprintf(what, sizeof what, "%s: group %" PRIu64 " to the %s", in->fb_hit ? "hit" : "miss", in->fb_gid,
                 in->fb_hit ? "head" : "tail");
        snprintf(detail, sizeof detail, "w%u's load at 0x%" PRIx32, sm->laws.fb_warp_in, sm->laws.fb_pc_in);
        dtrace_laws(sm->dt, sm->id, now, what, in->fb_hit ? 0 : o->miss_group, detail);
    }
    if (in->pf_valid) {
        snprintf(what, sizeof what, "prefetch: w%" PRIu64 " to the head", in->pf_warp);
        snprintf(detail, sizeof detail, "line 0x%" PRIx64, sm->sap.out.pf_addr >> LINE_SHIFT);
        dtrace_laws(sm->dt, sm->id, now, what, UINT64_C(1) << in->pf_warp, detail);
    }
}

static void trace_sap(sm_t *sm, uint64_t now)
{
    const apres_sap_out_t *o = &sm->sap.out;
    char detail[64];
    if (o->res_valid) {
        snprintf(detail, sizeof detail, "stride %s%" PRIu64, o->res_stride >> SIM_SAP_ADDR_W & 1 ? "-" : "",
                 o->res_stride & ((UINT64_C(1) << SIM_SAP_ADDR_W) - 1));
        dtrace_laws(sm->dt, sm->id, now, sap_res_names[o->res & 3], 0, detail);
    }
    if (o->lost)
        dtrace_laws(sm->dt, sm->id, now, "sap: miss lost (engine busy)", 0, NULL);
}

/* SAP has work: an output register set (a prefetch, a check's result, a
 * lost miss), the engine busy, or prefetches waiting for the L1D's port. */
static int sap_active(const sm_t *sm)
{
    const apres_sap_out_t *o = &sm->sap.out;
    return sm->sap.in.ld_valid || sm->sap.qn || o->busy || o->pf_valid || o->pf_drop || o->res_valid || o->pt_hit || o->lost;
}

/* SAP's cycle, after LAWS' (whose miss feedback this cycle, grp, is SAP's
 * warp queue): the load the L1D answered last cycle goes in; its outputs
 * are counted, a prefetch goes into the port queue; the clock edge; its
 * registered outputs for the next cycle (a prefetch there moves its warp in
 * LAWS' queue then). The port queue's head goes to the L1D in a cycle the
 * memory pipeline left its port free. */
static int sap_cycle(sm_t *sm, uint64_t now, uint64_t dram_now, uint64_t grp_valid, uint64_t grp)
{
    apres_sap_in_t *si = &sm->sap.in;   /* the register: last cycle's first line */
    if (si->ld_valid) {
        si->grp_valid = grp_valid;
        si->grp = grp_valid ? grp : 0;
    }
    int rc;
    /* idle, nothing registered, no load: the edge changes nothing (exact; run.skip=0 steps it) */
    if (si->ld_valid || sap_active(sm) || !sm->cfg->skip) {
        ls_set_time(sm->sap.ls, now);
        sm->fail_blk = SIM_APRES_SAP;
        if ((rc = ls_eval_io(sm->sap.ls, 1, si, &sm->sap.out)))
            return rc;
        const apres_sap_out_t *o = &sm->sap.out;
        if (sm->dt)
            trace_sap(sm, now);
        if (o->res_valid)
            sm->st.sap_checks[o->res & 3]++;
        sm->st.sap_lost += o->lost;
        sm->st.sap_target_drops += o->pf_drop;
        if (o->pf_valid) {
            sm->st.sap_prefetches++;
            if (sm->sap.qn == SIM_SAP_PFQ) {
                sm->st.sap_queue_full++;
            } else {
                sm->sap.q[(sm->sap.qh + sm->sap.qn) % SIM_SAP_PFQ] = o->pf_addr >> LINE_SHIFT;
                sm->sap.qn++;
            }
        }
        if ((rc = ls_tick(sm->sap.ls)))
            return rc;
        apres_sap_in_t none = {0};
        if ((rc = ls_peek_io(sm->sap.ls, 1, &none, &sm->sap.out)))
            return rc;
    }
    /* the register's next value: this cycle's first line, if any */
    if (sm->sap.ld_next && sm->sap.nx.ld_addr >> SIM_SAP_ADDR_W) {
        fprintf(stderr,
                "memsched sim: sm%u: byte address %#" PRIx64 " does not fit SAP's %u-bit addresses "
                "(l1.prefetch=sap takes byte addresses below 2^%u)\n",
                sm->id, sm->sap.nx.ld_addr, SIM_SAP_ADDR_W, SIM_SAP_ADDR_W);
        return 2;
    }
    *si = sm->sap.ld_next ? sm->sap.nx : (apres_sap_in_t){0};
    sm->sap.ld_next = 0;
    if (sm->sap.qn && !sm->l1_port) {
        l1_prefetch(&sm->l1, sm->sap.q[sm->sap.qh], sm->id, now, dram_now);
        sm->sap.qh = (sm->sap.qh + 1) % SIM_SAP_PFQ;
        sm->sap.qn--;
        sm->l1_port = 1;
    }
    return 0;
}

static int laws_cycle(sm_t *sm, uint64_t now, uint64_t dram_now)
{
    apres_laws_in_t *in = &sm->laws.in;
    int fb = in->fb_valid != 0;
    if (!sm->laws.picked)
        in->ready = 0;
    if (!sm->laws.ld)
        in->ld_valid = in->ld_warp = in->ld_pc = 0;
    /* SAP's prefetch of this cycle (a registered output): its warp to the head of the queue */
    in->pf_valid = sm->sap.out.pf_valid;
    in->pf_warp = sm->sap.out.pf_valid ? sm->sap.out.pf_warp : 0;
    int step = sm->laws.picked || sm->laws.ld || fb || sm->laws.stage2 || in->pf_valid;
    uint64_t grp_valid = 0, grp = 0;
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
        if (sm->dt)
            trace_moves(sm, now, fb);
        sm->laws.stage2 = sm->laws.ld && o->ld_gid_valid;
        grp_valid = o->miss_valid;
        grp = o->miss_group;
        if ((rc = ls_tick(sm->laws.ls)))
            return rc;
    }
    sm->laws.ld = 0;
    if (sm->sap.ls && (rc = sap_cycle(sm, now, dram_now, grp_valid, grp)))
        return rc;
    /* the feedback register: this cycle's L1D answer is next cycle's input */
    in->fb_valid = (uint64_t)sm->laws.fb_next;
    in->fb_gid = sm->laws.fb_next ? sm->laws.fb_gid : 0;
    in->fb_hit = sm->laws.fb_next ? sm->laws.fb_hit : 0;
    sm->laws.fb_warp_in = sm->laws.fb_warp;
    sm->laws.fb_pc_in = sm->laws.fb_pc;
    sm->laws.fb_next = 0;
    sm->sched_hold = in->fb_valid || sm->laws.stage2 || (sm->sap.ls && sap_active(sm));
    return 0;
}

static const char *laws_reason(sm_t *sm, unsigned k, unsigned w)
{
    (void)sm, (void)k, (void)w;
    return "laws-queue";   /* the first ready warp in LAWS' queue order */
}

static int laws_open(sm_t *sm, const sim_blkopts_t *bo)
{
    snprintf(sm->laws.label, sizeof sm->laws.label, "sim sm%u.apres_laws", sm->id);
    sm->laws.in = (apres_laws_in_t){0};
    sm->laws.ls = sim_block_open_cfg(sm->cfg, SIM_APRES_LAWS, sm->id, sm->laws.label, &sm->laws.in, &sm->laws.out, bo);
    if (!sm->laws.ls)
        return -1;
    if (sm->cfg->l1_pf != PF_ID_sap)
        return 0;
    snprintf(sm->sap.label, sizeof sm->sap.label, "sim sm%u.apres_sap", sm->id);
    sm->sap.in = (apres_sap_in_t){0};
    sm->sap.ls = sim_block_open_cfg(sm->cfg, SIM_APRES_SAP, sm->id, sm->sap.label, &sm->sap.in, &sm->sap.out, bo);
    return sm->sap.ls ? 0 : -1;
}

static void laws_close(sm_t *sm)
{
    sim_block_close(&sm->laws.ls);
    sim_block_close(&sm->sap.ls);
}

const sched_ops_t sched_laws = {.pick = laws_pick,
                                .issued = laws_issued,
                                .load = laws_load,
                                .reason = laws_reason,
                                .open = laws_open,
                                .close = laws_close,
                                .cycle = laws_cycle};
