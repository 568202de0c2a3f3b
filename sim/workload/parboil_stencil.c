/* parboil_stencil.c - Parboil 2.5's stencil (Stratton et al., IMPACT-12-01;
 * the APRES paper's Table IV "ST"), its CUDA version's one kernel written per
 * thread after benchmarks/stencil/src/cuda/kernels.cu and main.cu (simt.h):
 * block2D_hybrid_coarsen_x, a 7-point Jacobi step of a 3-D grid, each thread
 * two points of x marching up z, the current xy plane of the block in shared
 * memory, the planes below and above in registers. */
#include "workload/parboil_stencil.h"

#include "workload/simt_ops.h"

#define EL(base, idx) ((base) + 4 * (uint64_t)(idx))   /* &base[idx], 4-byte elements */

/* block2D_hybrid_coarsen_x(c0, c1, A0, Anext, nx, ny, nz), blockDim (32, 4),
 * extern __shared__ float sh_A0[2 * 32 * 4]; Index3D(nx, ny, i, j, k) =
 * i + nx (j + ny k):
 *   i = bx*bdx*2 + tx;  i2 = i + bdx;  j = by*bdy + ty;
 *   sh_id = tx + ty*bdx*2;  sh_id2 = sh_id + bdx;
 *   sh_A0[sh_id] = 0; sh_A0[sh_id2] = 0;  __syncthreads();
 *   w_region = i > 0 && j > 0 && i < nx-1 && j < ny-1;  w_region2 = j > 0 && i2 < nx-1 && j < ny-1;
 *   x_l_bound = tx == 0;  x_h_bound = tx + bdx == 2 bdx - 1;  y_l_bound = ty == 0;  y_h_bound = ty == bdy-1;
 *   if (i < nx && j < ny) { bottom = A0[i,j,0]; sh_A0[sh_id] = A0[i,j,1]; }
 *   if (i2 < nx && j < ny) { bottom2 = A0[i2,j,0]; sh_A0[sh_id2] = A0[i2,j,1]; }
 *   __syncthreads();
 *   for (k = 1; k < nz-1; k++) {
 *     if (i < nx && j < ny) top = A0[i,j,k+1];
 *     if (w_region) {
 *       a_up = y_h_bound ? A0[i,j+1,k] : sh_A0[sh_id + 2 bdx];
 *       a_down = y_l_bound ? A0[i,j-1,k] : sh_A0[sh_id - 2 bdx];
 *       a_left_right = x_l_bound ? A0[i-1,j,k] : sh_A0[sh_id - 1];
 *       Anext[i,j,k] = (top + bottom + a_up + a_down + sh_A0[sh_id+1] + a_left_right) c1 - sh_A0[sh_id] c0;
 *     }
 *     (the same for i2: top2, w_region2, x_h_bound ? A0[i2+1,j,k] : sh_A0[sh_id2+1], sh_A0[sh_id2-1])
 *     __syncthreads();
 *     bottom = sh_A0[sh_id]; sh_A0[sh_id] = top; bottom2 = sh_A0[sh_id2]; sh_A0[sh_id2] = top2;
 *     __syncthreads();
 *   }
 * The ternaries between a global and a shared load are a branch each (the
 * two loads cannot both be issued); a warp is one row ty of the block, so
 * y_l_bound and y_h_bound are the whole warp's, x_l_bound lane 0's and
 * x_h_bound lane 31's.
 *
 * Registers (simt.h: a site writes its own register, and every thread
 * reaches a site with the same operands). Where the source has one
 * variable written on two paths (a ternary's global or shared load, `top`
 * loaded or left 0 by an outside thread) the consumer reads both sites'
 * registers: site s writes R(8 + s), so the register of a site d sites
 * after a known one is its handle + d (checked where both are known).
 * `bottom` is written by the prologue's load and by each plane's swap: a
 * move after the prologue's store (its load is back by then) is the
 * register the sums read; the swap's load is read by a move after the
 * plane's last barrier (back by then too), so the two loads' values are
 * read in every warp, as the check of the built-ins wants, also in the
 * border warps that never compute. */
/* `c ? A0[..] : sh_A0[..]`: a branch, then the global load or the shared load
 * (adjacent sites: registers g and g + 1); g and s name both, whichever
 * the lane wrote. */
#define PICK(t, c, rc, ga, gra, sa, sra, g, s)   \
    do {                                         \
        BRANCH(t, rc);                           \
        if (c) {                                 \
            g = LDG(t, ga, gra);                 \
            s = (reg_t)(g + 1);                  \
        } else {                                 \
            s = LDS(t, sa, sra);                 \
            g = (reg_t)(s - 1);                  \
        }                                        \
    } while (0)

