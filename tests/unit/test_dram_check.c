/* test_dram_check.c - unit tests of the GDDR5 timing-legality checker
 * (sim/dram_check.h) against the rules of sim/dram_timing.h.
 *
 * The default table is the thesis' GDDR5 (Hynix H5GQ1H24AFR, GPGPU-Sim's
 * GTX480 timing): 16 banks in 4 groups, tRCD=12 tRAS=28 tRP=12 tRC=40 tRRD=6
 * tCCDS=2 tCCDL=3 tCL=12 tWL=4 tCDLR=5 tWR=12 tRTPL=2 tRTRS=2, BL=8 at 4 per
 * command cycle (tBURST 2), no tFAW, no refresh; t_ref adds tFAW=23,
 * tREFI=3900, tRFC=100. Derived bounds: read-to-write 12+2+2-4 = 12,
 * write-to-read 4+2+5 = 11, write recovery 4+2+12 = 18, refresh interval
 * 9*3900 = 35100.
 *
 * For every rule a sequence is legal with its last command exactly at the
 * bound and fails, naming the rule, one cycle inside it. Where two rules of
 * the default table share a bound (tRC = tRAS + tRP, tRTPL = tBURST, tFAW vs
 * tRRD) the test changes one value so that only the rule under test binds.
 * The random tests drive the checker with streams from a small forward
 * ("earliest cycle each command may issue") scheduler written here from the
 * table, independent of the checker's look-back records. DCK_SEED=n sets the
 * seed; DCK_N=n the commands per random stream.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "mem/dram_check.h"

static const dram_timing_t T_GDDR5 = {
    .nbk = 16, .nbkgrp = 4, .tRCD = 12, .tRAS = 28, .tRP = 12, .tRC = 40, .tRRD = 6,
    .tCCDS = 2, .tCCDL = 3, .tCL = 12, .tWL = 4, .tCDLR = 5, .tWR = 12, .tRTPL = 2,
    .tRTRS = 2, .BL = 8, .data_cmd_ratio = 4, .tFAW = 0, .tREFI = 0, .tRFC = 0,
};

static dram_timing_t t_ref(void)
{
    dram_timing_t t = T_GDDR5;
    t.tFAW = 23, t.tREFI = 3900, t.tRFC = 100;
    return t;
}

/* For the random streams: the thesis' tFAW never binds (4 * tRRD = 24 >
 * 23), so a table where it does, with 2 groups of 4, a burst longer than
 * tCCDS and tCCDL (the data bus binds), tRTPL above tBURST's... and a short
 * refresh interval. */
static dram_timing_t t_stress(void)
{
    dram_timing_t t = T_GDDR5;
    t.nbk = 8, t.nbkgrp = 2, t.tRRD = 3, t.tFAW = 30, t.tRTPL = 5, t.BL = 16, t.tCCDL = 4, t.tCCDS = 3;
    t.tREFI = 500, t.tRFC = 60;
    return t;
}

typedef struct {
    uint64_t cycle;
    dram_cmd_t cmd;
    unsigned bank, row;
} cmd_t;

#define ACT(c, b, r) {c, DCMD_ACT, b, r}
#define PRE(c, b) {c, DCMD_PRE, b, 0}
#define RD(c, b, r) {c, DCMD_RD, b, r}
#define WR(c, b, r) {c, DCMD_WR, b, r}
#define REF(c) {c, DCMD_REF, 0, 0}
#define LEN(a) (sizeof(a) / sizeof(a)[0])

/* Runs seq on a fresh checker: every command but the last must be legal;
 * returns the last one's result, its message in msg. */
static int run(const dram_timing_t *t, const cmd_t *seq, size_t n, char *msg, size_t len)
{
    dram_check_t *c = dck_new(t, 0);
    assert_non_null(c);
    msg[0] = 0;
    for (size_t i = 0; i + 1 < n; i++)
        if (dck_command(c, seq[i].cycle, seq[i].cmd, seq[i].bank, seq[i].row, msg, len))
            fail_msg("command %zu of the prefix is illegal: %s", i, msg);
    int r = dck_command(c, seq[n - 1].cycle, seq[n - 1].cmd, seq[n - 1].bank, seq[n - 1].row, msg, len);
    assert_int_equal(dck_commands(c), n);
    dck_free(c);
    return r;
}

/* Fails unless msg names `rule` as the constraint (": rule:" after the
 * command, or ": rule" ending the message). */
static void names(const char *msg, const char *rule)
{
    char want[96];
    snprintf(want, sizeof want, ": %s", rule);
    const char *p = strstr(msg, want);
    if (!p || (p[strlen(want)] != ':' && p[strlen(want)] != 0))
        fail_msg("expected %s, got \"%s\"", rule, msg);
}

/* Runs seq on a fresh checker expecting results[i] ('0' legal, '1' illegal)
 * for command i; the last illegal command's message in msg. */
static void expect(int line, const dram_timing_t *t, const cmd_t *seq, size_t n, const char *results, char *msg,
                   size_t len)
{
    char m[256];
    assert_int_equal(strlen(results), n);
    dram_check_t *c = dck_new(t, 0);
    assert_non_null(c);
    for (size_t i = 0; i < n; i++) {
        int r = dck_command(c, seq[i].cycle, seq[i].cmd, seq[i].bank, seq[i].row, m, sizeof m);
        if (r != results[i] - '0')
            fail_msg("line %d: command %zu: expected %s, got %s", line, i, results[i] == '1' ? "a violation" : "legal",
                     r ? m : "legal");
        if (r)
            snprintf(msg, len, "%s", m);
    }
    dck_free(c);
}

#define EXPECT(t, results, ...)                                  \
    do {                                                         \
        cmd_t s_[] = {__VA_ARGS__};                              \
        char m_[256];                                            \
        expect(__LINE__, t, s_, LEN(s_), results, m_, sizeof m_); \
    } while (0)

