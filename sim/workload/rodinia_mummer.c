/* rodinia_mummer.c - Rodinia's MUMmerGPU (rodinia_mummer.h): the host's
 * suffix tree and layouts, and mummergpuKernel per thread. */
#include "workload/rodinia_mummer.h"

#include "workload/simt_ops.h"

#include <stdlib.h>
#include <string.h>

/* ---- the suffix tree (suffix-tree.cpp) ------------------------------------------------------------------ */

#define NONE 0xffffffffu
#define LEAF 0x80000000u   /* a node reference: LEAF | a leaf's index, or an internal node's index */

/* The tree as Ukkonen's algorithm grows it: internal nodes (the root, 0,
 * included) with their edge [start, end], suffix link and links; leaves
 * with their start only (their end is the '$', they have no links: a leaf
 * never gains a child). */
typedef struct {
    const char *s;                /* 's', the bases, '$' */
    uint32_t len;                 /* the last position: '$' */
    uint32_t ni, nl;              /* internal nodes, leaves */
    uint32_t *start, *end, *link, *kid;   /* internal; kid: 5 per node (ACGT$) */
    uint32_t *lstart;             /* leaves */
} st_t;

static int b2i(char c) { return c == 'A' ? 0 : c == 'C' ? 1 : c == 'G' ? 2 : c == 'T' ? 3 : 4; }

static uint32_t st_inner(st_t *t, uint32_t s, uint32_t e)
{
    uint32_t v = t->ni++;
    t->start[v] = s, t->end[v] = e, t->link[v] = NONE;
    for (int k = 0; k < 5; k++)
        t->kid[5 * v + k] = NONE;
    return v;
}
static uint32_t st_leaf(st_t *t, uint32_t s)
{
    t->lstart[t->nl] = s;
    return LEAF | t->nl++;
}
static uint32_t *st_startp(st_t *t, uint32_t v) { return v & LEAF ? &t->lstart[v & ~LEAF] : &t->start[v]; }

/* Ukkonen's algorithm on s[1 .. len] ('$' last), node 0 the root (start =
 * end = 0, its suffix link itself), edges [start, end] of s as MUMmerGPU's
 * SuffixNode keeps them, suffix links on the internal nodes. The arrays are
 * allocated for the most nodes the string can have (len leaves, len
 * internal nodes); the pages of those not made are never touched. */
static int st_build(st_t *t, const char *s, uint32_t len)
{
    memset(t, 0, sizeof *t);
    t->s = s, t->len = len;
    t->start = malloc((len + 1ull) * sizeof *t->start);
    t->end = malloc((len + 1ull) * sizeof *t->end);
    t->link = malloc((len + 1ull) * sizeof *t->link);
    t->kid = malloc(5 * (len + 1ull) * sizeof *t->kid);
    t->lstart = malloc((len + 1ull) * sizeof *t->lstart);
    if (!t->start || !t->end || !t->link || !t->kid || !t->lstart)
        return -1;
    const uint32_t root = st_inner(t, 0, 0);
    t->link[root] = root;
    uint32_t an = root, ae = 0, al = 0, rem = 0;
    for (uint32_t pos = 1; pos <= len; pos++) {
        rem++;
        uint32_t last = NONE;
        while (rem) {
            if (!al)
                ae = pos;
            const int c = b2i(s[ae]);
            const uint32_t nx = t->kid[5 * an + c];
            if (nx == NONE) {
                t->kid[5 * an + c] = st_leaf(t, pos);
                if (last != NONE)
                    t->link[last] = an, last = NONE;
            } else {
                uint32_t *ns = st_startp(t, nx);
                const uint32_t e = nx & LEAF ? pos : t->end[nx];
                const uint32_t el = e - *ns + 1;
                if (al >= el) {   /* walk down (never past a leaf: its edge is open) */
                    if (nx & LEAF)
                        return -1;
                    ae += el, al -= el, an = nx;
                    continue;
                }
                if (s[*ns + al] == s[pos]) {   /* already there: the phase ends */
                    if (last != NONE)
                        t->link[last] = an;
                    al++;
                    break;
                }
                const uint32_t sp = st_inner(t, *ns, *ns + al - 1);
                t->kid[5 * an + c] = sp;
                t->kid[5 * sp + b2i(s[pos])] = st_leaf(t, pos);
                *ns += al;
                t->kid[5 * sp + b2i(s[*ns])] = nx;
                if (last != NONE)
                    t->link[last] = sp;
                last = sp;
            }
            rem--;
            if (an == root && al) {
                al--;
                ae = pos - rem + 1;
            } else if (an != root) {
                an = t->link[an] == NONE ? root : t->link[an];
            }
        }
    }
    return 0;
}

static void st_free(st_t *t)
{
    free(t->start), free(t->end), free(t->link), free(t->kid), free(t->lstart);
}

/* renumberTree's ids: iid by internal node, lid by leaf */
typedef struct {
    const st_t *t;
    uint32_t *iid, *lid;
    uint32_t count;
    uint32_t *qn, *qd;            /* the breadth-first queue: nodes, tree depths */
    size_t tail;
} renum_t;

