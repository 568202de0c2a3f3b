/* rr_arb_tb.c - rr_arb's C side for the lockstep engine: signals, model, stimulus. */
#include <stdlib.h>

#include "engine.h"
#include "patterns.h"
#include "rr_arb.h"

typedef struct {
    rr_arb_state_t s;
    unsigned n;
    unsigned ack_pct;   /* current phase: how often a grant is taken */
    unsigned phase_left;
    uint64_t held;      /* requests held over a phase, as queues would */
} ctx_t;

static void *create(const long *param, const long *knob, sigtab_t *in, sigtab_t *out)
{
    (void)knob;
    ctx_t *c = calloc(1, sizeof *c);
    rr_arb_cfg_t cfg = {(unsigned)param[0]};
    if (!c || rr_arb_init(&c->s, &cfg)) {
        free(c);
        return NULL;
    }
    c->n = cfg.n;
    unsigned iw = bits_idx_width(c->n);
    sigtab_add(in, "req", c->n, 1);
    sigtab_add(in, "ack", 1, 1);
    sigtab_add(out, "gnt", c->n, 1);
    sigtab_add(out, "idx", iw, 1);
    static const char *const valid_names[] = {"idle", "grant", NULL};
    sigtab_names(out, sigtab_add(out, "valid", 1, 1), valid_names);
    sigtab_add(out, "ptr", iw, 1);
    return c;
}

static void reset(void *m) { rr_arb_reset(&((ctx_t *)m)->s); }

static void unpack(const uint64_t *in, rr_arb_in_t *i)
{
    i->req = in[0];
    i->ack = in[1];
}

static void eval(void *m, const uint64_t *in, uint64_t *out)
{
    rr_arb_in_t i;
    rr_arb_out_t o;
    unpack(in, &i);
    rr_arb_eval(&((ctx_t *)m)->s, &i, &o);
    out[0] = o.gnt;
    out[1] = o.idx;
    out[2] = o.valid;
    out[3] = o.ptr;
}

static void tick(void *m, const uint64_t *in)
{
    rr_arb_in_t i;
    unpack(in, &i);
    rr_arb_tick(&((ctx_t *)m)->s, &i);
}

/* Phases of steady requests (the pointer walks around them) and of fresh
 * random vectors every cycle, with the grant taken more or less often. */
static void gen(void *m, rng_t *r, uint64_t *in)
{
    ctx_t *c = m;
    if (!c->phase_left) {
        c->phase_left = 1 + (unsigned)rng_below(r, 64);
        c->ack_pct = (unsigned[]){100, 90, 50, 10}[rng_below(r, 4)];
        c->held = rng_pct(r, 50) ? pattern_vector(r, c->n) : UINT64_MAX;
    }
    c->phase_left--;
    in[0] = c->held != UINT64_MAX ? c->held : pattern_vector(r, c->n);
    in[1] = rng_pct(r, c->ack_pct);
}

static void destroy(void *m) { free(m); }

static const char *const params[] = {"N", NULL};
static const knob_t knobs[] = {{0}};

const block_t block_rr_arb = {
    "rr_arb", "round-robin arbiter with a pointer past the last grant (MRPB section 3.3)",
    params, knobs, create, reset, eval, tick, gen, destroy, NULL, 0,
};
