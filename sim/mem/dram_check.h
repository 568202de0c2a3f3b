/* dram_check.h - an independent GDDR5 timing-legality checker for one DRAM
 * channel's command stream.
 *
 * Written from the rules in dram_timing.h alone and sharing no code with the
 * command engine (dram.c), so that a misreading in one shows up as a
 * disagreement with the other. It looks back: every command is compared with
 * the last commands it can conflict with (per bank, per bank group, channel
 * wide, and the last four ACTs for tFAW), O(1) per command.
 *
 * Example (the thesis' GDDR5 table, channel 2): ACT bank 4 at 1200, ACT bank 5
 * row 17 at 1206, RD bank 4 at 1232, RD bank 5 row 17 at 1234 gives
 *   "dram ch2: cycle 1234: RD bank 5 row 17: tCCDL: 2 cycles after RD bank 4 at cycle 1232, needs 3"
 *
 * Readings of the table (the rules themselves are in dram_timing.h):
 *   - tCCDS applies between any two column commands of the channel, tCCDL in
 *     addition within a bank group (as GPGPU-Sim: a channel-wide tCCD counter
 *     and a per-group tCCDL counter).
 *   - tFAW: the fifth ACT needs more than tFAW cycles after the first, as the
 *     table says ("span > tFAW").
 *   - The first refresh interval starts at cycle 0. A late refresh is reported
 *     once per interval: by the first command (or dck_finish) after the
 *     deadline, whichever comes first.
 *   - A REF when tREFI is 0 is reported: the table models no refresh then.
 *   - The data bus: the checker keeps the end of the latest burst (a RD's
 *     tCL + tBURST, a WR's tWL + tBURST after its command) and names "data
 *     bus" when a burst would start before it. Between bursts of different
 *     kinds the turnaround rules are stricter and are named first.
 *   - A command that breaks several rules is reported once, naming the first
 *     broken in this order: cycle going backwards, two commands in one cycle,
 *     state, the command's timing rules (per bank, per group, channel wide,
 *     data bus, tFAW, tRFC), refresh interval.
 *
 * Cycles are DRAM command-clock cycles below 2^62.
 */
#ifndef MEMSCHED_SIM_DRAM_CHECK_H
#define MEMSCHED_SIM_DRAM_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "mem/dram_timing.h"

typedef struct dram_check dram_check_t;

/* A checker for channel `channel` (a number for messages only) obeying a copy
 * of *t, every bank closed, no command yet. NULL after a message on stderr
 * when the table is unusable (nbk or nbkgrp 0, nbk % nbkgrp, data_cmd_ratio
 * 0) or memory runs out. */
dram_check_t *dck_new(const dram_timing_t *t, unsigned channel);

/* Frees c (NULL is fine). */
void dck_free(dram_check_t *c);

/* One command issued on the channel's command bus at DRAM command cycle
 * `cycle` (non-decreasing across calls). `row` is the row for ACT/RD/WR
 * (ignored for PRE/REF, and `bank` is ignored for REF). Returns 0 if legal;
 * 1 if it breaks a rule, with a one-line message in msg (at most n bytes,
 * NUL-terminated; msg may be NULL when n is 0) naming the channel, cycle,
 * command, bank, row, the constraint broken (its name in dram_timing.h),
 * the earlier command it conflicts with and the cycles needed vs. actual.
 * The checker's state is updated with the command even when it is illegal,
 * adopting the bank state the command implies (a RD/WR of a closed bank or
 * another row leaves the bank open on the RD/WR's row; a REF closes every
 * bank), so one violation is reported once. A bank >= nbk or an unknown
 * command is reported and otherwise ignored. */
int dck_command(dram_check_t *c, uint64_t cycle, dram_cmd_t cmd, unsigned bank, unsigned row,
                char *msg, size_t n);

/* End of run at cycle `cycle` (>= the last command's): when tREFI > 0, the
 * refresh must not be overdue (cycle - last REF, or cycle 0, <= 9 * tREFI)
 * unless already reported for this interval. 0, or 1 with a message as
 * dck_command's. */
int dck_finish(dram_check_t *c, uint64_t cycle, char *msg, size_t n);

/* The number of dck_command calls so far (the commands checked). */
uint64_t dck_commands(const dram_check_t *c);

#endif
