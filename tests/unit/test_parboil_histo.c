/* test_parboil_histo.c - Parboil 2.5 histo written per thread
 * (sim/workload/parboil_histo.c): addresses of chosen threads worked out by
 * hand from the CUDA sources (histo_prescan.cu, histo_intermediates.cu,
 * histo_main.cu, histo_final.cu; util.h: KB 24, BINS_PER_BLOCK 24576,
 * BLOCK_X 14, THREADS 768, UNROLL 16), and the stand-in input's
 * properties. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/parboil_histo.h"

#include "simt_harness.h"

static const uint64_t A0 = 0x1000000, A1 = 0x3000000, A2 = 0x5000000, A3 = 0x7000000, SH = 0x9000000;

/* histo_prescan_kernel on the default image, size = 996 x 1040 = 1035840: stride = 1035840 / 64 =
 * 16185. Block 3, thread 5: addr = 3 16185 + 5 = 48560, end = 48555 + 16185 / 8 (2023) = 50578:
 * input[48560], [49072], [49584], [50096] (the next, 50608, is past end), at 4 x: 194240, 196288,
 * 198336, 200384; Avg[5] = SH + 20; the same four again; StdDev[5] = SH + 2048 + 20; then SUM(s)
 * for s = 256 .. 8 (5 < s): Avg[5], Avg[5 + s], Avg[5] <-, StdDev[5], StdDev[5 + s], StdDev[5] <-;
 * not SUM(4), SUM(2), not the tid == 0 part. */
static void prescan_addresses(void **state)
{
    (void)state;
    static run_t r;
    pbh_input_t in = {.width = 996, .height = 1040};
    simt_args_t a = {.arr = {A0, A1}, .shmem = SH, .data = &in};
    simt_run(&r, pb_histo_prescan, &a, 5, 0, 3, 0, PBH_PRESCAN_THREADS, 1, PBH_PRESCAN_BLOCKS, 1);
    const uint64_t in4[4] = {A0 + 194240, A0 + 196288, A0 + 198336, A0 + 200384};
    for (int k = 0; k < 4; k++) {
        assert_int_equal(r.mem[k], in4[k]);
        assert_string_equal(r.op[k], "LDG.E");
        assert_int_equal(r.mem[5 + k], in4[k]);
    }
    assert_int_equal(r.mem[4], SH + 20);
    assert_int_equal(r.mem[9], SH + 2048 + 20);
    const unsigned s[6] = {256, 128, 64, 32, 16, 8};
    for (int k = 0; k < 6; k++) {
        const uint64_t *m = &r.mem[10 + 6 * k];
        assert_int_equal(m[0], SH + 20);
        assert_int_equal(m[1], SH + 4 * (5 + s[k]));
        assert_int_equal(m[2], SH + 20);
        assert_int_equal(m[3], SH + 2048 + 20);
        assert_int_equal(m[4], SH + 2048 + 4 * (5 + s[k]));
        assert_int_equal(m[5], SH + 2048 + 20);
    }
    assert_int_equal(r.nmem, 10 + 36);
    assert_int_equal(r.bars, 4);
    /* thread 0 of block 0: every SUM step, then Avg[0], Avg[1], StdDev[0], StdDev[1] and the two
     * atomics on minmax[0], minmax[1] */
    simt_run(&r, pb_histo_prescan, &a, 0, 0, 0, 0, PBH_PRESCAN_THREADS, 1, PBH_PRESCAN_BLOCKS, 1);
    assert_int_equal(r.nmem, 10 + 8 * 6 + 6);
    const uint64_t tail[6] = {SH, SH + 4, SH + 2048, SH + 2052, A1, A1 + 4};
    for (int k = 0; k < 6; k++)
        assert_int_equal(r.mem[r.nmem - 6 + k], tail[k]);
    assert_string_equal(r.op[r.nmem - 2], "RED.E.MIN");
    assert_string_equal(r.op[r.nmem - 1], "RED.E.MAX");
}

