/* sl1.c - S-L1 as a transformation of a kernel's thread blocks (sl1.h;
 * docs/sl1.md has the decisions where the paper is silent). */
#include "sl1.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SL1_MAX_DS 32   /* data structures a kernel's threads tell apart (the first 32 regions) */

/* The inserted code's ALU instructions (docs/sl1.md, "The inserted code"). */
enum {
    MON_OPS = 4,        /* simulateCache(): the line address, the compare, a counter, the monitor's count */
    CALL_OPS = 4,       /* accessThroughCache() up to its answer: the paper's four for an uncached structure */
    FILL_OPS = 2,       /* a miss: the new tag, the bitmap cleared */
    STORE_OPS = 1,      /* a store into a line: its bytes into the bitmap */
    INV_OPS = 1,        /* a line invalidated (tag 0): a flush, an atomic's eviction */
    DEC_OPS = 8,        /* calculateWhatToCache(): the ranking, per structure ... */
    DEC_OPS_DS = 4,     /* ... plus this many per structure */
};

/* The inserted code's registers: the line's address and tag, the written-back
 * data, the filled data, the monitor's and the bitmap's state. */
enum { T_ADDR = REG_SL1, T_WB, T_FILL, T_STATE };

typedef struct {
    uint64_t tag;      /* line address + 1; 0: invalid */
    uint32_t dirty;    /* bit b: byte b written since the fill */
} line_t;

typedef struct {
    uint32_t count;                 /* accesses monitored */
    uint8_t decided;
    int8_t slot[SL1_MAX_DS];        /* the structure's line, or -1: not cached */
    uint64_t mtag[SL1_MAX_DS];      /* monitoring: the simulated line (address + 1) */
    uint32_t macc[SL1_MAX_DS], mhit[SL1_MAX_DS];
    line_t line[SL1_MAX_DS];        /* the line of each cached structure */
} thread_t;

typedef struct {
    kernel_t k;                     /* the kernel the GPU sees: first */
    kernel_t *in;                   /* the kernel transformed */
    sl1_cfg_t c;
    unsigned cln, nds;
    region_t ds[SL1_MAX_DS];
    uint8_t rw[SL1_MAX_DS];         /* stored to (profiled on the kernel's first block) */
    uint16_t op_alu, op_lds, op_sts, op_ldg, op_stg, op_red_and, op_red_or;
    uint64_t shbase;                /* the lines' shared-memory offset: above the kernel's own */
    tb_t src;                       /* the block as the kernel gives it */
    thread_t *th;                   /* the block's threads */
    int oom;
} sl1k_t;

unsigned sl1_cln(const sl1_cfg_t *c, const kinfo_t *k, unsigned n_sm, unsigned shmem, unsigned max_blocks,
                 unsigned max_warps, unsigned max_threads, unsigned regs)
{
    if (c->cln)
        return c->cln;
    unsigned warps = (k->threads + WARP_SIZE - 1) / WARP_SIZE;
    if (!warps)
        return 0;
    unsigned b = max_blocks;
    if (max_warps / warps < b)
        b = max_warps / warps;
    if (max_threads / k->threads < b)
        b = max_threads / k->threads;
    if (k->nregs && regs / (k->nregs * warps * WARP_SIZE) < b)
        b = regs / (k->nregs * warps * WARP_SIZE);
    if (k->shmem && shmem / k->shmem < b)
        b = shmem / k->shmem;
    if (!b)
        return 0;
    if (k->nblocks && n_sm && (k->nblocks + n_sm - 1) / n_sm < b)   /* a grid smaller than the GPU holds */
        b = (unsigned)((k->nblocks + n_sm - 1) / n_sm);
    uint64_t free_b = shmem - (uint64_t)b * k->shmem, threads = (uint64_t)b * k->threads;
    uint64_t n = free_b / threads / c->line;
    return n > SL1_MAX_DS ? SL1_MAX_DS : (unsigned)n;
}