/* A lower bound: seq's last command is legal at cycle `at`, illegal naming
 * `rule` at at - 1 (the last element's cycle is overwritten). */
static void lower(const dram_timing_t *t, cmd_t *seq, size_t n, uint64_t at, const char *rule)
{
    char msg[256];
    seq[n - 1].cycle = at;
    if (run(t, seq, n, msg, sizeof msg))
        fail_msg("%s: legal at the bound %llu, got \"%s\"", rule, (unsigned long long)at, msg);
    seq[n - 1].cycle = at - 1;
    if (!run(t, seq, n, msg, sizeof msg))
        fail_msg("%s: not reported one cycle early (%llu)", rule, (unsigned long long)(at - 1));
    names(msg, rule);
}

#define LOWER(t, at, rule, ...)                      \
    do {                                             \
        cmd_t s_[] = {__VA_ARGS__};                  \
        lower(t, s_, LEN(s_), at, rule);             \
    } while (0)

/* Expects seq's last command to be illegal, naming rule; returns the message. */
static void illegal(const dram_timing_t *t, const cmd_t *seq, size_t n, const char *rule, char *msg, size_t len)
{
    if (!run(t, seq, n, msg, len))
        fail_msg("%s: not reported", rule);
    names(msg, rule);
}

#define ILLEGAL(t, rule, ...)                                \
    do {                                                     \
        cmd_t s_[] = {__VA_ARGS__};                          \
        char m_[256];                                        \
        illegal(t, s_, LEN(s_), rule, m_, sizeof m_);        \
    } while (0)

#define LEGAL(t, ...)                                                 \
    do {                                                              \
        cmd_t s_[] = {__VA_ARGS__};                                   \
        char m_[256];                                                 \
        if (run(t, s_, LEN(s_), m_, sizeof m_))                       \
            fail_msg("expected legal, got \"%s\"", m_);               \
    } while (0)

/* ---- one test per rule: legal at the bound, illegal one cycle inside ---- */

static void rule_tRCD(void **unused)
{
    (void)unused;
    LOWER(&T_GDDR5, 12, "tRCD", ACT(0, 0, 1), RD(0, 0, 1));
    LOWER(&T_GDDR5, 12, "tRCD", ACT(0, 0, 1), WR(0, 0, 1));
    /* The bank's own ACT counts, not another bank's. */
    LOWER(&T_GDDR5, 18, "tRCD", ACT(0, 0, 1), ACT(6, 1, 1), RD(12, 0, 1), RD(0, 1, 1));
}

static void rule_tRAS(void **unused)
{
    (void)unused;
    LOWER(&T_GDDR5, 28, "tRAS", ACT(0, 0, 1), PRE(0, 0));
}

static void rule_tRP(void **unused)
{
    (void)unused;
    /* PRE late enough that tRC (40 after the ACT) is met before tRP is. */
    LOWER(&T_GDDR5, 42, "tRP", ACT(0, 0, 1), PRE(30, 0), ACT(0, 0, 2));
}

static void rule_tRC(void **unused)
{
    (void)unused;
    dram_timing_t t = T_GDDR5;
    t.tRC = 45;  /* the thesis' tRC is exactly tRAS + tRP: make it the only binding rule */
    LOWER(&t, 45, "tRC", ACT(0, 0, 1), PRE(28, 0), ACT(0, 0, 2));
}

static void rule_tRRD(void **unused)
{
    (void)unused;
    LOWER(&T_GDDR5, 6, "tRRD", ACT(0, 0, 1), ACT(0, 1, 1));
    LOWER(&T_GDDR5, 6, "tRRD", ACT(0, 0, 1), ACT(0, 8, 1));  /* across groups too */
    /* tRRD is between different banks: the same bank's ACTs are tRC's ... */
    dram_timing_t t = T_GDDR5;
    t.tRAS = 1, t.tRP = 1, t.tRC = 2, t.tRCD = 1;
    LEGAL(&t, ACT(0, 0, 1), PRE(1, 0), ACT(2, 0, 2));
    /* ... but an ACT right after its own bank's still counts from the last
     * ACT of another bank (reachable only after an earlier violation). */
    EXPECT(&t, "01000", ACT(0, 1, 1), ACT(2, 0, 1), PRE(3, 0), ACT(6, 0, 2), PRE(7, 0));
    EXPECT(&t, "01001", ACT(0, 1, 1), ACT(2, 0, 1), PRE(3, 0), ACT(6, 0, 2), ACT(7, 2, 1));
    EXPECT(&t, "010", ACT(0, 1, 1), ACT(2, 0, 1), PRE(3, 0));
    {
        cmd_t s[] = {ACT(0, 1, 1), ACT(2, 0, 1), PRE(3, 0), ACT(5, 0, 2)};
        char m[256];
        expect(__LINE__, &t, s, LEN(s), "0101", m, sizeof m);
        names(m, "tRRD");
        assert_non_null(strstr(m, "5 cycles after ACT bank 1 at cycle 0, needs 6"));
    }
}

static void rule_tCCDL(void **unused)
{
    (void)unused;
    /* Banks 4 and 5 share group 1. */
    LOWER(&T_GDDR5, 21, "tCCDL", ACT(0, 4, 1), ACT(6, 5, 1), RD(18, 4, 1), RD(0, 5, 1));
    LOWER(&T_GDDR5, 21, "tCCDL", ACT(0, 4, 1), ACT(6, 5, 1), WR(18, 4, 1), WR(0, 5, 1));
    LOWER(&T_GDDR5, 15, "tCCDL", ACT(0, 4, 1), RD(12, 4, 1), RD(0, 4, 1));  /* same bank */
}

