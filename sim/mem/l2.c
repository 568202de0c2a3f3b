/* l2.c - an L2 sub-partition (l2.h; docs/sim.md "L2"). */
#include "mem/l2.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "block.h"
#include "clock.h"
#include "dram_sched.h"   /* the DRAM policies (a MIB policy runs the mib_l2 block) */
#include "mem/addrmap.h"
#include "mod.h"

/* live_len[k] += d, with its bit in len_mask. */
static inline void live_len_add(l2_t *l, unsigned k, int d)
{
    l->live_len[k] += (unsigned)d;
    if (l->live_len[k])
        l->len_mask |= 1u << k;
    else
        l->len_mask &= ~(1u << k);
}

static int is_mib(const config_t *cfg) { return cfg->policy >= DS_MSHR_M; }

int l2_init(l2_t *l, const config_t *cfg, unsigned id, rq_t *in, const sim_blkopts_t *bo)
{
    memset(l, 0, sizeof *l);
    l->cfg = cfg;
    l->id = id;
    l->in = in;
    l->fill_m = -1;
    l->sub_bits = dram_sub_bits(cfg);
    l->wreq = calloc((size_t)cfg->l2_mshr * cfg->l2_merge, sizeof *l->wreq);
    if (!l->wreq || tags_init(&l->tags, cfg->l2_sets, cfg->l2_ways, repl_table[cfg->l2_repl]) ||
        mshr_init(&l->mshr, cfg->l2_mshr, cfg->l2_merge) || rq_init(&l->mq, cfg->l2_mq) ||
        rq_init(&l->rop, cfg->l2_lat + cfg->l2_inq) || rq_init(&l->reply, cfg->l2_merge + 4) ||
        rq_init(&l->to_dram, cfg->l2_dram_lat + 2) || rq_init(&l->fill, cfg->rdq + cfg->t.nbk * (cfg->bank_q + 2) + 8)) {
        fprintf(stderr, "memsched sim: out of memory\n");
        return -1;
    }
    if (is_mib(cfg)) {
        snprintf(l->label, sizeof l->label, "sim l2.%u", id);
        if (!(l->mib = sim_block_open_cfg(cfg, SIM_MIB_L2, id, l->label, &l->min, &l->mout, bo)))
            return -1;
    }
    return 0;
}

void l2_free(l2_t *l)
{
    sim_block_close(&l->mib);
    tags_free(&l->tags);
    mshr_free(&l->mshr);
    free(l->wreq);
    rq_free(&l->mq);
    rq_free(&l->rop);
    rq_free(&l->reply);
    rq_free(&l->to_dram);
    rq_free(&l->fill);
}

int l2_idle(const l2_t *l)
{
    return !l->mshr.used && rq_empty(&l->mq) && rq_empty(&l->rop) && rq_empty(&l->reply) &&
           rq_empty(&l->to_dram) && rq_empty(&l->fill);
}


/* The set of a request's line: its partition-local line address (the
 * channel block address without the bits that chose the sub-partition,
 * l->sub_bits, as GPGPU-Sim's partition_address; l2.index). */
static inline unsigned l2_set(const l2_t *l, uint64_t blk)
{
    uint64_t pl = blk;
    for (uint64_t m = l->sub_bits; m;) {   /* highest first (at most 2 bits) */
        unsigned p = 63 - (unsigned)__builtin_clzll(m);
        pl = (pl >> (p + 1) << p) | (pl & ((1ull << p) - 1));
        m &= ~(1ull << p);
    }
    return l->cfg->l2_index == INDEX_LINEAR ? mod_p2(pl, l->tags.sets)
                                             : cache_set_index(l->cfg->l2_index, pl, l->tags.sets);
}

unsigned l2_line_set(const l2_t *l, uint64_t blk) { return l2_set(l, blk); }

void l2_memcpy_line(l2_t *l, const req_t *r)
{
    unsigned set = l2_set(l, r->blk);
    cline_t *c = tags_find(&l->tags, set, r->line);
    if (c && c->state != LINE_V)
        return;
    if (c) {
        tags_touch(&l->tags, c);
    } else {
        if (!(c = tags_victim(&l->tags, set)))
            return;   /* every way being filled */
        tags_set(&l->tags, c, LINE_V, r->line);
        c->sp = 0;
        tags_reset(&l->tags, c);
    }
    c->sv = c->sd = SECT_ALL;
    c->dirty = 1;
    l->st.memcpy_lines++;
}

