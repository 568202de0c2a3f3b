/* pipe.h - GPGPU-Sim's issue pipeline in an SM (sm.pipeline=gpgpusim;
 * docs/sim.md "Issue pipeline"). With it a warp instruction does not execute
 * in the cycle it issues (sm.pipeline=issue) but travels as GPGPU-Sim's
 * shader core moves it:
 *
 *   fetch     one warp per SM and cycle whose 2-entry instruction buffer is
 *             empty (round-robin); decoded the next cycle, issuable the one after
 *   issue     a scheduler's pick needs a free slot in its type's ID_OC register
 *             (SP: INT, FP32, control; SFU: SFU, FP64; MEM: memory, MEMBAR);
 *             its destinations are reserved (scoreboard) until written back
 *   collect   ID_OC -> a free collector unit (sm.oc_in_T per cycle, oldest
 *             first), which reads the instruction's distinct R sources from the
 *             register banks: bank (r + warp) mod sm.reg_banks, one read per bank
 *             and cycle, the oldest collector first, none from a bank written
 *             back this cycle; a collector whose reads are done moves to OC_EX
 *             the cycle after (sm.oc_out_T per cycle, oldest first)
 *   execute   OC_EX -> a unit: SP (sm.units_sp, one each per cycle), the SFU
 *             (FP64 too: an SFU instruction holds it sm.ii_sfu cycles, an FP64
 *             one sm.ii_dp), each holding a
 *             result bus (sm.ex_wb) for its writeback cycle, latency + 2 later;
 *             MEM -> the LD/ST unit (the memory pipeline) when it is free
 *   writeback the destinations are released; a dependent instruction may issue
 *             in that cycle: an ALU chain issues every latency + 6 cycles
 *
 * Loads release their destinations when their data is back (as with
 * sm.pipeline=issue), shared-memory ones sm.lat_shmem after the LD/ST unit
 * takes them. Not modelled: the instruction cache (perfect), dual issue,
 * sub-cores, load writebacks' register-bank writes. */
#ifndef MEMSCHED_SIM_PIPE_H
#define MEMSCHED_SIM_PIPE_H

#include <stdint.h>

#include "io/config.h"
#include "workload/kernel.h"

#define PIPE_Q     8      /* the widest pipeline register (sm.id_oc_*, sm.oc_ex_*) */
#define PIPE_CU    16     /* the most collector units of a type */
#define PIPE_UNITS 8      /* the most SP units */
#define PIPE_RING  1024   /* writeback calendar: above the longest latency (SM_MAX_LAT) + 2 */

typedef struct {
    uint8_t warp;
    uint32_t inst;        /* its index in the block's instruction list */
    uint32_t rec;         /* a global load's record (sm.c) */
} pipe_ent_t;

typedef struct {
    pipe_ent_t e[PIPE_Q];
    unsigned head, n;
} pipe_q_t;

typedef struct {
    pipe_ent_t e;
    uint8_t nreg;         /* sources still to read */
    uint16_t reg[INST_MAX_SRC];
    uint64_t seq;         /* allocation order: the older collector wins a bank */
} pipe_cu_t;

typedef struct {
    pipe_q_t id_oc[PU_TYPES], oc_ex[PU_TYPES];
    pipe_cu_t cu[PU_TYPES][PIPE_CU];
    uint32_t cu_valid[PU_TYPES];    /* collectors holding an instruction (bit i: cu[t][i]) ... */
    uint32_t cu_reading[PU_TYPES];  /* ... and of them those with sources still to read */
    uint64_t need_fetch;            /* live warps whose instruction buffer is empty */
    uint64_t seq;
    uint64_t sp_free[PIPE_UNITS];   /* an SP unit takes its next instruction from this cycle */
    /* results by writeback cycle (mod PIPE_RING): their counts apart from
     * them, 1 KB read a cycle in turn (a slot of the 100 KB of entries is
     * touched only when it holds one: reading its count there cost a cache
     * miss in most SM cycles) */
    uint8_t wbn[PIPE_RING];
    pipe_ent_t wb[PIPE_RING][8];
    unsigned inflight;              /* instructions from ID_OC to writeback ... */
    unsigned nwb;                   /* ... of them in the writeback calendar */
    uint32_t bank_wr;               /* banks written back this cycle */
    int fetch_warp;                 /* fetched last cycle, decoded this one (-1: none) */
    unsigned fetch_last;            /* the warp fetched last (round-robin) */
} pipe_t;

struct sm;

/* The unit type an instruction class goes to (PU_*). */
unsigned pipe_type(unsigned cls);
/* p: all zero (in a zeroed sm_t, sm.h). */
void pipe_init(pipe_t *p);
/* Room in the ID_OC register of class cls's type. */
int  pipe_can_take(const struct sm *sm, unsigned cls);
/* Issue: warp w's instruction inst enters its ID_OC register (rec: a global load's record). */
void pipe_enter(struct sm *sm, unsigned w, uint32_t inst, uint32_t rec);
/* The cycle's stages, in GPGPU-Sim's order: writeback before the memory
 * pipeline; execute and operand collection after it; fetch after the issue. */
void pipe_writeback(struct sm *sm, uint64_t now);
void pipe_execute(struct sm *sm, uint64_t now);
void pipe_operands(struct sm *sm);
void pipe_fetch(struct sm *sm, uint64_t now);
/* Nothing in the pipeline can move before the memory pipeline frees (it is
 * idle, or refused by the L1D until a reply: sm.c decides which) or a result
 * is written back (pipe_next_wb), and no fetch is to make: the SM may sleep
 * until the earliest of those (exact: its skipped cycles would change
 * nothing here). */
int  pipe_quiet(const struct sm *sm);
/* The first cycle after `now` with a result to write back (UINT64_MAX: none). */
uint64_t pipe_next_wb(const struct sm *sm, uint64_t now);

#endif
