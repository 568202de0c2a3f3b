/* dram.c - a DRAM channel: dram_sched, per-bank command queues and the GDDR5
 * command engine (dram.h; docs/sim.md "DRAM"). */
#include "mem/dram.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "clock.h"
#include "mod.h"
#include "block.h"

/* Entries of a bank's command queue: dram.bank_queue, and three for the
 * scheduler's pipeline (a bank is ready while it holds fewer than
 * dram.bank_queue; see the readiness below). */
#define BANK_SLOTS(cfg) ((cfg)->bank_q + 3)

/* log2 of a power of two (banks, rows) */
static unsigned log2u(uint64_t x) { return bits_clog2(x); }

/* The engine refreshes every tREFI (never postponing). dram.test_shorten=tREFI:
 * every tenth only, past the checker's limit of 8 postponed refreshes. */
static uint64_t refresh_interval(const config_t *cfg)
{
    return (cfg->shorten == DRAM_SHORTEN_TREFI ? 10ull : 1ull) * cfg->t.tREFI;
}

/* A rule's bound n, one cycle shorter when dram.test_shorten names it (a
 * test knob: the checker must notice). */
static int64_t bound(const dram_t *d, unsigned rule, int64_t n)
{
    return d->cfg->shorten == rule ? n - 1 : n;
}

/* Each rule's gap (d->gap), from the timing: the engine raises the earliest
 * cycles by these at each command. */
static void gaps_init(dram_t *d)
{
    const dram_timing_t *t = &d->cfg->t;
    const int64_t tb = dram_tburst(t), cl = t->tCL, wl = t->tWL;
    int64_t *g = d->gap;
    g[DRAM_SHORTEN_TRCD] = bound(d, DRAM_SHORTEN_TRCD, t->tRCD);
    g[DRAM_SHORTEN_TRAS] = bound(d, DRAM_SHORTEN_TRAS, t->tRAS);
    g[DRAM_SHORTEN_TRC] = bound(d, DRAM_SHORTEN_TRC, t->tRC);
    g[DRAM_SHORTEN_TRRD] = bound(d, DRAM_SHORTEN_TRRD, t->tRRD);
    g[DRAM_SHORTEN_TRP] = bound(d, DRAM_SHORTEN_TRP, t->tRP);
    g[DRAM_SHORTEN_REF_TRP] = bound(d, DRAM_SHORTEN_REF_TRP, t->tRP);
    g[DRAM_SHORTEN_TRFC] = bound(d, DRAM_SHORTEN_TRFC, t->tRFC);
    g[DRAM_SHORTEN_REF_REF] = bound(d, DRAM_SHORTEN_REF_REF, t->tRFC);
    g[DRAM_SHORTEN_TFAW] = bound(d, DRAM_SHORTEN_TFAW, t->tFAW);
    g[DRAM_SHORTEN_TCCDL] = bound(d, DRAM_SHORTEN_TCCDL, t->tCCDL);
    g[DRAM_SHORTEN_TCCDS] = bound(d, DRAM_SHORTEN_TCCDS, t->tCCDS);
    g[DRAM_SHORTEN_TRTW] = bound(d, DRAM_SHORTEN_TRTW, cl + tb + t->tRTRS - wl);
    g[DRAM_SHORTEN_TRTP] = bound(d, DRAM_SHORTEN_TRTP, tb);
    g[DRAM_SHORTEN_TRTPL] = bound(d, DRAM_SHORTEN_TRTPL, t->tRTPL);
    g[DRAM_SHORTEN_TWTR] = bound(d, DRAM_SHORTEN_TWTR, wl + tb + t->tCDLR);
    g[DRAM_SHORTEN_TWR] = bound(d, DRAM_SHORTEN_TWR, wl + tb + t->tWR);
    d->bus_rd = bound(d, DRAM_SHORTEN_DATA_BUS, cl + tb);   /* command to the end of its burst */
    d->bus_wr = bound(d, DRAM_SHORTEN_DATA_BUS, wl + tb);
}

