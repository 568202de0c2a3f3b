/* polybench.c - PolyBench/GPU 1.0 kernels (Grauer-Gray et al., InPar 2012;
 * the suite the MRPB paper ran, its Table 2), written per thread after their
 * CUDA sources (simt.h): each function is one thread's execution of the
 * kernel, its loads, stores and arithmetic where the source has them, in the
 * source's loop order. Arrays are 4-byte floats, row-major, N x N (the size
 * knob); blocks are the suite's 32 x 8 (DIM_THREAD_BLOCK_X, _Y), the grid
 * covers the output. nvcc keeps the accumulated element in memory: the
 * output may alias the inputs, so every iteration loads and stores it. */
#include "workload/polybench.h"

#include "workload/simt_ops.h"

#define EL(base, idx) ((base) + 4 * (uint64_t)(idx))   /* &base[idx], 4-byte elements */

/* The 2-D thread index as nvcc computes it (blockIdx * blockDim + threadIdx
 * for x, then y): six sites, the x index into register value rx, y into ry.
 * A macro, not a function: its sites belong to the kernel that expands it. */
#define INDEX2D(t, rx, ry)                                                          \
    reg_t rx##_tid_ = S2R(t), rx##_cta_ = S2R(t), ry##_tid_ = S2R(t), ry##_cta_ = S2R(t); \
    reg_t rx = IMAD(t, rx##_cta_, rx##_tid_, NOREG), ry = IMAD(t, ry##_cta_, ry##_tid_, NOREG)

/* 2mm.cu, mm2_kernel1(ni, nj, nk, nl, alpha, beta, tmp, A, B):
 *   j = blockIdx.x * blockDim.x + threadIdx.x; i = blockIdx.y * blockDim.y + threadIdx.y;
 *   if (i < NI && j < NJ) { tmp[i][j] = 0; for k < NK: tmp[i][j] += alpha * A[i][k] * B[k][j]; }
 * Arrays (simt_args_t.arr): tmp, A, B. */
void pb_mm2_kernel1(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t n = p->n, tmp = p->arr[0], a = p->arr[1], b = p->arr[2];
    uint64_t j = (uint64_t)t->bx * t->bdx + t->tx, i = (uint64_t)t->by * t->bdy + t->ty;
    INDEX2D(t, rj, ri);
    GUARD(t, i < n && j < n, ri);
    reg_t pt = IMAD(t, ri, rj, NOREG), pa = IMAD(t, ri, NOREG, NOREG), pb = MOV(t, rj);
    STG(t, EL(tmp, i * n + j), pt, RZ_);                  /* tmp[i][j] = 0 */
    for (uint64_t k = 0; k < n; k++) {
        reg_t va = LDG(t, EL(a, i * n + k), pa);
        reg_t vb = LDG(t, EL(b, k * n + j), pb);
        reg_t vt = LDG(t, EL(tmp, i * n + j), pt);
        reg_t s = FMUL(t, va, NOREG);                     /* alpha * A[i][k] */
        STG(t, EL(tmp, i * n + j), pt, FFMA(t, s, vb, vt));
        pa = IADD(t, pa, NOREG);
        pb = IADD(t, pb, NOREG);
        LOOP(t, pa);
    }
    EXIT(t);
}

/* 2mm.cu, mm2_kernel2(ni, nj, nk, nl, alpha, beta, tmp, C, D):
 *   if (i < NI && j < NL) { D[i][j] *= beta; for k < NJ: D[i][j] += tmp[i][k] * C[k][j]; }
 * Arrays: tmp, C, D. */
void pb_mm2_kernel2(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t n = p->n, tmp = p->arr[0], c = p->arr[1], d = p->arr[2];
    uint64_t j = (uint64_t)t->bx * t->bdx + t->tx, i = (uint64_t)t->by * t->bdy + t->ty;
    INDEX2D(t, rj, ri);
    GUARD(t, i < n && j < n, ri);
    reg_t pd = IMAD(t, ri, rj, NOREG), pt = IMAD(t, ri, NOREG, NOREG), pc = MOV(t, rj);
    reg_t vd = LDG(t, EL(d, i * n + j), pd);
    STG(t, EL(d, i * n + j), pd, FMUL(t, vd, NOREG));   /* D[i][j] *= beta */
    for (uint64_t k = 0; k < n; k++) {
        reg_t vt = LDG(t, EL(tmp, i * n + k), pt);
        reg_t vc = LDG(t, EL(c, k * n + j), pc);
        reg_t v = LDG(t, EL(d, i * n + j), pd);
        STG(t, EL(d, i * n + j), pd, FFMA(t, vt, vc, v));
        pt = IADD(t, pt, NOREG);
        pc = IADD(t, pc, NOREG);
        LOOP(t, pt);
    }
    EXIT(t);
}

/* 3mm.cu, mm3_kernel1(A, B, E), mm3_kernel2(C, D, F), mm3_kernel3(E, F, G),
 * one body:  if (i < NI && j < NJ) { X[i][j] = 0; for k < NK: X[i][j] += Y[i][k] * Z[k][j]; }
 * Arrays: Y, Z, X (the source's order). */
void pb_mm3_kernel(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t n = p->n, y = p->arr[0], z = p->arr[1], x = p->arr[2];
    uint64_t j = (uint64_t)t->bx * t->bdx + t->tx, i = (uint64_t)t->by * t->bdy + t->ty;
    INDEX2D(t, rj, ri);
    GUARD(t, i < n && j < n, ri);
    reg_t px = IMAD(t, ri, rj, NOREG), py = IMAD(t, ri, NOREG, NOREG), pz = MOV(t, rj);
    STG(t, EL(x, i * n + j), px, RZ_);                    /* X[i][j] = 0 */
    for (uint64_t k = 0; k < n; k++) {
        reg_t vy = LDG(t, EL(y, i * n + k), py);
        reg_t vz = LDG(t, EL(z, k * n + j), pz);
        reg_t v = LDG(t, EL(x, i * n + j), px);
        STG(t, EL(x, i * n + j), px, FFMA(t, vy, vz, v));
        py = IADD(t, py, NOREG);
        pz = IADD(t, pz, NOREG);
        LOOP(t, py);
    }
    EXIT(t);
}

/* 3DConvolution.cu, convolution3D_kernel(A, B, i), launched for i = 1 .. NI - 2:
 *   k = blockIdx.x * blockDim.x + threadIdx.x; j = blockIdx.y * blockDim.y + threadIdx.y;
 *   if (0 < i < NI-1 && 0 < j < NJ-1 && 0 < k < NK-1)
 *       B[i][j][k] = a 15-term sum of A around (i, j, k)
 * Three of the terms read A[i-1][j-1][k-1] and three A[i+1][j-1][k-1]:
 * with no store between them nvcc loads each address once, so the thread
 * loads the 11 distinct elements in the order they first appear. NI = NJ =
 * NK = N; arrays A, B; simt_args_t.p is i. */
void pb_conv3d(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t n = p->n, a = p->arr[0], b = p->arr[1], i = p->p;
    uint64_t k = (uint64_t)t->bx * t->bdx + t->tx, j = (uint64_t)t->by * t->bdy + t->ty;
    INDEX2D(t, rk, rj);
    GUARD(t, i < n - 1 && j < n - 1 && k < n - 1 && i > 0 && j > 0 && k > 0, rk);
    reg_t pa = IMAD(t, rj, rk, NOREG);
#define A3(di, dj, dk) EL(a, ((i + (di)) * n + (j + (dj))) * n + (k + (dk)))
    reg_t v1 = LDG(t, A3(-1, -1, -1), pa), v2 = LDG(t, A3(+1, -1, -1), pa), v3 = LDG(t, A3(0, -1, 0), pa);
    reg_t v4 = LDG(t, A3(0, 0, 0), pa), v5 = LDG(t, A3(0, +1, 0), pa), v6 = LDG(t, A3(-1, -1, +1), pa);
    reg_t v7 = LDG(t, A3(+1, -1, +1), pa), v8 = LDG(t, A3(-1, 0, +1), pa), v9 = LDG(t, A3(+1, 0, +1), pa);
    reg_t v10 = LDG(t, A3(-1, +1, +1), pa), v11 = LDG(t, A3(+1, +1, +1), pa);
#undef A3
    reg_t s = FMUL(t, v1, NOREG);
    s = FFMA(t, v2, NOREG, s);
    s = FFMA(t, v1, NOREG, s);
    s = FFMA(t, v2, NOREG, s);
    s = FFMA(t, v1, NOREG, s);
    s = FFMA(t, v2, NOREG, s);
    s = FFMA(t, v3, NOREG, s);
    s = FFMA(t, v4, NOREG, s);
    s = FFMA(t, v5, NOREG, s);
    s = FFMA(t, v6, NOREG, s);
    s = FFMA(t, v7, NOREG, s);
    s = FFMA(t, v8, NOREG, s);
    s = FFMA(t, v9, NOREG, s);
    s = FFMA(t, v10, NOREG, s);
    s = FFMA(t, v11, NOREG, s);
    STG(t, EL(b, (i * n + j) * n + k), pa, s);
    EXIT(t);
}

/* fdtd2d.cu (NX = NY = N; arrays _fict_, ex, ey, hz; simt_args_t.p is the
 * time step t), 32 x 8 blocks over NX x NY, j = x, i = y:
 * fdtd_step1_kernel: if (i < NX && j < NY) { if (i == 0) ey[0][j] = _fict_[t];
 *                    else ey[i][j] = ey[i][j] - 0.5 (hz[i][j] - hz[i-1][j]); } */
void pb_fdtd_step1(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t n = p->n, fict = p->arr[0], ey = p->arr[2], hz = p->arr[3];
    uint64_t j = (uint64_t)t->bx * t->bdx + t->tx, i = (uint64_t)t->by * t->bdy + t->ty;
    INDEX2D(t, rj, ri);
    GUARD(t, i < n && j < n, ri);
    reg_t pe = IMAD(t, ri, rj, NOREG);
    if (i == 0) {
        reg_t f = LDG(t, EL(fict, p->p), NOREG);
        STG(t, EL(ey, j), pe, f);
    } else {
        reg_t ve = LDG(t, EL(ey, i * n + j), pe);
        reg_t h0 = LDG(t, EL(hz, i * n + j), pe);
        reg_t h1 = LDG(t, EL(hz, (i - 1) * n + j), pe);
        reg_t d = FADD(t, h0, h1);
        STG(t, EL(ey, i * n + j), pe, FFMA(t, d, NOREG, ve));
    }
    EXIT(t);
}

/* fdtd_step2_kernel: if (i < NX && j < NY && j > 0) ex[i][j] = ex[i][j] - 0.5 (hz[i][j] - hz[i][j-1]); */
void pb_fdtd_step2(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t n = p->n, ex = p->arr[1], hz = p->arr[3];
    uint64_t j = (uint64_t)t->bx * t->bdx + t->tx, i = (uint64_t)t->by * t->bdy + t->ty;
    INDEX2D(t, rj, ri);
    GUARD(t, i < n && j < n && j > 0, rj);
    reg_t pe = IMAD(t, ri, rj, NOREG);
    reg_t ve = LDG(t, EL(ex, i * n + j), pe);
    reg_t h0 = LDG(t, EL(hz, i * n + j), pe);
    reg_t h1 = LDG(t, EL(hz, i * n + j - 1), pe);
    reg_t d = FADD(t, h0, h1);
    STG(t, EL(ex, i * n + j), pe, FFMA(t, d, NOREG, ve));
    EXIT(t);
}

/* fdtd_step3_kernel: if (i < NX-1 && j < NY-1)
 *     hz[i][j] = hz[i][j] - 0.7 (ex[i][j+1] - ex[i][j] + ey[i+1][j] - ey[i][j]); */
void pb_fdtd_step3(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    uint64_t n = p->n, ex = p->arr[1], ey = p->arr[2], hz = p->arr[3];
    uint64_t j = (uint64_t)t->bx * t->bdx + t->tx, i = (uint64_t)t->by * t->bdy + t->ty;
    INDEX2D(t, rj, ri);
    GUARD(t, i < n - 1 && j < n - 1, ri);
    reg_t ph = IMAD(t, ri, rj, NOREG);
    reg_t vh = LDG(t, EL(hz, i * n + j), ph);
    reg_t x1 = LDG(t, EL(ex, i * n + j + 1), ph);
    reg_t x0 = LDG(t, EL(ex, i * n + j), ph);
    reg_t y1 = LDG(t, EL(ey, (i + 1) * n + j), ph);
    reg_t y0 = LDG(t, EL(ey, i * n + j), ph);
    reg_t d = FADD(t, FADD(t, FADD(t, x1, x0), y1), y0);
    STG(t, EL(hz, i * n + j), ph, FFMA(t, d, NOREG, vh));
    EXIT(t);
}
