/* progress.h - the progress line of a long run (sim, cosim, compare) on
 * standard error, so that a run shows life wherever its messages go. On a
 * terminal one line is rewritten in place (\r) every second; anywhere else
 * (a pipe, a batch job's log) a plain line is written every `every` seconds,
 * without \r, so that a log stays readable. Header-only: the testbench
 * (engine.c) and the system model use it alike. */
#ifndef MEMSCHED_PROGRESS_H
#define MEMSCHED_PROGRESS_H

#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define PROGRESS_EVERY_DEFAULT 5   /* seconds between plain lines (not a terminal) */

typedef struct {
    int on;           /* 0: --quiet, nothing is printed */
    FILE *f;          /* where: standard error, or another stream (progress_to) */
    int tty;          /* f is a terminal */
    double every;     /* seconds between lines */
    double t0, next;  /* start, and when the next line is due */
    int open;         /* a \r line is on the terminal (ended by progress_end) */
} progress_t;

static inline double progress_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Where the lines go, and their pace for it (a terminal or not): f
 * (progress_start: standard error; sim's --rtl on threads, whose other
 * messages are held back: the real standard error). After t0 is set. */
static inline void progress_to(progress_t *p, FILE *f, unsigned every)
{
    p->f = f;
    p->tty = isatty(fileno(f));
    p->every = p->tty ? 1.0 : every ? (double)every : (double)PROGRESS_EVERY_DEFAULT;
    p->next = p->t0 + (p->tty ? 2.0 : p->every);
}

/* on: print at all; every: seconds between plain lines (0: the default).
 * The first line comes after two seconds on a terminal (short runs stay
 * silent) and after `every` seconds elsewhere. */
static inline void progress_start(progress_t *p, int on, unsigned every)
{
    p->on = on;
    p->t0 = progress_now();
    p->open = 0;
    progress_to(p, stderr, every);
}

/* A line is due (cheap enough to call every few thousand steps). */
static inline int progress_due(const progress_t *p) { return p->on && progress_now() >= p->next; }

static inline double progress_elapsed(const progress_t *p) { return progress_now() - p->t0; }

/* Print the line (printf-style, no newline in fmt) and plan the next. */
static inline void progress_print(progress_t *p, const char *fmt, ...)
{
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (p->tty) {
        fprintf(p->f, "\r%s   ", line);
        p->open = 1;
    } else {
        fprintf(p->f, "%s\n", line);
    }
    fflush(p->f);
    p->next = progress_now() + p->every;
}

/* End a terminal's line, so that the next message starts on a line of its own. */
static inline void progress_end(progress_t *p)
{
    if (p->open)
        fputc('\n', p->f);
    p->open = 0;
}

#endif
