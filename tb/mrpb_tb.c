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
#include <string.h>

#include "engine.h"
#include "bits.h"
#include "mrpb.h"

#define GLUE_PREFIX mrpb
#define GLUE_PORTS "mrpb_ports.h"
#define GLUE_CHECK

typedef struct {
    mrpb_state_t s;
    mrpb_chk_t chk;
    long mode[6];            /* signature, policy, greedy, flush, bypass, reorder */
    unsigned phase_left;
    unsigned p_in, p_write, target, p_ready, p_assoc, p_byp;
    uint64_t burst_sig, few[3];
    int pending;             /* last cycle's request was refused: hold it (mostly) */
    mrpb_in_t last;          /* the request of the last cycle */
    /* the decision of the cycle's evaluation, for its clock edge (memo_eval) */
    mrpb_dec_t dec;
    mrpb_in_t dec_in;        /* the inputs it was made on */
    int dec_ok;              /* made on the present state; cleared by the edge and reset */
} ctx_t;

static const char *const valid_names[] = {"-", "REQ", NULL};
static const char *const write_names[] = {"read", "write", NULL};
static const char *const ready_names[] = {"stall", "ready", NULL};
static const char *const bypass_names[] = {"L1", "BYPASS", NULL};

static int setup(ctx_t *c, const long *param, const long *knob)
{
    mrpb_cfg_t cfg = {(unsigned)param[0], (unsigned)param[1], (unsigned)param[2], (unsigned)param[3],
                      (unsigned)param[4]};
    for (int i = 0; i < 6; i++)
        c->mode[i] = knob[i];
    return mrpb_init(&c->s, &cfg);
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

static void gen(ctx_t *c, rng_t *r, mrpb_in_t *in)
{
    if (!c->phase_left)
        new_phase(c, r);
    c->phase_left--;
    in->signature = (uint64_t)c->mode[0];
    in->policy = (uint64_t)c->mode[1];
    in->greedy = (uint64_t)c->mode[2];
    in->flush = (uint64_t)c->mode[3];
    in->bypass = (uint64_t)c->mode[4];
    in->reorder = (uint64_t)c->mode[5];

    if (c->pending && rng_pct(r, 90)) {
        in->in_valid = c->last.in_valid;
        in->in_write = c->last.in_write;
        in->in_warp = c->last.in_warp;
        in->in_block = c->last.in_block;
        in->in_inblock = c->last.in_inblock;
        in->in_addr = c->last.in_addr;
        in->in_tag = c->last.in_tag;
    } else {
        in->in_valid = rng_pct(r, c->p_in);
        in->in_write = rng_pct(r, c->target == 3 ? 3 * c->p_write / 2 + 10 : c->p_write);
        uint64_t sig = pick_sig(c, r);
        in->in_warp = rng_bits(r, MRPB_WARP_W);
        in->in_block = rng_bits(r, MRPB_BLOCK_W);
        in->in_inblock = rng_bits(r, MRPB_INBLOCK_W);
        *(c->mode[0] == MRPB_SIG_BLOCK ? &in->in_block : c->mode[0] == MRPB_SIG_INBLOCK ? &in->in_inblock
                                                                                      : &in->in_warp) = sig;
        in->in_addr = rng_bits(r, c->s.cfg.addr_w);
        in->in_tag = rng_bits(r, c->s.cfg.tag_w);
    }
    in->l1_ready = rng_pct(r, c->p_ready);
    in->l1_stall_assoc = rng_pct(r, c->p_assoc);
    in->byp_ready = rng_pct(r, c->p_byp);

    /* Will it be refused? Then the next cycle usually holds it. */
    mrpb_out_t o;
    mrpb_eval(&c->s, in, &o);
    c->pending = in->in_valid && !o.in_ready;
    c->last = *in;
}

/* A cycle's decision is made once: the evaluation keeps it, and the clock
 * edge that follows with the same inputs uses it instead of deciding again
 * (mrpb_decide is most of the model's time: the system model evaluates every
 * cycle it clocks). Any other edge, or one after a reset, decides anew. */
static void memo_eval(ctx_t *c, const mrpb_in_t *in, mrpb_out_t *out)
{
    mrpb_decide(&c->s, in, &c->dec);
    c->dec_in = *in;
    c->dec_ok = 1;
    mrpb_eval_dec(&c->s, &c->dec, out);
}

static void memo_tick(ctx_t *c, const mrpb_in_t *in)
{
    if (!c->dec_ok || memcmp(in, &c->dec_in, sizeof *in))
        mrpb_decide(&c->s, in, &c->dec);
    c->dec_ok = 0;
    mrpb_tick_dec(&c->s, in, &c->dec);
}

static void memo_reset(ctx_t *c) { c->dec_ok = 0; }

#define GLUE_EVAL(c, in, out) memo_eval(c, in, out)
#define GLUE_TICK(c, in) memo_tick(c, in)
#define GLUE_ON_RESET memo_reset
#include "glue.h"

/* The enqueue point and the drain policy's registers, for waveforms. */
static void probes(void *m, sigtab_t *t)
{
    ctx_t *c = m;
    unsigned qw = bits_idx_width(c->s.cfg.num_queues);
    static const struct { const char *path, *group; unsigned w; const char *const *names; } p[] = {
        {"e_valid", "enqueue point", 1, valid_names},
        {"e_write", "enqueue point", 1, write_names},
        {"e_q", "enqueue point", 0, NULL},
        {"u_drain_sel.pick_o", "drain policy", 0, NULL},
        {"u_drain_sel.cur_q", "drain policy", 0, NULL},
        {"u_drain_sel.ptr_q", "drain policy", 0, NULL},
        {"u_drain_sel.pick_q", "drain policy", 0, NULL},
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

const block_t block_mrpb = GLUE_BLOCK(
    "mrpb", "memory request prioritization buffer: signature queues, drain policy, flush, bypass (MRPB)",
    params, knobs, probes, 0);
