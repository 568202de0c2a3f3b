/* cmd_sim.c - the command line of the system model: `memsched sim` and
 * `memsched trace-gen` (a thin layer over config, workload, gpu, stats). */
#include "cli/cmd_sim.h"
#include "cli/cmdline.h"
#include "cli/fork.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/version.h"
#include "io/config.h"
#include "dram_sched.h"
#include "engine.h"
#include "gpu.h"
#include "workload/kernels.h"
#include "workload/workload.h"
#include "io/stats.h"
#include "workload/trace.h"
#include "progress.h"

static void usage_sim(FILE *f, const char *prog)
{
    fprintf(f,
            "usage: %s sim [--config NAME|FILE] [--workload NAME|TRACEDIR] [--size N|NAME] [--set key=value]...\n"
            "              [--rtl BLOCK,...] [--rtl-fst BLOCK:INSTANCE[:FROM-TO]] [--json FILE] [--check-dram]\n"
            "              [--trace-decisions FILE [--trace-window FROM-TO]] [--out-dir DIR] [--quiet]\n"
            "              [--progress S] [--host-stats] [--strict] [--threads 1|2]\n"
            "       %s sim --list-keys | --list-configs | --list-workloads | --list-gpgpusim-options | --list-stats\n"
            "\n"
            "Runs a workload on the system model (SMs, L1D, crossbar, L2, DRAM; docs/sim.md)\n"
            "and prints its statistics.\n"
            "\n"
            "  --config NAME|FILE  a preset (--list-configs; default gtx480-mib) or a GPGPU-Sim\n"
            "                      gpgpusim.config file (--list-gpgpusim-options: the options it reads)\n"
            "  --strict            a gpgpusim.config option the model does not have is an error\n"
            "  --workload W        a built-in kernel (--list-workloads; default vectoradd) or an\n"
            "                      Accel-Sim trace directory (kernelslist.g)\n"
            "  --size N|NAME       a built-in kernel's size knob (default: the kernel's own); NAME: quick\n"
            "                      (--list-workloads' third column) or half (half the default)\n"
            "  --set key=value     any configuration key (--list-keys), after the configuration\n"
            "  --rtl BLOCK,...     run these blocks' RTL in lockstep with their C models\n"
            "                      (",
            prog, prog);
    for (int b = 0; b < SIM_NBLK; b++)   /* the blocks the system has (sim/block.c) */
        fprintf(f, "%s%s", b ? ", " : "", sim_blocks[b].name);
    fprintf(f,
            ";\n"
            "                      at a parameter set that was built); a difference stops the run\n"
            "                      with a report and a stimulus file of the instance from reset to\n"
            "                      the failing cycle (cosim BLOCK --stim FILE) in the --out-dir\n"
            "  --threads T         with --rtl: 2, each instance's RTL on a thread of its own beside the\n"
            "                      system (default with two CPUs or more; a failing run is run again in\n"
            "                      one thread for its report); 1: one thread. --rtl-fst takes one\n"
            "  --rtl-fst B:I[:F-T] trace instance I of block B (in --rtl: SM, L2 sub-partition or DRAM\n"
            "                      channel) into DIR/B-I.fst with DIR/B-I.gtkw (DIR: --out-dir), cycles F..T of\n"
            "                      its clock domain (default: the whole run)\n"
            "  --trace-decisions FILE  write the warp schedulers', MRPBs' and DRAM schedulers' decisions\n"
            "                      and each memory request's path as a Chrome / Perfetto trace-event\n"
            "                      JSON (ui.perfetto.dev, chrome://tracing)\n"
            "  --trace-window F-T  the core cycles whose decisions are kept (default 0-100000; T 0: no end)\n"
            "  --trace-sms A[-B]|all  the SMs whose issues and requests are traced (default 0)\n"
            "  --json FILE         write the statistics as JSON ('-': stdout, the text report on stderr)\n"
            "  --list-stats        the statistics: path, aggregation over units, unit, scope, meaning\n"
            "  --rtl-psets         the parameter set of each block in the loop at this configuration (what\n"
            "                      --rtl needs built; the Makefile builds the default configuration's)\n"
            "  --rtl-runs          each block and the run its paper puts it in, as arguments:\n"
            "                      BLOCK --config PRESET --set KEY=VALUE... (make bench times --rtl BLOCK there)\n"
            "  --check-dram        check every DRAM command against the timing table\n"
            "  --host-stats        add wall-clock figures (simulation rates) to the JSON\n"
            "  --out-dir DIR       where a failure's stimulus and --rtl-fst traces go (default out/sim)\n"
            "  --progress S        a progress line every S seconds when stderr is not a terminal\n"
            "                      (default %d; on a terminal one line, updated every second)\n"
            "  --quiet             no text report, no progress line\n",
            PROGRESS_EVERY_DEFAULT);
}

