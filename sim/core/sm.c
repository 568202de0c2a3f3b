/* sm.c - an SM (sm.h; docs/sim.md "SM"). */
#include "core/sm.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "block.h"
#include "mem/addrmap.h"
#include "mod.h"

#define NEVER UINT64_MAX
/* A finished block's buffers are kept for the next block up to this size, freed above it (each
 * slot may keep this much: 15 SMs x 8 slots on GTX480; a block of atax at 2048 takes 0.98 MB,
 * and kernel 2's blocks go to other slots than kernel 1's). */
#define TB_KEEP_BYTES (1u << 19)

static void swl_update(sm_t *sm);

int sm_init(sm_t *sm, const config_t *cfg, unsigned id, const sim_blkopts_t *bo)
{
    /* sm is all zero (sm.h) */
    sm->cfg = cfg;
    sm->id = id;
    sm->nslots = cfg->max_blocks;
    unsigned nrec = cfg->max_warps * cfg->max_loads;
    /* not cleared: a warp slot's row is cleared when a block's warp takes the slot
     * (sm_add_tb), before anything reads it; clearing 100 KB per SM here was most
     * of a small run's start-up */
    sm->reg_ready = malloc((size_t)cfg->max_warps * REG_IDS * sizeof *sm->reg_ready);
    sm->slot = calloc(sm->nslots, sizeof *sm->slot);
    sm->rec = calloc(nrec, sizeof *sm->rec);
    sm->rec_free = calloc(nrec, sizeof *sm->rec_free);
    if (!sm->reg_ready || !sm->slot || !sm->rec || !sm->rec_free || l1_init(&sm->l1, cfg))
        return -1;
    for (unsigned i = 0; i < nrec; i++)
        sm->rec_free[i] = (uint16_t)(nrec - 1 - i);
    sm->nrec_free = nrec;
    for (unsigned w = 0; w < SM_MAX_WARPS; w++)
        sm->sched_mask[w % cfg->n_sched] |= 1ull << w;
    for (unsigned k = 0; k < cfg->n_sched; k++)
        sm->sched[k].last = k;   /* a warp of its own: GTO's greedy choice starts there */
    sm->ops_sched = sched_table[cfg->sched];
    if (sm->ops_sched->open && sm->ops_sched->open(sm, bo))
        return -2;
    sm->pf = pf_table[cfg->l1_pf];
    if (sm->pf->init && sm->pf->init(&sm->pf_state, cfg))
        return -1;
    swl_update(sm);
    pipe_init(&sm->pipe);
    if (cfg->mrpb_on) {
        /* one queue per warp slot; the modes are static inputs, set before the reset cycle */
        mrpb_in_t *in = &sm->mrpb.in;
        in->signature = cfg->mrpb_sig;
        in->policy = cfg->mrpb_pol;
        in->greedy = cfg->mrpb_greedy;
        in->flush = cfg->mrpb_flush;
        in->bypass = cfg->mrpb_byp;
        in->reorder = cfg->mrpb_reorder;
        snprintf(sm->mrpb.label, sizeof sm->mrpb.label, "sim sm%u.mrpb", id);
        if (!(sm->mrpb.ls = sim_block_open_cfg(cfg, SIM_MRPB, id, sm->mrpb.label, in, &sm->mrpb.out, bo)))
            return -2;
    }
    return 0;
}

void sm_free(sm_t *sm)
{
    if (sm->slot)
        for (unsigned i = 0; i < sm->nslots; i++)
            rtb_free(&sm->slot[i].tb);
    free(sm->slot);
    free(sm->reg_ready);
    free(sm->rec);
    free(sm->rec_free);
    l1_free(&sm->l1);
    if (sm->pf && sm->pf->free)
        sm->pf->free(sm->pf_state);
    sim_block_close(&sm->mrpb.ls);
    if (sm->ops_sched && sm->ops_sched->close)
        sm->ops_sched->close(sm);
}

/* sm.swl (CCWS's static wavefront limiting): only the oldest sm.swl live
 * warps may issue; all warps when it is 0. Warps waiting at a barrier do not
 * count (they cannot issue, and the younger warps of their block must reach
 * the barrier to release them). Kept as a mask, updated when a block
 * arrives, a warp finishes, reaches a barrier or is released from one. */
static void swl_update(sm_t *sm)
{
    unsigned n = sm->cfg->swl;
    if (!n) {
        sm->swl_mask = ~0ull;
        return;
    }
    uint64_t m = 0, live = 0;
    for (unsigned w = 0; w < SM_MAX_WARPS; w++)
        if (sm->warp[w].live && !sm->warp[w].at_bar)
            live |= 1ull << w;
    for (unsigned k = 0; k < n && live; k++) {   /* the oldest n: smallest age first */
        unsigned best = 0;
        uint64_t a = UINT64_MAX;
        for (uint64_t b = live; b; b &= b - 1) {
            unsigned w = (unsigned)__builtin_ctzll(b);
            if (sm->warp[w].age < a) {
                a = sm->warp[w].age;
                best = w;
            }
        }
        m |= 1ull << best;
        live &= ~(1ull << best);
    }
    sm->swl_mask = m;
}

static void tb_maybe_done(sm_t *sm, unsigned s);

/* Keep sm->memnext's bit of warp w in step with its next instruction. */
static void note_next(sm_t *sm, unsigned w)
{
    const warp_t *wp = &sm->warp[w];
    uint64_t bit = 1ull << w;
    sm->memnext &= ~bit;
    if (wp->live) {
        const rtb_t *tb = &sm->slot[wp->slot].tb;
        if (op_is_mem(rtb_stat(tb, wp->cur.pc)->cls) && rtb_mask(tb, wp->cur.pc))
            sm->memnext |= bit;
    }
}

static unsigned tb_warps(const kinfo_t *k) { return (k->threads + WARP_SIZE - 1) / WARP_SIZE; }

int sm_can_take(const sm_t *sm, const kinfo_t *k)
{
    const config_t *c = sm->cfg;
    unsigned w = tb_warps(k);
    return sm->live_tbs < sm->nslots && sm->used_warps + w <= c->max_warps &&
           sm->used_threads + k->threads <= c->max_threads && sm->used_regs + k->nregs * w * WARP_SIZE <= c->regs &&
           sm->used_shmem + k->shmem <= c->shmem;
}

rtb_t *sm_slot_buffer(sm_t *sm, unsigned *slot)
{
    for (unsigned i = 0; i < sm->nslots; i++)
        if (!sm->slot[i].used) {
            *slot = i;
            return &sm->slot[i].tb;
        }
    return NULL;
}

/* Warps of a new block take the lowest free warp slots; each scheduler owns
 * the warp slots w with w % schedulers == its index (as GPGPU-Sim). */
/* The cycles from sleep_from to now - 1 were skipped: each counts as the
 * cycle the SM would have run (its blocks resident, its memory pipeline
 * refused again). */
static void catch_up(sm_t *sm, uint64_t now)
{
    uint64_t k = now - sm->sleep_from;
    sm->sleep_from = 0;
    if (sm->live_tbs) {
        sm->st.cycles += k;
        sm->issue_prio = mod_p2(sm->issue_prio + mod_p2(k, sm->cfg->n_sched), sm->cfg->n_sched);
        for (unsigned c = 0; c < SCHED_CLASSES; c++)
            sm->st.sched_cls[c] += k * sm->sleep_cls[c];
    }
    if (sm->mp.busy == 1 && sm->mp.blocked) {
        sm->st.issue_stall_mem += k;
        sm->l1.st.resfail[sm->l1.fail_reason] += k;
    }
}

void sm_sync(sm_t *sm, uint64_t now)
{
    if (sm->sleep_from && now > sm->sleep_from) {
        catch_up(sm, now);
        sm->sleep_from = now;
    }
}

