/* test_rodinia.c - the Rodinia kernels written per thread
 * (sim/workload/rodinia.c): addresses of chosen threads and iterations
 * worked out by hand from the CUDA sources of Rodinia 3.1. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/rodinia.h"

#include "simt_harness.h"

static void rung(run_t *r, simt_fn fn, const simt_args_t *a, unsigned tx, unsigned ty, unsigned bx, unsigned by,
                 unsigned bdx, unsigned bdy, unsigned gdx, unsigned gdy)
{
    simt_run(r, fn, a, tx, ty, bx, by, bdx, bdy, gdx, gdy);
}

static void run2(run_t *r, simt_fn fn, const simt_args_t *a, unsigned tx, unsigned ty, unsigned bx, unsigned by,
                 unsigned bdx, unsigned bdy)
{
    rung(r, fn, a, tx, ty, bx, by, bdx, bdy, 1, 1);
}

static void run(run_t *r, simt_fn fn, const simt_args_t *a, unsigned tx, unsigned bx, unsigned bdx)
{
    run2(r, fn, a, tx, 0, bx, 0, bdx, 1);
}

/* dynproc_kernel, cols = 10000, startStep 0 (iteration 20, small blocks of
 * 216 columns, border 20). Thread 30 of block 2: xidx = 216 * 2 - 20 + 30 = 442.
 * gpuSrc[442] = SRC + 1768 -> prev[30] = SH + 120; step i: prev[29], prev[30],
 * prev[31], gpuWall[10000 i + 442], result[30] = SH + 1144; between steps
 * result[30] -> prev[30]; after the 20th, gpuResults[442] = DST + 1768. */
static void pathfinder_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t SRC = 0x1000000, DST = 0x2000000, WALL = 0x3000000, SH = 0x9000000;
    simt_args_t a = {.arr = {SRC, DST, WALL}, .n = 10000, .p = 0, .shmem = SH};
    run(&r, rd_pathfinder, &a, 30, 2, PF_BLOCK);
    assert_int_equal(r.mem[0], SRC + 1768);
    assert_int_equal(r.mem[1], SH + 120);
    const uint64_t step0[5] = {SH + 116, SH + 120, SH + 124, WALL + 1768, SH + 1144};
    for (int k = 0; k < 5; k++)
        assert_int_equal(r.mem[2 + k], step0[k]);
    assert_int_equal(r.mem[7], SH + 1144);           /* result[30] ... */
    assert_int_equal(r.mem[8], SH + 120);            /* ... to prev[30] */
    assert_int_equal(r.mem[2 + 7 * 5 + 3], WALL + 4 * 50442);   /* step 5: gpuWall[5 * 10000 + 442] */
    assert_int_equal(r.nmem, 2 + 7 * 19 + 5 + 2);    /* 19 steps with the copy, the last without, the store */
    assert_int_equal(r.mem[r.nmem - 1], DST + 1768);
    assert_int_equal(r.bars, 1 + 2 * 19 + 1);
    /* thread 0 of block 0: xidx = -20, outside the grid and the valid range: no access, the barriers only */
    run(&r, rd_pathfinder, &a, 0, 0, PF_BLOCK);
    assert_int_equal(r.nmem, 0);
    assert_int_equal(r.bars, 40);
    /* the last pyramid (startStep 80): 19 steps */
    a.p = 80;
    run(&r, rd_pathfinder, &a, 30, 2, PF_BLOCK);
    assert_int_equal(r.bars, 1 + 2 * 18 + 1);
}

/* calculate_temp, N = 64, iteration 2 (small blocks of 12, border 2); thread
 * (5, 7) of block (1, 2): yidx = 12 * 2 - 2 + 7 = 29, xidx = 12 - 2 + 5 = 15,
 * index = 64 * 29 + 15 = 1871. temp_src and power at 4 * 1871 = 7484 into
 * temp_on_cuda[7][5] (SH + 468) and power_on_cuda[7][5] (SH + 1492); each
 * step reads [7][5], power [7][5], [8][5] (SH + 532), [6][5] (SH + 404),
 * [7][6] (SH + 472), [7][4] (SH + 464) and writes temp_t[7][5] (SH + 2516);
 * between the steps temp_t -> temp_on_cuda; then temp_dst[1871]. */
static void hotspot_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t TS = 0x1000000, TD = 0x2000000, PW = 0x3000000, SH = 0x9000000;
    simt_args_t a = {.arr = {TS, TD, PW}, .n = 64, .p = 2, .shmem = SH};
    run2(&r, rd_hotspot, &a, 5, 7, 1, 2, HS_BLOCK, HS_BLOCK);
    const uint64_t want[22] = {TS + 7484, SH + 468, PW + 7484, SH + 1492,
                               SH + 468, SH + 1492, SH + 532, SH + 404, SH + 472, SH + 464, SH + 2516,
                               SH + 2516, SH + 468,
                               SH + 468, SH + 1492, SH + 532, SH + 404, SH + 472, SH + 464, SH + 2516,
                               SH + 2516, TD + 7484};
    assert_int_equal(r.nmem, 22);
    for (int i = 0; i < 22; i++)
        assert_int_equal(r.mem[i], want[i]);
    assert_int_equal(r.bars, 1 + 2 + 1);   /* after the loads; step 0 twice; step 1 once */
    /* thread (0, 0) of block (0, 0): outside the grid (yidx = xidx = -2), never computes */
    run2(&r, rd_hotspot, &a, 0, 0, 0, 0, HS_BLOCK, HS_BLOCK);
    assert_int_equal(r.nmem, 0);
}

/* gaussian, Size 16, step t = 3. Fan1 thread 5: row 5 + 3 + 1 = 9:
 * a[16 * 9 + 3] = A + 588, a[16 * 3 + 3] = A + 204, m[16 * 9 + 3] = M + 588;
 * thread 12 (>= 16 - 1 - 3) leaves. Fan2 thread (2, 1) of block (1, 0):
 * xidx = 6, yidx = 1: m[16 * 10 + 3] = M + 652, a[16 * 3 + 4] = A + 208,
 * a[16 * 10 + 4] = A + 656 read and written; with yidx = 0 (thread (2, 0):
 * a[51] = A + 204, a[163] = A + 652)
 * also m[163], b[3] = B + 12, b[10] = B + 40 read and b[10] written. */
