/* pf_sld.c - spatial locality detection prefetching (SLD, the comparator of
 * the APRES paper, section III-C, after its ref. [10]: "a macro block
 * consists of consecutive four cache lines; if two lines of the block are
 * accessed, the SLD prefetcher generates prefetch requests for the remaining
 * two lines"; docs/sim.md "L1D prefetchers" for the decisions):
 *
 *   - a table of SLD_ENTRIES macro blocks (4 lines, 512 B aligned), fully
 *     associative, least recently used replaced, each with the lines of it
 *     the loads have touched;
 *   - every line of every global load the L1D answers (hit or miss) marks
 *     its line; the access that makes it two lines prefetches the block's
 *     lines not touched yet, once per stay of the block in the table. */
#include <stdlib.h>

#include "mem/prefetch.h"

#define SLD_ENTRIES 64
#define SLD_LINES   4   /* lines per macro block */

typedef struct {
    uint64_t block;
    int valid, done;
    unsigned touched;   /* a bit per line of the block */
    uint64_t used;
} sld_entry_t;

typedef struct {
    sld_entry_t e[SLD_ENTRIES];
    uint64_t clock;
} sld_t;

static int sld_init(void **state, const config_t *cfg)
{
    (void)cfg;
    return (*state = calloc(1, sizeof(sld_t))) ? 0 : -1;
}

static unsigned sld_observe(void *state, const pf_obs_t *o, uint64_t lines[PF_MAX])
{
    sld_t *t = state;
    uint64_t block = o->line / SLD_LINES;
    sld_entry_t *e = NULL, *victim = &t->e[0];
    for (unsigned i = 0; i < SLD_ENTRIES && !e; i++) {
        if (t->e[i].valid && t->e[i].block == block)
            e = &t->e[i];
        else if (!t->e[i].valid ? victim->valid : victim->valid && t->e[i].used < victim->used)
            victim = &t->e[i];
    }
    if (!e) {
        e = victim;
        *e = (sld_entry_t){.block = block, .valid = 1};
    }
    e->used = ++t->clock;
    e->touched |= 1u << (o->line % SLD_LINES);
    if (e->done || __builtin_popcount(e->touched) < 2)
        return 0;
    e->done = 1;
    unsigned n = 0;
    for (unsigned k = 0; k < SLD_LINES; k++)
        if (!(e->touched >> k & 1))
            lines[n++] = block * SLD_LINES + k;
    return n;
}

static void sld_free(void *state) { free(state); }

const prefetch_ops_t pf_sld = {.init = sld_init, .observe = sld_observe, .free = sld_free};