void sm_add_tb(sm_t *sm, unsigned s, const kinfo_t *k, const optab_t *ops, uint64_t now)
{
    const config_t *c = sm->cfg;
    tbslot_t *t = &sm->slot[s];
    if (sm->sleep_from)
        catch_up(sm, now);
    if (sm->lc && sm->kinfo != k)
        sm->lc_kernel = loadchar_kernel(sm->lc, k->name);
    sm->kinfo = k;
    sm->ops = ops;
    sm->sleep_until = 0;
    t->used = 1;
    t->live = 0;
    t->at_bar = 0;
    t->wmask = 0;
    t->threads = k->threads;
    t->regs = k->nregs * tb_warps(k) * WARP_SIZE;
    t->shmem = k->shmem;
    sm->used_warps += tb_warps(k);
    sm->used_threads += t->threads;
    sm->used_regs += t->regs;
    sm->used_shmem += t->shmem;
    sm->live_tbs++;
    sm->st.tbs++;
    for (unsigned i = 0; i < SL1_NCOUNT; i++)
        sm->st.sl1[i] += t->tb.sl1[i];
    t->warps = tb_warps(k);
    for (size_t i = 0; i < t->tb.nstat; i++)   /* the registers the tracer leaves implicit */
        inst_expand(&t->tb.stat[i], ops->addr64[t->tb.stat[i].opcode]);
    unsigned w = 0;
    for (unsigned i = 0; i < t->tb.nwarps; i++) {
        while (sm->wbusy >> w & 1)   /* a slot is free once its block has left */
            w++;
        sm->wbusy |= 1ull << w;
        warp_t *wp = &sm->warp[w];
        memset(wp, 0, sizeof *wp);
        rtb_cur_start(&t->tb, i, &wp->cur);
        wp->count = t->tb.warp[i].count;
        wp->age = sm->age++;
        wp->gwarp = (t->tb.idx[0] + (uint64_t)k->grid[0] * (t->tb.idx[1] + (uint64_t)k->grid[1] * t->tb.idx[2])) *
                        t->tb.nwarps + i;
        wp->slot = (uint8_t)s;
        wp->live = wp->count > 0;
        t->wmask |= 1ull << w;
        if (wp->live) {
            t->live++;
            sm->ready |= 1ull << w;
            sm->pipe.need_fetch |= 1ull << w;   /* its instruction buffer is empty */
            note_next(sm, w);
            unsigned sk = mod_p2(w, c->n_sched);
            sched_t *sc = &sm->sched[sk];
            sc->list[sc->n++] = (uint8_t)w;
            if (sm->ops_sched->launch) {
                const unsigned *x = t->tb.idx, *g = k->grid;
                sched_warp_t sw = {.warp = w, .slot = s, .in_block = i, .kernel = k->id,
                                   .block = x[0] + (uint64_t)g[0] * (x[1] + (uint64_t)g[1] * x[2])};
                sw.batch = sw.block / (k->batch_stride ? k->batch_stride : 1);
                sm->ops_sched->launch(sm, sk, &sw);
            }
        }
        memset(&sm->reg_ready[(size_t)w * REG_IDS], 0, REG_IDS * sizeof *sm->reg_ready);
        sm_regs_written(sm, w);
    }
    swl_update(sm);
    tb_maybe_done(sm, s);   /* a block of empty warps leaves at once */
}

static void sched_remove(sm_t *sm, unsigned w)
{
    sched_t *sc = &sm->sched[mod_p2(w, sm->cfg->n_sched)];
    for (unsigned i = 0; i < sc->n; i++)
        if (sc->list[i] == w) {
            memmove(&sc->list[i], &sc->list[i + 1], sc->n - i - 1);
            sc->n--;
            return;
        }
}

static void tb_maybe_done(sm_t *sm, unsigned s)
{
    tbslot_t *t = &sm->slot[s];
    if (t->live)
        return;
    for (unsigned w = 0; w < SM_MAX_WARPS; w++)
        if ((t->wmask >> w & 1) && (sm->warp[w].nloads || sm->warp[w].nstores || sm->warp[w].npipe))
            return;
    if (sm->mp.busy == 1 && (t->wmask >> sm->mp.warp & 1))   /* its global access still going in */
        return;
    t->used = 0;
    rtb_trim(&t->tb, TB_KEEP_BYTES);   /* a large block's buffers go: the next block may be small */
    sm->used_warps -= t->warps;
    sm->wbusy &= ~t->wmask;
    sm->used_threads -= t->threads;
    sm->used_regs -= t->regs;
    sm->used_shmem -= t->shmem;
    sm->live_tbs--;
    t->wmask = 0;
    if (!sm->live_tbs && sm->cfg->l1_flush)   /* GPGPU-Sim invalidates an idle core's L1D */
        l1_flush(&sm->l1);
}

/* A barrier releases when every live warp of the block waits at it. */
static void bar_check(sm_t *sm, unsigned s)
{
    tbslot_t *t = &sm->slot[s];
    if (!t->at_bar || t->at_bar < t->live)
        return;
    for (unsigned w = 0; w < SM_MAX_WARPS; w++)
        if (t->wmask >> w & 1) {
            warp_t *wp = &sm->warp[w];
            wp->at_bar = 0;
            if (wp->live && !wp->wait_mem)
                sm->ready |= 1ull << w;
        }
    t->at_bar = 0;
    if (sm->cfg->swl)
        swl_update(sm);
}

static void warp_finish(sm_t *sm, unsigned w)
{
    warp_t *wp = &sm->warp[w];
    wp->live = 0;
    sm->ready &= ~(1ull << w);
    sm->pipe.need_fetch &= ~(1ull << w);
    sm->memnext &= ~(1ull << w);
    sched_remove(sm, w);
    if (sm->ops_sched->exit)
        sm->ops_sched->exit(sm, w % sm->cfg->n_sched, w);
    tbslot_t *t = &sm->slot[wp->slot];
    if (wp->at_bar) {   /* a BAR as its last instruction: it no longer waits there */
        wp->at_bar = 0;
        t->at_bar--;
    }
    t->live--;
    if (sm->cfg->swl)
        swl_update(sm);
    bar_check(sm, wp->slot);
    tb_maybe_done(sm, wp->slot);
}

static void load_done(sm_t *sm, uint32_t r, uint64_t now)
{
    ldrec_t *rec = &sm->rec[r];
    if (--rec->pending)
        return;
    warp_t *wp = &sm->warp[rec->warp];
    uint64_t *rr = &sm->reg_ready[(size_t)rec->warp * REG_IDS];
    for (unsigned i = 0; i < rec->ndst; i++)
        rr[rec->dst[i]] = now;
    sm_regs_written(sm, rec->warp);
    wp->nloads--;
    wp->wait_mem = 0;
    sm->waitmask &= ~(1ull << rec->warp);
    if (wp->live && !wp->at_bar)
        sm->ready |= 1ull << rec->warp;
    uint64_t lat = now - rec->t_issue;
    sm->st.ld_n++;
    sm->st.ld_sum += lat;
    if (lat > sm->st.ld_max)
        sm->st.ld_max = lat;
    if (sm->st.ld_n == 1 || lat < sm->st.ld_min)
        sm->st.ld_min = lat;
    sm->rec_free[sm->nrec_free++] = (uint16_t)r;
    if (!wp->live)
        tb_maybe_done(sm, wp->slot);
}

/* Stores and reductions the L2 acknowledges (sm.store_ack): the request's
 * tag is its warp, whose count of unacknowledged ones MEMBAR and the warp's
 * block wait for. */
static inline int is_acked(const sm_t *sm, unsigned type)
{
    return sm->cfg->store_ack && (type == REQ_WR || type == REQ_RED);
}

/* A read or atomic sent past the L1D (its reply goes to its load record):
 * a sectored L2 answers each of its sectors on its own, so the record waits
 * for that many replies. */
static void direct_sent(sm_t *sm, const req_t *r)
{
    if (sm->cfg->l2_sectored && (r->type == REQ_RD || r->type == REQ_ATOM))
        sm->rec[r->tag].pending += (uint16_t)(__builtin_popcount(r->sect) - 1);
}

static void store_acked(sm_t *sm, unsigned w)
{
    warp_t *wp = &sm->warp[w];
    wp->nstores--;
    if (!wp->live && !wp->nstores)
        tb_maybe_done(sm, wp->slot);
}

unsigned sm_lat_of(const config_t *c, unsigned cls)
{
    switch (cls) {
    case OP_FP: return c->lat_fp;
    case OP_DP: return c->lat_dp;
    case OP_SFU: return c->lat_sfu;
    case OP_BRANCH: case OP_EXIT: case OP_BAR: case OP_MEMBAR: return c->lat_branch;
    default: return c->lat_int;
    }
}

/* Mark in m (the 128 bytes of line l, bit i of m[i / 64]) the bytes of
 * [a, last] that fall in the line. */
