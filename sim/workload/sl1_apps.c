/* sl1_apps.c - the S-L1 paper's ten streaming applications as stand-ins
 * written per thread (sl1_apps.h; simt.h): the synthetic inputs, then one
 * function a kernel, each one thread's walk of its own chunk, its loads,
 * stores, atomics and branches in order (simt_ops.h). */
#include "workload/sl1_apps.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload/simt_ops.h"

const unsigned sl1_narrays[SL1_NAPPS] = {2, 1, 3, 4, 3, 3, 3, 3, 2, 2};

/* the chunk the geometry aims at, units a thread (threads finish monitoring at sl1.monitor 300) */
static const unsigned chunk_target[SL1_NAPPS] = {1024, 1024, 1024, 1024, 1024, 128, 128, 4, 1024, 64};

/* a shared atomic add (result unused by the source, but ATOMS returns it), a global reduction */
#define ATOMS_ADD(t, addr, ra, v) simt_rec((t), SIMT_SITE_, "ATOMS.ADD", 4, (addr), 1, (ra), (v), NOREG, NOREG)
#define RED_ADD(t, addr, ra, v)   simt_rec((t), SIMT_SITE_, "RED.E.ADD", 4, (addr), 0, (ra), (v), NOREG, NOREG)
#define LDS128(t, addr, ra)       simt_rec((t), SIMT_SITE_, "LDS.U.128", 16, (addr), 1, (ra), NOREG, NOREG, NOREG)
#define SHFL(t, a)                ALU(t, "SHFL.BFLY", a, NOREG, NOREG)

/* ---- the inputs ------------------------------------------------------------------------------------ */

#define VOCAB 4096

typedef struct {
    char w[VOCAB][14];
    uint8_t len[VOCAB];
} vocab_t;

static uint32_t word_hash(const char *s, unsigned n)   /* the kernels' h = h * 31 + c */
{
    uint32_t h = 0;
    for (unsigned i = 0; i < n; i++)
        h = h * 31 + (uint8_t)s[i];
    return h;
}

/* VOCAB words, lengths 1..13 in English's proportions (per mille) */
static void make_vocab(vocab_t *v, uint64_t *s)
{
    static const unsigned permille[13] = {30, 170, 210, 160, 120, 90, 80, 60, 40, 20, 10, 5, 5};
    for (unsigned i = 0; i < VOCAB; i++) {
        unsigned r = (unsigned)(simt_mix64(s) % 1000), l = 0, acc = 0;
        while (l < 12 && (acc += permille[l]) <= r)
            l++;
        v->len[i] = (uint8_t)(l + 1);
        for (unsigned k = 0; k <= l; k++)
            v->w[i][k] = (char)('a' + simt_mix64(s) % 26);
    }
}

static unsigned zipf(uint64_t *s, unsigned n)   /* a rank in [0, n), log-uniform (Zipf-like) */
{
    double u = (double)(simt_mix64(s) >> 11) * (1.0 / 9007199254740992.0);
    unsigned r = (unsigned)pow((double)n, u) - 1;
    return r < n ? r : n - 1;
}

/* n bytes of text: sentences of 4 to 20 vocabulary words (the first capitalised, ',' now and
 * then, '.' at the end), lines of 20 to 100 characters; html: a tag between words now and then. */
static void make_text(uint8_t *out, uint64_t n, const vocab_t *v, uint64_t *s, int html)
{
    static const char *tags[] = {"<p>", "</p>", "<b>", "</b>", "<a href=\"/page.html\">", "</a>", "<br>", "<li>"};
    uint64_t i = 0;
    unsigned col = 0, width = 20 + (unsigned)(simt_mix64(s) % 81), left = 0;
    char buf[32];
    while (i < n) {
        unsigned len;
        if (html && simt_mix64(s) % 16 == 0) {
            const char *tg = tags[simt_mix64(s) % 8];
            len = (unsigned)strlen(tg);
            memcpy(buf, tg, len);
        } else {
            const unsigned w = zipf(s, VOCAB);
            len = v->len[w];
            memcpy(buf, v->w[w], len);
            if (!left) {
                left = 4 + (unsigned)(simt_mix64(s) % 17);
                buf[0] = (char)(buf[0] - 'a' + 'A');
            }
            if (--left == 0)
                buf[len++] = '.';
            else if (simt_mix64(s) % 20 == 0)
                buf[len++] = ',';
        }
        if (col && col + 1 + len > width) {   /* the line is full */
            out[i++] = '\n';
            col = 0, width = 20 + (unsigned)(simt_mix64(s) % 81);
        } else if (col) {
            out[i++] = ' ';
            col++;
        }
        for (unsigned k = 0; k < len && i < n; k++, col++)
            out[i++] = (uint8_t)buf[k];
    }
}

/* DNA reads of SL1_READ bases and '\n', each overlapping the one before by 0 to 15 bases of the
 * genome they come from, with 2% substitutions */
