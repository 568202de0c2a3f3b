/* l1.c - the L1 data cache (l1.h; docs/sim.md "L1D"). */
#include "mem/l1.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem/addrmap.h"
#include "mod.h"

/* The set of a line (l1.index). */
static inline unsigned l1_set(const l1_t *l, uint64_t line)
{
    return l->cfg->l1_index == INDEX_LINEAR ? mod_p2(line, l->tags.sets)
                                             : cache_set_index(l->cfg->l1_index, line, l->tags.sets);
}

/* Cycles from an access to its request leaving the L1D for the crossbar: the
 * next cycle, or with l1.miss_latency the L1's latency (GPGPU-Sim 4 looks
 * the tags up at the end of its latency queue). */
static inline unsigned l1_out(const l1_t *l) { return l->cfg->l1_miss_lat ? l->cfg->l1_lat : 1; }

/* The replies a read or atomic gets: one, or from a sectored L2 one per sector. */
static inline unsigned replies_of(const l1_t *l, const req_t *r)
{
    return l->cfg->l2_sectored ? (unsigned)__builtin_popcount(r->sect) : 1u;
}

void l1_flush(l1_t *l)
{
    for (unsigned i = 0; i < l->tags.sets * l->tags.ways; i++)
        if (l->tags.l[i].state == LINE_V)
            tags_invalidate(&l->tags, &l->tags.l[i]);
}

static int done_init(struct l1_done *d, unsigned cap)
{
    d->cap = cap;
    d->head = d->n = 0;
    d->tag = calloc(cap, sizeof *d->tag);
    d->at = calloc(cap, sizeof *d->at);
    return d->tag && d->at ? 0 : -1;
}

static void done_free(struct l1_done *d)
{
    free(d->tag);
    free(d->at);
}

int l1_init(l1_t *l, const config_t *cfg)
{
    memset(l, 0, sizeof *l);   /* counters from zero, whoever allocated it */
    l->cfg = cfg;
    /* hits: one access per cycle, each done after the hit latency;
     * fills: every MSHR entry's waiters, plus the direct replies */
    if (done_init(&l->hits, cfg->l1_lat + 2) || done_init(&l->fills, cfg->l1_mshr * cfg->l1_merge + 64) ||
        tags_init(&l->tags, cfg->l1_sets, cfg->l1_ways, repl_table[cfg->l1_repl]) || mshr_init(&l->mshr, cfg->l1_mshr, cfg->l1_merge) ||
        rq_init(&l->mq, cfg->l1_mq))
        return -1;
    return 0;
}

void l1_free(l1_t *l)
{
    tags_free(&l->tags);
    mshr_free(&l->mshr);
    rq_free(&l->mq);
    done_free(&l->hits);
    done_free(&l->fills);
    lineset_free(&l->pf_lost);
    lineset_free(&l->held);
}

static void oom(const char *what)
{
    fprintf(stderr, "memsched: out of memory (%s)\n", what);
    abort();
}

/* l1.classify: a fetch of `line` (a miss or a prefetch); for a read miss, is
 * it the line's first? */
static void held(l1_t *l, uint64_t line, int read_miss)
{
    if (!l->cfg->l1_classify)
        return;
    if (read_miss) {
        if (lineset_take(&l->held, line))
            l->st.miss_again++;
        else
            l->st.miss_cold++;
    }
    if (lineset_add(&l->held, line))
        oom("the L1D's lines held");
}

/* A prefetched line leaves unread (evicted, or invalidated by a store): an
 * early eviction, remembered until a demand read misses on it. */
static void pf_lost(l1_t *l, cline_t *c)
{
    if (!c->pf)
        return;
    c->pf = 0;
    l->st.pf_early++;
    if (lineset_add(&l->pf_lost, c->line))
        oom("the L1D's lost prefetches");
}

/* The SM drains both rings every cycle, so they never overflow (abort if a
 * change breaks that: a lost completion would hang a warp silently). */
static void done_push(struct l1_done *d, uint32_t tag, uint64_t at)
{
    if (d->n == d->cap)
        abort();
    unsigned i = d->head + d->n;
    if (i >= d->cap)
        i -= d->cap;
    d->tag[i] = tag;
    d->at[i] = at;
    d->n++;
}

static l1_res_t fail(l1_t *l, int why)
{
    l->st.resfail[why]++;
    l->fail_reason = why;
    return L1_FAIL;
}

/* Where request r goes (mapped once, when it leaves the SM), and whether it
 * goes to a bank of its SM's colour (mem.page_policy=temp). */
static void out_map(l1_t *l, req_t *r)
{
    req_map(l->cfg, r);
    if (l->pages) {
        l->st.mem_reqs++;
        l->st.mem_local += (uint64_t)pages_local(l->pages, r->line, r->sm);
    }
}