static inline void cover(uint64_t m[2], uint64_t a, uint64_t last, uint64_t l)
{
    uint64_t base = l << LINE_SHIFT;
    unsigned lo = a > base ? (unsigned)(a - base) : 0;
    unsigned hi = last - base < 127 ? (unsigned)(last - base) : 127;
    unsigned b0 = lo & 63, b1 = hi & 63;
    uint64_t upto = b1 == 63 ? ~0ull : (2ull << b1) - 1;   /* bits 0..b1 */
    if (lo >> 6 == hi >> 6) {   /* one half (every aligned access up to 64 bytes) */
        m[lo >> 6] |= upto & (~0ull << b0);
        return;
    }
    m[0] |= ~0ull << b0;
    m[1] |= upto;
}

/* The sectors of a line's byte mask whose 32 bytes are all set. */
static uint8_t full_sectors(const uint64_t m[2])
{
    uint8_t f = 0;
    for (unsigned s = 0; s < 4; s++)
        f |= (uint8_t)(((m[s >> 1] >> (32 * (s & 1))) & 0xffffffffull) == 0xffffffffull) << s;
    return f;
}

/* A store: only its whole sectors matter (l2.write_alloc), and a dense span
 * of it must cover every byte. */
static inline int is_store(const sinst_t *in) { return in->cls == OP_STG || in->cls == OP_STL; }

/* The most one lane's access may follow the one before in a dense span
 * (dense_span): 32 bytes for a load, the access's width for a store (whose
 * bytes must then be one interval). */
static inline unsigned span_step(const sinst_t *in, unsigned w) { return is_store(in) ? w : 32; }

/* The first lane's access at a0 and the last's at a1 (width w) bound one
 * interval below 2^64: a1 not below a0, no wrap at its last byte. */
static inline int span_bounds(uint64_t a0, uint64_t a1, unsigned w) { return a1 >= a0 && a1 + w - 1 >= a1; }

/* Whether the k addresses of width-byte accesses ascend, each at most step
 * bytes after the one before, without wrapping at 2^64: a dense
 * span. With step <= 32 the gaps between the lanes' bytes are under 32 bytes,
 * so the lanes touch every 32 B quarter (and every segment and line) from the
 * first byte to the last; with step <= width they touch every byte. */
static int dense_span(const uint64_t *a, unsigned k, unsigned width, unsigned step)
{
    if (!k || !span_bounds(a[0], a[k - 1], width))
        return 0;
    unsigned bad = 0;
    for (unsigned i = 1; i < k; i++)
        bad |= a[i] - a[i - 1] > step;   /* (a descent wraps to more than step) */
    return !bad;
}

/* The segment size of fermi and sector coalescing for width-byte accesses. */
static unsigned seg_of(const config_t *c, unsigned w)
{
    return c->coalesce == COALESCE_SECTOR || w == 1 || c->l1_bypass ? 32 : w == 2 ? 64 : 128;
}

/* fermi, sector: n segments (base[], touched quarters sect[], bytes covered)
 * into requests (line[], sect[] shrunk, full[]). */
static void seg_requests(unsigned seg, unsigned n, const uint64_t *base, const uint64_t bytes[][2], uint64_t *line,
                         uint8_t *sect, uint8_t *full)
{
    for (unsigned j = 0; j < n; j++) {
        unsigned q = sect[j];
        if (seg == 128) {   /* one quarter alone, or one half alone, shrinks; else the whole segment */
            if (!(q & 0xC))
                q = q == 1 || q == 2 ? q : 0x3;
            else if (!(q & 0x3))
                q = q == 4 || q == 8 ? q : 0xC;
            else
                q = 0xF;
        } else if (seg == 64) {   /* the 64 B half's two quarters, or the one touched */
            unsigned h = (base[j] >> 6 & 1) ? 0xC : 0x3;
            q = __builtin_popcount(q & h) == 1 ? q & h : h;
        }
        line[j] = base[j] >> LINE_SHIFT;
        sect[j] = (uint8_t)q;
        full[j] = full_sectors(bytes[j]) & (uint8_t)q;
    }
}

/* The requests of a dense span (dense_span) whose first lane's access is at
 * a0 and last lane's at a1 (sm.h); 0 if they are more than MAX_LINES. */
unsigned sm_coalesce_span(const config_t *c, const sinst_t *in, unsigned width, uint64_t a0, uint64_t a1,
                          uint64_t *line, uint8_t *sect, uint8_t *full)
{
    const unsigned w = width ? width : 1;
    const int store = is_store(in);
    const uint64_t first = a0, last = a1 + w - 1;
    uint64_t bytes[MAX_LINES][2];
    unsigned n = 0;
    if (c->coalesce == COALESCE_LINE) {
        if ((last >> LINE_SHIFT) - (first >> LINE_SHIFT) >= MAX_LINES)
            return 0;
        for (uint64_t l = first >> LINE_SHIFT; l <= last >> LINE_SHIFT; l++, n++) {
            line[n] = l;
            sect[n] = SECT_ALL;
            full[n] = 0;
            if (store) {
                bytes[n][0] = bytes[n][1] = 0;
                cover(bytes[n], first, last, l);
                full[n] = full_sectors(bytes[n]);
            }
        }
        return n;
    }
    const unsigned seg = seg_of(c, w);
    const uint64_t s0 = first & ~(uint64_t)(seg - 1), s1 = last & ~(uint64_t)(seg - 1);
    if ((s1 - s0) / seg >= MAX_LINES)
        return 0;
    uint64_t base[MAX_LINES];
    for (uint64_t b = s0;; b += seg) {   /* each segment's part of [first, last] */
        uint64_t lo = b > first ? b : first, hi = b + seg - 1 < last ? b + seg - 1 : last;
        unsigned q0 = (unsigned)(lo >> 5 & 3), q1 = (unsigned)(hi >> 5 & 3);
        base[n] = b;
        sect[n] = (uint8_t)((2u << q1) - (1u << q0));
        bytes[n][0] = bytes[n][1] = 0;
        if (store)
            cover(bytes[n], lo, hi, b >> LINE_SHIFT);
        n++;
        if (b == s1)
            break;
    }
    seg_requests(seg, n, base, (const uint64_t(*)[2])bytes, line, sect, full);
    return n;
}

/* The requests of a warp instruction (sm.coalesce; docs/sim.md "Coalescer"):
 * into line[] and sect[], their count returned.
 *   line: the lines the active lanes touch, in lane order, each once, whole;
 *   fermi, sector: GPGPU-Sim's coalescer. The lanes' bytes are grouped by
 *   aligned segment (fermi: 32 B for 1-byte accesses, 64 B for 2-byte, 128 B
 *   for wider ones, and 32 B when global loads bypass the L1D; sector:
 *   32 B always), one request per segment in address order, each shrunk to
 *   the 32 B quarter or 64 B half of its 128 B segment the lanes touch (or
 *   the touched quarter of a 64 B one). A lane whose bytes cross a segment
 *   boundary touches both (accesses are naturally aligned: none does).
 * full[]: the sectors of each request whose 32 bytes the lanes all cover (a
 * store writing them whole). addr: k accesses of width bytes (an address per
 * active lane, or local_addrs' 4 B words).
 *   Most warp instructions' lanes form a dense span (dense_span: a load's
 * lanes at most 32 bytes apart, a store's at most its width, in ascending
 * order): their requests are those of the one interval [first byte, last
 * byte], computed per line or segment instead of per lane (spans 0: lane by
 * lane always; tests/unit/test_sm.c compares the two). */
