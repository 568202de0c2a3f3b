/* test_tbas.c - directed tests of the TBAS and TEMP dispatch C models
 * (cmodel/tbas.h, cmodel/temp_dispatch.h).
 *
 * Every expectation is worked out by hand from the rules in docs/tbas.md
 * (the snapshot one cycle, the decision the next, the issue from the cycle
 * after), not produced by the model. A small SM drives TBAS: each warp runs
 * a program of 'L' (a global load: the warp waits LAT cycles, inactive and
 * not ready) and 'A' (an ALU instruction: ready again the next cycle), and
 * exits the cycle after its last instruction issues.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tbas.h"
#include "temp_dispatch.h"

#define B(x) (UINT64_C(1) << (x))

typedef struct {
    tbas_state_t s;
    unsigned min, lat, cycle;
    const char *prog[TBAS_MAX_WARPS];
    unsigned pc[TBAS_MAX_WARPS];
    unsigned wait_to[TBAS_MAX_WARPS];   /* inactive through this cycle (a load issued earlier) */
    int waiting[TBAS_MAX_WARPS];
    uint64_t live, done;                /* done: last instruction issued, exits next cycle */
    int issued[128];                    /* the warp issued in cycle t, or -1 */
    tbas_out_t out[128];
} sm_t;

static void sm_init(sm_t *m, unsigned warps, unsigned batches, unsigned run, unsigned min, unsigned lat)
{
    memset(m, 0, sizeof *m);
    tbas_cfg_t c = {warps, batches, run};
    assert_int_equal(tbas_init(&m->s, &c), 0);
    m->min = min;
    m->lat = lat;
}

/* One cycle; `launch` warps start `prog` in slot `batch`. */
static void sm_step(sm_t *m, uint64_t launch, unsigned batch, const char *prog)
{
    tbas_in_t in = {.min_active = m->min, .launch = launch, .launch_batch = batch};
    const unsigned t = m->cycle;
    in.exit = m->done & m->live;
    for (unsigned w = 0; w < m->s.cfg.num_warps; w++) {
        int wait = m->waiting[w] && t <= m->wait_to[w];
        if (!wait)
            in.active |= B(w);
        if ((m->live >> w & 1) && !(in.exit >> w & 1) && !wait && m->prog[w][m->pc[w]])
            in.ready |= B(w);
    }
    tbas_out_t o;
    tbas_eval(&m->s, &in, &o);
    tbas_chk_t chk;
    tbas_chk_init(&chk);
    char msg[96];
    assert_int_equal(tbas_check(&chk, &m->s, &in, 1, msg, sizeof msg), 0);
    tbas_tick(&m->s, &in);
    assert_true(t < 128);
    m->out[t] = o;
    m->issued[t] = o.issue_valid ? (int)o.issue_warp : -1;
    if (o.issue_valid) {
        unsigned w = (unsigned)o.issue_warp;
        assert_true(in.ready >> w & 1);
        if (m->prog[w][m->pc[w]++] == 'L') {
            m->waiting[w] = 1;
            m->wait_to[w] = t + m->lat;
        }
        if (!m->prog[w][m->pc[w]])
            m->done |= B(w);
    }
    m->live = (m->live & ~in.exit) | launch;
    m->done &= ~in.exit;
    for (unsigned w = 0; w < m->s.cfg.num_warps; w++)
        if (launch >> w & 1) {
            m->prog[w] = prog;
            m->pc[w] = 0;
            m->waiting[w] = 0;
        }
    m->cycle++;
}

static void sm_run(sm_t *m, unsigned until)
{
    while (m->cycle < until)
        sm_step(m, 0, 0, "");
}

/* The issued warps of cycles [from, to): -1 for none. */
static void expect_issues(const sm_t *m, unsigned from, const int *want, unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        if (m->issued[from + k] != want[k])
            fail_msg("cycle %u: issued %d, expected %d", from + k, m->issued[from + k], want[k]);
    }
}

