/* mars.c - Mars (mars.h): the applications' inputs, the host program's
 * launches and the data they need, and the runtime's kernels per thread. */
#include "workload/mars.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workload/btree.h"
#include "workload/simt_ops.h"

/* ---- the host program's data -------------------------------------------------------------------------------- */

enum { PATH_SINGLE, PATH_GLOBAL, PATH_CHUNKED };

/* The host arrays the kernels read, grouped by the launches that read them
 * (group_reads); what no kernel reads (the counts) is freed as soon as the
 * host program is done with it, and the intermediate values (read on the
 * device only) are not held. */
enum {
    MG_IN,      /* in_keys, in_vals (or lines): MapperCount, Mapper */
    MG_PS,      /* ps_k, ps_v, ps_n (unless psreg): MapperCount, Mapper */
    MG_IOFF,    /* inter_off: the sort's kernels (their records' start) */
    MG_IKEYS,   /* inter_keys: the sort's kernels, getChunkBoundary */
    MG_SORTED,  /* sorted or sidx, kdst, vdst (unless ireg): copyChunks, getChunkBoundary, ReducerCount, Reducer */
    MG_START,   /* sbits, srank: writeBoundary; ReducerCount, Reducer (the group starts: bound_at) */
    MG_N
};

struct mars_mr {              /* one MapReduce() */
    int phase, reduce;        /* PVC's map phase (its input values'); MAP_REDUCE or MAP_GROUP */
    /* map input (Spec_t's input arrays, uploaded by startMap) */
    unsigned nin;             /* records of in_ks key and in_vs value bytes each, end to end (in_rec) */
    int32_t in_ks, in_vs;
    uint8_t *in_keys, *in_vals;
    int inp;                  /* in_keys hold each key less its first 8 bytes, the same in every key: inpre */
    uint8_t inpre[8];
    uint32_t *lines;          /* PVC's first: the records as the log's lines (in_key, in_val; in_keys, in_vals */
    uint64_t lfile;           /*   NULL): line i's start (lines[nin]: one past the last), the file's address */
    uint64_t in_kb, in_vb, d_in_keys, d_in_vals, d_in_off;
    /* map: per thread counts and their exclusive scans (one record a thread) */
    unsigned mthreads;
    int32_t *ps_k, *ps_v, *ps_n;
    int psreg;                /* every record's counts the same (held as them: ck1, cv1, cn1), the arrays NULL */
    int32_t ck1, cv1, cn1;
    uint64_t d_cnt_k, d_cnt_v, d_cnt_n, d_ps_k, d_ps_v, d_ps_n, d_kv, d_cur;
    unsigned ninter;
    mars_i4_t *inter_off;     /* unless ireg: every record iks, ivs bytes, end to end (inter_rec) */
    int ireg;
    int32_t iks, ivs;
    uint8_t *inter_keys;      /* (the values: read on the device only, not held) */
    int ikp;                  /* (ireg) inter_keys hold each key less its first 8 bytes, the same in every key: ikpre */
    uint8_t ikpre[8];
    uint64_t ikb, ivb, d_inter_keys, d_inter_vals, d_inter_off;
    /* group: sort_GPU */
    uint64_t d_out_keys, d_out_vals, d_out_off;
    int path;
    unsigned nr;              /* numRecordsR (d_R as initialize leaves it: inter_off, padded; pad_records) */
    mars_i4_t *sorted;        /* the sorted records (sorted_rec) ... */
    uint32_t *sidx;           /* ... or, ireg with iks > 0, their indices (sorted NULL) */
    uint64_t d_R;
    int32_t *vdst, *kdst;     /* copyChunks' write positions: the scans of the sizes (NULL when ireg: k * i) */
    uint64_t *sbits;          /* getChunkBoundary's flags, a bit each ... */
    uint32_t *srank;          /* ... their scan, per 64 (ssum_at) */
                              /* the group starts: bound_at */
    unsigned nkeys;
    uint64_t d_PA, d_start, d_ssum, d_bound, d_range, d_klr;
    /* reduce (MAP_REDUCE) */
    unsigned rthreads, nout;
    int32_t *rps_k, *rps_v, *rps_n;
    uint64_t d_rcnt_k, d_rcnt_v, d_rcnt_n, d_rps_k, d_rps_v, d_rps_n, d_rkv, d_rcur, d_rkeys, d_rvals, d_roff;
    uint8_t *out_keys, *out_vals;   /* PVC's first: its output's keys, the second's input (moved there); its values
                                       {entry_size, phase 1} are read on the device only (out_vals NULL) */
    /* the arrays the launches read, by group (MG_*): the last launch that reads each (-1 none);
     * freed once the run is past it, built again if a launch before it opens (mars_open) */
    int64_t last[MG_N];
    unsigned gone;            /* the groups freed: a bit each */
};

static void *xcalloc(size_t n, size_t s) { return calloc(n ? n : 1, s); }

static uint64_t dalloc(mars_t *m, uint64_t bytes)   /* cudaMalloc: 256-byte aligned, never reused */
{
    uint64_t at = (m->heap + 255) & ~255ull;
    m->heap = at + (bytes ? bytes : 1);
    return at;
}

static int push(mars_t *m, mars_launch_t l)
{
    if (m->nlaunch == m->cap) {
        unsigned c = m->cap ? 2 * m->cap : 64;
        mars_launch_t *p = realloc(m->launch, c * sizeof *p);
        if (!p)
            return -1;
        m->launch = p, m->cap = c;
    }
    m->launch[m->nlaunch++] = l;
    return 0;
}

static int32_t rd32(const uint8_t *p) { int32_t v; memcpy(&v, p, 4); return v; }
static void wr32(uint8_t *p, int32_t v) { memcpy(p, &v, 4); }
static void wr64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

/* map.cu's hash_func: hash = len; hash = (hash << 4) ^ (hash >> 28) ^ str[i] (int, signed char) */
static int32_t hash_step(int32_t h, uint8_t c) { return (int32_t)((uint32_t)h << 4) ^ (h >> 28) ^ (int32_t)(int8_t)c; }
static int32_t hash_func(const uint8_t *s, int32_t len)
{
    int32_t h = len;
    for (int32_t i = 0; i < len; i++)
        h = hash_step(h, s[i]);
    return h;
}

/* ---- the inputs ---------------------------------------------------------------------------------------------- */

/* GenWebLogSrc/main.c with glibc's rand() (srand(time(0)) there; the default seed 1 here):
 * count: "http://www.abcdefg.com/%d.html\t%d.%d.%d.%d\t%d\n" (rand() % 1024, four rand() % 256, rand() % 1000);
 * rank: "http://www.abcdefg.com/%d.html\t%d\n" (rand() % 1024, rand()). */
static char *gen_weblog(uint64_t n, int rank, uint64_t *len)
{
    size_t cap = n * 64 + 64, at = 0;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    bt_rand_t g;
    bt_srand(&g, 1);
    for (uint64_t i = 0; i < n; i++) {
        if (rank) {
            int u = bt_rand(&g) % 1024, r = bt_rand(&g);
            at += (size_t)snprintf(s + at, cap - at, "http://www.abcdefg.com/%d.html\t%d\n", u, r);
        } else {
            int u = bt_rand(&g) % 1024, a = bt_rand(&g) % 256, b = bt_rand(&g) % 256, c = bt_rand(&g) % 256;
            int d = bt_rand(&g) % 256, k = bt_rand(&g) % 1000;
            at += (size_t)snprintf(s + at, cap - at, "http://www.abcdefg.com/%d.html\t%d.%d.%d.%d\t%d\n", u, a, b, c,
                                   d, k);
        }
    }
    *len = at;
    return s;
}

/* One synthetic HTML page of MARS_PAGE bytes standing in for II_BIN/sample/N.html (pages of a
 * web site: nested tables, images, about one <a href="..."> link per 350 bytes from a pool of
 * the site's URLs, so that every link recurs), lines of markup ending in '\n'. */
static void gen_page(uint8_t *pg, uint64_t seed)
{
    static const char *words[] = {"alumni", "events", "benefits", "clubs", "online", "help", "about", "news",
                                  "default", "grads", "scendoffs", "nomination", "network", "calendar", "donate",
                                  "career"};
    char url[48][64];
    uint64_t s = seed;
    for (unsigned u = 0; u < 48; u++) {
        const char *a = words[simt_mix64(&s) % 16], *b = words[simt_mix64(&s) % 16];
        switch (simt_mix64(&s) % 3) {
        case 0: snprintf(url[u], sizeof url[u], "http://alumni.usc.edu/%s/%s.cfm", a, b); break;
        case 1: snprintf(url[u], sizeof url[u], "events/default.cfm?id=%u&front=true",
                         (unsigned)(1000 + simt_mix64(&s) % 300)); break;
        default: snprintf(url[u], sizeof url[u], "/%s/%s.cfm", a, b); break;
        }
    }
    char line[512];
    unsigned at = 0;
    while (at < MARS_PAGE) {
        int n = 0, items = 1 + (int)(simt_mix64(&s) % 3);
        unsigned ind = (unsigned)(simt_mix64(&s) % 12);
        for (unsigned i = 0; i < ind; i++)
            line[n++] = ' ';
        for (int it = 0; it < items; it++) {
            unsigned k = (unsigned)(simt_mix64(&s) % 12);
            const char *w = words[simt_mix64(&s) % 16];
            unsigned v = (unsigned)(simt_mix64(&s) % 800);
            if (k == 0)
                n += snprintf(line + n, sizeof line - (size_t)n, "<a href=\"%s\">%s</a>", url[simt_mix64(&s) % 48], w);
            else if (k < 3)
                n += snprintf(line + n, sizeof line - (size_t)n,
                              "<img src=\"images/%s.gif\" width=\"%u\" height=\"%u\" border=\"0\">", w, v, v / 4);
            else if (k < 6)
                n += snprintf(line + n, sizeof line - (size_t)n, "<td width=\"%u\" class=\"body%s\">", v, w);
            else if (k < 8)
                n += snprintf(line + n, sizeof line - (size_t)n, "%s", k == 6 ? "</td>" : "<tr>");
            else
                n += snprintf(line + n, sizeof line - (size_t)n, "%s %s ", w, words[v % 16]);
        }
        line[n++] = '\n';
        for (int i = 0; i < n && at < MARS_PAGE; i++)
            pg[at++] = (uint8_t)line[i];
    }
    pg[MARS_PAGE - 1] = '\n';
}

/* ---- the host program: allocations, launches, data ------------------------------------------------------------ */

static void mr_free(mars_mr_t *r)
{
    if (!r)
        return;
    free(r->in_keys), free(r->in_vals), free(r->lines);
    free(r->ps_k), free(r->ps_v), free(r->ps_n);
    free(r->inter_off), free(r->inter_keys);
    free(r->sorted), free(r->sidx), free(r->vdst), free(r->kdst), free(r->sbits), free(r->srank);
    free(r->rps_k), free(r->rps_v), free(r->rps_n), free(r->out_keys), free(r->out_vals);
    free(r);
}

/* inputOffsetSizes[i]: every application's input records are of one size, end to end */
static mars_i4_t in_rec(const mars_mr_t *r, unsigned i)
{
    return (mars_i4_t){(int32_t)((uint32_t)r->in_ks * i), r->in_ks, (int32_t)((uint32_t)r->in_vs * i), r->in_vs};
}

/* Input record i's key and value bytes (in_ks and in_vs of them): held, or made in buf (lines:
 * PVC_KEY_T {file_buf, entry_offset, entry_hash 0}, PVC_VAL_T {entry_size, phase 0}). */
static const uint8_t *in_key(const mars_mr_t *r, unsigned i, uint8_t buf[64])
{
    if (r->inp) {
        const uint32_t t = (uint32_t)r->in_ks - 8;
        memcpy(buf, r->inpre, 8), memcpy(buf + 8, r->in_keys + (uint64_t)t * i, t);
        return buf;
    }
    if (!r->lines)
        return r->in_keys + (uint64_t)(uint32_t)r->in_ks * i;
    wr64(buf, r->lfile), wr32(buf + 8, (int32_t)r->lines[i]), wr32(buf + 12, 0);
    return buf;
}
static const uint8_t *in_val(const mars_mr_t *r, unsigned i, uint8_t buf[64])
{
    if (!r->lines)   /* (NULL: values no host code reads, PVC's second map's) */
        return r->in_vals ? r->in_vals + (uint64_t)(uint32_t)r->in_vs * i : NULL;
    wr32(buf, (int32_t)(r->lines[i + 1] - r->lines[i])), wr32(buf + 4, 0);
    return buf;
}

/* interOffsetSizes[i] */
static mars_i4_t inter_rec(const mars_mr_t *r, unsigned i)
{
    if (!r->ireg)   /* (freed: a launch's restore builds it again first) */
        return r->inter_off[i];
    return (mars_i4_t){(int32_t)((uint32_t)r->iks * i), r->iks, (int32_t)((uint32_t)r->ivs * i), r->ivs};
}

/* The exclusive scans of the map's counts at thread i (psreg: records past nin count none). */
static int32_t ps_at(const mars_mr_t *r, const int32_t *a, int32_t c, unsigned i)
{
    return r->psreg ? c * (int32_t)(i < r->nin ? i : r->nin) : a[i];
}
#define PS_K(r, i) ps_at((r), (r)->ps_k, (r)->ck1, (i))
#define PS_V(r, i) ps_at((r), (r)->ps_v, (r)->cv1, (i))
#define PS_N(r, i) ps_at((r), (r)->ps_n, (r)->cn1, (i))

/* The i-th sorted record. */
static int sorted_idx(const mars_mr_t *r) { return r->ireg && r->iks > 0; }   /* held as sidx */
static mars_i4_t sorted_rec(const mars_mr_t *r, unsigned i)
{
    return sorted_idx(r) ? inter_rec(r, r->sidx[i]) : r->sorted[i];
}
/* copyChunks' key and value write positions of sorted record i */
static int32_t kdst_at(const mars_mr_t *r, unsigned i)
{
    return r->ireg ? (int32_t)((uint32_t)r->iks * i) : r->kdst[i];
}
static int32_t vdst_at(const mars_mr_t *r, unsigned i)
{
    return r->ireg ? (int32_t)((uint32_t)r->ivs * i) : r->vdst[i];
}
/* getChunkBoundary's flag of sorted record i, and the flags before it */
static int start_at(const mars_mr_t *r, unsigned i) { return (int)(r->sbits[i / 64] >> i % 64 & 1); }
static int32_t ssum_at(const mars_mr_t *r, unsigned i)
{
    return (int32_t)(r->srank[i / 64] + (uint32_t)__builtin_popcountll(r->sbits[i / 64] & ((1ull << i % 64) - 1)));
}
/* setBoundary's start of group g (g < nkeys): the sorted record of the g-th flag */
static int32_t bound_at(const mars_mr_t *r, unsigned g)
{
    unsigned lo = 0, hi = (r->ninter + 63) / 64;   /* the last word whose rank is g or below: it holds flag g */
    while (hi - lo > 1) {
        const unsigned mid = lo + (hi - lo) / 2;
        if (r->srank[mid] <= g)
            lo = mid;
        else
            hi = mid;
    }
    uint64_t w = r->sbits[lo];
    for (unsigned k = g - r->srank[lo]; k; k--)
        w &= w - 1;
    return (int32_t)(64 * lo + (unsigned)__builtin_ctzll(w));
}