static void make_reads(uint8_t *out, uint64_t n, uint64_t *s)
{
    static const char base[4] = {'A', 'C', 'G', 'T'};
    char prev[SL1_READ], cur[SL1_READ];
    memset(prev, 'A', sizeof prev);
    for (uint64_t i = 0; i < n; i += SL1_READ + 1) {
        const unsigned ov = (unsigned)(simt_mix64(s) % 16);
        memcpy(cur, prev + SL1_READ - ov, ov);   /* the true genome: the previous read's end */
        for (unsigned k = ov; k < SL1_READ; k++)
            cur[k] = base[simt_mix64(s) % 4];
        memcpy(prev, cur, sizeof cur);
        for (unsigned k = 0; k < SL1_READ + 1 && i + k < n; k++) {
            char c = k == SL1_READ ? '\n' : cur[k];
            if (k < SL1_READ && simt_mix64(s) % 50 == 0)   /* a read error */
                c = base[(unsigned)(c == 'A' ? 1 : c == 'C' ? 2 : c == 'G' ? 3 : 0)];
            out[i + k] = (uint8_t)c;
        }
    }
}

static int is_blank(uint8_t c) { return c == ' ' || c == '\n'; }
static int is_letter(uint8_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

void sl1_array_sizes(const sl1_input_t *in, uint64_t b[4])
{
    const uint64_t n = in->n, threads = (uint64_t)in->blocks * SL1_BLOCK, sl = threads * in->slice;
    memset(b, 0, 4 * sizeof *b);
    switch (in->app) {
    case SL1_UPPER: b[0] = b[1] = n; break;
    case SL1_WC: b[0] = n; break;
    case SL1_DNA: b[0] = b[1] = n, b[2] = 4 * (n / (SL1_READ + 1) + 1); break;
    case SL1_OPINION: b[0] = n, b[1] = 4 * SL1_LEX, b[2] = 4 * SL1_KW, b[3] = 4 * sl; break;
    case SL1_INVIDX: b[0] = n, b[1] = 8 * sl, b[2] = 4 * SL1_TERMS; break;
    case SL1_PAGEVIEW: b[0] = 16 * n, b[1] = b[2] = 4 * SL1_URLS; break;
    case SL1_MASTERCARD: b[0] = 16 * n, b[1] = SL1_CUST, b[2] = 4 * SL1_MERCH; break;
    case SL1_MATMUL: b[0] = b[1] = b[2] = 4 * n; break;
    case SL1_GREP: b[0] = n, b[1] = 8 * sl; break;
    case SL1_KMEANS: b[0] = 4 * SL1_KM_D * n, b[1] = 4 * SL1_KM_K * (SL1_KM_D + 1); break;
    }
}

int sl1_input(sl1_input_t *in, unsigned app, uint64_t size, unsigned threads)
{
    memset(in, 0, sizeof *in);
    in->app = app;
    switch (app) {
    case SL1_PAGEVIEW: case SL1_MASTERCARD: case SL1_KMEANS: in->n = size * 1024; break;
    case SL1_MATMUL: in->dim = size, in->n = size * size; break;
    case SL1_DNA: in->n = size * 1024 / (SL1_READ + 1) * (SL1_READ + 1); break;
    default: in->n = size * 1024;
    }
    if (threads) {   /* workload.threads: the launch's threads, chosen by the caller (a multiple of a block) */
        in->blocks = threads / SL1_BLOCK;
    } else {
        const unsigned maxb = app == SL1_KMEANS ? SL1_MAX_BLOCKS / 2 : SL1_MAX_BLOCKS;
        uint64_t b = (in->n + (uint64_t)SL1_BLOCK * chunk_target[app] - 1) / ((uint64_t)SL1_BLOCK * chunk_target[app]);
        in->blocks = (unsigned)(b < 1 ? 1 : b > maxb ? maxb : b);
    }
    const uint64_t nthr = (uint64_t)in->blocks * SL1_BLOCK;
    in->chunk = (in->n + nthr - 1) / nthr;
    /* output records a thread can make: a line of grep is at least 2 chars, a word of inverted-index
     * or a tweet of opinion-finder too */
    in->slice = in->chunk / 2 + 1;
    uint64_t s = 0x51a1a99500000000ull + app;
    vocab_t *v = NULL;
    switch (app) {
    case SL1_UPPER: case SL1_WC: case SL1_OPINION: case SL1_INVIDX: case SL1_GREP:
        if (!(v = malloc(sizeof *v)) || !(in->text = malloc(in->n ? in->n : 1)))
            goto oom;
        make_vocab(v, &s);
        make_text(in->text, in->n, v, &s, app == SL1_INVIDX);
        if (app == SL1_GREP) {   /* the pattern: the most frequent word of at least 5 letters */
            unsigned w = 0;
            while (v->len[w] < 5)
                w++;
            memcpy(in->pat, v->w[w], v->len[w]);
            in->patlen = v->len[w];
        }
        if (app == SL1_OPINION) {   /* scores for a tenth of the buckets; 8 subject keywords */
            if (!(in->table = calloc(SL1_LEX, 4)) || !(in->kw = calloc(SL1_KW, 4)))
                goto oom;
            for (unsigned k = 0; k < SL1_LEX; k++)
                if (simt_mix64(&s) % 10 == 0)
                    in->table[k] = (uint32_t)(simt_mix64(&s) % 7) - 3;
            for (unsigned k = 0; k < 8; k++) {
                const unsigned w = 10 + 20 * k;
                const uint32_t h = word_hash(v->w[w], v->len[w]);
                in->kw[h % SL1_KW] = h;
            }
        }
        free(v);
        break;
    case SL1_DNA:
        if (!(in->text = malloc(in->n ? in->n : 1)))
            goto oom;
        make_reads(in->text, in->n, &s);
        break;
    case SL1_PAGEVIEW: {   /* {time, client, url, status}; SL1_NURL URLs in a table of SL1_URLS */
        uint32_t url[SL1_NURL];
        if (!(in->rec = malloc(16 * in->n + 1)) || !(in->table = calloc(SL1_URLS, 4)))
            goto oom;
        for (unsigned u = 0; u < SL1_NURL; u++) {
            const uint32_t k = (uint32_t)simt_mix64(&s) | 1;   /* a URL's key, never 0 (empty) */
            uint32_t slot = k % SL1_URLS;
            while (in->table[slot])
                slot = (slot + 1) % SL1_URLS;
            in->table[slot] = url[u] = k;
        }
        uint32_t time = 1700000000u;
        for (uint64_t r = 0; r < in->n; r++) {
            uint32_t *e = &in->rec[4 * r];
            const unsigned st = (unsigned)(simt_mix64(&s) % 20);
            time += (uint32_t)(simt_mix64(&s) % 3);
            e[0] = time, e[1] = (uint32_t)simt_mix64(&s), e[2] = url[zipf(&s, SL1_NURL)];
            e[3] = st < 18 ? 200 : st == 18 ? 304 : 404;
        }
        break;
    }
    case SL1_MASTERCARD:   /* {customer, merchant, amount, date}; a seventh of the customers use X */
        if (!(in->rec = malloc(16 * in->n + 1)) || !(in->flag = calloc(SL1_CUST, 1)))
            goto oom;
        for (unsigned c = 0; c < SL1_CUST; c++)
            in->flag[c] = simt_mix64(&s) % 7 == 0;
        for (uint64_t r = 0; r < in->n; r++) {
            uint32_t *e = &in->rec[4 * r];
            e[0] = (uint32_t)(simt_mix64(&s) % SL1_CUST), e[1] = zipf(&s, SL1_MERCH);
            e[2] = (uint32_t)(simt_mix64(&s) % 50000) - (simt_mix64(&s) % 32 == 0 ? 50000 : 0);   /* 1 in 32 a refund */
            e[3] = (uint32_t)(r / 1000);
        }
        break;
    case SL1_MATMUL:   /* the values decide nothing: no data */
        break;
    case SL1_KMEANS: {   /* points around K centres; the first K points the initial centroids */
        if (!(in->pts = malloc(4ull * SL1_KM_D * (in->n + SL1_KM_K))))
            goto oom;
        float ctr[SL1_KM_K][SL1_KM_D];
        for (unsigned k = 0; k < SL1_KM_K; k++)
            for (unsigned d = 0; d < SL1_KM_D; d++)
                ctr[k][d] = (float)(simt_mix64(&s) % 1000);
        for (uint64_t p = 0; p < in->n; p++) {
            const unsigned k = (unsigned)(simt_mix64(&s) % SL1_KM_K);
            for (unsigned d = 0; d < SL1_KM_D; d++)
                in->pts[SL1_KM_D * p + d] = ctr[k][d] + (float)((int)(simt_mix64(&s) % 401) - 200);
        }
        for (unsigned k = 0; k < SL1_KM_K; k++)
            for (unsigned d = 0; d < SL1_KM_D; d++)
                in->pts[SL1_KM_D * (in->n + k) + d] = k < in->n ? in->pts[SL1_KM_D * k + d] : ctr[k][d];
        break;
    }
    }
    return 0;
oom:
    free(v);
    sl1_input_free(in);
    return -1;
}

void sl1_input_free(sl1_input_t *in)
{
    free(in->text);
    free(in->rec);
    free(in->table);
    free(in->kw);
    free(in->flag);
    free(in->pts);
    in->text = NULL, in->rec = in->table = in->kw = NULL, in->flag = NULL, in->pts = NULL;
}

/* ---- the kernels ------------------------------------------------------------------------------------ */

/* the thread's chunk [lo, hi) of in->n units, its number */
static uint64_t chunk(const simt_t *t, const sl1_input_t *in, uint64_t *lo, uint64_t *hi)
{
    const uint64_t tid = (uint64_t)t->bx * t->bdx + t->tx;
    *lo = tid * in->chunk, *hi = *lo + in->chunk;
    *lo = *lo < in->n ? *lo : in->n, *hi = *hi < in->n ? *hi : in->n;
    return tid;
}

/* upper(text, out): for (i = start; i < end; i++) { c = text[i]; if ('a' <= c && c <= 'z')
 * out[i] = c - 32; } -- text read-only; out (a copy of the text already on the GPU) written at
 * the lower-case letters only. */
void sl1_upper(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const sl1_input_t *in = p->data;
    const uint64_t text = p->arr[0], out = p->arr[1];
    uint64_t lo, hi;
    chunk(t, in, &lo, &hi);
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx);   /* i = tid * chunk */
    reg_t re = IADD(t, ri, NOREG);         /* end */
    BRANCH(t, re);   /* i < end */
    for (uint64_t i = lo; i < hi; i++) {
        const uint8_t c = in->text[i];
        reg_t v = LDG8(t, text + i, ri);
        reg_t d = IADD(t, v, NOREG);   /* c - 'a' */
        BRANCH(t, d);   /* (unsigned)(c - 'a') <= 25 */
        if (c >= 'a' && c <= 'z')
            STG8(t, out + i, ri, IADD(t, v, NOREG));
        ri = IADD(t, ri, NOREG);
        LOOP(t, ri);
    }
    EXIT(t);
}

