#include "dram_sched.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"

const char *const dram_sched_policy_names[] = {"fcfs", "fr-fcfs", "mshr-m", "mshr-s", "mshr-s+a", NULL};
const char *const dram_sched_why_names[] = {"none", "oldest", "hit", "rowscore", "w-hit", "w-oldest", NULL};

unsigned dram_sched_score_w(const dram_sched_cfg_t *cfg) { return DS_AGE_W + bits_clog2(cfg->rdq); }
unsigned dram_sched_len_w(const dram_sched_cfg_t *cfg) { return bits_clog2(16 * (uint64_t)cfg->rdq + 1); }

/* Returns 0, or -EINVAL (with a message on stderr) for a parameter out of range. */
int dram_sched_init(dram_sched_state_t *s, const dram_sched_cfg_t *cfg)
{
    const dram_sched_cfg_t *c = cfg;
    if (c->rdq < 1 || c->rdq > DS_MAX_RDQ || c->wrq < 1 || c->wrq > DS_MAX_WRQ || c->high_wm < 1 ||
        c->high_wm > c->wrq || c->low_wm >= c->high_wm || c->bank_w < 1 || c->bank_w > DS_MAX_BANKW ||
        c->row_w < 1 || c->row_w > 20 || c->addr_w < 1 || c->addr_w > 48) {
        fprintf(stderr,
                "dram_sched: RdQ=%u WrQ=%u HighWM=%u LowWM=%u BankW=%u RowW=%u AddrW=%u out of range "
                "(RdQ 1..%d, WrQ 1..%d, 1 <= HighWM <= WrQ, LowWM < HighWM, BankW 1..%d, RowW 1..20, "
                "AddrW 1..48)\n",
                c->rdq, c->wrq, c->high_wm, c->low_wm, c->bank_w, c->row_w, c->addr_w, DS_MAX_RDQ, DS_MAX_WRQ,
                DS_MAX_BANKW);
        return -EINVAL;
    }
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->smax = bits_mask(dram_sched_score_w(cfg));
    s->m_bank = bits_mask(cfg->bank_w);
    s->m_row = bits_mask(cfg->row_w);
    s->m_addr = bits_mask(cfg->addr_w);
    s->m_banks = bits_mask(1u << cfg->bank_w);
    dram_sched_reset(s);
    return 0;
}

/* Counts, the drain state, the open-row table, the pipeline registers and the
 * row-score store's count to their reset values; the queue and store storage
 * keeps its contents (no reset in the RTL). */
void dram_sched_reset(dram_sched_state_t *s)
{
    s->rd_count = s->wr_count = 0;
    s->drain = 0;
    memset(s->open_valid, 0, sizeof s->open_valid);
    memset(s->open_row, 0, sizeof s->open_row);
    memset(&s->g, 0, sizeof s->g);
    s->rsl = s->wsl = (ds_short_t){.best_p = -1, .best_f = -1};
    s->ticks = 0;
    memset(s->in_bank, 0, sizeof s->in_bank);
    s->banks_used[0] = s->banks_used[1] = 0;
    s->open_hit[0] = s->open_hit[1] = 0;
    s->sl_rp_valid = s->sl_rp_bank = s->sl_rp_row = s->sl_rp_score = 0;
    s->rpl.n = 0;
    s->rp_valid = s->rp_bank = s->rp_row = s->rp_score = 0;
    s->dq_valid = s->dq_addr = s->dq_len = s->dq_age = 0;
    s->br = 0;                       /* no bank ready in the first cycle after reset */
    s->du_valid = s->du_bank = s->du_row = s->du_age = 0;
    s->du_dlen = 0;
    s->dt_term = s->dt_dlen = 0;
    s->pa_valid = s->pa_bank = s->pa_row = s->pa_age = 0;
    s->pd_valid = 0;                 /* the RTL's rd_left_q; its terms are used only with an entry's flag */
    s->pd_term = s->pd_len = 0;
    s->rs_count = 0;
    s->rs_hole = -1;
}

