/* kernels.c - the built-in kernels: the papers' workloads as the SASS warp
 * instruction streams an NVBit/Accel-Sim trace of the CUDA kernel compiled
 * for sm_61 shows, generated thread block by thread block.
 *
 * A kernel is a static program (one slot per PC: opcode, register operands,
 * access width) and a warp generator that walks the CUDA source's control
 * flow for the warp's 32 threads and emits the slots they execute, with the
 * active mask and each active lane's address computed from the source's
 * indexing. As in a trace there are no loops: each iteration emits the body
 * again (same PCs), ending in the loop's BRA. A guard `if (i >= n) return;`
 * is an EXIT whose mask is the lanes that leave (vectoradd below is,
 * instruction for instruction, the real trace in ../shared/traces). Loads
 * write the registers their consumers read, so the SM's scoreboard sees the
 * true dependences. Operands are what NVBit's tracer records: at most one
 * destination, at most four sources, R registers only (no predicate: the
 * guard of `@P0 EXIT` and the destination of ISETP are not traced; a 64- or
 * 128-bit access names the first register of its pair or quad, and the SM
 * derives the rest, inst_expand in kernel.c).
 *
 * Arrays are 4-byte floats/ints at 64 KB-aligned addresses from DATA_BASE in
 * cudaMalloc order, each a MemcpyHtoD region of the workload. Shared-memory
 * addresses are SHMEM_BASE + the offset in the block's shared memory.
 * Generation is arithmetic only: one tb_reserve per block, no tables but the
 * BFS graph, deterministic (fixed seed).
 */
#include "workload/kernels.h"

#include "workload/btree.h"
#include "workload/lonestar.h"
#include "workload/parboil_stencil.h"
#include "workload/parboil_histo.h"
#include "workload/parboil_spmv.h"
#include "workload/parboil_lbm.h"
#include "workload/parboil_cp.h"
#include "workload/libor.h"
#include "workload/mars.h"
#include "workload/parboil_cutcp.h"
#include "workload/polybench.h"
#include "workload/rodinia.h"
#include "workload/rodinia_pf.h"
#include "workload/rodinia_mummer.h"
#include "workload/sdk.h"
#include "workload/sdk_dct.h"
#include "workload/sdk_fwt.h"
#include "workload/sdk_sortnet.h"
#include "workload/sl1_apps.h"
#include "workload/simt.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FULL       0xffffffffu
#define DATA_BASE  0x00007f0000000000ull   /* the first array */
#define ARR_ALIGN  0x10000ull              /* arrays start on 64 KB (GPU big page) boundaries */
#define SHMEM_BASE 0x00007f5a00000000ull   /* -shmem base_addr */
#define LOCAL_BASE 0x00007f5800000000ull   /* -local mem base_addr */
#define MAX_ARR    16

/* ---- static programs ---------------------------------------------------------- */

typedef struct {          /* one PC slot; registers stored + 1 so that 0 ends a list */
    const char *op;
    uint8_t  width;       /* memory: bytes per lane */
    uint16_t d[INST_MAX_DST], s[INST_MAX_SRC];
} sop_t;

#define R(n)  ((uint16_t)(REG_R + (n) + 1))
#define RZ    R(255)
#define A(op, d, ...)     {op, 0, {d}, {__VA_ARGS__}}                        /* ALU, branch; d = 0: none */
#define M(op, w, d, ...)  {op, w, {d}, {__VA_ARGS__}}                        /* memory; d = 0: a store */
#define LDG(d, a)    M("LDG.E", 4, R(d), R(a))
#define STG(a, v)    M("STG.E", 4, 0, R(a), R(v))
#define LDS(d, a)    M("LDS.U.32", 4, R(d), R(a))
#define STS(a, v)    M("STS", 4, 0, R(a), R(v))
#define LOOP(r)      A("ISETP.NE.AND", 0, R(r)), A("BRA", 0, 0)                /* loop test and back edge */
#define EXIT         A("EXIT", 0, 0)
#define BAR          A("BAR.SYNC", 0, 0)
#define NSLOT(code)  ((unsigned)(sizeof code / sizeof code[0]))

/* i = blockIdx.x * blockDim.x + threadIdx.x (R0); if (i >= n) return;  -- nvcc -arch sm_61 */
#define HDR1D                                                                                       \
    A("MOV", R(1), 0), A("S2R", R(0), 0), A("S2R", R(2), 0), A("XMAD.MRG", R(3), R(0), RZ),         \
    A("XMAD", R(2), R(0), R(2)), A("XMAD.PSL.CBCC", R(0), R(0), R(3), R(2)),                        \
    A("ISETP.GE.AND", 0, R(0)), A("NOP", 0, 0), A("EXIT", 0, 0)
enum { H1_EXIT = 8 };
/* j = blockIdx.x * blockDim.x + threadIdx.x (R0), i = blockIdx.y * blockDim.y + threadIdx.y (R3) */
#define HDR2D                                                                                       \
    A("MOV", R(1), 0), A("S2R", R(0), 0), A("S2R", R(2), 0), A("S2R", R(3), 0), A("S2R", R(4), 0),  \
    A("XMAD.MRG", R(5), R(0), RZ), A("XMAD", R(2), R(0), R(2)), A("XMAD.PSL.CBCC", R(0), R(0), R(5), R(2)), \
    A("XMAD.MRG", R(5), R(3), RZ), A("XMAD", R(4), R(3), R(4)), A("XMAD.PSL.CBCC", R(3), R(3), R(5), R(4))
/* ... if (i >= ni || j >= nj) return; */
#define GUARD2D A("ISETP.GE.AND", 0, R(0)), A("ISETP.GE.OR", 0, R(3)), A("EXIT", 0, 0)
enum { G2_EXIT = 13, G2 = 14 };

/* ---- workloads, launches, open kernels ---------------------------------------- */

typedef struct bk bk_t;
typedef struct em em_t;

typedef struct {                  /* a kernel's code and generator */
    const char *name;             /* -kernel name (mangled as nvcc does) */
    const sop_t *code;
    unsigned ncode, nregs;
    void (*warp)(const bk_t *k, em_t *e, unsigned w);   /* emit warp w of block (k->bx, k->by) */
    unsigned bi1, ba1;            /* per loop trip: instructions, memory instructions (bounds) */
    uint8_t arg[SIMT_ARGS];       /* the workload arrays it uses, by role */
    unsigned flag;                /* variant */
    simt_fn thread;               /* a per-thread kernel (simt.h): no code or warp generator */
    void *(*data_open)(const void *data, unsigned level);   /* what its threads read, built when it opens
                                                              (simt_args_t.data; NULL: the workload's) */
    void (*data_close)(void *d);
} kdef_t;

typedef struct {                  /* one launch */
    const kdef_t *def;
    unsigned grid[2], block[2], shmem;
    uint64_t trips;               /* loop trips per thread (bounds) */
    unsigned level;               /* the host's loop index it is launched with (simt_args_t.p) */
} launch_t;


typedef struct {                  /* a built-in workload (workload_t.impl) */
    workload_t w;
    int refs;                     /* the workload and its open kernels */
    uint64_t n;                   /* the size knob, rounded */
    unsigned threads;             /* workload.threads: the launch's threads (0: the kernel's own geometry) */
    unsigned narr, nlaunch, cap;
    uint64_t arr[MAX_ARR], arr_size[MAX_ARR];
    launch_t *launch;
    rd_graph_t g;                 /* bfs: its graph (simt_args_t.data) */
    ls_graph_t lg;                /* sssp: its graph and relaxation (simt_args_t.data) */
    ls_sat_t sat;                 /* sp: its formula and host run (simt_args_t.data) */
    ms_input_t ms;                /* mergesort: its keys (its kernels' data_open) */
    hg_input_t hg;                /* histogram: its bytes (simt_args_t.data) */
    rd_sc_t sc;                   /* streamcluster: the host program's launches (simt_args_t.data) */
    rd_cfd_mesh_t cfd;            /* cfd: its mesh (simt_args_t.data) */
    bt_tree_t *bt;                /* b+tree: its tree and queries (simt_args_t.data) */
    pbh_input_t pbh;              /* histo: its image, eye and atomics' old values (simt_args_t.data) */
    rd_pf_t pf;                   /* particlefilter: the host program's run (simt_args_t.data) */
    pb_spmv_t spmv;               /* spmv: its JDS matrix (simt_args_t.data) */
    mum_input_t mum;              /* mummer: its reference, tree textures and queries (simt_args_t.data) */
    pbl_lbm_t lbm;                /* lbm: its cells' flags (simt_args_t.data) */
    pb_cutcp_t cutcp;             /* cutcp: its atoms, bins and neighbour list (simt_args_t.data) */
    sn_input_t sn;                /* sortnet: its keys, launches and replay (simt_args_t.data, sn_open) */
    sl1_input_t sl1;              /* the S-L1 stand-ins: their input and geometry (simt_args_t.data) */
    mars_t mars;                  /* Mars: its host program's launches and data (mars_open) */
    const void *data;             /* what per-thread kernels are given as simt_args_t.data */
    int unshared;                 /* a /U version: shared arrays in global memory (simt_ops.h) */
    unsigned scratch;             /* ... the array holding them */
} wl_t;

struct bk {                       /* an open built-in kernel */
    kernel_t k;
    wl_t *wl;
    const launch_t *ln;
    const kdef_t *def;
    unsigned cmd;                 /* its workload command */
    uint64_t next;                /* next block, in dispatch order */
    unsigned bx, by;              /* the block being generated */
    size_t winst, waddr;          /* per-warp bounds */
    simt_args_t args;             /* a per-thread kernel's arguments ... */
    void *kdata;                  /* ... the data its open built (kdef_t.data_open) ... */
    simt_prog_t *prog;            /* ... its sites ... */
    simt_lane_t lanes[WARP_SIZE]; /* ... and its lanes' streams */
    inst_t code[];                /* the slots as instruction templates */
};

struct em {                       /* emitting one warp */
    tb_t *tb;
    const inst_t *code;
    uint32_t mask;                /* active lanes */
};

/* ---- emit helpers --------------------------------------------------------------- */

static inline inst_t *put(em_t *e, unsigned slot)
{
    tb_t *tb = e->tb;
    assert(tb->ninst < tb->cap_inst);
    inst_t *d = &tb->inst[tb->ninst++];
    *d = e->code[slot];
    d->mask = e->mask;
    return d;
}

static inline void op(em_t *e, unsigned slot) { (void)put(e, slot); }

static inline void ops(em_t *e, unsigned from, unsigned to)   /* slots [from, to) */
{
    for (unsigned s = from; s < to; s++)
        (void)put(e, s);
}

/* A memory instruction: active lane l, (tx, ty) = (l mod 2^sh, l >> sh),
 * accesses base + tx * sx + ty * sy. sh = 5: one warp-wide row. */
static void mem2(em_t *e, unsigned slot, uint64_t base, uint64_t sx, unsigned sh, uint64_t sy)
{
    tb_t *tb = e->tb;
    inst_t *d = put(e, slot);
    assert(tb->naddr + WARP_SIZE <= tb->cap_addr);
    d->addr = (uint32_t)tb->naddr;
    uint64_t *a = tb->addr + tb->naddr;
    uint32_t m = e->mask;
    if (m == FULL && sh == 5) {
        for (unsigned l = 0; l < WARP_SIZE; l++)
            a[l] = base + l * sx;
        tb->naddr += WARP_SIZE;
        return;
    }
    for (; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        *a++ = base + (l & ((1u << sh) - 1)) * sx + (l >> sh) * sy;
    }
    tb->naddr = (size_t)(a - tb->addr);
}

static inline void mem(em_t *e, unsigned slot, uint64_t base, uint64_t stride) { mem2(e, slot, base, stride, 5, 0); }

static uint32_t lanes_in(uint64_t first, uint64_t lo, uint64_t hi)   /* lanes l with lo <= first + l < hi */
{
    uint32_t m = 0;
    for (unsigned l = 0; l < WARP_SIZE; l++)
        m |= (uint32_t)(first + l >= lo && first + l < hi) << l;
    return m;
}

/* `if (!stay) return;`: an EXIT for the lanes that leave. The lanes left. */
static uint32_t guard(em_t *e, unsigned slot, uint32_t stay)
{
    uint32_t m = e->mask;
    e->mask = m & ~stay;
    op(e, slot);
    return e->mask = m & stay;
}

static uint32_t hdr1d(em_t *e, uint64_t first, uint64_t n)   /* HDR1D for threads first.. of n */
{
    ops(e, 0, H1_EXIT);
    return guard(e, H1_EXIT, lanes_in(first, 0, n));
}

static inline uint64_t A4(const bk_t *k, unsigned role, uint64_t idx)   /* &array[role][idx], 4-byte elements */
{
    return k->wl->arr[k->def->arg[role]] + 4 * idx;
}

/* ---- PolyBench/GPU matrix-vector kernels: atax, bicg, mvt, blocks of 256 ----------
 *   t = blockIdx.x * 256 + threadIdx.x;  if (t < N) {
 *     [out[t] = 0;]  for (it = 0; it < N; it++)  out[t] += M[ROW ? t*N + it : it*N + t] * v[it]; }
 * ROW (atax 1, bicg 2, mvt 1): a warp reads 32 rows of M, N*4 bytes apart: with N*4 a
 * multiple of 4 KB all 32 lines fall in one L1 set -- MRPB's intra-warp contention
 * (Figure 2). Otherwise the reads are coalesced. v[it] is one address per warp. out[t]
 * is stored every trip (the pointers may alias: nvcc cannot keep it in a register). */
enum { MV_ROW = 1, MV_ZERO = 2 };
enum { MV_M, MV_V, MV_OUT };
static const sop_t mv_code[] = {
    HDR1D,
    A("ISCADD", R(6), R(0)), A("XMAD", R(2), R(0)), A("ISCADD", R(2), R(2)),    /*  9-11 &out[t], &M[first] */
    A("MOV", R(4), 0), A("MOV", R(7), RZ), M("STG.E", 4, 0, R(6), RZ),          /* 12-14 &v[0]; acc = out[t] = 0 */
    LDG(7, 6),                                                                  /* 15 acc = out[t] */
    LDG(8, 2), LDG(9, 4), A("IADD", R(2), R(2)), A("IADD", R(4), R(4)),         /* 16-19 M[..], v[it] */
    A("FFMA", R(7), R(8), R(9), R(7)), STG(6, 7), LOOP(4),                      /* 20-23 */
    EXIT,                                                                       /* 24 */
};

static void mv_warp(const bk_t *k, em_t *e, unsigned w)
{
    uint64_t n = k->wl->n, t0 = (uint64_t)k->bx * 256 + w * 32;
    int row = k->def->flag & MV_ROW;
    if (!hdr1d(e, t0, n))
        return;
    ops(e, 9, 13);
    if (k->def->flag & MV_ZERO) {
        op(e, 13);
        mem(e, 14, A4(k, MV_OUT, t0), 4);
    } else {
        mem(e, 15, A4(k, MV_OUT, t0), 4);
    }
    for (uint64_t it = 0; it < n; it++) {
        mem(e, 16, A4(k, MV_M, row ? t0 * n + it : it * n + t0), row ? 4 * n : 4);
        mem(e, 17, A4(k, MV_V, it), 0);
        ops(e, 18, 21);
        mem(e, 21, A4(k, MV_OUT, t0), 4);
        ops(e, 22, 24);
    }
    op(e, 24);
}

/* ---- gesummv, blocks of 256 ----------------------------------------------------------
 *   i = blockIdx.x * 256 + threadIdx.x;  if (i < N) {
 *     for (j = 0; j < N; j++) { tmp[i] += A[i*N + j] * x[j];  y[i] += B[i*N + j] * x[j]; }
 *     y[i] = alpha * tmp[i] + beta * y[i]; }
 * Two row-per-thread walks (intra-warp contention on A and B); x[j] is reloaded after
 * the store to tmp[i] (aliasing). */
enum { GS_A, GS_B, GS_X, GS_Y, GS_TMP };
static const sop_t gs_code[] = {
    HDR1D,
    A("ISCADD", R(6), R(0)), A("ISCADD", R(10), R(0)), A("XMAD", R(2), R(0)),   /*  9-11 &tmp[i], &y[i] */
    A("ISCADD", R(12), R(2)), A("ISCADD", R(2), R(2)), A("MOV", R(4), 0),       /* 12-14 &B[i*N], &A[i*N], &x */
    LDG(7, 6), LDG(11, 10),                                                     /* 15-16 tmp[i], y[i] */
    LDG(8, 2), LDG(9, 4), A("FFMA", R(7), R(8), R(9), R(7)), STG(6, 7),         /* 17-20 tmp[i] += A x */
    LDG(13, 12), LDG(9, 4), A("FFMA", R(11), R(13), R(9), R(11)), STG(10, 11),  /* 21-24 y[i] += B x */
    A("IADD", R(2), R(2)), A("IADD", R(12), R(12)), A("IADD", R(4), R(4)),      /* 25-27 */
    LOOP(4),                                                                    /* 28-29 */
    A("FMUL", R(7), R(7)), A("FFMA", R(11), R(11), R(7)), STG(10, 11), EXIT,    /* 30-33 */
};

static void gs_warp(const bk_t *k, em_t *e, unsigned w)
{
    uint64_t n = k->wl->n, i0 = (uint64_t)k->bx * 256 + w * 32;
    if (!hdr1d(e, i0, n))
        return;
    ops(e, 9, 15);
    mem(e, 15, A4(k, GS_TMP, i0), 4);
    mem(e, 16, A4(k, GS_Y, i0), 4);
    for (uint64_t j = 0; j < n; j++) {
        mem(e, 17, A4(k, GS_A, i0 * n + j), 4 * n);
        mem(e, 18, A4(k, GS_X, j), 0);
        op(e, 19);
        mem(e, 20, A4(k, GS_TMP, i0), 4);
        mem(e, 21, A4(k, GS_B, i0 * n + j), 4 * n);
        mem(e, 22, A4(k, GS_X, j), 0);
        op(e, 23);
        mem(e, 24, A4(k, GS_Y, i0), 4);
        ops(e, 25, 30);
    }
    ops(e, 30, 32);
    mem(e, 32, A4(k, GS_Y, i0), 4);
    op(e, 33);
}

/* ---- syrk, gemm: C = alpha P Q + beta C, blocks 32 x 8 --------------------------------
 *   j = blockIdx.x*32 + threadIdx.x;  i = blockIdx.y*8 + threadIdx.y;
 *   if (i < N && j < N) { c[i*N + j] *= beta;
 *     for (k = 0; k < N; k++) c[i*N + j] += alpha * P[i*N + k] * Q(j, k); }
 * syrk: P = Q = a, Q(j, k) = a[j*N + k]: each lane walks its own row (32 lines per warp
 * load, reused by the other warps: cross-warp contention). gemm: P = a, Q(j, k) =
 * b[k*N + j]: coalesced. P[i*N + k] is one address per warp (a warp is one row i). */
enum { MM_C, MM_P, MM_Q };
enum { MM_QROW = 1 };
static const sop_t mm_code[] = {
    HDR2D, GUARD2D,                                                             /*  0-13 */
    A("XMAD", R(6), R(3)), A("IADD", R(6), R(6), R(0)), A("ISCADD", R(6), R(6)),   /* 14-16 &c[i*N + j] */
    A("XMAD", R(2), R(3)), A("ISCADD", R(2), R(2)),                             /* 17-18 &P[i*N] */
    A("XMAD", R(4), R(0)), A("ISCADD", R(4), R(4)),                             /* 19-20 &Q(j, 0) */
    LDG(7, 6), A("FMUL", R(7), R(7)), STG(6, 7),                                /* 21-23 c *= beta */
    LDG(8, 2), LDG(9, 4), A("IADD", R(2), R(2)), A("IADD", R(4), R(4)),         /* 24-27 P, Q */
    A("FMUL", R(8), R(8)), A("FFMA", R(7), R(8), R(9), R(7)), STG(6, 7),        /* 28-30 */
    LOOP(2), EXIT,                                                              /* 31-33 */
};

static uint32_t live32x8(const bk_t *k, unsigned w, uint64_t n)   /* warp w (row i) of n x n threads */
{
    return (uint64_t)k->by * 8 + w < n ? lanes_in((uint64_t)k->bx * 32, 0, n) : 0;
}

static void mm_warp(const bk_t *k, em_t *e, unsigned w)
{
    uint64_t n = k->wl->n, i = (uint64_t)k->by * 8 + w, j0 = (uint64_t)k->bx * 32;
    int qrow = k->def->flag & MM_QROW;
    ops(e, 0, G2_EXIT);
    if (!guard(e, G2_EXIT, live32x8(k, w, n)))
        return;
    ops(e, G2, 21);
    mem(e, 21, A4(k, MM_C, i * n + j0), 4);
    op(e, 22);
    mem(e, 23, A4(k, MM_C, i * n + j0), 4);
    for (uint64_t kk = 0; kk < n; kk++) {
        mem(e, 24, A4(k, MM_P, i * n + kk), 0);
        mem(e, 25, A4(k, MM_Q, qrow ? j0 * n + kk : kk * n + j0), qrow ? 4 * n : 4);
        ops(e, 26, 30);
        mem(e, 30, A4(k, MM_C, i * n + j0), 4);
        ops(e, 31, 33);
    }
    op(e, 33);
}

