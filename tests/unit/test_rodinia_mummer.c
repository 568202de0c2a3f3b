/* test_rodinia_mummer.c - MUMmerGPU (sim/workload/rodinia_mummer.c): the
 * host's suffix tree in its texture layout, the coalesced query image, and
 * mummergpuKernel's walk, with addresses worked out by hand from
 * mummergpu_kernel.cu, suffix-tree.cpp and common.cu (Rodinia 3.1). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/rodinia_mummer.h"

#include "simt_harness.h"

/* id2addr with REORDER_TREE: bigx = id & 0x1FFFF, bigy = id >> 17,
 * y = 32 bigy + (bigx & 31), x = bigx >> 5; the address x | y << 16. */
static void mum_id2addr_layout(void **state)
{
    (void)state;
    assert_int_equal(mum_id2addr(0), 0);
    assert_int_equal(mum_id2addr(1), MUM_ROOT);           /* GOROOT: (0, 1) */
    assert_int_equal(mum_id2addr(31), 31u << 16);          /* (0, 31) */
    assert_int_equal(mum_id2addr(32), 1);                  /* (1, 0): the next column of the strip */
    assert_int_equal(mum_id2addr(33), 1 | 1u << 16);
    assert_int_equal(mum_id2addr(0x1ffff), 4095 | 31u << 16);
    assert_int_equal(mum_id2addr(0x20000), 32u << 16);     /* the second strip: (0, 32) */
    assert_int_equal(mum_texel(mum_id2addr(4)), 4 * 4096);
    assert_int_equal(mum_texel(mum_id2addr(33)), 1 + 4096);
}

/* A random reference of n bases ending in 'T' (so that only the root's and
 * T's children include a '$' leaf), its last base fixed. */
static char *test_ref(uint32_t n, uint64_t seed)
{
    char *b = malloc(n);
    uint64_t s = seed;
    for (uint32_t i = 0; i < n; i++)
        b[i] = "ACGT"[simt_mix64(&s) & 3];
    b[n - 1] = 'T';
    return b;
}

/* The tree spells every suffix: from the root, the children texel's link for
 * each base, then the node texel's [start, end] compared with the reference,
 * down to the suffix's end ('$' has no link in PixelOfChildren's a c g t:
 * the walk stops before it). Suffix links: a node whose path is x alpha
 * links to alpha's node (depths from a walk over the tree). */
static uint32_t *depth_of;   /* by texel */
static uint32_t *occ_of;     /* a position where the node's path starts */

static void walk_depths(const mum_input_t *m, uint32_t addr, uint32_t depth)
{
    const uint64_t x = mum_texel(addr);
    const uint32_t len = mum_end(m, addr) - mum_start(m, addr) + 1;
    const uint32_t d = addr == MUM_ROOT ? 0 : depth + len;
    depth_of[x] = d;
    occ_of[x] = addr == MUM_ROOT ? 1 : mum_end(m, addr) + 1 - d;
    for (unsigned c = 0; c < 5; c++)
        if (mum_kid(m, addr, c))
            walk_depths(m, mum_kid(m, addr, c), d);
}

