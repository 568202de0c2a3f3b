#include "rr_arb.h"

#include <errno.h>
#include <stdio.h>

#include "bits.h"
#include "prio_enc.h"

/* Returns 0, or -EINVAL (with a message on stderr) when N is out of 1..64. */
int rr_arb_init(rr_arb_state_t *s, const rr_arb_cfg_t *cfg)
{
    if (cfg->n < 1 || cfg->n > RR_ARB_MAX_N) {
        fprintf(stderr, "rr_arb: N=%u out of range 1..%d\n", cfg->n, RR_ARB_MAX_N);
        return -EINVAL;
    }
    s->cfg = *cfg;
    rr_arb_reset(s);
    return 0;
}

void rr_arb_reset(rr_arb_state_t *s)
{
    s->ptr = 0;
}

/* First request at or after the pointer, else the lowest request. */
void rr_arb_eval(const rr_arb_state_t *s, const rr_arb_in_t *in, rr_arb_out_t *out)
{
    unsigned n = s->cfg.n;
    uint64_t req = in->req & bits_mask(n);
    uint64_t upper = req & ~bits_mask((unsigned)s->ptr);
    int upper_valid, all_valid;
    unsigned upper_idx = prio_enc_lowest(upper, n, &upper_valid);
    unsigned all_idx = prio_enc_lowest(req, n, &all_valid);

    out->valid = (uint64_t)all_valid;
    out->idx = upper_valid ? upper_idx : all_idx;
    out->gnt = all_valid ? UINT64_C(1) << out->idx : 0;
    out->ptr = s->ptr;
}

/* A taken grant moves the pointer to the requester after it (mod N). */
void rr_arb_tick(rr_arb_state_t *s, const rr_arb_in_t *in)
{
    rr_arb_out_t o;
    rr_arb_eval(s, in, &o);
    if ((in->ack & 1) && o.valid)
        s->ptr = (o.idx == s->cfg.n - 1) ? 0 : o.idx + 1;
}
