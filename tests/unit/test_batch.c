/* test_batch.c - thread batches by profiling (sim/core/batch.c), worked by
 * hand on vectoradd with 16384 elements: 64 blocks of 256 threads, each
 * block reading 1 KB of a and of b and writing 1 KB of c (4 B floats), the
 * arrays 64 KB each and page-aligned, so 16 pages of 4 KB per array, each
 * page touched by 4 consecutive blocks. sharing(1) = 48 pages x (4 - 1) =
 * 144; batches of 2: 48 x 1 = 48 (more than a tenth); of 3: pages cut
 * between two batches of three; of 4: 0. So the stride is 4. With 8 KB
 * pages (8 blocks a page): 24 pages x 7 = 168 at 1, 0 at 8: stride 8. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/batch.h"
#include "workload/kernels.h"

static void profile(unsigned page, batch_profile_t *p)
{
    workload_t *w = builtin_open("vectoradd", 16384);
    assert_non_null(w);
    unsigned c = 0;
    while (w->cmd[c].kind != CMD_KERNEL)
        c++;
    kernel_t *k = w->open_kernel(w, c);
    assert_non_null(k);
    assert_int_equal(k->info.nblocks, 64);
    assert_int_equal(batch_profile(k, page, p), 0);
    k->close(k);
    w->close(w);
}

static void test_vectoradd(void **state)
{
    (void)state;
    batch_profile_t p;
    profile(4096, &p);
    assert_int_equal(p.blocks, 64);
    assert_int_equal(p.pages, 48);
    assert_int_equal(p.pages_common, 0);
    assert_int_equal(p.sharing1, 144);
    assert_int_equal(p.sharing, 0);
    assert_int_equal(p.stride, 4);
    profile(8192, &p);
    assert_int_equal(p.pages, 24);
    assert_int_equal(p.sharing1, 168);
    assert_int_equal(p.stride, 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vectoradd),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
