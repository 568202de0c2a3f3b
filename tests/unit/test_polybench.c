/* test_polybench.c - the PolyBench/GPU kernels written per thread
 * (sim/workload/polybench.c): the addresses chosen threads load and store
 * at chosen iterations, worked out by hand from the CUDA sources (2mm.cu,
 * 3mm.cu, 3DConvolution.cu, fdtd2d.cu of PolyBench/GPU 1.0), and the
 * guards' exits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/polybench.h"

enum { N = 64 };
static const uint64_t TMP = 0x1000000, A = 0x2000000, B = 0x3000000, C = 0x4000000, D = 0x5000000;

typedef struct {
    simt_prog_t prog;
    simt_lane_t lane;
    uint64_t mem[4 * N + 8];   /* the thread's memory addresses, in order */
    unsigned nmem;
    unsigned exits;
} run_t;

/* One thread (tx, ty) of block (bx, by) of a 32 x 8 block kernel. */
static void run(run_t *r, simt_fn fn, const simt_args_t *a, unsigned tx, unsigned ty, unsigned bx, unsigned by)
{
    memset(r, 0, sizeof *r);
    simt_t t = {.tx = tx, .ty = ty, .bx = bx, .by = by, .bdx = 32, .bdy = 8, .bdz = 1, .gdx = N / 32, .gdy = N / 8,
                .arg = a, .prog = &r->prog, .lane = &r->lane};
    fn(&t);
    assert_int_equal(t.err, 0);
    for (size_t i = 0, k = 0; i < r->lane.n; i++) {   /* k: the memory instructions' addresses */
        const simt_site_t *s = &r->prog.site[r->lane.site[i]];
        if (s->width && r->nmem < sizeof r->mem / sizeof r->mem[0])
            r->mem[r->nmem++] = r->lane.addr[k];
        k += s->width != 0;
        r->exits += !strcmp(s->op, "EXIT");
    }
    free(r->lane.site);
    free(r->lane.addr);
}

/* mm2_kernel1, thread (3, 5) of block (1, 2): j = 1 * 32 + 3 = 35, i = 2 * 8 + 5 = 21.
 * tmp[21][35] = 0 at TMP + 4 * (21 * 64 + 35) = TMP + 5516; iteration k:
 * A[21][k] = A + 4 * (1344 + k), B[k][35] = B + 4 * (64 k + 35), tmp read, tmp written. */
static void mm2_kernel1_addresses(void **state)
{
    (void)state;
    static run_t r;
    simt_args_t a = {.arr = {TMP, A, B}, .n = N};
    run(&r, pb_mm2_kernel1, &a, 3, 5, 1, 2);
    assert_int_equal(r.nmem, 1 + 4 * N);
    assert_int_equal(r.mem[0], TMP + 5516);
    assert_int_equal(r.mem[1], A + 5376);            /* k = 0: A[21][0] */
    assert_int_equal(r.mem[2], B + 140);             /* B[0][35] */
    assert_int_equal(r.mem[3], TMP + 5516);
    assert_int_equal(r.mem[4], TMP + 5516);
    assert_int_equal(r.mem[1 + 4 * 7], A + 5404);    /* k = 7: A[21][7] = A + 4 * 1351 */
    assert_int_equal(r.mem[2 + 4 * 7], B + 1932);    /* B[7][35] = B + 4 * 483 */
    assert_int_equal(r.mem[2 + 4 * 63], B + 16268);  /* k = 63: B[63][35] = B + 4 * 4067 */
    assert_int_equal(r.exits, 1);
}

/* mm2_kernel2, thread (31, 7) of block (0, 0): j = 31, i = 7. D[7][31] read
 * and written (*= beta) at D + 4 * 479 = D + 1916; iteration k: tmp[7][k] =
 * TMP + 4 * (448 + k), C[k][31] = C + 4 * (64 k + 31), D read and written. */
static void mm2_kernel2_addresses(void **state)
{
    (void)state;
    static run_t r;
    simt_args_t a = {.arr = {TMP, C, D}, .n = N};
    run(&r, pb_mm2_kernel2, &a, 31, 7, 0, 0);
    assert_int_equal(r.nmem, 2 + 4 * N);
    assert_int_equal(r.mem[0], D + 1916);
    assert_int_equal(r.mem[1], D + 1916);
    assert_int_equal(r.mem[2], TMP + 1792);          /* k = 0: tmp[7][0] */
    assert_int_equal(r.mem[3], C + 124);             /* C[0][31] */
    assert_int_equal(r.mem[2 + 4 * 10], TMP + 1832); /* k = 10: tmp[7][10] = TMP + 4 * 458 */
    assert_int_equal(r.mem[3 + 4 * 10], C + 2684);   /* C[10][31] = C + 4 * 671 */
}

