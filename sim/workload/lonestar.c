/* lonestar.c - LonestarGPU kernels written per thread (lonestar.h;
 * simt.h): each function is one thread of the kernel, its loads, stores,
 * atomics and loops in the source's order (simt_ops.h). The sources:
 * LonestarGPU 2.0 as GPGPU-Sim's benchmark package carries it
 * (apps/sssp/main.cu, sssp_ls.h; include/graph.h) and LonestarGPU 1.x
 * (GaloisGPU apps/sp/main.cu; include/kernelconfig.h). */
#include "workload/lonestar.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload/simt_ops.h"

#define EL(base, idx) ((base) + 4 * (uint64_t)(idx))   /* &base[idx], 4-byte elements */

/* ---- the r4-2eN graph and the relaxation ------------------------------------------------------------ */

/* Galois' tools/generators/random-graph.py at density 4: a ring (node i to
 * i + 1, the last to the first), then 3n edges between uniformly random
 * nodes, an edge already there drawn again (self-loops allowed); weights
 * uniform in 1..10000. Each node's edges in the order they were made (the
 * ring's first). Our generator (a fixed seed) stands for Python's. Edge k
 * (in the order made) is dst[k], wt[k]; next[k] the edge of the same node
 * made before it (UINT32_MAX: none), head[a] node a's last. */
static void r4_edges(unsigned n, uint32_t *head, uint32_t *next, uint32_t *dst, uint32_t *wt)
{
    uint64_t s = 0x7234326532303030ull, m = 4ull * n, k = 0;
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
        dst[k] = b, wt[k] = 1 + (uint32_t)(simt_mix64(&s) % 10000);
        next[k] = head[a], head[a] = (uint32_t)k;
        k++;
    }
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
    /* the edges in the order made, then moved in place to their CSR slots: node v's edges at slots
     * psrc[v] .. psrc[v + 1] - 1, 1-based (psrc[n] = m + 1 here; the device array holds m there,
     * which no kernel reads); slot 0 unused */
    uint32_t *head = malloc((size_t)n * sizeof *head), *to = malloc(m * sizeof *to);
    g->psrc = calloc(n + 1ull, sizeof *g->psrc);
    g->dst = malloc((m + 1) * sizeof *g->dst);
    g->wt = malloc((m + 1) * sizeof *g->wt);
    int r = -1;
    if (!head || !to || !g->psrc || !g->dst || !g->wt)
        goto out;
    uint32_t *dst = g->dst + 1, *wt = g->wt + 1;   /* edge k at k + 1 until moved */
    r4_edges(n, head, to, dst, wt);
    g->n = n, g->m = (unsigned)m;
    g->psrc[0] = 1;
    for (unsigned v = 0; v < n; v++) {
        uint32_t c = 0;
        for (uint32_t e = head[v]; e != UINT32_MAX; e = to[e])
            c++;
        g->psrc[v + 1] = g->psrc[v] + c;
    }
    for (unsigned v = 0; v < n; v++) {   /* to[k]: edge k's slot (a node's list runs from its last edge) */
        uint32_t slot = g->psrc[v + 1];
        for (uint32_t e = head[v], nx; e != UINT32_MAX; e = nx) {
            nx = to[e];
            to[e] = --slot;
        }
    }
    free(head), head = NULL;
    for (uint64_t k = 0; k < m; k++) {   /* each cycle of the permutation k -> to[k] - 1 followed once */
        if (to[k] == UINT32_MAX)
            continue;
        uint32_t d = dst[k], w = wt[k];
        uint64_t at = k;
        while (to[at] != UINT32_MAX) {
            uint64_t nx = to[at] - 1;
            to[at] = UINT32_MAX;
            uint32_t d2 = dst[nx], w2 = wt[nx];
            dst[nx] = d, wt[nx] = w;
            d = d2, w = w2;
            at = nx;
        }
    }
    g->dst[0] = g->wt[0] = 0;
    r = relax(g);
out:
    free(head), free(to);
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

/* ---- sp: the formula and the host loop ------------------------------------------------------------- */

/* glibc's rand() (random_r's TYPE_3: r[i] = r[i - 31] + r[i - 3] mod 2^32 over a
 * state seeded by 16807 r mod 2^31 - 1, the first 310 outputs dropped, each
 * output r >> 1), as init() draws it after srand(seed); srand(0) is srand(1). */
