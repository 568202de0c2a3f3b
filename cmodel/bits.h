/* bits.h - bit helpers shared by the C golden models.
 *
 * The models hold every register in a uint64_t masked to its RTL width, so
 * that wrap-around and truncation happen exactly where the Verilog has them.
 */
#ifndef MEMSCHED_BITS_H
#define MEMSCHED_BITS_H

#include <stdint.h>

/* All-ones in the low `w` bits (w in 0..64). */
static inline uint64_t bits_mask(unsigned w)
{
    return w >= 64 ? ~UINT64_C(0) : ((UINT64_C(1) << w) - 1);
}

/* $clog2(n): the smallest k with 2^k >= n (0 for n <= 1). */
static inline unsigned bits_clog2(uint64_t n)
{
    unsigned k = 0;
    while (k < 64 && (UINT64_C(1) << k) < n)
        k++;
    return k;
}

/* Width of an index over n items as the RTL declares it: max(1, $clog2(n)). */
static inline unsigned bits_idx_width(uint64_t n)
{
    unsigned k = bits_clog2(n);
    return k ? k : 1;
}

#endif
