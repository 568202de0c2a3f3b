/* test_parboil_spmv.c - Parboil 2.5 spmv (sim/workload/parboil_spmv.c):
 * the host's JDS conversion on small matrices worked out by hand, the
 * stand-in for Dubcova3 against the collection's figures, the launch
 * geometry, and the addresses of chosen threads worked out by hand from
 * jds_kernels.cu. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/parboil_spmv.h"

#include "simt_harness.h"

/* A: 5 x 5, rows (columns ascending)
 *   r0: 0 1      r1: 0 1 2 3      r2: 2      r3: 1 3      r4: 0 2 4
 * sizes 2 4 1 2 3; rows padded to 32 (27 empty ones, index 0). Sorted by
 * size, largest first, ties in row order: r1 r4 r0 r3 r2, then the empty
 * rows: perm = 1 4 0 3 2 0 ... One group: nz_count[0] = 4 (r1's), every
 * row padded to 4: len = 32 * 4 = 128, depth 5, jds_ptr = 0 32 64 96 128.
 * Diagonal k, JDS row i at 32 k + i: its k-th column or -1:
 *   k = 0: 0 0 0 1 2 -1 ...     k = 1: 1 2 1 3 -1 ...
 *   k = 2: 2 4 -1 ...           k = 3: 3 -1 ... */
static const uint64_t a_start[6] = {0, 2, 6, 7, 9, 12};
static const uint32_t a_col[12] = {0, 1, 0, 1, 2, 3, 2, 1, 3, 0, 2, 4};

static void jds_by_hand(void **state)
{
    (void)state;
    pb_spmv_t m;
    assert_int_equal(pb_spmv_jds(&m, 5, a_start, a_col), 0);
    assert_int_equal(m.dim, 5);
    assert_int_equal(m.rows, 32);
    assert_int_equal(m.nzcnt_len, 1);
    assert_int_equal(m.nzcnt[0], 4);
    assert_int_equal(m.len, 128);
    assert_int_equal(m.depth, 5);
    assert_int_equal(m.nnz, 12);
    const int32_t ptr[5] = {0, 32, 64, 96, 128}, perm[6] = {1, 4, 0, 3, 2, 0};
    for (int k = 0; k < 5; k++)
        assert_int_equal(m.ptr[k], ptr[k]);
    for (int i = 0; i < 6; i++)
        assert_int_equal(m.perm[i], perm[i]);
    assert_int_equal(m.perm[31], 0);
    const int32_t d0[6] = {0, 0, 0, 1, 2, -1}, d1[5] = {1, 2, 1, 3, -1}, d2[3] = {2, 4, -1}, d3[2] = {3, -1};
    for (int i = 0; i < 6; i++)
        assert_int_equal(m.index[i], d0[i]);
    for (int i = 0; i < 5; i++)
        assert_int_equal(m.index[32 + i], d1[i]);
    for (int i = 0; i < 3; i++)
        assert_int_equal(m.index[64 + i], d2[i]);
    for (int i = 0; i < 2; i++)
        assert_int_equal(m.index[96 + i], d3[i]);
    assert_int_equal(m.index[127], -1);
    pb_spmv_free(&m);
}

/* Two groups: 40 rows, row r of r % 7 + 1 entries (columns r .. r + size - 1 mod 40).
 * Sizes 7 (rows 6, 13, 20, 27, 34), 6 (5, 12, 19, 26, 33), ... 1 (0, 7, ..., 35): 40 rows
 * padded to 64. Group 0 starts with a 7, group 1 = JDS rows 32..63: the sizes in order are
 * 5 x 7, 5 x 6, 6 x 5, 6 x 4, 6 x 3, 6 x 2, 6 x 1, then 24 empty: JDS row 32 is the 5th row
 * of size 2 (rows 1, 8, 15, 22, 29, 36 at 28 .. 33: row 29) -> nz_count = 7, 2. len = 32 (7 + 2) = 288;
 * diagonals 0 and 1 hold 64 rows, 2..6 32: jds_ptr = 0 64 128 160 192 224 256 288. */
