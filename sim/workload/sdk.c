/* sdk.c - NVIDIA CUDA SDK kernels written per thread (sdk.h; simt.h):
 * each function is one thread of the kernel, its loads, stores, barriers
 * and loops in the source's order (simt_ops.h). The sources are the SDK
 * 4.2 samples (GPU Computing SDK 4.2.9); each kernel's comment restates
 * what it does in the source's terms. */
#include "workload/sdk.h"

#include <assert.h>

#include "workload/simt_ops.h"

#define EL(base, idx) ((base) + 4 * (uint64_t)(idx))   /* &base[idx], 4-byte elements */

/* ---- transpose ---------------------------------------------------------------------------------- */

/* The shared-memory transposes: per rep, idata[in] -> tile[ty][tx]; sync;
 * tile[ry][rx] -> odata[out], with a tile pitch of `pitch` floats. The
 * source has no barrier between a rep's shared read and the next rep's
 * shared write (its benign race); neither has this. */
static void tr_tiled(simt_t *t, uint64_t in, uint64_t out, unsigned pitch, unsigned ry, unsigned rx)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t odata = p->arr[0], idata = p->arr[1], tile = p->shmem;
    reg_t rtx = S2R(t), rty = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rin = IMAD(t, rby, rty, IMAD(t, rbx, NOREG, rtx));
    reg_t rout = IMAD(t, rbx, rty, IMAD(t, rby, NOREG, rtx));
    reg_t ws = IMAD(t, rty, NOREG, rtx), rs = IMAD(t, rtx, NOREG, rty);
    for (uint64_t r = 0; r < p->p; r++) {
        reg_t v = LDG(t, EL(idata, in), rin);
        STS(t, EL(tile, (uint64_t)t->ty * pitch + t->tx), ws, v);
        BAR(t);
        reg_t u = LDS(t, EL(tile, (uint64_t)ry * pitch + rx), rs);
        STG(t, EL(odata, out), rout, u);
        LOOP(t, rin);
    }
    EXIT(t);
}

/* copy: idx = (16 bx + tx) + width (16 by + ty); odata[idx] = idata[idx] per rep. */
void sdk_tr_copy(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t odata = p->arr[0], idata = p->arr[1];
    const uint64_t idx = (uint64_t)(TR_TILE * t->bx + t->tx) + p->n * (TR_TILE * t->by + t->ty);
    reg_t rtx = S2R(t), rty = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t ry = IMAD(t, rby, NOREG, rty), rx = IMAD(t, rbx, NOREG, rtx);
    reg_t ri = IMAD(t, ry, NOREG, rx);
    for (uint64_t r = 0; r < p->p; r++) {
        reg_t v = LDG(t, EL(idata, idx), ri);
        STG(t, EL(odata, idx), ri, v);
        LOOP(t, ri);
    }
    EXIT(t);
}

/* copySharedMem: the same index; per rep, if (x < width && y < height)
 * tile[ty][tx] = idata[idx]; sync; if (x < height && y < width)
 * odata[idx] = tile[ty][tx] (a 16 x 16 tile). */
void sdk_tr_copy_shared(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t odata = p->arr[0], idata = p->arr[1], tile = p->shmem, n = p->n;
    const uint64_t x = TR_TILE * t->bx + t->tx, y = TR_TILE * t->by + t->ty, idx = x + n * y;
    const uint64_t sh = EL(tile, (uint64_t)t->ty * TR_TILE + t->tx);
    reg_t rtx = S2R(t), rty = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rx = IMAD(t, rbx, NOREG, rtx), ry = IMAD(t, rby, NOREG, rty), ri = IMAD(t, ry, NOREG, rx);
    reg_t rs = IMAD(t, rty, NOREG, rtx);
    for (uint64_t r = 0; r < p->p; r++) {
        BRANCH(t, rx);
        if (x < n && y < n) {
            reg_t v = LDG(t, EL(idata, idx), ri);
            STS(t, sh, rs, v);
        }
        BAR(t);
        BRANCH(t, ry);
        if (x < n && y < n) {
            reg_t u = LDS(t, sh, rs);
            STG(t, EL(odata, idx), ri, u);
        }
        LOOP(t, ri);
    }
    EXIT(t);
}

/* transposeNaive: in = x + width y, out = y + height x (x = 16 bx + tx,
 * y = 16 by + ty); odata[out] = idata[in] per rep. */
void sdk_tr_naive(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t odata = p->arr[0], idata = p->arr[1], n = p->n;
    const uint64_t x = TR_TILE * t->bx + t->tx, y = TR_TILE * t->by + t->ty;
    reg_t rtx = S2R(t), rty = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rx = IMAD(t, rbx, NOREG, rtx), ry = IMAD(t, rby, NOREG, rty);
    reg_t rin = IMAD(t, ry, NOREG, rx), rout = IMAD(t, rx, NOREG, ry);
    for (uint64_t r = 0; r < p->p; r++) {
        reg_t v = LDG(t, EL(idata, x + n * y), rin);
        STG(t, EL(odata, y + n * x), rout, v);
        LOOP(t, rin);
    }
    EXIT(t);
}

/* transposeCoalesced (tile[16][16]) and transposeNoBankConflicts
 * (tile[16][17]): in = (16 bx + tx) + width (16 by + ty), out = (16 by + tx)
 * + height (16 bx + ty); tile[ty][tx] = idata[in]; sync; odata[out] =
 * tile[tx][ty]. */
void sdk_tr_coalesced(simt_t *t)
{
    const uint64_t n = ((const simt_args_t *)t->arg)->n;
    tr_tiled(t, TR_TILE * t->bx + t->tx + n * (TR_TILE * t->by + t->ty),
             TR_TILE * t->by + t->tx + n * (TR_TILE * t->bx + t->ty), TR_TILE, t->tx, t->ty);
}

void sdk_tr_no_bank_conflicts(simt_t *t)
{
    const uint64_t n = ((const simt_args_t *)t->arg)->n;
    tr_tiled(t, TR_TILE * t->bx + t->tx + n * (TR_TILE * t->by + t->ty),
             TR_TILE * t->by + t->tx + n * (TR_TILE * t->bx + t->ty), TR_TILE + 1, t->tx, t->ty);
}

/* transposeCoarseGrained (tile[16][17]): transposeCoalesced's indices, but
 * odata[out] = tile[ty][tx] (the tiles move, their contents do not turn). */
void sdk_tr_coarse(simt_t *t)
{
    const uint64_t n = ((const simt_args_t *)t->arg)->n;
    tr_tiled(t, TR_TILE * t->bx + t->tx + n * (TR_TILE * t->by + t->ty),
             TR_TILE * t->by + t->tx + n * (TR_TILE * t->bx + t->ty), TR_TILE + 1, t->ty, t->tx);
}

/* transposeFineGrained (tile[16][17]): idx = (16 bx + tx) + width (16 by +
 * ty); tile[ty][tx] = idata[idx]; sync; odata[idx] = tile[tx][ty] (the
 * contents turn, the tiles stay). */
void sdk_tr_fine(simt_t *t)
{
    const uint64_t n = ((const simt_args_t *)t->arg)->n, idx = TR_TILE * t->bx + t->tx + n * (TR_TILE * t->by + t->ty);
    tr_tiled(t, idx, idx, TR_TILE + 1, t->tx, t->ty);
}

/* transposeDiagonal (tile[16][17]), square: blockIdx_y = bx, blockIdx_x =
 * (bx + by) % gridDim.x, then transposeNoBankConflicts with those. */
void sdk_tr_diagonal(simt_t *t)
{
    const uint64_t n = ((const simt_args_t *)t->arg)->n, byy = t->bx, bxx = (t->bx + t->by) % t->gdx;
    tr_tiled(t, TR_TILE * bxx + t->tx + n * (TR_TILE * byy + t->ty), TR_TILE * byy + t->tx + n * (TR_TILE * bxx + t->ty),
             TR_TILE + 1, t->tx, t->ty);
}

/* ---- BlackScholes ------------------------------------------------------------------------------- */

/* cndGPU(d), inlined (a macro: each use is its own code, as nvcc inlines it): K = 1 / (1 +
 * 0.2316419 |d|); cnd = RSQRT2PI exp(-d^2 / 2) K (A1 + K (A2 + K (A3 + K (A4 + K A5)))); if
 * (d > 0) cnd = 1 - cnd. The arithmetic only, with its dependences; the value in `out`. */
