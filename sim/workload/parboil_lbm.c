/* parboil_lbm.c - Parboil's lbm (the TEMP/TBAS paper's Table 1 LBM), its
 * CUDA version's one kernel written per thread after
 * benchmarks/lbm/src/cuda/lbm_kernel.cu, lbm.cu, main.cu and the layout of
 * layout_config.h / lbm_macros.h (simt.h): performStreamCollide_kernel, one
 * thread a cell, the stream-collide step of a D3Q19 lattice-Boltzmann
 * lid-driven cavity; and the STAND-IN for its obstacle file. */
#include "workload/parboil_lbm.h"

#include <stdlib.h>

#include "workload/simt_ops.h"

/* performStreamCollide_kernel(srcGrid, dstGrid), SCATTER layout:
 *   x = threadIdx.x; y = blockIdx.x; z = blockIdx.y;
 *   tempC = srcGrid[CALC_INDEX(x, y, z, C)]; ... tempWB = ...[.., WB];   (19 loads, own cell)
 *   if (flags(srcGrid, x, y, z) & OBSTACLE) {          (the FLAGS word of the own cell)
 *     swap N/S, E/W, T/B, NE/SW, NW/SE, NT/SB, NB/ST, ET/WB, EB/WT;  (bounce back)
 *   } else {
 *     rho = the 19 summed; ux, uy, uz = the momenta (10 terms each); ux /= rho; ...
 *     if (flags & ACCEL) { ux = 0.005; uy = 0.002; uz = 0; }
 *     u2 = 1.5 (ux ux + uy uy + uz uz) - 1; temp_base = OMEGA rho; temp2 = 1 - OMEGA;
 *     tempC = temp2 tempC + DFL1 temp_base (-u2);
 *     tempN = temp2 tempN + DFL2 temp_base (uy (4.5 uy + 3) - u2); ... (S T B E W)
 *     tempNT = temp2 tempNT + DFL3 temp_base ((uy+uz)(4.5 (uy+uz) + 3) - u2); ... (12 diagonals)
 *   }
 *   dstGrid[CALC_INDEX(x, y+1, z, N)] = tempN; ...  (19 stores, each into the neighbour its
 *                                                     direction points to; C into the own cell)
 * What the compiled code does beyond the source, estimated (no compiled binary is read):
 * the second flag test (ACCEL) reads the same word with no store between, so it is the
 * first load's value (one LDG of the flags), and its three constant assignments are
 * if-converted into selects; each IEEE division `/ rho` is 4 instructions (MUFU.RCP and a
 * refinement); the source computes temp_base and temp1 = DFL1 temp_base twice (one each
 * here); a diagonal and its opposite share their sum (-(uy+uz) is a negated operand).
 * The obstacle path is 18 moves into the registers the stores read (the swaps; C stays).
 *
 * Registers (simt.h: site s writes R(8 + s)): both paths write the values the 19 stores
 * read, so a store reads both sites' registers: the obstacle path's move (or, for C, the
 * load) and the fluid path's last FFMA. Those are found by site arithmetic: the 18 moves
 * are the sites right after the flag test's LOP and branch (LOP + 3 + k), the fluid path
 * ends with its 19 final FFMAs in source order, right before the first site after the
 * join (the store address; its register - 19 + k); each path checks its own. */

enum { C, N, S, E, W, T, B, NE, NW, SE, SW, NT, NB, ST, SB, ET, EB, WT, WB, NDIR };

/* the neighbour each direction's value is stored into (lbm_macros.h NEIGHBOR_X) */
static const int8_t dir_dx[NDIR] = {0, 0, 0, 1, -1, 0, 0, 1, -1, 1, -1, 0, 0, 0, 0, 1, 1, -1, -1};
static const int8_t dir_dy[NDIR] = {0, 1, -1, 0, 0, 0, 0, 1, 1, -1, -1, 1, 1, -1, -1, 0, 0, 0, 0};
static const int8_t dir_dz[NDIR] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1};
/* the fluid path's final FFMAs in source order; fin_pos[e]: direction e's place in it */
static const uint8_t fin_pos[NDIR] = {0, 1, 2, 5, 6, 3, 4, 11, 15, 12, 16, 7, 8, 9, 10, 13, 14, 17, 18};