static void rule_tCCDS(void **unused)
{
    (void)unused;
    /* Banks 0 (group 0) and 4 (group 1). */
    LOWER(&T_GDDR5, 20, "tCCDS", ACT(0, 0, 1), ACT(6, 4, 1), RD(18, 0, 1), RD(0, 4, 1));
    LOWER(&T_GDDR5, 20, "tCCDS", ACT(0, 0, 1), ACT(6, 4, 1), WR(18, 0, 1), WR(0, 4, 1));
    /* The last column command of the channel counts, whichever group it was in. */
    LOWER(&T_GDDR5, 35, "tCCDS", ACT(0, 0, 1), ACT(6, 4, 1), ACT(12, 8, 1), RD(30, 0, 1), RD(33, 4, 1),
          RD(0, 8, 1));
    /* Reading (see dram_check.h): tCCDS holds within a group too, so with
     * tCCDL < tCCDS it is tCCDS that binds there. */
    dram_timing_t t = T_GDDR5;
    t.tCCDL = 1;
    LOWER(&t, 20, "tCCDS", ACT(0, 0, 1), ACT(6, 1, 1), RD(18, 0, 1), RD(0, 1, 1));
}

static void rule_read_to_write(void **unused)
{
    (void)unused;
    LOWER(&T_GDDR5, 30, "read-to-write turnaround", ACT(0, 0, 1), ACT(6, 4, 1), RD(18, 0, 1), WR(0, 4, 1));
    LOWER(&T_GDDR5, 30, "read-to-write turnaround", ACT(0, 0, 1), RD(18, 0, 1), WR(0, 0, 1));
    LOWER(&T_GDDR5, 30, "read-to-write turnaround", ACT(0, 0, 1), ACT(6, 1, 1), RD(18, 0, 1), WR(0, 1, 1));
    /* A write latency longer than the read's: the turnaround gives no
     * constraint (12+2+2-20 < 0), tCCDS still holds. */
    dram_timing_t t = T_GDDR5;
    t.tWL = 20;
    LOWER(&t, 20, "tCCDS", ACT(0, 0, 1), ACT(6, 4, 1), RD(18, 0, 1), WR(0, 4, 1));
}

static void rule_write_to_read(void **unused)
{
    (void)unused;
    LOWER(&T_GDDR5, 29, "write-to-read (tCDLR)", ACT(0, 0, 1), ACT(6, 4, 1), WR(18, 0, 1), RD(0, 4, 1));
    LOWER(&T_GDDR5, 29, "write-to-read (tCDLR)", ACT(0, 0, 1), WR(18, 0, 1), RD(0, 0, 1));
    /* Within a bank group (banks 0 and 1) the same bound: the table has one
     * write-to-read (no long tWTR), so the group adds nothing. */
    LOWER(&T_GDDR5, 29, "write-to-read (tCDLR)", ACT(0, 0, 1), ACT(6, 1, 1), WR(18, 0, 1), RD(0, 1, 1));
}

/* The data bus: a burst (RD: tCL after it, WR: tWL, for tBURST) starts when
 * the one before has ended. With BL 16 (tBURST 4) it binds above tCCDS (2)
 * and tCCDL (3). */
static void rule_data_bus(void **unused)
{
    (void)unused;
    dram_timing_t t = T_GDDR5;
    t.BL = 16;
    /* Across groups (banks 0 and 4) and within one (banks 0 and 1), reads and writes. */
    LOWER(&t, 22, "data bus", ACT(0, 0, 1), ACT(6, 4, 1), RD(18, 0, 1), RD(0, 4, 1));
    LOWER(&t, 22, "data bus", ACT(0, 0, 1), ACT(6, 1, 1), RD(18, 0, 1), RD(0, 1, 1));
    LOWER(&t, 22, "data bus", ACT(0, 0, 1), ACT(6, 4, 1), WR(18, 0, 1), WR(0, 4, 1));
    LOWER(&t, 16, "data bus", ACT(0, 0, 1), RD(12, 0, 1), RD(0, 0, 1));  /* same bank */
    /* Back to back: RD 30 then RD 34 hold the bus to 34 + 12 + 4; bank 0's
     * tCCDL (33) and tCCDS (36) are met before. */
    LOWER(&t, 38, "data bus", ACT(0, 0, 1), ACT(6, 4, 1), RD(30, 0, 1), RD(34, 4, 1), RD(0, 0, 1));
    /* Reads and writes: the turnarounds leave tRTRS (read to write) and
     * tCDLR + tCL (write to read) more than the bus needs, and are named. */
    LOWER(&t, 32, "read-to-write turnaround", ACT(0, 0, 1), ACT(6, 4, 1), RD(18, 0, 1), WR(0, 4, 1));
    LOWER(&t, 31, "write-to-read (tCDLR)", ACT(0, 0, 1), ACT(6, 4, 1), WR(18, 0, 1), RD(0, 4, 1));
    /* The message names the burst it would overlap. */
    char msg[256];
    cmd_t m[] = {ACT(0, 0, 1), ACT(6, 4, 1), RD(18, 0, 1), RD(21, 4, 1)};
    illegal(&t, m, LEN(m), "data bus", msg, sizeof msg);
    assert_string_equal(msg, "dram ch0: cycle 21: RD bank 4 row 1: data bus: 3 cycles after RD bank 0 at cycle 18, needs 4");
    /* With tBURST 2 (the thesis' table) tCCDS spaces the bursts: the bus never binds. */
    LOWER(&T_GDDR5, 20, "tCCDS", ACT(0, 0, 1), ACT(6, 4, 1), RD(18, 0, 1), RD(0, 4, 1));
}

static void rule_write_recovery(void **unused)
{
    (void)unused;
    LOWER(&T_GDDR5, 30, "write recovery (tWR)", ACT(0, 0, 1), WR(12, 0, 1), PRE(0, 0));
    /* Only the bank's own write: a write to bank 1 does not delay PRE 0. */
    LEGAL(&T_GDDR5, ACT(0, 0, 1), ACT(6, 1, 1), WR(18, 1, 1), PRE(28, 0));
}

