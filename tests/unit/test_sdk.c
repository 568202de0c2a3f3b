/* test_sdk.c - CUDA SDK kernels written per thread (sim/workload/sdk.c):
 * those whose addresses depend on their data, mergeSort and histogram (their
 * inputs against the C library's own rand(), mergeSort's stage data against a
 * plain merge), and convolutionSeparable; the addresses of chosen threads
 * worked out from mergeSort.cu, histogram64.cu, histogram256.cu and
 * convolutionSeparable.cu. (The other SDK kernels are checked in
 * test_kernels.c.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/sdk.h"

#include "simt_harness.h"

static void run(run_t *r, simt_fn fn, const simt_args_t *a, unsigned tx, unsigned bx, unsigned bdx)
{
    simt_run(r, fn, a, tx, 0, bx, 0, bdx, 1, 1, 1);
}

/* main.cpp: srand(2009); key[i] = rand() % 65536. This machine's C library is glibc, whose
 * rand() ms_keys restates. */
static void keys_are_glibc_rand(void **state)
{
    (void)state;
    ms_input_t in;
    assert_int_equal(ms_keys(&in, 100000), 0);
    srand(2009);
    for (unsigned i = 0; i < 100000; i++)
        assert_int_equal(in.key[i], (uint32_t)(rand() % 65536));
    ms_input_free(&in);
}

