/* btree.h - Rodinia 3.1's b+tree (the MRPB paper's "BT, B+ tree, 1M nodes"):
 * the tree built on the host as b+tree.c builds it, flattened as
 * transform_to_cuda flattens it, the queries of its command file, and its
 * two kernels findK and findRangeK written per thread (btree.c; simt.h).
 *
 * Device memory as the CUDA wrappers allocate it (all sizes in bytes, count
 * = the command's query count = the grid):
 *   findRangeK (command "j", run first): knodesD (nknodes * 2068),
 *     currKnodeD, offsetD, lastKnodeD, offset_2D (count * 8 each), startD,
 *     endD, ansDStart, ansDLength (count * 4 each);
 *   findK (command "k"): recordsD (size * 4), knodesD (nknodes * 2068),
 *     currKnodeD, offsetD (count * 8 each), keysD, ansD (count * 4 each).
 * Both launch <<<count, 256>>> without shared memory. */
#ifndef MEMSCHED_SIM_BTREE_H
#define MEMSCHED_SIM_BTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "workload/simt.h"

#define BT_ORDER   256                                  /* common.h: DEFAULT_ORDER */
#define BT_THREADS (BT_ORDER < 1024 ? BT_ORDER : 1024)  /* the wrappers' threadsPerBlock */
#define BT_K_MAX   65535                                /* main: "k" refuses more queries */
#define BT_RECORDS 1000000                              /* mil.txt: 1000000 keys, 0 .. 999999 ascending */
#define BT_J_COUNT 6000                                 /* command.txt "j 6000 3000": 6000 range queries ... */
#define BT_J_RSIZE 6000                                 /* ... of size 6000 (main reads the count twice; see btree.c) */
#define BT_K_COUNT 10000                                /* command.txt "k 10000" */
#define BT_MAX_RECORDS (1u << 30)                       /* keys and record indices stay ints */

/* common.h's knode, the unit of knodesD: 2068 bytes with C's (and CUDA's)
 * alignment; a field's device address is knodesD + 2068 * node + its offset. */
typedef struct {
    int32_t location;
    int32_t indices[BT_ORDER + 1];
    int32_t keys[BT_ORDER + 1];
    bool is_leaf;
    int32_t num_keys;   /* the node's keys + 2: keys[0] = INT_MIN, keys[num_keys - 1] = INT_MAX */
} bt_knode_t;
#define BT_KNODE_BYTES  ((uint64_t)sizeof(bt_knode_t))               /* 2068 */
#define BT_OFF_INDICES  ((uint64_t)offsetof(bt_knode_t, indices))   /* 4 */
#define BT_OFF_KEYS     ((uint64_t)offsetof(bt_knode_t, keys))      /* 1032 */

/* The tree and the queries (simt_args_t.data of both kernels). */
typedef struct {
    uint64_t size;          /* the input's count (mil.txt's first line): recordsD holds `size` records */
    uint64_t nknodes;       /* knodes_elem: knodesD holds nknodes knodes */
    int height;             /* maxheight: edges from the root to a leaf (the kernels' level loop) */
    bt_knode_t *knodes;     /* transform_to_cuda's array: breadth-first, the root at 0 */
    int32_t *records;       /* krecords[].value, in leaf order (size of them; `nrecords` filled) */
    uint64_t nrecords;      /* distinct keys inserted */
    uint32_t kcount;        /* "k": findK's queries (blocks) and their keys (keysD) */
    int32_t *kkey;
    uint32_t jcount;        /* "j": findRangeK's queries (blocks), their range size and bounds (startD, endD) */
    int32_t rsize;
    int32_t *jstart, *jend;
    /* findRangeK has nine array arguments and simt_args_t six: its 7th to 9th
     * (endD, ansDStart, ansDLength) are given here by the workload setup. */
    uint64_t rk_arr[3];
} bt_tree_t;

/* The source's input: the keys 0 .. nrec - 1 in ascending order (mil.txt
 * for nrec = 10^6), each inserted as key and value; then the "j" queries
 * (jcount ranges of size rsize, clamped to nrec) and the "k" queries (kcount
 * keys), drawn in that order from glibc's rand() sequence as an unseeded
 * program gets it (bt_rand). NULL: nrec 0 or above BT_MAX_RECORDS, kcount
 * above BT_K_MAX, jcount 0 or kcount 0, rsize < 0, or out of memory. */
bt_tree_t *bt_build(uint64_t nrec, uint32_t kcount, uint32_t jcount, int32_t rsize);
/* Any input: nkeys keys inserted in this order (value = key; duplicates
 * ignored, as insert does), size the file's count (the queries' range). */
bt_tree_t *bt_build_keys(const int32_t *keys, uint64_t nkeys, uint64_t size, uint32_t kcount, uint32_t jcount,
                         int32_t rsize);
void bt_free(bt_tree_t *b);
/* The source's command scaled to nrec records (for quick runs): the query
 * counts and the range size in proportion to BT_RECORDS (BT_K_COUNT,
 * BT_J_COUNT, BT_J_RSIZE at 10^6), at least one query each. */
void bt_counts(uint64_t nrec, uint32_t *kcount, uint32_t *jcount, int32_t *rsize);

/* The knode a block goes to from knode c looking for key: indices[thid] of
 * the thread whose keys[thid] <= key < keys[thid + 1] if that is below
 * nknodes, else c (the kernels' offset update, one level). */
int32_t bt_child(const bt_tree_t *b, int32_t c, int32_t key);

/* glibc's random() (TYPE_3, the state rand() uses), our own code: the
 * sequence of rand() after srand(seed); b+tree.c never seeds (seed 1). */
typedef struct {
    uint32_t r[34];
    unsigned i;
} bt_rand_t;
void bt_srand(bt_rand_t *g, uint32_t seed);
int32_t bt_rand(bt_rand_t *g);

/* kernel_gpu_cuda.cu, findK(height, knodesD, knodes_elem, recordsD,
 * currKnodeD, offsetD, keysD, ansD): simt_args_t arr = {knodesD, recordsD,
 * currKnodeD, offsetD, keysD, ansD}, data = the tree; <<<kcount, 256>>>. */
void rd_btree_findk(simt_t *t);
/* kernel_gpu_cuda_2.cu, findRangeK(height, knodesD, knodes_elem, currKnodeD,
 * offsetD, lastKnodeD, offset_2D, startD, endD, RecstartD, ReclenD):
 * arr = {knodesD, currKnodeD, offsetD, lastKnodeD, offset_2D, startD}, the
 * tree's rk_arr = {endD, RecstartD (ansDStart), ReclenD (ansDLength)},
 * data = the tree; <<<jcount, 256>>>. */
void rd_btree_findrangek(simt_t *t);

#endif
