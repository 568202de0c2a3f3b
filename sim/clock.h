/* clock.h - clock domains stepped exactly: each domain's k-th edge is at
 * time k / f; the next edge over all domains is found by comparing
 * (k_a + 1) * f_b with (k_b + 1) * f_a in 128-bit integers, so no rounding
 * accumulates over any run length. Domains whose edges coincide tick in the
 * same step, in index order (core, icnt, L2, DRAM). */
#ifndef MEMSCHED_SIM_CLOCK_H
#define MEMSCHED_SIM_CLOCK_H

#include <stddef.h>
#include <stdint.h>

enum { CLK_CORE, CLK_ICNT, CLK_L2, CLK_DRAM, CLK_N };

typedef struct {
    uint64_t f[CLK_N];       /* kHz */
    uint64_t cycle[CLK_N];   /* edges taken so far in each domain */
    uint64_t now[CLK_N];     /* clocks_now of each domain (cycle - 1, 0 before its first edge), kept
                                as the counters move: the run loop reads it at every step */
    /* The edges repeat every 1 / gcd(f) (a hyperperiod): its sequence of
     * step masks, replayed (NULL when the period is too long: computed). */
    uint8_t *pattern;
    unsigned plen, ppos;
    uint64_t hp;             /* hyperperiods replayed whole (the pattern's wraps; clocks_jump) */
    /* For clocks_jump (NULL: a pattern longer than JUMP_MAX steps): each
     * domain's edges per hyperperiod, the pattern step of its j-th edge, and
     * at each pattern step p the edges every domain has taken in steps 0..p-1
     * (ecount[p * CLK_N + d]). */
    uint32_t per[CLK_N];
    uint32_t *epos[CLK_N];
    uint32_t *ecount;
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
    if (++c->ppos == c->plen) {
        c->ppos = 0;
        c->hp++;
    }
    for (int d = 0; d < CLK_N; d++) {   /* (every domain, without a branch: which tick varies step by step) */
        const uint64_t t = m >> d & 1;
        c->now[d] = t ? c->cycle[d] : c->now[d];
        c->cycle[d] += t;
    }
    return m;
}
/* The mask clocks_step will return next, without taking the step; only
 * with a replayed pattern (clocks_t.pattern set: callers check). */
static inline unsigned clocks_peek(const clocks_t *c) { return c->pattern[c->ppos]; }
/* Take at once every step before the one holding edge k of domain d
 * (k >= cycle[d]): afterwards cycle[d] == k and clocks_step takes that edge,
 * every counter and the pattern position as that many clocks_step calls
 * leave them. Only with clocks_t.ecount set (callers check). */
static inline void clocks_jump(clocks_t *c, int d, uint64_t k)
{
    /* edge k's hyperperiod q and index r in it, from the current one (hp:
     * k >= cycle[d] >= hp * per[d]); a division only past the next */
    const uint64_t per = c->per[d];
    uint64_t q = c->hp, r = k - q * per;
    if (r >= per) {
        r -= per;
        q++;
        if (r >= per) {
            q += r / per;
            r %= per;
        }
    }
    c->hp = q;
    const uint32_t p = c->epos[d][r];
    const uint32_t *n = &c->ecount[(size_t)p * CLK_N];
    for (int e = 0; e < CLK_N; e++) {
        c->cycle[e] = q * c->per[e] + n[e];
        c->now[e] = c->cycle[e] ? c->cycle[e] - 1 : 0;
    }
    c->ppos = p;
}
/* Edge ka of domain a comes before edge kb of domain b (ka / f_a < kb / f_b). */
static inline int clocks_before(const clocks_t *c, int a, uint64_t ka, int b, uint64_t kb)
{
    return (unsigned __int128)ka * c->f[b] < (unsigned __int128)kb * c->f[a];
}
/* The current (last taken) cycle of domain d: the edge being processed. */
static inline uint64_t clocks_now(const clocks_t *c, int d) { return c->now[d]; }
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
