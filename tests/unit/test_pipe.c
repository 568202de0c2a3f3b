/* test_pipe.c - GPGPU-Sim's issue pipeline (sim/core/pipe.c, sm.pipeline=
 * gpgpusim), its stages driven one call at a time on an SM holding one
 * block: the register banks (bank (r + warp) mod 16, one read per bank and
 * cycle, the oldest collector first, a writeback first), the collectors'
 * and ID_OC register's sizes, the fetch's round-robin, MEMBAR waiting for
 * the warp's instructions in the pipeline. Each outcome is worked out by
 * hand in the comments. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/sm.h"
#include "io/config.h"
#include "sm_block.h"

static sm_t sm;
static optab_t ops;
static kinfo_t kinfo;
static config_t cfg;

/* An SM (one scheduler, the defaults: GPGPU-Sim's GTX480 pipeline, plus
 * keys) with one block of nwarps warps running prog[0..n-1]. */
static void setup_edit(const char *const *keys, unsigned nwarps, const sm_ispec_t *prog, unsigned n,
                       void (*edit)(tb_t *tb))
{
    config_defaults(&cfg);
    assert_int_equal(config_set(&cfg, "sm.schedulers=1", "test"), 0);
    for (; keys && *keys; keys++)
        assert_int_equal(config_set(&cfg, *keys, "test"), 0);
    assert_int_equal(config_check(&cfg), 0);
    sim_blkopts_t bo;
    memset(&bo, 0, sizeof bo);
    memset(&sm, 0, sizeof sm);   /* sm_init takes a zeroed SM (sm.h) */
    assert_int_equal(sm_init(&sm, &cfg, 0, &bo), 0);
    sm_block_add_edit(&sm, &kinfo, &ops, nwarps, prog, n, edit);
}

static void setup(const char *const *keys, unsigned nwarps, const sm_ispec_t *prog, unsigned n)
{
    setup_edit(keys, nwarps, prog, n, NULL);
}

static void teardown(void)
{
    sm_free(&sm);
    optab_free(&ops);
}

/* Warp 0 reads R2 (bank 2 + 0), warp 1 reads R1 (bank 1 + 1 = 2): their
 * collectors, allocated in one cycle (two in-ports), ask for bank 2 in the
 * next; the older (warp 0's, allocated first) reads, warp 1's waits a cycle.
 * With warp 1 reading R2 (bank 3) both read at once. */
static int w1_src;
static void w1_reads(tb_t *tb) { tb->inst[1].src[0] = (uint16_t)(REG_R + w1_src); }   /* warp 1's */

static void bank_case(int src, unsigned want_conflicts)
{
    const sm_ispec_t prog[] = {{"IADD3", 10, {2, -1}}};
    w1_src = src;
    setup_edit(NULL, 2, prog, 1, w1_reads);
    pipe_enter(&sm, 0, 0, 0);
    pipe_enter(&sm, 1, 1, 0);
    pipe_operands(&sm);   /* both into collectors 0 (warp 0) and 1 (warp 1) */
    assert_int_equal(sm.pipe.cu_valid[PU_SP], 3);
    assert_int_equal(sm.pipe.cu_reading[PU_SP], 3);
    assert_int_equal(sm.pipe.cu[PU_SP][0].e.warp, 0);
    pipe_operands(&sm);   /* the reads */
    assert_int_equal(sm.st.reg_bank_conflicts, want_conflicts);
    assert_int_equal(sm.pipe.cu_reading[PU_SP], want_conflicts ? 2 : 0);   /* warp 1's still reading */
    pipe_operands(&sm);   /* warp 0's to OC_EX (and warp 1's too without the conflict); warp 1 reads */
    assert_int_equal(sm.pipe.oc_ex[PU_SP].n, want_conflicts ? 1 : 2);
    assert_int_equal(sm.pipe.oc_ex[PU_SP].e[sm.pipe.oc_ex[PU_SP].head].warp, 0);
    assert_int_equal(sm.pipe.cu_reading[PU_SP], 0);
    teardown();
}
static void test_bank_conflict_oldest_first(void **state)
{
    (void)state;
    bank_case(1, 1);
}
static void test_no_conflict(void **state)
{
    (void)state;
    bank_case(2, 0);
}

/* A writeback takes its bank first: warp 0's result in R2 (bank 2) is
 * written back in cycle 5, so warp 1's collector reading R1 (bank 2) waits
 * until cycle 6. The register is released at 5. */