/* ---- syr2k, blocks 32 x 8 ----------------------------------------------------------------
 *   if (i < N && j < N) { c[i*N + j] *= beta;  for (k = 0; k < N; k++)
 *     c[i*N + j] += alpha * a[i*N + k] * b[j*N + k] + alpha * b[i*N + k] * a[j*N + k]; }
 * Two row walks per lane (a[j*N + k], b[j*N + k]): cross-warp contention. */
enum { S2_A, S2_B, S2_C };
static const sop_t s2_code[] = {
    HDR2D, GUARD2D,                                                             /*  0-13 */
    A("XMAD", R(6), R(3)), A("IADD", R(6), R(6), R(0)), A("ISCADD", R(6), R(6)),   /* 14-16 &c[i*N + j] */
    A("XMAD", R(10), R(3)), A("ISCADD", R(2), R(10)), A("ISCADD", R(12), R(10)),   /* 17-19 &a, &b row i */
    A("XMAD", R(11), R(0)), A("ISCADD", R(4), R(11)), A("ISCADD", R(14), R(11)),   /* 20-22 &a, &b row j */
    LDG(7, 6), A("FMUL", R(7), R(7)), STG(6, 7),                                /* 23-25 c *= beta */
    LDG(8, 2), LDG(9, 14), LDG(13, 12), LDG(15, 4),                             /* 26-29 a_ik b_jk b_ik a_jk */
    A("FMUL", R(8), R(8)), A("FMUL", R(13), R(13)), A("FMUL", R(13), R(13), R(15)),   /* 30-32 */
    A("FFMA", R(8), R(8), R(9), R(13)), A("FADD", R(7), R(7), R(8)), STG(6, 7), /* 33-35 */
    A("IADD", R(2), R(2)), A("IADD", R(12), R(12)), A("IADD", R(4), R(4)), A("IADD", R(14), R(14)),  /* 36-39 */
    LOOP(2), EXIT,                                                              /* 40-42 */
};

static void s2_warp(const bk_t *k, em_t *e, unsigned w)
{
    uint64_t n = k->wl->n, i = (uint64_t)k->by * 8 + w, j0 = (uint64_t)k->bx * 32;
    ops(e, 0, G2_EXIT);
    if (!guard(e, G2_EXIT, live32x8(k, w, n)))
        return;
    ops(e, G2, 23);
    mem(e, 23, A4(k, S2_C, i * n + j0), 4);
    op(e, 24);
    mem(e, 25, A4(k, S2_C, i * n + j0), 4);
    for (uint64_t kk = 0; kk < n; kk++) {
        mem(e, 26, A4(k, S2_A, i * n + kk), 0);
        mem(e, 27, A4(k, S2_B, j0 * n + kk), 4 * n);
        mem(e, 28, A4(k, S2_B, i * n + kk), 0);
        mem(e, 29, A4(k, S2_A, j0 * n + kk), 4 * n);
        ops(e, 30, 35);
        mem(e, 35, A4(k, S2_C, i * n + j0), 4);
        ops(e, 36, 42);
    }
    op(e, 42);
}

/* ---- 2dconv: 3 x 3 convolution, blocks 32 x 8 ----------------------------------------------
 *   if (0 < i && i < N-1 && 0 < j && j < N-1)
 *     B[i*N + j] = c11 * A[(i-1)*N + (j-1)] + c21 * A[(i-1)*N + j] + ... + c33 * A[(i+1)*N + (j+1)];
 * Nine coalesced row reads, mostly L1 hits (cache-insensitive in MRPB). */
enum { CV_A, CV_B };
static const sop_t cv_code[] = {
    HDR2D,                                                                      /*  0-10 */
    A("ISETP.GE.AND", 0, R(0)), A("ISETP.GE.OR", 0, R(3)),                      /* 11-12 j, i >= N-1 */
    A("ISETP.LT.OR", 0, R(0)), A("ISETP.LT.OR", 0, R(3)),                       /* 13-14 j, i < 1 */
    A("EXIT", 0, 0),                                                            /* 15 */
    A("XMAD", R(6), R(3)), A("IADD", R(6), R(6), R(0)),                         /* 16-17 i*N + j */
    A("ISCADD", R(2), R(6)), A("ISCADD", R(4), R(6)),                           /* 18-19 &A[..], &B[..] */
    LDG(8, 2), LDG(9, 2), LDG(10, 2), LDG(11, 2), LDG(12, 2), LDG(13, 2),       /* 20-25 rows i-1, i */
    LDG(14, 2), LDG(15, 2), LDG(16, 2), A("FMUL", R(17), R(8)),                 /* 26-29 row i+1 */
    A("FFMA", R(17), R(9), R(17)), A("FFMA", R(17), R(10), R(17)), A("FFMA", R(17), R(11), R(17)),  /* 30-32 */
    A("FFMA", R(17), R(12), R(17)), A("FFMA", R(17), R(13), R(17)), A("FFMA", R(17), R(14), R(17)), /* 33-35 */
    A("FFMA", R(17), R(15), R(17)), A("FFMA", R(17), R(16), R(17)), STG(4, 17), EXIT,               /* 36-39 */
};

static void cv_warp(const bk_t *k, em_t *e, unsigned w)
{
    uint64_t n = k->wl->n, i = (uint64_t)k->by * 8 + w, j0 = (uint64_t)k->bx * 32;
    ops(e, 0, 15);
    if (!guard(e, 15, i >= 1 && i + 1 < n ? lanes_in(j0, 1, n - 1) : 0))
        return;
    ops(e, 16, 20);
    for (unsigned r = 0; r < 9; r++)
        mem(e, 20 + r, A4(k, CV_A, (i + r / 3 - 1) * n + j0 + r % 3 - 1), 4);
    ops(e, 29, 38);
    mem(e, 38, A4(k, CV_B, i * n + j0), 4);
    op(e, 39);
}

/* ---- vectoradd (CUDA sample), blocks of 256 -------------------------------------------------------
 *   i = blockIdx.x * blockDim.x + threadIdx.x;  if (i < n) c[i] = a[i] + b[i];
 * The code of ../shared/traces/vectoradd-100-32 (nvcc, sm_61): its slots, PCs, opcodes, registers. */
enum { VA_A, VA_B, VA_C };
static const sop_t va_code[] = {
    HDR1D,
    A("SHL", R(6), R(0)), A("SHR", R(0), R(0)), A("IADD", R(4), R(6)), A("IADD.X", R(5), R(0)),  /*  9-12 */
    A("IADD", R(2), R(6)), M("LDG.E.CG", 4, R(4), R(4)), A("IADD.X", R(3), R(0)),  /* 13-15 a[i] */
    M("LDG.E.CG", 4, R(2), R(2)), A("IADD", R(6), R(6)), A("IADD.X", R(7), R(0)),  /* 16-18 b[i] */
    A("FADD", R(0), R(2), R(4)), STG(6, 0), A("NOP", 0, 0), EXIT,               /* 19-22 c[i] */
};

static void va_warp(const bk_t *k, em_t *e, unsigned w)
{
    uint64_t i0 = (uint64_t)k->bx * 256 + w * 32;
    if (!hdr1d(e, i0, k->wl->n))
        return;
    ops(e, 9, 14);
    mem(e, 14, A4(k, VA_A, i0), 4);
    op(e, 15);
    mem(e, 16, A4(k, VA_B, i0), 4);
    ops(e, 17, 20);
    mem(e, 20, A4(k, VA_C, i0), 4);
    ops(e, 21, 23);
}

/* ---- stream: upper-casing text (S-L1's wc/upper), blocks of 256 ------------------------------------
 *   i = blockIdx.x * 256 + threadIdx.x;  stride = gridDim.x * 256;   (a grid-stride loop, uint4)
 *   for (t = 0; t < n / (4 * stride); t++)  for (u = 0; u < 4; u++) {
 *     v = in[(4*t + u) * stride + i];  v &= 0xdfdfdfdf...;  out[same] = v; }
 * Every warp load or store covers 512 consecutive bytes (4 lines), 4 loads in flight per
 * warp, and the resident blocks sweep the arrays together, so the DRAM sees long runs in
 * open rows: the bandwidth kernel (128 KB per block in all). */
#define ST_CHUNK (128u << 10)
#define ST_STEP  (4u * 4096u)
enum { ST_IN, ST_OUT };
#define LOP4(r) A("LOP3.LUT", R(r), R(r)), A("LOP3.LUT", R(r + 1), R(r + 1)), \
                A("LOP3.LUT", R(r + 2), R(r + 2)), A("LOP3.LUT", R(r + 3), R(r + 3))
#define STG128(r) M("STG.E.128", 16, 0, R(6), R(r))
static const sop_t st_code[] = {
    A("MOV", R(1), 0), A("S2R", R(0), 0), A("S2R", R(2), 0), A("SHL", R(3), R(0)),   /*  0-3 */
    A("ISCADD", R(3), R(2), R(3)), A("IADD", R(4), R(3)), A("IADD", R(6), R(3)), A("MOV", R(5), RZ),  /*  4-7 */
    M("LDG.E.128", 16, R(8), R(4)), M("LDG.E.128", 16, R(12), R(4)),            /*  8-9 */
    M("LDG.E.128", 16, R(16), R(4)), M("LDG.E.128", 16, R(20), R(4)),           /* 10-11 */
    LOP4(8), LOP4(12), LOP4(16), LOP4(20),                                      /* 12-27 */
    STG128(8), STG128(12), STG128(16), STG128(20),                              /* 28-31 */
    A("IADD", R(4), R(4)), A("IADD", R(6), R(6)), A("IADD", R(5), R(5)), LOOP(5), EXIT,   /* 32-37 */
};

static void st_warp(const bk_t *k, em_t *e, unsigned w)
{
    uint64_t stride = (k->wl->n << 20) / ST_CHUNK * 4096;   /* gridDim.x x 256 threads x 16 B */
    uint64_t off = (uint64_t)k->bx * 4096 + w * 32 * 16;
    ops(e, 0, 8);
    for (uint64_t t = 0; t < ST_CHUNK / ST_STEP; t++) {
        for (unsigned u = 0; u < 4; u++)
            mem(e, 8 + u, k->wl->arr[ST_IN] + (4 * t + u) * stride + off, 16);
        ops(e, 12, 28);
        for (unsigned u = 0; u < 4; u++)
            mem(e, 28 + u, k->wl->arr[ST_OUT] + (4 * t + u) * stride + off, 16);
        ops(e, 32, 37);
    }
    op(e, 37);
}

/* ---- kernel table ------------------------------------------------------------------------------------ */

