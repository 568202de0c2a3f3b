/* sdk_fwt.c - the CUDA SDK sample fastWalshTransform (sdk_fwt.h), its
 * kernels written per thread (simt.h) after cuda-samples'
 * fastWalshTransform_kernel.cuh, and the host's launch sequence
 * (fwtBatchGPU) after the same file. Each function is one thread: its
 * loads, stores, barriers and loops in the source's order; the comments
 * restate the source in its own terms.
 *
 * Instructions the source compiles to but that carry no memory address
 * are modelled coarsely, as elsewhere here: one ALU site per index
 * computation (`>>` is spelt SHL: its class is the same), the 8 adds and
 * subtracts of a radix-4 butterfly as 8 FADDs, a loop as its back-edge test
 * and branch (LOOP) with an entry test (BRANCH) where the trip count is not
 * known at compile time. Kernel parameters (log2N, stride, N) are constant
 * bank operands: no register. */
#include "workload/sdk_fwt.h"

#include "workload/simt_ops.h"

#define EL(base, idx) ((base) + 4 * (uint64_t)(idx))   /* &base[idx], floats */

unsigned fwt_batch_launches(unsigned log2N, fwt_launch_t *out, unsigned max)
{
    const unsigned gx = (unsigned)((1ull << log2N) / (4 * FWT_THREADS));   /* dim3 grid, before the loop */
    unsigned n = 0, M = 1;
    for (; log2N > FWT_ELEM_LOG2; log2N -= 2, M <<= 2)
        if (n < max)
            out[n++] = (fwt_launch_t){2, gx, 1, FWT_THREADS, 0, 1u << (log2N - 2)};   /* stride N / 4 */
    if (n < max)
        out[n++] = (fwt_launch_t){1, M, 1, (1u << log2N) / 4, 4u << log2N, log2N};
    return n;
}

/* fwtBatch1Kernel(d_Output, d_Input, log2N), blockDim.x = N / 4:
 *   N = 1 << log2N; base = blockIdx.x << log2N;  s_data[] extern shared;
 *   d_Src = d_Input + base; d_Dst = d_Output + base;
 *   for (pos = tid; pos < N; pos += blockDim.x) s_data[pos] = d_Src[pos];
 *   pos = tid;
 *   for (stride = N >> 2; stride > 0; stride >>= 2) {
 *     lo = pos & (stride - 1); i0 = ((pos - lo) << 2) + lo; i1 = i0 + stride; i2, i3 likewise;
 *     sync; D0..D3 = s_data[i0..i3];
 *     s_data[i0] = (D0 + D2) + (D1 + D3); s_data[i1] = (D0 + D2) - (D1 + D3);
 *     s_data[i2] = (D0 - D2) + (D1 - D3); s_data[i3] = (D0 - D2) - (D1 - D3);
 *   }
 *   if (log2N & 1) { sync;
 *     for (pos = tid; pos < N / 2; pos += blockDim.x) {
 *       i0 = pos << 1; i1 = i0 + 1; D0 = s_data[i0]; D1 = s_data[i1];
 *       s_data[i0] = D0 + D1; s_data[i1] = D0 - D1; } }
 *   sync;
 *   for (pos = tid; pos < N; pos += blockDim.x) d_Dst[pos] = s_data[pos];
 * With N / 4 threads the copy loops run 4 times, the radix-2 loop twice. */
