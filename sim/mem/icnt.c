/* icnt.c - the crossbar (icnt.h; docs/sim.md "Crossbar"). */
#include "mem/icnt.h"

#include <stdlib.h>

#include "mod.h"

int xbar_init(xbar_t *x, unsigned nin, unsigned nout, unsigned lat, unsigned flit, unsigned buf)
{
    x->nin = nin;
    x->nout = nout;
    x->lat = lat;
    x->flit = flit;
    x->rr_m = mod_mul_of(nin ? nin : 1);
    x->st = (icnt_stats_t){0};
    x->wake = (usched_line_t){0};
    x->in = calloc(nin, sizeof *x->in);
    x->in_busy = calloc(nin, sizeof *x->in_busy);
    x->out_busy = calloc(nout, sizeof *x->out_busy);
    x->out = calloc(nout, sizeof *x->out);
    if (!x->in || !x->in_busy || !x->out_busy || !x->out)
        return -1;
    for (unsigned i = 0; i < nout; i++)
        if (rq_init(&x->out[i], buf))
            return -1;
    return 0;
}

void xbar_free(xbar_t *x)
{
    if (x->out)
        for (unsigned i = 0; i < x->nout; i++)
            rq_free(&x->out[i]);
    free(x->in);
    free(x->in_busy);
    free(x->out_busy);
    free(x->out);
}

/* Input i: its head packet through, if its ports are free and its output has room. */
static void offer(xbar_t *x, unsigned i, uint64_t now, uint64_t src_now, int reply)
{
    rq_t *q = x->in[i];
    if (!rq_ready(q, src_now) || x->in_busy[i] > now)
        return;
    req_t *r = rq_head(q);
    unsigned o = reply ? r->sm : r->sub;
    if (x->out_busy[o] > now)
        return;
    if (rq_full(&x->out[o])) {
        x->st.stall_full++;
        return;
    }
    unsigned bytes = req_bytes(r), fl = (bytes + x->flit - 1) / x->flit;
    x->st.wait += src_now - rq_head_ready(q);   /* from timestamps: the same however cycles are stepped */
    x->in_busy[i] = x->out_busy[o] = now + fl;
    rq_push(&x->out[o], r, now + fl - 1 + x->lat);
    usched_wake_line(x->wake, o);
    rq_pop(q);
    x->st.packets++;
    x->st.flits += fl;
    x->st.bytes += bytes;
}

void xbar_cycle(xbar_t *x, uint64_t now, uint64_t src_now, int reply, uint64_t maybe)
{
    /* the round-robin start follows the cycle number, so skipped cycles change nothing */
    unsigned n = x->nin, start = mod_by(now, n, x->rr_m);
    if (n <= 64) {   /* only the inputs that may hold a packet, in the same order */
        uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1;
        maybe &= all;
        uint64_t hi = maybe & (all << start), lo = maybe & ~(all << start);
        for (; hi; hi &= hi - 1)
            offer(x, (unsigned)__builtin_ctzll(hi), now, src_now, reply);
        for (; lo; lo &= lo - 1)
            offer(x, (unsigned)__builtin_ctzll(lo), now, src_now, reply);
        return;
    }
    unsigned i = start;
    for (unsigned k = 0; k < n; k++, i = i + 1 == n ? 0 : i + 1)
        offer(x, i, now, src_now, reply);
}

int xbar_idle(const xbar_t *x)
{
    for (unsigned o = 0; o < x->nout; o++)
        if (!rq_empty(&x->out[o]))
            return 0;
    return 1;
}
