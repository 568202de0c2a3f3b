/* parboil_lbm.h - Parboil's lbm (benchmarks/lbm/src/cuda: lbm_kernel.cu,
 * lbm.cu, main.cu, layout_config.h, lbm_macros.h), a D3Q19 lattice-Boltzmann
 * lid-driven cavity, its one kernel performStreamCollide_kernel written per
 * thread (parboil_lbm.c; simt.h). The TEMP/TBAS paper's Table 1 LBM.
 *
 * The CUDA version's layout (layout_config.h): SIZE_X x SIZE_Y x SIZE_Z =
 * 120 x 120 x 150 cells, padded to PADDED_X = 128, PADDED_Y = 120, PADDED_Z
 * = 154; an array of 20-float cells (19 distributions C N S E W T B NE NW SE
 * SW NT NB ST SB ET EB WT WB, then the FLAGS word), CALC_INDEX(x, y, z, e) =
 * e + 20 (x + 128 y + 128 * 120 z); SCATTER: a thread reads its own cell's 19
 * values and flags and writes each value into the neighbour its direction
 * points to. lbm.cu allocates (TOTAL_PADDED_CELLS * 20 + 2 TOTAL_MARGIN)
 * floats a grid, TOTAL_MARGIN = 2 planes of cells, and offsets the pointer
 * by REAL_MARGIN = CALC_INDEX(0, 0, 2, 0): two planes below z = 0 (z - 1 of
 * the bottom plane's neighbours is in them), PADDED_Z + 2 above. The launch:
 * blockDim (SIZE_X), gridDim (SIZE_Y, SIZE_Z): x = threadIdx.x, y =
 * blockIdx.x, z = blockIdx.y, no guard; main.cu launches it once a time step,
 * swapping the two grids after each. */
#ifndef MEMSCHED_SIM_PARBOIL_LBM_H
#define MEMSCHED_SIM_PARBOIL_LBM_H

#include <stdint.h>

#include "workload/simt.h"

#define LBM_SX       120u   /* SIZE_X: blockDim.x (BLOCK_SIZE) */
#define LBM_SY       120u   /* SIZE_Y: gridDim.x */
#define LBM_SZ       150u   /* SIZE_Z: gridDim.y; the size knob (the dataset's 150) */
#define LBM_PX       128u   /* PADDED_X */
#define LBM_PY       120u   /* PADDED_Y */
#define LBM_NE       20u    /* N_CELL_ENTRIES: 19 distributions and FLAGS */
#define LBM_FLAGS    19u    /* the FLAGS entry */
#define LBM_CELL_B   (4u * LBM_NE)                          /* a cell's bytes: 80 */
#define LBM_PLANE_B  ((uint64_t)LBM_PX * LBM_PY * LBM_CELL_B)   /* an xy plane's: 1 228 800 */
#define LBM_MARGIN_B (2 * LBM_PLANE_B)                      /* REAL_MARGIN, in bytes */
/* A grid's allocation at nz planes: (PADDED_Z + 4) planes, PADDED_Z = nz + 4. */
#define LBM_GRID_B(nz) (((uint64_t)(nz) + 8) * LBM_PLANE_B)

/* The cell flags (lbm.h CELL_FLAGS). */
#define LBM_OBSTACLE 1u
#define LBM_ACCEL    2u

/* The suite's runs (its run scripts): `lbm -i 120_120_150_ldc.of -- 100` (short) and
 * `-- 3000` (long): 100 and 3000 time steps, each one launch over the whole grid. The
 * workload runs LBM_STEPS of them: one. A step at the full grid simulates for minutes
 * (about 26 M cycles, DRAM-bound); a second one would read the grid the first wrote, each
 * grid 190 MB against an L2 of under 1 MB: the same accesses on the swapped arrays. */
#define LBM_SUITE_STEPS 100u
#define LBM_STEPS       1u

/* The STAND-IN obstacle file's solid sphere: cells whose doubled distance from
 * the grid's centre, (2x - 119)^2 + (2y - 119)^2 + (2z - (nz - 1))^2, is at
 * most LBM_SPHERE_D2 (radius 38.8 cells); at nz = 150 it and the LDC walls
 * make 343 504 obstacle cells, the real file's run log 343 321. */
#define LBM_SPHERE_D2 6011u

/* The cells' flags as the host leaves them before the first launch
 * (LBM_initializeGrid, LBM_loadObstacleFile, LBM_initializeSpecialCellsForLDC),
 * x fastest, unpadded: flags[x + 120 (y + 120 z)]. */
typedef struct {
    unsigned nz;
    uint8_t *flags;
    uint64_t obstacle, accel, fluid;   /* LBM_showGridStatistics' counts */
} pbl_lbm_t;

/* The grid of nz planes with the STAND-IN obstacle file (the sphere above; the
 * real 120_120_150_ldc.of is not readable here), then the lid-driven cavity's
 * special cells: the six walls obstacles, the planes z = 1 and nz - 2 inside
 * 1 < x, y < 118 accelerated. 0, or -1 out of memory. */
int pbl_lbm_standin(pbl_lbm_t *g, unsigned nz);
void pbl_lbm_free(pbl_lbm_t *g);

/* One thread of performStreamCollide_kernel(srcGrid, dstGrid) (simt_args_t:
 * arr = {srcGrid, dstGrid} allocations of this launch, before the margin;
 * data = the pbl_lbm_t). */
void pbl_lbm_kernel(simt_t *t);

#endif
