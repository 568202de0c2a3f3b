/* sm.h - one SM: resident thread blocks and their warps, the warp schedulers
 * (sched.c), a per-warp scoreboard from the register dests/srcs, barriers,
 * the issue of up to sm.schedulers warp instructions per cycle, the
 * coalescer (one request per 128 B line the active lanes touch), the memory
 * pipeline into the L1D (one access per cycle, a refused access retried),
 * shared memory as a fixed-latency unit. Runs in the core clock. */
#ifndef MEMSCHED_SIM_SM_H
#define MEMSCHED_SIM_SM_H

#include <stdint.h>

#include "io/config.h"
#include "io/dtrace.h"
#include "workload/kernel.h"
#include "mem/l1.h"
#include "mem/prefetch.h"
#include "mem/loadchar.h"
#include "block.h"
#include "core/sched.h"
#include "core/pipe.h"
#include "lockstep.h"
#include "mrpb.h"
#include "apres_laws.h"
#include "apres_sap.h"
#include "tbas.h"

#define SM_MAX_WARPS 64
#define MAX_LINES    64        /* requests one warp instruction may make (segments, straddling lanes) */
/* SAP's at the system's set (sched_laws.c): byte addresses below 2^49 (the traces'), Table II's
 * 10 PT entries, two quotient bits a divider cycle (docs/apres.md "SAP in the system"); a queue
 * of 8 prefetches in front of the L1D's port */
#define SIM_SAP_ADDR_W     49
#define SIM_SAP_PT         10
#define SIM_SAP_DIV_STEPS  2
#define SIM_SAP_PFQ        8

typedef struct {
    rcur_t cur;                /* its next instruction: cur.pc, the number of its execution in the block (rtb_t) */
    uint32_t done, count;      /* instructions issued, and the warp's */
    uint32_t deps_ok;          /* done + 1 when the next instruction's registers are known ready */
    uint64_t ready_at;         /* no issue before this cycle (a known result latency) */
    uint64_t age;              /* dispatch order: smaller = older (GTO) */
    uint64_t gwarp;            /* its first thread's global index / 32 (block number x warps a block + its index) */
    uint16_t nloads;           /* outstanding load instructions */
    uint16_t nstores;          /* stores and reductions not yet acknowledged (sm.store_ack) */
    uint8_t live;              /* belongs to a resident block and has not finished */
    uint8_t slot;              /* its block's slot */
    uint8_t at_bar;            /* waiting at a barrier */
    uint8_t wait_mem;          /* waiting for a register not yet written (woken by any completion of its
                                  loads, or a writeback of its instructions) */
    uint8_t ibuf;              /* sm.pipeline=gpgpusim: instructions in its buffer (fetched, decoded) ... */
    uint64_t ibuf_at;          /* ... issuable from this cycle */
    uint16_t npipe;            /* its instructions in the issue pipeline (ID_OC to writeback) */
    /* The stall classification's memo (sm.c deps_at): the latest cycle among its next
     * instruction's registers, computed at (done + 1, regver); regver counts the writes
     * to the warp's register-ready cycles (sm_regs_written) */
    uint32_t regver, dep_done, dep_ver;
    uint64_t dep_t;
} warp_t;

typedef struct {
    rtb_t tb;                  /* instructions (buffers reused across blocks) */
    uint8_t used;
    unsigned warps, live, at_bar;   /* warps reserved (ceil(threads / 32)), live, at the barrier */
    uint64_t wmask;            /* warp slots of this block */
    unsigned threads, regs, shmem;
} tbslot_t;

typedef struct {
    uint32_t pc;               /* the load's PC */
    uint8_t sched_tag;         /* the warp scheduler's own mark (laws: its group ID + 1; 0: none) */
    uint8_t seen;              /* the L1D has answered one of its lines (the prefetcher's first) */
    uint64_t addr0;            /* a global load's lowest active lane's byte address */
    uint16_t warp, ndst, pending;
    uint16_t dst[INST_MAX_DST];
    uint64_t t_issue;
} ldrec_t;


