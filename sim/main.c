/* main.c - the memsched command line: cosim, ref, bench. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
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
            "\n"
            "'%s COMMAND --help' describes each. Exit status: 0 pass, 1 a check failed,\n"
            "2 bad usage or input.\n",
            prog, prog);
}

static void usage_cosim(FILE *f)
{
    fprintf(f,
            "usage: %s cosim BLOCK [--cycles N] [--seed S] [--set key=value]... [--stim FILE]\n"
            "                        [--record FILE] [--fst FILE] [--init random|zeros]\n"
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
            "  --list            blocks, parameter sets built, --set keys; --psets: one line per set\n",
            prog, prog, DEFAULT_CYCLES, FAIL_WINDOW);
}

static void usage_ref(FILE *f)
{
    fprintf(f,
            "usage: %s ref BLOCK --stim FILE [--set key=value]... [--quiet]\n"
            "       %s ref BLOCK [--cycles N] [--seed S] [--set key=value]... [--quiet]\n"
            "\n"
            "Runs the C golden model alone and prints, per cycle, its inputs and outputs in\n"
            "the stimulus format (docs/cosim.md). Output columns present in the stimulus\n"
            "are checked (exit 1 on a difference). --quiet prints only the summary.\n",
            prog, prog);
}

static void usage_bench(FILE *f)
{
    fprintf(f,
            "usage: %s bench [BLOCK...] [--cycles N] [--seed S]\n"
            "\n"
            "Prints simulated cycles per second of each block's default parameter set:\n"
            "the C model alone (with its random stimulus) and in lockstep with the RTL.\n",
            prog);
}

static int bad(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "%s: ", prog);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return 2;
}

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-')
        return -1;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end)
        return -1;
    *v = x;
    return 0;
}

static int param_index(const block_t *b, const char *key)
{
    for (int i = 0; b->params[i]; i++)
        if (!strcmp(b->params[i], key))
            return i;
    return -1;
}

static int knob_index(const block_t *b, const char *key)
{
    for (int i = 0; b->knobs && b->knobs[i].name; i++)
        if (!strcmp(b->knobs[i].name, key))
            return i;
    return -1;
}

static void list_keys(FILE *f, const block_t *b)
{
    for (int i = 0; b->params[i]; i++)
        fprintf(f, " %s", b->params[i]);
    for (int i = 0; b->knobs && b->knobs[i].name; i++)
        fprintf(f, " %s", b->knobs[i].name);
}

/* The --set values gathered for one run. */
typedef struct {
    int has_param[PARAM_MAX];
    long param[PARAM_MAX];
    long knob[KNOB_MAX];
} settings_t;

static void settings_init(settings_t *st, const block_t *b)
{
    memset(st, 0, sizeof *st);
    for (int i = 0; b->knobs && b->knobs[i].name; i++)
        st->knob[i] = b->knobs[i].def;
}

/* Apply one "key=value"; `where` names its origin for messages. */
static int apply_set(settings_t *st, const block_t *b, const char *kv, const char *where)
{
    const char *eq = strchr(kv, '=');
    char key[64];
    if (!eq || eq == kv || (size_t)(eq - kv) >= sizeof key) {
        fprintf(stderr, "%s: --set expects key=value, got '%s'\n", where, kv);
        return 2;
    }
    snprintf(key, sizeof key, "%.*s", (int)(eq - kv), kv);
    const char *val = eq + 1;
    int pi = param_index(b, key), ki = knob_index(b, key);
    if (pi < 0 && ki < 0) {
        fprintf(stderr, "%s: unknown key '%s' for block %s; expected one of:", where, key, b->name);
        list_keys(stderr, b);
        fputc('\n', stderr);
        return 2;
    }
    if (ki >= 0 && b->knobs[ki].names) {
        for (long v = 0; b->knobs[ki].names[v]; v++) {
            if (!strcmp(b->knobs[ki].names[v], val)) {
                st->knob[ki] = v;
                return 0;
            }
        }
    }
    uint64_t v;
    if (parse_u64(val, &v) || v > LONG_MAX) {
        fprintf(stderr, "%s: %s=%s: expected a non-negative integer", where, key, val);
        if (ki >= 0 && b->knobs[ki].names) {
            fprintf(stderr, " or one of");
            for (int n = 0; b->knobs[ki].names[n]; n++)
                fprintf(stderr, " %s", b->knobs[ki].names[n]);
        }
        fputc('\n', stderr);
        return 2;
    }
    if (pi >= 0) {
        st->has_param[pi] = 1;
        st->param[pi] = (long)v;
    } else {
        const knob_t *k = &b->knobs[ki];
        if ((long)v < k->min || (long)v > k->max) {
            fprintf(stderr, "%s: %s=%s: expected a value in %ld..%ld\n", where, key, val, k->min, k->max);
            return 2;
        }
        st->knob[ki] = (long)v;
    }
    return 0;
}

