/* sl1_apps.h - the S-L1 paper's ten streaming applications (its Table 1) as
 * STAND-INS written per thread (simt.h): most have no public source, so each
 * is built from the paper's description and the access pattern it states
 * (docs/sl1.md; /work/notes/SL1-BRIEF.md sections 4 and 7): each thread
 * processes its own contiguous chunk of the input (chunk = input units /
 * threads, in order), reading it sequentially element by element (chars of
 * text, records of a log), with Table 1's number of data structures (each an
 * array of the workload, i.e. a region copied to the GPU, outputs too).
 *
 * The input is synthetic and deterministic (simt_mix64, fixed seeds, built
 * by sl1_input): text with a Zipf-like vocabulary of words of realistic
 * lengths and lines of 20 to 100 characters, HTML pages, DNA reads, a web
 * log, card transactions, float matrices, points. The control flow that
 * depends on the data (a word ending at a blank, a pattern's match, a
 * lower-case letter's store) follows it, so lanes diverge where real threads
 * would. */
#ifndef MEMSCHED_SIM_WORKLOAD_SL1_APPS_H
#define MEMSCHED_SIM_WORKLOAD_SL1_APPS_H

#include <stdint.h>

#include "workload/simt.h"

enum { SL1_UPPER, SL1_WC, SL1_DNA, SL1_OPINION, SL1_INVIDX, SL1_PAGEVIEW, SL1_MASTERCARD, SL1_MATMUL, SL1_GREP,
       SL1_KMEANS, SL1_NAPPS };

#define SL1_BLOCK       256        /* threads a block */
#define SL1_MAX_BLOCKS  64         /* 8 SMs x 2048 threads */
#define SL1_READ        64         /* dna: bases a read (then '\n') */
#define SL1_LEX         4096       /* opinion: lexicon buckets (scores) */
#define SL1_KW          256        /* opinion: subject keyword buckets */
#define SL1_TERMS       16384      /* inverted-index: term buckets */
#define SL1_URLS        8192       /* page-view-count: URL table slots (open addressing) */
#define SL1_NURL        3000       /* ... URLs in it */
#define SL1_CUST        65536      /* mastercard-affinity: customers */
#define SL1_MERCH       4096       /* ... merchants */
#define SL1_KM_D        8          /* kmeans-sl1: features a point */
#define SL1_KM_K        8          /* ... clusters */
/* kmeans-sl1's shared memory a block: the centroids, per-warp partial sums (count + D sums a
 * cluster) and each thread's staged point */
#define SL1_KM_SH_CENT  0
#define SL1_KM_SH_SUMS  (4 * SL1_KM_K * SL1_KM_D)
#define SL1_KM_SH_PTS   (SL1_KM_SH_SUMS + 4 * (SL1_BLOCK / 32) * SL1_KM_K * (SL1_KM_D + 1))
#define SL1_KM_SHMEM    (SL1_KM_SH_PTS + 4 * SL1_BLOCK * SL1_KM_D)

typedef struct {
    unsigned app;
    uint64_t n;              /* input units: chars, records, points; matrixmul: elements of c (N x N) */
    uint64_t dim;            /* matrixmul: N */
    unsigned blocks;         /* the launch's blocks (of SL1_BLOCK) */
    uint64_t chunk;          /* units a thread: ceil(n / threads) */
    uint64_t slice;          /* output records a thread (its own slice of the output array) */
    uint8_t *text;           /* text, HTML, DNA reads */
    uint32_t *rec;           /* page-view-count, mastercard-affinity: 4 words a record */
    uint32_t *table;         /* opinion: lexicon scores; page-view-count: URL keys */
    uint32_t *kw;            /* opinion: subject keyword hashes */
    uint8_t *flag;           /* mastercard-affinity: customers of the target merchant */
    float *pts;              /* kmeans-sl1: points (D floats each), then the K initial centroids */
    char pat[16];            /* grep: the pattern */
    unsigned patlen;
} sl1_input_t;

/* The input of `app` at size `size` (its workload's knob: KB of text, K records, K points, or N):
 * its data and the launch's geometry: `threads` threads (a multiple of SL1_BLOCK, workload.threads)
 * or, with 0, the grid that aims at the app's chunk a thread. 0, or -1 out of memory. */
int  sl1_input(sl1_input_t *in, unsigned app, uint64_t size, unsigned threads);
void sl1_input_free(sl1_input_t *in);
/* The number of arrays (data structures) of each application, Table 1's count. */
extern const unsigned sl1_narrays[SL1_NAPPS];
/* The arrays' sizes in bytes, in order (at most 4). */
void sl1_array_sizes(const sl1_input_t *in, uint64_t bytes[4]);

/* The kernels; simt_args_t.data is the sl1_input_t, arr[] its arrays in order. */
void sl1_upper(simt_t *t);       /* arr = {text, out} */
void sl1_wc(simt_t *t);          /* arr = {text} */
void sl1_dna(simt_t *t);         /* arr = {reads, contig, overlaps} */
void sl1_opinion(simt_t *t);     /* arr = {tweets, lexicon, keywords, scores} */
void sl1_invidx(simt_t *t);      /* arr = {pages, postings, term_counts} */
void sl1_pageview(simt_t *t);    /* arr = {log, urls, counts} */
void sl1_mastercard(simt_t *t);  /* arr = {transactions, customers_of_x, counts} */
void sl1_matmul(simt_t *t);      /* arr = {a, b, c} */
void sl1_grep(simt_t *t);        /* arr = {text, lines} */
void sl1_kmeans(simt_t *t);      /* arr = {points, clusters} */

#endif
