/* dispatch.h - thread-block dispatch: which block an SM with room gets.
 *
 * Each core cycle the run loop (gpu.c) offers the SMs that can take one
 * more block of the running kernel, one block per SM per cycle, in
 * round-robin order from the SM after the last one served; for each, the
 * policy gives a block or none. A policy reads the kernel's blocks in their
 * order through the launch's handle (next_tb), or any contiguous ranges of
 * them at once through cursors (kernel_t.open_at): TEMP's per-SM queues of
 * consecutive blocks (issue 15) plug in here, with the temp_dispatch block's
 * C model (or its RTL) deciding. To add a policy: a dispatch_ops_t in a file
 * of its own, chosen in gpu_new (docs/sim.md, "Thread-block dispatch"). */
#ifndef MEMSCHED_SIM_DISPATCH_H
#define MEMSCHED_SIM_DISPATCH_H

#include "workload/kernel.h"

typedef struct dispatcher dispatcher_t;
typedef struct {
    const char *name;
    /* A launch of k (the handle the run loop opened and closes) on nsm SMs. 0, or 2 after a message. */
    int (*start)(dispatcher_t *d, kernel_t *k, unsigned nsm);
    /* SM `sm` can take a block: 1 with tb filled and *from the handle it was
     * read from (its opcode table); 0: none for this SM now; 2 after a
     * "FILE:LINE: expected ..." message (bad input). */
    int (*next)(dispatcher_t *d, unsigned sm, tb_t *tb, kernel_t **from);
    /* 1 while blocks are left to give. */
    int (*more)(const dispatcher_t *d);
    /* The launch is over: close what start opened. */
    void (*stop)(dispatcher_t *d);
} dispatch_ops_t;

struct dispatcher {
    const dispatch_ops_t *ops;
    kernel_t *k;       /* the launch's handle */
    int more;
    void *impl;        /* the policy's own state */
};

/* The kernel's blocks in their order, to whichever SM asks first (the
 * baseline; GPGPU-Sim's as well). */
extern const dispatch_ops_t dispatch_round_robin;

#endif