/* An entry's aged sum as the row shortlist and the entry's own update read it:
 * saturated at 2^ScoreW - 1. The RTL keeps two bits above ScoreW and saturates
 * when it reads the sum, not when it writes it (no select after the adder);
 * min(smax, min(smax, s) + d) is what saturating at each write gives. */
static uint64_t rs_score(uint64_t smax, const ds_row_t *r)
{
    return (uint64_t)r->score > smax ? smax : (uint64_t)r->score;
}

static uint64_t sat_age(uint64_t a) { return a > DS_AGE_MAX ? DS_AGE_MAX : a; }

/* A read's age now: every edge since it was set added its length + 1,
 * saturating (one sum: the additions are never negative). */
static uint64_t age_of(const dram_sched_state_t *s, const ds_entry_t *e)
{
    uint64_t dt = s->ticks - e->t;
    if (dt > DS_AGE_MAX)
        dt = DS_AGE_MAX;   /* length + 1 >= 1: saturated already */
    return sat_age(e->age + (e->len + 1) * dt);
}

uint64_t dram_sched_rd_age(const dram_sched_state_t *s, unsigned i) { return age_of(s, &s->rd[i]); }

/* Sets of entries (ds_set_t): bit i is index i. */
static ds_set_t set_below(unsigned k) { return k >= 128 ? ~(ds_set_t)0 : ((ds_set_t)1 << k) - 1; }
static ds_set_t set_bit(unsigned i) { return (ds_set_t)1 << i; }
/* The set with index k taken out and the indices above it moved down one. */
static ds_set_t set_drop(ds_set_t m, unsigned k) { return (m & set_below(k)) | ((m >> 1) & ~set_below(k)); }
static int set_first(ds_set_t m)
{
    const uint64_t lo = (uint64_t)m, hi = (uint64_t)(m >> 64);
    return lo ? __builtin_ctzll(lo) : hi ? 64 + __builtin_ctzll(hi) : -1;
}
/* The entries of queue w in bank b whose row is r. */
static ds_set_t row_set(const dram_sched_state_t *s, int w, uint64_t b, uint64_t r)
{
    const ds_entry_t *e = w ? s->wr : s->rd;
    ds_set_t m = 0;
    for (ds_set_t x = s->in_bank[w][b]; x; x &= x - 1) {
        const int i = set_first(x);
        if (e[i].row == r)
            m |= set_bit((unsigned)i);
    }
    return m;
}

static unsigned policy_of(const dram_sched_in_t *in)
{
    const uint64_t pol3 = in->policy & 7;  /* policy_i is 3 bits; 5..7 act as FCFS */
    return pol3 <= DS_MSHR_SA ? (unsigned)pol3 : DS_FCFS;
}

/* This cycle's choice, made from last cycle's shortlist; it becomes the grant
 * (sched_*) of the next cycle. */
typedef struct {
    int drain;          /* write drain this cycle */
    int valid, write;   /* something is chosen; from the write queue */
    unsigned idx;       /* its queue index this cycle */
    int hit;
    unsigned why;
    uint64_t rowscore;
} decision_t;

static int bank_ok(uint64_t ready, uint64_t bank) { return (int)((ready >> bank) & 1); }

/* The request score under the policy: MSHR-M/-S the merge length, MSHR-S+A
 * the age, FCFS/FR-FCFS none (0: only the arrival order decides). */
static uint64_t req_score(const dram_sched_state_t *s, const ds_entry_t *e, unsigned policy)
{
    switch (policy) {
    case DS_MSHR_M:
    case DS_MSHR_S: return e->len + 1;
    case DS_MSHR_SA: return age_of(s, e);
    default: return 0;
    }
}

/* The granted entry of a queue: it is still queued this cycle and leaves at its end. */
static int granted(const dram_sched_state_t *s, int write, unsigned i)
{
    return s->g.valid && (int)s->g.write == write && s->g.idx == i;
}

/* The write drain this cycle: from its state and the counts at the start of the cycle. */
static int drain_now(const dram_sched_state_t *s)
{
    const dram_sched_cfg_t *c = &s->cfg;
    if (s->drain)
        return !((s->wr_count <= c->low_wm && s->rd_count != 0) || s->wr_count == 0);
    return s->wr_count >= c->high_wm || (s->rd_count == 0 && s->wr_count != 0);
}

