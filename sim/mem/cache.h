/* cache.h - the parts the L1D and the L2 share: a tag array (sets x ways,
 * lines invalid / reserved (allocated, fill pending) / valid, dirty bits,
 * a replacement policy from the registry in cache_policy.h) and an MSHR
 * table (entries x merges, each entry a line and the tags of the requests
 * waiting for it). */
#ifndef MEMSCHED_SIM_CACHE_H
#define MEMSCHED_SIM_CACHE_H

#include <stddef.h>
#include <stdint.h>

enum { LINE_I, LINE_R, LINE_V };

typedef struct {
    uint64_t line;
    uint64_t rp;         /* the replacement policy's data (LRU: last touch; FIFO: allocation) */
    uint8_t state;       /* LINE_* */
    uint8_t dirty;
    uint8_t sv;          /* the L2's readable sectors of a valid line (all, but for l2.write_alloc=lazy
                            and a sectored L2) */
    uint8_t sp, sd;      /* a sectored L2: the sectors being fetched, the dirty ones */
    uint16_t mshr;       /* LINE_R: the MSHR entry filling it */
    uint8_t pf;          /* the L1D: fetched by a prefetch, not yet read by a demand */
    uint8_t hit;         /* the L1D (l1.classify): its last read hit */
    uint16_t smshr[4];   /* a sectored L2: each pending sector's MSHR entry */
} cline_t;

struct repl_ops;

typedef struct {
    unsigned sets, ways;
    cline_t *l;          /* sets * ways */
    uint64_t *key;       /* sets * ways: way i's line while l[i] is not LINE_I, else TAGS_NONE. The
                          * lookups scan a set's keys (8 bytes a way, not a whole cline_t); every
                          * change of a way's state or line goes through tags_set, which keeps it */
    uint64_t *vk;        /* sets * ways: way i's place in the replacement order (tags_vkey), kept by
                          * tags_set and the policy events: a victim is a scan of 8 bytes a way */
    int oldest;          /* the policy's victim is tags_oldest's: tags_victim takes the smallest vk */
    uint64_t stamp;      /* events so far (allocations and touches): the policies' clock */
    const struct repl_ops *rp;
} tags_t;

/* The key of an invalid way: no line number (a line is an address >> 7). */
#define TAGS_NONE UINT64_MAX

/* The key of a way holding `line` in `state`. */
static inline uint64_t tags_key(unsigned state, uint64_t line) { return state != LINE_I ? line : TAGS_NONE; }

/* A way's place in the replacement order: an invalid way first (0), then
 * the valid ones by the policy's data (rp + 1; the age-ordered policies
 * replace the smallest), a reserved way never (TAGS_NONE). */
static inline uint64_t tags_vkey(const cline_t *c)
{
    return c->state == LINE_I ? 0 : c->state == LINE_V ? c->rp + 1 : TAGS_NONE;
}

/* Way c's place in t's replacement order, after a change of its state or
 * policy data. */
static inline void tags_file(tags_t *t, const cline_t *c) { t->vk[c - t->l] = tags_vkey(c); }

/* Way c of t now holds `line` in `state` (LINE_*). */
static inline void tags_set(tags_t *t, cline_t *c, unsigned state, uint64_t line)
{
    c->state = (uint8_t)state;
    c->line = line;
    t->key[c - t->l] = tags_key(state, line);
    tags_file(t, c);
}

/* A tag array of sets x ways lines, all invalid, replaced by policy rp
 * (cache_policy.h). 0, or -1 out of memory. */
int  tags_init(tags_t *t, unsigned sets, unsigned ways, const struct repl_ops *rp);
void tags_free(tags_t *t);
/* The line in set `set` (reserved or valid), or NULL. (Inline: the L1D and
 * the L2 look up every access.) */
static inline cline_t *tags_find(const tags_t *t, unsigned set, uint64_t line)
{
    const size_t s = (size_t)set * t->ways;
    const uint64_t *k = &t->key[s];
    for (unsigned w = 0; w < t->ways; w++)
        if (k[w] == line)   /* (an invalid way's key is no line) */
            return &t->l[s + w];
    return NULL;
}
/* The line to replace in `set`: the first invalid way, else the valid line
 * the policy picks; a reserved line never (NULL when every way is reserved:
 * a line-allocation failure). */
cline_t *tags_victim(const tags_t *t, unsigned set);
/* tags_victim(t, set) is not NULL: a way of the set is not reserved (a
 * policy picks among the valid lines, and finds one if there is one). */
static inline int tags_can_alloc(const tags_t *t, unsigned set)
{
    const uint64_t *v = &t->vk[(size_t)set * t->ways];
    for (unsigned w = 0; w < t->ways; w++)
        if (v[w] != TAGS_NONE)
            return 1;
    return 0;
}
/* 1 if every way's keys (key, vk) are what its state, line and policy data
 * say (tests). */
int tags_keys_ok(const tags_t *t);
/* The policy's events: line c was allocated to a new line (reserved on a
 * miss, or filled), hit (or filled after its reservation), invalidated. */
void tags_reset(tags_t *t, cline_t *c);
void tags_touch(tags_t *t, cline_t *c);
void tags_invalidate(tags_t *t, cline_t *c);
/* The valid line of the `ways` lines at s with the smallest rp (the lowest
 * way among equals), or NULL: the victim of the age-ordered policies. */
cline_t *tags_oldest(cline_t *s, unsigned ways);

typedef struct {
    uint64_t line;
    unsigned n;          /* requests merged (1 = the one that allocated it) */
    unsigned left;       /* replies still to come before it is filled (the L1D of a sectored L2: one per sector) */
    uint32_t *wait;      /* their tags: merge entries */
    uint8_t valid;
    uint8_t pf;          /* the L1D: allocated by a prefetch, no demand merged yet */
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
/* A new entry for line with nobody waiting yet (a prefetch); -1 when all are in use. */
int  mshr_alloc_empty(mshr_t *m, uint64_t line);
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
    uint64_t mem_reqs, mem_local;      /* L1, mem.page_policy=temp: requests sent to memory; of them to the SM's banks */
    uint64_t pf_issued, pf_redundant, pf_dropped;   /* prefetches (L1D, l1.prefetch): sent, line there or on its way, no room */
    /* what became of the issued ones: a demand read the line (useful), a demand merged into the
     * prefetch's fetch (late), the line left the cache unread (early: evicted, or invalidated by a
     * store), of those a demand read missed on the line later (early_demanded: a right prediction
     * lost) */
    uint64_t pf_useful, pf_late, pf_early, pf_early_demanded;
    /* the L1D's reads, with l1.classify (APRES Figure 11): hits after a hit of their line, after its
     * fill; misses of a line never held (cold), of one held before (capacity and conflict) */
    uint64_t hit_after_hit, hit_after_miss, miss_cold, miss_again;
} cache_stats_t;
#endif