/* --rtl-psets: the parameter set --rtl needs of each block in the loop, at
 * this configuration, one "PSETS_SIM_block := K=V,..." line each: the lines
 * the Makefile reads to build them (build/gen/sim_psets.mk). */
static int print_rtl_psets(const config_t *cfg)
{
    for (int b = 0; b < SIM_NBLK; b++) {
        char p[256];
        sim_block_params(cfg, (sim_blk_t)b, p, sizeof p);
        for (char *c = p; *c; c++)
            if (*c == ' ')
                *c = ',';
        printf("PSETS_SIM_%s := %s\n", sim_blocks[b].name, p);
    }
    return 0;
}

/* --rtl-runs: each block in the system and the run its paper puts it in,
 * a line each, as sim's arguments: "BLOCK --config PRESET --set KEY=VALUE ..."
 * (sim/block.h, SIM_BLOCKS). make bench times --rtl BLOCK against the C-only
 * run at each; tests/sim_tests.sh runs each in lockstep. */
static int print_rtl_runs(void)
{
    for (int b = 0; b < SIM_NBLK; b++) {
        const char *r = sim_blocks[b].run;
        printf("%s", sim_blocks[b].name);
        for (int k = 0; *r; k++) {   /* the preset, then its keys */
            const size_t n = strcspn(r, " ");
            printf(" %s %.*s", k ? "--set" : "--config", (int)n, r);
            r += n + strspn(r + n, " ");
        }
        printf("\n");
    }
    return 0;
}

static int list_workloads(void)
{
    builtin_list(stdout);
    return 0;
}

/* --rtl-fst BLOCK:INSTANCE[:FROM-TO] */
static int parse_fst(const char *v, sim_blkopts_t *bo, const char *prog)
{
    static char block[32];
    uint64_t inst, from = 0, to = 0;
    const char *c1 = strchr(v, ':');
    char num[64];
    int ok = c1 && c1 > v && (size_t)(c1 - v) < sizeof block;
    if (ok) {
        snprintf(block, sizeof block, "%.*s", (int)(c1 - v), v);
        const char *c2 = strchr(c1 + 1, ':');
        size_t n = c2 ? (size_t)(c2 - c1 - 1) : strlen(c1 + 1);
        ok = n < sizeof num;
        if (ok) {
            snprintf(num, sizeof num, "%.*s", (int)n, c1 + 1);
            ok = !engine_parse_uint(num, 10, 1023, &inst);
        }
        if (ok && c2) {
            const char *dash = strchr(c2 + 1, '-');
            ok = dash && (size_t)(dash - c2 - 1) < sizeof num;
            if (ok) {
                snprintf(num, sizeof num, "%.*s", (int)(dash - c2 - 1), c2 + 1);
                ok = !engine_parse_uint(num, 10, UINT64_MAX, &from) && !engine_parse_uint(dash + 1, 10, UINT64_MAX, &to) &&
                     from <= to;
            }
        }
    }
    if (!ok) {
        fprintf(stderr, "%s sim: --rtl-fst: expected BLOCK:INSTANCE or BLOCK:INSTANCE:FROM-TO (decimal, FROM <= TO), "
                        "e.g. mrpb:3:1000-2000, got '%s'\n", prog, v);
        return 2;
    }
    bo->fst_block = block;
    bo->fst_inst = (unsigned)inst;
    bo->fst_from = from;
    bo->fst_to = to;
    return 0;
}

