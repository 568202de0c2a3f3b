/* blocks.c - the registry of blocks known to the engine and the CLI. */
#include "engine.h"

extern const block_t block_prio_enc, block_rr_arb, block_argmax, block_fifo, block_mrpb,
    block_mib_l2, block_dram_sched, block_apres_laws, block_apres_sap,
    block_tbas, block_temp_dispatch;

const block_t *const memsched_blocks[] = {
    &block_prio_enc,
    &block_rr_arb,
    &block_argmax,
    &block_fifo,
    &block_mrpb,
    &block_mib_l2,
    &block_dram_sched,
    &block_apres_laws,
    &block_apres_sap,
    &block_tbas,
    &block_temp_dispatch,
    NULL,
};
