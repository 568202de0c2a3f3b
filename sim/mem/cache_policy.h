/* cache_policy.h - the cache policies the L1D and the L2 can be configured
 * with, each kind as one registry: the configuration's names (l1.replace,
 * l2.replace, l1.alloc), --list-keys and the letters of GPGPU-Sim's cache
 * strings all derive from these rows (docs/sim.md, "How to add a cache
 * replacement policy").
 *
 * Replacement: each policy implements repl_ops_t (gem5's replacement-policy
 * interface, mem/cache/replacement_policies/base.hh, in C) in a file of its
 * own, repl_NAME.c, with its unit test tests/unit/test_repl_NAME.c beside
 * it. A policy keeps its data in each line's `rp` and is told the tag
 * array's clock (tags_t.stamp, advanced by every allocation and touch); the
 * tag array itself takes invalid lines first and never replaces a reserved
 * one, so a policy chooses among valid lines only.
 *
 * Allocation: when a missing line takes its way (cache_allocs). */
#ifndef MEMSCHED_SIM_CACHE_POLICY_H
#define MEMSCHED_SIM_CACHE_POLICY_H

#include "mem/cache.h"

typedef struct repl_ops {
    const char *what;                              /* one line for the documentation */
    /* a new line's data (tags_init) */
    void (*instantiate)(cline_t *c);
    /* c now holds a new line (reserved on a miss, or filled on fill), at time now */
    void (*reset)(cline_t *c, uint64_t now);
    /* a hit on c, or the fill of the line c had reserved, at time now */
    void (*touch)(cline_t *c, uint64_t now);
    /* c was invalidated (a write-evict) */
    void (*invalidate)(cline_t *c);
    /* the valid line to replace among the `ways` lines of a set at s (skip
     * lines not LINE_V), or NULL if none is valid */
    cline_t *(*get_victim)(cline_t *s, unsigned ways);
} repl_ops_t;

/* The replacement policies: X(ID, name, GPGPU-Sim's letter in the
 * <rep> field of -gpgpu_cache:dl1 / dl2). Each row's ops are repl_NAME in
 * repl_NAME.c. */
#define CACHE_REPL(X)    \
    X(LRU, lru, 'L')     \
    X(FIFO, fifo, 'F')

#define REPL_ENUM(id, name, letter) REPL_##id,
enum { CACHE_REPL(REPL_ENUM) REPL_N };
#undef REPL_ENUM
#define REPL_DECL(id, name, letter) extern const repl_ops_t repl_##name;
CACHE_REPL(REPL_DECL)
#undef REPL_DECL

extern const repl_ops_t *const repl_table[REPL_N];
extern const char *const repl_names[REPL_N + 1];   /* "lru", "fifo", NULL: the configuration's values */
extern const char repl_letters[REPL_N + 1];        /* "LF": GPGPU-Sim's, in the same order */

/* The allocation policies: X(ID, name, GPGPU-Sim's letters in the <alloc>
 * field, at_fill). at_fill 0: a miss reserves its victim line until the data
 * arrives (a miss with every way reserved is refused); 1: nothing is
 * reserved, the line is chosen when the data arrives and a later miss finds
 * the fetch by searching the MSHRs. A letter after a row's first is a
 * GPGPU-Sim policy run as this one: streaming `s` (Pascal and later) is
 * allocate on fill, as GPGPU-Sim 4 runs it. */
#define CACHE_ALLOC(X)          \
    X(ON_MISS, miss, "m", 0)    \
    X(ON_FILL, fill, "fs", 1)

#define ALLOC_ENUM(id, name, letters, at_fill) ALLOC_##id,
enum { CACHE_ALLOC(ALLOC_ENUM) ALLOC_N };
#undef ALLOC_ENUM

extern const char *const alloc_names[ALLOC_N + 1];   /* "miss", "fill", NULL */
extern const unsigned char alloc_at_fill[ALLOC_N];
extern const char alloc_letters[];                   /* every GPGPU-Sim letter accepted: "mfs" */

/* The set-index functions: X(ID, name, GPGPU-Sim's letter in the <index>
 * field, the set counts it is defined for (0: any power of two)). Each maps
 * a line address (byte address >> 7) to a set of a cache with `sets` sets
 * (docs/sim.md "Set index"):
 *   linear  the line address mod sets;
 *   fermi   Fermi's L1D hash (Nugteren et al., HPCA 2014, as GPGPU-Sim's H):
 *           line bits 0-4 XOR address bits 13,14,15,17,19; 64 sets take
 *           address bit 12 as the sixth bit;
 *   xor     the linear index XOR the same number of bits just above it;
 *   ipoly   the irreducible-polynomial hash of Rau (ISCA 1991) with GPGPU-Sim's
 *           polynomials for 16, 32 and 64 sets (its P). */
#define CACHE_INDEX(X)                  \
    X(LINEAR, linear, 'L', 0)           \
    X(FERMI, fermi, 'H', (32 | 64))     \
    X(XOR, xor, 'X', 0)                 \
    X(IPOLY, ipoly, 'P', (16 | 32 | 64))

#define INDEX_ENUM(id, name, letter, sets) INDEX_##id,
enum { CACHE_INDEX(INDEX_ENUM) INDEX_N };
#undef INDEX_ENUM

extern const char *const index_names[INDEX_N + 1];   /* "linear", "fermi", ..., NULL */
extern const char index_letters[INDEX_N + 1];        /* "LHXP" */
/* The set counts function f is defined for, as a mask of the counts (16 | 32 |
 * 64), 0 for every power of two. */
extern const unsigned index_sets[INDEX_N];
/* The set of `line` in a cache of `sets` sets (a power of two the function is
 * defined for: config_check). */
unsigned cache_set_index(unsigned f, uint64_t line, unsigned sets);

/* The policy GPGPU-Sim's letter c names: REPL_* / ALLOC_* / INDEX_*, or -1. */
int repl_by_letter(char c);
int alloc_by_letter(char c);
int index_by_letter(char c);

#endif
