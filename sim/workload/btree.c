/* btree.c - Rodinia 3.1's b+tree (Che et al., IISWC 2009; the MRPB paper's
 * Table 3, "BT, B+ tree, 1M nodes"), after its CUDA version (cuda/b+tree):
 *
 *   b+tree.c   insert (find, find_leaf, insert_into_leaf[_after_splitting],
 *              insert_into_parent, insert_into_node[_after_splitting],
 *              insert_into_new_root; splits at cut(order - 1) for a leaf,
 *              cut(order) for an internal node, order = DEFAULT_ORDER 256),
 *              transform_to_cuda (the tree as an array of knodes,
 *              breadth-first), height, and main's commands "j" (findRangeK)
 *              and "k" (findK): their query keys and arrays;
 *   common.h   knode {int location; int indices[257]; int keys[257]; bool
 *              is_leaf; int num_keys;} (2068 bytes), record {int value;};
 *   kernel/kernel_gpu_cuda.cu      findK(height, knodesD, knodes_elem,
 *              recordsD, currKnodeD, offsetD, keysD, ansD);
 *   kernel/kernel_gpu_cuda_2.cu    findRangeK(height, knodesD, knodes_elem,
 *              currKnodeD, offsetD, lastKnodeD, offset_2D, startD, endD,
 *              RecstartD, ReclenD);
 *   kernel/kernel_gpu_cuda_wrapper[_2].cu: the cudaMallocs (btree.h) and the
 *              launches <<<count, order < 1024 ? order : 1024>>> = <<<count, 256>>>,
 *              no shared memory; every array copied in before the launch.
 *
 * Input (cuda/b+tree/run: `b+tree.out file ../../data/b+tree/mil.txt command
 * ../../data/b+tree/command.txt`):
 *   mil.txt (6,888,898 bytes) is "1000000" then the keys 0 .. 999999 one a
 *   line in ascending order: that is exactly its size in bytes, and inserting
 *   them so gives the 7874 knodes (1 root, 61 inner, 7812 leaves; height 2)
 *   that published runs of the benchmark print (knodes_elem=7874,
 *   records_elem=1000000). The file itself is stored out of the repository
 *   (git-annex / LFS) and was not read; bt_build generates it.
 *   command.txt is "j 6000 3000\nk 10000\n\n\n": published runs echo it so,
 *   and a Rodinia copy's LFS pointer gives its size, 22 bytes (forks scale
 *   it: "j 60 30 / k 100", "j 600000 300000 / k 60000", or keep only the j
 *   line). main parses "j" with the pointer still on the blank after the
 *   count, so it reads the count twice: rSize = 6000, not 3000 (published
 *   runs print "j count=6000, rSize=6000"); then "k 10000". So findRangeK
 *   runs first, 6000 blocks, then findK, 10000 blocks.
 *   Query keys: main draws (rand() / (float)RAND_MAX) * size, as a float,
 *   truncated to int; for "j" end = start + rSize, and a range past the end
 *   is moved back (start -= end - size; end = size - 1). main never calls
 *   srand, so the draws are glibc's rand() sequence for seed 1; bt_rand is
 *   our own implementation of glibc's generator, so the queries are the ones
 *   the benchmark ran with on Linux (glibc, IEEE single floats): j's 6000
 *   starts first, then k's 10000 keys, from one stream as in one run of main.
 *   Smaller inputs (bt_build's nrec; bt_counts scales the command with it)
 *   are the same file cut to nrec keys.
 *
 * Where the source reads memory it never wrote: transform_to_cuda leaves
 * keys[256] of a knode that is not full, and the indices past num_keys,
 * unset; its buffer is one large malloc (fresh pages, zero), so they are 0
 * here. No thread's control flow depends on them (thread 255 reads keys[256]
 * only if keys[255] <= key, and keys[255] is INT_MAX in such a knode).
 *
 * The kernels per thread (simt.h): one block is one query; at each of the
 * height levels every thread reads currKnodeD[bid], its key keys[thid] of
 * that knode and the query key; the threads with keys[thid] <= key read
 * keys[thid + 1]; the one thread whose range holds the key reads offsetD[bid]
 * and indices[thid] and stores the child in offsetD[bid]; a barrier; thread
 * 0 copies offsetD[bid] to currKnodeD[bid]; a barrier. Which thread matches
 * and which knode comes next are the source's, from the tree (bt_child). */