static void jds_two_groups(void **state)
{
    (void)state;
    uint64_t start[41];
    uint32_t col[40 * 7];
    start[0] = 0;
    for (unsigned r = 0; r < 40; r++) {
        unsigned sz = r % 7 + 1;
        for (unsigned c = 0; c < sz; c++)
            col[start[r] + c] = (r + c) % 40;
        start[r + 1] = start[r] + sz;
    }
    pb_spmv_t m;
    assert_int_equal(pb_spmv_jds(&m, 40, start, col), 0);
    assert_int_equal(m.rows, 64);
    assert_int_equal(m.nzcnt_len, 2);
    assert_int_equal(m.nzcnt[0], 7);
    assert_int_equal(m.nzcnt[1], 2);
    assert_int_equal(m.len, 288);
    assert_int_equal(m.depth, 8);
    const int32_t ptr[8] = {0, 64, 128, 160, 192, 224, 256, 288};
    for (int k = 0; k < 8; k++)
        assert_int_equal(m.ptr[k], ptr[k]);
    assert_int_equal(m.perm[0], 6);
    assert_int_equal(m.perm[32], 29);
    assert_int_equal(m.index[32], 29);        /* row 29's first column */
    assert_int_equal(m.index[64 + 32], 30);   /* ... its second */
    assert_int_equal(m.perm[37], 21);         /* JDS row 37: size 1 (rows 0, 7, 14, 21 at 34 ..) */
    assert_int_equal(m.index[64 + 37], -1);   /* ... padded to 2 */
    assert_int_equal(m.perm[40], 0);          /* an empty row */
    pb_spmv_free(&m);
}

/* The stand-in at 128: UTEP/Dubcova3's 146 689 rows and 3 636 643 nonzeros + 6 explicit
 * zeros; the row lengths of degree-3 functions on 128 x 128 quads: interior vertex 49,
 * edge 28, bubble 16, and less at the boundary; Hermes' numbering puts the vertex and edge
 * functions first (127^2 + 2 * 2 * 128 * 127 = 81 153, the collection's "leading submatrix"
 * k), so the 65 536 shortest rows (bubbles: 16, 12, 9) are exactly rows 81 153 on. Launch:
 * 4585 groups, 146 720 threads > 15 x 1536: blocks of 192, ceil(146720 / 192) = 765. */
static void standin_is_dubcova3(void **state)
{
    (void)state;
    pb_spmv_t m;
    assert_int_equal(pb_spmv_standin(&m, SPMV_N), 0);
    assert_int_equal(m.dim, 146689);
    assert_int_equal(m.nnz, 3636649);
    assert_int_equal(m.rows, 146720);
    assert_int_equal(m.nzcnt_len, 4585);
    assert_int_equal(m.depth, 50);
    uint64_t len = 0;
    unsigned hist[50] = {0};
    for (unsigned g = 0; g < m.nzcnt_len; g++)
        len += 32u * (unsigned)m.nzcnt[g];
    assert_int_equal(m.len, len);
    assert_int_equal(m.ptr[m.depth - 1], (int64_t)len);
    /* row sizes: each JDS row's entries other than padding, over the diagonals */
    uint64_t entries = 0;
    for (unsigned i = 0; i < m.rows; i++) {
        unsigned sz = 0;
        for (unsigned k = 0; k + 1 < m.depth && m.ptr[k] + i < (unsigned)m.ptr[k + 1]; k++)
            sz += m.index[m.ptr[k] + i] >= 0;
        if (i < m.dim) {
            hist[sz]++;
            if (i >= 81153)
                assert_true(m.perm[i] >= 81153 && sz <= 16);
            else
                assert_true(m.perm[i] < 81153 && sz >= 18);
        } else {
            assert_int_equal(sz, 0);
        }
        entries += sz;
    }
    assert_int_equal(entries, 3636649);
    const unsigned want[][2] = {{49, 15625}, {42, 500}, {36, 4},  {28, 63000}, {24, 1008},
                                {21, 1000},  {18, 16},  {16, 63504}, {12, 2016}, {9, 16}};
    unsigned total = 0;
    for (unsigned w = 0; w < sizeof want / sizeof want[0]; w++) {
        assert_int_equal(hist[want[w][0]], want[w][1]);
        total += want[w][1];
    }
    assert_int_equal(total, 146689);
    unsigned block, grid;
    pb_spmv_geometry(m.nzcnt_len, &block, &grid);
    assert_int_equal(block, 192);
    assert_int_equal(grid, 765);
    pb_spmv_geometry(374, &block, &grid);   /* bcsstk18's 11 948 rows: 11 968 threads fit: 32 a block */
    assert_int_equal(block, 32);
    assert_int_equal(grid, 374);
    pb_spmv_free(&m);
}

