/* engine.c - signal tables, the block registry, and the driver of a run: a
 * random generator or a stimulus file feeds the lockstep object cycle by
 * cycle, with recording, expected outputs and a trace of a failure. */
#include "engine.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gtkw.h"
#include "lockstep.h"
#include "progress.h"
#include "stim.h"

unsigned sigtab_add(sigtab_t *t, const char *name, unsigned width, unsigned count)
{
    if (t->n >= SIG_MAX || width < 1 || width > 64 || count < 1) {
        fprintf(stderr, "memsched: internal error: bad signal %s[%u] x %u\n", name, width, count);
        abort();
    }
    t->sig[t->n] = (sig_t){name, width, count, t->words, NULL, NULL, NULL};
    t->words += count;
    return t->n++;
}

void sigtab_names(sigtab_t *t, unsigned i, const char *const *names) { t->sig[i].names = names; }

int sigtab_find(const sigtab_t *t, const char *name)
{
    for (unsigned i = 0; i < t->n; i++)
        if (!strcmp(t->sig[i].name, name))
            return (int)i;
    return -1;
}

const block_t *block_find(const char *name)
{
    for (const block_t *const *b = memsched_blocks; *b; b++)
        if (!strcmp((*b)->name, name))
            return *b;
    return NULL;
}

const long *block_defaults(const block_t *b)
{
    for (const pdefault_t *d = memsched_defaults; d->block; d++)
        if (!strcmp(d->block, b->name))
            return d->param;
    return NULL;
}

int engine_parse_uint(const char *s, int base, uint64_t max, uint64_t *v)
{
    char *end;
    if (!s || !isdigit((unsigned char)*s))
        return -1;
    errno = 0;
    unsigned long long x = strtoull(s, &end, base);
    if (errno || *end || x > max)
        return -1;
    *v = x;
    return 0;
}

