/* sl1.h - S-L1, a software L1 in shared memory (Mokhtari et al., seed
 * 002; docs/sl1.md), as a transformation of what the SMs execute.
 *
 * The compiler's code is applied to a kernel's thread blocks as they are
 * handed out: every global access of a thread to one of the kernel's data
 * structures (the workload's MemcpyHtoD regions) becomes the instructions
 * the inserted code executes for that thread at that access, with their
 * masks and register dependences. Each thread first monitors its accesses
 * (one simulated 16 B line per structure, sl1.monitor accesses), then
 * chooses the structures it caches, one line each in shared memory (at most
 * CLN), and from then on a cached access is a tag check and a shared-memory
 * access on a hit; a miss first writes back the line's dirty words, loads
 * the new line from global memory and stores it into shared memory. Lines
 * are flushed before a memory fence and at the thread's end. A thread's
 * lines are private, so what each thread hits and misses follows from its
 * own accesses in program order: the transformation is exact at dispatch.
 * Lanes of a warp that take different paths issue each path with their
 * mask. */
#ifndef MEMSCHED_SIM_SL1_H
#define MEMSCHED_SIM_SL1_H

#include "kernel.h"

/* The S-L1 parameters (config keys sl1.*). */
typedef struct {
    unsigned line;      /* sl1.line: bytes per line (4..32, a multiple of 4) */
    unsigned monitor;   /* sl1.monitor: accesses a thread monitors before it chooses */
    unsigned min_hit;   /* sl1.min_hit: a structure is cached only above this hit rate, % */
    unsigned cln;       /* sl1.cln: lines per thread; 0 = the paper's CLN from the occupancy */
} sl1_cfg_t;

/* The lines per thread (CLN) of a kernel on n_sm SMs with these limits: the
 * paper's floor((free shared memory / threads per SM) / line), with the
 * threads running in an SM: the blocks the kernel's occupancy allows without
 * S-L1, or fewer when its grid has fewer for each SM (ceil(blocks / n_sm)
 * under the round-robin dispatch; n_sm 0: another dispatch, the occupancy
 * alone), and their own shared memory. */
unsigned sl1_cln(const sl1_cfg_t *c, const kinfo_t *k, unsigned n_sm, unsigned shmem, unsigned max_blocks,
                 unsigned max_warps, unsigned max_threads, unsigned regs);

/* The kernel k with S-L1 applied (k is owned by the result and closed with
 * it). regions: the workload's data structures (MemcpyHtoD regions before
 * the launch). The block's shared memory grows by CLN x line per thread.
 * NULL after a message (out of memory). */
kernel_t *sl1_wrap(kernel_t *k, const sl1_cfg_t *c, unsigned cln, const region_t *regions, unsigned nregions);

#endif
