/* lockstep.c - one block stepped cycle by cycle: the C model alone, or the
 * Verilated RTL and the C model with the same inputs, every output compared. */
#include "lockstep.h"

#include "stim.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------- */
/* Settings: parameters, modes and knobs; the parameter set of a run.        */

/* Verilog parameters are 32-bit signed integers. */
#define PARAM_VALUE_MAX 2147483647L

void ls_settings_init(ls_settings_t *st, const block_t *b)
{
    memset(st, 0, sizeof *st);
    st->blk = b;
    for (int i = 0; b->knobs && b->knobs[i].name; i++)
        st->knob[i] = b->knobs[i].def;
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

int ls_set(ls_settings_t *st, const char *kv, const char *where)
{
    const block_t *b = st->blk;
    const char *eq = strchr(kv, '=');
    char key[64];
    if (!eq || eq == kv || (size_t)(eq - kv) >= sizeof key) {
        fprintf(stderr, "%s: expected key=value, got '%s'\n", where, kv);
        return 2;
    }
    snprintf(key, sizeof key, "%.*s", (int)(eq - kv), kv);
    const char *val = eq + 1;
    int pi = param_index(b, key), ki = knob_index(b, key);
    if (pi < 0 && ki < 0) {
        fprintf(stderr, "%s: unknown key '%s' for block %s; expected one of:", where, key, b->name);
        for (int i = 0; b->params[i]; i++)
            fprintf(stderr, " %s", b->params[i]);
        for (int i = 0; b->knobs && b->knobs[i].name; i++)
            fprintf(stderr, " %s", b->knobs[i].name);
        fputc('\n', stderr);
        return 2;
    }
    uint64_t v;
    if (pi >= 0) {
        if (engine_parse_uint(val, 0, PARAM_VALUE_MAX, &v)) {
            fprintf(stderr, "%s: %s=%s: expected a non-negative integer of at most %ld (a Verilog parameter)\n",
                    where, key, val, PARAM_VALUE_MAX);
            return 2;
        }
        st->has_param[pi] = 1;
        st->param[pi] = (long)v;
        st->param_where[pi] = where;
        return 0;
    }
    const knob_t *k = &b->knobs[ki];
    for (long n = 0; k->names && k->names[n]; n++) {
        if (!strcmp(k->names[n], val)) {
            st->knob[ki] = n;
            return 0;
        }
    }
    if (engine_parse_uint(val, 0, (uint64_t)k->max, &v) || (long)v < k->min) {
        fprintf(stderr, "%s: %s=%s: expected ", where, key, val);
        if (k->names) {
            fprintf(stderr, "one of");
            for (int n = 0; k->names[n]; n++)
                fprintf(stderr, " %s", k->names[n]);
            fprintf(stderr, " (or %ld..%ld)\n", k->min, k->max);
        } else {
            fprintf(stderr, "an integer in %ld..%ld\n", k->min, k->max);
        }
        return 2;
    }
    st->knob[ki] = (long)v;
    return 0;
}

/* A Verilated set of block b: a mutant netlist or not. */
static int rtl_of(const rtl_t *r, const block_t *b, int mutants)
{
    return !strcmp(r->block, b->name) && (r->mutants > 0) == (mutants != 0);
}

const rtl_t *ls_find_rtl(const block_t *b, const long *param, int mutant)
{
    for (const rtl_t *const *r = memsched_rtls; *r; r++) {
        if (!rtl_of(*r, b, mutant))
            continue;
        int ok = 1;
        for (int i = 0; b->params[i]; i++)
            ok &= (*r)->param[i] == param[i];
        if (ok)
            return *r;
    }
    return NULL;
}

void ls_print_psets(FILE *f, const block_t *b, int mutants)
{
    const long *d = block_defaults(b);
    int any = 0;
    for (const rtl_t *const *r = memsched_rtls; *r; r++) {
        if (!rtl_of(*r, b, mutants))
            continue;
        char ps[256];
        engine_param_str(b, (*r)->param, ps, sizeof ps);
        int dflt = d && !mutants && !memcmp(d, (*r)->param, sizeof (*r)->param);
        fprintf(f, "    %s%s", ps, dflt ? "   (default)" : "");
        if (mutants)
            fprintf(f, "   (%u mutants)", (*r)->mutants);
        fputc('\n', f);
        any = 1;
    }
    if (!any)
        fprintf(f, "    (none)\n");
}

int ls_resolve(const ls_settings_t *st, int want_rtl, long mutant, long *param, const rtl_t **rtl)
{
    const block_t *b = st->blk;
    const long *d = block_defaults(b);
    memset(param, 0, PARAM_MAX * sizeof *param);
    for (int i = 0; b->params[i]; i++) {
        if (st->has_param[i])
            param[i] = st->param[i];
        else if (d)
            param[i] = d[i];
        else {
            fprintf(stderr, "memsched: %s has no default parameters; give %s with --set\n", b->name,
                    b->params[i]);
            return 2;
        }
    }
    if (rtl)
        *rtl = NULL;
    if (!want_rtl)
        return 0;
    /* Parameters not set: a built set that matches the ones set, the default first. */
    const rtl_t *best = NULL;
    for (const rtl_t *const *r = memsched_rtls; *r; r++) {
        if (!rtl_of(*r, b, mutant >= 0))
            continue;
        int ok = 1, dflt = d != NULL;
        for (int i = 0; b->params[i]; i++) {
            ok &= !st->has_param[i] || st->param[i] == (*r)->param[i];
            dflt &= d && (*r)->param[i] == param[i];
        }
        if (ok && (!best || dflt))
            best = *r;
    }
    if (!best) {
        /* Name where the parameters came from: a file line or the command line. */
        const char *where = NULL;
        for (int i = 0; b->params[i]; i++)
            if (st->has_param[i] && st->param_where[i] && strcmp(st->param_where[i], "--set"))
                where = st->param_where[i];
        fprintf(stderr, "%s: no %sparameter set of %s is built with", where ? where : "memsched",
                mutant >= 0 ? "mutant " : "", b->name);
        int any = 0;
        for (int i = 0; b->params[i]; i++)
            any |= st->has_param[i];
        for (int i = 0; b->params[i]; i++)
            if (st->has_param[i] || !any)
                fprintf(stderr, " %s=%ld", b->params[i], param[i]);
        fprintf(stderr, "%s; built (the Makefile's PSETS):\n", any ? "" : " (the defaults)");
        ls_print_psets(stderr, b, mutant >= 0);
        if (mutant < 0)
            fprintf(stderr, "(the largest sets, the Makefile's PSETS_BIG, are built by make cosim-long or make BIG=1)\n");
        return 2;
    }
    memcpy(param, best->param, PARAM_MAX * sizeof *param);
    *rtl = best;
    return 0;
}

/* ------------------------------------------------------------------------- */
/* The lockstep object.                                                      */

struct lockstep {
    const block_t *blk;
    const rtl_t *rtl;
    ls_opts_t o;
    long param[PARAM_MAX];
    long knob[KNOB_MAX];
    char params[256];            /* "Depth=8 Width=32" */
    char fst[1024];
    sigtab_t in, out;
    void *m;                     /* the C side */
    void *h;                     /* the RTL, or NULL */
    int tracing;
    uint64_t *vin, *vc, *vr;     /* last inputs, C outputs, RTL outputs */
    uint64_t *vio;               /* ls_eval_io's inputs */
    uint64_t *in_mask;           /* each input element's legal bits (its width) */
    void *sin, *sout;            /* the C-only struct path: last inputs, outputs */
    const void *sin_now;         /* ... this cycle's inputs: sin, or the caller's (ls_eval_ref) */
    int fast;                    /* this cycle went through it */
    int rst_n;
    int evaluated;               /* ls_eval was called this cycle */
    int failed;
    uint64_t cycle;
    uint64_t time;               /* ls_set_time: the caller's time of this cycle */
    int recorded;                /* record_until's row written */
    ls_counts_t n;
    /* fixed points of the RTL (ls_eval) */
    const uint8_t *root;         /* its whole state (rtl_t.state), NULL: never skipped */
    size_t root_n;
    uint8_t *snap;               /* the state before this cycle, when its first inputs repeated the last cycle's */
    uint64_t *vin_last;          /* the inputs and rst_n of the last cycle */
    uint64_t *vc_last;           /* the C model's outputs of the last cycle */
    int rst_last, have_last;
    unsigned rtl_evals;          /* evaluations of the RTL in this cycle */
    int snapped;                 /* snap holds the state before this cycle */
    unsigned snap_gap;           /* snapshots that found the state moved lately: the last gap (0, 1, 3, 7, 15) */
    unsigned snap_wait;          /* cycles that would take a snapshot left out before the next one */
    int still;                   /* the last cycle repeated its inputs and changed no state */
    int skip;                    /* this cycle is such a fixed point: no evaluation, no edge */
    struct ls_async *as;         /* two threads (lockstep.h): the RTL's thread, NULL: one thread */
};

/* ------------------------------------------------------------------------- */
/* Two threads: the cycles' RTL work as a queue of operations in batches.    */

/* Eight batches of 128 operations, 1024 operations in flight at most (a few
 * hundred KB, within a CPU's L2 cache; ls_opts_t.batch: another size, the
 * system's 1024). Each thread, once it has had to wait, sleeps until half
 * of the batches are there for it: a wake-up (a system call) every few
 * batches, not every one. */
enum { AS_BATCHES = 8, AS_OPS = 128, AS_HALF = AS_BATCHES / 2 };
enum { OP_EVAL, OP_TICK };

typedef struct {
    unsigned n;        /* operations in it */
    int ready;         /* handed to the RTL's thread, not yet done */
    uint64_t *words;   /* ops operations of op_words each */
} as_batch_t;

struct ls_async {
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t work, done;   /* batches are ready; batches are done */
    as_batch_t b[AS_BATCHES];
    unsigned fill;               /* the batch the caller's thread fills */
    unsigned take;               /* the batch the RTL's thread takes next */
    unsigned ready;              /* batches handed over and not yet done */
    unsigned want;               /* the caller's thread waits until at most this many are left ... */
    int waiting;                 /* ... (it waits) */
    int idle;                    /* the RTL's thread waits for AS_HALF batches, or for any when flush */
    int flush;                   /* as_sync: every batch now */
    int started;                 /* the thread runs */
    int stop;                    /* ls_close: no more batches */
    int failed;                  /* the RTL's thread found a failure (read without the lock: atomics) */
    size_t op_words;             /* kind, rst_n, cycle, inputs, C outputs */
    unsigned ops;                /* operations a batch */
    lockstep_t *wk;              /* the RTL's thread's view: its own inputs, outputs and counts */
};

static int as_start(lockstep_t *ls);
static void as_sync(lockstep_t *ls);
static void as_free(lockstep_t *ls);

/* The run has failed: here, or (two threads) on the RTL's thread, which
 * sets its flag without the lock; either way the calls after it return 1. */
static int stopped(lockstep_t *ls)
{
    if (!ls->failed && ls->as && __atomic_load_n(&ls->as->failed, __ATOMIC_RELAXED))
        ls->failed = 1;
    return ls->failed;
}

/* This cycle's inputs (the last ls_eval's) are the last cycle's. */
static int inputs_again(const lockstep_t *ls)
{
    return ls->have_last && ls->rst_n == ls->rst_last && !memcmp(ls->vin, ls->vin_last, ls->in.words * sizeof *ls->vin);
}

/* The trace's time of this cycle, and whether it is inside [trace_from, trace_to]. */
static uint64_t tnow(const lockstep_t *ls) { return ls->o.use_time ? ls->time : ls->cycle; }
static int in_window(const lockstep_t *ls)
{
    uint64_t t = tnow(ls);
    return (int64_t)t >= ls->o.trace_from && (!ls->o.trace_to || (int64_t)t <= ls->o.trace_to);
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) {
        fprintf(stderr, "memsched: out of memory\n");
        exit(2);
    }
    return p;
}

