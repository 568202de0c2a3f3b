/* test_trace.c - the Accel-Sim trace reader and writer (sim/trace.c).
 *
 * The real NVBit trace (../shared/traces/vectoradd-100-32, tracer version 4)
 * read in full, with counts worked out from the file by hand: 1 thread block
 * of 1024 threads, 32 warps; warps 0-3 run 23 instructions, warps 4-31 only
 * 9 (they exit: n = 100). Every mask is ffffffff except EXIT at 0058 in warps
 * 0-2 (00000000, predicated off), EXIT at 0058 in warp 3 (fffffff0) and the
 * 14 instructions after it in warp 3 (0000000f, threads 96-99): thread
 * instructions 3 * 22 * 32 + (8 * 32 + 28 + 14 * 4) + 28 * 9 * 32 = 10516.
 * Then hand-written kernels for each address mode, tracer versions 3 and 5,
 * .xz input, the round trip through trace_write, and one test per kind of
 * malformed input, with the exact message.
 *
 * Run from the repository root: the vectoradd trace is found through
 * VECTORADD_DIR (default ../shared/traces/vectoradd-100-32), the
 * hand-written trace files through TRACES_DIR (default tests/traces).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <lzma.h>

#include "workload/kernels.h"
#include "workload/trace.h"

#ifndef VECTORADD_DIR
#define VECTORADD_DIR "../shared/traces/vectoradd-100-32"
#endif
#ifndef TRACES_DIR
#define TRACES_DIR "tests/traces"
#endif

/* ---- helpers ----------------------------------------------------------- */

static int saved_fd = -1;
static FILE *cap;

/* Send stderr to a temporary file until capture_end. */
static void capture_begin(void)
{
    fflush(stderr);
    cap = tmpfile();
    assert_non_null(cap);
    saved_fd = dup(2);
    dup2(fileno(cap), 2);
}

/* What went to stderr since capture_begin (static buffer). */
static const char *capture_end(void)
{
    static char text[4096];
    fflush(stderr);
    dup2(saved_fd, 2);
    close(saved_fd);
    rewind(cap);
    size_t n = fread(text, 1, sizeof text - 1, cap);
    text[n] = '\0';
    fclose(cap);
    return text;
}

static kernel_t *kmem(const char *text)
{
    return trace_open_kernel_mem("t.traceg", text, strlen(text));
}

/* The kernel in text must fail to open with exactly msg (plus '\n'). */
static void open_fails(const char *text, const char *msg)
{
    capture_begin();
    kernel_t *k = kmem(text);
    const char *got = capture_end();
    if (k)
        k->close(k);
    assert_null(k);
    char want[1024];
    snprintf(want, sizeof want, "%s\n", msg);
    assert_string_equal(got, want);
}

/* The kernel in text must open, then next_tb must return 2 with exactly
 * msg, and keep returning 2; nothing more is said when it is closed. */
static void tb_fails(const char *text, const char *msg)
{
    kernel_t *k = kmem(text);
    assert_non_null(k);
    tb_t tb = {0};
    int st;
    capture_begin();
    while ((st = k->next_tb(k, &tb)) == 1)
        ;
    int again = k->next_tb(k, &tb);
    k->close(k);
    const char *got = capture_end();
    char want[1024];
    snprintf(want, sizeof want, "%s\n", msg);
    assert_string_equal(got, want);
    assert_int_equal(st, 2);
    assert_int_equal(again, 2);
    tb_free(&tb);
}

/* A fresh empty directory under /tmp (its name malloc'd; remove_dir frees it). */
static char *temp_dir(void)
{
    char t[] = "/tmp/test_trace_XXXXXX";
    char *d = mkdtemp(t);
    assert_non_null(d);
    return strdup(d);
}

static void write_file(const char *dir, const char *name, const void *data, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    fclose(f);
}

static void remove_dir(char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    free(dir);
}

/* Whole file into a malloc'd buffer (*n bytes). */
static char *read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    rewind(f);
    char *b = malloc((size_t)len + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)len, f), (size_t)len);
    b[len] = '\0';
    fclose(f);
    *n = (size_t)len;
    return b;
}

static int have_vectoradd(void)
{
    struct stat sb;
    return stat(VECTORADD_DIR "/kernelslist.g", &sb) == 0;
}

/* Both kernels hand out the same thread blocks, instruction for instruction. */
static void same_kernel(kernel_t *a, kernel_t *b)
{
    tb_t ta = {0}, tbb = {0};
    int sa, sb;
    unsigned ntb = 0;
    while ((sa = a->next_tb(a, &ta)) == 1) {
        sb = b->next_tb(b, &tbb);
        assert_int_equal(sb, 1);
        assert_memory_equal(ta.idx, tbb.idx, sizeof ta.idx);
        assert_int_equal(ta.nwarps, tbb.nwarps);
        assert_int_equal(ta.ninst, tbb.ninst);
        assert_int_equal(ta.naddr, tbb.naddr);
        for (unsigned w = 0; w < ta.nwarps; w++) {
            assert_int_equal(ta.warp[w].count, tbb.warp[w].count);
            for (unsigned i = 0; i < ta.warp[w].count; i++) {
                const inst_t *x = &ta.inst[ta.warp[w].first + i], *y = &tbb.inst[tbb.warp[w].first + i];
                assert_int_equal(x->pc, y->pc);
                assert_int_equal(x->mask, y->mask);
                assert_int_equal(x->line, y->line);
                assert_string_equal(a->ops.name[x->opcode], b->ops.name[y->opcode]);
                assert_int_equal(x->cls, y->cls);
                assert_int_equal(x->width, y->width);
                assert_int_equal(x->ndst, y->ndst);
                assert_int_equal(x->nsrc, y->nsrc);
                assert_memory_equal(x->dst, y->dst, x->ndst * sizeof x->dst[0]);
                assert_memory_equal(x->src, y->src, x->nsrc * sizeof x->src[0]);
                if (x->width)
                    assert_memory_equal(ta.addr + x->addr, tbb.addr + y->addr,
                                        (size_t)__builtin_popcount(x->mask) * sizeof(uint64_t));
            }
        }
        ntb++;
    }
    assert_int_equal(sa, 0);
    assert_int_equal(b->next_tb(b, &tbb), 0);
    assert_true(ntb > 0);
    tb_free(&ta);
    tb_free(&tbb);
}

/* Header lines 1-6 of the hand-written kernels: 2 blocks of 64 threads (2 warps). */
#define HDR4 "-kernel name = k\n-kernel id = 1\n-grid dim = (2,1,1)\n-block dim = (64,1,1)\n" \
             "-accelsim tracer version = 4\n-enable lineinfo = 0\n"
/* lines 7-8 */
#define TB0 "#BEGIN_TB\nthread block = 0,0,0\n"

/* ---- the real trace ------------------------------------------------------ */

static void vectoradd_header(void **st)
{
    (void)st;
    if (!have_vectoradd())
        skip();
    workload_t *w = trace_open(VECTORADD_DIR);
    assert_non_null(w);
    assert_string_equal(w->name, VECTORADD_DIR);
    assert_int_equal(w->ncmd, 4);
    const uint64_t base[3] = {0x7f2b2d500000, 0x7f2b2d500200, 0x7f2b2d500400};
    for (unsigned i = 0; i < 3; i++) {
        assert_int_equal(w->cmd[i].kind, CMD_MEMCPY);
        assert_int_equal(w->cmd[i].region.addr, base[i]);
        assert_int_equal(w->cmd[i].region.size, 400);
        assert_int_equal(w->cmd[i].where_line, i + 1);
    }
    assert_int_equal(w->cmd[3].kind, CMD_KERNEL);
    assert_string_equal(w->cmd[3].path, VECTORADD_DIR "/kernel-1.traceg");
    assert_int_equal(w->cmd[3].where_line, 4);
    kernel_t *k = w->open_kernel(w, 3);
    assert_non_null(k);
    const kinfo_t *ki = &k->info;
    assert_string_equal(ki->name, "_Z6vecAddIfEvPT_S1_S1_i");
    assert_int_equal(ki->id, 1);
    assert_int_equal(ki->grid[0], 1);
    assert_int_equal(ki->grid[1], 1);
    assert_int_equal(ki->grid[2], 1);
    assert_int_equal(ki->block[0], 1024);
    assert_int_equal(ki->block[1], 1);
    assert_int_equal(ki->block[2], 1);
    assert_int_equal(ki->shmem, 0);
    assert_int_equal(ki->nregs, 8);
    assert_int_equal(ki->binary_version, 61);
    assert_int_equal(ki->stream, 0);
    assert_int_equal(ki->shmem_base, 0x00007f2b5a000000);
    assert_int_equal(ki->local_base, 0x00007f2b58000000);
    assert_int_equal(ki->tracer_version, 4);
    assert_int_equal(ki->lineinfo, 0);
    assert_int_equal(ki->nblocks, 1);
    assert_int_equal(ki->threads, 1024);
    k->close(k);
    /* cmd 0 is a memcpy: no kernel */
    capture_begin();
    assert_null(w->open_kernel(w, 0));
    assert_string_equal(capture_end(), VECTORADD_DIR ": expected a kernel command, got command 0 of 4\n");
    w->close(w);
}