static int ds_of(const sl1k_t *x, uint64_t a)
{
    for (unsigned i = 0; i < x->nds; i++)
        if (a - x->ds[i].addr < x->ds[i].size)
            return (int)i;
    return -1;
}

/* One instruction at the end of tb, like `like` (its pc and source line),
 * with its addresses to come (tb->naddr). extra: inserted (counted). */
static inst_t *emit(sl1k_t *x, tb_t *tb, const inst_t *like, uint16_t op, uint32_t mask, uint8_t width, int extra)
{
    if (tb_reserve(tb, 1, WARP_SIZE)) {
        x->oom = 1;
        return NULL;
    }
    inst_t *o = &tb->inst[tb->ninst++];
    memset(o, 0, sizeof *o);
    o->pc = like->pc;
    o->line = like->line;
    o->mask = mask;
    o->opcode = op;
    o->cls = x->k.ops.cls[op];
    o->width = width;
    o->addr = (uint32_t)tb->naddr;
    if (extra) {
        tb->sl1[SL1_EXTRA_WARP]++;
        tb->sl1[SL1_EXTRA_THREAD] += (unsigned)__builtin_popcount(mask);
    }
    return o;
}

static void regs(inst_t *o, unsigned nd, const uint16_t *d, unsigned ns, const uint16_t *s)
{
    o->ndst = (uint8_t)(nd > INST_MAX_DST ? INST_MAX_DST : nd);
    if (o->ndst)
        memcpy(o->dst, d, o->ndst * sizeof *d);
    o->nsrc = (uint8_t)(ns > INST_MAX_SRC ? INST_MAX_SRC : ns);
    if (o->nsrc)
        memcpy(o->src, s, o->nsrc * sizeof *s);
}

/* ALU instructions of the inserted code: n of them, reading src, writing dst. */
static void alu(sl1k_t *x, tb_t *tb, const inst_t *like, uint32_t mask, unsigned n, uint16_t src, uint16_t dst)
{
    for (unsigned i = 0; i < n && mask; i++) {
        inst_t *o = emit(x, tb, like, x->op_alu, mask, 0, 1);
        if (!o)
            return;
        regs(o, 1, &dst, 1, &src);
    }
}

/* A memory instruction of the inserted code: lanes in mask at a[lane]. */
static void mem(sl1k_t *x, tb_t *tb, const inst_t *like, uint16_t op, uint32_t mask, uint8_t width,
                const uint64_t *a, unsigned nd, const uint16_t *d, unsigned ns, const uint16_t *s)
{
    if (!mask)
        return;
    inst_t *o = emit(x, tb, like, op, mask, width, 1);
    if (!o)
        return;
    regs(o, nd, d, ns, s);
    for (uint32_t m = mask; m; m &= m - 1)
        tb->addr[tb->naddr++] = a[__builtin_ctz(m)];
}

static uint64_t sh_addr(const sl1k_t *x, unsigned t, int slot) { return x->shbase + ((uint64_t)t * x->cln + (unsigned)slot) * x->c.line; }

/* Write back the dirty lines of structure ds[lane] for the lanes in mask:
 * the line read from shared memory (a 16 B access per chunk with a dirty
 * byte), then per 4 B word a store where the word is wholly dirty, or an
 * atomic AND and an atomic OR (the bitmap as the write mask) where it is in
 * part; the bitmaps are cleared. */
