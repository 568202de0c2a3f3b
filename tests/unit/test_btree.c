/* test_btree.c - Rodinia's b+tree (sim/workload/btree.c): the tree insert
 * builds and transform_to_cuda flattens, worked out by hand for the source's
 * input (keys 0 .. n-1 ascending, order 256), the queries main draws, and
 * the addresses findK and findRangeK read and write for chosen threads,
 * blocks and levels.
 *
 * Ascending keys, order 256: a leaf splits when a 256th key arrives, keeping
 * cut(255) = 128 and moving 128 to a new leaf on its right, where the next
 * keys go; so every leaf but the last holds 128 keys and the last between
 * 128 and 255. An inner node splits when its 257th child arrives: it keeps
 * cut(256) - 1 = 127 keys (128 children), sends the 128th up and moves 128
 * keys (129 children) right; so every inner node of a level but the last has
 * 128 children. knode = {location, indices[257], keys[257], is_leaf,
 * num_keys}: 2068 bytes, indices at +4, keys at +1032; a knode's num_keys is
 * its node's + 2 (keys[0] = INT_MIN, then the keys, then INT_MAX up to
 * keys[255]); breadth-first, an inner knode's indices are its children's
 * knode numbers, a leaf's its records' (= the keys here), and
 * indices[num_keys - 1] the next knode's number. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <limits.h>

#include "workload/btree.h"

typedef struct {
    simt_prog_t prog;
    simt_lane_t lane;
    uint64_t mem[64];
    unsigned width[64], store[64];
    unsigned nmem, bars, err;
} run_t;

static void run(run_t *r, simt_fn fn, const simt_args_t *a, unsigned tx, unsigned bx, unsigned grid)
{
    memset(r, 0, sizeof *r);
    simt_t t = {.tx = tx, .bx = bx, .bdx = BT_THREADS, .bdy = 1, .bdz = 1, .gdx = grid, .gdy = 1, .arg = a,
                .prog = &r->prog, .lane = &r->lane};
    fn(&t);
    r->err = (unsigned)t.err;
    for (size_t i = 0, k = 0; i < r->lane.n; i++) {   /* k: the memory instructions' addresses */
        const simt_site_t *s = &r->prog.site[r->lane.site[i]];
        if (s->width && r->nmem < 64) {
            r->width[r->nmem] = s->width;
            r->store[r->nmem] = !strncmp(s->op, "STG", 3);
            r->mem[r->nmem++] = r->lane.addr[k];
        }
        k += s->width != 0;
        r->bars += !strcmp(s->op, "BAR.SYNC");
    }
    free(r->lane.site);
    free(r->lane.addr);
}

static void want(const run_t *r, const uint64_t *addr, unsigned n)
{
    assert_int_equal(r->err, 0);
    assert_int_equal(r->nmem, n);
    for (unsigned i = 0; i < n; i++)
        assert_int_equal(r->mem[i], addr[i]);
}

/* device arrays at made-up bases */
#define K    0x10000000ull
#define REC  0x20000000ull
#define CUR  0x30000000ull
#define OFF  0x40000000ull
#define KEYS 0x50000000ull
#define ANS  0x60000000ull
#define LAST 0x70000000ull
#define OFF2 0x80000000ull
#define ST   0x90000000ull
#define EN   0xa0000000ull
#define RS   0xb0000000ull
#define RL   0xc0000000ull
#define KNODE(node) ((uint64_t)K + 2068 * (uint64_t)(node))

/* glibc's rand() unseeded (srand(1)): its well-known first values */
static void rand_sequence(void **state)
{
    (void)state;
    bt_rand_t g;
    bt_srand(&g, 1);
    const int32_t first[5] = {1804289383, 846930886, 1681692777, 1714636915, 1957747793};
    for (int i = 0; i < 5; i++)
        assert_int_equal(bt_rand(&g), first[i]);
}

/* 2000 keys: 15 leaves (14 x 128, the last 208 = 1792 .. 1999) under the
 * root, height 1, 16 knodes. Root knode 0: num_keys 14 + 2, keys[j] = 128 j
 * (j = 1 .. 14), indices[j] = j + 1, indices[15] = 1 (the next knode).
 * Leaf j (knode j + 1) holds 128 j .. 128 j + 127 at keys[1 ..], their
 * records' indices the same numbers. */