static void rule_tburst_read_to_pre(void **unused)
{
    (void)unused;
    dram_timing_t t = T_GDDR5;
    t.tRTPL = 0;  /* the thesis' tRTPL equals tBURST: let tBURST alone bind */
    LOWER(&t, 32, "tBURST read-to-precharge", ACT(0, 0, 1), RD(30, 0, 1), PRE(0, 0));
    t.BL = 16;  /* tBURST 4 */
    LOWER(&t, 34, "tBURST read-to-precharge", ACT(0, 0, 1), RD(30, 0, 1), PRE(0, 0));
}

static void rule_tRTPL(void **unused)
{
    (void)unused;
    /* RD on bank 0, PRE on bank 1 of the same group: tBURST does not apply. */
    LOWER(&T_GDDR5, 42, "tRTPL", ACT(0, 0, 1), ACT(6, 1, 1), RD(40, 0, 1), PRE(0, 1));
    /* Across groups nothing binds. */
    LEGAL(&T_GDDR5, ACT(0, 0, 1), ACT(6, 4, 1), RD(40, 0, 1), PRE(41, 4));
}

static void rule_tFAW(void **unused)
{
    (void)unused;
    dram_timing_t t = t_ref();
    t.tRRD = 5;  /* four ACTs in 15 cycles; the fifth binds on tFAW, not tRRD */
    /* The table: at most four ACTs in any tFAW window: the fifth at 0 + 23. */
    LOWER(&t, 23, "tFAW", ACT(0, 0, 1), ACT(5, 1, 1), ACT(10, 2, 1), ACT(15, 3, 1), ACT(0, 4, 1));
    /* The window slides: the sixth is checked against the second. */
    LOWER(&t, 33, "tFAW", ACT(0, 0, 1), ACT(10, 1, 1), ACT(15, 2, 1), ACT(20, 3, 1), ACT(25, 4, 1), ACT(0, 5, 1));
    /* With tFAW 0 (the default table) there is no limit. */
    LEGAL(&T_GDDR5, ACT(0, 0, 1), ACT(6, 1, 1), ACT(12, 2, 1), ACT(18, 3, 1), ACT(24, 4, 1), ACT(30, 5, 1));
}

static void rule_tRFC(void **unused)
{
    (void)unused;
    dram_timing_t t = t_ref();
    LOWER(&t, 100, "tRFC", REF(0), ACT(0, 0, 1));
    LOWER(&t, 200, "tRFC", REF(100), ACT(0, 9, 1));
}

static void rule_ref_tRP(void **unused)
{
    (void)unused;
    dram_timing_t t = t_ref();
    LOWER(&t, 40, "tRP", ACT(0, 0, 1), PRE(28, 0), REF(0));
    /* The last PRE of any bank. */
    LOWER(&t, 46, "tRP", ACT(0, 0, 1), ACT(6, 5, 1), PRE(28, 0), PRE(34, 5), REF(0));
}

static void rule_refresh_interval(void **unused)
{
    (void)unused;
    dram_timing_t t = t_ref();
    char msg[256];
    /* REF -> REF <= 9 * tREFI: legal at 35100 after, reported at 35101. */
    LEGAL(&t, REF(10), REF(35110));
    ILLEGAL(&t, "refresh interval", REF(10), REF(35111));
    /* The first interval runs from cycle 0. */
    LEGAL(&t, REF(35100));
    {
        cmd_t s[] = {REF(35101)};
        illegal(&t, s, 1, "refresh interval", msg, sizeof msg);
        assert_non_null(strstr(msg, "35101 cycles after start of run at cycle 0, needs at most 35100"));
    }
    /* Reported by the first command after the deadline, once per interval. */
    dram_check_t *c = dck_new(&t, 3);
    assert_non_null(c);
    assert_int_equal(dck_command(c, 35101, DCMD_ACT, 0, 1, msg, sizeof msg), 1);
    names(msg, "refresh interval");
    assert_int_equal(dck_command(c, 35200, DCMD_PRE, 0, 0, msg, sizeof msg), 0);
    assert_int_equal(dck_finish(c, 36000, msg, sizeof msg), 0);
    assert_int_equal(dck_command(c, 36000, DCMD_REF, 0, 0, msg, sizeof msg), 0);  /* late, already reported */
    /* The next interval starts at the REF: the end of run checks it. */
    assert_int_equal(dck_finish(c, 36000 + 35100, msg, sizeof msg), 0);
    assert_int_equal(dck_finish(c, 36000 + 35101, msg, sizeof msg), 1);
    names(msg, "refresh interval");
    assert_non_null(strstr(msg, "dram ch3: cycle 71101: end of run: refresh interval:"));
    assert_int_equal(dck_finish(c, 36000 + 35102, msg, sizeof msg), 0);  /* reported once */
    dck_free(c);
    /* dck_finish alone, no command. */
    c = dck_new(&t, 0);
    assert_int_equal(dck_finish(c, 35100, msg, sizeof msg), 0);
    assert_int_equal(dck_finish(c, 35101, msg, sizeof msg), 1);
    dck_free(c);
    /* No refresh modelled: no deadline. */
    c = dck_new(&T_GDDR5, 0);
    assert_int_equal(dck_command(c, 1000000, DCMD_ACT, 0, 1, msg, sizeof msg), 0);
    assert_int_equal(dck_finish(c, 100000000, msg, sizeof msg), 0);
    dck_free(c);
}