#define BS_CND(t, d, out)                                                                              \
    do {                                                                                               \
        reg_t k_ = ALU(t, "MUFU.RCP", FFMA(t, d, NOREG, NOREG), NOREG, NOREG);                       \
        reg_t e_ = ALU(t, "MUFU.EX2", FMUL(t, d, d), NOREG, NOREG);                                  \
        reg_t p_ = FFMA(t, k_, NOREG, NOREG);                                                        \
        p_ = FFMA(t, k_, p_, NOREG);                                                                 \
        p_ = FFMA(t, k_, p_, NOREG);                                                                 \
        p_ = FFMA(t, k_, p_, NOREG);                                                                 \
        reg_t c_ = FMUL(t, FMUL(t, e_, k_), p_);                                                     \
        ALU(t, "FSETP.GT.AND", d, NOREG, NOREG);                                                     \
        out = ALU(t, "FSEL", FADD(t, c_, NOREG), c_, NOREG);                                         \
    } while (0)

/* BlackScholesGPU: for (opt = tid; opt < optN; opt += THREAD_N) { S = d_StockPrice[opt], X =
 * d_OptionStrike[opt], T = d_OptionYears[opt]; BlackScholesBodyGPU: sqrtT = sqrtf(T); d1 =
 * (__logf(S / X) + (R + V^2 / 2) T) / (V sqrtT); d2 = d1 - V sqrtT; cnd(d1), cnd(d2); expRT =
 * __expf(-R T); d_CallResult[opt] = S cnd(d1) - X expRT cnd(d2); d_PutResult[opt] = X expRT
 * (1 - cnd(d2)) - S (1 - cnd(d1)) }, THREAD_N = blockDim.x gridDim.x. */
void sdk_blackscholes(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t call = p->arr[0], put = p->arr[1], sp = p->arr[2], st = p->arr[3], yr = p->arr[4];
    const uint64_t tid = (uint64_t)t->bx * t->bdx + t->tx, step = (uint64_t)t->bdx * t->gdx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ro = IMAD(t, rbx, NOREG, rtx);
    BRANCH(t, ro);   /* the loop's entry test */
    for (uint64_t opt = tid; opt < p->n; opt += step) {
        reg_t S = LDG(t, EL(sp, opt), ro), X = LDG(t, EL(st, opt), ro), T = LDG(t, EL(yr, opt), ro);
        reg_t sq = FMUL(t, T, ALU(t, "MUFU.RSQ", T, NOREG, NOREG));
        reg_t lg = ALU(t, "MUFU.LG2", FMUL(t, S, ALU(t, "MUFU.RCP", X, NOREG, NOREG)), NOREG, NOREG);
        reg_t num = FFMA(t, T, NOREG, FMUL(t, lg, NOREG));
        reg_t vs = FMUL(t, sq, NOREG);
        reg_t d1 = FMUL(t, num, ALU(t, "MUFU.RCP", vs, NOREG, NOREG));
        reg_t d2 = FADD(t, d1, vs);
        reg_t c1, c2;
        BS_CND(t, d1, c1);
        BS_CND(t, d2, c2);
        reg_t ert = ALU(t, "MUFU.EX2", FMUL(t, T, NOREG), NOREG, NOREG);
        reg_t xe = FMUL(t, X, ert);
        reg_t cv = FFMA(t, S, c1, FMUL(t, xe, c2));
        reg_t n2 = FADD(t, c2, NOREG), sn1 = FMUL(t, S, FADD(t, c1, NOREG));
        reg_t pv = FFMA(t, xe, n2, sn1);
        STG(t, EL(call, opt), ro, cv);
        STG(t, EL(put, opt), ro, pv);
        LOOP(t, IADD(t, ro, NOREG));
    }
    EXIT(t);
}

/* ---- scalarProd --------------------------------------------------------------------------------- */

/* scalarProdGPU(d_C, d_A, d_B, vectorN, elementN): for (vec = blockIdx.x; vec < vectorN; vec +=
 * gridDim.x) { vectorBase = elementN vec, vectorEnd = vectorBase + elementN; for (iAccum = tid;
 * iAccum < ACCUM_N; iAccum += blockDim.x) { sum = 0; for (pos = vectorBase + iAccum; pos <
 * vectorEnd; pos += ACCUM_N) sum += d_A[pos] d_B[pos]; accumResult[iAccum] = sum; } for
 * (stride = ACCUM_N / 2; stride > 0; stride >>= 1) { __syncthreads(); for (iAccum = tid;
 * iAccum < stride; iAccum += blockDim.x) accumResult[iAccum] += accumResult[stride + iAccum]; }
 * if (tid == 0) d_C[vec] = accumResult[0]; } */
void sdk_scalarprod(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t C = p->arr[0], A = p->arr[1], B = p->arr[2], acc = p->shmem;
    reg_t rtx = S2R(t), rbx = S2R(t);
    BRANCH(t, rbx);   /* the vector loop's entry test */
    for (uint64_t vec = t->bx; vec < p->n; vec += t->gdx) {
        const uint64_t base = (uint64_t)SP_ELEMENTS * vec, end = base + SP_ELEMENTS;
        reg_t rb = IMAD(t, rbx, NOREG, NOREG);
        for (uint64_t a = t->tx; a < SP_ACCUM; a += t->bdx) {
            reg_t ra = IADD(t, rb, rtx), sum = MOV(t, NOREG);
            for (uint64_t pos = base + a; pos < end; pos += SP_ACCUM) {
                reg_t x = LDG(t, EL(A, pos), ra), y = LDG(t, EL(B, pos), ra);
                sum = FFMA(t, x, y, sum);
                LOOP(t, ra);
            }
            STS(t, EL(acc, a), rtx, sum);
            LOOP(t, rtx);
        }
        for (uint64_t stride = SP_ACCUM / 2; stride > 0; stride >>= 1) {
            BAR(t);
            BRANCH(t, rtx);   /* the accumulator loop's entry test */
            for (uint64_t a = t->tx; a < stride; a += t->bdx) {
                reg_t u = LDS(t, EL(acc, a), rtx), v = LDS(t, EL(acc, stride + a), rtx);
                STS(t, EL(acc, a), rtx, FADD(t, u, v));
                LOOP(t, rtx);
            }
            LOOP(t, rtx);
        }
        BRANCH(t, rtx);   /* tid == 0 */
        if (t->tx == 0)
            STG(t, EL(C, vec), rb, LDS(t, acc, rtx));
        LOOP(t, rb);
    }
    EXIT(t);
}

/* ---- reduction ---------------------------------------------------------------------------------- */

/* reduce6<int, B = blockDim.x, nIsPow2 = true>(g_idata, g_odata, n): i = blockIdx.x 2B + tid,
 * gridSize = 2B gridDim.x; mySum = 0; while (i < n) { mySum += g_idata[i]; mySum += g_idata[i +
 * B]; i += gridSize; } sdata[tid] = mySum; __syncthreads(); for s = 256, 128, 64 with B >= 2s:
 * { if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s]; __syncthreads(); } if (tid < 32)
 * for s = 32 .. 1 with B >= 2s (volatile, no barrier): smem[tid] = mySum = mySum + smem[tid +
 * s]; if (tid == 0) g_odata[blockIdx.x] = sdata[0]. Shared: B ints (2B when B <= 32). */
void sdk_reduce6(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t in = p->p ? p->arr[1] : p->arr[0], out = p->arr[1], sd = p->shmem;
    const uint64_t n = p->p ? RD_BLOCKS : p->n, B = t->bdx, tid = t->tx;
    const uint64_t grid = 2 * B * t->gdx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx), sum = MOV(t, NOREG);
    BRANCH(t, ri);   /* the while loop's entry test */
    for (uint64_t i = t->bx * 2 * B + tid; i < n; i += grid) {
        sum = IADD(t, sum, LDG(t, EL(in, i), ri));
        sum = IADD(t, sum, LDG(t, EL(in, i + B), ri));
        LOOP(t, ri);
    }
    STS(t, EL(sd, tid), rtx, sum);
    BAR(t);
    for (uint64_t s = 256; s >= 64; s >>= 1) {
        if (B < 2 * s)   /* a template constant: compiled out */
            continue;
        BRANCH(t, rtx);
        if (tid < s) {
            sum = IADD(t, sum, LDS(t, EL(sd, tid + s), rtx));
            STS(t, EL(sd, tid), rtx, sum);
        }
        BAR(t);
    }
    BRANCH(t, rtx);   /* tid < 32 */
    if (tid < 32)
        for (uint64_t s = 32; s >= 1; s >>= 1) {
            if (B < 2 * s)
                continue;
            sum = IADD(t, sum, LDS(t, EL(sd, tid + s), rtx));
            STS(t, EL(sd, tid), rtx, sum);
        }
    BRANCH(t, rtx);   /* tid == 0 */
    if (tid == 0)
        STG(t, EL(out, t->bx), rbx, LDS(t, sd, rtx));
    EXIT(t);
}

