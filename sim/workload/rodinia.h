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

#endif
