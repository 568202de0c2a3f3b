/* block.h - a block of cmodel/ inside the system model, through the lockstep
 * object: its C model alone, or its Verilated RTL in lockstep with it. */
#ifndef MEMSCHED_SIM_BLOCK_H
#define MEMSCHED_SIM_BLOCK_H

#include "lockstep.h"

/* Open block `name` at the parameters "K=V K=V ..." (params), run its reset
 * cycle with the inputs `in` (X_in_t, outputs into `out`), and return it.
 * `label` names it in reports and must outlive it. NULL after a message. */
lockstep_t *sim_block_open(const char *name, const char *params, int rtl, const char *label, const void *in,
                           void *out);

#endif
