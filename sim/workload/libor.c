/* libor.c - LIBOR Monte Carlo's two kernels written per thread after
 * GPGPU-Sim's ISPASS 2009 LIB/libor.cu (simt.h; the program: libor.h).
 *
 * Pathcalc_Portfolio_KernelGPU2(d_v):
 *   for (path = tid; path < NPATH; path += threadN) {
 *     for (i = 0; i < N; i++) { z[i] = 0.3; L[i] = 0.05; }
 *     path_calc(L, z):  for (n = 0; n < Nmat; n++) { sqez = sqrtf(delta) z[n]; v = 0;
 *       for (i = n + 1; i < N; i++) { lam = lambda[i - n - 1]; con1 = delta lam;
 *         v += __fdividef(con1 L[i], 1 + delta L[i]); vrat = __expf(con1 v + lam (sqez - 0.5 con1));
 *         L[i] = L[i] vrat; } }
 *     d_v[path] = portfolio(L):  b = 1, s = 0;
 *       for (n = Nmat; n < N; n++) { b = b / (1 + delta L[n]); s += delta b; B[n - Nmat] = b; S[n - Nmat] = s; }
 *       v = 0; for (i = 0; i < Nopt; i++) { m = maturities[i] - 1;
 *         swapval = B[m] + swaprates[i] S[m] - 1; if (swapval < 0) v += -100 swapval; }
 *       b = 1; for (n = 0; n < Nmat; n++) b = b / (1 + delta L[n]);  return b v;
 *   }
 * Pathcalc_Portfolio_KernelGPU(d_v, d_Lb), L_b = L:
 *   the same initialisation; path_calc_b1(L, z, L2): L2[i] = L[i] for i < N, then path_calc
 *   storing L2[i + (n + 1) N] = L[i] after each update; d_v[path] = portfolio_b(L, L_b): B, S as
 *   above (with __fdividef); B_b[m] = S_b[m] = 0; per option with swapval < 0: v += -100
 *   swapval, S_b[m] += -100 swaprates[n], B_b[m] += -100; for (m = N - Nmat - 1; m >= 0; m--) {
 *   n = m + Nmat; B_b[m] += delta S_b[m]; L_b[n] = -B_b[m] B[m] __fdividef(delta, 1 + delta
 *   L[n]); if (m > 0) { S_b[m - 1] += S_b[m]; B_b[m - 1] += __fdividef(B_b[m], 1 + delta L[n]); } }
 *   b = 1; for (n < Nmat) b = b / (1 + delta L[n]); v = b v; for (n < Nmat) L_b[n] = -v delta /
 *   (1 + delta L[n]); for (n = Nmat; n < N; n++) L_b[n] = b L_b[n]; return v;
 *   path_calc_b2(L_b, z, L2): for (n = Nmat - 1; n >= 0; n--) { v1 = 0; for (i = N - 1; i > n;
 *   i--) { v1 += lambda[i - n - 1] L2[i + (n + 1) N] L_b[i]; faci = __fdividef(delta, 1 + delta
 *   L2[i + n N]); L_b[i] = L_b[i] __fdividef(L2[i + (n + 1) N], L2[i + n N]) + v1 lambda[i - n -
 *   1] faci faci; } }  d_Lb[path] = L_b[NN - 1].
 *
 * Constant memory (N, Nmat, Nopt, delta, lambda, maturities, swaprates) is
 * read with LDC, an integer ALU operation in the model (no constant cache:
 * docs/sim.md), one per read the source makes inside a loop; the loop
 * bounds read N, Nmat, Nopt. The local arrays are LDL / STL of 4 bytes at
 * the thread's local offsets (libor.h's frame); L_b's stores and the loads
 * after them are L's. What the source computes with the same value twice
 * (L[i] in the update, the portfolio's 1 + delta L[n]) is loaded once.
 *
 * Data-dependent control: only `swapval < 0`, the same in every thread (z
 * and the initial L are constants, so every path is the same path). Its
 * outcome per option is computed here in float with the source's order of
 * operations (lib_swap_neg); __expf and __fdividef are the C library's expf
 * and a division, so an option at the money could branch the other way on
 * a GPU. Division (b / x, IEEE in the source) is MUFU.RCP and FMUL, as
 * -use_fast_math compiles it; the subroutine of an IEEE division is not
 * modelled; __expf is FMUL and MUFU.EX2. */
