/* test_parboil_cutcp.c - Parboil 2.5 cutcp (sim/workload/parboil_cutcp.c):
 * the host's lattice, neighbour list and binning on two atoms worked out
 * by hand from main.c and cutoff6overlap.cu, the stand-in water box's
 * properties, and the addresses and branches of chosen threads of
 * cuda_cutoff_potential_lattice6overlap worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "workload/parboil_cutcp.h"

#define BINS 0x100000ull      /* binBaseCuda */
#define LAT  0x200000ull      /* regionZeroCuda */
#define SH   0x7f5a00000000ull

/* ---- one thread, every access kept ---------------------------------------------------------------- */

typedef struct {
    simt_prog_t prog;
    simt_lane_t lane;
} run1_t;

/* Thread (tx, ty', block (bx, by)) of launch zRegionIndex = z (blockDim (8, 16), the grid
 * m's regions). */
static run1_t *run(const pb_cutcp_t *m, unsigned tx, unsigned ty, unsigned bx, unsigned by, unsigned z)
{
    run1_t *r = calloc(1, sizeof *r);
    assert_non_null(r);
    static simt_args_t a;
    a = (simt_args_t){.arr = {BINS, LAT}, .p = z, .shmem = SH, .data = m};
    simt_t t = {.tx = tx, .ty = ty, .bx = bx, .by = by, .bdx = PBC_BX, .bdy = PBC_BY * PBC_BZ, .bdz = 1,
                .gdx = (unsigned)m->rdim[0], .gdy = (unsigned)m->rdim[1], .arg = &a, .prog = &r->prog,
                .lane = &r->lane};
    pb_cutcp_kernel(&t);
    assert_int_equal(t.err, 0);
    return r;
}

static void run_free(run1_t *r)
{
    free(r->lane.site);
    free(r->lane.addr);
    free(r);
}

static const char *op_of(const run1_t *r, size_t i) { return r->prog.site[r->lane.site[i]].op; }

/* The address of the n-th (from 0) instruction `op` the thread ran; how many it ran. */
static uint64_t nth(const run1_t *r, const char *op, unsigned n)
{
    for (size_t i = 0, k = 0; i < r->lane.n; k += r->prog.site[r->lane.site[i]].width != 0, i++)   /* k: addresses */
        if (!strcmp(op_of(r, i), op) && !n--)
            return r->lane.addr[k];
    fail_msg("no instance of %s", op);
    return 0;
}

static unsigned count(const run1_t *r, const char *op)
{
    unsigned c = 0;
    for (size_t i = 0; i < r->lane.n; i++)
        c += !strcmp(op_of(r, i), op);
    return c;
}

/* ---- two atoms by hand ------------------------------------------------------------------------------ */

/* A (0, 0, 0), q 1; B (10, 2, 3), q -1. main.c: lo = min - 0.5 = (-0.5, -0.5, -0.5), hi = (10.5,
 * 2.5, 3.5); nx = floor(11 / 0.5) + 1 = 23, ny = floor(3 / 0.5) + 1 = 7, nz = floor(4 / 0.5) + 1 =
 * 9; regions ceil(n / 8) = 3, 1, 2. c = ceil(12 / 4) = 3; binDim = ceil(8 regions 0.5 / 4) + 6 =
 * 9, 7, 8: 504 bins; binZeroAddr = binBaseAddr + ((3 7 + 3) 9 + 3) = 219 bins. A at p = (0.5,
 * 0.5, 0.5) goes to bin (0, 0, 0): flat 219; B at (10.5, 2.5, 3.5) to bin (2, 0, 0): flat 221.
 * The neighbour list (8 h = 4 = BIN_LENGTH: around one cell): r2 = (12 + 4 sqrt 3)^2 = 358.28,
 * offsets in [-3, 3]^3 with 16 (i^2 + j^2 + k^2) < r2, i.e. i^2 + j^2 + k^2 <= 22: all 343 but
 * the 8 corners (27): 335, k slowest, i fastest: k = -3, j = -3: i^2 <= 4, i = -2 .. 2 (entries
 * 0..4); j = -2: i^2 <= 9, i = -3 .. 3 (5..11). */
