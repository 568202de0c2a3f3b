/* test_lineset.c - sim/mem/lineset.c against a plain array: random adds and
 * takes over a small range of lines (long probe runs, wrap-around, growth),
 * every answer and the count compared. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "mem/lineset.h"

static void random_ops(void **st)
{
    (void)st;
    enum { RANGE = 3000 };
    static unsigned char in[RANGE];
    lineset_t s = {0};
    unsigned n = 0;
    uint64_t x = 12345;
    for (unsigned op = 0; op < 400000; op++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t line = (x >> 33) % RANGE * 977;   /* spread, so that homes collide and wrap */
        unsigned k = (unsigned)(line / 977);
        if ((x >> 20) & 1) {
            assert_int_equal(lineset_add(&s, line), 0);
            n += !in[k];
            in[k] = 1;
        } else {
            assert_int_equal(lineset_take(&s, line), in[k]);
            n -= in[k];
            in[k] = 0;
        }
        assert_int_equal(s.n, n);
    }
    for (unsigned k = 0; k < RANGE; k++)
        assert_int_equal(lineset_take(&s, (uint64_t)k * 977), in[k]);
    assert_int_equal(s.n, 0);
    lineset_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(random_ops)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
