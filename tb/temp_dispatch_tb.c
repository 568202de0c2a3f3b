/* temp_dispatch_tb.c - temp_dispatch's C side for the lockstep engine: signals, model, stimulus.
 *
 * The generator plays the host and the SMs. The host writes every SM's
 * range (the balanced split of a kernel's blocks, temp_dispatch_split, of
 * a random size: none, fewer blocks than SMs, many; sometimes the whole ID
 * space; sometimes the last blocks of a larger kernel, at the top of the ID
 * space, so that heads count up to 2^BlkW), now and then a refused one
 * (head > tail, tail > 2^BlkW, an SM that does not exist), the last few
 * IDs to any SM, or a write while the SMs still pop. SMs pop with a
 * per-phase rate (never, sometimes, every cycle), all at once or one by one. */
#include "engine.h"
#include "temp_dispatch.h"
#include "bits.h"
#include "patterns.h"

#define GLUE_PREFIX temp_dispatch
#define GLUE_PORTS "temp_dispatch_ports.h"

typedef struct {
    temp_dispatch_state_t s;
    unsigned phase_left, p_pop, p_bad, pop_kind;
    uint64_t nblocks, base;   /* the kernel's blocks [base, base + nblocks) */
    unsigned next_sm;   /* the host's write sequence: SM 0, 1, ... */
} ctx_t;

static const char *const valid_names[] = {"-", "VALID", NULL};
static const char *const err_names[] = {"-", "ERR", NULL};

static int setup(ctx_t *c, const long *param, const long *knob)
{
    (void)knob;
    temp_dispatch_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1]};
    return temp_dispatch_init(&c->s, &cfg);
}

static void new_phase(ctx_t *c, rng_t *r)
{
    const uint64_t ids = UINT64_C(1) << c->s.cfg.blk_w;
    switch (rng_below(r, 5)) {
    case 0: c->nblocks = 0; break;
    case 1: c->nblocks = rng_below(r, c->s.cfg.num_sms + 1); break;
    case 2: c->nblocks = ids; break;
    default: c->nblocks = rng_below(r, (ids < 400 ? ids : 400) + 1); break;
    }
    /* one kernel in four is the end of a larger one: its blocks end at or
     * just below 2^BlkW, so the queues' top bits are set and the heads reach
     * the end of the ID space */
    c->base = 0;
    if (c->nblocks < ids && rng_pct(r, 25)) {
        const uint64_t room = ids - c->nblocks;
        c->base = room - rng_below(r, (room < 1024 ? room : 1024) + 1);
    }
    c->next_sm = 0;
    c->p_pop = (unsigned[]){0, 10, 50, 100}[rng_below(r, 4)];
    c->p_bad = (unsigned[]){0, 0, 5, 30}[rng_below(r, 4)];
    c->pop_kind = (unsigned)rng_below(r, 3);
    c->phase_left = 8 + (unsigned)rng_below(r, 600);
}

static void gen(ctx_t *c, rng_t *r, temp_dispatch_in_t *in)
{
    const unsigned ns = c->s.cfg.num_sms, w = c->s.cfg.blk_w;
    if (!c->phase_left)
        new_phase(c, r);
    c->phase_left--;
    in->wr_valid = 0;
    in->wr_sm = rng_bits(r, bits_idx_width(ns));
    in->wr_head = rng_bits(r, w + 1);
    in->wr_tail = rng_bits(r, w + 1);
    if (c->next_sm < ns && rng_pct(r, 60)) {   /* the host's writes, one SM a cycle */
        in->wr_valid = 1;
        in->wr_sm = c->next_sm;
        temp_dispatch_split(ns, c->nblocks, c->next_sm, &in->wr_head, &in->wr_tail);
        in->wr_head += c->base;
        in->wr_tail += c->base;
        c->next_sm++;
    } else if (rng_pct(r, c->p_bad)) {         /* anything: mostly refused */
        in->wr_valid = 1;
        if (rng_pct(r, 25)) {                    /* or the last few IDs, to any SM */
            in->wr_tail = UINT64_C(1) << w;
            in->wr_head = in->wr_tail - rng_below(r, (in->wr_tail < 3 ? in->wr_tail : 3) + 1);
        }
    }
    switch (c->pop_kind) {
    case 0: in->pop = rng_pct(r, c->p_pop) ? bits_mask(ns) : 0; break;
    case 1: in->pop = rng_pct(r, c->p_pop) ? UINT64_C(1) << rng_below(r, ns) : 0; break;
    default: in->pop = rng_pct(r, c->p_pop) ? pattern_vector(r, ns) : 0; break;
    }
}

#include "glue.h"

static const char *const params[] = {"NumSms", "BlkW", NULL};
static const knob_t knobs[] = {{0}};

const block_t block_temp_dispatch = GLUE_BLOCK(
    "temp_dispatch", "TEMP serial thread-block dispatch: a [head, tail) queue of block IDs per SM (TEMP/TBAS section 3.2)",
    params, knobs, NULL, 0);
