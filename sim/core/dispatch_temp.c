/* dispatch_temp.c - TEMP's serial thread-block dispatch (dispatch.h;
 * docs/tbas.md "TEMP dispatch in the system"): the temp_dispatch block of
 * cmodel/ through the lockstep object, one for the GPU (its C model alone,
 * or with --rtl temp_dispatch its RTL in lockstep with it).
 *
 * At a launch the host gives each SM a contiguous range of the kernel's
 * thread batches (batch.stride consecutive blocks each; temp_dispatch_split
 * over batches, so no batch is cut between two SMs) and writes it into the
 * SM's queue: one write per block cycle, NumSms of them, in the launch's
 * first core cycle before any pop (the host fills the queues before the
 * kernel starts; these cycles are the block's, not the GPU's). Then, each
 * core cycle, every SM that can take a block pops its queue; the block
 * grants each one whose queue is not empty its head, and the SM reads that
 * block through a cursor of its own into the kernel (kernel_t.open_at). An
 * SM whose range is used up takes no other SM's blocks (the paper's
 * per-SM queues). The block is clocked only in cycles with a write or a
 * pop: in any other its edge changes nothing. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/dispatch.h"
#include "temp_dispatch.h"

/* Thread-block IDs: 16 bits (the block's default; a larger grid is refused) */
#define TEMP_BLK_W 16

typedef struct {
    lockstep_t *ls;
    temp_dispatch_in_t in;
    temp_dispatch_out_t out;
    unsigned nsm, stride;   /* the launch's batch stride (kinfo_t.batch_stride) */
    char label[40];
    /* the launch */
    int writes;                                 /* the host's writes are still to do */
    uint64_t head[TEMP_DISPATCH_MAX_SMS], tail[TEMP_DISPATCH_MAX_SMS];   /* the ranges written */
    kernel_t *cur[TEMP_DISPATCH_MAX_SMS];       /* each SM's cursor into the kernel ... */
    uint64_t next_id[TEMP_DISPATCH_MAX_SMS];    /* ... at this block */
    uint64_t grant;                             /* this cycle's grants, not yet taken */
    uint64_t left;                              /* blocks not yet granted */
} temp_unit_t;

static int temp_open(void **unit, const config_t *cfg, const sim_blkopts_t *bo)
{
    temp_unit_t *u = calloc(1, sizeof *u);
    if (!u) {
        fprintf(stderr, "memsched sim: out of memory (gpu.dispatch=temp)\n");
        return 2;
    }
    u->nsm = cfg->n_sm;
    snprintf(u->label, sizeof u->label, "sim temp_dispatch");
    u->ls = sim_block_open_cfg(cfg, SIM_TEMP_DISPATCH, 0, u->label, &u->in, &u->out, bo);
    if (!u->ls) {
        free(u);
        return 2;
    }
    *unit = u;
    return 0;
}

static void temp_close(void *unit)
{
    temp_unit_t *u = unit;
    if (!u)
        return;
    sim_block_close(&u->ls);
    free(u);
}

static lockstep_t *temp_ls(void *unit) { return unit ? ((temp_unit_t *)unit)->ls : NULL; }

static void close_cursors(temp_unit_t *u)
{
    for (unsigned j = 0; j < u->nsm; j++)
        if (u->cur[j]) {
            u->cur[j]->close(u->cur[j]);
            u->cur[j] = NULL;
        }
}