/* wc(text): per char, a word ends at a blank after a non-blank (words++), a line at '\n'
 * (lines++); the counters stay in registers, then a warp's are summed by shuffles and its lane 0
 * adds them to the block's two counters in shared memory (8 bytes: not a data structure) -- text
 * read-only, the only structure. */
void sl1_wc(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const sl1_input_t *in = p->data;
    const uint64_t text = p->arr[0];
    uint64_t lo, hi;
    chunk(t, in, &lo, &hi);
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx), re = IADD(t, ri, NOREG);
    reg_t rw = MOV(t, RZ_), rl = MOV(t, RZ_), rin = MOV(t, RZ_);
    int inword = 0;
    BRANCH(t, re);
    for (uint64_t i = lo; i < hi; i++) {
        const uint8_t c = in->text[i];
        reg_t v = LDG8(t, text + i, ri);
        BRANCH(t, v);   /* c == ' ' || c == '\n' */
        if (is_blank(c)) {
            BRANCH(t, rin);   /* in a word */
            if (inword)
                rw = IADD(t, rw, rin);
            rin = MOV(t, RZ_);
            inword = 0;
            BRANCH(t, v);   /* c == '\n' */
            if (c == '\n')
                rl = IADD(t, rl, NOREG);
        } else {
            rin = MOV(t, NOREG);
            inword = 1;
        }
        ri = IADD(t, ri, NOREG);
        LOOP(t, ri);
    }
    BRANCH(t, rin);   /* a word at the chunk's end */
    if (inword)
        rw = IADD(t, rw, rin);
    for (int k = 0; k < 5; k++) {   /* the warp's sums (unrolled) */
        rw = IADD(t, rw, SHFL(t, rw));
        rl = IADD(t, rl, SHFL(t, rl));
    }
    reg_t lane = ALU(t, "LOP.AND", rtx, NOREG, NOREG);
    BRANCH(t, lane);   /* lane 0 */
    if (t->tx % 32 == 0) {
        ATOMS_ADD(t, p->shmem, lane, rw);
        ATOMS_ADD(t, p->shmem + 4, lane, rl);
    }
    EXIT(t);
}

