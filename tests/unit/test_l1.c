/* test_l1.c - the L1 data cache (sim/mem/l1.c) driven through l1_access,
 * its miss queue, l1_fill and its completions, on small configurations made
 * by the configuration code (a preset, then --set keys): a hit completes
 * l1.latency cycles after its access; a miss takes an MSHR entry and one
 * request in the miss queue, and completes when its line arrives; four warps
 * reading one line merge into one entry answered by one fill; each
 * reservation-fail reason happens exactly when the configuration says
 * (LINE_ALLOC_FAIL, MSHR_MERGE_ENRTY_FAIL, MISS_QUEUE_FULL, MSHR_ENRTY_FAIL,
 * checked in that order); allocation on fill reserves no line; the
 * replacement policy (l1.replace) decides which line a miss evicts; a
 * prefetch takes an entry nobody waits on, merges later loads, and is
 * dropped when there is no room. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "io/config.h"
#include "mem/l1.h"

/* Every scenario ends with the tag array's keys as its lines say (tags_set at every change). */
#define l1_free(l) (assert_true(tags_keys_ok(&(l)->tags)), l1_free(l))

/* The gtx480-mib preset with `sets` ("key=value ..." applied by config_set). */
static void make_cfg(config_t *c, const char *sets)
{
    assert_int_equal(config_preset(c, "gtx480-mib"), 0);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", sets);
    for (char *save = NULL, *kv = strtok_r(buf, " ", &save); kv; kv = strtok_r(NULL, " ", &save))
        assert_int_equal(config_set(c, kv, "test"), 0);
    assert_int_equal(config_check(c), 0);
}

static l1_res_t load(l1_t *l, uint64_t line, uint32_t tag, uint64_t now)
{
    req_t r = {.type = REQ_RD, .line = line, .tag = tag};
    return l1_access(l, &r, now);
}

/* The miss queue's head as the crossbar takes it, answered by the L2: the
 * reply l1_fill gets (the request's tag is its MSHR entry). */
static void answer_head(l1_t *l, uint64_t now)
{
    assert_true(rq_ready(&l->mq, now));
    req_t q = *rq_head(&l->mq);
    rq_pop(&l->mq);
    q.reply = 1;
    l1_fill(l, &q, now);
}

/* A miss at cycle 10 is in the miss queue from cycle 11 (one request, its
 * MSHR entry as tag); it completes in the cycle its line arrives (50); the
 * next load of the line hits and completes l1.latency cycles later. */
static void hit_and_miss(void **state)
{
    (void)state;
    config_t c;
    make_cfg(&c, "l1.sets=4 l1.ways=2 l1.latency=7");
    l1_t l;
    assert_int_equal(l1_init(&l, &c), 0);
    assert_int_equal(load(&l, 0x40, 100, 10), L1_MISS);
    assert_int_equal(l.mq.n, 1);
    assert_false(rq_ready(&l.mq, 10));
    assert_true(rq_ready(&l.mq, 11));
    assert_int_equal(rq_head(&l.mq)->line, 0x40);
    assert_int_equal(rq_head(&l.mq)->tag, 0);   /* MSHR entry 0 */
    assert_int_equal(l.mshr.used, 1);
    assert_int_equal(l1_done(&l, 49), -1);
    answer_head(&l, 50);
    assert_int_equal(l1_done(&l, 50), 100);
    assert_int_equal(l1_done(&l, 50), -1);
    assert_int_equal(l.mshr.used, 0);
    assert_int_equal(load(&l, 0x40, 101, 60), L1_HIT);
    assert_int_equal(l1_done(&l, 60 + c.l1_lat - 1), -1);
    assert_int_equal(l1_done(&l, 60 + c.l1_lat), 101);
    assert_true(l1_idle(&l));
    assert_int_equal(l.st.acc[REQ_RD], 2);
    assert_int_equal(l.st.hit[REQ_RD], 1);
    assert_int_equal(l.st.miss[REQ_RD], 1);
    assert_int_equal(l.st.fills, 1);
    l1_free(&l);
}

/* Four warps load one line: one miss and three merges (pending hits), one
 * request below; the one fill completes all four in that cycle. A fifth
 * beyond l1.merge = 4 is refused (MSHR_MERGE_ENRTY_FAIL). */
