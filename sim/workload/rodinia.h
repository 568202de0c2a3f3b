/* rodinia.h - Rodinia kernels written per thread (rodinia.c; simt.h). */
#ifndef MEMSCHED_SIM_RODINIA_H
#define MEMSCHED_SIM_RODINIA_H

#include "workload/simt.h"

/* pathfinder.cu, dynproc_kernel: one pyramid of PF_PYRAMID rows (simt_args_t:
 * arr = {src, dst, wall}, n = cols, p = startStep). */
#define PF_ROWS    100   /* the MRPB paper's input: 100K columns x 100 rows */
#define PF_PYRAMID 20    /* Rodinia's run script: pyramid_height 20 */
#define PF_BLOCK   256   /* BLOCK_SIZE */
void rd_pathfinder(simt_t *t);

/* hotspot.cu, calculate_temp: 16 x 16 blocks, a pyramid of HS_PYRAMID steps
 * (simt_args_t: arr = {temp_src, temp_dst, power}, n = grid rows = cols,
 * p = the launch's iteration count). Rodinia's run script: 512 2 2. */
#define HS_BLOCK   16
#define HS_PYRAMID 2
#define HS_STEPS   2
void rd_hotspot(simt_t *t);

/* gaussian.cu, Fan1 and Fan2 of elimination step t (simt_args_t: arr = {m, a,
 * b}, n = Size, p = t); Fan1 in blocks of GM_BLOCK1, Fan2 of GM_BLOCK2^2. */
#define GM_BLOCK1 512
#define GM_BLOCK2 4
void rd_gaussian_fan1(simt_t *t);
void rd_gaussian_fan2(simt_t *t);

/* needle_kernel.cu, needle_cuda_shared_1 / _2 of diagonal i (simt_args_t: arr
 * = {referrence, matrix_cuda}, n = the sequence length, cols = n + 1, p = i),
 * blocks of NW_BLOCK threads; penalty 10 (Rodinia's run: 2048 10). */
#define NW_BLOCK 16
void rd_nw1(simt_t *t);
void rd_nw2(simt_t *t);

/* backprop_cuda_kernel.cu: 16 x 16 blocks, one per 16 input nodes, 16 hidden
 * units (simt_args_t: n = in). layerforward: arr = {input, output_hidden,
 * input_hidden, hidden_partial_sum}; adjust_weights: arr = {delta, ly, w, oldw}. */
#define BP_BLOCK  16   /* HEIGHT = WIDTH */
#define BP_HIDDEN 16
void rd_bp_layerforward(simt_t *t);
void rd_bp_adjust_weights(simt_t *t);

/* lud_kernel.cu, step offset (simt_args_t: arr = {m}, n = matrix_dim, p =
 * offset): lud_diagonal (16 threads), lud_perimeter (32 threads a block),
 * lud_internal (16 x 16). */
#define LUD_BLOCK 16
void rd_lud_diagonal(simt_t *t);
void rd_lud_perimeter(simt_t *t);
void rd_lud_internal(simt_t *t);

/* bfs.cu, Kernel and Kernel2 of BFS level p (simt_args_t: data = the graph;
 * Kernel: arr = {g_graph_nodes, g_graph_edges, g_graph_mask,
 * g_updating_graph_mask, g_graph_visited, g_cost}; Kernel2: arr = {mask,
 * updating, visited, over}), blocks of BFS_BLOCK threads. The graph is
 * Rodinia's graphgen's (rd_graphgen); its BFS levels from node 0 say which
 * threads' masks are set and which neighbours are unvisited at each level. */
#define BFS_BLOCK 512   /* MAX_THREADS_PER_BLOCK */
typedef struct {
    unsigned n, depth, maxdeg;
    uint32_t *start, *edge;   /* n + 1 offsets into edge[]; destinations */
    uint16_t *level;          /* BFS level from node 0; RD_UNREACHED */
} rd_graph_t;
#define RD_UNREACHED 0xffffu
int rd_graphgen(rd_graph_t *g, unsigned n);   /* 0, or -1 out of memory */
void rd_graph_free(rd_graph_t *g);
void rd_bfs1(simt_t *t);
void rd_bfs2(simt_t *t);

/* srad_v2 srad_kernel.cu, srad_cuda_1 and srad_cuda_2 (simt_args_t: arr =
 * {E_C, W_C, N_C, S_C, J_cuda, C_cuda}, n = cols = rows), 16 x 16 blocks. */
#define SRAD_BLOCK 16
#define SRAD_ITERS 2   /* srad_v2's run script: niter 2 */
void rd_srad1(simt_t *t);
void rd_srad2(simt_t *t);

