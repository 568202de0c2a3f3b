/* dram_sched - the request scheduler of one DRAM channel with the
 * controller-side Merge Information Buffer (rtl/dram_sched.sv; docs/dram_sched.md).
 *
 * A read queue whose entries carry the DRAM-side MIB fields (block address,
 * merge length, age), a row-score store (one entry per row with reads queued:
 * the row's merge-length sum and its aged sum, kept incrementally), a write
 * queue, write-drain watermarks, the row last chosen for each bank, and one
 * decision per cycle under FCFS, FR-FCFS, MSHR-M, MSHR-S or MSHR-S+A (Li,
 * "Inter-core Locality Aware Memory Access Scheduling", UBC thesis, chapters
 * 2.3, 3 and 4).
 *
 * The decision is pipelined (docs/dram_sched.md, "Pipeline"): each cycle a
 * shortlist stage takes a snapshot of the candidates (eligibility, row hits
 * after this cycle's choice, request scores) and the next cycle a choice
 * stage picks from it, leaving out the request chosen in between; the chosen
 * request is shown on sched_* and leaves its queue the cycle after. The row
 * to open on a row miss goes through the same two stages. Both queues and the
 * store keep their entries in arrival (allocation) order, so "the oldest
 * wins" is "the lowest index wins" everywhere.
 */
#ifndef MEMSCHED_DRAM_SCHED_H
#define MEMSCHED_DRAM_SCHED_H

#include <stddef.h>
#include <stdint.h>

#define DS_MAX_RDQ   128
#define DS_MAX_WRQ   128
#define DS_MAX_BANKW 6          /* up to 64 banks */
#define DS_AGE_W     15         /* age field, saturating */
#define DS_AGE_MAX   32767u
#define DS_LEN_W     4          /* merge length - 1 (1..16) */

enum { DS_FCFS, DS_FRFCFS, DS_MSHR_M, DS_MSHR_S, DS_MSHR_SA };  /* policy_i; 5..7 act as FCFS */
/* sched_why_o: why the scheduled request won. */
enum {
    DS_WHY_NONE,     /* nothing scheduled */
    DS_WHY_OLDEST,   /* read: the oldest eligible (FCFS; FR-FCFS with no row hit) */
    DS_WHY_HIT,      /* read row hit: FR-FCFS's oldest hit, MSHR-*'s largest request score among hits */
    DS_WHY_ROW,      /* read, no row hit (MSHR-*): the row with the largest row score, then its best request */
    DS_WHY_WHIT,     /* write drain: the oldest eligible write row hit */
    DS_WHY_WOLDEST,  /* write drain: the oldest eligible write */
};

typedef struct {
    unsigned rdq;      /* RdQ: read queue entries, 1..128 */
    unsigned wrq;      /* WrQ: write queue entries, 1..128 */
    unsigned high_wm;  /* HighWM: enter write drain at this write count, 1..WrQ */
    unsigned low_wm;   /* LowWM: leave write drain at or below it, 0..HighWM-1 */
    unsigned bank_w;   /* BankW: bank index bits, 1..6 */
    unsigned row_w;    /* RowW: row bits, 1..20 */
    unsigned addr_w;   /* AddrW: block address bits, 1..48 */
} dram_sched_cfg_t;

typedef struct {
    uint64_t policy;                                   /* 3 bits; static: may change only in reset */
    uint64_t rd_valid, rd_addr, rd_bank, rd_row, rd_age;  /* a new read (L2 miss) */
    uint64_t wr_valid, wr_addr, wr_bank, wr_row;           /* a new write */
    uint64_t dm_valid, dm_addr, dm_len, dm_age;            /* a dummy: MIB update for a queued read */
    uint64_t bank_ready;                               /* bit b: bank b's command queue takes a request */
} dram_sched_in_t;

typedef struct {
    uint64_t rd_ready, wr_ready, dm_ready;
    uint64_t sched_valid, sched_write, sched_addr, sched_bank, sched_row;
    uint64_t sched_hit;        /* the scheduled request hits its bank's open row */
    uint64_t sched_why;        /* DS_WHY_* */
    uint64_t sched_score;      /* its request score (MSHR-M/-S: merge length, -S+A: age); 0 otherwise */
    uint64_t sched_rowscore;   /* DS_WHY_ROW: the chosen row's score; 0 otherwise */
    uint64_t drain;            /* write drain this cycle */
    uint64_t rd_count, wr_count;
    uint64_t dm_drop;          /* last cycle's dummy, searched now, matches no queued read */
    uint64_t open_valid[1u << DS_MAX_BANKW];
    uint64_t open_row[1u << DS_MAX_BANKW];
} dram_sched_out_t;

typedef struct {
    uint64_t addr, bank, row;
    uint64_t len;   /* merge length - 1 (reads) */
    uint64_t age;   /* reads: the 15-bit saturating age as it was after tick t (read it with dram_sched_rd_age) */
    uint64_t t;     /* ... the model's tick count when age was set: every edge since adds len + 1, saturating,
                     * so it is computed when read instead of added to every read at every edge */
} ds_entry_t;