lockstep_t *ls_open(const ls_settings_t *st, const ls_opts_t *o)
{
    long param[PARAM_MAX];
    const rtl_t *rtl = NULL;
    if (ls_resolve(st, o->rtl, o->rtl && o->mutant_netlist ? (long)o->mutsel : -1, param, o->rtl ? &rtl : NULL))
        return NULL;
    if (o->rtl && o->threads > 1 && (o->report || o->fst || o->record)) {
        fprintf(stderr, "memsched: internal error: a lockstep in two threads reports nothing, traces nothing and "
                        "records nothing (lockstep.h)\n");
        abort();
    }
    lockstep_t *ls = xcalloc(1, sizeof *ls);
    ls->blk = st->blk;
    ls->rtl = rtl;
    ls->o = *o;
    if (!ls->o.label)
        ls->o.label = rtl ? "cosim" : "ref";
    if (o->fst) {
        snprintf(ls->fst, sizeof ls->fst, "%s", o->fst);
        ls->o.fst = ls->fst;
    }
    memcpy(ls->param, param, sizeof ls->param);
    memcpy(ls->knob, st->knob, sizeof ls->knob);
    engine_param_str(ls->blk, ls->param, ls->params, sizeof ls->params);
    ls->m = ls->blk->create(ls->param, ls->knob, &ls->in, &ls->out);
    if (!ls->m) {
        free(ls);
        return NULL;
    }
    ls->vin = xcalloc(ls->in.words, sizeof *ls->vin);
    ls->vc = xcalloc(ls->out.words, sizeof *ls->vc);
    ls->vr = xcalloc(ls->out.words, sizeof *ls->vr);
    ls->vio = xcalloc(ls->in.words, sizeof *ls->vio);
    ls->in_mask = xcalloc(ls->in.words, sizeof *ls->in_mask);
    for (unsigned k = 0; k < ls->in.n; k++)
        for (unsigned e = 0; e < ls->in.sig[k].count; e++)
            ls->in_mask[ls->in.sig[k].off + e] = ls->in.sig[k].width < 64 ? (UINT64_C(1) << ls->in.sig[k].width) - 1 : ~UINT64_C(0);

    if (o->record) {
        char knobs[512];
        engine_knob_str(ls->blk, ls->knob, knobs, sizeof knobs, " ");
        stim_write_header(o->record, ls->blk->name, ls->params, knobs, o->seed, o->init_random, &ls->in, &ls->out);
    }
    /* Power-on reset of both models before cycle 0 (not compared). */
    ls->blk->reset(ls->m);
    if (rtl) {
        uint32_t vseed = (uint32_t)((o->seed * UINT64_C(0x9E3779B97F4A7C15)) >> 33) | 1;
        ls->h = rtl->create(o->init_random, vseed, &ls->in, &ls->out);
        if (o->mutant_netlist)
            rtl->set_mutant(ls->h, o->mutsel);
        rtl->set_in(ls->h, 1, ls->vin);
        rtl->eval(ls->h);
        rtl->set_in(ls->h, 0, ls->vin);
        rtl->eval(ls->h);
        rtl->clock(ls->h);
        const void *root = NULL;
        size_t n = rtl->state ? rtl->state(ls->h, &root) : 0;
        if (root && n && !o->every_cycle) {
            ls->root = root;
            ls->root_n = n;
            ls->snap = xcalloc(1, n);
            ls->vin_last = xcalloc(ls->in.words, sizeof *ls->vin_last);
            ls->vc_last = xcalloc(ls->out.words, sizeof *ls->vc_last);
        }
        if (o->threads > 1)
            (void)as_start(ls);   /* (if no thread starts, the same run in one) */
    }
    return ls;
}