/* dna-assembly(reads, contig, overlaps): reads of 64 bases and '\n' in order; the thread keeps the
 * previous read's last 16 bases and the current one's first 16 in registers; at a read's 16th base
 * it looks for the longest overlap s (15 down to 1) of the two, then appends the read's bases
 * past the overlap to its slice of the contig (its chunk's offsets), and at the '\n' writes the
 * overlap to overlaps[read] -- reads read-only; contig and overlaps written. */
void sl1_dna(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const sl1_input_t *in = p->data;
    const uint64_t reads = p->arr[0], contig = p->arr[1], ovl = p->arr[2];
    uint64_t lo, hi;
    chunk(t, in, &lo, &hi);
    uint64_t wpos = lo;
    uint32_t prev = 0, cur = 0;
    int have_prev = 0, full = 0;
    unsigned ov = 0, seen = 0;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx), re = IADD(t, ri, NOREG), rw = IADD(t, ri, NOREG);
    reg_t rprev = MOV(t, RZ_), rcur = MOV(t, RZ_), rov = MOV(t, RZ_);
    BRANCH(t, re);
    for (uint64_t i = lo; i < hi; i++) {
        const uint8_t c = in->text[i];
        const unsigned pos = (unsigned)(i % (SL1_READ + 1));
        reg_t v = LDG8(t, reads + i, ri);
        BRANCH(t, v);   /* c == '\n' */
        if (c == '\n') {
            reg_t ra = IMAD(t, ri, NOREG, NOREG);   /* &overlaps[i / 65] */
            STG(t, ovl + 4 * (i / (SL1_READ + 1)), ra, rov);
            prev = cur, rprev = MOV(t, rcur);
            have_prev = full, full = 0, seen = 0, ov = 0;
        } else {
            const unsigned code = c == 'A' ? 0 : c == 'C' ? 1 : c == 'G' ? 2 : 3;
            rcur = ALU(t, "SHF.L", rcur, v, NOREG);   /* the 2-bit window */
            cur = (cur << 2 | code) & 0xffffffffu;
            full |= pos == 0;
            seen++;
            BRANCH(t, v);   /* pos < 16 */
            if (pos < 16) {
                BRANCH(t, v);   /* pos == 15: the overlap */
                if (pos == 15) {
                    ov = 0;
                    rov = MOV(t, RZ_);
                    BRANCH(t, rprev);   /* a whole previous read and this one from its start */
                    if (have_prev && full) {
                        for (unsigned s = 15; s >= 1; s--) {   /* the longest overlap first */
                            reg_t e = ALU(t, "LOP3.LUT", rprev, rcur, NOREG);
                            BRANCH(t, e);   /* suffix s of prev == prefix s of cur */
                            const uint32_t m = (1u << 2 * s) - 1;
                            if ((prev & m) == (cur >> 2 * (16 - s) & m)) {
                                ov = s;
                                rov = MOV(t, e);
                                break;
                            }
                            LOOP(t, e);
                        }
                    }
                    for (unsigned q = ov; q < seen; q++) {   /* the bases held back, past the overlap */
                        reg_t b = ALU(t, "BFE.U32", rcur, NOREG, NOREG);
                        STG8(t, contig + wpos++, rw, b);
                        rw = IADD(t, rw, NOREG);
                        LOOP(t, rw);
                    }
                }
            } else {
                STG8(t, contig + wpos++, rw, v);
                rw = IADD(t, rw, NOREG);
            }
        }
        ri = IADD(t, ri, NOREG);
        LOOP(t, ri);
    }
    EXIT(t);
}

