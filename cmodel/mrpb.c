#include "mrpb.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "argmax.h"
#include "bits.h"
#include "prio_enc.h"

_Static_assert(MRPB_MAX_DEPTH <= FIFO_MAX_DEPTH, "an mrpb queue is a fifo model");

const char *const mrpb_drain_names[] = {"none", "policy", "full", "flush", "write", "direct", NULL};
const char *const mrpb_signature_names[] = {"warp", "block", "inblock", NULL};
const char *const mrpb_policy_names[] = {"fixed", "longest", "rr", NULL};
const char *const mrpb_bypass_names[] = {"off", "all", "assoc", NULL};

/* Returns 0, or -EINVAL (with a message on stderr) for a parameter out of range. */
int mrpb_init(mrpb_state_t *s, const mrpb_cfg_t *cfg)
{
    const mrpb_cfg_t *c = cfg;
    if (c->num_queues < 1 || c->num_queues > MRPB_MAX_QUEUES || c->depth < 1 || c->depth > MRPB_MAX_DEPTH ||
        c->latency < 1 || c->latency > MRPB_MAX_LATENCY || c->addr_w < 1 || c->tag_w < 1 ||
        c->addr_w + c->tag_w > 63) {
        fprintf(stderr,
                "mrpb: NumQueues=%u Depth=%u Latency=%u AddrW=%u TagW=%u out of range "
                "(NumQueues 1..%d, Depth 1..%d, Latency 1..%d, AddrW, TagW >= 1, AddrW+TagW <= 63)\n",
                c->num_queues, c->depth, c->latency, c->addr_w, c->tag_w, MRPB_MAX_QUEUES, MRPB_MAX_DEPTH,
                MRPB_MAX_LATENCY);
        return -EINVAL;
    }
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    fifo_cfg_t fc = {c->depth, c->addr_w + c->tag_w + 1};
    for (unsigned i = 0; i < MRPB_MAX_QUEUES; i++)
        fifo_init(&s->q[i], &fc);
    rr_arb_cfg_t rc = {c->num_queues};
    rr_arb_init(&s->rr, &rc);
    mrpb_reset(s);
    return 0;
}

/* Registers to their reset values; queue storage keeps its contents (no reset in RTL). */
void mrpb_reset(mrpb_state_t *s)
{
    for (unsigned i = 0; i < MRPB_MAX_LATENCY - 1; i++)
        s->pipe[i].valid = 0;
    for (unsigned i = 0; i < MRPB_MAX_QUEUES; i++)
        fifo_reset(&s->q[i]);
    rr_arb_reset(&s->rr);
    s->cur = 0;
    memset(&s->out, 0, sizeof s->out);
    s->out_bypass = 0;
}

/* The header field signature_i selects, on its port's bits (the RTL's in_sig). */
static uint64_t sig_field(const mrpb_in_t *in)
{
    switch (in->signature & 3) {
    case MRPB_SIG_BLOCK: return in->in_block & bits_mask(MRPB_BLOCK_W);
    case MRPB_SIG_INBLOCK: return in->in_inblock & bits_mask(MRPB_INBLOCK_W);
    default: return in->in_warp & bits_mask(MRPB_WARP_W);
    }
}

uint64_t mrpb_signature(const mrpb_cfg_t *cfg, const mrpb_in_t *in)
{
    return sig_field(in) & bits_mask(bits_idx_width(cfg->num_queues));
}


static uint64_t pack(const mrpb_cfg_t *c, const mrpb_req_t *r)
{
    return (r->write << (c->addr_w + c->tag_w)) | (r->tag << c->addr_w) | r->addr;
}

static mrpb_req_t unpack(const mrpb_cfg_t *c, uint64_t v)
{
    mrpb_req_t r = {1, (v >> (c->addr_w + c->tag_w)) & 1, 0, v & bits_mask(c->addr_w),
                    (v >> c->addr_w) & bits_mask(c->tag_w)};
    return r;
}

