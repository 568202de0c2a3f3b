/* stats.c - the statistics of a run as one table of rows (stats.h), built
 * once as a JSON tree (libcjson) and printed from it: as JSON for scripts
 * (--json) and as "name = value" lines for people and grep. Names follow
 * GPGPU-Sim's where one exists, with GPGPU-Sim's meaning (docs/sim.md,
 * "Statistics"). Wall-clock figures are kept out of the tree unless asked
 * for, so the same inputs give byte-identical JSON. */
#include "io/stats.h"

#include "mem/prefetch.h"

#include <cjson/cJSON.h>
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "gpu.h"

/* The units a counter row's field is read from. */
typedef enum { SRC_NONE, SRC_SM, SRC_L1, SRC_MRPB, SRC_L2, SRC_DRAM, SRC_ICNT_REQ, SRC_ICNT_REP } src_t;

/* How a counter aggregates over its units. A derived row computes its
 * value from other rows; a run row is a property of the run. */
typedef enum { AGG_SUM, AGG_MEAN, AGG_MAX, AGG_MIN, AGG_DERIVED, AGG_RUN } agg_t;
static const char *const agg_names[] = {"sum", "mean", "max", "min", "derived", "-"};

/* Where a row is written: the run's sections, each kernel's entry of
 * gpu.kernels, both, the host section (--host-stats); HIDDEN rows are
 * aggregated as inputs of derived rows and not written. */
enum { RUN = 1, KERNEL = 2, BOTH = RUN | KERNEL, HOST = 4, HIDDEN = 8 };

/* What a row's value is computed from: a kernel's counters or the run's. */
typedef struct {
    const gpu_t *g;
    const stats_run_t *run;
    const stats_sums_t *s;       /* the span's counters */
    const kernel_stats_t *k;     /* the kernel; NULL: the whole run */
    uint64_t cycles;             /* core cycles of the span's kernels */
    uint64_t time;               /* core cycles the span lasted (the run: with the drain) */
    uint64_t tot_cycles, tot_insn, tot_warp;   /* of all kernels up to the span's end */
} view_t;

typedef struct {
    const char *sec;             /* its JSON object: "" the root, "gpu", "l1d", "sm.warp_insn_by_class", ... */
    const char *name;            /* JSON name; with element names a format taking the element's */
    src_t src;                   /* a counter's units (SRC_NONE: derived) */
    size_t off;                  /* offsetof(stats_sums_t, field): the counter, or a derived row's input */
    unsigned n, first;           /* elements (0: a scalar); the first one written */
    const char *const *elems;    /* one statistic per element named so; NULL: a JSON array */
    const char *elem_what;       /* what an element is, for --list-stats ("type") */
    agg_t agg;
    unsigned scope;
    int (*when)(const config_t *c);                  /* written only if (NULL: always) */
    double (*num)(const view_t *v, const void *in);  /* derived number (in: the sums + off; NAN: null) */
    const char *(*str)(const view_t *v);             /* a string */
    int (*flag)(const view_t *v);                    /* a boolean */
    const char *unit, *meaning;
} row_t;

static int memcpy_on(const config_t *c) { return c->l2_memcpy != 0; }
static int sectored(const config_t *c) { return c->l2_sectored != 0; }
static int pipe_on(const config_t *c) { return c->pipeline == PIPE_GPGPUSIM; }
static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }
static uint64_t sum_of(const uint64_t *v, unsigned n)
{
    uint64_t s = 0;
    for (unsigned i = 0; i < n; i++)
        s += v[i];
    return s;
}

/* --- the derived values ---------------------------------------------------- */

/* in: the struct a row reads (the span's sums + the row's offset) */
#define IN(type) const type *x = in; (void)v
static double cache_acc(const view_t *v, const void *in) { IN(cache_stats_t); return (double)sum_of(x->acc, REQ_TYPES); }
static double cache_miss(const view_t *v, const void *in) { IN(cache_stats_t); return (double)sum_of(x->miss, REQ_TYPES); }
static double cache_miss_rate(const view_t *v, const void *in)
{
    IN(cache_stats_t);
    return ratio(sum_of(x->miss, REQ_TYPES), sum_of(x->acc, REQ_TYPES));
}
/* APRES' early eviction ratio (Figures 4, 12): of the prefetches that guessed right (a demand
 * read their line: in time, late, or after it had left), those whose line left before the read */
static double pf_early_ratio(const view_t *v, const void *in)
{
    IN(cache_stats_t);
    return ratio(x->pf_early_demanded, x->pf_useful + x->pf_late + x->pf_early_demanded);
}
static double local_ratio(const view_t *v, const void *in)
{
    IN(cache_stats_t);
    return ratio(x->mem_local, x->mem_reqs);
}
static double sl1_hit_rate(const view_t *v, const void *in)
{
    IN(sm_stats_t);
    return ratio(x->sl1[SL1_HITS], x->sl1[SL1_HITS] + x->sl1[SL1_MISSES]);
}
static double icnt_wait_avg(const view_t *v, const void *in)
{
    IN(icnt_stats_t);
    return ratio(x->wait, x->packets);
}
static double cache_fails(const view_t *v, const void *in) { IN(cache_stats_t); return (double)sum_of(x->resfail, RF_N); }
static double cache_mpki(const view_t *v, const void *in)
{
    const cache_stats_t *x = in;
    uint64_t insts = v->s->sm.thread_insts;
    return insts ? 1000.0 * (double)sum_of(x->miss, REQ_TYPES) / (double)insts : 0.0;
}
static double issue_active(const view_t *v, const void *in) { IN(sm_stats_t); return ratio(x->active_cycles, x->cycles); }
static double lat_avg(const view_t *v, const void *in) { IN(sm_stats_t); return ratio(x->lat_sum, x->lat_n); }
static double ld_avg(const view_t *v, const void *in) { IN(sm_stats_t); return ratio(x->ld_sum, x->ld_n); }
static double row_locality(const view_t *v, const void *in)
{
    IN(dram_stats_t);
    return ratio(x->row_hits, x->rd_req + x->wr_req);
}
/* DRAM energy (docs/sim.md "DRAM energy"): per chip, from the Hynix
 * H5GQ1H24AFR's currents (VDD 1.5 V; IDD0 490, IDD2N 250, IDD3N 450, IDD4R
 * 1080, IDD4W 1160, IDD5 mA, as DRAMsim3's GDDR5_1Gb_x32 carries them) and
 * its timing (tRAS 28, tRP 12, tRC 40, tRFC 65 ns, a 32 B burst 1.333 ns at
 * 6 Gbps) by Micron TN-41-01's method: nJ per ACT, PRE, RD burst, WR burst,
 * REF, and background mW with a bank open (IDD3N). Every command moves one
 * burst on each of the channel's chips. */
#define E_ACT 1.68
#define E_PRE 4.32
#define E_RD 1.26
#define E_WR 1.42
#define E_REF 19.6
#define P_BG_MW 675.0
static double dram_e_dyn(const view_t *v, const void *in)
{
    IN(dram_stats_t);
    double chips = v->g->cfg.chips;
    return chips * (E_ACT * (double)x->n_act + E_PRE * (double)x->n_pre + E_RD * (double)x->n_rd +
                     E_WR * (double)x->n_wr + E_REF * (double)x->n_ref);
}
static double dram_e_bg(const view_t *v, const void *in)
{
    IN(dram_stats_t);
    /* the channels' cycles (summed) at the DRAM command clock (kHz): ns; mW x ns = pJ */
    return v->g->cfg.chips * P_BG_MW * (double)x->cycles * 1e6 / (double)v->g->cfg.clk_dram / 1e3;
}
static double dram_e_tot(const view_t *v, const void *in) { return dram_e_dyn(v, in) + dram_e_bg(v, in); }
static double blp(const view_t *v, const void *in) { IN(dram_stats_t); return ratio(x->busy_banks_sum, x->busy_cycles); }
static double bw_util(const view_t *v, const void *in) { IN(dram_stats_t); return ratio(x->data_cycles, x->cycles); }
static double rd_queue_lat(const view_t *v, const void *in)
{
    IN(dram_stats_t);
    return ratio(x->rd_latency_sum, x->rd_req);
}
/* bytes moved over the span's core-clock time */
static double bw_gbps(const view_t *v, const void *in)
{
    const dram_stats_t *x = in;
    double secs = (double)v->time / ((double)v->g->cfg.clk_core * 1e3);
    double bytes = (double)(x->rd_req + x->wr_req) * 128.0;
    return secs > 0 ? bytes / secs / 1e9 : 0.0;
}
static double peak_gbps(const view_t *v, const void *in)
{
    const config_t *c = &v->g->cfg;
    (void)in;
    return (double)c->n_mem * c->buswidth * c->chips * c->t.data_cmd_ratio * (double)c->clk_dram * 1e3 / 1e9;
}
static double cmds_checked(const view_t *v, const void *in) { (void)in; return (double)v->g->dram_cmds_checked; }
static const char *dram_policy(const view_t *v) { return dram_sched_policy_names[v->g->cfg.policy]; }