/* (the miss queue has room: decide) */
static l1_res_t send(l1_t *l, req_t *r, uint64_t now)
{
    r->t_core = now;
    out_map(l, r);
    rq_push(&l->mq, r, now + (r->type == REQ_WR ? l1_out(l) : 1));   /* bypassing loads and atomics: next cycle */
    l->st.sent += r->type == REQ_RD || r->type == REQ_ATOM ? replies_of(l, r) : l->cfg->store_ack;
    return L1_SENT;
}

/* The MRPB's bypass path: a read for the L2, uncached (it fills no line; the
 * reply goes straight to its load record). Not an L1D access: refused only
 * while the miss queue it shares is full, and not counted as a reservation
 * fail (the MRPB counts its bypasses). */
l1_res_t l1_bypass(l1_t *l, req_t *r, uint64_t now)
{
    if (rq_full(&l->mq))
        return L1_FAIL;
    r->direct = 1;
    r->t_core = now;
    out_map(l, r);
    rq_push(&l->mq, r, now + 1);
    l->st.sent += replies_of(l, r);
    return L1_SENT;
}

/* A miss's (or a prefetch's) fetch, once MSHR entry m is taken: way v
 * (NULL: allocation on fill) is reserved for q's line, evicting a valid line,
 * and q goes to the miss queue with m as its tag. */
static void fetch(l1_t *l, cline_t *v, req_t *q, int m)
{
    if (v) {
        if (v->state == LINE_V) {
            l->st.evictions++;
            l->evicted = 1;
            l->victim = v->line;
            pf_lost(l, v);
        }
        v->pf = 0;
        v->hit = 0;
        tags_set(&l->tags, v, LINE_R, q->line);
        v->mshr = (uint16_t)m;
        tags_reset(&l->tags, v);
    }
    q->tag = (uint32_t)m;
    /* a sectored L2 answers each sector of the line on its own */
    l->mshr.e[m].left = l->cfg->l2_sectored ? (unsigned)__builtin_popcount(q->sect) : 1;
    out_map(l, q);
    rq_push(&l->mq, q, q->t_core + l1_out(l));
    l->st.sent += l->mshr.e[m].left;
}

/* What l1_access does with r, decided before any of its effects (l1_refusal
 * asks the same): uncached, r goes to the L2 (a store, an atomic, a bypassed
 * load); else c is its line (NULL: none; valid: a hit), m the MSHR entry
 * fetching it (-1: none) and on_fill whether a miss takes its way only when
 * filled (else a way is free for it: tags_victim finds it). why: the
 * refusal's RF_* reason, in l1_access's order, or -1. */
typedef struct {
    int uncached, on_fill;
    cline_t *c;
    int m;
    int why;
} l1_dec_t;

static inline l1_dec_t decide(const l1_t *l, const req_t *r, unsigned set)
{
    l1_dec_t d = {.uncached = r->type != REQ_RD || l->cfg->l1_bypass, .m = -1, .why = -1};
    if (d.uncached) {
        if (rq_full(&l->mq))
            d.why = RF_MISS_QUEUE;
        return d;
    }
    d.on_fill = alloc_at_fill[l->cfg->l1_alloc];
    d.c = tags_find(&l->tags, set, r->line);
    if (d.c && d.c->state == LINE_V)
        return d;
    d.m = d.c ? d.c->mshr : (d.on_fill ? mshr_find(&l->mshr, r->line) : -1);
    if (d.m >= 0) {   /* the line is being fetched: a merge */
        if (l->mshr.e[d.m].n == l->mshr.merge)
            d.why = RF_MSHR_MERGE;
        return d;
    }
    if (!d.on_fill && !tags_can_alloc(&l->tags, set))
        d.why = RF_LINE_ALLOC;
    else if (rq_full(&l->mq))
        d.why = RF_MISS_QUEUE;
    else if (!l->mshr.nfree)
        d.why = RF_MSHR_ENTRY;
    return d;
}

int l1_refusal(const l1_t *l, const req_t *r) { return decide(l, r, l1_set(l, r->line)).why; }

/* Stores: write-evict (a hit invalidates the line) or write-through (a hit
 * updates it; l1.write), no write-allocate; the write goes to the L2. Atomics and bypassed loads go to the L2 too. */
