/* test_parboil_cp.c - Parboil's cp written per thread (sim/workload/parboil_cp.c):
 * addresses of chosen threads worked out by hand from
 * benchmarks/cp/src/cuda/cuenergy_pre8_coalesce.cu (cenergy, UNROLLX 8,
 * BLOCKSIZEX 16, BLOCKSIZEY 8) and main.cu (512 x 512, 40000 atoms in
 * launches of MAXATOMS 4000), and the workload cp's array and launches. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/kernels.h"
#include "workload/parboil_cp.h"

#include "simt_harness.h"

static const uint64_t G = 0x1000000;   /* energygrid */

/* one thread of the suite's geometry: blockDim (16, 8), gridDim (4, 64) */
static void run(run_t *r, uint64_t atoms, uint64_t launch, unsigned tx, unsigned ty, unsigned bx, unsigned by)
{
    simt_args_t a = {.arr = {G}, .n = atoms, .p = launch};
    simt_run(r, pbl_cp, &a, tx, ty, bx, by, PBL_CP_BX, PBL_CP_BY, 4, 64);
}

/* The host loop: ceil(atoms / 4000) launches, each of 4000 but the last. */
static void cp_chunks(void **state)
{
    (void)state;
    assert_int_equal(pbl_cp_launches(40000), 10);
    assert_int_equal(pbl_cp_runatoms(40000, 0), 4000);
    assert_int_equal(pbl_cp_runatoms(40000, 9), 4000);
    assert_int_equal(pbl_cp_launches(9000), 3);
    assert_int_equal(pbl_cp_runatoms(9000, 1), 4000);
    assert_int_equal(pbl_cp_runatoms(9000, 2), 1000);
    assert_int_equal(pbl_cp_launches(16), 1);
    assert_int_equal(pbl_cp_runatoms(16, 0), 16);
}

/* Thread (5, 3) of block (2, 10): xindex = 2 * 16 * 8 + 5 = 261, yindex = 10 * 8 + 3 = 83,
 * outaddr = (4 * 16 * 8) * 83 + 261 = 42757. After the atom loop (no memory access: the
 * atoms are in constant memory) energygrid[42757 + 16 k] is read and written for k = 0 .. 7:
 * G + 171028 + 64 k, load then store. */
static void cp_thread(void **state)
{
    (void)state;
    static run_t r;
    run(&r, 40000, 3, 5, 3, 2, 10);
    assert_int_equal(r.nmem, 16);
    for (unsigned k = 0; k < 8; k++) {
        assert_int_equal(r.mem[2 * k], G + 171028 + 64 * k);
        assert_string_equal(r.op[2 * k], "LDG.E");
        assert_int_equal(r.mem[2 * k + 1], G + 171028 + 64 * k);
        assert_string_equal(r.op[2 * k + 1], "STG.E");
    }
    /* the first thread: outaddr 0, G + 64 k; the last, (15, 7) of block (3, 63): xindex 399,
     * yindex 511, outaddr 512 * 511 + 399 = 262031, its last point 262031 + 112 = 262143 (G +
     * 1048572): the last of the 512 x 512 floats */
    run(&r, 40000, 0, 0, 0, 0, 0);
    for (unsigned k = 0; k < 8; k++)
        assert_int_equal(r.mem[2 * k], G + 64 * k);
    run(&r, 40000, 0, 15, 7, 3, 63);
    assert_int_equal(r.mem[0], G + 4 * 262031);
    assert_int_equal(r.mem[14], G + 1048572);
    assert_int_equal(r.mem[15] + 4, G + 4 * 512 * 512);
}

/* One thread's instructions: 14 before the loop (4 S2R, 3 IMAD, 2 x (I2F, FMUL), FMUL, the
 * entry test's ISETP and BRA), 41 per atom (IADD; LDC .y, FADD; LDC .z, FFMA; LDC .x, FADD;
 * 7 FADD; LDC .w; 8 x (FFMA, MUFU.RSQ, FFMA); ISETP, BRA), 25 after (8 x (LDG, FADD, STG),
 * EXIT). The launch's atoms: 4000, or the last chunk's rest (9000 atoms: 1000 in launch 2). */
static void cp_instructions(void **state)
{
    (void)state;
    static simt_prog_t prog;
    const uint64_t cases[3][3] = {{16, 0, 16}, {9000, 1, 4000}, {9000, 2, 1000}};
    for (unsigned c = 0; c < 3; c++) {
        memset(&prog, 0, sizeof prog);
        simt_lane_t lane = {0};
        simt_args_t a = {.arr = {G}, .n = cases[c][0], .p = cases[c][1]};
        simt_t t = {.tx = 1, .ty = 2, .bx = 1, .by = 1, .bdx = PBL_CP_BX, .bdy = PBL_CP_BY, .bdz = 1, .gdx = 4,
                    .gdy = 64, .arg = &a, .prog = &prog, .lane = &lane};
        pbl_cp(&t);
        assert_int_equal(t.err, 0);
        const uint64_t n = cases[c][2];
        assert_int_equal(lane.n, 14 + 41 * n + 25);
        unsigned ldc = 0, rsq = 0, ldg = 0;
        for (size_t x = 0; x < lane.n; x++) {
            const char *op = prog.site[lane.site[x]].op;
            ldc += !strcmp(op, "LDC");
            rsq += !strcmp(op, "MUFU.RSQ");
            ldg += !strcmp(op, "LDG.E");
        }
        assert_int_equal(ldc, 4 * n);
        assert_int_equal(rsq, 8 * n);
        assert_int_equal(ldg, 8);
        free(lane.site);
        free(lane.addr);
    }
}

