/* test_sl1_apps.c - the S-L1 paper's ten streaming applications as
 * stand-ins (sim/workload/sl1_apps.c): for each, one thread's accesses on a
 * tiny input worked out by hand from the kernel's description (its chunk,
 * read element by element; the data-dependent stores, lookups and
 * branches), the arrays each workload copies (Table 1's data structures),
 * and facts of the synthetic inputs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/kernels.h"
#include "workload/sl1_apps.h"

#include "simt_harness.h"

static const uint64_t A0 = 0x1000000, A1 = 0x3000000, A2 = 0x5000000, A3 = 0x7000000, SH = 0x9000000;

static uint32_t hash(const char *s)   /* the kernels' word hash, h = 31 h + c */
{
    uint32_t h = 0;
    for (; *s; s++)
        h = h * 31 + (uint8_t)*s;
    return h;
}

static unsigned count_op(const run_t *r, const char *op)
{
    unsigned n = 0;
    for (unsigned i = 0; i < r->nmem; i++)
        n += !strcmp(r->op[i], op);
    return n;
}

/* upper, 4 threads of chunk 4 over "Ab c\nxyZ!": thread 1's chunk is [4, 8) = "\nxyZ": four byte
 * loads at 4..7, stores at 5 and 6 (x, y) only, each after its load. */
static void upper_thread(void **state)
{
    (void)state;
    static run_t r;
    uint8_t text[] = "Ab c\nxyZ!..abcde";
    sl1_input_t in = {.app = SL1_UPPER, .n = 16, .blocks = 1, .chunk = 4, .text = text};
    simt_args_t a = {.arr = {A0, A1}, .data = &in};
    simt_run(&r, sl1_upper, &a, 1, 0, 0, 0, 4, 1, 1, 1);
    const uint64_t want[6] = {A0 + 4, A0 + 5, A1 + 5, A0 + 6, A1 + 6, A0 + 7};
    const char *ops[6] = {"LDG.E.U8", "LDG.E.U8", "STG.E.U8", "LDG.E.U8", "STG.E.U8", "LDG.E.U8"};
    assert_int_equal(r.nmem, 6);
    for (int k = 0; k < 6; k++) {
        assert_int_equal(r.mem[k], want[k]);
        assert_string_equal(r.op[k], ops[k]);
    }
    /* thread 0: "Ab c": stores at 1 (b) and 3 (c) */
    simt_run(&r, sl1_upper, &a, 0, 0, 0, 0, 4, 1, 1, 1);
    assert_int_equal(count_op(&r, "LDG.E.U8"), 4);
    assert_int_equal(count_op(&r, "STG.E.U8"), 2);
    assert_int_equal(r.mem[2], A1 + 1);
    assert_int_equal(r.mem[5], A1 + 3);
}

/* upper on its quick input (256 KB: one block of 256, chunk 1024): thread 7 loads its 1024
 * chars in order and stores exactly at the lower-case ones. */
static void upper_stores_at_lower_case(void **state)
{
    (void)state;
    static run_t r;
    sl1_input_t in;
    assert_int_equal(sl1_input(&in, SL1_UPPER, 256, 0), 0);
    assert_int_equal(in.blocks, 1);
    assert_int_equal(in.chunk, 1024);
    simt_args_t a = {.arr = {A0, A1}, .data = &in};
    memset(&r, 0, sizeof r);
    simt_t t = {.tx = 7, .bdx = 256, .bdy = 1, .bdz = 1, .gdx = 1, .gdy = 1, .arg = &a, .prog = &r.prog,
                .lane = &r.lane};
    sl1_upper(&t);
    assert_int_equal(t.err, 0);
    uint64_t next = 7 * 1024, lower = 0, stores = 0;
    int expect_store = 0;
    for (size_t i = 0, k = 0; i < r.lane.n; i++) {   /* k: the memory instructions' addresses */
        const simt_site_t *s = &r.prog.site[r.lane.site[i]];
        if (!s->width)
            continue;
        const uint64_t addr = r.lane.addr[k++];
        if (!strcmp(s->op, "LDG.E.U8")) {
            assert_false(expect_store);
            assert_int_equal(addr, A0 + next);
            const uint8_t c = in.text[next++];
            expect_store = c >= 'a' && c <= 'z';
            lower += expect_store;
        } else {
            assert_string_equal(s->op, "STG.E.U8");
            assert_true(expect_store);
            assert_int_equal(addr, A1 + next - 1);
            expect_store = 0;
            stores++;
        }
    }
    assert_int_equal(next, 8 * 1024);
    assert_int_equal(stores, lower);
    assert_true(lower > 500 && lower < 1000);   /* text: mostly lower-case letters */
    free(r.lane.site);
    free(r.lane.addr);
    sl1_input_free(&in);
}

