/* test_kernel.c - inst_expand (sim/workload/kernel.c): the registers the
 * tracer leaves implicit, derived from the access width and the opcode;
 * tb_pack and rtb_addrs: a block's affine address lists as two words,
 * expanding to exactly the addresses they replace, its instructions'
 * static parts shared exactly when they are equal, and a warp's repeated
 * stretches stored once (runs walked back exactly by a cursor). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <string.h>

#include <cmocka.h>

#include "workload/kernel.h"
#include "rtb_harness.h"

#define R(n) ((uint16_t)(REG_R + (n)))

static sinst_t mk(op_class_t cls, unsigned width, int dst, int src0, int src1)
{
    sinst_t in = {.cls = (uint8_t)cls, .width = (uint8_t)width};
    if (dst >= 0)
        in.dst[in.ndst++] = R(dst);
    if (src0 >= 0)
        in.src[in.nsrc++] = R(src0);
    if (src1 >= 0)
        in.src[in.nsrc++] = R(src1);
    return in;
}

static void assert_regs(const uint16_t *got, unsigned n, const unsigned *want, unsigned m)
{
    assert_int_equal(n, m);
    for (unsigned i = 0; i < m; i++)
        assert_int_equal(got[i], R(want[i]));
}

/* LDG.E.128 R8, [R4]: writes R8..R11, reads R4 and R5 (a 64-bit address). */
static void load_quad(void **state)
{
    (void)state;
    sinst_t in = mk(OP_LDG, 16, 8, 4, -1);
    inst_expand(&in, 1);
    assert_regs(in.dst, in.ndst, (const unsigned[]){8, 9, 10, 11}, 4);
    assert_regs(in.src, in.nsrc, (const unsigned[]){4, 5}, 2);
}

/* LDG.E.64 R6, [R4]: R6, R7; a 32-bit LDS R2, [R3]: nothing added. */
static void load_pair_and_shared(void **state)
{
    (void)state;
    sinst_t in = mk(OP_LDG, 8, 6, 4, -1);
    inst_expand(&in, 1);
    assert_regs(in.dst, in.ndst, (const unsigned[]){6, 7}, 2);
    in = mk(OP_LDS, 4, 2, 3, -1);
    inst_expand(&in, 0);
    assert_regs(in.dst, in.ndst, (const unsigned[]){2}, 1);
    assert_regs(in.src, in.nsrc, (const unsigned[]){3}, 1);
}

/* STG.E.128 [R6], R8: reads the address pair R6, R7 and the data R8..R11. */
static void store_quad(void **state)
{
    (void)state;
    sinst_t in = mk(OP_STG, 16, -1, 6, 8);
    inst_expand(&in, 1);
    assert_int_equal(in.ndst, 0);
    assert_regs(in.src, in.nsrc, (const unsigned[]){6, 7, 8, 9, 10, 11}, 6);
}

/* A trace that lists the pair already (an older trace-gen) is unchanged; RZ
 * has no pair; a non-memory instruction is left alone. */
static void already_listed_and_rz(void **state)
{
    (void)state;
    sinst_t in = mk(OP_LDG, 8, 6, 4, -1);
    in.dst[in.ndst++] = R(7);
    in.src[in.nsrc++] = R(5);
    inst_expand(&in, 1);
    assert_regs(in.dst, in.ndst, (const unsigned[]){6, 7}, 2);
    assert_regs(in.src, in.nsrc, (const unsigned[]){4, 5}, 2);
    in = mk(OP_STG, 8, -1, 2, 255);   /* STG.E.64 [R2], RZ */
    inst_expand(&in, 1);
    assert_regs(in.src, in.nsrc, (const unsigned[]){2, 3, 255}, 3);
    in = mk(OP_INT, 0, 1, 2, 3);
    inst_expand(&in, 0);
    assert_regs(in.dst, in.ndst, (const unsigned[]){1}, 1);
    assert_regs(in.src, in.nsrc, (const unsigned[]){2, 3}, 2);
}

/* The opcode table marks 64-bit global addresses by the ".E" part. */
static void addr64_by_opcode(void **state)
{
    (void)state;
    optab_t t = {0};
    int a = optab_intern(&t, "LDG.E.128"), b = optab_intern(&t, "LDG.128"), c = optab_intern(&t, "LDS.U.32"),
        d = optab_intern(&t, "STG.E.SYS"), e = optab_intern(&t, "IADD.E");
    assert_true(t.addr64[a] && !t.addr64[b] && !t.addr64[c] && t.addr64[d] && !t.addr64[e]);
    optab_free(&t);
}

/* A memory instruction of mask m with addresses a (one per active lane) appended to tb. */
static void put_mem(tb_t *tb, uint32_t m, const uint64_t *a)
{
    unsigned n = (unsigned)__builtin_popcount(m);
    assert_int_equal(tb_reserve(tb, 1, n), 0);
    inst_t *in = &tb->inst[tb->ninst++];
    *in = (inst_t){.cls = OP_LDG, .width = 4, .ndst = 1, .nsrc = 1, .dst = {R(8)}, .src = {R(4)}};
    in->pc = (uint32_t)(8 * tb->ninst);
    in->mask = m;
    in->addr = (uint32_t)tb->naddr;
    for (unsigned i = 0; i < n; i++)
        tb->addr[tb->naddr++] = a[i];
}

