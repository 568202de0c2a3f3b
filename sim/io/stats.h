/* stats.h - a run's statistics (stats.c): one table of rows, each a unit's
 * counter (its field, JSON name, how it aggregates over the units, unit,
 * meaning) or a value derived from them, iterated to build the JSON
 * (libcjson), the text report, the per-kernel statistics and
 * `memsched sim --list-stats`. Adding a counter: the field, one row. */
#ifndef MEMSCHED_SIM_STATS_H
#define MEMSCHED_SIM_STATS_H

#include <stdint.h>
#include <stdio.h>

#include "core/sm.h"
#include "mem/cache.h"
#include "mem/dram.h"
#include "mem/icnt.h"
#include "mem/l2.h"
#include "mrpb.h"

typedef struct gpu gpu_t;

/* Every unit kind's counters aggregated over its units, as the rows say
 * (most are sums): one snapshot of the GPU. A kernel's counters are the
 * difference of the snapshots at its end and its start (stats_diff). */
typedef struct {
    sm_stats_t sm;        /* the SMs */
    cache_stats_t l1;     /* their L1Ds */
    mrpb_stats_t mrpb;    /* their MRPBs */
    l2_stats_t l2;        /* the L2 sub-partitions */
    dram_stats_t dram;    /* the DRAM channels */
    icnt_stats_t icnt_req, icnt_rep;   /* the crossbar: requests (SMs -> L2), replies */
} stats_sums_t;

/* What the run was: enough to run it again (stats_json). */
typedef struct {
    const char *workload;      /* the workload as named (built-in name or trace directory) */
    unsigned size;             /* a built-in kernel's size knob as run; 0: a trace (no size) */
    const char *config;        /* --config as given */
    const char *command_line;  /* the whole command line, shell-quoted */
    const char *version;       /* git describe of the build */
} stats_run_t;

/* The snapshot of the GPU's counters now (units synced by the caller). */
void stats_sum(const gpu_t *g, stats_sums_t *s);
/* d = end - start for the rows that are counts (sums); other fields 0. */
void stats_diff(stats_sums_t *d, const stats_sums_t *end, const stats_sums_t *start);

/* The statistics as a JSON document (malloc'd; free()). host = 1 adds the
 * wall-clock figures (simulation rates), which differ from run to run. */
char *stats_json(const gpu_t *g, const stats_run_t *run, int host);
/* The same document as "name = value" lines under "[path]" headers (the
 * JSON path of the object they belong to), lines unindented so that
 * GPGPU-Sim-style greps (Accel-Sim's get_stats.py) find them. */
void stats_print_text(FILE *f, const char *json);
/* The table: one line per statistic, path, aggregation, unit, per kernel,
 * meaning (--list-stats; docs/sim.md "Statistics"). */
void stats_list(FILE *f);

#endif