/* The key bytes at offset x of the intermediate keys: held, or made in buf (ikp). */
static const uint8_t *ikey(const mars_mr_t *r, int32_t x, uint8_t buf[64])
{
    if (!r->ikp)
        return r->inter_keys + x;
    const uint32_t t = (uint32_t)r->iks - 8, j = (uint32_t)x / (uint32_t)r->iks;
    memcpy(buf, r->ikpre, 8), memcpy(buf + 8, r->inter_keys + (uint64_t)t * j, t);
    return buf;
}

typedef struct { const mars_t *m; const mars_mr_t *r; } cmpctx_t;

/* the file as a MapReduce's sort reads it: after its map's writes (II, PVC's second map: the
 * '\0' after each link or URL); PVC's first map writes nothing into it */
static int sort_post(const mars_t *m, const mars_mr_t *r) { return m->app == MARS_II || r->phase == 1; }

/* The file holding device address dev: its index, *at the offset of dev in it, *left its bytes from there; -1 none. */
static int file_at(const mars_t *m, uint64_t dev, uint64_t *at, uint64_t *left)
{
    for (unsigned f = 0; f < m->nfile; f++)
        if (dev >= m->d_file[f] && dev < m->d_file[f] + m->file_size[f]) {
            *at = dev - m->d_file[f];
            *left = m->file_size[f] - *at;
            return (int)f;
        }
    *at = *left = 0;
    return -1;
}

/* Byte `at` (below file_size[f]) of file f before the Mapper's writes: its bytes, or (II) its page's
 * byte unless the host wrote a '\0' there. */
static inline uint8_t file0_at(const mars_t *m, int f, uint64_t at)
{
    if (m->file0[f])
        return m->file0[f][at];
    if (m->pack5[f]) {   /* bits 5 at .. 5 at + 4, across two words where they straddle */
        const uint64_t bit = 5 * at, *w = &m->pack5[f][bit / 64];
        const unsigned o = bit % 64;
        return m->byte5[f][(w[0] >> o | (o > 59 ? w[1] << (64 - o) : 0)) & 31];
    }
    return m->cut[f][at / 64] >> at % 64 & 1 ? 0 : m->page[f][at % MARS_PAGE];
}

uint8_t mars_file0_at(const mars_t *m, int f, uint64_t at) { return file0_at(m, f, at); }

/* hash_func of len bytes of file f from `at`, as they were before the Mapper's writes */
static int32_t file_hash(const mars_t *m, int f, uint64_t at, int32_t len)
{
    int32_t h = len;
    for (int32_t i = 0; i < len; i++)
        h = hash_step(h, file0_at(m, f, at + (uint64_t)i));
    return h;
}

/* Byte `at` of file f as the Mapper found it (post 0) or left it (1). */
static int8_t file_byte(const mars_t *m, int post, int f, uint64_t at)
{
    if (post && m->zeroed[f][at / 64] >> at % 64 & 1)
        return 0;
    return (int8_t)file0_at(m, f, at);
}

/* The Mapper's write of '\0' at byte `at` of file f (the file after it, file_byte's post). */
static void file_zero(const mars_t *m, int f, uint64_t at) { m->zeroed[f][at / 64] |= 1ull << at % 64; }

/* compare.cu of the application on two key structs (raw + x); the string loop's trips */
static int app_compare(const mars_t *m, int post, const uint8_t *ka, const uint8_t *kb, unsigned *trips)
{
    *trips = 0;
    if (m->app == MARS_PVR) {
        int32_t h1 = rd32(ka), h2 = rd32(kb);
        return h1 > h2 ? -1 : h1 < h2 ? 1 : 0;
    }
    int32_t h1 = rd32(ka + 12), h2 = rd32(kb + 12);
    if (h1 > h2)
        return 1;
    if (h1 < h2)
        return -1;
    uint64_t fa, fb, a1, a2, la, lb;
    memcpy(&fa, ka, 8), memcpy(&fb, kb, 8);
    const int f1 = file_at(m, fa + (uint64_t)(int64_t)rd32(ka + 8), &a1, &la);
    const int f2 = file_at(m, fb + (uint64_t)(int64_t)rd32(kb + 8), &a2, &lb);
    uint64_t i = 0;
    for (;; i++) {
        int8_t c1 = i < la ? file_byte(m, post, f1, a1 + i) : 0, c2 = i < lb ? file_byte(m, post, f2, a2 + i) : 0;
        ++*trips;
        if (c1 != c2 || !c1 || !c2)
            return c1 > c2 ? 1 : c1 < c2 ? -1 : 0;
    }
}

/* getCompareValue on the host */
static int cmp_value(const cmpctx_t *c, mars_i4_t a, mars_i4_t b)
{
    if (a.x == -1 || b.x == -1)
        return a.x == b.x ? 0 : a.x == -1 ? -1 : 1;
    unsigned trips;
    uint8_t ba[64], bb[64];
    return app_compare(c->m, sort_post(c->m, c->r), ikey(c->r, a.x, ba), ikey(c->r, b.x, bb), &trips);
}

static int restore(mars_t *m, int64_t level);

unsigned mars_unsorted(const mars_t *m, unsigned mr)
{
    if (restore((mars_t *)(uintptr_t)m, -1))
        return ~0u;
    const mars_mr_t *r = m->mr[mr];
    cmpctx_t c = {m, r};
    unsigned bad = 0;
    for (unsigned i = 1; i < r->ninter; i++)
        bad += cmp_value(&c, sorted_rec(r, i - 1), sorted_rec(r, i)) > 0;
    return bad;
}

int mars_compare(const mars_t *m, unsigned mr, mars_i4_t a, mars_i4_t b)
{
    if (restore((mars_t *)(uintptr_t)m, -1))
        return 2;
    cmpctx_t c = {m, m->mr[mr]};
    return cmp_value(&c, a, b);
}

/* The records a host sort permutes: held whole (rec), or, a regular MapReduce's at set-up, as
 * their numbers (ix; UINT32_MAX a padding record): the same compares, a quarter of the bytes. */
typedef struct {
    mars_i4_t *rec;
    uint32_t *ix;
} svec_t;

static mars_i4_t sv_at(const mars_mr_t *r, svec_t v, unsigned i)
{
    if (v.rec)
        return v.rec[i];
    return v.ix[i] == UINT32_MAX ? (mars_i4_t){-1, -1, 0, 0} : inter_rec(r, v.ix[i]);
}
static svec_t sv_from(svec_t v, uint64_t at) { return (svec_t){v.rec ? v.rec + at : NULL, v.ix ? v.ix + at : NULL}; }

/* a bitonic compare-exchange of positions i < j, ascending when up */
static void cx(const cmpctx_t *c, svec_t v, unsigned i, unsigned j, int up)
{
    int a = cmp_value(c, sv_at(c->r, v, i), sv_at(c->r, v, j));
    if (up ? a > 0 : a < 0) {
        if (v.rec) {
            mars_i4_t t = v.rec[i];
            v.rec[i] = v.rec[j], v.rec[j] = t;
        } else {
            uint32_t t = v.ix[i];
            v.ix[i] = v.ix[j], v.ix[j] = t;
        }
    }
}

/* bitonicKernel(k, j) on all of v */
static void bitonic_all(const cmpctx_t *c, svec_t v, unsigned nr, unsigned k, unsigned j)
{
    for (unsigned d = 0; d < nr; d++) {
        unsigned x = d ^ j;
        if (x > d)
            cx(c, v, d, x, (d & k) == 0);
    }
}

/* one block of the shared kernels: unit (k = 2..256, j = k/2..1) or part (k = 256, j = 128..1),
 * descending when odd; the records before each step into steps[] (NULL: not kept; v.rec only) */
static unsigned block_sort(const cmpctx_t *c, svec_t v, int unit, int odd, mars_i4_t (*steps)[MARS_CHUNK])
{
    unsigned s = 0;
    for (unsigned k = unit ? 2 : MARS_CHUNK; k <= MARS_CHUNK; k <<= 1)
        for (unsigned j = k >> 1; j > 0; j >>= 1, s++) {
            if (steps)
                memcpy(steps[s], v.rec, sizeof steps[s]);
            for (unsigned tx = 0; tx < MARS_CHUNK; tx++) {
                unsigned x = tx ^ j;
                if (x > tx)
                    cx(c, v, tx, x, ((tx & k) == 0) != odd);
            }
        }
    return s;
}

/* d_R as initialize_kernel leaves it: the intermediate records, padded to numRecordsR */
static void pad_records(const mars_mr_t *r, mars_i4_t *out)
{
    for (unsigned i = 0; i < r->ninter; i++)
        out[i] = inter_rec(r, i);
    for (unsigned i = r->ninter; i < r->nr; i++)
        out[i] = (mars_i4_t){-1, -1, 0, 0};
}

/* launch l (a sort kernel) applied to v */
static void apply(const mars_t *m, const mars_launch_t *l, svec_t v)
{
    const mars_mr_t *mr = m->mr[l->mr];
    cmpctx_t c = {m, mr};
    if (l->kind == MK_BITONIC) {
        bitonic_all(&c, v, mr->nr, (unsigned)l->i[0], (unsigned)l->i[1]);
        return;
    }
    const unsigned chunk = (unsigned)l->i[0];
    for (unsigned bx = 0; bx < MARS_CHUNK; bx++) {
        const unsigned gb = MARS_CHUNK * chunk + bx;
        const int odd = l->kind == MK_UNIT_SORT ? (int)(gb & 1) : (int)((gb / (unsigned)l->i[1]) & 1);
        (void)block_sort(&c, sv_from(v, (uint64_t)gb * MARS_CHUNK), l->kind == MK_UNIT_SORT, odd, NULL);
    }
}

/* ---- launches ---- */

typedef struct {          /* MarsScan's block sums (g_scanBlockSums) */
    uint64_t d[8];
    unsigned levels, elts;
} sums_t;

static unsigned floor_pow2(unsigned n) { unsigned p = 1; while (2 * p <= n) p *= 2; return p; }
static int is_pow2(unsigned n) { return (n & (n - 1)) == 0; }
static unsigned scan_blocks(unsigned n) { unsigned b = (n + 2 * MARS_SCAN_BLOCK - 1) / (2 * MARS_SCAN_BLOCK); return b ? b : 1; }

static void prealloc_sums(mars_t *m, sums_t *s, unsigned n)
{
    s->levels = 0, s->elts = n;
    unsigned e = n;
    do {
        unsigned b = scan_blocks(e);
        if (b > 1)
            s->d[s->levels++] = dalloc(m, 4ull * b);
        e = b;
    } while (e > 1);
}

/* prescanArrayRecursive(out, in, n, level) */
static int scan_rec(mars_t *m, unsigned mr, const sums_t *s, uint64_t out, uint64_t in, unsigned n, unsigned level)
{
    const unsigned nb = scan_blocks(n);
    unsigned nt = nb > 1 ? MARS_SCAN_BLOCK : is_pow2(n) ? n / 2 : floor_pow2(n);
    const unsigned per = nt * 2, last = n - (nb - 1) * per;
    unsigned ntl = last / 2 ? last / 2 : 1, np2 = 0, shl = 0;
    if (last != per) {
        np2 = 1;
        if (!is_pow2(last))
            ntl = floor_pow2(last);
        shl = 4 * (2 * ntl + 2 * ntl / 16);
    }
    const unsigned sh = 4 * (per + per / 16);
    if (!nt)   /* one element: a launch of no threads */
        return 0;
    if (nb > 1) {
        uint64_t bs = s->d[level];
        if (push(m, (mars_launch_t){MK_PRESCAN, (uint8_t)mr, 1, nb - np2, nt, sh, {out, in, bs}, {per, 0, 0}}))
            return -1;
        if (np2 && push(m, (mars_launch_t){MK_PRESCAN, (uint8_t)mr, 3, 1, ntl, shl, {out, in, bs},
                                           {last, nb - 1, n - last}}))
            return -1;
        if (scan_rec(m, mr, s, bs, bs, nb, level + 1))
            return -1;
        if (push(m, (mars_launch_t){MK_UNIFORM_ADD, (uint8_t)mr, 0, nb - np2, nt, 4, {out, bs}, {n - last, 0, 0}}))
            return -1;
        if (np2 && push(m, (mars_launch_t){MK_UNIFORM_ADD, (uint8_t)mr, 0, 1, ntl, 4, {out, bs},
                                           {last, nb - 1, n - last}}))
            return -1;
        return 0;
    }
    return push(m, (mars_launch_t){MK_PRESCAN, (uint8_t)mr, is_pow2(n) ? 0 : 2, 1, nt, sh, {out, in, 0},
                                   {is_pow2(n) ? per : n, 0, 0}});
}

/* prefexSum(in, out, n): its own block sums */
static int prefix_sum(mars_t *m, unsigned mr, uint64_t in, uint64_t out, unsigned n)
{
    sums_t s;
    prealloc_sums(m, &s, n);
    return scan_rec(m, mr, &s, out, in, n, 0);
}

static void exscan(const int32_t *in, int32_t *out, unsigned n)
{
    int32_t a = 0;
    for (unsigned i = 0; i < n; i++)
        out[i] = a, a += in[i];
}

/* the helper kernels' launches over rLen (512 x 512 threads each, `threads` for copyChunks) */
static int aux(mars_t *m, unsigned mr, uint8_t kind, uint8_t flag, unsigned threads, unsigned n, uint64_t a0,
               uint64_t a1, uint64_t a2, uint64_t a3, int64_t i2)
{
    const unsigned chunk = MARS_AUX_BLOCKS * threads;
    for (unsigned c = 0; c == 0 || c < (n + chunk - 1) / chunk; c++)
        if (push(m, (mars_launch_t){kind, (uint8_t)mr, flag, MARS_AUX_BLOCKS, threads, 0, {a0, a1, a2, a3},
                                    {(int64_t)c * chunk, n, i2, 0}}))
            return -1;
    return 0;
}

/* ---- the application's map on the host: one record's emits ---- */

typedef struct {          /* the emitted pairs of one map thread */
    unsigned n, kb, vb, over;   /* over: more than 64 emits (run_mr refuses the input) */
    uint8_t key[64][16], val[64][8];
    uint8_t ks[64], vs[64];
} emits_t;

static void emit(emits_t *e, const uint8_t *k, unsigned ks, const uint8_t *v, unsigned vs)
{
    if (e->n == 64) {   /* more than a 1 KB block holds (II): not reached by the inputs made here */
        e->over = 1;
        return;
    }
    memcpy(e->key[e->n], k, ks), memcpy(e->val[e->n], v, vs);
    e->ks[e->n] = (uint8_t)ks, e->vs[e->n] = (uint8_t)vs;
    e->kb += ks, e->vb += vs, e->n++;
}

/* II's state machine (map.cu): the links of a block, calling link(j, len) for each */
enum { S_START, S_TAG, S_ATAG, S_HREF, S_LINK };
static void ii_links(const mars_t *m, int fid, uint64_t off, int32_t size, void (*link)(void *, int32_t, int32_t),
                     void *ctx)
{
    const uint64_t left = m->file_size[fid] - off;
#define CH(i) ((uint64_t)(i) < left ? file0_at(m, fid, off + (uint64_t)(i)) : 0)
    int st = S_START;
    for (int32_t j = 0; j < size; j++) {
        const uint8_t c = CH(j);
        switch (st) {
        case S_START: if (c == '<') st = S_TAG; break;
        case S_TAG: st = c == 'a' ? S_ATAG : c == ' ' ? S_TAG : S_START; break;
        case S_ATAG:
            if (c == 'h') {
                const char *h = "href";
                int x = 0;
                while (x < 4 && CH(j + x) == (uint8_t)h[x])
                    x++;
                if (x == 4 && CH(j + 4) != 0) {   /* href[4] == '\0' differs from url_start[4] */
                    st = S_HREF, j += 3;
                } else {
                    st = S_START;
                }
            } else {
                st = c == ' ' ? S_ATAG : S_START;
            }
            break;
        case S_HREF: st = c == ' ' || c == '=' ? S_HREF : c == '"' ? S_LINK : S_START; break;
        case S_LINK: {
            int32_t e = j;
            while (CH(e) != '"' && (uint64_t)e < left)
                e++;
            link(ctx, j, e - j);
            j = e;
            st = S_START;
            break;
        }
        }
    }
#undef CH
}

