#include "fifo.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"

/* Returns 0, or -EINVAL (with a message on stderr) for Depth or Width out of range. */
int fifo_init(fifo_state_t *s, const fifo_cfg_t *cfg)
{
    if (cfg->depth < 1 || cfg->depth > FIFO_MAX_DEPTH || cfg->width < 1 || cfg->width > 64) {
        fprintf(stderr, "fifo: Depth=%u Width=%u out of range (Depth 1..%d, Width 1..64)\n",
                cfg->depth, cfg->width, FIFO_MAX_DEPTH);
        return -EINVAL;
    }
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    return 0;
}

/* Pointers and count to zero; the storage keeps its contents (no reset in RTL). */
void fifo_reset(fifo_state_t *s)
{
    s->head = 0;
    s->tail = 0;
    s->count = 0;
}

void fifo_eval(const fifo_state_t *s, const fifo_in_t *in, fifo_out_t *out)
{
    (void)in; /* outputs depend on the registers only */
    out->full = s->count == s->cfg.depth;
    out->empty = s->count == 0;
    out->count = s->count;
    out->rdata = out->empty ? 0 : s->mem[s->head];
}

static uint64_t ptr_next(const fifo_state_t *s, uint64_t p)
{
    return p == s->cfg.depth - 1 ? 0 : p + 1;
}

/* Push when full and pop when empty are ignored (the RTL asserts against them). */
void fifo_tick(fifo_state_t *s, const fifo_in_t *in)
{
    int do_push = (in->push & 1) && s->count != s->cfg.depth;
    int do_pop = (in->pop & 1) && s->count != 0;

    if (do_push) {
        s->mem[s->tail] = in->wdata & bits_mask(s->cfg.width);
        s->tail = ptr_next(s, s->tail);
    }
    if (do_pop)
        s->head = ptr_next(s, s->head);
    s->count = s->count + (unsigned)do_push - (unsigned)do_pop;
}

void fifo_chk_init(fifo_chk_t *c) { c->unused = 0; }

int fifo_check(fifo_chk_t *c, const fifo_state_t *s, const fifo_in_t *in, int rst_n, char *msg, size_t n)
{
    (void)c;
    if (!(rst_n & 1))
        return 0;
    fifo_out_t o;
    fifo_eval(s, in, &o);
    if ((in->push & 1) && o.full) {
        snprintf(msg, n, "fifo: push when full");
        return -1;
    }
    if ((in->pop & 1) && o.empty) {
        snprintf(msg, n, "fifo: pop when empty");
        return -1;
    }
    return 0;
}
