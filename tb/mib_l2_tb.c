/* mib_l2_tb.c - mib_l2's C side for the lockstep engine: signals, model, stimulus.
 *
 * The generator plays the L2 MSHR: it keeps which slots are live, allocates
 * free slots (sometimes the one it releases in the same cycle), merges
 * requests into live slots (hot slots get many merges, past the 16 the
 * 4-bit length holds) and releases live slots, some with news not yet sent.
 * Phases vary the event rates, the merging requests' ages (small, random,
 * near saturation), the miss queue's rate and how often the DRAM side is
 * ready, including long stretches of not ready that pile up pending news. */
#include <string.h>

#include "engine.h"
#include "bits.h"
#include "mib_l2.h"

#define GLUE_PREFIX mib_l2
#define GLUE_PORTS "mib_l2_ports.h"
#define GLUE_CHECK
#define GLUE_ON_RESET on_reset
#define GLUE_ON_TICK on_tick

typedef struct {
    mib_l2_state_t s;
    mib_l2_chk_t chk;
    unsigned char live[MIB_MAX_ENTRIES];
    unsigned phase_left;
    unsigned p_alloc, p_merge, p_rel, p_mq, p_ready, age_kind, p_hot;
    unsigned hot;
} ctx_t;

static const char *const valid_names[] = {"-", "REQ", NULL};
static const char *const ready_names[] = {"stall", "ready", NULL};
static const char *const kind_names[] = {"miss", "DUMMY", NULL};

static int setup(ctx_t *c, const long *param, const long *knob)
{
    (void)knob;
    mib_l2_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1]};
    return mib_l2_init(&c->s, &cfg);
}

/* A reset empties the MSHR the generator plays as well. */
static void on_reset(ctx_t *c) { memset(c->live, 0, sizeof c->live); }

static void on_tick(ctx_t *c, const mib_l2_in_t *in)
{
    if (in->release_valid)
        c->live[in->release_slot] = 0;
    if (in->alloc_valid)
        c->live[in->alloc_slot] = 1;
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

static void gen(ctx_t *c, rng_t *r, mib_l2_in_t *in)
{
    const unsigned sw = bits_idx_width(c->s.cfg.entries);
    if (!c->phase_left)
        new_phase(c, r);
    c->phase_left--;

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
    in->release_valid = rel >= 0;
    in->release_slot = rel >= 0 ? (uint64_t)rel : rng_bits(r, sw) % c->s.cfg.entries;
    in->merge_valid = mer >= 0;
    in->merge_slot = mer >= 0 ? (uint64_t)mer : rng_bits(r, sw) % c->s.cfg.entries;
    in->merge_age = pick_age(c, r);
    in->alloc_valid = al >= 0;
    in->alloc_slot = al >= 0 ? (uint64_t)al : rng_bits(r, sw) % c->s.cfg.entries;
    in->alloc_addr = rng_bits(r, c->s.cfg.addr_w);
    in->mq_valid = rng_pct(r, c->p_mq);
    in->mq_addr = rng_bits(r, c->s.cfg.addr_w);
    in->mq_age = pick_age(c, r);
    in->out_ready = rng_pct(r, c->p_ready);
}

#include "glue.h"

/* The dummy being chosen, for waveforms. */
static void probes(void *m, sigtab_t *t)
{
    ctx_t *c = m;
    unsigned k = sigtab_add(t, "hidx_q", bits_idx_width(c->s.cfg.entries), 1);
    t->sig[k].group = "dummy choice";
    t->sig[k].label = "lowest_pending_entry";
    k = sigtab_add(t, "sent", 1, 1);
    t->sig[k].group = "dummy choice";
    t->sig[k].label = "dummy_sent";
}

static const char *const params[] = {"Entries", "AddrW", NULL};
static const knob_t knobs[] = {{0}};

const block_t block_mib_l2 = GLUE_BLOCK(
    "mib_l2", "L2-side merge information buffer and dummy-request mux (MIB thesis section 4.4)",
    params, knobs, probes, 0);
