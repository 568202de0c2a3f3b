/* sm_block.h - for the SM's unit tests: one thread block of W warps, each
 * running the same list of N instructions (an opcode, a destination and up
 * to two sources, R registers), put on an SM at cycle 0. */
#ifndef MEMSCHED_TESTS_SM_BLOCK_H
#define MEMSCHED_TESTS_SM_BLOCK_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/sm.h"

typedef struct {
    const char *op;
    int dst;          /* R register, or -1 */
    int src[2];       /* R registers, -1 for none */
} sm_ispec_t;

/* k and ops are the caller's (they outlive the block); warp w's i-th
 * instruction is tb.inst[w * n + i] of the block as generated, which
 * `edit` (if not NULL) may change before tb_pack makes the SM's form. */
static inline void sm_block_add_edit(sm_t *sm, kinfo_t *k, optab_t *ops, unsigned nwarps, const sm_ispec_t *prog,
                                     unsigned n, void (*edit)(tb_t *tb))
{
    memset(k, 0, sizeof *k);
    snprintf(k->name, sizeof k->name, "sm_block");
    k->id = 1;
    k->grid[0] = k->grid[1] = k->grid[2] = 1;
    k->block[0] = nwarps * WARP_SIZE;
    k->block[1] = k->block[2] = 1;
    k->threads = nwarps * WARP_SIZE;
    k->nblocks = 1;
    k->nregs = 8;
    memset(ops, 0, sizeof *ops);
    assert_true(sm_can_take(sm, k));
    unsigned slot;
    rtb_t *rtb = sm_slot_buffer(sm, &slot);
    assert_non_null(rtb);
    tb_t gen = {0}, *tb = &gen;
    assert_int_equal(tb_reserve(tb, (size_t)nwarps * n, 0), 0);
    tb->nwarps = nwarps;
    for (unsigned w = 0; w < nwarps; w++) {
        tb->warp[w].first = w * n;
        tb->warp[w].count = n;
        for (unsigned i = 0; i < n; i++) {
            inst_t *in = &tb->inst[w * n + i];
            memset(in, 0, sizeof *in);
            in->pc = 16 * i;
            in->mask = 0xffffffffu;
            int op = optab_intern(ops, prog[i].op);
            assert_true(op >= 0);
            in->opcode = (uint16_t)op;
            in->cls = ops->cls[op];
            if (prog[i].dst >= 0)
                in->dst[in->ndst++] = (uint16_t)(REG_R + prog[i].dst);
            for (unsigned s = 0; s < 2; s++)
                if (prog[i].src[s] >= 0)
                    in->src[in->nsrc++] = (uint16_t)(REG_R + prog[i].src[s]);
        }
    }
    tb->ninst = (size_t)nwarps * n;
    if (edit)
        edit(tb);
    assert_int_equal(tb_pack(rtb, tb), 0);   /* the SM's form, as the GPU's dispatch makes it */
    tb_free(tb);
    sm_add_tb(sm, slot, k, ops, 0);
}

static inline void sm_block_add(sm_t *sm, kinfo_t *k, optab_t *ops, unsigned nwarps, const sm_ispec_t *prog,
                                unsigned n)
{
    sm_block_add_edit(sm, k, ops, nwarps, prog, n, NULL);
}

#endif