dram_t *dram_new(const config_t *cfg, unsigned ch, rq_t **from_l2, rq_t **to_l2, unsigned nsub,
                 const sim_blkopts_t *bo)
{
    dram_t *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->cfg = cfg;
    d->ch = ch;
    d->from_l2 = from_l2;
    d->to_l2 = to_l2;
    d->nsub = nsub;
    unsigned atom = cfg->t.BL * cfg->buswidth * cfg->chips;
    d->atoms = atom >= 128 ? 1 : 128 / atom;
    d->bank = calloc(cfg->t.nbk, sizeof *d->bank);
    for (unsigned b = 0; b < cfg->t.nbk; b++)
        d->grp[b] = (uint8_t)dram_bank_group(&cfg->t, b);
    d->cap_infl = cfg->rdq + cfg->wrq + cfg->t.nbk * BANK_SLOTS(cfg);
    d->infl_r = calloc(2 * d->cap_infl, sizeof *d->infl_r);
    d->infl_id = calloc(2 * d->cap_infl, sizeof *d->infl_id);
    d->infl_t = calloc(2 * d->cap_infl, sizeof *d->infl_t);
    d->infl_w = calloc(2 * d->cap_infl, sizeof *d->infl_w);
    /* every read the channel holds has an L2 MSHR entry of one of its
     * sub-partitions; every store it acknowledges is in its queues */
    d->ret_cap = nsub * cfg->l2_mshr + cfg->wrq + cfg->t.nbk * BANK_SLOTS(cfg) + 4;
    d->ret_t = calloc(d->ret_cap, sizeof *d->ret_t);
    d->ret_r = calloc(d->ret_cap, sizeof *d->ret_r);
    if (!d->bank || !d->infl_r || !d->infl_id || !d->infl_t || !d->infl_w || !d->ret_t || !d->ret_r)
        goto fail;
    for (unsigned b = 0; b < cfg->t.nbk; b++)
        if (!(d->bank[b].q = calloc(BANK_SLOTS(cfg), sizeof *d->bank[b].q)))
            goto fail;
    d->next_ref = refresh_interval(cfg);
    gaps_init(d);

    d->in.policy = cfg->policy;
    d->scfg = (dram_sched_cfg_t){cfg->rdq, cfg->wrq, cfg->high_wm, cfg->low_wm, log2u(cfg->t.nbk) ? log2u(cfg->t.nbk) : 1,
                                 log2u(cfg->rows) ? log2u(cfg->rows) : 1, cfg->addr_w};
    snprintf(d->label, sizeof d->label, "sim ch%u", ch);
    /* the reset cycle takes the policy: it may change only in reset */
    if (!(d->ls = sim_block_open_cfg(cfg, SIM_DRAM_SCHED, ch, d->label, &d->in, &d->out, bo)))
        goto fail;
    if (cfg->check_dram && !(d->chk = dck_new(&cfg->t, ch)))
        goto fail;
    return d;
fail:
    dram_free(d);
    return NULL;
}

void dram_free(dram_t *d)
{
    if (!d)
        return;
    sim_block_close(&d->ls);
    if (d->bank)
        for (unsigned b = 0; b < d->cfg->t.nbk; b++)
            free(d->bank[b].q);
    free(d->bank);
    free(d->infl_r);
    free(d->infl_id);
    free(d->infl_t);
    free(d->infl_w);
    free(d->ret_t);
    free(d->ret_r);
    if (d->chk)
        dck_free(d->chk);
    free(d);
}

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* Cycle now + n, n may be negative (a bound already met): never below 0. */
static uint64_t after(uint64_t now, int64_t n)
{
    int64_t c = (int64_t)now + n;
    return c > 0 ? (uint64_t)c : 0;
}

/* The address dram_sched knows a request by: its channel block address, and
 * behind it, for a sectored L2, its (first) sector, so that the reads of two
 * sectors of one line in the queue are told apart. */
