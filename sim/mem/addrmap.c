/* addrmap.c - where a line lives: channel, sub-partition, bank, row and the
 * block address dram_sched and the MIB see (addrmap.h; docs/sim.md "DRAM",
 * address mapping). */
#include "mem/addrmap.h"

#include <string.h>

/* Channel interleave: chunks of 2^chan_shift bytes go round-robin over the
 * channels; the channel-local line index is then cut into row, bank and
 * column bits by dram.map (GPGPU-Sim's GTX480 mapping by default), or without
 * a map into column (lines in a row), bank and row from the bottom up; the
 * row wraps at the rows of a bank. The sub-partition is the low bits of the
 * bank (mem.sub_select=bank, GPGPU-Sim's) or of the local line index. */
void dram_map(const config_t *cfg, uint64_t line, unsigned *ch, unsigned *sub, uint64_t *blk, unsigned *bank,
              unsigned *row)
{
    /* rows, banks, lines per row and sub-partitions are powers of two (config_check) */
    uint64_t addr = line << LINE_SHIFT;
    uint64_t chunk = addr >> cfg->chan_shift;
    uint64_t per = chunk / cfg->n_mem;
    uint64_t local = (per << cfg->chan_shift) | (addr & ((1ull << cfg->chan_shift) - 1));
    uint64_t lline = local >> LINE_SHIFT;
    uint64_t lpr = cfg->row_bytes >> LINE_SHIFT;
    uint64_t b = lline & (lpr * cfg->t.nbk * cfg->rows - 1);
    *ch = (unsigned)(chunk - per * cfg->n_mem);
    if (cfg->map[0]) {   /* dram.map: the line index's bits, MSB first */
        size_t n = strlen(cfg->map);
        uint64_t r = 0, bk = 0, g = 0;
        unsigned bbits = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t bit = lline >> (n - 1 - i) & 1;
            switch (cfg->map[i]) {
            case 'R': r = r << 1 | bit; break;
            case 'B': bk = bk << 1 | bit; bbits++; break;
            case 'G': g = g << 1 | bit; break;
            default: break;   /* 'C': the column */
            }
        }
        *blk = lline & ((1ull << n) - 1);
        *bank = (unsigned)(g << bbits | bk);
        *row = (unsigned)r;
    } else {
        *blk = b;
        *bank = (unsigned)((b / lpr) & (cfg->t.nbk - 1));
        *row = (unsigned)(b / (lpr * cfg->t.nbk));
    }
    /* the sub-partition: the low bits of the line index, or GPGPU-Sim's
     * chip x subs + (bank & (subs - 1)) (addrdec.cc) */
    *sub = (unsigned)((cfg->sub_sel == SUBSEL_BANK ? *bank : lline) & (cfg->n_sub - 1));
}

void req_map(const config_t *cfg, req_t *r)
{
    unsigned ch, sub, bank, row;
    dram_map(cfg, r->line, &ch, &sub, &r->blk, &bank, &row);
    r->sub = (uint16_t)(ch * cfg->n_sub + sub);
    r->bank = (uint8_t)bank;
    r->row = row;
}

