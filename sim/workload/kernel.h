/* kernel.h - the in-memory form of a GPU workload: what the trace reader
 * (trace.c) and the built-in generators (kernels.c) produce and the SMs
 * (sm.c) execute.
 *
 * A workload is a list of commands in program order: MemcpyHtoD regions (the
 * kernel's data structures) and kernel launches. A kernel is opened when it
 * is launched and hands out its thread blocks one at a time, in dispatch
 * order (the order of the trace file), so that only the thread blocks
 * resident on the SMs are in memory: a multi-GB trace is streamed.
 *
 * A thread block is its warps' instruction lists, each instruction with its
 * register operands and, for memory instructions, one address per active
 * lane (lane order, lowest lane first). Buffers in tb_t are owned by the
 * caller and reused from block to block (tb_reserve grows them), so a run
 * allocates only when a thread block is larger than any before.
 */
#ifndef MEMSCHED_SIM_KERNEL_H
#define MEMSCHED_SIM_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#define WARP_SIZE      32
#define MAX_TB_WARPS   32       /* 1024 threads per block (CUDA's limit) */
#define INST_MAX_DST   4
#define INST_MAX_SRC   6

/* Register ids of the scoreboard: one space for every register kind the
 * tracer names. RZ, URZ, PT and UPT are constants: they never create a
 * dependency (reg_is_const). */
enum {
    REG_R   = 0,     /* R0..R255   -> 0..255   (R255 = RZ) */
    REG_UR  = 256,   /* UR0..UR63  -> 256..319 (UR63 = URZ) */
    REG_P   = 320,   /* P0..P7     -> 320..327 (P7 = PT) */
    REG_UP  = 328,   /* UP0..UP7   -> 328..335 (UP7 = UPT) */
    REG_SL1 = 336,   /* S-L1's inserted code: four registers of its own (sl1.c) */
    REG_IDS = 340,
};
static inline int reg_is_const(unsigned r)
{
    return r == REG_R + 255 || r == REG_UR + 63 || r == REG_P + 7 || r == REG_UP + 7;
}

/* Instruction classes: what the SM does with an instruction. */
typedef enum {
    OP_INT,      /* integer ALU, moves, conversions, predicates; what has no unit here (kernel.c) */
    OP_FP,       /* single-precision FP: FADD FMUL FFMA FMNMX FSET(P) HADD2 HFMA2 ... */
    OP_DP,       /* double precision: DADD DMUL DFMA DSETP ... */
    OP_SFU,      /* special functions: MUFU RRO ... */
    OP_BRANCH,   /* BRA BRX JMP CALL RET SSY SYNC BSSY BSYNC PBK BRK ... (control) */
    OP_BAR,      /* BAR (all warps of the block meet) */
    OP_MEMBAR,   /* MEMBAR / FENCE: waits for the warp's outstanding memory requests */
    OP_EXIT,     /* EXIT */
    OP_LDG,      /* global load:  LDG, LD (generic) */
    OP_STG,      /* global store: STG, ST (generic) */
    OP_LDL,      /* local load  (through the L1 like a global load) */
    OP_STL,      /* local store */
    OP_LDS,      /* shared-memory load (LDS, LDSM) */
    OP_STS,      /* shared-memory store */
    OP_ATOMS,    /* shared-memory atomic (ATOMS): the shared-memory unit */
    OP_ATOM,     /* global atomic with a result (ATOM, ATOMG): performed at the L2 */
    OP_RED,      /* global reduction, no result (RED): performed at the L2 */
    OP_CLASSES
} op_class_t;

extern const char *const op_class_names[OP_CLASSES];   /* "int", "fp", ... */

static inline int op_is_global_mem(op_class_t c)
{
    return c == OP_LDG || c == OP_STG || c == OP_LDL || c == OP_STL || c == OP_ATOM || c == OP_RED;
}
static inline int op_is_shared_mem(op_class_t c) { return c == OP_LDS || c == OP_STS || c == OP_ATOMS; }
static inline int op_is_mem(op_class_t c) { return op_is_global_mem(c) || op_is_shared_mem(c); }

