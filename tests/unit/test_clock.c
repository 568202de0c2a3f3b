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
    for (int d = 0; d < CLK_N; d++) {
        assert_int_equal(a.cycle[d], b.cycle[d]);
        assert_int_equal(a.now[d], b.now[d]);
        assert_int_equal(a.now[d], a.cycle[d] ? a.cycle[d] - 1 : 0);
    }
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

/* Clock sets (kHz: core, crossbar, L2, DRAM) the tests below run: the presets', one of four
 * different clocks, near-coprime ones (long periods), all equal. */
static const uint64_t SETS[][CLK_N] = {{700000, 700000, 700000, 924000},    {1400000, 1400000, 1400000, 924000},
                                       {1150000, 1150000, 1150000, 750000}, {600000, 600000, 600000, 924000},
                                       {600000, 700000, 800000, 924000},    {1000, 1001, 1003, 1007},
                                       {924000, 924000, 924000, 924000}};
#define NSETS (sizeof SETS / sizeof SETS[0])

/* clocks_first_edge: at every edge of domain `to`, the other domain's
 * current cycle (clocks_now) has reached k exactly from the edge it names on
 * (the DRAM channel sleeps until an L2 -> DRAM head's L2 cycle by it). */
static void first_edge_exact(const uint64_t f[CLK_N], int from, int to, unsigned steps)
{
    clocks_t c;
    clocks_init(&c, f);
    uint64_t seen = 0;   /* edges of `to` whose clocks_now(from) was checked */
    for (unsigned i = 0; i < steps; i++) {
        unsigned m = clocks_step(&c);
        if (!(m & 1u << to))
            continue;
        uint64_t t = clocks_now(&c, to), now_from = clocks_now(&c, from);
        /* the first edge at which now_from was reached is t or earlier, and
         * now_from + 1 is first reached after t */
        assert_true(clocks_first_edge(now_from, f[from], f[to]) <= t);
        assert_true(clocks_first_edge(now_from + 1, f[from], f[to]) > t);
        seen++;
    }
    assert_true(seen > steps / 8);
    clocks_free(&c);
}

static void first_edge(void **state)
{
    (void)state;
    for (unsigned s = 0; s < NSETS; s++) {
        first_edge_exact(SETS[s], CLK_L2, CLK_DRAM, 200000);
        first_edge_exact(SETS[s], CLK_DRAM, CLK_L2, 200000);
        first_edge_exact(SETS[s], CLK_ICNT, CLK_CORE, 200000);
    }
}

/* clocks_jump to edge k of a domain leaves the clocks as stepping up to it
 * does: every counter, the pattern position, and the next step holds that
 * edge; clocks_before orders edges as the steps do. From random starting
 * points, to random edges near (the next one, within a hyperperiod), in the
 * next hyperperiod and far. */
static void jump_exact(const uint64_t f[CLK_N], unsigned trials)
{
    clocks_t a, b;
    clocks_init(&a, f);
    clocks_init(&b, f);
    assert_non_null(a.ecount);
    uint64_t seed = 12345;
    for (unsigned t = 0; t < trials; t++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        const int d = (int)(seed >> 33) % CLK_N;
        const unsigned r = (unsigned)(seed >> 40);
        const uint64_t k = b.cycle[d] + (r % 4 == 0 ? 0 : r % 4 == 1 ? r % 7 : r % 4 == 2 ? r % 300 : r % 20000);
        while (b.cycle[d] < k || !(clocks_peek(&b) >> d & 1))
            clocks_step(&b);
        clocks_jump(&a, d, k);
        for (int e = 0; e < CLK_N; e++) {
            assert_int_equal(a.cycle[e], b.cycle[e]);
            assert_int_equal(a.now[e], b.now[e]);
        }
        assert_int_equal(a.ppos, b.ppos);
        assert_int_equal(a.hp, b.hp);   /* (clocks_jump's division-free start) */
        assert_true(clocks_peek(&a) >> d & 1);
        /* the next edge of each other domain is after edge k of d iff its step is later */
        for (int e = 0; e < CLK_N; e++) {
            clocks_t c = b;
            uint64_t n = 0;
            while (!(clocks_peek(&c) >> e & 1)) {
                clocks_step(&c);
                n++;
            }
            assert_int_equal(clocks_before(&a, d, k, e, b.cycle[e]), n > 0);
        }
        const unsigned m = clocks_step(&a);   /* and on from there, step by step, alike */
        assert_int_equal(m, clocks_step(&b));
    }
    clocks_free(&a);
    clocks_free(&b);
}

static void jump(void **state)
{
    (void)state;
    for (unsigned s = 0; s < NSETS; s++)
        jump_exact(SETS[s], 3000);
    /* a hyperperiod too long for the tables: no jump (the run loop steps) */
    clocks_t c;
    clocks_init(&c, (const uint64_t[]){10000, 10001, 10002, 10003});
    assert_non_null(c.pattern);
    assert_null(c.ecount);
    clocks_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pattern_equals_exact),
        cmocka_unit_test(no_drift),
        cmocka_unit_test(first_edge),
        cmocka_unit_test(jump),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
