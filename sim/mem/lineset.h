/* lineset.h - a set of line addresses (open addressing, linear probing,
 * grows as needed): the L1D's prefetched lines evicted before a demand read
 * them, for the question "was the evicted prefetch right after all?" (a
 * later demand miss on one). */
#ifndef MEMSCHED_SIM_LINESET_H
#define MEMSCHED_SIM_LINESET_H

#include <stdint.h>

typedef struct {
    uint64_t *slot;     /* line + 1; 0: empty */
    unsigned cap, n;    /* cap: a power of two (0: nothing allocated yet) */
} lineset_t;

/* Add `line` (nothing if it is there). 0, or -1 out of memory. */
int  lineset_add(lineset_t *s, uint64_t line);
/* Remove `line`: 1 if it was there, else 0. */
int  lineset_take(lineset_t *s, uint64_t line);
void lineset_free(lineset_t *s);

#endif