/* spmv_jds on A (above), dim 5, blocks of 32 (one block).
 * Thread 0 (JDS row 0 = r1, columns 0 1 2 3; bound = sh_zcnt_int[0] = 4):
 *   prefetch 0: j = 0: d_data[0], d_index[0], x_vec[0];  prefetch 1: j = 32: d_index[32]
 *   k = 2: d_data[32], j = 64: d_index[64], x_vec[1] (i = column 1)
 *   k = 3: d_data[64], j = 96: d_index[96], x_vec[2]
 *   last: d_data[96], x_vec[3];  then d_perm[0] and dst_vector[perm[0] = 1].
 * Thread 2 (r0, columns 0 1, padded with two -1): d_data[2], d_index[2], x_vec[0];
 *   d_index[34]; k = 2: d_data[34], d_index[66], x_vec[1]; k = 3: d_data[66], d_index[98],
 *   x_vec[-1] (the padding's column); last: d_data[98], x_vec[-1]; d_perm[2], dst_vector[0].
 * Thread 5: ix = dim, no access. */
static void kernel_addresses(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t DST = 0x1000000, DATA = 0x2000000, INDEX = 0x3000000, PERM = 0x4000000, X = 0x5000000;
    pb_spmv_t m;
    assert_int_equal(pb_spmv_jds(&m, 5, a_start, a_col), 0);
    simt_args_t a = {.arr = {DST, DATA, INDEX, PERM, X}, .data = &m};
    simt_run(&r, pb_spmv_kernel, &a, 0, 0, 0, 0, 32, 1, 1, 1);
    const uint64_t t0[14] = {DATA,       INDEX,       X,          INDEX + 128, DATA + 128, INDEX + 256, X + 4,
                             DATA + 256, INDEX + 384, X + 8,      DATA + 384,  X + 12,     PERM,        DST + 4};
    assert_int_equal(r.nmem, 14);
    for (int k = 0; k < 14; k++)
        assert_int_equal(r.mem[k], t0[k]);
    assert_string_equal(r.op[13], "STG.E");
    simt_run(&r, pb_spmv_kernel, &a, 2, 0, 0, 0, 32, 1, 1, 1);
    const uint64_t t2[14] = {DATA + 8,   INDEX + 8,   X,     INDEX + 136, DATA + 136, INDEX + 264, X + 4,
                             DATA + 264, INDEX + 392, X - 4, DATA + 392,  X - 4,      PERM + 8,    DST};
    assert_int_equal(r.nmem, 14);
    for (int k = 0; k < 14; k++)
        assert_int_equal(r.mem[k], t2[k]);
    simt_run(&r, pb_spmv_kernel, &a, 5, 0, 0, 0, 32, 1, 1, 1);
    assert_int_equal(r.nmem, 0);
    pb_spmv_free(&m);
}

/* bound 1 and 2: the diagonal matrix of 3 (sh_zcnt_int[0] = 1): thread 1 reads d_data[1],
 * d_index[1], x_vec[1], d_perm[1], writes dst_vector[1]; rows 0: 0 1, 1: 1, 2: 2 (bound 2:
 * perm 0 1 2, jds_ptr 0 32 64; diagonal 1 holds row 0's column 1 at 32, -1 at 33, 34):
 * thread 1 reads d_data[1], d_index[1], x_vec[1], d_index[33], (no loop) d_data[33],
 * x_vec[-1], d_perm[1], writes dst_vector[1]. */