#define VIEW(expr) (void)in; return (double)(expr)
static double k_uid(const view_t *v, const void *in) { VIEW(v->k->uid); }
static double k_cycles(const view_t *v, const void *in) { VIEW(v->cycles); }
static double k_batch(const view_t *v, const void *in) { VIEW(v->k->batch_stride); }
static double k_sl1_cln(const view_t *v, const void *in) { VIEW(v->k->sl1_cln); }
static int batches_on(const config_t *c) { return c->dispatch == DISPATCH_ID_temp || c->sched == SCHED_ID_tbas; }
static double k_insn(const view_t *v, const void *in) { VIEW(v->s->sm.thread_insts); }
static double k_ipc(const view_t *v, const void *in) { VIEW(ratio(v->s->sm.thread_insts, v->cycles)); }
static double k_warp(const view_t *v, const void *in) { VIEW(v->s->sm.warp_insts); }
static double k_tbs(const view_t *v, const void *in) { VIEW(v->s->sm.tbs); }
static double tot_cycles(const view_t *v, const void *in) { VIEW(v->tot_cycles); }
static double tot_insn(const view_t *v, const void *in) { VIEW(v->tot_insn); }
static double tot_ipc(const view_t *v, const void *in) { VIEW(ratio(v->tot_insn, v->tot_cycles)); }
static double tot_warp(const view_t *v, const void *in) { VIEW(v->tot_warp); }
static double run_cycles(const view_t *v, const void *in) { VIEW(v->time); }
static double drain(const view_t *v, const void *in) { VIEW(v->g->drain_cycles); }
static double tr_warp(const view_t *v, const void *in) { VIEW(v->g->trace_warp_insts); }
static double tr_thread(const view_t *v, const void *in) { VIEW(v->g->trace_thread_insts); }
static double tr_unknown(const view_t *v, const void *in) { VIEW(v->g->trace_unknown_insts); }
static int cut(const view_t *v) { return v->g->cut; }
static const char *k_name(const view_t *v) { return v->k->name; }

static const char *r_workload(const view_t *v) { return v->run->workload; }
static const char *r_config(const view_t *v) { return v->run->config; }
static const char *r_cmdline(const view_t *v) { return v->run->command_line; }
static const char *r_version(const view_t *v) { return v->run->version; }
static double r_size(const view_t *v, const void *in) { (void)in; return v->run->size ? (double)v->run->size : NAN; }

static double h_wall(const view_t *v, const void *in) { VIEW(v->g->wall_s); }
static double h_rss(const view_t *v, const void *in)
{
    struct rusage ru;
    (void)v, (void)in;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss;
}
static double per_wall(const view_t *v, double x) { return v->g->wall_s > 0 ? x / v->g->wall_s : 0.0; }
static double h_insn_rate(const view_t *v, const void *in) { (void)in; return per_wall(v, (double)v->tot_insn); }
static double h_warp_rate(const view_t *v, const void *in) { (void)in; return per_wall(v, (double)v->tot_warp); }
static double h_cycle_rate(const view_t *v, const void *in) { (void)in; return per_wall(v, (double)v->time); }
static double h_rtl(const view_t *v, int still)
{
    uint64_t c, s;
    gpu_rtl_cycles(v->g, &c, &s);
    return (double)(still ? s : c);
}
static double h_rtl_cycles(const view_t *v, const void *in) { (void)in; return h_rtl(v, 0); }
static double h_rtl_still(const view_t *v, const void *in) { (void)in; return h_rtl(v, 1); }

static int mrpb_on(const config_t *c) { return c->mrpb_on != 0; }
static int mib_on(const config_t *c) { return c->policy >= DS_MSHR_M; }
static int pf_on(const config_t *c) { return c->l1_pf != PF_ID_none; }
static int laws_on(const config_t *c) { return c->sched == SCHED_ID_laws; }
static int sap_on(const config_t *c) { return c->l1_pf == PF_ID_sap; }
static int tbas_on(const config_t *c) { return c->sched == SCHED_ID_tbas; }
static int colour_on(const config_t *c) { return c->page_policy == PAGE_TEMP; }
static int classify_on(const config_t *c) { return c->l1_classify != 0; }
static int sl1_on(const config_t *c) { return c->sl1 != 0; }
static int ccws_on(const config_t *c) { return c->sched == SCHED_ID_ccws; }

/* --- the table ------------------------------------------------------------- */

static const char *const req_names[REQ_TYPES] = {"read", "write", "atomic", "reduction"};

#define F(field) offsetof(stats_sums_t, field)
/* A counter: section, name, units, field, aggregation, scope, unit, meaning. */
#define CNT(SEC, NAME, SRC, FIELD, AGG, SCOPE, UNIT, MEANING) \
    {.sec = SEC, .name = NAME, .src = SRC, .off = F(FIELD), .agg = AGG, .scope = SCOPE, .unit = UNIT, .meaning = MEANING}
/* An array counter, one statistic per named element (ELEMS) or a JSON array (NULL). */
#define ARR(SEC, NAME, SRC, FIELD, N, FIRST, ELEMS, WHAT, SCOPE, UNIT, MEANING)                                     \
    {.sec = SEC, .name = NAME, .src = SRC, .off = F(FIELD), .n = N, .first = FIRST, .elems = ELEMS, .elem_what = WHAT, \
     .agg = AGG_SUM, .scope = SCOPE, .unit = UNIT, .meaning = MEANING}
/* A number derived from the counters (IN: the struct fn reads). */
#define DER(SEC, NAME, FN, IN, SCOPE, UNIT, MEANING) \
    {.sec = SEC, .name = NAME, .off = IN, .agg = AGG_DERIVED, .num = FN, .scope = SCOPE, .unit = UNIT, .meaning = MEANING}
/* A sum over the SMs kept as a run property (instructions, blocks). */
#define SUMV(SEC, NAME, FN, SCOPE, UNIT, MEANING) \
    {.sec = SEC, .name = NAME, .agg = AGG_SUM, .num = FN, .scope = SCOPE, .unit = UNIT, .meaning = MEANING}
/* A property of the run (a number, a string or a boolean). */
#define RUNV(SEC, NAME, KIND, FN, SCOPE, UNIT, MEANING) \
    {.sec = SEC, .name = NAME, .agg = AGG_RUN, .KIND = FN, .scope = SCOPE, .unit = UNIT, .meaning = MEANING}

/* The statistics of one cache (L1D: summed over the SMs; L2: over the
 * sub-partitions), GPGPU-Sim's names behind the prefix. */
