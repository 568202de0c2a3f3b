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
