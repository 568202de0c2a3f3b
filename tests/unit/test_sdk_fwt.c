/* test_sdk_fwt.c - the CUDA SDK's fastWalshTransform written per thread
 * (sim/workload/sdk_fwt.c): the host's launch sequence (fwtBatchGPU) and
 * the addresses of chosen threads of fwtBatch2Kernel, fwtBatch1Kernel and
 * modulateKernel, worked out by hand from cuda-samples'
 * fastWalshTransform_kernel.cuh and fastWalshTransform.cu; the workload
 * fwt's arrays and launches. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/kernels.h"
#include "workload/sdk_fwt.h"

#include "simt_harness.h"

static const uint64_t D = 0x1000000, K = 0x5000000, SH = 0x9000000;

/* fwtBatchGPU(d, 1, log2N): grid = 2^log2N / 1024 blocks, computed once.
 * log2N = 23 (the sample's): fwtBatch2Kernel with stride N / 4 at log2N =
 * 23, 21, 19, 17, 15, 13: strides 2^21, 2^19, 2^17, 2^15, 2^13, 2^11, each
 * over 8192 blocks of 256; then log2N = 11, M = 4^6 = 4096:
 * fwtBatch1Kernel<<<4096, 512, 8192>>>(.., 11).
 * log2N = 12: one pass (4 blocks, stride 2^10), then <<<4, 256, 4096>>>(.., 10).
 * log2N = 7: no pass, <<<1, 32, 512>>>(.., 7). */
/* The launches one log2N gives, in order: kind, grid x, grid y, block x, shared bytes, argument. */
static void launches_are(unsigned log2N, unsigned n, const fwt_launch_t *want)
{
    fwt_launch_t l[16];
    assert_int_equal(fwt_batch_launches(log2N, l, 16), n);
    for (unsigned i = 0; i < n; i++) {
        assert_int_equal(l[i].kind, want[i].kind);
        assert_int_equal(l[i].gx, want[i].gx);
        assert_int_equal(l[i].gy, want[i].gy);
        assert_int_equal(l[i].bx, want[i].bx);
        assert_int_equal(l[i].shmem, want[i].shmem);
        assert_int_equal(l[i].arg, want[i].arg);
    }
}

static void fwt_launches(void **state)
{
    (void)state;
    fwt_launch_t l23[7];
    for (unsigned i = 0; i < 6; i++)
        l23[i] = (fwt_launch_t){.kind = 2, .gx = 8192, .gy = 1, .bx = 256, .shmem = 0, .arg = 1u << (21 - 2 * i)};
    l23[6] = (fwt_launch_t){.kind = 1, .gx = 4096, .gy = 1, .bx = 512, .shmem = 8192, .arg = 11};
    launches_are(23, 7, l23);
    const fwt_launch_t l12[] = {{.kind = 2, .gx = 4, .gy = 1, .bx = 256, .shmem = 0, .arg = 1024},
                                {.kind = 1, .gx = 4, .gy = 1, .bx = 256, .shmem = 4096, .arg = 10}};
    launches_are(12, 2, l12);
    const fwt_launch_t l7[] = {{.kind = 1, .gx = 1, .gy = 1, .bx = 32, .shmem = 512, .arg = 7}};
    launches_are(7, 1, l7);
}

/* fwtBatch2Kernel, 8192 blocks of 256 (N = 256 * 8192 * 4 = 2^23), in place on D.
 * Stride 2^21, thread 5 of block 3: pos = 773, lo = 773, i0 = 773, i1 = 773 + 2^21 =
 * 2097925, i2 = 4195077, i3 = 6292229: D + 3092, + 8391700, + 16780308, + 25168916.
 * Stride 2^11, thread 17 of block 9: pos = 2321, lo = 2321 & 2047 = 273, i0 = (2048 << 2)
 * + 273 = 8465, i1 = 10513, i2 = 12561, i3 = 14609: D + 33860, 42052, 50244, 58436.
 * Four loads, then four stores to the same elements. */