void ls_print_inputs(const lockstep_t *ls, FILE *f)
{
    char buf[2048];
    fprintf(f, "  inputs:  rst_n=%d", ls->rst_n);
    for (unsigned k = 0; k < ls->in.n; k++) {
        engine_fmt_sig(&ls->in.sig[k], ls->vin, buf, sizeof buf);
        fprintf(f, " %s=%s", ls->in.sig[k].name, buf);
    }
    fputc('\n', f);
}

/* The lines after the first of a report: inputs, seed, how to replay. */
static void report_tail(lockstep_t *ls)
{
    ls_print_inputs(ls, stderr);
    if (ls->rtl)
        fprintf(stderr, "  seed=%" PRIu64 " init=%s\n", ls->o.seed, ls->o.init_random ? "random" : "zeros");
    if (ls->o.report_tail)
        ls->o.report_tail(ls->o.user, stderr, ls->cycle);
}

static void fail(lockstep_t *ls, int assertion)
{
    ls->failed = 1;
    ls->n.fail_cycle = ls->cycle;
    if (assertion)
        ls->n.assert_failed = 1;
    else
        ls->n.mismatch = 1;
}

static void report_mismatch(lockstep_t *ls, unsigned k, unsigned e)
{
    const sig_t *s = &ls->out.sig[k];
    char rb[2048], cb[2048];
    engine_fmt_sig(s, ls->vr, rb, sizeof rb);
    engine_fmt_sig(s, ls->vc, cb, sizeof cb);
    fprintf(stderr, "%s %s %s: MISMATCH at cycle %" PRIu64 ", signal %s", ls->o.label, ls->blk->name,
            ls->params, ls->cycle, s->name);
    if (s->count > 1) {
        fprintf(stderr, "[%u]: RTL=0x%" PRIx64 " C=0x%" PRIx64 "\n", e, ls->vr[s->off + e], ls->vc[s->off + e]);
        fprintf(stderr, "  %s:   RTL=%s\n  %s:   C  =%s\n", s->name, rb, s->name, cb);
    } else {
        fprintf(stderr, ": RTL=0x%s C=0x%s\n", rb, cb);
    }
    for (unsigned j = 0; j < ls->out.n; j++) {
        if (j == k)
            continue;
        engine_fmt_sig(&ls->out.sig[j], ls->vr, rb, sizeof rb);
        engine_fmt_sig(&ls->out.sig[j], ls->vc, cb, sizeof cb);
        fprintf(stderr, "  other:   %s RTL=%s C=%s\n", ls->out.sig[j].name, rb, cb);
    }
    report_tail(ls);
}

