#include "dram_sched.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"

const char *const dram_sched_policy_names[] = {"fcfs", "fr-fcfs", "mshr-m", "mshr-s", "mshr-s+a", NULL};
const char *const dram_sched_why_names[] = {"none", "oldest", "hit", "rowscore", "w-hit", "w-oldest", NULL};

unsigned dram_sched_score_w(const dram_sched_cfg_t *cfg) { return DS_AGE_W + bits_clog2(cfg->rdq); }

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
    dram_sched_reset(s);
    return 0;
}

/* Counts, the drain state and the open-row table to their reset values; the
 * queue storage keeps its contents (no reset in the RTL). */
void dram_sched_reset(dram_sched_state_t *s)
{
    s->rd_count = s->wr_count = 0;
    s->drain = 0;
    memset(s->open_valid, 0, sizeof s->open_valid);
    memset(s->open_row, 0, sizeof s->open_row);
}

static uint64_t sat_age(uint64_t a) { return a > DS_AGE_MAX ? DS_AGE_MAX : a; }

/* The decision of one cycle, on the state at the start of the cycle. */
typedef struct {
    int drain;          /* write drain this cycle */
    int valid, write;   /* something is scheduled; from the write queue */
    unsigned idx;       /* its queue index */
    int hit;
    unsigned why;
    uint64_t score, rowscore;
} decision_t;

static int bank_ok(const dram_sched_in_t *in, uint64_t bank) { return (int)((in->bank_ready >> bank) & 1); }

static int is_hit(const dram_sched_state_t *s, const ds_entry_t *e)
{
    return s->open_valid[e->bank] && s->open_row[e->bank] == e->row;
}

/* The request score of read i under the policy: MSHR-M/-S the merge length,
 * MSHR-S+A the age, FCFS/FR-FCFS none (0: only the age order decides). */
static uint64_t req_score(const ds_entry_t *e, unsigned policy)
{
    switch (policy) {
    case DS_MSHR_M:
    case DS_MSHR_S: return e->len + 1;
    case DS_MSHR_SA: return e->age;
    default: return 0;
    }
}

static int same_row(const ds_entry_t *a, const ds_entry_t *b) { return a->bank == b->bank && a->row == b->row; }

/* Row score of read i's row: the largest request score in the row (MSHR-M) or
 * their sum (MSHR-S, MSHR-S+A). Every read of a row is in one bank, so all of
 * them are eligible when one is. */
static uint64_t row_score(const dram_sched_state_t *s, unsigned i, unsigned policy)
{
    uint64_t v = 0;
    for (unsigned j = 0; j < s->rd_count; j++) {
        if (!same_row(&s->rd[i], &s->rd[j]))
            continue;
        uint64_t k = req_score(&s->rd[j], policy);
        if (policy == DS_MSHR_M)
            v = k > v ? k : v;
        else
            v += k;
    }
    return v;
}

/* Among reads with mask[i], the one with the largest request score, ties to the oldest; -1 if none. */
static int best_request(const dram_sched_state_t *s, const unsigned char *mask, unsigned policy)
{
    int w = -1;
    uint64_t best = 0;
    for (unsigned i = 0; i < s->rd_count; i++) {
        if (!mask[i])
            continue;
        uint64_t k = req_score(&s->rd[i], policy);
        if (w < 0 || k > best) {
            w = (int)i;
            best = k;
        }
    }
    return w;
}