/* ---- mergeSort ---------------------------------------------------------------------------------- */

#include <stdlib.h>
#include <string.h>

/* glibc's rand() after srand(seed) (its TYPE_3 additive generator: r[i] = r[i-31] + r[i-3],
 * seeded by the Lehmer recurrence, the first 310 outputs discarded; output k is r[k + 344] >> 1):
 * the SDK samples' inputs (mergeSort's keys, histogram's bytes). */
typedef struct {
    uint32_t ring[34];   /* the last 34 r[] */
    uint64_t k;          /* the next r[] */
} sdk_rand_t;

static uint32_t sdk_rand(sdk_rand_t *g)
{
    uint32_t v = g->ring[(g->k - 31) % 34] + g->ring[(g->k - 3) % 34];
    g->ring[g->k++ % 34] = v;
    return v >> 1;
}

static void sdk_srand(sdk_rand_t *g, int32_t x)   /* x > 0 */
{
    g->ring[0] = (uint32_t)x;
    for (int i = 1; i < 31; i++) {
        int32_t hi = x / 127773, lo = x % 127773;
        x = 16807 * lo - 2836 * hi;
        if (x < 0)
            x += 2147483647;
        g->ring[i] = (uint32_t)x;
    }
    for (int i = 31; i < 34; i++)
        g->ring[i] = g->ring[i - 31];
    g->k = 34;
    for (int i = 0; i < 310; i++)
        (void)sdk_rand(g);
}

/* The keys main.cpp makes: srand(2009); key[i] = rand() % 65536. */
int ms_keys(ms_input_t *in, uint64_t n)
{
    sdk_rand_t g;
    in->n = n;
    if (!(in->key = malloc(n * sizeof *in->key)))
        return -1;
    sdk_srand(&g, 2009);
    for (uint64_t i = 0; i < n; i++)
        in->key[i] = sdk_rand(&g) % 65536;
    return 0;
}

void ms_input_free(ms_input_t *in)
{
    free(in->key);
    in->key = NULL;
}

/* binarySearchExclusive / Inclusive (sortDir 1): the number of data[0 .. L) below val (at or
 * below it), probing data[np - 1] for np = min(pos + st, L) as st halves; the probed indices
 * in probe[] (at most 33), their count in *np. */
static uint32_t ms_search(uint32_t val, const uint32_t *data, uint32_t L, uint32_t st, int incl, uint32_t *probe,
                          unsigned *np)
{
    uint32_t pos = 0;
    *np = 0;
    if (L == 0)
        return 0;
    for (; st > 0; st >>= 1) {
        uint32_t q = pos + st < L ? pos + st : L;
        probe[(*np)++] = q - 1;
        if (incl ? data[q - 1] <= val : data[q - 1] < val)
            pos = q;
    }
    return pos;
}

/* A stable sort of each `seg`-long piece of a (a merge of its two sorted halves, which the
 * caller has sorted: piece by piece, doubling). */
static void ms_merge_pieces(uint32_t *a, uint32_t *tmp, uint64_t n, uint64_t seg)
{
    for (uint64_t b = 0; b < n; b += seg) {
        uint64_t h = seg / 2, i = b, j = b + h, o = b;
        while (i < b + h && j < b + seg)
            tmp[o++] = a[j] < a[i] ? a[j++] : a[i++];
        while (i < b + h)
            tmp[o++] = a[i++];
        while (j < b + seg)
            tmp[o++] = a[j++];
        memcpy(a + b, tmp + b, seg * sizeof *a);
    }
}

typedef struct {           /* a stage's data: what its kernels read */
    int shared;            /* 0 (this), or an ms_shared_t */
    uint64_t n, s;         /* keys, stride */
    uint32_t *key;         /* the keys with every s-long piece sorted (d_SrcKey as the stage reads it) */
    uint32_t *ranks[2], *limits[2];   /* A, B: N / 128 each */
} ms_stage_t;

typedef struct {           /* the shared sort's data: one block's keys after each stride */
    int shared;            /* 1 */
    uint64_t n;
    const uint32_t *key;   /* the input */
    int64_t blk;           /* the block in lev[] (-1: none) */
    uint32_t lev[11][MS_SHARED];   /* lev[k]: the block's keys, every 2^k-long piece sorted */
} ms_shared_t;

void *ms_shared_open(const void *input, unsigned stage)
{
    (void)stage;
    const ms_input_t *in = input;
    ms_shared_t *d = calloc(1, sizeof *d);
    if (d) {
        d->n = in->n, d->shared = 1, d->key = in->key, d->blk = -1;
    }
    return d;
}

/* The block's keys stride by stride (the cache of one block: a block's warps run one after
 * the other). The data object is the kernel's own (one per open kernel). */
static const ms_shared_t *ms_block(const ms_shared_t *cd, uint64_t blk)
{
    ms_shared_t *d = (ms_shared_t *)(uintptr_t)cd;
    if (d->blk != (int64_t)blk) {
        uint32_t tmp[MS_SHARED];
        memcpy(d->lev[0], d->key + blk * MS_SHARED, sizeof d->lev[0]);
        for (unsigned k = 1; k <= 10; k++) {
            memcpy(d->lev[k], d->lev[k - 1], sizeof d->lev[k]);
            ms_merge_pieces(d->lev[k], tmp, MS_SHARED, 1ull << k);
        }
        d->blk = (int64_t)blk;
    }
    return d;
}

void *ms_stage_open(const void *input, unsigned stage)
{
    const ms_input_t *in = input;
    const uint64_t n = in->n, s = (uint64_t)MS_SHARED << stage, m = n / MS_SAMPLE, S = s / MS_SAMPLE;
    ms_stage_t *d = calloc(1, sizeof *d);
    uint32_t *tmp = malloc(n * sizeof *tmp);
    if (!d || !tmp || !(d->key = malloc(n * sizeof *d->key)))
        goto oom;
    for (int k = 0; k < 2; k++)
        if (!(d->ranks[k] = malloc(m * sizeof **d->ranks)) || !(d->limits[k] = malloc(m * sizeof **d->limits)))
            goto oom;
    d->n = n, d->s = s;
    memcpy(d->key, in->key, n * sizeof *d->key);
    for (uint64_t seg = 2; seg <= s; seg *= 2)
        ms_merge_pieces(d->key, tmp, n, seg);
    uint32_t probe[40];
    unsigned np;
    for (uint64_t base = 0; base < n; base += 2 * s) {   /* generateSampleRanksKernel, mergeRanksAndIndicesKernel */
        const uint32_t *A = d->key + base, *B = A + s;
        uint32_t *ra = d->ranks[0] + base / MS_SAMPLE, *rb = d->ranks[1] + base / MS_SAMPLE;
        for (uint64_t i = 0; i < S; i++) {
            ra[i] = (uint32_t)(i * MS_SAMPLE);
            rb[i] = ms_search(A[i * MS_SAMPLE], B, (uint32_t)s, (uint32_t)s, 0, probe, &np);
            rb[S + i] = (uint32_t)(i * MS_SAMPLE);
            ra[S + i] = ms_search(B[i * MS_SAMPLE], A, (uint32_t)s, (uint32_t)s, 1, probe, &np);
        }
        for (int k = 0; k < 2; k++) {
            const uint32_t *r = d->ranks[k] + base / MS_SAMPLE;
            uint32_t *l = d->limits[k] + base / MS_SAMPLE;
            for (uint64_t i = 0; i < S; i++) {
                l[ms_search(r[i], r + S, (uint32_t)S, (uint32_t)S, 0, probe, &np) + i] = r[i];
                l[ms_search(r[S + i], r, (uint32_t)S, (uint32_t)S, 1, probe, &np) + i] = r[S + i];
            }
        }
    }
    free(tmp);
    return d;
oom:
    free(tmp);
    ms_data_close(d);
    return NULL;
}