/* histo_intermediates_kernel, width 996: input_pitch = 498 uint2, blockDim 498. Block 2, thread
 * 7: line = 32; load_bin = input + 32 498 + 7 = uint2 15943 (8 x: 127544); store = 32 996 + 7 =
 * 31879 (4 x: 127516) and store + 498 = 32377 (129508); each row on: + 498 uint2 (3984 bytes), +
 * 996 uchar4 (3984 bytes); the 16th row: uint2 23413 (187304), 46819 (187276), 47317 (189268). */
static void intermediates_addresses(void **state)
{
    (void)state;
    static run_t r;
    pbh_input_t in = {.width = 996, .height = 1040};
    simt_args_t a = {.arr = {A0, A1}, .shmem = SH, .data = &in};
    simt_run(&r, pb_histo_intermediates, &a, 7, 0, 2, 0, 498, 1, 65, 1);
    assert_int_equal(r.nmem, 3 * PBH_UNROLL);
    assert_int_equal(r.mem[0], A0 + 127544);
    assert_string_equal(r.op[0], "LDG.E.64");
    assert_int_equal(r.mem[1], A1 + 127516);
    assert_string_equal(r.op[1], "STG.E");
    assert_int_equal(r.mem[2], A1 + 129508);
    assert_int_equal(r.mem[3], A0 + 127544 + 3984);
    assert_int_equal(r.mem[4], A1 + 127516 + 3984);
    assert_int_equal(r.mem[45], A0 + 187304);
    assert_int_equal(r.mem[46], A1 + 187276);
    assert_int_equal(r.mem[47], A1 + 189268);
    assert_int_equal(r.bars, 0);
}