static void vectoradd_counts(void **st)
{
    (void)st;
    if (!have_vectoradd())
        skip();
    kernel_t *k = trace_open_kernel(VECTORADD_DIR "/kernel-1.traceg");
    assert_non_null(k);
    tb_t tb = {0};
    assert_int_equal(k->next_tb(k, &tb), 1);
    assert_int_equal(tb.idx[0], 0);
    assert_int_equal(tb.nwarps, 32);
    uint64_t threads = 0, mem = 0;
    for (unsigned w = 0; w < 32; w++)
        assert_int_equal(tb.warp[w].count, w < 4 ? 23 : 9);
    for (size_t i = 0; i < tb.ninst; i++) {
        threads += (unsigned)__builtin_popcount(tb.inst[i].mask);
        mem += tb.inst[i].width > 0;
    }
    assert_int_equal(tb.ninst, 4 * 23 + 28 * 9);
    assert_int_equal(threads, 10516);
    assert_int_equal(mem, 12);                    /* 2 LDG + 1 STG in warps 0-3 */
    assert_int_equal(tb.naddr, 9 * 32 + 3 * 4);   /* warp 3: 4 lanes */
    /* warp 0: "0028 ffffffff 1 R3 XMAD.MRG 2 R0 R255 0" */
    const inst_t *in = &tb.inst[tb.warp[0].first + 3];
    assert_int_equal(in->pc, 0x28);
    assert_string_equal(k->ops.name[in->opcode], "XMAD.MRG");
    assert_int_equal(in->cls, OP_INT);
    assert_int_equal(in->ndst, 1);
    assert_int_equal(in->dst[0], REG_R + 3);
    assert_int_equal(in->nsrc, 2);
    assert_int_equal(in->src[0], REG_R + 0);
    assert_int_equal(in->src[1], REG_R + 255);
    /* warp 0: "0058 00000000 0 EXIT 0 0" */
    in = &tb.inst[tb.warp[0].first + 8];
    assert_int_equal(in->mask, 0);
    assert_int_equal(in->cls, OP_EXIT);
    /* warp 1: "0098 ffffffff 1 R4 LDG.E.CG 1 R4 4 1 0x7f2b2d500080 4" */
    in = &tb.inst[tb.warp[1].first + 14];
    assert_int_equal(in->cls, OP_LDG);
    assert_int_equal(in->width, 4);
    for (unsigned l = 0; l < 32; l++)
        assert_int_equal(tb.addr[in->addr + l], 0x7f2b2d500080 + 4 * l);
    /* warp 3: "00d8 0000000f 0 STG.E 2 R6 R0 4 1 0x7f2b2d500580 4" */
    in = &tb.inst[tb.warp[3].first + 20];
    assert_int_equal(in->cls, OP_STG);
    assert_int_equal(in->mask, 0xf);
    assert_int_equal(in->addr, tb.naddr - 4);
    for (unsigned l = 0; l < 4; l++)
        assert_int_equal(tb.addr[in->addr + l], 0x7f2b2d500580 + 4 * l);
    assert_int_equal(k->next_tb(k, &tb), 0);
    assert_int_equal(k->next_tb(k, &tb), 0);
    tb_free(&tb);
    k->close(k);
}

/* ---- address modes, registers, versions ------------------------------------ */

static const char modes_text[] =
    HDR4 "\n#traces format = ...\n\n" TB0
    "warp = 1\ninsts = 9\n"
    "0010 00000005 1 R2 LDG.E 1 R4 4 0 0x100 0x0000000000000200 \n"   /* list: lanes 0, 2 */
    "0020 000000f0 0 STG.E.64 2 R4 R6 8 1 0x1000 8\n"                  /* stride: lanes 4-7 */
    "0030 00000003 1 R1 LDS 1 R2 4 1 0x100 -4\n"                       /* negative stride */
    "0040 00000013 1 UR5 ATOM.E.ADD 3 P0 UP1 PT 4 2 0x1000 16 -32\n"   /* delta: lanes 0, 1, 4 */
    "0050 80000000 0 RED.E.ADD 2 RZ URZ 4 2 0xdead\n"                  /* one lane, no delta */
    "0060 00000000 1 R9 LDG.E 1 R4 4 1 0x0 0\n"                        /* empty mask */
    "0070 00000011 0 STS 1 UPT 4 1 0x10 4\n"                           /* stride with a gap */
    "0080 00000003 0 ST.E 1 R2 4 2 0x0 -1\n"                           /* wraps below 0 */
    "0090 ffffffff 0 EXIT 0 0\n"
    "\n#END_TB\n"
    "#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\ninsts = 1\n00a0 ffffffff 0 EXIT 0 0\n#END_TB\n";   /* the grid's 2nd */

static void address_modes(void **st)
{
    (void)st;
    kernel_t *k = kmem(modes_text);
    assert_non_null(k);
    tb_t tb = {0};
    assert_int_equal(k->next_tb(k, &tb), 1);
    assert_int_equal(tb.nwarps, 2);
    assert_int_equal(tb.warp[0].count, 0);
    assert_int_equal(tb.warp[1].first, 0);
    assert_int_equal(tb.warp[1].count, 9);
    static const uint64_t want[] = {
        0x100, 0x200,                     /* list */
        0x1000, 0x1008, 0x1010, 0x1018,   /* base 0x1000, stride 8 */
        0x100, 0xfc,                      /* stride -4 */
        0x1000, 0x1010, 0xff0,            /* +16, -32 */
        0xdead,
        0x10, 0x14,                       /* lanes 0 and 4: the 1st and 2nd active lane */
        0x0, 0xffffffffffffffff,
    };
    static const uint32_t first[] = {0, 2, 6, 8, 11, 12, 12, 14};
    assert_int_equal(tb.naddr, sizeof want / sizeof want[0]);
    assert_memory_equal(tb.addr, want, sizeof want);
    for (unsigned i = 0; i < 8; i++) {
        assert_int_equal(tb.inst[i].addr, first[i]);
        assert_int_equal(tb.inst[i].pc, 0x10 * (i + 1));
    }
    static const uint8_t width[] = {4, 8, 4, 4, 4, 4, 4, 4, 0};
    static const uint8_t cls[] = {OP_LDG, OP_STG, OP_LDS, OP_ATOM, OP_RED, OP_LDG, OP_STS, OP_STG, OP_EXIT};
    for (unsigned i = 0; i < 9; i++) {
        assert_int_equal(tb.inst[i].width, width[i]);
        assert_int_equal(tb.inst[i].cls, cls[i]);
    }
    /* registers: UR5 <- P0 UP1 PT; RZ URZ; UPT */
    assert_int_equal(tb.inst[3].dst[0], REG_UR + 5);
    assert_int_equal(tb.inst[3].src[0], REG_P + 0);
    assert_int_equal(tb.inst[3].src[1], REG_UP + 1);
    assert_int_equal(tb.inst[3].src[2], REG_P + 7);
    assert_int_equal(tb.inst[4].src[0], REG_R + 255);
    assert_int_equal(tb.inst[4].src[1], REG_UR + 63);
    assert_int_equal(tb.inst[6].src[0], REG_UP + 7);
    /* two spellings of LDG.E share one opcode id */
    assert_int_equal(tb.inst[0].opcode, tb.inst[5].opcode);
    assert_int_equal(k->ops.n, 8);
    assert_int_equal(k->next_tb(k, &tb), 1);
    assert_int_equal(tb.idx[0], 1);
    assert_int_equal(k->next_tb(k, &tb), 0);
    tb_free(&tb);
    k->close(k);
}

