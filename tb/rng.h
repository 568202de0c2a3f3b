/* rng.h - xoshiro256** seeded by splitmix64: fast, portable, reproducible. */
#ifndef MEMSCHED_RNG_H
#define MEMSCHED_RNG_H

#include <stdint.h>

typedef struct { uint64_t s[4]; } rng_t;

static inline uint64_t rng_splitmix(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static inline void rng_seed(rng_t *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = rng_splitmix(&seed);
}

static inline uint64_t rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t out = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return out;
}

/* Uniform in 0..n-1 (n >= 1); the tiny modulo bias is irrelevant here. */
static inline uint64_t rng_below(rng_t *r, uint64_t n) { return rng_next(r) % n; }

/* True with probability pct/100. */
static inline int rng_pct(rng_t *r, unsigned pct) { return rng_below(r, 100) < pct; }

/* Uniform in the low w bits. */
static inline uint64_t rng_bits(rng_t *r, unsigned w)
{
    return w >= 64 ? rng_next(r) : rng_next(r) & ((UINT64_C(1) << w) - 1);
}

#endif
