/* addrmap.h - the address map: a line's DRAM channel, sub-partition,
 * bank, row and channel block address (the one the DRAM scheduler and the
 * MIB see). Used by the L1 and the L2 when a request leaves them, so neither
 * depends on the DRAM controller. */
#ifndef MEMSCHED_SIM_MEM_ADDRMAP_H
#define MEMSCHED_SIM_MEM_ADDRMAP_H

#include <stdint.h>

#include "io/config.h"
#include "mem/queue.h"

/* The channel, sub-partition within it, channel block address, bank and row of a line. */
void dram_map(const config_t *cfg, uint64_t line, unsigned *ch, unsigned *sub, uint64_t *blk, unsigned *bank,
              unsigned *row);
/* Fill a request's line-derived fields: sub (global sub-partition), blk, bank, row. */
void req_map(const config_t *cfg, req_t *r);

#endif