/* The class of an opcode as the tracer spells it ("LDG.E.CG", "FFMA", "BAR.SYNC"),
 * decided by its base name, the part before the first '.', in the opcode
 * table (kernel.c; docs/sim.md "Opcode classes"); -1 for a base name it
 * does not hold. */
int op_lookup(const char *opcode);
/* The same with an unknown opcode as OP_INT. */
op_class_t op_classify(const char *opcode);

/* One warp instruction. */
typedef struct {
    uint32_t pc;
    uint32_t mask;                 /* active lanes (bit i = lane i) */
    uint32_t line;                 /* source line (traces with -enable lineinfo = 1), else 0 */
    uint32_t addr;                 /* memory instructions: index in tb_t.addr of the first active
                                      lane's address; popcount(mask) addresses follow */
    uint16_t opcode;               /* index in the kernel's opcode table */
    uint8_t  cls;                  /* op_class_t */
    uint8_t  width;                /* memory instructions: bytes per lane (mem_width); else 0 */
    uint8_t  ndst, nsrc;
    uint16_t dst[INST_MAX_DST];    /* register ids (REG_*) */
    uint16_t src[INST_MAX_SRC];
} inst_t;

typedef struct {
    uint32_t first;   /* index in tb_t.inst */
    uint32_t count;
} warp_insts_t;

/* S-L1's counts for one thread block (sl1.c makes them as it transforms the
 * block; the SM that runs it adds them to its statistics): thread accesses
 * to data structures while monitoring and after; of the latter, to a
 * structure the thread caches, hits, misses; lines filled, dirty lines
 * written back and their dirty 4 B words; flushes (a fence or the thread's
 * end with lines valid); stores to a structure profiled read-only;
 * instructions inserted (warp, thread), the thread instructions of them
 * the monitoring phase inserted (its per-access code and the choice); threads that chose, and the
 * structures they chose (thread-structure pairs). */
enum {
    SL1_MONITORED, SL1_ACCESSES, SL1_CACHED, SL1_HITS, SL1_MISSES, SL1_FILLS, SL1_WRITEBACKS, SL1_WB_WORDS,
    SL1_FLUSHES, SL1_RO_STORES, SL1_EXTRA_WARP, SL1_EXTRA_THREAD, SL1_MON_INSN, SL1_DECIDED, SL1_CHOSEN, SL1_NCOUNT
};

/* One thread block: its warps' instructions, warp 0 first. */
typedef struct {
    unsigned idx[3];                   /* blockIdx (x, y, z) */
    unsigned nwarps;                   /* warps of the block: ceil(threads / 32) */
    warp_insts_t warp[MAX_TB_WARPS];
    inst_t   *inst;  size_t ninst, cap_inst;
    uint64_t *addr;  size_t naddr, cap_addr;
    uint64_t sl1[SL1_NCOUNT];          /* S-L1's counts (sl1=on), else 0 */
    uint8_t  stream;                   /* 1: each warp is packed as its generator ends it (tb_warp_end) and its
                                          instructions dropped, so the buffers hold one warp, not the block */
    unsigned packed;                   /* with stream: the warps packed so far (warps 0 .. packed - 1) */
} tb_t;

/* Make room for `ninst` more instructions and `naddr` more addresses. 0, or -ENOMEM. */
int  tb_reserve(tb_t *tb, size_t ninst, size_t naddr);
void tb_clear(tb_t *tb);   /* empty, keep the buffers (and stream) */
void tb_free(tb_t *tb);

/* A resident block: the form an SM holds while the block runs (tb_pack
 * makes it from the kernel's tb_t). An instruction is split in two: what
 * its PC fixes (opcode, class, registers, width, source line: sinst_t, one
 * per distinct instruction of the block, shared by its warps' executions of
 * it) and what each execution has of its own (active mask, addresses).
 * A block of gemm at size 512 runs 37 064 warp instructions, 34 of them
 * distinct: as inst_t records they took 44 B each. The executions are
 * numbered 0 .. ndyn - 1; each is the index of its key (dkey_t: static
 * part, the form of its addresses) in 1 B, the addresses in addr, and
 * the active masks are held as runs of executions with the same one
 * (mrun_t: a mask changes at one execution in 14 on mummer's walks).
 *
 * A warp's executions are held as runs (rseg_t): executions [first,
 * first + len) executed reps times in a row. A stretch of its list that
 * repeats the one before it exactly (a loop whose iterations have the same
 * masks, the same static parts and the same addresses, as cp's atom loop:
 * 160 000 instructions a warp, 40 of them stored) is one run; the rest are
 * runs of one pass. Instructions are named by their execution's number (the SM's
 * pipeline keeps these); a warp walks its runs with a cursor (rcur_t). */