typedef struct {
    const mars_t *m;
    const mars_mr_t *r;
    unsigned rec;
    emits_t *e;
    int write;            /* the Mapper (not MapperCount): its writes into the file (zeroed) */
} mapctx_t;

static void ii_link(void *p, int32_t j, int32_t len)
{
    mapctx_t *c = p;
    uint8_t kb[64], vb[64];
    const uint8_t *key = in_key(c->r, c->rec, kb), *val = in_val(c->r, c->rec, vb);
    int32_t off = rd32(val), fid = rd32(val + 8);
    uint8_t k[16];
    memcpy(k, key, 16);
    wr32(k + 8, j + off);
    wr32(k + 12, file_hash(c->m, fid, (uint64_t)(off + j), len));   /* the link's bytes (before its '\0') */
    if (c->write && (uint64_t)(off + j + len) < c->m->file_size[fid])
        file_zero(c->m, fid, (uint64_t)(off + j + len));   /* *link_end = '\0' */
    emit(c->e, k, 16, val + 8, 4);
}

/* map() (or map_count()) of record `rec` on the host: its emits */
static void host_map(const mars_t *m, const mars_mr_t *r, unsigned rec, emits_t *e, int write)
{
    memset(e, 0, offsetof(emits_t, key));
    uint8_t kb[64], vb[64];
    const uint8_t *key = in_key(r, rec, kb), *val = in_val(r, rec, vb);
    switch (m->app) {
    case MARS_PVR: emit(e, key, 4, val, 4); return;
    case MARS_II: {
        mapctx_t c = {m, r, rec, e, write};
        int32_t off = rd32(val), size = rd32(val + 4), fid = rd32(val + 8);
        ii_links(m, fid, (uint64_t)off, size, ii_link, &c);
        return;
    }
    default: break;
    }
    uint8_t k[16];
    memcpy(k, key, 16);
    int32_t eoff = rd32(key + 8);
#define F(i) file0_at(m, 0, (uint64_t)(i))
    if (r->phase == 0) {   /* hash_func(entry, entry_size) */
        wr32(k + 12, file_hash(m, 0, (uint64_t)eoff, rd32(val)));
        emit(e, k, 16, val, 8);
        return;
    }
    int32_t us = 1, p = eoff;
    while (F(p) != '\t')
        p++, us++;
    int32_t p2 = p + 1;
    while (F(p2) != '\t')
        p2++;
    if (write) {
        file_zero(m, 0, (uint64_t)p);
        file_zero(m, 0, (uint64_t)p2);
    }
    uint8_t u[64];
    for (int32_t i = 0; i < (us - 1 < 63 ? us - 1 : 63); i++)
        u[i] = F(eoff + i);
#undef F
    u[us - 1 < 63 ? us - 1 : 63] = 0;   /* the URL and the '\0' just written */
    wr32(k + 12, hash_func(u, us));
    uint8_t v[4];
    wr32(v, eoff + us);
    emit(e, k, 16, v, 4);
}

/* ikp's keys of records 0 .. n - 1 held whole (a key whose first 8 bytes differ came). 0, -1. */
static int ik_expand(mars_mr_t *r, unsigned n)
{
    uint8_t *k = xcalloc(r->ikb, 1);
    if (!k)
        return -1;
    const uint32_t ks = (uint32_t)r->ck1;
    for (unsigned j = 0; j < n; j++) {
        memcpy(k + (uint64_t)ks * j, r->ikpre, 8);
        memcpy(k + (uint64_t)ks * j + 8, r->inter_keys + (uint64_t)(ks - 8) * j, ks - 8);
    }
    free(r->inter_keys);
    r->inter_keys = k, r->ikp = 0;
    return 0;
}

/* MapReduce(spec) for r: startMap, startGroup, [startReduce] */
static int run_mr(mars_t *m, unsigned idx)
{
    mars_mr_t *r = m->mr[idx];
    const unsigned n = r->nin;
    r->d_in_keys = dalloc(m, r->in_kb);
    r->d_in_vals = dalloc(m, r->in_vb);
    r->d_in_off = dalloc(m, 16ull * n);
    const unsigned grid = (n + MARS_BLOCK - 1) / MARS_BLOCK;
    r->mthreads = grid * MARS_BLOCK;
    const unsigned T = r->mthreads;
    r->d_cnt_k = dalloc(m, 4ull * T), r->d_cnt_v = dalloc(m, 4ull * T), r->d_cnt_n = dalloc(m, 4ull * T);
    if (push(m, (mars_launch_t){MK_MAP_COUNT, (uint8_t)idx, 0, grid, MARS_BLOCK, 0, {0}, {n, 1, T, 0}}))
        return -1;
    int32_t *ck = xcalloc(T, 4), *cv = xcalloc(T, 4), *cn = xcalloc(T, 4);
    emits_t *e = malloc(sizeof *e);
    if (!ck || !cv || !cn || !e)
        goto oom;
    for (unsigned i = 0; i < n; i++) {
        host_map(m, r, i, e, 0);
        if (e->over) {
            fprintf(stderr, "mars: map record %u emits more than 64 pairs, more than the model keeps a thread\n", i);
            goto oom;
        }
        ck[i] = (int32_t)e->kb, cv[i] = (int32_t)e->vb, cn[i] = (int32_t)e->n;
    }
    r->psreg = 1, r->ck1 = ck[0], r->cv1 = cv[0], r->cn1 = cn[0];   /* T >= n >= 1 */
    for (unsigned i = 1; i < n && r->psreg; i++)   /* (past n: none, calloc's) */
        r->psreg = ck[i] == r->ck1 && cv[i] == r->cv1 && cn[i] == r->cn1;
    if (!r->psreg) {
        r->ps_k = xcalloc(T, 4), r->ps_v = xcalloc(T, 4), r->ps_n = xcalloc(T, 4);
        if (!r->ps_k || !r->ps_v || !r->ps_n)
            goto oom;
        exscan(ck, r->ps_k, T), exscan(cv, r->ps_v, T), exscan(cn, r->ps_n, T);
    }
    r->ikb = (uint64_t)PS_K(r, T - 1) + (uint64_t)ck[T - 1];
    r->ivb = (uint64_t)PS_V(r, T - 1) + (uint64_t)cv[T - 1];
    r->ninter = (unsigned)(PS_N(r, T - 1) + cn[T - 1]);
    r->d_ps_k = dalloc(m, 4ull * T);
    if (prefix_sum(m, idx, r->d_cnt_k, r->d_ps_k, T))
        goto oom;
    r->d_ps_v = dalloc(m, 4ull * T);
    if (prefix_sum(m, idx, r->d_cnt_v, r->d_ps_v, T))
        goto oom;
    r->d_ps_n = dalloc(m, 4ull * T);
    if (prefix_sum(m, idx, r->d_cnt_n, r->d_ps_n, T))
        goto oom;
    free(ck), free(cv), free(cn);
    ck = cv = cn = NULL;
    if (!r->ninter) {   /* "** No output." */
        free(e);
        return 0;
    }
    const unsigned N = r->ninter;
    r->d_inter_keys = dalloc(m, r->ikb), r->d_inter_vals = dalloc(m, r->ivb), r->d_inter_off = dalloc(m, 16ull * N);
    r->d_kv = dalloc(m, 8ull * T), r->d_cur = dalloc(m, 4ull * T);
    if (push(m, (mars_launch_t){MK_MAP, (uint8_t)idx, 0, grid, MARS_BLOCK, MARS_BLOCK * 4 * 5, {0}, {n, 1, T, 0}}))
        goto oom;
    /* one pair a record, every one the same sizes: the records are regular (ireg) already */
    const int known = r->psreg && r->cn1 == 1;
    r->inter_off = known ? NULL : xcalloc(N, sizeof *r->inter_off);
    r->ikp = known && r->ck1 > 8 && r->ck1 <= 64;   /* until a key's first 8 bytes differ from the first's */
    r->inter_keys = xcalloc(r->ikp ? (uint64_t)N * (uint32_t)(r->ck1 - 8) : r->ikb, 1);
    if ((!known && !r->inter_off) || !r->inter_keys)
        goto oom;
    for (unsigned i = 0; i < n; i++) {
        host_map(m, r, i, e, 1);
        int32_t ko = PS_K(r, i), vo = PS_V(r, i);
        for (unsigned q = 0; q < e->n; q++) {
            if (!known)
                r->inter_off[PS_N(r, i) + (int32_t)q] = (mars_i4_t){ko, e->ks[q], vo, e->vs[q]};
            if (r->ikp && i && memcmp(r->ikpre, e->key[q], 8) && ik_expand(r, i))
                goto oom;
            if (r->ikp) {   /* record i (one a record) */
                if (!i)
                    memcpy(r->ikpre, e->key[q], 8);
                memcpy(r->inter_keys + (uint64_t)i * (uint32_t)(r->ck1 - 8), e->key[q] + 8, (size_t)(e->ks[q] - 8));
            } else {
                memcpy(r->inter_keys + ko, e->key[q], e->ks[q]);
            }
            ko += e->ks[q], vo += e->vs[q];
        }
    }
    free(e);
    e = NULL;
    /* records all of the first one's sizes, end to end (PVC, PVR): held as the two sizes */
    const mars_i4_t i0 = known ? (mars_i4_t){0, r->ck1, 0, r->cv1} : r->inter_off[0];
    unsigned reg = i0.x == 0 && i0.z == 0;
    for (unsigned i = 1; i < N && reg && !known; i++) {
        const mars_i4_t o = r->inter_off[i];
        reg = o.y == i0.y && o.w == i0.w && (uint32_t)o.x == (uint32_t)i0.y * i && (uint32_t)o.z == (uint32_t)i0.w * i;
    }
    if (reg) {
        r->ireg = 1, r->iks = i0.y, r->ivs = i0.w;
        free(r->inter_off), r->inter_off = NULL;
    }

    /* startGroup: sort_GPU */
    r->d_out_keys = dalloc(m, r->ikb), r->d_out_vals = dalloc(m, r->ivb), r->d_out_off = dalloc(m, 16ull * N);
    sums_t gs;
    prealloc_sums(m, &gs, N);   /* saven_initialPrefixSum */
    cmpctx_t c = {m, r};
    unsigned nr = 1;
    while (nr < N)
        nr *= 2;
    if (N <= MARS_CHUNK) {
        r->sorted = xcalloc(N, sizeof *r->sorted);
        if (!r->sorted)
            goto oom;
        r->path = PATH_SINGLE, r->nr = MARS_CHUNK;
        mars_i4_t b[MARS_CHUNK];
        for (unsigned i = 0; i < MARS_CHUNK; i++)
            b[i] = i < N ? inter_rec(r, i) : (mars_i4_t){-1, 0, 0, 0};
        (void)block_sort(&c, (svec_t){b, NULL}, 1, 0, NULL);
        memcpy(r->sorted, b + MARS_CHUNK - N, N * sizeof *b);
        if (push(m, (mars_launch_t){MK_SORT_SINGLE, (uint8_t)idx, 0, 1, MARS_CHUNK, 16 * MARS_CHUNK, {0}, {N, 0, 0, 0}}))
            goto oom;
    } else {
        if (nr < MARS_CHUNK)
            nr = MARS_CHUNK;
        r->nr = nr, r->path = N <= MARS_SORT_BIG ? PATH_GLOBAL : PATH_CHUNKED;
        r->d_R = dalloc(m, 16ull * nr);
        /* the records (a regular MapReduce's: their numbers, made its sidx) */
        const int byidx = sorted_idx(r);
        mars_i4_t *cur = byidx ? NULL : xcalloc(nr, sizeof *cur);
        uint32_t *ci = byidx ? xcalloc(nr, sizeof *ci) : NULL;
        if (!cur && !ci)
            goto oom;
        if (cur)
            pad_records(r, cur);
        for (unsigned i = 0; ci && i < nr; i++)
            ci[i] = i < N ? i : UINT32_MAX;
        int bad = aux(m, idx, MK_INIT, 0, MARS_AUX_THREADS, nr, r->d_R, 0, 0, 0, 0);
        const unsigned gx = nr / MARS_CHUNK >= 65536 ? 32768 : nr / MARS_CHUNK, gy = nr / MARS_CHUNK / gx;
        unsigned kfirst = 2;
        if (r->path == PATH_CHUNKED) {
            for (unsigned ch = 0; ch < nr / (MARS_CHUNK * MARS_CHUNK) && !bad; ch++)
                bad = push(m, (mars_launch_t){MK_UNIT_SORT, (uint8_t)idx, 0, MARS_CHUNK, MARS_CHUNK, 16 * MARS_CHUNK,
                                              {0}, {ch, 0, 0, 0}});
            kfirst = 2 * MARS_CHUNK;
        }
        for (unsigned k = kfirst; k <= nr && !bad; k *= 2) {
            for (unsigned j = k / 2; j > (r->path == PATH_CHUNKED ? MARS_CHUNK / 2 : 0) && !bad; j /= 2)
                bad = push(m, (mars_launch_t){MK_BITONIC, (uint8_t)idx, 0, gx, MARS_CHUNK, 0, {0},
                                              {k, j, gy, 0}});
            if (r->path == PATH_CHUNKED)
                for (unsigned ch = 0; ch < nr / (MARS_CHUNK * MARS_CHUNK) && !bad; ch++)
                    bad = push(m, (mars_launch_t){MK_PART_SORT, (uint8_t)idx, 0, MARS_CHUNK, MARS_CHUNK,
                                                  16 * MARS_CHUNK, {0}, {ch, k / MARS_CHUNK, 0, 0}});
        }
        if (bad) {
            free(cur), free(ci);
            goto oom;
        }
        for (unsigned l = 0; l < m->nlaunch; l++)   /* this sort's launches, on the host */
            if (m->launch[l].mr == idx && (m->launch[l].kind == MK_BITONIC || m->launch[l].kind == MK_UNIT_SORT ||
                                           m->launch[l].kind == MK_PART_SORT))
                apply(m, &m->launch[l], (svec_t){cur, ci});
        if (ci) {   /* the padding sorts first */
            memmove(ci, ci + (nr - N), N * sizeof *ci);
            uint32_t *sidx = realloc(ci, N * sizeof *ci);
            r->sidx = sidx ? sidx : ci;
        } else {
            memmove(cur, cur + (nr - N), N * sizeof *cur);
            mars_i4_t *sorted = realloc(cur, N * sizeof *cur);
            r->sorted = sorted ? sorted : cur;
        }
    }
    /* regular records: each sorted one as its index (every record's x is iks times it; the sort
     * of the single block sorted records) */
    if (sorted_idx(r) && !r->sidx) {
        r->sidx = xcalloc(N, sizeof *r->sidx);
        if (!r->sidx)
            goto oom;
        for (unsigned i = 0; i < N; i++)
            r->sidx[i] = (uint32_t)r->sorted[i].x / (uint32_t)r->iks;
        free(r->sorted), r->sorted = NULL;
    }
    /* the values' and the keys' scatter, then the group boundaries */
    r->d_PA = dalloc(m, 8ull * N);
    const size_t nw = N / 64 + 1;
    r->sbits = xcalloc(nw, sizeof *r->sbits), r->srank = xcalloc(nw, sizeof *r->srank);
    int32_t *sz = r->ireg ? NULL : xcalloc(N, 4);   /* regular records: every size the same, the scans k * i */
    if (!r->ireg) {
        r->vdst = xcalloc(N, 4), r->kdst = xcalloc(N, 4);
        if (!r->vdst || !r->kdst || !sz) {
            free(sz);
            goto oom;
        }
    }
    if (!r->sbits || !r->srank) {
        free(sz);
        goto oom;
    }
    for (int pass = 0; pass < 2; pass++) {   /* 0: values (ZW), 1: keys (XY) */
        for (unsigned i = 0; i < N && sz; i++)
            sz[i] = pass ? r->sorted[i].y : r->sorted[i].w;
        if (sz)
            exscan(sz, pass ? r->kdst : r->vdst, N);
        uint64_t dsize, dsum;
        int bad = aux(m, idx, MK_GET_XY, (uint8_t)pass, MARS_AUX_THREADS, N, r->d_out_off, r->d_PA, 0, 0, 0);
        dsize = dalloc(m, 4ull * N);
        bad = bad || aux(m, idx, MK_GET_INTY, (uint8_t)pass, MARS_AUX_THREADS, N, r->d_PA, dsize, 0, 0, 0);
        dsum = dalloc(m, 4ull * N);
        bad = bad || scan_rec(m, idx, &gs, dsum, dsize, N, 0);
        bad = bad || aux(m, idx, MK_COPY_CHUNKS, (uint8_t)pass, MARS_COPY_THREADS, N,
                         pass ? r->d_inter_keys : r->d_inter_vals, r->d_PA, dsum, pass ? r->d_out_keys : r->d_out_vals,
                         0);
        bad = bad || aux(m, idx, MK_SET_XY, (uint8_t)pass, MARS_AUX_THREADS, N, r->d_out_off, r->d_PA, 0, 0, 0);
        if (bad) {
            free(sz);
            goto oom;
        }
    }
    free(sz);
    uint32_t a = 0;
    for (unsigned i = 0; i < N; i++) {
        if (i % 64 == 0)
            r->srank[i / 64] = a;
        if (i == 0 || cmp_value(&c, sorted_rec(r, i), sorted_rec(r, i - 1)) != 0)
            r->sbits[i / 64] |= 1ull << i % 64, a++;
    }
    r->nkeys = a;
    r->d_start = dalloc(m, 4ull * N);
    if (aux(m, idx, MK_CHUNK_BOUNDARY, 0, MARS_AUX_THREADS, N, r->d_out_keys, r->d_out_off, r->d_start, 0, 0))
        goto oom;
    r->d_ssum = dalloc(m, 4ull * N);
    if (scan_rec(m, idx, &gs, r->d_ssum, r->d_start, N, 0))
        goto oom;
    r->d_bound = dalloc(m, 4ull * r->nkeys);
    if (aux(m, idx, MK_WRITE_BOUNDARY, 0, MARS_AUX_THREADS, N, r->d_start, r->d_ssum, r->d_bound, 0, 0))
        goto oom;
    r->d_range = dalloc(m, 8ull * r->nkeys);
    if (aux(m, idx, MK_SET_BOUNDARY, 0, MARS_AUX_THREADS, r->nkeys, r->d_bound, r->d_range, 0, 0, N))
        goto oom;
    r->d_klr = dalloc(m, 8ull * r->nkeys);   /* interKeyListRange, copied from the host */
    if (!r->reduce)
        return 0;

    /* startReduce: PVC's first MapReduce (reduce_count: EmitCount(16, 8); reduce: phase = 1, Emit) */
    const unsigned K = r->nkeys, rg = (K + MARS_BLOCK - 1) / MARS_BLOCK, RT = rg * MARS_BLOCK;
    r->rthreads = RT;
    r->d_rcnt_k = dalloc(m, 4ull * RT), r->d_rcnt_v = dalloc(m, 4ull * RT), r->d_rcnt_n = dalloc(m, 4ull * RT);
    if (push(m, (mars_launch_t){MK_RED_COUNT, (uint8_t)idx, 0, rg, MARS_BLOCK, 0, {0}, {K, 1, RT, 0}}))
        goto oom;
    r->d_rps_k = dalloc(m, 4ull * RT);
    if (prefix_sum(m, idx, r->d_rcnt_k, r->d_rps_k, RT))
        goto oom;
    r->d_rps_v = dalloc(m, 4ull * RT);
    if (prefix_sum(m, idx, r->d_rcnt_v, r->d_rps_v, RT))
        goto oom;
    r->d_rps_n = dalloc(m, 4ull * RT);
    if (prefix_sum(m, idx, r->d_rcnt_n, r->d_rps_n, RT))
        goto oom;
    r->d_rkeys = dalloc(m, 16ull * K), r->d_rvals = dalloc(m, 8ull * K), r->d_roff = dalloc(m, 16ull * K);
    r->d_rkv = dalloc(m, 8ull * RT), r->d_rcur = dalloc(m, 4ull * RT);
    if (push(m, (mars_launch_t){MK_RED, (uint8_t)idx, 0, rg, MARS_BLOCK, MARS_BLOCK * 4 * 5, {0}, {K, 1, RT, 0}}))
        goto oom;
    r->nout = K;
    r->out_keys = xcalloc(K, r->ikp ? 8 : 16);   /* (ikp: less the 8 in ikpre) */
    if (!r->out_keys)
        goto oom;
    for (unsigned g = 0; g < K; g++) {
        const mars_i4_t s = sorted_rec(r, (unsigned)bound_at(r, g));
        uint8_t kb[64];
        const uint8_t *k = ikey(r, s.x, kb);
        if (r->ikp)
            memcpy(r->out_keys + 8 * g, k + 8, 8);
        else
            memcpy(r->out_keys + 16 * g, k, 16);
    }
    return 0;
oom:
    free(ck), free(cv), free(cn), free(e);
    return -1;
}

