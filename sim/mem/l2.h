/* l2.h - one L2 sub-partition (slice): sets x ways, LRU, write-back with
 * write-allocate, MSHRs (entries x merges) whose merge lengths are recorded,
 * a miss queue, the L2 -> DRAM path (a fixed latency), and beside the MSHRs
 * the mib_l2 block (its C model, or its RTL, through the lockstep object)
 * when a MIB policy (mshr-m, mshr-s, mshr-s+a) is selected: its dummies go
 * ahead of the miss queue. Runs in the L2 clock; one request from the
 * crossbar and one DRAM fill per cycle. */
#ifndef MEMSCHED_SIM_L2_H
#define MEMSCHED_SIM_L2_H

#include "mem/cache.h"
#include "io/config.h"
#include "block.h"
#include "lockstep.h"
#include "mem/queue.h"
#include "mib_l2.h"
#include "usched.h"

#define L2_MERGE_HIST 17   /* merge lengths 1..16 (index = length) */

typedef struct {
    cache_stats_t c;
    uint64_t merge_hist[L2_MERGE_HIST];   /* released MSHR entries by merge length */
    uint64_t merge_cycles[L2_MERGE_HIST]; /* entry-cycles at each current length */
    uint64_t max_merge_cycles[L2_MERGE_HIST]; /* L2 cycles by the largest live merge length (0: no
                                             live entry): the thesis' Figure 5.2 */
    uint64_t merges[2][2];                /* merges [read 0, write 1][an earlier request of the
                                             entry from the same SM 0, from other SMs only 1] */
    uint64_t cycles;
    uint64_t memcpy_lines;                /* lines l2.memcpy_fill put in */
    uint64_t sector_misses;               /* a sectored L2: misses of a sector of a line that is there */
    mib_l2_stats_t mib;
} l2_stats_t;

typedef struct {
    const config_t *cfg;
    unsigned id;              /* global sub-partition index */
    uint64_t sub_bits;        /* the line-index bits that chose the sub-partition (dram_sub_bits) */
    tags_t tags;
    mshr_t mshr;
    req_t *wreq;              /* the requests waiting on each MSHR entry: entry * merge + k */
    rq_t *in;                 /* crossbar ejection buffer (ready in icnt cycles; not owned) */
    rq_t mq;                  /* miss queue: reads and write-backs for the DRAM */
    rq_t rop;                 /* requests on their way to the tags: the access latency (ready = L2 cycle) */
    rq_t reply;               /* replies for the crossbar (ready = L2 cycle) */
    rq_t to_dram;             /* the L2 -> DRAM path (ready = L2 cycle) */
    rq_t fill;                /* lines back from the DRAM (ready = L2 cycle) */
    lockstep_t *mib;          /* NULL unless a MIB policy */
    char label[32];           /* its name in reports */
    mib_l2_in_t min;
    mib_l2_out_t mout;
    unsigned live_len[L2_MERGE_HIST];   /* live MSHR entries by current merge length */
    uint32_t len_mask;        /* bit k: live_len[k] > 0 */
    uint64_t mc_at;           /* merge_cycles counted up to this L2 cycle (exclusive) */
    usched_line_t dram_wake;  /* the DRAM channels' schedule: channel dram_wake.base runs, at the
                                 latest, at the first DRAM edge a request entering to_dram is ready */
    int fill_m;               /* the MSHR entry being answered (-1: none) */
    unsigned fill_k;          /* its replies already sent */
    int fill_dirty;           /* an atomic among them */
    cline_t *fill_line;
    uint64_t fill_addr;       /* its line address */
    uint8_t fill_bit;         /* a sectored L2: the sector it fills */
    uint8_t sub_left;         /* a sectored L2: the head request's sectors still to look up (0: none begun) */
    l2_stats_t st;
} l2_t;

/* rtl_mib: run mib_l2's RTL in lockstep with its C model. 0, or -1 after a message. */
int  l2_init(l2_t *l, const config_t *cfg, unsigned id, rq_t *in, const sim_blkopts_t *bo);
void l2_free(l2_t *l);
/* One L2 cycle. 0, or 1 after a lockstep report. */
int  l2_cycle(l2_t *l, uint64_t now, uint64_t icnt_now, uint64_t dram_now);
/* After l2_cycle(now): the first L2 cycle in which a cycle could change
 * anything, unless a request or a fill arrives first (gpu.c skips the slice
 * until then). icnt_same: the crossbar clock is the L2 clock (the input's
 * ready times are then L2 cycles). */
uint64_t l2_next(const l2_t *l, uint64_t now, int icnt_same);
/* Count the statistics of the cycles skipped up to L2 cycle `now` (exclusive). */
void l2_sync(l2_t *l, uint64_t now);
int  l2_idle(const l2_t *l);
/* The set of a line of channel block address blk (req_t.blk): its
 * partition-local line address (blk without the bits that chose the
 * sub-partition) through l2.index. */
unsigned l2_line_set(const l2_t *l, uint64_t blk);
/* l2.memcpy_fill: line r (mapped to this slice) as a MemcpyHtoD leaves it,
 * the way GPGPU-Sim's -gpgpu_perf_sim_memcpy forces the tag: allocated
 * without a fetch (its victim replaced without a write-back), valid, dirty.
 * A line being fetched is left alone. */
void l2_memcpy_line(l2_t *l, const req_t *r);

#endif
