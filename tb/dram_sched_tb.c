/* dram_sched_tb.c - dram_sched's C side for the lockstep engine: signals, model, stimulus.
 *
 * The policy is an RTL input held at its --set value. The generator works in
 * phases of a few dozen to several hundred cycles, each with its own read,
 * write and dummy rates, a set of hot rows that most requests go to (so row
 * hits and equal row scores happen; rows 0 and all-ones are often among
 * them), dummy targets (queued reads, reads that have just left, unknown
 * addresses), arrival and dummy ages (small, random, near saturation, zero,
 * or clustered so that row sums are close; a third of the row races at
 * saturation, so that row sums pass 2^16) and bank readiness (all ready, random, a few banks held not
 * ready for the whole phase, none ready so the queues fill and ages grow).
 * Requests refused for want of room are usually offered again, as a queue in
 * front of the controller would. */
#include <stdio.h>

#include "engine.h"
#include "bits.h"
#include "dram_sched.h"

#define GLUE_PREFIX dram_sched
#define GLUE_PORTS "dram_sched_ports.h"
#define GLUE_CHECK
#define GLUE_ON_TICK on_tick

#define HOT_MAX  8
#define GONE_MAX 8

typedef struct {
    dram_sched_state_t s;
    dram_sched_chk_t chk;
    long policy;
    unsigned phase_left;
    unsigned p_rd, p_wr, p_dm, p_hot, dm_target, age_kind, ready_kind, p_ready;
    unsigned nhot;
    uint64_t hot_bank[HOT_MAX], hot_row[HOT_MAX], held_banks;
    uint64_t age_base;               /* clustered ages: base + 0..31 */
    unsigned pulse;                  /* race phases: every bank ready one cycle in `pulse` */
    int sat_dummies;                 /* race phases at saturation: dummy ages and lengths near the top */
    uint64_t gone[GONE_MAX];         /* addresses of the reads scheduled last */
    unsigned gone_n, gone_pos;
    dram_sched_in_t last;            /* last cycle's inputs: a refused request is offered again */
    int rd_pending, wr_pending;
} ctx_t;

static const char *const valid_names[] = {"-", "REQ", NULL};
static const char *const ready_names[] = {"full", "ready", NULL};
static const char *const drop_names[] = {"-", "DROP", NULL};
static const char *const rw_names[] = {"read", "write", NULL};
static const char *const hit_names[] = {"miss", "hit", NULL};
static const char *const drain_names[] = {"reads", "DRAIN", NULL};

static unsigned nbanks(const ctx_t *c) { return 1u << c->s.cfg.bank_w; }

static int setup(ctx_t *c, const long *param, const long *knob)
{
    dram_sched_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1], (unsigned)param[2], (unsigned)param[3],
                            (unsigned)param[4], (unsigned)param[5], (unsigned)param[6]};
    c->policy = knob[0];
    return dram_sched_init(&c->s, &cfg);
}

/* Remember the addresses of scheduled reads: dummies aimed at departed reads. */
static void on_tick(ctx_t *c, const dram_sched_in_t *in)
{
    dram_sched_out_t o;
    dram_sched_eval(&c->s, in, &o);
    if (o.sched_valid && !o.sched_write) {
        c->gone[c->gone_pos] = o.sched_addr;
        c->gone_pos = (c->gone_pos + 1) % GONE_MAX;
        if (c->gone_n < GONE_MAX)
            c->gone_n++;
    }
}

