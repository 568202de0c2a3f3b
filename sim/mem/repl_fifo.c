/* repl_fifo.c - first in, first out (GPGPU-Sim's F): a line's data is the
 * time it was allocated; hits do not change it; the victim is the valid
 * line allocated longest ago. With allocation on miss the line is allocated
 * when the miss reserves it, not when its data arrives (as GPGPU-Sim's
 * allocation time). */
#include "mem/cache_policy.h"

static void fifo_instantiate(cline_t *c) { c->rp = 0; }
static void fifo_reset(cline_t *c, uint64_t now) { c->rp = now; }
static void fifo_touch(cline_t *c, uint64_t now) { (void)c; (void)now; }
static void fifo_invalidate(cline_t *c) { (void)c; }

const repl_ops_t repl_fifo = {
    .what = "first in, first out: the valid line allocated longest ago, hits or not",
    .instantiate = fifo_instantiate,
    .reset = fifo_reset,
    .touch = fifo_touch,
    .invalidate = fifo_invalidate,
    .get_victim = tags_oldest,
};