/* opinion-finder(tweets, lexicon, keywords, scores): a word's letters hash into h = 31 h + c; at
 * its end the lexicon's score of h is added to the tweet's, and keywords[h % 256] == h marks the
 * tweet as about the subject; at a tweet's '\n' an on-subject tweet's score goes to the thread's
 * slice of scores -- tweets, lexicon and keywords read-only; scores written. */
void sl1_opinion(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const sl1_input_t *in = p->data;
    const uint64_t text = p->arr[0], lex = p->arr[1], kw = p->arr[2], out = p->arr[3];
    uint64_t lo, hi;
    const uint64_t tid = chunk(t, in, &lo, &hi);
    uint64_t o = tid * in->slice;
    uint32_t h = 0;
    int inword = 0, subj = 0;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx), re = IADD(t, ri, NOREG), ro = IMAD(t, rbx, NOREG, rtx);
    reg_t rh = MOV(t, RZ_), rsc = MOV(t, RZ_), rsub = MOV(t, RZ_);
    BRANCH(t, re);
    for (uint64_t i = lo; i < hi; i++) {
        const uint8_t c = in->text[i];
        reg_t v = LDG8(t, text + i, ri);
        BRANCH(t, v);   /* a letter */
        if (is_letter(c)) {
            rh = IMAD(t, rh, NOREG, v);
            h = h * 31 + c, inword = 1;
        } else {
            BRANCH(t, rh);   /* a word ended */
            if (inword) {
                reg_t ra = ALU(t, "LOP.AND", rh, NOREG, NOREG);
                reg_t sc = LDG(t, lex + 4ull * (h % SL1_LEX), ra);
                rsc = IADD(t, rsc, sc);
                reg_t rb = ALU(t, "LOP.AND", rh, NOREG, NOREG);
                reg_t k = LDG(t, kw + 4ull * (h % SL1_KW), rb);
                reg_t eq = ALU(t, "ISETP.EQ.AND", k, rh, NOREG);
                BRANCH(t, eq);   /* a subject keyword */
                if (in->kw[h % SL1_KW] == h) {
                    rsub = MOV(t, eq);
                    subj = 1;
                }
                rh = MOV(t, RZ_);
                h = 0, inword = 0;
            }
            BRANCH(t, v);   /* c == '\n': the tweet's end */
            if (c == '\n') {
                BRANCH(t, rsub);
                if (subj) {
                    STG(t, out + 4 * o++, ro, rsc);
                    ro = IADD(t, ro, NOREG);
                }
                rsc = MOV(t, RZ_), rsub = MOV(t, RZ_);
                subj = 0;
            }
        }
        ri = IADD(t, ri, NOREG);
        LOOP(t, ri);
    }
    EXIT(t);
}

/* inverted-index(pages, postings, term_counts): pages are lines of HTML; outside tags a word's
 * letters hash into h; at its end a posting {h, page} goes to the thread's slice of postings
 * (8 bytes) and term_counts[h % 16384] is incremented (a global reduction); '<' .. '>' is
 * skipped, '\n' starts the next page -- pages read-only; postings and term_counts written. */