#include "workload/libor.h"

#include <math.h>

#include "workload/simt_ops.h"

/* One numbering of sites (PCs) for the whole file: the helpers below are
 * parts of the two kernels (nvcc inlines them), each at its own PCs. */
SIMT_BEGIN;

#define EL(base, idx) ((base) + 4 * (uint64_t)(idx))   /* &base[idx], 4-byte elements */
#define LOC(off, idx) ((uint64_t)(off) + 4 * (uint64_t)(idx))   /* a local array's element */

static const int lib_mat[LIB_NOPT] = {4, 4, 4, 8, 8, 8, 20, 20, 20, 28, 28, 28, 40, 40, 40};
static const float lib_rate[LIB_NOPT] = {.045f, .05f, .055f, .045f, .05f, .055f, .045f, .05f,
                                         .055f, .045f, .05f, .055f, .045f, .05f, .055f};
static const float lib_delta = 0.25f, lib_lambda = 0.2f;

/* The path every thread computes (path_calc on z = 0.3, L = 0.05) and, per
 * option, whether its swapval < 0 (the one branch that depends on data):
 * the same for every thread, so worked out once. */
static const int *lib_swap_neg(void)
{
    static int neg[LIB_NOPT], done;
    if (done)
        return neg;
    done = 1;
    float L[LIB_NN], B[LIB_NMAT], S[LIB_NMAT];
    for (int i = 0; i < LIB_NN; i++)
        L[i] = 0.05f;
    for (int n = 0; n < LIB_NMAT; n++) {
        float sqez = sqrtf(lib_delta) * 0.3f, v = 0.0f;
        for (int i = n + 1; i < LIB_NN; i++) {
            float con1 = lib_delta * lib_lambda;
            v += con1 * L[i] / (1.0f + lib_delta * L[i]);
            L[i] = L[i] * expf(con1 * v + lib_lambda * (sqez - 0.5f * con1));
        }
    }
    float b = 1.0f, s = 0.0f;
    for (int n = LIB_NMAT; n < LIB_NN; n++) {
        b = b / (1.0f + lib_delta * L[n]);
        s = s + lib_delta * b;
        B[n - LIB_NMAT] = b;
        S[n - LIB_NMAT] = s;
    }
    for (int i = 0; i < LIB_NOPT; i++) {
        int m = lib_mat[i] - 1;
        neg[i] = B[m] + lib_rate[i] * S[m] - 1.0f < 0.0f;
    }
    return neg;
}

/* __fdividef(a, 1 + delta x) and a / (1 + delta x): FFMA, MUFU.RCP, FMUL. a, x and rd are
 * registers (no instruction in the arguments: C leaves the order of a call's arguments open,
 * and every instruction here is recorded in the source's order) */
#define DIV1(t, a, x, rd) FMUL(t, (a), ALU(t, "MUFU.RCP", FFMA(t, (rd), (x), NOREG), NOREG, NOREG))

/* The paths' loop (both kernels): for (path = tid; path < NPATH; path += threadN), tid in
 * register rpath, the entry test before it; the loop's body follows. */
#define PATH_LOOP(t, p, path, rpath)                                                              \
    reg_t rtx_ = S2R(t), rbx_ = S2R(t);                                                           \
    reg_t rpath = IMAD(t, rbx_, NOREG, rtx_);                                                     \
    BRANCH(t, rpath);                                                                             \
    for (uint64_t path = (uint64_t)(t)->bx * (t)->bdx + (t)->tx; path < (p)->n; path += (uint64_t)(t)->bdx * (t)->gdx)

/* for (i = 0; i < N; i++) { z[i] = 0.3; L[i] = 0.05; } */
#define INIT(t, zoff, loff)                                                      \
    do {                                                                         \
        reg_t n_ = ALU(t, "LDC", NOREG, NOREG, NOREG);   /* N */               \
        BRANCH(t, n_);                                                           \
        for (unsigned i_ = 0; i_ < LIB_NN; i_++) {                               \
            reg_t ri_ = IADD(t, NOREG, NOREG);                                   \
            STL(t, LOC(zoff, i_), ri_, NOREG);                                   \
            STL(t, LOC(loff, i_), ri_, NOREG);                                   \
            LOOP(t, ri_);                                                        \
        }                                                                        \
    } while (0)

