/* dtrace.c - decision traces as trace-event JSON (dtrace.h; docs/sim.md,
 * "Decision traces"). The format: a JSON object with a "traceEvents" array of
 * events {name, cat, ph, ts (microseconds), pid, tid, args}; ph "M" names
 * processes and threads, "X" is a slice of one cycle, "i" an instant, "C" a
 * counter, "b"/"e" the start and end of an async slice (a memory request,
 * which overlaps others: one id each). Written as it goes, one event per
 * line; a request is written when its data returns (both its events), so
 * until then it waits in a small table per SM and load record. */
#include "io/dtrace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mem/queue.h"

/* Process ids: the DRAM channels, then one process per SM (PID_SM + sm),
 * whose threads are its warp schedulers (tid = scheduler), its MRPB and its
 * stores. */
enum { PID_DRAM = 1, PID_SM = 2, TID_MRPB = 100, TID_STORES = 101, TID_SCHED = 102 };

static const char *const req_names[REQ_TYPES] = {"LD", "ST", "ATOM", "RED"};

/* A load's or atomic's line between leaving the pipeline and its data's return. */
typedef struct {
    dtrace_req_t r;
    uint64_t t_in, t_l1;         /* core cycles: left the pipeline, L1D access (0: not yet) */
    const char *l1;              /* the L1D's answer */
} pend_t;

typedef struct {
    pend_t *e;
    unsigned n, cap;
} pendlist_t;

typedef struct {
    pendlist_t *rec;             /* by load record */
    unsigned nrec;
} smpend_t;

struct dtrace {
    FILE *f;
    char *path;
    uint64_t core_khz, dram_khz;
    double t0, t1;               /* the window in microseconds (t1 < 0: no end) */
    uint64_t n;
    uint64_t next_id;            /* async slices' ids */
    unsigned n_ch, n_sm, n_sched;
    unsigned sm_from, sm_to;     /* the SMs whose issues and requests are traced */
    int mrpb;
    const char *sched;           /* a warp scheduler's event was written: its track's name (NULL: none) */
    const char *policy;          /* the warp schedulers' policy (in their tracks' names) */
    uint8_t *drain;              /* per channel: the last write-drain value written (2: none yet) */
    smpend_t *pend;              /* per SM: requests in flight that started in the window */
};

static double us(uint64_t cycle, uint64_t khz) { return (double)cycle * 1e3 / (double)khz; }

static void meta(dtrace_t *t, const char *what, int pid, int tid, const char *name)
{
    fprintf(t->f, "%s{\"name\":\"%s\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":\"%s\"}}",
            t->n++ ? ",\n" : "", what, pid, tid, name);
}

static void dtrace_free(dtrace_t *t)
{
    if (t->pend)
        for (unsigned s = 0; s < t->n_sm; s++) {
            for (unsigned r = 0; r < t->pend[s].nrec; r++)
                free(t->pend[s].rec[r].e);
            free(t->pend[s].rec);
        }
    free(t->pend);
    free(t->drain);
    free(t->path);
    free(t);
}

dtrace_t *dtrace_open(const char *path, uint64_t core_khz, uint64_t dram_khz, uint64_t from, uint64_t to,
                      unsigned n_sm, unsigned n_sched, unsigned n_ch, int mrpb)
{
    dtrace_t *t = calloc(1, sizeof *t);
    if (!t || !(t->drain = calloc(n_ch ? n_ch : 1, 1)) || !(t->pend = calloc(n_sm ? n_sm : 1, sizeof *t->pend)) ||
        !(t->path = strdup(path))) {
        fprintf(stderr, "memsched sim: out of memory\n");
        if (t) {
            free(t->drain);
            free(t->pend);
        }
        free(t);
        return NULL;
    }
    t->n_sm = n_sm;
    t->n_sched = n_sched;
    t->mrpb = mrpb;
    if (!(t->f = fopen(path, "w"))) {
        fprintf(stderr, "%s: cannot write the decision trace: %s\n", path, strerror(errno));
        dtrace_free(t);
        return NULL;
    }
    t->core_khz = core_khz;
    t->dram_khz = dram_khz;
    t->t0 = us(from, core_khz);
    t->t1 = to ? us(to, core_khz) : -1.0;
    t->n_ch = n_ch;
    memset(t->drain, 2, n_ch);
    fprintf(t->f, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"memsched sim --trace-decisions\","
                  "\"window_core_cycles\":\"%" PRIu64 "-%" PRIu64 "\"},\n\"traceEvents\":[\n", from, to);
    meta(t, "process_name", PID_DRAM, 0, "DRAM channels (dram_sched)");
    char name[40];
    for (unsigned c = 0; c < n_ch; c++) {
        snprintf(name, sizeof name, "ch%u", c);
        meta(t, "thread_name", PID_DRAM, (int)c, name);
    }
    return t;
}

