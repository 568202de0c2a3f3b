/* test_repl_fifo.c - the FIFO replacement policy (sim/mem/repl_fifo.c) in a
 * tag array of one set of four ways: lines leave in the order they were
 * allocated, hits or not; the same accesses under LRU evict another line;
 * its registry row gives its name and GPGPU-Sim's letter F. */
#include "repl_harness.h"

static void registry_row(void **state)
{
    (void)state;
    check_row(REPL_FIFO, &repl_fifo, "fifo", 'F');
}

/* A B C D fill ways 0..3; A is hit three times. FIFO: A still goes first,
 * then B, C, D, then the first newcomer E (way 0): allocation order. */
static void first_in_first_out(void **state)
{
    (void)state;
    tags_t t;
    assert_int_equal(tags_init(&t, 1, WAYS, &repl_fifo), 0);
    for (unsigned i = 0; i < WAYS; i++)
        assert_int_equal(fill(&t, 0xA + i), i);
    for (int k = 0; k < 3; k++)
        tags_touch(&t, tags_find(&t, 0, 0xA));
    for (unsigned i = 0; i < WAYS; i++)
        assert_int_equal(fill(&t, 0xE + i), i);   /* E F G H replace A B C D in turn */
    tags_touch(&t, tags_find(&t, 0, 0xE));
    assert_int_equal(fill(&t, 0x20), 0);          /* E, though just hit */
    assert_null(tags_find(&t, 0, 0xE));
    tags_free(&t);
}

/* The decision that differs: after A B C D and a hit on A, LRU evicts B
 * (way 1), FIFO evicts A (way 0). */
static void differs_from_lru(void **state)
{
    (void)state;
    const repl_ops_t *pol[2] = {&repl_lru, &repl_fifo};
    const unsigned want[2] = {1, 0};
    for (int p = 0; p < 2; p++) {
        tags_t t;
        assert_int_equal(tags_init(&t, 1, WAYS, pol[p]), 0);
        for (unsigned i = 0; i < WAYS; i++)
            fill(&t, 0xA + i);
        tags_touch(&t, tags_find(&t, 0, 0xA));
        assert_int_equal(fill(&t, 0xE), want[p]);
        tags_free(&t);
    }
}

/* An invalidated line (a write-evict) is taken before the oldest valid one,
 * and the newcomer in it is the youngest. */
static void invalidated_first(void **state)
{
    (void)state;
    tags_t t;
    assert_int_equal(tags_init(&t, 1, WAYS, &repl_fifo), 0);
    for (unsigned i = 0; i < WAYS; i++)
        fill(&t, 0xA + i);
    tags_invalidate(&t, tags_find(&t, 0, 0xC));
    assert_int_equal(fill(&t, 0xE), 2);
    assert_int_equal(fill(&t, 0xF), 0);   /* then A, B, D, E: allocation order */
    assert_int_equal(fill(&t, 0x10), 1);
    assert_int_equal(fill(&t, 0x11), 3);
    assert_int_equal(fill(&t, 0x12), 2);
    tags_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(registry_row),
        cmocka_unit_test(first_in_first_out),
        cmocka_unit_test(differs_from_lru),
        cmocka_unit_test(invalidated_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