/* Version 5: an immediate ends every line; lineinfo puts the source line first. */
static void version_5_lineinfo(void **st)
{
    (void)st;
    kernel_t *k = kmem("-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-accelsim tracer version = 5\n"
                       "-enable lineinfo = 1\n" TB0 "warp = 0\ninsts = 3\n"
                       "12 0010 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0 -7 \n"
                       "13 0020 00000003 1 R2 LDG.E 1 R4 4 2 0x100 8 0\n"
                       "14 0030 ffffffff 0 EXIT 0 0\n#END_TB\n");
    assert_non_null(k);
    tb_t tb = {0};
    assert_int_equal(k->next_tb(k, &tb), 1);
    assert_int_equal(tb.ninst, 3);
    assert_int_equal(tb.inst[0].line, 12);
    assert_int_equal(tb.inst[0].pc, 0x10);
    assert_int_equal(tb.inst[1].line, 13);
    assert_int_equal(tb.addr[1], 0x108);
    assert_int_equal(tb.inst[2].line, 14);   /* the immediate is optional */
    tb_free(&tb);
    k->close(k);
    /* version 4 has no immediate: an extra number is an error */
    tb_fails(HDR4 TB0 "warp = 0\ninsts = 1\n0010 ffffffff 1 R1 MOV 0 0 7\n#END_TB\n",
             "t.traceg:11: expected end of line, got '7'");
}

/* Version 3: no lineinfo header line, the same instruction lines. */
static void version_3(void **st)
{
    (void)st;
    kernel_t *k = kmem("-kernel name = v3\n-grid dim = (1,1,1)\n-block dim = (33,1,1)\n"
                       "-accelsim tracer version = 3\n\n#traces format = PC mask ...\n\n\n" TB0
                       "warp = 1\ninsts = 1\n0000 00000001 1 R1 IMAD.MOV.U32 2 R255 R255 0 \n#END_TB\n");
    assert_non_null(k);
    assert_int_equal(k->info.tracer_version, 3);
    assert_int_equal(k->info.lineinfo, 0);
    tb_t tb = {0};
    assert_int_equal(k->next_tb(k, &tb), 1);
    assert_int_equal(tb.nwarps, 2);   /* 33 threads */
    assert_int_equal(tb.warp[1].count, 1);
    assert_int_equal(k->next_tb(k, &tb), 0);
    tb_free(&tb);
    k->close(k);
}

/* Comments, blank lines, CRLF line ends, "cluster" lines and a last line
 * without '\n' are all taken. */
static void skipped_lines(void **st)
{
    (void)st;
    kernel_t *k = kmem("# a comment\r\n-grid dim = (1,1,1)\r\n-block dim = (64,1,1)\r\n"
                       "-accelsim tracer version = 4\r\n#BEGIN_TB\r\nthread block = 0,0,0\r\ncluster id = 0,0,0\r\n"
                       "cluster rank = 0\r\n# warp 1 first\r\nwarp = 1\r\ninsts = 2\r\n0010 ffffffff 0 NOP 0 0 \r\n\r\n"
                       "# between two instructions\r\n0018 ffffffff 0 EXIT 0 0\r\nwarp = 0\r\ninsts = 1\r\n"
                       "0020 0000ffff 0 EXIT 0 0\r\n#END_TB");
    assert_non_null(k);
    tb_t tb = {0};
    assert_int_equal(k->next_tb(k, &tb), 1);
    assert_int_equal(tb.ninst, 3);
    assert_int_equal(tb.warp[1].first, 0);
    assert_int_equal(tb.warp[1].count, 2);
    assert_int_equal(tb.warp[0].first, 2);
    assert_int_equal(tb.inst[2].mask, 0xffff);
    assert_int_equal(k->next_tb(k, &tb), 0);
    tb_free(&tb);
    k->close(k);
}

/* The trace files under tests/traces: the good ones read in full, the bad
 * ones stop with their message. */
static void committed_files(void **st)
{
    (void)st;
    static const struct {
        const char *file;
        unsigned tbs, insts, addrs;
        const char *msg;   /* the message after "TRACES_DIR/" (good files, tbs > 0: warnings) */
    } f[] = {
        {"modes.traceg", 2, 12, 48, NULL},
        {"modes.traceg.xz", 2, 12, 48, NULL},
        {"v3.traceg", 1, 3, 0, NULL},
        {"v5_lineinfo.traceg", 1, 4, 48, NULL},
        {"bad_addr.traceg", 0, 0, 0,
         "bad_addr.traceg:27: expected an address delta (decimal) per active lane after the first, got end of line"},
        {"bad_header.traceg", 0, 0, 0, "bad_header.traceg:17: expected '-grid dim = (X,Y,Z)' in the header, got "
                                       "'#BEGIN_TB'"},
        {"bad_insts.traceg", 0, 0, 0,
         "bad_insts.traceg:34: expected 1 more instruction line of warp 0 (insts = 10), got 'warp = 1'"},
        {"bad_truncated.traceg.xz", 0, 0, 0, ": expected more xz-compressed data, got end of file"},
        {"ampere_ldgsts.traceg", 2, 32, 4 * 32,
         "ampere_ldgsts.traceg:29: warning: unknown opcode 'NEWOP.X', 8 instructions run as integer ALU operations"},
        {"bad_cut_tb.traceg", 0, 0, 0, "bad_cut_tb.traceg:42: expected 4 thread blocks (grid 4,1,1), got 2"},
        {"bad_cut_tb.traceg.xz", 0, 0, 0, "bad_cut_tb.traceg.xz:42: expected 4 thread blocks (grid 4,1,1), got 2"},
        {"bad_header_only.traceg", 0, 0, 0, "bad_header_only.traceg:16: expected 16 thread blocks (grid 16,1,1), got 0"},
        {"bad_grid_65536sq.traceg", 0, 0, 0,
         "bad_grid_65536sq.traceg:29: expected 4294967296 thread blocks (grid 65536,65536,1), got 1"},
        {"bad_grid_overflow.traceg", 0, 0, 0, "bad_grid_overflow.traceg:3: expected '-grid dim = (X,Y,Z)' of fewer "
         "than 2^64 thread blocks (X x Y x Z), got '(4294967295,4294967295,4294967295)'"},
        {"bad_block_overflow.traceg", 0, 0, 0, "bad_block_overflow.traceg:4: expected '-block dim = (X,Y,Z)' of at "
         "most 1024 threads, got '(2147483648,2147483648,4)'"},
        {"bad_extra_tb.traceg", 0, 0, 0,
         "bad_extra_tb.traceg:44: expected 2 thread blocks (grid 2,1,1), got more ('#BEGIN_TB' of block 3)"},
        {"bad_unknown_addr.traceg", 0, 0, 0, "bad_unknown_addr.traceg:25: expected a known opcode on an instruction "
         "with addresses (mem_width 16), got 'FOOBAR.E.128'"},
        {"bad_mem_noaddr.traceg", 0, 0, 0, "bad_mem_noaddr.traceg:24: expected a memory width 1..255 and addresses "
         "(LDG.E is a memory instruction), got '0'"},
    };
    for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, TRACES_DIR "/%s", f[i].file);
        tb_t tb = {0};
        unsigned tbs = 0, insts = 0, addrs = 0;
        int rc = 2;
        capture_begin();
        kernel_t *k = trace_open_kernel(path);
        while (k && (rc = k->next_tb(k, &tb)) == 1)
            tbs++, insts += (unsigned)tb.ninst, addrs += (unsigned)tb.naddr;
        if (k)
            k->close(k);   /* the unknown opcodes' warnings */
        const char *got = capture_end();
        tb_free(&tb);
        if (f[i].tbs) {
            assert_int_equal(rc, 0);
            assert_int_equal(tbs, f[i].tbs);
            assert_int_equal(insts, f[i].insts);
            assert_int_equal(addrs, f[i].addrs);
        } else {
            assert_int_equal(rc, 2);
        }
        if (!f[i].msg) {
            assert_string_equal(got, "");
        } else {
            char want[512];
            snprintf(want, sizeof want, "%s\n", f[i].msg);
            size_t n = strlen(got), m = strlen(want);
            assert_true(n >= m);
            assert_string_equal(got + n - m, want);
        }
    }
    kernel_t *a = trace_open_kernel(TRACES_DIR "/modes.traceg"), *b = trace_open_kernel(TRACES_DIR "/modes.traceg.xz");
    assert_non_null(a);
    assert_non_null(b);
    same_kernel(a, b);
    a->close(a);
    b->close(b);
}

