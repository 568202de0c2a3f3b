/* glue.h - a block's C side for the lockstep engine, generated from its port
 * table (tb/X_ports.h) and the C model contract (cmodel/X.h).
 *
 * The port table is the one place a block's ports are listed. Each line is
 *
 *     PORT(dir, name, width, count, names)
 *
 *   dir    in or out
 *   name   the RTL port without _i / _o, the stimulus column, and the field
 *          of X_in_t / X_out_t (a uint64_t, or a uint64_t array for count > 1)
 *   width  bits per element: a C expression over `cfg` (const X_cfg_t *)
 *   count  elements (1 for a plain port; an array port is name[i*width +: width])
 *   names  value names for waveforms (NULL-terminated array) or NULL
 *
 * in the RTL's port order (clock and reset excluded). From it come the signal
 * tables and the moves between the C structs and the engine's value arrays
 * (here), the Verilated model's port accesses (tb/shim.cpp) and the build's
 * check that the table matches the Verilated ports (tests/portcheck.sh).
 *
 * A block's tb/X_tb.c defines, then includes this file:
 *
 *   #define GLUE_PREFIX fifo            the C model's prefix
 *   #define GLUE_PORTS  "fifo_ports.h"
 *   #define GLUE_CHECK                  optional: the model has X_chk_t / X_check
 *   typedef struct { fifo_state_t s; [fifo_chk_t chk;] ...generator state } ctx_t;
 *   static int  setup(ctx_t *c, const long *param, const long *knob);  X_init etc.; 0 or -1
 *   static void gen(ctx_t *c, rng_t *r, fifo_in_t *in);   next cycle's random inputs
 *   optional hooks: #define GLUE_ON_RESET on_reset   static void on_reset(ctx_t *c);
 *                   #define GLUE_ON_TICK  on_tick    static void on_tick(ctx_t *c, const X_in_t *in);
 *                   #define GLUE_EVAL(c, in, out), GLUE_TICK(c, in): the model's eval and tick
 *                   through the block's own calls (default X_eval(&c->s, ...), X_tick)
 *
 * and defines the block with GLUE_BLOCK(name, summary, params, knobs, probes, flags).
 */
#ifndef MEMSCHED_GLUE_H
#define MEMSCHED_GLUE_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define GLUE_CAT2(a, b) a##b
#define GLUE_CAT(a, b)  GLUE_CAT2(a, b)
#define GLUE_T(suffix)  GLUE_CAT(GLUE_PREFIX, suffix)

typedef GLUE_T(_cfg_t) glue_cfg_t;
typedef GLUE_T(_in_t) glue_in_t;
typedef GLUE_T(_out_t) glue_out_t;

/* Append one port to a signal table; the struct field must hold count words. */
static inline void glue_port(sigtab_t *t, const char *name, unsigned width, unsigned count,
                             const char *const *names, size_t field_size)
{
    if ((size_t)count * sizeof(uint64_t) > field_size) {
        fprintf(stderr, "memsched: internal error: port %s has %u elements, its struct field holds %zu\n",
                name, count, field_size / sizeof(uint64_t));
        abort();
    }
    sigtab_names(t, sigtab_add(t, name, width, count), names);
}

/* The signal tables of the block at configuration cfg. */
static void glue_sigtabs(const glue_cfg_t *cfg, sigtab_t *in, sigtab_t *out)
{
    (void)cfg;
#define GLUE_FIELD_in(name)  sizeof(((glue_in_t *)0)->name)
#define GLUE_FIELD_out(name) sizeof(((glue_out_t *)0)->name)
#define PORT(dir, name, w, n, nm) glue_port(dir, #name, (w), (n), (nm), GLUE_FIELD_##dir(name));
#include GLUE_PORTS
#undef PORT
}

/* Move the ports of one side (0: inputs, X_in_t; 1: outputs, X_out_t)
 * between the C struct st and the value array v: to_vals 1 struct -> array,
 * 0 array -> struct. */
#define GLUE_SIDE_in  0
#define GLUE_SIDE_out 1
#define GLUE_OFFSET_in(name)  offsetof(glue_in_t, name)
#define GLUE_OFFSET_out(name) offsetof(glue_out_t, name)

static void glue_move(const glue_cfg_t *cfg, int side, int to_vals, void *st, uint64_t *v)
{
    unsigned off = 0;
    char *base = st;
    (void)cfg;
#define PORT(dir, name, w, n, nm)                                                  \
    if (GLUE_SIDE_##dir == side) {                                               \
        unsigned c_ = (n);                                                       \
        char *f_ = base + GLUE_OFFSET_##dir(name);                               \
        if (to_vals)                                                             \
            memcpy(v + off, f_, c_ * sizeof *v);                                 \
        else                                                                     \
            memcpy(f_, v + off, c_ * sizeof *v);                                 \
        off += c_;                                                               \
    }
#include GLUE_PORTS
#undef PORT
}