static int as_push(lockstep_t *ls, int kind);
static int rtl_eval(lockstep_t *ls);
static int rtl_tick(lockstep_t *ls);
static int tick_end(lockstep_t *ls, int c_fail, int r_fail, const char *msg);

int ls_eval(lockstep_t *ls, int rst_n, const uint64_t *in, uint64_t *out)
{
    if (stopped(ls))
        return 1;
    uint64_t wide = 0;   /* bits above some element's width: which one, below */
    for (unsigned i = 0; i < ls->in.words; i++)
        wide |= in[i] & ~ls->in_mask[i];
    if (wide && ls->as) {   /* a failure the RTL's thread found in an earlier cycle comes first */
        as_sync(ls);
        if (ls->failed)
            return 1;
    }
    for (unsigned k = 0; wide && k < ls->in.n; k++) {
        const sig_t *s = &ls->in.sig[k];
        for (unsigned e = 0; e < s->count; e++) {
            if (in[s->off + e] & ~ls->in_mask[s->off + e]) {
                fprintf(stderr, "%s %s %s: cycle %" PRIu64 ": input %s", ls->o.label, ls->blk->name, ls->params,
                        ls->cycle, s->name);
                if (s->count > 1)
                    fprintf(stderr, "[%u]", e);
                fprintf(stderr, " = 0x%" PRIx64 " is wider than its %u bits\n", in[s->off + e], s->width);
                ls->failed = 1;
                return 2;
            }
        }
    }
    memcpy(ls->vin, in, ls->in.words * sizeof *in);
    ls->rst_n = rst_n;
    ls->evaluated = 1;
    ls->n.evals++;
    if (!rst_n)
        ls->blk->reset(ls->m);
    ls->blk->eval(ls->m, ls->vin, ls->vc);
    if (ls->o.break_at && ls->cycle == ls->o.break_at)
        ls->vc[0] ^= 1;   /* the test knob: a C model that is wrong in this cycle */
    if (out)
        memcpy(out, ls->vc, ls->out.words * sizeof *out);
    if (!ls->h)
        return 0;
    if (ls->as)
        return as_push(ls, OP_EVAL);
    return rtl_eval(ls);
}

