/* dram_check.c - the GDDR5 timing-legality checker (dram_check.h).
 *
 * Every rule of dram_timing.h is "command Y may issue n or more cycles after
 * command X" (or, for refresh, at most n). The tightest X for a new Y is
 * always the most recent X of the right scope, so the checker keeps only the
 * last command of each kind per bank, per bank group and per channel, and
 * compares the new command with the few records its rules name. Records are
 * signed cycles with NEVER far in the past, so a rule with no earlier command
 * passes without a special case.
 */
#include "mem/dram_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "No such command yet": far enough in the past that NEVER + any bound (a
 * table value times 9 at most) is still below cycle 0, and no overflow. */
#define NEVER (INT64_MIN / 4)

/* One earlier command: when, which, on which bank (unused for REF). */
typedef struct {
    int64_t cycle;
    unsigned bank;
    dram_cmd_t cmd;
} rec_t;

typedef struct {
    rec_t act, pre, rd, wr;  /* this bank's last ACT, PRE, RD, WR */
    rec_t opened;            /* the command that opened the bank (an ACT, or a RD/WR adopted after a violation) */
    unsigned row;            /* the open row, when open */
    int open;
} bank_t;

typedef struct {
    rec_t col;  /* the group's last RD or WR (tCCDL) */
    rec_t rd;   /* the group's last RD (tRTPL) */
} group_t;

struct dram_check {
    dram_timing_t t;
    unsigned channel;
    unsigned per_group;  /* banks per bank group */
    /* Derived bounds, computed once. */
    int64_t tburst, rd_to_wr, wr_to_rd, wr_to_pre, refi_max;
    bank_t *bank;
    group_t *group;
    rec_t last;       /* the last command of any kind (one per cycle, non-decreasing) */
    rec_t col;        /* the channel's last RD or WR (tCCDS) */
    rec_t rd, wr;     /* the channel's last RD, last WR (bus turnarounds) */
    rec_t bus;        /* the RD or WR whose data burst ends last ... */
    int64_t bus_end;  /* ... and that end: the data bus is free from here */
    rec_t act;        /* the channel's last ACT */
    rec_t act_other;  /* the last ACT on a bank other than act.bank: tRRD excludes the same bank */
    rec_t pre;        /* the channel's last PRE (REF needs tRP after it) */
    rec_t ref;        /* the last REF (tRFC) */
    rec_t faw[4];     /* the last four ACTs, oldest at faw[faw_next] */
    unsigned faw_next;
    unsigned open;         /* banks open: REF's all-closed check without a loop */
    int64_t refi_from;     /* the refresh interval runs from here: the last REF, or cycle 0 */
    int refi_reported;     /* this interval's late refresh already reported */
    uint64_t ncmd;
};

/* What a violation is, enough to print it (formatting happens only then). */
typedef enum {
    V_MIN,       /* needs >= need cycles after prev */
    V_MAX,       /* needs <= need cycles after prev (refresh interval) */
    V_BACK,      /* cycle before prev's */
    V_CLOSED,    /* bank closed: prev closed it (NEVER: never opened) */
    V_OPEN,      /* bank open: prev opened it on row */
    V_ROW,       /* open on another row: prev opened it on row */
    V_REF_OPEN,  /* REF with banks open */
    V_OTHER      /* rule says it all */
} vkind_t;

typedef struct {
    const char *rule;
    vkind_t kind;
    rec_t prev;
    int64_t need;
    unsigned row;
    int start;  /* V_MAX: the interval started at cycle 0, no REF yet */
} viol_t;

static const char *const cmd_name[] = {"ACT", "PRE", "RD", "WR", "REF"};

static rec_t never(void)
{
    return (rec_t){NEVER, 0, DCMD_ACT};
}