void mrpb_decide(const mrpb_state_t *s, const mrpb_in_t *in, mrpb_dec_t *k)
{
    const mrpb_cfg_t *c = &s->cfg;
    const unsigned nq = c->num_queues, qmask = (unsigned)bits_mask(bits_idx_width(nq));
    memset(k, 0, sizeof *k);

    if (c->latency == 1) {
        k->e.valid = in->in_valid & 1;
        k->e.write = in->in_write & 1;
        k->e.q = mrpb_signature(c, in);
        k->e.addr = in->in_addr & bits_mask(c->addr_w);
        k->e.tag = in->in_tag & bits_mask(c->tag_w);
    } else {
        k->e = s->pipe[c->latency - 2];
    }
    const unsigned eq = (unsigned)k->e.q & qmask;  /* < 64: in range of the arrays */

    k->slot_taken = s->out.valid && (s->out_bypass ? (in->byp_ready & 1) : (in->l1_ready & 1));
    k->slot_free = !s->out.valid || k->slot_taken;

    const int reorder = in->reorder & 1, flush = in->flush & 1, greedy = in->greedy & 1;
    const unsigned policy = (unsigned)(in->policy & 3);
    const int ev = k->e.valid && reorder;
    const uint64_t ecnt = s->q[eq].count;
    const int e_full = ecnt == c->depth, e_empty = ecnt == 0;
    const int wr_flush = ev && k->e.write && flush;  /* flush part 2 applies */
    k->enq = ev && !wr_flush && !e_full;

    /* Queue state after this cycle's enqueue (split cycle: enqueue, then dequeue). */
    uint64_t nonempty = 0;
    argmax_in_t len = {0};
    for (unsigned i = 0; i < nq; i++) {
        len.vals[i] = s->q[i].count + (uint64_t)(k->enq && i == eq);
        if (len.vals[i])
            nonempty |= UINT64_C(1) << i;
    }
    /* Greedy: the current queue, while it holds requests, is all the policy sees. */
    k->req = (greedy && ((nonempty >> s->cur) & 1)) ? UINT64_C(1) << s->cur : nonempty;

    unsigned pick;
    if (policy == MRPB_POL_LONGEST) {
        argmax_state_t am = {{nq, bits_clog2((uint64_t)c->depth + 1)}};
        argmax_out_t ao;
        len.valid = k->req;
        argmax_eval(&am, &len, &ao);
        pick = (unsigned)ao.idx;
    } else if (policy == MRPB_POL_RR) {
        rr_arb_in_t ri = {k->req, 0};
        rr_arb_out_t ro;
        rr_arb_eval(&s->rr, &ri, &ro);
        pick = (unsigned)ro.idx;
    } else {
        int v;
        pick = prio_enc_lowest(k->req, nq, &v);
    }

    /* Drain sources in priority order: write flush, full-queue drain, policy. */
    unsigned reason = MRPB_DR_NONE, dq = 0;
    if (!reorder) {
        if (k->e.valid)
            reason = MRPB_DR_DIRECT, dq = eq;
    } else if (wr_flush) {
        reason = e_empty ? MRPB_DR_WRITE : MRPB_DR_FLUSH;
        dq = eq;
    } else if (ev && !k->e.write && flush && e_full) {
        reason = MRPB_DR_FULL, dq = eq;
    } else if (nonempty) {
        reason = MRPB_DR_POLICY, dq = pick;
    }
    if (!k->slot_free)
        reason = MRPB_DR_NONE, dq = 0;
    k->reason = reason;
    k->dq = dq;

    switch (reason) {
    case MRPB_DR_DIRECT:
    case MRPB_DR_WRITE:
        k->item = k->e;
        break;
    case MRPB_DR_POLICY:
    case MRPB_DR_FULL:
    case MRPB_DR_FLUSH:
        if (s->q[dq].count) {
            k->item = unpack(c, s->q[dq].mem[s->q[dq].head]);
            k->pop = 1;
        } else {
            k->item = k->e;  /* fall-through: written to an empty queue and drained at once */
        }
        break;
    default:
        break;
    }
    k->push = k->enq && !(reason == MRPB_DR_POLICY && dq == eq && !k->pop);

    if (!reorder)
        k->e_take = reason == MRPB_DR_DIRECT;
    else if (wr_flush)
        k->e_take = reason == MRPB_DR_WRITE;
    else
        k->e_take = k->enq;
}

static int e_stalled(const mrpb_dec_t *k) { return k->e.valid && !k->e_take; }

void mrpb_slot(const mrpb_state_t *s, mrpb_out_t *out)
{
    out->out_valid = s->out.valid;
    out->out_bypass = s->out_bypass;
    out->out_write = s->out.write;
    out->out_addr = s->out.addr;
    out->out_tag = s->out.tag;
}

void mrpb_eval_dec(const mrpb_state_t *s, const mrpb_dec_t *k, mrpb_out_t *out)
{
    memset(out, 0, sizeof *out);
    mrpb_slot(s, out);
    out->in_ready = !e_stalled(k);
    out->drain = k->reason;
    out->drain_q = k->dq;
    for (unsigned i = 0; i < s->cfg.num_queues; i++)
        out->occ[i] = s->q[i].count;
}

void mrpb_eval(const mrpb_state_t *s, const mrpb_in_t *in, mrpb_out_t *out)
{
    mrpb_dec_t k;
    mrpb_decide(s, in, &k);
    mrpb_eval_dec(s, &k, out);
}

void mrpb_tick(mrpb_state_t *s, const mrpb_in_t *in)
{
    mrpb_dec_t k;
    mrpb_decide(s, in, &k);
    mrpb_tick_dec(s, in, &k);
}

