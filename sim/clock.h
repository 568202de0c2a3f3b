/* clock.h - clock domains stepped exactly: each domain's k-th edge is at
 * time k / f; the next edge over all domains is found by comparing
 * (k_a + 1) * f_b with (k_b + 1) * f_a in 128-bit integers, so no rounding
 * accumulates over any run length. Domains whose edges coincide tick in the
 * same step, in index order (core, icnt, L2, DRAM). */
#ifndef MEMSCHED_SIM_CLOCK_H
#define MEMSCHED_SIM_CLOCK_H

#include <stdint.h>

enum { CLK_CORE, CLK_ICNT, CLK_L2, CLK_DRAM, CLK_N };

typedef struct {
    uint64_t f[CLK_N];       /* kHz */
    uint64_t cycle[CLK_N];   /* edges taken so far in each domain */
    /* The edges repeat every 1 / gcd(f) (a hyperperiod): its sequence of
     * step masks, replayed (NULL when the period is too long: computed). */
    uint8_t *pattern;
    unsigned plen, ppos;
} clocks_t;

void clocks_init(clocks_t *c, const uint64_t khz[CLK_N]);
void clocks_free(clocks_t *c);
/* Take the next edge(s): returns a bit mask of the domains that tick now
 * (their cycle counters are already advanced: the edge being processed is
 * cycle[d] - 1 ... callers use clocks_now). The replayed pattern here (the
 * run loop takes a step per edge); clocks_step_exact computes the step. */
unsigned clocks_step_exact(clocks_t *c);
static inline unsigned clocks_step(clocks_t *c)
{
    if (!c->pattern)
        return clocks_step_exact(c);
    unsigned m = c->pattern[c->ppos];
    if (++c->ppos == c->plen)
        c->ppos = 0;
    for (unsigned x = m; x; x &= x - 1)   /* the domains that tick: one or two */
        c->cycle[__builtin_ctz(x)]++;
    return m;
}
/* The mask clocks_step will return next, without taking the step; only
 * with a replayed pattern (clocks_t.pattern set: callers check). */
static inline unsigned clocks_peek(const clocks_t *c) { return c->pattern[c->ppos]; }
/* The current (last taken) cycle of domain d: the edge being processed. */
static inline uint64_t clocks_now(const clocks_t *c, int d) { return c->cycle[d] ? c->cycle[d] - 1 : 0; }
/* The first edge of a domain of f_to kHz at which a domain of f_from kHz
 * has reached its cycle k (clocks_now of the one at the other's edge t is
 * floor(t * f_from / f_to), edges of both at time k / f): ceil(k * f_to /
 * f_from). A unit that waits for another domain's cycle k sleeps until it. */
static inline uint64_t clocks_first_edge(uint64_t k, uint64_t f_from, uint64_t f_to)
{
    if (f_from == f_to)
        return k;
    return (uint64_t)(((unsigned __int128)k * f_to + f_from - 1) / f_from);
}
/* Time of the last edge in picoseconds (reporting only; rounds). */
uint64_t clocks_ps(const clocks_t *c);

#endif
