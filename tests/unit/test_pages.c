/* test_pages.c - the page table and TEMP's page colouring (sim/mem/pages.c)
 * against frames worked out by hand: 2 SMs, 2 channels of 16 banks, 4 KB
 * pages each inside one bank (dram.channel_shift 12, 5 column bits under
 * the bank bits), so frame f lies in channel f mod 2, bank (f / 2) mod 16,
 * pair p = channel x 16 + bank, colour p mod 2 = (f / 2) mod 2. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem/pages.h"

static void setup(config_t *cfg, const char *policy)
{
    config_defaults(cfg);
    const char *kv[] = {"sm.count=2", "mem.partitions=2", "dram.channel_shift=12", "dram.map=RRRRRRRRRRRRGGBBCCCCC", policy};
    for (unsigned i = 0; i < sizeof kv / sizeof kv[0]; i++)
        assert_int_equal(config_set(cfg, kv[i], "test"), 0);
    assert_int_equal(config_check(cfg), 0);
}

static void test_first_touch(void **state)
{
    (void)state;
    config_t cfg;
    setup(&cfg, "mem.page_policy=temp");
    pages_t p;
    assert_int_equal(pages_init(&p, &cfg), 0);
    /* lines of 128 B: 32 a page; (virtual page, SM) in touch order -> frame */
    static const struct { uint64_t vpage; unsigned sm; uint64_t frame; } t[] = {
        {0x200, 0, 0},   /* colour 0: frames 0 1 4 5 8 9 ... */
        {0x201, 1, 2},   /* colour 1: frames 2 3 6 7 ... */
        {0x202, 1, 3},
        {0x203, 0, 1},
        {0x204, 0, 4},
        {0x205, 1, 6},
        {0x200, 1, 0},   /* touched before: its frame, whoever asks */
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        uint64_t l = pages_line(&p, t[i].vpage << 5 | 7, t[i].sm);
        if (l != (t[i].frame << 5 | 7))
            fail_msg("page %#llx by sm%u: line %#llx, expected frame %llu", (unsigned long long)t[i].vpage, t[i].sm,
                     (unsigned long long)l, (unsigned long long)t[i].frame);
    }
    assert_int_equal(p.faults, 6);
    /* local: frame 0 is colour 0 (SM 0's), frame 2 colour 1 */
    assert_true(pages_local(&p, 0 << 5 | 3, 0));
    assert_false(pages_local(&p, 0 << 5 | 3, 1));
    assert_true(pages_local(&p, 2 << 5, 1));
    assert_false(pages_local(&p, 2 << 5, 0));
    pages_free(&p);
}

/* Many pages: the table grows; every page keeps its frame, frames are never shared and each is of
 * its first toucher's colour. */
static void test_many(void **state)
{
    (void)state;
    config_t cfg;
    setup(&cfg, "mem.page_policy=temp");
    pages_t p;
    assert_int_equal(pages_init(&p, &cfg), 0);
    enum { N = 20000 };
    static uint64_t fr[N];
    static uint8_t used[2 * N + 64];
    for (uint64_t v = 0; v < N; v++) {
        fr[v] = pages_line(&p, v * 977 << 5, (unsigned)(v % 3 == 0)) >> 5;
        assert_true(fr[v] < 2 * N + 64);
        assert_false(used[fr[v]]);
        used[fr[v]] = 1;
        assert_int_equal((fr[v] / 2) % 2, (uint64_t)(v % 3 == 0));
    }
    for (uint64_t v = 0; v < N; v++)
        assert_int_equal(pages_line(&p, v * 977 << 5, 0) >> 5, fr[v]);
    assert_int_equal(p.faults, N);
    pages_free(&p);
}

static void test_identity(void **state)
{
    (void)state;
    config_t cfg;
    setup(&cfg, "mem.page_policy=identity");
    pages_t p;
    assert_int_equal(pages_init(&p, &cfg), 0);
    assert_int_equal(pages_line(&p, 0x12345, 1), 0x12345);
    pages_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_touch),
        cmocka_unit_test(test_many),
        cmocka_unit_test(test_identity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
