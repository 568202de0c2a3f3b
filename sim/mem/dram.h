/* dram.h - one DRAM channel: the request scheduler (the dram_sched block, its
 * C model or RTL through the lockstep object), per-bank command queues
 * served round-robin across banks and in order within a bank, the GDDR5
 * command engine (open-page policy; timing of dram_timing.h) and, with
 * --check-dram, the independent legality checker on every command.
 *
 * Runs in the DRAM command clock. Requests arrive from the channel's L2
 * sub-partitions through their L2 -> DRAM paths (reads, writes, MIB
 * dummies); completed reads go back to their sub-partition's fill queue. */
#ifndef MEMSCHED_SIM_DRAM_H
#define MEMSCHED_SIM_DRAM_H

#include <stdint.h>

#include "io/config.h"
#include "mem/dram_check.h"
#include "dram_sched.h"
#include "io/dtrace.h"
#include "block.h"
#include "lockstep.h"
#include "mem/addrmap.h"
#include "mem/queue.h"
#include "usched.h"

typedef struct {
    uint64_t blk;        /* channel block address (dram_sched's addr) */
    unsigned row;
    uint8_t write, atoms, acted;
    uint8_t known;       /* req holds the request (reads, and writes the L2 sent) */
    req_t req;           /* the L2's request: a read's fill, a forwarded store's acknowledgement */
} bank_req_t;

typedef struct {
    bank_req_t *q;       /* bank_q + 1 entries (one for the scheduler's pipeline), ring */
    unsigned head, n;
    int open;
    unsigned row;
    uint64_t act_ok, pre_ok, col_ok;  /* earliest cycle of the next ACT / PRE / RD-WR */
} bank_t;

typedef struct {
    uint64_t n_act, n_pre, n_rd, n_wr, n_ref;       /* commands */
    uint64_t rd_req, wr_req, row_hits;             /* requests served; of them, without an ACT */
    uint64_t busy_banks_sum, busy_cycles;          /* bank-level parallelism */
    uint64_t cycles, data_cycles;                  /* data bus busy cycles */
    uint64_t rd_latency_sum;                        /* DRAM cycles from arrival to data, reads */
    dram_sched_stats_t sched;
} dram_stats_t;

typedef struct dram dram_t;
struct dram {
    const config_t *cfg;
    unsigned ch;
    lockstep_t *ls;             /* dram_sched */
    dtrace_t *dt;               /* --trace-decisions, or NULL */
    char label[32];             /* its name in reports */
    dram_sched_in_t in;
    dram_sched_out_t out;
    bank_t *bank;
    uint64_t grp_col_ok[64], grp_pre_ok[64];
    uint64_t col_ok, rd_ok, wr_ok, act_ok;          /* channel-wide */
    uint64_t faw[4];
    unsigned faw_n, rr, atoms;
    uint64_t next_ref, ref_ok;
    int64_t gap[DRAM_SHORTEN_N];    /* each timing rule's gap in cycles, command to the next it
                                     * bounds (dram.test_shorten's rule one shorter): dram_new */
    int64_t bus_rd, bus_wr;         /* a RD's, a WR's command to the end of its burst (DATA_BUS) */
    dram_sched_cfg_t scfg;
    /* requests between their arrival and their scheduling, oldest first
     * (dram_sched knows them by their id only, dram_id): slots [infl_lo,
     * infl_hi) of arrays of twice the most the scheduler holds, each the
     * request, its id, its arrival cycle and read (0) or write (1); a
     * scheduled one is marked taken (INFL_TAKEN), the front advances past
     * taken slots, and the live ones move down when the taken ones
     * outnumber them (no shift of the array per request) */
    req_t *infl_r;
    uint64_t *infl_id, *infl_t;
    uint8_t *infl_w;
    unsigned infl_lo, infl_hi, infl_live, cap_infl;
    /* completed reads and forwarded stores going back: (done cycle, request), in time order */
    uint64_t *ret_t;
    req_t *ret_r;
    unsigned ret_head, ret_n, ret_cap;
    rq_t **from_l2;             /* the sub-partitions' L2 -> DRAM paths (ready in L2 cycles) */
    rq_t **to_l2;               /* their fill queues */
    usched_line_t wake;         /* the L2 slices' schedule: slice wake.base + s wakes when a line
                                   enters sub-partition s's fill queue */
    uint64_t eng_next;          /* no command can issue before this cycle unless a bank queue takes a request */
    unsigned nsub;
    dram_check_t *chk;
    dram_stats_t st;
    uint64_t busy_mask;         /* banks with a request in their command queue, bit b = bank b */
    uint64_t full_mask;         /* banks whose command queue holds dram.bank_queue requests or more */
    uint8_t grp[64];            /* each bank's bank group (dram_bank_group) */
    int sched_live;             /* dram_sched may hold requests: it must be clocked */
    uint64_t queued;            /* requests in dram_sched + bank queues + returns (idle test) */
    uint64_t busy_t;            /* bank-level parallelism counted for the cycles before this one */
};

/* The channel's parts; NULL after a message (bad configuration). `rtl`: run
 * dram_sched's Verilated RTL in lockstep with its C model. */
dram_t *dram_new(const config_t *cfg, unsigned ch, rq_t **from_l2, rq_t **to_l2, unsigned nsub,
                 const sim_blkopts_t *bo);
void dram_free(dram_t *d);
/* One DRAM command cycle. 0, or 1 after a message: a timing violation seen by
 * the checker, or a lockstep mismatch. */
int dram_cycle(dram_t *d, uint64_t now, uint64_t l2_now);
/* Nothing queued or in flight. */
static inline int dram_idle(const dram_t *d) { return d->queued == 0; }
/* After dram_cycle(now): the next cycle in which the channel can change
 * anything unless a request arrives first (gpu.c skips it until then). */
uint64_t dram_next(const dram_t *d, uint64_t now);
/* Count the cycles skipped up to DRAM cycle `now` (exclusive). */
static inline void dram_sync(dram_t *d, uint64_t now)
{
    /* the banks with a request do not change while the channel is skipped */
    if (now > d->busy_t) {
        if (d->busy_mask) {
            d->st.busy_banks_sum += (now - d->busy_t) * (unsigned)__builtin_popcountll(d->busy_mask);
            d->st.busy_cycles += now - d->busy_t;
        }
        d->busy_t = now;
    }
    d->st.cycles = now;
}

#endif