static void mum_tree_shape(void **state)
{
    (void)state;
    const uint32_t n = 3000;
    char *b = test_ref(n, 7);
    char q[MUM_QLEN * 2];
    memcpy(q, b + 100, MUM_QLEN), memcpy(q + MUM_QLEN, b + 2000, MUM_QLEN);
    mum_input_t m;
    assert_int_equal(mum_input_from(&m, b, n, q, 2), 0);
    assert_true(m.nnodes <= 2 * (n + 1) + 2);
    assert_int_equal(m.rows, 32);   /* under 4096 x 32 nodes: one strip */
    /* the root, node 1 at (0, 1): [0, 0], its suffix link itself, no parent */
    assert_int_equal(mum_start(&m, MUM_ROOT), 0);
    assert_int_equal(mum_end(&m, MUM_ROOT), 0);
    assert_int_equal(mum_suffix(&m, MUM_ROOT), MUM_ROOT);
    /* renumberTree breadth first: the root's children A C G T $ are nodes 2..6 ('$': the
     * leaf of the suffix "$"); T's '$' link is the leaf of "T$", A's none */
    for (uint32_t c = 0; c < 5; c++)
        assert_int_equal(mum_kid(&m, MUM_ROOT, c), mum_id2addr(2 + c));
    assert_int_equal(mum_leafid(&m, mum_kid(&m, MUM_ROOT, 4)), n + 1);
    assert_int_equal(mum_leafid(&m, mum_kid(&m, mum_kid(&m, MUM_ROOT, 3), 4)), n);
    assert_int_equal(mum_kid(&m, mum_kid(&m, MUM_ROOT, 0), 4), 0);
    /* every suffix is spelled, and ends at its leaf: inside a leaf's edge (the '$' the last
     * character compared) or at a node whose '$' link is the leaf (the suffix "$" itself
     * at the root's); those links are the only '$' links */
    unsigned dollars = 0;
    for (uint32_t j = 1; j <= n + 1; j++) {
        uint32_t cur = MUM_ROOT, i = j;
        while (i <= n) {
            const char *cs = strchr("ACGT", m.ref[i]);
            assert_non_null(cs);
            cur = mum_kid(&m, cur, (unsigned)(cs - "ACGT"));
            assert_int_not_equal(cur, 0);
            for (uint32_t r = mum_start(&m, cur); r <= mum_end(&m, cur) && i <= n + 1; r++, i++)
                assert_int_equal(m.ref[r], m.ref[i]);
        }
        if (i == n + 1)
            cur = mum_kid(&m, cur, 4), dollars++;
        assert_int_equal(mum_leafid(&m, cur), j);
    }
    assert_int_equal(dollars, m.ndollar);
    assert_true(dollars >= 2);
    /* suffix links of the internal nodes */
    const uint64_t texels = (uint64_t)MUM_TEXW * m.rows;
    depth_of = calloc(texels, sizeof *depth_of), occ_of = calloc(texels, sizeof *occ_of);
    walk_depths(&m, MUM_ROOT, 0);
    unsigned internal = 0;
    for (uint32_t id = 1; id < m.nnodes; id++) {
        const uint32_t a = mum_id2addr(id);
        const uint64_t x = mum_texel(a);
        if (!depth_of[x] || mum_end(&m, a) == n + 1)   /* the root, leaves */
            continue;
        internal++;
        const uint64_t s = mum_texel(mum_suffix(&m, a));
        assert_int_not_equal(mum_suffix(&m, a), 0);
        assert_int_equal(depth_of[s], depth_of[x] - 1);
        assert_memory_equal(m.ref + occ_of[s], m.ref + occ_of[x] + 1, depth_of[s]);
    }
    assert_true(internal > n / 2);
    assert_int_equal(internal + 1, m.ninner);
    /* PixelOfNode.depth = string depth + 1 (the root's [0, 0] edge counts 1); a leaf's leafid is
     * its suffix's start: the leaf spells s[leafid .. n + 1]; numleaves sums to n + 1 at the root */
    unsigned leaves = 0, seen = 0;
    for (uint64_t x = 0; x < texels; x++)
        seen += depth_of[x] || x == 4096;
    assert_int_equal(seen, m.nnodes - 1);   /* the walk from the root reaches every node */
    for (uint32_t id = 1; id < m.nnodes; id++) {
        const uint32_t a = mum_id2addr(id);
        const uint64_t x = mum_texel(a);
        assert_int_equal(mum_depth(&m, a), depth_of[x] + 1);
        if (mum_leafid(&m, a)) {
            leaves++;
            assert_int_equal(mum_end(&m, a), n + 1);
            assert_int_equal(mum_leafid(&m, a), occ_of[x]);
            assert_int_equal(mum_nleaves(&m, a), 1);
            assert_int_equal(mum_suffix(&m, a), 0);
            for (unsigned c = 0; c < 5; c++)
                assert_int_equal(mum_kid(&m, a, c), 0);
        } else {   /* numLeaves: the sum of the children's */
            unsigned sum = 0;
            for (unsigned c = 0; c < 5; c++)
                sum += mum_nleaves(&m, mum_kid(&m, a, c));
            assert_int_equal(mum_nleaves(&m, a), sum);
        }
        if (mum_parent(&m, a)) {
            const uint32_t p = mum_parent(&m, a);
            assert_true(mum_addr2id(p) < id);   /* renumberTree numbers parents first */
            int found = 0;
            for (unsigned c = 0; c < 5; c++)
                found |= mum_kid(&m, p, c) == a;
            assert_true(found);
        }
    }
    assert_int_equal(leaves, n + 1);
    assert_int_equal(leaves, m.nleaf);
    assert_int_equal(mum_nleaves(&m, MUM_ROOT), n + 1);
    assert_int_equal(mum_parent(&m, MUM_ROOT), 0);
    /* the NULL node: all 0 */
    assert_int_equal(mum_start(&m, 0) | mum_end(&m, 0) | mum_depth(&m, 0) | mum_parent(&m, 0) | mum_suffix(&m, 0) |
                     mum_kid(&m, 0, 0) | mum_leafid(&m, 0) | mum_nleaves(&m, 0), 0);
    free(depth_of), free(occ_of);
    /* the query image: 16 queries a chunk of 16 x 104 bytes (416 ints), char
     * c of query j in int 16 (c / 4) + j, byte c % 4: 'q', the bases, '\0' */
    assert_int_equal(m.qwords, 416);
    assert_int_equal(m.qaddr[1], 1);
    assert_int_equal(m.coord[1], 1);
    assert_int_equal(m.ncoords, 16 * 81);
    assert_int_equal(mum_qchar(&m, 1, 0), 'q');
    for (uint32_t c = 1; c <= MUM_QLEN; c++)
        assert_int_equal(mum_qchar(&m, 1, c), b[2000 + c - 1]);
    assert_int_equal(mum_qchar(&m, 1, MUM_QLEN + 1), 0);
    assert_int_equal(m.qimg[16 * 25 + 1], (uint32_t)(uint8_t)b[2099]);   /* chars 100..103: the last base, the NUL, padding */
    mum_free(&m);
    free(b);
}

