/* mib_l2_tb.c - mib_l2's C side for the lockstep engine: signals, model, stimulus.
 *
 * The generator plays the L2 MSHR: it keeps which slots are live, allocates
 * free slots (sometimes the one it releases in the same cycle), merges
 * requests into live slots (hot slots get many merges, past the 16 the
 * 4-bit length holds) and releases live slots, some with news not yet sent.
 * Phases vary the event rates, the merging requests' ages (small, random,
 * near saturation), the miss queue's rate and how often the DRAM side is
 * ready, including long stretches of not ready that pile up pending news. */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "engine.h"
#include "mib_l2.h"

typedef struct {
    mib_l2_state_t s;
    unsigned char live[MIB_MAX_ENTRIES];
    unsigned phase_left;
    unsigned p_alloc, p_merge, p_rel, p_mq, p_ready, age_kind, p_hot;
    unsigned hot;
} ctx_t;

enum { I_AV, I_AS, I_AA, I_MV, I_MS, I_MA, I_RV, I_RS, I_QV, I_QA, I_QAGE, I_READY };

static void *create(const long *param, const long *knob, sigtab_t *in, sigtab_t *out)
{
    (void)knob;
    ctx_t *c = calloc(1, sizeof *c);
    mib_l2_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1]};
    if (!c || mib_l2_init(&c->s, &cfg)) {
        free(c);
        return NULL;
    }
    const unsigned sw = bits_idx_width(cfg.entries);
    static const char *const valid_names[] = {"-", "REQ", NULL};
    static const char *const ready_names[] = {"stall", "ready", NULL};
    static const char *const kind_names[] = {"miss", "DUMMY", NULL};
    sigtab_names(in, sigtab_add(in, "alloc_valid", 1, 1), valid_names);
    sigtab_add(in, "alloc_slot", sw, 1);
    sigtab_add(in, "alloc_addr", cfg.addr_w, 1);
    sigtab_names(in, sigtab_add(in, "merge_valid", 1, 1), valid_names);
    sigtab_add(in, "merge_slot", sw, 1);
    sigtab_add(in, "merge_age", MIB_AGE_W, 1);
    sigtab_names(in, sigtab_add(in, "release_valid", 1, 1), valid_names);
    sigtab_add(in, "release_slot", sw, 1);
    sigtab_names(in, sigtab_add(in, "mq_valid", 1, 1), valid_names);
    sigtab_add(in, "mq_addr", cfg.addr_w, 1);
    sigtab_add(in, "mq_age", MIB_AGE_W, 1);
    sigtab_names(in, sigtab_add(in, "out_ready", 1, 1), ready_names);

    sigtab_names(out, sigtab_add(out, "mq_ready", 1, 1), ready_names);
    sigtab_names(out, sigtab_add(out, "out_valid", 1, 1), valid_names);
    sigtab_names(out, sigtab_add(out, "out_dummy", 1, 1), kind_names);
    sigtab_add(out, "out_addr", cfg.addr_w, 1);
    sigtab_add(out, "out_len", MIB_LEN_W, 1);
    sigtab_add(out, "out_age", MIB_AGE_W, 1);
    sigtab_add(out, "out_slot", sw, 1);
    sigtab_add(out, "pend", 1, cfg.entries);
    return c;
}

/* A reset empties the MSHR as well. */
static void reset(void *m)
{
    ctx_t *c = m;
    mib_l2_reset(&c->s);
    memset(c->live, 0, sizeof c->live);
}

static void unpack(const uint64_t *in, mib_l2_in_t *i)
{
    i->alloc_valid = in[I_AV];
    i->alloc_slot = in[I_AS];
    i->alloc_addr = in[I_AA];
    i->merge_valid = in[I_MV];
    i->merge_slot = in[I_MS];
    i->merge_age = in[I_MA];
    i->release_valid = in[I_RV];
    i->release_slot = in[I_RS];
    i->mq_valid = in[I_QV];
    i->mq_addr = in[I_QA];
    i->mq_age = in[I_QAGE];
    i->out_ready = in[I_READY];
}

static void eval(void *m, const uint64_t *in, uint64_t *out)
{
    ctx_t *c = m;
    mib_l2_in_t i;
    mib_l2_out_t o;
    unpack(in, &i);
    mib_l2_eval(&c->s, &i, &o);
    out[0] = o.mq_ready;
    out[1] = o.out_valid;
    out[2] = o.out_dummy;
    out[3] = o.out_addr;
    out[4] = o.out_len;
    out[5] = o.out_age;
    out[6] = o.out_slot;
    for (unsigned k = 0; k < c->s.cfg.entries; k++)
        out[7 + k] = o.pend[k];
}

