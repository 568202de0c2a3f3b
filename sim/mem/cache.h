/* cache.h - the parts the L1D and the L2 share: a tag array (sets x ways,
 * LRU, lines invalid / reserved (allocated, fill pending) / valid, dirty
 * bits) and an MSHR table (entries x merges, each entry a line and the tags
 * of the requests waiting for it). */
#ifndef MEMSCHED_SIM_CACHE_H
#define MEMSCHED_SIM_CACHE_H

#include <stdint.h>

enum { LINE_I, LINE_R, LINE_V };

typedef struct {
    uint64_t line;
    uint64_t lru;        /* last touch (a counter per tag array) */
    uint8_t state;       /* LINE_* */
    uint8_t dirty;
    uint16_t mshr;       /* LINE_R: the MSHR entry filling it */
} cline_t;

typedef struct {
    unsigned sets, ways;
    cline_t *l;          /* sets * ways */
    uint64_t stamp;
} tags_t;

int  tags_init(tags_t *t, unsigned sets, unsigned ways);
void tags_free(tags_t *t);
/* The line in set `set` (reserved or valid), or NULL. */
cline_t *tags_find(tags_t *t, unsigned set, uint64_t line);
/* The line to replace in `set`: an invalid one, else the least recently used
 * valid one; NULL when every way is reserved (a line-allocation failure). */
cline_t *tags_victim(tags_t *t, unsigned set);
static inline void tags_touch(tags_t *t, cline_t *c) { c->lru = ++t->stamp; }

typedef struct {
    uint64_t line;
    unsigned n;          /* requests merged (1 = the one that allocated it) */
    uint32_t *wait;      /* their tags: merge entries */
    uint8_t valid;
} mshr_entry_t;

typedef struct {
    unsigned entries, merge, used;
    mshr_entry_t *e;
    uint16_t *freel;     /* free entry stack */
    unsigned nfree;
} mshr_t;

int  mshr_init(mshr_t *m, unsigned entries, unsigned merge);
void mshr_free(mshr_t *m);
/* The live entry of `line`, or -1 (linear search: for caches whose reserved
 * lines do not say which entry fills them). */
int  mshr_find(const mshr_t *m, uint64_t line);
/* A new entry for line with its first waiting tag; -1 when all are in use. */
int  mshr_alloc(mshr_t *m, uint64_t line, uint32_t tag);
/* Add a waiting tag; 0, or -1 when the entry holds `merge` requests. */
static inline int mshr_merge(mshr_t *m, int i, uint32_t tag)
{
    mshr_entry_t *e = &m->e[i];
    if (e->n == m->merge)
        return -1;
    e->wait[e->n++] = tag;
    return 0;
}
void mshr_release(mshr_t *m, int i);

/* Why a cache refused a request this cycle (GPGPU-Sim's names). */
enum { RF_LINE_ALLOC, RF_MSHR_ENTRY, RF_MSHR_MERGE, RF_MISS_QUEUE, RF_N };
extern const char *const rf_names[RF_N];   /* "LINE_ALLOC_FAIL", "MSHR_ENRTY_FAIL", ... */

/* Per-cache event counts (per request type). A refused request is counted
 * once per refusal in resfail, and as an access only when it is accepted. */
typedef struct {
    uint64_t acc[4], hit[4], miss[4];  /* by req_type_t */
    uint64_t pending_hit;              /* reads merged into a line already being fetched */
    uint64_t resfail[RF_N];
    uint64_t fills, evictions, writebacks;
    uint64_t sent, replies;            /* requests sent below that want a reply; replies received */
} cache_stats_t;
#endif
