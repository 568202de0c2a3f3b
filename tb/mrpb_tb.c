/* mrpb_tb.c - mrpb's C side for the lockstep engine: signals, model, stimulus.
 *
 * The modes are RTL input ports held constant at their --set values. The
 * generator works in phases of a few dozen to a few hundred cycles, each with
 * its own input rate, write share, choice of queues (spread, a burst from one
 * warp, a few warps, writes aimed at non-empty queues) and L1 / next-level
 * behaviour (always ready, refusing with associativity or other stalls, long
 * stalls that fill queues, a next level that is slow to take bypasses). A
 * request refused at the input is usually held, as a pipeline stage would. */
#include <stdio.h>
#include <stdlib.h>

#include "bits.h"
#include "engine.h"
#include "mrpb.h"

typedef struct {
    mrpb_state_t s;
    long mode[6];            /* signature, policy, greedy, flush, bypass, reorder */
    unsigned phase_left;
    unsigned p_in, p_write, target, p_ready, p_assoc, p_byp;
    uint64_t burst_sig, few[3];
    int pending;             /* last cycle's request was refused: hold it (mostly) */
    uint64_t last[7];        /* in_valid .. in_tag of the last cycle */
} ctx_t;

enum { I_SIG, I_POL, I_GREEDY, I_FLUSH, I_BYPASS, I_REORDER, I_VALID, I_WRITE, I_WARP, I_BLOCK, I_INBLOCK,
       I_ADDR, I_TAG, I_L1_READY, I_L1_ASSOC, I_BYP_READY };

static void *create(const long *param, const long *knob, sigtab_t *in, sigtab_t *out)
{
    ctx_t *c = calloc(1, sizeof *c);
    mrpb_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1], (unsigned)param[2], (unsigned)param[3],
                      (unsigned)param[4]};
    if (!c || mrpb_init(&c->s, &cfg)) {
        free(c);
        return NULL;
    }
    for (int i = 0; i < 6; i++)
        c->mode[i] = knob[i];
    static const char *const valid_names[] = {"-", "REQ", NULL};
    static const char *const write_names[] = {"read", "write", NULL};
    static const char *const ready_names[] = {"stall", "ready", NULL};
    sigtab_names(in, sigtab_add(in, "signature", 2, 1), mrpb_signature_names);
    sigtab_names(in, sigtab_add(in, "policy", 2, 1), mrpb_policy_names);
    sigtab_add(in, "greedy", 1, 1);
    sigtab_add(in, "flush", 1, 1);
    sigtab_names(in, sigtab_add(in, "bypass", 2, 1), mrpb_bypass_names);
    sigtab_add(in, "reorder", 1, 1);
    sigtab_names(in, sigtab_add(in, "in_valid", 1, 1), valid_names);
    sigtab_names(in, sigtab_add(in, "in_write", 1, 1), write_names);
    sigtab_add(in, "in_warp", MRPB_WARP_W, 1);
    sigtab_add(in, "in_block", MRPB_BLOCK_W, 1);
    sigtab_add(in, "in_inblock", MRPB_INBLOCK_W, 1);
    sigtab_add(in, "in_addr", cfg.addr_w, 1);
    sigtab_add(in, "in_tag", cfg.tag_w, 1);
    sigtab_names(in, sigtab_add(in, "l1_ready", 1, 1), ready_names);
    sigtab_add(in, "l1_stall_assoc", 1, 1);
    sigtab_names(in, sigtab_add(in, "byp_ready", 1, 1), ready_names);

    static const char *const bypass_names[] = {"L1", "BYPASS", NULL};
    sigtab_names(out, sigtab_add(out, "in_ready", 1, 1), ready_names);
    sigtab_names(out, sigtab_add(out, "out_valid", 1, 1), valid_names);
    sigtab_names(out, sigtab_add(out, "out_bypass", 1, 1), bypass_names);
    sigtab_names(out, sigtab_add(out, "out_write", 1, 1), write_names);
    sigtab_add(out, "out_addr", cfg.addr_w, 1);
    sigtab_add(out, "out_tag", cfg.tag_w, 1);
    sigtab_names(out, sigtab_add(out, "drain", 3, 1), mrpb_drain_names);
    sigtab_add(out, "drain_q", bits_idx_width(cfg.num_queues), 1);
    sigtab_add(out, "occ", bits_clog2((uint64_t)cfg.depth + 1), cfg.num_queues);
    return c;
}

static void reset(void *m) { mrpb_reset(&((ctx_t *)m)->s); }