static void snap_put(mars_snap_t *s);
static void group_lasts(mars_t *m, unsigned mr);

void mars_free(mars_t *m)
{
    for (unsigned f = 0; f < 3; f++)
        free(m->file0[f]), free(m->zeroed[f]), free(m->page[f]), free(m->cut[f]), free(m->pack5[f]);
    for (unsigned i = 0; i < 2; i++)
        mr_free(m->mr[i]);
    free(m->launch);
    snap_put(m->snap);
    memset(m, 0, sizeof *m);
}

static mars_mr_t *mr_new(unsigned n, uint64_t kb, uint64_t vb, int lines)
{
    mars_mr_t *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->nin = n, r->in_kb = kb, r->in_vb = vb, r->in_ks = n ? (int32_t)(kb / n) : 0, r->in_vs = n ? (int32_t)(vb / n) : 0;
    if (lines)
        r->lines = xcalloc(n + 1ull, sizeof *r->lines);
    else
        r->in_keys = xcalloc(kb, 1), r->in_vals = xcalloc(vb, 1);
    if (lines ? !r->lines : !r->in_keys || !r->in_vals) {
        mr_free(r);
        return NULL;
    }
    return r;
}

/* cudaMalloc + copy (nothing written yet). With pg (MARS_PAGE bytes): a file whose every byte is
 * pg's at its offset modulo MARS_PAGE or a '\0' is held as the page and the '\0's (file0_at), an
 * eighth of its size (II's three files: 29 MB -> 3.6 MB); else one of 64 bytes or more with 32
 * distinct bytes or fewer in 5 bits a byte (pack5: PVC's log, 30); any other, byte for byte. own:
 * the file takes bytes (malloc'd), kept as file0 or freed once copied; on an error the caller
 * still owns it. */
static int add_file(mars_t *m, uint8_t *bytes, uint64_t size, const uint8_t *pg, int own)
{
    unsigned f = m->nfile++;
    m->file_size[f] = size;
    m->d_file[f] = dalloc(m, size);
    m->zeroed[f] = xcalloc((size + 63) / 64, sizeof *m->zeroed[f]);
    if (!m->zeroed[f])
        return -1;
    int periodic = pg != NULL;
    for (uint64_t i = 0; periodic && i < size; i++)
        periodic = bytes[i] == pg[i % MARS_PAGE] || !bytes[i];
    if (periodic) {
        m->page[f] = malloc(MARS_PAGE), m->cut[f] = xcalloc((size + 63) / 64, sizeof *m->cut[f]);
        if (!m->page[f] || !m->cut[f])
            return -1;
        memcpy(m->page[f], pg, MARS_PAGE);
        for (uint64_t i = 0; i < size; i++)
            if (bytes[i] != pg[i % MARS_PAGE])
                m->cut[f][i / 64] |= 1ull << i % 64;
        if (own)
            free(bytes);
        return 0;
    }
    uint8_t code[256] = {0};   /* 1 + the byte's index in byte5[f] */
    unsigned nb = 0;
    for (uint64_t i = 0; i < size && nb <= 32; i++)
        if (!code[bytes[i]]) {
            if (nb < 32)
                m->byte5[f][nb] = bytes[i];
            code[bytes[i]] = (uint8_t)++nb;
        }
    if (nb <= 32 && size >= 64) {   /* 5 bits a byte (a byte across two words: the second holds bits of it) */
        if (!(m->pack5[f] = xcalloc((5 * size + 63) / 64, sizeof *m->pack5[f])))
            return -1;
        for (uint64_t i = 0; i < size; i++) {
            const uint64_t bit = 5 * i, c = code[bytes[i]] - 1u;
            m->pack5[f][bit / 64] |= c << bit % 64;
            if (bit % 64 > 59)
                m->pack5[f][bit / 64 + 1] |= c >> (64 - bit % 64);
        }
        if (own)
            free(bytes);
        return 0;
    }
    if (own) {   /* the caller's buffer, kept */
        m->file0[f] = bytes;
        return 0;
    }
    if (!(m->file0[f] = malloc(size ? size : 1)))
        return -1;
    memcpy(m->file0[f], bytes, size);
    return 0;
}

int mars_build(mars_t *m, int app, uint64_t size)
{
    memset(m, 0, sizeof *m);
    m->app = app, m->size = size, m->hi = -1;
    mars_mr_t *r = NULL;
    if (app == MARS_II) {
        /* three files, each its page repeated to size / 3 KB (the last copy cut at a line's end);
         * makeup(): size = st_size + 1, data[size - 1] = '\0'; records of 1 KB to the next line end */
        uint8_t *pg = malloc(MARS_PAGE);
        const uint64_t bytes = size * 1024 / 3;
        uint8_t *buf = malloc(bytes + 2);
        mars_i4_t *off = NULL;
        int32_t *vals = NULL;
        unsigned n = 0, cap = 0;
        if (!pg || !buf)
            goto ii_oom;
        for (unsigned f = 0; f < 3; f++) {
            gen_page(pg, 0x4d617273ull * (f + 1));
            for (uint64_t i = 0; i < bytes; i++)
                buf[i] = pg[i % MARS_PAGE];
            uint64_t len = bytes;
            while (len > 1 && buf[len - 1] != '\n')
                len--;
            buf[len] = 0;
            const uint64_t fsz = len + 1;
            /* main.cu's split: the host writes '\0' over each record's last '\n' */
            uint64_t o = 0, p = 0;
            for (;;) {
                uint64_t bs = o + 1024 > fsz ? fsz - o : 1024;
                p += bs;
                while (p < fsz && buf[p] != '\n' && buf[p] != 0)
                    p++;
                if (n == cap) {
                    cap = cap ? 2 * cap : 1024;
                    mars_i4_t *a = realloc(off, cap * sizeof *a);
                    int32_t *v = a ? realloc(vals, cap * 3 * sizeof *v) : NULL;
                    if (a)
                        off = a;
                    if (!a || !v)
                        goto ii_oom;
                    vals = v;
                }
                if (p < fsz && buf[p] != 0) {
                    buf[p++] = 0;
                    bs = p - o;
                    vals[3 * n] = (int32_t)o, vals[3 * n + 1] = (int32_t)bs, vals[3 * n + 2] = (int32_t)f, n++;
                    o += bs;
                } else {
                    vals[3 * n] = (int32_t)o, vals[3 * n + 1] = (int32_t)(fsz - o), vals[3 * n + 2] = (int32_t)f, n++;
                    break;
                }
            }
            if (add_file(m, buf, fsz, pg, 0))
                goto ii_oom;
        }
        if (!(r = mr_new(n, 16ull * n, 12ull * n, 0)))
            goto ii_oom;
        for (unsigned i = 0; i < n; i++) {   /* II_KEY_T {file_buf, url_offset, url_hash}, II_VAL_T */
            wr64(r->in_keys + 16 * i, m->d_file[vals[3 * i + 2]]);
            memcpy(r->in_vals + 12 * i, vals + 3 * i, 12);
        }
        free(pg), free(buf), free(off), free(vals);
        goto run;
    ii_oom:
        free(pg), free(buf), free(off), free(vals);
        mars_free(m);
        return -1;
    }
    uint64_t len;
    char *s = gen_weblog(size, app == MARS_PVR, &len);
    if (!s)
        return -1;
    if (app == MARS_PVC) {   /* fileSize = ftell + 1, the last byte '\n'; lines '\0'-terminated */
        uint8_t *fb = realloc(s, len + 1);   /* the log itself, at its size, made the file in place */
        if (!fb) {
            free(s);
            return -1;
        }
        s = NULL;
        if (!(r = mr_new((unsigned)size, 16 * size, 8 * size, 1))) {
            free(fb);
            return -1;
        }
        fb[len] = '\n';
        uint64_t cur = 0;
        for (unsigned i = 0; i < size; i++) {
            uint64_t e = cur;
            while (fb[e] != '\n')
                e++;
            fb[e] = 0;
            r->lines[i] = (uint32_t)cur;   /* in_key, in_val: entry_offset, entry_size */
            cur = e + 1;
        }
        r->lines[size] = (uint32_t)cur;
        if (add_file(m, fb, len + 1, NULL, 1)) {   /* fb kept as the file */
            free(fb);
            mr_free(r);
            mars_free(m);
            return -1;
        }
        r->lfile = m->d_file[0];   /* file_buf */
        r->reduce = 1;
    } else {   /* PVR: key = atoi(rank), value = the line's offset; the file stays on the host */
        if (!(r = mr_new((unsigned)size, 4 * size, 4 * size, 0))) {
            free(s);
            return -1;
        }
        uint64_t cur = 0;
        for (unsigned i = 0; i < size; i++) {
            uint64_t t = cur;
            while (s[t] != '\t')
                t++;
            uint64_t e = t;
            while (s[e] != '\n')
                e++;
            wr32(r->in_keys + 4 * i, atoi(s + t + 1));
            wr32(r->in_vals + 4 * i, (int32_t)cur);
            cur = e + 1;
        }
    }
    free(s);
run:
    m->mr[0] = r, m->nmr = 1;
    if (run_mr(m, 0))
        goto oom;
    if (app == MARS_PVC && r->nout) {   /* the second MapReduce: the first's output, MAP_GROUP */
        mars_mr_t *q = calloc(1, sizeof *q);
        if (!q)
            goto oom;
        q->nin = r->nout, q->in_kb = 16ull * r->nout, q->in_vb = 8ull * r->nout, q->in_ks = 16, q->in_vs = 8;
        q->in_keys = r->out_keys, q->in_vals = r->out_vals;   /* moved, not copied */
        q->inp = r->ikp, memcpy(q->inpre, r->ikpre, 8);
        r->out_keys = r->out_vals = NULL;
        q->phase = 1;
        m->mr[1] = q, m->nmr = 2;
        /* the second map reads the file as the first left it; its own writes are marked in zeroed */
        if (run_mr(m, 1))
            goto oom;
    }
    for (unsigned i = 0; i < m->nmr; i++)
        group_lasts(m, i);
    return 0;
oom:
    mars_free(m);
    return -1;
}

