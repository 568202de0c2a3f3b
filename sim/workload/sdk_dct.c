/* sdk_dct.c - the CUDA SDK sample dct8x8's second CUDA version (the
 * TEMP/TBAS paper's Table 1 DCT), its kernels written per thread (simt.h)
 * after cuda-samples Samples/2_Concepts_and_Techniques/dct8x8:
 * dct8x8_kernel2.cuh (CUDAkernel2DCT, CUDAkernel2IDCT and their vector
 * subroutines), dct8x8_kernel_quantization.cuh (CUDAkernelQuantizationFloat)
 * and dct8x8.cu (WrapperCUDA2: the launches). The instruction mix is read
 * from the source (no compiled binary): the loads, stores, barriers and
 * their addresses are the source's; the arithmetic is one FADD, FMUL or
 * FFMA per operation of the source's expressions, the address arithmetic a
 * few integer operations.
 *
 * CUDAkernel2DCT(dst, src, ImgStride), blockDim (8, 4, 2), a block 32 x 16
 * pixels (four 8x8 tiles across, two down), shared float block[16 * 33]:
 *   OffsThreadInRow = ty * 8 + tx;  OffsThreadInCol = tz * 8;
 *   src += FMUL(by * 16 + OffsThreadInCol, ImgStride) + bx * 32 + OffsThreadInRow;  (dst the same)
 *   bl_ptr = block + OffsThreadInCol * 33 + OffsThreadInRow;
 *   for (i = 0; i < 8; i++) bl_ptr[i * 33] = src[i * ImgStride];      (#pragma unroll)
 *   sync;
 *   InplaceDCTvector(block + (OffsThreadInCol + tx) * 33 + OffsThreadInRow - tx, 1);   (a row)
 *   sync;
 *   InplaceDCTvector(bl_ptr, 33);                                                        (a column)
 *   sync;
 *   for (i = 0; i < 8; i++) dst[i * ImgStride] = bl_ptr[i * 33];
 * A thread first moves one column of 8 pixels (x = bx 32 + ty 8 + tx, rows
 * by 16 + tz 8 .. + 7), then transforms row tx of tile ty (tile row tz), then
 * its own column. The vector subroutine reads its 8 elements, computes, and
 * writes the 8 results (the DCT in the order 0 2 4 6 1 3 5 7, the IDCT 0 7 4
 * 3 1 5 2 6); all its reads come before its writes, so each is 8 LDS, the
 * arithmetic, 8 STS. The loops of 8 are unrolled (the first by its pragma,
 * the last by nvcc: a constant trip count of 8): no loop branches; each
 * unrolled copy is its own site. */
#include "workload/sdk_dct.h"

#include <math.h>

#include "workload/simt_ops.h"

#define EL(base, idx) ((base) + 4 * (uint64_t)(idx))   /* &base[idx], 4-byte elements */

#define X7(M) M(1) M(2) M(3) M(4) M(5) M(6) M(7)
#define X8(M) M(0) X7(M)

/* CUDAsubroutineInplaceDCTvector on the loaded v[0..7], results o[0..7]
 * (the C_x constants are operands, not registers; a subtraction is an
 * FADD of a negated operand):
 *   X07P = v0 + v7, X16P = v1 + v6, X25P = v2 + v5, X34P = v3 + v4;
 *   X07M = v0 - v7, X61M = v6 - v1, X25M = v2 - v5, X43M = v4 - v3;
 *   X07P34PP/PM = X07P +- X34P; X16P25PP/PM = X16P +- X25P;
 *   o0 = n (PP + PP'), o2 = n (b PM + e PM'), o4 = n (PP - PP'), o6 = n (e PM - b PM');
 *   o1, o3, o5, o7 = n (4 terms in X07M, X61M, X25M, X43M). 42 operations. */
