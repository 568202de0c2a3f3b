/* test_cache.c - the tag array and MSHR table the L1D and the L2 share
 * (sim/mem/cache.c) and the policy registries (cache_policy.c): invalid
 * lines first (the lowest way) whatever their age; LRU ties go to the
 * lowest way; reserved lines never; the victim-order keys agree with the
 * lines; a set of its own per index; the MSHR
 * table's allocation order, merge limit and release; the registries' rows
 * reach the configuration keys and GPGPU-Sim's letters. Each replacement
 * policy has its own test beside it (test_repl_NAME.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "io/config.h"
#include "mem/cache_policy.h"

static cline_t *line_at(tags_t *t, unsigned set, unsigned way) { return &t->l[(size_t)set * t->ways + way]; }

static void valid(tags_t *t, unsigned set, unsigned way, uint64_t line, uint64_t age)
{
    cline_t *c = line_at(t, set, way);
    c->rp = age;   /* (the policy's data first: tags_set files the way by it) */
    tags_set(t, c, LINE_V, line);
}

/* An invalid way is chosen before any valid one, even a far older one; the
 * lowest invalid way first. */
static void invalid_lines_first(void **state)
{
    (void)state;
    tags_t t;
    assert_int_equal(tags_init(&t, 2, 4, &repl_lru), 0);
    assert_ptr_equal(tags_victim(&t, 1), line_at(&t, 1, 0));   /* all invalid: way 0 */
    valid(&t, 1, 0, 10, 1);
    valid(&t, 1, 2, 12, 100);
    assert_ptr_equal(tags_victim(&t, 1), line_at(&t, 1, 1));
    valid(&t, 1, 1, 11, 50);
    assert_ptr_equal(tags_victim(&t, 1), line_at(&t, 1, 3));
    valid(&t, 1, 3, 13, 70);
    assert_ptr_equal(tags_victim(&t, 1), line_at(&t, 1, 0));   /* full: the oldest (age 1) */
    /* set 0 is untouched by set 1's lines */
    assert_null(tags_find(&t, 0, 10));
    assert_ptr_equal(tags_find(&t, 1, 12), line_at(&t, 1, 2));
    tags_invalidate(&t, line_at(&t, 1, 2));
    assert_null(tags_find(&t, 1, 12));   /* an invalid line matches nothing */
    assert_ptr_equal(tags_victim(&t, 1), line_at(&t, 1, 2));
    assert_true(tags_keys_ok(&t));
    line_at(&t, 1, 3)->line = 99;   /* a change behind tags_set's back is seen */
    assert_false(tags_keys_ok(&t));
    tags_free(&t);
}

/* Equal ages: the lowest way among them; a younger line never. */
static void ties_go_to_the_lowest_way(void **state)
{
    (void)state;
    for (int p = 0; p < REPL_N; p++) {
        tags_t t;
        assert_int_equal(tags_init(&t, 1, 4, repl_table[p]), 0);
        valid(&t, 0, 0, 1, 9);
        valid(&t, 0, 1, 2, 5);
        valid(&t, 0, 2, 3, 9);
        valid(&t, 0, 3, 4, 5);
        assert_ptr_equal(tags_victim(&t, 0), line_at(&t, 0, 1));
        tags_set(&t, line_at(&t, 0, 1), LINE_R, 2);
        assert_ptr_equal(tags_victim(&t, 0), line_at(&t, 0, 3));
        tags_free(&t);
    }
}

/* Reserved lines (fill pending) are found but never replaced; a set with
 * every way reserved has no victim. */
static void reserved_never(void **state)
{
    (void)state;
    tags_t t;
    assert_int_equal(tags_init(&t, 1, 2, &repl_lru), 0);
    for (unsigned w = 0; w < 2; w++) {
        cline_t *v = tags_victim(&t, 0);
        assert_ptr_equal(v, line_at(&t, 0, w));
        tags_set(&t, v, LINE_R, 40 + w);
        tags_reset(&t, v);
    }
    assert_ptr_equal(tags_find(&t, 0, 41), line_at(&t, 0, 1));
    assert_null(tags_victim(&t, 0));
    tags_free(&t);
}

/* The array's clock: every allocation and touch is a new, later time. */
static void events_are_ordered(void **state)
{
    (void)state;
    tags_t t;
    assert_int_equal(tags_init(&t, 1, 2, &repl_lru), 0);
    tags_reset(&t, line_at(&t, 0, 0));
    tags_touch(&t, line_at(&t, 0, 1));
    tags_touch(&t, line_at(&t, 0, 0));
    assert_int_equal(line_at(&t, 0, 1)->rp, 2);
    assert_int_equal(line_at(&t, 0, 0)->rp, 3);
    assert_int_equal(t.stamp, 3);
    tags_free(&t);
}

/* tags_victim and tags_can_alloc read the victim-order keys (vk) instead of
 * the lines: after random events (states, allocations, touches,
 * invalidations) on random ways, under every policy and a few way counts,
 * each equals what the lines say: the lowest invalid way, else the policy's
 * own choice (get_victim), none when every way is reserved. */
