/* test_apres_sap.c - directed tests of the SAP C model (cmodel/apres_sap.h),
 * and of SAP and LAWS together (the paper's Figure 9).
 *
 * Every expectation is worked out by hand from the rules in docs/apres.md
 * (the stride, the prefetch addresses and lines, the engine's cycles: with
 * AddrW = 49 and DivSteps = 2 the divider takes L = 25 cycles, so a miss
 * accepted in cycle a reports its stride check in cycle a + 4 + L and its
 * first prefetch in cycle a + 8 + L), not produced by the model.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "apres_laws.h"
#include "apres_sap.h"

#define L 25u   /* ceil(49 / 2) */
#define NEG(m) (UINT64_C(1) << 49 | (m))   /* a negative stride: sign bit 49 and the magnitude */

typedef struct {
    apres_sap_state_t s;
    unsigned cycle;
    /* what the outputs showed, in order */
    unsigned npf, ndrop, nres;
    uint64_t pf_warp[64], pf_addr[64], drop_warp[64];
    unsigned pf_cycle[64];
    uint64_t res[8], res_stride[8];
    unsigned res_cycle[8];
    unsigned busy_cycles;
} rig_t;

static void init(rig_t *r, unsigned warps, unsigned pt)
{
    memset(r, 0, sizeof *r);
    apres_sap_cfg_t c = {warps, 32, 49, 7, pt, 2};
    assert_int_equal(apres_sap_init(&r->s, &c), 0);
    assert_int_equal(apres_sap_div_cycles(&c), L);
}

static apres_sap_out_t cyc(rig_t *r, apres_sap_in_t in)
{
    apres_sap_out_t o;
    apres_sap_eval(&r->s, &in, &o);
    if (o.pf_valid) {
        r->pf_warp[r->npf] = o.pf_warp;
        r->pf_addr[r->npf] = o.pf_addr;
        r->pf_cycle[r->npf++] = r->cycle;
    }
    if (o.pf_drop)
        r->drop_warp[r->ndrop++] = o.pf_warp;
    if (o.res_valid) {
        r->res[r->nres] = o.res;
        r->res_stride[r->nres] = o.res_stride;
        r->res_cycle[r->nres++] = r->cycle;
    }
    r->busy_cycles += (unsigned)o.busy;
    assert_false(o.pf_valid && o.pf_drop);
    apres_sap_tick(&r->s, &in);
    r->cycle++;
    return o;
}

/* The outputs of the coming cycle with no load: pt_hit and lost report the
 * load of the cycle just run. */
static apres_sap_out_t peek(const rig_t *r)
{
    apres_sap_out_t o;
    apres_sap_in_t none = {0};
    apres_sap_eval(&r->s, &none, &o);
    return o;
}

/* Whether the PT holds the PC. */
static int has_pc(const rig_t *r, uint64_t pc)
{
    for (unsigned e = 0; e < r->s.cfg.pt_entries; e++)
        if ((r->s.pt_v >> e & 1) && r->s.pt_pc[e] == pc)
            return 1;
    return 0;
}

static void idle(rig_t *r, unsigned n)
{
    while (n--)
        cyc(r, (apres_sap_in_t){0});
}

static apres_sap_in_t hit(uint64_t pc, unsigned w, uint64_t addr)
{
    return (apres_sap_in_t){.ld_valid = 1, .ld_pc = pc, .ld_warp = w, .ld_addr = addr};
}

static apres_sap_in_t miss(uint64_t pc, unsigned w, uint64_t addr, uint64_t grp)
{
    return (apres_sap_in_t){.ld_valid = 1, .ld_pc = pc, .ld_warp = w, .ld_addr = addr, .ld_miss = 1,
                            .grp_valid = 1, .grp = grp};
}

#define B(w) (UINT64_C(1) << (w))

/* PT {PC 200, warp 10, address 2800, stride 100}, built the way a kernel
 * would: warp 12 loads at 3000, warp 11 misses at 2900 (stride
 * (2900 - 3000) / (11 - 12) = 100, new), warp 10 loads at 2800. */
