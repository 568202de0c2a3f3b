/* test_mars.c - Mars (sim/workload/mars.c): the host program's results
 * (the sort's order, the groups, PVC's de-duplication) and chosen threads'
 * accesses worked out by hand from MarsLib.cu, MarsSort.cu and the
 * applications' map.cu / compare.cu, at the device heap's layout (cudaMalloc
 * order, 256-byte aligned, from 0). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/kernels.h"
#include "workload/workload.h"
#include "workload/mars.h"

static const uint64_t B = 0x10000000, SH = 0x7f5a00000000ull;   /* heap base, shared memory */

typedef struct {
    size_t n;
    const char **op;
    uint64_t *addr;
    unsigned *w;
} acc_t;

/* thread (tx, bx) of launch l: its memory accesses in order */
static void run(acc_t *r, mars_t *m, unsigned l, simt_fn fn, unsigned tx, unsigned bx)
{
    static simt_prog_t prog;
    memset(&prog, 0, sizeof prog);
    simt_lane_t lane = {0};
    void *d = mars_open(m, l);
    assert_non_null(d);
    simt_args_t a = {.arr = {B}, .shmem = SH, .data = d, .p = l};
    const mars_launch_t *L = &m->launch[l];
    simt_t t = {.tx = tx, .bx = bx, .bdx = L->block, .bdy = 1, .bdz = 1, .gdx = L->grid, .gdy = 1, .arg = &a,
                .prog = &prog, .lane = &lane};
    fn(&t);
    assert_int_equal(t.err, 0);
    r->n = 0;
    r->op = malloc(lane.na * sizeof *r->op + 1);
    r->addr = malloc(lane.na * sizeof *r->addr + 1);
    r->w = malloc(lane.na * sizeof *r->w + 1);
    for (size_t i = 0, k = 0; i < lane.n; i++) {
        const simt_site_t *s = &prog.site[lane.site[i]];
        if (!s->width)
            continue;
        r->op[r->n] = s->op, r->w[r->n] = s->width;
        r->addr[r->n++] = lane.addr[k++];
    }
    free(lane.site);
    free(lane.addr);
    mars_close(d);
}

static void acc_free(acc_t *r) { free(r->op), free(r->addr), free(r->w); }

#define AT(r, i, o, a)                             \
    do {                                           \
        assert_string_equal((r)->op[i], (o));      \
        assert_int_equal((r)->addr[i], (a));       \
    } while (0)

static unsigned find(const mars_t *m, unsigned kind, unsigned mr, unsigned nth)
{
    for (unsigned l = 0; l < m->nlaunch; l++)
        if (m->launch[l].kind == kind && m->launch[l].mr == mr && !nth--)
            return l;
    fail();
    return 0;
}

/* The sort's output is in compare() order, a group's records compare equal and neighbouring
 * groups differ (checked through the launches' data: getChunkBoundary's flags). */
static void check_sorted(mars_t *m, unsigned mr)
{
    unsigned nin, ninter, nkeys, nout;
    mars_counts(m, mr, &nin, &ninter, &nkeys, &nout);
    assert_true(ninter > 0 && nkeys > 0 && nkeys <= ninter);
    assert_int_equal(mars_unsorted(m, mr), 0);
}

/* PVR at 1024 records: the layout by cudaMalloc order (each 256-byte aligned):
 *   d_inputKeys 0 (4096 B), d_inputVals 4096, d_inputOffsetSizes 8192 (16384 B),
 *   interKeysSizePerTask 24576, interValsSizePerTask 28672, interCountPerTask 32768 (1024 threads);
 *   psKeySizes 36864, its block sums 40960 (2 blocks of 512: 8 B), psValSizes 41216, sums 45312,
 *   psCounts 45568, sums 49664; interKeys 49920 (4096 B), interVals 54016, interOffsetSizes 58112
 *   (16384 B), keyValOffsets 74496 (8192 B), curIndex 82688. */