enum { SCHED_IDLE, SCHED_SCOREBOARD, SCHED_STALL, SCHED_CLASSES };

typedef struct {
    uint64_t warp_insts, thread_insts, cycles, active_cycles;
    uint64_t by_class[OP_CLASSES];
    uint64_t issue_stall_mem;     /* cycles the memory pipeline refused an instruction */
    uint64_t tbs;
    uint64_t lat_sum, lat_n, lat_max;
    uint64_t lat_hist[24];        /* memory latency (core cycles) in power-of-two buckets */
    uint64_t l1_req_lines;        /* lines coalesced (global) */
    uint64_t ld_n, ld_sum, ld_min, ld_max;   /* load instructions: issue to registers written */
    uint64_t reg_bank_conflicts;  /* sm.pipeline=gpgpusim: operand reads a bank refused */
    /* scheduler-cycles without an issue, as GPGPU-Sim classifies them (shader_cycle_distro): no
     * warp with a decoded instruction (W0_Idle); some, none past the scoreboard (W0_Scoreboard);
     * one past the scoreboard, held by a structural hazard (Stall) */
    uint64_t sched_cls[SCHED_CLASSES];
    /* sm.scheduler=laws: global loads issued, of them without a group (the WGT full); group
     * feedback by hit / miss, ignored (the block's fb_stale_o), lost (two in a cycle) */
    uint64_t laws_loads, laws_no_group, laws_fb_hit, laws_fb_miss, laws_fb_stale, laws_fb_lost;
    /* sm.scheduler=tbas: thread batches started in a slot, blocks that joined a live batch;
     * the block's promotions (under the all-active rule) and demotions (of empty slots) */
    uint64_t tbas_batches, tbas_joins, tbas_prom, tbas_prom_all, tbas_dem, tbas_dem_empty;
    /* l1.prefetch=sap: SAP's stride checks by result (apres_sap.h: a new stride, a match, a
     * matched zero stride, the same warp); grouped misses lost (the engine busy); loads lost (a
     * second first line in a cycle: expected 0); prefetches issued to the L1D port and targets
     * dropped (the demand's line, the last prefetch's line, off the address range); prefetches
     * lost to a full port queue */
    uint64_t sap_checks[4], sap_lost, sap_ld_lost, sap_prefetches, sap_target_drops, sap_queue_full;
    /* sm.scheduler=ccws: VTA hits (lost intra-warp locality); scheduler-cycles a load was held back */
    uint64_t ccws_vta_hits, ccws_held;
    /* sl1=on: S-L1's counts of the blocks this SM ran (kernel.h SL1_*) */
    uint64_t sl1[SL1_NCOUNT];
} sm_stats_t;

