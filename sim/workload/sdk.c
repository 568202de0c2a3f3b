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
    reg_t rin = IMAD(t, rby, rty, IMAD(t, rbx, NOREG, rtx)), rout = IMAD(t, rbx, rty, IMAD(t, rby, NOREG, rtx));
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
    reg_t ri = IMAD(t, IMAD(t, rby, NOREG, rty), NOREG, IMAD(t, rbx, NOREG, rtx));
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
