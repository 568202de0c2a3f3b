#include "tbas.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"

int tbas_init(tbas_state_t *s, const tbas_cfg_t *cfg)
{
    if (cfg->num_warps < 1 || cfg->num_warps > TBAS_MAX_WARPS) {
        fprintf(stderr, "tbas: NumWarps=%u out of range 1..%d\n", cfg->num_warps, TBAS_MAX_WARPS);
        return -EINVAL;
    }
    if (cfg->max_batches < 1 || cfg->max_batches > TBAS_MAX_BATCHES) {
        fprintf(stderr, "tbas: MaxBatches=%u out of range 1..%d\n", cfg->max_batches, TBAS_MAX_BATCHES);
        return -EINVAL;
    }
    if (cfg->run_batches < 1 || cfg->run_batches > cfg->max_batches) {
        fprintf(stderr, "tbas: RunBatches=%u out of range 1..MaxBatches (%u)\n", cfg->run_batches,
                cfg->max_batches);
        return -EINVAL;
    }
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    tbas_reset(s);
    return 0;
}

/* Reset: no warp live, nothing running, both orders 0, 1, 2, ... */
void tbas_reset(tbas_state_t *s)
{
    tbas_cfg_t c = s->cfg;
    memset(s, 0, sizeof *s);
    s->cfg = c;
    for (unsigned i = 0; i < c.num_warps; i++)
        s->wold[i] = bits_mask(c.num_warps) & ~bits_mask(i + 1);
    for (unsigned a = 0; a < c.max_batches; a++)
        s->bold[a] = bits_mask(c.max_batches) & ~bits_mask(a + 1);
    s->snap_all = bits_mask(c.max_batches);   /* empty slots: vacuously all active */
}

/* The orders' rows hold one bit per pair i < j: i before j (row i only bits
 * above i). The set bits of `set` that come before item k: those above k
 * from row k at once (j > k comes first unless row k says k does), those
 * below from their own rows' bit k. */
static uint64_t before_set(const uint64_t *rows, unsigned k, uint64_t set)
{
    uint64_t r = set & ~rows[k] & ~bits_mask(k + 1);
    for (uint64_t m = set & bits_mask(k); m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        r |= (rows[i] >> k & 1) << i;
    }
    return r;
}

/* Make the items of `young` (a set) the last of the order of n items, in
 * index order among themselves: for i < j, i before j if j is young, else
 * j before i if i is young, else unchanged. */
static void make_youngest(uint64_t *rows, unsigned n, uint64_t young)
{
    if (!young)   /* row i holds only bits above i (reset, and every change below) */
        return;
    for (unsigned i = 0; i < n; i++) {
        uint64_t above = bits_mask(n) & ~bits_mask(i + 1);
        rows[i] = (young >> i & 1) ? young & above : (rows[i] | young) & above;
    }
}

/* The launch that takes effect: none when the slot is out of range. */
static uint64_t launch_eff(const tbas_state_t *s, const tbas_in_t *in)
{
    uint64_t l = in->launch & bits_mask(s->cfg.num_warps);
    return (in->launch_batch & bits_mask(bits_idx_width(s->cfg.max_batches))) < s->cfg.max_batches ? l : 0;
}

uint64_t tbas_live(const tbas_state_t *s)
{
    uint64_t live = 0;
    for (unsigned b = 0; b < s->cfg.max_batches; b++)
        live |= s->mem[b];
    return live;
}

/* This cycle's batch decisions (everything but the issue). */
typedef struct {
    uint64_t newb;   /* the slot takes a new batch at this edge */
    uint64_t dem, dem_empty, prom, prom_all;
} decide_t;

static void decide(const tbas_state_t *s, const tbas_in_t *in, decide_t *d)
{
    const unsigned nb = s->cfg.max_batches;
    const uint64_t exit = in->exit & bits_mask(s->cfg.num_warps);
    const uint64_t lb = in->launch_batch & bits_mask(bits_idx_width(nb));
    memset(d, 0, sizeof *d);
    for (unsigned b = 0; b < nb; b++)
        if (launch_eff(s, in) && lb == b && !(s->mem[b] & ~exit))
            d->newb |= UINT64_C(1) << b;
    /* a slot that took a new batch in the last cycle leaves the running set now */
    d->dem = s->run & (~s->elig | s->newb);
    d->dem_empty = d->dem & (~s->ne | s->newb);
    const uint64_t keep = s->run & ~d->dem;
    const uint64_t cand = ~s->run & s->elig & ~s->newb & bits_mask(nb);
    /* b goes in when the batches kept plus the older candidates leave a slot */
    for (unsigned b = 0; b < nb; b++)
        if ((cand >> b & 1) &&
            (unsigned)__builtin_popcountll(keep | before_set(s->bold, b, cand)) < s->cfg.run_batches)
            d->prom |= UINT64_C(1) << b;
    d->prom_all = d->prom & ~s->ge;
}