/* Does a request of this type get a reply? Reads and atomics (their data);
 * stores and reductions when acknowledged (sm.store_ack). */
static inline int answered(const config_t *c, unsigned t)
{
    return t == REQ_RD || t == REQ_ATOM || c->store_ack;
}

/* The reply to request r (its data, or a store's acknowledgement). */
static void answer_req(l2_t *l, const req_t *r, uint64_t now)
{
    req_t q = *r;
    q.reply = 1;
    rq_push(&l->reply, &q, now + 1);
}

static uint64_t age15(uint64_t now, uint64_t t0)
{
    uint64_t a = now - t0;
    return a > MIB_AGE_MAX ? MIB_AGE_MAX : a;
}

/* A DRAM fill: the line becomes valid and every request merged into its
 * MSHR entry is answered (as many as the reply queue takes this cycle; the
 * rest in the next cycles). */
static void do_fill(l2_t *l, uint64_t now)
{
    if (!rq_ready(&l->fill, now))
        return;
    if (rq_head(&l->fill)->type == REQ_WR) {   /* the DRAM wrote a store sent on: acknowledge it */
        if (answered(l->cfg, REQ_WR)) {
            if (rq_full(&l->reply))
                return;
            answer_req(l, rq_head(&l->fill), now);
        }
        rq_pop(&l->fill);
        return;
    }
    if (l->fill_m < 0) {
        const req_t *f = rq_head(&l->fill);
        unsigned set = l2_set(l, f->blk);
        cline_t *c = tags_find(&l->tags, set, f->line);   /* reserved: never a victim */
        l->fill_line = c;
        l->fill_addr = f->line;
        if (l->cfg->l2_sectored) {   /* one sector: the line is valid once none is pending */
            unsigned s = (unsigned)__builtin_ctz(f->sect);
            l->fill_bit = (uint8_t)(1u << s);
            l->fill_m = c->smshr[s];
            c->sv |= l->fill_bit;
            c->sp &= (uint8_t)~l->fill_bit;
            tags_set(&l->tags, c, c->sp ? LINE_R : LINE_V, c->line);
        } else {
            l->fill_m = c->mshr;
            tags_set(&l->tags, c, LINE_V, c->line);
            c->sv = SECT_ALL;
        }
        l->st.c.fills++;
        l->st.c.replies++;
    }
    int m = l->fill_m;
    mshr_entry_t *e = &l->mshr.e[m];
    while (l->fill_k < e->n) {
        req_t *w = &l->wreq[(size_t)m * l->cfg->l2_merge + l->fill_k];
        int store = w->type == REQ_WR || w->type == REQ_RED;   /* one acknowledgement per store: a sectored L2's last sector */
        if (answered(l->cfg, w->type) && !w->fwd && (!store || !l->cfg->l2_sectored || w->last)) {
            if (rq_full(&l->reply))
                return;
            answer_req(l, w, now);
        }
        if (w->type != REQ_RD && !w->fwd)
            l->fill_dirty = 1;
        l->fill_k++;
    }
    unsigned n = e->n > 16 ? 16 : e->n;
    l->st.merge_hist[n]++;
    if (l->mib) {
        l->min.release_valid = 1;
        l->min.release_slot = (uint64_t)m;
    }
    /* the line may have been replaced while replies waited: mark it dirty only if still there */
    if (l->fill_dirty && l->fill_line->state != LINE_I && l->fill_line->line == l->fill_addr) {
        l->fill_line->dirty = 1;
        l->fill_line->sd |= l->fill_bit;
    }
    live_len_add(l, n, -1);
    mshr_release(&l->mshr, m);
    l->fill_k = 0;
    l->fill_m = -1;
    l->fill_dirty = 0;
    rq_pop(&l->fill);
}

/* A victim for `set`: write it back first if dirty. NULL if every way is
 * reserved (counted), or if the miss queue cannot take the write-back. */