static void decide(const dram_sched_state_t *s, const dram_sched_in_t *in, decision_t *d)
{
    const dram_sched_cfg_t *c = &s->cfg;
    memset(d, 0, sizeof *d);
    /* Write drain: hysteresis between the watermarks, on the counts at the start of the cycle. */
    if (s->drain)
        d->drain = !((s->wr_count <= c->low_wm && s->rd_count != 0) || s->wr_count == 0);
    else
        d->drain = s->wr_count >= c->high_wm || (s->rd_count == 0 && s->wr_count != 0);

    if (d->drain) {
        /* FR-FCFS on the write queue: the oldest eligible row hit, else the oldest eligible. */
        int old = -1, hit = -1;
        for (unsigned i = 0; i < s->wr_count; i++) {
            if (!bank_ok(in, s->wr[i].bank))
                continue;
            if (old < 0)
                old = (int)i;
            if (hit < 0 && is_hit(s, &s->wr[i]))
                hit = (int)i;
        }
        if (old < 0)
            return;
        d->valid = d->write = 1;
        d->idx = (unsigned)(hit >= 0 ? hit : old);
        d->hit = hit >= 0;
        d->why = hit >= 0 ? DS_WHY_WHIT : DS_WHY_WOLDEST;
        return;
    }

    const uint64_t pol3 = in->policy & 7;  /* policy_i is 3 bits */
    const unsigned policy = pol3 <= DS_MSHR_SA ? (unsigned)pol3 : DS_FCFS;
    unsigned char elig[DS_MAX_RDQ] = {0}, hit[DS_MAX_RDQ] = {0};
    int any_elig = 0, any_hit = 0;
    for (unsigned i = 0; i < s->rd_count; i++) {
        elig[i] = (unsigned char)bank_ok(in, s->rd[i].bank);
        hit[i] = (unsigned char)(elig[i] && is_hit(s, &s->rd[i]));
        any_elig |= elig[i];
        any_hit |= hit[i];
    }
    if (!any_elig)
        return;
    int w;
    if (policy == DS_FCFS || !any_hit) {
        if (policy == DS_FCFS || policy == DS_FRFCFS) {
            w = best_request(s, elig, DS_FCFS);   /* score 0 for all: the oldest */
            d->why = DS_WHY_OLDEST;
        } else {
            /* Rule 1.2: the row with the largest row score (ties: the row
             * holding the oldest request), then rule 1.1 inside it. */
            int r = -1;
            uint64_t best = 0;
            for (unsigned i = 0; i < s->rd_count; i++) {
                if (!elig[i])
                    continue;
                uint64_t v = row_score(s, i, policy);
                if (r < 0 || v > best) {
                    r = (int)i;
                    best = v;
                }
            }
            unsigned char in_row[DS_MAX_RDQ] = {0};
            for (unsigned i = 0; i < s->rd_count; i++)
                in_row[i] = (unsigned char)same_row(&s->rd[i], &s->rd[r]);
            w = best_request(s, in_row, policy);
            d->why = DS_WHY_ROW;
            d->rowscore = best;
        }
    } else {
        /* Rule 1.1 / FR-FCFS: among row hits, the largest request score (FR-FCFS: none, so the oldest). */
        w = best_request(s, hit, policy);
        d->why = DS_WHY_HIT;
    }
    d->valid = 1;
    d->idx = (unsigned)w;
    d->hit = hit[w];
    d->score = req_score(&s->rd[w], policy);
}

void dram_sched_eval(const dram_sched_state_t *s, const dram_sched_in_t *in, dram_sched_out_t *out)
{
    const dram_sched_cfg_t *c = &s->cfg;
    decision_t d;
    decide(s, in, &d);
    memset(out, 0, sizeof *out);
    out->rd_ready = s->rd_count < c->rdq;
    out->wr_ready = s->wr_count < c->wrq;
    out->dm_ready = 1;
    if (d.valid) {
        const ds_entry_t *e = d.write ? &s->wr[d.idx] : &s->rd[d.idx];
        out->sched_valid = 1;
        out->sched_write = (uint64_t)d.write;
        out->sched_addr = e->addr;
        out->sched_bank = e->bank;
        out->sched_row = e->row;
        out->sched_hit = (uint64_t)d.hit;
        out->sched_why = d.why;
        out->sched_score = d.score;
        out->sched_rowscore = d.rowscore;
    }
    out->drain = (uint64_t)d.drain;
    out->rd_count = s->rd_count;
    out->wr_count = s->wr_count;
    if (in->dm_valid & 1) {
        int match = 0;
        for (unsigned i = 0; i < s->rd_count; i++)
            if (!(d.valid && !d.write && i == d.idx) && s->rd[i].addr == (in->dm_addr & bits_mask(c->addr_w)))
                match = 1;
        out->dm_drop = !match;
    }
    for (unsigned b = 0; b < (1u << c->bank_w); b++) {
        out->open_valid[b] = s->open_valid[b];
        out->open_row[b] = s->open_row[b];
    }
}

