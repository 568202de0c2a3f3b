/* parboil_histo.h - Parboil 2.5's histo (the CUDA version: histo_prescan.cu,
 * histo_intermediates.cu, histo_main.cu, histo_final.cu, main.cu, util.h)
 * written per thread (simt.h): a saturating 2-D histogram (256 wide x 4096
 * high, byte bins capped at 255) of an image of bin indices.
 *
 * One iteration of the host loop (the suite runs `histo -- 20 4`: 20) is
 * four launches: histo_prescan_kernel (64 x 512: the mean and deviation of
 * an eighth of the input give the "eye", ranges [min, max] of 24K-bin
 * blocks), histo_intermediates_kernel (ceil(H / 16) x (W + 1) / 2: each
 * bin index becomes a uchar4 {block, indexhi, indexlo, offset}),
 * histo_main_kernel (14 x (max - min + 1), 768 threads: block (x, y) counts
 * the inputs of every 14th run of 768 that fall in range min + y into a
 * 24 KB shared histogram of byte counters, four to a word, with shared
 * atomics; blocks of row 0 also count the inputs outside [min, max] into
 * the 16-bit global histogram with global atomics; each block adds its
 * counters to global_subhisto with global atomics) and histo_final_kernel
 * (42 x 512: the outer regions of the global histogram and the eye region
 * of the sub-histogram, saturated to bytes, into final_histo).
 *
 * The input, datasets/histo/default/input/img.bin (996 x 1040 bin indices,
 * histogram 256 x 4096), is not public here: the image is a STAND-IN
 * (pbh_input): each pixel an independent draw of a 2-D Gaussian centred on
 * the histogram (row 2048, column 128; deviations PBH_SIGMA_ROW rows and
 * PBH_SIGMA_COL columns), as the suite describes its data ("roughly
 * Gaussian, centred in the output histogram"). The data decides the eye
 * (the main kernel's grid), which threads' bins are in each block's range
 * (branches, shared-atomic addresses) and which global bins the outliers
 * hit. */
#ifndef MEMSCHED_SIM_WORKLOAD_PARBOIL_HISTO_H
#define MEMSCHED_SIM_WORKLOAD_PARBOIL_HISTO_H

#include <stdint.h>

#include "workload/simt.h"

#define PBH_KB               24                   /* util.h KB */
#define PBH_BINS_PER_BLOCK   (PBH_KB * 1024)      /* BINS_PER_BLOCK */
#define PBH_BLOCK_X          14                   /* BLOCK_X */
#define PBH_PRESCAN_THREADS  512                  /* PRESCAN_THREADS */
#define PBH_PRESCAN_BLOCKS   64                   /* PRESCAN_BLOCKS_X */
#define PBH_THREADS          768                  /* THREADS (KB == 24) */
#define PBH_UNROLL           16                   /* UNROLL */
#define PBH_FINAL_THREADS    512                  /* main.cu: histo_final_kernel<<<BLOCK_X * 3, 512>>> */
#define PBH_IMG_W            996                  /* the default image: 996 x 1040 */
#define PBH_IMG_H            1040
#define PBH_HISTO_W          256                  /* the default histogram: 256 x 4096 */
#define PBH_HISTO_H          4096
#define PBH_MIN_H            272                  /* every prescan thread samples a pixel: W H / 64 / 8 >= 512 */
#define PBH_SIGMA_ROW        16.0                 /* the stand-in's deviations (rows, columns) */
#define PBH_SIGMA_COL        32.0

typedef struct {
    unsigned width, height;       /* the image (img_width, img_height) */
    uint32_t *img;                /* width x height bin indices (the input array) */
    unsigned rmin, rmax;          /* ranges_h after histo_prescan_kernel: the eye's 24K-bin blocks */
    uint32_t *prev;               /* per pixel, what its atomic in histo_main_kernel finds: the shared
                                   * word (in [rmin, rmax]) or the 16-bit global count (outside) */
} pbh_input_t;

/* The stand-in image of `height` rows (PBH_IMG_W wide), the prescan's ranges as the kernel
 * computes them (pbh_ranges) and the main kernel's atomics' old values. 0, or -1 out of memory. */
int  pbh_input(pbh_input_t *in, unsigned height);
void pbh_input_free(pbh_input_t *in);
/* histo_prescan_kernel's result on `size` pixels, in the kernel's float arithmetic and order. */
void pbh_ranges(const uint32_t *img, uint64_t size, unsigned *rmin, unsigned *rmax);

/* The kernels; simt_args_t.data is the pbh_input_t. */
void pb_histo_prescan(simt_t *t);        /* arr = {input, ranges} */
void pb_histo_intermediates(simt_t *t);  /* arr = {input, sm_mappings} */
void pb_histo_main(simt_t *t);           /* arr = {sm_mappings, global_subhisto, global_histo, global_overflow} */
void pb_histo_final(simt_t *t);          /* arr = {global_subhisto, global_histo, global_overflow, final_histo} */

#endif