static cline_t *victim(l2_t *l, unsigned set, unsigned mq_need, uint64_t dram_now, int t)
{
    cline_t *v = tags_victim(&l->tags, set);
    if (!v) {
        l->st.c.resfail[RF_LINE_ALLOC]++;
        return NULL;
    }
    int wb = v->state == LINE_V && v->dirty;
    if (l->mq.n + mq_need + (unsigned)wb > l->mq.cap) {
        l->st.c.resfail[RF_MISS_QUEUE]++;
        return NULL;
    }
    (void)t;
    if (v->state == LINE_V)
        l->st.c.evictions++;
    if (wb) {
        req_t w = {.line = v->line, .sect = l->cfg->l2_sectored ? v->sd : SECT_ALL, .type = REQ_WR, .t_dram = dram_now};
        req_map(l->cfg, &w);
        rq_push(&l->mq, &w, 0);
        l->st.c.writebacks++;
    }
    v->dirty = 0;
    v->sd = v->sp = v->sv = 0;
    return v;
}

/* Merge r into MSHR entry m (the line is being fetched). 0, or -1 when the
 * entry is full (counted). */
static int merge(l2_t *l, int m, const req_t *r, uint64_t dram_now)
{
    const config_t *cfg = l->cfg;
    mshr_entry_t *e = &l->mshr.e[m];
    if (e->n == cfg->l2_merge) {
        l->st.c.resfail[RF_MSHR_MERGE]++;
        return -1;
    }
    const req_t *w = &l->wreq[(size_t)m * cfg->l2_merge];
    unsigned k = 0;
    while (k < e->n && w[k].sm != r->sm)
        k++;
    l->st.merges[r->type != REQ_RD][k == e->n]++;
    l->wreq[(size_t)m * cfg->l2_merge + e->n] = *r;
    live_len_add(l, e->n > 16 ? 16 : e->n, -1);
    mshr_merge(&l->mshr, m, 0);
    live_len_add(l, e->n > 16 ? 16 : e->n, 1);
    if (l->mib) {
        l->min.merge_valid = 1;
        l->min.merge_slot = (uint64_t)m;
        l->min.merge_age = age15(dram_now, r->t_dram);
    }
    return 0;
}

/* Fetch r's line into way v (a victim, or the line itself when it is there
 * but not readable): an MSHR entry with r waiting, the read to the miss
 * queue (the caller checked the room for it). */
static void fetch(l2_t *l, cline_t *v, const req_t *r)
{
    const config_t *cfg = l->cfg;
    int m = mshr_alloc(&l->mshr, r->line, 0);
    live_len_add(l, 1, 1);
    l->wreq[(size_t)m * cfg->l2_merge] = *r;
    if (v->state != LINE_V || v->line != r->line) {   /* a new line */
        tags_set(&l->tags, v, v->state, r->line);
        v->dirty = 0;
        tags_reset(&l->tags, v);
    } else {
        tags_touch(&l->tags, v);
    }
    tags_set(&l->tags, v, LINE_R, v->line);
    v->mshr = (uint16_t)m;
    req_t q = *r;
    q.type = REQ_RD;
    q.sect = SECT_ALL;   /* the whole line */
    q.fwd = 0;
    l->st.c.sent++;
    rq_push(&l->mq, &q, 0);
    if (l->mib) {
        l->min.alloc_valid = 1;
        l->min.alloc_slot = (uint64_t)m;
        l->min.alloc_addr = r->blk & ((1ull << cfg->addr_w) - 1);
    }
}

/* A store missing in the L2 under l2.write_alloc (docs/sim.md "L2"); c is
 * its line if being fetched, else NULL. 1 when it was taken. */