typedef struct {
    uint32_t r[34];
    uint64_t k;
} glibc_rand_t;

static void grand_seed(glibc_rand_t *g, unsigned seed)
{
    int32_t x = seed ? (int32_t)seed : 1;
    g->r[0] = (uint32_t)x;
    for (int i = 1; i < 31; i++) {
        int32_t hi = x / 127773, lo = x % 127773;
        x = 16807 * lo - 2836 * hi;
        if (x < 0)
            x += 2147483647;
        g->r[i] = (uint32_t)x;
    }
    for (int i = 31; i < 34; i++)
        g->r[i] = g->r[i - 31];
    for (g->k = 34; g->k < 344; g->k++)
        g->r[g->k % 34] = g->r[(g->k - 31) % 34] + g->r[(g->k - 3) % 34];
}

static uint32_t grand(glibc_rand_t *g)
{
    uint32_t v = g->r[(g->k - 31) % 34] + g->r[(g->k - 3) % 34];
    g->r[g->k++ % 34] = v;
    return v >> 1;
}

static float grand_unit(glibc_rand_t *g) { return (float)grand(g) / (float)2147483647; }   /* rand() / RAND_MAX */

static uint64_t *bits_new(uint64_t nbits) { return calloc((nbits + 63) / 64, sizeof(uint64_t)); }

/* A launch record (its bits zero), or NULL out of memory. */
static ls_sp_launch_t *sp_launch(ls_sat_t *s, unsigned kind, uint64_t nbits)
{
    ls_sp_launch_t *l = realloc(s->launch, (s->nlaunch + 1) * sizeof *l);
    if (!l)
        return NULL;
    s->launch = l;
    l += s->nlaunch;
    *l = (ls_sp_launch_t){.kind = (uint8_t)kind, .epoch = s->nepoch - 1, .bits = bits_new(nbits)};
    if (!l->bits)
        return NULL;
    s->nlaunch++;
    return l;
}

/* main(): dinit, then rounds of (dupdateeta until it changes nothing or the
 * 100th eta launch of the run; dupdatebias; ddecimate if `changed` > 0) while
 * changed > 0, at most 100 rounds. Each kernel runs here thread by thread in
 * launch order, in the CUDA source's types: eta and the products in float,
 * the constants 1.0, 0.5, EPSILON and 0.75 double (so `1.0 - x` and the
 * factor's division are double, rounded to float where a float is
 * assigned), the limit's `max - 0.75 avg` one double fma (nvcc contracts it).
 * On the GPU the products' read-modify-writes (lprod*, gMaxBias,
 * gAvgBiasSum, `++*changed`) race and may lose updates, in an order that
 * depends on timing; here every update lands. dupdateeta's branches do not
 * depend on that (a clause's etas read only its own etas, lbias and lsolved,
 * which no eta launch writes), dupdatebias's and ddecimate's values do. */
