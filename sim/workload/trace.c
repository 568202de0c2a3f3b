/* trace.c - Accel-Sim / NVBit kernel traces (tracer versions 3, 4 and 5):
 * read streamed line by line (plain, or .xz through liblzma), written in the
 * version 4 form.
 *
 * The format as the tracer writes it (accel-sim-framework
 * util/tracer_nvbit/tracer_tool/tracer_tool.cu and traces-processing/
 * post-traces-processing.cpp) and as Accel-Sim reads it
 * (gpu-simulator/trace-parser/trace_parser.cc), one instruction per line:
 *
 *   [line] PC mask ndst dst... OPCODE nsrc src... width [mode addresses] [imm]
 *
 * `line` (decimal) only with "-enable lineinfo = 1"; PC and mask hex; an
 * instruction with no active lane is still listed (mask 00000000, also for
 * memory instructions). width 0: no memory access, nothing follows.
 * Otherwise the active lanes' addresses, lowest lane first, in one of:
 *   0  list:        one hex address per active lane.
 *   1  base+stride: hex base, decimal stride. The tracer uses it when the
 *                   active lanes form one run of at least two lanes with one
 *                   64-bit difference that fits its int (lane k of the run:
 *                   base + k*stride), and for an empty mask ("1 0x0 0").
 *   2  base+delta:  hex base, then popcount(mask)-1 signed decimal deltas,
 *                   each from the previous active lane's address (mod 2^64).
 *                   Everything mode 1 does not fit, a single lane included.
 *                   (Accel-Sim's parser asks for popcount(mask) deltas; the
 *                   last one is never there, nor used.)
 * Mode 0 is written only with the tracer's compression turned off. width is
 * kept as written (Accel-Sim recomputes it from the opcode's .32/.64/.128,
 * which is also how the tracer computes what it writes).
 * Version 5 appends the instruction's immediate (decimal) to every line: we
 * accept it there and drop it (kernel.h has no field for it). Version 3 has
 * no "-enable lineinfo" line (lineinfo 0).
 *
 * Decisions where the sources leave room:
 *  - mode 1 with gaps in the mask (the tracer never writes it): the k-th
 *    active lane gets base + k*stride. Accel-Sim's parser gives the lanes
 *    after the first gap address 0, which no writer can mean.
 *  - the writer makes exactly the tracer's choice of mode (above).
 *  - '#' comment lines and blank lines are skipped anywhere; "cluster ... ="
 *    lines in a thread block (newer post-processing) are skipped.
 *  - the writer keeps "-enable lineinfo = 1" and the line numbers when the
 *    kernel has them, so that a round trip loses nothing.
 *  - "-cuda stream id" is a CUstream pointer in real traces: read as 64 bits,
 *    kept in kinfo_t.stream's 32 bits.
 *  - a file holds exactly the grid's thread blocks: one cut short at a
 *    block's end is an error, not a smaller kernel.
 *  - an opcode in no opcode table (kernel.c) runs as an integer ALU
 *    instruction, counted and reported once per spelling; with addresses it
 *    is an error (they would be dropped). A load, store or atomic with
 *    active lanes must have addresses.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE   /* asprintf, strndup */
#endif
#include "workload/trace.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <lzma.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define RD_CAP  (256u << 10)   /* line buffer; also the longest line accepted */
#define XZ_IN   (64u << 10)    /* compressed bytes read at a time */
#define OPHASH  (2 * OPTAB_MAX)
#define OPLEN   127            /* longest opcode spelling */

/* ---- line reader ------------------------------------------------------- */

typedef struct {
    const char *name;          /* file name in messages */
    unsigned long lineno;      /* the current line's number */
    FILE *f;                   /* the source: a file, or */
    const char *mem;           /* a buffer in memory */
    size_t mem_n, mem_pos;
    int xz;                    /* .xz: decompressed through zs */
    int raw_eof;               /* 1: no more compressed bytes, 2: stream ended */
    lzma_stream zs;
    uint8_t *zin;
    int eof;                   /* no more bytes for buf */
    char *buf;                 /* cap + 1 bytes; [beg, end) not yet returned */
    size_t cap;
    size_t beg, end, scan;     /* no '\n' in [beg, scan) */
    char *line;                /* current line, NUL-terminated, trailing blanks cut */
    int again;                 /* rd_line returns the current line once more */
} rd_t;

enum { Q_TOKEN, Q_LINE, Q_TEXT };   /* how bad() shows what it got */

/* Print "NAME:LINE: expected <fmt>, got <got>" on stderr. got: NULL for end
 * of file, "" for end of line, else (q) the token at got or the rest of the
 * line, quoted, unprintable bytes as '?'; or a description (Q_TEXT). -1. */
static int bad(const rd_t *r, const char *got, int q, const char *fmt, ...)
{
    fprintf(stderr, "%s:%lu: expected ", r->name, r->lineno);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (!got || !*got || q == Q_TEXT) {
        fprintf(stderr, ", got %s\n", !got ? "end of file" : !*got ? "end of line" : got);
        return -1;
    }
    size_t n = q == Q_LINE ? strlen(got) : strcspn(got, " \t"), m = n > 72 ? 72 : n;
    char s[80];
    for (size_t i = 0; i < m; i++)
        s[i] = (unsigned char)got[i] < 0x20 || (unsigned char)got[i] > 0x7e ? '?' : got[i];
    strcpy(s + m, n > m ? "..." : "");
    fprintf(stderr, ", got '%s'\n", s);
    return -1;
}

/* Set up r on a file (f, owned from here on) or a buffer (mem, n); a name
 * ending in ".xz" means xz-compressed. 0, or -1 after a message. */