static void gaussian_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t M = 0x1000000, A = 0x2000000, B = 0x3000000;
    simt_args_t a = {.arr = {M, A, B}, .n = 16, .p = 3};
    run(&r, rd_gaussian_fan1, &a, 5, 0, GM_BLOCK1);
    assert_int_equal(r.nmem, 3);
    assert_int_equal(r.mem[0], A + 588);
    assert_int_equal(r.mem[1], A + 204);
    assert_int_equal(r.mem[2], M + 588);
    run(&r, rd_gaussian_fan1, &a, 12, 0, GM_BLOCK1);
    assert_int_equal(r.nmem, 0);
    run2(&r, rd_gaussian_fan2, &a, 2, 1, 1, 0, GM_BLOCK2, GM_BLOCK2);
    const uint64_t w1[4] = {M + 652, A + 208, A + 656, A + 656};
    assert_int_equal(r.nmem, 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(r.mem[i], w1[i]);
    run2(&r, rd_gaussian_fan2, &a, 2, 0, 1, 0, GM_BLOCK2, GM_BLOCK2);
    const uint64_t w0[8] = {M + 652, A + 204, A + 652, A + 652, M + 652, B + 12, B + 40, B + 40};
    assert_int_equal(r.nmem, 8);
    for (int i = 0; i < 8; i++)
        assert_int_equal(r.mem[i], w0[i]);
}

/* needle_cuda_shared_1, n = 64 (cols 65), diagonal i = 3, thread 5 of block 1:
 * the tile (1, 1): base = 65 * 16 + 16 = 1056, index = 1056 + 5 + 66 = 1127.
 * referrence[1127 + 65 ty] -> ref[ty][5] (SH + 1156 + 4 (16 ty + 5));
 * matrix[1056 + 65 + 65 * 5] = M + 5784 -> temp[6][0] (SH + 408);
 * matrix[1062] = M + 4248 -> temp[0][6] (SH + 24); the thread computes for
 * m = 5 .. 15 and then m = 14 .. 5, first cell temp[1][6] from temp[0][5],
 * ref[0][5], temp[1][5], temp[0][6]; then temp[ty+1][6] -> matrix[1127 + 65 ty]. */
static void nw_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t R = 0x1000000, M = 0x2000000, SH = 0x9000000;
    simt_args_t a = {.arr = {R, M}, .n = 64, .p = 3, .shmem = SH};
    run(&r, rd_nw1, &a, 5, 1, NW_BLOCK);
    assert_int_equal(r.nmem, 36 + 5 * 11 + 5 * 10 + 32);
    assert_int_equal(r.mem[0], R + 4508);
    assert_int_equal(r.mem[1], SH + 1176);
    assert_int_equal(r.mem[30], R + 4 * (1127 + 65 * 15));
    assert_int_equal(r.mem[32], M + 5784);
    assert_int_equal(r.mem[33], SH + 408);
    assert_int_equal(r.mem[34], M + 4248);
    assert_int_equal(r.mem[35], SH + 24);
    const uint64_t cell[5] = {SH + 20, SH + 1176, SH + 88, SH + 24, SH + 92};
    for (int i = 0; i < 5; i++)
        assert_int_equal(r.mem[36 + i], cell[i]);
    assert_int_equal(r.mem[36 + 105], SH + 92);       /* temp[1][6] ... */
    assert_int_equal(r.mem[36 + 106], M + 4508);      /* ... to matrix[1127] */
    assert_int_equal(r.bars, 3 + 16 + 15);
    /* thread 0 loads the north-west corner first: matrix[1056] */
    run(&r, rd_nw1, &a, 0, 1, NW_BLOCK);
    assert_int_equal(r.mem[0], M + 4224);
    assert_int_equal(r.mem[1], SH);
}

/* backprop, in = 64. layerforward thread (3, 5) of block 2: index = 17 * 16 * 2
 * + 17 * 5 + 3 + 1 + 17 = 650; it loads input_hidden[650] into weight[5][3]
 * (SH + 64 + 4 * 83 = SH + 396), scales it by input_node[5] (SH + 20), takes
 * no part in the reduction (ty odd) and stores it back. Thread (0, 4): also
 * input[16 * 2 + 4 + 1 = 37] -> input_node[4]; weight[4][0] (SH + 320) adds
 * weight[5][0] (SH + 384) and weight[6][0] (SH + 448); then weight[0][4]
 * (SH + 80) -> hidden_partial_sum[2 * 16 + 4] = PS + 144. adjust_weights
 * thread (3, 5): delta[4], ly[38], oldw[650], w[650] -> w[650]; delta, ly,
 * oldw again -> oldw[650]. */
static void backprop_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t IN = 0x1000000, OH = 0x2000000, IH = 0x3000000, PS = 0x4000000, SH = 0x9000000;
    simt_args_t a = {.arr = {IN, OH, IH, PS}, .n = 64, .shmem = SH};
    run2(&r, rd_bp_layerforward, &a, 3, 5, 2, 0, BP_BLOCK, BP_BLOCK);
    const uint64_t w1[7] = {IH + 2600, SH + 396, SH + 396, SH + 20, SH + 396, SH + 396, IH + 2600};
    assert_int_equal(r.nmem, 7);
    for (int i = 0; i < 7; i++)
        assert_int_equal(r.mem[i], w1[i]);
    run2(&r, rd_bp_layerforward, &a, 0, 4, 2, 0, BP_BLOCK, BP_BLOCK);
    const uint64_t w2[17] = {IN + 148, SH + 16, IH + 2520, SH + 320, SH + 320, SH + 16, SH + 320,
                             SH + 320, SH + 384, SH + 320, SH + 320, SH + 448, SH + 320,
                             SH + 320, IH + 2520, SH + 80, PS + 144};
    assert_int_equal(r.nmem, 17);
    for (int i = 0; i < 17; i++)
        assert_int_equal(r.mem[i], w2[i]);
    const uint64_t D = 0x5000000, L = 0x6000000, W = 0x7000000, O = 0x8000000;
    simt_args_t b = {.arr = {D, L, W, O}, .n = 64};
    run2(&r, rd_bp_adjust_weights, &b, 3, 5, 2, 0, BP_BLOCK, BP_BLOCK);
    const uint64_t w3[9] = {D + 16, L + 152, O + 2600, W + 2600, W + 2600, D + 16, L + 152, O + 2600, O + 2600};
    assert_int_equal(r.nmem, 9);
    for (int i = 0; i < 9; i++)
        assert_int_equal(r.mem[i], w3[i]);
}