unsigned sm_coalesce(const config_t *c, const sinst_t *in, unsigned width, unsigned k, const uint64_t *addr,
                     uint64_t *line, uint8_t *sect, uint8_t *full, int spans)
{
    unsigned n = 0, w = width ? width : 1;
    uint64_t bytes[MAX_LINES][2];   /* each request's line: the bytes the lanes cover (stores) */
    const int store = is_store(in);
    if (spans && dense_span(addr, k, w, span_step(in, w)) &&
        (n = sm_coalesce_span(c, in, width, addr[0], addr[k - 1], line, sect, full)))
        return n;
    if (c->coalesce == COALESCE_LINE) {
        for (unsigned i = 0; i < k; i++) {
            uint64_t a = addr[i], last = a + w - 1 < a ? UINT64_MAX : a + w - 1;   /* no wrap at 2^64 */
            for (uint64_t l = a >> LINE_SHIFT; l <= last >> LINE_SHIFT; l++) {
                unsigned j = 0;
                while (j < n && line[j] != l)
                    j++;
                if (j == n) {
                    if (n == MAX_LINES)
                        continue;
                    sect[n] = SECT_ALL;
                    bytes[n][0] = bytes[n][1] = 0;
                    line[n++] = l;
                }
                if (store)
                    cover(bytes[j], a, last, l);
            }
        }
        for (unsigned j = 0; j < n; j++)
            full[j] = full_sectors(bytes[j]);
        return n;
    }
    const unsigned seg = seg_of(c, w);
    uint64_t base[MAX_LINES];   /* segment addresses, ascending; sect[] holds their touched quarters */
    for (unsigned i = 0; i < k; i++) {
        uint64_t a = addr[i], last = a + w - 1 < a ? UINT64_MAX : a + w - 1;
        for (uint64_t b = a & ~(uint64_t)(seg - 1);; b += seg) {
            uint64_t lo = b > a ? b : a, hi = b + seg - 1 < last ? b + seg - 1 : last;
            /* the quarters of the line the lane's bytes in this segment touch (one line: seg <= 128) */
            unsigned q0 = (unsigned)(lo >> 5 & 3), q1 = (unsigned)(hi >> 5 & 3);
            unsigned q = (2u << q1) - (1u << q0);
            unsigned j = n;
            while (j && base[j - 1] > b)
                j--;
            if (j && base[j - 1] == b) {
                sect[--j] |= (uint8_t)q;
            } else if (n < MAX_LINES) {
                if (j < n) {   /* (lanes in address order append) */
                    memmove(&base[j + 1], &base[j], (n - j) * sizeof *base);
                    memmove(&sect[j + 1], &sect[j], n - j);
                    memmove(&bytes[j + 1], &bytes[j], (n - j) * sizeof *bytes);
                }
                base[j] = b;
                sect[j] = (uint8_t)q;
                bytes[j][0] = bytes[j][1] = 0;
                n++;
            } else {
                j = MAX_LINES;
            }
            if (store && j < MAX_LINES)
                cover(bytes[j], lo, hi, b >> LINE_SHIFT);
            if (b + seg - 1 >= last || b + seg < b)
                break;
        }
    }
    seg_requests(seg, n, base, (const uint64_t(*)[2])bytes, line, sect, full);
    return n;
}

/* A global load (with a record and a destination that waits for its data). */
/* The blocks of kernel k an SM holds at once, by its limits (sm_can_take). */
static unsigned max_blocks_of(const config_t *c, const kinfo_t *k)
{
    unsigned w = tb_warps(k), n = c->max_blocks;
    if (c->max_warps / w < n)
        n = c->max_warps / w;
    if (k->threads && c->max_threads / k->threads < n)
        n = c->max_threads / k->threads;
    if (k->nregs && c->regs / (k->nregs * w * WARP_SIZE) < n)
        n = c->regs / (k->nregs * w * WARP_SIZE);
    if (k->shmem && c->shmem / k->shmem < n)
        n = c->shmem / k->shmem;
    return n ? n : 1;
}

/* GPGPU-Sim's LOCAL_GENERIC_START: 0x80000000 (its global heap) less 64 SMs'
 * 64 KB of shared memory and 64 SMs x 2048 threads x 8 KB of local memory. */
#define LOCAL_START 0x3fc00000ull
#define LOCAL_WORDS_MAX 8   /* 4 B words of one lane's access (GPGPU-Sim: 32 B at most) */

/* sm.local_map: the accesses of a local load or store of warp w (a, an
 * address per active lane, each the thread's own local address) as
 * GPGPU-Sim's timing model places them (docs/sim.md "Local memory"): word d
 * of hardware thread t of SM s at LOCAL_START + 4 (d N + base(t)), so that
 * the threads' same word lies side by side. gpgpusim: base = nTpC (s + S
 * (t / nTpC)) + t mod nTpC, N = nTpC x the kernel's blocks per SM x S (nTpC
 * the block's threads rounded up to warps, S the SMs); legacy: base =
 * sm.threads x s + t, N = sm.threads x S. t = the block's slot x nTpC + its
 * warp x 32 + the lane. An access wider than 4 B is split into 4 B words
 * (*width 4); a narrower one keeps its byte offset. Returns the count. */
static unsigned local_addrs(const sm_t *sm, unsigned w, const sinst_t *in, uint32_t mask, const uint64_t *a,
                            uint64_t *out, unsigned *width)
{
    const config_t *c = sm->cfg;
    const warp_t *wp = &sm->warp[w];
    const kinfo_t *k = sm->kinfo;
    unsigned nw = tb_warps(k), ntpc = nw * WARP_SIZE;
    unsigned words = in->width > 4 ? in->width / 4 : 1;
    if (words > LOCAL_WORDS_MAX)
        words = LOCAL_WORDS_MAX;
    uint64_t nthr = c->local_map == LOCAL_MAP_GPGPUSIM ? (uint64_t)ntpc * max_blocks_of(c, k) * c->n_sm
                                                       : (uint64_t)c->max_threads * c->n_sm;
    unsigned n = 0, i = 0;
    for (unsigned lane = 0; lane < WARP_SIZE; lane++) {
        if (!(mask >> lane & 1))
            continue;
        uint64_t t = (uint64_t)wp->slot * ntpc + (wp->gwarp % nw) * WARP_SIZE + lane;
        uint64_t base = c->local_map == LOCAL_MAP_GPGPUSIM ? ntpc * (sm->id + c->n_sm * (t / ntpc)) + t % ntpc
                                                           : (uint64_t)c->max_threads * sm->id + t;
        uint64_t x = a[i++];
        for (unsigned d = 0; d < words; d++)
            out[n++] = LOCAL_START + 4 * ((x / 4 + d) * nthr + base) + (in->width < 4 ? x % 4 : 0);
    }
    *width = in->width > 4 ? 4 : in->width;
    return n;
}

static int is_load(const sinst_t *in, uint32_t mask)
{
    return (in->cls == OP_LDG || in->cls == OP_LDL || in->cls == OP_ATOM) && mask;
}

int sm_mem_refused(const sm_t *sm) { return sm->mp.busy && sm->mp.blocked; }

/* The cycle from which instruction in of warp w has every register it
 * reads and writes ready (the scoreboard; NEVER while a load or a
 * writeback of the warp holds one). */
static uint64_t regs_ready_at(const sm_t *sm, unsigned w, const sinst_t *in)
{
    const uint64_t *rr = &sm->reg_ready[(size_t)w * REG_IDS];
    uint64_t t = 0;
    for (unsigned i = 0; i < in->nsrc; i++)
        if (rr[in->src[i]] > t)
            t = rr[in->src[i]];
    for (unsigned i = 0; i < in->ndst; i++)
        if (rr[in->dst[i]] > t)
            t = rr[in->dst[i]];
    return t;
}

/* The rest of sm_can_issue (sm.h): what the warp's next instruction needs. */
int sm_can_issue_inst(sm_t *sm, unsigned w, uint64_t now)
{
    warp_t *wp = &sm->warp[w];
    int pipe = sm->cfg->pipeline == PIPE_GPGPUSIM;
    const rtb_t *tb = &sm->slot[wp->slot].tb;
    const sinst_t *in = rtb_stat(tb, wp->cur.pc);
    uint32_t mask = rtb_mask(tb, wp->cur.pc);
    if (wp->deps_ok != wp->done + 1) {
        /* Once its registers are ready they stay ready until the warp issues
         * (only the warp writes them): checked once per instruction. */
        uint64_t need = regs_ready_at(sm, w, in);
        if (need > now) {
            if (need == NEVER) {
                wp->wait_mem = 1;
                sm->waitmask |= 1ull << w;
                sm->ready &= ~(1ull << w);
            } else
                wp->ready_at = need;
            return 0;
        }
        wp->deps_ok = wp->done + 1;
    }
    unsigned cls = in->cls;
    if (pipe) {
        if (!pipe_can_take(sm, cls))
            return 0;
    } else {
        if (cls == OP_SFU && sm->sfu_free > now)
            return 0;
        if (cls == OP_DP && sm->dp_free > now)
            return 0;
        if (op_is_mem(cls) && mask && sm->mp.busy)
            return 0;
    }
    if (is_load(in, mask) && (!sm->nrec_free || wp->nloads >= sm->cfg->max_loads))
        return 0;
    /* MEMBAR: the warp's loads back, its stores acknowledged, none of its
     * accesses still in the pipeline or going into the L1 */
    if (cls == OP_MEMBAR && (wp->nloads || wp->nstores || wp->npipe || (sm->mp.busy == 1 && sm->mp.warp == w)))
        return 0;
    return 1;
}

/* Decision traces (--trace-decisions; dtrace.h): the issue of warp w by
 * scheduler k, with the reason its policy gives (sched_ops_t.reason, called
 * before `issued` updates the scheduler's state). */