/* kmeans_cuda_kernel.cu (simt_args_t: n = npoints): invert_mapping (arr =
 * {input, output}, 1-D blocks of KM_THREADS), kmeansPoint (arr = {features,
 * membership}, KM_THREADS threads, a square 2-D grid). */
#define KM_THREADS  256   /* THREADS_PER_DIM^2 */
#define KM_FEATURES 34    /* the MRPB paper's 34-D points */
#define KM_CLUSTERS 5     /* Rodinia's run: -m/-n default 5 */
void rd_km_invert(simt_t *t);
void rd_km_point(simt_t *t);

/* nn/nn_cuda.cu (Rodinia 2.x after 2.0: the records parsed on the host),
 * euclid: one record a thread, blocks of NN_BLOCK (simt_args_t: arr =
 * {d_locations (LatLong, 8 bytes), d_distances}, n = numRecords). The
 * input: filelist_4, four hurricane files of 10 691 records. */
#define NN_BLOCK   16
#define NN_RECORDS 42764
void rd_nn(simt_t *t);

/* streamcluster (Rodinia 2.0 as GPGPU-Sim's package "rodinia 2.0-ft" ships
 * it: streamcluster_cuda.cu, pgain_kernel; streamcluster_cuda_cpu.cpp, the
 * PARSEC host code with ITER 1). The host clusters n random points of dim
 * coordinates (lrand48 after srand48(1), SimStream) into k1 .. k2 centres:
 * pkmedian -> speedy, then pFL's local search, each pgain one launch of
 * pgain_kernel with candidate point x over all n points (blocks of SC_BLOCK,
 * x's coordinates in dim * 4 bytes of shared memory). Which launches happen,
 * with which x and K, and which threads take which branch depend on the
 * points: rd_sc_run runs the host program (its float arithmetic as the
 * source's, the kernel's sums in fmaf like the GPU's FFMA) and keeps, per
 * launch, x, K and the threads' branch, and per state of the clustering the
 * column center_table[p[j].assign] of each point j. Inputs (one chunk: n =
 * chunksize): Rodinia's run script, sc_gpu 10 20 256 65536 65536 1000 none
 * output.txt 1; GPGPU-Sim's package, 3 6 16 1024 1024 100 (SC_PKG_*, used
 * for n <= SC_PKG_N). The choice: the MIB thesis ran GPGPU-Sim 3.x, whose
 * package carries this version (Rodinia 3.x's kernel_compute_cost reads x
 * from global memory instead and reallocates work_mem every call); the
 * default is Rodinia's run script's input, not the package's: the
 * package's 1024 x 16 points fit the L2 and run as fast with a perfect
 * DRAM, where the thesis classes streamcluster as memory sensitive. */
#define SC_BLOCK 512   /* THREADS_PER_BLOCK */
#define SC_N     65536
#define SC_DIM   256
#define SC_KMIN  10
#define SC_KMAX  20
#define SC_PKG_N    1024
#define SC_PKG_DIM  16
#define SC_PKG_KMIN 3
#define SC_PKG_KMAX 6
#define SC_ITER  1     /* the package's ITER ("was 3" in Rodinia 2.0's file) */
#define SC_POINT 32    /* sizeof(Point) on a 64-bit host: weight @0, coord @8, assign (long) @16, cost @24 */
typedef struct {          /* glibc's drand48 family: a 48-bit LCG */
    uint64_t x;
} rd_rand48_t;
void rd_srand48(rd_rand48_t *r, long seed);
long rd_lrand48(rd_rand48_t *r);   /* as lrand48(): 31 bits */
typedef struct {
    unsigned n, dim, kmin, kmax;   /* points (num), coordinates, k1, k2 */
    unsigned launches, states, numfeasible, iter;
    long kfinal;                   /* centres at the end */
    uint32_t *x, *state;           /* per launch: the point x; the clustering state it sees */
    uint16_t *k;                   /* per launch: K = *numcenters */
    uint64_t *sw;                  /* per launch, (n + 63) / 64 words: bit j, point j's x_cost < cost */
    uint16_t *col;                 /* per state, n: center_table[p[j].assign] */
    uint32_t *cstart, *center;     /* per state, center[cstart[s] ..]: its centres by column */
} rd_sc_t;
/* The host program on n points of dim coordinates, kmin .. kmax centres,
 * ITER iter (SC_ITER): 0, -1 out of memory, or -2/-3 a run the model does
 * not follow (a message: a point assigned to a non-centre, more centres
 * than kmax after the chunk, a million launches). */
