/* test_apres_laws.c - directed tests of the LAWS C model (cmodel/apres_laws.h).
 *
 * Every expectation is worked out by hand from the rules in docs/apres.md
 * (the paper's Figure 8, the stable moves, the two-stage grouping), not
 * produced by the model.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "apres_laws.h"

#define ALL48 ((UINT64_C(1) << 48) - 1)

static apres_laws_out_t cyc(apres_laws_state_t *s, apres_laws_in_t in)
{
    apres_laws_out_t o;
    apres_laws_eval(s, &in, &o);
    apres_laws_tick(s, &in);
    return o;
}

static apres_laws_in_t ld(unsigned w, uint64_t pc) { return (apres_laws_in_t){.ld_valid = 1, .ld_warp = w, .ld_pc = pc}; }
static apres_laws_in_t fb(unsigned gid, int hit) { return (apres_laws_in_t){.fb_valid = 1, .fb_gid = gid, .fb_hit = (uint64_t)hit}; }
static apres_laws_in_t idle(void) { return (apres_laws_in_t){0}; }

static void init48(apres_laws_state_t *s)
{
    apres_laws_cfg_t c = {48, 32, 3, 1};
    assert_int_equal(apres_laws_init(s, &c), 0);
}

/* The queue read through the issue output: with `ready` ready, the first
 * ready warp, then with the warps found so far taken out of ready, one
 * position per evaluation (no event, no clock edge). */
static void expect_order_of(apres_laws_state_t *s, uint64_t ready, const unsigned *want, unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        apres_laws_in_t in = {.ready = ready};
        apres_laws_out_t o;
        apres_laws_eval(s, &in, &o);
        assert_int_equal(o.issue_valid[0], 1);
        assert_int_equal(o.issue_warp[0], want[k]);
        ready &= ~(UINT64_C(1) << want[k]);
    }
}

static void expect_order(apres_laws_state_t *s, const unsigned *want, unsigned n)
{
    expect_order_of(s, ALL48, want, n);
}

/* Warps 0, 2, 3 load at PC 0x10 (each a group of itself: no LLPC yet); the
 * feedback of those loads leaves the queue 3, 0, 1, 4, ..., 47, 2. */
static void fig8_setup(apres_laws_state_t *s)
{
    init48(s);
    apres_laws_out_t o = cyc(s, ld(0, 0x10));
    assert_int_equal(o.ld_gid_valid, 1);
    assert_int_equal(o.ld_gid, 0);
    o = cyc(s, ld(2, 0x10));
    assert_int_equal(o.ld_gid, 1);
    o = cyc(s, ld(3, 0x10));
    assert_int_equal(o.ld_gid, 2);
    o = cyc(s, fb(0, 1));   /* {0} to the head: no change */
    assert_int_equal(o.fb_stale, 0);
    assert_int_equal(o.miss_valid, 0);
    o = cyc(s, fb(1, 0));   /* {2} to the tail */
    assert_int_equal(o.miss_valid, 1);
    assert_int_equal(o.miss_group, UINT64_C(1) << 2);
    cyc(s, fb(2, 1));       /* {3} to the head */
    expect_order(s, (const unsigned[]){3, 0, 1, 4, 5}, 5);
    uint64_t ready = UINT64_C(1) << 2 | UINT64_C(1) << 47;   /* the tail: 47 before 2 */
    apres_laws_out_t q;
    apres_laws_in_t in = {.ready = ready};
    apres_laws_eval(s, &in, &q);
    assert_int_equal(q.issue_warp[0], 47);
}

/* Figure 8: warp 0 issues PC 0x20 with LLPC 0x10; warps 2 and 3 have LLPC
 * 0x10: group {0, 2, 3}, LLT[0] = 0x20. A hit moves 3, 0, 2 (their order in
 * the queue) to the head. */
static void figure8_hit(void **st)
{
    (void)st;
    apres_laws_state_t s;
    fig8_setup(&s);
    apres_laws_out_t o = cyc(&s, ld(0, 0x20));
    assert_int_equal(o.ld_gid_valid, 1);
    assert_int_equal(o.ld_gid, 0);
    assert_int_equal(s.llt_pc[0], 0x20);
    o = cyc(&s, fb(0, 1));   /* the entry is still being formed: ignored */
    assert_int_equal(o.fb_stale, 1);
    assert_int_equal(s.wgt_vec[0], 0xD);   /* {0, 2, 3} */
    o = cyc(&s, fb(0, 1));
    assert_int_equal(o.fb_stale, 0);
    expect_order(&s, (const unsigned[]){3, 0, 2, 1, 4, 5, 6}, 7);
}

