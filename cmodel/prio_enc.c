#include "prio_enc.h"

#include <errno.h>
#include <stdio.h>

#include "bits.h"

/* Returns 0, or -EINVAL (with a message on stderr) when N is out of 1..64. */
int prio_enc_init(prio_enc_state_t *s, const prio_enc_cfg_t *cfg)
{
    if (cfg->n < 1 || cfg->n > PRIO_ENC_MAX_N) {
        fprintf(stderr, "prio_enc: N=%u out of range 1..%d\n", cfg->n, PRIO_ENC_MAX_N);
        return -EINVAL;
    }
    s->cfg = *cfg;
    return 0;
}

void prio_enc_reset(prio_enc_state_t *s)
{
    (void)s; /* no registers */
}

unsigned prio_enc_lowest(uint64_t req, unsigned n, int *valid)
{
    req &= bits_mask(n);
    *valid = req != 0;
    return req ? (unsigned)__builtin_ctzll(req) : 0;
}

void prio_enc_eval(const prio_enc_state_t *s, const prio_enc_in_t *in, prio_enc_out_t *out)
{
    int valid;
    out->idx = prio_enc_lowest(in->req, s->cfg.n, &valid);
    out->valid = (uint64_t)valid;
}

void prio_enc_tick(prio_enc_state_t *s, const prio_enc_in_t *in)
{
    (void)s;
    (void)in; /* combinational */
}
