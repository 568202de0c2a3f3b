/* loadchar.h - the characterisation of static global loads, as APRES'
 * Table I ("characteristics of frequently executed loads"; l1.load_stats=1;
 * docs/sim.md "Load characterisation"): per kernel and load PC, the line
 * requests it made after coalescing (%Load's numerator), the distinct lines
 * among them (#L/#R), its L1D misses (the miss rate), and the inter-warp
 * strides of its executions (Stride, %Stride). */
#ifndef MEMSCHED_SIM_LOADCHAR_H
#define MEMSCHED_SIM_LOADCHAR_H

#include <stdint.h>

#include "mem/lineset.h"

typedef struct {
    unsigned kernel;          /* index into loadchar_t.kname */
    uint32_t pc;
    uint64_t refs;            /* line requests the L1D answered */
    uint64_t misses;          /* of them misses (sent to the L2; a merge into a pending miss is not one) */
    lineset_t lines;          /* the distinct lines */
    uint64_t execs;           /* executions (warp instructions) */
    uint64_t pairs;           /* executions with an earlier one of another warp on the same SM: strides */
    lineset_t strides;        /* stride (offset, see loadchar.c) -> how many pairs */
    uint64_t *last;           /* per SM: the last execution's global warp ID + 1 (0: none) ... */
    uint64_t *last_addr;      /* ... and its lowest active lane's byte address */
} lc_load_t;

typedef struct {
    unsigned n_sm;
    char **kname;             /* kernel names, in the order first seen */
    unsigned nk;
    lc_load_t *ld;            /* the static loads, in the order first seen */
    unsigned n, cap;
    lineset_t index;          /* (kernel << 32 | pc) -> index into ld */
} loadchar_t;

int  loadchar_init(loadchar_t *c, unsigned n_sm);
void loadchar_free(loadchar_t *c);
/* The kernel `name`'s index (added when new); -1 out of memory. */
int  loadchar_kernel(loadchar_t *c, const char *name);
/* One line request of a global load as the L1D answered it: kernel index,
 * PC, line, whether it missed; first: the first of the instruction's lines
 * (it then counts as an execution by global warp gwarp of SM sm, whose
 * lowest active lane's byte address is addr). 0, or -1 out of memory. */
int  loadchar_line(loadchar_t *c, unsigned kernel, uint32_t pc, uint64_t line, int miss, int first, unsigned sm,
                   uint64_t gwarp, uint64_t addr);
/* The most common stride of load i and how many pairs had it (0 pairs: none). */
int64_t loadchar_top_stride(const loadchar_t *c, unsigned i, uint64_t *count);

#endif
