/* test_dram_sched.c - directed unit tests of the dram_sched and mib_l2 C
 * models' APIs: configuration checks and the event counters the system model
 * reads (dram_sched_account, mib_l2_account: from each cycle's inputs and
 * the outputs of the model's eval).
 *
 * The scenarios are those of tests/stim/dram_sched_dummy.stim,
 * dram_sched_drain.stim and mib_l2_hand.stim; every expected count is worked
 * out by hand from docs/dram_sched.md and docs/mib_l2.md.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dram_sched.h"
#include "mib_l2.h"

static dram_sched_state_t *new_sched(unsigned rdq, unsigned wrq, unsigned hi, unsigned lo)
{
    dram_sched_state_t *s = malloc(sizeof *s);
    dram_sched_cfg_t cfg = {rdq, wrq, hi, lo, 2, 4, 8};
    assert_non_null(s);
    assert_int_equal(dram_sched_init(s, &cfg), 0);
    return s;
}

static void step(dram_sched_state_t *s, const dram_sched_in_t *in, dram_sched_stats_t *st)
{
    dram_sched_out_t out;
    dram_sched_eval(s, in, &out);
    dram_sched_account(&s->cfg, in, &out, st);
    dram_sched_tick(s, in);
}

/* tests/stim/dram_sched_dummy.stim: two dummies applied, four dropped. */
static void dummies_counted(void **unused)
{
    (void)unused;
    dram_sched_state_t *s = new_sched(8, 8, 6, 2);
    dram_sched_stats_t st = {0};
    /* One row per cycle: read (addr, bank, row), dummy (addr, len), bank_ready. A dummy is
     * searched the cycle after it is given: each row's comment tells the fate of the dummy
     * given in the row before; bank_ready is registered too, so each row's is the readiness
     * the next row's shortlist uses (tests/stim/dram_sched_dummy.stim). */
    static const struct { int rd; uint64_t ra, rb, rr; int dm; uint64_t da, dl, br; } cyc[] = {
        {1, 0x55, 0, 0, 1, 0x55, 2, 0xf},  /* 1: D, and a dummy for it; banks ready (for row 2) */
        {0, 0, 0, 0, 0, 0, 0, 0xf},        /* 2: applied: length 3; banks ready: row shortlist D */
        {0, 0, 0, 0, 0, 0, 0, 0xf},        /* 3: row pick D */
        {0, 0, 0, 0, 0, 0, 0, 0xf},        /* 4: read shortlist D */
        {0, 0, 0, 0, 1, 0x55, 3, 0},       /* 5: D chosen */
        {0, 0, 0, 0, 1, 0x55, 1, 0},       /* 6: D shown, leaving: dropped */
        {0, 0, 0, 0, 1, 0x77, 1, 0},       /* 7: departed: dropped */
        {0, 0, 0, 0, 1, 0x66, 1, 0},       /* 8: never seen: dropped */
        {1, 0x66, 1, 1, 1, 0x66, 4, 0xf},  /* 9: searched as its read arrives: dropped */
        {0, 0, 0, 0, 0, 0, 0, 0xf},        /* 10: given with E: applied, length 5; row shortlist E */
        {0, 0, 0, 0, 0, 0, 0, 0xf},        /* 11: row pick E */
        {0, 0, 0, 0, 0, 0, 0, 0xf},        /* 12: read shortlist E */
        {0, 0, 0, 0, 0, 0, 0, 0xf},        /* 13: E chosen */
        {0, 0, 0, 0, 0, 0, 0, 0xf},        /* 14: E shown */
        {0, 0, 0, 0, 0, 0, 0, 0xf},        /* 15 */
    };
    for (unsigned t = 0; t < sizeof cyc / sizeof cyc[0]; t++) {
        dram_sched_in_t in = {.policy = DS_MSHR_M, .rd_valid = (uint64_t)cyc[t].rd, .rd_addr = cyc[t].ra,
                              .rd_bank = cyc[t].rb, .rd_row = cyc[t].rr, .dm_valid = (uint64_t)cyc[t].dm,
                              .dm_addr = cyc[t].da, .dm_len = cyc[t].dl, .bank_ready = cyc[t].br};
        step(s, &in, &st);
        if (t == 1)
            assert_int_equal(s->rd[0].len, 2);
    }
    assert_int_equal(st.dm_in, 6);
    assert_int_equal(st.dm_applied, 2);
    assert_int_equal(st.dm_dropped, 4);
    assert_int_equal(st.rd_in, 2);
    assert_int_equal(st.rd_sched, 2);
    assert_int_equal(st.rd_by_score, 2);                /* D and E, by MSHR-M's row score */
    assert_int_equal(st.idle_cycles, 8);                /* cycles 2-5 and 10-13: a read queued, none shown */
    free(s);
}

