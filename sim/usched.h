/* usched.h - the run loop's schedule of one clock domain's units (the SMs,
 * the L2 slices, the DRAM channels): which run at an edge, and the earliest
 * edge at which one may, without a scan of them all (gpu.c, domain_edge).
 *
 * Each unit's next cycle (its X_next, next[i]) is filed when it has run:
 * less than 64 cycles ahead of that edge, in a wheel of 64 one-cycle slots,
 * each a bit mask of the units due then; further ahead (a sleeper, NEVER),
 * in the far set, whose earliest cycle is kept as a lower bound. A unit
 * woken from another domain (a packet, a fill or a block for it) is marked
 * in `woken` and runs at its domain's next edge. An edge takes its slot's
 * units, the woken ones and, once the far set's earliest cycle has come,
 * its units that are due: exactly the units with next[i] <= now or woken,
 * which are what a scan of next[] gives (tests/unit/test_usched.c checks
 * the two against each other). `min` is a lower bound of the earliest
 * cycle at which a unit is due (0 after a wake): an edge before it has
 * nothing to run.
 *
 * Up to 64 units (a bit each). A domain of more, or a run with run.skip=0,
 * scans next[] at every edge instead; a wake then sets next[i] to 0 too
 * (above 63, only that). */
#ifndef MEMSCHED_SIM_USCHED_H
#define MEMSCHED_SIM_USCHED_H

#include <stdint.h>

#define USCHED_SLOTS 64   /* the wheel's slots: one cycle each */

typedef struct {
    uint64_t *next;                   /* per unit: the cycle it runs next (filed: after the edge that filed it) */
    unsigned n;                       /* units */
    uint64_t min;                     /* no unit is due before this cycle */
    uint64_t woken;                   /* units (0..63) woken since the domain's last edge */
    uint64_t occ;                     /* the slots with a unit */
    uint64_t slot[USCHED_SLOTS];      /* slot t % 64: the units filed at cycle t */
    uint64_t far;                     /* the units filed 64 cycles or more ahead */
    uint64_t far_min;                 /* <= the earliest next of the far units */
} usched_t;

/* n units, every one due at the first edge. 0, or -1 out of memory. */
int usched_init(usched_t *u, unsigned n);
void usched_free(usched_t *u);

/* Unit i runs at its domain's next edge (from another domain). */
static inline void usched_wake(usched_t *u, unsigned i)
{
    if (i < 64)
        u->woken |= 1ull << i;
    else
        u->next[i] = 0;
    u->min = 0;
}

/* Unit i (filed, not woken) filed at cycle t >= now + 1, `now` an edge not
 * yet taken or the last one: in the wheel if no edge before t takes t's
 * slot, else in the far set. */
static inline void usched_put(usched_t *u, unsigned i, uint64_t t, uint64_t now)
{
    const uint64_t b = 1ull << i;
    if (t - now < USCHED_SLOTS) {   /* the edges now .. t - 1 take other slots */
        const unsigned k = (unsigned)(t % USCHED_SLOTS);
        u->slot[k] |= b;
        u->occ |= 1ull << k;
    } else {
        u->far |= b;
        if (t < u->far_min)
            u->far_min = t;
    }
}

/* Unit i out of where it was filed (at next[i]; the far set's bound stays a
 * lower bound). */
static inline void usched_unput(usched_t *u, unsigned i)
{
    const uint64_t b = 1ull << i;
    if (u->far & b) {
        u->far &= ~b;
    } else {
        const unsigned k = (unsigned)(u->next[i] % USCHED_SLOTS);
        if (!(u->slot[k] &= ~b))
            u->occ &= ~(1ull << k);
    }
}

/* Unit i runs at its domain's edge t at the latest (from another domain:
 * what it sent is due there, and the unit, which has not seen it, may be
 * filed later). `now` is the domain's clock: its edges still to run are at
 * now or later (now itself when this clock step's edge has not run yet).
 * t <= now: a wake. Otherwise the unit is filed at t if it was filed later:
 * exactly what its own run would have asked for had the packet been there
 * (the scan path, past 64 units: next[i] lowered). */
static inline void usched_wake_at(usched_t *u, unsigned i, uint64_t t, uint64_t now)
{
    if (t <= now) {
        usched_wake(u, i);
        return;
    }
    if (t < u->min)
        u->min = t;
    if (i >= 64) {
        if (t < u->next[i])
            u->next[i] = t;
        return;
    }
    if ((u->woken >> i & 1) || u->next[i] <= t)
        return;
    usched_unput(u, i);
    u->next[i] = t;
    usched_put(u, i, t, now);
}

/* Where a sender wakes its receivers: units base + k of a schedule (none
 * when u is NULL: a unit run on its own, as the unit tests do). */
typedef struct {
    usched_t *u;
    unsigned base;
} usched_line_t;

static inline void usched_wake_line(usched_line_t l, unsigned k)
{
    if (l.u)
        usched_wake(l.u, l.base + k);
}
static inline void usched_wake_line_at(usched_line_t l, unsigned k, uint64_t t, uint64_t now)
{
    if (l.u)
        usched_wake_at(l.u, l.base + k, t, now);
}

/* Up to 64 units, with skipping: the units due at edge now (>= u->min), taken
 * out of the schedule; each is filed again (usched_file) once it has run. */
static inline uint64_t usched_take(usched_t *u, uint64_t now)
{
    const unsigned s = (unsigned)(now % USCHED_SLOTS);
    const uint64_t at = u->slot[s];
    uint64_t due = at | u->woken, other = u->woken & ~at;
    u->slot[s] = 0;
    u->occ &= ~(1ull << s);
    u->woken = 0;
    if (u->far_min <= now) {   /* a far unit may be due: the set is looked at, its bound made exact */
        uint64_t fm = UINT64_MAX;
        for (uint64_t m = u->far; m; m &= m - 1) {
            const unsigned i = (unsigned)__builtin_ctzll(m);
            if (u->next[i] <= now)
                due |= 1ull << i;
            else if (u->next[i] < fm)
                fm = u->next[i];
        }
        u->far_min = fm;
    }
    other |= due & u->far;
    /* the woken and far ones leave where they were filed (the slot's already have) */
    for (uint64_t m = other; m; m &= m - 1)
        usched_unput(u, (unsigned)__builtin_ctzll(m));
    return due;
}

/* Unit i has run at edge now and set next[i]: filed there (a cycle not after
 * now is the next edge's: it is due again at once). */
static inline void usched_file(usched_t *u, unsigned i, uint64_t now)
{
    uint64_t t = u->next[i];
    if (t <= now)
        t = u->next[i] = now + 1;
    usched_put(u, i, t, now);
}

/* After edge now's units have run and been filed: u->min. */
static inline void usched_settle(usched_t *u, uint64_t now)
{
    uint64_t mn = u->woken ? 0 : u->far_min;
    if (u->occ) {   /* the first slot after now's, the wheel turned so that now + 1's is bit 0 */
        const unsigned k = (unsigned)((now + 1) % USCHED_SLOTS);
        const uint64_t r = (u->occ >> k) | (u->occ << ((USCHED_SLOTS - k) % USCHED_SLOTS));
        const uint64_t t = now + 1 + (uint64_t)__builtin_ctzll(r);
        mn = t < mn ? t : mn;
    }
    u->min = mn;
}

#endif
