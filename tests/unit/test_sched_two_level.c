/* test_sched_two_level.c - the two-level warp scheduler (sim/core/sched_two_level.c) issues
 * four warps of three independent instructions in the order its policy
 * gives, worked out by hand: round-robin within the first two warps of
 * the list (starting after warp 0, the initial last); when they finish,
 * warps 2 and 3 become active. */
#include "sched_harness.h"

static void test_two_level_order(void **state)
{
    (void)state;
    int order[16];
    const int expect[12] = {1, 0, 1, 0, 1, 0, 2, 3, 2, 3, 2, 3};
    unsigned cycles = sched_order("two-level", 4, 3, order, 16, (const char *const[]){"sm.two_level_active=2", NULL});
    assert_int_equal(cycles, 12);
    for (unsigned i = 0; i < 12; i++)
        if (order[i] != expect[i])
            fail_msg("two-level issued %s", sched_fmt(order, 12));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_level_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
