/* sdk.c - NVIDIA CUDA SDK kernels written per thread (sdk.h; simt.h):
 * each function is one thread of the kernel, its loads, stores, barriers
 * and loops in the source's order (simt_ops.h). The sources are the SDK
 * 4.2 samples (GPU Computing SDK 4.2.9); each kernel's comment restates
 * what it does in the source's terms. */
#include "workload/sdk.h"

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