/* wc, 64 threads (2 warps) of chunk 8: thread 0 loads text[0..8) and, as lane 0, adds its warp's
 * counts to the block's two shared counters; thread 1 loads text[8..16) and nothing else. */
static void wc_thread(void **state)
{
    (void)state;
    static run_t r;
    static uint8_t text[512];
    memset(text, 'a', sizeof text);
    sl1_input_t in = {.app = SL1_WC, .n = 512, .blocks = 1, .chunk = 8, .text = text};
    simt_args_t a = {.arr = {A0}, .shmem = SH, .data = &in};
    simt_run(&r, sl1_wc, &a, 0, 0, 0, 0, 64, 1, 1, 1);
    assert_int_equal(r.nmem, 10);
    assert_int_equal(count_op(&r, "LDG.E.U8"), 8);
    for (int k = 0; k < 8; k++)
        assert_int_equal(r.mem[k], A0 + k);
    assert_string_equal(r.op[8], "ATOMS.ADD");
    assert_int_equal(r.mem[8], SH);
    assert_int_equal(r.mem[9], SH + 4);
    simt_run(&r, sl1_wc, &a, 1, 0, 0, 0, 64, 1, 1, 1);
    assert_int_equal(r.nmem, 8);
    assert_int_equal(r.mem[0], A0 + 8);
}

/* dna-assembly, two reads by hand: read 0 = (ACGT) x 16, read 1 = TACGT then 59 G: its longest
 * overlap with read 0's last 16 bases is 5 (TACGT; with 6 or more its G at 5 (and GG) does not
 * fit). Thread 0, chunk 130: read 0 has no previous read (overlap 0): its 16 held bases go to
 * contig 0..15 at its 16th base, the other 48 one by one (0..63), overlaps[0]; read 1: 11 held
 * bases past the overlap, then 48: contig 64..122, overlaps[1]. */
static void dna_thread(void **state)
{
    (void)state;
    static run_t r;
    static uint8_t text[130];
    for (int k = 0; k < 64; k++)
        text[k] = (uint8_t)"ACGT"[k % 4];
    text[64] = '\n';
    memcpy(text + 65, "TACGT", 5);
    memset(text + 70, 'G', 59);
    text[129] = '\n';
    sl1_input_t in = {.app = SL1_DNA, .n = 130, .blocks = 1, .chunk = 130, .text = text};
    simt_args_t a = {.arr = {A0, A1, A2}, .data = &in};
    simt_run(&r, sl1_dna, &a, 0, 0, 0, 0, 1, 1, 1, 1);
    assert_int_equal(count_op(&r, "LDG.E.U8"), 130);
    assert_int_equal(count_op(&r, "STG.E.U8"), 64 + 59);
    assert_int_equal(count_op(&r, "STG.E"), 2);
    unsigned c = 0, o = 0, l = 0;
    for (unsigned i = 0; i < r.nmem; i++) {
        if (!strcmp(r.op[i], "STG.E.U8"))
            assert_int_equal(r.mem[i], A1 + c++);
        else if (!strcmp(r.op[i], "STG.E"))
            assert_int_equal(r.mem[i], A2 + 4 * o++);
        else
            assert_int_equal(r.mem[i], A0 + l++);
    }
    /* the held bases are written right after the 16th base's load */
    assert_string_equal(r.op[16], "STG.E.U8");
    assert_string_equal(r.op[31], "STG.E.U8");
    assert_string_equal(r.op[32], "LDG.E.U8");
}