typedef struct {   /* sdk.c's stage data, as its kernels read it (the layout is sdk.c's) */
    int shared;
    uint64_t n, s;
    uint32_t *key, *ranks[2], *limits[2];
} stage_view_t;

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Stage s = 2048 of 16384 keys: the keys have every 2048-long piece sorted (a piece holds the
 * same keys as the input's); the limits cut each pair of pieces into 2S = 32 intervals of at
 * most 128 keys of each side, increasing, starting at 0; the intervals' keys merged in order
 * are the pair sorted. */
static void stage_data(void **state)
{
    (void)state;
    ms_input_t in;
    const uint64_t n = 16384, s = 2048, S = s / MS_SAMPLE;
    assert_int_equal(ms_keys(&in, n), 0);
    stage_view_t *d = ms_stage_open(&in, 1);
    assert_non_null(d);
    assert_true(d->n == n && d->s == s && !d->shared);
    uint32_t *want = malloc(2 * s * sizeof *want);
    for (uint64_t base = 0; base < n; base += 2 * s) {
        for (uint64_t h = 0; h < 2; h++) {
            memcpy(want, in.key + base + h * s, s * sizeof *want);
            qsort(want, s, sizeof *want, cmp_u32);
            assert_memory_equal(d->key + base + h * s, want, s * sizeof *want);
        }
        memcpy(want, d->key + base, 2 * s * sizeof *want);
        qsort(want, 2 * s, sizeof *want, cmp_u32);
        const uint32_t *la = d->limits[0] + base / MS_SAMPLE, *lb = d->limits[1] + base / MS_SAMPLE;
        assert_true(la[0] == 0 && lb[0] == 0);
        uint64_t o = 0;
        for (uint64_t I = 0; I < 2 * S; I++) {
            uint32_t a1 = I + 1 < 2 * S ? la[I + 1] : (uint32_t)s, b1 = I + 1 < 2 * S ? lb[I + 1] : (uint32_t)s;
            assert_true(a1 >= la[I] && b1 >= lb[I] && a1 - la[I] <= 128 && b1 - lb[I] <= 128);
            /* the interval's keys, merged, continue the sorted pair */
            uint32_t i = la[I], j = lb[I];
            const uint32_t *A = d->key + base, *B = A + s;
            while (i < a1 || j < b1) {
                uint32_t k = j == b1 || (i < a1 && A[i] <= B[j]) ? A[i++] : B[j++];
                assert_int_equal(k, want[o++]);
            }
        }
        assert_int_equal(o, 2 * s);
    }
    free(want);
    ms_data_close(d);
    ms_input_free(&in);
}

/* Addresses, stage 0 (s = 1024, S = 8) of 4096 keys (arrays at fixed addresses). */
static void ms_addresses(void **state)
{
    (void)state;
    static run_t r;
    ms_input_t in;
    assert_int_equal(ms_keys(&in, 4096), 0);
    const uint64_t DK = 0x1000000, DV = 0x2000000, SK = 0x3000000, SV = 0x4000000, RA = 0x5000000, RB = 0x6000000;
    const uint64_t LA = 0x7000000, LB = 0x8000000, SH = 0x9000000;
    /* mergeSortSharedKernel, block 2, thread 7: g = 2 * 1024 + 7: SrcKey[g] -> s_key[7],
     * SrcVal[g] -> s_val[7], SrcKey[g + 512] -> s_key[519], ...; stride 1: lPos = 0, base = 14:
     * keyA = s_key[14], valA, keyB = s_key[15], valB, then one probe each (stride 1: s_key[15],
     * s_key[14]); at the end s_key[7] -> DstKey[g], ... */
    void *sh = ms_shared_open(&in, 0);
    simt_args_t a = {.arr = {DK, DV, SK, SV}, .shmem = SH, .data = sh};
    run(&r, sdk_ms_shared, &a, 7, 2, 512);
    const uint64_t g = 2048 + 7;
    const uint64_t head[] = {SK + 4 * g, SH + 4 * 7, SV + 4 * g, SH + 4096 + 4 * 7, SK + 4 * (g + 512), SH + 4 * 519,
                             SV + 4 * (g + 512), SH + 4096 + 4 * 519, SH + 4 * 14, SH + 4096 + 4 * 14, SH + 4 * 15,
                             SH + 4096 + 4 * 15, SH + 4 * 15, SH + 4 * 14};
    for (unsigned i = 0; i < sizeof head / sizeof head[0]; i++)
        assert_int_equal(r.mem[i], head[i]);
    assert_int_equal(r.mem[r.nmem - 3], DK + 4 * (g + 512));   /* LDS, STG key; LDS, STG value */
    assert_int_equal(r.mem[r.nmem - 1], DV + 4 * (g + 512));
    assert_string_equal(r.op[r.nmem - 1], "STG.E");
    ms_data_close(sh);
    /* generateSampleRanksKernel, thread pos 9: i = 9 & 7 = 1, segment (9 - 1) * 256 = 2048,
     * ranks at 16: RanksA[17] = 128, SrcKey[2048 + 128], a search of B = SrcKey[3072 ..) of
     * 11 probes, the first at B[1023], RanksB[17]; RanksB[25] = 128, SrcKey[3072 + 128], 11
     * probes of A = SrcKey[2048 ..) from A[1023], RanksA[25] */
    void *st = ms_stage_open(&in, 0);
    simt_args_t b = {.arr = {RA, RB, SK}, .data = st};
    run(&r, sdk_ms_ranks, &b, 9, 0, 256);
    assert_int_equal(r.nmem, 2 * (1 + 1 + 11 + 1));
    assert_int_equal(r.mem[0], RA + 4 * 17);
    assert_int_equal(r.mem[1], SK + 4 * (2048 + 128));
    assert_int_equal(r.mem[2], SK + 4 * (3072 + 1023));
    assert_int_equal(r.mem[13], RB + 4 * 17);
    assert_int_equal(r.mem[14], RB + 4 * 25);
    assert_int_equal(r.mem[15], SK + 4 * (3072 + 128));
    assert_int_equal(r.mem[16], SK + 4 * (2048 + 1023));
    assert_int_equal(r.mem[27], RA + 4 * 25);
    /* mergeRanksAndIndicesKernel (A), thread pos 9: RanksA[17], 4 probes of RanksA[24 ..)
     * from [24 + 7], LimitsA[16 + d]; RanksA[25], 4 probes of RanksA[16 ..) from [16 + 7] */
    const stage_view_t *v = st;
    simt_args_t c = {.arr = {LA, RA}, .data = st};
    run(&r, sdk_ms_limits_a, &c, 9, 0, 256);
    assert_int_equal(r.nmem, 2 * (1 + 4 + 1));
    assert_int_equal(r.mem[0], RA + 4 * 17);
    assert_int_equal(r.mem[1], RA + 4 * (24 + 7));
    assert_int_equal(r.mem[6], RA + 4 * 25);
    assert_int_equal(r.mem[7], RA + 4 * (16 + 7));
    assert_true(r.mem[5] >= LA + 4 * 16 && r.mem[5] < LA + 4 * 32);
    assert_int_equal(v->limits[0][(r.mem[5] - LA) / 4], v->ranks[0][17]);
    /* mergeElementaryIntervalsKernel, block 0 (interval 0 of segment 0: A[0 .. LimitsA[1]),
     * B[0 .. LimitsB[1])), thread 0: LimitsA[0], LimitsB[0], three scalars, LimitsA[1], LimitsB[1] */
    simt_args_t e = {.arr = {DK, DV, SK, SV, LA, LB}, .shmem = SH, .data = st};
    run(&r, sdk_ms_intervals, &e, 0, 0, 128);
    assert_int_equal(r.mem[0], LA);
    assert_int_equal(r.mem[1], LB);
    assert_int_equal(r.mem[2], SH + 2048);       /* startSrcA, startSrcB, startDstA after s_key, s_val */
    assert_int_equal(r.mem[5], LA + 4);
    assert_int_equal(r.mem[6], LB + 4);
    /* thread 5 of the first interval (block b of segment 0) with more than 5 keys of each side:
     * SrcKey[LimitsA[b] + 5] -> s_key[5], ...; its outputs at DstKey[LimitsA[b] + LimitsB[b] + 5]
     * and DstKey[LimitsA[b] + LimitsB[b] + lenA + 5] */
    unsigned bl = 0;
    uint32_t a0, b0, lena, lenb;
    for (;; bl++) {
        assert_true(bl + 1 < 2 * 8);
        a0 = v->limits[0][bl], b0 = v->limits[1][bl];
        lena = v->limits[0][bl + 1] - a0, lenb = v->limits[1][bl + 1] - b0;
        if (lena > 5 && lenb > 5)
            break;
    }
    run(&r, sdk_ms_intervals, &e, 5, bl, 128);
    unsigned k = 0;
    while (k < r.nmem && r.mem[k] != SK + 4 * (a0 + 5))
        k++;
    assert_true(k < r.nmem);
    assert_int_equal(r.mem[k + 1], SH + 4 * 5);
    assert_int_equal(r.mem[k + 4], SK + 4 * (1024 + b0 + 5));   /* B's key: after A's key and value */
    assert_int_equal(r.mem[k + 5], SH + 4 * (128 + 5));
    assert_int_equal(r.mem[r.nmem - 8], DK + 4 * (a0 + b0 + 5));   /* after startDstA and the key's LDS */
    assert_int_equal(r.mem[r.nmem - 3], DK + 4 * (a0 + b0 + lena + 5));
    ms_data_close(st);
    ms_input_free(&in);
}

/* main.cpp (histogram): srand(2009); h_Data[i] = rand() % 256, glibc's rand() as hg_bytes has it. */
static void hg_bytes_are_glibc_rand(void **state)
{
    (void)state;
    hg_input_t in;
    assert_int_equal(hg_bytes(&in, 100000, 0), 0);
    srand(2009);
    for (unsigned i = 0; i < 100000; i++)
        assert_int_equal(*hg_at(&in, i, 1), (uint8_t)(rand() % 256));
    hg_input_free(&in);
}

/* The input made chunk by chunk from the generator's kept state: windows
 * at random places, lengths up to HG_SPAN (across two chunks, up to the
 * input's last byte, of none), through a cache of 4 slots (chunks evicted
 * and made again) and of the default size, equal the bytes made in one
 * pass; a chunk held is not made again. */
static void hg_windows(void **state)
{
    (void)state;
    const unsigned n = 3 * HG_CHUNK * 8 + 1000;   /* a short last chunk */
    uint8_t *want = malloc(n);
    srand(2009);
    for (unsigned i = 0; i < n; i++)
        want[i] = (uint8_t)(rand() % 256);
    for (unsigned slots = 4; slots <= 64; slots *= 16) {
        hg_input_t in;
        assert_int_equal(hg_bytes(&in, n, slots == 64 ? 0 : slots), 0);
        assert_int_equal(in.nslot, slots);
        uint64_t seed = 3;
        unsigned crossed = 0;
        for (unsigned t = 0; t < 3000; t++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            unsigned len = (unsigned)(seed >> 40) % (HG_SPAN + 1);
            unsigned off = t % 10 == 0 ? n - len : (unsigned)(seed >> 20) % (n - len + 1);
            if (t % 10 == 1)
                off = (off / HG_CHUNK + 1) * HG_CHUNK - len / 2, off = off + len > n ? n - len : off;
            crossed += len && off / HG_CHUNK != (off + len - 1) / HG_CHUNK;
            const uint8_t *got = hg_at(&in, off, len);
            assert_memory_equal(got, want + off, len);
        }
        assert_true(crossed > 300);
        const uint64_t made = in.made;
        if (slots == 4)
            assert_true(made > 100);   /* evicted and made again */
        else
            assert_int_equal(made, 25);   /* each of the 25 chunks once */
        (void)hg_at(&in, HG_CHUNK * 5 + 7, 100);
        (void)hg_at(&in, HG_CHUNK * 5 + 99, 100);
        assert_true(in.made <= made + 1);   /* the second from the cache */
        assert_int_equal(*hg_at(&in, HG_CHUNK * 5 + 99, 1), want[HG_CHUNK * 5 + 99]);
        hg_input_free(&in);
    }
    free(want);
}

static uint8_t *libc_bytes(unsigned n)   /* the test's own copy of the input */
{
    uint8_t *b = malloc(n);
    srand(2009);
    for (unsigned i = 0; i < n; i++)
        b[i] = (uint8_t)(rand() % 256);
    return b;
}

/* histogram64Kernel, 16384 bytes: dataCount = 1024 uint4s, histogramCount = ceil(16384 / 15360) =
 * 2 blocks of 64, a stride of 128. Block 1, thread 17: threadPos = (17 & 15) << 2 | (17 & 48) >>
 * 4 = 5; it zeroes words 17 + 64 i; reads uint4s 81, 209, .., 977 (8), each byte b of one adding
 * 1 at s_Hist[64 (b >> 2) + 5]; then bin 17's counters s_Hist[64 * 17 + q], four at a time from q
 * = 4 (17 & 15) = 4 on, rotating; its sum to d_PartialHistograms[64 + 17]. */
static void hg64_addresses(void **state)
{
    (void)state;
    static run_t r;
    hg_input_t in;
    uint8_t *b = libc_bytes(16384);
    assert_int_equal(hg_bytes(&in, 16384, 0), 0);
    const uint64_t P = 0x1000000, D = 0x2000000, SH = 0x9000000;
    simt_args_t a = {.arr = {P, D}, .n = 16384, .shmem = SH, .data = &in};
    simt_run(&r, sdk_hg64, &a, 17, 0, 1, 0, 64, 1, 2, 1);
    assert_int_equal(r.nmem, 16 + 8 * (1 + 32) + 64 + 1);
    assert_int_equal(r.bars, 2);
    unsigned k = 0;
    for (unsigned i = 0; i < 16; i++, k++) {
        assert_int_equal(r.mem[k], SH + 4 * (17 + 64 * i));
        assert_string_equal(r.op[k], "STS");
    }
    for (unsigned pos = 81; pos < 1024; pos += 128) {
        assert_int_equal(r.mem[k], D + 16 * pos);
        assert_string_equal(r.op[k++], "LDG.E.128");
        for (unsigned j = 0; j < 16; j++) {
            const uint64_t at = SH + 64 * (b[16 * pos + j] >> 2) + 5;
            assert_int_equal(r.mem[k], at);
            assert_string_equal(r.op[k++], "LDS.U.U8");
            assert_int_equal(r.mem[k], at);
            assert_string_equal(r.op[k++], "STS.U8");
        }
    }
    for (unsigned i = 0; i < 16; i++)
        for (unsigned q = 0; q < 4; q++, k++)
            assert_int_equal(r.mem[k], SH + 64 * 17 + ((4 + 4 * i) & 63) + q);
    assert_int_equal(r.mem[k], P + 4 * (64 + 17));
    assert_string_equal(r.op[k], "STG.E");
    free(b);
    hg_input_free(&in);
}

/* The merge kernels: 16384 bytes make 2 64-bin partial histograms. mergeHistogram64Kernel block
 * 5: thread 1 reads d_PartialHistograms[5 + 64], thread 2 nothing; data[tid]; the tree: thread 1
 * adds data[1 + s] for s = 128 .. 2 (not 1); thread 0 also s = 1, then data[0] to
 * d_Histogram[5]. mergeHistogram256Kernel (240 partials), block 7: thread 239 reads [7 + 256 x
 * 239], thread 240 nothing. */
static void hg_merge_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t H = 0x1000000, P = 0x2000000, SH = 0x9000000;
    simt_args_t a = {.arr = {H, P}, .p = 2, .shmem = SH};
    simt_run(&r, sdk_hg64_merge, &a, 1, 0, 5, 0, 256, 1, 64, 1);
    assert_int_equal(r.bars, 8);
    assert_int_equal(r.nmem, 1 + 1 + 7 * 3);
    assert_int_equal(r.mem[0], P + 4 * (5 + 64));
    assert_int_equal(r.mem[1], SH + 4);
    for (unsigned i = 0, s = 128; s >= 2; i++, s /= 2) {
        assert_int_equal(r.mem[2 + 3 * i], SH + 4);
        assert_int_equal(r.mem[3 + 3 * i], SH + 4 * (1 + s));
        assert_int_equal(r.mem[4 + 3 * i], SH + 4);
        assert_string_equal(r.op[4 + 3 * i], "STS");
    }
    simt_run(&r, sdk_hg64_merge, &a, 2, 0, 5, 0, 256, 1, 64, 1);
    assert_int_equal(r.mem[0], SH + 8);   /* no load: its data[2] first */
    simt_run(&r, sdk_hg64_merge, &a, 0, 0, 5, 0, 256, 1, 64, 1);
    assert_int_equal(r.nmem, 1 + 1 + 8 * 3 + 2);
    assert_int_equal(r.mem[0], P + 4 * 5);
    assert_int_equal(r.mem[r.nmem - 4], SH + 4 * 1);   /* s = 1: data[0 + 1] */
    assert_int_equal(r.mem[r.nmem - 2], SH);
    assert_int_equal(r.mem[r.nmem - 1], H + 4 * 5);
    assert_string_equal(r.op[r.nmem - 1], "STG.E");
    simt_args_t c = {.arr = {H, P}, .p = 240, .shmem = SH};
    simt_run(&r, sdk_hg256_merge, &c, 239, 0, 7, 0, 256, 1, 256, 1);
    assert_int_equal(r.mem[0], P + 4 * (7 + 256 * 239));
    assert_int_equal(r.mem[1], SH + 4 * 239);
    simt_run(&r, sdk_hg256_merge, &c, 240, 0, 7, 0, 256, 1, 256, 1);
    assert_int_equal(r.mem[0], SH + 4 * 240);
}

