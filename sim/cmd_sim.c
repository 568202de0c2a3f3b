/* cmd_sim.c - the command line of the system model: `memsched sim` and
 * `memsched trace-gen` (a thin layer over config, workload, gpu, stats). */
#include "cmd_sim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "dram_sched.h"
#include "engine.h"
#include "gpu.h"
#include "kernels.h"
#include "stats.h"
#include "trace.h"

static void usage_sim(FILE *f, const char *prog)
{
    fprintf(f,
            "usage: %s sim [--config NAME|FILE] [--workload NAME|TRACEDIR] [--size N] [--set key=value]...\n"
            "              [--rtl BLOCK,...] [--json FILE] [--check-dram] [--quiet] [--host-stats]\n"
            "       %s sim --list-keys | --list-configs | --list-workloads\n"
            "\n"
            "Runs a workload on the system model (SMs, L1D, crossbar, L2, DRAM; docs/sim.md)\n"
            "and prints its statistics.\n"
            "\n"
            "  --config NAME|FILE  a preset (--list-configs; default gtx480-mib) or a GPGPU-Sim\n"
            "                      gpgpusim.config file\n"
            "  --workload W        a built-in kernel (--list-workloads; default vectoradd) or an\n"
            "                      Accel-Sim trace directory (kernelslist.g)\n"
            "  --size N            a built-in kernel's size knob (default: the kernel's own)\n"
            "  --set key=value     any configuration key (--list-keys), after the configuration\n"
            "  --rtl BLOCK,...     run these blocks' RTL in lockstep with their C models\n"
            "                      (dram_sched, mib_l2, mrpb; at a parameter set that was built)\n"
            "  --json FILE         write the statistics as JSON ('-' = stdout)\n"
            "  --check-dram        check every DRAM command against the timing table\n"
            "  --host-stats        add wall-clock figures (simulation rates) to the JSON\n"
            "  --quiet             no text report\n",
            prog, prog);
}

static int list_workloads(void)
{
    builtin_list(stdout);
    return 0;
}

int cmd_sim(int argc, char **argv, const char *prog)
{
    config_t cfg;
    config_defaults(&cfg);
    const char *config_name = "gtx480-mib", *workload = "vectoradd", *json = NULL;
    unsigned size = 0;
    int quiet = 0, host = 0, check_dram = 0;
    gpu_opts_t opt = {.progress = isatty(2)};
    /* the configuration first, then --set in order */
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], "--config") && i + 1 < argc)
            config_name = argv[++i];
    struct stat sb;
    if (stat(config_name, &sb) == 0 && S_ISREG(sb.st_mode)) {
        if (config_read_gpgpusim(&cfg, config_name, stderr))
            return 2;
    } else if (config_preset(&cfg, config_name)) {
        return 2;
    }
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
        } else if (!strcmp(a, "--quiet")) {
            quiet = 1;
        } else if (!strcmp(a, "--host-stats")) {
            host = 1;
        } else if (!strcmp(a, "--check-dram")) {
            check_dram = 1;
        } else if (strcmp(a, "--config") && strcmp(a, "--workload") && strcmp(a, "--size") && strcmp(a, "--set") &&
                   strcmp(a, "--json") && strcmp(a, "--rtl")) {
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
            if (engine_parse_uint(v, 10, 1u << 30, &x)) {
                fprintf(stderr, "%s sim: --size: expected a positive integer, got '%s'\n", prog, v);
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
        } else if (!strcmp(a, "--rtl")) {
            char buf[256];
            snprintf(buf, sizeof buf, "%s", v);
            for (char *s = NULL, *b = strtok_r(buf, ",", &s); b; b = strtok_r(NULL, ",", &s)) {
                if (!strcmp(b, "dram_sched"))
                    opt.rtl_dram_sched = 1;
                else if (!strcmp(b, "mib_l2"))
                    opt.rtl_mib_l2 = 1;
                else if (!strcmp(b, "mrpb"))
                    opt.rtl_mrpb = 1;
                else {
                    fprintf(stderr, "%s sim: --rtl: expected dram_sched, mib_l2 or mrpb, got '%s'\n", prog, b);
                    return 2;
                }
            }
            i++;
        }
    }
    if (check_dram)
        cfg.check_dram = 1;
    if (config_check(&cfg))
        return 2;
    if (opt.rtl_mrpb && !cfg.mrpb_on) {
        fprintf(stderr, "%s sim: --rtl mrpb needs the MRPB: --set mrpb=on (or mrpb=final)\n", prog);
        return 2;
    }
    if (opt.rtl_mib_l2 && cfg.policy < DS_MSHR_M) {
        fprintf(stderr, "%s sim: --rtl mib_l2 needs a MIB policy: --set dram.policy=mshr-m, mshr-s or mshr-s+a\n", prog);
        return 2;
    }
    workload_t *w = workload_open(workload, size);
    if (!w)
        return 2;
    gpu_t *g = gpu_new(&cfg, &opt);
    if (!g) {
        workload_close(w);
        return 2;
    }
    int rc = gpu_run(g, w);
    if (rc != 2) {
        char *doc = stats_json(g, w->name, config_name, host);
        char *text = stats_json(g, w->name, config_name, 1);
        if (!quiet)
            stats_print_text(stdout, text, 0);
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
    gpu_free(g);
    workload_close(w);
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