static void four_warps_one_fill(void **state)
{
    (void)state;
    config_t c;
    make_cfg(&c, "l1.merge=4");
    l1_t l;
    assert_int_equal(l1_init(&l, &c), 0);
    assert_int_equal(load(&l, 0x99, 1, 0), L1_MISS);
    for (uint32_t w = 2; w <= c.l1_merge; w++)
        assert_int_equal(load(&l, 0x99, w, w), L1_MERGED);
    assert_int_equal(load(&l, 0x99, 5, 5), L1_FAIL);
    assert_int_equal(l.fail_reason, RF_MSHR_MERGE);
    assert_int_equal(l.st.resfail[RF_MSHR_MERGE], 1);
    assert_int_equal(l.mq.n, 1);
    assert_int_equal(l.st.sent, 1);
    assert_int_equal(l.st.pending_hit, c.l1_merge - 1);
    answer_head(&l, 30);
    for (int64_t w = 1; w <= c.l1_merge; w++)
        assert_int_equal(l1_done(&l, 30), w);
    assert_int_equal(l1_done(&l, 30), -1);
    assert_int_equal(l.st.fills, 1);
    assert_int_equal(load(&l, 0x99, 6, 31), L1_HIT);   /* the line is valid now */
    l1_free(&l);
}

/* One set of l1.ways ways: that many misses to different lines reserve them
 * all; the next miss finds no line to allocate. */
static void line_alloc_fail(void **state)
{
    (void)state;
    config_t c;
    make_cfg(&c, "l1.sets=1 l1.ways=3 l1.mshr=8 l1.miss_queue=8");
    l1_t l;
    assert_int_equal(l1_init(&l, &c), 0);
    uint64_t now = 0;
    for (unsigned i = 0; i < c.l1_ways; i++, now++)
        assert_int_equal(load(&l, 0x100 + i, i, now), L1_MISS);
    assert_int_equal(load(&l, 0x200, 9, now), L1_FAIL);
    assert_int_equal(l.fail_reason, RF_LINE_ALLOC);
    assert_int_equal(l.st.resfail[RF_LINE_ALLOC], 1);
    /* a fill frees its line for replacement: the refused load is accepted now */
    answer_head(&l, 20);
    assert_int_equal(load(&l, 0x200, 9, 21), L1_MISS);
    l1_free(&l);
}

/* l1.miss_queue requests wait for the crossbar: the next miss is refused
 * while none has left, and accepted when one has. */
static void miss_queue_full(void **state)
{
    (void)state;
    config_t c;
    make_cfg(&c, "l1.sets=1 l1.ways=8 l1.mshr=8 l1.miss_queue=2");
    l1_t l;
    assert_int_equal(l1_init(&l, &c), 0);
    uint64_t now = 0;
    for (unsigned i = 0; i < c.l1_mq; i++, now++)
        assert_int_equal(load(&l, 0x100 + i, i, now), L1_MISS);
    assert_int_equal(load(&l, 0x200, 9, now), L1_FAIL);
    assert_int_equal(l.fail_reason, RF_MISS_QUEUE);
    rq_pop(&l.mq);   /* the crossbar takes one */
    assert_int_equal(load(&l, 0x200, 9, now + 1), L1_MISS);
    assert_int_equal(l.st.resfail[RF_MISS_QUEUE], 1);
    l1_free(&l);
}

/* l1.mshr entries in use: the next miss to another line is refused; a read
 * of a line being fetched still merges. */
static void mshr_entry_fail(void **state)
{
    (void)state;
    config_t c;
    make_cfg(&c, "l1.sets=1 l1.ways=8 l1.mshr=3 l1.miss_queue=8");
    l1_t l;
    assert_int_equal(l1_init(&l, &c), 0);
    uint64_t now = 0;
    for (unsigned i = 0; i < c.l1_mshr; i++, now++)
        assert_int_equal(load(&l, 0x100 + i, i, now), L1_MISS);
    assert_int_equal(load(&l, 0x200, 9, now), L1_FAIL);
    assert_int_equal(l.fail_reason, RF_MSHR_ENTRY);
    assert_int_equal(load(&l, 0x100, 10, now + 1), L1_MERGED);
    assert_int_equal(l.st.resfail[RF_MSHR_ENTRY], 1);
    l1_free(&l);
}

