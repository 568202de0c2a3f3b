/* test_dispatch_rr.c - round-robin thread-block dispatch
 * (sim/core/dispatch_rr.c): whichever SM asks gets the kernel's next block,
 * in the kernel's order, until none is left; then `more` is 0. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/dispatch.h"
#include "workload/kernels.h"

static void test_rr_order(void **state)
{
    (void)state;
    /* vectoradd with 2560 elements: 10 blocks of 256 threads, blockIdx.x 0..9 */
    workload_t *w = builtin_open("vectoradd", 2560);
    assert_non_null(w);
    unsigned c = 0;
    while (w->cmd[c].kind != CMD_KERNEL)
        c++;
    kernel_t *k = w->open_kernel(w, c);
    assert_non_null(k);
    assert_int_equal(k->info.nblocks, 10);
    dispatcher_t d = {.ops = dispatch_table[DISPATCH_ID_rr]};
    assert_int_equal(d.ops->start(&d, k, 3), 0);
    static tb_t tb;
    memset(&tb, 0, sizeof tb);
    /* SMs 2, 0, 1, 2, ... ask in turn: each gets the next block */
    for (unsigned i = 0; i < 10; i++) {
        kernel_t *from = NULL;
        tb_clear(&tb);
        assert_true(d.ops->more(&d));
        assert_int_equal(d.ops->next(&d, (i + 2) % 3, &tb, &from), 1);
        assert_ptr_equal(from, k);
        assert_int_equal(tb.idx[0], i);
    }
    kernel_t *from = NULL;
    assert_int_equal(d.ops->next(&d, 0, &tb, &from), 0);
    assert_false(d.ops->more(&d));
    d.ops->stop(&d);
    tb_free(&tb);
    k->close(k);
    w->close(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rr_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