static void glue_unpack_in(const glue_cfg_t *cfg, const uint64_t *v, glue_in_t *s)
{
    glue_move(cfg, 0, 0, s, (uint64_t *)v);
}

/* The block_t calls. */
#define GLUE_CFG(m) (&((ctx_t *)(m))->s.cfg)
#ifndef GLUE_EVAL
#define GLUE_EVAL(c, in, out) GLUE_T(_eval)(&(c)->s, in, out)
#endif
#ifndef GLUE_TICK
#define GLUE_TICK(c, in) GLUE_T(_tick)(&(c)->s, in)
#endif

static void *glue_create(const long *param, const long *knob, sigtab_t *in, sigtab_t *out)
{
    ctx_t *c = calloc(1, sizeof *c);
    if (!c || setup(c, param, knob)) {
        free(c);
        return NULL;
    }
#ifdef GLUE_CHECK
    GLUE_T(_chk_init)(&c->chk);
#endif
    glue_sigtabs(&c->s.cfg, in, out);
    return c;
}

static void glue_reset(void *m)
{
    ctx_t *c = m;
    GLUE_T(_reset)(&c->s);
#ifdef GLUE_ON_RESET
    GLUE_ON_RESET(c);
#endif
}

static void glue_eval(void *m, const uint64_t *vin, uint64_t *vout)
{
    ctx_t *c = m;
    glue_in_t i;
    glue_out_t o;
    memset(&i, 0, sizeof i);
    memset(&o, 0, sizeof o);
    glue_unpack_in(&c->s.cfg, vin, &i);
    GLUE_EVAL(c, &i, &o);
    glue_move(&c->s.cfg, 1, 1, &o, vout);
}

static void glue_tick(void *m, const uint64_t *vin)
{
    ctx_t *c = m;
    glue_in_t i;
    memset(&i, 0, sizeof i);
    glue_unpack_in(&c->s.cfg, vin, &i);
#ifdef GLUE_ON_TICK
    GLUE_ON_TICK(c, &i);
#endif
    GLUE_TICK(c, &i);
}

static void glue_eval_s(void *m, const void *in, void *out)
{
    ctx_t *c = m;
    GLUE_EVAL(c, in, out);
}

static void glue_tick_s(void *m, const void *in)
{
    ctx_t *c = m;
    GLUE_TICK(c, in);
}

#ifdef GLUE_CHECK
static int glue_check_s(void *m, const void *in, int rst_n, char *msg, size_t n)
{
    ctx_t *c = m;
    return GLUE_T(_check)(&c->chk, &c->s, in, rst_n, msg, n);
}
#define GLUE_CHECK_S glue_check_s
#else
#define GLUE_CHECK_S NULL
#endif

#ifdef GLUE_CHECK
static int glue_check(void *m, const uint64_t *vin, int rst_n, char *msg, size_t n)
{
    ctx_t *c = m;
    glue_in_t i;
    memset(&i, 0, sizeof i);
    glue_unpack_in(&c->s.cfg, vin, &i);
    return GLUE_T(_check)(&c->chk, &c->s, &i, rst_n, msg, n);
}
#define GLUE_CHECK_FN glue_check
#else
#define GLUE_CHECK_FN NULL
#endif

static void glue_gen(void *m, rng_t *r, uint64_t *vin)
{
    ctx_t *c = m;
    glue_in_t i;
    memset(&i, 0, sizeof i);
    gen(c, r, &i);
    glue_move(&c->s.cfg, 0, 1, &i, vin);
}

static void glue_pack_in(void *m, const void *s, uint64_t *v) { glue_move(GLUE_CFG(m), 0, 1, (void *)s, v); }
static void glue_unpack_out(void *m, const uint64_t *v, void *s) { glue_move(GLUE_CFG(m), 1, 0, s, (uint64_t *)v); }
static void glue_destroy(void *m) { free(m); }
static const void *glue_state(const void *m) { return &((const ctx_t *)m)->s; }

#define GLUE_BLOCK(name, summary, params, knobs, probes, flags)                                        \
    {                                                                                                  \
        name, summary, params, knobs, glue_create, glue_reset, glue_eval, glue_tick, GLUE_CHECK_FN,    \
            glue_gen, glue_pack_in, glue_unpack_out, sizeof(glue_in_t), sizeof(glue_out_t),            \
            glue_destroy, probes, flags, glue_eval_s, glue_tick_s, GLUE_CHECK_S, glue_state,           \
    }

#endif