static void trace_issue(sm_t *sm, unsigned k, unsigned w, uint64_t now)
{
    const warp_t *wp = &sm->warp[w];
    const sinst_t *in = rtb_stat(&sm->slot[wp->slot].tb, wp->cur.pc);
    unsigned prev = sm->sched[k].last;
    const char *why = sm->ops_sched->reason ? sm->ops_sched->reason(sm, k, w) : "first-ready";
    dtrace_issue_t e = {sm->id, k, w, prev, in->pc, sm->ops->name[in->opcode], sched_names[sm->cfg->sched], why};
    dtrace_issue(sm->dt, now, &e);
}

/* A line request of the memory pipeline's instruction leaves the pipeline:
 * who asked (warp, PC) and for which of the program's addresses. */
static void trace_req(sm_t *sm, uint64_t line, uint64_t now)
{
    unsigned w = sm->mp.warp;
    const rtb_t *tb = &sm->slot[sm->warp[w].slot].tb;
    const sinst_t *in = rtb_stat(tb, sm->mp.inst);
    uint64_t buf[WARP_SIZE];
    const uint64_t *a = rtb_addrs(tb, sm->mp.inst, buf);
    uint64_t addr = line << LINE_SHIFT;   /* a lane straddling into the line from the one before */
    for (unsigned i = 0, n = (unsigned)__builtin_popcount(rtb_mask(tb, sm->mp.inst)); i < n; i++)
        if (a[i] >> LINE_SHIFT == line) {
            addr = a[i];
            break;
        }
    int load = sm->mp.type == REQ_RD || sm->mp.type == REQ_ATOM;
    dtrace_req_t r = {sm->id, w, in->pc, addr, line, sm->mp.type, load ? sm->mp.rec : 0};
    dtrace_req_in(sm->dt, now, &r);
}

static const char *const l1_res_names[] = {"hit", "miss", "merged", "sent", "refused"};   /* l1_res_t */

/* A reply: the load records its line's data reaches now. */
static void trace_reply(sm_t *sm, const req_t *reply, uint64_t now)
{
    if (reply->direct) {
        dtrace_req_done(sm->dt, sm->id, reply->tag, reply->line, now);
        return;
    }
    const mshr_entry_t *e = &sm->l1.mshr.e[reply->tag];
    for (unsigned i = 0; i < e->n; i++)
        dtrace_req_done(sm->dt, sm->id, e->wait[i], e->line, now);
}

/* The memory pipeline takes warp w's global memory instruction inst: its
 * requests (the coalescer), and a load's record waits for them all. */
static void mem_start(sm_t *sm, unsigned w, uint32_t inst, uint32_t r)
{
    const config_t *c = sm->cfg;
    tbslot_t *t = &sm->slot[sm->warp[w].slot];
    const sinst_t *in = rtb_stat(&t->tb, inst);
    unsigned cls = in->cls;
    sm->mp.busy = 1;
    sm->mp.warp = w;
    sm->mp.pc = in->pc;
    sm->mp.inst = inst;
    sm->mp.next = 0;
    uint32_t mask = rtb_mask(&t->tb, inst);
    unsigned width = in->width, k = (unsigned)__builtin_popcount(mask);
    const int local = (cls == OP_LDL || cls == OP_STL) && c->local_map != LOCAL_MAP_NONE && k;
    uint64_t a0 = 0;
    sm->mp.n = 0;
    if (!local && k && rtb_key(&t->tb, inst)->form == ADDR_AFFINE) {
        /* lane l's address base + l x stride: a dense span, coalesced without
         * its addresses, when the active lanes are consecutive and the stride
         * within the bound (the test dense_span makes of the addresses) */
        const uint64_t *v = rtb_addr_words(&t->tb, inst);
        const unsigned l0 = (unsigned)__builtin_ctz(mask), l1 = 31 - (unsigned)__builtin_clz(mask);
        const uint64_t a1 = v[0] + l1 * v[1];
        const unsigned wd = width ? width : 1;
        a0 = v[0] + l0 * v[1];
        if (l1 - l0 + 1 == k && v[1] <= span_step(in, wd) && span_bounds(a0, a1, wd))
            sm->mp.n = sm_coalesce_span(c, in, width, a0, a1, sm->mp.line, sm->mp.sect, sm->mp.full);
    }
    if (!sm->mp.n) {
        uint64_t buf[WARP_SIZE], lbuf[WARP_SIZE * LOCAL_WORDS_MAX];
        const uint64_t *a = rtb_addrs(&t->tb, inst, buf);
        if (local) {
            k = local_addrs(sm, w, in, mask, a, lbuf, &width);
            a = lbuf;
        }
        a0 = a[0];
        sm->mp.n = sm_coalesce(c, in, width, k, a, sm->mp.line, sm->mp.sect, sm->mp.full, 1);
    }
    if (sm->pages && sm->pages->key)   /* physical lines from here on (a line never crosses a page) */
        for (unsigned j = 0; j < sm->mp.n; j++)
            sm->mp.line[j] = pages_line(sm->pages, sm->mp.line[j], sm->id);
    sm->st.l1_req_lines += sm->mp.n;
    int load = cls == OP_LDG || cls == OP_LDL || cls == OP_ATOM;
    sm->mp.type = cls == OP_ATOM ? REQ_ATOM : cls == OP_RED ? REQ_RED : load ? REQ_RD : REQ_WR;
    if (load) {
        sm->rec[r].pending = (uint16_t)sm->mp.n;
        sm->rec[r].addr0 = a0;
        sm->rec[r].seen = 0;
        sm->mp.rec = r;
    }
}

/* A global load's record: its destinations wait (NEVER) until its last
 * request's data is back. */
static uint32_t load_record(sm_t *sm, unsigned w, const sinst_t *in, uint64_t now)
{
    uint64_t *rr = &sm->reg_ready[(size_t)w * REG_IDS];
    uint32_t r = sm->rec_free[--sm->nrec_free];
    ldrec_t *rec = &sm->rec[r];
    rec->warp = (uint16_t)w;
    rec->pc = in->pc;
    rec->sched_tag = 0;
    rec->pending = 0;
    rec->t_issue = now;
    rec->ndst = 0;
    for (unsigned i = 0; i < in->ndst; i++)
        if (!reg_is_const(in->dst[i])) {
            rec->dst[rec->ndst++] = in->dst[i];
            rr[in->dst[i]] = NEVER;
        }
    sm_regs_written(sm, w);
    sm->warp[w].nloads++;
    return r;
}

/* Warp w may look at its registers again (one it waited for is written). */
static void wake(sm_t *sm, unsigned w)
{
    warp_t *wp = &sm->warp[w];
    wp->wait_mem = 0;
    sm->waitmask &= ~(1ull << w);
    if (wp->live && !wp->at_bar)
        sm->ready |= 1ull << w;
}

/* An instruction that is not a global memory access executes at `now`: its
 * destinations are ready after its latency; the SFU / FP64 unit is busy for
 * its initiation interval (sm.pipeline=issue; the pipeline's units do that
 * themselves); a shared-memory access holds the memory pipeline this cycle. */
static void exec_local(sm_t *sm, unsigned w, const sinst_t *in, uint32_t mask, uint64_t now, int units)
{
    const config_t *c = sm->cfg;
    uint64_t *rr = &sm->reg_ready[(size_t)w * REG_IDS];
    unsigned cls = in->cls;
    unsigned lat = op_is_shared_mem(cls) ? c->lat_shmem : op_is_mem(cls) ? 1 : sm_lat_of(c, cls);
    for (unsigned i = 0; i < in->ndst; i++)
        if (!reg_is_const(in->dst[i]))
            rr[in->dst[i]] = now + lat;
    sm_regs_written(sm, w);
    if (units && cls == OP_SFU)
        sm->sfu_free = now + c->ii_sfu;
    if (units && cls == OP_DP)
        sm->dp_free = now + c->ii_dp;
    if (op_is_shared_mem(cls) && mask)
        sm->mp.busy = 2;   /* the shared-memory access holds the pipeline this cycle */
}

void sm_ldst_take(sm_t *sm, unsigned w, uint32_t inst, uint32_t rec, uint64_t now)
{
    const rtb_t *tb = &sm->slot[sm->warp[w].slot].tb;
    const sinst_t *in = rtb_stat(tb, inst);
    uint32_t mask = rtb_mask(tb, inst);
    if (op_is_global_mem(in->cls) && mask) {
        mem_start(sm, w, inst, rec);
    } else {
        exec_local(sm, w, in, mask, now, 0);
        wake(sm, w);
    }
}

