/* block.h - a block of cmodel/ inside the system model, through the lockstep
 * object: its C model alone, or its Verilated RTL in lockstep with it. */
#ifndef MEMSCHED_SIM_BLOCK_H
#define MEMSCHED_SIM_BLOCK_H

#include <stdio.h>

#include "io/config.h"
#include "lockstep.h"

/* The blocks of cmodel/ the system model instantiates, one row each: the
 * enum, the block's name in cmodel/, what one instance is, the clock domain
 * it runs in, and the run its paper puts it in (a preset and the keys that
 * enable it: what `memsched sim --rtl-runs` gives `make bench`, whose --rtl
 * table times each block's RTL in the loop against the C-only run). Every
 * list of them (--rtl, --rtl-fst, run.test_break, the failure replay, the
 * benchmark's runs) is derived from this table. */
#define SIM_BLOCKS(X)                                                                                   \
    X(SIM_MRPB, "mrpb", "SMs", "core", "base-s mrpb=final")                                             \
    X(SIM_MIB_L2, "mib_l2", "L2 sub-partitions", "L2", "gtx480-mib dram.policy=mshr-s+a")                \
    X(SIM_DRAM_SCHED, "dram_sched", "DRAM channels", "DRAM", "gtx480-mib dram.policy=mshr-s+a")         \
    X(SIM_APRES_LAWS, "apres_laws", "SMs", "core", "apres sm.scheduler=laws")                           \
    X(SIM_APRES_SAP, "apres_sap", "SMs", "core", "apres sm.scheduler=laws l1.prefetch=sap")             \
    X(SIM_TBAS, "tbas", "SMs", "core", "temp sm.scheduler=tbas")                                        \
    X(SIM_TEMP_DISPATCH, "temp_dispatch", "thread-block dispatchers", "core", "temp gpu.dispatch=temp")

#define SIM_BLOCK_ENUM(e, name, units, domain, run) e,
typedef enum { SIM_BLOCKS(SIM_BLOCK_ENUM) SIM_NBLK } sim_blk_t;
#undef SIM_BLOCK_ENUM
#define SIM_BLOCK_NAME(e, name, units, domain, run) name,   /* SIM_BLOCKS(SIM_BLOCK_NAME): "mrpb", ... */

typedef struct {
    const char *name;     /* as in cmodel/ */
    const char *units;    /* what its instances are, plural: "SMs" */
    const char *domain;   /* its clock domain: "core", "L2", "DRAM" */
    const char *run;      /* its paper's run: "PRESET KEY=VALUE ..." */
} sim_blkinfo_t;
extern const sim_blkinfo_t sim_blocks[SIM_NBLK];

/* The index of block `name` in sim_blocks, or -1. */
int sim_block_index(const char *name);
/* How many instances of block b a configuration has. */
unsigned sim_block_count(const config_t *cfg, sim_blk_t b);
/* The Verilog parameters of block b in the system at configuration cfg,
 * "K=V K=V ..." (the one derivation: the units open their instances at it,
 * and `memsched sim --rtl-psets` gives it to the Makefile, which builds
 * those sets for --rtl). */
void sim_block_params(const config_t *cfg, sim_blk_t b, char *buf, size_t n);
/* "mrpb, mib_l2, dram_sched, apres_laws or apres_sap", for messages. */
const char *sim_block_names(void);

/* What the command line asks of the blocks' instances (instance = SM, L2
 * sub-partition or DRAM channel index). Block names are sim_blocks' own. */
typedef struct {
    int rtl[SIM_NBLK];                   /* --rtl: these blocks' RTL in lockstep */
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
    int every_cycle;                     /* the RTL evaluated in every cycle, its fixed points too
                                            (run.skip=0; ls_opts_t.every_cycle) */
    int threads;                         /* 2: each instance's RTL on a thread of its own, reporting
                                            nothing (ls_opts_t.threads; not the traced instance): a
                                            failing run is run again in one thread for the report
                                            (memsched sim --threads) */
} sim_blkopts_t;

/* Open instance `inst` of block b at the parameters "K=V K=V ..."
 * (params), run its reset cycle with the inputs `in` (X_in_t, outputs into
 * `out`), and return it. `label` names it in reports and must outlive it;
 * bo may be NULL. NULL after a message. */
lockstep_t *sim_block_open(sim_blk_t b, unsigned inst, const char *params, const char *label, const void *in,
                           void *out, const sim_blkopts_t *bo);
/* The same at the block's parameters for the configuration (sim_block_params). */
lockstep_t *sim_block_open_cfg(const config_t *cfg, sim_blk_t b, unsigned inst, const char *label, const void *in,
                               void *out, const sim_blkopts_t *bo);
/* Close *ls if it is open, and clear it. */
void sim_block_close(lockstep_t **ls);

#endif
