/* test_clock.c - the clock domains: the replayed hyperperiod pattern gives
 * exactly the edges of the direct rational comparison, and the edge counts
 * follow the frequency ratios over long runs (no drift). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "clock.h"

static void same_as_exact(const uint64_t f[CLK_N], unsigned steps)
{
    clocks_t a, b;
    clocks_init(&a, f);
    clocks_init(&b, f);
    clocks_free(&b);   /* b: no pattern, every step computed */
    assert_non_null(a.pattern);
    for (unsigned i = 0; i < steps; i++) {
        unsigned ma = clocks_step(&a), mb = clocks_step(&b);
        assert_int_equal(ma, mb);
    }
    for (int d = 0; d < CLK_N; d++)
        assert_int_equal(a.cycle[d], b.cycle[d]);
    clocks_free(&a);
}

static void pattern_equals_exact(void **state)
{
    (void)state;
    same_as_exact((uint64_t[]){1400000, 1400000, 1400000, 924000}, 1000000);
    same_as_exact((uint64_t[]){1150000, 1150000, 1150000, 750000}, 1000000);
    same_as_exact((uint64_t[]){700000, 1400000, 700000, 924000}, 1000000);
    same_as_exact((uint64_t[]){600000, 600000, 600000, 924000}, 1000000);
    same_as_exact((uint64_t[]){1000, 1001, 1003, 1007}, 3000000);
}

/* After n core edges, every domain has taken floor(n * f_d / f_core) (+1 for edge 0). */
static void no_drift(void **state)
{
    (void)state;
    uint64_t f[CLK_N] = {1400000, 1400000, 1400000, 924000};
    clocks_t c;
    clocks_init(&c, f);
    uint64_t n = 0;
    while (c.cycle[CLK_CORE] < 10000001)
        clocks_step(&c);
    n = c.cycle[CLK_CORE] - 1;   /* the time of the last core edge is n / f_core */
    assert_true(c.cycle[CLK_DRAM] == n * 924 / 1400 + 1);
    clocks_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pattern_equals_exact),
        cmocka_unit_test(no_drift),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