/* The same group on a miss goes to the tail (3, 0, 2 after 47) and is handed to SAP. */
static void figure8_miss(void **st)
{
    (void)st;
    apres_laws_state_t s;
    fig8_setup(&s);
    cyc(&s, ld(0, 0x20));
    cyc(&s, idle());
    apres_laws_out_t o = cyc(&s, fb(0, 0));
    assert_int_equal(o.miss_valid, 1);
    assert_int_equal(o.miss_group, 0xD);
    expect_order(&s, (const unsigned[]){1, 4, 5}, 3);
    /* the last four positions: 47, 3, 0, 2 */
    uint64_t late = UINT64_C(1) << 47 | UINT64_C(1) << 3 | UINT64_C(1) << 0 | UINT64_C(1) << 2;
    expect_order_of(&s, late, (const unsigned[]){47, 3, 0, 2}, 4);
}

/* Three loads without feedback fill the WGT: the fourth carries no group
 * (and still updates its LLPC); a feedback frees an entry for the next. */
static void wgt_full(void **st)
{
    (void)st;
    apres_laws_state_t s;
    init48(&s);
    cyc(&s, ld(5, 0x100));
    cyc(&s, ld(6, 0x100));
    cyc(&s, ld(7, 0x100));
    apres_laws_out_t o = cyc(&s, ld(8, 0x100));
    assert_int_equal(o.ld_gid_valid, 0);
    assert_int_equal(s.llt_pc[8], 0x100);
    o = cyc(&s, fb(1, 1));
    o = cyc(&s, ld(9, 0x100));   /* entry 1 was freed at the last edge */
    assert_int_equal(o.ld_gid_valid, 1);
    assert_int_equal(o.ld_gid, 1);
    cyc(&s, idle());
    /* warps 5..8 had LLPC 0x100 when warp 9 (no LLPC) loaded: a group of itself */
    assert_int_equal(s.wgt_vec[1], UINT64_C(1) << 9);
    /* a load in the cycle its entry is freed does not get that entry */
    o = cyc(&s, (apres_laws_in_t){.ld_valid = 1, .ld_warp = 10, .ld_pc = 0x100, .fb_valid = 1, .fb_gid = 0, .fb_hit = 1});
    assert_int_equal(o.ld_gid_valid, 0);
    cyc(&s, idle());
    /* warp 10 loaded again at 0x100: its old LLPC 0x100 is shared by 5..9 */
    o = cyc(&s, ld(10, 0x104));
    assert_int_equal(o.ld_gid, 0);
    cyc(&s, idle());
    assert_int_equal(s.wgt_vec[0], 0x7E0);   /* 5, 6, 7, 8, 9, 10 */
}

/* A prefetch target goes in front of everything, after the feedback's move in the same cycle. */
static void prefetch_front(void **st)
{
    (void)st;
    apres_laws_state_t s;
    fig8_setup(&s);
    cyc(&s, ld(0, 0x20));
    cyc(&s, idle());
    apres_laws_in_t in = fb(0, 1);
    in.pf_valid = 1;
    in.pf_warp = 7;
    cyc(&s, in);
    expect_order(&s, (const unsigned[]){7, 3, 0, 2, 1, 4, 5, 6, 8}, 9);
    cyc(&s, (apres_laws_in_t){.pf_valid = 1, .pf_warp = 47});   /* behind 7, the target before it */
    expect_order(&s, (const unsigned[]){7, 47, 3}, 3);
    cyc(&s, (apres_laws_in_t){.pf_valid = 1, .pf_warp = 5});
    expect_order(&s, (const unsigned[]){7, 47, 5, 3, 0}, 5);
    cyc(&s, (apres_laws_in_t){.pf_valid = 1, .pf_warp = 7});    /* 7 again: behind 47 and 5 */
    expect_order(&s, (const unsigned[]){47, 5, 7, 3, 0}, 5);
    /* a miss's move takes its group out of the run at the head: {3}'s entry (gid 1 after
     * fig8_setup's frees: ld(3) below takes entry 0) */
    cyc(&s, ld(47, 0x30));
    cyc(&s, idle());     /* the group forms */
    cyc(&s, fb(0, 0));   /* {47} to the tail; 5, 7 stay the run */
    cyc(&s, (apres_laws_in_t){.pf_valid = 1, .pf_warp = 9});
    expect_order(&s, (const unsigned[]){5, 7, 9, 3, 0}, 5);
    /* a hit's move ends the run: the next target goes in front of everything */
    cyc(&s, ld(20, 0x40));
    cyc(&s, idle());
    cyc(&s, fb(0, 1));   /* {20} to the head */
    cyc(&s, (apres_laws_in_t){.pf_valid = 1, .pf_warp = 30});
    expect_order(&s, (const unsigned[]){30, 20, 5, 7, 9, 3}, 6);
}

