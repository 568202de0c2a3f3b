/* test_pf_none.c - the none L1D prefetcher (sim/mem/pf_none.c), observed alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem/prefetch.h"

/* none asks for nothing, hit or miss. */
static void asks_nothing(void **state)
{
    (void)state;
    const prefetch_ops_t *p = pf_table[PF_ID_none];
    uint64_t lines[PF_MAX];
    for (int miss = 0; miss < 2; miss++) {
        pf_obs_t o = {.warp = 3, .pc = 0x40, .line = 1000, .miss = miss};
        assert_int_equal(p->observe(NULL, &o, lines), 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(asks_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