static void new_phase(ctx_t *c, rng_t *r)
{
    static const unsigned p_rd[] = {0, 10, 30, 60, 100};
    static const unsigned p_wr[] = {0, 5, 20, 50, 100};
    static const unsigned p_dm[] = {0, 10, 30, 70};
    static const unsigned p_hot[] = {0, 50, 90, 100};
    static const unsigned p_ready[] = {100, 80, 40, 10};
    const unsigned nb = nbanks(c);
    c->p_rd = p_rd[rng_below(r, 5)];
    c->p_wr = p_wr[rng_below(r, 5)];
    c->p_dm = p_dm[rng_below(r, 4)];
    c->p_hot = p_hot[rng_below(r, 4)];
    c->dm_target = (unsigned)rng_below(r, 4);   /* queued, departed, unknown, mixed */
    c->age_kind = (unsigned)rng_below(r, 5);    /* small, random, near saturation, zero, clustered */
    c->age_base = rng_bits(r, DS_AGE_W - 1);
    c->ready_kind = (unsigned)rng_below(r, 5);  /* all, random, held banks, none, hot banks held */
    c->p_ready = p_ready[rng_below(r, 4)];
    c->nhot = 1u << rng_below(r, 4);
    const int one_bank = rng_pct(r, 50);
    for (unsigned k = 0; k < c->nhot; k++) {
        /* Hot rows share a few banks (half the phases: one), so several rows of one bank compete. */
        c->hot_bank[k] = one_bank && k ? c->hot_bank[0] : rng_below(r, nb < 4 ? nb : 4);
        /* Rows 0 and all-ones (the corners of a row compare) a quarter of the time each. */
        const uint64_t corner[] = {0, bits_mask(c->s.cfg.row_w)};
        c->hot_row[k] = rng_pct(r, 50) ? corner[rng_below(r, 2)] : rng_bits(r, c->s.cfg.row_w);
    }
    c->held_banks = rng_next(r) & rng_next(r) & bits_mask(nb);
    /* Long phases with nothing ready fill the queues and saturate ages. */
    c->phase_left = 8 + (unsigned)rng_below(r, c->ready_kind == 3 ? 3000 : 500);
    c->sat_dummies = 0;

    /* A fifth of the phases are row races: two to four rows of one bank, large
     * ages close to each other (row sums differ in their low bits), the queue
     * refilled between single ready cycles, so that most decisions are by row
     * score between close sums (or, with writes, FR-FCFS over a full write queue). */
    if (rng_pct(r, 20)) {
        c->p_hot = 100;
        c->nhot = 2 + (unsigned)rng_below(r, 3);
        for (unsigned k = 1; k < c->nhot; k++)
            c->hot_bank[k] = c->hot_bank[0];
        c->age_kind = 4;
        c->age_base = DS_AGE_MAX / 2 + rng_below(r, DS_AGE_MAX / 2 - 32);
        /* A third of the races at saturation: ages and dummy ages at the top,
         * dummy lengths at the maximum, so row sums pass 2^16 (rows of three
         * or more reads against rows of fewer) and an age plus a dummy age
         * passes the 17-bit sum before its saturation. */
        if (rng_pct(r, 33)) {
            c->age_kind = 2;
            c->sat_dummies = 1;
        }
        c->p_rd = rng_pct(r, 50) ? 100 : 60;
        c->p_wr = rng_pct(r, 50) ? 0 : 100;
        c->p_dm = 30;
        c->dm_target = 0;
        c->ready_kind = 5;
        c->pulse = c->s.cfg.rdq + 1 + (unsigned)rng_below(r, c->s.cfg.rdq + 1);
        c->phase_left = 20 * c->pulse;
    }
}

static void pick_target(ctx_t *c, rng_t *r, uint64_t *bank, uint64_t *row)
{
    if (rng_pct(r, c->p_hot)) {
        unsigned k = (unsigned)rng_below(r, c->nhot);
        *bank = c->hot_bank[k];
        *row = c->hot_row[k];
    } else {
        *bank = rng_bits(r, c->s.cfg.bank_w);
        *row = rng_bits(r, c->s.cfg.row_w);
    }
}

static uint64_t pick_age(ctx_t *c, rng_t *r)
{
    switch (c->age_kind) {
    case 0: return rng_below(r, 600);
    case 1: return rng_bits(r, DS_AGE_W);
    case 2: return DS_AGE_MAX - rng_below(r, 64);
    case 3: return 0;
    /* Ages close to each other make row sums close, so one bit decides. */
    default: return c->age_base + rng_below(r, 32);
    }
}

static uint64_t dummy_addr(ctx_t *c, rng_t *r)
{
    unsigned t = c->dm_target == 3 ? (unsigned)rng_below(r, 3) : c->dm_target;
    if (t == 0 && c->s.rd_count)
        return c->s.rd[rng_below(r, c->s.rd_count)].addr;
    if (t == 1 && c->gone_n)
        return c->gone[rng_below(r, c->gone_n)];
    return rng_bits(r, c->s.cfg.addr_w);
}

static void gen(ctx_t *c, rng_t *r, dram_sched_in_t *in)
{
    if (!c->phase_left)
        new_phase(c, r);
    c->phase_left--;
    in->policy = (uint64_t)c->policy;

    if (c->rd_pending && rng_pct(r, 85)) {
        in->rd_valid = c->last.rd_valid;
        in->rd_addr = c->last.rd_addr;
        in->rd_bank = c->last.rd_bank;
        in->rd_row = c->last.rd_row;
        in->rd_age = c->last.rd_age;
    } else {
        in->rd_valid = rng_pct(r, c->p_rd);
        in->rd_addr = rng_bits(r, c->s.cfg.addr_w);
        pick_target(c, r, &in->rd_bank, &in->rd_row);
        in->rd_age = pick_age(c, r);
    }
    if (c->wr_pending && rng_pct(r, 85)) {
        in->wr_valid = c->last.wr_valid;
        in->wr_addr = c->last.wr_addr;
        in->wr_bank = c->last.wr_bank;
        in->wr_row = c->last.wr_row;
    } else {
        in->wr_valid = rng_pct(r, c->p_wr);
        in->wr_addr = rng_bits(r, c->s.cfg.addr_w);
        pick_target(c, r, &in->wr_bank, &in->wr_row);
    }
    in->dm_valid = rng_pct(r, c->p_dm);
    in->dm_addr = dummy_addr(c, r);
    in->dm_len = rng_pct(r, c->sat_dummies ? 80 : 30) ? bits_mask(DS_LEN_W) : rng_bits(r, DS_LEN_W);
    in->dm_age = c->sat_dummies ? DS_AGE_MAX - rng_below(r, 16) : pick_age(c, r);

    const uint64_t all = bits_mask(nbanks(c));
    uint64_t ready;
    switch (c->ready_kind) {
    case 0: ready = all; break;
    case 1: ready = 0; for (unsigned b = 0; b < nbanks(c); b++) ready |= (uint64_t)rng_pct(r, c->p_ready) << b; break;
    case 2: ready = all & ~c->held_banks; break;
    case 3: ready = rng_pct(r, 2) ? all : 0; break;
    case 5: ready = c->phase_left % c->pulse == 0 ? all : 0; break;
    default: ready = all & ~(c->held_banks | (UINT64_C(1) << c->hot_bank[0])); break;
    }
    in->bank_ready = ready;

    c->rd_pending = in->rd_valid && c->s.rd_count >= c->s.cfg.rdq;
    c->wr_pending = in->wr_valid && c->s.wr_count >= c->s.cfg.wrq;
    c->last = *in;
}