void mars_counts(const mars_t *m, unsigned mr, unsigned *nin, unsigned *ninter, unsigned *nkeys, unsigned *nout)
{
    const mars_mr_t *r = m->mr[mr];
    *nin = r->nin, *ninter = r->ninter, *nkeys = r->nkeys, *nout = r->nout;
}

/* ---- what a launch's threads read (mars_open) ------------------------------------------------------------------ */

struct mars_snap {        /* the records before one sort launch, shared by its open kernels */
    unsigned refs, level, mr;
    int byidx;               /* held as their numbers (a regular MapReduce's: svec_t.ix), else whole */
    uint64_t data[];
};

static svec_t snap_vec(const mars_snap_t *s)
{
    void *p = (void *)(uintptr_t)s->data;
    return s->byidx ? (svec_t){NULL, p} : (svec_t){p, NULL};
}

typedef struct {
    const mars_t *m;
    const mars_launch_t *L;
    const mars_mr_t *r;
    unsigned level;
    mars_snap_t *snap;    /* the bitonic kernels: the records as the launch finds them */
    int64_t blk;          /* the shared kernels: the block whose steps are below (-1: none) */
    mars_i4_t steps[36][MARS_CHUNK];
} mars_data_t;

static void snap_put(mars_snap_t *s)
{
    if (s && !--s->refs)
        free(s);
}

static int is_sort(uint8_t k) { return k == MK_BITONIC || k == MK_UNIT_SORT || k == MK_PART_SORT; }

/* The groups (MG_*) a launch of kind k reads: a bit each. */
static unsigned group_reads(uint8_t k)
{
    switch (k) {
    case MK_MAP_COUNT: case MK_MAP: return 1u << MG_IN | 1u << MG_PS;
    case MK_SORT_SINGLE: case MK_UNIT_SORT: case MK_BITONIC: case MK_PART_SORT: return 1u << MG_IOFF | 1u << MG_IKEYS;
    case MK_COPY_CHUNKS: return 1u << MG_SORTED;
    case MK_CHUNK_BOUNDARY: return 1u << MG_SORTED | 1u << MG_IKEYS;
    case MK_WRITE_BOUNDARY: return 1u << MG_START;
    case MK_RED_COUNT: case MK_RED: return 1u << MG_SORTED | 1u << MG_START;
    default: return 0;
    }
}

static void group_lasts(mars_t *m, unsigned mr)
{
    mars_mr_t *r = m->mr[mr];
    for (unsigned g = 0; g < MG_N; g++)
        r->last[g] = -1;
    for (unsigned l = 0; l < m->nlaunch; l++)
        if (m->launch[l].mr == mr)
            for (unsigned b = group_reads(m->launch[l].kind); b; b &= b - 1)
                r->last[__builtin_ctz(b)] = l;
}

/* Group g's arrays of r, as pointers to its fields. */
static unsigned group_fields(mars_mr_t *r, unsigned g, void ***f)
{
    switch (g) {
    case MG_IN: f[0] = (void **)&r->in_keys, f[1] = (void **)&r->in_vals, f[2] = (void **)&r->lines; return 3;
    case MG_PS: f[0] = (void **)&r->ps_k, f[1] = (void **)&r->ps_v, f[2] = (void **)&r->ps_n; return 3;
    case MG_IOFF: f[0] = (void **)&r->inter_off; return 1;
    case MG_IKEYS: f[0] = (void **)&r->inter_keys; return 1;
    case MG_SORTED:
        f[0] = (void **)&r->sorted, f[1] = (void **)&r->kdst, f[2] = (void **)&r->vdst, f[3] = (void **)&r->sidx;
        return 4;
    default: f[0] = (void **)&r->sbits, f[1] = (void **)&r->srank; return 2;   /* MG_START */
    }
}

/* The groups freed that launch level, or the test hooks (every group: level -1), read:
 * the host program run again, what was freed taken from its run (what is not freed
 * is left, so an open launch's arrays stay where they are). 0, -1 out of memory. */
static int restore(mars_t *m, int64_t level)
{
    unsigned need = 0;
    for (unsigned i = 0; i < m->nmr; i++)
        need |= m->mr[i]->gone & (level < 0 ? ~0u : i == m->launch[level].mr ? group_reads(m->launch[level].kind) : 0);
    if (!need)
        return 0;
    mars_t n;
    if (mars_build(&n, m->app, m->size))
        return -1;
    for (unsigned i = 0; i < m->nmr; i++)
        for (unsigned g = 0; g < MG_N; g++)
            if (m->mr[i]->gone >> g & 1) {
                void **a[4], **b[4];
                const unsigned k = group_fields(m->mr[i], g, a);
                (void)group_fields(n.mr[i], g, b);
                for (unsigned f = 0; f < k; f++)
                    *a[f] = *b[f], *b[f] = NULL;
                m->mr[i]->gone &= ~(1u << g);
            }
    mars_free(&n);
    return 0;
}

/* Launch level opens with none open: the groups no launch from it on reads are freed. */
static void release(mars_t *m, unsigned level)
{
    for (unsigned i = 0; i < m->nmr; i++) {
        mars_mr_t *r = m->mr[i];
        for (unsigned g = 0; g < MG_N; g++)
            if (!(r->gone >> g & 1) && r->last[g] < (int64_t)level) {
                void **f[4];
                for (unsigned k = group_fields(r, g, f); k--;)
                    free(*f[k]), *f[k] = NULL;
                r->gone |= 1u << g;
            }
    }
    if (m->snap && m->snap->refs == 1 && (m->mr[m->snap->mr]->gone >> MG_IOFF & 1))   /* its sort has run */
        snap_put(m->snap), m->snap = NULL;
}

unsigned mars_gone(const mars_t *m, unsigned mr) { return m->mr[mr]->gone; }

unsigned mars_bound_errors(const mars_t *m, unsigned mr)
{
    if (restore((mars_t *)(uintptr_t)m, -1))
        return ~0u;
    const mars_mr_t *r = m->mr[mr];
    unsigned bad = 0, g = 0;
    for (unsigned i = 0; i < r->ninter; i++)
        if (start_at(r, i))
            bad += bound_at(r, g++) != (int32_t)i;
    return bad + (g != r->nkeys);
}
unsigned mars_groups(void) { return (1u << MG_N) - 1; }

void *mars_open(const void *mm, unsigned level)
{
    mars_t *m = (mars_t *)(uintptr_t)mm;
    if (level >= m->nlaunch)
        return NULL;
    if (!m->nopen && (int64_t)level > m->hi)
        release(m, level);
    m->hi = (int64_t)level > m->hi ? (int64_t)level : m->hi;
    if (restore(m, level))
        return NULL;
    mars_data_t *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->m = m, d->L = &m->launch[level], d->r = m->mr[d->L->mr], d->level = level, d->blk = -1;
    if (is_sort(d->L->kind) && (!m->snap || m->snap->level != level)) {
        /* from the records before an earlier launch of this sort (in place when no open
         * launch holds them), else from d_R as initialize leaves it */
        const mars_mr_t *r = d->r;
        const unsigned mr = d->L->mr;
        mars_snap_t *o = m->snap, *s = NULL;
        const int from_o = o && o->mr == mr && o->level <= level;
        if (from_o && o->refs == 1) {
            s = o, m->snap = NULL;
        } else if ((s = malloc(sizeof *s + r->nr * (sorted_idx(r) ? sizeof(uint32_t) : sizeof(mars_i4_t))))) {
            s->refs = 1, s->mr = mr, s->byidx = sorted_idx(r);   /* the reference m->snap holds */
            const svec_t v = snap_vec(s);
            if (from_o)
                memcpy(s->data, o->data, r->nr * (s->byidx ? sizeof(uint32_t) : sizeof(mars_i4_t)));
            else if (v.rec)
                pad_records(r, v.rec);
            else
                for (unsigned i = 0; i < r->nr; i++)
                    v.ix[i] = i < r->ninter ? i : UINT32_MAX;
            s->level = from_o ? o->level : 0;
        }
        if (!s) {
            free(d);
            return NULL;
        }
        for (unsigned at = s->level; at < level; at++)
            if (m->launch[at].mr == mr && is_sort(m->launch[at].kind))
                apply(m, &m->launch[at], snap_vec(s));
        s->level = level;
        snap_put(m->snap);
        m->snap = s;
    }
    if (is_sort(d->L->kind)) {
        m->snap->refs++;
        d->snap = m->snap;
    }
    m->nopen++;
    return d;
}

void mars_close(void *p)
{
    mars_data_t *d = p;
    if (!d)
        return;
    snap_put(d->snap);
    ((mars_t *)(uintptr_t)d->m)->nopen--;
    free(d);
}

/* the shared kernels' block: its records before each step */
static const mars_data_t *blk_steps(const mars_data_t *cd, unsigned bx)
{
    mars_data_t *d = (mars_data_t *)(uintptr_t)cd;
    if (d->blk == (int64_t)bx)
        return d;
    const mars_mr_t *r = d->r;
    cmpctx_t c = {d->m, r};
    mars_i4_t b[MARS_CHUNK];
    if (d->L->kind == MK_SORT_SINGLE) {
        for (unsigned i = 0; i < MARS_CHUNK; i++)
            b[i] = i < r->ninter ? inter_rec(r, i) : (mars_i4_t){-1, 0, 0, 0};
        (void)block_sort(&c, (svec_t){b, NULL}, 1, 0, d->steps);
    } else {
        const unsigned gb = MARS_CHUNK * (unsigned)d->L->i[0] + bx;
        for (unsigned i = 0; i < MARS_CHUNK; i++)
            b[i] = sv_at(r, snap_vec(d->snap), gb * MARS_CHUNK + i);
        const int unit = d->L->kind == MK_UNIT_SORT;
        (void)block_sort(&c, (svec_t){b, NULL}, unit, unit ? (int)(gb & 1) : (int)((gb / (unsigned)d->L->i[1]) & 1),
                         d->steps);
    }
    d->blk = bx;
    return d;
}

/* ---- the kernels per thread ------------------------------------------------------------------------------------ */

#define D(t)       ((const mars_data_t *)((const simt_args_t *)(t)->arg)->data)
#define HEAP(t, o) (((const simt_args_t *)(t)->arg)->arr[0] + (o))
#define SHM(t, o)  (((const simt_args_t *)(t)->arg)->shmem + (o))
#define LDG8X(t, a, r)     simt_rec((t), SIMT_SITE_, "LDG.E.U8", 1, (a), 1, (r), NOREG, NOREG, NOREG)
#define STG128(t, a, r, v) simt_rec((t), SIMT_SITE_, "STG.E.128", 16, (a), 0, (r), (v), NOREG, NOREG)
#define LDS128(t, a, r)    simt_rec((t), SIMT_SITE_, "LDS.U.128", 16, (a), 1, (r), NOREG, NOREG, NOREG)
#define STS128(t, a, r, v) simt_rec((t), SIMT_SITE_, "STS.128", 16, (a), 0, (r), (v), NOREG, NOREG)
#define ALU2(t, op, a, b)  ALU(t, op, a, b, NOREG)

/* a site numbered sb + k (a helper's sites, reserved in its caller: KC_RESERVE) */
static reg_t at_site(simt_t *t, unsigned site, const char *op, unsigned w, uint64_t addr, int dst, reg_t a, reg_t b)
{
    return simt_rec(t, site, op, w, addr, dst, a, b, NOREG, NOREG);
}
static void br_site(simt_t *t, unsigned site, reg_t a, reg_t b)   /* a test and its branch: 2 sites */
{
    simt_rec(t, site, "ISETP.NE.AND", 0, 0, 0, a, b, NOREG, NOREG);
    simt_rec(t, site + 1, "BRA", 0, 0, 0, NOREG, NOREG, NOREG, NOREG);
}

/* getCompareValue(d_rawData, v1, v2) with the application's compare() inlined, at sites
 * sb .. sb + KC_SITES - 1: the -1 test; the keys' words (PVR: the ranks; II, PVC: the hashes,
 * then on equal hashes the file pointers and offsets and the strings byte by byte). ka, kb: the
 * keys' bytes; pa, pb: their device addresses. The result (-1, 0, 1). */
#define KC_SITES 19
#define KC_RESERVE                                                                                              \
    (void)(__COUNTER__ + __COUNTER__ + __COUNTER__ + __COUNTER__ + __COUNTER__ + __COUNTER__ + __COUNTER__ +   \
           __COUNTER__ + __COUNTER__ + __COUNTER__ + __COUNTER__ + __COUNTER__ + __COUNTER__ + __COUNTER__ +    \
           __COUNTER__ + __COUNTER__ + __COUNTER__ + __COUNTER__)
static int kcmp(simt_t *t, unsigned sb, const mars_data_t *d, mars_i4_t a, mars_i4_t b, const uint8_t *ka,
                const uint8_t *kb, uint64_t pa, uint64_t pb, reg_t ra, reg_t rb)
{
    const mars_t *m = d->m;
    br_site(t, sb, ra, rb);   /* (v1 == -1) || (v2 == -1) */
    if (a.x == -1 || b.x == -1)
        return a.x == b.x ? 0 : a.x == -1 ? -1 : 1;
    reg_t rp = at_site(t, sb + 2, "IADD", 0, 0, 1, ra, NOREG);   /* d_rawData + v1 (+ v2: IADD folded) */
    unsigned trips;
    const int res = app_compare(m, sort_post(m, d->r), ka, kb, &trips);
    if (m->app == MARS_PVR) {
        reg_t h1 = at_site(t, sb + 3, "LDG.E", 4, pa, 1, rp, NOREG), h2 = at_site(t, sb + 4, "LDG.E", 4, pb, 1, rb, NOREG);
        br_site(t, sb + 5, h1, h2);
        return res;
    }
    reg_t h1 = at_site(t, sb + 3, "LDG.E", 4, pa + 12, 1, rp, NOREG);
    reg_t h2 = at_site(t, sb + 4, "LDG.E", 4, pb + 12, 1, rb, NOREG);
    br_site(t, sb + 5, h1, h2);
    if (rd32(ka + 12) != rd32(kb + 12))
        return res;
    reg_t fa = at_site(t, sb + 7, "LDG.E.64", 8, pa, 1, rp, NOREG), oa = at_site(t, sb + 8, "LDG.E", 4, pa + 8, 1, rp, NOREG);
    reg_t fb = at_site(t, sb + 9, "LDG.E.64", 8, pb, 1, rb, NOREG), ob = at_site(t, sb + 10, "LDG.E", 4, pb + 8, 1, rb, NOREG);
    reg_t e1 = at_site(t, sb + 11, "IADD", 0, 0, 1, fa, oa), e2 = at_site(t, sb + 12, "IADD", 0, 0, 1, fb, ob);
    uint64_t a1, a2;
    memcpy(&a1, ka, 8), memcpy(&a2, kb, 8);
    a1 += (uint64_t)(int64_t)rd32(ka + 8), a2 += (uint64_t)(int64_t)rd32(kb + 8);
    reg_t c1 = NOREG, c2 = NOREG;
    for (unsigned i = 0; i < trips; i++) {   /* *entry1 == *entry2 && both != '\0' */
        c1 = at_site(t, sb + 13, "LDG.E.U8", 1, HEAP(t, a1 + i), 1, e1, NOREG);
        c2 = at_site(t, sb + 14, "LDG.E.U8", 1, HEAP(t, a2 + i), 1, e2, NOREG);
        br_site(t, sb + 15, c1, c2);
    }
    br_site(t, sb + 17, c1, c2);   /* *entry1 > *entry2, < */
    return res;
}