/* ---- .xz ----------------------------------------------------------------- */

static uint8_t *xz_compress(const char *in, size_t n, size_t *out_n)
{
    size_t cap = n + n / 2 + 4096, pos = 0;
    uint8_t *out = malloc(cap);
    assert_non_null(out);
    assert_int_equal(lzma_easy_buffer_encode(1, LZMA_CHECK_CRC64, NULL, (const uint8_t *)in, n, out, &pos, cap),
                     LZMA_OK);
    *out_n = pos;
    return out;
}

/* open_at(first) on a kernel gives the blocks from `first` on, as next_tb
 * does after `first` blocks: every first of the kernel, and past its end. */
static void check_cursors(kernel_t *(*open)(const void *), const void *arg)
{
    kernel_t *k = open(arg);
    assert_non_null(k);
    tb_t tb = {0};
    uint64_t n = 0;   /* the blocks the file holds (the grid may promise more) */
    while (k->next_tb(k, &tb) == 1)
        n++;
    assert_true(n > 0);
    for (uint64_t first = 0; first <= n + 1; first++) {
        kernel_t *a = open(arg);
        assert_non_null(a);
        for (uint64_t i = 0; i < first && i < n; i++)
            assert_int_equal(a->next_tb(a, &tb), 1);
        kernel_t *c = k->open_at(k, first);
        assert_non_null(c);
        if (first < n) {
            same_kernel(a, c);
        } else {
            assert_int_equal(c->next_tb(c, &tb), 0);
            assert_int_equal(a->next_tb(a, &tb), 0);
        }
        a->close(a);
        c->close(c);
    }
    tb_free(&tb);
    k->close(k);
}

static kernel_t *open_text(const void *text) { return kmem(text); }

static struct {
    const void *z;
    size_t n;
} xz_buf;
static kernel_t *open_xz(const void *unused)
{
    (void)unused;
    return trace_open_kernel_mem("t.traceg.xz", xz_buf.z, xz_buf.n);
}

static kernel_t *open_path(const void *path) { return trace_open_kernel(path); }

static void cursors(void **st)
{
    (void)st;
    check_cursors(open_text, modes_text);
    size_t n;
    uint8_t *z = xz_compress(modes_text, strlen(modes_text), &n);
    xz_buf.z = z, xz_buf.n = n;
    check_cursors(open_xz, NULL);
    free(z);
    if (have_vectoradd())
        check_cursors(open_path, VECTORADD_DIR "/kernel-1.traceg");
}

static void xz_input(void **st)
{
    (void)st;
    /* the address-modes kernel, compressed, from memory */
    size_t n;
    uint8_t *z = xz_compress(modes_text, strlen(modes_text), &n);
    kernel_t *a = kmem(modes_text), *b = trace_open_kernel_mem("t.traceg.xz", (const char *)z, n);
    assert_non_null(a);
    assert_non_null(b);
    same_kernel(a, b);
    a->close(a);
    b->close(b);
    /* cut short, and corrupt: a message wherever the reader notices */
    tb_t tb = {0};
    capture_begin();
    kernel_t *c = trace_open_kernel_mem("t.traceg.xz", (const char *)z, n - 20);
    while (c && c->next_tb(c, &tb) == 1)
        ;
    assert_non_null(strstr(capture_end(), "expected more xz-compressed data, got end of file\n"));
    if (c)
        c->close(c);
    z[n / 2] ^= 0x55;
    capture_begin();
    c = trace_open_kernel_mem("t.traceg.xz", (const char *)z, n);
    while (c && c->next_tb(c, &tb) == 1)
        ;
    assert_non_null(strstr(capture_end(), "expected xz-compressed data, got corrupt xz data\n"));
    tb_free(&tb);
    if (c)
        c->close(c);
    capture_begin();
    assert_null(trace_open_kernel_mem("t.traceg.xz", "-grid dim = (1,1,1)\n", 20));
    assert_string_equal(capture_end(), "t.traceg.xz:0: expected xz-compressed data, got data that is not xz\n");
    free(z);

    /* the vectoradd trace as kernel-1.traceg.xz in a directory */
    if (!have_vectoradd())
        return;
    char *plain = read_file(VECTORADD_DIR "/kernel-1.traceg", &n);
    size_t zn;
    z = xz_compress(plain, n, &zn);
    char *dir = temp_dir();
    write_file(dir, "kernel-1.traceg.xz", z, zn);
    const char *list = "MemcpyHtoD,0x00007f2b2d500000,400\n\nkernel-1.traceg.xz\n";
    write_file(dir, "kernelslist.g", list, strlen(list));
    workload_t *w = trace_open(dir);
    assert_non_null(w);
    assert_int_equal(w->ncmd, 2);
    assert_int_equal(w->cmd[1].where_line, 3);
    a = w->open_kernel(w, 1);
    b = trace_open_kernel(VECTORADD_DIR "/kernel-1.traceg");
    assert_non_null(a);
    assert_non_null(b);
    same_kernel(a, b);
    a->close(a);
    b->close(b);
    w->close(w);
    remove_dir(dir);
    free(z);
    free(plain);
}

/* ---- writing ------------------------------------------------------------- */

static void round_trip(void **st)
{
    (void)st;
    if (!have_vectoradd())
        skip();
    workload_t *w = trace_open(VECTORADD_DIR);
    assert_non_null(w);
    char *dir = temp_dir();
    assert_int_equal(trace_write(w, dir), 0);
    workload_t *v = trace_open(dir);
    assert_non_null(v);
    assert_int_equal(v->ncmd, w->ncmd);
    for (unsigned i = 0; i < w->ncmd; i++) {
        assert_int_equal(v->cmd[i].kind, w->cmd[i].kind);
        assert_int_equal(v->cmd[i].region.addr, w->cmd[i].region.addr);
        assert_int_equal(v->cmd[i].region.size, w->cmd[i].region.size);
        if (w->cmd[i].kind != CMD_KERNEL)
            continue;
        kernel_t *a = w->open_kernel(w, i), *b = v->open_kernel(v, i);
        assert_non_null(a);
        assert_non_null(b);
        kinfo_t x = a->info, y = b->info;
        assert_memory_equal(&x, &y, sizeof x);
        same_kernel(a, b);
        a->close(a);
        b->close(b);
    }
    /* the tracer's own text, but for the nvbit version we do not know */
    size_t n1, n2;
    char path[512];
    snprintf(path, sizeof path, "%s/kernel-1.traceg", dir);
    char *t1 = read_file(VECTORADD_DIR "/kernel-1.traceg", &n1), *t2 = read_file(path, &n2);
    char *l1 = strstr(t1, "-nvbit version = "), *l2 = strstr(t2, "-nvbit version = ");
    assert_non_null(l1);
    assert_non_null(l2);
    assert_memory_equal(t1, t2, (size_t)(l1 - t1));
    assert_string_equal(strchr(l1, '\n'), strchr(l2, '\n'));
    free(t1);
    free(t2);
    v->close(v);
    w->close(w);
    remove_dir(dir);
}

/* A workload of one kernel in memory, for trace_write. */
static const char *mem_text;
static kernel_t *mem_open(workload_t *w, unsigned i)
{
    (void)w;
    (void)i;
    return kmem(mem_text);
}
static void mem_close(workload_t *w) { (void)w; }

/* A kernel of one thread block with one instruction writing register id
 * REG_IDS, which has no spelling. */
