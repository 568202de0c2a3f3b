/* sched_lrr.c - loose round-robin: the first warp that can issue, starting
 * after the one issued last (sched.h; docs/sim.md "Warp schedulers"). */
#include "core/sched.h"
#include "core/sm.h"

static int lrr_pick(sm_t *sm, unsigned k, uint64_t now)
{
    sched_t *s = &sm->sched[k];
    return sched_first_ready(sm, s->list, s->n, sched_after(s->list, s->n, s->last), now);
}

static void lrr_issued(sm_t *sm, unsigned k, unsigned w, const sinst_t *in, uint32_t mask, uint32_t rec)
{
    (void)in, (void)mask, (void)rec;
    sm->sched[k].last = w;
}

static const char *lrr_reason(sm_t *sm, unsigned k, unsigned w)
{
    (void)sm, (void)k, (void)w;
    return "rr";   /* the first ready warp after the last */
}

const sched_ops_t sched_lrr = {.pick = lrr_pick, .issued = lrr_issued, .reason = lrr_reason};