dram_check_t *dck_new(const dram_timing_t *t, unsigned channel)
{
    if (!t) {
        fprintf(stderr, "dram_check: no timing table\n");
        return NULL;
    }
    if (!t->nbk || !t->nbkgrp || t->nbk % t->nbkgrp || !t->data_cmd_ratio) {
        fprintf(stderr,
                "dram_check: bad timing table: nbk=%u nbkgrp=%u data_cmd_ratio=%u "
                "(need nbk, nbkgrp, data_cmd_ratio > 0 and nbk %% nbkgrp == 0)\n",
                t->nbk, t->nbkgrp, t->data_cmd_ratio);
        return NULL;
    }
    dram_check_t *c = calloc(1, sizeof *c);
    if (!c)
        goto oom;
    c->bank = calloc(t->nbk, sizeof *c->bank);
    c->group = calloc(t->nbkgrp, sizeof *c->group);
    if (!c->bank || !c->group)
        goto oom;
    c->t = *t;
    c->channel = channel;
    c->per_group = t->nbk / t->nbkgrp;
    c->tburst = dram_tburst(t);
    /* Signed: with a long write latency the read-to-write gap can be <= 0 (no constraint). */
    c->rd_to_wr = (int64_t)t->tCL + c->tburst + t->tRTRS - (int64_t)t->tWL;
    c->wr_to_rd = (int64_t)t->tWL + c->tburst + t->tCDLR;
    c->wr_to_pre = (int64_t)t->tWL + c->tburst + t->tWR;
    c->refi_max = 9 * (int64_t)t->tREFI;  /* one interval plus 8 postponed refreshes */
    for (unsigned b = 0; b < t->nbk; b++) {
        bank_t *k = &c->bank[b];
        k->act = k->pre = k->rd = k->wr = k->opened = never();
    }
    for (unsigned g = 0; g < t->nbkgrp; g++)
        c->group[g].col = c->group[g].rd = never();
    c->last = c->col = c->rd = c->wr = c->act = c->act_other = c->pre = c->ref = c->bus = never();
    c->bus_end = NEVER;
    for (unsigned i = 0; i < 4; i++)
        c->faw[i] = never();
    return c;
oom:
    fprintf(stderr, "dram_check: out of memory\n");
    dck_free(c);
    return NULL;
}

void dck_free(dram_check_t *c)
{
    if (!c)
        return;
    free(c->bank);
    free(c->group);
    free(c);
}

uint64_t dck_commands(const dram_check_t *c)
{
    return c->ncmd;
}

/* 1 and *v filled when `now` is less than `need` cycles after prev. */
static int too_soon(viol_t *v, int64_t now, rec_t prev, int64_t need, const char *rule)
{
    if (prev.cycle + need <= now)
        return 0;
    *v = (viol_t){.rule = rule, .kind = V_MIN, .prev = prev, .need = need};
    return 1;
}

/* 1 and *v filled: a state violation (or another without a timing bound). */
static int state(viol_t *v, const char *rule, vkind_t kind, rec_t prev, unsigned row)
{
    *v = (viol_t){.rule = rule, .kind = kind, .prev = prev, .row = row};
    return 1;
}

/* A command that needs its bank open found it closed: name the closing
 * command, the later of the bank's PRE and the last REF. */
static int closed(const dram_check_t *c, const bank_t *k, viol_t *v)
{
    rec_t by = k->pre.cycle >= c->ref.cycle ? k->pre : c->ref;
    return state(v, "state: bank closed", V_CLOSED, by, 0);
}

/* Command to its data burst: tCL for a RD, tWL for a WR. */
static int64_t latency(const dram_check_t *c, dram_cmd_t cmd)
{
    return cmd == DCMD_RD ? c->t.tCL : c->t.tWL;
}

/* RD/WR b need b open on their row; both go to one bus, hence tCCDS channel
 * wide, tCCDL within the group and the turnaround from the other direction;
 * their bursts share the data bus: this one may start only when the last
 * ends. (Write-to-read is channel wide, within a bank group too: the table
 * has one tCDLR, no long and short tWTR.) */
static int check_col(const dram_check_t *c, int64_t now, dram_cmd_t cmd, unsigned b, unsigned row, viol_t *v)
{
    const dram_timing_t *t = &c->t;
    const bank_t *k = &c->bank[b];
    const group_t *g = &c->group[b / c->per_group];
    if (!k->open)
        return closed(c, k, v);
    if (k->row != row)
        return state(v, "state: wrong row", V_ROW, k->opened, k->row);
    return too_soon(v, now, k->act, t->tRCD, "tRCD") ||
           too_soon(v, now, g->col, t->tCCDL, "tCCDL") ||
           too_soon(v, now, c->col, t->tCCDS, "tCCDS") ||
           (cmd == DCMD_RD ? too_soon(v, now, c->wr, c->wr_to_rd, "write-to-read (tCDLR)")
                           : too_soon(v, now, c->rd, c->rd_to_wr, "read-to-write turnaround")) ||
           too_soon(v, now, c->bus, c->bus_end - c->bus.cycle - latency(c, cmd), "data bus");
}

/* ACT b needs b closed; bank, neighbour, four-activate and refresh spacing. */
static int check_act(const dram_check_t *c, int64_t now, unsigned b, viol_t *v)
{
    const dram_timing_t *t = &c->t;
    const bank_t *k = &c->bank[b];
    if (k->open)
        return state(v, "state: bank open", V_OPEN, k->opened, k->row);
    /* tRRD is from the last ACT of another bank; the same bank is tRC's. */
    rec_t other = c->act.bank != b ? c->act : c->act_other;
    return too_soon(v, now, k->pre, t->tRP, "tRP") ||
           too_soon(v, now, k->act, t->tRC, "tRC") ||
           too_soon(v, now, other, t->tRRD, "tRRD") ||
           /* The fifth ACT at least tFAW after the first: faw[faw_next] is four ACTs back. */
           (t->tFAW && too_soon(v, now, c->faw[c->faw_next], (int64_t)t->tFAW, "tFAW")) ||
           too_soon(v, now, c->ref, t->tRFC, "tRFC");
}