/* EmitInterCount / EmitCount: per-task sizes and count += (LDG, IADD, STG each) */
#define EMIT_COUNT(t, ck, cv, cn, idx, rid)                                                                   \
    do {                                                                                                      \
        reg_t a_ = LDG(t, HEAP(t, (ck) + 4 * (idx)), rid);                                                    \
        STG(t, HEAP(t, (ck) + 4 * (idx)), rid, IADD(t, a_, NOREG));                                           \
        reg_t b_ = LDG(t, HEAP(t, (cv) + 4 * (idx)), rid);                                                    \
        STG(t, HEAP(t, (cv) + 4 * (idx)), rid, IADD(t, b_, NOREG));                                           \
        reg_t c_ = LDG(t, HEAP(t, (cn) + 4 * (idx)), rid);                                                    \
        STG(t, HEAP(t, (cn) + 4 * (idx)), rid, IADD(t, c_, NOREG));                                           \
    } while (0)

/* hash_func(str, len) over bytes at device address a (their values: the file image) */
#define HASH(t, a, len, rs)                                                                                   \
    do {                                                                                                      \
        reg_t h_ = MOV(t, NOREG);                                                                             \
        for (int32_t i_ = 0; i_ < (len); i_++) {                                                              \
            reg_t c_ = LDG8X(t, (a) + (uint64_t)i_, rs);                                                      \
            reg_t s_ = ALU2(t, "SHL", h_, NOREG);                                                             \
            reg_t u_ = ALU2(t, "BFE.U32", h_, NOREG);                                                             \
            h_ = ALU(t, "LOP.OR", s_, u_, c_);   /* the two xors (LOP3) */                                                              \
            LOOP(t, h_);                                                                                      \
        }                                                                                                     \
        hreg = h_;                                                                                            \
    } while (0)

/* the thread's record (recordsPerTask 1, a 1D grid): index = blockIdx.x * 256 + threadIdx.x */
#define MR_PROLOGUE(t, n, rid)                                                                                \
    reg_t rtx_ = S2R(t), rbx_ = S2R(t);                                                                      \
    reg_t rid = IMAD(t, rbx_, NOREG, rtx_);                                                                  \
    const unsigned idx = (t)->bx * (t)->bdx + (t)->tx;                                                       \
    GUARD(t, idx < (n), rid);                                                                                \
    (void)IMAD(t, rbx_, NOREG, NOREG);   /* recordBase */                                                    \
    (void)IMNMX(t, rbx_, NOREG);         /* terminate */

/* the II state machine, per byte, recording: MapperCount (emit 0) or Mapper (emit 1). buf: the
 * block's device address, off its file offset, f the file image (before the map's writes). */
typedef struct {
    const mars_data_t *d;
    unsigned idx;
    uint64_t kdst, vdst;     /* Mapper: the next emit's key and value bytes */
    unsigned nemit;
} emitst_t;

/* EmitIntermediate(key, val, ks, vs): the copy byte by byte (ksh/vsh: from shared memory) */
#define EMIT_INTER(t, st, rid, ksrc, ksh, ks, vsrc, vsh, vs)                                                  \
    do {                                                                                                      \
        const mars_mr_t *r_ = (st)->d->r;                                                                    \
        BAR(t);                                                                                               \
        reg_t kv_ = LDG64(t, HEAP(t, r_->d_kv + 8 * (uint64_t)(st)->idx), rid);                              \
        reg_t pk_ = LDG(t, HEAP(t, r_->d_ps_k + 4 * (uint64_t)(st)->idx), rid);                              \
        reg_t pv_ = LDG(t, HEAP(t, r_->d_ps_v + 4 * (uint64_t)(st)->idx), rid);                              \
        reg_t ak_ = IADD(t, pk_, kv_), av_ = IADD(t, pv_, kv_);                                              \
        for (unsigned i_ = 0; i_ < (ks); i_++) {                                                              \
            reg_t b_ = (ksh) ? simt_shared(t, SIMT_SITE_, (ksrc) + i_, 1, 1, rid, NOREG)                     \
                             : LDG8X(t, (ksrc) + i_, rid);                                                    \
            STG8(t, HEAP(t, r_->d_inter_keys + (st)->kdst + i_), ak_, b_);                                   \
        }                                                                                                     \
        for (unsigned i_ = 0; i_ < (vs); i_++) {                                                              \
            reg_t b_ = (vsh) ? simt_shared(t, SIMT_SITE_, (vsrc) + i_, 1, 1, rid, NOREG)                     \
                             : LDG8X(t, (vsrc) + i_, rid);                                                    \
            STG8(t, HEAP(t, r_->d_inter_vals + (st)->vdst + i_), av_, b_);                                   \
        }                                                                                                     \
        STG64(t, HEAP(t, r_->d_kv + 8 * (uint64_t)(st)->idx), rid, kv_);                                     \
        reg_t cu_ = LDG(t, HEAP(t, r_->d_cur + 4 * (uint64_t)(st)->idx), rid);                               \
        reg_t pn_ = LDG(t, HEAP(t, r_->d_ps_n + 4 * (uint64_t)(st)->idx), rid);                              \
        const int64_t ps_ = (int64_t)PS_N(r_, (st)->idx) + (st)->nemit;                                      \
        reg_t q_ = IADD(t, cu_, pn_);                                                                         \
        reg_t o1_ = LDG128(t, HEAP(t, r_->d_inter_off + (uint64_t)(16 * ps_)), q_);                          \
        reg_t o2_ = LDG128(t, HEAP(t, r_->d_inter_off + (uint64_t)(16 * (ps_ - 1))), q_);                    \
        BRANCH(t, cu_);                                                                                       \
        o1_ = SEL(t, o1_, o2_);   /* .x, .z from the previous record's when l_curIndex != 0 */              \
        STG128(t, HEAP(t, r_->d_inter_off + (uint64_t)(16 * ps_)), q_, o1_);                                 \
        STG(t, HEAP(t, r_->d_cur + 4 * (uint64_t)(st)->idx), rid, IADD(t, cu_, NOREG));                      \
        (st)->kdst += (ks), (st)->vdst += (vs), (st)->nemit++;                                               \
    } while (0)

/* II's map_count / map on one block: the state machine over its bytes */
/* II's MapperCount / Mapper: the block's bytes through map.cu's state machine */
static void ii_map(simt_t *t, int mapper)
{
    SIMT_BEGIN;
    const mars_data_t *d = D(t);
    const mars_mr_t *r = d->r;
    MR_PROLOGUE(t, r->nin, rid);
    emitst_t stv = {d, idx, (uint64_t)PS_K(r, idx), (uint64_t)PS_V(r, idx), 0}, *st = &stv;
    if (mapper) {   /* interOffsetSizes[psCounts[index]].x, .z = psKeySizes, psValSizes */
        reg_t pn = LDG(t, HEAP(t, r->d_ps_n + 4 * (uint64_t)idx), rid);
        reg_t o = LDG128(t, HEAP(t, r->d_inter_off + 16 * (uint64_t)PS_N(r, idx)), pn);
        reg_t pk = LDG(t, HEAP(t, r->d_ps_k + 4 * (uint64_t)idx), rid);
        reg_t pv = LDG(t, HEAP(t, r->d_ps_v + 4 * (uint64_t)idx), rid);
        STG128(t, HEAP(t, r->d_inter_off + 16 * (uint64_t)PS_N(r, idx)), pn, IADD(t, o, IADD(t, pk, pv)));
    }
    const mars_i4_t io0 = in_rec(r, idx);
    reg_t ro = LDG128(t, HEAP(t, r->d_in_off + 16 * (uint64_t)idx), rid);
    reg_t rkv = IADD(t, ro, NOREG);   /* key, val = inputKeys + .x, inputVals + .z */
    const uint64_t key = HEAP(t, r->d_in_keys + (uint64_t)io0.x), val = HEAP(t, r->d_in_vals + (uint64_t)io0.z);
    uint8_t vb[64];
    const uint8_t *v = in_val(r, idx, vb);
    const int32_t off = rd32(v), size = rd32(v + 4), fid = rd32(v + 8);
    const uint64_t left = d->m->file_size[fid] - (uint64_t)off;
    const uint64_t buf = HEAP(t, d->m->d_file[fid] + (uint64_t)off);
    reg_t rbo = LDG(t, val, rkv), rfb = LDG64(t, key, rkv), rsz = LDG(t, val + 4, rkv);
    reg_t rbuf = IADD(t, rfb, rbo);
    reg_t rj = MOV(t, NOREG);
    BRANCH(t, rsz);   /* j < size on entry */
#define CH(i) ((uint64_t)(i) < left ? file0_at(d->m, fid, (uint64_t)off + (uint64_t)(i)) : 0)
    int sm = S_START;
    for (int32_t j = 0; j < size; j++) {
        reg_t c = LDG8X(t, buf + (uint64_t)j, rbuf);
        BRANCH(t, c);                           /* switch (state) */
        switch (sm) {
        case S_START: BRANCH(t, c); if (CH(j) == '<') sm = S_TAG; break;
        case S_TAG:
            BRANCH(t, c);
            sm = CH(j) == 'a' ? S_ATAG : CH(j) == ' ' ? S_TAG : S_START;
            break;
        case S_ATAG:
            BRANCH(t, c);
            if (CH(j) == 'h') {   /* for (x = 0; x < 5; x++) if (href[x] != url_start[x]) break; */
                int x = 0;
                for (;;) {
                    reg_t u = LDG8X(t, buf + (uint64_t)(j + x), rbuf);
                    LOOP(t, u);
                    if (x == 4 || CH(j + x) != (uint8_t)"href"[x])
                        break;
                    x++;
                }
                if (x == 4 && CH(j + 4) != 0)
                    sm = S_HREF, j += 3;
                else
                    sm = S_START;
            } else {
                sm = CH(j) == ' ' ? S_ATAG : S_START;
            }
            break;
        case S_HREF:
            BRANCH(t, c);
            sm = CH(j) == ' ' || CH(j) == '=' ? S_HREF : CH(j) == '"' ? S_LINK : S_START;
            break;
        case S_LINK: {
            int32_t e = j;
            reg_t rl = IADD(t, rbuf, rj);
            for (;;) {   /* for (; *link_end != '"'; link_end++); */
                reg_t u = LDG8X(t, buf + (uint64_t)e, rl);
                LOOP(t, u);
                if (CH(e) == '"' || (uint64_t)e >= left)
                    break;
                e++;
            }
            if (!mapper) {
                EMIT_COUNT(t, r->d_cnt_k, r->d_cnt_v, r->d_cnt_n, st->idx, rid);
            } else {
                reg_t z = MOV(t, RZ_);
                STG8(t, buf + (uint64_t)e, rl, z);             /* *link_end = '\0' */
                STG(t, key + 8, rid, IADD(t, rj, rbo));        /* pKey->url_offset = j + block_offset */
                reg_t hreg;
                HASH(t, buf + (uint64_t)j, e - j, rl);
                STG(t, key + 12, rid, hreg);                   /* pKey->url_hash */
                EMIT_INTER(t, st, rid, key, 0, 16u, val + 8, 0, 4u);
            }
            rj = IADD(t, rj, NOREG);
            j = e;
            sm = S_START;
            break;
        }
        }
        rj = IADD(t, rj, NOREG);
        LOOP(t, rj);
    }
#undef CH
    LOOP(t, rid);   /* i += blockDim.x; i < terminate */
    EXIT(t);
}

/* MapperCount and Mapper: the thread's record, map_count or map */
static void map_thread(simt_t *t, int mapper)
{
    SIMT_BEGIN;
    const mars_data_t *d = D(t);
    const mars_mr_t *r = d->r;
    MR_PROLOGUE(t, r->nin, rid);
    emitst_t st = {d, idx, (uint64_t)PS_K(r, idx), (uint64_t)PS_V(r, idx), 0};
    if (mapper) {   /* interOffsetSizes[psCounts[index]].x, .z = psKeySizes, psValSizes */
        reg_t pn = LDG(t, HEAP(t, r->d_ps_n + 4 * (uint64_t)idx), rid);
        reg_t o = LDG128(t, HEAP(t, r->d_inter_off + 16 * (uint64_t)PS_N(r, idx)), pn);
        reg_t pk = LDG(t, HEAP(t, r->d_ps_k + 4 * (uint64_t)idx), rid);
        reg_t pv = LDG(t, HEAP(t, r->d_ps_v + 4 * (uint64_t)idx), rid);
        STG128(t, HEAP(t, r->d_inter_off + 16 * (uint64_t)PS_N(r, idx)), pn, IADD(t, o, IADD(t, pk, pv)));
    }
    const mars_i4_t io = in_rec(r, idx);
    /* inputOffsetSizes[cindex]: PVR's map_count uses neither its key nor its value, so the
     * compiled MapperCount never reads it */
    reg_t ro = NOREG, rk = NOREG, rv = NOREG;
    if (mapper || d->m->app != MARS_PVR) {
        ro = LDG128(t, HEAP(t, r->d_in_off + 16 * (uint64_t)idx), rid);
        rk = IADD(t, ro, NOREG), rv = IADD(t, ro, NOREG);
    }
    const uint64_t key = HEAP(t, r->d_in_keys + (uint64_t)io.x), val = HEAP(t, r->d_in_vals + (uint64_t)io.z);
    const uint64_t sb = SHM(t, (uint64_t)t->tx * 20);   /* GET_OUTPUT_BUF(0) */
    switch (d->m->app) {
    case MARS_PVR:
        if (!mapper) {
            EMIT_COUNT(t, r->d_cnt_k, r->d_cnt_v, r->d_cnt_n, idx, rid);
        } else {
            reg_t a = LDG(t, key, rk);
            STS(t, sb, rid, a);
            reg_t b = LDG(t, val, rv);
            STS(t, sb + 4, rid, b);
            EMIT_INTER(t, &st, rid, sb, 1, 4u, sb + 4, 1, 4u);
        }
        break;
    default: {   /* PVC */
        reg_t ph = mapper ? NOREG : LDG(t, val + 4, rv);   /* map_count: pVal->phase */
        if (!mapper) {
            BRANCH(t, ph);
            EMIT_COUNT(t, r->d_cnt_k, r->d_cnt_v, r->d_cnt_n, idx, rid);
            break;
        }
        reg_t fb = LDG64(t, key, rk), eo = LDG(t, key + 8, rk);   /* entry = file_buf + entry_offset */
        reg_t ent = IADD(t, fb, eo);
        reg_t ph2 = LDG(t, val + 4, rv);
        BRANCH(t, ph2);
        uint8_t kb[64], vb[64];
        const int32_t eoff = rd32(in_key(r, idx, kb) + 8);
        const uint64_t e = HEAP(t, d->m->d_file[0] + (uint64_t)eoff);
#define F(i) file0_at(d->m, 0, (uint64_t)eoff + (uint64_t)(i))
        reg_t hreg;
        if (r->phase == 0) {   /* entry_hash = hash_func(entry, entry_size); emit(key, val) */
            const int32_t es = rd32(in_val(r, idx, vb));
            reg_t rs = LDG(t, val, rv);   /* pVal->entry_size: the loop's bound */
            HASH(t, e, es, rs);
            STG(t, key + 12, rk, hreg);
            EMIT_INTER(t, &st, rid, key, 0, 16u, val, 0, 8u);
            break;
        }
        int32_t p = 0;   /* the URL: to its '\t', '\0' written; the IP: to the next '\t' */
        for (;;) {
            reg_t c = LDG8X(t, e + (uint64_t)p, ent);
            LOOP(t, c);
            if (F(p) == '\t')
                break;
            p++;
        }
        const int32_t us = p + 1;
        STG8(t, e + (uint64_t)p, ent, MOV(t, RZ_));
        reg_t rip = IADD(t, eo, NOREG);   /* ip_offset */
        for (int32_t q = p;; q++) {
            reg_t c = LDG8X(t, e + (uint64_t)q, ent);   /* the '\0' just written, then the IP */
            LOOP(t, c);
            if (q > p && F(q) == '\t') {
                STG8(t, e + (uint64_t)q, ent, MOV(t, RZ_));
                break;
            }
        }
        STS(t, sb, rid, rip);   /* *o_ipoffset = ip_offset */
        HASH(t, e, us, ent);
        STG(t, key + 12, rk, hreg);
        EMIT_INTER(t, &st, rid, key, 0, 16u, sb, 1, 4u);
#undef F
        break;
    }
    }
    LOOP(t, rid);   /* i += blockDim.x; i < terminate */
    EXIT(t);
}