void mrpb_tick_dec(mrpb_state_t *s, const mrpb_in_t *in, const mrpb_dec_t *kp)
{
    const mrpb_cfg_t *c = &s->cfg;
    const mrpb_dec_t k = *kp;

    /* Queues: at most one push and one pop, possibly the same queue. */
    const unsigned eq = (unsigned)k.e.q & (unsigned)bits_mask(bits_idx_width(c->num_queues));
    for (unsigned i = 0; i < c->num_queues; i++) {
        fifo_in_t fi = {0, 0, 0};
        if (k.push && i == eq)
            fi.push = 1, fi.wdata = pack(c, &k.e);
        if (k.pop && i == k.dq)
            fi.pop = 1;
        if (fi.push || fi.pop)
            fifo_tick(&s->q[i], &fi);
    }

    /* Drain policy state: only policy drains move it. */
    if (k.reason == MRPB_DR_POLICY) {
        s->cur = k.dq;
        if ((in->policy & 3) == MRPB_POL_RR) {
            rr_arb_in_t ri = {k.req, 1};
            rr_arb_tick(&s->rr, &ri);
        }
    }

    /* Outbound slot. */
    if (k.reason != MRPB_DR_NONE) {
        s->out = k.item;
        s->out.valid = 1;
        s->out.q = 0;
        s->out_bypass = 0;
    } else if (k.slot_taken) {
        s->out.valid = 0;
        s->out_bypass = 0;
    } else if (s->out.valid && !s->out_bypass && !s->out.write) {
        /* Refused by the L1 (not taken): bypass a read on a matching stall kind. */
        unsigned b = (unsigned)(in->bypass & 3);
        if (b == MRPB_BYP_ALL || (b == MRPB_BYP_ASSOC && (in->l1_stall_assoc & 1)))
            s->out_bypass = 1;
    }

    /* Input pipeline: moves as a whole unless the enqueue point is stalled. */
    if (c->latency > 1 && !e_stalled(&k)) {
        for (unsigned i = c->latency - 2; i > 0; i--)
            s->pipe[i] = s->pipe[i - 1];
        mrpb_req_t r = {in->in_valid & 1, in->in_write & 1, mrpb_signature(c, in),
                        in->in_addr & bits_mask(c->addr_w), in->in_tag & bits_mask(c->tag_w)};
        s->pipe[0] = r;
    }
}

void mrpb_account(const mrpb_cfg_t *cfg, const mrpb_in_t *in, const mrpb_out_t *out, mrpb_stats_t *st)
{
    (void)cfg; /* every counter is a port event; no width depends on the parameters */
    st->cycles++;
    if (in->in_valid & 1) {
        if (out->in_ready & 1)
            st->in++;
        else
            st->stall_cycles++;
    }
    const uint64_t dr = out->drain & 7;
    st->drained += dr != MRPB_DR_NONE;
    st->policy_drains += dr == MRPB_DR_POLICY;
    st->full_drains += dr == MRPB_DR_FULL;
    st->flush_drains += dr == MRPB_DR_FLUSH;
    st->write_passes += dr == MRPB_DR_WRITE;
    st->direct += dr == MRPB_DR_DIRECT;
    /* The slot's request is taken by the port it is presented on (rtl/mrpb_outslot.sv). */
    if (out->out_valid & 1) {
        if (out->out_bypass & 1)
            st->bypassed += in->byp_ready & 1;
        else if (in->l1_ready & 1)
            st->l1_accepted++;
        else
            st->retry_cycles++;
    }
}

void mrpb_chk_init(mrpb_chk_t *c)
{
    c->mode = 0;
    c->run = 0;
}

int mrpb_check(mrpb_chk_t *c, const mrpb_state_t *s, const mrpb_in_t *in, int rst_n, char *msg, size_t n)
{
    const uint64_t sig = in->signature & 3, pol = in->policy & 3, byp = in->bypass & 3;
    const uint64_t mode = sig << 7 | pol << 5 | (in->greedy & 1) << 4 | (in->flush & 1) << 3 | byp << 1 |
                          (in->reorder & 1);
    const uint64_t mode_q = c->mode, run_q = c->run;
    c->mode = mode;                      /* f_mode_q, f_run_q: every clock */
    c->run = (uint64_t)(rst_n & 1);
    if (!(rst_n & 1))
        return 0;
    if (sig == 3 || pol == 3 || byp == 3) {
        snprintf(msg, n, "mrpb: mode value 3 is not defined");
        return -1;
    }
    if (run_q && mode_q != mode) {
        snprintf(msg, n, "mrpb: a mode changed out of reset");
        return -1;
    }
    if (in->in_valid & 1) {
        const uint64_t v = sig_field(in);  /* before the cut to the queue index */
        if (v >= s->cfg.num_queues) {
            snprintf(msg, n, "mrpb: signature %" PRIu64 " >= NumQueues", v);
            return -1;
        }
    }
    return 0;
}
