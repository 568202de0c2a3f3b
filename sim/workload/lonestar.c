/* lonestar.c - LonestarGPU kernels written per thread (lonestar.h;
 * simt.h): each function is one thread of the kernel, its loads, stores,
 * atomics and loops in the source's order (simt_ops.h). The source is
 * LonestarGPU 2.0 as GPGPU-Sim's benchmark package carries it
 * (apps/sssp/main.cu, sssp_ls.h; include/graph.h). */
#include "workload/lonestar.h"

#include <stdlib.h>
#include <string.h>

#include "workload/simt_ops.h"

#define EL(base, idx) ((base) + 4 * (uint64_t)(idx))   /* &base[idx], 4-byte elements */

/* ---- the r4-2eN graph and the relaxation ------------------------------------------------------------ */

/* Galois' tools/generators/random-graph.py at density 4: a ring (node i to
 * i + 1, the last to the first), then 3n edges between uniformly random
 * nodes, an edge already there drawn again (self-loops allowed); weights
 * uniform in 1..10000. Each node's edges in the order they were made (the
 * ring's first). Our generator (a fixed seed) stands for Python's. */
static int r4_edges(ls_graph_t *g, unsigned n, uint32_t *src, uint32_t *dst, uint32_t *wt)
{
    uint64_t s = 0x7234326532303030ull, m = 4ull * n, k = 0;
    uint32_t *head = malloc((size_t)n * sizeof *head), *next = malloc(m * sizeof *next);
    if (!head || !next) {
        free(head), free(next);
        return -1;
    }
    memset(head, 0xff, (size_t)n * sizeof *head);
    while (k < m) {
        uint32_t a, b;
        if (k < n) {
            a = (uint32_t)k, b = (uint32_t)((k + 1) % n);
        } else {
            a = (uint32_t)(simt_mix64(&s) % n), b = (uint32_t)(simt_mix64(&s) % n);
            uint32_t e = head[a];
            while (e != UINT32_MAX && dst[e] != b)
                e = next[e];
            if (e != UINT32_MAX)
                continue;   /* already there: draw again */
        }
        src[k] = a, dst[k] = b, wt[k] = 1 + (uint32_t)(simt_mix64(&s) % 10000);
        next[k] = head[a], head[a] = (uint32_t)k;
        k++;
    }
    free(head), free(next);
    g->n = n, g->m = (unsigned)m;
    return 0;
}

/* drelax's outcome in every launch: the threads run in launch order, each
 * over its SSSP_K nodes and their edges in CSR order, and an edge whose
 * `dist[src] + wt < dist[dst]` lowers dist[dst] (the atomicMin, which then
 * returns the value it compared); a launch that lowers nothing is the last. */
static int relax(ls_graph_t *g)
{
    const unsigned n = g->n, words = (g->m + 1 + 63) / 64;
    const uint64_t threads = (uint64_t)((n + SSSP_BLOCK - 1) / SSSP_BLOCK) * SSSP_BLOCK;
    uint32_t *dist = malloc((size_t)n * sizeof *dist);
    if (!dist)
        return -1;
    for (unsigned v = 0; v < n; v++)
        dist[v] = SSSP_INF;
    dist[0] = 0;   /* the source, written by the host */
    for (int changed = 1; changed;) {
        uint64_t **u = realloc(g->upd, (g->launches + 1) * sizeof *u);
        if (!u) {
            free(dist);
            return -1;
        }
        g->upd = u;
        if (!(u[g->launches] = calloc(words, sizeof **u))) {
            free(dist);
            return -1;
        }
        uint64_t *bits = u[g->launches++];
        changed = 0;
        for (uint64_t id = 0; id < threads; id++)
            for (uint64_t nn = id * SSSP_K; nn < (id + 1) * SSSP_K && nn < n; nn++)
                for (uint32_t e = g->psrc[nn]; e < g->psrc[nn + 1]; e++) {
                    uint32_t a = dist[nn] + g->wt[e];
                    if (a < dist[g->dst[e]]) {
                        dist[g->dst[e]] = a;
                        bits[e / 64] |= 1ull << (e % 64);
                        changed = 1;
                    }
                }
    }
    free(dist);
    return 0;
}