/* REF -> REF >= tRFC: a refresh may not start while the last one runs. */
static void rule_ref_to_ref(void **unused)
{
    (void)unused;
    dram_timing_t t = t_ref();
    LOWER(&t, 100, "REF-to-REF (tRFC)", REF(0), REF(0));
    LOWER(&t, 150, "REF-to-REF (tRFC)", REF(50), REF(0));
    char msg[256];
    cmd_t s[] = {REF(7), REF(106)};
    illegal(&t, s, LEN(s), "REF-to-REF (tRFC)", msg, sizeof msg);
    assert_string_equal(msg, "dram ch0: cycle 106: REF: REF-to-REF (tRFC): 99 cycles after REF at cycle 7, needs 100");
    /* tRFC 0: back to back. */
    t.tRFC = 0;
    LEGAL(&t, REF(0), REF(1));
}

/* ---- states, command-bus rules, messages ---- */

static void state_violations(void **unused)
{
    (void)unused;
    char msg[256];
    dram_timing_t tr = t_ref();
    ILLEGAL(&T_GDDR5, "state: bank open", ACT(0, 0, 1), ACT(100, 0, 2));
    ILLEGAL(&T_GDDR5, "state: bank open", ACT(0, 0, 1), ACT(100, 0, 1));  /* same row: still open */
    ILLEGAL(&T_GDDR5, "state: bank closed", RD(0, 0, 1));
    ILLEGAL(&T_GDDR5, "state: bank closed", WR(0, 3, 1));
    ILLEGAL(&T_GDDR5, "state: bank closed", ACT(0, 0, 1), PRE(28, 0), RD(100, 0, 1));
    ILLEGAL(&T_GDDR5, "state: wrong row", ACT(0, 0, 1), RD(12, 0, 2));
    ILLEGAL(&T_GDDR5, "state: wrong row", ACT(0, 0, 1), WR(12, 0, 2));
    ILLEGAL(&T_GDDR5, "state: bank closed", PRE(0, 0));
    ILLEGAL(&T_GDDR5, "state: bank closed", ACT(0, 0, 1), PRE(28, 0), PRE(40, 0));
    ILLEGAL(&tr, "state: bank open", ACT(0, 0, 1), REF(100));
    ILLEGAL(&tr, "state: bank closed", ACT(0, 0, 1), PRE(28, 0), REF(40), RD(200, 0, 1));
    /* The messages name what the bank met. */
    cmd_t a[] = {ACT(0, 0, 1), PRE(28, 0), RD(100, 0, 1)};
    illegal(&T_GDDR5, a, LEN(a), "state: bank closed", msg, sizeof msg);
    assert_string_equal(msg, "dram ch0: cycle 100: RD bank 0 row 1: state: bank closed: closed by PRE bank 0 at cycle 28");
    cmd_t b[] = {ACT(5, 7, 3), RD(40, 7, 4)};
    illegal(&T_GDDR5, b, LEN(b), "state: wrong row", msg, sizeof msg);
    assert_string_equal(msg, "dram ch0: cycle 40: RD bank 7 row 4: state: wrong row: open on row 3 since ACT bank 7 at cycle 5");
    cmd_t c[] = {RD(9, 2, 1)};
    illegal(&T_GDDR5, c, LEN(c), "state: bank closed", msg, sizeof msg);
    assert_string_equal(msg, "dram ch0: cycle 9: RD bank 2 row 1: state: bank closed: never opened");
    cmd_t d[] = {ACT(0, 2, 1), ACT(6, 9, 4), REF(100)};
    illegal(&tr, d, LEN(d), "state: bank open", msg, sizeof msg);
    assert_string_equal(msg, "dram ch0: cycle 100: REF: state: bank open: 2 banks open, bank 2 on row 1 since ACT bank 2 at cycle 0");
}

static void bus_one_per_cycle(void **unused)
{
    (void)unused;
    char msg[256];
    ILLEGAL(&T_GDDR5, "two commands in one cycle", ACT(5, 0, 1), ACT(5, 4, 1));
    ILLEGAL(&T_GDDR5, "two commands in one cycle", ACT(0, 0, 1), RD(20, 0, 1), PRE(20, 4));
    cmd_t s[] = {ACT(10, 0, 1), ACT(5, 4, 1)};
    illegal(&T_GDDR5, s, LEN(s), "cycle going backwards", msg, sizeof msg);
    assert_string_equal(msg, "dram ch0: cycle 5: ACT bank 4 row 1: cycle going backwards: 5 cycles before ACT bank 0 at cycle 10");
    /* The end of run cannot be before the last command either. */
    dram_check_t *c = dck_new(&T_GDDR5, 0);
    assert_int_equal(dck_command(c, 10, DCMD_ACT, 0, 1, msg, sizeof msg), 0);
    assert_int_equal(dck_finish(c, 9, msg, sizeof msg), 1);
    names(msg, "cycle going backwards");
    assert_int_equal(dck_finish(c, 10, msg, sizeof msg), 0);
    dck_free(c);
}

/* The state takes the illegal command, so its consequences are not reported again. */
static void reported_once(void **unused)
{
    (void)unused;
    dram_timing_t tr = t_ref();
    /* RD of a closed bank: the bank is taken as open on that row. */
    EXPECT(&T_GDDR5, "0100", ACT(0, 4, 1), RD(1, 0, 5), RD(10, 0, 5), PRE(20, 0));
    /* RD of another row: open on the RD's row from then. */
    EXPECT(&T_GDDR5, "0100", ACT(0, 0, 1), RD(12, 0, 2), RD(15, 0, 2), PRE(30, 0));
    /* ACT of an open bank: open on the new row from then. */
    EXPECT(&T_GDDR5, "010", ACT(0, 0, 1), ACT(50, 0, 2), RD(62, 0, 2));
    /* PRE of a closed bank: still closed, and tRP runs from it. */
    EXPECT(&T_GDDR5, "00100", ACT(0, 0, 1), PRE(28, 0), PRE(40, 0), ACT(52, 0, 1), ACT(58, 1, 1));
    EXPECT(&T_GDDR5, "0011", ACT(0, 0, 1), PRE(28, 0), PRE(40, 0), ACT(51, 0, 1));
    /* REF with a bank open: every bank closed after it. */
    EXPECT(&tr, "010", ACT(0, 0, 1), REF(100), ACT(200, 0, 1));
    /* Two commands in one cycle: both count. */
    EXPECT(&T_GDDR5, "010", ACT(5, 0, 1), ACT(5, 4, 1), ACT(11, 8, 1));
    /* A timing violation: the later commands are timed from it. */
    EXPECT(&T_GDDR5, "010", ACT(0, 0, 1), RD(11, 0, 1), RD(14, 0, 1));
    EXPECT(&T_GDDR5, "011", ACT(0, 0, 1), RD(11, 0, 1), RD(13, 0, 1));
    /* Cycle going backwards: later commands are timed from the new cycle. */
    EXPECT(&T_GDDR5, "0100", ACT(100, 0, 1), ACT(50, 4, 1), ACT(56, 8, 1), ACT(62, 9, 1));
}