static uint64_t dram_id(const dram_t *d, const req_t *r)
{
    uint64_t mask = d->cfg->addr_w >= 64 ? ~0ull : (1ull << d->cfg->addr_w) - 1;
    if (!d->cfg->l2_sectored)
        return r->blk & mask;
    return (r->blk << 2 | (unsigned)__builtin_ctz(r->sect ? r->sect : 1)) & mask;
}

#define INFL_TAKEN 0xff

/* The live slots of the in-flight list moved down to [0, infl_live), in order. */
static void infl_compact(dram_t *d)
{
    unsigned j = 0;
    for (unsigned i = d->infl_lo; i < d->infl_hi; i++)
        if (d->infl_w[i] != INFL_TAKEN) {
            if (i != j) {
                d->infl_r[j] = d->infl_r[i];
                d->infl_id[j] = d->infl_id[i];
                d->infl_t[j] = d->infl_t[i];
                d->infl_w[j] = d->infl_w[i];
            }
            j++;
        }
    d->infl_lo = 0;
    d->infl_hi = j;
}

/* A request the scheduler took: kept until it is scheduled. */
static void infl_push(dram_t *d, const req_t *r, uint64_t now, int write)
{
    if (d->infl_live == d->cap_infl)
        abort();   /* the scheduler holds no more than its queues and the banks' */
    if (d->infl_hi == 2 * d->cap_infl)
        infl_compact(d);
    unsigned i = d->infl_hi++;
    d->infl_r[i] = *r;
    d->infl_id[i] = dram_id(d, r);
    d->infl_t[i] = now;
    d->infl_w[i] = (uint8_t)write;
    d->infl_live++;
}

/* The scheduled request of id blk: the oldest of that kind with it (into
 * *r; 1), removed, order kept. A read's queueing latency is counted. */
static int infl_take(dram_t *d, uint64_t blk, int write, req_t *r, uint64_t now)
{
    for (unsigned i = d->infl_lo; i < d->infl_hi; i++)
        if (d->infl_id[i] == blk && d->infl_w[i] == write) {
            *r = d->infl_r[i];
            if (!write)
                d->st.rd_latency_sum += now - d->infl_t[i];
            d->infl_w[i] = INFL_TAKEN;
            if (!--d->infl_live) {
                d->infl_lo = d->infl_hi = 0;
            } else if (i == d->infl_lo) {   /* a live slot follows */
                while (d->infl_w[d->infl_lo] == INFL_TAKEN)
                    d->infl_lo++;
            } else if (d->infl_hi - d->infl_lo - d->infl_live > d->infl_live + 16) {
                infl_compact(d);
            }
            return 1;
        }
    return 0;
}

/* Column commands (atoms of burst x bus width x chips bytes) a request
 * needs: its data (a whole line unless it says otherwise), at least one. */
static unsigned atoms_of(const dram_t *d, const req_t *r)
{
    unsigned atom = d->cfg->t.BL * d->cfg->buswidth * d->cfg->chips;
    unsigned data = r && r->sect ? req_data(r) : 128;
    return data >= 128 ? d->atoms : (data + atom - 1) / atom;
}

/* A completed read, or a forwarded store's acknowledgement, back to its
 * sub-partition at cycle `at` (kept in time order: not before the last). */
static void ret_push(dram_t *d, uint64_t at, const req_t *r)
{
    unsigned j = d->ret_head + d->ret_n;
    if (j >= d->ret_cap)
        j -= d->ret_cap;
    if (d->ret_n) {
        uint64_t last = d->ret_t[j == 0 ? d->ret_cap - 1 : j - 1];
        if (at < last)
            at = last;
    }
    d->ret_t[j] = at;
    d->ret_r[j] = *r;
    d->ret_n++;
}

/* RD/WR: the column rules, and the data bus. The burst holds the bus from
 * the command's latency (tCL, tWL) after it for tBURST cycles; the next
 * burst of either kind starts when it ends, a write burst after a read burst
 * tRTRS later (the read-to-write turnaround); a RD after a WR waits
 * tWL + tBURST + tCDLR (write-to-read, command to command as GPGPU-Sim's
 * tWTR; its read burst then starts tCL after the bus is free). All are
 * folded into the channel's earliest RD and WR (rd_ok, wr_ok), so the engine
 * looks at one earliest cycle per kind, not at the bursts in flight. */