static void write_back(sl1k_t *x, tb_t *tb, const inst_t *like, unsigned t0, uint32_t mask, const int *ds)
{
    const unsigned L = x->c.line;
    uint64_t a[WARP_SIZE];
    uint32_t dirty = 0;
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        thread_t *th = &x->th[t0 + l];
        if (th->line[ds[l]].tag && th->line[ds[l]].dirty)
            dirty |= 1u << l;
    }
    if (!dirty)
        return;
    static const uint16_t wb = T_WB, ad = T_ADDR, both[2] = {T_ADDR, T_WB};
    for (unsigned off = 0; off < L; off += 16) {   /* the dirty chunks out of shared memory */
        unsigned w = L - off < 16 ? L - off : 16;
        uint32_t m = 0;
        for (uint32_t d = dirty; d; d &= d - 1) {
            unsigned l = (unsigned)__builtin_ctz(d);
            const thread_t *th = &x->th[t0 + l];
            if ((th->line[ds[l]].dirty >> off) & ((1u << w) - 1u))
                m |= 1u << l;
            a[l] = sh_addr(x, t0 + l, th->slot[ds[l]]) + off;
        }
        mem(x, tb, like, x->op_lds, m, (uint8_t)w, a, 1, &wb, 1, &ad);
    }
    for (unsigned word = 0; word < L / 4; word++) {
        uint32_t whole = 0, part = 0;
        for (uint32_t d = dirty; d; d &= d - 1) {
            unsigned l = (unsigned)__builtin_ctz(d);
            const thread_t *th = &x->th[t0 + l];
            unsigned bits = th->line[ds[l]].dirty >> (4 * word) & 15u;
            whole |= (uint32_t)(bits == 15) << l;
            part |= (uint32_t)(bits && bits != 15) << l;
            a[l] = (th->line[ds[l]].tag - 1) * L + 4 * word;
        }
        mem(x, tb, like, x->op_stg, whole, 4, a, 0, NULL, 2, both);
        mem(x, tb, like, x->op_red_and, part, 4, a, 0, NULL, 2, both);
        mem(x, tb, like, x->op_red_or, part, 4, a, 0, NULL, 2, both);
        tb->sl1[SL1_WB_WORDS] += (unsigned)__builtin_popcount(whole | part);
    }
    for (uint32_t d = dirty; d; d &= d - 1) {
        unsigned l = (unsigned)__builtin_ctz(d);
        x->th[t0 + l].line[ds[l]].dirty = 0;
    }
    tb->sl1[SL1_WRITEBACKS] += (unsigned)__builtin_popcount(dirty);
}

/* Evict the lines of the lanes in mask (written back if dirty, invalidated),
 * structure by structure: every valid one (a == NULL), or those that overlap
 * the lane's access [a[lane], a[lane] + like's width). The lanes that had
 * one. */
static uint32_t evict_lines(sl1k_t *x, tb_t *tb, const inst_t *like, unsigned t0, uint32_t mask, const uint64_t *a)
{
    const uint64_t L = x->c.line, w = like->width ? like->width : 1;
    int ds[WARP_SIZE];
    uint32_t any = 0;
    for (unsigned s = 0; s < x->nds; s++) {
        uint32_t hit = 0;
        for (uint32_t m = mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            const uint64_t tag = x->th[t0 + l].line[s].tag;   /* the line [(tag - 1) L, tag L) */
            ds[l] = (int)s;
            if (x->th[t0 + l].slot[s] >= 0 && tag && (!a || (a[l] < tag * L && (tag - 1) * L < a[l] + w)))
                hit |= 1u << l;
        }
        if (!hit)
            continue;
        write_back(x, tb, like, t0, hit, ds);
        alu(x, tb, like, hit, INV_OPS, T_ADDR, T_ADDR);
        for (uint32_t m = hit; m; m &= m - 1)
            x->th[t0 + (unsigned)__builtin_ctz(m)].line[s].tag = 0;
        any |= hit;
    }
    return any;
}

/* A flush (before a fence, at a thread's end) for the lanes in mask: every
 * valid line written back if dirty and invalidated. */
static void flush(sl1k_t *x, tb_t *tb, const inst_t *like, unsigned t0, uint32_t mask)
{
    tb->sl1[SL1_FLUSHES] += (unsigned)__builtin_popcount(evict_lines(x, tb, like, t0, mask, NULL));
}

/* calculateWhatToCache() for one thread: the structures above the hit-rate
 * floor, ranked by their hits, read-only ones first unless a read-write one
 * has at least twice the hits of the best read-only one left; at most CLN. */