static void unpack(const uint64_t *in, mrpb_in_t *i)
{
    i->signature = in[I_SIG];
    i->policy = in[I_POL];
    i->greedy = in[I_GREEDY];
    i->flush = in[I_FLUSH];
    i->bypass = in[I_BYPASS];
    i->reorder = in[I_REORDER];
    i->in_valid = in[I_VALID];
    i->in_write = in[I_WRITE];
    i->in_warp = in[I_WARP];
    i->in_block = in[I_BLOCK];
    i->in_inblock = in[I_INBLOCK];
    i->in_addr = in[I_ADDR];
    i->in_tag = in[I_TAG];
    i->l1_ready = in[I_L1_READY];
    i->l1_stall_assoc = in[I_L1_ASSOC];
    i->byp_ready = in[I_BYP_READY];
}

static void eval(void *m, const uint64_t *in, uint64_t *out)
{
    ctx_t *c = m;
    mrpb_in_t i;
    mrpb_out_t o;
    unpack(in, &i);
    mrpb_eval(&c->s, &i, &o);
    out[0] = o.in_ready;
    out[1] = o.out_valid;
    out[2] = o.out_bypass;
    out[3] = o.out_write;
    out[4] = o.out_addr;
    out[5] = o.out_tag;
    out[6] = o.drain;
    out[7] = o.drain_q;
    for (unsigned q = 0; q < c->s.cfg.num_queues; q++)
        out[8 + q] = o.occ[q];
}

static void tick(void *m, const uint64_t *in)
{
    mrpb_in_t i;
    unpack(in, &i);
    mrpb_tick(&((ctx_t *)m)->s, &i);
}

/* Number of legal signature values: the header field's range, below NumQueues. */
static uint64_t sig_range(const ctx_t *c)
{
    unsigned w = c->mode[0] == MRPB_SIG_BLOCK ? MRPB_BLOCK_W
                 : c->mode[0] == MRPB_SIG_INBLOCK ? MRPB_INBLOCK_W : MRPB_WARP_W;
    uint64_t n = UINT64_C(1) << w;
    return n < c->s.cfg.num_queues ? n : c->s.cfg.num_queues;
}

static void new_phase(ctx_t *c, rng_t *r)
{
    static const unsigned p_in[] = {20, 60, 95, 100, 100};
    static const unsigned p_write[] = {0, 0, 5, 20, 50};
    static const unsigned p_ready[] = {100, 90, 60, 30, 0};
    static const unsigned p_assoc[] = {0, 50, 100};
    static const unsigned p_byp[] = {100, 100, 60, 10, 0};
    const uint64_t n = sig_range(c);
    c->p_in = p_in[rng_below(r, 5)];
    c->p_write = p_write[rng_below(r, 5)];
    c->target = (unsigned)rng_below(r, 4);   /* spread, burst, few, aim at non-empty */
    c->p_ready = p_ready[rng_below(r, 5)];
    c->p_assoc = p_assoc[rng_below(r, 3)];
    c->p_byp = p_byp[rng_below(r, 5)];
    c->burst_sig = rng_below(r, n);
    for (int i = 0; i < 3; i++)
        c->few[i] = rng_below(r, n);
    /* Long L1 stalls fill queues; keep them shorter than the phases that drain. */
    unsigned len = 8 + (unsigned)rng_below(r, c->p_ready ? 400 : 4 * c->s.cfg.depth + 24);
    c->phase_left = len;
}

static uint64_t pick_sig(ctx_t *c, rng_t *r)
{
    const uint64_t n = sig_range(c);
    switch (c->target) {
    case 1: return rng_pct(r, 90) ? c->burst_sig : rng_below(r, n);
    case 2: return c->few[rng_below(r, 3)];
    case 3: {
        /* A non-empty queue, if any (writes into queues holding reads). */
        uint64_t k = rng_below(r, n);
        for (uint64_t j = 0; j < n; j++) {
            uint64_t q = (k + j) % n;
            if (c->s.q[q].count)
                return q;
        }
        return k;
    }
    default: return rng_below(r, n);
    }
}

