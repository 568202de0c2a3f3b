/* sched_gto.c - greedy-then-oldest: the warp issued last while it can
 * issue, else the oldest that can (sched.h; docs/sim.md "Warp schedulers"). */
#include "core/sched.h"
#include "core/sm.h"

static int gto_pick(sm_t *sm, unsigned k, uint64_t now)
{
    sched_t *s = &sm->sched[k];
    if (s->n && sm->warp[s->last].live && (sm->ready >> s->last & 1) && sm_can_issue(sm, s->last, now))
        return (int)s->last;
    return sched_first_ready(sm, s->list, s->n, 0, now);
}

static void gto_issued(sm_t *sm, unsigned k, unsigned w, const sinst_t *in, uint32_t mask, uint32_t rec)
{
    (void)in, (void)mask, (void)rec;
    sm->sched[k].last = w;
}

static const char *gto_reason(sm_t *sm, unsigned k, unsigned w)
{
    return w == sm->sched[k].last ? "greedy" : "oldest";
}

const sched_ops_t sched_gto = {.pick = gto_pick, .issued = gto_issued, .reason = gto_reason};
