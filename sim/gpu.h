/* gpu.h - the whole GPU: SMs, the crossbar both ways, the L2 sub-partitions,
 * the DRAM channels, the clocks, and the run of a workload (kernels in
 * order; thread blocks dispatched round-robin over the SMs). */
#ifndef MEMSCHED_SIM_GPU_H
#define MEMSCHED_SIM_GPU_H

#include <stdint.h>
#include <stdio.h>

#include "clock.h"
#include "usched.h"
#include "io/config.h"
#include "io/stats.h"
#include "mem/dram.h"
#include "mem/icnt.h"
#include "workload/kernel.h"
#include "core/dispatch.h"
#include "mem/l2.h"
#include "core/sm.h"

typedef struct {
    char name[256];
    unsigned uid;                     /* launch number, from 1 (GPGPU-Sim's kernel_launch_uid) */
    uint64_t cycles;                  /* core cycles (gpu.c gpu_run: both ends included) */
    unsigned batch_stride;            /* TEMP/TBAS: its thread batches' blocks (0: no batches) */
    unsigned sl1_cln;                 /* S-L1: lines per thread (sl1=on) */
    stats_sums_t d;                   /* the counters of its cycles (end - start) */
} kernel_stats_t;

typedef struct {
    sim_blkopts_t blk;                /* --rtl, --rtl-fst, a failure's replay, the test knob (block.h) */
    const char *dtrace;               /* --trace-decisions FILE ... */
    uint64_t dt_from, dt_to;          /* ... its window of core cycles (to 0: no end) */
    unsigned dt_sm_from, dt_sm_to;    /* ... the SMs whose issues and requests it holds */
    int progress;                     /* print progress lines (progress.h; not with --quiet) */
    unsigned progress_every;          /* seconds between them when stderr is no terminal (0: default) */
    FILE *progress_f;                 /* where they go (NULL: standard error) */
} gpu_opts_t;

/* A block instance whose lockstep run failed (gpu_run returned 1). */
typedef struct {
    const char *block;                /* NULL: the failure was elsewhere (a DRAM timing violation, ...) */
    unsigned inst;
    uint64_t block_cycle;             /* its own cycle count */
    uint64_t sys_cycle;               /* its clock domain's cycle */
    const char *domain;               /* "core", "L2", "DRAM" */
} gpu_fail_t;

typedef struct gpu gpu_t;
struct gpu {
    config_t cfg;
    loadchar_t lc;                    /* l1.load_stats: the static loads' characterisation */
    pages_t pages;                    /* the page table (mem.page_policy) */
    gpu_opts_t opt;
    gpu_fail_t fail;
    lockstep_t *rec_ls;               /* the instance being recorded (opt.blk.rec), or NULL */
    dtrace_t *dt;                     /* the decision trace (opt.dtrace), or NULL */
    clocks_t clk;
    sm_t *sm;
    xbar_t req, rep;
    const dispatch_ops_t *dispatch;   /* thread-block dispatch policy (dispatch.h) */
    void *disp_unit;                  /* its hardware (dispatch_ops_t.open), or NULL */
    uint8_t *can_take;                /* per SM: it can take a block this cycle (dispatch_ops_t.cycle) */
    tb_t gen;                         /* the block being dispatched, as its kernel gives it (tb_pack
                                         makes its resident form in the SM's slot; a built-in kernel's
                                         warps are packed one by one as they are made: tb_warp_end) */
    l2_t *l2;
    int icnt_same;                    /* the crossbar and L2 clocks are equal */
    int icnt_core_same;               /* the crossbar and core clocks are equal */
    /* when each unit runs next (usched.h): the SMs (core cycles; a reply or a block
     * wakes one), the L2 slices (l2_next), the DRAM channels (dram_next) */
    usched_t us_sm, us_l2, us_dram;
    uint64_t rep_busy;                /* L2 slices (up to 64) whose reply queue may hold a packet */
    uint64_t mq_busy;                 /* SMs (up to 64) whose L1 miss queue may hold a packet */
    uint64_t mq_sleepers;             /* SMs asleep until their full miss queue has room (sm_t.mq_sleep) */
    dram_t **dram;
    rq_t **dram_in, **dram_fill;      /* per sub-partition: its L2 -> DRAM path and fill queue */
    unsigned nsub;
    unsigned tb_rr;                   /* the SM the next block is offered to first */
    unsigned busy_hint;               /* the SM any_sm_busy found busy last */
    int req_waiting;                  /* an SM's miss queue may hold a packet */
    int rep_wide;                     /* past 64 slices (no rep_busy): a slice that ran at the last L2 edge has a reply */
    /* results */
    uint64_t gpu_sim_cycle;           /* core cycles of all kernels */
    uint64_t drain_cycles;            /* core cycles after the last kernel until the memory was idle */
    int cut;                          /* stopped by run.max_cycles (the workload did not finish) */
    uint64_t thread_insts, warp_insts;
    kernel_stats_t *kst;
    unsigned nk;
    double wall_s;
    uint64_t trace_warp_insts, trace_thread_insts;   /* as read from the workload */
    uint64_t trace_unknown_insts;     /* of them with an opcode in no table (kernel.h op_lookup) */
    uint64_t dram_cmds_checked;
    uint64_t wd_activity;             /* the watchdog's last look */
};

/* Build the GPU for a checked configuration. NULL after a message. */
gpu_t *gpu_new(const config_t *cfg, const gpu_opts_t *opt);
void gpu_free(gpu_t *g);
/* Run every command of the workload, then let the memory system drain.
 * 0; 1 after a message (a timing violation, a lockstep mismatch); 2 bad
 * input (a malformed trace: message printed). */
int gpu_run(gpu_t *g, workload_t *w);
/* The blocks' RTL in the loop (--rtl), every instance: the cycles it ran in
 * lockstep, and of them those at a fixed point, not evaluated (lockstep.h). */
void gpu_rtl_cycles(const gpu_t *g, uint64_t *cycles, uint64_t *still);
/* Some instance's lockstep failed, after waiting for the RTL's threads
 * (opt.blk.threads: a run can end before they see its last cycles). */
int gpu_rtl_failed(const gpu_t *g);

#endif
