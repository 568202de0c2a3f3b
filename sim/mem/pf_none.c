/* pf_none.c - no prefetching (prefetch.h): the baseline, l1.prefetch=none. */
#include "mem/prefetch.h"

static unsigned none_observe(void *state, const pf_obs_t *o, uint64_t lines[PF_MAX])
{
    (void)state, (void)o, (void)lines;
    return 0;
}

const prefetch_ops_t pf_none = {.observe = none_observe};
