/* rtb_harness.h - for the unit tests of the resident block (tb_pack):
 * two resident blocks are the same, array by array. */
#ifndef MEMSCHED_TESTS_RTB_HARNESS_H
#define MEMSCHED_TESTS_RTB_HARNESS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>

#include <cmocka.h>

#include "workload/kernel.h"

static inline void assert_same_rtb(const rtb_t *a, const rtb_t *b)
{
    assert_memory_equal(a->idx, b->idx, sizeof a->idx);
    assert_int_equal(a->nwarps, b->nwarps);
    assert_memory_equal(a->warp, b->warp, a->nwarps * sizeof a->warp[0]);
    assert_int_equal(a->ndyn, b->ndyn);
    assert_int_equal(a->nkey, b->nkey);
    assert_int_equal(a->nseg, b->nseg);
    assert_int_equal(a->nstat, b->nstat);
    assert_int_equal(a->naddr, b->naddr);
    assert_int_equal(a->threads, b->threads);
    assert_int_equal(a->nmrun, b->nmrun);
    for (size_t i = 0; i < a->ndyn; i++) {
        assert_memory_equal(rtb_key(a, i), rtb_key(b, i), sizeof(dkey_t));
        assert_int_equal(rtb_mask(a, i), rtb_mask(b, i));
    }
    assert_memory_equal(a->mrun, b->mrun, (a->nmrun + 1) * sizeof *a->mrun);
    assert_memory_equal(a->abase, b->abase, (a->ndyn + RTB_GROUP - 1) / RTB_GROUP * sizeof *a->abase);
    assert_memory_equal(a->seg, b->seg, a->nseg * sizeof *a->seg);
    assert_memory_equal(a->stat, b->stat, a->nstat * sizeof *a->stat);
    assert_memory_equal(a->addr, b->addr, a->naddr * sizeof *a->addr);
}

#endif