/* --trace-sms A, A-B or all (checked against sm.count once it is known). */
static int parse_sms(const char *v, gpu_opts_t *o, const char *prog)
{
    uint64_t a, b;
    char num[32];
    const char *dash = strchr(v, '-');
    int ok;
    if (!strcmp(v, "all")) {
        a = 0;
        b = UINT32_MAX;
        ok = 1;
    } else if (dash) {
        ok = (size_t)(dash - v) < sizeof num;
        if (ok) {
            snprintf(num, sizeof num, "%.*s", (int)(dash - v), v);
            ok = !engine_parse_uint(num, 10, 65535, &a) && !engine_parse_uint(dash + 1, 10, 65535, &b) && a <= b;
        }
    } else {
        ok = !engine_parse_uint(v, 10, 65535, &a);
        b = a;
    }
    if (!ok) {
        fprintf(stderr, "%s sim: --trace-sms: expected an SM, a range FROM-TO (decimal, FROM <= TO) or 'all', "
                        "got '%s'\n", prog, v);
        return 2;
    }
    o->dt_sm_from = (unsigned)a;
    o->dt_sm_to = (unsigned)b;
    return 0;
}

/* The traced block must run its RTL and the instance exist; its files go
 * into the output directory. */
static int check_fst(const config_t *cfg, sim_blkopts_t *bo, const char *dir, const char *prog)
{
    static char fst[1100], gtkw[1100];
    const char *b = bo->fst_block;
    int k = sim_block_index(b);
    if (k < 0) {
        fprintf(stderr, "%s sim: --rtl-fst: unknown block '%s' (expected %s)\n", prog, b, sim_block_names());
        return 2;
    }
    if (!bo->rtl[k]) {
        fprintf(stderr, "%s sim: --rtl-fst %s:%u traces the RTL: add --rtl %s\n", prog, b, bo->fst_inst, b);
        return 2;
    }
    unsigned n = sim_block_count(cfg, (sim_blk_t)k);
    if (bo->fst_inst >= n) {
        fprintf(stderr, "%s sim: --rtl-fst %s:%u: the configuration has %u %s (0..%u)\n", prog, b, bo->fst_inst, n,
                sim_blocks[k].units, n - 1);
        return 2;
    }
    snprintf(fst, sizeof fst, "%s/%s-%u.fst", dir, b, bo->fst_inst);
    snprintf(gtkw, sizeof gtkw, "%s/%s-%u.gtkw", dir, b, bo->fst_inst);
    bo->fst_path = fst;
    bo->gtkw_path = gtkw;
    if (engine_mkdirs(dir)) {
        fprintf(stderr, "%s sim: --out-dir %s: cannot create it: %s\n", prog, dir, strerror(errno));
        return 2;
    }
    unlink(bo->fst_path);   /* an old trace must not pass for this run's */
    return 0;
}

/* After a lockstep failure: run the workload again with the C models alone,
 * recording the failing instance's cycles from reset to the failing one, and
 * print how to replay them (the system is deterministic, and in lockstep it
 * is driven by the C models' outputs, so it gives the instance the same
 * inputs). */
static void replay_file(const config_t *cfg, const gpu_opts_t *opt, const gpu_fail_t *f, const char *workload,
                        unsigned size, const char *dir, const char *prog)
{
    char path[1200];
    fprintf(stderr, "  in the system: %s instance %u, its cycle %" PRIu64 " = %s cycle %" PRIu64 "\n", f->block,
            f->inst, f->block_cycle, f->domain, f->sys_cycle);
    if (engine_mkdirs(dir)) {
        fprintf(stderr, "%s sim: cannot create %s for the stimulus: %s\n", prog, dir, strerror(errno));
        return;
    }
    snprintf(path, sizeof path, "%s/%s-%u-cycle%" PRIu64 ".stim", dir, f->block, f->inst, f->block_cycle);
    FILE *rec = fopen(path, "w");
    if (!rec) {
        fprintf(stderr, "%s sim: cannot write %s: %s\n", prog, path, strerror(errno));
        return;
    }
    gpu_opts_t o = {.blk = {.rec_block = f->block, .rec_inst = f->inst, .rec_until = f->block_cycle, .rec = rec}};
    (void)opt;
    workload_t *w = workload_open(workload, size, cfg->wl_threads);
    gpu_t *g = w ? gpu_new(cfg, &o) : NULL;
    int rc = g ? gpu_run(g, w) : 2;
    int full = g && g->rec_ls && ls_recorded(g->rec_ls);   /* (a usage check fails again at the same cycle: rc 1) */
    gpu_free(g);
    if (w)
        workload_close(w);
    fclose(rec);
    if (full)
        fprintf(stderr, "  stimulus: %s (cycles 0..%" PRIu64 " of the instance, the C model's outputs as expected "
                        "values)\n  replay:   %s cosim %s --stim %s\n", path, f->block_cycle, prog, f->block, path);
    else
        fprintf(stderr, "%s sim: the C models alone did not reach the failing cycle again (exit %d); %s is "
                        "incomplete\n", prog, rc, path);
}

