/* test_pf_str.c - the str L1D prefetcher (sim/mem/pf_str.c), observed alone,
 * with the answers worked out by hand from its rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem/prefetch.h"

static unsigned obs(void *st, uint32_t pc, uint64_t addr, int first, uint64_t *lines)
{
    pf_obs_t o = {.pc = pc, .line = addr >> 7, .miss = 1, .first = first, .addr = addr};
    return pf_table[PF_ID_str]->observe(st, &o, lines);
}

/* PC 0x40 at 0x1000, 0x1400 (stride 0x400 learnt), 0x1800 (the same stride:
 * prefetch 0x1c00's line, 0x38), 0x1900 (stride 0x100: replaced, nothing),
 * 0x1a00 (0x100 again: 0x1b00's line, 0x36). Lines other than a load's first
 * answered one do not train. A negative stride works: 0x9000, 0x8f00,
 * 0x8e00 -> 0x8d00's line (0x11a). */
static void strides(void **state)
{
    (void)state;
    const prefetch_ops_t *p = pf_table[PF_ID_str];
    void *st;
    assert_int_equal(p->init(&st, NULL), 0);
    uint64_t l[PF_MAX];
    assert_int_equal(obs(st, 0x40, 0x1000, 1, l), 0);
    assert_int_equal(obs(st, 0x40, 0x1400, 1, l), 0);
    assert_int_equal(obs(st, 0x40, 0x1480, 0, l), 0);   /* a second line of that load */
    assert_int_equal(obs(st, 0x40, 0x1800, 1, l), 1);
    assert_int_equal(l[0], 0x38);
    assert_int_equal(obs(st, 0x40, 0x1900, 1, l), 0);
    assert_int_equal(obs(st, 0x40, 0x1a00, 1, l), 1);
    assert_int_equal(l[0], 0x36);
    assert_int_equal(obs(st, 0x48, 0x9000, 1, l), 0);
    assert_int_equal(obs(st, 0x48, 0x8f00, 1, l), 0);
    assert_int_equal(obs(st, 0x48, 0x8e00, 1, l), 1);
    assert_int_equal(l[0], 0x11a);
    p->free(st);
}

/* A stride inside one line prefetches nothing (the load's own line); a zero
 * stride never does. */
static void same_line(void **state)
{
    (void)state;
    const prefetch_ops_t *p = pf_table[PF_ID_str];
    void *st;
    assert_int_equal(p->init(&st, NULL), 0);
    uint64_t l[PF_MAX];
    for (uint64_t a = 0x2000; a < 0x2040; a += 0x10)
        assert_int_equal(obs(st, 0x10, a, 1, l), 0);
    for (int i = 0; i < 3; i++)
        assert_int_equal(obs(st, 0x18, 0x5000, 1, l), 0);
    p->free(st);
}

/* 32 entries, least recently used replaced: 33 PCs evict the first, whose
 * stride must then be learnt again. */
static void replacement(void **state)
{
    (void)state;
    const prefetch_ops_t *p = pf_table[PF_ID_str];
    void *st;
    assert_int_equal(p->init(&st, NULL), 0);
    uint64_t l[PF_MAX];
    obs(st, 0, 0x10000, 1, l);
    obs(st, 0, 0x20000, 1, l);   /* PC 0: stride 0x10000 */
    for (uint32_t pc = 1; pc <= 32; pc++)
        obs(st, pc, 0x100000, 1, l);
    assert_int_equal(obs(st, 0, 0x30000, 1, l), 0);   /* a new entry */
    assert_int_equal(obs(st, 0, 0x40000, 1, l), 0);
    assert_int_equal(obs(st, 0, 0x50000, 1, l), 1);
    p->free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strides),
        cmocka_unit_test(same_line),
        cmocka_unit_test(replacement),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