static int badreg_next(kernel_t *k, tb_t *tb)
{
    tb_clear(tb);
    if (k->info.id++)
        return 0;
    assert_int_equal(tb_reserve(tb, 1, 0), 0);
    tb->nwarps = 1;
    tb->warp[0].count = 1;
    memset(&tb->inst[0], 0, sizeof tb->inst[0]);
    tb->inst[0].ndst = 1;
    tb->inst[0].dst[0] = REG_IDS;
    tb->ninst = 1;
    return 1;
}
static void badreg_close(kernel_t *k)
{
    optab_free(&k->ops);
    free(k);
}
static kernel_t *badreg_open(workload_t *w, unsigned i)
{
    (void)w;
    (void)i;
    kernel_t *k = calloc(1, sizeof *k);
    assert_non_null(k);
    k->info.grid[0] = k->info.grid[1] = k->info.grid[2] = 1;
    k->info.block[0] = k->info.block[1] = k->info.block[2] = 1;
    assert_int_equal(optab_intern(&k->ops, "MOV"), 0);
    k->next_tb = badreg_next;
    k->close = badreg_close;
    return k;
}

/* The writer's choice of address mode is the tracer's. */
static void write_modes(void **st)
{
    (void)st;
    wl_cmd_t cmd[2] = {{.kind = CMD_MEMCPY, .region = {0x1000, 256}}, {.kind = CMD_KERNEL}};
    workload_t w = {.name = "mem", .cmd = cmd, .ncmd = 2, .open_kernel = mem_open, .close = mem_close};
    mem_text = modes_text;
    char *dir = temp_dir();
    assert_int_equal(trace_write(&w, dir), 0);
    char path[512];
    size_t n;
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    char *t = read_file(path, &n);
    assert_string_equal(t, "MemcpyHtoD,0x0000000000001000,256\nkernel-1.traceg\n");
    free(t);
    snprintf(path, sizeof path, "%s/kernel-1.traceg", dir);
    t = read_file(path, &n);
    const char *body = strstr(t, "#BEGIN_TB");
    assert_non_null(body);
    assert_string_equal(body, "#BEGIN_TB\n\nthread block = 0,0,0\n\nwarp = 0\ninsts = 0\n\nwarp = 1\ninsts = 9\n"
                              "0010 00000005 1 R2 LDG.E 1 R4 4 2 0x100 256 \n"
                              "0020 000000f0 0 STG.E.64 2 R4 R6 8 1 0x1000 8 \n"
                              "0030 00000003 1 R1 LDS 1 R2 4 1 0x100 -4 \n"
                              "0040 00000013 1 UR5 ATOM.E.ADD 3 P0 UP1 PT 4 2 0x1000 16 -32 \n"
                              "0050 80000000 0 RED.E.ADD 2 R255 UR63 4 2 0xdead \n"
                              "0060 00000000 1 R9 LDG.E 1 R4 4 1 0x0 0 \n"
                              "0070 00000011 0 STS 1 UPT 4 2 0x10 4 \n"
                              "0080 00000003 0 ST.E 1 R2 4 1 0x0 -1 \n"
                              "0090 ffffffff 0 EXIT 0 0 \n"
                              "\n#END_TB\n"
                              "\n#BEGIN_TB\n\nthread block = 1,0,0\n\nwarp = 0\ninsts = 1\n"
                              "00a0 ffffffff 0 EXIT 0 0 \n\nwarp = 1\ninsts = 0\n"
                              "\n#END_TB\n");
    free(t);
    /* a stride beyond int32 is written as a delta (the tracer's int would not hold it) */
    mem_text = "-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-accelsim tracer version = 4\n" TB0
               "warp = 0\ninsts = 1\n0010 00000007 0 STG.E 0 4 0 0x0 0x100000000 0x200000000\n#END_TB\n";
    assert_int_equal(trace_write(&w, dir), 0);
    t = read_file(path, &n);
    assert_non_null(strstr(t, "\n0010 00000007 0 STG.E 0 4 2 0x0 4294967296 4294967296 \n"));
    free(t);
    /* a bad kernel: trace_write returns 2 after the reader's message */
    mem_text = "-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-accelsim tracer version = 4\n" TB0 "warp = 0\n";
    capture_begin();
    assert_int_equal(trace_write(&w, dir), 2);
    assert_string_equal(capture_end(), "t.traceg:6: expected 'insts = N', got end of file\n");
    /* an instruction the format cannot express */
    w.open_kernel = badreg_open;
    capture_begin();
    assert_int_equal(trace_write(&w, dir), 2);
    char want[512];
    snprintf(want, sizeof want, "%s/kernel-1.traceg: expected instructions with registers, opcode and addresses in "
             "range, got one out of range (thread block 0,0,0, warp 0, instruction 0)\n", dir);
    assert_string_equal(capture_end(), want);
    remove_dir(dir);
}

/* ---- malformed kernel files ---------------------------------------------- */

static void bad_header(void **st)
{
    (void)st;
    open_fails("", "t.traceg:0: expected '-grid dim = (X,Y,Z)' in the header, got end of file");
    open_fails("-kernel name = k\n-block dim = (64,1,1)\n-accelsim tracer version = 4\n" TB0,
               "t.traceg:4: expected '-grid dim = (X,Y,Z)' in the header, got '#BEGIN_TB'");
    open_fails("-grid dim = (2,1,1)\n-accelsim tracer version = 4\n",
               "t.traceg:2: expected '-block dim = (X,Y,Z)' in the header, got end of file");
    open_fails("-grid dim = (2,1,1)\n-block dim = (64,1,1)\n" TB0,
               "t.traceg:3: expected '-accelsim tracer version = 3|4|5' in the header, got '#BEGIN_TB'");
    open_fails("-kernel name = k\nkernel id = 1\n",
               "t.traceg:2: expected a header line '-key = value' or '#BEGIN_TB', got 'kernel id = 1'");
    open_fails("-kernel name = k\n-no value here\n",
               "t.traceg:2: expected a header line '-key = value' or '#BEGIN_TB', got '-no value here'");
    open_fails("-grid dim = (2,1)\n", "t.traceg:1: expected '-grid dim = (X,Y,Z)', got '(2,1)'");
    open_fails("-grid dim = (0,1,1)\n", "t.traceg:1: expected '-grid dim = (X,Y,Z)', got '(0,1,1)'");
    open_fails("-block dim = (64,1,1) x\n", "t.traceg:1: expected '-block dim = (X,Y,Z)', got '(64,1,1) x'");
    open_fails("-block dim = (1024,2,1)\n",
               "t.traceg:1: expected '-block dim = (X,Y,Z)' of at most 1024 threads, got '(1024,2,1)'");
    open_fails("-accelsim tracer version = 2\n", "t.traceg:1: expected '-accelsim tracer version = 3|4|5', got '2'");
    open_fails("-accelsim tracer version = 6\n", "t.traceg:1: expected '-accelsim tracer version = 3|4|5', got '6'");
    open_fails("-enable lineinfo = yes\n", "t.traceg:1: expected '-enable lineinfo = 0|1', got 'yes'");
    open_fails("-nregs = 8 9\n", "t.traceg:1: expected end of line after '-nregs = N', got '9'");
    open_fails("-kernel id = 4294967296\n", "t.traceg:1: expected '-kernel id = N', got '4294967296'");
    open_fails("-shmem base_addr = 0xg\n", "t.traceg:1: expected '-shmem base_addr = 0xHEX', got '0xg'");
    open_fails(HDR4 "0010 ffffffff 0 EXIT 0 0\n",
               "t.traceg:7: expected a header line '-key = value' or '#BEGIN_TB', got '0010 ffffffff 0 EXIT 0 0'");
    /* unknown keys of the form '-key = value' are skipped; a 64-bit stream id is kept in 32 bits */
    kernel_t *k = kmem("-some new key = 3\n-cuda stream id = 94823748812800\n" HDR4);
    assert_non_null(k);
    assert_int_equal(k->info.stream, (unsigned)94823748812800u);
    k->close(k);
}