static void shape_2000(void **state)
{
    (void)state;
    bt_tree_t *b = bt_build(2000, 1, 1, 0);
    assert_non_null(b);
    assert_int_equal(b->nknodes, 16);
    assert_int_equal(b->height, 1);
    assert_int_equal(b->nrecords, 2000);
    const bt_knode_t *r = &b->knodes[0];
    assert_int_equal(r->location, 0);
    assert_false(r->is_leaf);
    assert_int_equal(r->num_keys, 16);
    assert_int_equal(r->keys[0], INT_MIN);
    for (int j = 1; j <= 14; j++)
        assert_int_equal(r->keys[j], 128 * j);
    assert_int_equal(r->keys[15], INT_MAX);
    assert_int_equal(r->keys[255], INT_MAX);
    assert_int_equal(r->keys[256], 0);   /* never set by transform_to_cuda (a zero page there) */
    for (int j = 0; j <= 14; j++)
        assert_int_equal(r->indices[j], j + 1);
    assert_int_equal(r->indices[15], 1);
    const bt_knode_t *l = &b->knodes[1], *z = &b->knodes[15];
    assert_true(l->is_leaf && z->is_leaf);
    assert_int_equal(l->num_keys, 130);
    assert_int_equal(l->keys[1], 0);
    assert_int_equal(l->keys[128], 127);
    assert_int_equal(l->keys[129], INT_MAX);
    assert_int_equal(l->indices[0], 0);
    assert_int_equal(l->indices[128], 127);
    assert_int_equal(l->indices[129], 2);
    assert_int_equal(z->location, 15);
    assert_int_equal(z->num_keys, 210);
    assert_int_equal(z->keys[1], 1792);
    assert_int_equal(z->keys[208], 1999);
    assert_int_equal(z->indices[208], 1999);
    assert_int_equal(z->indices[209], 16);
    for (int i = 0; i < 2000; i++)
        assert_int_equal(b->records[i], i);
    assert_int_equal(bt_child(b, 0, 1000), 8);   /* 896 <= 1000 < 1024: thread 7 */
    assert_int_equal(bt_child(b, 0, 0), 1);
    assert_int_equal(bt_child(b, 0, 1999), 15);
    bt_free(b);
}

/* 40000 keys: 312 leaves (311 x 128 + 192). The root leaf's 256 children
 * split into inner node A (leaves 0 .. 127) and B (128 .. 255), the key
 * 128 x 128 = 16384 going up; B then grows to 184 leaves. Knodes: root 0,
 * A 1, B 2, then A's leaves 3 .. 130, B's 131 .. 314: 315, height 2. */
static void shape_40000(void **state)
{
    (void)state;
    bt_tree_t *b = bt_build(40000, 1, 1, 0);
    assert_non_null(b);
    assert_int_equal(b->nknodes, 315);
    assert_int_equal(b->height, 2);
    const bt_knode_t *r = &b->knodes[0], *a = &b->knodes[1], *c = &b->knodes[2];
    assert_int_equal(r->num_keys, 3);
    assert_int_equal(r->keys[1], 16384);
    assert_int_equal(r->indices[0], 1);
    assert_int_equal(r->indices[1], 2);
    assert_int_equal(r->indices[2], 1);
    assert_int_equal(a->num_keys, 129);
    assert_int_equal(a->keys[127], 127 * 128);
    assert_int_equal(a->indices[0], 3);
    assert_int_equal(a->indices[127], 130);
    assert_int_equal(c->num_keys, 185);
    assert_int_equal(c->keys[1], 16384 + 128);
    assert_int_equal(c->indices[0], 131);
    assert_int_equal(c->indices[183], 314);
    assert_int_equal(b->knodes[314].keys[1], 311 * 128);
    assert_int_equal(b->knodes[314].num_keys, 194);
    bt_free(b);
}