/* path_calc's double loop; with L2 (b1) each updated L[i] is also stored at L2[i + (n + 1) N] */
static void path_calc(simt_t *t, unsigned zoff, unsigned loff, int l2off)
{
    reg_t rd = ALU(t, "LDC", NOREG, NOREG, NOREG);   /* delta */
    reg_t sq = ALU(t, "MUFU.RCP", ALU(t, "MUFU.RSQ", rd, NOREG, NOREG), NOREG, NOREG);   /* sqrtf(delta) */
    BRANCH(t, ALU(t, "LDC", NOREG, NOREG, NOREG));   /* n < Nmat */
    for (unsigned n = 0; n < LIB_NMAT; n++) {
        reg_t rn = IADD(t, NOREG, NOREG);
        reg_t sqez = FMUL(t, sq, LDL(t, LOC(zoff, n), rn));
        reg_t v = MOV(t, NOREG);
        BRANCH(t, rn);   /* i = n + 1 < N */
        for (unsigned i = n + 1; i < LIB_NN; i++) {
            reg_t ri = IADD(t, rn, NOREG);
            reg_t lam = ALU(t, "LDC", ri, NOREG, NOREG);   /* lambda[i - n - 1] */
            reg_t con1 = FMUL(t, rd, lam);
            reg_t li = LDL(t, LOC(loff, i), ri);
            reg_t num = FMUL(t, con1, li);
            reg_t rcp = ALU(t, "MUFU.RCP", FFMA(t, rd, li, NOREG), NOREG, NOREG);
            v = FFMA(t, num, rcp, v);
            reg_t arg = FFMA(t, con1, v, FMUL(t, lam, FFMA(t, con1, NOREG, sqez)));
            reg_t vrat = ALU(t, "MUFU.EX2", FMUL(t, arg, NOREG), NOREG, NOREG);
            reg_t nl = FMUL(t, li, vrat);
            STL(t, LOC(loff, i), ri, nl);
            if (l2off >= 0)
                STL(t, LOC(l2off, i + (n + 1) * LIB_NN), ri, nl);
            LOOP(t, ri);
        }
        LOOP(t, rn);
    }
}

/* portfolio's (and portfolio_b's) B and S: b = b / (1 + delta L[n]), s += delta b; */
static void bs_loop(simt_t *t, unsigned loff, unsigned boff, unsigned soff, reg_t rd)
{
    reg_t b = MOV(t, NOREG), s = MOV(t, NOREG);
    BRANCH(t, NOREG);
    for (unsigned n = LIB_NMAT; n < LIB_NN; n++) {
        reg_t rn = IADD(t, NOREG, NOREG);
        reg_t ln = LDL(t, LOC(loff, n), rn);
        b = DIV1(t, b, ln, rd);
        s = FFMA(t, rd, b, s);
        STL(t, LOC(boff, n - LIB_NMAT), rn, b);
        STL(t, LOC(soff, n - LIB_NMAT), rn, s);
        LOOP(t, rn);
    }
}

/* b = 1; for (n = 0; n < Nmat; n++) b = b / (1 + delta L[n]); the discount */
static reg_t discount(simt_t *t, unsigned loff, reg_t rd)
{
    reg_t b = MOV(t, NOREG);
    BRANCH(t, NOREG);
    for (unsigned n = 0; n < LIB_NMAT; n++) {
        reg_t rn = IADD(t, NOREG, NOREG);
        reg_t ln = LDL(t, LOC(loff, n), rn);
        b = DIV1(t, b, ln, rd);
        LOOP(t, rn);
    }
    return b;
}

