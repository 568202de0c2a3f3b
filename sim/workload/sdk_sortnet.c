/* sdk_sortnet.c - CUDA SDK sortingNetworks (sdk_sortnet.h): main.cpp's keys,
 * bitonicSort()'s launches, the host replay of the network the shared
 * kernels' branches need, and the four kernels per thread. */
#include "workload/sdk_sortnet.h"

#include <stdlib.h>
#include <string.h>

#include "workload/btree.h"
#include "workload/simt_ops.h"

#define EL(base, idx) ((base) + 4 * (uint64_t)(idx))   /* &base[idx], 4-byte elements */

/* ---- the input and the launches ------------------------------------------------------------------- */

void sn_keys(uint32_t *key, uint64_t n, int32_t seed)
{
    bt_rand_t g;   /* glibc's rand(): our own implementation (btree.c) */
    bt_srand(&g, (uint32_t)seed);
    for (uint64_t i = 0; i < n; i++)
        key[i] = (uint32_t)bt_rand(&g) % SN_VALUES;
}

static int push(sn_input_t *in, unsigned *cap, sn_launch_t l)
{
    if (in->nlaunch == *cap) {
        unsigned c = *cap ? 2 * *cap : 64;
        sn_launch_t *p = realloc(in->launch, c * sizeof *p);
        if (!p)
            return -1;
        in->launch = p, *cap = c;
    }
    in->launch[in->nlaunch++] = l;
    return 0;
}

/* main.cpp's loop: for arrayLength = 64 .. N (doubling) bitonicSort(.., N / arrayLength,
 * arrayLength, DIR); bitonicSort()'s launches as sdk_sortnet.h lists them. */
int sn_input(sn_input_t *in, uint64_t n)
{
    memset(in, 0, sizeof *in);
    in->n = n;
    in->at = -1;
    unsigned cap = 0;
    if (!(in->key = malloc(n * sizeof *in->key)))
        goto oom;
    sn_keys(in->key, n, SN_SEED);
    for (uint64_t len = 64; len <= n; len *= 2) {
        const uint32_t L = (uint32_t)len, first = in->nlaunch;
        if (L <= SN_SHARED) {
            if (push(in, &cap, (sn_launch_t){SN_SORT_SHARED, L, 0, 0, SN_DIR, first}))
                goto oom;
            continue;
        }
        if (push(in, &cap, (sn_launch_t){SN_SORT_SHARED1, L, 0, 0, SN_DIR, first}))
            goto oom;
        for (uint32_t size = 2 * SN_SHARED; size <= L; size <<= 1)
            for (uint32_t stride = size / 2; stride > 0; stride >>= 1) {
                if (stride >= SN_SHARED) {
                    if (push(in, &cap, (sn_launch_t){SN_MERGE_GLOBAL, L, size, stride, SN_DIR, first}))
                        goto oom;
                } else {
                    if (push(in, &cap, (sn_launch_t){SN_MERGE_SHARED, L, size, 0, SN_DIR, first}))
                        goto oom;
                    break;
                }
            }
    }
    return 0;
oom:
    sn_input_free(in);
    return -1;
}

struct sn_snap {          /* the keys before one launch, shared by its open kernels */
    unsigned refs, level;
    uint32_t key[];
};

static void snap_put(sn_snap_t *s)
{
    if (s && !--s->refs)
        free(s);
}

void sn_input_free(sn_input_t *in)
{
    free(in->key);
    free(in->launch);
    free(in->cur);
    snap_put(in->snap);
    memset(in, 0, sizeof *in);
}

void sn_geometry(const sn_input_t *in, unsigned l, unsigned *grid, unsigned *block)
{
    if (in->launch[l].kind == SN_MERGE_GLOBAL) {   /* <<<(batchSize * arrayLength) / 512, 256>>> */
        *grid = (unsigned)(in->n / (2 * SN_GTHREADS)), *block = SN_GTHREADS;
    } else {                                       /* <<<blockCount, threadCount>>> */
        *grid = (unsigned)(in->n / SN_SHARED), *block = SN_THREADS;
    }
}