static void test_writeback_first(void **state)
{
    (void)state;
    const sm_ispec_t prog[] = {{"IADD3", 2, {-1, -1}}, {"IADD3", 9, {1, -1}}};
    setup(NULL, 2, prog, 2);
    pipe_enter(&sm, 1, 3, 0);   /* warp 1's second instruction (index 2 + 1) */
    pipe_operands(&sm);         /* into a collector */
    sm.pipe.wb[5][0] = (pipe_ent_t){.warp = 0, .inst = 0};
    sm.pipe.wbn[5] = 1;
    sm.pipe.inflight++;
    sm.warp[0].npipe++;
    pipe_writeback(&sm, 5);
    assert_int_equal(sm.pipe.bank_wr, 1u << 2);
    assert_int_equal(sm.reg_ready[0 * REG_IDS + REG_R + 2], 5);
    pipe_operands(&sm);
    assert_int_equal(sm.pipe.cu_reading[PU_SP], 1);   /* refused */
    assert_int_equal(sm.st.reg_bank_conflicts, 1);
    pipe_writeback(&sm, 6);
    pipe_operands(&sm);
    assert_int_equal(sm.pipe.cu_reading[PU_SP], 0);   /* read */
    teardown();
}

/* The ID_OC register holds sm.id_oc_sp; the collectors take what they have
 * room for (sm.oc_units_sp), the rest stays in ID_OC. */
static void test_widths(void **state)
{
    (void)state;
    const sm_ispec_t prog[] = {{"IADD3", 10, {-1, -1}}};
    const char *const one[] = {"sm.oc_units_sp=1", NULL};
    setup(one, 3, prog, 1);
    assert_true(pipe_can_take(&sm, OP_INT));
    pipe_enter(&sm, 0, 0, 0);
    pipe_enter(&sm, 1, 1, 0);
    assert_false(pipe_can_take(&sm, OP_INT));   /* ID_OC_SP: 2 */
    assert_true(pipe_can_take(&sm, OP_SFU));    /* another type's register */
    pipe_operands(&sm);
    assert_int_equal(sm.pipe.cu_valid[PU_SP], 1);   /* one collector */
    assert_int_equal(sm.pipe.id_oc[PU_SP].n, 1);
    teardown();
    const char *const three[] = {"sm.id_oc_sp=3", NULL};
    setup(three, 3, prog, 1);
    pipe_enter(&sm, 0, 0, 0);
    pipe_enter(&sm, 1, 1, 0);
    assert_true(pipe_can_take(&sm, OP_INT));
    pipe_operands(&sm);
    assert_int_equal(sm.pipe.cu_valid[PU_SP], 3);   /* two in-ports: two collectors a cycle */
    teardown();
}

/* Fetch: one warp a cycle whose buffer is empty, round-robin after the one
 * fetched last, decoded the next cycle. Warps 0-3 start empty: fetched 0,
 * 1, 2; when warp 0 empties again before warp 3 is fetched, 3 comes first. */
static void test_fetch_round_robin(void **state)
{
    (void)state;
    const sm_ispec_t prog[] = {{"IADD3", 10, {-1, -1}}, {"IADD3", 11, {-1, -1}}, {"IADD3", 12, {-1, -1}}};
    setup(NULL, 4, prog, 3);
    int order[5];
    for (unsigned c = 0; c < 5; c++) {
        if (c == 3) {   /* warp 0 issued its two */
            sm.warp[0].ibuf = 0;
            sm.pipe.need_fetch |= 1;
        }
        pipe_fetch(&sm, c);
        order[c] = sm.pipe.fetch_warp;
    }
    assert_int_equal(order[0], 0);
    assert_int_equal(order[1], 1);
    assert_int_equal(order[2], 2);
    assert_int_equal(order[3], 3);
    assert_int_equal(order[4], 0);
    assert_int_equal(sm.warp[1].ibuf, 2);   /* decoded in cycle 2 ... */
    assert_int_equal(sm.warp[1].ibuf_at, 3);   /* ... issuable from 3 */
    teardown();
}

/* MEMBAR waits for the warp's instructions in the pipeline: the IADD3
 * issued in cycle 2 (fetched 0, decoded 1; collector 3, its source read 4,
 * OC_EX 5, SP unit 6) is written back sm.lat_int + 6 later, in 12; the
 * MEMBAR behind it in the buffer issues then, not in 3. */
static void test_membar_waits(void **state)
{
    (void)state;
    const sm_ispec_t prog[] = {{"IADD3", 10, {1, -1}}, {"MEMBAR", -1, {-1, -1}}, {"EXIT", -1, {-1, -1}}};
    setup(NULL, 1, prog, 3);
    int issued[2] = {-1, -1};
    for (uint64_t c = 0; c < 40 && sm_busy(&sm); c++) {
        uint64_t before = sm.st.warp_insts;
        assert_int_equal(sm_cycle(&sm, c, c, NULL), 0);
        if (sm.st.warp_insts > before && before < 2)
            issued[before] = (int)c;
    }
    assert_int_equal(issued[0], 2);
    assert_int_equal(issued[1], 2 + (int)cfg.lat_int + 6);
    teardown();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bank_conflict_oldest_first),
        cmocka_unit_test(test_no_conflict),
        cmocka_unit_test(test_writeback_first),
        cmocka_unit_test(test_widths),
        cmocka_unit_test(test_fetch_round_robin),
        cmocka_unit_test(test_membar_waits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
