/* test_checks.c - the C models' usage checks (X_check) against the RTL's
 * usage assertions (the `ifndef SYNTHESIS blocks of rtl/fifo.sv, mrpb.sv,
 * dram_sched.sv, mib_l2.sv).
 *
 * For each block: a legal sequence passes; each assertion fires with the
 * RTL's exact $error text in a constructed cycle; nothing fires while rst_n
 * is 0; the f_*_q registers follow the RTL (they sample every clock, so a
 * mode change during reset or in the first cycle after it is legal); and
 * when several assertions fail in one cycle the first in source order is
 * reported. Every expected value is read off the RTL, not the model.
 *
 * Each block's sequence starts like the lockstep engine: X_chk_init stands
 * for the power-on reset clock, then cycle 0 runs with rst_n = 1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "dram_sched.h"
#include "fifo.h"
#include "mib_l2.h"
#include "mrpb.h"

/* One check: its return value and message (empty when legal). */
#define EXPECT_OK(call)                                                                                               \
    do {                                                                                                              \
        msg[0] = '\0';                                                                                                \
        assert_int_equal((call), 0);                                                                                  \
        assert_string_equal(msg, "");                                                                                 \
    } while (0)
#define EXPECT_FAIL(call, text)                                                                                       \
    do {                                                                                                              \
        msg[0] = '\0';                                                                                                \
        assert_int_equal((call), -1);                                                                                 \
        assert_string_equal(msg, (text));                                                                             \
    } while (0)

/* --- fifo ------------------------------------------------------------------------ */

static void fifo_checks(void **unused)
{
    (void)unused;
    char msg[128];
    fifo_state_t s;
    fifo_cfg_t cfg = {2, 8};
    fifo_chk_t c;
    assert_int_equal(fifo_init(&s, &cfg), 0);
    fifo_reset(&s);
    fifo_chk_init(&c);

    const fifo_in_t push = {1, 0xA, 0}, pop = {0, 0, 1}, both = {1, 0xB, 1}, idle = {0, 0, 0};
    /* Legal: fill, push and pop together, empty. */
    const fifo_in_t legal[] = {push, push, pop, both, pop, idle};
    for (unsigned k = 0; k < sizeof legal / sizeof legal[0]; k++) {
        EXPECT_OK(fifo_check(&c, &s, &legal[k], 1, msg, sizeof msg));
        fifo_tick(&s, &legal[k]);
    }
    /* Empty: pop fires, and so does a pop with a push (the push does not make room for it). */
    EXPECT_FAIL(fifo_check(&c, &s, &pop, 1, msg, sizeof msg), "fifo: pop when empty");
    EXPECT_FAIL(fifo_check(&c, &s, &both, 1, msg, sizeof msg), "fifo: pop when empty");
    EXPECT_OK(fifo_check(&c, &s, &pop, 0, msg, sizeof msg));  /* in reset: not checked */
    fifo_tick(&s, &push);
    fifo_tick(&s, &push);
    /* Full: push fires, also with a pop in the same cycle (freed space is not reused). */
    EXPECT_FAIL(fifo_check(&c, &s, &push, 1, msg, sizeof msg), "fifo: push when full");
    EXPECT_FAIL(fifo_check(&c, &s, &both, 1, msg, sizeof msg), "fifo: push when full");
    EXPECT_OK(fifo_check(&c, &s, &push, 0, msg, sizeof msg));
    EXPECT_OK(fifo_check(&c, &s, &pop, 1, msg, sizeof msg));
    /* Only bit 0 of push_i and pop_i is the port. */
    const fifo_in_t wide = {2, 0, 2};
    EXPECT_OK(fifo_check(&c, &s, &wide, 1, msg, sizeof msg));
    /* No message buffer. */
    assert_int_equal(fifo_check(&c, &s, &push, 1, NULL, 0), -1);
}

/* --- mrpb ------------------------------------------------------------------------- */