int  rd_sc_run(rd_sc_t *s, unsigned n, unsigned dim, unsigned kmin, unsigned kmax, unsigned iter);
void rd_sc_free(rd_sc_t *s);
/* pgain_kernel of launch p (simt_args_t: arr = {work_mem_d, center_table_d,
 * switch_membership_d, p, coord_d}, data = the run, shmem = coord_s). */
void rd_sc_pgain(simt_t *t);

/* cfd/euler3d.cu (Rodinia 2.x and 3.1 alike; Corrigan et al., AIAA 2009-4001),
 * the four kernels of the finite-volume Euler solver on tetrahedra, one
 * element a thread, 1-D blocks of CFD_BLOCK, no guard (nelr, the element
 * count padded up to a multiple of CFD_BLOCK, is the thread count). Every
 * per-element array is laid out structure-of-arrays: component c of element
 * i at [i + c nelr]. simt_args_t.n = nel; the kernels' arrays, in their
 * signatures' order: cuda_initialize_variables {variables};
 * cuda_compute_step_factor {variables, areas, step_factors};
 * cuda_compute_flux {elements_surrounding_elements, normals, variables,
 * fluxes} with data = the mesh; cuda_time_step {old_variables, variables,
 * step_factors, fluxes} with p = the Runge-Kutta stage j. */
#define CFD_BLOCK 192     /* block_length (2.x), BLOCK_SIZE_0..4 (3.1) */
#define CFD_NNB   4       /* faces of a tetrahedron */
#define CFD_NVAR  5       /* density, momentum x y z, density energy */
#define CFD_NDIM  3
#define CFD_RK    3       /* Runge-Kutta stages per iteration */
#define CFD_ITERS 1       /* iterations run (the source: 2000) */
#define CFD_NEL   97046   /* fvcorr.domn.097K's element count */
#define CFD_WING  (-1)    /* a face on the wing (a wall) */
#define CFD_FAR   (-2)    /* a face on the far-field boundary */
/* The mesh: the neighbour across each face, as the reader leaves it on the
 * device (0-based; CFD_WING, CFD_FAR), esurr[i + j nelr] for face j of
 * element i; elements nel .. nelr - 1 copy element nel - 1's neighbours.
 * Rodinia's meshes (fvcorr.domn.097K, the default run's; 193K; missile
 * 0.2M) are public only as git-annex pointers, so this is a STAND-IN with
 * the real one's element count: a block of nx x ny x nz unit cubes, each cut
 * into 6 tetrahedra (Kuhn's subdivision: the paths from corner (0,0,0) to
 * (1,1,1) along the axes in the 6 orders, the orders in lexicographic order,
 * face j opposite the path's j-th vertex), numbered cube by cube, x fastest,
 * then y, then z (a tetrahedron's neighbours are in its own cube or 6, 6 nx
 * or 6 nx ny elements away); the cubes of a box inside it (`wing`) carved
 * out, their faces walls; the box's outer faces far field; the elements from
 * nel on dropped, faces towards them far field too. Areas and normals
 * decide no address or branch: they are not made. */
typedef struct {
    unsigned nel, nelr;
    unsigned nx, ny, nz;      /* the block of cubes */
    unsigned wing[6];         /* the carved-out cubes: x0 x1 y0 y1 z0 z1 (half-open) */
    int32_t *esurr;           /* nelr * CFD_NNB */
} rd_cfd_mesh_t;
/* The stand-in of nel elements: a box of 2s x s x nz cubes, s the cube root
 * of nel / 12 rounded (at least 4), the wing the cubes x in [s/2, s), y in
 * [s/2 - 1, s/2 + 1), z in [s/4, s/4 + s/2) (chord, thickness, span), and nz
 * the fewest layers holding nel elements (fvcorr.domn.097K's 97 046: s = 20,
 * 40 x 20 x 21 cubes less the wing's 200, 99 600 tetrahedra of which the
 * first 97 046). 0, -1 out of memory. */
int  rd_cfd_mesh(rd_cfd_mesh_t *m, unsigned nel);
/* ... any box and wing: 0, -1 out of memory, -2 nel more than the box holds
 * (or 0). */
int  rd_cfd_mesh_box(rd_cfd_mesh_t *m, unsigned nel, unsigned nx, unsigned ny, unsigned nz, const unsigned wing[6]);
void rd_cfd_mesh_free(rd_cfd_mesh_t *m);
void rd_cfd_init(simt_t *t);
void rd_cfd_step_factor(simt_t *t);
void rd_cfd_flux(simt_t *t);
void rd_cfd_time_step(simt_t *t);

#endif