/* The choice stage: the write drain decides the queue (on the counts at the
 * start of the cycle); from that queue's shortlist, the best of class p, else
 * the best of class f (Rule 1 on the snapshot; FR-FCFS and FCFS by age
 * alone, their keys being 0). */
static void decide(const dram_sched_state_t *s, const dram_sched_in_t *in, decision_t *d)
{
    memset(d, 0, sizeof *d);
    d->drain = drain_now(s);

    const ds_short_t *q = d->drain ? &s->wsl : &s->rsl;
    const int primary = q->best_p >= 0;
    const int w = primary ? q->best_p : q->best_f;
    if (w < 0)
        return;
    const unsigned policy = policy_of(in);
    d->valid = 1;
    d->write = d->drain;
    d->idx = (unsigned)w;
    d->hit = primary ? q->hit_p : q->hit_f;
    if (d->drain)
        d->why = primary ? DS_WHY_WHIT : DS_WHY_WOLDEST;
    else if (policy == DS_FCFS || (policy == DS_FRFCFS && !primary))
        d->why = DS_WHY_OLDEST;
    else if (primary)
        d->why = DS_WHY_HIT;
    else {
        d->why = DS_WHY_ROW;
        d->rowscore = s->sl_rp_score;
    }
}

/* The open-row table (in the tick, once updated: as this cycle's choice leaves it). */
static int is_open(const dram_sched_state_t *s, uint64_t bank, uint64_t row)
{
    return s->open_valid[bank] && s->open_row[bank] == row;
}

/* The shortlist stage, on the state at the start of the cycle: every request
 * except the one shown now (it leaves at the end of the cycle) and the one
 * chosen now (shown next cycle), with the bank readiness given last cycle
 * (bank_ready is registered at the input: s->br), the row
 * hits against the open rows as this cycle's choice leaves them (hits), the row
 * picked last (its reads are class f under MSHR-*) and the request scores now.
 * Indexed as the queue will be next cycle. The choice stage's pick of each
 * class is found here, from the sets of entries: the largest request score,
 * ties to the lowest index (FCFS, FR-FCFS and writes: the lowest index). */
static void pick(const dram_sched_state_t *s, int write, ds_set_t m, unsigned policy, int *best)
{
    const ds_entry_t *e = write ? s->wr : s->rd;
    *best = set_first(m);
    if (write || *best < 0 || (policy != DS_MSHR_M && policy != DS_MSHR_S && policy != DS_MSHR_SA))
        return;
    uint64_t top = req_score(s, &e[*best], policy);
    for (ds_set_t x = m & (m - 1); x; x &= x - 1) {
        const int i = set_first(x);
        const uint64_t k = req_score(s, &e[i], policy);
        if (k > top) {
            top = k;
            *best = i;
        }
    }
}

static inline __attribute__((always_inline)) void shortlist_queue(const dram_sched_state_t *s, const decision_t *d,
                                                                  ds_set_t hits, unsigned policy, int write,
                                                                  ds_short_t *q)
{
    const unsigned count = write ? s->wr_count : s->rd_count;
    const int gone = s->g.valid && (int)s->g.write == write;
    if (count <= (unsigned)gone) {   /* nothing queued but the leaving request: both classes empty */
        q->best_p = q->best_f = -1;
        q->hit_p = q->hit_f = 0;
        return;
    }
    const int mshr = policy == DS_MSHR_M || policy == DS_MSHR_S || policy == DS_MSHR_SA;
    ds_set_t ready = 0;
    for (uint64_t b = s->br & s->banks_used[write]; b; b &= b - 1)
        ready |= s->in_bank[write][__builtin_ctzll(b)];
    ds_set_t elig = ready & set_below(count);
    if (gone)
        elig &= ~set_bit(s->g.idx);   /* leaves at the end of this cycle: the entries above move down */
    if (d->valid && d->write == write)
        elig &= ~set_bit(d->idx);     /* chosen now */
    if (!elig) {   /* (both classes empty: what the picks below would give) */
        q->best_p = q->best_f = -1;
        q->hit_p = q->hit_f = 0;
        return;
    }
    ds_set_t p, f;
    if (write) {
        p = elig & hits;
        f = elig;
    } else {
        p = policy == DS_FCFS ? elig : elig & hits;
        f = policy == DS_FRFCFS ? elig
            : mshr && s->rp_valid ? elig & row_set(s, 0, s->rp_bank, s->rp_row) : 0;
    }
    int bp, bf;
    pick(s, write, p, policy, &bp);
    pick(s, write, f, policy, &bf);
    q->hit_p = bp >= 0 && (hits >> bp & 1);
    q->hit_f = bf >= 0 && (hits >> bf & 1);
    /* indexed as next cycle: the request leaving now is out */
    q->best_p = bp >= 0 && gone && (unsigned)bp > s->g.idx ? bp - 1 : bp;
    q->best_f = bf >= 0 && gone && (unsigned)bf > s->g.idx ? bf - 1 : bf;
}