/* lud, n = 64. lud_internal at offset 16, thread (3, 2) of block (1, 0):
 * global row 32, column 48; peri_row[2][3] (SH + 140) = m[18 * 64 + 51]
 * (M + 4812); peri_col[2][3] (SH + 1164) = m[34 * 64 + 19] (M + 8780); step i
 * reads peri_col[2][i] (SH + 1024 + 4 (32 + i)) and peri_row[i][3]
 * (SH + 4 (16 i + 3)); then m[34 * 64 + 51] (M + 8908) read and written.
 * lud_perimeter at offset 0, thread 20 (the column half, idx 4) of block 1:
 * dia[8][4] (SH + 528) = m[8 * 64 + 4] (M + 2064) first, then the column
 * tile from m[32 * 64 + 4] (M + 8208) into peri_col[0][4] (SH + 2064).
 * lud_diagonal at offset 16, thread 5: shadow[0][5] (SH + 20) = m[16 * 64 + 21]. */
static void lud_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t M = 0x1000000, SH = 0x9000000;
    simt_args_t a = {.arr = {M}, .n = 64, .p = 16, .shmem = SH};
    run2(&r, rd_lud_internal, &a, 3, 2, 1, 0, LUD_BLOCK, LUD_BLOCK);
    assert_int_equal(r.nmem, 4 + 32 + 2);
    const uint64_t head[4] = {M + 4812, SH + 140, M + 8780, SH + 1164};
    for (int i = 0; i < 4; i++)
        assert_int_equal(r.mem[i], head[i]);
    assert_int_equal(r.mem[4 + 2 * 7], SH + 1024 + 4 * (32 + 7));
    assert_int_equal(r.mem[5 + 2 * 7], SH + 4 * (16 * 7 + 3));
    assert_int_equal(r.mem[36], M + 8908);
    assert_int_equal(r.mem[37], M + 8908);
    a.p = 0;
    run(&r, rd_lud_perimeter, &a, 20, 1, 2 * LUD_BLOCK);
    assert_int_equal(r.mem[0], M + 2064);
    assert_int_equal(r.mem[1], SH + 528);
    assert_int_equal(r.mem[16], M + 8208);
    assert_int_equal(r.mem[17], SH + 2064);
    a.p = 16;
    run(&r, rd_lud_diagonal, &a, 5, 0, LUD_BLOCK);
    assert_int_equal(r.mem[0], M + 4 * 1045);
    assert_int_equal(r.mem[1], SH + 20);
}

/* bfs on a graph of 4 nodes drawn by hand: 0-1, 0-2, 1-3 (each edge both ways), lists
 * 0: {1, 2}, 1: {0, 3}, 2: {0}, 3: {1}; levels 0, 1, 1, 2. */
static void bfs_addresses(void **state)
{
    (void)state;
    static run_t r;
    uint32_t start[5] = {0, 2, 4, 5, 6}, edge[6] = {1, 2, 0, 3, 0, 1};
    uint16_t level[4] = {0, 1, 1, 2};
    rd_graph_t g = {.n = 4, .depth = 2, .maxdeg = 2, .start = start, .edge = edge, .level = level};
    const uint64_t NO = 0x1000000, ED = 0x2000000, MA = 0x3000000, UP = 0x4000000, VI = 0x5000000, CO = 0x6000000;
    simt_args_t a = {.arr = {NO, ED, MA, UP, VI, CO}, .n = 4, .p = 0, .data = &g};
    /* level 0, thread 0: mask[0] read and cleared, nodes[0].starting, then the loop test's
     * no_of_edges and starting; edge 0 (to 1) and 1 (to 2), both unvisited: cost[0] read,
     * cost[id] and updating[id] written, the test's two loads again */
    run(&r, rd_bfs1, &a, 0, 0, BFS_BLOCK);
    const uint64_t t0[19] = {MA, MA, NO, NO + 4, NO, ED, VI + 1, CO, CO + 4, UP + 1, NO + 4, NO,
                             ED + 4, VI + 2, CO, CO + 8, UP + 2, NO + 4, NO};
    assert_int_equal(r.nmem, 19);
    for (int i = 0; i < 19; i++)
        assert_int_equal(r.mem[i], t0[i]);
    run(&r, rd_bfs1, &a, 1, 0, BFS_BLOCK);   /* not in level 0's frontier: its mask only */
    assert_int_equal(r.nmem, 1);
    assert_int_equal(r.mem[0], MA + 1);
    /* level 1, thread 1: node 0 visited (no update), node 3 not */
    a.p = 1;
    run(&r, rd_bfs1, &a, 1, 0, BFS_BLOCK);
    const uint64_t t1[16] = {MA + 1, MA + 1, NO + 8, NO + 12, NO + 8, ED + 8, VI, NO + 12, NO + 8,
                             ED + 12, VI + 3, CO + 4, CO + 12, UP + 3, NO + 12, NO + 8};
    assert_int_equal(r.nmem, 16);
    for (int i = 0; i < 16; i++)
        assert_int_equal(r.mem[i], t1[i]);
    run(&r, rd_bfs1, &a, 4, 0, BFS_BLOCK);   /* tid >= no_of_nodes */
    assert_int_equal(r.nmem, 0);
    /* Kernel2 after level 0 (arr = mask, updating, visited, over): node 2 joins level 1, node 3 not */
    simt_args_t a2 = {.arr = {MA, UP, VI, 0x7000000}, .n = 4, .p = 0, .data = &g};
    run(&r, rd_bfs2, &a2, 2, 0, BFS_BLOCK);
    const uint64_t k2[5] = {UP + 2, MA + 2, VI + 2, 0x7000000, UP + 2};
    assert_int_equal(r.nmem, 5);
    for (int i = 0; i < 5; i++)
        assert_int_equal(r.mem[i], k2[i]);
    run(&r, rd_bfs2, &a2, 3, 0, BFS_BLOCK);
    assert_int_equal(r.nmem, 1);
}