/* mm3_kernel (kernel 3: G = E F), thread (0, 0) of block (1, 7): j = 32, i = 56.
 * G[56][32] = 0 at X + 4 * 3616; iteration 5: E[56][5] = Y + 4 * 3589,
 * F[5][32] = Z + 4 * 352. */
static void mm3_kernel_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t Y = 0x6000000, Z = 0x7000000, X = 0x8000000;
    simt_args_t a = {.arr = {Y, Z, X}, .n = N};
    run(&r, pb_mm3_kernel, &a, 0, 0, 1, 7);
    assert_int_equal(r.mem[0], X + 14464);
    assert_int_equal(r.mem[1 + 4 * 5], Y + 14356);
    assert_int_equal(r.mem[2 + 4 * 5], Z + 1408);
    assert_int_equal(r.mem[3 + 4 * 5], X + 14464);
}

/* The guard: with N = 40 the thread of column j = 32 + 10 = 42 leaves at once
 * (an EXIT, no memory access); its neighbour of column 35 stays. */
static void guard_exits(void **state)
{
    (void)state;
    static run_t r;
    simt_args_t a = {.arr = {TMP, A, B}, .n = 40};
    run(&r, pb_mm2_kernel1, &a, 10, 0, 1, 0);
    assert_int_equal(r.nmem, 0);
    assert_int_equal(r.exits, 1);
    run(&r, pb_mm2_kernel1, &a, 3, 0, 1, 0);
    assert_int_equal(r.nmem, 1 + 4 * 40);
}

/* convolution3D_kernel at N = 16, plane i = 4, thread (5, 3) of block (0, 0):
 * k = 5, j = 3. A[i-1][j-1][k-1] = A + 4 * ((3 * 16 + 2) * 16 + 4) = A + 3216,
 * A[i+1][j-1][k-1] = A + 4 * 1316, A[i][j-1][k] = A + 4 * 1061; 11 loads
 * (the repeated terms once), then B[4][3][5] = B + 4 * 1077. At k = 0 the
 * thread leaves. */
static void conv3d_addresses(void **state)
{
    (void)state;
    static run_t r;
    simt_args_t a = {.arr = {A, B}, .n = 16, .p = 4};
    run(&r, pb_conv3d, &a, 5, 3, 0, 0);
    assert_int_equal(r.nmem, 12);
    assert_int_equal(r.mem[0], A + 3216);
    assert_int_equal(r.mem[1], A + 5264);
    assert_int_equal(r.mem[2], A + 4244);
    assert_int_equal(r.mem[11], B + 4308);
    run(&r, pb_conv3d, &a, 0, 3, 0, 0);
    assert_int_equal(r.nmem, 0);
    assert_int_equal(r.exits, 1);
}

/* fdtd_step1_kernel at N = 64, step t = 7: row 0 (thread (4, 0) of block (1, 0),
 * j = 36) stores _fict_[7] (at F + 28) to ey[0][36] (EY + 144); row 26
 * (thread (4, 2) of block (1, 3)) reads ey[26][36] = EY + 4 * 1700,
 * hz[26][36], hz[25][36] = HZ + 4 * 1636 and writes ey[26][36].
 * fdtd_step3_kernel, thread (0, 0): hz[0][0], ex[0][1], ex[0][0], ey[1][0], ey[0][0], hz[0][0]. */
static void fdtd_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t F = 0x1000000, EX = 0x2000000, EY = 0x3000000, HZ = 0x4000000;
    simt_args_t a = {.arr = {F, EX, EY, HZ}, .n = 64, .p = 7};
    run(&r, pb_fdtd_step1, &a, 4, 0, 1, 0);
    assert_int_equal(r.nmem, 2);
    assert_int_equal(r.mem[0], F + 28);
    assert_int_equal(r.mem[1], EY + 144);
    run(&r, pb_fdtd_step1, &a, 4, 2, 1, 3);
    assert_int_equal(r.nmem, 4);
    assert_int_equal(r.mem[0], EY + 6800);
    assert_int_equal(r.mem[1], HZ + 6800);
    assert_int_equal(r.mem[2], HZ + 6544);
    assert_int_equal(r.mem[3], EY + 6800);
    run(&r, pb_fdtd_step3, &a, 0, 0, 0, 0);
    const uint64_t want[6] = {HZ, EX + 4, EX, EY + 256, EY, HZ};
    assert_int_equal(r.nmem, 6);
    for (int i = 0; i < 6; i++)
        assert_int_equal(r.mem[i], want[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mm2_kernel1_addresses), cmocka_unit_test(mm2_kernel2_addresses),
        cmocka_unit_test(mm3_kernel_addresses), cmocka_unit_test(guard_exits),
        cmocka_unit_test(conv3d_addresses), cmocka_unit_test(fdtd_addresses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
