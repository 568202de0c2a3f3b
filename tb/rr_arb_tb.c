/* rr_arb_tb.c - rr_arb's C side for the lockstep engine: configuration, stimulus. */
#include "engine.h"
#include "patterns.h"
#include "rr_arb.h"

#define GLUE_PREFIX rr_arb
#define GLUE_PORTS "rr_arb_ports.h"

typedef struct {
    rr_arb_state_t s;
    unsigned ack_pct;   /* current phase: how often a grant is taken */
    unsigned phase_left;
    uint64_t held;      /* requests held over a phase, as queues would */
} ctx_t;

static const char *const valid_names[] = {"idle", "grant", NULL};

static int setup(ctx_t *c, const long *param, const long *knob)
{
    (void)knob;
    rr_arb_cfg_t cfg = {(unsigned)param[0]};
    return rr_arb_init(&c->s, &cfg);
}

/* Phases of steady requests (the pointer walks around them) and of fresh
 * random vectors every cycle, with the grant taken more or less often. */
static void gen(ctx_t *c, rng_t *r, rr_arb_in_t *in)
{
    const unsigned n = c->s.cfg.n;
    if (!c->phase_left) {
        c->phase_left = 1 + (unsigned)rng_below(r, 64);
        c->ack_pct = (unsigned[]){100, 90, 50, 10}[rng_below(r, 4)];
        c->held = rng_pct(r, 50) ? pattern_vector(r, n) : UINT64_MAX;
    }
    c->phase_left--;
    in->req = c->held != UINT64_MAX ? c->held : pattern_vector(r, n);
    in->ack = rng_pct(r, c->ack_pct);
}

#include "glue.h"

static const char *const params[] = {"N", NULL};
static const knob_t knobs[] = {{0}};

const block_t block_rr_arb = GLUE_BLOCK(
    "rr_arb", "round-robin arbiter with a pointer past the last grant (MRPB section 3.3)",
    params, knobs, NULL, 0);