void mars_map_count(simt_t *t) { map_thread(t, 0); }
void mars_map(simt_t *t) { map_thread(t, 1); }
void mars_ii_map_count(simt_t *t) { ii_map(t, 0); }
void mars_ii_map(simt_t *t) { ii_map(t, 1); }

/* ReducerCount and Reducer (PVC's first MapReduce): the thread's group of intermediate records,
 * reduce_count: EmitCount(sizeof(PVC_KEY_T), sizeof(PVC_VAL_T)); reduce: pVal->phase = 1; Emit. */
static void reduce_thread(simt_t *t, int reducer)
{
    SIMT_BEGIN;
    const mars_data_t *d = D(t);
    const mars_mr_t *r = d->r;
    MR_PROLOGUE(t, r->nkeys, rid);
    const uint64_t i = idx;
    if (reducer) {   /* outputOffsetSizes[psCounts[index]].x = psKeySizes[index], .z = psValSizes[index] */
        reg_t pn = LDG(t, HEAP(t, r->d_rps_n + 4 * i), rid);
        reg_t pk = LDG(t, HEAP(t, r->d_rps_k + 4 * i), rid);
        STG(t, HEAP(t, r->d_roff + 16 * i), pn, pk);
        reg_t pn2 = LDG(t, HEAP(t, r->d_rps_n + 4 * i), rid);
        reg_t pv = LDG(t, HEAP(t, r->d_rps_v + 4 * i), rid);
        STG(t, HEAP(t, r->d_roff + 16 * i + 8), pn2, pv);
    }
    const int32_t vs = bound_at(r, (unsigned)i);   /* interKeyListRange[cindex].x */
    const mars_i4_t sv = sorted_rec(r, (unsigned)vs);
    const mars_i4_t o = {kdst_at(r, (unsigned)vs), sv.y, vdst_at(r, (unsigned)vs), sv.w};
    if (!reducer) {   /* reduce_count uses no key or value: the compiled ReducerCount reads neither
                       * interKeyListRange nor interOffsetSizes */
        EMIT_COUNT(t, r->d_rcnt_k, r->d_rcnt_v, r->d_rcnt_n, i, rid);
    } else {
        reg_t rg = LDG64(t, HEAP(t, r->d_klr + 8 * i), rid);
        reg_t ro = LDG128(t, HEAP(t, r->d_out_off + 16 * (uint64_t)vs), rg);
        reg_t rk = IADD(t, ro, NOREG), rv = IADD(t, ro, NOREG);
        const uint64_t key = HEAP(t, r->d_out_keys + (uint64_t)o.x), val = HEAP(t, r->d_out_vals + (uint64_t)o.z);
        STG(t, val + 4, rv, MOV(t, NOREG));   /* pVal->phase = 1 */
        BAR(t);                                /* Emit */
        reg_t pk = LDG(t, HEAP(t, r->d_rps_k + 4 * i), rid), kx = LDG(t, HEAP(t, r->d_rkv + 8 * i), rid);
        reg_t pv = LDG(t, HEAP(t, r->d_rps_v + 4 * i), rid), ky = LDG(t, HEAP(t, r->d_rkv + 8 * i + 4), rid);
        reg_t ak = IADD(t, pk, kx), av = IADD(t, pv, ky);
        for (unsigned b = 0; b < 16; b++)
            STG8(t, HEAP(t, r->d_rkeys + 16 * i + b), ak, LDG8X(t, key + b, rk));
        for (unsigned b = 0; b < 8; b++)
            STG8(t, HEAP(t, r->d_rvals + 8 * i + b), av, LDG8X(t, val + b, rv));
        reg_t x2 = LDG(t, HEAP(t, r->d_rkv + 8 * i), rid);
        STG(t, HEAP(t, r->d_rkv + 8 * i), rid, IADD(t, x2, NOREG));
        reg_t y2 = LDG(t, HEAP(t, r->d_rkv + 8 * i + 4), rid);
        STG(t, HEAP(t, r->d_rkv + 8 * i + 4), rid, IADD(t, y2, NOREG));
        reg_t cu = LDG(t, HEAP(t, r->d_rcur + 4 * i), rid);
        BRANCH(t, cu);   /* curIndex[index] != 0: never (a group a thread) */
        reg_t pn = LDG(t, HEAP(t, r->d_rps_n + 4 * i), rid), c2 = LDG(t, HEAP(t, r->d_rcur + 4 * i), rid);
        reg_t ay = IADD(t, pn, c2), ky_ = MOV(t, NOREG);   /* (two statements' order, not an argument list's) */
        STG(t, HEAP(t, r->d_roff + 16 * i + 4), ay, ky_);   /* .y = keySize */
        reg_t pn3 = LDG(t, HEAP(t, r->d_rps_n + 4 * i), rid), c3 = LDG(t, HEAP(t, r->d_rcur + 4 * i), rid);
        reg_t aw = IADD(t, pn3, c3), vw_ = MOV(t, NOREG);
        STG(t, HEAP(t, r->d_roff + 16 * i + 12), aw, vw_);   /* .w = valSize */
        reg_t c4 = LDG(t, HEAP(t, r->d_rcur + 4 * i), rid);
        STG(t, HEAP(t, r->d_rcur + 4 * i), rid, IADD(t, c4, NOREG));
    }
    LOOP(t, rid);
    EXIT(t);
}

void mars_reduce_count(simt_t *t) { reduce_thread(t, 0); }
void mars_reduce(simt_t *t) { reduce_thread(t, 1); }

/* prescan<storeSum, isNP2>(g_odata, g_idata, g_blockSums, n, blockIndex, baseIndex): the block's
 * 2 x blockDim elements into shared memory (a padding word every 16), the up-sweep (buildSum),
 * clearLastElement (thread 0: the block's sum out, zero in), the down-sweep, the elements out. */
void mars_prescan(simt_t *t)
{
    SIMT_BEGIN;
    const mars_launch_t *L = D(t)->L;
    const int store = L->flag & 1, np2 = (L->flag & 2) != 0;
    const unsigned n = (unsigned)L->i[0], bi0 = (unsigned)L->i[1], base0 = (unsigned)L->i[2];
    const unsigned bd = t->bdx, tx = t->tx;
    const uint64_t out = HEAP(t, L->a[0]), in = HEAP(t, L->a[1]), sums = HEAP(t, L->a[2]);
#define SD(i) SHM(t, 4ull * ((i) + ((i) >> 4)))
    reg_t rtx = S2R(t), rbx = S2R(t);
    const unsigned base = base0 == 0 ? t->bx * (bd << 1) : base0;
    reg_t rma = IMAD(t, rbx, NOREG, rtx), rmb = IADD(t, rma, NOREG);
    const unsigned ai = tx, bi = tx + bd;
    reg_t v = LDG(t, in + 4ull * (base + ai), rma);
    STS(t, SD(ai), rtx, v);
    if (np2) {
        BRANCH(t, rmb);
        reg_t w = MOV(t, RZ_);
        if (bi < n)
            w = LDG(t, in + 4ull * (base + bi), rmb);
        STS(t, SD(bi), rtx, w);
    } else {
        reg_t w = LDG(t, in + 4ull * (base + bi), rmb);
        STS(t, SD(bi), rtx, w);
    }
    unsigned stride = 1;
    reg_t rst = MOV(t, NOREG);
    for (unsigned dd = bd; dd > 0; dd >>= 1) {   /* buildSum */
        BAR(t);
        BRANCH(t, rtx);
        if (tx < dd) {
            const unsigned i = 2 * stride * tx, a = i + stride - 1, b = a + stride;
            reg_t ra = IMAD(t, rst, rtx, NOREG), rb = IADD(t, ra, rst);
            reg_t x = LDS(t, SD(a), ra), y = LDS(t, SD(b), rb);
            STS(t, SD(b), rb, IADD(t, x, y));
        }
        stride *= 2;
        rst = ALU2(t, "SHL", rst, NOREG);
        LOOP(t, rst);
    }
    BRANCH(t, rtx);   /* clearLastElement */
    if (tx == 0) {
        const unsigned index = (bd << 1) - 1;
        reg_t ri = MOV(t, NOREG);
        if (store) {
            reg_t s = LDS(t, SD(index), ri);
            STG(t, sums + 4ull * (bi0 == 0 ? t->bx : bi0), rbx, s);
        }
        STS(t, SD(index), ri, RZ_);
    }
    for (unsigned dd = 1; dd <= bd; dd *= 2) {   /* scanRootToLeaves */
        stride >>= 1;
        rst = ALU2(t, "BFE.U32", rst, NOREG);
        BAR(t);
        BRANCH(t, rtx);
        if (tx < dd) {
            const unsigned i = 2 * stride * tx, a = i + stride - 1, b = a + stride;
            reg_t ra = IMAD(t, rst, rtx, NOREG), rb = IADD(t, ra, rst);
            reg_t x = LDS(t, SD(a), ra), y = LDS(t, SD(b), rb);
            STS(t, SD(a), ra, y);
            STS(t, SD(b), rb, IADD(t, x, y));
        }
        LOOP(t, rst);
    }
    BAR(t);   /* storeSharedChunkToMem */
    STG(t, out + 4ull * (base + ai), rma, LDS(t, SD(ai), rtx));
    if (np2) {
        BRANCH(t, rmb);
        if (bi < n)
            STG(t, out + 4ull * (base + bi), rmb, LDS(t, SD(bi), rtx));
    } else {
        STG(t, out + 4ull * (base + bi), rmb, LDS(t, SD(bi), rtx));
    }
#undef SD
    EXIT(t);
}

/* uniformAdd(g_data, uniforms, n, blockOffset, baseIndex): thread 0 reads the block's sum into
 * shared uni; both of the thread's elements += it (the second times (tx + blockDim < n)). */
void mars_uniform_add(simt_t *t)
{
    SIMT_BEGIN;
    const mars_launch_t *L = D(t)->L;
    const uint64_t data = HEAP(t, L->a[0]), uni = HEAP(t, L->a[1]);
    reg_t rtx = S2R(t), rbx = S2R(t);
    BRANCH(t, rtx);
    if (t->tx == 0)
        STS(t, SHM(t, 0), rtx, LDG(t, uni + 4ull * (t->bx + (uint64_t)L->i[1]), rbx));
    const uint64_t addr = (uint64_t)t->bx * (t->bdx << 1) + (uint64_t)L->i[2] + t->tx;
    reg_t ra = IMAD(t, rbx, NOREG, rtx);
    BAR(t);
    reg_t u = LDS(t, SHM(t, 0), RZ_);
    reg_t a = LDG(t, data + 4 * addr, ra);
    STG(t, data + 4 * addr, ra, IADD(t, a, u));
    reg_t rb = IADD(t, ra, NOREG);
    reg_t b = LDG(t, data + 4 * (addr + t->bdx), rb);
    STG(t, data + 4 * (addr + t->bdx), rb, IMAD(t, u, NOREG, b));
    EXIT(t);
}

/* the sort's helpers over rLen: pos = startPos + blockIdx.x * blockDim.x + threadIdx.x; if (pos < rLen) */
#define AUX_PROLOGUE(t, L, pos, rp)                                                                           \
    reg_t rtx_ = S2R(t), rbx_ = S2R(t);                                                                      \
    reg_t rp = IMAD(t, rbx_, NOREG, rtx_);                                                                   \
    rp = IADD(t, rp, NOREG);                                                                                 \
    const uint64_t pos = (uint64_t)(L)->i[0] + (uint64_t)(t)->bx * (t)->bdx + (t)->tx;                       \
    GUARD(t, pos < (uint64_t)(L)->i[1], rp);

/* initialize_kernel(d_data, startPos, rLen, value): d_data[pos] = value */
void mars_initialize(simt_t *t)
{
    SIMT_BEGIN;
    const mars_launch_t *L = D(t)->L;
    AUX_PROLOGUE(t, L, pos, rp);
    STG128(t, HEAP(t, L->a[0] + 16 * pos), rp, MOV(t, NOREG));
    EXIT(t);
}

/* getIntYArray_kernel(d_input int2, startPos, rLen, d_output): d_output[pos] = d_input[pos].y */
void mars_get_inty(simt_t *t)
{
    SIMT_BEGIN;
    const mars_launch_t *L = D(t)->L;
    AUX_PROLOGUE(t, L, pos, rp);
    reg_t v = LDG64(t, HEAP(t, L->a[0] + 8 * pos), rp);
    STG(t, HEAP(t, L->a[1] + 4 * pos), rp, v);
    EXIT(t);
}

/* getXYArray_kernel / getZWArray_kernel(d_input int4, startPos, rLen, d_output int2) */
void mars_get_xy(simt_t *t)
{
    SIMT_BEGIN;
    const mars_launch_t *L = D(t)->L;
    AUX_PROLOGUE(t, L, pos, rp);
    reg_t v = LDG128(t, HEAP(t, L->a[0] + 16 * pos), rp);
    STG(t, HEAP(t, L->a[1] + 8 * pos), rp, v);       /* d_output[pos].x = value.x (.z) */
    STG(t, HEAP(t, L->a[1] + 8 * pos + 4), rp, v);   /* d_output[pos].y = value.y (.w) */
    EXIT(t);
}

/* setXYArray_kernel / setZWArray_kernel(d_input int4, startPos, rLen, d_value int2) */
void mars_set_xy(simt_t *t)
{
    SIMT_BEGIN;
    const mars_launch_t *L = D(t)->L;
    AUX_PROLOGUE(t, L, pos, rp);
    reg_t v = LDG128(t, HEAP(t, L->a[0] + 16 * pos), rp);
    reg_t w = LDG64(t, HEAP(t, L->a[1] + 8 * pos), rp);
    STG128(t, HEAP(t, L->a[0] + 16 * pos), rp, IADD(t, v, w));
    EXIT(t);
}

