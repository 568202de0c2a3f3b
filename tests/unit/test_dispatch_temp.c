/* test_dispatch_temp.c - TEMP's serial thread-block dispatch
 * (sim/core/dispatch_temp.c, the temp_dispatch block's C model): the host
 * splits the kernel's batches over the SMs, each SM pops the blocks of its
 * own range in order, all SMs in the same cycle, and an SM whose range is
 * used up gets nothing though other SMs still have blocks. Worked by hand:
 * vectoradd with 10 blocks on 3 SMs, a launch stride of 2 -> 5 batches split
 * [0,1) [1,3) [3,5) -> blocks SM 0: 0 1, SM 1: 2 3 4 5, SM 2: 6 7 8 9. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/dispatch.h"
#include "workload/kernels.h"

static void test_temp_ranges(void **state)
{
    (void)state;
    config_t cfg;
    config_defaults(&cfg);
    assert_int_equal(config_set(&cfg, "sm.count=3", "test"), 0);
    assert_int_equal(config_set(&cfg, "gpu.dispatch=temp", "test"), 0);
    assert_int_equal(config_check(&cfg), 0);
    workload_t *w = builtin_open("vectoradd", 2560);   /* 10 blocks of 256 threads */
    assert_non_null(w);
    unsigned c = 0;
    while (w->cmd[c].kind != CMD_KERNEL)
        c++;
    kernel_t *k = w->open_kernel(w, c);
    assert_non_null(k);
    assert_int_equal(k->info.nblocks, 10);
    k->info.batch_stride = 2;   /* the launch's stride, as the GPU sets it (batch.stride, or profiled) */
    dispatcher_t d = {.ops = dispatch_table[DISPATCH_ID_temp]};
    sim_blkopts_t bo;
    memset(&bo, 0, sizeof bo);
    assert_int_equal(d.ops->open(&d.unit, &cfg, &bo), 0);
    assert_int_equal(d.ops->start(&d, k, 3), 0);
    static tb_t tb;
    memset(&tb, 0, sizeof tb);
    /* each cycle: which SMs ask (bit per SM), and the block each gets (-1: none) */
    static const struct {
        uint8_t ask[3];
        int blk[3];
    } cyc[] = {
        {{1, 1, 1}, {0, 2, 6}},    /* the first cycle: the writes, then every SM pops */
        {{0, 1, 0}, {-1, 3, -1}},  /* only SM 1 asks */
        {{1, 0, 1}, {1, -1, 7}},
        {{1, 1, 1}, {-1, 4, 8}},   /* SM 0's range is used up */
        {{1, 1, 1}, {-1, 5, 9}},
    };
    for (unsigned i = 0; i < sizeof cyc / sizeof cyc[0]; i++) {
        assert_true(d.ops->more(&d));
        assert_int_equal(d.ops->cycle(&d, cyc[i].ask, i), 0);
        for (unsigned sm = 0; sm < 3; sm++) {
            if (!cyc[i].ask[sm])
                continue;
            kernel_t *from = NULL;
            tb_clear(&tb);
            int r = d.ops->next(&d, sm, &tb, &from);
            if (cyc[i].blk[sm] < 0) {
                assert_int_equal(r, 0);
            } else {
                assert_int_equal(r, 1);
                assert_non_null(from);
                if (tb.idx[0] != (unsigned)cyc[i].blk[sm])
                    fail_msg("cycle %u, sm%u got block %u, expected %d", i, sm, tb.idx[0], cyc[i].blk[sm]);
            }
        }
    }
    assert_false(d.ops->more(&d));
    d.ops->stop(&d);
    d.ops->close(d.unit);
    tb_free(&tb);
    k->close(k);
    w->close(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_temp_ranges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
