/* rodinia.c - Rodinia 3.1 kernels (Che et al., IISWC 2009; the MRPB paper's
 * Table 3), written per thread after their CUDA sources (simt.h): each
 * function is one thread's execution of the kernel, its global and shared
 * accesses, barriers and data-dependent control flow where the source has
 * them. */
#include "workload/rodinia.h"

#include "workload/simt_ops.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EL(base, idx) ((base) + 4 * (uint64_t)(idx))   /* &base[idx], 4-byte elements */

/* pathfinder.cu, dynproc_kernel(iteration, gpuWall, gpuSrc, gpuResults, cols,
 * rows, startStep, border), BLOCK_SIZE 256 threads, HALO 1, one block per
 * "small block" of 256 - 2 iteration columns; iteration = MIN(pyramid_height,
 * rows - startStep - 1), border = pyramid_height. Shared: prev[256] at 0,
 * result[256] at 1024.
 *   xidx = small_block_cols * bx - border + tx;
 *   if (0 <= xidx < cols) prev[tx] = gpuSrc[xidx];  __syncthreads();
 *   for i < iteration:
 *     computed = tx in [i+1, BLOCK_SIZE-i-2] and valid;
 *     if computed: result[tx] = MIN(prev[W], prev[tx], prev[E]) + gpuWall[cols (startStep+i) + xidx];
 *     __syncthreads(); if (i == iteration-1) break;
 *     if computed: prev[tx] = result[tx];  __syncthreads();
 *   if computed: gpuResults[xidx] = result[tx]; */
void rd_pathfinder(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    int64_t cols = (int64_t)p->n, start = (int64_t)p->p;
    int64_t iteration = PF_ROWS - start - 1 < PF_PYRAMID ? PF_ROWS - start - 1 : PF_PYRAMID;
    int64_t tx = t->tx, small = PF_BLOCK - 2 * iteration;
    int64_t blkx = small * t->bx - PF_PYRAMID, blkxmax = blkx + PF_BLOCK - 1, xidx = blkx + tx;
    int64_t vmin = blkx < 0 ? -blkx : 0, vmax = blkxmax > cols - 1 ? PF_BLOCK - 1 - (blkxmax - cols + 1) : PF_BLOCK - 1;
    int64_t w = tx - 1 < vmin ? vmin : tx - 1, e = tx + 1 > vmax ? vmax : tx + 1;
    int valid = tx >= vmin && tx <= vmax;
    uint64_t prev = p->shmem, result = p->shmem + 4 * PF_BLOCK;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rx = IMAD(t, rbx, rtx, NOREG);
    reg_t rw = IMNMX(t, rtx, NOREG), re = IMNMX(t, rtx, NOREG);
    reg_t ps = IMAD(t, rtx, NOREG, NOREG);   /* &prev[tx] */
    BRANCH(t, rx);
    if (xidx >= 0 && xidx <= cols - 1) {
        reg_t v = LDG(t, EL(p->arr[0], xidx), rx);
        STS(t, EL(prev, tx), ps, v);
    }
    BAR(t);
    int computed = 0;
    for (int64_t i = 0; i < iteration; i++) {
        computed = 0;
        BRANCH(t, rtx);
        if (tx >= i + 1 && tx <= PF_BLOCK - i - 2 && valid) {
            computed = 1;
            reg_t l = LDS(t, EL(prev, w), rw), u = LDS(t, EL(prev, tx), ps), r = LDS(t, EL(prev, e), re);
            reg_t m = IMNMX(t, IMNMX(t, l, u), r);
            reg_t wall = LDG(t, EL(p->arr[2], cols * (start + i) + xidx), rx);
            STS(t, EL(result, tx), ps, IADD(t, m, wall));
        }
        BAR(t);
        BRANCH(t, NOREG);
        if (i == iteration - 1)
            break;
        if (computed)
            STS(t, EL(prev, tx), ps, LDS(t, EL(result, tx), ps));
        BAR(t);
        LOOP(t, NOREG);
    }
    BRANCH(t, NOREG);
    if (computed)
        STG(t, EL(p->arr[1], xidx), rx, LDS(t, EL(result, tx), ps));
    EXIT(t);
}

/* hotspot.cu, calculate_temp(iteration, power, temp_src, temp_dst, grid_cols,
 * grid_rows, border_cols, border_rows, ...), BLOCK_SIZE 16 x 16, small blocks
 * of 16 - 2 iteration cells, border = pyramid_height. Shared (floats):
 * temp_on_cuda[16][16] at 0, power_on_cuda at 1024, temp_t at 2048.
 *   index = grid_cols * yidx + xidx; if (yidx, xidx in the grid)
 *     { temp_on_cuda[ty][tx] = temp_src[index]; power_on_cuda[ty][tx] = power[index]; }  __syncthreads();
 *   for i < iteration: computed = (tx, ty in [i+1, 14-i] and valid);
 *     if computed: temp_t[ty][tx] = f(temp_on_cuda[ty][tx], power_on_cuda[ty][tx],
 *                                     temp_on_cuda[S][tx], [N][tx], [ty][E], [ty][W]);
 *     __syncthreads(); if (i == iteration-1) break;
 *     if computed: temp_on_cuda[ty][tx] = temp_t[ty][tx]; __syncthreads();
 *   if computed: temp_dst[index] = temp_t[ty][tx]; */
void rd_hotspot(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    int64_t n = (int64_t)p->n, iteration = (int64_t)p->p, tx = t->tx, ty = t->ty;
    int64_t small = HS_BLOCK - 2 * iteration;
    int64_t blky = small * t->by - HS_PYRAMID, blkx = small * t->bx - HS_PYRAMID;
    int64_t blkymax = blky + HS_BLOCK - 1, blkxmax = blkx + HS_BLOCK - 1;
    int64_t yidx = blky + ty, xidx = blkx + tx, index = n * yidx + xidx;
    int64_t vymin = blky < 0 ? -blky : 0, vymax = blkymax > n - 1 ? HS_BLOCK - 1 - (blkymax - n + 1) : HS_BLOCK - 1;
    int64_t vxmin = blkx < 0 ? -blkx : 0, vxmax = blkxmax > n - 1 ? HS_BLOCK - 1 - (blkxmax - n + 1) : HS_BLOCK - 1;
    int64_t N = ty - 1 < vymin ? vymin : ty - 1, S = ty + 1 > vymax ? vymax : ty + 1;
    int64_t W = tx - 1 < vxmin ? vxmin : tx - 1, E = tx + 1 > vxmax ? vxmax : tx + 1;
    uint64_t tc = p->shmem, pc = p->shmem + 4 * HS_BLOCK * HS_BLOCK, tt = p->shmem + 8 * HS_BLOCK * HS_BLOCK;
#define SH(base, y, x) ((base) + 4 * (uint64_t)((y) * HS_BLOCK + (x)))
    reg_t rtx = S2R(t), rty = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rx = IMAD(t, rbx, rtx, NOREG), ry = IMAD(t, rby, rty, NOREG);
    reg_t ri = IMAD(t, ry, NOREG, rx), ps = IMAD(t, rty, NOREG, rtx);   /* index; &[ty][tx] */
    reg_t rn = IMNMX(t, rty, NOREG), rs = IMNMX(t, rty, NOREG), rw = IMNMX(t, rtx, NOREG), re = IMNMX(t, rtx, NOREG);
    BRANCH(t, ri);
    if (yidx >= 0 && yidx <= n - 1 && xidx >= 0 && xidx <= n - 1) {
        STS(t, SH(tc, ty, tx), ps, LDG(t, EL(p->arr[0], index), ri));
        STS(t, SH(pc, ty, tx), ps, LDG(t, EL(p->arr[2], index), ri));
    }
    BAR(t);
    int computed = 0;
    for (int64_t i = 0; i < iteration; i++) {
        computed = 0;
        BRANCH(t, rtx);
        if (tx >= i + 1 && tx <= HS_BLOCK - i - 2 && ty >= i + 1 && ty <= HS_BLOCK - i - 2 && tx >= vxmin &&
            tx <= vxmax && ty >= vymin && ty <= vymax) {
            computed = 1;
            reg_t c = LDS(t, SH(tc, ty, tx), ps), pw = LDS(t, SH(pc, ty, tx), ps);
            reg_t vs = LDS(t, SH(tc, S, tx), rs), vn = LDS(t, SH(tc, N, tx), rn);
            reg_t ve = LDS(t, SH(tc, ty, E), re), vw = LDS(t, SH(tc, ty, W), rw);
            reg_t a = FFMA(t, FADD(t, vs, vn), NOREG, pw);
            reg_t b = FFMA(t, FADD(t, ve, vw), NOREG, a);
            reg_t d = FFMA(t, c, NOREG, b);
            STS(t, SH(tt, ty, tx), ps, FFMA(t, d, NOREG, c));
        }
        BAR(t);
        BRANCH(t, NOREG);
        if (i == iteration - 1)
            break;
        if (computed)
            STS(t, SH(tc, ty, tx), ps, LDS(t, SH(tt, ty, tx), ps));
        BAR(t);
        LOOP(t, NOREG);
    }
    BRANCH(t, NOREG);
    if (computed)
        STG(t, EL(p->arr[1], index), ri, LDS(t, SH(tt, ty, tx), ps));
#undef SH
    EXIT(t);
}

/* gaussian.cu, Fan1(m_cuda, a_cuda, Size, t), MAXBLOCKSIZE 512 threads:
 *   if (threadIdx.x + blockIdx.x * blockDim.x >= Size-1-t) return;
 *   m[Size (gid+t+1) + t] = a[Size (gid+t+1) + t] / a[Size t + t]; */
void rd_gaussian_fan1(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t n = p->n, s = p->p, m = p->arr[0], a = p->arr[1];
    uint64_t gid = (uint64_t)t->bx * t->bdx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rg = IMAD(t, rbx, rtx, NOREG);
    GUARD(t, gid < n - 1 - s, rg);
    reg_t pr = IMAD(t, rg, NOREG, NOREG);   /* row gid + t + 1 */
    reg_t num = LDG(t, EL(a, n * (gid + s + 1) + s), pr);
    reg_t den = LDG(t, EL(a, n * s + s), NOREG);
    reg_t q = ALU(t, "MUFU.RCP", den, NOREG, NOREG);
    STG(t, EL(m, n * (gid + s + 1) + s), pr, FMUL(t, num, q));
    EXIT(t);
}

/* gaussian.cu, Fan2(m_cuda, a_cuda, b_cuda, Size, j1, t), BLOCK_SIZE_XY 4 x 4:
 *   if (xidx >= Size-1-t) return; if (yidx >= Size-t) return;
 *   a[Size (xidx+1+t) + (yidx+t)] -= m[Size (xidx+1+t) + t] * a[Size t + (yidx+t)];
 *   if (yidx == 0) b[xidx+1+t] -= m[Size (xidx+1+t) + (yidx+t)] * b[t]; */
void rd_gaussian_fan2(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t n = p->n, s = p->p, m = p->arr[0], a = p->arr[1], b = p->arr[2];
    uint64_t x = (uint64_t)t->bx * t->bdx + t->tx, y = (uint64_t)t->by * t->bdy + t->ty;
    reg_t rtx = S2R(t), rbx = S2R(t), rty = S2R(t), rby = S2R(t);
    reg_t rx = IMAD(t, rbx, rtx, NOREG), ry = IMAD(t, rby, rty, NOREG);
    GUARD(t, x < n - 1 - s, rx);
    GUARD(t, y < n - s, ry);
    reg_t pa = IMAD(t, rx, NOREG, ry), pm = IMAD(t, rx, NOREG, NOREG), pt = IADD(t, ry, NOREG);
    reg_t vm = LDG(t, EL(m, n * (x + 1 + s) + s), pm);
    reg_t vt = LDG(t, EL(a, n * s + (y + s)), pt);
    reg_t va = LDG(t, EL(a, n * (x + 1 + s) + (y + s)), pa);
    STG(t, EL(a, n * (x + 1 + s) + (y + s)), pa, FFMA(t, vm, vt, va));
    BRANCH(t, ry);
    if (y == 0) {
        reg_t pb = IADD(t, rx, NOREG);
        reg_t vm2 = LDG(t, EL(m, n * (x + 1 + s) + (y + s)), pm);
        reg_t vbt = LDG(t, EL(b, s), NOREG);
        reg_t vb = LDG(t, EL(b, x + 1 + s), pb);
        STG(t, EL(b, x + 1 + s), pb, FFMA(t, vm2, vbt, vb));
    }
    EXIT(t);
}

