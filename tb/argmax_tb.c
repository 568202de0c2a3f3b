/* argmax_tb.c - argmax's C side for the lockstep engine: signals, model, stimulus. */
#include <stdlib.h>

#include "argmax.h"
#include "engine.h"
#include "patterns.h"

typedef struct {
    argmax_state_t s;
    unsigned n, w;
} ctx_t;

static void *create(const long *param, const long *knob, sigtab_t *in, sigtab_t *out)
{
    (void)knob;
    ctx_t *c = calloc(1, sizeof *c);
    argmax_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1]};
    if (!c || argmax_init(&c->s, &cfg)) {
        free(c);
        return NULL;
    }
    c->n = cfg.n;
    c->w = cfg.w;
    sigtab_add(in, "valid", c->n, 1);
    sigtab_add(in, "vals", c->w, c->n);
    sigtab_add(out, "idx", bits_idx_width(c->n), 1);
    sigtab_add(out, "max", c->w, 1);
    static const char *const valid_names[] = {"none", "found", NULL};
    sigtab_names(out, sigtab_add(out, "valid", 1, 1), valid_names);
    return c;
}

static void reset(void *m) { argmax_reset(&((ctx_t *)m)->s); }

static void unpack(const ctx_t *c, const uint64_t *in, argmax_in_t *i)
{
    i->valid = in[0];
    for (unsigned k = 0; k < c->n; k++)
        i->vals[k] = in[1 + k];
}

static void eval(void *m, const uint64_t *in, uint64_t *out)
{
    ctx_t *c = m;
    argmax_in_t i;
    argmax_out_t o;
    unpack(c, in, &i);
    argmax_eval(&c->s, &i, &o);
    out[0] = o.idx;
    out[1] = o.max;
    out[2] = o.valid;
}

static void tick(void *m, const uint64_t *in)
{
    ctx_t *c = m;
    argmax_in_t i;
    unpack(c, in, &i);
    argmax_tick(&c->s, &i);
}

/* Values from a narrow range (many ties), the full range, the top of the
 * range (all-ones maxima) or one constant (all tied). */
static void gen(void *m, rng_t *r, uint64_t *in)
{
    ctx_t *c = m;
    uint64_t top = bits_mask(c->w);
    unsigned kind = (unsigned)rng_below(r, 4);
    uint64_t k = rng_bits(r, c->w);
    in[0] = pattern_vector(r, c->n);
    for (unsigned i = 0; i < c->n; i++) {
        uint64_t v;
        switch (kind) {
        case 0: v = rng_below(r, 4); break;
        case 1: v = rng_bits(r, c->w); break;
        case 2: v = top - rng_below(r, 3); break;
        default: v = k; break;
        }
        in[1 + i] = v & top;
    }
}

static void destroy(void *m) { free(m); }

static const char *const params[] = {"N", "W", NULL};
static const knob_t knobs[] = {{0}};

const block_t block_argmax = {
    "argmax", "index and value of the largest valid entry, ties to the lowest index",
    params, knobs, create, reset, eval, tick, gen, destroy, NULL, BLOCK_COMB,
};