static void kernel_short_rows(void **state)
{
    (void)state;
    static run_t r;
    const uint64_t DST = 0x1000000, DATA = 0x2000000, INDEX = 0x3000000, PERM = 0x4000000, X = 0x5000000;
    simt_args_t a = {.arr = {DST, DATA, INDEX, PERM, X}};
    const uint64_t s1[4] = {0, 1, 2, 3}, s2[4] = {0, 2, 3, 4};
    const uint32_t c1[3] = {0, 1, 2}, c2[4] = {0, 1, 1, 2};
    pb_spmv_t m;
    assert_int_equal(pb_spmv_jds(&m, 3, s1, c1), 0);
    a.data = &m;
    simt_run(&r, pb_spmv_kernel, &a, 1, 0, 0, 0, 32, 1, 1, 1);
    const uint64_t w1[5] = {DATA + 4, INDEX + 4, X + 4, PERM + 4, DST + 4};
    assert_int_equal(r.nmem, 5);
    for (int k = 0; k < 5; k++)
        assert_int_equal(r.mem[k], w1[k]);
    pb_spmv_free(&m);
    assert_int_equal(pb_spmv_jds(&m, 3, s2, c2), 0);
    assert_int_equal(m.ptr[1], 32);
    a.data = &m;
    simt_run(&r, pb_spmv_kernel, &a, 1, 0, 0, 0, 32, 1, 1, 1);
    const uint64_t w2[8] = {DATA + 4, INDEX + 4, X + 4, INDEX + 132, DATA + 132, X - 4, PERM + 4, DST + 4};
    assert_int_equal(r.nmem, 8);
    for (int k = 0; k < 8; k++)
        assert_int_equal(r.mem[k], w2[k]);
    pb_spmv_free(&m);
}

/* One warp of A: lanes 0..4 run (dim 5), 27 leave at the guard; every load of the
 * loop has the five lanes, the loads of d_data in diagonal k are the 5 consecutive
 * words at 128 k. */
static void kernel_warp(void **state)
{
    (void)state;
    pb_spmv_t m;
    assert_int_equal(pb_spmv_jds(&m, 5, a_start, a_col), 0);
    const uint64_t DST = 0x1000000, DATA = 0x2000000, INDEX = 0x3000000, PERM = 0x4000000, X = 0x5000000;
    simt_args_t a = {.arr = {DST, DATA, INDEX, PERM, X}, .data = &m};
    simt_prog_t *prog = calloc(1, sizeof *prog);
    simt_lane_t lanes[WARP_SIZE];
    memset(lanes, 0, sizeof lanes);
    tb_t tb;
    memset(&tb, 0, sizeof tb);
    optab_t ops;
    memset(&ops, 0, sizeof ops);
    assert_non_null(prog);
    assert_int_equal(simt_intern_all(&ops), 0);
    const unsigned bd[3] = {32, 1, 1}, gd[2] = {1, 1};
    assert_int_equal(simt_warp(pb_spmv_kernel, &a, bd, gd, 0, 0, 0, prog, lanes, &tb, &ops), 0);
    unsigned nld = 0, ndata = 0;
    for (size_t n = 0; n < tb.ninst; n++) {
        const inst_t *in = &tb.inst[n];
        if (!in->width)
            continue;
        assert_int_equal(in->mask, 0x1fu);
        if (tb.addr[in->addr] >= DATA && tb.addr[in->addr] < INDEX) {
            for (unsigned l = 0; l < 5; l++)
                assert_int_equal(tb.addr[in->addr + l], DATA + 128 * ndata + 4 * l);
            ndata++;
        }
        nld++;
    }
    assert_int_equal(ndata, 4);
    assert_int_equal(nld, 14);
    simt_lanes_free(lanes);
    tb_free(&tb);
    optab_free(&ops);
    free(prog);
    pb_spmv_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(jds_by_hand), cmocka_unit_test(jds_two_groups),
                                       cmocka_unit_test(standin_is_dubcova3), cmocka_unit_test(kernel_addresses),
                                       cmocka_unit_test(kernel_short_rows), cmocka_unit_test(kernel_warp)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
