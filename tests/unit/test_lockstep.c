/* test_lockstep.c - the lockstep object driven cycle by cycle with inputs the
 * test computes, as the system model drives it: the C model alone and the
 * Verilated RTL with the C model, through the value arrays and through the
 * blocks' C structs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dram_sched.h"
#include "fifo.h"
#include "lockstep.h"
#include "mrpb.h"
#include "rng.h"

static lockstep_t *open_block(const char *name, int rtl, const char *const *sets)
{
    ls_settings_t st;
    const block_t *b = block_find(name);
    assert_non_null(b);
    ls_settings_init(&st, b);
    for (; sets && *sets; sets++)
        assert_int_equal(ls_set(&st, *sets, "test"), 0);
    ls_opts_t o = {.rtl = rtl, .seed = 1, .init_random = 1, .report = 1};
    return ls_open(&st, &o);
}

/* Push 1..5 into a Depth=5 fifo, then pop them: the head word and the count
 * every cycle, in both modes. */
static void fifo_by_struct(void **state)
{
    (void)state;
    static const char *const sets[] = {"Depth=5", "Width=13", NULL};
    for (int rtl = 0; rtl < 2; rtl++) {
        lockstep_t *ls = open_block("fifo", rtl, sets);
        assert_non_null(ls);
        assert_int_equal(ls_rtl(ls) != NULL, rtl);
        fifo_in_t in;
        fifo_out_t out;
        for (unsigned k = 1; k <= 5; k++) {
            memset(&in, 0, sizeof in);
            in.push = 1;
            in.wdata = 0x100 + k;
            assert_int_equal(ls_step_io(ls, 1, &in, &out), 0);
            assert_int_equal(out.count, k - 1);
            assert_int_equal(out.rdata, k == 1 ? 0 : 0x101);
        }
        memset(&in, 0, sizeof in);
        assert_int_equal(ls_eval_io(ls, 1, &in, &out), 0);
        assert_int_equal(out.full, 1);
        assert_int_equal(ls_tick(ls), 0);
        for (unsigned k = 1; k <= 5; k++) {
            in.pop = 1;
            assert_int_equal(ls_step_io(ls, 1, &in, &out), 0);
            assert_int_equal(out.rdata, 0x100 + k);
            assert_int_equal(out.count, 6 - k);
        }
        in.pop = 0;
        assert_int_equal(ls_step_io(ls, 1, &in, &out), 0);
        assert_int_equal(out.empty, 1);
        ls_counts_t n;
        ls_close(ls, &n);
        assert_int_equal(n.cycles, 12);
        assert_int_equal(n.mismatch, 0);
        assert_int_equal(n.assert_failed, 0);
    }
}

/* Several evaluations in one cycle (the caller looks at the outputs before
 * it settles its inputs), then the clock edge with the last inputs. */
static void eval_twice_then_tick(void **state)
{
    (void)state;
    for (int rtl = 0; rtl < 2; rtl++) {
        lockstep_t *ls = open_block("fifo", rtl, NULL);   /* the default set */
        assert_non_null(ls);
        assert_int_equal(ls_param(ls)[0], 8);
        fifo_in_t in = {.push = 1, .wdata = 7};
        fifo_out_t out;
        assert_int_equal(ls_eval_io(ls, 1, &in, &out), 0);
        in.push = 0;                                       /* changed its mind */
        assert_int_equal(ls_eval_io(ls, 1, &in, &out), 0);
        assert_int_equal(ls_tick(ls), 0);
        assert_int_equal(ls_eval_io(ls, 1, &in, &out), 0);
        assert_int_equal(out.count, 0);
        ls_close(ls, NULL);
    }
}

/* The RTL's fixed points: a fifo holding two words, idle. Its first idle
 * cycle has new inputs (evaluated); the second repeats them and changes no
 * state (evaluated, found still); the next eight are not evaluated. A push
 * ends it; pops with the same inputs change the state every cycle, so none
 * is skipped. The outputs are right in every cycle; every_cycle evaluates
 * them all; a C model wrong in a skipped cycle is still caught, since the
 * RTL's outputs (the last evaluation's) are compared in every cycle. */
