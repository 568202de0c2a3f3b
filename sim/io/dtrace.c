/* dtrace.c - decision traces as trace-event JSON (dtrace.h; docs/sim.md,
 * "Decision traces"). The format: a JSON object with a "traceEvents" array of
 * events {name, cat, ph, ts (microseconds), pid, tid, args}; ph "M" names
 * processes and threads, "X" is a slice of one cycle, "i" an instant, "C" a
 * counter. Written as it goes, one event per line. */
#include "io/dtrace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { PID_DRAM = 1, PID_SM = 2 };

struct dtrace {
    FILE *f;
    char *path;
    uint64_t core_khz, dram_khz;
    double t0, t1;               /* the window in microseconds (t1 < 0: no end) */
    uint64_t n;
    unsigned n_ch;
    uint8_t *drain;              /* per channel: the last write-drain value written (2: none yet) */
};

static double us(uint64_t cycle, uint64_t khz) { return (double)cycle * 1e3 / (double)khz; }

static void meta(dtrace_t *t, const char *what, int pid, int tid, const char *name)
{
    fprintf(t->f, "%s{\"name\":\"%s\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":\"%s\"}}",
            t->n++ ? ",\n" : "", what, pid, tid, name);
}

dtrace_t *dtrace_open(const char *path, uint64_t core_khz, uint64_t dram_khz, uint64_t from, uint64_t to,
                      unsigned n_sm, unsigned n_ch)
{
    dtrace_t *t = calloc(1, sizeof *t);
    if (!t || !(t->drain = calloc(n_ch ? n_ch : 1, 1)) || !(t->path = strdup(path))) {
        fprintf(stderr, "memsched sim: out of memory\n");
        if (t)
            free(t->drain);
        free(t);
        return NULL;
    }
    if (!(t->f = fopen(path, "w"))) {
        fprintf(stderr, "%s: cannot write the decision trace: %s\n", path, strerror(errno));
        free(t->drain);
        free(t->path);
        free(t);
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
    meta(t, "process_name", PID_SM, 0, "SMs (mrpb)");
    char name[32];
    for (unsigned c = 0; c < n_ch; c++) {
        snprintf(name, sizeof name, "ch%u", c);
        meta(t, "thread_name", PID_DRAM, (int)c, name);
    }
    for (unsigned s = 0; s < n_sm; s++) {
        snprintf(name, sizeof name, "sm%u", s);
        meta(t, "thread_name", PID_SM, (int)s, name);
    }
    return t;
}

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
                      "\"pid\":%d,\"tid\":%u,\"args\":{\"cycle\":%" PRIu64 ",\"why\":\"%s\",\"queue\":%" PRIu64
                      ",\"occupancy\":%" PRIu64 "}}",
                why, o->drain_q, ts, dur, PID_SM, sm, now, why, o->drain_q,
                o->drain_q < MRPB_MAX_QUEUES ? o->occ[o->drain_q] : 0);
        t->n++;
    }
    if (o->out_valid && o->out_bypass && in->byp_ready) {
        fprintf(t->f, ",\n{\"name\":\"bypass\",\"cat\":\"mrpb\",\"ph\":\"i\",\"s\":\"t\",\"ts\":%.6f,\"pid\":%d,"
                      "\"tid\":%u,\"args\":{\"cycle\":%" PRIu64 ",\"line\":\"0x%" PRIx64 "\"}}",
                ts, PID_SM, sm, now, o->out_addr);
        t->n++;
    }
}

uint64_t dtrace_events(const dtrace_t *t) { return t->n; }

int dtrace_close(dtrace_t *t)
{
    if (!t)
        return 0;
    fprintf(t->f, "\n]}\n");
    int bad = ferror(t->f) | (fclose(t->f) != 0);
    if (bad)
        fprintf(stderr, "%s: error writing the decision trace\n", t->path);
    free(t->drain);
    free(t->path);
    free(t);
    return bad ? -1 : 0;
}
