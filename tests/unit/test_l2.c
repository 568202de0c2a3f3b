/* test_l2.c - an L2 sub-partition (sim/mem/l2.c) driven through l2_cycle:
 * requests enter through its crossbar ejection buffer, reads and
 * write-backs leave through its L2 -> DRAM path, lines come back through its
 * fill queue and answers leave through its reply queue. The configuration
 * comes from the configuration code (a preset, then keys). Checked: a hit
 * is answered l2.latency + 1 cycles after it arrives and a miss reaches the
 * DRAM path l2.latency + l2.dram_latency after; reads of one line merge into
 * one MSHR entry answered by one fill (up to l2.merge; beyond, the request
 * waits); a dirty victim is written back ahead of the read that replaces
 * it, a clean one is not; the write policies: `whole` allocates a written
 * line without a fetch, `fetch` fetches it through an MSHR entry that a
 * later read merges into and leaves the line dirty. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "io/config.h"
#include "mem/addrmap.h"
#include "mem/l2.h"

/* Every scenario ends with the tag array's keys as its lines say (tags_set at every change). */
#define l2_free(l) (assert_true(tags_keys_ok(&(l)->tags)), l2_free(l))

typedef struct {
    config_t c;
    l2_t l;
    rq_t in;        /* the crossbar's ejection buffer for this slice */
    uint64_t now;   /* next L2 cycle to run (all clocks equal) */
} rig_t;

static void rig(rig_t *r, const char *sets)
{
    assert_int_equal(config_preset(&r->c, "gtx480-mib"), 0);
    char buf[256];
    snprintf(buf, sizeof buf, "l2.sets=1 l2.latency=4 l2.dram_latency=3 %s", sets);
    for (char *save = NULL, *kv = strtok_r(buf, " ", &save); kv; kv = strtok_r(NULL, " ", &save))
        assert_int_equal(config_set(&r->c, kv, "test"), 0);
    assert_int_equal(config_check(&r->c), 0);
    assert_int_equal(rq_init(&r->in, 16), 0);
    assert_int_equal(l2_init(&r->l, &r->c, 0, &r->in, NULL), 0);
    r->now = 0;
}

static void unrig(rig_t *r)
{
    l2_free(&r->l);
    rq_free(&r->in);
}

/* A request from SM sm for line (as the crossbar delivers it: now). */
static void send(rig_t *r, req_type_t type, uint64_t line, unsigned sm)
{
    req_t q = {.type = (uint8_t)type, .line = line, .sm = (uint16_t)sm};
    req_map(&r->c, &q);
    rq_push(&r->in, &q, r->now);
}

/* The DRAM returns line: it enters the fill queue, ready now. */
static void fill(rig_t *r, uint64_t line)
{
    req_t q = {.type = REQ_RD, .line = line};
    req_map(&r->c, &q);
    rq_push(&r->l.fill, &q, r->now);
}

static void step(rig_t *r, unsigned n)
{
    for (unsigned i = 0; i < n; i++, r->now++)
        assert_int_equal(l2_cycle(&r->l, r->now, r->now, r->now), 0);
}

/* Run until the L2 -> DRAM path's head is ready (at most `limit` cycles);
 * pop it into *q; the cycle it became ready. */
static uint64_t to_dram(rig_t *r, req_t *q, unsigned limit)
{
    for (unsigned i = 0; i < limit && !rq_ready(&r->l.to_dram, r->now); i++)
        step(r, 1);
    assert_true(rq_ready(&r->l.to_dram, r->now));
    uint64_t t = r->l.to_dram.ready[r->l.to_dram.head];
    *q = *rq_head(&r->l.to_dram);
    rq_pop(&r->l.to_dram);
    return t;
}

/* The same for the reply queue. */
static uint64_t reply(rig_t *r, req_t *q, unsigned limit)
{
    for (unsigned i = 0; i < limit && !rq_ready(&r->l.reply, r->now); i++)
        step(r, 1);
    assert_true(rq_ready(&r->l.reply, r->now));
    uint64_t t = r->l.reply.ready[r->l.reply.head];
    *q = *rq_head(&r->l.reply);
    rq_pop(&r->l.reply);
    return t;
}