static void gen(void *m, rng_t *r, uint64_t *in)
{
    ctx_t *c = m;
    if (!c->phase_left)
        new_phase(c, r);
    c->phase_left--;
    for (int i = 0; i < 6; i++)
        in[I_SIG + i] = (uint64_t)c->mode[i];

    if (c->pending && rng_pct(r, 90)) {
        for (int i = 0; i < 7; i++)
            in[I_VALID + i] = c->last[i];
    } else {
        in[I_VALID] = rng_pct(r, c->p_in);
        in[I_WRITE] = rng_pct(r, c->target == 3 ? 3 * c->p_write / 2 + 10 : c->p_write);
        uint64_t sig = pick_sig(c, r);
        in[I_WARP] = rng_bits(r, MRPB_WARP_W);
        in[I_BLOCK] = rng_bits(r, MRPB_BLOCK_W);
        in[I_INBLOCK] = rng_bits(r, MRPB_INBLOCK_W);
        in[c->mode[0] == MRPB_SIG_BLOCK ? I_BLOCK : c->mode[0] == MRPB_SIG_INBLOCK ? I_INBLOCK : I_WARP] = sig;
        in[I_ADDR] = rng_bits(r, c->s.cfg.addr_w);
        in[I_TAG] = rng_bits(r, c->s.cfg.tag_w);
    }
    in[I_L1_READY] = rng_pct(r, c->p_ready);
    in[I_L1_ASSOC] = rng_pct(r, c->p_assoc);
    in[I_BYP_READY] = rng_pct(r, c->p_byp);

    /* Will it be refused? Then the next cycle usually holds it. */
    mrpb_in_t i;
    mrpb_out_t o;
    unpack(in, &i);
    mrpb_eval(&c->s, &i, &o);
    c->pending = in[I_VALID] && !o.in_ready;
    for (int k = 0; k < 7; k++)
        c->last[k] = in[I_VALID + k];
}

static void destroy(void *m) { free(m); }

/* The enqueue point and the drain policy's registers, for waveforms. */
static void probes(void *m, sigtab_t *t)
{
    ctx_t *c = m;
    unsigned qw = bits_idx_width(c->s.cfg.num_queues);
    static const char *const valid_names[] = {"-", "REQ", NULL};
    static const char *const write_names[] = {"read", "write", NULL};
    static const struct { const char *path, *group; unsigned w; const char *const *names; } p[] = {
        {"e_valid", "enqueue point", 1, valid_names},
        {"e_write", "enqueue point", 1, write_names},
        {"e_q", "enqueue point", 0, NULL},
        {"u_drain_sel.pick_o", "drain policy", 0, NULL},
        {"u_drain_sel.cur_q", "drain policy", 0, NULL},
        {"u_drain_sel.u_rr.ptr_q", "drain policy", 0, NULL},
    };
    for (unsigned i = 0; i < sizeof p / sizeof p[0]; i++) {
        unsigned k = sigtab_add(t, p[i].path, p[i].w ? p[i].w : qw, 1);
        t->sig[k].group = p[i].group;
        t->sig[k].names = p[i].names;
    }
    /* Queue occupancies, one trace per queue (the occ output is one long bus). */
    static char paths[MRPB_MAX_QUEUES][48], labels[MRPB_MAX_QUEUES][16];
    unsigned cw = bits_clog2((uint64_t)c->s.cfg.depth + 1);
    for (unsigned q = 0; q < c->s.cfg.num_queues; q++) {
        snprintf(paths[q], sizeof paths[q], "u_queues.gen_queue[%u].u_fifo.count_q", q);
        snprintf(labels[q], sizeof labels[q], "occ[%u]", q);
        unsigned k = sigtab_add(t, paths[q], cw, 1);
        t->sig[k].group = "queue occupancy";
        t->sig[k].label = labels[q];
    }
}

static const char *const params[] = {"NumQueues", "Depth", "Latency", "AddrW", "TagW", NULL};
static const knob_t knobs[] = {
    {"signature", MRPB_SIG_WARP, 0, 2, "queue index: warp ID, block ID or in-block warp ID", mrpb_signature_names},
    {"policy", MRPB_POL_FIXED, 0, 2, "drain policy: fixed-order, longest-first, round-robin", mrpb_policy_names},
    {"greedy", 0, 0, 1, "greedy variant: drain the chosen queue until it is empty", NULL},
    {"flush", 1, 0, 1, "flush logic (full-queue drain, flush before write; only reads stored)", NULL},
    {"bypass", MRPB_BYP_ASSOC, 0, 2, "bypass refused reads: off, on all stalls, on associativity stalls",
     mrpb_bypass_names},
    {"reorder", 1, 0, 1, "0: the single-slot 'bypass only' buffer without queues", NULL},
    {0},
};

const block_t block_mrpb = {
    "mrpb", "memory request prioritization buffer: signature queues, drain policy, flush, bypass (MRPB)",
    params, knobs, create, reset, eval, tick, gen, destroy, probes, 0,
};
