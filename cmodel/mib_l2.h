/* mib_l2 - the L2-side Merge Information Buffer and the dummy-request mux
 * (rtl/mib_l2.sv; docs/mib_l2.md).
 *
 * One entry per L2 MSHR slot: the block address (the MSHR's own field),
 * merge length, the sum of the ages of the requests merged since the last
 * dummy, and a pending bit ("valid" in the thesis: news not yet sent). Which
 * slots are in use is the MSHR's business: allocate, merge and release must
 * name slots the MSHR allocated (the RTL asserts what it can see). In front
 * of the L2 -> DRAM path a multiplexer sends the lowest-index pending entry as
 * a dummy request before any miss-queue request (thesis section 4.4).
 */
#ifndef MEMSCHED_MIB_L2_H
#define MEMSCHED_MIB_L2_H

#include <stddef.h>
#include <stdint.h>

#define MIB_MAX_ENTRIES 128
#define MIB_AGE_W       15
#define MIB_AGE_MAX     32767u
#define MIB_LEN_W       4       /* merge length - 1: 1..16 */

typedef struct {
    unsigned entries;  /* Entries: L2 MSHR slots, 1..128 */
    unsigned addr_w;   /* AddrW: block address bits, 1..48 */
} mib_l2_cfg_t;

typedef struct {
    uint64_t alloc_valid, alloc_slot, alloc_addr;   /* a new MSHR entry (its request goes to the miss queue) */
    uint64_t merge_valid, merge_slot, merge_age;    /* a request merges into a live entry */
    uint64_t release_valid, release_slot;           /* the entry's data came back */
    uint64_t mq_valid, mq_addr, mq_age;             /* the head of the L2 miss queue */
    uint64_t out_ready;                             /* the DRAM side takes the mux output */
} mib_l2_in_t;

typedef struct {
    uint64_t mq_ready;                    /* the miss-queue head is sent this cycle */
    uint64_t out_valid, out_dummy, out_addr, out_len, out_age;
    uint64_t out_slot;                    /* the dummy's entry (0 for a miss-queue request) */
    uint64_t pend[MIB_MAX_ENTRIES];       /* entry i has news not yet sent */
} mib_l2_out_t;

typedef struct {
    uint64_t pend, addr, len, age;
} mib_entry_t;

typedef struct {
    mib_l2_cfg_t cfg;
    mib_entry_t e[MIB_MAX_ENTRIES];
} mib_l2_state_t;

/* Event counts for the system model; not registers of the RTL. Every counter
 * follows from one cycle's ports (mib_l2_account), so the counts are the same
 * whether the outputs come from this model or from the Verilated RTL. */
typedef struct {
    uint64_t cycles, allocs, merges, releases;   /* *_valid_i */
    uint64_t dummies;        /* dummies sent: out_valid_o, out_dummy_o, out_ready_i */
    uint64_t misses;         /* miss-queue requests sent: out_valid_o, !out_dummy_o, out_ready_i */
    uint64_t blocked;        /* cycles the miss queue waited behind a dummy: mq_valid_i, out_dummy_o */
    uint64_t lost_updates;   /* releases of an entry with news not yet sent (pend_o[slot]) and not
                                sent as this cycle's dummy */
} mib_l2_stats_t;

int  mib_l2_init(mib_l2_state_t *s, const mib_l2_cfg_t *cfg);
void mib_l2_reset(mib_l2_state_t *s);
void mib_l2_eval(const mib_l2_state_t *s, const mib_l2_in_t *in, mib_l2_out_t *out);
void mib_l2_tick(mib_l2_state_t *s, const mib_l2_in_t *in);
/* An entry has news not yet sent. Without one, a cycle with no allocate,
 * merge or release changes no state (the mux shows the miss-queue head):
 * the system model does not clock the block then. */
int mib_l2_pending(const mib_l2_state_t *s);
/* Add this cycle's events to st, from this cycle's inputs and outputs only
 * (out from mib_l2_eval or from the RTL, before the clock edge). */
void mib_l2_account(const mib_l2_cfg_t *cfg, const mib_l2_in_t *in, const mib_l2_out_t *out, mib_l2_stats_t *st);

/* The RTL's usage assertions (rtl/mib_l2.sv, `ifndef SYNTHESIS), in C: the
 * checker's own registers (the RTL's f_*_q; not architectural state). */
typedef struct {
    int unused;  /* the checks look at this cycle only */
} mib_l2_chk_t;

/* The values after the power-on reset clock. */
void mib_l2_chk_init(mib_l2_chk_t *c);
/* Call at every clock edge, reset cycles included, with that cycle's inputs and rst_n and the
 * state before the edge. Returns 0 if the usage is legal, or -1 with the message the RTL's
 * $error prints (same text, %0d as decimal) in msg (msg may be NULL when n is 0); updates the
 * checker's registers either way. The assertions are evaluated only when rst_n is 1; if several
 * fail in one cycle, the first in the RTL's source order is reported. In that order (slots
 * on the ports' max(1, clog2(Entries)) bits, as the RTL compares them):
 *   "mib_l2: allocate of slot %0d"   alloc_valid_i and alloc_slot_i >= Entries
 *   "mib_l2: merge into slot %0d"    merge_valid_i and merge_slot_i >= Entries
 *   "mib_l2: release of slot %0d"    release_valid_i and release_slot_i >= Entries
 *   "mib_l2: merge into the slot allocated in the same cycle"
 *   "mib_l2: merge into the slot released in the same cycle" */
int mib_l2_check(mib_l2_chk_t *c, const mib_l2_state_t *s, const mib_l2_in_t *in, int rst_n, char *msg, size_t n);

#endif