/* Query 17 sits in the second chunk: queryAddrs[17] = 416 + 1 = 417,
 * coordAddrs[17] = 16 * 81 + 1 = 1297. */
static void mum_generator(void **state)
{
    (void)state;
    mum_input_t m;
    assert_int_equal(mum_input(&m, 4096, MUM_SEED), 0);
    assert_int_equal(m.nqry, 40);
    assert_int_equal(m.qaddr[17], 417);
    assert_int_equal(m.coord[17], 1297);
    assert_int_equal(m.qwords, 3 * 416);
    unsigned same = 0;
    for (uint32_t q = 0; q < m.nqry; q++) {
        assert_true(m.qpos[q] >= 1 && m.qpos[q] + MUM_QLEN - 1 <= m.reflen);
        for (uint32_t c = 1; c <= MUM_QLEN; c++)
            same += mum_qchar(&m, q, c) == m.ref[m.qpos[q] + c - 1];
    }
    /* substitutions at 1 / 50 */
    assert_true(same > m.nqry * MUM_QLEN * 95 / 100 && same < m.nqry * MUM_QLEN);
    mum_input_t m2;
    assert_int_equal(mum_input(&m2, 4096, MUM_SEED), 0);
    assert_memory_equal(m.qimg, m2.qimg, 4 * m.qwords);
    assert_int_equal(m.ninner, m2.ninner);
    assert_memory_equal(m.ikid, m2.ikid, 16ull * m.ninner);
    assert_memory_equal(m.lparent, m2.lparent, 4ull * m.nleaf);
    mum_free(&m), mum_free(&m2);
}

/* One thread, all its memory accesses (the harness keeps 512). */
typedef struct {
    uint64_t *addr;
    const char **op;
    size_t n;
} trace_t;

static void run_all(trace_t *r, const simt_args_t *a, unsigned tx, unsigned bx)
{
    static simt_prog_t prog;
    simt_lane_t lane = {0};
    simt_t t = {.tx = tx, .bx = bx, .bdx = MUM_BLOCK, .bdy = 1, .bdz = 1, .gdx = 1, .gdy = 1, .arg = a,
                .prog = &prog, .lane = &lane};
    rd_mummer(&t);
    assert_int_equal(t.err, 0);
    r->addr = malloc(lane.n * sizeof *r->addr), r->op = malloc(lane.n * sizeof *r->op), r->n = 0;
    for (size_t i = 0; i < lane.n; i++) {
        const simt_site_t *s = &prog.site[lane.site[i]];
        if (s->width)   /* the n-th memory instruction's address: lane.addr[n] */
            r->op[r->n] = s->op, r->addr[r->n] = lane.addr[r->n], r->n++;
    }
    free(lane.site), free(lane.addr);
}