int ls_r4gen(ls_graph_t *g, unsigned n)
{
    memset(g, 0, sizeof *g);
    const uint64_t m = 4ull * n;
    uint32_t *src = malloc(m * sizeof *src), *d = malloc(m * sizeof *d), *w = malloc(m * sizeof *w);
    uint32_t *cur = malloc((size_t)n * sizeof *cur);
    g->psrc = calloc(n + 1ull, sizeof *g->psrc);
    g->dst = malloc((m + 1) * sizeof *g->dst);
    g->wt = malloc((m + 1) * sizeof *g->wt);
    int r = -1;
    if (!src || !d || !w || !cur || !g->psrc || !g->dst || !g->wt || r4_edges(g, n, src, d, w))
        goto out;
    /* CSR: node v's edges at slots psrc[v] .. psrc[v + 1] - 1, 1-based (psrc[n] = m + 1 here;
     * the device array holds m there, which no kernel reads) */
    for (uint64_t k = 0; k < m; k++)
        g->psrc[src[k] + 1]++;
    g->psrc[0] = 1;
    for (unsigned v = 1; v <= n; v++)
        g->psrc[v] += g->psrc[v - 1];
    memcpy(cur, g->psrc, (size_t)n * sizeof *cur);
    for (uint64_t k = 0; k < m; k++) {
        uint32_t e = cur[src[k]]++;
        g->dst[e] = d[k], g->wt[e] = w[k];
    }
    g->dst[0] = g->wt[0] = 0;
    r = relax(g);
out:
    free(src), free(d), free(w), free(cur);
    if (r)
        ls_graph_free(g);
    return r;
}

void ls_graph_free(ls_graph_t *g)
{
    for (unsigned l = 0; l < g->launches; l++)
        free(g->upd[l]);
    free(g->upd), free(g->psrc), free(g->dst), free(g->wt);
    memset(g, 0, sizeof *g);
}

/* ---- sssp kernels --------------------------------------------------------------------------------- */

/* initialize(dist, nv): i = blockIdx.x blockDim.x + threadIdx.x; if (i < nv) dist[i] = MYINFINITY. */
void ls_sssp_init(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t i = (uint64_t)t->bx * t->bdx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx);
    GUARD(t, i < p->n, ri);
    STG(t, EL(p->arr[0], i), ri, MOV(t, NOREG));
    EXIT(t);
}

/* drelax(dist, graph, changed): id = blockIdx.x blockDim.x + threadIdx.x; for the K = 1024 /
 * blockDim.x nodes nn = id K .. id K + K - 1 below nnodes: for each edge k < getOutDegree(nn):
 * dst = getDestination(nn, k), wt = getWeight(nn, k) (graph.h: noutgoing[nn] for the bound,
 * srcsrc[nn], psrc[srcsrc[nn]] + k = e, edgessrcdst[e] / edgessrcwt[e]; nvcc keeps one chain
 * per edge: no store between the two calls, the atomic between edges), skipped if dst >=
 * nnodes or wt >= MYINFINITY (never, here); alt = dist[nn] + wt; if (alt < dist[dst]) { old
 * = atomicMin(&dist[dst], alt); if (alt < old) changed_here = true }; after the node's edges,
 * if changed_here then *changed = true (a byte). Which edges lower their destination is the
 * relaxation's (ls_graph_t.upd of launch p). */