/* histogram256Kernel, 65536 bytes: dataCount = 16384 words, 240 blocks of 192, a stride of 46080:
 * one word for each thread of blocks 0 .. 84 and threads 0 .. 63 of block 85. A thread zeroes
 * s_Hist[tid + 192 i] (8), reads d_Data[192 b + tid], and for each byte of it (low first) loads,
 * stores and loads again s_Hist[256 warp + byte] once a round: 1 + the lanes above it in its warp
 * with the same byte (their stores come after its own). Then for bin = tid (and tid + 192 below
 * 64) the six warps' counters s_Hist[bin + 256 i] and d_PartialHistograms[256 b + bin]. */
static unsigned hg256_want(const uint8_t *b, unsigned n4, unsigned pos, unsigned lane, unsigned k)
{
    unsigned r = 1;
    for (unsigned l = lane + 1; l < 32 && pos + (l - lane) < n4; l++)
        r += b[4 * (pos + l - lane) + k] == b[4 * pos + k];
    return r;
}

static void hg256_addresses(void **state)
{
    (void)state;
    static run_t r;
    hg_input_t in;
    uint8_t *b = libc_bytes(65536);
    assert_int_equal(hg_bytes(&in, 65536, 0), 0);
    const uint64_t P = 0x1000000, D = 0x2000000, SH = 0x9000000;
    simt_args_t a = {.arr = {P, D}, .n = 65536, .shmem = SH, .data = &in};
    /* the first thread of block 3 whose byte is shared by a lane above it */
    unsigned tid = 0, kk = 0, retries = 0;
    for (; tid < 192 && !retries; tid++)
        for (kk = 0; kk < 4 && !retries; kk++)
            if (hg256_want(b, 16384, 3 * 192 + tid, tid % 32, kk) > 1)
                retries = 1;
    assert_true(retries);
    tid--, kk--;
    for (unsigned t = tid; t < tid + 2; t++) {   /* it and the lane above it */
        const unsigned pos = 3 * 192 + t, w = t / 32;
        simt_run(&r, sdk_hg256, &a, t, 0, 3, 0, 192, 1, 240, 1);
        assert_int_equal(r.bars, 2);
        unsigned k = 0, rounds = 0;
        for (unsigned i = 0; i < 8; i++, k++)
            assert_int_equal(r.mem[k], SH + 4 * (t + 192 * i));
        assert_int_equal(r.mem[k], D + 4 * pos);
        assert_string_equal(r.op[k++], "LDG.E");
        for (unsigned j = 0; j < 4; j++) {
            const unsigned n = hg256_want(b, 16384, pos, t % 32, j);
            rounds += n;
            for (unsigned q = 0; q < 3 * n; q++, k++) {
                assert_int_equal(r.mem[k], SH + 4 * (256 * w + b[4 * pos + j]));
                assert_string_equal(r.op[k], q % 3 == 1 ? "STS" : "LDS.U.32");
            }
        }
        assert_true(t == tid ? rounds > 4 : rounds >= 4);
        for (unsigned bin = t; bin < 256; bin += 192) {
            for (unsigned i = 0; i < 6; i++, k++)
                assert_int_equal(r.mem[k], SH + 4 * (bin + 256 * i));
            assert_int_equal(r.mem[k], P + 4 * (256 * 3 + bin));
            assert_string_equal(r.op[k++], "STG.E");
        }
        assert_int_equal(k, r.nmem);
    }
    /* the warp: its lanes merge into one instruction a round, so each byte's loop runs as many
     * times as its slowest lane (the lanes done wait at its end) */
    static simt_prog_t prog;
    simt_lane_t lanes[32] = {{0}};
    tb_t tb = {0};
    optab_t ops = {0};
    const unsigned bd[3] = {192, 1, 1}, gd[2] = {240, 1}, w = tid / 32;
    assert_int_equal(simt_intern_all(&ops), 0);
    assert_int_equal(simt_warp(sdk_hg256, &a, bd, gd, 3, 0, w, &prog, lanes, &tb, &ops), 0);
    unsigned lds = 0, want = 2 * (w < 2 ? 6 : 3);   /* the bin loop: 6 loads a trip, 2 trips below tid 64 */
    for (unsigned j = 0; j < 4; j++) {
        unsigned most = 0;
        for (unsigned l = 0; l < 32; l++) {
            unsigned n = hg256_want(b, 16384, 3 * 192 + 32 * w + l, l, j);
            most = n > most ? n : most;
        }
        want += 2 * most;
    }
    for (size_t i = 0; i < tb.ninst; i++)
        lds += !strcmp(ops.name[tb.inst[i].opcode], "LDS.U.32");
    assert_int_equal(lds, want);
    simt_lanes_free(lanes);
    tb_free(&tb);
    optab_free(&ops);
    /* block 85: threads 0 .. 63 have a word, 64 .. 191 none */
    simt_run(&r, sdk_hg256, &a, 64, 0, 85, 0, 192, 1, 240, 1);
    assert_int_equal(r.nmem, 8 + 6 + 1);
    assert_int_equal(r.mem[8], SH + 4 * 64);
    free(b);
    hg_input_free(&in);
}

