/* icnt.h - one direction of the crossbar (SMs -> L2 sub-partitions for
 * requests, sub-partitions -> SMs for replies): a fixed latency, one packet
 * per input port and per output port at a time, a packet holding both ports
 * for its flit count (bytes / flit width, rounded up), an ejection buffer of
 * fixed size per output port (back-pressure: a packet is not sent while its
 * output port's buffer is full). Inputs are the senders' own queues (the L1
 * miss queues, the L2 reply queues); their entries are taken when ready in
 * the sender's clock. Inputs are offered in round-robin order starting at
 * input (cycle mod inputs). */
#ifndef MEMSCHED_SIM_ICNT_H
#define MEMSCHED_SIM_ICNT_H

#include "mem/queue.h"
#include "usched.h"

/* One direction's counts (the statistics' icnt rows). */
typedef struct {
    uint64_t packets, flits, bytes;
    uint64_t stall_full;   /* packets held back by a full ejection buffer (cycles x packets) */
    uint64_t wait;         /* sender cycles the packets waited at their inputs once ready (congestion) */
} icnt_stats_t;

typedef struct {
    unsigned nin, nout, lat, flit;
    rq_t **in;             /* the senders' queues (not owned) */
    uint64_t *in_busy;     /* icnt cycle each input port is free again */
    uint64_t *out_busy;
    rq_t *out;             /* ejection buffers: ready = icnt cycle of arrival */
    icnt_stats_t st;
    usched_line_t wake;    /* the receivers' schedule: output o's (wake.base + o) wakes when a packet enters it */
    uint64_t rr_m;         /* mod_mul_of(nin): the round-robin start without a division */
} xbar_t;

int  xbar_init(xbar_t *x, unsigned nin, unsigned nout, unsigned lat, unsigned flit, unsigned buf);
void xbar_free(xbar_t *x);
/* One crossbar cycle `now`; `src_now` is the senders' current cycle (their queues' time base).
 * reply = 0: requests, routed to r->sub; 1: replies, routed to r->sm.
 * maybe: the inputs that may hold a packet (bit i: input i; all ones: any),
 * a superset of the non-empty ones; with more than 64 inputs it is ignored. */
void xbar_cycle(xbar_t *x, uint64_t now, uint64_t src_now, int reply, uint64_t maybe);
/* Packets in flight or waiting at an output. */
int  xbar_idle(const xbar_t *x);

#endif
