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
 * of its own (core/dispatch_ID.c) and a row of DISPATCH_LIST below, which
 * the key gpu.dispatch's names and the GPU's choice come from (docs/sim.md,
 * "Thread-block dispatch"). */
#ifndef MEMSCHED_SIM_DISPATCH_H
#define MEMSCHED_SIM_DISPATCH_H

#include "block.h"
#include "workload/kernel.h"

/* The registry: X(id, "name") per policy, its ops dispatch_<id> in dispatch_<id>.c. */
#define DISPATCH_LIST(X)     \
    X(rr, "round-robin")     \
    X(temp, "temp")

typedef struct dispatcher dispatcher_t;
typedef struct {
    /* Optional, for a policy with hardware of its own (a block of cmodel/
     * through the lockstep object), held for the whole run: open it with the
     * GPU (0, or 2 after a message) into *unit, close it with the GPU; its
     * lockstep object (a failure names and replays it). */
    int (*open)(void **unit, const config_t *cfg, const sim_blkopts_t *bo);
    void (*close)(void *unit);
    lockstep_t *(*ls)(void *unit);
    /* Optional: once per core cycle of a launch with blocks left, before
     * the SMs are offered blocks: can_take[sm] is 1 for the SMs that can
     * take one this cycle (next is then called for each of them). 0; 1 a
     * lockstep mismatch; 2 after a message. */
    int (*cycle)(dispatcher_t *d, const uint8_t *can_take, uint64_t now);
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
    void *unit;        /* its hardware, opened with the GPU (ops->open), or NULL */
};

#define DISPATCH_DECLARE(id, name) extern const dispatch_ops_t dispatch_##id;
DISPATCH_LIST(DISPATCH_DECLARE)
#undef DISPATCH_DECLARE
enum {
#define DISPATCH_ENUM(id, name) DISPATCH_ID_##id,
    DISPATCH_LIST(DISPATCH_ENUM)
#undef DISPATCH_ENUM
    DISPATCH_N
};
/* The policies in DISPATCH_LIST order (gpu.dispatch is an index) and their names. */
extern const dispatch_ops_t *const dispatch_table[DISPATCH_N + 1];
extern const char *const dispatch_names[DISPATCH_N + 1];

#endif