/* needle_kernel.cu: both kernels fill one 16 x 16 tile of the score matrix
 * (cols = n + 1) from its north and west borders, in shared memory
 * (temp[17][17] ints at 0, ref[16][16] at 1156); they differ in the tile
 * (_1: b_index_x = bx, b_index_y = i - 1 - bx; _2: b_index_x = bx +
 * block_width - i, b_index_y = block_width - bx - 1) and in where the
 * north-west corner is loaded (_1 before the reference tile, _2 after it).
 *   base = cols 16 b_index_y + 16 b_index_x; index = base + tx + cols + 1;
 *   if (tx == 0) temp[0][0] = matrix[base];
 *   for ty < 16: ref[ty][tx] = referrence[index + cols ty];  __syncthreads();
 *   temp[tx+1][0] = matrix[base + cols + cols tx];            __syncthreads();
 *   temp[0][tx+1] = matrix[base + tx + 1];                     __syncthreads();
 *   for m = 0 .. 15:  if (tx <= m) temp[m-tx+1][tx+1] = max(nw + ref, w - p, n - p); __syncthreads();
 *   for m = 14 .. 0:  if (tx <= m) temp[16-tx][tx+16-m] = ...;                     __syncthreads();
 *   for ty < 16: matrix[index + ty cols] = temp[ty+1][tx+1]; */
static void nw_tile(simt_t *t, int64_t bxi, int64_t byi, int second)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t cols = p->n + 1, refr = p->arr[0], mat = p->arr[1], tx = t->tx;
    uint64_t base = cols * NW_BLOCK * (uint64_t)byi + NW_BLOCK * (uint64_t)bxi, index = base + tx + cols + 1;
    uint64_t temp = p->shmem, ref = p->shmem + 4 * (NW_BLOCK + 1) * (NW_BLOCK + 1);
#define TEMP(y, x) (temp + 4 * (uint64_t)((y) * (NW_BLOCK + 1) + (x)))
#define REF(y, x) (ref + 4 * (uint64_t)((y) * NW_BLOCK + (x)))
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx), pt = IMAD(t, rtx, NOREG, NOREG);
    if (!second) {
        BRANCH(t, rtx);
        if (tx == 0)
            STS(t, TEMP(0, 0), NOREG, LDG(t, EL(mat, base), ri));
    }
    for (uint64_t ty = 0; ty < NW_BLOCK; ty++) {
        STS(t, REF(ty, tx), pt, LDG(t, EL(refr, index + cols * ty), ri));
        LOOP(t, NOREG);
    }
    if (second) {
        BAR(t);
        BRANCH(t, rtx);
        if (tx == 0)
            STS(t, TEMP(0, 0), NOREG, LDG(t, EL(mat, base), ri));
    } else {
        BAR(t);
    }
    STS(t, TEMP(tx + 1, 0), pt, LDG(t, EL(mat, base + cols + cols * tx), ri));
    BAR(t);
    STS(t, TEMP(0, tx + 1), pt, LDG(t, EL(mat, base + tx + 1), ri));
    BAR(t);
    for (int64_t m = 0; m < NW_BLOCK; m++) {
        BRANCH(t, rtx);
        if ((int64_t)tx <= m) {
            uint64_t x = tx + 1, y = (uint64_t)m - tx + 1;
            reg_t a = LDS(t, TEMP(y - 1, x - 1), pt), b = LDS(t, REF(y - 1, x - 1), pt);
            reg_t w = LDS(t, TEMP(y, x - 1), pt), n = LDS(t, TEMP(y - 1, x), pt);
            STS(t, TEMP(y, x), pt, IMNMX(t, IMNMX(t, IADD(t, a, b), w), n));
        }
        BAR(t);
        LOOP(t, NOREG);
    }
    for (int64_t m = NW_BLOCK - 2; m >= 0; m--) {
        BRANCH(t, rtx);
        if ((int64_t)tx <= m) {
            uint64_t x = tx + NW_BLOCK - (uint64_t)m, y = NW_BLOCK - tx;
            reg_t a = LDS(t, TEMP(y - 1, x - 1), pt), b = LDS(t, REF(y - 1, x - 1), pt);
            reg_t w = LDS(t, TEMP(y, x - 1), pt), n = LDS(t, TEMP(y - 1, x), pt);
            STS(t, TEMP(y, x), pt, IMNMX(t, IMNMX(t, IADD(t, a, b), w), n));
        }
        BAR(t);
        LOOP(t, NOREG);
    }
    for (uint64_t ty = 0; ty < NW_BLOCK; ty++) {
        STG(t, EL(mat, index + ty * cols), ri, LDS(t, TEMP(ty + 1, tx + 1), pt));
        LOOP(t, NOREG);
    }
#undef TEMP
#undef REF
    EXIT(t);
}

void rd_nw1(simt_t *t)
{
    const simt_args_t *p = t->arg;
    nw_tile(t, t->bx, (int64_t)p->p - 1 - t->bx, 0);
}

void rd_nw2(simt_t *t)
{
    const simt_args_t *p = t->arg;
    int64_t bw = (int64_t)(p->n / NW_BLOCK);
    nw_tile(t, t->bx + bw - (int64_t)p->p, bw - t->bx - 1, 1);
}

/* backprop_cuda_kernel.cu, bpnn_layerforward_CUDA(input_cuda, output_hidden_cuda,
 * input_hidden_cuda, hidden_partial_sum, in, hid), 16 x 16 threads, block by:
 *   index = (hid+1) 16 by + (hid+1) ty + tx + 1 + (hid+1); index_in = 16 by + ty + 1;
 *   if (tx == 0) input_node[ty] = input_cuda[index_in];      __syncthreads();
 *   weight_matrix[ty][tx] = input_hidden_cuda[index];         __syncthreads();
 *   weight_matrix[ty][tx] *= input_node[ty];                  __syncthreads();
 *   for i = 1 .. log2(16): if (ty % 2^i == 0) weight_matrix[ty][tx] += weight_matrix[ty + 2^(i-1)][tx]; __syncthreads();
 *   input_hidden_cuda[index] = weight_matrix[ty][tx];         __syncthreads();
 *   if (tx == 0) hidden_partial_sum[by hid + ty] = weight_matrix[tx][ty];
 * Shared: input_node[16] at 0, weight_matrix[16][16] at 64. */
void rd_bp_layerforward(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t in = p->arr[0], ih = p->arr[2], ps = p->arr[3], tx = t->tx, ty = t->ty, by = t->bx, h = BP_HIDDEN;
    uint64_t index = (h + 1) * BP_BLOCK * by + (h + 1) * ty + tx + 1 + (h + 1), index_in = BP_BLOCK * by + ty + 1;
    uint64_t node = p->shmem, wm = p->shmem + 4 * BP_BLOCK;
#define WM(y, x) (wm + 4 * (uint64_t)((y) * BP_BLOCK + (x)))
    reg_t rtx = S2R(t), rty = S2R(t), rby = S2R(t);
    reg_t ri = IMAD(t, rby, rty, rtx), rn = IMAD(t, rby, NOREG, rty), pw = IMAD(t, rty, NOREG, rtx);
    BRANCH(t, rtx);
    if (tx == 0)
        STS(t, EL(node, ty), rty, LDG(t, EL(in, index_in), rn));
    BAR(t);
    STS(t, WM(ty, tx), pw, LDG(t, EL(ih, index), ri));
    BAR(t);
    reg_t wv = LDS(t, WM(ty, tx), pw), nv = LDS(t, EL(node, ty), rty);
    STS(t, WM(ty, tx), pw, FMUL(t, wv, nv));
    BAR(t);
    for (uint64_t pt = 2; pt <= BP_BLOCK; pt *= 2) {
        BRANCH(t, rty);
        if (ty % pt == 0) {
            reg_t a = LDS(t, WM(ty, tx), pw), b = LDS(t, WM(ty + pt / 2, tx), pw);
            STS(t, WM(ty, tx), pw, FADD(t, a, b));
        }
        BAR(t);
        LOOP(t, NOREG);
    }
    STG(t, EL(ih, index), ri, LDS(t, WM(ty, tx), pw));
    BAR(t);
    BRANCH(t, rtx);
    if (tx == 0)
        STG(t, EL(ps, by * h + ty), rn, LDS(t, WM(tx, ty), pw));
#undef WM
    EXIT(t);
}

/* bpnn_adjust_weights_cuda(delta, hid, ly, in, w, oldw), 16 x 16 threads:
 *   index as above; index_y = 16 by + ty + 1; index_x = tx + 1;
 *   w[index] += ETA delta[index_x] ly[index_y] + MOMENTUM oldw[index];
 *   oldw[index] = ETA delta[index_x] ly[index_y] + MOMENTUM oldw[index];
 *   __syncthreads();
 *   if (ty == 0 && by == 0) { w[index_x] += ETA delta[index_x] + MOMENTUM oldw[index_x];
 *                             oldw[index_x] = ETA delta[index_x] + MOMENTUM oldw[index_x]; }
 * The pointers may alias, so after each store nvcc loads the operands again. */
void rd_bp_adjust_weights(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t delta = p->arr[0], ly = p->arr[1], w = p->arr[2], oldw = p->arr[3];
    uint64_t tx = t->tx, ty = t->ty, by = t->bx, h = BP_HIDDEN;
    uint64_t index = (h + 1) * BP_BLOCK * by + (h + 1) * ty + tx + 1 + (h + 1);
    uint64_t iy = BP_BLOCK * by + ty + 1, ix = tx + 1;
    reg_t rtx = S2R(t), rty = S2R(t), rby = S2R(t);
    reg_t ri = IMAD(t, rby, rty, rtx), ry = IMAD(t, rby, NOREG, rty), rx = IADD(t, rtx, NOREG);
    reg_t d = LDG(t, EL(delta, ix), rx), l = LDG(t, EL(ly, iy), ry), o = LDG(t, EL(oldw, index), ri);
    reg_t v = LDG(t, EL(w, index), ri);
    reg_t dl = FMUL(t, d, l), mo = FMUL(t, o, NOREG);
    STG(t, EL(w, index), ri, FADD(t, FFMA(t, dl, NOREG, mo), v));
    d = LDG(t, EL(delta, ix), rx), l = LDG(t, EL(ly, iy), ry), o = LDG(t, EL(oldw, index), ri);
    dl = FMUL(t, d, l), mo = FMUL(t, o, NOREG);
    STG(t, EL(oldw, index), ri, FFMA(t, dl, NOREG, mo));
    BAR(t);
    BRANCH(t, rty);
    if (ty == 0 && by == 0) {
        d = LDG(t, EL(delta, ix), rx), o = LDG(t, EL(oldw, ix), rx);
        v = LDG(t, EL(w, ix), rx);
        STG(t, EL(w, ix), rx, FADD(t, FFMA(t, d, NOREG, FMUL(t, o, NOREG)), v));
        d = LDG(t, EL(delta, ix), rx), o = LDG(t, EL(oldw, ix), rx);
        STG(t, EL(oldw, ix), rx, FFMA(t, d, NOREG, FMUL(t, o, NOREG)));
    }
    EXIT(t);
}

/* lud_kernel.cu, BLOCK_SIZE 16. The shared arrays' read-modify-writes are
 * loads and stores each time, as the source writes them. */
#define SH16(base, y, x) ((base) + 4 * (uint64_t)((y) * LUD_BLOCK + (x)))

/* lud_diagonal(m, matrix_dim, offset), 16 threads: the diagonal tile into
 * shadow[16][16] (at 0), factorised in place, rows 1..15 written back. */