#define OBS_MOVE(e, o) om[e] = MOV(t, v[o])                       /* obstacle: tempE = old tempO */
#define LD(e)          v[e] = LDG(t, cell_a + 4 * (e), ra)        /* tempE = SRC_E(srcGrid) */
#define AXIS(e, u)     do { reg_t a_ = FFMA(t, u, NOREG, NOREG);  /* 4.5 u +- 3 */      \
                            reg_t b_ = FFMA(t, u, a_, u2);        /* u (..) - u2 */     \
                            m[e] = FMUL(t, t2, b_); } while (0)   /* DFL2 temp_base (..) */
#define DIAG(e, s)     do { reg_t a_ = FFMA(t, s, NOREG, NOREG);                         \
                            reg_t b_ = FFMA(t, s, a_, u2);                               \
                            m[e] = FMUL(t, t3, b_); } while (0)
#define FIN(e)         fin[fin_pos[e]] = FFMA(t, v[e], NOREG, m[e])   /* temp2 tempE + .. */
/* a store of direction e's value: its register on either path */
#define ST_DIR(e)                                                                                  \
    simt_rec(t, SIMT_SITE_, "STG.E", 4,                                                           \
             dst_a + 4 * (e) +                                                                    \
                 (uint64_t)((int64_t)LBM_CELL_B *                                                 \
                            (dir_dx[e] + (int64_t)LBM_PX * (dir_dy[e] + (int64_t)LBM_PY * dir_dz[e]))), \
             0, rd, (reg_t)(rd - NDIR + fin_pos[e]), (e) == C ? v[C] : (reg_t)(hl + 3 + (e) - 1), NOREG)