void ms_data_close(void *p)
{
    ms_stage_t *d = p;   /* both kinds begin with `shared` */
    if (!d)
        return;
    if (!d->shared) {
        free(d->key);
        for (int k = 0; k < 2; k++)
            free(d->ranks[k]), free(d->limits[k]);
    }
    free(d);
}

/* The loads of one binary search (ms_search's probes) of `data` (a global or, shared, a
 * shared array) from the address register `rb`, each compared before the next (the loop's
 * test reads it). No register is carried out of the loop: a search may make no probe (L = 0),
 * and a site's operands must not depend on which thread reached it first. */
#define MS_PROBES(t, shared, data, probe, np, rb)                                                   \
    do {                                                                                           \
        for (unsigned q_ = 0; q_ < (np); q_++) {                                                   \
            reg_t x_ = (shared) ? LDS(t, EL(data, (probe)[q_]), rb) : LDG(t, EL(data, (probe)[q_]), rb); \
            LOOP(t, x_);                                                                           \
        }                                                                                          \
    } while (0)

/* mergeSortSharedKernel<1>(d_DstKey, d_DstVal, d_SrcKey, d_SrcVal, 1024), 512 threads: the
 * block's 1024 keys and values to s_key, s_val (tx, tx + 512); for stride = 1 .. 512: lPos =
 * tx & (stride - 1), base = 2 (tx - lPos); sync; keyA = s_key[base + lPos], valA, keyB =
 * s_key[base + lPos + stride], valB; posA = binarySearchExclusive(keyA, s_key + base + stride,
 * stride, stride) + lPos; posB = binarySearchInclusive(keyB, s_key + base, stride, stride) +
 * lPos; sync; s_key[base + posA] = keyA, s_val[...] = valA, s_key[base + posB] = keyB, ...;
 * then sync and the block's keys and values out (tx, tx + 512). */
void sdk_ms_shared(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const ms_shared_t *d = ms_block(p->data, t->bx);
    const uint64_t dk = p->arr[0], dv = p->arr[1], sk = p->arr[2], sv = p->arr[3], shk = p->shmem, shv = shk + 4 * MS_SHARED;
    const uint64_t tx = t->tx, g = (uint64_t)t->bx * MS_SHARED + tx, h = MS_SHARED / 2;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rg = IMAD(t, rbx, NOREG, rtx);
    STS(t, EL(shk, tx), rtx, LDG(t, EL(sk, g), rg));
    STS(t, EL(shv, tx), rtx, LDG(t, EL(sv, g), rg));
    STS(t, EL(shk, tx + h), rtx, LDG(t, EL(sk, g + h), rg));
    STS(t, EL(shv, tx + h), rtx, LDG(t, EL(sv, g + h), rg));
    uint32_t probe[40];
    unsigned np;
    for (unsigned k = 0; k < 10; k++) {
        const uint32_t st = 1u << k, lpos = (uint32_t)tx & (st - 1), b = 2 * ((uint32_t)tx - lpos);
        const uint32_t *key = d->lev[k];
        reg_t rb = IMAD(t, rtx, NOREG, NOREG);
        BAR(t);
        reg_t ka = LDS(t, EL(shk, b + lpos), rb), va = LDS(t, EL(shv, b + lpos), rb);
        reg_t kb = LDS(t, EL(shk, b + lpos + st), rb), vb = LDS(t, EL(shv, b + lpos + st), rb);
        uint32_t pa = ms_search(key[b + lpos], key + b + st, st, st, 0, probe, &np) + lpos;
        MS_PROBES(t, 1, shk + 4 * (b + st), probe, np, rb);
        reg_t ra = IADD(t, ka, rb);   /* posA */
        uint32_t pb = ms_search(key[b + lpos + st], key + b, st, st, 1, probe, &np) + lpos;
        MS_PROBES(t, 1, shk + 4 * b, probe, np, rb);
        reg_t rb2 = IADD(t, kb, rb);   /* posB */
        BAR(t);
        STS(t, EL(shk, b + pa), ra, ka);
        STS(t, EL(shv, b + pa), ra, va);
        STS(t, EL(shk, b + pb), rb2, kb);
        STS(t, EL(shv, b + pb), rb2, vb);
        LOOP(t, rb);
    }
    BAR(t);
    STG(t, EL(dk, g), rg, LDS(t, EL(shk, tx), rtx));
    STG(t, EL(dv, g), rg, LDS(t, EL(shv, tx), rtx));
    STG(t, EL(dk, g + h), rg, LDS(t, EL(shk, tx + h), rtx));
    STG(t, EL(dv, g + h), rg, LDS(t, EL(shv, tx + h), rtx));
    EXIT(t);
}

/* generateSampleRanksKernel<1>(d_RanksA, d_RanksB, d_SrcKey, stride, N, threadCount), 256
 * threads: pos = blockIdx.x 256 + tx; if (pos >= threadCount) return; i = pos & (S - 1) (S =
 * stride / 128 samples a half); the segment at (pos - i) 256 keys, its ranks at (pos - i) 2;
 * d_RanksA[i] = 128 i; d_RanksB[i] = binarySearchExclusive(key[128 i], key + stride, stride,
 * stride); d_RanksB[S + i] = 128 i; d_RanksA[S + i] = binarySearchInclusive(key[stride + 128 i],
 * key, stride, stride). */
void sdk_ms_ranks(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const ms_stage_t *d = p->data;
    const uint64_t s = d->s, S = s / MS_SAMPLE, pos = (uint64_t)t->bx * t->bdx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rp = IMAD(t, rbx, NOREG, rtx);
    GUARD(t, pos < d->n / (2 * MS_SAMPLE), rp);
    const uint64_t i = pos & (S - 1), base = (pos - i) * 2 * MS_SAMPLE, r = (pos - i) * 2;
    const uint64_t ra = EL(p->arr[0], r), rb = EL(p->arr[1], r), key = EL(p->arr[2], base);
    const uint32_t *A = d->key + base, *B = A + s;
    uint32_t probe[40];
    unsigned np;
    reg_t ri = IMAD(t, rp, NOREG, NOREG);
    STG(t, EL(ra, i), ri, ri);
    reg_t v = LDG(t, EL(key, MS_SAMPLE * i), ri);
    ms_search(A[MS_SAMPLE * i], B, (uint32_t)s, (uint32_t)s, 0, probe, &np);
    MS_PROBES(t, 0, key + 4 * s, probe, np, ri);
    STG(t, EL(rb, i), ri, IADD(t, v, ri));
    STG(t, EL(rb, S + i), ri, ri);
    reg_t u = LDG(t, EL(key, s + MS_SAMPLE * i), ri);
    ms_search(B[MS_SAMPLE * i], A, (uint32_t)s, (uint32_t)s, 1, probe, &np);
    MS_PROBES(t, 0, key, probe, np, ri);
    STG(t, EL(ra, S + i), ri, IADD(t, u, ri));
    EXIT(t);
}

/* mergeRanksAndIndicesKernel(d_Limits, d_Ranks, stride, N, threadCount), 256 threads: pos, i
 * as above, the segment's ranks and limits at (pos - i) 2; d_Limits[binarySearchExclusive(
 * d_Ranks[i], d_Ranks + S, S, S) + i] = d_Ranks[i]; d_Limits[binarySearchInclusive(d_Ranks[S +
 * i], d_Ranks, S, S) + i] = d_Ranks[S + i]. Run for A (d_LimitsA, d_RanksA), then for B. */
static void ms_limits(simt_t *t, int side)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const ms_stage_t *d = p->data;
    const uint64_t S = d->s / MS_SAMPLE, pos = (uint64_t)t->bx * t->bdx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rp = IMAD(t, rbx, NOREG, rtx);
    GUARD(t, pos < d->n / (2 * MS_SAMPLE), rp);
    const uint64_t i = pos & (S - 1), r = (pos - i) * 2;
    const uint64_t lim = EL(p->arr[0], r), rk = EL(p->arr[1], r);
    const uint32_t *R = d->ranks[side] + r;
    uint32_t probe[40];
    unsigned np;
    reg_t ri = IMAD(t, rp, NOREG, NOREG);
    reg_t v = LDG(t, EL(rk, i), ri);
    uint32_t at = ms_search(R[i], R + S, (uint32_t)S, (uint32_t)S, 0, probe, &np) + (uint32_t)i;
    MS_PROBES(t, 0, rk + 4 * S, probe, np, ri);
    STG(t, EL(lim, at), IADD(t, v, ri), v);
    reg_t u = LDG(t, EL(rk, S + i), ri);
    at = ms_search(R[S + i], R, (uint32_t)S, (uint32_t)S, 1, probe, &np) + (uint32_t)i;
    MS_PROBES(t, 0, rk, probe, np, ri);
    STG(t, EL(lim, at), IADD(t, u, ri), u);
    EXIT(t);
}