static unsigned fixed_points_run(int every_cycle, uint64_t break_at, int threads, int *failed_at)
{
    ls_settings_t st;
    ls_settings_init(&st, block_find("fifo"));
    ls_opts_t o = {.rtl = 1, .seed = 1, .init_random = 1, .every_cycle = every_cycle, .break_at = break_at,
                   .threads = threads};
    lockstep_t *ls = ls_open(&st, &o);
    assert_non_null(ls);
    fifo_in_t in = {0};
    fifo_out_t out;
    *failed_at = -1;
    for (int c = 0; c < 16 && *failed_at < 0; c++) {
        memset(&in, 0, sizeof in);
        if (c < 2 || c == 12) {
            in.push = 1;
            in.wdata = 0x50 + (unsigned)c;
        }
        if (c > 12)
            in.pop = 1;
        if (ls_step_io(ls, 1, &in, &out)) {
            *failed_at = c;
            break;
        }
        if (break_at && (uint64_t)c >= break_at)
            continue;   /* (two threads: the C model's wrong output is not caught yet) */
        unsigned count = c < 2 ? (unsigned)c : c <= 12 ? 2 : (unsigned)(16 - c);
        assert_int_equal(out.count, count);
        assert_int_equal(out.rdata, c == 0 ? 0 : c <= 13 ? 0x50 : c == 14 ? 0x51 : 0x5c);
    }
    uint64_t fc;
    if (ls_failed(ls, &fc)) {   /* (with two threads, the RTL's thread may find it after the caller's loop) */
        assert_true(threads > 1 || (uint64_t)*failed_at == fc);
        *failed_at = (int)fc;
    } else {
        assert_int_equal(*failed_at, -1);
    }
    ls_counts_t n;
    ls_close(ls, &n);
    assert_int_equal(n.mismatch, *failed_at >= 0);
    return (unsigned)n.rtl_still;
}

static void fixed_points(void **state)
{
    (void)state;
    int f;
    /* the same in one thread and in two (the RTL's fixed points on its own thread) */
    for (int threads = 1; threads <= 2; threads++) {
        assert_int_equal(fixed_points_run(0, 0, threads, &f), 8);
        assert_int_equal(f, -1);
        assert_int_equal(fixed_points_run(1, 0, threads, &f), 0);
        assert_int_equal(f, -1);
        /* cycle 0 is ls_open's first ls_step_io here: the C model's output is wrong in cycle 8 */
        fixed_points_run(0, 8, threads, &f);
        assert_int_equal(f, 8);
    }
}

/* Two threads over many batches of cycles: tbas' random stimulus, its C
 * model's output made wrong at cycle K (and none): the failure is found at
 * K, the calls after it return 1, and the RTL's fixed-point count is the
 * one-thread run's. */
/* An RTL assertion alone (the C model's usage checks off): a fifo pushed
 * when full, in cycle 8 of Depth=8. Caught at that cycle's edge, in one
 * thread and in two (the RTL's thread records it in its model's context),
 * and, with a second fifo opened after it (the last Verilated context
 * constructed), by the model that fired, not by the other. */
static void push_when_full(lockstep_t *ls)
{
    fifo_in_t in = {.push = 1, .wdata = 0x33};
    fifo_out_t out;
    for (int c = 0; c < 12; c++)
        if (ls_step_io(ls, 1, &in, &out))
            break;
}

static void rtl_assertion_alone(void **state)
{
    (void)state;
    ls_settings_t st;
    ls_settings_init(&st, block_find("fifo"));
    for (int threads = 1; threads <= 2; threads++) {
        ls_opts_t o = {.rtl = 1, .seed = 1, .init_random = 1, .no_checks = 1, .threads = threads};
        lockstep_t *ls = ls_open(&st, &o);
        assert_non_null(ls);
        push_when_full(ls);
        uint64_t fc = 0;
        assert_int_equal(ls_failed(ls, &fc), 1);
        assert_int_equal(fc, 8);
        ls_counts_t n;
        ls_close(ls, &n);
        assert_int_equal(n.assert_failed, 1);
        assert_int_equal(n.mismatch, 0);
    }
    ls_opts_t o = {.rtl = 1, .seed = 1, .init_random = 1, .no_checks = 1};
    lockstep_t *a = ls_open(&st, &o), *b = ls_open(&st, &o);
    assert_non_null(a);
    assert_non_null(b);
    fifo_in_t idle = {0};
    fifo_out_t out;
    push_when_full(a);
    for (int c = 0; c < 12; c++)
        assert_int_equal(ls_step_io(b, 1, &idle, &out), 0);
    uint64_t fc = 0;
    assert_int_equal(ls_failed(a, &fc), 1);
    assert_int_equal(fc, 8);
    assert_int_equal(ls_failed(b, NULL), 0);
    ls_close(a, NULL);
    ls_close(b, NULL);
}

