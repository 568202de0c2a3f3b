/* test_lonestar.c - the LonestarGPU kernels written per thread
 * (sim/workload/lonestar.c): the r4 graph generator and the relaxation that
 * decides drelax's control flow, and the addresses of chosen threads worked
 * out by hand from sssp_ls.h and graph.h on a graph written out here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/lonestar.h"

#include "simt_harness.h"

static void run(run_t *r, simt_fn fn, const simt_args_t *a, unsigned tx, unsigned bx)
{
    simt_run(r, fn, a, tx, 0, bx, 0, SSSP_BLOCK, 1, 4, 1);
}

/* Galois' r4 graph: 4n edges, the ring i -> i + 1 first in each node's list, no repeated
 * edge, weights 1..10000; the relaxation ends with a launch that lowers nothing, and its
 * distances (replayed from the launches' bits) are the shortest paths (Bellman-Ford). */
static void r4_graph(void **state)
{
    (void)state;
    ls_graph_t g;
    const unsigned n = 3000;
    assert_int_equal(ls_r4gen(&g, n), 0);
    assert_int_equal(g.m, 4 * n);
    assert_int_equal(g.psrc[0], 1);
    assert_int_equal(g.psrc[n], g.m + 1);
    for (unsigned v = 0; v < n; v++) {
        assert_true(g.psrc[v + 1] > g.psrc[v]);   /* the ring edge at least */
        assert_int_equal(g.dst[g.psrc[v]], (v + 1) % n);
        for (uint32_t e = g.psrc[v]; e < g.psrc[v + 1]; e++) {
            assert_true(g.wt[e] >= 1 && g.wt[e] <= 10000);
            for (uint32_t f = g.psrc[v]; f < e; f++)
                assert_true(g.dst[f] != g.dst[e]);
        }
    }
    assert_true(g.launches >= 2);
    for (unsigned i = 0; i < (g.m + 1 + 63) / 64; i++)
        assert_int_equal(g.upd[g.launches - 1][i], 0);
    /* replay: a set bit lowers its destination to dist[src] + wt, in launch order */
    uint32_t *d = malloc(n * sizeof *d), *bf = malloc(n * sizeof *bf);
    uint32_t *src = malloc((g.m + 1) * sizeof *src);
    for (unsigned v = 0; v < n; v++) {
        d[v] = bf[v] = SSSP_INF;
        for (uint32_t e = g.psrc[v]; e < g.psrc[v + 1]; e++)
            src[e] = v;
    }
    d[0] = bf[0] = 0;
    for (unsigned l = 0; l < g.launches; l++)
        for (unsigned v = 0; v < n; v++)
            for (uint32_t e = g.psrc[v]; e < g.psrc[v + 1]; e++)
                if (g.upd[l][e / 64] >> (e % 64) & 1) {
                    assert_true(d[v] + g.wt[e] < d[g.dst[e]]);
                    d[g.dst[e]] = d[v] + g.wt[e];
                }
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t e = 1; e <= g.m; e++)
            if (bf[src[e]] + g.wt[e] < bf[g.dst[e]])
                bf[g.dst[e]] = bf[src[e]] + g.wt[e], changed = 1;
    }
    assert_memory_equal(d, bf, n * sizeof *d);
    free(d), free(bf), free(src);
    ls_graph_free(&g);
}

/* A graph by hand: 5 nodes; node 0: edges to 1 (w 5), 2 (w 1) at slots 1, 2; node 1: to 3
 * (w 1) at slot 3; node 2: to 1 (w 1) at slot 4; node 3: none; node 4: to 0 (w 7) at slot 5.
 * One launch's bits: slots 1, 2, 3 lowered their destinations (node 0's thread first:
 * dist[1] = 5, dist[2] = 1; node 1's: dist[3] = 6; node 2's (thread 1, later): 1 + 1 = 2 < 5,
 * slot 4 too). Threads cover 2 nodes each: thread 0 nodes 0, 1; thread 1 nodes 2, 3; thread 2
 * node 4 (5 is past nnodes). */
