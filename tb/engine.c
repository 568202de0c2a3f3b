/* engine.c - the lockstep loop: same inputs to the C model and the RTL, compare
 * every output element every cycle, then clock both. */
#include "engine.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "gtkw.h"
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

/* Knob values that differ from their defaults, as "k=v k=v" (for headers and replay). */
static void knob_str(const block_t *b, const long *knob, char *buf, size_t n, const char *sep)
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

static void print_inputs(FILE *f, const sigtab_t *in, const uint64_t *vin, int rst_n)
{
    char buf[2048];
    fprintf(f, "  inputs:  rst_n=%d", rst_n);
    for (unsigned k = 0; k < in->n; k++) {
        engine_fmt_sig(&in->sig[k], vin, buf, sizeof buf);
        fprintf(f, " %s=%s", in->sig[k].name, buf);
    }
    fputc('\n', f);
}

static void print_replay(FILE *f, const run_opts_t *o, uint64_t cycles)
{
    const block_t *b = o->blk;
    fprintf(f, "  replay:  %s %s %s", o->argv0 ? o->argv0 : "memsched", o->rtl ? "cosim" : "ref", b->name);
    for (unsigned i = 0; b->params[i]; i++)
        fprintf(f, " --set %s=%ld", b->params[i], o->param[i]);
    char ks[512];
    knob_str(b, o->knob, ks, sizeof ks, " --set ");
    if (*ks)
        fprintf(f, " --set %s", ks);
    if (o->stim)
        fprintf(f, " --stim %s", o->stim_path);
    else
        fprintf(f, " --seed %" PRIu64 " --cycles %" PRIu64, o->seed, cycles);
    if (o->rtl && !o->init_random)
        fprintf(f, " --init zeros");
    if (o->mutant)
        fprintf(f, " --mutant %u", o->mutant);
    fputc('\n', f);
}

typedef struct {
    int64_t trace_from;   /* first cycle to trace, -1: none */
    const char *trace_path;
} trace_req_t;

static int run_once(const run_opts_t *o, const trace_req_t *tr, run_result_t *res, int report);

/* mkdir -p of the directories above a file path. */
static void mkdir_parents(const char *path)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", path);
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        mkdir(dir, 0777);
        *p = '/';
    }
}

/* The signal tables of the block as configured, for a save file. */
static int write_gtkw(const run_opts_t *o, const char *gtkw, const char *fst)
{
    sigtab_t in = {0}, out = {0}, probes = {0};
    void *m = o->blk->create(o->param, o->knob, &in, &out);
    if (!m)
        return 2;
    if (o->blk->probes)
        o->blk->probes(m, &probes);
    char params[256];
    engine_param_str(o->blk, o->param, params, sizeof params);
    int rc = gtkw_write(gtkw, fst, o->blk, params, &in, &out, &probes) ? 2 : 0;
    o->blk->destroy(m);
    return rc;
}

