/* test_sched_gto.c - the gto warp scheduler (sim/core/sched_gto.c) issues
 * four warps of three independent instructions in the order its policy
 * gives, worked out by hand: greedy: the last warp issued while it can
 * (warp 0, the scheduler's initial last), then the oldest. */
#include "sched_harness.h"

static void test_gto_order(void **state)
{
    (void)state;
    int order[16];
    const int expect[12] = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3};
    unsigned cycles = sched_order("gto", 4, 3, order, 16, NULL);
    assert_int_equal(cycles, 12);
    for (unsigned i = 0; i < 12; i++)
        if (order[i] != expect[i])
            fail_msg("gto issued %s", sched_fmt(order, 12));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gto_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