static void tick(void *m, const uint64_t *in)
{
    ctx_t *c = m;
    mib_l2_in_t i;
    unpack(in, &i);
    mib_l2_tick(&c->s, &i);
    if (in[I_RV])
        c->live[in[I_RS]] = 0;
    if (in[I_AV])
        c->live[in[I_AS]] = 1;
}

static void new_phase(ctx_t *c, rng_t *r)
{
    static const unsigned p_ev[] = {0, 5, 20, 50, 90};
    static const unsigned p_ready[] = {100, 70, 30, 0};
    c->p_alloc = p_ev[rng_below(r, 5)];
    c->p_merge = p_ev[rng_below(r, 5)];
    c->p_rel = p_ev[rng_below(r, 4)];
    c->p_mq = p_ev[rng_below(r, 5)];
    c->p_ready = p_ready[rng_below(r, 4)];
    c->age_kind = (unsigned)rng_below(r, 4);
    c->p_hot = (unsigned)rng_below(r, 2) * 80;
    c->hot = (unsigned)rng_below(r, c->s.cfg.entries);
    c->phase_left = 4 + (unsigned)rng_below(r, 300);
}

/* A slot with live == want, not excluded; -1 if none. */
static int pick_slot(const ctx_t *c, rng_t *r, int want, int ex1, int ex2)
{
    const unsigned n = c->s.cfg.entries, k = (unsigned)rng_below(r, n);
    for (unsigned j = 0; j < n; j++) {
        unsigned i = (k + j) % n;
        if (c->live[i] == want && (int)i != ex1 && (int)i != ex2)
            return (int)i;
    }
    return -1;
}

static uint64_t pick_age(const ctx_t *c, rng_t *r)
{
    switch (c->age_kind) {
    case 0: return rng_below(r, 400);
    case 1: return rng_bits(r, MIB_AGE_W);
    case 2: return MIB_AGE_MAX - rng_below(r, 100);
    default: return rng_below(r, 4);
    }
}

static void gen(void *m, rng_t *r, uint64_t *in)
{
    ctx_t *c = m;
    const unsigned sw = bits_idx_width(c->s.cfg.entries);
    if (!c->phase_left)
        new_phase(c, r);
    c->phase_left--;
    for (int k = 0; k <= I_READY; k++)
        in[k] = 0;

    int rel = -1, mer = -1, al = -1;
    if (rng_pct(r, c->p_rel))
        rel = pick_slot(c, r, 1, -1, -1);
    if (rng_pct(r, c->p_merge)) {
        if (rng_pct(r, c->p_hot) && c->live[c->hot] && (int)c->hot != rel)
            mer = (int)c->hot;
        else
            mer = pick_slot(c, r, 1, rel, -1);
    }
    if (rng_pct(r, c->p_alloc)) {
        /* Sometimes reuse the slot released in this cycle. */
        al = rel >= 0 && rng_pct(r, 30) ? rel : pick_slot(c, r, 0, -1, -1);
    }
    in[I_RV] = rel >= 0;
    in[I_RS] = rel >= 0 ? (uint64_t)rel : rng_bits(r, sw) % c->s.cfg.entries;
    in[I_MV] = mer >= 0;
    in[I_MS] = mer >= 0 ? (uint64_t)mer : rng_bits(r, sw) % c->s.cfg.entries;
    in[I_MA] = pick_age(c, r);
    in[I_AV] = al >= 0;
    in[I_AS] = al >= 0 ? (uint64_t)al : rng_bits(r, sw) % c->s.cfg.entries;
    in[I_AA] = rng_bits(r, c->s.cfg.addr_w);
    in[I_QV] = rng_pct(r, c->p_mq);
    in[I_QA] = rng_bits(r, c->s.cfg.addr_w);
    in[I_QAGE] = pick_age(c, r);
    in[I_READY] = rng_pct(r, c->p_ready);
}

static void destroy(void *m) { free(m); }

/* The dummy being chosen, for waveforms. */
static void probes(void *m, sigtab_t *t)
{
    ctx_t *c = m;
    unsigned k = sigtab_add(t, "sel", bits_idx_width(c->s.cfg.entries), 1);
    t->sig[k].group = "dummy choice";
    t->sig[k].label = "lowest_pending_entry";
    k = sigtab_add(t, "sent", 1, 1);
    t->sig[k].group = "dummy choice";
    t->sig[k].label = "dummy_sent";
}

static const char *const params[] = {"Entries", "AddrW", NULL};
static const knob_t knobs[] = {{0}};

const block_t block_mib_l2 = {
    "mib_l2", "L2-side merge information buffer and dummy-request mux (MIB thesis section 4.4)",
    params, knobs, create, reset, eval, tick, gen, destroy, probes, 0,
};