#define DCT8(t, v, o)                                                                                               \
    do {                                                                                                            \
        reg_t p07 = FADD(t, v[0], v[7]), p16 = FADD(t, v[1], v[6]), p25 = FADD(t, v[2], v[5]),                       \
              p34 = FADD(t, v[3], v[4]);                                                                            \
        reg_t m07 = FADD(t, v[0], v[7]), m61 = FADD(t, v[6], v[1]), m25 = FADD(t, v[2], v[5]),                       \
              m43 = FADD(t, v[4], v[3]);                                                                            \
        reg_t pp = FADD(t, p07, p34), pm = FADD(t, p07, p34), qp = FADD(t, p16, p25), qm = FADD(t, p16, p25);       \
        o[0] = FMUL(t, FADD(t, pp, qp), NOREG);                                                                     \
        o[2] = FMUL(t, FFMA(t, qm, NOREG, FMUL(t, pm, NOREG)), NOREG);                                              \
        o[4] = FMUL(t, FADD(t, pp, qp), NOREG);                                                                     \
        o[6] = FMUL(t, FFMA(t, qm, NOREG, FMUL(t, pm, NOREG)), NOREG);                                              \
        o[1] = FMUL(t, FFMA(t, m43, NOREG, FFMA(t, m25, NOREG, FFMA(t, m61, NOREG, FMUL(t, m07, NOREG)))), NOREG);  \
        o[3] = FMUL(t, FFMA(t, m43, NOREG, FFMA(t, m25, NOREG, FFMA(t, m61, NOREG, FMUL(t, m07, NOREG)))), NOREG);  \
        o[5] = FMUL(t, FFMA(t, m43, NOREG, FFMA(t, m25, NOREG, FFMA(t, m61, NOREG, FMUL(t, m07, NOREG)))), NOREG);  \
        o[7] = FMUL(t, FFMA(t, m43, NOREG, FFMA(t, m25, NOREG, FFMA(t, m61, NOREG, FMUL(t, m07, NOREG)))), NOREG);  \
    } while (0)

/* CUDAsubroutineInplaceIDCTvector:
 *   Y04P = v0 + v4, Y2b6eP = b v2 + e v6, Y04P2b6ePP/PM = Y04P +- Y2b6eP;
 *   Y7f1aP3c5dPP = f v7 + a v1 + c v3 + d v5, Y7a1fM3d5cMP = a v7 - f v1 + d v3 - c v5;
 *   Y04M = v0 - v4, Y2e6bM = e v2 - b v6, Y04M2e6bMP/MM = Y04M +- Y2e6bM;
 *   Y1c7dM3f5aPM = c v1 - d v7 - f v3 - a v5, Y1d7cP3a5fMM = d v1 + c v7 - a v3 + f v5;
 *   o0/o7 = n (PP +- Y7f1a..), o4/o3 = n (PM +- Y7a1f..), o1/o6 = n (MP +- Y1c7d..),
 *   o2/o5 = n (MM +- Y1d7c..). 42 operations. */
#define IDCT8(t, v, o)                                                                                              \
    do {                                                                                                            \
        reg_t y04p = FADD(t, v[0], v[4]);                                                                           \
        reg_t y26p = FFMA(t, v[6], NOREG, FMUL(t, v[2], NOREG));                                                    \
        reg_t ppp = FADD(t, y04p, y26p), ppm = FADD(t, y04p, y26p);                                                 \
        reg_t s1 = FFMA(t, v[5], NOREG, FFMA(t, v[3], NOREG, FFMA(t, v[1], NOREG, FMUL(t, v[7], NOREG))));          \
        reg_t s2 = FFMA(t, v[5], NOREG, FFMA(t, v[3], NOREG, FFMA(t, v[1], NOREG, FMUL(t, v[7], NOREG))));          \
        reg_t y04m = FADD(t, v[0], v[4]);                                                                           \
        reg_t y26m = FFMA(t, v[6], NOREG, FMUL(t, v[2], NOREG));                                                    \
        reg_t pmp = FADD(t, y04m, y26m), pmm = FADD(t, y04m, y26m);                                                 \
        reg_t s3 = FFMA(t, v[5], NOREG, FFMA(t, v[3], NOREG, FFMA(t, v[7], NOREG, FMUL(t, v[1], NOREG))));          \
        reg_t s4 = FFMA(t, v[5], NOREG, FFMA(t, v[3], NOREG, FFMA(t, v[7], NOREG, FMUL(t, v[1], NOREG))));          \
        o[0] = FMUL(t, FADD(t, ppp, s1), NOREG);                                                                    \
        o[7] = FMUL(t, FADD(t, ppp, s1), NOREG);                                                                    \
        o[4] = FMUL(t, FADD(t, ppm, s2), NOREG);                                                                    \
        o[3] = FMUL(t, FADD(t, ppm, s2), NOREG);                                                                    \
        o[1] = FMUL(t, FADD(t, pmp, s3), NOREG);                                                                    \
        o[5] = FMUL(t, FADD(t, pmm, s4), NOREG);                                                                    \
        o[2] = FMUL(t, FADD(t, pmm, s4), NOREG);                                                                    \
        o[6] = FMUL(t, FADD(t, pmp, s3), NOREG);                                                                    \
    } while (0)

