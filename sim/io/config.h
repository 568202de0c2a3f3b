/* config.h - the system model's configuration: one table of keys (config.c)
 * gives each key its field, range, accepted values and help; presets are
 * lists of key=value over the defaults; --set and --config FILE (a
 * GPGPU-Sim gpgpusim.config) go through the same table. docs/sim.md lists
 * the keys (`memsched sim --list-keys` prints them from the table). */
#ifndef MEMSCHED_SIM_CONFIG_H
#define MEMSCHED_SIM_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "mem/cache_policy.h"   /* the replacement and allocation policies (REPL_*, ALLOC_*) */
#include "mem/dram_timing.h"

enum { CONFIG_MAX_KEYS = 160, CONFIG_FROM_LEN = 64 };

/* dram.test_shorten: the command engine (dram.c) breaks one rule, a timing
 * rule by a cycle (the refresh interval: it postpones refreshes too long),
 * so that the tests can check that the legality checker names it. One row
 * per timing rule the checker enforces and for the bank-state rules an
 * engine could break (the checker's other state rules, a command bus that
 * goes back in time or carries two commands in a cycle, need a broken run
 * loop and are unit-tested): X(ID, knob name, the checker's rule). */
#define DRAM_SHORTEN(X)                                               \
    X(NONE, "none", "")                                               \
    X(TRCD, "tRCD", "tRCD")                                           \
    X(TRP, "tRP", "tRP")                       /* PRE -> ACT */       \
    X(TRAS, "tRAS", "tRAS")                                           \
    X(TCCDL, "tCCDL", "tCCDL")                                        \
    X(TCCDS, "tCCDS", "tCCDS")                                        \
    X(TRRD, "tRRD", "tRRD")                                           \
    X(TWTR, "tWTR", "write-to-read (tCDLR)")                          \
    X(TRTW, "tRTW", "read-to-write turnaround")                       \
    X(TRC, "tRC", "tRC")                                              \
    X(TWR, "tWR", "write recovery (tWR)")                             \
    X(TRTP, "tRTP", "tBURST read-to-precharge")                       \
    X(TRTPL, "tRTPL", "tRTPL")                                        \
    X(TFAW, "tFAW", "tFAW")                                           \
    X(TRFC, "tRFC", "tRFC")                    /* REF -> ACT */       \
    X(REF_TRP, "tRP-ref", "tRP")               /* PRE -> REF */       \
    X(REF_REF, "ref-ref", "REF-to-REF (tRFC)")                        \
    X(TREFI, "tREFI", "refresh interval")                             \
    X(DATA_BUS, "data-bus", "data bus")                               \
    X(ROW, "wrong-row", "state: wrong row")    /* RD/WR to another row */ \
    X(REF_OPEN, "ref-open", "state: bank open")  /* REF, banks open */
#define DRAM_SHORTEN_ID(id, name, rule) DRAM_SHORTEN_##id,
enum { DRAM_SHORTEN(DRAM_SHORTEN_ID) DRAM_SHORTEN_N };

/* The coalescer (sm.coalesce; docs/sim.md "Coalescer"): line, one request
 * per 128 B line touched; fermi, GPGPU-Sim's compute-capability 2.x rules
 * (a segment of 32, 64 or 128 B by access width, shrunk to the half or
 * quarter the lanes touch); sector, one request per 32 B sector touched
 * (GPGPU-Sim's rule for Maxwell and later). */
enum { COALESCE_LINE, COALESCE_FERMI, COALESCE_SECTOR };
/* Local memory's addresses (sm.local_map; docs/sim.md "Local memory"): as the
 * instruction gives them (none), or each thread's 4 B words interleaved over
 * the GPU as GPGPU-Sim maps them (gpgpusim: -gpgpu_local_mem_map 1, by thread
 * block slot; legacy: 0, by hardware thread). */
enum { LOCAL_MAP_NONE, LOCAL_MAP_GPGPUSIM, LOCAL_MAP_LEGACY };
/* The L1D's write policy (l1.write): a store hit invalidates the line
 * (evict, GPGPU-Sim's E) or updates it (through: T, and L's global stores). */