static pb_cutcp_t two;

static void make_two(void)
{
    memset(&two, 0, sizeof two);
    two.natoms = 2;
    two.atom = malloc(8 * sizeof(float));
    const float at[8] = {0, 0, 0, 1, 10, 2, 3, -1};
    memcpy(two.atom, at, sizeof at);
    assert_int_equal(pb_cutcp_bin(&two), 0);
}

static void host_by_hand(void **state)
{
    (void)state;
    make_two();
    const pb_cutcp_t *m = &two;
    assert_true(m->lo[0] == -0.5f && m->lo[1] == -0.5f && m->lo[2] == -0.5f);
    assert_int_equal(m->nx, 23);
    assert_int_equal(m->ny, 7);
    assert_int_equal(m->nz, 9);
    assert_int_equal(m->rdim[0], 3);
    assert_int_equal(m->rdim[1], 1);
    assert_int_equal(m->rdim[2], 2);
    assert_int_equal(m->c, 3);
    assert_int_equal(m->bdim[0], 9);
    assert_int_equal(m->bdim[1], 7);
    assert_int_equal(m->bdim[2], 8);
    assert_int_equal(m->nbins, 504);
    assert_int_equal(m->nbrlen, 335);
    const int first[12][3] = {{-2, -3, -3}, {-1, -3, -3}, {0, -3, -3}, {1, -3, -3}, {2, -3, -3}, {-3, -2, -3},
                              {-2, -2, -3}, {-1, -2, -3}, {0, -2, -3}, {1, -2, -3}, {2, -2, -3}, {3, -2, -3}};
    for (int e = 0; e < 12; e++)
        for (int d = 0; d < 3; d++)
            assert_int_equal(m->nbr[e][d], first[e][d]);
    assert_int_equal(m->nbr[334][0], 2);   /* the last: (2, 3, 3) */
    assert_int_equal(m->nbr[334][1], 3);
    assert_int_equal(m->nbr[334][2], 3);
    for (unsigned b = 0; b < m->nbins; b++)
        assert_int_equal(m->bincnt[b], b == 219 || b == 221);
    const float *a = &m->bin[219 * 32], *b = &m->bin[221 * 32];
    assert_true(a[0] == 0.5f && a[1] == 0.5f && a[2] == 0.5f && a[3] == 1.f && a[7] == 0.f);
    assert_true(b[0] == 10.5f && b[1] == 2.5f && b[2] == 3.5f && b[3] == -1.f && b[7] == 0.f);
    assert_int_equal(m->nextra, 0);
    assert_int_equal(m->nexcluded, 0);
}

/* Thread 0 of block (0, 0), launch 0: tid 0, half-warp 0, tidmask 0; myBinIndex = floor((0 +
 * 4) 0.5 / 4) = 0 each. Round 0 caches neighbours 0, 8, 16, 24 into slots 0, 8, 16, 24 (shared
 * floats startoff + 256 bincnt = 0, 256, 512, 768). Neighbour 0 (-2, -3, -3): flat offset ((-3
 * 7 - 3) 9 - 2) = -218 from binZero, bin 219 - 218 = 1 of the array: p_global[0] at BINS + 128,
 * p_global[16] at BINS + 192, into shared words 0 and 16 (SH, SH + 64). Neighbour 8 (0, -2, -3):
 * ((-21 - 2) 9 + 0) = -207, bin 12: BINS + 1536 and + 1600, into words 256, 272. Half-warp 0
 * caches neighbours 0, 8, .., 328: 42 bins, 84 loads. The scan: 333 empty bins (one aq load
 * each), A's and B's bins (aq, x, z, y, then the next slot's aq: 5 loads each): 343 LDS, plus
 * myBinIndex's 3 a round over 11 rounds: 376 LDS.U.32. The point (0, 0, 0) and y = 1, 2, 3:
 * A at r2 = 0.75 .. 6.75, B at 128.75, 124.75, 122.75, 122.75 < 144: 8 rsqrtf. Stores: region 0,
 * words 0, 16, 32, 48. */
