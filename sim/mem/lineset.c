/* lineset.c - a set of line addresses (lineset.h). */
#include "mem/lineset.h"

#include <stdlib.h>

static unsigned home(const lineset_t *s, uint64_t line)
{
    uint64_t h = (line + 1) * UINT64_C(0x9E3779B97F4A7C15);
    return (unsigned)(h >> 32) & (s->cap - 1);
}

static int grow(lineset_t *s)
{
    unsigned cap = s->cap ? 2u * s->cap : 64u;
    lineset_t t = {calloc(cap, sizeof *t.slot), calloc(cap, sizeof *t.val), cap, 0};
    if (!t.slot || !t.val) {
        free(t.slot);
        free(t.val);
        return -1;
    }
    for (unsigned i = 0; i < s->cap; i++)
        if (s->slot[i]) {
            unsigned j = home(&t, s->slot[i] - 1);
            while (t.slot[j])
                j = (j + 1) & (t.cap - 1);
            t.slot[j] = s->slot[i];
            t.val[j] = s->val[i];
            t.n++;
        }
    free(s->slot);
    free(s->val);
    *s = t;
    return 0;
}

/* The slot of `line`, or of the empty slot where it would go. */
static unsigned find(const lineset_t *s, uint64_t line)
{
    unsigned i = home(s, line);
    while (s->slot[i] && s->slot[i] != line + 1)
        i = (i + 1) & (s->cap - 1);
    return i;
}

int lineset_put(lineset_t *s, uint64_t line, uint32_t v)
{
    if (4u * (s->n + 1) > 3u * s->cap && grow(s))
        return -1;
    unsigned i = find(s, line);
    if (!s->slot[i]) {
        s->slot[i] = line + 1;
        s->n++;
    }
    s->val[i] = v;
    return 0;
}

int lineset_add(lineset_t *s, uint64_t line)
{
    uint32_t v = 0;
    if (s->cap)
        lineset_get(s, line, &v);
    return lineset_put(s, line, v);
}

int lineset_get(const lineset_t *s, uint64_t line, uint32_t *v)
{
    if (!s->n)
        return 0;
    unsigned i = find(s, line);
    if (!s->slot[i])
        return 0;
    *v = s->val[i];
    return 1;
}

int lineset_take(lineset_t *s, uint64_t line)
{
    if (!s->n)
        return 0;
    unsigned i = find(s, line);
    if (!s->slot[i])
        return 0;
    /* backward-shift deletion: later entries of the run move into the hole when
     * their home is not between the hole and them */
    unsigned j = i;
    for (;;) {
        s->slot[i] = 0;
        for (;;) {
            j = (j + 1) & (s->cap - 1);
            if (!s->slot[j]) {
                s->n--;
                return 1;
            }
            unsigned h = home(s, s->slot[j] - 1);
            if (i <= j ? (h <= i || h > j) : (h <= i && h > j))
                break;
        }
        s->slot[i] = s->slot[j];
        s->val[i] = s->val[j];
        i = j;
    }
}

void lineset_free(lineset_t *s)
{
    free(s->slot);
    free(s->val);
    *s = (lineset_t){0};
}
