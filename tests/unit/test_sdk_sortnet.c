/* test_sdk_sortnet.c - CUDA SDK sortingNetworks (sim/workload/sdk_sortnet.c):
 * main.cpp's keys against the C library's rand(), bitonicSort()'s launches
 * at N = 8192 listed by hand, the host network sorting what the sample
 * sorts, and the addresses of chosen threads worked out by hand from
 * bitonicSort.cu. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/sdk_sortnet.h"

#include "simt_harness.h"

/* distinct bases, so that each access names its array */
#define DK 0x10000000ull   /* d_DstKey */
#define DV 0x20000000ull   /* d_DstVal */
#define SK 0x30000000ull   /* d_SrcKey */
#define SV 0x40000000ull   /* d_SrcVal */
#define SH 0x50000000ull   /* shared memory: s_key, then s_val at + 4096 */
#define SHV (SH + 4096)

/* srand(2001); rand() % 65536: the host's glibc is the sample's */
static void keys_are_rand(void **state)
{
    (void)state;
    uint32_t k[3000];
    sn_keys(k, 3000, SN_SEED);
    srand(SN_SEED);
    for (int i = 0; i < 3000; i++)
        assert_int_equal(k[i], (uint32_t)rand() % 65536);
}

/* N = 8192: arrayLength 64 .. 1024 one bitonicSortShared each (5); then for L = 2048, 4096,
 * 8192 bitonicSortShared1 and, per size 2048 .. L, bitonicMergeGlobal for stride size/2 down
 * to 1024, then bitonicMergeShared:
 *   5 S1 | 6 G(2048,1024) | 7 MS(2048)
 *   8 S1 | 9 G(2048,1024) | 10 MS(2048) | 11 G(4096,2048) | 12 G(4096,1024) | 13 MS(4096)
 *   14 S1 | 15 G(2048,1024) | 16 MS(2048) | 17 G(4096,2048) | 18 G(4096,1024) | 19 MS(4096)
 *   | 20 G(8192,4096) | 21 G(8192,2048) | 22 G(8192,1024) | 23 MS(8192)
 * The shared kernels: 8192 / 1024 = 8 blocks of 512; the global one 8192 / 512 = 16 of 256.
 * At N = 2^20: 5 + sum over m = 1..10 of (1 + m + m (m + 1) / 2) = 5 + 10 + 55 + 220 = 290. */
static void launches(void **state)
{
    (void)state;
    sn_input_t in;
    assert_int_equal(sn_input(&in, 8192), 0);
    assert_int_equal(in.nlaunch, 24);
    static const struct {
        unsigned kind, length, size, stride, first;
    } want[24] = {
        {SN_SORT_SHARED, 64, 0, 0, 0},        {SN_SORT_SHARED, 128, 0, 0, 1},      {SN_SORT_SHARED, 256, 0, 0, 2},
        {SN_SORT_SHARED, 512, 0, 0, 3},       {SN_SORT_SHARED, 1024, 0, 0, 4},     {SN_SORT_SHARED1, 2048, 0, 0, 5},
        {SN_MERGE_GLOBAL, 2048, 2048, 1024, 5}, {SN_MERGE_SHARED, 2048, 2048, 0, 5}, {SN_SORT_SHARED1, 4096, 0, 0, 8},
        {SN_MERGE_GLOBAL, 4096, 2048, 1024, 8}, {SN_MERGE_SHARED, 4096, 2048, 0, 8}, {SN_MERGE_GLOBAL, 4096, 4096, 2048, 8},
        {SN_MERGE_GLOBAL, 4096, 4096, 1024, 8}, {SN_MERGE_SHARED, 4096, 4096, 0, 8}, {SN_SORT_SHARED1, 8192, 0, 0, 14},
        {SN_MERGE_GLOBAL, 8192, 2048, 1024, 14}, {SN_MERGE_SHARED, 8192, 2048, 0, 14},
        {SN_MERGE_GLOBAL, 8192, 4096, 2048, 14}, {SN_MERGE_GLOBAL, 8192, 4096, 1024, 14},
        {SN_MERGE_SHARED, 8192, 4096, 0, 14},   {SN_MERGE_GLOBAL, 8192, 8192, 4096, 14},
        {SN_MERGE_GLOBAL, 8192, 8192, 2048, 14}, {SN_MERGE_GLOBAL, 8192, 8192, 1024, 14},
        {SN_MERGE_SHARED, 8192, 8192, 0, 14},
    };
    for (unsigned l = 0; l < 24; l++) {
        const sn_launch_t *ln = &in.launch[l];
        assert_int_equal(ln->kind, want[l].kind);
        assert_int_equal(ln->length, want[l].length);
        assert_int_equal(ln->size, want[l].size);
        assert_int_equal(ln->dir, 0);
        assert_int_equal(ln->first, want[l].first);
        if (ln->kind == SN_MERGE_GLOBAL)
            assert_int_equal(ln->stride, want[l].stride);
        unsigned grid, block;
        sn_geometry(&in, l, &grid, &block);
        assert_int_equal(grid, ln->kind == SN_MERGE_GLOBAL ? 16 : 8);
        assert_int_equal(block, ln->kind == SN_MERGE_GLOBAL ? 256 : 512);
    }
    sn_input_free(&in);
    assert_int_equal(sn_input(&in, 1u << 20), 0);
    assert_int_equal(in.nlaunch, 290);
    sn_input_free(&in);
}