static void fwt_batch2(void **state)
{
    (void)state;
    static run_t r;
    simt_args_t a = {.arr = {D, D}, .p = 1u << 21};
    simt_run(&r, sdk_fwt_batch2, &a, 5, 0, 3, 0, 256, 1, 8192, 1);
    const uint64_t w1[4] = {D + 3092, D + 8391700, D + 16780308, D + 25168916};
    assert_int_equal(r.nmem, 8);
    for (int x = 0; x < 8; x++) {
        assert_int_equal(r.mem[x], w1[x % 4]);
        assert_string_equal(r.op[x], x < 4 ? "LDG.E" : "STG.E");
    }
    assert_int_equal(r.bars, 0);
    a.p = 1u << 11;
    simt_run(&r, sdk_fwt_batch2, &a, 17, 0, 9, 0, 256, 1, 8192, 1);
    const uint64_t w2[4] = {D + 33860, D + 42052, D + 50244, D + 58436};
    for (int x = 0; x < 8; x++)
        assert_int_equal(r.mem[x], w2[x % 4]);
    /* blockIdx.y * N: a batch of M vectors in y (the host leaves y = 1, but the kernel allows it):
     * grid (4, 2), N = 4096, block (1, 1), thread 0, stride 1024: pos = 256, lo = 256, i0 = 256;
     * D + 4 * (4096 + 256) = D + 17408, then + 4096 per index. */
    a.p = 1024;
    simt_run(&r, sdk_fwt_batch2, &a, 0, 0, 1, 1, 256, 1, 4, 2);
    assert_int_equal(r.mem[0], D + 17408);
    assert_int_equal(r.mem[3], D + 17408 + 3 * 4096);
}

/* fwtBatch1Kernel at log2N = 11: 512 threads, base = blockIdx.x << 11. Thread 37 of
 * block 2: base 4096.
 *   copy in, pos = 37, 549, 1061, 1573: D[4096 + pos] (D + 16532, 18580, 20628, 22676)
 *     -> s_data[pos] (SH + 148, 2196, 4244, 6292);
 *   radix-4 stages: stride 512: lo 37, i0 37, 549, 1061, 1573;
 *     stride 128: lo 37, i0 37, 165, 293, 421;  stride 32: lo 5, (32 << 2) + 5 = 133, 165, 197, 229;
 *     stride 8: lo 5, 133, 141, 149, 157;  stride 2: lo 1, (36 << 2) + 1 = 145, 147, 149, 151;
 *     each four loads then four stores of those elements;
 *   log2N odd: radix-2, pos = 37, 549: s_data[74], [75] loaded and stored, then [1098], [1099];
 *   copy out, pos = 37 .. 1573: s_data[pos] -> D[4096 + pos].
 * 8 + 5 x 8 + 8 + 8 accesses; a barrier per stage, the radix-2 one and the last: 7. */
static void fwt_batch1_odd(void **state)
{
    (void)state;
    static run_t r;
    simt_args_t a = {.arr = {D, D}, .p = 11, .shmem = SH};
    simt_run(&r, sdk_fwt_batch1, &a, 37, 0, 2, 0, 512, 1, 4096, 1);
    assert_int_equal(r.nmem, 64);
    assert_int_equal(r.bars, 7);
    const uint64_t pos[4] = {37, 549, 1061, 1573};
    for (int x = 0; x < 4; x++) {
        assert_int_equal(r.mem[2 * x], D + 4 * (4096 + pos[x]));
        assert_string_equal(r.op[2 * x], "LDG.E");
        assert_int_equal(r.mem[2 * x + 1], SH + 4 * pos[x]);
        assert_string_equal(r.op[2 * x + 1], "STS");
    }
    const uint64_t st[5][4] = {{37, 549, 1061, 1573}, {37, 165, 293, 421}, {133, 165, 197, 229},
                               {133, 141, 149, 157}, {145, 147, 149, 151}};
    for (int s = 0; s < 5; s++)
        for (int x = 0; x < 8; x++) {
            assert_int_equal(r.mem[8 + 8 * s + x], SH + 4 * st[s][x % 4]);
            assert_string_equal(r.op[8 + 8 * s + x], x < 4 ? "LDS.U.32" : "STS");
        }
    const uint64_t r2[8] = {74, 75, 74, 75, 1098, 1099, 1098, 1099};
    for (int x = 0; x < 8; x++)
        assert_int_equal(r.mem[48 + x], SH + 4 * r2[x]);
    for (int x = 0; x < 4; x++) {
        assert_int_equal(r.mem[56 + 2 * x], SH + 4 * pos[x]);
        assert_string_equal(r.op[56 + 2 * x], "LDS.U.32");
        assert_int_equal(r.mem[57 + 2 * x], D + 4 * (4096 + pos[x]));
        assert_string_equal(r.op[57 + 2 * x], "STG.E");
    }
}