/* One entry of the row-score store: a row with reads queued (or, with
 * valid 0, a freed entry waiting to be squeezed out). */
typedef struct {
    uint64_t valid, bank, row;
    int64_t score;   /* ScoreW + 2 bits: the row's aged sum (MSHR-S+A), read saturated at 2^ScoreW - 1;
                      * off its reads' sum by the changes in flight (see store_tick) */
    int64_t len;     /* SumW bits: the sum of (merge length) over the row's reads (MSHR-S) */
    uint64_t df;     /* the dummy registered last edge is of this row: the entry takes it at this edge */
    uint64_t pf;     /* the read that left at the last edge is of this row: the entry takes it at this edge */
} ds_row_t;

/* The shortlist of one queue: what last cycle's shortlist stage left for
 * this cycle's choice stage, indexed as the queue is this cycle (the request
 * that left at the edge taken out). Class p: row hits (FCFS: every eligible
 * request); class f, used when p is empty: FR-FCFS and writes every eligible
 * request, MSHR-* the eligible reads of the picked row. The choice stage
 * takes the largest request score of class p, else of class f, ties to the
 * lowest index; it is a function of the snapshot alone, so the model finds
 * it as the snapshot is taken and keeps only the result. */
typedef struct {
    int best_p, best_f;                  /* the choice in class p, in class f; -1 if the class is empty */
    unsigned char hit_p, hit_f;          /* that request hits its bank's open row (as the choice leaves it) */
} ds_short_t;

/* A set of queue entries, bit i for index i (the model's bookkeeping: the
 * RTL compares every entry's bank and row every cycle, the model keeps the
 * sets those comparisons give and updates them as entries and open rows
 * change). */
typedef unsigned __int128 ds_set_t;

/* The row shortlist: candidate rows of last cycle's snapshot, in order. */
typedef struct {
    unsigned n;
    uint64_t bank[DS_MAX_RDQ], row[DS_MAX_RDQ], key[DS_MAX_RDQ];
} ds_rshort_t;

/* The request chosen last cycle: this cycle's sched_* outputs. */
typedef struct {
    uint64_t valid, write;
    unsigned idx;        /* its index in its queue this cycle */
    uint64_t hit, why;
    uint64_t rowscore;   /* the row pick's score, for why DS_WHY_ROW */
} ds_grant_t;

typedef struct {
    dram_sched_cfg_t cfg;
    ds_entry_t rd[DS_MAX_RDQ];       /* rd[0] oldest; rd_count valid (the granted read included) */
    ds_entry_t wr[DS_MAX_WRQ];
    unsigned rd_count, wr_count;
    uint64_t drain;                  /* write-drain state */
    uint64_t open_valid[1u << DS_MAX_BANKW];  /* a request was chosen for the bank since reset */
    uint64_t open_row[1u << DS_MAX_BANKW];    /* the row last chosen for the bank */
    ds_grant_t g;                    /* the request chosen last cycle, leaving this cycle */
    ds_short_t rsl, wsl;             /* the read and write shortlists (last cycle's snapshot) */
    uint64_t ticks;                  /* clock edges out of reset (the reads' ages: ds_entry_t.t) */
    ds_set_t in_bank[2][1u << DS_MAX_BANKW];  /* [read, write queue][bank]: its entries in the bank */
    uint64_t banks_used[2];          /* the banks with an entry in the queue */
    ds_set_t open_hit[2];            /* the entries whose row is their bank's open row (open_valid/open_row) */
    uint64_t sl_rp_valid, sl_rp_bank, sl_rp_row, sl_rp_score;  /* the row pick the read shortlist used */
    ds_rshort_t rpl;                 /* the row shortlist (last cycle's snapshot) */
    uint64_t rp_valid, rp_bank, rp_row, rp_score;  /* the last valid row pick (made last cycle, or held) */
    uint64_t dq_valid, dq_addr, dq_len, dq_age;    /* the dummy given last cycle, searched this cycle */
    uint64_t br;                     /* bank_ready given last cycle: the shortlists' readiness this cycle */
    uint64_t du_valid, du_bank, du_row, du_age;    /* last cycle's searched dummy, for its row's store entry */
    int64_t du_dlen;                 /* its change of merge length */
    int64_t dt_term, dt_dlen;        /* the dummy before it, for the entries flagged (df): its age + 3 x its
                                      * change of length, and that change */
    uint64_t pa_valid, pa_bank, pa_row, pa_age;    /* last cycle's read into a row that had an entry: */
                                     /* its entry takes it at this edge (age after this edge, length 1) */
    uint64_t pd_valid;               /* a read left at the last edge (its slot is not offered yet) ... */
    int64_t pd_term, pd_len;         /* ... its entry (pf) takes out its age + 2 x its length, and its length */
    ds_row_t rs[DS_MAX_RDQ];         /* the row-score store, in allocation order */
    unsigned rs_count;               /* entries in use (a freed one included) */
    int rs_hole;                     /* the entry freed last cycle, squeezed out this cycle; -1 none */
    uint64_t smax;                   /* 2^ScoreW - 1 (a constant of the configuration, not a register) */
    uint64_t m_bank, m_row, m_addr, m_banks;  /* the input fields' masks: BankW, RowW, AddrW bits, and
                                               * 2^BankW bits for bank_ready (constants, as smax) */
} dram_sched_state_t;

