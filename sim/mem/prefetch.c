/* prefetch.c - the L1D prefetcher registry (prefetch.h); the prefetchers
 * are in pf_<id>.c. */
#include "mem/prefetch.h"

#define PF_OPS(id, name) &pf_##id,
#define PF_NAME(id, name) name,
const prefetch_ops_t *const pf_table[PF_N + 1] = {PREFETCH_LIST(PF_OPS) NULL};
const char *const pf_names[PF_N + 1] = {PREFETCH_LIST(PF_NAME) NULL};