/* ---- the network on the host ---------------------------------------------------------------------- */

/* Comparator on keys: swap when (keyA > keyB) == dir. Whether it swapped. */
static inline uint8_t cmp(uint32_t *key, uint32_t a, uint32_t b, uint32_t dir)
{
    uint8_t s = (key[a] > key[b]) == (dir != 0);
    if (s) {
        uint32_t x = key[a];
        key[a] = key[b];
        key[b] = x;
    }
    return s;
}

/* One step of a shared kernel: every thread's comparator (pos = 2 tx - (tx & (stride - 1))),
 * ddd per thread from dirs (bit tx & mask set: dir ^ 1, else dir). */
static void step(uint32_t *key, uint32_t stride, uint32_t mask, uint32_t dir, uint8_t *swap)
{
    for (uint32_t tx = 0; tx < SN_THREADS; tx++) {
        const uint32_t pos = 2 * tx - (tx & (stride - 1)), ddd = dir ^ ((tx & mask) != 0);
        swap[tx] = cmp(key, pos, pos + stride, ddd);
    }
}

unsigned sn_block(const sn_launch_t *ln, unsigned bx, uint32_t *key, uint8_t (*swap)[SN_THREADS])
{
    unsigned s = 0;
    if (ln->kind == SN_MERGE_SHARED) {
        /* ddd = dir ^ ((comparatorI & (size / 2)) != 0), comparatorI = (bx 512 + tx) & (L / 2 - 1):
         * the block's 512 comparators lie in one size/2-aligned run when size > 1024 */
        const uint32_t ci = (bx * SN_THREADS) & (ln->length / 2 - 1), ddd = ln->dir ^ ((ci & (ln->size / 2)) != 0);
        for (uint32_t stride = SN_SHARED / 2; stride > 0; stride >>= 1)
            step(key, stride, 0, ddd, swap[s++]);
        return s;
    }
    const int one = ln->kind == SN_SORT_SHARED1;
    const uint32_t L = one ? SN_SHARED : ln->length, dir = one ? 0 : ln->dir;
    for (uint32_t size = 2; size < L; size <<= 1)   /* ddd = [dir ^] ((tx & (size / 2)) != 0) */
        for (uint32_t stride = size / 2; stride > 0; stride >>= 1)
            step(key, stride, size / 2, dir, swap[s++]);
    const uint32_t last = one ? (bx & 1) : ln->dir;   /* bitonicSortShared1: odd blocks the other way */
    for (uint32_t stride = L / 2; stride > 0; stride >>= 1)
        step(key, stride, 0, last, swap[s++]);
    return s;
}

/* Launch l on all of a (its keys, in place: bitonicSortShared1 reads the input and writes
 * the output, which is a copy of the input here). */
static void apply(const sn_input_t *in, unsigned l, uint32_t *a)
{
    const sn_launch_t *ln = &in->launch[l];
    if (ln->kind == SN_MERGE_GLOBAL) {
        for (uint64_t g = 0; g < in->n / 2; g++) {
            const uint32_t gc = (uint32_t)g, ci = gc & (ln->length / 2 - 1);
            const uint32_t ddd = ln->dir ^ ((ci & (ln->size / 2)) != 0);
            const uint32_t pos = 2 * gc - (gc & (ln->stride - 1));
            (void)cmp(a, pos, pos + ln->stride, ddd);
        }
        return;
    }
    static uint8_t swap[SN_MAX_STEPS][SN_THREADS];   /* not kept */
    for (uint64_t b = 0; b < in->n / SN_SHARED; b++)
        (void)sn_block(ln, (unsigned)b, a + b * SN_SHARED, swap);
}

/* The keys before launch `level` into in->cur: from the last replay when it is of the same
 * bitonicSort() call and not past `level`, else from the call's start (the input). */