void sdk_fwt_batch1(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t out = p->arr[0], in = p->arr[1], s_data = p->shmem;
    const unsigned log2N = (unsigned)p->p;
    const uint64_t N = 1ull << log2N, base = (uint64_t)t->bx << log2N, tid = t->tx, bdx = t->bdx;

    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rbase = ALU(t, "SHL", rbx, NOREG, NOREG);   /* blockIdx.x << log2N */
    reg_t rsrc = IADD(t, rbase, NOREG), rdst = IADD(t, rbase, NOREG);   /* d_Src, d_Dst */

    reg_t rpos = rtx;
    BRANCH(t, rtx);   /* the load loop's entry test */
    for (uint64_t pos = tid; pos < N; pos += bdx) {
        reg_t ra = IADD(t, rsrc, rpos);
        reg_t v = LDG(t, EL(in, base + pos), ra);
        STS(t, EL(s_data, pos), rpos, v);
        rpos = IADD(t, rpos, NOREG);
        LOOP(t, rpos);
    }

    reg_t rstride = ALU(t, "SHL", NOREG, NOREG, NOREG);   /* N >> 2 */
    BRANCH(t, rstride);   /* stride > 0 */
    for (uint64_t stride = N >> 2; stride > 0; stride >>= 2) {
        const uint64_t lo = tid & (stride - 1), i0 = ((tid - lo) << 2) + lo;
        const uint64_t i1 = i0 + stride, i2 = i1 + stride, i3 = i2 + stride;
        reg_t rlo = ALU(t, "LOP.AND", rtx, rstride, NOREG);
        reg_t r0 = IMAD(t, IADD(t, rtx, rlo), NOREG, rlo);
        reg_t r1 = IADD(t, r0, rstride);
        reg_t r2 = IADD(t, r1, rstride);
        reg_t r3 = IADD(t, r2, rstride);
        BAR(t);
        reg_t d0 = LDS(t, EL(s_data, i0), r0);
        reg_t d1 = LDS(t, EL(s_data, i1), r1);
        reg_t d2 = LDS(t, EL(s_data, i2), r2);
        reg_t d3 = LDS(t, EL(s_data, i3), r3);
        reg_t a = FADD(t, d0, d2), b = FADD(t, d0, d2);   /* D0 + D2, D0 - D2 */
        reg_t c = FADD(t, d1, d3), e = FADD(t, d1, d3);   /* D1 + D3, D1 - D3 */
        STS(t, EL(s_data, i0), r0, FADD(t, a, c));
        STS(t, EL(s_data, i1), r1, FADD(t, a, c));
        STS(t, EL(s_data, i2), r2, FADD(t, b, e));
        STS(t, EL(s_data, i3), r3, FADD(t, b, e));
        rstride = ALU(t, "SHL", rstride, NOREG, NOREG);   /* stride >>= 2 */
        LOOP(t, rstride);
    }

    BRANCH(t, NOREG);   /* log2N & 1: the same for the whole grid */
    if (log2N & 1) {
        BAR(t);
        rpos = rtx;
        BRANCH(t, rtx);   /* pos < N / 2 */
        for (uint64_t pos = tid; pos < N / 2; pos += bdx) {
            const uint64_t i0 = pos << 1, i1 = i0 + 1;
            reg_t r0 = ALU(t, "SHL", rpos, NOREG, NOREG);
            reg_t d0 = LDS(t, EL(s_data, i0), r0);
            reg_t d1 = LDS(t, EL(s_data, i1), r0);
            STS(t, EL(s_data, i0), r0, FADD(t, d0, d1));
            STS(t, EL(s_data, i1), r0, FADD(t, d0, d1));
            rpos = IADD(t, rpos, NOREG);
            LOOP(t, rpos);
        }
    }

    BAR(t);
    rpos = rtx;
    BRANCH(t, rtx);   /* the store loop's entry test */
    for (uint64_t pos = tid; pos < N; pos += bdx) {
        reg_t v = LDS(t, EL(s_data, pos), rpos);
        STG(t, EL(out, base + pos), IADD(t, rdst, rpos), v);
        rpos = IADD(t, rpos, NOREG);
        LOOP(t, rpos);
    }
    EXIT(t);
}

/* fwtBatch2Kernel(d_Output, d_Input, stride), one radix-4 pass in global memory:
 *   pos = blockIdx.x * blockDim.x + threadIdx.x; N = blockDim.x * gridDim.x * 4;
 *   d_Src = d_Input + blockIdx.y * N; d_Dst = d_Output + blockIdx.y * N;
 *   lo = pos & (stride - 1); i0 = ((pos - lo) << 2) + lo; i1 = i0 + stride; i2, i3 likewise;
 *   D0..D3 = d_Src[i0..i3]; d_Dst[i0..i3] = the butterfly of fwtBatch1Kernel's stage. */