#define KDEF(nm, code, nregs, fn, bi1, ba1, ...) {nm, code, NSLOT(code), nregs, fn, bi1, ba1, __VA_ARGS__, NULL, NULL, NULL}
/* a per-thread kernel (simt.h): its function, its arrays by role */
#define TDEF(nm, nregs, fn, ...) {nm, NULL, 0, nregs, NULL, 0, 0, __VA_ARGS__, 0, fn, NULL, NULL}
/* ... whose open builds what its threads read (data_open(workload data, launch level)) */
#define TDEFD(nm, nregs, fn, open, close, ...) {nm, NULL, 0, nregs, NULL, 0, 0, __VA_ARGS__, 0, fn, open, close}
/* arrays in cudaMalloc order: atax A x y tmp; bicg A r s p q; mvt a x1 x2 y1 y2; gesummv A B x y tmp */
static const kdef_t
    k_atax1 = KDEF("_Z12atax_kernel1PfS_S_", mv_code, 12, mv_warp, 8, 3, {0, 1, 3}, MV_ROW),
    k_atax2 = KDEF("_Z12atax_kernel2PfS_S_", mv_code, 12, mv_warp, 8, 3, {0, 3, 2}, 0),
    k_bicg1 = KDEF("_Z12bicg_kernel1PfS_S_", mv_code, 12, mv_warp, 8, 3, {0, 1, 2}, MV_ZERO),
    k_bicg2 = KDEF("_Z12bicg_kernel2PfS_S_", mv_code, 12, mv_warp, 8, 3, {0, 3, 4}, MV_ROW | MV_ZERO),
    k_mvt1 = KDEF("_Z11mvt_kernel1PfS_S_", mv_code, 12, mv_warp, 8, 3, {0, 3, 1}, MV_ROW),
    k_mvt2 = KDEF("_Z11mvt_kernel2PfS_S_", mv_code, 12, mv_warp, 8, 3, {0, 4, 2}, 0),
    k_gesummv = KDEF("_Z14gesummv_kernelPfS_S_S_S_", gs_code, 16, gs_warp, 13, 6, {0, 1, 2, 3, 4}, 0),
    k_syrk = KDEF("_Z11syrk_kernelffPfS_", mm_code, 14, mm_warp, 9, 3, {1, 0, 0}, MM_QROW),   /* a c */
    k_gemm = KDEF("_Z11gemm_kernelPfS_S_", mm_code, 14, mm_warp, 9, 3, {2, 0, 1}, 0),         /* a b c */
    k_syr2k = KDEF("_Z12syr2k_kernelPfS_S_", s2_code, 18, s2_warp, 16, 5, {0, 1, 2}, 0),     /* a b c */
    k_conv = KDEF("_Z20Convolution2D_kernelPfS_", cv_code, 20, cv_warp, 0, 0, {0, 1}, 0),
    k_vadd = KDEF("_Z6vecAddIfEvPT_S1_S1_i", va_code, 8, va_warp, 0, 0, {0, 1, 2}, 0),
    k_stream = KDEF("_Z12upper_kernelPK5uint4PS_", st_code, 24, st_warp, 29, 8, {0, 1}, 0),
    k_mm2_1 = TDEF("_Z11mm2_kernel1iiiiffPfS_S_", 16, pb_mm2_kernel1, {0, 1, 2}),   /* tmp A B */
    k_mm2_2 = TDEF("_Z11mm2_kernel2iiiiffPfS_S_", 16, pb_mm2_kernel2, {0, 3, 4}),   /* tmp C D */
    k_mm3_1 = TDEF("_Z11mm3_kernel1iiiiiPfS_S_", 16, pb_mm3_kernel, {0, 1, 4}),     /* A B -> E */
    k_mm3_2 = TDEF("_Z11mm3_kernel2iiiiiPfS_S_", 16, pb_mm3_kernel, {2, 3, 5}),     /* C D -> F */
    k_mm3_3 = TDEF("_Z11mm3_kernel3iiiiiPfS_S_", 16, pb_mm3_kernel, {4, 5, 6}),     /* E F -> G */
    k_conv3d = TDEF("_Z20convolution3D_kerneliiiPfS_i", 24, pb_conv3d, {0, 1}),    /* A B */
    k_fdtd1 = TDEF("_Z17fdtd_step1_kerneliiPfS_S_S_i", 16, pb_fdtd_step1, {0, 1, 2, 3}),   /* _fict_ ex ey hz */
    k_fdtd2 = TDEF("_Z17fdtd_step2_kerneliiPfS_S_i", 16, pb_fdtd_step2, {0, 1, 2, 3}),
    k_fdtd3 = TDEF("_Z17fdtd_step3_kerneliiPfS_S_i", 16, pb_fdtd_step3, {0, 1, 2, 3}),
    k_pf_a = TDEF("_Z14dynproc_kerneliPiS_S_iiii", 16, rd_pathfinder, {0, 1, 2}),   /* src dst wall */
    k_pf_b = TDEF("_Z14dynproc_kerneliPiS_S_iiii", 16, rd_pathfinder, {1, 0, 2}),
    k_hotspot = TDEF("_Z14calculate_tempiPfS_S_iiiiffffff", 24, rd_hotspot, {0, 1, 2}),   /* src dst power */
    k_fan1 = TDEF("_Z4Fan1PfS_ii", 12, rd_gaussian_fan1, {0, 1, 2}),                      /* m a b */
    k_fan2 = TDEF("_Z4Fan2PfS_S_iii", 16, rd_gaussian_fan2, {0, 1, 2}),
    k_nw1 = TDEF("_Z20needle_cuda_shared_1PiS_iiii", 24, rd_nw1, {0, 1}),   /* referrence matrix */
    k_nw2 = TDEF("_Z20needle_cuda_shared_2PiS_iiii", 24, rd_nw2, {0, 1}),
    k_bp1 = TDEF("_Z22bpnn_layerforward_CUDAPfS_S_S_ii", 16, rd_bp_layerforward, {0, 1, 2, 3}),
    k_bp2 = TDEF("_Z24bpnn_adjust_weights_cudaPfiS_iS_S_", 16, rd_bp_adjust_weights, {4, 0, 2, 5}),   /* delta ly w oldw */
    k_lud_d = TDEF("_Z12lud_diagonalPfii", 24, rd_lud_diagonal, {0}),
    k_lud_p = TDEF("_Z13lud_perimeterPfii", 24, rd_lud_perimeter, {0}),
    k_lud_i = TDEF("_Z12lud_internalPfii", 24, rd_lud_internal, {0}),
    /* srad_v2: cudaMalloc J C E_C W_C S_C N_C; the kernels take E_C W_C N_C S_C J C */
    k_srad1 = TDEF("_Z11srad_cuda_1PfS_S_S_S_S_iif", 36, rd_srad1, {2, 3, 5, 4, 0, 1}),
    k_srad2 = TDEF("_Z11srad_cuda_2PfS_S_S_S_S_iiff", 33, rd_srad2, {2, 3, 5, 4, 0, 1}),
    /* bfs: nodes edges mask updating visited cost over */
    k_bfs1 = TDEF("_Z6KernelP4NodePiPbS2_S2_S0_i", 16, rd_bfs1, {0, 1, 2, 3, 4, 5}),
    k_bfs2 = TDEF("_Z7Kernel2PbS_S_S_i", 12, rd_bfs2, {2, 3, 4, 6}),
    /* kmeans: feature_flipped_d feature_d membership_d clusters_d */
    k_km_inv = TDEF("_Z14invert_mappingPfS_ii", 12, rd_km_invert, {0, 1}),
    k_km_point = TDEF("_Z11kmeansPointPfiiiPiS_S_S0_", 16, rd_km_point, {1, 2}),
    /* b+tree: findRangeK's nine arrays (0-8), then findK's six (9-14); the wrappers include the
     * kernels inside extern "C": their names are not mangled */
    k_findrk = TDEF("findRangeK", 24, rd_btree_findrangek, {0, 1, 2, 3, 4, 5}),
    k_findk = TDEF("findK", 24, rd_btree_findk, {10, 9, 11, 12, 13, 14}),
    /* transpose (SDK 4.2): d_idata d_odata; every kernel takes (odata, idata, ...) */
    k_transpose[TR_KERNELS] = {
        [TR_COPY] = TDEF("_Z4copyPfS_iii", 12, sdk_tr_copy, {1, 0}),
        [TR_COPY_SHARED] = TDEF("_Z13copySharedMemPfS_iii", 12, sdk_tr_copy_shared, {1, 0}),
        [TR_NAIVE] = TDEF("_Z14transposeNaivePfS_iii", 12, sdk_tr_naive, {1, 0}),
        [TR_COALESCED] = TDEF("_Z18transposeCoalescedPfS_iii", 12, sdk_tr_coalesced, {1, 0}),
        [TR_NO_BANK_CONFLICTS] = TDEF("_Z24transposeNoBankConflictsPfS_iii", 12, sdk_tr_no_bank_conflicts, {1, 0}),
        [TR_COARSE] = TDEF("_Z22transposeCoarseGrainedPfS_iii", 12, sdk_tr_coarse, {1, 0}),
        [TR_FINE] = TDEF("_Z20transposeFineGrainedPfS_iii", 12, sdk_tr_fine, {1, 0}),
        [TR_DIAGONAL] = TDEF("_Z17transposeDiagonalPfS_iii", 12, sdk_tr_diagonal, {1, 0}),
    },
    /* BlackScholes: d_CallResult d_PutResult d_StockPrice d_OptionStrike d_OptionYears */
    /* sssp: edgessrcdst edgessrcwt psrc noutgoing nincoming srcsrc maxOutDegree maxInDegree nerr
     * dist changed */
    k_sssp_init = TDEF("_Z10initializePjj", 8, ls_sssp_init, {9}),
    k_sssp_relax = TDEF("_Z6drelaxPj5GraphPb", 20, ls_sssp_drelax, {0, 1, 2, 3, 5, 9, 10}),
    k_sssp_verify = TDEF("_Z15dverifysolutionPj5GraphS_", 20, ls_sssp_verify, {0, 1, 2, 3, 5, 9, 8}),
    k_scalarprod = TDEF("_Z13scalarProdGPUPfS_S_ii", 16, sdk_scalarprod, {2, 0, 1}),   /* d_A d_B d_C */
    k_reduce6 = TDEF("_Z7reduce6IiLj256ELb1EEvPT_S1_j", 16, sdk_reduce6, {0, 1}),          /* d_idata d_odata */
    k_reduce6_32 = TDEF("_Z7reduce6IiLj32ELb1EEvPT_S1_j", 16, sdk_reduce6, {0, 1}),
    k_nn = TDEF("_Z6euclidP7latLongPfiff", 12, rd_nn, {0, 1}),   /* d_locations d_distances */
    /* work_mem_d center_table_d switch_membership_d p coord_d */
    k_sc = TDEF("_Z12pgain_kerneliilP5PointiPfS1_PiPb", 16, rd_sc_pgain, {0, 1, 2, 3, 4}),
    /* cfd: areas esurr normals variables old_variables fluxes step_factors (registers: estimates,
     * no compiled binary) */
    k_cfd_init[3] = {TDEF("_Z25cuda_initialize_variablesiPf", 8, rd_cfd_init, {3}),
                     TDEF("_Z25cuda_initialize_variablesiPf", 8, rd_cfd_init, {4}),
                     TDEF("_Z25cuda_initialize_variablesiPf", 8, rd_cfd_init, {5})},
    k_cfd_step = TDEF("_Z24cuda_compute_step_factoriPfS_S_", 16, rd_cfd_step_factor, {3, 0, 6}),
    k_cfd_flux = TDEF("_Z17cuda_compute_fluxiPiPfS0_S0_", 48, rd_cfd_flux, {1, 2, 3, 5}),
    k_cfd_time = TDEF("_Z14cuda_time_stepiiPfS_S_S_", 16, rd_cfd_time_step, {4, 3, 6, 5}),
    /* mergeSort: DstKey DstVal BufKey BufVal SrcKey SrcVal RanksA RanksB LimitsA LimitsB; [0]:
     * the stage reads Dst and writes Buf, [1] the other way round */
    k_ms_shared[2] = {TDEFD("_Z21mergeSortSharedKernelILj1EEvPjS0_S0_S0_j", 24, sdk_ms_shared, ms_shared_open,
                            ms_data_close, {0, 1, 4, 5}),
                      TDEFD("_Z21mergeSortSharedKernelILj1EEvPjS0_S0_S0_j", 24, sdk_ms_shared, ms_shared_open,
                            ms_data_close, {2, 3, 4, 5})},
    k_ms_ranks[2] = {TDEFD("_Z25generateSampleRanksKernelILj1EEvPjS0_S0_jjj", 24, sdk_ms_ranks, ms_stage_open,
                           ms_data_close, {6, 7, 0}),
                     TDEFD("_Z25generateSampleRanksKernelILj1EEvPjS0_S0_jjj", 24, sdk_ms_ranks, ms_stage_open,
                           ms_data_close, {6, 7, 2})},
    k_ms_limits_a = TDEFD("_Z26mergeRanksAndIndicesKernelPjS_jjj", 24, sdk_ms_limits_a, ms_stage_open, ms_data_close,
                          {8, 6}),
    k_ms_limits_b = TDEFD("_Z26mergeRanksAndIndicesKernelPjS_jjj", 24, sdk_ms_limits_b, ms_stage_open, ms_data_close,
                          {9, 7}),
    k_ms_intervals[2] = {TDEFD("_Z30mergeElementaryIntervalsKernelILj1EEvPjS0_S0_S0_S0_S0_jj", 24, sdk_ms_intervals,
                               ms_stage_open, ms_data_close, {2, 3, 0, 1, 8, 9}),
                         TDEFD("_Z30mergeElementaryIntervalsKernelILj1EEvPjS0_S0_S0_S0_S0_jj", 24, sdk_ms_intervals,
                               ms_stage_open, ms_data_close, {0, 1, 2, 3, 8, 9})},
    k_blackscholes = TDEF("_Z15BlackScholesGPUPfS_S_S_S_ffi", 24, sdk_blackscholes, {0, 1, 2, 3, 4}),
    /* histogram: d_Data d_Histogram, the 64-bin partial histograms, the 256-bin ones */
    k_hg64 = TDEF("_Z17histogram64KernelPjP5uint4j", 16, sdk_hg64, {2, 0}),
    k_hg64_merge = TDEF("_Z22mergeHistogram64KernelPjS_j", 12, sdk_hg64_merge, {1, 2}),
    k_hg256 = TDEF("_Z18histogram256KernelPjS_j", 16, sdk_hg256, {3, 0}),
    k_hg256_merge = TDEF("_Z23mergeHistogram256KernelPjS_j", 12, sdk_hg256_merge, {1, 3}),
    /* convolutionSeparable: d_Input d_Output d_Buffer; each kernel takes (Dst, Src, ...) */
    k_cs_rows = TDEF("_Z21convolutionRowsKernelPfS_iii", 20, sdk_cs_rows, {2, 0}),
    k_cs_cols = TDEF("_Z24convolutionColumnsKernelPfS_iii", 20, sdk_cs_cols, {1, 2}),
    /* sp: l2c c2l cperl eeta eisneg lbias lvalue lsolved lprod0 lprodP lprodN changed gMaxBias
     * gAvgBiasSum gAvgBiasNum dummy */
    k_sp_init = TDEF("_Z5dinitjPfS_S_", 8, ls_sp_init, {8, 9, 10}),
    k_sp_eta = TDEF("_Z10dupdateetajjjjjPjS_S_PfPbS0_S1_S1_S0_S0_S0_S_S_", 24, ls_sp_eta,
                    {1, 3, 4, 5, 7, 8, 9, 10, 11}),
    k_sp_bias = TDEF("_Z11dupdatebiasjjjjjPjS_S_PfPbS0_S1_S1_S0_S0_S0_S_S0_S0_S_", 20, ls_sp_bias,
                     {7, 8, 9, 10, 5, 6, 11, 12, 13, 14}),
    k_sp_decimate = TDEF("_Z9ddecimatejjjjjPjS_S_PfPbS0_S1_S1_S0_S0_S0_S_S0_S0_S_", 16, ls_sp_decimate,
                         {7, 5, 6, 12, 13, 14}),
    /* histo: input ranges sm_mappings global_subhisto global_histo global_overflow final_histo
     * (registers: estimates) */
    k_pbh_prescan = TDEF("_Z20histo_prescan_kernelPjiS_", 16, pb_histo_prescan, {0, 1}),
    k_pbh_inter = TDEF("_Z26histo_intermediates_kernelP5uint2jjjP6uchar4", 16, pb_histo_intermediates, {0, 2}),
    k_pbh_main = TDEF("_Z17histo_main_kernelP6uchar4jjjjjPjS1_S1_", 24, pb_histo_main, {2, 3, 4, 5}),
    k_pbh_final = TDEF("_Z18histo_final_kerneljjjjPjS_S_S_", 20, pb_histo_final, {3, 4, 5, 6}),
    /* particlefilter (particlefilter_float.cu): arrayX arrayY xj yj CDF u likelihood weights I objxy ind seed
     * partial_sums (registers: estimates, no compiled binary) */
    k_pf_likelihood = TDEF("_Z17likelihood_kernelPdS_S_S_S_PiS0_S_PhS_S_iiiiiiS0_S_", 40, rd_pf_likelihood,
                           {0, 1, 2, 3, 10, 9, 6, 8, 7, 11, 12}),
    k_pf_sum = TDEF("_Z10sum_kernelPdi", 12, rd_pf_sum, {12}),
    k_pf_normalize = TDEF("_Z24normalize_weights_kernelPdiS_S_S_Pi", 16, rd_pf_normalize, {7, 12, 4, 5, 11}),
    k_pf_find_index = TDEF("_Z17find_index_kernelPdS_S_S_S_S_S_i", 16, rd_pf_find_index, {0, 1, 4, 5, 2, 3}),
    /* spmv: d_data d_indices d_ptr d_perm d_nzcnt d_x_vector d_Ax_vector; the kernel takes
     * (dst_vector, d_data, d_index, d_perm, x_vec, d_nzcnt, dim) */
    k_spmv = TDEF("_Z8spmv_jdsPfPKfPKiS3_S1_S3_i", 16, pb_spmv_kernel, {6, 0, 1, 3, 5}),
    /* mummer: queries queryAddrs queryLengths ref nodetex childrentex match_coords coordAddrs (cudaMalloc
     * order); mummergpuKernel(match_coords, coordAddrs, queries, nodetex, childrentex, ref, queryAddrs,
     * queryLengths, numQueries, min_match_len) (registers: an estimate, no compiled binary) */
    k_mummer = TDEF("_Z15mummergpuKernelPvPiS0_yyPcPKiS4_ii", 32, rd_mummer, {6, 7, 0, 4, 5, 3, 1, 2}),
    /* ... then d_matches d_alignments: printKernel(matches, totalMatches, alignments, queries, nodetex,
     * childrentex, queryAddrs, queryLengths, page_begin, page_end, page_shadow_left, page_shadow_right,
     * min_match_length) */
    k_mummer_print = TDEF("_Z11printKernelP9MatchInfoiP9AlignmentPiyyPKiS5_iiiii", 32, rd_mummer_print,
                          {8, 9, 0, 4, 5, 1, 2}),
    /* cutcp: regionZeroCuda binBaseCuda (cudaMalloc order); the kernel takes (binDim_x, binDim_y,
     * binZeroAddr, h, cutoff2, inv_cutoff2, regionZeroAddr, zRegionIndex) (registers: an estimate,
     * no compiled binary) */
    k_cutcp = TDEF("_ZL37cuda_cutoff_potential_lattice6overlapiiP6float4fffPfi", 32, pb_cutcp_kernel, {1, 0}),
    /* sortnet: d_InputKey d_InputVal d_OutputKey d_OutputVal; every kernel takes (d_DstKey, d_DstVal,
     * d_SrcKey, d_SrcVal, ...): the sorts Output <- Input, the merges Output <- Output (registers:
     * estimates, no compiled binary) */
    k_sn_sort_shared = TDEFD("_Z17bitonicSortSharedPjS_S_S_jj", 16, sdk_sn_sort_shared, sn_open, sn_close,
                             {2, 3, 0, 1}),
    k_sn_sort_shared1 = TDEFD("_Z18bitonicSortShared1PjS_S_S_", 16, sdk_sn_sort_shared1, sn_open, sn_close,
                              {2, 3, 0, 1}),
    k_sn_merge_global = TDEF("_Z18bitonicMergeGlobalPjS_S_S_jjjj", 12, sdk_sn_merge_global, {2, 3, 2, 3}),
    k_sn_merge_shared = TDEFD("_Z18bitonicMergeSharedPjS_S_S_jjj", 16, sdk_sn_merge_shared, sn_open, sn_close,
                              {2, 3, 2, 3});
/* Parboil stencil: A0 -> Anext, then (the host's swap) Anext -> A0 */
static const kdef_t k_pbl_st[2] = {TDEF("_Z24block2D_hybrid_coarsen_xffPfS_iii", 24, pbl_stencil, {0, 1}),
                                   TDEF("_Z24block2D_hybrid_coarsen_xffPfS_iii", 24, pbl_stencil, {1, 0})};
/* SDK dct8x8, WrapperCUDA2: d_src d_dst (cudaMallocPitch order); CUDAkernel2DCT(dst, src, ImgStride),
 * CUDAkernelQuantizationFloat(SrcDst, Stride), CUDAkernel2IDCT(dst = d_src, src = d_dst, ImgStride)
 * (registers: an estimate, no compiled binary) */
static const kdef_t k_dct2_fwd = TDEF("_Z14CUDAkernel2DCTPfS_i", 32, sdk_dct2_fwd, {1, 0}),
                    k_dct_quant = TDEF("_Z27CUDAkernelQuantizationFloatPfi", 12, sdk_dct_quant, {1}),
                    k_dct2_inv = TDEF("_Z15CUDAkernel2IDCTPfS_i", 32, sdk_dct2_inv, {0, 1});
/* fastWalshTransform: arrays d_Kernel (0), d_Data (1) in cudaMalloc order; [0] on d_Data, [1] on d_Kernel */
static const kdef_t k_fwt2[2] = {TDEF("_Z15fwtBatch2KernelPfS_i", 16, sdk_fwt_batch2, {1, 1}),
                                 TDEF("_Z15fwtBatch2KernelPfS_i", 16, sdk_fwt_batch2, {0, 0})},
                    k_fwt1[2] = {TDEF("_Z15fwtBatch1KernelPfS_i", 16, sdk_fwt_batch1, {1, 1}),
                                 TDEF("_Z15fwtBatch1KernelPfS_i", 16, sdk_fwt_batch1, {0, 0})},
                    k_fwt_mod = TDEF("_Z14modulateKernelPfS_i", 12, sdk_fwt_modulate, {1, 0});   /* d_A d_B */
/* Parboil lbm: srcGrid -> dstGrid, then (the host's swap) back (registers: an estimate, no compiled
 * binary) */
static const kdef_t k_lbm[2] = {TDEF("_Z27performStreamCollide_kernelPfS_", 40, pbl_lbm_kernel, {0, 1}),
                                TDEF("_Z27performStreamCollide_kernelPfS_", 40, pbl_lbm_kernel, {1, 0})};
/* the S-L1 stand-ins (sl1_apps.h): their arrays in order (registers: estimates, no compiled binary) */
static const kdef_t k_sl1[SL1_NAPPS] = {
    [SL1_UPPER] = TDEF("upper", 12, sl1_upper, {0, 1}),
    [SL1_WC] = TDEF("wc", 16, sl1_wc, {0}),
    [SL1_DNA] = TDEF("dna_assembly", 20, sl1_dna, {0, 1, 2}),
    [SL1_OPINION] = TDEF("opinion_finder", 20, sl1_opinion, {0, 1, 2, 3}),
    [SL1_INVIDX] = TDEF("inverted_index", 20, sl1_invidx, {0, 1, 2}),
    [SL1_PAGEVIEW] = TDEF("page_view_count", 16, sl1_pageview, {0, 1, 2}),
    [SL1_MASTERCARD] = TDEF("mastercard_affinity", 16, sl1_mastercard, {0, 1, 2}),
    [SL1_MATMUL] = TDEF("matrixmul_naive", 16, sl1_matmul, {0, 1, 2}),
    [SL1_GREP] = TDEF("grep", 20, sl1_grep, {0, 1}),
    [SL1_KMEANS] = TDEF("kmeans_sl1", 32, sl1_kmeans, {0, 1}),
};
/* Parboil cp: d_output (energygrid); registers: an estimate, no compiled binary (at any count up
 * to 32 a 128-thread block's registers do not limit the SM's blocks) */
static const kdef_t k_pbl_cp = TDEF("_Z7cenergyifPf", 28, pbl_cp, {0});
/* LIBOR (GPGPU-Sim's ISPASS 2009 LIB): d_v, d_Lb; registers: an estimate, no compiled binary (a 64-thread
 * block's registers do not limit the SM's blocks at any count up to 64) */
static const kdef_t k_lib2 = TDEF("_Z29Pathcalc_Portfolio_KernelGPU2Pf", 24, lib_kernel2, {0}),
                    k_lib = TDEF("_Z28Pathcalc_Portfolio_KernelGPUPfS_", 32, lib_kernel, {0, 1});

/* Mars (mars.h): the runtime's kernels, by launch kind; every launch opens with its data (mars_open).
 * Registers: estimates, no compiled binary (a 256- or 512-thread block at up to 32 registers a thread
 * does not limit the blocks per SM below what the warps allow). */
#define MDEF(nm, fn) TDEFD(nm, 20, fn, mars_open, mars_close, {0})
static const kdef_t k_mars[] = {
    [MK_MAP_COUNT] = MDEF("_Z11MapperCountPcS_P4int4PiS2_S2_iii", mars_map_count),
    [MK_MAP] = MDEF("_Z6MapperPcS_P4int4PiS2_S2_P4int2S_S_S1_S2_iii", mars_map),
    [MK_RED_COUNT] = MDEF("_Z12ReducerCountPcS_P4int4P4int2PiS4_S4_iii", mars_reduce_count),
    [MK_RED] = MDEF("_Z7ReducerPcS_P4int4P4int2PiS4_S4_S_S_S1_S3_S4_iii", mars_reduce),
    [MK_PRESCAN] = MDEF("_Z7prescanILb0ELb0EEvPiPKiS0_iii", mars_prescan),
    [MK_UNIFORM_ADD] = MDEF("_Z10uniformAddPiS_iii", mars_uniform_add),
    [MK_INIT] = MDEF("_Z17initialize_kernelP4int4ii4int4", mars_initialize),
    [MK_SORT_SINGLE] = MDEF("_Z29bitonicSortSingleBlock_kernelPviP4int4iS1_", mars_sort_single),
    [MK_UNIT_SORT] = MDEF("_Z21unitBitonicSortKernelPviP4int4ji", mars_unit_sort),
    [MK_BITONIC] = MDEF("_Z13bitonicKernelPviP4int4jii", mars_bitonic),
    [MK_PART_SORT] = MDEF("_Z21partBitonicSortKernelPviP4int4jii", mars_part_sort),
    [MK_GET_INTY] = MDEF("_Z19getIntYArray_kernelP4int2iiPi", mars_get_inty),
    [MK_GET_XY] = MDEF("_Z17getZWArray_kernelP4int4iiP4int2", mars_get_xy),
    [MK_SET_XY] = MDEF("_Z17setZWArray_kernelP4int4iiP4int2", mars_set_xy),
    [MK_COPY_CHUNKS] = MDEF("_Z17copyChunks_kernelPviP4int2iPiS_", mars_copy_chunks),
    [MK_CHUNK_BOUNDARY] = MDEF("_Z23getChunkBoundary_kernelPviP4int4iPi", mars_chunk_boundary),
    [MK_WRITE_BOUNDARY] = MDEF("_Z20writeBoundary_kerneliiPiS_S_", mars_write_boundary),
    [MK_SET_BOUNDARY] = MDEF("_Z22setBoundaryInt2_kernelPiiiiP4int2", mars_set_boundary),
};
/* ... the kernels whose name follows the launch's flag: prescan<storeSum, isNP2>, the keys' passes */
static const kdef_t k_mars_prescan[4] = {
    MDEF("_Z7prescanILb0ELb0EEvPiPKiS0_iii", mars_prescan), MDEF("_Z7prescanILb1ELb0EEvPiPKiS0_iii", mars_prescan),
    MDEF("_Z7prescanILb0ELb1EEvPiPKiS0_iii", mars_prescan), MDEF("_Z7prescanILb1ELb1EEvPiPKiS0_iii", mars_prescan),
};
static const kdef_t k_mars_ii_count = MDEF("_Z11MapperCountPcS_P4int4PiS2_S2_iii", mars_ii_map_count),
                    k_mars_ii_map = MDEF("_Z6MapperPcS_P4int4PiS2_S2_P4int2S_S_S1_S2_iii", mars_ii_map),
                    k_mars_get_xy = MDEF("_Z17getXYArray_kernelP4int4iiP4int2", mars_get_xy),
                    k_mars_set_xy = MDEF("_Z17setXYArray_kernelP4int4iiP4int2", mars_set_xy);

/* ---- workload setup ------------------------------------------------------------------------------------ */

static void add_arr(wl_t *w, uint64_t bytes)
{
    uint64_t at = w->narr ? w->arr[w->narr - 1] + w->arr_size[w->narr - 1] : DATA_BASE;
    assert(w->narr < MAX_ARR);
    w->arr[w->narr] = (at + ARR_ALIGN - 1) & ~(ARR_ALIGN - 1);
    w->arr_size[w->narr++] = bytes;
}

static void add_arrs(wl_t *w, unsigned count, uint64_t bytes)
{
    for (unsigned i = 0; i < count; i++)
        add_arr(w, bytes);
}

static int add_launch(wl_t *w, const kdef_t *d, unsigned gx, unsigned gy, unsigned bx, unsigned by,
                      unsigned shmem, uint64_t trips, unsigned level)
{
    if (w->nlaunch == w->cap) {
        unsigned cap = w->cap ? 2 * w->cap : 4;
        launch_t *p = realloc(w->launch, cap * sizeof *p);
        if (!p)
            return -ENOMEM;
        w->launch = p, w->cap = cap;
    }
    w->launch[w->nlaunch++] = (launch_t){d, {gx, gy}, {bx, by}, shmem, trips, level};
    return 0;
}

static unsigned cdiv(uint64_t a, unsigned b) { return (unsigned)((a + b - 1) / b); }