/* tests/stim/dram_sched_drain.stim, shortened: write queue 8, watermarks 6 / 2. */
static void drain_counted(void **unused)
{
    (void)unused;
    dram_sched_state_t *s = new_sched(8, 8, 6, 2);
    dram_sched_stats_t st = {0};
    dram_sched_in_t in = {.policy = DS_FRFCFS, .rd_valid = 1, .rd_addr = 0xab};
    for (unsigned i = 0; i < 6; i++) {          /* R and six writes to bank 1 row 1; no bank ready */
        in.wr_valid = 1, in.wr_addr = 0x10 + i, in.wr_bank = 1, in.wr_row = 1;
        in.bank_ready = i == 5 ? 0xf : 0;       /* registered: ready from the next cycle on */
        step(s, &in, &st);
        in.rd_valid = 0;
    }
    in = (dram_sched_in_t){.policy = DS_FRFCFS, .bank_ready = 0xf};
    /* Drain (6 counted): a first cycle with nothing shortlisted, then W1..W5 chosen while 6, 6,
     * 5, 4, 3 are counted (the chosen write counts until it is shown); at 2 counted with R
     * waiting the drain ends: R; R counts until it is shown, then the read queue is empty:
     * drain, W6, counted while it is shown. Shown a cycle after the choice. */
    for (unsigned i = 0; i < 10; i++)
        step(s, &in, &st);
    assert_int_equal(st.wr_in, 6);
    assert_int_equal(st.wr_sched, 6);
    assert_int_equal(st.wr_hits, 5);            /* all but the first */
    assert_int_equal(st.rd_sched, 1);
    assert_int_equal(st.drain_cycles, 8);       /* six up to W5's choice, then two for W6 */
    assert_int_equal(s->wr_count, 0);
    free(s);
}

/* Ages saturate at 32767 and grow by the merge length. */
static void ages(void **unused)
{
    (void)unused;
    dram_sched_state_t *s = new_sched(8, 8, 6, 2);
    dram_sched_in_t in = {.policy = DS_MSHR_SA, .rd_valid = 1, .rd_addr = 1, .rd_age = 32760};
    dram_sched_tick(s, &in);
    assert_int_equal(dram_sched_rd_age(s, 0), 32761);
    in = (dram_sched_in_t){.policy = DS_MSHR_SA, .dm_valid = 1, .dm_addr = 1, .dm_len = 15, .dm_age = 0};
    dram_sched_tick(s, &in);                         /* the dummy is registered: aged by 1 */
    assert_int_equal(dram_sched_rd_age(s, 0), 32762);
    in.dm_valid = 0;
    dram_sched_tick(s, &in);                         /* searched now: 32762 + 16 saturates */
    assert_int_equal(dram_sched_rd_age(s, 0), 32767);
    dram_sched_tick(s, &in);
    assert_int_equal(dram_sched_rd_age(s, 0), 32767);
    free(s);
}