#define CACHE_ROWS(SEC, P, SRC, C, WHO, SCOPE)                                                                        \
    DER(SEC, P "_total_cache_accesses", cache_acc, F(C), SCOPE, "requests", "accesses accepted (all types)"),        \
    DER(SEC, P "_total_cache_misses", cache_miss, F(C), SCOPE, "requests", "misses (all types)"),                    \
    DER(SEC, P "_total_cache_miss_rate", cache_miss_rate, F(C), SCOPE, "fraction", "misses / accesses"),             \
    CNT(SEC, P "_total_cache_pending_hits", SRC, C.pending_hit, AGG_SUM, SCOPE, "requests",                         \
        "reads merged into a line already being fetched (MSHR hits)"),                                             \
    DER(SEC, P "_total_cache_reservation_fails", cache_fails, F(C), SCOPE, "refusals",                              \
        "requests refused for lack of a resource (each retry counted)"),                                           \
    ARR(SEC, P "_%s_accesses", SRC, C.acc, REQ_TYPES, 0, req_names, "type", SCOPE, "requests",                      \
        "accesses accepted of a request type"),                                                                     \
    ARR(SEC, P "_%s_misses", SRC, C.miss, REQ_TYPES, 0, req_names, "type", SCOPE, "requests",                       \
        "misses of a request type"),                                                                                \
    ARR(SEC, P "_reservation_fail_%s", SRC, C.resfail, RF_N, 0, rf_names, "reason", SCOPE, "refusals",              \
        "refusals for one reason (GPGPU-Sim's names)"),                                                             \
    DER(SEC, P "_mpki", cache_mpki, F(C), SCOPE, "per 1000 insns", "misses per 1000 thread instructions"),          \
    CNT(SEC, P "_evictions", SRC, C.evictions, AGG_SUM, SCOPE, "lines", "valid lines replaced"),                      \
    CNT(SEC, P "_writebacks", SRC, C.writebacks, AGG_SUM, SCOPE, "lines", "dirty lines written to the next level"),   \
    CNT(SEC, P "_requests_wanting_reply", SRC, C.sent, AGG_SUM, SCOPE, "requests",                                  \
        "requests sent to the next level that want a reply (equals replies_received after the drain)"),             \
    CNT(SEC, P "_replies_received", SRC, C.replies, AGG_SUM, SCOPE, "replies", "replies received from " WHO)