/* Not ready warps are skipped in queue order; none ready: no issue. */
static void issue_skips(void **st)
{
    (void)st;
    apres_laws_state_t s;
    init48(&s);
    apres_laws_in_t in = {.ready = UINT64_C(1) << 40 | UINT64_C(1) << 12};
    apres_laws_out_t o;
    apres_laws_eval(&s, &in, &o);
    assert_int_equal(o.issue_valid[0], 1);
    assert_int_equal(o.issue_warp[0], 12);
    cyc(&s, (apres_laws_in_t){.pf_valid = 1, .pf_warp = 40});
    apres_laws_eval(&s, &in, &o);
    assert_int_equal(o.issue_warp[0], 40);
    in.ready = 0;
    apres_laws_eval(&s, &in, &o);
    assert_int_equal(o.issue_valid[0], 0);
    /* ready bits above NumWarps are not warps */
    in.ready = UINT64_C(1) << 50;
    apres_laws_eval(&s, &in, &o);
    assert_int_equal(o.issue_valid[0], 0);
}

/* Warp IDs and group IDs the configuration does not have are no events. */
static void out_of_range(void **st)
{
    (void)st;
    apres_laws_state_t s;
    apres_laws_cfg_t c = {6, 8, 3, 1};
    assert_int_equal(apres_laws_init(&s, &c), 0);
    apres_laws_out_t o = cyc(&s, ld(6, 0x10));   /* 3-bit port, warp 6 of 0..5 */
    assert_int_equal(o.ld_gid_valid, 0);
    assert_int_equal(s.llt_v, 0);
    o = cyc(&s, ld(9, 0x1FF));   /* the port is 3 bits: warp 1; the PC 8 bits: 0xFF */
    assert_int_equal(o.ld_gid_valid, 1);
    assert_int_equal(s.llt_pc[1], 0xFF);
    o = cyc(&s, fb(3, 1));   /* entry 3 of 0..2 */
    assert_int_equal(o.fb_stale, 1);
    cyc(&s, (apres_laws_in_t){.pf_valid = 1, .pf_warp = 7});
    apres_laws_in_t in = {.ready = 0x3F};
    apres_laws_eval(&s, &in, &o);
    assert_int_equal(o.issue_warp[0], 0);
}

static void bad_cfg(void **st)
{
    (void)st;
    apres_laws_state_t s;
    apres_laws_cfg_t c = {0, 32, 3, 1};
    assert_int_not_equal(apres_laws_init(&s, &c), 0);
    c = (apres_laws_cfg_t){65, 32, 3, 1};
    assert_int_not_equal(apres_laws_init(&s, &c), 0);
    c = (apres_laws_cfg_t){48, 0, 3, 1};
    assert_int_not_equal(apres_laws_init(&s, &c), 0);
    c = (apres_laws_cfg_t){48, 32, 9, 1};
    assert_int_not_equal(apres_laws_init(&s, &c), 0);
    c = (apres_laws_cfg_t){48, 32, 3, 0};
    assert_int_not_equal(apres_laws_init(&s, &c), 0);
    c = (apres_laws_cfg_t){48, 32, 3, 5};
    assert_int_not_equal(apres_laws_init(&s, &c), 0);
}

/* Two schedulers share the queue (scheduler 0: even warps, 1: odd): each
 * issues its own first ready warp in queue order. After the feedback hit of
 * {5} and then of {2} (each a group of itself) the queue is 2 5 0 1 3 4 6 7;
 * with warps 0, 1, 2, 3, 5 ready, scheduler 0 issues 2 and scheduler 1 issues
 * 5; with 2 and 5 not ready, 0 and 1; with only odd warps ready, scheduler 0
 * issues nothing. */
static void two_schedulers(void **st)
{
    (void)st;
    apres_laws_state_t s;
    apres_laws_cfg_t c = {8, 8, 3, 2};
    assert_int_equal(apres_laws_init(&s, &c), 0);
    cyc(&s, ld(5, 0x10));
    cyc(&s, ld(2, 0x20));   /* gid 1; gid 0's group forms at this edge */
    cyc(&s, fb(0, 1));      /* {5} to the head */
    cyc(&s, fb(1, 1));      /* {2} to the head */
    apres_laws_in_t in = {.ready = 0x2F};
    apres_laws_out_t o;
    apres_laws_eval(&s, &in, &o);
    assert_int_equal(o.issue_valid[0], 1);
    assert_int_equal(o.issue_warp[0], 2);
    assert_int_equal(o.issue_valid[1], 1);
    assert_int_equal(o.issue_warp[1], 5);
    in.ready = 0x0B;
    apres_laws_eval(&s, &in, &o);
    assert_int_equal(o.issue_warp[0], 0);
    assert_int_equal(o.issue_warp[1], 1);
    in.ready = 0xAA;
    apres_laws_eval(&s, &in, &o);
    assert_int_equal(o.issue_valid[0], 0);
    assert_int_equal(o.issue_warp[0], 0);
    assert_int_equal(o.issue_valid[1], 1);
    assert_int_equal(o.issue_warp[1], 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(figure8_hit),   cmocka_unit_test(figure8_miss), cmocka_unit_test(wgt_full),
        cmocka_unit_test(prefetch_front), cmocka_unit_test(issue_skips), cmocka_unit_test(out_of_range),
        cmocka_unit_test(bad_cfg),      cmocka_unit_test(two_schedulers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