/* The longest prefix of the query's bases from base k + 1 found in the reference (naive). */
static uint32_t longest(const mum_input_t *m, uint32_t q, uint32_t k)
{
    uint32_t best = 0;
    for (uint32_t i = 1; i <= m->reflen; i++) {
        uint32_t l = 0;
        while (k + 1 + l <= MUM_QLEN && i + l <= m->reflen && m->ref[i + l] == mum_qchar(m, q, k + 1 + l))
            l++;
        if (l > best)
            best = l;
    }
    return best;
}

/* mummergpuKernel, reference of 4096 random bases ending in T, two queries:
 * 0 = bases 1001..1100 ("G C ..." forced), 1 = bases 3001..3100 with a
 * substitution at base 50.
 * Thread 0: queryLengths[0], queryAddrs[0], coordAddrs[0] (QL, QA, CA + 0);
 * GETQCHAR(1): queries[0 + (1 >> 2) * 16] = QS + 0; the root's children
 * texel (0, 1) = 4096: CH + 65536; 'G' -> node 4 at (0, 4), texel 16384: ND
 * + 262144; its edge is one base (all 2-mers occur): GETQCHAR(2) = QS + 0,
 * no reference load; node 4's children: CH + 262144; 'C' -> node 16: the
 * second level is A's children 7..10, C's 11..14, G's 15..18 (no '$' child:
 * the reference ends in T), so GC = 16 at (0, 16), texel 65536: ND + 16 *
 * 65536; GETQCHAR(3) = QS + 0; then GC's children: CH + 16 * 65536. */
static void mum_addresses(void **state)
{
    (void)state;
    const uint32_t n = 4096;
    char *b = test_ref(n, 11);
    b[1000] = 'G', b[1001] = 'C';
    char q[2 * MUM_QLEN];
    memcpy(q, b + 1000, MUM_QLEN), memcpy(q + MUM_QLEN, b + 3000, MUM_QLEN);
    q[MUM_QLEN + 49] = q[MUM_QLEN + 49] == 'A' ? 'C' : 'A';
    mum_input_t m;
    assert_int_equal(mum_input_from(&m, b, n, q, 2), 0);
    const uint64_t MC = 0x1000000, CA = 0x2000000, QS = 0x3000000, ND = 0x10000000, CH = 0x20000000,
                   RF = 0x4000000, QA = 0x5000000, QL = 0x6000000;
    simt_args_t a = {.arr = {MC, CA, QS, ND, CH, RF, QA, QL}, .n = 2, .data = &m};
    trace_t r;
    run_all(&r, &a, 0, 0);
    const uint64_t want[11] = {QL, QA, CA, QS, CH + 16 * 4096, ND + 16 * 16384, QS, CH + 16 * 16384,
                               ND + 16 * 65536, QS, CH + 16 * 65536};
    assert_true(r.n > 11);
    for (int i = 0; i < 11; i++)
        assert_int_equal(r.addr[i], want[i]);
    assert_string_equal(r.op[4], "LDG.E.128");   /* a texel: 16 bytes */
    /* the stores: one 8-byte MatchCoord at result = MC + 8 (coordAddrs + 16 k) for each start k
     * whose match is at least min_match_len (qry_match_len > 20: 20 bases and more) */
    for (uint32_t qq = 0; qq < 2; qq++) {
        if (qq)
            free(r.addr), free(r.op), run_all(&r, &a, 1, 0);
        uint8_t stored[81] = {0};
        unsigned nst = 0;
        for (size_t i = 0; i < r.n; i++)
            if (!strcmp(r.op[i], "STG.E.64")) {
                const uint64_t k = (r.addr[i] - MC - 8 * qq) / (8 * 16);
                assert_int_equal(r.addr[i], MC + 8 * (qq + 16 * k));
                assert_true(k < 81);
                assert_int_equal(stored[k], 0);
                stored[k] = 1, nst++;
            }
        /* GETRCHAR reads the reference bytes: RF + refpos within the reference */
        for (size_t i = 0; i < r.n; i++)
            if (!strcmp(r.op[i], "LDG.E.U8"))
                assert_true(r.addr[i] >= RF + 1 && r.addr[i] <= RF + n + 1);
        for (uint32_t k = 0; k < 81; k++)
            assert_int_equal(stored[k], longest(&m, qq, k) >= MUM_MINMATCH);
        if (qq == 0)
            assert_int_equal(nst, 81);   /* an exact read: every start matches to the end */
        else
            assert_true(nst < 81);        /* the substitution: starts 30..49 see under 20 bases */
    }
    free(r.addr), free(r.op);
    /* a thread past numQueries leaves at once */
    run_all(&r, &a, 2, 0);
    assert_int_equal(r.n, 0);
    free(r.addr), free(r.op);
    mum_free(&m);
    free(b);
}

