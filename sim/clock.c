/* clock.c - exact multi-domain clock stepping (clock.h). */
#include "clock.h"

#include <stdlib.h>

#define PATTERN_MAX (1u << 20)
#define JUMP_MAX (1u << 14)   /* clocks_jump's tables: at most 5 x JUMP_MAX words of 32 bits */

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static void free_jump(clocks_t *c)
{
    free(c->ecount);
    c->ecount = NULL;
    for (int d = 0; d < CLK_N; d++) {
        free(c->epos[d]);
        c->epos[d] = NULL;
    }
}

void clocks_init(clocks_t *c, const uint64_t khz[CLK_N])
{
    uint64_t g = 0, edges = 0;
    for (int d = 0; d < CLK_N; d++) {
        c->f[d] = khz[d];
        c->cycle[d] = 0;
        c->now[d] = 0;
        g = gcd(g, khz[d]);
    }
    c->pattern = NULL;
    c->plen = c->ppos = 0;
    c->hp = 0;
    c->ecount = NULL;
    for (int d = 0; d < CLK_N; d++)
        c->epos[d] = NULL;
    for (int d = 0; d < CLK_N; d++)
        edges += khz[d] / g;
    if (edges > PATTERN_MAX || !(c->pattern = malloc(edges)))
        return;
    /* One hyperperiod: every domain takes f / g edges; then all are back in phase. */
    clocks_t t = *c;
    t.pattern = NULL;
    for (;;) {
        int done = 1;
        for (int d = 0; d < CLK_N; d++)
            done &= t.cycle[d] == khz[d] / g;
        if (done)
            break;
        c->pattern[c->plen++] = (uint8_t)clocks_step_exact(&t);
    }
    if (c->plen > JUMP_MAX || !(c->ecount = malloc((size_t)c->plen * CLK_N * sizeof *c->ecount)))
        return;
    for (int d = 0; d < CLK_N; d++) {
        c->per[d] = (uint32_t)(khz[d] / g);
        if (!(c->epos[d] = malloc(c->per[d] * sizeof *c->epos[d]))) {
            free_jump(c);
            return;
        }
    }
    uint32_t n[CLK_N] = {0};
    for (unsigned p = 0; p < c->plen; p++) {
        for (int d = 0; d < CLK_N; d++) {
            c->ecount[(size_t)p * CLK_N + d] = n[d];
            if (c->pattern[p] >> d & 1)
                c->epos[d][n[d]++] = p;
        }
    }
}

void clocks_free(clocks_t *c)
{
    free(c->pattern);
    c->pattern = NULL;
    free_jump(c);
}

/* Edge k of domain d is at k / f[d]; edge 0 of every domain is at time 0. */
unsigned clocks_step_exact(clocks_t *c)
{
    int best = 0;
    for (int d = 1; d < CLK_N; d++) {
        /* next(d) < next(best)  <=>  cycle[d] / f[d] < cycle[best] / f[best] */
        unsigned __int128 a = (unsigned __int128)c->cycle[d] * c->f[best];
        unsigned __int128 b = (unsigned __int128)c->cycle[best] * c->f[d];
        if (a < b)
            best = d;
    }
    unsigned mask = 0;
    for (int d = 0; d < CLK_N; d++) {
        unsigned __int128 a = (unsigned __int128)c->cycle[d] * c->f[best];
        unsigned __int128 b = (unsigned __int128)c->cycle[best] * c->f[d];
        if (a == b)
            mask |= 1u << d;
    }
    for (int d = 0; d < CLK_N; d++)
        if (mask & (1u << d))
            c->now[d] = c->cycle[d]++;
    return mask;
}

uint64_t clocks_ps(const clocks_t *c)
{
    /* the last edge taken in the core domain: (cycle - 1) / f[kHz] s = (cycle - 1) * 1e9 / f ps */
    uint64_t k = clocks_now(c, CLK_CORE);
    return (uint64_t)((unsigned __int128)k * 1000000000u / c->f[CLK_CORE]);
}
