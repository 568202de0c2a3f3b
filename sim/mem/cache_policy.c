/* cache_policy.c - the registries' tables (cache_policy.h). */
#include "mem/cache_policy.h"

#include <string.h>

#define REPL_OPS(id, name, letter) [REPL_##id] = &repl_##name,
const repl_ops_t *const repl_table[REPL_N] = {CACHE_REPL(REPL_OPS)};
#define REPL_NAME(id, name, letter) #name,
const char *const repl_names[REPL_N + 1] = {CACHE_REPL(REPL_NAME) NULL};
#define REPL_LETTER(id, name, letter) letter,
const char repl_letters[REPL_N + 1] = {CACHE_REPL(REPL_LETTER) '\0'};

#define ALLOC_NAME(id, name, letters, at_fill) #name,
const char *const alloc_names[ALLOC_N + 1] = {CACHE_ALLOC(ALLOC_NAME) NULL};
#define ALLOC_AT_FILL(id, name, letters, at_fill) at_fill,
const unsigned char alloc_at_fill[ALLOC_N] = {CACHE_ALLOC(ALLOC_AT_FILL)};
#define ALLOC_LETTERS(id, name, letters, at_fill) letters
const char alloc_letters[] = CACHE_ALLOC(ALLOC_LETTERS);

int repl_by_letter(char c)
{
    const char *p = c ? strchr(repl_letters, c) : NULL;
    return p ? (int)(p - repl_letters) : -1;
}

int alloc_by_letter(char c)
{
#define ALLOC_HAS(id, name, letters, at_fill) \
    if (c && strchr(letters, c))              \
        return ALLOC_##id;
    CACHE_ALLOC(ALLOC_HAS)
#undef ALLOC_HAS
    return -1;
}

#define INDEX_NAME(id, name, letter, sets) #name,
const char *const index_names[INDEX_N + 1] = {CACHE_INDEX(INDEX_NAME) NULL};
#define INDEX_LETTER(id, name, letter, sets) letter,
const char index_letters[INDEX_N + 1] = {CACHE_INDEX(INDEX_LETTER) '\0'};
#define INDEX_SETS(id, name, letter, sets) sets,
const unsigned index_sets[INDEX_N] = {CACHE_INDEX(INDEX_SETS)};

int index_by_letter(char c)
{
    const char *p = c ? strchr(index_letters, c) : NULL;
    return p ? (int)(p - index_letters) : -1;
}

/* Bit i of x. */
static inline unsigned bit(uint64_t x, unsigned i) { return (unsigned)(x >> i) & 1u; }

/* The parity of x & m: the XOR of the bits of x that m selects. */
static inline unsigned par(uint64_t x, uint64_t m) { return (unsigned)__builtin_parityll(x & m); }

/* The irreducible-polynomial hash: output bit i is the linear index's bit i
 * XOR the parity of the higher bits (the line address above the index) that
 * row i of the polynomial's H-matrix selects: the rows GPGPU-Sim's P uses
 * for 16, 32 (IPOLY(37)) and 64 sets (IPOLY(67)), as bit masks over the
 * higher bits, bit 0 first. */
static const uint64_t ipoly16[4] = {
    (1u << 11) | (1u << 10) | (1u << 9) | (1u << 8) | (1u << 6) | (1u << 4) | (1u << 3) | (1u << 0),
    (1u << 12) | (1u << 8) | (1u << 7) | (1u << 6) | (1u << 5) | (1u << 3) | (1u << 1) | (1u << 0),
    (1u << 9) | (1u << 8) | (1u << 7) | (1u << 6) | (1u << 4) | (1u << 2) | (1u << 1),
    (1u << 10) | (1u << 9) | (1u << 8) | (1u << 7) | (1u << 5) | (1u << 3) | (1u << 2),
};
static const uint64_t ipoly32[5] = {
    (1u << 13) | (1u << 12) | (1u << 11) | (1u << 10) | (1u << 9) | (1u << 6) | (1u << 5) | (1u << 3) | (1u << 0),
    (1u << 14) | (1u << 13) | (1u << 12) | (1u << 11) | (1u << 10) | (1u << 7) | (1u << 6) | (1u << 4) | (1u << 1),
    (1u << 14) | (1u << 10) | (1u << 9) | (1u << 8) | (1u << 7) | (1u << 6) | (1u << 3) | (1u << 2) | (1u << 0),
    (1u << 11) | (1u << 10) | (1u << 9) | (1u << 8) | (1u << 7) | (1u << 4) | (1u << 3) | (1u << 1),
    (1u << 12) | (1u << 11) | (1u << 10) | (1u << 9) | (1u << 8) | (1u << 5) | (1u << 4) | (1u << 2),
};
static const uint64_t ipoly64[6] = {
    (1u << 18) | (1u << 17) | (1u << 16) | (1u << 15) | (1u << 12) | (1u << 10) | (1u << 6) | (1u << 5) | (1u << 0),
    (1u << 15) | (1u << 13) | (1u << 12) | (1u << 11) | (1u << 10) | (1u << 7) | (1u << 5) | (1u << 1) | (1u << 0),
    (1u << 16) | (1u << 14) | (1u << 13) | (1u << 12) | (1u << 11) | (1u << 8) | (1u << 6) | (1u << 2) | (1u << 1),
    (1u << 17) | (1u << 15) | (1u << 14) | (1u << 13) | (1u << 12) | (1u << 9) | (1u << 7) | (1u << 3) | (1u << 2),
    (1u << 18) | (1u << 16) | (1u << 15) | (1u << 14) | (1u << 13) | (1u << 10) | (1u << 8) | (1u << 4) | (1u << 3),
    (1u << 17) | (1u << 16) | (1u << 15) | (1u << 14) | (1u << 11) | (1u << 9) | (1u << 5) | (1u << 4),
};

unsigned cache_set_index(unsigned f, uint64_t line, unsigned sets)
{
    unsigned bits = (unsigned)__builtin_ctz(sets), index = (unsigned)(line & (sets - 1));
    uint64_t high = line >> bits;
    switch (f) {
    case INDEX_FERMI: {
        /* address bits 13,14,15 are line bits 6,7,8; 17 is 10; 19 is 12 */
        unsigned up = (unsigned)((line >> 6) & 7) | bit(line, 10) << 3 | bit(line, 12) << 4;
        unsigned s = (unsigned)(line & 0x1f) ^ up;
        return sets == 64 ? s | bit(line, 5) << 5 : s;
    }
    case INDEX_XOR:
        return index ^ (unsigned)(high & (sets - 1));
    case INDEX_IPOLY: {
        const uint64_t *h = sets == 16 ? ipoly16 : sets == 32 ? ipoly32 : ipoly64;
        unsigned s = 0;
        for (unsigned i = 0; i < bits; i++)
            s |= (bit(index, i) ^ par(high, h[i])) << i;
        return s;
    }
    default:
        return index;
    }
}