int ls_sat_run(ls_sat_t *s)
{
    const unsigned n = s->n, m = s->m;
    const uint64_t ne = (uint64_t)SP_K * m;
    float *eta = malloc(ne * sizeof *eta), *bias = malloc((size_t)n * sizeof *bias);
    float *p0 = malloc((size_t)n * sizeof *p0), *pp = malloc((size_t)n * sizeof *pp);
    float *pn = malloc((size_t)n * sizeof *pn);
    uint64_t **sv = realloc(s->solved, sizeof *sv);
    int r = -1;
    if (!eta || !bias || !p0 || !pp || !pn || !sv)
        goto out;
    s->solved = sv;
    if (!(s->solved[0] = bits_new(n)))
        goto out;
    s->nepoch = 1;
    memcpy(eta, s->eta0, ne * sizeof *eta);
    memcpy(bias, s->bias0, (size_t)n * sizeof *bias);
    for (unsigned v = 0; v < n; v++)   /* dinit */
        p0[v] = pp[v] = pn[v] = 0.5f;
    unsigned iteration = 0, outer = 0, changed;
    do {
        const uint64_t *solved = s->solved[s->nepoch - 1];
        do {   /* dupdateeta: one clause a thread */
            ++iteration;
            changed = 0;
            ls_sp_launch_t *l = sp_launch(s, SP_ETA, ne);
            if (!l)
                goto out;
            for (uint64_t c = 0; c < m; c++)
                for (unsigned k = 0; k < SP_K; k++) {
                    const uint64_t e = SP_K * c + k;
                    const uint32_t v = s->c2l[e];
                    if (ls_bit(solved, v))
                        continue;
                    float old = eta[e], nw = 1.0f;
                    for (unsigned j = 0; j < SP_K; j++)
                        if (j != k)
                            nw *= bias[s->c2l[SP_K * c + j]] / eta[SP_K * c + j];
                    if (fabsf(old - nw) > SP_EPS) {
                        eta[e] = nw;
                        float f = (float)(1.0 - nw);
                        if (1.0 - old > SP_EPS)
                            f = (float)(f / (1.0 - old));
                        p0[v] *= f;
                        if (s->neg[e])
                            pn[v] *= f;
                        else
                            pp[v] *= f;
                        l->bits[e / 64] |= 1ull << (e % 64);
                        changed = 1;
                    }
                }
        } while (changed && iteration < SP_MAXIT);
        float gmax = 0.0f, gsum = 0.0f;
        unsigned gnum = 0;
        ls_sp_launch_t *l = sp_launch(s, SP_BIAS, n);
        if (!l)
            goto out;
        for (unsigned v = 0; v < n; v++) {   /* dupdatebias: one literal a thread (the first n threads) */
            if (ls_bit(solved, v))
                continue;
            float ppos = (float)((1.0 - pp[v]) * pn[v]), pneg = (float)((1.0 - pn[v]) * pp[v]);
            float bp = ppos / (ppos + pneg + p0[v]), bn = pneg / (ppos + pneg + p0[v]);
            float d = bp - bn;
            if (d < 0.0)
                d = bn - bp;
            bias[v] = d;
            gnum++;
            if (d > SP_EPS) {
                changed++;
                l->bits[v / 64] |= 1ull << (v % 64);
            }
            gmax = gmax < d ? d : gmax;   /* each thread's lmax, lsum: its one literal's d */
            gsum = gsum < d ? d : gsum;
        }
        if (changed > 0) {   /* ddecimate: thread 0's limit; every other thread's is 0 */
            if (!(l = sp_launch(s, SP_DECIMATE, n)))
                goto out;
            l->avg = gnum > 0;
            float limit = gnum > 0 ? (float)fma(-0.75, (double)(gsum / (float)gnum), (double)gmax) : gmax;
            uint64_t *next = malloc((n + 63) / 64 * sizeof *next);
            if (!next || !(sv = realloc(s->solved, (s->nepoch + 1) * sizeof *sv))) {
                free(next);
                goto out;
            }
            s->solved = sv;
            memcpy(next, solved, (n + 63) / 64 * sizeof *next);
            for (unsigned v = 0; v < n; v++)
                if (!ls_bit(solved, v) && bias[v] >= (v == 0 ? limit : 0.0f)) {
                    next[v / 64] |= 1ull << (v % 64);
                    l->bits[v / 64] |= 1ull << (v % 64);
                }
            s->solved[s->nepoch++] = next;
        }
        ++outer;
    } while (changed > 0 && outer < SP_MAXIT);
    r = 0;
out:
    free(eta), free(bias), free(p0), free(pp), free(pn);
    return r;
}

int ls_sat_gen(ls_sat_t *s, unsigned seed, unsigned m, unsigned n)
{
    memset(s, 0, sizeof *s);
    const uint64_t ne = (uint64_t)SP_K * m;
    s->n = n, s->m = m;
    s->c2l = malloc(ne * sizeof *s->c2l);
    s->neg = malloc(ne);
    s->eta0 = malloc(ne * sizeof *s->eta0);
    s->bias0 = malloc((size_t)n * sizeof *s->bias0);
    if (!s->c2l || !s->neg || !s->eta0 || !s->bias0) {
        ls_sat_free(s);
        return -1;
    }
    glibc_rand_t g;
    grand_seed(&g, seed);
    for (unsigned v = 0; v < n; v++)
        s->bias0[v] = grand_unit(&g);
    /* getnextliteral() redraws a literal already in the clause as it reads an
     * uninitialised buffer (lperc is never written): we take it as holding
     * no literal, so every draw stands */
    for (uint64_t e = 0; e < ne; e++) {
        s->c2l[e] = grand(&g) % n;
        s->neg[e] = (uint8_t)(grand(&g) % 2);
        s->eta0[e] = grand_unit(&g);
    }
    if (ls_sat_run(s)) {
        ls_sat_free(s);
        return -1;
    }
    return 0;
}

