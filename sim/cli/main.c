/* main.c - the memsched command line: cosim, ref, bench, ports. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd_compare.h"
#include "cli/cmd_sim.h"
#include "engine.h"
#include "lockstep.h"
#include "progress.h"
#include "stim.h"

#define DEFAULT_CYCLES 100000
#define FAIL_WINDOW 64

static const char *prog = "memsched";

static void usage_main(FILE *f)
{
    fprintf(f,
            "usage: %s COMMAND [options]\n"
            "\n"
            "commands:\n"
            "  cosim BLOCK [options]   run the RTL and the C model of BLOCK in lockstep\n"
            "  cosim --list            blocks, their parameter sets and --set keys\n"
            "  ref BLOCK [options]     run the C model alone and print its outputs per cycle\n"
            "  bench [BLOCK...]        simulated cycles per second, C model alone and in lockstep\n"
            "  ports BLOCK [--set P=V] the block's port table at a parameter set\n"
            "  sim [options]           run a workload on the GPU system model\n"
            "  compare [options]       run workloads x configurations, table and bar chart (--help)\n"
            "  trace-gen NAME DIR      write a built-in kernel as an Accel-Sim trace directory\n"
            "\n"
            "'%s COMMAND --help' describes each. Exit status: 0 pass, 1 a check failed,\n"
            "2 bad usage or input.\n",
            prog, prog);
}

static void usage_cosim(FILE *f)
{
    fprintf(f,
            "usage: %s cosim BLOCK [--cycles N] [--seed S] [--set key=value]... [--stim FILE]\n"
            "                        [--record FILE] [--fst FILE] [--init random|zeros] [--out-dir DIR]\n"
            "                        [--progress S] [--quiet] [--threads 1|2]\n"
            "       %s cosim --list | --psets\n"
            "\n"
            "Drives the Verilated RTL of BLOCK and its C golden model with the same inputs\n"
            "every cycle and compares every output; stops at the first mismatch or RTL\n"
            "assertion with a report, a replay command and an FST of the cycles before it.\n"
            "\n"
            "  --cycles N        random cycles to run (default %d)\n"
            "  --seed S          stimulus seed (default 1); also seeds the RTL's random initial values\n"
            "  --set key=value   a Verilog parameter (selects a built parameter set) or a mode/knob\n"
            "  --stim FILE       replay a stimulus file ('-' = stdin) instead of random stimulus;\n"
            "                    output columns in it are checked as expected values\n"
            "  --record FILE     write the run (inputs and C-model outputs) as a stimulus file\n"
            "  --fst FILE        trace the whole run into an FST waveform\n"
            "  --gtkw FILE       with --fst: also write a GTKWave save file (interface grouped,\n"
            "                    value names as translate filters)\n"
            "  --init MODE       RTL initial values before reset: random (default) or zeros\n"
            "  --window K        cycles traced before a mismatch (default %d)\n"
            "  --mutant K        run mutant K of a Yosys mutant netlist (make mutate)\n"
            "  --out-dir DIR     where the FST of a mismatch goes (default out/cosim)\n"
            "  --progress S      a progress line every S seconds when stderr is not a terminal\n"
            "                    (default %d; on a terminal one line, updated every second)\n"
            "  --quiet           no progress line\n"
            "  --threads T       2: the RTL on a thread of its own beside the C model's (default\n"
            "                    with two CPUs or more; a failing run is run again in one thread\n"
            "                    for its report); 1: one thread. Runs with --stim, --fst,\n"
            "                    --record or --mutant take one\n"
            "  --list            blocks, parameter sets built, --set keys; --psets: one line per set\n",
            prog, prog, DEFAULT_CYCLES, FAIL_WINDOW, PROGRESS_EVERY_DEFAULT);
}

static void usage_ref(FILE *f)
{
    fprintf(f,
            "usage: %s ref BLOCK --stim FILE [--set key=value]... [--quiet] [--progress S]\n"
            "       %s ref BLOCK [--cycles N] [--seed S] [--set key=value]... [--quiet] [--progress S]\n"
            "\n"
            "Runs the C golden model alone and prints, per cycle, its inputs and outputs in\n"
            "the stimulus format (docs/cosim.md). Output columns present in the stimulus\n"
            "are checked (exit 1 on a difference). --quiet prints only the summary (and no\n"
            "progress line; --progress S: one every S seconds when stderr is not a terminal).\n",
            prog, prog);
}

static void usage_bench(FILE *f)
{
    fprintf(f,
            "usage: %s bench [BLOCK...] [--cycles N] [--seed S] [--threads 1|2]\n"
            "\n"
            "Prints simulated cycles per second (of wall-clock time) of each block's default\n"
            "parameter set: the C model alone (with its random stimulus), in lockstep with\n"
            "the RTL in one thread, and (--threads 2, the default with two CPUs or more) in\n"
            "two, the RTL on a thread of its own (cosim --help).\n",
            prog);
}

static int bad(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "%s: ", prog);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return 2;
}

/* A command-line count or seed: digits only, decimal or 0x hex. */
static int parse_u64(const char *s, uint64_t *v) { return engine_parse_uint(s, 0, UINT64_MAX, v); }