void sl1_invidx(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const sl1_input_t *in = p->data;
    const uint64_t text = p->arr[0], post = p->arr[1], cnt = p->arr[2];
    uint64_t lo, hi;
    const uint64_t tid = chunk(t, in, &lo, &hi);
    uint64_t o = tid * in->slice;
    uint32_t h = 0;
    int inword = 0, intag = 0;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx), re = IADD(t, ri, NOREG), ro = IMAD(t, rbx, NOREG, rtx);
    reg_t rh = MOV(t, RZ_), rtag = MOV(t, RZ_), rdoc = MOV(t, RZ_);
    BRANCH(t, re);
    for (uint64_t i = lo; i < hi; i++) {
        const uint8_t c = in->text[i];
        reg_t v = LDG8(t, text + i, ri);
        BRANCH(t, rtag);   /* in a tag */
        if (intag) {
            BRANCH(t, v);   /* c == '>' */
            if (c == '>') {
                rtag = MOV(t, RZ_);
                intag = 0;
            }
        } else {
            BRANCH(t, v);   /* a letter */
            if (is_letter(c)) {
                rh = IMAD(t, rh, NOREG, v);
                h = h * 31 + c, inword = 1;
            } else {
                BRANCH(t, rh);   /* a word ended */
                if (inword) {
                    reg_t pv = ALU(t, "PRMT", rh, rdoc, NOREG);
                    STG64(t, post + 8 * o++, ro, pv);
                    ro = IADD(t, ro, NOREG);
                    reg_t ra = ALU(t, "LOP.AND", rh, NOREG, NOREG);
                    RED_ADD(t, cnt + 4ull * (h % SL1_TERMS), ra, NOREG);
                    rh = MOV(t, RZ_);
                    h = 0, inword = 0;
                }
                BRANCH(t, v);   /* c == '<' */
                if (c == '<') {
                    rtag = MOV(t, v);
                    intag = 1;
                }
                BRANCH(t, v);   /* c == '\n' */
                if (c == '\n')
                    rdoc = IADD(t, rdoc, NOREG);
            }
        }
        ri = IADD(t, ri, NOREG);
        LOOP(t, ri);
    }
    EXIT(t);
}

/* page-view-count(log, urls, counts): records {time, client, url, status} of 16 bytes; per
 * record its time, url and status are read; a successful hit (status 200) finds its URL's slot in
 * the open-addressing table urls (linear probing) and adds 1 to counts[slot] (a global
 * reduction) -- log and urls read-only; counts written. */
void sl1_pageview(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const sl1_input_t *in = p->data;
    const uint64_t log = p->arr[0], urls = p->arr[1], cnt = p->arr[2];
    uint64_t lo, hi;
    chunk(t, in, &lo, &hi);
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx), re = IADD(t, ri, NOREG), rday = MOV(t, RZ_);
    BRANCH(t, re);
    for (uint64_t r = lo; r < hi; r++) {
        const uint32_t *e = &in->rec[4 * r];
        reg_t tm = LDG(t, log + 16 * r, ri);
        reg_t url = LDG(t, log + 16 * r + 8, ri);
        reg_t st = LDG(t, log + 16 * r + 12, ri);
        rday = IMNMX(t, rday, tm);   /* the log's last time seen */
        BRANCH(t, st);   /* status == 200 */
        if (e[3] == 200) {
            uint32_t slot = e[2] % SL1_URLS;
            reg_t rs = ALU(t, "LOP.AND", url, NOREG, NOREG);
            for (;;) {   /* probe until the URL's key */
                reg_t k = LDG(t, urls + 4ull * slot, rs);
                reg_t eq = ALU(t, "ISETP.EQ.AND", k, url, NOREG);
                BRANCH(t, eq);
                if (in->table[slot] == e[2])
                    break;
                slot = (slot + 1) % SL1_URLS;
                rs = IADD(t, rs, NOREG);
                LOOP(t, rs);
            }
            RED_ADD(t, cnt + 4ull * slot, rs, NOREG);
        }
        ri = IADD(t, ri, NOREG);
        LOOP(t, ri);
    }
    EXIT(t);
}

/* mastercard-affinity(transactions, customers_of_x, counts): records {customer, merchant,
 * amount, date} of 16 bytes; per record its customer, merchant and amount are read; a purchase
 * (amount >= 0, not a refund) by a customer of the target merchant X (customers_of_x[customer], a
 * byte) adds 1 to counts[merchant] (a global reduction) -- transactions and customers_of_x
 * read-only; counts written. */
void sl1_mastercard(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const sl1_input_t *in = p->data;
    const uint64_t tx = p->arr[0], cx = p->arr[1], cnt = p->arr[2];
    uint64_t lo, hi;
    chunk(t, in, &lo, &hi);
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx), re = IADD(t, ri, NOREG);
    BRANCH(t, re);
    for (uint64_t r = lo; r < hi; r++) {
        const uint32_t *e = &in->rec[4 * r];
        reg_t cu = LDG(t, tx + 16 * r, ri);
        reg_t me = LDG(t, tx + 16 * r + 4, ri);
        reg_t am = LDG(t, tx + 16 * r + 8, ri);
        BRANCH(t, am);   /* a purchase */
        if ((int32_t)e[2] >= 0) {
            reg_t ra = IADD(t, cu, NOREG);
            reg_t f = LDG8(t, cx + e[0], ra);
            BRANCH(t, f);   /* a customer of X */
            if (in->flag[e[0]]) {
                reg_t rm = IMAD(t, me, NOREG, NOREG);
                RED_ADD(t, cnt + 4ull * e[1], rm, NOREG);
            }
        }
        ri = IADD(t, ri, NOREG);
        LOOP(t, ri);
    }
    EXIT(t);
}