/* PRE b needs b open; row active time, write recovery, read burst done. */
static int check_pre(const dram_check_t *c, int64_t now, unsigned b, viol_t *v)
{
    const dram_timing_t *t = &c->t;
    const bank_t *k = &c->bank[b];
    const group_t *g = &c->group[b / c->per_group];
    if (!k->open)
        return closed(c, k, v);
    return too_soon(v, now, k->act, t->tRAS, "tRAS") ||
           too_soon(v, now, k->wr, c->wr_to_pre, "write recovery (tWR)") ||
           too_soon(v, now, k->rd, c->tburst, "tBURST read-to-precharge") ||
           too_soon(v, now, g->rd, t->tRTPL, "tRTPL");
}

/* REF needs refresh modelled, every bank closed, tRP after the last PRE,
 * and the last refresh done (tRFC after the last REF). */
static int check_ref(const dram_check_t *c, int64_t now, viol_t *v)
{
    if (!c->t.tREFI)
        return state(v, "REF with refresh off (tREFI 0)", V_OTHER, never(), 0);
    if (c->open)
        return state(v, "state: bank open", V_REF_OPEN, never(), 0);
    return too_soon(v, now, c->pre, c->t.tRP, "tRP") ||
           too_soon(v, now, c->ref, c->t.tRFC, "REF-to-REF (tRFC)");
}

/* 1 and *v filled when the refresh deadline has passed at `now` and this
 * interval's lateness is not yet reported. */
static int refresh_late(const dram_check_t *c, int64_t now, viol_t *v)
{
    if (!c->t.tREFI || c->refi_reported || now - c->refi_from <= c->refi_max)
        return 0;
    *v = (viol_t){.rule = "refresh interval", .kind = V_MAX, .prev = c->ref,
                  .need = c->refi_max, .start = c->ref.cycle == NEVER};
    return 1;
}

/* The command's effect on the records and bank states. */
static void apply(dram_check_t *c, rec_t r, unsigned row)
{
    bank_t *k = &c->bank[r.bank];
    group_t *g = &c->group[r.bank / c->per_group];
    switch (r.cmd) {
    case DCMD_ACT:
        if (!k->open)
            c->open++;
        k->open = 1, k->row = row, k->act = k->opened = r;
        if (c->act.bank != r.bank)
            c->act_other = c->act;
        c->act = r;
        c->faw[c->faw_next] = r;
        c->faw_next = (c->faw_next + 1) % 4;
        break;
    case DCMD_PRE:
        if (k->open)
            c->open--;
        k->open = 0, k->pre = c->pre = r;
        break;
    case DCMD_RD:
    case DCMD_WR:
        /* After a state violation adopt what the issuer believed: open on this row. */
        if (!k->open)
            c->open++;
        if (!k->open || k->row != row)
            k->opened = r;
        k->open = 1, k->row = row;
        g->col = c->col = r;
        if (r.cycle + latency(c, r.cmd) + c->tburst > c->bus_end)
            c->bus = r, c->bus_end = r.cycle + latency(c, r.cmd) + c->tburst;
        if (r.cmd == DCMD_RD)
            k->rd = g->rd = c->rd = r;
        else
            k->wr = c->wr = r;
        break;
    case DCMD_REF:
        /* Banks are open only after a violation: the loop runs then only. */
        for (unsigned b = 0; c->open && b < c->t.nbk; b++)
            if (c->bank[b].open)
                c->bank[b].open = 0, c->open--;
        c->ref = r;
        c->refi_from = r.cycle;
        c->refi_reported = 0;
        break;
    }
    c->last = r;
}

/* Appends to msg[0..n) at *off, keeping it NUL-terminated when truncated. */
static void put(char *msg, size_t n, size_t *off, const char *fmt, ...)
{
    if (*off >= n)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(msg + *off, n - *off, fmt, ap);
    va_end(ap);
    if (k > 0)
        *off += (size_t)k;
}

/* "RD bank 4 at cycle 1232" / "REF at cycle 9000". */
static void put_rec(char *msg, size_t n, size_t *off, rec_t r)
{
    if (r.cmd == DCMD_REF)
        put(msg, n, off, "REF at cycle %lld", (long long)r.cycle);
    else
        put(msg, n, off, "%s bank %u at cycle %lld", cmd_name[r.cmd], r.bank, (long long)r.cycle);
}

/* The one-line message: where, which command, which rule, against what.
 * `what` names the command; NULL: cmd, bank, row do. */
