/* mars.h - Mars, the MapReduce framework on GPUs (He et al., PACT 2008; its
 * public CUDA source: MarsLib.cu, MarsScan.cu, MarsSort.cu and the sample
 * applications' map.cu, reduce.cu, compare.cu, main.cu), its runtime's
 * kernels written per thread (mars.c; simt.h) and three applications the
 * TEMP/TBAS paper runs (Table 1, C1, (1D, 1D)): InvertedIndex (II),
 * PageViewCount (PVC) and PageViewRank (PVR).
 *
 * The host program (main.cu and MarsLib.cu's MapReduce()) runs on the host
 * when the workload is set up (mars_build): its input made as Mars'
 * generators make it, then per MapReduce: MapperCount, three prefix sums
 * (prefexSum: MarsScan's prescan / uniformAdd), Mapper; the group stage
 * (sort_GPU: the bitonic sort of the <key offset, key size, value offset,
 * value size> records by the application's compare(), the values' and
 * keys' scatter, the group boundaries); and for MAP_REDUCE ReducerCount,
 * three prefix sums, Reducer. Every launch is recorded with its buffers'
 * device addresses and the data its threads' control flow reads (a record's
 * bytes, the sort's order as each launch finds it), so that a thread's
 * accesses are the CUDA kernel's. docs/sim.md and docs/tbas.md say what is
 * simplified. */
#ifndef MEMSCHED_SIM_MARS_H
#define MEMSCHED_SIM_MARS_H

#include <stddef.h>
#include <stdint.h>

#include "workload/simt.h"

enum { MARS_II, MARS_PVC, MARS_PVR };

#define MARS_BLOCK      256u       /* DEFAULT_DIMBLOCK: map and reduce blocks, a record a thread */
#define MARS_CHUNK      256u       /* NUM_THREADS_CHUNK, NUM_BLOCKS_CHUNK, SHARED_MEM_INT2 */
#define MARS_SORT_BIG   (256u * 1024u)   /* above: the chunked bitonic sort */
#define MARS_AUX_BLOCKS 512u       /* the sort's helper kernels: 512 blocks of 512 (copyChunks: 128) */
#define MARS_AUX_THREADS 512u
#define MARS_COPY_THREADS 128u
#define MARS_SCAN_BLOCK 256u       /* MarsScan's BLOCK_SIZE */
#define MARS_PAGE       9557u      /* II: one synthetic HTML page (28 MB / 3 files / 1024 copies) */

/* default sizes (the Mars run scripts), quick sizes, smallest sizes */
#define MARS_PV_RECORDS 1000000u   /* PVC_BIN, PVR_BIN run.sh: Gen data 1000000 count|rank */
#define MARS_PV_QUICK   1024u
#define MARS_PV_MIN     16u
#define MARS_II_KB      28672u     /* II_BIN run.sh: 3 pages x 1024 copies, "28 MB" */
#define MARS_II_QUICK   192u
#define MARS_II_MIN     3u

typedef struct { int32_t x, y, z, w; } mars_i4_t;

/* kernels (mars_launch_t.kind) */
enum {
    MK_MAP_COUNT, MK_MAP, MK_RED_COUNT, MK_RED, MK_PRESCAN, MK_UNIFORM_ADD, MK_INIT, MK_SORT_SINGLE,
    MK_UNIT_SORT, MK_BITONIC, MK_PART_SORT, MK_GET_INTY, MK_GET_XY, MK_GET_ZW, MK_SET_XY, MK_SET_ZW,
    MK_COPY_CHUNKS, MK_CHUNK_BOUNDARY, MK_WRITE_BOUNDARY, MK_SET_BOUNDARY, MK_KINDS
};

typedef struct {          /* one launch, in the host program's order */
    uint8_t kind, mr;     /* its kernel; the MapReduce it belongs to */
    uint8_t flag;         /* prescan: 1 storeSum, 2 isNP2; copyChunks, set/get XY/ZW: 1 the keys' pass */
    unsigned grid, block, shmem;
    uint64_t a[6];        /* its pointer arguments, as device addresses */
    int64_t i[4];         /* its scalar arguments */
} mars_launch_t;

typedef struct mars_mr mars_mr_t;
typedef struct mars_snap mars_snap_t;