/* Event counts for the system model; not registers of the RTL. Every counter
 * follows from one cycle's ports (dram_sched_account), so the counts are the
 * same whether the outputs come from this model or from the Verilated RTL. */
typedef struct {
    uint64_t cycles;
    uint64_t rd_in, wr_in, dm_in;    /* accepted */
    uint64_t dm_applied, dm_dropped; /* dummies that updated a queued read / matched none */
    uint64_t rd_sched, rd_hits;      /* reads scheduled, of them row hits */
    uint64_t rd_by_score;            /* reads scheduled by row score (DS_WHY_ROW) */
    uint64_t wr_sched, wr_hits;
    uint64_t drain_cycles;           /* cycles in write drain */
    uint64_t idle_cycles;            /* requests queued (rd_count_o, wr_count_o), none shown (no ready bank, pipeline fill) */
    uint64_t dm_pend;                /* not a count: a dummy was given last cycle (dm_drop_o tells its fate now) */
} dram_sched_stats_t;

int  dram_sched_init(dram_sched_state_t *s, const dram_sched_cfg_t *cfg);
void dram_sched_reset(dram_sched_state_t *s);
void dram_sched_eval(const dram_sched_state_t *s, const dram_sched_in_t *in, dram_sched_out_t *out);
void dram_sched_tick(dram_sched_state_t *s, const dram_sched_in_t *in);
/* After a clock edge: the next edges, while no request (read, write,
 * dummy) is given, change nothing any output or later edge depends on, so
 * a caller may leave them out (a system model skipping idle cycles). The
 * queues, the row-score store and every pipeline stage are empty; what such
 * an edge would still write is read only with a flag that is clear (the
 * departed read's store terms, the dummy's), only relative to another
 * field (the reads' ages: ticks), or is rewritten before it is read again
 * (the bank readiness, the row pick the read shortlist used; a read that
 * left at this edge counts against RdQ only with RdQ = 1). */
int dram_sched_quiet(const dram_sched_state_t *s);
/* The age of read queue entry i (0 .. rd_count - 1) now: 15 bits, saturating. */
uint64_t dram_sched_rd_age(const dram_sched_state_t *s, unsigned i);
/* Add this cycle's events to st, from this cycle's inputs and outputs only
 * (out from dram_sched_eval or from the RTL, before the clock edge). */
void dram_sched_account(const dram_sched_cfg_t *cfg, const dram_sched_in_t *in, const dram_sched_out_t *out,
                        dram_sched_stats_t *st);

/* Width of the row score: 15 + clog2(RdQ) bits, enough for RdQ saturated ages. */
unsigned dram_sched_score_w(const dram_sched_cfg_t *cfg);
/* Width of a row's merge-length sum: clog2(16 RdQ + 1) bits. */
unsigned dram_sched_len_w(const dram_sched_cfg_t *cfg);

/* The RTL's usage assertions (rtl/dram_sched.sv, `ifndef SYNTHESIS), in C: the
 * checker's own registers (the RTL's f_*_q; not architectural state). */
typedef struct {
    uint64_t policy;  /* f_policy_q: policy_i of the last clock, 3 bits */
    uint64_t run;     /* f_run_q: rst_n at the last clock */
} dram_sched_chk_t;

/* The values after the power-on reset clock (f_run_q = 0; f_policy_q is then not looked at). */
void dram_sched_chk_init(dram_sched_chk_t *c);
/* Call at every clock edge, reset cycles included, with that cycle's inputs and rst_n and the
 * state before the edge. Returns 0 if the usage is legal, or -1 with the message the RTL's
 * $error prints (same text, %0d as decimal) in msg (msg may be NULL when n is 0); updates the
 * checker's registers either way. The assertions are evaluated only when rst_n is 1; if several
 * fail in one cycle, the first in the RTL's source order is reported. In that order:
 *   "dram_sched: policy %0d is not defined"        policy_i (3 bits) above 4
 *   "dram_sched: the policy changed out of reset"  policy_i differs from the last clock's, which
 *                                                  was out of reset
 * The RTL's third assertion ("scheduled a request of a bank that is not ready") is an invariant
 * of the design, not a usage rule: it is not checked here. */
int dram_sched_check(dram_sched_chk_t *c, const dram_sched_state_t *s, const dram_sched_in_t *in, int rst_n,
                     char *msg, size_t n);

extern const char *const dram_sched_policy_names[];  /* DS_* as --set values */
extern const char *const dram_sched_why_names[];     /* DS_WHY_* */

#endif
