/* repl_lru.c - least recently used (GPGPU-Sim's L): a line's data is the
 * time of its last allocation or touch; the victim is the valid line
 * touched longest ago. */
#include "mem/cache_policy.h"

static void lru_instantiate(cline_t *c) { c->rp = 0; }
static void lru_reset(cline_t *c, uint64_t now) { c->rp = now; }
static void lru_touch(cline_t *c, uint64_t now) { c->rp = now; }
static void lru_invalidate(cline_t *c) { (void)c; }   /* an invalid line is taken first anyway */

const repl_ops_t repl_lru = {
    .what = "least recently used: the valid line whose last allocation or hit is oldest",
    .instantiate = lru_instantiate,
    .reset = lru_reset,
    .touch = lru_touch,
    .invalidate = lru_invalidate,
    .get_victim = tags_oldest,
};