/* The order of the checks: with every way reserved, a full miss queue and
 * every MSHR entry in use, the reason is LINE_ALLOC_FAIL; with lines free,
 * MISS_QUEUE_FULL before MSHR_ENRTY_FAIL. */
static void reasons_in_order(void **state)
{
    (void)state;
    config_t c;
    make_cfg(&c, "l1.sets=1 l1.ways=2 l1.mshr=2 l1.miss_queue=2");
    l1_t l;
    assert_int_equal(l1_init(&l, &c), 0);
    assert_int_equal(load(&l, 1, 1, 0), L1_MISS);
    assert_int_equal(load(&l, 2, 2, 1), L1_MISS);
    assert_int_equal(load(&l, 3, 3, 2), L1_FAIL);
    assert_int_equal(l.fail_reason, RF_LINE_ALLOC);
    l1_free(&l);
    make_cfg(&c, "l1.sets=1 l1.ways=4 l1.mshr=2 l1.miss_queue=2");
    assert_int_equal(l1_init(&l, &c), 0);
    assert_int_equal(load(&l, 1, 1, 0), L1_MISS);
    assert_int_equal(load(&l, 2, 2, 1), L1_MISS);
    assert_int_equal(load(&l, 3, 3, 2), L1_FAIL);
    assert_int_equal(l.fail_reason, RF_MISS_QUEUE);
    rq_pop(&l.mq);
    assert_int_equal(load(&l, 3, 3, 3), L1_FAIL);
    assert_int_equal(l.fail_reason, RF_MSHR_ENTRY);
    l1_free(&l);
}

/* l1.alloc=fill: nothing is reserved, so more misses than ways are taken
 * (no LINE_ALLOC_FAIL), a second read of a line being fetched merges
 * through the MSHR search, and each fill takes its line then. */
static void allocate_on_fill(void **state)
{
    (void)state;
    config_t c;
    make_cfg(&c, "l1.sets=1 l1.ways=1 l1.mshr=4 l1.miss_queue=4 l1.alloc=fill");
    l1_t l;
    assert_int_equal(l1_init(&l, &c), 0);
    assert_int_equal(load(&l, 1, 1, 0), L1_MISS);
    assert_int_equal(load(&l, 2, 2, 1), L1_MISS);
    assert_int_equal(load(&l, 1, 3, 2), L1_MERGED);
    answer_head(&l, 10);   /* line 1 fills the one way */
    answer_head(&l, 11);   /* line 2 evicts it */
    assert_int_equal(l.st.evictions, 1);
    assert_int_equal(load(&l, 2, 4, 12), L1_HIT);
    assert_int_equal(load(&l, 1, 5, 13), L1_MISS);
    l1_free(&l);
}

/* One set of two ways: A and B filled, A hit, then C: LRU evicts B (A
 * still hits), FIFO evicts A (A misses). */
static void replacement_policy_decides(void **state)
{
    (void)state;
    const char *pol[2] = {"l1.sets=1 l1.ways=2 l1.replace=lru", "l1.sets=1 l1.ways=2 l1.replace=fifo"};
    const l1_res_t a_again[2] = {L1_HIT, L1_MISS};
    for (int p = 0; p < 2; p++) {
        config_t c;
        make_cfg(&c, pol[p]);
        l1_t l;
        assert_int_equal(l1_init(&l, &c), 0);
        uint64_t now = 0;
        for (uint64_t line = 0xA; line <= 0xB; line++) {
            assert_int_equal(load(&l, line, 0, now), L1_MISS);
            answer_head(&l, now + 1);
            assert_int_equal(l1_done(&l, now + 1), 0);
            now += 2;
        }
        assert_int_equal(load(&l, 0xA, 1, now), L1_HIT);
        assert_int_equal(load(&l, 0xC, 2, now + 1), L1_MISS);
        answer_head(&l, now + 2);
        assert_int_equal(l.st.evictions, 1);
        assert_int_equal(load(&l, 0xA, 3, now + 3), a_again[p]);
        l1_free(&l);
    }
}