void ls_sat_free(ls_sat_t *s)
{
    for (unsigned l = 0; l < s->nlaunch; l++)
        free(s->launch[l].bits);
    for (unsigned e = 0; e < s->nepoch; e++)
        free(s->solved[e]);
    free(s->launch), free(s->solved), free(s->c2l), free(s->neg), free(s->eta0), free(s->bias0);
    memset(s, 0, sizeof *s);
}

/* ---- sp kernels ------------------------------------------------------------------------------------ */

/* dinit(N, lprod0, lprodP, lprodN): id = blockIdx.x blockDim.x + threadIdx.x; if (id < N)
 * lprod0[id] = lprodP[id] = lprodN[id] = 0.5 (the chain stores right to left). */
void ls_sp_init(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t id = (uint64_t)t->bx * t->bdx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx);
    GUARD(t, id < p->n, ri);
    reg_t half = MOV(t, NOREG);
    STG(t, EL(p->arr[2], id), ri, half);
    STG(t, EL(p->arr[1], id), ri, half);
    STG(t, EL(p->arr[0], id), ri, half);
    EXIT(t);
}

/* dupdateeta: wpt = ceil(M / (gridDim blockDim)) clauses a thread from start = id wpt (1 as
 * launched), if start < M. Per clause cc, row = 3 cc, for kk < 3: ll = c2l[row + kk]; if
 * (!lsolved[ll]) { old = eeta[row + kk]; new = 1; for the two other slots j: new *=
 * lbias[c2l[row + j]] / eeta[row + j] (both loaded again each time: a store below may
 * alias); if (|old - new| > EPSILON) { eeta[row + kk] = new; factor = (1 - new) / (1 - old)
 * (or 1 - new if 1 - old <= EPSILON: the division predicated); lprod0[ll] *= factor;
 * eisneg[row + kk] ? lprodN[ll] *= factor : lprodP[ll] *= factor; lchanged = true } }; after
 * the clauses, if (lchanged) *changed = true. The loops are written as loops (nvcc may unroll
 * the constant 3s: the same accesses); the double arithmetic is written as float
 * instructions. Which branches go which way is the host run's (ls_sat_t.launch[p]). */
void ls_sp_eta(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const ls_sat_t *s = p->data;
    const ls_sp_launch_t *ln = &s->launch[p->p];
    const uint64_t *solved = s->solved[ln->epoch];
    const uint64_t c2l = p->arr[0], eeta = p->arr[1], eisneg = p->arr[2], lbias = p->arr[3], lsolved = p->arr[4];
    const uint64_t lprod0 = p->arr[5], lprodp = p->arr[6], lprodn = p->arr[7], changed = p->arr[8];
    const uint64_t id = (uint64_t)t->bx * t->bdx + t->tx, threads = (uint64_t)t->gdx * t->bdx;
    const uint64_t wpt = (s->m + threads - 1) / threads, start = id * wpt;
    int lchanged = 0;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rid = IMAD(t, rbx, NOREG, rtx);
    reg_t rs = IMAD(t, rid, NOREG, NOREG);
    reg_t rlch = MOV(t, NOREG);
    BRANCH(t, rs);   /* start < NCLAUSES */
    if (start < s->m) {
        for (uint64_t cc = start; cc < start + wpt && cc < s->m; cc++) {   /* (the source has no cc < M test) */
            reg_t rrow = IMAD(t, rs, NOREG, NOREG);
            for (unsigned kk = 0; kk < SP_K; kk++) {
                const uint64_t e = SP_K * cc + kk;
                const uint32_t ll = s->c2l[e];
                reg_t rl = LDG(t, EL(c2l, e), rrow);
                BRANCH(t, LDG8(t, lsolved + ll, rl));   /* lsolved[ll] == false */
                if (!ls_bit(solved, ll)) {
                    reg_t rold = LDG(t, EL(eeta, e), rrow);
                    reg_t rone = MOV(t, NOREG), rnew = rone;
                    for (unsigned j = 0; j < SP_K; j++) {
                        BRANCH(t, rrow);   /* innerkk != kk */
                        if (j != kk) {
                            reg_t ril = LDG(t, EL(c2l, SP_K * cc + j), rrow);
                            reg_t rie = LDG(t, EL(eeta, SP_K * cc + j), rrow);
                            reg_t rb = LDG(t, EL(lbias, s->c2l[SP_K * cc + j]), ril);
                            reg_t rq = FMUL(t, rb, ALU(t, "MUFU.RCP", rie, NOREG, NOREG));
                            rnew = FMUL(t, rq, rone);
                        }
                        LOOP(t, rrow);
                    }
                    BRANCH(t, FADD(t, rold, rnew));   /* fabs(oldeta - neweta) > EPSILON */
                    if (ls_bit(ln->bits, e)) {
                        STG(t, EL(eeta, e), rrow, rnew);
                        reg_t rnum = FADD(t, rnew, NOREG);
                        reg_t rinv = ALU(t, "MUFU.RCP", FADD(t, rold, NOREG), NOREG, NOREG);
                        reg_t rf = FMUL(t, rnum, rinv);
                        reg_t r0 = LDG(t, EL(lprod0, ll), rl);
                        STG(t, EL(lprod0, ll), rl, FMUL(t, r0, rf));
                        BRANCH(t, LDG8(t, eisneg + e, rrow));   /* eisneg[row + kk] */
                        if (s->neg[e]) {
                            reg_t rn = LDG(t, EL(lprodn, ll), rl);
                            STG(t, EL(lprodn, ll), rl, FMUL(t, rn, rf));
                        } else {
                            reg_t rp = LDG(t, EL(lprodp, ll), rl);
                            STG(t, EL(lprodp, ll), rl, FMUL(t, rp, rf));
                        }
                        lchanged = 1;
                    }
                }
                LOOP(t, rrow);
            }
            LOOP(t, rs);
        }
    }
    BRANCH(t, rlch);   /* lchanged */
    if (lchanged)
        STG(t, changed, NOREG, MOV(t, NOREG));
    EXIT(t);
}

