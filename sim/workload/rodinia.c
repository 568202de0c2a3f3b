/* rodinia.c - Rodinia 3.1 kernels (Che et al., IISWC 2009; the MRPB paper's
 * Table 3), written per thread after their CUDA sources (simt.h): each
 * function is one thread's execution of the kernel, its global and shared
 * accesses, barriers and data-dependent control flow where the source has
 * them. */
#include "workload/rodinia.h"

#include "workload/simt_ops.h"

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