static int replay(sn_input_t *in, unsigned level)
{
    const sn_launch_t *ln = &in->launch[level];
    if (!in->cur && !(in->cur = malloc(in->n * sizeof *in->cur)))
        return -1;
    if (in->at < 0 || in->at > (int64_t)level || in->launch[in->at].first != ln->first) {
        memcpy(in->cur, in->key, in->n * sizeof *in->cur);
        in->at = ln->first;
    }
    for (; in->at < (int64_t)level; in->at++)
        apply(in, (unsigned)in->at, in->cur);
    return 0;
}

typedef struct {          /* an open shared kernel's data */
    const sn_launch_t *ln;
    sn_snap_t *snap;      /* bitonicMergeShared: the keys before it (NULL: the input) */
    const uint32_t *key;  /* the keys the launch reads */
    int64_t blk;          /* the block in swap[] (-1: none) */
    uint8_t swap[SN_MAX_STEPS][SN_THREADS];
} sn_data_t;

/* The replay state is the input's (a cache across the workload's kernels, which open in
 * launch order; cursors into one launch, open_at, share its snapshot). */
void *sn_open(const void *input, unsigned level)
{
    sn_input_t *in = (sn_input_t *)(uintptr_t)input;
    if (level >= in->nlaunch)
        return NULL;
    sn_data_t *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->ln = &in->launch[level];
    d->blk = -1;
    d->key = in->key;   /* the sorts read d_InputKey */
    if (d->ln->kind != SN_MERGE_SHARED)
        return d;
    if (!in->snap || in->snap->level != level) {
        sn_snap_t *s = malloc(sizeof *s + in->n * sizeof *s->key);
        if (!s || replay(in, level)) {
            free(s);
            free(d);
            return NULL;
        }
        s->refs = 1, s->level = level;   /* the input's reference */
        memcpy(s->key, in->cur, in->n * sizeof *s->key);
        snap_put(in->snap);
        in->snap = s;
    }
    in->snap->refs++;
    d->snap = in->snap;
    d->key = d->snap->key;
    return d;
}

void sn_close(void *p)
{
    sn_data_t *d = p;
    if (!d)
        return;
    snap_put(d->snap);
    free(d);
}

const uint32_t *sn_data_keys(const void *d) { return ((const sn_data_t *)d)->key; }

/* Block bx's steps (the cache of one block: a block's warps are made one after the other). */
static const sn_data_t *sn_blk(const void *data, unsigned bx)
{
    sn_data_t *d = (sn_data_t *)(uintptr_t)data;
    if (d->blk != (int64_t)bx) {
        uint32_t key[SN_SHARED];
        memcpy(key, d->key + (uint64_t)bx * SN_SHARED, sizeof key);
        (void)sn_block(d->ln, bx, key, d->swap);
        d->blk = bx;
    }
    return d;
}

/* ---- the kernels per thread ------------------------------------------------------------------------ */

/* (keyA > keyB) == ddd: the compare of two keys against ddd (a predicate: no register traced) */
#define SN_ISETP(t, a, b, ddd) simt_rec((t), SIMT_SITE_, "ISETP.GT.U32.XOR", 0, 0, 0, (a), (b), (ddd), NOREG)
/* ... and a branch on it (an `if` around code, as BRANCH, simt_ops.h) */
#define SN_BRANCH(t, a, b, ddd) (SN_ISETP(t, a, b, ddd), simt_rec((t), SIMT_SITE_, "BRA", 0, 0, 0, NOREG, NOREG, NOREG, NOREG))

/* One comparator step of a shared kernel, its own sites at each use:
 *   cg::sync(cta); pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
 *   Comparator(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], ddd);
 * The keys are read, compared, and the lanes whose pair swaps (sw) branch into reading both
 * values and writing all four (the references into shared memory); then stride >>= 1 (BFE, a
 * right shift) and the loop's back edge. rst: stride's register (updated), rtx threadIdx.x,
 * rddd ddd's. */
