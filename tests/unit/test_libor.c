/* test_libor.c - LIBOR Monte Carlo written per thread (sim/workload/libor.c):
 * the memory accesses of chosen threads worked out by hand from GPGPU-Sim's
 * ISPASS 2009 LIB/libor.cu (Pathcalc_Portfolio_KernelGPU2 and
 * Pathcalc_Portfolio_KernelGPU; NN 80, NMAT 40, NOPT 15, 64 x 64 threads),
 * in the local frame libor.h lays out, and the workload libor's arrays and
 * launches. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/kernels.h"
#include "workload/libor.h"

static const uint64_t V = 0x1000000, LB = 0x2000000;   /* d_v, d_Lb */

/* One thread's memory accesses in order: opcode and address. */
typedef struct {
    size_t n;
    const char **op;
    uint64_t *addr;
} acc_t;

static void run(acc_t *r, simt_fn fn, uint64_t paths, unsigned tx, unsigned bx)
{
    static simt_prog_t prog;
    memset(&prog, 0, sizeof prog);
    simt_lane_t lane = {0};
    simt_args_t a = {.arr = {V, LB}, .n = paths};
    simt_t t = {.tx = tx, .bx = bx, .bdx = LIB_BLOCK, .bdy = 1, .bdz = 1, .gdx = LIB_GRID, .gdy = 1, .arg = &a,
                .prog = &prog, .lane = &lane};
    fn(&t);
    assert_int_equal(t.err, 0);
    r->n = 0;
    r->op = malloc(lane.na * sizeof *r->op + 1);
    r->addr = malloc(lane.na * sizeof *r->addr + 1);
    assert_non_null(r->op);
    assert_non_null(r->addr);
    for (size_t i = 0, k = 0; i < lane.n; i++) {
        const simt_site_t *s = &prog.site[lane.site[i]];
        if (!s->width)
            continue;
        assert_int_equal(s->width, 4);
        r->op[r->n] = s->op;
        r->addr[r->n++] = lane.addr[k++];
    }
    assert_int_equal(r->n, lane.na);
    free(lane.site);
    free(lane.addr);
}

static void acc_free(acc_t *r)
{
    free(r->op);
    free(r->addr);
}

#define AT(r, i, o, a)                             \
    do {                                           \
        assert_string_equal((r)->op[i], (o));      \
        assert_int_equal((r)->addr[i], (a));       \
    } while (0)

/* Pathcalc_Portfolio_KernelGPU2, thread 5 of block 3: tid = 3 * 64 + 5 = 197, one path (197)
 * of 4096. Its local frame: L at 0, z at 320, B at 640, S at 800.
 *   the initialisation: for i < 80: z[i] (320 + 4i), L[i] (4i) stored: accesses 0 .. 159;
 *   path_calc: for n < 40, z[n] loaded, then for i = n + 1 .. 79 L[i] loaded and stored:
 *     40 + 2 x (79 + 78 + ... + 40) = 40 + 2 x 2380 = 4800 accesses (160 .. 4959);
 *   portfolio: for n = 40 .. 79: L[n] loaded, B[n - 40], S[n - 40] stored: 120 (4960 ..);
 *     per option i (m = maturities[i] - 1): B[m], S[m] loaded: 30; the discount: L[0 .. 39]
 *     loaded: 40; d_v[197] stored: V + 788. 5151 in all. */