static void bad_cfg(void **unused)
{
    (void)unused;
    dram_sched_state_t *s = malloc(sizeof *s);
    assert_non_null(s);
    static const dram_sched_cfg_t bad[] = {
        {0, 8, 6, 2, 2, 4, 8},   {129, 8, 6, 2, 2, 4, 8}, {8, 0, 1, 0, 2, 4, 8}, {8, 8, 9, 2, 2, 4, 8},
        {8, 8, 0, 0, 2, 4, 8},   {8, 8, 6, 6, 2, 4, 8},   {8, 8, 6, 2, 0, 4, 8}, {8, 8, 6, 2, 7, 4, 8},
        {8, 8, 6, 2, 2, 0, 8},   {8, 8, 6, 2, 2, 21, 8},  {8, 8, 6, 2, 2, 4, 0}, {8, 8, 6, 2, 2, 4, 49},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_not_equal(dram_sched_init(s, &bad[i]), 0);
    dram_sched_cfg_t ok = {128, 128, 128, 0, 6, 20, 48};
    assert_int_equal(dram_sched_init(s, &ok), 0);
    assert_int_equal(dram_sched_score_w(&ok), 22);
    ok.rdq = 64;
    assert_int_equal(dram_sched_score_w(&ok), 21);   /* the spec's 21 bits for 64 reads */
    free(s);

    mib_l2_state_t *m = malloc(sizeof *m);
    assert_non_null(m);
    mib_l2_cfg_t mb[] = {{0, 24}, {129, 24}, {64, 0}, {64, 49}};
    for (unsigned i = 0; i < sizeof mb / sizeof mb[0]; i++)
        assert_int_not_equal(mib_l2_init(m, &mb[i]), 0);
    free(m);
}

/* The first cycles of tests/stim/mib_l2_hand.stim, and length saturation. */
static void mib_counted(void **unused)
{
    (void)unused;
    mib_l2_state_t *m = malloc(sizeof *m);
    mib_l2_cfg_t cfg = {5, 7};
    assert_non_null(m);
    assert_int_equal(mib_l2_init(m, &cfg), 0);
    mib_l2_stats_t st = {0};
    const mib_l2_in_t c[] = {
        {.alloc_valid = 1, .alloc_slot = 2, .alloc_addr = 0x2a, .mq_valid = 1, .mq_addr = 0x2a, .mq_age = 3, .out_ready = 1},
        {.merge_valid = 1, .merge_slot = 2, .merge_age = 7, .out_ready = 1},
        {.merge_valid = 1, .merge_slot = 2, .merge_age = 5, .alloc_valid = 1, .alloc_slot = 0, .alloc_addr = 0x10,
         .mq_valid = 1, .mq_addr = 0x10, .mq_age = 1},
        {.mq_valid = 1, .mq_addr = 0x10, .mq_age = 1, .out_ready = 1},
        {.mq_valid = 1, .mq_addr = 0x10, .mq_age = 1, .out_ready = 1},
        {.merge_valid = 1, .merge_slot = 0, .merge_age = 9, .release_valid = 1, .release_slot = 2, .out_ready = 0},
        {.release_valid = 1, .release_slot = 0},
    };
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        mib_l2_out_t out;
        mib_l2_eval(m, &c[k], &out);
        mib_l2_account(&cfg, &c[k], &out, &st);
        mib_l2_tick(m, &c[k]);
    }
    assert_int_equal(st.cycles, 7);
    assert_int_equal(st.allocs, 2);
    assert_int_equal(st.merges, 3);
    assert_int_equal(st.releases, 2);
    assert_int_equal(st.misses, 2);          /* cycles 0 and 4 */
    assert_int_equal(st.dummies, 1);         /* slot 2 in cycle 3 */
    assert_int_equal(st.blocked, 2);         /* the miss queue waited behind slot 2's dummy in cycles 2, 3 */
    assert_int_equal(st.lost_updates, 1);    /* slot 0 released with its news unsent */

    /* Twenty merges into one entry: the 4-bit length stops at 16 (15 = length - 1). */
    mib_l2_in_t a = {.alloc_valid = 1, .alloc_slot = 1, .alloc_addr = 0x11};
    mib_l2_tick(m, &a);
    for (unsigned k = 0; k < 20; k++) {
        mib_l2_in_t g = {.merge_valid = 1, .merge_slot = 1, .merge_age = 30000};
        mib_l2_tick(m, &g);
    }
    mib_l2_out_t o;
    mib_l2_in_t idle = {0};
    mib_l2_eval(m, &idle, &o);
    assert_int_equal(o.out_dummy, 1);
    assert_int_equal(o.out_len, 15);
    assert_int_equal(o.out_age, MIB_AGE_MAX);
    free(m);
}

