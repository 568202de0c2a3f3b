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

/* mergeSort (SDK 4.x; cuda-samples keep the algorithm): N uint keys with
 * uint values sorted by mergeSortSharedKernel (1024-key blocks in shared
 * memory), then per stage of stride s = 1024, 2048, .. N / 2:
 * generateSampleRanksKernel, mergeRanksAndIndicesKernel (twice: A, B),
 * mergeElementaryIntervalsKernel. Keys: glibc's rand() % 65536 after
 * srand(2009) (ms_keys). The kernels' searches depend on the keys, so a
 * kernel's open builds what its threads read (ms_stage_open: the keys as the
 * stage finds them, the ranks and limits; ms_shared_open: the blocks' keys
 * stride by stride) and its threads replay the source's binary searches. */
#define MS_SHARED   1024   /* SHARED_SIZE_LIMIT */
#define MS_SAMPLE   128    /* SAMPLE_STRIDE */
typedef struct {
    uint64_t n;
    uint32_t *key;         /* the input keys (d_SrcKey) */
} ms_input_t;
int  ms_keys(ms_input_t *in, uint64_t n);   /* 0, or -1 out of memory */
void ms_input_free(ms_input_t *in);
/* simt_args_t.data of a stage's kernels (p = log2(s / 1024)) and of the
 * shared sort (arr: see kernels.c); NULL out of memory */
void *ms_stage_open(const void *input, unsigned stage);
void *ms_shared_open(const void *input, unsigned stage);
void  ms_data_close(void *d);
void sdk_ms_shared(simt_t *t);     /* arr = {d_DstKey, d_DstVal, d_SrcKey, d_SrcVal} */
void sdk_ms_ranks(simt_t *t);      /* arr = {d_RanksA, d_RanksB, d_SrcKey} */
void sdk_ms_limits_a(simt_t *t);   /* arr = {d_Limits, d_Ranks}: A */
void sdk_ms_limits_b(simt_t *t);   /* ... B */
void sdk_ms_intervals(simt_t *t);  /* arr = {d_DstKey, d_DstVal, d_SrcKey, d_SrcVal, d_LimitsA, d_LimitsB} */

/* histogram (SDK 4.2, histogram64.cu, histogram256.cu, main.cpp; the GPGPU-Sim copy of SDK 4.2
 * the MIB thesis' simulator ran): byteCount bytes, rand() % 256 after srand(2009) (hg_bytes).
 * histogram64Kernel: HG64_THREADS threads a block, one block per HG64_THREADS x HG64_PER_THREAD
 * bytes, uint4 loads, a byte counter per thread and bin in shared memory (s_Hist, uchar[64 x
 * 64]); mergeHistogram64Kernel: a block of HG_MERGE_THREADS per bin. histogram256Kernel:
 * HG256_BLOCKS x HG256_THREADS threads (6 warps), a 256-bin histogram per warp in shared memory
 * updated, as SDK 4.2 has it (USE_SMEM_ATOMICS 0), by tagging and retrying: count = s[bin] &
 * TAG_MASK; s[bin] = tid << 27 | count + 1; again while s[bin] != that (CUDA 5.0 and later use a
 * shared atomicAdd instead); mergeHistogram256Kernel. The bins decide the shared addresses and
 * the retries, so the threads read the bytes (simt_args_t.data: the hg_input_t). */
#define HG64_BINS        64
#define HG64_THREADS     64      /* HISTOGRAM64_THREADBLOCK_SIZE */
#define HG64_PER_THREAD  240     /* bytes a thread counts at most: 255 snapped down to a uint4 */
#define HG64_MAX_PARTIAL 32768   /* MAX_PARTIAL_HISTOGRAM64_COUNT */
#define HG256_BINS       256
#define HG256_THREADS    192     /* HISTOGRAM256_THREADBLOCK_SIZE: WARP_COUNT 6 warps */
#define HG256_BLOCKS     240     /* PARTIAL_HISTOGRAM256_COUNT */
#define HG_MERGE_THREADS 256     /* MERGE_THREADBLOCK_SIZE */
/* The input (d_Data) is not held whole (64 MB at the default size): glibc's
 * generator is restarted from its state at the start of the chunk a byte
 * is in (HG_CHUNK bytes; the state kept per chunk: HG_RING words), and the
 * chunks made last are kept in a direct-mapped cache, which holds every
 * chunk one warp's threads read (histogram256Kernel's warp reads a word per
 * thread every 46 080 words, through the whole input; its 32 threads and 6
 * warps read the same chunks again, as do the next blocks). */