static uint64_t rnd(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 11;
}

/* Affine lists (strides up, down, zero, wrapping past 2^64, sparse masks)
 * are packed to two words; the rest (one lane off, a stride that is not a
 * whole multiple between the first two lanes, scattered lanes) to the lowest
 * address and offsets, less the low bits all of them have zero, in the
 * fewest words W whose ceil(n / W) fields of 64 / ceil(n / W) bits hold the
 * largest, when that takes fewer words than the list, else kept (two lanes
 * or fewer, three whose offsets take more than 21 bits, a spread of 4 GB or
 * more); every instruction expands to its own addresses, and the rest of
 * the block is copied. */
static void pack_exact(void **state)
{
    (void)state;
    tb_t src = {0};
    rtb_t dst = {0};
    uint64_t a[32], seed = 7;
    unsigned want_form[ADDR_DELTA] = {0}, want_words = 0, widths[33] = {0};
    uint8_t form[400], shift[400];
    for (unsigned t = 0; t < 400; t++) {
        uint32_t m = t % 5 == 0 ? 0xffffffffu : (uint32_t)rnd(&seed);
        unsigned n = (unsigned)__builtin_popcount(m);
        uint64_t base = rnd(&seed) << (t % 3 ? 0 : 20);
        int64_t stride = t % 7 == 0 ? 0 : t % 7 == 1 ? -(int64_t)(rnd(&seed) % 4096) : (int64_t)(rnd(&seed) % 65536);
        if (t % 11 == 0)
            base = ~0ull - 5;   /* wraps */
        unsigned k = 0;
        for (uint32_t r = m; r; r &= r - 1)
            a[k++] = base + (uint64_t)__builtin_ctz(r) * (uint64_t)stride;
        int broken = t % 4 == 3 && n > 2;
        if (broken)
            a[n / 2 + (t % 8 == 7 ? n / 2 - 1 : 0)] += 1 + t % 3;   /* one lane off the line */
        if (t % 13 == 5 && n > 2) {   /* first two lanes 3 apart, 5 bytes apart: not a whole stride */
            m = 0x9 | 0x100u;
            a[0] = 1000, a[1] = 1005, a[2] = 1040;
            n = 3;
            broken = 1;
        }
        if (t % 17 == 9 && n > 4) {   /* scattered over 6 GB: no offset width holds them */
            a[1] = a[0] + (6ull << 30);
            broken = 1;
        }
        if (t % 19 == 4 && n > 4) {   /* a gather over 40 KB */
            for (unsigned i = 0; i < n; i++)
                a[i] = 0x7f0000 + rnd(&seed) % 40960;
            broken = 1;
        }
        if (t % 23 == 6 && n > 8) {   /* a histogram's bins: 4-byte words within 1 KB, or 16-byte within 4 KB */
            for (unsigned i = 0; i < n; i++)
                a[i] = 0x4000 + (t % 2 ? 4 : 16) * (rnd(&seed) % 256);
            broken = 1;
        }
        put_mem(&src, m, a);
        uint64_t lo = a[0], hi = a[0];
        for (unsigned i = 1; i < n; i++)
            lo = a[i] < lo ? a[i] : lo, hi = a[i] > hi ? a[i] : hi;
        unsigned sh = 0;   /* the most low bits every offset has zero (none when all are equal) */
        while (hi > lo && sh < 63) {
            int all = 1;
            for (unsigned i = 0; i < n; i++)
                all &= (a[i] - lo) % (2ull << sh) == 0;
            if (!all)
                break;
            sh++;
        }
        const uint64_t span = (hi - lo) >> sh;
        unsigned wp = 0, bits = 0;   /* the packed words: 1 + W, W the fewest whose fields hold span */
        for (unsigned W = 1; 1 + W < n && !wp; W++)
            if (span >> (64 / ((n + W - 1) / W)) == 0)   /* W < n - 1: 2 fields a word or more */
                wp = 1 + W, bits = 64 / ((n + W - 1) / W);
        form[t] = n > 2 && !broken ? ADDR_AFFINE : wp ? ADDR_PACKED : ADDR_LIST;
        shift[t] = form[t] == ADDR_PACKED ? (uint8_t)sh : 0;
        want_form[form[t]]++;
        widths[bits] += form[t] == ADDR_PACKED;
        want_words += form[t] == ADDR_AFFINE ? 2 : form[t] == ADDR_PACKED ? wp : n;
    }
    for (unsigned f = 0; f < ADDR_DELTA; f++)   /* every form made */
        assert_in_range(want_form[f], 10, 400);
    unsigned nwidths = 0;
    for (unsigned b = 0; b <= 32; b++)
        nwidths += widths[b] > 0;
    assert_true(nwidths >= 5);   /* at several widths */
    src.nwarps = 1;
    src.warp[0].count = (uint32_t)src.ninst;
    src.idx[0] = 3;
    assert_int_equal(tb_pack(&dst, &src), 0);
    assert_int_equal(dst.ndyn, src.ninst);
    assert_int_equal(dst.nstat, src.ninst);   /* every PC its own */
    assert_int_equal(dst.naddr, want_words);
    assert_int_equal(dst.nwarps, 1);
    assert_int_equal(dst.warp[0].count, src.ninst);
    assert_int_equal(dst.idx[0], 3);
    for (size_t i = 0; i < src.ninst; i++) {
        const inst_t *s = &src.inst[i];
        const dkey_t *d = rtb_key(&dst, i);
        uint64_t buf[32];
        const uint64_t *e = rtb_addrs(&dst, i, buf);
        assert_int_equal(d->form, form[i]);
        assert_int_equal(d->shift, shift[i]);
        assert_int_equal(rtb_stat(&dst, i)->pc, s->pc);
        assert_int_equal(rtb_mask(&dst, i), s->mask);
        for (unsigned l = 0; l < (unsigned)__builtin_popcount(s->mask); l++)
            assert_int_equal(e[l], src.addr[s->addr + l]);
    }
    tb_free(&src);
    rtb_free(&dst);
}

