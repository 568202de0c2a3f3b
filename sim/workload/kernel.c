/* kernel.c - thread-block buffers and the instruction class names (kernel.h). */
#include "workload/kernel.h"

#include <assert.h>
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
    tb->packed = 0;
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
    if (m == UINT32_MAX) {   /* every lane (the common case): lane k at b + k * s */
        for (uint64_t e = b; k < 32; k++, e += s)
            if (e != a[k])
                return 0;
    } else {
        for (; m; m &= m - 1, k++)
            if (b + (uint64_t)__builtin_ctz(m) * s != a[k])
                return 0;
    }
    *base = b;
    *stride = s;
    return k == n;
}

void rtb_free(rtb_t *tb)
{
    free(tb->k8);
    free(tb->k16);
    free(tb->k32);
    free(tb->abase);
    free(tb->key);
    free(tb->khash);
    free(tb->mrun);
    free(tb->mbase);
    free(tb->seg);
    free(tb->stat);
    free(tb->addr);
    free(tb->hash);
    memset(tb, 0, sizeof *tb);
}

void rtb_trim(rtb_t *tb, size_t bytes)
{
    if (tb->cap_k8 * sizeof *tb->k8 + tb->cap_k16 * sizeof *tb->k16 + tb->cap_k32 * sizeof *tb->k32 +
            tb->cap_abase * sizeof *tb->abase + tb->cap_key * sizeof *tb->key + tb->cap_seg * sizeof *tb->seg +
            tb->cap_stat * sizeof *tb->stat + tb->cap_addr * sizeof *tb->addr + tb->cap_mrun * sizeof *tb->mrun +
            tb->cap_mbase * sizeof *tb->mbase >
        bytes)
        rtb_free(tb);
}

/* An interning table: n entries of `size` bytes at *ent, each once
 * (compared whole, padding included), and an open-addressed index of them
 * (*slot, cap_slot a power of two: 0 empty, else 1 + the entry's index),
 * hash(entry, cap) its place. rtb_t keeps two: the static parts (stat,
 * hash) and the keys (key, khash). */
typedef struct {
    void **ent;
    size_t *n, *cap;
    uint32_t **slot;
    size_t *cap_slot;
    size_t size;
    uint32_t (*hash)(const void *e, size_t cap);
} intern_t;

/* (Re)build t's index with room for cap. 0, or -ENOMEM. */
static int intern_rehash(const intern_t *t, size_t cap)
{
    uint32_t *h = calloc(cap, sizeof *h);
    if (!h)
        return -ENOMEM;
    for (size_t i = 0; i < *t->n; i++) {
        uint32_t j = t->hash((const char *)*t->ent + i * t->size, cap);
        while (h[j])
            j = (j + 1) & (uint32_t)(cap - 1);
        h[j] = (uint32_t)i + 1;
    }
    free(*t->slot);
    *t->slot = h;
    *t->cap_slot = cap;
    return 0;
}

/* The index of entry x in t, added if new. -1: out of memory. */
static inline long intern(const intern_t *t, const void *x)
{
    const size_t cap = *t->cap_slot;
    uint32_t *h = *t->slot, j = t->hash(x, cap);
    for (; h[j]; j = (j + 1) & (uint32_t)(cap - 1))
        if (!memcmp((const char *)*t->ent + (h[j] - 1) * t->size, x, t->size))
            return h[j] - 1;
    if (*t->n + 1 > UINT32_MAX - 1 || grow(t->ent, t->cap, *t->n + 1, t->size))
        return -1;
    memcpy((char *)*t->ent + *t->n * t->size, x, t->size);
    h[j] = (uint32_t)++*t->n;
    if (2 * *t->n >= cap && intern_rehash(t, 2 * cap))
        return -1;
    return (long)*t->n - 1;
}