static const row_t rows[] = {
    /* the run: enough to run it again (with the configuration section) */
    RUNV("", "workload", str, r_workload, RUN, "-", "the workload as named: a built-in kernel or a trace directory"),
    RUNV("", "size", num, r_size, RUN, "-", "a built-in kernel's size knob as run (null for a trace)"),
    RUNV("", "config", str, r_config, RUN, "-", "--config as given (a preset or a gpgpusim.config file)"),
    RUNV("", "version", str, r_version, RUN, "-", "the tool's version: git describe --always --dirty at build time"),
    RUNV("", "command_line", str, r_cmdline, RUN, "-", "the command line, shell-quoted"),

    /* the GPU: GPGPU-Sim's per-kernel (gpu_sim_*) and cumulative (gpu_tot_*) figures */
    RUNV("gpu", "kernel_name", str, k_name, KERNEL, "-", "the kernel's name"),
    RUNV("gpu", "kernel_launch_uid", num, k_uid, KERNEL, "-", "the kernel's launch number, from 1"),
    {.sec = "gpu", .name = "sl1_cln", .agg = AGG_RUN, .num = k_sl1_cln, .scope = KERNEL, .when = sl1_on,
     .unit = "lines", .meaning = "S-L1: lines per thread in this launch (sl1.cln, or the paper's CLN: docs/sl1.md)"},
    {.sec = "gpu", .name = "batch_stride", .agg = AGG_RUN, .num = k_batch, .scope = KERNEL, .when = batches_on,
     .unit = "blocks", .meaning = "TEMP/TBAS: the blocks of one thread batch in this launch (batch.stride, or found by "
                                  "profiling: docs/tbas.md \"Thread batches\")"},
    RUNV("gpu", "gpu_sim_cycle", num, k_cycles, KERNEL, "core cycles",
        "the kernel's cycles: from the edge of its first block's dispatch to the edge its last warp finished in, "
        "both included"),
    SUMV("gpu", "gpu_sim_insn", k_insn, KERNEL, "thread insns", "the kernel's thread instructions (active lanes)"),
    DER("gpu", "gpu_ipc", k_ipc, 0, KERNEL, "insns/cycle", "gpu_sim_insn / gpu_sim_cycle"),
    RUNV("gpu", "gpu_tot_sim_cycle", num, tot_cycles, BOTH, "core cycles",
        "gpu_sim_cycle summed over the kernels so far (the run: all kernels, without the drain)"),
    SUMV("gpu", "gpu_tot_sim_insn", tot_insn, BOTH, "thread insns", "gpu_sim_insn summed over the kernels so far"),
    DER("gpu", "gpu_tot_ipc", tot_ipc, 0, BOTH, "insns/cycle", "gpu_tot_sim_insn / gpu_tot_sim_cycle"),
    SUMV("gpu", "gpu_sim_warp_insn", k_warp, KERNEL, "warp insns", "the kernel's warp instructions"),
    SUMV("gpu", "gpu_tot_sim_warp_insn", tot_warp, BOTH, "warp insns", "warp instructions of the kernels so far"),
    SUMV("gpu", "thread_blocks", k_tbs, KERNEL, "blocks", "the kernel's thread blocks run"),
    RUNV("gpu", "run_cycles", num, run_cycles, RUN, "core cycles", "the whole run: gpu_tot_sim_cycle + drain_cycles"),
    RUNV("gpu", "drain_cycles", num, drain, RUN, "core cycles",
        "after the last kernel until every request was answered (the memory system idle)"),
    RUNV("gpu", "stopped_by_max_cycles", flag, cut, RUN, "-",
         "run.max_cycles stopped the run before the workload finished"),
    RUNV("gpu", "trace_warp_insn", num, tr_warp, RUN, "warp insns", "warp instructions in the workload as read"),
    RUNV("gpu", "trace_thread_insn", num, tr_thread, RUN, "thread insns", "thread instructions in the workload as read"),
    RUNV("gpu", "trace_unknown_insn", num, tr_unknown, RUN, "warp insns",
        "of them, with an opcode in no opcode table (run as integer ALU)"),
    CNT("gpu", "sm_thread_insn", SRC_SM, sm.thread_insts, AGG_SUM, HIDDEN, "thread insns", "thread instructions issued"),
    CNT("gpu", "sm_warp_insn", SRC_SM, sm.warp_insts, AGG_SUM, HIDDEN, "warp insns", "warp instructions issued"),
    CNT("gpu", "sm_thread_blocks", SRC_SM, sm.tbs, AGG_SUM, HIDDEN, "blocks", "thread blocks run"),

    /* the SMs */
    DER("sm", "issue_active_ratio", issue_active, F(sm), RUN, "fraction",
        "SM cycles with a warp instruction issued / SM cycles with a block resident"),
    CNT("sm", "active_cycles", SRC_SM, sm.active_cycles, AGG_SUM, HIDDEN, "SM-cycles", "cycles an instruction issued"),
    CNT("sm", "cycles", SRC_SM, sm.cycles, AGG_SUM, RUN, "SM-cycles", "cycles with a block resident"),
    CNT("sm", "mem_pipeline_stall_cycles", SRC_SM, sm.issue_stall_mem, AGG_SUM, RUN, "SM-cycles",
        "cycles the L1D refused the memory pipeline's request"),
    CNT("sm", "W0_Idle", SRC_SM, sm.sched_cls[SCHED_IDLE], AGG_SUM, RUN, "scheduler-cycles",
        "GPGPU-Sim's W0_Idle: a scheduler issued nothing and none of its warps had a decoded instruction (all done, "
        "at a barrier, beyond the warp limit or with an empty instruction buffer)"),
    CNT("sm", "W0_Scoreboard", SRC_SM, sm.sched_cls[SCHED_SCOREBOARD], AGG_SUM, RUN, "scheduler-cycles",
        "GPGPU-Sim's W0_Scoreboard (the MIB thesis' data-dependency stalls): a scheduler issued nothing, and every "
        "warp with a decoded instruction waited for an operand (a load, an unfinished result)"),
    CNT("sm", "Stall", SRC_SM, sm.sched_cls[SCHED_STALL], AGG_SUM, RUN, "scheduler-cycles",
        "GPGPU-Sim's Stall: a scheduler issued nothing though a warp's operands were ready (a structural hazard: "
        "the memory pipeline, an ID_OC register, a unit)"),
    CNT("sm", "coalesced_lines", SRC_SM, sm.l1_req_lines, AGG_SUM, RUN, "lines",
        "line requests of global loads and stores after coalescing"),
    {.sec = "sm", .name = "reg_bank_conflicts", .src = SRC_SM, .off = F(sm.reg_bank_conflicts), .agg = AGG_SUM,
     .scope = RUN, .when = pipe_on, .unit = "reads",
     .meaning = "sm.pipeline=gpgpusim: operand reads a register bank refused in a cycle (another collector's read, "
                "or a writeback)"},
    /* LAWS (sm.scheduler=laws; sched_laws.c) */
#define LAWS(NAME, FIELD, UNIT, MEANING)                                                                           \
    {.sec = "sm", .name = NAME, .src = SRC_SM, .off = F(sm.FIELD), .agg = AGG_SUM, .scope = RUN, .when = laws_on,  \
     .unit = UNIT, .meaning = MEANING}
    LAWS("laws_loads", laws_loads, "warp insns", "sm.scheduler=laws: global loads issued (each offered to LAWS for a group)"),
    LAWS("laws_no_group", laws_no_group, "warp insns", "of them, without a group: every WGT entry was taken"),
    LAWS("laws_feedback_hit", laws_fb_hit, "groups",
         "groups whose load's first answered line hit in the L1D or merged into a pending miss (to the queue's head)"),
    LAWS("laws_feedback_miss", laws_fb_miss, "groups", "groups whose load's first line missed or bypassed the L1D (to the tail)"),
    LAWS("laws_feedback_stale", laws_fb_stale, "groups", "feedback the block ignored (its group not formed yet; expected 0)"),
    LAWS("laws_feedback_lost", laws_fb_lost, "groups", "feedback lost to a second in the same cycle (expected 0)"),
    /* TBAS (sm.scheduler=tbas; sched_tbas.c) */
#define TBAS(NAME, FIELD, UNIT, MEANING)                                                                           \
    {.sec = "sm", .name = NAME, .src = SRC_SM, .off = F(sm.FIELD), .agg = AGG_SUM, .scope = RUN, .when = tbas_on,  \
     .unit = UNIT, .meaning = MEANING}
    TBAS("tbas_batches", tbas_batches, "batches", "sm.scheduler=tbas: thread batches started (a block into an empty batch slot)"),
    TBAS("tbas_joins", tbas_joins, "blocks", "thread blocks that joined a live batch of their kernel (batch.stride > 1)"),
    TBAS("tbas_promotions", tbas_prom, "batches", "batches promoted into the running set"),
    TBAS("tbas_promotions_all_active", tbas_prom_all, "batches",
         "of them, under the all-active rule (fewer warps than tbas.min_active, all active)"),
    TBAS("tbas_demotions", tbas_dem, "batches", "batches demoted from the running set (too few active warps, or empty)"),
    TBAS("tbas_demotions_empty", tbas_dem_empty, "batches", "of them, because their warps had exited or the slot took a new batch"),
    /* SAP (l1.prefetch=sap; sched_laws.c) */
#define SAP(NAME, FIELD, UNIT, MEANING)                                                                           \
    {.sec = "sm", .name = NAME, .src = SRC_SM, .off = F(sm.FIELD), .agg = AGG_SUM, .scope = RUN, .when = sap_on,  \
     .unit = UNIT, .meaning = MEANING}
    SAP("sap_checks_new", sap_checks[APRES_SAP_NEW], "misses",
        "l1.prefetch=sap: stride checks whose stride differed from the PT's (replaced, no prefetch)"),
    SAP("sap_checks_match", sap_checks[APRES_SAP_MATCH], "misses",
        "stride checks that matched the PT's stride: a prefetch burst for the miss's warp group"),
    SAP("sap_checks_zero", sap_checks[APRES_SAP_ZERO], "misses", "stride checks that matched a zero stride (no prefetch)"),
    SAP("sap_checks_same", sap_checks[APRES_SAP_SAME], "misses",
        "stride checks ended at once: the PT's last load was the same warp's (no stride)"),
    SAP("sap_lost", sap_lost, "misses",
        "grouped misses whose PC was in the PT but found the engine busy with an earlier miss: not checked"),
    SAP("sap_loads_lost", sap_ld_lost, "warp insns", "loads SAP did not hear: a second first line in a cycle (expected 0)"),
    SAP("sap_prefetches", sap_prefetches, "requests",
        "prefetches SAP issued (each moves its warp to the head of LAWS' queue and goes to the L1D's port queue)"),
    SAP("sap_target_drops", sap_target_drops, "requests",
        "burst targets SAP dropped: in the demand's line or the previous prefetch's, or off the address range"),
    SAP("sap_queue_full", sap_queue_full, "requests", "prefetches lost to a full L1D port queue (8 entries)"),
#undef SAP
#undef LAWS
    {.sec = "sm", .name = "ccws_vta_hits", .src = SRC_SM, .off = F(sm.ccws_vta_hits), .agg = AGG_SUM, .scope = RUN,
     .when = ccws_on, .unit = "requests",
     .meaning = "sm.scheduler=ccws: read misses whose line was in the warp's victim tag array (lost intra-warp locality)"},
    {.sec = "sm", .name = "ccws_held", .src = SRC_SM, .off = F(sm.ccws_held), .agg = AGG_SUM, .scope = RUN,
     .when = ccws_on, .unit = "scheduler-cycles",
     .meaning = "sm.scheduler=ccws: cycles a scheduler issued nothing because it held back a ready warp's load"},
    ARR("sm.warp_insn_by_class", "%s", SRC_SM, sm.by_class, OP_CLASSES, 0, op_class_names, "class", RUN,
        "warp insns", "warp instructions issued of an instruction class"),

    /* S-L1 (sl1=on; workload/sl1.c) */
#define SL1(NAME, I, UNIT, MEANING)                                                                             \
    {.sec = "sl1", .name = NAME, .src = SRC_SM, .off = F(sm.sl1[I]), .agg = AGG_SUM, .scope = BOTH, .when = sl1_on, \
     .unit = UNIT, .meaning = MEANING}
    SL1("monitored", SL1_MONITORED, "accesses", "thread accesses to data structures in the monitoring phase"),
    SL1("decisions", SL1_DECIDED, "threads", "threads that ended their monitoring and chose what to cache"),
    SL1("chosen", SL1_CHOSEN, "structures", "structures those threads chose to cache (one line each)"),
    SL1("accesses", SL1_ACCESSES, "accesses", "thread accesses to data structures after the monitoring"),
    SL1("cached_accesses", SL1_CACHED, "accesses", "of them, loads and stores through a line of the thread's S-L1"),
    SL1("hits", SL1_HITS, "accesses", "cached accesses whose line was in the thread's S-L1 (a shared-memory access)"),
    SL1("misses", SL1_MISSES, "accesses", "cached accesses that filled their line (a global load of the line first)"),
    {.sec = "sl1", .name = "hit_rate", .off = F(sm), .agg = AGG_DERIVED, .num = sl1_hit_rate, .scope = BOTH,
     .when = sl1_on, .unit = "fraction", .meaning = "S-L1's hit rate: hits / (hits + misses) (the paper's Figure 8)"},
    SL1("fills", SL1_FILLS, "lines", "lines loaded from global memory"),
    SL1("writebacks", SL1_WRITEBACKS, "lines", "dirty lines written back (a miss's victim, a flush, an atomic's target)"),
    SL1("writeback_words", SL1_WB_WORDS, "words", "dirty 4 B words written back (a store, or an atomic AND and OR)"),
    SL1("flushes", SL1_FLUSHES, "threads", "flushes of a thread's valid lines (before a memory fence, at its end)"),
    SL1("ro_stores", SL1_RO_STORES, "accesses",
        "stores to a structure the kernel's first block does not store to (read-only in the profile): to global "
        "memory, the line invalidated"),
    SL1("extra_warp_insn", SL1_EXTRA_WARP, "warp insns", "warp instructions the inserted code added"),
    SL1("extra_thread_insn", SL1_EXTRA_THREAD, "thread insns", "thread instructions the inserted code added"),
    SL1("monitor_thread_insn", SL1_MON_INSN, "thread insns",
        "of them, the monitoring phase's: its code at each monitored access and the choice at its end"),
#undef SL1

    /* the L1Ds */
    CACHE_ROWS("l1d", "L1D", SRC_L1, l1, "the L2", BOTH),
    /* the L1D prefetcher (l1.prefetch other than none) */
#define PF(NAME, FIELD, MEANING)                                                                                   \
    {.sec = "l1d", .name = NAME, .src = SRC_L1, .off = F(l1.FIELD), .agg = AGG_SUM, .scope = BOTH, .when = pf_on,  \
     .unit = "requests", .meaning = MEANING}
    PF("L1D_prefetch_issued", pf_issued, "prefetches sent to the L2 (each fills a line, wakes no load)"),
    PF("L1D_prefetch_redundant", pf_redundant, "prefetches of a line already there or on its way (nothing sent)"),
    PF("L1D_prefetch_dropped", pf_dropped, "prefetches dropped for lack of an MSHR entry, miss-queue slot or way"),
    PF("L1D_prefetch_useful", pf_useful, "prefetched lines a demand read hit (the prefetch in time)"),
    PF("L1D_prefetch_late", pf_late, "prefetches a demand read merged into while their line was on its way"),
    PF("L1D_prefetch_early_evicted", pf_early,
       "prefetched lines that left the L1D before a demand read them (evicted, or invalidated by a store)"),
    PF("L1D_prefetch_early_evicted_demanded", pf_early_demanded,
       "of them, lines a demand read then missed on (right guesses lost to the eviction)"),
    {.sec = "l1d", .name = "L1D_prefetch_early_eviction_ratio", .off = F(l1), .agg = AGG_DERIVED, .num = pf_early_ratio,
     .scope = BOTH, .when = pf_on, .unit = "fraction",
     .meaning = "APRES' early eviction ratio: early_evicted_demanded / (useful + late + early_evicted_demanded), the right "
                "guesses whose line was evicted before the demand read"},
#undef PF
    /* TEMP's page colouring (mem.page_policy=temp; mem/pages.h) */
    {.sec = "l1d", .name = "mem_requests", .src = SRC_L1, .off = F(l1.mem_reqs), .agg = AGG_SUM, .scope = BOTH,
     .when = colour_on, .unit = "requests", .meaning = "mem.page_policy=temp: requests the SMs sent to memory (reads, "
                                                       "stores, atomics, prefetches, bypasses)"},
    {.sec = "l1d", .name = "mem_requests_local", .src = SRC_L1, .off = F(l1.mem_local), .agg = AGG_SUM, .scope = BOTH,
     .when = colour_on, .unit = "requests",
     .meaning = "of them, to a DRAM bank of the sending SM's colour (TEMP's local accesses)"},
    {.sec = "l1d", .name = "local_access_ratio", .off = F(l1), .agg = AGG_DERIVED, .num = local_ratio, .scope = BOTH,
     .when = colour_on, .unit = "fraction", .meaning = "TEMP's local access ratio: mem_requests_local / mem_requests"},
    /* APRES' Figure 11 (l1.classify=1) */
#define CLS(NAME, FIELD, MEANING)                                                                                  \
    {.sec = "l1d", .name = NAME, .src = SRC_L1, .off = F(l1.FIELD), .agg = AGG_SUM, .scope = BOTH,                  \
     .when = classify_on, .unit = "requests", .meaning = MEANING}
    CLS("L1D_read_hit_after_hit", hit_after_hit, "l1.classify: read hits on a line whose last read hit too"),
    CLS("L1D_read_hit_after_miss", hit_after_miss, "l1.classify: read hits on a line not read since its fill"),
    CLS("L1D_read_miss_cold", miss_cold, "l1.classify: read misses on a line the L1D never fetched before"),
    CLS("L1D_read_miss_capacity_conflict", miss_again,
        "l1.classify: read misses on a line the L1D fetched before (APRES: capacity and conflict misses)"),
#undef CLS

    /* the MRPBs (mrpb=on; cmodel/mrpb.h mrpb_stats_t) */
#define MRPB(NAME, FIELD, UNIT, MEANING)                                                                           \
    {.sec = "mrpb", .name = NAME, .src = SRC_MRPB, .off = F(mrpb.FIELD), .agg = AGG_SUM, .scope = RUN, .when = mrpb_on, \
     .unit = UNIT, .meaning = MEANING}
    MRPB("mrpb_requests_in", in, "requests", "requests accepted from the coalescer"),
    MRPB("mrpb_drained", drained, "requests", "requests moved to the outbound slot"),
    MRPB("mrpb_policy_drains", policy_drains, "requests", "of them, chosen by the drain policy"),
    MRPB("mrpb_full_queue_drains", full_drains, "requests", "of them, drained from a full queue"),
    MRPB("mrpb_flush_drains", flush_drains, "requests", "of them, reads pushed out by a write's flush"),
    MRPB("mrpb_write_passes", write_passes, "requests", "of them, writes passed through"),
    MRPB("mrpb_direct", direct, "requests", "of them, straight to the slot (queues empty)"),
    MRPB("mrpb_l1_accepted", l1_accepted, "requests", "taken by the L1D"),
    MRPB("mrpb_bypassed", bypassed, "requests", "sent to the L2 around the L1D"),
    MRPB("mrpb_input_stall_cycles", stall_cycles, "SM-cycles", "cycles a request waited at the MRPB's input"),
    MRPB("mrpb_l1_retry_cycles", retry_cycles, "SM-cycles", "cycles the L1D refused the slot's request"),
#undef MRPB

    /* the L2 sub-partitions */
    CACHE_ROWS("l2", "L2", SRC_L2, l2.c, "the DRAM", BOTH),
    {.sec = "l2", .name = "L2_sector_misses", .src = SRC_L2, .off = F(l2.sector_misses), .agg = AGG_SUM,
     .scope = BOTH, .when = sectored, .unit = "requests",
     .meaning = "misses of a sector whose line is there (GPGPU-Sim's SECTOR_MISS; among the misses; l2.sectored=1)"},
    {.sec = "l2", .name = "memcpy_filled_lines", .src = SRC_L2, .off = F(l2.memcpy_lines), .agg = AGG_SUM,
     .scope = BOTH, .when = memcpy_on, .unit = "lines",
     .meaning = "lines a MemcpyHtoD put in the L2, valid and dirty, before the kernel (l2.memcpy_fill=1)"},
    ARR("l2", "mshr_merge_length_hist", SRC_L2, l2.merge_hist, L2_MERGE_HIST, 1, NULL, NULL, BOTH, "entries",
        "MSHR entries released, by final merge length 1..16"),
    ARR("l2", "mshr_merge_length_cycles", SRC_L2, l2.merge_cycles, L2_MERGE_HIST, 1, NULL, NULL, BOTH,
        "L2 cycles x entries", "live MSHR entries by current merge length 1..16, per L2 cycle"),
    ARR("l2", "mshr_max_merge_length_cycles", SRC_L2, l2.max_merge_cycles, L2_MERGE_HIST, 0, NULL, NULL, BOTH,
        "L2 cycles", "slice-cycles by the largest merge length of a live MSHR entry, 0 (none live: idle) .. 16 (the thesis' Figure 5.2)"),
    {.sec = "l2", .name = "mshr_merges_read_same_sm", .src = SRC_L2, .off = F(l2.merges[0][0]), .agg = AGG_SUM,
     .scope = BOTH, .unit = "requests", .meaning = "reads merged into an MSHR entry that already held a request of their SM"},
    {.sec = "l2", .name = "mshr_merges_read_other_sm", .src = SRC_L2, .off = F(l2.merges[0][1]), .agg = AGG_SUM,
     .scope = BOTH, .unit = "requests", .meaning = "reads merged into an MSHR entry holding only other SMs' requests (inter-core locality)"},
    {.sec = "l2", .name = "mshr_merges_write_same_sm", .src = SRC_L2, .off = F(l2.merges[1][0]), .agg = AGG_SUM,
     .scope = BOTH, .unit = "requests", .meaning = "writes, atomics and reductions merged into an MSHR entry that already held a request of their SM"},
    {.sec = "l2", .name = "mshr_merges_write_other_sm", .src = SRC_L2, .off = F(l2.merges[1][1]), .agg = AGG_SUM,
     .scope = BOTH, .unit = "requests", .meaning = "writes, atomics and reductions merged into an MSHR entry holding only other SMs' requests"},
#define MIB(NAME, FIELD, UNIT, MEANING)                                                                          \
    {.sec = "l2", .name = NAME, .src = SRC_L2, .off = F(l2.mib.FIELD), .agg = AGG_SUM, .scope = BOTH, .when = mib_on, \
     .unit = UNIT, .meaning = MEANING}
    MIB("mib_dummies", dummies, "requests", "MIB dummy requests sent to the DRAM scheduler"),
    MIB("mib_miss_queue_blocked_cycles", blocked, "L2 cycles",
        "cycles the miss queue waited behind a dummy (summed over slices)"),
    MIB("mib_lost_updates", lost_updates, "entries", "MSHR entries released with news not yet sent"),
#undef MIB

    /* the crossbar, both directions (GPGPU-Sim's icnt_total_pkts_* count flits) */
    CNT("icnt", "icnt_total_pkts_simt_to_mem", SRC_ICNT_REQ, icnt_req.flits, AGG_SUM, BOTH, "flits",
        "flits of the SMs' requests (icnt.flit bytes each; GPGPU-Sim's name, a flit count)"),
    CNT("icnt", "icnt_total_pkts_mem_to_simt", SRC_ICNT_REP, icnt_rep.flits, AGG_SUM, BOTH, "flits",
        "flits of the replies to the SMs"),
    CNT("icnt", "packets_simt_to_mem", SRC_ICNT_REQ, icnt_req.packets, AGG_SUM, BOTH, "packets", "request packets"),
    CNT("icnt", "packets_mem_to_simt", SRC_ICNT_REP, icnt_rep.packets, AGG_SUM, BOTH, "packets", "reply packets"),
    CNT("icnt", "bytes_simt_to_mem", SRC_ICNT_REQ, icnt_req.bytes, AGG_SUM, BOTH, "bytes",
        "request bytes: an 8 B header, and the data of writes and atomics"),
    CNT("icnt", "bytes_mem_to_simt", SRC_ICNT_REP, icnt_rep.bytes, AGG_SUM, BOTH, "bytes",
        "reply bytes: an 8 B header, and the data of reads and atomics"),
    CNT("icnt", "wait_simt_to_mem", SRC_ICNT_REQ, icnt_req.wait, AGG_SUM, BOTH, "core cycles",
        "cycles the request packets waited, once ready, to enter the crossbar (their input or output port busy, or "
        "the output's buffer full)"),
    CNT("icnt", "wait_mem_to_simt", SRC_ICNT_REP, icnt_rep.wait, AGG_SUM, BOTH, "L2 cycles",
        "cycles the reply packets waited, once ready, to enter the reply network (TEMP's reply-network congestion)"),
    {.sec = "icnt", .name = "avg_wait_mem_to_simt", .off = F(icnt_rep), .agg = AGG_DERIVED,
     .num = icnt_wait_avg, .scope = BOTH, .unit = "L2 cycles",
     .meaning = "wait_mem_to_simt / packets_mem_to_simt: a reply's average wait to enter the reply network"},

    /* the DRAM channels */
    RUNV("dram", "policy", str, dram_policy, RUN, "-", "the DRAM scheduling policy (dram.policy)"),
    CNT("dram", "n_act", SRC_DRAM, dram.n_act, AGG_SUM, BOTH, "commands", "ACT commands"),
    CNT("dram", "n_pre", SRC_DRAM, dram.n_pre, AGG_SUM, BOTH, "commands", "PRE commands"),
    CNT("dram", "n_rd", SRC_DRAM, dram.n_rd, AGG_SUM, BOTH, "commands", "RD commands"),
    CNT("dram", "n_write", SRC_DRAM, dram.n_wr, AGG_SUM, BOTH, "commands", "WR commands"),
    CNT("dram", "n_ref", SRC_DRAM, dram.n_ref, AGG_SUM, BOTH, "commands", "REF commands"),
    CNT("dram", "reads_accepted", SRC_DRAM, dram.sched.rd_in, AGG_SUM, BOTH, "requests", "reads taken by the scheduler"),
    CNT("dram", "writes_accepted", SRC_DRAM, dram.sched.wr_in, AGG_SUM, BOTH, "requests", "writes taken by the scheduler"),
    CNT("dram", "read_requests", SRC_DRAM, dram.rd_req, AGG_SUM, BOTH, "requests", "reads served (line requests)"),
    CNT("dram", "write_requests", SRC_DRAM, dram.wr_req, AGG_SUM, BOTH, "requests", "writes served (line requests)"),
    CNT("dram", "row_hits", SRC_DRAM, dram.row_hits, AGG_SUM, HIDDEN, "requests", "requests served without an ACT"),
    CNT("dram", "busy_banks_sum", SRC_DRAM, dram.busy_banks_sum, AGG_SUM, HIDDEN, "bank-cycles", "banks with a request"),
    CNT("dram", "busy_cycles", SRC_DRAM, dram.busy_cycles, AGG_SUM, HIDDEN, "DRAM cycles", "cycles with a request"),
    CNT("dram", "data_cycles", SRC_DRAM, dram.data_cycles, AGG_SUM, HIDDEN, "DRAM cycles", "data bus busy"),
    CNT("dram", "rd_latency_sum", SRC_DRAM, dram.rd_latency_sum, AGG_SUM, HIDDEN, "DRAM cycles", "read latencies"),
    DER("dram", "row_buffer_locality", row_locality, F(dram), BOTH, "fraction",
        "requests served without an ACT / requests served"),
    DER("dram", "bank_level_parallelism", blp, F(dram), BOTH, "banks",
        "banks with a queued request, averaged over the cycles with any"),
    DER("dram", "bandwidth_utilization", bw_util, F(dram), BOTH, "fraction", "data-bus busy cycles / DRAM cycles"),
    DER("dram", "bandwidth_GBps", bw_gbps, F(dram), BOTH, "GB/s",
        "bytes served (128 per request) over the span's core-clock time (the run: with the drain)"),
    RUNV("dram", "peak_bandwidth_GBps", num, peak_gbps, RUN, "GB/s", "channels x buswidth x chips x data_ratio x clock"),
    DER("dram", "avg_read_queue_latency", rd_queue_lat, F(dram), BOTH, "DRAM cycles", "a read's arrival at the scheduler to its grant to its bank"),
    CNT("dram", "dram_cycles", SRC_DRAM, dram.cycles, AGG_MEAN, BOTH, "DRAM cycles", "DRAM clock cycles (per channel)"),
    DER("dram", "energy_dynamic_nJ", dram_e_dyn, F(dram), BOTH, "nJ",
        "ACT, PRE, RD, WR and REF commands x their energies per chip x chips (H5GQ1H24AFR currents, Micron TN-41-01; "
        "docs/sim.md \"DRAM energy\")"),
    DER("dram", "energy_background_nJ", dram_e_bg, F(dram), BOTH, "nJ",
        "the chips' background power with a bank open (IDD3N x VDD) over the channels' cycles"),
    DER("dram", "energy_nJ", dram_e_tot, F(dram), BOTH, "nJ", "energy_dynamic_nJ + energy_background_nJ"),
    CNT("dram", "mib_dummies_applied", SRC_DRAM, dram.sched.dm_applied, AGG_SUM, BOTH, "requests",
        "MIB dummies that updated a queued read"),
    CNT("dram", "mib_dummies_dropped", SRC_DRAM, dram.sched.dm_dropped, AGG_SUM, BOTH, "requests",
        "MIB dummies that matched no queued read"),
    CNT("dram", "reads_by_row_score", SRC_DRAM, dram.sched.rd_by_score, AGG_SUM, BOTH, "requests",
        "reads the scheduler chose by row score"),
    CNT("dram", "write_drain_cycles", SRC_DRAM, dram.sched.drain_cycles, AGG_MEAN, BOTH, "DRAM cycles",
        "cycles in write drain (per channel)"),
    SUMV("dram", "commands_checked", cmds_checked, RUN, "commands",
        "commands the legality checker checked, all channels (--check-dram)"),

    /* memory latency, L1 miss to reply (GPGPU-Sim's mf_latency) and load issue to result */
    DER("memory_latency", "averagemflatency", lat_avg, F(sm), RUN, "core cycles", "a request's L1 miss to its reply"),
    CNT("memory_latency", "maxmflatency", SRC_SM, sm.lat_max, AGG_MAX, RUN, "core cycles", "the longest L1 miss to reply"),
    CNT("memory_latency", "requests", SRC_SM, sm.lat_n, AGG_SUM, RUN, "requests", "requests whose latency was measured"),
    CNT("memory_latency", "latency_sum", SRC_SM, sm.lat_sum, AGG_SUM, HIDDEN, "core cycles", "their latencies"),
    ARR("memory_latency", "mflatency_log2_hist", SRC_SM, sm.lat_hist, 24, 0, NULL, NULL, RUN, "requests",
        "requests by latency, bucket i: [2^i, 2^(i+1)) core cycles"),
    CNT("memory_latency", "load_instructions", SRC_SM, sm.ld_n, AGG_SUM, RUN, "warp insns", "global load instructions"),
    CNT("memory_latency", "load_latency_sum", SRC_SM, sm.ld_sum, AGG_SUM, HIDDEN, "core cycles", "their latencies"),
    DER("memory_latency", "load_latency_avg", ld_avg, F(sm), RUN, "core cycles", "a load's issue to its registers written"),
    CNT("memory_latency", "load_latency_min", SRC_SM, sm.ld_min, AGG_MIN, RUN, "core cycles",
        "the shortest (min over the SMs that loaded)"),
    CNT("memory_latency", "load_latency_max", SRC_SM, sm.ld_max, AGG_MAX, RUN, "core cycles", "the longest"),

    /* the host (--host-stats; the text report always) */
    RUNV("host", "wall_seconds", num, h_wall, HOST, "seconds", "wall-clock time of the run"),
    RUNV("host", "max_rss_kB", num, h_rss, HOST, "kB", "peak resident memory of the process"),
    RUNV("host", "gpu_total_sim_rate", num, h_insn_rate, HOST, "insns/second", "thread instructions per wall-clock second"),
    RUNV("host", "sim_warp_insn_rate", num, h_warp_rate, HOST, "insns/second", "warp instructions per wall-clock second"),
    RUNV("host", "sim_cycle_rate", num, h_cycle_rate, HOST, "cycles/second", "run_cycles per wall-clock second"),
    RUNV("host", "rtl_cycles", num, h_rtl_cycles, HOST, "block cycles",
         "cycles the blocks' RTL ran in lockstep (--rtl), all instances"),
    RUNV("host", "rtl_still_cycles", num, h_rtl_still, HOST, "block cycles",
         "of them, fixed points: inputs and whole state as in the cycle before, not evaluated"),
};
#define NROWS (sizeof rows / sizeof rows[0])

