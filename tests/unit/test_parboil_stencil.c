/* test_parboil_stencil.c - Parboil's stencil written per thread
 * (sim/workload/parboil_stencil.c): addresses of chosen threads and planes
 * worked out by hand from benchmarks/stencil/src/cuda/kernels.cu
 * (block2D_hybrid_coarsen_x) and main.cu (32 x 4 blocks, the swap), and the
 * workload pbl-stencil's arrays and launches. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/kernels.h"
#include "workload/parboil_stencil.h"

#include "simt_harness.h"

static const uint64_t A0 = 0x1000000, AN = 0x3000000, SH = 0x9000000;

static void run(run_t *r, uint64_t n, unsigned tx, unsigned ty, unsigned bx, unsigned by)
{
    simt_args_t a = {.arr = {A0, AN}, .n = n, .shmem = SH};
    simt_run(r, pbl_stencil, &a, tx, ty, bx, by, PBL_ST_TX, PBL_ST_TY, (unsigned)((n + 63) / 64),
             (unsigned)((n + 3) / 4));
}

/* The suite's grids: 128 x 128 x 32 (small), 512 x 512 x 64 (default). */
static void stencil_nz(void **state)
{
    (void)state;
    assert_int_equal(pbl_st_nz(128), 32);
    assert_int_equal(pbl_st_nz(512), 64);
    assert_int_equal(pbl_st_nz(1024), 64);
    assert_int_equal(pbl_st_nz(64), 16);
    assert_int_equal(pbl_st_nz(8), 3);
}

/* N = 64: nx = ny = 64, nz = 16, a plane 4096 floats; 14 planes k = 1 .. 14.
 * Thread (5, 1) of block (0, 2): i = 0 * 64 + 5 = 5, i2 = 37, j = 2 * 4 + 1 = 9;
 * sh_id = 5 + 1 * 64 = 69 (SH + 276), sh_id2 = 101 (SH + 404); an inner thread:
 * w_region, w_region2, no bound. Index3D(i, j, 0) = 5 + 64 * 9 = 581, (i2, j, 0) = 613.
 *   zero sh_A0[69], sh_A0[101]; A0[581] (A0 + 2324), A0[581 + 4096] (A0 + 18708) -> sh[69];
 *   A0[613] (A0 + 2452), A0[4709] (A0 + 18836) -> sh[101];
 *   k = 1: top = A0[581 + 2 * 4096 = 8773] (A0 + 35092); a_up sh[69 + 64] (SH + 532),
 *   a_down sh[5] (SH + 20), a_left_right sh[68] (SH + 272), sh[70] (SH + 280), sh[69];
 *   Anext[4677] (AN + 18708); top2 = A0[8805] (A0 + 35220); sh[165] (SH + 660), sh[37]
 *   (SH + 148), sh[102] (SH + 408), sh[100] (SH + 400), sh[101]; Anext[4709] (AN + 18836);
 *   the swap: sh[69] read and written, sh[101] read and written.
 * 8 + 14 x 18 accesses; 2 + 2 x 14 barriers. Plane k = 14: top = A0[581 + 15 * 4096 =
 * 62021] (A0 + 248084), Anext[581 + 14 * 4096 = 57925] (AN + 231700). */
static void stencil_inner(void **state)
{
    (void)state;
    static run_t r;
    run(&r, 64, 5, 1, 0, 2);
    const uint64_t pro[8] = {SH + 276, SH + 404, A0 + 2324, A0 + 18708, SH + 276, A0 + 2452, A0 + 18836, SH + 404};
    const uint64_t k1[18] = {A0 + 35092, SH + 532, SH + 20,  SH + 272,   SH + 280, SH + 276,
                             AN + 18708, A0 + 35220, SH + 660, SH + 148, SH + 408, SH + 400,
                             SH + 404,   AN + 18836, SH + 276, SH + 276, SH + 404, SH + 404};
    assert_int_equal(r.nmem, 8 + 14 * 18);
    assert_int_equal(r.bars, 2 + 2 * 14);
    for (int x = 0; x < 8; x++)
        assert_int_equal(r.mem[x], pro[x]);
    for (int x = 0; x < 18; x++)
        assert_int_equal(r.mem[8 + x], k1[x]);
    assert_string_equal(r.op[0], "STS");
    assert_string_equal(r.op[2], "LDG.E");
    assert_string_equal(r.op[9], "LDS.U.32");
    assert_string_equal(r.op[14], "STG.E");
    assert_int_equal(r.mem[8 + 13 * 18], A0 + 248084);
    assert_int_equal(r.mem[8 + 13 * 18 + 6], AN + 231700);
}

