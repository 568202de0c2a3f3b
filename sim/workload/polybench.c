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
    reg_t tx = S2R(t), ctax = S2R(t), ty = S2R(t), ctay = S2R(t);
    reg_t rj = IMAD(t, ctax, tx, NOREG), ri = IMAD(t, ctay, ty, NOREG);
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
    reg_t tx = S2R(t), ctax = S2R(t), ty = S2R(t), ctay = S2R(t);
    reg_t rj = IMAD(t, ctax, tx, NOREG), ri = IMAD(t, ctay, ty, NOREG);
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
    reg_t tx = S2R(t), ctax = S2R(t), ty = S2R(t), ctay = S2R(t);
    reg_t rj = IMAD(t, ctax, tx, NOREG), ri = IMAD(t, ctay, ty, NOREG);
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
