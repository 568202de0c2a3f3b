/* block.h - a block of cmodel/ inside the system model, through the lockstep
 * object: its C model alone, or its Verilated RTL in lockstep with it. */
#ifndef MEMSCHED_SIM_BLOCK_H
#define MEMSCHED_SIM_BLOCK_H

#include <stdio.h>

#include "lockstep.h"

/* What the command line asks of the blocks' instances (block names as in
 * cmodel/: mrpb, mib_l2, dram_sched; instance = SM, L2 sub-partition or DRAM
 * channel index). */
typedef struct {
    int rtl_mrpb, rtl_mib_l2, rtl_dram_sched;   /* --rtl: these blocks' RTL in lockstep */
    /* --rtl-fst BLOCK:INSTANCE[:FROM-TO]: that instance's FST (times: its clock
     * domain's cycles x 10) and a GTKWave save file next to it */
    const char *fst_block;
    unsigned fst_inst;
    uint64_t fst_from, fst_to;           /* 0, 0: the whole run */
    const char *fst_path, *gtkw_path;
    /* A failure's replay: record this instance's cycles from reset to rec_until */
    const char *rec_block;
    unsigned rec_inst;
    uint64_t rec_until;
    FILE *rec;
    /* run.test_break: every instance of this block has a C model that is wrong at block cycle break_at */
    const char *break_block;
    uint64_t break_at;
} sim_blkopts_t;

/* Open instance `inst` of block `name` at the parameters "K=V K=V ..."
 * (params), run its reset cycle with the inputs `in` (X_in_t, outputs into
 * `out`), and return it. `label` names it in reports and must outlive it;
 * bo may be NULL. NULL after a message. */
lockstep_t *sim_block_open(const char *name, unsigned inst, const char *params, int rtl, const char *label,
                           const void *in, void *out, const sim_blkopts_t *bo);

#endif