void engine_param_str(const block_t *b, const long *param, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (unsigned i = 0; b->params[i] && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s=%ld", i ? " " : "", b->params[i], param[i]);
}

void engine_fmt_sig(const sig_t *s, const uint64_t *vals, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (unsigned e = 0; e < s->count && used < n; e++)
        used += (size_t)snprintf(buf + used, n - used, e ? ",%" PRIx64 : "%" PRIx64, vals[s->off + e]);
}

void engine_knob_str(const block_t *b, const long *knob, char *buf, size_t n, const char *sep)
{
    size_t used = 0;
    buf[0] = 0;
    for (unsigned i = 0; b->knobs && b->knobs[i].name && used < n; i++) {
        const knob_t *k = &b->knobs[i];
        if (knob[i] == k->def)
            continue;
        if (k->names)
            used += (size_t)snprintf(buf + used, n - used, "%s%s=%s", used ? sep : "", k->name,
                                     k->names[knob[i]]);
        else
            used += (size_t)snprintf(buf + used, n - used, "%s%s=%ld", used ? sep : "", k->name, knob[i]);
    }
}

/* Random mid-run resets: about one every 4096 cycles, 1..3 cycles long. */
static int gen_reset(rng_t *r, unsigned *left)
{
    if (*left) {
        (*left)--;
        return 0;
    }
    if (rng_below(r, 4096) == 0) {
        *left = (unsigned)rng_below(r, 3);
        return 0;
    }
    return 1;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void print_replay(FILE *f, const run_opts_t *o, uint64_t cycles)
{
    const block_t *b = o->blk;
    fprintf(f, "  replay:  %s %s %s", o->argv0 ? o->argv0 : "memsched", o->rtl ? "cosim" : "ref", b->name);
    for (unsigned i = 0; b->params[i]; i++)
        fprintf(f, " --set %s=%ld", b->params[i], o->param[i]);
    char ks[512];
    engine_knob_str(b, o->knob, ks, sizeof ks, " --set ");
    if (*ks)
        fprintf(f, " --set %s", ks);
    if (o->stim)
        fprintf(f, " --stim %s", o->stim_path);
    else
        fprintf(f, " --seed %" PRIu64 " --cycles %" PRIu64, o->seed, cycles);
    if (o->rtl && !o->init_random)
        fprintf(f, " --init zeros");
    if (o->rtl && o->rtl->mutants)
        fprintf(f, " --mutant %u", o->mutant);
    fputc('\n', f);
}

static void replay_tail(void *user, FILE *f, uint64_t cycle)
{
    print_replay(f, user, cycle + 1);
}

int engine_mkdirs(const char *dir)
{
    char buf[1024];
    if (snprintf(buf, sizeof buf, "%s", dir) >= (int)sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *p = buf + 1;; p++) {
        int end = !*p;
        if (*p == '/' || end) {
            *p = 0;
            if (mkdir(buf, 0777) && errno != EEXIST)
                return -1;
            if (end)
                return 0;
            *p = '/';
        }
    }
}

int engine_can_write(const char *path, int is_dir)
{
    char buf[1024];
    struct stat sb;
    if (!*path || snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        errno = *path ? ENAMETOOLONG : ENOENT;
        return -1;
    }
    if (stat(buf, &sb) == 0) {
        if (is_dir ? !S_ISDIR(sb.st_mode) : S_ISDIR(sb.st_mode)) {
            errno = is_dir ? ENOTDIR : EISDIR;
            return -1;
        }
        return access(buf, is_dir ? W_OK | X_OK : W_OK);
    }
    if (errno != ENOENT)
        return -1;
    for (;;) {   /* up to the nearest thing that exists: it must be a writable directory */
        char *slash = strrchr(buf, '/');
        while (slash && slash > buf && slash[1] == 0) {   /* "a/b/" */
            *slash = 0;
            slash = strrchr(buf, '/');
        }
        if (!slash)
            snprintf(buf, sizeof buf, ".");
        else if (slash == buf)
            buf[1] = 0;   /* "/" */
        else
            *slash = 0;
        if (stat(buf, &sb) == 0) {
            if (!S_ISDIR(sb.st_mode)) {
                errno = ENOTDIR;
                return -1;
            }
            return access(buf, W_OK | X_OK);
        }
        if (errno != ENOENT || !strcmp(buf, ".") || !strcmp(buf, "/"))
            return -1;
    }
}

/* mkdir -p of the directories above a file path. */
static void mkdir_parents(const char *path)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) {
        *slash = 0;
        engine_mkdirs(dir);
    }
}

/* The lockstep object of a run: the parameters are resolved already. */
static lockstep_t *open_run(const run_opts_t *o, const char *fst, int64_t trace_from, int report, int threads)
{
    ls_settings_t st;
    ls_settings_init(&st, o->blk);
    for (unsigned i = 0; o->blk->params[i]; i++) {
        st.has_param[i] = 1;
        st.param[i] = o->param[i];
    }
    memcpy(st.knob, o->knob, sizeof st.knob);
    ls_opts_t lo = {0};
    lo.rtl = o->rtl != NULL;
    lo.mutant_netlist = o->rtl && o->rtl->mutants;
    lo.mutsel = o->mutant;
    lo.no_checks = lo.mutant_netlist;
    lo.seed = o->seed;
    lo.init_random = o->init_random;
    lo.fst = fst;
    lo.trace_from = trace_from;
    lo.report = report;
    lo.report_tail = replay_tail;
    lo.user = (void *)o;
    lo.threads = threads;
    return ls_open(&st, &lo);
}

/* The signal tables of the block as configured, for a save file. */
static int write_gtkw(const run_opts_t *o, const char *gtkw, const char *fst)
{
    lockstep_t *ls = open_run(o, NULL, 0, 0, 1);
    if (!ls)
        return 2;
    sigtab_t probes = {0};
    if (o->blk->probes)
        o->blk->probes(ls_model(ls), &probes);
    char params[256];
    engine_param_str(o->blk, o->param, params, sizeof params);
    int rc = gtkw_write(gtkw, fst, o->blk, params, ls_in(ls), ls_out(ls), &probes) ? 2 : 0;
    ls_close(ls, NULL);
    return rc;
}

