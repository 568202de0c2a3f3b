/* sched_tbas.c - TEMP/TBAS' thread-batch-aware warp scheduler as a warp
 * scheduler (sched.h; docs/tbas.md "TBAS in the system"): the tbas block of
 * cmodel/ through the lockstep object, one per SM (its C model alone, or
 * with --rtl tbas its RTL in lockstep with it). One warp scheduler per SM
 * (the block issues one warp a cycle; the configuration check refuses
 * more).
 *
 * Thread batches: a block of kernel k with grid index b belongs to batch
 * (k, b / batch.stride), the paper's thread block stride. Its warps launch
 * into the batch slot that holds that batch if one has live warps (the
 * block joins it), else into the lowest slot with none (a new batch: the
 * youngest). There are as many slots as thread block slots, so one is
 * always free when a block arrives.
 *
 * In each cycle the SM runs its scheduler:
 *   - the pick offers the block the warps that can issue now (ready_i) and
 *     issues its choice (the issue output depends on ready_i and the
 *     block's registers only, so the C model's answer before the cycle's
 *     other inputs are final is the final one, which the evaluation
 *     compares);
 *   - then the inputs are final: the warps that launched this cycle (one
 *     block's, into one slot), the warps that exited, and the active warps
 *     (live, not waiting for a register a load will write: sm.h waitmask);
 *     the block is evaluated with every output compared, then clocked.
 * The block's decision is pipelined over three cycles (cmodel/tbas.h), so
 * it is clocked every cycle the SM runs, and the SM stays awake for five
 * cycles after any change of its inputs or an issue: after that, with the
 * same inputs, its clock edge changes nothing (exact: run.skip=0 gives the
 * same statistics, a test). */
#include <inttypes.h>
#include <stdio.h>

#include "core/sched.h"
#include "core/sm.h"

#define TBAS_SETTLE 5

static int tbas_pick(sm_t *sm, unsigned k, uint64_t now)
{
    (void)k;
    tbas_in_t *in = &sm->tbas.in;
    tbas_out_t *out = &sm->tbas.out;
    if (!sm->tbas.picked) {
        uint64_t cand = sm->ready, ready = 0;
        while (cand) {
            unsigned w = (unsigned)__builtin_ctzll(cand);
            cand &= cand - 1;
            if (sm_can_issue(sm, w, now))
                ready |= 1ull << w;
        }
        in->ready = ready;
        sm->tbas.picked = 1;
        ls_set_time(sm->tbas.ls, now);
        if (ls_peek_io(sm->tbas.ls, 1, in, out))
            return -1;   /* a failure the RTL's thread found (sim --threads 2): nothing issues, and the
                            cycle's evaluation stops the run */
    }
    if (!out->issue_valid)
        return -1;
    unsigned w = (unsigned)out->issue_warp;
    return sm_can_issue(sm, w, now) ? (int)w : -1;
}

static void tbas_issued(sm_t *sm, unsigned k, unsigned w, const sinst_t *in, uint32_t mask, uint32_t rec)
{
    (void)in, (void)mask, (void)rec;
    sm->sched[k].last = w;
}

static void tbas_launch(sm_t *sm, unsigned k, const sched_warp_t *wp)
{
    (void)k;
    const unsigned nb = sm->cfg->max_blocks;
    const uint64_t key = (uint64_t)wp->kernel << 40 | wp->batch;
    tbas_in_t *in = &sm->tbas.in;
    unsigned b = nb;
    if (in->launch && sm->tbas.launch_tb != wp->slot)
        sm->tbas.err = 1;   /* two blocks in a cycle: the dispatch gives an SM one (gpu.c); cannot happen */
    if (in->launch) {   /* the block's other warps: the slot its first warp took */
        b = (unsigned)in->launch_batch;
    } else {
        sm->tbas.launch_tb = wp->slot;
        for (unsigned i = 0; i < nb && b == nb; i++)
            if (sm->tbas.live[i] && sm->tbas.key[i] == key)
                b = i;
        if (b < nb) {
            sm->st.tbas_joins++;
        } else {
            for (unsigned i = 0; i < nb && b == nb; i++)
                if (!sm->tbas.live[i])
                    b = i;
            sm->st.tbas_batches++;
        }
        in->launch_batch = b;
        sm->tbas.key[b] = key;
    }
    /* b < nb: each live slot holds a resident block, and this block took a free block slot */
    in->launch |= 1ull << wp->warp;
    sm->tbas.live[b]++;
    sm->tbas.wslot[wp->warp] = (uint8_t)b;
}

static void tbas_exit(sm_t *sm, unsigned k, unsigned w)
{
    (void)k;
    sm->tbas.in.exit |= 1ull << w;
    sm->tbas.live[sm->tbas.wslot[w]]--;
}