/* Figure 9 (a): one SM, four thread batches of one block each, two warps
 * per block (two threads per warp), oldest first: batch 0 = block (0,0,0)
 * with warps 0, 1; batch 1 = (1,0,0), warps 2, 3; batch 2 = (0,1,0), warps
 * 4, 5; batch 3 = (1,1,0), warps 6, 7. Every warp loads its batch's page,
 * then computes on it ("LA"). A batch has sufficient active warps when both
 * of its warps are active (MinActive 2); one batch runs (RunBatches 1); a
 * load keeps its warp waiting 4 cycles. A decision in cycle t sees the
 * snapshot of t - 2 (and the slots' live warps of t - 1); its running set
 * issues from t + 1, when its events are output (out[t + 1].prom etc.).
 *
 * The timeline (cycle: what happens), worked out by hand:
 *   0-3   batches 0, 1, 2, 3 launch, one a cycle; 2: batch 0 promoted (the
 *         snapshot of 0: both warps active)
 *   3, 4  w0, w1 issue their loads (wait 4..7, 5..8)
 *   6     batch 0 demoted (snapshot of 4: w0 waits); batch 1 promoted
 *         (batches 1, 2, 3 all have 2 active: the oldest); 5, 6: nothing
 *         issues (the running set is still batch 0, both warps waiting)
 *   7, 8  w2, w3 load (wait 8..11, 9..12); 10: batch 1 demoted (snapshot of
 *         8); batch 0 has 1 active (w1 waits through 8): batch 2 promoted
 *   11, 12  w4, w5 load (wait 12..15, 13..16)
 *   14    batch 2 demoted; batch 0 (2 active since 9) and batch 3 (2
 *         active) are eligible, batch 1 is not (w3 waits through 12): the
 *         older, batch 0, is promoted (Figure 9 (e); a promotion of the
 *         demoted batch's successor, (d), would take 3)
 *   15, 16  w0, w1 compute and exit at 16, 17; 18 still keeps batch 0 on
 *         the snapshot of 16 (w1 alone and active: all its warps)
 *   19    batch 0 demoted (empty); batch 1 (2 active since 13) before 3
 *   20, 21  w2, w3 compute; 24 batch 1 demoted (empty), batch 2 promoted
 *   25, 26  w4, w5 compute; 29 batch 2 demoted (empty), batch 3 promoted
 *   30, 31  w6, w7 load (wait 31..34, 32..35); 33 batch 3 demoted
 *   38    batch 3 promoted again (snapshot of 36: both active)
 *   39, 40  w7 (the greedy warp: it issued last, at 31) and w6 compute;
 *   43    batch 3 demoted (empty). */
static void fig9_run(sm_t *m)
{
    sm_init(m, 8, 4, 1, 2, 4);
    for (unsigned b = 0; b < 4; b++)
        sm_step(m, B(2 * b) | B(2 * b + 1), b, "LA");
    sm_run(m, 48);
}

/* (c): demotion on insufficient active warps and promotion of a batch with
 * sufficient ones, and the throttling (no issue from a demoted batch). */
static void figure9c_demote_promote(void **st)
{
    (void)st;
    sm_t m;
    fig9_run(&m);
    assert_int_equal(m.out[3].prom, B(0));
    assert_int_equal(m.out[7].dem, B(0));
    assert_int_equal(m.out[7].dem_empty, 0);
    assert_int_equal(m.out[7].prom, B(1));
    assert_int_equal(m.out[6].act_cnt[0], 1);   /* the snapshot of cycle 4 */
    assert_int_equal(m.out[11].dem, B(1));
    assert_int_equal(m.out[11].prom, B(2));
    assert_int_equal(m.out[7].run, B(1));
    static const unsigned moves[] = {2, 6, 10, 14, 19, 24, 29, 33, 38, 43};
    for (unsigned t = 0, k = 0; t < 47; t++) {   /* nothing else moves */
        if (k < 10 && t == moves[k]) {
            k++;
            continue;
        }
        assert_int_equal(m.out[t + 1].prom | m.out[t + 1].dem, 0);
    }
    expect_issues(&m, 0, (const int[]){-1, -1, -1, 0, 1, -1, -1, 2, 3, -1, -1, 4, 5}, 13);
}

/* (e): the older batch first, and the whole issue order. */
static void figure9e_older_first(void **st)
{
    (void)st;
    sm_t m;
    fig9_run(&m);
    assert_int_equal(m.out[15].dem, B(2));
    assert_int_equal(m.out[15].prom, B(0));   /* not batch 3 */
    assert_int_equal(m.out[20].dem, B(0));
    assert_int_equal(m.out[20].dem_empty, B(0));
    assert_int_equal(m.out[20].prom, B(1));
    assert_int_equal(m.out[25].prom, B(2));
    assert_int_equal(m.out[30].prom, B(3));
    assert_int_equal(m.out[34].dem, B(3));
    assert_int_equal(m.out[34].dem_empty, 0);
    assert_int_equal(m.out[34].prom, 0);
    assert_int_equal(m.out[39].prom, B(3));
    assert_int_equal(m.out[44].dem_empty, B(3));
    const int want[] = {-1, -1, -1, 0,  1,  -1, -1, 2,  3,  -1, -1, 4,  5,  -1, -1, 0,  1,  -1, -1, -1, 2,
                        3,  -1, -1, -1, 4,  5,  -1, -1, -1, 6,  7,  -1, -1, -1, -1, -1, -1, -1, 7,  6,  -1};
    expect_issues(&m, 0, want, sizeof want / sizeof want[0]);
}