static int setup_mv(wl_t *w, unsigned nvec, const kdef_t *k1, const kdef_t *k2)   /* atax, bicg, mvt, gesummv */
{
    uint64_t n = w->n;
    add_arrs(w, k2 ? 1 : 2, 4 * n * n);
    add_arrs(w, nvec, 4 * n);
    int r = add_launch(w, k1, cdiv(n, 256), 1, 256, 1, 0, n, 0);
    return r || !k2 ? r : add_launch(w, k2, cdiv(n, 256), 1, 256, 1, 0, n, 0);
}

static int setup_atax(wl_t *w) { return setup_mv(w, 3, &k_atax1, &k_atax2); }
static int setup_bicg(wl_t *w) { return setup_mv(w, 4, &k_bicg1, &k_bicg2); }
static int setup_mvt(wl_t *w) { return setup_mv(w, 4, &k_mvt1, &k_mvt2); }
static int setup_gesummv(wl_t *w) { return setup_mv(w, 3, &k_gesummv, NULL); }

static int setup_2d(wl_t *w, unsigned narr, const kdef_t *k, uint64_t trips)   /* 32 x 8 blocks over N x N */
{
    add_arrs(w, narr, 4 * w->n * w->n);
    return add_launch(w, k, cdiv(w->n, 32), cdiv(w->n, 8), 32, 8, 0, trips, 0);
}

static int setup_syrk(wl_t *w) { return setup_2d(w, 2, &k_syrk, w->n); }
static int setup_syr2k(wl_t *w) { return setup_2d(w, 3, &k_syr2k, w->n); }
static int setup_gemm(wl_t *w) { return setup_2d(w, 3, &k_gemm, w->n); }
static int setup_2dconv(wl_t *w) { return setup_2d(w, 2, &k_conv, 0); }

/* PolyBench/GPU 2mm: tmp = alpha A B, then D = beta D + tmp C (arrays tmp A B C D) */
static int setup_2mm(wl_t *w)
{
    add_arrs(w, 5, 4 * w->n * w->n);
    int r = add_launch(w, &k_mm2_1, cdiv(w->n, 32), cdiv(w->n, 8), 32, 8, 0, w->n, 0);
    return r ? r : add_launch(w, &k_mm2_2, cdiv(w->n, 32), cdiv(w->n, 8), 32, 8, 0, w->n, 0);
}

/* PolyBench/GPU 3mm: E = A B, F = C D, G = E F (arrays A B C D E F G) */
static int setup_3mm(wl_t *w)
{
    add_arrs(w, 7, 4 * w->n * w->n);
    const kdef_t *k[3] = {&k_mm3_1, &k_mm3_2, &k_mm3_3};
    int r = 0;
    for (int i = 0; i < 3 && !r; i++)
        r = add_launch(w, k[i], cdiv(w->n, 32), cdiv(w->n, 8), 32, 8, 0, w->n, 0);
    return r;
}

/* PolyBench/GPU 3DCONV: the host launches the kernel once per plane i = 1 .. N-2 (arrays A B) */
static int setup_3dconv(wl_t *w)
{
    add_arrs(w, 2, 4 * w->n * w->n * w->n);
    int r = 0;
    for (unsigned i = 1; i + 1 < w->n && !r; i++)
        r = add_launch(w, &k_conv3d, cdiv(w->n, 32), cdiv(w->n, 8), 32, 8, 0, 0, i);
    return r;
}

/* PolyBench/GPU FDTD-2D: tmax time steps of three kernels (arrays _fict_ ex ey hz). The suite's
 * tmax = 500 at NX = NY = 2048; the MRPB paper scales the grid by 1/8 (N = 256) and, to keep its
 * instruction counts, the steps are scaled with N: tmax = 500 N / 256 (at least 1). */
static int setup_fdtd(wl_t *w)
{
    unsigned tmax = (unsigned)(500 * w->n / 256);
    tmax = tmax ? tmax : 1;
    add_arr(w, 4 * (uint64_t)tmax);
    add_arrs(w, 3, 4 * w->n * w->n);
    const kdef_t *k[3] = {&k_fdtd1, &k_fdtd2, &k_fdtd3};
    int r = 0;
    for (unsigned s = 0; s < tmax && !r; s++)
        for (int i = 0; i < 3 && !r; i++)
            r = add_launch(w, k[i], cdiv(w->n, 32), cdiv(w->n, 8), 32, 8, 0, 0, s);
    return r;
}

/* Rodinia pathfinder: cols = N, 100 rows, pyramids of 20 rows (arrays gpuResult[0], [1],
 * gpuWall of 99 rows); the launches alternate source and destination. */
static int setup_pathfinder(wl_t *w)
{
    add_arrs(w, 2, 4 * w->n);
    add_arr(w, 4 * w->n * (PF_ROWS - 1));
    unsigned small = PF_BLOCK - 2 * PF_PYRAMID, blocks = cdiv(w->n, small);
    int r = 0, k = 0;
    for (unsigned t = 0; t < PF_ROWS - 1 && !r; t += PF_PYRAMID, k++)
        r = add_launch(w, k % 2 ? &k_pf_b : &k_pf_a, blocks, 1, PF_BLOCK, 1, 2 * 4 * PF_BLOCK, 0, t);
    return r;
}

/* Rodinia hotspot: an N x N grid (MatrixTemp[0], [1], MatrixPower), HS_STEPS steps in pyramids
 * of HS_PYRAMID (one launch at Rodinia's 512 2 2), 16 x 16 blocks over small blocks of 12. */
static int setup_hotspot(wl_t *w)
{
    add_arrs(w, 3, 4 * w->n * w->n);
    unsigned small = HS_BLOCK - 2 * HS_PYRAMID, g = cdiv(w->n, small);
    int r = 0, k = 0;
    for (unsigned s = 0; s < HS_STEPS && !r; s += HS_PYRAMID, k++) {
        unsigned it = HS_STEPS - s < HS_PYRAMID ? HS_STEPS - s : HS_PYRAMID;
        r = add_launch(w, &k_hotspot, g, g, HS_BLOCK, HS_BLOCK, 3 * 4 * HS_BLOCK * HS_BLOCK, 0, it);
    }
    return r;
}

/* Rodinia gaussian: an N x N system (m_cuda, a_cuda, b_cuda), N - 1 steps of Fan1 (blocks of
 * 512) and Fan2 (4 x 4 blocks; the source's grid of N / 4 per side, its rounding term 0 when 4
 * divides N and 0 otherwise too: `!(Size%4?0:1)`). */
static int setup_gaussian(wl_t *w)
{
    add_arrs(w, 2, 4 * w->n * w->n);
    add_arr(w, 4 * w->n);
    unsigned g1 = cdiv(w->n, GM_BLOCK1), g2 = (unsigned)(w->n / GM_BLOCK2);
    int r = 0;
    for (unsigned t = 0; t + 1 < w->n && !r; t++) {
        r = add_launch(w, &k_fan1, g1, 1, GM_BLOCK1, 1, 0, 0, t);
        if (!r)
            r = add_launch(w, &k_fan2, g2, g2, GM_BLOCK2, GM_BLOCK2, 0, 0, t);
    }
    return r;
}

/* Rodinia nw: sequences of N (a multiple of 16), an (N+1)^2 score matrix and reference
 * (referrence_cuda, matrix_cuda); the upper-left triangle of tiles diagonal by diagonal
 * (i = 1 .. N/16 blocks), then the lower-right one (i = N/16 - 1 .. 1). */
static int setup_nw(wl_t *w)
{
    w->n = (w->n + NW_BLOCK - 1) / NW_BLOCK * NW_BLOCK;
    add_arrs(w, 2, 4 * (w->n + 1) * (w->n + 1));
    unsigned bw = (unsigned)(w->n / NW_BLOCK), sh = 4 * ((NW_BLOCK + 1) * (NW_BLOCK + 1) + NW_BLOCK * NW_BLOCK);
    int r = 0;
    for (unsigned i = 1; i <= bw && !r; i++)
        r = add_launch(w, &k_nw1, i, 1, NW_BLOCK, 1, sh, 0, i);
    for (unsigned i = bw - 1; i >= 1 && !r; i--)
        r = add_launch(w, &k_nw2, i, 1, NW_BLOCK, 1, sh, 0, i);
    return r;
}

/* Rodinia backprop: N input nodes (a multiple of 16), 16 hidden; cudaMalloc order input_cuda,
 * output_hidden_cuda, input_hidden_cuda, hidden_partial_sum, hidden_delta_cuda,
 * input_prev_weights_cuda; layerforward then adjust_weights over N/16 blocks of 16 x 16. */
static int setup_backprop(wl_t *w)
{
    w->n = (w->n + BP_BLOCK - 1) / BP_BLOCK * BP_BLOCK;
    uint64_t n = w->n, wts = 4 * (n + 1) * (BP_HIDDEN + 1);
    unsigned blocks = (unsigned)(n / BP_BLOCK);
    add_arr(w, 4 * (n + 1));
    add_arr(w, 4 * (BP_HIDDEN + 1));
    add_arr(w, wts);
    add_arr(w, 4 * (uint64_t)blocks * BP_BLOCK);
    add_arr(w, 4 * (BP_HIDDEN + 1));
    add_arr(w, wts);
    unsigned sh1 = 4 * (BP_BLOCK + BP_BLOCK * BP_BLOCK);
    int r = add_launch(w, &k_bp1, blocks, 1, BP_BLOCK, BP_BLOCK, sh1, 0, 0);
    return r ? r : add_launch(w, &k_bp2, blocks, 1, BP_BLOCK, BP_BLOCK, 0, 0, 0);
}

/* Rodinia lud: an N x N matrix (N a multiple of 16), per 16-wide step: diagonal, perimeter,
 * internal, then a last diagonal (lud_cuda). */
static int setup_lud(wl_t *w)
{
    w->n = (w->n + LUD_BLOCK - 1) / LUD_BLOCK * LUD_BLOCK;
    add_arr(w, 4 * w->n * w->n);
    unsigned n = (unsigned)w->n, i = 0;
    int r = 0;
    for (; i < n - LUD_BLOCK && !r; i += LUD_BLOCK) {
        unsigned g = (n - i) / LUD_BLOCK - 1;
        r = add_launch(w, &k_lud_d, 1, 1, LUD_BLOCK, 1, 1024, 0, i);
        if (!r)
            r = add_launch(w, &k_lud_p, g, 1, 2 * LUD_BLOCK, 1, 3 * 1024, 0, i);
        if (!r)
            r = add_launch(w, &k_lud_i, g, g, LUD_BLOCK, LUD_BLOCK, 2 * 1024, 0, i);
    }
    return r ? r : add_launch(w, &k_lud_d, 1, 1, LUD_BLOCK, 1, 1024, 0, i);
}

/* Rodinia srad_v2: an N x N image (N a multiple of 16; cudaMalloc J C E_C W_C S_C N_C), per
 * iteration srad_cuda_1 then srad_cuda_2 over N/16 x N/16 blocks of 16 x 16 (the host copies J
 * in before each iteration and out after: the copies are not simulated). */
static int setup_srad(wl_t *w)
{
    w->n = (w->n + SRAD_BLOCK - 1) / SRAD_BLOCK * SRAD_BLOCK;
    add_arrs(w, 6, 4 * w->n * w->n);
    unsigned g = (unsigned)(w->n / SRAD_BLOCK), sb = 4 * SRAD_BLOCK * SRAD_BLOCK;
    int r = 0;
    for (unsigned it = 0; it < SRAD_ITERS && !r; it++) {
        r = add_launch(w, &k_srad1, g, g, SRAD_BLOCK, SRAD_BLOCK, 6 * sb, 0, it);
        if (!r)
            r = add_launch(w, &k_srad2, g, g, SRAD_BLOCK, SRAD_BLOCK, 5 * sb, 0, it);
    }
    return r;
}

/* Rodinia bfs on graphgen's graph of N nodes (rd_graphgen): cudaMalloc nodes (8 B each), edges,
 * mask, updating, visited (bools), cost, over; Kernel and Kernel2 per level until a level adds
 * no node (the host's do-while: the last pair finds nothing), blocks of 512. */
static int setup_bfs(wl_t *w)
{
    unsigned n = (unsigned)w->n, nb = cdiv(n, BFS_BLOCK);
    if (rd_graphgen(&w->g, n))
        return -ENOMEM;
    w->data = &w->g;
    add_arr(w, 8ull * n);
    add_arr(w, 4ull * w->g.start[n]);
    add_arrs(w, 3, n);
    add_arr(w, 4ull * n);
    add_arr(w, 1);
    int r = 0;
    for (unsigned lv = 0; lv <= w->g.depth && !r; lv++)
        if (!(r = add_launch(w, &k_bfs1, nb, 1, BFS_BLOCK, 1, 0, 0, lv)))
            r = add_launch(w, &k_bfs2, nb, 1, BFS_BLOCK, 1, 0, 0, lv);
    return r;
}

static int setup_vectoradd(wl_t *w)
{
    add_arrs(w, 3, 4 * w->n);
    return add_launch(w, &k_vadd, cdiv(w->n, 256), 1, 256, 1, 0, 0, 0);
}

/* SDK 4.2 transpose: d_idata, d_odata (N x N floats); main() times its eight kernels in order,
 * each in 16 x 16 blocks over the matrix, 1 warm-up launch, 100 launches of one rep and one of
 * 100 reps (816 launches of the same pattern); we run each kernel's warm-up launch (nreps 1):
 * the whole sequence once, a stated choice (docs/sim.md "Built-in kernels"). The shared tile is
 * 16 x 16 floats in copySharedMem and transposeCoalesced, 16 x 17 in the others. */
static int setup_transpose(wl_t *w)
{
    w->n = (w->n + TR_TILE - 1) & ~(uint64_t)(TR_TILE - 1);
    add_arrs(w, 2, 4 * w->n * w->n);
    unsigned g = (unsigned)(w->n / TR_TILE);
    int r = 0;
    for (unsigned k = 0; k < TR_KERNELS && !r; k++) {
        unsigned pitch = k == TR_COPY || k == TR_NAIVE ? 0 : k == TR_COPY_SHARED || k == TR_COALESCED ? TR_TILE : TR_TILE + 1;
        r = add_launch(w, &k_transpose[k], g, g, TR_TILE, TR_TILE, 4 * TR_TILE * pitch, 0, 1);
    }
    return r;
}

/* LonestarGPU 2.0 sssp (sssp_ls.h) on an r4 graph of N nodes and 4N edges (ls_r4gen): the
 * graph's arrays in cudaCopy's order, nerr, dist, changed; initialize, then drelax until a
 * launch changes nothing (the relaxation decides how many), then dverifysolution; blocks of
 * 512. The host's small copies (dist[0] = 0, the flag, nerr) are not modelled. */
static int setup_sssp(wl_t *w)
{
    unsigned n = (unsigned)w->n, nb = cdiv(n, SSSP_BLOCK);
    if (ls_r4gen(&w->lg, n))
        return -ENOMEM;
    w->data = &w->lg;
    add_arrs(w, 2, 4ull * (w->lg.m + 1ull));   /* edgessrcdst, edgessrcwt */
    add_arr(w, 4ull * (n + 1ull));             /* psrc */
    add_arrs(w, 3, 4ull * n);                  /* noutgoing, nincoming, srcsrc */
    add_arrs(w, 3, 4);                         /* maxOutDegree, maxInDegree, nerr */
    add_arr(w, 4ull * n);                      /* dist */
    add_arr(w, 1);                             /* changed */
    int r = add_launch(w, &k_sssp_init, nb, 1, SSSP_BLOCK, 1, 0, 0, 0);
    for (unsigned l = 0; l < w->lg.launches && !r; l++)
        r = add_launch(w, &k_sssp_relax, nb, 1, SSSP_BLOCK, 1, 0, 0, l);
    return r ? r : add_launch(w, &k_sssp_verify, nb, 1, SSSP_BLOCK, 1, 0, 0, 0);
}

/* SDK 4.x scalarProd: d_A, d_B (vectorN x ELEMENT_N floats), d_C (vectorN); one launch of
 * 128 x 256 threads, 4 KB of shared accumulators. */
static int setup_scalarprod(wl_t *w)
{
    add_arrs(w, 2, 4ull * SP_ELEMENTS * w->n);
    add_arr(w, 4 * w->n);
    return add_launch(w, &k_scalarprod, SP_BLOCKS, 1, SP_THREADS, 1, 4 * SP_ACCUM, 0, 0);
}

/* SDK 4.x reduction, its defaults (reduce6, int, 256 threads, at most 64 blocks, the final pass
 * on the GPU): d_idata (n ints, n a power of two), d_odata (64 ints); the warm-up reduce, then
 * testIterations of (reduce6<256> over n, reduce6<32> over the 64 partial sums in place). The
 * sample runs 100 iterations; we run one, as GPGPU-Sim's copy of the sample does. */
static int setup_reduction(wl_t *w)
{
    uint64_t n = 1;
    while (n < w->n)
        n <<= 1;
    w->n = n;
    add_arr(w, 4 * n);
    add_arr(w, 4 * RD_BLOCKS);
    int r = 0;
    for (int k = 0; k < 2 && !r; k++)   /* the warm-up, then the timed iteration's first pass */
        r = add_launch(w, &k_reduce6, RD_BLOCKS, 1, RD_THREADS, 1, 4 * RD_THREADS, 0, 0);
    return r ? r : add_launch(w, &k_reduce6_32, 1, 1, RD_BLOCKS / 2, 1, 2 * 4 * (RD_BLOCKS / 2), 0, 1);
}

/* Rodinia 2.x nn: d_locations (8 B a record), d_distances; one launch of euclid over the
 * records in blocks of 16 (the host reads the files and picks the nearest). */
static int setup_nn(wl_t *w)
{
    add_arr(w, 8 * w->n);
    add_arr(w, 4 * w->n);
    return add_launch(w, &k_nn, cdiv(w->n, NN_BLOCK), 1, NN_BLOCK, 1, 0, 0, 0);
}

/* LonestarGPU 1.x sp (apps/sp/main.cu) on `sp 0 M N 3`, M = 4.2 N: the 16 arrays in
 * cudaMalloc order (l2c, c2l, cperl, eeta, eisneg, lbias, lvalue, lsolved, lprod0/P/N, changed,
 * gMaxBias, gAvgBiasSum, gAvgBiasNum, dummy); dinit, then main()'s loop as the host run found
 * it (ls_sat_gen): dupdateeta and dupdatebias over ceil(M / 512) blocks, ddecimate over
 * ceil(N / 512). The host's small copies (changed, dummy, the three globals) are not
 * modelled. */
static int setup_sp(wl_t *w)
{
    const unsigned n = (unsigned)w->n, m = SP_CLAUSES(n);
    if (ls_sat_gen(&w->sat, SP_SEED, m, n))
        return -ENOMEM;
    w->data = &w->sat;
    add_arr(w, 4ull * (n + 1ull));             /* l2c */
    add_arrs(w, 3, 4ull * SP_K * m);           /* c2l, cperl, eeta */
    add_arr(w, (uint64_t)SP_K * m);            /* eisneg (bool) */
    add_arr(w, 4ull * n);                      /* lbias */
    add_arrs(w, 2, n);                         /* lvalue, lsolved (bool) */
    add_arrs(w, 3, 4ull * n);                  /* lprod0, lprodP, lprodN */
    add_arrs(w, 5, 4);                         /* changed, gMaxBias, gAvgBiasSum, gAvgBiasNum, dummy */
    int r = add_launch(w, &k_sp_init, cdiv(n, SP_BLOCK), 1, SP_BLOCK, 1, 0, 0, 0);
    for (unsigned l = 0; l < w->sat.nlaunch && !r; l++) {
        unsigned kind = w->sat.launch[l].kind;
        r = add_launch(w, kind == SP_ETA ? &k_sp_eta : kind == SP_BIAS ? &k_sp_bias : &k_sp_decimate,
                       cdiv(kind == SP_DECIMATE ? n : m, SP_BLOCK), 1, SP_BLOCK, 1, 0, 0, l);
    }
    return r;
}

/* SDK mergeSort: N keys (a power of two, at least 2048) and values, Dst, Buf, Src (16 MB each
 * at 4M), the ranks and limits (N / 128 each; MAX_SAMPLE_COUNT 32768 at 4M); the keys are
 * main.cpp's (ms_keys). mergeSort(): the shared sort into Dst (an even stage count) or Buf,
 * then per stage s = 1024 .. N / 2 the four kernels, the input and output swapping. The
 * zero-byte device copies between stages move nothing. */