static void pvr_threads(void **state)
{
    (void)state;
    mars_t m;
    assert_int_equal(mars_build(&m, MARS_PVR, 1024), 0);
    check_sorted(&m, 0);
    /* MapperCount thread 5 of block 1 (index 261): EmitInterCount(4, 4): the three per-task counters
     * at 261, each read and written (PVR's map_count uses neither key nor value, so the compiled
     * kernel does not read inputOffsetSizes[261]) */
    acc_t r;
    run(&r, &m, find(&m, MK_MAP_COUNT, 0, 0), mars_map_count, 5, 1);
    assert_int_equal(r.n, 6);
    AT(&r, 0, "LDG.E", B + 24576 + 4 * 261);
    AT(&r, 1, "STG.E", B + 24576 + 4 * 261);
    AT(&r, 2, "LDG.E", B + 28672 + 4 * 261);
    AT(&r, 4, "LDG.E", B + 32768 + 4 * 261);
    AT(&r, 5, "STG.E", B + 32768 + 4 * 261);
    acc_free(&r);
    /* Mapper thread 5 of block 1: every record emits one pair of 4 + 4 bytes, so psCounts[261] =
     * 261, psKeySizes = psValSizes = 1044. interOffsetSizes[261] read and written; the record;
     * key (rank) and value (offset) into the thread's shared output buffer (sbuf + 5 * 20);
     * EmitIntermediate: keyValOffsets[261], the two sums, 4 + 4 bytes copied from shared memory to
     * interKeys + 1044, interVals + 1044, keyValOffsets back, curIndex, psCounts, the records 261
     * and 260 of interOffsetSizes, 261 written, curIndex written. */
    run(&r, &m, find(&m, MK_MAP, 0, 0), mars_map, 5, 1);
    AT(&r, 0, "LDG.E", B + 45568 + 4 * 261);
    AT(&r, 1, "LDG.E.128", B + 58112 + 16 * 261);
    AT(&r, 4, "STG.E.128", B + 58112 + 16 * 261);
    AT(&r, 5, "LDG.E.128", B + 8192 + 16 * 261);
    AT(&r, 6, "LDG.E", B + 0 + 4 * 261);         /* *(int *)key */
    AT(&r, 7, "STS", SH + 100);
    AT(&r, 8, "LDG.E", B + 4096 + 4 * 261);      /* *(int *)val */
    AT(&r, 9, "STS", SH + 104);
    AT(&r, 10, "LDG.E.64", B + 74496 + 8 * 261);
    AT(&r, 13, "LDS.U.U8", SH + 100);
    AT(&r, 14, "STG.E.U8", B + 49920 + 1044);
    AT(&r, 20, "STG.E.U8", B + 49920 + 1047);
    AT(&r, 21, "LDS.U.U8", SH + 104);
    AT(&r, 22, "STG.E.U8", B + 54016 + 1044);
    AT(&r, 29, "STG.E.64", B + 74496 + 8 * 261);
    AT(&r, 30, "LDG.E", B + 82688 + 4 * 261);
    AT(&r, 32, "LDG.E.128", B + 58112 + 16 * 261);
    AT(&r, 33, "LDG.E.128", B + 58112 + 16 * 260);
    AT(&r, 34, "STG.E.128", B + 58112 + 16 * 261);
    AT(&r, 35, "STG.E", B + 82688 + 4 * 261);
    assert_int_equal(r.n, 36);
    acc_free(&r);
    /* the first bitonicKernel (k = 2, j = 1): thread 6 pairs records 6 and 7 (ascending: 6 & 2 =
     * 2, so the swap is on compare == -1, i.e. rank[6] > rank[7] in PVR's descending compare()):
     * both read, both ranks read at interKeys + 4 * i; thread 7 has ixj = 6 < 7: nothing */
    const unsigned bl = find(&m, MK_BITONIC, 0, 0);
    assert_int_equal(m.launch[bl].i[0], 2);
    assert_int_equal(m.launch[bl].i[1], 1);
    uint64_t dR = 0;   /* d_R: after the sort's scan block sums; from the initialize launch */
    for (unsigned l = 0; l < m.nlaunch; l++)
        if (m.launch[l].kind == MK_INIT && m.launch[l].mr == 0)
            dR = m.launch[l].a[0];
    run(&r, &m, bl, mars_bitonic, 6, 0);
    AT(&r, 0, "LDG.E.128", B + dR + 16 * 6);
    AT(&r, 1, "LDG.E.128", B + dR + 16 * 7);
    AT(&r, 2, "LDG.E", B + 49920 + 4 * 6);
    AT(&r, 3, "LDG.E", B + 49920 + 4 * 7);
    const int c = mars_compare(&m, 0, (mars_i4_t){24, 4, 24, 4}, (mars_i4_t){28, 4, 28, 4});
    assert_int_equal(r.n, c == -1 ? 6u : 4u);
    if (c == -1) {
        AT(&r, 4, "STG.E.128", B + dR + 16 * 6);
        AT(&r, 5, "STG.E.128", B + dR + 16 * 7);
    }
    acc_free(&r);
    run(&r, &m, bl, mars_bitonic, 7, 0);
    assert_int_equal(r.n, 0);
    acc_free(&r);
    mars_free(&m);
}

