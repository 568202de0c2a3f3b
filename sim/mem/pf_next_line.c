/* pf_next_line.c - next-line prefetching (prefetch.h): a load line that
 * misses asks for the line after it. The simplest sequential prefetcher, a
 * reference point for SAP: it helps streaming kernels and costs bandwidth
 * on scattered ones. */
#include "mem/prefetch.h"

static unsigned nl_observe(void *state, const pf_obs_t *o, uint64_t lines[PF_MAX])
{
    (void)state;
    if (!o->miss)
        return 0;
    lines[0] = o->line + 1;
    return 1;
}

const prefetch_ops_t pf_next_line = {.observe = nl_observe};