void lib_kernel2(simt_t *t)
{
    const simt_args_t *p = t->arg;
    const uint64_t dv = p->arr[0];
    const int *neg = lib_swap_neg();
    PATH_LOOP(t, p, path, rpath) {
        INIT(t, LIB2_Z, LIB2_L);
        path_calc(t, LIB2_Z, LIB2_L, -1);
        /* portfolio(L) */
        reg_t rd = ALU(t, "LDC", NOREG, NOREG, NOREG);
        bs_loop(t, LIB2_L, LIB2_B, LIB2_S, rd);
        reg_t v = MOV(t, NOREG);
        BRANCH(t, NOREG);
        for (unsigned i = 0; i < LIB_NOPT; i++) {
            reg_t ri = IADD(t, NOREG, NOREG);
            reg_t m = IADD(t, ALU(t, "LDC", ri, NOREG, NOREG), NOREG);   /* maturities[i] - 1 */
            reg_t bm = LDL(t, LOC(LIB2_B, lib_mat[i] - 1), m), sm = LDL(t, LOC(LIB2_S, lib_mat[i] - 1), m);
            reg_t rate = ALU(t, "LDC", ri, NOREG, NOREG);   /* swaprates[i] */
            reg_t sw = FADD(t, FFMA(t, rate, sm, bm), NOREG);
            BRANCH(t, sw);   /* if (swapval < 0) */
            if (neg[i])
                v = FFMA(t, sw, NOREG, v);
            LOOP(t, ri);
        }
        reg_t b = discount(t, LIB2_L, rd);
        STG(t, EL(dv, path), rpath, FMUL(t, b, v));
        LOOP(t, IADD(t, rpath, NOREG));
    }
    EXIT(t);
}

/* portfolio_b(L, L_b) with L_b = L: the value (its register) */
static reg_t portfolio_b(simt_t *t, const int *neg)
{
    reg_t rd = ALU(t, "LDC", NOREG, NOREG, NOREG);
    bs_loop(t, LIB_L, LIB_B, LIB_S, rd);
    reg_t v = MOV(t, NOREG);
    BRANCH(t, NOREG);
    for (unsigned m = 0; m < LIB_NN - LIB_NMAT; m++) {   /* B_b[m] = S_b[m] = 0 */
        reg_t rm = IADD(t, NOREG, NOREG);
        STL(t, LOC(LIB_BB, m), rm, NOREG);
        STL(t, LOC(LIB_SB, m), rm, NOREG);
        LOOP(t, rm);
    }
    BRANCH(t, NOREG);
    for (unsigned n = 0; n < LIB_NOPT; n++) {
        reg_t rn = IADD(t, NOREG, NOREG);
        const unsigned mi = (unsigned)lib_mat[n] - 1;
        reg_t m = IADD(t, ALU(t, "LDC", rn, NOREG, NOREG), NOREG);
        reg_t rate = ALU(t, "LDC", rn, NOREG, NOREG);
        reg_t bm = LDL(t, LOC(LIB_B, mi), m), sm = LDL(t, LOC(LIB_S, mi), m);
        reg_t sw = FADD(t, FFMA(t, rate, sm, bm), NOREG);
        BRANCH(t, sw);   /* if (swapval < 0) */
        if (neg[n]) {
            v = FFMA(t, sw, NOREG, v);
            STL(t, LOC(LIB_SB, mi), m, FFMA(t, rate, NOREG, LDL(t, LOC(LIB_SB, mi), m)));
            STL(t, LOC(LIB_BB, mi), m, FADD(t, LDL(t, LOC(LIB_BB, mi), m), NOREG));
        }
        LOOP(t, rn);
    }
    BRANCH(t, NOREG);
    for (int m = LIB_NN - LIB_NMAT - 1; m >= 0; m--) {
        const unsigned n = (unsigned)m + LIB_NMAT;
        reg_t rm = IADD(t, NOREG, NOREG);
        reg_t sb = LDL(t, LOC(LIB_SB, m), rm);
        reg_t bb = FFMA(t, rd, sb, LDL(t, LOC(LIB_BB, m), rm));   /* B_b[m] += delta S_b[m] */
        STL(t, LOC(LIB_BB, m), rm, bb);
        reg_t ln = LDL(t, LOC(LIB_L, n), rm);
        reg_t bbm = FMUL(t, bb, LDL(t, LOC(LIB_B, m), rm));   /* B_b[m] B[m] */
        reg_t lb = FMUL(t, bbm, DIV1(t, rd, ln, rd));
        STL(t, LOC(LIB_L, n), rm, lb);   /* L_b[n]: L's own slot */
        BRANCH(t, rm);   /* if (m > 0) */
        if (m > 0) {
            STL(t, LOC(LIB_SB, m - 1), rm, FADD(t, LDL(t, LOC(LIB_SB, m - 1), rm), sb));
            /* 1 + delta L[n] reads the L_b[n] just stored (L_b is L): the value in its register */
            reg_t prev = LDL(t, LOC(LIB_BB, m - 1), rm);
            STL(t, LOC(LIB_BB, m - 1), rm, FADD(t, prev, DIV1(t, bb, lb, rd)));
        }
        LOOP(t, rm);
    }
    reg_t b = discount(t, LIB_L, rd);
    v = FMUL(t, b, v);
    BRANCH(t, NOREG);
    for (unsigned n = 0; n < LIB_NMAT; n++) {   /* L_b[n] = -v delta / (1 + delta L[n]) */
        reg_t rn = IADD(t, NOREG, NOREG);
        reg_t ln = LDL(t, LOC(LIB_L, n), rn);
        reg_t vd = FMUL(t, v, rd);
        STL(t, LOC(LIB_L, n), rn, DIV1(t, vd, ln, rd));
        LOOP(t, rn);
    }
    BRANCH(t, NOREG);
    for (unsigned n = LIB_NMAT; n < LIB_NN; n++) {   /* L_b[n] = b L_b[n] */
        reg_t rn = IADD(t, NOREG, NOREG);
        STL(t, LOC(LIB_L, n), rn, FMUL(t, b, LDL(t, LOC(LIB_L, n), rn)));
        LOOP(t, rn);
    }
    return v;
}