static unsigned decide(const sl1k_t *x, thread_t *th)
{
    int ro[SL1_MAX_DS], rw[SL1_MAX_DS];
    unsigned nro = 0, nrw = 0, n = 0;
    for (unsigned s = 0; s < x->nds; s++) {
        th->slot[s] = -1;
        if (th->macc[s] && (uint64_t)th->mhit[s] * 100 > (uint64_t)x->c.min_hit * th->macc[s]) {
            int *v = x->rw[s] ? rw : ro;
            unsigned *nv = x->rw[s] ? &nrw : &nro;
            unsigned i = (*nv)++;
            while (i && th->mhit[v[i - 1]] < th->mhit[s]) {   /* by hits, ties to the lower index */
                v[i] = v[i - 1];
                i--;
            }
            v[i] = (int)s;
        }
    }
    unsigned i = 0, j = 0;
    while (n < x->cln && (i < nro || j < nrw)) {
        int take_rw = i >= nro || (j < nrw && (uint64_t)th->mhit[rw[j]] >= 2ull * th->mhit[ro[i]]);
        int s = take_rw ? rw[j++] : ro[i++];
        th->slot[s] = (int8_t)n++;
        th->line[s] = (line_t){0, 0};
    }
    th->decided = 1;
    return n;
}

/* One global access I of warp w (threads t0..): its lanes sorted by what
 * the inserted code does for them, and each path's instructions. */
