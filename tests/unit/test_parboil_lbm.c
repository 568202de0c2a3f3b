/* test_parboil_lbm.c - Parboil's lbm written per thread
 * (sim/workload/parboil_lbm.c): addresses of chosen threads worked out by hand
 * from benchmarks/lbm/src/cuda/lbm_kernel.cu (performStreamCollide_kernel),
 * layout_config.h (120 x 120 x 150 cells padded to 128 x 120 x 154, 20 floats
 * a cell, SCATTER) and lbm.cu (the grid pointer REAL_MARGIN = 2 planes into
 * its allocation), the stand-in obstacle file's statistics, the registers the
 * two paths join in, and the workload lbm's arrays and launch. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/kernels.h"
#include "workload/parboil_lbm.h"

#include "simt_harness.h"

static const uint64_t SRC = 0x10000000, DST = 0x30000000;
static pbl_lbm_t grid150;   /* the stand-in at the datasets' 150 planes */

static int setup(void **state)
{
    (void)state;
    return pbl_lbm_standin(&grid150, LBM_SZ);
}

static int teardown(void **state)
{
    (void)state;
    pbl_lbm_free(&grid150);
    return 0;
}

/* cell (x, y, z) = thread x of block (y, z) */
static void run(run_t *r, const pbl_lbm_t *g, unsigned x, unsigned y, unsigned z)
{
    simt_args_t a = {.arr = {SRC, DST}, .n = g->nz, .data = g};
    simt_run(r, pbl_lbm_kernel, &a, x, 0, y, z, LBM_SX, 1, LBM_SY, g->nz);
}

/* The stand-in's flags: LBM_showGridStatistics of the real 120_120_150_ldc.of (a run log of
 * the suite's omp_cpu version) says nObstacleCells 343321, nAccelCells 26912, nFluidCells
 * 1789767 of 2 160 000. The walls are 120 120 150 - 118 118 148 = 99 248 cells; the accel
 * cells z = 1 and 148 inside 1 < x, y < 118: 2 x 116 x 116 = 26 912 (the sphere, 38.8 cells
 * around z = 74.5, reaches neither); the sphere's 244 256 cells make 343 504 obstacles
 * (0.05 % over the file's), fluid 2 160 000 - 343 504 - 26 912 = 1 789 584. */
static void lbm_standin(void **state)
{
    (void)state;
    assert_int_equal(grid150.obstacle, 343504);
    assert_int_equal(grid150.accel, 26912);
    assert_int_equal(grid150.fluid, 1789584);
    const uint8_t *f = grid150.flags;
#define FL(x, y, z) f[(x) + 120 * ((y) + 120 * (z))]
    assert_int_equal(FL(0, 50, 50), LBM_OBSTACLE);     /* a wall */
    assert_int_equal(FL(60, 60, 75), LBM_OBSTACLE);    /* the sphere's centre */
    assert_int_equal(FL(40, 50, 10), 0);               /* fluid */
    assert_int_equal(FL(10, 10, 1), LBM_ACCEL);        /* the lid planes */
    assert_int_equal(FL(10, 10, 148), LBM_ACCEL);
    assert_int_equal(FL(1, 10, 1), 0);                 /* x = 1: not accelerated */
    /* the sphere's extent along x through its centre: (2x - 119)^2 + 1 + 1 <= 6011 for
     * |2x - 119| <= 77, x = 21 .. 98 */
    assert_int_equal(FL(21, 59, 74), LBM_OBSTACLE);
    assert_int_equal(FL(20, 59, 74), 0);
    assert_int_equal(FL(98, 59, 74), LBM_OBSTACLE);
    assert_int_equal(FL(99, 59, 74), 0);
#undef FL
    /* three planes: z = 0 and 2 walls, z = 1 the lid plane; every cell counted once */
    pbl_lbm_t g3;
    assert_int_equal(pbl_lbm_standin(&g3, 3), 0);
    assert_int_equal(g3.obstacle + g3.accel + g3.fluid, 3u * 120 * 120);
    assert_true(g3.accel > 0 && g3.fluid > 0);
    pbl_lbm_free(&g3);
}