static int rd_init(rd_t *r, const char *name, FILE *f, const char *mem, size_t n)
{
    memset(r, 0, sizeof *r);   /* zs included: LZMA_STREAM_INIT is all zero */
    r->name = name;
    r->f = f;
    r->mem = mem;
    r->mem_n = n;
    size_t len = strlen(name);
    r->xz = len > 3 && !strcmp(name + len - 3, ".xz");
    /* a plain buffer in memory holds no line longer than itself */
    r->cap = !f && !r->xz && n < RD_CAP ? n + 1 : RD_CAP;
    r->buf = malloc(r->cap + 1);
    if (!r->buf || (r->xz && !(r->zin = malloc(XZ_IN))))
        return bad(r, "out of memory", Q_TEXT, "memory for a line buffer");
    if (r->xz && lzma_stream_decoder(&r->zs, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
        return bad(r, "out of memory", Q_TEXT, "an xz decoder");
    return 0;
}

static void rd_free(rd_t *r)
{
    if (r->xz)
        lzma_end(&r->zs);
    free(r->zin);
    free(r->buf);
    if (r->f)
        fclose(r->f);
    memset(r, 0, sizeof *r);
}

/* Up to n raw (maybe compressed) bytes of the source. -1 after a message. */
static long rd_raw(rd_t *r, void *dst, size_t n)
{
    if (!r->f) {
        size_t k = r->mem_n - r->mem_pos < n ? r->mem_n - r->mem_pos : n;
        memcpy(dst, r->mem + r->mem_pos, k);
        r->mem_pos += k;
        return (long)k;
    }
    size_t k = fread(dst, 1, n, r->f);
    if (k < n && ferror(r->f))
        return bad(r, strerror(errno), Q_TEXT, "a readable file");
    return (long)k;
}

/* Append (decompressed) bytes to buf[end..cap). The count, 0 at the end
 * of the data, or -1 after a message. */
static long rd_fill(rd_t *r)
{
    size_t room = r->cap - r->end;
    if (!r->xz) {
        long n = rd_raw(r, r->buf + r->end, room);
        r->end += n > 0 ? (size_t)n : 0;
        return n;
    }
    r->zs.next_out = (uint8_t *)r->buf + r->end;
    r->zs.avail_out = room;
    while (r->zs.avail_out == room && r->raw_eof < 2) {
        if (!r->zs.avail_in && !r->raw_eof) {
            long n = rd_raw(r, r->zin, XZ_IN);
            if (n < 0)
                return -1;
            r->raw_eof = n == 0;
            r->zs.next_in = r->zin;
            r->zs.avail_in = (size_t)n;
        }
        lzma_ret ret = lzma_code(&r->zs, r->raw_eof ? LZMA_FINISH : LZMA_RUN);
        if (ret == LZMA_STREAM_END)
            r->raw_eof = 2;
        else if (ret == LZMA_BUF_ERROR)   /* LZMA_FINISH and no progress: cut short */
            return bad(r, NULL, Q_TEXT, "more xz-compressed data");
        else if (ret != LZMA_OK)
            return bad(r, ret == LZMA_MEM_ERROR ? "out of memory" : ret == LZMA_FORMAT_ERROR ? "data that is not xz"
                       : "corrupt xz data", Q_TEXT, "xz-compressed data");
    }
    size_t n = room - r->zs.avail_out;
    r->end += n;
    return (long)n;
}

/* Next line into r->line (NUL-terminated, trailing blanks and '\r' cut).
 * 1, 0 at the end of the file, -1 after a message. */
static int rd_line(rd_t *r)
{
    if (r->again) {
        r->again = 0;
        return 1;
    }
    char *s, *e;
    for (;;) {
        char *nl = memchr(r->buf + r->scan, '\n', r->end - r->scan);
        if (nl || (r->eof && r->beg < r->end)) {   /* the last line may lack its '\n' */
            s = r->buf + r->beg;
            e = nl ? nl : r->buf + r->end;
            r->beg = r->scan = (size_t)(e - r->buf) + !!nl;
            break;
        }
        if (r->eof)
            return 0;
        r->scan = r->end;
        if (r->beg) {   /* keep the partial line, make room behind it */
            memmove(r->buf, r->buf + r->beg, r->end - r->beg);
            r->end -= r->beg;
            r->scan -= r->beg;
            r->beg = 0;
        }
        if (r->end == r->cap) {
            r->lineno++;
            return bad(r, "a longer one", Q_TEXT, "a line of at most %u bytes", RD_CAP);
        }
        long n = rd_fill(r);
        if (n < 0)
            return -1;
        r->eof = n == 0;
    }
    r->lineno++;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        e--;
    *e = '\0';
    r->line = s;
    if (memchr(s, '\0', (size_t)(e - s)))   /* the tokenisers stop at NUL */
        return bad(r, "a NUL byte", Q_TEXT, "text");
    return 1;
}

/* ---- tokens: each skips leading blanks, must end at a blank or the end
 * of the line, moves *pp past itself; 0, or -1 after "expected <what>" ---- */

static const char *ws(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}
static int tok_end(char c) { return c == ' ' || c == '\t' || c == '\0'; }

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c |= 0x20;
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A hex number (optional 0x) of at most `bits` bits. */
static int tok_hex(const rd_t *r, const char **pp, unsigned bits, uint64_t *v, const char *what)
{
    const char *t = ws(*pp), *p = t + (t[0] == '0' && (t[1] | 0x20) == 'x') * 2, *d = p;
    uint64_t x = 0;
    for (int h; (h = hexval(*p)) >= 0 && !(x >> 60); p++)
        x = x << 4 | (unsigned)h;
    if (p == d || !tok_end(*p) || (bits < 64 && x >> bits))
        return bad(r, t, Q_TOKEN, "%s", what);
    *v = x;
    *pp = p;
    return 0;
}

/* A decimal number of at most max, with a '-' or '+' sign when sign is set
 * (the magnitude then at most max, the result two's complement). */
static int tok_num(const rd_t *r, const char **pp, int sign, uint64_t max, uint64_t *v, const char *what)
{
    const char *t = ws(*pp), *p = t;
    int neg = sign && *p == '-';
    p += sign && (*p == '-' || *p == '+');
    const char *d = p;
    uint64_t x = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned c = (unsigned)(*p - '0');
        if (c > max + neg || x > (max + neg - c) / 10)
            return bad(r, t, Q_TOKEN, "%s", what);
        x = x * 10 + c;
    }
    if (p == d || !tok_end(*p))
        return bad(r, t, Q_TOKEN, "%s", what);
    *v = neg ? 0 - x : x;
    *pp = p;
    return 0;
}
#define tok_dec(r, pp, max, v, what) tok_num(r, pp, 0, max, v, what)
#define tok_sdec(r, pp, v, what)     tok_num(r, pp, 1, INT64_MAX, v, what)

/* A register: R0..R255 (R255 = RZ), UR0..UR63 (URZ), P0..P7 (P7 = PT),
 * UP0..UP7 (UPT), as its REG_* id. */
static int tok_reg(const rd_t *r, const char **pp, uint16_t *id)
{
    const char *t = ws(*pp), *p = t;
    unsigned base, max, n = 0;
    if (p[0] == 'R')
        base = REG_R, max = 255, p += 1;
    else if (p[0] == 'U' && p[1] == 'R')
        base = REG_UR, max = 63, p += 2;
    else if (p[0] == 'U' && p[1] == 'P')
        base = REG_UP, max = 7, p += 2;
    else if (p[0] == 'P')
        base = REG_P, max = 7, p += 1;
    else
        goto fail;
    if ((*p == 'Z' && base <= REG_UR) || (*p == 'T' && base >= REG_P)) {
        n = max, p++;
    } else {
        const char *d = p;
        for (; *p >= '0' && *p <= '9' && p - d < 3; p++)
            n = n * 10 + (unsigned)(*p - '0');
        if (p == d || n > max)
            goto fail;
    }
    if (tok_end(*p)) {
        *id = (uint16_t)(base + n);
        *pp = p;
        return 0;
    }
fail:
    return bad(r, t, Q_TOKEN, "a register (R0-R255, UR0-UR63, P0-P7, UP0-UP7, RZ, URZ, PT, UPT)");
}

/* "KEY = " at p (blanks around '=' optional): the text after it, or NULL. */
static const char *after_key(const char *p, const char *key)
{
    size_t n = strlen(key);
    if (strncmp(p, key, n))
        return NULL;
    p = ws(p + n);
    return *p == '=' ? ws(p + 1) : NULL;
}

/* "a,b,c", in parentheses when paren, each value >= min, nothing after it. */
static int tok_triple(const rd_t *r, const char *p, int paren, unsigned min, unsigned v[3], const char *what)
{
    const char *t = p;
    if (paren && *p++ != '(')
        return bad(r, t, Q_LINE, "%s", what);
    for (int i = 0; i < 3; i++) {
        uint64_t x = 0;
        const char *d = p = ws(p);
        for (; *p >= '0' && *p <= '9' && x <= UINT_MAX; p++)
            x = x * 10 + (uint64_t)(*p - '0');
        p = ws(p);
        if (p == d || x > UINT_MAX || x < min || *p != (i < 2 ? ',' : paren ? ')' : '\0'))
            return bad(r, t, Q_LINE, "%s", what);
        v[i] = (unsigned)x;
        p += i < 2 || paren;
    }
    return *ws(p) ? bad(r, t, Q_LINE, "%s", what) : 0;
}

/* ---- kernel files -------------------------------------------------------- */

/* The unknown opcodes (op_lookup -1) that a kernel and its cursors read,
 * each spelling with its instructions and first line: one warning per
 * spelling when the last of them is closed, none after a failure (its
 * message is the one that matters). */
typedef struct {
    unsigned refs;             /* the kernel and its open cursors */
    int failed;
    size_t n, cap;
    struct unk_op {
        char *name;
        uint64_t count;
        unsigned long line;
    } *op;
} unk_t;

typedef struct {
    kernel_t k;                /* first: the kernel_t * handed out is a tk_t * */
    rd_t r;
    char *name;
    const char *mem;           /* the buffer it reads (NULL: the file `name`) */
    size_t mem_n;
    uint64_t ntb;              /* thread blocks begun */
    int state;                 /* 0 reading, 1 all read, 2 failed */
    uint16_t ophash[OPHASH];   /* opcode id + 1 by hash of the spelling; 0 free */
    unk_t *unk;                /* shared with the cursors */
    uint64_t ucount[OPTAB_MAX];       /* unknown opcodes by id: instructions read, */
    unsigned long uline[OPTAB_MAX];   /* and the first one's line */
} tk_t;

/* Next line that is neither blank nor a '#' comment (#BEGIN_TB and #END_TB
 * are not comments). 1, 0 at the end of the file, -1 after a message. */
static int next_content(rd_t *r)
{
    int st;
    while ((st = rd_line(r)) > 0) {
        const char *l = r->line;
        if (l[0] && (l[0] != '#' || !strcmp(l, "#BEGIN_TB") || !strcmp(l, "#END_TB")))
            break;
    }
    return st;
}

enum { H_NAME, H_NVBIT, H_GRID, H_BLOCK, H_SHBASE, H_LOCBASE, H_ID, H_SHMEM, H_NREGS, H_BINARY, H_STREAM,
       H_VERSION, H_LINEINFO, H_KEYS };
static const struct {
    const char *key, *form;
    uint64_t max;   /* numbers */
} hdr[H_KEYS] = {
    {"kernel name", "NAME", 0}, {"nvbit version", "V", 0}, {"grid dim", "(X,Y,Z)", 0},
    {"block dim", "(X,Y,Z)", 0}, {"shmem base_addr", "0xHEX", 0}, {"local mem base_addr", "0xHEX", 0},
    {"kernel id", "N", UINT_MAX}, {"shmem", "N", UINT_MAX}, {"nregs", "N", UINT_MAX},
    {"binary version", "N", UINT_MAX}, {"cuda stream id", "N", UINT64_MAX},
    {"accelsim tracer version", "3|4|5", 5}, {"enable lineinfo", "0|1", 1},
};

/* X x Y x Z of a -grid dim or -block dim into *n; 0 when it does not fit 64 bits. */
static int dims_product(const unsigned d[3], uint64_t *n)
{
    return !__builtin_mul_overflow((uint64_t)d[0] * d[1], (uint64_t)d[2], n);
}

/* Header value v of key h into the kernel's info. 0, or -1 after a message. */
static int header_value(tk_t *k, int h, const char *v)
{
    kinfo_t *ki = &k->k.info;
    const rd_t *r = &k->r;
    const char *p = v;
    uint64_t x = 0;
    char what[64];
    snprintf(what, sizeof what, "'-%s = %s'", hdr[h].key, hdr[h].form);
    switch (h) {
    case H_NAME:
        snprintf(ki->name, sizeof ki->name, "%s", v);
        /* fall through */
    case H_NVBIT:
        return 0;
    case H_GRID:
        /* the block counters (kinfo_t.nblocks, the reader's, the SMs') are 64 bits */
        if (tok_triple(r, v, 1, 1, ki->grid, what))
            return -1;
        if (!dims_product(ki->grid, &ki->nblocks))
            return bad(r, v, Q_LINE, "'-grid dim = (X,Y,Z)' of fewer than 2^64 thread blocks (X x Y x Z)");
        return 0;
    case H_BLOCK:
        if (tok_triple(r, v, 1, 1, ki->block, what))
            return -1;
        if (!dims_product(ki->block, &x) || x > WARP_SIZE * MAX_TB_WARPS)
            return bad(r, v, Q_LINE, "'-block dim = (X,Y,Z)' of at most %d threads", WARP_SIZE * MAX_TB_WARPS);
        ki->threads = (unsigned)x;
        return 0;
    case H_SHBASE:
    case H_LOCBASE:
        if (tok_hex(r, &p, 64, &x, what))
            return -1;
        *(h == H_SHBASE ? &ki->shmem_base : &ki->local_base) = x;
        break;
    default:
        if (tok_dec(r, &p, hdr[h].max, &x, what) || (h == H_VERSION && x < 3 && bad(r, v, Q_TOKEN, "%s", what)))
            return -1;
        unsigned *dst[] = {&ki->id, &ki->shmem, &ki->nregs, &ki->binary_version, &ki->stream,
                           &ki->tracer_version};
        if (h == H_LINEINFO)
            ki->lineinfo = (int)x;
        else
            *dst[h - H_ID] = (unsigned)x;
    }
    return *ws(p) ? bad(r, ws(p), Q_TOKEN, "end of line after %s", what) : 0;
}

/* The header, up to #BEGIN_TB (left to be read again) or the end of the file.
 * 0, or -1 after a message. */
static int read_header(tk_t *k)
{
    rd_t *r = &k->r;
    int have[H_KEYS] = {0}, st;
    while ((st = next_content(r)) > 0 && strcmp(r->line, "#BEGIN_TB")) {
        const char *l = r->line, *eq = strchr(l, '='), *ke = eq;
        while (eq && ke > l + 1 && (ke[-1] == ' ' || ke[-1] == '\t'))
            ke--;
        size_t kn = eq ? (size_t)(ke - l - 1) : 0;
        int h = 0;
        while (h < H_KEYS && (strlen(hdr[h].key) != kn || strncmp(hdr[h].key, l + 1, kn)))
            h++;
        /* unknown keys are skipped, but only in the form of a header line;
         * a kernel name may be empty (the writer writes what it has) */
        if (l[0] != '-' || !kn || (h == H_KEYS && !*ws(eq + 1)))
            return bad(r, l, Q_LINE, "a header line '-key = value' or '#BEGIN_TB'");
        if (h < H_KEYS) {
            if (header_value(k, h, ws(eq + 1)))
                return -1;
            have[h] = 1;
        }
    }
    if (st < 0)
        return -1;
    r->again = st > 0;
    static const int need[] = {H_GRID, H_BLOCK, H_VERSION};
    for (unsigned i = 0; i < sizeof need / sizeof need[0]; i++)
        if (!have[need[i]])
            return bad(r, st ? r->line : NULL, Q_LINE, "'-%s = %s' in the header", hdr[need[i]].key,
                       hdr[need[i]].form);
    return 0;
}

/* The opcode id of the spelling [s, s+n), interned on first sight. The hash
 * table spares optab_intern's linear search on every line. */
static int opcode_id(tk_t *k, const char *s, size_t n, uint32_t hash)
{
    optab_t *t = &k->k.ops;
    for (uint32_t i = hash % OPHASH;; i = (i + 1) % OPHASH) {
        unsigned e = k->ophash[i];
        if (e && !strncmp(t->name[e - 1], s, n) && !t->name[e - 1][n])
            return (int)e - 1;
        if (!e) {
            char tmp[OPLEN + 1];
            memcpy(tmp, s, n);
            tmp[n] = '\0';
            int id = optab_intern(t, tmp);
            if (id < 0)
                return bad(&k->r, s, Q_TOKEN, "at most %d distinct opcodes", OPTAB_MAX);
            k->ophash[i] = (uint16_t)(id + 1);
            return id;
        }
    }
}

/* The address part of a memory instruction (after the width) into
 * tb->addr. 0, or -1 after a message. */
static int read_addrs(const rd_t *r, const char **pp, tb_t *tb, inst_t *in)
{
    uint64_t mode, a = 0, step = 0;
    if (tok_dec(r, pp, 2, &mode, "an address mode 0 (list), 1 (base+stride) or 2 (base+delta)") ||
        (mode && tok_hex(r, pp, 64, &a, "a base address (hex)")) ||
        (mode == 1 && tok_sdec(r, pp, &step, "a stride (decimal)")))
        return -1;
    unsigned lanes = (unsigned)__builtin_popcount(in->mask);
    uint64_t *dst = tb->addr + tb->naddr;
    for (unsigned i = 0; i < lanes; i++) {
        if (mode == 0 && tok_hex(r, pp, 64, &a, "an address (hex) per active lane"))
            return -1;
        if (mode == 2 && i) {
            if (tok_sdec(r, pp, &step, "an address delta (decimal) per active lane after the first"))
                return -1;
            a += step;
        }
        dst[i] = a;
        a += mode == 1 ? step : 0;
    }
    in->addr = (uint32_t)tb->naddr;
    tb->naddr += lanes;
    return 0;
}

/* An instruction with the unknown opcode `id` (spelled at o): counted, to be
 * run as an integer ALU instruction; one with addresses cannot be (they
 * would be dropped). 0, or -1 after a message. */
static int note_unknown(tk_t *k, int id, const char *o, unsigned width)
{
    if (width)
        return bad(&k->r, o, Q_TOKEN, "a known opcode on an instruction with addresses (mem_width %u)", width);
    if (!k->ucount[id]++)
        k->uline[id] = k->r.lineno;
    return 0;
}

/* The current line, an instruction, appended to tb. 0, or -1 after a message. */
static int read_inst(tk_t *k, tb_t *tb)
{
    const rd_t *r = &k->r;
    const char *p = r->line;
    uint64_t v = 0, pc, mask, n;
    if (tb_reserve(tb, 1, WARP_SIZE))
        return bad(r, "out of memory", Q_TEXT, "memory for the thread block");
    inst_t *in = &tb->inst[tb->ninst];
    memset(in, 0, sizeof *in);
    if (k->k.info.lineinfo && tok_dec(r, &p, UINT32_MAX, &v, "a source line number (decimal)"))
        return -1;
    in->line = k->k.info.lineinfo ? (uint32_t)v : 0;
    if (tok_hex(r, &p, 32, &pc, "a PC (hex)") || tok_hex(r, &p, 32, &mask, "an active mask (hex, 32 bits)") ||
        tok_dec(r, &p, INST_MAX_DST, &n, "a destination register count 0..4"))
        return -1;
    in->pc = (uint32_t)pc;
    in->mask = (uint32_t)mask;
    in->ndst = (uint8_t)n;
    for (unsigned i = 0; i < in->ndst; i++)
        if (tok_reg(r, &p, &in->dst[i]))
            return -1;
    /* the opcode: [A-Z][A-Za-z0-9._]*, hashed (FNV-1a) as it is scanned */
    const char *o = ws(p), *q = o;
    uint32_t h = 2166136261u;
    if (*q >= 'A' && *q <= 'Z')
        for (; (*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9') ||
               *q == '.' || *q == '_'; q++)
            h = (h ^ (unsigned char)*q) * 16777619u;
    if (q == o || q - o > OPLEN || !tok_end(*q))
        return bad(r, o, Q_TOKEN, "an opcode ([A-Z][A-Za-z0-9._]*, at most %d characters)", OPLEN);
    int id = opcode_id(k, o, (size_t)(q - o), h);
    if (id < 0)
        return -1;
    in->opcode = (uint16_t)id;
    in->cls = k->k.ops.cls[id];
    p = q;
    if (tok_dec(r, &p, INST_MAX_SRC, &n, "a source register count 0..6"))
        return -1;
    in->nsrc = (uint8_t)n;
    for (unsigned i = 0; i < in->nsrc; i++)
        if (tok_reg(r, &p, &in->src[i]))
            return -1;
    const char *wt = ws(p);
    if (tok_dec(r, &p, 255, &v, "a memory width 0..255 (bytes per lane)"))
        return -1;
    in->width = (uint8_t)v;
    if (op_is_mem(in->cls) && in->mask && !in->width)   /* the SM would access addresses it lacks */
        return bad(r, wt, Q_TOKEN, "a memory width 1..255 and addresses (%s is a memory instruction)",
                   k->k.ops.name[id]);
    if (k->k.ops.unknown[id] && note_unknown(k, id, o, in->width))
        return -1;
    if (in->width && read_addrs(r, &p, tb, in))
        return -1;
    if (*ws(p) && k->k.info.tracer_version >= 5 && tok_sdec(r, &p, &v, "an immediate (decimal)"))
        return -1;
    if (*ws(p))
        return bad(r, ws(p), Q_TOKEN, "end of line");
    tb->ninst++;
    return 0;
}

/* The next line must be "KEY = <form>": the text after '=', or NULL after a
 * message. */
static const char *need_key(rd_t *r, const char *key, const char *form)
{
    int st = next_content(r);
    const char *v = st > 0 ? after_key(r->line, key) : NULL;
    if (!v && st >= 0)
        bad(r, st ? r->line : NULL, Q_LINE, "'%s = %s'", key, form);
    return v;
}

/* "expected N thread blocks (grid X,Y,Z), got <ntb>", or with more = 1
 * "got more (#BEGIN_TB of block ntb + 1)": the file's blocks must be the
 * grid's, neither fewer (a file cut short at a block's end reads like a
 * finished one) nor more. -1. */
static int bad_count(const rd_t *r, const kinfo_t *ki, uint64_t ntb, int more)
{
    char got[64];
    snprintf(got, sizeof got, more ? "more ('#BEGIN_TB' of block %" PRIu64 ")" : "%" PRIu64, ntb + more);
    return bad(r, got, Q_TEXT, "%" PRIu64 " thread blocks (grid %u,%u,%u)", ki->nblocks, ki->grid[0], ki->grid[1],
               ki->grid[2]);
}

/* The next thread block. 1, 0 after the last (the grid's count read), -1
 * after a message. */
static int read_tb(tk_t *k, tb_t *tb)
{
    rd_t *r = &k->r;
    const kinfo_t *ki = &k->k.info;
    const char *v;
    int st = next_content(r);
    if (st <= 0)
        return st < 0 ? -1 : k->ntb < ki->nblocks ? bad_count(r, ki, k->ntb, 0) : 0;
    if (strcmp(r->line, "#BEGIN_TB"))
        return bad(r, r->line, Q_LINE, "'#BEGIN_TB'");
    if (k->ntb == ki->nblocks)
        return bad_count(r, ki, k->ntb, 1);
    k->ntb++;
    if (!(v = need_key(r, "thread block", "X,Y,Z")) || tok_triple(r, v, 0, 0, tb->idx, "'thread block = X,Y,Z'"))
        return -1;
    for (int i = 0; i < 3; i++)
        if (tb->idx[i] >= ki->grid[i])
            return bad(r, v, Q_LINE, "a thread block inside the grid (%u,%u,%u)", ki->grid[0], ki->grid[1],
                       ki->grid[2]);
    tb->nwarps = (ki->threads + WARP_SIZE - 1) / WARP_SIZE;
    uint64_t seen = 0, w, n;
    char what[64];
    for (;;) {
        if ((st = next_content(r)) <= 0)
            return st < 0 ? -1 : bad(r, NULL, Q_TEXT, "'#END_TB'");
        const char *l = r->line;
        if (!strcmp(l, "#END_TB"))
            return 1;
        if (!strncmp(l, "cluster ", 8) && strchr(l, '='))
            continue;
        if (!(v = after_key(l, "warp")))
            return bad(r, l, Q_LINE, "'warp = N' or '#END_TB'");
        snprintf(what, sizeof what, "a warp number 0..%u (block dim)", tb->nwarps - 1);
        if (tok_dec(r, &v, tb->nwarps - 1, &w, what) || (*ws(v) && bad(r, ws(v), Q_TOKEN, "end of line")))
            return -1;
        if (seen >> w & 1)
            return bad(r, l, Q_LINE, "each warp at most once in a thread block, warp %" PRIu64 " again", w);
        seen |= UINT64_C(1) << w;
        if (!(v = need_key(r, "insts", "N")) ||
            tok_dec(r, &v, UINT32_MAX - tb->ninst, &n, "an instruction count 'insts = N'") ||
            (*ws(v) && bad(r, ws(v), Q_TOKEN, "end of line")))
            return -1;
        tb->warp[w].first = (uint32_t)tb->ninst;
        tb->warp[w].count = (uint32_t)n;
        for (uint64_t i = 0; i < n; i++) {
            st = next_content(r);
            /* a misplaced 'warp =', '#END_TB' ...: say what is missing */
            if (st <= 0 || hexval(r->line[0]) < 0)
                return st < 0 ? -1
                              : bad(r, st ? r->line : NULL, Q_LINE, "%" PRIu64 " more instruction line%s of warp %"
                                    PRIu64 " (insts = %" PRIu64 ")", n - i, n - i > 1 ? "s" : "", w, n);
            if (read_inst(k, tb))
                return -1;
            if (tb->naddr > UINT32_MAX - WARP_SIZE)   /* inst_t.addr is 32 bits */
                return bad(r, "more", Q_TEXT, "at most %u addresses in a thread block", UINT32_MAX - WARP_SIZE);
        }
    }
}

/* kernel_t.next_tb: a failed kernel stays failed, a finished one finished. */
static int tk_next_tb(kernel_t *kk, tb_t *tb)
{
    tk_t *k = (tk_t *)kk;
    tb_clear(tb);
    if (k->state)
        return k->state == 1 ? 0 : 2;
    int st = read_tb(k, tb);
    if (st == 1)
        return 1;
    tb_clear(tb);
    k->state = st == 0 ? 1 : 2;
    return k->state == 1 ? 0 : 2;
}

/* The unknown opcodes k read, into its shared report. */
static void unk_merge(unk_t *u, const tk_t *k)
{
    const optab_t *t = &k->k.ops;
    for (unsigned id = 0; id < t->n; id++) {
        if (!t->unknown[id] || !k->ucount[id])
            continue;
        size_t i = 0;
        while (i < u->n && strcmp(u->op[i].name, t->name[id]))
            i++;
        if (i == u->n) {   /* a new spelling; out of memory, its warning is lost (not the run) */
            if (u->n == u->cap) {
                size_t cap = u->cap ? 2 * u->cap : 8;
                struct unk_op *op = realloc(u->op, cap * sizeof *op);
                if (!op)
                    continue;
                u->op = op;
                u->cap = cap;
            }
            if (!(u->op[i].name = strdup(t->name[id])))
                continue;
            u->op[i].count = 0;
            u->op[i].line = k->uline[id];
            u->n++;
        }
        u->op[i].count += k->ucount[id];
        if (k->uline[id] < u->op[i].line)
            u->op[i].line = k->uline[id];
    }
}

static int by_line(const void *a, const void *b)
{
    unsigned long x = ((const struct unk_op *)a)->line, y = ((const struct unk_op *)b)->line;
    return (x > y) - (x < y);
}

/* One reader of u (named name in messages) done; the last one warns. */
static void unk_release(unk_t *u, const char *name)
{
    if (--u->refs)
        return;
    if (u->n)   /* qsort's array must not be NULL, even empty */
        qsort(u->op, u->n, sizeof *u->op, by_line);
    for (size_t i = 0; i < u->n; i++) {
        if (!u->failed)
            fprintf(stderr, "%s:%lu: warning: unknown opcode '%s', %" PRIu64 " instruction%s run as integer ALU "
                    "operations\n", name, u->op[i].line, u->op[i].name, u->op[i].count, u->op[i].count > 1 ? "s" : "");
        free(u->op[i].name);
    }
    free(u->op);
    free(u);
}

static void tk_close(kernel_t *kk)
{
    tk_t *k = (tk_t *)kk;
    if (k->unk) {
        k->unk->failed |= k->state == 2;
        unk_merge(k->unk, k);
        unk_release(k->unk, k->name);
    }
    rd_free(&k->r);
    optab_free(&k->k.ops);
    free(k->name);
    free(k);
}

static kernel_t *tk_open(const char *name, FILE *f, const char *buf, size_t n, unk_t *unk);

/* kernel_t.open_at: the file (or buffer) opened again and read past `first`
 * blocks' #END_TB lines (their contents are checked by whoever reads them;
 * a stream, .xz included, is only read forwards). */
static kernel_t *tk_open_at(kernel_t *kk, uint64_t first)
{
    tk_t *k = (tk_t *)kk;
    kernel_t *c;
    if (k->mem) {
        c = tk_open(k->name, NULL, k->mem, k->mem_n, k->unk);
    } else {
        FILE *f = fopen(k->name, "rb");
        if (!f) {
            fprintf(stderr, "%s:0: expected a readable kernel trace file, got %s\n", k->name, strerror(errno));
            return NULL;
        }
        c = tk_open(k->name, f, NULL, 0, k->unk);
    }
    if (!c)
        return NULL;
    tk_t *t = (tk_t *)c;
    const kinfo_t *ki = &c->info;
    int st = 1;
    while (t->ntb < first && (st = next_content(&t->r)) > 0) {
        if (t->ntb == ki->nblocks && !strcmp(t->r.line, "#BEGIN_TB")) {
            st = bad_count(&t->r, ki, t->ntb, 1);
            break;
        }
        t->ntb += !strcmp(t->r.line, "#END_TB");
    }
    if (st == 0 && t->ntb < ki->nblocks)   /* the file ends before `first`: short of the grid */
        st = bad_count(&t->r, ki, t->ntb, 0);
    if (st < 0) {
        t->state = 2;
        tk_close(c);
        return NULL;
    }
    if (st == 0)
        t->state = 1;   /* first >= the grid's blocks: none left */
    return c;
}

/* A kernel on a file (f, owned from here on) or a buffer, its header read;
 * a cursor shares its kernel's report of unknown opcodes (unk), a kernel
 * has a new one (unk NULL). */
static kernel_t *tk_open(const char *name, FILE *f, const char *buf, size_t n, unk_t *unk)
{
    tk_t *k = calloc(1, sizeof *k);
    char *nm = strdup(name);
    unk_t *u = unk ? unk : calloc(1, sizeof *u);
    if (!k || !nm || !u) {
        fprintf(stderr, "%s:0: expected memory for a kernel, got out of memory\n", name);
        if (f)
            fclose(f);
        free(k);
        free(nm);
        if (!unk)
            free(u);
        return NULL;
    }
    u->refs++;
    k->unk = u;
    k->name = nm;
    k->mem = buf;
    k->mem_n = n;
    k->k.next_tb = tk_next_tb;
    k->k.open_at = tk_open_at;
    k->k.close = tk_close;
    if (rd_init(&k->r, nm, f, buf, n) || read_header(k)) {
        k->state = 2;
        tk_close(&k->k);
        return NULL;
    }
    return &k->k;
}

kernel_t *trace_open_kernel(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s:0: expected a readable kernel trace file, got %s\n", path, strerror(errno));
        return NULL;
    }
    return tk_open(path, f, NULL, 0, NULL);
}

kernel_t *trace_open_kernel_mem(const char *name, const char *buf, size_t n)
{
    return tk_open(name, NULL, buf ? buf : "", buf ? n : 0, NULL);
}

/* ---- kernelslist.g ----------------------------------------------------- */

static void wl_close(workload_t *w)
{
    for (unsigned i = 0; i < w->ncmd; i++)
        free(w->cmd[i].path);
    free(w->cmd);
    free(w);
}

static kernel_t *wl_open_kernel(workload_t *w, unsigned i)
{
    if (i >= w->ncmd || w->cmd[i].kind != CMD_KERNEL || !w->cmd[i].path) {
        fprintf(stderr, "%s: expected a kernel command, got command %u of %u\n", w->name, i, w->ncmd);
        return NULL;
    }
    return trace_open_kernel(w->cmd[i].path);
}

static int has_suffix(const char *s, const char *suf)
{
    size_t n = strlen(s), m = strlen(suf);
    return n > m && !strcmp(s + n - m, suf);
}

/* The commands of a kernelslist.g read through r into w, kernel file names
 * joined to dir (and checked to exist, so that a missing one is named now,
 * not when the kernel is launched). 0, or -1 after a message. */
static int parse_list(rd_t *r, const char *dir, workload_t *w)
{
    const char *mform = "'MemcpyHtoD,0xADDRESS,SIZE' (hex address, decimal size)";
    int st, nkernels = 0;
    while ((st = rd_line(r)) > 0) {
        char *l = r->line + (ws(r->line) - r->line), *comma;
        wl_cmd_t c = {.where_line = (unsigned)r->lineno};
        if (!*l)
            continue;
        if (!strncmp(l, "MemcpyHtoD,", 11)) {
            /* the tokenisers stop at blanks: the comma becomes one, once
             * there are none in the line */
            const char *p = l + 11;
            if (l[strcspn(l, " \t")] || !(comma = strchr(p, ',')))
                return bad(r, l, Q_LINE, "%s", mform);
            *comma = ' ';
            c.kind = CMD_MEMCPY;
            if (tok_hex(r, &p, 64, &c.region.addr, mform) || tok_dec(r, &p, UINT64_MAX, &c.region.size, mform))
                return -1;
        } else {
            if (l[strcspn(l, " \t,")] || (!has_suffix(l, ".traceg") && !has_suffix(l, ".traceg.xz")))
                return bad(r, l, Q_LINE, "'MemcpyHtoD,0xADDRESS,SIZE' or a kernel file name ending in .traceg or "
                           ".traceg.xz");
            if (l[0] == '/')
                return bad(r, l, Q_LINE, "a kernel file name relative to the trace directory");
            c.kind = CMD_KERNEL;
            if (asprintf(&c.path, "%s/%s", dir, l) < 0)
                return bad(r, "out of memory", Q_TEXT, "memory for a path");
            struct stat sb;
            if (stat(c.path, &sb) || !S_ISREG(sb.st_mode)) {
                bad(r, l, Q_LINE, "the name of a kernel trace file in %s", dir);
                free(c.path);
                return -1;
            }
            nkernels++;
        }
        if (!(w->ncmd & (w->ncmd - 1))) {   /* capacity 1, 2, 4, ... full */
            wl_cmd_t *cmd = realloc(w->cmd, (w->ncmd ? 2 * w->ncmd : 1) * sizeof *cmd);
            if (!cmd) {
                free(c.path);
                return bad(r, "out of memory", Q_TEXT, "memory for the command list");
            }
            w->cmd = cmd;
        }
        w->cmd[w->ncmd++] = c;
    }
    if (st == 0 && !nkernels)
        return bad(r, NULL, Q_TEXT, "at least one kernel file name");
    return st;
}

/* The workload of the kernelslist.g read through r, named name. NULL after
 * a message. */
static workload_t *wl_open(rd_t *r, const char *dir, const char *name)
{
    workload_t *w = calloc(1, sizeof *w);
    if (!w) {
        bad(r, "out of memory", Q_TEXT, "memory for a workload");
        return NULL;
    }
    snprintf(w->name, sizeof w->name, "%s", name);
    w->open_kernel = wl_open_kernel;
    w->close = wl_close;
    if (parse_list(r, dir, w)) {
        wl_close(w);
        return NULL;
    }
    return w;
}

workload_t *trace_open(const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')   /* "dir/": no "dir//kernel-1.traceg" */
        n--;
    char *d = strndup(dir, n), *list = NULL;
    if (!d || asprintf(&list, "%s/kernelslist.g", d) < 0) {
        fprintf(stderr, "%s/kernelslist.g:0: expected memory for a path, got out of memory\n", dir);
        free(d);
        return NULL;
    }
    workload_t *w = NULL;
    FILE *f = fopen(list, "rb");
    rd_t r;
    if (!f)
        fprintf(stderr, "%s:0: expected a readable kernelslist.g, got %s\n", list, strerror(errno));
    else if (!rd_init(&r, list, f, NULL, 0))
        w = wl_open(&r, d, dir);
    if (f)
        rd_free(&r);
    free(list);
    free(d);
    return w;
}

/* ---- writer -------------------------------------------------------------- */

/* The writers below append their field and a blank, as the tracer does. */
static char *put_hex(char *p, uint64_t v, int min)
{
    char t[16];
    int n = 0;
    do
        t[n++] = "0123456789abcdef"[v & 15];
    while ((v >>= 4) || n < min);
    while (n)
        *p++ = t[--n];
    *p++ = ' ';
    return p;
}

/* v, or -v after a '-' when neg (v two's complement). */
static char *put_dec(char *p, uint64_t v, int neg)
{
    char t[20];
    int n = 0;
    if (neg)
        *p++ = '-', v = 0 - v;
    do
        t[n++] = (char)('0' + v % 10);
    while (v /= 10);
    while (n)
        *p++ = t[--n];
    *p++ = ' ';
    return p;
}

static char *put_str(char *p, const char *s)
{
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

/* The tracer's spelling of register id r (R255 rather than RZ, as the tracer
 * writes it), or NULL for an id out of range. */
static char *put_reg(char *p, unsigned r)
{
    if (r >= REG_IDS)
        return NULL;
    if (r == REG_P + 7 || r == REG_UP + 7)
        return put_str(p, r == REG_P + 7 ? "PT " : "UPT ");
    unsigned base = r >= REG_UP ? REG_UP : r >= REG_P ? REG_P : r >= REG_UR ? REG_UR : REG_R;
    p = put_str(p, base == REG_UP ? "UP" : base == REG_P ? "P" : base == REG_UR ? "UR" : "R");
    return put_dec(p, r - base, 0);
}

/* The address part of a memory instruction ("mode base ..."), compressed
 * as the tracer does (see the top of the file). */
static char *put_addrs(char *p, const uint64_t *a, uint32_t mask)
{
    if (!mask)
        return put_str(p, "1 0x0 0 ");
    uint32_t run = mask >> __builtin_ctz(mask);
    unsigned n = (unsigned)__builtin_popcount(mask);
    uint64_t d = n > 1 ? a[1] - a[0] : 0;
    int strided = n > 1 && !(run & (run + 1)) && (int64_t)d >= INT32_MIN && (int64_t)d <= INT32_MAX;
    for (unsigned i = 2; strided && i < n; i++)
        strided = a[i] - a[i - 1] == d;
    p = put_hex(put_str(p, strided ? "1 0x" : "2 0x"), a[0], 1);
    for (unsigned i = 1; i < (strided ? 2 : n); i++)
        p = put_dec(p, a[i] - a[i - 1], (int64_t)(a[i] - a[i - 1]) < 0);
    return p;
}

/* One instruction line (with its '\n') at p, as the version 4 tracer writes
 * it. The end, or NULL when the instruction cannot be written (a register
 * id, opcode or address index out of range, an opcode longer than OPLEN). */
static char *put_inst(char *p, const kernel_t *k, const tb_t *tb, const inst_t *in)
{
    if (in->opcode >= k->ops.n || strlen(k->ops.name[in->opcode]) > OPLEN || in->ndst > INST_MAX_DST ||
        in->nsrc > INST_MAX_SRC ||
        (in->width && (uint64_t)in->addr + (unsigned)__builtin_popcount(in->mask) > tb->naddr))
        return NULL;
    if (k->info.lineinfo)
        p = put_dec(p, in->line, 0);
    p = put_hex(p, in->pc, 4);
    p = put_hex(p, in->mask, 8);
    p = put_dec(p, in->ndst, 0);
    for (unsigned i = 0; i < in->ndst && p; i++)
        p = put_reg(p, in->dst[i]);
    if (!p)
        return NULL;
    p = put_str(p, k->ops.name[in->opcode]);
    *p++ = ' ';
    p = put_dec(p, in->nsrc, 0);
    for (unsigned i = 0; i < in->nsrc && p; i++)
        p = put_reg(p, in->src[i]);
    if (!p)
        return NULL;
    p = put_dec(p, in->width, 0);
    if (in->width)
        p = put_addrs(p, tb->addr + in->addr, in->mask);
    *p++ = '\n';
    return p;
}

/* Write an open kernel to f (named path in messages) as a version 4 .traceg:
 * thread blocks in the order next_tb gives them, every warp of a block listed
 * (the tracer's post-processing lists empty ones, "insts = 0"). 0, or 2
 * after a message. */
static int write_kernel(kernel_t *k, FILE *f, const char *path)
{
    const kinfo_t *ki = &k->info;
    fprintf(f, "-kernel name = %s\n-kernel id = %u\n-grid dim = (%u,%u,%u)\n-block dim = (%u,%u,%u)\n"
               "-shmem = %u\n-nregs = %u\n-binary version = %u\n-cuda stream id = %u\n"
               "-shmem base_addr = 0x%016" PRIx64 "\n-local mem base_addr = 0x%016" PRIx64 "\n"
               "-nvbit version = memsched\n-accelsim tracer version = 4\n-enable lineinfo = %d\n\n"
               "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "
               "mem_width [adrrescompress?] [mem_addresses]\n\n\n",
            ki->name, ki->id, ki->grid[0], ki->grid[1], ki->grid[2], ki->block[0], ki->block[1], ki->block[2],
            ki->shmem, ki->nregs, ki->binary_version, ki->stream, ki->shmem_base, ki->local_base, !!ki->lineinfo);
    tb_t tb = {0};
    int st, rc = 0;
    char line[16 * 11 + OPLEN + 32 * 22];   /* 11 numbers and registers, opcode, 32 addresses */
    while (!rc && (st = k->next_tb(k, &tb)) == 1) {
        fprintf(f, "\n#BEGIN_TB\n\nthread block = %u,%u,%u\n", tb.idx[0], tb.idx[1], tb.idx[2]);
        for (unsigned w = 0; w < tb.nwarps && w < MAX_TB_WARPS && !rc; w++) {
            fprintf(f, "\nwarp = %u\ninsts = %u\n", w, tb.warp[w].count);
            for (uint32_t i = 0; i < tb.warp[w].count && !rc; i++) {
                uint64_t j = (uint64_t)tb.warp[w].first + i;
                char *e = j < tb.ninst ? put_inst(line, k, &tb, &tb.inst[j]) : NULL;
                if (e) {
                    fwrite(line, 1, (size_t)(e - line), f);
                } else {
                    fprintf(stderr, "%s: expected instructions with registers, opcode and addresses in range, "
                            "got one out of range (thread block %u,%u,%u, warp %u, instruction %u)\n",
                            path, tb.idx[0], tb.idx[1], tb.idx[2], w, i);
                    rc = 2;
                }
            }
        }
        fputs("\n#END_TB\n", f);
    }
    tb_free(&tb);
    return rc ? rc : st == 2 ? 2 : 0;
}

/* Kernel k as the file path. 0, or 2 after a message. */
static int write_kernel_file(kernel_t *k, const char *path)
{
    FILE *f = fopen(path, "w");
    char *obuf = malloc(1 << 20);   /* fewer, larger writes than stdio's 4 KiB */
    int rc = f && obuf ? 0 : 2;
    if (rc) {
        fprintf(stderr, "%s:0: expected a writable file, got %s\n", path, f ? "out of memory" : strerror(errno));
    } else {
        setvbuf(f, obuf, _IOFBF, 1 << 20);   /* if it fails: slower, not wrong */
        rc = write_kernel(k, f, path);
    }
    if (f && fclose(f) && !rc) {
        fprintf(stderr, "%s:0: expected a writable file, got %s\n", path, strerror(errno));
        rc = 2;
    }
    free(obuf);
    return rc;
}

int trace_write(workload_t *w, const char *dir)
{
    char *list = NULL, *path = NULL;
    FILE *f = NULL;
    if (mkdir(dir, 0777) && errno != EEXIST) {
        fprintf(stderr, "%s:0: expected a directory that can be created, got %s\n", dir, strerror(errno));
        return 2;
    }
    if (asprintf(&list, "%s/kernelslist.g", dir) < 0 || !(f = fopen(list, "w"))) {
        fprintf(stderr, "%s/kernelslist.g:0: expected a writable file, got %s\n", dir, strerror(errno));
        free(list);
        return 2;
    }
    int rc = 0;
    for (unsigned i = 0, n = 0; !rc && i < w->ncmd; i++) {
        const wl_cmd_t *c = &w->cmd[i];
        if (c->kind == CMD_MEMCPY) {
            fprintf(f, "MemcpyHtoD,0x%016" PRIx64 ",%" PRIu64 "\n", c->region.addr, c->region.size);
            continue;
        }
        kernel_t *k = w->open_kernel(w, i);
        if (!k || asprintf(&path, "%s/kernel-%u.traceg", dir, ++n) < 0) {
            rc = 2;
        } else {
            rc = write_kernel_file(k, path);
            free(path);
            fprintf(f, "kernel-%u.traceg\n", n);
        }
        if (k)
            k->close(k);
    }
    if (fclose(f) && !rc) {
        fprintf(stderr, "%s:0: expected a writable file, got %s\n", list, strerror(errno));
        rc = 2;
    }
    free(list);
    return rc;
}
