/* sched_ccws.c - Cache-Conscious Wavefront Scheduling (CCWS; Rogers,
 * O'Connor and Aamodt, MICRO 2012), a comparator of the APRES paper and the
 * baseline of the TEMP paper, in the system model only (no RTL;
 * docs/sim.md "CCWS" lists the decisions). Per SM:
 *
 *   - each L1D line has an owner, the warp whose read miss fetched it; a
 *     valid line evicted goes into its owner's victim tag array (VTA: 16 tags,
 *     2 sets of 8 ways, FIFO);
 *   - a warp's read miss (or merge into a pending miss) whose line is in its
 *     own VTA is lost intra-warp locality (a VTA hit): its lost-locality
 *     score becomes max(BASE, LLDS), LLDS = (VTA hits / instructions issued,
 *     both of the warps resident) x KTHROTTLE x cutoff, cutoff = live warps
 *     x BASE; scores decay by 1 a cycle to BASE, capped at the current LLDS;
 *   - each cycle the warps sorted by score (highest first, lower slot on a
 *     tie) are stacked until the sum reaches the cutoff (the warp that crosses
 *     it included): only those may issue global or local loads; every other
 *     instruction issues as under GTO, the order underneath.
 *
 * BASE 100 and KTHROTTLE 8 are the paper's; the authors' GPGPU-Sim code
 * (tgrogers/ccws-2012) gave the rest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sched.h"
#include "core/sm.h"

#define CCWS_BASE      100
#define CCWS_KTHROTTLE 8
#define CCWS_VTA_SETS  2
#define CCWS_VTA_WAYS  8

typedef struct {
    uint64_t tag[CCWS_VTA_SETS][CCWS_VTA_WAYS];   /* line + 1; 0 empty */
    unsigned next[CCWS_VTA_SETS];                  /* FIFO: the way to fill next */
} vta_t;

typedef struct {
    int64_t lls[SM_MAX_WARPS];
    vta_t vta[SM_MAX_WARPS];
    uint64_t hits_w[SM_MAX_WARPS], insts_w[SM_MAX_WARPS];
    uint64_t hits, insts;       /* of the resident warps */
    lineset_t owner;            /* L1D line -> the warp whose miss fetched it */
    uint64_t can_load;          /* the warps that may issue loads this cycle */
    uint64_t next;              /* the first cycle the scores have not decayed through */
    uint64_t built;             /* the cycle can_load is for (+1; 0: none yet) */
} ccws_t;

static ccws_t *st(const sm_t *sm) { return sm->sched_state; }

static unsigned live_warps(const sm_t *sm, uint64_t *mask)
{
    uint64_t m = 0;
    for (unsigned w = 0; w < sm->cfg->max_warps && w < SM_MAX_WARPS; w++)
        if (sm->warp[w].live)
            m |= 1ull << w;
    *mask = m;
    return (unsigned)__builtin_popcountll(m);
}

/* LLDS at the current counters and cutoff. */
static int64_t llds(const ccws_t *c, unsigned nlive)
{
    if (!c->insts)
        return 0;
    return (int64_t)((double)c->hits / (double)c->insts * CCWS_KTHROTTLE * (double)(nlive * CCWS_BASE));
}

/* The scores through cycle t: one point a cycle from each score above BASE,
 * floored at BASE and capped at the LLDS of the moment (the counters do not
 * change between the events that call this first, so decaying several cycles
 * at once is exact). */
static void decay_to(sm_t *sm, uint64_t t)
{
    ccws_t *c = st(sm);
    if (t + 1 <= c->next)
        return;
    uint64_t live;
    int64_t cap = llds(c, live_warps(sm, &live)), dt = (int64_t)(t + 1 - c->next);
    for (unsigned w = 0; w < SM_MAX_WARPS; w++)
        if (c->lls[w] > CCWS_BASE) {
            int64_t v = c->lls[w] - dt;
            v = v < cap ? v : cap;
            c->lls[w] = v > CCWS_BASE ? v : CCWS_BASE;
        }
    c->next = t + 1;
}

