/* sdk_fwt.h - the CUDA SDK sample fastWalshTransform (NVIDIA cuda-samples
 * Samples/5_Domain_Specific/fastWalshTransform: fastWalshTransform.cu, the
 * host program; fastWalshTransform_kernel.cuh, the kernels), its three
 * kernels written per thread (sdk_fwt.c; simt.h). The TEMP/TBAS paper's FWT.
 *
 * The host program is a dyadic convolution of a data vector of dataN =
 * 2^log2Data floats with a kernel of kernelN = 2^log2Kernel floats padded
 * with zeros to dataN (d_Kernel is cudaMalloc'ed first, then d_Data):
 *   fwtBatchGPU(d_Data, 1, log2Data); fwtBatchGPU(d_Kernel, 1, log2Data);
 *   modulateGPU(d_Data, d_Kernel, dataN); fwtBatchGPU(d_Data, 1, log2Data);
 * fwtBatchGPU(d, M, log2N) launches, while log2N > FWT_ELEM_LOG2,
 * fwtBatch2Kernel<<<(2^log2N / (4 FWT_THREADS), M), FWT_THREADS>>>(d, d,
 * N / 4) and then log2N -= 2, N /= 4, M *= 4 (the grid is computed once,
 * before the loop: every pass covers the whole vector); then
 * fwtBatch1Kernel<<<M, N / 4, 4 N bytes of shared memory>>>(d, d, log2N).
 * modulateGPU is modulateKernel<<<FWT_MOD_BLOCKS, FWT_MOD_THREADS>>>. */
#ifndef MEMSCHED_SIM_SDK_FWT_H
#define MEMSCHED_SIM_SDK_FWT_H

#include "workload/simt.h"

#define FWT_LOG2_DATA   23    /* the sample's log2Data: 8 Mi floats */
#define FWT_LOG2_KERNEL 7     /* log2Kernel: 128 floats, the rest of d_Kernel zero */
#define FWT_ELEM_LOG2   11    /* ELEMENTARY_LOG2SIZE: fwtBatch1Kernel's vectors, at most 2^11 floats */
#define FWT_THREADS     256   /* fwtBatchGPU's THREAD_N (fwtBatch2Kernel's blocks) */
#define FWT_MOD_BLOCKS  128   /* modulateGPU's launch */
#define FWT_MOD_THREADS 256
/* The smallest dataN the workload runs (smaller sizes are rounded up to it):
 * 2^13, one fwtBatch2Kernel pass and fwtBatch1Kernel at log2N = 11 (both
 * kernels and the radix-2 stage in the smallest runs; the source itself
 * needs dataN >= kernelN) */
#define FWT_MIN_LOG2    13

/* fwtBatch1Kernel(d_Output, d_Input, log2N): simt_args_t arr = {d_Output,
 * d_Input} (the same array: the host passes d_Data twice), p = log2N;
 * blockDim.x = N / 4, shmem: s_data[N]. */
void sdk_fwt_batch1(simt_t *t);
/* fwtBatch2Kernel(d_Output, d_Input, stride): arr = {d_Output, d_Input},
 * p = stride; N = blockDim.x gridDim.x 4 from the launch. */
void sdk_fwt_batch2(simt_t *t);
/* modulateKernel(d_A, d_B, N): arr = {d_A, d_B} (d_Data, d_Kernel), n = N. */
void sdk_fwt_modulate(simt_t *t);

/* The launches of fwtBatchGPU(d, 1, log2N), in order (at most `max`): for
 * each, its kind (2: fwtBatch2Kernel, 1: fwtBatch1Kernel), grid x, grid y,
 * block x, shared bytes and scalar argument (stride, log2N). Returns how
 * many (log2N >= 2). */
typedef struct {
    unsigned kind, gx, gy, bx, shmem, arg;
} fwt_launch_t;
unsigned fwt_batch_launches(unsigned log2N, fwt_launch_t *out, unsigned max);

#endif