/* The files a run writes at its end, checked before it starts: the JSON,
 * and where a lockstep failure's stimulus (any --rtl) and --rtl-fst go. */
static int check_outputs(const char *json, const sim_blkopts_t *bo, const char *out_dir, const char *prog)
{
    if (json && strcmp(json, "-") && engine_can_write(json, 0)) {
        fprintf(stderr, "%s sim: --json %s: expected a file that can be written, got: %s\n", prog, json,
                strerror(errno));
        return 2;
    }
    int rtl = bo->fst_block != NULL;
    for (int k = 0; k < SIM_NBLK; k++)
        rtl |= bo->rtl[k];
    if (rtl && engine_can_write(out_dir, 1)) {
        fprintf(stderr, "%s sim: --out-dir %s: expected a directory that can be written or created (a failure's "
                        "stimulus and --rtl-fst traces go there), got: %s\n", prog, out_dir, strerror(errno));
        return 2;
    }
    return 0;
}

/* The RTL on threads of its own (--threads 2; lockstep.h): the run is made
 * in a child process, which holds back everything it would print but the
 * progress lines. Its RTL's threads compare each instance's outputs some
 * thousands of cycles after the system used the C model's, so a C model
 * that is wrong drives the system on (where it may stop with other
 * messages, or crash) until the difference is seen. A child whose run had
 * a lockstep failure (a difference, an RTL assertion or a C usage check,
 * seen while it ran or, waiting for the threads, at its end) exits
 * SIM_AGAIN without a word; one that crashed dies by its signal; one that
 * could not start its run, or ended otherwise before it knew the run clean,
 * exits SIM_NOT_RUN (or another status): then the parent makes the run
 * again in one thread, which stops at the first failure with the report (or
 * gives the input's error). A clean child commits (cli_commit), prints what
 * it held back, and its outputs and end are the run's: the parent ends as
 * it did (its status, or its signal: a closed pipe's SIGPIPE). A child
 * killed before it committed by a signal that is not a crash of its own (a
 * SIGTERM, SIGKILL) ends the parent by the same signal. */
enum { SIM_AGAIN = 3, SIM_NOT_RUN = 4 };   /* (sim exits 0, 1 or 2) */

typedef struct {
    int child;      /* this is the child */
    int commit;     /* its end of the pipe for cli_commit */
    int out, err;   /* its standard output and error as they were */
    FILE *held;     /* the messages held back */
    FILE *pf;       /* the progress lines' stream (the real standard error) */
} sim_child_t;

/* What the parent does after the child (sim_fork). */
enum { SIM_ONE_THREAD = -1, SIM_RERUN_FAILED = -2, SIM_RERUN_CRASHED = -3, SIM_RERUN_QUIET = -4 };

static void child_files_close(sim_child_t *c)
{
    if (c->out >= 0)
        close(c->out);
    if (c->err >= 0)
        close(c->err);
    if (c->held)
        fclose(c->held);
    if (c->pf)
        fclose(c->pf);
}

/* Fork. The parent waits for the child: its exit status (>= 0, its outputs
 * printed), or what to do (SIM_ONE_THREAD: the run could not be made in a
 * child, make it in one thread; SIM_RERUN_*: make it again in one thread,
 * after a lockstep failure, a crash, or a child that did not run it). The
 * child: 0 and c->child, its standard output sent to /dev/null (Verilator
 * prints an RTL assertion's message there), its standard error to a
 * temporary file, the progress lines to the real one (opt->progress_f). */
