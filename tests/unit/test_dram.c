/* test_dram.c - a DRAM channel (sim/mem/dram.c: dram_sched, the bank queues,
 * the command engine, the legality checker on every command) driven through
 * dram_cycle with an L2 -> DRAM path as its input and a fill queue as its
 * output, on one channel and one sub-partition of the gtx480-mib timing.
 * Every expected cycle comes from the timing table of that configuration:
 *   a read of a closed bank arriving at cycle a fills at
 *     a + 3 (into dram_sched, shortlisted, chosen) + tRCD
 *       + (bursts - 1) x max(tCCDL, tBURST) + tCL + tBURST + 1 (to the L2);
 *   a row hit tRCD less; a row conflict tRP more (docs/sim.md "Latency");
 *   row hits alternating bank groups keep the data bus busy: one burst every
 *   tBURST cycles, the peak of buswidth x chips x data_ratio bytes a cycle;
 *   refresh: one REF every tREFI, after closing an open row (tRP), and no
 *   ACT for tRFC after it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "io/config.h"
#include "mem/addrmap.h"
#include "mem/dram.h"

enum { QCAP = 256 };

typedef struct {
    config_t c;
    dram_t *d;
    rq_t from, fill;          /* the sub-partition's L2 -> DRAM path and fill queue */
    rq_t *fromp, *fillp;
    uint64_t now;
    uint64_t rd_at[256];      /* the cycle of each RD command (n_rd counted per cycle) */
    unsigned nrd;
} rig_t;

static void rig(rig_t *r, const char *sets)
{
    memset(r, 0, sizeof *r);
    assert_int_equal(config_preset(&r->c, "gtx480-mib"), 0);
    char buf[256];
    snprintf(buf, sizeof buf, "mem.partitions=1 mem.sub_partitions=1 run.check_dram=1 %s", sets);
    for (char *save = NULL, *kv = strtok_r(buf, " ", &save); kv; kv = strtok_r(NULL, " ", &save))
        assert_int_equal(config_set(&r->c, kv, "test"), 0);
    assert_int_equal(config_check(&r->c), 0);
    assert_int_equal(rq_init(&r->from, QCAP), 0);
    assert_int_equal(rq_init(&r->fill, QCAP), 0);
    r->fromp = &r->from;
    r->fillp = &r->fill;
    r->d = dram_new(&r->c, 0, &r->fromp, &r->fillp, 1, NULL);
    assert_non_null(r->d);
}

static void unrig(rig_t *r)
{
    dram_free(r->d);
    rq_free(&r->from);
    rq_free(&r->fill);
}

/* Line number k (k = 0, 1, ...) of the lines the address map puts in bank
 * `bank`, row `row` of channel 0 (found through the map itself). */
static uint64_t line_in(const config_t *c, unsigned bank, unsigned row, unsigned k)
{
    for (uint64_t line = 0; line < (1u << 22); line++) {
        unsigned ch, sub, b, rw;
        uint64_t blk;
        dram_map(c, line, &ch, &sub, &blk, &b, &rw);
        if (ch == 0 && b == bank && rw == row && k-- == 0)
            return line;
    }
    fail_msg("no line in bank %u row %u", bank, row);
    return 0;
}

static void read_line(rig_t *r, uint64_t line)
{
    req_t q = {.type = REQ_RD, .line = line, .t_dram = r->now};
    req_map(&r->c, &q);
    rq_push(&r->from, &q, r->now);
}

static void step(rig_t *r)
{
    uint64_t before = r->d->st.n_rd;
    assert_int_equal(dram_cycle(r->d, r->now, r->now), 0);
    if (r->d->st.n_rd > before && r->nrd < 256)
        r->rd_at[r->nrd++] = r->now;
    r->now++;
}

/* Run until the fill queue has a line (at most limit cycles): the cycle it is ready in. */
static uint64_t next_fill(rig_t *r, uint64_t *line, unsigned limit)
{
    for (unsigned i = 0; i < limit && rq_empty(&r->fill); i++)
        step(r);
    assert_false(rq_empty(&r->fill));
    uint64_t t = r->fill.ready[r->fill.head];
    if (line)
        *line = rq_head(&r->fill)->line;
    rq_pop(&r->fill);
    return t;
}

