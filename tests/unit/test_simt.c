/* test_simt.c - per-thread kernels merged into warp instructions
 * (sim/workload/simt.c): lanes that diverge at a guard leave in one EXIT of
 * their mask, the rest go on together; a loop whose trip count differs per
 * lane keeps its lanes together while they iterate and the early finishers
 * wait at the join (minimum-PC reconvergence); memory instructions carry one
 * address per active lane in lane order; registers name the producing site. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "workload/simt_ops.h"

/* if (tx >= 20) return; for (k = 0; k < tx % 3; k++) a[k * 32 + tx] load; store b[tx]. */
static void kern(simt_t *t)
{
    SIMT_BEGIN;
    reg_t r = S2R(t);
    GUARD(t, t->tx < 20, r);
    for (unsigned k = 0; k < t->tx % 3; k++) {
        reg_t v = LDG(t, 0x1000 + 4 * (k * 32 + t->tx), r);
        r = IADD(t, v, r);
        LOOP(t, r);
    }
    STG(t, 0x9000 + 4 * t->tx, NOREG, r);
    EXIT(t);
}

static const char *opname(const optab_t *ops, const inst_t *in) { return ops->name[in->opcode]; }

static void merge(void **state)
{
    (void)state;
    static simt_prog_t prog;
    simt_lane_t lanes[WARP_SIZE] = {0};
    tb_t tb = {0};
    optab_t ops = {0};
    const unsigned bd[3] = {32, 1, 1}, gd[2] = {1, 1};
    assert_int_equal(simt_warp(kern, NULL, bd, gd, 0, 0, 0, &prog, lanes, &tb, &ops), 0);
    const uint32_t stay = 0xfffff;   /* lanes 0..19 stay */
    uint32_t k1 = 0, k2 = 0;   /* lanes with tx % 3 >= 1, >= 2 (among 0..19) */
    for (unsigned l = 0; l < 20; l++) {
        k1 |= (uint32_t)(l % 3 >= 1) << l;
        k2 |= (uint32_t)(l % 3 >= 2) << l;
    }
    /* S2R, ISETP (all), EXIT (lanes 20..31), then iteration 0 (LDG IADD ISETP BRA
     * for k1), iteration 1 (for k2), STG and EXIT for the 20 */
    static const char *const want_op[] = {"S2R", "ISETP.GE.AND", "EXIT", "LDG.E", "IADD", "ISETP.NE.AND", "BRA",
                                          "LDG.E", "IADD", "ISETP.NE.AND", "BRA", "STG.E", "EXIT"};
    const uint32_t want_mask[] = {~0u, ~0u, ~stay, k1, k1, k1, k1, k2, k2, k2, k2, stay, stay};
    assert_int_equal(tb.ninst, 13);
    for (unsigned i = 0; i < 13; i++) {
        assert_string_equal(opname(&ops, &tb.inst[i]), want_op[i]);
        assert_int_equal(tb.inst[i].mask, want_mask[i]);
    }
    /* PCs in source order, the loop's second iteration at the first's */
    assert_true(tb.inst[3].pc == tb.inst[7].pc && tb.inst[3].pc > tb.inst[2].pc && tb.inst[11].pc > tb.inst[10].pc);
    /* the second iteration's loads: lanes 2, 5, 8, ... at a[32 + tx], in lane order */
    const inst_t *ld = &tb.inst[7];
    assert_int_equal(ld->width, 4);
    for (unsigned i = 0, l = 2; l < 20; l += 3, i++)
        assert_int_equal(tb.addr[ld->addr + i], 0x1000 + 4 * (32 + l));
    /* registers: the load writes its site's register, the IADD reads it */
    assert_int_equal(tb.inst[3].ndst, 1);
    assert_int_equal(tb.inst[4].src[0], tb.inst[3].dst[0]);
    assert_int_equal(tb.inst[11].nsrc, 1);   /* STG: the value (the address register was none) */
    tb_free(&tb);
    optab_free(&ops);
    simt_lanes_free(lanes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(merge)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