#include "glue.h"

/* The read selector's choices and the drain state, for waveforms. */
static void probes(void *m, sigtab_t *t)
{
    ctx_t *c = m;
    const unsigned rw = bits_idx_width(c->s.cfg.rdq), ww = bits_idx_width(c->s.cfg.wrq);
    const struct { const char *path, *group, *label; unsigned w; } p[] = {
        {"drain_q", "write drain", "drain_state_q", 1},
        {"rp_valid_q", "row pick", "row_pick_valid", 1},
        {"rp_bank_q", "row pick", "row_pick_bank", c->s.cfg.bank_w},
        {"rp_row_q", "row pick", "row_pick_row", c->s.cfg.row_w},
        {"rp_score_q", "row pick", "row_pick_score", dram_sched_score_w(&c->s.cfg)},
        {"x_any", "row pick", "row_shortlisted", 1},
        {"c_rd", "choice (shown next cycle)", "read_chosen", 1},
        {"c_rd_idx", "choice (shown next cycle)", "read_idx", rw},
        {"rp_any", "choice (shown next cycle)", "read_hit_shortlisted", 1},
        {"c_wr", "choice (shown next cycle)", "write_chosen", 1},
        {"c_wr_idx", "choice (shown next cycle)", "write_idx", ww},
        {"f_v", "choice (shown next cycle)", "opens_a_row", 1},
        {"g_idx_q", "grant (on sched_*)", "grant_idx", rw > ww ? rw : ww},
        {"du_valid_q", "dummy (row entry update)", "dummy_row_update", 1},
        {"u_store.count_q", "row-score store", "store_entries", bits_clog2((uint64_t)c->s.cfg.rdq + 1)},
    };
    for (unsigned i = 0; i < sizeof p / sizeof p[0]; i++) {
        unsigned k = sigtab_add(t, p[i].path, p[i].w, 1);
        t->sig[k].group = p[i].group;
        t->sig[k].label = p[i].label;
    }
    /* The open row of each bank, one trace per bank (open_row_o is one long bus). */
    static char paths[2][1u << DS_MAX_BANKW][48], labels[2][1u << DS_MAX_BANKW][32];
    for (unsigned b = 0; b < nbanks(c); b++) {
        snprintf(paths[0][b], sizeof paths[0][b], "gen_bank[%u].open_row_q", b);
        snprintf(labels[0][b], sizeof labels[0][b], "open_row[%u]", b);
        snprintf(paths[1][b], sizeof paths[1][b], "gen_bank[%u].open_valid_q", b);
        snprintf(labels[1][b], sizeof labels[1][b], "open_valid[%u]", b);
        unsigned k = sigtab_add(t, paths[1][b], 1, 1);
        t->sig[k].group = "open row per bank";
        t->sig[k].label = labels[1][b];
        k = sigtab_add(t, paths[0][b], c->s.cfg.row_w, 1);
        t->sig[k].group = "open row per bank";
        t->sig[k].label = labels[0][b];
    }
}

static const char *const params[] = {"RdQ", "WrQ", "HighWM", "LowWM", "BankW", "RowW", "AddrW", NULL};
static const knob_t knobs[] = {
    {"policy", DS_MSHR_SA, 0, 4, "read scheduling policy: fcfs, fr-fcfs, mshr-m, mshr-s, mshr-s+a",
     dram_sched_policy_names},
    {0},
};

const block_t block_dram_sched = GLUE_BLOCK(
    "dram_sched", "DRAM request scheduler with the controller-side MIB: FCFS / FR-FCFS / MSHR-M / -S / -S+A",
    params, knobs, probes, 0);
