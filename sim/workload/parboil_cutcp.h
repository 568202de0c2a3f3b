/* parboil_cutcp.h - Parboil 2.5's cutcp (benchmarks/cutcp/src/cuda:
 * main.c, cutoff6overlap.cu), the cutoff-limited Coulombic potential of a
 * box of atoms on a 0.5 A lattice, its CUDA version's one kernel written
 * per thread (parboil_cutcp.c; simt.h), and the host's binning of the atoms
 * replayed at setup.
 *
 * main.c: lattice spacing h = 0.5, cutoff 12, the atoms' bounding box
 * padded by 0.5 on every side; nx = floor((hi.x - lo.x) / h) + 1 (ny, nz
 * alike). gpu_compute_cutoff_potential_lattice6overlap: the lattice is cut
 * into regions of 8 x 8 x 8 points (xRegionDim = ceil(nx / 8), ...; the
 * lattice padded to lnx = 8 xRegionDim), the atoms hashed into 4 A bins of
 * at most 8 atoms (float4 x, y, z, q relative to lo; an atom beyond 8 goes
 * to the CPU, not the GPU), the bin grid covering the padded lattice plus
 * c = ceil(cutoff / 4) = 3 bins on every side; the neighbour list (constant
 * memory) the bin offsets (i, j, k) in [-c, c]^3 with (i^2 + j^2 + k^2) 16 <
 * (cutoff + sqrt(3) 4)^2 (8 h = 4 = the bin length): 335 bins. One launch
 * per plane of regions, zRegionIndex = 0 .. zRegionDim - 1, each a grid of
 * xRegionDim x yRegionDim blocks of 8 x 2 x 8 threads; a thread the four
 * lattice points (x, y + 2m, z), m = 0..3, of its region.
 *
 * The kernel, cuda_cutoff_potential_lattice6overlap(binDim_x, binDim_y,
 * binZeroAddr, h, cutoff2, inv_cutoff2, regionZeroAddr, zRegionIndex), with
 * __shared__ float AtomBinCache[32 * 8 * 4], ener_t *myRegionAddr, int3
 * myBinIndex:
 *   tid = (tz * 2 + ty) * 8 + tx;
 *   myRegionAddr = regionZeroAddr + ((zRegionIndex * gdy + by) * gdx + bx) * 512;
 *   x = (8 bx + tx) h;  y = (8 by + ty) h;  z = (8 zRegionIndex + tz) h;
 *   myBinIndex = floorf((8 {bx, by, zRegionIndex} + 4) h / 4);
 *   nbrid = tid >> 4;  numbins = 32;  energy0..3 = 0;
 *   for (totalbins = 0; totalbins < NbrListLen; totalbins += numbins) {
 *     startoff = 32 (tid >> 4);
 *     for (bincnt = 0; bincnt < 4 && nbrid < NbrListLen; bincnt++, nbrid += 8) {
 *       (i, j, k) = myBinIndex + NbrList[nbrid];
 *       p_global = binZeroAddr (as floats) + ((k binDim_y + j) binDim_x + i) * 32;
 *       binIndex = startoff + bincnt * 256;  tidmask = tid & 15;
 *       AtomBinCache[binIndex + tidmask] = p_global[tidmask];
 *       AtomBinCache[binIndex + tidmask + 16] = p_global[tidmask + 16];
 *     }
 *     __syncthreads();
 *     if (totalbins + 32 > NbrListLen) numbins = NbrListLen - totalbins;
 *     for (bincnt = 0; bincnt < numbins * 32; bincnt += 32)
 *       for (i = 0; i < 8; i++) {
 *         off = bincnt + 4 i;  aq = AtomBinCache[off + 3];  if (aq == 0) break;
 *         dx = AtomBinCache[off] - x;  dz = AtomBinCache[off + 2] - z;
 *         dxdz2 = dx dx + dz dz;  dy = AtomBinCache[off + 1] - y;  r2 = dy dy + dxdz2;
 *         if (r2 < cutoff2) { s = 1 - r2 inv_cutoff2; energy0 += aq rsqrtf(r2) s s; }
 *         dy -= 2h; r2 = dy dy + dxdz2; (the same into energy1), then energy2, energy3
 *       }
 *     __syncthreads();
 *   }
 *   myRegionAddr[(tid >> 4) 64 + (tid & 15) + 16 m] = energy_m, m = 0..3;
 * Each half-warp caches up to 4 bins of the neighbour list (32 a round);
 * every thread then reads the same shared words (broadcasts), so the `aq ==
 * 0` break is the block's, and only `r2 < cutoff2` diverges. */
#ifndef MEMSCHED_SIM_PARBOIL_CUTCP_H
#define MEMSCHED_SIM_PARBOIL_CUTCP_H

#include <stdint.h>

