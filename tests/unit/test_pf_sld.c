/* test_pf_sld.c - the sld L1D prefetcher (sim/mem/pf_sld.c), observed alone,
 * with the answers worked out by hand from its rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem/prefetch.h"

static unsigned obs(void *st, uint64_t line, uint64_t *lines)
{
    pf_obs_t o = {.line = line, .miss = 1, .first = 1, .addr = line << 7};
    return pf_table[PF_ID_sld]->observe(st, &o, lines);
}

/* Macro block 100 = lines 400..403: 401 touched, then 401 again (still one
 * line), then 403: the two others, 400 and 402; then nothing more for the
 * block. Block 101: 404 and 405 -> 406, 407. */
static void two_of_four(void **state)
{
    (void)state;
    const prefetch_ops_t *p = pf_table[PF_ID_sld];
    void *st;
    assert_int_equal(p->init(&st, NULL), 0);
    uint64_t l[PF_MAX];
    assert_int_equal(obs(st, 401, l), 0);
    assert_int_equal(obs(st, 401, l), 0);
    assert_int_equal(obs(st, 403, l), 2);
    assert_int_equal(l[0], 400);
    assert_int_equal(l[1], 402);
    assert_int_equal(obs(st, 400, l), 0);
    assert_int_equal(obs(st, 402, l), 0);
    assert_int_equal(obs(st, 404, l), 0);
    assert_int_equal(obs(st, 405, l), 2);
    assert_int_equal(l[0], 406);
    assert_int_equal(l[1], 407);
    p->free(st);
}

/* 64 blocks, least recently used replaced: after 64 other blocks, block 0's
 * one touched line is forgotten, so a second line does not prefetch. */
static void replacement(void **state)
{
    (void)state;
    const prefetch_ops_t *p = pf_table[PF_ID_sld];
    void *st;
    assert_int_equal(p->init(&st, NULL), 0);
    uint64_t l[PF_MAX];
    obs(st, 0, l);
    for (uint64_t b = 1; b <= 64; b++)
        obs(st, 4 * b, l);
    assert_int_equal(obs(st, 1, l), 0);
    assert_int_equal(obs(st, 2, l), 2);   /* 1 and 2 touched now: 0 and 3 */
    assert_int_equal(l[0], 0);
    assert_int_equal(l[1], 3);
    p->free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_of_four),
        cmocka_unit_test(replacement),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
