#include "temp_dispatch.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"

int temp_dispatch_init(temp_dispatch_state_t *s, const temp_dispatch_cfg_t *cfg)
{
    if (cfg->num_sms < 1 || cfg->num_sms > TEMP_DISPATCH_MAX_SMS) {
        fprintf(stderr, "temp_dispatch: NumSms=%u out of range 1..%d\n", cfg->num_sms, TEMP_DISPATCH_MAX_SMS);
        return -EINVAL;
    }
    if (cfg->blk_w < 1 || cfg->blk_w > 32) {
        fprintf(stderr, "temp_dispatch: BlkW=%u out of range 1..32\n", cfg->blk_w);
        return -EINVAL;
    }
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    return 0;
}

void temp_dispatch_reset(temp_dispatch_state_t *s)
{
    memset(s->head, 0, sizeof s->head);
    memset(s->tail, 0, sizeof s->tail);
}

/* The SM a write takes effect for, or -1 (no write, or refused). */
static int write_sm(const temp_dispatch_state_t *s, const temp_dispatch_in_t *in)
{
    const unsigned w = s->cfg.blk_w;
    const uint64_t head = in->wr_head & bits_mask(w + 1), tail = in->wr_tail & bits_mask(w + 1);
    const uint64_t sm = in->wr_sm & bits_mask(bits_idx_width(s->cfg.num_sms));
    if (!(in->wr_valid & 1) || head > tail || tail > (UINT64_C(1) << w) || sm >= s->cfg.num_sms)
        return -1;
    return (int)sm;
}

/* A write to an SM, taken or refused, refuses that SM's pop. */
static uint64_t grants(const temp_dispatch_state_t *s, const temp_dispatch_in_t *in)
{
    uint64_t g = 0;
    const uint64_t sm = in->wr_sm & bits_mask(bits_idx_width(s->cfg.num_sms));
    for (unsigned k = 0; k < s->cfg.num_sms; k++)
        if ((in->pop >> k & 1) && s->head[k] != s->tail[k] && !((in->wr_valid & 1) && sm == k))
            g |= UINT64_C(1) << k;
    return g;
}

void temp_dispatch_eval(const temp_dispatch_state_t *s, const temp_dispatch_in_t *in, temp_dispatch_out_t *out)
{
    memset(out, 0, sizeof *out);
    out->wr_err = (in->wr_valid & 1) && write_sm(s, in) < 0;
    out->grant = grants(s, in);
    for (unsigned k = 0; k < s->cfg.num_sms; k++) {
        out->blk[k] = s->head[k] & bits_mask(s->cfg.blk_w);
        if (s->head[k] == s->tail[k])
            out->empty |= UINT64_C(1) << k;
    }
}

void temp_dispatch_tick(temp_dispatch_state_t *s, const temp_dispatch_in_t *in)
{
    const uint64_t g = grants(s, in);
    const int ws = write_sm(s, in);
    for (unsigned k = 0; k < s->cfg.num_sms; k++)
        if (g >> k & 1)
            s->head[k]++;   /* head < tail <= 2^BlkW: stays within BlkW + 1 bits */
    if (ws >= 0) {
        s->head[ws] = in->wr_head & bits_mask(s->cfg.blk_w + 1);
        s->tail[ws] = in->wr_tail & bits_mask(s->cfg.blk_w + 1);
    }
}

void temp_dispatch_split(unsigned num_sms, uint64_t nblocks, unsigned sm, uint64_t *head, uint64_t *tail)
{
    *head = nblocks * sm / num_sms;
    *tail = nblocks * (sm + 1) / num_sms;
}