void rd_lud_diagonal(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t n = p->n, m = p->arr[0], off = p->p, tx = t->tx, sh = p->shmem;
    reg_t rtx = S2R(t), pa = IMAD(t, rtx, NOREG, NOREG), ps = IADD(t, rtx, NOREG);
    for (uint64_t i = 0; i < LUD_BLOCK; i++) {
        STS(t, SH16(sh, i, tx), ps, LDG(t, EL(m, (off + i) * n + off + tx), pa));
        LOOP(t, NOREG);
    }
    BAR(t);
    for (uint64_t i = 0; i < LUD_BLOCK - 1; i++) {
        BRANCH(t, rtx);
        if (tx > i) {
            for (uint64_t j = 0; j < i; j++) {
                reg_t a = LDS(t, SH16(sh, tx, i), ps), b = LDS(t, SH16(sh, tx, j), ps), c = LDS(t, SH16(sh, j, i), NOREG);
                STS(t, SH16(sh, tx, i), ps, FFMA(t, b, c, a));
                LOOP(t, NOREG);
            }
            reg_t a = LDS(t, SH16(sh, tx, i), ps), d = LDS(t, SH16(sh, i, i), NOREG);
            STS(t, SH16(sh, tx, i), ps, FMUL(t, a, ALU(t, "MUFU.RCP", d, NOREG, NOREG)));
        }
        BAR(t);
        BRANCH(t, rtx);
        if (tx > i) {
            for (uint64_t j = 0; j < i + 1; j++) {
                reg_t a = LDS(t, SH16(sh, i + 1, tx), ps), b = LDS(t, SH16(sh, i + 1, j), NOREG);
                reg_t c = LDS(t, SH16(sh, j, tx), ps);
                STS(t, SH16(sh, i + 1, tx), ps, FFMA(t, b, c, a));
                LOOP(t, NOREG);
            }
        }
        BAR(t);
        LOOP(t, NOREG);
    }
    for (uint64_t i = 1; i < LUD_BLOCK; i++) {
        STG(t, EL(m, (off + i) * n + off + tx), pa, LDS(t, SH16(sh, i, tx), ps));
        LOOP(t, NOREG);
    }
    EXIT(t);
}

/* lud_perimeter(m, matrix_dim, offset), 32 threads, block bx: threads 0..15
 * load dia's rows 0..7 and the row tile peri_row (the tile right of the
 * diagonal, bx + 1 tiles along); threads 16..31 dia's rows 8..15 and the
 * column tile peri_col (bx + 1 tiles below); each half then eliminates its
 * tile against dia and writes it back. Shared: dia at 0, peri_row at 1024,
 * peri_col at 2048. */
void rd_lud_perimeter(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t n = p->n, m = p->arr[0], off = p->p, tx = t->tx, bx = t->bx;
    uint64_t dia = p->shmem, row = p->shmem + 1024, col = p->shmem + 2048;
    reg_t rtx = S2R(t), rbx = S2R(t), pa = IMAD(t, rbx, NOREG, rtx), ps = IADD(t, rtx, NOREG);
    BRANCH(t, rtx);
    if (tx < LUD_BLOCK) {
        uint64_t idx = tx;
        for (uint64_t i = 0; i < LUD_BLOCK / 2; i++) {
            STS(t, SH16(dia, i, idx), ps, LDG(t, EL(m, (off + i) * n + off + idx), pa));
            LOOP(t, NOREG);
        }
        for (uint64_t i = 0; i < LUD_BLOCK; i++) {
            STS(t, SH16(row, i, idx), ps, LDG(t, EL(m, (off + i) * n + off + (bx + 1) * LUD_BLOCK + idx), pa));
            LOOP(t, NOREG);
        }
    } else {
        uint64_t idx = tx - LUD_BLOCK;
        for (uint64_t i = LUD_BLOCK / 2; i < LUD_BLOCK; i++) {
            STS(t, SH16(dia, i, idx), ps, LDG(t, EL(m, (off + i) * n + off + idx), pa));
            LOOP(t, NOREG);
        }
        for (uint64_t i = 0; i < LUD_BLOCK; i++) {
            STS(t, SH16(col, i, idx), ps, LDG(t, EL(m, (off + (bx + 1) * LUD_BLOCK + i) * n + off + idx), pa));
            LOOP(t, NOREG);
        }
    }
    BAR(t);
    BRANCH(t, rtx);
    if (tx < LUD_BLOCK) {
        uint64_t idx = tx;
        for (uint64_t i = 1; i < LUD_BLOCK; i++) {
            for (uint64_t j = 0; j < i; j++) {
                reg_t a = LDS(t, SH16(row, i, idx), ps), b = LDS(t, SH16(dia, i, j), NOREG);
                reg_t c = LDS(t, SH16(row, j, idx), ps);
                STS(t, SH16(row, i, idx), ps, FFMA(t, b, c, a));
                LOOP(t, NOREG);
            }
            LOOP(t, NOREG);
        }
    } else {
        uint64_t idx = tx - LUD_BLOCK;
        for (uint64_t i = 0; i < LUD_BLOCK; i++) {
            for (uint64_t j = 0; j < i; j++) {
                reg_t a = LDS(t, SH16(col, idx, i), ps), b = LDS(t, SH16(col, idx, j), ps);
                reg_t c = LDS(t, SH16(dia, j, i), NOREG);
                STS(t, SH16(col, idx, i), ps, FFMA(t, b, c, a));
                LOOP(t, NOREG);
            }
            reg_t a = LDS(t, SH16(col, idx, i), ps), d = LDS(t, SH16(dia, i, i), NOREG);
            STS(t, SH16(col, idx, i), ps, FMUL(t, a, ALU(t, "MUFU.RCP", d, NOREG, NOREG)));
            LOOP(t, NOREG);
        }
    }
    BAR(t);
    BRANCH(t, rtx);
    if (tx < LUD_BLOCK) {
        uint64_t idx = tx;
        for (uint64_t i = 1; i < LUD_BLOCK; i++) {
            STG(t, EL(m, (off + i) * n + off + (bx + 1) * LUD_BLOCK + idx), pa, LDS(t, SH16(row, i, idx), ps));
            LOOP(t, NOREG);
        }
    } else {
        uint64_t idx = tx - LUD_BLOCK;
        for (uint64_t i = 0; i < LUD_BLOCK; i++) {
            STG(t, EL(m, (off + (bx + 1) * LUD_BLOCK + i) * n + off + idx), pa, LDS(t, SH16(col, i, idx), ps));
            LOOP(t, NOREG);
        }
    }
    EXIT(t);
}

/* lud_internal(m, matrix_dim, offset), 16 x 16 threads, block (bx, by):
 *   peri_row[ty][tx] = m[(offset+ty) n + offset + (bx+1) 16 + tx];
 *   peri_col[ty][tx] = m[(offset + (by+1) 16 + ty) n + offset + tx];  __syncthreads();
 *   sum = sum_i peri_col[ty][i] peri_row[i][tx];
 *   m[(offset + (by+1) 16 + ty) n + offset + (bx+1) 16 + tx] -= sum;
 * Shared: peri_row at 0, peri_col at 1024; sum in a register. */
void rd_lud_internal(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t n = p->n, m = p->arr[0], off = p->p, tx = t->tx, ty = t->ty;
    uint64_t grow = off + (t->by + 1) * LUD_BLOCK, gcol = off + (t->bx + 1) * LUD_BLOCK;
    uint64_t row = p->shmem, col = p->shmem + 1024;
    reg_t rtx = S2R(t), rty = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t pr = IMAD(t, rty, NOREG, rbx), pc = IMAD(t, rby, NOREG, rtx), ps = IMAD(t, rty, NOREG, rtx);
    reg_t vr = LDG(t, EL(m, (off + ty) * n + gcol + tx), pr);
    STS(t, SH16(row, ty, tx), ps, vr);
    reg_t vc = LDG(t, EL(m, (grow + ty) * n + off + tx), pc);
    STS(t, SH16(col, ty, tx), ps, vc);
    BAR(t);
    reg_t sum = MOV(t, NOREG);
    for (uint64_t i = 0; i < LUD_BLOCK; i++) {
        reg_t a = LDS(t, SH16(col, ty, i), rty), b = LDS(t, SH16(row, i, tx), rtx);
        sum = FFMA(t, a, b, sum);
        LOOP(t, NOREG);
    }
    reg_t v = LDG(t, EL(m, (grow + ty) * n + gcol + tx), pc);
    STG(t, EL(m, (grow + ty) * n + gcol + tx), pc, FADD(t, v, sum));
    EXIT(t);
}
#undef SH16

/* ---- bfs -------------------------------------------------------------------------------------- */

/* Rodinia's data/bfs/inputGen/graphgen.cpp: node i draws 2..4 edges (uniform),
 * each to a uniformly random node, and every edge is also added the other
 * way (so degrees average 6, no hubs; loops and repeated edges possible);
 * each node's list in the order the edges were made. Our generator (fixed
 * seed) stands for its rand()/linear_congruential (seeded by the time).
 * bfs.cu starts from node 0 whatever source the file names. */
int rd_graphgen(rd_graph_t *g, unsigned n)
{
    uint64_t s = 0x677261706867656eull, ne = 0;
    memset(g, 0, sizeof *g);
    g->n = n;
    uint32_t *pair = malloc(2 * 4ull * n * sizeof *pair), *fill = calloc(n + 1ull, sizeof *fill), *queue = NULL;
    g->start = calloc(n + 1ull, sizeof *g->start);
    g->level = malloc(n * sizeof *g->level);
    if (!pair || !fill || !g->start || !g->level)
        goto oom;
    for (unsigned i = 0; i < n; i++) {   /* the edges in the order they were made; the degrees */
        unsigned k = 2 + (unsigned)(simt_mix64(&s) % 3);
        for (unsigned j = 0; j < k; j++, ne++) {
            uint32_t d = (uint32_t)(simt_mix64(&s) % n);
            pair[2 * ne] = i, pair[2 * ne + 1] = d;
            g->start[i + 1]++, g->start[d + 1]++;
        }
    }
    for (unsigned i = 0; i < n; i++) {
        unsigned deg = g->start[i + 1];
        g->maxdeg = deg > g->maxdeg ? deg : g->maxdeg;
        g->start[i + 1] += g->start[i];
    }
    if (!(g->edge = malloc((uint64_t)g->start[n] * sizeof *g->edge)))
        goto oom;
    for (uint64_t e = 0; e < ne; e++) {   /* graph[i].push_back(d); graph[d].push_back(i) */
        uint32_t a = pair[2 * e], b = pair[2 * e + 1];
        g->edge[g->start[a] + fill[a]++] = b;
        g->edge[g->start[b] + fill[b]++] = a;
    }
    free(pair), pair = NULL;
    if (!(queue = malloc(n * sizeof *queue)))
        goto oom;
    memset(g->level, 0xff, n * sizeof *g->level);
    uint32_t head = 0, tail = 0;
    g->level[0] = 0;
    queue[tail++] = 0;
    while (head < tail) {
        uint32_t v = queue[head++];
        for (uint32_t i = g->start[v]; i < g->start[v + 1]; i++)
            if (g->level[g->edge[i]] == RD_UNREACHED && g->level[v] + 1u < RD_UNREACHED) {
                g->level[g->edge[i]] = (uint16_t)(g->level[v] + 1);
                g->depth = g->level[v] + 1u;
                queue[tail++] = g->edge[i];
            }
    }
    free(queue), free(fill);
    return 0;
oom:
    free(pair), free(fill), free(queue);
    rd_graph_free(g);
    return -1;
}

void rd_graph_free(rd_graph_t *g)
{
    free(g->start), free(g->edge), free(g->level);
    g->start = g->edge = NULL, g->level = NULL;
}

/* kernel.cu, Kernel (Node = {int starting; int no_of_edges}, 8 bytes):
 *   tid = blockIdx.x * MAX_THREADS_PER_BLOCK + threadIdx.x;
 *   if (tid < no_of_nodes && g_graph_mask[tid]) { g_graph_mask[tid] = false;
 *     for (i = nodes[tid].starting; i < nodes[tid].no_of_edges + nodes[tid].starting; i++) {
 *       id = g_graph_edges[i];
 *       if (!g_graph_visited[id]) { g_cost[id] = g_cost[tid] + 1; g_updating_graph_mask[id] = true; } } }
 * At level p the mask is set for the nodes of level p, and visited[id] for
 * the nodes of level <= p. The loop's test loads both of the node's fields
 * again every time: the stores to g_cost (int) and the bool mask may alias
 * them, so the compiler cannot keep them in registers. */