/* the global -> shared copy: 8 address steps and loads, then the 8 stores */
#define K2_LDG(i) ga[i] = IADD(t, ga[(i) - 1], NOREG); v[i] = LDG(t, EL(src, off + (i) * stride), ga[i]);
#define K2_STS(i) STS(t, EL(sh, bl + (i) * DCT_K2_SSTRIDE), rbl, v[i]);
/* the row pass: the row's 8 words from vb, written back in the subroutine's order */
#define K2_LDR(i) v[i] = LDS(t, EL(sh, vb + (i)), rvb);
#define K2_STR(i) STS(t, EL(sh, vb + ord[i]), rvb, o[ord[i]]);
/* the column pass: bl_ptr[i * 33] */
#define K2_LDC(i) v[i] = LDS(t, EL(sh, bl + (i) * DCT_K2_SSTRIDE), rbl);
#define K2_STC(i) STS(t, EL(sh, bl + ord[i] * DCT_K2_SSTRIDE), rbl, o[ord[i]]);
/* the shared -> global copy: 8 loads, then the stores with their address steps */
#define K2_STG(i) da[i] = IADD(t, da[(i) - 1], NOREG); STG(t, EL(dst, off + (i) * stride), da[i], v[i]);

/* CUDAkernel2DCT / CUDAkernel2IDCT: VEC the subroutine, ord the order of its writes */
#define KER2(t, VEC, ord)                                                                                       \
    SIMT_BEGIN;                                                                                                 \
    const simt_args_t *p = (t)->arg;                                                                            \
    const uint64_t dst = p->arr[0], src = p->arr[1], sh = p->shmem;                                            \
    const int64_t stride = dct_stride((unsigned)p->n);                                                          \
    const int64_t tx = (t)->tx, ty = (t)->ty & 3, tz = (t)->ty >> 2;   /* blockDim (8, 4, 2) as (8, 8) */      \
    const int64_t row = ty * DCT_BLOCK + tx, col = tz * DCT_BLOCK;   /* OffsThreadInRow, OffsThreadInCol */   \
    const int64_t off = ((int64_t)(t)->by * DCT_K2_H + col) * stride + (int64_t)(t)->bx * DCT_K2_W + row;      \
    const int64_t bl = col * DCT_K2_SSTRIDE + row;                  /* bl_ptr - block */                       \
    const int64_t vb = (col + tx) * DCT_K2_SSTRIDE + row - tx;      /* the row pass' vector */                 \
    reg_t v[8], o[8], ga[8], da[8];                                                                             \
    reg_t rtx = S2R(t), rty = S2R(t), rtz = S2R(t), rbx = S2R(t), rby = S2R(t);                                 \
    reg_t rrow = IMAD(t, rty, NOREG, rtx);                                                                      \
    reg_t rcol = ALU(t, "SHL", rtz, NOREG, NOREG);                                                              \
    reg_t rline = IMAD(t, rby, NOREG, rcol);                                                                    \
    reg_t roff = IMAD(t, rline, NOREG, IMAD(t, rbx, NOREG, rrow));   /* FMUL(.., ImgStride) + .. */            \
    ga[0] = ALU(t, "LEA", roff, NOREG, NOREG);                       /* src += */                              \
    da[0] = ALU(t, "LEA", roff, NOREG, NOREG);                       /* dst += */                              \
    reg_t rbl = IMAD(t, rcol, NOREG, rrow);                                                                     \
    v[0] = LDG(t, EL(src, off), ga[0]);                                                                         \
    X7(K2_LDG)                                                                                                  \
    X8(K2_STS)                                                                                                  \
    BAR(t);                                                                                                     \
    reg_t rvb = IMAD(t, IADD(t, rcol, rtx), NOREG, rrow);                                                       \
    X8(K2_LDR)                                                                                                  \
    VEC(t, v, o);                                                                                               \
    X8(K2_STR)                                                                                                  \
    BAR(t);                                                                                                     \
    X8(K2_LDC)                                                                                                  \
    VEC(t, v, o);                                                                                               \
    X8(K2_STC)                                                                                                  \
    BAR(t);                                                                                                     \
    X8(K2_LDC)                                                                                                  \
    STG(t, EL(dst, off), da[0], v[0]);                                                                          \
    X7(K2_STG)                                                                                                  \
    EXIT(t)

void sdk_dct2_fwd(simt_t *t)
{
    static const int ord[8] = {0, 2, 4, 6, 1, 3, 5, 7};
    KER2(t, DCT8, ord);
}

