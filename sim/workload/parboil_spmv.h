/* parboil_spmv.h - Parboil 2.5 spmv (benchmarks/spmv/src/cuda: main.cu,
 * jds_kernels.cu, spmv_jds.h; common_src/convert-dataset/convert_dataset.c,
 * gpu_info.cc): y = A x with A in the padded JDS format the host builds
 * (coo_to_jds), one row a thread, x read with plain global loads.
 *
 * The kernel (the `cuda` version, not `cuda_tex`): spmv_jds(dst_vector,
 * d_data, d_index, d_perm, x_vec, d_nzcnt, dim); jds_ptr_int[] and
 * sh_zcnt_int[] are __constant__ arrays:
 *   ix = blockIdx.x * blockDim.x + threadIdx.x; warp_id = ix >> 5;
 *   if (ix < dim) {
 *     sum = 0; bound = sh_zcnt_int[warp_id];
 *     j = jds_ptr_int[0] + ix; d = d_data[j]; i = d_index[j]; t = x_vec[i];
 *     if (bound > 1) {
 *       j = jds_ptr_int[1] + ix; i = d_index[j];
 *       for (k = 2; k < bound; k++) {
 *         dn = d_data[j]; j = jds_ptr_int[k] + ix; in = d_index[j];
 *         tn = x_vec[i]; sum += d * t; i = in; d = dn; t = tn;
 *       }
 *       dn = d_data[j]; tn = x_vec[i]; sum += d * t; d = dn; t = tn;
 *     }
 *     sum += d * t; dst_vector[d_perm[ix]] = sum;
 *   }
 * main.cu launches it 50 times on the same arrays. */
#ifndef MEMSCHED_SIM_PARBOIL_SPMV_H
#define MEMSCHED_SIM_PARBOIL_SPMV_H

#include <stdint.h>

#include "workload/simt.h"

#define SPMV_WARP     32     /* coo_to_jds' warp_size (main.cu's pad) */
#define SPMV_LAUNCHES 50     /* main.cu: for (i = 0; i < 50; i++) spmv_jds<<<grid, block>>> */
#define SPMV_SMS      15     /* deviceProp.multiProcessorCount (GPGPU-Sim's GTX 480, APRES Table III) */
#define SPMV_MAJOR    2      /* deviceProp.major: compute capability 2.0 */
#define SPMV_P        3      /* the stand-in's polynomial degree (Dubcova3: 3) */
#define SPMV_N        128    /* the stand-in's elements per side (Dubcova3: 128) */

/* A matrix in Parboil's JDS form, as coo_to_jds leaves it (pad_rows 1,
 * pack_size 1, warp_size 32). Data values decide nothing, so there are
 * none. */
typedef struct {
    unsigned dim;         /* the matrix' rows (the .mtx header's) */
    unsigned rows;        /* ... padded to a multiple of 32 */
    unsigned nzcnt_len;   /* groups of 32 JDS rows: sh_zcnt_int's length */
    unsigned depth;       /* jds_ptr_int's length: the longest row + 1 */
    uint64_t nnz;         /* entries after the mirroring (the .mtx's off-diagonal ones twice) */
    uint64_t len;         /* d_data's and d_index's length (with padding) */
    int32_t *index;       /* d_index: column, -1 for a padding entry */
    int32_t *ptr;         /* jds_ptr_int: where diagonal k starts */
    int32_t *perm;        /* d_perm: JDS row -> matrix row (0 for an empty row) */
    int32_t *nzcnt;       /* sh_zcnt_int: each group's longest row */
} pb_spmv_t;

/* coo_to_jds on a matrix given as rows (CSR: row r's columns col[start[r]
 * .. start[r+1]-1] in the order the converter's stable sort by row leaves
 * them). 0, or -1 out of memory. */
int pb_spmv_jds(pb_spmv_t *m, unsigned dim, const uint64_t *start, const uint32_t *col);

/* The STAND-IN for Parboil's large input Dubcova3.mtx (UF/SuiteSparse
 * UTEP/Dubcova3, 146 689 rows, not readable here): the interior degrees of
 * freedom of a degree-3 hierarchical H1 finite-element space on an n x n
 * square mesh (n = 128: (3n - 1)^2 = 146 689 rows, 3 636 649 entries, the
 * collection's 3 636 643 nonzeros and its 6 explicit zeros), numbered as
 * Hermes2D numbers them (vertex and edge functions element by element, then
 * the bubbles; elements in the order uniform refinement of one square makes
 * them), columns ascending in each row, then pb_spmv_jds. 0, or -1 out of
 * memory. */
int pb_spmv_standin(pb_spmv_t *m, unsigned n);
void pb_spmv_free(pb_spmv_t *m);

/* gpu_info.cc's compute_active_thread(&block, &grid, nzcnt_len, 32, major,
 * minor, warpSize, SMs) at SPMV_MAJOR, SPMV_SMS. */
void pb_spmv_geometry(unsigned nzcnt_len, unsigned *block, unsigned *grid);

/* spmv_jds, per thread (simt_args_t: arr = {dst_vector, d_data, d_index,
 * d_perm, x_vec}, data = the pb_spmv_t). */
void pb_spmv_kernel(simt_t *t);

#endif
