/* lockstep.h - one block, one cycle at a time: the C model alone, or the
 * Verilated RTL and the C model driven with the same inputs and compared.
 *
 * The caller computes the inputs (a random generator, a stimulus file, the
 * system model) and steps the object:
 *
 *     ls_settings_t st;  ls_settings_init(&st, block_find("fifo"));
 *     ls_set(&st, "Depth=5", "--set");                 // parameters, modes, knobs
 *     ls_opts_t o = {.rtl = 1, .seed = 1, .init_random = 1, .report = 1};
 *     lockstep_t *ls = ls_open(&st, &o);               // NULL: message printed (exit 2)
 *     fifo_in_t in = {.push = 1, .wdata = 5};  fifo_out_t out;
 *     if (ls_step_io(ls, 1, &in, &out)) ...           // 1: mismatch or assertion, reported
 *     ls_counts_t n;  ls_close(ls, &n);
 *
 * A cycle is ls_eval (any number of times: inputs in, outputs out, both
 * models compared at each call) followed by ls_tick (the clock edge with the
 * inputs of the last ls_eval, the usage checks of both models). ls_step is
 * the two together. rst_n = 0 resets both models in that cycle (the RTL's
 * reset is asynchronous, so the cycle's outputs are the reset outputs).
 * Cycle 0 follows a power-on reset of both that is not compared.
 */
#ifndef MEMSCHED_LOCKSTEP_H
#define MEMSCHED_LOCKSTEP_H

#include <stdint.h>
#include <stdio.h>

#include "engine.h"

/* Parameters and --set values for one block, before a run. */
typedef struct {
    const block_t *blk;
    int has_param[PARAM_MAX];
    long param[PARAM_MAX];
    long knob[KNOB_MAX];
    const char *param_where[PARAM_MAX];  /* where each parameter was set (messages) */
} ls_settings_t;

void ls_settings_init(ls_settings_t *st, const block_t *b);
/* Apply one "key=value" (a Verilog parameter, a mode or a knob); `where`
 * names its origin for messages ("--set", "file.stim:3"). 0, or 2 after a
 * message. The string `where` must outlive the settings. */
int ls_set(ls_settings_t *st, const char *kv, const char *where);
/* The parameter values of a run: those set, the block's defaults for the
 * rest. With rtl != NULL, also the Verilated set that matches (mutant >= 0:
 * a mutant netlist). 0, or 2 after a message naming the sets that exist. */
int ls_resolve(const ls_settings_t *st, int want_rtl, long mutant, long *param, const rtl_t **rtl);
/* Print the built parameter sets of a block, one per line (mutants: 1). */
void ls_print_psets(FILE *f, const block_t *b, int mutants);
/* The Verilated set of a block with exactly these parameters, or NULL. */
const rtl_t *ls_find_rtl(const block_t *b, const long *param, int mutant);

typedef struct {
    int rtl;                /* 1: Verilated RTL and C model in lockstep; 0: C model alone */
    int mutant_netlist;     /* with rtl: the block's Yosys mutant netlist (make mutate) ... */
    unsigned mutsel;        /* ... running mutant mutsel (0: none) */
    int no_checks;          /* skip the C model's usage checks (mutant netlists have no assertions) */
    uint64_t seed;          /* seeds the RTL's random initial values; printed in reports */
    int init_random;        /* RTL initial values: random (+verilator+rand+reset+2) or zeros */
    const char *fst;        /* trace the RTL into this FST ... */
    int64_t trace_from;     /* ... from this cycle on (0: the whole run) */
    int report;             /* print a report on a mismatch or an assertion */
    /* Optional: print the lines that end a report (how to replay the run). */
    void (*report_tail)(void *user, FILE *f, uint64_t cycle);
    void *user;
    const char *label;      /* report prefix, e.g. "cosim" (default) or "sim sm3.mrpb" */
    int64_t trace_to;       /* with fst: the last cycle traced (0: to the end) */
    int use_time;           /* with fst: cycles in the time base of ls_set_time (the system's) */
    FILE *record;           /* write each cycle (rst_n, inputs, the C model's outputs) as a stimulus file ... */
    uint64_t record_until;  /* ... up to and including this cycle (0: every cycle) */
    uint64_t break_at;      /* test knob: at this cycle (0: never) the C model's first output has bit 0
                               inverted, as a bug in it would (the in-system checks must catch it) */
    int every_cycle;        /* evaluate the RTL in every cycle, fixed points too (see ls_eval) */
    int threads;            /* 2: the RTL on a thread of its own (below); 0 or 1: one thread */
    unsigned batch;         /* with threads 2: operations handed over at once (0: 128) */
} ls_opts_t;