/* The RTL's part of ls_eval, on ls->vin, ls->rst_n and the C model's ls->vc. */
static int rtl_eval(lockstep_t *ls)
{
    if (ls->tracing == 1 && !in_window(ls) && ls->o.trace_to) {   /* past the window: the file is complete */
        ls->rtl->trace_close(ls->h);
        ls->tracing = 2;
    }
    /* (in the caller's time base the reset cycle at open shares time 0 with its first cycle: not traced) */
    if (ls->o.fst && !ls->tracing && in_window(ls) && !(ls->o.use_time && !ls->cycle)) {
        if (ls->rtl->trace_open(ls->h, ls->o.fst)) {
            fprintf(stderr, "%s: cannot write the trace\n", ls->o.fst);
            ls->failed = 1;
            return 2;
        }
        ls->tracing = 1;
    }
    /* A fixed point (lockstep.h): the RTL untouched in this cycle so far, its
     * state unchanged by the last cycle, the same inputs again. */
    int again = ls->root && inputs_again(ls);
    ls->skip = again && ls->still && !ls->rtl_evals && ls->tracing != 1;
    if (!ls->skip) {   /* else the outputs in ls->vr are the last cycle's, and this cycle's */
        /* The state before the cycle, to compare with the one after it: only
         * when the C model's outputs repeat the last cycle's too. A state the
         * cycle leaves as it was gives the same outputs again, so a cycle
         * whose outputs changed follows one that moved, and the next is more
         * likely to move as well; the copy of the whole state is skipped
         * then (which only finds a fixed point a cycle later). */
        if (!ls->rtl_evals && again && !memcmp(ls->vc, ls->vc_last, ls->out.words * sizeof *ls->vc)) {
            /* A block whose state moves under repeated inputs and outputs
             * (a counter, a queue draining inside) would pay the copy every
             * cycle for nothing: after each snapshot that found the state
             * moved, the next ones wait a gap, doubled each time up to 15
             * cycles and back to none after a fixed point (one is then found
             * at most that many cycles later; results are the same). */
            if (ls->snap_wait) {
                ls->snap_wait--;
            } else {
                memcpy(ls->snap, ls->root, ls->root_n);
                ls->snapped = 1;
            }
        }
        ls->rtl_evals++;
        ls->rtl->set_in(ls->h, ls->rst_n, ls->vin);
        ls->rtl->eval(ls->h);
        ls->rtl->get_out(ls->h, ls->vr);
    }
    /* A failing cycle has no clock edge: trace its values here. */
    if (ls->rtl->failed(ls->h)) {
        if (ls->tracing == 1)
            ls->rtl->trace_dump(ls->h, 10 * tnow(ls));
        fail(ls, 1);
        if (ls->o.report) {
            fprintf(stderr, "%s %s %s: RTL assertion failed at cycle %" PRIu64 " (message above)\n", ls->o.label,
                    ls->blk->name, ls->params, ls->cycle);
            report_tail(ls);
        }
        return 1;
    }
    if (!memcmp(ls->vr, ls->vc, ls->out.words * sizeof *ls->vc))
        return 0;
    for (unsigned k = 0; k < ls->out.n; k++) {
        const sig_t *s = &ls->out.sig[k];
        for (unsigned e = 0; e < s->count; e++) {
            if (ls->vr[s->off + e] == ls->vc[s->off + e])
                continue;
            if (ls->tracing == 1)
                ls->rtl->trace_dump(ls->h, 10 * tnow(ls));
            fail(ls, 0);
            if (ls->o.report)
                report_mismatch(ls, k, e);
            return 1;
        }
    }
    return 0;
}

int ls_tick(lockstep_t *ls)
{
    if (ls->failed)
        return 1;
    if (!ls->evaluated) {
        fprintf(stderr, "memsched: internal error: ls_tick without ls_eval in cycle %" PRIu64 "\n", ls->cycle);
        abort();
    }
    /* The C model's usage checks see the state before the edge. */
    char msg[256];   /* a failed check's message (not cleared whole: this runs every cycle) */
    msg[0] = 0;
    int c_fail;
    if (ls->fast) {
        c_fail = ls->blk->check_s && !ls->o.no_checks &&
                 ls->blk->check_s(ls->m, ls->sin_now, ls->rst_n, msg, sizeof msg) != 0;
        if (c_fail)   /* the report prints the cycle's inputs from the value array */
            ls->blk->pack_in(ls->m, ls->sin_now, ls->vin);
        if (ls->rst_n)
            ls->blk->tick_s(ls->m, ls->sin_now);
        else
            ls->blk->reset(ls->m);
        ls->fast = 0;
    } else {
        c_fail = ls->blk->check && !ls->o.no_checks &&
                 ls->blk->check(ls->m, ls->vin, ls->rst_n, msg, sizeof msg) != 0;
        if (ls->rst_n)
            ls->blk->tick(ls->m, ls->vin);
        else
            ls->blk->reset(ls->m);
    }
    int r_fail = 0;
    if (ls->as) {
        /* (the edge goes to the RTL's thread with a failed usage check too:
         * a fixed point's count is then the one-thread run's) */
        if (as_push(ls, OP_TICK) && !c_fail)
            r_fail = -1;   /* the RTL's thread has failed, at this cycle's evaluation or earlier */
    } else {
        r_fail = rtl_tick(ls);
    }
    if (ls->o.record && !ls->recorded) {
        if (ls->fast)
            ls->blk->pack_in(ls->m, ls->sin_now, ls->vin);
        stim_write_row(ls->o.record, ls->cycle, ls->rst_n, &ls->in, ls->vin, &ls->out, ls->vc);
        ls->recorded = ls->o.record_until && ls->cycle >= ls->o.record_until;
    }
    ls->evaluated = 0;
    if (r_fail < 0) {
        ls->failed = 1;
        ls->cycle++;
        ls->n.cycles++;
        return 1;
    }
    return tick_end(ls, c_fail, r_fail, msg);
}