/* The row pick's choice stage: the best row of last cycle's row shortlist
 * (ties to the first), or, with none, the last pick kept. */
static void row_pick(const dram_sched_state_t *s, uint64_t *valid, uint64_t *bank, uint64_t *row, uint64_t *score)
{
    *valid = s->rp_valid;
    *bank = s->rp_bank;
    *row = s->rp_row;
    *score = s->rp_score;
    const ds_rshort_t *r = &s->rpl;
    int w = -1;
    for (unsigned i = 0; i < r->n; i++)
        if (w < 0 || r->key[i] > r->key[w])
            w = (int)i;
    if (w >= 0) {
        *valid = 1;
        *bank = r->bank[w];
        *row = r->row[w];
        *score = r->key[w];
    }
}

/* The row pick's shortlist stage, on the state at the start of the cycle:
 * the rows with reads queued, in a bank ready (s->br), not open as this cycle's
 * choice leaves the open rows, and neither the row picked now (rpv/rpb/rpr)
 * nor the one picked last cycle (s->rp_*, which this cycle's read shortlist
 * uses): the next two choices may open those and take their reads, and
 * picked again they would leave a later choice a row with nothing to send. The row score: MSHR-S the
 * merge-length sum, MSHR-S+A the aged sum (store entries, in allocation
 * order); MSHR-M the largest merge length in the row, that is the reads
 * themselves in arrival order with their merge lengths (the row of the oldest
 * read with the largest length wins). FCFS and FR-FCFS pick no row. */
static void row_shortlist(const dram_sched_state_t *s, unsigned policy, uint64_t rpv, uint64_t rpb, uint64_t rpr, ds_rshort_t *r)
{
    r->n = 0;
#define ROW_SKIP(b_, r_)                                                                                    \
    (!bank_ok(s->br, (b_)) || is_open(s, (b_), (r_)) || (rpv && rpb == (b_) && rpr == (r_)) ||          \
     (s->rp_valid && s->rp_bank == (b_) && s->rp_row == (r_)))
    if (policy == DS_MSHR_M) {
        for (unsigned i = 0; i < s->rd_count; i++) {
            const ds_entry_t *e = &s->rd[i];
            if (ROW_SKIP(e->bank, e->row))
                continue;
            r->bank[r->n] = e->bank;
            r->row[r->n] = e->row;
            r->key[r->n++] = e->len + 1;
        }
    } else if (policy == DS_MSHR_S || policy == DS_MSHR_SA) {
        const uint64_t smax = s->smax;
        for (unsigned i = 0; i < s->rs_count; i++) {
            const ds_row_t *w = &s->rs[i];
            if (!w->valid || ROW_SKIP(w->bank, w->row))
                continue;
            r->bank[r->n] = w->bank;
            r->row[r->n] = w->row;
            r->key[r->n++] = policy == DS_MSHR_S ? (uint64_t)w->len : rs_score(smax, w);
        }
    }
#undef ROW_SKIP
}