static void drelax_addresses(void **state)
{
    (void)state;
    static uint32_t psrc[6] = {1, 3, 4, 5, 5, 6}, dst[6] = {0, 1, 2, 3, 1, 0}, wt[6] = {0, 5, 1, 1, 1, 7};
    static uint64_t bits = (1u << 1) | (1u << 2) | (1u << 3) | (1u << 4), *upd[1] = {&bits};
    ls_graph_t g = {.n = 5, .m = 5, .launches = 1, .psrc = psrc, .dst = dst, .wt = wt, .upd = upd};
    const uint64_t ED = 0x1000000, EW = 0x2000000, PS = 0x3000000, NO = 0x4000000, SS = 0x5000000;
    const uint64_t DI = 0x6000000, CH = 0x7000000;
    simt_args_t a = {.arr = {ED, EW, PS, NO, SS, DI, CH}, .n = 5, .p = 0, .data = &g};
    static run_t r;
    /* thread 0: node 0 (noutgoing[0]; per edge noutgoing, srcsrc, psrc, edgessrcdst[e],
     * edgessrcwt[e], dist[0], dist[dst], the atomic), the flag; node 1 likewise */
    run(&r, ls_sssp_drelax, &a, 0, 0);
    const uint64_t t0[] = {NO,          NO,          SS,          PS, ED + 4, EW + 4, DI, DI + 4, DI + 4,
                           NO,          SS,          PS,          ED + 8, EW + 8, DI, DI + 8, DI + 8, CH,
                           NO + 4,      NO + 4,      SS + 4,      PS + 4, ED + 12, EW + 12, DI + 4, DI + 12,
                           DI + 12,     CH};
    assert_int_equal(r.nmem, sizeof t0 / sizeof t0[0]);
    for (unsigned i = 0; i < r.nmem; i++)
        assert_int_equal(r.mem[i], t0[i]);
    assert_string_equal(r.op[8], "ATOM.E.MIN");
    assert_string_equal(r.op[17], "STG.E.U8");
    /* thread 1: node 2 (slot 4, lowered: the atomic on dist[1]); node 3 (no edges, no flag) */
    run(&r, ls_sssp_drelax, &a, 1, 0);
    const uint64_t t1[] = {NO + 8, NO + 8, SS + 8, PS + 8, ED + 16, EW + 16, DI + 8, DI + 4, DI + 4, CH, NO + 12};
    assert_int_equal(r.nmem, sizeof t1 / sizeof t1[0]);
    for (unsigned i = 0; i < r.nmem; i++)
        assert_int_equal(r.mem[i], t1[i]);
    /* thread 2: node 4 (slot 5, not lowered: no atomic, no flag); node 5 is past nnodes */
    run(&r, ls_sssp_drelax, &a, 2, 0);
    const uint64_t t2[] = {NO + 16, NO + 16, SS + 16, PS + 16, ED + 20, EW + 20, DI + 16, DI};
    assert_int_equal(r.nmem, sizeof t2 / sizeof t2[0]);
    for (unsigned i = 0; i < r.nmem; i++)
        assert_int_equal(r.mem[i], t2[i]);
    /* thread 3 (nodes 6, 7) and block 1: no memory access */
    run(&r, ls_sssp_drelax, &a, 3, 0);
    assert_int_equal(r.nmem, 0);
    run(&r, ls_sssp_drelax, &a, 0, 1);
    assert_int_equal(r.nmem, 0);
    /* dverifysolution, one node a thread: node 1's edge (slot 3 to node 3) */
    run(&r, ls_sssp_verify, &a, 1, 0);
    const uint64_t v1[] = {NO + 4, NO + 4, SS + 4, PS + 4, ED + 12, EW + 12, DI + 4, DI + 12};
    assert_int_equal(r.nmem, sizeof v1 / sizeof v1[0]);
    for (unsigned i = 0; i < r.nmem; i++)
        assert_int_equal(r.mem[i], v1[i]);
    /* initialize: dist[i] = MYINFINITY below n */
    a.arr[0] = DI;
    run(&r, ls_sssp_init, &a, 4, 0);
    assert_true(r.nmem == 1 && r.mem[0] == DI + 16);
    run(&r, ls_sssp_init, &a, 5, 0);
    assert_int_equal(r.nmem, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(r4_graph),
        cmocka_unit_test(drelax_addresses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