/* A static part's place: by its PC. */
static uint32_t stat_hash(const void *e, size_t cap)
{
    return (uint32_t)(((const sinst_t *)e)->pc * 0x9e3779b1u) & (uint32_t)(cap - 1);
}

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A key's place: by its fields. */
static uint32_t key_hash(const void *e, size_t cap)
{
    uint32_t k;
    memcpy(&k, e, sizeof k);
    return (uint32_t)mix64(k) & (uint32_t)(cap - 1);
}

static intern_t stat_table(rtb_t *tb)
{
    return (intern_t){(void **)&tb->stat, &tb->nstat, &tb->cap_stat, &tb->hash, &tb->cap_hash, sizeof *tb->stat,
                      stat_hash};
}

static intern_t key_table(rtb_t *tb)
{
    return (intern_t){(void **)&tb->key, &tb->nkey, &tb->cap_key, &tb->khash, &tb->cap_khash, sizeof *tb->key,
                      key_hash};
}

/* The static part of instruction in (its padding and what lies past its
 * register counts zero: parts are compared whole). */
static void stat_of(sinst_t *x, const inst_t *in)
{
    memset(x, 0, sizeof *x);
    x->pc = in->pc;
    x->line = in->line;
    x->opcode = in->opcode;
    x->cls = in->cls;
    x->width = in->width;
    x->ndst = in->ndst;
    x->nsrc = in->nsrc;
    memcpy(x->dst, in->dst, in->ndst * sizeof *x->dst);
    memcpy(x->src, in->src, in->nsrc * sizeof *x->src);
}

/* Static part x is instruction in's (what stat_of would make of it, which
 * x was made by: equal fields, zeros past the registers it lists). */
static inline int stat_is(const sinst_t *x, const inst_t *in)
{
    if (x->pc != in->pc || x->line != in->line || x->opcode != in->opcode || x->cls != in->cls ||
        x->width != in->width || x->ndst != in->ndst || x->nsrc != in->nsrc)
        return 0;
    unsigned d = 0;   /* (a few registers: no library call) */
    for (unsigned j = 0; j < in->ndst; j++)
        d |= x->dst[j] ^ in->dst[j];
    for (unsigned j = 0; j < in->nsrc; j++)
        d |= x->src[j] ^ in->src[j];
    return !d;
}

/* A static part's last execution put in the current warp: its index in dyn,
 * its instruction in the source block, how many ADDR_DELTA executions in a
 * row it ends (0: held another way); valid when mark is the warp's mark. */
typedef struct {
    uint32_t mark, dyn, src, depth;
} dref_t;

/* What tb_pack keeps for one warp while it looks for repeats: each
 * instruction's static part (index in stat) and a hash of what makes it
 * equal to another (static part, mask, its first and last lanes'
 * addresses), as prefix sums, so that two stretches whose sums differ are
 * known to differ in O(1); stretches whose sums agree are compared whole. */
typedef struct {
    uint32_t *s;        /* per instruction of the warp */
    uint64_t *sum;      /* sum[i]: the hashes of instructions [0, i) */
    uint64_t *last;     /* per static part: (warp mark << 32) | its last position in the warp (0: none) */
    uint64_t *klast;    /* per static part: (block mark << 32) | the index of its last key (0: none) */
    dref_t *dref;       /* per static part: its last execution put in the warp (ADDR_DELTA's reference) */
    size_t cap, cap_last, cap_dref;
    uint32_t nblock;    /* the last block's mark (1, 2, ...) */
    uint32_t nmark;     /* the last warp's mark (1, 2, ...): last is never cleared */
    uint32_t pcmemo[256];   /* by a hash of the PC: 1 + the static part last found for it (a hint, checked) */
    rtb_t out;          /* the block packed here first, then copied to the slot's buffers at their size
                           (its keys in k32 only, its mask runs without the sentinel: not for rtb_key,
                           rtb_mask and the readers, which take k8 or k16 up to RTB_K16_MAX) */
    const tb_t *owner;  /* the streamed block whose warps are in out (tb_warp_end); NULL after an error */
} pack_scratch_t;

