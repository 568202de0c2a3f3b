/* fifo_tb.c - fifo's C side for the lockstep engine: signals, model, stimulus. */
#include <stdlib.h>

#include "bits.h"
#include "engine.h"
#include "fifo.h"

typedef struct {
    fifo_state_t s;
    unsigned push_pct, pop_pct;  /* current phase */
    unsigned phase_left;
    unsigned misuse;             /* knob: % of cycles that ignore full/empty */
} ctx_t;

static void *create(const long *param, const long *knob, sigtab_t *in, sigtab_t *out)
{
    ctx_t *c = calloc(1, sizeof *c);
    fifo_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1]};
    if (!c || fifo_init(&c->s, &cfg)) {
        free(c);
        return NULL;
    }
    c->misuse = (unsigned)knob[0];
    sigtab_add(in, "push", 1, 1);
    sigtab_add(in, "wdata", cfg.width, 1);
    sigtab_add(in, "pop", 1, 1);
    sigtab_add(out, "rdata", cfg.width, 1);
    static const char *const full_names[] = {"-", "FULL", NULL};
    static const char *const empty_names[] = {"-", "EMPTY", NULL};
    sigtab_names(out, sigtab_add(out, "full", 1, 1), full_names);
    sigtab_names(out, sigtab_add(out, "empty", 1, 1), empty_names);
    sigtab_add(out, "count", bits_clog2((uint64_t)cfg.depth + 1), 1);
    return c;
}

static void reset(void *m) { fifo_reset(&((ctx_t *)m)->s); }

static void unpack(const uint64_t *in, fifo_in_t *i)
{
    i->push = in[0];
    i->wdata = in[1];
    i->pop = in[2];
}

static void eval(void *m, const uint64_t *in, uint64_t *out)
{
    fifo_in_t i;
    fifo_out_t o;
    unpack(in, &i);
    fifo_eval(&((ctx_t *)m)->s, &i, &o);
    out[0] = o.rdata;
    out[1] = o.full;
    out[2] = o.empty;
    out[3] = o.count;
}

static void tick(void *m, const uint64_t *in)
{
    fifo_in_t i;
    unpack(in, &i);
    fifo_tick(&((ctx_t *)m)->s, &i);
}

/* Phases that fill, drain or churn the FIFO. Usage stays legal (no push when
 * full, no pop when empty: the RTL asserts against both) unless the misuse
 * knob lets a percentage of cycles ignore the flags; that is for mutant
 * netlists (no assertions), where it exercises the guards, and for checking
 * that the assertions fire. */
static void gen(void *m, rng_t *r, uint64_t *in)
{
    ctx_t *c = m;
    if (!c->phase_left) {
        static const unsigned mix[][2] = {{90, 10}, {10, 90}, {50, 50}, {100, 100}, {70, 60}, {30, 0}};
        unsigned k = (unsigned)rng_below(r, sizeof mix / sizeof mix[0]);
        c->push_pct = mix[k][0];
        c->pop_pct = mix[k][1];
        c->phase_left = 1 + (unsigned)rng_below(r, 4 * c->s.cfg.depth + 16);
    }
    c->phase_left--;
    int full = c->s.count == c->s.cfg.depth, empty = c->s.count == 0;
    if (c->misuse && rng_pct(r, c->misuse))
        full = empty = 0;
    in[0] = !full && rng_pct(r, c->push_pct);
    in[1] = rng_bits(r, c->s.cfg.width);
    in[2] = !empty && rng_pct(r, c->pop_pct);
}

static void destroy(void *m) { free(m); }

/* The pointers, for waveforms. */
static void probes(void *m, sigtab_t *t)
{
    ctx_t *c = m;
    unsigned pw = c->s.cfg.depth > 1 ? bits_clog2(c->s.cfg.depth) : 1;
    t->sig[sigtab_add(t, "head_q", pw, 1)].group = "pointers";
    t->sig[sigtab_add(t, "tail_q", pw, 1)].group = "pointers";
}

static const char *const params[] = {"Depth", "Width", NULL};
static const knob_t knobs[] = {
    {"misuse", 0, 0, 100, "% of cycles the generator may push when full / pop when empty (RTL asserts)", NULL},
    {0},
};

const block_t block_fifo = {
    "fifo", "circular-buffer FIFO with head/tail pointers and a count (MRPB section 6)",
    params, knobs, create, reset, eval, tick, gen, destroy, probes, 0,
};
