/* test_repl_lru.c - the LRU replacement policy (sim/mem/repl_lru.c) in a
 * tag array of one set of four ways: the victim is the line whose last
 * allocation or hit is oldest; a hit moves a line to the back; reserved
 * lines are passed over; its registry row gives its name and letter. */
#include "repl_harness.h"

static void registry_row(void **state)
{
    (void)state;
    check_row(REPL_LRU, &repl_lru, "lru", 'L');
}

/* Lines A B C D fill ways 0..3; hits on A then C: the order of last use is
 * B D A C, so B, D, A, C go in that order as new lines E F G H come in. */
static void least_recently_used_goes(void **state)
{
    (void)state;
    tags_t t;
    assert_int_equal(tags_init(&t, 1, WAYS, &repl_lru), 0);
    for (unsigned i = 0; i < WAYS; i++)
        assert_int_equal(fill(&t, 0xA + i), i);
    assert_int_equal(victim_way(&t), 0);   /* A: oldest so far */
    tags_touch(&t, tags_find(&t, 0, 0xA));
    tags_touch(&t, tags_find(&t, 0, 0xC));
    const unsigned order[WAYS] = {1, 3, 0, 2};   /* B D A C */
    for (unsigned i = 0; i < WAYS; i++)
        assert_int_equal(fill(&t, 0xE + i), order[i]);
    /* after the four fills E F G H (ways 1 3 0 2), E's way is the oldest */
    assert_int_equal(victim_way(&t), 1);
    tags_free(&t);
}

/* A reserved line (fill pending) is never replaced, however old; with every
 * way reserved there is no victim (a line-allocation failure). */
static void reserved_lines_pass(void **state)
{
    (void)state;
    tags_t t;
    assert_int_equal(tags_init(&t, 1, WAYS, &repl_lru), 0);
    for (unsigned i = 0; i < WAYS; i++)
        fill(&t, 0x10 + i);
    tags_set(&t, &t.l[0], LINE_R, t.l[0].line);
    assert_int_equal(victim_way(&t), 1);
    tags_set(&t, &t.l[1], LINE_R, t.l[1].line);
    tags_set(&t, &t.l[2], LINE_R, t.l[2].line);
    assert_int_equal(victim_way(&t), 3);
    tags_set(&t, &t.l[3], LINE_R, t.l[3].line);
    assert_null(tags_victim(&t, 0));
    tags_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(registry_row),
        cmocka_unit_test(least_recently_used_goes),
        cmocka_unit_test(reserved_lines_pass),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