static void issue_col(dram_t *d, uint64_t now, dram_cmd_t cmd, bank_t *k, unsigned g)
{
    const dram_timing_t *t = &d->cfg->t;
    const int64_t tb = dram_tburst(t), cl = t->tCL, wl = t->tWL;
    const int64_t bus = cmd == DCMD_RD ? d->bus_rd : d->bus_wr;   /* command to the end of its burst */
    d->grp_col_ok[g] = max64(d->grp_col_ok[g], after(now, d->gap[DRAM_SHORTEN_TCCDL]));
    d->col_ok = max64(d->col_ok, after(now, d->gap[DRAM_SHORTEN_TCCDS]));
    d->rd_ok = max64(d->rd_ok, after(now, bus - cl));
    d->wr_ok = max64(d->wr_ok, after(now, bus - wl));
    if (cmd == DCMD_RD) {
        d->wr_ok = max64(d->wr_ok, after(now, d->gap[DRAM_SHORTEN_TRTW]));
        k->pre_ok = max64(k->pre_ok, after(now, d->gap[DRAM_SHORTEN_TRTP]));
        d->grp_pre_ok[g] = max64(d->grp_pre_ok[g], after(now, d->gap[DRAM_SHORTEN_TRTPL]));
        d->st.n_rd++;
    } else {
        d->rd_ok = max64(d->rd_ok, after(now, d->gap[DRAM_SHORTEN_TWTR]));
        k->pre_ok = max64(k->pre_ok, after(now, d->gap[DRAM_SHORTEN_TWR]));
        d->st.n_wr++;
    }
    d->st.data_cycles += (uint64_t)tb;
}

/* The engine's view of the rules: earliest cycles per bank, bank group and
 * channel, raised by every command issued. */
static void issue(dram_t *d, uint64_t now, dram_cmd_t cmd, unsigned b)
{
    const dram_timing_t *t = &d->cfg->t;
    bank_t *k = &d->bank[b];
    switch (cmd) {
    case DCMD_ACT:
        k->open = 1;
        k->col_ok = max64(k->col_ok, after(now, d->gap[DRAM_SHORTEN_TRCD]));
        k->pre_ok = max64(k->pre_ok, after(now, d->gap[DRAM_SHORTEN_TRAS]));
        k->act_ok = max64(k->act_ok, after(now, d->gap[DRAM_SHORTEN_TRC]));
        d->act_ok = max64(d->act_ok, after(now, d->gap[DRAM_SHORTEN_TRRD]));
        d->faw[d->faw_n++ % 4] = now;
        d->st.n_act++;
        break;
    case DCMD_PRE:
        k->open = 0;
        k->act_ok = max64(k->act_ok, after(now, d->gap[DRAM_SHORTEN_TRP]));
        d->ref_ok = max64(d->ref_ok, after(now, d->gap[DRAM_SHORTEN_REF_TRP]));
        d->st.n_pre++;
        break;
    case DCMD_RD:
    case DCMD_WR:
        issue_col(d, now, cmd, k, d->grp[b]);
        break;
    case DCMD_REF: {
        uint64_t rfc = after(now, d->gap[DRAM_SHORTEN_TRFC]);
        for (unsigned i = 0; i < t->nbk; i++)
            d->bank[i].act_ok = max64(d->bank[i].act_ok, rfc);
        /* the next REF no earlier than this one's end (REF -> REF >= tRFC) */
        d->ref_ok = max64(d->ref_ok, after(now, d->gap[DRAM_SHORTEN_REF_REF]));
        d->st.n_ref++;
        break;
    }
    }
}

static int check(dram_t *d, uint64_t now, dram_cmd_t cmd, unsigned b, unsigned row)
{
    char msg[256];
    if (d->chk && dck_command(d->chk, now, cmd, b, row, msg, sizeof msg)) {
        fprintf(stderr, "memsched sim: DRAM timing violation: %s\n", msg);
        return 1;
    }
    return 0;
}