/* A read miss at cycle 0 reaches the DRAM path at l2.latency +
 * l2.dram_latency; its fill is answered the cycle after; the next read of
 * the line hits and is answered l2.latency + 1 after it arrives. */
static void miss_then_hit(void **state)
{
    (void)state;
    rig_t r;
    rig(&r, "");
    send(&r, REQ_RD, 0x1234, 3);
    req_t q;
    assert_int_equal(to_dram(&r, &q, 100), r.c.l2_lat + r.c.l2_dram_lat);
    assert_int_equal(q.type, REQ_RD);
    assert_int_equal(q.line, 0x1234);
    step(&r, 10);
    uint64_t t = r.now;
    fill(&r, 0x1234);
    assert_int_equal(reply(&r, &q, 10), t + 1);
    assert_int_equal(q.sm, 3);
    assert_int_equal(q.reply, 1);
    step(&r, 5);
    t = r.now;
    send(&r, REQ_RD, 0x1234, 4);
    assert_int_equal(reply(&r, &q, 100), t + r.c.l2_lat + 1);
    assert_int_equal(q.sm, 4);
    assert_int_equal(r.l.st.c.hit[REQ_RD], 1);
    assert_int_equal(r.l.st.c.miss[REQ_RD], 1);
    step(&r, 2);
    assert_true(l2_idle(&r.l));
    unrig(&r);
}

/* Three SMs read one line: one read to the DRAM, two pending hits; one fill
 * answers all three (in arrival order, the same cycle) and is recorded as a
 * merge length of 3. */
static void reads_merge(void **state)
{
    (void)state;
    rig_t r;
    rig(&r, "");
    for (unsigned sm = 0; sm < 3; sm++) {
        send(&r, REQ_RD, 0x777, sm);
        step(&r, 1);
    }
    req_t q;
    to_dram(&r, &q, 100);
    step(&r, 20);
    assert_int_equal(r.l.to_dram.n, 0);   /* only the one read */
    assert_int_equal(r.l.st.c.pending_hit, 2);
    assert_int_equal(r.l.st.c.sent, 1);
    uint64_t t = r.now;
    fill(&r, 0x777);
    for (unsigned sm = 0; sm < 3; sm++) {
        assert_int_equal(reply(&r, &q, 10), t + 1);
        assert_int_equal(q.sm, sm);
    }
    assert_int_equal(r.l.st.merge_hist[3], 1);
    unrig(&r);
}

/* l2.merge = 2: the third read of the line cannot merge; it waits (a
 * MSHR_MERGE_ENRTY_FAIL each cycle it tries) and hits once the line is in. */
static void merge_limit(void **state)
{
    (void)state;
    rig_t r;
    rig(&r, "l2.merge=2");
    for (unsigned sm = 0; sm < 3; sm++) {
        send(&r, REQ_RD, 0x55, sm);
        step(&r, 1);
    }
    step(&r, 20);
    uint64_t fails = r.l.st.c.resfail[RF_MSHR_MERGE];
    assert_true(fails > 0);
    step(&r, 1);
    assert_int_equal(r.l.st.c.resfail[RF_MSHR_MERGE], fails + 1);   /* retried every cycle */
    fill(&r, 0x55);
    req_t q;
    for (unsigned sm = 0; sm < 3; sm++) {
        reply(&r, &q, 20);
        assert_int_equal(q.sm, sm);
    }
    assert_int_equal(r.l.st.c.hit[REQ_RD], 1);
    assert_int_equal(r.l.st.merge_hist[2], 1);
    unrig(&r);
}

/* One way: a whole-line write of A makes it dirty without a fetch; a read of
 * B evicts A, so a write-back of A goes to the DRAM first, then the read of
 * B. B is clean: the read of C that evicts it sends only the read. */