/* matrixmul-naive(a, b, c), N x N floats, no shared memory: the thread's chunk is elements of c in
 * row-major order; c[i][j] = sum over k of a[i][k] b[k][j] -- a, b read-only; c written. */
void sl1_matmul(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const sl1_input_t *in = p->data;
    const uint64_t a = p->arr[0], b = p->arr[1], c = p->arr[2], n = in->dim;
    uint64_t lo, hi;
    chunk(t, in, &lo, &hi);
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t re = IMAD(t, rbx, NOREG, rtx), rc = IADD(t, re, NOREG);
    BRANCH(t, re);
    for (uint64_t e = lo; e < hi; e++) {
        const uint64_t i = e / n, j = e % n;
        reg_t ra = IMAD(t, rc, NOREG, NOREG), rb = ALU(t, "LOP.AND", rc, NOREG, NOREG);
        reg_t acc = MOV(t, RZ_);
        for (uint64_t k = 0; k < n; k++) {
            reg_t x = LDG(t, a + 4 * (i * n + k), ra);
            reg_t y = LDG(t, b + 4 * (k * n + j), rb);
            acc = FFMA(t, x, y, acc);
            ra = IADD(t, ra, NOREG), rb = IADD(t, rb, NOREG);
            LOOP(t, ra);
        }
        STG(t, c + 4 * e, rc, acc);
        rc = IADD(t, rc, NOREG);
        LOOP(t, rc);
    }
    EXIT(t);
}

/* grep(text, lines): the pattern (a by-value argument) is put in shared memory by the block's
 * first threads (the structure kept in shared memory); per char, a line not yet matched compares
 * it with the pattern's next char from shared memory, and on a mismatch starts again at the
 * pattern's first (which it compares too); at '\n' a matched line's {start, end} goes to the
 * thread's slice of lines -- text read-only; lines written; the pattern in shared memory. */
void sl1_grep(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const sl1_input_t *in = p->data;
    const uint64_t text = p->arr[0], lines = p->arr[1], sh = p->shmem;
    uint64_t lo, hi;
    const uint64_t tid = chunk(t, in, &lo, &hi);
    uint64_t o = tid * in->slice;
    unsigned m = 0;
    int matched = 0;
    reg_t rtx = S2R(t), rbx = S2R(t);
    BRANCH(t, rtx);   /* threadIdx.x < patlen */
    if (t->tx < in->patlen)
        STS8(t, sh + t->tx, rtx, MOV(t, NOREG));
    BAR(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx), re = IADD(t, ri, NOREG), ro = IMAD(t, rbx, NOREG, rtx);
    reg_t rm = MOV(t, RZ_), rmat = MOV(t, RZ_), rst = MOV(t, ri);
    BRANCH(t, re);
    for (uint64_t i = lo; i < hi; i++) {
        const uint8_t c = in->text[i];
        reg_t v = LDG8(t, text + i, ri);
        BRANCH(t, v);   /* c == '\n' */
        if (c == '\n') {
            BRANCH(t, rmat);
            if (matched) {
                reg_t pr = ALU(t, "PRMT", rst, ri, NOREG);
                STG64(t, lines + 8 * o++, ro, pr);
                ro = IADD(t, ro, NOREG);
            }
            rm = MOV(t, RZ_), rmat = MOV(t, RZ_), rst = IADD(t, ri, NOREG);
            m = 0, matched = 0;
        } else {
            BRANCH(t, rmat);   /* the line not matched yet */
            if (!matched) {
                reg_t pc = LDS8(t, sh + m, rm);
                reg_t eq = ALU(t, "ISETP.EQ.AND", pc, v, NOREG);
                BRANCH(t, eq);
                if (c == (uint8_t)in->pat[m]) {
                    rm = IADD(t, rm, NOREG);
                    m++;
                    BRANCH(t, rm);   /* m == patlen */
                    if (m == in->patlen)
                        rmat = MOV(t, rm), matched = 1;
                } else {
                    BRANCH(t, rm);   /* m > 0: start again at the pattern's first char */
                    if (m > 0) {
                        reg_t p0 = LDS8(t, sh, RZ_);
                        reg_t e0 = ALU(t, "ISETP.EQ.AND", p0, v, NOREG);
                        rm = SEL(t, e0, NOREG);
                        m = c == (uint8_t)in->pat[0];
                    }
                }
            }
        }
        ri = IADD(t, ri, NOREG);
        LOOP(t, ri);
    }
    EXIT(t);
}

/* kmeans-sl1(points, clusters), D = 8 features, K = 8 clusters: the block copies the centroids
 * (clusters) into shared memory and clears its per-warp sums there; per point of its chunk a
 * thread loads the D features (sequentially), stages them in its own slot of shared memory, finds
 * the nearest centroid (a branch a cluster: d < best) from shared memory, and adds the point to
 * its warp's sums of that cluster (shared atomics); at the end the block adds its sums into
 * clusters (global reductions) -- points read-only; clusters read and written, kept in shared
 * memory in the main loop. Shared memory: SL1_KM_SHMEM bytes a block (10.5 KB: 4 blocks of 256 on
 * a 48 KB SM, 6 bytes a thread left, CLN 0). */