/* convolutionRowsKernel on 384 x 384 (3 x 96 blocks of 16 x 4), thread (5, 2) of block (1, 3):
 * baseX = (8 - 1) 16 + 5 = 117, baseY = 3 4 + 2 = 14, so Src and Dst from 14 384 + 117 = 5493 on;
 * s_Data[2][5] is word 2 160 + 5 = 325. Main data Src[5493 + 16 i] -> s_Data word 325 + 16 i (i
 * = 1 .. 8), the left halo Src[5493] -> 325, the right one Src[5493 + 144] -> 325 + 144; then per
 * output i the 17 words 325 + 16 i + j (j = -8 .. 8) and Dst[5493 + 16 i]. Block 0 has no left
 * halo load (a zero stored), block 2 no right one. */
static void cs_rows_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t D = 0x1000000, S = 0x2000000, SH = 0x9000000;
    simt_args_t a = {.arr = {D, S}, .n = 384, .shmem = SH};
    simt_run(&r, sdk_cs_rows, &a, 5, 2, 1, 3, 16, 4, 3, 96);
    assert_int_equal(r.nmem, 8 * 2 + 2 * 2 + 8 * 18);
    assert_int_equal(r.bars, 1);
    unsigned k = 0;
    for (unsigned i = 1; i <= 8; i++) {
        assert_int_equal(r.mem[k++], S + 4 * (5493 + 16 * i));
        assert_int_equal(r.mem[k++], SH + 4 * (325 + 16 * i));
    }
    assert_int_equal(r.mem[k++], S + 4 * 5493);
    assert_int_equal(r.mem[k++], SH + 4 * 325);
    assert_int_equal(r.mem[k++], S + 4 * (5493 + 144));
    assert_int_equal(r.mem[k++], SH + 4 * (325 + 144));
    for (unsigned i = 1; i <= 8; i++) {
        for (int j = -8; j <= 8; j++, k++) {
            assert_int_equal(r.mem[k], SH + 4 * (uint64_t)(325 + 16 * (int)i + j));
            assert_string_equal(r.op[k], "LDS.U.32");
        }
        assert_int_equal(r.mem[k], D + 4 * (5493 + 16 * i));
        assert_string_equal(r.op[k++], "STG.E");
    }
    /* block (0, 3): baseX = -16 + 5; the left halo only stores a zero to word 325 */
    simt_run(&r, sdk_cs_rows, &a, 5, 2, 0, 3, 16, 4, 3, 96);
    assert_int_equal(r.nmem, 8 * 2 + 1 + 2 + 8 * 18);
    assert_int_equal(r.mem[0], S + 4 * (14 * 384 + 5));   /* Src[16]: column 0 + 5 */
    assert_int_equal(r.mem[16], SH + 4 * 325);
    assert_string_equal(r.op[16], "STS");
    assert_int_equal(r.mem[17], S + 4 * (14 * 384 + 128 + 5));   /* the right halo */
    /* block (2, 3): baseX = 2 128 - 16 + 5 = 245, imageW - 245 = 139 <= 144: no right halo load */
    simt_run(&r, sdk_cs_rows, &a, 5, 2, 2, 3, 16, 4, 3, 96);
    assert_int_equal(r.nmem, 8 * 2 + 2 + 1 + 8 * 18);
    assert_int_equal(r.mem[16], S + 4 * (14 * 384 + 245));
    assert_int_equal(r.mem[18], SH + 4 * (325 + 144));
    assert_string_equal(r.op[18], "STS");
}