/* Instruction j of a loop body of 7 (PCs 0, 16, ... 96; odd ones carry a
 * register that depends on the iteration when `vary`), with a mask of its
 * own and words past its register counts that differ every time. */
static inst_t body(unsigned it, unsigned j, int vary)
{
    inst_t in;
    memset(&in, 0xa0 + (it & 0x1f), sizeof in);   /* past the counts: different every iteration */
    in.pc = 16 * j;
    in.line = 100 + j;
    in.mask = 0xffffffffu >> (it % 32);
    in.opcode = (uint16_t)j;
    in.cls = j == 3 ? OP_LDG : OP_INT;
    in.width = j == 3 ? 4 : 0;
    in.addr = 0;
    in.ndst = 1;
    in.nsrc = 2;
    in.dst[0] = R(j);
    in.src[0] = R(j + 1);
    in.src[1] = R(vary && j % 2 ? 20 + it % 3 : 30);
    return in;
}

/* A block's static parts: one per distinct instruction, its fields exactly
 * those of every instruction pointing at it (words past the register
 * counts aside), shared across warps and iterations; the same PC with other
 * registers gets its own; a block packed into a used buffer starts afresh. */
static void static_parts(void **state)
{
    (void)state;
    tb_t src = {0};
    rtb_t dst = {0};
    for (int vary = 1; vary >= 0; vary--) {
        tb_clear(&src);
        src.nwarps = 4;
        for (unsigned w = 0; w < 4; w++) {
            src.warp[w].first = (uint32_t)src.ninst;
            for (unsigned it = 0; it < 50; it++)
                for (unsigned j = 0; j < 7; j++) {
                    inst_t in = body(it + w, j, vary);
                    unsigned n = (unsigned)__builtin_popcount(in.mask);
                    assert_int_equal(tb_reserve(&src, 1, n), 0);
                    if (in.width) {
                        in.addr = (uint32_t)src.naddr;
                        for (unsigned l = 0; l < n; l++)
                            src.addr[src.naddr++] = 4096 * w + 8 * l;   /* affine: packed */
                    }
                    src.inst[src.ninst++] = in;
                }
            src.warp[w].count = (uint32_t)src.ninst - src.warp[w].first;
        }
        assert_int_equal(tb_pack(&dst, &src), 0);
        /* varying: PCs 16, 48 and 80 each in 3 forms (R20, R21, R22), the others in 1 */
        assert_int_equal(dst.nstat, vary ? 4 + 3 * 3 : 7);
        assert_int_equal(dst.ndyn, src.ninst);
        for (size_t i = 0; i < src.ninst; i++) {
            const inst_t *s = &src.inst[i];
            const sinst_t *t = rtb_stat(&dst, i);
            assert_int_equal(t->pc, s->pc);
            assert_int_equal(t->line, s->line);
            assert_int_equal(t->opcode, s->opcode);
            assert_int_equal(t->cls, s->cls);
            assert_int_equal(t->width, s->width);
            assert_int_equal(t->ndst, s->ndst);
            assert_int_equal(t->nsrc, s->nsrc);
            assert_memory_equal(t->dst, s->dst, s->ndst * sizeof *s->dst);
            assert_memory_equal(t->src, s->src, s->nsrc * sizeof *s->src);
            assert_int_equal(rtb_mask(&dst, i), s->mask);
            if (s->width) {
                uint64_t buf[32];
                const uint64_t *e = rtb_addrs(&dst, i, buf);
                for (unsigned l = 0; l < (unsigned)__builtin_popcount(s->mask); l++)
                    assert_int_equal(e[l], src.addr[s->addr + l]);
            }
        }
    }
    tb_free(&src);
    rtb_free(&dst);
}

/* rtb_trim frees a resident block's buffers above the size given, and keeps them below. */
static void trim(void **state)
{
    (void)state;
    tb_t src = {0};
    rtb_t tb = {0};
    assert_int_equal(tb_reserve(&src, 100, 100), 0);
    memset(src.inst, 0, 100 * sizeof *src.inst);
    for (unsigned i = 0; i < 100; i++)
        src.inst[i].pc = 8 * i;   /* 100 distinct instructions */
    src.ninst = 100;
    src.nwarps = 1;
    src.warp[0].count = 100;
    assert_int_equal(tb_pack(&tb, &src), 0);
    rtb_trim(&tb, 1u << 20);
    assert_non_null(tb.k8);
    rtb_trim(&tb, 100);
    assert_null(tb.k8);
    assert_null(tb.key);
    assert_null(tb.abase);
    assert_null(tb.mrun);
    assert_null(tb.mbase);
    assert_null(tb.stat);
    assert_null(tb.addr);
    assert_int_equal(tb.cap_k8, 0);
    tb_free(&src);
}