void rd_bfs1(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const rd_graph_t *g = p->data;
    uint64_t nodes = p->arr[0], edges = p->arr[1], mask = p->arr[2], upd = p->arr[3], vis = p->arr[4];
    uint64_t cost = p->arr[5], tid = (uint64_t)t->bx * BFS_BLOCK + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rt = IMAD(t, rbx, NOREG, rtx);
    GUARD(t, tid < g->n, rt);
    reg_t m = LDG8(t, mask + tid, rt);
    GUARD(t, g->level[tid] == p->p, m);
    STG8(t, mask + tid, rt, RZ_);
    reg_t first = LDG(t, nodes + 8 * tid, rt), one = MOV(t, NOREG);
    reg_t cnt = LDG(t, nodes + 8 * tid + 4, rt), st = LDG(t, nodes + 8 * tid, rt);
    BRANCH(t, IADD(t, cnt, st));
    for (uint32_t i = g->start[tid]; i < g->start[tid + 1]; i++) {
        uint32_t id = g->edge[i];
        reg_t rid = LDG(t, EL(edges, i), first);
        reg_t v = LDG8(t, vis + id, rid);
        BRANCH(t, v);
        if (g->level[id] > p->p) {
            reg_t c = LDG(t, EL(cost, tid), rt);
            STG(t, EL(cost, id), rid, IADD(t, c, NOREG));
            STG8(t, upd + id, rid, one);
        }
        reg_t c2 = LDG(t, nodes + 8 * tid + 4, rt), s2 = LDG(t, nodes + 8 * tid, rt);
        LOOP(t, IADD(t, c2, s2));
    }
    EXIT(t);
}

/* kernel2.cu, Kernel2(g_graph_mask, g_updating_graph_mask, g_graph_visited, g_over, no_of_nodes):
 *   if (tid < no_of_nodes && g_updating_graph_mask[tid]) { g_graph_mask[tid] = true;
 *     g_graph_visited[tid] = true; *g_over = true; g_updating_graph_mask[tid] = false; }
 * After Kernel of level p, updating is set for the nodes of level p + 1. */
void rd_bfs2(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const rd_graph_t *g = p->data;
    uint64_t mask = p->arr[0], upd = p->arr[1], vis = p->arr[2], over = p->arr[3];
    uint64_t tid = (uint64_t)t->bx * BFS_BLOCK + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rt = IMAD(t, rbx, NOREG, rtx);
    GUARD(t, tid < g->n, rt);
    reg_t u = LDG8(t, upd + tid, rt);
    GUARD(t, g->level[tid] == p->p + 1, u);
    reg_t one = MOV(t, NOREG);
    STG8(t, mask + tid, rt, one);
    STG8(t, vis + tid, rt, one);
    STG8(t, over, NOREG, one);
    STG8(t, upd + tid, rt, RZ_);
    EXIT(t);
}

/* ---- srad (srad_v2) ----------------------------------------------------------------------------- */

#define SR(base, y, x) ((base) + 4 * (uint64_t)((y) * SRAD_BLOCK + (x)))

/* srad_cuda_1: with base = cols 16 by + 16 bx,
 *   north[ty][tx] = J[base + tx - cols]; south[ty][tx] = J[base + 16 cols + tx];
 *   if (by == 0) north[ty][tx] = J[16 bx + tx];
 *   else if (by == gridDim.y - 1) south[ty][tx] = J[cols 16 (gridDim.y-1) + 16 bx + 15 cols + tx];  sync
 *   west[ty][tx] = J[base + cols ty - 1]; east[ty][tx] = J[base + cols ty + 16];
 *   if (bx == 0) west = J[cols 16 by + cols ty]; else if (bx == gridDim.x - 1) east = J[... + 15];  sync
 *   temp[ty][tx] = J[index]; sync;  jc = temp[ty][tx];
 *   n, s, w, e from temp or, at the tile's edges, north/south/west/east (nine cases: nw, ne,
 *   se, sw, n, e, s, w, interior); c = f(n, s, w, e, jc);
 *   temp_result[ty][tx] = saturate(c); sync;
 *   C[index] = temp_result[ty][tx]; E_C[index] = e; W_C[index] = w; S_C[index] = s; N_C[index] = n;
 * The out-of-range loads at the image border (row -1, column -1, row rows) are made, as the
 * source makes them, before being overwritten. Shared (floats, declaration order): temp,
 * temp_result, north, south, east, west. */
void rd_srad1(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t EC = p->arr[0], WC = p->arr[1], NC = p->arr[2], SC = p->arr[3], J = p->arr[4], C = p->arr[5];
    const int64_t cols = (int64_t)p->n, bx = t->bx, by = t->by, tx = t->tx, ty = t->ty, B = SRAD_BLOCK;
    const int64_t gx = t->gdx, gy = t->gdy, base = cols * B * by + B * bx, index = base + cols * ty + tx;
    const uint64_t temp = p->shmem, res = temp + 1024, north = temp + 2048, south = temp + 3072;
    const uint64_t east = temp + 4096, west = temp + 5120;
    reg_t rtx = S2R(t), rty = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rb = IMAD(t, rby, NOREG, rbx), ri = IMAD(t, rty, NOREG, rb), ps = IMAD(t, rty, NOREG, rtx);
    STS(t, SR(north, ty, tx), ps, LDG(t, EL(J, base + tx - cols), rb));
    STS(t, SR(south, ty, tx), ps, LDG(t, EL(J, base + cols * B + tx), rb));
    BRANCH(t, rby);
    if (by == 0) {
        STS(t, SR(north, ty, tx), ps, LDG(t, EL(J, B * bx + tx), rbx));
    } else {
        BRANCH(t, rby);
        if (by == gy - 1)
            STS(t, SR(south, ty, tx), ps, LDG(t, EL(J, cols * B * (gy - 1) + B * bx + cols * (B - 1) + tx), rbx));
    }
    BAR(t);
    STS(t, SR(west, ty, tx), ps, LDG(t, EL(J, base + cols * ty - 1), ri));
    STS(t, SR(east, ty, tx), ps, LDG(t, EL(J, base + cols * ty + B), ri));
    BRANCH(t, rbx);
    if (bx == 0) {
        STS(t, SR(west, ty, tx), ps, LDG(t, EL(J, cols * B * by + cols * ty), ri));
    } else {
        BRANCH(t, rbx);
        if (bx == gx - 1)
            STS(t, SR(east, ty, tx), ps, LDG(t, EL(J, cols * B * by + B * (gx - 1) + cols * ty + B - 1), ri));
    }
    BAR(t);
    STS(t, SR(temp, ty, tx), ps, LDG(t, EL(J, index), ri));
    BAR(t);
    /* the nine cases choose, per thread, where n, s, w and e come from: four selects and four
     * loads (a short if-else chain of loads only, if-converted) */
    uint64_t an = SR(temp, ty - 1, tx), as = SR(temp, ty + 1, tx), aw = SR(temp, ty, tx - 1), ae = SR(temp, ty, tx + 1);
    an = ty == 0 ? SR(north, ty, tx) : an;
    as = ty == B - 1 ? SR(south, ty, tx) : as;
    aw = tx == 0 ? SR(west, ty, tx) : aw;
    ae = tx == B - 1 ? SR(east, ty, tx) : ae;
    reg_t jc = LDS(t, SR(temp, ty, tx), ps);
    reg_t rn = SEL(t, ps, rty), rs = SEL(t, ps, rty), rw = SEL(t, ps, rtx), re = SEL(t, ps, rtx);
    reg_t vn = LDS(t, an, rn), vs = LDS(t, as, rs), vw = LDS(t, aw, rw), ve = LDS(t, ae, re);
    /* n, s, w, e -= jc; g2, l, num, den, qsqr, c (equ 33), saturated */
    vn = FADD(t, vn, jc), vs = FADD(t, vs, jc), vw = FADD(t, vw, jc), ve = FADD(t, ve, jc);
    reg_t g2 = FMUL(t, vn, vn);
    g2 = FFMA(t, vs, vs, g2), g2 = FFMA(t, vw, vw, g2), g2 = FFMA(t, ve, ve, g2);
    reg_t j2 = FMUL(t, jc, jc);
    g2 = FMUL(t, g2, ALU(t, "MUFU.RCP", j2, NOREG, NOREG));
    reg_t l = FADD(t, vn, vs);
    l = FADD(t, l, vw), l = FADD(t, l, ve);
    l = FMUL(t, l, ALU(t, "MUFU.RCP", jc, NOREG, NOREG));
    reg_t num = FMUL(t, l, l);
    num = FFMA(t, g2, NOREG, num);
    reg_t den = FFMA(t, l, NOREG, NOREG);
    den = FMUL(t, den, den);
    reg_t q = FMUL(t, num, ALU(t, "MUFU.RCP", den, NOREG, NOREG));
    q = FMUL(t, FADD(t, q, NOREG), NOREG);
    reg_t c = ALU(t, "MUFU.RCP", FADD(t, q, NOREG), NOREG, NOREG);
    c = ALU(t, "FMNMX", ALU(t, "FMNMX", c, NOREG, NOREG), NOREG, NOREG);
    STS(t, SR(res, ty, tx), ps, c);
    BAR(t);
    reg_t cr = LDS(t, SR(res, ty, tx), ps);
    STG(t, EL(C, index), ri, cr);
    STG(t, EL(EC, index), ri, ve);
    STG(t, EL(WC, index), ri, vw);
    STG(t, EL(SC, index), ri, vs);
    STG(t, EL(NC, index), ri, vn);
    EXIT(t);
}

/* srad_cuda_2: temp[ty][tx] = J[index]; sync;
 *   south_c[ty][tx] = C[base + 16 cols + tx]; if (by == gridDim.y - 1) south_c[ty][tx] = C[... 15 cols + tx]; sync;
 *   east_c[ty][tx] = C[base + cols ty + 16]; if (bx == gridDim.x - 1) east_c[ty][tx] = C[... + 15]; sync;
 *   c_cuda_temp[ty][tx] = C[index]; sync;  cc = c_cuda_temp[ty][tx];
 *   cs, ce by four cases (se, e, s, interior) from c_cuda_temp or south_c / east_c;
 *   d_sum = cc N_C[index] + cs S_C[index] + cc W_C[index] + ce E_C[index];
 *   c_cuda_result[ty][tx] = temp[ty][tx] + 0.25 lambda d_sum; sync;  J[index] = c_cuda_result[ty][tx];
 * Shared (declaration order): south_c, east_c, c_cuda_temp, c_cuda_result, temp. */
void rd_srad2(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t EC = p->arr[0], WC = p->arr[1], NC = p->arr[2], SC = p->arr[3], J = p->arr[4], C = p->arr[5];
    const int64_t cols = (int64_t)p->n, bx = t->bx, by = t->by, tx = t->tx, ty = t->ty, B = SRAD_BLOCK;
    const int64_t gx = t->gdx, gy = t->gdy, base = cols * B * by + B * bx, index = base + cols * ty + tx;
    const uint64_t south = p->shmem, east = south + 1024, ct = south + 2048, res = south + 3072, temp = south + 4096;
    reg_t rtx = S2R(t), rty = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rb = IMAD(t, rby, NOREG, rbx), ri = IMAD(t, rty, NOREG, rb), ps = IMAD(t, rty, NOREG, rtx);
    STS(t, SR(temp, ty, tx), ps, LDG(t, EL(J, index), ri));
    BAR(t);
    STS(t, SR(south, ty, tx), ps, LDG(t, EL(C, base + cols * B + tx), rb));
    BRANCH(t, rby);
    if (by == gy - 1)
        STS(t, SR(south, ty, tx), ps, LDG(t, EL(C, cols * B * (gy - 1) + B * bx + cols * (B - 1) + tx), rbx));
    BAR(t);
    STS(t, SR(east, ty, tx), ps, LDG(t, EL(C, base + cols * ty + B), ri));
    BRANCH(t, rbx);
    if (bx == gx - 1)
        STS(t, SR(east, ty, tx), ps, LDG(t, EL(C, cols * B * by + B * (gx - 1) + cols * ty + B - 1), ri));
    BAR(t);
    STS(t, SR(ct, ty, tx), ps, LDG(t, EL(C, index), ri));
    BAR(t);
    /* cs and ce by the source's four cases (se, e, s, interior), if-converted as above */
    uint64_t as = ty == B - 1 ? SR(south, ty, tx) : SR(ct, ty + 1, tx);
    uint64_t ae = tx == B - 1 ? SR(east, ty, tx) : SR(ct, ty, tx + 1);
    reg_t cc = LDS(t, SR(ct, ty, tx), ps);
    reg_t rs = SEL(t, ps, rty), re = SEL(t, ps, rtx);
    reg_t cs = LDS(t, as, rs), ce = LDS(t, ae, re);
    reg_t vn = LDG(t, EL(NC, index), ri), vs = LDG(t, EL(SC, index), ri);
    reg_t vw = LDG(t, EL(WC, index), ri), ve = LDG(t, EL(EC, index), ri);
    reg_t d = FMUL(t, cc, vn);
    d = FFMA(t, cs, vs, d), d = FFMA(t, cc, vw, d), d = FFMA(t, ce, ve, d);
    reg_t tv = LDS(t, SR(temp, ty, tx), ps);
    STS(t, SR(res, ty, tx), ps, FFMA(t, d, NOREG, tv));
    BAR(t);
    STG(t, EL(J, index), ri, LDS(t, SR(res, ty, tx), ps));
    EXIT(t);
}
#undef SR

