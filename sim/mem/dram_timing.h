/* dram_timing.h - the GDDR5 timing table: what the command engine (dram.c)
 * obeys and the independent legality checker (dram_check.c) checks. Both
 * read only this table; they share no other code.
 *
 * All values are in DRAM command-clock cycles. One command per cycle on a
 * channel's command bus. Bank b belongs to bank group b / (nbk / nbkgrp).
 * tBURST = BL / data_cmd_ratio is the cycles one burst holds the data bus.
 *
 * The rules, "X -> Y >= n" meaning command Y may issue n or more cycles after X:
 *   ACT b -> RD/WR b           >= tRCD
 *   ACT b -> PRE b             >= tRAS
 *   PRE b -> ACT b             >= tRP
 *   ACT b -> ACT b             >= tRC
 *   ACT b -> ACT b' (b' != b)  >= tRRD
 *   RD/WR -> RD/WR (any banks) >= tCCDS; within a bank group also >= tCCDL
 *   RD -> WR (any banks)       >= tCL + tBURST + tRTRS - tWL   (read-to-write bus turnaround)
 *   WR -> RD (any banks)       >= tWL + tBURST + tCDLR         (write-to-read; one rule within and
 *                                 across bank groups: the table has no long/short tWTR)
 *   data bus: a RD's burst holds the channel's data bus from tCL after it, a
 *   WR's from tWL after it, for tBURST cycles; a burst starts no earlier than
 *   the end of every burst before it (bursts in command order, no overlap).
 *   Between a read and a write burst the turnaround above leaves tRTRS
 *   more; after a write burst the write-to-read rule leaves tCDLR + tCL.
 *   WR b -> PRE b              >= tWL + tBURST + tWR           (write recovery)
 *   RD b -> PRE b              >= tBURST
 *   RD (group g) -> PRE (group g) >= tRTPL
 *   ACT -> the fourth ACT after it >= tFAW (at most four ACTs in any tFAW window), when tFAW > 0
 *   refresh (tREFI > 0): REF needs every bank precharged and >= tRP after the
 *   last PRE; REF -> ACT >= tRFC; tRFC <= REF -> REF <= 9 * tREFI (8 postponed).
 * States: ACT needs its bank closed; RD/WR need their bank open on their row;
 * PRE needs its bank open.
 */
#ifndef MEMSCHED_SIM_DRAM_TIMING_H
#define MEMSCHED_SIM_DRAM_TIMING_H

typedef struct {
    unsigned nbk, nbkgrp;           /* banks per channel, bank groups (nbk % nbkgrp == 0) */
    unsigned tRCD, tRAS, tRP, tRC, tRRD;
    unsigned tCCDS, tCCDL;          /* column to column: across / within a bank group */
    unsigned tCL, tWL, tCDLR, tWR, tRTPL;
    unsigned tRTRS;                 /* extra read-to-write turnaround gap (GPGPU-Sim: 2) */
    unsigned BL, data_cmd_ratio;    /* burst length; data-bus transfers per command cycle */
    unsigned tFAW;                  /* 0: not modelled (GPGPU-Sim) */
    unsigned tREFI, tRFC;           /* tREFI 0: no refresh (GPGPU-Sim) */
} dram_timing_t;

typedef enum { DCMD_ACT, DCMD_PRE, DCMD_RD, DCMD_WR, DCMD_REF } dram_cmd_t;

static inline unsigned dram_tburst(const dram_timing_t *t) { return t->BL / t->data_cmd_ratio; }
static inline unsigned dram_bank_group(const dram_timing_t *t, unsigned bank)
{
    return bank / (t->nbk / t->nbkgrp);
}

#endif