static int sim_fork(sim_child_t *c, gpu_opts_t *opt, int *sig, int quiet, const char *prog)
{
    *c = (sim_child_t){.out = dup(1), .err = dup(2), .held = tmpfile(), .commit = -1};
    int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (c->err >= 0)
        c->pf = fdopen(dup(c->err), "w");
    cli_end_t e;
    int r = c->out < 0 || c->err < 0 || !c->held || null < 0 || !c->pf ? -1 : cli_fork(&c->commit, &e);
    if (r < 0) {
        if (!quiet)
            fprintf(stderr, "%s sim: cannot set up a process for the RTL on threads of its own (%s): the run takes "
                            "one thread\n", prog, strerror(errno));
        child_files_close(c);
        if (null >= 0)
            close(null);
        return SIM_ONE_THREAD;
    }
    if (r == 0) {
        child_files_close(c);
        close(null);
        *sig = e.sig;
        if (e.committed || (e.sig && !cli_crash_signal(e.sig)))
            return cli_mirror(&e);
        return e.status == SIM_AGAIN ? SIM_RERUN_FAILED : e.sig ? SIM_RERUN_CRASHED : SIM_RERUN_QUIET;
    }
    c->child = 1;
    if (dup2(null, 1) < 0 || dup2(fileno(c->held), 2) < 0)
        _exit(SIM_NOT_RUN);
    close(null);
    opt->progress_f = c->pf;
    return 0;
}

/* The child, after its run: exit SIM_AGAIN if a lockstep failed (waiting
 * for every instance's thread first); else commit, its standard output and
 * error back, and the messages held back printed. */
static void sim_child_end(sim_child_t *c, const gpu_t *g, gpu_opts_t *opt)
{
    if (gpu_rtl_failed(g) || g->fail.block)   /* (every instance's thread waited for first) */
        _exit(SIM_AGAIN);
    fflush(stdout);
    fflush(stderr);
    if (dup2(c->out, 1) < 0 || dup2(c->err, 2) < 0)
        _exit(SIM_NOT_RUN);
    cli_commit(c->commit);
    opt->progress_f = NULL;   /* (closed below) */
    rewind(c->held);
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, c->held)) > 0;)
        fwrite(buf, 1, n, stderr);
    fflush(stderr);
    child_files_close(c);
}

/* A built-in kernel's size knob as run (0 for a trace): --size, or the
 * kernel's quick or default size. */
static unsigned size_as_run(const char *workload, unsigned size)
{
    for (const builtin_info_t *b = builtin_kernels; b->name; b++)
        if (!strcmp(b->name, workload))
            return builtin_size(b, size);
    return 0;
}