/* ---- kmeans ----------------------------------------------------------------------------------- */

/* invert_mapping(input, output, npoints, nfeatures):
 *   point_id = threadIdx.x + blockDim.x blockIdx.x;
 *   if (point_id < npoints) for (i = 0; i < nfeatures; i++)
 *     output[point_id + npoints i] = input[point_id nfeatures + i];
 * (the loads 136 bytes apart across a warp, the stores coalesced) */
void rd_km_invert(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t np = p->n, id = (uint64_t)t->bx * t->bdx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rp = IMAD(t, rbx, NOREG, rtx);
    GUARD(t, id < np, rp);
    reg_t ra = IMAD(t, rp, NOREG, NOREG);
    for (uint64_t i = 0; i < KM_FEATURES; i++) {
        reg_t v = LDG(t, EL(p->arr[0], id * KM_FEATURES + i), ra);
        STG(t, EL(p->arr[1], id + np * i), rp, v);
        LOOP(t, NOREG);
    }
    EXIT(t);
}

/* kmeansPoint(features, nfeatures, npoints, nclusters, membership, ...):
 *   point_id = (gridDim.x blockIdx.y + blockIdx.x) blockDim.x + threadIdx.x;
 *   if (point_id < npoints) for each cluster i: ans = 0;
 *     for each feature j: diff = tex1Dfetch(t_features, point_id + j npoints) - c_clusters[i nfeatures + j];
 *       ans += diff diff;
 *     if (ans < min_dist) { min_dist = ans; index = i; }
 *   if (point_id < npoints) membership[point_id] = index;
 * The features are read through the texture unit and the centres from
 * constant memory (an operand of the subtraction): neither memory is
 * modelled (kernel.h), so the fetch is a TLD with no memory access and
 * the store of the membership is the kernel's only global access. */
void rd_km_point(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t np = p->n, id = ((uint64_t)t->gdx * t->by + t->bx) * t->bdx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rp = IMAD(t, IMAD(t, rby, NOREG, rbx), NOREG, rtx);
    GUARD(t, id < np, rp);
    reg_t best = MOV(t, NOREG), index = MOV(t, NOREG);
    for (unsigned i = 0; i < KM_CLUSTERS; i++) {
        reg_t ans = MOV(t, NOREG), at = IMAD(t, rp, NOREG, NOREG);
        for (unsigned j = 0; j < KM_FEATURES; j++) {
            reg_t f = ALU(t, "TLD.B.LZ", at, NOREG, NOREG);
            reg_t d = FADD(t, f, NOREG);
            ans = FFMA(t, d, d, ans);
            at = IADD(t, at, NOREG);
            LOOP(t, NOREG);
        }
        ALU(t, "FSETP.LT.AND", ans, best, NOREG);
        best = ALU(t, "FSEL", ans, best, NOREG);
        index = SEL(t, index, NOREG);
        LOOP(t, NOREG);
    }
    STG(t, EL(p->arr[1], id), rp, index);
    EXIT(t);
}

/* ---- nn ----------------------------------------------------------------------------------------- */

/* euclid(d_locations, d_distances, numRecords, lat, lng): globalId = blockDim.x blockIdx.x +
 * threadIdx.x; if (globalId < numRecords) { latLong = d_locations + globalId; dist =
 * &d_distances[globalId]; *dist = sqrtf((lat - latLong->lat)^2 + (lng - latLong->lng)^2); }
 * (LatLong = {float lat, lng}: two 4-byte loads, 4-byte aligned.) */
void rd_nn(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t gid = (uint64_t)t->bx * t->bdx + t->tx, loc = p->arr[0], dist = p->arr[1];
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rg = IMAD(t, rbx, NOREG, rtx);
    GUARD(t, gid < p->n, rg);
    reg_t la = LDG(t, loc + 8 * gid, rg), ln = LDG(t, loc + 8 * gid + 4, rg);
    reg_t d = FFMA(t, ln, ln, FMUL(t, la, la));
    STG(t, EL(dist, gid), rg, ALU(t, "MUFU.RSQ", d, NOREG, NOREG));
    EXIT(t);
}

/* ---- streamcluster ------------------------------------------------------------------------------ */

/* glibc's drand48 family: X' = (0x5DEECE66D X + 0xB) mod 2^48; srand48(s)
 * sets X to the low 32 bits of s above 0x330E; lrand48 returns X's top 31 bits. */
void rd_srand48(rd_rand48_t *r, long seed) { r->x = (uint64_t)(uint32_t)seed << 16 | 0x330eu; }

long rd_lrand48(rd_rand48_t *r)
{
    r->x = (0x5deece66dull * r->x + 0xbu) & 0xffffffffffffull;
    return (long)(r->x >> 17);
}

/* The host program's state (streamcluster_cuda_cpu.cpp, one chunk, nproc 1).
 * The points are the Point records of position j (the shuffles move them):
 * original point perm[j], its assign and cost; every weight is 1, so the
 * source's products by a weight are left out (exact). All arithmetic is in
 * float as the source's (this file is ISO C11: no contraction of a * b + c
 * into an fma, as the x86-64 host did not contract either). */
typedef struct {
    unsigned n, dim;
    float *blk;                /* the points as read: blk[o dim + i], original point o */
    uint32_t *perm;
    long *assign;
    float *cost;
    uint8_t *is_center;
    int *ctab;                 /* center_table (kept between calls, as the source's) */
    float *gl_lower, *colsum;
    float **xcost;             /* per x: the kernel's x_cost of every point (coordinates fixed after the first pgain) */
    int dirty;                 /* the clustering changed since the last state was kept */
    unsigned itf;              /* ITER */
    rd_rand48_t r;
    rd_sc_t *s;
    unsigned cap_l, cap_s;     /* launches, states allocated */
} sc_host_t;

#define SC_INT_MAXF 2147483648.0f   /* (float)INT_MAX */
#define SC_MAX_LAUNCHES 1000000u   /* a run that diverges stops here */

static inline const float *sc_coord(const sc_host_t *h, unsigned j) { return h->blk + (uint64_t)h->perm[j] * h->dim; }

/* dist(p1, p2, dim): the squared distance, summed in coordinate order. */
static float sc_dist(const sc_host_t *h, unsigned a, unsigned b)
{
    const float *p = sc_coord(h, a), *q = sc_coord(h, b);
    float r = 0.0f;
    for (unsigned i = 0; i < h->dim; i++) {
        float d = p[i] - q[i];
        r += d * d;
    }
    return r;
}

/* shuffle: Fisher-Yates over the Point records, j = lrand48() % (num - i) + i. */
static void sc_shuffle(sc_host_t *h)
{
    for (unsigned i = 0; i + 1 < h->n; i++) {
        unsigned j = (unsigned)(rd_lrand48(&h->r) % (long)(h->n - i)) + i;
        uint32_t tp = h->perm[i];
        h->perm[i] = h->perm[j], h->perm[j] = tp;
        long ta = h->assign[i];
        h->assign[i] = h->assign[j], h->assign[j] = ta;
        float tc = h->cost[i];
        h->cost[i] = h->cost[j], h->cost[j] = tc;
    }
}

/* intshuffle: the same over the whole array (its last draw included). */
static void sc_intshuffle(sc_host_t *h, int *a, int len)
{
    for (int i = 0; i < len; i++) {
        int j = (int)(rd_lrand48(&h->r) % (long)(len - i)) + i, t = a[i];
        a[i] = a[j], a[j] = t;
    }
}

/* pspeedy: a centre at point 0; point i opens one with probability cost / z
 * (a draw for every i), taking the points it is nearer to. The total cost z
 * kcenter + the points' costs. */
static float sc_speedy(sc_host_t *h, float z, long *kc)
{
    for (unsigned k = 0; k < h->n; k++) {
        h->cost[k] = sc_dist(h, k, 0);
        h->assign[k] = 0;
    }
    *kc = 1;
    for (unsigned i = 1; i < h->n; i++) {
        float u = (float)rd_lrand48(&h->r) / SC_INT_MAXF;
        if (u < h->cost[i] / z) {
            (*kc)++;
            for (unsigned k = 0; k < h->n; k++) {
                float d = sc_dist(h, i, k);
                if (d < h->cost[k]) {
                    h->cost[k] = d;
                    h->assign[k] = i;
                }
            }
        }
    }
    float mine = 0.0f;
    for (unsigned k = 0; k < h->n; k++)
        mine += h->cost[k];
    float total = z * (float)*kc;
    return total + mine;
}

/* selectfeasible_fast: (int)(ITER kmin log kmin) points (all if that is not
 * fewer), each by a weighted draw: w = lrand48() / INT_MAX * total weight,
 * then a binary search of the prefix sums. NULL out of memory. */
static int *sc_feasible(sc_host_t *h, unsigned kmin, int *nf)
{
    float lim = (float)(h->itf * kmin) * logf((float)kmin);
    int n = (float)h->n > lim ? (int)lim : (int)h->n;
    int *f = malloc((size_t)n * sizeof *f);
    float *acc = malloc((size_t)h->n * sizeof *acc);
    if (!f || !acc) {
        free(f), free(acc);
        return NULL;
    }
    *nf = n;
    if ((unsigned)n == h->n) {
        for (int i = 0; i < n; i++)
            f[i] = i;
        free(acc);
        return f;
    }
    acc[0] = 1.0f;
    for (unsigned i = 1; i < h->n; i++)
        acc[i] = acc[i - 1] + 1.0f;
    float total = acc[h->n - 1];
    for (int i = 0; i < n; i++) {
        float w = (float)rd_lrand48(&h->r) / SC_INT_MAXF * total;
        int l = 0, r = (int)h->n - 1;
        if (acc[0] > w) {
            f[i] = 0;
            continue;
        }
        while (l + 1 < r) {
            int k = (l + r) / 2;
            if (acc[k] > w)
                r = k;
            else
                l = k;
        }
        f[i] = r;
    }
    free(acc);
    return f;
}

/* The kernel's x_cost of every point for candidate x: the sum of (a - b)^2
 * over the coordinates in order, each term an FFMA (nvcc contracts the
 * source's multiply-add), times the weight (1). Computed once per x. */
static const float *sc_xcost(sc_host_t *h, unsigned x)
{
    if (h->xcost[x])
        return h->xcost[x];
    float *c = malloc((size_t)h->n * sizeof *c);
    if (!c)
        return NULL;
    const float *q = sc_coord(h, x);
    for (unsigned j = 0; j < h->n; j++) {
        const float *p = sc_coord(h, j);
        float acc = 0.0f;
        for (unsigned i = 0; i < h->dim; i++) {
            float d = p[i] - q[i];
            acc = fmaf(d, d, acc);
        }
        c[j] = acc;
    }
    return h->xcost[x] = c;
}