/* opinion-finder on "ab cd\nef\n", "cd" a keyword: the words end at ' ', '\n', '\n': each ending
 * loads lexicon[h % 4096] then keywords[h % 256]; tweet 1 (it has cd) writes scores[0]; tweet 2
 * nothing. */
static void opinion_thread(void **state)
{
    (void)state;
    static run_t r;
    static uint32_t lex[SL1_LEX], kw[SL1_KW];
    uint8_t text[] = "ab cd\nef\n";
    const uint32_t hab = hash("ab"), hcd = hash("cd"), hef = hash("ef");
    memset(kw, 0, sizeof kw);
    kw[hcd % SL1_KW] = hcd;
    sl1_input_t in = {.app = SL1_OPINION, .n = 9, .blocks = 1, .chunk = 9, .slice = 5, .text = text, .table = lex,
                      .kw = kw};
    simt_args_t a = {.arr = {A0, A1, A2, A3}, .data = &in};
    simt_run(&r, sl1_opinion, &a, 0, 0, 0, 0, 1, 1, 1, 1);
    const uint64_t want[] = {A0, A0 + 1, A0 + 2, A1 + 4 * (hab % SL1_LEX), A2 + 4 * (hab % SL1_KW), A0 + 3, A0 + 4,
                             A0 + 5, A1 + 4 * (hcd % SL1_LEX), A2 + 4 * (hcd % SL1_KW), A3, A0 + 6, A0 + 7, A0 + 8,
                             A1 + 4 * (hef % SL1_LEX), A2 + 4 * (hef % SL1_KW)};
    assert_int_equal(r.nmem, sizeof want / sizeof want[0]);
    for (unsigned k = 0; k < r.nmem; k++)
        assert_int_equal(r.mem[k], want[k]);
    assert_string_equal(r.op[10], "STG.E");
}

/* inverted-index on "<a href=x>ab c\n": the tag (x inside it too) is skipped; "ab" and "c" each
 * append a posting (thread 0's slice: postings 0, 1) and count their term. */
static void invidx_thread(void **state)
{
    (void)state;
    static run_t r;
    uint8_t text[] = "<a href=x>ab c\n";
    sl1_input_t in = {.app = SL1_INVIDX, .n = 15, .blocks = 1, .chunk = 15, .slice = 4, .text = text};
    simt_args_t a = {.arr = {A0, A1, A2}, .data = &in};
    simt_run(&r, sl1_invidx, &a, 0, 0, 0, 0, 1, 1, 1, 1);
    assert_int_equal(count_op(&r, "LDG.E.U8"), 15);
    assert_int_equal(count_op(&r, "STG.E.64"), 2);
    assert_int_equal(count_op(&r, "RED.E.ADD"), 2);
    /* loads 0..12 ("<a href=x>ab "), then ab's posting and count, "c", "\n", c's */
    assert_int_equal(r.mem[13], A1);
    assert_int_equal(r.mem[14], A2 + 4 * (hash("ab") % SL1_TERMS));
    assert_int_equal(r.mem[17], A1 + 8);
    assert_int_equal(r.mem[18], A2 + 4 * (hash("c") % SL1_TERMS));
    assert_int_equal(r.nmem, 19);
}

/* page-view-count, 3 records: url 5 (status 200) at its home slot 5; url 8197 (200), home slot
 * 8197 % 8192 = 5 taken by 5: probes 5, then 6; url 7 (404): no probe. */
