/* dispatch_rr.c - round-robin thread-block dispatch (dispatch.h): the
 * kernel's blocks in their order, to whichever SM asks first (the baseline;
 * GPGPU-Sim's as well). */
#include "core/dispatch.h"

static int rr_start(dispatcher_t *d, kernel_t *k, unsigned nsm)
{
    (void)nsm;
    d->k = k;
    d->more = 1;
    d->impl = NULL;
    return 0;
}

/* The SM order is the run loop's; the block is simply the next one. */
static int rr_next(dispatcher_t *d, unsigned sm, tb_t *tb, kernel_t **from)
{
    (void)sm;
    int r = d->k->next_tb(d->k, tb);
    if (r != 1)
        d->more = 0;
    *from = d->k;
    return r;
}

static int rr_more(const dispatcher_t *d) { return d->more; }

static void rr_stop(dispatcher_t *d) { d->more = 0; }

const dispatch_ops_t dispatch_rr = {.start = rr_start, .next = rr_next, .more = rr_more, .stop = rr_stop};