/* fwtBatch1Kernel at log2N = 10 (an even log2Data: 12 -> one pass, then 10): 256
 * threads, strides 256, 64, 16, 4, 1, no radix-2 stage. Thread 255 of block 0 on K:
 * stride 256: lo 255, i0 255, 511, 767, 1023; stride 1: lo 0, i0 255 << 2 = 1020, 1021,
 * 1022, 1023. 8 + 40 + 8 accesses, 6 barriers; its last store K[1023] (K + 4092). */
static void fwt_batch1_even(void **state)
{
    (void)state;
    static run_t r;
    simt_args_t a = {.arr = {K, K}, .p = 10, .shmem = SH};
    simt_run(&r, sdk_fwt_batch1, &a, 255, 0, 0, 0, 256, 1, 4, 1);
    assert_int_equal(r.nmem, 56);
    assert_int_equal(r.bars, 6);
    const uint64_t s0[4] = {255, 511, 767, 1023}, s4[4] = {1020, 1021, 1022, 1023};
    for (int x = 0; x < 4; x++) {
        assert_int_equal(r.mem[8 + x], SH + 4 * s0[x]);
        assert_int_equal(r.mem[8 + 32 + x], SH + 4 * s4[x]);
    }
    assert_int_equal(r.mem[55], K + 4092);
    assert_string_equal(r.op[55], "STG.E");
}

/* modulateKernel<<<128, 256>>>(d_A = D, d_B = K, N = 2^17): numThreads = 32768; thread 3
 * of block 1: tid = 259, pos = 259, 33027, 65795, 98563; per pos A[pos], B[pos] loaded,
 * A[pos] stored. With N = 200 thread 259 does nothing; thread 199 of block 0 one pos. */
static void fwt_modulate(void **state)
{
    (void)state;
    static run_t r;
    simt_args_t a = {.arr = {D, K}, .n = 1u << 17};
    simt_run(&r, sdk_fwt_modulate, &a, 3, 0, 1, 0, 256, 1, 128, 1);
    const uint64_t pos[4] = {259, 33027, 65795, 98563};
    assert_int_equal(r.nmem, 12);
    for (int x = 0; x < 4; x++) {
        assert_int_equal(r.mem[3 * x], D + 4 * pos[x]);
        assert_int_equal(r.mem[3 * x + 1], K + 4 * pos[x]);
        assert_int_equal(r.mem[3 * x + 2], D + 4 * pos[x]);
        assert_string_equal(r.op[3 * x + 2], "STG.E");
    }
    a.n = 200;
    simt_run(&r, sdk_fwt_modulate, &a, 3, 0, 1, 0, 256, 1, 128, 1);
    assert_int_equal(r.nmem, 0);
    simt_run(&r, sdk_fwt_modulate, &a, 199, 0, 0, 0, 256, 1, 128, 1);
    assert_int_equal(r.nmem, 3);
    assert_int_equal(r.mem[1], K + 4 * 199);
}

/* The first global load of lane `lane` of warp 0, block 0, and the `nth` (from 0) of them. */
static uint64_t first_ldg(kernel_t *k, unsigned nth, unsigned lane)
{
    tb_t tb = {0};
    assert_int_equal(k->next_tb(k, &tb), 1);
    uint64_t got = 0;
    unsigned seen = 0;
    for (uint32_t x = tb.warp[0].first; x < tb.warp[0].first + tb.warp[0].count; x++) {
        const inst_t *in = &tb.inst[x];
        if (!strcmp(k->ops.name[in->opcode], "LDG.E") && seen++ == nth) {
            assert_true(in->mask >> lane & 1);
            got = tb.addr[in->addr + (unsigned)__builtin_popcount(in->mask & ((1u << lane) - 1))];
            break;
        }
    }
    tb_free(&tb);
    return got;
}