static mrpb_in_t mrpb_modes(unsigned sig, unsigned pol, unsigned greedy, unsigned flush, unsigned byp,
                            unsigned reorder)
{
    mrpb_in_t in = {0};
    in.signature = sig, in.policy = pol, in.greedy = greedy, in.flush = flush, in.bypass = byp;
    in.reorder = reorder;
    return in;
}

static mrpb_state_t *new_mrpb(unsigned nq)
{
    mrpb_state_t *s = malloc(sizeof *s);
    mrpb_cfg_t cfg = {nq, 4, 2, 8, 4};
    assert_non_null(s);
    assert_int_equal(mrpb_init(s, &cfg), 0);
    return s;
}

static void mrpb_legal(void **unused)
{
    (void)unused;
    char msg[128];
    mrpb_state_t *s = new_mrpb(8);
    mrpb_chk_t c;
    mrpb_chk_init(&c);
    /* Modes held from reset on; requests of every queue, writes, refusals. */
    mrpb_in_t in = mrpb_modes(MRPB_SIG_WARP, MRPB_POL_LONGEST, 1, 1, MRPB_BYP_ASSOC, 1);
    for (unsigned k = 0; k < 40; k++) {
        in.in_valid = k % 3 != 2;
        in.in_write = k % 7 == 6;
        in.in_warp = k % 8;
        in.in_block = 7;      /* not the selected field: not checked */
        in.in_inblock = 31;
        in.in_addr = k;
        in.l1_ready = k % 4 == 0;
        in.l1_stall_assoc = k % 2;
        in.byp_ready = k % 5 == 0;
        EXPECT_OK(mrpb_check(&c, s, &in, 1, msg, sizeof msg));
        mrpb_tick(s, &in);
    }
    free(s);
}

static void mrpb_mode_3(void **unused)
{
    (void)unused;
    char msg[128];
    mrpb_state_t *s = new_mrpb(8);
    const mrpb_in_t bad[] = {
        mrpb_modes(3, 0, 0, 0, 0, 1),
        mrpb_modes(0, 3, 0, 0, 0, 1),
        mrpb_modes(0, 0, 0, 0, 3, 1),
        mrpb_modes(7, 0, 0, 0, 0, 1),  /* 2-bit ports: 7 is 3 */
    };
    for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        mrpb_chk_t c;
        mrpb_chk_init(&c);
        EXPECT_FAIL(mrpb_check(&c, s, &bad[k], 1, msg, sizeof msg), "mrpb: mode value 3 is not defined");
        EXPECT_OK(mrpb_check(&c, s, &bad[k], 0, msg, sizeof msg));   /* in reset: not checked */
    }
    /* 2-bit ports: 4 is 0, 6 is 2 (defined). */
    mrpb_chk_t c;
    mrpb_chk_init(&c);
    mrpb_in_t wide = mrpb_modes(4, 6, 0, 0, 5, 1);
    EXPECT_OK(mrpb_check(&c, s, &wide, 1, msg, sizeof msg));
    free(s);
}

/* f_run_q and f_mode_q sample every clock: the mode-change assertion compares
 * with the last clock's modes only when that clock was out of reset. */