typedef struct {
    uint32_t pc, line;
    uint16_t opcode;
    uint8_t  cls, width, ndst, nsrc;
    uint16_t dst[INST_MAX_DST];
    uint16_t src[INST_MAX_SRC];
} sinst_t;

/* How a memory instruction's addresses are held in rtb_t.addr (dkey_t.form). */
enum {
    ADDR_LIST,     /* one word per active lane, in lane order */
    ADDR_AFFINE,   /* two words, base and stride: lane l's = base + l * stride */
    ADDR_PACKED,   /* the lowest address, then one offset from it per active lane in W = words - 1 more
                      words: ceil(n / W) to a word (n active lanes), 64 / that many bits each (rtb_pack_geom) */
    ADDR_DELTA,    /* one word: an earlier execution of the same static part in the warp, whose active
                      lanes include these, as the distance back to it (its low 32 bits), and the amount
                      every active lane's address is that one's plus (its high 32, signed) */
};                 /* an offset is held shifted right by dkey_t.shift (its low bits, zero in every lane's) */

/* ADDR_PACKED's layout for n active lanes in w words: *per offsets a word, *bits bits each. */
static inline void rtb_pack_geom(unsigned n, unsigned w, unsigned *per, unsigned *bits)
{
    *per = (n + w - 2) / (w - 1);
    *bits = 64 / *per;
}

/* What executions of a block's instructions have in common: the static
 * part and the form of the addresses. A block has few (gemm's 37 000
 * instructions make 34; mummer's 214 000 about 100), so an execution is the
 * index of its key, 1 B where the block has at most 256 of them, 2 B up to
 * 65 536, 4 B above. */
typedef struct {                   /* 4 B */
    uint32_t s : 18;               /* index in rtb_t.stat (a block has fewer than RTB_STAT_MAX) */
    uint32_t form : 3;             /* memory instructions: their addresses held as ADDR_LIST, ADDR_AFFINE, ... */
    uint32_t words : 6;            /* ... in this many words of rtb_t.addr (0: none; at most 32) */
    uint32_t shift : 5;            /* ADDR_PACKED: the offsets' low zero bits, not held (at most 31) */
} dkey_t;
#define RTB_STAT_MAX (1u << 18)    /* static parts a block may have (dkey_t.s) */
_Static_assert(sizeof(dkey_t) == 4, "dkey_t: 4 B");

/* Executions first .. (the next run's first) - 1 have active mask `mask`. */
typedef struct {
    uint32_t first, mask;
} mrun_t;

/* Instructions per group of rtb_t.abase: the index in addr of an
 * instruction's addresses is its group's base plus the words of the
 * instructions before it in the group. */
#define RTB_GROUP 16u
/* The most keys a block's executions name in 1 B (k8), in 2 B (k16); above, 4 B (k32). */
#define RTB_K8_MAX 256u
#define RTB_K16_MAX 65536u

typedef struct {
    uint32_t first, len;           /* executions [first, first + len) */
    uint32_t reps;                 /* executed this many times in a row (1 or more) */
} rseg_t;