/* PVC: the first MapReduce's map hashes each whole line (entry_size bytes, its '\0' included) and
 * the reduce keeps one record per distinct line; the second groups by URL (1024 pages at most). */
static void pvc_pipeline(void **state)
{
    (void)state;
    mars_t m;
    assert_int_equal(mars_build(&m, MARS_PVC, 512), 0);
    /* the weblog repeats no page; it has 30 distinct bytes: held in 5 bits a byte. Read back
     * through mars_file0_at: 512 lines 'http://www.abcdefg.com/N.html\tA.B.C.D\tK', each
     * ended by the '\0' the host wrote, the file's last byte the '\n' ftell's + 1 adds */
    assert_null(m.file0[0]);
    assert_null(m.page[0]);
    assert_non_null(m.pack5[0]);
    unsigned lines = 0, tabs = 0, dots = 0, bad = 0;
    const char *pre = "http://www.abcdefg.com/";
    for (uint64_t at = 0, start = 1; at < m.file_size[0] - 1; at++) {
        const uint8_t c = mars_file0_at(&m, 0, at);
        if (start)
            for (unsigned i = 0; pre[i]; i++)
                bad += mars_file0_at(&m, 0, at + i) != (uint8_t)pre[i];
        start = c == 0;
        lines += c == 0, tabs += c == '\t', dots += c == '.';
        bad += c == '\n';
    }
    assert_int_equal(bad, 0);
    assert_int_equal(lines, 512);
    assert_int_equal(tabs, 2 * 512);
    assert_int_equal(dots, (2 + 1 + 3) * 512);   /* www.abcdefg.com, .html, the IP's three */
    assert_int_equal(mars_file0_at(&m, 0, m.file_size[0] - 1), '\n');
    assert_int_equal(m.nmr, 2);
    unsigned nin, ninter, nkeys, nout;
    mars_counts(&m, 0, &nin, &ninter, &nkeys, &nout);
    assert_int_equal(nin, 512);
    assert_int_equal(ninter, 512);
    assert_int_equal(nout, nkeys);
    mars_counts(&m, 1, &nin, &ninter, &nkeys, &nout);
    assert_int_equal(nin, nkeys == 0 ? 0 : nin);
    assert_true(nkeys <= 1024 && nkeys > 300);   /* 512 lines over rand() % 1024 URLs */
    /* setBoundary's group starts from the flags' bits: every record its own group in the first,
     * groups of several (sparse flags, empty words) in the second */
    assert_int_equal(mars_bound_errors(&m, 0), 0);
    assert_int_equal(mars_bound_errors(&m, 1), 0);
    /* Mapper (phase 0) thread 0: record 0 is the log's first line, 'http://www.abcdefg.com/N.html\t
     * A.B.C.D\tK' + '\0'; the hash reads every byte of it (LDG.E.U8 from the file at 0 up), then the
     * key's 16 and the value's 8 bytes are copied. The file is the first allocation (at 0). */
    acc_t r;
    run(&r, &m, find(&m, MK_MAP, 0, 0), mars_map, 0, 0);
    unsigned bytes = 0, first = 0;
    for (size_t i = 0; i < r.n; i++)
        if (!strcmp(r.op[i], "LDG.E.U8") && r.addr[i] < B + 64 && r.addr[i] == B + bytes) {
            if (!bytes)
                first = (unsigned)i;
            bytes++;
        }
    assert_true(bytes > 40 && bytes < 64);
    assert_string_equal(r.op[first - 1], "LDG.E");   /* pVal->entry_size, then the loop */
    acc_free(&r);
    mars_free(&m);
}