static void access(sl1k_t *x, tb_t *tb, const inst_t *I, const uint64_t *ia, unsigned t0)
{
    const unsigned L = x->c.line;
    const int load = I->cls == OP_LDG, store = I->cls == OP_STG, atomic = I->cls == OP_ATOM || I->cls == OP_RED;
    uint32_t orig = 0, mon = 0, call = 0, hit = 0, miss = 0, dec = 0, ro_inv = 0, evict = 0, wide = 0;
    int ds[WARP_SIZE];
    uint64_t a[WARP_SIZE];
    unsigned k = 0;
    for (uint32_t m = I->mask; m; m &= m - 1, k++) {
        unsigned l = (unsigned)__builtin_ctz(m);
        a[l] = ia[k];
        ds[l] = ds_of(x, a[l]);
        thread_t *th = &x->th[t0 + l];
        int s = ds[l];
        const int fits = a[l] % L + I->width <= L && I->width;
        if (!fits && th->decided)          /* wider than a line or crossing one: lines it overlaps go first */
            wide |= 1u << l;
        if (s < 0) {                       /* not a data structure: as it is */
            orig |= 1u << l;
            continue;
        }
        uint64_t tag = a[l] / L + 1;
        if (!th->decided) {                /* monitoring: one simulated line per structure */
            orig |= 1u << l;
            mon |= 1u << l;
            th->macc[s]++;
            th->mhit[s] += th->mtag[s] == tag;
            th->mtag[s] = tag;
            tb->sl1[SL1_MONITORED]++;
            if (++th->count == x->c.monitor)
                dec |= 1u << l;
            continue;
        }
        call |= 1u << l;
        tb->sl1[SL1_ACCESSES]++;
        line_t *ln = &th->line[s];
        if (th->slot[s] < 0) {             /* not cached: to global memory */
            orig |= 1u << l;
            continue;
        }
        if (!fits) {                       /* to global memory (the lines it overlaps evicted: wide) */
            orig |= 1u << l;
            tb->sl1[SL1_RO_STORES] += store && !x->rw[s];
            continue;
        }
        if (atomic) {                      /* the line holding the target is evicted first */
            orig |= 1u << l;
            if (ln->tag == tag)
                evict |= 1u << l;
            continue;
        }
        if (store && !x->rw[s]) {          /* a store to a structure profiled read-only */
            orig |= 1u << l;
            tb->sl1[SL1_RO_STORES]++;
            if (ln->tag == tag)
                ro_inv |= 1u << l;
            continue;
        }
        tb->sl1[SL1_CACHED]++;
        if (ln->tag == tag)
            hit |= 1u << l;
        else
            miss |= 1u << l;
    }
    const uint16_t addr = I->nsrc ? I->src[0] : T_ADDR;
    alu(x, tb, I, mon, MON_OPS, addr, T_STATE);
    tb->sl1[SL1_MON_INSN] += (uint64_t)__builtin_popcount(mon) * MON_OPS;
    alu(x, tb, I, call, CALL_OPS, addr, T_ADDR);
    if (wide)   /* an access that does not fit in one line: the lines it overlaps go first, so that it reads
                 * no word a line holds dirty and leaves no line stale in global memory */
        evict_lines(x, tb, I, t0, wide, a);
    if (evict) {
        write_back(x, tb, I, t0, evict, ds);
        alu(x, tb, I, evict, INV_OPS, T_ADDR, T_ADDR);
        for (uint32_t m = evict; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            x->th[t0 + l].line[ds[l]].tag = 0;
        }
    }
    if (orig) {                            /* the access itself, for the lanes that go to global memory */
        inst_t *o = emit(x, tb, I, I->opcode, orig, I->width, 0);
        if (!o)
            return;
        regs(o, I->ndst, I->dst, I->nsrc, I->src);
        for (uint32_t m = orig; m; m &= m - 1)
            tb->addr[tb->naddr++] = a[__builtin_ctz(m)];
    }
    if (ro_inv) {
        alu(x, tb, I, ro_inv, INV_OPS, T_ADDR, T_ADDR);
        for (uint32_t m = ro_inv; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            x->th[t0 + l].line[ds[l]].tag = 0;
        }
    }
    if (hit | miss) {
        uint64_t b[WARP_SIZE];
        static const uint16_t ad = T_ADDR, fill = T_FILL, both[2] = {T_ADDR, T_FILL};
        write_back(x, tb, I, t0, miss, ds);          /* the victims' dirty words */
        for (unsigned off = 0; off < L && miss; off += 16) {   /* the new lines, 16 B at a time */
            unsigned w = L - off < 16 ? L - off : 16;
            for (uint32_t m = miss; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctz(m);
                b[l] = a[l] / L * L + off;
            }
            mem(x, tb, I, x->op_ldg, miss, (uint8_t)w, b, 1, &fill, 1, &ad);
            for (uint32_t m = miss; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctz(m);
                b[l] = sh_addr(x, t0 + l, x->th[t0 + l].slot[ds[l]]) + off;
            }
            mem(x, tb, I, x->op_sts, miss, (uint8_t)w, b, 0, NULL, 2, both);
        }
        alu(x, tb, I, miss, FILL_OPS, T_ADDR, T_ADDR);
        for (uint32_t m = miss; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            x->th[t0 + l].line[ds[l]] = (line_t){a[l] / L + 1, 0};
        }
        tb->sl1[SL1_HITS] += (unsigned)__builtin_popcount(hit);
        tb->sl1[SL1_MISSES] += (unsigned)__builtin_popcount(miss);
        tb->sl1[SL1_FILLS] += (unsigned)__builtin_popcount(miss);
        /* the access into the line: a shared-memory load or store in place of the global one */
        uint32_t acc = hit | miss;
        for (uint32_t m = acc; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            b[l] = sh_addr(x, t0 + l, x->th[t0 + l].slot[ds[l]]) + a[l] % L;
        }
        inst_t *o = emit(x, tb, I, load ? x->op_lds : x->op_sts, acc, I->width, 0);
        if (!o)
            return;
        if (load) {
            regs(o, I->ndst, I->dst, 1, &ad);
        } else {                           /* the address, then the store's data */
            uint16_t s[INST_MAX_SRC] = {T_ADDR};
            unsigned n = 1;
            for (unsigned i = 1; i < I->nsrc && n < INST_MAX_SRC; i++)
                s[n++] = I->src[i];
            regs(o, 0, NULL, n, s);
        }
        for (uint32_t m = acc; m; m &= m - 1)
            tb->addr[tb->naddr++] = b[__builtin_ctz(m)];
        if (store) {
            alu(x, tb, I, acc, STORE_OPS, T_STATE, T_STATE);
            for (uint32_t m = acc; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctz(m);
                unsigned off = (unsigned)(a[l] % L), wbits = I->width >= 32 ? ~0u : (1u << I->width) - 1u;
                x->th[t0 + l].line[ds[l]].dirty |= wbits << off;
            }
        }
    }
    if (dec) {                             /* the monitoring ends: each of these threads chooses */
        alu(x, tb, I, dec, DEC_OPS + DEC_OPS_DS * x->nds, T_STATE, T_STATE);
        tb->sl1[SL1_MON_INSN] += (uint64_t)__builtin_popcount(dec) * (DEC_OPS + DEC_OPS_DS * x->nds);
        for (uint32_t m = dec; m; m &= m - 1) {
            tb->sl1[SL1_DECIDED]++;
            tb->sl1[SL1_CHOSEN] += decide(x, &x->th[t0 + (unsigned)__builtin_ctz(m)]);
        }
    }
}

