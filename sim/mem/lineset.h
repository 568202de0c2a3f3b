/* lineset.h - a set of line addresses, or a map from them to a number (open
 * addressing, linear probing, grows as needed): the L1D's prefetched lines
 * evicted before a demand read them, the lines it has held (l1.classify),
 * CCWS' owner of each L1D line. */
#ifndef MEMSCHED_SIM_LINESET_H
#define MEMSCHED_SIM_LINESET_H

#include <stdint.h>

typedef struct {
    uint64_t *slot;     /* line + 1; 0: empty */
    uint32_t *val;      /* a value per line (lineset_put / lineset_get) */
    unsigned cap, n;    /* cap: a power of two (0: nothing allocated yet) */
} lineset_t;

/* Add `line` (nothing if it is there). 0, or -1 out of memory. */
int  lineset_add(lineset_t *s, uint64_t line);
/* Remove `line`: 1 if it was there, else 0. */
int  lineset_take(lineset_t *s, uint64_t line);
/* As a map: `line` with value v (replacing its value if it is there); 0, or -1 out of memory.
 * lineset_get: 1 and its value in *v when it is there, else 0. */
int  lineset_put(lineset_t *s, uint64_t line, uint32_t v);
int  lineset_get(const lineset_t *s, uint64_t line, uint32_t *v);
void lineset_free(lineset_t *s);

#endif