static int write_miss(l2_t *l, req_t *r, cline_t *c, unsigned set, uint64_t now, uint64_t dram_now)
{
    const config_t *cfg = l->cfg;
    int t = r->type, answer = answered(cfg, t);
    unsigned pol = cfg->l2_wfetch;
    if (pol == L2W_FETCH && r->full == SECT_ALL && !c)
        pol = L2W_WHOLE;   /* written whole: nothing to fetch */
    if (pol == L2W_WHOLE || pol == L2W_LAZY) {   /* allocated without a fetch, acknowledged now */
        if (c && pol == L2W_LAZY)
            goto merge;
        if (answer && rq_full(&l->reply))
            return 0;
        int miss = !c;
        if (miss && !(c = victim(l, set, 0, dram_now, t)))
            return 0;
        if (miss) {
            tags_set(&l->tags, c, LINE_V, r->line);
            c->sv = pol == L2W_LAZY ? r->full : SECT_ALL;   /* lazy: what is written whole is readable */
            tags_reset(&l->tags, c);
            l->st.c.miss[t]++;
        } else {   /* whole: a write to a line being fetched dirties it without merging */
            tags_touch(&l->tags, c);
            l->st.c.hit[t]++;
        }
        c->dirty = 1;
        l->st.c.acc[t]++;
        if (answer)
            answer_req(l, r, now);
        return 1;
    }
    if (pol == L2W_NAIVE || pol == L2W_NONE) {   /* the store goes on to the DRAM, which acknowledges it */
        unsigned need = 1 + (pol == L2W_NAIVE && !c);   /* and naive fetches the line */
        if (pol == L2W_NAIVE && !c) {
            if (l->mshr.nfree == 0) {
                l->st.c.resfail[RF_MSHR_ENTRY]++;
                return 0;
            }
            cline_t *v = victim(l, set, need, dram_now, t);
            if (!v)
                return 0;
            c = v;
            tags_set(&l->tags, c, LINE_I, c->line);   /* a new line for fetch() */
        } else if (l->mq.n + need > l->mq.cap) {
            l->st.c.resfail[RF_MISS_QUEUE]++;
            return 0;
        }
        req_t w = *r;
        w.fwd = 1;
        int pending = c && c->state == LINE_R;   /* merged: a pending hit (GPGPU-Sim's HIT_RESERVED) */
        if (pol == L2W_NAIVE) {
            if (pending) {
                if (merge(l, c->mshr, &w, dram_now))
                    return 0;
                l->st.c.pending_hit++;
            } else {
                fetch(l, c, &w);
            }
        }
        rq_push(&l->mq, &w, 0);
        l->st.c.acc[t]++;
        l->st.c.miss[t] += !(pending && pol == L2W_NAIVE);
        return 1;
    }
merge:   /* fetch (partial), lazy to a line being fetched: wait for the line like a read */
    return -1;
}

/* ---- a sectored L2 (l2.sectored; docs/sim.md "L2") ------------------------
 * GPGPU-Sim splits a request into one per 32 B sector at the L2's door; here
 * the head request is looked up a sector a cycle, each sector a request of
 * its own: hit, pending (merged into the sector's MSHR entry), sector miss
 * (the line is there, the sector not: a 32 B DRAM read through an MSHR entry
 * of its own) or miss (a victim line first). Reads and atomics are answered
 * per sector; a store or reduction once, with its last sector. */

/* A sector fetch: MSHR entry for sector s of line c, the 32 B read queued. */
static void fetch_sector(l2_t *l, cline_t *c, const req_t *q, unsigned s)
{
    const config_t *cfg = l->cfg;
    int m = mshr_alloc(&l->mshr, q->line << 2 | s, 0);
    live_len_add(l, 1, 1);
    l->wreq[(size_t)m * cfg->l2_merge] = *q;
    c->sp |= (uint8_t)(1u << s);
    c->smshr[s] = (uint16_t)m;
    tags_set(&l->tags, c, LINE_R, c->line);
    req_t d = *q;
    d.type = REQ_RD;
    d.sect = (uint8_t)(1u << s);
    d.fwd = 0;
    l->st.c.sent++;
    rq_push(&l->mq, &d, 0);
}

/* Sector s of request q (q.sect is that sector; q.last marks the request's
 * last). 1 when taken, 0 when refused this cycle. */