/* One scratch for every tb_pack (a run packs one block at a time): its
 * buffers grow to the largest block and stay, so that a slot's buffers are
 * allocated once per block at the size it needs (growing them instruction
 * by instruction left the heap fragmented: +5 MB on gemm). */
static pack_scratch_t scratch;

void tb_pack_release(void)
{
    free(scratch.s);
    free(scratch.sum);
    free(scratch.last);
    free(scratch.klast);
    free(scratch.dref);
    rtb_free(&scratch.out);
    memset(&scratch, 0, sizeof scratch);
}

/* The longest repeated stretch looked for (a loop body of up to this many instructions). */
#define PACK_MAX_PERIOD 65536u

/* The addresses of instruction in are kept: a global or local memory
 * instruction's, with an active lane. A shared-memory instruction's are
 * not: the SM reads none (no bank conflicts: a fixed sm.lat_shmem), so two
 * executions that differ only in them run alike. */
static inline int keeps_addrs(const inst_t *in)
{
    return in->width && in->mask && !op_is_shared_mem((op_class_t)in->cls);
}

/* Instructions j and k of src (the same static part known) are equal: mask and addresses kept. */
static int same_exec(const tb_t *src, const inst_t *a, const inst_t *b)
{
    if (a->mask != b->mask)
        return 0;
    return !keeps_addrs(a) || !memcmp(&src->addr[a->addr], &src->addr[b->addr],
                                      (unsigned)__builtin_popcount(a->mask) * sizeof *src->addr);
}

/* Stretches [j, j + n) and [k, k + n) of the warp's list may be equal: their
 * hashes' sums agree (if not, they differ; most candidates stop here). */
static inline int same_sum(const pack_scratch_t *sc, size_t j, size_t k, size_t n)
{
    return sc->sum[j + n] - sc->sum[j] == sc->sum[k + n] - sc->sum[k];
}

/* Stretches [j, j + n) and [k, k + n) of warp list in (static parts sc->s)
 * are equal; the caller has tested same_sum first. */
static int same_run(const tb_t *src, const inst_t *in, const pack_scratch_t *sc, size_t j, size_t k, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (sc->s[j + i] != sc->s[k + i] || !same_exec(src, &in[j + i], &in[k + i]))
            return 0;
    return 1;
}

static int add_seg(rtb_t *dst, uint32_t first, uint32_t len, uint32_t reps)
{
    void *p = dst->seg;
    if (grow(&p, &dst->cap_seg, dst->nseg + 1, sizeof *dst->seg))
        return -ENOMEM;
    dst->seg = p;
    dst->seg[dst->nseg++] = (rseg_t){first, len, reps};
    return 0;
}

/* The lanes' offsets p[0 .. n - 1] - lo, less their sh low bits, as
 * `bits`-bit fields of words w[1 ...], per to a word, the last word's
 * fields past lane n - 1 zero. */
static void pack_offsets(uint64_t *w, const uint64_t *p, unsigned n, uint64_t lo, unsigned sh, unsigned per,
                         unsigned bits)
{
    for (unsigned j = 0, o = 1; j < n; j += per, o++) {
        uint64_t v = 0;
        for (unsigned i = 0; i < per && j + i < n; i++)
            v |= ((p[j + i] - lo) >> sh) << bits * i;
        w[o] = v;
    }
}

/* Instruction in, dist executions after ref (the same static part, its
 * last in the warp): every active lane's address is ref's for that lane
 * plus one amount that fits 32 bits signed, and ref had every active lane;
 * *word the ADDR_DELTA word. */
static int delta_of(const tb_t *src, const inst_t *ref, const inst_t *in, size_t dist, uint64_t *word)
{
    if (dist > UINT32_MAX || (in->mask & ~ref->mask) || !ref->width || !ref->mask)
        return 0;
    const uint64_t *p = &src->addr[in->addr], *q = &src->addr[ref->addr];
    const uint64_t d = p[0] - q[__builtin_popcount(ref->mask & ((1u << __builtin_ctz(in->mask)) - 1))];
    if ((uint64_t)(int64_t)(int32_t)d != d)
        return 0;
    unsigned k = 0;
    for (uint32_t m = in->mask; m; m &= m - 1, k++)
        if (p[k] != q[__builtin_popcount(ref->mask & ((1u << __builtin_ctz(m)) - 1))] + d)
            return 0;
    *word = (uint64_t)(uint32_t)dist | (uint64_t)(uint32_t)d << 32;
    return 1;
}