void ls_sssp_drelax(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const ls_graph_t *g = p->data;
    const uint64_t *upd = g->upd[p->p];
    const uint64_t edst = p->arr[0], ewt = p->arr[1], psrc = p->arr[2], nout = p->arr[3], srcsrc = p->arr[4];
    const uint64_t dist = p->arr[5], changed = p->arr[6];
    const uint64_t id = (uint64_t)t->bx * t->bdx + t->tx, k = 1024 / t->bdx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rid = IMAD(t, rbx, NOREG, rtx);
    for (uint64_t nn = id * k; nn < id * k + k; nn++) {
        reg_t rn = IMAD(t, rid, NOREG, NOREG);
        BRANCH(t, rn);   /* nn < nnodes */
        if (nn < g->n) {
            int any = 0;
            reg_t deg = LDG(t, EL(nout, nn), rn);
            BRANCH(t, deg);   /* the edge loop's entry test */
            for (uint32_t e = g->psrc[nn]; e < g->psrc[nn + 1]; e++) {
                uint32_t v = g->dst[e];
                BRANCH(t, LDG(t, EL(nout, nn), rn));   /* getDestination's k < degree */
                reg_t rs = LDG(t, EL(srcsrc, nn), rn);
                reg_t re = IADD(t, LDG(t, EL(psrc, nn), rs), NOREG);
                reg_t rv = LDG(t, EL(edst, e), re);
                BRANCH(t, rv);   /* dst < nnodes */
                reg_t rw = LDG(t, EL(ewt, e), re);
                BRANCH(t, rw);   /* wt < MYINFINITY */
                reg_t alt = IADD(t, LDG(t, EL(dist, nn), rn), rw);
                reg_t dv = LDG(t, EL(dist, v), rv);
                BRANCH(t, IADD(t, alt, dv));   /* alt < dist[dst] */
                if (upd[e / 64] >> (e % 64) & 1) {
                    reg_t old = ATOMG(t, "ATOM.E.MIN", EL(dist, v), rv, alt);
                    BRANCH(t, IADD(t, alt, old));   /* alt < old */
                    any = 1;
                }
                LOOP(t, IADD(t, deg, NOREG));
            }
            BRANCH(t, deg);   /* changed_here */
            if (any)
                STG8(t, changed, NOREG, MOV(t, NOREG));
        }
        LOOP(t, rn);
    }
    EXIT(t);
}

/* dverifysolution(dist, graph, nerr): nn = blockIdx.x blockDim.x + threadIdx.x; if (nn <
 * nnodes) for each edge k: v = getDestination(nn, k), wt = getWeight(nn, k); if (wt > 0 &&
 * dist[nn] + wt < dist[v]) ++*nerr (never: the distances are final). */
void ls_sssp_verify(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const ls_graph_t *g = p->data;
    const uint64_t edst = p->arr[0], ewt = p->arr[1], psrc = p->arr[2], nout = p->arr[3], srcsrc = p->arr[4];
    const uint64_t dist = p->arr[5], nn = (uint64_t)t->bx * t->bdx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rn = IMAD(t, rbx, NOREG, rtx);
    GUARD(t, nn < g->n, rn);
    reg_t deg = LDG(t, EL(nout, nn), rn);
    BRANCH(t, deg);
    for (uint32_t e = g->psrc[nn]; e < g->psrc[nn + 1]; e++) {
        uint32_t v = g->dst[e];
        BRANCH(t, LDG(t, EL(nout, nn), rn));
        reg_t rs = LDG(t, EL(srcsrc, nn), rn);
        reg_t re = IADD(t, LDG(t, EL(psrc, nn), rs), NOREG);
        reg_t rv = LDG(t, EL(edst, e), re);
        reg_t rw = LDG(t, EL(ewt, e), re);
        reg_t alt = IADD(t, LDG(t, EL(dist, nn), rn), rw);
        reg_t dv = LDG(t, EL(dist, v), rv);
        BRANCH(t, IADD(t, alt, dv));
        LOOP(t, IADD(t, deg, NOREG));
    }
    EXIT(t);
}