static int setup_mergesort(wl_t *w)
{
    uint64_t n = 2048;
    while (n < w->n)
        n <<= 1;
    w->n = n;
    if (ms_keys(&w->ms, n))
        return -ENOMEM;
    w->data = &w->ms;
    add_arrs(w, 6, 4 * n);
    add_arrs(w, 4, 4 * (n / MS_SAMPLE));
    unsigned stages = 0;
    while (((uint64_t)MS_SHARED << stages) < n)
        stages++;
    unsigned x = stages & 1;   /* 0: the shared sort writes Dst */
    unsigned th = (unsigned)(n / (2 * MS_SAMPLE)), nb = cdiv(th, 256);
    int r = add_launch(w, &k_ms_shared[x], (unsigned)(n / MS_SHARED), 1, MS_SHARED / 2, 1, 8 * MS_SHARED, 0, 0);
    for (unsigned j = 0; j < stages && !r; j++, x ^= 1) {
        if (!(r = add_launch(w, &k_ms_ranks[x], nb, 1, 256, 1, 0, 0, j)) &&
            !(r = add_launch(w, &k_ms_limits_a, nb, 1, 256, 1, 0, 0, j)) &&
            !(r = add_launch(w, &k_ms_limits_b, nb, 1, 256, 1, 0, 0, j)))
            r = add_launch(w, &k_ms_intervals[x], (unsigned)(n / MS_SAMPLE), 1, MS_SAMPLE, 1,
                           2 * 4 * 2 * MS_SAMPLE + 6 * 4, 0, j);
    }
    return r;
}

/* Rodinia 2.0 streamcluster as GPGPU-Sim's package ships it (rd_sc_run): n points (rounded up
 * to a multiple of 512; one chunk), k1 k2 dim = Rodinia's run script's 10 20 256, or the
 * package's 3 6 16 for n <= 1024. pgain allocates on its first call, in this order: work_mem_d
 * ((k2 + 1) n floats), center_table_d (n ints), switch_membership_d (n bools), p (n 32-byte
 * Points), coord_d (dim n floats, transposed); then every pgain is one launch of n / 512 blocks
 * of 512 with dim floats of shared memory. The per-call copies (center_table, p in; work_mem,
 * switch_membership out) and memsets are not simulated. */
static int setup_streamcluster(wl_t *w)
{
    w->n = (w->n + SC_BLOCK - 1) / SC_BLOCK * SC_BLOCK;
    const uint64_t n = w->n;
    const int pkg = n <= SC_PKG_N;
    const unsigned dim = pkg ? SC_PKG_DIM : SC_DIM, kmax = pkg ? SC_PKG_KMAX : SC_KMAX;
    int r = rd_sc_run(&w->sc, (unsigned)n, dim, pkg ? SC_PKG_KMIN : SC_KMIN, kmax, SC_ITER);
    if (r)
        return r == -1 ? -ENOMEM : -EINVAL;
    w->data = &w->sc;
    add_arr(w, 4 * (kmax + 1ull) * n);
    add_arr(w, 4 * n);
    add_arr(w, n);
    add_arr(w, SC_POINT * n);
    add_arr(w, 4 * n * dim);
    for (unsigned l = 0; l < w->sc.launches && !r; l++)
        r = add_launch(w, &k_sc, (unsigned)(n / SC_BLOCK), 1, SC_BLOCK, 1, 4 * dim, 0, l);
    return r;
}

/* Rodinia cfd (euler3d.cu) on the stand-in mesh of N elements (rd_cfd_mesh; nelr = N padded
 * to a multiple of 192): cudaMalloc areas, elements_surrounding_elements, normals (uploaded),
 * variables, old_variables, fluxes, step_factors; initialize_variables on variables,
 * old_variables, fluxes; then CFD_ITERS of the source's 2000 iterations, each
 * compute_step_factor and RK = 3 times compute_flux, time_step(j); blocks of 192. The
 * iteration's device-to-device copy old_variables <- variables (a copy, not a kernel) and the
 * memset of step_factors are not simulated. */
static int setup_cfd(wl_t *w)
{
    if (rd_cfd_mesh(&w->cfd, (unsigned)w->n))
        return -ENOMEM;
    w->data = &w->cfd;
    const uint64_t nelr = w->cfd.nelr;
    const unsigned g = (unsigned)(nelr / CFD_BLOCK);
    add_arr(w, 4 * nelr);
    add_arr(w, 4 * CFD_NNB * nelr);
    add_arr(w, 4 * CFD_NDIM * CFD_NNB * nelr);
    add_arrs(w, 3, 4 * CFD_NVAR * nelr);
    add_arr(w, 4 * nelr);
    int r = 0;
    for (unsigned k = 0; k < 3 && !r; k++)
        r = add_launch(w, &k_cfd_init[k], g, 1, CFD_BLOCK, 1, 0, 0, 0);
    for (unsigned it = 0; it < CFD_ITERS && !r; it++) {
        r = add_launch(w, &k_cfd_step, g, 1, CFD_BLOCK, 1, 0, 0, 0);
        for (unsigned j = 0; j < CFD_RK && !r; j++)
            if (!(r = add_launch(w, &k_cfd_flux, g, 1, CFD_BLOCK, 1, 0, 0, 0)))
                r = add_launch(w, &k_cfd_time, g, 1, CFD_BLOCK, 1, 0, 0, j);
    }
    return r;
}

/* Parboil 2.5 stencil (cuda/main.cu): d_A0, d_Anext of nx ny nz floats (cudaMalloc order; Anext
 * memset, then a copy of A0), nx = ny = N, nz = pbl_st_nz(N); block2D_hybrid_coarsen_x in 32 x 4
 * blocks over a (ceil(nx / 64), ceil(ny / 4)) grid, 2 x 32 x 4 floats of shared memory, launched
 * PBL_ST_ITERS times of the suite's 100, the arrays swapped after each launch. */
static int setup_pbl_stencil(wl_t *w)
{
    const uint64_t n = w->n, cells = n * n * pbl_st_nz(n);
    add_arrs(w, 2, 4 * cells);
    int r = 0;
    for (unsigned it = 0; it < PBL_ST_ITERS && !r; it++)
        r = add_launch(w, &k_pbl_st[it % 2], cdiv(n, 2 * PBL_ST_TX), cdiv(n, PBL_ST_TY), PBL_ST_TX, PBL_ST_TY,
                       PBL_ST_SHMEM, 0, it);
    return r;
}

/* Rodinia particlefilter (particlefilter_float.cu), -x 128 -y 128 -z 10 -np N: the host program
 * runs at setup (rd_pf_run: the video, the seeds, every kernel's random numbers and sums, the
 * positions and the resampling). cudaMalloc arrayX, arrayY, xj, yj, CDF, u, likelihood (N doubles
 * each), weights, I (128 x 128 x 10 bytes), objxy (2 x 69 ints), ind (69 N ints), seed (N ints),
 * partial_sums (N doubles); per frame k = 1 .. 9 likelihood_kernel, sum_kernel,
 * normalize_weights_kernel, find_index_kernel over ceil(N / 512) blocks of 512. The uploads and
 * the cudaMemset of likelihood are not simulated. */
static int setup_particlefilter(wl_t *w)
{
    const unsigned np = (unsigned)w->n;
    if (rd_pf_run(&w->pf, np, PTF_NFR, PTF_ISZ))
        return -ENOMEM;
    w->data = &w->pf;
    add_arrs(w, 7, 8ull * np);
    add_arr(w, 8ull * np);
    add_arr(w, (uint64_t)PTF_ISZ * PTF_ISZ * PTF_NFR);
    add_arr(w, 4ull * 2 * PTF_ONES);
    add_arr(w, 4ull * PTF_ONES * np);
    add_arr(w, 4ull * np);
    add_arr(w, 8ull * np);
    const unsigned g = w->pf.nblocks;
    int r = 0;
    for (unsigned k = 1; k < PTF_NFR && !r; k++)
        if (!(r = add_launch(w, &k_pf_likelihood, g, 1, PTF_BLOCK, 1, 8 * PTF_BLOCK, 0, k)) &&
            !(r = add_launch(w, &k_pf_sum, g, 1, PTF_BLOCK, 1, 0, 0, k)) &&
            !(r = add_launch(w, &k_pf_normalize, g, 1, PTF_BLOCK, 1, 16, 0, k)))
            r = add_launch(w, &k_pf_find_index, g, 1, PTF_BLOCK, 1, 0, 0, k);
    return r;
}

/* Parboil 2.5 spmv (src/cuda main.cu) on the STAND-IN for its large input Dubcova3.mtx
 * (pb_spmv_standin; n = 128 elements per side: 146 689 rows): coo_to_jds at setup, then
 * cudaMalloc d_data, d_indices (len), d_ptr (depth), d_perm (dim), d_nzcnt (nzcnt_len),
 * d_x_vector, d_Ax_vector (dim); jds_ptr_int and sh_zcnt_int go to constant memory (not
 * modelled); compute_active_thread's geometry, SPMV_LAUNCHES launches of spmv_jds on the same
 * arrays. d_ptr and d_nzcnt are allocated but never copied by main.cu; here every array is a
 * copy region. */
static int setup_spmv(wl_t *w)
{
    if (pb_spmv_standin(&w->spmv, (unsigned)w->n))
        return -ENOMEM;
    const pb_spmv_t *m = &w->spmv;
    w->data = m;
    add_arrs(w, 2, 4 * m->len);
    add_arr(w, 4ull * m->depth);
    add_arr(w, 4ull * m->dim);
    add_arr(w, 4ull * m->nzcnt_len);
    add_arrs(w, 2, 4ull * m->dim);
    unsigned block, grid;
    pb_spmv_geometry(m->nzcnt_len, &block, &grid);
    int r = 0;
    for (unsigned l = 0; l < SPMV_LAUNCHES && !r; l++)
        r = add_launch(w, &k_spmv, grid, 1, block, 1, 0, 0, l);
    return r;
}

/* Rodinia MUMmerGPU (mummergpu_cuda.cu, common.cu's defaults) on the STAND-IN input of a reference of
 * N bases (mum_input): cudaMalloc order queries (the COALESCED_QUERIES image), queryAddrs,
 * queryLengths (loadQueries), ref ('s' + bases + '$' + NUL), the node and children textures (4096 x
 * rows x 16 bytes each; cudaArrays modelled as linear memory) (loadReference), match_coords,
 * coordAddrs (loadResultBuffer), then runPrintKernel's d_matches (20-byte MatchInfo) and d_alignments
 * (8 bytes each); one launch of mummergpuKernel, blocks of min(queries, 256), then (USE_PRINT_KERNEL)
 * one of printKernel over the matches (coordsToPrintBuffers' list, in one batch). The host's copies
 * are not simulated. */
static int setup_mummer(wl_t *w)
{
    if (w->n < MUM_REF_MIN)
        w->n = MUM_REF_MIN;
    if (w->n > MUM_REF_MAX) {   /* 2 N nodes must fit the 4096 x 4096 textures */
        fprintf(stderr, "memsched: mummer: a reference of %llu bases is over %u: its tree does not fit "
                "MUMmerGPU's 4096 x 4096 textures\n", (unsigned long long)w->n, MUM_REF_MAX);
        return -EINVAL;
    }
    if (mum_input(&w->mum, (uint32_t)w->n, MUM_SEED))
        return -ENOMEM;
    w->data = &w->mum;
    const mum_input_t *m = &w->mum;
    add_arr(w, 4ull * m->qwords);
    add_arrs(w, 2, 4ull * m->nqry);
    add_arr(w, m->reflen + 3ull);
    add_arrs(w, 2, 16ull * MUM_TEXW * m->rows);
    add_arr(w, 8 * m->ncoords);
    add_arr(w, 4ull * m->nqry);
    add_arr(w, 20ull * m->nmatch);
    add_arr(w, 8 * m->nalign);
    const unsigned bs = m->nqry > MUM_BLOCK ? MUM_BLOCK : m->nqry;
    int r = add_launch(w, &k_mummer, cdiv(m->nqry, MUM_BLOCK), 1, bs, 1, 0, 0, 0);
    if (r || !m->nmatch)
        return r;
    const unsigned pb = m->nmatch > MUM_BLOCK ? MUM_BLOCK : m->nmatch;
    return add_launch(w, &k_mummer_print, cdiv(m->nmatch, MUM_BLOCK), 1, pb, 1, 0, 0, 0);
}

/* CUDA SDK dct8x8, WrapperCUDA2 (dct8x8.cu) on an N x N image (teapot512: 512): cudaMallocPitch
 * src, then dst (N rows of the pitch, dct_stride(N) floats: GPGPU-Sim's, N); the warm-up and 100
 * timed launches of CUDAkernel2DCT(dst, src) over (N / 32, N / 16) blocks of (8, 4, 2) threads
 * (launched as (8, 8): the same warps, sdk_dct.h), CUDAkernelQuantizationFloat(dst) over (N / 8,
 * N / 8) blocks of (8, 8), CUDAkernel2IDCT(src, dst). The image's values decide nothing (no
 * branch or address depends on them): the workload does not carry its stand-in
 * (sdk_dct_standin). The host's copies are not simulated. */
static int setup_dct(wl_t *w)
{
    w->n = (w->n + DCT_K2_W - 1) / DCT_K2_W * DCT_K2_W;
    const unsigned n = (unsigned)w->n;
    add_arrs(w, 2, 4ull * dct_stride(n) * n);
    int r = 0;
    for (unsigned l = 0; l < DCT_LAUNCHES && !r; l++)
        r = add_launch(w, &k_dct2_fwd, n / DCT_K2_W, n / DCT_K2_H, DCT_K2_BX, DCT_K2_BY, DCT_K2_SHMEM, 0, l);
    if (!r)
        r = add_launch(w, &k_dct_quant, n / DCT_BLOCK, n / DCT_BLOCK, DCT_BLOCK, DCT_BLOCK, 0, 0, 0);
    return r ? r : add_launch(w, &k_dct2_inv, n / DCT_K2_W, n / DCT_K2_H, DCT_K2_BX, DCT_K2_BY, DCT_K2_SHMEM, 0, 0);
}

/* Parboil 2.5 cutcp (cuda: main.c, cutoff6overlap.cu) on the STAND-IN water box of side N A
 * (pb_cutcp_standin; the suite's datasets watbox.sl40.pqr and watbox.sl100.pqr are boxes of side
 * 40 and 100): the host's lattice, neighbour list and binning replayed (pb_cutcp_bin); cudaMalloc
 * regionZeroCuda (the padded lattice, lnx lny lnz floats; cudaMemset to 0, a copy region here),
 * binBaseCuda (nbins x 8 float4s, copied); NbrListLen and NbrList go to constant memory (not
 * modelled); one launch of cuda_cutoff_potential_lattice6overlap per plane of regions
 * (zRegionIndex = 0 .. zRegionDim - 1), xRegionDim x yRegionDim blocks of 8 x 2 x 8 threads (here 8
 * x 16: PBC_BX), 4116 bytes of shared memory. The atoms beyond a bin's 8 go to the CPU
 * (cpu_compute_cutoff_potential_lattice, concurrently), the exclusions and the transpose back into
 * the lattice are the host's: none simulated. */
static int setup_cutcp(wl_t *w)
{
    int r = pb_cutcp_standin(&w->cutcp, (unsigned)w->n);
    if (r == -2) {
        fprintf(stderr, "memsched: cutcp: the source refuses this lattice spacing and cutoff\n");
        return -EINVAL;
    }
    if (r)
        return -ENOMEM;
    const pb_cutcp_t *m = &w->cutcp;
    w->data = m;
    add_arr(w, 4ull * PBC_REGION * (uint64_t)m->rdim[0] * m->rdim[1] * m->rdim[2]);
    add_arr(w, 16ull * PBC_BIN_DEPTH * m->nbins);
    for (int z = 0; z < m->rdim[2] && !r; z++)
        r = add_launch(w, &k_cutcp, (unsigned)m->rdim[0], (unsigned)m->rdim[1], PBC_BX, PBC_BY * PBC_BZ, PBC_SHMEM,
                       0, (unsigned)z);
    return r;
}

/* CUDA SDK sortingNetworks (main.cpp, bitonicSort.cu): N keys (rounded up to a power of two, at
 * least 2048), srand(2001), key = rand() % 65536, value = i; cudaMalloc d_InputKey, d_InputVal,
 * d_OutputKey, d_OutputVal (the outputs are copy regions here too: main.cpp copies only the
 * inputs); then main's loop, arrayLength = 64 .. N, one bitonicSort() call each (sn_input lists
 * its launches; the launch's number is its level). The shared kernels' branches follow the keys
 * (sn_open replays the network on the host). */
static int setup_sortnet(wl_t *w)
{
    uint64_t n = SN_MIN;
    while (n < w->n)
        n <<= 1;
    w->n = n;
    if (sn_input(&w->sn, n))
        return -ENOMEM;
    w->data = &w->sn;
    add_arrs(w, 4, 4 * n);
    static const kdef_t *const k[] = {[SN_SORT_SHARED] = &k_sn_sort_shared, [SN_SORT_SHARED1] = &k_sn_sort_shared1,
                                      [SN_MERGE_GLOBAL] = &k_sn_merge_global, [SN_MERGE_SHARED] = &k_sn_merge_shared};
    int r = 0;
    for (unsigned l = 0; l < w->sn.nlaunch && !r; l++) {
        unsigned grid, block;
        sn_geometry(&w->sn, l, &grid, &block);
        r = add_launch(w, k[w->sn.launch[l].kind], grid, 1, block, 1,
                       w->sn.launch[l].kind == SN_MERGE_GLOBAL ? 0 : SN_SHMEM, 0, l);
    }
    return r;
}

/* SDK 4.x BlackScholes: five float arrays of optN (the results, then the inputs, cudaMalloc
 * order); the sample launches the same 480 x 128 grid NUM_ITERATIONS = 512 times on the same
 * arrays (80 MB, far beyond the caches: each launch is the same stream); we launch it once. */
static int setup_blackscholes(wl_t *w)
{
    add_arrs(w, 5, 4 * w->n);
    return add_launch(w, &k_blackscholes, BS_BLOCKS, 1, BS_THREADS, 1, 0, 0, 0);
}

/* SDK 4.2 histogram (main.cpp; the kernels as GPGPU-Sim's copy of SDK 4.2 has them, the
 * 256-bin one without shared atomics): byteCount bytes (a multiple of 16) of rand() % 256 after
 * srand(2009) (hg_bytes); cudaMalloc d_Data, d_Histogram (256 uints), then histogram64's partial
 * histograms (MAX_PARTIAL_HISTOGRAM64_COUNT x 64 uints), freed before histogram256's (240 x 256):
 * GPGPU-Sim's cudaMalloc does not reuse freed memory, so each has its own. histogram64() =
 * histogram64Kernel (histogramCount = ceil(byteCount / (64 x 240)) blocks of 64) and
 * mergeHistogram64Kernel (64 blocks of 256); then histogram256() = histogram256Kernel (240 x
 * 192) and mergeHistogram256Kernel (256 x 256); each the warm-up and numRuns = 1 run, as
 * GPGPU-Sim's copy runs them (the SDK: 16 runs). */
static int setup_histogram(wl_t *w)
{
    w->n = (w->n + 15) & ~(uint64_t)15;
    if (hg_bytes(&w->hg, w->n, 0))
        return -ENOMEM;
    w->data = &w->hg;
    unsigned count = cdiv(w->n, HG64_THREADS * HG64_PER_THREAD);
    add_arr(w, w->n);
    add_arr(w, 4 * HG256_BINS);
    add_arr(w, 4ull * HG64_BINS * (count > HG64_MAX_PARTIAL ? count : HG64_MAX_PARTIAL));
    add_arr(w, 4ull * HG256_BINS * HG256_BLOCKS);
    int r = 0;
    for (int run = 0; run < 2 && !r; run++)
        if (!(r = add_launch(w, &k_hg64, count, 1, HG64_THREADS, 1, HG64_BINS * HG64_THREADS, 0, 0)))
            r = add_launch(w, &k_hg64_merge, HG64_BINS, 1, HG_MERGE_THREADS, 1, 4 * HG_MERGE_THREADS, 0, count);
    for (int run = 0; run < 2 && !r; run++)
        if (!(r = add_launch(w, &k_hg256, HG256_BLOCKS, 1, HG256_THREADS, 1,
                             4 * HG256_BINS * (HG256_THREADS / WARP_SIZE), 0, 0)))
            r = add_launch(w, &k_hg256_merge, HG256_BINS, 1, HG_MERGE_THREADS, 1, 4 * HG_MERGE_THREADS, 0,
                           HG256_BLOCKS);
    return r;
}

/* SDK 4.x convolutionSeparable (main.cpp): an N x N image (pitch N, N a multiple of 128),
 * cudaMalloc d_Input, d_Output, d_Buffer; the warm-up and one timed iteration (GPGPU-Sim's copy
 * runs 1; the SDK 16), each convolutionRowsKernel (N/128 x N/4 blocks of 16 x 4, d_Input ->
 * d_Buffer) then convolutionColumnsKernel (N/16 x N/64 blocks of 16 x 8, d_Buffer -> d_Output).
 * The image and the taps (rand() % 16 after srand(200)) decide no branch or address: they are
 * not made. */