static void remove_at(ds_entry_t *q, unsigned *count, unsigned idx)
{
    memmove(&q[idx], &q[idx + 1], (*count - idx - 1) * sizeof q[0]);
    (*count)--;
}

/* The clock edge: the decision on the state at the start of the cycle, then
 * the scheduled request leaves, the dummy updates the reads still queued, the
 * new requests enter (if there was room at the start of the cycle), and every
 * read ages by its merge length. */
void dram_sched_tick(dram_sched_state_t *s, const dram_sched_in_t *in)
{
    const dram_sched_cfg_t *c = &s->cfg;
    decision_t d;
    decide(s, in, &d);
    const int rd_in = (in->rd_valid & 1) && s->rd_count < c->rdq;
    const int wr_in = (in->wr_valid & 1) && s->wr_count < c->wrq;

    if (d.valid) {
        const ds_entry_t *e = d.write ? &s->wr[d.idx] : &s->rd[d.idx];
        s->open_valid[e->bank] = 1;
        s->open_row[e->bank] = e->row;
        if (d.write)
            remove_at(s->wr, &s->wr_count, d.idx);
        else
            remove_at(s->rd, &s->rd_count, d.idx);
    }
    if (in->dm_valid & 1) {
        const uint64_t a = in->dm_addr & bits_mask(c->addr_w);
        for (unsigned i = 0; i < s->rd_count; i++) {
            if (s->rd[i].addr != a)
                continue;
            s->rd[i].len = in->dm_len & bits_mask(DS_LEN_W);
            s->rd[i].age = sat_age(s->rd[i].age + (in->dm_age & bits_mask(DS_AGE_W)));
        }
    }
    if (rd_in) {
        ds_entry_t *e = &s->rd[s->rd_count++];
        e->addr = in->rd_addr & bits_mask(c->addr_w);
        e->bank = in->rd_bank & bits_mask(c->bank_w);
        e->row = in->rd_row & bits_mask(c->row_w);
        e->len = 0;
        e->age = in->rd_age & bits_mask(DS_AGE_W);
    }
    if (wr_in) {
        ds_entry_t *e = &s->wr[s->wr_count++];
        e->addr = in->wr_addr & bits_mask(c->addr_w);
        e->bank = in->wr_bank & bits_mask(c->bank_w);
        e->row = in->wr_row & bits_mask(c->row_w);
        e->len = e->age = 0;
    }
    for (unsigned i = 0; i < s->rd_count; i++)
        s->rd[i].age = sat_age(s->rd[i].age + s->rd[i].len + 1);
    s->drain = (uint64_t)d.drain;
}

void dram_sched_account(const dram_sched_cfg_t *cfg, const dram_sched_in_t *in, const dram_sched_out_t *out,
                        dram_sched_stats_t *st)
{
    (void)cfg; /* every counter is a port event; no width depends on the parameters */
    st->cycles++;
    st->rd_in += (in->rd_valid & 1) && (out->rd_ready & 1);
    st->wr_in += (in->wr_valid & 1) && (out->wr_ready & 1);
    if (in->dm_valid & 1) {
        st->dm_in++;
        st->dm_dropped += out->dm_drop & 1;
        st->dm_applied += !(out->dm_drop & 1);
    }
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
