/* l1.h - the L1 data cache of one SM: sets x ways, LRU, allocate on miss (or
 * on fill), write-evict and no write-allocate, MSHRs with a merge limit, a
 * miss queue towards the crossbar, a bypass path. One access per core cycle
 * (the SM's memory pipeline); a refused access is retried by the pipeline.
 *
 * Completions come out as the tags (load records) of the SM's loads: a hit
 * after the hit latency, a miss when its line's reply arrives. */
#ifndef MEMSCHED_SIM_L1_H
#define MEMSCHED_SIM_L1_H

#include "mem/cache.h"
#include "io/config.h"
#include "mem/queue.h"
#include "mem/lineset.h"
#include "mem/pages.h"

typedef enum { L1_HIT, L1_MISS, L1_MERGED, L1_SENT, L1_FAIL } l1_res_t;

typedef struct {
    const config_t *cfg;
    tags_t tags;
    mshr_t mshr;
    rq_t mq;                 /* miss queue: requests for the crossbar (ready = core cycle) */
    /* completed load tags, ready at a core cycle: hits (after the hit latency)
     * and fills (at once), each ring in time order */
    struct l1_done {
        uint32_t *tag;
        uint64_t *at;
        unsigned cap, head, n;
    } hits, fills;
    cache_stats_t st;
    int fail_reason;         /* RF_* of the last L1_FAIL */
    lineset_t pf_lost;       /* prefetched lines that left unread (cache_stats_t.pf_early_demanded) */
    lineset_t held;          /* l1.classify: every line the L1D has fetched */
    int evicted;             /* the last l1_access or l1_fill evicted a valid line ... */
    uint64_t victim;         /* ... this one (the warp schedulers' feedback) */
    const pages_t *pages;    /* mem.page_policy=temp: the colours (local requests counted), else NULL */
} l1_t;

int  l1_init(l1_t *l, const config_t *cfg);
void l1_free(l1_t *l);
/* One access from the memory pipeline at core cycle `now`. r->type, line,
 * tag (the load record), sm, sub, t_core, t_dram are set by the caller. */
l1_res_t l1_access(l1_t *l, req_t *r, uint64_t now);
/* Whether l1_access would refuse r now, and why: its RF_* reason, or -1 if
 * it would take it (hit, merge, miss or send); l1_access's own decision, as
 * a query that changes nothing. The SM foresees a refusal with it (sm.c,
 * foresee_refusal). */
int l1_refusal(const l1_t *l, const req_t *r);
/* The MRPB's bypass path: read r (type REQ_RD) to the L2 without the L1D:
 * L1_SENT, or L1_FAIL while the miss queue is full. */
l1_res_t l1_bypass(l1_t *l, req_t *r, uint64_t now);
/* A prefetch of `line` for SM `sm` (mem/prefetch.h): L1_SENT, or L1_HIT
 * when the line is there or on its way (nothing to do), or L1_FAIL when no
 * MSHR entry, miss-queue slot or way is free (it is dropped, not retried).
 * It fills the line and wakes no load; a later read of the line merges
 * into its MSHR entry like any pending miss. */
l1_res_t l1_prefetch(l1_t *l, uint64_t line, unsigned sm, uint64_t now, uint64_t dram_now);
/* A reply from the crossbar (a read's line, or an atomic's result). */
void l1_fill(l1_t *l, const req_t *r, uint64_t now);
/* Invalidate every valid line (l1.flush; reserved lines, fills on their way, stay). */
void l1_flush(l1_t *l);
/* A store's or reduction's acknowledgement passed through (sm.store_ack): a reply received. */
static inline void l1_ack(l1_t *l) { l->st.replies++; }
/* The next completed load tag at `now`, or -1. */
static inline int64_t l1_done_pop(struct l1_done *d, uint64_t now)
{
    if (!d->n || d->at[d->head] > now)
        return -1;
    uint32_t t = d->tag[d->head];
    if (++d->head == d->cap)
        d->head = 0;
    d->n--;
    return t;
}
static inline int64_t l1_done(l1_t *l, uint64_t now)
{
    int64_t t = l1_done_pop(&l->fills, now);
    return t >= 0 ? t : l1_done_pop(&l->hits, now);
}
/* Nothing in flight (MSHRs, miss queue, completions). */
static inline int l1_idle(const l1_t *l) { return !l->mshr.used && rq_empty(&l->mq) && !l->hits.n && !l->fills.n; }

#endif
