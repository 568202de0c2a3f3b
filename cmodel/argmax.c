#include "argmax.h"

#include <errno.h>
#include <stdio.h>

#include "bits.h"

/* Returns 0, or -EINVAL (with a message on stderr) for N or W out of range. */
int argmax_init(argmax_state_t *s, const argmax_cfg_t *cfg)
{
    if (cfg->n < 1 || cfg->n > ARGMAX_MAX_N || cfg->w < 1 || cfg->w > ARGMAX_MAX_W) {
        fprintf(stderr, "argmax: N=%u W=%u out of range (N 1..%d, W 1..%d)\n",
                cfg->n, cfg->w, ARGMAX_MAX_N, ARGMAX_MAX_W);
        return -EINVAL;
    }
    s->cfg = *cfg;
    return 0;
}

void argmax_reset(argmax_state_t *s)
{
    (void)s; /* no registers */
}

/* A linear scan with a strict '>' gives the same answer as the RTL's tree:
 * the first (lowest-index) valid entry holding the maximum. */
void argmax_eval(const argmax_state_t *s, const argmax_in_t *in, argmax_out_t *out)
{
    uint64_t m = bits_mask(s->cfg.w);
    out->idx = 0;
    out->max = 0;
    out->valid = 0;
    for (unsigned i = 0; i < s->cfg.n; i++) {
        uint64_t v = in->vals[i] & m;
        if (!((in->valid >> i) & 1))
            continue;
        if (!out->valid || v > out->max) {
            out->idx = i;
            out->max = v;
            out->valid = 1;
        }
    }
}

void argmax_tick(argmax_state_t *s, const argmax_in_t *in)
{
    (void)s;
    (void)in; /* combinational */
}