static int cmd_list(void)
{
    for (const block_t *const *bp = memsched_blocks; *bp; bp++) {
        const block_t *b = *bp;
        printf("%s: %s\n  parameter sets built:\n", b->name, b->summary);
        ls_print_psets(stdout, b, 0);
        int any = 0;
        for (const rtl_t *const *r = memsched_rtls; *r; r++)
            any |= !strcmp((*r)->block, b->name) && (*r)->mutants;
        if (any) {
            printf("  mutant netlists built (make mutate):\n");
            ls_print_psets(stdout, b, 1);
        }
        if (b->knobs && b->knobs[0].name) {
            printf("  --set keys:\n");
            for (int i = 0; b->knobs[i].name; i++) {
                const knob_t *k = &b->knobs[i];
                printf("    %-12s %s (default ", k->name, k->help);
                if (k->names) {
                    printf("%s; one of", k->names[k->def]);
                    for (int n = 0; k->names[n]; n++)
                        printf(" %s", k->names[n]);
                } else {
                    printf("%ld; %ld..%ld", k->def, k->min, k->max);
                }
                printf(")\n");
            }
        }
    }
    return 0;
}

/* One line per built (non-mutant) parameter set, "block P=V P=V", for scripts. */
static int cmd_psets(void)
{
    for (const rtl_t *const *r = memsched_rtls; *r; r++) {
        if ((*r)->mutants)
            continue;
        char ps[256];
        engine_param_str(block_find((*r)->block), (*r)->param, ps, sizeof ps);
        printf("%s %s\n", (*r)->block, ps);
    }
    return 0;
}

/* --threads' value: 1 or 2. 0, or 2 after a message. */
static int parse_threads(const char *v, int *threads)
{
    uint64_t x;
    if (parse_u64(v, &x) || x < 1 || x > 2) {
        bad("--threads expects 1 or 2, got '%s'%s", v, "");
        return 2;
    }
    *threads = (int)x;
    return 0;
}

/* Options shared by cosim and ref. */
typedef struct {
    const char *block, *stim, *record, *fst, *gtkw, *out_dir;
    unsigned progress_every;
    uint64_t cycles, seed;
    int has_seed, has_cycles, has_init, init_random, quiet, threads;
    long mutant;
    unsigned window;
    const char *sets[64];
    int nsets;
} cli_t;

static int parse_opts(int argc, char **argv, cli_t *c, int is_ref, void (*usage)(FILE *))
{
    memset(c, 0, sizeof *c);
    c->cycles = DEFAULT_CYCLES;
    c->seed = 1;
    c->init_random = 1;
    c->mutant = -1;
    c->window = FAIL_WINDOW;
    c->out_dir = "out/cosim";
    c->threads = engine_default_threads();
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t x;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return -1;
        } else if (a[0] != '-' || !strcmp(a, "-")) {
            if (c->block)
                return bad("unexpected argument '%s'%s (one block per run)", a, "");
            c->block = a;
            continue;
        }
        if (!strcmp(a, "--quiet")) {
            c->quiet = 1;
            continue;
        }
        if (!v)
            return bad("option %s expects a value%s", a, "");
        i++;
        if (!strcmp(a, "--cycles")) {
            if (parse_u64(v, &x) || x == 0)
                return bad("--cycles expects a positive integer, got '%s'%s", v, "");
            c->cycles = x;
            c->has_cycles = 1;
        } else if (!strcmp(a, "--seed")) {
            if (parse_u64(v, &c->seed))
                return bad("--seed expects a non-negative integer, got '%s'%s", v, "");
            c->has_seed = 1;
        } else if (!strcmp(a, "--set")) {
            if (c->nsets == 64)
                return bad("too many --set options%s%s", "", "");
            c->sets[c->nsets++] = v;
        } else if (!strcmp(a, "--stim")) {
            c->stim = v;
        } else if (!strcmp(a, "--record") && !is_ref) {
            c->record = v;
        } else if (!strcmp(a, "--fst") && !is_ref) {
            c->fst = v;
        } else if (!strcmp(a, "--gtkw") && !is_ref) {
            c->gtkw = v;
        } else if (!strcmp(a, "--init") && !is_ref) {
            if (strcmp(v, "random") && strcmp(v, "zeros"))
                return bad("--init expects 'random' or 'zeros', got '%s'%s", v, "");
            c->init_random = !strcmp(v, "random");
            c->has_init = 1;
        } else if (!strcmp(a, "--window") && !is_ref) {
            if (parse_u64(v, &x) || x > 1000000)
                return bad("--window expects an integer 0..1000000, got '%s'%s", v, "");
            c->window = (unsigned)x;
        } else if (!strcmp(a, "--progress")) {
            if (parse_u64(v, &x) || x < 1 || x > 86400)
                return bad("--progress expects seconds between progress lines, 1..86400, got '%s'%s", v, "");
            c->progress_every = (unsigned)x;
        } else if (!strcmp(a, "--out-dir") && !is_ref) {
            c->out_dir = v;
        } else if (!strcmp(a, "--threads") && !is_ref) {
            if (parse_threads(v, &c->threads))
                return 2;
        } else if (!strcmp(a, "--mutant") && !is_ref) {
            if (parse_u64(v, &x) || x > 1000000)
                return bad("--mutant expects a mutant number, got '%s'%s", v, "");
            c->mutant = (long)x;
        } else {
            fprintf(stderr, "%s: unknown option '%s'\n", prog, a);
            usage(stderr);
            return 2;
        }
    }
    if (!c->block) {
        usage(stderr);
        return 2;
    }
    return 0;
}