/* Settings recorded in a stimulus header ("params" and "set" lines), applied
 * before the command line's so that the command line wins. */
static int apply_meta(settings_t *st, const block_t *b, const stim_t *s)
{
    char where[1100];
    char buf[768];
    for (int pass = 0; pass < 2; pass++) {
        snprintf(where, sizeof where, "%s:%u", s->path, pass ? s->meta.sets_line : s->meta.params_line);
        snprintf(buf, sizeof buf, "%s", pass ? s->meta.sets : s->meta.params);
        char *save = NULL;
        for (char *t = strtok_r(buf, " \t", &save); t; t = strtok_r(NULL, " \t", &save))
            if (apply_set(st, b, t, where))
                return 2;
    }
    return 0;
}

static const rtl_t *find_rtl(const block_t *b, const settings_t *st, int mutant)
{
    const rtl_t *best = NULL;
    for (const rtl_t *const *r = memsched_rtls; *r; r++) {
        if (strcmp((*r)->block, b->name) || ((*r)->mutants > 0) != (mutant >= 0))
            continue;
        int ok = 1;
        for (int i = 0; b->params[i]; i++)
            if (st->has_param[i] && st->param[i] != (*r)->param[i])
                ok = 0;
        if (ok && (!best || (*r)->is_default))
            best = *r;
    }
    return best;
}

static const rtl_t *default_rtl(const block_t *b)
{
    settings_t st;
    settings_init(&st, b);
    return find_rtl(b, &st, -1);
}

static void print_psets(FILE *f, const block_t *b, int mutants)
{
    for (const rtl_t *const *r = memsched_rtls; *r; r++) {
        if (strcmp((*r)->block, b->name) || ((*r)->mutants > 0) != mutants)
            continue;
        char ps[256];
        engine_param_str(b, (*r)->param, ps, sizeof ps);
        fprintf(f, "    %s%s", ps, (*r)->is_default ? "   (default)" : "");
        if (mutants)
            fprintf(f, "   (%u mutants)", (*r)->mutants);
        fputc('\n', f);
    }
}

