/* addrmap.c - where a line lives: channel, sub-partition, bank, row and the
 * block address dram_sched and the MIB see (addrmap.h; docs/sim.md "DRAM",
 * address mapping). */
#include "mem/addrmap.h"

#include <string.h>

/* Channel interleave: chunks of 2^chan_shift bytes go round-robin over the
 * channels; the channel-local line index is then cut into row, bank and
 * column bits, by dram.map or, without one, GPGPU-Sim's GTX480 cut for the
 * configured geometry (from the bottom: a column bit, the bank's lowest bit,
 * the other column bits, the other bank bits, the row; with one line per row
 * or one bank: column, bank, row); the row wraps at the rows of a bank. The
 * sub-partition is the low bits of the bank (mem.sub_select=bank, GPGPU-Sim's
 * addrdec.cc) or of the local line index. */
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
    unsigned nc = (unsigned)__builtin_ctzll(lpr), nb = (unsigned)__builtin_ctz(cfg->t.nbk);
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
        uint64_t b = lline & (lpr * cfg->t.nbk * cfg->rows - 1);
        *blk = b;
        if (nc && nb)   /* GTX480: C B C..C B..B R..R from bit 0 up */
            *bank = (unsigned)((b >> 1 & 1) | (b >> (nc + 1) & ((cfg->t.nbk >> 1) - 1)) << 1);
        else
            *bank = (unsigned)((b / lpr) & (cfg->t.nbk - 1));
        *row = (unsigned)(b >> (nc + nb));
    }
    /* the sub-partition: the low bits of the line index, or GPGPU-Sim's
     * chip x subs + (bank & (subs - 1)) (addrdec.cc) */
    *sub = (unsigned)((cfg->sub_sel == SUBSEL_BANK ? *bank : lline) & (cfg->n_sub - 1));
}

uint64_t dram_sub_bits(const config_t *cfg)
{
    /* asked of dram_map itself: the bits that move a line of channel 0 with
     * only that bit set off sub-partition 0 (the sub-partition copies bits of
     * the line index or of the bank, so each bit counts alone) */
    uint64_t m = 0, low = (1ull << cfg->chan_shift) - 1;
    for (unsigned p = 0; p < 40; p++) {
        uint64_t local = 1ull << (p + LINE_SHIFT);
        uint64_t addr = (local >> cfg->chan_shift) * cfg->n_mem << cfg->chan_shift | (local & low);
        unsigned ch, sub, bank, row;
        uint64_t blk;
        dram_map(cfg, addr >> LINE_SHIFT, &ch, &sub, &blk, &bank, &row);
        if (sub)
            m |= 1ull << p;
    }
    return m;
}

void req_map(const config_t *cfg, req_t *r)
{
    unsigned ch, sub, bank, row;
    dram_map(cfg, r->line, &ch, &sub, &r->blk, &bank, &row);
    r->sub = (uint16_t)(ch * cfg->n_sub + sub);
    r->bank = (uint8_t)bank;
    r->row = row;
}