static void two_threads(void **state)
{
    (void)state;
    const block_t *b = block_find("tbas");
    ls_settings_t st;
    ls_settings_init(&st, b);
    const uint64_t ks[] = {0, 1, 700, 3001, 4999};
    for (unsigned i = 0; i < sizeof ks / sizeof *ks; i++) {
        ls_counts_t n[3];
        for (int mode = 0; mode < 3; mode++) {   /* one thread; two, batches of 128; two, of 1 024 (the system's) */
            const int threads = mode ? 2 : 1;
            ls_opts_t o = {.rtl = 1, .seed = 3, .init_random = 1, .break_at = ks[i], .threads = threads,
                           .batch = mode == 2 ? 1024 : 0};
            lockstep_t *ls = ls_open(&st, &o);
            assert_non_null(ls);
            uint64_t *vin = calloc(ls_in(ls)->words + 1, sizeof *vin);
            rng_t r;
            rng_seed(&r, 3);
            int rc = 0;
            uint64_t c;
            for (c = 0; c < 5000 && !rc; c++) {
                b->gen(ls_model(ls), &r, vin);
                rc = ls_step(ls, c > 2, vin, NULL);
            }
            if (ks[i] && threads == 1)
                assert_int_equal(c, ks[i] + 1);   /* one thread: at once */
            if (rc)
                assert_int_equal(ls_step(ls, 1, vin, NULL), 1);   /* and after */
            uint64_t fc = 0;
            assert_int_equal(ls_failed(ls, &fc), ks[i] != 0);
            if (ks[i])
                assert_int_equal(fc, ks[i]);
            ls_close(ls, &n[mode]);
            free(vin);
        }
        for (int mode = 1; mode < 3; mode++) {
            assert_int_equal(n[0].mismatch, n[mode].mismatch);
            assert_int_equal(n[0].fail_cycle, n[mode].fail_cycle);
            if (!ks[i])
                assert_int_equal(n[0].rtl_still, n[mode].rtl_still);
        }
    }
}

/* mrpb's C side keeps a cycle's decision from its evaluation for the clock
 * edge (tb/mrpb_tb.c, memo_eval): an edge at other inputs than the
 * evaluation's, or after a reset, must decide anew. 3 000 cycles of random
 * requests and L1 answers, each evaluated at one set of inputs and clocked at
 * another about half the time (the answers drawn again), every few hundred a
 * reset between the two, against the C model clocked directly at the
 * edge's inputs: the outputs of both, evaluated at the edge's inputs, agree
 * in every cycle. */
static void mrpb_decision_memo(void **state)
{
    (void)state;
    lockstep_t *ls = open_block("mrpb", 0, NULL);
    assert_non_null(ls);
    const block_t *b = ls_block(ls);
    void *m = ls_model(ls);
    const mrpb_state_t *got = ls_state(ls);
    mrpb_state_t *ref = malloc(sizeof *ref);
    assert_non_null(ref);
    assert_int_equal(mrpb_init(ref, &got->cfg), 0);
    b->reset(m);
    rng_t r;
    rng_seed(&r, 7);
    unsigned nq = got->cfg.num_queues, redecided = 0;
    for (unsigned c = 0; c < 3000; c++) {
        mrpb_in_t a = {.reorder = 1, .flush = 1, .bypass = MRPB_BYP_ASSOC};
        a.in_valid = rng_pct(&r, 70);
        a.in_write = rng_pct(&r, 10);
        a.in_warp = rng_below(&r, nq);
        a.in_addr = rng_bits(&r, got->cfg.addr_w);
        a.in_tag = rng_bits(&r, got->cfg.tag_w);
        a.l1_ready = rng_pct(&r, 40);
        a.l1_stall_assoc = rng_pct(&r, 50);
        a.byp_ready = rng_pct(&r, 50);
        mrpb_in_t e = a;
        if (rng_pct(&r, 50)) {
            e.l1_ready = rng_pct(&r, 40);
            e.l1_stall_assoc = rng_pct(&r, 50);
            e.byp_ready = rng_pct(&r, 50);
            redecided += memcmp(&a, &e, sizeof a) != 0;
        }
        mrpb_out_t o1, o2;
        b->eval_s(m, &a, &o1);
        if (c % 300 == 299) {   /* a reset between the evaluation and the edge */
            b->reset(m);
            mrpb_reset(ref);
        }
        b->tick_s(m, &e);
        mrpb_tick(ref, &e);
        mrpb_eval(got, &e, &o1);
        mrpb_eval(ref, &e, &o2);
        assert_memory_equal(&o1, &o2, sizeof o1);
    }
    assert_true(redecided > 1000);
    free(ref);
    ls_close(ls, NULL);
}