const uint64_t *rtb_addrs_delta(const rtb_t *tb, size_t i, uint32_t mask, uint64_t word, uint64_t buf[WARP_SIZE])
{
    const size_t r = i - (uint32_t)word;
    const uint64_t d = (uint64_t)(int64_t)(int32_t)(word >> 32);
    uint64_t tmp[WARP_SIZE];
    const uint64_t *q = rtb_addrs(tb, r, tmp);
    const uint32_t rm = rtb_mask(tb, r);
    unsigned k = 0;
    for (uint32_t m = mask; m; m &= m - 1)
        buf[k++] = q[__builtin_popcount(rm & ((1u << __builtin_ctz(m)) - 1))] + d;
    return buf;
}

/* Instruction in (static part s) appended to dst (k32 and abase: the
 * packing's own form, before tb_pack copies it); its key found first among
 * those of its static part's last execution (sc->klast), then in the
 * block's index. 0, or -ENOMEM. */
static int put_dyn(rtb_t *dst, const tb_t *src, const inst_t *in, uint32_t s, pack_scratch_t *sc)
{
    void *d = dst->k32;
    if (grow(&d, &dst->cap_k32, dst->ndyn + 1, sizeof *dst->k32))
        return -ENOMEM;
    dst->k32 = d;
    if (dst->ndyn % RTB_GROUP == 0) {   /* a group starts here */
        void *g = dst->abase;
        if (grow(&g, &dst->cap_abase, dst->ndyn / RTB_GROUP + 1, sizeof *dst->abase))
            return -ENOMEM;
        dst->abase = g;
        dst->abase[dst->ndyn / RTB_GROUP] = (uint32_t)dst->naddr;
    }
    if (!dst->nmrun || dst->mrun[dst->nmrun - 1].mask != in->mask) {   /* a run of masks starts here */
        void *m = dst->mrun;
        if (grow(&m, &dst->cap_mrun, dst->nmrun + 1, sizeof *dst->mrun))
            return -ENOMEM;
        dst->mrun = m;
        dst->mrun[dst->nmrun++] = (mrun_t){(uint32_t)dst->ndyn, in->mask};
    }
    if (dst->ndyn % RTB_GROUP == 0) {
        void *g = dst->mbase;
        if (grow(&g, &dst->cap_mbase, dst->ndyn / RTB_GROUP + 1, sizeof *dst->mbase))
            return -ENOMEM;
        dst->mbase = g;
        dst->mbase[dst->ndyn / RTB_GROUP] = (uint32_t)dst->nmrun - 1;
    }
    dkey_t k;
    memset(&k, 0, sizeof k);   /* keys are compared whole */
    k.s = s;
    k.form = ADDR_LIST;
    if (keeps_addrs(in)) {
        const uint64_t *p = &src->addr[in->addr];
        unsigned n = (unsigned)__builtin_popcount(in->mask);
        uint64_t b, st;
        void *a = dst->addr;
        if (grow(&a, &dst->cap_addr, dst->naddr + (n > 2 ? n : 2), sizeof *dst->addr))
            return -ENOMEM;
        dst->addr = a;
        uint64_t *w = &dst->addr[dst->naddr];
        const dref_t *r = &sc->dref[s];
        uint64_t dw;
        if (n > 2 && affine(p, in->mask, n, &b, &st)) {
            k.form = ADDR_AFFINE;
            w[0] = b;
            w[1] = st;
            k.words = 2;
        } else if (n >= 2 && r->mark == sc->nmark && r->depth + 1 < RTB_DELTA_DEPTH &&
                   delta_of(src, &src->inst[r->src], in, dst->ndyn - r->dyn, &dw)) {
            k.form = ADDR_DELTA;
            w[0] = dw;
            k.words = 1;
        } else {
            /* the lowest address and each lane's offset from it, less the low
             * bits every offset has zero, at the narrowest width that holds
             * the largest, if that takes fewer words than the list */
            uint64_t lo = p[0], hi = lo, ones = 0;   /* ones: bits in which some lane differs from lane 0 */
            for (unsigned j = 1; j < n; j++) {
                lo = p[j] < lo ? p[j] : lo;
                hi = p[j] > hi ? p[j] : hi;
                ones |= p[j] ^ p[0];
            }
            /* the offsets' common low zero bits: those below the lowest bit in
             * which two lanes differ (the lowest set bit of a - b is that of a ^ b) */
            unsigned sh = ones ? (unsigned)__builtin_ctzll(ones) : 0;
            sh = sh < 31 ? sh : 31;   /* dkey_t.shift's width (still exact: fewer bits dropped) */
            const uint64_t top = (hi - lo) >> sh;
            const unsigned need = top ? 64 - (unsigned)__builtin_clzll(top) : 0;   /* bits the largest offset takes */
            unsigned W = 1, per = n, bits = 64 / n;   /* the fewest offset words that hold it (n >= 1) */
            while (1 + W < n && bits < need)
                W++, rtb_pack_geom(n, 1 + W, &per, &bits);
            if (1 + W >= n) {
                memcpy(w, p, n * sizeof *p);
                k.words = n & 63;
            } else {
                k.form = ADDR_PACKED;
                k.shift = sh & 31;
                k.words = (1 + W) & 63;
                w[0] = lo;
                pack_offsets(w, p, n, lo, sh, per, bits);
            }
        }
        dst->naddr += k.words;
        const uint32_t depth = k.form == ADDR_DELTA ? r->depth + 1 : 0;
        sc->dref[s] = (dref_t){sc->nmark, (uint32_t)dst->ndyn, (uint32_t)(in - src->inst), depth};
    }
    const uint64_t c = sc->klast[s];
    const dkey_t *q = c >> 32 == sc->nblock && (uint32_t)c - 1 < dst->nkey ? &dst->key[(uint32_t)c - 1] : NULL;
    long ki;   /* a stale mark (2^32 blocks on) names some key, compared whole */
    if (q && !memcmp(q, &k, sizeof k)) {
        ki = (uint32_t)c - 1;
    } else {
        const intern_t keys = key_table(dst);
        if ((ki = intern(&keys, &k)) < 0)
            return -ENOMEM;
    }
    sc->klast[s] = (uint64_t)sc->nblock << 32 | (uint32_t)(ki + 1);
    dst->k32[dst->ndyn++] = (uint32_t)ki;
    return 0;
}