/* histo_main_kernel on a 996 x 16 image (num_elements 15936), ranges [20, 22], grid 14 x 3. */
static void main_addresses(void **state)
{
    (void)state;
    static run_t r;
    enum { N = 996 * 16 };
    pbh_input_t in = {.width = 996, .height = 16, .rmin = 20, .rmax = 22};
    in.img = calloc(N, sizeof *in.img);
    in.prev = calloc(N, sizeof *in.prev);
    assert_non_null(in.img);
    assert_non_null(in.prev);
    for (unsigned i = 0; i < N; i++)
        in.img[i] = 21 * PBH_BINS_PER_BLOCK;
    /* block (1, 1) (range 21), thread 3: local_scan_load = 768 + 3 = 771, then + 768 x 14 = 11523
     * (then 22275 >= 15936). Pixel 771 = bin 21 24576 + 1202: indexhi 1, indexlo 300 & 255 = 44,
     * offset 2 x 8 = 16: atomicAdd(&sub_histo[1][44]) = SH + 4 (256 + 44) = SH + 1200; its old
     * word has 0xFF in byte 2: an overflow, atomicAdd(&global_overflow[517298]) (4 x: 2069192) and,
     * offset 16 < 24, [517299]; its byte 3 is 0: not + 2; offset >= 8: not + 3. Pixel 11523 is in
     * range 20: no atomic; block row 1: no testIncrementGlobal. clearMemory before: sub_histo[3 +
     * 768 k], k < 8; copyMemory after: sub_histo[i], then global_subhisto[21 24576 + 4 i + j]
     * (global_subhisto + 2064384 + 16 i + 4 j) for i = 3 + 768 k. */
    in.img[771] = 21 * PBH_BINS_PER_BLOCK + 1202;
    in.prev[771] = 0xFFu << 16;
    in.img[11523] = 20 * PBH_BINS_PER_BLOCK + 8;
    simt_args_t a = {.arr = {A0, A1, A2, A3}, .shmem = SH, .data = &in};
    simt_run(&r, pb_histo_main, &a, 3, 0, 1, 1, PBH_THREADS, 1, PBH_BLOCK_X, 3);
    for (unsigned k = 0; k < 8; k++) {
        assert_int_equal(r.mem[k], SH + 4 * (3 + 768 * k));
        assert_string_equal(r.op[k], "STS");
    }
    const uint64_t body[5] = {A0 + 4 * 771, SH + 1200, A3 + 4 * 517298, A3 + 4 * 517299, A0 + 4 * 11523};
    const char *bop[5] = {"LDG.E", "ATOMS.ADD", "RED.E.ADD", "RED.E.ADD", "LDG.E"};
    for (unsigned k = 0; k < 5; k++) {
        assert_int_equal(r.mem[8 + k], body[k]);
        assert_string_equal(r.op[8 + k], bop[k]);
    }
    for (unsigned k = 0; k < 8; k++) {
        const uint64_t i = 3 + 768 * k, *m = &r.mem[13 + 5 * k];
        assert_int_equal(m[0], SH + 4 * i);
        for (unsigned j = 0; j < 4; j++)
            assert_int_equal(m[1 + j], A1 + 2064384 + 16 * i + 4 * j);
    }
    assert_int_equal(r.nmem, 8 + 5 + 40);
    assert_int_equal(r.bars, 2);
    /* block (0, 0) (range 20, row 0), thread 0: pixels 0 and 10752. Pixel 0 = bin 5 24576 + 6 =
     * 122886, range 5 < 20: not local; global: old_val = global_histo[61443] (4 x: 245772), its
     * count 3 < 255: atomicAdd there. Pixel 10752 = bin 41 24576 + 1 = 1007617, range 41 > 22:
     * global_histo[503808] (2015232), count 255: no atomic. copyMemory to global_subhisto + 20
     * 24576 uints (1966080). */
    in.img[0] = 5 * PBH_BINS_PER_BLOCK + 6;
    in.prev[0] = 3;
    in.img[10752] = 41 * PBH_BINS_PER_BLOCK + 1;
    in.prev[10752] = 255;
    simt_run(&r, pb_histo_main, &a, 0, 0, 0, 0, PBH_THREADS, 1, PBH_BLOCK_X, 3);
    const uint64_t body0[5] = {A0, A2 + 245772, A2 + 245772, A0 + 4 * 10752, A2 + 2015232};
    const char *bop0[5] = {"LDG.E", "LDG.E", "RED.E.ADD", "LDG.E", "LDG.E"};
    for (unsigned k = 0; k < 5; k++) {
        assert_int_equal(r.mem[8 + k], body0[k]);
        assert_string_equal(r.op[8 + k], bop0[k]);
    }
    assert_int_equal(r.mem[14], A1 + 1966080);
    assert_int_equal(r.nmem, 8 + 5 + 40);
    free(in.img);
    free(in.prev);
}

/* histo_final_kernel, ranges [20, 22]: low = 20 24576 = 491520 bins, mid = 3 24576 = 73728;
 * loop bounds (in 4-bin steps) 122880, 141312, 262144; 42 x 512 threads, step 21504. Block 3,
 * thread 10: start = 1546. Lower: i = 1546, 23050, .., 109066 (6), each ushort4 global_histo[i]
 * (8 i) read and zeroed, uchar4 final_histo[i] (4 i); middle: i = 122880 + 1546 = 124426 only:
 * uint4 global_overflow[i] = 0 (16 i = 1990816), global_subhisto[4 i + j] (16 i + 4 j), final
 * (497704); upper: i = 141312 + 1546 = 142858, .., 250378 (6). */
