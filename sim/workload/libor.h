/* libor.h - LIBOR Monte Carlo (LIB of GPGPU-Sim's ISPASS 2009 benchmark
 * set, libor.cu: Mike Giles' swaption portfolio pricing under the LIBOR
 * market model), its two kernels written per thread (libor.c; simt.h).
 * The TEMP/TBAS paper's Table 1 "LIB" (C3, (1D, 1D)).
 *
 * The program (libor.cu's main): NPATH = 4096 paths, 64 blocks of 64
 * threads (GRID_SIZE, BLOCK_SIZE), a grid-stride loop over the paths (one
 * path a thread at the default). Constant memory holds N = NN = 80 forward
 * rates, Nmat = NMAT = 40, Nopt = NOPT = 15 options, delta = 0.25, lambda[i]
 * = 0.2, maturities {4,4,4, 8,8,8, 20,20,20, 28,28,28, 40,40,40} and
 * swaprates {.045, .05, .055} repeated. cudaMalloc d_v, then d_Lb (NPATH
 * floats each); launch Pathcalc_Portfolio_KernelGPU2(d_v) (the value
 * without Greeks), then Pathcalc_Portfolio_KernelGPU(d_v, d_Lb) (with its
 * sensitivities by a hand-coded reverse pass).
 *
 * Every thread's arrays are local: L[NN], z[NN] (and L2[L2_SIZE = 3280] in
 * the Greeks kernel, L_b aliasing L), and the inlined portfolio functions'
 * B[NMAT], S[NMAT] (B_b, S_b): dynamically indexed, so the compiler keeps
 * them in local memory, accessed with LDL / STL at the thread's own local
 * addresses (the SM places them: sm.local_map). */
#ifndef MEMSCHED_SIM_LIBOR_H
#define MEMSCHED_SIM_LIBOR_H

#include <stdint.h>

#include "workload/simt.h"

#define LIB_NN      80      /* NN: forward rates */
#define LIB_NMAT    40      /* NMAT */
#define LIB_L2      3280    /* L2_SIZE = NN (NMAT + 1) */
#define LIB_NOPT    15      /* NOPT: swaptions */
#define LIB_NPATH   4096u   /* NPATH: paths (the size knob) */
#define LIB_BLOCK   64      /* BLOCK_SIZE */
#define LIB_GRID    64      /* GRID_SIZE */
#define LIB_QUICK   64u     /* the quick size: paths (the first 64 threads work, the rest skip the loop) */

/* Each kernel's local frame (byte offsets in the thread's local memory; the
 * layout is this model's, the compiler's is not known): L, z, then the
 * portfolio's arrays; the Greeks kernel has L2 between L and z. */
enum {
    LIB2_L = 0, LIB2_Z = 4 * LIB_NN, LIB2_B = LIB2_Z + 4 * LIB_NN, LIB2_S = LIB2_B + 4 * LIB_NMAT,
    LIB_L = 0, LIB_L2A = 4 * LIB_NN, LIB_Z = LIB_L2A + 4 * LIB_L2, LIB_B = LIB_Z + 4 * LIB_NN,
    LIB_S = LIB_B + 4 * LIB_NMAT, LIB_BB = LIB_S + 4 * LIB_NMAT, LIB_SB = LIB_BB + 4 * LIB_NMAT,
};

/* One thread of Pathcalc_Portfolio_KernelGPU2(d_v) and of
 * Pathcalc_Portfolio_KernelGPU(d_v, d_Lb) (simt_args_t: arr = {d_v, d_Lb},
 * n = NPATH). */
void lib_kernel2(simt_t *t);
void lib_kernel(simt_t *t);

#endif
