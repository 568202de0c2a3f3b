/* mrpb - memory request prioritization buffer (rtl/mrpb.sv; docs/mrpb.md).
 *
 * Between an SM's coalescer and its L1: an input pipeline of Latency-1 stages,
 * one FIFO per signature value (fifo.h), a drain selector (fixed-order /
 * longest-first / round-robin, greedy or not, flush) and an outbound slot that
 * presents one request to the L1 and, on a matching stall, bypasses reads to
 * the next level. Built from the primitive models as the RTL is built from the
 * primitive modules.
 */
#ifndef MEMSCHED_MRPB_H
#define MEMSCHED_MRPB_H

#include <stddef.h>
#include <stdint.h>

#include "fifo.h"
#include "rr_arb.h"

#define MRPB_MAX_QUEUES  64
#define MRPB_MAX_DEPTH   64
#define MRPB_MAX_LATENCY 18

/* Request header fields (Table 1: 48 warps, 8 blocks, 32 warps per block). */
#define MRPB_WARP_W    6
#define MRPB_BLOCK_W   3
#define MRPB_INBLOCK_W 5

enum { MRPB_SIG_WARP, MRPB_SIG_BLOCK, MRPB_SIG_INBLOCK };        /* signature_i; 3 acts as warp */
enum { MRPB_POL_FIXED, MRPB_POL_LONGEST, MRPB_POL_RR };         /* policy_i; 3 acts as fixed */
enum { MRPB_BYP_OFF, MRPB_BYP_ALL, MRPB_BYP_ASSOC };            /* bypass_i; 3 acts as off */
/* drain_o: why a request entered the outbound slot this cycle. */
enum {
    MRPB_DR_NONE,    /* nothing entered the slot */
    MRPB_DR_POLICY,  /* the drain policy (greedy current or base choice) */
    MRPB_DR_FULL,    /* flush part 1: a read waits for room in its full queue */
    MRPB_DR_FLUSH,   /* flush part 2: a write waits for its queue to empty */
    MRPB_DR_WRITE,   /* flush part 2: the write itself, its queue empty */
    MRPB_DR_DIRECT,  /* reorder off: the single slot takes the request */
};

typedef struct {
    unsigned num_queues;  /* NumQueues, 1..64 */
    unsigned depth;       /* Depth, entries per queue, 1..64 */
    unsigned latency;     /* Latency, accept-to-present cycles, 1..18 */
    unsigned addr_w;      /* AddrW, line address bits, 1..62 */
    unsigned tag_w;       /* TagW, opaque tag bits, 1..62; AddrW + TagW <= 63 */
} mrpb_cfg_t;

typedef struct {
    /* modes: static, may change only while in reset */
    uint64_t signature, policy, greedy, flush, bypass, reorder;
    /* the request from the coalescer */
    uint64_t in_valid, in_write, in_warp, in_block, in_inblock, in_addr, in_tag;
    /* the L1's answer to the slot's request this cycle, and the next level's */
    uint64_t l1_ready, l1_stall_assoc, byp_ready;
} mrpb_in_t;

typedef struct {
    uint64_t in_ready;                 /* the request is accepted this cycle */
    uint64_t out_valid, out_bypass, out_write, out_addr, out_tag;  /* outbound slot */
    uint64_t drain;                    /* MRPB_DR_*: what entered the slot this cycle */
    uint64_t drain_q;                  /* its queue (the signature for write/direct); 0 when none */
    uint64_t occ[MRPB_MAX_QUEUES];     /* requests stored per queue */
} mrpb_out_t;

typedef struct {
    uint64_t valid, write, q, addr, tag;
} mrpb_req_t;

typedef struct {
    mrpb_cfg_t cfg;
    mrpb_req_t pipe[MRPB_MAX_LATENCY - 1];  /* pipe[0] after the input; pipe[Latency-2] enqueues */
    fifo_state_t q[MRPB_MAX_QUEUES];        /* one per signature value: {write, tag, addr} */
    rr_arb_state_t rr;                      /* round-robin pointer */
    uint64_t cur;                           /* greedy: the queue chosen last by the policy */
    mrpb_req_t out;                         /* outbound slot */
    uint64_t out_bypass;                    /* the slot's request goes to the next level */
} mrpb_state_t;

/* Event counts for the system model; not registers of the RTL. Every counter
 * follows from one cycle's ports (mrpb_account), so the counts are the same
 * whether the outputs come from this model or from the Verilated RTL. A write
 * waiting at the enqueue point for its queue to empty (flush) is not visible
 * at the ports: flush_drains counts the reads such waits push out, and the
 * wait shows at the input as stall_cycles once the pipeline behind it fills. */