static void rn_number(renum_t *r, uint32_t v) { *(v & LEAF ? &r->lid[v & ~LEAF] : &r->iid[v]) = ++r->count; }
static void rn_queue(renum_t *r, uint32_t v, uint32_t d) { r->qn[r->tail] = v, r->qd[r->tail++] = d; }

/* v and its descendants `levels` levels down, depth first (v first); the
 * children of the last level queued at tree depth d */
static void rn_dfs(renum_t *r, uint32_t v, unsigned levels, uint32_t d)
{
    rn_number(r, v);
    if (v & LEAF)
        return;
    for (int i = 0; i < 5; i++) {
        const uint32_t k = r->t->kid[5 * v + i];
        if (k == NONE)
            continue;
        if (levels)
            rn_dfs(r, k, levels - 1, d);
        else
            rn_queue(r, k, d);
    }
}

/* renumberTree: ids breadth first from the root (1) down to tree depth 16;
 * below, a node's four levels of descendants numbered depth first with it,
 * the fifth level queued at depth + 5. */
static int st_renumber(const st_t *t, uint32_t *iid, uint32_t *lid)
{
    const size_t n = (size_t)t->ni + t->nl;
    renum_t r = {t, iid, lid, 0, malloc(n * sizeof *r.qn), malloc(n * sizeof *r.qd), 0};
    if (!r.qn || !r.qd) {
        free(r.qn), free(r.qd);
        return -1;
    }
    size_t head = 0;
    rn_queue(&r, 0, 0);
    while (head < r.tail) {
        const uint32_t v = r.qn[head], d = r.qd[head++];
        if (d >= 16) {
            rn_dfs(&r, v, 4, d + 5);
            continue;
        }
        rn_number(&r, v);
        for (int i = 0; !(v & LEAF) && i < 5; i++)
            if (t->kid[5 * v + i] != NONE)
                rn_queue(&r, t->kid[5 * v + i], d + 1);
    }
    free(r.qn), free(r.qd);
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

uint32_t mum_dollar(const mum_input_t *m, uint32_t r)
{
    uint32_t lo = 0, hi = m->ndollar;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (m->dnode[mid] < r)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < m->ndollar && m->dnode[lo] == r ? m->dkid[lo] : 0;
}

/* buildSuffixTreeTexture's contents (width 4096, height ceil(nodes / (4096
 * x 32)) x 32; each node's PixelOfNode and PixelOfChildren at its id2addr
 * texel) in mum_input_t's form: the fields by node id and kind. A node's
 * id is above its parent's (renumberTree numbers a node before its
 * children), so that depths are made in id order and leaf counts in the
 * reverse; -1 if not. */
static int mum_tree(mum_input_t *m, st_t *t)
{
    uint32_t *iid = malloc(t->ni * sizeof *iid), *lid = malloc((t->nl ? t->nl : 1) * sizeof *lid);
    if (!iid || !lid || st_renumber(t, iid, lid)) {
        free(iid), free(lid);
        return -1;
    }
    m->nnodes = t->ni + t->nl + 1;
    m->ninner = t->ni, m->nleaf = t->nl;
    const uint64_t strip = (uint64_t)MUM_TEXW * MUM_TEXBLOCK;
    m->rows = (uint32_t)((m->nnodes + strip - 1) / strip) * MUM_TEXBLOCK;
    const size_t nw = m->nnodes / 64 + 1;
    m->inner = calloc(nw, sizeof *m->inner);
    m->rank = malloc(nw * sizeof *m->rank);
    m->istart = malloc(t->ni * sizeof *m->istart);
    m->isuffix = malloc(t->ni * sizeof *m->isuffix);
    m->iparent = malloc(t->ni * sizeof *m->iparent);
    m->idepth = malloc(t->ni * sizeof *m->idepth);
    m->inl = calloc(t->ni, sizeof *m->inl);
    m->ikid = malloc(4ull * t->ni * sizeof *m->ikid);
    m->lstart = malloc((t->nl ? t->nl : 1) * sizeof *m->lstart);
    m->lparent = malloc((t->nl ? t->nl : 1) * sizeof *m->lparent);
    for (uint32_t v = 0; v < t->ni; v++)
        m->ndollar += t->kid[5 * v + 4] != NONE;
    m->dnode = malloc((m->ndollar ? m->ndollar : 1) * sizeof *m->dnode);
    m->dkid = malloc((m->ndollar ? m->ndollar : 1) * sizeof *m->dkid);
    int r = m->rows > MUM_TEXW   /* 12-bit texel rows */
            || !m->inner || !m->rank || !m->istart || !m->isuffix || !m->iparent || !m->idepth || !m->inl ||
            !m->ikid || !m->lstart || !m->lparent || !m->dnode || !m->dkid;
    for (uint32_t v = 0; v < t->ni && !r; v++)
        m->inner[iid[v] >> 6] |= 1ull << (iid[v] & 63);
    for (size_t w = 0, c = 0; w < nw && !r; c += (size_t)__builtin_popcountll(m->inner[w++]))
        m->rank[w] = (uint32_t)c;
    /* a node reference's address and rank */
#define ADDR(v) mum_id2addr((v) & LEAF ? lid[(v) & ~LEAF] : iid[v])
    uint32_t nd = 0;
    for (uint32_t v = 0; v < t->ni && !r; v++) {
        uint32_t ri, rk;
        const uint32_t a = mum_id2addr(iid[v]);
        mum_kind(m, a, &ri);
        m->istart[ri] = t->start[v];
        m->isuffix[ri] = t->link[v] == NONE ? 0 : ADDR(t->link[v]);
        m->idepth[ri] = t->end[v] - t->start[v] + 1;   /* the edge: its parent's depth added below */
        if (v == 0)
            m->iparent[ri] = 0;
        for (int c = 0; c < 5; c++) {
            const uint32_t k = t->kid[5 * v + c];
            const uint32_t ka = k == NONE ? 0 : ADDR(k);
            if (c < 4)
                m->ikid[4 * ri + c] = ka;
            else if (ka)
                m->dnode[nd] = ri, m->dkid[nd++] = ka;
            if (!ka)
                continue;
            if (mum_kind(m, ka, &rk) > 0)
                m->iparent[rk] = a;
            else
                m->lparent[rk] = a, m->lstart[rk] = t->lstart[k & ~LEAF];
        }
    }
#undef ADDR
    free(iid), free(lid);
    /* '$' links by rank */
    uint64_t *dl = malloc((nd ? nd : 1) * sizeof *dl);
    r = r || !dl;
    for (uint32_t i = 0; i < nd && !r; i++)
        dl[i] = (uint64_t)m->dnode[i] << 32 | m->dkid[i];
    if (!r)
        qsort(dl, nd, sizeof *dl, cmp_u64);
    for (uint32_t i = 0; i < nd && !r; i++)
        m->dnode[i] = (uint32_t)(dl[i] >> 32), m->dkid[i] = (uint32_t)dl[i];
    free(dl);
    /* depths in id order (SuffixNode::m_depth: the edge length plus the parent's) */
    for (uint32_t ri = 0; ri < t->ni && !r; ri++) {
        uint32_t pr;
        if (!m->iparent[ri])
            continue;
        mum_kind(m, m->iparent[ri], &pr);
        r = pr >= ri;
        m->idepth[ri] += m->idepth[pr];
    }
    /* numleaves (setNumLeaves), ids downwards */
    for (uint32_t id = m->nnodes - 1, ri = t->ni, li = t->nl; id >= 1 && !r; id--) {
        const int in = m->inner[id >> 6] >> (id & 63) & 1;
        const uint32_t p = in ? m->iparent[--ri] : m->lparent[--li], add = in ? m->inl[ri] : 1;
        uint32_t pr;
        if (p && mum_kind(m, p, &pr) > 0) {
            r = pr >= ri && in;
            m->inl[pr] += add;
        }
    }
    return r ? -1 : 0;
}

/* ---- the queries (getQueriesTexture with COALESCED_QUERIES; buildCoordOffsetArray) -------------------- */

/* Each query is 'q', its bases, '\0'; 16 queries a chunk of 16 x (len + 2,
 * rounded up to 4) bytes, character c of query j in int (c / 4) * 16 + j,
 * byte c % 4; queryAddrs[j] = the chunk's first int + j. MatchCoords: 16 x
 * (len - min + 1) a chunk, coordAddrs[j] = the chunk's first + j. */
static int mum_queries(mum_input_t *m, const char *queries)
{
    const uint32_t nq = m->nqry, nchunk = (nq + MUM_QWARP - 1) / MUM_QWARP;
    uint32_t w = MUM_QLEN + 2;
    w += (4 - w % 4) % 4;
    const uint32_t chunk_words = MUM_QWARP * w / 4, ncoord = MUM_QLEN - MUM_MINMATCH + 1;
    m->qwords = (size_t)nchunk * chunk_words;
    m->ncoords = (uint64_t)nchunk * MUM_QWARP * ncoord;
    m->qimg = calloc(m->qwords, sizeof *m->qimg);
    m->qaddr = malloc(nq * sizeof *m->qaddr);
    m->qlens = malloc(nq * sizeof *m->qlens);
    m->coord = malloc(nq * sizeof *m->coord);
    if (!m->qimg || !m->qaddr || !m->qlens || !m->coord)
        return -1;
    for (uint32_t q = 0; q < nq; q++) {
        const uint32_t ch = q / MUM_QWARP, j = q % MUM_QWARP;
        m->qaddr[q] = (int32_t)(ch * chunk_words + j);
        m->qlens[q] = MUM_QLEN;
        m->coord[q] = (int32_t)(ch * MUM_QWARP * ncoord + j);
        for (uint32_t c = 0; c < MUM_QLEN + 2; c++) {
            const uint8_t b = c == 0 ? 'q' : c <= MUM_QLEN ? (uint8_t)queries[(uint64_t)q * MUM_QLEN + c - 1] : 0;
            m->qimg[(uint64_t)m->qaddr[q] + (c / 4) * MUM_QWARP] |= (uint32_t)b << (8 * (c % 4));
        }
    }
    return 0;
}

/* ---- the matches (mummergpuKernel's results, coordsToPrintBuffers) ------------------------------------ */

/* mummergpuKernel's walk for query q on the host, the values it stores:
 * node[k], edge[k] for start k (node 0: no MatchCoord written). */
void mum_walk(const mum_input_t *m, uint32_t q, uint32_t *node, uint32_t *edge)
{
    const int32_t last = m->qlens[q] - MUM_MINMATCH;
    uint32_t cur = 0, prev = 0, node_start = 0;
    int32_t mustmatch = 0, qml = 0;
    for (int32_t k = 0; k <= last; k++) {
        node[k] = 0, edge[k] = 0;
        if (cur == 0 || qml < 1)
            cur = MUM_ROOT, qml = 1, mustmatch = 0;
        char c = mum_qchar(m, q, (uint32_t)(k + qml));
        int32_t refpos = 0;
        int noedge = 0;
        while (c != '\0') {
            prev = cur;
            const int b = c == 'A' ? 0 : c == 'C' ? 1 : c == 'G' ? 2 : c == 'T' ? 3 : -1;
            cur = b < 0 ? 0 : mum_kid(m, cur, (unsigned)b);
            if (cur == 0) {
                if (qml > MUM_MINMATCH)
                    node[k] = prev, edge[k] = 0;
                qml -= 1, mustmatch = 0, noedge = 1;
                break;
            }
            node_start = mum_start(m, cur);
            const uint32_t node_end = mum_end(m, cur);
            const int32_t edgelen = (int32_t)(node_end - node_start + 1);
            if (mustmatch) {
                const int32_t em = (int32_t)node_start + mustmatch, pe = (int32_t)node_end + 1;
                refpos = em < pe ? em : pe;
                qml += edgelen < mustmatch ? edgelen : mustmatch;
                mustmatch = mustmatch - edgelen > 0 ? mustmatch - edgelen : 0;
            } else {
                qml++;
                refpos = (int32_t)node_start + 1;
            }
            c = mum_qchar(m, q, (uint32_t)(k + qml));
            int mismatch = 0;
            while (refpos <= (int32_t)node_end && c != '\0') {
                if (m->ref[refpos] != c) {
                    mismatch = 1;
                    break;
                }
                qml++, refpos++;
                c = mum_qchar(m, q, (uint32_t)(k + qml));
            }
            if (mismatch)
                break;
        }
        if (!noedge) {
            if (qml > MUM_MINMATCH)
                node[k] = cur, edge[k] = (uint32_t)(refpos - (int32_t)node_start);
            mustmatch = refpos - (int32_t)node_start;
            qml -= mustmatch + 1;
        }
        cur = mum_suffix(m, prev);
    }
}

/* The last query whose matches were asked for (mum_match). */
struct mum_memo {
    uint32_t q;                   /* its number, or UINT32_MAX: none yet */
    mum_match_t match[MUM_QLEN];
};

/* Query q's matches into the memo: for each start k with a MatchCoord
 * (node > 0, forward), a MatchInfo whose alignments follow the previous
 * ones' (resultsoffset), numLeaves the node's leaves. Their count. */
static uint32_t query_matches(const mum_input_t *m, uint32_t q, uint64_t align, mum_match_t *out)
{
    const uint32_t nk = MUM_QLEN - MUM_MINMATCH + 1;
    uint32_t node[MUM_QLEN], edge[MUM_QLEN], n = 0;
    mum_walk(m, q, node, edge);
    for (uint32_t k = 0; k < nk; k++) {
        if (!node[k])
            continue;
        const uint32_t nl = mum_nleaves(m, node[k]);
        out[n++] = (mum_match_t){(uint32_t)align, q, node[k], nl, (uint16_t)edge[k], (uint16_t)k};
        align += nl;
    }
    return n;
}

/* coordsToPrintBuffers, all in one batch: the matches of the queries in
 * turn; each query's first match and its resultsoffset kept. */
static int mum_matches(mum_input_t *m)
{
    m->qmatch = malloc((m->nqry + 1ull) * sizeof *m->qmatch);
    m->qalign = malloc((m->nqry + 1ull) * sizeof *m->qalign);
    m->memo = malloc(sizeof *m->memo);
    if (!m->qmatch || !m->qalign || !m->memo)
        return -1;
    m->memo->q = UINT32_MAX;
    m->nmatch = 0, m->nalign = 0;
    for (uint32_t q = 0; q < m->nqry; q++) {
        m->qmatch[q] = m->nmatch, m->qalign[q] = m->nalign;
        const uint32_t n = query_matches(m, q, m->nalign, m->memo->match);
        for (uint32_t j = 0; j < n; j++)
            m->nalign += m->memo->match[j].numleaves;
        if (m->nmatch + (uint64_t)n > UINT32_MAX)
            return -1;
        m->nmatch += n;
    }
    m->qmatch[m->nqry] = m->nmatch, m->qalign[m->nqry] = m->nalign;
    return 0;
}

mum_match_t mum_match(const mum_input_t *m, uint32_t i)
{
    mum_memo_t *o = m->memo;   /* changed through a const input: a run makes its blocks one at a time */
    if (o->q == UINT32_MAX || i < m->qmatch[o->q] || i >= m->qmatch[o->q + 1]) {
        uint32_t lo = 0, hi = m->nqry;   /* the last query whose first match is at or below i */
        while (hi - lo > 1) {
            const uint32_t mid = lo + (hi - lo) / 2;
            if (m->qmatch[mid] <= i)
                lo = mid;
            else
                hi = mid;
        }
        o->q = lo;
        query_matches(m, lo, m->qalign[lo], o->match);
    }
    return o->match[i - m->qmatch[o->q]];
}

int mum_input_from(mum_input_t *m, const char *bases, uint32_t reflen, const char *queries, uint32_t nqry)
{
    memset(m, 0, sizeof *m);
    m->reflen = reflen, m->nqry = nqry;
    m->ref = malloc(reflen + 3ull);
    if (!m->ref)
        return -1;
    m->ref[0] = 's';
    memcpy(m->ref + 1, bases, reflen);
    m->ref[reflen + 1] = '$', m->ref[reflen + 2] = 0;
    st_t t;
    int r = st_build(&t, m->ref, reflen + 1);
    if (!r)
        r = mum_tree(m, &t);
    st_free(&t);
    if (!r)
        r = mum_queries(m, queries);
    if (!r)
        r = mum_matches(m);
    if (r)
        mum_free(m);
    return r;
}

int mum_input(mum_input_t *m, uint32_t reflen, uint64_t seed)
{
    memset(m, 0, sizeof *m);
    if (reflen < MUM_REF_MIN)
        return -1;
    const uint32_t nq = reflen / MUM_QPER;
    char *b = malloc(reflen), *q = malloc((size_t)nq * MUM_QLEN);
    uint32_t *pos = malloc(nq * sizeof *pos);
    if (!b || !q || !pos) {
        free(b), free(q), free(pos);
        return -1;
    }
    uint64_t s = seed;
    for (uint32_t i = 0; i < reflen; i++)
        b[i] = "ACGT"[simt_mix64(&s) & 3];
    for (uint32_t k = 0; k < nq; k++) {   /* a read from a uniform position, ~2% substitutions */
        pos[k] = 1 + (uint32_t)(simt_mix64(&s) % (reflen - MUM_QLEN + 1));
        for (uint32_t i = 0; i < MUM_QLEN; i++) {
            char c = b[pos[k] - 1 + i];
            const uint64_t r = simt_mix64(&s);
            if (r % MUM_MUTATE == 0)
                c = "ACGT"[(b2i(c) + 1 + (r >> 32) % 3) & 3];
            q[(size_t)k * MUM_QLEN + i] = c;
        }
    }
    int r = mum_input_from(m, b, reflen, q, nq);
    free(b), free(q);
    if (r)
        free(pos);
    else
        m->qpos = pos;
    return r;
}

void mum_free(mum_input_t *m)
{
    free(m->ref), free(m->qaddr), free(m->qlens), free(m->coord), free(m->qpos), free(m->qimg);
    free(m->inner), free(m->rank), free(m->istart), free(m->isuffix), free(m->iparent), free(m->idepth);
    free(m->inl), free(m->ikid), free(m->dnode), free(m->dkid), free(m->lstart), free(m->lparent);
    free(m->qmatch), free(m->qalign), free(m->memo);
    memset(m, 0, sizeof *m);
}

/* ---- mummergpuKernel ------------------------------------------------------------------------------------ */

/* GETQCHAR(pos) with COALESCED_QUERIES: the int queries[(pos >> 2) << 4]
 * (queries advanced by qryAddr ints), then its byte pos & 3 */
#define QCHAR(pos, rpos)                                                                       \
    do {                                                                                       \
        const uint32_t qp_ = (uint32_t)(pos);                                                  \
        reg_t qa_ = IMAD(t, rpos, NOREG, rq0);                                                 \
        reg_t qw_ = LDG(t, qs + 4 * ((uint64_t)qaddr + (uint64_t)(qp_ >> 2) * MUM_QWARP), qa_); \
        rc = ALU(t, "BFE.U32", qw_, rpos, NOREG);                                              \
        c = mum_qchar(m, qryid, qp_);                                                          \
    } while (0)

/* The source's control flow: for each query start, from the root or the
 * previous suffix link, follow the child of the next character (the
 * children texel), skip `mustmatch` characters down known edges, compare the
 * rest of the edge with the reference; on a missing child SET_RESULT(prev)
 * and NEXT_SUBSTRING, on a mismatch or the query's end RECORD_RESULT; then
 * the suffix link of prev (its node texel). set_result stores the 8-byte
 * MatchCoord when qry_match_len > min_match_len. Texture fetches (tex2D of
 * the uint4 node and children textures) are 16-byte global loads of texel
 * x + 4096 y, row-major (the cudaArray's tiled layout is not modelled). */
void rd_mummer(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const mum_input_t *m = p->data;
    const uint64_t mc = p->arr[0], ca = p->arr[1], qs = p->arr[2], nodes = p->arr[3], kids = p->arr[4],
                   ref = p->arr[5], qa = p->arr[6], ql = p->arr[7];
    const uint32_t qryid = t->bx * t->bdx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rq = IMAD(t, rbx, NOREG, rtx);
    GUARD(t, qryid < m->nqry, rq);
    reg_t rql = LDG(t, ql + 4ull * qryid, rq);
    reg_t rqa = LDG(t, qa + 4ull * qryid, rq);
    reg_t rca = LDG(t, ca + 4ull * qryid, rq);
    const int32_t qlen = m->qlens[qryid], qaddr = m->qaddr[qryid];
    reg_t rres = IMAD(t, rca, NOREG, NOREG);   /* result = match_coords + coordAddrs[qryid] */
    reg_t rq0 = IMAD(t, rqa, NOREG, NOREG);    /* queries += qryAddr */
    reg_t rlast = IADD(t, rql, NOREG);         /* last = qlen - min_match_len */
    const int32_t last = qlen - MUM_MINMATCH;
    uint64_t result = mc + 8ull * (uint64_t)m->coord[qryid];
    uint32_t cur = 0, prev = 0, node_start = 0;
    int32_t mustmatch = 0, qml = 0;
    reg_t rcur = MOV(t, RZ_), rprev = rcur, rmm = MOV(t, RZ_), rqml = MOV(t, RZ_), rns = RZ_;
    BRANCH(t, rlast);   /* 0 <= last */
    for (int32_t qrystart = 0; qrystart <= last; qrystart++) {
        BRANCH(t, rcur);   /* cur == 0 || qry_match_len < 1 */
        if (cur == 0 || qml < 1) {
            cur = MUM_ROOT, qml = 1, mustmatch = 0;
            rcur = MOV(t, RZ_), rqml = MOV(t, RZ_), rmm = MOV(t, RZ_);
        }
        char c;
        reg_t rc;
        QCHAR(qrystart + qml, rqml);
        int32_t refpos = 0;
        reg_t rref = MOV(t, RZ_);
        int noedge = 0;
        BRANCH(t, rc);   /* c != '\0' */
        while (c != '\0') {
            const uint64_t cx = mum_texel(cur);
            reg_t ak = IMAD(t, rcur, NOREG, NOREG);
            reg_t rch = LDG128(t, kids + 16 * cx, ak);
            prev = cur, rprev = rcur;
            const int b = c == 'A' ? 0 : c == 'C' ? 1 : c == 'G' ? 2 : c == 'T' ? 3 : -1;
            cur = b < 0 ? 0 : mum_kid(m, cur, (unsigned)b);
            rcur = ALU(t, "SEL", rch, rc, NOREG);   /* switch (c): the child's uchar3, arrayToAddress */
            BRANCH(t, rcur);   /* cur == 0: no edge */
            if (cur == 0) {
                BRANCH(t, rqml);   /* set_result: qry_match_len > min_match_len */
                if (qml > MUM_MINMATCH)
                    STG64(t, result, rres, rprev);
                qml -= 1, mustmatch = 0;
                rqml = IADD(t, rqml, NOREG), rmm = MOV(t, RZ_);
                noedge = 1;
                break;   /* goto NEXT_SUBSTRING */
            }
            const uint64_t nx = mum_texel(cur);
            reg_t an = IMAD(t, rcur, NOREG, NOREG);
            reg_t rnd = LDG128(t, nodes + 16 * nx, an);
            node_start = mum_start(m, cur);
            const uint32_t node_end = mum_end(m, cur);
            rns = ALU(t, "LOP.AND", rnd, NOREG, NOREG);   /* MKI(node.start) */
            reg_t rne = ALU(t, "LOP.AND", rnd, NOREG, NOREG);   /* MKI(node.end) */
            const int32_t edgelen = (int32_t)(node_end - node_start + 1);
            BRANCH(t, rmm);   /* mustmatch */
            if (mustmatch) {
                const int32_t em = (int32_t)node_start + mustmatch, pe = (int32_t)node_end + 1;
                refpos = em < pe ? em : pe;
                qml += edgelen < mustmatch ? edgelen : mustmatch;
                mustmatch = mustmatch - edgelen > 0 ? mustmatch - edgelen : 0;
                reg_t rel = IADD(t, rne, rns);
                rref = IMNMX(t, IADD(t, rns, rmm), rne);
                rqml = IADD(t, rqml, IMNMX(t, rel, rmm));
                rmm = IMNMX(t, IADD(t, rmm, rel), NOREG);
            } else {
                qml++;
                refpos = (int32_t)node_start + 1;
                rqml = IADD(t, rqml, NOREG);
                rref = IADD(t, rns, NOREG);
            }
            QCHAR(qrystart + qml, rqml);
            int mismatch = 0;
            BRANCH(t, rref);   /* refpos <= node_end && c != '\0' */
            while (refpos <= (int32_t)node_end && c != '\0') {
                reg_t ar = IADD(t, rref, NOREG);
                reg_t rr = LDG8(t, ref + (uint64_t)refpos, ar);   /* GETRCHAR: ref[refpos] */
                BRANCH(t, rr);   /* r != c: mismatch on the edge */
                if (m->ref[refpos] != c) {
                    mismatch = 1;
                    break;   /* goto RECORD_RESULT */
                }
                qml++, refpos++;
                rqml = IADD(t, rqml, NOREG), rref = IADD(t, rref, NOREG);
                QCHAR(qrystart + qml, rqml);
                LOOP(t, rc);
            }
            if (mismatch)
                break;
            LOOP(t, rc);   /* while (c != '\0') */
        }
        if (!noedge) {   /* RECORD_RESULT */
            BRANCH(t, rqml);   /* set_result: qry_match_len > min_match_len */
            if (qml > MUM_MINMATCH)
                STG64(t, result, rres, rcur);
            mustmatch = refpos - (int32_t)node_start;
            qml -= mustmatch + 1;
            rmm = IADD(t, rref, rns);
            rqml = IADD(t, rqml, rmm);
        }
        /* NEXT_SUBSTRING: node.data = GETNODEHIST(prev); cur = node.suffix */
        const uint64_t px = mum_texel(prev);
        reg_t ap = IMAD(t, rprev, NOREG, NOREG);
        reg_t rpn = LDG128(t, nodes + 16 * px, ap);
        cur = mum_suffix(m, prev);
        rcur = ALU(t, "LOP.AND", rpn, NOREG, NOREG);
        result += 8ull * MUM_QWARP;   /* result += RESULT_SPAN */
        rres = IADD(t, rres, NOREG);
        LOOP(t, rlast);   /* qrystart <= last */
    }
    EXIT(t);
}

/* ---- printKernel ---------------------------------------------------------------------------------------- */

/* MatchInfo's fields (20 bytes), Alignment's (8) */
#define MI_OFFSET(i) (20ull * (i))
#define MI_QUERY(i)  (20ull * (i) + 4)
#define MI_NODE(i)   (20ull * (i) + 8)
#define MI_EDGE(i)   (20ull * (i) + 16)
#define MI_START(i)  (20ull * (i) + 18)

/* printKernel (one page: page_begin 0, no shadows, so every left-maximal
 * leaf is stored): for match i, up the parent links to the highest node
 * deeper than min_match_length (printParent), then the source's walk of its
 * subtree (curchild A C G T $ in turn, back to the parent from a leaf or the
 * last child, the golden path of the query's own characters setting
 * matchlen), storing an Alignment for each leaf whose leafchar differs from
 * the query's flanking base. The unsigned short fields (edgematch,
 * qrystartpos; Alignment.matchlen) are 1-byte accesses at their address:
 * the same sector. */
void rd_mummer_print(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const mum_input_t *m = p->data;
    const uint64_t mt = p->arr[0], al = p->arr[1], qs = p->arr[2], nodes = p->arr[3], kids = p->arr[4],
                   qa = p->arr[5];
    const uint32_t mid = t->bx * t->bdx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rq = IMAD(t, rbx, NOREG, rtx);
    GUARD(t, mid < m->nmatch, rq);
    const mum_match_t mi_ = mum_match(m, mid), *mi = &mi_;
    const uint32_t qryid = mi->queryid;
    reg_t rqid = LDG(t, mt + MI_QUERY(mid), rq);
    reg_t rqa = LDG(t, qa + 4ull * qryid, rqid);
    const int32_t qaddr = m->qaddr[qryid];
    reg_t rq0 = IMAD(t, rqa, NOREG, NOREG);   /* SHIFT_QUERIES */
    reg_t rst = LDG8(t, mt + MI_START(mid), rq);
    char c;
    reg_t rc;
    QCHAR(mi->qrystartpos, rst);   /* queryflankingbase */
    const char flank = c;
    reg_t rflank = rc;
    reg_t rma = LDG(t, mt + MI_NODE(mid), rq);
    const uint32_t matchaddr = mi->matchnode;
    uint32_t cur = matchaddr, pp = cur;
    reg_t rcur = rma, rpp = rma;
    reg_t rnd = LDG128(t, nodes + 16 * mum_texel(cur), IMAD(t, rcur, NOREG, NOREG));
    BRANCH(t, rnd);   /* MKI(node.depth) > min_match_length */
    while (mum_depth(m, cur) > MUM_MINMATCH) {
        pp = cur, rpp = rcur;
        cur = mum_parent(m, cur);
        rcur = ALU(t, "LOP.AND", rnd, NOREG, NOREG);   /* arrayToAddress(node.parent) */
        reg_t a = IMAD(t, rcur, NOREG, NOREG);
        rnd = LDG128(t, nodes + 16 * mum_texel(cur), a);
        LOOP(t, rnd);
    }
    const uint32_t bad = cur;
    reg_t rbad = rcur;
    cur = pp, rcur = rpp;
    int curchild = 0;   /* 'A' C G T $: 0..4 */
    int force = 0;
    reg_t rpn = LDG128(t, nodes + 16 * mum_texel(pp), IMAD(t, rpp, NOREG, NOREG));
    int32_t matchlen = (int32_t)mum_depth(m, pp) - 1;
    reg_t rml = IADD(t, rpn, NOREG);
    int dgp = 0;
    reg_t rdgp = MOV(t, RZ_);
    reg_t rmn = LDG(t, mt + MI_OFFSET(mid), rq);   /* matchnum = resultsoffset */
    reg_t ra = IMAD(t, rmn, NOREG, NOREG);          /* &alignments[matchnum], advanced with it */
    uint32_t matchnum = mi->resultsoffset;
    BRANCH(t, rpp);   /* printParent == matchaddr */
    if (pp == matchaddr) {
        reg_t re = LDG8(t, mt + MI_EDGE(mid), rq);
        BRANCH(t, re);   /* edgematch > 0 */
        if (mi->edgematch > 0) {
            reg_t rb = LDG128(t, nodes + 16 * mum_texel(bad), IMAD(t, rbad, NOREG, NOREG));
            matchlen = (int32_t)mum_depth(m, bad) - 1 + mi->edgematch;
            rml = IADD(t, rb, re);
        }
        dgp = 1, rdgp = MOV(t, RZ_);
    }
    BRANCH(t, rcur);   /* cur != badParent */
    while (cur != bad) {
        const uint64_t cx = mum_texel(cur);
        reg_t rch = LDG128(t, kids + 16 * cx, IMAD(t, rcur, NOREG, NOREG));
        const uint32_t leafid = mum_leafid(m, cur);
        const char leafchar = leafid ? m->ref[leafid - 1] : 0;
        BRANCH(t, rch);   /* isLeaf || forceToParent */
        if (leafchar || force) {
            BRANCH(t, rflank);   /* isLeaf && isLeaf != queryflankingbase */
            if (leafchar && leafchar != flank) {
                reg_t rl = IADD(t, rch, NOREG);   /* left_in_ref = leafid - 1 + page_begin */
                STG(t, al + 8ull * matchnum, ra, rl);
                STG8(t, al + 8ull * matchnum + 4, ra, rml);
                matchnum++;
                ra = IADD(t, ra, NOREG);
            }
            force = 0;
            reg_t rn = LDG128(t, nodes + 16 * cx, IMAD(t, rcur, NOREG, NOREG));
            const uint32_t par = mum_parent(m, cur);
            reg_t rpar = ALU(t, "LOP.AND", rn, NOREG, NOREG);
            reg_t rpc = LDG128(t, kids + 16 * mum_texel(par), IMAD(t, rpar, NOREG, NOREG));
            uint32_t pk[4];
            for (unsigned c = 0; c < 4; c++)
                pk[c] = mum_kid(m, par, c);
            BRANCH(t, rpc);   /* pa == cur ... pt == cur, else the $ child */
            if (pk[0] == cur)
                curchild = 1;
            else if (pk[1] == cur)
                curchild = 2;
            else if (pk[2] == cur)
                curchild = 3;
            else if (pk[3] == cur)
                curchild = 4;
            else
                force = 1;
            cur = par, rcur = rpar;
            if (dgp)
                dgp--;
            rdgp = IADD(t, rdgp, NOREG);
            BRANCH(t, rdgp);   /* depthToGoldenPath == 0 */
            if (dgp == 0) {
                reg_t rn2 = LDG128(t, nodes + 16 * mum_texel(cur), IMAD(t, rcur, NOREG, NOREG));
                matchlen = (int32_t)mum_depth(m, cur) - 1;
                rml = IADD(t, rn2, NOREG);
            }
        } else {
            reg_t rch2 = LDG128(t, kids + 16 * cx, IMAD(t, rcur, NOREG, NOREG));
            char golden = 0;
            reg_t rgold = RZ_;
            BRANCH(t, rdgp);   /* depthToGoldenPath == 0 */
            if (dgp == 0) {
                reg_t rs = LDG8(t, mt + MI_START(mid), rq);
                reg_t rpos = IADD(t, rs, rml);
                QCHAR((uint32_t)mi->qrystartpos + (uint32_t)matchlen + 1, rpos);
                golden = c, rgold = rc;
            }
            while (curchild < 5 && !mum_kid(m, cur, (unsigned)curchild))
                curchild++;
            rcur = ALU(t, "SEL", rch2, NOREG, NOREG);   /* the first child from curchild on */
            BRANCH(t, rcur);   /* checked all of the children */
            if (curchild == 5) {
                force = 1;
            } else {
                cur = mum_kid(m, cur, (unsigned)curchild);
                BRANCH(t, rdgp);   /* depthToGoldenPath == 0 */
                if (dgp == 0) {
                    BRANCH(t, rgold);   /* curchild == goldenChild */
                    if ("ACGT$"[curchild] == golden) {
                        reg_t rn = LDG128(t, nodes + 16 * mum_texel(cur), IMAD(t, rcur, NOREG, NOREG));
                        matchlen = (int32_t)mum_depth(m, cur) - 1;
                        rml = IADD(t, rn, NOREG);
                        BRANCH(t, rma);   /* cur == matchaddr: overextended */
                        if (cur == matchaddr) {
                            dgp = 1;
                            reg_t re = LDG8(t, mt + MI_EDGE(mid), rq);
                            BRANCH(t, re);   /* edgematch > 0 */
                            if (mi->edgematch > 0) {
                                const uint32_t par = mum_parent(m, cur);
                                reg_t rpar = ALU(t, "LOP.AND", rn, NOREG, NOREG);
                                reg_t rpn2 = LDG128(t, nodes + 16 * mum_texel(par), IMAD(t, rpar, NOREG, NOREG));
                                reg_t re2 = LDG8(t, mt + MI_EDGE(mid), rq);
                                matchlen = (int32_t)mum_depth(m, par) - 1 + mi->edgematch;
                                rml = IADD(t, rpn2, re2);
                            }
                        }
                    } else {
                        dgp = 1;
                    }
                } else {
                    dgp++;
                }
                rdgp = IADD(t, rdgp, NOREG);
                curchild = 0;
            }
        }
        LOOP(t, rcur);   /* while (cur != badParent) */
    }
    EXIT(t);
}
