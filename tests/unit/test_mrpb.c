/* test_mrpb.c - directed unit tests of the mrpb C model's API: configuration
 * checks and the event counters the system model reads (mrpb_account, from
 * each cycle's inputs and the outputs of mrpb_eval).
 *
 * The scenarios are those of tests/stim/mrpb_write.stim and mrpb_bypass.stim;
 * every expected count is worked out by hand from docs/mrpb.md.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "mrpb.h"

/* One cycle: v w warp addr l1_ready assoc byp_ready. */
typedef struct { int v, w, warp, addr, l1r, asc, byp; } cyc_t;

static mrpb_stats_t run(const cyc_t *c, unsigned n, unsigned bypass)
{
    mrpb_state_t *s = malloc(sizeof *s);
    mrpb_cfg_t cfg = {8, 4, 1, 8, 4};
    assert_non_null(s);
    assert_int_equal(mrpb_init(s, &cfg), 0);
    mrpb_stats_t st = {0};
    for (unsigned k = 0; k < n; k++) {
        mrpb_in_t in = {0};
        in.flush = 1;
        in.reorder = 1;
        in.bypass = bypass;
        in.in_valid = (uint64_t)c[k].v;
        in.in_write = (uint64_t)c[k].w;
        in.in_warp = (uint64_t)c[k].warp;
        in.in_addr = (uint64_t)c[k].addr;
        in.l1_ready = (uint64_t)c[k].l1r;
        in.l1_stall_assoc = (uint64_t)c[k].asc;
        in.byp_ready = (uint64_t)c[k].byp;
        mrpb_out_t out;
        mrpb_eval(s, &in, &out);
        mrpb_account(&cfg, &in, &out, &st);
        mrpb_tick(s, &in);
    }
    free(s);
    return st;
}

/* q1: 10, q4: 40 41 42, then a write for q4 (tests/stim/mrpb_write.stim). */
static void counts_write_flush(void **unused)
{
    (void)unused;
    static const cyc_t c[] = {
        {1, 0, 2, 0x20, 0, 0, 0}, {1, 0, 1, 0x10, 0, 0, 0}, {1, 0, 4, 0x40, 0, 0, 0},
        {1, 0, 4, 0x41, 0, 0, 0}, {1, 0, 4, 0x42, 0, 0, 0}, {1, 1, 4, 0x4f, 0, 0, 0},
        {1, 1, 4, 0x4f, 1, 0, 0}, {1, 1, 4, 0x4f, 1, 0, 0}, {1, 1, 4, 0x4f, 1, 0, 0},
        {1, 1, 4, 0x4f, 1, 0, 0}, {0, 0, 0, 0, 1, 0, 0},    {0, 0, 0, 0, 1, 0, 0},
        {0, 0, 0, 0, 1, 0, 0},
    };
    mrpb_stats_t st = run(c, sizeof c / sizeof c[0], MRPB_BYP_OFF);
    assert_int_equal(st.cycles, 13);
    assert_int_equal(st.in, 6);                 /* 20 10 40 41 42 and the write */
    assert_int_equal(st.stall_cycles, 4);       /* the write waits in cycles 5..8 (q4 not empty) */
    assert_int_equal(st.drained, 6);
    assert_int_equal(st.policy_drains, 2);      /* 20 (cycle 0), 10 (cycle 10) */
    assert_int_equal(st.flush_drains, 3);       /* 40 41 42 */
    assert_int_equal(st.write_passes, 1);
    assert_int_equal(st.full_drains, 0);
    assert_int_equal(st.l1_accepted, 6);        /* cycles 6..11 */
    assert_int_equal(st.retry_cycles, 5);       /* 20 refused in cycles 1..5 */
    assert_int_equal(st.bypassed, 0);
}

/* 05 then 06 refused with associativity stalls (tests/stim/mrpb_bypass.stim). */
static void counts_bypass(void **unused)
{
    (void)unused;
    static const cyc_t c[] = {
        {1, 0, 0, 0x05, 0, 0, 0}, {1, 0, 0, 0x06, 0, 0, 0}, {0, 0, 0, 0, 0, 1, 0}, {0, 0, 0, 0, 0, 1, 0},
        {0, 0, 0, 0, 1, 0, 1},    {0, 0, 0, 0, 0, 1, 0},    {0, 0, 0, 0, 1, 0, 1}, {0, 0, 0, 0, 1, 0, 1},
    };
    mrpb_stats_t st = run(c, sizeof c / sizeof c[0], MRPB_BYP_ASSOC);
    assert_int_equal(st.bypassed, 2);
    assert_int_equal(st.l1_accepted, 0);
    assert_int_equal(st.retry_cycles, 3);       /* 05 in cycles 1, 2; 06 in cycle 5 */
    st = run(c, sizeof c / sizeof c[0], MRPB_BYP_OFF);
    assert_int_equal(st.bypassed, 0);
    assert_int_equal(st.l1_accepted, 2);        /* cycles 4 and 6 */
    assert_int_equal(st.retry_cycles, 4);       /* 05 in cycles 1..3; 06 in cycle 5 */
}

static void bad_cfg(void **unused)
{
    (void)unused;
    mrpb_state_t *s = malloc(sizeof *s);
    assert_non_null(s);
    static const mrpb_cfg_t bad[] = {
        {0, 8, 5, 25, 8}, {65, 8, 5, 25, 8}, {48, 0, 5, 25, 8}, {48, 65, 5, 25, 8},
        {48, 8, 0, 25, 8}, {48, 8, 19, 25, 8}, {48, 8, 5, 0, 8}, {48, 8, 5, 56, 8},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_not_equal(mrpb_init(s, &bad[i]), 0);
    mrpb_cfg_t ok = {48, 8, 18, 55, 8};
    assert_int_equal(mrpb_init(s, &ok), 0);
    mrpb_cfg_t max = {MRPB_MAX_QUEUES, MRPB_MAX_DEPTH, MRPB_MAX_LATENCY, 31, 32};
    assert_int_equal(mrpb_init(s, &max), 0);
    free(s);
    /* Storage sized to the model's limits: 64 queues of 64 entries, not of 1024. */
    assert_true(sizeof(mrpb_state_t) < 64 * 1024);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_write_flush),
        cmocka_unit_test(counts_bypass),
        cmocka_unit_test(bad_cfg),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
