/* parboil_stencil.h - Parboil 2.5's stencil (benchmarks/stencil/src/cuda,
 * kernels.cu: block2D_hybrid_coarsen_x), a 7-point 3-D Jacobi stencil,
 * written per thread (parboil_stencil.c; simt.h). */
#ifndef MEMSCHED_SIM_PARBOIL_STENCIL_H
#define MEMSCHED_SIM_PARBOIL_STENCIL_H

#include "workload/simt.h"

/* main.cu's launch: tx = 32, ty = 4 threads a block, each thread two points
 * of x (i and i + blockDim.x: a block covers 64 x 4 points of a plane), the
 * grid (ceil(nx / 64), ceil(ny / 4)); 2 tx ty floats of shared memory (the
 * block's current plane). The host launches the kernel `iteration` times,
 * swapping A0 and Anext after each launch. */
#define PBL_ST_TX 32
#define PBL_ST_TY 4
#define PBL_ST_SHMEM (2u * PBL_ST_TX * PBL_ST_TY * 4u)
/* The suite's runs: 100 iterations (small 128 128 32 100, default 512 512 64
 * 100). Every iteration is the same launch over the same two arrays (the
 * roles swapped), far too many to simulate at the default size: the workload
 * runs the first PBL_ST_ITERS (both directions of the swap). */
#define PBL_ST_SUITE_ITERS 100
#define PBL_ST_ITERS 2

/* The grid of the size knob n: nx = ny = n, nz = n / 4 but at most 64 (the
 * suite's datasets: small 128 x 128 x 32, default 512 x 512 x 64), at least 3
 * (one interior plane). */
static inline unsigned pbl_st_nz(uint64_t n)
{
    uint64_t nz = n / 4 > 64 ? 64 : n / 4;
    return nz < 3 ? 3u : (unsigned)nz;
}

/* One thread of block2D_hybrid_coarsen_x(c0, c1, A0, Anext, nx, ny, nz)
 * (simt_args_t: arr = {A0, Anext} of this launch, n = nx = ny; nz =
 * pbl_st_nz(n); shmem: sh_A0). */
void pbl_stencil(simt_t *t);

#endif