static void message_format(void **unused)
{
    (void)unused;
    char msg[256];
    dram_check_t *c = dck_new(&T_GDDR5, 2);
    assert_int_equal(dck_command(c, 1200, DCMD_ACT, 4, 3, msg, sizeof msg), 0);
    assert_int_equal(dck_command(c, 1206, DCMD_ACT, 5, 17, msg, sizeof msg), 0);
    assert_int_equal(dck_command(c, 1232, DCMD_RD, 4, 3, msg, sizeof msg), 0);
    assert_int_equal(dck_command(c, 1234, DCMD_RD, 5, 17, msg, sizeof msg), 1);
    assert_string_equal(msg, "dram ch2: cycle 1234: RD bank 5 row 17: tCCDL: 2 cycles after RD bank 4 at cycle 1232, needs 3");
    /* Truncated messages stay terminated; NULL/0 is allowed. */
    char small[16];
    assert_int_equal(dck_command(c, 1235, DCMD_RD, 5, 17, small, sizeof small), 1);
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_int_equal(dck_command(c, 1236, DCMD_PRE, 5, 0, NULL, 0), 1);
    assert_int_equal(dck_commands(c), 6);
    dck_free(c);
    /* tFAW and tRFC name the command they count from. */
    dram_timing_t t = t_ref();
    t.tRRD = 5;
    cmd_t f[] = {ACT(0, 0, 1), ACT(5, 1, 1), ACT(10, 2, 1), ACT(15, 3, 1), ACT(22, 4, 1)};
    illegal(&t, f, LEN(f), "tFAW", msg, sizeof msg);
    assert_string_equal(msg, "dram ch0: cycle 22: ACT bank 4 row 1: tFAW: fifth ACT 22 cycles after ACT bank 0 at cycle 0, needs 23");
    cmd_t r[] = {REF(7), ACT(106, 3, 1)};
    illegal(&t, r, LEN(r), "tRFC", msg, sizeof msg);
    assert_string_equal(msg, "dram ch0: cycle 106: ACT bank 3 row 1: tRFC: 99 cycles after REF at cycle 7, needs 100");
}

static void bad_input(void **unused)
{
    (void)unused;
    dram_timing_t t = T_GDDR5;
    t.nbkgrp = 3;
    assert_null(dck_new(&t, 0));  /* 16 % 3 */
    t = T_GDDR5, t.nbkgrp = 0;
    assert_null(dck_new(&t, 0));
    t = T_GDDR5, t.nbk = 0;
    assert_null(dck_new(&t, 0));
    t = T_GDDR5, t.data_cmd_ratio = 0;
    assert_null(dck_new(&t, 0));
    assert_null(dck_new(NULL, 0));
    dck_free(NULL);
    /* One group (GPGPU-Sim without bank groups) is fine. */
    t = T_GDDR5, t.nbkgrp = 1, t.tCCDL = 0, t.tRTPL = 0;
    dram_check_t *c = dck_new(&t, 0);
    assert_non_null(c);
    dck_free(c);
    char msg[256];
    ILLEGAL(&T_GDDR5, "bank out of range", ACT(0, 16, 1));
    ILLEGAL(&T_GDDR5, "unknown command", {0, (dram_cmd_t)7, 0, 0});
    /* A REF when the table models no refresh. */
    ILLEGAL(&T_GDDR5, "REF with refresh off (tREFI 0)", REF(5));
    /* An out-of-range bank is not applied: bank 0 is still closed. */
    c = dck_new(&T_GDDR5, 0);
    assert_int_equal(dck_command(c, 0, DCMD_ACT, 99, 1, msg, sizeof msg), 1);
    assert_int_equal(dck_command(c, 0, DCMD_ACT, 0, 1, msg, sizeof msg), 0);
    dck_free(c);
}

/* ---- random streams from an independent forward scheduler ---- */

/* The scheduler keeps, for every command it might issue, the earliest cycle
 * the table allows it (engine style: bounds pushed forward at each issue),
 * where the checker looks back at records. */
typedef struct {
    dram_timing_t t;
    uint64_t rng;
    int64_t now;  /* the last issue cycle; -1 before the first */
    struct {
        int open;
        unsigned row;
        int64_t act, pre, col;  /* earliest ACT, PRE, RD/WR of this bank */
    } bk[64];
    int64_t grp_col[16], grp_pre[16];  /* tCCDL, tRTPL */
    int64_t rd, wr;                    /* earliest RD / WR on the channel */
    int64_t ref;                       /* earliest REF: tRP after the last PRE, tRFC after the last REF */
    int64_t faw[4];                    /* last four ACTs, oldest at faw[fawi] */
    unsigned fawi, nact;
    int64_t last_ref, ref_due;
} gen_t;

static uint64_t rnd(gen_t *g)
{
    /* xorshift64* */
    g->rng ^= g->rng >> 12, g->rng ^= g->rng << 25, g->rng ^= g->rng >> 27;
    return g->rng * 2685821657736338717ull;
}

