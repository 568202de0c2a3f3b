/* test_rodinia_pf.c - Rodinia's particle filter written per thread
 * (sim/workload/rodinia_pf.c): the host program's generator and chosen
 * threads' addresses worked out by hand from particlefilter_float.cu. */
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/rodinia_pf.h"

#include "simt_harness.h"

enum { NP = 1000 };
static const uint64_t AX = 0x1000000, AY = 0x2000000, XJ = 0x3000000, YJ = 0x4000000, IND = 0x5000000,
                      OBJ = 0x6000000, LIK = 0x7000000, IMG = 0x8000000, W = 0x9000000, SEED = 0xa000000,
                      PS = 0xb000000, CDF = 0xc000000, U = 0xd000000, SH = 0xf000000;
static rd_pf_t pf;

static int setup(void **state)
{
    (void)state;
    return rd_pf_run(&pf, NP, PTF_NFR, PTF_ISZ);
}

static int teardown(void **state)
{
    (void)state;
    rd_pf_free(&pf);
    return 0;
}

static void run(run_t *r, simt_fn fn, const simt_args_t *a, unsigned tx, unsigned bx)
{
    simt_run(r, fn, a, tx, 0, bx, 0, PTF_BLOCK, 1, (NP + PTF_BLOCK - 1) / PTF_BLOCK, 1);
}

static double randn(int *seed)
{
    double u = rd_pf_randu(seed), v = rd_pf_randu(seed);
    return sqrt(-2 * log(u)) * cos(2 * 3.14159265358979323846 * v);
}

/* The LCG: (1103515245 s + 12345) % INT_MAX in ints: from 1, 1103527590; from 1103527590,
 * 1103515245 * 1103527590 + 12345 wraps to 2524885223 - 2^32 = -1770082073 (% keeps the sign),
 * the value its absolute value / INT_MAX. */
static void generator(void **state)
{
    (void)state;
    int s = 1;
    assert_true(fabs(rd_pf_randu(&s) - 1103527590.0 / INT_MAX) < 1e-15);
    assert_int_equal(s, 1103527590);
    double v = rd_pf_randu(&s);
    assert_int_equal(s, -1770082073);
    assert_true(fabs(v - 1770082073.0 / INT_MAX) < 1e-15);
    /* getneighbors: x = 0 (offset -4) holds y = 2 .. 6: the first pair is (y - 4, x - 4) = (-2, -4); the
     * disk has 9 + 2 (9 + 9 + 7 + 5) = 69 ones; the last pair (2, 4) */
    assert_int_equal(pf.objxy[0], -2);
    assert_int_equal(pf.objxy[1], -4);
    assert_int_equal(pf.objxy[2 * 68], 2);
    assert_int_equal(pf.objxy[2 * 68 + 1], 4);
    /* the video: frame 0's disk of radius 5 round (64, 64): 69 pixels near 228, the rest near 100 */
    unsigned bright = 0;
    for (unsigned j = 0; j < PTF_ISZ * PTF_ISZ; j++)
        bright += pf.video[j * PTF_NFR] > 180;
    assert_int_equal(bright, 69);
    assert_true(pf.video[(64 * PTF_ISZ + 64) * PTF_NFR] > 180);
    assert_true(pf.video[(10 * PTF_ISZ + 10) * PTF_NFR] < 140);
    /* seed[0] = time(0) * 0 = 0, then addNoise's two draws a pixel: 2 x 128 x 128 x 10 steps before
     * frame 1; then each frame 4 (likelihood_kernel's thread 0) + 1 (normalize's d_randu) */
    s = 0;
    for (unsigned j = 0; j < 2 * PTF_ISZ * PTF_ISZ * PTF_NFR; j++)
        (void)rd_pf_randu(&s);
    assert_int_equal(pf.seed0[0], s);
    for (unsigned j = 0; j < 5; j++)
        (void)rd_pf_randu(&s);
    assert_int_equal(pf.seed0[1], s);
}

/* likelihood_kernel, frame k = 1, thread 5 of block 1: i = 517, 8 i = 4136, 4 i = 2068.
 * xj[i] -> arrayX[i], yj[i] -> arrayY[i], weights[i]; d_randn twice for arrayX (seed[i] load
 * and store twice each), the store of arrayX[i]; the same for arrayY[i]. After the barrier
 * arrayX[i], arrayY[i]; per offset y objxy[2y + 1], objxy[2y] and ind[517 * 69 + y] = IND +
 * 142692 + 4y; then ind[...] and I[ind] per offset; likelihood[i], weights[i] load and store;
 * buffer[5] = SH + 40 zeroed, weights[i] into it; the tree: s = 256 .. 8 read buffer[5] and
 * buffer[5 + s], write buffer[5] (s = 4 .. 1: 5 >= s). */