static void fig9_table(rig_t *r)
{
    cyc(r, hit(200, 12, 3000));
    unsigned a = r->cycle;
    cyc(r, miss(200, 11, 2900, B(11)));
    apres_sap_out_t o = peek(r);
    assert_int_equal(o.pt_hit, 1);
    assert_int_equal(o.lost, 0);
    idle(r, L + 4);
    assert_int_equal(r->nres, 1);
    assert_int_equal(r->res_cycle[0], a + 4 + L);
    assert_int_equal(r->res[0], APRES_SAP_NEW);
    assert_int_equal(r->res_stride[0], 100);
    cyc(r, hit(200, 10, 2800));
    assert_int_equal(r->s.pt_stride[0], 100);
    assert_int_equal(r->s.pt_warp[0], 10);
    assert_int_equal(r->s.pt_addr[0], 2800);
    r->nres = 0;
}

/* Figure 9: warp 2 misses at 2000; (2000 - 2800) / (2 - 10) = 100 matches:
 * prefetches for warps 1, 3, 5 of the group {1, 2, 3, 5} at 1900, 2100, 2300
 * (lines 14, 16, 17; the demand's is 15), one per cycle from a + 8 + L. */
static void figure9(void **st)
{
    (void)st;
    rig_t r;
    init(&r, 48, 10);
    fig9_table(&r);
    unsigned a = r.cycle;
    cyc(&r, miss(200, 2, 2000, B(1) | B(2) | B(3) | B(5)));
    assert_int_equal(r.s.pt_warp[0], 2);     /* every load updates its entry */
    assert_int_equal(r.s.pt_addr[0], 2000);
    r.busy_cycles = 0;
    idle(&r, L + 12);
    assert_int_equal(r.nres, 1);
    assert_int_equal(r.res[0], APRES_SAP_MATCH);
    assert_int_equal(r.res_stride[0], 100);
    assert_int_equal(r.npf, 3);
    assert_int_equal(r.ndrop, 0);
    const uint64_t w[] = {1, 3, 5}, ad[] = {1900, 2100, 2300};
    for (unsigned k = 0; k < 3; k++) {
        assert_int_equal(r.pf_warp[k], w[k]);
        assert_int_equal(r.pf_addr[k], ad[k]);
        assert_int_equal(r.pf_cycle[k], a + 8 + L + k);
    }
    /* busy from a + 1 until the last target leaves B3 (a + 9 + L) */
    assert_int_equal(r.busy_cycles, 9 + L);
}

/* Figure 9 with LAWS in the loop: the targets SAP reports move to the head
 * of LAWS' queue in the order they come (the spec's "in their relative
 * order"), each behind the one before. */
static void figure9_laws(void **st)
{
    (void)st;
    rig_t r;
    init(&r, 48, 10);
    fig9_table(&r);
    apres_laws_state_t l;
    apres_laws_cfg_t lc = {48, 32, 3, 1};
    assert_int_equal(apres_laws_init(&l, &lc), 0);
    /* warps 1, 2, 3, 5 load at PC 0x80 in turn, each load's group (itself)
     * formed and hit (to the head): queue 5, 3, 2, 1, 0, 4, ... */
    const unsigned ws[] = {1, 2, 3, 5};
    apres_laws_out_t lo;
    for (unsigned k = 0; k < 4; k++) {
        apres_laws_in_t li = {.ld_valid = 1, .ld_warp = ws[k], .ld_pc = 0x80}, none = {0};
        apres_laws_eval(&l, &li, &lo);
        assert_int_equal(lo.ld_gid_valid, 1);
        apres_laws_in_t f = {.fb_valid = 1, .fb_gid = lo.ld_gid, .fb_hit = 1};
        apres_laws_tick(&l, &li);
        apres_laws_tick(&l, &none);   /* stage 2 */
        apres_laws_tick(&l, &f);
    }
    /* warp 2 loads at 0x90: its group is every warp whose last load was 0x80 */
    apres_laws_in_t li = {.ld_valid = 1, .ld_warp = 2, .ld_pc = 0x90}, none = {0};
    apres_laws_eval(&l, &li, &lo);
    uint64_t gid = lo.ld_gid;
    apres_laws_tick(&l, &li);
    apres_laws_tick(&l, &none);
    /* the miss: LAWS hands the group to SAP in the same cycle */
    apres_laws_in_t f = {.fb_valid = 1, .fb_gid = gid, .fb_hit = 0};
    apres_laws_eval(&l, &f, &lo);
    assert_int_equal(lo.miss_valid, 1);
    assert_int_equal(lo.miss_group, B(1) | B(2) | B(3) | B(5));
    apres_laws_tick(&l, &f);   /* the group to the tail */
    apres_sap_out_t o = cyc(&r, miss(200, 2, 2000, lo.miss_group));
    for (unsigned k = 0; k < L + 12; k++) {
        apres_sap_in_t none = {0};
        apres_sap_eval(&r.s, &none, &o);
        apres_laws_in_t p = {.pf_valid = o.pf_valid, .pf_warp = o.pf_warp};
        apres_laws_tick(&l, &p);
        cyc(&r, none);
    }
    assert_int_equal(r.npf, 3);
    /* the miss left 0, 4, 6, ..., 47, 5, 3, 2, 1; the targets 1, 3, 5 went to
     * the head in turn: 1, 3, 5, 0, 4, 6, ..., 47, 2 */
    uint64_t ready = (UINT64_C(1) << 48) - 1;
    const unsigned want[] = {1, 3, 5, 0, 4, 6};
    for (unsigned k = 0; k < 6; k++) {
        apres_laws_in_t in = {.ready = ready};
        apres_laws_eval(&l, &in, &lo);
        assert_int_equal(lo.issue_warp[0], want[k]);
        ready &= ~(UINT64_C(1) << want[k]);
    }
    apres_laws_in_t in = {.ready = B(2) | B(47)};
    apres_laws_eval(&l, &in, &lo);
    assert_int_equal(lo.issue_warp[0], 47);
}