/* At the cycle's first pick: the scores decayed through it, then the warps that may issue loads. */
static void evaluate(sm_t *sm, uint64_t now)
{
    ccws_t *c = st(sm);
    if (c->built == now + 1)
        return;
    decay_to(sm, now);
    c->built = now + 1;
    uint64_t live;
    unsigned n = live_warps(sm, &live);
    /* stack the live warps by score, highest first (lower slot on a tie), to the cutoff */
    uint8_t order[SM_MAX_WARPS];
    unsigned k = 0;
    for (uint64_t m = live; m; m &= m - 1) {
        unsigned w = (unsigned)__builtin_ctzll(m), j = k++;
        while (j > 0 && c->lls[order[j - 1]] < c->lls[w]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = (uint8_t)w;
    }
    int64_t sum = 0, cutoff = (int64_t)n * CCWS_BASE;
    c->can_load = 0;
    for (unsigned i = 0; i < k && sum < cutoff; i++) {
        c->can_load |= 1ull << order[i];
        sum += c->lls[order[i]];
    }
}

/* A global or local load that CCWS holds back. */
static int held(sm_t *sm, unsigned w)
{
    const warp_t *wp = &sm->warp[w];
    unsigned cls = rtb_stat(&sm->slot[wp->slot].tb, wp->cur.pc)->cls;
    return (cls == OP_LDG || cls == OP_LDL) && !(st(sm)->can_load >> w & 1);
}

static int ccws_pick(sm_t *sm, unsigned k, uint64_t now)
{
    sched_t *s = &sm->sched[k];
    evaluate(sm, now);
    int blocked = 0;
    if (s->n && sm->warp[s->last].live && (sm->ready >> s->last & 1) && sm_can_issue(sm, s->last, now)) {
        if (!held(sm, s->last))
            return (int)s->last;
        blocked = 1;
    }
    for (unsigned i = 0; i < s->n; i++) {
        unsigned w = s->list[i];
        if (w == s->last || !sm_can_issue(sm, w, now))
            continue;
        if (!held(sm, w))
            return (int)w;
        blocked = 1;
    }
    sm->st.ccws_held += (uint64_t)blocked;
    return -1;
}

static void ccws_issued(sm_t *sm, unsigned k, unsigned w, const sinst_t *in, uint32_t mask, uint32_t rec)
{
    (void)mask, (void)rec;
    sm->sched[k].last = w;
    if (in->cls == OP_BAR || in->cls == OP_MEMBAR)
        return;
    st(sm)->insts++;
    st(sm)->insts_w[w]++;
}

static void vta_clear(vta_t *v) { memset(v, 0, sizeof *v); }

static void to_vta(sm_t *sm, uint64_t line)
{
    ccws_t *c = st(sm);
    uint32_t w;
    if (!lineset_get(&c->owner, line, &w))
        return;
    lineset_take(&c->owner, line);
    vta_t *v = &c->vta[w];
    unsigned set = (unsigned)(line % CCWS_VTA_SETS);
    for (unsigned i = 0; i < CCWS_VTA_WAYS; i++)
        if (v->tag[set][i] == line + 1)
            return;
    v->tag[set][v->next[set]] = line + 1;
    v->next[set] = (v->next[set] + 1) % CCWS_VTA_WAYS;
}

static void ccws_load(sm_t *sm, unsigned k, const sched_load_t *ld)
{
    (void)k;
    ccws_t *c = st(sm);
    if (ld->evicted)
        to_vta(sm, ld->victim);
    if (ld->result != SCHED_L1_MISS && ld->result != SCHED_L1_MERGED)
        return;
    if (ld->result == SCHED_L1_MISS && lineset_put(&c->owner, ld->line, ld->warp)) {
        fprintf(stderr, "memsched: out of memory (CCWS' line owners)\n");
        abort();
    }
    const vta_t *v = &c->vta[ld->warp];
    unsigned set = (unsigned)(ld->line % CCWS_VTA_SETS);
    for (unsigned i = 0; i < CCWS_VTA_WAYS; i++)
        if (v->tag[set][i] == ld->line + 1) {   /* lost locality: before this cycle's decay (the L1D
                                                   answers before the schedulers pick) */
            if (ld->now)
                decay_to(sm, ld->now - 1);
            c->hits++;
            c->hits_w[ld->warp]++;
            sm->st.ccws_vta_hits++;
            uint64_t live;
            int64_t l = llds(c, live_warps(sm, &live));
            c->lls[ld->warp] = l > CCWS_BASE ? l : CCWS_BASE;
            return;
        }
}

static void ccws_evict(sm_t *sm, uint64_t line) { to_vta(sm, line); }

static void ccws_launch(sm_t *sm, unsigned k, const sched_warp_t *wp)
{
    (void)k;
    ccws_t *c = st(sm);
    c->lls[wp->warp] = CCWS_BASE;
    vta_clear(&c->vta[wp->warp]);
    c->hits_w[wp->warp] = c->insts_w[wp->warp] = 0;
}

static void ccws_exit(sm_t *sm, unsigned k, unsigned w)
{
    (void)k;
    ccws_t *c = st(sm);
    c->hits -= c->hits_w[w];
    c->insts -= c->insts_w[w];
    c->hits_w[w] = c->insts_w[w] = 0;
    c->lls[w] = CCWS_BASE;
}

static const char *ccws_reason(sm_t *sm, unsigned k, unsigned w)
{
    return w == sm->sched[k].last ? "greedy" : "oldest";
}

static int ccws_open(sm_t *sm, const sim_blkopts_t *bo)
{
    (void)bo;
    ccws_t *c = calloc(1, sizeof *c);
    if (!c)
        return -1;
    for (unsigned w = 0; w < SM_MAX_WARPS; w++)
        c->lls[w] = CCWS_BASE;
    sm->sched_state = c;
    return 0;
}

static void ccws_close(sm_t *sm)
{
    ccws_t *c = st(sm);
    if (c)
        lineset_free(&c->owner);
    free(c);
    sm->sched_state = NULL;
}

const sched_ops_t sched_ccws = {.pick = ccws_pick,
                                .issued = ccws_issued,
                                .launch = ccws_launch,
                                .exit = ccws_exit,
                                .load = ccws_load,
                                .evict = ccws_evict,
                                .reason = ccws_reason,
                                .open = ccws_open,
                                .close = ccws_close};