static int run_once(const run_opts_t *o, const char *fst, int64_t trace_from, run_result_t *res, int report,
                    int threads);

/* A run in two threads (lockstep.h): a random one with the RTL, nothing
 * traced or recorded, no mutant (those runs are meant to fail; a stimulus
 * file is read once, and runs a few cycles). Its failures are
 * reported by the same run in one thread, so Verilator's messages (an RTL
 * assertion's, on standard output) are left out of this one (a Verilator
 * fatal error would lose its message here; the models have no $fatal, and
 * the lint refuses the combinational loops that fail to converge). 0; 1
 * when it failed: run it again; 2 after a message (a bad setting). */
static int run_threads(const run_opts_t *o, run_result_t *res)
{
    fflush(stdout);
    int out = dup(1), null = open("/dev/null", O_WRONLY);
    if (out >= 0 && null >= 0)
        dup2(null, 1);
    int rc = run_once(o, NULL, 0, res, 0, 2);
    fflush(stdout);
    if (out >= 0 && null >= 0)
        dup2(out, 1);
    if (out >= 0)
        close(out);
    if (null >= 0)
        close(null);
    return rc;
}

int engine_default_threads(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        return CPU_COUNT(&set) >= 2 ? 2 : 1;
    return sysconf(_SC_NPROCESSORS_ONLN) >= 2 ? 2 : 1;
}

int engine_run(const run_opts_t *o, run_result_t *res)
{
    int threads_failed = 0;
    if (o->threads > 1 && o->rtl && !o->rtl->mutants && !o->stim && !o->fst && !o->record && !o->print) {
        int rc = run_threads(o, res);
        if (rc != 1)
            return rc;
        threads_failed = 1;
    }
    int rc = run_once(o, o->fst, 0, res, !o->quiet, 1);
    if (threads_failed && rc == 0) {
        fprintf(stderr, "memsched: internal error: %s %s failed in two threads and passed in one "
                        "(--threads 1 runs it in one; please report it)\n", o->rtl ? "cosim" : "ref", o->blk->name);
        print_replay(stderr, o, o->cycles);
        return 1;
    }
    if (rc != 2 && o->rtl && o->fst && o->gtkw && write_gtkw(o, o->gtkw, o->fst))
        return 2;
    if (rc == 1 && o->rtl && !o->quiet && !o->fst && o->fail_fst) {
        /* Replay the same run with tracing over the window before the failure. */
        run_result_t r2;
        uint64_t from = res->fail_cycle > o->fail_window ? res->fail_cycle - o->fail_window : 0;
        run_opts_t o2 = *o;
        o2.record = NULL;
        o2.print = NULL;
        o2.progress = 0;
        mkdir_parents(o->fail_fst);
        char gtkw[1040];
        snprintf(gtkw, sizeof gtkw, "%.*s.gtkw", (int)(strlen(o->fail_fst) - 4), o->fail_fst);
        if (run_once(&o2, o->fail_fst, (int64_t)from, &r2, 0, 1) == 1 && r2.fail_cycle == res->fail_cycle) {
            fprintf(stderr, "  waves:   %s (cycles %" PRIu64 "..%" PRIu64 ")\n", o->fail_fst, from,
                    res->fail_cycle);
            if (!write_gtkw(o, gtkw, o->fail_fst))
                fprintf(stderr, "  view:    gtkwave -a %s\n", gtkw);
        }
        else
            fprintf(stderr, "  waves:   the replay for %s did not fail the same way (not reproducible?)\n",
                    o->fail_fst);
    }
    return rc;
}

