/* pipe.c - GPGPU-Sim's issue pipeline in an SM (pipe.h; docs/sim.md "Issue pipeline"). */
#include "core/pipe.h"

#include <string.h>

#include "core/sm.h"
#include "mod.h"

unsigned pipe_type(unsigned cls)
{
    if (op_is_mem(cls) || cls == OP_MEMBAR)
        return PU_MEM;
    return cls == OP_SFU || cls == OP_DP ? PU_SFU : PU_SP;
}

void pipe_init(pipe_t *p)
{
    p->fetch_warp = -1;
    p->fetch_last = SM_MAX_WARPS - 1;   /* the first fetch tries warp 0 */
}

static inline pipe_ent_t *q_head(pipe_q_t *q) { return &q->e[q->head]; }
static inline void q_pop(pipe_q_t *q)
{
    q->head = (q->head + 1) % PIPE_Q;
    q->n--;
}
static inline void q_push(pipe_q_t *q, const pipe_ent_t *e) { q->e[(q->head + q->n++) % PIPE_Q] = *e; }

int pipe_can_take(const sm_t *sm, unsigned cls)
{
    unsigned t = pipe_type(cls);
    return sm->pipe.id_oc[t].n < sm->cfg->id_oc[t];
}

void pipe_enter(sm_t *sm, unsigned w, uint32_t inst, uint32_t rec)
{
    const sinst_t *in = rtb_stat(&sm->slot[sm->warp[w].slot].tb, inst);
    pipe_ent_t e = {.warp = (uint8_t)w, .inst = inst, .rec = rec};
    q_push(&sm->pipe.id_oc[pipe_type(in->cls)], &e);
    sm->warp[w].npipe++;
    sm->pipe.inflight++;
}

/* A result's writeback cycle is at most the longest latency + 2 ahead: the calendar must not wrap. */
_Static_assert(PIPE_RING > SM_MAX_LAT + 2, "PIPE_RING must exceed SM_MAX_LAT + 2");

static inline unsigned bank_of(const sm_t *sm, unsigned reg, unsigned w) { return mod_p2(reg + w, sm->cfg->reg_banks); }

/* The results due this cycle: their registers are written (the banks are
 * busy for reads) and released; the warp may issue a dependent now. */
void pipe_writeback(sm_t *sm, uint64_t now)
{
    pipe_t *p = &sm->pipe;
    p->bank_wr = 0;
    if (!p->inflight)
        return;
    const unsigned at = (unsigned)(now % PIPE_RING), n = p->wbn[at];
    for (unsigned i = 0; i < n; i++) {
        const pipe_ent_t *e = &p->wb[at][i];
        const sinst_t *in = rtb_stat(&sm->slot[sm->warp[e->warp].slot].tb, e->inst);
        uint64_t *rr = &sm->reg_ready[(size_t)e->warp * REG_IDS];
        for (unsigned d = 0; d < in->ndst; d++)
            if (!reg_is_const(in->dst[d])) {
                rr[in->dst[d]] = now;
                if (in->dst[d] < REG_UR)
                    p->bank_wr |= 1u << bank_of(sm, in->dst[d], e->warp);
            }
        sm_regs_written(sm, e->warp);
        p->inflight--;
        sm_pipe_done(sm, e->warp);
    }
    p->nwb -= n;
    p->wbn[at] = 0;
}

/* A result bus for cycle t (sm.ex_wb of them). */
static int bus_free(const sm_t *sm, uint64_t t) { return sm->pipe.wbn[t % PIPE_RING] < sm->cfg->ex_wb; }

static void to_writeback(sm_t *sm, const pipe_ent_t *e, uint64_t t)
{
    const unsigned at = (unsigned)(t % PIPE_RING);
    sm->pipe.wb[at][sm->pipe.wbn[at]++] = *e;
    sm->pipe.nwb++;
}

/* OC_EX into the units: each SP unit takes one instruction per cycle (the
 * oldest first), the SFU one per sm.ii_sfu (FP64 per sm.ii_dp), each with a
 * result bus for its writeback cycle (FP64 on the SFU as well: one unit);
 * the LD/ST unit takes one when the
 * memory pipeline is free (sm.c does the access). */