int cmd_sim(int argc, char **argv, const char *prog)
{
    config_t cfg;
    config_defaults(&cfg);
    const char *config_name = "gtx480-mib", *workload = "vectoradd", *json = NULL, *out_dir = "out/sim";
    unsigned size = 0;
    int quiet = 0, host = 0, check_dram = 0, rtl_psets = 0, threads = engine_default_threads();
    gpu_opts_t opt = {.progress = 1, .dt_to = 100000};
    /* the configuration first, then --set in order */
    int strict = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--list-gpgpusim-options")) {
            config_print_gpgpusim_options(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--list-stats")) {
            stats_list(stdout);
            return 0;
        }
        strict |= !strcmp(argv[i], "--strict");
        if (!strcmp(argv[i], "--config") && i + 1 < argc)
            config_name = argv[++i];
    }
    if (config_load(&cfg, config_name, stderr, strict))
        return 2;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage_sim(stdout, prog);
            return 0;
        } else if (!strcmp(a, "--list-keys")) {
            config_print_keys(stdout, &cfg);
            return 0;
        } else if (!strcmp(a, "--list-configs")) {
            config_print_presets(stdout);
            return 0;
        } else if (!strcmp(a, "--list-workloads")) {
            return list_workloads();
        } else if (!strcmp(a, "--rtl-runs")) {
            return print_rtl_runs();
        } else if (!strcmp(a, "--strict")) {
            /* taken with --config, above */
        } else if (!strcmp(a, "--rtl-psets")) {
            rtl_psets = 1;
        } else if (!strcmp(a, "--quiet")) {
            quiet = 1;
        } else if (!strcmp(a, "--host-stats")) {
            host = 1;
        } else if (!strcmp(a, "--check-dram")) {
            check_dram = 1;
        } else if (strcmp(a, "--config") && strcmp(a, "--workload") && strcmp(a, "--size") && strcmp(a, "--set") &&
                   strcmp(a, "--json") && strcmp(a, "--rtl") && strcmp(a, "--rtl-fst") &&
                   strcmp(a, "--trace-decisions") && strcmp(a, "--trace-window") && strcmp(a, "--trace-sms") &&
                   strcmp(a, "--out-dir") && strcmp(a, "--threads") &&
                   strcmp(a, "--progress")) {
            fprintf(stderr, "%s sim: unknown option '%s' (see --help)\n", prog, a);
            return 2;
        } else if (!v) {
            fprintf(stderr, "%s sim: %s needs a value\n", prog, a);
            return 2;
        } else if (!strcmp(a, "--config")) {
            i++;
        } else if (!strcmp(a, "--workload")) {
            workload = v;
            i++;
        } else if (!strcmp(a, "--size")) {
            uint64_t x;
            if (builtin_size_code(v))
                x = builtin_size_code(v);
            else if (engine_parse_uint(v, 10, 1u << 30, &x) || !x) {
                fprintf(stderr, "%s sim: --size: expected a positive integer or a named size (" BUILTIN_SIZE_NAMES
                        "), got '%s'\n", prog, v);
                return 2;
            }
            size = (unsigned)x;
            i++;
        } else if (!strcmp(a, "--set")) {
            if (config_set(&cfg, v, "--set"))
                return 2;
            i++;
        } else if (!strcmp(a, "--json")) {
            json = v;
            i++;
        } else if (!strcmp(a, "--trace-sms")) {
            if (parse_sms(v, &opt, prog))
                return 2;
            i++;
        } else if (!strcmp(a, "--out-dir")) {
            out_dir = v;
            i++;
        } else if (!strcmp(a, "--threads")) {
            uint64_t x;
            if (engine_parse_uint(v, 10, 2, &x) || !x) {
                fprintf(stderr, "%s sim: --threads: expected 1 or 2, got '%s'\n", prog, v);
                return 2;
            }
            threads = (int)x;
            i++;
        } else if (!strcmp(a, "--progress")) {
            uint64_t x;
            if (engine_parse_uint(v, 10, 86400, &x) || !x) {
                fprintf(stderr, "%s sim: --progress: expected seconds between progress lines, 1..86400, got '%s'\n",
                        prog, v);
                return 2;
            }
            opt.progress_every = (unsigned)x;
            i++;
        } else if (!strcmp(a, "--rtl")) {
            char buf[256];
            snprintf(buf, sizeof buf, "%s", v);
            for (char *s = NULL, *b = strtok_r(buf, ",", &s); b; b = strtok_r(NULL, ",", &s)) {
                int k = sim_block_index(b);
                if (k >= 0)
                    opt.blk.rtl[k] = 1;
                else {
                    fprintf(stderr, "%s sim: --rtl: expected %s, got '%s'\n", prog, sim_block_names(), b);
                    return 2;
                }
            }
            i++;
        } else if (!strcmp(a, "--trace-decisions")) {
            opt.dtrace = v;
            i++;
        } else if (!strcmp(a, "--trace-window")) {
            const char *dash = strchr(v, '-');
            char from[32];
            if (!dash || (size_t)(dash - v) >= sizeof from ||
                (snprintf(from, sizeof from, "%.*s", (int)(dash - v), v),
                 engine_parse_uint(from, 10, UINT64_MAX, &opt.dt_from) ||
                     engine_parse_uint(dash + 1, 10, UINT64_MAX, &opt.dt_to)) ||
                (opt.dt_to && opt.dt_to < opt.dt_from)) {
                fprintf(stderr, "%s sim: --trace-window: expected FROM-TO in core cycles (decimal, FROM <= TO; "
                                "TO 0: no end), e.g. 0-100000, got '%s'\n", prog, v);
                return 2;
            }
            i++;
        } else if (!strcmp(a, "--rtl-fst")) {
            if (opt.blk.fst_block) {
                fprintf(stderr, "%s sim: --rtl-fst: one instance per run (%s:%u is already traced)\n", prog,
                        opt.blk.fst_block, opt.blk.fst_inst);
                return 2;
            }
            if (parse_fst(v, &opt.blk, prog))
                return 2;
            i++;
        }
    }
    if (check_dram)
        cfg.check_dram = 1;
    if (quiet)
        opt.progress = 0;
    if (config_check(&cfg))
        return 2;
    if (rtl_psets)
        return print_rtl_psets(&cfg);
    if (check_outputs(json, &opt.blk, out_dir, prog))
        return 2;
    if (opt.dt_sm_to != UINT32_MAX && opt.dt_sm_to >= cfg.n_sm) {
        fprintf(stderr, "%s sim: --trace-sms: expected SMs of the configuration's %u (0..%u), got %u-%u\n", prog,
                cfg.n_sm, cfg.n_sm - 1, opt.dt_sm_from, opt.dt_sm_to);
        return 2;
    }
    if (opt.blk.fst_block && check_fst(&cfg, &opt.blk, out_dir, prog))
        return 2;
    if (cfg.test_break) {
        const char *b = config_break_names[cfg.test_break];
        if (!opt.blk.rtl[cfg.test_break - 1]) {
            fprintf(stderr, "%s sim: run.test_break=%s makes its C model wrong for the lockstep to catch: add --rtl %s\n",
                    prog, b, b);
            return 2;
        }
    }
    if (opt.blk.rtl[SIM_MRPB] && !cfg.mrpb_on) {
        fprintf(stderr, "%s sim: --rtl mrpb needs the MRPB: --set mrpb=on (or mrpb=final)\n", prog);
        return 2;
    }
    if (opt.blk.rtl[SIM_APRES_LAWS] && cfg.sched != SCHED_ID_laws) {
        fprintf(stderr, "%s sim: --rtl apres_laws needs LAWS: --set sm.scheduler=laws\n", prog);
        return 2;
    }
    if (opt.blk.rtl[SIM_APRES_SAP] && cfg.l1_pf != PF_ID_sap) {
        fprintf(stderr, "%s sim: --rtl apres_sap needs SAP: --set l1.prefetch=sap (with sm.scheduler=laws)\n", prog);
        return 2;
    }
    if (opt.blk.rtl[SIM_TEMP_DISPATCH] && cfg.dispatch != DISPATCH_ID_temp) {
        fprintf(stderr, "%s sim: --rtl temp_dispatch needs TEMP's dispatch: --set gpu.dispatch=temp\n", prog);
        return 2;
    }
    if (opt.blk.rtl[SIM_TBAS] && cfg.sched != SCHED_ID_tbas) {
        fprintf(stderr, "%s sim: --rtl tbas needs TBAS: --set sm.scheduler=tbas\n", prog);
        return 2;
    }
    if (opt.blk.rtl[SIM_MIB_L2] && cfg.policy < DS_MSHR_M) {
        fprintf(stderr, "%s sim: --rtl mib_l2 needs a MIB policy: --set dram.policy=mshr-m, mshr-s or mshr-s+a\n", prog);
        return 2;
    }
    int rtl = 0;
    for (int k = 0; k < SIM_NBLK; k++)
        rtl |= opt.blk.rtl[k];
    opt.blk.threads = rtl && !opt.blk.fst_block ? threads : 1;
    sim_child_t child = {0};
    int again = 0, sig = 0;
    if (opt.blk.threads > 1) {
        int r = sim_fork(&child, &opt, &sig, quiet, prog);
        if (!child.child) {
            if (r >= 0)
                return r;   /* the child's run, its outputs printed */
            opt.blk.threads = 1;
            again = r;
            if ((r == SIM_RERUN_FAILED || r == SIM_RERUN_CRASHED) && !quiet) {
                if (isatty(2))
                    fputc('\n', stderr);   /* (after a progress line left open) */
                if (r == SIM_RERUN_FAILED)
                    fprintf(stderr, "%s sim: the run with the RTL on threads of its own failed; running it again "
                                    "in one thread for the report\n", prog);
                else
                    fprintf(stderr, "%s sim: the run with the RTL on threads of its own died by signal %d (%s); "
                                    "running it again in one thread\n", prog, sig, strsignal(sig));
            }
        }
    }
    workload_t *w = workload_open(workload, size, cfg.wl_threads);
    if (!w) {
        if (child.child)
            _exit(SIM_NOT_RUN);
        return 2;
    }
    gpu_t *g = gpu_new(&cfg, &opt);
    if (!g) {
        workload_close(w);
        if (child.child)
            _exit(SIM_NOT_RUN);
        return 2;
    }
    int rc = gpu_run(g, w);
    if (child.child)
        sim_child_end(&child, g, &opt);
    if (again == SIM_RERUN_FAILED && rc == 0) {
        fprintf(stderr, "%s sim: internal error: the run failed with the RTL on threads of its own and passed in one "
                        "(--threads 1 runs it so; please report it with the command line)\n", prog);
        rc = 1;
    } else if (again == SIM_RERUN_CRASHED && rc == 0 && !quiet) {
        fprintf(stderr, "%s sim: note: the run with the RTL on threads of its own died by signal %d and passed in "
                        "one thread (the results are the latter's)\n", prog, sig);
    }
    if (rc == 1 && g->fail.block)
        replay_file(&cfg, &opt, &g->fail, workload, size, out_dir, prog);
    if (rc != 2) {
        char *cmdline = cli_command_line(argc, argv, prog);
        stats_run_t run = {.workload = w->name, .size = size_as_run(workload, size), .config = config_name,
                           .command_line = cmdline ? cmdline : "", .version = memsched_version};
        char *doc = stats_json(g, &run, host);
        char *text = stats_json(g, &run, 1);
        free(cmdline);
        if (!quiet)   /* JSON on stdout: the report on stderr, so stdout is JSON alone */
            stats_print_text(json && !strcmp(json, "-") ? stderr : stdout, text);
        if (json) {
            FILE *f = strcmp(json, "-") ? fopen(json, "w") : stdout;
            if (!f) {
                perror(json);
                rc = 2;
            } else {
                fprintf(f, "%s\n", doc);
                if (f != stdout)
                    fclose(f);
            }
        }
        free(doc);
        free(text);
    }
    if (g->dt) {
        uint64_t n = dtrace_events(g->dt);
        if (dtrace_close(g->dt))
            rc = 2;
        else if (opt.dt_to)
            fprintf(stderr, "%s sim: wrote %s: %" PRIu64 " trace events, core cycles %" PRIu64 "-%" PRIu64
                            " (open in ui.perfetto.dev or chrome://tracing)\n", prog, opt.dtrace, n, opt.dt_from, opt.dt_to);
        else
            fprintf(stderr, "%s sim: wrote %s: %" PRIu64 " trace events, core cycles %" PRIu64 " to the end"
                            " (open in ui.perfetto.dev or chrome://tracing)\n", prog, opt.dtrace, n, opt.dt_from);
        g->dt = NULL;
    }
    gpu_free(g);
    workload_close(w);
    if (opt.blk.fst_block && rc != 2) {
        struct stat sb;
        if (stat(opt.blk.fst_path, &sb) == 0)
            fprintf(stderr, "%s sim: wrote %s (open with gtkwave -a %s)\n", prog, opt.blk.fst_path, opt.blk.gtkw_path);
        else
            fprintf(stderr, "%s sim: --rtl-fst: %s %u never ran in the cycles asked for: no trace written\n", prog,
                    opt.blk.fst_block, opt.blk.fst_inst);
    }
    return rc;
}