static int setup_convsep(wl_t *w)
{
    w->n = (w->n + 127) & ~(uint64_t)127;
    add_arrs(w, 3, 4 * w->n * w->n);
    unsigned n = (unsigned)w->n;
    int r = 0;
    for (int it = 0; it < 2 && !r; it++)
        if (!(r = add_launch(w, &k_cs_rows, n / (CS_STEPS * CS_ROWS_X), n / CS_ROWS_Y, CS_ROWS_X, CS_ROWS_Y,
                             CS_ROWS_SHARED, 0, 0)))
            r = add_launch(w, &k_cs_cols, n / CS_COLS_X, n / (CS_STEPS * CS_COLS_Y), CS_COLS_X, CS_COLS_Y,
                           CS_COLS_SHARED, 0, 0);
    return r;
}

/* Rodinia kmeans: N points of 34 features, 5 clusters (cudaMalloc feature_flipped_d, feature_d,
 * membership_d, clusters_d); blocks of 256 on a square grid of ceil(sqrt(blocks)) per side;
 * invert_mapping once (1-D, that many blocks), then kmeansPoint once per iteration of the
 * host's loop. That loop runs until no point changes cluster, which depends on the feature
 * values the model does not have: KM_ITERS launches, a stated choice. */
#define KM_ITERS 1
static int setup_kmeans(wl_t *w)
{
    unsigned nb = cdiv(w->n, KM_THREADS), side = 1;
    while (side * side < nb)
        side++;
    add_arrs(w, 2, 4 * w->n * KM_FEATURES);
    add_arr(w, 4 * w->n);
    add_arr(w, 4 * KM_CLUSTERS * KM_FEATURES);
    int r = add_launch(w, &k_km_inv, side * side, 1, KM_THREADS, 1, 0, 0, 0);
    for (unsigned it = 0; it < KM_ITERS && !r; it++)
        r = add_launch(w, &k_km_point, side, side, KM_THREADS, 1, 0, 0, it);
    return r;
}

/* Rodinia b+tree: N records (mil.txt's keys 0 .. N-1, inserted in order), the command file's
 * "j 6000 3000" then "k 10000" (scaled with N, bt_counts). Each wrapper allocates its arrays
 * and frees them after its launch; here they are laid out one after the other (btree.h). */
static int setup_btree(wl_t *w)
{
    uint32_t kc, jc;
    int32_t rs;
    bt_counts(w->n, &kc, &jc, &rs);
    if (!(w->bt = bt_build(w->n, kc, jc, rs)))
        return -ENOMEM;
    bt_tree_t *b = w->bt;
    w->data = b;
    uint64_t kn = b->nknodes * BT_KNODE_BYTES;
    add_arr(w, kn);                  /* findRangeK: knodesD */
    add_arrs(w, 4, 8ull * jc);       /* currKnodeD offsetD lastKnodeD offset_2D (long) */
    add_arrs(w, 4, 4ull * jc);       /* startD endD ansDStart ansDLength */
    add_arr(w, 4 * b->size);         /* findK: recordsD */
    add_arr(w, kn);                  /* knodesD */
    add_arrs(w, 2, 8ull * kc);       /* currKnodeD offsetD */
    add_arrs(w, 2, 4ull * kc);       /* keysD ansD */
    b->rk_arr[0] = w->arr[6], b->rk_arr[1] = w->arr[7], b->rk_arr[2] = w->arr[8];
    int r = add_launch(w, &k_findrk, jc, 1, BT_THREADS, 1, 0, 0, 0);
    return r ? r : add_launch(w, &k_findk, kc, 1, BT_THREADS, 1, 0, 0, 0);
}

static int setup_stream(wl_t *w)
{
    add_arrs(w, 2, w->n << 20);
    return add_launch(w, &k_stream, (unsigned)((w->n << 20) / ST_CHUNK), 1, 256, 1, 0, ST_CHUNK / ST_STEP, 0);
}

/* The S-L1 stand-ins (sl1_apps.h): the input (sl1_input), its arrays in order (Table 1's data
 * structures), one launch of blocks of 256; grep's pattern and wc's two counters in shared memory,
 * kmeans-sl1's SL1_KM_SHMEM bytes. */
static int setup_sl1(wl_t *w, unsigned app)
{
    if (sl1_input(&w->sl1, app, w->n, w->threads))
        return -ENOMEM;
    w->data = &w->sl1;
    uint64_t bytes[4];
    sl1_array_sizes(&w->sl1, bytes);
    for (unsigned a = 0; a < sl1_narrays[app]; a++)
        add_arr(w, bytes[a]);
    const unsigned sh = app == SL1_KMEANS ? SL1_KM_SHMEM : app == SL1_GREP ? 16 : app == SL1_WC ? 8 : 0;
    return add_launch(w, &k_sl1[app], w->sl1.blocks, 1, SL1_BLOCK, 1, sh, 0, 0);
}
static int setup_sl1_upper(wl_t *w) { return setup_sl1(w, SL1_UPPER); }
static int setup_sl1_wc(wl_t *w) { return setup_sl1(w, SL1_WC); }
static int setup_sl1_dna(wl_t *w) { return setup_sl1(w, SL1_DNA); }
static int setup_sl1_opinion(wl_t *w) { return setup_sl1(w, SL1_OPINION); }
static int setup_sl1_invidx(wl_t *w) { return setup_sl1(w, SL1_INVIDX); }
static int setup_sl1_pageview(wl_t *w) { return setup_sl1(w, SL1_PAGEVIEW); }
static int setup_sl1_mastercard(wl_t *w) { return setup_sl1(w, SL1_MASTERCARD); }
static int setup_sl1_matmul(wl_t *w) { return setup_sl1(w, SL1_MATMUL); }
static int setup_sl1_grep(wl_t *w) { return setup_sl1(w, SL1_GREP); }
static int setup_sl1_kmeans(wl_t *w) { return setup_sl1(w, SL1_KMEANS); }

/* Parboil 2.5 histo (CUDA; main.cu, run as `histo -i img.bin -- 20 4`): an image of H rows of 996
 * bin indices (the default dataset: 1040; here a STAND-IN, pbh_input), a 256 x 4096 histogram;
 * cudaMalloc input (even width x H padded to 16), ranges (2 uints), sm_mappings (uchar4 per
 * pixel), global_subhisto (uint), global_histo (ushort), global_overflow (uint), final_histo
 * (uchar), each of img_width x histo_height elements; then one of the 20 iterations: the prescan
 * (64 x 512), the intermediates (ceil(H / 16) x 498), the main kernel (14 x the eye's ranges, 768
 * threads, 24 KB of shared memory) and the final kernel (42 x 512). */
static int setup_histo(wl_t *w)
{
    const unsigned h = (unsigned)((w->n + PBH_UNROLL - 1) / PBH_UNROLL * PBH_UNROLL);
    if (pbh_input(&w->pbh, h))
        return -ENOMEM;
    w->data = &w->pbh;
    const uint64_t even = (PBH_IMG_W + 1) / 2 * 2, cells = (uint64_t)PBH_IMG_W * PBH_HISTO_H;
    add_arr(w, 4 * even * h);
    add_arr(w, 8);
    add_arr(w, 4ull * PBH_IMG_W * h);
    add_arr(w, 4 * cells);
    add_arr(w, 2 * cells);
    add_arr(w, 4 * cells);
    add_arr(w, cells);
    int r = add_launch(w, &k_pbh_prescan, PBH_PRESCAN_BLOCKS, 1, PBH_PRESCAN_THREADS, 1, 2 * 4 * PBH_PRESCAN_THREADS,
                       0, 0);
    if (!r)
        r = add_launch(w, &k_pbh_inter, h / PBH_UNROLL, 1, (PBH_IMG_W + 1) / 2, 1, 0, 0, 0);
    if (!r)
        r = add_launch(w, &k_pbh_main, PBH_BLOCK_X, w->pbh.rmax - w->pbh.rmin + 1, PBH_THREADS, 1,
                       4 * PBH_BINS_PER_BLOCK / 4, 0, 0);
    if (!r)
        r = add_launch(w, &k_pbh_final, 3 * PBH_BLOCK_X, 1, PBH_FINAL_THREADS, 1, 0, 0, 0);
    return r;
}

/* CUDA SDK fastWalshTransform (cuda-samples fastWalshTransform.cu, fastWalshTransform_kernel.cuh):
 * d_Kernel, d_Data of dataN floats (cudaMalloc order; d_Kernel memset to 0, its first 128 floats
 * copied, d_Data copied: both whole regions here), dataN = 2^log2Data, the size knob rounded up to a
 * power of two, at least 2^FWT_MIN_LOG2; then the host's dyadic convolution: fwtBatchGPU(d_Data),
 * fwtBatchGPU(d_Kernel), modulateGPU(d_Data, d_Kernel), fwtBatchGPU(d_Data), each fwtBatchGPU its
 * fwtBatch2Kernel passes and one fwtBatch1Kernel (fwt_batch_launches). */
static int fwt_gpu(wl_t *w, unsigned which, unsigned log2N)
{
    fwt_launch_t l[32];
    unsigned n = fwt_batch_launches(log2N, l, 32);
    int r = 0;
    for (unsigned i = 0; i < n && !r; i++)
        r = add_launch(w, l[i].kind == 2 ? &k_fwt2[which] : &k_fwt1[which], l[i].gx, l[i].gy, l[i].bx, 1,
                       l[i].shmem, 0, l[i].arg);
    return r;
}

static int setup_fwt(wl_t *w)
{
    unsigned lg = FWT_MIN_LOG2;
    while ((1ull << lg) < w->n)
        lg++;
    w->n = 1ull << lg;
    add_arrs(w, 2, 4 * w->n);
    int r = fwt_gpu(w, 0, lg);
    r = r ? r : fwt_gpu(w, 1, lg);
    r = r ? r : add_launch(w, &k_fwt_mod, FWT_MOD_BLOCKS, 1, FWT_MOD_THREADS, 1, 0, 0, 0);
    return r ? r : fwt_gpu(w, 0, lg);
}

/* Parboil lbm (cuda/main.cu, lbm.cu) at nz planes: CUDA_srcGrid, CUDA_dstGrid (cudaMalloc order), each
 * (PADDED_Z + 4) planes of 128 x 120 cells of 80 bytes (TOTAL_PADDED_CELLS and the two margins; the
 * host copies all of it), the cells' flags from the STAND-IN obstacle file (pbl_lbm_standin); per time
 * step performStreamCollide_kernel over a (SIZE_Y, nz) grid of SIZE_X threads, the grids swapped
 * after each: LBM_STEPS of the suite's 100 (short) or 3000 (long). */
static int setup_lbm(wl_t *w)
{
    const unsigned nz = (unsigned)w->n;
    if (pbl_lbm_standin(&w->lbm, nz))
        return -ENOMEM;
    w->data = &w->lbm;
    add_arrs(w, 2, LBM_GRID_B(nz));
    int r = 0;
    for (unsigned s = 0; s < LBM_STEPS && !r; s++)
        r = add_launch(w, &k_lbm[s % 2], LBM_SY, nz, LBM_SX, 1, 0, 0, s);
    return r;
}

/* Parboil cp (cuda/main.cu): cudaMalloc d_output, VOLSIZEX x VOLSIZEY floats (cudaMemset 0); for
 * each chunk of at most MAXATOMS of the N atoms (ATOMCOUNT) the constant buffer refilled
 * (copyatomstoconstbuf: no device memory in the model) and cenergy launched over (512 / (16 x 8),
 * 512 / 8) blocks of 16 x 8, the launch's index its chunk (simt_args_t.p). */
static int setup_pbl_cp(wl_t *w)
{
    add_arr(w, 4ull * PBL_CP_VOLX * PBL_CP_VOLY);
    int r = 0;
    for (unsigned l = 0; l < pbl_cp_launches(w->n) && !r; l++)
        r = add_launch(w, &k_pbl_cp, PBL_CP_VOLX / (PBL_CP_BX * PBL_CP_UNROLLX), PBL_CP_VOLY / PBL_CP_BY, PBL_CP_BX,
                       PBL_CP_BY, 0, 0, l);
    return r;
}

/* LIBOR (LIB/libor.cu's main): cudaMalloc d_v, d_Lb (NPATH floats each); the kernel without Greeks, then
 * the one with them, each over 64 blocks of 64 threads (a grid-stride loop over the paths). */
static int setup_libor(wl_t *w)
{
    add_arrs(w, 2, 4 * w->n);
    return add_launch(w, &k_lib2, LIB_GRID, 1, LIB_BLOCK, 1, 0, 0, 0) ||
           add_launch(w, &k_lib, LIB_GRID, 1, LIB_BLOCK, 1, 0, 0, 0);
}

/* Mars' applications (mars.h): the host program runs now; the device heap is one array (every
 * cudaMalloc in it, in the program's order, none reused) and each launch its own row. */
#define MARS_MAX_RECORDS 4000000u   /* PVC, PVR: a map grid of at most 15 625 blocks of 256 */
#define MARS_MAX_KB      262144u    /* II: 256 MB of HTML */
static int setup_mars(wl_t *w, int app)
{
    const uint64_t max = app == MARS_II ? MARS_MAX_KB : MARS_MAX_RECORDS;
    if (w->n > max) {
        fprintf(stderr, "memsched: workload '%s': size %llu is too large; at most %llu (%s)\n", w->w.name,
                (unsigned long long)w->n, (unsigned long long)max, app == MARS_II ? "KB of HTML" : "log records");
        return -EINVAL;
    }
    if (mars_build(&w->mars, app, w->n))
        return -ENOMEM;
    add_arr(w, w->mars.heap);
    w->mars.base = w->arr[0];
    w->data = &w->mars;
    for (unsigned l = 0; l < w->mars.nlaunch; l++) {
        const mars_launch_t *L = &w->mars.launch[l];
        const kdef_t *d = &k_mars[L->kind];
        if (L->kind == MK_PRESCAN)
            d = &k_mars_prescan[L->flag & 3];
        else if (app == MARS_II && (L->kind == MK_MAP_COUNT || L->kind == MK_MAP))
            d = L->kind == MK_MAP ? &k_mars_ii_map : &k_mars_ii_count;
        else if (L->kind == MK_GET_XY && L->flag)
            d = &k_mars_get_xy;
        else if (L->kind == MK_SET_XY && L->flag)
            d = &k_mars_set_xy;
        const unsigned gy = L->kind == MK_BITONIC ? (unsigned)L->i[2] : 1;
        if (add_launch(w, d, L->grid, gy, L->block, 1, L->shmem, 0, l))
            return -ENOMEM;
    }
    return 0;
}
static int setup_mars_ii(wl_t *w) { return setup_mars(w, MARS_II); }
static int setup_mars_pvc(wl_t *w) { return setup_mars(w, MARS_PVC); }
static int setup_mars_pvr(wl_t *w) { return setup_mars(w, MARS_PVR); }

