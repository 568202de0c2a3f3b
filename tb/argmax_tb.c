/* argmax_tb.c - argmax's C side for the lockstep engine: configuration, stimulus. */
#include "engine.h"
#include "argmax.h"
#include "patterns.h"

#define GLUE_PREFIX argmax
#define GLUE_PORTS "argmax_ports.h"

typedef struct {
    argmax_state_t s;
} ctx_t;

static const char *const valid_names[] = {"none", "found", NULL};

static int setup(ctx_t *c, const long *param, const long *knob)
{
    (void)knob;
    /* param[2], Radix, is the RTL's structure (children per tree node): the
     * behaviour is the same at every radix, so the C model does not see it. */
    argmax_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1]};
    return argmax_init(&c->s, &cfg);
}

/* Values from a narrow range (many ties), the full range, the top of the
 * range (all-ones maxima) or one constant (all tied). */
static void gen(ctx_t *c, rng_t *r, argmax_in_t *in)
{
    const unsigned n = c->s.cfg.n, w = c->s.cfg.w;
    uint64_t top = bits_mask(w);
    unsigned kind = (unsigned)rng_below(r, 4);
    uint64_t k = rng_bits(r, w);
    in->valid = pattern_vector(r, n);
    for (unsigned i = 0; i < n; i++) {
        uint64_t v;
        switch (kind) {
        case 0: v = rng_below(r, 4); break;
        case 1: v = rng_bits(r, w); break;
        case 2: v = top - rng_below(r, 3); break;
        default: v = k; break;
        }
        in->vals[i] = v & top;
    }
}

#include "glue.h"

static const char *const params[] = {"N", "W", "Radix", NULL};
static const knob_t knobs[] = {{0}};

const block_t block_argmax = GLUE_BLOCK(
    "argmax", "index and value of the largest valid entry, ties to the lowest index",
    params, knobs, NULL, BLOCK_COMB);