static int sector_access(l2_t *l, req_t *q, unsigned s, uint64_t now, uint64_t dram_now)
{
    const config_t *cfg = l->cfg;
    int t = q->type, store = t == REQ_WR || t == REQ_RED;
    uint8_t bit = (uint8_t)(1u << s);
    unsigned set = l2_set(l, q->blk);
    cline_t *c = tags_find(&l->tags, set, q->line);
    int reply = answered(cfg, t) && (!store || q->last);   /* data per sector; a store's acknowledgement once */
    if (reply && rq_full(&l->reply))
        return 0;
    if (c && (c->sv & bit)) {   /* hit */
        l->st.c.acc[t]++;
        l->st.c.hit[t]++;
        if (t != REQ_RD) {
            c->sd |= bit;
            c->dirty = 1;
        }
        tags_touch(&l->tags, c);
        if (reply)
            answer_req(l, q, now);
        return 1;
    }
    unsigned pol = cfg->l2_wfetch;
    if (t == REQ_WR && !(c && (c->sp & bit))) {   /* a store missing the sector */
        if (pol == L2W_FETCH && q->full == bit)
            pol = L2W_WHOLE;   /* the sector written whole: nothing to fetch */
        if (pol != L2W_FETCH) {
            int fetch = pol == L2W_NAIVE, on = pol == L2W_NAIVE || pol == L2W_NONE;
            unsigned need = (unsigned)fetch + (unsigned)on;
            if (fetch && l->mshr.nfree == 0) {
                l->st.c.resfail[RF_MSHR_ENTRY]++;
                return 0;
            }
            int miss = !c;
            if (miss && pol != L2W_NONE) {
                if (!(c = victim(l, set, need, dram_now, t)))
                    return 0;
                tags_set(&l->tags, c, LINE_V, q->line);
                tags_reset(&l->tags, c);
            } else if (l->mq.n + need > l->mq.cap) {
                l->st.c.resfail[RF_MISS_QUEUE]++;
                return 0;
            } else if (c) {
                tags_touch(&l->tags, c);
            }
            l->st.c.acc[t]++;
            l->st.c.miss[t]++;
            l->st.sector_misses += !miss;
            if (on) {   /* the sector's store goes on to the DRAM (acknowledged here, with the last sector) */
                req_t w = *q;
                rq_push(&l->mq, &w, 0);
            }
            if (fetch) {
                req_t w = *q;
                w.fwd = 1;   /* waits for nothing: no answer at the fill, no dirt */
                fetch_sector(l, c, &w, s);
            } else if (pol != L2W_NONE) {   /* whole, lazy: allocated without a fetch */
                c->sv |= pol == L2W_LAZY ? q->full : bit;
                c->sd |= bit;
                c->dirty = 1;
            }
            if (reply)
                answer_req(l, q, now);
            return 1;
        }
    }
    if (c && (c->sp & bit)) {   /* pending: merge into the sector's MSHR entry */
        if (merge(l, c->smshr[s], q, dram_now))
            return 0;
        l->st.c.acc[t]++;
        l->st.c.pending_hit++;
        return 1;
    }
    if (l->mshr.nfree == 0) {
        l->st.c.resfail[RF_MSHR_ENTRY]++;
        return 0;
    }
    int miss = !c;
    if (miss) {
        if (!(c = victim(l, set, 1, dram_now, t)))
            return 0;
        tags_set(&l->tags, c, LINE_I, q->line);
        tags_reset(&l->tags, c);
    } else if (l->mq.n + 1 > l->mq.cap) {
        l->st.c.resfail[RF_MISS_QUEUE]++;
        return 0;
    } else {
        tags_touch(&l->tags, c);
    }
    fetch_sector(l, c, q, s);
    l->st.c.acc[t]++;
    l->st.c.miss[t]++;
    l->st.sector_misses += !miss;
    return 1;
}

/* The head request's next sector. 1 when a sector was taken. */
static int do_request_sect(l2_t *l, uint64_t now, uint64_t dram_now)
{
    if (!rq_ready(&l->rop, now))
        return 0;
    req_t *r = rq_head(&l->rop);
    if (!l->sub_left)
        l->sub_left = r->sect ? r->sect : SECT_ALL;
    unsigned s = (unsigned)__builtin_ctz(l->sub_left);
    uint8_t bit = (uint8_t)(1u << s);
    req_t q = *r;
    q.sect = bit;
    q.full = r->full & bit;
    q.last = !(l->sub_left & ~bit);
    if (!sector_access(l, &q, s, now, dram_now))
        return 0;
    l->sub_left &= (uint8_t)~bit;
    if (!l->sub_left)
        rq_pop(&l->rop);
    return 1;
}