static void victim_keys_follow_the_lines(void **state)
{
    (void)state;
    uint64_t seed = 7;
    const unsigned ways_of[] = {1, 4, 8, 16};
    for (int p = 0; p < REPL_N; p++)
        for (unsigned wi = 0; wi < sizeof ways_of / sizeof ways_of[0]; wi++) {
            const unsigned ways = ways_of[wi];
            tags_t t;
            assert_int_equal(tags_init(&t, 2, ways, repl_table[p]), 0);
            for (unsigned n = 0; n < 4000; n++) {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                const unsigned set = (unsigned)(seed >> 60) & 1, w = (unsigned)(seed >> 40) % ways;
                cline_t *c = line_at(&t, set, w);
                switch ((seed >> 33) % 5) {
                case 0: tags_set(&t, c, LINE_R, 100 + w); break;
                case 1: tags_set(&t, c, LINE_V, 100 + w); break;
                case 2: tags_reset(&t, c); break;
                case 3: tags_touch(&t, c); break;
                default: tags_invalidate(&t, c); break;
                }
                cline_t *s0 = line_at(&t, set, 0), *want = NULL;
                int can = 0;
                for (unsigned v = 0; v < ways && !want; v++)
                    if (s0[v].state == LINE_I)
                        want = &s0[v];
                if (!want)
                    want = repl_table[p]->get_victim(s0, ways);
                for (unsigned v = 0; v < ways; v++)
                    can |= s0[v].state != LINE_R;
                assert_ptr_equal(tags_victim(&t, set), want);
                assert_int_equal(tags_can_alloc(&t, set), can);
            }
            assert_true(tags_keys_ok(&t));
            tags_free(&t);
        }
}

/* Entries are taken 0, 1, 2, ...; a full table refuses; merges stop at the
 * limit; a released entry is the next one taken; find sees live entries. */
static void mshr_table(void **state)
{
    (void)state;
    mshr_t m;
    assert_int_equal(mshr_init(&m, 3, 2), 0);
    for (int i = 0; i < 3; i++)
        assert_int_equal(mshr_alloc(&m, 100 + (uint64_t)i, (uint32_t)i), i);
    assert_int_equal(mshr_alloc(&m, 200, 9), -1);
    assert_int_equal(m.used, 3);
    assert_int_equal(mshr_find(&m, 101), 1);
    assert_int_equal(mshr_find(&m, 200), -1);
    assert_int_equal(mshr_merge(&m, 1, 7), 0);
    assert_int_equal(mshr_merge(&m, 1, 8), -1);   /* two requests: full */
    assert_int_equal(m.e[1].n, 2);
    assert_int_equal(m.e[1].wait[0], 1);
    assert_int_equal(m.e[1].wait[1], 7);
    mshr_release(&m, 1);
    assert_int_equal(mshr_find(&m, 101), -1);
    assert_int_equal(mshr_alloc(&m, 300, 4), 1);
    assert_int_equal(m.e[1].n, 1);
    mshr_free(&m);
}

/* Every policy row: a distinct name and letter, reachable by --set and by
 * its GPGPU-Sim letter; an unknown name is refused with the names listed. */
static void registries_reach_the_keys(void **state)
{
    (void)state;
    for (int p = 0; p < REPL_N; p++) {
        assert_non_null(repl_table[p]->get_victim);
        assert_non_null(repl_table[p]->what);
        assert_int_equal(repl_by_letter(repl_letters[p]), p);
        for (int q = 0; q < p; q++) {
            assert_true(strcmp(repl_names[p], repl_names[q]) != 0);
            assert_true(repl_letters[p] != repl_letters[q]);
        }
        config_t c;
        config_defaults(&c);
        char kv[64];
        snprintf(kv, sizeof kv, "l2.replace=%s", repl_names[p]);
        assert_int_equal(config_set(&c, kv, "--set"), 0);
        assert_int_equal(c.l2_repl, p);
        snprintf(kv, sizeof kv, "l1.replace=%s", repl_names[p]);
        assert_int_equal(config_set(&c, kv, "--set"), 0);
        assert_int_equal(c.l1_repl, p);
    }
    assert_null(repl_names[REPL_N]);
    assert_int_equal(repl_by_letter('X'), -1);
    assert_int_equal(repl_by_letter('\0'), -1);
    assert_int_equal(alloc_by_letter('m'), ALLOC_ON_MISS);
    assert_int_equal(alloc_by_letter('f'), ALLOC_ON_FILL);
    assert_int_equal(alloc_by_letter('s'), ALLOC_ON_FILL);
    assert_int_equal(alloc_by_letter('x'), -1);
    assert_string_equal(alloc_names[ALLOC_ON_FILL], "fill");
    assert_int_equal(alloc_at_fill[ALLOC_ON_MISS], 0);
    assert_int_equal(alloc_at_fill[ALLOC_ON_FILL], 1);

    config_t c;
    config_defaults(&c);
    assert_int_equal(c.l1_repl, REPL_LRU);
    assert_int_equal(c.l2_repl, REPL_LRU);
    FILE *cap = tmpfile();
    assert_non_null(cap);
    fflush(stderr);
    int saved = dup(2);
    dup2(fileno(cap), 2);
    int rc = config_set(&c, "l1.replace=lfu", "--set");
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    char err[256] = {0};
    rewind(cap);
    assert_true(fread(err, 1, sizeof err - 1, cap) > 0);
    fclose(cap);
    assert_int_equal(rc, 2);
    assert_string_equal(err, "--set: bad value 'lfu' for l1.replace: expected one of: lru fifo\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(invalid_lines_first),
        cmocka_unit_test(ties_go_to_the_lowest_way),
        cmocka_unit_test(reserved_never),
        cmocka_unit_test(events_are_ordered),
        cmocka_unit_test(victim_keys_follow_the_lines),
        cmocka_unit_test(mshr_table),
        cmocka_unit_test(registries_reach_the_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