struct sm {
    const config_t *cfg;
    unsigned id;
    const kinfo_t *kinfo;         /* the running kernel */
    const optab_t *ops;
    warp_t warp[SM_MAX_WARPS];
    uint64_t *reg_ready;          /* [warp][REG_IDS]: cycle a register's value is available */
    tbslot_t *slot;
    uint64_t wbusy;               /* warp slots of resident blocks */
    uint64_t ready;               /* warps live, not at a barrier, not waiting for a load */
    uint64_t waitmask;            /* warps waiting for a register (warp_t.wait_mem) */
    uint64_t memnext;             /* warps whose next instruction needs the memory pipeline */
    uint64_t sched_mask[8];       /* the warp slots of each scheduler */
    unsigned nslots, used_warps, used_threads, used_regs, used_shmem, live_tbs;
    ldrec_t *rec;                 /* load records */
    uint16_t *rec_free;
    unsigned nrec_free;
    sched_t sched[8];
    const sched_ops_t *ops_sched;
    const prefetch_ops_t *pf;     /* the L1D prefetcher (l1.prefetch) and its state */
    void *pf_state;
    uint64_t age;
    /* memory pipeline: one instruction's line requests going into the L1 */
    struct {
        int busy;
        int blocked;              /* the L1 refused the current line (l1.fail_reason) ... */
        uint64_t blk_key;         /* ... with l1.st.replies at this count: no retry can succeed until it changes */
        uint8_t type;
        unsigned warp, n, next;
        uint32_t pc;              /* the instruction's PC (the schedulers' per-load feedback) */
        uint32_t rec;
        uint32_t inst;            /* the instruction's index in its block (decision traces) */
        uint64_t line[MAX_LINES]; /* its requests: a line each ... */
        uint8_t sect[MAX_LINES];  /* ... the sectors of it (req_t.sect) ... */
        uint8_t full[MAX_LINES];  /* ... and of them those written whole (req_t.full) */
    } mp;
    /* MRPB (mrpb=on): between the memory pipeline and the L1D, through the
     * lockstep object (its C model, or its RTL in lockstep with it) */
    struct {
        lockstep_t *ls;
        mrpb_in_t in;
        mrpb_out_t out;
        mrpb_stats_t st;
        unsigned n;               /* requests inside (input pipeline, queues, slot) */
        char label[32];
    } mrpb;
    /* LAWS (sm.scheduler=laws; sched_laws.c): the apres_laws block through
     * the lockstep object, and what it sees between its cycles */
    struct {
        lockstep_t *ls;
        apres_laws_in_t in;
        apres_laws_out_t out;
        int picked;               /* this cycle's ready bits went in (a pick ran) */
        int ld;                   /* a global load issued this cycle ... */
        uint32_t ld_rec;          /* ... its record */
        int fb_next;              /* the L1D answered a grouped load's first line this cycle: */
        uint64_t fb_gid, fb_hit;  /* LAWS hears it next cycle (a register between the LSU and LAWS) ... */
        unsigned fb_warp, fb_warp_in;   /* ... the load's warp (decision traces), and as LAWS hears it */
        uint32_t fb_pc, fb_pc_in;       /* ... its PC */
        int stage2;               /* a load's group is being formed (the block's second stage) */
        char label[32];
    } laws;
    /* SAP (l1.prefetch=sap, with LAWS; sched_laws.c): the apres_sap block
     * through the lockstep object, the register that brings it the L1D's
     * answer to a load's first line (the cycle LAWS hears it), and the queue
     * of its prefetches for the L1D's port */
    struct {
        lockstep_t *ls;
        apres_sap_in_t in;        /* its inputs: the register holding last cycle's first line (ld_*) */
        apres_sap_out_t out;      /* its registered outputs for this cycle (peeked after the last edge) */
        int ld_next;              /* the L1D answered a load's first line this cycle ... */
        apres_sap_in_t nx;        /* ... this (ld_*): the register's next value */
        uint64_t q[SIM_SAP_PFQ];  /* prefetch lines waiting for a cycle the L1D's port is free */
        unsigned qh, qn;
        char label[32];
    } sap;
    /* TBAS (sm.scheduler=tbas; sched_tbas.c): the tbas block through the
     * lockstep object, and the thread batches in its slots */
    struct {
        lockstep_t *ls;
        tbas_in_t in;             /* this cycle's inputs (launches and exits gather here) */
        tbas_out_t out;
        int picked;               /* this cycle's ready bits went in (a pick ran) */
        unsigned settle;          /* cycles to clock it before its state can stand still */
        uint64_t active;          /* the active bits it was last given */
        uint64_t key[TBAS_MAX_BATCHES];      /* each slot's batch: kernel << 40 | block / batch.stride */
        unsigned live[TBAS_MAX_BATCHES];     /* its live warps */
        uint8_t wslot[SM_MAX_WARPS];         /* each warp's slot */
        unsigned launch_tb;                  /* the block slot of this cycle's launch */
        int err;                             /* two blocks launched in one cycle (cannot happen) */
        char label[32];
    } tbas;
    pages_t *pages;               /* the GPU's page table (mem.page_policy; identity: no table) */
    loadchar_t *lc;               /* l1.load_stats: the GPU's characterisation of static loads (NULL: off) ... */
    int lc_kernel;                /* ... the running kernel's index in it (-1: none yet, or out of memory) */
    int l1_port;                  /* the memory pipeline (or the MRPB) used the L1D's port this cycle */
    int fail_blk;                 /* the block whose lockstep failed (sim_blk_t) when sm_cycle returns 1 */
    void *sched_state;            /* a policy's own state (sched_ops_t.open; CCWS) */
    int mq_wake;                  /* the run loop wakes this SM when the crossbar takes from its full
                                     miss queue (gpu.c: up to 64 SMs, with skipping), so it may sleep
                                     on one ... */
    int mq_sleep;                 /* ... and it does: asleep with its memory pipeline refused for a
                                     full miss queue, until the queue has room (or a reply) */
    int sched_hold;               /* the policy's hardware has work for the next cycle (LAWS: feedback
                                     registered, a group being formed): the SM does not sleep */
    uint64_t swl_mask;            /* sm.swl: the warps that may issue (the oldest N live ones) */
    dtrace_t *dt;                 /* --trace-decisions, or NULL */
    uint64_t sfu_free, dp_free;
    pipe_t pipe;                  /* sm.pipeline=gpgpusim ... */
    uint64_t issue_prio;          /* ... the first scheduler's turn: cycles run with a block resident, modulo sm.schedulers */
    uint64_t sleep_until;         /* nothing can happen before this core cycle unless a reply
                                     arrives or a block is added (gpu.c skips the SM) */
    uint64_t sleep_from;          /* asleep since this core cycle (0: awake); the skipped
                                     cycles are counted when it wakes (sm_sync) ... */
    unsigned sleep_cls[SCHED_CLASSES];   /* ... each as the cycle that planned the sleep: its
                                            schedulers by stall class */
    l1_t l1;
    sm_stats_t st;
};

