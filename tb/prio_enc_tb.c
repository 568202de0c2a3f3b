/* prio_enc_tb.c - prio_enc's C side for the lockstep engine: signals, model, stimulus. */
#include <stdlib.h>

#include "engine.h"
#include "prio_enc.h"
#include "patterns.h"

typedef struct {
    prio_enc_state_t s;
    unsigned n;
} ctx_t;

static void *create(const long *param, const long *knob, sigtab_t *in, sigtab_t *out)
{
    (void)knob;
    ctx_t *c = calloc(1, sizeof *c);
    prio_enc_cfg_t cfg = {(unsigned)param[0]};
    if (!c || prio_enc_init(&c->s, &cfg)) {
        free(c);
        return NULL;
    }
    c->n = cfg.n;
    sigtab_add(in, "req", c->n, 1);
    sigtab_add(out, "idx", bits_idx_width(c->n), 1);
    static const char *const valid_names[] = {"none", "found", NULL};
    sigtab_names(out, sigtab_add(out, "valid", 1, 1), valid_names);
    return c;
}

static void reset(void *m) { prio_enc_reset(&((ctx_t *)m)->s); }

static void eval(void *m, const uint64_t *in, uint64_t *out)
{
    prio_enc_in_t i = {in[0]};
    prio_enc_out_t o;
    prio_enc_eval(&((ctx_t *)m)->s, &i, &o);
    out[0] = o.idx;
    out[1] = o.valid;
}

static void tick(void *m, const uint64_t *in)
{
    prio_enc_in_t i = {in[0]};
    prio_enc_tick(&((ctx_t *)m)->s, &i);
}

static void gen(void *m, rng_t *r, uint64_t *in)
{
    in[0] = pattern_vector(r, ((ctx_t *)m)->n);
}

static void destroy(void *m) { free(m); }

static const char *const params[] = {"N", NULL};
static const knob_t knobs[] = {{0}};

const block_t block_prio_enc = {
    "prio_enc", "lowest-index-first priority encoder, logarithmic depth (MRPB section 6)",
    params, knobs, create, reset, eval, tick, gen, destroy, NULL, BLOCK_COMB,
};
