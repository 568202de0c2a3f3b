/* rodinia_pf.h - Rodinia's particle filter (cuda/particlefilter,
 * particlefilter_float.cu, the version the run script runs second and the one
 * whose whole filter runs on the GPU) written per thread (simt.h): per frame
 * k = 1 .. Nfr-1, likelihood_kernel, sum_kernel, normalize_weights_kernel,
 * find_index_kernel, 512-thread blocks, double arrays.
 *
 * The run script's input: -x 128 -y 128 -z 10 -np 1000 (Rodinia 3.1; 2.x
 * ran -np 10000). The video is synthesised by the program (videoSequence:
 * a disk of radius 5 moving one pixel right and two up a frame, background
 * 100, foreground 228, noise 5 randn from seed[0]); the seeds are
 * seed[i] = time(0) * i, here with time(0) fixed at PTF_TIME. Addresses and
 * control flow depend on the random numbers (the particles' positions pick
 * the pixels, the weights the resampling loop's trips), so rd_pf_run runs
 * the whole host program and the kernels' arithmetic at setup, in double as
 * the source (the C library's log, cos, sqrt, exp: the device's may differ
 * in the last bit).
 *
 * Per-thread kernels (simt_args_t: n = Nparticles, p = the frame k, data = an
 * rd_pf_t), their arrays by role in the order of their CUDA signatures:
 *   rd_pf_likelihood: arrayX arrayY xj yj ind objxy likelihood I weights seed
 *                     partial_sums (CDF and u are passed but not used);
 *                     shared buffer[512] doubles
 *   rd_pf_sum: partial_sums
 *   rd_pf_normalize: weights partial_sums CDF u seed; shared u1, sumWeights
 *   rd_pf_find_index: arrayX arrayY CDF u xj yj (weights not used) */
#ifndef MEMSCHED_SIM_RODINIA_PF_H
#define MEMSCHED_SIM_RODINIA_PF_H

#include <stdint.h>

#include "workload/simt.h"

#define PTF_BLOCK   512   /* threads_per_block */
#define PTF_ISZ     128   /* -x 128 -y 128 */
#define PTF_NFR     10    /* -z 10 */
#define PTF_NP      1000  /* -np 1000 (Rodinia 3.1's run script) */
#define PTF_RADIUS  5
#define PTF_ONES    69    /* the disk's ones: countOnes */
#define PTF_TIME    1262304000   /* time(0) for the seeds: 2010-01-01 00:00:00 UTC */

typedef struct {
    unsigned np, nfr, iszx, iszy, nblocks;
    int max_size;
    int objxy[2 * PTF_ONES];   /* getneighbors: (y - 4, x - 4) pairs */
    unsigned char *video;     /* I, IszX x IszY x Nfr */
    /* per frame k = 1 .. nfr-1, at [(k - 1) * np + i]: */
    int *ind;                 /* [(k - 1) * np * PTF_ONES + i * PTF_ONES + y]: ind after the max_size test */
    uint8_t *oob;             /* ... whether the test set it to 0 (the store's branch) */
    uint32_t *trips;          /* find_index_kernel's loop trips for particle i (1 .. np) */
    uint32_t *index;          /* ... the index it gathers */
    int *seed0;               /* seed[0] before frame k's likelihood_kernel (tests) */
} rd_pf_t;

/* The host program and its kernels for np particles, nfr frames of
 * isz x isz. 0, or -1 out of memory. */
int rd_pf_run(rd_pf_t *pf, unsigned np, unsigned nfr, unsigned isz);
void rd_pf_free(rd_pf_t *pf);
/* The device's and the host's LCG (d_randu, randu): seed' = (A seed + C) % INT_MAX in
 * 32-bit ints, the value |seed'| / INT_MAX. */
double rd_pf_randu(int *seed);

void rd_pf_likelihood(simt_t *t);
void rd_pf_sum(simt_t *t);
void rd_pf_normalize(simt_t *t);
void rd_pf_find_index(simt_t *t);

#endif