/* mil.txt: 10^6 keys: 7812 leaves (7811 x 128 + 192), 61 inner nodes (60 x
 * 128 leaves + 132), the root: 7874 knodes (the count published runs print),
 * height 2; root keys[j] = 16384 j. The queries: "j" draws first: rand() #1
 * = 1804289383 -> 1804289408.0f (floats are 128 apart there) / 2^31 x 10^6
 * = 840187.73 -> start 840187, end 846187; #2 = 846930886 -> 846930880.0f
 * -> 394382.92 -> 394382. */
static void shape_mil(void **state)
{
    (void)state;
    bt_tree_t *b = bt_build(BT_RECORDS, BT_K_COUNT, BT_J_COUNT, BT_J_RSIZE);
    assert_non_null(b);
    assert_int_equal(b->nknodes, 7874);
    assert_int_equal(b->height, 2);
    assert_int_equal(b->size, 1000000);
    assert_int_equal(b->nrecords, 1000000);
    assert_int_equal(b->knodes[0].num_keys, 62);
    assert_int_equal(b->knodes[0].keys[1], 16384);
    assert_int_equal(b->knodes[0].keys[60], 60 * 16384);
    assert_int_equal(b->knodes[61].num_keys, 133);
    assert_int_equal(b->knodes[62].keys[1], 0);   /* the first leaf */
    assert_int_equal(b->knodes[7873].num_keys, 194);
    assert_int_equal(b->knodes[7873].keys[192], 999999);
    assert_int_equal(b->kcount, 10000);
    assert_int_equal(b->jcount, 6000);
    assert_int_equal(b->rsize, 6000);
    assert_int_equal(b->jstart[0], 840187);
    assert_int_equal(b->jend[0], 846187);
    assert_int_equal(b->jstart[1], 394382);
    assert_int_equal(b->jend[1], 400382);
    /* every query's descent ends in the leaf holding its key */
    for (uint32_t q = 0; q < b->kcount; q++) {
        int32_t c = 0, key = b->kkey[q];
        assert_true(key >= 0 && key <= 1000000);
        for (int i = 0; i < b->height; i++)
            c = bt_child(b, c, key);
        const bt_knode_t *l = &b->knodes[c];
        assert_true(l->is_leaf);
        if (key < 1000000)
            assert_true(l->keys[1] <= key && key <= l->keys[l->num_keys - 2]);
    }
    bt_free(b);
}

/* j then k from one stream: with one query each, k's key is rand() #2;
 * 2000 records: 0.39438292 x 2000 = 788.77 -> 788; j's start 0.84018773 x
 * 2000 = 1680.38 -> 1680, end 1780; a range past the end moves back
 * (rSize 600: end 2280 -> start 1680 - 280 = 1400, end 1999); rSize above
 * the records is clamped (main refuses it). */
static void queries(void **state)
{
    (void)state;
    bt_tree_t *b = bt_build(2000, 1, 1, 100);
    assert_non_null(b);
    assert_int_equal(b->kkey[0], 788);
    assert_int_equal(b->jstart[0], 1680);
    assert_int_equal(b->jend[0], 1780);
    bt_free(b);
    b = bt_build(2000, 1, 1, 600);
    assert_int_equal(b->jstart[0], 1400);
    assert_int_equal(b->jend[0], 1999);
    bt_free(b);
    b = bt_build(2000, 3, 2, 6000);
    assert_int_equal(b->rsize, 2000);
    assert_int_equal(b->jstart[1], 0);
    assert_int_equal(b->jend[1], 1999);
    bt_free(b);
    assert_null(bt_build(2000, BT_K_MAX + 1, 1, 0));
    assert_null(bt_build(0, 1, 1, 0));
    uint32_t k, j;
    int32_t r;
    bt_counts(1000000, &k, &j, &r);
    assert_true(k == 10000 && j == 6000 && r == 6000);
    bt_counts(20000, &k, &j, &r);
    assert_true(k == 200 && j == 120 && r == 120);
    bt_counts(2000, &k, &j, &r);
    assert_true(k == 20 && j == 12 && r == 12);
    bt_counts(50, &k, &j, &r);
    assert_true(k == 1 && j == 1 && r == 0);
}