void sl1_kmeans(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const sl1_input_t *in = p->data;
    const uint64_t pts = p->arr[0], cl = p->arr[1], sh = p->shmem;
    const unsigned KD = SL1_KM_K * SL1_KM_D, K1 = SL1_KM_K * (SL1_KM_D + 1), w = t->tx / 32;
    const float *ctr = in->pts + SL1_KM_D * in->n;
    uint64_t lo, hi;
    chunk(t, in, &lo, &hi);
    reg_t rtx = S2R(t), rbx = S2R(t);
    BRANCH(t, rtx);   /* threadIdx.x < K D: a centroid's feature */
    if (t->tx < KD) {
        reg_t x = LDG(t, cl + 4ull * (t->tx / SL1_KM_D * (SL1_KM_D + 1) + 1 + t->tx % SL1_KM_D), rtx);
        STS(t, sh + SL1_KM_SH_CENT + 4ull * t->tx, rtx, x);
    }
    BRANCH(t, rtx);   /* the sums cleared, a word a thread (8 warps x K (D + 1) = 576) */
    for (unsigned k = t->tx; k < (SL1_BLOCK / 32) * K1; k += t->bdx) {
        STS(t, sh + SL1_KM_SH_SUMS + 4ull * k, rtx, RZ_);
        LOOP(t, rtx);
    }
    BAR(t);
    const uint64_t slot = sh + SL1_KM_SH_PTS + 4ull * SL1_KM_D * t->tx;
    reg_t ri = IMAD(t, rbx, NOREG, rtx), re = IADD(t, ri, NOREG);
    BRANCH(t, re);
    for (uint64_t q = lo; q < hi; q++) {
        const float *x = &in->pts[SL1_KM_D * q];
        reg_t f[SL1_KM_D];
        for (unsigned d = 0; d < SL1_KM_D; d++) {   /* unrolled */
            f[d] = LDG(t, pts + 4 * (SL1_KM_D * q + d), ri);
            STS(t, slot + 4 * d, rtx, f[d]);
        }
        float best = INFINITY;
        unsigned bi = 0;
        reg_t rbest = MOV(t, NOREG), rbi = MOV(t, RZ_);
        for (unsigned k = 0; k < SL1_KM_K; k++) {
            reg_t c0 = LDS128(t, sh + SL1_KM_SH_CENT + 4ull * SL1_KM_D * k, RZ_);
            reg_t c1 = LDS128(t, sh + SL1_KM_SH_CENT + 4ull * SL1_KM_D * k + 16, RZ_);
            reg_t x0 = LDS128(t, slot, rtx);
            reg_t x1 = LDS128(t, slot + 16, rtx);
            reg_t acc = RZ_;
            float dist = 0;
            for (unsigned d = 0; d < SL1_KM_D / 2; d++) {   /* unrolled: the first four features */
                reg_t df = FADD(t, x0, c0);
                acc = FFMA(t, df, df, acc);
            }
            for (unsigned d = SL1_KM_D / 2; d < SL1_KM_D; d++) {   /* ... the last four */
                reg_t df = FADD(t, x1, c1);
                acc = FFMA(t, df, df, acc);
            }
            for (unsigned d = 0; d < SL1_KM_D; d++) {
                const float dd = x[d] - ctr[SL1_KM_D * k + d];
                dist = fmaf(dd, dd, dist);
            }
            reg_t lt = ALU(t, "FSETP.LT.AND", acc, rbest, NOREG);
            BRANCH(t, lt);   /* dist < best */
            if (dist < best) {
                best = dist, bi = k;
                rbest = MOV(t, acc), rbi = MOV(t, lt);
            }
            LOOP(t, rbi);
        }
        const uint64_t sums = sh + SL1_KM_SH_SUMS + 4ull * (w * K1 + bi * (SL1_KM_D + 1));
        reg_t ra = IMAD(t, rbi, NOREG, NOREG);
        ATOMS_ADD(t, sums, ra, NOREG);   /* the count */
        for (unsigned d = 0; d < SL1_KM_D; d++)
            ATOMS_ADD(t, sums + 4 + 4 * d, ra, f[d]);
        ri = IADD(t, ri, NOREG);
        LOOP(t, ri);
    }
    BAR(t);
    BRANCH(t, rtx);   /* threadIdx.x < K (D + 1): the block's sums into clusters */
    if (t->tx < K1) {
        reg_t s = MOV(t, RZ_);
        for (unsigned k = 0; k < SL1_BLOCK / 32; k++)
            s = FADD(t, s, LDS(t, sh + SL1_KM_SH_SUMS + 4ull * (k * K1 + t->tx), rtx));
        RED_ADD(t, cl + 4ull * t->tx, rtx, s);
    }
    EXIT(t);
}