/* The workload at size 5000: dataN rounded up to 8192 (log2Data 13); d_Kernel then d_Data,
 * 32 KB each; fwtBatchGPU(d_Data) = fwtBatch2Kernel<<<8, 256>>>(stride 2048) +
 * fwtBatch1Kernel<<<4, 512, 8192>>>(11); the same on d_Kernel; modulateKernel<<<128, 256>>>;
 * fwtBatchGPU(d_Data). Sizes below 2^13 run 2^13. */
static void fwt_workload(void **state)
{
    (void)state;
    workload_t *w = builtin_open("fwt", 5000);
    assert_non_null(w);
    assert_int_equal(w->ncmd, 2 + 7);
    assert_int_equal(w->cmd[0].kind, CMD_MEMCPY);
    assert_int_equal(w->cmd[0].region.size, 4 * 8192);
    assert_int_equal(w->cmd[1].region.size, 4 * 8192);
    const uint64_t kern = w->cmd[0].region.addr, data = w->cmd[1].region.addr;
    static const struct {
        const char *name;
        unsigned gx, bx, shmem;
        int on_data;
    } want[7] = {{"_Z15fwtBatch2KernelPfS_i", 8, 256, 0, 1},   {"_Z15fwtBatch1KernelPfS_i", 4, 512, 8192, 1},
                 {"_Z15fwtBatch2KernelPfS_i", 8, 256, 0, 0},   {"_Z15fwtBatch1KernelPfS_i", 4, 512, 8192, 0},
                 {"_Z14modulateKernelPfS_i", 128, 256, 0, 1},  {"_Z15fwtBatch2KernelPfS_i", 8, 256, 0, 1},
                 {"_Z15fwtBatch1KernelPfS_i", 4, 512, 8192, 1}};
    for (unsigned l = 0; l < 7; l++) {
        assert_int_equal(w->cmd[2 + l].kind, CMD_KERNEL);
        kernel_t *k = w->open_kernel(w, 2 + l);
        assert_non_null(k);
        assert_string_equal(k->info.name, want[l].name);
        assert_int_equal(k->info.grid[0], want[l].gx);
        assert_int_equal(k->info.grid[1], 1);
        assert_int_equal(k->info.block[0], want[l].bx);
        assert_int_equal(k->info.block[1], 1);
        assert_int_equal(k->info.shmem, want[l].shmem);
        /* block 0, lane 5: fwtBatch2Kernel's i0 = 5 (stride 2048); fwtBatch1Kernel's pos = 5;
         * modulateKernel's d_A[5], then d_B[5] */
        const uint64_t arr = want[l].on_data ? data : kern;
        assert_int_equal(first_ldg(k, 0, 5), arr + 20);
        k->close(k);
        if (l == 4) {
            k = w->open_kernel(w, 2 + l);
            assert_int_equal(first_ldg(k, 1, 5), kern + 20);
            k->close(k);
        }
    }
    w->close(w);

    /* below the minimum: 2^13 */
    w = builtin_open("fwt", 64);
    assert_non_null(w);
    assert_int_equal(w->ncmd, 2 + 7);
    assert_int_equal(w->cmd[1].region.size, 4 * 8192);
    w->close(w);

    /* the default: log2Data = 23, 3 x 7 + 1 launches over two 32 MiB arrays */
    w = builtin_open("fwt", 0);
    assert_non_null(w);
    assert_int_equal(w->ncmd, 2 + 22);
    assert_int_equal(w->cmd[1].region.size, 4u << 23);
    w->close(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(fwt_launches),   cmocka_unit_test(fwt_batch2),
                                       cmocka_unit_test(fwt_batch1_odd), cmocka_unit_test(fwt_batch1_even),
                                       cmocka_unit_test(fwt_modulate),   cmocka_unit_test(fwt_workload)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