/* Every query of the generator's input (4096 bases, 40 reads): the kernel's
 * stores are exactly the starts with a match of 20 bases or more. */
static void mum_matches_all(void **state)
{
    (void)state;
    mum_input_t m;
    assert_int_equal(mum_input(&m, 4096, MUM_SEED), 0);
    const uint64_t MC = 0x1000000;
    simt_args_t a = {.arr = {MC, 0x2000000, 0x3000000, 0x10000000, 0x20000000, 0x4000000, 0x5000000, 0x6000000},
                     .n = m.nqry, .data = &m};
    unsigned total = 0;
    for (uint32_t q = 0; q < m.nqry; q++) {
        trace_t r;
        run_all(&r, &a, q, 0);
        uint8_t stored[81] = {0};
        for (size_t i = 0; i < r.n; i++)
            if (!strcmp(r.op[i], "STG.E.64")) {
                const uint64_t k = (r.addr[i] - MC - 8ull * (uint64_t)m.coord[q]) / (8 * 16);
                assert_true(k < 81);
                stored[k]++;
            }
        uint32_t node[MUM_QLEN], edge[MUM_QLEN];
        mum_walk(&m, q, node, edge);
        for (uint32_t k = 0; k < 81; k++) {
            assert_int_equal(stored[k], node[k] != 0);
            assert_int_equal(stored[k], longest(&m, q, k) >= MUM_MINMATCH);
            total += stored[k];
        }
        free(r.addr), free(r.op);
    }
    assert_true(total > m.nqry * 81 / 2);
    assert_int_equal(m.nmatch, total);   /* coordsToPrintBuffers: one MatchInfo per MatchCoord */
    mum_free(&m);
}

/* The leaves under node a (DFS). */
static unsigned count_leaves(const mum_input_t *m, uint32_t a)
{
    if (mum_leafid(m, a))
        return 1;
    unsigned s = 0;
    for (unsigned c = 0; c < 5; c++)
        if (mum_kid(m, a, c))
            s += count_leaves(m, mum_kid(m, a, c));
    return s;
}

/* coordsToPrintBuffers' list as mum_match gives it: the walks' MatchCoords
 * in query and start order, numLeaves the leaves below the node (a
 * 200-base repeat in the reference gives nodes of two), each resultsoffset
 * the sum of the numLeaves before it; the same match whatever the order
 * of the questions. */
static void mum_match_list(void **state)
{
    (void)state;
    const uint32_t n = 3000;
    char *b = test_ref(n, 5);
    memcpy(b + 2000, b + 100, 200);
    char q[3 * MUM_QLEN];
    memcpy(q, b + 100, MUM_QLEN), memcpy(q + MUM_QLEN, b + 1500, MUM_QLEN), memcpy(q + 2 * MUM_QLEN, b + 150, MUM_QLEN);
    mum_input_t m;
    assert_int_equal(mum_input_from(&m, b, n, q, 3), 0);
    mum_match_t *all = malloc(m.nmatch * sizeof *all);
    uint64_t off = 0;
    unsigned multi = 0, i = 0;
    for (uint32_t qq = 0; qq < 3; qq++) {
        uint32_t node[MUM_QLEN], edge[MUM_QLEN];
        mum_walk(&m, qq, node, edge);
        for (uint32_t k = 0; k <= MUM_QLEN - MUM_MINMATCH; k++) {
            if (!node[k])
                continue;
            assert_true(i < m.nmatch);
            const mum_match_t mi = mum_match(&m, i);
            all[i++] = mi;
            assert_int_equal(mi.queryid, qq);
            assert_int_equal(mi.qrystartpos, k);
            assert_int_equal(mi.matchnode, node[k]);
            assert_int_equal(mi.edgematch, edge[k]);
            assert_int_equal(mi.numleaves, count_leaves(&m, node[k]));
            assert_int_equal(mi.resultsoffset, off);
            off += mi.numleaves;
            multi += mi.numleaves > 1;
        }
    }
    assert_int_equal(i, m.nmatch);
    assert_int_equal(off, m.nalign);
    assert_true(multi > 0);
    for (uint32_t j = m.nmatch; j-- > 0;) {
        const uint32_t at = (j * 7919u) % m.nmatch;
        const mum_match_t mi = mum_match(&m, at);
        assert_memory_equal(&mi, &all[at], sizeof mi);
    }
    free(all);
    mum_free(&m);
    free(b);
}

