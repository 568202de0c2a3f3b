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
/* The bits of a channel-local line index that choose its sub-partition
 * (mem.sub_select), as a mask: the L2 set index leaves them out, as
 * GPGPU-Sim's partition_address does. */
uint64_t dram_sub_bits(const config_t *cfg);
/* Fill a request's line-derived fields: sub (global sub-partition), blk, bank, row. */
void req_map(const config_t *cfg, req_t *r);

#endif
