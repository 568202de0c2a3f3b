/* batch.h - TEMP's thread batches found by profiling (docs/tbas.md "Thread
 * batches"): the thread block stride of a launch, the number of
 * consecutive blocks (in grid order, x + y gx + z gx gy) that one batch
 * holds, chosen from the pages the kernel's first blocks touch. */
#ifndef MEMSCHED_SIM_CORE_BATCH_H
#define MEMSCHED_SIM_CORE_BATCH_H

#include "workload/kernel.h"

#define BATCH_PROFILE_BLOCKS 256   /* blocks profiled (the kernel's first) */
#define BATCH_MAX_STRIDE     64    /* the largest stride considered */

/* The profile of one launch: its first blocks' global accesses, their pages
 * (page_bytes), and the stride chosen:
 *   - sharing(s): over the pages touched by at most half of the profiled
 *     blocks (a page every block reads is shared by any batching), the sum
 *     of (distinct batches of s blocks touching the page - 1);
 *   - the stride is the smallest s (1 .. min(BATCH_MAX_STRIDE, profiled / 4))
 *     with sharing(s) <= sharing(1) / 10: batches that keep at least nine
 *     tenths of the pages blocks share inside one batch; 1 when there is no
 *     such s (no structure a batch captures) or nothing is shared.
 * 0 with *stride set, or 2 after a message (a cursor could not be opened, bad input). */
typedef struct {
    unsigned stride;
    unsigned blocks;          /* blocks profiled */
    uint64_t pages;           /* distinct pages they touched, of them ... */
    uint64_t pages_common;    /* ... touched by more than half of the blocks (left out) */
    uint64_t sharing1, sharing;   /* sharing(1) and sharing(stride) */
} batch_profile_t;

int batch_profile(kernel_t *k, unsigned page_bytes, batch_profile_t *p);

#endif