static void mrpb_mode_change(void **unused)
{
    (void)unused;
    char msg[128];
    mrpb_state_t *s = new_mrpb(8);
    const mrpb_in_t a = mrpb_modes(0, 0, 0, 0, 0, 1), b = mrpb_modes(1, 2, 1, 1, 2, 0);
    mrpb_chk_t c;

    /* After the power-on reset clock, cycle 0 may show other modes than the reset clock did. */
    mrpb_chk_init(&c);
    EXPECT_OK(mrpb_check(&c, s, &b, 1, msg, sizeof msg));    /* cycle 0: f_run_q = 0 */
    EXPECT_OK(mrpb_check(&c, s, &b, 1, msg, sizeof msg));    /* cycle 1: same modes */
    EXPECT_FAIL(mrpb_check(&c, s, &a, 1, msg, sizeof msg), "mrpb: a mode changed out of reset");
    /* The registers took a in the failing cycle: a again is legal, b is a change. */
    EXPECT_OK(mrpb_check(&c, s, &a, 1, msg, sizeof msg));
    EXPECT_FAIL(mrpb_check(&c, s, &b, 1, msg, sizeof msg), "mrpb: a mode changed out of reset");

    /* A change during reset, and in the first cycle after it, is legal. */
    EXPECT_OK(mrpb_check(&c, s, &a, 0, msg, sizeof msg));    /* reset, modes a */
    EXPECT_OK(mrpb_check(&c, s, &b, 0, msg, sizeof msg));    /* reset, modes b */
    EXPECT_OK(mrpb_check(&c, s, &a, 1, msg, sizeof msg));    /* first cycle after: f_run_q = 0 */
    EXPECT_OK(mrpb_check(&c, s, &a, 1, msg, sizeof msg));
    EXPECT_FAIL(mrpb_check(&c, s, &b, 1, msg, sizeof msg), "mrpb: a mode changed out of reset");

    /* Each mode bit on its own is a change. */
    const mrpb_in_t one[] = {
        mrpb_modes(1, 0, 0, 0, 0, 1), mrpb_modes(2, 0, 0, 0, 0, 1), mrpb_modes(0, 1, 0, 0, 0, 1),
        mrpb_modes(0, 2, 0, 0, 0, 1), mrpb_modes(0, 0, 1, 0, 0, 1), mrpb_modes(0, 0, 0, 1, 0, 1),
        mrpb_modes(0, 0, 0, 0, 1, 1), mrpb_modes(0, 0, 0, 0, 2, 1), mrpb_modes(0, 0, 0, 0, 0, 0),
    };
    for (unsigned k = 0; k < sizeof one / sizeof one[0]; k++) {
        mrpb_chk_init(&c);
        EXPECT_OK(mrpb_check(&c, s, &a, 1, msg, sizeof msg));
        EXPECT_FAIL(mrpb_check(&c, s, &one[k], 1, msg, sizeof msg), "mrpb: a mode changed out of reset");
    }
    /* Bits above a port's width are not part of the mode. */
    mrpb_chk_init(&c);
    EXPECT_OK(mrpb_check(&c, s, &a, 1, msg, sizeof msg));
    mrpb_in_t wide = mrpb_modes(4, 4, 2, 2, 4, 3);
    EXPECT_OK(mrpb_check(&c, s, &wide, 1, msg, sizeof msg));
    /* The request fields are not modes. */
    mrpb_in_t req = a;
    req.in_valid = 1, req.in_write = 1, req.in_warp = 5, req.l1_ready = 1;
    EXPECT_OK(mrpb_check(&c, s, &req, 1, msg, sizeof msg));
    free(s);
}

