/* lonestar.h - LonestarGPU kernels written per thread (lonestar.c; simt.h):
 * sssp as GPGPU-Sim's benchmark package carries LonestarGPU 2.0, sp as
 * LonestarGPU 1.x (GaloisGPU apps/sp) has it. */
#ifndef MEMSCHED_SIM_LONESTAR_H
#define MEMSCHED_SIM_LONESTAR_H

#include "workload/simt.h"

/* sssp (apps/sssp, the topology-driven sssp_ls.h, "as in LSG 1.02"): the
 * graph is CSR with 1-based edge slots (slot 0 unused), 32-bit everything.
 * Blocks of SSSP_BLOCK threads (the maxThreadsDim[0] GPGPU-Sim 3.x reports),
 * each drelax thread SSSP_K = 1024 / SSSP_BLOCK consecutive nodes. The
 * input: Galois' random-graph.py graph "r4-2eN" (a ring plus 3n uniform
 * random edges, weights 1..10000), generated here (ls_r4gen). drelax's
 * control flow depends on the distances as the launch finds them: the
 * relaxation is run here once, threads in launch order (block by block,
 * thread by thread), and every edge's outcome in every launch is kept
 * (`upd`: bit e of launch l's bitmap, the edge lowered its destination). */
#define SSSP_BLOCK 512
#define SSSP_K     (1024 / SSSP_BLOCK)
#define SSSP_INF   1000000000u   /* MYINFINITY */
typedef struct {
    unsigned n, m, launches;     /* nodes, edges, drelax launches until nothing changed */
    uint32_t *psrc;              /* n + 1: node v's first edge slot (1-based); psrc[n] = m */
    uint32_t *dst, *wt;          /* m + 1: edge slot e's destination and weight (slot 0 unused) */
    uint64_t **upd;              /* launches x ((m + 1 + 63) / 64) words */
} ls_graph_t;
int  ls_r4gen(ls_graph_t *g, unsigned n);   /* 0, or -1 out of memory */
void ls_graph_free(ls_graph_t *g);
/* initialize (arr = {dist}, n = nodes); drelax (arr = {edgessrcdst,
 * edgessrcwt, psrc, noutgoing, srcsrc, dist, changed}, data = the graph,
 * p = the launch); dverifysolution (the same arrays, nerr for changed). */
void ls_sssp_init(simt_t *t);
void ls_sssp_drelax(simt_t *t);
void ls_sssp_verify(simt_t *t);

/* sp: survey propagation, LonestarGPU 1.x apps/sp/main.cu (R. Nasre), the
 * program that makes its own random K-SAT formula (`sp seed M N K`; the
 * 2.0 rewrite nsp reads a .cnf file whose generator's seed nobody
 * published, so the 1.x program is the one whose input we can make exactly).
 * Clause-major: edge e = clause * 3 + k (dupdateeta hard-codes K = 3). The
 * formula is init()'s: glibc rand() after srand(seed), lbias[0..N) =
 * rand() / RAND_MAX, then per clause and slot the literal rand() % N, the
 * sign rand() % 2, eeta rand() / RAND_MAX (ls_sat_gen). The host loop's
 * launches and every data-dependent branch of its kernels come from running
 * the algorithm here once, in float and double as the CUDA source has them,
 * threads in launch order (ls_sat_t.launch: per dupdateeta launch the edges
 * whose eta moved by more than EPSILON, per dupdatebias the literals whose
 * bias exceeds EPSILON, per ddecimate the literals it fixes; lsolved as each
 * launch finds it). Blocks of SP_BLOCK threads (maxThreadsDim[0] as
 * GPGPU-Sim 3.x reports it), one clause or literal a thread. */
#define SP_BLOCK 512
#define SP_K     3              /* MYLITPERCLA */
#define SP_EPS   0.001          /* EPSILON */
#define SP_MAXIT 100            /* MAXITERATION: eta launches in all, and outer rounds */
/* The input: the suite has no run script for the 1.x sp; M, N, K are those of
 * LonestarGPU 2.0's random-42000-10000-3.cnf, the seed a LonestarGPU study's
 * (its plot script lists SP as `0 42000 10000 3`). glibc takes srand(0) as
 * srand(1), rand()'s state without srand, so seeds 0 and 1 make one formula. */
#define SP_SEED  0
#define SP_CLAUSES(n) ((unsigned)(21ull * (n) / 5))   /* M = 4.2 N: 42000 clauses for N = 10000 */
enum { SP_ETA, SP_BIAS, SP_DECIMATE };
typedef struct {
    uint8_t kind;               /* SP_ETA, SP_BIAS, SP_DECIMATE */
    uint8_t avg;                /* ddecimate: *gAvgBiasNum > 0 as thread 0 reads it */
    unsigned epoch;             /* lsolved as the launch finds it: ls_sat_t.solved[epoch] */
    uint64_t *bits;             /* eta: the edges whose eta changed (3m bits); bias: d > EPSILON (n bits);
                                   decimate: the literals it fixes (n bits) */
} ls_sp_launch_t;
typedef struct {
    unsigned n, m;              /* literals (N), clauses (M) */
    uint32_t *c2l;              /* 3m: the literal of edge e */
    uint8_t *neg;               /* 3m: eisneg */
    float *bias0, *eta0;        /* n, 3m: lbias and eeta as init() makes them */
    unsigned nlaunch, nepoch;   /* launches after dinit; lsolved states */
    ls_sp_launch_t *launch;
    uint64_t **solved;          /* nepoch x n bits: lsolved (epoch 0: none) */
} ls_sat_t;
/* init()'s formula for srand(seed), M = m, N = n, K = 3, then the host loop
 * run (ls_sat_run). 0, or -1 out of memory. */
int  ls_sat_gen(ls_sat_t *s, unsigned seed, unsigned m, unsigned n);
/* main()'s loop on the formula in s (c2l, neg, bias0, eta0 set, the rest
 * zero): the launches and their outcomes. 0, or -1 out of memory. */
int  ls_sat_run(ls_sat_t *s);
void ls_sat_free(ls_sat_t *s);
static inline int ls_bit(const uint64_t *b, uint64_t i) { return (int)(b[i / 64] >> (i % 64) & 1); }
/* dinit (arr = {lprod0, lprodP, lprodN}, n = literals); dupdateeta (arr =
 * {c2l, eeta, eisneg, lbias, lsolved, lprod0, lprodP, lprodN, changed});
 * dupdatebias (arr = {lsolved, lprod0, lprodP, lprodN, lbias, lvalue,
 * changed, gMaxBias, gAvgBiasSum, gAvgBiasNum}); ddecimate (arr = {lsolved,
 * lbias, lvalue, gMaxBias, gAvgBiasSum, gAvgBiasNum}); data = the formula,
 * p = the launch (ls_sat_t.launch). */
void ls_sp_init(simt_t *t);
void ls_sp_eta(simt_t *t);
void ls_sp_bias(simt_t *t);
void ls_sp_decimate(simt_t *t);

#endif