static void likelihood_addresses(void **state)
{
    (void)state;
    static run_t r;
    simt_args_t a = {.arr = {AX, AY, XJ, YJ, IND, OBJ, LIK, IMG, W, SEED, PS}, .n = NP, .p = 1, .shmem = SH,
                     .data = &pf};
    run(&r, rd_pf_likelihood, &a, 5, 1);
    const uint64_t head[] = {XJ + 4136, AX + 4136, YJ + 4136, AY + 4136, W + 4136, SEED + 2068, SEED + 2068,
                             SEED + 2068, SEED + 2068, AX + 4136, SEED + 2068, SEED + 2068, SEED + 2068,
                             SEED + 2068, AY + 4136, AX + 4136, AY + 4136, OBJ + 4, OBJ, IND + 142692};
    for (unsigned j = 0; j < sizeof head / sizeof head[0]; j++)
        assert_int_equal(r.mem[j], head[j]);
    assert_string_equal(r.op[0], "LDG.E.64");
    assert_string_equal(r.op[5], "LDG.E");
    assert_string_equal(r.op[19], "STG.E");
    /* the particle by hand: seed[517] = (int)(PTF_TIME * 517); X = 64 + 1 + 5 randn, Y = 64 - 2 + 2 randn;
     * offset 0: ind = |((int)X - 4) * 128 * 10 + ((int)Y - 2) * 10 + 1| (inside the video: no second store) */
    int s = (int)(uint32_t)((uint64_t)PTF_TIME * 517);
    double X = 64.0 + 1.0 + 5.0 * randn(&s);
    double Y = 64.0 - 2.0 + 2.0 * randn(&s);
    int ind0 = abs(((int)X - 4) * 1280 + ((int)Y - 2) * 10 + 1);
    assert_int_equal(pf.ind[517 * 69], ind0);
    assert_int_equal(pf.oob[517 * 69], 0);
    assert_int_equal(r.mem[17 + 3 * 68], OBJ + 4 * 137);   /* the last offset: objxy[137], [136], ind[...68] */
    assert_int_equal(r.mem[17 + 3 * 68 + 2], IND + 142692 + 272);
    const unsigned L = 17 + 3 * 69;   /* 224: calcLikelihoodSum */
    assert_int_equal(r.mem[L], IND + 142692);
    assert_int_equal(r.mem[L + 1], IMG + (uint64_t)ind0);
    assert_string_equal(r.op[L + 1], "LDG.E.U8");
    assert_int_equal(r.mem[L + 2 * 68], IND + 142692 + 272);
    const unsigned T = L + 2 * 69;   /* 362 */
    const uint64_t tail[] = {LIK + 4136, W + 4136, W + 4136, SH + 40, W + 4136, SH + 40,
                             SH + 40,    SH + 2088, SH + 40, SH + 40, SH + 1064, SH + 40};
    for (unsigned j = 0; j < sizeof tail / sizeof tail[0]; j++)
        assert_int_equal(r.mem[T + j], tail[j]);
    assert_string_equal(r.op[T + 3], "STS.64");
    assert_string_equal(r.op[T + 7], "LDS.U.64");
    assert_int_equal(r.mem[T + 6 + 15 + 1], SH + 104);   /* s = 8: buffer[13] */
    assert_int_equal(r.nmem, T + 6 + 6 * 3);
    assert_int_equal(r.bars, 1 + 2 + 9 + 1);
    /* thread 0 of block 1 writes partial_sums[1] = buffer[0] */
    run(&r, rd_pf_likelihood, &a, 0, 1);
    assert_int_equal(r.mem[r.nmem - 1], PS + 8);
    assert_int_equal(r.mem[r.nmem - 2], SH);
    /* thread 500 of block 1: i = 1012 >= 1000: the buffer's zero and the tree (s = 256: 500 >= 256) only */
    run(&r, rd_pf_likelihood, &a, 500, 1);
    assert_int_equal(r.nmem, 1);
    assert_int_equal(r.mem[0], SH + 4000);
    assert_int_equal(r.bars, 13);
}

