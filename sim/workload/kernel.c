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

void inst_expand(inst_t *in, int addr64)
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

int tb_pack(tb_t *dst, const tb_t *src)
{
    tb_clear(dst);
    /* room for every address: the pages a packed block leaves untouched cost no memory */
    if (tb_reserve(dst, src->ninst, src->naddr))
        return -ENOMEM;
    memcpy(dst->idx, src->idx, sizeof dst->idx);
    dst->nwarps = src->nwarps;
    memcpy(dst->warp, src->warp, sizeof dst->warp);
    memcpy(dst->sl1, src->sl1, sizeof dst->sl1);
    memcpy(dst->inst, src->inst, src->ninst * sizeof *src->inst);
    dst->ninst = src->ninst;
    for (size_t i = 0; i < src->ninst; i++) {
        inst_t *in = &dst->inst[i];
        if (!in->width)
            continue;
        const uint64_t *a = &src->addr[in->addr];
        unsigned n = (unsigned)__builtin_popcount(in->mask);
        uint64_t b, s;
        in->addr = (uint32_t)dst->naddr;
        in->packed = n > 2 && affine(a, in->mask, n, &b, &s);
        if (in->packed) {
            dst->addr[dst->naddr++] = b;
            dst->addr[dst->naddr++] = s;
        } else {
            memcpy(&dst->addr[dst->naddr], a, n * sizeof *a);
            dst->naddr += n;
        }
    }
    return 0;
}

void tb_trim(tb_t *tb, size_t bytes)
{
    if (tb->cap_inst * sizeof *tb->inst + tb->cap_addr * sizeof *tb->addr > bytes)
        tb_free(tb);
}