/* dupdatebias (launched over ceil(M / 512) blocks, it walks literals): wpt = ceil(N /
 * (gridDim blockDim)) (1), start = id wpt; if (start < N) { for ll in start .. start + wpt:
 * if (!lsolved[ll]) { p0, pP, pN = lprod0/P/N[ll]; ppos = (1 - pP) pN, pneg = (1 - pN) pP,
 * biasP, biasN = ppos, pneg / (ppos + pneg + p0); d = |biasP - biasN|; lbias[ll] = d;
 * lvalue[ll] = biasP > biasN (a byte); lmax, lsum, lnum; if (d > EPSILON) ++*changed (load,
 * add, store: no atomic) }; *gMaxBias = max(*gMaxBias, lmax); *gAvgBiasSum =
 * max(*gAvgBiasSum, lsum) (loads and stores, no atomics); atomicAdd(gAvgBiasNum, lnum) (its
 * value unused: a RED) }. */
void ls_sp_bias(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const ls_sat_t *s = p->data;
    const ls_sp_launch_t *ln = &s->launch[p->p];
    const uint64_t *solved = s->solved[ln->epoch];
    const uint64_t lsolved = p->arr[0], lprod0 = p->arr[1], lprodp = p->arr[2], lprodn = p->arr[3];
    const uint64_t lbias = p->arr[4], lvalue = p->arr[5], changed = p->arr[6], gmax = p->arr[7];
    const uint64_t gsum = p->arr[8], gnum = p->arr[9];
    const uint64_t id = (uint64_t)t->bx * t->bdx + t->tx, threads = (uint64_t)t->gdx * t->bdx;
    const uint64_t wpt = (s->n + threads - 1) / threads, start = id * wpt;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rid = IMAD(t, rbx, NOREG, rtx);
    reg_t rs = IMAD(t, rid, NOREG, NOREG);
    reg_t rmax = MOV(t, NOREG), rsum = MOV(t, NOREG), rnum = MOV(t, NOREG);
    GUARD(t, start < s->n, rs);
    for (uint64_t ll = start; ll < start + wpt && ll < s->n; ll++) {
        reg_t rl = IADD(t, rs, NOREG);
        BRANCH(t, LDG8(t, lsolved + ll, rl));   /* lsolved[ll] == false */
        if (!ls_bit(solved, ll)) {
            reg_t r0 = LDG(t, EL(lprod0, ll), rl);
            reg_t rp = LDG(t, EL(lprodp, ll), rl);
            reg_t rn = LDG(t, EL(lprodn, ll), rl);
            reg_t rpos = FMUL(t, FADD(t, rp, NOREG), rn);
            reg_t rneg = FMUL(t, FADD(t, rn, NOREG), rp);
            reg_t rden = FADD(t, FADD(t, rpos, rneg), r0);
            reg_t rinv = ALU(t, "MUFU.RCP", rden, NOREG, NOREG);
            reg_t rbp = FMUL(t, rpos, rinv), rbn = FMUL(t, rneg, rinv);
            reg_t rd = FADD(t, rbp, rbn);
            STG(t, EL(lbias, ll), rl, rd);
            STG8(t, lvalue + ll, rl, ALU(t, "FSETP.GT.AND", rbp, rbn, NOREG));
            BRANCH(t, rd);   /* d > EPSILON */
            if (ls_bit(ln->bits, ll)) {
                reg_t rc = LDG(t, changed, NOREG);
                STG(t, changed, NOREG, IADD(t, rc, NOREG));
            }
        }
        LOOP(t, rs);
    }
    reg_t rm = LDG(t, gmax, NOREG);
    STG(t, gmax, NOREG, ALU(t, "FMNMX", rm, rmax, NOREG));
    reg_t ra = LDG(t, gsum, NOREG);
    STG(t, gsum, NOREG, ALU(t, "FMNMX", ra, rsum, NOREG));
    simt_rec(t, SIMT_SITE_, "RED.E.ADD", 4, gnum, 0, NOREG, rnum, NOREG, NOREG);
    EXIT(t);
}