void sm_pipe_done(sm_t *sm, unsigned w)
{
    warp_t *wp = &sm->warp[w];
    wp->npipe--;
    wake(sm, w);
    if (!wp->live)
        tb_maybe_done(sm, wp->slot);
}

static void issue(sm_t *sm, unsigned w, uint64_t now)
{
    const config_t *c = sm->cfg;
    warp_t *wp = &sm->warp[w];
    tbslot_t *t = &sm->slot[wp->slot];
    const sinst_t *in = rtb_stat(&t->tb, wp->cur.pc);
    uint32_t mask = rtb_mask(&t->tb, wp->cur.pc);
    unsigned cls = in->cls;
    sm->st.warp_insts++;
    sm->st.thread_insts += (unsigned)__builtin_popcount(mask);
    sm->st.by_class[cls]++;
    uint32_t rec = is_load(in, mask) ? load_record(sm, w, in, now) : 0;
    if (c->pipeline == PIPE_GPGPUSIM) {
        /* the scoreboard holds its destinations until its writeback */
        uint64_t *rr = &sm->reg_ready[(size_t)w * REG_IDS];
        for (unsigned i = 0; i < in->ndst; i++)
            if (!reg_is_const(in->dst[i]))
                rr[in->dst[i]] = NEVER;
        sm_regs_written(sm, w);
        pipe_enter(sm, w, wp->cur.pc, rec);
        if (!--wp->ibuf)
            sm->pipe.need_fetch |= 1ull << w;   /* cleared again if this was its last instruction */
    } else if (op_is_global_mem(cls) && mask) {
        mem_start(sm, w, wp->cur.pc, rec);
    } else {
        exec_local(sm, w, in, mask, now, 1);
    }
    sm->ops_sched->issued(sm, mod_p2(w, c->n_sched), w, in, mask, rec);
    if (++wp->done != wp->count)
        rtb_cur_next(&t->tb, &wp->cur);
    wp->ready_at = now + 1;
    if (cls == OP_BAR) {
        wp->at_bar = 1;
        sm->ready &= ~(1ull << w);
        t->at_bar++;
        if (c->swl)
            swl_update(sm);
    }
    if (wp->done == wp->count) {
        warp_finish(sm, w);
    } else {
        note_next(sm, w);
        if (cls == OP_BAR)
            bar_check(sm, wp->slot);
    }
}

/* The L1D's answer to one line of a global load: the warp scheduler hears
 * it (sched_ops_t.load), then the prefetcher (l1.prefetch), whose lines the
 * L1D fetches ahead in the same cycle. */
static void load_feedback(sm_t *sm, unsigned w, uint32_t pc, uint32_t rec, uint64_t line, l1_res_t res, uint64_t now,
                          uint64_t dram_now)
{
    int first = !sm->rec[rec].seen;   /* the first of the load's lines the L1D answers */
    sm->rec[rec].seen = 1;
    if (sm->lc && sm->lc_kernel >= 0 &&
        loadchar_line(sm->lc, (unsigned)sm->lc_kernel, pc, line, res == L1_MISS || res == L1_SENT, first, sm->id,
                      sm->warp[w].gwarp, sm->rec[rec].addr0))
        sm->lc_kernel = -1;   /* out of memory: the characterisation stops (the JSON says so) */
    if (sm->ops_sched->load) {
        sched_load_t ld = {.warp = w, .pc = pc, .rec = rec, .line = line, .first = first, .now = now, .evicted = sm->l1.evicted, .victim = sm->l1.victim,
                           .result = res == L1_HIT      ? SCHED_L1_HIT
                                     : res == L1_MISS   ? SCHED_L1_MISS
                                     : res == L1_MERGED ? SCHED_L1_MERGED
                                                        : SCHED_L1_UNCACHED};
        sm->ops_sched->load(sm, mod_p2(w, sm->cfg->n_sched), &ld);
    }
    if (sm->cfg->l1_pf == PF_ID_none || res == L1_SENT)   /* no prefetcher; an uncached load */
        return;
    uint64_t lines[PF_MAX];
    pf_obs_t o = {.warp = w, .pc = pc, .line = line, .miss = res != L1_HIT, .first = first, .addr = sm->rec[rec].addr0};
    unsigned n = sm->pf->observe(sm->pf_state, &o, lines);
    for (unsigned i = 0; i < n && i < PF_MAX; i++) {
        l1_prefetch(&sm->l1, lines[i], sm->id, now, dram_now);
        if (sm->l1.evicted && sm->ops_sched->evict)
            sm->ops_sched->evict(sm, sm->l1.victim);
    }
}

/* The memory pipeline: the next line request of its instruction into the L1. */
static void mem_pipe(sm_t *sm, uint64_t now, uint64_t dram_now)
{
    if (sm->mp.busy == 2) {
        sm->mp.busy = 0;
        return;
    }
    if (!sm->mp.busy)
        return;
    /* A refusal stands until a reply changes the L1 (a fill: a line valid, an
     * MSHR entry or merge slot free) or, for a full miss queue, the queue
     * drains: until then a retry is refused for the same reason (exact). */
    if (sm->cfg->skip && sm->mp.blocked && sm->l1.st.replies == sm->mp.blk_key &&
        (sm->l1.fail_reason != RF_MISS_QUEUE || rq_full(&sm->l1.mq))) {
        sm->l1_port = 1;   /* the retry takes the port, as it does under run.skip=0 */
        sm->st.issue_stall_mem++;
        sm->l1.st.resfail[sm->l1.fail_reason]++;
        return;
    }
    sm->mp.blocked = 0;
    int acked = is_acked(sm, sm->mp.type);
    req_t r = {.line = sm->mp.line[sm->mp.next], .sect = sm->mp.sect[sm->mp.next], .full = sm->mp.full[sm->mp.next],
               .type = sm->mp.type,
               .sm = (uint16_t)sm->id, .tag = acked ? sm->mp.warp : sm->mp.rec, .t_core = now, .t_dram = dram_now};
    r.direct = r.type == REQ_ATOM || (r.type == REQ_RD && sm->cfg->l1_bypass);
    l1_res_t res = l1_access(&sm->l1, &r, now);
    sm->l1_port = 1;
    if (res == L1_FAIL) {
        sm->st.issue_stall_mem++;
        sm->mp.blocked = 1;
        sm->mp.blk_key = sm->l1.st.replies;
        return;
    }
    if (r.type == REQ_RD)
        load_feedback(sm, sm->mp.warp, sm->mp.pc, sm->mp.rec, r.line, res, now, dram_now);
    if (res == L1_SENT)
        direct_sent(sm, &r);
    sm->warp[sm->mp.warp].nstores += (uint16_t)acked;
    if (sm->dt) {
        trace_req(sm, r.line, now);
        if (r.type == REQ_RD || r.type == REQ_ATOM)
            dtrace_req_l1(sm->dt, sm->id, r.tag, r.line, now, l1_res_names[res], now + sm->cfg->l1_lat);
    }
    if (++sm->mp.next == sm->mp.n) {
        unsigned w = sm->mp.warp;
        sm->mp.busy = 0;
        if (!sm->warp[w].live)
            tb_maybe_done(sm, sm->warp[w].slot);
    }
}

/* At the end of a cycle whose memory pipeline has its instruction's next line
 * to send: if the L1D would refuse it now, the refusal is taken now, as the
 * next cycle's (mem_pipe above then counts that cycle as a held retry, which
 * is what the refused access would count, and the SM may sleep from it). The
 * L1D's state cannot change before that access but by a reply (a fill or an
 * acknowledgement: l1.st.replies moves, and mem_pipe tries again) or, for a
 * full miss queue, by the crossbar taking a packet (rq_full, and the run
 * loop wakes the SM); nothing else in the SM's cycle comes before its memory
 * pipeline. l1_refusal is the access's own decision (l1.c: decide). Only
 * with skipping (run.skip=0 tries every access), and not under a policy with a cycle of its own
 * (LAWS, TBAS: TBAS's active warps leave out those behind a refused access,
 * sm_mem_refused, so its block must be clocked in the refused cycle, and it
 * keeps the SM awake until its state settles). */
static void foresee_refusal(sm_t *sm)
{
    const req_t r = {.line = sm->mp.line[sm->mp.next], .type = sm->mp.type};
    const int why = l1_refusal(&sm->l1, &r);
    if (why < 0)
        return;
    sm->mp.blocked = 1;
    sm->mp.blk_key = sm->l1.st.replies;
    sm->l1.fail_reason = why;
}