/* The earliest cycle for an ACT to any bank: tRRD and the four-activate window. */
static uint64_t act_earliest(const dram_t *d)
{
    const dram_timing_t *t = &d->cfg->t;
    uint64_t e = d->act_ok;
    if (t->tFAW && d->faw_n >= 4)
        e = max64(e, after(d->faw[d->faw_n % 4], d->gap[DRAM_SHORTEN_TFAW]));
    return e;
}

/* Refresh (tREFI > 0): once due, no ACT; close the open banks; REF when all
 * are closed and the precharges have settled. 1 while a refresh is pending. */
static int refresh(dram_t *d, uint64_t now, int *issued)
{
    const dram_timing_t *t = &d->cfg->t;
    if (!t->tREFI || now < d->next_ref)
        return 0;
    for (unsigned b = 0; b < t->nbk; b++) {
        bank_t *k = &d->bank[b];
        if (k->open && d->cfg->shorten != DRAM_SHORTEN_REF_OPEN) {   /* knob: REF with banks open */
            if (!*issued && now >= k->pre_ok && now >= d->grp_pre_ok[d->grp[b]]) {
                if (check(d, now, DCMD_PRE, b, k->row))
                    return -1;
                issue(d, now, DCMD_PRE, b);
                *issued = 1;
            }
            return 1;
        }
    }
    if (*issued || now < d->ref_ok)   /* tRP after the last precharge */
        return 1;
    if (check(d, now, DCMD_REF, 0, 0))
        return -1;
    issue(d, now, DCMD_REF, 0);
    *issued = 1;
    d->next_ref += refresh_interval(d->cfg);
    return 1;
}

/* Bank b's head request: its next command (*cmd) and the earliest cycle the
 * rules allow it (read from the rules' state only: the same at every cycle
 * until a command issues or the head changes). */
static uint64_t head_cmd(const dram_t *d, unsigned b, dram_cmd_t *cmd)
{
    const bank_t *k = &d->bank[b];
    const bank_req_t *r = &k->q[k->head];
    const unsigned g = d->grp[b];
    if (k->open && (k->row == r->row || d->cfg->shorten == DRAM_SHORTEN_ROW)) {   /* knob: any row hits */
        *cmd = r->write ? DCMD_WR : DCMD_RD;
        return max64(max64(k->col_ok, d->grp_col_ok[g]), max64(d->col_ok, r->write ? d->wr_ok : d->rd_ok));
    }
    if (k->open) {
        *cmd = DCMD_PRE;
        return max64(k->pre_ok, d->grp_pre_ok[g]);
    }
    *cmd = DCMD_ACT;
    return max64(k->act_ok, act_earliest(d));
}

/* Bank b's head request at cycle now (engine): its next command if the
 * rules allow it now (1), else the earliest cycle they do into *first (0);
 * -1 after a message (the checker). */
static int engine_bank(dram_t *d, uint64_t now, unsigned b, int ref, uint64_t *first)
{
    const dram_timing_t *t = &d->cfg->t;
    bank_t *k = &d->bank[b];
    bank_req_t *r = &k->q[k->head];
    dram_cmd_t cmd;
    const uint64_t e = head_cmd(d, b, &cmd);
    if (cmd == DCMD_ACT && ref)
        return 0;
    if (now < e) {
        if (e < *first)
            *first = e;
        return 0;
    }
    if (check(d, now, cmd, b, r->row))
        return -1;
    issue(d, now, cmd, b);
    d->rr = b + 1 == t->nbk ? 0 : b + 1;
    if (cmd == DCMD_ACT) {
        k->row = r->row;
        r->acted = 1;
    } else if (cmd == DCMD_RD || cmd == DCMD_WR) {
        if (--r->atoms)
            return 1;
        if (!r->acted)
            d->st.row_hits++;
        if (cmd == DCMD_RD) {
            d->st.rd_req++;
            ret_push(d, now + t->tCL + dram_tburst(t), &r->req);
        } else {
            d->st.wr_req++;
            if (r->known && r->req.fwd)   /* a store the L2 sent on: its acknowledgement goes back */
                ret_push(d, now + t->tWL + dram_tburst(t), &r->req);
            else
                d->queued--;
        }
        k->head = k->head + 1 == BANK_SLOTS(d->cfg) ? 0 : k->head + 1;
        k->n--;
        if (k->n < d->cfg->bank_q)
            d->full_mask &= ~(1ull << b);
        if (!k->n)
            d->busy_mask &= ~(1ull << b);
    }
    return 1;
}