static void thread0(void **state)
{
    (void)state;
    run1_t *r = run(&two, 0, 0, 0, 0, 0);
    assert_int_equal(nth(r, "STS.64", 0), SH + PBC_SH_REGION);
    assert_int_equal(nth(r, "STS", 0), SH + PBC_SH_BIN);   /* myBinIndex.x, .y, .z */
    assert_int_equal(nth(r, "STS", 2), SH + PBC_SH_BIN + 8);
    assert_int_equal(count(r, "LDG.E"), 84);
    assert_int_equal(nth(r, "LDG.E", 0), BINS + 128);
    assert_int_equal(nth(r, "LDG.E", 1), BINS + 192);
    assert_int_equal(nth(r, "STS", 3), SH);
    assert_int_equal(nth(r, "STS", 4), SH + 64);
    assert_int_equal(nth(r, "LDG.E", 2), BINS + 1536);
    assert_int_equal(nth(r, "LDG.E", 3), BINS + 1600);
    assert_int_equal(nth(r, "STS", 5), SH + 1024);
    assert_int_equal(nth(r, "STS", 6), SH + 1088);
    assert_int_equal(count(r, "STS"), 3 + 84);
    assert_int_equal(count(r, "LDS.U.32"), 376);
    assert_int_equal(count(r, "LDS.U.64"), 1);
    assert_int_equal(count(r, "BAR.SYNC"), 22);
    assert_int_equal(count(r, "MUFU.RSQ"), 8);
    assert_int_equal(count(r, "STG.E"), 4);
    for (unsigned s = 0; s < 4; s++)
        assert_int_equal(nth(r, "STG.E", s), LAT + 4 * 16 * s);
    /* the first scan loads: slot 0's aq (word 3) after round 0's barrier; neighbour 0 is empty */
    assert_int_equal(nth(r, "LDS.U.32", 3), SH + 12);
    assert_int_equal(nth(r, "LDS.U.32", 4), SH + 128 + 12);   /* slot 1's aq */
    run_free(r);
}

/* Thread (tx 7, ty' 15: ty 1, tz 7) of block (2, 0), launch 1: tid = (7 2 + 1) 8 + 7 = 127,
 * half-warp 7, tidmask 15; the point x = (16 + 7) 0.5 = 11.5, y = 0.5, z = (8 + 7) 0.5 = 7.5.
 * myBinIndex = (floor(2.5), floor(0.5), floor(1.5)) = (2, 0, 1). Half-warp 7 caches neighbours 7,
 * 15, .., 327: 41 bins, 82 loads; neighbour 7 (-1, -2, -3): bin (1, -2, -2), flat ((-2 7 - 2)
 * 9 + 1) = -143 from binZero, 76 of the array: p_global[15] at BINS + 76 128 + 60 = 9788, [31]
 * at + 64 = 9852, into shared words 32 7 + 15 = 239 and 255. A's bin is offset (-2, 0, -1), B's
 * (0, 0, -1): both scanned. A: dx = -11, dz = -7: dxdz2 = 170 > 144, no point; B: dx = -1, dz =
 * -4, dxdz2 = 17, dy = 2.5 - 0.5 - m = 2, 1, 0, -1: all four. Stores: region (1 1 + 0) 3 + 2 =
 * 5, words 7 64 + 15 + 16 m = 463 + 16 m. */
static void thread_far(void **state)
{
    (void)state;
    run1_t *r = run(&two, 7, 15, 2, 0, 1);
    assert_int_equal(count(r, "LDG.E"), 82);
    assert_int_equal(nth(r, "LDG.E", 0), BINS + 76 * 128 + 60);
    assert_int_equal(nth(r, "LDG.E", 1), BINS + 76 * 128 + 124);
    assert_int_equal(nth(r, "STS", 3), SH + 4 * 239);
    assert_int_equal(nth(r, "STS", 4), SH + 4 * 255);
    assert_int_equal(count(r, "LDS.U.32"), 376);   /* the scan is the block's: the same loads */
    assert_int_equal(count(r, "MUFU.RSQ"), 4);
    for (unsigned s = 0; s < 4; s++)
        assert_int_equal(nth(r, "STG.E", s), LAT + 4 * (5 * 512 + 463 + 16 * s));
    run_free(r);
    pb_cutcp_free(&two);
}

