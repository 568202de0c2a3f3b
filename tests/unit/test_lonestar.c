/* test_lonestar.c - the LonestarGPU kernels written per thread
 * (sim/workload/lonestar.c): the r4 graph generator and the relaxation that
 * decides drelax's control flow, and the addresses of chosen threads worked
 * out by hand from sssp_ls.h and graph.h on a graph written out here; sp's
 * formula against the C library's rand(), its host run against a replay
 * clause by clause, and chosen threads of its four kernels on a formula
 * written out here, their addresses worked out by hand from apps/sp/main.cu. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
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

/* init(): srand(0); lbias[v] = rand() / RAND_MAX for each literal, then per edge the literal
 * rand() % N, the sign rand() % 2, eeta rand() / RAND_MAX. This machine's C library is glibc,
 * whose rand() ls_sat_gen restates. */
static void sp_formula_is_glibc_rand(void **state)
{
    (void)state;
    ls_sat_t s;
    const unsigned n = 1000, m = SP_CLAUSES(n);
    assert_int_equal(m, 4200);
    assert_int_equal(SP_CLAUSES(10000), 42000);
    assert_int_equal(ls_sat_gen(&s, SP_SEED, m, n), 0);
    srand(SP_SEED);
    for (unsigned v = 0; v < n; v++)
        assert_true(s.bias0[v] == (float)rand() / (float)RAND_MAX);
    for (unsigned e = 0; e < SP_K * m; e++) {
        assert_int_equal(s.c2l[e], (uint32_t)rand() % n);
        assert_int_equal(s.neg[e], rand() % 2);
        assert_true(s.eta0[e] == (float)rand() / (float)RAND_MAX);
    }
    ls_sat_free(&s);
}

/* The host run: dupdateeta launches while one changes something, at most 100 in the run;
 * then dupdatebias, then ddecimate if it counted a bias above EPSILON, in rounds. Every eta
 * launch's bits equal a replay clause by clause (all launches of one clause, then the next:
 * the other order of the run's loops), which holds because a clause's etas read only its own
 * etas, the biases and lsolved; ddecimate fixes only unsolved literals and the next epoch is
 * the old one with them. */
static void sp_host_run(void **state)
{
    (void)state;
    ls_sat_t s;
    const unsigned n = 1000, m = SP_CLAUSES(n);
    assert_int_equal(ls_sat_gen(&s, SP_SEED, m, n), 0);
    unsigned eta = 0, l = 0, rounds = 0;
    while (l < s.nlaunch) {
        unsigned first = l;
        assert_int_equal(s.launch[l].kind, SP_ETA);
        while (l < s.nlaunch && s.launch[l].kind == SP_ETA)
            l++, eta++;
        for (unsigned k = first; k + 1 < l; k++) {   /* every eta launch but the last changed something */
            uint64_t any = 0;
            for (unsigned w = 0; w < (SP_K * m + 63) / 64; w++)
                any |= s.launch[k].bits[w];
            assert_true(any);
        }
        assert_true(l < s.nlaunch && s.launch[l].kind == SP_BIAS);
        assert_int_equal(s.launch[l].epoch, s.launch[first].epoch);
        l++, rounds++;
        if (l < s.nlaunch) {
            const ls_sp_launch_t *d = &s.launch[l++];
            assert_int_equal(d->kind, SP_DECIMATE);
            for (unsigned v = 0; v < n; v++) {
                if (ls_bit(d->bits, v))
                    assert_false(ls_bit(s.solved[d->epoch], v));
                assert_int_equal(ls_bit(s.solved[d->epoch + 1], v),
                                 ls_bit(s.solved[d->epoch], v) | ls_bit(d->bits, v));
            }
        }
    }
    assert_true(eta >= rounds && rounds >= 1);
    assert_int_equal(s.launch[s.nlaunch - 1].kind, SP_BIAS);
    /* the eta launches clause by clause */
    float *eta0 = s.eta0, bias[1000];
    memcpy(bias, s.bias0, sizeof bias);
    for (unsigned c = 0; c < m; c++) {
        float e3[SP_K];
        memcpy(e3, eta0 + SP_K * c, sizeof e3);
        for (unsigned k = 0; k < s.nlaunch; k++) {
            if (s.launch[k].kind != SP_ETA)
                continue;
            const uint64_t *solved = s.solved[s.launch[k].epoch];
            if (s.launch[k].epoch > 0)   /* after a decimation the biases are dupdatebias's: stop */
                break;
            for (unsigned kk = 0; kk < SP_K; kk++) {
                float nw = 1.0f;
                for (unsigned j = 0; j < SP_K; j++)
                    if (j != kk)
                        nw *= bias[s.c2l[SP_K * c + j]] / e3[j];
                int moved = !ls_bit(solved, s.c2l[SP_K * c + kk]) && fabsf(e3[kk] - nw) > SP_EPS;
                assert_int_equal(ls_bit(s.launch[k].bits, SP_K * c + kk), moved);
                if (moved)
                    e3[kk] = nw;
            }
        }
    }
    ls_sat_free(&s);
}