/* graphgen's graph: 2..4 edges made per node, each also the other way. */
static void graphgen_shape(void **state)
{
    (void)state;
    rd_graph_t g;
    assert_int_equal(rd_graphgen(&g, 1000), 0);
    uint64_t ne = g.start[1000];
    assert_true(ne >= 4000 && ne <= 8000);
    unsigned *cnt = calloc(1000 * 1000, sizeof *cnt);   /* edge multiplicities, both ways */
    for (unsigned v = 0; v < 1000; v++) {
        assert_true(g.start[v + 1] - g.start[v] >= 2);
        for (uint32_t i = g.start[v]; i < g.start[v + 1]; i++)
            cnt[v * 1000 + g.edge[i]]++;
    }
    for (unsigned a = 0; a < 1000; a++)
        for (unsigned b = 0; b < 1000; b++)
            assert_int_equal(cnt[a * 1000 + b], cnt[b * 1000 + a]);
    assert_int_equal(g.level[0], 0);
    free(cnt);
    rd_graph_free(&g);
}

/* srad_cuda_1, cols 64 (4 x 4 tiles), thread (1, 7) of block (1, 2): base = 64 16 2 + 16 =
 * 2064, index = 2064 + 7 64 + 1 = 2513; north J[2064 + 1 - 64], south J[2064 + 1024 + 1], west
 * J[2064 + 448 - 1], east J[2064 + 448 + 16], temp J[2513]; shared temp at 0, result at 1024,
 * north 2048, south 3072, east 4096, west 5120; [7][1] is 4 (7 16 + 1) = 452 in. Unshared:
 * the same, the shared addresses at g + 9 6144 + offset, as global accesses. */
static void srad_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t J = 0x1000000, C = 0x2000000, E = 0x3000000, W = 0x4000000, N = 0x5000000, S = 0x6000000;
    const uint64_t SH = 0x9000000, at = 452;
    simt_args_t a = {.arr = {E, W, N, S, J, C}, .n = 64, .shmem = SH};
    rung(&r, rd_srad1, &a, 1, 7, 1, 2, 16, 16, 4, 4);
    const uint64_t want[22] = {J + 4 * 2001, SH + 2048 + at, J + 4 * 3089, SH + 3072 + at, J + 4 * 2511,
                               SH + 5120 + at, J + 4 * 2528, SH + 4096 + at, J + 4 * 2513, SH + at, SH + at,
                               SH + at - 64, SH + at + 64, SH + at - 4, SH + at + 4, SH + 1024 + at, SH + 1024 + at,
                               C + 4 * 2513, E + 4 * 2513, W + 4 * 2513, S + 4 * 2513, N + 4 * 2513};
    assert_int_equal(r.nmem, 22);
    for (int i = 0; i < 22; i++)
        assert_int_equal(r.mem[i], want[i]);
    assert_int_equal(r.bars, 4);
    /* thread (0, 0) of block (0, 0): north from row -1, south, north again from row 0; west
     * from J[-1], east, west again from J[0] */
    rung(&r, rd_srad1, &a, 0, 0, 0, 0, 16, 16, 4, 4);
    assert_int_equal(r.mem[0], J - 4 * 64);
    assert_int_equal(r.mem[2], J + 4 * 1024);
    assert_int_equal(r.mem[4], J);
    assert_int_equal(r.mem[6], J - 4);
    assert_int_equal(r.mem[8], J + 4 * 16);
    assert_int_equal(r.mem[10], J);
    /* srad-u */
    a.unshared = 0x8000000, a.shbytes = 6144;
    rung(&r, rd_srad1, &a, 1, 7, 1, 2, 16, 16, 4, 4);
    assert_int_equal(r.nmem, 22);
    assert_int_equal(r.mem[1], 0x8000000 + 9 * 6144 + 2048 + at);
    assert_int_equal(r.mem[16], 0x8000000 + 9 * 6144 + 1024 + at);
}

/* kmeans, 1000 points: invert_mapping thread 5 of block 2 (point 517) reads input[517 34 + i]
 * and writes output[517 + 1000 i]; kmeansPoint on a 4 x 4 grid, block (2, 1), thread 9: point
 * (4 1 + 2) 256 + 9 = 1545 of 2000 writes membership[1545] only (its features come through
 * the texture unit). */
static void kmeans_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t IN = 0x1000000, OUT = 0x2000000, MEM = 0x3000000;
    simt_args_t a = {.arr = {IN, OUT}, .n = 1000};
    run(&r, rd_km_invert, &a, 5, 2, KM_THREADS);
    assert_int_equal(r.nmem, 2 * KM_FEATURES);
    for (unsigned i = 0; i < KM_FEATURES; i++) {
        assert_int_equal(r.mem[2 * i], IN + 4 * (517 * 34 + i));
        assert_int_equal(r.mem[2 * i + 1], OUT + 4 * (517 + 1000 * i));
    }
    simt_args_t b = {.arr = {OUT, MEM}, .n = 2000};
    rung(&r, rd_km_point, &b, 9, 0, 2, 1, KM_THREADS, 1, 4, 4);
    assert_int_equal(r.nmem, 1);
    assert_int_equal(r.mem[0], MEM + 4 * 1545);
    b.n = 1500;   /* past the points: nothing */
    rung(&r, rd_km_point, &b, 9, 0, 2, 1, KM_THREADS, 1, 4, 4);
    assert_int_equal(r.nmem, 0);
}

/* nn (Rodinia 2.x) euclid, numRecords 100: block 3, thread 5 is record 53: d_locations[53].lat
 * at LOC + 8 * 53, .lng at + 4, then d_distances[53]; record 100 (block 6, thread 4) is past
 * the end: no access. */