/* One command per cycle: the first bank, round-robin from the one after the
 * last to issue, whose head request can take its next command now (the
 * banks with a request, in that order: bank rr and above, then below it). */
static int engine(dram_t *d, uint64_t now)
{
    const dram_timing_t *t = &d->cfg->t;
    int issued = 0;
    int ref = refresh(d, now, &issued);
    if (ref < 0)
        return 1;
    if (d->cfg->skip && now < d->eng_next)   /* no head can take its command yet (exact: see below) */
        return 0;
    /* Without a refresh, the rules' earliest cycles change only when a
     * command issues, and the heads only then or when an empty bank queue
     * takes a request (which clears eng_next): after a cycle with no command,
     * none can issue before the earliest head's earliest cycle. */
    uint64_t first = UINT64_MAX;
    if (!issued) {
        const uint64_t m = d->busy_mask, up = m & (~0ull << d->rr);
        for (uint64_t x = up, pass = 0; pass < 2 && !issued; pass++, x = m & ~up)
            for (; x; x &= x - 1) {
                int rc = engine_bank(d, now, (unsigned)__builtin_ctzll(x), ref, &first);
                if (rc < 0)
                    return 1;
                if (rc) {
                    issued = 1;
                    break;
                }
            }
    }
    if (issued && d->cfg->skip && !t->tREFI) {
        /* The heads' earliest cycles after this command (the rules and
         * heads as the next cycle's scan will see them, unless a request
         * reaches an empty bank first, which clears eng_next): the engine
         * sleeps until the first, instead of scanning in the next cycle to
         * find it. */
        first = UINT64_MAX;
        for (uint64_t x = d->busy_mask; x; x &= x - 1) {
            dram_cmd_t cmd;
            const uint64_t e = head_cmd(d, (unsigned)__builtin_ctzll(x), &cmd);
            first = e < first ? e : first;
        }
        d->eng_next = first;
        return 0;
    }
    d->eng_next = issued || t->tREFI ? 0 : first;
    return 0;
}

/* Offer dram_sched this cycle's heads of the L2 -> DRAM paths: the first
 * ready read, write and dummy, sub-partitions in round-robin order. */
static void offer(dram_t *d, uint64_t now, uint64_t l2_now, int who[3])
{
    dram_sched_in_t *in = &d->in;
    in->rd_valid = in->wr_valid = in->dm_valid = 0;
    who[0] = who[1] = who[2] = -1;
    /* the round-robin start follows the cycle number (as the crossbar's), so
     * a skipped idle cycle changes nothing: stepping and skipping agree */
    unsigned s0 = mod_p2(now, d->nsub);
    for (unsigned i = 0, s = s0; i < d->nsub; i++, s = s + 1 == d->nsub ? 0 : s + 1) {
        rq_t *q = d->from_l2[s];
        if (!rq_ready(q, l2_now))
            continue;
        req_t *r = rq_head(q);
        uint64_t blk = r->dummy ? r->blk : dram_id(d, r);
        unsigned bank = r->bank, row = r->row;
        uint64_t age = now - r->t_dram;
        if (age > DS_AGE_MAX)
            age = DS_AGE_MAX;
        if (r->dummy) {
            if (who[2] < 0) {
                who[2] = (int)s;
                in->dm_valid = 1;
                in->dm_addr = blk;
                in->dm_len = r->len;
                in->dm_age = r->age;
            }
        } else if (r->type == REQ_WR) {
            if (who[1] < 0) {
                who[1] = (int)s;
                in->wr_valid = 1;
                in->wr_addr = blk;
                in->wr_bank = bank;
                in->wr_row = row;
            }
        } else if (who[0] < 0) {
            who[0] = (int)s;
            in->rd_valid = 1;
            in->rd_addr = blk;
            in->rd_bank = bank;
            in->rd_row = row;
            in->rd_age = age;
        }
    }
}