static int cmd_list(void)
{
    for (const block_t *const *bp = memsched_blocks; *bp; bp++) {
        const block_t *b = *bp;
        printf("%s: %s\n  parameter sets built:\n", b->name, b->summary);
        print_psets(stdout, b, 0);
        int any = 0;
        for (const rtl_t *const *r = memsched_rtls; *r; r++)
            any |= !strcmp((*r)->block, b->name) && (*r)->mutants;
        if (any) {
            printf("  mutant netlists built (make mutate):\n");
            print_psets(stdout, b, 1);
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

/* Options shared by cosim and ref. */
typedef struct {
    const char *block, *stim, *record, *fst, *gtkw;
    uint64_t cycles, seed;
    int has_seed, has_cycles, has_init, init_random, quiet;
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
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t x;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        } else if (a[0] != '-' || !strcmp(a, "-")) {
            if (c->block)
                return bad("unexpected argument '%s'%s (one block per run)", a, "");
            c->block = a;
            continue;
        }
        if (!strcmp(a, "--quiet") && is_ref) {
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

static int run_cmd(int argc, char **argv, int is_ref)
{
    cli_t c;
    if (argc == 1 && !is_ref && !strcmp(argv[0], "--list"))
        return cmd_list();
    if (argc == 1 && !is_ref && !strcmp(argv[0], "--psets"))
        return cmd_psets();
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
    settings_t st;
    settings_init(&st, b);
    stim_t *s = NULL;
    if (c.stim) {
        if (!(s = stim_load(c.stim)))
            return 2;
        if (s->meta.block[0] && strcmp(s->meta.block, b->name)) {
            fprintf(stderr, "%s: the header says '# block: %s', expected %s\n", c.stim, s->meta.block,
                    b->name);
            stim_free(s);
            return 2;
        }
        if (apply_meta(&st, b, s)) {
            stim_free(s);
            return 2;
        }
        if (!c.has_seed && s->meta.has_seed)
            c.seed = s->meta.seed;
        if (!c.has_init && s->meta.has_init)
            c.init_random = s->meta.init_random;
    }
    for (int i = 0; i < c.nsets; i++) {
        if (apply_set(&st, b, c.sets[i], prog)) {
            stim_free(s);
            return 2;
        }
    }

    run_opts_t o = {0};
    o.blk = b;
    o.argv0 = prog;
    o.seed = c.seed;
    o.cycles = c.cycles;
    o.init_random = c.init_random;
    o.stim = s;
    o.stim_path = c.stim;
    o.fail_window = c.window;
    o.quiet = 0;
    memcpy(o.knob, st.knob, sizeof o.knob);

    const rtl_t *r = NULL;
    if (!is_ref) {
        r = find_rtl(b, &st, (int)c.mutant);
        if (!r) {
            fprintf(stderr, "%s: no %sparameter set of %s is built with", prog,
                    c.mutant >= 0 ? "mutant " : "", b->name);
            for (int i = 0; b->params[i]; i++)
                if (st.has_param[i])
                    fprintf(stderr, " %s=%ld", b->params[i], st.param[i]);
            fprintf(stderr, "; built:\n");
            print_psets(stderr, b, c.mutant >= 0);
            stim_free(s);
            return 2;
        }
        if (c.mutant > (long)r->mutants) {
            fprintf(stderr, "%s: --mutant %ld: this netlist has mutants 1..%u (0 = none)\n", prog,
                    c.mutant, r->mutants);
            stim_free(s);
            return 2;
        }
        memcpy(o.param, r->param, sizeof o.param);
        o.rtl = r;
        o.mutant = c.mutant > 0 ? (unsigned)c.mutant : 0;
        o.quiet = c.mutant >= 0;
    } else {
        const rtl_t *d = default_rtl(b);
        for (int i = 0; b->params[i]; i++)
            o.param[i] = st.has_param[i] ? st.param[i] : d ? d->param[i] : 1;
        o.print = c.quiet ? NULL : stdout;
    }

    char fail_fst[512];
    snprintf(fail_fst, sizeof fail_fst, "out/cosim/%s-seed%" PRIu64 ".fst",
             o.rtl ? o.rtl->tag : b->name, o.seed);
    o.fail_fst = fail_fst;
    o.fst = c.fst;
    o.gtkw = c.gtkw;
    if (c.gtkw && !c.fst) {
        fprintf(stderr, "%s: --gtkw FILE writes a save file for the trace of --fst FILE; give both\n", prog);
        stim_free(s);
        return 2;
    }
    FILE *rec = NULL;
    if (c.record) {
        rec = strcmp(c.record, "-") ? fopen(c.record, "w") : stdout;
        if (!rec) {
            fprintf(stderr, "%s: cannot write the record file: %s\n", c.record, strerror(errno));
            stim_free(s);
            return 2;
        }
        o.record = rec;
    }

    run_result_t res;
    rc = engine_run(&o, &res);
    if (rec && rec != stdout)
        fclose(rec);
    if (rc != 2) {
        char ps[256];
        engine_param_str(b, o.param, ps, sizeof ps);
        FILE *f = is_ref && !c.quiet ? stderr : stdout;
        fprintf(f, "%s %s %s:", is_ref ? "ref" : "cosim", b->name, ps);
        if (o.mutant || c.mutant == 0)
            fprintf(f, " mutant=%u", o.mutant);
        fprintf(f, " cycles=%" PRIu64 " seed=%" PRIu64 " mismatches=%d%s %s\n", res.cycles, o.seed,
                res.mismatches, res.assert_failed ? " assertion=1" : "", rc ? "FAIL" : "PASS");
    }
    stim_free(s);
    return rc;
}

static int cmd_bench(int argc, char **argv)
{
    uint64_t cycles = 1000000, seed = 1;
    const char *names[64];
    int n = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage_bench(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--cycles") || !strcmp(argv[i], "--seed")) {
            uint64_t x;
            if (i + 1 >= argc || parse_u64(argv[i + 1], &x) || x == 0)
                return bad("%s expects a positive integer%s", argv[i], "");
            *(argv[i][2] == 'c' ? &cycles : &seed) = x;
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
    printf("%-12s %-46s %12s %16s %16s\n", "block", "parameters", "cycles", "C model cyc/s", "lockstep cyc/s");
    for (int i = 0; i < n; i++) {
        const block_t *b = block_find(names[i]);
        const rtl_t *r = default_rtl(b);
        run_opts_t o = {0};
        o.blk = b;
        o.seed = seed;
        o.cycles = cycles;
        o.init_random = 1;
        o.argv0 = prog;
        for (int k = 0; b->knobs && b->knobs[k].name; k++)
            o.knob[k] = b->knobs[k].def;
        if (r)
            memcpy(o.param, r->param, sizeof o.param);
        run_result_t rc_c, rc_l;
        if (engine_run(&o, &rc_c))
            return 1;
        double lock = 0;
        if (r) {
            o.rtl = r;
            if (engine_run(&o, &rc_l))
                return 1;
            lock = (double)rc_l.cycles / rc_l.seconds;
        }
        char ps[256];
        engine_param_str(b, o.param, ps, sizeof ps);
        printf("%-12s %-46s %12" PRIu64 " %16.0f %16.0f\n", b->name, ps, cycles,
               (double)rc_c.cycles / rc_c.seconds, lock);
    }
    return 0;
}

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
    fprintf(stderr, "%s: unknown command '%s'\n", prog, cmd);
    usage_main(stderr);
    return 2;
}
