/* prefetch.h - L1D prefetchers: the interface and its registry.
 *
 * A prefetcher hears the L1D's answer to every line of every global load
 * (the warp, the load's PC, the line, hit or miss) and names lines to fetch
 * ahead; the L1D issues each as a prefetch (l1_prefetch: a read that fills
 * a line and wakes no load) when the line is neither there nor on its way
 * and an MSHR entry, the miss queue and (allocation on miss) a way are
 * free, else drops it; the SM calls it after the demand access, in the same
 * cycle. APRES' scheduling-aware prefetcher (SAP, the apres_sap block) is
 * not one of these: it is hardware beside LAWS with its own pipeline and
 * its own port into the L1D (sched_laws.c), and pf_sap only names it; a
 * policy is a prefetch_ops_t in a file of
 * its own (mem/pf_NAME.c) and a row of PREFETCH_LIST, from which `l1.prefetch`
 * takes its names (docs/sim.md, "L1D"). */
#ifndef MEMSCHED_SIM_MEM_PREFETCH_H
#define MEMSCHED_SIM_MEM_PREFETCH_H

#include <stdint.h>

#include "io/config.h"

/* X(id, "name") per prefetcher: its ops pf_<id> in pf_<id>.c. */
#define PREFETCH_LIST(X)  \
    X(none, "none")       \
    X(next_line, "next-line") \
    X(str, "str")         \
    X(sld, "sld")         \
    X(sap, "sap")

#define PF_MAX 8   /* lines one observation may ask for */

/* One line of a global load, as the L1D answered it. */
typedef struct {
    unsigned warp;        /* warp slot */
    uint32_t pc;          /* the load's PC */
    uint64_t line;        /* line address (byte address >> 7) */
    int miss;             /* 1: a miss (sent, or merged into a pending miss); 0: a hit */
    int first;            /* the first of the load's lines the L1D answered ... */
    uint64_t addr;        /* ... and the byte address of the load's lowest active lane */
} pf_obs_t;

typedef struct {
    /* Its state for one L1D (NULL: none needed). 0, or -1 (no memory). */
    int (*init)(void **state, const config_t *cfg);
    /* An observation; the lines to prefetch, at most PF_MAX, into `lines`:
     * their count. */
    unsigned (*observe)(void *state, const pf_obs_t *o, uint64_t lines[PF_MAX]);
    void (*free)(void *state);
} prefetch_ops_t;

#define PF_DECLARE(id, name) extern const prefetch_ops_t pf_##id;
PREFETCH_LIST(PF_DECLARE)
#undef PF_DECLARE
enum {
#define PF_ENUM(id, name) PF_ID_##id,
    PREFETCH_LIST(PF_ENUM)
#undef PF_ENUM
    PF_N
};
/* In PREFETCH_LIST order (l1.prefetch is an index), and their names. */
extern const prefetch_ops_t *const pf_table[PF_N + 1];
extern const char *const pf_names[PF_N + 1];

#endif
