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
#include <stdlib.h>

#include "bits.h"
#include "dram_sched.h"
#include "engine.h"

#define HOT_MAX  8
#define GONE_MAX 8

typedef struct {
    dram_sched_state_t s;
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
    uint64_t last_rd[5], last_wr[4]; /* a refused request, offered again */
    int rd_pending, wr_pending;
} ctx_t;

enum { I_POLICY, I_RD_VALID, I_RD_ADDR, I_RD_BANK, I_RD_ROW, I_RD_AGE, I_WR_VALID, I_WR_ADDR, I_WR_BANK,
       I_WR_ROW, I_DM_VALID, I_DM_ADDR, I_DM_LEN, I_DM_AGE, I_BANK_READY, I_N };
enum { O_RD_READY, O_WR_READY, O_DM_READY, O_DM_DROP, O_VALID, O_WRITE, O_ADDR, O_BANK, O_ROW, O_HIT, O_WHY,
       O_SCORE, O_ROWSCORE, O_DRAIN, O_RD_COUNT, O_WR_COUNT, O_OPEN_VALID };

static unsigned nbanks(const ctx_t *c) { return 1u << c->s.cfg.bank_w; }

static void *create(const long *param, const long *knob, sigtab_t *in, sigtab_t *out)
{
    ctx_t *c = calloc(1, sizeof *c);
    dram_sched_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1], (unsigned)param[2], (unsigned)param[3],
                            (unsigned)param[4], (unsigned)param[5], (unsigned)param[6]};
    if (!c || dram_sched_init(&c->s, &cfg)) {
        free(c);
        return NULL;
    }
    c->policy = knob[0];
    const unsigned nb = 1u << cfg.bank_w;
    static const char *const valid_names[] = {"-", "REQ", NULL};
    static const char *const ready_names[] = {"full", "ready", NULL};
    sigtab_names(in, sigtab_add(in, "policy", 3, 1), dram_sched_policy_names);
    sigtab_names(in, sigtab_add(in, "rd_valid", 1, 1), valid_names);
    sigtab_add(in, "rd_addr", cfg.addr_w, 1);
    sigtab_add(in, "rd_bank", cfg.bank_w, 1);
    sigtab_add(in, "rd_row", cfg.row_w, 1);
    sigtab_add(in, "rd_age", DS_AGE_W, 1);
    sigtab_names(in, sigtab_add(in, "wr_valid", 1, 1), valid_names);
    sigtab_add(in, "wr_addr", cfg.addr_w, 1);
    sigtab_add(in, "wr_bank", cfg.bank_w, 1);
    sigtab_add(in, "wr_row", cfg.row_w, 1);
    sigtab_names(in, sigtab_add(in, "dm_valid", 1, 1), valid_names);
    sigtab_add(in, "dm_addr", cfg.addr_w, 1);
    sigtab_add(in, "dm_len", DS_LEN_W, 1);
    sigtab_add(in, "dm_age", DS_AGE_W, 1);
    sigtab_add(in, "bank_ready", nb, 1);

    static const char *const drop_names[] = {"-", "DROP", NULL};
    static const char *const rw_names[] = {"read", "write", NULL};
    static const char *const hit_names[] = {"miss", "hit", NULL};
    static const char *const drain_names[] = {"reads", "DRAIN", NULL};
    sigtab_names(out, sigtab_add(out, "rd_ready", 1, 1), ready_names);
    sigtab_names(out, sigtab_add(out, "wr_ready", 1, 1), ready_names);
    sigtab_add(out, "dm_ready", 1, 1);
    sigtab_names(out, sigtab_add(out, "dm_drop", 1, 1), drop_names);
    sigtab_names(out, sigtab_add(out, "sched_valid", 1, 1), valid_names);
    sigtab_names(out, sigtab_add(out, "sched_write", 1, 1), rw_names);
    sigtab_add(out, "sched_addr", cfg.addr_w, 1);
    sigtab_add(out, "sched_bank", cfg.bank_w, 1);
    sigtab_add(out, "sched_row", cfg.row_w, 1);
    sigtab_names(out, sigtab_add(out, "sched_hit", 1, 1), hit_names);
    sigtab_names(out, sigtab_add(out, "sched_why", 3, 1), dram_sched_why_names);
    sigtab_add(out, "sched_score", DS_AGE_W, 1);
    sigtab_add(out, "sched_rowscore", dram_sched_score_w(&cfg), 1);
    sigtab_names(out, sigtab_add(out, "drain", 1, 1), drain_names);
    sigtab_add(out, "rd_count", bits_clog2((uint64_t)cfg.rdq + 1), 1);
    sigtab_add(out, "wr_count", bits_clog2((uint64_t)cfg.wrq + 1), 1);
    sigtab_add(out, "open_valid", 1, nb);
    sigtab_add(out, "open_row", cfg.row_w, nb);
    return c;
}

static void reset(void *m) { dram_sched_reset(&((ctx_t *)m)->s); }

