/* sdk_dct.h - the CUDA SDK sample dct8x8 (cuda-samples
 * Samples/2_Concepts_and_Techniques/dct8x8: dct8x8.cu, dct8x8_kernel2.cuh,
 * dct8x8_kernel_quantization.cuh, Common.h), its second CUDA version
 * (WrapperCUDA2): 8x8 block-wise forward DCT, quantization and inverse DCT
 * of a float image plane, written per thread (sdk_dct.c; simt.h). The
 * TEMP/TBAS paper's Table 1 "Discrete Cosine Transform" (DCT).
 *
 * WrapperCUDA2 (dct8x8.cu): cudaMallocPitch src, then dst (Size.width
 * floats a row, Size.height rows, one pitch for both); src <- the image
 * minus 128 (cudaMemcpy2D); then
 *   for (i = -1; i < 100; i++) CUDAkernel2DCT<<<grid2, block2>>>(dst, src, stride);
 *   CUDAkernelQuantizationFloat<<<gridq, blockq>>>(dst, stride);
 *   CUDAkernel2IDCT<<<grid2, block2>>>(src, dst, stride);
 * grid2 (W / 32, H / 16), block2 (8, 4, 2): a block is 32 x 16 pixels, a
 * thread one column of 8 pixels of one 8x8 tile; gridq (W / 8, H / 8),
 * blockq (8, 8): a thread a pixel. */
#ifndef MEMSCHED_SIM_SDK_DCT_H
#define MEMSCHED_SIM_SDK_DCT_H

#include <stdint.h>

#include "workload/simt.h"

#define DCT_BLOCK      8     /* Common.h BLOCK_SIZE: the tile side */
#define DCT_K2_W       32    /* KER2_BLOCK_WIDTH: pixels of a thread block across */
#define DCT_K2_H       16    /* KER2_BLOCK_HEIGHT: ... down */
#define DCT_K2_SSTRIDE 33    /* KER2_SMEMBLOCK_STRIDE (floats): a shared row, one word of padding */
#define DCT_K2_SHMEM   (DCT_K2_H * DCT_K2_SSTRIDE * 4u)   /* __shared__ float block[16 * 33]: 2112 B */
/* blockDim (8, 4, 2) launched as (8, 8): threadIdx.y' = y + 4 z has the
 * same linear thread id x + 8 y + 32 z, so the same threads form the same
 * warps (warp 0: z = 0, warp 1: z = 1); the kernel recovers y = y' & 3,
 * z = y' >> 2. The launch record's blockDim reads (8, 8, 1). */
#define DCT_K2_BX      8
#define DCT_K2_BY      8
#define DCT_LAUNCHES   101   /* CUDAkernel2DCT: the warm-up (i = -1) and 100 timed runs */
#define DCT_N          512   /* teapot512.bmp: 512 x 512 */
/* DeviceStride (floats) for an image N pixels wide: the pitch GPGPU-Sim's
 * cudaMallocPitch returns, the width itself (a GPU's driver rounds it up to
 * 512 bytes: the same for N a multiple of 128, as the default 512 and the
 * quick 128 are). */
static inline unsigned dct_stride(unsigned n) { return n; }

/* One thread of CUDAkernel2DCT(dst, src, ImgStride) / CUDAkernel2IDCT(dst,
 * src, ImgStride) (simt_args_t: arr = {dst, src} of the launch, n = the
 * image side N; the stride dct_stride(N); shmem: block[]). Launched with
 * blockDim (8, 8) (above). */
void sdk_dct2_fwd(simt_t *t);
void sdk_dct2_inv(simt_t *t);

/* One thread of CUDAkernelQuantizationFloat(SrcDst, Stride) (arr = {SrcDst},
 * n = N), blockDim (8, 8). */
void sdk_dct_quant(simt_t *t);

/* The STAND-IN for teapot512.bmp (the sample's input, a binary file not
 * readable here; LoadBmpAsGray makes it 8-bit grey): n x n bytes, row r at
 * img[r n], a deterministic picture (a lit sphere on a gradient with a
 * little noise: smooth regions and edges, as a photograph has). The
 * kernels' addresses, branches and instruction counts do not depend on the
 * pixels, so the workload does not carry them; this is the image the run
 * would transform. */
void sdk_dct_standin(uint8_t *img, unsigned n);

/* WrapperCUDA2's upload: float plane of `stride` floats a row, pixel - 128
 * (CopyByte2Float, AddFloatPlane(-128)), the padding 0. */
void sdk_dct_plane(const uint8_t *img, unsigned n, unsigned stride, float *plane);

#endif