static void bad_structure(void **st)
{
    (void)st;
    tb_fails(HDR4 "#BEGIN_TB\nwarp = 0\n", "t.traceg:8: expected 'thread block = X,Y,Z', got 'warp = 0'");
    tb_fails(HDR4 "#BEGIN_TB\n", "t.traceg:7: expected 'thread block = X,Y,Z', got end of file");
    tb_fails(HDR4 "#BEGIN_TB\nthread block = 0,0\n", "t.traceg:8: expected 'thread block = X,Y,Z', got '0,0'");
    tb_fails(HDR4 "#BEGIN_TB\nthread block = 2,0,0\n",
             "t.traceg:8: expected a thread block inside the grid (2,1,1), got '2,0,0'");
    tb_fails(HDR4 TB0 "#END_TB\n" "#BEGIN_TB\nthread block = 1,0,0\n#END_TB\n#BEGIN_TB\n",
             "t.traceg:13: expected 2 thread blocks (grid 2,1,1), got more ('#BEGIN_TB' of block 3)");
    tb_fails(HDR4 TB0 "#END_TB\nthread block = 1,0,0\n",
             "t.traceg:10: expected '#BEGIN_TB', got 'thread block = 1,0,0'");
    tb_fails(HDR4 TB0 "warp = 2\n", "t.traceg:9: expected a warp number 0..1 (block dim), got '2'");
    tb_fails(HDR4 TB0 "warp = x\n", "t.traceg:9: expected a warp number 0..1 (block dim), got 'x'");
    tb_fails(HDR4 TB0 "warp = 0\ninsts = 0\nwarp = 0\n",
             "t.traceg:11: expected each warp at most once in a thread block, warp 0 again, got 'warp = 0'");
    tb_fails(HDR4 TB0 "warp = 0\nwarp = 1\n", "t.traceg:10: expected 'insts = N', got 'warp = 1'");
    tb_fails(HDR4 TB0 "warp = 0\ninsts = -1\n",
             "t.traceg:10: expected an instruction count 'insts = N', got '-1'");
    tb_fails(HDR4 TB0 "warp = 0\ninsts = 3\n0010 ffffffff 0 NOP 0 0\nwarp = 1\n",
             "t.traceg:12: expected 2 more instruction lines of warp 0 (insts = 3), got 'warp = 1'");
    tb_fails(HDR4 TB0 "warp = 0\ninsts = 2\n0010 ffffffff 0 NOP 0 0\n",
             "t.traceg:11: expected 1 more instruction line of warp 0 (insts = 2), got end of file");
    tb_fails(HDR4 TB0 "warp = 0\ninsts = 1\n0010 ffffffff 0 NOP 0 0\n0018 ffffffff 0 NOP 0 0\n",
             "t.traceg:12: expected 'warp = N' or '#END_TB', got '0018 ffffffff 0 NOP 0 0'");
    tb_fails(HDR4 TB0 "warp = 0\ninsts = 0\n", "t.traceg:10: expected '#END_TB', got end of file");
    tb_fails(HDR4 TB0 "#END_TB\n-kernel id = 2\n", "t.traceg:10: expected '#BEGIN_TB', got '-kernel id = 2'");
}

static void bad_instruction(void **st)
{
    (void)st;
#define INST(line) HDR4 TB0 "warp = 0\ninsts = 1\n" line "\n#END_TB\n"
    tb_fails(INST("0010 fffffffff 0 NOP 0 0"),
             "t.traceg:11: expected an active mask (hex, 32 bits), got 'fffffffff'");
    tb_fails(INST("0010"), "t.traceg:11: expected an active mask (hex, 32 bits), got end of line");
    tb_fails(INST("00x10 ffffffff 0 NOP 0 0"), "t.traceg:11: expected a PC (hex), got '00x10'");
    tb_fails(INST("0010 ffffffff 5 R1 R2 R3 R4 R5 NOP 0 0"),
             "t.traceg:11: expected a destination register count 0..4, got '5'");
    tb_fails(INST("0010 ffffffff 1 Q4 NOP 0 0"),
             "t.traceg:11: expected a register (R0-R255, UR0-UR63, P0-P7, UP0-UP7, RZ, URZ, PT, UPT), got 'Q4'");
    tb_fails(INST("0010 ffffffff 1 R256 NOP 0 0"),
             "t.traceg:11: expected a register (R0-R255, UR0-UR63, P0-P7, UP0-UP7, RZ, URZ, PT, UPT), got 'R256'");
    tb_fails(INST("0010 ffffffff 0 NOP 1 P8 0"),
             "t.traceg:11: expected a register (R0-R255, UR0-UR63, P0-P7, UP0-UP7, RZ, URZ, PT, UPT), got 'P8'");
    tb_fails(INST("0010 ffffffff 0 1NOP 0 0"),
             "t.traceg:11: expected an opcode ([A-Z][A-Za-z0-9._]*, at most 127 characters), got '1NOP'");
    tb_fails(INST("0010 ffffffff 0 NOP 7 R1 R2 R3 R4 R5 R6 R7 0"),
             "t.traceg:11: expected a source register count 0..6, got '7'");
    tb_fails(INST("0010 ffffffff 0 NOP 2 R1 0"),
             "t.traceg:11: expected a register (R0-R255, UR0-UR63, P0-P7, UP0-UP7, RZ, URZ, PT, UPT), got '0'");
    tb_fails(INST("0010 ffffffff 0 NOP 0"),
             "t.traceg:11: expected a memory width 0..255 (bytes per lane), got end of line");
    tb_fails(INST("0010 ffffffff 0 LDG 0 256 1 0x0 4"),
             "t.traceg:11: expected a memory width 0..255 (bytes per lane), got '256'");
    tb_fails(INST("0010 ffffffff 0 LDG 0 4 3 0x0"),
             "t.traceg:11: expected an address mode 0 (list), 1 (base+stride) or 2 (base+delta), got '3'");
    tb_fails(INST("0010 00000003 0 LDG 0 4 0 0x100"),
             "t.traceg:11: expected an address (hex) per active lane, got end of line");
    tb_fails(INST("0010 00000003 0 LDG 0 4 0 0x100 0x200 0x300"), "t.traceg:11: expected end of line, got '0x300'");
    tb_fails(INST("0010 00000003 0 LDG 0 4 1 0x100"), "t.traceg:11: expected a stride (decimal), got end of line");
    tb_fails(INST("0010 00000003 0 LDG 0 4 1 0x100 0x4"), "t.traceg:11: expected a stride (decimal), got '0x4'");
    tb_fails(INST("0010 00000007 0 LDG 0 4 2 0x100 4"),
             "t.traceg:11: expected an address delta (decimal) per active lane after the first, got end of line");
    tb_fails(INST("0010 00000003 0 LDG 0 4 2 0x100 9223372036854775808"),
             "t.traceg:11: expected an address delta (decimal) per active lane after the first, "
             "got '9223372036854775808'");
    tb_fails(INST("0010 00000003 0 LDG 0 4 2"), "t.traceg:11: expected a base address (hex), got end of line");
    tb_fails(INST("0010 00000000 0 LDG 0 4 1"), "t.traceg:11: expected a base address (hex), got end of line");
    tb_fails(INST("0010 ffffffff 0 NOP 0 0 junk"), "t.traceg:11: expected end of line, got 'junk'");
    /* a NUL byte, a line longer than the reader takes */
    static const char nul[] = HDR4 TB0 "warp = 0\ninsts = 1\n0010 ffff\0ffff 0 NOP 0 0\n#END_TB\n";
    kernel_t *k = trace_open_kernel_mem("t.traceg", nul, sizeof nul - 1);
    assert_non_null(k);
    tb_t tb = {0};
    capture_begin();
    assert_int_equal(k->next_tb(k, &tb), 2);
    assert_string_equal(capture_end(), "t.traceg:11: expected text, got a NUL byte\n");
    k->close(k);
    size_t n = 300 << 10;
    char *big = malloc(n + 1);
    assert_non_null(big);
    memset(big, 'x', n);
    memcpy(big, "-x = ", 5);
    big[n] = '\0';
    open_fails(big, "t.traceg:1: expected a line of at most 262144 bytes, got a longer one");
    free(big);
    tb_free(&tb);
}

/* ---- block counts ---------------------------------------------------------- */

/* The file's thread blocks are the grid's: a file cut short at a block's end,
 * or with the header only, stops at its end with the counts; more blocks than
 * the grid stop at the first extra one. On every path: next_tb, cursors
 * (open_at) before and past the end, plain text and .xz. */
