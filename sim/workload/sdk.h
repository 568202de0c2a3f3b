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

#endif