void pipe_execute(sm_t *sm, uint64_t now)
{
    pipe_t *p = &sm->pipe;
    const config_t *c = sm->cfg;
    if (!p->inflight)
        return;
    for (unsigned u = 0; u < c->units_sp && p->oc_ex[PU_SP].n; u++) {
        if (p->sp_free[u] > now)
            continue;
        pipe_ent_t *e = q_head(&p->oc_ex[PU_SP]);
        unsigned cls = rtb_stat(&sm->slot[sm->warp[e->warp].slot].tb, e->inst)->cls;
        uint64_t t = now + sm_lat_of(c, cls) + 2;
        if (!bus_free(sm, t))
            break;   /* the oldest waits for a bus; the others wait behind it */
        to_writeback(sm, e, t);
        p->sp_free[u] = now + 1;
        q_pop(&p->oc_ex[PU_SP]);
    }
    if (p->oc_ex[PU_SFU].n) {
        pipe_ent_t *e = q_head(&p->oc_ex[PU_SFU]);
        unsigned cls = rtb_stat(&sm->slot[sm->warp[e->warp].slot].tb, e->inst)->cls;
        uint64_t t = now + sm_lat_of(c, cls) + 2;
        if (sm->sfu_free <= now && bus_free(sm, t)) {   /* FP64 runs on the SFU too (no FP64 units) */
            to_writeback(sm, e, t);
            sm->sfu_free = now + (cls == OP_DP ? c->ii_dp : c->ii_sfu);
            q_pop(&p->oc_ex[PU_SFU]);
        }
    }
    if (p->oc_ex[PU_MEM].n && !sm->mp.busy) {
        pipe_ent_t e = *q_head(&p->oc_ex[PU_MEM]);
        q_pop(&p->oc_ex[PU_MEM]);
        p->inflight--;
        sm_ldst_take(sm, e.warp, e.inst, e.rec, now);
        sm_pipe_done(sm, e.warp);
    }
}

/* The oldest collector of type t whose reads are done (in an earlier cycle:
 * dispatch runs before the reads), or -1. */
static int oldest_done(const pipe_t *p, unsigned t)
{
    int best = -1;
    for (uint32_t m = p->cu_valid[t] & ~p->cu_reading[t]; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        if (best < 0 || p->cu[t][i].seq < p->cu[t][best].seq)
            best = i;
    }
    return best;
}

/* The operand collectors, in GPGPU-Sim's order within a cycle: dispatch
 * (collectors whose reads are done, to OC_EX), reads (one per bank, the
 * oldest collector's, none from a bank being written), allocation (ID_OC
 * to free collectors; they read from the next cycle). */
void pipe_operands(sm_t *sm)
{
    pipe_t *p = &sm->pipe;
    const config_t *c = sm->cfg;
    /* most cycles no collector holds an instruction and none waits for one:
     * each stage below is entered only with something to do */
    unsigned done = 0, queued = 0;   /* the types with collectors done reading (and room after them), with ID_OC entries */
    uint32_t reading = 0;
    for (unsigned t = 0; t < PU_TYPES; t++) {
        done |= (unsigned)((p->cu_valid[t] & ~p->cu_reading[t]) && p->oc_ex[t].n < c->oc_ex[t]) << t;
        reading |= p->cu_reading[t];
        queued |= (unsigned)(p->id_oc[t].n != 0) << t;
    }
    if (!(done | reading | queued))
        return;
    for (unsigned x = done; x; x &= x - 1)
        for (unsigned t = (unsigned)__builtin_ctz(x), k = 0; k < c->oc_out[t] && p->oc_ex[t].n < c->oc_ex[t]; k++) {
            int i = oldest_done(p, t);
            if (i < 0)
                break;
            q_push(&p->oc_ex[t], &p->cu[t][i].e);
            p->cu_valid[t] &= ~(1u << i);
        }
    /* reads: per bank the oldest collector asking for it (want[b], its source wreg[b]) */
    pipe_cu_t *want[32];
    unsigned wreg[32];
    uint32_t asked = 0;
    for (unsigned t = 0; t < PU_TYPES && reading; t++)
        for (uint32_t m = p->cu_reading[t]; m; m &= m - 1) {
            pipe_cu_t *u = &p->cu[t][__builtin_ctz(m)];
            for (unsigned r = 0; r < u->nreg; r++) {
                unsigned b = bank_of(sm, u->reg[r], u->e.warp);
                if ((p->bank_wr >> b & 1) || ((asked >> b & 1) && want[b]->seq <= u->seq)) {
                    sm->st.reg_bank_conflicts++;   /* written back, or an older (or its own) read first */
                    continue;
                }
                if (asked >> b & 1)
                    sm->st.reg_bank_conflicts++;   /* the younger collector it displaces waits */
                asked |= 1u << b;
                want[b] = u;
                wreg[b] = r;
            }
        }
    for (uint32_t m = asked; m; m &= m - 1) {
        unsigned b = (unsigned)__builtin_ctz(m);
        want[b]->reg[wreg[b]] = UINT16_MAX;   /* read */
    }
    for (unsigned t = 0; t < PU_TYPES && reading; t++)
        for (uint32_t m = p->cu_reading[t]; m; m &= m - 1) {
            unsigned i = (unsigned)__builtin_ctz(m), n = 0;
            pipe_cu_t *u = &p->cu[t][i];
            for (unsigned r = 0; r < u->nreg; r++)
                if (u->reg[r] != UINT16_MAX)
                    u->reg[n++] = u->reg[r];
            u->nreg = (uint8_t)n;
            if (!n)
                p->cu_reading[t] &= ~(1u << i);
        }
    /* allocation: the ID_OC register's oldest into free collectors */
    for (unsigned x = queued; x; x &= x - 1)
        for (unsigned t = (unsigned)__builtin_ctz(x), k = 0; k < c->oc_in[t] && p->id_oc[t].n; k++) {
            uint32_t free = ~p->cu_valid[t] & ((1u << c->oc_units[t]) - 1);
            if (!free)
                break;
            unsigned i = (unsigned)__builtin_ctz(free);
            pipe_cu_t *u = &p->cu[t][i];
            u->e = *q_head(&p->id_oc[t]);
            q_pop(&p->id_oc[t]);
            u->seq = ++p->seq;
            u->nreg = 0;
            const sinst_t *in = rtb_stat(&sm->slot[sm->warp[u->e.warp].slot].tb, u->e.inst);
            for (unsigned s = 0; s < in->nsrc; s++) {
                unsigned r = in->src[s], dup = 0;
                if (r >= REG_UR || reg_is_const(r))   /* only R registers live in the banks */
                    continue;
                for (unsigned j = 0; j < u->nreg; j++)
                    dup |= u->reg[j] == r;
                if (!dup)
                    u->reg[u->nreg++] = (uint16_t)r;
            }
            p->cu_valid[t] |= 1u << i;
            if (u->nreg)
                p->cu_reading[t] |= 1u << i;
        }
}