static void final_addresses(void **state)
{
    (void)state;
    static run_t r;
    pbh_input_t in = {.width = 996, .height = 1040, .rmin = 20, .rmax = 22};
    const uint64_t FIN = 0xb000000;
    simt_args_t a = {.arr = {A0, A1, A2, FIN}, .shmem = SH, .data = &in};
    simt_run(&r, pb_histo_final, &a, 10, 0, 3, 0, PBH_FINAL_THREADS, 1, 3 * PBH_BLOCK_X, 1);
    assert_int_equal(r.nmem, 18 + 6 + 18);
    for (unsigned k = 0; k < 6; k++) {
        const uint64_t i = 1546 + 21504 * k, j = 142858 + 21504 * k;
        assert_int_equal(r.mem[3 * k], A1 + 8 * i);
        assert_string_equal(r.op[3 * k], "LDG.E.64");
        assert_int_equal(r.mem[3 * k + 1], A1 + 8 * i);
        assert_string_equal(r.op[3 * k + 1], "STG.E.64");
        assert_int_equal(r.mem[3 * k + 2], FIN + 4 * i);
        assert_int_equal(r.mem[24 + 3 * k], A1 + 8 * j);
        assert_int_equal(r.mem[24 + 3 * k + 2], FIN + 4 * j);
    }
    assert_int_equal(r.mem[18], A2 + 1990816);
    assert_string_equal(r.op[18], "STG.E.128");
    for (unsigned j = 0; j < 4; j++)
        assert_int_equal(r.mem[19 + j], A0 + 1990816 + 4 * j);
    assert_int_equal(r.mem[23], FIN + 497704);
}

/* The prescan on a flat image: every pixel 100000, mean 100000, deviation 0: both ends 100000 /
 * 24576 = 4. */
static void prescan_flat(void **state)
{
    (void)state;
    enum { N = 996 * 272 };
    uint32_t *img = malloc(N * sizeof *img);
    assert_non_null(img);
    for (unsigned i = 0; i < N; i++)
        img[i] = 100000;
    unsigned lo, hi;
    pbh_ranges(img, N, &lo, &hi);
    assert_int_equal(lo, 4);
    assert_int_equal(hi, 4);
    free(img);
}

/* The stand-in: bins inside the 256 x 4096 histogram, centred (mean within 1000 bins of row 2048
 * column 128), the eye around the centre's range 21 with almost every pixel in it, and each
 * in-range pixel's old shared word holding, in its byte, how many pixels before it in its block's
 * order (the same x block: (i / 768) % 14) had its bin. */
static void standin(void **state)
{
    (void)state;
    pbh_input_t in;
    assert_int_equal(pbh_input(&in, PBH_IMG_H), 0);
    const uint64_t n = (uint64_t)PBH_IMG_W * PBH_IMG_H;
    double sum = 0;
    uint64_t inside = 0;
    for (uint64_t i = 0; i < n; i++) {
        assert_true(in.img[i] < PBH_HISTO_W * PBH_HISTO_H);
        sum += in.img[i];
        unsigned r = in.img[i] / PBH_BINS_PER_BLOCK;
        inside += r >= in.rmin && r <= in.rmax;
    }
    assert_true(sum / (double)n > 2048.0 * 256 + 128 - 1000 && sum / (double)n < 2048.0 * 256 + 128 + 1000);
    assert_true(in.rmin <= 21 && in.rmax >= 21 && in.rmax < PBH_HISTO_W * PBH_HISTO_H / PBH_BINS_PER_BLOCK);
    assert_true(inside > n - n / 1000);
    for (uint64_t i = 1000; i < n; i += 50021) {
        const uint32_t b = in.img[i];
        const unsigned r = b / PBH_BINS_PER_BLOCK;
        if (r < in.rmin || r > in.rmax)
            continue;
        unsigned c = 0;
        for (uint64_t j = 0; j < i; j++)
            c += in.img[j] == b && j / PBH_THREADS % PBH_BLOCK_X == i / PBH_THREADS % PBH_BLOCK_X;
        assert_int_equal(in.prev[i] >> (8 * (b % 4)) & 0xFF, c & 0xFF);
    }
    pbh_input_free(&in);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(prescan_addresses), cmocka_unit_test(intermediates_addresses),
        cmocka_unit_test(main_addresses),    cmocka_unit_test(final_addresses),
        cmocka_unit_test(prescan_flat),      cmocka_unit_test(standin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