static void mrpb_signature_range(void **unused)
{
    (void)unused;
    char msg[128];
    mrpb_state_t *s = new_mrpb(8);
    mrpb_chk_t c;
    mrpb_chk_init(&c);
    mrpb_in_t in = mrpb_modes(MRPB_SIG_WARP, 0, 0, 0, 0, 1);
    in.in_valid = 1;
    in.in_warp = 7;
    EXPECT_OK(mrpb_check(&c, s, &in, 1, msg, sizeof msg));
    in.in_warp = 9;  /* the queue index (3 bits) would be 1: the RTL compares the 6-bit field */
    EXPECT_FAIL(mrpb_check(&c, s, &in, 1, msg, sizeof msg), "mrpb: signature 9 >= NumQueues");
    in.in_warp = 0x49;  /* in_warp_i is 6 bits: 9 */
    EXPECT_FAIL(mrpb_check(&c, s, &in, 1, msg, sizeof msg), "mrpb: signature 9 >= NumQueues");
    in.in_warp = 47;
    EXPECT_FAIL(mrpb_check(&c, s, &in, 1, msg, sizeof msg), "mrpb: signature 47 >= NumQueues");
    in.in_valid = 0;  /* no request: not checked */
    EXPECT_OK(mrpb_check(&c, s, &in, 1, msg, sizeof msg));
    in.in_valid = 2;  /* in_valid_i is 1 bit */
    EXPECT_OK(mrpb_check(&c, s, &in, 1, msg, sizeof msg));
    in.in_valid = 1;
    EXPECT_OK(mrpb_check(&c, s, &in, 0, msg, sizeof msg));  /* in reset: not checked */
    free(s);

    /* Block and in-block signatures select their own field. */
    s = new_mrpb(8);
    mrpb_chk_init(&c);
    in = mrpb_modes(MRPB_SIG_BLOCK, 0, 0, 0, 0, 1);
    in.in_valid = 1, in.in_warp = 63, in.in_inblock = 31, in.in_block = 7;
    EXPECT_OK(mrpb_check(&c, s, &in, 1, msg, sizeof msg));   /* block 7 < 8 */
    in.in_block = 15;                                          /* in_block_i is 3 bits: 7 */
    EXPECT_OK(mrpb_check(&c, s, &in, 1, msg, sizeof msg));
    mrpb_chk_init(&c);
    in.signature = MRPB_SIG_INBLOCK;
    EXPECT_FAIL(mrpb_check(&c, s, &in, 1, msg, sizeof msg), "mrpb: signature 31 >= NumQueues");
    in.in_inblock = 0x27;                                      /* in_inblock_i is 5 bits: 7 */
    EXPECT_OK(mrpb_check(&c, s, &in, 1, msg, sizeof msg));
    free(s);

    /* NumQueues 48 (the default): warp 47 is the last; NumQueues 64: every 6-bit value. */
    s = new_mrpb(48);
    mrpb_chk_init(&c);
    in = mrpb_modes(MRPB_SIG_WARP, 0, 0, 0, 0, 1);
    in.in_valid = 1, in.in_warp = 47;
    EXPECT_OK(mrpb_check(&c, s, &in, 1, msg, sizeof msg));
    in.in_warp = 48;
    EXPECT_FAIL(mrpb_check(&c, s, &in, 1, msg, sizeof msg), "mrpb: signature 48 >= NumQueues");
    free(s);
    s = new_mrpb(64);
    mrpb_chk_init(&c);
    in.in_warp = 63;
    EXPECT_OK(mrpb_check(&c, s, &in, 1, msg, sizeof msg));
    free(s);

    /* NumQueues 1: only 0. */
    s = new_mrpb(1);
    mrpb_chk_init(&c);
    in.in_warp = 1;
    EXPECT_FAIL(mrpb_check(&c, s, &in, 1, msg, sizeof msg), "mrpb: signature 1 >= NumQueues");
    free(s);
}

/* Several failures in one cycle: the first in source order. */
static void mrpb_order(void **unused)
{
    (void)unused;
    char msg[128];
    mrpb_state_t *s = new_mrpb(8);
    mrpb_chk_t c;
    mrpb_in_t a = mrpb_modes(0, 0, 0, 0, 0, 1), all = mrpb_modes(3, 0, 0, 0, 0, 1);
    all.in_valid = 1, all.in_warp = 9;   /* signature 3 acts as warp: 9 */
    mrpb_chk_init(&c);
    EXPECT_OK(mrpb_check(&c, s, &a, 1, msg, sizeof msg));
    EXPECT_FAIL(mrpb_check(&c, s, &all, 1, msg, sizeof msg), "mrpb: mode value 3 is not defined");
    mrpb_in_t two = mrpb_modes(0, 1, 0, 0, 0, 1);
    two.in_valid = 1, two.in_warp = 9;
    mrpb_chk_init(&c);
    EXPECT_OK(mrpb_check(&c, s, &a, 1, msg, sizeof msg));
    EXPECT_FAIL(mrpb_check(&c, s, &two, 1, msg, sizeof msg), "mrpb: a mode changed out of reset");
    EXPECT_FAIL(mrpb_check(&c, s, &two, 1, msg, sizeof msg), "mrpb: signature 9 >= NumQueues");
    /* Signature 3 alone, with warp 9 after the modes settled on it: mode value 3 again first. */
    mrpb_chk_init(&c);
    EXPECT_FAIL(mrpb_check(&c, s, &all, 1, msg, sizeof msg), "mrpb: mode value 3 is not defined");
    EXPECT_FAIL(mrpb_check(&c, s, &all, 1, msg, sizeof msg), "mrpb: mode value 3 is not defined");
    free(s);
}

