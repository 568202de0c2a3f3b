/* kernel.c - thread-block buffers and the instruction class names (kernel.h). */
#include "workload/kernel.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const op_class_names[OP_CLASSES] = {
    "int", "fp", "dp", "sfu", "branch", "bar", "membar", "exit", "ldg", "stg",
    "ldl", "stl", "lds", "sts", "atoms", "atom", "red",
};

/* Grow *buf (cap elements of `size` bytes) to hold `need`, doubling. 0, or -ENOMEM. */
static int grow(void **buf, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap : 1024;
    while (n < need)
        n *= 2;
    void *p = realloc(*buf, n * size);
    if (!p)
        return -ENOMEM;
    *buf = p;
    *cap = n;
    return 0;
}

int tb_reserve(tb_t *tb, size_t ninst, size_t naddr)
{
    void *i = tb->inst, *a = tb->addr;
    int rc = grow(&i, &tb->cap_inst, tb->ninst + ninst, sizeof *tb->inst);
    tb->inst = i;
    if (!rc)
        rc = grow(&a, &tb->cap_addr, tb->naddr + naddr, sizeof *tb->addr);
    tb->addr = a;
    return rc;
}

void tb_clear(tb_t *tb)
{
    tb->ninst = tb->naddr = 0;
    tb->nwarps = 0;
    memset(tb->idx, 0, sizeof tb->idx);
    memset(tb->warp, 0, sizeof tb->warp);
    memset(tb->sl1, 0, sizeof tb->sl1);
}

void tb_free(tb_t *tb)
{
    free(tb->inst);
    free(tb->addr);
    memset(tb, 0, sizeof *tb);
}

/* Add register r to a list of n (at most max), once. */
static void add_reg(uint16_t *list, uint8_t *n, unsigned max, unsigned r)
{
    for (unsigned i = 0; i < *n; i++)
        if (list[i] == r)
            return;
    if (*n < max)
        list[(*n)++] = (uint16_t)r;
}

/* An R register that has `k` consecutive registers from it (RZ and the
 * registers below it that would run into it have none). */
static int r_run(unsigned r, unsigned k) { return r < REG_R + 255 && r + k - 1 < REG_R + 255; }

void inst_expand(sinst_t *in, int addr64)
{
    unsigned cls = in->cls;
    if (!op_is_mem(cls) || (!in->nsrc && !in->ndst))
        return;
    unsigned k = in->width > 4 ? in->width / 4u : 1u;   /* registers per datum: 1, 2 (64-bit), 4 (128-bit) */
    if (k > 1 && in->ndst && r_run(in->dst[0], k))       /* a load's (or an atomic's) result */
        for (unsigned j = 1; j < k; j++)
            add_reg(in->dst, &in->ndst, INST_MAX_DST, in->dst[0] + j);
    uint16_t src[INST_MAX_SRC];
    uint8_t n = 0;
    int data_in = cls == OP_STG || cls == OP_STL || cls == OP_STS || cls == OP_ATOM || cls == OP_ATOMS || cls == OP_RED;
    for (unsigned i = 0; i < in->nsrc; i++) {   /* the address first, then a store's (atomic's) data */
        unsigned r = in->src[i], run = i == 0 ? (addr64 ? 2u : 1u) : data_in ? k : 1u;
        add_reg(src, &n, INST_MAX_SRC, r);
        if (run > 1 && r_run(r, run))
            for (unsigned j = 1; j < run; j++)
                add_reg(src, &n, INST_MAX_SRC, r + j);
    }
    memcpy(in->src, src, n * sizeof *src);
    in->nsrc = n;
}

/* The n addresses a of active lanes m as base + lane * stride: 1 with
 * *base, *stride, when they are (the first two lanes fix the stride, every
 * lane is checked, arithmetic modulo 2^64). */
static int affine(const uint64_t *a, uint32_t m, unsigned n, uint64_t *base, uint64_t *stride)
{
    unsigned l0 = (unsigned)__builtin_ctz(m), l1 = (unsigned)__builtin_ctz(m & (m - 1));
    int64_t diff = (int64_t)(a[1] - a[0]), d = (int64_t)(l1 - l0);
    if (diff % d)
        return 0;
    uint64_t s = (uint64_t)(diff / d), b = a[0] - (uint64_t)l0 * s;
    unsigned k = 0;
    for (; m; m &= m - 1, k++)
        if (b + (uint64_t)__builtin_ctz(m) * s != a[k])
            return 0;
    *base = b;
    *stride = s;
    return k == n;
}

void rtb_free(rtb_t *tb)
{
    free(tb->dyn);
    free(tb->stat);
    free(tb->addr);
    free(tb->hash);
    memset(tb, 0, sizeof *tb);
}

