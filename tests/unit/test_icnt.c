/* test_icnt.c - the crossbar (sim/mem/icnt.c) driven through xbar_cycle
 * with its senders' queues as inputs and its ejection buffers as outputs,
 * sized by the configuration code (icnt.latency, icnt.flit, icnt.buffer):
 * one packet per input and per output port per cycle (a packet of n flits
 * holds its ports n cycles) and arrival flits - 1 + latency cycles after
 * it leaves; a full ejection buffer holds packets back until one is taken;
 * inputs that compete for one output are served in turn; the remainders
 * the crossbar and the SMs take without a division (sim/mod.h) equal %. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "io/config.h"
#include "mem/icnt.h"
#include "mod.h"

enum { NIN = 3, NOUT = 2, QCAP = 64 };

typedef struct {
    config_t c;
    xbar_t x;
    rq_t in[NIN];
} rig_t;

/* The gtx480-mib preset with `sets`, a request crossbar of NIN inputs and NOUT outputs. */
static void rig(rig_t *r, const char *sets)
{
    assert_int_equal(config_preset(&r->c, "gtx480-mib"), 0);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", sets);
    for (char *save = NULL, *kv = strtok_r(buf, " ", &save); kv; kv = strtok_r(NULL, " ", &save))
        assert_int_equal(config_set(&r->c, kv, "test"), 0);
    assert_int_equal(xbar_init(&r->x, NIN, NOUT, r->c.icnt_lat, r->c.icnt_flit, r->c.icnt_buf), 0);
    for (unsigned i = 0; i < NIN; i++) {
        assert_int_equal(rq_init(&r->in[i], QCAP), 0);
        r->x.in[i] = &r->in[i];
    }
}

static void unrig(rig_t *r)
{
    for (unsigned i = 0; i < NIN; i++)
        rq_free(&r->in[i]);
    xbar_free(&r->x);
}

/* n requests of `type` from input i to output o, ready at cycle 0; tag =
 * 100 * i + k so an arrival names its sender and order. */
static void offer(rig_t *r, unsigned i, unsigned o, req_type_t type, unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        req_t q = {.type = (uint8_t)type, .sect = SECT_ALL, .sub = (uint16_t)o, .tag = 100 * i + k};
        rq_push(&r->in[i], &q, 0);
    }
}

static unsigned flits(const rig_t *r, req_type_t type)
{
    req_t q = {.type = (uint8_t)type, .sect = SECT_ALL};
    return (req_bytes(&q) + r->c.icnt_flit - 1) / r->c.icnt_flit;
}

/* Read requests (one flit) from two inputs to two outputs: each port moves
 * one packet per cycle, and packet k of each arrives at k + icnt.latency. */
static void one_packet_per_port_per_cycle(void **state)
{
    (void)state;
    rig_t r;
    rig(&r, "icnt.latency=5 icnt.buffer=64");
    assert_int_equal(flits(&r, REQ_RD), 1);
    offer(&r, 0, 0, REQ_RD, 10);
    offer(&r, 1, 1, REQ_RD, 10);
    for (uint64_t now = 0; now < 10; now++)
        xbar_cycle(&r.x, now, now, 0, ~0ull);
    for (unsigned o = 0; o < NOUT; o++) {
        assert_int_equal(r.x.out[o].n, 10);
        for (unsigned k = 0; k < 10; k++) {
            rq_t *q = &r.x.out[o];
            assert_int_equal(q->ready[(q->head + k) % q->cap], k + r.c.icnt_lat);
            assert_int_equal(q->r[(q->head + k) % q->cap].tag, 100 * o + k);
        }
    }
    assert_int_equal(r.x.st.packets, 20);
    unrig(&r);
}

/* A line's write is 136 bytes (an 8 B header and the line): ceil(136 / icnt.flit) flits hold the ports that
 * many cycles, so one leaves every `flits` cycles and arrives flits - 1 +
 * latency later; two inputs to one output share it (one packet at a time). */
static void multi_flit_packets_hold_ports(void **state)
{
    (void)state;
    rig_t r;
    rig(&r, "icnt.flit=32 icnt.latency=3 icnt.buffer=64");
    unsigned f = flits(&r, REQ_WR);
    assert_int_equal(f, (136 + 31) / 32);
    offer(&r, 0, 0, REQ_WR, 4);
    offer(&r, 1, 0, REQ_WR, 4);
    uint64_t end = 8 * f;
    for (uint64_t now = 0; now < end; now++)
        xbar_cycle(&r.x, now, now, 0, ~0ull);
    rq_t *q = &r.x.out[0];
    assert_int_equal(q->n, 8);
    for (unsigned k = 0; k < 8; k++)   /* back to back on the output port */
        assert_int_equal(q->ready[(q->head + k) % q->cap], k * f + f - 1 + r.c.icnt_lat);
    assert_int_equal(r.x.st.flits, 8 * f);
    unrig(&r);
}

/* icnt.buffer packets fill the ejection buffer; the rest wait in their
 * input (counted as stalls each cycle) until the receiver takes one. */