/* A usage error (pop when empty) stops both modes with an assertion. */
static void usage_error(void **state)
{
    (void)state;
    for (int rtl = 0; rtl < 2; rtl++) {
        lockstep_t *ls = open_block("fifo", rtl, NULL);
        fifo_in_t in = {.pop = 1};
        assert_int_equal(ls_step_io(ls, 1, &in, NULL), 1);
        ls_counts_t n;
        ls_close(ls, &n);
        assert_int_equal(n.assert_failed, 1);
        assert_int_equal(n.fail_cycle, 0);
    }
}

/* An input wider than its port is refused (2), not truncated. */
static void input_too_wide(void **state)
{
    (void)state;
    static const char *const sets[] = {"Depth=5", "Width=13", NULL};
    lockstep_t *ls = open_block("fifo", 1, sets);
    fifo_in_t in = {.push = 1, .wdata = 0x2000};
    assert_int_equal(ls_step_io(ls, 1, &in, NULL), 2);
    ls_close(ls, NULL);
}

/* RTL at a parameter set that was not Verilated: no object; C-only is fine. */
static void unbuilt_set(void **state)
{
    (void)state;
    static const char *const sets[] = {"Depth=3", NULL};
    assert_null(open_block("fifo", 1, sets));
    lockstep_t *ls = open_block("fifo", 0, sets);
    assert_non_null(ls);
    ls_close(ls, NULL);
}

/* dram_sched inputs of one cycle under FR-FCFS: a read to bank 1 (with every bank ready or
 * none), or every bank ready. */
static dram_sched_in_t ds_read(uint64_t addr, uint64_t row, uint64_t ready)
{
    return (dram_sched_in_t){.policy = DS_FRFCFS, .rd_valid = 1, .rd_addr = addr, .rd_bank = 1, .rd_row = row,
                             .bank_ready = ready};
}

static dram_sched_in_t ds_ready(void) { return (dram_sched_in_t){.policy = DS_FRFCFS, .bank_ready = 0xf}; }

/* dram_sched through its structs: two reads to one bank's open row and a
 * third to another row; FR-FCFS serves the hit first. The shortlist stage
 * sees cycle t (queue; the bank readiness given in t - 1: it is registered at
 * the input), the choice is made in t+1 and handed over in t+2
 * (docs/dram_sched.md, "Pipeline"). Compared in lockstep. */