/* The read last cycle's dummy (registered at the input, searched now)
 * updates: the oldest queued read with its address that does not leave this
 * cycle; -1 if none. */
static int dummy_match(const dram_sched_state_t *s)
{
    if (!s->dq_valid)
        return -1;
    const uint64_t a = s->dq_addr;
    for (unsigned i = 0; i < s->rd_count; i++)
        if (s->rd[i].addr == a && !granted(s, 0, i))
            return (int)i;
    return -1;
}

void dram_sched_eval(const dram_sched_state_t *s, const dram_sched_in_t *in, dram_sched_out_t *out)
{
    const dram_sched_cfg_t *c = &s->cfg;
    /* every field is written (no memset: a call, its branches, every cycle the
     * scheduler runs); the per-bank outputs for the 2^BankW banks there are
     * (their ports' length), the rest of the arrays is never read */
    out->rd_ready = s->rd_count + s->pd_valid < c->rdq;
    out->wr_ready = s->wr_count < c->wrq;
    out->dm_ready = 1;
    if (s->g.valid) {
        const ds_entry_t *e = s->g.write ? &s->wr[s->g.idx] : &s->rd[s->g.idx];
        out->sched_valid = 1;
        out->sched_write = s->g.write;
        out->sched_addr = e->addr;
        out->sched_bank = e->bank;
        out->sched_row = e->row;
        out->sched_hit = s->g.hit;
        out->sched_why = s->g.why;
        out->sched_score = s->g.write ? 0 : req_score(s, e, policy_of(in));
        out->sched_rowscore = s->g.rowscore;
    } else {
        out->sched_valid = out->sched_write = out->sched_addr = out->sched_bank = out->sched_row = 0;
        out->sched_hit = out->sched_why = out->sched_score = out->sched_rowscore = 0;
    }
    out->drain = (uint64_t)drain_now(s);   /* the queue this cycle's choice is made from */
    out->rd_count = s->rd_count;
    out->wr_count = s->wr_count;
    out->dm_drop = s->dq_valid && dummy_match(s) < 0;
    memcpy(out->open_valid, s->open_valid, sizeof s->open_valid[0] << c->bank_w);
    memcpy(out->open_row, s->open_row, sizeof s->open_row[0] << c->bank_w);
}

/* Entry idx leaves queue w: the entries above move down, in the sets too. */
static void remove_at(dram_sched_state_t *s, int w, unsigned idx)
{
    ds_entry_t *q = w ? s->wr : s->rd;
    unsigned *count = w ? &s->wr_count : &s->rd_count;
    const uint64_t b = q[idx].bank;
    memmove(&q[idx], &q[idx + 1], (*count - idx - 1) * sizeof q[0]);
    (*count)--;
    for (uint64_t u = s->banks_used[w]; u; u &= u - 1)
        s->in_bank[w][__builtin_ctzll(u)] = set_drop(s->in_bank[w][__builtin_ctzll(u)], idx);
    if (!s->in_bank[w][b])
        s->banks_used[w] &= ~(1ull << b);
    s->open_hit[w] = set_drop(s->open_hit[w], idx);
}

/* A new entry at the end of queue w. */
static ds_entry_t *append(dram_sched_state_t *s, int w, uint64_t bank, uint64_t row)
{
    ds_entry_t *e = w ? &s->wr[s->wr_count] : &s->rd[s->rd_count];
    const unsigned i = w ? s->wr_count++ : s->rd_count++;
    e->bank = bank;
    e->row = row;
    s->in_bank[w][bank] |= set_bit(i);
    s->banks_used[w] |= 1ull << bank;
    if (s->open_valid[bank] && s->open_row[bank] == row)
        s->open_hit[w] |= set_bit(i);
    return e;
}

