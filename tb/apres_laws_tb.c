/* apres_laws_tb.c - apres_laws' C side for the lockstep engine: signals, model, stimulus.
 *
 * The generator plays the SM around LAWS. Phases vary: how often warps issue
 * loads and from how many PCs (one PC: every warp that loaded joins the next
 * group, so groups grow to every size; many PCs: groups of one), which warps
 * load (all, a few, one), how often the LSU answers and whether the answers
 * are hits, misses or both (in bursts), how often SAP sends prefetch targets,
 * and the ready pattern. Feedback names a valid WGT entry (the generator
 * reads which from the model, as the LSU would know its loads), sometimes a
 * stale or out-of-range one; warp IDs above NumWarps appear when N is not a
 * power of two. Long phases without feedback fill the WGT. */
#include "engine.h"
#include "apres_laws.h"
#include "bits.h"
#include "patterns.h"

#define GLUE_PREFIX apres_laws
#define GLUE_PORTS "apres_laws_ports.h"

typedef struct {
    apres_laws_state_t s;
    unsigned phase_left;
    unsigned p_ld, npc, p_fb, p_hit, p_pf, p_stale, ready_kind;
    uint64_t warps;   /* the warps that load in this phase */
    uint64_t pcs[8];
    char probe_name[APRES_LAWS_MAX_WARPS][2][24];   /* "q_at[k]" and its label "queue[k]" */
} ctx_t;

static const char *const valid_names[] = {"-", "VALID", NULL};
static const char *const hit_names[] = {"miss", "hit", NULL};
static const char *const stale_names[] = {"-", "STALE", NULL};

static int setup(ctx_t *c, const long *param, const long *knob)
{
    (void)knob;
    apres_laws_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1], (unsigned)param[2], (unsigned)param[3]};
    return apres_laws_init(&c->s, &cfg);
}

static void new_phase(ctx_t *c, rng_t *r)
{
    static const unsigned p_ev[] = {0, 10, 30, 60, 100};
    static const unsigned p_hit[] = {0, 50, 100, 90, 10};
    const unsigned n = c->s.cfg.num_warps;
    c->p_ld = p_ev[rng_below(r, 5)];
    c->p_fb = p_ev[rng_below(r, 5)];
    c->p_hit = p_hit[rng_below(r, 5)];
    c->p_pf = (unsigned[]){0, 0, 10, 50}[rng_below(r, 4)];
    c->p_stale = (unsigned[]){0, 0, 0, 5}[rng_below(r, 4)];
    c->ready_kind = (unsigned)rng_below(r, 4);
    c->npc = (unsigned[]){1, 2, 3, 8}[rng_below(r, 4)];
    /* often small PCs: PC 0 is also the LLT's reset value, so a warp with
     * no load yet (whose LLPC reads 0) must not join warps that loaded at 0 */
    for (unsigned k = 0; k < 8; k++)
        c->pcs[k] = rng_pct(r, 30) ? k & bits_mask(c->s.cfg.pc_w) : rng_bits(r, c->s.cfg.pc_w);
    switch (rng_below(r, 4)) {
    case 0: c->warps = bits_mask(n); break;
    case 1: c->warps = pattern_vector(r, n) | 1; break;
    case 2: c->warps = UINT64_C(1) << rng_below(r, n); break;
    default: c->warps = bits_mask(n < 4 ? n : 4) << rng_below(r, n > 4 ? n - 3 : 1); break;
    }
    c->warps &= bits_mask(n);
    if (!c->warps)
        c->warps = 1;
    c->phase_left = 8 + (unsigned)rng_below(r, 400);
}

/* A warp of the phase's set, or (rarely) any value the port can carry. */
static uint64_t pick_warp(const ctx_t *c, rng_t *r, uint64_t set)
{
    const unsigned n = c->s.cfg.num_warps, iw = bits_idx_width(n);
    if (rng_pct(r, 2))
        return rng_bits(r, iw);
    unsigned k = (unsigned)rng_below(r, (uint64_t)__builtin_popcountll(set));
    for (uint64_t m = set; m; m &= m - 1)
        if (!k--)
            return (uint64_t)__builtin_ctzll(m);
    return 0;
}

static void gen(ctx_t *c, rng_t *r, apres_laws_in_t *in)
{
    const unsigned n = c->s.cfg.num_warps, gw = bits_idx_width(c->s.cfg.wgt_entries);
    if (!c->phase_left)
        new_phase(c, r);
    c->phase_left--;

    switch (c->ready_kind) {
    case 0: in->ready = bits_mask(n); break;
    case 1: in->ready = pattern_vector(r, n); break;
    case 2: in->ready = rng_pct(r, 50) ? UINT64_C(1) << rng_below(r, n) : 0; break;
    default: in->ready = bits_mask(n) & ~pattern_vector(r, n); break;
    }
    in->ld_valid = rng_pct(r, c->p_ld);
    in->ld_warp = pick_warp(c, r, c->warps);
    in->ld_pc = c->pcs[rng_below(r, c->npc)];

    /* feedback for a valid entry (as the LSU would send it), or a stale one */
    unsigned valid[APRES_LAWS_MAX_WGT], nv = 0;
    for (unsigned e = 0; e < c->s.cfg.wgt_entries; e++)
        if (c->s.wgt_st[e] == APRES_WGT_VALID)
            valid[nv++] = e;
    in->fb_valid = 0;
    in->fb_gid = rng_bits(r, gw);
    if (rng_pct(r, c->p_stale)) {
        in->fb_valid = 1;
    } else if (nv && rng_pct(r, c->p_fb)) {
        in->fb_valid = 1;
        in->fb_gid = valid[rng_below(r, nv)];
    }
    in->fb_hit = rng_pct(r, c->p_hit);
    in->pf_valid = rng_pct(r, c->p_pf);
    in->pf_warp = pick_warp(c, r, bits_mask(n));
}

#include "glue.h"

/* The queue as "the warp at position k" (rtl/apres_laws.sv computes it
 * while a trace is open) and the move of each cycle, for waveforms. */
static void probes(void *m, sigtab_t *t)
{
    static const char *const move_names[] = {"-", "HIT->HEAD", "MISS->TAIL", NULL};
    ctx_t *c = m;
    const unsigned n = c->s.cfg.num_warps;
    unsigned k = sigtab_add(t, "ev_move", 2, 1);
    sigtab_names(t, k, move_names);
    t->sig[k].group = "events";
    t->sig[k].label = "move";
    k = sigtab_add(t, "fb_grp", n, 1);
    t->sig[k].group = "events";
    t->sig[k].label = "moved_group";
    for (unsigned p = 0; p < n; p++) {
        snprintf(c->probe_name[p][0], sizeof c->probe_name[p][0], "q_at[%u]", p);
        snprintf(c->probe_name[p][1], sizeof c->probe_name[p][1], "queue[%u]", p);
        k = sigtab_add(t, c->probe_name[p][0], bits_idx_width(n), 1);
        t->sig[k].group = "scheduling queue (warp at position k)";
        t->sig[k].label = c->probe_name[p][1];
    }
}

static const char *const params[] = {"NumWarps", "PcW", "WgtEntries", "Scheds", NULL};
static const knob_t knobs[] = {{0}};

const block_t block_apres_laws = GLUE_BLOCK(
    "apres_laws", "APRES locality-aware warp scheduler: LLT, WGT, group moves in the scheduling queue (APRES section IV-A)",
    params, knobs, probes, 0);