/* One request from the crossbar. 1 when it was taken. */
static int do_request(l2_t *l, uint64_t now, uint64_t dram_now)
{
    if (!rq_ready(&l->rop, now))
        return 0;
    req_t *r = rq_head(&l->rop);
    const config_t *cfg = l->cfg;
    int t = r->type;
    unsigned set = l2_set(l, r->blk);
    cline_t *c = tags_find(&l->tags, set, r->line);
    int answer = answered(cfg, t);   /* reads and atomics; stores and reductions with sm.store_ack */
    int valid = c && c->state == LINE_V;
    if (valid && (t == REQ_WR || !(r->sect & ~c->sv))) {   /* a hit: a store, or data that is there */
        if (answer && rq_full(&l->reply))
            return 0;
        l->st.c.acc[t]++;
        l->st.c.hit[t]++;
        if (t != REQ_RD)
            c->dirty = 1;
        if (t == REQ_WR)
            c->sv |= r->full;
        tags_touch(&l->tags, c);
        if (answer)
            answer_req(l, r, now);
        rq_pop(&l->rop);
        return 1;
    }
    if (t == REQ_WR && !valid) {
        int rc = write_miss(l, r, c, set, now, dram_now);
        if (rc >= 0) {
            if (rc)
                rq_pop(&l->rop);
            return rc;
        }
    }
    if (c && c->state == LINE_R) {   /* being fetched: merge into its MSHR entry */
        if (merge(l, c->mshr, r, dram_now))
            return 0;
        l->st.c.acc[t]++;
        l->st.c.pending_hit++;
        rq_pop(&l->rop);
        return 1;
    }
    if (l->mshr.nfree == 0) {
        l->st.c.resfail[RF_MSHR_ENTRY]++;
        return 0;
    }
    cline_t *v = c;   /* lazy: the line is there, the data asked for not all (it stays dirty) */
    if (!v) {
        if (!(v = victim(l, set, 1, dram_now, t)))
            return 0;
        tags_set(&l->tags, v, LINE_I, v->line);
    } else if (l->mq.n + 1 > l->mq.cap) {
        l->st.c.resfail[RF_MISS_QUEUE]++;
        return 0;
    }
    fetch(l, v, r);
    l->st.c.acc[t]++;
    l->st.c.miss[t]++;
    rq_pop(&l->rop);
    return 1;
}

/* A request entered to_dram, ready at L2 cycle `ready`: its channel runs at
 * the first DRAM edge that finds it ready, at the latest (dram_next's
 * reckoning for a waiting head; an earlier edge would find nothing to do
 * with it). dram_now: the DRAM clock. */
static void wake_dram(l2_t *l, uint64_t ready, uint64_t dram_now)
{
    usched_wake_line_at(l->dram_wake, 0, clocks_first_edge(ready, l->cfg->clk_l2, l->cfg->clk_dram), dram_now);
}

/* The MIB must be clocked at the next edge: an allocate, merge or release
 * for it, a miss-queue head to show, or an entry with news to send as a
 * dummy. Otherwise the edge changes none of its state (mib_l2_pending). */
static int mib_live(const l2_t *l)
{
    const mib_l2_in_t *in = &l->min;
    return in->alloc_valid || in->merge_valid || in->release_valid || !rq_empty(&l->mq) ||
           mib_l2_pending(ls_state(l->mib));
}