int cmd_trace_gen(int argc, char **argv, const char *prog)
{
    const char *name = NULL, *dir = NULL;
    unsigned size = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: %s trace-gen NAME DIR [--size N]\n\n"
                   "Writes built-in kernel NAME as an Accel-Sim trace directory DIR (kernelslist.g,\n"
                   "kernel-N.traceg), readable by memsched sim --workload DIR and by Accel-Sim.\n",
                   prog);
            return 0;
        } else if (!strcmp(argv[i], "--size") && i + 1 < argc) {
            uint64_t x;
            if (engine_parse_uint(argv[++i], 10, 1u << 30, &x)) {
                fprintf(stderr, "%s trace-gen: --size: expected a positive integer, got '%s'\n", prog, argv[i]);
                return 2;
            }
            size = (unsigned)x;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "%s trace-gen: unknown option '%s'\n", prog, argv[i]);
            return 2;
        } else if (!name) {
            name = argv[i];
        } else if (!dir) {
            dir = argv[i];
        } else {
            fprintf(stderr, "%s trace-gen: expected NAME DIR, got an extra '%s'\n", prog, argv[i]);
            return 2;
        }
    }
    if (!name || !dir) {
        fprintf(stderr, "usage: %s trace-gen NAME DIR [--size N]\n", prog);
        return 2;
    }
    workload_t *w = builtin_open(name, size);
    if (!w)
        return 2;
    int rc = trace_write(w, dir);
    workload_close(w);
    return rc;
}
