/* fifo_tb.c - fifo's C side for the lockstep engine: configuration, stimulus, probes. */
#include "engine.h"
#include "bits.h"
#include "fifo.h"

#define GLUE_PREFIX fifo
#define GLUE_PORTS "fifo_ports.h"
#define GLUE_CHECK

typedef struct {
    fifo_state_t s;
    fifo_chk_t chk;
    unsigned push_pct, pop_pct;  /* current phase */
    unsigned phase_left;
    unsigned misuse;             /* knob: % of cycles that ignore full/empty */
} ctx_t;

static const char *const full_names[] = {"-", "FULL", NULL};
static const char *const empty_names[] = {"-", "EMPTY", NULL};

static int setup(ctx_t *c, const long *param, const long *knob)
{
    fifo_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1]};
    c->misuse = (unsigned)knob[0];
    return fifo_init(&c->s, &cfg);
}

/* Phases that fill, drain or churn the FIFO. Usage stays legal (no push when
 * full, no pop when empty: the RTL asserts against both) unless the misuse
 * knob lets a percentage of cycles ignore the flags; that is for mutant
 * netlists (no assertions), where it exercises the guards, and for checking
 * that the assertions fire. */
static void gen(ctx_t *c, rng_t *r, fifo_in_t *in)
{
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
    in->push = !full && rng_pct(r, c->push_pct);
    in->wdata = rng_bits(r, c->s.cfg.width);
    in->pop = !empty && rng_pct(r, c->pop_pct);
}

#include "glue.h"

/* The pointers, for waveforms. */
static void probes(void *m, sigtab_t *t)
{
    ctx_t *c = m;
    unsigned pw = c->s.cfg.depth > 1 ? bits_clog2(c->s.cfg.depth) : 1;
    t->sig[sigtab_add(t, "head_q", pw, 1)].group = "pointers";
    t->sig[sigtab_add(t, "tail", pw, 1)].group = "pointers";
}

static const char *const params[] = {"Depth", "Width", NULL};
static const knob_t knobs[] = {
    {"misuse", 0, 0, 100, "% of cycles the generator may push when full / pop when empty (RTL asserts)", NULL},
    {0},
};

const block_t block_fifo = GLUE_BLOCK(
    "fifo", "circular-buffer FIFO with head/tail pointers and a count (MRPB section 6)",
    params, knobs, probes, 0);