static int cmp_desc(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* The network does what the sample validates: bitonicSortShared at L = 1024 leaves each
 * block's keys in descending order (DIR 0); bitonicSortShared1 leaves even blocks descending
 * and odd ones ascending (ddd = blockIdx.x & 1); and the keys before the last launch of the
 * 8192-key call (the replay through launches 14 .. 22), run through that launch's 8 blocks,
 * are the input sorted descending. Opening launch 23 again gives the same keys (the
 * snapshot); opening an earlier one (19) replays from the call's start. */
static void network_sorts(void **state)
{
    (void)state;
    sn_input_t in;
    assert_int_equal(sn_input(&in, 8192), 0);
    static uint8_t swap[SN_MAX_STEPS][SN_THREADS];
    uint32_t blk[SN_SHARED], ref[SN_SHARED];
    for (unsigned b = 0; b < 2; b++) {
        memcpy(blk, in.key + b * SN_SHARED, sizeof blk);
        assert_int_equal(sn_block(&in.launch[4], b, blk, swap), 55);
        memcpy(ref, in.key + b * SN_SHARED, sizeof ref);
        qsort(ref, SN_SHARED, 4, cmp_desc);
        assert_memory_equal(blk, ref, sizeof ref);
        memcpy(blk, in.key + b * SN_SHARED, sizeof blk);
        assert_int_equal(sn_block(&in.launch[5], b, blk, swap), 55);
        for (unsigned i = 0; i < SN_SHARED; i++)
            assert_int_equal(blk[i], b ? ref[SN_SHARED - 1 - i] : ref[i]);
    }
    void *d = sn_open(&in, 23);
    assert_non_null(d);
    uint32_t *all = malloc(8192 * sizeof *all), *want = malloc(8192 * sizeof *want);
    memcpy(all, sn_data_keys(d), 8192 * sizeof *all);
    void *d2 = sn_open(&in, 23);
    assert_ptr_equal(sn_data_keys(d2), sn_data_keys(d));
    for (unsigned b = 0; b < 8; b++)
        assert_int_equal(sn_block(&in.launch[23], b, all + b * SN_SHARED, swap), 10);
    memcpy(want, in.key, 8192 * sizeof *want);
    qsort(want, 8192, 4, cmp_desc);
    assert_memory_equal(all, want, 8192 * sizeof *all);
    void *d3 = sn_open(&in, 19);   /* 8192-key call, before MS(4096): each 4096 half bitonic */
    assert_non_null(d3);
    assert_ptr_not_equal(sn_data_keys(d3), sn_data_keys(d));
    sn_close(d3);
    sn_close(d2);
    sn_close(d);
    free(all);
    free(want);
    sn_input_free(&in);
}

/* bitonicMergeGlobal, N = 8192, blocks of 256: gci = 256 bx + tx, pos = 2 gci - (gci &
 * (stride - 1)); keyA, valA at pos, keyB, valB at pos + stride read, then the four written.
 *   launch 21 (stride 2048), bx 3 tx 5: gci 773, 773 & 2047 = 773, pos 773, pos + 2048 = 2821
 *   launch 20 (stride 4096), bx 10 tx 7: gci 2567, & 4095 = 2567, pos 2567, + 4096 = 6663
 *   launch 22 (stride 1024), bx 5 tx 100: gci 1380, & 1023 = 356, pos 2760 - 356 = 2404, + 1024 = 3428 */
static void merge_global_addresses(void **state)
{
    (void)state;
    sn_input_t in;
    assert_int_equal(sn_input(&in, 8192), 0);
    static const struct {
        unsigned level, bx, tx, a, b;
    } c[3] = {{21, 3, 5, 773, 2821}, {20, 10, 7, 2567, 6663}, {22, 5, 100, 2404, 3428}};
    for (int i = 0; i < 3; i++) {
        simt_args_t a = {.arr = {DK, DV, SK, SV}, .p = c[i].level, .data = &in};
        run_t r;
        simt_run(&r, sdk_sn_merge_global, &a, c[i].tx, 0, c[i].bx, 0, 256, 1, 16, 1);
        assert_int_equal(r.nmem, 8);
        const uint64_t want[8] = {SK + 4 * c[i].a, SV + 4 * c[i].a, SK + 4 * c[i].b, SV + 4 * c[i].b,
                                  DK + 4 * c[i].a, DV + 4 * c[i].a, DK + 4 * c[i].b, DV + 4 * c[i].b};
        for (int j = 0; j < 8; j++) {
            assert_int_equal(r.mem[j], want[j]);
            assert_string_equal(r.op[j], j < 4 ? "LDG.E" : "STG.E");
        }
        assert_int_equal(r.bars, 0);
    }
    sn_input_free(&in);
}

/* The accesses to s_key among a thread's LDS (two a step, two at the end). */
static unsigned key_loads(const run_t *r, uint64_t *out)
{
    unsigned n = 0;
    for (unsigned i = 0; i < r->nmem; i++)
        if (!strcmp(r->op[i], "LDS.U.32") && r->mem[i] < SHV)
            out[n++] = (r->mem[i] - SH) / 4;
    return n;
}

/* bitonicSortShared1, N = 8192 (launch 5), block 1, thread 3: g = 1024 + 3 = 1027.
 *  in: d_SrcKey[1027], d_SrcVal[1027], d_SrcKey[1539], d_SrcVal[1539]; s_key[3], s_val[3],
 *      s_key[515], s_val[515];
 *  size 2, stride 1: pos = 6 - (3 & 0) = 6: s_key[6], s_key[7]; ddd = (3 & 1) != 0 = 1: the
 *      pair swaps iff key 6 > key 7 of the block (d_SrcKey[1030] > d_SrcKey[1031]), and then
 *      s_val[6], s_val[7] are read and s_key[6], s_key[7], s_val[6], s_val[7] written;
 *  size 4, stride 2: pos = 6 - (3 & 1) = 5: s_key[5], s_key[7]; stride 1: 6, 7;
 *  the final merge, stride 512: pos = 6 - (3 & 511) = 3: s_key[3], s_key[515]; ... stride 1: 6, 7;
 *  55 steps, 56 barriers; out: s_key[3], s_val[3], s_key[515], s_val[515] to d_DstKey[1027],
 *  d_DstVal[1027], d_DstKey[1539], d_DstVal[1539]. */
static void sort_shared1_thread(void **state)
{
    (void)state;
    sn_input_t in;
    assert_int_equal(sn_input(&in, 8192), 0);
    void *d = sn_open(&in, 5);
    simt_args_t a = {.arr = {DK, DV, SK, SV}, .p = 5, .shmem = SH, .data = d};
    run_t r;
    simt_run(&r, sdk_sn_sort_shared1, &a, 3, 0, 1, 0, 512, 1, 8, 1);
    const uint64_t pro[8] = {SK + 4 * 1027, SV + 4 * 1027, SK + 4 * 1539, SV + 4 * 1539,
                             SH + 12,       SHV + 12,      SH + 4 * 515,  SHV + 4 * 515};
    for (int j = 0; j < 8; j++)
        assert_int_equal(r.mem[j], pro[j]);
    assert_int_equal(r.mem[8], SH + 24);
    assert_int_equal(r.mem[9], SH + 28);
    const int sw = in.key[1030] > in.key[1031];
    if (sw) {
        const uint64_t body[6] = {SHV + 24, SHV + 28, SH + 24, SH + 28, SHV + 24, SHV + 28};
        for (int j = 0; j < 6; j++)
            assert_int_equal(r.mem[10 + j], body[j]);
        assert_string_equal(r.op[12], "STS");
    }
    assert_int_equal(r.mem[sw ? 16 : 10], SH + 20);   /* size 4, stride 2: s_key[5] */
    uint64_t k[128];
    assert_int_equal(key_loads(&r, k), 2 * 55 + 2);
    assert_int_equal(k[2], 5);
    assert_int_equal(k[3], 7);
    assert_int_equal(k[4], 6);
    assert_int_equal(k[5], 7);
    /* the final merge starts at step 45 (1 + 2 + .. + 9 steps before it) */
    assert_int_equal(k[90], 3);
    assert_int_equal(k[91], 515);
    assert_int_equal(k[108], 6);
    assert_int_equal(k[109], 7);
    assert_int_equal(k[110], 3);
    assert_int_equal(k[111], 515);
    assert_int_equal(r.bars, 56);
    const uint64_t out[4] = {DK + 4 * 1027, DV + 4 * 1027, DK + 4 * 1539, DV + 4 * 1539};
    for (int j = 0; j < 4; j++) {
        assert_int_equal(r.mem[r.nmem - 4 + j], out[j]);
        assert_string_equal(r.op[r.nmem - 4 + j], "STG.E");
    }
    /* thread 1 of the block: size 2, stride 1, pos = 2: d_SrcKey[1026] = 16354 > d_SrcKey[1027]
     * = 10101 (the 1027th and 1028th of srand(2001)'s draws, % 65536) and ddd = 1 & 1 = 1: the
     * pair swaps: s_val[2], s_val[3] read, s_key[2], s_key[3], s_val[2], s_val[3] written */
    assert_int_equal(in.key[1026], 16354);
    assert_int_equal(in.key[1027], 10101);
    simt_run(&r, sdk_sn_sort_shared1, &a, 1, 0, 1, 0, 512, 1, 8, 1);
    const uint64_t body[8] = {SH + 8, SH + 12, SHV + 8, SHV + 12, SH + 8, SH + 12, SHV + 8, SHV + 12};
    const char *bop[8] = {"LDS.U.32", "LDS.U.32", "LDS.U.32", "LDS.U.32", "STS", "STS", "STS", "STS"};
    for (int j = 0; j < 8; j++) {
        assert_int_equal(r.mem[8 + j], body[j]);
        assert_string_equal(r.op[8 + j], bop[j]);
    }
    sn_close(d);
    sn_input_free(&in);
}

/* bitonicSortShared at arrayLength 64 (launch 0), block 0, thread 40: a block holds 16
 * arrays; size 2 .. 32, then the final merge from stride 32: 1 + .. + 5 + 6 = 21 steps, 22
 * barriers. size 2, stride 1: pos 80, 81; size 64 is the final merge: stride 32, pos = 80 -
 * (40 & 31) = 72: s_key[72], s_key[104] (the same 64-key array, 64 .. 127). */
static void sort_shared_thread(void **state)
{
    (void)state;
    sn_input_t in;
    assert_int_equal(sn_input(&in, 8192), 0);
    void *d = sn_open(&in, 0);
    simt_args_t a = {.arr = {DK, DV, SK, SV}, .p = 0, .shmem = SH, .data = d};
    run_t r;
    simt_run(&r, sdk_sn_sort_shared, &a, 40, 0, 0, 0, 512, 1, 8, 1);
    uint64_t k[128];
    assert_int_equal(key_loads(&r, k), 2 * 21 + 2);
    assert_int_equal(k[0], 80);
    assert_int_equal(k[1], 81);
    assert_int_equal(k[30], 72);
    assert_int_equal(k[31], 104);
    assert_int_equal(r.bars, 22);
    assert_int_equal(r.mem[0], SK + 4 * 40);
    assert_int_equal(r.mem[r.nmem - 1], DV + 4 * (40 + 512));
    sn_close(d);
    sn_input_free(&in);
}

/* bitonicMergeShared, N = 8192, launch 23 (size 8192), block 2, thread 0: g = 2048; strides
 * 512 .. 1: pos = 0 at every step, s_key[0] with s_key[stride]; 10 steps, 11 barriers. */
static void merge_shared_thread(void **state)
{
    (void)state;
    sn_input_t in;
    assert_int_equal(sn_input(&in, 8192), 0);
    void *d = sn_open(&in, 23);
    simt_args_t a = {.arr = {DK, DV, SK, SV}, .p = 23, .shmem = SH, .data = d};
    run_t r;
    simt_run(&r, sdk_sn_merge_shared, &a, 0, 0, 2, 0, 512, 1, 8, 1);
    assert_int_equal(r.mem[0], SK + 4 * 2048);
    assert_int_equal(r.mem[3], SV + 4 * 2560);
    uint64_t k[128];
    assert_int_equal(key_loads(&r, k), 2 * 10 + 2);
    for (unsigned s = 0; s < 10; s++) {
        assert_int_equal(k[2 * s], 0);
        assert_int_equal(k[2 * s + 1], 512u >> s);
    }
    assert_int_equal(r.bars, 11);
    assert_int_equal(r.mem[r.nmem - 4], DK + 4 * 2048);
    sn_close(d);
    sn_input_free(&in);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_are_rand),          cmocka_unit_test(launches),
        cmocka_unit_test(network_sorts),          cmocka_unit_test(merge_global_addresses),
        cmocka_unit_test(sort_shared1_thread),    cmocka_unit_test(sort_shared_thread),
        cmocka_unit_test(merge_shared_thread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
