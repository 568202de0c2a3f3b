/* apres_sap_tb.c - apres_sap's C side for the lockstep engine: signals, model, stimulus.
 *
 * The generator plays the LSU and LAWS around SAP. Each phase picks a set of
 * load PCs (one, as many as the PT holds, a few more, or many more: LRU
 * replacement), and for each PC a base address and an inter-warp stride
 * (zero, small ones whose targets share a line, line-sized, large, random;
 * both signs; bases near 0 and near the top of the address space, so that
 * targets fall off the range), which warps load, how often they load, miss
 * and carry a group (never: LAWS' WGT full; always), how large the groups
 * are (the warp alone, a few, all warps), and how often an address breaks
 * its PC's stride (a mismatch). Idle stretches let bursts finish, busy ones
 * lose misses. After every reset a phase of new PCs (0, 1, 2, ..., one per
 * PT entry) back to back fills the empty PT, then loads them again (hits). Warp IDs above NumWarps appear when N is not a power of two. */
#include "engine.h"
#include "apres_sap.h"
#include "bits.h"
#include "patterns.h"

#define GLUE_PREFIX apres_sap
#define GLUE_PORTS "apres_sap_ports.h"

#define NPC_MAX 64

typedef struct {
    apres_sap_state_t s;
    unsigned phase_left;
    int fill;                       /* after a reset: a phase of new PCs back to back */
    unsigned fill_k;                /* the next PC of that phase (0, 1, 2, ...) */
    unsigned p_ld, p_miss, p_grp, p_noise, grp_kind, npc;
    uint64_t warps;                 /* the warps that load in this phase */
    uint64_t pc[NPC_MAX], base[NPC_MAX];
    int64_t stride[NPC_MAX];
} ctx_t;

static const char *const valid_names[] = {"-", "VALID", NULL};
static const char *const hit_names[] = {"hit", "MISS", NULL};
static const char *const pt_names[] = {"-", "PT_HIT", NULL};
static const char *const lost_names[] = {"-", "LOST", NULL};
static const char *const busy_names[] = {"idle", "BUSY", NULL};
static const char *const drop_names[] = {"-", "DROP", NULL};
static const char *const res_names[] = {"NEW", "MATCH", "ZERO", "SAME", NULL};

static int setup(ctx_t *c, const long *param, const long *knob)
{
    (void)knob;
    apres_sap_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1], (unsigned)param[2],
                           (unsigned)param[3], (unsigned)param[4], (unsigned)param[5]};
    return apres_sap_init(&c->s, &cfg);
}

/* A stride of one of the kinds the phase mixes. */
static int64_t pick_stride(const ctx_t *c, rng_t *r)
{
    const unsigned aw = c->s.cfg.addr_w;
    int64_t v;
    switch (rng_below(r, 6)) {
    case 0: v = 0; break;
    case 1: v = 1 + (int64_t)rng_below(r, 16); break;                                  /* targets share lines */
    case 2: v = (int64_t)(rng_below(r, 8) + 1) << c->s.cfg.line_w; break;            /* line multiples */
    case 3: v = 16 + (int64_t)rng_below(r, 2000); break;
    case 4: v = (int64_t)rng_bits(r, aw > 10 ? aw - 8 : 2); break;                     /* large */
    default: v = (int64_t)rng_bits(r, aw); break;                                      /* anything */
    }
    return rng_pct(r, 50) ? -v : v;
}

static void new_phase(ctx_t *c, rng_t *r)
{
    const unsigned n = c->s.cfg.num_warps, pt = c->s.cfg.pt_entries, aw = c->s.cfg.addr_w;
    c->p_ld = (unsigned[]){0, 5, 30, 70, 100}[rng_below(r, 5)];
    c->p_miss = (unsigned[]){0, 20, 70, 100}[rng_below(r, 4)];
    c->p_grp = (unsigned[]){0, 50, 90, 100, 100}[rng_below(r, 5)];
    c->p_noise = (unsigned[]){0, 0, 5, 30}[rng_below(r, 4)];
    c->grp_kind = (unsigned)rng_below(r, 5);
    c->npc = (unsigned[]){1, pt, pt + 1, pt + 4, 3 * pt + 5}[rng_below(r, 5)];
    if (c->fill)   /* the PT fills from empty, allocations back to back; then its PCs all hit */
        c->p_ld = 100, c->npc = pt, c->fill_k = 1;
    if (c->npc > NPC_MAX)
        c->npc = NPC_MAX;
    for (unsigned k = 0; k < c->npc; k++) {
        /* small PCs often (0 is also the PT's reset value) */
        c->pc[k] = (rng_pct(r, 30) || c->fill) ? k & bits_mask(c->s.cfg.pc_w) : rng_bits(r, c->s.cfg.pc_w);
        c->stride[k] = pick_stride(c, r);
        switch (rng_below(r, 4)) {
        case 0: c->base[k] = rng_bits(r, 12); break;                                     /* near 0 */
        case 1: c->base[k] = bits_mask(aw) - rng_bits(r, 12); break;                     /* near the top */
        default: c->base[k] = rng_bits(r, aw); break;
        }
    }
    switch (rng_below(r, 4)) {
    case 0: c->warps = bits_mask(n); break;
    case 1: c->warps = pattern_vector(r, n) | 1; break;
    case 2: c->warps = UINT64_C(1) << rng_below(r, n); break;
    default: c->warps = bits_mask(n < 4 ? n : 4) << rng_below(r, n > 4 ? n - 3 : 1); break;
    }
    c->warps &= bits_mask(n);
    if (!c->warps)
        c->warps = 1;
    c->phase_left = c->fill ? 2 * pt + 8 : 8 + (unsigned)rng_below(r, 300);
    if (!c->fill)
        c->fill_k = 0;
    c->fill = 0;
}