#define SN_STEP(t, stride, sw, rst, rtx, rddd, shk, shv)                                                              \
    do {                                                                                                      \
        const uint32_t pos_ = 2 * (uint32_t)(t)->tx - ((uint32_t)(t)->tx & ((stride) - 1));                   \
        BAR(t);                                                                                               \
        reg_t rm_ = IADD(t, rst, NOREG);                      /* stride - 1 */                                \
        reg_t ra_ = ALU(t, "LOP.AND", rtx, rm_, NOREG);       /* threadIdx.x & (stride - 1) */                \
        reg_t rp_ = IMAD(t, rtx, NOREG, ra_);                 /* pos */                                       \
        reg_t rq_ = IADD(t, rp_, rst);                        /* pos + stride */                              \
        reg_t rka_ = LDS(t, EL(shk, pos_), rp_);              /* keyA = s_key[pos] */                         \
        reg_t rkb_ = LDS(t, EL(shk, pos_ + (stride)), rq_);   /* keyB = s_key[pos + stride] */                \
        SN_BRANCH(t, rka_, rkb_, rddd);                       /* if ((keyA > keyB) == ddd) */                 \
        if (sw) {                                                                                             \
            reg_t rva_ = LDS(t, EL(shv, pos_), rp_);                                                          \
            reg_t rvb_ = LDS(t, EL(shv, pos_ + (stride)), rq_);                                               \
            STS(t, EL(shk, pos_), rp_, rkb_);                                                                 \
            STS(t, EL(shk, pos_ + (stride)), rq_, rka_);                                                      \
            STS(t, EL(shv, pos_), rp_, rvb_);                                                                 \
            STS(t, EL(shv, pos_ + (stride)), rq_, rva_);                                                      \
        }                                                                                                     \
        rst = ALU(t, "BFE.U32", rst, NOREG, NOREG);           /* stride >>= 1 */                              \
        LOOP(t, rst);                                                                                         \
    } while (0)

/* The four kernels' first lines: the block's 1024 keys and values into shared memory,
 * d_Src += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x; s_key[tx] = d_SrcKey[0], s_val[tx],
 * s_key[tx + 512] = d_SrcKey[512], s_val[tx + 512] (the four loads first: the global
 * pointers do not alias shared memory). */
#define SN_LOAD(t, rg, rtx, sk, sv, shk, shv, g)                                                                \
    do {                                                                                                      \
        reg_t k0_ = LDG(t, EL(sk, g), rg), v0_ = LDG(t, EL(sv, g), rg);                                        \
        reg_t k1_ = LDG(t, EL(sk, (g) + SN_THREADS), rg), v1_ = LDG(t, EL(sv, (g) + SN_THREADS), rg);          \
        STS(t, EL(shk, (t)->tx), rtx, k0_);                                                                    \
        STS(t, EL(shv, (t)->tx), rtx, v0_);                                                                    \
        STS(t, EL(shk, (t)->tx + SN_THREADS), rtx, k1_);                                                       \
        STS(t, EL(shv, (t)->tx + SN_THREADS), rtx, v1_);                                                       \
    } while (0)

/* ... and last: cg::sync(cta); d_DstKey[0] = s_key[tx], d_DstVal[0] = s_val[tx], [512] likewise. */
#define SN_STORE(t, rg, rtx, dk, dv, shk, shv, g)                                                               \
    do {                                                                                                      \
        BAR(t);                                                                                               \
        reg_t k0_ = LDS(t, EL(shk, (t)->tx), rtx), v0_ = LDS(t, EL(shv, (t)->tx), rtx);                        \
        reg_t k1_ = LDS(t, EL(shk, (t)->tx + SN_THREADS), rtx), v1_ = LDS(t, EL(shv, (t)->tx + SN_THREADS), rtx); \
        STG(t, EL(dk, g), rg, k0_);                                                                            \
        STG(t, EL(dv, g), rg, v0_);                                                                            \
        STG(t, EL(dk, (g) + SN_THREADS), rg, k1_);                                                             \
        STG(t, EL(dv, (g) + SN_THREADS), rg, v1_);                                                             \
    } while (0)

