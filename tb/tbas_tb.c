/* tbas_tb.c - tbas' C side for the lockstep engine: signals, model, stimulus.
 *
 * The generator plays the SM around TBAS. Each phase picks how often thread
 * blocks launch and how many warps a block has (one, two, a few, many),
 * which slot a launch goes to (a free one, the slot of the last launch: a
 * batch of several blocks, or a slot whose warps all exit that cycle: a new
 * batch in a running slot), how often warps exit (singly, or a whole slot
 * at once), how the warps' active bits move (mostly active with short
 * waits, long waits, all waiting, flickering every cycle) and which warps
 * are ready (the active ones, a random subset, all); launched warps are
 * active, one launch in ten as they were (so the all-active flag sees an
 * inactive launched warp). Launches take only
 * warps that are not live or exit in that cycle, and only slots that exist
 * (the RTL asserts both). MinActive is the knob's value, or (default) a new
 * random value at every reset, small ones and ones above the batches'
 * sizes included. */
#include "engine.h"
#include "tbas.h"
#include "bits.h"
#include "patterns.h"

#define GLUE_PREFIX tbas
#define GLUE_PORTS "tbas_ports.h"
#define GLUE_CHECK

typedef struct {
    tbas_state_t s;
    tbas_chk_t chk;
    long min_knob;
    rng_t mrng;              /* MinActive draws, seeded from the first reset's cycle count */
    uint64_t min, resets;
    unsigned phase_left;
    unsigned p_launch, blk_kind, slot_kind, p_exit, p_slot_exit, act_kind, ready_kind;
    uint64_t act;            /* the warps' active bits, kept from cycle to cycle */
    unsigned last_slot;
    char probe_name[3][TBAS_MAX_BATCHES][2][16];   /* probe paths and labels */
} ctx_t;

static const char *const valid_names[] = {"-", "VALID", NULL};

static int setup(ctx_t *c, const long *param, const long *knob)
{
    tbas_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1], (unsigned)param[2]};
    c->min_knob = knob[0];
    rng_seed(&c->mrng, 0x7ba5);
    if (tbas_init(&c->s, &cfg))
        return -1;
    const unsigned w = bits_clog2((uint64_t)cfg.num_warps + 1);
    if (c->min_knob > (long)bits_mask(w)) {
        fprintf(stderr, "tbas: min_active=%ld does not fit min_active_i's %u bits (NumWarps=%u): expected -1..%lu\n",
                c->min_knob, w, cfg.num_warps, (unsigned long)bits_mask(w));
        return -1;
    }
    return 0;
}

/* A new MinActive at every reset (the pin may change only in reset). */
static void on_reset(ctx_t *c)
{
    const unsigned n = c->s.cfg.num_warps;
    if (c->min_knob >= 0) {
        c->min = (uint64_t)c->min_knob;   /* checked in setup: it fits the pin */
        return;
    }
    switch (rng_below(&c->mrng, 5)) {
    case 0: c->min = 0; break;
    case 1: c->min = 1; break;
    case 2: c->min = 2; break;
    case 3: c->min = 1 + rng_below(&c->mrng, n); break;
    default: c->min = rng_bits(&c->mrng, bits_clog2((uint64_t)n + 1)); break;   /* above NumWarps too */
    }
    c->min &= bits_mask(bits_clog2((uint64_t)n + 1));   /* the pin's width (1 bit at one warp) */
    c->act = 0;
}
#define GLUE_ON_RESET on_reset

static void new_phase(ctx_t *c, rng_t *r)
{
    c->p_launch = (unsigned[]){2, 10, 40, 90}[rng_below(r, 4)];
    c->blk_kind = (unsigned)rng_below(r, 4);
    c->slot_kind = (unsigned)rng_below(r, 4);
    c->p_exit = (unsigned[]){0, 1, 5, 20}[rng_below(r, 4)];
    c->p_slot_exit = (unsigned[]){0, 1, 5}[rng_below(r, 3)];
    c->act_kind = (unsigned)rng_below(r, 5);
    c->ready_kind = (unsigned)rng_below(r, 4);
    c->phase_left = 16 + (unsigned)rng_below(r, 300);
}

/* Up to k warps of `set`, picked at random. */
static uint64_t pick(rng_t *r, uint64_t set, unsigned k)
{
    uint64_t out = 0;
    while (k-- && set) {
        unsigned i = (unsigned)rng_below(r, (uint64_t)__builtin_popcountll(set));
        uint64_t m = set;
        while (i--)
            m &= m - 1;
        uint64_t bit = m & -m;
        out |= bit;
        set &= ~bit;
    }
    return out;
}