const builtin_info_t builtin_kernels[] = {
    {"atax", "y = A^T (A x): rows per thread, then columns (PolyBench/GPU 1.0 atax.cu, atax_kernel1/2; MRPB Table 2 IW, "
            "4096 x 1/2, Fig. 2)",
     2048, 16, "N (matrix N x N)", 512u, 0, 0, 0},
    {"bicg", "BiCG sub-kernels s = A^T r, q = A p (PolyBench/GPU 1.0 bicg.cu, bicg_kernel1/2; MRPB Table 2 IW, "
            "4096 x 1/2)", 2048, 16, "N (matrix N x N)", 512u, 0, 0, 0},
    {"mvt", "x1 += A y1, x2 += A^T y2 (PolyBench/GPU 1.0 mvt.cu, mvt_kernel1/2; MRPB Table 2 IW, 4096 x 1/2)", 2048, 16, "N (matrix N x N)", 512u, 0, 0, 0},
    {"gesummv", "y = alpha A x + beta B x, a row of A and B per thread (PolyBench/GPU 1.0 gesummv.cu, gesummv_kernel; "
                "MRPB Table 2 IW, 4096 x 1/4)",
     1024, 16, "N (matrices N x N)", 512u, 0, 0, 0},
    {"syrk", "C = alpha A A^T + beta C, 32x8 blocks (PolyBench/GPU 1.0 syrk.cu, syrk_kernel; MRPB Table 2 XW, "
             "1024 x 1/4)", 256, 8, "N (A, C N x N)", 128u, 0, 0, 0},
    {"syr2k", "C = alpha (A B^T + B A^T) + beta C, 32x8 blocks (PolyBench/GPU 1.0 syr2k.cu, syr2k_kernel; MRPB "
              "Table 2 XW, 2048 x 1/16)", 128, 8,
     "N (A, B, C N x N)", 64u, 0, 0, 0},
    {"2dconv", "3x3 convolution, 32x8 blocks (PolyBench/GPU 1.0 2DConvolution.cu, Convolution2D_kernel; MRPB Table 2 "
               "CI, 4096 x 1)", 4096, 8, "N (image N x N)",
     1024u, 0, 0, 0},
    {"gemm", "C = alpha A B + beta C, 32x8 blocks (PolyBench/GPU 1.0 gemm.cu, gemm_kernel; MRPB Table 2 CI, 512 x 1)", 512, 8,
     "N (A, B, C N x N)", 128u, 0, 0, 0},
    {"srad", "SRAD diffusion, srad_cuda_1/2 per iteration, 16x16 tiles preloaded into shared memory (Rodinia 3.1 "
             "srad_v2 srad_kernel.cu; MRPB Table 3 SRAD, 1024 x 1024, Fig. 3; 2 iterations; "
             "the MIB thesis' memory-insensitive SRAD)", 1024, 16,
     "N (image N x N, rounded up to a multiple of 16)", 256u, 1, 0, 0},
    {"bfs", "breadth-first search, Kernel and Kernel2 per level, 512-thread blocks, on graphgen's uniform random "
            "graph (Rodinia 3.1 bfs.cu, kernel.cu, kernel2.cu, data/bfs/inputGen/graphgen.cpp; MRPB Table 3 BFS, "
            "65536 nodes; the MIB thesis' HIL BFS)", 65536, 256, "nodes", 16384u, 1, 0, 0},
    {"vectoradd", "c[i] = a[i] + b[i], blocks of 256 (vecAdd<float>, the real trace ../shared/traces/vectoradd-100-32: "
                  "its code; the MIB thesis' LIL VADD)", 1u << 20, 1, "N (elements)", 1048576u, 0, 0, 0},
    {"transpose", "matrix transpose: copy, copySharedMem, transposeNaive, transposeCoalesced, "
                  "transposeNoBankConflicts, transposeCoarseGrained, transposeFineGrained, transposeDiagonal, "
                  "a launch each, 16x16 tiles and blocks (CUDA SDK 4.2 transpose/transpose.cu; the MIB thesis' "
                  "HIL TRANS, 1024 x 1024)",
     1024, 16, "N (matrix N x N, rounded up to a multiple of 16)", 256u, 1, 0, 0},
    {"kmeans", "k-means: invert_mapping, then kmeansPoint (features through the texture unit, not modelled), "
               "34 features, 5 clusters, 256-thread blocks (Rodinia 3.1 kmeans_cuda_kernel.cu; MRPB Table 3 KMS, "
               "204800 points; the MIB thesis' memory-insensitive KMN)", 204800, 256, "points", 16384u, 1, 0, 0},
    {"stream", "upper-casing a text stream: 16-byte coalesced loads and stores, little compute (bandwidth; "
               "synthetic, no public source: S-L1's wc/upper stand-in)",
     64, 1, "MB of input", 16u, 0, 0, 0},
    {"2mm", "tmp = alpha A B; D = beta D + tmp C, 32x8 blocks (PolyBench/GPU 1.0 2mm.cu, mm2_kernel1/2; "
            "MRPB Table 2 CI, 2048 x 1/4)", 512, 8, "N (all matrices N x N)", 64u, 1, 0, 0},
    {"3mm", "E = A B; F = C D; G = E F, 32x8 blocks (PolyBench/GPU 1.0 3mm.cu, mm3_kernel1/2/3; "
            "MRPB Table 2 CI, 512 x 1)", 512, 8, "N (all matrices N x N)", 64u, 1, 0, 0},
    {"3dconv", "3x3x3 convolution, one launch per plane, 32x8 blocks (PolyBench/GPU 1.0 3DConvolution.cu, "
               "convolution3D_kernel; MRPB Table 2 CI, 256 x 1)", 256, 8, "N (A, B N x N x N)", 32u, 1, 0, 0},
    {"pathfinder", "dynamic-programming path, 5 pyramids of 20 rows, 256-thread blocks, shared memory (Rodinia 3.1 "
                   "pathfinder.cu, dynproc_kernel; MRPB Table 3 PF, 100K x 100)", 100000, 16,
     "columns (100 rows, pyramid height 20)", 10000u, 1, 0, 0},
    {"hotspot", "thermal simulation, a pyramid of 2 steps, 16x16 blocks, shared memory (Rodinia 3.1 hotspot.cu, "
                "calculate_temp; MRPB Table 3 HS, 512 x 512, run as 512 2 2; "
                "the MIB thesis' memory-insensitive HOTSP)", 512, 16, "N (grid N x N)", 128u, 1, 0, 0},
    {"gaussian", "Gaussian elimination, Fan1 (512-thread blocks) and Fan2 (4x4 blocks) per step (Rodinia 3.1 "
                 "gaussian.cu; MRPB Table 3 GM, 208 x 208)", 208, 8, "N (matrix N x N)", 64u, 1, 0, 0},
    {"nw", "Needleman-Wunsch alignment, 16x16 tiles in shared memory diagonal by diagonal, 16-thread blocks "
           "(Rodinia 3.1 needle_kernel.cu, needle_cuda_shared_1/2; MRPB Table 3 NW, 2048 x 2048; the MIB thesis' LIL NDL)", 2048, 16,
     "N (sequences of N, rounded up to a multiple of 16)", 256u, 1, 0, 0},
    {"backprop", "neural-network layer forward pass and weight update, 16x16 blocks, shared-memory reduction "
                 "(Rodinia 3.1 backprop_cuda_kernel.cu; MRPB Table 3 BP, 65536 nodes; the MIB thesis' "
                 "memory-insensitive BACKP)", 65536, 16,
     "input nodes (a multiple of 16; 16 hidden)", 4096u, 1, 0, 0},
    {"lud", "LU decomposition in 16x16 tiles: diagonal, perimeter, internal kernels per step, shared memory "
            "(Rodinia 3.1 lud_kernel.cu; MRPB Table 3 LUD, 512 x 512; the MIB thesis' memory-insensitive LUD)", 512, 16, "N (matrix N x N, a multiple of 16)",
     128u, 1, 0, 0},
    {"fdtd-2d", "2-D FDTD: ey, ex, hz updates per time step, 32x8 blocks (PolyBench/GPU 1.0 fdtd2d.cu, "
                "fdtd_step1/2/3_kernel; MRPB Table 2 CI, 2048 x 1/8; tmax = 500 N / 256)", 256, 8,
     "N (NX = NY = N; tmax = 500 N / 256)", 32u, 1, 0, 0},
    {"b+tree", "B+ tree of order 256: findRangeK (j 6000 3000) then findK (k 10000), a 256-thread block per query "
               "(Rodinia 3.1 b+tree kernel_gpu_cuda.cu, kernel_gpu_cuda_2.cu; mil.txt, command.txt; MRPB Table 3 BT, "
               "1M records)", 1000000, 256, "records (the queries scale with them)", 20000u, 1, 0, 0},
    {"backprop-u", "backprop without shared memory: its shared arrays in global memory, per block (MRPB Table 3 "
                   "BP/U; docs/sim.md \"Unshared versions\")", 65536, 16, "input nodes (a multiple of 16; 16 hidden)",
     4096u, 1, 1, 0},
    {"hotspot-u", "hotspot without shared memory (MRPB Table 3 HS/U)", 512, 16, "N (grid N x N)", 128u, 1, 1, 0},
    {"lud-u", "lud without shared memory (MRPB Table 3 LUD/U)", 512, 16, "N (matrix N x N, a multiple of 16)", 128u, 1,
     1, 0},
    {"nw-u", "nw without shared memory (MRPB Table 3 NW/U)", 2048, 16,
     "N (sequences of N, rounded up to a multiple of 16)", 256u, 1, 1, 0},
    {"pathfinder-u", "pathfinder without shared memory (MRPB Table 3 PF/U)", 100000, 16,
     "columns (100 rows, pyramid height 20)", 10000u, 1, 1, 0},
    {"srad-u", "srad without shared memory (MRPB Table 3 SRAD/U, Fig. 15)", 1024, 16,
     "N (image N x N, rounded up to a multiple of 16)", 256u, 1, 1, 0},
    {"blackscholes", "Black-Scholes option pricing, a grid-stride loop of 480 x 128 threads, 3 loads and 2 stores "
                     "per option (CUDA SDK 4.x BlackScholes, BlackScholesGPU; 4M options, one of its 512 identical "
                     "launches; the MIB thesis' LIL BS)",
     BS_OPTIONS, 1, "options", 245760u, 1, 0, 0},
    {"sssp", "single-source shortest paths, topology-driven: initialize, drelax until nothing changes (2 nodes a "
             "thread, atomicMin), dverifysolution, 512-thread blocks, on an r4 graph (a ring plus 3N random edges, "
             "weights 1..10000) (LonestarGPU 2.0 apps/sssp sssp_ls.h as GPGPU-Sim's package runs it, r4-2e20; Galois "
             "random-graph.py; the MIB thesis' HIL SSSP)",
     1u << 20, 16, "nodes (4N edges)", 8192u, 1, 0, 0},
    {"scalarprod", "dot products of 4096-float vectors, 128 x 256 threads, 1024 partial sums in shared memory and "
                   "a tree (CUDA SDK 4.x scalarProd, scalarProdGPU; 256 vectors; the MIB thesis' memory-insensitive "
                   "SCP)", 256, 1, "vectors (VECTOR_N)", 64u, 1, 0, 0},
    {"reduction", "sum of ints: reduce6 (256 threads, 64 blocks, a grid-stride loop, a shared-memory tree, the last "
                  "warp without barriers), then reduce6<32> over the partial sums; the warm-up and one iteration "
                  "(CUDA SDK 4.x reduction; 2^24 ints; the MIB thesis' memory-insensitive REDU)",
     1u << 24, 32768, "ints (rounded up to a power of two)", 1u << 18, 1, 0, 0},
    {"nn", "nearest neighbour: euclid, one record a thread (two 4-byte loads of a lat/lng pair, one store), "
           "16-thread blocks (Rodinia 2.x nn_cuda.cu, the records parsed on the host; filelist_4: 42764 records; "
           "the MIB thesis' memory-insensitive NNC)", NN_RECORDS, 1, "records", 42764u, 1, 0, 0},
    {"mergesort", "merge sort of uint keys and values: mergeSortSharedKernel (1024-key blocks in shared memory), "
                  "then per stage generateSampleRanksKernel, mergeRanksAndIndicesKernel (A, B), "
                  "mergeElementaryIntervalsKernel, binary searches on the keys (CUDA SDK mergeSort, main.cpp's "
                  "4M keys rand() % 65536 after srand(2009); the MIB thesis' HIL MGST)",
     1u << 22, 2048, "keys (rounded up to a power of two)", 1u << 16, 1, 0, 0},
    {"histogram", "64- and 256-bin histograms of bytes: histogram64Kernel (16-byte loads, a byte counter per thread "
                  "and bin in shared memory) and histogram256Kernel (a histogram per warp in shared memory, updated "
                  "by tagging and retrying: SDK 4.2 has no shared atomics here), each with its merge kernel, the "
                  "warm-up and one run each (CUDA SDK 4.2 histogram, main.cpp's 64 MB of rand() % 256 after "
                  "srand(2009); GPGPU-Sim's copy: 64 KB; the MIB thesis' memory-insensitive HIS)",
     64u << 20, 16, "bytes (rounded up to a multiple of 16)", 1u << 20, 1, 0, 0},
    {"convsep", "separable 17-tap convolution: convolutionRowsKernel (16x4 blocks, 8 outputs a thread, a 16-wide "
                "halo either side in shared memory) then convolutionColumnsKernel (16x8 blocks, an 8-row halo "
                "above and below), the warm-up and one iteration (CUDA SDK 4.x convolutionSeparable, its default "
                "3072 x 3072; GPGPU-Sim's copy: 384 x 192; the MIB thesis' memory-insensitive CONV)",
     3072, 16, "N (image N x N, rounded up to a multiple of 128)", 512u, 1, 0, 0},
    {"sp", "survey propagation on a random 3-SAT formula: dinit, dupdateeta (a clause a thread, its 3 edges' "
           "etas, random gathers of lbias and racy lprod updates) until nothing changes or 100 launches, "
           "dupdatebias, ddecimate, as the host run decides, 512-thread blocks (LonestarGPU 1.x apps/sp main.cu, "
           "`sp 0 42000 10000 3`: its own generator, glibc rand(); the MIB thesis' HIL SP)",
     10000, 16, "literals N (M = 4.2 N clauses of 3)", 1000u, 1, 0, 0},
    {"streamcluster", "online clustering: pgain_kernel once per pgain of the host's local search (pkmedian, pFL; "
                      "the host program runs at setup: which launches, x, K, each thread's branch), x's coordinates "
                      "copied to shared memory by thread 0, 512-thread blocks (Rodinia 2.0 streamcluster_cuda.cu as "
                      "GPGPU-Sim's package rodinia 2.0-ft ships it, ITER 1; points from lrand48 after srand48(1): "
                      "Rodinia's run 10 20 256 65536, GPGPU-Sim's 3 6 16 1024 for n <= 1024; the MIB thesis' LIL STMCL)",
     SC_N, 1, "points (rounded up to a multiple of 512; k1 k2 dim 10 20 256, or 3 6 16 at n <= 1024)", SC_PKG_N, 1,
     0, 0},
    {"cfd", "unstructured-grid Euler solver: cuda_initialize_variables x 3, then one iteration of "
            "cuda_compute_step_factor and 3 x (cuda_compute_flux, a gather of the 4 face neighbours' states, "
            "branching on wall and far-field faces; cuda_time_step), 192-thread blocks, SoA planes (Rodinia "
            "euler3d.cu; of the 2000 iterations one, the device-to-device copy not simulated; on a STAND-IN "
            "mesh, fvcorr.domn.097K being public only as a git-annex pointer: 97046 tetrahedra, 6 per cube of a "
            "40 x 20 x 21 block numbered cube by cube, a carved-out wing's faces walls, the outer ones far "
            "field; the MIB thesis' LIL CFD)",
     CFD_NEL, CFD_BLOCK, "elements (the stand-in mesh's; padded to a multiple of 192)", 6144u, 1, 0, 0},
    {"pbl-stencil", "7-point 3-D Jacobi stencil: block2D_hybrid_coarsen_x, 32x4 blocks, 2 points of x a thread "
                    "marching up z, the block's xy plane in shared memory, the planes below and above in registers, "
                    "global loads for the block's halo (Parboil 2.5 stencil, cuda/kernels.cu; its datasets 128 x 128 "
                    "x 32 (small) and 512 x 512 x 64 (default), generated values; of the 100 iterations 2, the "
                    "arrays swapped between; the APRES paper's ST)",
     512, 16, "N (grid N x N x nz, nz = N/4 capped at 64: the suite's 128 x 128 x 32, 512 x 512 x 64)", 128u, 1, 0, 0},
    {"histo", "saturating 2-D histogram (256 x 4096 byte bins): histo_prescan_kernel (the eye: mean +- 10 "
              "deviations of a sample), histo_intermediates_kernel (bin -> uchar4), histo_main_kernel (14 x the "
              "eye's 24K-bin ranges, 768 threads, shared atomics on byte counters, global atomics for outliers "
              "and the sub-histogram), histo_final_kernel; one of the suite's 20 iterations (Parboil 2.5 histo, "
              "CUDA; on a STAND-IN for datasets/histo/default img.bin, which is not public: 996 x 1040 pixels of "
              "a 2-D Gaussian centred on the histogram; APRES Table IV HISTO)",
     PBH_IMG_H, PBH_MIN_H, "image rows H (996 x H pixels, rounded up to a multiple of 16)", PBH_MIN_H, 1, 0, 0},
    {"particlefilter", "particle filter tracking a disk in a synthesised 128 x 128 x 10 video: per frame "
                       "likelihood_kernel (two Box-Muller draws, 69 disk offsets: ind[] stores, then ind[] and "
                       "I[ind] gathers, a shared-memory tree of the weights), sum_kernel, normalize_weights_kernel "
                       "(thread 0's serial CDF), find_index_kernel (a linear search of the CDF a thread), "
                       "512-thread blocks, doubles (Rodinia particlefilter_float.cu, its run script's -x 128 -y 128 "
                       "-z 10 -np 1000; the host program run at setup with time(0) fixed; APRES' PA)",
     PTF_NP, 1, "particles (Nparticles)", 512u, 1, 0, 0},
    {"spmv", "sparse matrix-vector product y = A x in padded JDS (rows sorted by length, groups of 32 padded "
             "to their longest), one row a thread, x gathered with global loads, 50 identical launches of "
             "spmv_jds (Parboil 2.5 spmv src/cuda jds_kernels.cu, main.cu, coo_to_jds, compute_active_thread "
             "at 15 SMs: 765 blocks of 192 at the default; on a STAND-IN for the large input Dubcova3.mtx, not readable here: "
             "a degree-3 hierarchical FE space on a 128 x 128 square mesh numbered as Hermes2D does, 146689 "
             "rows, 3636649 entries; APRES Table IV SPMV)",
     SPMV_N, 2, "elements per side of the stand-in's mesh ((3N - 1)^2 rows; Dubcova3: 128)", 16u, 1, 0, 0},
    {"mummer", "DNA read alignment against a suffix tree: mummergpuKernel, one 100 bp query a thread, "
               "256-thread blocks, walking the tree from the root or suffix links (16-byte node and children "
               "texels: texture fetches modelled as global loads of the 4096-wide row-major textures, "
               "REORDER_TREE and RENUMBER_TREE layout), comparing edges with the reference byte by byte, an "
               "8-byte MatchCoord per start with a match of at least 20 (Rodinia cuda/mummergpu, common.cu's "
               "defaults: COALESCED_QUERIES; its run: NC_003997.fna, 5.2 Mbp, against NC_003997_q100bp.fna; "
               "here a STAND-IN: a random ACGT reference of N bases, N / 100 reads sampled from it with 2% "
               "substitutions; the tree built on the host by Ukkonen's algorithm), then printKernel, one match a "
               "thread, up the parent links and over the print parent's subtree, an 8-byte Alignment per "
               "left-maximal leaf (APRES Table IV MUM)",
     MUM_REF, MUM_REF_MIN, "reference bases (N / 100 queries of 100 bp)", MUM_REF_QUICK, 1, 0, 0},
    {"dct", "8x8 block DCT, quantization and IDCT of a float image: the warm-up and 100 launches of "
            "CUDAkernel2DCT ((8, 4, 2) threads a 32 x 16 pixel block, each a column of 8 pixels through a "
            "shared-memory tile: row then column pass, 3 barriers), CUDAkernelQuantizationFloat (8x8 blocks, "
            "a pixel a thread), CUDAkernel2IDCT (CUDA SDK dct8x8, WrapperCUDA2: dct8x8.cu, "
            "dct8x8_kernel2.cuh; its image teapot512 512 x 512, here a STAND-IN whose values decide nothing; "
            "TEMP/TBAS Table 1 DCT)",
     DCT_N, DCT_K2_W, "N (image N x N, rounded up to a multiple of 32)", 128u, 1, 0, 0},
    {"fwt", "fast Walsh transform: dyadic convolution of 2^log2Data floats with a 128-float kernel: per "
            "transform fwtBatch2Kernel radix-4 passes in global memory (256-thread blocks) while the "
            "vectors are over 2^11 floats, then fwtBatch1Kernel (2^11-float vectors in shared memory, "
            "radix-4 stages and a radix-2 one, N/4 threads); data, kernel, modulateKernel (128 x 256, a "
            "grid-stride loop), data again (CUDA SDK fastWalshTransform, cuda-samples "
            "fastWalshTransform.cu and _kernel.cuh, its log2Data 23, log2Kernel 7; TEMP/TBAS Table 1 FWT)",
     1u << FWT_LOG2_DATA, 1, "dataN (floats, rounded up to a power of two, at least 2^13)", 1u << 17, 1, 0, 0},
    {"lbm", "D3Q19 lattice-Boltzmann lid-driven cavity: performStreamCollide_kernel, one thread a cell, "
            "120-thread blocks (a row of x) over a (y, z) grid, 20-float cells (array of structures, 80 B apart "
            "across a warp), 19 loads and the flags word of the own cell, bounce-back (obstacle) or BGK "
            "collision, 19 stores scattered into the neighbours (Parboil lbm, cuda/lbm_kernel.cu, lbm.cu; "
            "120 x 120 x 150 as its short and long datasets; of the suite's 100 (short) / 3000 (long) time "
            "steps 1; the obstacle file 120_120_150_ldc.of is not readable here: "
            "a STAND-IN sphere of radius 38.8 cells in the cavity's centre, 343504 obstacle cells with the "
            "walls against the file's 343321; TEMP/TBAS Table 1 LBM)",
     LBM_SZ, 1, "planes of z (grid 120 x 120 x N; the datasets' 150)", 3u, 1, 0, 0},
    {"cp", "Coulombic potential by direct summation over a 512 x 512 slice: cenergy, 16x8 blocks over a (4, 64) "
           "grid, 8 points of x a thread 16 apart, every atom read from constant memory (LDC: no constant cache "
           "in the model), 8 read-modify-writes of energygrid at the end; one launch per chunk of 4000 atoms, "
           "the constant buffer refilled between (Parboil cp, cuda/cuenergy_pre8_coalesce.cu and main.cu: "
           "VOLSIZE 512 x 512, ATOMCOUNT 40000 placed by the host, 10 launches; the TEMP paper's CUTCP, Fig. 5)",
     PBL_CP_ATOMS, 1, "atoms (ATOMCOUNT; a launch per 4000, MAXATOMS)", PBL_CP_QUICK, 1, 0, 0},
    {"cutcp", "cutoff Coulombic potential on a 0.5 A lattice, cutoff 12 A: cuda_cutoff_potential_lattice6overlap, "
              "one launch per plane of 8x8x8-point regions, 8x2x8-thread blocks (run as 8x16), a thread 4 points, "
              "each half-warp caching 4 atom bins of the 335-bin neighbour list into shared memory a round (coalesced "
              "global loads), all threads scanning the cached bins (shared broadcasts; r2 < cutoff2 diverges), 4 "
              "stores a thread (Parboil 2.5 cutcp, cuda/cutoff6overlap.cu, main.c; the host's binning of the atoms "
              "into 4 A bins of 8 replayed; on a STAND-IN for datasets/cutcp/small watbox.sl40.pqr, not readable "
              "here: TIP3P water at liquid density in a box of side N, oxygens at random at least 2.5 A apart, 6420 "
              "atoms at 40; TEMP Table 1 CUTCP)",
     PBC_SL, PBC_SL_MIN, "water box side in A (sl40: 40, the suite's small dataset; sl100: 100)", PBC_SL_QUICK, 1, 0, 0},
    {"sortnet", "bitonic sort of uint keys and values in batches: for each arrayLength 64 .. N one bitonicSort() "
                "call on the same input, bitonicSortShared (arrays up to 1024 keys) or bitonicSortShared1, "
                "bitonicMergeGlobal (a comparator a thread in global memory, strides >= 1024) and "
                "bitonicMergeShared (strides 512 .. 1), 512-thread blocks of 1024 keys in shared memory, the "
                "comparators' swaps branching on the keys (CUDA SDK sortingNetworks main.cpp, bitonicSort.cu; "
                "N = 1048576 keys rand() % 65536 after srand(2001), DIR 0; main never runs oddEvenMergeSort; "
                "TEMP/TBAS Table 1 SN)",
     SN_N, SN_MIN, "keys N (rounded up to a power of two)", SN_QUICK, 1, 0, 0},
    {"upper", "S-L1 stand-in: upper-cases a document: each thread reads its own contiguous chunk char by char "
              "(text, read-only) and stores the upper-case letter into out (a copy of the text, written) at each "
              "lower-case letter only; 2 data structures (S-L1 Table 1 Upper); synthetic text (Zipf-like vocabulary, "
              "English word lengths, lines of 20-100 chars)",
     2048, 1, "KB of text", 256u, 1, 0, 1},
    {"wc", "S-L1 stand-in: counts words and lines: each thread reads its own contiguous chunk char by char (text, "
           "read-only, the only data structure), a word ending at a blank, a line at a newline, counters in "
           "registers summed into 8 bytes of shared memory (S-L1 Table 1 WC); synthetic text as upper's",
     4096, 1, "KB of text", 256u, 1, 0, 1},
    {"dna-assembly", "S-L1 stand-in: merges DNA reads: each thread reads its chunk of 64-base reads base by base "
                     "(reads, read-only), finds each read's overlap (15..1 bases) with the previous one at its 16th "
                     "base, appends the bases past it to contig (written) and the overlap to overlaps (written); 3 "
                     "data structures (S-L1 Table 1 DNA Assembly); synthetic reads (random genome, 0-15 base "
                     "overlaps, 2% substitutions)",
     2048, 1, "KB of reads", 128u, 1, 0, 1},
    {"opinion-finder", "S-L1 stand-in: sentiment of tweets about a subject: each thread reads its chunk of tweets "
                       "(lines) char by char (tweets, read-only), hashes each word, adds its lexicon score "
                       "(lexicon, read-only), looks it up among the subject keywords (keywords, read-only) and "
                       "writes an on-subject tweet's score to its slice of scores (written); 4 data structures "
                       "(S-L1 Table 1 Opinion Finder); synthetic text as upper's, random lexicon, 8 keywords",
     4096, 1, "KB of tweets", 256u, 1, 0, 1},
    {"inverted-index", "S-L1 stand-in: builds an inverted index of HTML pages (lines): each thread reads its chunk "
                       "char by char (pages, read-only), skips tags, and at each word's end appends a posting "
                       "{hash, page} to its slice of postings (written) and increments term_counts[hash] (global "
                       "reductions, written); 3 data structures (S-L1 Table 1 Inverted Index); synthetic HTML: "
                       "upper's text with tags between words",
     4096, 1, "KB of HTML", 256u, 1, 0, 1},
    {"page-view-count", "S-L1 stand-in: counts the hits of each URL in a web log: each thread reads its chunk of "
                        "16-byte records {time, client, url, status} (log, read-only), and for a status 200 "
                        "probes the URL table (urls, read-only, open addressing) and increments counts[slot] "
                        "(global reductions, written); 3 data structures (S-L1 Table 1 Page View Count); synthetic "
                        "log: 3000 URLs Zipf-like, 90% status 200",
     512, 1, "K records (16 bytes each)", 32u, 1, 0, 1},
    {"mastercard-affinity", "S-L1 stand-in: merchants visited by customers of a target merchant X: each thread "
                            "reads its chunk of 16-byte transactions {customer, merchant, amount, date} "
                            "(transactions, read-only), for a purchase (not a refund) looks the customer up "
                            "(customers_of_x, a byte each, read-only) and for X's customers increments "
                            "counts[merchant] (global reductions, written); 3 data structures (S-L1 Table 1 MasterCard Affinity); synthetic "
                            "transactions: 64K customers (1 in 7 of X), 4096 merchants Zipf-like",
     512, 1, "K transactions (16 bytes each)", 32u, 1, 0, 1},
    {"matrixmul-naive", "S-L1 stand-in: naive matrix multiply without shared memory: each thread computes its own "
                        "contiguous chunk of c's elements in row-major order, each a dot product of a row of a "
                        "and a column of b (a, b read-only; c written); 3 data structures (S-L1 Table 1 Matrix "
                        "Multiply); synthetic float matrices N x N",
     256, 4, "N (matrices N x N)", 64u, 1, 0, 1},
    {"grep", "S-L1 stand-in: lines matching a pattern: the pattern is put in shared memory by the block; each "
             "thread reads its chunk char by char (text, read-only), matches the pattern from shared memory "
             "(restarting at a mismatch) and writes each matching line's {start, end} to its slice of lines "
             "(written); 2 data structures, the pattern in shared memory (S-L1 Table 1 Grep); synthetic text as "
             "upper's, the pattern its most frequent word of 5 letters or more",
     4096, 1, "KB of text", 256u, 1, 0, 1},
    {"kmeans-sl1", "S-L1 stand-in: one k-means step, 8 features, 8 clusters: the block copies the centroids "
                   "into 10.5 KB of shared memory (with per-warp sums and a staging slot a thread: CLN 0 at "
                   "gtx680 at full occupancy), each thread reads its chunk of points feature by feature (points, read-only), "
                   "finds the nearest centroid (a branch a cluster) and adds the point to its warp's sums; the "
                   "block adds its sums into clusters (read and written, kept in shared memory); 2 data "
                   "structures (S-L1 Table 1 Kmeans); synthetic points around 8 random centres",
     256, 1, "K points (32 bytes each)", 16u, 1, 0, 1},
    {"libor", "LIBOR market model Monte Carlo, a swaption portfolio: the value (Pathcalc_Portfolio_KernelGPU2), then "
              "the value and its sensitivities by a reverse pass (Pathcalc_Portfolio_KernelGPU), 64 x 64 threads, a "
              "path a thread, 80 forward rates over 40 periods, every array local (L, z, the 3280-float L2, B, S): "
              "LDL/STL (GPGPU-Sim's ISPASS 2009 LIB, libor.cu: NPATH 4096; the TEMP paper's LIB)",
     LIB_NPATH, 1, "paths (NPATH; 4096 threads, a grid-stride loop)", LIB_QUICK, 1, 0, 0},
    {"mars-ii", "Mars InvertedIndex: MapReduce (MAP_GROUP) over HTML files, a 1 KB block a map thread scanning for "
                "<a href=\"...\"> links byte by byte, emitting (link, file id); Mars' runtime per thread: map count, "
                "prefix sums (prescan, uniformAdd), map, bitonic sort by link hash and string, scatter, group "
                "boundaries (Mars, PACT 2008: sample_apps/InvertedIndex, MarsLib; the TEMP paper's II)",
     MARS_II_KB, MARS_II_MIN, "KB of HTML (three files, each a synthetic page repeated; 28672: II_BIN/run.sh's 28 MB)",
     MARS_II_QUICK, 1, 0, 0},
    {"mars-pvc", "Mars PageViewCount: two MapReduces over a web log (<URL, IP, cookie> lines, GenWebLogSrc 'count'): "
                 "the entries hashed, sorted and de-duplicated (MAP_REDUCE), then the URLs cut out and grouped "
                 "(MAP_GROUP); Mars' runtime per thread (Mars, PACT 2008: sample_apps/PageViewCount, MarsLib; the "
                 "TEMP paper's PVC)",
     MARS_PV_RECORDS, MARS_PV_MIN, "log records (PVC_BIN/run.sh: 1000000)", MARS_PV_QUICK, 1, 0, 0},
    {"mars-pvr", "Mars PageViewRank: MapReduce (MAP_GROUP) of <rank, line offset> pairs of a web log (GenWebLogSrc "
                 "'rank'), sorted by rank, highest first, and grouped; Mars' runtime per thread (Mars, PACT 2008: "
                 "sample_apps/PageViewRank, MarsLib; the TEMP paper's PVR)",
     MARS_PV_RECORDS, MARS_PV_MIN, "log records (PVR_BIN/run.sh: 1000000)", MARS_PV_QUICK, 1, 0, 0},
    {NULL, NULL, 0, 0, NULL, 0, 0, 0, 0},
};