/* The GTO choice, one-hot (0: none). */
static uint64_t gto(const tbas_state_t *s, const tbas_in_t *in)
{
    uint64_t runw = 0;   /* a slot that took a new batch does not issue until it leaves */
    for (unsigned b = 0; b < s->cfg.max_batches; b++)
        if ((s->run & ~s->newb) >> b & 1)
            runw |= s->mem[b];
    const uint64_t cand = in->ready & runw;
    if (cand & s->last)
        return s->last;
    if (!cand)
        return 0;
    /* The order is total: one pass in index order keeps the earliest seen.
     * A warp w above the one kept comes before it when the kept one's row
     * lacks bit w, so the pass jumps from each kept warp to the lowest such
     * candidate above it (the warps between stay behind). */
    unsigned best = (unsigned)__builtin_ctzll(cand);
    for (uint64_t m; (m = cand & ~s->wold[best] & ~bits_mask(best + 1)) != 0;)
        best = (unsigned)__builtin_ctzll(m);
    return UINT64_C(1) << best;
}

void tbas_eval(const tbas_state_t *s, const tbas_in_t *in, tbas_out_t *out)
{
    memset(out, 0, sizeof *out);
    uint64_t g = gto(s, in);
    if (g) {
        out->issue_valid = 1;
        out->issue_warp = (uint64_t)__builtin_ctzll(g);
        out->issue_oh = g;
    }
    out->run = s->run;
    out->prom = s->prom;
    out->prom_all = s->prom_all;
    out->dem = s->dem;
    out->dem_empty = s->dem_empty;
    for (unsigned b = 0; b < s->cfg.max_batches; b++)
        out->act_cnt[b] = s->cnt[b];
}

void tbas_tick(tbas_state_t *s, const tbas_in_t *in)
{
    const unsigned n = s->cfg.num_warps, nb = s->cfg.max_batches;
    const uint64_t exit = in->exit & bits_mask(n), active = in->active & bits_mask(n);
    const uint64_t launch = launch_eff(s, in);
    const uint64_t lb = in->launch_batch & bits_mask(bits_idx_width(nb));
    decide_t d;
    decide(s, in, &d);
    const uint64_t g = gto(s, in);

    const uint64_t min = in->min_active & bits_mask(bits_clog2((uint64_t)n + 1));
    s->run = (s->run & ~d.dem) | d.prom;
    s->prom = d.prom;
    s->prom_all = d.prom_all;
    s->dem = d.dem;
    s->dem_empty = d.dem_empty;
    make_youngest(s->bold, nb, d.newb);
    s->newb = d.newb;
    make_youngest(s->wold, n, launch);
    s->last = (g ? g : s->last) & ~exit & ~launch;
    /* the eligibility stage, from the snapshot and the slots it was taken over */
    s->ge = s->ne = s->elig = 0;
    for (unsigned b = 0; b < nb; b++) {
        const uint64_t bit = UINT64_C(1) << b;
        s->cnt[b] = s->snap_cnt[b];
        if (s->snap_cnt[b] >= min)
            s->ge |= bit;
        if (s->mem[b])
            s->ne |= bit;
    }
    s->elig = s->ne & (s->ge | s->snap_all);
    /* the slots after this cycle's launches and exits, and their snapshot */
    s->snap_all = 0;
    for (unsigned b = 0; b < nb; b++) {
        s->mem[b] = (s->mem[b] & ~exit & ~launch) | (lb == b ? launch : 0);
        s->snap_cnt[b] = (uint64_t)__builtin_popcountll(s->mem[b] & active);
        if (!(s->mem[b] & ~active))
            s->snap_all |= UINT64_C(1) << b;
    }
}

void tbas_account(const tbas_cfg_t *cfg, const tbas_in_t *in, const tbas_out_t *out, tbas_stats_t *st)
{
    (void)cfg;
    (void)in;
    st->cycles++;
    st->issued += out->issue_valid & 1;
    st->idle_running += !(out->issue_valid & 1) && out->run != 0;
    st->promotions += (uint64_t)__builtin_popcountll(out->prom);
    st->promotions_all += (uint64_t)__builtin_popcountll(out->prom_all);
    st->demotions += (uint64_t)__builtin_popcountll(out->dem);
    st->demotions_empty += (uint64_t)__builtin_popcountll(out->dem_empty);
}

void tbas_chk_init(tbas_chk_t *c)
{
    memset(c, 0, sizeof *c);
}

int tbas_check(tbas_chk_t *c, const tbas_state_t *s, const tbas_in_t *in, int rst_n, char *msg, size_t n)
{
    const uint64_t min = in->min_active & bits_mask(bits_clog2((uint64_t)s->cfg.num_warps + 1));
    const uint64_t min_q = c->min, run_q = c->run;
    const uint64_t launch = in->launch & bits_mask(s->cfg.num_warps);
    const uint64_t lb = in->launch_batch & bits_mask(bits_idx_width(s->cfg.max_batches));
    c->min = min;
    c->run = (uint64_t)(rst_n & 1);
    if (!(rst_n & 1))
        return 0;
    if (run_q && min_q != min) {
        snprintf(msg, n, "tbas: MinActive changed out of reset");
        return -1;
    }
    if (launch && lb >= s->cfg.max_batches) {
        snprintf(msg, n, "tbas: launch into batch %" PRIu64 " >= MaxBatches", lb);
        return -1;
    }
    const uint64_t bad = launch & tbas_live(s) & ~in->exit;
    if (bad) {
        snprintf(msg, n, "tbas: warp %d launched while live", __builtin_ctzll(bad));
        return -1;
    }
    return 0;
}