/* A release drops news only if they are pending (pend_o) and not sent as this
 * cycle's dummy: both cases, counted from the ports. */
static void mib_lost_updates(void **unused)
{
    (void)unused;
    mib_l2_cfg_t cfg = {4, 8};
    mib_l2_state_t *m = malloc(sizeof *m);
    assert_non_null(m);
    for (unsigned ready = 0; ready < 2; ready++) {
        assert_int_equal(mib_l2_init(m, &cfg), 0);
        mib_l2_stats_t st = {0};
        const mib_l2_in_t c[] = {
            {.alloc_valid = 1, .alloc_slot = 3, .alloc_addr = 0x33},
            {.merge_valid = 1, .merge_slot = 3, .merge_age = 4},
            {.release_valid = 1, .release_slot = 3, .out_ready = ready},  /* slot 3's dummy is the output */
        };
        for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
            mib_l2_out_t out;
            mib_l2_eval(m, &c[k], &out);
            mib_l2_account(&cfg, &c[k], &out, &st);
            mib_l2_tick(m, &c[k]);
        }
        assert_int_equal(st.dummies, ready);
        assert_int_equal(st.lost_updates, !ready);
    }
    free(m);
}

/* policy_i is 3 bits: 9 is 3'b001, FR-FCFS, as in the RTL (not FCFS). */
static void policy_width(void **unused)
{
    (void)unused;
    dram_sched_state_t *s = new_sched(8, 8, 6, 2);
    /* bank_ready is registered at the input: each tick's readiness is the next tick's */
    dram_sched_in_t in = {.policy = DS_FRFCFS, .rd_valid = 1, .rd_addr = 1, .rd_row = 5, .bank_ready = 1};
    dram_sched_tick(s, &in);                       /* A: bank 0 row 5 */
    in = (dram_sched_in_t){.policy = DS_FRFCFS, .rd_valid = 1, .rd_addr = 2, .rd_row = 7};
    dram_sched_tick(s, &in);                       /* A shortlisted; R0: row 7 */
    in = (dram_sched_in_t){.policy = DS_FRFCFS, .rd_valid = 1, .rd_addr = 3, .rd_row = 5};
    dram_sched_tick(s, &in);                       /* A chosen (bank 0's open row 5); R1: row 5 */
    in = (dram_sched_in_t){.policy = DS_FRFCFS, .bank_ready = 1};
    dram_sched_tick(s, &in);                       /* A leaves */
    assert_int_equal(s->rd_count, 2);
    dram_sched_out_t o;
    const uint64_t pol[] = {DS_FCFS, DS_FRFCFS, 8 + DS_FRFCFS, 8 + DS_FCFS}, addr[] = {2, 3, 3, 2};
    for (unsigned k = 0; k < 4; k++) {
        dram_sched_state_t c = *s;
        in = (dram_sched_in_t){.policy = pol[k], .bank_ready = 1};
        dram_sched_tick(&c, &in);                  /* the shortlist ... */
        dram_sched_tick(&c, &in);                  /* ... the choice ... */
        dram_sched_eval(&c, &in, &o);              /* ... shown the next cycle */
        assert_int_equal(o.sched_valid, 1);
        assert_int_equal(o.sched_addr, addr[k]);   /* FCFS: R0, the oldest; FR-FCFS: R1, the hit */
    }
    free(s);
}

