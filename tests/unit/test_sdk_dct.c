/* test_sdk_dct.c - the SDK dct8x8's second CUDA version written per thread
 * (sim/workload/sdk_dct.c): addresses of chosen threads worked out by hand
 * from dct8x8_kernel2.cuh (CUDAkernel2DCT, CUDAkernel2IDCT),
 * dct8x8_kernel_quantization.cuh (CUDAkernelQuantizationFloat) and
 * dct8x8.cu (WrapperCUDA2's launches), the workload dct's arrays and
 * launches, and the stand-in image. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/kernels.h"
#include "workload/sdk_dct.h"

#include "simt_harness.h"

static const uint64_t A = 0x1000000, B = 0x3000000, SH = 0x9000000;

/* One thread of a kernel2 launch over an n x n image: thread (x, y', 0) of
 * the (8, 8) launch is thread (x, y' & 3, y' >> 2) of the source's (8, 4, 2). */
static void run2(run_t *r, simt_fn fn, uint64_t n, unsigned tx, unsigned ty, unsigned bx, unsigned by)
{
    simt_args_t a = {.arr = {A, B}, .n = n, .shmem = SH};
    simt_run(r, fn, &a, tx, ty, bx, by, DCT_K2_BX, DCT_K2_BY, (unsigned)(n / DCT_K2_W), (unsigned)(n / DCT_K2_H));
}

/* cudaMallocPitch's pitch as GPGPU-Sim returns it: the width, N floats. */
static void dct_pitch(void **state)
{
    (void)state;
    assert_int_equal(dct_stride(512), 512);
    assert_int_equal(dct_stride(64), 64);
    assert_int_equal(dct_stride(96), 96);
    assert_int_equal(DCT_K2_SHMEM, 2112);   /* float block[16 * 33] */
}

/* CUDAkernel2DCT(dst = A, src = B), N = 64: ImgStride 64. Block (1, 2), thread
 * (3, 6) of the launch = (tx 3, ty 2, tz 1) of the source:
 *   OffsThreadInRow = 2 * 8 + 3 = 19, OffsThreadInCol = 8;
 *   src/dst offset = (2 * 16 + 8) * 64 + 1 * 32 + 19 = 2611 (byte 10444), + i * 64 (256 B);
 *   bl_ptr = 8 * 33 + 19 = 283 (SH + 1132), + i * 33 (132 B);
 *   the row vector: (8 + 3) * 33 + 19 - 3 = 379 (SH + 1516), + i (4 B), written in the
 *   order 0 2 4 6 1 3 5 7: SH + 1516, 1524, 1532, 1540, 1520, 1528, 1536, 1544;
 *   the column: bl_ptr + i * 33, written SH + 1132, 1396, 1660, 1924, 1264, 1528, 1792, 2056;
 *   then bl_ptr[i * 33] -> dst[i * 64].
 * 8 loads of B, 8 stores, sync, 8 + 8, sync, 8 + 8, sync, 8 loads and 8 stores of A. */
static void dct_forward(void **state)
{
    (void)state;
    static run_t r;
    run2(&r, sdk_dct2_fwd, 64, 3, 6, 1, 2);
    assert_int_equal(r.nmem, 64);
    assert_int_equal(r.bars, 3);
    const uint64_t rowst[8] = {1516, 1524, 1532, 1540, 1520, 1528, 1536, 1544};
    const uint64_t colst[8] = {1132, 1396, 1660, 1924, 1264, 1528, 1792, 2056};
    for (unsigned i = 0; i < 8; i++) {
        assert_int_equal(r.mem[i], B + 10444 + 256 * i);
        assert_string_equal(r.op[i], "LDG.E");
        assert_int_equal(r.mem[8 + i], SH + 1132 + 132 * i);
        assert_string_equal(r.op[8 + i], "STS");
        assert_int_equal(r.mem[16 + i], SH + 1516 + 4 * i);
        assert_string_equal(r.op[16 + i], "LDS.U.32");
        assert_int_equal(r.mem[24 + i], SH + rowst[i]);
        assert_int_equal(r.mem[32 + i], SH + 1132 + 132 * i);
        assert_int_equal(r.mem[40 + i], SH + colst[i]);
        assert_int_equal(r.mem[48 + i], SH + 1132 + 132 * i);
        assert_int_equal(r.mem[56 + i], A + 10444 + 256 * i);
        assert_string_equal(r.op[56 + i], "STG.E");
    }
}

/* CUDAkernel2IDCT: the same thread's accesses but for the subroutine's order of
 * writes, 0 7 4 3 1 5 2 6: the row's SH + 1516 + 4 x {0, 7, 4, 3, 1, 5, 2, 6}, the
 * column's SH + 1132 + 132 x the same. */