static void back_pressure(void **state)
{
    (void)state;
    rig_t r;
    rig(&r, "icnt.buffer=3 icnt.latency=2");
    offer(&r, 0, 1, REQ_RD, 6);
    for (uint64_t now = 0; now < 10; now++)
        xbar_cycle(&r.x, now, now, 0, ~0ull);
    assert_int_equal(r.x.out[1].n, r.c.icnt_buf);
    assert_int_equal(r.in[0].n, 6 - r.c.icnt_buf);
    assert_int_equal(r.x.st.stall_full, 10 - r.c.icnt_buf);   /* cycles 3..9, one packet held each */
    rq_pop(&r.x.out[1]);   /* the receiver takes one */
    xbar_cycle(&r.x, 10, 10, 0, ~0ull);
    assert_int_equal(r.x.out[1].n, r.c.icnt_buf);
    assert_int_equal(r.in[0].n, 6 - r.c.icnt_buf - 1);
    rq_t *q = &r.x.out[1];
    assert_int_equal(q->ready[(q->head + q->n - 1) % q->cap], 10 + r.c.icnt_lat);
    unrig(&r);
}

/* Three inputs, all for output 0, always ready: the output takes one packet
 * a cycle and the inputs get turns in rotation (input (cycle mod 3) first),
 * so after 3k cycles each has sent k. */
static void round_robin_fairness(void **state)
{
    (void)state;
    rig_t r;
    rig(&r, "icnt.buffer=64");
    for (unsigned i = 0; i < NIN; i++)
        offer(&r, i, 0, REQ_RD, 20);
    for (uint64_t now = 0; now < 30; now++) {
        xbar_cycle(&r.x, now, now, 0, ~0ull);
        rq_t *q = &r.x.out[0];
        assert_int_equal(q->n, now + 1);
        /* cycle now: the first input at or after now mod 3 that holds a packet */
        assert_int_equal(q->r[(q->head + q->n - 1) % q->cap].tag / 100, now % NIN);
    }
    for (unsigned i = 0; i < NIN; i++)
        assert_int_equal(r.in[i].n, 20 - 10);
    unrig(&r);
}

/* Replies are routed by their SM (reply = 1), requests by sub-partition. */
static void replies_go_to_their_sm(void **state)
{
    (void)state;
    rig_t r;
    rig(&r, "");
    req_t q = {.type = REQ_RD, .sect = SECT_ALL, .reply = 1, .sm = 1, .sub = 0, .tag = 7};
    rq_push(&r.in[2], &q, 0);
    xbar_cycle(&r.x, 0, 0, 1, ~0ull);
    assert_int_equal(r.x.out[1].n, 1);
    assert_int_equal(r.x.out[0].n, 0);
    /* a line's reply, 136 bytes (header and line): ceil(136 / flit) flits */
    assert_int_equal(r.x.out[1].ready[0], (136 + r.c.icnt_flit - 1) / r.c.icnt_flit - 1 + r.c.icnt_lat);
    unrig(&r);
}

/* Packet sizes by type and data (GPGPU-Sim's mem_fetch sizes): a read
 * request is its 8 B header; a write, atomic or reduction request carries
 * its sectors; a read or atomic reply carries them, a write or reduction
 * acknowledgement is a header. */
static void packet_sizes(void **state)
{
    (void)state;
    req_t q = {.type = REQ_RD, .sect = 0x1};
    assert_int_equal(req_bytes(&q), 8);
    q.reply = 1;
    assert_int_equal(req_bytes(&q), 40);
    q = (req_t){.type = REQ_WR, .sect = 0x4};
    assert_int_equal(req_bytes(&q), 40);   /* a scattered 4 B store's segment */
    q.sect = 0xC;
    assert_int_equal(req_bytes(&q), 72);
    q.reply = 1;
    assert_int_equal(req_bytes(&q), 8);
    q = (req_t){.type = REQ_ATOM, .sect = 0x1};
    assert_int_equal(req_bytes(&q), 40);
    q.reply = 1;
    assert_int_equal(req_bytes(&q), 40);
    q = (req_t){.type = REQ_RED, .sect = 0xF, .reply = 1};
    assert_int_equal(req_bytes(&q), 8);
}

/* mod_by and mod_p2 equal %: every divisor 1..300 and the largest ones,
 * dividends at the ends of the 32-bit range, past it (the division), and
 * pseudo-random. */
static void remainders_without_division(void **state)
{
    (void)state;
    uint64_t seed = 99;
    for (uint64_t n = 1; n <= 300 + 3; n++) {
        const uint32_t d = n <= 300 ? (uint32_t)n : UINT32_MAX - (uint32_t)(n - 301);
        const uint64_t m = mod_mul_of(d);
        const uint64_t edge[] = {0, 1, d - 1, d, (uint64_t)d + 1, UINT32_MAX - 1, UINT32_MAX,
                                 (uint64_t)UINT32_MAX + 1, UINT64_MAX};
        for (unsigned k = 0; k < sizeof edge / sizeof edge[0]; k++)
            assert_int_equal(mod_by(edge[k], d, m), edge[k] % d);
        for (unsigned k = 0; k < 2000; k++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            const uint64_t x = k & 1 ? seed >> 32 : seed >> (k % 64);
            assert_int_equal(mod_by(x, d, m), x % d);
            if (d <= 300)
                assert_int_equal(mod_p2(x, d), x % d);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_packet_per_port_per_cycle),
        cmocka_unit_test(remainders_without_division),
        cmocka_unit_test(multi_flit_packets_hold_ports),
        cmocka_unit_test(packet_sizes),
        cmocka_unit_test(back_pressure),
        cmocka_unit_test(round_robin_fairness),
        cmocka_unit_test(replies_go_to_their_sm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
