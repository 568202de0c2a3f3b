/* test_cache_policy.c - the set-index functions (sim/mem/cache_policy.c,
 * CACHE_INDEX): values worked out by hand from each function's definition
 * (docs/sim.md "Set index"), the property each hash exists for, and the
 * registry's letters. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem/cache_policy.h"

#define LINE(addr) ((uint64_t)(addr) >> 7)

static void letters(void **state)
{
    (void)state;
    assert_int_equal(index_by_letter('L'), INDEX_LINEAR);
    assert_int_equal(index_by_letter('H'), INDEX_FERMI);
    assert_int_equal(index_by_letter('X'), INDEX_XOR);
    assert_int_equal(index_by_letter('P'), INDEX_IPOLY);
    assert_int_equal(index_by_letter('C'), -1);   /* GPGPU-Sim's custom: no function */
    assert_string_equal(index_names[INDEX_FERMI], "fermi");
}

static void linear(void **state)
{
    (void)state;
    assert_int_equal(cache_set_index(INDEX_LINEAR, LINE(0x1080), 32), 1);     /* line 33 mod 32 */
    assert_int_equal(cache_set_index(INDEX_LINEAR, LINE(0x2080), 32), 1);     /* 4 KB further: the same set */
    assert_int_equal(cache_set_index(INDEX_LINEAR, 1000, 64), 1000 % 64);
}

/* Fermi: line bits 0-4 XOR {a13, a14, a15, a17, a19}; 64 sets add a12 as bit 5. */
static void fermi(void **state)
{
    (void)state;
    /* two lines 4 KB apart: 0x1000 (a12) and 0x2000 (a13) */
    assert_int_equal(cache_set_index(INDEX_FERMI, LINE(0x1000), 32), 0);      /* lower 0, upper 0 */
    assert_int_equal(cache_set_index(INDEX_FERMI, LINE(0x2000), 32), 1);      /* upper bit 0 = a13 */
    assert_int_equal(cache_set_index(INDEX_LINEAR, LINE(0x2000), 32), cache_set_index(INDEX_LINEAR, LINE(0x1000), 32));
    assert_int_equal(cache_set_index(INDEX_FERMI, LINE(0x2080), 32), 0);      /* lower 1 ^ a13 */
    assert_int_equal(cache_set_index(INDEX_FERMI, LINE(0xA0380), 32), 0x7 ^ 0x18);  /* lower 7; a17 -> 8, a19 -> 16 */
    assert_int_equal(cache_set_index(INDEX_FERMI, LINE(0x1000), 64), 32);     /* a12 is the sixth bit */
    assert_int_equal(cache_set_index(INDEX_FERMI, LINE(0xE080), 64), 1 ^ 7);  /* a13-15 */
}

static void xor_fn(void **state)
{
    (void)state;
    assert_int_equal(cache_set_index(INDEX_XOR, 32 * 3 + 1, 32), 1 ^ 3);
    assert_int_equal(cache_set_index(INDEX_XOR, 32 * 32 + 5, 32), 5);          /* high bits 32: none below bit 5 */
}

/* IPOLY: bit i = index bit i XOR the parity of the higher bits in row i. */
static void ipoly(void **state)
{
    (void)state;
    /* high = 1 (a[0]): rows 0 and 2 of the 32-set polynomial hold a[0] */
    assert_int_equal(cache_set_index(INDEX_IPOLY, 32, 32), 0x5);
    /* high = 1 in 16 sets: rows 0 and 1 hold a[0] */
    assert_int_equal(cache_set_index(INDEX_IPOLY, 16, 16), 0x3);
    /* high = 1 in 64 sets: rows 0 and 1 hold a[0] */
    assert_int_equal(cache_set_index(INDEX_IPOLY, 64, 64), 0x3);
    /* index bits pass through when the higher bits are zero */
    assert_int_equal(cache_set_index(INDEX_IPOLY, 21, 32), 21);
}

/* What the hashes are for: a power-of-two stride of `sets` lines puts every
 * line of a linear-indexed cache into one set; IPOLY spreads them over all
 * sets (conflict-free), and every function stays within the sets. */
static void power_of_two_strides(void **state)
{
    (void)state;
    static const unsigned sets_of[3] = {16, 32, 64};
    for (int k = 0; k < 3; k++) {
        unsigned sets = sets_of[k];
        for (unsigned stride = sets; stride <= sets * 64; stride *= 2) {
            uint64_t seen = 0;
            for (unsigned i = 0; i < sets; i++) {
                unsigned s = cache_set_index(INDEX_IPOLY, (uint64_t)i * stride, sets);
                assert_true(s < sets);
                seen |= 1ull << s;
                assert_int_equal(cache_set_index(INDEX_LINEAR, (uint64_t)i * stride, sets), 0);
            }
            assert_int_equal(__builtin_popcountll(seen), sets);
        }
    }
    for (uint64_t line = 0; line < 1u << 16; line += 7)
        for (int f = 0; f < INDEX_N; f++)
            assert_true(cache_set_index((unsigned)f, line, 64) < 64);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(letters), cmocka_unit_test(linear), cmocka_unit_test(fermi),
        cmocka_unit_test(xor_fn), cmocka_unit_test(ipoly), cmocka_unit_test(power_of_two_strides),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
