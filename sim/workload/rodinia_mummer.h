/* rodinia_mummer.h - Rodinia's MUMmerGPU (cuda/mummergpu): the suffix tree
 * of the reference built on the host as the program builds it (Ukkonen,
 * renumberTree, buildNodeTexture: the node and children textures, 4096
 * texels wide, REORDER_TREE's 32-row strips), the queries in the
 * COALESCED_QUERIES layout, and mummergpuKernel per thread (simt.h).
 *
 * The build is common.cu's defaults: COALESCED_QUERIES 1, QRYTEX 0,
 * REFTEX 0, REORDER_REF 0, TREETEX 1 (NODETEX, CHILDTEX), MERGETEX 0,
 * REORDER_TREE 1, RENUMBER_TREE 1, no two-level tree. */
#ifndef MEMSCHED_SIM_RODINIA_MUMMER_H
#define MEMSCHED_SIM_RODINIA_MUMMER_H

#include <stddef.h>
#include <stdint.h>

#include "workload/simt.h"

#define MUM_BLOCK    256        /* mummergpu_cuda.cu BLOCKSIZE */
#define MUM_QWARP    16         /* its WARP_SIZE: queries interleaved 16 at a time */
#define MUM_QLEN     100        /* NC_003997_q100bp.fna: 100 bp queries */
#define MUM_MINMATCH 20         /* mummergpu's default minimum match length */
#define MUM_TEXW     4096       /* MAX_TEXTURE_DIMENSION: the tree textures' width */
#define MUM_TEXBLOCK 32         /* TEXBLOCKSIZE: REORDER_TREE's strip height */
#define MUM_ROOT     0x00010000u   /* GOROOT: the root, node 1, at texel (0, 1) */
#define MUM_REF      (1u << 20) /* the default reference (bases); NC_003997 is 5227293 */
#define MUM_REF_QUICK 65536u
#define MUM_REF_MIN  1024u
#define MUM_REF_MAX  8000000u   /* the texture's 4096 x 4096 texels hold 2 N + 3 nodes */
#define MUM_QPER     100u       /* reference bases per query (the query count is reference / 100) */
#define MUM_MUTATE   50u        /* a query base is substituted with probability 1 / 50 */
#define MUM_SEED     0x4d554d4d45524750ull

typedef struct mum_match {   /* MatchInfo (20 bytes on the device) */
    uint32_t resultsoffset, queryid, matchnode, numleaves;
    uint16_t edgematch, qrystartpos;
} mum_match_t;

typedef struct mum_memo mum_memo_t;

typedef struct {
    uint32_t reflen;            /* bases */
    char *ref;                  /* the device copy: 's', the bases, '$', '\0' (reflen + 3 bytes) */
    uint32_t nqry;
    int32_t *qaddr;             /* queryAddrs: the query's first int in the query image */
    int32_t *qlens;             /* queryLengths */
    int32_t *coord;             /* coordAddrs: its first MatchCoord */
    uint32_t *qpos;             /* where the query was sampled from (1-based reference position) */
    uint32_t *qimg;             /* the query image (d_tex_array), ints */
    size_t qwords;
    uint64_t ncoords;           /* MatchCoords (8 bytes each) */
    uint32_t nnodes;            /* tree nodes + the NULL node 0: ids 1 .. nnodes - 1 */
    uint32_t rows;              /* texture height (a multiple of 32) */
    /* The textures' contents, held by node id (mum_addr2id) and kind, read
     * through mum_start ... mum_nleaves below: PixelOfNode's start, end,
     * suffix link, parent, depth, PixelOfChildren's a c g t $ links
     * (addresses x | y << 16; 0: none) or a leaf's leafid, the host's
     * AuxiliaryNodeData numleaves. What follows from other fields is not
     * held: a leaf's end (the '$'), suffix link (none), links (none),
     * depth (its parent's plus its edge), leafid (its suffix's start) and
     * numleaves (1); an internal node's end (its start plus its depth less
     * its parent's, less 1). */
    uint64_t *inner;            /* bit id: an internal node (the root, id 1, included) */
    uint32_t *rank;             /* per 64 ids: the internal nodes below the first */
    uint32_t ninner, nleaf;
    uint32_t *istart, *isuffix, *iparent, *idepth, *inl;   /* internal nodes, in id order */
    uint32_t *ikid;             /* ... their a c g t links, 4 each */
    uint32_t ndollar;           /* the internal nodes with a '$' link (a handful: the reference's */
    uint32_t *dnode, *dkid;     /*   shortest suffixes): their rank, ascending, and the link */
    uint32_t *lstart, *lparent; /* leaves, in id order */
    /* printKernel's input (coordsToPrintBuffers): the matches in query,
     * start order, made again a query at a time (mum_match) */
    uint32_t nmatch;
    uint64_t nalign;            /* alignments: the matches' leaves */
    uint32_t *qmatch;           /* per query, and one past the last: its first match */
    uint64_t *qalign;           /* per query: its first match's resultsoffset */
    mum_memo_t *memo;           /* the last query's matches */
} mum_input_t;

/* id2addr (REORDER_TREE): node id -> texture address x | y << 16 */
static inline uint32_t mum_id2addr(uint32_t id)
{
    uint32_t bigx = id & 0x1ffffu, bigy = id >> 17;
    uint32_t y = (bigy << 5) + (bigx & 0x1fu), x = bigx >> 5;
    return x | y << 16;
}
/* its inverse: the node id at a texture address */
static inline uint32_t mum_addr2id(uint32_t addr)
{
    const uint32_t x = addr & 0xffffu, y = addr >> 16;
    return (x << 5 | (y & 0x1fu)) | (y >> 5) << 17;
}
/* the texel of a texture address */
static inline uint64_t mum_texel(uint32_t addr) { return (addr & 0xffffu) + (uint64_t)(addr >> 16) * MUM_TEXW; }