/* findK, 2000 keys, block 3 looking for 1000 (keysD[3] at KEYS + 12,
 * currKnodeD[3] and offsetD[3] at + 24). Level 0, the root (knode 0):
 * thread 7 has keys[7] = 896 <= 1000 < keys[8] = 1024: it reads
 * currKnodeD[3], keys[7] (K + 1032 + 28), keysD[3], keys[8] (K + 1064),
 * offsetD[3], indices[7] (K + 4 + 28) = 8, and stores offsetD[3]; the leaf
 * knode 8 (K + 16544): keys[7] = 902, no. Thread 105: root keys[105] =
 * INT_MAX, three loads; in the leaf keys[105] = 896 + 104 = 1000: indices[105]
 * (K + 16544 + 424) = 1000, recordsD[1000] (REC + 4000), ansD[3] stored.
 * Thread 0: keys[0] = INT_MIN <= 1000, keys[1] = 128 > 1000 fails; it copies
 * offsetD[3] to currKnodeD[3] between the barriers. Thread 6: keys[7] = 896
 * is not above 1000. */
static void findk_2000(void **state)
{
    (void)state;
    static run_t r;
    bt_tree_t *b = bt_build(2000, 4, 1, 0);
    b->kkey[3] = 1000;
    simt_args_t a = {.arr = {K, REC, CUR, OFF, KEYS, ANS}, .n = 2000, .data = b};
    run(&r, rd_btree_findk, &a, 7, 3, 4);
    const uint64_t t7[10] = {CUR + 24, K + 1060, KEYS + 12, K + 1064, OFF + 24, K + 32, OFF + 24,
                             CUR + 24, KNODE(8) + 1060, KEYS + 12};
    want(&r, t7, 10);
    const unsigned w7[10] = {8, 4, 4, 4, 8, 4, 8, 8, 4, 4};
    for (int i = 0; i < 10; i++)
        assert_int_equal(r.width[i], w7[i]);
    assert_true(r.store[6] && !r.store[5]);
    assert_int_equal(r.bars, 2);
    run(&r, rd_btree_findk, &a, 105, 3, 4);
    const uint64_t t105[9] = {CUR + 24, K + 1452, KEYS + 12,
                              CUR + 24, KNODE(8) + 1452, KEYS + 12, KNODE(8) + 424, REC + 4000, ANS + 12};
    want(&r, t105, 9);
    assert_true(r.store[8] && r.width[8] == 4);
    run(&r, rd_btree_findk, &a, 0, 3, 4);
    const uint64_t t0[9] = {CUR + 24, K + 1032, KEYS + 12, K + 1036, OFF + 24, CUR + 24,
                            CUR + 24, KNODE(8) + 1032, KEYS + 12};
    want(&r, t0, 9);
    assert_true(!r.store[4] && r.store[5] && r.width[5] == 8);
    run(&r, rd_btree_findk, &a, 6, 3, 4);
    assert_int_equal(r.nmem, 4 + 3);
    /* a block past the queries is an error, not a read past them */
    run(&r, rd_btree_findk, &a, 0, 4, 5);
    assert_int_equal(r.err, 1);
    bt_free(b);
}

/* findK, 40000 keys (height 2), block 0 looking for 20000: the root's
 * thread 1 (16384 <= 20000 < INT_MAX) reads indices[1] (K + 8) = 2; in B
 * (knode 2, K + 4136) thread 28 (16384 + 128 x 28 = 19968 <= 20000 < 20096)
 * reads keys[28] (K + 4136 + 1144), keys[29], indices[28] (K + 4136 + 116) =
 * 159; in leaf 159 (K + 328812) thread 33 finds 19968 + 32: indices[33]
 * (+ 136) = 20000, recordsD[20000]. Four barriers. */