/* MinActive 4 with batches of two warps: a batch with all its live warps
 * active is eligible (prom_all), so it runs; one warp waiting demotes it. */
static void min_above_batch_size(void **st)
{
    (void)st;
    sm_t m;
    sm_init(&m, 4, 2, 1, 4, 3);
    sm_step(&m, B(0) | B(1), 0, "AALA");
    sm_step(&m, B(2) | B(3), 1, "A");
    sm_run(&m, 30);
    /* 2: batch 0 promoted under the all-active rule (2 active < 4) */
    assert_int_equal(m.out[3].prom, B(0));
    assert_int_equal(m.out[3].prom_all, B(0));
    /* GTO keeps w0 (greedy) for A A L at 3, 4, 5; w0 waits 6..8, so w1
     * (the oldest ready) issues at 6 and, greedy, 7 and 8; the snapshot of 6
     * has one active warp in batch 0: demoted at 8, batch 1 (all active)
     * promoted; its warps w2, w3 issue at 9, 10 */
    expect_issues(&m, 3, (const int[]){0, 0, 0, 1, 1, 1, 2, 3, -1}, 9);
    assert_int_equal(m.out[9].dem, B(0));
    assert_int_equal(m.out[9].prom, B(1));
    assert_int_equal(m.out[9].prom_all, B(1));
}

/* RunBatches 2: the two oldest eligible batches are promoted; when one
 * leaves, the next oldest fills its place. */
static void two_running(void **st)
{
    (void)st;
    sm_t m;
    sm_init(&m, 6, 3, 2, 1, 2);
    sm_step(&m, B(0) | B(1), 2, "A");   /* slot 2 first: the oldest batch */
    sm_step(&m, B(2) | B(3), 0, "AAAAAA");
    sm_step(&m, B(4) | B(5), 1, "A");
    sm_run(&m, 24);
    /* cycle 2 promotes slot 2 (snapshot of 0); cycle 3 slot 0 (two may run) */
    assert_int_equal(m.out[3].prom, B(2));
    assert_int_equal(m.out[4].prom, B(0));
    assert_int_equal(m.out[4].run, B(0) | B(2));
    assert_int_equal(m.out[5].prom, 0);   /* slot 1 eligible, both places taken */
    /* w0, w1 issue at 3, 4 and exit at 4, 5: the snapshot of 5 has slot 2
     * empty, so 7 demotes it and promotes slot 1 in its place. Greedy: w2
     * six times from 5, w3 six times from 11 (the oldest ready), then w4, w5 */
    assert_int_equal(m.out[8].dem, B(2));
    assert_int_equal(m.out[8].dem_empty, B(2));
    assert_int_equal(m.out[8].prom, B(1));
    assert_int_equal(m.out[8].run, B(0) | B(1));
    expect_issues(&m, 3, (const int[]){0, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 5, -1}, 17);
}

/* A running batch whose warps all exit while a new batch launches into its
 * slot: the old batch leaves (empty), the new one is the youngest and waits
 * for a promotion like any other. */
static void slot_reuse(void **st)
{
    (void)st;
    sm_t m;
    sm_init(&m, 4, 2, 1, 1, 2);
    sm_step(&m, B(0), 0, "A");
    sm_step(&m, B(1), 1, "AAAA");
    sm_run(&m, 4);   /* 2: slot 0 promoted; 3: w0 issues */
    assert_int_equal(m.issued[3], 0);
    /* 4: w0 exits and w2 launches into slot 0: a new batch; the decision of
     * 5 demotes the old one (empty) and promotes slot 1, the older batch now */
    sm_step(&m, B(2), 0, "A");
    sm_run(&m, 16);
    assert_int_equal(m.out[5].prom | m.out[5].dem, 0);
    assert_int_equal(m.out[5].run, B(0));   /* slot 0 still holds the place ... */
    assert_int_equal(m.issued[5], -1);      /* ... but does not issue */
    assert_int_equal(m.out[6].dem, B(0));
    assert_int_equal(m.out[6].dem_empty, B(0));
    assert_int_equal(m.out[6].prom, B(1));
    expect_issues(&m, 6, (const int[]){1, 1, 1, 1}, 4);
    /* w1 exits at 10; slot 1's snapshot of 10 is empty: demoted at 12, slot 0 promoted */
    assert_int_equal(m.out[12].dem, 0);
    assert_int_equal(m.out[13].dem_empty, B(1));
    assert_int_equal(m.out[13].prom, B(0));
    assert_int_equal(m.issued[13], 2);
}