/* A fluid cell: thread 40 of block (50, 10): x = 40, y = 50, z = 10 (flags 0). CALC_INDEX(x, y,
 * z, 0) = 20 (40 + 128 (50 + 120 x 10)) = 20 x 160 040; in bytes 80 x 160 040 = 12 803 200, plus
 * the margin 2 x 128 x 120 x 80 = 2 457 600: the cell at SRC + 15 260 800. It loads C .. WB at
 * + 0, 4, .. 72 and the flags at + 76. Its stores, DST + 15 260 800 + 4 e + 80 (dx + 128 dy +
 * 15 360 dz) (a row 10 240 bytes, a plane 1 228 800):
 *   C 15 260 800; N + 10 240 + 4 = 15 271 044; S - 10 240 + 8 = 15 250 568; E + 80 + 12 =
 *   15 260 892; W - 80 + 16 = 15 260 736; T + 1 228 800 + 20 = 16 489 620; B - 1 228 800 + 24 =
 *   14 032 024; NE + 10 320 + 28 = 15 271 148; NW + 10 160 + 32 = 15 270 992; SE - 10 160 + 36 =
 *   15 250 676; SW - 10 320 + 40 = 15 250 520; NT + 1 239 040 + 44 = 16 499 884; NB - 1 218 560
 *   + 48 = 14 042 288; ST + 1 218 560 + 52 = 16 479 412; SB - 1 239 040 + 56 = 14 021 816; ET
 *   + 1 228 880 + 60 = 16 489 740; EB - 1 228 720 + 64 = 14 032 144; WT + 1 228 720 + 68 =
 *   16 489 588; WB - 1 228 880 + 72 = 14 031 992.
 * Instructions: 3 S2R, 3 IMAD, 20 LDG, LOP ISETP BRA, the fluid path's 149 (rho 18, momenta
 * 27, divisions 12, ACCEL LOP + 3 FSEL, u2 4, temp_base and DFL1 2, tempC's product 1, DFL2
 * 1, six axes 3 each, DFL3 1, six sums, twelve diagonals 3 each, 19 final FFMAs), IMAD, 19 STG,
 * EXIT: 199. */
static void lbm_fluid(void **state)
{
    (void)state;
    static run_t r;
    run(&r, &grid150, 40, 50, 10);
    const uint64_t c = SRC + 15260800;
    const uint64_t st[19] = {15260800, 15271044, 15250568, 15260892, 15260736, 16489620, 14032024,
                             15271148, 15270992, 15250676, 15250520, 16499884, 14042288, 16479412,
                             14021816, 16489740, 14032144, 16489588, 14031992};
    assert_int_equal(r.nmem, 39);
    for (unsigned e = 0; e < 20; e++) {
        assert_int_equal(r.mem[e], c + 4 * e);
        assert_string_equal(r.op[e], "LDG.E");
    }
    for (unsigned e = 0; e < 19; e++) {
        assert_int_equal(r.mem[20 + e], DST + st[e]);
        assert_string_equal(r.op[20 + e], "STG.E");
    }
    assert_int_equal(r.lane.n, 199);
    /* an accelerated cell (10, 10, 1) runs the same code: the test is a select */
    run(&r, &grid150, 10, 10, 1);
    assert_int_equal(r.lane.n, 199);
}

/* An obstacle cell, the bottom corner (0, 0, 0): the cell at SRC + 2 457 600, loads + 0 .. 76;
 * the stores that reach furthest down: SW (x - 1, y - 1) 80 (-1 - 128) = -10 320, DST +
 * 2 447 280 + 40; SB (y - 1, z - 1) 80 (-128 - 15 360) = -1 239 040, DST + 1 218 560 + 56, the
 * lowest address (inside the allocation's two margin planes); WB 80 (-1 - 15 360) = -1 228 880,
 * DST + 1 228 720 + 72. Instructions: 3 + 3 + 20 + 3, 18 moves and the branch over the else,
 * IMAD, 19 STG, EXIT: 69. */