/* One instruction appended to warp list tb: PC pc, mask m; a load of the
 * addresses base + 4 l (lane l) when base, else an ALU operation. */
static void put(tb_t *tb, uint32_t pc, uint32_t m, uint64_t base)
{
    unsigned n = base ? (unsigned)__builtin_popcount(m) : 0;
    assert_int_equal(tb_reserve(tb, 1, n), 0);
    inst_t *in = &tb->inst[tb->ninst++];
    *in = (inst_t){.pc = pc, .mask = m, .cls = base ? OP_LDG : OP_INT, .width = base ? 4 : 0, .ndst = 1, .nsrc = 1,
                   .dst = {R(pc % 200)}, .src = {R(pc % 7)}};
    in->addr = (uint32_t)tb->naddr;
    for (uint32_t r = m; n && r; r &= r - 1)
        tb->addr[tb->naddr++] = base + 4 * (uint64_t)__builtin_ctz(r);
}

/* Walking each warp's runs with a cursor gives back its list exactly:
 * static part, mask and addresses, instruction by instruction. */
static void assert_walk(const rtb_t *dst, const tb_t *src)
{
    for (unsigned w = 0; w < src->nwarps; w++) {
        rcur_t c;
        rtb_cur_start(dst, w, &c);
        assert_int_equal(dst->warp[w].count, src->warp[w].count);
        for (uint32_t k = 0; k < src->warp[w].count; k++) {
            const inst_t *s = &src->inst[src->warp[w].first + k];
            assert_true(c.pc < dst->ndyn);
            const sinst_t *t = rtb_stat(dst, c.pc);
            assert_int_equal(t->pc, s->pc);
            assert_int_equal(t->cls, s->cls);
            assert_int_equal(t->width, s->width);
            assert_memory_equal(t->dst, s->dst, s->ndst * sizeof *s->dst);
            assert_memory_equal(t->src, s->src, s->nsrc * sizeof *s->src);
            assert_int_equal(rtb_mask(dst, c.pc), s->mask);
            if (s->width && !op_is_shared_mem((op_class_t)s->cls)) {   /* shared memory: none kept */
                uint64_t buf[32];
                const uint64_t *e = rtb_addrs(dst, c.pc, buf);
                for (unsigned l = 0; l < (unsigned)__builtin_popcount(s->mask); l++)
                    assert_int_equal(e[l], src->addr[s->addr + l]);
            }
            if (k + 1 < src->warp[w].count)
                rtb_cur_next(dst, &c);
        }
    }
}

/* A shared-memory instruction keeps no addresses (the SM reads none): a
 * loop whose LDS moves through shared memory every pass is stored once
 * (2 executions, no address words), where the same loop with an LDG is
 * stored whole (80 executions, two words each: affine); masks and static
 * parts walk back exactly. */
static void shared_addrs(void **state)
{
    (void)state;
    tb_t src = {0};
    rtb_t dst = {0};
    src.nwarps = 2;
    for (unsigned w = 0; w < 2; w++) {
        src.warp[w].first = (uint32_t)src.ninst;
        for (unsigned it = 0; it < 40; it++) {
            put(&src, 100, 0xffff, 0x1000 + 256 * it);
            src.inst[src.ninst - 1].cls = w ? OP_LDG : OP_LDS;
            put(&src, 101, 0xffff, 0);
        }
        src.warp[w].count = (uint32_t)src.ninst - src.warp[w].first;
    }
    assert_int_equal(tb_pack(&dst, &src), 0);
    assert_int_equal(dst.ndyn, 2 + 80);
    assert_int_equal(dst.naddr, 40 * 2);
    assert_int_equal(rtb_key(&dst, 0)->words, 0);
    assert_int_equal(rtb_key(&dst, 2)->words, 2);
    assert_walk(&dst, &src);
    rtb_free(&dst);
    tb_free(&src);
}

/* One gather appended to tb: PC pc, mask m, lane l's address base + off[l]. */
static void put_gather(tb_t *tb, uint32_t pc, uint32_t m, uint64_t base, const uint64_t off[32])
{
    unsigned n = (unsigned)__builtin_popcount(m);
    assert_int_equal(tb_reserve(tb, 1, n), 0);
    inst_t *in = &tb->inst[tb->ninst++];
    *in = (inst_t){.pc = pc, .mask = m, .cls = OP_LDG, .width = 1, .ndst = 1, .nsrc = 1, .dst = {R(9)}, .src = {R(8)}};
    in->addr = (uint32_t)tb->naddr;
    for (uint32_t r = m; r; r &= r - 1)
        tb->addr[tb->naddr++] = base + off[__builtin_ctz(r)];
}