static void findk_40000(void **state)
{
    (void)state;
    static run_t r;
    bt_tree_t *b = bt_build(40000, 1, 1, 0);
    b->kkey[0] = 20000;
    simt_args_t a = {.arr = {K, REC, CUR, OFF, KEYS, ANS}, .n = 40000, .data = b};
    run(&r, rd_btree_findk, &a, 28, 0, 1);
    const uint64_t t28[13] = {CUR, K + 1144, KEYS,
                              CUR, KNODE(2) + 1144, KEYS, KNODE(2) + 1148, OFF, KNODE(2) + 116, OFF,
                              CUR, KNODE(159) + 1144, KEYS};
    want(&r, t28, 13);
    assert_int_equal(r.bars, 4);
    run(&r, rd_btree_findk, &a, 1, 0, 1);
    assert_int_equal(r.mem[5], K + 8);
    run(&r, rd_btree_findk, &a, 33, 0, 1);
    assert_int_equal(r.mem[7], KNODE(159) + 1164);
    assert_int_equal(r.mem[9], KNODE(159) + 136);
    assert_int_equal(r.mem[10], REC + 80000);
    assert_int_equal(r.mem[11], ANS);
    assert_int_equal(r.nmem, 12);
    bt_free(b);
}

/* findRangeK, 2000 keys, block 2 from 100 to 1000 (startD[2], endD[2] at
 * + 8; the long arrays' [2] at + 16). Level 0: for 100 thread 0 (INT_MIN <=
 * 100 < 128) stores indices[0] = 1 in offsetD[2]; for 1000 thread 7 stores
 * indices[7] = 8 in offset_2D[2]; thread 0 copies offsetD and offset_2D to
 * currKnodeD and lastKnodeD. Then leaf 1 (K + 2068): thread 101 finds 100,
 * stores indices[101] = 100 in RecstartD[2]; a barrier; leaf 8: thread 105
 * finds 1000, reads indices[105] and RecstartD[2], stores ReclenD[2]. */
static void findrangek_2000(void **state)
{
    (void)state;
    static run_t r;
    bt_tree_t *b = bt_build(2000, 1, 3, 0);
    b->jstart[2] = 100;
    b->jend[2] = 1000;
    b->rk_arr[0] = EN, b->rk_arr[1] = RS, b->rk_arr[2] = RL;
    simt_args_t a = {.arr = {K, CUR, OFF, LAST, OFF2, ST}, .n = 2000, .data = b};
    run(&r, rd_btree_findrangek, &a, 0, 2, 3);
    const uint64_t t0[20] = {CUR + 16, K + 1032, ST + 8, K + 1036, K + 4, OFF + 16,
                             LAST + 16, K + 1032, EN + 8, K + 1036,
                             OFF + 16, CUR + 16, OFF2 + 16, LAST + 16,
                             CUR + 16, KNODE(1) + 1032, ST + 8,
                             LAST + 16, KNODE(8) + 1032, EN + 8};
    want(&r, t0, 20);
    assert_true(r.store[5] && r.store[11] && r.store[13] && !r.store[12]);
    assert_int_equal(r.bars, 3);
    run(&r, rd_btree_findrangek, &a, 7, 2, 3);
    const uint64_t t7[15] = {CUR + 16, K + 1060, ST + 8,
                             LAST + 16, K + 1060, EN + 8, K + 1064, K + 32, OFF2 + 16,
                             CUR + 16, KNODE(1) + 1060, ST + 8,
                             LAST + 16, KNODE(8) + 1060, EN + 8};
    want(&r, t7, 15);
    run(&r, rd_btree_findrangek, &a, 101, 2, 3);
    const uint64_t t101[14] = {CUR + 16, K + 1436, ST + 8, LAST + 16, K + 1436, EN + 8,
                               CUR + 16, KNODE(1) + 1436, ST + 8, KNODE(1) + 408, RS + 8,
                               LAST + 16, KNODE(8) + 1436, EN + 8};
    want(&r, t101, 14);
    run(&r, rd_btree_findrangek, &a, 105, 2, 3);
    const uint64_t t105[15] = {CUR + 16, K + 1452, ST + 8, LAST + 16, K + 1452, EN + 8,
                               CUR + 16, KNODE(1) + 1452, ST + 8,
                               LAST + 16, KNODE(8) + 1452, EN + 8, KNODE(8) + 424, RS + 8, RL + 8};
    want(&r, t105, 15);
    assert_true(!r.store[13] && r.store[14]);
    bt_free(b);
}