typedef struct {
    unsigned idx[3];
    unsigned nwarps;
    warp_insts_t warp[MAX_TB_WARPS];   /* first: index in seg of the warp's first run; count: its executions */
    size_t    ndyn;                    /* instructions (executions) stored */
    uint8_t  *k8;    size_t cap_k8;    /* per instruction: the index of its key in key (nkey <= RTB_K8_MAX) */
    uint16_t *k16;   size_t cap_k16;   /* ... (nkey <= RTB_K16_MAX; k8 unused) */
    uint32_t *k32;   size_t cap_k32;   /* ... (more: k8, k16 unused) */
    uint32_t *abase; size_t cap_abase; /* per group of RTB_GROUP instructions: index in addr of its first addresses */
    dkey_t   *key;   size_t nkey, cap_key;
    mrun_t   *mrun;  size_t nmrun, cap_mrun;   /* the masks, a run each change, in execution order; then a
                                                  sentinel, mrun[nmrun] (first UINT32_MAX) */
    uint32_t *mbase; size_t cap_mbase; /* per group of RTB_GROUP instructions: the run of its first */
    rseg_t   *seg;   size_t nseg, cap_seg;
    sinst_t  *stat;  size_t nstat, cap_stat;
    uint64_t *addr;  size_t naddr, cap_addr;
    uint32_t *hash;  size_t cap_hash;   /* tb_pack's index of stat (open addressing; 0: empty, else 1 + index) */
    uint32_t *khash; size_t cap_khash;  /* ... and of key */
    uint64_t threads;                   /* thread instructions: the active lanes of every execution */
    uint64_t sl1[SL1_NCOUNT];
} rtb_t;

/* dst (emptied first) as the resident form of src. An instruction's static
 * part is shared with every earlier one of the block that has the same PC
 * and the same fields (compared whole: exact whatever the producer wrote).
 * A shared-memory instruction (LDS, STS, ATOMS) keeps no addresses: the SM
 * models shared memory without banks and reads none. A global or local
 * memory instruction whose active lanes' addresses are affine in the lane
 * number, lane l's base + l * stride (modulo 2^64) for 3 or more active
 * lanes, holds them as the two words base and stride (ADDR_AFFINE); one
 * whose offsets from its lowest address, less the low bits every offset
 * has zero, fit in the fewest words that hold them all at an equal width
 * (ceil(n / W) to each of W words, 64 / that many bits each), as that
 * address and those words, when that takes fewer words than the list
 * (ADDR_PACKED: a gather's indices into one array; random nodes of a
 * 27 MB texture, 21 bits, three to a word); one
 * of two or more lanes, not affine, whose every lane's address is that
 * lane's in the last execution of its static part in the warp plus one
 * amount (a byte scan's next byte, a walk's next element), lanes that
 * execution had, as the one word ADDR_DELTA, fewer than RTB_DELTA_DEPTH
 * such in a row; the others as they are. Exact: each affine list is
 * checked to expand to the addresses it holds, an offset is the address
 * minus the lowest, its dropped bits zero, which fits its width, and a
 * delta is checked lane by lane. A stretch of a warp's list
 * equal, instruction by instruction (static part, mask, every address
 * kept), to the stretch just before it is not stored again: the run of the
 * earlier one counts it (rseg_t). 0, -ENOMEM, or -EOVERFLOW for a block of
 * more than RTB_STAT_MAX static parts. */
int tb_pack(rtb_t *dst, const tb_t *src);
/* A generator has ended warp w of tb (warp[w] set, warps in order from 0):
 * with tb->stream, the warp goes into tb_pack's scratch now and its
 * instructions and addresses leave tb (ninst, naddr back to 0); the
 * tb_pack that follows packs the rest and makes the block. The same
 * resident block as packing the whole block at once (test_kernel,
 * test_kernels). 0, or tb_pack's error (after which tb_pack refuses the
 * block: -EINVAL). */
int tb_warp_end(tb_t *tb, unsigned w);
/* Say on stderr why a thread block of kernel `kname` could not be made or
 * packed: rc is tb_pack's error (-EOVERFLOW: too many static parts; else
 * out of memory); `who` starts the line ("memsched sim"). */
void tb_pack_perror(int rc, const char *who, const char *kname);
/* Free what tb_pack keeps from call to call (its scratch buffers, grown to the largest block). */
void tb_pack_release(void);

/* A warp's position in its runs: pc, the number of its next execution. */
typedef struct {
    uint32_t pc, end;              /* next instruction; one past its run's last */
    uint32_t seg, reps;            /* its run (index in seg); passes of the run left, this one included */
} rcur_t;

/* c at warp w's first instruction (a warp with none: c->pc == c->end). */
static inline void rtb_cur_start(const rtb_t *tb, unsigned w, rcur_t *c)
{
    c->seg = tb->warp[w].first;
    if (!tb->warp[w].count) {
        c->pc = c->end = 0;
        c->reps = 0;
        return;
    }
    const rseg_t *s = &tb->seg[c->seg];
    c->pc = s->first;
    c->end = s->first + s->len;
    c->reps = s->reps;
}

