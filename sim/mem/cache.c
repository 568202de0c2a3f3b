/* cache.c - tag array and MSHR table (cache.h). */
#include "mem/cache.h"

#include "mem/cache_policy.h"

#include <stdlib.h>
#include <string.h>

int tags_init(tags_t *t, unsigned sets, unsigned ways, const repl_ops_t *rp)
{
    t->sets = sets;
    t->ways = ways;
    t->stamp = 0;
    t->rp = rp;
    t->l = calloc((size_t)sets * ways, sizeof *t->l);
    t->key = malloc((size_t)sets * ways * sizeof *t->key);
    t->vk = calloc((size_t)sets * ways, sizeof *t->vk);   /* (every way invalid: 0) */
    t->oldest = rp->get_victim == tags_oldest;
    if (!t->l || !t->key || !t->vk) {
        tags_free(t);
        return -1;
    }
    for (size_t i = 0; i < (size_t)sets * ways; i++) {
        rp->instantiate(&t->l[i]);
        t->key[i] = TAGS_NONE;   /* (calloc: every line LINE_I) */
    }
    return 0;
}

void tags_free(tags_t *t)
{
    free(t->l);
    free(t->key);
    free(t->vk);
    t->l = NULL;
    t->key = NULL;
    t->vk = NULL;
}

/* Invalid lines first, whatever the policy: filling one evicts nothing.
 * Under an age-ordered policy that and the policy's choice are one scan: the
 * first way with the smallest vk (an invalid way's 0, else the smallest rp
 * of a valid way, as tags_oldest; none when every way is reserved). */
cline_t *tags_victim(const tags_t *t, unsigned set)
{
    const size_t s = (size_t)set * t->ways;
    const uint64_t *v = &t->vk[s];
    if (t->oldest) {
        uint64_t m = v[0];
        unsigned b = 0;
        for (unsigned w = 1; w < t->ways; w++) {   /* (selects, not branches) */
            const int take = v[w] < m;
            m = take ? v[w] : m;
            b = take ? w : b;
        }
        return m == TAGS_NONE ? NULL : &t->l[s + b];
    }
    for (unsigned w = 0; w < t->ways; w++)
        if (!v[w])   /* (an invalid way's place: 0) */
            return &t->l[s + w];
    return t->rp->get_victim(&t->l[s], t->ways);
}

int tags_keys_ok(const tags_t *t)
{
    for (size_t i = 0; i < (size_t)t->sets * t->ways; i++)
        if (t->key[i] != tags_key(t->l[i].state, t->l[i].line) || t->vk[i] != tags_vkey(&t->l[i]))
            return 0;
    return 1;
}

cline_t *tags_oldest(cline_t *s, unsigned ways)
{
    unsigned v = ways;   /* the first valid line of the smallest rp (selects, not branches) */
    uint64_t rp = 0;
    for (unsigned w = 0; w < ways; w++) {
        const int take = (s[w].state == LINE_V) & ((v == ways) | (s[w].rp < rp));
        v = take ? w : v;
        rp = take ? s[w].rp : rp;
    }
    return v < ways ? &s[v] : NULL;
}

/* Each event advances the array's clock, so the policies see distinct,
 * increasing times (an LRU tie needs lines never touched). */
void tags_reset(tags_t *t, cline_t *c)
{
    t->rp->reset(c, ++t->stamp);
    tags_file(t, c);
}
void tags_touch(tags_t *t, cline_t *c)
{
    t->rp->touch(c, ++t->stamp);
    tags_file(t, c);
}

void tags_invalidate(tags_t *t, cline_t *c)
{
    tags_set(t, c, LINE_I, c->line);
    t->rp->invalidate(c);
    tags_file(t, c);
}

int mshr_init(mshr_t *m, unsigned entries, unsigned merge)
{
    m->entries = entries;
    m->merge = merge;
    m->used = 0;
    m->e = calloc(entries, sizeof *m->e);
    m->freel = calloc(entries, sizeof *m->freel);
    uint32_t *w = calloc((size_t)entries * merge, sizeof *w);
    if (!m->e || !m->freel || !w) {
        free(w);
        return -1;
    }
    for (unsigned i = 0; i < entries; i++) {
        m->e[i].wait = w + (size_t)i * merge;
        m->freel[i] = (uint16_t)(entries - 1 - i);   /* entry 0 is taken first */
    }
    m->nfree = entries;
    return 0;
}

void mshr_free(mshr_t *m)
{
    if (m->e)
        free(m->e[0].wait);
    free(m->e);
    free(m->freel);
    m->e = NULL;
    m->freel = NULL;
}

int mshr_find(const mshr_t *m, uint64_t line)
{
    for (unsigned i = 0; i < m->entries; i++)
        if (m->e[i].valid && m->e[i].line == line)
            return (int)i;
    return -1;
}

int mshr_alloc(mshr_t *m, uint64_t line, uint32_t tag)
{
    if (!m->nfree)
        return -1;
    int i = m->freel[--m->nfree];
    mshr_entry_t *e = &m->e[i];
    e->line = line;
    e->n = 1;
    e->left = 1;
    e->wait[0] = tag;
    e->valid = 1;
    e->pf = 0;
    m->used++;
    return i;
}

int mshr_alloc_empty(mshr_t *m, uint64_t line)
{
    int i = mshr_alloc(m, line, 0);
    if (i >= 0)
        m->e[i].n = 0;
    return i;
}

void mshr_release(mshr_t *m, int i)
{
    m->e[i].valid = 0;
    m->e[i].n = 0;
    m->freel[m->nfree++] = (uint16_t)i;
    m->used--;
}

const char *const rf_names[RF_N] = {"LINE_ALLOC_FAIL", "MSHR_ENRTY_FAIL", "MSHR_MERGE_ENRTY_FAIL", "MISS_QUEUE_FULL"};