/* The miss queue (behind the MIB's dummies) into the L2 -> DRAM path. */
static int to_dram(l2_t *l, uint64_t now, uint64_t dram_now)
{
    const config_t *cfg = l->cfg;
    int room = !rq_full(&l->to_dram);
    if (!l->mib) {
        if (room && !rq_empty(&l->mq)) {
            rq_push(&l->to_dram, rq_head(&l->mq), now + cfg->l2_dram_lat);
            wake_dram(l, now + cfg->l2_dram_lat, dram_now);
            rq_pop(&l->mq);
        }
        return 0;
    }
    mib_l2_in_t *in = &l->min;
    /* No event and no entry with news: the MIB keeps its state through the
     * clock edge; skip it (exact). */
    if (cfg->skip && !mib_live(l))
        return 0;
    in->mq_valid = !rq_empty(&l->mq);
    if (in->mq_valid) {
        const req_t *h = rq_head(&l->mq);
        in->mq_addr = h->blk & ((1ull << cfg->addr_w) - 1);
        in->mq_age = age15(dram_now, h->t_dram);
    }
    in->out_ready = (uint64_t)room;
    ls_set_time(l->mib, now);
    if (ls_eval_io(l->mib, 1, in, &l->mout))
        return 1;
    mib_l2_account(&(mib_l2_cfg_t){cfg->l2_mshr, cfg->addr_w}, in, &l->mout, &l->st.mib);
    if (l->mout.out_valid && room) {
        if (l->mout.out_dummy) {
            req_t d = {.line = l->mshr.e[l->mout.out_slot].line, .type = REQ_RD, .dummy = 1,
                       .len = (uint8_t)l->mout.out_len, .age = (uint32_t)l->mout.out_age, .t_dram = dram_now};
            req_map(cfg, &d);
            rq_push(&l->to_dram, &d, now + cfg->l2_dram_lat);
            wake_dram(l, now + cfg->l2_dram_lat, dram_now);
        } else {
            rq_push(&l->to_dram, rq_head(&l->mq), now + cfg->l2_dram_lat);
            wake_dram(l, now + cfg->l2_dram_lat, dram_now);
            rq_pop(&l->mq);
        }
    }
    if (ls_tick(l->mib))
        return 1;
    memset(in, 0, sizeof *in);
    return 0;
}

void l2_sync(l2_t *l, uint64_t now)
{
    l->st.cycles = now;   /* one per L2 cycle, busy or not */
    /* L2 cycles x live MSHR entries by their current merge length, and the
     * thesis' Figure 5.2: L2 cycles by the largest live merge length (0: no
     * entry live); the lengths change only in l2_cycle, which first counts
     * the cycles since the last change (the one it runs included) */
    uint64_t n = now - l->mc_at;
    if (n) {
        for (uint32_t b = l->len_mask; b; b &= b - 1) {   /* the lengths with live entries */
            unsigned k = (unsigned)__builtin_ctz(b);
            l->st.merge_cycles[k] += (uint64_t)l->live_len[k] * n;
        }
        l->st.max_merge_cycles[l->len_mask ? 31 - __builtin_clz(l->len_mask) : 0] += n;
    }
    l->mc_at = now;
}

uint64_t l2_next(const l2_t *l, uint64_t now, int icnt_same)
{
    /* work the slice retries every cycle: the MIB (dummies), the miss
     * queue, a fill being answered. Replies waiting for the crossbar are
     * not: it takes them without the slice (gpu.c tracks the queues that
     * hold one), and work blocked by a full reply queue is a ready ROP or
     * fill head, retried every cycle below. */
    if ((l->mib && mib_live(l)) || !rq_empty(&l->mq) || l->fill_m >= 0)
        return now + 1;
    uint64_t t = UINT64_MAX;
    if (!rq_empty(&l->rop))
        t = rq_head_ready(&l->rop);
    if (!rq_empty(&l->fill) && rq_head_ready(&l->fill) < t)
        t = rq_head_ready(&l->fill);
    if (!rq_empty(l->in)) {
        uint64_t i = icnt_same ? rq_head_ready(l->in) : now + 1;
        if (i < t)
            t = i;
    }
    return t > now ? t : now + 1;
}

int l2_cycle(l2_t *l, uint64_t now, uint64_t icnt_now, uint64_t dram_now)
{
    l2_sync(l, now + 1);
    if (l->cfg->skip && rq_empty(l->in) && l2_idle(l))   /* nothing to do: no state changes */
        return 0;
    do_fill(l, now);
    if (l->cfg->l2_sectored)
        do_request_sect(l, now, dram_now);
    else
        do_request(l, now, dram_now);
    /* the access latency: every request spends l2.latency cycles between
     * the crossbar and the tag lookup (GPGPU-Sim's ROP queue) */
    if (rq_ready(l->in, icnt_now) && !rq_full(&l->rop)) {
        rq_push(&l->rop, rq_head(l->in), now + l->cfg->l2_lat);
        rq_pop(l->in);
    }
    return to_dram(l, now, dram_now);
}