/* Warp w of src into dst: its instructions, each stretch that repeats the
 * one just before it (period P: the distance to the last instruction with
 * the same static part) counted in that one's run. */
static int pack_warp(rtb_t *dst, const tb_t *src, unsigned w, pack_scratch_t *sc, uint64_t stamp)
{
    const inst_t *in = &src->inst[src->warp[w].first];
    size_t n = src->warp[w].count;
    sinst_t x;
    const intern_t stats = stat_table(dst);
    sc->sum[0] = 0;
    for (size_t i = 0; i < n; i++) {
        dst->threads += (unsigned)__builtin_popcount(in[i].mask);
        /* the static part found last for this PC, if it is this one's;
         * else looked up (and added) by its whole */
        uint32_t *memo = &sc->pcmemo[in[i].pc * 0x9e3779b1u >> 24];
        long s = (long)*memo - 1;
        if (s < 0 || (size_t)s >= dst->nstat || !stat_is(&dst->stat[s], &in[i])) {
            stat_of(&x, &in[i]);
            if ((s = intern(&stats, &x)) < 0)
                return -ENOMEM;
            *memo = (uint32_t)s + 1;
        }
        if (s >= (long)RTB_STAT_MAX)   /* dkey_t.s's range */
            return -EOVERFLOW;
        sc->s[i] = (uint32_t)s;
        uint64_t h = (uint64_t)s << 32 ^ in[i].mask;
        if (keeps_addrs(&in[i])) {   /* the first and the last lane's addresses: a filter, not a proof */
            const uint64_t *a = &src->addr[in[i].addr];
            h ^= mix64(a[0] + 0x9e3779b97f4a7c15ull * a[__builtin_popcount(in[i].mask) - 1]);
        }
        sc->sum[i + 1] = sc->sum[i] + mix64(h);
    }
    if (dst->nstat > sc->cap_last) {
        void *p = sc->last, *q = sc->klast;
        size_t cap = sc->cap_last, cap2 = sc->cap_last;
        if (grow(&p, &cap, dst->nstat, sizeof *sc->last))
            return -ENOMEM;
        sc->last = p;
        if (grow(&q, &cap2, dst->nstat, sizeof *sc->klast))
            return -ENOMEM;
        sc->klast = q;
        const size_t both = cap < cap2 ? cap : cap2;   /* (the same: both grew from cap_last to hold nstat) */
        memset(sc->last + sc->cap_last, 0, (both - sc->cap_last) * sizeof *sc->last);
        memset(sc->klast + sc->cap_last, 0, (both - sc->cap_last) * sizeof *sc->klast);
        sc->cap_last = both;
    }
    if (dst->nstat > sc->cap_dref) {
        void *p = sc->dref;
        size_t cap = sc->cap_dref;
        if (grow(&p, &cap, dst->nstat, sizeof *sc->dref))
            return -ENOMEM;
        sc->dref = p;
        memset(sc->dref + sc->cap_dref, 0, (cap - sc->cap_dref) * sizeof *sc->dref);
        sc->cap_dref = cap;
    }
    size_t lit = 0;              /* the current one-pass run starts at instruction lit, execution base */
    uint32_t base = (uint32_t)dst->ndyn;
    for (size_t i = 0; i < n;) {
        uint32_t s = sc->s[i];
        uint64_t prev = sc->last[s];
        sc->last[s] = stamp << 32 | i;
        size_t p = prev >> 32 == stamp && (uint32_t)prev < i ? i - (uint32_t)prev : 0;
        if (p && p <= PACK_MAX_PERIOD && i - p >= lit && i + p <= n && same_sum(sc, i - p, i, p) &&
            same_run(src, in, sc, i - p, i, p)) {
            size_t reps = 2;   /* [i - p, i) and [i, i + p); pass k at i + (k - 1) p */
            while (i + reps * p <= n && reps < UINT32_MAX && same_sum(sc, i - p, i + (reps - 1) * p, p) &&
                   same_run(src, in, sc, i - p, i + (reps - 1) * p, p))
                reps++;
            /* [lit, i - p) once, then [i - p, i) reps times: i.e. [i - p, i + (reps - 1) p) */
            uint32_t body = base + (uint32_t)(i - p - lit);
            if (i - p > lit && add_seg(dst, base, (uint32_t)(i - p - lit), 1))
                return -ENOMEM;
            if (add_seg(dst, body, (uint32_t)p, (uint32_t)reps))
                return -ENOMEM;
            for (size_t k = i - p; k < i; k++)   /* the body's last positions: its last pass */
                sc->last[sc->s[k]] = stamp << 32 | (k + (reps - 1) * p);
            i += (reps - 1) * p;
            lit = i;
            base = (uint32_t)dst->ndyn;
            continue;
        }
        if (put_dyn(dst, src, &in[i], s, sc))
            return -ENOMEM;
        i++;
    }
    if (n > lit && add_seg(dst, base, (uint32_t)(n - lit), 1))
        return -ENOMEM;
    return 0;
}