/* --- the snapshot of the counters ------------------------------------------ */

static unsigned units(const gpu_t *g, src_t src)
{
    switch (src) {
    case SRC_SM:
    case SRC_L1:
    case SRC_MRPB:
        return g->cfg.n_sm;
    case SRC_L2:
        return g->nsub;
    case SRC_DRAM:
        return g->cfg.n_mem;
    case SRC_ICNT_REQ:
    case SRC_ICNT_REP:
        return 1;
    default:
        return 0;
    }
}

/* Unit i's counters and where they sit in stats_sums_t. */
static const void *unit(const gpu_t *g, src_t src, unsigned i, size_t *base)
{
    switch (src) {
    case SRC_SM:
        *base = F(sm);
        return &g->sm[i].st;
    case SRC_L1:
        *base = F(l1);
        return &g->sm[i].l1.st;
    case SRC_MRPB:
        *base = F(mrpb);
        return &g->sm[i].mrpb.st;
    case SRC_L2:
        *base = F(l2);
        return &g->l2[i].st;
    case SRC_ICNT_REQ:
        *base = F(icnt_req);
        return &g->req.st;
    case SRC_ICNT_REP:
        *base = F(icnt_rep);
        return &g->rep.st;
    default:
        *base = F(dram);
        return &g->dram[i]->st;
    }
}