void sdk_fwt_batch2(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t out = p->arr[0], in = p->arr[1], stride = p->p;
    const uint64_t pos = (uint64_t)t->bx * t->bdx + t->tx, N = (uint64_t)t->bdx * t->gdx * 4;
    const uint64_t off = (uint64_t)t->by * N;
    const uint64_t lo = pos & (stride - 1), i0 = ((pos - lo) << 2) + lo;
    const uint64_t i1 = i0 + stride, i2 = i1 + stride, i3 = i2 + stride;

    reg_t rtx = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rpos = IMAD(t, rbx, NOREG, rtx);
    reg_t rN = IMAD(t, NOREG, NOREG, NOREG);   /* blockDim.x * gridDim.x * 4 */
    reg_t roff = IMAD(t, rby, rN, NOREG);      /* blockIdx.y * N */
    reg_t rlo = ALU(t, "LOP.AND", rpos, NOREG, NOREG);
    reg_t r0 = IMAD(t, IADD(t, rpos, rlo), NOREG, rlo);
    reg_t r1 = IADD(t, r0, NOREG), r2 = IADD(t, r1, NOREG), r3 = IADD(t, r2, NOREG);
    reg_t a0 = IADD(t, roff, r0), a1 = IADD(t, roff, r1), a2 = IADD(t, roff, r2), a3 = IADD(t, roff, r3);
    reg_t d0 = LDG(t, EL(in, off + i0), a0);
    reg_t d1 = LDG(t, EL(in, off + i1), a1);
    reg_t d2 = LDG(t, EL(in, off + i2), a2);
    reg_t d3 = LDG(t, EL(in, off + i3), a3);
    reg_t a = FADD(t, d0, d2), b = FADD(t, d0, d2);
    reg_t c = FADD(t, d1, d3), e = FADD(t, d1, d3);
    STG(t, EL(out, off + i0), a0, FADD(t, a, c));
    STG(t, EL(out, off + i1), a1, FADD(t, a, c));
    STG(t, EL(out, off + i2), a2, FADD(t, b, e));
    STG(t, EL(out, off + i3), a3, FADD(t, b, e));
    EXIT(t);
}

/* modulateKernel(d_A, d_B, N):
 *   tid = blockIdx.x * blockDim.x + threadIdx.x; numThreads = blockDim.x * gridDim.x;
 *   rcpN = 1.0f / (float)N;
 *   for (pos = tid; pos < N; pos += numThreads) d_A[pos] *= d_B[pos] * rcpN;
 * The IEEE reciprocal as MUFU.RCP and two FFMA refinements (its slow path
 * for denormals, never taken, left out); the loop body loads d_A[pos] then
 * d_B[pos]. */
void sdk_fwt_modulate(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t A = p->arr[0], B = p->arr[1], N = p->n;
    const uint64_t tid = (uint64_t)t->bx * t->bdx + t->tx, num = (uint64_t)t->bdx * t->gdx;

    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rpos = IMAD(t, rbx, NOREG, rtx);
    reg_t rnum = IMAD(t, NOREG, NOREG, NOREG);
    reg_t rf = ALU(t, "I2F.U32", NOREG, NOREG, NOREG);   /* (float)N */
    reg_t rr = ALU(t, "MUFU.RCP", rf, NOREG, NOREG);
    reg_t re = FFMA(t, rf, rr, NOREG);
    reg_t rcp = FFMA(t, re, rr, rr);
    BRANCH(t, rpos);   /* the loop's entry test */
    for (uint64_t pos = tid; pos < N; pos += num) {
        reg_t ra = LDG(t, EL(A, pos), rpos);
        reg_t rb = LDG(t, EL(B, pos), rpos);
        STG(t, EL(A, pos), rpos, FMUL(t, ra, FMUL(t, rb, rcp)));
        rpos = IADD(t, rpos, rnum);
        LOOP(t, rpos);
    }
    EXIT(t);
}
