/* pf_str.c - stride prefetching (STR, the comparator of the APRES paper,
 * section III-C: "a table in which each entry stores the PC address of each
 * static load instruction and a base memory address and stride value"; its
 * refs. [20], [21]; docs/sim.md "L1D prefetchers" for the decisions):
 *
 *   - a table of STR_ENTRIES entries, fully associative by the load's PC,
 *     least recently used replaced; a new entry has no stride;
 *   - every global load trains it once, with its lowest active lane's byte
 *     address (the first of its lines the L1D answers: one observation per
 *     load instruction, as SAP's);
 *   - stride = address - the entry's base; when it equals the stored stride
 *     (and is not 0) the pattern is regular: prefetch the line of
 *     address + stride (degree 1), unless it is the load's own line; else the
 *     stride is replaced; the base becomes the address either way.
 *
 * Executions of a load by different warps follow each other in the table
 * (the paper's STR has no warp field), so the stride it learns is the one
 * between consecutive executions, whichever warps they are. */
#include <stdlib.h>

#include "mem/prefetch.h"

#define STR_ENTRIES 32
#define LINE_SHIFT  7

typedef struct {
    uint32_t pc;
    int valid, stride_valid;
    uint64_t base;
    int64_t stride;
    uint64_t used;   /* last use: LRU */
} str_entry_t;

typedef struct {
    str_entry_t e[STR_ENTRIES];
    uint64_t clock;
} str_t;

static int str_init(void **state, const config_t *cfg)
{
    (void)cfg;
    return (*state = calloc(1, sizeof(str_t))) ? 0 : -1;
}

static unsigned str_observe(void *state, const pf_obs_t *o, uint64_t lines[PF_MAX])
{
    str_t *t = state;
    if (!o->first)
        return 0;
    str_entry_t *e = NULL, *victim = &t->e[0];
    for (unsigned i = 0; i < STR_ENTRIES && !e; i++) {
        if (t->e[i].valid && t->e[i].pc == o->pc)
            e = &t->e[i];
        else if (!t->e[i].valid ? victim->valid : victim->valid && t->e[i].used < victim->used)
            victim = &t->e[i];
    }
    t->clock++;
    if (!e) {
        *victim = (str_entry_t){.pc = o->pc, .valid = 1, .base = o->addr, .used = t->clock};
        return 0;
    }
    e->used = t->clock;
    int64_t s = (int64_t)(o->addr - e->base);
    e->base = o->addr;
    if (!e->stride_valid || s != e->stride || s == 0) {
        e->stride = s;
        e->stride_valid = 1;
        return 0;
    }
    uint64_t line = (o->addr + (uint64_t)s) >> LINE_SHIFT;
    if (line == o->addr >> LINE_SHIFT)
        return 0;
    lines[0] = line;
    return 1;
}

static void str_free(void *state) { free(state); }

const prefetch_ops_t pf_str = {.init = str_init, .observe = str_observe, .free = str_free};