/* 100 keys: the root is the only leaf (height 0): no level loop, no
 * barrier; thread 51 finds 50 at keys[51] (K + 1032 + 204): indices[51]
 * (K + 208) = 50, recordsD[50], ansD[0]. */
static void findk_one_leaf(void **state)
{
    (void)state;
    static run_t r;
    bt_tree_t *b = bt_build(100, 1, 1, 0);
    assert_int_equal(b->nknodes, 1);
    assert_int_equal(b->height, 0);
    assert_true(b->knodes[0].is_leaf);
    b->kkey[0] = 50;
    simt_args_t a = {.arr = {K, REC, CUR, OFF, KEYS, ANS}, .n = 100, .data = b};
    run(&r, rd_btree_findk, &a, 51, 0, 1);
    const uint64_t t51[6] = {CUR, K + 1236, KEYS, K + 208, REC + 200, ANS};
    want(&r, t51, 6);
    assert_int_equal(r.bars, 0);
    bt_free(b);
}

static const char *opname(const optab_t *ops, const inst_t *in) { return ops->name[in->opcode]; }

/* The warps: findK's block 3 above, warp 0 (threads 0 .. 31): at the root
 * every lane reads keys[thid] (K + 1032 + 4 lane), lanes 0 .. 7 (keys[thid]
 * <= 1000) keys[thid + 1], lane 7 offsetD and indices, lane 0 the copy; no
 * lane finds 1000 in the leaf. Warp 3 (threads 96 .. 127): lane 9 (thread
 * 105) reads recordsD[1000] and stores ansD[3]. */
static void findk_warps(void **state)
{
    (void)state;
    static simt_prog_t prog;
    simt_lane_t lanes[WARP_SIZE] = {0};
    tb_t tb = {0};
    optab_t ops = {0};
    bt_tree_t *b = bt_build(2000, 4, 1, 0);
    b->kkey[3] = 1000;
    simt_args_t a = {.arr = {K, REC, CUR, OFF, KEYS, ANS}, .n = 2000, .data = b};
    const unsigned bd[3] = {BT_THREADS, 1, 1}, gd[2] = {4, 1};
    assert_int_equal(simt_warp(rd_btree_findk, &a, bd, gd, 3, 0, 0, &prog, lanes, &tb, &ops), 0);
    unsigned nld = 0, nst = 0, nbar = 0;
    uint32_t ldmask[16] = {0}, stmask[4] = {0};
    const inst_t *keys0 = NULL;
    for (size_t i = 0; i < tb.ninst; i++) {
        const inst_t *in = &tb.inst[i];
        const char *o = opname(&ops, in);
        if (!strncmp(o, "LDG", 3) && nld < 16) {
            if (nld == 1)
                keys0 = in;
            ldmask[nld++] = in->mask;
        } else if (!strncmp(o, "STG", 3) && nst < 4) {
            stmask[nst++] = in->mask;
        }
        nbar += !strcmp(o, "BAR.SYNC");
    }
    /* root: cur, keys[thid], keysD, keys[thid+1], offsetD, indices; thread 0's offsetD; leaf: cur, keys, keysD */
    const uint32_t wl[10] = {~0u, ~0u, ~0u, 0xffu, 0x80u, 0x80u, 0x1u, ~0u, ~0u, ~0u};
    assert_int_equal(nld, 10);
    for (int i = 0; i < 10; i++)
        assert_int_equal(ldmask[i], wl[i]);
    assert_int_equal(nst, 2);   /* offsetD by lane 7, currKnodeD by lane 0 */
    assert_int_equal(stmask[0], 0x80u);
    assert_int_equal(stmask[1], 0x1u);
    assert_int_equal(nbar, 2);
    assert_non_null(keys0);
    assert_int_equal(keys0->width, 4);
    for (unsigned l = 0; l < WARP_SIZE; l++)
        assert_int_equal(tb.addr[keys0->addr + l], K + 1032 + 4 * l);
    tb_clear(&tb);
    assert_int_equal(simt_warp(rd_btree_findk, &a, bd, gd, 3, 0, 3, &prog, lanes, &tb, &ops), 0);
    const inst_t *last = NULL, *rec = NULL;
    for (size_t i = 0; i < tb.ninst; i++) {
        const char *o = opname(&ops, &tb.inst[i]);
        if (!strcmp(o, "STG.E"))
            last = &tb.inst[i];
        if (!strcmp(o, "LDG.E") && tb.inst[i].mask == 1u << 9)
            rec = &tb.inst[i];
    }
    assert_non_null(last);
    assert_non_null(rec);   /* the last single-lane load: recordsD[1000] */
    assert_int_equal(last->mask, 1u << 9);
    assert_int_equal(tb.addr[last->addr], ANS + 12);
    assert_int_equal(tb.addr[rec->addr], REC + 4000);
    tb_free(&tb);
    optab_free(&ops);
    simt_lanes_free(lanes);
    bt_free(b);
}

