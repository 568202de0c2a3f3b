/* mem.h - a memory request as it travels SM -> L1 -> crossbar -> L2 -> DRAM
 * and back, and the fixed-size ring queue every stage uses (no allocation
 * per request). */
#ifndef MEMSCHED_SIM_MEM_H
#define MEMSCHED_SIM_MEM_H

#include <stdint.h>
#include <stdlib.h>

#define LINE_SHIFT 7          /* 128 B lines */
#define SECT_BYTES 32         /* a sector: a quarter of a line */
#define SECT_ALL   0xF        /* every sector of a line */
#define PKT_HEADER 8          /* bytes of a packet's control header (GPGPU-Sim's READ/WRITE_PACKET_SIZE) */

typedef enum { REQ_RD, REQ_WR, REQ_ATOM, REQ_RED, REQ_TYPES } req_type_t;

typedef struct {
    uint64_t line;      /* line address: byte address >> 7 */
    uint64_t blk;       /* its DRAM channel block address, bank and row (dram_map, once per request) */
    uint32_t row;
    uint8_t  bank;
    uint64_t t_core;    /* core cycle the request left the SM's memory pipeline (latency) */
    uint64_t t_dram;    /* DRAM cycle at that moment (ages of the DRAM scheduler) */
    uint32_t tag;       /* SM side: L1 MSHR entry, or the load record (bypass, atomics) */
    uint16_t sm;        /* requesting SM */
    uint16_t sub;       /* L2 sub-partition (global index) */
    uint8_t  type;      /* req_type_t */
    uint8_t  sect;      /* the sectors of the line it covers, bit i = bytes 32i..32i+31 (the
                           coalescer's segment: one, two or four contiguous sectors; a fetch
                           of a whole line: SECT_ALL) */
    uint8_t  full;      /* stores: the sectors whose 32 bytes it all writes (the rest partly) */
    uint8_t  last;      /* a sectored L2's sub-request for the last sector of its request (the one
                           whose answer is a store's acknowledgement) */
    uint8_t  fwd;       /* a store the L2 sends on to the DRAM (l2.write_alloc naive, none): the
                           DRAM's completion of it is its acknowledgement */
    uint8_t  direct;    /* the reply goes to load record `tag`, not to an L1 MSHR */
    uint8_t  reply;     /* travelling back (crossbar reply network) */
    uint8_t  dummy;     /* L2 -> DRAM: a MIB dummy (merge news for a queued read) */
    uint8_t  len;       /* dummy: merge length - 1 */
    uint32_t age;       /* dummy: the age sum it carries */
} req_t;

/* The data a request covers, bytes. */
static inline unsigned req_data(const req_t *r) { return SECT_BYTES * (unsigned)__builtin_popcount(r->sect); }

/* Bytes on the crossbar, as GPGPU-Sim sizes its packets (mem_fetch: a
 * control header, plus the data where data travels): a read request is a
 * header; a write, atomic or reduction request carries its data; a read or
 * atomic reply carries the data, a write or reduction acknowledgement is a
 * header (docs/sim.md, "Crossbar"). */
static inline unsigned req_bytes(const req_t *r)
{
    if (r->reply)
        return PKT_HEADER + (r->type == REQ_RD || r->type == REQ_ATOM ? req_data(r) : 0);
    return PKT_HEADER + (r->type == REQ_RD ? 0 : req_data(r));
}

/* A ring queue of requests with a time stamp each (when the entry becomes
 * visible to the consumer, in the consumer's time base). The head's stamp is
 * kept in the queue itself too (head_ready): the units poll their queues'
 * heads far more often than they take one, and the poll then reads the
 * queue alone, not its ring. */
typedef struct {
    req_t *r;
    uint64_t *ready;
    unsigned cap, head, n;
    uint64_t head_ready;   /* ready[head] while n > 0 */
} rq_t;

static inline int rq_init(rq_t *q, unsigned cap)
{
    q->r = calloc(cap ? cap : 1, sizeof *q->r);
    q->ready = calloc(cap ? cap : 1, sizeof *q->ready);
    q->cap = cap;
    q->head = q->n = 0;
    q->head_ready = 0;
    return q->r && q->ready ? 0 : -1;
}
static inline void rq_free(rq_t *q) { free(q->r); free(q->ready); q->r = NULL; q->ready = NULL; }
static inline int rq_full(const rq_t *q) { return q->n == q->cap; }
static inline int rq_empty(const rq_t *q) { return q->n == 0; }
static inline void rq_push(rq_t *q, const req_t *r, uint64_t ready)
{
    unsigned i = q->head + q->n;
    if (i >= q->cap)
        i -= q->cap;
    q->r[i] = *r;
    q->ready[i] = ready;
    if (!q->n++)
        q->head_ready = ready;
}
static inline req_t *rq_head(rq_t *q) { return &q->r[q->head]; }
/* The head's stamp (only while the queue is not empty). */
static inline uint64_t rq_head_ready(const rq_t *q) { return q->head_ready; }
static inline int rq_ready(const rq_t *q, uint64_t now) { return q->n && q->head_ready <= now; }
static inline void rq_pop(rq_t *q)
{
    if (++q->head == q->cap)
        q->head = 0;
    if (--q->n)
        q->head_ready = q->ready[q->head];
}

#endif