/* copyChunks_kernel(d_source, startPos, d_Rin int2, rLen, d_sum, d_dest): the record's bytes
 * from source + offset to dest + d_sum[pos], one at a time; d_Rin[pos] = (d_sum[pos], size) */
void mars_copy_chunks(simt_t *t)
{
    SIMT_BEGIN;
    const mars_data_t *d = D(t);
    const mars_launch_t *L = d->L;
    const mars_mr_t *r = d->r;
    AUX_PROLOGUE(t, L, pos, rp);
    const int keys = L->flag & 1;
    const mars_i4_t s = sorted_rec(r, (unsigned)pos);
    const uint64_t off = (uint64_t)(keys ? s.x : s.z), size = (uint64_t)(keys ? s.y : s.w);
    const uint64_t dst = (uint64_t)(keys ? kdst_at(r, (unsigned)pos) : vdst_at(r, (unsigned)pos));
    reg_t v = LDG64(t, HEAP(t, L->a[1] + 8 * pos), rp);
    reg_t w = LDG(t, HEAP(t, L->a[2] + 4 * pos), rp);
    reg_t ri = MOV(t, NOREG);
    BRANCH(t, v);   /* i < size on entry */
    for (uint64_t i = 0; i < size; i++) {
        reg_t c = LDG8X(t, HEAP(t, L->a[0] + off + i), v);
        STG8(t, HEAP(t, L->a[3] + dst + i), w, c);
        ri = IADD(t, ri, NOREG);
        LOOP(t, ri);
    }
    STG64(t, HEAP(t, L->a[1] + 8 * pos), rp, w);
    EXIT(t);
}

/* getChunkBoundary_kernel(d_rawData, startPos, d_Rin int4, rLen, d_startArray): 1 where the
 * record's key differs from its left neighbour's (getCompareValue), at pos 0 always */
void mars_chunk_boundary(simt_t *t)
{
    SIMT_BEGIN;
    const mars_data_t *d = D(t);
    const mars_launch_t *L = d->L;
    const mars_mr_t *r = d->r;
    AUX_PROLOGUE(t, L, pos, rp);
    BRANCH(t, rp);   /* pos == 0 */
    reg_t res = MOV(t, NOREG);
    if (pos) {
        const mars_i4_t s = sorted_rec(r, (unsigned)pos), l = sorted_rec(r, (unsigned)pos - 1);
        const mars_i4_t cur = {kdst_at(r, (unsigned)pos), s.y, vdst_at(r, (unsigned)pos), s.w},
                        left = {kdst_at(r, (unsigned)pos - 1), l.y, vdst_at(r, (unsigned)pos - 1), l.w};
        reg_t rc = LDG128(t, HEAP(t, L->a[1] + 16 * pos), rp);
        reg_t rl = LDG128(t, HEAP(t, L->a[1] + 16 * (pos - 1)), rp);
        const unsigned sb = SIMT_SITE_;
        KC_RESERVE;
        uint8_t bs[64], bl[64];
        (void)kcmp(t, sb, d, cur, left, ikey(r, s.x, bs), ikey(r, l.x, bl), HEAP(t, L->a[0] + (uint64_t)cur.x),
                   HEAP(t, L->a[0] + (uint64_t)left.x), rc, rl);
        res = SEL(t, rc, rl);
    }
    STG(t, HEAP(t, L->a[2] + 4 * pos), rp, res);
    EXIT(t);
}

/* writeBoundary_kernel(startPos, rLen, d_startArray, d_startSumArray, d_bounary) */
void mars_write_boundary(simt_t *t)
{
    SIMT_BEGIN;
    const mars_data_t *d = D(t);
    const mars_launch_t *L = d->L;
    AUX_PROLOGUE(t, L, pos, rp);
    reg_t f = LDG(t, HEAP(t, L->a[0] + 4 * pos), rp);
    simt_rec(t, SIMT_SITE_, "ISETP.NE.AND", 0, 0, 0, f, NOREG, NOREG, NOREG);   /* flag == 1 */
    simt_rec(t, SIMT_SITE_, "BRA", 0, 0, 0, NOREG, NOREG, NOREG, NOREG);
    if (start_at(d->r, (unsigned)pos)) {   /* writePos = startSumArray[pos], read where its only use is */
        reg_t w = LDG(t, HEAP(t, L->a[1] + 4 * pos), rp);
        STG(t, HEAP(t, L->a[2] + 4 * (uint64_t)ssum_at(d->r, (unsigned)pos)), w, rp);
    }
    EXIT(t);
}

/* setBoundaryInt2_kernel(d_boundary, startPos, numKey, rLen, d_boundaryRange) */
void mars_set_boundary(simt_t *t)
{
    SIMT_BEGIN;
    const mars_launch_t *L = D(t)->L;
    AUX_PROLOGUE(t, L, pos, rp);
    reg_t x = LDG(t, HEAP(t, L->a[0] + 4 * pos), rp);
    BRANCH(t, rp);   /* (pos + 1) != numKey */
    reg_t y = MOV(t, NOREG);
    if (pos + 1 != (uint64_t)L->i[1])
        y = LDG(t, HEAP(t, L->a[0] + 4 * (pos + 1)), rp);
    STG64(t, HEAP(t, L->a[1] + 8 * pos), rp, IADD(t, x, y));
    EXIT(t);
}

/* bitonicKernel(d_rawData, totalLenInBytes, d_R, numRecords, k, j): the thread's pair (dataIdx,
 * dataIdx ^ j) when ixj > dataIdx, compared and swapped (both stores) in its direction */
void mars_bitonic(simt_t *t)
{
    SIMT_BEGIN;
    const mars_data_t *d = D(t);
    const mars_launch_t *L = d->L;
    const mars_mr_t *r = d->r;
    const unsigned k = (unsigned)L->i[0], j = (unsigned)L->i[1];
    const uint64_t di = (uint64_t)t->by * t->gdx * t->bdx + (uint64_t)t->bx * t->bdx + t->tx, ix = di ^ j;
    reg_t rtx = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rd = IMAD(t, rby, NOREG, IMAD(t, rbx, NOREG, rtx));
    reg_t rx = ALU2(t, "LOP.XOR", rd, NOREG);
    BRANCH(t, rx);   /* ixj > dataIdx */
    if (ix > di) {
        const mars_i4_t a = sv_at(r, snap_vec(d->snap), di), b = sv_at(r, snap_vec(d->snap), ix);
        const uint64_t R = HEAP(t, r->d_R), raw = HEAP(t, r->d_inter_keys);
        reg_t ra = LDG128(t, R + 16 * di, rd), rb = LDG128(t, R + 16 * ix, rx);
        BRANCH(t, rd);   /* (dataIdx & k) == 0 */
        uint8_t ba[64], bb[64];
        const uint8_t *ka = a.x >= 0 ? ikey(r, a.x, ba) : NULL, *kb = b.x >= 0 ? ikey(r, b.x, bb) : NULL;
        if ((di & k) == 0) {
            const unsigned sb = SIMT_SITE_;
            KC_RESERVE;
            const int c = kcmp(t, sb, d, a, b, ka, kb, raw + (uint64_t)a.x, raw + (uint64_t)b.x, ra, rb);
            BRANCH(t, ra);
            if (c == 1) {
                STG128(t, R + 16 * di, rd, rb);
                STG128(t, R + 16 * ix, rx, ra);
            }
        } else {
            const unsigned sb = SIMT_SITE_;
            KC_RESERVE;
            const int c = kcmp(t, sb, d, a, b, ka, kb, raw + (uint64_t)a.x, raw + (uint64_t)b.x, ra, rb);
            BRANCH(t, ra);
            if (c == -1) {
                STG128(t, R + 16 * di, rd, rb);
                STG128(t, R + 16 * ix, rx, ra);
            }
        }
    }
    EXIT(t);
}

/* One step of the shared-memory sorts (unitBitonicSortKernel, partBitonicSortKernel,
 * bitonicSortSingleBlock_kernel): ixj = tx ^ j; if (ixj > tx) { both records read (the unit and
 * part kernels read them before the branch, but use them only inside it, where the compiler
 * sinks the loads: they are modelled there, as the single-block kernel's); a = getCompareValue; if ((tx & k) == 0)
 * { if (a > 0, or < 0 when the block sorts down) swap } else { the opposite } } __syncthreads().
 * Its own sites at each use (the source's two direction copies). */
#define SH_STEP(t, d, st, k, j, down, rtx, rawd)                                                          \
    do {                                                                                                      \
        const unsigned tx_ = (t)->tx, x_ = tx_ ^ (j);                                                         \
        const mars_i4_t a_ = (st)[tx_], b_ = (st)[x_];                                                        \
        reg_t rx_ = ALU2(t, "LOP.XOR", rtx, NOREG);                                                           \
        simt_rec(t, SIMT_SITE_, "ISETP.NE.AND", 0, 0, 0, rx_, NOREG, NOREG, NOREG);   /* ixj > tx */          \
        simt_rec(t, SIMT_SITE_, "BRA", 0, 0, 0, NOREG, NOREG, NOREG, NOREG);                                  \
        if (x_ > tx_) {                                                                                       \
            reg_t ra_ = LDS128(t, SHM(t, 16ull * tx_), rtx);                                                  \
            reg_t rb_ = LDS128(t, SHM(t, 16ull * x_), rx_);                                                   \
            const mars_mr_t *r_ = (d)->r;                                                                    \
            uint8_t ba_[64], bb_[64];                                                                         \
            const uint8_t *ka_ = a_.x >= 0 ? ikey(r_, a_.x, ba_) : NULL;                                      \
            const uint8_t *kb_ = b_.x >= 0 ? ikey(r_, b_.x, bb_) : NULL;                                      \
            const unsigned sb_ = SIMT_SITE_;                                                                  \
            KC_RESERVE;                                                                                       \
            const int c_ = kcmp(t, sb_, d, a_, b_, ka_, kb_, (rawd) + (uint64_t)a_.x, (rawd) + (uint64_t)b_.x, \
                                ra_, rb_);                                                                    \
            BRANCH(t, ra_);   /* (tx & k) == 0 */                                                             \
            if (((tx_ & (k)) == 0) != (down)) {                                                               \
                BRANCH(t, ra_);                                                                               \
                if (c_ > 0) {                                                                                 \
                    STS128(t, SHM(t, 16ull * tx_), rtx, rb_);                                                 \
                    STS128(t, SHM(t, 16ull * x_), rx_, ra_);                                                  \
                }                                                                                             \
            } else {                                                                                          \
                BRANCH(t, ra_);                                                                               \
                if (c_ < 0) {                                                                                 \
                    STS128(t, SHM(t, 16ull * tx_), rtx, rb_);                                                 \
                    STS128(t, SHM(t, 16ull * x_), rx_, ra_);                                                  \
                }                                                                                             \
            }                                                                                                 \
        }                                                                                                     \
        BAR(t);                                                                                               \
    } while (0)

/* unitBitonicSortKernel(chunkIdx) and partBitonicSortKernel(chunkIdx, unitSize): the block's 256
 * records of d_R into shared memory, the steps (unit: k = 2 .. 256; part: k = 256, so (tx & k)
 * is 0), the records back. unitIdx odd: the other direction (the source's second copy). */
static void chunk_sort(simt_t *t, int unit)
{
    SIMT_BEGIN;
    const mars_data_t *d = blk_steps(D(t), t->bx);
    const mars_launch_t *L = d->L;
    const mars_mr_t *r = d->r;
    const unsigned gb = MARS_CHUNK * (unsigned)L->i[0] + t->bx;
    const int odd = unit ? (int)(gb & 1) : (int)((gb / (unsigned)L->i[1]) & 1);
    const uint64_t di = (uint64_t)gb * MARS_CHUNK + t->tx, R = HEAP(t, r->d_R), raw = HEAP(t, r->d_inter_keys);
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rd = IMAD(t, rbx, NOREG, rtx);
    STS128(t, SHM(t, 16ull * t->tx), rtx, LDG128(t, R + 16 * di, rd));
    BAR(t);
    BRANCH(t, rbx);   /* unitIdx == 0 */
    unsigned s = 0;
    reg_t rk = MOV(t, NOREG);
    if (!odd) {
        for (unsigned k = unit ? 2 : MARS_CHUNK; k <= MARS_CHUNK; k <<= 1) {
            reg_t rj = ALU2(t, "BFE.U32", rk, NOREG);
            for (unsigned j = k >> 1; j > 0; j >>= 1, s++) {
                SH_STEP(t, d, d->steps[s], k, j, 0, rtx, raw);
                rj = ALU2(t, "BFE.U32", rj, NOREG);
                LOOP(t, rj);
            }
            rk = ALU2(t, "SHL", rk, NOREG);
            LOOP(t, rk);
        }
    } else {
        for (unsigned k = unit ? 2 : MARS_CHUNK; k <= MARS_CHUNK; k <<= 1) {
            reg_t rj = ALU2(t, "BFE.U32", rk, NOREG);
            for (unsigned j = k >> 1; j > 0; j >>= 1, s++) {
                SH_STEP(t, d, d->steps[s], k, j, 1, rtx, raw);
                rj = ALU2(t, "BFE.U32", rj, NOREG);
                LOOP(t, rj);
            }
            rk = ALU2(t, "SHL", rk, NOREG);
            LOOP(t, rk);
        }
    }
    STG128(t, R + 16 * di, rd, LDS128(t, SHM(t, 16ull * t->tx), rtx));
    EXIT(t);
}

void mars_unit_sort(simt_t *t) { chunk_sort(t, 1); }
void mars_part_sort(simt_t *t) { chunk_sort(t, 0); }

/* bitonicSortSingleBlock_kernel(d_rawData, totalLenInBytes, d_values, rLen, d_output): rLen <=
 * 256 records (the rest .x = -1) sorted in shared memory; the last rLen written out. */
void mars_sort_single(simt_t *t)
{
    SIMT_BEGIN;
    const mars_data_t *d = blk_steps(D(t), 0);
    const mars_mr_t *r = d->r;
    const unsigned tid = t->tx, n = r->ninter;
    const uint64_t raw = HEAP(t, r->d_inter_keys);
    reg_t rtx = S2R(t), rty = S2R(t);
    reg_t rt = IMAD(t, rty, NOREG, rtx);
    BRANCH(t, rt);   /* tid < rLen */
    if (tid < n)
        STS128(t, SHM(t, 16ull * tid), rt, LDG128(t, HEAP(t, r->d_inter_off + 16ull * tid), rt));
    else
        STS(t, SHM(t, 16ull * tid), rt, MOV(t, NOREG));   /* bs_cmpbuf[tid].x = -1 */
    BAR(t);
    unsigned s = 0;
    reg_t rk = MOV(t, NOREG);
    for (unsigned k = 2; k <= MARS_CHUNK; k *= 2) {
        reg_t rj = ALU2(t, "BFE.U32", rk, NOREG);
        for (unsigned j = k / 2; j > 0; j /= 2, s++) {
            SH_STEP(t, d, d->steps[s], k, j, 0, rt, raw);
            rj = ALU2(t, "BFE.U32", rj, NOREG);
            LOOP(t, rj);
        }
        rk = ALU2(t, "SHL", rk, NOREG);
        LOOP(t, rk);
    }
    const unsigned sc = MARS_CHUNK - n;   /* startCopy */
    BRANCH(t, rt);
    if (tid >= sc)
        STG128(t, HEAP(t, r->d_out_off + 16ull * (tid - sc)), rt, LDS128(t, SHM(t, 16ull * tid), rt));
    EXIT(t);
}