/* Keep the clustering as launch l sees it (a new state when it changed):
 * center_table[assign] of every point and the centres by column. -1 out of
 * memory, -2 a point assigned to a non-centre (the model keeps centres only). */
static int sc_keep_state(sc_host_t *h, int count)
{
    rd_sc_t *s = h->s;
    if (!h->dirty && s->states)
        return 0;
    if (s->states == h->cap_s) {
        unsigned cap = h->cap_s ? 2 * h->cap_s : 16;
        uint16_t *col = realloc(s->col, (size_t)cap * h->n * sizeof *col);
        if (col)
            s->col = col;
        uint32_t *cs = realloc(s->cstart, (cap + 1) * sizeof *cs);
        if (cs)
            s->cstart = cs;
        if (!col || !cs)
            return -1;
        h->cap_s = cap;
    }
    uint32_t first = s->cstart[s->states];
    uint32_t *c = realloc(s->center, (first + (unsigned)count) * sizeof *c);
    if (!c)
        return -1;
    s->center = c;
    uint16_t *col = s->col + (size_t)s->states * h->n;
    for (unsigned j = 0; j < h->n; j++) {
        if (!h->is_center[h->assign[j]])
            return -2;
        col[j] = (uint16_t)h->ctab[h->assign[j]];
        if (h->is_center[j])
            c[first + (unsigned)h->ctab[j]] = j;
    }
    s->cstart[++s->states] = first + (unsigned)count;
    h->dirty = 0;
    return 0;
}

/* pgain(x): one launch of pgain_kernel, then the host's part: per centre i
 * low = z + the sum over the points, in order, of its column of work_mem
 * (cost - x_cost of the points assigned to i that do not switch); centres
 * with low > 0 close; gl_cost = z + the sum over points of column K (x_cost
 * - cost of the switching points, less low for a closing centre). If it is
 * negative, x opens: the switching points and those of closing centres move
 * to x (cost = dist to x). It returns -gl_cost (0 if x does not open).
 * *err: -1 out of memory, -2 see sc_keep_state. */
static float sc_pgain(sc_host_t *h, unsigned x, float z, long *numcenters, int *err)
{
    rd_sc_t *s = h->s;
    const unsigned n = h->n, words = (n + 63) / 64;
    int count = 0;
    for (unsigned i = 0; i < n; i++)
        if (h->is_center[i])
            h->ctab[i] = count++;
    if (s->launches == SC_MAX_LAUNCHES) {
        *err = -3;
        return 0.0f;
    }
    const float *xc = sc_xcost(h, x);
    if (!xc) {
        *err = -1;
        return 0.0f;
    }
    if (s->launches == h->cap_l) {
        unsigned cap = h->cap_l ? 2 * h->cap_l : 64;
        uint32_t *px = realloc(s->x, cap * sizeof *px);
        if (px)
            s->x = px;
        uint32_t *ps = realloc(s->state, cap * sizeof *ps);
        if (ps)
            s->state = ps;
        uint16_t *pk = realloc(s->k, cap * sizeof *pk);
        if (pk)
            s->k = pk;
        uint64_t *pw = realloc(s->sw, (size_t)cap * words * sizeof *pw);
        if (pw)
            s->sw = pw;
        if (!px || !ps || !pk || !pw) {
            *err = -1;
            return 0.0f;
        }
        h->cap_l = cap;
    }
    if ((*err = sc_keep_state(h, count)))
        return 0.0f;
    const unsigned l = s->launches++, K = (unsigned)*numcenters;
    s->x[l] = x, s->k[l] = (uint16_t)K, s->state[l] = s->states - 1;
    uint64_t *sw = s->sw + (size_t)l * words;
    memset(sw, 0, words * sizeof *sw);
    for (int c = 0; c < count; c++)
        h->colsum[c] = z;
    for (unsigned j = 0; j < n; j++) {   /* the kernel, then the columns' sums in point order */
        if (xc[j] < h->cost[j])
            sw[j / 64] |= 1ull << (j % 64);
        else
            h->colsum[h->ctab[h->assign[j]]] += h->cost[j] - xc[j];
    }
    int numclose = 0;
    float gl_cost = z;
    for (unsigned i = 0; i < n; i++) {
        float wk = sw[i / 64] >> (i % 64) & 1 ? xc[i] - h->cost[i] : 0.0f;
        if (h->is_center[i]) {
            float low = h->colsum[h->ctab[i]];
            h->gl_lower[h->ctab[i]] = low;
            if (low > 0) {
                numclose++;
                wk -= low;
            }
        }
        gl_cost += wk;
    }
    if (gl_cost < 0) {
        for (unsigned i = 0; i < n; i++)
            if ((sw[i / 64] >> (i % 64) & 1) || h->gl_lower[h->ctab[h->assign[i]]] > 0) {
                h->cost[i] = sc_dist(h, i, x);
                h->assign[i] = x;
            }
        for (unsigned i = 0; i < n; i++)
            if (h->is_center[i] && h->gl_lower[h->ctab[i]] > 0)
                h->is_center[i] = 0;
        h->is_center[x] = 1;
        *numcenters = *numcenters + 1 - numclose;
        h->dirty = 1;
    } else {
        gl_cost = 0;
    }
    return -gl_cost;
}

/* pFL: passes of iter pgains over the shuffled feasible points (x =
 * feasible[i % numfeasible]) while the pass's change / cost > e. */
static float sc_pfl(sc_host_t *h, int *feasible, int nf, float z, long *k, float cost, long iter, float e, int *err)
{
    float change = cost;
    while (change / cost > 1.0 * e && !*err) {
        change = 0.0f;
        sc_intshuffle(h, feasible, nf);
        for (long i = 0; i < iter && !*err; i++)
            change += sc_pgain(h, (unsigned)feasible[i % nf], z, k, err);
        cost -= change;
    }
    return cost;
}

/* pkmedian: z = half the points' total cost to point 0; shuffle, speedy (a
 * second time, then with z halved and the points shuffled again, until it
 * opens kmin); the feasible points; then pFL (e 0.1, and 0.001 when k is near
 * [kmin, kmax]) with z bisected until kmin <= k <= kmax. */
static int sc_pkmedian(sc_host_t *h, long kmin, long kmax)
{
    float hiz = 0.0f, loz = 0.0f, z, mine = 0.0f, cost;
    long k = 0;
    int i, err = 0, nf;
    for (unsigned kk = 0; kk < h->n; kk++)
        mine += sc_dist(h, kk, 0);
    hiz += mine;
    z = (float)((hiz + loz) / 2.0);
    if ((long)h->n <= kmax) {   /* every point a centre: no launch */
        h->s->kfinal = (long)h->n;
        return 0;
    }
    sc_shuffle(h);
    cost = sc_speedy(h, z, &k);
    for (i = 0; k < kmin && i < 1; i++)   /* SP = 1 */
        cost = sc_speedy(h, z, &k);
    while (k < kmin) {
        if (i >= 1) {
            hiz = z;
            z = (float)((hiz + loz) / 2.0);
            i = 0;
        }
        sc_shuffle(h);
        cost = sc_speedy(h, z, &k);
        i++;
    }
    int *feasible = sc_feasible(h, (unsigned)kmin, &nf);
    if (!feasible)
        return -1;
    h->s->numfeasible = (unsigned)nf;
    for (unsigned j = 0; j < h->n; j++)
        h->is_center[h->assign[j]] = 1;
    const long iter = (long)((float)((long)h->itf * kmax) * logf((float)kmax));
    h->s->iter = (unsigned)iter;
    for (;;) {
        cost = sc_pfl(h, feasible, nf, z, &k, cost, iter, 0.1f, &err);
        if (!err && ((k <= 1.1 * kmax && k >= 0.9 * kmin) || (k <= kmax + 2 && k >= kmin - 2)))
            cost = sc_pfl(h, feasible, nf, z, &k, cost, iter, 0.001f, &err);
        if (err)
            break;
        if (k > kmax) {
            loz = z;
            z = (float)((hiz + loz) / 2.0);
            cost += (z - loz) * (float)k;
        }
        if (k < kmin) {
            hiz = z;
            z = (float)((hiz + loz) / 2.0);
            cost += (z - hiz) * (float)k;
        }
        if ((k <= kmax && k >= kmin) || loz >= 0.999 * hiz)
            break;
    }
    free(feasible);
    h->s->kfinal = k;
    return err;
}

int rd_sc_run(rd_sc_t *s, unsigned n, unsigned dim, unsigned kmin, unsigned kmax, unsigned iter)
{
    memset(s, 0, sizeof *s);
    s->n = n, s->dim = dim, s->kmin = kmin, s->kmax = kmax;
    sc_host_t h = {.n = n, .dim = dim, .itf = iter, .s = s};
    h.blk = malloc((size_t)n * dim * sizeof *h.blk);
    h.perm = malloc((size_t)n * sizeof *h.perm);
    h.assign = calloc(n, sizeof *h.assign);
    h.cost = calloc(n, sizeof *h.cost);
    h.is_center = calloc(n, 1);
    h.ctab = calloc(n, sizeof *h.ctab);
    h.gl_lower = calloc(n, sizeof *h.gl_lower);
    h.colsum = calloc(n, sizeof *h.colsum);
    h.xcost = calloc(n, sizeof *h.xcost);
    s->cstart = calloc(1, sizeof *s->cstart);
    int r = -1;
    if (h.blk && h.perm && h.assign && h.cost && h.is_center && h.ctab && h.gl_lower && h.colsum && h.xcost &&
        s->cstart) {
        rd_srand48(&h.r, 1);   /* main: srand48(SEED) */
        for (uint64_t e = 0; e < (uint64_t)n * dim; e++)   /* SimStream::read, point by point */
            h.blk[e] = (float)rd_lrand48(&h.r) / SC_INT_MAXF;
        for (unsigned j = 0; j < n; j++)
            h.perm[j] = j;
        r = sc_pkmedian(&h, kmin, kmax);
        /* copycenters: the centres go on to a last localSearch, which launches nothing when
         * they are at most kmax (pkmedian returns all points as centres) */
        if (!r) {
            memset(h.is_center, 0, n);
            long centres = 0;
            for (unsigned j = 0; j < n; j++)
                if (!h.is_center[h.assign[j]]) {
                    h.is_center[h.assign[j]] = 1;
                    centres++;
                }
            if (centres > (long)kmax) {
                fprintf(stderr, "memsched: streamcluster: %ld centres after the chunk (more than k2 = %u): the "
                        "second localSearch's launches are not modelled\n", centres, kmax);
                r = -2;
            }
        } else if (r == -2) {
            fprintf(stderr, "memsched: streamcluster: a point is assigned to a non-centre\n");
        } else if (r == -3) {
            fprintf(stderr, "memsched: streamcluster: more than %u launches\n", SC_MAX_LAUNCHES);
        }
    }
    if (h.xcost)
        for (unsigned j = 0; j < n; j++)
            free(h.xcost[j]);
    free(h.blk), free(h.perm), free(h.assign), free(h.cost), free(h.is_center), free(h.ctab), free(h.gl_lower);
    free(h.colsum), free(h.xcost);
    if (r)
        rd_sc_free(s);
    return r;
}

void rd_sc_free(rd_sc_t *s)
{
    free(s->x), free(s->state), free(s->k), free(s->sw), free(s->col), free(s->cstart), free(s->center);
    memset(s, 0, sizeof *s);
}

/* pgain_kernel(num, dim, x, p, K, coord_d, work_mem_d, center_table_d,
 * switch_membership_d), Rodinia 2.0: thread_id = blockDim.x (blockIdx.x +
 * gridDim.x blockIdx.y) + threadIdx.x, no bound check (num is a multiple of
 * 512 here). Thread 0 of each block copies x's coordinates, coord_d[i num +
 * x], into coord_s[i] (shared) one by one; __syncthreads(); x_cost = the sum
 * over i of (coord_d[i num + tid] - coord_s[i])^2 (the source names each
 * operand twice: one load each, one FADD, an FFMA); x_cost *= p[tid].weight;
 * current_cost = p[tid].cost; lower = &work_mem_d[tid (K + 1)]. If x_cost <
 * current_cost: switch_membership_d[tid] = 1 (a byte), lower[K] += x_cost -
 * current_cost; else lower[center_table_d[p[tid].assign]] += current_cost -
 * x_cost (assign: the long field, an 8-byte load). The branch and the column
 * are the host run's (rd_sc_t); when K + 1 exceeds the kmax + 1 columns
 * work_mem_d was allocated with, the rows run past it, as the source's do. */
