/* test_pf_sap.c - l1.prefetch=sap's entry in the prefetcher registry
 * (sim/mem/pf_sap.c): it only names SAP, whose work sched_laws.c does beside
 * LAWS, so as an observer it asks for nothing, hit or miss, first line or
 * not (the system tests in tests/sim_tests.sh "SAP" test SAP itself). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mem/prefetch.h"

static void names_sap_asks_nothing(void **state)
{
    (void)state;
    assert_string_equal(pf_names[PF_ID_sap], "sap");
    const prefetch_ops_t *p = pf_table[PF_ID_sap];
    uint64_t lines[PF_MAX];
    for (int miss = 0; miss < 2; miss++)
        for (int first = 0; first < 2; first++) {
            pf_obs_t o = {.warp = 3, .pc = 0x40, .line = 1000, .miss = miss, .first = first, .addr = 128000};
            assert_int_equal(p->observe(NULL, &o, lines), 0);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_sap_asks_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