l1_res_t l1_access(l1_t *l, req_t *r, uint64_t now)
{
    unsigned set = l1_set(l, r->line);
    int t = r->type;
    l->evicted = 0;
    const l1_dec_t d = decide(l, r, set);
    if (d.why >= 0)
        return fail(l, d.why);
    if (d.uncached) {
        l1_res_t res = send(l, r, now);
        if (res == L1_SENT) {
            l->st.acc[t]++;
            cline_t *c = t == REQ_RD ? NULL : tags_find(&l->tags, set, r->line);
            if (c && c->state == LINE_V) {
                if (t == REQ_WR && l->cfg->l1_write == L1_WRITE_THROUGH)
                    tags_touch(&l->tags, c);        /* the line is updated and stays */
                else {
                    pf_lost(l, c);
                    tags_invalidate(&l->tags, c);   /* write-evict (atomics and reductions always) */
                }
                l->st.hit[t]++;
            } else {
                l->st.miss[t]++;
            }
        }
        return res;
    }
    cline_t *c = d.c;
    if (c && c->state == LINE_V) {
        tags_touch(&l->tags, c);
        l->st.acc[t]++;
        l->st.hit[t]++;
        l->st.pf_useful += c->pf;
        c->pf = 0;
        if (l->cfg->l1_classify) {
            l->st.hit_after_hit += c->hit;
            l->st.hit_after_miss += !c->hit;
            c->hit = 1;
        }
        done_push(&l->hits, r->tag, now + l->cfg->l1_lat);
        return L1_HIT;
    }
    int m = d.m;
    if (m >= 0) {   /* the line is being fetched */
        mshr_merge(&l->mshr, m, r->tag);   /* (a slot is free: decide) */
        l->st.acc[t]++;
        l->st.pending_hit++;
        l->st.pf_late += l->mshr.e[m].pf;
        l->mshr.e[m].pf = 0;
        if (c)
            c->pf = 0;
        return L1_MERGED;
    }
    m = mshr_alloc(&l->mshr, r->line, r->tag);   /* (an entry is free: decide) */
    req_t q = *r;
    q.direct = 0;
    q.sect = SECT_ALL;   /* a miss fetches the whole line */
    q.t_core = now;
    fetch(l, d.on_fill ? NULL : tags_victim(&l->tags, set), &q, m);
    l->st.acc[t]++;
    l->st.miss[t]++;
    l->st.pf_early_demanded += (uint64_t)lineset_take(&l->pf_lost, r->line);
    held(l, r->line, 1);
    return L1_MISS;
}

l1_res_t l1_prefetch(l1_t *l, uint64_t line, unsigned sm, uint64_t now, uint64_t dram_now)
{
    unsigned set = l1_set(l, line);
    int on_fill = alloc_at_fill[l->cfg->l1_alloc];
    l->evicted = 0;
    if (tags_find(&l->tags, set, line) || (on_fill && mshr_find(&l->mshr, line) >= 0)) {
        l->st.pf_redundant++;
        return L1_HIT;
    }
    cline_t *v = NULL;
    if (l->cfg->l1_bypass || (!on_fill && !(v = tags_victim(&l->tags, set))) || rq_full(&l->mq)) {
        l->st.pf_dropped++;
        return L1_FAIL;
    }
    int m = mshr_alloc_empty(&l->mshr, line);
    if (m < 0) {
        l->st.pf_dropped++;
        return L1_FAIL;
    }
    req_t q = {.line = line, .sect = SECT_ALL, .type = REQ_RD, .sm = (uint16_t)sm, .t_core = now, .t_dram = dram_now};
    fetch(l, v, &q, m);
    l->mshr.e[m].pf = 1;
    if (v)
        v->pf = 1;
    held(l, line, 0);
    l->st.pf_issued++;
    return L1_SENT;
}

void l1_fill(l1_t *l, const req_t *r, uint64_t now)
{
    l->st.replies++;
    l->evicted = 0;
    if (r->direct) {
        done_push(&l->fills, r->tag, now);
        return;
    }
    mshr_entry_t *e = &l->mshr.e[r->tag];
    if (--e->left)
        return;   /* more sectors to come */
    unsigned set = l1_set(l, e->line);
    cline_t *c;
    if (alloc_at_fill[l->cfg->l1_alloc]) {
        c = tags_victim(&l->tags, set);   /* never NULL: no line is ever reserved */
        if (c->state == LINE_V) {
            l->st.evictions++;
            l->evicted = 1;
            l->victim = c->line;
            pf_lost(l, c);
        }
        tags_reset(&l->tags, c);
        c->pf = e->pf;
        c->hit = 0;
    } else {
        c = tags_find(&l->tags, set, e->line);
        tags_touch(&l->tags, c);
    }
    tags_set(&l->tags, c, LINE_V, e->line);
    l->st.fills++;
    for (unsigned i = 0; i < e->n; i++)
        done_push(&l->fills, e->wait[i], now);
    mshr_release(&l->mshr, (int)r->tag);
}