static void lib2_thread(void **state)
{
    (void)state;
    acc_t r;
    run(&r, lib_kernel2, LIB_NPATH, 5, 3);
    assert_int_equal(r.n, 5151);
    AT(&r, 0, "STL", 320);
    AT(&r, 1, "STL", 0);
    AT(&r, 158, "STL", 320 + 4 * 79);
    AT(&r, 159, "STL", 4 * 79);
    AT(&r, 160, "LDL", 320);      /* z[0] */
    AT(&r, 161, "LDL", 4);        /* L[1] */
    AT(&r, 162, "STL", 4);
    AT(&r, 161 + 2 * 78, "LDL", 4 * 79);   /* L[79], n = 0's last */
    AT(&r, 161 + 2 * 79, "LDL", 324);      /* z[1] */
    AT(&r, 161 + 2 * 79 + 1, "LDL", 8);    /* L[2] */
    /* n = 39: z[39], then L[40 .. 79] */
    AT(&r, 4959 - 80, "LDL", 320 + 4 * 39);
    AT(&r, 4959 - 79, "LDL", 4 * 40);
    AT(&r, 4959, "STL", 4 * 79);
    AT(&r, 4960, "LDL", 4 * 40);   /* portfolio: L[40], B[0], S[0] */
    AT(&r, 4961, "STL", 640);
    AT(&r, 4962, "STL", 800);
    AT(&r, 5077, "LDL", 4 * 79);
    AT(&r, 5078, "STL", 640 + 4 * 39);
    AT(&r, 5079, "STL", 800 + 4 * 39);
    /* option 0: m = 3; option 14: m = 39 */
    AT(&r, 5080, "LDL", 640 + 12);
    AT(&r, 5081, "LDL", 800 + 12);
    AT(&r, 5108, "LDL", 640 + 4 * 39);
    AT(&r, 5109, "LDL", 800 + 4 * 39);
    AT(&r, 5110, "LDL", 0);        /* the discount: L[0] .. L[39] */
    AT(&r, 5149, "LDL", 4 * 39);
    AT(&r, 5150, "STG.E", V + 4 * 197);
    acc_free(&r);
    /* with 64 paths only threads 0 .. 63 have one: thread 197 accesses nothing */
    run(&r, lib_kernel2, LIB_QUICK, 5, 3);
    assert_int_equal(r.n, 0);
    acc_free(&r);
    /* with 4096 + 197 + 1 paths thread 197 has two: 197 and 4293 */
    run(&r, lib_kernel2, LIB_NPATH + 198, 5, 3);
    assert_int_equal(r.n, 2 * 5151);
    AT(&r, 5150, "STG.E", V + 4 * 197);
    AT(&r, 2 * 5151 - 1, "STG.E", V + 4 * 4293);
    acc_free(&r);
}

/* Pathcalc_Portfolio_KernelGPU, thread 0 of block 0 (path 0). Frame: L (L_b) at 0, L2 at 320,
 * z at 13440, B 13760, S 13920, B_b 14080, S_b 14240.
 *   initialisation: 160 (z[i] at 13440 + 4i, L[i]);
 *   path_calc_b1: L2[i] = L[i] for i < 80: 160 (L[i] loaded, L2[i] at 320 + 4i stored); then
 *     per n: z[n], and per i = n + 1 .. 79: L[i] loaded, L[i] stored, L2[i + 80 (n + 1)]
 *     stored: 40 + 3 x 2380 = 7180. The first: z[0] at 13440, L[1] at 4, L[1], L2[81] at 644.
 *   portfolio_b: B and S: 120; B_b[m] = S_b[m] = 0 for m < 40: 80; every option's swapval is
 *     negative (the rates grow from 0.05 to 0.16 .. 0.23 along the path: swapval -0.10 ..
 *     -0.64), so each loads B[m], S[m], then S_b[m] (loaded, stored) and B_b[m] (loaded,
 *     stored): 15 x 6 = 90; for m = 39 .. 0: S_b[m], B_b[m] loaded, B_b[m] stored, L[n], B[m]
 *     loaded, L_b[n] stored (6), and for m > 0 S_b[m - 1] and B_b[m - 1] loaded and stored (4):
 *     40 x 6 + 39 x 4 = 396; the discount: 40; L_b[n] = -v delta / (1 + delta L[n]) for n <
 *     40: 80; L_b[n] = b L_b[n] for n >= 40: 80. 886 in all.
 *   d_v[0] stored;
 *   path_calc_b2: per n = 39 .. 0, i = 79 .. n + 1: L2[i + 80 (n + 1)], L_b[i], L2[i + 80 n]
 *     loaded, L_b[i] stored: 4 x 2380 = 9520. The first: L2[3279] at 13436 (L2's last),
 *     L_b[79] at 316, L2[3199] at 13116.
 *   L_b[79] loaded, d_Lb[0] stored.
 * 160 + 160 + 7180 + 886 + 1 + 9520 + 2 = 17909. */