static void dct_inverse(void **state)
{
    (void)state;
    static run_t r;
    run2(&r, sdk_dct2_inv, 64, 3, 6, 1, 2);
    assert_int_equal(r.nmem, 64);
    assert_int_equal(r.bars, 3);
    const unsigned ord[8] = {0, 7, 4, 3, 1, 5, 2, 6};
    for (unsigned i = 0; i < 8; i++) {
        assert_int_equal(r.mem[i], B + 10444 + 256 * i);
        assert_int_equal(r.mem[16 + i], SH + 1516 + 4 * i);
        assert_int_equal(r.mem[24 + i], SH + 1516 + 4 * ord[i]);
        assert_int_equal(r.mem[40 + i], SH + 1132 + 132 * ord[i]);
        assert_int_equal(r.mem[56 + i], A + 10444 + 256 * i);
    }
}

/* N = 512 (teapot512): ImgStride 512 (2048 B). Block (0, 0):
 *   thread (7, 3) = (7, 3, 0), the last lane of warp 0: row 31, col 0: src + 4 * 31 = 124,
 *   bl_ptr 31 (SH + 124), its row vector (0 + 7) * 33 + 24 = 255 (SH + 1020);
 *   thread (0, 4) = (0, 0, 1), the first lane of warp 1: row 0, col 8: src + 8 * 512 * 4 =
 *   16384, bl_ptr 264 (SH + 1056), its row vector 8 * 33 + 0 = 264 (SH + 1056).
 * Block (15, 31), the last: thread (7, 7) = (7, 3, 1): (31 * 16 + 8) * 512 + 15 * 32 + 31 =
 * 258559 (byte 1034236), its last row + 7 * 512: 262143, the image's last pixel. */
static void dct_teapot(void **state)
{
    (void)state;
    static run_t r;
    run2(&r, sdk_dct2_fwd, 512, 7, 3, 0, 0);
    assert_int_equal(r.mem[0], B + 124);
    assert_int_equal(r.mem[7], B + 124 + 7 * 2048);
    assert_int_equal(r.mem[8], SH + 124);
    assert_int_equal(r.mem[16], SH + 1020);
    run2(&r, sdk_dct2_fwd, 512, 0, 4, 0, 0);
    assert_int_equal(r.mem[0], B + 16384);
    assert_int_equal(r.mem[8], SH + 1056);
    assert_int_equal(r.mem[16], SH + 1056);
    run2(&r, sdk_dct2_fwd, 512, 7, 7, 15, 31);
    assert_int_equal(r.mem[0], B + 1034236);
    assert_int_equal(r.mem[7], B + 4 * 262143);
    assert_int_equal(r.mem[63], A + 4 * 262143);
}

/* CUDAkernelQuantizationFloat(SrcDst = A), N = 64 (Stride 64), block (3, 5), thread
 * (6, 2): (5 * 8 + 2) * 64 + 3 * 8 + 6 = 2718 (byte 10872): one load, one store there. */
static void dct_quant(void **state)
{
    (void)state;
    static run_t r;
    simt_args_t a = {.arr = {A}, .n = 64};
    simt_run(&r, sdk_dct_quant, &a, 6, 2, 3, 5, 8, 8, 8, 8);
    assert_int_equal(r.nmem, 2);
    assert_int_equal(r.bars, 0);
    assert_int_equal(r.mem[0], A + 10872);
    assert_string_equal(r.op[0], "LDG.E");
    assert_int_equal(r.mem[1], A + 10872);
    assert_string_equal(r.op[1], "STG.E");
}

/* The first global load of warp w of kernel launch `cmd`'s first block. */
static const inst_t *first_ldg(const kernel_t *k, const tb_t *tb, unsigned w, const char *op)
{
    for (uint32_t x = tb->warp[w].first; x < tb->warp[w].first + tb->warp[w].count; x++)
        if (!strcmp(k->ops.name[tb->inst[x].opcode], op))
            return &tb->inst[x];
    return NULL;
}

/* The workload at N = 64: d_src, d_dst of 64 x 64 floats (16 KB); 101 launches of
 * CUDAkernel2DCT over (2, 4) blocks of (8, 8) threads with 2112 B of shared memory, one of
 * CUDAkernelQuantizationFloat over (8, 8) blocks of (8, 8), one of CUDAkernel2IDCT. Block
 * 0 of CUDAkernel2DCT: warp 0 (tz 0) loads row 0, x 0 .. 31 of d_src, one line; warp 1
 * (tz 1) row 8: + 8 * 256 B. CUDAkernel2IDCT reads d_dst and writes d_src. */