static void gen(ctx_t *c, rng_t *r, tbas_in_t *in)
{
    const unsigned n = c->s.cfg.num_warps, nb = c->s.cfg.max_batches;
    const uint64_t all = bits_mask(n), live = tbas_live(&c->s);
    if (!c->phase_left)
        new_phase(c, r);
    c->phase_left--;
    in->min_active = c->min;

    /* exits: single warps, or every warp of one slot */
    in->exit = 0;
    if (c->p_exit) {   /* without a branch on each draw (up to a fifth of them exits, at random) */
        for (uint64_t m = live; m; m &= m - 1)
            in->exit |= m & -m & -(uint64_t)rng_pct(r, c->p_exit);
    } else {           /* the same draws, none of them an exit */
        for (int k = __builtin_popcountll(live); k; k--)
            (void)rng_next(r);
    }
    if (rng_pct(r, c->p_slot_exit))
        in->exit |= c->s.mem[rng_below(r, nb)];

    /* a launch of a block's warps into a slot */
    in->launch = 0;
    in->launch_batch = rng_bits(r, bits_idx_width(nb)) % nb;
    const uint64_t freew = all & ~(live & ~in->exit);
    if (freew && rng_pct(r, c->p_launch)) {
        unsigned k = c->blk_kind == 0 ? 1 : c->blk_kind == 1 ? 2 : c->blk_kind == 2 ? 1 + (unsigned)rng_below(r, 6) : n;
        in->launch = pick(r, freew, k);
        unsigned slot = (unsigned)in->launch_batch;
        switch (c->slot_kind) {
        case 0:   /* an empty slot, if any */
            for (unsigned b = 0; b < nb; b++)
                if (!(c->s.mem[(slot + b) % nb] & ~in->exit)) {
                    slot = (slot + b) % nb;
                    break;
                }
            break;
        case 1: slot = c->last_slot; break;   /* another block of the last batch */
        case 2: {                             /* a slot whose warps all exit now: a new batch there */
            unsigned b = (unsigned)rng_below(r, nb);
            in->exit |= c->s.mem[b];
            in->launch = pick(r, all & ~(live & ~in->exit), k);
            slot = b;
            break;
        }
        default: break;
        }
        in->launch_batch = slot;
        c->last_slot = slot;
    }

    /* active bits: kept, with waits starting and ending */
    switch (c->act_kind) {
    case 0: c->act = all; break;
    case 1: c->act = (c->act | pick(r, all & ~c->act, 2)) & ~pick(r, all, rng_pct(r, 30)); break;
    case 2: c->act = (c->act | pick(r, all & ~c->act, rng_pct(r, 10))) & ~pick(r, all, rng_pct(r, 20)); break;
    case 3: c->act = rng_pct(r, 90) ? 0 : all; break;
    default: c->act = pattern_vector(r, n); break;
    }
    if (rng_pct(r, 90))
        c->act |= in->launch;   /* a launched warp is mostly not waiting on anything */
    in->active = c->act;
    switch (c->ready_kind) {
    case 0: in->ready = c->act; break;
    case 1: in->ready = c->act & pattern_vector(r, n); break;
    case 2: in->ready = all; break;
    default: in->ready = pattern_vector(r, n); break;
    }
}

#include "glue.h"

/* Per slot: its live warps and the snapshot's active count; the slots in
 * age order ("the slot at age position k", rtl/tbas.sv computes it). */
static void probes(void *m, sigtab_t *t)
{
    ctx_t *c = m;
    const unsigned nb = c->s.cfg.max_batches;
    static const struct {
        const char *path, *label, *group;
    } kind[3] = {
        {"mem_q[%u]", "live[%u]", "batch slots: live warps"},
        {"cnt[%u]", "active[%u]", "batch slots: active warps (the snapshot this cycle decides on)"},
        {"b_at[%u]", "age[%u]", "batch slots by age (0: the oldest)"},
    };
    const unsigned w[3] = {c->s.cfg.num_warps, bits_clog2((uint64_t)c->s.cfg.num_warps + 1), bits_idx_width(nb)};
    for (unsigned k = 0; k < 3; k++)
        for (unsigned b = 0; b < nb; b++) {
            char *path = c->probe_name[k][b][0], *label = c->probe_name[k][b][1];
            snprintf(path, sizeof c->probe_name[k][b][0], kind[k].path, b);
            snprintf(label, sizeof c->probe_name[k][b][1], kind[k].label, b);
            unsigned i = sigtab_add(t, path, w[k], 1);
            t->sig[i].group = kind[k].group;
            t->sig[i].label = label;
        }
}

static const char *const params[] = {"NumWarps", "MaxBatches", "RunBatches", NULL};
static const knob_t knobs[] = {
    {"min_active", -1, -1, 64, "MinActive, the min_active_i pin (-1: a new random value at every reset)", NULL},
    {0},
};

const block_t block_tbas = GLUE_BLOCK(
    "tbas", "TBAS thread-batch-aware warp scheduler: batch slots, oldest-first promotion, GTO issue (TEMP/TBAS section 4)",
    params, knobs, probes, 0);
