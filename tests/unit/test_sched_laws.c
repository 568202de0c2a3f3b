/* test_sched_laws.c - the laws warp scheduler (sim/core/sched_laws.c: the
 * apres_laws block's C model in the SM) issues four warps of three
 * independent instructions in the order worked out by hand: without loads
 * the queue never moves and stays in warp-slot order (0 1 2 3), and LAWS
 * issues the first ready warp in it, so warp 0 runs to its end, then warp 1,
 * and so on. (The moves on load feedback: tests/sim_tests.sh, "LAWS".) */
#include "sched_harness.h"

static void test_laws_order(void **state)
{
    (void)state;
    int order[16];
    const int expect[12] = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3};
    unsigned cycles = sched_order("laws", 4, 3, order, 16, NULL);
    assert_int_equal(cycles, 12);
    for (unsigned i = 0; i < 12; i++)
        if (order[i] != expect[i])
            fail_msg("laws issued %s", sched_fmt(order, 12));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_laws_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