void rd_sc_pgain(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const rd_sc_t *s = p->data;
    const unsigned l = (unsigned)p->p, words = (s->n + 63) / 64;
    const uint64_t num = s->n, dim = s->dim, x = s->x[l], K = s->k[l];
    const uint64_t wm = p->arr[0], ct = p->arr[1], swm = p->arr[2], pts = p->arr[3], coord = p->arr[4];
    const uint64_t cs = p->shmem, tid = (uint64_t)t->bdx * (t->bx + (uint64_t)t->gdx * t->by) + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rtid = IMAD(t, IMAD(t, rby, NOREG, rbx), NOREG, rtx);
    BRANCH(t, rtx);   /* threadIdx.x == 0 */
    if (t->tx == 0)
        for (uint64_t i = 0; i < dim; i++) {
            reg_t ra = IMAD(t, NOREG, NOREG, NOREG);   /* i num + x */
            STS(t, EL(cs, i), NOREG, LDG(t, EL(coord, i * num + x), ra));
            LOOP(t, ra);
        }
    BAR(t);
    reg_t acc = MOV(t, NOREG);
    for (uint64_t i = 0; i < dim; i++) {
        reg_t ra = IADD(t, rtid, NOREG);   /* &coord_d[i num + tid] */
        reg_t a = LDG(t, EL(coord, i * num + tid), ra), b = LDS(t, EL(cs, i), NOREG);
        reg_t d = FADD(t, a, b);
        acc = FFMA(t, d, d, acc);
        LOOP(t, ra);
    }
    reg_t w = LDG(t, pts + SC_POINT * tid, rtid);
    reg_t xc = FMUL(t, acc, w);
    reg_t cost = LDG(t, pts + SC_POINT * tid + 24, rtid);
    reg_t row = IMAD(t, rtid, NOREG, NOREG);   /* tid (K + 1) */
    BRANCH(t, FADD(t, xc, cost));              /* x_cost < current_cost */
    if (s->sw[(size_t)l * words + tid / 64] >> (tid % 64) & 1) {
        STG8(t, swm + tid, rtid, MOV(t, NOREG));
        reg_t df = FADD(t, xc, cost);
        reg_t lo = LDG(t, EL(wm, tid * (K + 1) + K), row);
        STG(t, EL(wm, tid * (K + 1) + K), row, FADD(t, lo, df));
    } else {
        const uint64_t c = s->col[(size_t)s->state[l] * s->n + tid];
        const uint64_t as = s->center[s->cstart[s->state[l]] + c];
        reg_t ra = LDG64(t, pts + SC_POINT * tid + 16, rtid);
        reg_t rc = IMAD(t, LDG(t, EL(ct, as), ra), NOREG, row);
        reg_t df = FADD(t, cost, xc);
        reg_t lo = LDG(t, EL(wm, tid * (K + 1) + c), rc);
        STG(t, EL(wm, tid * (K + 1) + c), rc, FADD(t, lo, df));
    }
    EXIT(t);
}

/* ---- cfd (euler3d) ------------------------------------------------------------------------------ */

/* Kuhn's subdivision: tetrahedron p of a cube runs from corner 0 along axis a, then b, then c
 * (KUHN[p] = {a, b, c}) to corner (1,1,1); its vertices v0 = 0, v1 = e_a, v2 = e_a + e_b, v3 =
 * (1,1,1). Face j is the one opposite v_j: faces 1 and 2 are shared with the tetrahedra of the
 * same cube whose orders swap a, b or b, c; face 0 (x_a = 1) with tetrahedron (b, c, a) of the
 * cube one step along a, face 3 (x_c = 0) with (c, a, b) one step back along c. So the
 * adjacency is symmetric and conforming across cubes (every cube is cut alike). */
static const uint8_t KUHN[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

static unsigned kuhn_index(unsigned a, unsigned b)
{
    for (unsigned p = 0; p < 6; p++)
        if (KUHN[p][0] == a && KUHN[p][1] == b)
            return p;
    return 0;
}

static int in_box(const unsigned b[6], int64_t x, int64_t y, int64_t z)
{
    return x >= b[0] && x < b[1] && y >= b[2] && y < b[3] && z >= b[4] && z < b[5];
}

int rd_cfd_mesh_box(rd_cfd_mesh_t *m, unsigned nel, unsigned nx, unsigned ny, unsigned nz, const unsigned wing[6])
{
    memset(m, 0, sizeof *m);
    const uint64_t ncube = (uint64_t)nx * ny * nz;
    const unsigned box[6] = {0, nx, 0, ny, 0, nz};
    int64_t *first = malloc((ncube ? ncube : 1) * sizeof *first);
    if (!first)
        return -1;
    uint64_t kept = 0;
    for (uint64_t c = 0; c < ncube; c++) {   /* x fastest, then y, then z; wing cubes hold nothing */
        const unsigned x = (unsigned)(c % nx), y = (unsigned)(c / nx % ny), z = (unsigned)(c / nx / ny);
        first[c] = in_box(wing, x, y, z) ? -1 : (int64_t)(6 * kept++);
    }
    if (nel == 0 || nel > 6 * kept) {
        free(first);
        return -2;
    }
    m->nel = nel;
    m->nelr = CFD_BLOCK * (nel / CFD_BLOCK + (nel % CFD_BLOCK != 0));
    m->nx = nx, m->ny = ny, m->nz = nz;
    memcpy(m->wing, wing, sizeof m->wing);
    if (!(m->esurr = malloc((uint64_t)m->nelr * CFD_NNB * sizeof *m->esurr))) {
        free(first);
        return -1;
    }
    const uint64_t nelr = m->nelr;
    for (uint64_t c = 0; c < ncube; c++) {
        if (first[c] < 0 || first[c] >= nel)
            continue;
        const int64_t x = (int64_t)(c % nx), y = (int64_t)(c / nx % ny), z = (int64_t)(c / nx / ny);
        for (unsigned p = 0; p < 6 && first[c] + p < nel; p++) {
            const unsigned a = KUHN[p][0], b = KUHN[p][1], cc = KUHN[p][2];
            const uint64_t e = (uint64_t)first[c] + p;
            for (unsigned j = 0; j < CFD_NNB; j++) {
                int64_t q[3] = {x, y, z};
                unsigned np;
                if (j == 0)
                    q[a]++, np = kuhn_index(b, cc);
                else if (j == 1)
                    np = kuhn_index(b, a);
                else if (j == 2)
                    np = kuhn_index(a, cc);
                else
                    q[cc]--, np = kuhn_index(cc, a);
                int32_t nb;
                if (!in_box(box, q[0], q[1], q[2]))
                    nb = CFD_FAR;
                else if (in_box(wing, q[0], q[1], q[2]))
                    nb = CFD_WING;
                else {
                    const int64_t f = first[((uint64_t)q[2] * ny + (uint64_t)q[1]) * nx + (uint64_t)q[0]] + np;
                    nb = f < nel ? (int32_t)f : CFD_FAR;   /* the dropped elements: far field */
                }
                m->esurr[e + j * nelr] = nb;
            }
        }
    }
    for (uint64_t e = nel; e < nelr; e++)   /* the reader's padding: the last element's neighbours */
        for (unsigned j = 0; j < CFD_NNB; j++)
            m->esurr[e + j * nelr] = m->esurr[nel - 1 + j * nelr];
    free(first);
    return 0;
}

int rd_cfd_mesh(rd_cfd_mesh_t *m, unsigned nel)
{
    unsigned s = (unsigned)lround(cbrt(nel / 12.0)), nz = 0;
    s = s < 4 ? 4 : s;
    const unsigned nx = 2 * s, ny = s, wing[6] = {s / 2, s, s / 2 - 1, s / 2 + 1, s / 4, s / 4 + s / 2};
    uint64_t kept = 0;
    while (6 * kept < nel) {   /* layers until nel elements fit */
        nz++;
        kept += (uint64_t)nx * ny - (nz - 1 >= wing[4] && nz - 1 < wing[5] ? (uint64_t)(s - s / 2) * 2 : 0);
    }
    int r = rd_cfd_mesh_box(m, nel, nx, ny, nz ? nz : 1, wing);
    return r == -2 ? -1 : r;
}

void rd_cfd_mesh_free(rd_cfd_mesh_t *m)
{
    free(m->esurr);
    m->esurr = NULL;
}

static uint64_t cfd_nelr(uint64_t nel) { return (nel + CFD_BLOCK - 1) / CFD_BLOCK * CFD_BLOCK; }

/* The five components of element e of an nelr-strided array: out[c] = base[e + c nelr] for c =
 * 0 .. 4 (density, momentum x, y, z, density energy), each plane's address one add after the
 * last; r0 the first address's register. */
#define CFD_LOAD5(t, base, e, nelr, r0, out)                                                       \
    do {                                                                                           \
        reg_t a_ = (r0);                                                                           \
        out[0] = LDG(t, EL(base, (e)), a_);                                                        \
        a_ = IADD(t, a_, NOREG);                                                                   \
        out[1] = LDG(t, EL(base, (e) + (nelr)), a_);                                               \
        a_ = IADD(t, a_, NOREG);                                                                   \
        out[2] = LDG(t, EL(base, (e) + 2 * (nelr)), a_);                                           \
        a_ = IADD(t, a_, NOREG);                                                                   \
        out[3] = LDG(t, EL(base, (e) + 3 * (nelr)), a_);                                           \
        a_ = IADD(t, a_, NOREG);                                                                   \
        out[4] = LDG(t, EL(base, (e) + 4 * (nelr)), a_);                                           \
    } while (0)

/* compute_velocity (each division its reciprocal and product) and compute_speed_sqd of the state
 * u[5]: vel[3], ss. */
#define CFD_VELOCITY(t, u, vel, ss)                                                                \
    do {                                                                                           \
        vel[0] = FMUL(t, u[1], ALU(t, "MUFU.RCP", u[0], NOREG, NOREG));                            \
        vel[1] = FMUL(t, u[2], ALU(t, "MUFU.RCP", u[0], NOREG, NOREG));                            \
        vel[2] = FMUL(t, u[3], ALU(t, "MUFU.RCP", u[0], NOREG, NOREG));                            \
        ss = FFMA(t, vel[2], vel[2], FFMA(t, vel[1], vel[1], FMUL(t, vel[0], vel[0])));            \
    } while (0)

/* compute_pressure, (GAMMA - 1) (e - 0.5 density ss), and compute_speed_of_sound,
 * sqrtf(GAMMA pressure / density) (sqrtf as x rsqrt(x)). */
#define CFD_PRESSURE(t, u, ss, pr, sos)                                                            \
    do {                                                                                           \
        pr = FMUL(t, FFMA(t, FMUL(t, u[0], NOREG), ss, u[4]), NOREG);                              \
        reg_t g_ = FMUL(t, pr, NOREG);                                                             \
        reg_t q_ = FMUL(t, g_, ALU(t, "MUFU.RCP", u[0], NOREG, NOREG));                            \
        sos = FMUL(t, q_, ALU(t, "MUFU.RSQ", q_, NOREG, NOREG));                                   \
    } while (0)

/* compute_flux_contribution: fc[k][d], k = momentum x, y, z, density energy, d = x, y, z (the
 * source reuses fc[0][1], fc[0][2], fc[1][2] as fc[1][0], fc[2][0], fc[2][1]). */
#define CFD_FLUX_CONTRIB(t, u, pr, vel, fc)                                                        \
    do {                                                                                           \
        fc[0][0] = FFMA(t, vel[0], u[1], pr);                                                      \
        fc[0][1] = FMUL(t, vel[0], u[2]);                                                          \
        fc[0][2] = FMUL(t, vel[0], u[3]);                                                          \
        fc[1][0] = fc[0][1];                                                                       \
        fc[1][1] = FFMA(t, vel[1], u[2], pr);                                                      \
        fc[1][2] = FMUL(t, vel[1], u[3]);                                                          \
        fc[2][0] = fc[0][2];                                                                       \
        fc[2][1] = fc[1][2];                                                                       \
        fc[2][2] = FFMA(t, vel[2], u[3], pr);                                                      \
        reg_t dep_ = FADD(t, u[4], pr);                                                            \
        fc[3][0] = FMUL(t, vel[0], dep_);                                                          \
        fc[3][1] = FMUL(t, vel[1], dep_);                                                          \
        fc[3][2] = FMUL(t, vel[2], dep_);                                                          \
    } while (0)

#define CFD_ACC(t, acc, f, x, y) acc = FFMA(t, f, FADD(t, x, y), acc)   /* acc += f (x + y) */

/* One direction d of the face flux: factor = 0.5 normal[d]; density += factor (mom[d] +
 * momentum_i[d]); energy, momentum x, y, z += factor (fc[k][d] + fc_i[k][d]). With the far field
 * the first terms are constants (ff_variable, ff_flux_contribution_*: constant memory, FADD
 * operands, NOREG). */
#define CFD_DIRECTION(t, n, d, mom, fc, mom_i, fc_i, a)                                            \
    do {                                                                                           \
        reg_t f_ = FMUL(t, n[d], NOREG);                                                           \
        CFD_ACC(t, a[0], f_, mom[1 + (d)], mom_i[1 + (d)]);                                        \
        CFD_ACC(t, a[4], f_, fc[3][d], fc_i[3][d]);                                                \
        CFD_ACC(t, a[1], f_, fc[0][d], fc_i[0][d]);                                                \
        CFD_ACC(t, a[2], f_, fc[1][d], fc_i[1][d]);                                                \
        CFD_ACC(t, a[3], f_, fc[2][d], fc_i[2][d]);                                                \
    } while (0)

/* cuda_initialize_variables(nelr, variables): i = blockDim.x blockIdx.x + threadIdx.x;
 * variables[i + c nelr] = ff_variable[c] for c = 0 .. 4 (unrolled; the far-field state in
 * constant memory is the operand of a move: no global access). */
void rd_cfd_init(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t nelr = cfd_nelr(p->n), v = p->arr[0], i = (uint64_t)t->bdx * t->bx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx);
    STG(t, EL(v, i), ri, MOV(t, NOREG));
    reg_t a = IADD(t, ri, NOREG);
    STG(t, EL(v, i + nelr), a, MOV(t, NOREG));
    a = IADD(t, a, NOREG);
    STG(t, EL(v, i + 2 * nelr), a, MOV(t, NOREG));
    a = IADD(t, a, NOREG);
    STG(t, EL(v, i + 3 * nelr), a, MOV(t, NOREG));
    a = IADD(t, a, NOREG);
    STG(t, EL(v, i + 4 * nelr), a, MOV(t, NOREG));
    EXIT(t);
}

