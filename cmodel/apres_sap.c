#include "apres_sap.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"

int apres_sap_init(apres_sap_state_t *s, const apres_sap_cfg_t *cfg)
{
    const char *bad = NULL;
    unsigned lo = 0, hi = 0, v = 0;
    if (cfg->num_warps < 1 || cfg->num_warps > APRES_SAP_MAX_WARPS)
        bad = "NumWarps", v = cfg->num_warps, lo = 1, hi = APRES_SAP_MAX_WARPS;
    else if (cfg->pc_w < 1 || cfg->pc_w > 64)
        bad = "PcW", v = cfg->pc_w, lo = 1, hi = 64;
    else if (cfg->line_w > 12)
        bad = "LineW", v = cfg->line_w, lo = 0, hi = 12;
    else if (cfg->addr_w < cfg->line_w + 1 || cfg->addr_w > 63)
        bad = "AddrW", v = cfg->addr_w, lo = cfg->line_w + 1, hi = 63;
    else if (cfg->pt_entries < 1 || cfg->pt_entries > APRES_SAP_MAX_PT)
        bad = "PtEntries", v = cfg->pt_entries, lo = 1, hi = APRES_SAP_MAX_PT;
    else if (cfg->div_steps < 1 || cfg->div_steps > cfg->addr_w)
        bad = "DivSteps", v = cfg->div_steps, lo = 1, hi = cfg->addr_w;
    if (bad) {
        fprintf(stderr, "apres_sap: %s=%u out of range %u..%u\n", bad, v, lo, hi);
        return -EINVAL;
    }
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    apres_sap_reset(s);
    return 0;
}

void apres_sap_reset(apres_sap_state_t *s)
{
    apres_sap_cfg_t c = s->cfg;
    memset(s, 0, sizeof *s);
    s->cfg = c;
    for (unsigned k = 0; k < c.pt_entries; k++)
        s->lru[k] = k;   /* the RTL's relation resets to "lower index older" */
}

unsigned apres_sap_div_cycles(const apres_sap_cfg_t *cfg)
{
    return (cfg->addr_w + cfg->div_steps - 1) / cfg->div_steps;
}

static uint64_t warp_in(const apres_sap_state_t *s, uint64_t w)
{
    return w & bits_mask(bits_idx_width(s->cfg.num_warps));
}

/* A stride register's value (sign and magnitude: bit AddrW the sign, the
 * AddrW bits below the magnitude; zero has sign 0) as a signed number. */
static __int128 stride_val(const apres_sap_state_t *s, uint64_t x)
{
    __int128 m = (__int128)(x & bits_mask(s->cfg.addr_w));
    return (x >> s->cfg.addr_w & 1) ? -m : m;
}

/* This cycle's load, as stage A sees it: -1 when there is none (or its warp
 * is not one the configuration has), else the PT entry its PC hits or, on a
 * PT miss, -2 - (the entry it will take). */
static int lookup(const apres_sap_state_t *s, const apres_sap_in_t *in)
{
    if (!(in->ld_valid & 1) || warp_in(s, in->ld_warp) >= s->cfg.num_warps)
        return -1;
    uint64_t pc = in->ld_pc & bits_mask(s->cfg.pc_w);
    for (unsigned e = 0; e < s->cfg.pt_entries; e++)
        if ((s->pt_v >> e & 1) && s->pt_pc[e] == pc)
            return (int)e;
    for (unsigned e = 0; e < s->cfg.pt_entries; e++)   /* the lowest free entry */
        if (!(s->pt_v >> e & 1))
            return -2 - (int)e;
    return -2 - (int)s->lru[0];                        /* else the least recently used */
}

/* The load is a miss with a group whose PC is in the PT. */
static int wants_engine(const apres_sap_in_t *in, int hit)
{
    return hit >= 0 && (in->ld_miss & 1) && (in->grp_valid & 1);
}

void apres_sap_eval(const apres_sap_state_t *s, const apres_sap_in_t *in, apres_sap_out_t *out)
{
    memset(out, 0, sizeof *out);
    (void)in;
    out->pt_hit = s->o_pt_hit;
    out->busy = s->st != APRES_SAP_IDLE;
    out->lost = s->o_lost;
    out->res_valid = s->o_res_valid;
    out->res = s->o_res;
    out->res_stride = s->o_res_stride;
    out->pf_valid = s->o_pf_valid;
    out->pf_drop = s->o_pf_drop;
    out->pf_warp = s->o_pf_warp;
    out->pf_addr = s->o_pf_addr;
}

/* Make entry e the most recently used. */
static void lru_use(apres_sap_state_t *s, unsigned e)
{
    unsigned n = s->cfg.pt_entries, k = 0;
    while (s->lru[k] != e)
        k++;
    memmove(&s->lru[k], &s->lru[k + 1], (n - 1 - k) * sizeof s->lru[0]);
    s->lru[n - 1] = e;
}

/* B3: the target's address checked; the output registers. */
static void stage_b3(apres_sap_state_t *s)
{
    const unsigned aw = s->cfg.addr_w, lw = s->cfg.line_w;
    s->o_pf_valid = s->o_pf_drop = s->o_pf_warp = s->o_pf_addr = 0;
    if (!s->b3_v)
        return;
    __int128 a = s->b3_a;
    uint64_t line = (uint64_t)(a >> lw);
    int ok = a >= 0 && a < ((__int128)1 << aw) && line != s->m_addr >> lw &&
             !(s->last_v && line == s->last_line);
    s->o_pf_warp = s->b3_w;
    s->o_pf_addr = (uint64_t)a & bits_mask(aw);
    if (ok) {
        s->o_pf_valid = 1;
        s->last_v = 1;
        s->last_line = line;
    } else {
        s->o_pf_drop = 1;
    }
}