/* dram.perfect (the MIB thesis' perfect DRAM, its Figure 5.1): every request
 * that reaches the controller is served in the cycle it arrives, with no
 * bank, bus or queue limit; a read's data goes back to its sub-partition like
 * any read's (the next L2 cycle), writes and dummies end here. dram_sched,
 * the banks and the command engine are not used. */
static int perfect(dram_t *d, uint64_t now, uint64_t l2_now)
{
    for (unsigned s = 0; s < d->nsub; s++) {
        rq_t *q = d->from_l2[s];
        while (rq_ready(q, l2_now)) {
            req_t *r = rq_head(q);
            if (!r->dummy && r->type != REQ_WR) {
                if (rq_full(d->to_l2[s]))
                    break;   /* the fill path is full: the rest next cycle */
                rq_push(d->to_l2[s], r, l2_now + 1);
                usched_wake_line(d->wake, s);
                d->st.rd_req++;
                d->st.rd_latency_sum += 0;
            } else if (!r->dummy) {
                if (r->fwd) {   /* a forwarded store: acknowledged at once */
                    if (rq_full(d->to_l2[s]))
                        break;
                    rq_push(d->to_l2[s], r, l2_now + 1);
                    usched_wake_line(d->wake, s);
                }
                d->st.wr_req++;
            }
            rq_pop(q);
        }
    }
    (void)now;
    return 0;
}

/* After a cycle: the channel can next change when dram_sched is clocked
 * (while it may hold requests: every cycle), when the command engine's
 * earliest head can take its command (eng_next; 0 after a command, or a new
 * head, so the next cycle), when the oldest return is due (the next cycle
 * while its fill queue is full), or when an L2 -> DRAM path's head becomes
 * ready (the first DRAM edge of its L2 cycle: clocks_first_edge); with
 * refresh, every cycle. The L2 wakes the channel when it sends a request,
 * so an empty path is no event. Nothing else changes in a cycle without these: the bank-level
 * parallelism counts are caught up from the bank mask (dram_sync). */
uint64_t dram_next(const dram_t *d, uint64_t now)
{
    if (d->sched_live || d->cfg->t.tREFI)
        return now + 1;
    uint64_t t = UINT64_MAX;
    if (d->busy_mask)
        t = d->eng_next > now ? d->eng_next : now + 1;
    if (d->ret_n && d->ret_t[d->ret_head] < t)
        t = d->ret_t[d->ret_head] > now ? d->ret_t[d->ret_head] : now + 1;
    for (unsigned s = 0; s < d->nsub && t > now + 1; s++) {
        const rq_t *q = d->from_l2[s];
        if (!rq_empty(q)) {
            uint64_t e = clocks_first_edge(rq_head_ready(q), d->cfg->clk_l2, d->cfg->clk_dram);
            e = e > now ? e : now + 1;
            t = e < t ? e : t;
        }
    }
    return t;
}