static void dct_workload(void **state)
{
    (void)state;
    workload_t *w = builtin_open("dct", 64);
    assert_non_null(w);
    assert_int_equal(w->ncmd, 2 + DCT_LAUNCHES + 2);
    for (unsigned i = 0; i < 2; i++) {
        assert_int_equal(w->cmd[i].kind, CMD_MEMCPY);
        assert_int_equal(w->cmd[i].region.size, 4u * 64 * 64);
    }
    const uint64_t src = w->cmd[0].region.addr, dst = w->cmd[1].region.addr;
    tb_t tb = {0};
    const unsigned cmds[4] = {2, 2 + DCT_LAUNCHES - 1, 2 + DCT_LAUNCHES, 2 + DCT_LAUNCHES + 1};
    const char *names[4] = {"_Z14CUDAkernel2DCTPfS_i", "_Z14CUDAkernel2DCTPfS_i", "_Z27CUDAkernelQuantizationFloatPfi",
                            "_Z15CUDAkernel2IDCTPfS_i"};
    for (unsigned c = 0; c < 4; c++) {
        assert_int_equal(w->cmd[cmds[c]].kind, CMD_KERNEL);
        kernel_t *k = w->open_kernel(w, cmds[c]);
        assert_non_null(k);
        assert_string_equal(k->info.name, names[c]);
        const int q = c == 2;
        assert_int_equal(k->info.grid[0], q ? 8 : 2);
        assert_int_equal(k->info.grid[1], q ? 8 : 4);
        assert_int_equal(k->info.block[0], 8);
        assert_int_equal(k->info.block[1], 8);
        assert_int_equal(k->info.shmem, q ? 0 : 2112);
        assert_int_equal(k->next_tb(k, &tb), 1);
        assert_int_equal(tb.nwarps, 2);
        const uint64_t from = c == 3 ? dst : q ? dst : src, to = c == 3 ? src : dst;
        for (unsigned wi = 0; wi < 2; wi++) {
            const inst_t *ld = first_ldg(k, &tb, wi, "LDG.E"), *st = first_ldg(k, &tb, wi, "STG.E");
            assert_non_null(ld);
            assert_non_null(st);
            assert_int_equal(ld->mask, ~0u);
            for (unsigned l = 0; l < 32; l++) {
                /* kernel2: lane l = (x l % 8, y l / 8) reads x = l of row 8 wi; quantization: lane l is
                 * pixel (l % 8, 4 wi + l / 8) of tile (0, 0) */
                uint64_t e = q ? (4 * wi + l / 8) * 64 + l % 8 : 8 * wi * 64 + l;
                assert_int_equal(tb.addr[ld->addr + l], from + 4 * e);
                assert_int_equal(tb.addr[st->addr + l], to + 4 * e);
            }
        }
        k->close(k);
    }
    tb_free(&tb);
    w->close(w);
    /* sizes round up to a multiple of 32 */
    w = builtin_open("dct", 100);
    assert_non_null(w);
    assert_int_equal(w->cmd[0].region.size, 4u * 128 * 128);
    w->close(w);
}

/* The stand-in: 512 x 512 bytes, the same each time, a picture's range (dark background,
 * lit sphere), not constant; the upload: pixel - 128 in a pitched plane, the padding 0. */
static void dct_standin(void **state)
{
    (void)state;
    const unsigned n = DCT_N;
    uint8_t *a = malloc(n * n), *b = malloc(n * n);
    assert_non_null(a);
    assert_non_null(b);
    sdk_dct_standin(a, n);
    sdk_dct_standin(b, n);
    assert_memory_equal(a, b, n * n);
    unsigned lo = 255, hi = 0;
    uint64_t sum = 0;
    for (unsigned i = 0; i < n * n; i++) {
        lo = a[i] < lo ? a[i] : lo;
        hi = a[i] > hi ? a[i] : hi;
        sum += a[i];
    }
    assert_true(lo < 40);
    assert_true(hi > 200);
    assert_true(sum / (n * n) > 50 && sum / (n * n) < 200);
    /* the sphere's centre (256, 281) is lit, the top-left corner background */
    assert_true(a[281 * n + 256] > 150);
    assert_true(a[0] < 40);
    free(b);
    const unsigned m = 96, s = 128;   /* a pitch wider than the image: its padding */
    float *plane = malloc(sizeof *plane * s * m);
    assert_non_null(plane);
    sdk_dct_standin(a, m);
    sdk_dct_plane(a, m, s, plane);
    assert_true(plane[0] == (float)a[0] - 128.0f);
    assert_true(plane[5 * s + 95] == (float)a[5 * m + 95] - 128.0f);
    assert_true(plane[5 * s + 96] == 0.0f);
    assert_true(plane[95 * s + 127] == 0.0f);
    free(plane);
    free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dct_pitch),    cmocka_unit_test(dct_forward),  cmocka_unit_test(dct_inverse),
        cmocka_unit_test(dct_teapot),   cmocka_unit_test(dct_quant),    cmocka_unit_test(dct_workload),
        cmocka_unit_test(dct_standin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