/* A run prepared from the command line: options, stimulus, parameters. */
typedef struct {
    run_opts_t o;
    stim_t *stim;
    FILE *rec;
    char fail_fst[512];
    int is_ref, quiet, mutant_cli;
} prep_t;

static void prep_free(prep_t *p)
{
    stim_free(p->stim);
    p->stim = NULL;
    if (p->rec && p->rec != stdout)
        fclose(p->rec);
    p->rec = NULL;
}

/* A file (or directory) the run writes, checked before it starts. 0, or 2 after a message. */
static int check_writable(const char *opt, const char *path, int is_dir)
{
    if (!engine_can_write(path, is_dir))
        return 0;
    fprintf(stderr, "%s: %s %s: expected a %s that can be written, got: %s\n", prog, opt, path,
            is_dir ? "directory" : "file", strerror(errno));
    return 2;
}

/* cosim / ref options to a run: 0, 2 after a message, -1 after --help. */
int memsched_prepare(int argc, char **argv, int is_ref, prep_t *p)
{
    cli_t c;
    memset(p, 0, sizeof *p);
    p->is_ref = is_ref;
    int rc = parse_opts(argc, argv, &c, is_ref, is_ref ? usage_ref : usage_cosim);
    if (rc)
        return rc;
    const block_t *b = block_find(c.block);
    if (!b) {
        fprintf(stderr, "%s: unknown block '%s'; expected one of:", prog, c.block);
        for (const block_t *const *bp = memsched_blocks; *bp; bp++)
            fprintf(stderr, " %s", (*bp)->name);
        fputc('\n', stderr);
        return 2;
    }
    if (c.gtkw && !c.fst) {
        fprintf(stderr, "%s: --gtkw FILE writes a save file for the trace of --fst FILE; give both\n", prog);
        return 2;
    }
    if ((c.fst && check_writable("--fst", c.fst, 0)) || (c.gtkw && check_writable("--gtkw", c.gtkw, 0)))
        return 2;
    ls_settings_t st;
    ls_settings_init(&st, b);
    stim_t *s = NULL;
    if (c.stim) {
        if (!(s = stim_load(c.stim)))
            return 2;
        p->stim = s;
        if (s->meta.block[0] && strcmp(s->meta.block, b->name)) {
            fprintf(stderr, "%s:%u: the header says '# block: %s', expected %s\n", c.stim, s->meta.block_line,
                    s->meta.block, b->name);
            prep_free(p);
            return 2;
        }
        /* The file's settings first, so that the command line's win. */
        for (unsigned i = 0; i < s->meta.nsets; i++) {
            if (ls_set(&st, s->meta.set[i], s->meta.set_where[i])) {
                prep_free(p);
                return 2;
            }
        }
        if (!c.has_seed && s->meta.has_seed)
            c.seed = s->meta.seed;
        if (!c.has_init && s->meta.has_init)
            c.init_random = s->meta.init_random;
    }
    for (int i = 0; i < c.nsets; i++) {
        if (ls_set(&st, c.sets[i], "--set")) {
            prep_free(p);
            return 2;
        }
    }

    run_opts_t *o = &p->o;
    o->blk = b;
    o->argv0 = prog;
    o->seed = c.seed;
    o->cycles = c.cycles;
    o->init_random = c.init_random;
    o->stim = s;
    o->stim_path = c.stim;
    o->fail_window = c.window;
    memcpy(o->knob, st.knob, sizeof o->knob);
    if (ls_resolve(&st, !is_ref, c.mutant, o->param, is_ref ? NULL : &o->rtl)) {
        prep_free(p);
        return 2;
    }
    if (o->rtl && c.mutant > (long)o->rtl->mutants) {
        fprintf(stderr, "%s: --mutant %ld: this netlist has mutants 1..%u (0 = none)\n", prog, c.mutant,
                o->rtl->mutants);
        prep_free(p);
        return 2;
    }
    o->mutant = c.mutant > 0 ? (unsigned)c.mutant : 0;
    o->quiet = c.mutant >= 0 && !getenv("MS_MUTANT_VERBOSE");
    p->mutant_cli = c.mutant >= 0;
    p->quiet = c.quiet;
    if (is_ref)
        o->print = c.quiet ? NULL : stdout;
    o->progress = !c.quiet && !o->quiet;
    o->progress_every = c.progress_every;
    if (snprintf(p->fail_fst, sizeof p->fail_fst, "%s/%s-seed%" PRIu64 ".fst", c.out_dir,
                 o->rtl ? o->rtl->tag : b->name, o->seed) >= (int)sizeof p->fail_fst) {
        fprintf(stderr, "%s: --out-dir: expected a directory name of at most 400 characters, got '%s'\n", prog,
                c.out_dir);
        prep_free(p);
        return 2;
    }
    if (o->rtl && check_writable("--out-dir", c.out_dir, 1)) {   /* a mismatch's FST goes there */
        prep_free(p);
        return 2;
    }
    o->fail_fst = p->fail_fst;
    o->threads = c.threads;
    o->fst = c.fst;
    o->gtkw = c.gtkw;
    if (c.record) {
        p->rec = strcmp(c.record, "-") ? fopen(c.record, "w") : stdout;
        if (!p->rec) {
            fprintf(stderr, "%s: cannot write the record file: %s\n", c.record, strerror(errno));
            prep_free(p);
            return 2;
        }
        o->record = p->rec;
    }
    return 0;
}

