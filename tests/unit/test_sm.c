/* test_sm.c - the SM's coalescer (sim/core/sm.c, sm_coalesce): its requests
 * for a dense span of lanes (ascending addresses, a load's at most 32 bytes
 * apart, a store's at most its width) are computed from the span's first and
 * last byte instead of lane by lane. Each mode's outcome on a few spans is
 * worked out by hand; then the span path against the lane-by-lane one on
 * random lanes, dense and not, in every mode, width and kind of access. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/sm.h"
#include "io/config.h"

static config_t cfg;
static uint64_t line[MAX_LINES];
static uint8_t sect[MAX_LINES], full[MAX_LINES];

static void mode(unsigned coalesce, unsigned bypass)
{
    config_defaults(&cfg);
    cfg.coalesce = coalesce;
    cfg.l1_bypass = bypass;
}

/* k lanes of width bytes from a, step bytes apart. */
static unsigned run(unsigned cls, unsigned width, uint64_t a, unsigned step, unsigned k, int spans)
{
    sinst_t in;
    memset(&in, 0, sizeof in);
    in.cls = (uint8_t)cls;
    in.width = (uint8_t)width;
    uint64_t addr[WARP_SIZE];
    for (unsigned i = 0; i < k; i++)
        addr[i] = a + (uint64_t)i * step;
    return sm_coalesce(&cfg, &in, width, k, addr, line, sect, full, spans);
}

/* fermi, 4-byte loads, 32 lanes from 0x1000: one 128 B segment, whole. From
 * 0x1010, 8 lanes (0x1010-0x102f): quarters 0 and 1 of the line, its first
 * half. sector: the same lanes, two 32 B requests. A store of 8 lanes from
 * 0x1020 in sector mode writes sector 1 whole; from 0x1010, neither. */
static void hand_worked(void **state)
{
    (void)state;
    mode(COALESCE_FERMI, 0);
    assert_int_equal(run(OP_LDG, 4, 0x1000, 4, 32, 1), 1);
    assert_int_equal(line[0], 0x20);
    assert_int_equal(sect[0], 0xF);
    assert_int_equal(run(OP_LDG, 4, 0x1010, 4, 8, 1), 1);
    assert_int_equal(sect[0], 0x3);
    mode(COALESCE_SECTOR, 0);
    assert_int_equal(run(OP_LDG, 4, 0x1010, 4, 8, 1), 2);
    assert_int_equal(line[0], 0x20);
    assert_int_equal(line[1], 0x20);
    assert_int_equal(sect[0], 0x1);
    assert_int_equal(sect[1], 0x2);
    assert_int_equal(run(OP_STG, 4, 0x1020, 4, 8, 1), 1);
    assert_int_equal(sect[0], 0x2);
    assert_int_equal(full[0], 0x2);
    assert_int_equal(run(OP_STG, 4, 0x1010, 4, 8, 1), 2);
    assert_int_equal(full[0] | full[1], 0);
    /* line: 8-byte loads 16 bytes apart from 0x10f8, 16 lanes: bytes
     * 0x10f8-0x11ef, lines 0x21 (its last 8 bytes), 0x22 and 0x23, in order */
    mode(COALESCE_LINE, 0);
    assert_int_equal(run(OP_LDG, 8, 0x10f8, 16, 16, 1), 3);
    assert_int_equal(line[0], 0x21);
    assert_int_equal(line[1], 0x22);
    assert_int_equal(line[2], 0x23);
    assert_int_equal(sect[0], SECT_ALL);
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Random lanes in every mode: most dense (steps up to 32 bytes, or up to the
 * width for stores), some not (a step past the bound, a descending one,
 * scattered lanes, a span ending at 2^64 - 1); the span path must give what
 * the lane-by-lane one gives, request for request. */
static void spans_equal_lanes(void **state)
{
    (void)state;
    static const unsigned widths[] = {1, 2, 4, 8, 16};
    static const unsigned classes[] = {OP_LDG, OP_STG, OP_LDL, OP_STL, OP_ATOM};
    unsigned dense = 0;
    for (unsigned t = 0; t < 400000; t++) {
        mode((unsigned)(next() % 3), (unsigned)(next() % 2));
        unsigned width = widths[next() % 5], cls = classes[next() % 5];
        unsigned k = 1 + (unsigned)(next() % WARP_SIZE);
        uint64_t a = next() % 8 == 0 ? UINT64_MAX - next() % 4096 : next() % (1u << 20);
        a &= ~(uint64_t)(width - 1) | (next() % 4 == 0 ? ~0ull : 0);   /* mostly naturally aligned */
        uint64_t addr[WARP_SIZE];
        unsigned kind = (unsigned)(next() % 8), step = (unsigned)(next() % 33);
        for (unsigned i = 0; i < k; i++) {
            switch (kind) {
            case 0: addr[i] = next() % (1u << 12); break;                  /* scattered */
            case 1: addr[i] = a - (uint64_t)i * (step ? step : 1); break;   /* descending */
            case 2: addr[i] = a + (uint64_t)i * 33; break;                  /* just past the bound */
            case 3: addr[i] = a + (uint64_t)i * (next() % (width + 1)); break;
            default: addr[i] = (i ? addr[i - 1] : a) + next() % (step + 1); break;
            }
        }
        sinst_t in;
        memset(&in, 0, sizeof in);
        in.cls = (uint8_t)cls;
        in.width = (uint8_t)width;
        uint64_t l0[MAX_LINES], l1[MAX_LINES];
        uint8_t s0[MAX_LINES], s1[MAX_LINES], f0[MAX_LINES], f1[MAX_LINES];
        unsigned n0 = sm_coalesce(&cfg, &in, width, k, addr, l0, s0, f0, 0);
        unsigned n1 = sm_coalesce(&cfg, &in, width, k, addr, l1, s1, f1, 1);
        int ok = n0 == n1 && !memcmp(l0, l1, n0 * sizeof *l0) && !memcmp(s0, s1, n0) && !memcmp(f0, f1, n0);
        if (!ok)
            fail_msg("try %u: mode %u bypass %u cls %u width %u k %u from 0x%llx (kind %u, step %u): "
                     "%u requests lane by lane, %u by span", t, cfg.coalesce, cfg.l1_bypass, cls, width, k,
                     (unsigned long long)addr[0], kind, step, n0, n1);
        unsigned bound = cls == OP_STG || cls == OP_STL ? width : 32, in_span = addr[k - 1] + width - 1 >= addr[k - 1];
        for (unsigned i = 1; i < k; i++)
            in_span &= addr[i] >= addr[i - 1] && addr[i] - addr[i - 1] <= bound;
        dense += in_span;
    }
    assert_true(dense > 100000);   /* the span path was taken often */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hand_worked),
        cmocka_unit_test(spans_equal_lanes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