/* *buf (cap elements of `size` bytes) holding exactly n copied from src (NULL: room for n):
 * reallocated when too small or more than twice too large. 0, or -ENOMEM. */
static int fit(void **buf, size_t *cap, const void *src, size_t n, size_t size)
{
    if (n > *cap || *cap > 2 * n + 1024) {
        void *p = realloc(*buf, (n ? n : 1) * size);
        if (!p)
            return -ENOMEM;
        *buf = p;
        *cap = n ? n : 1;
    }
    if (n && src)
        memcpy(*buf, src, n * size);
    return 0;
}

/* A block's packing starts in the scratch: its tables emptied, its mark. 0, or -ENOMEM. */
static int pack_begin(pack_scratch_t *sc)
{
    rtb_t *o = &sc->out;
    o->ndyn = o->nseg = o->nstat = o->naddr = o->nkey = o->nmrun = 0;
    o->threads = 0;
    int rc = 0;
    const intern_t tables[2] = {stat_table(o), key_table(o)};
    for (unsigned i = 0; i < 2 && !rc; i++) {   /* both indexes emptied (first: made) */
        if (*tables[i].cap_slot)
            memset(*tables[i].slot, 0, *tables[i].cap_slot * sizeof **tables[i].slot);
        else
            rc = intern_rehash(&tables[i], 256);
    }
    sc->nblock = sc->nblock == UINT32_MAX ? 1 : sc->nblock + 1;   /* this block's mark in sc->klast (never 0) */
    return rc;
}