static void lib_thread(void **state)
{
    (void)state;
    acc_t r;
    run(&r, lib_kernel, LIB_NPATH, 0, 0);
    assert_int_equal(r.n, 17909);
    AT(&r, 0, "STL", 13440);
    AT(&r, 1, "STL", 0);
    AT(&r, 160, "LDL", 0);          /* L2[0] = L[0] */
    AT(&r, 161, "STL", 320);
    AT(&r, 319, "STL", 320 + 4 * 79);
    AT(&r, 320, "LDL", 13440);      /* z[0] */
    AT(&r, 321, "LDL", 4);          /* L[1] */
    AT(&r, 322, "STL", 4);
    AT(&r, 323, "STL", 644);        /* L2[81] */
    AT(&r, 319 + 7180, "STL", 320 + 4 * (79 + 80 * 40));   /* the last: L2[3279] */
    const size_t pb = 320 + 7180;   /* portfolio_b */
    AT(&r, pb, "LDL", 4 * 40);
    AT(&r, pb + 1, "STL", 13760);
    AT(&r, pb + 2, "STL", 13920);
    AT(&r, pb + 120, "STL", 14080);   /* B_b[0] = 0, S_b[0] = 0 */
    AT(&r, pb + 121, "STL", 14240);
    AT(&r, pb + 200, "LDL", 13760 + 12);   /* option 0, m = 3: B[3], S[3], S_b[3], B_b[3] */
    AT(&r, pb + 201, "LDL", 13920 + 12);
    AT(&r, pb + 202, "LDL", 14240 + 12);
    AT(&r, pb + 203, "STL", 14240 + 12);
    AT(&r, pb + 204, "LDL", 14080 + 12);
    AT(&r, pb + 205, "STL", 14080 + 12);
    const size_t rev = pb + 290;     /* m = 39, n = 79 */
    AT(&r, rev, "LDL", 14240 + 4 * 39);
    AT(&r, rev + 1, "LDL", 14080 + 4 * 39);
    AT(&r, rev + 2, "STL", 14080 + 4 * 39);
    AT(&r, rev + 3, "LDL", 4 * 79);
    AT(&r, rev + 4, "LDL", 13760 + 4 * 39);
    AT(&r, rev + 5, "STL", 4 * 79);
    AT(&r, rev + 6, "LDL", 14240 + 4 * 38);
    AT(&r, rev + 7, "STL", 14240 + 4 * 38);
    AT(&r, rev + 8, "LDL", 14080 + 4 * 38);
    AT(&r, rev + 9, "STL", 14080 + 4 * 38);
    AT(&r, rev + 395, "STL", 4 * 40);   /* m = 0's last: L_b[40] */
    AT(&r, rev + 396, "LDL", 0);        /* the discount: L[0] */
    AT(&r, 17909 - 9523, "STG.E", V);   /* d_v[0] */
    AT(&r, 17909 - 9522, "LDL", 320 + 4 * 3279);   /* path_calc_b2: L2[79 + 80 x 40] */
    AT(&r, 17909 - 9521, "LDL", 4 * 79);
    AT(&r, 17909 - 9520, "LDL", 320 + 4 * 3199);
    AT(&r, 17909 - 9519, "STL", 4 * 79);
    AT(&r, 17909 - 2, "LDL", 4 * 79);
    AT(&r, 17909 - 1, "STG.E", LB);
    acc_free(&r);
}

/* The workload: d_v and d_Lb of NPATH floats, the kernel without Greeks, then the one with
 * them, each over 64 blocks of 64 threads (2 warps). */
static void lib_workload(void **state)
{
    (void)state;
    workload_t *w = builtin_open("libor", LIB_QUICK);
    assert_non_null(w);
    assert_int_equal(w->ncmd, 2 + 2);
    assert_int_equal(w->cmd[0].kind, CMD_MEMCPY);
    assert_int_equal(w->cmd[0].region.size, 4u * LIB_QUICK);
    assert_int_equal(w->cmd[1].region.size, 4u * LIB_QUICK);
    const char *names[2] = {"_Z29Pathcalc_Portfolio_KernelGPU2Pf", "_Z28Pathcalc_Portfolio_KernelGPUPfS_"};
    tb_t tb = {0};
    for (unsigned l = 0; l < 2; l++) {
        assert_int_equal(w->cmd[2 + l].kind, CMD_KERNEL);
        kernel_t *k = w->open_kernel(w, 2 + l);
        assert_non_null(k);
        assert_string_equal(k->info.name, names[l]);
        assert_int_equal(k->info.grid[0], LIB_GRID);
        assert_int_equal(k->info.block[0], LIB_BLOCK);
        assert_int_equal(k->next_tb(k, &tb), 1);
        assert_int_equal(tb.nwarps, 2);
        k->close(k);
    }
    tb_free(&tb);
    w->close(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(lib2_thread), cmocka_unit_test(lib_thread),
                                       cmocka_unit_test(lib_workload)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