static uint64_t *field(stats_sums_t *s, const row_t *r, unsigned e) { return (uint64_t *)((char *)s + r->off) + e; }
static uint64_t value(const stats_sums_t *s, const row_t *r, unsigned e)
{
    return ((const uint64_t *)((const char *)s + r->off))[e];
}

void stats_sum(const gpu_t *g, stats_sums_t *s)
{
    memset(s, 0, sizeof *s);
    for (const row_t *r = rows; r < rows + NROWS; r++) {
        if (r->src == SRC_NONE)
            continue;
        for (unsigned i = 0; i < units(g, r->src); i++) {
            size_t base;
            const char *u = unit(g, r->src, i, &base);
            const uint64_t *x = (const uint64_t *)(u + (r->off - base));
            for (unsigned e = 0; e < (r->n ? r->n : 1); e++) {
                uint64_t *acc = field(s, r, e);
                if (r->agg == AGG_MAX)
                    *acc = x[e] > *acc ? x[e] : *acc;
                else if (r->agg == AGG_MIN)   /* over the units that counted any */
                    *acc = x[e] && (!*acc || x[e] < *acc) ? x[e] : *acc;
                else
                    *acc += x[e];
            }
        }
    }
}

void stats_diff(stats_sums_t *d, const stats_sums_t *end, const stats_sums_t *start)
{
    memset(d, 0, sizeof *d);
    for (const row_t *r = rows; r < rows + NROWS; r++)
        if (r->src != SRC_NONE && (r->agg == AGG_SUM || r->agg == AGG_MEAN))
            for (unsigned e = 0; e < (r->n ? r->n : 1); e++)
                *field(d, r, e) = value(end, r, e) - value(start, r, e);
}

