/* pages.c - the GPU's page table and TEMP's page colouring (pages.h). */
#include "mem/pages.h"

#include <stdio.h>
#include <stdlib.h>

#include "mem/addrmap.h"
#include "mem/queue.h"

/* The (channel, bank) pair number of physical line `line`. */
static unsigned pair_of(const config_t *cfg, uint64_t line)
{
    unsigned ch, sub, bank, row;
    uint64_t blk;
    dram_map(cfg, line, &ch, &sub, &blk, &bank, &row);
    return ch * cfg->t.nbk + bank;
}

static unsigned colour_of(const pages_t *p, uint64_t frame)
{
    return pair_of(p->cfg, frame << p->lines_shift) % p->ncol;
}

int pages_init(pages_t *p, const config_t *cfg)
{
    *p = (pages_t){.cfg = cfg};
    if (cfg->page_policy != PAGE_TEMP)
        return 0;
    p->lines_shift = (unsigned)__builtin_ctz(cfg->page_bytes >> LINE_SHIFT);
    unsigned pairs = cfg->n_mem * cfg->t.nbk;
    p->ncol = cfg->n_sm < pairs ? cfg->n_sm : pairs;
    /* every page in one bank of one channel: checked over enough frames to visit every pair twice */
    for (uint64_t f = 0; f < 2ull * pairs; f++)
        for (uint64_t l = 1; l < (1ull << p->lines_shift); l++)
            if (pair_of(cfg, f << p->lines_shift | l) != pair_of(cfg, f << p->lines_shift)) {
                fprintf(stderr,
                        "memsched sim: mem.page_policy=temp needs every page in one DRAM bank of one channel, but "
                        "the %u-byte page at %#llx spans banks or channels (the address map must keep the page offset "
                        "within a row's columns: dram.channel_shift at least log2(mem.page_bytes), and dram.map's "
                        "bank bits above the page; the temp preset does)\n",
                        cfg->page_bytes, (unsigned long long)(f * cfg->page_bytes));
                return 2;
            }
    p->cap = 1024;
    p->key = calloc(p->cap, sizeof *p->key);
    p->frame = calloc(p->cap, sizeof *p->frame);
    p->cursor = calloc(p->ncol, sizeof *p->cursor);
    if (!p->key || !p->frame || !p->cursor) {
        fprintf(stderr, "memsched sim: out of memory (the page table)\n");
        pages_free(p);
        return 2;
    }
    return 0;
}

void pages_free(pages_t *p)
{
    free(p->key);
    free(p->frame);
    free(p->cursor);
    p->key = p->frame = p->cursor = NULL;
}

static uint64_t slot_of(uint64_t key, uint64_t cap)
{
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    return (h >> 20) & (cap - 1);
}

static int grow(pages_t *p)
{
    uint64_t cap = p->cap * 2, *key = calloc(cap, sizeof *key), *frame = calloc(cap, sizeof *frame);
    if (!key || !frame) {
        free(key);
        free(frame);
        return -1;
    }
    for (uint64_t i = 0; i < p->cap; i++)
        if (p->key[i]) {
            uint64_t j = slot_of(p->key[i], cap);
            while (key[j])
                j = (j + 1) & (cap - 1);
            key[j] = p->key[i];
            frame[j] = p->frame[i];
        }
    free(p->key);
    free(p->frame);
    p->key = key;
    p->frame = frame;
    p->cap = cap;
    return 0;
}

uint64_t pages_line(pages_t *p, uint64_t line, unsigned sm)
{
    if (!p->key)
        return line;
    uint64_t vpage = line >> p->lines_shift, k = vpage + 1, off = line & ((1ull << p->lines_shift) - 1);
    uint64_t i = slot_of(k, p->cap);
    while (p->key[i] && p->key[i] != k)
        i = (i + 1) & (p->cap - 1);
    if (p->key[i])
        return p->frame[i] << p->lines_shift | off;
    /* the first touch: the next frame of the SM's colour (the pairs cycle, so this is near) */
    unsigned c = sm % p->ncol;
    uint64_t f = p->cursor[c];
    while (colour_of(p, f) != c)
        f++;
    p->cursor[c] = f + 1;
    if ((p->n + 1) * 2 > p->cap) {
        if (grow(p) && p->n + 1 >= p->cap) {
            fprintf(stderr, "memsched sim: out of memory (the page table, %llu pages)\n", (unsigned long long)p->n);
            exit(2);
        }
        i = slot_of(k, p->cap);   /* (if growing failed, the old table still has room) */
        while (p->key[i])
            i = (i + 1) & (p->cap - 1);
    }
    p->key[i] = k;
    p->frame[i] = f;
    p->n++;
    p->faults++;
    return f << p->lines_shift | off;
}

int pages_local(const pages_t *p, uint64_t line, unsigned sm)
{
    return p->ncol && pair_of(p->cfg, line) % p->ncol == sm % p->ncol;
}