enum { L1_WRITE_EVICT, L1_WRITE_THROUGH };
/* sm.pipeline */
enum { PIPE_ISSUE, PIPE_GPGPUSIM };
enum { SUBSEL_LINE, SUBSEL_BANK };   /* mem.sub_select */
extern const char *const sub_select_names[];
enum { PAGE_IDENTITY, PAGE_TEMP };  /* mem.page_policy */
extern const char *const page_policy_names[];
#define SM_MAX_LAT 1000   /* the longest result latency (sm.lat_*): the pipeline's writeback calendar covers it */
extern const char *const pipeline_names[];
extern const char *const off_on_names[];
/* The issue pipeline's unit types (GPGPU-Sim's Fermi routing: INT on the SP
 * units, FP64 on the SFU): the index of sm.id_oc_* and its siblings. */
enum { PU_SP, PU_SFU, PU_MEM, PU_TYPES };
/* The L2's write miss (l2.write_alloc; docs/sim.md "L2"): whole, allocate and
 * write without a fetch; fetch, GPGPU-Sim's F (fetch-on-write: a partial
 * write fetches the line through an MSHR entry and waits there); naive, its W
 * (the write goes on to the DRAM and the line is fetched, later writes
 * merging into the fetch); lazy, its L (allocate without a fetch; a read of
 * what was not written whole fetches then); none, its N (no allocation, the
 * write goes on to the DRAM). */
enum { L2W_WHOLE, L2W_FETCH, L2W_NAIVE, L2W_LAZY, L2W_NONE };
extern const char *const l1_write_names[];
extern const char *const coalesce_names[];
extern const char *const local_map_names[];