static void block_counts(void **st)
{
    (void)st;
    static const char two[] = HDR4 TB0 "#END_TB\n#BEGIN_TB\nthread block = 1,0,0\n#END_TB\n";
    const char *cut1 = "t.traceg:9: expected 2 thread blocks (grid 2,1,1), got 1";
    /* cut after the first block (lines 1-9), header only (lines 1-6) */
    tb_fails(HDR4 TB0 "#END_TB\n", cut1);
    tb_fails(HDR4, "t.traceg:6: expected 2 thread blocks (grid 2,1,1), got 0");
    tb_fails(HDR4 "# a comment after the header\n\n", "t.traceg:8: expected 2 thread blocks (grid 2,1,1), got 0");
    /* the grid of 65536 x 65536 blocks of the issue, one block present */
    tb_fails("-grid dim = (65536,65536,1)\n-block dim = (32,1,1)\n-accelsim tracer version = 4\n" TB0 "#END_TB\n",
             "t.traceg:6: expected 4294967296 thread blocks (grid 65536,65536,1), got 1");
    /* a third block */
    tb_fails(HDR4 TB0 "#END_TB\n#BEGIN_TB\nthread block = 1,0,0\n#END_TB\n#BEGIN_TB\nthread block = 1,0,0\n#END_TB\n",
             "t.traceg:13: expected 2 thread blocks (grid 2,1,1), got more ('#BEGIN_TB' of block 3)");

    /* the same cut as .xz */
    const char *cut = HDR4 TB0 "#END_TB\n";
    size_t n;
    uint8_t *z = xz_compress(cut, strlen(cut), &n);
    kernel_t *k = trace_open_kernel_mem("t.traceg.xz", (const char *)z, n);
    assert_non_null(k);
    tb_t tb = {0};
    capture_begin();
    assert_int_equal(k->next_tb(k, &tb), 1);
    assert_int_equal(k->next_tb(k, &tb), 2);
    assert_string_equal(capture_end(), "t.traceg.xz:9: expected 2 thread blocks (grid 2,1,1), got 1\n");
    /* cursors on it: one past the file's end knows the shortfall when it
     * opens, one before it when it reads to the end */
    kernel_t *c;
    for (uint64_t first = 0; first <= 3; first++) {
        capture_begin();
        c = k->open_at(k, first);
        if (first >= 2) {
            assert_null(c);
        } else {
            assert_non_null(c);
            for (uint64_t i = first; i < 1; i++)
                assert_int_equal(c->next_tb(c, &tb), 1);
            assert_int_equal(c->next_tb(c, &tb), 2);
            c->close(c);
        }
        assert_string_equal(capture_end(), "t.traceg.xz:9: expected 2 thread blocks (grid 2,1,1), got 1\n");
    }
    k->close(k);
    free(z);

    /* a cursor skipping over more blocks than the grid */
    static const char three[] = HDR4 TB0 "#END_TB\n#BEGIN_TB\nthread block = 1,0,0\n#END_TB\n"
                                "#BEGIN_TB\nthread block = 0,0,0\n#END_TB\n";
    k = kmem(three);
    assert_non_null(k);
    capture_begin();
    assert_null(k->open_at(k, 3));
    assert_string_equal(capture_end(),
                        "t.traceg:13: expected 2 thread blocks (grid 2,1,1), got more ('#BEGIN_TB' of block 3)\n");
    k->close(k);
    /* the complete file: every cursor, and none left past the grid */
    k = kmem(two);
    assert_non_null(k);
    for (uint64_t first = 0; first <= 4; first++) {
        c = k->open_at(k, first);
        assert_non_null(c);
        unsigned got = 0;
        while (c->next_tb(c, &tb) == 1)
            got++;
        assert_int_equal(got, first < 2 ? 2 - first : 0);
        assert_int_equal(c->next_tb(c, &tb), 0);
        c->close(c);
    }
    k->close(k);
    tb_free(&tb);
}

/* Grid and block products beyond 64 bits (the block counters) cannot wrap
 * into a small count. */
static void dim_overflow(void **st)
{
    (void)st;
    open_fails("-grid dim = (4294967295,4294967295,4294967295)\n",
               "t.traceg:1: expected '-grid dim = (X,Y,Z)' of fewer than 2^64 thread blocks (X x Y x Z), got "
               "'(4294967295,4294967295,4294967295)'");
    /* 2^31 x 2^31 x 4 = 2^64: 0 blocks in 64 bits */
    open_fails("-grid dim = (2147483648,2147483648,4)\n",
               "t.traceg:1: expected '-grid dim = (X,Y,Z)' of fewer than 2^64 thread blocks (X x Y x Z), got "
               "'(2147483648,2147483648,4)'");
    open_fails("-block dim = (2147483648,2147483648,4)\n",
               "t.traceg:1: expected '-block dim = (X,Y,Z)' of at most 1024 threads, got '(2147483648,2147483648,4)'");
    /* the largest grid that fits */
    kernel_t *k = kmem("-grid dim = (4294967295,4294967295,1)\n-block dim = (32,1,1)\n-accelsim tracer version = 4\n");
    assert_non_null(k);
    assert_int_equal(k->info.nblocks, 4294967295ull * 4294967295ull);
    k->close(k);
}

/* ---- opcodes ------------------------------------------------------------- */

/* A name or two from each architecture's table, and what is in none. */
static void opcode_table(void **st)
{
    (void)st;
    static const struct {
        const char *op;
        int cls;
    } t[] = {
        /* Kepler */
        {"LDSLK", OP_LDS}, {"STSCUL.X", OP_STS}, {"CAL", OP_BRANCH}, {"FCMP", OP_FP}, {"ISAD", OP_INT},
        {"LD.E", OP_LDG}, {"ST.E", OP_STG}, {"TEX", OP_INT},
        /* Maxwell / Pascal */
        {"XMAD.PSL.CBCC", OP_INT}, {"PEXIT", OP_BRANCH}, {"DMNMX", OP_DP}, {"RRO.SINCOS", OP_SFU},
        {"MUFU.RCP", OP_SFU}, {"VOTE_VTG.ALL", OP_INT}, {"KILL", OP_BRANCH}, {"ATOMG.E.ADD", OP_ATOM},
        /* Volta */
        {"HMMA.884.F32.F32.STEP0", OP_FP}, {"HFMA2_32I", OP_FP}, {"BMOV.32", OP_BRANCH},
        /* Turing */
        {"ULDC.64", OP_INT}, {"BRXU", OP_BRANCH}, {"LDSM.16.M88.4", OP_LDS}, {"IMMA.8816.S8.S8", OP_INT},
        /* Ampere */
        {"LDGSTS.E.BYPASS.LTC128B.128", OP_LDG}, {"DMMA.884", OP_DP}, {"REDUX.SUM", OP_INT},
        {"LDGDEPBAR", OP_INT}, {"HMNMX2", OP_FP},
        /* barriers, memory */
        {"BAR.SYNC", OP_BAR}, {"MEMBAR.GL", OP_MEMBAR}, {"EXIT", OP_EXIT}, {"RED.E.ADD", OP_RED},
        {"ATOMS.ADD", OP_ATOMS}, {"LDL.64", OP_LDL}, {"STL", OP_STL},
        /* in no table */
        {"FOOBAR", -1}, {"LDGX", -1}, {"", -1}, {".LDG", -1},
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        if (op_lookup(t[i].op) != t[i].cls)
            fail_msg("op_lookup(\"%s\") = %d, expected %d", t[i].op, op_lookup(t[i].op), t[i].cls);
        assert_int_equal(op_classify(t[i].op), t[i].cls < 0 ? OP_INT : t[i].cls);
    }
    optab_t o = {0};
    assert_int_equal(optab_intern(&o, "FOOBAR.X"), 0);
    assert_int_equal(optab_intern(&o, "LDGSTS.E"), 1);
    assert_int_equal(o.cls[0], OP_INT);
    assert_int_equal(o.unknown[0], 1);
    assert_int_equal(o.cls[1], OP_LDG);
    assert_int_equal(o.unknown[1], 0);
    optab_free(&o);
    /* every opcode of the built-in kernels is known */
    for (const builtin_info_t *b = builtin_kernels; b->name; b++) {
        workload_t *w = builtin_open(b->name, b->min_size);
        assert_non_null(w);
        for (unsigned i = 0; i < w->ncmd; i++) {
            if (w->cmd[i].kind != CMD_KERNEL)
                continue;
            kernel_t *k = w->open_kernel(w, i);
            assert_non_null(k);
            for (unsigned j = 0; j < k->ops.n; j++)
                if (k->ops.unknown[j])
                    fail_msg("%s: opcode %s is unknown", b->name, k->ops.name[j]);
            k->close(k);
        }
        w->close(w);
    }
}

