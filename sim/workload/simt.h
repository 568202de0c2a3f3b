/* simt.h - kernels written once, per thread, in C that reads like their
 * CUDA source, and run 32 lanes at a time into warp instructions
 * (docs/sim.md "Kernel input", "Per-thread kernels").
 *
 * A kernel is a C function of one thread. Each instruction it executes is a
 * macro below at a fixed place in the function: its *site*, numbered in
 * source order (__COUNTER__), which is its PC. The function computes its
 * indices and addresses as the CUDA source does and calls the macros for
 * the instructions the source compiles to (loads, stores, arithmetic, loop
 * branches, barriers, guards); every call records (site, address) in the
 * lane's stream. simt_warp() runs the warp's 32 threads one after the
 * other and merges their streams into warp instructions: at each step the
 * lanes whose next site is the lowest go together (minimum-PC
 * reconvergence: with the sites in source order and loops branching back
 * to lower PCs, a branch's lanes meet again where the source's control
 * flow joins), each instruction with its active mask and, for a memory
 * instruction, one address per active lane in lane order.
 *
 * Registers: an instruction that produces a value writes the register of
 * its site (R8 + site, below RZ), and the value handle (reg_t) names it, so
 * a consumer that takes the handle reads that register: the SM's
 * scoreboard sees the source's data dependences. Operands follow the
 * tracer's form: one destination, at most four sources, R registers.
 * The instructions, as macros for kernel functions, are in simt_ops.h. */
#ifndef MEMSCHED_SIM_SIMT_H
#define MEMSCHED_SIM_SIMT_H

#include <stdint.h>

#include "sanitize.h"
#include "workload/kernel.h"

typedef uint16_t reg_t;   /* a value: its R register + 1 (0: none) */
#define NOREG ((reg_t)0)
#define RZ_   ((reg_t)(REG_R + 255 + 1))   /* RZ: zero, no dependence */

#define SIMT_MAX_SITES 240

typedef struct {          /* one instruction of the program, by site */
    const char *op;       /* SASS spelling */
    uint8_t width;        /* memory: bytes per lane */
    uint8_t used;
    reg_t dst, src[4];
    int16_t opid1;        /* its id in the kernel's opcode table + 1, once interned (0: not yet) */
} simt_site_t;

typedef struct {          /* the program of one kernel: its sites as the threads ran them */
    simt_site_t site[SIMT_MAX_SITES];
} simt_prog_t;

typedef struct {          /* one lane's recorded instructions */
    uint16_t *site;       /* per instruction: its site */
    uint64_t *addr;       /* per memory instruction (a site of non-zero width), in order: its address */
    size_t n, cap;        /* instructions */
    size_t na, cap_a;     /* addresses */
} simt_lane_t;

/* One thread as its kernel function sees it. */
typedef struct {
    unsigned tx, ty, tz;       /* threadIdx */
    unsigned bx, by;           /* blockIdx */
    unsigned bdx, bdy, bdz;    /* blockDim */
    unsigned gdx, gdy;         /* gridDim */
    const void *arg;           /* the kernel's arguments (arrays, sizes) */
    simt_prog_t *prog;
    simt_lane_t *lane;
    int err;                   /* a site beyond SIMT_MAX_SITES, or out of memory */
} simt_t;

typedef void (*simt_fn)(simt_t *t);

/* The inputs' random numbers (a fixed seed each: deterministic workloads):
 * splitmix64, the next value of state *s. */
static inline uint64_t simt_mix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* What a built-in per-thread kernel is given (simt_t.arg): the base
 * addresses of its arrays, in the order of its CUDA signature, and the size
 * knob as the workload ran it. */
#define SIMT_ARGS 12  /* arrays a kernel may take */
typedef struct {
    uint64_t arr[SIMT_ARGS];
    uint64_t n;
    uint64_t p;           /* the launch's scalar argument (a loop index of the host's: a plane, a time step) */
    uint64_t shmem;       /* the block's shared memory: its base address */
    uint64_t unshared;    /* 0; or a /U version's global copy of the shared arrays (LDS, STS in simt_ops.h) */
    uint64_t shbytes;     /* ... its bytes per block */
    const void *data;     /* the workload's input when control flow depends on it (a graph, a tree) */
} simt_args_t;

/* The value a site's instruction produces (has_dst), or none: site s writes
 * R(8 + s), below RZ (R255) for every site. */
static inline reg_t simt_site_dst(unsigned site, int has_dst) { return has_dst ? (reg_t)(REG_R + 8 + site + 1) : NOREG; }

/* simt_rec is inlined into every kernel function in an optimised build (else
 * GCC keeps one copy: a call per lane and instruction recorded); under the
 * sanitizers it is left to the compiler, whose checks at every one of the
 * inlined sites would make a kernels' file take minutes to compile. */
#if MEMSCHED_ASAN
#define SIMT_REC_INLINE static inline
#else
#define SIMT_REC_INLINE static inline __attribute__((always_inline))
#endif

/* Record one instruction of the running thread (the macros below): the
 * first thread at a site defines it, a full buffer grows, a site out of
 * range sets t->err (out of line); else the site, and its address if it is
 * a memory instruction, go into the lane's buffers here. */
reg_t simt_rec_slow(simt_t *t, unsigned site, const char *op, unsigned width, uint64_t addr, int has_dst, reg_t a,
                    reg_t b, reg_t c, reg_t d);
SIMT_REC_INLINE reg_t simt_rec(simt_t *t, unsigned site, const char *op, unsigned width, uint64_t addr, int has_dst,
                             reg_t a, reg_t b, reg_t c, reg_t d)
{
    simt_lane_t *l = t->lane;
    if (site < SIMT_MAX_SITES && t->prog->site[site].used && l->n < l->cap) {
        const int mem = t->prog->site[site].width != 0;
        if (!mem || l->na < l->cap_a) {
            l->site[l->n++] = (uint16_t)site;
            if (mem)
                l->addr[l->na++] = addr;
            return simt_site_dst(site, has_dst);
        }
    }
    return simt_rec_slow(t, site, op, width, addr, has_dst, a, b, c, d);
}

/* Warp w of block (bx, by) of a kernel of blockDim bd[3], gridDim gd[2]:
 * its threads run (fn with arg) and merge into tb's instruction list (its
 * addresses appended; tb_reserve as needed), ops interning the opcodes.
 * lanes: 32 per-lane buffers the caller keeps (reused). 0, or -1 out of
 * memory (or a kernel with too many sites: a message). */
int simt_warp(simt_fn fn, const void *arg, const unsigned bd[3], const unsigned gd[2], unsigned bx, unsigned by,
              unsigned w, simt_prog_t *prog, simt_lane_t lanes[WARP_SIZE], tb_t *tb, optab_t *ops);
void simt_lanes_free(simt_lane_t lanes[WARP_SIZE]);
/* Intern the macros' opcode spellings in a fixed order (a kernel's open). 0, or -1. */
int simt_intern_all(optab_t *ops);

#endif