/* cuda_compute_step_factor(nelr, variables, areas, step_factors): the element's state (5
 * loads), its velocity, speed^2, pressure and speed of sound; then step_factors[i] = 0.5 /
 * (sqrtf(areas[i]) (sqrtf(speed^2) + speed of sound)). */
void rd_cfd_step_factor(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t nelr = cfd_nelr(p->n), v = p->arr[0], ar = p->arr[1], sf = p->arr[2];
    const uint64_t i = (uint64_t)t->bdx * t->bx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx);
    reg_t u[5], vel[3], ss, pr, sos;
    CFD_LOAD5(t, v, i, nelr, ri, u);
    CFD_VELOCITY(t, u, vel, ss);
    CFD_PRESSURE(t, u, ss, pr, sos);
    reg_t area = LDG(t, EL(ar, i), ri);
    reg_t sa = FMUL(t, area, ALU(t, "MUFU.RSQ", area, NOREG, NOREG));
    reg_t sp = FMUL(t, ss, ALU(t, "MUFU.RSQ", ss, NOREG, NOREG));
    reg_t den = FMUL(t, sa, FADD(t, sp, sos));
    STG(t, EL(sf, i), ri, FMUL(t, ALU(t, "MUFU.RCP", den, NOREG, NOREG), NOREG));
    EXIT(t);
}

/* cuda_compute_flux(nelr, elements_surrounding_elements, normals, variables, fluxes): the
 * element's state and derived values as in compute_step_factor, speed_i = sqrtf(speed^2), its
 * flux contributions; the five fluxes start at 0. For each face j (the source's unrolled
 * loop): nb = esurr[i + j nelr], normal = normals[i + (j + 4 k) nelr] for k = x, y, z, its
 * length; then
 *   nb >= 0 (a neighbour): its state variables[nb + c nelr] (the gather), velocity, speed^2,
 *     pressure, speed of sound, flux contributions; the artificial viscosity factor = -len 0.2
 *     0.5 (speed_i + sqrtf(speed^2_nb) + c_i + c_nb), flux[c] += factor (u_i[c] - u_nb[c]) in
 *     the order density, energy, momentum x, y, z; then per direction d (CFD_DIRECTION);
 *   nb == -1 (the wing): momentum[d] += normal[d] pressure_i;
 *   nb == -2 (the far field): per direction d with the far-field constants;
 * then fluxes[i + c nelr] = flux[c]. The four faces' code is one copy run four times, a loop
 * whose back edge is where the three paths meet (4 copies of its 140 sites would pass
 * SIMT_MAX_SITES): the same instructions and masks as the unrolled source, and 2 more (the
 * back edge) per face. Every site's operands are the same in every thread: the paths add to
 * the fluxes' first values (their moves), and the stores read the neighbour path's sums (every
 * element has a neighbour). */
void rd_cfd_flux(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const rd_cfd_mesh_t *m = p->data;
    const uint64_t nelr = cfd_nelr(p->n), es = p->arr[0], nm = p->arr[1], v = p->arr[2], fl = p->arr[3];
    const uint64_t i = (uint64_t)t->bdx * t->bx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx);
    reg_t u[5], vel[3], ss, pr, sos, fc[4][3];
    CFD_LOAD5(t, v, i, nelr, ri, u);
    CFD_VELOCITY(t, u, vel, ss);
    reg_t spd = FMUL(t, ss, ALU(t, "MUFU.RSQ", ss, NOREG, NOREG));
    CFD_PRESSURE(t, u, ss, pr, sos);
    CFD_FLUX_CONTRIB(t, u, pr, vel, fc);
    reg_t home[5] = {MOV(t, RZ_), NOREG, NOREG, NOREG, NOREG};   /* density, momentum x y z, energy */
    home[1] = MOV(t, RZ_), home[2] = MOV(t, RZ_), home[3] = MOV(t, RZ_), home[4] = MOV(t, RZ_);
    reg_t fin[5] = {home[0], home[1], home[2], home[3], home[4]};
    for (uint64_t j = 0; j < CFD_NNB; j++) {
        const int32_t nb = m->esurr[i + j * nelr];
        reg_t ae = IADD(t, ri, NOREG);
        reg_t rnb = LDG(t, EL(es, i + j * nelr), ae);
        reg_t an = IADD(t, ri, NOREG), n[3];
        n[0] = LDG(t, EL(nm, i + j * nelr), an);
        an = IADD(t, an, NOREG);
        n[1] = LDG(t, EL(nm, i + (j + CFD_NNB) * nelr), an);
        an = IADD(t, an, NOREG);
        n[2] = LDG(t, EL(nm, i + (j + 2 * CFD_NNB) * nelr), an);
        reg_t len = FFMA(t, n[2], n[2], FFMA(t, n[1], n[1], FMUL(t, n[0], n[0])));
        len = FMUL(t, len, ALU(t, "MUFU.RSQ", len, NOREG, NOREG));
        BRANCH(t, rnb);   /* nb >= 0 */
        if (nb >= 0) {
            reg_t w[5], vn[3], ssn, prn, sosn, fcn[4][3];
            reg_t a[5] = {home[0], home[1], home[2], home[3], home[4]};
            reg_t g = IMAD(t, rnb, NOREG, NOREG);   /* &variables[nb] */
            CFD_LOAD5(t, v, (uint64_t)nb, nelr, g, w);
            CFD_VELOCITY(t, w, vn, ssn);
            CFD_PRESSURE(t, w, ssn, prn, sosn);
            CFD_FLUX_CONTRIB(t, w, prn, vn, fcn);
            reg_t sq = FMUL(t, ssn, ALU(t, "MUFU.RSQ", ssn, NOREG, NOREG));
            reg_t sum = FADD(t, FADD(t, FADD(t, spd, sq), sos), sosn);
            reg_t f = FMUL(t, FMUL(t, len, NOREG), sum);
            CFD_ACC(t, a[0], f, u[0], w[0]);
            CFD_ACC(t, a[4], f, u[4], w[4]);
            CFD_ACC(t, a[1], f, u[1], w[1]);
            CFD_ACC(t, a[2], f, u[2], w[2]);
            CFD_ACC(t, a[3], f, u[3], w[3]);
            CFD_DIRECTION(t, n, 0, w, fcn, u, fc, a);
            CFD_DIRECTION(t, n, 1, w, fcn, u, fc, a);
            CFD_DIRECTION(t, n, 2, w, fcn, u, fc, a);
            for (int k = 0; k < 5; k++)
                fin[k] = a[k];
        } else {
            BRANCH(t, rnb);   /* nb == -1 */
            if (nb == CFD_WING) {
                FFMA(t, n[0], pr, home[1]);
                FFMA(t, n[1], pr, home[2]);
                FFMA(t, n[2], pr, home[3]);
            } else {
                BRANCH(t, rnb);   /* nb == -2 */
                if (nb == CFD_FAR) {
                    reg_t a[5] = {home[0], home[1], home[2], home[3], home[4]};
                    const reg_t cu[5] = {NOREG, NOREG, NOREG, NOREG, NOREG}, cfc[4][3] = {{NOREG}};
                    CFD_DIRECTION(t, n, 0, cu, cfc, u, fc, a);
                    CFD_DIRECTION(t, n, 1, cu, cfc, u, fc, a);
                    CFD_DIRECTION(t, n, 2, cu, cfc, u, fc, a);
                }
            }
        }
        LOOP(t, ae);
    }
    reg_t a = ri;
    STG(t, EL(fl, i), a, fin[0]);
    a = IADD(t, a, NOREG);
    STG(t, EL(fl, i + nelr), a, fin[1]);
    a = IADD(t, a, NOREG);
    STG(t, EL(fl, i + 2 * nelr), a, fin[2]);
    a = IADD(t, a, NOREG);
    STG(t, EL(fl, i + 3 * nelr), a, fin[3]);
    a = IADD(t, a, NOREG);
    STG(t, EL(fl, i + 4 * nelr), a, fin[4]);
    EXIT(t);
}

/* cuda_time_step(j, nelr, old_variables, variables, step_factors, fluxes): factor =
 * step_factors[i] / (RK + 1 - j); then for c = density, energy, momentum x, y, z (the source's
 * order): variables[i + c nelr] = old_variables[i + c nelr] + factor fluxes[i + c nelr] (the
 * arrays may alias: each store before the next loads). */
#define CFD_UPDATE(t, c)                                                                           \
    do {                                                                                           \
        reg_t a_ = IADD(t, ri, NOREG);                                                             \
        reg_t o_ = LDG(t, EL(old, i + (c) * nelr), a_);                                            \
        reg_t x_ = LDG(t, EL(fl, i + (c) * nelr), a_);                                             \
        STG(t, EL(var, i + (c) * nelr), a_, FFMA(t, f, x_, o_));                                   \
    } while (0)
void rd_cfd_time_step(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t nelr = cfd_nelr(p->n), old = p->arr[0], var = p->arr[1], sf = p->arr[2], fl = p->arr[3];
    const uint64_t i = (uint64_t)t->bdx * t->bx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx);
    reg_t s = LDG(t, EL(sf, i), ri);
    reg_t f = FMUL(t, s, ALU(t, "MUFU.RCP", IADD(t, NOREG, NOREG), NOREG, NOREG));   /* / (RK + 1 - j) */
    CFD_UPDATE(t, 0);
    CFD_UPDATE(t, 4);
    CFD_UPDATE(t, 1);
    CFD_UPDATE(t, 2);
    CFD_UPDATE(t, 3);
    EXIT(t);
}
#undef CFD_UPDATE