/* Every block of both kernels on 40000 keys with the command scaled to
 * them (400 k queries, 240 ranges of 240): findK stores offsetD once per
 * level (one matching thread) and ansD once when its key is in the tree;
 * findRangeK offsetD and offset_2D once per level, RecstartD and ReclenD
 * once each (start and end are keys of the tree). */
static void every_block(void **state)
{
    (void)state;
    static simt_prog_t prog;
    simt_lane_t lanes[WARP_SIZE] = {0};
    tb_t tb = {0};
    optab_t ops = {0};
    uint32_t kc, jc;
    int32_t rsize;
    bt_counts(40000, &kc, &jc, &rsize);
    bt_tree_t *b = bt_build(40000, kc, jc, rsize);
    assert_non_null(b);
    b->rk_arr[0] = EN, b->rk_arr[1] = RS, b->rk_arr[2] = RL;
    const unsigned bd[3] = {BT_THREADS, 1, 1};
    for (int kern = 0; kern < 2; kern++) {
        unsigned grid = kern ? jc : kc;
        const unsigned gd[2] = {grid, 1};
        memset(&prog, 0, sizeof prog);   /* a program per kernel */
        simt_args_t a = {.arr = {K, REC, CUR, OFF, KEYS, ANS}, .n = 40000, .data = b};
        if (kern)
            a = (simt_args_t){.arr = {K, CUR, OFF, LAST, OFF2, ST}, .n = 40000, .data = b};
        for (unsigned bx = 0; bx < grid; bx++) {
            unsigned off = 0, off2 = 0, res = 0, rs = 0, rl = 0;
            for (unsigned w = 0; w < BT_THREADS / WARP_SIZE; w++) {
                tb_clear(&tb);
                assert_int_equal(simt_warp(kern ? rd_btree_findrangek : rd_btree_findk, &a, bd, gd, bx, 0, w, &prog,
                                           lanes, &tb, &ops), 0);
                for (size_t i = 0; i < tb.ninst; i++) {
                    const inst_t *in = &tb.inst[i];
                    if (strncmp(opname(&ops, in), "STG", 3))
                        continue;
                    unsigned n = (unsigned)__builtin_popcount(in->mask);
                    uint64_t at = tb.addr[in->addr];
                    off += n * (at == OFF + 8 * bx);
                    off2 += n * (at == OFF2 + 8 * bx);
                    res += n * (at == ANS + 4 * bx);
                    rs += n * (at == RS + 4 * bx);
                    rl += n * (at == RL + 4 * bx);
                }
            }
            if (!kern) {
                assert_int_equal(off, 2);
                assert_int_equal(res, b->kkey[bx] < 40000);
            } else {
                assert_int_equal(off, 2);
                assert_int_equal(off2, 2);
                assert_int_equal(rs, 1);
                assert_int_equal(rl, 1);
            }
        }
    }
    tb_free(&tb);
    optab_free(&ops);
    simt_lanes_free(lanes);
    bt_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rand_sequence),  cmocka_unit_test(shape_2000),      cmocka_unit_test(shape_40000),
        cmocka_unit_test(shape_mil),      cmocka_unit_test(queries),         cmocka_unit_test(findk_2000),
        cmocka_unit_test(findk_40000),    cmocka_unit_test(findrangek_2000), cmocka_unit_test(findk_warps),
        cmocka_unit_test(findk_one_leaf),
        cmocka_unit_test(every_block),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