static int run_cmd(int argc, char **argv, int is_ref)
{
    if (argc == 1 && !is_ref && !strcmp(argv[0], "--list"))
        return cmd_list();
    if (argc == 1 && !is_ref && !strcmp(argv[0], "--psets"))
        return cmd_psets();
    prep_t p;
    int rc = memsched_prepare(argc, argv, is_ref, &p);
    if (rc)
        return rc < 0 ? 0 : rc;
    run_opts_t *o = &p.o;
    run_result_t res;
    rc = engine_run(o, &res);
    if (rc != 2) {
        char ps[256];
        engine_param_str(o->blk, o->param, ps, sizeof ps);
        FILE *f = is_ref && !p.quiet ? stderr : stdout;
        fprintf(f, "%s %s %s:", is_ref ? "ref" : "cosim", o->blk->name, ps);
        if (p.mutant_cli)
            fprintf(f, " mutant=%u", o->mutant);
        fprintf(f, " cycles=%" PRIu64 " seed=%" PRIu64 " mismatches=%d%s %s\n", res.cycles, o->seed,
                res.mismatches, res.assert_failed ? " assertion=1" : "", rc ? "FAIL" : "PASS");
    }
    prep_free(&p);
    return rc;
}

/* The port table of a block at a parameter set: "in|out NAME WIDTH COUNT" per
 * port (tests/portcheck.sh compares it with the Verilated model). */
static int cmd_ports(int argc, char **argv)
{
    if (argc < 1 || argv[0][0] == '-') {
        fprintf(stderr, "usage: %s ports BLOCK [--set Param=value]...\n", prog);
        return argc >= 1 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) ? 0 : 2;
    }
    const block_t *b = block_find(argv[0]);
    if (!b)
        return bad("unknown block '%s'%s", argv[0], "");
    ls_settings_t st;
    ls_settings_init(&st, b);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--set") || i + 1 >= argc)
            return bad("ports: expected --set key=value, got '%s'%s", argv[i], "");
        if (ls_set(&st, argv[++i], "--set"))
            return 2;
    }
    ls_opts_t lo = {0};
    lockstep_t *ls = ls_open(&st, &lo);
    if (!ls)
        return 2;
    const sigtab_t *t[2] = {ls_in(ls), ls_out(ls)};
    for (int d = 0; d < 2; d++)
        for (unsigned k = 0; k < t[d]->n; k++)
            printf("%s %s %u %u\n", d ? "out" : "in", t[d]->sig[k].name, t[d]->sig[k].width, t[d]->sig[k].count);
    ls_close(ls, NULL);
    return 0;
}