static void dirty_victim_written_back(void **state)
{
    (void)state;
    rig_t r;
    rig(&r, "l2.ways=1 sm.store_ack=0 l2.write_alloc=whole");
    send(&r, REQ_WR, 0xA, 0);
    step(&r, 20);
    assert_int_equal(r.l.to_dram.n, 0);   /* write-allocate, no fetch */
    assert_int_equal(r.l.st.c.miss[REQ_WR], 1);
    send(&r, REQ_RD, 0xB, 0);
    req_t q;
    uint64_t t1 = to_dram(&r, &q, 100);
    assert_int_equal(q.type, REQ_WR);
    assert_int_equal(q.line, 0xA);
    uint64_t t2 = to_dram(&r, &q, 100);
    assert_int_equal(q.type, REQ_RD);
    assert_int_equal(q.line, 0xB);
    assert_int_equal(t2, t1 + 1);   /* one a cycle down the path */
    assert_int_equal(r.l.st.c.writebacks, 1);
    assert_int_equal(r.l.st.c.evictions, 1);
    fill(&r, 0xB);
    reply(&r, &q, 10);
    send(&r, REQ_RD, 0xC, 0);
    to_dram(&r, &q, 100);
    assert_int_equal(q.line, 0xC);
    step(&r, 20);
    assert_int_equal(r.l.to_dram.n, 0);
    assert_int_equal(r.l.st.c.writebacks, 1);
    assert_int_equal(r.l.st.c.evictions, 2);
    unrig(&r);
}

/* l2.write_alloc: `whole` answers a read after a write miss from the line
 * (a hit, nothing fetched); `fetch` fetches the line, the read merges into
 * the write's entry and is answered by the fill, and the line is dirty (its
 * eviction writes it back). */
static void write_policies(void **state)
{
    (void)state;
    rig_t r;
    req_t q;
    rig(&r, "l2.ways=1 l2.write_alloc=whole sm.store_ack=0");
    send(&r, REQ_WR, 0xA, 0);
    step(&r, 1);
    send(&r, REQ_RD, 0xA, 1);
    assert_int_equal(reply(&r, &q, 100), 1 + r.c.l2_lat + 1);
    assert_int_equal(q.sm, 1);
    assert_int_equal(r.l.to_dram.n + r.l.mq.n, 0);
    assert_int_equal(r.l.st.c.hit[REQ_RD], 1);
    unrig(&r);

    rig(&r, "l2.ways=1 l2.write_alloc=fetch sm.store_ack=0");
    send(&r, REQ_WR, 0xA, 0);
    step(&r, 1);
    send(&r, REQ_RD, 0xA, 1);
    to_dram(&r, &q, 100);
    assert_int_equal(q.type, REQ_RD);   /* the fetch */
    assert_int_equal(q.line, 0xA);
    step(&r, 20);
    assert_int_equal(r.l.st.c.pending_hit, 1);
    assert_int_equal(r.l.reply.n, 0);
    uint64_t t = r.now;
    fill(&r, 0xA);
    assert_int_equal(reply(&r, &q, 10), t + 1);   /* the read only: a write gets no answer (sm.store_ack=0) */
    assert_int_equal(q.sm, 1);
    step(&r, 5);
    assert_int_equal(r.l.reply.n, 0);
    send(&r, REQ_RD, 0xB, 0);   /* evicts A: dirty */
    to_dram(&r, &q, 100);
    assert_int_equal(q.type, REQ_WR);
    assert_int_equal(q.line, 0xA);
    unrig(&r);
}

/* sm.store_ack=1: a write is answered with an acknowledgement to its SM,
 * under both write policies: a hit or a whole-line write miss l2.latency + 1
 * after it arrives; a fetching write miss when the fill comes, after the
 * read merged into its entry. */