/* The row-score store's invariant (docs/dram_sched.md, "The row-score store"),
 * on random traffic of the C model at several queue sizes: one entry per row
 * with reads queued and none for any other row; each entry's length sum is the
 * sum of its row's merge lengths and its aged sum the sum of their ages, but
 * for the two changes that reach the store a cycle late (last cycle's dummy:
 * its age and change of length; last cycle's read into a row that had an
 * entry: its age after that edge and its length 1). The model is reset every
 * 1500 cycles with arrival ages below 1000, so no age saturates (the store
 * does not see saturation). Every eligible row is checked every cycle. */
static uint64_t rnd_state = 88172645463325252ull;
static uint64_t rnd(void)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 7;
    rnd_state ^= rnd_state << 17;
    return rnd_state;
}

/* A read slot is offered again the cycle after its read's departure has
 * freed its row's store entry: with one slot, a read every cycle and every
 * bank ready (FCFS), a read arrives at 0, is shortlisted at 1, chosen at 2,
 * shown at 3 (it leaves at that edge), its entry takes the departure at 4,
 * and the next read is taken at 5 (docs/dram_sched.md, rule 8). */
static void ready_hold(void **unused)
{
    (void)unused;
    dram_sched_state_t *s = new_sched(1, 1, 1, 0);
    dram_sched_stats_t st = {0};
    static const int ready[] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    static const int shown[] = {0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0};
    for (unsigned t = 0; t < sizeof ready / sizeof ready[0]; t++) {
        dram_sched_in_t in = {.policy = DS_FCFS, .rd_valid = 1, .rd_addr = t & 1, .rd_bank = t & 1,
                              .rd_row = 0, .bank_ready = 3};
        dram_sched_out_t out;
        dram_sched_eval(s, &in, &out);
        assert_int_equal(out.rd_ready, ready[t]);
        assert_int_equal(out.sched_valid, shown[t]);
        assert_int_equal(out.rd_count, t >= 1 && t <= 3 ? 1 : t >= 6 && t <= 8 ? 1 : t >= 11 && t <= 13 ? 1 : 0);
        dram_sched_account(&s->cfg, &in, &out, &st);
        dram_sched_tick(s, &in);
    }
    assert_int_equal(st.rd_in, 4);
    assert_int_equal(st.rd_sched, 3);
    free(s);
}

