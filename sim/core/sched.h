/* sched.h - the warp scheduler interface and its registry.
 *
 * Each SM has sm.schedulers warp schedulers; scheduler k owns the warp slots
 * w with w % sm.schedulers == k and keeps them in sched_t.list, oldest first
 * (blocks dispatched earlier, then lower warp slots; sm.c maintains the list
 * and calls the hooks). A policy is a sched_ops_t in a file of its own
 * (core/sched_NAME.c) and one row of SCHED_LIST below: the configuration's
 * accepted names (`sm.scheduler`, `--list-keys`) and the SM's choice both
 * come from that row (docs/sim.md, "How to add a warp scheduler"). */
#ifndef MEMSCHED_SIM_CORE_SCHED_H
#define MEMSCHED_SIM_CORE_SCHED_H

#include <stdint.h>

#include "block.h"
#include "workload/kernel.h"

/* The registry: X(id, "name", flags) per policy, its ops in sched_<id>.c
 * named sched_<id>. Flags: SCHED_NO_SWL, the policy keeps an active set of
 * its own that sm.swl would fight (the configuration check refuses both). */
#define SCHED_NO_SWL 1u
#define SCHED_LIST(X)                  \
    X(lrr, "lrr", 0)                   \
    X(gto, "gto", 0)                   \
    X(two_level, "two-level", SCHED_NO_SWL) \
    X(laws, "laws", SCHED_NO_SWL) \
    X(ccws, "ccws", SCHED_NO_SWL) \
    X(tbas, "tbas", SCHED_NO_SWL)

typedef struct sm sm_t;

/* One scheduler's warps: its live warps oldest first, the last it issued. */
typedef struct {
    uint8_t list[64];
    unsigned n;
    unsigned last;
} sched_t;

/* A warp entering a warp slot with its block. */
typedef struct {
    unsigned warp;        /* warp slot */
    unsigned slot;        /* its block's slot in the SM */
    unsigned in_block;    /* its index within the block (warp 0, 1, ...) */
    uint64_t block;       /* the block's number in the kernel's grid (x + y gx + z gx gy) */
    unsigned kernel;      /* the kernel's -kernel id */
    uint64_t batch;       /* its thread batch in the launch: block / the launch's batch stride */
} sched_warp_t;

/* What the L1D answered for one line of a global load (per-load feedback:
 * CCWS's lost locality, APRES' LAWS grouping). */
typedef enum { SCHED_L1_HIT, SCHED_L1_MISS, SCHED_L1_MERGED, SCHED_L1_UNCACHED } sched_l1_t;
typedef struct {
    unsigned warp;        /* warp slot */
    uint32_t pc;          /* the load's PC */
    uint32_t rec;         /* its load record (sm_t.rec) */
    uint64_t line;        /* line address (byte address >> 7) */
    int first;            /* the first of the load's lines the L1D answered */
    sched_l1_t result;
    int evicted;          /* the access evicted a valid line (allocation on miss) ... */
    uint64_t victim;      /* ... this one */
    uint64_t now;         /* the core cycle */
} sched_load_t;

/* A policy (its name and flags are its SCHED_LIST row). pick and issued
 * are required; the others may be NULL. */
typedef struct {
    /* The warp scheduler k issues this cycle: the first of its priority
     * order that sm_can_issue accepts, or -1. */
    int (*pick)(sm_t *sm, unsigned k, uint64_t now);
    /* After every issue of scheduler k (warp w, instruction in with active
     * lanes mask; rec, the load record of a global or local load or an
     * atomic, else 0). */
    void (*issued)(sm_t *sm, unsigned k, unsigned w, const sinst_t *in, uint32_t mask, uint32_t rec);
    /* A warp starts in one of scheduler k's slots (after it joined the list). */
    void (*launch)(sm_t *sm, unsigned k, const sched_warp_t *wp);
    /* A warp of scheduler k finished (after it left the list). */
    void (*exit)(sm_t *sm, unsigned k, unsigned w);
    /* The L1D's answer to one line of a global load of scheduler k's warp. */
    void (*load)(sm_t *sm, unsigned k, const sched_load_t *ld);
    /* A fill evicted a valid line (allocation on fill). */
    void (*evict)(sm_t *sm, uint64_t line);
    /* Why the policy picked warp w (decision traces; before `issued`). */
    const char *(*reason)(sm_t *sm, unsigned k, unsigned w);
    /* A policy with hardware of its own (a block of cmodel/ through the
     * lockstep object): open it with the SM (0, or nonzero after a message),
     * close it with the SM, and clock it once per cycle the SM runs its
     * schedulers, after their picks (0, 1 for a lockstep mismatch, which
     * sets sm->fail_blk). */
    int (*open)(sm_t *sm, const sim_blkopts_t *bo);
    void (*close)(sm_t *sm);
    int (*cycle)(sm_t *sm, uint64_t now, uint64_t dram_now);
} sched_ops_t;

#define SCHED_DECLARE(id, name, flags) extern const sched_ops_t sched_##id;
SCHED_LIST(SCHED_DECLARE)
#undef SCHED_DECLARE

/* The policies in SCHED_LIST order (sm.scheduler's value is an index into
 * it), and their names and flags, each NULL-terminated / SCHED_N long. */
enum {
#define SCHED_ENUM(id, name, flags) SCHED_ID_##id,
    SCHED_LIST(SCHED_ENUM)
#undef SCHED_ENUM
    SCHED_N
};
extern const sched_ops_t *const sched_table[SCHED_N + 1];
extern const char *const sched_names[SCHED_N + 1];
extern const unsigned sched_flags[SCHED_N];

/* Helpers for policies: the first warp of list[from], list[from + 1], ...
 * (cyclically, n of them) that can issue now, or -1; the position after
 * warp `last` in the first n of the list (0 if it is not there). */
int sched_first_ready(sm_t *sm, const uint8_t *list, unsigned n, unsigned from, uint64_t now);
unsigned sched_after(const uint8_t *list, unsigned n, unsigned last);

#endif
