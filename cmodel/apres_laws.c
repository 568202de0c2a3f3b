#include "apres_laws.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"

int apres_laws_init(apres_laws_state_t *s, const apres_laws_cfg_t *cfg)
{
    if (cfg->num_warps < 1 || cfg->num_warps > APRES_LAWS_MAX_WARPS) {
        fprintf(stderr, "apres_laws: NumWarps=%u out of range 1..%d\n", cfg->num_warps, APRES_LAWS_MAX_WARPS);
        return -EINVAL;
    }
    if (cfg->pc_w < 1 || cfg->pc_w > 64) {
        fprintf(stderr, "apres_laws: PcW=%u out of range 1..64\n", cfg->pc_w);
        return -EINVAL;
    }
    if (cfg->wgt_entries < 1 || cfg->wgt_entries > APRES_LAWS_MAX_WGT) {
        fprintf(stderr, "apres_laws: WgtEntries=%u out of range 1..%d\n", cfg->wgt_entries, APRES_LAWS_MAX_WGT);
        return -EINVAL;
    }
    if (cfg->scheds < 1 || cfg->scheds > APRES_LAWS_MAX_SCHEDS) {
        fprintf(stderr, "apres_laws: Scheds=%u out of range 1..%d\n", cfg->scheds, APRES_LAWS_MAX_SCHEDS);
        return -EINVAL;
    }
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    apres_laws_reset(s);
    return 0;
}

void apres_laws_reset(apres_laws_state_t *s)
{
    apres_laws_cfg_t c = s->cfg;
    memset(s, 0, sizeof *s);
    s->cfg = c;
    for (unsigned k = 0; k < c.num_warps; k++)
        s->order[k] = k;   /* the queue starts as 0..N-1 */
}

/* The lowest free WGT entry, or -1. */
static int free_entry(const apres_laws_state_t *s)
{
    for (unsigned e = 0; e < s->cfg.wgt_entries; e++)
        if (s->wgt_st[e] == APRES_WGT_FREE)
            return (int)e;
    return -1;
}

/* The feedback's entry when it names a valid one, else -1 (stale or none). */
static int fb_entry(const apres_laws_state_t *s, const apres_laws_in_t *in)
{
    if (!(in->fb_valid & 1))
        return -1;
    uint64_t g = in->fb_gid & bits_mask(bits_idx_width(s->cfg.wgt_entries));
    return g < s->cfg.wgt_entries && s->wgt_st[g] == APRES_WGT_VALID ? (int)g : -1;
}

static int warp_ok(const apres_laws_state_t *s, uint64_t w)
{
    return w < s->cfg.num_warps;
}

static uint64_t warp_in(const apres_laws_state_t *s, uint64_t w)
{
    return w & bits_mask(bits_idx_width(s->cfg.num_warps));
}

void apres_laws_eval(const apres_laws_state_t *s, const apres_laws_in_t *in, apres_laws_out_t *out)
{
    unsigned n = s->cfg.num_warps;
    uint64_t ready = in->ready & bits_mask(n);
    memset(out, 0, sizeof *out);
    /* each scheduler's first ready warp in queue order; the walk ends when
     * every scheduler has one (with one scheduler, at the first ready warp) */
    unsigned scheds = s->cfg.scheds, left = scheds;
    for (unsigned k = 0; k < n && ready && left; k++) {
        unsigned w = s->order[k], j = scheds == 1 ? 0 : w % scheds;
        if ((ready >> w & 1) && !out->issue_valid[j]) {
            out->issue_valid[j] = 1;
            out->issue_warp[j] = w;
            left--;
        }
    }
    int e = free_entry(s);
    if ((in->ld_valid & 1) && warp_ok(s, warp_in(s, in->ld_warp)) && e >= 0) {
        out->ld_gid_valid = 1;
        out->ld_gid = (uint64_t)e;
    }
    int g = fb_entry(s, in);
    out->fb_stale = (in->fb_valid & 1) && g < 0;
    if (g >= 0 && !(in->fb_hit & 1)) {
        out->miss_valid = 1;
        out->miss_group = s->wgt_vec[g];
    }
}

/* Stable partition of the queue: the warps of `grp` to the head (or the
 * tail), each side keeping its relative order. */
static void move(apres_laws_state_t *s, uint64_t grp, int head)
{
    unsigned n = s->cfg.num_warps, tmp[APRES_LAWS_MAX_WARPS], k = 0;
    for (int pass = 0; pass < 2; pass++) {
        int in_grp = head ? pass == 0 : pass == 1;
        for (unsigned i = 0; i < n; i++)
            if ((grp >> s->order[i] & 1) == (uint64_t)in_grp)
                tmp[k++] = s->order[i];
    }
    memcpy(s->order, tmp, n * sizeof tmp[0]);
}

void apres_laws_tick(apres_laws_state_t *s, const apres_laws_in_t *in)
{
    unsigned n = s->cfg.num_warps;
    uint64_t pcm = bits_mask(s->cfg.pc_w);
    int e = free_entry(s);   /* the load's entry, as eval chose it: before this edge's changes */
    int g = fb_entry(s, in);
    /* stage 2: the previous load's group, from every other warp's LLPC */
    if (s->p_valid) {
        uint64_t grp = UINT64_C(1) << s->p_warp;
        if (s->p_key_v)
            for (unsigned i = 0; i < n; i++)
                if (i != s->p_warp && (s->llt_v >> i & 1) && s->llt_pc[i] == s->p_key)
                    grp |= UINT64_C(1) << i;
        s->wgt_vec[s->p_gid] = grp;
        s->wgt_st[s->p_gid] = APRES_WGT_VALID;
    }
    /* feedback: move the group, free the entry; a hit's group goes in front of
     * the prefetch targets at the head, a miss's leaves them */
    if (g >= 0) {
        move(s, s->wgt_vec[g], in->fb_hit & 1);
        s->pf_set = (in->fb_hit & 1) ? 0 : s->pf_set & ~s->wgt_vec[g];
        s->wgt_st[g] = APRES_WGT_FREE;
    }
    /* a prefetch target goes behind the targets at the head, in front of the rest */
    uint64_t pw = warp_in(s, in->pf_warp);
    if ((in->pf_valid & 1) && warp_ok(s, pw)) {
        uint64_t before = s->pf_set & ~(UINT64_C(1) << pw);
        unsigned k = 0, pos = 0, tmp[APRES_LAWS_MAX_WARPS];
        for (unsigned i = 0; i < n; i++)
            if (s->order[i] != pw)
                tmp[k++] = s->order[i];
        for (unsigned i = 0; i < n - 1; i++)   /* the targets before it are a prefix */
            pos += (unsigned)(before >> tmp[i] & 1);
        memmove(&tmp[pos + 1], &tmp[pos], (n - 1 - pos) * sizeof tmp[0]);
        tmp[pos] = (unsigned)pw;
        memcpy(s->order, tmp, n * sizeof tmp[0]);
        s->pf_set = before | UINT64_C(1) << pw;
    }
    /* stage 1: this cycle's load */
    uint64_t lw = warp_in(s, in->ld_warp);
    s->p_valid = 0;
    if ((in->ld_valid & 1) && warp_ok(s, lw)) {
        if (e >= 0) {
            s->p_valid = 1;
            s->p_gid = (uint64_t)e;
            s->wgt_st[e] = APRES_WGT_RESERVED;
        }
        s->p_warp = lw;
        s->p_key = s->llt_pc[lw];
        s->p_key_v = s->llt_v >> lw & 1;
        s->llt_pc[lw] = in->ld_pc & pcm;
        s->llt_v |= UINT64_C(1) << lw;
    }
}