/* A stride that differs: no prefetch, the stride is replaced; the next miss
 * with the new stride matches. */
static void stride_mismatch(void **st)
{
    (void)st;
    rig_t r;
    init(&r, 48, 10);
    fig9_table(&r);                            /* {200, 10, 2800, 100} */
    cyc(&r, miss(200, 8, 2700, B(8) | B(9)));   /* (2700 - 2800) / (8 - 10) = 50 */
    idle(&r, L + 8);
    assert_int_equal(r.nres, 1);
    assert_int_equal(r.res[0], APRES_SAP_NEW);
    assert_int_equal(r.res_stride[0], 50);
    assert_int_equal(r.npf, 0);
    assert_int_equal(r.s.pt_stride[0], 50);
    cyc(&r, miss(200, 4, 2500, B(4) | B(6)));   /* (2500 - 2700) / (4 - 8) = 50: match */
    idle(&r, L + 8);
    assert_int_equal(r.nres, 2);
    assert_int_equal(r.res[1], APRES_SAP_MATCH);
    assert_int_equal(r.npf, 1);
    assert_int_equal(r.pf_warp[0], 6);
    assert_int_equal(r.pf_addr[0], 2600);   /* line 20; the demand's 19 */
}

/* A stride of 0 is stored but never prefetches. */
static void stride_zero(void **st)
{
    (void)st;
    rig_t r;
    init(&r, 48, 10);
    cyc(&r, hit(0x44, 3, 0x8000));
    cyc(&r, miss(0x44, 5, 0x8000, B(5) | B(6)));
    idle(&r, L + 4);
    cyc(&r, miss(0x44, 7, 0x8000, B(5) | B(6) | B(7)));
    idle(&r, L + 10);
    assert_int_equal(r.nres, 2);
    assert_int_equal(r.res[0], APRES_SAP_NEW);
    assert_int_equal(r.res_stride[0], 0);
    assert_int_equal(r.res[1], APRES_SAP_ZERO);
    assert_int_equal(r.npf, 0);
    assert_int_equal(r.ndrop, 0);
    assert_int_equal(r.busy_cycles, 2 * (L + 3));   /* RD, CLS, DIV, VER each time; no burst */
}

/* A negative stride: warp 0 at 10000, warp 1 at 9000 (stride -1000); warp 2
 * misses at 8000 with the group {0, 2, 3, 9}: warp 0 at 10000, warp 3 at
 * 7000; warp 9 at 1000 (8000 + 7 * -1000). Then warp 12 at 2000 -> -1000
 * matches again and warp 14's target, 2000 - 2000 = 0, is issued, warp 15's
 * (-1000) is off the address range: dropped. */
