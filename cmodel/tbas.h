/* tbas - TBAS, the thread-batch-aware warp scheduler (TEMP/TBAS paper
 * section 4, Figure 9; spec/tbas.md; docs/tbas.md).
 *
 * Warps are bound to batch slots (0..MaxBatches-1) when they launch. A slot
 * holds one thread batch from the launch that finds it empty (the batch is
 * then the youngest: its age is the order of those launches) until its last
 * warp exits. At most RunBatches batches are running; only their warps
 * issue, greedy-then-oldest (GTO: the warp issued last while it is ready,
 * else the ready warp launched first). A batch is eligible when it has live
 * warps and at least MinActive of them are active, or all of them are (so a
 * batch smaller than MinActive still runs and nothing waits forever).
 *
 * Pipeline (the RTL has the same cycles; docs/tbas.md "Pipeline"):
 *   cycle t    the snapshot: per slot, how many of its warps (after this
 *              cycle's launches and exits) are active, and whether all are,
 *              registered at the edge (the RTL counts in groups of 16 warps);
 *   cycle t+1  the eligibility: the count compared with MinActive, and
 *              whether the slot has live warps, registered at the edge;
 *   cycle t+2  the decision: demote every running batch that is not
 *              eligible or whose slot takes a new batch; promote the oldest
 *              eligible pending batches until RunBatches run; the new
 *              running set is registered at the edge;
 *   cycle t+3  the warps of that running set issue; the decision's events
 *              (promotions, demotions, reasons) are output in this cycle,
 *              with the running set they made.
 * So a warp going inactive in cycle t changes what issues from cycle t+3.
 * A launch into a slot whose warps have all exited (or exit in that cycle)
 * starts a new batch there; if the slot was running, the old batch leaves
 * the running set at the next decision (dem_empty), and the slot's warps do
 * not issue in between.
 */
#ifndef MEMSCHED_TBAS_H
#define MEMSCHED_TBAS_H

#include <stddef.h>
#include <stdint.h>

#define TBAS_MAX_WARPS   64
#define TBAS_MAX_BATCHES 16

typedef struct {
    unsigned num_warps;     /* NumWarps, 1..64 (the paper's SM: 48) */
    unsigned max_batches;   /* MaxBatches, batch slots, 1..16 (the paper: 8, one per block slot) */
    unsigned run_batches;   /* RunBatches, batches running at once, 1..MaxBatches (the paper: 1) */
} tbas_cfg_t;

typedef struct {
    uint64_t min_active;    /* MinActive, clog2(NumWarps+1) bits; static: may change only in reset */
    uint64_t launch;        /* NumWarps bits: these warps launch this cycle ... */
    uint64_t launch_batch;  /* ... into this batch slot (max(1, clog2(MaxBatches)) bits) */
    uint64_t exit;          /* NumWarps bits: these warps exit this cycle */
    uint64_t active;        /* NumWarps bits: not waiting on a long-latency load */
    uint64_t ready;         /* NumWarps bits: can issue this cycle */
} tbas_in_t;

typedef struct {
    uint64_t issue_valid, issue_warp;     /* the GTO choice among ready warps of running batches ... */
    uint64_t issue_oh;                    /* ... one-hot (0 when none) */
    uint64_t run;                         /* MaxBatches bits: the running set this cycle's issue uses */
    uint64_t prom, prom_all;              /* batches promoted into it at the last edge; ... under the all-active rule */
    uint64_t dem, dem_empty;              /* batches demoted at the last edge; ... because their warps exited */
    uint64_t act_cnt[TBAS_MAX_BATCHES];   /* the active warps per batch this cycle's decision sees */
} tbas_out_t;

typedef struct {
    tbas_cfg_t cfg;
    uint64_t mem[TBAS_MAX_BATCHES];    /* NumWarps bits each: the live warps of each slot */
    uint64_t wold[TBAS_MAX_WARPS];     /* row i, bits j > i: warp i launched before warp j */
    uint64_t bold[TBAS_MAX_BATCHES];   /* row a, bits b > a: slot a's batch is older than slot b's */
    uint64_t run;                      /* MaxBatches bits: the running set */
    uint64_t prom, prom_all, dem, dem_empty;   /* the last edge's decision (registered outputs) */
    uint64_t newb;                     /* MaxBatches bits, one-hot or 0: the slot that took a new batch last cycle */
    uint64_t last;                     /* NumWarps bits, one-hot or 0: the warp GTO issued last */
    uint64_t snap_cnt[TBAS_MAX_BATCHES];   /* the snapshot: active warps per slot ... */
    uint64_t snap_all;                     /* ... and whether all of the slot's warps were active */
    uint64_t cnt[TBAS_MAX_BATCHES];        /* the eligibility stage: the snapshot's count, ... */
    uint64_t ge;                           /* ... at least MinActive, ... */
    uint64_t ne;                           /* ... the slot had live warps, ... */
    uint64_t elig;                         /* ... eligible: ne and (ge or all active) */
} tbas_state_t;

int  tbas_init(tbas_state_t *s, const tbas_cfg_t *cfg);
void tbas_reset(tbas_state_t *s);
void tbas_eval(const tbas_state_t *s, const tbas_in_t *in, tbas_out_t *out);
void tbas_tick(tbas_state_t *s, const tbas_in_t *in);
/* The live warps: NumWarps bits, the union of the slots. */
uint64_t tbas_live(const tbas_state_t *s);

/* Event counts for the system model (from one cycle's ports, like mrpb_account). */
typedef struct {
    uint64_t cycles;
    uint64_t issued;          /* issue_valid_o */
    uint64_t idle_running;    /* no issue while some batch is running (the throttling) */
    uint64_t promotions, promotions_all, demotions, demotions_empty;
} tbas_stats_t;
void tbas_account(const tbas_cfg_t *cfg, const tbas_in_t *in, const tbas_out_t *out, tbas_stats_t *st);

/* The RTL's usage assertions (rtl/tbas.sv, `ifndef SYNTHESIS), in C, as in
 * mrpb.h: f_min_q and f_run_q are the checker's registers. */
typedef struct {
    uint64_t min;   /* f_min_q: min_active_i at the last clock */
    uint64_t run;   /* f_run_q: rst_n at the last clock */
} tbas_chk_t;

void tbas_chk_init(tbas_chk_t *c);
/* At every clock edge, reset cycles included, before tbas_tick. 0 if legal,
 * else -1 with the RTL's $error text. Evaluated only when rst_n is 1; the
 * first failing check in this order is reported:
 *   "tbas: MinActive changed out of reset"
 *   "tbas: launch into batch %0d >= MaxBatches"   launch != 0
 *   "tbas: warp %0d launched while live"          a live warp that does not exit this cycle
 *                                                 (the lowest such warp) */
int tbas_check(tbas_chk_t *c, const tbas_state_t *s, const tbas_in_t *in, int rst_n, char *msg, size_t n);

#endif