/* After a reset, start with a phase that fills the empty PT. */
static void on_reset(ctx_t *c)
{
    c->fill = 1;
    c->phase_left = 0;
}
#define GLUE_ON_RESET on_reset

/* A warp of the set, or (rarely) any value the port can carry. */
static uint64_t pick_warp(const ctx_t *c, rng_t *r, uint64_t set)
{
    const unsigned iw = bits_idx_width(c->s.cfg.num_warps);
    if (rng_pct(r, 2))
        return rng_bits(r, iw);
    unsigned k = (unsigned)rng_below(r, (uint64_t)__builtin_popcountll(set));
    for (uint64_t m = set; m; m &= m - 1)
        if (!k--)
            return (uint64_t)__builtin_ctzll(m);
    return 0;
}

static void gen(ctx_t *c, rng_t *r, apres_sap_in_t *in)
{
    const unsigned n = c->s.cfg.num_warps, aw = c->s.cfg.addr_w;
    if (!c->phase_left)
        new_phase(c, r);
    c->phase_left--;

    /* the fill phase loads its PCs in turn: PC 0 first, each one new */
    unsigned k = c->fill_k ? (c->fill_k++ - 1) % c->npc : (unsigned)rng_below(r, c->npc);
    uint64_t w = pick_warp(c, r, c->warps);
    in->ld_valid = rng_pct(r, c->p_ld);
    in->ld_pc = c->pc[k];
    in->ld_warp = w;
    in->ld_addr = (c->base[k] + w * (uint64_t)c->stride[k]) & bits_mask(aw);
    if (rng_pct(r, c->p_noise))
        in->ld_addr = rng_pct(r, 50) ? rng_bits(r, aw) : (in->ld_addr + rng_below(r, 300)) & bits_mask(aw);
    in->ld_miss = rng_pct(r, c->p_miss);
    in->grp_valid = rng_pct(r, c->p_grp);
    uint64_t me = w < 64 ? UINT64_C(1) << w : 0;
    switch (c->grp_kind) {
    case 0: in->grp = me; break;                                              /* the warp alone */
    case 1: in->grp = bits_mask(n); break;                                    /* every warp */
    case 2: in->grp = pattern_vector(r, n) | me; break;
    case 3: in->grp = (bits_mask(n < 6 ? n : 6) << (w > 2 ? w - 2 : 0)) | me; break;   /* neighbours */
    default: in->grp = rng_bits(r, n); break;                                 /* anything */
    }
    in->grp &= bits_mask(n);
}

#include "glue.h"

/* The engine and the burst, for waveforms. */
static void probes(void *m, sigtab_t *t)
{
    static const char *const st_names[] = {"IDLE", "RD", "CLS", "DIV", "VER", "BURST", NULL};
    ctx_t *c = m;
    const apres_sap_cfg_t *g = &c->s.cfg;
    static const struct { const char *path, *label; int w; } p[] = {
        {"st_q", "engine_state", -1}, {"cnt_q", "div_cycles_left", -2}, {"e_q", "pt_entry", -3},
        {"s_old_q", "stored_stride", -4}, {"sv_old_q", "stored_stride_valid", 1}, {"sp_q", "burst_stride", -4},
        {"wq_q", "targets_left", -5}, {"last_q", "last_issued_line", -6},
    };
    for (unsigned i = 0; i < sizeof p / sizeof p[0]; i++) {
        unsigned w = p[i].w == -1 ? 3
                   : p[i].w == -2 ? bits_clog2(apres_sap_div_cycles(g) + 1)
                   : p[i].w == -3 ? g->pt_entries
                   : p[i].w == -4 ? g->addr_w + 1
                   : p[i].w == -5 ? g->num_warps
                   : p[i].w == -6 ? g->addr_w - g->line_w : (unsigned)p[i].w;
        unsigned k = sigtab_add(t, p[i].path, w, 1);
        t->sig[k].group = i < 6 ? "engine" : "burst";
        t->sig[k].label = p[i].label;
        if (i == 0)
            sigtab_names(t, k, st_names);
    }
}

static const char *const params[] = {"NumWarps", "PcW", "AddrW", "LineW", "PtEntries", "DivSteps", NULL};
static const knob_t knobs[] = {{0}};

const block_t block_apres_sap = GLUE_BLOCK(
    "apres_sap", "APRES scheduling-aware prefetcher: PT, stride check, prefetch bursts for a missing group (APRES section IV-B)",
    params, knobs, probes, 0);
