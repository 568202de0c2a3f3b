/* mod.h - remainders on the per-cycle paths without a division where one
 * can be left out (a 64-bit division takes tens of cycles, and the run loop
 * takes some at every edge): by a mask when the divisor is a power of two
 * (the configurations' usual sizes), and by multiplications for a divisor
 * fixed at init and a 32-bit dividend (Lemire, Kaser and Kurz, "Faster
 * remainder by direct computation", 2019: exact for every 32-bit dividend
 * and divisor). */
#ifndef MEMSCHED_SIM_MOD_H
#define MEMSCHED_SIM_MOD_H

#include <stdint.h>

/* x mod n (n >= 1): a mask when n is a power of two. */
static inline unsigned mod_p2(uint64_t x, unsigned n)
{
    return n & (n - 1) ? (unsigned)(x % n) : (unsigned)x & (n - 1);
}

/* The multiplier of mod_by for divisor n (1 <= n < 2^32). */
static inline uint64_t mod_mul_of(uint32_t n) { return UINT64_MAX / n + 1; }

/* x mod n, with m = mod_mul_of(n): two multiplications while x fits 32 bits. */
static inline unsigned mod_by(uint64_t x, uint32_t n, uint64_t m)
{
    if (x > UINT32_MAX)
        return (unsigned)(x % n);
    return (unsigned)(((unsigned __int128)(m * (uint32_t)x) * n) >> 64);
}

#endif