/* sum_kernel: thread 0 adds partial_sums[0], [1] (ceil(1000 / 512) = 2 blocks), stores [0] */
static void sum_addresses(void **state)
{
    (void)state;
    static run_t r;
    simt_args_t a = {.arr = {PS}, .n = NP};
    run(&r, rd_pf_sum, &a, 0, 0);
    assert_int_equal(r.nmem, 3);
    assert_int_equal(r.mem[0], PS);
    assert_int_equal(r.mem[1], PS + 8);
    assert_int_equal(r.mem[2], PS);
    run(&r, rd_pf_sum, &a, 1, 0);
    assert_int_equal(r.nmem, 0);
}

/* normalize_weights_kernel, Nparticles 100 (one block): thread 0 reads partial_sums[0] into
 * sumWeights (SH + 8), divides weights[0], then the CDF: weights[0] -> CDF[0], weights[x] ->
 * CDF[x] for x = 1 .. 99; d_randu(seed, 0); u[0]; after the barrier u[0] -> u1 (SH) and u1 ->
 * u[0]. Thread 5 of block 1 at 1000 particles: weights[517], then u[517]. */
static void normalize_addresses(void **state)
{
    (void)state;
    static run_t r;
    simt_args_t a = {.arr = {W, PS, CDF, U, SEED}, .n = 100, .shmem = SH};
    simt_run(&r, rd_pf_normalize, &a, 0, 0, 0, 0, PTF_BLOCK, 1, 1, 1);
    const uint64_t head[] = {PS, SH + 8, SH + 8, W, W, W, CDF, W + 8, CDF + 8};
    for (unsigned j = 0; j < sizeof head / sizeof head[0]; j++)
        assert_int_equal(r.mem[j], head[j]);
    const unsigned E = 7 + 2 * 99;
    assert_int_equal(r.mem[E - 1], CDF + 8 * 99);
    const uint64_t tail[] = {SEED, SEED, U, U, SH, SH, U};
    for (unsigned j = 0; j < sizeof tail / sizeof tail[0]; j++)
        assert_int_equal(r.mem[E + j], tail[j]);
    assert_int_equal(r.nmem, E + 7);
    assert_int_equal(r.bars, 4);
    a.n = NP;
    run(&r, rd_pf_normalize, &a, 5, 1);
    const uint64_t t5[] = {SH + 8, W + 4136, W + 4136, SH, U + 4136};
    assert_int_equal(r.nmem, 5);
    for (unsigned j = 0; j < 5; j++)
        assert_int_equal(r.mem[j], t5[j]);
}

/* find_index_kernel, frame 1: thread i reads u[i], CDF[0 .. trips - 1] (it breaks at the first
 * CDF[x] >= u[i]), then arrayX[index] -> xj[i], arrayY[index] -> yj[i]. Within block 0 u[i] =
 * u1 + i / N grows with i, so the trips do. */
static void find_index_addresses(void **state)
{
    (void)state;
    static run_t r;
    simt_args_t a = {.arr = {AX, AY, CDF, U, XJ, YJ}, .n = NP, .p = 1, .data = &pf};
    for (unsigned i = 1; i < PTF_BLOCK; i++)
        assert_true(pf.trips[i] >= pf.trips[i - 1]);
    unsigned i = 0;
    while (i < NP && pf.trips[i] > 200)
        i++;
    assert_true(i < NP && pf.trips[i]);   /* a short search to follow (the harness keeps 512 accesses) */
    const unsigned trips = pf.trips[i], index = pf.index[i];
    assert_int_equal(index, trips - 1);
    run(&r, rd_pf_find_index, &a, i % PTF_BLOCK, i / PTF_BLOCK);
    assert_int_equal(r.mem[0], U + 8 * i);
    for (unsigned x = 0; x < trips; x++)
        assert_int_equal(r.mem[1 + x], CDF + 8 * x);
    assert_int_equal(r.mem[1 + trips], AX + 8 * index);
    assert_int_equal(r.mem[2 + trips], XJ + 8 * i);
    assert_int_equal(r.mem[3 + trips], AY + 8 * index);
    assert_int_equal(r.mem[4 + trips], YJ + 8 * i);
    assert_int_equal(r.nmem, 5 + trips);
    assert_int_equal(r.bars, 1);
    /* past the particles: the barrier only */
    run(&r, rd_pf_find_index, &a, 500, 1);
    assert_int_equal(r.nmem, 0);
    assert_int_equal(r.bars, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(generator),          cmocka_unit_test(likelihood_addresses),
        cmocka_unit_test(sum_addresses),      cmocka_unit_test(normalize_addresses),
        cmocka_unit_test(find_index_addresses),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