/* A store hitting a valid line goes below either way; with l1.write=evict it
 * invalidates the line (the next load of it misses), with through it
 * updates it (the next load hits). */
static void write_policies(void **state)
{
    (void)state;
    static const char *const pol[2] = {"l1.write=evict", "l1.write=through"};
    for (int p = 0; p < 2; p++) {
        config_t c;
        make_cfg(&c, pol[p]);
        l1_t l;
        assert_int_equal(l1_init(&l, &c), 0);
        assert_int_equal(load(&l, 7, 1, 0), L1_MISS);
        answer_head(&l, 5);
        assert_int_equal(l1_done(&l, 5), 1);
        req_t w = {.type = REQ_WR, .line = 7, .tag = 2};
        assert_int_equal(l1_access(&l, &w, 6), L1_SENT);
        assert_int_equal(l.st.hit[REQ_WR], 1);
        assert_int_equal(rq_head(&l.mq)->type, REQ_WR);
        rq_pop(&l.mq);
        assert_int_equal(load(&l, 7, 3, 7), p == 0 ? L1_MISS : L1_HIT);
        l1_free(&l);
    }
}

/* A prefetch (l1_prefetch, mem/prefetch.h) takes an MSHR entry and a
 * miss-queue slot with nobody waiting; a second one of the line is
 * redundant; a load of the line merges into its entry (a pending hit) and
 * completes with the fill; with every MSHR entry taken a prefetch is
 * dropped, not refused: no reservation fail is counted. */
static void prefetch(void **state)
{
    (void)state;
    config_t c;
    make_cfg(&c, "l1.sets=4 l1.ways=2 l1.mshr=2 l1.prefetch=next-line");
    l1_t l;
    assert_int_equal(l1_init(&l, &c), 0);
    assert_int_equal(l1_prefetch(&l, 0x41, 3, 10, 7), L1_SENT);
    assert_int_equal(l.mshr.used, 1);
    assert_int_equal(l.mq.n, 1);
    assert_int_equal(rq_head(&l.mq)->line, 0x41);
    assert_int_equal(rq_head(&l.mq)->sm, 3);
    assert_int_equal(l1_prefetch(&l, 0x41, 3, 11, 7), L1_HIT);   /* on its way */
    assert_int_equal(load(&l, 0x41, 200, 12), L1_MERGED);
    assert_int_equal(l.st.pending_hit, 1);
    answer_head(&l, 40);
    assert_int_equal(l1_done(&l, 40), 200);   /* the load that merged, at the fill */
    assert_int_equal(l1_done(&l, 40), -1);
    assert_int_equal(load(&l, 0x41, 201, 41), L1_HIT);
    assert_int_equal(l1_prefetch(&l, 0x41, 3, 42, 7), L1_HIT);   /* there */
    /* two entries: two misses take them, the prefetch after is dropped */
    assert_int_equal(load(&l, 0x80, 202, 50), L1_MISS);
    assert_int_equal(load(&l, 0x90, 203, 50), L1_MISS);
    uint64_t fails = 0;
    for (int i = 0; i < RF_N; i++)
        fails += l.st.resfail[i];
    assert_int_equal(l1_prefetch(&l, 0xa0, 3, 51, 7), L1_FAIL);
    for (int i = 0; i < RF_N; i++)
        fails -= l.st.resfail[i];
    assert_int_equal(fails, 0);
    assert_int_equal(l.st.pf_issued, 1);
    assert_int_equal(l.st.pf_redundant, 2);
    assert_int_equal(l.st.pf_dropped, 1);
    /* a prefetch is not an access: the accesses are the four loads' */
    assert_int_equal(l.st.acc[REQ_RD], 4);
    l1_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hit_and_miss),
        cmocka_unit_test(four_warps_one_fill),
        cmocka_unit_test(line_alloc_fail),
        cmocka_unit_test(miss_queue_full),
        cmocka_unit_test(mshr_entry_fail),
        cmocka_unit_test(reasons_in_order),
        cmocka_unit_test(allocate_on_fill),
        cmocka_unit_test(replacement_policy_decides),
        cmocka_unit_test(write_policies),
        cmocka_unit_test(prefetch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