/* --- dram_sched ------------------------------------------------------------------- */

static dram_sched_state_t *new_sched(void)
{
    dram_sched_state_t *s = malloc(sizeof *s);
    dram_sched_cfg_t cfg = {8, 8, 6, 2, 2, 4, 8};
    assert_non_null(s);
    assert_int_equal(dram_sched_init(s, &cfg), 0);
    return s;
}

static void dram_sched_checks(void **unused)
{
    (void)unused;
    char msg[128];
    dram_sched_state_t *s = new_sched();
    dram_sched_chk_t c;

    /* Legal: every policy held from reset, with traffic and no ready bank
     * (the bank assertion is an internal invariant, not checked here). */
    for (unsigned p = DS_FCFS; p <= DS_MSHR_SA; p++) {
        dram_sched_chk_init(&c);
        dram_sched_reset(s);
        for (unsigned k = 0; k < 20; k++) {
            dram_sched_in_t in = {.policy = p, .rd_valid = k % 2, .rd_addr = k, .rd_bank = k % 4, .rd_row = k % 3,
                                  .wr_valid = k % 3 == 0, .wr_addr = k, .dm_valid = k % 5 == 0, .dm_addr = k - 2,
                                  .bank_ready = k % 4 == 3 ? 0xf : 0};
            EXPECT_OK(dram_sched_check(&c, s, &in, 1, msg, sizeof msg));
            dram_sched_tick(s, &in);
        }
    }

    /* Undefined policies, on policy_i's 3 bits. */
    const struct { uint64_t p; const char *m; } bad[] = {
        {5, "dram_sched: policy 5 is not defined"},
        {6, "dram_sched: policy 6 is not defined"},
        {7, "dram_sched: policy 7 is not defined"},
        {15, "dram_sched: policy 7 is not defined"},
        {0x1d, "dram_sched: policy 5 is not defined"},
    };
    for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        dram_sched_chk_init(&c);
        dram_sched_in_t in = {.policy = bad[k].p};
        EXPECT_FAIL(dram_sched_check(&c, s, &in, 1, msg, sizeof msg), bad[k].m);
        EXPECT_OK(dram_sched_check(&c, s, &in, 0, msg, sizeof msg));   /* in reset: not checked */
    }
    dram_sched_chk_init(&c);
    dram_sched_in_t wide = {.policy = 12};   /* 3'b100: MSHR-S+A */
    EXPECT_OK(dram_sched_check(&c, s, &wide, 1, msg, sizeof msg));
    wide.policy = DS_MSHR_SA;                /* the same policy */
    EXPECT_OK(dram_sched_check(&c, s, &wide, 1, msg, sizeof msg));

    /* Changes: out of reset fires; during reset and in the first cycle after it does not. */
    dram_sched_in_t fr = {.policy = DS_FRFCFS}, sa = {.policy = DS_MSHR_SA};
    dram_sched_chk_init(&c);
    EXPECT_OK(dram_sched_check(&c, s, &fr, 1, msg, sizeof msg));    /* cycle 0: f_run_q = 0 */
    EXPECT_FAIL(dram_sched_check(&c, s, &sa, 1, msg, sizeof msg), "dram_sched: the policy changed out of reset");
    EXPECT_OK(dram_sched_check(&c, s, &sa, 1, msg, sizeof msg));    /* f_policy_q took sa */
    EXPECT_OK(dram_sched_check(&c, s, &fr, 0, msg, sizeof msg));    /* reset */
    EXPECT_OK(dram_sched_check(&c, s, &sa, 0, msg, sizeof msg));    /* reset */
    EXPECT_OK(dram_sched_check(&c, s, &fr, 1, msg, sizeof msg));    /* first cycle after: f_run_q = 0 */
    EXPECT_OK(dram_sched_check(&c, s, &fr, 1, msg, sizeof msg));
    EXPECT_FAIL(dram_sched_check(&c, s, &sa, 1, msg, sizeof msg), "dram_sched: the policy changed out of reset");

    /* Both in one cycle: the undefined policy first (source order). */
    dram_sched_in_t p7 = {.policy = 7};
    dram_sched_chk_init(&c);
    EXPECT_OK(dram_sched_check(&c, s, &fr, 1, msg, sizeof msg));
    EXPECT_FAIL(dram_sched_check(&c, s, &p7, 1, msg, sizeof msg), "dram_sched: policy 7 is not defined");
    free(s);
}

