/* sdk.h - NVIDIA CUDA SDK kernels written per thread (sdk.c; simt.h), as
 * the SDK 4.2 samples the MIB thesis ran (CUDA 4.2) have them. */
#ifndef MEMSCHED_SIM_SDK_H
#define MEMSCHED_SIM_SDK_H

#include "workload/simt.h"

/* transpose/transpose.cu (SDK 4.2): the eight kernels main() times, in its
 * order, each (odata, idata, width, height, nreps) on a square matrix
 * (simt_args_t: arr = {odata, idata}, n = width = height, p = nreps), in
 * TR_TILE x TR_TILE blocks (TILE_DIM = BLOCK_ROWS = 16: one element per
 * thread), shared tiles of TR_TILE x TR_TILE floats (copySharedMem,
 * transposeCoalesced) or TR_TILE x (TR_TILE + 1) (the rest). */
#define TR_TILE 16
enum { TR_COPY, TR_COPY_SHARED, TR_NAIVE, TR_COALESCED, TR_NO_BANK_CONFLICTS, TR_COARSE, TR_FINE, TR_DIAGONAL,
       TR_KERNELS };
void sdk_tr_copy(simt_t *t);
void sdk_tr_copy_shared(simt_t *t);
void sdk_tr_naive(simt_t *t);
void sdk_tr_coalesced(simt_t *t);
void sdk_tr_no_bank_conflicts(simt_t *t);
void sdk_tr_coarse(simt_t *t);
void sdk_tr_fine(simt_t *t);
void sdk_tr_diagonal(simt_t *t);

/* BlackScholes/BlackScholes_kernel.cuh (SDK 4.x), BlackScholesGPU: a
 * grid-stride loop of BS_BLOCKS x BS_THREADS threads over the options
 * (simt_args_t: arr = {d_CallResult, d_PutResult, d_StockPrice,
 * d_OptionStrike, d_OptionYears}, n = optN): three loads, the formula, two
 * stores per option. */
#define BS_BLOCKS  480
#define BS_THREADS 128
#define BS_OPTIONS 4000000   /* OPT_N */
void sdk_blackscholes(simt_t *t);

/* scalarProd/scalarProd_kernel.cu (SDK 4.x), scalarProdGPU<<<SP_BLOCKS,
 * SP_THREADS>>>: vectorN dot products of elementN = SP_ELEMENTS floats,
 * ACCUM_N = SP_ACCUM partial sums in shared memory, a tree to one
 * (simt_args_t: arr = {d_C, d_A, d_B}, n = vectorN). */
#define SP_BLOCKS   128
#define SP_THREADS  256
#define SP_ELEMENTS 4096   /* ELEMENT_N */
#define SP_ACCUM    1024   /* ACCUM_N */
void sdk_scalarprod(simt_t *t);

/* reduction/reduction_kernel.cu (SDK 4.x), reduce6<int, blockDim.x,
 * nIsPow2 = true>, the sample's default kernel (simt_args_t: arr = {g_idata,
 * g_odata}, n = the elements; p = 0: the first pass, idata -> odata over n;
 * p = 1: the final pass on the GPU, odata -> odata over RD_BLOCKS). */
#define RD_THREADS 256
#define RD_BLOCKS  64   /* maxBlocks */
void sdk_reduce6(simt_t *t);

#endif