/* Warp w of src into the scratch's block. 0, or -ENOMEM. */
static int pack_one(pack_scratch_t *sc, const tb_t *src, unsigned w)
{
    rtb_t *o = &sc->out;
    /* inst_t.addr's range, and abase's and k32's with what is packed already */
    if (o->naddr + src->naddr >= UINT32_MAX || o->ndyn + src->ninst >= UINT32_MAX)
        return -ENOMEM;
    const size_t n = src->warp[w].count;
    if (n + 1 > sc->cap) {
        uint32_t *a = realloc(sc->s, (n + 1) * sizeof *a);
        if (!a)
            return -ENOMEM;
        sc->s = a;
        uint64_t *b = realloc(sc->sum, (n + 1) * sizeof *b);
        if (!b)
            return -ENOMEM;
        sc->sum = b, sc->cap = n + 1;
    }
    o->warp[w].first = (uint32_t)o->nseg;
    o->warp[w].count = src->warp[w].count;
    sc->nmark = sc->nmark == UINT32_MAX ? 1 : sc->nmark + 1;   /* warp w's mark in sc->last (never 0) */
    if (sc->nmark == 1 && sc->dref)   /* wrapped: a stale reference would name another block's execution */
        memset(sc->dref, 0, sc->cap_dref * sizeof *sc->dref);
    return pack_warp(o, src, w, sc, sc->nmark);
}

int tb_warp_end(tb_t *tb, unsigned w)
{
    if (!tb->stream)
        return 0;
    assert(w == tb->packed && w < tb->nwarps);
    int rc = tb->packed ? 0 : pack_begin(&scratch);
    rc = rc ? rc : pack_one(&scratch, tb, w);
    scratch.owner = rc ? NULL : tb;   /* a block that failed is not packed later (tb_pack: -EINVAL) */
    tb->ninst = tb->naddr = 0;
    tb->packed = w + 1;
    return rc;
}

void tb_pack_perror(int rc, const char *who, const char *kname)
{
    if (rc == -EOVERFLOW)
        fprintf(stderr, "%s: a thread block of %s has more than %u distinct instructions\n", who, kname, RTB_STAT_MAX);
    else
        fprintf(stderr, "%s: out of memory for a thread block of %s\n", who, kname);
}