static void stride_negative(void **st)
{
    (void)st;
    rig_t r;
    init(&r, 48, 10);
    cyc(&r, hit(0x70, 0, 10000));
    cyc(&r, miss(0x70, 1, 9000, B(1)));
    idle(&r, L + 4);
    assert_int_equal(r.res_stride[0], NEG(1000));
    cyc(&r, miss(0x70, 2, 8000, B(0) | B(2) | B(3) | B(9)));
    idle(&r, L + 12);
    assert_int_equal(r.nres, 2);
    assert_int_equal(r.res[1], APRES_SAP_MATCH);
    assert_int_equal(r.npf, 3);
    assert_int_equal(r.pf_addr[0], 10000);
    assert_int_equal(r.pf_addr[1], 7000);
    assert_int_equal(r.pf_addr[2], 1000);
    cyc(&r, miss(0x70, 12, 2000, B(12) | B(14) | B(15)));   /* (2000 - 8000) / (12 - 2) = -600: new */
    idle(&r, L + 4);
    assert_int_equal(r.res[2], APRES_SAP_NEW);
    assert_int_equal(r.res_stride[2], NEG(600));
    cyc(&r, miss(0x70, 13, 1400, B(12) | B(14) | B(15)));   /* -600 again: warp 12 at 2000, 14 at 800, 15 at 200 */
    idle(&r, L + 12);
    assert_int_equal(r.res[3], APRES_SAP_MATCH);
    assert_int_equal(r.npf, 6);
    assert_int_equal(r.pf_addr[3], 2000);   /* warp 12: 1400 + (12 - 13) * -600 */
    assert_int_equal(r.pf_addr[4], 800);
    assert_int_equal(r.pf_addr[5], 200);
    cyc(&r, miss(0x70, 14, 800, B(15) | B(16)));     /* -600: warp 15 at 200, 16 at -400: dropped */
    idle(&r, L + 12);
    assert_int_equal(r.npf, 7);
    assert_int_equal(r.pf_addr[6], 200);
    assert_int_equal(r.ndrop, 1);
    assert_int_equal(r.drop_warp[0], 16);
}

/* Division truncates toward zero: (1000 - 1007) / (3 - 1) = -3.5 -> -3;
 * (1007 - 1000) / (3 - 1) = 3.5 -> 3. */
static void truncation(void **st)
{
    (void)st;
    rig_t r;
    init(&r, 48, 10);
    cyc(&r, hit(9, 1, 1007));
    cyc(&r, miss(9, 3, 1000, B(3)));
    idle(&r, L + 4);
    cyc(&r, hit(9, 1, 1000));
    cyc(&r, miss(9, 3, 1007, B(3)));
    idle(&r, L + 4);
    assert_int_equal(r.nres, 2);
    assert_int_equal(r.res_stride[0], NEG(3));
    assert_int_equal(r.res_stride[1], 3);
}

/* Targets in one line: stride 48, miss of warp 0 at 4096 (line 32), group
 * 0..6: warp 1 at 4144 and warp 2 at 4192 are in the demand's line, warp 3
 * at 4240 is issued (line 33), warps 4 and 5 (4288, 4336) are in warp 3's
 * line, warp 6 at 4384 is issued (line 34). */
static void same_line(void **st)
{
    (void)st;
    rig_t r;
    init(&r, 48, 10);
    cyc(&r, hit(0x10, 2, 4096 + 96));
    cyc(&r, miss(0x10, 1, 4096 + 48, B(1)));   /* stride 48, new */
    idle(&r, L + 4);
    unsigned a = r.cycle;
    cyc(&r, miss(0x10, 0, 4096, 0x7F));
    idle(&r, L + 14);
    assert_int_equal(r.res[1], APRES_SAP_MATCH);
    assert_int_equal(r.npf, 2);
    assert_int_equal(r.pf_warp[0], 3);
    assert_int_equal(r.pf_addr[0], 4240);
    assert_int_equal(r.pf_warp[1], 6);
    assert_int_equal(r.pf_addr[1], 4384);
    assert_int_equal(r.pf_cycle[1], a + 8 + L + 5);   /* one target per cycle, dropped ones too */
    assert_int_equal(r.ndrop, 4);
    const uint64_t d[] = {1, 2, 4, 5};
    for (unsigned k = 0; k < 4; k++)
        assert_int_equal(r.drop_warp[k], d[k]);
}

/* A miss while the engine is busy is lost (its PT entry is still updated);
 * a warp that misses against its own last execution computes no stride. */