static void unpack(const uint64_t *in, dram_sched_in_t *i)
{
    i->policy = in[I_POLICY];
    i->rd_valid = in[I_RD_VALID];
    i->rd_addr = in[I_RD_ADDR];
    i->rd_bank = in[I_RD_BANK];
    i->rd_row = in[I_RD_ROW];
    i->rd_age = in[I_RD_AGE];
    i->wr_valid = in[I_WR_VALID];
    i->wr_addr = in[I_WR_ADDR];
    i->wr_bank = in[I_WR_BANK];
    i->wr_row = in[I_WR_ROW];
    i->dm_valid = in[I_DM_VALID];
    i->dm_addr = in[I_DM_ADDR];
    i->dm_len = in[I_DM_LEN];
    i->dm_age = in[I_DM_AGE];
    i->bank_ready = in[I_BANK_READY];
}

static void eval(void *m, const uint64_t *in, uint64_t *out)
{
    ctx_t *c = m;
    dram_sched_in_t i;
    dram_sched_out_t o;
    unpack(in, &i);
    dram_sched_eval(&c->s, &i, &o);
    const uint64_t v[] = {o.rd_ready,    o.wr_ready,  o.dm_ready,   o.dm_drop,   o.sched_valid,
                          o.sched_write, o.sched_addr, o.sched_bank, o.sched_row, o.sched_hit,
                          o.sched_why,   o.sched_score, o.sched_rowscore, o.drain, o.rd_count,
                          o.wr_count};
    for (unsigned k = 0; k < sizeof v / sizeof v[0]; k++)
        out[k] = v[k];
    const unsigned nb = nbanks(c);
    for (unsigned b = 0; b < nb; b++) {
        out[O_OPEN_VALID + b] = o.open_valid[b];
        out[O_OPEN_VALID + nb + b] = o.open_row[b];
    }
}

static void tick(void *m, const uint64_t *in)
{
    ctx_t *c = m;
    dram_sched_in_t i;
    dram_sched_out_t o;
    unpack(in, &i);
    /* Remember the addresses of scheduled reads: dummies aimed at departed reads. */
    dram_sched_eval(&c->s, &i, &o);
    if (o.sched_valid && !o.sched_write) {
        c->gone[c->gone_pos] = o.sched_addr;
        c->gone_pos = (c->gone_pos + 1) % GONE_MAX;
        if (c->gone_n < GONE_MAX)
            c->gone_n++;
    }
    dram_sched_tick(&c->s, &i);
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

static void gen(void *m, rng_t *r, uint64_t *in)
{
    ctx_t *c = m;
    if (!c->phase_left)
        new_phase(c, r);
    c->phase_left--;
    in[I_POLICY] = (uint64_t)c->policy;

    if (c->rd_pending && rng_pct(r, 85)) {
        for (int k = 0; k < 5; k++)
            in[I_RD_VALID + k] = c->last_rd[k];
    } else {
        in[I_RD_VALID] = rng_pct(r, c->p_rd);
        in[I_RD_ADDR] = rng_bits(r, c->s.cfg.addr_w);
        pick_target(c, r, &in[I_RD_BANK], &in[I_RD_ROW]);
        in[I_RD_AGE] = pick_age(c, r);
    }
    if (c->wr_pending && rng_pct(r, 85)) {
        for (int k = 0; k < 4; k++)
            in[I_WR_VALID + k] = c->last_wr[k];
    } else {
        in[I_WR_VALID] = rng_pct(r, c->p_wr);
        in[I_WR_ADDR] = rng_bits(r, c->s.cfg.addr_w);
        pick_target(c, r, &in[I_WR_BANK], &in[I_WR_ROW]);
    }
    in[I_DM_VALID] = rng_pct(r, c->p_dm);
    in[I_DM_ADDR] = dummy_addr(c, r);
    in[I_DM_LEN] = rng_pct(r, c->sat_dummies ? 80 : 30) ? bits_mask(DS_LEN_W) : rng_bits(r, DS_LEN_W);
    in[I_DM_AGE] = c->sat_dummies ? DS_AGE_MAX - rng_below(r, 16) : pick_age(c, r);

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
    in[I_BANK_READY] = ready;

    c->rd_pending = in[I_RD_VALID] && c->s.rd_count >= c->s.cfg.rdq;
    c->wr_pending = in[I_WR_VALID] && c->s.wr_count >= c->s.cfg.wrq;
    for (int k = 0; k < 5; k++)
        c->last_rd[k] = in[I_RD_VALID + k];
    for (int k = 0; k < 4; k++)
        c->last_wr[k] = in[I_WR_VALID + k];
}

static void destroy(void *m) { free(m); }

/* The read selector's choices and the drain state, for waveforms. */
static void probes(void *m, sigtab_t *t)
{
    ctx_t *c = m;
    const unsigned rw = bits_idx_width(c->s.cfg.rdq), ww = bits_idx_width(c->s.cfg.wrq);
    const struct { const char *path, *group, *label; unsigned w; } p[] = {
        {"drain_q", "write drain", "drain_state_q", 1},
        {"rs_idx", "read choice", "read_winner_idx", rw},
        {"u_rd_sel.any_hit", "read choice", "read_any_hit", 1},
        {"u_rd_sel.rs_idx", "read choice", "best_row_oldest_idx", rw},
        {"u_rd_sel.rs_score", "read choice", "best_row_score", dram_sched_score_w(&c->s.cfg)},
        {"ws_idx", "write choice", "write_winner_idx", ww},
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

const block_t block_dram_sched = {
    "dram_sched", "DRAM request scheduler with the controller-side MIB: FCFS / FR-FCFS / MSHR-M / -S / -S+A",
    params, knobs, create, reset, eval, tick, gen, destroy, probes, 0,
};