static void idle(rig_t *r, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        step(r);
}

static unsigned bursts(const config_t *c) { return 128 / (c->t.BL * c->buswidth * c->chips); }
static unsigned col_gap(const config_t *c)
{
    unsigned tb = dram_tburst(&c->t);
    return c->t.tCCDL > tb ? c->t.tCCDL : tb;
}
/* arrival to fill of a read whose row is open (row hit) */
static uint64_t hit_latency(const config_t *c)
{
    return 3 + (uint64_t)(bursts(c) - 1) * col_gap(c) + c->t.tCL + dram_tburst(&c->t) + 1;
}

/* Miss (closed bank), hit (same row), conflict (another row of the bank). */
static void row_hit_miss_conflict(void **state)
{
    (void)state;
    rig_t r;
    rig(&r, "");
    const config_t *c = &r.c;
    uint64_t a = 0, got, t;
    read_line(&r, line_in(c, 5, 7, 0));
    t = next_fill(&r, &got, 1000);
    assert_int_equal(got, line_in(c, 5, 7, 0));
    assert_int_equal(t - a, hit_latency(c) + c->t.tRCD);
    assert_int_equal(r.d->st.n_act, 1);
    idle(&r, 100);
    a = r.now;
    read_line(&r, line_in(c, 5, 7, 3));   /* same row: no ACT */
    t = next_fill(&r, NULL, 1000);
    assert_int_equal(t - a, hit_latency(c));
    assert_int_equal(r.d->st.row_hits, 1);
    idle(&r, 100);
    a = r.now;
    read_line(&r, line_in(c, 5, 8, 0));   /* another row: PRE, ACT */
    t = next_fill(&r, NULL, 1000);
    assert_int_equal(t - a, hit_latency(c) + c->t.tRCD + c->t.tRP);
    assert_int_equal(r.d->st.n_pre, 1);
    assert_int_equal(r.d->st.n_act, 2);
    unrig(&r);
}

/* Row hits to two banks of different bank groups (rows opened first): the
 * RDs are tBURST apart from the first to the last, so the lines cross the
 * bus at the channel's peak, buswidth x chips x data_ratio bytes a cycle. */
static void bandwidth_at_the_peak(void **state)
{
    (void)state;
    rig_t r;
    rig(&r, "");
    const config_t *c = &r.c;
    unsigned tb = dram_tburst(&c->t);
    assert_true(c->t.tCCDS <= tb);   /* otherwise the peak is not reachable: pick other timing */
    unsigned ba = 0, bb = c->t.nbk / c->t.nbkgrp;   /* groups 0 and 1 */
    assert_int_not_equal(dram_bank_group(&c->t, ba), dram_bank_group(&c->t, bb));
    read_line(&r, line_in(c, ba, 1, 0));
    read_line(&r, line_in(c, bb, 1, 0));
    next_fill(&r, NULL, 1000);
    next_fill(&r, NULL, 1000);
    idle(&r, 50);
    r.nrd = 0;
    enum { PER_BANK = 12 };
    for (unsigned k = 1; k <= PER_BANK; k++) {
        read_line(&r, line_in(c, ba, 1, k));
        read_line(&r, line_in(c, bb, 1, k));
    }
    for (unsigned n = 0; n < 2 * PER_BANK; n++)
        next_fill(&r, NULL, 1000);
    unsigned nrd = 2 * PER_BANK * bursts(c);
    assert_int_equal(r.nrd, nrd);
    for (unsigned i = 1; i < nrd; i++)
        assert_int_equal(r.rd_at[i] - r.rd_at[i - 1], tb);
    /* bytes over the cycles the bus carried them = the peak */
    uint64_t bus_cycles = r.rd_at[nrd - 1] + tb - r.rd_at[0];
    assert_int_equal((uint64_t)2 * PER_BANK * 128, bus_cycles * c->buswidth * c->chips * c->t.data_cmd_ratio);
    assert_int_equal(r.d->st.n_act, 2);   /* all row hits */
    unrig(&r);
}

/* tREFI = 200, tRFC = 30: an idle channel refreshes at 200, 400, ...; a
 * read whose ACT would fall on a refresh waits tRFC for it; a row left open
 * is closed at the next refresh (PRE), which then waits tRP. */