/* The node at texture address a (a node of the tree, or 0: the NULL node,
 * whose fields are all 0): its index among the internal nodes (*r), or
 * among the leaves (the return value -1: a leaf, 1: internal, 0: NULL,
 * *r 0). */
static inline int mum_kind(const mum_input_t *m, uint32_t a, uint32_t *r)
{
    const uint32_t id = mum_addr2id(a);
    *r = 0;
    if (!id)
        return 0;
    const uint64_t w = m->inner[id >> 6], below = w & ((1ull << (id & 63)) - 1);
    const uint32_t ir = m->rank[id >> 6] + (uint32_t)__builtin_popcountll(below);
    if (w >> (id & 63) & 1) {
        *r = ir;
        return 1;
    }
    *r = id - 1 - ir;
    return -1;
}
static inline uint32_t mum_start(const mum_input_t *m, uint32_t a)
{
    uint32_t r;
    const int k = mum_kind(m, a, &r);
    return k > 0 ? m->istart[r] : k < 0 ? m->lstart[r] : 0;
}
static inline uint32_t mum_parent(const mum_input_t *m, uint32_t a)
{
    uint32_t r;
    const int k = mum_kind(m, a, &r);
    return k > 0 ? m->iparent[r] : k < 0 ? m->lparent[r] : 0;
}
static inline uint32_t mum_suffix(const mum_input_t *m, uint32_t a)
{
    uint32_t r;
    return mum_kind(m, a, &r) > 0 ? m->isuffix[r] : 0;
}
static inline uint32_t mum_nleaves(const mum_input_t *m, uint32_t a)
{
    uint32_t r;
    const int k = mum_kind(m, a, &r);
    return k > 0 ? m->inl[r] : k < 0;
}
/* PixelOfNode.depth: the string depth + 1 (the root's [0, 0] edge counts 1) */
static inline uint32_t mum_depth(const mum_input_t *m, uint32_t a)
{
    uint32_t r;
    const int k = mum_kind(m, a, &r);
    if (k >= 0)
        return k ? m->idepth[r] : 0;
    uint32_t pr;
    mum_kind(m, m->lparent[r], &pr);   /* a leaf's parent is internal */
    return m->idepth[pr] + m->reflen + 2 - m->lstart[r];
}
static inline uint32_t mum_end(const mum_input_t *m, uint32_t a)
{
    uint32_t r;
    const int k = mum_kind(m, a, &r);
    if (k <= 0)
        return k ? m->reflen + 1 : 0;
    uint32_t pd = 0, pr;
    if (m->iparent[r] && mum_kind(m, m->iparent[r], &pr) > 0)
        pd = m->idepth[pr];
    return m->istart[r] + m->idepth[r] - pd - 1;
}
/* a leaf's leafid (its suffix's start: the leaf spells ref[leafid ..]); 0: not a leaf */
static inline uint32_t mum_leafid(const mum_input_t *m, uint32_t a)
{
    uint32_t r, pr;
    if (mum_kind(m, a, &r) >= 0)
        return 0;
    mum_kind(m, m->lparent[r], &pr);
    return m->lstart[r] + 1 - m->idepth[pr];
}
/* PixelOfChildren's link c (0 .. 3: a c g t, 4: '$'); 0: none */
uint32_t mum_dollar(const mum_input_t *m, uint32_t r);
static inline uint32_t mum_kid(const mum_input_t *m, uint32_t a, unsigned c)
{
    uint32_t r;
    if (mum_kind(m, a, &r) <= 0)
        return 0;
    return c < 4 ? m->ikid[4 * r + c] : mum_dollar(m, r);
}

/* The stand-in input: a random reference of reflen bases (ACGT, splitmix64
 * of seed), reflen / MUM_QPER queries of MUM_QLEN bases sampled from it with
 * substitutions, the tree and the layouts. 0, or -1 (out of memory, reflen
 * below MUM_REF_MIN). */
int  mum_input(mum_input_t *m, uint32_t reflen, uint64_t seed);
/* The same on a given reference string (bases only) and queries (nqry x
 * MUM_QLEN bases): for tests. */
int  mum_input_from(mum_input_t *m, const char *bases, uint32_t reflen, const char *queries, uint32_t nqry);
void mum_free(mum_input_t *m);
/* GETQCHAR: character pos of query qryid from the query image */
static inline char mum_qchar(const mum_input_t *m, uint32_t qryid, uint32_t pos)
{
    return (char)(m->qimg[(uint64_t)m->qaddr[qryid] + (pos >> 2) * MUM_QWARP] >> (8 * (pos & 3)));
}

/* mummergpuKernel's walk on the host: for each start k of query q, the
 * MatchCoord it writes (node 0: none): the match node, the edge match. */
void mum_walk(const mum_input_t *m, uint32_t q, uint32_t *node, uint32_t *edge);
/* MatchInfo i (i < nmatch) of coordsToPrintBuffers' list: query q's are
 * its walk's MatchCoords in start order, made again from the walk when
 * another query's are asked for (a query's are kept: a block's threads
 * ask for consecutive matches). */
mum_match_t mum_match(const mum_input_t *m, uint32_t i);

/* mummergpuKernel, one query a thread (simt_args_t: arr = {match_coords,
 * coordAddrs, queries, nodetex, childrentex, ref, queryAddrs,
 * queryLengths}, data = the mum_input_t). */
void rd_mummer(simt_t *t);

/* printKernel, one match a thread (simt_args_t: arr = {matches,
 * alignments, queries, nodetex, childrentex, queryAddrs, queryLengths},
 * data = the mum_input_t). */
void rd_mummer_print(simt_t *t);

#endif