#define HG_CHUNK 4096u
#define HG_RING  34u
#define HG_SPAN  1024u   /* the most bytes one hg_at reads */
typedef struct {
    uint64_t n;
    uint32_t *ring;        /* per chunk: the generator's last HG_RING outputs before it (HG_RING words) */
    uint8_t *cache;        /* nslot chunks */
    uint64_t *tag;         /* per slot: its chunk + 1 (0: empty) */
    unsigned nslot;        /* a power of two */
    uint8_t span[HG_SPAN]; /* a window across two chunks, put together */
    uint64_t made;         /* chunks generated (the cache's misses) */
} hg_input_t;
/* The input of n bytes, the cache of nslot chunks (0: a 32nd of the
 * input's, at least 64; else a power of two). 0, or -1 out of memory. */
int  hg_bytes(hg_input_t *in, uint64_t n, unsigned nslot);
void hg_input_free(hg_input_t *in);
const uint8_t *hg_fill(hg_input_t *in, uint64_t off, unsigned len);
/* Bytes [off, off + len) of the input, len <= HG_SPAN, off + len <= n:
 * valid until the next hg_at. */
static inline const uint8_t *hg_at(const hg_input_t *cin, uint64_t off, unsigned len)
{
    hg_input_t *in = (hg_input_t *)cin;   /* the cache changes; the input does not */
    const uint64_t c = off / HG_CHUNK;
    const unsigned slot = (unsigned)(c & (in->nslot - 1));
    if (len && (off + len - 1) / HG_CHUNK == c && in->tag[slot] == c + 1)
        return in->cache + (size_t)slot * HG_CHUNK + off % HG_CHUNK;
    return hg_fill(in, off, len);
}
void sdk_hg64(simt_t *t);          /* arr = {d_PartialHistograms, d_Data}, n = byteCount */
void sdk_hg64_merge(simt_t *t);    /* arr = {d_Histogram, d_PartialHistograms}, p = histogramCount */
void sdk_hg256(simt_t *t);         /* arr = {d_PartialHistograms, d_Data}, n = byteCount */
void sdk_hg256_merge(simt_t *t);   /* arr = {d_Histogram, d_PartialHistograms}, p = 240 */

/* convolutionSeparable (SDK 4.x: SDK 4.2's convolutionSeparable.cu was not found; CUDA 5.0's
 * and cuda-samples 12's kernels are the same, and are taken for it):
 * convolutionRowsKernel and convolutionColumnsKernel on an image of imageW x imageH floats
 * (pitch imageW; here square, simt_args_t: arr = {d_Dst, d_Src}, n = imageW = imageH), a
 * 2 CS_RADIUS + 1 tap filter in constant memory (c_Kernel). Rows: blocks of CS_ROWS_X x
 * CS_ROWS_Y, each thread CS_STEPS outputs CS_ROWS_X apart, a CS_ROWS_X-wide halo either side
 * (s_Data[4][160]); columns: CS_COLS_X x CS_COLS_Y, outputs CS_COLS_Y rows apart, a
 * CS_COLS_Y-row halo above and below (s_Data[16][81]). */
#define CS_RADIUS 8
#define CS_STEPS  8    /* ROWS_RESULT_STEPS, COLUMNS_RESULT_STEPS (the halos: 1 step) */
#define CS_ROWS_X 16
#define CS_ROWS_Y 4
#define CS_COLS_X 16
#define CS_COLS_Y 8
#define CS_ROWS_SHARED (4 * CS_ROWS_Y * (CS_STEPS + 2) * CS_ROWS_X)         /* bytes */
#define CS_COLS_SHARED (4 * CS_COLS_X * ((CS_STEPS + 2) * CS_COLS_Y + 1))
void sdk_cs_rows(simt_t *t);
void sdk_cs_cols(simt_t *t);

#endif