/* The decision trace: the batches promoted and demoted at the last edge. */
static void trace_batches(sm_t *sm, uint64_t now)
{
    const tbas_out_t *o = &sm->tbas.out;
    char what[64], detail[64];
    for (unsigned b = 0; b < sm->cfg->max_blocks; b++) {
        int prom = (int)(o->prom >> b & 1), dem = (int)(o->dem >> b & 1);
        if (!prom && !dem)
            continue;
        uint64_t warps = 0;
        for (unsigned w = 0; w < sm->cfg->max_warps; w++)
            if (sm->warp[w].live && sm->tbas.wslot[w] == b)
                warps |= 1ull << w;
        const uint64_t key = sm->tbas.key[b];
        snprintf(what, sizeof what, "batch %u %s", b,
                 prom ? (o->prom_all >> b & 1 ? "promoted (all active)" : "promoted")
                      : (o->dem_empty >> b & 1 ? "demoted (empty)" : "demoted (few active)"));
        snprintf(detail, sizeof detail, "kernel %" PRIu64 " batch %" PRIu64 ", %" PRIu64 " active", key >> 40,
                 key & ((UINT64_C(1) << 40) - 1), o->act_cnt[b]);
        dtrace_sched(sm->dt, sm->id, now, "tbas", what, warps, detail);
    }
}

static int tbas_cycle(sm_t *sm, uint64_t now, uint64_t dram_now)
{
    (void)dram_now;
    tbas_in_t *in = &sm->tbas.in;
    tbas_out_t *out = &sm->tbas.out;
    if (sm->tbas.err) {
        fprintf(stderr, "memsched sim: sm%u: two thread blocks launched in one cycle (tbas takes one block's warps)\n",
                sm->id);
        return 2;
    }
    uint64_t active = 0, held = sm_mem_refused(sm) ? sm->memnext : 0;
    for (unsigned w = 0; w < sm->cfg->max_warps; w++)
        if (sm->warp[w].live && !((sm->waitmask | held) >> w & 1))
            active |= 1ull << w;
    if (!sm->tbas.picked)
        in->ready = 0;
    sm->tbas.picked = 0;
    in->active = active;
    in->min_active = sm->cfg->tbas_min_active;
    if (in->launch || in->exit || active != sm->tbas.active || in->ready)
        sm->tbas.settle = TBAS_SETTLE;
    sm->tbas.active = active;
    int rc;
    if (sm->tbas.settle || !sm->cfg->skip) {
        ls_set_time(sm->tbas.ls, now);
        sm->fail_blk = SIM_TBAS;
        if ((rc = ls_eval_io(sm->tbas.ls, 1, in, out)))
            return rc;
        sm->st.tbas_prom += (uint64_t)__builtin_popcountll(out->prom);
        sm->st.tbas_prom_all += (uint64_t)__builtin_popcountll(out->prom_all);
        sm->st.tbas_dem += (uint64_t)__builtin_popcountll(out->dem);
        sm->st.tbas_dem_empty += (uint64_t)__builtin_popcountll(out->dem_empty);
        if (sm->dt && (out->prom || out->dem))
            trace_batches(sm, now);
        if ((rc = ls_tick(sm->tbas.ls)))
            return rc;
        if (sm->tbas.settle)
            sm->tbas.settle--;
    }
    in->launch = in->launch_batch = in->exit = 0;
    sm->sched_hold = sm->tbas.settle != 0;
    return 0;
}

static const char *tbas_reason(sm_t *sm, unsigned k, unsigned w)
{
    (void)sm, (void)k, (void)w;
    return "tbas-running";   /* greedy-then-oldest among the running batches' ready warps */
}

static int tbas_open(sm_t *sm, const sim_blkopts_t *bo)
{
    snprintf(sm->tbas.label, sizeof sm->tbas.label, "sim sm%u.tbas", sm->id);
    sm->tbas.in = (tbas_in_t){.min_active = sm->cfg->tbas_min_active};
    sm->tbas.ls = sim_block_open_cfg(sm->cfg, SIM_TBAS, sm->id, sm->tbas.label, &sm->tbas.in, &sm->tbas.out, bo);
    return sm->tbas.ls ? 0 : -1;
}

static void tbas_close(sm_t *sm) { sim_block_close(&sm->tbas.ls); }

const sched_ops_t sched_tbas = {.pick = tbas_pick,
                                .issued = tbas_issued,
                                .launch = tbas_launch,
                                .exit = tbas_exit,
                                .reason = tbas_reason,
                                .open = tbas_open,
                                .close = tbas_close,
                                .cycle = tbas_cycle};