/* The block in x->src, transformed into tb. */
static int transform(sl1k_t *x, tb_t *tb)
{
    const tb_t *s = &x->src;
    unsigned nthreads = s->nwarps * WARP_SIZE;
    memset(x->th, 0, nthreads * sizeof *x->th);
    for (unsigned t = 0; t < nthreads; t++)
        memset(x->th[t].slot, -1, sizeof x->th[t].slot);
    memcpy(tb->idx, s->idx, sizeof tb->idx);
    tb->nwarps = s->nwarps;
    for (unsigned w = 0; w < s->nwarps && !x->oom; w++) {
        const unsigned t0 = w * WARP_SIZE;
        tb->warp[w].first = (uint32_t)tb->ninst;
        uint32_t live = 0, exited = 0;     /* lanes that may hold lines; lanes that have exited */
        const uint32_t last = s->warp[w].first + s->warp[w].count - 1;
        for (uint32_t i = s->warp[w].first; i <= last && s->warp[w].count && !x->oom; i++) {
            const inst_t *I = &s->inst[i];
            live |= I->mask;
            if (I->cls == OP_MEMBAR)
                flush(x, tb, I, t0, I->mask);
            if (I->cls == OP_EXIT) {       /* the warp's last EXIT flushes the lanes that never exit too */
                flush(x, tb, I, t0, i == last ? live & ~exited : I->mask);
                exited |= I->mask;
            }
            if ((I->cls == OP_LDG || I->cls == OP_STG || I->cls == OP_ATOM || I->cls == OP_RED) && I->mask) {
                access(x, tb, I, &s->addr[I->addr], t0);
                continue;
            }
            inst_t *o = emit(x, tb, I, I->opcode, I->mask, I->width, 0);
            if (!o)
                break;
            *o = *I;
            o->addr = (uint32_t)tb->naddr;
            if (op_is_mem(I->cls))
                for (unsigned k = 0; k < (unsigned)__builtin_popcount(I->mask); k++)
                    tb->addr[tb->naddr++] = s->addr[I->addr + k];
        }
        /* a warp whose list ends without an EXIT flushes its lanes still running after its last instruction */
        if (s->warp[w].count && s->inst[last].cls != OP_EXIT)
            flush(x, tb, &s->inst[last], t0, live & ~exited);
        tb->warp[w].count = (uint32_t)(tb->ninst - tb->warp[w].first);
    }
    if (x->oom) {
        fprintf(stderr, "memsched sim: out of memory transforming a block of kernel %s for S-L1\n", x->k.info.name);
        return 2;
    }
    return 1;
}

static int sl1_next(kernel_t *k, tb_t *tb)
{
    sl1k_t *x = (sl1k_t *)k;
    tb_clear(tb);
    int r = x->in->next_tb(x->in, &x->src);
    x->k.ops = x->in->ops;   /* the opcodes the block uses (a trace's table grows as it is read) */
    if (r != 1)
        return r;
    return transform(x, tb);
}

static void sl1_close(kernel_t *k)
{
    sl1k_t *x = (sl1k_t *)k;
    x->in->close(x->in);
    tb_free(&x->src);
    free(x->th);
    free(x);
}