/* --- mib_l2 --------------------------------------------------------------------- */

#define ALLOC_SAME   "mib_l2: merge into the slot allocated in the same cycle"
#define RELEASE_SAME "mib_l2: merge into the slot released in the same cycle"

static void mib_l2_checks(void **unused)
{
    (void)unused;
    char msg[128];
    mib_l2_state_t *m = malloc(sizeof *m);
    mib_l2_cfg_t cfg = {5, 8};   /* slots on 3 bits: 5, 6, 7 are out of range */
    assert_non_null(m);
    assert_int_equal(mib_l2_init(m, &cfg), 0);
    mib_l2_chk_t c;
    mib_l2_chk_init(&c);

    /* Legal: allocate, merge, release of the last slot; allocate and release of one slot together. */
    const mib_l2_in_t legal[] = {
        {.alloc_valid = 1, .alloc_slot = 4, .alloc_addr = 0x44, .mq_valid = 1, .mq_addr = 0x44, .out_ready = 1},
        {.merge_valid = 1, .merge_slot = 4, .merge_age = 3, .alloc_valid = 1, .alloc_slot = 0},
        {.merge_valid = 1, .merge_slot = 0, .merge_age = 1, .release_valid = 1, .release_slot = 4, .out_ready = 1},
        {.alloc_valid = 1, .alloc_slot = 4, .release_valid = 1, .release_slot = 4},
        {.merge_valid = 0, .merge_slot = 7, .alloc_valid = 0, .alloc_slot = 6, .release_valid = 0, .release_slot = 5},
        {.release_valid = 1, .release_slot = 0, .out_ready = 1},
    };
    for (unsigned k = 0; k < sizeof legal / sizeof legal[0]; k++) {
        EXPECT_OK(mib_l2_check(&c, m, &legal[k], 1, msg, sizeof msg));
        mib_l2_tick(m, &legal[k]);
    }

    mib_l2_in_t in = {.alloc_valid = 1, .alloc_slot = 5};
    EXPECT_FAIL(mib_l2_check(&c, m, &in, 1, msg, sizeof msg), "mib_l2: allocate of slot 5");
    EXPECT_OK(mib_l2_check(&c, m, &in, 0, msg, sizeof msg));   /* in reset: not checked */
    in.alloc_slot = 13;                                        /* alloc_slot_i is 3 bits: 5 */
    EXPECT_FAIL(mib_l2_check(&c, m, &in, 1, msg, sizeof msg), "mib_l2: allocate of slot 5");
    in.alloc_slot = 8;                                         /* 3 bits: 0, in range */
    EXPECT_OK(mib_l2_check(&c, m, &in, 1, msg, sizeof msg));
    in = (mib_l2_in_t){.merge_valid = 1, .merge_slot = 6};
    EXPECT_FAIL(mib_l2_check(&c, m, &in, 1, msg, sizeof msg), "mib_l2: merge into slot 6");
    in = (mib_l2_in_t){.release_valid = 1, .release_slot = 7};
    EXPECT_FAIL(mib_l2_check(&c, m, &in, 1, msg, sizeof msg), "mib_l2: release of slot 7");
    in = (mib_l2_in_t){.merge_valid = 1, .merge_slot = 2, .alloc_valid = 1, .alloc_slot = 2};
    EXPECT_FAIL(mib_l2_check(&c, m, &in, 1, msg, sizeof msg), ALLOC_SAME);
    in.alloc_slot = 10;                                        /* 3 bits: 2 */
    EXPECT_FAIL(mib_l2_check(&c, m, &in, 1, msg, sizeof msg), ALLOC_SAME);
    in = (mib_l2_in_t){.merge_valid = 1, .merge_slot = 3, .release_valid = 1, .release_slot = 3};
    EXPECT_FAIL(mib_l2_check(&c, m, &in, 1, msg, sizeof msg), RELEASE_SAME);
    EXPECT_OK(mib_l2_check(&c, m, &in, 0, msg, sizeof msg));

    /* Several in one cycle: the first in source order. */
    in = (mib_l2_in_t){.alloc_valid = 1, .alloc_slot = 6, .merge_valid = 1, .merge_slot = 6, .release_valid = 1,
                       .release_slot = 6};
    EXPECT_FAIL(mib_l2_check(&c, m, &in, 1, msg, sizeof msg), "mib_l2: allocate of slot 6");
    in.alloc_slot = 1;
    EXPECT_FAIL(mib_l2_check(&c, m, &in, 1, msg, sizeof msg), "mib_l2: merge into slot 6");
    in.merge_slot = 1;
    EXPECT_FAIL(mib_l2_check(&c, m, &in, 1, msg, sizeof msg), "mib_l2: release of slot 6");
    in.release_slot = 1;
    EXPECT_FAIL(mib_l2_check(&c, m, &in, 1, msg, sizeof msg), ALLOC_SAME);
    in.alloc_slot = 0;
    EXPECT_FAIL(mib_l2_check(&c, m, &in, 1, msg, sizeof msg), RELEASE_SAME);

    /* Entries 1: a 1-bit slot, 1 is out of range, 2 is 0. */
    cfg.entries = 1;
    assert_int_equal(mib_l2_init(m, &cfg), 0);
    in = (mib_l2_in_t){.alloc_valid = 1, .alloc_slot = 1};
    EXPECT_FAIL(mib_l2_check(&c, m, &in, 1, msg, sizeof msg), "mib_l2: allocate of slot 1");
    in.alloc_slot = 2;
    EXPECT_OK(mib_l2_check(&c, m, &in, 1, msg, sizeof msg));
    /* Entries 64 and 128: every value of the port is a slot. */
    cfg.entries = 64;
    assert_int_equal(mib_l2_init(m, &cfg), 0);
    in = (mib_l2_in_t){.alloc_valid = 1, .alloc_slot = 63, .merge_valid = 1, .merge_slot = 64, .release_valid = 1,
                       .release_slot = 127};
    EXPECT_OK(mib_l2_check(&c, m, &in, 1, msg, sizeof msg));
    cfg.entries = 128;
    assert_int_equal(mib_l2_init(m, &cfg), 0);
    EXPECT_OK(mib_l2_check(&c, m, &in, 1, msg, sizeof msg));
    free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fifo_checks),
        cmocka_unit_test(mrpb_legal),
        cmocka_unit_test(mrpb_mode_3),
        cmocka_unit_test(mrpb_mode_change),
        cmocka_unit_test(mrpb_signature_range),
        cmocka_unit_test(mrpb_order),
        cmocka_unit_test(dram_sched_checks),
        cmocka_unit_test(mib_l2_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