/* The leaves under node x whose leafchar differs from f (DFS). */
static unsigned left_max_leaves(const mum_input_t *m, uint32_t addr, char f)
{
    if (mum_leafid(m, addr))
        return m->ref[mum_leafid(m, addr) - 1] != f;
    unsigned s = 0;
    for (unsigned c = 0; c < 5; c++)
        if (mum_kid(m, addr, c))
            s += left_max_leaves(m, mum_kid(m, addr, c), f);
    return s;
}

/* printKernel. Match i: matches[i].queryid (MT + 20 i + 4), queryAddrs[queryid],
 * matches[i].qrystartpos (MT + 20 i + 18), GETQCHAR(qrystartpos) (the flanking
 * base), matches[i].matchnode (MT + 20 i + 8), its node texel. Then its
 * Alignments are stored at AL + 8 (resultsoffset + j), j = 0, 1, ...: one
 * (left_in_ref, and matchlen at + 4) per leaf below printParent (the
 * highest ancestor deeper than 20) whose leafchar is not the flanking base. */
static void mum_print_addresses(void **state)
{
    (void)state;
    mum_input_t m;
    assert_int_equal(mum_input(&m, 4096, MUM_SEED), 0);
    const uint64_t MT = 0x1000000, AL = 0x2000000, QS = 0x3000000, ND = 0x10000000, CH = 0x20000000,
                   QA = 0x5000000, QL = 0x6000000;
    simt_args_t a = {.arr = {MT, AL, QS, ND, CH, QA, QL}, .n = m.nmatch, .data = &m};
    unsigned some = 0;
    for (uint32_t i = 0; i < m.nmatch; i++) {
        const mum_match_t mi_ = mum_match(&m, i), *mi = &mi_;
        static simt_prog_t prog;
        simt_lane_t lane = {0};
        simt_t t = {.tx = i % MUM_BLOCK, .bx = i / MUM_BLOCK, .bdx = MUM_BLOCK, .bdy = 1, .bdz = 1, .gdx = 1,
                    .gdy = 1, .arg = &a, .prog = &prog, .lane = &lane};
        rd_mummer_print(&t);
        assert_int_equal(t.err, 0);
        uint64_t mem[8];
        unsigned nm = 0, nst = 0;
        for (size_t k = 0, a = 0; k < lane.n; k++) {   /* a: the memory instructions' addresses */
            const simt_site_t *s = &prog.site[lane.site[k]];
            if (!s->width)
                continue;
            const uint64_t addr = lane.addr[a++];
            if (nm < 8)
                mem[nm++] = addr;
            if (!strcmp(s->op, "STG.E")) {
                assert_int_equal(addr, AL + 8ull * (mi->resultsoffset + nst));
                nst++;
            }
        }
        free(lane.site), free(lane.addr);
        const uint64_t want[6] = {MT + 20ull * i + 4, QA + 4ull * mi->queryid, MT + 20ull * i + 18,
                                  QS + 4ull * ((uint64_t)m.qaddr[mi->queryid] + (mi->qrystartpos >> 2) * 16u),
                                  MT + 20ull * i + 8, ND + 16 * mum_texel(mi->matchnode)};
        for (int k = 0; k < 6; k++)
            assert_int_equal(mem[k], want[k]);
        uint32_t pp = mi->matchnode, cur = pp;
        while (mum_depth(&m, cur) > MUM_MINMATCH)
            pp = cur, cur = mum_parent(&m, cur);
        const char flank = mum_qchar(&m, mi->queryid, mi->qrystartpos);
        const unsigned expect = pp == cur ? 0 : left_max_leaves(&m, pp, flank);
        assert_int_equal(nst, expect);
        assert_true(nst <= mi->numleaves);
        some += nst;
    }
    assert_true(some > 0);
    mum_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(mum_id2addr_layout), cmocka_unit_test(mum_tree_shape),
                                       cmocka_unit_test(mum_generator), cmocka_unit_test(mum_addresses),
                                       cmocka_unit_test(mum_matches_all), cmocka_unit_test(mum_match_list),
                                       cmocka_unit_test(mum_print_addresses)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