/* sm: all zero (the GPU's calloc; a test's memset): sm_init does not clear
 * it, since that touched every page of its 115 KB (mostly the pipeline's
 * writeback calendar, of which a run uses a few slots), a fifth of a small
 * run's start-up. bo: how its MRPB is opened (--rtl mrpb, traces, replays;
 * mrpb=on). */
int  sm_init(sm_t *sm, const config_t *cfg, unsigned id, const sim_blkopts_t *bo);
void sm_free(sm_t *sm);
/* Room for one more block of this kernel (blocks, warps, threads, registers, shared memory). */
int  sm_can_take(const sm_t *sm, const kinfo_t *k);
/* A free block slot's buffer to fill (kernel next_tb), then sm_add_tb with it. */
rtb_t *sm_slot_buffer(sm_t *sm, unsigned *slot);
void sm_add_tb(sm_t *sm, unsigned slot, const kinfo_t *k, const optab_t *ops, uint64_t now);
/* One core cycle. The reply (if any) is a packet from the crossbar for this SM.
 * 0; 1 after a report (an MRPB lockstep mismatch); 2 after a message (an
 * address the MRPB cannot carry). */
int  sm_cycle(sm_t *sm, uint64_t now, uint64_t dram_now, const req_t *reply);
/* The first core cycle at which the SM may change (it sleeps until then):
 * its planned wake-up or the arrival of its next reply (the crossbar's
 * reply queue for it); at least now + 1. */
uint64_t sm_next(const sm_t *sm, uint64_t now, const rq_t *replies, int icnt_core_same);
static inline int sm_busy(const sm_t *sm) { return sm->live_tbs != 0; }
/* Nothing in flight: L1D and MRPB. */
static inline int sm_mem_idle(const sm_t *sm) { return l1_idle(&sm->l1) && !sm->mrpb.n; }

/* The MRPB's request fields at the system's parameter set (docs/sim.md, "MRPB"). */
#define SIM_MRPB_ADDR_W 41        /* line address bits: byte addresses below 2^48 */
#define SIM_MRPB_TAG_W  22        /* tag: request type (2 bits), sectors written whole (4), sectors (4),
                                     load record or warp (12); AddrW + TagW = 63, the FIFO's widest entry */