/* ---- the stand-in ----------------------------------------------------------------------------------- */

/* L = 40: round(0.03343 40^3) = 2140 molecules, 6420 atoms, neutral; oxygens at least 2.5 A apart,
 * O-H 0.9572 A, H-O-H 104.52 degrees; the binning keeps every atom once (a bin's 8, the rest the
 * CPU's), each in the bin of its coordinates, in file order; the lattice of a box a little over 40
 * A: 11 regions a side (the dataset's: 40 A + the padding), binDim 11 + 6 = 17. */
static void standin(void **state)
{
    (void)state;
    pb_cutcp_t m;
    assert_int_equal(pb_cutcp_standin(&m, PBC_SL), 0);
    assert_int_equal(m.natoms, 6420);
    double q = 0;
    for (unsigned a = 0; a < m.natoms; a++)
        q += m.atom[4 * a + 3];
    assert_true(fabs(q) < 1e-3);
    for (unsigned i = 0; i < m.natoms; i += 3) {
        const float *o = &m.atom[4 * i], *h1 = o + 4, *h2 = o + 8;
        assert_true(o[3] == -0.834f && h1[3] == 0.417f && h2[3] == 0.417f);
        double d1 = 0, d2 = 0, dot = 0;
        for (int d = 0; d < 3; d++) {
            d1 += (h1[d] - o[d]) * (h1[d] - o[d]);
            d2 += (h2[d] - o[d]) * (h2[d] - o[d]);
            dot += (h1[d] - o[d]) * (h2[d] - o[d]);
        }
        assert_true(fabs(sqrt(d1) - 0.9572) < 1e-3 && fabs(sqrt(d2) - 0.9572) < 1e-3);
        assert_true(fabs(acos(dot / sqrt(d1 * d2)) * 180 / M_PI - 104.52) < 0.05);
        for (unsigned j = 0; j < i; j += 3) {
            const float *p = &m.atom[4 * j];
            double r2 = 0;
            for (int d = 0; d < 3; d++)
                r2 += (p[d] - o[d]) * (p[d] - o[d]);
            assert_true(r2 >= 2.5 * 2.5 - 1e-3);
        }
    }
    for (int d = 0; d < 3; d++) {
        assert_int_equal(m.rdim[d], 11);
        assert_int_equal(m.bdim[d], 17);
    }
    assert_int_equal(m.nbrlen, 335);
    unsigned binned = 0;
    for (unsigned b = 0; b < m.nbins; b++) {
        assert_true(m.bincnt[b] >= 0 && m.bincnt[b] <= PBC_BIN_DEPTH);
        binned += (unsigned)m.bincnt[b];
        const int bi = (int)(b % 17) - 3, bj = (int)(b / 17 % 17) - 3, bk = (int)(b / 289) - 3;
        for (int s = 0; s < PBC_BIN_DEPTH; s++) {
            const float *p = &m.bin[(b * PBC_BIN_DEPTH + (unsigned)s) * 4];
            if (s >= m.bincnt[b]) {
                assert_true(p[3] == 0.f);
                continue;
            }
            assert_int_equal((int)floorf(p[0] / 4), bi);
            assert_int_equal((int)floorf(p[1] / 4), bj);
            assert_int_equal((int)floorf(p[2] / 4), bk);
        }
    }
    assert_int_equal(binned + m.nextra + m.nexcluded, m.natoms);
    assert_int_equal(m.nexcluded, 0);
    assert_true(m.nextra < m.natoms / 20);   /* liquid density: a bin's 6.6 atoms on average, few over 8 */
    pb_cutcp_free(&m);
    /* deterministic */
    pb_cutcp_t a, b;
    assert_int_equal(pb_cutcp_standin(&a, 12), 0);
    assert_int_equal(pb_cutcp_standin(&b, 12), 0);
    assert_int_equal(a.natoms, b.natoms);
    assert_memory_equal(a.atom, b.atom, 4 * sizeof(float) * a.natoms);
    pb_cutcp_free(&a);
    pb_cutcp_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(host_by_hand),
        cmocka_unit_test(thread0),
        cmocka_unit_test(thread_far),
        cmocka_unit_test(standin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