void pbl_lbm_kernel(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const pbl_lbm_t *g = p->data;
    const uint64_t x = t->tx, y = t->bx, z = t->by;
    if (!g || z >= g->nz || x >= LBM_SX || y >= LBM_SY) {
        t->err = 1;
        return;
    }
    const uint64_t cell = x + LBM_PX * (y + LBM_PY * z);   /* CALC_INDEX(x, y, z, 0) / 20 */
    const uint64_t cell_a = p->arr[0] + LBM_MARGIN_B + LBM_CELL_B * cell;
    const uint64_t dst_a = p->arr[1] + LBM_MARGIN_B + LBM_CELL_B * cell;
    const unsigned flags = g->flags[x + LBM_SX * (y + LBM_SY * z)];
    reg_t v[NDIR] = {0}, om[NDIR] = {0}, m[NDIR] = {0}, fin[NDIR] = {0};

    reg_t rtx = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rc = IMAD(t, rby, NOREG, rbx);   /* y + PADDED_Y z */
    rc = IMAD(t, rc, NOREG, rtx);          /* x + PADDED_X (..) */
    reg_t ra = IMAD(t, rc, NOREG, NOREG);  /* srcGrid + 20 cell */
    LD(C); LD(N); LD(S); LD(E); LD(W); LD(T); LD(B); LD(NE); LD(NW); LD(SE);
    LD(SW); LD(NT); LD(NB); LD(ST); LD(SB); LD(ET); LD(EB); LD(WT); LD(WB);
    reg_t f = LDG(t, cell_a + 4 * LBM_FLAGS, ra);   /* *(unsigned *)&LOCAL(srcGrid, FLAGS) */
    const reg_t hl = ALU(t, "LOP.AND", f, NOREG, NOREG);   /* & OBSTACLE */
    BRANCH(t, hl);
    if (flags & LBM_OBSTACLE) {
        OBS_MOVE(N, S); OBS_MOVE(S, N); OBS_MOVE(E, W); OBS_MOVE(W, E); OBS_MOVE(T, B); OBS_MOVE(B, T);
        OBS_MOVE(NE, SW); OBS_MOVE(NW, SE); OBS_MOVE(SE, NW); OBS_MOVE(SW, NE); OBS_MOVE(NT, SB);
        OBS_MOVE(NB, ST); OBS_MOVE(ST, NB); OBS_MOVE(SB, NT); OBS_MOVE(ET, WB); OBS_MOVE(EB, WT);
        OBS_MOVE(WT, EB); OBS_MOVE(WB, ET);
        for (unsigned e = N; e < NDIR; e++)
            if (om[e] != (reg_t)(hl + 3 + e - 1))
                t->err = 1;
        simt_rec(t, SIMT_SITE_, "BRA", 0, 0, 0, NOREG, NOREG, NOREG, NOREG);   /* over the else */
    } else {
        /* rho, the 19 in source order */
        reg_t rho = FADD(t, v[C], v[N]);
        rho = FADD(t, rho, v[S]); rho = FADD(t, rho, v[E]); rho = FADD(t, rho, v[W]);
        rho = FADD(t, rho, v[T]); rho = FADD(t, rho, v[B]); rho = FADD(t, rho, v[NE]);
        rho = FADD(t, rho, v[NW]); rho = FADD(t, rho, v[SE]); rho = FADD(t, rho, v[SW]);
        rho = FADD(t, rho, v[NT]); rho = FADD(t, rho, v[NB]); rho = FADD(t, rho, v[ST]);
        rho = FADD(t, rho, v[SB]); rho = FADD(t, rho, v[ET]); rho = FADD(t, rho, v[EB]);
        rho = FADD(t, rho, v[WT]); rho = FADD(t, rho, v[WB]);
        /* ux = + E - W + NE - NW + SE - SW + ET + EB - WT - WB */
        reg_t ux = FADD(t, v[E], v[W]);
        ux = FADD(t, ux, v[NE]); ux = FADD(t, ux, v[NW]); ux = FADD(t, ux, v[SE]);
        ux = FADD(t, ux, v[SW]); ux = FADD(t, ux, v[ET]); ux = FADD(t, ux, v[EB]);
        ux = FADD(t, ux, v[WT]); ux = FADD(t, ux, v[WB]);
        /* uy = + N - S + NE + NW - SE - SW + NT + NB - ST - SB */
        reg_t uy = FADD(t, v[N], v[S]);
        uy = FADD(t, uy, v[NE]); uy = FADD(t, uy, v[NW]); uy = FADD(t, uy, v[SE]);
        uy = FADD(t, uy, v[SW]); uy = FADD(t, uy, v[NT]); uy = FADD(t, uy, v[NB]);
        uy = FADD(t, uy, v[ST]); uy = FADD(t, uy, v[SB]);
        /* uz = + T - B + NT - NB + ST - SB + ET - EB + WT - WB */
        reg_t uz = FADD(t, v[T], v[B]);
        uz = FADD(t, uz, v[NT]); uz = FADD(t, uz, v[NB]); uz = FADD(t, uz, v[ST]);
        uz = FADD(t, uz, v[SB]); uz = FADD(t, uz, v[ET]); uz = FADD(t, uz, v[EB]);
        uz = FADD(t, uz, v[WT]); uz = FADD(t, uz, v[WB]);
        /* ux /= rho; uy /= rho; uz /= rho */
        reg_t r = ALU(t, "MUFU.RCP", rho, NOREG, NOREG);
        r = FFMA(t, r, rho, NOREG);
        r = FMUL(t, ux, r);
        ux = FFMA(t, r, rho, ux);
        r = ALU(t, "MUFU.RCP", rho, NOREG, NOREG);
        r = FFMA(t, r, rho, NOREG);
        r = FMUL(t, uy, r);
        uy = FFMA(t, r, rho, uy);
        r = ALU(t, "MUFU.RCP", rho, NOREG, NOREG);
        r = FFMA(t, r, rho, NOREG);
        r = FMUL(t, uz, r);
        uz = FFMA(t, r, rho, uz);
        /* if (flags & ACCEL) { ux = 0.005f; uy = 0.002f; uz = 0.000f; }: selects */
        reg_t la = ALU(t, "LOP.AND", f, NOREG, NOREG);
        ux = ALU(t, "FSEL", ux, la, NOREG);
        uy = ALU(t, "FSEL", uy, la, NOREG);
        uz = ALU(t, "FSEL", uz, la, NOREG);
        /* u2 = 1.5f * (ux*ux + uy*uy + uz*uz) - 1.0f */
        reg_t u2 = FMUL(t, ux, ux);
        u2 = FFMA(t, uy, uy, u2);
        u2 = FFMA(t, uz, uz, u2);
        u2 = FFMA(t, u2, NOREG, NOREG);
        reg_t tb = FMUL(t, rho, NOREG);   /* temp_base = OMEGA rho */
        reg_t t1 = FMUL(t, tb, NOREG);    /* DFL1 temp_base */
        m[C] = FMUL(t, t1, u2);           /* temp1 (- u2) */
        reg_t t2 = FMUL(t, tb, NOREG);    /* DFL2 temp_base */
        AXIS(N, uy); AXIS(S, uy); AXIS(T, uz); AXIS(B, uz); AXIS(E, ux); AXIS(W, ux);
        reg_t t3 = FMUL(t, tb, NOREG);    /* DFL3 temp_base */
        reg_t syz = FADD(t, uy, uz), syz_ = FADD(t, uy, uz), sxy = FADD(t, ux, uy), sxy_ = FADD(t, ux, uy);
        reg_t sxz = FADD(t, ux, uz), sxz_ = FADD(t, ux, uz);   /* + and - of each pair */
        DIAG(NT, syz); DIAG(NB, syz_); DIAG(ST, syz_); DIAG(SB, syz); DIAG(NE, sxy); DIAG(SE, sxy_);
        DIAG(ET, sxz); DIAG(EB, sxz_); DIAG(NW, sxy_); DIAG(SW, sxy); DIAG(WT, sxz_); DIAG(WB, sxz);
        FIN(C); FIN(N); FIN(S); FIN(T); FIN(B); FIN(E); FIN(W); FIN(NT); FIN(NB); FIN(ST);
        FIN(SB); FIN(NE); FIN(SE); FIN(ET); FIN(EB); FIN(NW); FIN(SW); FIN(WT); FIN(WB);
    }
    reg_t rd = IMAD(t, rc, NOREG, NOREG);   /* dstGrid + 20 cell */
    if (!(flags & LBM_OBSTACLE))
        for (unsigned k = 0; k < NDIR; k++)
            if (fin[k] != (reg_t)(rd - NDIR + k))
                t->err = 1;
    ST_DIR(C); ST_DIR(N); ST_DIR(S); ST_DIR(E); ST_DIR(W); ST_DIR(T); ST_DIR(B);
    ST_DIR(NE); ST_DIR(NW); ST_DIR(SE); ST_DIR(SW); ST_DIR(NT); ST_DIR(NB); ST_DIR(ST);
    ST_DIR(SB); ST_DIR(ET); ST_DIR(EB); ST_DIR(WT); ST_DIR(WB);
    EXIT(t);
}

