/* sched_two_level.c - two-level scheduling (sched.h; docs/sim.md "Warp
 * schedulers"): only the first sm.two_level_active warps of the list are
 * scheduled, round-robin among them; a warp that issues a global or local
 * load, an atomic, a barrier or a fence goes to the back of the list,
 * letting a pending warp in. A warp waiting at a barrier is not in the
 * active set (as with sm.swl): the warps of its block that have still to
 * reach the barrier must be able to run, or a set full of waiting warps
 * would never be released. */
#include <string.h>

#include "core/sched.h"
#include "core/sm.h"

static int tl_pick(sm_t *sm, unsigned k, uint64_t now)
{
    sched_t *s = &sm->sched[k];
    uint8_t act[SM_MAX_WARPS];
    unsigned n = 0;
    for (unsigned i = 0; i < s->n && n < sm->cfg->tl_active; i++)
        if (!sm->warp[s->list[i]].at_bar)
            act[n++] = s->list[i];
    return sched_first_ready(sm, act, n, sched_after(act, n, s->last), now);
}

static void tl_issued(sm_t *sm, unsigned k, unsigned w, const sinst_t *in, uint32_t mask, uint32_t rec)
{
    (void)mask, (void)rec;
    sched_t *s = &sm->sched[k];
    s->last = w;
    /* long waits leave the active set: loads, atomics, barriers, fences */
    if (in->cls != OP_LDG && in->cls != OP_LDL && in->cls != OP_ATOM && in->cls != OP_BAR && in->cls != OP_MEMBAR)
        return;
    for (unsigned i = 0; i < s->n; i++)
        if (s->list[i] == w) {
            memmove(&s->list[i], &s->list[i + 1], s->n - i - 1);
            s->list[s->n - 1] = (uint8_t)w;
            return;
        }
}

static const char *tl_reason(sm_t *sm, unsigned k, unsigned w)
{
    (void)sm, (void)k, (void)w;
    return "rr-active";   /* the first ready warp after the last, in the active set */
}

const sched_ops_t sched_two_level = {.pick = tl_pick, .issued = tl_issued, .reason = tl_reason};
