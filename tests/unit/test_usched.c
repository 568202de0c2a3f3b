/* test_usched.c - the run loop's schedule of a domain's units (usched.h)
 * against the scan it replaces: at every edge at or after its bound, the
 * units it gives are exactly those whose next cycle has come or that were
 * woken; before its bound none is. Units' next cycles are drawn at random:
 * the next edge, a few cycles ahead, just inside and outside the wheel,
 * far ahead, never; wakes arrive between edges, and skipped edges (the run
 * loop's) are taken only before the bound. Packets due at a later cycle
 * (usched_wake_at) lower a unit's next cycle, inside the wheel or past it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "usched.h"

static uint64_t rnd(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* the next cycle a unit that ran at edge now asks for */
static uint64_t draw_next(uint64_t *s, uint64_t now)
{
    switch (rnd(s) % 10) {
    case 0: return now;                        /* not after now: the next edge */
    case 1: return 0;
    case 2: return now + 1;
    case 3: return now + 63;                   /* the wheel's last slot */
    case 4: return now + 64;                   /* the far set's first */
    case 5: return now + 64 + rnd(s) % 500;
    case 6: return UINT64_MAX;                 /* asleep until woken */
    default: return now + 1 + rnd(s) % 70;
    }
}

static void against_scan(unsigned n, uint64_t seed, unsigned edges)
{
    usched_t u;
    assert_int_equal(usched_init(&u, n), 0);
    uint64_t ref[64], s = seed;   /* the scan's next cycles (0: woken) */
    for (unsigned i = 0; i < n; i++)
        ref[i] = 0;
    uint64_t now = 0, ran = 0;
    for (unsigned e = 0; e < edges; e++, now++) {
        if (e && rnd(&s) % 4 == 0) {   /* a packet for a unit, from another domain, before the edge */
            const unsigned i = (unsigned)(rnd(&s) % n);
            usched_wake(&u, i);
            ref[i] = 0;
        }
        if (e && rnd(&s) % 3 == 0) {   /* a packet due at cycle t: the unit runs there at the latest */
            const unsigned i = (unsigned)(rnd(&s) % n);
            static const uint64_t ahead[] = {0, 1, 2, 5, 63, 64, 65, 300};
            const uint64_t t = rnd(&s) % 9 == 0 ? now - 1 : now + ahead[rnd(&s) % 8];
            usched_wake_at(&u, i, t, now);
            if (t <= now)
                ref[i] = 0;
            else if (t < ref[i])
                ref[i] = t;
        }
        uint64_t want = 0, first = UINT64_MAX;
        for (unsigned i = 0; i < n; i++) {
            if (ref[i] <= now)
                want |= 1ull << i;
            if (ref[i] < first)
                first = ref[i];
        }
        assert_true(u.min <= first);   /* a lower bound */
        if (now < u.min) {             /* the run loop skips the edge */
            assert_true(want == 0);
            continue;
        }
        const uint64_t due = usched_take(&u, now);
        assert_true(due == want);
        for (uint64_t m = due; m; m &= m - 1) {
            const unsigned i = (unsigned)__builtin_ctzll(m);
            const uint64_t t = draw_next(&s, now);
            u.next[i] = t;
            ref[i] = t <= now ? now + 1 : t;
            usched_file(&u, i, now);
            ran++;
        }
        usched_settle(&u, now);
    }
    assert_true(ran > edges / 8);   /* the schedule was exercised */
    usched_free(&u);
}

static void same_as_scan(void **state)
{
    (void)state;
    const unsigned ns[] = {1, 2, 6, 12, 15, 63, 64};
    for (unsigned k = 0; k < sizeof ns / sizeof ns[0]; k++)
        for (uint64_t seed = 1; seed <= 8; seed++)
            against_scan(ns[k], seed * 7919 + ns[k], 20000);
}

/* A unit woken while filed far ahead runs at the next edge and is filed
 * anew, not left in the far set too. */
static void wake_from_far(void **state)
{
    (void)state;
    usched_t u;
    assert_int_equal(usched_init(&u, 3), 0);
    assert_true(usched_take(&u, 0) == 7);
    u.next[0] = 1000, u.next[1] = UINT64_MAX, u.next[2] = 5;
    for (unsigned i = 0; i < 3; i++)
        usched_file(&u, i, 0);
    usched_settle(&u, 0);
    assert_true(u.min == 5);
    usched_wake(&u, 0);
    assert_true(u.min == 0);
    assert_true(usched_take(&u, 1) == 1);
    u.next[0] = 2;
    usched_file(&u, 0, 1);
    usched_settle(&u, 1);
    assert_true(u.min == 2);
    assert_true(usched_take(&u, 2) == 1);
    u.next[0] = UINT64_MAX;
    usched_file(&u, 0, 2);
    usched_settle(&u, 2);
    assert_true(u.min == 5);
    assert_true(usched_take(&u, 5) == 4);
    u.next[2] = UINT64_MAX;
    usched_file(&u, 2, 5);
    usched_settle(&u, 5);
    /* the far set's bound (1000, unit 0's old cycle) is stale: an edge there finds nothing */
    assert_true(u.min == 1000);
    assert_true(usched_take(&u, 1000) == 0);
    usched_settle(&u, 1000);
    assert_true(u.min == UINT64_MAX);
    usched_free(&u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_as_scan),
        cmocka_unit_test(wake_from_far),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