/* II: MapperCount's EmitInterCount stores (interCountPerTask) are the block's links; Mapper emits
 * as many records; the records are 1 KB blocks to a line end. */
static void ii_links(void **state)
{
    (void)state;
    mars_t m;
    assert_int_equal(mars_build(&m, MARS_II, 96), 0);
    assert_int_equal(m.nfile, 3);
    unsigned nin, ninter, nkeys, nout;
    mars_counts(&m, 0, &nin, &ninter, &nkeys, &nout);
    assert_true(nin >= 3 * 31 && nin <= 3 * 33);   /* 32 KB a file, a record past each 1 KB */
    /* each file held as its page and the '\0's written at set-up (one a record: the record ends
     * and the file's last byte), not byte for byte */
    unsigned cuts = 0;
    for (unsigned f = 0; f < 3; f++) {
        assert_null(m.file0[f]);
        assert_non_null(m.page[f]);
        const uint64_t last = m.file_size[f] - 1;
        assert_true(m.cut[f][last / 64] >> last % 64 & 1);
        for (uint64_t w = 0; w < (m.file_size[f] + 63) / 64; w++)
            cuts += (unsigned)__builtin_popcountll(m.cut[f][w]);
    }
    assert_int_equal(cuts, nin);
    assert_true(ninter > 50 && nkeys < ninter);     /* links repeat */
    acc_t r;
    const unsigned lc = find(&m, MK_MAP_COUNT, 0, 0), lm = find(&m, MK_MAP, 0, 0);
    unsigned emits = 0, total = 0;
    for (unsigned tx = 0; tx < 8; tx++) {
        run(&r, &m, lc, mars_ii_map_count, tx, 0);
        unsigned c = 0, stb = 0;
        for (size_t i = 0; i < r.n; i++)
            c += !strcmp(r.op[i], "STG.E"), stb += !strcmp(r.op[i], "LDG.E.U8");
        assert_int_equal(c % 3, 0);
        assert_true(stb >= 1024);   /* the block's bytes, one load each at least */
        acc_free(&r);
        run(&r, &m, lm, mars_ii_map, tx, 0);
        unsigned e = 0;
        for (size_t i = 0; i < r.n; i++)
            e += !strcmp(r.op[i], "STG.E.128");
        assert_int_equal(e, 1 + c / 3);   /* interOffsetSizes[psCounts] once, then one per emit */
        acc_free(&r);
        emits += c / 3, total++;
    }
    assert_true(emits > 0);
    mars_free(&m);
}

/* Above 256 K records the chunked sort: unitBitonicSortKernel per 64 K chunk, then per k the
 * global bitonicKernel down to j = 256 and partBitonicSortKernel per chunk; the result is in
 * order, and a unit block's thread reads its record and writes it back at chunk * 65536 + bx *
 * 256 + tx of d_R. */
static void chunked_sort(void **state)
{
    (void)state;
    mars_t m;
    assert_int_equal(mars_build(&m, MARS_PVR, 300000), 0);
    check_sorted(&m, 0);
    unsigned units = 0, parts = 0, glob = 0;
    for (unsigned l = 0; l < m.nlaunch; l++)
        units += m.launch[l].kind == MK_UNIT_SORT, parts += m.launch[l].kind == MK_PART_SORT,
            glob += m.launch[l].kind == MK_BITONIC;
    assert_int_equal(units, 8);          /* 2^19 records padded: 8 chunks */
    assert_int_equal(parts, 8 * 11);     /* k = 512 .. 2^19 */
    assert_int_equal(glob, 66);          /* per k = 2^m, m = 9 .. 19: j = 2^(m-1) .. 256, m - 8 launches: 1 + .. + 11 */
    uint64_t dR = 0;
    for (unsigned l = 0; l < m.nlaunch; l++)
        if (m.launch[l].kind == MK_INIT)
            dR = m.launch[l].a[0];
    acc_t r;
    run(&r, &m, find(&m, MK_UNIT_SORT, 0, 3), mars_unit_sort, 9, 2);
    AT(&r, 0, "LDG.E.128", B + dR + 16 * (3 * 65536 + 2 * 256 + 9));
    AT(&r, 1, "STS.128", SH + 16 * 9);
    AT(&r, r.n - 1, "STG.E.128", B + dR + 16 * (3 * 65536 + 2 * 256 + 9));
    acc_free(&r);
    run(&r, &m, find(&m, MK_PART_SORT, 0, 20), mars_part_sort, 200, 255);
    assert_true(r.n > 2);
    acc_free(&r);
    mars_free(&m);
}

