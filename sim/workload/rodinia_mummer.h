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
    uint32_t nnodes;            /* tree nodes + the NULL node 0 */
    uint32_t rows;              /* texture height (a multiple of 32) */
    /* the textures, by texel x + 4096 y: PixelOfNode's start, end, suffix
     * link, parent, depth; PixelOfChildren's a c g t $ links (addresses
     * x | y << 16; 0: none) or a leaf's leafid (its leafchar ref[leafid - 1]);
     * the host's AuxiliaryNodeData numleaves */
    uint32_t *start, *end, *suffix, *child;   /* child: 5 per texel */
    uint32_t *parent, *depth, *leafid, *nleaves;
    /* printKernel's input (coordsToPrintBuffers): the matches in query, start order */
    uint32_t nmatch;
    struct mum_match *match;
    uint64_t nalign;            /* alignments: the matches' leaves */
} mum_input_t;

/* id2addr (REORDER_TREE): node id -> texture address x | y << 16 */
static inline uint32_t mum_id2addr(uint32_t id)
{
    uint32_t bigx = id & 0x1ffffu, bigy = id >> 17;
    uint32_t y = (bigy << 5) + (bigx & 0x1fu), x = bigx >> 5;
    return x | y << 16;
}
/* the texel of a texture address */
static inline uint64_t mum_texel(uint32_t addr) { return (addr & 0xffffu) + (uint64_t)(addr >> 16) * MUM_TEXW; }

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

/* mummergpuKernel, one query a thread (simt_args_t: arr = {match_coords,
 * coordAddrs, queries, nodetex, childrentex, ref, queryAddrs,
 * queryLengths}, data = the mum_input_t). */
void rd_mummer(simt_t *t);

/* printKernel, one match a thread (simt_args_t: arr = {matches,
 * alignments, queries, nodetex, childrentex, queryAddrs, queryLengths},
 * data = the mum_input_t). */
void rd_mummer_print(simt_t *t);

#endif