#include "workload/btree.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "workload/simt_ops.h"

_Static_assert(sizeof(bt_knode_t) == 2068, "knode is 2068 bytes as nvcc lays out common.h's struct");
_Static_assert(offsetof(bt_knode_t, keys) == 1032 && offsetof(bt_knode_t, num_keys) == 2064, "knode fields");

/* ---- glibc's rand() ---------------------------------------------------------------------------- */

/* r[i] = r[i - 31] + r[i - 3] (mod 2^32) over a ring of 34; output r[i] >> 1 */
static uint32_t rand_step(bt_rand_t *g)
{
    unsigned i = g->i;
    uint32_t v = g->r[(i + 3) % 34] + g->r[(i + 31) % 34];
    g->r[i] = v;
    g->i = (i + 1) % 34;
    return v;
}

void bt_srand(bt_rand_t *g, uint32_t seed)
{
    int32_t w = seed ? (int32_t)seed : 1;
    g->r[0] = (uint32_t)w;
    for (unsigned i = 1; i < 31; i++) {   /* 16807 w mod (2^31 - 1), Schrage's way */
        int32_t hi = w / 127773, lo = w % 127773;
        w = 16807 * lo - 2836 * hi;
        if (w < 0)
            w += 2147483647;
        g->r[i] = (uint32_t)w;
    }
    for (unsigned i = 31; i < 34; i++)
        g->r[i] = g->r[i - 31];
    g->i = 0;   /* r[34] replaces r[0] */
    for (unsigned i = 34; i < 344; i++)
        rand_step(g);
}

int32_t bt_rand(bt_rand_t *g) { return (int32_t)(rand_step(g) >> 1); }

/* (rand() / (float)RAND_MAX) * size, truncated to int, in float as main computes it */
static int32_t draw(bt_rand_t *g, uint64_t size)
{
    float f = (float)bt_rand(g) / (float)2147483647;
    f = f * (float)size;
    return (int32_t)f;
}

/* ---- the B+ tree as b+tree.c builds it --------------------------------------------------------- */

typedef struct {
    int32_t keys[BT_ORDER - 1];
    int32_t ptr[BT_ORDER];   /* children (node ids); in a leaf, its records' values */
    int32_t parent;          /* -1: the root */
    int32_t num_keys;
    bool is_leaf;
} bnode_t;

typedef struct {
    bnode_t *n;              /* every node made (insert never frees one) */
    size_t count, cap;
    int32_t root;            /* -1: empty */
    uint64_t inserted;       /* keys (records) in the tree */
} bpt_t;

static int cut(int length) { return length % 2 == 0 ? length / 2 : length / 2 + 1; }

/* room for one insert's new nodes: a split per level and a new root */
static int reserve(bpt_t *t)
{
    if (t->count + 16 <= t->cap)
        return 0;
    size_t cap = t->cap ? 2 * t->cap : 64;
    bnode_t *n = realloc(t->n, cap * sizeof *n);
    if (!n)
        return -1;
    t->n = n;
    t->cap = cap;
    return 0;
}

static int32_t make_node(bpt_t *t, bool leaf)
{
    bnode_t *x = &t->n[t->count];
    x->num_keys = 0;
    x->parent = -1;
    x->is_leaf = leaf;
    return (int32_t)t->count++;
}

/* the first i with keys[i] > key (find_leaf's scan), and with keys[i] >= key
 * (insert_into_leaf's); the keys are ascending */