/* A batch whose warps all exit while pending is never promoted; a launch
 * into an out-of-range slot is ignored (and refused by the check). */
static void exits_and_bad_launch(void **st)
{
    (void)st;
    tbas_state_t s;
    tbas_cfg_t c = {8, 3, 1};
    assert_int_equal(tbas_init(&s, &c), 0);
    tbas_in_t in = {.min_active = 1, .launch = 0x3, .launch_batch = 1, .active = 0xFF};
    tbas_out_t o;
    tbas_tick(&s, &in);
    in = (tbas_in_t){.min_active = 1, .exit = 0x3, .active = 0xFF};   /* both exit at once */
    tbas_tick(&s, &in);   /* the snapshot is being judged */
    in = (tbas_in_t){.min_active = 1, .active = 0xFF};
    tbas_tick(&s, &in);   /* on the snapshot of the launch: promoted, then */
    tbas_eval(&s, &in, &o);
    assert_int_equal(o.prom, B(1));
    assert_int_equal(o.run, B(1));
    tbas_tick(&s, &in);
    tbas_eval(&s, &in, &o);
    assert_int_equal(o.dem, B(1));
    assert_int_equal(o.dem_empty, B(1));
    assert_int_equal(o.run, 0);
    in = (tbas_in_t){.min_active = 1, .launch = 0x4, .launch_batch = 3, .active = 0xFF};
    tbas_chk_t chk;
    tbas_chk_init(&chk);
    char msg[96];
    assert_int_equal(tbas_check(&chk, &s, &in, 1, msg, sizeof msg), -1);
    assert_string_equal(msg, "tbas: launch into batch 3 >= MaxBatches");
    tbas_tick(&s, &in);
    for (unsigned b = 0; b < 3; b++)
        assert_int_equal(s.mem[b], 0);
}

/* The usage checks, in order. */
static void checks(void **st)
{
    (void)st;
    tbas_state_t s;
    tbas_cfg_t c = {8, 4, 1};
    assert_int_equal(tbas_init(&s, &c), 0);
    tbas_chk_t chk;
    tbas_chk_init(&chk);
    char msg[96];
    tbas_in_t in = {.min_active = 2};
    assert_int_equal(tbas_check(&chk, &s, &in, 0, msg, sizeof msg), 0);
    in.min_active = 3;   /* a change in reset, and in the first cycle after it */
    assert_int_equal(tbas_check(&chk, &s, &in, 1, msg, sizeof msg), 0);
    in.launch = 0x30;
    in.launch_batch = 2;
    assert_int_equal(tbas_check(&chk, &s, &in, 1, msg, sizeof msg), 0);
    tbas_tick(&s, &in);
    in.min_active = 4;
    assert_int_equal(tbas_check(&chk, &s, &in, 1, msg, sizeof msg), -1);
    assert_string_equal(msg, "tbas: MinActive changed out of reset");
    in.min_active = 4;
    in.launch = 0x60;   /* warp 5 is live */
    assert_int_equal(tbas_check(&chk, &s, &in, 1, msg, sizeof msg), -1);
    assert_string_equal(msg, "tbas: warp 5 launched while live");
    in.exit = 0x20;     /* ... unless it exits in the same cycle */
    assert_int_equal(tbas_check(&chk, &s, &in, 1, msg, sizeof msg), 0);
}

static void bad_cfg(void **st)
{
    (void)st;
    tbas_state_t s;
    const tbas_cfg_t bad[] = {{0, 8, 1}, {65, 8, 1}, {48, 0, 1}, {48, 17, 1}, {48, 8, 0}, {48, 8, 9}};
    for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++)
        assert_int_not_equal(tbas_init(&s, &bad[k]), 0);
}

/* --- temp_dispatch ----------------------------------------------------- */