static void lost_and_same(void **st)
{
    (void)st;
    rig_t r;
    init(&r, 48, 10);
    cyc(&r, hit(0x20, 4, 400));
    cyc(&r, hit(0x30, 4, 900));
    cyc(&r, miss(0x20, 5, 500, B(5)));
    apres_sap_out_t o = peek(&r);
    assert_int_equal(o.lost, 0);
    cyc(&r, miss(0x30, 6, 1000, B(6)));
    o = peek(&r);
    assert_int_equal(o.lost, 1);
    assert_int_equal(o.busy, 1);
    assert_int_equal(r.s.pt_addr[1], 1000);
    cyc(&r, miss(0x50, 6, 1000, B(6)));   /* a PC the PT does not have: not lost, allocated */
    o = peek(&r);
    assert_int_equal(o.lost, 0);
    assert_int_equal(o.pt_hit, 0);
    idle(&r, L + 4);
    assert_int_equal(r.nres, 1);
    assert_int_equal(r.res_stride[0], 100);
    cyc(&r, miss(0x20, 5, 600, B(5)));    /* the same warp as the entry's */
    assert_int_equal(peek(&r).lost, 0);
    idle(&r, 4);
    assert_int_equal(r.nres, 2);
    assert_int_equal(r.res[1], APRES_SAP_SAME);
    assert_int_equal(r.res_cycle[1], r.cycle - 2);   /* CLS (2 cycles after the miss) ends it: reported the cycle after */
    assert_int_equal(r.s.pt_stride[0], 100);
    /* a miss without a group (LAWS' WGT was full) only updates the table */
    cyc(&r, (apres_sap_in_t){.ld_valid = 1, .ld_pc = 0x20, .ld_warp = 7, .ld_addr = 700, .ld_miss = 1});
    assert_int_equal(peek(&r).pt_hit, 1);
    idle(&r, L + 4);
    assert_int_equal(r.nres, 2);
    assert_int_equal(r.s.pt_warp[0], 7);
}

/* Ten PCs fill the table; PC 1 is used again; PC 11 replaces the least
 * recently used, PC 2. */
static void lru(void **st)
{
    (void)st;
    rig_t r;
    init(&r, 48, 10);
    for (unsigned pc = 1; pc <= 10; pc++) {
        cyc(&r, hit(pc, 0, 0));
        assert_int_equal(peek(&r).pt_hit, 0);
    }
    cyc(&r, hit(1, 0, 0));
    assert_int_equal(peek(&r).pt_hit, 1);
    cyc(&r, hit(11, 0, 0));
    assert_int_equal(peek(&r).pt_hit, 0);
    const unsigned present[] = {1, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    for (unsigned k = 0; k < 10; k++)
        assert_true(has_pc(&r, present[k]));
    assert_false(has_pc(&r, 2));
    assert_int_equal(r.s.pt_pc[1], 11);   /* PC 2 was entry 1 */
    assert_int_equal(r.s.pt_sv >> 1 & 1, 0);
}

/* One PT entry: a load of another PC reallocates the entry while the engine
 * divides; the check is still reported but its stride is not written into
 * the entry, which now belongs to the other PC (no stride). */
static void realloc_during_div(void **st)
{
    (void)st;
    rig_t r;
    init(&r, 48, 1);
    cyc(&r, hit(0x20, 1, 100));
    cyc(&r, miss(0x20, 2, 300, B(2)));
    cyc(&r, hit(0x99, 4, 5000));
    idle(&r, L + 4);
    assert_int_equal(r.nres, 1);
    assert_int_equal(r.res[0], APRES_SAP_NEW);
    assert_int_equal(r.res_stride[0], 200);
    assert_int_equal(r.s.pt_pc[0], 0x99);
    assert_int_equal(r.s.pt_sv, 0);
}

static void bad_cfg(void **st)
{
    (void)st;
    apres_sap_state_t s;
    const apres_sap_cfg_t bad[] = {
        {0, 32, 49, 7, 10, 4}, {65, 32, 49, 7, 10, 4}, {48, 0, 49, 7, 10, 4}, {48, 32, 64, 7, 10, 4},
        {48, 32, 7, 7, 10, 4}, {48, 32, 49, 13, 10, 4}, {48, 32, 49, 7, 0, 4}, {48, 32, 49, 7, 17, 4},
        {48, 32, 49, 7, 10, 0}, {48, 32, 49, 7, 10, 50},
    };
    for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++)
        assert_int_not_equal(apres_sap_init(&s, &bad[k]), 0);
    apres_sap_cfg_t ok = {1, 1, 8, 7, 1, 8};
    assert_int_equal(apres_sap_init(&s, &ok), 0);
    assert_int_equal(apres_sap_div_cycles(&ok), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(figure9),         cmocka_unit_test(figure9_laws), cmocka_unit_test(stride_mismatch),
        cmocka_unit_test(stride_zero),     cmocka_unit_test(stride_negative), cmocka_unit_test(truncation),
        cmocka_unit_test(same_line),       cmocka_unit_test(lost_and_same), cmocka_unit_test(lru),
        cmocka_unit_test(realloc_during_div), cmocka_unit_test(bad_cfg),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
