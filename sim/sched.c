/* sched.c - warp scheduling policies (sm.h's sched_ops_t; docs/sim.md
 * "Warp schedulers"). Each scheduler owns the warp slots w with
 * w % sm.schedulers == its index; its list holds its live warps oldest first
 * (blocks dispatched earlier, then lower warp ids). */
#include <string.h>

#include "sm.h"

/* LRR: loose round-robin, starting after the warp issued last. */
static unsigned lrr_order(sm_t *sm, unsigned k, uint8_t *out)
{
    sched_t *s = &sm->sched[k];
    unsigned n = s->n, start = 0;
    for (unsigned i = 0; i < n; i++)
        if (s->list[i] == s->last) {
            start = i + 1;
            break;
        }
    for (unsigned i = 0; i < n; i++)
        out[i] = s->list[(start + i) % n];
    return n;
}

static void lrr_issued(sm_t *sm, unsigned k, unsigned w, const inst_t *in)
{
    (void)in;
    sm->sched[k].last = w;
}

/* GTO: greedy, then oldest: the warp issued last while it can, else the oldest. */
static unsigned gto_order(sm_t *sm, unsigned k, uint8_t *out)
{
    sched_t *s = &sm->sched[k];
    unsigned n = 0;
    int last_live = 0;
    for (unsigned i = 0; i < s->n; i++)
        if (s->list[i] == s->last)
            last_live = 1;
    if (last_live)
        out[n++] = (uint8_t)s->last;
    for (unsigned i = 0; i < s->n; i++)
        if (!last_live || s->list[i] != s->last)
            out[n++] = s->list[i];
    return n;
}

/* Two-level: only the first sm.two_level_active warps of the list are
 * scheduled (round-robin among them); a warp that issues a global load goes
 * to the back of the list, letting a pending warp in. */
static unsigned tl_order(sm_t *sm, unsigned k, uint8_t *out)
{
    sched_t *s = &sm->sched[k];
    unsigned n = s->n < sm->cfg->tl_active ? s->n : sm->cfg->tl_active, start = 0;
    for (unsigned i = 0; i < n; i++)
        if (s->list[i] == s->last) {
            start = i + 1;
            break;
        }
    for (unsigned i = 0; i < n; i++)
        out[i] = s->list[(start + i) % n];
    return n;
}

static void tl_issued(sm_t *sm, unsigned k, unsigned w, const inst_t *in)
{
    sched_t *s = &sm->sched[k];
    s->last = w;
    if (in->cls != OP_LDG && in->cls != OP_LDL)
        return;
    for (unsigned i = 0; i < s->n; i++)
        if (s->list[i] == w) {
            memmove(&s->list[i], &s->list[i + 1], s->n - i - 1);
            s->list[s->n - 1] = (uint8_t)w;
            return;
        }
}

const sched_ops_t sched_lrr = {"lrr", lrr_order, lrr_issued};
const sched_ops_t sched_gto = {"gto", gto_order, lrr_issued};
const sched_ops_t sched_two_level = {"two-level", tl_order, tl_issued};