/* The SMs' processes and threads, named at the end (a viewer takes names
 * anywhere in the file), when the selection is known: only tracks that can
 * hold events (no MRPB track without the MRPB). */
static void name_sm_tracks(dtrace_t *t)
{
    char name[64];
    for (unsigned s = 0; s < t->n_sm; s++) {
        int sel = s >= t->sm_from && s <= t->sm_to;
        if (!sel && !t->mrpb)
            continue;
        snprintf(name, sizeof name, "sm%u", s);
        meta(t, "process_name", PID_SM + (int)s, 0, name);
        for (unsigned k = 0; sel && k < t->n_sched; k++) {
            snprintf(name, sizeof name, "warp scheduler %u (%s)", k, t->policy ? t->policy : "no issue");
            meta(t, "thread_name", PID_SM + (int)s, (int)k, name);
        }
        if (sel)
            meta(t, "thread_name", PID_SM + (int)s, TID_STORES, "stores");
        if (t->mrpb)
            meta(t, "thread_name", PID_SM + (int)s, TID_MRPB, "mrpb");
        if (sel && t->sched)
            meta(t, "thread_name", PID_SM + (int)s, TID_SCHED, t->sched);
    }
}

void dtrace_select_sms(dtrace_t *t, unsigned from, unsigned to)
{
    t->sm_from = from;
    t->sm_to = to;
}

static int selected(const dtrace_t *t, unsigned sm) { return sm >= t->sm_from && sm <= t->sm_to && sm < t->n_sm; }

static int inside(const dtrace_t *t, double ts) { return ts >= t->t0 && (t->t1 < 0 || ts <= t->t1); }

void dtrace_dram(dtrace_t *t, unsigned ch, uint64_t now, const dram_sched_out_t *o)
{
    double ts = us(now, t->dram_khz), dur = us(1, t->dram_khz);
    if (!inside(t, ts))
        return;
    if (o->drain != t->drain[ch]) {   /* write-drain mode: a counter per channel, written when it changes */
        fprintf(t->f, ",\n{\"name\":\"ch%u write drain\",\"ph\":\"C\",\"ts\":%.6f,\"pid\":%d,\"tid\":%u,"
                      "\"args\":{\"drain\":%u}}", ch, ts, PID_DRAM, ch, (unsigned)o->drain);
        t->drain[ch] = (uint8_t)o->drain;
        t->n++;
    }
    if (!o->sched_valid)
        return;
    const char *why = o->sched_why < 6 ? dram_sched_why_names[o->sched_why] : "?";
    fprintf(t->f, ",\n{\"name\":\"%s %s\",\"cat\":\"dram\",\"ph\":\"X\",\"ts\":%.6f,\"dur\":%.6f,\"pid\":%d,\"tid\":%u,"
                  "\"args\":{\"cycle\":%" PRIu64 ",\"why\":\"%s\",\"row_hit\":%u,\"bank\":%" PRIu64 ",\"row\":%" PRIu64
                  ",\"addr\":\"0x%" PRIx64 "\",\"request_score\":%" PRIu64 ",\"row_score\":%" PRIu64
                  ",\"write_drain\":%u,\"reads_queued\":%" PRIu64 ",\"writes_queued\":%" PRIu64 "}}",
            o->sched_write ? "WR" : "RD", why, ts, dur, PID_DRAM, ch, now, why, (unsigned)o->sched_hit, o->sched_bank,
            o->sched_row, o->sched_addr, o->sched_score, o->sched_rowscore, (unsigned)o->drain, o->rd_count,
            o->wr_count);
    t->n++;
}