static int temp_start(dispatcher_t *d, kernel_t *k, unsigned nsm)
{
    temp_unit_t *u = d->unit;
    d->k = k;
    d->impl = u;
    uint64_t n = k->info.nblocks;
    u->stride = k->info.batch_stride ? k->info.batch_stride : 1;
    if (n > (UINT64_C(1) << TEMP_BLK_W)) {
        fprintf(stderr,
                "memsched sim: gpu.dispatch=temp: kernel %s has %" PRIu64 " thread blocks, more than temp_dispatch's "
                "%u-bit block IDs hold (%u)\n",
                k->info.name, n, TEMP_BLK_W, 1u << TEMP_BLK_W);
        return 2;
    }
    /* the host's split: batches over the SMs, contiguous, counts differing by at most one */
    uint64_t batches = (n + u->stride - 1) / u->stride;
    for (unsigned j = 0; j < nsm; j++) {
        uint64_t h, t;
        temp_dispatch_split(nsm, batches, j, &h, &t);
        u->head[j] = h * u->stride < n ? h * u->stride : n;
        u->tail[j] = t * u->stride < n ? t * u->stride : n;
        u->next_id[j] = u->head[j];
        u->cur[j] = NULL;
        if (u->head[j] < u->tail[j] && !(u->cur[j] = k->open_at(k, u->head[j]))) {
            close_cursors(u);
            return 2;
        }
        if (u->cur[j])
            u->cur[j]->info.batch_stride = k->info.batch_stride;   /* the SM reads the block's batch from it */
    }
    u->writes = 1;
    u->grant = 0;
    u->left = n;
    d->more = n > 0;
    return 0;
}

static int temp_cycle(dispatcher_t *d, const uint8_t *can_take, uint64_t now)
{
    temp_unit_t *u = d->impl;
    int rc;
    ls_set_time(u->ls, now);
    if (u->writes) {   /* the host fills the queues: a write per block cycle, no pop */
        for (unsigned j = 0; j < u->nsm; j++) {
            u->in = (temp_dispatch_in_t){.wr_valid = 1, .wr_sm = j, .wr_head = u->head[j], .wr_tail = u->tail[j]};
            /* (a mismatch is reported at the edge) */
            if ((rc = ls_eval_io(u->ls, 1, &u->in, &u->out)) || (rc = ls_tick(u->ls)))
                return rc;
            if (u->out.wr_err) {   /* the split keeps head <= tail <= 2^16: cannot happen */
                fprintf(stderr, "memsched sim: temp_dispatch refused the range [%" PRIu64 ", %" PRIu64 ") of sm%u\n",
                        u->head[j], u->tail[j], j);
                return 2;
            }
        }
        u->writes = 0;
    }
    uint64_t pop = 0;
    for (unsigned j = 0; j < u->nsm; j++)
        pop |= (uint64_t)(can_take[j] != 0) << j;
    u->grant = 0;
    if (!pop)
        return 0;   /* no write, no pop: the edge changes nothing */
    u->in = (temp_dispatch_in_t){.pop = pop};
    if ((rc = ls_eval_io(u->ls, 1, &u->in, &u->out)))
        return rc;
    u->grant = u->out.grant;
    return ls_tick(u->ls);
}

static int temp_next(dispatcher_t *d, unsigned sm, tb_t *tb, kernel_t **from)
{
    temp_unit_t *u = d->impl;
    if (!(u->grant >> sm & 1))
        return 0;
    u->grant &= ~(UINT64_C(1) << sm);
    if (u->out.blk[sm] != u->next_id[sm] || !u->cur[sm]) {   /* the queue is the range written: cannot happen */
        fprintf(stderr, "memsched sim: temp_dispatch granted sm%u block %" PRIu64 ", its range's next is %" PRIu64 "\n",
                sm, u->out.blk[sm], u->next_id[sm]);
        return 2;
    }
    int r = u->cur[sm]->next_tb(u->cur[sm], tb);
    if (r == 0) {
        fprintf(stderr, "memsched sim: kernel %s ended before its block %" PRIu64 "\n", d->k->info.name, u->next_id[sm]);
        r = 2;
    }
    if (r != 1)
        return r;
    *from = u->cur[sm];
    u->next_id[sm]++;
    d->more = --u->left > 0;
    return 1;
}

static int temp_more(const dispatcher_t *d) { return d->more; }

static void temp_stop(dispatcher_t *d)
{
    d->more = 0;
    if (d->impl)
        close_cursors(d->impl);
}

const dispatch_ops_t dispatch_temp = {.open = temp_open,
                                      .close = temp_close,
                                      .ls = temp_ls,
                                      .cycle = temp_cycle,
                                      .start = temp_start,
                                      .next = temp_next,
                                      .more = temp_more,
                                      .stop = temp_stop};
