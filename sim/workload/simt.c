/* simt.c - per-thread kernels run 32 lanes at a time (simt.h). */
#include "workload/simt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The spellings the instruction macros (simt_ops.h) use, interned in this
 * order when a per-thread kernel opens, so that its opcode ids do not depend
 * on which block ran first (a cursor, open_at, sees the same ids). */
static const char *const simt_opcodes[] = {
    "S2R", "MOV", "IMAD", "IADD", "FADD", "FMUL", "FFMA", "IMNMX", "SEL", "MUFU.RCP", "LDG.E", "STG.E",
    "LDS.U.32", "STS", "ISETP.NE.AND", "ISETP.GE.AND", "BRA", "BAR.SYNC", "EXIT", "LDG.E.U8", "STG.E.U8",
    "LDG.E.64", "STG.E.64", "FMNMX", "FSETP.LT.AND", "FSEL", "TLD.B.LZ", "MUFU.EX2", "MUFU.LG2", "MUFU.RSQ",
    "FSETP.GT.AND", "ATOM.E.MIN", "LDG.E.128", "LDS.U.U8", "STS.U8", "BFE.U32", "LOP.AND", "LOP.OR", "SHL",
    "RED.E.ADD", "ATOMS.ADD", "ATOM.E.ADD", "RED.E.MIN", "RED.E.MAX", "STG.E.128", "I2F.U32", "F2I.U32.TRUNC",
    "DADD", "DMUL", "DFMA", "DSETP.GE.AND", "I2F.F64", "F2I.F64", "MUFU.RCP64H", "MUFU.RSQ64H",
    "LDS.U.64", "STS.64",
};

int simt_intern_all(optab_t *ops)
{
    for (size_t i = 0; i < sizeof simt_opcodes / sizeof simt_opcodes[0]; i++)
        if (optab_intern(ops, simt_opcodes[i]) < 0)
            return -1;
    return 0;
}

static int lane_push(simt_lane_t *l, unsigned site, int mem, uint64_t addr)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        uint16_t *s = realloc(l->site, cap * sizeof *s);
        if (!s)
            return -1;
        l->site = s;
        l->cap = cap;
    }
    if (mem && l->na == l->cap_a) {
        size_t cap = l->cap_a ? 2 * l->cap_a : 64;
        uint64_t *a = realloc(l->addr, cap * sizeof *a);
        if (!a)
            return -1;
        l->addr = a;
        l->cap_a = cap;
    }
    l->site[l->n++] = (uint16_t)site;
    if (mem)
        l->addr[l->na++] = addr;
    return 0;
}

reg_t simt_rec_slow(simt_t *t, unsigned site, const char *op, unsigned width, uint64_t addr, int has_dst, reg_t a,
                    reg_t b, reg_t c, reg_t d)
{
    if (site >= SIMT_MAX_SITES) {
        t->err = 1;
        return NOREG;
    }
    simt_site_t *s = &t->prog->site[site];
    reg_t dst = simt_site_dst(site, has_dst);
    if (!s->used) {   /* the first thread to reach the site defines it; all reach it with the same operands */
        s->used = 1;
        s->op = op;
        s->width = (uint8_t)width;
        s->dst = dst;
        s->src[0] = a, s->src[1] = b, s->src[2] = c, s->src[3] = d;
    }
    if (lane_push(t->lane, site, s->width != 0, addr))
        t->err = 1;
    return dst;
}

/* The instruction of site s with mask m, its addresses from the lanes'
 * address streams at their cursors acur. 0, or -1 out of memory. */
static int emit(simt_prog_t *p, unsigned s, uint32_t m, const simt_lane_t *lanes, const size_t *acur, tb_t *tb,
                optab_t *ops)
{
    simt_site_t *st = &p->site[s];
    unsigned n = (unsigned)__builtin_popcount(m);
    if ((tb->ninst >= tb->cap_inst || tb->naddr + n > tb->cap_addr) && tb_reserve(tb, 1024, 1024 * WARP_SIZE))
        return -1;
    if (!st->opid1) {   /* the kernel's table: the same id for every warp and block */
        int id = optab_intern(ops, st->op);
        if (id < 0)
            return -1;
        st->opid1 = (int16_t)(id + 1);
    }
    unsigned opid = (unsigned)(st->opid1 - 1);
    inst_t *in = &tb->inst[tb->ninst++];
    memset(in, 0, sizeof *in);
    in->pc = 8 * (s + s / 3 + 1);   /* sm_61: a control word before every 3 instructions */
    in->mask = m;
    in->opcode = (uint16_t)opid;
    in->cls = ops->cls[opid];
    in->width = st->width;
    if (st->dst)
        in->dst[in->ndst++] = (uint16_t)(st->dst - 1);
    for (unsigned i = 0; i < 4; i++)
        if (st->src[i])
            in->src[in->nsrc++] = (uint16_t)(st->src[i] - 1);
    if (st->width) {
        in->addr = (uint32_t)tb->naddr;
        for (uint32_t r = m; r; r &= r - 1) {
            unsigned l = (unsigned)__builtin_ctz(r);
            tb->addr[tb->naddr++] = lanes[l].addr[acur[l]];
        }
    }
    return 0;
}