#include "workload/simt.h"

#define PBC_H          0.5f    /* main.c: lattice spacing */
#define PBC_CUTOFF     12.f    /* ... cutoff radius */
#define PBC_PADDING    0.5f    /* ... bounding-box padding */
#define PBC_BIN_LENGTH 4.f     /* cutoff6overlap.cu: BIN_LENGTH */
#define PBC_BIN_DEPTH  8       /* atoms a bin */
#define PBC_BIN_CACHE  32      /* BIN_CACHE_MAXLEN: bins cached a round */
#define PBC_REGION     512     /* REGION_SIZE: floats of a region (8 x 8 x 8 points) */
#define PBC_NBR_DIM    11      /* NBRLIST_DIM */
#define PBC_NBR_MAX    (PBC_NBR_DIM * PBC_NBR_DIM * PBC_NBR_DIM)
/* blockDim (8, 2, 8): the model's blocks are two-dimensional, so the launch is
 * (8, 16) and a thread's (ty, tz) = (ty' % 2, ty' / 2): the same thread ids,
 * tid = tx + 8 ty', hence the same warps. */
#define PBC_BX 8
#define PBC_BY 2
#define PBC_BZ 8
/* shared memory: AtomBinCache (4096 bytes), then myRegionAddr (8), myBinIndex (12) */
#define PBC_SH_CACHE  0u
#define PBC_SH_REGION 4096u
#define PBC_SH_BIN    4104u
#define PBC_SHMEM     4116u

/* The stand-in input: Parboil's datasets watbox.sl40.pqr (small) and
 * watbox.sl100.pqr (large), water boxes of side 40 and 100 A, are not
 * readable here. A STAND-IN water box of side L (the size knob): round(rho
 * L^3) molecules (at least one) at liquid density rho = 0.03343 molecules /
 * A^3 (L = 40: 2140 molecules, 6420 atoms), their oxygens placed uniformly
 * at random in [0, L)^3 with none closer than 2.5 A to another (random
 * sequential addition: a liquid's even spread, not a lattice that would
 * alias with the 4 A bins), two hydrogens 0.9572 A from each at 104.52
 * degrees in a random orientation (TIP3P geometry and charges: O -0.834, H
 * +0.417); in the order O, H, H a molecule, molecules in placement order;
 * splitmix64 from a fixed seed. */
#define PBC_SL        40       /* the default: the small dataset's box side */
#define PBC_SL_LARGE  100      /* the large dataset's */
#define PBC_SL_MIN    2
#define PBC_SL_QUICK  8
#define PBC_RHO       0.03343  /* water molecules / A^3 at 1 g/cm^3 */
#define PBC_OO_MIN    2.5      /* the closest two oxygens (A) */
#define PBC_SEED      0x9a1b0c7cu

typedef struct {
    /* the atoms (main.c's Atoms: x, y, z, q) */
    unsigned natoms;
    float *atom;                 /* 4 natoms */
    /* the lattice and the launches */
    float lo[3];                 /* the padded bounding box' low corner */
    int nx, ny, nz;              /* lattice points */
    int rdim[3];                 /* regions a dimension (x, y, z: the launches) */
    /* the bins as the host fills them */
    int c;                       /* padding bins on each side */
    int bdim[3];                 /* binDim */
    unsigned nbins;
    float *bin;                  /* nbins x 8 float4s (binBaseAddr), zero where empty */
    int *bincnt;                 /* atoms a bin */
    unsigned nextra;             /* atoms beyond a bin's 8, done by the CPU */
    unsigned nexcluded;          /* atoms outside the bins or of no charge */
    int nbrlen;                  /* NbrListLen */
    int nbr[PBC_NBR_MAX][3];     /* NbrList */
} pb_cutcp_t;

/* The stand-in water box of side sl (above): m->natoms, m->atom. 0, or -1
 * out of memory. */
int pb_cutcp_water(pb_cutcp_t *m, unsigned sl);
/* main.c's lattice and cutoff6overlap.cu's host part on m's atoms: the
 * lattice and region dimensions, the neighbour list, the bins. 0, -1 out of
 * memory, -2 a configuration the source refuses (h, cutoff). */
int pb_cutcp_bin(pb_cutcp_t *m);
/* Both: the stand-in of side sl, binned. */
int pb_cutcp_standin(pb_cutcp_t *m, unsigned sl);
void pb_cutcp_free(pb_cutcp_t *m);

/* One thread of cuda_cutoff_potential_lattice6overlap (simt_args_t: arr =
 * {binBaseCuda, regionZeroCuda}, p = zRegionIndex, data = the pb_cutcp_t,
 * shmem: the block's shared variables (PBC_SH_*)). Block (8, 16): see
 * PBC_BX. */
void pb_cutcp_kernel(simt_t *t);

#endif