/* The memory pipeline with the MRPB (mrpb=on; docs/sim.md "MRPB"): the next
 * line request of its instruction goes into the MRPB, accepted when
 * in_ready; the MRPB's outbound slot goes to the L1D, which answers in the
 * same cycle (accepted, or refused with its reason: an associativity stall
 * is LINE_ALLOC_FAIL), or, marked bypass, to the L2 over the bypass path.
 * Inputs first without the answer (the slot is a register), then with it. */
static int mrpb_pipe(sm_t *sm, uint64_t now, uint64_t dram_now)
{
    mrpb_in_t *in = &sm->mrpb.in;
    mrpb_out_t *out = &sm->mrpb.out;
    int feed = sm->mp.busy == 1;
    sm->fail_blk = SIM_MRPB;   /* what a lockstep failure (1) below names */
    if (sm->mp.busy == 2)
        sm->mp.busy = 0;   /* a shared-memory access held the pipeline's input this cycle */
    /* Empty and nothing offered: a clock edge changes nothing the ports can
     * show (the pointers move only with drains), in the C model and the RTL
     * alike, so the block is not stepped (exact; run.skip=0 steps it). */
    if (!feed && !sm->mrpb.n && sm->cfg->skip)
        return 0;
    in->in_valid = (uint64_t)feed;
    if (feed) {
        uint64_t line = sm->mp.line[sm->mp.next];
        if (line >> SIM_MRPB_ADDR_W) {
            fprintf(stderr,
                    "memsched sim: sm%u: byte address %#" PRIx64 " does not fit the MRPB's %u-bit line address "
                    "(byte addresses below 2^%u; mrpb=off has no limit)\n",
                    sm->id, line << LINE_SHIFT, SIM_MRPB_ADDR_W, SIM_MRPB_ADDR_W + LINE_SHIFT);
            return 2;
        }
        unsigned w = sm->mp.warp;
        const warp_t *wp = &sm->warp[w];
        int rec = sm->mp.type == REQ_RD || sm->mp.type == REQ_ATOM;
        in->in_write = sm->mp.type != REQ_RD;   /* stores, atomics and reductions are ordered as writes */
        in->in_warp = w;
        in->in_block = wp->slot & ((1u << MRPB_BLOCK_W) - 1);   /* sm.blocks <= 8 when it is the signature */
        in->in_inblock = (uint64_t)__builtin_popcountll(sm->slot[wp->slot].wmask & ((1ull << w) - 1));
        in->in_addr = line;
        in->in_tag = ((uint64_t)sm->mp.type << 2 * SIM_MRPB_SECT_W | (uint64_t)sm->mp.full[sm->mp.next] << SIM_MRPB_SECT_W |
                      sm->mp.sect[sm->mp.next]) << SIM_MRPB_REC_W |
                     (rec ? sm->mp.rec : is_acked(sm, sm->mp.type) ? w : 0);
    }
    in->l1_ready = in->l1_stall_assoc = in->byp_ready = 0;
    ls_set_time(sm->mrpb.ls, now);
    /* the slot (registers) first, read from the C model's state; every
     * output of the cycle is compared below, at the final inputs */
    mrpb_slot(ls_state(sm->mrpb.ls), out);
    int rc;
    if (out->out_valid) {
        req_t r = {.line = out->out_addr,
                   .type = (uint8_t)(out->out_tag >> (SIM_MRPB_REC_W + 2 * SIM_MRPB_SECT_W)),
                   .sect = (uint8_t)(out->out_tag >> SIM_MRPB_REC_W & ((1u << SIM_MRPB_SECT_W) - 1)),
                   .full = (uint8_t)(out->out_tag >> (SIM_MRPB_REC_W + SIM_MRPB_SECT_W) & ((1u << SIM_MRPB_SECT_W) - 1)),
                   .sm = (uint16_t)sm->id, .tag = (uint32_t)(out->out_tag & ((1u << SIM_MRPB_REC_W) - 1)),
                   .t_core = now, .t_dram = dram_now};
        l1_res_t res;
        if (out->out_bypass) {
            res = l1_bypass(&sm->l1, &r, now);
            in->byp_ready = res == L1_SENT;
            if (res == L1_SENT)
                direct_sent(sm, &r);
        } else {
            r.direct = r.type == REQ_ATOM || (r.type == REQ_RD && sm->cfg->l1_bypass);
            if ((res = l1_access(&sm->l1, &r, now)) == L1_SENT)
                direct_sent(sm, &r);
            sm->l1_port = 1;
            if (res == L1_FAIL) {
                in->l1_stall_assoc = sm->l1.fail_reason == RF_LINE_ALLOC;
            } else {
                in->l1_ready = 1;
                if (r.type == REQ_RD)
                    load_feedback(sm, sm->rec[r.tag].warp, sm->rec[r.tag].pc, r.tag, r.line, res, now, dram_now);
            }
        }
        if (sm->dt && res != L1_FAIL && (r.type == REQ_RD || r.type == REQ_ATOM))
            dtrace_req_l1(sm->dt, sm->id, r.tag, r.line, now, out->out_bypass ? "bypass" : l1_res_names[res],
                          now + sm->cfg->l1_lat);
        sm->mrpb.n -= (unsigned)(in->l1_ready | in->byp_ready);
    }
    if ((rc = ls_eval_io(sm->mrpb.ls, 1, in, out)))   /* with the L1D's answer: both models, every output compared */
        return rc;
    mrpb_account(NULL, in, out, &sm->mrpb.st);
    if (sm->dt)
        dtrace_mrpb(sm->dt, sm->id, now, in, out);
    if (feed) {
        if (out->in_ready) {
            if (sm->dt)
                trace_req(sm, sm->mp.line[sm->mp.next], now);
            sm->warp[sm->mp.warp].nstores += (uint16_t)is_acked(sm, sm->mp.type);
            sm->mrpb.n++;
            if (++sm->mp.next == sm->mp.n) {
                unsigned w = sm->mp.warp;
                sm->mp.busy = 0;
                if (!sm->warp[w].live)
                    tb_maybe_done(sm, sm->warp[w].slot);
            }
        } else {
            sm->st.issue_stall_mem++;
        }
    }
    return ls_tick(sm->mrpb.ls);
}

/* After a cycle without an issue and with the memory pipeline empty: if
 * every warp that is not waiting for memory or a barrier waits for a known
 * cycle, nothing happens in this SM until the earliest of those (or its
 * next L1 hit), unless a reply arrives or a block is added. */
/* The cycle from which warp w's next instruction passes the scoreboard (its
 * operands are ready: sm_can_issue's test, without its side effects; NEVER
 * while one waits for a load or a writeback). */
static uint64_t deps_at(const sm_t *sm, unsigned w)
{
    const warp_t *wp = &sm->warp[w];
    uint64_t t = wp->ready_at;   /* a register it needs is written then (or it issued this cycle) */
    if (wp->deps_ok == wp->done + 1)
        return t;
    if (wp->dep_done != wp->done + 1 || wp->dep_ver != wp->regver) {
        /* recomputed only when the warp moved on or a register of it was written since */
        warp_t *m = (warp_t *)wp;   /* the memo only: the warp's state is unchanged */
        m->dep_t = regs_ready_at(sm, w, rtb_stat(&sm->slot[wp->slot].tb, wp->cur.pc));
        m->dep_done = wp->done + 1;
        m->dep_ver = wp->regver;
    }
    return wp->dep_t > t ? wp->dep_t : t;
}

/* The stall class of each scheduler that did not issue at cycle now (issued:
 * the schedulers that did) into cls[], as GPGPU-Sim's scheduler_unit::cycle
 * counts it: a warp with a decoded instruction (not at a barrier, within the
 * warp limit) is valid; a valid one whose operands are ready is ready. The
 * result: the first cycle after now at which a class can change without an
 * event that wakes the SM (a warp passing the scoreboard). */
static uint64_t classify(const sm_t *sm, unsigned issued, uint64_t now, unsigned cls[SCHED_CLASSES])
{
    uint64_t change = NEVER;
    int pipe = sm->cfg->pipeline == PIPE_GPGPUSIM;
    for (unsigned k = 0; k < sm->cfg->n_sched; k++) {
        if (issued >> k & 1)
            continue;
        uint64_t v = (sm->ready | sm->waitmask) & sm->swl_mask & sm->sched_mask[k] & (pipe ? ~sm->pipe.need_fetch : ~0ull);
        int c = v ? SCHED_SCOREBOARD : SCHED_IDLE;
        uint64_t first = NEVER;
        for (uint64_t m = v & sm->ready; m; m &= m - 1) {
            uint64_t t = deps_at(sm, (unsigned)__builtin_ctzll(m));
            if (t <= now) {
                c = SCHED_STALL;
                break;
            }
            if (t < first)
                first = t;
        }
        if (c == SCHED_SCOREBOARD && first < change)
            change = first;
        cls[c]++;
    }
    return change;
}