typedef struct {
    /* clocks, kHz */
    uint64_t clk_core, clk_icnt, clk_l2, clk_dram;

    /* SMs */
    unsigned n_sm;
    unsigned max_warps, max_blocks, max_threads;   /* per SM */
    unsigned regs;                                 /* registers per SM */
    unsigned shmem;                                /* shared memory bytes per SM */
    unsigned n_sched;                              /* warp schedulers per SM (issue width) */
    unsigned sched;                                /* index in core/sched.h SCHED_LIST */
    unsigned tl_active;                            /* two-level: active warps per scheduler */
    unsigned tbas_min_active, tbas_run_batches;    /* tbas: MinActive and RunBatches (cmodel/tbas.h) */
    unsigned batch_stride;                         /* TEMP/TBAS: consecutive thread blocks of a kernel in one batch */
    unsigned dispatch;                             /* thread-block dispatch: index in core/dispatch.h DISPATCH_LIST */
    unsigned wl_threads;                           /* workload.threads: the launch's threads (0: the workload's) */
    unsigned first_sm;                             /* gpu.first_sm: the SM the first block is offered to */
    unsigned swl;                                  /* static wavefront limiting: warps that may issue (0: all) */
    unsigned lat_int, lat_fp, lat_dp, lat_sfu, lat_branch;   /* result latency by class, core cycles */
    unsigned ii_dp, ii_sfu;                        /* initiation interval of the DP and SFU units */
    unsigned lat_shmem;                            /* shared-memory access latency */
    unsigned max_loads;                            /* outstanding load instructions per warp */
    unsigned coalesce;                             /* COALESCE_*: how a warp's lanes become requests */
    unsigned local_map;                            /* LOCAL_MAP_*: local memory's addresses */
    unsigned store_ack;                            /* 1: the L2 acknowledges stores and reductions; a warp's
                                                      MEMBAR and its end wait for its acknowledgements */
    /* the issue pipeline (sm.pipeline; core/pipe.h): PIPE_ISSUE, an instruction executes when it
     * issues; PIPE_GPGPUSIM, GPGPU-Sim's fetch, ID_OC, operand collectors, OC_EX, units, EX_WB */
    unsigned pipeline;
    unsigned units_sp;                             /* SP units (INT and FP32 run on them) */
    unsigned id_oc[3], oc_ex[3], ex_wb;            /* pipeline register widths by unit type (PU_*) */
    unsigned oc_units[3], oc_in[3], oc_out[3];     /* collector units and their in / out ports, by type */
    unsigned reg_banks;                            /* register file banks */

    /* L1D per SM */
    unsigned l1_sets, l1_ways, l1_line;
    unsigned l1_mshr, l1_merge, l1_mq;
    unsigned l1_lat;                               /* hit latency, core cycles */
    unsigned l1_alloc;                             /* ALLOC_* */
    unsigned l1_repl;                              /* REPL_* */
    unsigned l1_index;                             /* INDEX_*: set-index function */
    unsigned l1_pf;                                /* L1D prefetcher: index in mem/prefetch.h PREFETCH_LIST */
    unsigned l1_bypass;                            /* 1: global loads go to the L2 uncached */
    unsigned sl1;                                  /* 1: S-L1 (workload/sl1.h) */
    unsigned sl1_line, sl1_monitor, sl1_min_hit, sl1_cln;   /* sl1.line, sl1.monitor, sl1.min_hit, sl1.cln */
    unsigned l1_write;                             /* L1_WRITE_*: what a store hit does to the line */
    unsigned l1_miss_lat;                          /* 1: l1.latency is charged before the tag lookup, so
                                                      misses and stores leave it late too (GPGPU-Sim 4) */
    unsigned l1_flush;                             /* 1: an SM's L1D is invalidated when it runs no block */
    unsigned l1_load_stats;                        /* 1: APRES' Table I per static load (loadchar.h) */
    unsigned l1_classify;                          /* 1: read hits after hits / after a miss, cold / other misses */

    /* MRPB (cmodel/mrpb.h) between each SM's coalescer and its L1D */
    unsigned mrpb_on;                              /* 0 off (the baseline), 1 on */
    unsigned mrpb_sig, mrpb_pol, mrpb_greedy;      /* modes: MRPB_SIG_*, MRPB_POL_*, greedy */
    unsigned mrpb_flush, mrpb_byp, mrpb_reorder;   /* flush, MRPB_BYP_*, reorder */
    unsigned mrpb_depth, mrpb_lat;                 /* Depth (entries per queue), Latency */

    /* crossbar */
    unsigned icnt_lat;                             /* icnt cycles, one way */
    unsigned icnt_flit;                            /* bytes per flit */
    unsigned icnt_buf;                             /* packets an ejection port buffers */

    /* memory partitions and L2 */
    unsigned n_mem;                                /* DRAM channels = memory partitions */
    unsigned n_sub;                                /* L2 sub-partitions per partition */
    unsigned sub_sel;                              /* SUBSEL_*: which bits choose a line's sub-partition */
    unsigned page_policy;                          /* PAGE_*: virtual pages to frames (mem/pages.h) */
    unsigned page_bytes;                           /* mem.page_bytes */
    unsigned l2_sets, l2_ways;
    unsigned l2_mshr, l2_merge, l2_mq;
    unsigned l2_lat;                               /* hit latency, L2 cycles */
    unsigned l2_dram_lat;                          /* L2 -> DRAM controller path, L2 cycles */
    unsigned l2_inq;                               /* requests queued from the crossbar */
    unsigned l2_wfetch;                            /* L2W_*: what a write miss does (l2.write_alloc) */
    unsigned l2_sectored;                          /* 1: lines of four 32 B sectors, each fetched on its own */
    unsigned l2_repl;                              /* REPL_* */
    unsigned l2_memcpy;                            /* 1: a MemcpyHtoD's lines are put in the L2, valid and dirty
                                                      (GPGPU-Sim's -gpgpu_perf_sim_memcpy) */
    unsigned l2_index;                             /* INDEX_*: set-index function (of the partition-local line) */

    /* DRAM */
    unsigned policy;                               /* DS_* of cmodel/dram_sched.h */
    unsigned rdq, wrq, high_wm, low_wm;            /* dram_sched queues and watermarks */
    unsigned bank_q;                               /* per-bank command queue entries */
    dram_timing_t t;
    unsigned buswidth;                             /* bytes per chip per transfer */
    unsigned chips;                                /* chips per channel */
    unsigned rows;                                 /* rows per bank */
    unsigned row_bytes;                            /* bytes of a row across the channel's chips */
    unsigned chan_shift;                           /* log2 of the channel interleave, bytes */
    char map[65];                                  /* channel-local line-index bits, MSB first: R row,
                                                      B bank, G bank group, C column ("" = R..RB..BC..C) */
    unsigned addr_w;                               /* dram_sched block-address bits */
    unsigned shorten;                              /* test knob: DRAM_SHORTEN_*, the rule the engine breaks */
    unsigned perfect;                              /* 1: perfect DRAM (every request served at once) */

    /* run */
    uint64_t max_cycles;                           /* 0: no limit */
    unsigned check_dram;                           /* run the legality checker on every command */
    unsigned skip;                                 /* 1: skip units that cannot change (exact); 0: step every one */
    unsigned test_break;                           /* test knob: 0 none, else 1 + the block (block.h) ... */
    uint64_t test_break_cycle;                     /* ... whose C model is wrong at this cycle of each instance */

    /* Where each key's value came from, indexed like the key table, for
     * config_check's messages: "" the defaults, else a preset's name,
     * "FILE:LINE" or "--set". Last, so CONFIG_VALUES_SIZE bytes compare values. */
    char from[CONFIG_MAX_KEYS][CONFIG_FROM_LEN];
} config_t;