void rtb_trim(rtb_t *tb, size_t bytes)
{
    if (tb->cap_dyn * sizeof *tb->dyn + tb->cap_stat * sizeof *tb->stat + tb->cap_addr * sizeof *tb->addr > bytes)
        rtb_free(tb);
}

static uint32_t pc_hash(uint32_t pc, size_t cap) { return (uint32_t)(pc * 0x9e3779b1u) & (uint32_t)(cap - 1); }

/* (Re)build tb's index of its static parts with room for twice as many. 0, or -ENOMEM. */
static int rehash(rtb_t *tb, size_t cap)
{
    uint32_t *h = calloc(cap, sizeof *h);
    if (!h)
        return -ENOMEM;
    for (size_t i = 0; i < tb->nstat; i++) {
        uint32_t j = pc_hash(tb->stat[i].pc, cap);
        while (h[j])
            j = (j + 1) & (uint32_t)(cap - 1);
        h[j] = (uint32_t)i + 1;
    }
    free(tb->hash);
    tb->hash = h;
    tb->cap_hash = cap;
    return 0;
}

/* The index in tb->stat of static part x, added if new. -1: out of memory. */
static long stat_index(rtb_t *tb, const sinst_t *x)
{
    uint32_t j = pc_hash(x->pc, tb->cap_hash);
    for (; tb->hash[j]; j = (j + 1) & (uint32_t)(tb->cap_hash - 1))
        if (!memcmp(&tb->stat[tb->hash[j] - 1], x, sizeof *x))
            return tb->hash[j] - 1;
    if (tb->nstat + 1 > UINT32_MAX - 1)
        return -1;
    void *p = tb->stat;
    if (grow(&p, &tb->cap_stat, tb->nstat + 1, sizeof *tb->stat))
        return -1;
    tb->stat = p;
    tb->stat[tb->nstat] = *x;
    tb->hash[j] = (uint32_t)++tb->nstat;
    if (2 * tb->nstat >= tb->cap_hash && rehash(tb, 2 * tb->cap_hash))
        return -1;
    return (long)tb->nstat - 1;
}

int tb_pack(rtb_t *dst, const tb_t *src)
{
    dst->ndyn = dst->nstat = dst->naddr = 0;
    if (src->naddr >= 1u << 31)   /* dinst_t.addr's range (16 GB of addresses) */
        return -ENOMEM;
    void *d = dst->dyn, *a = dst->addr;
    int rc = grow(&d, &dst->cap_dyn, src->ninst, sizeof *dst->dyn);
    dst->dyn = d;
    /* room for every address: the pages a packed block leaves untouched cost no memory */
    if (!rc)
        rc = grow(&a, &dst->cap_addr, src->naddr, sizeof *dst->addr);
    dst->addr = a;
    if (!rc && dst->cap_hash)
        memset(dst->hash, 0, dst->cap_hash * sizeof *dst->hash);
    else if (!rc)
        rc = rehash(dst, 256);
    if (rc)
        return -ENOMEM;
    memcpy(dst->idx, src->idx, sizeof dst->idx);
    dst->nwarps = src->nwarps;
    memcpy(dst->warp, src->warp, sizeof dst->warp);
    memcpy(dst->sl1, src->sl1, sizeof dst->sl1);
    sinst_t x;
    memset(&x, 0, sizeof x);   /* its padding too: parts are compared whole */
    for (size_t i = 0; i < src->ninst; i++) {
        const inst_t *in = &src->inst[i];
        x.pc = in->pc;
        x.line = in->line;
        x.opcode = in->opcode;
        x.cls = in->cls;
        x.width = in->width;
        x.ndst = in->ndst;
        x.nsrc = in->nsrc;
        memset(x.dst, 0, sizeof x.dst);   /* what lies past the counts is no part of it */
        memset(x.src, 0, sizeof x.src);
        memcpy(x.dst, in->dst, in->ndst * sizeof *x.dst);
        memcpy(x.src, in->src, in->nsrc * sizeof *x.src);
        long s = stat_index(dst, &x);
        if (s < 0)
            return -ENOMEM;
        dinst_t *o = &dst->dyn[i];
        o->mask = in->mask;
        o->s = (uint32_t)s;
        o->addr = 0;
        o->packed = 0;
        if (!in->width)
            continue;
        const uint64_t *p = &src->addr[in->addr];
        unsigned n = (unsigned)__builtin_popcount(in->mask);
        uint64_t b, st;
        o->addr = (uint32_t)dst->naddr;
        if (n > 2 && affine(p, in->mask, n, &b, &st)) {
            o->packed = 1;
            dst->addr[dst->naddr++] = b;
            dst->addr[dst->naddr++] = st;
        } else {
            memcpy(&dst->addr[dst->naddr], p, n * sizeof *p);
            dst->naddr += n;
        }
    }
    dst->ndyn = src->ninst;
    return 0;
}
