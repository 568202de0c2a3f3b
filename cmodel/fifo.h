/* fifo - circular-buffer FIFO with head/tail pointers and a count (rtl/fifo.sv). */
#ifndef MEMSCHED_FIFO_H
#define MEMSCHED_FIFO_H

#include <stddef.h>
#include <stdint.h>

/* The largest Depth the model holds: the storage is an array of this size in
 * fifo_state_t, so it bounds the size of every model built from fifos (mrpb
 * holds 64). The RTL has no limit; the largest built set and mrpb's largest
 * queue (MRPB_MAX_DEPTH) are 64. */
#define FIFO_MAX_DEPTH 64

typedef struct { unsigned depth, width; } fifo_cfg_t;  /* RTL parameters Depth (1..64), Width (1..64) */
typedef struct {
    uint64_t push;   /* push_i */
    uint64_t wdata;  /* wdata_i: Width bits */
    uint64_t pop;    /* pop_i */
} fifo_in_t;
typedef struct {
    uint64_t rdata;  /* rdata_o: head word, 0 when empty */
    uint64_t full;   /* full_o */
    uint64_t empty;  /* empty_o */
    uint64_t count;  /* count_o: clog2(Depth+1) bits */
} fifo_out_t;
typedef struct {
    fifo_cfg_t cfg;
    uint64_t head, tail, count;        /* head_q, tail_q, count_q */
    uint64_t mem[FIFO_MAX_DEPTH];      /* mem_q: not reset, like the RTL */
} fifo_state_t;

int  fifo_init(fifo_state_t *s, const fifo_cfg_t *cfg);
void fifo_reset(fifo_state_t *s);
void fifo_eval(const fifo_state_t *s, const fifo_in_t *in, fifo_out_t *out);
void fifo_tick(fifo_state_t *s, const fifo_in_t *in);

/* The RTL's usage assertions (rtl/fifo.sv, `ifndef SYNTHESIS), in C: the
 * checker's own registers (the RTL's f_*_q; not architectural state). */
typedef struct {
    int unused;  /* the checks look at this cycle only */
} fifo_chk_t;

/* The values after the power-on reset clock. */
void fifo_chk_init(fifo_chk_t *c);
/* Call at every clock edge, reset cycles included, with that cycle's inputs and rst_n and the
 * state before the edge. Returns 0 if the usage is legal, or -1 with the message the RTL's
 * $error prints (same text, %0d as decimal) in msg (msg may be NULL when n is 0); updates the
 * checker's registers either way. The assertions are evaluated only when rst_n is 1; if several
 * fail in one cycle, the first in the RTL's source order is reported. In that order:
 *   "fifo: push when full"    push_i while full_o
 *   "fifo: pop when empty"    pop_i while empty_o */
int fifo_check(fifo_chk_t *c, const fifo_state_t *s, const fifo_in_t *in, int rst_n, char *msg, size_t n);

#endif