int engine_run(const run_opts_t *o, run_result_t *res)
{
    trace_req_t tr = {o->fst ? 0 : -1, o->fst};
    int rc = run_once(o, &tr, res, !o->quiet);
    if (rc != 2 && o->rtl && o->fst && o->gtkw && write_gtkw(o, o->gtkw, o->fst))
        return 2;
    if (rc == 1 && o->rtl && !o->quiet && !o->fst && o->fail_fst) {
        /* Replay the same run with tracing over the window before the failure. */
        run_result_t r2;
        uint64_t from = res->fail_cycle > o->fail_window ? res->fail_cycle - o->fail_window : 0;
        trace_req_t tw = {(int64_t)from, o->fail_fst};
        run_opts_t o2 = *o;
        o2.record = NULL;
        o2.print = NULL;
        mkdir_parents(o->fail_fst);
        char gtkw[1040];
        snprintf(gtkw, sizeof gtkw, "%.*s.gtkw", (int)(strlen(o->fail_fst) - 4), o->fail_fst);
        if (run_once(&o2, &tw, &r2, 0) == 1 && r2.fail_cycle == res->fail_cycle) {
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

static int run_once(const run_opts_t *o, const trace_req_t *tr, run_result_t *res, int report)
{
    const block_t *b = o->blk;
    sigtab_t in = {0}, out = {0};
    memset(res, 0, sizeof *res);
    void *m = b->create(o->param, o->knob, &in, &out);
    if (!m)
        return 2;
    stim_t *st = (stim_t *)o->stim;
    if (st && stim_bind(st, &in, &out)) {
        b->destroy(m);
        return 2;
    }
    uint64_t cycles = st ? st->rows : o->cycles;
    uint64_t *vin = calloc(in.words, sizeof *vin);
    uint64_t *vc = calloc(out.words, sizeof *vc);
    uint64_t *vr = calloc(out.words, sizeof *vr);
    char params[256], sets[512];
    engine_param_str(b, o->param, params, sizeof params);
    knob_str(b, o->knob, sets, sizeof sets, " ");

    void *h = NULL;
    int tracing = 0;
    if (o->rtl) {
        uint32_t vseed = (uint32_t)((o->seed * UINT64_C(0x9E3779B97F4A7C15)) >> 33) | 1;
        h = o->rtl->create(o->init_random, vseed);
        if (o->mutant)
            o->rtl->set_mutant(h, o->mutant);
    }
    if (o->record)
        stim_write_header(o->record, b->name, params, sets, o->seed, o->init_random, &in, &out);
    if (o->print)
        stim_write_header(o->print, b->name, params, sets, o->seed, o->init_random, &in, &out);

    /* Power-on reset of both models before cycle 0 (not compared). */
    b->reset(m);
    if (h) {
        o->rtl->set_in(h, 1, vin);
        o->rtl->eval(h);
        o->rtl->set_in(h, 0, vin);
        o->rtl->eval(h);
        o->rtl->clock(h);
    }

    rng_t rng;
    rng_seed(&rng, o->seed);
    unsigned reset_left = 0;
    int rc = 0;
    double t0 = now_s();
    uint64_t cyc;
    for (cyc = 0; cyc < cycles; cyc++) {
        int rst_n;
        if (st) {
            memcpy(vin, st->in + cyc * in.words, in.words * sizeof *vin);
            rst_n = st->rst_n[cyc];
        } else {
            rst_n = gen_reset(&rng, &reset_left);
            b->gen(m, &rng, vin);
        }
        if (!rst_n)
            b->reset(m);
        b->eval(m, vin, vc);

        if (h) {
            if (tr->trace_from >= 0 && (int64_t)cyc == tr->trace_from) {
                if (o->rtl->trace_open(h, tr->trace_path)) {
                    fprintf(stderr, "%s: cannot write the trace\n", tr->trace_path);
                    rc = 2;
                    break;
                }
                tracing = 1;
            }
            o->rtl->set_in(h, rst_n, vin);
            o->rtl->eval(h);
            o->rtl->get_out(h, vr);
            if (tracing)
                o->rtl->trace_dump(h, 10 * cyc);
            if (o->rtl->failed(h)) {
                res->assert_failed = 1;
                rc = 1;
                if (report) {
                    fprintf(stderr, "cosim %s %s: RTL assertion failed at cycle %" PRIu64 " (message above)\n",
                            b->name, params, cyc);
                    print_inputs(stderr, &in, vin, rst_n);
                    fprintf(stderr, "  seed=%" PRIu64 " init=%s\n", o->seed, o->init_random ? "random" : "zeros");
                    print_replay(stderr, o, cyc + 1);
                }
                break;
            }
            for (unsigned k = 0; k < out.n && !rc; k++) {
                const sig_t *s = &out.sig[k];
                for (unsigned e = 0; e < s->count; e++) {
                    if (vr[s->off + e] == vc[s->off + e])
                        continue;
                    rc = 1;
                    res->mismatches = 1;
                    if (report) {
                        char rb[2048], cb[2048];
                        engine_fmt_sig(s, vr, rb, sizeof rb);
                        engine_fmt_sig(s, vc, cb, sizeof cb);
                        fprintf(stderr, "cosim %s %s: MISMATCH at cycle %" PRIu64 ", signal %s",
                                b->name, params, cyc, s->name);
                        if (s->count > 1)
                            fprintf(stderr, "[%u]: RTL=0x%" PRIx64 " C=0x%" PRIx64 "\n", e,
                                    vr[s->off + e], vc[s->off + e]);
                        else
                            fprintf(stderr, ": RTL=0x%s C=0x%s\n", rb, cb);
                        if (s->count > 1)
                            fprintf(stderr, "  %s:   RTL=%s\n  %s:   C  =%s\n", s->name, rb, s->name, cb);
                        for (unsigned j = 0; j < out.n; j++) {
                            if (j == k)
                                continue;
                            engine_fmt_sig(&out.sig[j], vr, rb, sizeof rb);
                            engine_fmt_sig(&out.sig[j], vc, cb, sizeof cb);
                            fprintf(stderr, "  other:   %s RTL=%s C=%s\n", out.sig[j].name, rb, cb);
                        }
                        print_inputs(stderr, &in, vin, rst_n);
                        fprintf(stderr, "  seed=%" PRIu64 " init=%s\n", o->seed,
                                o->init_random ? "random" : "zeros");
                        print_replay(stderr, o, cyc + 1);
                    }
                    break;
                }
            }
            if (rc)
                break;
        }

        if (st && st->has_exp) {
            for (unsigned k = 0; k < out.n && !rc; k++) {
                const sig_t *s = &out.sig[k];
                if (!st->exp_has[k])
                    continue;
                const uint64_t *ve = st->exp + cyc * out.words;
                for (unsigned e = 0; e < s->count; e++) {
                    if (ve[s->off + e] == vc[s->off + e])
                        continue;
                    rc = 1;
                    res->mismatches = 1;
                    if (report) {
                        char eb[2048], cb[2048];
                        engine_fmt_sig(s, ve, eb, sizeof eb);
                        engine_fmt_sig(s, vc, cb, sizeof cb);
                        fprintf(stderr, "%s: %s %s: MISMATCH against the file at cycle %" PRIu64
                                ", signal %s: file=0x%s C=0x%s\n",
                                st->path, b->name, params, cyc, s->name, eb, cb);
                        print_inputs(stderr, &in, vin, rst_n);
                    }
                    break;
                }
            }
            if (rc)
                break;
        }

        if (o->record)
            stim_write_row(o->record, cyc, rst_n, &in, vin, &out, vc);
        if (o->print)
            stim_write_row(o->print, cyc, rst_n, &in, vin, &out, vc);

        if (rst_n)
            b->tick(m, vin);
        else
            b->reset(m);
        if (h) {
            o->rtl->clock(h);
            if (tracing)
                o->rtl->trace_dump(h, 10 * cyc + 5);
            if (o->rtl->failed(h)) {
                res->assert_failed = 1;
                rc = 1;
                if (report) {
                    fprintf(stderr, "cosim %s %s: RTL assertion failed at the clock edge of cycle %" PRIu64
                            " (message above)\n", b->name, params, cyc);
                    print_inputs(stderr, &in, vin, rst_n);
                    fprintf(stderr, "  seed=%" PRIu64 " init=%s\n", o->seed, o->init_random ? "random" : "zeros");
                    print_replay(stderr, o, cyc + 1);
                }
                break;
            }
        }
    }
    res->seconds = now_s() - t0;
    res->cycles = rc ? cyc + 1 : cyc;
    res->fail_cycle = cyc;
    if (h) {
        if (tracing)
            o->rtl->trace_close(h);
        o->rtl->destroy(h);
    }
    b->destroy(m);
    free(vin);
    free(vc);
    free(vr);
    return rc;
}