static void store_invariant(void **unused)
{
    (void)unused;
    static const unsigned sizes[] = {1, 4, 8, 16, 64};
    unsigned checked = 0, late_arrivals = 0, late_dummies = 0, late_flags = 0, late_departures = 0;
    for (unsigned z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        const unsigned rdq = sizes[z];
        dram_sched_state_t *s = malloc(sizeof *s);
        dram_sched_cfg_t cfg = {rdq, 8, 6, 2, 2, 2, 6};   /* 4 banks x 4 rows: rows shared by many reads */
        assert_non_null(s);
        assert_int_equal(dram_sched_init(s, &cfg), 0);
        for (unsigned cyc = 0; cyc < 60000; cyc++) {
            if (cyc % 1500 == 0)
                dram_sched_reset(s);
            const uint64_t r = rnd();
            dram_sched_in_t in = {.policy = (cyc / 1500) % 5};       /* every policy, static between resets */
            in.rd_valid = (r >> 3) % 3 != 0;
            in.rd_addr = (r >> 5) & 63;
            in.rd_bank = (r >> 11) & 3;
            in.rd_row = (r >> 13) & 3;
            in.rd_age = (r >> 15) % 1000;
            in.wr_valid = (r >> 25) % 8 == 0;
            in.wr_bank = (r >> 28) & 3;
            in.dm_valid = (r >> 30) % 3 == 0;
            in.dm_addr = (r >> 32) & 63;
            in.dm_len = (r >> 38) & 15;
            in.dm_age = (r >> 42) % 200;
            in.bank_ready = (r >> 50) % 4 ? 15 : (r >> 52) & 15;
            dram_sched_tick(s, &in);
            /* the invariant after the edge */
            for (unsigned i = 0; i < s->rs_count; i++) {
                const ds_row_t *e = &s->rs[i];
                if (!e->valid)
                    continue;
                for (unsigned j = 0; j < i; j++)
                    assert_false(s->rs[j].valid && s->rs[j].bank == e->bank && s->rs[j].row == e->row);
                int64_t len = 0, age = 0;
                for (unsigned k = 0; k < s->rd_count; k++)
                    if (s->rd[k].bank == e->bank && s->rd[k].row == e->row) {
                        len += (int64_t)s->rd[k].len + 1;
                        age += (int64_t)dram_sched_rd_age(s, k);
                    }
                /* the read that left at this edge: its entry is flagged now and takes it out at the
                 * next edge, so it still holds its age after this edge and its length */
                if (e->pf) {
                    len += s->pd_len;
                    age += s->pd_term - s->pd_len;
                    late_departures++;
                }
                assert_true(len > 0);             /* a valid entry's row has reads: none is left behind */
                assert_true(e->score >= 0);       /* no sum below zero; a length sum at 0 only while */
                assert_true(e->len > 0 ||         /* last cycle's arrival, which kept the entry, is in flight */
                            (s->pa_valid && s->pa_bank == e->bank && s->pa_row == e->row));
                /* the dummy searched this cycle: its read took it at this edge, the entry
                 * is flagged at the next and takes it at the one after */
                if (s->du_valid && s->du_bank == e->bank && s->du_row == e->row) {
                    len -= s->du_dlen;
                    age -= (int64_t)s->du_age + s->du_dlen;
                    late_dummies++;
                }
                /* the dummy before it, flagged at this edge: its read aged one more edge with
                 * the new length (and may have left since, which does not change this) */
                if (e->df) {
                    len -= s->dt_dlen;
                    age -= s->dt_term - s->dt_dlen;
                    late_flags++;
                }
                if (s->pa_valid && s->pa_bank == e->bank && s->pa_row == e->row) {
                    len -= 1;
                    age -= (int64_t)s->pa_age + 1;
                    late_arrivals++;
                }
                assert_int_equal(e->len, len);
                assert_int_equal(e->score, age);
                checked++;
            }
            /* every queued read has its row's entry (the policies that read the store; the
             * others keep it empty: no output depends on it) */
            if (in.policy != DS_MSHR_S && in.policy != DS_MSHR_SA) {
                assert_int_equal(s->rs_count, 0);
                continue;
            }
            for (unsigned k = 0; k < s->rd_count; k++) {
                int found = 0;
                for (unsigned i = 0; i < s->rs_count; i++)
                    found |= s->rs[i].valid && s->rs[i].bank == s->rd[k].bank && s->rs[i].row == s->rd[k].row;
                assert_true(found);
            }
        }
        free(s);
    }
    assert_true(checked > 100000);        /* the checks ran, on both late changes */
    assert_true(late_arrivals > 1000);
    assert_true(late_dummies > 1000);
    assert_true(late_flags > 1000);
    assert_true(late_departures > 1000);
    print_message("store invariant: %u entries checked (late: %u arrivals, %u dummies, %u flagged dummies, "
                  "%u departures)\n", checked, late_arrivals, late_dummies, late_flags, late_departures);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dummies_counted),
        cmocka_unit_test(drain_counted),
        cmocka_unit_test(ages),
        cmocka_unit_test(policy_width),
        cmocka_unit_test(store_invariant),
        cmocka_unit_test(ready_hold),
        cmocka_unit_test(bad_cfg),
        cmocka_unit_test(mib_counted),
        cmocka_unit_test(mib_lost_updates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
