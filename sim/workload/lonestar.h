/* lonestar.h - LonestarGPU kernels written per thread (lonestar.c; simt.h),
 * as GPGPU-Sim's benchmark package carries LonestarGPU 2.0. */
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

#endif
