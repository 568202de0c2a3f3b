/* test_primitives.c - directed unit tests of the primitive C models.
 *
 * Every expected value here is worked out by hand from the block's rules
 * (docs/<block>.md), not produced by the model.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "argmax.h"
#include "fifo.h"
#include "prio_enc.h"
#include "rr_arb.h"

static prio_enc_out_t pe(unsigned n, uint64_t req)
{
    prio_enc_state_t s;
    prio_enc_cfg_t c = {n};
    assert_int_equal(prio_enc_init(&s, &c), 0);
    prio_enc_in_t i = {req};
    prio_enc_out_t o;
    prio_enc_eval(&s, &i, &o);
    return o;
}

static void prio_enc_lowest_bit(void **st)
{
    (void)st;
    prio_enc_out_t o = pe(8, 0x68); /* 0110_1000 */
    assert_int_equal(o.valid, 1);
    assert_int_equal(o.idx, 3);
    o = pe(8, 0);
    assert_int_equal(o.valid, 0);
    assert_int_equal(o.idx, 0);
    o = pe(48, UINT64_C(1) << 47);
    assert_int_equal(o.valid, 1);
    assert_int_equal(o.idx, 47);
    o = pe(64, UINT64_C(1) << 63 | UINT64_C(1) << 40);
    assert_int_equal(o.idx, 40);
    /* bits above N are not requests */
    o = pe(5, 0xE0);
    assert_int_equal(o.valid, 0);
    o = pe(1, 1);
    assert_int_equal(o.valid, 1);
    assert_int_equal(o.idx, 0);
}

static void prio_enc_bad_cfg(void **st)
{
    (void)st;
    prio_enc_state_t s;
    prio_enc_cfg_t c = {0};
    assert_int_not_equal(prio_enc_init(&s, &c), 0);
    c.n = 65;
    assert_int_not_equal(prio_enc_init(&s, &c), 0);
}

static void rr_arb_rotates(void **st)
{
    (void)st;
    rr_arb_state_t s;
    rr_arb_cfg_t c = {4};
    assert_int_equal(rr_arb_init(&s, &c), 0);
    rr_arb_in_t i = {0xB, 1}; /* requesters 0, 1, 3 */
    rr_arb_out_t o;
    /* pointer 0: grant 0, then 1, then 3, then wrap to 0 */
    const unsigned expect[] = {0, 1, 3, 0, 1};
    for (unsigned k = 0; k < 5; k++) {
        rr_arb_eval(&s, &i, &o);
        assert_int_equal(o.valid, 1);
        assert_int_equal(o.idx, expect[k]);
        assert_int_equal(o.gnt, UINT64_C(1) << expect[k]);
        rr_arb_tick(&s, &i);
    }
    /* after granting 1 the pointer is 2 */
    assert_int_equal(s.ptr, 2);
}

static void rr_arb_holds_without_ack(void **st)
{
    (void)st;
    rr_arb_state_t s;
    rr_arb_cfg_t c = {3};
    assert_int_equal(rr_arb_init(&s, &c), 0);
    rr_arb_in_t i = {0x6, 0};
    rr_arb_out_t o;
    rr_arb_tick(&s, &i);
    rr_arb_eval(&s, &i, &o);
    assert_int_equal(o.idx, 1); /* pointer did not move */
    i.ack = 1;
    rr_arb_tick(&s, &i);       /* granted 1 -> pointer 2 */
    rr_arb_tick(&s, &i);       /* granted 2 -> pointer wraps to 0 (N = 3) */
    assert_int_equal(s.ptr, 0);
    i.req = 0;                 /* no request: no grant, pointer stays */
    rr_arb_eval(&s, &i, &o);
    assert_int_equal(o.valid, 0);
    assert_int_equal(o.gnt, 0);
    rr_arb_tick(&s, &i);
    assert_int_equal(s.ptr, 0);
}