/* ddecimate: wpt = ceil(N / (gridDim blockDim)) (1), start = id wpt, limit = 0; if (start <
 * N) { if (id == 0) limit = *gAvgBiasNum > 0 ? *gMaxBias - 0.75 (*gAvgBiasSum /
 * *gAvgBiasNum) : *gMaxBias (only thread 0 computes it: every other thread compares with 0);
 * __syncthreads(); for each of its literals: if (!lsolved[l] && lbias[l] >= limit) {
 * lsolved[l] = true; lvalue[l] = true } (bytes) }. */
void ls_sp_decimate(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const ls_sat_t *s = p->data;
    const ls_sp_launch_t *ln = &s->launch[p->p];
    const uint64_t *solved = s->solved[ln->epoch];
    const uint64_t lsolved = p->arr[0], lbias = p->arr[1], lvalue = p->arr[2], gmax = p->arr[3];
    const uint64_t gsum = p->arr[4], gnum = p->arr[5];
    const uint64_t id = (uint64_t)t->bx * t->bdx + t->tx, threads = (uint64_t)t->gdx * t->bdx;
    const uint64_t wpt = (s->n + threads - 1) / threads, start = id * wpt;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rid = IMAD(t, rbx, NOREG, rtx);
    reg_t rs = IMAD(t, rid, NOREG, NOREG);
    reg_t rlim = MOV(t, NOREG);
    GUARD(t, start < s->n, rs);
    BRANCH(t, rid);   /* id == 0 */
    if (id == 0) {
        reg_t rn = LDG(t, gnum, NOREG);
        BRANCH(t, rn);   /* *gAvgBiasNum > 0 */
        if (ln->avg) {
            reg_t ra = LDG(t, gsum, NOREG);
            reg_t rm = LDG(t, gmax, NOREG);
            FFMA(t, FMUL(t, ra, ALU(t, "MUFU.RCP", rn, NOREG, NOREG)), NOREG, rm);
        } else {
            LDG(t, gmax, NOREG);
        }
    }
    BAR(t);
    for (uint64_t l = start; l < start + wpt && l < s->n; l++) {
        reg_t rl = IADD(t, rs, NOREG);
        BRANCH(t, LDG8(t, lsolved + l, rl));   /* lsolved[l] == false */
        if (!ls_bit(solved, l)) {
            reg_t rb = LDG(t, EL(lbias, l), rl);
            BRANCH(t, FADD(t, rb, rlim));   /* lbias[l] >= limit */
            if (ls_bit(ln->bits, l)) {
                reg_t one = MOV(t, NOREG);
                STG8(t, lsolved + l, rl, one);
                STG8(t, lvalue + l, rl, one);
            }
        }
        LOOP(t, rs);
    }
    EXIT(t);
}