static temp_dispatch_out_t td_cyc(temp_dispatch_state_t *s, temp_dispatch_in_t in)
{
    temp_dispatch_out_t o;
    temp_dispatch_eval(s, &in, &o);
    temp_dispatch_tick(s, &in);
    return o;
}

static temp_dispatch_in_t td_wr(unsigned sm, uint64_t head, uint64_t tail)
{
    return (temp_dispatch_in_t){.wr_valid = 1, .wr_sm = sm, .wr_head = head, .wr_tail = tail};
}

/* Empty after reset; a range popped in order to its end; every ID (full). */
static void dispatch_empty_full(void **st)
{
    (void)st;
    temp_dispatch_state_t s;
    temp_dispatch_cfg_t c = {2, 4};
    assert_int_equal(temp_dispatch_init(&s, &c), 0);
    temp_dispatch_out_t o = td_cyc(&s, (temp_dispatch_in_t){.pop = 0x3});
    assert_int_equal(o.grant, 0);
    assert_int_equal(o.empty, 0x3);
    td_cyc(&s, td_wr(0, 0, 16));   /* all 16 IDs of 4 bits */
    for (unsigned k = 0; k < 16; k++) {
        o = td_cyc(&s, (temp_dispatch_in_t){.pop = 0x1});
        assert_int_equal(o.grant, 0x1);
        assert_int_equal(o.blk[0], k);
        assert_int_equal(o.empty & 1, 0);
    }
    o = td_cyc(&s, (temp_dispatch_in_t){.pop = 0x1});
    assert_int_equal(o.grant, 0);
    assert_int_equal(o.empty, 0x3);
    assert_int_equal(s.head[0], 16);
}

/* Two SMs pop in the same cycle, each its own head; a write refuses its
 * SM's pop that cycle; bad ranges are refused. */
static void dispatch_two_sms(void **st)
{
    (void)st;
    temp_dispatch_state_t s;
    temp_dispatch_cfg_t c = {3, 8};
    assert_int_equal(temp_dispatch_init(&s, &c), 0);
    uint64_t h, t;
    for (unsigned k = 0; k < 3; k++) {   /* 10 blocks: 0..2, 3..5, 6..9 */
        temp_dispatch_split(3, 10, k, &h, &t);
        td_cyc(&s, td_wr(k, h, t));
    }
    assert_int_equal(s.tail[2], 10);
    temp_dispatch_out_t o = td_cyc(&s, (temp_dispatch_in_t){.pop = 0x5});
    assert_int_equal(o.grant, 0x5);
    assert_int_equal(o.blk[0], 0);
    assert_int_equal(o.blk[2], 6);
    temp_dispatch_in_t in = td_wr(0, 20, 22);
    in.pop = 0x3;
    o = td_cyc(&s, in);
    assert_int_equal(o.grant, 0x2);   /* SM 0's pop refused: its range is being written */
    assert_int_equal(o.blk[1], 3);
    o = td_cyc(&s, (temp_dispatch_in_t){.pop = 0x1});
    assert_int_equal(o.blk[0], 20);
    in = td_wr(1, 5, 4);                 /* head > tail: refused, and so is SM 1's pop */
    in.pop = 0x2;
    o = td_cyc(&s, in);
    assert_int_equal(o.wr_err, 1);
    assert_int_equal(o.grant, 0);
    o = td_cyc(&s, td_wr(1, 0, 257));    /* tail > 2^8 */
    assert_int_equal(o.wr_err, 1);
    o = td_cyc(&s, td_wr(3, 0, 1));      /* no SM 3 */
    assert_int_equal(o.wr_err, 1);
    assert_int_equal(s.head[1], 4);
    assert_int_equal(s.tail[1], 6);
    o = td_cyc(&s, td_wr(1, 256, 256));  /* an empty range at the top is fine */
    assert_int_equal(o.wr_err, 0);
    assert_int_equal(td_cyc(&s, (temp_dispatch_in_t){.pop = 0x2}).grant, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(figure9c_demote_promote), cmocka_unit_test(figure9e_older_first),
        cmocka_unit_test(min_above_batch_size),    cmocka_unit_test(two_running),
        cmocka_unit_test(slot_reuse),              cmocka_unit_test(exits_and_bad_launch),
        cmocka_unit_test(checks),                  cmocka_unit_test(bad_cfg),
        cmocka_unit_test(dispatch_empty_full),     cmocka_unit_test(dispatch_two_sms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