/* The delta form (ADDR_DELTA): a byte scan through 32 lanes' records
 * (gathers, no lane affine) moving one byte a pass is held in one word a
 * pass, RTB_DELTA_DEPTH - 1 deltas at most after another form; a pass with
 * fewer lanes is one too, one with more lanes, one lane or a step past 32
 * bits (2^33) is not; a step back (-4096) is; the same in a second warp,
 * whose references stay in it; a delta after a repeated pass refers to
 * its one stored execution. Every expansion equals its list
 * (assert_walk). */
static void delta_lists(void **state)
{
    (void)state;
    tb_t src = {0};
    rtb_t dst = {0};
    uint64_t off[32], seed = 5;
    for (unsigned l = 0; l < 32; l++)
        off[l] = 1000 * l + rnd(&seed) % 900;   /* records of about 1 KB: 16-bit offsets, not affine */
    src.nwarps = 2;
    for (unsigned w = 0; w < 2; w++) {
        src.warp[w].first = (uint32_t)src.ninst;
        uint64_t base = 0x100000 * (w + 1);
        for (unsigned it = 0; it < 40; it++) {
            uint32_t m = it < 12 ? ~0u : it < 20 ? 0x0ffff0f0u : it == 20 ? 1u : ~0u >> (it % 3);
            put_gather(&src, 200, m, base, off);
            put(&src, 201, ~0u, 0);
            base += it == 25 ? 1ull << 33 : it == 30 ? (uint64_t)-4096 : 1;
        }
        src.warp[w].count = (uint32_t)src.ninst - src.warp[w].first;
    }
    assert_int_equal(tb_pack(&dst, &src), 0);
    assert_int_equal(dst.ndyn, src.ninst);   /* nothing repeats: the addresses move */
    unsigned deltas = 0, most = 0;
    for (size_t i = 0; i < dst.ndyn; i++) {
        const dkey_t *k = rtb_key(&dst, i);
        if (k->form != ADDR_DELTA)
            continue;
        assert_int_equal(k->words, 1);
        deltas++;
        unsigned depth = 0;   /* the chain back to an execution held another way */
        size_t j = i;
        for (const dkey_t *q = k; q->form == ADDR_DELTA; q = rtb_key(&dst, j)) {
            size_t at = dst.abase[j / RTB_GROUP];
            for (size_t x = j & ~(size_t)(RTB_GROUP - 1); x < j; x++)
                at += rtb_key(&dst, x)->words;
            const size_t back = (uint32_t)dst.addr[at];
            assert_true(back > 0 && back <= j);
            assert_true((src.inst[j].mask & ~src.inst[j - back].mask) == 0);
            assert_int_equal(src.inst[j - back].pc, 200);
            j -= back;
            depth++;
        }
        assert_true(j / 80 == i / 80);   /* in the same warp */
        most = depth > most ? depth : most;
    }
    assert_int_equal(most, RTB_DELTA_DEPTH - 1);
    /* a warp's passes (execution 2p): 0 a list, 1-7 deltas, 8 a list (the chain's bound), 9-15,
     * 17-19 (12 on: fewer lanes) deltas, 16 a list, 20 one lane and 21 more lanes: lists; then the
     * masks cycle (full, >> 1, >> 2): every full one a list; 26, past 2^32, a list; 31, -4096, a delta */
    assert_int_equal(deltas, 2 * 28);
    for (unsigned w = 0; w < 2; w++) {
        const size_t e = 80 * w;
        assert_int_equal(rtb_key(&dst, e + 2 * 7)->form, ADDR_DELTA);
        assert_int_equal(rtb_key(&dst, e + 2 * 8)->form, ADDR_PACKED);
        assert_int_equal(rtb_key(&dst, e + 2 * 12)->form, ADDR_DELTA);
        assert_int_equal(rtb_key(&dst, e + 2 * 20)->form, ADDR_LIST);
        assert_int_equal(rtb_key(&dst, e + 2 * 21)->form, ADDR_PACKED);
        assert_int_equal(rtb_key(&dst, e + 2 * 26)->form, ADDR_PACKED);
        assert_int_equal(rtb_key(&dst, e + 2 * 31)->form, ADDR_DELTA);
    }
    assert_true(dst.naddr < 2 * (40 + 12 * 9));
    assert_walk(&dst, &src);
    /* a pass A, a pass B = A + 1 run 5 times (stored once: a repeat), C = B + 1: B and C deltas,
     * C's taken back to B's one stored execution */
    tb_clear(&src);
    src.nwarps = 1;
    src.warp[0].first = 0;
    for (unsigned it = 0; it < 7; it++) {
        put_gather(&src, 200, ~0u, 0x100000 + (it == 0 ? 0 : it == 6 ? 2 : 1), off);
        put(&src, 201, ~0u, 0);
    }
    src.warp[0].count = (uint32_t)src.ninst;
    assert_int_equal(tb_pack(&dst, &src), 0);
    assert_int_equal(dst.ndyn, 6);
    assert_int_equal(rtb_key(&dst, 0)->form, ADDR_PACKED);
    assert_int_equal(rtb_key(&dst, 2)->form, ADDR_DELTA);
    assert_int_equal(rtb_key(&dst, 4)->form, ADDR_DELTA);
    assert_walk(&dst, &src);
    rtb_free(&dst);
    tb_free(&src);
}