/* The row-score store at the clock edge. Each valid entry keeps its row's
 * aged sum equal to the sum of its reads' ages after the edge (up to the
 * reads' saturation, which the store does not see, and the changes still in
 * flight): it ages by its merge-length sum, as every read ages by its merge
 * length, and takes its row's changes, each flagged at the edge before --
 * the read that left at the last edge (its age + 2 x its length out: its
 * age after that edge and this edge's aging, which still counted it; its
 * length out); last cycle's dummy (its age, and three times its change of
 * length: the edge it was applied at, the last edge and this one aged the
 * entry by the old length); last cycle's new read of a row that had an entry
 * (its age after this edge, age + 2, and length 1 in). A new read of a row
 * with no entry gets one at the end at once (score age + 1, length 1); a new
 * read of a row with an entry is only matched now (it keeps the entry from
 * being freed) and taken at the next edge. The sum saturates at its top as
 * it is read (rs_score); it is never below 0 while the entry is valid. An
 * entry whose length sum reaches 0 with no read of its row arriving has no
 * read left: it is marked free and squeezed out at the next edge, when last
 * cycle's free entry is. g is the read leaving at this edge (NULL if none):
 * its entry is flagged now. Only MSHR-S and MSHR-S+A read the store (the row
 * pick); under the other policies no output depends on it, and the model
 * keeps it empty (the RTL's is written and never read; the policy is static
 * out of reset, and reset empties the store). */
static void store_tick(dram_sched_state_t *s, const dram_sched_in_t *in, unsigned policy, int rd_in,
                       const ds_entry_t *g)
{
    if (policy != DS_MSHR_S && policy != DS_MSHR_SA) {
        /* No entry is made, so none is kept (the store is empty): of the
         * departure's terms, only its flag is read (rd_ready_o); the rest
         * of this edge's writes are read only with an entry's flag. */
        s->pd_valid = g != NULL;
        return;
    }
    const uint64_t smax = s->smax;
    const uint64_t nb = in->rd_bank & s->m_bank, nr = in->rd_row & s->m_row;
    const uint64_t na = in->rd_age & bits_mask(DS_AGE_W);
    int matched = 0, freed = -1;
    for (unsigned i = 0; i < s->rs_count; i++) {
        ds_row_t *r = &s->rs[i];
        if (!r->valid)
            continue;
        int64_t ds = r->len;             /* aging: the aged sum grows by the length sum */
        int64_t dl = 0;
        const int dep = (int)r->pf;      /* the read that left at the last edge */
        if (dep) {
            ds -= s->pd_term;
            dl -= s->pd_len;
        }
        if (r->df) {                     /* the dummy flagged at the last edge */
            ds += s->dt_term;
            dl += s->dt_dlen;
        }
        if (s->pa_valid && s->pa_bank == r->bank && s->pa_row == r->row) {
            ds += (int64_t)s->pa_age + 2;
            dl += 1;
        }
        /* This edge flags the entries of the dummy searched last cycle and of the read leaving now. */
        r->df = s->du_valid && s->du_bank == r->bank && s->du_row == r->row;
        r->pf = g && g->bank == r->bank && g->row == r->row;
        const int arrives = rd_in && nb == r->bank && nr == r->row;
        matched |= arrives;
        r->score = (int64_t)rs_score(smax, r) + ds;   /* saturated as it is read: see rs_score */
        r->len += dl;
        /* Freed: a departure took its last read, and none arrives. */
        if (dep && !arrives && r->len == 0) {
            r->valid = 0;
            r->df = r->pf = 0;
            freed = (int)i;
        }
    }
    s->dt_term = (int64_t)s->du_age + 3 * s->du_dlen;
    s->dt_dlen = s->du_dlen;
    s->pd_valid = g != NULL;
    s->pd_term = g ? (int64_t)(age_of(s, g) + 2 * (g->len + 1)) : 0;
    s->pd_len = g ? (int64_t)g->len + 1 : 0;
    if (s->rs_hole >= 0) {
        memmove(&s->rs[s->rs_hole], &s->rs[s->rs_hole + 1], (s->rs_count - (unsigned)s->rs_hole - 1) * sizeof s->rs[0]);
        s->rs_count--;
        if (freed > s->rs_hole)
            freed--;
    }
    s->rs_hole = freed;
    s->pa_valid = (uint64_t)matched;
    s->pa_bank = nb;
    s->pa_row = nr;
    s->pa_age = na;
    if (rd_in && !matched)
        s->rs[s->rs_count++] = (ds_row_t){.valid = 1, .bank = nb, .row = nr,
                                          .score = (int64_t)(na + 1 > smax ? smax : na + 1), .len = 1};
}