/* An unknown opcode without addresses runs as an integer ALU instruction and
 * is reported once per spelling at close, with its count, over the kernel and
 * its cursors; one with addresses is an error. LDGSTS is a global load. */
static void unknown_opcodes(void **st)
{
    (void)st;
    static const char text[] = HDR4 TB0 "warp = 0\ninsts = 4\n"
        "0010 ffffffff 1 R2 FOOBAR 1 R1 0\n"
        "0020 ffffffff 0 LDGSTS.E.BYPASS.128 2 R4 R6 16 1 0x1000 16\n"
        "0030 ffffffff 1 R3 FOOBAR 1 R2 0\n"
        "0040 ffffffff 0 BAZ.X 0 0\n#END_TB\n"
        "#BEGIN_TB\nthread block = 1,0,0\nwarp = 1\ninsts = 1\n0050 0000ffff 0 FOOBAR 0 0\n#END_TB\n";
    kernel_t *k = kmem(text);
    assert_non_null(k);
    tb_t tb = {0};
    capture_begin();
    assert_int_equal(k->next_tb(k, &tb), 1);
    assert_int_equal(tb.inst[0].cls, OP_INT);
    assert_true(k->ops.unknown[tb.inst[0].opcode]);
    assert_int_equal(tb.inst[1].cls, OP_LDG);
    assert_int_equal(tb.inst[1].width, 16);
    assert_int_equal(tb.addr[tb.inst[1].addr + 31], 0x1000 + 31 * 16);
    assert_int_equal(tb.inst[3].cls, OP_INT);
    /* a cursor reads the second block: its FOOBAR joins the kernel's report */
    kernel_t *c = k->open_at(k, 1);
    assert_non_null(c);
    assert_int_equal(c->next_tb(c, &tb), 1);
    assert_int_equal(c->next_tb(c, &tb), 0);
    c->close(c);
    assert_string_equal(capture_end(), "");   /* nothing until the last reader closes */
    capture_begin();
    k->close(k);
    assert_string_equal(capture_end(),
                        "t.traceg:11: warning: unknown opcode 'FOOBAR', 3 instructions run as integer ALU operations\n"
                        "t.traceg:14: warning: unknown opcode 'BAZ.X', 1 instruction run as integer ALU operations\n");
    tb_free(&tb);
    /* with addresses: an error naming the line, and no warning after it */
    tb_fails(INST("0010 ffffffff 0 FOOBAR 1 R2 4 1 0x100 4"),
             "t.traceg:11: expected a known opcode on an instruction with addresses (mem_width 4), got 'FOOBAR'");
    tb_fails(HDR4 TB0 "warp = 0\ninsts = 2\n0010 ffffffff 0 BAZ 0 0\n0020 ffffffff 0 FOOBAR 1 R2 8 2 0x100 8\n#END_TB\n",
             "t.traceg:12: expected a known opcode on an instruction with addresses (mem_width 8), got 'FOOBAR'");
    /* a memory instruction with active lanes needs its addresses */
    tb_fails(INST("0010 ffffffff 1 R2 LDG.E 1 R4 0"),
             "t.traceg:11: expected a memory width 1..255 and addresses (LDG.E is a memory instruction), got '0'");
    tb_fails(INST("0010 00000001 0 STS 2 R4 R2 0"),
             "t.traceg:11: expected a memory width 1..255 and addresses (STS is a memory instruction), got '0'");
}

/* ---- kernelslist.g ------------------------------------------------------- */

/* trace_open on a directory with this kernelslist.g (and an empty
 * kernel-1.traceg) must fail with the message fmt, each %s in it standing
 * for the directory. */
static void list_fails(const char *list, const char *fmt)
{
    char *dir = temp_dir();
    write_file(dir, "kernelslist.g", list, strlen(list));
    write_file(dir, "kernel-1.traceg", "", 0);
    capture_begin();
    workload_t *w = trace_open(dir);
    const char *got = capture_end();
    if (w)
        w->close(w);
    assert_null(w);
    char want[1024];
    int n = snprintf(want, sizeof want - 1, fmt, dir, dir);
    strcpy(want + n, "\n");
    assert_string_equal(got, want);
    remove_dir(dir);
}

static void bad_list(void **st)
{
    (void)st;
    list_fails("", "%s/kernelslist.g:0: expected at least one kernel file name, got end of file");
    list_fails("MemcpyHtoD,0x100,400\n\n",
               "%s/kernelslist.g:2: expected at least one kernel file name, got end of file");
    list_fails("MemcpyDtoH,0x100,400\nkernel-1.traceg\n",
               "%s/kernelslist.g:1: expected 'MemcpyHtoD,0xADDRESS,SIZE' or a kernel file name ending in .traceg "
               "or .traceg.xz, got 'MemcpyDtoH,0x100,400'");
    list_fails("kernel-1.trace\n", "%s/kernelslist.g:1: expected 'MemcpyHtoD,0xADDRESS,SIZE' or a kernel file name "
                                   "ending in .traceg or .traceg.xz, got 'kernel-1.trace'");
    list_fails("MemcpyHtoD,0x100\n", "%s/kernelslist.g:1: expected 'MemcpyHtoD,0xADDRESS,SIZE' (hex address, decimal "
                                     "size), got 'MemcpyHtoD,0x100'");
    list_fails("MemcpyHtoD,0xq,400\n", "%s/kernelslist.g:1: expected 'MemcpyHtoD,0xADDRESS,SIZE' (hex address, "
                                       "decimal size), got '0xq'");
    list_fails("MemcpyHtoD,0x100,40x\n", "%s/kernelslist.g:1: expected 'MemcpyHtoD,0xADDRESS,SIZE' (hex address, "
                                         "decimal size), got '40x'");
    list_fails("MemcpyHtoD,0x100,400,7\n", "%s/kernelslist.g:1: expected 'MemcpyHtoD,0xADDRESS,SIZE' (hex address, "
                                           "decimal size), got '400,7'");
    list_fails("MemcpyHtoD, 0x100,400\n", "%s/kernelslist.g:1: expected 'MemcpyHtoD,0xADDRESS,SIZE' (hex address, "
                                          "decimal size), got 'MemcpyHtoD, 0x100,400'");
    list_fails("kernel-2.traceg\n",
               "%s/kernelslist.g:1: expected the name of a kernel trace file in %s, got 'kernel-2.traceg'");
    list_fails("/abs/kernel-1.traceg\n", "%s/kernelslist.g:1: expected a kernel file name relative to the trace "
                                         "directory, got '/abs/kernel-1.traceg'");
    capture_begin();
    assert_null(trace_open("/nonexistent/trace/dir/"));
    assert_string_equal(capture_end(), "/nonexistent/trace/dir/kernelslist.g:0: expected a readable kernelslist.g, "
                                       "got No such file or directory\n");
    capture_begin();
    assert_null(trace_open_kernel("/nonexistent/kernel-1.traceg"));
    assert_string_equal(capture_end(), "/nonexistent/kernel-1.traceg:0: expected a readable kernel trace file, got No "
                                       "such file or directory\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vectoradd_header),
        cmocka_unit_test(vectoradd_counts),
        cmocka_unit_test(address_modes),
        cmocka_unit_test(version_5_lineinfo),
        cmocka_unit_test(version_3),
        cmocka_unit_test(skipped_lines),
        cmocka_unit_test(committed_files),
        cmocka_unit_test(xz_input),
        cmocka_unit_test(cursors),
        cmocka_unit_test(round_trip),
        cmocka_unit_test(write_modes),
        cmocka_unit_test(bad_header),
        cmocka_unit_test(bad_structure),
        cmocka_unit_test(bad_instruction),
        cmocka_unit_test(bad_list),
        cmocka_unit_test(block_counts),
        cmocka_unit_test(dim_overflow),
        cmocka_unit_test(opcode_table),
        cmocka_unit_test(unknown_opcodes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