typedef struct {
    uint64_t cycles;
    uint64_t in;              /* requests accepted: in_valid_i and in_ready_o */
    uint64_t drained;         /* requests moved into the outbound slot: drain_o != none */
    uint64_t policy_drains, full_drains, flush_drains, write_passes, direct;  /* drain_o, per reason */
    uint64_t l1_accepted;     /* taken by the L1: out_valid_o, !out_bypass_o, l1_ready_i */
    uint64_t bypassed;        /* taken by the next level: out_valid_o, out_bypass_o, byp_ready_i */
    uint64_t stall_cycles;    /* a request waited at the input: in_valid_i, !in_ready_o */
    uint64_t retry_cycles;    /* the L1 refused the slot's request: out_valid_o, !out_bypass_o, !l1_ready_i */
} mrpb_stats_t;

int  mrpb_init(mrpb_state_t *s, const mrpb_cfg_t *cfg);
void mrpb_reset(mrpb_state_t *s);
/* Everything the RTL computes combinationally in one cycle (mrpb_decide). */
typedef struct {
    mrpb_req_t e;          /* the request at the enqueue point */
    int slot_taken;        /* the slot's request is taken this cycle */
    int slot_free;         /* the slot can load a request this cycle */
    int enq;               /* e is written into its queue (or falls through) */
    int e_take;            /* e leaves the enqueue point */
    uint64_t req;          /* requests seen by the base policy (greedy-masked) */
    unsigned reason;       /* MRPB_DR_* of the drain this cycle (NONE if the slot is busy) */
    unsigned dq;           /* queue drained (0 when none) */
    mrpb_req_t item;       /* what enters the slot */
    int pop, push;         /* queue dq is popped; queue e.q is pushed */
} mrpb_dec_t;

void mrpb_eval(const mrpb_state_t *s, const mrpb_in_t *in, mrpb_out_t *out);
void mrpb_tick(mrpb_state_t *s, const mrpb_in_t *in);
/* The same in two steps, for a caller that clocks the cycle it evaluated:
 * mrpb_decide once, then mrpb_eval_dec and mrpb_tick_dec with its result
 * (the state unchanged in between, tick_dec's inputs those decided on). */
void mrpb_decide(const mrpb_state_t *s, const mrpb_in_t *in, mrpb_dec_t *k);
void mrpb_eval_dec(const mrpb_state_t *s, const mrpb_dec_t *k, mrpb_out_t *out);
void mrpb_tick_dec(mrpb_state_t *s, const mrpb_in_t *in, const mrpb_dec_t *k);
/* The outbound slot's outputs (registers: out_valid, out_bypass, out_write,
 * out_addr, out_tag), as mrpb_eval gives them, without the cycle's decision;
 * the other fields of out are left as they are. */
void mrpb_slot(const mrpb_state_t *s, mrpb_out_t *out);
/* Add this cycle's events to st, from this cycle's inputs and outputs only
 * (out from mrpb_eval or from the RTL, before the clock edge). */
void mrpb_account(const mrpb_cfg_t *cfg, const mrpb_in_t *in, const mrpb_out_t *out, mrpb_stats_t *st);

/* Queue index of a request: the selected header field, in max(1,clog2(NumQueues)) bits. */
uint64_t mrpb_signature(const mrpb_cfg_t *cfg, const mrpb_in_t *in);

/* The RTL's usage assertions (rtl/mrpb.sv, `ifndef SYNTHESIS), in C: the
 * checker's own registers (the RTL's f_*_q; not architectural state). */
typedef struct {
    uint64_t mode;  /* f_mode_q: {signature, policy, greedy, flush, bypass, reorder} of the last clock, 9 bits */
    uint64_t run;   /* f_run_q: rst_n at the last clock */
} mrpb_chk_t;

/* The values after the power-on reset clock (f_run_q = 0; f_mode_q is then not looked at). */
void mrpb_chk_init(mrpb_chk_t *c);
/* Call at every clock edge, reset cycles included, with that cycle's inputs and rst_n and the
 * state before the edge. Returns 0 if the usage is legal, or -1 with the message the RTL's
 * $error prints (same text, %0d as decimal) in msg (msg may be NULL when n is 0); updates the
 * checker's registers either way. The assertions are evaluated only when rst_n is 1; if several
 * fail in one cycle, the first in the RTL's source order is reported. In that order:
 *   "mrpb: mode value 3 is not defined"   signature_i, policy_i or bypass_i is 3
 *   "mrpb: a mode changed out of reset"   a mode differs from the last clock's, which was out
 *                                         of reset (so a change during reset, or in the first
 *                                         cycle after it, is legal)
 *   "mrpb: signature %0d >= NumQueues"   in_valid_i and the selected header field (6 bits, not
 *                                         cut to the queue index) is not below NumQueues */
int mrpb_check(mrpb_chk_t *c, const mrpb_state_t *s, const mrpb_in_t *in, int rst_n, char *msg, size_t n);

extern const char *const mrpb_drain_names[];     /* MRPB_DR_* */
extern const char *const mrpb_signature_names[];
extern const char *const mrpb_policy_names[];
extern const char *const mrpb_bypass_names[];

#endif