/* bitonicSortShared(d_DstKey, d_DstVal, d_SrcKey, d_SrcVal, arrayLength, dir) and
 * bitonicSortShared1(d_DstKey, d_DstVal, d_SrcKey, d_SrcVal):
 *   for (size = 2; size < L; size <<= 1) { ddd = [dir ^] ((tx & (size / 2)) != 0);
 *     for (stride = size / 2; stride > 0; stride >>= 1) step(ddd); }
 *   for (stride = L / 2; stride > 0; stride >>= 1) step(dir | blockIdx.x & 1);
 * L = arrayLength (bitonicSortShared: a block holds 1024 / L arrays) or 1024. The loops are
 * not unrolled: one PC per source site (bitonicSortShared1's are of constant trips; nvcc may
 * unroll them, which changes the PCs, not the accesses). */
static void sn_sort(simt_t *t, int one)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const sn_data_t *d = sn_blk(p->data, t->bx);
    const uint64_t dk = p->arr[0], dv = p->arr[1], sk = p->arr[2], sv = p->arr[3];
    const uint64_t shk = p->shmem, shv = shk + 4 * SN_SHARED, g = (uint64_t)t->bx * SN_SHARED + t->tx;
    const uint32_t L = one ? SN_SHARED : d->ln->length;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rg = IMAD(t, rbx, NOREG, rtx);   /* blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x */
    SN_LOAD(t, rg, rtx, sk, sv, shk, shv, g);
    unsigned s = 0;
    reg_t rsize = MOV(t, NOREG);           /* size = 2 */
    if (!one)
        BRANCH(t, rsize);                  /* size < arrayLength on entry */
    for (uint32_t size = 2; size < L; size <<= 1) {
        reg_t rh = ALU(t, "LOP.AND", rtx, rsize, NOREG);   /* threadIdx.x & (size / 2) */
        reg_t rddd = SEL(t, rh, NOREG);                    /* ddd: [dir ^] (... != 0) */
        reg_t rst = ALU(t, "BFE.U32", rsize, NOREG, NOREG); /* stride = size / 2 */
        for (uint32_t stride = size / 2; stride > 0; stride >>= 1, s++)
            SN_STEP(t, stride, d->swap[s][t->tx], rst, rtx, rddd, shk, shv);
        rsize = ALU(t, "SHL", rsize, NOREG, NOREG);        /* size <<= 1 */
        LOOP(t, rsize);
    }
    reg_t rddd = NOREG;                    /* bitonicSortShared: ddd = dir (a parameter) */
    if (one)
        rddd = ALU(t, "LOP.AND", rbx, NOREG, NOREG);             /* ddd = blockIdx.x & 1 */
    reg_t rst = one ? MOV(t, NOREG)                              /* stride = SHARED_SIZE_LIMIT / 2 */
                    : ALU(t, "BFE.U32", NOREG, NOREG, NOREG);    /* stride = arrayLength / 2 */
    for (uint32_t stride = L / 2; stride > 0; stride >>= 1, s++)
        SN_STEP(t, stride, d->swap[s][t->tx], rst, rtx, rddd, shk, shv);
    SN_STORE(t, rg, rtx, dk, dv, shk, shv, g);
    EXIT(t);
}

void sdk_sn_sort_shared(simt_t *t) { sn_sort(t, 0); }
void sdk_sn_sort_shared1(simt_t *t) { sn_sort(t, 1); }

/* bitonicMergeShared(d_DstKey, d_DstVal, d_SrcKey, d_SrcVal, arrayLength, size, dir):
 * the block's keys in; comparatorI = UMAD(blockIdx.x, blockDim.x, threadIdx.x) &
 * (arrayLength / 2 - 1); ddd = dir ^ ((comparatorI & (size / 2)) != 0); for (stride = 512;
 * stride > 0; stride >>= 1) step(ddd); the keys out. */
