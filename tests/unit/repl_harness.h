/* repl_harness.h - what the replacement policies' unit tests
 * (test_repl_NAME.c) share: a tag array of one set of WAYS ways, filled the
 * way a miss fills it, its next victim, and the check of a policy's
 * registry row (its ops, its name, GPGPU-Sim's letter). */
#ifndef MEMSCHED_TESTS_REPL_HARNESS_H
#define MEMSCHED_TESTS_REPL_HARNESS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem/cache_policy.h"

enum { WAYS = 4 };

/* A line for `line` in set 0 as a miss takes it (valid at once); its way. */
static inline unsigned fill(tags_t *t, uint64_t line)
{
    cline_t *v = tags_victim(t, 0);
    assert_non_null(v);
    tags_set(t, v, LINE_V, line);
    tags_reset(t, v);
    return (unsigned)(v - t->l);
}

/* The way the next miss in set 0 would take. */
static inline unsigned victim_way(tags_t *t)
{
    cline_t *v = tags_victim(t, 0);
    assert_non_null(v);
    return (unsigned)(v - t->l);
}

/* Policy `id` is row `id` of CACHE_REPL: its ops, name and letter. */
static inline void check_row(int id, const repl_ops_t *ops, const char *name, char letter)
{
    assert_ptr_equal(repl_table[id], ops);
    assert_string_equal(repl_names[id], name);
    assert_int_equal(repl_letters[id], letter);
    assert_int_equal(repl_by_letter(letter), id);
}

#endif