/* Decode last cycle's fetch (its first two instructions, issuable from the
 * next cycle), then fetch the next warp, round-robin, whose buffer is empty. */
void pipe_fetch(sm_t *sm, uint64_t now)
{
    pipe_t *p = &sm->pipe;
    if (p->fetch_warp >= 0) {
        unsigned w = (unsigned)p->fetch_warp;
        warp_t *wp = &sm->warp[w];
        if (p->need_fetch >> w & 1) {   /* still live, its buffer still empty */
            uint32_t left = wp->count - wp->done;
            wp->ibuf = (uint8_t)(left < 2 ? left : 2);
            wp->ibuf_at = now + 1;
            p->need_fetch &= ~(1ull << w);
        }
        p->fetch_warp = -1;
    }
    if (!p->need_fetch)
        return;
    unsigned from = (p->fetch_last + 1) % SM_MAX_WARPS;
    uint64_t m = from ? p->need_fetch >> from | p->need_fetch << (SM_MAX_WARPS - from) : p->need_fetch;
    unsigned w = (from + (unsigned)__builtin_ctzll(m)) % SM_MAX_WARPS;
    p->fetch_warp = (int)w;
    p->fetch_last = w;
}

uint64_t pipe_next_wb(const sm_t *sm, uint64_t now)
{
    const pipe_t *p = &sm->pipe;
    if (!p->nwb)
        return UINT64_MAX;
    /* a result is at most SM_MAX_LAT + 2 < PIPE_RING cycles ahead (to_writeback) */
    for (uint64_t t = now + 1;; t++)
        if (p->wbn[t % PIPE_RING])
            return t;
}

int pipe_quiet(const sm_t *sm)
{
    const pipe_t *p = &sm->pipe;
    const config_t *c = sm->cfg;
    if (p->fetch_warp >= 0 || p->need_fetch)
        return 0;
    for (unsigned t = 0; t < PU_TYPES; t++)
        if (t != PU_MEM && (p->id_oc[t].n || p->cu_valid[t] || p->oc_ex[t].n))
            return 0;
    /* memory instructions: all read, and each waiting for the stage after it */
    uint32_t all = (1u << c->oc_units[PU_MEM]) - 1;
    if (p->cu_reading[PU_MEM] || (p->id_oc[PU_MEM].n && p->cu_valid[PU_MEM] != all) ||
        (p->cu_valid[PU_MEM] && p->oc_ex[PU_MEM].n < c->oc_ex[PU_MEM]) || (p->oc_ex[PU_MEM].n && !sm->mp.busy))
        return 0;
    return 1;
}