/* N = 128: plane 16384. Thread (31, 0) of block (0, 1): i = 31, i2 = 63, j = 4;
 * sh_id = 31 (SH + 124), sh_id2 = 63 (SH + 252); y_l_bound (ty = 0) and x_h_bound
 * (tx + 32 = 63): a_down from global for both points, the second point's right
 * neighbour from global. Index3D(i, j, 0) = 31 + 128 * 4 = 543, (i2, j, 0) = 575.
 *   prologue: sh[31], sh[63] zeroed; A0[543] (A0 + 2172), A0[16927] (A0 + 67708) -> sh[31];
 *   A0[575] (A0 + 2300), A0[16959] (A0 + 67836) -> sh[63];
 *   k = 1: top A0[543 + 32768] (A0 + 133244); a_up sh[95] (SH + 380); a_down A0[i, j-1, 1] =
 *   A0[543 - 128 + 16384 = 16799] (A0 + 67196); a_left_right sh[30] (SH + 120); sh[32], sh[31];
 *   Anext[16927] (AN + 67708); top2 A0[33343] (A0 + 133372); sh[127] (SH + 508);
 *   A0[575 - 128 + 16384 = 16831] (A0 + 67324); A0[i2 + 1, j, 1] = A0[16960] (A0 + 67840);
 *   sh[62] (SH + 248), sh[63]; Anext[16959] (AN + 67836). */
static void stencil_bounds(void **state)
{
    (void)state;
    static run_t r;
    run(&r, 128, 31, 0, 0, 1);
    const uint64_t want[22] = {SH + 124,   SH + 252,   A0 + 2172,  A0 + 67708, SH + 124,   A0 + 2300,
                               A0 + 67836, SH + 252,   A0 + 133244, SH + 380,  A0 + 67196, SH + 120,
                               SH + 128,   SH + 124,   AN + 67708, A0 + 133372, SH + 508,  A0 + 67324,
                               A0 + 67840, SH + 248,   SH + 252,   AN + 67836};
    for (int x = 0; x < 22; x++)
        assert_int_equal(r.mem[x], want[x]);
    assert_string_equal(r.op[10], "LDG.E");   /* a_down from global */
    assert_string_equal(r.op[18], "LDG.E");   /* x_h_bound */
    assert_int_equal(r.bars, 2 + 2 * 30);
}

/* N = 96: nz = 24, plane 9216, grid (2, 24). Thread (0, 3) of block (1, 0): i = 64,
 * i2 = 96 = nx (outside: no second point at all), j = 3; sh_id = 0 + 3 * 64 = 192
 * (SH + 768), sh_id2 = 224 (SH + 896); y_h_bound and x_l_bound. Index3D(i, j, 0) =
 * 64 + 96 * 3 = 352.
 *   prologue: sh[192], sh[224] zeroed; A0[352] (A0 + 1408), A0[9568] (A0 + 38272) -> sh[192];
 *   k = 1: top A0[352 + 18432] (A0 + 75136); a_up A0[i, j+1, 1] = A0[9664] (A0 + 38656);
 *   a_down sh[128] (SH + 512); a_left_right A0[i-1, j, 1] = A0[9567] (A0 + 38268); sh[193]
 *   (SH + 772), sh[192]; Anext[9568] (AN + 38272); the swap of sh[192] and sh[224].
 * 5 + 22 x 11 accesses. */
static void stencil_ragged(void **state)
{
    (void)state;
    static run_t r;
    run(&r, 96, 0, 3, 1, 0);
    const uint64_t want[16] = {SH + 768,   SH + 896,   A0 + 1408, A0 + 38272, SH + 768, A0 + 75136,
                               A0 + 38656, SH + 512,   A0 + 38268, SH + 772,  SH + 768, AN + 38272,
                               SH + 768,   SH + 768,   SH + 896,  SH + 896};
    assert_int_equal(r.nmem, 5 + 22 * 11);
    for (int x = 0; x < 16; x++)
        assert_int_equal(r.mem[x], want[x]);
    /* thread (3, 0) of block (0, 0): j = 0, outside w_region: loads, no stencil, no store */
    run(&r, 96, 3, 0, 0, 0);
    assert_int_equal(r.nmem, 2 + 3 + 3 + 22 * (2 + 4));
    for (unsigned x = 0; x < r.nmem; x++)
        assert_true(r.mem[x] < AN || r.mem[x] >= SH);
}