/* The bytes of a config_t that hold values (not where they came from). */
#define CONFIG_VALUES_SIZE offsetof(config_t, from)

/* The defaults: the thesis' GTX480-like GPU (preset gtx480-mib). */
void config_defaults(config_t *c);
/* MRPB on with MRPB Table 4's modes (mrpb=final). */
void mrpb_final_modes(config_t *c);
/* Apply a named preset (defaults first). 0, or 2 after a message listing the presets. */
int config_preset(config_t *c, const char *name);
/* 1 if name is a preset's. */
int config_is_preset(const char *name);
/* --config NAME|FILE: a preset, or else a GPGPU-Sim gpgpusim.config (read
 * over the defaults; notes and strict as config_read_gpgpusim). A name that
 * is no preset and no file gets a message saying which it could be. 0, or 2. */
int config_load(config_t *c, const char *name, FILE *notes, int strict);
/* Set one key=value; `where` names its origin in messages ("--set", "file:12").
 * 0, or 2 after a message naming the key and the accepted values. */
int config_set(config_t *c, const char *kv, const char *where);
/* Read a GPGPU-Sim gpgpusim.config. Options the model has set their keys;
 * options it knows but does not model are listed on one line on `notes` (may
 * be NULL), or with strict are errors; any other option is an error (as in
 * GPGPU-Sim). 0, or 2 after a "FILE:LINE: ..." message. */
int config_read_gpgpusim(config_t *c, const char *path, FILE *notes, int strict);
/* The GPGPU-Sim options the reader knows, one a line: what each sets, or
 * that it is not modelled (--list-gpgpusim-options; docs/sim.md). */
void config_print_gpgpusim_options(FILE *f);
/* Cross-key checks (watermarks within queues, powers of two, ...). 0, or 2 after a message. */
int config_check(const config_t *c);
/* One line per key: name, value, help (--list-keys); or the values only (JSON uses config_each). */
void config_print_keys(FILE *f, const config_t *c);
void config_print_presets(FILE *f);
/* Call fn for each key with its current value as text; numeric: the value
 * is a number (a count, cycles, MHz), else a name or the map. */
void config_each(const config_t *c, void (*fn)(void *u, const char *key, const char *value, int numeric), void *u);

extern const char *const config_preset_names[];
extern const char *const config_break_names[];   /* run.test_break: none, then block names */

#endif