#define SIM_MRPB_REC_W  12        /* load records: sm.warps x sm.max_loads <= 64 x 64 */
#define SIM_MRPB_SECT_W 4
/* LAWS' parameters at the system's set (sched_laws.c): the instructions' PCs are 32 bits; the WGT
 * has APRES' Table II entries (the issue-to-execute depth) */
#define SIM_LAWS_PC_W 32
#define SIM_LAWS_WGT  3
/* For the issue pipeline (pipe.c): an instruction class's result latency;
 * the LD/ST unit takes warp w's memory instruction inst (rec: a global
 * load's record); warp w's instruction left the pipeline. */
unsigned sm_lat_of(const config_t *c, unsigned cls);
void sm_ldst_take(sm_t *sm, unsigned w, uint32_t inst, uint32_t rec, uint64_t now);
void sm_pipe_done(sm_t *sm, unsigned w);
/* Count the cycles an asleep SM skipped before core cycle `now` (it stays
 * asleep): before statistics are read. */
void sm_sync(sm_t *sm, uint64_t now);

/* A warp whose next instruction is a memory access cannot issue: the memory
 * pipeline is busy (sm.pipeline=issue) or the ID_OC_MEM register full. */
static inline int sm_mem_held(const sm_t *sm)
{
    return sm->cfg->pipeline == PIPE_GPGPUSIM ? sm->pipe.id_oc[PU_MEM].n >= sm->cfg->id_oc[PU_MEM] : sm->mp.busy != 0;
}
int sm_can_issue_inst(sm_t *sm, unsigned w, uint64_t now);
/* Can warp w issue its next instruction now? (Dependences, units, the memory
 * pipeline.) 0 if not, and why is remembered in the warp so that it is
 * skipped cheaply until then. Inline: the schedulers ask it of warp after
 * warp, and most answers are the first tests' (sm_can_issue_inst, kept
 * apart, has the rest). */
static inline int sm_can_issue(sm_t *sm, unsigned w, uint64_t now)
{
    const warp_t *wp = &sm->warp[w];
    if (!(sm->ready >> w & 1 & sm->swl_mask >> w) || wp->ready_at > now || (sm->memnext >> w & 1 && sm_mem_held(sm)))
        return 0;
    if (sm->cfg->pipeline == PIPE_GPGPUSIM && (!wp->ibuf || wp->ibuf_at > now))   /* nothing decoded to issue */
        return 0;
    return sm_can_issue_inst(sm, w, now);
}
/* The access in the memory pipeline was refused by the L1D (a full miss
 * queue, MSHRs, a reserved line): the warps of memnext wait for memory. */
int  sm_mem_refused(const sm_t *sm);
/* The coalescer: the requests (line[], sect[], full[]; their count returned)
 * of a warp instruction's k accesses of width bytes at addr (sm.coalesce;
 * docs/sim.md "Coalescer"). spans 0: lane by lane even when the lanes form a
 * dense span (the general case, for tests/unit/test_sm.c). */
unsigned sm_coalesce(const config_t *c, const sinst_t *in, unsigned width, unsigned k, const uint64_t *addr,
                     uint64_t *line, uint8_t *sect, uint8_t *full, int spans);
/* The same for lanes that form a dense span: ascending, a load's at most 32
 * bytes apart, a store's at most width, the first at a0, the last at a1 (the
 * last byte a1 + width - 1 below 2^64). The lanes then touch every 32 B
 * quarter of [a0, a1 + width - 1] (a store every byte), and that interval
 * alone gives the requests. 0 if they would be more than MAX_LINES. */
unsigned sm_coalesce_span(const config_t *c, const sinst_t *in, unsigned width, uint64_t a0, uint64_t a1,
                          uint64_t *line, uint8_t *sect, uint8_t *full);


/* Warp w's register-ready cycles (sm_t.reg_ready) were written: its memo is stale. */
static inline void sm_regs_written(sm_t *sm, unsigned w) { sm->warp[w].regver++; }

#endif