static int (*const setups[])(wl_t *) = {
    setup_atax, setup_bicg, setup_mvt, setup_gesummv, setup_syrk, setup_syr2k, setup_2dconv,
    setup_gemm, setup_srad, setup_bfs, setup_vectoradd, setup_transpose, setup_kmeans, setup_stream,
    setup_2mm, setup_3mm, setup_3dconv, setup_pathfinder, setup_hotspot, setup_gaussian, setup_nw, setup_backprop,
    setup_lud, setup_fdtd, setup_btree, setup_backprop, setup_hotspot, setup_lud, setup_nw, setup_pathfinder, setup_srad,
    setup_blackscholes, setup_sssp, setup_scalarprod, setup_reduction, setup_nn, setup_mergesort, setup_histogram,
    setup_convsep, setup_sp, setup_streamcluster, setup_cfd, setup_pbl_stencil, setup_histo, setup_particlefilter, setup_spmv, setup_mummer,
    setup_dct,
    setup_fwt,
    setup_lbm,
    setup_pbl_cp,
    setup_cutcp,
    setup_sortnet,
    setup_sl1_upper, setup_sl1_wc, setup_sl1_dna, setup_sl1_opinion, setup_sl1_invidx, setup_sl1_pageview,
    setup_sl1_mastercard, setup_sl1_matmul, setup_sl1_grep, setup_sl1_kmeans,
    setup_libor,
    setup_mars_ii, setup_mars_pvc, setup_mars_pvr,
};
_Static_assert(sizeof setups / sizeof setups[0] == sizeof builtin_kernels / sizeof builtin_kernels[0] - 1,
               "one setup per built-in kernel");

/* ---- workload and kernel objects ------------------------------------------------------------------------ */

static void wl_unref(wl_t *w)
{
    if (--w->refs)
        return;
    rd_graph_free(&w->g);
    ls_graph_free(&w->lg);
    ls_sat_free(&w->sat);
    ms_input_free(&w->ms);
    hg_input_free(&w->hg);
    rd_sc_free(&w->sc);
    rd_cfd_mesh_free(&w->cfd);
    rd_pf_free(&w->pf);
    bt_free(w->bt);
    pbh_input_free(&w->pbh);
    pb_spmv_free(&w->spmv);
    mum_free(&w->mum);
    pbl_lbm_free(&w->lbm);
    pb_cutcp_free(&w->cutcp);
    sn_input_free(&w->sn);
    sl1_input_free(&w->sl1);
    mars_free(&w->mars);
    free(w->launch);
    free(w->w.cmd);
    free(w);
}

static void bk_close(kernel_t *kk)
{
    bk_t *k = (bk_t *)kk;
    simt_lanes_free(k->lanes);
    if (k->kdata)
        k->def->data_close(k->kdata);
    free(k->prog);
    optab_free(&k->k.ops);
    wl_unref(k->wl);
    free(k);
}

/* A block of k that could not be made (rc: tb_pack's error): the message; next_tb's 2. */
static int block_error(const bk_t *k, int rc)
{
    char who[300];
    snprintf(who, sizeof who, "memsched: %s", k->wl->w.name);
    tb_pack_perror(rc, who, k->k.info.name);
    return 2;
}

static int bk_next_tb(kernel_t *kk, tb_t *tb)
{
    bk_t *k = (bk_t *)kk;
    tb_clear(tb);
    if (k->next == k->k.info.nblocks)
        return 0;
    unsigned nw = (k->k.info.threads + WARP_SIZE - 1) / WARP_SIZE;
    const unsigned held = tb->stream ? 1 : nw;   /* the warps the buffers hold at once */
    if (tb_reserve(tb, held * k->winst, held * k->waddr))
        return block_error(k, -ENOMEM);
    k->bx = (unsigned)(k->next % k->ln->grid[0]);
    k->by = (unsigned)(k->next / k->ln->grid[0]);
    k->next++;
    tb->idx[0] = k->bx, tb->idx[1] = k->by;
    tb->nwarps = nw;
    if (k->def->thread) {   /* per-thread: the warps' threads run and merge */
        const unsigned bd[3] = {k->ln->block[0], k->ln->block[1], 1};
        for (unsigned w = 0; w < nw; w++) {
            size_t first = tb->ninst;
            if (simt_warp(k->def->thread, &k->args, bd, k->ln->grid, k->bx, k->by, w, k->prog, k->lanes, tb,
                          &k->k.ops))
                return block_error(k, -ENOMEM);
            tb->warp[w].first = (uint32_t)first;
            tb->warp[w].count = (uint32_t)(tb->ninst - first);
            int rc = tb_warp_end(tb, w);   /* packed now if tb streams */
            if (rc)
                return block_error(k, rc);
        }
        return 1;
    }
    em_t e = {tb, k->code, FULL};
    for (unsigned w = 0; w < nw; w++) {
        size_t first = tb->ninst;
        e.mask = FULL;
        k->def->warp(k, &e, w);
        tb->warp[w].first = (uint32_t)first;
        tb->warp[w].count = (uint32_t)(tb->ninst - first);
        assert(tb->ninst - first <= k->winst && tb->naddr <= held * k->waddr);
        int rc = tb_warp_end(tb, w);
        if (rc)
            return block_error(k, rc);
    }
    return 1;
}

/* The slots as instruction templates; the per-warp bounds. 0, or -ENOMEM. */
static int bk_build(bk_t *k)
{
    const kdef_t *d = k->def;
    unsigned nmem = 0;
    if (d->thread) {   /* per-thread: buffers grow as the threads run */
        for (unsigned r = 0; r < SIMT_ARGS; r++)
            k->args.arr[r] = k->wl->arr[d->arg[r]];
        k->args.n = k->wl->n;
        k->args.p = k->ln->level;
        k->args.shmem = SHMEM_BASE;
        k->args.data = k->wl->data;
        if (d->data_open) {
            if (!(k->kdata = d->data_open(k->wl->data, k->ln->level)))
                return -ENOMEM;
            k->args.data = k->kdata;
        }
        if (k->wl->unshared) {   /* a /U version: the block's shared arrays in global memory */
            k->args.unshared = k->wl->arr[k->wl->scratch];
            k->args.shbytes = k->ln->shmem;
        }
        k->prog = calloc(1, sizeof *k->prog);
        return k->prog && !simt_intern_all(&k->k.ops) ? 0 : -ENOMEM;
    }
    for (unsigned s = 0; s < d->ncode; s++) {
        const sop_t *o = &d->code[s];
        inst_t *t = &k->code[s];
        int id = optab_intern(&k->k.ops, o->op);
        if (id < 0)
            return -ENOMEM;
        t->pc = 8 * (s + s / 3 + 1);   /* sm_61: a control word before every 3 instructions */
        t->opcode = (uint16_t)id;
        t->cls = k->k.ops.cls[id];
        t->width = o->width;
        for (; t->ndst < INST_MAX_DST && o->d[t->ndst]; t->ndst++)
            t->dst[t->ndst] = (uint16_t)(o->d[t->ndst] - 1);
        for (; t->nsrc < INST_MAX_SRC && o->s[t->nsrc]; t->nsrc++)
            t->src[t->nsrc] = (uint16_t)(o->s[t->nsrc] - 1);
        nmem += op_is_mem((op_class_t)t->cls);
    }
    k->winst = d->ncode + d->bi1 * k->ln->trips;
    k->waddr = WARP_SIZE * (nmem + d->ba1 * k->ln->trips);
    return 0;
}

static kernel_t *wl_open_kernel(workload_t *ww, unsigned i);

/* kernel_t.open_at: blocks are generated from their number, so a cursor is
 * the kernel opened again with its next block set. */
static kernel_t *bk_open_at(kernel_t *kk, uint64_t first)
{
    bk_t *k = (bk_t *)kk;
    kernel_t *c = wl_open_kernel(&k->wl->w, k->cmd);
    if (c)
        ((bk_t *)c)->next = first < c->info.nblocks ? first : c->info.nblocks;
    return c;
}

static kernel_t *wl_open_kernel(workload_t *ww, unsigned i)
{
    wl_t *w = ww->impl;
    if (i >= ww->ncmd || ww->cmd[i].kind != CMD_KERNEL) {
        fprintf(stderr, "memsched: workload '%s': command %u is not a kernel launch\n", ww->name, i);
        return NULL;
    }
    const launch_t *ln = &w->launch[ww->cmd[i].index];
    bk_t *k = calloc(1, sizeof *k + ln->def->ncode * sizeof(inst_t));
    if (!k) {
        fprintf(stderr, "memsched: out of memory opening %s\n", ln->def->name);
        return NULL;
    }
    kinfo_t *ki = &k->k.info;
    snprintf(ki->name, sizeof ki->name, "%s", ln->def->name);
    ki->id = ww->cmd[i].index + 1;
    ki->grid[0] = ln->grid[0], ki->grid[1] = ln->grid[1], ki->grid[2] = 1;
    ki->block[0] = ln->block[0], ki->block[1] = ln->block[1], ki->block[2] = 1;
    ki->shmem = w->unshared ? 0 : ln->shmem;
    ki->nregs = ln->def->nregs;
    ki->binary_version = 61;
    ki->shmem_base = SHMEM_BASE, ki->local_base = LOCAL_BASE;
    ki->tracer_version = 4;
    ki->nblocks = (uint64_t)ln->grid[0] * ln->grid[1];
    ki->threads = ln->block[0] * ln->block[1];
    k->wl = w, k->ln = ln, k->def = ln->def, k->cmd = i;
    if (bk_build(k)) {
        fprintf(stderr, "memsched: out of memory opening %s\n", ln->def->name);
        if (k->kdata)
            k->def->data_close(k->kdata);
        free(k->prog);
        optab_free(&k->k.ops);
        free(k);
        return NULL;
    }
    k->k.next_tb = bk_next_tb;
    k->k.open_at = bk_open_at;
    k->k.close = bk_close;
    w->refs++;
    return &k->k;
}

static void wl_close(workload_t *ww) { wl_unref(ww->impl); }

static const struct {
    const char *name;
    unsigned code;
} size_names[] = {
    {"quick", BUILTIN_SIZE_QUICK},
    {"half", BUILTIN_SIZE_HALF},
    {"min", BUILTIN_SIZE_MIN},
};

unsigned builtin_size_code(const char *name)
{
    for (size_t i = 0; i < sizeof size_names / sizeof size_names[0]; i++)
        if (!strcmp(name, size_names[i].name))
            return size_names[i].code;
    return 0;
}

const char *builtin_size_name(unsigned code)
{
    for (size_t i = 0; i < sizeof size_names / sizeof size_names[0]; i++)
        if (code == size_names[i].code)
            return size_names[i].name;
    return NULL;
}

unsigned builtin_size(const builtin_info_t *b, unsigned size)
{
    switch (size) {
    case 0: return b->default_size;
    case BUILTIN_SIZE_QUICK: return b->quick_size;
    case BUILTIN_SIZE_HALF: return b->default_size / 2 > b->min_size ? b->default_size / 2 : b->min_size;
    case BUILTIN_SIZE_MIN: return b->min_size ? b->min_size : 1;
    default: return size;
    }
}

_Static_assert(BUILTIN_THREADS_STEP == SL1_BLOCK, "workload.threads counts the S-L1 stand-ins' blocks");

workload_t *builtin_open(const char *name, unsigned size)
{
    return builtin_open_threads(name, size, 0);
}

workload_t *builtin_open_threads(const char *name, unsigned size, unsigned threads)
{
    unsigned i = 0;
    while (builtin_kernels[i].name && strcmp(builtin_kernels[i].name, name))
        i++;
    const builtin_info_t *b = &builtin_kernels[i];
    if (!b->name) {
        fprintf(stderr, "memsched: unknown workload '%s'; built-in kernels: ", name);
        for (b = builtin_kernels; b->name; b++)
            fprintf(stderr, "%s%s", b == builtin_kernels ? "" : ", ", b->name);
        fprintf(stderr, "\n");
        return NULL;
    }
    size = builtin_size(b, size);
    if (size < b->min_size) {
        fprintf(stderr, "memsched: workload '%s': size %u is too small; the size is %s, at least %u (default %u)\n",
                name, size, b->size_means, b->min_size, b->default_size);
        return NULL;
    }
    if (threads && !b->threads_knob) {
        fprintf(stderr, "memsched: workload '%s': workload.threads=%u: its launch geometry is its source's; only "
                        "the S-L1 stand-ins take a thread count\n", name, threads);
        return NULL;
    }
    if (threads % BUILTIN_THREADS_STEP) {
        fprintf(stderr, "memsched: workload '%s': workload.threads=%u is not a whole number of its %u-thread blocks\n",
                name, threads, BUILTIN_THREADS_STEP);
        return NULL;
    }
    wl_t *w = calloc(1, sizeof *w);
    if (!w)
        goto oom;
    w->refs = 1;
    w->n = size;
    w->threads = threads;
    snprintf(w->w.name, sizeof w->w.name, "%s", name);
    w->w.open_kernel = wl_open_kernel;
    w->w.close = wl_close;
    w->w.impl = w;
    int r = setups[i](w);
    if (r == -EINVAL) {   /* an input the kernel cannot model (its setup said why) */
        wl_unref(w);
        return NULL;
    }
    if (r)
        goto oom;
    if (b->unshared) {   /* the largest launch's shared memory, once per block, in global memory */
        uint64_t bytes = 0;
        for (unsigned l = 0; l < w->nlaunch; l++) {
            const launch_t *ln = &w->launch[l];
            uint64_t need = (uint64_t)ln->grid[0] * ln->grid[1] * ln->shmem;
            bytes = need > bytes ? need : bytes;
        }
        w->unshared = 1, w->scratch = w->narr;
        add_arr(w, bytes);
    }
    if (!(w->w.cmd = calloc(w->narr + w->nlaunch, sizeof *w->w.cmd)))
        goto oom;
    for (unsigned a = 0; a < w->narr; a++)
        w->w.cmd[w->w.ncmd++] = (wl_cmd_t){.kind = CMD_MEMCPY, .region = {w->arr[a], w->arr_size[a]}};
    for (unsigned l = 0; l < w->nlaunch; l++)
        w->w.cmd[w->w.ncmd++] = (wl_cmd_t){.kind = CMD_KERNEL, .index = l};
    return &w->w;
oom:
    fprintf(stderr, "memsched: out of memory building workload '%s' of size %u\n", name, size);
    if (w)
        wl_unref(w);
    return NULL;
}

void builtin_list(FILE *f)
{
    for (const builtin_info_t *b = builtin_kernels; b->name; b++)
        fprintf(f, "%-10s %8u %8u  %s; size = %s\n", b->name, b->default_size, b->quick_size, b->summary,
                b->size_means);
}
