/* loadchar.c - the characterisation of static global loads (loadchar.h).
 *
 * The stride of a pair of executions is APRES' (section III-A): "the
 * difference of the two addresses [divided] by the difference of the warp
 * IDs", a warp's ID being its first thread's global index / 32. The paper
 * does not say which executions pair; here each execution pairs with the
 * load's previous execution on the same SM (what a per-SM table such as
 * SAP's PT sees), when that was another warp's; the division truncates
 * toward zero, as SAP's divider does. */
#include "mem/loadchar.h"

#include <stdlib.h>
#include <string.h>

#define STRIDE_LIMIT (INT64_C(1) << 62)   /* strides are clamped into +-2^62 (keys of a lineset) */

static uint64_t stride_key(int64_t s)
{
    if (s > STRIDE_LIMIT)
        s = STRIDE_LIMIT;
    if (s < -STRIDE_LIMIT)
        s = -STRIDE_LIMIT;
    return (uint64_t)s ^ (UINT64_C(1) << 63);   /* never all ones: a lineset key + 1 is never 0 */
}

static int64_t stride_of(uint64_t key) { return (int64_t)(key ^ (UINT64_C(1) << 63)); }

int loadchar_init(loadchar_t *c, unsigned n_sm)
{
    memset(c, 0, sizeof *c);
    c->n_sm = n_sm;
    return 0;
}

void loadchar_free(loadchar_t *c)
{
    for (unsigned i = 0; i < c->nk; i++)
        free(c->kname[i]);
    free(c->kname);
    for (unsigned i = 0; i < c->n; i++) {
        lineset_free(&c->ld[i].lines);
        lineset_free(&c->ld[i].strides);
        free(c->ld[i].last);
        free(c->ld[i].last_addr);
    }
    free(c->ld);
    lineset_free(&c->index);
    memset(c, 0, sizeof *c);
}

int loadchar_kernel(loadchar_t *c, const char *name)
{
    for (unsigned i = 0; i < c->nk; i++)
        if (!strcmp(c->kname[i], name))
            return (int)i;
    char **k = realloc(c->kname, (c->nk + 1) * sizeof *k);
    if (!k)
        return -1;
    c->kname = k;
    if (!(k[c->nk] = strdup(name)))
        return -1;
    return (int)c->nk++;
}

static lc_load_t *find(loadchar_t *c, unsigned kernel, uint32_t pc)
{
    uint64_t key = (uint64_t)kernel << 32 | pc;
    uint32_t i;
    if (lineset_get(&c->index, key, &i))
        return &c->ld[i];
    if (c->n == c->cap) {
        unsigned cap = c->cap ? 2 * c->cap : 64;
        lc_load_t *ld = realloc(c->ld, cap * sizeof *ld);
        if (!ld)
            return NULL;
        c->ld = ld;
        c->cap = cap;
    }
    lc_load_t *l = &c->ld[c->n];
    memset(l, 0, sizeof *l);
    l->kernel = kernel;
    l->pc = pc;
    l->last = calloc(c->n_sm, sizeof *l->last);
    l->last_addr = calloc(c->n_sm, sizeof *l->last_addr);
    if (!l->last || !l->last_addr || lineset_put(&c->index, key, c->n)) {
        free(l->last);
        free(l->last_addr);
        return NULL;
    }
    return &c->ld[c->n++];
}

int loadchar_line(loadchar_t *c, unsigned kernel, uint32_t pc, uint64_t line, int miss, int first, unsigned sm,
                  uint64_t gwarp, uint64_t addr)
{
    lc_load_t *l = find(c, kernel, pc);
    if (!l || lineset_add(&l->lines, line))
        return -1;
    l->refs++;
    l->misses += miss != 0;
    if (!first || sm >= c->n_sm)
        return 0;
    l->execs++;
    if (l->last[sm] && l->last[sm] - 1 != gwarp) {
        int64_t dw = (int64_t)gwarp - (int64_t)(l->last[sm] - 1);
        int64_t da = (int64_t)(addr - l->last_addr[sm]);
        uint64_t key = stride_key(da / dw);
        uint32_t n = 0;
        lineset_get(&l->strides, key, &n);
        if (lineset_put(&l->strides, key, n + 1))
            return -1;
        l->pairs++;
    }
    l->last[sm] = gwarp + 1;
    l->last_addr[sm] = addr;
    return 0;
}

int64_t loadchar_top_stride(const loadchar_t *c, unsigned i, uint64_t *count)
{
    const lineset_t *s = &c->ld[i].strides;
    uint64_t best = 0, key = 0;
    for (unsigned k = 0; k < s->cap; k++) {
        if (!s->slot[k])
            continue;
        uint64_t kk = s->slot[k] - 1;
        /* the most pairs; a tie to the smaller |stride|, then the positive one (deterministic) */
        int64_t a = stride_of(kk), b = stride_of(key);
        /* |stride| negated as unsigned: defined for INT64_MIN too (2^63) */
        uint64_t ma = a < 0 ? -(uint64_t)a : (uint64_t)a, mb = b < 0 ? -(uint64_t)b : (uint64_t)b;
        if (s->val[k] > best || (s->val[k] == best && best && (ma < mb || (ma == mb && a > b)))) {
            best = s->val[k];
            key = kk;
        }
    }
    *count = best;
    return best ? stride_of(key) : 0;
}
