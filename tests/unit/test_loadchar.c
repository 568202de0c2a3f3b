/* test_loadchar.c - the static loads' characterisation (sim/mem/loadchar.c,
 * APRES' Table I), on executions worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem/loadchar.h"

/* One load (kernel k, PC 0x40) on SM 0: warps 0, 1, 2, 4 at 0, 128, 256, 512
 * (one line each, all misses): strides 128, 128 and (512 - 256) / (4 - 2) =
 * 128; a second line of warp 4's instruction is a request but no execution;
 * warp 4 again at 640 is no pair (the same warp as the last); warp 1 at 0x100
 * after warp 4 at 640: (256 - 640) / (1 - 4) = 128. */
static void strides_and_lines(void **st)
{
    (void)st;
    loadchar_t c;
    assert_int_equal(loadchar_init(&c, 2), 0);
    int k = loadchar_kernel(&c, "k");
    assert_int_equal(k, 0);
    const uint64_t w[] = {0, 1, 2, 4}, a[] = {0, 128, 256, 512};
    for (int i = 0; i < 4; i++)
        assert_int_equal(loadchar_line(&c, 0, 0x40, a[i] >> 7, 1, 1, 0, w[i], a[i]), 0);
    assert_int_equal(loadchar_line(&c, 0, 0x40, 5, 0, 0, 0, 4, 512), 0);   /* its second line: a hit */
    assert_int_equal(loadchar_line(&c, 0, 0x40, 5, 0, 1, 0, 4, 640), 0);   /* warp 4 again */
    assert_int_equal(loadchar_line(&c, 0, 0x40, 2, 0, 1, 0, 1, 256), 0);
    assert_int_equal(c.n, 1);
    const lc_load_t *l = &c.ld[0];
    assert_int_equal(l->refs, 7);
    assert_int_equal(l->misses, 4);
    assert_int_equal(l->lines.n, 5);   /* lines 0 1 2 4 5 (5 twice, 2 twice) */
    assert_int_equal(l->execs, 6);
    assert_int_equal(l->pairs, 4);
    uint64_t n;
    assert_int_equal(loadchar_top_stride(&c, 0, &n), 128);
    assert_int_equal(n, 4);
    loadchar_free(&c);
}

/* Pairs are per SM and per load: warps 0 and 1 of SM 0, warps 8 and 10 of
 * SM 1 interleaved give 128 on SM 0 and -64 on SM 1 ((0x1000 - 0x1080) /
 * (10 - 8)); another PC of the same kernel and the same PC of another kernel
 * are other loads. The commonest stride wins; a tie goes to the smaller
 * magnitude. Truncation toward zero: (100 - 0) / (3 - 0) = 33. */
static void per_sm_and_ties(void **st)
{
    (void)st;
    loadchar_t c;
    loadchar_init(&c, 2);
    assert_int_equal(loadchar_kernel(&c, "a"), 0);
    assert_int_equal(loadchar_kernel(&c, "b"), 1);
    assert_int_equal(loadchar_kernel(&c, "a"), 0);
    loadchar_line(&c, 0, 0x10, 0, 1, 1, 0, 0, 0);
    loadchar_line(&c, 0, 0x10, 0x21, 1, 1, 1, 8, 0x1080);
    loadchar_line(&c, 0, 0x10, 1, 1, 1, 0, 1, 128);
    loadchar_line(&c, 0, 0x10, 0x20, 1, 1, 1, 10, 0x1000);
    uint64_t n;
    assert_int_equal(c.ld[0].pairs, 2);
    assert_int_equal(loadchar_top_stride(&c, 0, &n), -64);   /* 1 each: the smaller magnitude */
    assert_int_equal(n, 1);
    loadchar_line(&c, 0, 0x18, 0, 1, 1, 0, 0, 0);
    loadchar_line(&c, 0, 0x18, 0, 1, 1, 0, 3, 100);
    loadchar_line(&c, 1, 0x10, 0, 0, 1, 0, 5, 0);
    assert_int_equal(c.n, 3);
    assert_int_equal(loadchar_top_stride(&c, 1, &n), 33);
    assert_int_equal(c.ld[2].kernel, 1);
    assert_int_equal(c.ld[2].misses, 0);
    assert_int_equal(loadchar_top_stride(&c, 2, &n), 0);   /* no pair */
    assert_int_equal(n, 0);
    loadchar_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strides_and_lines),
        cmocka_unit_test(per_sm_and_ties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