/* convolutionColumnsKernel on 256 x 256 (16 x 4 blocks of 16 x 8), thread (3, 6) of block (2,
 * 1): baseX = 2 16 + 3 = 35, baseY = (8 - 1) 8 + 6 = 62, so Src and Dst from b = 62 256 + 35 on;
 * s_Data[3][6] is word 3 81 + 6 = 249. Main data Src[b + 8 i 256] -> word 249 + 8 i, the upper
 * halo Src[b] -> 249, the lower Src[b + 72 256] -> 249 + 72 (256 - 62 > 72); per output i the
 * words 249 + 8 i + j and Dst[b + 8 i 256]. Block row 0 has no upper halo load, row 3 no lower. */
static void cs_cols_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t D = 0x1000000, S = 0x2000000, SH = 0x9000000, b = 62 * 256 + 35;
    simt_args_t a = {.arr = {D, S}, .n = 256, .shmem = SH};
    simt_run(&r, sdk_cs_cols, &a, 3, 6, 2, 1, 16, 8, 16, 4);
    assert_int_equal(r.nmem, 8 * 2 + 2 * 2 + 8 * 18);
    assert_int_equal(r.bars, 1);
    unsigned k = 0;
    for (unsigned i = 1; i <= 8; i++) {
        assert_int_equal(r.mem[k++], S + 4 * (b + 8 * i * 256));
        assert_int_equal(r.mem[k++], SH + 4 * (249 + 8 * i));
    }
    assert_int_equal(r.mem[k++], S + 4 * b);
    assert_int_equal(r.mem[k++], SH + 4 * 249);
    assert_int_equal(r.mem[k++], S + 4 * (b + 72 * 256));
    assert_int_equal(r.mem[k++], SH + 4 * (249 + 72));
    for (unsigned i = 1; i <= 8; i++) {
        for (int j = -8; j <= 8; j++, k++)
            assert_int_equal(r.mem[k], SH + 4 * (uint64_t)(249 + 8 * (int)i + j));
        assert_int_equal(r.mem[k], D + 4 * (b + 8 * i * 256));
        assert_string_equal(r.op[k++], "STG.E");
    }
    /* block (2, 0): baseY = -8 + 6; the upper halo stores a zero; the first load is row 6 */
    simt_run(&r, sdk_cs_cols, &a, 3, 6, 2, 0, 16, 8, 16, 4);
    assert_int_equal(r.nmem, 8 * 2 + 1 + 2 + 8 * 18);
    assert_int_equal(r.mem[0], S + 4 * (6 * 256 + 35));
    assert_int_equal(r.mem[16], SH + 4 * 249);
    assert_string_equal(r.op[16], "STS");
    /* block (2, 3): baseY = 3 64 - 8 + 6 = 190, 256 - 190 = 66 <= 72: no lower halo load */
    simt_run(&r, sdk_cs_cols, &a, 3, 6, 2, 3, 16, 8, 16, 4);
    assert_int_equal(r.nmem, 8 * 2 + 2 + 1 + 8 * 18);
    assert_int_equal(r.mem[16], S + 4 * (190 * 256 + 35));
    assert_int_equal(r.mem[18], SH + 4 * (249 + 72));
    assert_string_equal(r.op[18], "STS");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_are_glibc_rand),
        cmocka_unit_test(stage_data),
        cmocka_unit_test(ms_addresses),
        cmocka_unit_test(hg_bytes_are_glibc_rand), cmocka_unit_test(hg_windows),
        cmocka_unit_test(hg64_addresses),
        cmocka_unit_test(hg_merge_addresses),
        cmocka_unit_test(hg256_addresses),
        cmocka_unit_test(cs_rows_addresses),
        cmocka_unit_test(cs_cols_addresses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