void pbl_stencil(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const int64_t nx = (int64_t)p->n, ny = nx, nz = pbl_st_nz(p->n), plane = nx * ny;
    const int64_t bdx = t->bdx, bdy = t->bdy, tx = t->tx, ty = t->ty;
    const int64_t i = (int64_t)t->bx * bdx * 2 + tx, i2 = i + bdx, j = (int64_t)t->by * bdy + ty;
    const int64_t sh_id = tx + ty * bdx * 2, sh_id2 = sh_id + bdx;
    const uint64_t A0 = p->arr[0], Anext = p->arr[1], sh = p->shmem;
    const int w_region = i > 0 && j > 0 && i < nx - 1 && j < ny - 1;
    const int w_region2 = j > 0 && i2 < nx - 1 && j < ny - 1;
    const int x_l_bound = tx == 0, x_h_bound = tx + bdx == 2 * bdx - 1;
    const int y_l_bound = ty == 0, y_h_bound = ty == bdy - 1;
    const int in1 = i < nx && j < ny, in2 = i2 < nx && j < ny;
    const int64_t g = i + nx * j, g2 = i2 + nx * j;   /* Index3D(nx, ny, i, j, 0), (i2, j, 0) */

    reg_t rtx = S2R(t), rty = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx), ri2 = IADD(t, ri, NOREG), rj = IMAD(t, rby, NOREG, rty);
    reg_t rsh = IMAD(t, rty, NOREG, rtx), rsh2 = IADD(t, rsh, NOREG);
    STS(t, EL(sh, sh_id), rsh, RZ_);
    STS(t, EL(sh, sh_id2), rsh2, RZ_);
    BAR(t);
    reg_t rg = IMAD(t, rj, NOREG, ri), rg2 = IMAD(t, rj, NOREG, ri2);
    reg_t bottom = NOREG, bottom2 = NOREG;

    BRANCH(t, rg);
    if (in1) {
        reg_t b = LDG(t, EL(A0, g), rg);
        STS(t, EL(sh, sh_id), rsh, LDG(t, EL(A0, g + plane), rg));
        bottom = MOV(t, b);
    }
    BRANCH(t, rg2);
    if (in2) {
        reg_t b = LDG(t, EL(A0, g2), rg2);
        STS(t, EL(sh, sh_id2), rsh2, LDG(t, EL(A0, g2 + plane), rg2));
        bottom2 = MOV(t, b);
    }
    BAR(t);

    reg_t rk = NOREG;
    for (int64_t k = 1; k < nz - 1; k++) {
        reg_t ug, us, dg, ds, lg, ls;
        /* the first point, (i, j, k) */
        reg_t ra = IMAD(t, rk, NOREG, rg);   /* &A0[i,j,k] */
        const reg_t top = (reg_t)(ra + 3);   /* the load's register (after the branch's two sites) */
        BRANCH(t, rg);
        if (in1 && LDG(t, EL(A0, g + (k + 1) * plane), ra) != top)
            t->err = 1;
        BRANCH(t, ri);
        if (w_region) {
            PICK(t, y_h_bound, rty, EL(A0, g + nx + k * plane), ra, EL(sh, sh_id + 2 * bdx), rsh, ug, us);
            PICK(t, y_l_bound, rty, EL(A0, g - nx + k * plane), ra, EL(sh, sh_id - 2 * bdx), rsh, dg, ds);
            PICK(t, x_l_bound, rtx, EL(A0, g - 1 + k * plane), ra, EL(sh, sh_id - 1), rsh, lg, ls);
            reg_t right = LDS(t, EL(sh, sh_id + 1), rsh);
            reg_t s = FADD(t, top, bottom);
            s = ALU(t, "FADD", s, ug, us);
            s = ALU(t, "FADD", s, dg, ds);
            s = FADD(t, s, right);
            s = ALU(t, "FADD", s, lg, ls);
            reg_t c = LDS(t, EL(sh, sh_id), rsh);
            reg_t v = FFMA(t, s, NOREG, FMUL(t, c, NOREG));   /* (sum) c1 - sh_A0[sh_id] c0 */
            STG(t, EL(Anext, g + k * plane), ra, v);
        }
        /* the second point, (i2, j, k) */
        reg_t ra2 = IMAD(t, rk, NOREG, rg2);
        const reg_t top2 = (reg_t)(ra2 + 3);
        BRANCH(t, rg2);
        if (in2 && LDG(t, EL(A0, g2 + (k + 1) * plane), ra2) != top2)
            t->err = 1;
        BRANCH(t, ri2);
        if (w_region2) {
            PICK(t, y_h_bound, rty, EL(A0, g2 + nx + k * plane), ra2, EL(sh, sh_id2 + 2 * bdx), rsh2, ug, us);
            PICK(t, y_l_bound, rty, EL(A0, g2 - nx + k * plane), ra2, EL(sh, sh_id2 - 2 * bdx), rsh2, dg, ds);
            PICK(t, x_h_bound, rtx, EL(A0, g2 + 1 + k * plane), ra2, EL(sh, sh_id2 + 1), rsh2, lg, ls);
            reg_t left = LDS(t, EL(sh, sh_id2 - 1), rsh2);
            reg_t s = FADD(t, top2, bottom2);
            s = ALU(t, "FADD", s, ug, us);
            s = ALU(t, "FADD", s, dg, ds);
            s = ALU(t, "FADD", s, lg, ls);
            s = FADD(t, s, left);
            reg_t c = LDS(t, EL(sh, sh_id2), rsh2);
            reg_t v = FFMA(t, s, NOREG, FMUL(t, c, NOREG));
            STG(t, EL(Anext, g2 + k * plane), ra2, v);
        }
        /* the swap: the current plane becomes the bottom, the top the current */
        BAR(t);
        reg_t b = LDS(t, EL(sh, sh_id), rsh);
        STS(t, EL(sh, sh_id), rsh, top);
        reg_t b2 = LDS(t, EL(sh, sh_id2), rsh2);
        STS(t, EL(sh, sh_id2), rsh2, top2);
        BAR(t);
        MOV(t, b);
        MOV(t, b2);
        rk = IADD(t, rk, NOREG);
        LOOP(t, rk);
    }
    EXIT(t);
}