static kernel_t *wrap(kernel_t *in, const sl1k_t *like, const sl1_cfg_t *c, unsigned cln);

static kernel_t *sl1_open_at(kernel_t *k, uint64_t first)
{
    sl1k_t *x = (sl1k_t *)k;
    kernel_t *c = x->in->open_at(x->in, first);
    return c ? wrap(c, x, &x->c, x->cln) : NULL;
}

static int intern(kernel_t *in, const char *name, uint16_t *id)
{
    int i = optab_intern(&in->ops, name);
    if (i < 0) {
        fprintf(stderr, "memsched sim: kernel %s: its opcode table is full: S-L1's instructions do not fit\n",
                in->info.name);
        return -1;
    }
    *id = (uint16_t)i;
    return 0;
}

/* The kernel `in` transformed, with like's structures and profile (or,
 * like NULL, those to be set by the caller). */
static kernel_t *wrap(kernel_t *in, const sl1k_t *like, const sl1_cfg_t *c, unsigned cln)
{
    sl1k_t *x = calloc(1, sizeof *x);
    if (!x || !(x->th = calloc(MAX_TB_WARPS * WARP_SIZE, sizeof *x->th))) {
        fprintf(stderr, "memsched sim: out of memory opening kernel %s for S-L1\n", in->info.name);
        free(x);
        in->close(in);
        return NULL;
    }
    if (intern(in, "IADD3", &x->op_alu) || intern(in, "LDS", &x->op_lds) || intern(in, "STS", &x->op_sts) ||
        intern(in, "LDG.E.128", &x->op_ldg) || intern(in, "STG.E", &x->op_stg) ||
        intern(in, "RED.E.AND", &x->op_red_and) || intern(in, "RED.E.OR", &x->op_red_or)) {
        free(x->th);
        free(x);
        in->close(in);
        return NULL;
    }
    x->in = in;
    x->c = *c;
    x->cln = cln;
    if (like) {
        x->nds = like->nds;
        memcpy(x->ds, like->ds, sizeof x->ds);
        memcpy(x->rw, like->rw, sizeof x->rw);
    }
    x->k.info = in->info;
    x->shbase = in->info.shmem;
    x->k.info.shmem = (unsigned)(in->info.shmem + (uint64_t)cln * c->line * in->info.threads);
    x->k.ops = in->ops;
    x->k.next_tb = sl1_next;
    x->k.open_at = sl1_open_at;
    x->k.close = sl1_close;
    return &x->k;
}

kernel_t *sl1_wrap(kernel_t *k, const sl1_cfg_t *c, unsigned cln, const region_t *regions, unsigned nregions)
{
    /* which structures the kernel stores to: its first block's stores (docs/sl1.md) */
    uint8_t rw[SL1_MAX_DS] = {0};
    unsigned nds = nregions < SL1_MAX_DS ? nregions : SL1_MAX_DS;
    kernel_t *p = k->open_at(k, 0);
    if (!p) {
        k->close(k);
        return NULL;
    }
    tb_t tb = {0};
    int r = p->next_tb(p, &tb);
    for (size_t i = 0; r == 1 && i < tb.ninst; i++) {
        const inst_t *I = &tb.inst[i];
        if (I->cls != OP_STG && I->cls != OP_ATOM && I->cls != OP_RED)
            continue;
        for (unsigned j = 0; j < (unsigned)__builtin_popcount(I->mask); j++)
            for (unsigned s = 0; s < nds; s++)
                if (tb.addr[I->addr + j] - regions[s].addr < regions[s].size)
                    rw[s] = 1;
    }
    tb_free(&tb);
    p->close(p);
    if (r == 2) {
        k->close(k);
        return NULL;
    }
    sl1k_t like = {.nds = nds};
    for (unsigned s = 0; s < nds; s++)
        like.ds[s] = regions[s];
    memcpy(like.rw, rw, sizeof rw);
    return wrap(k, &like, c, cln);
}