/* The RTL's part of ls_tick: its clock edge (or a fixed point's none), and
 * the fixed points' bookkeeping. 1: an assertion fired. */
static int rtl_tick(lockstep_t *ls)
{
    int r_fail = 0;
    if (ls->h && ls->skip) {
        ls->n.rtl_still++;   /* still: the state after this edge is the state before it */
    } else if (ls->h) {
        if (ls->tracing == 1)
            ls->rtl->trace_dump(ls->h, 10 * tnow(ls));
        ls->rtl->clock(ls->h);
        if (ls->tracing == 1)
            ls->rtl->trace_dump(ls->h, 10 * tnow(ls) + 5);
        r_fail = ls->rtl->failed(ls->h);
        /* one evaluation, at the last cycle's inputs, and the whole state as it was */
        ls->still = ls->root && ls->snapped && ls->rtl_evals == 1 && inputs_again(ls) &&
                    !memcmp(ls->snap, ls->root, ls->root_n);
        if (ls->snapped) {   /* the snapshot's outcome sets the gap before the next (see ls_eval) */
            ls->snap_gap = ls->still ? 0 : ls->snap_gap >= 7 ? 15 : 2 * ls->snap_gap + 1;
            ls->snap_wait = ls->snap_gap;
        }
    }
    if (ls->root) {
        memcpy(ls->vin_last, ls->vin, ls->in.words * sizeof *ls->vin);
        memcpy(ls->vc_last, ls->vc, ls->out.words * sizeof *ls->vc);
        ls->rst_last = ls->rst_n;
        ls->have_last = 1;
        ls->rtl_evals = 0;
        ls->snapped = 0;
        ls->skip = 0;
    }
    return r_fail;
}

/* The end of a cycle: a report of what failed at its edge, the count. */
static int tick_end(lockstep_t *ls, int c_fail, int r_fail, const char *msg)
{
    if (c_fail || r_fail) {
        fail(ls, 1);
        if (ls->o.report) {
            fprintf(stderr, "%s %s %s: ", ls->o.label, ls->blk->name, ls->params);
            if (c_fail && !ls->h)
                fprintf(stderr, "usage check failed at the clock edge of cycle %" PRIu64 ": %s\n", ls->cycle, msg);
            else if (c_fail && r_fail)
                fprintf(stderr, "assertion failed at the clock edge of cycle %" PRIu64 ": %s (RTL and C model)\n",
                        ls->cycle, msg);
            else if (c_fail)
                fprintf(stderr, "the C model's usage check failed at the clock edge of cycle %" PRIu64
                        ": %s; the RTL's assertions did not fire\n", ls->cycle, msg);
            else
                fprintf(stderr, "RTL assertion failed at the clock edge of cycle %" PRIu64
                        " (message above)%s\n", ls->cycle,
                        ls->blk->check && !ls->o.no_checks ? "; the C model's usage checks passed" : "");
            report_tail(ls);
        }
        ls->cycle++;
        ls->n.cycles++;
        return 1;
    }
    ls->cycle++;
    ls->n.cycles++;
    return 0;
}

/* ------------------------------------------------------------------------- */
/* Two threads (lockstep.h).                                                  */

/* The RTL's thread: each batch's operations in order, ls_eval's and
 * ls_tick's RTL parts on its own view of the lockstep; none after a failure. */
static void as_run(struct ls_async *a, const as_batch_t *b)
{
    lockstep_t *wk = a->wk;
    const unsigned iw = wk->in.words, ow = wk->out.words;
    for (unsigned i = 0; i < b->n && !wk->failed; i++) {
        const uint64_t *w = b->words + (size_t)i * a->op_words;
        wk->rst_n = (int)w[1];
        wk->cycle = w[2];
        int f;
        if (w[0] == OP_EVAL) {
            memcpy(wk->vin, w + 3, iw * sizeof *wk->vin);
            memcpy(wk->vc, w + 3 + iw, ow * sizeof *wk->vc);
            f = rtl_eval(wk);
        } else if ((f = rtl_tick(wk)) != 0) {
            fail(wk, 1);
        }
        if (f)
            __atomic_store_n(&a->failed, 1, __ATOMIC_RELEASE);
    }
}

static void *as_main(void *arg)
{
    struct ls_async *a = arg;
    pthread_mutex_lock(&a->mu);
    for (;;) {
        as_batch_t *b = &a->b[a->take];
        if (!b->ready) {
            while (a->ready < AS_HALF && !(a->ready && a->flush) && !a->stop) {
                a->idle = 1;
                pthread_cond_wait(&a->work, &a->mu);
            }
            a->idle = 0;
            if (!b->ready)
                break;   /* stopped, nothing left */
        }
        pthread_mutex_unlock(&a->mu);
        as_run(a, b);
        pthread_mutex_lock(&a->mu);
        b->ready = 0;
        a->ready--;
        a->take = (a->take + 1) % AS_BATCHES;
        if (a->waiting && a->ready <= a->want)
            pthread_cond_signal(&a->done);
    }
    pthread_mutex_unlock(&a->mu);
    return NULL;
}