void dtrace_mrpb(dtrace_t *t, unsigned sm, uint64_t now, const mrpb_in_t *in, const mrpb_out_t *o)
{
    double ts = us(now, t->core_khz), dur = us(1, t->core_khz);
    if (!inside(t, ts))
        return;
    if (o->drain) {
        const char *why = o->drain < 6 ? mrpb_drain_names[o->drain] : "?";
        fprintf(t->f, ",\n{\"name\":\"%s q%" PRIu64 "\",\"cat\":\"mrpb\",\"ph\":\"X\",\"ts\":%.6f,\"dur\":%.6f,"
                      "\"pid\":%u,\"tid\":%d,\"args\":{\"cycle\":%" PRIu64 ",\"why\":\"%s\",\"queue\":%" PRIu64
                      ",\"occupancy\":%" PRIu64 "}}",
                why, o->drain_q, ts, dur, PID_SM + sm, TID_MRPB, now, why, o->drain_q,
                o->drain_q < MRPB_MAX_QUEUES ? o->occ[o->drain_q] : 0);
        t->n++;
    }
    if (o->out_valid && o->out_bypass && in->byp_ready) {
        fprintf(t->f, ",\n{\"name\":\"bypass\",\"cat\":\"mrpb\",\"ph\":\"i\",\"s\":\"t\",\"ts\":%.6f,\"pid\":%u,"
                      "\"tid\":%d,\"args\":{\"cycle\":%" PRIu64 ",\"line\":\"0x%" PRIx64 "\"}}",
                ts, PID_SM + sm, TID_MRPB, now, o->out_addr);
        t->n++;
    }
}

void dtrace_laws(dtrace_t *t, unsigned sm, uint64_t now, const char *what, uint64_t warps, const char *detail)
{
    dtrace_sched(t, sm, now, "laws", what, warps, detail);
}

void dtrace_sched(dtrace_t *t, unsigned sm, uint64_t now, const char *cat, const char *what, uint64_t warps,
                  const char *detail)
{
    double ts = us(now, t->core_khz);
    if (!selected(t, sm) || !inside(t, ts))
        return;
    char list[64 * 4 + 1] = "";
    size_t n = 0;
    for (uint64_t w = warps; w && n + 5 < sizeof list; w &= w - 1)
        n += (size_t)snprintf(list + n, sizeof list - n, "%sw%d", n ? " " : "", __builtin_ctzll(w));
    fprintf(t->f, ",\n{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"i\",\"s\":\"t\",\"ts\":%.6f,\"pid\":%u,\"tid\":%d,"
                  "\"args\":{\"cycle\":%" PRIu64 ",\"warps\":\"%s\",\"detail\":\"%s\"}}",
            what, cat, ts, PID_SM + sm, TID_SCHED, now, list, detail ? detail : "");
    if (!t->sched)
        t->sched = !strcmp(cat, "laws") ? "laws queue, sap" : !strcmp(cat, "tbas") ? "tbas batches" : cat;
    t->n++;
}

void dtrace_issue(dtrace_t *t, uint64_t now, const dtrace_issue_t *e)
{
    double ts = us(now, t->core_khz), dur = us(1, t->core_khz);
    if (!selected(t, e->sm) || !inside(t, ts))
        return;
    if (!t->policy)
        t->policy = e->policy;
    fprintf(t->f, ",\n{\"name\":\"w%u %s\",\"cat\":\"issue\",\"ph\":\"X\",\"ts\":%.6f,\"dur\":%.6f,\"pid\":%u,"
                  "\"tid\":%u,\"args\":{\"cycle\":%" PRIu64 ",\"warp\":%u,\"pc\":\"0x%" PRIx32 "\",\"why\":\"%s\","
                  "\"prev\":%u}}",
            e->warp, e->op, ts, dur, PID_SM + e->sm, e->sched, now, e->warp, e->pc, e->why, e->prev);
    t->n++;
}

/* The list of SM sm's load record rec (grown on demand); NULL out of memory. */
static pendlist_t *pend_list(dtrace_t *t, unsigned sm, uint32_t rec)
{
    smpend_t *p = &t->pend[sm];
    if (rec >= p->nrec) {
        unsigned n = rec + 64;
        pendlist_t *v = realloc(p->rec, n * sizeof *v);
        if (!v)
            return NULL;
        memset(v + p->nrec, 0, (n - p->nrec) * sizeof *v);
        p->rec = v;
        p->nrec = n;
    }
    return &p->rec[rec];
}

static pend_t *pend_find(dtrace_t *t, unsigned sm, uint32_t rec, uint64_t line)
{
    if (sm >= t->n_sm || rec >= t->pend[sm].nrec)
        return NULL;
    pendlist_t *l = &t->pend[sm].rec[rec];
    for (unsigned i = 0; i < l->n; i++)
        if (l->e[i].r.line == line)
            return &l->e[i];
    return NULL;
}

