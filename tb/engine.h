/* engine.h - the generic lockstep engine: block descriptions, RTL shims, runs.
 *
 * A block is described twice: its C side (block_t: signal tables, the C
 * golden model behind four calls, a constrained-random generator) and one RTL
 * side per Verilated parameter set (rtl_t, the extern "C" shim of tb/X_shim.cpp).
 * Values travel as arrays of uint64_t, one element per signal element, in the
 * order of the signal tables; a signal with count > 1 is an array port
 * (element i is port[i*width +: width]).
 */
#ifndef MEMSCHED_ENGINE_H
#define MEMSCHED_ENGINE_H

#include <stdint.h>
#include <stdio.h>

#include "rng.h"

#define SIG_MAX   160  /* signals per direction (and probes) */
#define PARAM_MAX 8    /* Verilog parameters per block */
#define KNOB_MAX  16   /* --set keys per block besides the parameters */

typedef struct {
    const char *name;   /* column name = RTL port name without _i / _o */
    unsigned width;     /* bits per element, 1..64 */
    unsigned count;     /* elements; 1 for a plain port */
    unsigned off;       /* index of element 0 in the value array */
    const char *const *names;  /* optional value names (index = value), NULL-terminated */
    const char *group;  /* probes: the waveform group the signal belongs to */
    const char *label;  /* probes: the name shown in the viewer (an alias); NULL: the path */
} sig_t;

typedef struct {
    sig_t sig[SIG_MAX];
    unsigned n;         /* signals */
    unsigned words;     /* elements over all signals */
} sigtab_t;

/* Append a signal; returns its index. */
unsigned sigtab_add(sigtab_t *t, const char *name, unsigned width, unsigned count);
/* Give signal i value names (waveform translate filters); names[v] is value v. */
void sigtab_names(sigtab_t *t, unsigned i, const char *const *names);
/* Index of the signal called name, or -1. */
int sigtab_find(const sigtab_t *t, const char *name);

/* A --set key that is not a Verilog parameter: a mode or a generator knob. */
typedef struct {
    const char *name;
    long def, min, max;
    const char *help;
    const char *const *names;  /* optional value names (index = value), NULL-terminated */
} knob_t;

/* The C side of a block. */
typedef struct block {
    const char *name;
    const char *summary;
    const char *const *params;     /* Verilog parameter names, NULL-terminated */
    const knob_t *knobs;           /* ends with a NULL name */
    /* Build the C model for these parameter and knob values and fill the
     * signal tables; NULL (after a message) if the configuration is invalid. */
    void *(*create)(const long *param, const long *knob, sigtab_t *in, sigtab_t *out);
    void (*reset)(void *m);
    void (*eval)(void *m, const uint64_t *in, uint64_t *out);
    void (*tick)(void *m, const uint64_t *in);
    /* Constrained-random inputs for the next cycle; may look at the model state. */
    void (*gen)(void *m, rng_t *r, uint64_t *in);
    void (*destroy)(void *m);
    /* Optional: internal RTL signals worth showing in waveforms (make waves),
     * as paths below the block's instance, with their group; may be NULL. */
    void (*probes)(void *m, sigtab_t *t);
    unsigned flags;                /* BLOCK_COMB: no clock or reset ports */
} block_t;

#define BLOCK_COMB 1u

/* The RTL side of one Verilated parameter set (tb/X_shim.cpp, built per set). */
typedef struct rtl {
    const char *block;             /* block name */
    const char *tag;               /* e.g. "fifo__Depth5_Width13" */
    long param[PARAM_MAX];         /* in the order of block_t.params */
    int is_default;                /* the block's default set */
    unsigned mutants;              /* > 0: a Yosys mutant netlist with a mutsel port */
    void *(*create)(int init_random, uint32_t seed);
    void (*set_in)(void *h, int rst_n, const uint64_t *in);
    void (*eval)(void *h);
    void (*get_out)(void *h, uint64_t *out);
    void (*clock)(void *h);        /* a rising then a falling clock edge */
    int (*failed)(void *h);        /* an assertion fired */
    int (*trace_open)(void *h, const char *path);
    void (*trace_dump)(void *h, uint64_t time);
    void (*trace_close)(void *h);
    void (*set_mutant)(void *h, unsigned k);
    void (*destroy)(void *h);
} rtl_t;

/* Registries: tb/blocks.c and the generated build/gen/psets.c. */
extern const block_t *const memsched_blocks[];
extern const rtl_t *const memsched_rtls[];
const block_t *block_find(const char *name);

/* A stimulus: inputs per cycle, optional reset column and expected outputs. */
typedef struct stim stim_t;

typedef struct {
    const block_t *blk;
    const rtl_t *rtl;              /* NULL: C model alone */
    long param[PARAM_MAX];
    long knob[KNOB_MAX];
    uint64_t seed;
    uint64_t cycles;               /* random runs; a stimulus runs all its rows */
    int init_random;               /* Verilator +verilator+rand+reset+2 */
    const stim_t *stim;            /* replay instead of random stimulus */
    FILE *record;                  /* write the run as a stimulus file */
    FILE *print;                   /* ref: print inputs and outputs per cycle */
    const char *fst;               /* trace the whole run */
    const char *gtkw;              /* write a GTKWave save file for that trace */
    const char *fail_fst;          /* where the trace of a mismatch goes */
    unsigned fail_window;          /* cycles traced before a mismatch */
    unsigned mutant;               /* mutsel value for mutant netlists */
    int quiet;                     /* no mismatch report (mutation runs) */
    const char *argv0;             /* for the replay command */
    const char *stim_path;
} run_opts_t;

typedef struct {
    uint64_t cycles;               /* cycles compared */
    int mismatches;                /* 0 or 1: the run stops at the first */
    int assert_failed;
    uint64_t fail_cycle;
    double seconds;
} run_result_t;

/* Run one co-simulation (or the C model alone when rtl is NULL).
 * Returns 0 on success, 1 when a check failed, 2 on bad input (message printed). */
int engine_run(const run_opts_t *o, run_result_t *res);

/* "Depth=5 Width=13" for a parameter set. */
void engine_param_str(const block_t *b, const long *param, char *buf, size_t n);
/* Format one value of signal s (elements comma-separated) into buf. */
void engine_fmt_sig(const sig_t *s, const uint64_t *vals, char *buf, size_t n);

#endif