void sdk_ms_limits_a(simt_t *t) { ms_limits(t, 0); }
void sdk_ms_limits_b(simt_t *t) { ms_limits(t, 1); }

/* mergeElementaryIntervalsKernel<1>(d_DstKey, d_DstVal, d_SrcKey, d_SrcVal, d_LimitsA,
 * d_LimitsB, stride, N), 128 threads, block b: I = b & (2S - 1), the segment at (b - I) 128;
 * thread 0: startSrcA = d_LimitsA[b], startSrcB = d_LimitsB[b], their ends d_LimitsA[b + 1],
 * d_LimitsB[b + 1] (or stride, the last interval), lenSrcA, lenSrcB, startDstA = startSrcA +
 * startSrcB, startDstB = startDstA + lenSrcA to shared scalars; sync; tx < lenSrcA: s_key[tx] =
 * key[startSrcA + tx], s_val; tx < lenSrcB: s_key[128 + tx] = key[stride + startSrcB + tx],
 * s_val; sync; merge(): tx < lenA: keyA = s_key[tx], valA, dstPosA = binarySearchExclusive(keyA,
 * s_key + 128, lenB, 128) + tx; tx < lenB: keyB = s_key[128 + tx], valB, dstPosB =
 * binarySearchInclusive(keyB, s_key, lenA, 128) + tx; sync; the two stores; sync; tx < lenA:
 * d_DstKey[startDstA + tx] = s_key[tx], d_DstVal; tx < lenB: d_DstKey[startDstB + tx] =
 * s_key[lenA + tx], d_DstVal. Shared: s_key[256], s_val[256], then the six scalars. */
void sdk_ms_intervals(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const ms_stage_t *d = p->data;
    const uint64_t s = d->s, S = s / MS_SAMPLE, b = t->bx, I = b & (2 * S - 1), seg = (b - I) * MS_SAMPLE;
    const uint64_t dk = EL(p->arr[0], seg), dv = EL(p->arr[1], seg), sk = EL(p->arr[2], seg), sv = EL(p->arr[3], seg);
    const uint64_t la = p->arr[4], lb = p->arr[5], shk = p->shmem, shv = shk + 4 * 2 * MS_SAMPLE, sc = shv + 4 * 2 * MS_SAMPLE;
    const uint32_t *LA = d->limits[0], *LB = d->limits[1];
    const uint32_t a0 = LA[b], b0 = LB[b];
    const uint32_t a1 = I + 1 < 2 * S ? LA[b + 1] : (uint32_t)s, b1 = I + 1 < 2 * S ? LB[b + 1] : (uint32_t)s;
    const uint32_t lenA = a1 - a0, lenB = b1 - b0, tx = t->tx;
    const uint32_t *A = d->key + seg + a0, *B = d->key + seg + s + b0;
    reg_t rtx = S2R(t), rbx = S2R(t);
    BRANCH(t, rtx);   /* threadIdx.x == 0 */
    if (tx == 0) {   /* the scalars: startSrcA, startSrcB, lenSrcA, lenSrcB, startDstA, startDstB */
        reg_t x = LDG(t, EL(la, b), rbx), y = LDG(t, EL(lb, b), rbx);
        STS(t, sc, rtx, x);
        STS(t, sc + 4, rtx, y);
        STS(t, sc + 16, rtx, IADD(t, x, y));
        BRANCH(t, rbx);   /* the segment's last interval? (each path its own code: a site's
                             operands do not depend on the path) */
        if (I + 1 < 2 * S) {
            reg_t x1 = LDG(t, EL(la, b + 1), rbx), y1 = LDG(t, EL(lb, b + 1), rbx);
            STS(t, sc + 8, rtx, IADD(t, x1, x));
            STS(t, sc + 12, rtx, IADD(t, y1, y));
            STS(t, sc + 20, rtx, IADD(t, x1, y));
        } else {   /* the ends are the stride */
            STS(t, sc + 8, rtx, IADD(t, x, NOREG));
            STS(t, sc + 12, rtx, IADD(t, y, NOREG));
            STS(t, sc + 20, rtx, IADD(t, y, NOREG));
        }
    }
    BAR(t);
    reg_t sa = LDS(t, sc, rtx), sb = LDS(t, sc + 4, rtx), na = LDS(t, sc + 8, rtx), nb = LDS(t, sc + 12, rtx);
    reg_t ra = IADD(t, sa, rtx), rb = IADD(t, sb, rtx);
    BRANCH(t, na);
    if (tx < lenA) {
        STS(t, EL(shk, tx), rtx, LDG(t, EL(sk, a0 + tx), ra));
        STS(t, EL(shv, tx), rtx, LDG(t, EL(sv, a0 + tx), ra));
    }
    BRANCH(t, nb);
    if (tx < lenB) {
        STS(t, EL(shk, MS_SAMPLE + tx), rtx, LDG(t, EL(sk, s + b0 + tx), rb));
        STS(t, EL(shv, MS_SAMPLE + tx), rtx, LDG(t, EL(sv, s + b0 + tx), rb));
    }
    BAR(t);
    uint32_t probe[40], pa = 0, pb = 0;
    unsigned np;
    reg_t ka = NOREG, va = NOREG, kb = NOREG, vb = NOREG, qa = NOREG, qb = NOREG;
    BRANCH(t, na);
    if (tx < lenA) {
        ka = LDS(t, EL(shk, tx), rtx);
        va = LDS(t, EL(shv, tx), rtx);
        pa = ms_search(A[tx], B, lenB, MS_SAMPLE, 0, probe, &np) + tx;
        BRANCH(t, nb);   /* binarySearch's L == 0 */
        MS_PROBES(t, 1, shk + 4 * MS_SAMPLE, probe, np, rtx);
        qa = IADD(t, ka, rtx);   /* dstPosA */
    }
    BRANCH(t, na);
    if (tx < lenB) {
        kb = LDS(t, EL(shk, MS_SAMPLE + tx), rtx);
        vb = LDS(t, EL(shv, MS_SAMPLE + tx), rtx);
        pb = ms_search(B[tx], A, lenA, MS_SAMPLE, 1, probe, &np) + tx;
        BRANCH(t, na);
        MS_PROBES(t, 1, shk, probe, np, rtx);
        qb = IADD(t, kb, rtx);   /* dstPosB */
    }
    BAR(t);
    BRANCH(t, na);
    if (tx < lenA) {
        STS(t, EL(shk, pa), qa, ka);
        STS(t, EL(shv, pa), qa, va);
    }
    BRANCH(t, nb);
    if (tx < lenB) {
        STS(t, EL(shk, pb), qb, kb);
        STS(t, EL(shv, pb), qb, vb);
    }
    BAR(t);
    BRANCH(t, na);
    if (tx < lenA) {
        reg_t o = IADD(t, LDS(t, sc + 16, rtx), rtx);   /* startDstA */
        STG(t, EL(dk, a0 + b0 + tx), o, LDS(t, EL(shk, tx), rtx));
        STG(t, EL(dv, a0 + b0 + tx), o, LDS(t, EL(shv, tx), rtx));
    }
    BRANCH(t, nb);
    if (tx < lenB) {
        reg_t o = IADD(t, LDS(t, sc + 20, rtx), rtx);   /* startDstB */
        STG(t, EL(dk, a0 + b0 + lenA + tx), o, LDS(t, EL(shk, lenA + tx), rtx));
        STG(t, EL(dv, a0 + b0 + lenA + tx), o, LDS(t, EL(shv, lenA + tx), rtx));
    }
    EXIT(t);
}

/* ---- histogram ---------------------------------------------------------------------------------- */

/* The input main.cpp makes: srand(2009); h_Data[i] = rand() % 256; the
 * generator's state kept at every chunk's start (one pass: 64 M rand()s). */
