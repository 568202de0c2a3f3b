/* test_pf_next_line.c - the next_line L1D prefetcher (sim/mem/pf_next_line.c), observed alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem/prefetch.h"

/* A miss asks for the next line; a hit asks for nothing. */
static void next_on_miss(void **state)
{
    (void)state;
    const prefetch_ops_t *p = pf_table[PF_ID_next_line];
    uint64_t lines[PF_MAX];
    pf_obs_t o = {.warp = 3, .pc = 0x40, .line = 1000, .miss = 1};
    assert_int_equal(p->observe(NULL, &o, lines), 1);
    assert_int_equal(lines[0], 1001);
    o.miss = 0;
    assert_int_equal(p->observe(NULL, &o, lines), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(next_on_miss),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