static void dram_sched_frfcfs(void **state)
{
    (void)state;
    static const char *const sets[] = {"RdQ=8", "WrQ=8", "HighWM=6", "LowWM=2", "BankW=2", "RowW=4", "AddrW=8",
                                       "policy=fr-fcfs", NULL};
    for (int rtl = 0; rtl < 2; rtl++) {
        lockstep_t *ls = open_block("dram_sched", rtl, sets);
        assert_non_null(ls);
        dram_sched_in_t in;
        dram_sched_out_t out;
        /* cycle 0: read A (bank 1 row 3) queued, the bank ready (for cycle 1);
         * cycle 1: A is shortlisted; cycle 2: A is chosen (opens row 3); cycle
         * 3: A is handed over (sched_*) */
        in = ds_read(0xA, 3, 0xf);
        assert_int_equal(ls_step_io(ls, 1, &in, &out), 0);
        assert_int_equal(out.rd_ready, 1);
        in = (dram_sched_in_t){.policy = DS_FRFCFS};
        assert_int_equal(ls_step_io(ls, 1, &in, &out), 0);
        assert_int_equal(out.sched_valid, 0);
        /* cycles 2, 3: read B (bank 1 row 5), then read C (bank 1 row 3), bank
         * busy; ready again with C (for cycle 4) */
        in = ds_read(0xB, 5, 0);
        assert_int_equal(ls_step_io(ls, 1, &in, &out), 0);
        assert_int_equal(out.sched_valid, 0);
        in = ds_read(0xC, 3, 0xf);
        assert_int_equal(ls_step_io(ls, 1, &in, &out), 0);
        assert_int_equal(out.sched_valid, 1);
        assert_int_equal(out.sched_addr, 0xA);
        /* cycle 4: bank ready: C, the row hit, is shortlisted before the older B;
         * cycle 5: C is chosen (B is shortlisted, C being excluded) ... */
        in = ds_ready();
        assert_int_equal(ls_step_io(ls, 1, &in, &out), 0);
        assert_int_equal(out.sched_valid, 0);
        assert_int_equal(ls_step_io(ls, 1, &in, &out), 0);
        assert_int_equal(out.sched_valid, 0);
        /* ... cycle 6: C is handed over, a hit on row 3, and B is chosen ... */
        assert_int_equal(ls_step_io(ls, 1, &in, &out), 0);
        assert_int_equal(out.sched_valid, 1);
        assert_int_equal(out.sched_addr, 0xC);
        assert_int_equal(out.sched_hit, 1);
        assert_int_equal(out.open_valid[1], 1);
        assert_int_equal(out.open_row[1], 3);
        /* ... cycle 7: B is handed over, a miss that opened row 5 */
        assert_int_equal(ls_step_io(ls, 1, &in, &out), 0);
        assert_int_equal(out.sched_valid, 1);
        assert_int_equal(out.sched_addr, 0xB);
        assert_int_equal(out.sched_hit, 0);
        assert_int_equal(out.open_row[1], 5);
        ls_counts_t n;
        ls_close(ls, &n);
        assert_int_equal(n.mismatch, 0);
    }
}

/* Fixed points of a model whose submodules Verilator keeps apart from its
 * root object (dram_sched's shortlists, registers of their own): idle until
 * its queue slots' ages saturate (it has no fixed point before: they count
 * every cycle), then two writes queued with no bank ready, then every bank
 * ready and nothing else for 12 cycles. The grants come in the same cycles
 * with and without the fixed points skipped, the lockstep is clean, and the
 * idle cycles after the ages saturate are skipped. */
static void dram_sched_fixed_points(void **state)
{
    (void)state;
    static const char *const sets[] = {"RdQ=8", "WrQ=8", "HighWM=6", "LowWM=2", "BankW=2", "RowW=4", "AddrW=8",
                                       "policy=fr-fcfs", NULL};
    uint64_t grants[2] = {0, 0}, still[2];
    for (int every = 0; every < 2; every++) {
        ls_settings_t st;
        ls_settings_init(&st, block_find("dram_sched"));
        for (const char *const *s = sets; *s; s++)
            assert_int_equal(ls_set(&st, *s, "test"), 0);
        ls_opts_t o = {.rtl = 1, .seed = 1, .init_random = 1, .report = 1, .every_cycle = every};
        lockstep_t *ls = ls_open(&st, &o);
        assert_non_null(ls);
        dram_sched_in_t in;
        dram_sched_out_t out;
        for (int c = 0; c < 40016; c++) {
            in = (dram_sched_in_t){.policy = DS_FRFCFS, .bank_ready = c < 40004 ? 0 : 0xf};
            if (c >= 40000 && c < 40002)
                in.wr_valid = 1, in.wr_addr = 0x10 + (uint64_t)(c & 1), in.wr_bank = 2, in.wr_row = 7;
            assert_int_equal(ls_step_io(ls, 1, &in, &out), 0);
            grants[every] |= (uint64_t)out.sched_valid << (c >= 40000 ? c - 40000 : 0);   /* none before */
        }
        ls_counts_t n;
        ls_close(ls, &n);
        assert_int_equal(n.mismatch, 0);
        still[every] = n.rtl_still;
    }
    assert_true(grants[0] != 0);
    assert_int_equal(grants[0], grants[1]);
    assert_true(still[0] > 0);
    assert_int_equal(still[1], 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fifo_by_struct),   cmocka_unit_test(eval_twice_then_tick),
        cmocka_unit_test(usage_error),      cmocka_unit_test(input_too_wide),
        cmocka_unit_test(unbuilt_set),      cmocka_unit_test(dram_sched_frfcfs),
        cmocka_unit_test(fixed_points),     cmocka_unit_test(dram_sched_fixed_points),
        cmocka_unit_test(mrpb_decision_memo), cmocka_unit_test(two_threads),
        cmocka_unit_test(rtl_assertion_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