/* Wait (holding the lock) until at most `want` batches are left to the RTL's thread. */
static void as_wait(struct ls_async *a, unsigned want)
{
    a->want = want;
    while (a->ready > want) {
        a->waiting = 1;
        pthread_cond_wait(&a->done, &a->mu);
    }
    a->waiting = 0;
}

/* Hand the batch being filled to the RTL's thread; wait until the next is free. */
static void as_submit(struct ls_async *a)
{
    pthread_mutex_lock(&a->mu);
    a->b[a->fill].ready = 1;
    a->ready++;
    if (a->idle && (a->ready >= AS_HALF || a->flush))
        pthread_cond_signal(&a->work);
    a->fill = (a->fill + 1) % AS_BATCHES;
    if (a->b[a->fill].ready)
        as_wait(a, AS_HALF);
    a->b[a->fill].n = 0;
    pthread_mutex_unlock(&a->mu);
}

/* One operation for the RTL's thread: this cycle's evaluation (its inputs
 * and the C model's outputs) or its clock edge. 1: that thread has failed. */
static int as_push(lockstep_t *ls, int kind)
{
    struct ls_async *a = ls->as;
    as_batch_t *b = &a->b[a->fill];
    uint64_t *w = b->words + (size_t)b->n * a->op_words;
    w[0] = (uint64_t)kind;
    w[1] = (uint64_t)ls->rst_n;
    w[2] = ls->cycle;
    if (kind == OP_EVAL) {
        memcpy(w + 3, ls->vin, ls->in.words * sizeof *w);
        memcpy(w + 3 + ls->in.words, ls->vc, ls->out.words * sizeof *w);
    }
    if (++b->n == a->ops)
        as_submit(a);
    return stopped(ls);
}

/* Wait until the RTL's thread has done every operation handed to it; its
 * counts and its failure (the first in cycle order) into ls->n. */
static void as_sync(lockstep_t *ls)
{
    struct ls_async *a = ls->as;
    if (!a)
        return;
    pthread_mutex_lock(&a->mu);
    a->flush = 1;
    pthread_mutex_unlock(&a->mu);
    if (a->b[a->fill].n)
        as_submit(a);
    pthread_mutex_lock(&a->mu);
    if (a->idle)
        pthread_cond_signal(&a->work);
    as_wait(a, 0);
    a->flush = 0;
    pthread_mutex_unlock(&a->mu);
    const lockstep_t *wk = a->wk;
    ls->n.rtl_still = wk->n.rtl_still;
    const int c_failed = ls->n.mismatch || ls->n.assert_failed;
    if (wk->failed && (!c_failed || wk->n.fail_cycle <= ls->n.fail_cycle)) {
        /* (a C usage check fails at an edge, after the cycle's evaluation) */
        ls->n.mismatch = wk->n.mismatch;
        ls->n.assert_failed = wk->n.assert_failed;
        ls->n.fail_cycle = wk->n.fail_cycle;
        ls->failed = 1;
    }
}

/* The RTL's thread for ls (its RTL created and powered on). 0, or -1 when
 * the thread cannot start (the run then takes one thread). */
static int as_start(lockstep_t *ls)
{
    struct ls_async *a = xcalloc(1, sizeof *a);
    a->op_words = 3 + ls->in.words + ls->out.words;
    a->ops = ls->o.batch ? ls->o.batch : AS_OPS;
    for (unsigned i = 0; i < AS_BATCHES; i++)
        a->b[i].words = xcalloc((size_t)a->ops * a->op_words, sizeof(uint64_t));
    lockstep_t *wk = xcalloc(1, sizeof *wk);
    *wk = *ls;   /* the RTL, its state snapshots and output buffer: only that thread uses them now */
    wk->vin = xcalloc(ls->in.words, sizeof *wk->vin);
    wk->vc = xcalloc(ls->out.words, sizeof *wk->vc);
    memset(&wk->n, 0, sizeof wk->n);
    a->wk = wk;
    pthread_mutex_init(&a->mu, NULL);
    pthread_cond_init(&a->work, NULL);
    pthread_cond_init(&a->done, NULL);
    ls->as = a;
    if (pthread_create(&a->th, NULL, as_main, a)) {
        as_free(ls);
        return -1;
    }
    a->started = 1;
    return 0;
}

/* Stop the RTL's thread (after as_sync) and free what it had. */
static void as_free(lockstep_t *ls)
{
    struct ls_async *a = ls->as;
    if (!a)
        return;
    if (a->started) {
        pthread_mutex_lock(&a->mu);
        a->stop = 1;
        pthread_cond_signal(&a->work);
        pthread_mutex_unlock(&a->mu);
        pthread_join(a->th, NULL);
    }
    pthread_mutex_destroy(&a->mu);
    pthread_cond_destroy(&a->work);
    pthread_cond_destroy(&a->done);
    for (unsigned i = 0; i < AS_BATCHES; i++)
        free(a->b[i].words);
    free(a->wk->vin);
    free(a->wk->vc);
    free(a->wk);
    free(a);
    ls->as = NULL;
}