/* c at the warp's next instruction; not past its last (the caller counts them). */
static inline void rtb_cur_next(const rtb_t *tb, rcur_t *c)
{
    if (++c->pc != c->end)
        return;
    if (--c->reps) {
        c->pc = tb->seg[c->seg].first;
        return;
    }
    if (++c->seg == tb->nseg)   /* the block's last instruction */
        return;
    const rseg_t *s = &tb->seg[c->seg];
    c->pc = s->first;
    c->end = s->first + s->len;
    c->reps = s->reps;
}

/* Free a resident block's buffers once they exceed `bytes` (kept otherwise, for reuse). */
void rtb_trim(rtb_t *tb, size_t bytes);
void rtb_free(rtb_t *tb);

/* Instruction i of resident block tb: its key, static part, active mask. */
static inline const dkey_t *rtb_key(const rtb_t *tb, size_t i)
{
    return &tb->key[tb->nkey <= RTB_K8_MAX ? tb->k8[i] : tb->nkey <= RTB_K16_MAX ? tb->k16[i] : tb->k32[i]];
}
static inline const sinst_t *rtb_stat(const rtb_t *tb, size_t i) { return &tb->stat[rtb_key(tb, i)->s]; }
static inline uint32_t rtb_mask(const rtb_t *tb, size_t i)
{
    const mrun_t *r = &tb->mrun[tb->mbase[i / RTB_GROUP]];
    while (r[1].first <= i)
        r++;
    return r->mask;
}

/* The most ADDR_DELTA executions in a row that an expansion walks back through
 * (the chain from an execution held another way): a bound on its cost. */
#define RTB_DELTA_DEPTH 8u

const uint64_t *rtb_addrs_delta(const rtb_t *tb, size_t i, uint32_t mask, uint64_t word, uint64_t buf[WARP_SIZE]);

/* The words of rtb_t.addr that hold instruction i's addresses (in the form
 * rtb_key(tb, i)->form says). */
static inline const uint64_t *rtb_addr_words(const rtb_t *tb, size_t i)
{
    size_t at = tb->abase[i / RTB_GROUP];
    for (size_t j = i & ~(size_t)(RTB_GROUP - 1); j < i; j++)
        at += rtb_key(tb, j)->words;
    return &tb->addr[at];
}

/* The addresses of global or local memory instruction i of resident block
 * tb, one per active lane in lane order: where tb holds them as a list, or
 * expanded into buf (a shared-memory instruction has none: tb_pack). */
static inline const uint64_t *rtb_addrs(const rtb_t *tb, size_t i, uint64_t buf[WARP_SIZE])
{
    const dkey_t *d = rtb_key(tb, i);
    const uint64_t *w = rtb_addr_words(tb, i);
    const uint32_t mask = rtb_mask(tb, i);
    unsigned k = 0, n = (unsigned)__builtin_popcount(mask);
    switch (d->form) {
    case ADDR_LIST:
        return w;
    case ADDR_DELTA:
        return rtb_addrs_delta(tb, i, mask, w[0], buf);
    case ADDR_AFFINE:
        for (uint32_t m = mask; m; m &= m - 1)
            buf[k++] = w[0] + (uint64_t)__builtin_ctz(m) * w[1];
        break;
    default: {   /* ADDR_PACKED */
        unsigned per, bits;
        rtb_pack_geom(n, d->words, &per, &bits);
        const uint64_t field = (1ull << bits) - 1;
        for (const uint64_t *p = w + 1; k < n; p++) {
            uint64_t v = *p;
            for (unsigned j = 0; j < per && k < n; j++, v >>= bits)
                buf[k++] = w[0] + ((v & field) << d->shift);
        }
        break;
    }
    }
    return buf;
}