/* The clock edge. On the state at the start of the cycle: the choice (from
 * last cycle's shortlist: next cycle's grant) and the open rows it leaves,
 * the row pick (from last cycle's row shortlist), this cycle's shortlists,
 * the dummy's match. Then the granted request leaves its queue and its row's
 * store entry, the row-score store takes the changes, the dummy updates its
 * read, the new requests enter (if there was room at the start of the
 * cycle), and every read ages by its merge length. */
void dram_sched_tick(dram_sched_state_t *s, const dram_sched_in_t *in)
{
    const dram_sched_cfg_t *c = &s->cfg;
    const unsigned policy = policy_of(in);
    decision_t d;
    decide(s, in, &d);

    /* The chosen request's row is its bank's open row from the next cycle
     * on: the table is updated now (nothing below reads it as it was; the
     * row shortlist reads it as the choice leaves it). */
    if (d.valid) {
        const ds_entry_t *e = d.write ? &s->wr[d.idx] : &s->rd[d.idx];
        s->open_valid[e->bank] = 1;
        s->open_row[e->bank] = e->row;
    }
    /* the row hits as the choice leaves the open rows: only the chosen bank's can change */
    ds_set_t hits[2] = {s->open_hit[0], s->open_hit[1]};
    if (d.valid) {
        const ds_entry_t *e = d.write ? &s->wr[d.idx] : &s->rd[d.idx];
        for (int w = 0; w < 2; w++)
            if (s->in_bank[w][e->bank])   /* (else the queue has no entry there to change) */
                hits[w] = (hits[w] & ~s->in_bank[w][e->bank]) | row_set(s, w, e->bank, e->row);
    }
    uint64_t rpv, rpb, rpr, rps;
    row_pick(s, &rpv, &rpb, &rpr, &rps);
    shortlist_queue(s, &d, hits[0], policy, 0, &s->rsl);
    shortlist_queue(s, &d, hits[1], policy, 1, &s->wsl);
    if (policy >= DS_MSHR_M)
        row_shortlist(s, policy, rpv, rpb, rpr, &s->rpl);
    else
        s->rpl.n = 0;   /* FCFS and FR-FCFS pick no row */
    /* the read shortlist's class f is the row picked last (the one in effect this cycle) */
    s->sl_rp_valid = s->rp_valid;
    s->sl_rp_bank = s->rp_bank;
    s->sl_rp_row = s->rp_row;
    s->sl_rp_score = s->rp_score;
    s->open_hit[0] = hits[0];
    s->open_hit[1] = hits[1];

    const int m = dummy_match(s);
    const int rd_in = (in->rd_valid & 1) && s->rd_count + s->pd_valid < c->rdq;
    const int wr_in = (in->wr_valid & 1) && s->wr_count < c->wrq;

    store_tick(s, in, policy, rd_in, s->g.valid && !s->g.write ? &s->rd[s->g.idx] : NULL);

    /* The dummy: its read's new merge length and age; its row's entry is
     * flagged at the next edge and takes the change at the one after. */
    s->du_valid = m >= 0;
    if (m >= 0) {
        ds_entry_t *e = &s->rd[m];
        const uint64_t len = s->dq_len, age = s->dq_age;
        s->du_bank = e->bank;
        s->du_row = e->row;
        s->du_age = age;
        s->du_dlen = (int64_t)len - (int64_t)e->len;
        e->age = sat_age(age_of(s, e) + age);   /* with the old length up to now */
        e->t = s->ticks;
        e->len = len;
    }
    /* The granted request leaves; the new grant's index follows the queue. */
    unsigned idx = d.idx;
    if (s->g.valid) {
        remove_at(s, (int)s->g.write, s->g.idx);
        if (d.valid && d.write == (int)s->g.write && d.idx > s->g.idx)
            idx--;
    }
    s->g = (ds_grant_t){.valid = (uint64_t)d.valid, .write = (uint64_t)d.write, .idx = d.valid ? idx : 0,
                        .hit = (uint64_t)d.hit, .why = d.why, .rowscore = d.rowscore};
    if (rd_in) {
        ds_entry_t *e = append(s, 0, in->rd_bank & s->m_bank, in->rd_row & s->m_row);
        e->addr = in->rd_addr & s->m_addr;
        e->len = 0;
        e->age = in->rd_age & bits_mask(DS_AGE_W);
        e->t = s->ticks;
    }
    if (wr_in) {
        ds_entry_t *e = append(s, 1, in->wr_bank & s->m_bank, in->wr_row & s->m_row);
        e->addr = in->wr_addr & s->m_addr;
        e->len = e->age = e->t = 0;
    }
    s->ticks++;   /* every read ages by its merge length (age_of) */
    s->rp_valid = rpv;
    s->rp_bank = rpb;
    s->rp_row = rpr;
    s->rp_score = rps;
    s->drain = (uint64_t)d.drain;
    s->br = in->bank_ready & s->m_banks;
    s->dq_valid = in->dm_valid & 1;
    s->dq_addr = in->dm_addr & s->m_addr;
    s->dq_len = in->dm_len & bits_mask(DS_LEN_W);
    s->dq_age = in->dm_age & bits_mask(DS_AGE_W);
}

