/* patterns.h - request-vector shapes that reach the corners of the selection
 * primitives: empty, full, one-hot, a single run, the top bits only, sparse
 * and dense random. */
#ifndef MEMSCHED_PATTERNS_H
#define MEMSCHED_PATTERNS_H

#include <stdint.h>

#include "bits.h"
#include "rng.h"

static inline uint64_t pattern_vector(rng_t *r, unsigned n)
{
    uint64_t m = bits_mask(n), v;
    switch (rng_below(r, 8)) {
    case 0: v = 0; break;
    case 1: v = m; break;
    case 2: v = UINT64_C(1) << rng_below(r, n); break;                         /* one-hot */
    case 3: v = ~bits_mask((unsigned)rng_below(r, n)); break;                  /* top bits */
    case 4: v = bits_mask((unsigned)rng_below(r, n + 1)); break;               /* bottom bits */
    case 5: v = rng_next(r) & rng_next(r) & rng_next(r); break;                /* sparse */
    case 6: v = rng_next(r) | rng_next(r); break;                              /* dense */
    default: v = rng_next(r); break;
    }
    return v & m;
}

#endif