static void pageview_thread(void **state)
{
    (void)state;
    static run_t r;
    static uint32_t urls[SL1_URLS];
    urls[5] = 5, urls[6] = 8197;
    uint32_t rec[12] = {100, 1, 5, 200, 101, 2, 8197, 200, 102, 3, 7, 404};
    sl1_input_t in = {.app = SL1_PAGEVIEW, .n = 3, .blocks = 1, .chunk = 3, .rec = rec, .table = urls};
    simt_args_t a = {.arr = {A0, A1, A2}, .data = &in};
    simt_run(&r, sl1_pageview, &a, 0, 0, 0, 0, 1, 1, 1, 1);
    const uint64_t want[] = {A0,      A0 + 8,  A0 + 12, A1 + 20, A2 + 20, A0 + 16, A0 + 24, A0 + 28,
                             A1 + 20, A1 + 24, A2 + 24, A0 + 32, A0 + 40, A0 + 44};
    assert_int_equal(r.nmem, sizeof want / sizeof want[0]);
    for (unsigned k = 0; k < r.nmem; k++)
        assert_int_equal(r.mem[k], want[k]);
    assert_int_equal(count_op(&r, "RED.E.ADD"), 2);
}

/* mastercard-affinity, 3 records: customer 4 (of X) buys at merchant 9; customer 5 (not of X);
 * customer 4 again, a refund: not looked up. */
static void mastercard_thread(void **state)
{
    (void)state;
    static run_t r;
    static uint8_t flag[SL1_CUST];
    flag[4] = 1;
    uint32_t rec[12] = {4, 9, 100, 0, 5, 9, 200, 0, 4, 11, (uint32_t)-300, 0};
    sl1_input_t in = {.app = SL1_MASTERCARD, .n = 3, .blocks = 1, .chunk = 3, .rec = rec, .flag = flag};
    simt_args_t a = {.arr = {A0, A1, A2}, .data = &in};
    simt_run(&r, sl1_mastercard, &a, 0, 0, 0, 0, 1, 1, 1, 1);
    const uint64_t want[] = {A0, A0 + 4, A0 + 8, A1 + 4, A2 + 36, A0 + 16, A0 + 20, A0 + 24, A1 + 5,
                             A0 + 32, A0 + 36, A0 + 40};
    assert_int_equal(r.nmem, sizeof want / sizeof want[0]);
    for (unsigned k = 0; k < r.nmem; k++)
        assert_int_equal(r.mem[k], want[k]);
    assert_string_equal(r.op[3], "LDG.E.U8");
    assert_string_equal(r.op[4], "RED.E.ADD");
}

/* matrixmul-naive, N = 4, 4 threads of chunk 4: thread 1 computes row 1 (elements 4..7): per
 * element a[1][k], b[k][j] for k = 0..3, then c[1][j]. */
static void matmul_thread(void **state)
{
    (void)state;
    static run_t r;
    sl1_input_t in = {.app = SL1_MATMUL, .n = 16, .dim = 4, .blocks = 1, .chunk = 4};
    simt_args_t a = {.arr = {A0, A1, A2}, .data = &in};
    simt_run(&r, sl1_matmul, &a, 1, 0, 0, 0, 4, 1, 1, 1);
    assert_int_equal(r.nmem, 4 * 9);
    for (unsigned j = 0; j < 4; j++) {
        for (unsigned k = 0; k < 4; k++) {
            assert_int_equal(r.mem[9 * j + 2 * k], A0 + 4 * (4 + k));
            assert_int_equal(r.mem[9 * j + 2 * k + 1], A1 + 4 * (4 * k + j));
        }
        assert_int_equal(r.mem[9 * j + 8], A2 + 4 * (4 + j));
        assert_string_equal(r.op[9 * j + 8], "STG.E");
    }
}

/* grep "ab" over "xab\nab\ncd\n": thread 0 puts the pattern's first char in shared memory, then
 * per char a load and (not in a matched line, not '\n') a shared load of the pattern's next
 * char: x a b | a b | c d: 7; lines 0 and 1 match: their {start, end} at lines + 0, + 8. */