static void nn_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t LOC = 0x1000000, DIST = 0x2000000;
    simt_args_t a = {.arr = {LOC, DIST}, .n = 100};
    run(&r, rd_nn, &a, 5, 3, NN_BLOCK);
    assert_int_equal(r.nmem, 3);
    assert_int_equal(r.mem[0], LOC + 8 * 53);
    assert_int_equal(r.mem[1], LOC + 8 * 53 + 4);
    assert_int_equal(r.mem[2], DIST + 4 * 53);
    run(&r, rd_nn, &a, 4, 6, NN_BLOCK);
    assert_int_equal(r.nmem, 0);
}

/* streamcluster's random numbers: rd_lrand48 is this C library's lrand48 (glibc's 48-bit LCG),
 * after srand48 of 1 (the program's SEED), of a negative seed and of one above 32 bits (srand48
 * keeps the low 32). */
static void sc_lrand48_is_libc(void **state)
{
    (void)state;
    const long seeds[3] = {1, -7, 0x123456789l};
    for (int k = 0; k < 3; k++) {
        rd_rand48_t r;
        rd_srand48(&r, seeds[k]);
        srand48(seeds[k]);
        for (int i = 0; i < 100000; i++)
            assert_int_equal(rd_lrand48(&r), lrand48());
    }
}

/* The host program against the counts of an independent replica of it (glibc lrand48, the
 * kernel's sums in fmaf; /work/notes' streamcluster description, ITER 3 as Rodinia 2.0's file):
 * GPGPU-Sim's argument list 3 6 16 1024 makes 352 launches with K = 1 (225 times), 2 (65), 3
 * (61), 4 (1) and 41 .. 540 switching threads; at ITER 1 (the package's file) 130 launches over 3
 * feasible points, 10 pgains a pass, 3 centres at the end. Every launch: the columns name
 * centres below K, the point x itself switches unless it is a centre (x_cost 0 < cost). */
static void sc_host_run(void **state)
{
    (void)state;
    rd_sc_t s;
    assert_int_equal(rd_sc_run(&s, 1024, 16, 3, 6, 3), 0);
    assert_int_equal(s.launches, 352);
    assert_int_equal(s.numfeasible, 9);
    assert_int_equal(s.iter, 32);
    unsigned hist[8] = {0}, lo = 1024, hi = 0;
    for (unsigned l = 0; l < s.launches; l++) {
        hist[s.k[l] < 7 ? s.k[l] : 7]++;
        unsigned c = 0;
        for (unsigned w = 0; w < 16; w++)
            c += (unsigned)__builtin_popcountll(s.sw[l * 16 + w]);
        lo = c < lo ? c : lo, hi = c > hi ? c : hi;
    }
    assert_int_equal(hist[1], 225);
    assert_int_equal(hist[2], 65);
    assert_int_equal(hist[3], 61);
    assert_int_equal(hist[4], 1);
    assert_int_equal(lo, 41);
    assert_int_equal(hi, 540);
    rd_sc_free(&s);
    assert_int_equal(rd_sc_run(&s, 1024, 16, 3, 6, SC_ITER), 0);
    assert_int_equal(s.launches, 130);
    assert_int_equal(s.numfeasible, 3);
    assert_int_equal(s.iter, 10);
    assert_int_equal(s.kfinal, 3);
    for (unsigned l = 0; l < s.launches; l++) {
        const unsigned st = s.state[l], nc = s.cstart[st + 1] - s.cstart[st];
        assert_true(st < s.states && nc <= s.k[l]);
        int x_centre = 0;
        for (unsigned j = 0; j < s.n; j++) {
            assert_true(s.col[st * s.n + j] < nc);
            x_centre |= s.center[s.cstart[st] + s.col[st * s.n + j]] == s.x[l];
        }
        assert_int_equal(s.sw[l * 16 + s.x[l] / 64] >> (s.x[l] % 64) & 1, !x_centre);
    }
    rd_sc_free(&s);
}

/* pgain_kernel, num 1024 (2 blocks of 512), dim 4, one launch: x = 700, K = 2, centres 5 and
 * 300 (columns 0, 1). Thread 0 of block 1 (tid 512, switching) first copies x's coordinates:
 * coord_d[i 1024 + 700] -> coord_s[i]; then per i coord_d[i 1024 + 512] and coord_s[i];
 * p[512].weight (P + 32 * 512), .cost (+ 24); the byte switch_membership_d[512]; lower[K] =
 * work_mem_d[512 * 3 + 2], read and written. Thread 37 of block 0 (assigned to 300, not
 * switching): the loop, weight, cost, p[37].assign (8 bytes at + 16), center_table_d[300],
 * work_mem_d[37 * 3 + 1]. */
static void sc_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t WM = 0x1000000, CT = 0x2000000, SW = 0x3000000, P = 0x4000000, CO = 0x5000000, SH = 0x9000000;
    uint32_t x = 700, st = 0, cstart[2] = {0, 2}, centre[2] = {5, 300};
    uint16_t k = 2, col[1024] = {0};
    uint64_t sw[16] = {0};
    col[37] = 1;
    sw[512 / 64] = 1ull << (512 % 64);
    rd_sc_t s = {.n = 1024, .dim = 4, .launches = 1, .states = 1, .x = &x, .state = &st, .k = &k, .sw = sw,
                 .col = col, .cstart = cstart, .center = centre};
    simt_args_t a = {.arr = {WM, CT, SW, P, CO}, .shmem = SH, .data = &s};
    rung(&r, rd_sc_pgain, &a, 0, 0, 1, 0, SC_BLOCK, 1, 2, 1);
    assert_int_equal(r.nmem, 8 + 8 + 2 + 3);
    assert_int_equal(r.bars, 1);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(r.mem[2 * i], CO + 4 * (i * 1024 + 700));
        assert_int_equal(r.mem[2 * i + 1], SH + 4 * i);
        assert_int_equal(r.mem[8 + 2 * i], CO + 4 * (i * 1024 + 512));
        assert_int_equal(r.mem[8 + 2 * i + 1], SH + 4 * i);
    }
    const uint64_t a512[5] = {P + 32 * 512, P + 32 * 512 + 24, SW + 512, WM + 4 * (512 * 3 + 2), WM + 4 * (512 * 3 + 2)};
    for (int i = 0; i < 5; i++)
        assert_int_equal(r.mem[16 + i], a512[i]);
    assert_string_equal(r.op[18], "STG.E.U8");
    rung(&r, rd_sc_pgain, &a, 37, 0, 0, 0, SC_BLOCK, 1, 2, 1);
    assert_int_equal(r.nmem, 8 + 6);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(r.mem[2 * i], CO + 4 * (i * 1024 + 37));
        assert_int_equal(r.mem[2 * i + 1], SH + 4 * i);
    }
    const uint64_t a37[6] = {P + 32 * 37, P + 32 * 37 + 24, P + 32 * 37 + 16, CT + 4 * 300, WM + 4 * (37 * 3 + 1),
                             WM + 4 * (37 * 3 + 1)};
    for (int i = 0; i < 6; i++)
        assert_int_equal(r.mem[8 + i], a37[i]);
    assert_string_equal(r.op[10], "LDG.E.64");
    assert_string_equal(r.op[13], "STG.E");
}