int hg_bytes(hg_input_t *in, uint64_t n, unsigned nslot)
{
    memset(in, 0, sizeof *in);
    in->n = n;
    const uint64_t chunks = (n + HG_CHUNK - 1) / HG_CHUNK;
    if (!nslot) {
        nslot = 64;
        while (nslot < chunks / 32 && nslot < (1u << 30))
            nslot *= 2;
    }
    assert((nslot & (nslot - 1)) == 0);
    in->nslot = nslot;
    in->ring = malloc((chunks ? chunks : 1) * HG_RING * sizeof *in->ring);
    in->cache = malloc((size_t)nslot * HG_CHUNK);
    in->tag = calloc(nslot, sizeof *in->tag);
    if (!in->ring || !in->cache || !in->tag) {
        hg_input_free(in);
        return -1;
    }
    sdk_rand_t g;
    sdk_srand(&g, 2009);
    for (uint64_t c = 0; c < chunks; c++) {
        for (unsigned i = 0; i < HG_RING; i++)   /* r[k - 34 .. k - 1], oldest first */
            in->ring[c * HG_RING + i] = g.ring[(g.k + i) % HG_RING];
        for (unsigned i = 0; i < HG_CHUNK; i++)
            (void)sdk_rand(&g);
    }
    return 0;
}

void hg_input_free(hg_input_t *in)
{
    free(in->ring);
    free(in->cache);
    free(in->tag);
    in->ring = NULL, in->cache = NULL, in->tag = NULL;
}

/* Chunk c into its slot: the generator restarted from its kept state. */
static const uint8_t *hg_chunk(hg_input_t *in, uint64_t c)
{
    const unsigned slot = (unsigned)(c & (in->nslot - 1));
    uint8_t *b = in->cache + (size_t)slot * HG_CHUNK;
    if (in->tag[slot] == c + 1)
        return b;
    sdk_rand_t g;
    for (unsigned i = 0; i < HG_RING; i++)
        g.ring[i] = in->ring[c * HG_RING + i];
    g.k = HG_RING;   /* (only k mod HG_RING matters: the ring as kept starts at r[k - 34]) */
    const uint64_t len = in->n - c * HG_CHUNK < HG_CHUNK ? in->n - c * HG_CHUNK : HG_CHUNK;
    for (uint64_t i = 0; i < len; i++)
        b[i] = (uint8_t)(sdk_rand(&g) % 256);
    in->tag[slot] = c + 1;
    in->made++;
    return b;
}

/* hg_at's slow path: the chunk made, or a window across two put together in span. */
const uint8_t *hg_fill(hg_input_t *in, uint64_t off, unsigned len)
{
    assert(len <= HG_SPAN && off + len <= in->n);
    if (!len)
        return in->span;   /* nothing to read (no chunk at off when off == n) */
    const uint64_t c = off / HG_CHUNK;
    if ((off + len - 1) / HG_CHUNK == c)
        return hg_chunk(in, c) + off % HG_CHUNK;
    unsigned done = 0;
    while (done < len) {
        const uint64_t at = off + done, k = at / HG_CHUNK;
        unsigned part = (unsigned)(HG_CHUNK - at % HG_CHUNK);
        part = part < len - done ? part : len - done;
        memcpy(in->span + done, hg_chunk(in, k) + at % HG_CHUNK, part);
        done += part;
    }
    return in->span;
}

/* histogram64Kernel's addByte of byte value b: its top six bits are the bin (data >> 8k + 2 &
 * 63), and s_ThreadBase[bin * 64]++ is a byte load, an add and a byte store at the thread's
 * counter of that bin (`mine`: s_Hist + threadPos). */
#define HG64_BYTE(t, v, b, mine, rtp)                                                              \
    do {                                                                                           \
        const uint64_t a_ = (mine) + (uint64_t)HG64_THREADS * ((b) >> 2);                          \
        reg_t ra_ = IMAD(t, ALU(t, "BFE.U32", v, NOREG, NOREG), NOREG, rtp);                       \
        reg_t c_ = LDS8(t, a_, ra_);                                                               \
        STS8(t, a_, ra_, IADD(t, c_, NOREG));                                                      \
    } while (0)
/* addWord: the word's four bytes, low byte first (the source inlines all 16 of a uint4: each is
 * its own code) */
#define HG64_WORD(t, v, b, mine, rtp)                                                              \
    do {                                                                                           \
        HG64_BYTE(t, v, (b)[0], mine, rtp);                                                        \
        HG64_BYTE(t, v, (b)[1], mine, rtp);                                                        \
        HG64_BYTE(t, v, (b)[2], mine, rtp);                                                        \
        HG64_BYTE(t, v, (b)[3], mine, rtp);                                                        \
    } while (0)

/* histogram64Kernel(d_PartialHistograms, d_Data as uint4, dataCount = byteCount / 16), 64
 * threads: threadPos = (tid & ~63) | (tid & 15) << 2 | (tid & 48) >> 4 (16 threads' counters in
 * 16 banks, four threads a word); s_Hist = uchar[64 bins][64 threads]; zeroed as 16 words a
 * thread ((uint *)s_Hist)[tid + 64 i]; sync; for (pos = blockIdx.x 64 + tid; pos < dataCount;
 * pos += 64 gridDim.x) { data = d_Data[pos]; addWord of data.x, .y, .z, .w }; sync; if (tid <
 * 64) { the 64 counters of bin tid, s_Hist[64 tid + q], four at a time from q = 4 (tid & 15),
 * rotating mod 64; d_PartialHistograms[blockIdx.x 64 + tid] = their sum }. */
void sdk_hg64(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const hg_input_t *in = p->data;
    const uint64_t part = p->arr[0], data = p->arr[1], sh = p->shmem, tid = t->tx, count = p->n / 16;
    const uint64_t mine = sh + ((tid & ~63ull) | (tid & 15) << 2 | (tid & 48) >> 4);
    const uint64_t step = (uint64_t)t->bdx * t->gdx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rtp = ALU(t, "LOP.OR", rtx, NOREG, NOREG);   /* threadPos */
    STS(t, EL(sh, tid), rtx, RZ_);
    STS(t, EL(sh, tid + 1 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 2 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 3 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 4 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 5 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 6 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 7 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 8 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 9 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 10 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 11 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 12 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 13 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 14 * HG64_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 15 * HG64_THREADS), rtx, RZ_);
    BAR(t);
    reg_t rp = IMAD(t, rbx, NOREG, rtx);
    BRANCH(t, rp);   /* the loop's entry test */
    for (uint64_t pos = (uint64_t)t->bx * t->bdx + tid; pos < count; pos += step) {
        reg_t v = LDG128(t, data + 16 * pos, rp);
        const uint8_t *b = hg_at(in, 16 * pos, 16);
        HG64_WORD(t, v, b, mine, rtp);
        HG64_WORD(t, v, b + 4, mine, rtp);
        HG64_WORD(t, v, b + 8, mine, rtp);
        HG64_WORD(t, v, b + 12, mine, rtp);
        LOOP(t, IADD(t, rp, NOREG));
    }
    BAR(t);
    BRANCH(t, rtx);   /* tid < 64: every thread of a 64-thread block */
    if (tid < HG64_BINS) {
        const uint64_t base = sh + HG64_THREADS * tid;
        reg_t rb = IMAD(t, rtx, NOREG, NOREG), sum = MOV(t, NOREG);
        uint64_t q = 4 * (tid & 15);
        /* unrolled in the source (16 x 4 loads); here one copy of its code run 16 times, all
         * lanes alike (its 128 sites would pass SIMT_MAX_SITES) */
        for (unsigned i = 0; i < HG64_THREADS / 4; i++) {
            reg_t x0 = LDS8(t, base + q, rb), x1 = LDS8(t, base + q + 1, rb);
            reg_t x2 = LDS8(t, base + q + 2, rb), x3 = LDS8(t, base + q + 3, rb);
            reg_t s01 = IADD(t, x0, x1), s23 = IADD(t, x2, x3);
            sum = IADD(t, sum, IADD(t, s01, s23));
            q = (q + 4) & (HG64_THREADS - 1);
        }
        STG(t, EL(part, (uint64_t)t->bx * HG64_BINS + tid), rb, sum);
    }
    EXIT(t);
}

/* One step of the merge kernels' tree (unrolled in the source: each step its own code):
 * sync; if (tid < s) data[tid] += data[tid + s]. */
#define HG_MERGE_STEP(t, sh, tid, s, rtx)                                                          \
    do {                                                                                           \
        BAR(t);                                                                                    \
        BRANCH(t, rtx);                                                                            \
        if ((tid) < (s)) {                                                                         \
            reg_t a_ = LDS(t, EL(sh, tid), rtx), b_ = LDS(t, EL(sh, (tid) + (s)), rtx);             \
            STS(t, EL(sh, tid), rtx, IADD(t, a_, b_));                                             \
        }                                                                                          \
    } while (0)

