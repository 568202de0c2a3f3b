/* pf_sap.c - l1.prefetch=sap names APRES' scheduling-aware prefetcher, the
 * apres_sap block. It is not an observer of this interface: it hears a
 * load's first line the cycle after the L1D answers it (with LAWS' group
 * for a miss), runs its own pipeline and sends its prefetches through a
 * port queue of its own; sched_laws.c drives it beside LAWS, which it needs
 * (config.c refuses it without sm.scheduler=laws). docs/apres.md "SAP in the
 * system". */
#include "mem/prefetch.h"

static unsigned sap_observe(void *state, const pf_obs_t *o, uint64_t lines[PF_MAX])
{
    (void)state, (void)o, (void)lines;
    return 0;   /* sched_laws.c does SAP's work */
}

const prefetch_ops_t pf_sap = {.observe = sap_observe};
