/* test_sched_gto.c - the ccws warp scheduler (sim/core/sched_ccws.c) issues
 * four warps of three independent instructions in the order worked out by
 * hand: without loads CCWS holds nothing back and the order underneath,
 * GTO's, decides: the last warp issued while it can (warp 0, the
 * scheduler's initial last), then the oldest. (Its throttling:
 * tests/sim_units_tests.sh, "CCWS".) */
#include "sched_harness.h"

static void test_ccws_order(void **state)
{
    (void)state;
    int order[16];
    const int expect[12] = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3};
    unsigned cycles = sched_order("ccws", 4, 3, order, 16, NULL);
    assert_int_equal(cycles, 12);
    for (unsigned i = 0; i < 12; i++)
        if (order[i] != expect[i])
            fail_msg("ccws issued %s", sched_fmt(order, 12));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ccws_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