static void lbm_obstacle(void **state)
{
    (void)state;
    static run_t r;
    run(&r, &grid150, 0, 0, 0);
    assert_int_equal(r.nmem, 39);
    for (unsigned e = 0; e < 20; e++)
        assert_int_equal(r.mem[e], SRC + 2457600 + 4 * e);
    assert_int_equal(r.mem[20], DST + 2457600);
    assert_int_equal(r.mem[20 + 10], DST + 2447280 + 40);
    assert_int_equal(r.mem[20 + 14], DST + 1218560 + 56);
    assert_int_equal(r.mem[20 + 18], DST + 1228720 + 72);
    assert_int_equal(r.lane.n, 69);
    /* the sphere's centre (60, 60, 75) bounces back too */
    run(&r, &grid150, 60, 60, 75);
    assert_int_equal(r.lane.n, 69);
}

/* The top corner (119, 119, 149): CALC_INDEX / 20 = 119 + 128 (119 + 120 x 149) = 2 303 991,
 * x 80 = 184 319 280, + 2 457 600 = SRC + 186 776 880. NT (y + 1, z + 1) 80 (128 + 15 360) =
 * + 1 239 040: DST + 188 015 920 + 44, its last byte below the allocation's end, (150 + 8)
 * planes x 1 228 800 = 194 150 400; ET (x + 1, z + 1) + 1 228 880 + 60 = DST + 188 005 820. */
static void lbm_top(void **state)
{
    (void)state;
    static run_t r;
    run(&r, &grid150, 119, 119, 149);
    assert_int_equal(r.mem[0], SRC + 186776880);
    assert_int_equal(r.mem[19], SRC + 186776880 + 76);
    assert_int_equal(r.mem[20 + 11], DST + 188015920 + 44);
    assert_int_equal(r.mem[20 + 15], DST + 188005820);
    assert_true(r.mem[20 + 11] + 4 <= DST + LBM_GRID_B(150));
    assert_int_equal(LBM_GRID_B(150), 194150400);
}

/* Registers: both paths write the stores' values, so a store reads the fluid path's final FFMA
 * of its direction (which read that direction's load) and the obstacle path's move (which read
 * the opposite direction's load; C: the load itself). A fluid thread (40, 50, 10) and an
 * obstacle thread (0, 50, 10) of the same block, into one program. */
static int site_of(const simt_prog_t *p, reg_t h)
{
    for (unsigned s = 0; s < SIMT_MAX_SITES; s++)
        if (p->site[s].used && p->site[s].dst == h)
            return (int)s;
    return -1;
}

static void lbm_registers(void **state)
{
    (void)state;
    static const unsigned opp[19] = {0, 2, 1, 4, 3, 6, 5, 10, 9, 8, 7, 14, 13, 12, 11, 18, 17, 16, 15};
    static simt_prog_t prog;
    memset(&prog, 0, sizeof prog);
    simt_lane_t lane[2] = {{0}};
    simt_args_t a = {.arr = {SRC, DST}, .n = LBM_SZ, .data = &grid150};
    for (unsigned x = 0; x < 2; x++) {
        simt_t t = {.tx = x ? 0 : 40, .bx = 50, .by = 10, .bdx = LBM_SX, .bdy = 1, .bdz = 1, .gdx = LBM_SY,
                    .gdy = LBM_SZ, .arg = &a, .prog = &prog, .lane = &lane[x]};
        pbl_lbm_kernel(&t);
        assert_int_equal(t.err, 0);
    }
    unsigned ld[20], nld = 0, stg[19], nst = 0;
    for (unsigned s = 0; s < SIMT_MAX_SITES; s++) {
        if (!prog.site[s].used)
            continue;
        if (!strcmp(prog.site[s].op, "LDG.E") && nld < 20)
            ld[nld++] = s;
        if (!strcmp(prog.site[s].op, "STG.E") && nst < 19)
            stg[nst++] = s;
    }
    assert_int_equal(nld, 20);
    assert_int_equal(nst, 19);
    for (unsigned e = 0; e < 19; e++) {
        const simt_site_t *st = &prog.site[stg[e]];
        int fl = site_of(&prog, st->src[1]), ob = site_of(&prog, st->src[2]);
        assert_true(fl >= 0 && ob >= 0);
        assert_string_equal(prog.site[fl].op, "FFMA");
        assert_int_equal(prog.site[fl].src[0], prog.site[ld[e]].dst);
        if (e == 0) {
            assert_int_equal(ob, (int)ld[0]);
        } else {
            assert_string_equal(prog.site[ob].op, "MOV");
            assert_int_equal(prog.site[ob].src[0], prog.site[ld[opp[e]]].dst);
        }
    }
    /* the flags word is read by the OBSTACLE test and, on the fluid path, the ACCEL one */
    unsigned lops = 0;
    for (unsigned s = 0; s < SIMT_MAX_SITES; s++)
        if (prog.site[s].used && !strcmp(prog.site[s].op, "LOP.AND")) {
            assert_int_equal(prog.site[s].src[0], prog.site[ld[19]].dst);
            lops++;
        }
    assert_int_equal(lops, 2);
    for (unsigned x = 0; x < 2; x++) {
        free(lane[x].site);
        free(lane[x].addr);
    }
}

