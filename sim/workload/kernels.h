/* kernels.h - the built-in kernels: the papers' workloads generated in the
 * in-memory form of kernel.h, thread block by thread block, so that a run
 * needs no input files (memsched trace-gen writes them as Accel-Sim traces). */
#ifndef MEMSCHED_SIM_KERNELS_H
#define MEMSCHED_SIM_KERNELS_H

#include <stdio.h>

#include "workload/kernel.h"

typedef struct {
    const char *name;       /* --workload NAME */
    const char *summary;    /* one line: what it does, which paper */
    unsigned default_size;  /* the size knob's default (e.g. the matrix dimension) */
    unsigned min_size;      /* the smallest size accepted */
    const char *size_means; /* what the size knob scales, e.g. "N (matrix N x N)" */
    unsigned quick_size;    /* a size that runs in about a second (make run, make bench) */
    unsigned per_thread;    /* 1: written per thread (simt.h), 0: a static program and a warp emitter */
    unsigned unshared;      /* 1: an unshared (/U) version: shared arrays in global memory (simt_ops.h) */
    unsigned threads_knob;  /* 1: the launch's thread count is free (workload.threads; the S-L1 stand-ins) */
} builtin_info_t;

extern const builtin_info_t builtin_kernels[];   /* ends with {NULL} */

/* Named sizes (--size NAME), as size codes above any number: a kernel's quick
 * size; half its default (at least min_size), a reproduction's second size;
 * its smallest (min_size: a pipeline's check in seconds, results mean nothing). */
#define BUILTIN_SIZE_QUICK 0xffffffffu
#define BUILTIN_SIZE_HALF  0xfffffffeu
#define BUILTIN_SIZE_MIN   0xfffffffdu

/* The size knob a kernel runs at for a --size value (0: its default). */
unsigned builtin_size(const builtin_info_t *b, unsigned size);
/* A named size's code (0: not a name), and a code's name (NULL: a number). */
unsigned builtin_size_code(const char *name);
const char *builtin_size_name(unsigned code);
#define BUILTIN_SIZE_NAMES "quick, half or min"

/* A built-in workload by name; size 0 = its default, BUILTIN_SIZE_QUICK its
 * quick size. NULL after a message
 * listing the names (unknown name) or the accepted sizes (exit 2). */
workload_t *builtin_open(const char *name, unsigned size);

/* The same with the launch's thread count chosen (config workload.threads; 0: the kernel's own
 * geometry), for the kernels whose threads_knob is 1, in whole blocks of BUILTIN_THREADS_STEP;
 * NULL after a message otherwise. */
workload_t *builtin_open_threads(const char *name, unsigned size, unsigned threads);
#define BUILTIN_THREADS_STEP 256

/* Print the built-in kernels, one per line: name, default size, quick size, summary. */
void builtin_list(FILE *f);

#endif