/* A request's async slice, arrival to completion, with everything known of it. */
static void req_write(dtrace_t *t, const pend_t *p, uint64_t done)
{
    const dtrace_req_t *r = &p->r;
    const char *name = r->type < REQ_TYPES ? req_names[r->type] : "?";
    if (!inside(t, us(done, t->core_khz)))   /* kept whole or not at all: the window holds both ends */
        return;
    uint64_t id = ++t->next_id;
    fprintf(t->f, ",\n{\"name\":\"%s\",\"cat\":\"request\",\"ph\":\"b\",\"id\":%" PRIu64 ",\"ts\":%.6f,"
                  "\"pid\":%u,\"tid\":0,\"args\":{\"sm\":%u,\"warp\":%u,\"pc\":\"0x%" PRIx32 "\","
                  "\"addr\":\"0x%" PRIx64 "\",\"line\":\"0x%" PRIx64 "\",\"l1\":\"%s\",\"arrival\":%" PRIu64
                  ",\"l1_access\":%" PRIu64 ",\"completion\":%" PRIu64 ",\"latency\":%" PRIu64 "}}",
            name, id, us(p->t_in, t->core_khz), PID_SM + r->sm, r->sm, r->warp, r->pc, r->addr, r->line,
            p->l1 ? p->l1 : "?", p->t_in, p->t_l1, done, done - p->t_in);
    fprintf(t->f, ",\n{\"name\":\"%s\",\"cat\":\"request\",\"ph\":\"e\",\"id\":%" PRIu64 ",\"ts\":%.6f,"
                  "\"pid\":%u,\"tid\":0}", name, id, us(done, t->core_khz), PID_SM + r->sm);
    t->n += 2;
}

static void pend_drop(dtrace_t *t, unsigned sm, uint32_t rec, pend_t *p)
{
    pendlist_t *l = &t->pend[sm].rec[rec];
    *p = l->e[--l->n];
}

void dtrace_req_in(dtrace_t *t, uint64_t now, const dtrace_req_t *r)
{
    double ts = us(now, t->core_khz);
    if (!selected(t, r->sm) || !inside(t, ts))
        return;
    if (r->type == REQ_WR || r->type == REQ_RED) {   /* a store or reduction: no reply, an instant when it leaves */
        fprintf(t->f, ",\n{\"name\":\"%s\",\"cat\":\"request\",\"ph\":\"i\",\"s\":\"t\",\"ts\":%.6f,"
                      "\"pid\":%u,\"tid\":%d,\"args\":{\"sm\":%u,\"warp\":%u,\"pc\":\"0x%" PRIx32 "\","
                      "\"addr\":\"0x%" PRIx64 "\",\"line\":\"0x%" PRIx64 "\",\"arrival\":%" PRIu64 "}}",
                req_names[r->type], ts, PID_SM + r->sm, TID_STORES, r->sm, r->warp, r->pc, r->addr, r->line, now);
        t->n++;
        return;
    }
    pendlist_t *l = pend_list(t, r->sm, r->rec);
    if (!l)
        return;
    if (l->n == l->cap) {
        unsigned cap = l->cap ? 2 * l->cap : 4;
        pend_t *e = realloc(l->e, cap * sizeof *e);
        if (!e)
            return;
        l->e = e;
        l->cap = cap;
    }
    l->e[l->n++] = (pend_t){.r = *r, .t_in = now};
}

void dtrace_req_l1(dtrace_t *t, unsigned sm, uint32_t rec, uint64_t line, uint64_t now, const char *res,
                   uint64_t done_at)
{
    pend_t *p = pend_find(t, sm, rec, line);
    if (!p)
        return;   /* started before the window, or a store */
    p->t_l1 = now;
    p->l1 = res;
    if (!strcmp(res, "hit")) {
        req_write(t, p, done_at);
        pend_drop(t, sm, rec, p);
    }
}

void dtrace_req_done(dtrace_t *t, unsigned sm, uint32_t rec, uint64_t line, uint64_t now)
{
    pend_t *p = pend_find(t, sm, rec, line);
    if (!p)
        return;
    req_write(t, p, now);
    pend_drop(t, sm, rec, p);
}

uint64_t dtrace_events(const dtrace_t *t) { return t->n; }

int dtrace_close(dtrace_t *t)
{
    if (!t)
        return 0;
    name_sm_tracks(t);
    fprintf(t->f, "\n]}\n");
    int bad = ferror(t->f) | (fclose(t->f) != 0);
    if (bad)
        fprintf(stderr, "%s: error writing the decision trace\n", t->path);
    dtrace_free(t);
    return bad ? -1 : 0;
}
