/* parboil_cp.h - Parboil's cp (Coulombic potential; benchmarks/cp/src/cuda:
 * main.cu, cuenergy.h, cuenergy_pre8_coalesce.cu), the direct Coulomb
 * summation of John Stone's cionize: kernel cenergy, written per thread
 * (parboil_cp.c; simt.h). The TEMP/TBAS paper's Fig. 5 `cenenergy` (its
 * Table 1 "CUTCP", (2D, 2D)) is this kernel, drawn with 2 points a thread.
 *
 * The suite's problem (cuenergy.h): a VOLSIZEX x VOLSIZEY = 512 x 512 slice
 * (volsize.z = 1) of a grid of spacing 0.1, ATOMCOUNT = 40000 atoms the
 * host places with srand(54321) and rand() (no input file: main.cu refuses
 * one). Blocks of BLOCKSIZEX x BLOCKSIZEY = 16 x 8 threads, each thread
 * UNROLLX = 8 points of x spaced BLOCKSIZEX apart, a grid of (512 / (16 x
 * 8), 512 / 8) = (4, 64) blocks. The atoms go to __constant__ float4
 * atominfo[MAXATOMS = 4000] (x, y, dz^2, charge) in chunks: for each chunk
 * of at most MAXATOMS the host refills the constant buffer
 * (copyatomstoconstbuf) and launches cenergy(runatoms, 0.1, d_output) over
 * the same grid; each launch adds its chunk's potential to energygrid. */
#ifndef MEMSCHED_SIM_PARBOIL_CP_H
#define MEMSCHED_SIM_PARBOIL_CP_H

#include <stdint.h>

#include "workload/simt.h"

#define PBL_CP_BX       16      /* BLOCKSIZEX */
#define PBL_CP_BY       8       /* BLOCKSIZEY */
#define PBL_CP_UNROLLX  8       /* UNROLLX: points of x a thread */
#define PBL_CP_VOLX     512     /* VOLSIZEX */
#define PBL_CP_VOLY     512     /* VOLSIZEY */
#define PBL_CP_MAXATOMS 4000u   /* MAXATOMS: atoms a launch (the constant buffer) */
#define PBL_CP_ATOMS    40000u  /* ATOMCOUNT: the suite's atoms */
#define PBL_CP_QUICK    16u     /* the quick size: atoms (one launch) */

/* The host loop: launches for `atoms` atoms, and launch l's runatoms. */
static inline unsigned pbl_cp_launches(uint64_t atoms)
{
    return (unsigned)((atoms + PBL_CP_MAXATOMS - 1) / PBL_CP_MAXATOMS);
}
static inline unsigned pbl_cp_runatoms(uint64_t atoms, uint64_t launch)
{
    uint64_t left = atoms - launch * PBL_CP_MAXATOMS;
    return (unsigned)(left > PBL_CP_MAXATOMS ? PBL_CP_MAXATOMS : left);
}

/* One thread of cenergy(numatoms, gridspacing, energygrid) (simt_args_t:
 * arr = {energygrid}, n = the atom count (ATOMCOUNT), p = the launch: the
 * chunk of atoms in the constant buffer, numatoms = pbl_cp_runatoms(n, p)). */
void pbl_cp(simt_t *t);

#endif