static void grep_thread(void **state)
{
    (void)state;
    static run_t r;
    uint8_t text[] = "xab\nab\ncd\n";
    sl1_input_t in = {.app = SL1_GREP, .n = 10, .blocks = 1, .chunk = 10, .slice = 6, .text = text, .pat = "ab",
                      .patlen = 2};
    simt_args_t a = {.arr = {A0, A1}, .shmem = SH, .data = &in};
    simt_run(&r, sl1_grep, &a, 0, 0, 0, 0, 1, 1, 1, 1);
    assert_int_equal(r.bars, 1);
    assert_int_equal(r.nmem, 1 + 10 + 7 + 2);
    assert_string_equal(r.op[0], "STS.U8");
    const uint64_t sh_loads[7] = {SH, SH, SH + 1, SH, SH + 1, SH, SH};
    unsigned k = 0;
    for (unsigned i = 0; i < r.nmem; i++)
        if (!strcmp(r.op[i], "LDS.U.U8"))
            assert_int_equal(r.mem[i], sh_loads[k++]);
    assert_int_equal(k, 7);
    assert_string_equal(r.op[8], "STG.E.64");
    assert_int_equal(r.mem[8], A1);
    assert_int_equal(r.mem[14], A1 + 8);
}

/* kmeans-sl1, a block of 256, chunk 2, both points exactly on centroid 3: thread 0 loads
 * clusters[0][1] (the first centroid's first feature; a cluster's row is count + 8 features) into
 * shared memory, clears sums words 0, 256, 512, then per point 8 loads (16 in all, in order), 8
 * shared stores, 4 16-byte shared loads a cluster, the count and 8 sums of warp 0's cluster 3
 * (shared atomics); at the end the 8 warps' sums of word 0 into clusters[0]. */
static void kmeans_thread(void **state)
{
    (void)state;
    static run_t r;
    float pts[(2 + SL1_KM_K) * SL1_KM_D];
    for (unsigned k = 0; k < SL1_KM_K; k++)
        for (unsigned d = 0; d < SL1_KM_D; d++)
            pts[(2 + k) * SL1_KM_D + d] = (float)(100 * k + d);
    memcpy(pts, pts + 5 * SL1_KM_D, 4 * SL1_KM_D);
    memcpy(pts + SL1_KM_D, pts + 5 * SL1_KM_D, 4 * SL1_KM_D);
    sl1_input_t in = {.app = SL1_KMEANS, .n = 2, .blocks = 1, .chunk = 2, .pts = pts};
    simt_args_t a = {.arr = {A0, A1}, .shmem = SH, .data = &in};
    simt_run(&r, sl1_kmeans, &a, 0, 0, 0, 0, 256, 1, 1, 1);
    assert_int_equal(r.bars, 2);
    assert_int_equal(r.mem[0], A1 + 4);
    assert_int_equal(r.mem[1], SH);
    assert_int_equal(r.mem[2], SH + SL1_KM_SH_SUMS);
    assert_int_equal(r.mem[4], SH + SL1_KM_SH_SUMS + 2048);
    assert_int_equal(count_op(&r, "LDG.E"), 1 + 16);
    assert_int_equal(count_op(&r, "LDS.U.128"), 2 * 4 * SL1_KM_K);
    assert_int_equal(count_op(&r, "ATOMS.ADD"), 2 * (SL1_KM_D + 1));
    unsigned p = 0;
    for (unsigned i = 5; i < r.nmem; i++) {
        if (!strcmp(r.op[i], "LDG.E"))
            assert_int_equal(r.mem[i], A0 + 4 * p++);
        if (!strcmp(r.op[i], "ATOMS.ADD"))
            assert_true(r.mem[i] >= SH + SL1_KM_SH_SUMS + 4 * 3 * (SL1_KM_D + 1) &&
                        r.mem[i] < SH + SL1_KM_SH_SUMS + 4 * 4 * (SL1_KM_D + 1));
    }
    assert_string_equal(r.op[r.nmem - 1], "RED.E.ADD");
    assert_int_equal(r.mem[r.nmem - 1], A1);
    assert_int_equal(r.mem[r.nmem - 2], SH + SL1_KM_SH_SUMS + 4 * 7 * SL1_KM_K * (SL1_KM_D + 1));
    assert_int_equal(SL1_KM_SHMEM, 10752);
}

