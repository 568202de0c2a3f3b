/* test_sched_lrr.c - the lrr warp scheduler (sim/core/sched_lrr.c) issues
 * four warps of three independent instructions in the order its policy
 * gives, worked out by hand: round-robin from the warp after the last
 * issued (the scheduler starts with warp 0 as its last), one instruction
 * each in turn; when the last warp issued has just finished (warp 1's EXIT
 * in cycle 8) it is no longer in the list, and the turn starts again at the
 * list's head (warp 0), then 2 and 3. */
#include "sched_harness.h"

static void test_lrr_order(void **state)
{
    (void)state;
    int order[16];
    const int expect[12] = {1, 2, 3, 0, 1, 2, 3, 0, 1, 0, 2, 3};
    unsigned cycles = sched_order("lrr", 4, 3, order, 16, NULL);
    assert_int_equal(cycles, 12);
    for (unsigned i = 0; i < 12; i++)
        if (order[i] != expect[i])
            fail_msg("lrr issued %s", sched_fmt(order, 12));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lrr_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