/* --- the JSON tree ----------------------------------------------------------- */

/* The object at a dotted path under o, created as needed. */
static cJSON *section(cJSON *o, const char *path)
{
    char part[64];
    while (*path) {
        size_t n = strcspn(path, ".");
        snprintf(part, sizeof part, "%.*s", (int)n, path);
        cJSON *c = cJSON_GetObjectItemCaseSensitive(o, part);
        o = c ? c : cJSON_AddObjectToObject(o, part);
        path += n + (path[n] == '.');
    }
    return o;
}

static void add_num(cJSON *o, const char *k, double v)
{
    if (isnan(v))
        cJSON_AddNullToObject(o, k);
    else
        cJSON_AddNumberToObject(o, k, v);
}

/* One row's statistic(s) into o (its section), as seen from v. */
static void put_row(cJSON *o, const row_t *r, const view_t *v)
{
    if (r->str) {
        cJSON_AddStringToObject(o, r->name, r->str(v));
    } else if (r->flag) {
        cJSON_AddBoolToObject(o, r->name, r->flag(v));
    } else if (r->num) {
        add_num(o, r->name, r->num(v, (const char *)v->s + r->off));
    } else if (r->n && !r->elems) {
        cJSON *a = cJSON_AddArrayToObject(o, r->name);
        for (unsigned e = r->first; e < r->n; e++)
            cJSON_AddItemToArray(a, cJSON_CreateNumber((double)value(v->s, r, e)));
    } else {
        double div = r->agg == AGG_MEAN ? (double)(units(v->g, r->src) ? units(v->g, r->src) : 1) : 1.0;
        for (unsigned e = r->first; e < (r->n ? r->n : 1); e++) {
            char name[96];
            snprintf(name, sizeof name, r->elems ? r->name : "%s", r->elems ? r->elems[e] : r->name);
            cJSON_AddNumberToObject(o, name, (double)value(v->s, r, e) / div);
        }
    }
}

/* The rows of a scope into o (the root's rows aside: stats_json writes them
 * first): a kernel's gpu rows straight into its entry, every other section
 * as an object. */
static void put_rows(cJSON *o, unsigned scope, const view_t *v)
{
    for (const row_t *r = rows; r < rows + NROWS; r++) {
        if (!(r->scope & scope) || !*r->sec || (r->when && !r->when(&v->g->cfg)))
            continue;
        put_row(section(o, scope == KERNEL && !strcmp(r->sec, "gpu") ? "" : r->sec), r, v);
    }
}

static void add_cfg(void *u, const char *key, const char *value, int numeric)
{
    if (numeric)
        cJSON_AddNumberToObject((cJSON *)u, key, strtod(value, NULL));
    else
        cJSON_AddStringToObject((cJSON *)u, key, value);
}

/* l1.load_stats: every static global load (APRES' Table I; loadchar.h), kernel by kernel in the
 * order they first ran, each kernel's loads by their line requests, most first: its share of the
 * kernel's requests (%Load), distinct lines per request (#L/#R), L1D miss rate, the commonest
 * inter-warp stride and its share of the strides (Stride, %Stride). */