int tb_pack(rtb_t *dst, const tb_t *src)
{
    pack_scratch_t *sc = &scratch;
    rtb_t *o = &sc->out;
    dst->ndyn = dst->nseg = dst->nstat = dst->naddr = dst->nkey = dst->nmrun = 0;
    if (src->packed && sc->owner != src)   /* its warps' packing failed, or another block's went between */
        return -EINVAL;
    int rc = src->packed ? 0 : pack_begin(sc);
    sc->owner = NULL;
    for (unsigned w = src->packed; w < src->nwarps && !rc; w++)
        rc = pack_one(sc, src, w);
    if (rc)
        return rc;
    memcpy(dst->idx, src->idx, sizeof dst->idx);
    dst->nwarps = src->nwarps;
    memcpy(dst->warp, o->warp, sizeof dst->warp);
    memcpy(dst->sl1, src->sl1, sizeof dst->sl1);
    void *g = dst->seg, *t = dst->stat, *a = dst->addr, *k = dst->key, *b = dst->abase;
    if (o->nkey <= RTB_K8_MAX) {   /* each instruction's key in 1 B */
        void *d = dst->k8;
        rc = fit(&d, &dst->cap_k8, NULL, o->ndyn, sizeof *dst->k8);
        dst->k8 = d;
        for (size_t i = 0; !rc && i < o->ndyn; i++)
            dst->k8[i] = (uint8_t)o->k32[i];
    } else if (o->nkey <= RTB_K16_MAX) {   /* ... in 2 B */
        void *d = dst->k16;
        rc = fit(&d, &dst->cap_k16, NULL, o->ndyn, sizeof *dst->k16);
        dst->k16 = d;
        for (size_t i = 0; !rc && i < o->ndyn; i++)
            dst->k16[i] = (uint16_t)o->k32[i];
    } else {
        void *d = dst->k32;
        rc = fit(&d, &dst->cap_k32, o->k32, o->ndyn, sizeof *dst->k32);
        dst->k32 = d;
    }
    if (o->nkey > RTB_K8_MAX) {   /* the widths not used freed: nothing else would */
        free(dst->k8);
        dst->k8 = NULL, dst->cap_k8 = 0;
    }
    if (o->nkey <= RTB_K8_MAX || o->nkey > RTB_K16_MAX) {
        free(dst->k16);
        dst->k16 = NULL, dst->cap_k16 = 0;
    }
    if (o->nkey <= RTB_K16_MAX) {
        free(dst->k32);
        dst->k32 = NULL, dst->cap_k32 = 0;
    }
    rc = rc ? rc : fit(&b, &dst->cap_abase, o->abase, (o->ndyn + RTB_GROUP - 1) / RTB_GROUP, sizeof *o->abase);
    dst->abase = b;
    rc = rc ? rc : fit(&k, &dst->cap_key, o->key, o->nkey, sizeof *o->key);
    dst->key = k;
    void *mr = dst->mrun, *mb = dst->mbase;
    rc = rc ? rc : fit(&mr, &dst->cap_mrun, NULL, o->nmrun + 1, sizeof *o->mrun);   /* and the sentinel */
    dst->mrun = mr;
    if (!rc) {
        memcpy(dst->mrun, o->mrun, o->nmrun * sizeof *o->mrun);
        dst->mrun[o->nmrun] = (mrun_t){UINT32_MAX, 0};
    }
    rc = rc ? rc : fit(&mb, &dst->cap_mbase, o->mbase, (o->ndyn + RTB_GROUP - 1) / RTB_GROUP, sizeof *o->mbase);
    dst->mbase = mb;
    rc = rc ? rc : fit(&g, &dst->cap_seg, o->seg, o->nseg, sizeof *o->seg);
    dst->seg = g;
    rc = rc ? rc : fit(&t, &dst->cap_stat, o->stat, o->nstat, sizeof *o->stat);
    dst->stat = t;
    rc = rc ? rc : fit(&a, &dst->cap_addr, o->addr, o->naddr, sizeof *o->addr);
    dst->addr = a;
    if (rc)
        return rc;
    dst->ndyn = o->ndyn, dst->nseg = o->nseg, dst->nstat = o->nstat, dst->naddr = o->naddr, dst->nkey = o->nkey;
    dst->nmrun = o->nmrun;
    dst->threads = o->threads;
    return 0;
}
