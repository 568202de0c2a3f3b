/* batch.c - thread batches by profiling (batch.h). */
#include "core/batch.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct {
    uint64_t page;
    uint32_t block;
} touch_t;

static int by_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* a, doubled (NULL, a freed, when out of memory) */
static void *grow(void *a, size_t *cap, size_t size)
{
    size_t c = *cap ? 2 * *cap : 1024;
    void *b = realloc(a, c * size);
    if (!b) {
        free(a);
        return NULL;
    }
    *cap = c;
    return b;
}

static int by_page(const void *a, const void *b)
{
    const touch_t *x = a, *y = b;
    if (x->page != y->page)
        return x->page < y->page ? -1 : 1;
    return x->block < y->block ? -1 : x->block > y->block;
}

/* sum over the kept pages of (distinct batches of s blocks - 1); t sorted by page, then block */
static uint64_t sharing(const touch_t *t, size_t n, const uint8_t *keep, unsigned s)
{
    uint64_t sum = 0;
    for (size_t i = 0, g = 0; i < n; g++) {
        size_t j = i;
        uint64_t batches = 0, last = UINT64_MAX;
        for (; j < n && t[j].page == t[i].page; j++)
            if (t[j].block / s != last) {
                last = t[j].block / s;
                batches++;
            }
        if (keep[g])
            sum += batches - 1;
        i = j;
    }
    return sum;
}

int batch_profile(kernel_t *k, unsigned page_bytes, batch_profile_t *p)
{
    *p = (batch_profile_t){.stride = 1};
    kernel_t *c = k->open_at(k, 0);
    if (!c)
        return 2;
    unsigned shift = (unsigned)__builtin_ctz(page_bytes);
    touch_t *t = NULL;
    size_t n = 0, cap = 0;
    tb_t tb = {0};
    int rc = 0, r = 0;
    unsigned nb = 0;
    uint64_t *bp = NULL;   /* this block's pages */
    size_t nbp = 0, capbp = 0;
    while (nb < BATCH_PROFILE_BLOCKS && (r = c->next_tb(c, &tb)) == 1) {
        nbp = 0;
        for (size_t i = 0; i < tb.ninst; i++) {
            const inst_t *in = &tb.inst[i];
            unsigned cls = in->cls;
            if (cls != OP_LDG && cls != OP_STG && cls != OP_ATOM && cls != OP_RED)
                continue;
            for (unsigned l = 0, lanes = (unsigned)__builtin_popcount(in->mask); l < lanes; l++) {
                uint64_t pg = tb.addr[in->addr + l] >> shift;
                if (nbp && bp[nbp - 1] == pg)
                    continue;   /* the common case: lanes in one page */
                if (nbp == capbp && !(bp = grow(bp, &capbp, sizeof *bp)))
                    goto oom;
                bp[nbp++] = pg;
            }
        }
        qsort(bp, nbp, sizeof *bp, by_u64);
        for (size_t i = 0; i < nbp; i++) {
            if (i && bp[i] == bp[i - 1])
                continue;
            if (n == cap && !(t = grow(t, &cap, sizeof *t)))
                goto oom;
            t[n++] = (touch_t){bp[i], nb};
        }
        nb++;
    }
    free(bp);
    bp = NULL;
    if (r == 2) {
        rc = 2;
        goto out;
    }
    qsort(t, n, sizeof *t, by_page);
    /* one touch per (page, block) already; the pages, and which are kept (touched by at most half) */
    uint8_t *keep = malloc(n + 1);
    if (!keep)
        goto oom;
    uint64_t g = 0;
    for (size_t i = 0; i < n; g++) {
        size_t j = i;
        while (j < n && t[j].page == t[i].page)
            j++;
        keep[g] = 2 * (j - i) <= nb;
        p->pages_common += !keep[g];
        i = j;
    }
    p->pages = g;
    p->blocks = nb;
    p->sharing1 = p->sharing = sharing(t, n, keep, 1);
    unsigned smax = nb / 4 < BATCH_MAX_STRIDE ? nb / 4 : BATCH_MAX_STRIDE;
    for (unsigned s = 2; p->sharing1 && s <= smax; s++) {
        uint64_t sh = sharing(t, n, keep, s);
        if (10 * sh <= p->sharing1) {
            p->stride = s;
            p->sharing = sh;
            break;
        }
    }
    free(keep);
out:
    free(bp);
    free(t);
    tb_free(&tb);
    c->close(c);
    return rc;
oom:
    fprintf(stderr, "memsched sim: out of memory (profiling thread batches)\n");
    rc = 2;
    goto out;
}