static int upper(const int32_t *keys, int n, int32_t key)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (keys[mid] <= key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int lower(const int32_t *keys, int n, int32_t key)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int32_t find_leaf(const bpt_t *t, int32_t key)
{
    int32_t c = t->root;
    while (!t->n[c].is_leaf)
        c = t->n[c].ptr[upper(t->n[c].keys, t->n[c].num_keys, key)];
    return c;
}

static void insert_into_parent(bpt_t *t, int32_t left, int32_t key, int32_t right);

static void insert_into_new_root(bpt_t *t, int32_t left, int32_t key, int32_t right)
{
    int32_t r = make_node(t, false);
    bnode_t *x = &t->n[r];
    x->keys[0] = key;
    x->ptr[0] = left;
    x->ptr[1] = right;
    x->num_keys = 1;
    t->n[left].parent = r;
    t->n[right].parent = r;
    t->root = r;
}

static void insert_into_node(bpt_t *t, int32_t n, int left_index, int32_t key, int32_t right)
{
    bnode_t *x = &t->n[n];
    for (int i = x->num_keys; i > left_index; i--) {
        x->ptr[i + 1] = x->ptr[i];
        x->keys[i] = x->keys[i - 1];
    }
    x->ptr[left_index + 1] = right;
    x->keys[left_index] = key;
    x->num_keys++;
}

/* order - 1 keys and the new one: the first cut(order) - 1 keys stay, the
 * next goes up (k_prime), the rest move to a new node with their children */
static void insert_into_node_after_splitting(bpt_t *t, int32_t old, int left_index, int32_t key, int32_t right)
{
    int32_t tp[BT_ORDER + 1], tk[BT_ORDER];
    int i, j;
    const bnode_t *o = &t->n[old];
    for (i = 0, j = 0; i < o->num_keys + 1; i++, j++) {
        if (j == left_index + 1)
            j++;
        tp[j] = o->ptr[i];
    }
    for (i = 0, j = 0; i < o->num_keys; i++, j++) {
        if (j == left_index)
            j++;
        tk[j] = o->keys[i];
    }
    tp[left_index + 1] = right;
    tk[left_index] = key;
    int split = cut(BT_ORDER);
    int32_t nn = make_node(t, false);
    bnode_t *a = &t->n[old], *x = &t->n[nn];
    a->num_keys = 0;
    for (i = 0; i < split - 1; i++) {
        a->ptr[i] = tp[i];
        a->keys[i] = tk[i];
        a->num_keys++;
    }
    a->ptr[i] = tp[i];
    int32_t k_prime = tk[split - 1];
    for (++i, j = 0; i < BT_ORDER; i++, j++) {
        x->ptr[j] = tp[i];
        x->keys[j] = tk[i];
        x->num_keys++;
    }
    x->ptr[j] = tp[i];
    x->parent = a->parent;
    for (i = 0; i <= x->num_keys; i++)
        t->n[x->ptr[i]].parent = nn;
    insert_into_parent(t, old, k_prime, nn);
}

static void insert_into_parent(bpt_t *t, int32_t left, int32_t key, int32_t right)
{
    int32_t parent = t->n[left].parent;
    if (parent < 0) {
        insert_into_new_root(t, left, key, right);
        return;
    }
    const bnode_t *p = &t->n[parent];
    int left_index = 0;
    while (left_index <= p->num_keys && p->ptr[left_index] != left)
        left_index++;
    if (p->num_keys < BT_ORDER - 1)
        insert_into_node(t, parent, left_index, key, right);
    else
        insert_into_node_after_splitting(t, parent, left_index, key, right);
}

/* a full leaf (order - 1 keys) and the new key: the first cut(order - 1)
 * stay, the rest go to a new leaf whose first key goes up */
static void insert_into_leaf_after_splitting(bpt_t *t, int32_t leaf, int32_t key, int32_t value)
{
    int32_t tk[BT_ORDER], tp[BT_ORDER];
    int i, j;
    int32_t nl = make_node(t, true);
    bnode_t *l = &t->n[leaf], *x = &t->n[nl];
    int ins = lower(l->keys, BT_ORDER - 1, key);
    for (i = 0, j = 0; i < l->num_keys; i++, j++) {
        if (j == ins)
            j++;
        tk[j] = l->keys[i];
        tp[j] = l->ptr[i];
    }
    tk[ins] = key;
    tp[ins] = value;
    l->num_keys = 0;
    int split = cut(BT_ORDER - 1);
    for (i = 0; i < split; i++) {
        l->ptr[i] = tp[i];
        l->keys[i] = tk[i];
        l->num_keys++;
    }
    for (i = split, j = 0; i < BT_ORDER; i++, j++) {
        x->ptr[j] = tp[i];
        x->keys[j] = tk[i];
        x->num_keys++;
    }
    x->parent = l->parent;
    insert_into_parent(t, leaf, x->keys[0], nl);
}

/* insert(root, key, value); duplicates are ignored. 0, or -1 out of memory. */
static int insert(bpt_t *t, int32_t key, int32_t value)
{
    if (reserve(t))
        return -1;
    if (t->root < 0) {
        int32_t r = make_node(t, true);
        t->n[r].keys[0] = key;
        t->n[r].ptr[0] = value;
        t->n[r].num_keys = 1;
        t->root = r;
        t->inserted++;
        return 0;
    }
    int32_t leaf = find_leaf(t, key);
    bnode_t *l = &t->n[leaf];
    int at = lower(l->keys, l->num_keys, key);
    if (at < l->num_keys && l->keys[at] == key)   /* find(): already there */
        return 0;
    if (l->num_keys < BT_ORDER - 1) {
        for (int i = l->num_keys; i > at; i--) {
            l->keys[i] = l->keys[i - 1];
            l->ptr[i] = l->ptr[i - 1];
        }
        l->keys[at] = key;
        l->ptr[at] = value;
        l->num_keys++;
        t->inserted++;
        return 0;
    }
    insert_into_leaf_after_splitting(t, leaf, key, value);
    t->inserted++;
    return 0;
}

/* transform_to_cuda: the nodes breadth-first into knodes, the leaves'
 * records into records in the same order. 0, or -1 out of memory. */
static int transform(const bpt_t *t, bt_tree_t *b)
{
    size_t cnt = t->count;
    int32_t *queue = malloc(cnt * sizeof *queue);
    b->knodes = calloc(cnt, sizeof *b->knodes);
    b->records = calloc(b->size > t->inserted ? b->size : t->inserted, sizeof *b->records);
    if (!queue || !b->knodes || !b->records) {
        free(queue);
        return -1;
    }
    size_t head = 0, tail = 0;
    int32_t nodeindex = 1, recordindex = 0, queueindex = 0;
    queue[tail++] = t->root;
    while (head < tail) {
        const bnode_t *n = &t->n[queue[head++]];
        bt_knode_t *k = &b->knodes[queueindex];
        int i;
        k->location = queueindex++;
        k->is_leaf = n->is_leaf;
        k->num_keys = n->num_keys + 2;
        k->keys[0] = INT_MIN;
        k->keys[k->num_keys - 1] = INT_MAX;
        for (i = k->num_keys; i < BT_ORDER; i++)
            k->keys[i] = INT_MAX;
        if (!k->is_leaf) {
            k->indices[0] = nodeindex++;
            for (i = 1; i < k->num_keys - 1; i++) {
                k->keys[i] = n->keys[i - 1];
                queue[tail++] = n->ptr[i - 1];
                k->indices[i] = nodeindex++;
            }
            queue[tail++] = n->ptr[i - 1];
        } else {
            k->indices[0] = 0;
            for (i = 1; i < k->num_keys - 1; i++) {
                k->keys[i] = n->keys[i - 1];
                b->records[recordindex] = n->ptr[i - 1];
                k->indices[i] = recordindex++;
            }
        }
        k->indices[k->num_keys - 1] = queueindex;
    }
    free(queue);
    b->nknodes = (uint64_t)nodeindex;
    b->nrecords = (uint64_t)recordindex;
    int h = 0;
    for (int32_t c = t->root; !t->n[c].is_leaf; c = t->n[c].ptr[0])
        h++;
    b->height = h;
    return 0;
}

/* ---- the queries ------------------------------------------------------------------------------- */

static int queries(bt_tree_t *b, uint32_t kcount, uint32_t jcount, int32_t rsize)
{
    int64_t size = (int64_t)b->size;
    b->kcount = kcount;
    b->jcount = jcount;
    b->rsize = rsize > size ? (int32_t)size : rsize;   /* main refuses rSize > size; we clamp */
    b->kkey = malloc(kcount * sizeof *b->kkey);
    b->jstart = malloc(jcount * sizeof *b->jstart);
    b->jend = malloc(jcount * sizeof *b->jend);
    if (!b->kkey || !b->jstart || !b->jend)
        return -1;
    bt_rand_t g;
    bt_srand(&g, 1);
    for (uint32_t i = 0; i < jcount; i++) {   /* "j" first, as command.txt has it */
        int64_t start = draw(&g, b->size), end = start + b->rsize;
        if (end >= size) {
            start = start - (end - size);
            end = size - 1;
        }
        b->jstart[i] = (int32_t)start;
        b->jend[i] = (int32_t)end;
    }
    for (uint32_t i = 0; i < kcount; i++)
        b->kkey[i] = draw(&g, b->size);
    return 0;
}

bt_tree_t *bt_build_keys(const int32_t *keys, uint64_t nkeys, uint64_t size, uint32_t kcount, uint32_t jcount,
                         int32_t rsize)
{
    if (!nkeys || nkeys > BT_MAX_RECORDS || !size || size > BT_MAX_RECORDS || !kcount || kcount > BT_K_MAX || !jcount ||
        rsize < 0)
        return NULL;
    bt_tree_t *b = calloc(1, sizeof *b);
    bpt_t t = {.root = -1};
    if (!b)
        return NULL;
    b->size = size;
    int err = 0;
    for (uint64_t i = 0; i < nkeys && !err; i++)
        err = insert(&t, keys[i], keys[i]);
    err = err || transform(&t, b) || queries(b, kcount, jcount, rsize);
    free(t.n);
    if (err) {
        bt_free(b);
        return NULL;
    }
    return b;
}

bt_tree_t *bt_build(uint64_t nrec, uint32_t kcount, uint32_t jcount, int32_t rsize)
{
    if (!nrec || nrec > BT_MAX_RECORDS)
        return NULL;
    int32_t *keys = malloc(nrec * sizeof *keys);
    if (!keys)
        return NULL;
    for (uint64_t i = 0; i < nrec; i++)
        keys[i] = (int32_t)i;
    bt_tree_t *b = bt_build_keys(keys, nrec, nrec, kcount, jcount, rsize);
    free(keys);
    return b;
}

void bt_free(bt_tree_t *b)
{
    if (!b)
        return;
    free(b->knodes);
    free(b->records);
    free(b->kkey);
    free(b->jstart);
    free(b->jend);
    free(b);
}

static uint64_t scale(uint64_t v, uint64_t nrec) { return (v * nrec + BT_RECORDS / 2) / BT_RECORDS; }

void bt_counts(uint64_t nrec, uint32_t *kcount, uint32_t *jcount, int32_t *rsize)
{
    uint64_t k = scale(BT_K_COUNT, nrec), j = scale(BT_J_COUNT, nrec), r = scale(BT_J_RSIZE, nrec);
    *kcount = (uint32_t)(k < 1 ? 1 : k > BT_K_MAX ? BT_K_MAX : k);
    *jcount = (uint32_t)(j < 1 ? 1 : j > UINT32_MAX ? UINT32_MAX : j);
    *rsize = (int32_t)(r > nrec ? nrec : r);
}

/* indices[thid] < knodes_elem: the update the kernels make (a child index
 * outside the array is never negative in a tree insert built) */
static bool child_ok(const bt_tree_t *b, int32_t idx) { return idx >= 0 && (uint64_t)idx < b->nknodes; }

int32_t bt_child(const bt_tree_t *b, int32_t c, int32_t key)
{
    const bt_knode_t *k = &b->knodes[c];
    int m = upper(k->keys, k->num_keys, key) - 1;   /* keys[0] = INT_MIN: m >= 0 */
    if (m >= BT_THREADS || k->keys[m + 1] <= key || !child_ok(b, k->indices[m]))
        return c;
    return k->indices[m];
}

/* ---- the kernels, per thread ------------------------------------------------------------------- */

#define EL(base, idx)  ((base) + 4 * (uint64_t)(idx))   /* &base[idx], 4-byte elements */
#define EL8(base, idx) ((base) + 8 * (uint64_t)(idx))   /* long */
/* &knodesD[node].field[i] */
#define KN(base, node, off, i) ((base) + BT_KNODE_BYTES * (uint64_t)(node) + (off) + 4 * (uint64_t)(i))
/* an `if` comparing two values: the ISETP reads both, then the branch */
#define BRANCH2(t, a, b)                                                                      \
    (simt_rec((t), SIMT_SITE_, "ISETP.GE.AND", 0, 0, 0, (a), (b), NOREG, NOREG),              \
     simt_rec((t), SIMT_SITE_, "BRA", 0, 0, 0, NOREG, NOREG, NOREG, NOREG))

/* findK, block bid = query bid, thread thid (keys[thid], keys[thid + 1]):
 *   for i < height:
 *     if (knodesD[currKnodeD[bid]].keys[thid] <= keysD[bid] &&
 *         knodesD[currKnodeD[bid]].keys[thid+1] > keysD[bid])
 *       if (knodesD[offsetD[bid]].indices[thid] < knodes_elem)
 *         offsetD[bid] = knodesD[offsetD[bid]].indices[thid];
 *     __syncthreads();  if (thid == 0) currKnodeD[bid] = offsetD[bid];  __syncthreads();
 *   if (knodesD[currKnodeD[bid]].keys[thid] == keysD[bid])
 *     ansD[bid].value = recordsD[knodesD[currKnodeD[bid]].indices[thid]].value;
 * keys and indices of one knode are reached from one address register (the
 * knode's base + 4 thid) with their field offsets as immediates. offsetD[bid]
 * equals currKnodeD[bid] when the matching thread reads it. */
void rd_btree_findk(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const bt_tree_t *b = p->data;
    unsigned thid = t->tx, bid = t->bx;
    if (!b || bid >= b->kcount || thid >= BT_THREADS) {   /* not a launch of this tree's "k" */
        t->err = 1;
        return;
    }
    uint64_t kn = p->arr[0], rec = p->arr[1], cur = p->arr[2], off = p->arr[3], keys = p->arr[4], ans = p->arr[5];
    int32_t key = b->kkey[bid], c = 0;   /* currKnodeD = offsetD = 0 (main's memset): the root */
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t pc = IMAD(t, rbx, NOREG, NOREG), po = IMAD(t, rbx, NOREG, NOREG), pk = IMAD(t, rbx, NOREG, NOREG);
    for (int i = 0; i < b->height; i++) {
        const bt_knode_t *n = &b->knodes[c];
        reg_t vc = LDG64(t, EL8(cur, bid), pc);
        reg_t pn = IMAD(t, vc, NOREG, rtx);
        reg_t k0 = LDG(t, KN(kn, c, BT_OFF_KEYS, thid), pn);
        reg_t vk = LDG(t, EL(keys, bid), pk);
        BRANCH2(t, k0, vk);
        if (n->keys[thid] <= key) {
            reg_t k1 = LDG(t, KN(kn, c, BT_OFF_KEYS, thid + 1), pn);
            BRANCH2(t, k1, vk);
            if (n->keys[thid + 1] > key) {
                reg_t vo = LDG64(t, EL8(off, bid), po);
                reg_t pi = IMAD(t, vo, NOREG, rtx);
                reg_t ix = LDG(t, KN(kn, c, BT_OFF_INDICES, thid), pi);
                BRANCH(t, ix);
                if (child_ok(b, n->indices[thid]))
                    STG64(t, EL8(off, bid), po, ix);
            }
        }
        BAR(t);
        BRANCH(t, rtx);
        if (thid == 0) {
            reg_t vo = LDG64(t, EL8(off, bid), po);
            STG64(t, EL8(cur, bid), pc, vo);
        }
        BAR(t);
        c = bt_child(b, c, key);
        LOOP(t, NOREG);
    }
    const bt_knode_t *n = &b->knodes[c];
    reg_t vc = LDG64(t, EL8(cur, bid), pc);
    reg_t pn = IMAD(t, vc, NOREG, rtx);
    reg_t k0 = LDG(t, KN(kn, c, BT_OFF_KEYS, thid), pn);
    reg_t vk = LDG(t, EL(keys, bid), pk);
    BRANCH2(t, k0, vk);
    if (n->keys[thid] == key) {
        reg_t ix = LDG(t, KN(kn, c, BT_OFF_INDICES, thid), pn);
        reg_t pr = IMAD(t, ix, NOREG, NOREG);
        reg_t v = LDG(t, EL(rec, n->indices[thid]), pr);
        reg_t pa = IMAD(t, rbx, NOREG, NOREG);
        STG(t, EL(ans, bid), pa, v);
    }
    EXIT(t);
}

/* findRangeK, block bid = range query bid: findK's descent twice per level,
 * for startD[bid] through currKnodeD/offsetD and for endD[bid] through
 * lastKnodeD/offset_2D (both updates test knodesD[currKnodeD[bid]] /
 * knodesD[lastKnodeD[bid]].indices[thid]); thread 0 copies both; then
 *   if (knodesD[currKnodeD[bid]].keys[thid] == startD[bid])
 *     RecstartD[bid] = knodesD[currKnodeD[bid]].indices[thid];
 *   __syncthreads();
 *   if (knodesD[lastKnodeD[bid]].keys[thid] == endD[bid])
 *     ReclenD[bid] = knodesD[lastKnodeD[bid]].indices[thid] - RecstartD[bid] + 1; */
void rd_btree_findrangek(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const bt_tree_t *b = p->data;
    unsigned thid = t->tx, bid = t->bx;
    if (!b || bid >= b->jcount || thid >= BT_THREADS) {   /* not a launch of this tree's "j" */
        t->err = 1;
        return;
    }
    uint64_t kn = p->arr[0], cur = p->arr[1], off = p->arr[2], last = p->arr[3], off2 = p->arr[4], st = p->arr[5];
    uint64_t en = b->rk_arr[0], rs = b->rk_arr[1], rl = b->rk_arr[2];
    int32_t start = b->jstart[bid], end = b->jend[bid], c = 0, l = 0;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t pc = IMAD(t, rbx, NOREG, NOREG), po = IMAD(t, rbx, NOREG, NOREG), pl = IMAD(t, rbx, NOREG, NOREG);
    reg_t po2 = IMAD(t, rbx, NOREG, NOREG), ps = IMAD(t, rbx, NOREG, NOREG), pe = IMAD(t, rbx, NOREG, NOREG);
    for (int i = 0; i < b->height; i++) {
        const bt_knode_t *n = &b->knodes[c], *m = &b->knodes[l];
        reg_t vc = LDG64(t, EL8(cur, bid), pc);
        reg_t pn = IMAD(t, vc, NOREG, rtx);
        reg_t k0 = LDG(t, KN(kn, c, BT_OFF_KEYS, thid), pn);
        reg_t vs = LDG(t, EL(st, bid), ps);
        BRANCH2(t, k0, vs);
        if (n->keys[thid] <= start) {
            reg_t k1 = LDG(t, KN(kn, c, BT_OFF_KEYS, thid + 1), pn);
            BRANCH2(t, k1, vs);
            if (n->keys[thid + 1] > start) {
                reg_t ix = LDG(t, KN(kn, c, BT_OFF_INDICES, thid), pn);
                BRANCH(t, ix);
                if (child_ok(b, n->indices[thid]))
                    STG64(t, EL8(off, bid), po, ix);
            }
        }
        reg_t vl = LDG64(t, EL8(last, bid), pl);
        reg_t pm = IMAD(t, vl, NOREG, rtx);
        reg_t e0 = LDG(t, KN(kn, l, BT_OFF_KEYS, thid), pm);
        reg_t ve = LDG(t, EL(en, bid), pe);
        BRANCH2(t, e0, ve);
        if (m->keys[thid] <= end) {
            reg_t e1 = LDG(t, KN(kn, l, BT_OFF_KEYS, thid + 1), pm);
            BRANCH2(t, e1, ve);
            if (m->keys[thid + 1] > end) {
                reg_t ix = LDG(t, KN(kn, l, BT_OFF_INDICES, thid), pm);
                BRANCH(t, ix);
                if (child_ok(b, m->indices[thid]))
                    STG64(t, EL8(off2, bid), po2, ix);
            }
        }
        BAR(t);
        BRANCH(t, rtx);
        if (thid == 0) {
            reg_t vo = LDG64(t, EL8(off, bid), po);
            STG64(t, EL8(cur, bid), pc, vo);
            reg_t vo2 = LDG64(t, EL8(off2, bid), po2);
            STG64(t, EL8(last, bid), pl, vo2);
        }
        BAR(t);
        c = bt_child(b, c, start);
        l = bt_child(b, l, end);
        LOOP(t, NOREG);
    }
    const bt_knode_t *n = &b->knodes[c], *m = &b->knodes[l];
    reg_t vc = LDG64(t, EL8(cur, bid), pc);
    reg_t pn = IMAD(t, vc, NOREG, rtx);
    reg_t k0 = LDG(t, KN(kn, c, BT_OFF_KEYS, thid), pn);
    reg_t vs = LDG(t, EL(st, bid), ps);
    BRANCH2(t, k0, vs);
    reg_t pr = IMAD(t, rbx, NOREG, NOREG);   /* &RecstartD[bid] */
    if (n->keys[thid] == start) {
        reg_t ix = LDG(t, KN(kn, c, BT_OFF_INDICES, thid), pn);
        STG(t, EL(rs, bid), pr, ix);
    }
    BAR(t);
    reg_t vl = LDG64(t, EL8(last, bid), pl);
    reg_t pm = IMAD(t, vl, NOREG, rtx);
    reg_t e0 = LDG(t, KN(kn, l, BT_OFF_KEYS, thid), pm);
    reg_t ve = LDG(t, EL(en, bid), pe);
    BRANCH2(t, e0, ve);
    if (m->keys[thid] == end) {
        reg_t ix = LDG(t, KN(kn, l, BT_OFF_INDICES, thid), pm);
        reg_t r0 = LDG(t, EL(rs, bid), pr);
        reg_t pq = IMAD(t, rbx, NOREG, NOREG);   /* &ReclenD[bid] */
        STG(t, EL(rl, bid), pq, IADD(t, ix, r0));
    }
    EXIT(t);
}