static void argmax_ties_to_lowest(void **st)
{
    (void)st;
    argmax_state_t s;
    argmax_cfg_t c = {4, 4};
    assert_int_equal(argmax_init(&s, &c), 0);
    argmax_in_t i = {0xF, {9, 2, 9, 7}};
    argmax_out_t o;
    argmax_eval(&s, &i, &o);
    assert_int_equal(o.idx, 0);
    assert_int_equal(o.max, 9);
    assert_int_equal(o.valid, 1);
    i.valid = 0xE;
    argmax_eval(&s, &i, &o);
    assert_int_equal(o.idx, 2);
    assert_int_equal(o.max, 9);
    i.valid = 0;
    argmax_eval(&s, &i, &o);
    assert_int_equal(o.valid, 0);
    assert_int_equal(o.idx, 0);
    assert_int_equal(o.max, 0);
}

static void argmax_width_masks(void **st)
{
    (void)st;
    argmax_state_t s;
    argmax_cfg_t c = {2, 3};
    assert_int_equal(argmax_init(&s, &c), 0);
    argmax_in_t i = {0x3, {0x9, 0x7}}; /* 0x9 is 1 in 3 bits */
    argmax_out_t o;
    argmax_eval(&s, &i, &o);
    assert_int_equal(o.idx, 1);
    assert_int_equal(o.max, 7);
}

static void fifo_in_order(void **st)
{
    (void)st;
    fifo_state_t s;
    fifo_cfg_t c = {2, 8};
    fifo_out_t o;
    assert_int_equal(fifo_init(&s, &c), 0);
    fifo_in_t push_a = {1, 0xA, 0}, push_b = {1, 0xB, 0}, pop = {0, 0, 1}, both = {1, 0xC, 1};
    fifo_eval(&s, &pop, &o);
    assert_int_equal(o.empty, 1);
    assert_int_equal(o.rdata, 0);
    fifo_tick(&s, &push_a);
    fifo_tick(&s, &push_b);
    fifo_eval(&s, &pop, &o);
    assert_int_equal(o.full, 1);
    assert_int_equal(o.count, 2);
    assert_int_equal(o.rdata, 0xA);
    fifo_tick(&s, &both); /* full: the push is refused, the pop happens */
    fifo_eval(&s, &pop, &o);
    assert_int_equal(o.count, 1);
    assert_int_equal(o.rdata, 0xB);
    fifo_tick(&s, &both); /* not full, not empty: both happen */
    fifo_eval(&s, &pop, &o);
    assert_int_equal(o.count, 1);
    assert_int_equal(o.rdata, 0xC);
    fifo_tick(&s, &pop);
    fifo_tick(&s, &pop); /* pop when empty is ignored */
    fifo_eval(&s, &pop, &o);
    assert_int_equal(o.empty, 1);
    assert_int_equal(o.count, 0);
}

static void fifo_depth1_and_reset(void **st)
{
    (void)st;
    fifo_state_t s;
    fifo_cfg_t c = {1, 4};
    fifo_out_t o;
    assert_int_equal(fifo_init(&s, &c), 0);
    fifo_in_t push = {1, 0x1F, 0}; /* 0x1F masked to 4 bits */
    fifo_tick(&s, &push);
    fifo_eval(&s, &push, &o);
    assert_int_equal(o.full, 1);
    assert_int_equal(o.rdata, 0xF);
    fifo_reset(&s);
    fifo_eval(&s, &push, &o);
    assert_int_equal(o.empty, 1);
    assert_int_equal(o.rdata, 0);
    fifo_cfg_t bad = {0, 4};
    assert_int_not_equal(fifo_init(&s, &bad), 0);
    /* Depth 1..FIFO_MAX_DEPTH = 64: the largest built set and mrpb's largest queue. */
    bad.depth = 65;
    assert_int_not_equal(fifo_init(&s, &bad), 0);
    fifo_cfg_t big = {64, 64};
    assert_int_equal(fifo_init(&s, &big), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(prio_enc_lowest_bit),   cmocka_unit_test(prio_enc_bad_cfg),
        cmocka_unit_test(rr_arb_rotates),        cmocka_unit_test(rr_arb_holds_without_ack),
        cmocka_unit_test(argmax_ties_to_lowest), cmocka_unit_test(argmax_width_masks),
        cmocka_unit_test(fifo_in_order),         cmocka_unit_test(fifo_depth1_and_reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