static void refresh_every_trefi(void **state)
{
    (void)state;
    rig_t r;
    rig(&r, "dram.tREFI=200 dram.tRFC=30");
    const config_t *c = &r.c;
    uint64_t T = c->t.tREFI;
    for (uint64_t k = 1; k <= 4; k++) {   /* cycles 0 .. 4T: REF at T, 2T, 3T, 4T */
        while (r.now < k * T)
            step(&r);
        assert_int_equal(r.d->st.n_ref, k - 1);
        step(&r);
        assert_int_equal(r.d->st.n_ref, k);
    }
    assert_int_equal(r.d->st.n_pre + r.d->st.n_act, 0);
    /* a read arriving 3 cycles before 5T would ACT at 5T: the REF goes
     * first and the ACT waits tRFC */
    while (r.now < 5 * T - 3)
        step(&r);
    uint64_t a = r.now;
    read_line(&r, line_in(c, 2, 9, 0));
    uint64_t t = next_fill(&r, NULL, 1000);
    assert_int_equal(r.d->st.n_ref, 5);
    assert_int_equal(t - a, hit_latency(c) + c->t.tRCD + c->t.tRFC);
    /* that row stays open: at 6T it is closed (PRE), REF tRP later */
    while (r.now < 6 * T)
        step(&r);
    assert_int_equal(r.d->st.n_pre, 0);
    step(&r);
    assert_int_equal(r.d->st.n_pre, 1);
    while (r.now < 6 * T + c->t.tRP)
        step(&r);
    assert_int_equal(r.d->st.n_ref, 5);
    step(&r);
    assert_int_equal(r.d->st.n_ref, 6);
    unrig(&r);
}

/* The address map of every preset: GPGPU-Sim's GTX480 -gpgpu_mem_addr_mapping
 * "dramid@8;...0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS" on 6 channels of 2
 * sub-partitions, worked out by hand from addrdec.cc's rule: chunk = a >> 8,
 * channel = chunk mod 6, rest = (chunk / 6) << 8 | a[7:0]; bank = rest bit 8
 * (its LSB) and bits 13..15; row = rest bits 16..27; sub-partition =
 * channel x 2 + (bank & 1). So both lines of a 256 B chunk share a slice,
 * and the channel's next chunk goes to the other slice. */
static void gtx480_address_map(void **state)
{
    (void)state;
    config_t c;
    assert_int_equal(config_preset(&c, "gtx480-mib"), 0);
    assert_int_equal(config_check(&c), 0);
    static const struct {
        uint64_t addr;
        unsigned sub, bank, row;
    } want[] = {
        {0x0, 0, 0, 0},          /* chunk 0: channel 0, rest 0 */
        {0x80, 0, 0, 0},         /* its second line: the same slice */
        {0x100, 2, 0, 0},        /* chunk 1: channel 1 */
        {0x600, 1, 1, 0},        /* chunk 6: channel 0, rest 0x100: bank bit 0 set */
        {0x680, 1, 1, 0},
        {0xC00, 0, 0, 0},        /* chunk 12: rest 0x200, a column bit */
        {0x100000, 8, 10, 2},    /* chunk 4096: channel 4, rest 0x2AA00: bank 0b1010, row 2 */
        {0x100600, 9, 11, 2},    /* chunk 4102: channel 4, rest 0x2AB00 */
        {0x160000, 8, 10, 3},    /* chunk 5632: channel 4, rest 0x3AA00: the same bank, row 3 */
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        req_t q = {.type = REQ_RD, .line = want[i].addr >> LINE_SHIFT};
        req_map(&c, &q);
        if (q.sub != want[i].sub || q.bank != want[i].bank || q.row != want[i].row)
            fail_msg("address 0x%llx: sub-partition %u bank %u row %u, expected %u %u %u",
                     (unsigned long long)want[i].addr, q.sub, q.bank, q.row, want[i].sub, want[i].bank, want[i].row);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(row_hit_miss_conflict),
        cmocka_unit_test(bandwidth_at_the_peak),
        cmocka_unit_test(refresh_every_trefi),
        cmocka_unit_test(gtx480_address_map),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