static void store_acks(void **state)
{
    (void)state;
    rig_t r;
    req_t q;
    rig(&r, "l2.ways=1 l2.write_alloc=whole sm.store_ack=1");
    send(&r, REQ_WR, 0xA, 3);
    assert_int_equal(reply(&r, &q, 200), r.c.l2_lat + 1);
    assert_true(q.type == REQ_WR && q.reply && q.sm == 3);
    unrig(&r);

    rig(&r, "l2.ways=1 l2.write_alloc=fetch sm.store_ack=1");
    send(&r, REQ_WR, 0xA, 3);
    step(&r, 1);
    send(&r, REQ_RD, 0xA, 1);
    to_dram(&r, &q, 100);
    step(&r, 20);
    assert_int_equal(r.l.reply.n, 0);   /* nothing answered before the fill */
    fill(&r, 0xA);
    reply(&r, &q, 10);
    assert_true(q.type == REQ_WR && q.sm == 3);   /* the write first: it allocated the entry */
    reply(&r, &q, 10);
    assert_true(q.type == REQ_RD && q.sm == 1);
    unrig(&r);
}

/* l2.replace decides the victim here too: A and B in two ways, A hit, then
 * C: LRU writes nothing back and evicts B (A hits after); FIFO evicts A. */
static void replacement_policy(void **state)
{
    (void)state;
    const char *pol[2] = {"l2.ways=2 l2.replace=lru", "l2.ways=2 l2.replace=fifo"};
    for (int p = 0; p < 2; p++) {
        rig_t r;
        req_t q;
        rig(&r, pol[p]);
        for (uint64_t line = 0xA; line <= 0xC; line++) {
            if (line == 0xC) {   /* hit A first */
                send(&r, REQ_RD, 0xA, 0);
                reply(&r, &q, 100);
            }
            send(&r, REQ_RD, line, 0);
            to_dram(&r, &q, 100);
            fill(&r, line);
            reply(&r, &q, 10);
        }
        send(&r, REQ_RD, 0xA, 0);
        step(&r, r.c.l2_lat + 1);
        assert_int_equal(r.l.st.c.hit[REQ_RD], p == 0 ? 2 : 1);
        unrig(&r);
    }
}

/* The set index leaves out the bits that chose the sub-partition, as
 * GPGPU-Sim's partition_address does. gtx480-mib, slice 0 (channel 0, bank
 * bit 0 clear), 32 sets, linear: the GTX480 mapping puts a line's address bit
 * 7 and the channel-local bits 9.. in the partition address, bit 8 (the bank
 * bit that chose the slice) out; worked by hand: chunk = a >> 8 (a multiple
 * of 12 for slice 0), local line = (chunk / 6) << 1 | a[7], partition line
 * = (local line >> 2) << 1 | a[7]. */
static void set_index_without_sub_partition_bits(void **state)
{
    (void)state;
    rig_t r;
    rig(&r, "l2.sets=32");
    static const struct {
        uint64_t addr;
        unsigned set;
    } want[] = {{0x0, 0}, {0x80, 1}, {0xC00, 2}, {0xC80, 3}, {0x1800, 4}, {0xC000, 0}, {0xC080, 1}, {0xCC80, 3}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        req_t q = {.type = REQ_RD, .line = want[i].addr >> LINE_SHIFT};
        req_map(&r.c, &q);
        assert_int_equal(q.sub, 0);
        if (l2_line_set(&r.l, q.blk) != want[i].set)
            fail_msg("address 0x%llx: set %u, expected %u", (unsigned long long)want[i].addr, l2_line_set(&r.l, q.blk),
                     want[i].set);
    }
    /* every set of the slice gets the same share of the slice's lines */
    unsigned n[32] = {0};
    for (uint64_t line = 0; line < 3u << 16; line++) {   /* 8192 rounds of 12 chunks */
        req_t q = {.type = REQ_RD, .line = line};
        req_map(&r.c, &q);
        if (q.sub == 0)
            n[l2_line_set(&r.l, q.blk)]++;
    }
    for (unsigned s = 1; s < 32; s++)
        assert_int_equal(n[s], n[0]);
    assert_true(n[0] > 0);
    unrig(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(miss_then_hit),
        cmocka_unit_test(reads_merge),
        cmocka_unit_test(merge_limit),
        cmocka_unit_test(dirty_victim_written_back),
        cmocka_unit_test(write_policies),
        cmocka_unit_test(store_acks),
        cmocka_unit_test(replacement_policy),
        cmocka_unit_test(set_index_without_sub_partition_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
