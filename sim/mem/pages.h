/* pages.h - the GPU's page table (mem.page_policy; docs/tbas.md "Page
 * colouring"): virtual pages of mem.page_bytes mapped to physical frames at
 * their first touch. `identity` keeps every address as it is (no table);
 * `temp` is TEMP's page colouring: each SM owns a colour, a set of DRAM
 * (channel, bank) pairs, and a page first touched by an SM gets the next
 * free frame of that SM's colour, so its lines live in that SM's banks.
 *
 * Colours: the (channel, bank) pairs are numbered p = channel x banks +
 * bank; with C = min(SMs, pairs) colours, pair p has colour p mod C and SM
 * s colour s mod C (8 SMs, 2 channels of 16 banks: SM 0 owns banks 0 and 8
 * of each channel). A frame's colour is the pair its lines map to: the
 * policy needs every page inside one bank of one channel (the page offset
 * within the column bits, as the paper's Fig. 2(c)), which pages_init
 * checks. */
#ifndef MEMSCHED_SIM_MEM_PAGES_H
#define MEMSCHED_SIM_MEM_PAGES_H

#include <stdint.h>

#include "io/config.h"

typedef struct {
    const config_t *cfg;
    unsigned lines_shift;     /* log2(lines per page) */
    unsigned ncol;            /* colours */
    /* the table: open addressing, key vpage + 1 (0: empty) */
    uint64_t *key, *frame;
    uint64_t cap, n;
    uint64_t *cursor;         /* per colour: the lowest frame not yet looked at */
    uint64_t faults;          /* pages mapped (first touches) */
} pages_t;

/* 0, or 2 after a message (a page that spans banks or channels; out of memory). */
int  pages_init(pages_t *p, const config_t *cfg);
void pages_free(pages_t *p);
/* The physical line of virtual line `line` touched by SM `sm` (its page
 * mapped now if this is its first touch). */
uint64_t pages_line(pages_t *p, uint64_t line, unsigned sm);
/* 1 when physical line `line` lives in a bank of SM sm's colour. */
int pages_local(const pages_t *p, uint64_t line, unsigned sm);

#endif