/* A cycle's stall classes as sleep_plan may take them for the next cycle's:
 * classify's answer, and the fetch mask it read. */
typedef struct {
    unsigned cls[SCHED_CLASSES];
    uint64_t change;
    uint64_t need_fetch;
} stall_memo_t;

/* This cycle's stall classes, before the fetch (a warp decoded this cycle
 * issues from the next), into *m too. */
static void count_stalls(sm_t *sm, unsigned issued, uint64_t now, stall_memo_t *m)
{
    memset(m->cls, 0, sizeof m->cls);
    m->change = classify(sm, issued, now, m->cls);
    m->need_fetch = sm->pipe.need_fetch;
    for (unsigned c = 0; c < SCHED_CLASSES; c++)
        sm->st.sched_cls[c] += m->cls[c];
}

/* m: this cycle's classes (count_stalls), nothing issued. */
static void sleep_plan(sm_t *sm, uint64_t now, const stall_memo_t *m)
{
    uint64_t t = NEVER;
    /* with the memory pipeline held, a warp whose next instruction needs it cannot issue */
    for (uint64_t m = (sm_mem_held(sm) ? sm->ready & ~sm->memnext : sm->ready) & sm->swl_mask; m; m &= m - 1) {
        uint64_t r = sm->warp[__builtin_ctzll(m)].ready_at;
        if (r <= now + 1)
            return;
        if (r < t)
            t = r;
    }
    if (sm->l1.hits.n && sm->l1.hits.at[sm->l1.hits.head] < t)
        t = sm->l1.hits.at[sm->l1.hits.head];
    if (sm->l1.fills.n)
        return;
    /* the skipped cycles' stall classes: as the next cycle's (nothing issues), until a warp
     * passes the scoreboard without an event that wakes the SM */
    unsigned cls[SCHED_CLASSES] = {0};
    uint64_t change;
    if (m->change > now + 1 && m->need_fetch == sm->pipe.need_fetch) {
        /* no warp passes the scoreboard at now + 1 and the fetch changed nothing classify
         * reads: classify(sm, 0, now + 1) gives this cycle's answer */
        memcpy(cls, m->cls, sizeof cls);
        change = m->change;
    } else {
        change = classify(sm, 0, now + 1, cls);
    }
    if (change < t)
        t = change;
    const uint64_t wb = pipe_next_wb(sm, now);   /* a result's writeback (pipe_quiet) */
    if (wb < t)
        t = wb;
    memcpy(sm->sleep_cls, cls, sizeof cls);
    sm->sleep_until = t;
    sm->sleep_from = now + 1;
}

uint64_t sm_next(const sm_t *sm, uint64_t now, const rq_t *replies, int icnt_core_same)
{
    /* when it planned to wake, or its next reply's arrival (in the core's
     * cycles when the crossbar runs at the core clock, else the next edge) */
    uint64_t t = sm->sleep_from ? sm->sleep_until : now + 1;
    if (!rq_empty(replies)) {
        uint64_t r = icnt_core_same ? rq_head_ready(replies) : now + 1;
        if (r < t)
            t = r;
    }
    return t > now ? t : now + 1;
}

int sm_cycle(sm_t *sm, uint64_t now, uint64_t dram_now, const req_t *reply)
{
    if (sm->sleep_from)
        catch_up(sm, now);
    sm->sleep_until = 0;   /* awake: planned again at the end of the cycle */
    sm->mq_sleep = 0;
    if (reply) {
        uint64_t lat = now - reply->t_core;
        sm->st.lat_sum += lat;
        sm->st.lat_n++;
        if (lat > sm->st.lat_max)
            sm->st.lat_max = lat;
        const unsigned lg = lat ? 63u - (unsigned)__builtin_clzll(lat) : 0;   /* floor(log2), 0 for 0 */
        sm->st.lat_hist[lg < 23 ? lg : 23]++;
        if (reply->type == REQ_WR || reply->type == REQ_RED) {
            l1_ack(&sm->l1);
            store_acked(sm, reply->tag);
        } else {
            if (sm->dt)
                trace_reply(sm, reply, now);
            l1_fill(&sm->l1, reply, now);
            if (sm->l1.evicted && sm->ops_sched->evict)
                sm->ops_sched->evict(sm, sm->l1.victim);
        }
    }
    int64_t t;
    while ((t = l1_done(&sm->l1, now)) >= 0)
        load_done(sm, (uint32_t)t, now);
    if (!sm->live_tbs) {
        if (sm->mrpb.n)   /* the MRPB still holds requests (stores of finished blocks): it drains */
            return mrpb_pipe(sm, now, dram_now);
        if (!sm->l1.hits.n && !sm->l1.fills.n) {   /* nothing until a reply or a block */
            memset(sm->sleep_cls, 0, sizeof sm->sleep_cls);
            sm->sleep_until = NEVER;
            sm->sleep_from = now + 1;
        }
        return 0;
    }
    sm->st.cycles++;
    sm->l1_port = 0;
    int pipe = sm->cfg->pipeline == PIPE_GPGPUSIM;
    if (pipe)
        pipe_writeback(sm, now);
    if (sm->mrpb.ls) {
        int rc = mrpb_pipe(sm, now, dram_now);
        if (rc)
            return rc;
    } else {
        mem_pipe(sm, now, dram_now);
    }
    if (pipe) {
        pipe_execute(sm, now);
        pipe_operands(sm);
    }
    int any = 0;
    unsigned issued = 0;
    /* GPGPU-Sim turns the schedulers' order every cycle the SM runs (they share the ID_OC
     * registers); the cycles an asleep SM skipped count (catch_up) */
    unsigned n = sm->cfg->n_sched, k0 = 0;
    if (pipe) {   /* (kept modulo n: no division a cycle) */
        k0 = (unsigned)sm->issue_prio;
        sm->issue_prio = k0 + 1 == n ? 0 : k0 + 1;
    }
    uint64_t held = sm_mem_held(sm) ? ~sm->memnext : ~0ull;
    for (unsigned i = 0, k = k0; i < n; i++, k = k + 1 == n ? 0 : k + 1) {
        uint64_t cand = sm->ready & sm->swl_mask & sm->sched_mask[k] & held;
        if (!cand)
            continue;   /* every warp of this scheduler waits (memory, a barrier, the memory pipeline) */
        int w = sm->ops_sched->pick(sm, k, now);
        if (w >= 0) {
            if (sm->dt)
                trace_issue(sm, k, (unsigned)w, now);
            issue(sm, (unsigned)w, now);
            any = 1;
            issued |= 1u << k;
            held = sm_mem_held(sm) ? ~sm->memnext : ~0ull;
        }
    }
    if (sm->ops_sched->cycle) {
        int rc = sm->ops_sched->cycle(sm, now, dram_now);
        if (rc)
            return rc;
    }
    stall_memo_t stalls;
    count_stalls(sm, issued, now, &stalls);
    if (pipe)
        pipe_fetch(sm, now);
    sm->st.active_cycles += any;
    /* asleep with the pipeline held only for a refusal a reply must lift, or
     * one for a full miss queue, which the crossbar lifts when it takes a
     * packet from it (the run loop wakes the SM then: mq_wake) */
    if (!any && !sm->mrpb.n && !sm->sched_hold && (!pipe || pipe_quiet(sm))) {
        /* (not under a policy whose hardware is clocked every cycle: it sees the refusal in
         * the refused cycle, TBAS as an input, and must run it: sched_ops_t.cycle) */
        if (sm->mp.busy == 1 && !sm->mp.blocked && sm->cfg->skip && !sm->mrpb.ls && !sm->ops_sched->cycle)
            foresee_refusal(sm);
        int blocked = sm->mp.busy == 1 && sm->mp.blocked;
        if (!sm->mp.busy || (blocked && sm->l1.fail_reason != RF_MISS_QUEUE)) {
            sleep_plan(sm, now, &stalls);
        } else if (blocked && sm->mq_wake && !sm->mrpb.ls && rq_full(&sm->l1.mq)) {
            sleep_plan(sm, now, &stalls);
            sm->mq_sleep = sm->sleep_from != 0;
        }
    }
    return 0;
}
