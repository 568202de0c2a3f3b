/* test_lineset.c - sim/mem/lineset.c against plain arrays: random adds, puts
 * (values) and takes over a small range of lines (long probe runs,
 * wrap-around, growth), every answer, value and the count compared. */
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
    static uint32_t val[RANGE];
    lineset_t s = {0};
    unsigned n = 0;
    uint64_t x = 12345;
    for (unsigned op = 0; op < 400000; op++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t line = (x >> 33) % RANGE * 977;   /* spread, so that homes collide and wrap */
        unsigned k = (unsigned)(line / 977);
        if ((x >> 20) & 3) {
            if ((x >> 22) & 1) {
                assert_int_equal(lineset_add(&s, line), 0);   /* a new line's value is 0; an old one keeps its */
                if (!in[k])
                    val[k] = 0;
            } else {
                assert_int_equal(lineset_put(&s, line, (uint32_t)op), 0);
                val[k] = op;
            }
            n += !in[k];
            in[k] = 1;
        } else {
            assert_int_equal(lineset_take(&s, line), in[k]);
            n -= in[k];
            in[k] = 0;
        }
        assert_int_equal(s.n, n);
        uint32_t v = 12345;
        assert_int_equal(lineset_get(&s, line, &v), in[k]);
        if (in[k])
            assert_int_equal(v, val[k]);
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