/* mergeHistogram64Kernel and mergeHistogram256Kernel(d_Histogram, d_PartialHistograms,
 * histogramCount), 256 threads, block b = bin b: sum = d_PartialHistograms[b + bins i] over i =
 * tid, tid + 256, .. < histogramCount; data[tid] = sum (shared uint[256]); for (stride = 128; stride
 * > 0; stride >>= 1) { sync; if (tid < stride) data[tid] += data[tid + stride]; } if (tid == 0)
 * d_Histogram[b] = data[0]. */
static void hg_merge(simt_t *t, unsigned bins)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t hist = p->arr[0], part = p->arr[1], sh = p->shmem, tid = t->tx, b = t->bx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rtx, NOREG, rbx), sum = MOV(t, NOREG);
    BRANCH(t, ri);   /* the loop's entry test */
    for (uint64_t i = tid; i < p->p; i += HG_MERGE_THREADS) {
        IADD(t, sum, LDG(t, EL(part, b + i * bins), ri));
        LOOP(t, ri);
    }
    STS(t, EL(sh, tid), rtx, sum);   /* the sum's register before the loop: a thread may make no trip */
    HG_MERGE_STEP(t, sh, tid, 128, rtx);
    HG_MERGE_STEP(t, sh, tid, 64, rtx);
    HG_MERGE_STEP(t, sh, tid, 32, rtx);
    HG_MERGE_STEP(t, sh, tid, 16, rtx);
    HG_MERGE_STEP(t, sh, tid, 8, rtx);
    HG_MERGE_STEP(t, sh, tid, 4, rtx);
    HG_MERGE_STEP(t, sh, tid, 2, rtx);
    HG_MERGE_STEP(t, sh, tid, 1, rtx);
    BRANCH(t, rtx);   /* tid == 0 */
    if (tid == 0)
        STG(t, EL(hist, b), rbx, LDS(t, sh, rtx));
    EXIT(t);
}

void sdk_hg64_merge(simt_t *t) { hg_merge(t, HG64_BINS); }
void sdk_hg256_merge(simt_t *t) { hg_merge(t, HG256_BINS); }

/* The rounds of histogram256Kernel's tag-and-retry loop that a lane makes for byte k of its word,
 * w the bytes of that word and of the nw - 1 after it (the lanes above it). The warp's lanes hold consecutive words (those at or beyond dataCount are not in the loop)
 * and store their tagged counts one lane after the other (GPGPU-Sim runs a warp instruction's
 * lanes in lane order), so of the lanes with one bin the highest one's store stays and the rest
 * read back another's tag and go round again: a lane is done after 1 + (the active lanes above
 * it with its byte value) rounds. */
static unsigned hg256_rounds(const uint8_t *w, unsigned nw, unsigned k)
{
    unsigned r = 1;
    for (unsigned q = 1; q < nw; q++)
        r += w[4 * q + k] == w[k];
    return r;
}

/* addByte(s_WarpHist, byte k of the word, tag), SDK 4.2's (volatile s_WarpHist): do { count =
 * s_WarpHist[bin] & TAG_MASK; count = tag | count + 1; s_WarpHist[bin] = count; } while
 * (s_WarpHist[bin] != count). Each of a word's four is its own code (inlined). w: the bytes of
 * the lane's word and the nw - 1 after it that lanes above it read. */
#define HG256_BYTE(t, w, nw, k, wh, v, tag, rwh)                                                   \
    do {                                                                                           \
        const uint64_t a_ = EL(wh, (w)[k]);                                                        \
        reg_t ra_ = IMAD(t, ALU(t, "BFE.U32", v, NOREG, NOREG), NOREG, rwh);                       \
        for (unsigned r_ = hg256_rounds(w, nw, k); r_ > 0; r_--) {                                \
            reg_t c_ = ALU(t, "LOP.AND", LDS(t, a_, ra_), NOREG, NOREG);                           \
            c_ = ALU(t, "LOP.OR", IADD(t, c_, NOREG), tag, NOREG);                                 \
            STS(t, a_, ra_, c_);                                                                   \
            LOOP(t, LDS(t, a_, ra_));                                                              \
        }                                                                                          \
    } while (0)

/* The merge into a block's partial histogram: sum = the six warps' counts of the bin (each &
 * TAG_MASK); unrolled, each its own code. */
#define HG256_WARP(t, sh, bin, i, rtx, sum)                                                        \
    sum = IADD(t, sum, ALU(t, "LOP.AND", LDS(t, EL(sh, (bin) + HG256_BINS * (i)), rtx), NOREG, NOREG))

/* histogram256Kernel(d_PartialHistograms, d_Data as uint, dataCount = byteCount / 4), 240 x 192
 * threads: s_Hist = uint[6 warps][256 bins], s_WarpHist = the thread's warp's; zeroed as 8 words
 * a thread s_Hist[tid + 192 i]; tag = tid << 27; sync; for (pos = blockIdx.x 192 + tid; pos <
 * dataCount; pos += 192 gridDim.x) addWord(s_WarpHist, d_Data[pos], tag): addByte of its bytes,
 * low first; sync; for (bin = tid; bin < 256; bin += 192) d_PartialHistograms[blockIdx.x 256 +
 * bin] = the sum of s_Hist[bin + 256 i] & TAG_MASK, i = 0 .. 5. */
void sdk_hg256(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const hg_input_t *in = p->data;
    const uint64_t part = p->arr[0], data = p->arr[1], sh = p->shmem, tid = t->tx, count = p->n / 4;
    const uint64_t wh = EL(sh, tid / WARP_SIZE * HG256_BINS), step = (uint64_t)t->bdx * t->gdx;
    const unsigned lane = (unsigned)(tid % WARP_SIZE);
    reg_t rtx = S2R(t), rbx = S2R(t);
    STS(t, EL(sh, tid), rtx, RZ_);
    STS(t, EL(sh, tid + 1 * HG256_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 2 * HG256_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 3 * HG256_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 4 * HG256_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 5 * HG256_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 6 * HG256_THREADS), rtx, RZ_);
    STS(t, EL(sh, tid + 7 * HG256_THREADS), rtx, RZ_);
    reg_t tag = ALU(t, "SHL", rtx, NOREG, NOREG);
    reg_t rwh = IMAD(t, rtx, NOREG, NOREG);   /* s_WarpHist */
    BAR(t);
    reg_t rp = IMAD(t, rbx, NOREG, rtx);
    BRANCH(t, rp);   /* the loop's entry test */
    for (uint64_t pos = (uint64_t)t->bx * t->bdx + tid; pos < count; pos += step) {
        reg_t v = LDG(t, EL(data, pos), rp);
        const unsigned nw = (unsigned)(count - pos < WARP_SIZE - lane ? count - pos : WARP_SIZE - lane);
        const uint8_t *w = hg_at(in, 4 * pos, 4 * nw);   /* words pos .. pos + nw - 1 */
        HG256_BYTE(t, w, nw, 0, wh, v, tag, rwh);
        HG256_BYTE(t, w, nw, 1, wh, v, tag, rwh);
        HG256_BYTE(t, w, nw, 2, wh, v, tag, rwh);
        HG256_BYTE(t, w, nw, 3, wh, v, tag, rwh);
        LOOP(t, IADD(t, rp, NOREG));
    }
    BAR(t);
    BRANCH(t, rtx);   /* the bin loop's entry test */
    for (uint64_t bin = tid; bin < HG256_BINS; bin += t->bdx) {
        reg_t sum = ALU(t, "LOP.AND", LDS(t, EL(sh, bin), rtx), NOREG, NOREG);
        HG256_WARP(t, sh, bin, 1, rtx, sum);
        HG256_WARP(t, sh, bin, 2, rtx, sum);
        HG256_WARP(t, sh, bin, 3, rtx, sum);
        HG256_WARP(t, sh, bin, 4, rtx, sum);
        HG256_WARP(t, sh, bin, 5, rtx, sum);
        STG(t, EL(part, (uint64_t)t->bx * HG256_BINS + bin), rtx, sum);
        LOOP(t, IADD(t, rtx, NOREG));
    }
    EXIT(t);
}

/* ---- convolutionSeparable ----------------------------------------------------------------------- */

/* One output of either kernel: sum over j = -8 .. 8 of c_Kernel[8 - j] s[j], s the output's
 * element of s_Data (the taps, in constant memory, are FFMA operands: no instruction of their
 * own); the 17 taps unrolled, each its own code. */