typedef struct {
    int app;
    uint64_t size;            /* the size knob: records (PVC, PVR), KB of HTML (II) */
    uint64_t base;            /* the device heap's address (set by the workload) */
    uint64_t heap;            /* its bytes */
    unsigned nfile;           /* the input files (II: 3; PVC: 1; PVR: none on the device) */
    uint64_t d_file[3], file_size[3];
    uint8_t *file0[3];        /* their bytes before the Mapper's writes (NULL: held as below; file0_at) */
    uint64_t *pack5[3];       /* a file of 32 distinct bytes or fewer (PVC's log: 30): 5 bits a byte, */
    uint8_t byte5[3][32];     /*   byte at of the file byte5[f][the 5 bits from bit 5 at] */
    uint8_t *page[3];         /* II: the page a file repeats, byte at of the file page[at % MARS_PAGE] ... */
    uint64_t *cut[3];         /* ... unless its bit is set here: a '\0' the host wrote (a record's end) */
    uint64_t *zeroed[3];      /* ... and where the Mapper wrote '\0' (a bit a byte): the file after it */
    unsigned nmr;
    mars_mr_t *mr[2];
    mars_launch_t *launch;
    unsigned nlaunch, cap;
    /* the bitonic sort's replay (mars_open): the records before one sort launch, advanced
     * in place to the next one's when no open launch holds them */
    mars_snap_t *snap;
    /* the launches open (mars_open, mars_close) and the highest opened: the host arrays
     * whose last reader is below an opened launch are freed while none is open */
    unsigned nopen;
    int64_t hi;
} mars_t;

/* Byte `at` (below file_size[f]) of file f before the Mapper's writes, whichever its form. */
uint8_t mars_file0_at(const mars_t *m, int f, uint64_t at);

/* The application's input (made as Mars' generators do) and its host
 * program's launches, the device heap laid out from offset 0. 0, -1 out of
 * memory. */
int  mars_build(mars_t *m, int app, uint64_t size);
void mars_free(mars_t *m);

/* What a launch's threads read (kdef_t.data_open; level = the launch):
 * for the bitonic kernels the records as the launch finds them. A run
 * opens the launches in order, each closed before the next opens; opened
 * so, a launch frees the host arrays that only launches before it read
 * (the memory of the run is the arrays still to be read). A launch opened
 * out of order (a test) gets its arrays built again: the host program is
 * run again and what was freed is taken from it. NULL out of memory. */
void *mars_open(const void *m, unsigned level);
void  mars_close(void *d);

/* The kernels, per thread: simt_args_t.arr[0] = the heap's base, .data =
 * mars_open's, .p = the launch. */
void mars_map_count(simt_t *t);
void mars_map(simt_t *t);
void mars_ii_map_count(simt_t *t);   /* InvertedIndex's MapperCount and Mapper */
void mars_ii_map(simt_t *t);
void mars_reduce_count(simt_t *t);
void mars_reduce(simt_t *t);
void mars_prescan(simt_t *t);
void mars_uniform_add(simt_t *t);
void mars_initialize(simt_t *t);
void mars_sort_single(simt_t *t);
void mars_unit_sort(simt_t *t);
void mars_bitonic(simt_t *t);
void mars_part_sort(simt_t *t);
void mars_get_inty(simt_t *t);
void mars_get_xy(simt_t *t);   /* getXYArray and getZWArray (flag) */
void mars_set_xy(simt_t *t);   /* setXYArray and setZWArray */
void mars_copy_chunks(simt_t *t);
void mars_chunk_boundary(simt_t *t);
void mars_write_boundary(simt_t *t);
void mars_set_boundary(simt_t *t);

/* Test hooks: a MapReduce's record counts (input, intermediate, distinct
 * keys, output) and the application's compare() of two intermediate
 * records on the host. */
void mars_counts(const mars_t *m, unsigned mr, unsigned *nin, unsigned *ninter, unsigned *nkeys, unsigned *nout);
int  mars_compare(const mars_t *m, unsigned mr, mars_i4_t a, mars_i4_t b);
/* ... and the sort's output: its neighbours out of compare() order (0).
 * Both see every host array (built again if freed); ~0u and 2 out of memory. */
unsigned mars_unsorted(const mars_t *m, unsigned mr);
/* The host arrays of MapReduce mr freed so far (mars_open), a bit per group
 * of arrays; mars_groups: every group's bit. */
unsigned mars_gone(const mars_t *m, unsigned mr);
unsigned mars_groups(void);
/* The group starts setBoundary finds (bound_at, from the flags' bits and
 * ranks) that are not the flags' positions in order, and 1 more if the
 * flags are not nkeys: 0. */
unsigned mars_bound_errors(const mars_t *m, unsigned mr);

#endif