static const loadchar_t *lc_sort;
static int lc_cmp(const void *a, const void *b)
{
    const lc_load_t *x = &lc_sort->ld[*(const unsigned *)a], *y = &lc_sort->ld[*(const unsigned *)b];
    if (x->kernel != y->kernel)
        return x->kernel < y->kernel ? -1 : 1;
    if (x->refs != y->refs)
        return x->refs > y->refs ? -1 : 1;
    return x->pc < y->pc ? -1 : x->pc > y->pc;
}

static void put_loads(cJSON *root, const loadchar_t *c)
{
    cJSON *a = cJSON_AddArrayToObject(root, "loads");
    unsigned *ix = malloc((c->n ? c->n : 1) * sizeof *ix);
    uint64_t *kref = calloc(c->nk ? c->nk : 1, sizeof *kref);
    if (!ix || !kref) {
        free(ix);
        free(kref);
        return;
    }
    for (unsigned i = 0; i < c->n; i++) {
        ix[i] = i;
        kref[c->ld[i].kernel] += c->ld[i].refs;
    }
    lc_sort = c;
    qsort(ix, c->n, sizeof *ix, lc_cmp);
    for (unsigned j = 0; j < c->n; j++) {
        const lc_load_t *l = &c->ld[ix[j]];
        cJSON *o = cJSON_CreateObject();
        char pc[24];
        snprintf(pc, sizeof pc, "0x%" PRIx32, l->pc);
        uint64_t top;
        int64_t stride = loadchar_top_stride(c, ix[j], &top);
        cJSON_AddStringToObject(o, "kernel", c->kname[l->kernel]);
        cJSON_AddStringToObject(o, "pc", pc);
        cJSON_AddNumberToObject(o, "requests", (double)l->refs);
        cJSON_AddNumberToObject(o, "load_share", ratio(l->refs, kref[l->kernel]));
        cJSON_AddNumberToObject(o, "lines", (double)l->lines.n);
        cJSON_AddNumberToObject(o, "lines_per_request", ratio(l->lines.n, l->refs));
        cJSON_AddNumberToObject(o, "misses", (double)l->misses);
        cJSON_AddNumberToObject(o, "miss_rate", ratio(l->misses, l->refs));
        cJSON_AddNumberToObject(o, "executions", (double)l->execs);
        cJSON_AddNumberToObject(o, "stride_pairs", (double)l->pairs);
        if (top)
            cJSON_AddNumberToObject(o, "stride", (double)stride);
        else
            cJSON_AddNullToObject(o, "stride");
        cJSON_AddNumberToObject(o, "stride_share", ratio(top, l->pairs));
        cJSON_AddItemToArray(a, o);
    }
    free(ix);
    free(kref);
}

char *stats_json(const gpu_t *g, const stats_run_t *run, int host)
{
    stats_sums_t all;
    stats_sum(g, &all);
    view_t v = {.g = g, .run = run, .s = &all};
    cJSON *root = cJSON_CreateObject();
    for (const row_t *r = rows; r < rows + NROWS; r++)   /* what the run was, first */
        if (!*r->sec)
            put_row(root, r, &v);
    config_each(&g->cfg, add_cfg, cJSON_AddObjectToObject(root, "configuration"));

    /* each kernel (GPGPU-Sim prints them as they finish), before the run's
     * totals: so a grep that takes the last value gets the run's */
    cJSON *ka = cJSON_AddArrayToObject(section(root, "gpu"), "kernels");
    for (unsigned i = 0; i < g->nk; i++) {
        const kernel_stats_t *k = &g->kst[i];
        v.s = &k->d;
        v.k = k;
        v.cycles = v.time = k->cycles;
        v.tot_cycles += k->cycles;
        v.tot_insn += k->d.sm.thread_insts;
        v.tot_warp += k->d.sm.warp_insts;
        cJSON *ko = cJSON_CreateObject();
        cJSON_AddItemToArray(ka, ko);
        put_rows(ko, KERNEL, &v);
    }
    v = (view_t){.g = g, .run = run, .s = &all, .cycles = g->gpu_sim_cycle, .time = g->gpu_sim_cycle + g->drain_cycles,
                 .tot_cycles = g->gpu_sim_cycle, .tot_insn = all.sm.thread_insts, .tot_warp = all.sm.warp_insts};
    put_rows(root, RUN | (host ? HOST : 0), &v);
    if (g->cfg.l1_load_stats)
        put_loads(root, &g->lc);
    char *out = cJSON_Print(root);
    cJSON_Delete(root);
    return out;
}

/* --- the text report ---------------------------------------------------------- */

static void print_value(FILE *f, const cJSON *it)
{
    if (cJSON_IsArray(it)) {
        for (const cJSON *e = it->child; e; e = e->next) {
            print_value(f, e);
            if (e->next)
                fputc(' ', f);
        }
    } else if (cJSON_IsString(it)) {
        fputs(it->valuestring, f);
    } else if (cJSON_IsBool(it)) {
        fputs(cJSON_IsTrue(it) ? "true" : "false", f);
    } else if (cJSON_IsNumber(it)) {
        double v = it->valuedouble;
        if (v == (double)(int64_t)v && v < 9e15 && v > -9e15)
            fprintf(f, "%" PRId64, (int64_t)v);
        else
            fprintf(f, "%.4f", v);
    } else {
        fputc('-', f);   /* null */
    }
}

/* The members of object o at path: "name = value" lines, each run of them
 * under a "[path]" header (printed again after a nested object). */
static void print_object(FILE *f, const cJSON *o, const char *path, int *headed)
{
    for (const cJSON *c = o->child; c; c = c->next) {
        char sub[192];
        if (cJSON_IsObject(c)) {
            snprintf(sub, sizeof sub, "%s%s%s", path, *path ? "." : "", c->string);
            int h = 0;
            print_object(f, c, sub, &h);
            *headed = 0;
        } else if (cJSON_IsArray(c) && c->child && cJSON_IsObject(c->child)) {
            int i = 0;
            for (const cJSON *e = c->child; e; e = e->next, i++) {
                snprintf(sub, sizeof sub, "%s%s%s[%d]", path, *path ? "." : "", c->string, i);
                int h = 0;
                print_object(f, e, sub, &h);
            }
            *headed = 0;
        } else {
            if (!*headed && *path)
                fprintf(f, "[%s]\n", path);
            *headed = 1;
            fprintf(f, "%s = ", c->string);
            print_value(f, c);
            fputc('\n', f);
        }
    }
}

void stats_print_text(FILE *f, const char *json)
{
    cJSON *root = cJSON_Parse(json);
    if (!root)
        return;
    int h = 0;
    print_object(f, root, "", &h);
    cJSON_Delete(root);
}

/* --- the table, for people ------------------------------------------------------ */

void stats_list(FILE *f)
{
    static const char *const scopes[] = {"", "run", "kernel", "both", "host"};
    for (const row_t *r = rows; r < rows + NROWS; r++) {
        if (r->scope & HIDDEN)
            continue;
        char path[128], name[96], what[64];
        snprintf(what, sizeof what, "<%s>", r->elem_what ? r->elem_what : "");
        snprintf(name, sizeof name, r->elems ? r->name : "%s", r->elems ? what : r->name);
        if (r->scope == KERNEL)
            snprintf(path, sizeof path, "gpu.kernels[].%s", name);
        else
            snprintf(path, sizeof path, "%s%s%s", r->sec, *r->sec ? "." : "", name);
        fprintf(f, "  %-38s %-8s %-20s %-6s %s", path, agg_names[r->agg], r->unit, scopes[r->scope], r->meaning);
        if (r->elems) {
            fprintf(f, " (%s:", what);
            for (unsigned e = r->first; e < r->n; e++)
                fprintf(f, " %s", r->elems[e]);
            fputc(')', f);
        }
        if (r->when == mrpb_on)
            fputs(" [mrpb on]", f);
        else if (r->when == mib_on)
            fputs(" [MIB policy]", f);
        else if (r->when == laws_on)
            fputs(" [laws]", f);
        else if (r->when == sap_on)
            fputs(" [sap]", f);
        else if (r->when == tbas_on)
            fputs(" [tbas]", f);
        else if (r->when == colour_on)
            fputs(" [page_policy=temp]", f);
        fputc('\n', f);
    }
}