/* path_calc_b2(L_b, z, L2) */
static void path_calc_b2(simt_t *t)
{
    reg_t rd = ALU(t, "LDC", NOREG, NOREG, NOREG);
    BRANCH(t, NOREG);
    for (int n = LIB_NMAT - 1; n >= 0; n--) {
        reg_t rn = IADD(t, NOREG, NOREG);
        reg_t v1 = MOV(t, NOREG);
        BRANCH(t, rn);   /* i = N - 1 > n */
        for (int i = LIB_NN - 1; i > n; i--) {
            reg_t ri = IADD(t, rn, NOREG);
            reg_t lam = ALU(t, "LDC", ri, NOREG, NOREG);
            reg_t hi = LDL(t, LOC(LIB_L2A, i + (n + 1) * LIB_NN), ri);   /* L2[i + (n + 1) N] */
            reg_t lb = LDL(t, LOC(LIB_L, i), ri);                        /* L_b[i] */
            v1 = FFMA(t, FMUL(t, lam, hi), lb, v1);
            reg_t lo = LDL(t, LOC(LIB_L2A, i + n * LIB_NN), ri);         /* L2[i + n N] */
            reg_t faci = DIV1(t, rd, lo, rd);
            reg_t q = FMUL(t, hi, ALU(t, "MUFU.RCP", lo, NOREG, NOREG));
            reg_t vl = FMUL(t, v1, lam), ff = FMUL(t, faci, faci);
            reg_t nb = FFMA(t, lb, q, FMUL(t, vl, ff));
            STL(t, LOC(LIB_L, i), ri, nb);
            LOOP(t, ri);
        }
        LOOP(t, rn);
    }
}

void lib_kernel(simt_t *t)
{
    const simt_args_t *p = t->arg;
    const uint64_t dv = p->arr[0], dlb = p->arr[1];
    const int *neg = lib_swap_neg();
    PATH_LOOP(t, p, path, rpath) {
        INIT(t, LIB_Z, LIB_L);
        /* path_calc_b1: L2[i] = L[i], then the path storing into L2 */
        BRANCH(t, NOREG);
        for (unsigned i = 0; i < LIB_NN; i++) {
            reg_t ri = IADD(t, NOREG, NOREG);
            STL(t, LOC(LIB_L2A, i), ri, LDL(t, LOC(LIB_L, i), ri));
            LOOP(t, ri);
        }
        path_calc(t, LIB_Z, LIB_L, LIB_L2A);
        STG(t, EL(dv, path), rpath, portfolio_b(t, neg));
        path_calc_b2(t);
        STG(t, EL(dlb, path), rpath, LDL(t, LOC(LIB_L, LIB_NN - 1), rpath));
        LOOP(t, IADD(t, rpath, NOREG));
    }
    EXIT(t);
}
