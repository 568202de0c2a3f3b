/* dtrace.h - decision traces: the scheduling decisions of a system run as a
 * Chrome / Perfetto trace-event JSON file (--trace-decisions; opens in
 * ui.perfetto.dev and chrome://tracing; docs/sim.md "Decision traces").
 * One track per DRAM channel (every request dram_sched schedules: its
 * reason, request score, row score, row hit or miss; write-drain mode as a
 * counter); per SM a track per warp scheduler (every issue: warp, PC,
 * opcode, the policy's reason), its memory requests (one async slice each,
 * from leaving the memory pipeline to the data's return, with SM, warp, PC,
 * program address and the L1's answer) and, with the MRPB, a track of its
 * drains. Times are real time (each clock domain's cycles over its
 * frequency), so the tracks line up; only what starts inside a window of
 * core cycles is kept. */
#ifndef MEMSCHED_SIM_DTRACE_H
#define MEMSCHED_SIM_DTRACE_H

#include <stdint.h>
#include <stdio.h>

#include "dram_sched.h"
#include "mrpb.h"

typedef struct dtrace dtrace_t;

/* Open FILE for a run with these clocks (kHz) and core-cycle window [from, to]
 * (to = 0: no end), n_sm SMs of n_sched warp schedulers, n_ch DRAM channels;
 * mrpb: the SMs have an MRPB (its tracks are written only then). NULL after
 * a message. */
dtrace_t *dtrace_open(const char *path, uint64_t core_khz, uint64_t dram_khz, uint64_t from, uint64_t to,
                      unsigned n_sm, unsigned n_sched, unsigned n_ch, int mrpb);
/* Finish the file (the JSON closed). 0, or -1 after a message (a write error). */
int dtrace_close(dtrace_t *t);
/* DRAM channel ch at its cycle `now`: the scheduler's outputs of the cycle. */
void dtrace_dram(dtrace_t *t, unsigned ch, uint64_t now, const dram_sched_out_t *o);
/* Issues and requests are traced for SMs from..to only (default 0..0: one
 * SM's every issue is already a large file); DRAM and MRPB decisions for all. */
void dtrace_select_sms(dtrace_t *t, unsigned from, unsigned to);
/* SM sm at core cycle `now`: its MRPB's inputs and outputs of the cycle. */
void dtrace_mrpb(dtrace_t *t, unsigned sm, uint64_t now, const mrpb_in_t *in, const mrpb_out_t *o);

/* SM sm's LAWS and SAP at core cycle now (sm.scheduler=laws): a move of the
 * scheduling queue (what: "hit: group 2 to the head", ...; warps: the warps
 * it moves, 0 if unknown), or a SAP event (a stride check's result, a lost
 * miss); detail: more (the load's warp and PC, the stride). On a track of
 * its own per traced SM. */
void dtrace_laws(dtrace_t *t, unsigned sm, uint64_t now, const char *what, uint64_t warps, const char *detail);
/* The same for any warp scheduler with events of its own, of category cat
 * ("laws": the track "laws queue, sap"; "tbas": "tbas batches", its
 * promotions and demotions of thread batches). */
void dtrace_sched(dtrace_t *t, unsigned sm, uint64_t now, const char *cat, const char *what, uint64_t warps,
                  const char *detail);

/* An issue: warp scheduler k of SM sm chose warp `warp` at core cycle now,
 * its instruction at pc (opcode op); the policy and its reason, and the warp
 * the scheduler issued before. */
typedef struct {
    unsigned sm, sched, warp, prev;
    uint32_t pc;
    const char *op, *policy, *why;
} dtrace_issue_t;
void dtrace_issue(dtrace_t *t, uint64_t now, const dtrace_issue_t *e);

/* A memory request: one line of one warp instruction. */
typedef struct {
    unsigned sm, warp;
    uint32_t pc;
    uint64_t addr;     /* the program's byte address: the first active lane's in this line */
    uint64_t line;     /* line address (byte address >> 7) */
    unsigned type;     /* req_type_t */
    uint32_t rec;      /* the load record its data returns to (loads and atomics) */
} dtrace_req_t;
/* It leaves the SM's memory pipeline (into the L1D, or the MRPB) at core
 * cycle now. A store or reduction (no reply) is written at once, as an
 * instant; a load or atomic waits for its L1 answer and its completion. */
void dtrace_req_in(dtrace_t *t, uint64_t now, const dtrace_req_t *r);
/* Its L1D access at core cycle now: res "hit" (done at done_at), "miss",
 * "merged" (into a pending miss), "sent" (to the L2: an atomic, a load with
 * the L1 bypassed) or "bypass" (the MRPB's bypass path). */
void dtrace_req_l1(dtrace_t *t, unsigned sm, uint32_t rec, uint64_t line, uint64_t now, const char *res,
                   uint64_t done_at);
/* Its data reached load record rec of SM sm at core cycle now (a reply). */
void dtrace_req_done(dtrace_t *t, unsigned sm, uint32_t rec, uint64_t line, uint64_t now);
/* Events written so far. */
uint64_t dtrace_events(const dtrace_t *t);

#endif