/* ---- cfd ---------------------------------------------------------------------------------------- */

/* The stand-in mesh checked from its geometry, not from the adjacency rules rodinia.c uses: each
 * kept tetrahedron's vertices (cube by cube, x fastest, wing cubes skipped; in each cube the
 * paths from (0,0,0) to (1,1,1) in the axis orders xyz, xzy, yxz, yzx, zxy, zyx; face j opposite
 * the j-th vertex), every face a sorted triple of corner numbers. A face two elements have must
 * name each other; a face only one has is on the wing (all corners on the wing's box: -1) or
 * not (-2). Returns the counts of -1 and -2 faces. */
typedef struct {
    uint64_t key;
    uint32_t e, j;
} cfd_face_t;

static int face_cmp(const void *a, const void *b)
{
    const cfd_face_t *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key;
}

static void cfd_check_geometry(const rd_cfd_mesh_t *m, unsigned *walls, unsigned *far)
{
    static const unsigned ord[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    const uint64_t nelr = m->nelr, cx = m->nx + 1ull, cy = m->ny + 1ull;
    const unsigned *wg = m->wing;
    cfd_face_t *f = malloc(4ull * m->nel * sizeof *f);
    uint32_t (*corner)[4][3] = malloc(m->nel * sizeof *corner);
    assert_non_null(f);
    assert_non_null(corner);
    uint64_t e = 0;
    for (unsigned z = 0; z < m->nz; z++)
        for (unsigned y = 0; y < m->ny; y++)
            for (unsigned x = 0; x < m->nx; x++) {
                if (x >= wg[0] && x < wg[1] && y >= wg[2] && y < wg[3] && z >= wg[4] && z < wg[5])
                    continue;
                for (unsigned p = 0; p < 6 && e < m->nel; p++, e++) {
                    uint32_t v[3] = {x, y, z};
                    uint64_t id[4];
                    for (unsigned k = 0; k < 4; k++) {
                        memcpy(corner[e][k], v, sizeof v);
                        id[k] = (v[2] * cy + v[1]) * cx + v[0];
                        if (k < 3)
                            v[ord[p][k]]++;
                    }
                    for (unsigned j = 0; j < 4; j++) {
                        uint64_t t3[3], n = 0;
                        for (unsigned k = 0; k < 4; k++)
                            if (k != j)
                                t3[n++] = id[k];
                        for (int a = 0; a < 2; a++)   /* sort the three */
                            for (int b = 0; b < 2 - a; b++)
                                if (t3[b] > t3[b + 1]) {
                                    uint64_t s = t3[b];
                                    t3[b] = t3[b + 1], t3[b + 1] = s;
                                }
                        f[4 * e + j] = (cfd_face_t){(t3[0] << 42) | (t3[1] << 21) | t3[2], (uint32_t)e, j};
                    }
                }
            }
    assert_int_equal(e, m->nel);
    qsort(f, 4ull * m->nel, sizeof *f, face_cmp);
    *walls = *far = 0;
    for (uint64_t k = 0; k < 4ull * m->nel;) {
        if (k + 1 < 4ull * m->nel && f[k + 1].key == f[k].key) {   /* shared: each names the other */
            assert_true(k + 2 >= 4ull * m->nel || f[k + 2].key != f[k].key);
            assert_int_equal(m->esurr[f[k].e + f[k].j * nelr], f[k + 1].e);
            assert_int_equal(m->esurr[f[k + 1].e + f[k + 1].j * nelr], f[k].e);
            k += 2;
            continue;
        }
        int on_wing = 1;
        for (unsigned c = 0; c < 4; c++)
            if (c != f[k].j)
                for (unsigned d = 0; d < 3; d++)
                    on_wing &= corner[f[k].e][c][d] >= wg[2 * d] && corner[f[k].e][c][d] <= wg[2 * d + 1];
        int32_t nb = m->esurr[f[k].e + f[k].j * nelr];
        assert_int_equal(nb, on_wing ? CFD_WING : CFD_FAR);
        *walls += on_wing, *far += !on_wing;
        k++;
    }
    for (uint64_t i = 0; i < m->nel; i++) {   /* every element has a neighbour (rd_cfd_flux's stores) */
        int real = 0;
        for (unsigned j = 0; j < 4; j++)
            real |= m->esurr[i + j * nelr] >= 0;
        assert_true(real);
    }
    for (uint64_t i = m->nel; i < nelr; i++)   /* the padding copies the last element */
        for (unsigned j = 0; j < 4; j++)
            assert_int_equal(m->esurr[i + j * nelr], m->esurr[m->nel - 1 + j * nelr]);
    free(f);
    free(corner);
}

static void cfd_mesh_shape(void **state)
{
    (void)state;
    rd_cfd_mesh_t m;
    unsigned walls, far;
    /* 3 x 3 x 3 cubes less the middle one: 26 x 6 = 156 elements (nelr 192); the wing's 6 cube
     * faces are 12 wall triangles, the box's 6 x 9 cube faces 108 far-field ones */
    const unsigned mid[6] = {1, 2, 1, 2, 1, 2};
    assert_int_equal(rd_cfd_mesh_box(&m, 156, 3, 3, 3, mid), 0);
    assert_int_equal(m.nelr, 192);
    cfd_check_geometry(&m, &walls, &far);
    assert_int_equal(walls, 12);
    assert_int_equal(far, 108);
    rd_cfd_mesh_free(&m);
    assert_int_equal(rd_cfd_mesh_box(&m, 157, 3, 3, 3, mid), -2);   /* more than the box holds */
    /* the default: 97 046 elements padded to 97 152 (506 blocks); s = 20: 40 x 20 cubes a layer,
     * the wing x 10..19, y 9..10, z 5..14 (200 cubes; its surface 2 (10 x 2 + 2 x 10 + 10 x 10)
     * cube faces = 560 triangles); 21 layers: 16 600 cubes, 99 600 tetrahedra */
    assert_int_equal(rd_cfd_mesh(&m, CFD_NEL), 0);
    assert_int_equal(m.nel, 97046);
    assert_int_equal(m.nelr, 97152);
    assert_int_equal(m.nx, 40);
    assert_int_equal(m.ny, 20);
    assert_int_equal(m.nz, 21);
    const unsigned wing[6] = {10, 20, 9, 11, 5, 15};
    for (int k = 0; k < 6; k++)
        assert_int_equal(m.wing[k], wing[k]);
    cfd_check_geometry(&m, &walls, &far);
    assert_int_equal(walls, 560);
    assert_true(far > 8000);   /* the box's 8240 outer triangles, less the dropped part's, plus the cut */
    rd_cfd_mesh_free(&m);
}

/* The kernels on a hand-made mesh: nel = 400, nelr = 576 (3 blocks of 192). Element 5 (block 0,
 * thread 5): neighbours 6, 300, far field, 4; element 394 (block 2, thread 10): wing, 395, 200,
 * 393; the last element 399: 398, wing, far field, 7, which the padded elements copy (484 =
 * block 2, thread 100). Every other entry 0. Component c of element e of an array A at A + 4 (e
 * + 576 c); normals' plane j + 4 k. */
#define CFD_N    400
#define CFD_NR   576
#define AT(A, e, c) ((A) + 4 * (uint64_t)((e) + CFD_NR * (c)))
static const uint64_t AR = 0x1000000, ES = 0x2000000, NM = 0x3000000, V = 0x4000000, OV = 0x5000000,
                      FL = 0x6000000, SF = 0x7000000;

static void cfd_hand_mesh(rd_cfd_mesh_t *m)
{
    static int32_t es[4 * CFD_NR];
    memset(es, 0, sizeof es);
    const int32_t e5[4] = {6, 300, CFD_FAR, 4}, e394[4] = {CFD_WING, 395, 200, 393}, e399[4] = {398, CFD_WING, CFD_FAR, 7};
    for (int j = 0; j < 4; j++) {
        es[5 + CFD_NR * j] = e5[j], es[394 + CFD_NR * j] = e394[j];
        for (int e = 399; e < CFD_NR; e++)
            es[e + CFD_NR * j] = e399[j];
    }
    *m = (rd_cfd_mesh_t){.nel = CFD_N, .nelr = CFD_NR, .esurr = es};
}

/* compute_flux of element e: its state, each face's neighbour and normal and a neighbour's state
 * (nb[j] < 0: none), the fluxes. */
static void cfd_flux_expect(const run_t *r, uint64_t e, const int32_t nb[4])
{
    unsigned k = 0, gathers = 0;
    for (int j = 0; j < 4; j++)
        gathers += nb[j] >= 0;
    assert_int_equal(r->nmem, 5 + 4 * 4 + 5 * gathers + 5);
    for (int c = 0; c < 5; c++)
        assert_int_equal(r->mem[k++], AT(V, e, c));
    for (int j = 0; j < 4; j++) {
        assert_int_equal(r->mem[k++], AT(ES, e, j));
        assert_int_equal(r->mem[k++], AT(NM, e, j));
        assert_int_equal(r->mem[k++], AT(NM, e, j + 4));
        assert_int_equal(r->mem[k++], AT(NM, e, j + 8));
        if (nb[j] >= 0)
            for (int c = 0; c < 5; c++)
                assert_int_equal(r->mem[k++], AT(V, nb[j], c));
    }
    for (int c = 0; c < 5; c++) {
        assert_string_equal(r->op[k], "STG.E");
        assert_int_equal(r->mem[k++], AT(FL, e, c));
    }
}

static void cfd_addresses(void **state)
{
    (void)state;
    static run_t r;
    rd_cfd_mesh_t m;
    cfd_hand_mesh(&m);
    /* initialize_variables(variables), element 394: variables[394 + 576 c], c = 0..4, stores */
    simt_args_t a = {.arr = {V}, .n = CFD_N};
    rung(&r, rd_cfd_init, &a, 10, 0, 2, 0, CFD_BLOCK, 1, 3, 1);
    assert_int_equal(r.nmem, 5);
    for (int c = 0; c < 5; c++) {
        assert_int_equal(r.mem[c], AT(V, 394, c));
        assert_string_equal(r.op[c], "STG.E");
    }
    /* compute_step_factor(variables, areas, step_factors), element 394: the 5 components, then
     * areas[394], then the store of step_factors[394] */
    simt_args_t s = {.arr = {V, AR, SF}, .n = CFD_N};
    rung(&r, rd_cfd_step_factor, &s, 10, 0, 2, 0, CFD_BLOCK, 1, 3, 1);
    assert_int_equal(r.nmem, 7);
    for (int c = 0; c < 5; c++)
        assert_int_equal(r.mem[c], AT(V, 394, c));
    assert_int_equal(r.mem[5], AR + 4 * 394);
    assert_int_equal(r.mem[6], SF + 4 * 394);
    assert_string_equal(r.op[6], "STG.E");
    /* compute_flux(esurr, normals, variables, fluxes) */
    simt_args_t f = {.arr = {ES, NM, V, FL}, .n = CFD_N, .data = &m};
    rung(&r, rd_cfd_flux, &f, 5, 0, 0, 0, CFD_BLOCK, 1, 3, 1);   /* element 5: face 2 far field */
    const int32_t n5[4] = {6, 300, -2, 4};
    cfd_flux_expect(&r, 5, n5);
    /* spelled out: face 1's normal y is plane 5, normals[5 + 5 x 576]; its neighbour 300's
     * momentum z variables[300 + 3 x 576] */
    assert_int_equal(r.mem[5 + 4 + 5 + 2], NM + 4 * (5 + 5 * 576));
    assert_int_equal(r.mem[5 + 4 + 5 + 4 + 3], V + 4 * (300 + 3 * 576));
    rung(&r, rd_cfd_flux, &f, 10, 0, 2, 0, CFD_BLOCK, 1, 3, 1);   /* element 394: face 0 a wall */
    const int32_t n394[4] = {-1, 395, 200, 393};
    cfd_flux_expect(&r, 394, n394);
    assert_int_equal(r.mem[5 + 4], ES + 4 * (394 + 576));   /* face 1's neighbour right after face 0's normal */
    rung(&r, rd_cfd_flux, &f, 100, 0, 2, 0, CFD_BLOCK, 1, 3, 1);   /* padded element 484: 399's neighbours */
    const int32_t n484[4] = {398, -1, -2, 7};
    cfd_flux_expect(&r, 484, n484);
    assert_int_equal(r.mem[5 + 4], V + 4 * 398);
    rung(&r, rd_cfd_flux, &f, 15, 0, 2, 0, CFD_BLOCK, 1, 3, 1);   /* the last element, 399, the same */
    cfd_flux_expect(&r, 399, n484);
    /* time_step(j = 1; old_variables, variables, step_factors, fluxes), element 5: step_factors[5],
     * then per component density, energy, momentum x, y, z: old, flux, the store of variables */
    simt_args_t ts = {.arr = {OV, V, SF, FL}, .n = CFD_N, .p = 1};
    rung(&r, rd_cfd_time_step, &ts, 5, 0, 0, 0, CFD_BLOCK, 1, 3, 1);
    assert_int_equal(r.nmem, 16);
    assert_int_equal(r.mem[0], SF + 20);
    const int comp[5] = {0, 4, 1, 2, 3};
    for (int k = 0; k < 5; k++) {
        assert_int_equal(r.mem[1 + 3 * k], AT(OV, 5, comp[k]));
        assert_int_equal(r.mem[2 + 3 * k], AT(FL, 5, comp[k]));
        assert_int_equal(r.mem[3 + 3 * k], AT(V, 5, comp[k]));
        assert_string_equal(r.op[3 + 3 * k], "STG.E");
    }
    assert_int_equal(r.mem[4], OV + 4 * (5 + 4 * 576));   /* energy second */
}

/* Warps of compute_flux on the hand-made mesh: the faces' paths split and meet again at each
 * face's end. Block 0, warp 0 (elements 0 .. 31): every face a neighbour but element 5's face 2
 * (far field): element 0's instructions, and for face 2 lane 5's two tests and the far-field
 * path (2 + 2 + 33); the gathers' masks full, face 2's without lane 5. Block 2, warp 0 (384 ..
 * 415): lane 10 (394) has a wall at face 0, lanes 15 .. 31 (399 and the padding) a wall at
 * face 1 and the far field at face 2: element 384's instructions and 5 + 5 + 37. */
static void cfd_warps(void **state)
{
    (void)state;
    static run_t r;
    static simt_prog_t prog;
    simt_lane_t lanes[WARP_SIZE] = {0};
    tb_t tb = {0};
    optab_t ops = {0};
    rd_cfd_mesh_t m;
    cfd_hand_mesh(&m);
    simt_args_t f = {.arr = {ES, NM, V, FL}, .n = CFD_N, .data = &m};
    const unsigned bd[3] = {CFD_BLOCK, 1, 1}, gd[2] = {3, 1};
    const uint32_t want[2][4] = {{~0u, ~0u, ~(1u << 5), ~0u}, {~(1u << 10), 0x7fffu, 0x7fffu, ~0u}};
    for (unsigned b = 0; b < 2; b++) {
        rung(&r, rd_cfd_flux, &f, 0, 0, 2 * b, 0, CFD_BLOCK, 1, 3, 1);   /* a thread with 4 neighbours */
        const size_t t0 = r.lane.n;
        memset(&prog, 0, sizeof prog);
        assert_int_equal(simt_warp(rd_cfd_flux, &f, bd, gd, 2 * b, 0, 0, &prog, lanes, &tb, &ops), 0);
        assert_int_equal(tb.ninst, t0 + (b ? 47 : 37));
        unsigned nld = 0;
        for (size_t i = 0; i < tb.ninst; i++) {
            const inst_t *in = &tb.inst[i];
            if (strncmp(ops.name[in->opcode], "LDG", 3))
                continue;
            /* 5 own loads, then per face 4 and, where some lane has a neighbour, 5 gathers */
            if (nld >= 5 && (nld - 5) % 9 >= 4) {
                unsigned j = (nld - 5) / 9;
                assert_int_equal(in->mask, want[b][j]);
                if (b == 1 && j == 0)   /* lane 11 (395) gathers element 0's state */
                    assert_int_equal(tb.addr[in->addr + 10], AT(V, 0, (nld - 5) % 9 - 4));
            } else {
                assert_int_equal(in->mask, ~0u);
            }
            nld++;
        }
        assert_int_equal(nld, 5 + 4 * 9);
        tb_clear(&tb);
    }
    simt_lanes_free(lanes);
    tb_free(&tb);
    optab_free(&ops);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(cfd_mesh_shape), cmocka_unit_test(cfd_addresses),
        cmocka_unit_test(cfd_warps),
        cmocka_unit_test(sc_lrand48_is_libc), cmocka_unit_test(sc_host_run),
        cmocka_unit_test(sc_addresses), cmocka_unit_test(nn_addresses),
        cmocka_unit_test(pathfinder_addresses), cmocka_unit_test(hotspot_addresses),
                                       cmocka_unit_test(gaussian_addresses), cmocka_unit_test(nw_addresses),
                                       cmocka_unit_test(backprop_addresses), cmocka_unit_test(lud_addresses),
                                       cmocka_unit_test(bfs_addresses),      cmocka_unit_test(graphgen_shape),
                                       cmocka_unit_test(srad_addresses),     cmocka_unit_test(kmeans_addresses)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