static int64_t max64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

static void gen_init(gen_t *g, const dram_timing_t *t, uint64_t seed)
{
    memset(g, 0, sizeof *g);
    g->t = *t;
    g->rng = seed * 0x9e3779b97f4a7c15ull + 1;
    g->now = -1;
    g->ref_due = t->tREFI + (int64_t)(rnd(g) % (t->tREFI + 1));
}

/* The earliest legal cycle for cmd on bank b (its state must allow it). */
static int64_t earliest(const gen_t *g, dram_cmd_t cmd, unsigned b)
{
    const dram_timing_t *t = &g->t;
    unsigned grp = b / (t->nbk / t->nbkgrp);
    int64_t e = g->now + 1;
    switch (cmd) {
    case DCMD_ACT:
        e = max64(e, g->bk[b].act);
        if (t->tFAW && g->nact >= 4)
            e = max64(e, g->faw[g->fawi] + t->tFAW);
        break;
    case DCMD_PRE:
        e = max64(e, max64(g->bk[b].pre, g->grp_pre[grp]));
        break;
    case DCMD_RD:
    case DCMD_WR:
        e = max64(e, max64(g->bk[b].col, g->grp_col[grp]));
        e = max64(e, cmd == DCMD_RD ? g->rd : g->wr);
        break;
    case DCMD_REF:
        e = max64(e, g->ref);
        break;
    }
    return e;
}

/* Issue cmd at cycle at: push every bound it starts. */
static void gen_issue(gen_t *g, dram_cmd_t cmd, unsigned b, unsigned row, int64_t at)
{
    const dram_timing_t *t = &g->t;
    unsigned grp = b / (t->nbk / t->nbkgrp);
    int64_t burst = t->BL / t->data_cmd_ratio;
    g->now = at;
    switch (cmd) {
    case DCMD_ACT:
        g->bk[b].open = 1, g->bk[b].row = row;
        g->bk[b].col = max64(g->bk[b].col, at + t->tRCD);
        g->bk[b].pre = max64(g->bk[b].pre, at + t->tRAS);
        g->bk[b].act = max64(g->bk[b].act, at + t->tRC);
        for (unsigned o = 0; o < t->nbk; o++)
            if (o != b)
                g->bk[o].act = max64(g->bk[o].act, at + t->tRRD);
        g->faw[g->fawi] = at, g->fawi = (g->fawi + 1) % 4, g->nact++;
        break;
    case DCMD_PRE:
        g->bk[b].open = 0;
        g->bk[b].act = max64(g->bk[b].act, at + t->tRP);
        g->ref = max64(g->ref, at + t->tRP);
        break;
    case DCMD_RD:
        g->grp_col[grp] = max64(g->grp_col[grp], at + t->tCCDL);
        /* tCCDS; the data bus (the next read burst after this one); the turnaround */
        g->rd = max64(g->rd, max64(at + t->tCCDS, at + burst));
        g->wr = max64(g->wr, max64(at + t->tCCDS, at + t->tCL + burst + t->tRTRS - t->tWL));
        g->bk[b].pre = max64(g->bk[b].pre, at + burst);
        g->grp_pre[grp] = max64(g->grp_pre[grp], at + t->tRTPL);
        break;
    case DCMD_WR:
        g->grp_col[grp] = max64(g->grp_col[grp], at + t->tCCDL);
        g->wr = max64(g->wr, max64(at + t->tCCDS, at + burst));
        g->rd = max64(g->rd, max64(at + t->tCCDS, at + t->tWL + burst + t->tCDLR));
        g->bk[b].pre = max64(g->bk[b].pre, at + t->tWL + burst + t->tWR);
        break;
    case DCMD_REF:
        for (unsigned o = 0; o < t->nbk; o++)
            g->bk[o].act = max64(g->bk[o].act, at + t->tRFC);
        g->ref = max64(g->ref, at + t->tRFC);
        g->last_ref = at;
        g->ref_due = at + t->tREFI + (int64_t)(rnd(g) % (t->tREFI + 1));
        break;
    }
}

/* Chooses the next command (a random bank's natural next step, or the
 * refresh drain when due), its earliest cycle in *e. */
static cmd_t gen_next(gen_t *g, int64_t *e)
{
    const dram_timing_t *t = &g->t;
    cmd_t c = {0, DCMD_REF, 0, 0};
    if (t->tREFI && g->now >= g->ref_due) {
        unsigned s = (unsigned)(rnd(g) % t->nbk);
        for (unsigned i = 0; i < t->nbk; i++)
            if (g->bk[(s + i) % t->nbk].open) {
                c = (cmd_t){0, DCMD_PRE, (s + i) % t->nbk, 0};
                break;
            }
    } else {
        unsigned b = (unsigned)(rnd(g) % t->nbk);
        unsigned r = (unsigned)(rnd(g) % 8);
        if (!g->bk[b].open)
            c = (cmd_t){0, DCMD_ACT, b, (unsigned)(rnd(g) % 4096)};
        else if (r < 6)  /* mostly row hits: long column streams, turnarounds */
            c = (cmd_t){0, rnd(g) % 3 ? DCMD_RD : DCMD_WR, b, g->bk[b].row};
        else
            c = (cmd_t){0, DCMD_PRE, b, 0};
    }
    *e = earliest(g, c.cmd, c.bank);
    return c;
}

/* A delay after the earliest cycle: half the time none (at the bound exactly). */
static int64_t slack(gen_t *g)
{
    uint64_t r = rnd(g) % 1024;
    return r < 512 ? 0 : r < 1000 ? (int64_t)(r % 6) : (int64_t)(r % 300);
}

static uint64_t seed_from_env(void)
{
    const char *s = getenv("DCK_SEED");
    return s ? strtoull(s, NULL, 0) : 1;
}