/* A formula by hand: 4 literals, 2 clauses; clause 0 = (2, 0, 3) signs (+, -, +), clause 1 =
 * (1, 1, 2) signs (-, +, +) (a literal twice, as init() allows). Launch 0 (eta, nothing
 * solved): edges 0, 2 (clause 0 slots 0, 2) and 3 (clause 1 slot 0) moved; launch 1 (bias):
 * literal 1's d exceeds EPSILON; launch 2 (decimate, gAvgBiasNum > 0): literals 1, 2, 3 fixed
 * (literal 0: thread 0's limit is above its bias); launch 3 (eta, literals 1, 2, 3 solved):
 * nothing moved. One block of 512 (gridDim 1: wpt = 1). */
static void sp_addresses(void **state)
{
    (void)state;
    static uint32_t c2l[6] = {2, 0, 3, 1, 1, 2};
    static uint8_t neg[6] = {0, 1, 0, 1, 0, 0};
    static uint64_t b0 = 1u << 0 | 1u << 2 | 1u << 3, b1 = 1u << 1, b2 = 1u << 1 | 1u << 2 | 1u << 3, b3 = 0;
    static uint64_t e0 = 0, e1 = 1u << 1 | 1u << 2 | 1u << 3, *solved[2] = {&e0, &e1};
    ls_sp_launch_t ln[4] = {{SP_ETA, 0, 0, &b0}, {SP_BIAS, 0, 0, &b1}, {SP_DECIMATE, 1, 0, &b2}, {SP_ETA, 0, 1, &b3}};
    ls_sat_t s = {.n = 4, .m = 2, .c2l = c2l, .neg = neg, .nlaunch = 4, .nepoch = 2, .launch = ln, .solved = solved};
    const uint64_t C2L = 0x1000000, ETA = 0x2000000, NEG = 0x3000000, LB = 0x4000000, LS = 0x5000000;
    const uint64_t P0 = 0x6000000, PP = 0x7000000, PN = 0x8000000, CH = 0x9000000, LV = 0xa000000;
    const uint64_t GM = 0xb000000, GS = 0xc000000, GN = 0xd000000;
    static run_t r;
    /* dupdateeta, launch 0, thread 0 = clause 0: per slot c2l, lsolved[literal], eeta; the
     * two other slots' c2l, eeta, lbias[their literal]; slot 0 moved: eeta store, lprod0's
     * load and store, eisneg, lprodP's (a + sign); slot 1 did not; slot 2 moved like slot 0;
     * the flag */
    simt_args_t a = {.arr = {C2L, ETA, NEG, LB, LS, P0, PP, PN, CH}, .n = 4, .p = 0, .data = &s};
    simt_run(&r, ls_sp_eta, &a, 0, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    const uint64_t t0[] = {C2L,     LS + 2,  ETA,     C2L + 4, ETA + 4, LB,      C2L + 8, ETA + 8, LB + 12,
                           ETA,     P0 + 8,  P0 + 8,  NEG,     PP + 8,  PP + 8,                            /* slot 0 */
                           C2L + 4, LS,      ETA + 4, C2L,     ETA,     LB + 8,  C2L + 8, ETA + 8, LB + 12, /* 1 */
                           C2L + 8, LS + 3,  ETA + 8, C2L,     ETA,     LB + 8,  C2L + 4, ETA + 4, LB,
                           ETA + 8, P0 + 12, P0 + 12, NEG + 2, PP + 12, PP + 12,                           /* 2 */
                           CH};
    assert_int_equal(r.nmem, sizeof t0 / sizeof t0[0]);
    for (unsigned i = 0; i < r.nmem; i++)
        assert_int_equal(r.mem[i], t0[i]);
    assert_string_equal(r.op[1], "LDG.E.U8");
    assert_string_equal(r.op[9], "STG.E");
    assert_string_equal(r.op[12], "LDG.E.U8");
    assert_string_equal(r.op[39], "STG.E");
    /* thread 1 = clause 1 (literals 1, 1, 2): slot 0 moved with a - sign (lprodN[1]) */
    simt_run(&r, ls_sp_eta, &a, 1, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    const uint64_t t1[] = {C2L + 12, LS + 1,  ETA + 12, C2L + 16, ETA + 16, LB + 4,   C2L + 20, ETA + 20, LB + 8,
                           ETA + 12, P0 + 4,  P0 + 4,   NEG + 3,  PN + 4,   PN + 4,
                           C2L + 16, LS + 1,  ETA + 16, C2L + 12, ETA + 12, LB + 4,   C2L + 20, ETA + 20, LB + 8,
                           C2L + 20, LS + 2,  ETA + 20, C2L + 12, ETA + 12, LB + 4,   C2L + 16, ETA + 16, LB + 4,
                           CH};
    assert_int_equal(r.nmem, sizeof t1 / sizeof t1[0]);
    for (unsigned i = 0; i < r.nmem; i++)
        assert_int_equal(r.mem[i], t1[i]);
    /* thread 2: past the clauses */
    simt_run(&r, ls_sp_eta, &a, 2, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    assert_int_equal(r.nmem, 0);
    /* launch 3, thread 0: literals 2 and 3 solved (slots 0, 2 skip after lsolved), slot 1
     * (literal 0) computes and does not move; no flag */
    a.p = 3;
    simt_run(&r, ls_sp_eta, &a, 0, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    const uint64_t t3[] = {C2L,     LS + 2, C2L + 4, LS, ETA + 4, C2L, ETA, LB + 8, C2L + 8, ETA + 8, LB + 12,
                           C2L + 8, LS + 3};
    assert_int_equal(r.nmem, sizeof t3 / sizeof t3[0]);
    for (unsigned i = 0; i < r.nmem; i++)
        assert_int_equal(r.mem[i], t3[i]);
    /* dupdatebias, launch 1: thread 1 = literal 1: lsolved, the three products, lbias and
     * lvalue stores, `++*changed` (its d > EPSILON), then every thread below N: gMaxBias and
     * gAvgBiasSum load and store, the atomicAdd */
    simt_args_t b = {.arr = {LS, P0, PP, PN, LB, LV, CH, GM, GS, GN}, .n = 4, .p = 1, .data = &s};
    simt_run(&r, ls_sp_bias, &b, 1, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    const uint64_t u1[] = {LS + 1, P0 + 4, PP + 4, PN + 4, LB + 4, LV + 1, CH, CH, GM, GM, GS, GS, GN};
    assert_int_equal(r.nmem, sizeof u1 / sizeof u1[0]);
    for (unsigned i = 0; i < r.nmem; i++)
        assert_int_equal(r.mem[i], u1[i]);
    assert_string_equal(r.op[5], "STG.E.U8");
    assert_string_equal(r.op[12], "RED.E.ADD");
    /* thread 0 = literal 0: no `changed` */
    simt_run(&r, ls_sp_bias, &b, 0, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    const uint64_t u0[] = {LS, P0, PP, PN, LB, LV, GM, GM, GS, GS, GN};
    assert_int_equal(r.nmem, sizeof u0 / sizeof u0[0]);
    for (unsigned i = 0; i < r.nmem; i++)
        assert_int_equal(r.mem[i], u0[i]);
    /* thread 4: past the literals, nothing (not even the globals) */
    simt_run(&r, ls_sp_bias, &b, 4, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    assert_int_equal(r.nmem, 0);
    /* launch 3's epoch: literal 2 solved, only the globals */
    b.p = 3;
    simt_run(&r, ls_sp_bias, &b, 2, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    const uint64_t u2[] = {LS + 2, GM, GM, GS, GS, GN};
    assert_int_equal(r.nmem, sizeof u2 / sizeof u2[0]);
    for (unsigned i = 0; i < r.nmem; i++)
        assert_int_equal(r.mem[i], u2[i]);
    /* ddecimate, launch 2: thread 0 reads gAvgBiasNum, gAvgBiasSum, gMaxBias, waits, then its
     * literal (not fixed); thread 2 waits, fixes literal 2 (two byte stores); thread 4 leaves
     * before the barrier */
    simt_args_t d = {.arr = {LS, LB, LV, GM, GS, GN}, .n = 4, .p = 2, .data = &s};
    simt_run(&r, ls_sp_decimate, &d, 0, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    const uint64_t d0[] = {GN, GS, GM, LS, LB};
    assert_int_equal(r.nmem, sizeof d0 / sizeof d0[0]);
    for (unsigned i = 0; i < r.nmem; i++)
        assert_int_equal(r.mem[i], d0[i]);
    assert_int_equal(r.bars, 1);
    simt_run(&r, ls_sp_decimate, &d, 2, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    const uint64_t d2[] = {LS + 2, LB + 8, LS + 2, LV + 2};
    assert_int_equal(r.nmem, sizeof d2 / sizeof d2[0]);
    for (unsigned i = 0; i < r.nmem; i++)
        assert_int_equal(r.mem[i], d2[i]);
    assert_string_equal(r.op[2], "STG.E.U8");
    assert_string_equal(r.op[3], "STG.E.U8");
    assert_int_equal(r.bars, 1);
    simt_run(&r, ls_sp_decimate, &d, 4, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    assert_true(r.nmem == 0 && r.bars == 0);
    /* gAvgBiasNum == 0: thread 0 reads gMaxBias only */
    ln[2].avg = 0;
    simt_run(&r, ls_sp_decimate, &d, 0, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    assert_true(r.nmem == 4 && r.mem[0] == GN && r.mem[1] == GM && r.mem[2] == LS && r.mem[3] == LB);
    /* dinit: lprodN, lprodP, lprod0 of its literal (the chained assignment, right to left) */
    simt_args_t z = {.arr = {P0, PP, PN}, .n = 4};
    simt_run(&r, ls_sp_init, &z, 3, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    assert_true(r.nmem == 3 && r.mem[0] == PN + 12 && r.mem[1] == PP + 12 && r.mem[2] == P0 + 12);
    simt_run(&r, ls_sp_init, &z, 4, 0, 0, 0, SP_BLOCK, 1, 1, 1);
    assert_int_equal(r.nmem, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(r4_graph),
        cmocka_unit_test(drelax_addresses),
        cmocka_unit_test(sp_formula_is_glibc_rand),
        cmocka_unit_test(sp_host_run),
        cmocka_unit_test(sp_addresses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
