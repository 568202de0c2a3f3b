/* test_rodinia.c - the Rodinia kernels written per thread
 * (sim/workload/rodinia.c): addresses of chosen threads and iterations
 * worked out by hand from the CUDA sources of Rodinia 3.1. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/rodinia.h"

typedef struct {
    simt_prog_t prog;
    simt_lane_t lane;
    uint64_t mem[512];
    unsigned nmem, bars;
} run_t;

static void run2(run_t *r, simt_fn fn, const simt_args_t *a, unsigned tx, unsigned ty, unsigned bx, unsigned by,
                 unsigned bdx, unsigned bdy)
{
    memset(r, 0, sizeof *r);
    simt_t t = {.tx = tx, .ty = ty, .bx = bx, .by = by, .bdx = bdx, .bdy = bdy, .bdz = 1, .gdx = 1, .gdy = 1,
                .arg = a, .prog = &r->prog, .lane = &r->lane};
    fn(&t);
    assert_int_equal(t.err, 0);
    for (size_t i = 0; i < r->lane.n; i++) {
        const simt_site_t *s = &r->prog.site[r->lane.site[i]];
        if (s->width && r->nmem < 512)
            r->mem[r->nmem++] = r->lane.addr[i];
        r->bars += !strcmp(s->op, "BAR.SYNC");
    }
    free(r->lane.site);
    free(r->lane.addr);
}

static void run(run_t *r, simt_fn fn, const simt_args_t *a, unsigned tx, unsigned bx, unsigned bdx)
{
    run2(r, fn, a, tx, 0, bx, 0, bdx, 1);
}

/* dynproc_kernel, cols = 10000, startStep 0 (iteration 20, small blocks of
 * 216 columns, border 20). Thread 30 of block 2: xidx = 216 * 2 - 20 + 30 = 442.
 * gpuSrc[442] = SRC + 1768 -> prev[30] = SH + 120; step i: prev[29], prev[30],
 * prev[31], gpuWall[10000 i + 442], result[30] = SH + 1144; between steps
 * result[30] -> prev[30]; after the 20th, gpuResults[442] = DST + 1768. */
static void pathfinder_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t SRC = 0x1000000, DST = 0x2000000, WALL = 0x3000000, SH = 0x9000000;
    simt_args_t a = {.arr = {SRC, DST, WALL}, .n = 10000, .p = 0, .shmem = SH};
    run(&r, rd_pathfinder, &a, 30, 2, PF_BLOCK);
    assert_int_equal(r.mem[0], SRC + 1768);
    assert_int_equal(r.mem[1], SH + 120);
    const uint64_t step0[5] = {SH + 116, SH + 120, SH + 124, WALL + 1768, SH + 1144};
    for (int k = 0; k < 5; k++)
        assert_int_equal(r.mem[2 + k], step0[k]);
    assert_int_equal(r.mem[7], SH + 1144);           /* result[30] ... */
    assert_int_equal(r.mem[8], SH + 120);            /* ... to prev[30] */
    assert_int_equal(r.mem[2 + 7 * 5 + 3], WALL + 4 * 50442);   /* step 5: gpuWall[5 * 10000 + 442] */
    assert_int_equal(r.nmem, 2 + 7 * 19 + 5 + 2);    /* 19 steps with the copy, the last without, the store */
    assert_int_equal(r.mem[r.nmem - 1], DST + 1768);
    assert_int_equal(r.bars, 1 + 2 * 19 + 1);
    /* thread 0 of block 0: xidx = -20, outside the grid and the valid range: no access, the barriers only */
    run(&r, rd_pathfinder, &a, 0, 0, PF_BLOCK);
    assert_int_equal(r.nmem, 0);
    assert_int_equal(r.bars, 40);
    /* the last pyramid (startStep 80): 19 steps */
    a.p = 80;
    run(&r, rd_pathfinder, &a, 30, 2, PF_BLOCK);
    assert_int_equal(r.bars, 1 + 2 * 18 + 1);
}

/* calculate_temp, N = 64, iteration 2 (small blocks of 12, border 2); thread
 * (5, 7) of block (1, 2): yidx = 12 * 2 - 2 + 7 = 29, xidx = 12 - 2 + 5 = 15,
 * index = 64 * 29 + 15 = 1871. temp_src and power at 4 * 1871 = 7484 into
 * temp_on_cuda[7][5] (SH + 468) and power_on_cuda[7][5] (SH + 1492); each
 * step reads [7][5], power [7][5], [8][5] (SH + 532), [6][5] (SH + 404),
 * [7][6] (SH + 472), [7][4] (SH + 464) and writes temp_t[7][5] (SH + 2516);
 * between the steps temp_t -> temp_on_cuda; then temp_dst[1871]. */
static void hotspot_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t TS = 0x1000000, TD = 0x2000000, PW = 0x3000000, SH = 0x9000000;
    simt_args_t a = {.arr = {TS, TD, PW}, .n = 64, .p = 2, .shmem = SH};
    run2(&r, rd_hotspot, &a, 5, 7, 1, 2, HS_BLOCK, HS_BLOCK);
    const uint64_t want[22] = {TS + 7484, SH + 468, PW + 7484, SH + 1492,
                               SH + 468, SH + 1492, SH + 532, SH + 404, SH + 472, SH + 464, SH + 2516,
                               SH + 2516, SH + 468,
                               SH + 468, SH + 1492, SH + 532, SH + 404, SH + 472, SH + 464, SH + 2516,
                               SH + 2516, TD + 7484};
    assert_int_equal(r.nmem, 22);
    for (int i = 0; i < 22; i++)
        assert_int_equal(r.mem[i], want[i]);
    assert_int_equal(r.bars, 1 + 2 + 1);   /* after the loads; step 0 twice; step 1 once */
    /* thread (0, 0) of block (0, 0): outside the grid (yidx = xidx = -2), never computes */
    run2(&r, rd_hotspot, &a, 0, 0, 0, 0, HS_BLOCK, HS_BLOCK);
    assert_int_equal(r.nmem, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(pathfinder_addresses), cmocka_unit_test(hotspot_addresses)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
