/* sdk_sortnet.h - CUDA SDK sortingNetworks (NVIDIA/cuda-samples
 * Samples/2_Concepts_and_Techniques/sortingNetworks: main.cpp,
 * bitonicSort.cu, sortingNetworks_common.cuh; the same kernels and driver
 * as SDK 4.x's): batches of uint keys and values sorted by bitonic sort,
 * its four kernels per thread.
 *
 * main.cpp: N = 1048576 keys, DIR = 0 (descending), numValues 65536,
 * numIterations 1; srand(2001), key[i] = rand() % 65536, val[i] = i;
 * cudaMalloc d_InputKey, d_InputVal, d_OutputKey, d_OutputVal (N uints
 * each), the inputs copied in; then for arrayLength = 64, 128, .. N one
 * call bitonicSort(d_OutputKey, d_OutputVal, d_InputKey, d_InputVal,
 * N / arrayLength, arrayLength, DIR) (every call sorts the same input
 * afresh). main never calls oddEvenMergeSort (oddEvenMergeSort.cu is
 * compiled, not run): the default run is bitonic sort only.
 *
 * bitonicSort(): SHARED_SIZE_LIMIT = 1024, blockCount = N / 1024 blocks of
 * threadCount = 512 threads (a comparator a thread, 1024 keys a block);
 *  - arrayLength <= 1024: bitonicSortShared (the whole sort in shared
 *    memory);
 *  - else bitonicSortShared1 (every 1024-key piece sorted, odd pieces the
 *    other way), then for size = 2048 .. arrayLength: for stride = size / 2
 *    down to 1024 bitonicMergeGlobal (N / 512 blocks of 256, a comparator
 *    a thread in global memory), then one bitonicMergeShared (strides 512
 *    .. 1 in shared memory).
 *
 * Comparator(keyA, valA, keyB, valB, dir): if ((keyA > keyB) == dir) swap
 * both pairs. On shared memory through references (the shared kernels)
 * the values are read and all four written only when the pair swaps: a
 * data-dependent branch, so the shared kernels' threads need the keys as
 * their block finds them at each step (sn_open: replayed on the host). In
 * bitonicMergeGlobal the pairs are registers: selects, all four stores. */
#ifndef MEMSCHED_SIM_SDK_SORTNET_H
#define MEMSCHED_SIM_SDK_SORTNET_H

#include <stdint.h>

#include "workload/simt.h"

#define SN_N          1048576u   /* main.cpp's N */
#define SN_MIN        2048u      /* the smallest N with every kernel (one 2048-key array) */
#define SN_QUICK      8192u      /* SDK 4.x main.cpp's N under device emulation */
#define SN_SEED       2001       /* srand(2001) */
#define SN_VALUES     65536u     /* numValues */
#define SN_DIR        0u         /* DIR */
#define SN_SHARED     1024u      /* SHARED_SIZE_LIMIT */
#define SN_THREADS    (SN_SHARED / 2)   /* threadCount */
#define SN_GTHREADS   256u       /* bitonicMergeGlobal's blocks */
#define SN_SHMEM      (2u * 4u * SN_SHARED)   /* s_key, s_val */
#define SN_MAX_STEPS  55u        /* comparator steps of a 1024-key sort: 1 + 2 + .. + 10 */

enum { SN_SORT_SHARED, SN_SORT_SHARED1, SN_MERGE_GLOBAL, SN_MERGE_SHARED };

typedef struct {          /* one launch, in bitonicSort()'s order */
    uint8_t kind;         /* SN_SORT_SHARED .. */
    uint32_t length;      /* arrayLength */
    uint32_t size, stride;   /* bitonicMergeGlobal's; size also bitonicMergeShared's */
    uint32_t dir;
    uint32_t first;       /* the launch that starts its bitonicSort() call */
} sn_launch_t;

typedef struct sn_snap sn_snap_t;

typedef struct {
    uint64_t n;           /* N keys */
    uint32_t *key;        /* h_InputKey */
    sn_launch_t *launch;
    unsigned nlaunch;
    /* the replay (sn_open): the keys before launch `at` of its call, and the
     * last snapshot handed out */
    uint32_t *cur;
    int64_t at;
    sn_snap_t *snap;
} sn_input_t;

/* main.cpp's keys for n (a power of two, at least SN_MIN) and its bitonicSort
 * calls' launches. 0, or -1 out of memory. */
int  sn_input(sn_input_t *in, uint64_t n);
void sn_input_free(sn_input_t *in);
/* glibc's rand() after srand(seed): the sample's keys are rand() % 65536 */
void sn_keys(uint32_t *key, uint64_t n, int32_t seed);

/* Grid and block of launch l. */
void sn_geometry(const sn_input_t *in, unsigned l, unsigned *grid, unsigned *block);

/* What a shared kernel's threads read (kdef_t.data_open, its launch the
 * level): the keys as the launch finds them, and per block the pairs that
 * swap at each step. */
void *sn_open(const void *input, unsigned level);
void  sn_close(void *d);
/* ... the keys it reads (N of them) */
const uint32_t *sn_data_keys(const void *d);

/* The comparator steps of launch `kind` on one block's 1024 keys (changed
 * in place): swap[s][tx] = whether thread tx's pair swaps at step s, in
 * the kernel's loop order. The number of steps. */
unsigned sn_block(const sn_launch_t *ln, unsigned bx, uint32_t *key, uint8_t (*swap)[SN_THREADS]);

/* The kernels, per thread. Arrays (simt_args_t.arr) = {d_DstKey, d_DstVal,
 * d_SrcKey, d_SrcVal}; the shared ones' data is sn_open's, bitonicMergeGlobal's
 * the sn_input_t (its launch: simt_args_t.p). */
void sdk_sn_sort_shared(simt_t *t);
void sdk_sn_sort_shared1(simt_t *t);
void sdk_sn_merge_global(simt_t *t);
void sdk_sn_merge_shared(simt_t *t);

#endif