int ls_step(lockstep_t *ls, int rst_n, const uint64_t *in, uint64_t *out)
{
    int rc = ls_eval(ls, rst_n, in, out);
    return rc ? rc : ls_tick(ls);
}

/* The C model alone, its structs straight through: in is the cycle's inputs
 * until ls_tick (the caller's, or a copy). */
static int eval_fast(lockstep_t *ls, int rst_n, const void *in, void *out)
{
    if (ls->failed)
        return 1;
    if (!ls->sout)
        ls->sout = xcalloc(1, ls->blk->out_size);
    ls->sin_now = in;
    ls->rst_n = rst_n;
    ls->evaluated = 1;
    ls->fast = 1;
    ls->n.evals++;
    if (!rst_n)
        ls->blk->reset(ls->m);
    ls->blk->eval_s(ls->m, in, out ? out : ls->sout);
    return 0;
}

/* The struct path is taken for the C model alone, when nothing records the
 * cycle's values or stops at a cycle. */
static int struct_path(const lockstep_t *ls) { return !ls->h && ls->blk->eval_s && !ls->o.record && !ls->o.break_at; }

int ls_eval_io(lockstep_t *ls, int rst_n, const void *in, void *out)
{
    if (struct_path(ls)) {
        if (!ls->sin)
            ls->sin = xcalloc(1, ls->blk->in_size);
        memcpy(ls->sin, in, ls->blk->in_size);
        return eval_fast(ls, rst_n, ls->sin, out);
    }
    ls->blk->pack_in(ls->m, in, ls->vio);
    int rc = ls_eval(ls, rst_n, ls->vio, NULL);
    if (out) {
        memset(out, 0, ls->blk->out_size);
        ls->blk->unpack_out(ls->m, ls->vc, out);
    }
    return rc;
}

int ls_eval_ref(lockstep_t *ls, int rst_n, const void *in, void *out)
{
    return struct_path(ls) ? eval_fast(ls, rst_n, in, out) : ls_eval_io(ls, rst_n, in, out);
}

int ls_peek_io(lockstep_t *ls, int rst_n, const void *in, void *out)
{
    if (!ls->h)
        return ls_eval_io(ls, rst_n, in, out);   /* the C model alone: the same evaluation */
    if (stopped(ls))
        return 1;
    if (!rst_n)
        return ls_eval_io(ls, rst_n, in, out);
    ls->blk->pack_in(ls->m, in, ls->vio);
    ls->blk->eval(ls->m, ls->vio, ls->vc);
    if (ls->o.break_at && ls->cycle == ls->o.break_at)
        ls->vc[0] ^= 1;
    memset(out, 0, ls->blk->out_size);
    ls->blk->unpack_out(ls->m, ls->vc, out);
    return 0;
}

int ls_step_io(lockstep_t *ls, int rst_n, const void *in, void *out)
{
    int rc = ls_eval_io(ls, rst_n, in, out);
    return rc ? rc : ls_tick(ls);
}

void ls_close(lockstep_t *ls, ls_counts_t *counts)
{
    if (!ls)
        return;
    as_sync(ls);
    as_free(ls);
    if (counts)
        *counts = ls->n;
    if (ls->h) {
        if (ls->tracing == 1)
            ls->rtl->trace_close(ls->h);
        ls->rtl->destroy(ls->h);
    }
    ls->blk->destroy(ls->m);
    free(ls->vin);
    free(ls->vc);
    free(ls->vr);
    free(ls->vio);
    free(ls->sin);
    free(ls->sout);
    free(ls->snap);
    free(ls->vin_last);
    free(ls->vc_last);
    free(ls->in_mask);
    free(ls);
}

void *ls_model(lockstep_t *ls) { return ls->m; }
const void *ls_state(const lockstep_t *ls) { return ls->blk->state(ls->m); }
const sigtab_t *ls_in(const lockstep_t *ls) { return &ls->in; }
const sigtab_t *ls_out(const lockstep_t *ls) { return &ls->out; }
const block_t *ls_block(const lockstep_t *ls) { return ls->blk; }
const rtl_t *ls_rtl(const lockstep_t *ls) { return ls->rtl; }
const long *ls_param(const lockstep_t *ls) { return ls->param; }
uint64_t ls_cycle(const lockstep_t *ls) { return ls->cycle; }
int ls_failed(const lockstep_t *ls, uint64_t *cycle)
{
    as_sync((lockstep_t *)ls);   /* (the counts the RTL's thread holds: lockstep.h) */
    int f = ls->n.mismatch || ls->n.assert_failed;   /* not a bad input (ls_eval's 2) */
    if (f && cycle)
        *cycle = ls->n.fail_cycle;
    return f;
}
int ls_recorded(const lockstep_t *ls) { return ls->recorded; }
void ls_counts(const lockstep_t *ls, ls_counts_t *counts)
{
    as_sync((lockstep_t *)ls);
    *counts = ls->n;
}
void ls_set_time(lockstep_t *ls, uint64_t t) { ls->time = t; }