/* Registers: a ternary's two loads (the global one for a border row, the shared one
 * inside) write adjacent registers and the sum reads both, the same operands whichever
 * thread reached the sum first. Threads (5, 3) (y_h_bound: a_up from global) and (5, 1)
 * (from shared) of block (0, 2), N = 64, into one program. */
static void stencil_registers(void **state)
{
    (void)state;
    static simt_prog_t prog;
    memset(&prog, 0, sizeof prog);
    simt_lane_t lane[2] = {{0}};
    simt_args_t a = {.arr = {A0, AN}, .n = 64, .shmem = SH};
    for (unsigned x = 0; x < 2; x++) {
        simt_t t = {.tx = 5, .ty = x ? 1 : 3, .bx = 0, .by = 2, .bdx = PBL_ST_TX, .bdy = PBL_ST_TY, .bdz = 1,
                    .gdx = 1, .gdy = 16, .arg = &a, .prog = &prog, .lane = &lane[x]};
        pbl_stencil(&t);
        assert_int_equal(t.err, 0);
    }
    /* the first plane's first global load after the top (lane 0: a_up) and its shared twin */
    unsigned ldg = 0, nldg = 0;
    for (size_t x = 0; x < lane[0].n && !ldg; x++)
        if (!strcmp(prog.site[lane[0].site[x]].op, "LDG.E") && ++nldg == 6)   /* bottom, sh_A0, bottom2, sh_A0, top, a_up */
            ldg = lane[0].site[x];
    assert_true(ldg > 0);
    assert_string_equal(prog.site[ldg + 1].op, "LDS.U.32");
    assert_int_equal(prog.site[ldg + 1].dst, prog.site[ldg].dst + 1);
    int found = 0;
    for (unsigned s = ldg; s < SIMT_MAX_SITES && !found; s++)
        if (prog.site[s].used && !strcmp(prog.site[s].op, "FADD") && prog.site[s].src[1] == prog.site[ldg].dst) {
            assert_int_equal(prog.site[s].src[2], prog.site[ldg].dst + 1);
            found = 1;
        }
    assert_true(found);
    for (unsigned x = 0; x < 2; x++) {
        free(lane[x].site);
        free(lane[x].addr);
    }
}

/* The workload at N = 128: d_A0 and d_Anext of 128 x 128 x 32 floats (2 MiB), then
 * PBL_ST_ITERS launches over a (2, 32) grid of 32 x 4 blocks with 1 KB of shared memory,
 * the second reading d_Anext (the host's swap): block 0's first global load is
 * element 0 of the launch's source. */
static void stencil_workload(void **state)
{
    (void)state;
    workload_t *w = builtin_open("pbl-stencil", 128);
    assert_non_null(w);
    assert_int_equal(w->ncmd, 2 + PBL_ST_ITERS);
    assert_int_equal(w->cmd[0].kind, CMD_MEMCPY);
    assert_int_equal(w->cmd[0].region.size, 4u * 128 * 128 * 32);
    assert_int_equal(w->cmd[1].region.size, 4u * 128 * 128 * 32);
    const uint64_t src[2] = {w->cmd[0].region.addr, w->cmd[1].region.addr};
    tb_t tb = {0};
    for (unsigned l = 0; l < PBL_ST_ITERS; l++) {
        assert_int_equal(w->cmd[2 + l].kind, CMD_KERNEL);
        kernel_t *k = w->open_kernel(w, 2 + l);
        assert_non_null(k);
        assert_int_equal(k->info.grid[0], 2);
        assert_int_equal(k->info.grid[1], 32);
        assert_int_equal(k->info.block[0], 32);
        assert_int_equal(k->info.block[1], 4);
        assert_int_equal(k->info.shmem, 1024);
        assert_int_equal(k->next_tb(k, &tb), 1);
        assert_int_equal(tb.nwarps, 4);
        int found = 0;
        for (uint32_t x = tb.warp[0].first; x < tb.warp[0].first + tb.warp[0].count && !found; x++) {
            const inst_t *in = &tb.inst[x];
            if (!strcmp(k->ops.name[in->opcode], "LDG.E")) {
                assert_int_equal(tb.addr[in->addr], src[l % 2]);
                assert_int_equal(in->mask, ~0u);
                found = 1;
            }
        }
        assert_true(found);
        k->close(k);
    }
    tb_free(&tb);
    w->close(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(stencil_nz), cmocka_unit_test(stencil_inner),
                                       cmocka_unit_test(stencil_bounds), cmocka_unit_test(stencil_ragged), cmocka_unit_test(stencil_registers),
                                       cmocka_unit_test(stencil_workload)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
