/* fuzz_trace.c - libFuzzer target: the Accel-Sim trace reader and writer
 * (sim/trace.c), from memory, as `memsched sim --workload DIR` and
 * `memsched trace-gen` use them. Any input must end in a message or a run,
 * never a crash or a sanitizer report.
 *
 * The input is one kernel file (an .xz one when it starts with xz's magic
 * bytes), every thread block read (a kernel read without error has exactly
 * the grid's blocks); or, after a first byte 'L', a kernelslist.g. A kernel
 * that reads without error is also written (into memory) and read back, and
 * must give the same thread blocks: the writer's address compression and
 * register spellings checked on whatever the fuzzer finds; a cursor
 * (open_at) at the middle block must give the blocks from there on. No file is written; kernelslist.g names are looked up in a
 * directory that does not exist.
 *
 * trace.c is included for its static parts (the kernelslist.g parser on a
 * buffer, the writer on a FILE *).
 */
#include "../../sim/workload/trace.c"

/* Abort (a finding) unless a and b give the same thread blocks. */
static void same_blocks(kernel_t *a, kernel_t *b)
{
    tb_t x = {0}, y = {0};
    int sa, sb;
    while ((sa = a->next_tb(a, &x)) == 1) {
        sb = b->next_tb(b, &y);
        if (sb != 1 || memcmp(x.idx, y.idx, sizeof x.idx) || x.nwarps != y.nwarps || x.ninst != y.ninst ||
            x.naddr != y.naddr)
            __builtin_trap();
        for (unsigned w = 0; w < x.nwarps; w++) {
            if (x.warp[w].count != y.warp[w].count)
                __builtin_trap();
            for (unsigned i = 0; i < x.warp[w].count; i++) {
                const inst_t *p = &x.inst[x.warp[w].first + i], *q = &y.inst[y.warp[w].first + i];
                unsigned lanes = (unsigned)__builtin_popcount(p->mask);
                if (p->pc != q->pc || p->mask != q->mask || p->line != q->line || p->cls != q->cls ||
                    p->width != q->width || p->ndst != q->ndst || p->nsrc != q->nsrc ||
                    strcmp(a->ops.name[p->opcode], b->ops.name[q->opcode]) ||
                    memcmp(p->dst, q->dst, p->ndst * sizeof p->dst[0]) ||
                    memcmp(p->src, q->src, p->nsrc * sizeof p->src[0]) ||
                    (p->width && (p->addr + lanes > x.naddr ||
                                  memcmp(x.addr + p->addr, y.addr + q->addr, lanes * sizeof x.addr[0]))))
                    __builtin_trap();
            }
        }
    }
    if (sa != 0 || b->next_tb(b, &y) != 0)
        __builtin_trap();
    tb_free(&x);
    tb_free(&y);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    if (size && data[0] == 'L') {
        rd_t r;
        if (!rd_init(&r, "fuzz/kernelslist.g", NULL, text + 1, size - 1)) {
            workload_t *w = wl_open(&r, "/nonexistent-memsched-fuzz", "fuzz");
            if (w)
                w->close(w);
        }
        rd_free(&r);
        return 0;
    }
    const char *name = size >= 6 && !memcmp(data, "\xfd" "7zXZ\0", 6) ? "fuzz.traceg.xz" : "fuzz.traceg";
    kernel_t *k = trace_open_kernel_mem(name, text, size);
    if (!k)
        return 0;
    tb_t tb = {0};
    int st;
    uint64_t nb = 0, grid = k->info.nblocks;
    while ((st = k->next_tb(k, &tb)) == 1)
        nb++;
    k->close(k);
    if (st != 0) {
        tb_free(&tb);
        return 0;
    }
    if (nb != grid)   /* a kernel read to its end holds the grid's blocks, no fewer, no more */
        __builtin_trap();
    /* a cursor at the middle block gives what reading on from there gives */
    kernel_t *r = trace_open_kernel_mem(name, text, size);
    if (!r)
        __builtin_trap();
    for (uint64_t i = 0; i < nb / 2; i++)
        if (r->next_tb(r, &tb) != 1)
            __builtin_trap();
    tb_free(&tb);
    kernel_t *c = r->open_at(r, nb / 2);
    if (!c)
        __builtin_trap();
    same_blocks(r, c);
    r->close(r);
    c->close(c);
    /* a good kernel: write it, read it back */
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    if (!f)
        return 0;
    k = trace_open_kernel_mem(name, text, size);
    if (!k || write_kernel(k, f, "fuzz-out.traceg"))
        __builtin_trap();
    k->close(k);
    fclose(f);
    kernel_t *a = trace_open_kernel_mem(name, text, size), *b = trace_open_kernel_mem("fuzz-out.traceg", out, n);
    if (!a || !b)
        __builtin_trap();
    same_blocks(a, b);
    a->close(a);
    b->close(b);
    free(out);
    return 0;
}
