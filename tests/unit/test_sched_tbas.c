/* test_sched_tbas.c - the tbas warp scheduler (sim/core/sched_tbas.c: the
 * tbas block's C model in the SM) issues four warps of three independent
 * instructions of one thread block in the order worked out by hand: the
 * block's warps form one batch, launched before the first cycle; the
 * block's pipeline takes the snapshot in cycle 0, the eligibility in cycle
 * 1, the decision (the batch promoted) in cycle 2, so nothing issues before
 * cycle 3; then greedy-then-oldest within the running batch (warps launched
 * together: the lower ID first), so warp 0 runs to its end, then warp 1,
 * and so on. (Batches demoted and promoted on loads: tests/sim_tests.sh,
 * "TBAS".) */
#include "sched_harness.h"

static void test_tbas_order(void **state)
{
    (void)state;
    int order[20];
    const int expect[15] = {-1, -1, -1, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3};
    unsigned cycles = sched_order("tbas", 4, 3, order, 20, NULL);
    assert_int_equal(cycles, 15);
    for (unsigned i = 0; i < 15; i++)
        if (order[i] != expect[i])
            fail_msg("tbas issued %s", sched_fmt(order, 15));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tbas_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