/* Expected outputs of a stimulus row against the C model's; 0 or 1 (reported). */
static int check_expected(const run_opts_t *o, lockstep_t *ls, uint64_t cyc, const uint64_t *vc, int report)
{
    const stim_t *st = o->stim;
    const sigtab_t *out = ls_out(ls);
    const uint64_t *ve = st->exp + cyc * out->words;
    for (unsigned k = 0; k < out->n; k++) {
        const sig_t *s = &out->sig[k];
        if (!st->exp_has[k])
            continue;
        for (unsigned e = 0; e < s->count; e++) {
            if (ve[s->off + e] == vc[s->off + e])
                continue;
            if (report) {
                char eb[2048], cb[2048], params[256];
                engine_param_str(o->blk, o->param, params, sizeof params);
                engine_fmt_sig(s, ve, eb, sizeof eb);
                engine_fmt_sig(s, vc, cb, sizeof cb);
                fprintf(stderr, "%s: %s %s: MISMATCH against the file at cycle %" PRIu64
                        ", signal %s: file=0x%s C=0x%s\n", st->path, o->blk->name, params, cyc, s->name, eb, cb);
                ls_print_inputs(ls, stderr);
            }
            return 1;
        }
    }
    return 0;
}

static int run_once(const run_opts_t *o, const char *fst, int64_t trace_from, run_result_t *res, int report,
                    int threads)
{
    const block_t *b = o->blk;
    memset(res, 0, sizeof *res);
    lockstep_t *ls = open_run(o, fst, trace_from, report, threads);
    if (!ls)
        return 2;
    const sigtab_t *in = ls_in(ls), *out = ls_out(ls);
    stim_t *st = (stim_t *)o->stim;
    if (st && stim_bind(st, in, out)) {
        ls_close(ls, NULL);
        return 2;
    }
    uint64_t cycles = st ? st->rows : o->cycles;
    uint64_t *vin = calloc(in->words ? in->words : 1, sizeof *vin);
    uint64_t *vc = calloc(out->words ? out->words : 1, sizeof *vc);
    char params[256], sets[512];
    engine_param_str(b, o->param, params, sizeof params);
    engine_knob_str(b, o->knob, sets, sizeof sets, " ");
    if (o->record)
        stim_write_header(o->record, b->name, params, sets, o->seed, o->init_random, in, out);
    if (o->print)
        stim_write_header(o->print, b->name, params, sets, o->seed, o->init_random, in, out);

    rng_t rng;
    rng_seed(&rng, o->seed);
    unsigned reset_left = 0;
    int rc = 0;
    double t0 = now_s();
    progress_t prog;
    progress_start(&prog, o->progress, o->progress_every);
    uint64_t cyc;
    for (cyc = 0; cyc < cycles; cyc++) {
        if ((cyc & 0x3fff) == 0 && progress_due(&prog)) {
            double dt = progress_elapsed(&prog);
            progress_print(&prog, "  %s %s: %.0f s, cycle %" PRIu64 " of %" PRIu64 " (%.0f %%), %.0f k cycles/s",
                           o->rtl ? "cosim" : "ref", b->name, dt, cyc, cycles, 100.0 * (double)cyc / (double)cycles,
                           dt > 0 ? (double)cyc / dt / 1e3 : 0.0);
        }
        int rst_n;
        if (st) {
            memcpy(vin, st->in + cyc * in->words, in->words * sizeof *vin);
            rst_n = st->rst_n[cyc];
        } else {
            rst_n = gen_reset(&rng, &reset_left);
            b->gen(ls_model(ls), &rng, vin);
        }
        if ((rc = ls_eval(ls, rst_n, vin, vc)))
            break;
        if (st && st->has_exp && (rc = check_expected(o, ls, cyc, vc, report)))
            break;
        if (o->record)
            stim_write_row(o->record, cyc, rst_n, in, vin, out, vc);
        if (o->print)
            stim_write_row(o->print, cyc, rst_n, in, vin, out, vc);
        if ((rc = ls_tick(ls)))
            break;
    }
    if (!rc && ls_failed(ls, NULL))
        rc = 1;   /* two threads: the RTL's found a failure in the last cycles */
    progress_end(&prog);
    res->seconds = now_s() - t0;
    res->cycles = rc ? cyc + 1 : cyc;
    res->fail_cycle = cyc;
    ls_counts_t n;
    ls_close(ls, &n);
    res->mismatches = n.mismatch || (rc == 1 && !n.assert_failed);
    res->assert_failed = n.assert_failed;
    free(vin);
    free(vc);
    return rc;
}