static void format(const dram_check_t *c, int64_t now, const char *what, dram_cmd_t cmd, unsigned bank, unsigned row,
                   const viol_t *v, char *msg, size_t n)
{
    size_t off = 0;
    if (!n)
        return;
    msg[0] = 0;
    put(msg, n, &off, "dram ch%u: cycle %lld: ", c->channel, (long long)now);
    if (what)
        put(msg, n, &off, "%s", what);
    else if ((unsigned)cmd > DCMD_REF)
        put(msg, n, &off, "command %d", (int)cmd);
    else if (cmd == DCMD_REF)
        put(msg, n, &off, "REF");
    else if (cmd == DCMD_PRE)
        put(msg, n, &off, "PRE bank %u", bank);
    else
        put(msg, n, &off, "%s bank %u row %u", cmd_name[cmd], bank, row);
    put(msg, n, &off, ": %s", v->rule);
    switch (v->kind) {
    case V_MIN:
        put(msg, n, &off, ": %s%lld cycles after ", strcmp(v->rule, "tFAW") ? "" : "fifth ACT ",
            (long long)(now - v->prev.cycle));
        put_rec(msg, n, &off, v->prev);
        put(msg, n, &off, ", needs %lld", (long long)v->need);
        break;
    case V_MAX:
        put(msg, n, &off, ": %lld cycles after ", (long long)(now - (v->start ? 0 : v->prev.cycle)));
        if (v->start)
            put(msg, n, &off, "start of run at cycle 0");
        else
            put_rec(msg, n, &off, v->prev);
        put(msg, n, &off, ", needs at most %lld (REF overdue)", (long long)v->need);
        break;
    case V_BACK:
        put(msg, n, &off, ": %lld cycles before ", (long long)(v->prev.cycle - now));
        put_rec(msg, n, &off, v->prev);
        break;
    case V_CLOSED:
        if (v->prev.cycle == NEVER) {
            put(msg, n, &off, ": never opened");
        } else {
            put(msg, n, &off, ": closed by ");
            put_rec(msg, n, &off, v->prev);
        }
        break;
    case V_OPEN:
    case V_ROW:
        put(msg, n, &off, ": open on row %u since ", v->row);
        put_rec(msg, n, &off, v->prev);
        break;
    case V_REF_OPEN:
        for (unsigned b = 0; b < c->t.nbk; b++)
            if (c->bank[b].open) {
                put(msg, n, &off, ": %u bank%s open, bank %u on row %u since ", c->open, c->open > 1 ? "s" : "", b,
                    c->bank[b].row);
                put_rec(msg, n, &off, c->bank[b].opened);
                break;
            }
        break;
    case V_OTHER:
        break;
    }
}

int dck_command(dram_check_t *c, uint64_t cycle, dram_cmd_t cmd, unsigned bank, unsigned row, char *msg, size_t n)
{
    int64_t now = (int64_t)cycle;
    viol_t v;
    c->ncmd++;
    if (cmd == DCMD_REF)
        bank = 0;  /* REF has no bank; 0 keeps apply()'s pointers in range */
    if ((unsigned)cmd > DCMD_REF || bank >= c->t.nbk) {
        state(&v, (unsigned)cmd > DCMD_REF ? "unknown command" : "bank out of range", V_OTHER, never(), 0);
        format(c, now, NULL, cmd, bank, row, &v, msg, n);
        return 1;
    }
    int bad;
    if (now < c->last.cycle)
        bad = state(&v, "cycle going backwards", V_BACK, c->last, 0);
    else if (now == c->last.cycle)
        bad = too_soon(&v, now, c->last, 1, "two commands in one cycle");
    else if (cmd == DCMD_ACT)
        bad = check_act(c, now, bank, &v);
    else if (cmd == DCMD_PRE)
        bad = check_pre(c, now, bank, &v);
    else if (cmd == DCMD_REF)
        bad = check_ref(c, now, &v);
    else
        bad = check_col(c, now, cmd, bank, row, &v);
    if (!bad && refresh_late(c, now, &v)) {
        bad = 1;
        c->refi_reported = 1;
    }
    if (bad)
        format(c, now, NULL, cmd, bank, row, &v, msg, n);  /* before apply(): it describes the state the command met */
    apply(c, (rec_t){now, bank, cmd}, row);
    return bad;
}

int dck_finish(dram_check_t *c, uint64_t cycle, char *msg, size_t n)
{
    int64_t now = (int64_t)cycle;
    viol_t v;
    int bad = now < c->last.cycle ? state(&v, "cycle going backwards", V_BACK, c->last, 0) : refresh_late(c, now, &v);
    if (!bad)
        return 0;
    if (v.kind == V_MAX)
        c->refi_reported = 1;
    format(c, now, "end of run", DCMD_REF, 0, 0, &v, msg, n);
    return 1;
}
