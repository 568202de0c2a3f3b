/* prio_enc_tb.c - prio_enc's C side for the lockstep engine: configuration, stimulus. */
#include "engine.h"
#include "patterns.h"
#include "prio_enc.h"

#define GLUE_PREFIX prio_enc
#define GLUE_PORTS "prio_enc_ports.h"

typedef struct {
    prio_enc_state_t s;
} ctx_t;

static const char *const valid_names[] = {"none", "found", NULL};

static int setup(ctx_t *c, const long *param, const long *knob)
{
    (void)knob;
    prio_enc_cfg_t cfg = {(unsigned)param[0]};
    return prio_enc_init(&c->s, &cfg);
}

static void gen(ctx_t *c, rng_t *r, prio_enc_in_t *in) { in->req = pattern_vector(r, c->s.cfg.n); }

#include "glue.h"

static const char *const params[] = {"N", NULL};
static const knob_t knobs[] = {{0}};

const block_t block_prio_enc = GLUE_BLOCK(
    "prio_enc", "lowest-index-first priority encoder, logarithmic depth (MRPB section 6)",
    params, knobs, NULL, BLOCK_COMB);