/* A stretch that repeats the one before it is stored once (rseg_t): a loop
 * whose iterations are equal (masks, addresses: 100 x 6 instructions, 6
 * stored), one instruction repeated (50 x 1), an inner loop in each pass of
 * an outer one (3 x (10 x 2 + 1): 9 stored, the outer passes differing
 * from the one before in where their inner loop's run starts); a loop whose
 * addresses change every iteration is stored whole; a warp of no
 * instructions has no run; and random lists over a few instructions and
 * masks (many short repeats, broken ones, repeats of repeats) walk back to
 * themselves exactly. */
static void loop_runs(void **state)
{
    (void)state;
    tb_t src = {0};
    rtb_t dst = {0};
    src.nwarps = 4;
    src.warp[0].first = 0;
    for (uint32_t pc = 1000; pc < 1005; pc++)   /* a prologue: 5 */
        put(&src, pc, ~0u, pc == 1003 ? 0x10000 : 0);
    for (unsigned it = 0; it < 100; it++)        /* equal iterations: 6 */
        for (uint32_t pc = 2000; pc < 2006; pc++)
            put(&src, pc, pc == 2003 ? 0xffff : ~0u, pc == 2002 ? 0x20000 : 0);
    for (unsigned it = 0; it < 50; it++)         /* one instruction: 1 */
        put(&src, 4000, 0xf0f0, 0);
    for (unsigned o = 0; o < 3; o++) {           /* nested: 3 x (2 + 1) */
        for (unsigned it = 0; it < 10; it++) {
            put(&src, 5000, ~0u, 0);
            put(&src, 5001, ~0u, 0x30000);
        }
        put(&src, 5002, ~0u, 0);
    }
    src.warp[0].count = (uint32_t)src.ninst;
    src.warp[1].first = (uint32_t)src.ninst;   /* no instructions */
    src.warp[2].first = (uint32_t)src.ninst;
    for (unsigned it = 0; it < 30; it++)         /* addresses changing: 30 x 4 */
        for (uint32_t pc = 3000; pc < 3004; pc++)
            put(&src, pc, ~0u, pc == 3001 ? 0x40000 + 128 * it : 0);
    src.warp[2].count = (uint32_t)src.ninst - src.warp[2].first;
    src.warp[3].first = (uint32_t)src.ninst;
    uint64_t seed = 11;
    while (src.ninst - src.warp[3].first < 20000) {   /* loops of 1-6 PCs run 1-12 times, now and then broken */
        uint64_t r = rnd(&seed);
        unsigned len = 1 + (unsigned)(r % 6), reps = 1 + (unsigned)(r >> 8 & 0xff) % 12;
        int moving = r >> 16 & 1;   /* the load's address changes every iteration */
        for (unsigned it = 0; it < reps; it++)
            for (unsigned j = 0; j < len; j++) {
                uint64_t q = rnd(&seed);
                put(&src, 6000 + j, q % 29 == 0 ? 0xff : ~0u, j == 2 ? 0x50000 + 64 * (moving ? it : 0) : 0);
            }
    }
    src.warp[3].count = (uint32_t)src.ninst - src.warp[3].first;
    assert_int_equal(tb_pack(&dst, &src), 0);
    assert_walk(&dst, &src);
    /* warp 0: the prologue, the loop's body, the instruction, per outer pass the inner body and the tail */
    uint32_t w0 = 0;
    for (uint32_t r = dst.warp[0].first; r < dst.warp[1].first; r++)
        w0 += dst.seg[r].len;
    assert_int_equal(w0, 5 + 6 + 1 + 3 * 3);
    assert_int_equal(dst.warp[1].first, dst.warp[2].first);   /* warp 1: no run */
    uint32_t w2 = 0;
    for (uint32_t r = dst.warp[2].first; r < dst.warp[3].first; r++)
        w2 += dst.seg[r].len * dst.seg[r].reps;
    assert_int_equal(w2, 120);
    assert_int_equal(dst.warp[3].first - dst.warp[2].first, 1);   /* one run of one pass */
    uint64_t stored = 0, repeated = 0;   /* warp 3: repeats found, and what a pass of each saved */
    for (size_t r = dst.warp[3].first; r < dst.nseg; r++) {
        stored += dst.seg[r].len;
        repeated += dst.seg[r].reps > 1;
    }
    assert_true(repeated > 100 && stored < src.warp[3].count * 3 / 4);
    /* packed again into the same buffers: the same */
    size_t ndyn = dst.ndyn, nseg = dst.nseg;
    assert_int_equal(tb_pack(&dst, &src), 0);
    assert_int_equal(dst.ndyn, ndyn);
    assert_int_equal(dst.nseg, nseg);
    assert_walk(&dst, &src);
    tb_free(&src);
    rtb_free(&dst);
}

/* An execution is the index of its key (static part, address form): 1 B
 * when the block has at most 256 keys, 2 B up to 65 536, 4 B above; each
 * reads back every instruction exactly, whichever width the buffers held
 * before (the others freed),
 * executions with equal keys share one, the masks are a run per change
 * (rtb_mask reads them back: random masks, masks that last, masks across
 * a warp's end), and the block's thread instructions are its masks'
 * lanes. */