void sdk_dct2_inv(simt_t *t)
{
    static const int ord[8] = {0, 7, 4, 3, 1, 5, 2, 6};
    KER2(t, IDCT8, ord);
}

/* CUDAkernelQuantizationFloat(SrcDst, Stride), blockDim (8, 8):
 *   curCoef = SrcDst[(by * 8 + ty) * Stride + (bx * 8 + tx)];
 *   curQuant = (float)Q[ty * 8 + tx];          (__constant__ short Q[64]: an LDC)
 *   quantized = roundf(curCoef / curQuant);
 *   SrcDst[same] = quantized * curQuant;
 * The division is IEEE (nvcc's default -prec-div): a reciprocal, its
 * refinement and a check whose slow path no coefficient of an 8-bit image
 * over a divisor of 12 .. 81 takes (a branch not taken); roundf adds 0.5
 * with x's sign, truncates, and keeps x when |x| is 2^23 or more. */
void sdk_dct_quant(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t a = p->arr[0];
    const int64_t stride = dct_stride((unsigned)p->n);
    const int64_t idx = ((int64_t)t->by * DCT_BLOCK + t->ty) * stride + (int64_t)t->bx * DCT_BLOCK + t->tx;
    reg_t rtx = S2R(t), rty = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rr = IMAD(t, rby, NOREG, rty), rc = IMAD(t, rbx, NOREG, rtx);
    reg_t ra = ALU(t, "LEA", IMAD(t, rr, NOREG, rc), NOREG, NOREG);
    reg_t coef = LDG(t, EL(a, idx), ra);
    reg_t q = ALU(t, "LDC.U16", IMAD(t, rty, NOREG, rtx), NOREG, NOREG);   /* Q[ty * 8 + tx] */
    reg_t qf = ALU(t, "I2F.F32.S16", q, NOREG, NOREG);
    reg_t rcp = ALU(t, "MUFU.RCP", qf, NOREG, NOREG);
    reg_t e = FFMA(t, qf, rcp, NOREG);
    reg_t r2 = FFMA(t, rcp, e, rcp);
    reg_t q0 = FFMA(t, coef, r2, NOREG);
    reg_t quo = FFMA(t, r2, FFMA(t, qf, q0, coef), q0);
    BRANCH(t, ALU(t, "FCHK.DIVIDE", coef, qf, NOREG));
    reg_t half = ALU(t, "LOP.OR", ALU(t, "LOP.AND", quo, NOREG, NOREG), NOREG, NOREG);   /* copysign(0.5, x) */
    reg_t tr = ALU(t, "FRND.TRUNC", FADD(t, quo, half), NOREG, NOREG);
    reg_t rnd = ALU(t, "FSEL", tr, quo, ALU(t, "FSETP.GT.AND", quo, NOREG, NOREG));
    STG(t, EL(a, idx), ra, FMUL(t, rnd, qf));
    EXIT(t);
}

/* ---- the stand-in image ------------------------------------------------------------ */

void sdk_dct_standin(uint8_t *img, unsigned n)
{
    uint64_t seed = 0x7ea90751ull;   /* fixed: a deterministic picture */
    const double cx = 0.5 * n, cy = 0.55 * n, rad = 0.35 * n;
    const double lx = -0.4, ly = -0.5, lz = 0.7676;   /* the light, |l| = 1 */
    for (unsigned y = 0; y < n; y++)
        for (unsigned x = 0; x < n; x++) {
            double dx = (x + 0.5 - cx) / rad, dy = (y + 0.5 - cy) / rad, d2 = dx * dx + dy * dy, v;
            if (d2 < 1.0) {   /* the sphere: diffuse shading */
                double dz = sqrt(1.0 - d2), lit = dx * lx + dy * ly + dz * lz;
                v = 50.0 + 180.0 * (lit > 0 ? lit : 0);
            } else {          /* the background: a vertical gradient */
                v = 30.0 + 90.0 * y / n;
            }
            v += (double)(simt_mix64(&seed) % 9) - 4.0;   /* sensor noise, +-4 */
            img[(uint64_t)y * n + x] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : (int)v);
        }
}

void sdk_dct_plane(const uint8_t *img, unsigned n, unsigned stride, float *plane)
{
    for (unsigned y = 0; y < n; y++)
        for (unsigned x = 0; x < stride; x++)
            plane[(uint64_t)y * stride + x] = x < n ? (float)img[(uint64_t)y * n + x] - 128.0f : 0.0f;
}