/* The workload at 3 planes: CUDA_srcGrid, CUDA_dstGrid of (3 + 8) x 1 228 800 = 13 516 800
 * bytes each, one launch over a (120, 3) grid of 120-thread blocks (4 warps, the last of 24
 * lanes); block 0's warp 0 loads tempC of cells 0 .. 31 of the source's plane 0, 80 bytes
 * apart, from the margin on. */
static void lbm_workload(void **state)
{
    (void)state;
    workload_t *w = builtin_open("lbm", 3);
    assert_non_null(w);
    assert_int_equal(w->ncmd, 2 + LBM_STEPS);
    assert_int_equal(w->cmd[0].kind, CMD_MEMCPY);
    assert_int_equal(w->cmd[0].region.size, 13516800);
    assert_int_equal(w->cmd[1].region.size, 13516800);
    const uint64_t src = w->cmd[0].region.addr, dst = w->cmd[1].region.addr;
    assert_true(dst >= src + 13516800);
    kernel_t *k = w->open_kernel(w, 2);
    assert_non_null(k);
    assert_string_equal(k->info.name, "_Z27performStreamCollide_kernelPfS_");
    assert_int_equal(k->info.grid[0], 120);
    assert_int_equal(k->info.grid[1], 3);
    assert_int_equal(k->info.block[0], 120);
    assert_int_equal(k->info.block[1], 1);
    tb_t tb = {0};
    assert_int_equal(k->next_tb(k, &tb), 1);
    assert_int_equal(tb.nwarps, 4);
    const inst_t *first = NULL, *last = NULL;
    for (uint32_t x = tb.warp[0].first; x < tb.warp[0].first + tb.warp[0].count && !first; x++)
        if (!strcmp(k->ops.name[tb.inst[x].opcode], "LDG.E"))
            first = &tb.inst[x];
    assert_non_null(first);
    assert_int_equal(first->mask, ~0u);
    for (unsigned l = 0; l < 32; l++)
        assert_int_equal(tb.addr[first->addr + l], src + 2457600 + 80 * l);
    for (uint32_t x = tb.warp[3].first; x < tb.warp[3].first + tb.warp[3].count && !last; x++)
        if (!strcmp(k->ops.name[tb.inst[x].opcode], "LDG.E"))
            last = &tb.inst[x];
    assert_non_null(last);
    assert_int_equal(last->mask, 0x00ffffffu);
    assert_int_equal(tb.addr[last->addr], src + 2457600 + 80 * 96);
    tb_free(&tb);
    k->close(k);
    w->close(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(lbm_standin), cmocka_unit_test(lbm_fluid),
                                       cmocka_unit_test(lbm_obstacle), cmocka_unit_test(lbm_top),
                                       cmocka_unit_test(lbm_registers), cmocka_unit_test(lbm_workload)};
    return cmocka_run_group_tests(tests, setup, teardown);
}