/* A run opens the launches in order and each frees the host arrays only earlier launches read;
 * a launch opened again afterwards (out of order: last to first) has them built again, and its
 * threads make the same accesses as they did in order. PVC at 512 records: both MapReduces,
 * the global bitonic sort (its records replayed from the start when opened out of order). */
static const simt_fn mars_fn[MK_KINDS] = {
    [MK_MAP_COUNT] = mars_map_count, [MK_MAP] = mars_map, [MK_RED_COUNT] = mars_reduce_count,
    [MK_RED] = mars_reduce, [MK_PRESCAN] = mars_prescan, [MK_UNIFORM_ADD] = mars_uniform_add,
    [MK_INIT] = mars_initialize, [MK_SORT_SINGLE] = mars_sort_single, [MK_UNIT_SORT] = mars_unit_sort,
    [MK_BITONIC] = mars_bitonic, [MK_PART_SORT] = mars_part_sort, [MK_GET_INTY] = mars_get_inty,
    [MK_GET_XY] = mars_get_xy, [MK_SET_XY] = mars_set_xy, [MK_COPY_CHUNKS] = mars_copy_chunks,
    [MK_CHUNK_BOUNDARY] = mars_chunk_boundary, [MK_WRITE_BOUNDARY] = mars_write_boundary,
    [MK_SET_BOUNDARY] = mars_set_boundary,
};

/* launch l's first and last threads' accesses, hashed */
static uint64_t launch_hash(mars_t *m, unsigned l)
{
    const mars_launch_t *L = &m->launch[l];
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned k = 0; k < 2; k++) {
        acc_t r;
        run(&r, m, l, mars_fn[L->kind], k ? L->block - 1 : 0, k ? L->grid - 1 : 0);
        for (size_t i = 0; i < r.n; i++)
            h = (h ^ r.addr[i] ^ (uint64_t)r.w[i] << 56) * 0x100000001b3ull;
        h = (h ^ r.n) * 0x100000001b3ull;
        acc_free(&r);
    }
    return h;
}

static void freed_and_restored(void **state)
{
    (void)state;
    mars_t m;
    assert_int_equal(mars_build(&m, MARS_PVC, 512), 0);
    assert_int_equal(m.nmr, 2);
    uint64_t *h = calloc(m.nlaunch, sizeof *h);
    assert_non_null(h);
    unsigned first1 = find(&m, MK_MAP_COUNT, 1, 0), sorts = 0;
    for (unsigned l = 0; l < m.nlaunch; l++) {
        assert_non_null(mars_fn[m.launch[l].kind]);
        sorts += m.launch[l].kind == MK_BITONIC;
        h[l] = launch_hash(&m, l);
        if (l == first1)   /* the first MapReduce's launches have run: its arrays are gone */
            assert_int_equal(mars_gone(&m, 0), mars_groups());
    }
    assert_true(sorts > 10);
    assert_int_equal(mars_gone(&m, 0), mars_groups());
    assert_true(mars_gone(&m, 1) != 0);
    for (unsigned l = m.nlaunch; l--;)
        assert_true(launch_hash(&m, l) == h[l]);
    check_sorted(&m, 0);
    check_sorted(&m, 1);
    free(h);
    mars_free(&m);
}

/* The workloads: their launches' kernels and sizes; bad sizes are refused. */
static void workloads(void **state)
{
    (void)state;
    workload_t *w = builtin_open("mars-pvr", 0xffffffffu);
    assert_non_null(w);
    workload_close(w);
    assert_null(builtin_open("mars-pvc", 8));          /* below its 16 records */
    assert_null(builtin_open("mars-pvr", 5000000));    /* above 4 M */
    assert_null(builtin_open("mars-ii", 1u << 20));    /* above 256 MB */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pvr_threads),
        cmocka_unit_test(pvc_pipeline),
        cmocka_unit_test(ii_links),
        cmocka_unit_test(chunked_sort),
        cmocka_unit_test(freed_and_restored),
        cmocka_unit_test(workloads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