int dram_sched_quiet(const dram_sched_state_t *s)
{
    const dram_sched_cfg_t *c = &s->cfg;
    return !s->rd_count && !s->wr_count && !s->g.valid && !s->drain && c->high_wm > 0 && !s->dq_valid &&
           !s->du_valid && !s->rs_count && !s->pa_valid && (!s->pd_valid || c->rdq > 1) && !s->rpl.n &&
           s->rsl.best_p < 0 && s->rsl.best_f < 0 && s->wsl.best_p < 0 && s->wsl.best_f < 0;
}

void dram_sched_account(const dram_sched_cfg_t *cfg, const dram_sched_in_t *in, const dram_sched_out_t *out,
                        dram_sched_stats_t *st)
{
    (void)cfg; /* every counter is a port event; no width depends on the parameters */
    st->cycles++;
    st->rd_in += (in->rd_valid & 1) && (out->rd_ready & 1);
    st->wr_in += (in->wr_valid & 1) && (out->wr_ready & 1);
    st->dm_in += in->dm_valid & 1;
    if (st->dm_pend) {                   /* last cycle's dummy, searched now */
        st->dm_dropped += out->dm_drop & 1;
        st->dm_applied += !(out->dm_drop & 1);
    }
    st->dm_pend = in->dm_valid & 1;
    if (out->sched_valid & 1) {
        if (out->sched_write & 1) {
            st->wr_sched++;
            st->wr_hits += out->sched_hit & 1;
        } else {
            st->rd_sched++;
            st->rd_hits += out->sched_hit & 1;
            st->rd_by_score += (out->sched_why & 7) == DS_WHY_ROW;
        }
    } else if (out->rd_count || out->wr_count) {
        st->idle_cycles++;
    }
    st->drain_cycles += out->drain & 1;
}

void dram_sched_chk_init(dram_sched_chk_t *c)
{
    c->policy = 0;
    c->run = 0;
}

int dram_sched_check(dram_sched_chk_t *c, const dram_sched_state_t *s, const dram_sched_in_t *in, int rst_n,
                     char *msg, size_t n)
{
    (void)s; /* the usage rules look at the inputs only */
    const uint64_t pol = in->policy & 7, pol_q = c->policy, run_q = c->run;
    c->policy = pol;                     /* f_policy_q, f_run_q: every clock */
    c->run = (uint64_t)(rst_n & 1);
    if (!(rst_n & 1))
        return 0;
    if (pol > DS_MSHR_SA) {
        snprintf(msg, n, "dram_sched: policy %" PRIu64 " is not defined", pol);
        return -1;
    }
    if (run_q && pol_q != pol) {
        snprintf(msg, n, "dram_sched: the policy changed out of reset");
        return -1;
    }
    return 0;
}