void apres_sap_tick(apres_sap_state_t *s, const apres_sap_in_t *in)
{
    const apres_sap_cfg_t *c = &s->cfg;
    const uint64_t amask = bits_mask(c->addr_w);
    int hit = lookup(s, in);
    int alloc = hit <= -2 ? -2 - hit : -1;   /* the entry a PT miss takes */
    int accept = wants_engine(in, hit) && s->st == APRES_SAP_IDLE;
    unsigned st = s->st;

    s->o_res_valid = 0;
    s->o_res = 0;
    s->o_res_stride = 0;
    s->o_pt_hit = hit >= 0;
    s->o_lost = wants_engine(in, hit) && st != APRES_SAP_IDLE;

    /* the burst, from the back: B3 -> out, B2 -> B3, B1 -> B2, B0 -> B1 */
    stage_b3(s);
    s->b3_v = s->b2_v;
    s->b3_w = s->b2_w;
    s->b3_a = s->b2_a;
    s->b2_v = s->b1_v;
    s->b2_w = s->b1_w;
    s->b2_a = (__int128)s->m_addr + ((__int128)s->b1_w - (__int128)s->m_warp) * stride_val(s, s->sp);
    s->b1_v = 0;
    if (st == APRES_SAP_BURST) {
        if (s->wq) {
            s->b1_v = 1;
            s->b1_w = (uint64_t)__builtin_ctzll(s->wq);
            s->wq &= s->wq - 1;
        } else if (!s->b2_v && !s->b3_v) {
            /* no target left, B1 and B2 were empty (b2/b3 now hold their old
             * contents): the last target has just left B3 */
            s->st = APRES_SAP_IDLE;
        }
    }
    if (!s->b2_v)
        s->b2_a = 0;

    switch (st) {
    case APRES_SAP_RD:   /* (the values were kept at acceptance) */
        s->st = APRES_SAP_CLS;
        break;
    case APRES_SAP_CLS: {
        if (s->m_warp == s->p_warp) {          /* the same warp: no stride */
            s->st = APRES_SAP_IDLE;
            s->o_res_valid = 1;
            s->o_res = APRES_SAP_SAME;
            break;
        }
        uint64_t dmag = s->m_addr >= s->p_addr ? s->m_addr - s->p_addr : s->p_addr - s->m_addr;
        uint64_t wmag = s->m_warp > s->p_warp ? s->m_warp - s->p_warp : s->p_warp - s->m_warp;
        s->neg = (s->m_addr < s->p_addr) ^ (s->m_warp < s->p_warp);
        s->qm = dmag / wmag;
        s->cnt = apres_sap_div_cycles(c);
        s->st = APRES_SAP_DIV;
        break;
    }
    case APRES_SAP_DIV:
        if (--s->cnt == 0)
            s->st = APRES_SAP_VER;
        break;
    case APRES_SAP_VER: {
        uint64_t q = (s->neg && s->qm ? UINT64_C(1) << c->addr_w : 0) | s->qm;   /* sign and magnitude */
        s->o_res_valid = 1;
        s->o_res_stride = q;
        s->st = APRES_SAP_IDLE;
        if (s->sv_old && q == s->s_old) {
            s->o_res = q ? APRES_SAP_MATCH : APRES_SAP_ZERO;
            if (q) {
                s->sp = q;
                s->wq = s->grp & ~(UINT64_C(1) << s->m_warp);
                s->last_v = 0;
                s->st = APRES_SAP_BURST;
            }
        } else {
            s->o_res = APRES_SAP_NEW;
            if (s->wb_ok) {   /* an allocation of the entry at this edge clears sv again below */
                s->pt_stride[s->e] = q;
                s->pt_sv |= UINT64_C(1) << s->e;
            }
        }
        break;
    }
    default:
        break;
    }

    /* the entry the engine works on is not reallocated meanwhile */
    if (alloc >= 0 && (uint64_t)alloc == s->e)
        s->wb_ok = 0;

    /* stage A: accept the miss, update the PT */
    if (accept) {
        unsigned e = (unsigned)hit;
        s->st = APRES_SAP_RD;
        s->e = e;
        s->wb_ok = 1;
        s->m_warp = warp_in(s, in->ld_warp);
        s->m_addr = in->ld_addr & amask;
        s->grp = in->grp & bits_mask(c->num_warps);
        s->p_warp = s->pt_warp[e];
        s->p_addr = s->pt_addr[e];
        s->s_old = s->pt_stride[e];
        s->sv_old = s->pt_sv >> e & 1;
    }
    if (hit != -1) {
        unsigned e = hit >= 0 ? (unsigned)hit : (unsigned)alloc;
        if (hit < 0) {
            s->pt_v |= UINT64_C(1) << e;
            s->pt_sv &= ~(UINT64_C(1) << e);   /* the stride stays, invalid: no check reads it */
            s->pt_pc[e] = in->ld_pc & bits_mask(c->pc_w);
        }
        s->pt_warp[e] = warp_in(s, in->ld_warp);
        s->pt_addr[e] = in->ld_addr & amask;
        lru_use(s, e);
    }
}