/* Registers: each accumulator's FFMA reads the register it writes (the previous atom's
 * value), the LDCs read the loop index, whose IADD reads itself; the epilogue's FADD reads
 * the accumulator and the LDG's value. */
static void cp_registers(void **state)
{
    (void)state;
    static simt_prog_t prog;
    memset(&prog, 0, sizeof prog);
    simt_lane_t lane = {0};
    simt_args_t a = {.arr = {G}, .n = 3, .p = 0};
    simt_t t = {.bdx = PBL_CP_BX, .bdy = PBL_CP_BY, .bdz = 1, .gdx = 4, .gdy = 64, .arg = &a, .prog = &prog,
                .lane = &lane};
    pbl_cp(&t);
    assert_int_equal(t.err, 0);
    unsigned inc = 0, acc = 0;
    for (unsigned s = 0; s < SIMT_MAX_SITES; s++) {
        const simt_site_t *st = &prog.site[s];
        if (!st->used)
            continue;
        if (!strcmp(st->op, "IADD") && st->src[2] == st->dst)
            inc = s;
        if (!strcmp(st->op, "FFMA") && st->src[2] == st->dst) {
            acc++;
            assert_string_equal(prog.site[s - 1].op, "MUFU.RSQ");
            assert_int_equal(st->src[1], prog.site[s - 1].dst);
        }
        if (!strcmp(st->op, "LDC"))
            assert_int_equal(st->src[0], prog.site[inc].dst);
        if (!strcmp(st->op, "LDG.E")) {
            const simt_site_t *add = &prog.site[s + 1];
            assert_string_equal(add->op, "FADD");
            assert_int_equal(add->src[0], st->dst);
            assert_string_equal(prog.site[add->src[1] - 1 - 8].op, "FFMA");   /* R(8 + site) + 1 */
        }
    }
    assert_true(inc > 0);
    assert_int_equal(acc, 8);
    free(lane.site);
    free(lane.addr);
}

/* The workload: d_output of 512 x 512 floats, then one launch per chunk over a (4, 64) grid of
 * 16 x 8 blocks (4 warps). 9000 atoms: 3 launches; the last launch's warps are shorter (1000
 * atoms). Warp 1 of block (0, 0) is rows ty = 2 and 3: its first epilogue load reads
 * energygrid[1024 + l] for lanes l < 16 and energygrid[1536 + l - 16] for the others. */
static void cp_workload(void **state)
{
    (void)state;
    workload_t *w = builtin_open("cp", 9000);
    assert_non_null(w);
    assert_int_equal(w->ncmd, 1 + 3);
    assert_int_equal(w->cmd[0].kind, CMD_MEMCPY);
    assert_int_equal(w->cmd[0].region.size, 4u * 512 * 512);
    const uint64_t g = w->cmd[0].region.addr;
    tb_t tb = {0};
    for (unsigned l = 0; l < 3; l++) {
        assert_int_equal(w->cmd[1 + l].kind, CMD_KERNEL);
        kernel_t *k = w->open_kernel(w, 1 + l);
        assert_non_null(k);
        assert_string_equal(k->info.name, "_Z7cenergyifPf");
        assert_int_equal(k->info.grid[0], 4);
        assert_int_equal(k->info.grid[1], 64);
        assert_int_equal(k->info.block[0], 16);
        assert_int_equal(k->info.block[1], 8);
        assert_int_equal(k->info.shmem, 0);
        assert_int_equal(k->next_tb(k, &tb), 1);
        assert_int_equal(tb.nwarps, 4);
        assert_int_equal(tb.warp[1].count, 14 + 41 * (l < 2 ? 4000 : 1000) + 25);
        int found = 0;
        for (uint32_t x = tb.warp[1].first; x < tb.warp[1].first + tb.warp[1].count && !found; x++) {
            const inst_t *in = &tb.inst[x];
            if (!strcmp(k->ops.name[in->opcode], "LDG.E")) {
                assert_int_equal(in->mask, ~0u);
                for (unsigned ln = 0; ln < 32; ln++)
                    assert_int_equal(tb.addr[in->addr + ln], g + 4 * (ln < 16 ? 1024 + ln : 1536 + ln - 16));
                found = 1;
            }
        }
        assert_true(found);
        k->close(k);
    }
    tb_free(&tb);
    w->close(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(cp_chunks), cmocka_unit_test(cp_thread),
                                       cmocka_unit_test(cp_instructions), cmocka_unit_test(cp_registers),
                                       cmocka_unit_test(cp_workload)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
