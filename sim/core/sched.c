/* sched.c - warp scheduling policies (sm.h's sched_ops_t; docs/sim.md
 * "Warp schedulers"). Each scheduler owns the warp slots w with
 * w % sm.schedulers == its index; its list holds its live warps oldest first
 * (blocks dispatched earlier, then lower warp ids). */
#include <string.h>

#include "core/sm.h"

/* The first warp of list[from], list[from + 1], ... (cyclically, n of them) that can issue. */
static int first_ready(sm_t *sm, const uint8_t *list, unsigned n, unsigned from, uint64_t now)
{
    for (unsigned i = 0, j = from; i < n; i++, j = j + 1 == n ? 0 : j + 1)
        if (sm_can_issue(sm, list[j], now))
            return list[j];
    return -1;
}

/* The position after the last warp issued in the first n of the list (0 if not there). */
static unsigned after_last(const sched_t *s, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (s->list[i] == s->last)
            return i + 1 == n ? 0 : i + 1;
    return 0;
}

/* LRR: loose round-robin, starting after the warp issued last. */
static int lrr_pick(sm_t *sm, unsigned k, uint64_t now)
{
    sched_t *s = &sm->sched[k];
    return first_ready(sm, s->list, s->n, after_last(s, s->n), now);
}

static void note_last(sm_t *sm, unsigned k, unsigned w, const inst_t *in)
{
    (void)in;
    sm->sched[k].last = w;
}

/* GTO: greedy, then oldest: the warp issued last while it can issue, else the oldest that can. */
static int gto_pick(sm_t *sm, unsigned k, uint64_t now)
{
    sched_t *s = &sm->sched[k];
    if (s->n && sm->warp[s->last].live && (sm->ready >> s->last & 1) && sm_can_issue(sm, s->last, now))
        return (int)s->last;
    return first_ready(sm, s->list, s->n, 0, now);
}

/* Two-level: only the first sm.two_level_active warps of the list are
 * scheduled (round-robin among them); a warp that issues a global or local
 * load, an atomic, a barrier or a fence goes to the back of the list,
 * letting a pending warp in. A warp waiting at a barrier is not in the
 * active set (as with sm.swl): the warps of its block that have still to
 * reach the barrier must be able to run, or a set full of waiting warps
 * would never be released. */
static int tl_pick(sm_t *sm, unsigned k, uint64_t now)
{
    sched_t *s = &sm->sched[k];
    uint8_t act[SM_MAX_WARPS];
    unsigned n = 0;
    for (unsigned i = 0; i < s->n && n < sm->cfg->tl_active; i++)
        if (!sm->warp[s->list[i]].at_bar)
            act[n++] = s->list[i];
    unsigned from = 0;
    for (unsigned i = 0; i < n; i++)
        if (act[i] == s->last) {
            from = i + 1 == n ? 0 : i + 1;
            break;
        }
    return first_ready(sm, act, n, from, now);
}

static void tl_issued(sm_t *sm, unsigned k, unsigned w, const inst_t *in)
{
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

const sched_ops_t sched_lrr = {"lrr", lrr_pick, note_last};
const sched_ops_t sched_gto = {"gto", gto_pick, note_last};
const sched_ops_t sched_two_level = {"two-level", tl_pick, tl_issued};
