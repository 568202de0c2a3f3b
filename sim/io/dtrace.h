/* dtrace.h - decision traces: the scheduling decisions of a system run as a
 * Chrome / Perfetto trace-event JSON file (--trace-decisions; opens in
 * ui.perfetto.dev and chrome://tracing). One track per DRAM channel (every
 * request dram_sched schedules: its reason, request score, row score, row hit
 * or miss; write-drain mode as a counter) and per SM (every request its MRPB
 * drains into the outbound slot, with the reason and queue; bypasses). Times
 * are real time (each clock domain's cycles over its frequency), so the
 * tracks line up; only decisions inside a window of core cycles are kept. */
#ifndef MEMSCHED_SIM_DTRACE_H
#define MEMSCHED_SIM_DTRACE_H

#include <stdint.h>
#include <stdio.h>

#include "dram_sched.h"
#include "mrpb.h"

typedef struct dtrace dtrace_t;

/* Open FILE for a run with these clocks (kHz) and core-cycle window [from, to]
 * (to = 0: no end). NULL after a message. */
dtrace_t *dtrace_open(const char *path, uint64_t core_khz, uint64_t dram_khz, uint64_t from, uint64_t to,
                      unsigned n_sm, unsigned n_ch);
/* Finish the file (the JSON closed). 0, or -1 after a message (a write error). */
int dtrace_close(dtrace_t *t);
/* DRAM channel ch at its cycle `now`: the scheduler's outputs of the cycle. */
void dtrace_dram(dtrace_t *t, unsigned ch, uint64_t now, const dram_sched_out_t *o);
/* SM sm at core cycle `now`: its MRPB's inputs and outputs of the cycle. */
void dtrace_mrpb(dtrace_t *t, unsigned sm, uint64_t now, const mrpb_in_t *in, const mrpb_out_t *o);
/* Events written so far. */
uint64_t dtrace_events(const dtrace_t *t);

#endif
