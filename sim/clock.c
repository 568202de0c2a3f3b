/* clock.c - exact multi-domain clock stepping (clock.h). */
#include "clock.h"

void clocks_init(clocks_t *c, const uint64_t khz[CLK_N])
{
    for (int d = 0; d < CLK_N; d++) {
        c->f[d] = khz[d];
        c->cycle[d] = 0;
    }
}

/* Edge k of domain d is at k / f[d]; edge 0 of every domain is at time 0. */
unsigned clocks_step(clocks_t *c)
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
            c->cycle[d]++;
    return mask;
}

uint64_t clocks_ps(const clocks_t *c)
{
    /* the last edge taken in the core domain: (cycle - 1) / f[kHz] s = (cycle - 1) * 1e9 / f ps */
    uint64_t k = clocks_now(c, CLK_CORE);
    return (uint64_t)((unsigned __int128)k * 1000000000u / c->f[CLK_CORE]);
}