static void keys(void **state)
{
    (void)state;
    tb_t src = {0};
    rtb_t dst = {0};
    uint64_t threads = 0;
    size_t changes = 0;
    uint32_t last = 0;
    for (unsigned w = 0; w < 2; w++) {   /* warp 0: 70 000 distinct PCs, masks that change at random; warp 1: 5 PCs,
                                            three masks in turn */
        src.warp[w].first = (uint32_t)src.ninst;
        for (uint32_t i = 0; i < (w ? 1000u : 70000u); i++) {
            const uint32_t r = i * 2654435761u + 12345u;
            const uint32_t m = w ? 0xffu << 8 * (i % 3) : i % 7 < 3 ? last : r;
            put(&src, w ? 8 * (i % 5) : 8 * i + 40, m, i % 5 == 2 ? 0x10000 + 64 * (uint64_t)i : 0);
            threads += (unsigned)__builtin_popcount(m);
            changes += src.ninst == 1 || m != last;
            last = m;
        }
        src.warp[w].count = (uint32_t)src.ninst - src.warp[w].first;
    }
    src.nwarps = 2;
    assert_int_equal(tb_pack(&dst, &src), 0);
    assert_true(dst.nkey > 65536);
    assert_int_equal(dst.nmrun, changes);
    assert_true(changes < src.ninst);
    assert_non_null(dst.k32);
    assert_int_equal(dst.threads, threads);
    assert_walk(&dst, &src);
    /* warp 1 alone, packed into the same buffers: its few keys in 1 B each */
    tb_t one = {0};
    one.nwarps = 1;
    threads = 0;
    for (uint32_t i = 0; i < 1000; i++) {
        const inst_t *in = &src.inst[src.warp[1].first + i];
        put(&one, in->pc, in->mask, in->width ? src.addr[in->addr] : 0);
        threads += (unsigned)__builtin_popcount(in->mask);
    }
    one.warp[0].count = 1000;
    assert_int_equal(tb_pack(&dst, &one), 0);
    assert_true(dst.nkey <= 5);   /* 5 PCs, the loads' address forms alike */
    assert_int_equal(dst.nmrun, 1000);
    assert_int_equal(dst.threads, threads);
    assert_walk(&dst, &one);
    tb_free(&one);
    assert_non_null(dst.k8);
    assert_null(dst.k16);
    assert_null(dst.k32);
    /* at the boundaries, packed into buffers a wider or narrower block used: 256 keys in 1 B,
     * 257 and 65 536 in 2 B, 65 537 in 4 */
    const uint32_t nks[8] = {65536, 65537, 256, 65537, 257, 65536, 256, 257};
    for (unsigned k = 0; k < 8; k++) {
        const uint32_t nk = nks[k];
        tb_t b = {0};
        b.nwarps = 1;
        for (uint32_t i = 0; i < nk; i++)
            put(&b, 8 * i, i * 2654435761u + 7u, 0);
        b.warp[0].count = nk;
        assert_int_equal(tb_pack(&dst, &b), 0);
        assert_int_equal(dst.nkey, nk);
        assert_true(nk <= 256 ? dst.k8 != NULL : nk <= 65536 ? dst.k16 != NULL : dst.k32 != NULL);
        assert_int_equal((dst.k8 != NULL) + (dst.k16 != NULL) + (dst.k32 != NULL), 1);
        assert_walk(&dst, &b);
        tb_free(&b);
    }
    tb_free(&src);
    rtb_free(&dst);
}


/* Warp w of a mixed block (seed v): gathers that move by a few bytes a pass
 * (deltas), a loop of equal passes (a repeat), random masks and affine
 * loads, shared-memory stores; warp 2 has no instructions. */
static void mixed_warp(tb_t *tb, unsigned w, unsigned v)
{
    uint64_t off[32], seed = 11 + v;
    for (unsigned l = 0; l < 32; l++)
        off[l] = 700 * l + rnd(&seed) % 500;
    tb->warp[w].first = (uint32_t)tb->ninst;
    if (w != 2) {
        for (unsigned it = 0; it < 30 + 7 * w; it++) {
            put_gather(tb, 300, it % 9 ? ~0u : 0xffff00ffu, 0x200000 * (w + 1) + it * (1 + v % 3), off);
            put(tb, 301, ~0u, 0);
        }
        for (unsigned it = 0; it < 20; it++) {   /* equal passes */
            put(tb, 310, ~0u, 0x9000);
            put(tb, 311, 0xffu, 0);
        }
        for (unsigned it = 0; it < 25; it++) {
            uint32_t m = (uint32_t)rnd(&seed) | 1u;
            put(tb, 320 + (unsigned)(rnd(&seed) % 3), m, rnd(&seed) % 2 ? 0x40000 + 128 * it : 0);
            assert_int_equal(tb_reserve(tb, 1, 0), 0);
            tb->inst[tb->ninst++] = (inst_t){.pc = 330, .mask = m, .cls = OP_STS, .width = 4, .ndst = 0, .nsrc = 1,
                                             .src = {R(9)}, .addr = (uint32_t)tb->naddr};
            assert_int_equal(tb_reserve(tb, 0, 32), 0);
            for (uint32_t r = m; r; r &= r - 1)
                tb->addr[tb->naddr++] = 0x100 + 4 * rnd(&seed) % 4096;
        }
    }
    tb->warp[w].count = (uint32_t)tb->ninst - tb->warp[w].first;
}