/* The kernel-N.traceg header, also filled by the built-in generators. */
typedef struct {
    char     name[256];                /* -kernel name */
    unsigned id;                       /* -kernel id (1, 2, ...) */
    unsigned grid[3], block[3];        /* -grid dim, -block dim */
    unsigned shmem;                    /* -shmem: bytes of shared memory per block */
    unsigned nregs;                    /* -nregs: registers per thread */
    unsigned binary_version;           /* -binary version (e.g. 61, 70) */
    unsigned stream;                   /* -cuda stream id */
    uint64_t shmem_base, local_base;   /* -shmem base_addr, -local mem base_addr */
    unsigned tracer_version;           /* -accelsim tracer version: 3, 4 or 5 */
    int      lineinfo;                 /* -enable lineinfo (version >= 4) */
    uint64_t nblocks;                  /* grid[0] * grid[1] * grid[2] */
    unsigned threads;                  /* block[0] * block[1] * block[2] */
    unsigned batch_stride;             /* TEMP/TBAS: blocks per thread batch in this launch (set by the GPU;
                                          0: not set, 1) */
} kinfo_t;

/* An opcode table: the spellings seen in one kernel, each with its class
 * (an opcode unknown to op_lookup is OP_INT and marked unknown). */
#define OPTAB_MAX 4096
typedef struct {
    unsigned n;
    char    *name[OPTAB_MAX];
    uint8_t  cls[OPTAB_MAX];
    uint8_t  unknown[OPTAB_MAX];
    unsigned nunknown;            /* how many are unknown */
    uint8_t  addr64[OPTAB_MAX];   /* a global access with a 64-bit address (a ".E" part): a register pair */
} optab_t;

/* The registers an instruction as traced reads and writes, for the SM's
 * scoreboard (in place, once per thread block). The tracer records one
 * register per operand (docs/sim.md "Kernel input"): a 64- or 128-bit
 * access's data (a register pair or quad: the destination of a load, the
 * value sources of a store, atomic or reduction) and a 64-bit global
 * address's high half are derived here from the access width and the
 * opcode (`addr64`). An instruction already listing them is unchanged
 * but for repeats. */
void inst_expand(sinst_t *in, int addr64);

/* The id of an opcode spelling, added on first sight. -1 when the table is full. */
int  optab_intern(optab_t *t, const char *opcode);
void optab_free(optab_t *t);

/* An open kernel: its header, its opcode table, and its thread blocks one at
 * a time in dispatch order. */
typedef struct kernel kernel_t;
struct kernel {
    kinfo_t info;
    optab_t ops;
    /* Fill tb with the next thread block (tb is cleared first). 1: a block;
     * 0: no more blocks (info.nblocks of them given); 2: bad input, after a
     * "FILE:LINE: expected ..., got ..." message on stderr (a trace with
     * fewer or more blocks than its grid is bad input). */
    int  (*next_tb)(kernel_t *k, tb_t *tb);
    /* A cursor: the same kernel opened again, its next_tb starting at block
     * `first` of this order (none when first >= info.nblocks), so a
     * dispatcher can read several contiguous ranges at once (TEMP's per-SM
     * queues). Its opcode table is its own. NULL after a message (a trace
     * whose file ends before block `first`, among others). */
    kernel_t *(*open_at)(kernel_t *k, uint64_t first);
    void (*close)(kernel_t *k);          /* frees k and everything it holds */
};

/* A MemcpyHtoD region: one of the program's data structures. */
typedef struct {
    uint64_t addr, size;
} region_t;

/* A workload command, in program order. */
typedef enum { CMD_MEMCPY, CMD_KERNEL } wl_cmd_kind_t;
typedef struct {
    wl_cmd_kind_t kind;
    region_t region;      /* CMD_MEMCPY */
    char    *path;        /* CMD_KERNEL of a trace: the kernel file (NULL for built-ins) */
    unsigned index;       /* CMD_KERNEL of a built-in: which of its kernels (0, 1, ...) */
    unsigned where_line;  /* line of kernelslist.g (messages) */
} wl_cmd_t;

typedef struct workload workload_t;
struct workload {
    char name[256];       /* built-in name, or the trace directory */
    wl_cmd_t *cmd;
    unsigned ncmd;
    /* Open kernel command `i` (cmd[i].kind == CMD_KERNEL). NULL after a
     * message (exit 2). */
    kernel_t *(*open_kernel)(workload_t *w, unsigned i);
    void (*close)(workload_t *w);
    void *impl;
};


#endif