/* Two threads (o.threads = 2, with o.rtl): the caller's thread runs the C
 * model and hands each cycle's inputs and C outputs to a second thread,
 * which evaluates and clocks the RTL and compares its outputs, the same
 * work in the same order as in one thread (fixed points included), a few
 * hundred cycles behind. Such a run finds whether the models agree and,
 * if not, stops: ls_eval / ls_tick return 1 at a call after the RTL's
 * thread found a difference or an assertion (a C usage check still fails
 * at once), ls_failed and ls_close wait for it and give the first failing
 * cycle. It reports nothing, so it takes none of o.report, o.fst,
 * o.record (ls_open refuses them): a caller repeats a failing run in one
 * thread for the report (tb/engine.c). Verilator's own messages (an
 * assertion's) print from the RTL's thread. The counts' cycles and evals
 * are the calls made, which after a failure run on until the caller's
 * thread sees it (up to 8 x o.batch operations later); the failure,
 * its cycle and the fixed points are the one-thread run's. */

typedef struct lockstep lockstep_t;

typedef struct {
    uint64_t cycles;        /* clock edges after cycle 0 began (ls_tick calls) */
    uint64_t evals;
    uint64_t rtl_still;     /* cycles the RTL was at a fixed point: not evaluated (ls_eval) */
    int mismatch;           /* the two models' outputs differed */
    int assert_failed;      /* an RTL assertion or a C usage check fired */
    uint64_t fail_cycle;    /* the cycle of the failure */
} ls_counts_t;

/* Build the C model (and the RTL when o->rtl: the settings must select a
 * built parameter set). NULL after a message: bad configuration (exit 2). */
lockstep_t *ls_open(const ls_settings_t *st, const ls_opts_t *o);
/* Evaluate both models on this cycle's inputs (value arrays in the order of
 * the signal tables) and compare every output. 0; 1 after a report of the
 * first difference; 2 after a message when an input is wider than its port.
 *
 * Fixed points: the RTL's cycle is a function of its whole state (every
 * byte of its Verilated symbol table: the root object and the module
 * instances not inlined) and its inputs. When a cycle had the
 * inputs of the cycle before and left that whole state byte for byte as it
 * found it, and this cycle's inputs are again the same, this cycle can only
 * do the same: the RTL is not evaluated or clocked, its outputs are those it
 * gave last (compared with the C model's as in every cycle), until the inputs
 * change. Not while tracing it (the waveform gets every edge) nor with
 * o.every_cycle. */
int ls_eval(lockstep_t *ls, int rst_n, const uint64_t *in, uint64_t *out);
/* The clock edge with the inputs of the last ls_eval; the usage checks (C
 * model and RTL assertions). 0, or 1 after a report. */
int ls_tick(lockstep_t *ls);
/* ls_eval then ls_tick. */
int ls_step(lockstep_t *ls, int rst_n, const uint64_t *in, uint64_t *out);
/* The same with the block's C structs X_in_t / X_out_t. */
int ls_eval_io(lockstep_t *ls, int rst_n, const void *in, void *out);
/* ls_eval_io for a caller that leaves *in unchanged until its ls_tick: the
 * C model alone reads it there instead of a copy (dram_sched's 5 M cycles
 * of gesummv: the copy was 1.4 % of transpose's time). */
int ls_eval_ref(lockstep_t *ls, int rst_n, const void *in, void *out);
/* The C model's outputs for inputs that are not yet final in this cycle (a
 * caller that needs some outputs to compute the rest of its inputs, when
 * those outputs do not depend on them: registered outputs): nothing is
 * compared and the RTL is not evaluated; the cycle's ls_eval_io with the
 * final inputs, before ls_tick, compares every output. Returns 0, or 1 if
 * the run has failed. */
int ls_peek_io(lockstep_t *ls, int rst_n, const void *in, void *out);
int ls_step_io(lockstep_t *ls, int rst_n, const void *in, void *out);
void ls_close(lockstep_t *ls, ls_counts_t *counts);

/* Accessors. */
void *ls_model(lockstep_t *ls);              /* the block's C side (for its generator) */
/* The C model's state (X_state_t), after the last ls_tick: the one the RTL
 * also holds when it runs (every output is compared every cycle). */
const void *ls_state(const lockstep_t *ls);
const sigtab_t *ls_in(const lockstep_t *ls);
const sigtab_t *ls_out(const lockstep_t *ls);
const block_t *ls_block(const lockstep_t *ls);
const rtl_t *ls_rtl(const lockstep_t *ls);   /* NULL: C model alone */
const long *ls_param(const lockstep_t *ls);
uint64_t ls_cycle(const lockstep_t *ls);     /* the cycle the next ls_eval belongs to */
/* The run failed a check (a mismatch, an assertion or a usage check; not a
 * bad input): 1 and its cycle, else 0. With two threads, after the RTL's
 * thread has caught up. */
int ls_failed(const lockstep_t *ls, uint64_t *cycle);
/* The counts so far (what ls_close gives). */
void ls_counts(const lockstep_t *ls, ls_counts_t *counts);
/* With record_until: every row up to it is written. */
int ls_recorded(const lockstep_t *ls);
/* The time of the next cycle in the caller's time base (the system's cycle of the
 * block's clock domain), for traces with use_time: FST time 10 x t, trace_from/to in t. */
void ls_set_time(lockstep_t *ls, uint64_t t);
/* Print rst_n and every input of the last ls_eval ("  inputs:  rst_n=1 push=1 ..."). */
void ls_print_inputs(const lockstep_t *ls, FILE *f);

#endif
