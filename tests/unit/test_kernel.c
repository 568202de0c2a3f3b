/* test_kernel.c - inst_expand (sim/workload/kernel.c): the registers the
 * tracer leaves implicit, derived from the access width and the opcode. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "workload/kernel.h"

#define R(n) ((uint16_t)(REG_R + (n)))

static inst_t mk(op_class_t cls, unsigned width, int dst, int src0, int src1)
{
    inst_t in = {.cls = (uint8_t)cls, .width = (uint8_t)width};
    if (dst >= 0)
        in.dst[in.ndst++] = R(dst);
    if (src0 >= 0)
        in.src[in.nsrc++] = R(src0);
    if (src1 >= 0)
        in.src[in.nsrc++] = R(src1);
    return in;
}

static void assert_regs(const uint16_t *got, unsigned n, const unsigned *want, unsigned m)
{
    assert_int_equal(n, m);
    for (unsigned i = 0; i < m; i++)
        assert_int_equal(got[i], R(want[i]));
}

/* LDG.E.128 R8, [R4]: writes R8..R11, reads R4 and R5 (a 64-bit address). */
static void load_quad(void **state)
{
    (void)state;
    inst_t in = mk(OP_LDG, 16, 8, 4, -1);
    inst_expand(&in, 1);
    assert_regs(in.dst, in.ndst, (const unsigned[]){8, 9, 10, 11}, 4);
    assert_regs(in.src, in.nsrc, (const unsigned[]){4, 5}, 2);
}

/* LDG.E.64 R6, [R4]: R6, R7; a 32-bit LDS R2, [R3]: nothing added. */
static void load_pair_and_shared(void **state)
{
    (void)state;
    inst_t in = mk(OP_LDG, 8, 6, 4, -1);
    inst_expand(&in, 1);
    assert_regs(in.dst, in.ndst, (const unsigned[]){6, 7}, 2);
    in = mk(OP_LDS, 4, 2, 3, -1);
    inst_expand(&in, 0);
    assert_regs(in.dst, in.ndst, (const unsigned[]){2}, 1);
    assert_regs(in.src, in.nsrc, (const unsigned[]){3}, 1);
}

/* STG.E.128 [R6], R8: reads the address pair R6, R7 and the data R8..R11. */
static void store_quad(void **state)
{
    (void)state;
    inst_t in = mk(OP_STG, 16, -1, 6, 8);
    inst_expand(&in, 1);
    assert_int_equal(in.ndst, 0);
    assert_regs(in.src, in.nsrc, (const unsigned[]){6, 7, 8, 9, 10, 11}, 6);
}

/* A trace that lists the pair already (an older trace-gen) is unchanged; RZ
 * has no pair; a non-memory instruction is left alone. */
static void already_listed_and_rz(void **state)
{
    (void)state;
    inst_t in = mk(OP_LDG, 8, 6, 4, -1);
    in.dst[in.ndst++] = R(7);
    in.src[in.nsrc++] = R(5);
    inst_expand(&in, 1);
    assert_regs(in.dst, in.ndst, (const unsigned[]){6, 7}, 2);
    assert_regs(in.src, in.nsrc, (const unsigned[]){4, 5}, 2);
    in = mk(OP_STG, 8, -1, 2, 255);   /* STG.E.64 [R2], RZ */
    inst_expand(&in, 1);
    assert_regs(in.src, in.nsrc, (const unsigned[]){2, 3, 255}, 3);
    in = mk(OP_INT, 0, 1, 2, 3);
    inst_expand(&in, 0);
    assert_regs(in.dst, in.ndst, (const unsigned[]){1}, 1);
    assert_regs(in.src, in.nsrc, (const unsigned[]){2, 3}, 2);
}

/* The opcode table marks 64-bit global addresses by the ".E" part. */
static void addr64_by_opcode(void **state)
{
    (void)state;
    optab_t t = {0};
    int a = optab_intern(&t, "LDG.E.128"), b = optab_intern(&t, "LDG.128"), c = optab_intern(&t, "LDS.U.32"),
        d = optab_intern(&t, "STG.E.SYS"), e = optab_intern(&t, "IADD.E");
    assert_true(t.addr64[a] && !t.addr64[b] && !t.addr64[c] && t.addr64[d] && !t.addr64[e]);
    optab_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(load_quad), cmocka_unit_test(load_pair_and_shared), cmocka_unit_test(store_quad),
        cmocka_unit_test(already_listed_and_rz), cmocka_unit_test(addr64_by_opcode),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