/* A block streamed warp by warp (tb_warp_end after each: the buffers hold
 * one warp at a time) packs to the same resident block as the whole block
 * packed at once, byte for byte; whole and streamed blocks alternate (each
 * starts afresh), and without stream tb_warp_end leaves the block alone; a
 * streamed block whose packing another block's came between is refused. */
static void streamed(void **state)
{
    (void)state;
    tb_t whole = {0}, st = {0};
    rtb_t a = {0}, b = {0};
    st.stream = 1;
    for (unsigned v = 0; v < 4; v++) {
        tb_clear(&whole);
        whole.nwarps = 5;
        whole.idx[0] = v;
        for (unsigned w = 0; w < 5; w++) {
            mixed_warp(&whole, w, v);
            assert_int_equal(tb_warp_end(&whole, w), 0);   /* not streamed: kept */
        }
        assert_int_equal(whole.packed, 0);
        assert_int_equal(tb_pack(&a, &whole), 0);
        assert_walk(&a, &whole);
        tb_clear(&st);
        st.nwarps = 5;
        st.idx[0] = v;
        size_t most = 0;
        for (unsigned w = 0; w < 5; w++) {
            mixed_warp(&st, w, v);
            assert_int_equal(st.warp[w].first, 0);
            most = st.ninst > most ? st.ninst : most;
            if (v == 3 && w == 4)
                break;   /* the last warp left to tb_pack */
            assert_int_equal(tb_warp_end(&st, w), 0);
            assert_int_equal(st.ninst, 0);
            assert_int_equal(st.naddr, 0);
            assert_int_equal(st.packed, w + 1);
        }
        assert_true(most < whole.ninst / 3);
        if (v == 2) {   /* another block packed between its warps and its end: refused */
            assert_int_equal(tb_pack(&a, &whole), 0);
            assert_int_equal(tb_pack(&b, &st), -EINVAL);
            continue;
        }
        assert_int_equal(tb_pack(&b, &st), 0);
        assert_same_rtb(&a, &b);
        assert_true(a.ndyn < whole.ninst && a.nseg > 5);   /* repeats and deltas were found */
    }
    tb_free(&whole);
    tb_free(&st);
    rtb_free(&a);
    rtb_free(&b);
}


/* A key is 4 B. Offsets whose common low zero bits pass 31 (lanes 2^33
 * apart, not affine) keep a shift of 31 and still expand exactly; a block
 * of RTB_STAT_MAX static parts packs, one more is refused (-EOVERFLOW). */
static void key_limits(void **state)
{
    (void)state;
    assert_int_equal(sizeof(dkey_t), 4);
    tb_t src = {0};
    rtb_t dst = {0};
    const uint64_t mult[8] = {0, 3, 1, 7, 2, 9, 4, 5};
    uint64_t a[8];
    for (unsigned l = 0; l < 8; l++)
        a[l] = 0x5000000000ull + (mult[l] << 33);
    put_mem(&src, 0xffu, a);
    src.nwarps = 1;
    src.warp[0].count = 1;
    assert_int_equal(tb_pack(&dst, &src), 0);
    assert_int_equal(rtb_key(&dst, 0)->form, ADDR_PACKED);   /* offsets 9 << 33 at most: 36 << 31, 6 bits */
    assert_int_equal(rtb_key(&dst, 0)->words, 2);            /* 8 lanes: all in one word, 8 bits each */
    assert_int_equal(rtb_key(&dst, 0)->shift, 31);
    uint64_t buf[32];
    assert_memory_equal(rtb_addrs(&dst, 0, buf), a, sizeof a);
    tb_clear(&src);
    for (uint32_t i = 0; i <= RTB_STAT_MAX; i++)
        put(&src, 16 * i, ~0u, 0);
    src.nwarps = 1;
    src.warp[0].count = RTB_STAT_MAX;
    assert_int_equal(tb_pack(&dst, &src), 0);
    assert_int_equal(dst.nstat, RTB_STAT_MAX);
    assert_int_equal(rtb_stat(&dst, RTB_STAT_MAX - 1)->pc, 16 * (RTB_STAT_MAX - 1));
    src.warp[0].count = RTB_STAT_MAX + 1;
    assert_int_equal(tb_pack(&dst, &src), -EOVERFLOW);
    tb_free(&src);
    rtb_free(&dst);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(load_quad), cmocka_unit_test(load_pair_and_shared), cmocka_unit_test(store_quad),
        cmocka_unit_test(already_listed_and_rz), cmocka_unit_test(addr64_by_opcode), cmocka_unit_test(pack_exact),
        cmocka_unit_test(static_parts), cmocka_unit_test(trim), cmocka_unit_test(loop_runs), cmocka_unit_test(shared_addrs), cmocka_unit_test(delta_lists), cmocka_unit_test(keys),
        cmocka_unit_test(streamed), cmocka_unit_test(key_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