static int cmd_bench(int argc, char **argv)
{
    uint64_t cycles = 1000000, seed = 1;
    const char *names[64];
    int n = 0, threads = engine_default_threads();
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage_bench(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--threads")) {
            if (i + 1 >= argc)
                return bad("--threads expects 1 or 2%s%s", "", "");
            if (parse_threads(argv[++i], &threads))
                return 2;
        } else if (!strcmp(argv[i], "--cycles") || !strcmp(argv[i], "--seed")) {
            uint64_t x;
            int is_cycles = argv[i][2] == 'c';
            if (i + 1 >= argc || parse_u64(argv[i + 1], &x) || (is_cycles && x == 0))
                return bad("%s expects a %s integer", argv[i], is_cycles ? "positive" : "non-negative");
            *(is_cycles ? &cycles : &seed) = x;
            i++;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "%s: unknown option '%s'\n", prog, argv[i]);
            usage_bench(stderr);
            return 2;
        } else if (n < 64) {
            if (!block_find(argv[i]))
                return bad("unknown block '%s'%s", argv[i], "");
            names[n++] = argv[i];
        }
    }
    if (!n)
        for (const block_t *const *bp = memsched_blocks; *bp && n < 64; bp++)
            names[n++] = (*bp)->name;
    printf("%-12s %-46s %12s %16s %16s", "block", "parameters", "cycles", "C model cyc/s", "lockstep cyc/s");
    printf(threads > 1 ? " %16s\n" : "\n", "2 threads cyc/s");
    for (int i = 0; i < n; i++) {
        const block_t *b = block_find(names[i]);
        ls_settings_t st;
        ls_settings_init(&st, b);
        run_opts_t o = {0};
        if (ls_resolve(&st, 0, -1, o.param, NULL))
            return 2;
        const rtl_t *r = ls_find_rtl(b, o.param, 0);
        o.blk = b;
        o.seed = seed;
        o.cycles = cycles;
        o.init_random = 1;
        o.argv0 = prog;
        for (int k = 0; b->knobs && b->knobs[k].name; k++)
            o.knob[k] = b->knobs[k].def;
        run_result_t rc_c, rc_l;
        if (engine_run(&o, &rc_c))
            return 1;
        double lock = 0, lock2 = 0;
        if (r) {
            o.rtl = r;
            if (engine_run(&o, &rc_l))
                return 1;
            lock = (double)rc_l.cycles / rc_l.seconds;
            if (threads > 1) {
                o.threads = threads;
                if (engine_run(&o, &rc_l))
                    return 1;
                lock2 = (double)rc_l.cycles / rc_l.seconds;
                o.threads = 1;
            }
        }
        char ps[256];
        engine_param_str(b, o.param, ps, sizeof ps);
        printf("%-12s %-46s %12" PRIu64 " %16.0f %16.0f", b->name, ps, cycles,
               (double)rc_c.cycles / rc_c.seconds, lock);
        printf(threads > 1 ? " %16.0f\n" : "\n", lock2);
    }
    return 0;
}

#ifndef MEMSCHED_NO_MAIN
int main(int argc, char **argv)
{
    prog = argv[0];
    if (argc < 2) {
        usage_main(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage_main(stdout);
        return 0;
    }
    if (!strcmp(cmd, "cosim"))
        return run_cmd(argc - 2, argv + 2, 0);
    if (!strcmp(cmd, "ref"))
        return run_cmd(argc - 2, argv + 2, 1);
    if (!strcmp(cmd, "bench"))
        return cmd_bench(argc - 2, argv + 2);
    if (!strcmp(cmd, "ports"))
        return cmd_ports(argc - 2, argv + 2);
    if (!strcmp(cmd, "sim"))
        return cmd_sim(argc - 2, argv + 2, prog);
    if (!strcmp(cmd, "compare"))
        return cmd_compare(argc - 2, argv + 2, prog, argv[0]);
    if (!strcmp(cmd, "trace-gen"))
        return cmd_trace_gen(argc - 2, argv + 2, prog);
    fprintf(stderr, "%s: unknown command '%s'\n", prog, cmd);
    usage_main(stderr);
    return 2;
}
#endif