int dram_cycle(dram_t *d, uint64_t now, uint64_t l2_now)
{
    const config_t *cfg = d->cfg;
    dram_sync(d, now);        /* the cycles skipped before this one */
    d->st.cycles = now + 1;   /* one per DRAM cycle, run or skipped */
    /* An idle channel (nothing queued, nothing arriving, no refresh due)
     * changes no state in a cycle: skip it. */
    if (cfg->skip && !d->queued && !d->sched_live && !cfg->t.tREFI) {
        int arriving = 0;
        for (unsigned s = 0; s < d->nsub; s++)
            arriving |= !rq_empty(d->from_l2[s]);
        if (!arriving)
            return 0;
    }
    /* completed reads go back to their sub-partition (next L2 cycle) */
    while (d->ret_n && d->ret_t[d->ret_head] <= now) {
        const req_t *r = &d->ret_r[d->ret_head];
        const unsigned s = mod_p2(r->sub, d->nsub);
        rq_t *q = d->to_l2[s];
        if (rq_full(q))
            break;
        rq_push(q, r, l2_now + 1);
        usched_wake_line(d->wake, s);
        d->ret_head = d->ret_head + 1 == d->ret_cap ? 0 : d->ret_head + 1;
        d->ret_n--;
        d->queued--;
    }
    if (cfg->perfect)
        return perfect(d, now, l2_now);
    int who[3];
    offer(d, now, l2_now, who);
    /* dram_sched with nothing queued, no input and not draining keeps its
     * state through a clock edge: skip it (exact; its bank_ready register
     * goes stale, but the first cycle after has empty queues to shortlist) */
    int work = d->in.rd_valid || d->in.wr_valid || d->in.dm_valid || d->sched_live || !cfg->skip;
    if (work) {
        /* bank_ready is registered in the scheduler: the readiness given now
         * is used by next cycle's shortlist, whose request is chosen the
         * cycle after and handed over (sched_*) the cycle after that, while
         * the ones shown now and in the next two cycles may go to the same
         * bank: a bank is ready with room for four, so each queue has
         * bank_q + 3 entries (docs/dram_sched.md, "Pipeline"). */
        d->in.bank_ready = ~d->full_mask & (cfg->t.nbk < 64 ? (1ull << cfg->t.nbk) - 1 : ~0ull);
        ls_set_time(d->ls, now);
        if (ls_eval_ref(d->ls, 1, &d->in, &d->out))   /* d->in stays as it is until ls_tick */
            return 1;
        dram_sched_account(&d->scfg, &d->in, &d->out, &d->st.sched);
        if (d->dt)
            dtrace_dram(d->dt, d->ch, now, &d->out);
        if (d->in.rd_valid && d->out.rd_ready) {
            rq_t *q = d->from_l2[who[0]];
            infl_push(d, rq_head(q), now, 0);
            rq_pop(q);
            d->queued++;
        }
        if (d->in.wr_valid && d->out.wr_ready) {
            rq_t *q = d->from_l2[who[1]];
            infl_push(d, rq_head(q), now, 1);
            rq_pop(q);
            d->queued++;
        }
        if (d->in.dm_valid && d->out.dm_ready)
            rq_pop(d->from_l2[who[2]]);
        if (d->out.sched_valid) {
            bank_t *k = &d->bank[d->out.sched_bank];
            unsigned j = k->head + k->n;
            if (j >= BANK_SLOTS(cfg))
                j -= BANK_SLOTS(cfg);
            bank_req_t *r = &k->q[j];
            r->blk = d->out.sched_addr;
            r->row = (unsigned)d->out.sched_row;
            r->write = (uint8_t)d->out.sched_write;
            r->acted = 0;
            r->known = infl_take(d, r->blk, r->write, &r->req, now);
            r->atoms = (uint8_t)atoms_of(d, r->known ? &r->req : NULL);
            if (!k->n) {
                d->eng_next = 0;   /* a new head */
                d->busy_mask |= 1ull << d->out.sched_bank;
            }
            if (++k->n >= cfg->bank_q)
                d->full_mask |= 1ull << d->out.sched_bank;
        }
        if (ls_tick(d->ls))
            return 1;
        /* after this edge the queues can hold something only if they did
         * before it or took a request in it; write drain ends with them
         * empty; a dummy taken in is registered and searched (applied or
         * dropped) in the next cycle, which must therefore run */
        d->sched_live = (d->out.rd_count || d->out.wr_count || d->out.drain ||
                         (d->in.rd_valid && d->out.rd_ready) || (d->in.wr_valid && d->out.wr_ready) ||
                         (d->in.dm_valid && d->out.dm_ready)) &&
                        !dram_sched_quiet(ls_state(d->ls));   /* (the edge after the last request left) */
    }
    dram_sync(d, now + 1);   /* this cycle's banks with a request (after the hand-over, before the engine) */
    return engine(d, now);
}
