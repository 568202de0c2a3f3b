/* parboil_cp.c - Parboil's cp (Coulombic potential), its CUDA version's one
 * kernel written per thread after benchmarks/cp/src/cuda/cuenergy_pre8_coalesce.cu
 * and main.cu (simt.h; the problem and the host loop: parboil_cp.h).
 *
 * cenergy(numatoms, gridspacing, energygrid), blockDim (16, 8), UNROLLX 8:
 *   xindex  = __umul24(bx, bdx) * UNROLLX + tx;   yindex = __umul24(by, bdy) + ty;
 *   outaddr = __umul24(gdx, bdx) * UNROLLX * yindex + xindex;
 *   coory = gridspacing * yindex;  coorx = gridspacing * xindex;
 *   energyvalx1 .. energyvalx8 = 0;  gridspacing_u = gridspacing * BLOCKSIZEX;
 *   for (atomid = 0; atomid < numatoms; atomid++) {
 *     dy = coory - atominfo[atomid].y;  dyz2 = dy * dy + atominfo[atomid].z;
 *     dx1 = coorx - atominfo[atomid].x;  dx2 = dx1 + gridspacing_u; ... dx8 = dx7 + gridspacing_u;
 *     energyvalxk += atominfo[atomid].w * (1.0f / sqrtf(dxk * dxk + dyz2));   (k = 1 .. 8)
 *   }
 *   energygrid[outaddr + (k - 1) * BLOCKSIZEX] += energyvalxk;   (k = 1 .. 8)
 * Every thread of the grid is inside the volume (512 is a multiple of the
 * block's 128 x 8 points): no guard, no divergence. A warp is two rows ty,
 * 2w and 2w + 1, of 16 threads: each access of the epilogue touches 16
 * consecutive floats of two rows of energygrid.
 *
 * Constant memory: the model has no constant cache and no constant bank in
 * memory (docs/sim.md: LDC is an integer ALU operation), so the reads of
 * atominfo[atomid] with a register index are LDC instructions without an
 * access, as spmv's jds_ptr_int, one per component the body reads (.y, .z,
 * .x, .w: the eight reads of .w are one), reading the loop's index
 * register. The host's refill of the buffer between launches has nothing to
 * model but the launch's numatoms; the atoms' values (rand()) decide no
 * address and no branch, so there are none.
 *
 * Simplified: 1.0f / sqrtf(x) is one MUFU.RSQ (as -use_fast_math compiles
 * it; the IEEE division and square root's refinement and slow-path call
 * are not modelled); the loop is the source's, one atom an iteration (no
 * compiler unrolling); the index arithmetic is one IMAD per expression.
 * The accumulators and the loop index read the register their own site
 * writes (SASS' `FFMA R10, R4, R5, R10`): each iteration depends on the
 * previous one's value, as in the compiled loop. */
#include "workload/parboil_cp.h"

#include "workload/simt_ops.h"

#define EL(base, idx) ((base) + 4 * (uint64_t)(idx))   /* &base[idx], 4-byte elements */

/* `v = op(a, b, v)`: an instruction that reads the register it writes (its
 * site's, R(8 + site): simt.c) */
static inline reg_t self_rec(simt_t *t, unsigned site, const char *op, reg_t a, reg_t b)
{
    const reg_t self = (reg_t)(REG_R + 8 + site + 1);
    reg_t r = simt_rec(t, site, op, 0, 0, 1, a, b, self, NOREG);
    if (r != self)
        t->err = 1;
    return r;
}
#define FFMA_ACC(t, a, b) self_rec((t), SIMT_SITE_, "FFMA", (a), (b))   /* v += a * b */
#define IADD_INC(t)       self_rec((t), SIMT_SITE_, "IADD", NOREG, NOREG)   /* i++ */

/* one point of the body: energyvalxk += atomq * rsqrt(dxk * dxk + dyz2) */
#define POINT(k)                                                        \
    do {                                                                \
        reg_t r2 = FFMA(t, dx[k], dx[k], dyz2);                         \
        e[k] = FFMA_ACC(t, q, ALU(t, "MUFU.RSQ", r2, NOREG, NOREG));    \
    } while (0)

/* the epilogue's energygrid[outaddr + k * BLOCKSIZEX] += energyvalx(k + 1) */
#define STORE(k)                                                                 \
    do {                                                                         \
        reg_t v = LDG(t, EL(grid, outaddr + (uint64_t)(k) * PBL_CP_BX), rout);   \
        STG(t, EL(grid, outaddr + (uint64_t)(k) * PBL_CP_BX), rout, FADD(t, v, e[k])); \
    } while (0)

void pbl_cp(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const unsigned numatoms = pbl_cp_runatoms(p->n, p->p);
    const uint64_t grid = p->arr[0];
    const uint64_t xindex = (uint64_t)t->bx * t->bdx * PBL_CP_UNROLLX + t->tx;
    const uint64_t yindex = (uint64_t)t->by * t->bdy + t->ty;
    const uint64_t outaddr = (uint64_t)t->gdx * t->bdx * PBL_CP_UNROLLX * yindex + xindex;

    reg_t rtx = S2R(t), rbx = S2R(t), rty = S2R(t), rby = S2R(t);
    reg_t rxi = IMAD(t, rbx, NOREG, rtx);    /* xindex */
    reg_t ryi = IMAD(t, rby, NOREG, rty);    /* yindex */
    reg_t rout = IMAD(t, ryi, NOREG, rxi);   /* outaddr */
    reg_t coory = FMUL(t, ALU(t, "I2F.U32", ryi, NOREG, NOREG), NOREG);
    reg_t coorx = FMUL(t, ALU(t, "I2F.U32", rxi, NOREG, NOREG), NOREG);
    reg_t gsu = FMUL(t, NOREG, NOREG);       /* gridspacing * BLOCKSIZEX: a parameter times a constant */
    reg_t e[PBL_CP_UNROLLX] = {NOREG}, dx[PBL_CP_UNROLLX];

    BRANCH(t, NOREG);   /* the loop's entry test, atomid < numatoms (a parameter) */
    for (unsigned a = 0; a < numatoms; a++) {
        reg_t ra = IADD_INC(t);   /* atomid (the increment scheduled first: the LDCs' offsets absorb it) */
        reg_t dy = FADD(t, coory, ALU(t, "LDC", ra, NOREG, NOREG));          /* coory - atominfo[atomid].y */
        reg_t dyz2 = FFMA(t, dy, dy, ALU(t, "LDC", ra, NOREG, NOREG));       /* dy * dy + .z */
        dx[0] = FADD(t, coorx, ALU(t, "LDC", ra, NOREG, NOREG));             /* coorx - .x */
        dx[1] = FADD(t, dx[0], gsu);
        dx[2] = FADD(t, dx[1], gsu);
        dx[3] = FADD(t, dx[2], gsu);
        dx[4] = FADD(t, dx[3], gsu);
        dx[5] = FADD(t, dx[4], gsu);
        dx[6] = FADD(t, dx[5], gsu);
        dx[7] = FADD(t, dx[6], gsu);
        reg_t q = ALU(t, "LDC", ra, NOREG, NOREG);                           /* atominfo[atomid].w */
        POINT(0);
        POINT(1);
        POINT(2);
        POINT(3);
        POINT(4);
        POINT(5);
        POINT(6);
        POINT(7);
        LOOP(t, ra);
    }
    STORE(0);
    STORE(1);
    STORE(2);
    STORE(3);
    STORE(4);
    STORE(5);
    STORE(6);
    STORE(7);
    EXIT(t);
}
