/* simt_harness.h - running one thread of a per-thread kernel (simt.h) in a
 * unit test and keeping what it did: its memory addresses and their
 * opcodes in order, and its barriers (test_rodinia.c, test_lonestar.c,
 * test_sdk.c). Include after cmocka.h. */
#ifndef MEMSCHED_TESTS_SIMT_HARNESS_H
#define MEMSCHED_TESTS_SIMT_HARNESS_H

#include <stdlib.h>
#include <string.h>

#include "workload/simt.h"

typedef struct {
    simt_prog_t prog;
    simt_lane_t lane;
    uint64_t mem[512];        /* the thread's memory accesses' addresses, in order */
    const char *op[512];      /* ... their opcodes */
    unsigned nmem, bars;
} run_t;

static inline void simt_run(run_t *r, simt_fn fn, const simt_args_t *a, unsigned tx, unsigned ty, unsigned bx,
                            unsigned by, unsigned bdx, unsigned bdy, unsigned gdx, unsigned gdy)
{
    memset(r, 0, sizeof *r);
    simt_t t = {.tx = tx, .ty = ty, .bx = bx, .by = by, .bdx = bdx, .bdy = bdy, .bdz = 1, .gdx = gdx, .gdy = gdy,
                .arg = a, .prog = &r->prog, .lane = &r->lane};
    fn(&t);
    assert_int_equal(t.err, 0);
    for (size_t i = 0, k = 0; i < r->lane.n; i++) {   /* k: the memory instructions' addresses */
        const simt_site_t *s = &r->prog.site[r->lane.site[i]];
        if (s->width && r->nmem < 512) {
            r->op[r->nmem] = s->op;
            r->mem[r->nmem++] = r->lane.addr[k];
        }
        k += s->width != 0;
        r->bars += !strcmp(s->op, "BAR.SYNC");
    }
    free(r->lane.site);
    free(r->lane.addr);
}

#endif