#define CS_TAP(t, s, j, rs, sum) sum = FFMA(t, LDS(t, (s) + 4 * (int64_t)(j), rs), NOREG, sum)
#define CS_TAP4(t, s, j, rs, sum)                                                                  \
    do {                                                                                           \
        CS_TAP(t, s, j, rs, sum);                                                                  \
        CS_TAP(t, s, (j) + 1, rs, sum);                                                            \
        CS_TAP(t, s, (j) + 2, rs, sum);                                                            \
        CS_TAP(t, s, (j) + 3, rs, sum);                                                            \
    } while (0)
#define CS_OUTPUT(t, s, rs, sum)                                                                   \
    do {                                                                                           \
        sum = FMUL(t, LDS(t, (s) - 4 * CS_RADIUS, rs), NOREG);                                     \
        CS_TAP4(t, s, -7, rs, sum);                                                                \
        CS_TAP4(t, s, -3, rs, sum);                                                                \
        CS_TAP4(t, s, 1, rs, sum);                                                                 \
        CS_TAP4(t, s, 5, rs, sum);                                                                 \
    } while (0)
/* main data step i (unrolled, each its own code): s_Data[..] + ds i = Src[dg i] */
#define CS_MAIN(t, s, ds, src, dg, i, rs, rb) STS(t, (s) + (ds) * (i), rs, LDG(t, (src) + (dg) * (i), rb))

/* convolutionRowsKernel(d_Dst, d_Src, imageW, imageH, pitch), 16 x 4 threads: baseX = (blockIdx.x
 * 8 - 1) 16 + tx, baseY = blockIdx.y 4 + ty; Src and Dst from baseY pitch + baseX on; s_Data[ty][tx
 * + 16 i] = Src[16 i] for i = 1 .. 8; the left halo s_Data[ty][tx] = baseX >= 0 ? Src[0] : 0; the
 * right one s_Data[ty][tx + 144] = imageW - baseX > 144 ? Src[144] : 0; sync; for i = 1 .. 8:
 * Dst[16 i] = the sum over j = -8 .. 8 of c_Kernel[8 - j] s_Data[ty][tx + 16 i + j]. */
void sdk_cs_rows(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const int64_t w = (int64_t)p->n, x = ((int64_t)t->bx * CS_STEPS - 1) * CS_ROWS_X + t->tx;   /* baseX */
    const int64_t y = (int64_t)t->by * CS_ROWS_Y + t->ty;                                       /* baseY */
    const uint64_t dst = p->arr[0] + 4 * (uint64_t)(y * w + x), src = p->arr[1] + 4 * (uint64_t)(y * w + x);
    const uint64_t s = p->shmem + 4 * ((uint64_t)t->ty * (CS_STEPS + 2) * CS_ROWS_X + t->tx);   /* &s_Data[ty][tx] */
    const uint64_t d = 4 * CS_ROWS_X, right = (CS_STEPS + 1) * d;
    reg_t rtx = S2R(t), rty = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rx = IMAD(t, rbx, NOREG, rtx), ry = IMAD(t, rby, NOREG, rty);
    reg_t rb = IMAD(t, ry, NOREG, rx);     /* Src, Dst + baseY pitch + baseX */
    reg_t rs = IMAD(t, rty, NOREG, rtx);   /* &s_Data[ty][tx] */
    CS_MAIN(t, s, d, src, d, 1, rs, rb);
    CS_MAIN(t, s, d, src, d, 2, rs, rb);
    CS_MAIN(t, s, d, src, d, 3, rs, rb);
    CS_MAIN(t, s, d, src, d, 4, rs, rb);
    CS_MAIN(t, s, d, src, d, 5, rs, rb);
    CS_MAIN(t, s, d, src, d, 6, rs, rb);
    CS_MAIN(t, s, d, src, d, 7, rs, rb);
    CS_MAIN(t, s, d, src, d, 8, rs, rb);
    BRANCH(t, rx);   /* the left halo: all but the first column of blocks */
    if (x >= 0)
        STS(t, s, rs, LDG(t, src, rb));
    else
        STS(t, s, rs, RZ_);
    BRANCH(t, rx);   /* the right halo: all but the last column of blocks */
    if (w - x > (CS_STEPS + 1) * CS_ROWS_X)
        STS(t, s + right, rs, LDG(t, src + right, rb));
    else
        STS(t, s + right, rs, RZ_);
    BAR(t);
    /* unrolled in the source; here one copy of an output's code run 8 times, all lanes alike
     * (8 x 35 sites would pass SIMT_MAX_SITES) */
    for (unsigned i = 1; i <= CS_STEPS; i++) {
        reg_t sum;
        CS_OUTPUT(t, s + d * i, rs, sum);
        STG(t, dst + d * i, rb, sum);
    }
    EXIT(t);
}

/* convolutionColumnsKernel(d_Dst, d_Src, imageW, imageH, pitch), 16 x 8 threads: baseX =
 * blockIdx.x 16 + tx, baseY = (blockIdx.y 8 - 1) 8 + ty; Src and Dst from baseY pitch + baseX on;
 * s_Data[tx][ty + 8 i] = Src[8 i pitch] for i = 1 .. 8 (s_Data[16][81]: its rows padded); the
 * upper halo s_Data[tx][ty] = baseY >= 0 ? Src[0] : 0; the lower one s_Data[tx][ty + 72] =
 * imageH - baseY > 72 ? Src[72 pitch] : 0; sync; for i = 1 .. 8: Dst[8 i pitch] = the sum over
 * j = -8 .. 8 of c_Kernel[8 - j] s_Data[tx][ty + 8 i + j]. */
void sdk_cs_cols(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const int64_t w = (int64_t)p->n, x = (int64_t)t->bx * CS_COLS_X + t->tx;          /* baseX */
    const int64_t y = ((int64_t)t->by * CS_STEPS - 1) * CS_COLS_Y + t->ty;               /* baseY */
    const uint64_t dst = p->arr[0] + 4 * (uint64_t)(y * w + x), src = p->arr[1] + 4 * (uint64_t)(y * w + x);
    /* &s_Data[tx][ty] */
    const uint64_t s = p->shmem + 4 * ((uint64_t)t->tx * ((CS_STEPS + 2) * CS_COLS_Y + 1) + t->ty);
    const uint64_t ds = 4 * CS_COLS_Y, dg = 4 * CS_COLS_Y * (uint64_t)w;
    reg_t rtx = S2R(t), rty = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rx = IMAD(t, rbx, NOREG, rtx), ry = IMAD(t, rby, NOREG, rty);
    reg_t rb = IMAD(t, ry, NOREG, rx);     /* Src, Dst + baseY pitch + baseX */
    reg_t rs = IMAD(t, rtx, NOREG, rty);   /* &s_Data[tx][ty] */
    CS_MAIN(t, s, ds, src, dg, 1, rs, rb);
    CS_MAIN(t, s, ds, src, dg, 2, rs, rb);
    CS_MAIN(t, s, ds, src, dg, 3, rs, rb);
    CS_MAIN(t, s, ds, src, dg, 4, rs, rb);
    CS_MAIN(t, s, ds, src, dg, 5, rs, rb);
    CS_MAIN(t, s, ds, src, dg, 6, rs, rb);
    CS_MAIN(t, s, ds, src, dg, 7, rs, rb);
    CS_MAIN(t, s, ds, src, dg, 8, rs, rb);
    BRANCH(t, ry);   /* the upper halo: all but the first row of blocks */
    if (y >= 0)
        STS(t, s, rs, LDG(t, src, rb));
    else
        STS(t, s, rs, RZ_);
    BRANCH(t, ry);   /* the lower halo: all but the last row of blocks */
    if (w - y > (CS_STEPS + 1) * CS_COLS_Y)
        STS(t, s + (CS_STEPS + 1) * ds, rs, LDG(t, src + (CS_STEPS + 1) * dg, rb));
    else
        STS(t, s + (CS_STEPS + 1) * ds, rs, RZ_);
    BAR(t);
    /* unrolled in the source; here one copy of an output's code run 8 times, all lanes alike */
    for (unsigned i = 1; i <= CS_STEPS; i++) {
        reg_t sum;
        CS_OUTPUT(t, s + ds * i, rs, sum);
        STG(t, dst + dg * i, rb, sum);
    }
    EXIT(t);
}