static size_t n_from_env(void)
{
    const char *s = getenv("DCK_N");
    return s ? (size_t)strtoull(s, NULL, 0) : 1000000;
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A legal stream of n commands: no violation, and the checker's speed. */
static void random_legal(const dram_timing_t *t, const char *name)
{
    uint64_t seed = seed_from_env();
    size_t n = n_from_env();
    gen_t *g = malloc(sizeof *g);
    cmd_t *s = malloc(n * sizeof *s);
    assert_non_null(g);
    assert_non_null(s);
    gen_init(g, t, seed);
    size_t tight = 0, refs = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t e;
        s[i] = gen_next(g, &e);
        int64_t d = slack(g);
        tight += d == 0 && e > g->now + 1;  /* issued exactly at a timing bound */
        refs += s[i].cmd == DCMD_REF;
        s[i].cycle = (uint64_t)(e + d);
        gen_issue(g, s[i].cmd, s[i].bank, s[i].row, e + d);
    }
    char msg[256];
    dram_check_t *c = dck_new(t, 1);
    assert_non_null(c);
    double t0 = seconds();
    for (size_t i = 0; i < n; i++)
        if (dck_command(c, s[i].cycle, s[i].cmd, s[i].bank, s[i].row, msg, sizeof msg))
            fail_msg("%s seed %llu command %zu: %s", name, (unsigned long long)seed, i, msg);
    if (dck_finish(c, s[n - 1].cycle, msg, sizeof msg))
        fail_msg("%s seed %llu: %s", name, (unsigned long long)seed, msg);
    double dt = seconds() - t0;
    assert_int_equal(dck_commands(c), n);
    print_message("dram_check %s: seed %llu: %zu legal commands over %llu cycles (%zu at a bound, %zu REF), "
                  "0 violations, %.3f s, %.1f M commands/s\n",
                  name, (unsigned long long)seed, n, (unsigned long long)s[n - 1].cycle, tight, refs, dt,
                  n / dt / 1e6);
    assert_true(tight > n / 4);  /* the stream tests the bounds, not just slack */
    dck_free(c);
    free(s);
    free(g);
}

static void random_legal_gddr5(void **unused)
{
    (void)unused;
    random_legal(&T_GDDR5, "GDDR5");
}

static void random_legal_faw_refresh(void **unused)
{
    (void)unused;
    dram_timing_t t = t_ref();
    random_legal(&t, "GDDR5+tFAW+refresh");
    t = t_stress();
    random_legal(&t, "stress");
}

/* The same streams with, now and then, a command one cycle before its
 * earliest legal cycle: the checker must report each (its bounds are not
 * looser than the table), and only those. */
static void random_injected(const dram_timing_t *t, const char *name)
{
    uint64_t seed = seed_from_env() + 1000;
    size_t n = n_from_env() / 4;
    gen_t *g = malloc(sizeof *g);
    assert_non_null(g);
    gen_init(g, t, seed);
    dram_check_t *c = dck_new(t, 0);
    assert_non_null(c);
    char msg[256];
    size_t injected = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t e;
        cmd_t x = gen_next(g, &e);
        int early = e - 1 > g->now && rnd(g) % 64 == 0;  /* e came from a timing bound */
        int64_t at = early ? e - 1 : e + slack(g);
        int r = dck_command(c, (uint64_t)at, x.cmd, x.bank, x.row, msg, sizeof msg);
        if (r != early)
            fail_msg("%s seed %llu command %zu (%d %u %u at %lld, earliest %lld): %s", name, (unsigned long long)seed,
                     i, (int)x.cmd, x.bank, x.row, (long long)at, (long long)e, r ? msg : "not reported");
        if (early && (strstr(msg, ": state") || strstr(msg, "backwards") || strstr(msg, "two commands") ||
                      strstr(msg, "refresh interval")))
            fail_msg("%s: an early command reported as \"%s\"", name, msg);
        injected += early;
        gen_issue(g, x.cmd, x.bank, x.row, at);
    }
    print_message("dram_check %s: seed %llu: %zu commands, %zu one cycle early, each reported\n", name,
                  (unsigned long long)seed, n, injected);
    assert_true(injected > n / 200);
    dck_free(c);
    free(g);
}

static void random_injected_gddr5(void **unused)
{
    (void)unused;
    random_injected(&T_GDDR5, "GDDR5");
}

static void random_injected_faw_refresh(void **unused)
{
    (void)unused;
    dram_timing_t t = t_ref();
    random_injected(&t, "GDDR5+tFAW+refresh");
    t = t_stress();
    random_injected(&t, "stress");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_tRCD),
        cmocka_unit_test(rule_tRAS),
        cmocka_unit_test(rule_tRP),
        cmocka_unit_test(rule_tRC),
        cmocka_unit_test(rule_tRRD),
        cmocka_unit_test(rule_tCCDL),
        cmocka_unit_test(rule_tCCDS),
        cmocka_unit_test(rule_read_to_write),
        cmocka_unit_test(rule_write_to_read),
        cmocka_unit_test(rule_data_bus),
        cmocka_unit_test(rule_write_recovery),
        cmocka_unit_test(rule_tburst_read_to_pre),
        cmocka_unit_test(rule_tRTPL),
        cmocka_unit_test(rule_tFAW),
        cmocka_unit_test(rule_tRFC),
        cmocka_unit_test(rule_ref_tRP),
        cmocka_unit_test(rule_refresh_interval),
        cmocka_unit_test(rule_ref_to_ref),
        cmocka_unit_test(state_violations),
        cmocka_unit_test(bus_one_per_cycle),
        cmocka_unit_test(reported_once),
        cmocka_unit_test(message_format),
        cmocka_unit_test(bad_input),
        cmocka_unit_test(random_legal_gddr5),
        cmocka_unit_test(random_legal_faw_refresh),
        cmocka_unit_test(random_injected_gddr5),
        cmocka_unit_test(random_injected_faw_refresh),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