/* Each workload copies Table 1's number of data structures (Upper 2, WC 1, DNA Assembly 3,
 * Opinion Finder 4, Inverted Index 3, Page View Count 3, MasterCard Affinity 3, Matrix Multiply 3,
 * Grep 2, Kmeans 2) and launches one kernel of 256-thread blocks; kmeans-sl1's block takes
 * SL1_KM_SHMEM bytes of shared memory. */
static void arrays_and_launch(void **state)
{
    (void)state;
    static const char *names[SL1_NAPPS] = {"upper", "wc", "dna-assembly", "opinion-finder", "inverted-index",
                                           "page-view-count", "mastercard-affinity", "matrixmul-naive", "grep",
                                           "kmeans-sl1"};
    static const unsigned table1[SL1_NAPPS] = {2, 1, 3, 4, 3, 3, 3, 3, 2, 2};
    for (unsigned app = 0; app < SL1_NAPPS; app++) {
        assert_int_equal(sl1_narrays[app], table1[app]);
        workload_t *w = builtin_open(names[app], BUILTIN_SIZE_QUICK);
        assert_non_null(w);
        unsigned copies = 0, kernels = 0, ki = 0;
        for (unsigned i = 0; i < w->ncmd; i++) {
            copies += w->cmd[i].kind == CMD_MEMCPY;
            if (w->cmd[i].kind == CMD_KERNEL)
                kernels++, ki = i;
        }
        assert_int_equal(copies, table1[app]);
        assert_int_equal(kernels, 1);
        kernel_t *k = w->open_kernel(w, ki);
        assert_non_null(k);
        assert_int_equal(k->info.block[0], 256);
        const unsigned sh = app == SL1_KMEANS ? SL1_KM_SHMEM : app == SL1_GREP ? 16 : app == SL1_WC ? 8 : 0;
        assert_int_equal(k->info.shmem, sh);
        k->close(k);
        w->close(w);
    }
}

/* The inputs: deterministic; the geometry fills 8 SMs at the defaults (64 blocks of 256, 16 for
 * the text at 4 MB); the reads are 64 bases and '\n'; the grep pattern occurs. */
static void inputs(void **state)
{
    (void)state;
    sl1_input_t a, b;
    assert_int_equal(sl1_input(&a, SL1_GREP, 64, 0), 0);
    assert_int_equal(sl1_input(&b, SL1_GREP, 64, 0), 0);
    assert_memory_equal(a.text, b.text, a.n);
    assert_true(a.patlen >= 5);
    a.pat[a.patlen] = 0;
    assert_non_null(memmem(a.text, a.n, a.pat, a.patlen));
    sl1_input_free(&a);
    sl1_input_free(&b);
    assert_int_equal(sl1_input(&a, SL1_DNA, 64, 0), 0);
    assert_int_equal(a.n % 65, 0);
    for (uint64_t i = 0; i < a.n; i++)
        assert_true(i % 65 == 64 ? a.text[i] == '\n' : strchr("ACGT", a.text[i]) != NULL);
    sl1_input_free(&a);
    assert_int_equal(sl1_input(&a, SL1_WC, 4096, 0), 0);
    assert_int_equal(a.blocks, 16);
    assert_int_equal(a.chunk, 1024);
    sl1_input_free(&a);
    assert_int_equal(sl1_input(&a, SL1_MATMUL, 256, 0), 0);
    assert_int_equal(a.blocks, 64);
    assert_int_equal(a.chunk, 4);
    sl1_input_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(upper_thread),    cmocka_unit_test(upper_stores_at_lower_case),
        cmocka_unit_test(wc_thread),       cmocka_unit_test(dna_thread),
        cmocka_unit_test(opinion_thread),  cmocka_unit_test(invidx_thread),
        cmocka_unit_test(pageview_thread), cmocka_unit_test(mastercard_thread),
        cmocka_unit_test(matmul_thread),   cmocka_unit_test(grep_thread),
        cmocka_unit_test(kmeans_thread),   cmocka_unit_test(arrays_and_launch),
        cmocka_unit_test(inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