void sdk_sn_merge_shared(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const sn_data_t *d = sn_blk(p->data, t->bx);
    const uint64_t dk = p->arr[0], dv = p->arr[1], sk = p->arr[2], sv = p->arr[3];
    const uint64_t shk = p->shmem, shv = shk + 4 * SN_SHARED, g = (uint64_t)t->bx * SN_SHARED + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rg = IMAD(t, rbx, NOREG, rtx);
    SN_LOAD(t, rg, rtx, sk, sv, shk, shv, g);
    reg_t rci = IMAD(t, rbx, NOREG, rtx);                 /* UMAD(blockIdx.x, blockDim.x, threadIdx.x) */
    rci = ALU(t, "LOP.AND", rci, NOREG, NOREG);           /* & (arrayLength / 2 - 1) */
    reg_t rh = ALU(t, "LOP.AND", rci, NOREG, NOREG);      /* comparatorI & (size / 2) */
    reg_t rddd = SEL(t, rh, NOREG);                       /* ddd */
    reg_t rst = MOV(t, NOREG);                            /* stride = SHARED_SIZE_LIMIT / 2 */
    unsigned s = 0;
    for (uint32_t stride = SN_SHARED / 2; stride > 0; stride >>= 1, s++)
        SN_STEP(t, stride, d->swap[s][t->tx], rst, rtx, rddd, shk, shv);
    SN_STORE(t, rg, rtx, dk, dv, shk, shv, g);
    EXIT(t);
}

/* bitonicMergeGlobal(d_DstKey, d_DstVal, d_SrcKey, d_SrcVal, arrayLength, size, stride, dir),
 * 256 threads: global_comparatorI = blockIdx.x * blockDim.x + threadIdx.x; comparatorI =
 * global_comparatorI & (arrayLength / 2 - 1); ddd = dir ^ ((comparatorI & (size / 2)) != 0);
 * pos = 2 * global_comparatorI - (global_comparatorI & (stride - 1)); keyA = d_SrcKey[pos],
 * valA = d_SrcVal[pos], keyB = d_SrcKey[pos + stride], valB = d_SrcVal[pos + stride];
 * Comparator on registers (a compare, four selects); the four stores at pos and pos + stride. */
void sdk_sn_merge_global(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const sn_input_t *in = p->data;
    const sn_launch_t *ln = &in->launch[p->p];
    const uint64_t dk = p->arr[0], dv = p->arr[1], sk = p->arr[2], sv = p->arr[3];
    const uint32_t gc = t->bx * t->bdx + t->tx, stride = ln->stride;
    const uint32_t pos = 2 * gc - (gc & (stride - 1));
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rg = IMAD(t, rbx, NOREG, rtx);                  /* global_comparatorI */
    reg_t rci = ALU(t, "LOP.AND", rg, NOREG, NOREG);      /* comparatorI */
    reg_t rh = ALU(t, "LOP.AND", rci, NOREG, NOREG);      /* comparatorI & (size / 2) */
    reg_t rddd = SEL(t, rh, NOREG);                       /* ddd */
    reg_t rm = ALU(t, "LOP.AND", rg, NOREG, NOREG);       /* global_comparatorI & (stride - 1) */
    reg_t rp = IMAD(t, rg, NOREG, rm);                    /* pos */
    reg_t rq = IADD(t, rp, NOREG);                        /* pos + stride */
    reg_t ka = LDG(t, EL(sk, pos), rp);
    reg_t va = LDG(t, EL(sv, pos), rp);
    reg_t kb = LDG(t, EL(sk, pos + stride), rq);
    reg_t vb = LDG(t, EL(sv, pos + stride), rq);
    SN_ISETP(t, ka, kb, rddd);                            /* (keyA > keyB) == ddd */
    reg_t nka = ALU(t, "SEL", ka, kb, rddd), nva = ALU(t, "SEL", va, vb, rddd);
    reg_t nkb = ALU(t, "SEL", kb, ka, rddd), nvb = ALU(t, "SEL", vb, va, rddd);
    STG(t, EL(dk, pos), rp, nka);
    STG(t, EL(dv, pos), rp, nva);
    STG(t, EL(dk, pos + stride), rq, nkb);
    STG(t, EL(dv, pos + stride), rq, nvb);
    EXIT(t);
}