int simt_warp(simt_fn fn, const void *arg, const unsigned bd[3], const unsigned gd[2], unsigned bx, unsigned by,
              unsigned w, simt_prog_t *prog, simt_lane_t lanes[WARP_SIZE], tb_t *tb, optab_t *ops)
{
    unsigned threads = bd[0] * bd[1] * bd[2];
    uint32_t live = 0;
    int err = 0;
    for (unsigned l = 0; l < WARP_SIZE; l++) {
        lanes[l].n = lanes[l].na = 0;
        unsigned id = w * WARP_SIZE + l;   /* threadIdx, x fastest */
        if (id >= threads)
            continue;
        simt_t t = {.tx = id % bd[0], .ty = id / bd[0] % bd[1], .tz = id / (bd[0] * bd[1]), .bx = bx, .by = by,
                    .bdx = bd[0], .bdy = bd[1], .bdz = bd[2], .gdx = gd[0], .gdy = gd[1], .arg = arg,
                    .prog = prog, .lane = &lanes[l]};
        fn(&t);
        err |= t.err;
        live |= (uint32_t)(lanes[l].n > 0) << l;
    }
    if (err) {
        fprintf(stderr, "memsched: a per-thread kernel has more than %d instruction sites, or memory ran out\n",
                SIMT_MAX_SITES);
        return -1;
    }
    size_t cur[WARP_SIZE] = {0}, acur[WARP_SIZE] = {0};
    /* Without divergence every live lane ran the same sites: the merge below
     * would take them all together at every step; so take them in order
     * (the same instructions, without the per-step scan of the lanes). */
    if (live) {
        const simt_lane_t *l0 = &lanes[__builtin_ctz(live)];
        int same = 1;
        for (uint32_t r = live & (live - 1); r && same; r &= r - 1) {
            const simt_lane_t *l = &lanes[__builtin_ctz(r)];
            same = l->n == l0->n && !memcmp(l->site, l0->site, l0->n * sizeof *l0->site);
        }
        if (same) {
            for (size_t i = 0; i < l0->n; i++) {
                unsigned s = l0->site[i];
                if (emit(prog, s, live, lanes, acur, tb, ops))
                    return -1;
                if (prog->site[s].width)
                    for (unsigned l = 0; l < WARP_SIZE; l++)
                        acur[l]++;
            }
            return 0;
        }
    }
    /* minimum-PC merge */
    uint16_t at[WARP_SIZE];   /* each lane's next site (UINT16_MAX: done), scanned as one array */
    for (unsigned l = 0; l < WARP_SIZE; l++)
        at[l] = lanes[l].n ? lanes[l].site[0] : UINT16_MAX;
    while (live) {
        unsigned s = UINT16_MAX;
        for (unsigned l = 0; l < WARP_SIZE; l++)
            s = at[l] < s ? at[l] : s;
        uint32_t m = 0;
        for (unsigned l = 0; l < WARP_SIZE; l++)
            m |= (uint32_t)(at[l] == s) << l;
        if (emit(prog, s, m, lanes, acur, tb, ops))
            return -1;
        const int mem = prog->site[s].width != 0;
        for (uint32_t r = m; r; r &= r - 1) {
            unsigned l = (unsigned)__builtin_ctz(r);
            acur[l] += (size_t)mem;
            if (++cur[l] == lanes[l].n) {
                live &= ~(1u << l);
                at[l] = UINT16_MAX;
            } else {
                at[l] = lanes[l].site[cur[l]];
            }
        }
    }
    return 0;
}

void simt_lanes_free(simt_lane_t lanes[WARP_SIZE])
{
    for (unsigned l = 0; l < WARP_SIZE; l++) {
        free(lanes[l].site);
        free(lanes[l].addr);
        lanes[l] = (simt_lane_t){0};
    }
}