/* ---- the input: the cells' flags -------------------------------------------------------------------------- */

int pbl_lbm_standin(pbl_lbm_t *g, unsigned nz)
{
    *g = (pbl_lbm_t){.nz = nz};
    if (!(g->flags = calloc((size_t)LBM_SX * LBM_SY * nz, 1)))
        return -1;
    const int64_t cz2 = (int64_t)nz - 1;   /* twice the centre's z */
    for (unsigned z = 0; z < nz; z++)
        for (unsigned y = 0; y < LBM_SY; y++)
            for (unsigned x = 0; x < LBM_SX; x++) {
                int64_t dx = 2 * (int64_t)x - (LBM_SX - 1), dy = 2 * (int64_t)y - (LBM_SY - 1);
                int64_t dz = 2 * (int64_t)z - cz2;
                uint8_t f = 0;
                /* LBM_loadObstacleFile: the stand-in's sphere */
                if (dx * dx + dy * dy + dz * dz <= (int64_t)LBM_SPHERE_D2)
                    f |= LBM_OBSTACLE;
                /* LBM_initializeSpecialCellsForLDC */
                if (x == 0 || x == LBM_SX - 1 || y == 0 || y == LBM_SY - 1 || z == 0 || z == nz - 1)
                    f |= LBM_OBSTACLE;
                else if ((z == 1 || z == nz - 2) && x > 1 && x < LBM_SX - 2 && y > 1 && y < LBM_SY - 2)
                    f |= LBM_ACCEL;
                g->flags[x + LBM_SX * ((size_t)y + LBM_SY * z)] = f;
                if (f & LBM_OBSTACLE)
                    g->obstacle++;
                else if (f & LBM_ACCEL)
                    g->accel++;
                else
                    g->fluid++;
            }
    return 0;
}

void pbl_lbm_free(pbl_lbm_t *g)
{
    free(g->flags);
    *g = (pbl_lbm_t){0};
}
