/* simt_ops.h - the instructions of per-thread kernels (simt.h), one macro
 * per instruction site; for the files that define kernels only (the short
 * names would clash elsewhere). */
#ifndef MEMSCHED_SIM_SIMT_OPS_H
#define MEMSCHED_SIM_SIMT_OPS_H

#include "workload/simt.h"

/* ---- the instructions, for kernel functions ----------------------------------
 * A kernel function starts with SIMT_BEGIN; then each macro is one site.
 * A macro records its instruction when it runs, and C leaves the order in
 * which a call's arguments run unspecified: never pass two macros as
 * arguments of one call (FMUL(t, LDS(..), LDS(..))); bind them to variables
 * first, in the source's order (one nested macro is fine). */
#define SIMT_BEGIN enum { simt_base_ = __COUNTER__ }
#define SIMT_SITE_ ((unsigned)(__COUNTER__ - simt_base_ - 1))

/* a value from arithmetic, of up to three values (op: its SASS spelling) */
#define ALU(t, op, a, b, c)   simt_rec((t), SIMT_SITE_, (op), 0, 0, 1, (a), (b), (c), NOREG)
#define S2R(t)                ALU(t, "S2R", NOREG, NOREG, NOREG)   /* a special register (threadIdx, ...) */
#define MOV(t, a)             ALU(t, "MOV", a, NOREG, NOREG)
#define IMAD(t, a, b, c)      ALU(t, "IMAD", a, b, c)
#define IADD(t, a, b)         ALU(t, "IADD", a, b, NOREG)
#define FADD(t, a, b)         ALU(t, "FADD", a, b, NOREG)
#define FMUL(t, a, b)         ALU(t, "FMUL", a, b, NOREG)
#define FFMA(t, a, b, c)      ALU(t, "FFMA", a, b, c)
#define IMNMX(t, a, b)        ALU(t, "IMNMX", a, b, NOREG)
#define SEL(t, a, b)          ALU(t, "SEL", a, b, NOREG)
/* memory: a load of `w` bytes at byte address `addr` (its address register
 * the value `ra`), a store of value `v` */
#define LDG(t, addr, ra)      simt_rec((t), SIMT_SITE_, "LDG.E", 4, (addr), 1, (ra), NOREG, NOREG, NOREG)
#define STG(t, addr, ra, v)   simt_rec((t), SIMT_SITE_, "STG.E", 4, (addr), 0, (ra), (v), NOREG, NOREG)
#define LDG8(t, addr, ra)     simt_rec((t), SIMT_SITE_, "LDG.E.U8", 1, (addr), 1, (ra), NOREG, NOREG, NOREG)   /* bool, char */
#define STG8(t, addr, ra, v)  simt_rec((t), SIMT_SITE_, "STG.E.U8", 1, (addr), 0, (ra), (v), NOREG, NOREG)
#define LDG64(t, addr, ra)    simt_rec((t), SIMT_SITE_, "LDG.E.64", 8, (addr), 1, (ra), NOREG, NOREG, NOREG)   /* long, double */
#define STG64(t, addr, ra, v) simt_rec((t), SIMT_SITE_, "STG.E.64", 8, (addr), 0, (ra), (v), NOREG, NOREG)
/* uint4, float4 */
#define LDG128(t, addr, ra)   simt_rec((t), SIMT_SITE_, "LDG.E.128", 16, (addr), 1, (ra), NOREG, NOREG, NOREG)
/* local memory: the thread's own local address (the SM places it: sm.local_map) */
#define LDL(t, addr, ra)      simt_rec((t), SIMT_SITE_, "LDL", 4, (addr), 1, (ra), NOREG, NOREG, NOREG)
#define STL(t, addr, ra, v)   simt_rec((t), SIMT_SITE_, "STL", 4, (addr), 0, (ra), (v), NOREG, NOREG)
/* shared memory (addresses from simt_args_t.shmem); in a /U version
 * (simt_args_t.unshared) the block's own copy of its shared arrays in
 * global memory instead, at unshared + block * shbytes + the offset: the
 * same accesses as global loads and stores through the L1 */
#define LDS(t, addr, ra)      simt_shared((t), SIMT_SITE_, (addr), 1, 4, (ra), NOREG)
#define STS(t, addr, ra, v)   simt_shared((t), SIMT_SITE_, (addr), 0, 4, (ra), (v))
#define LDS8(t, addr, ra)     simt_shared((t), SIMT_SITE_, (addr), 1, 1, (ra), NOREG)   /* uchar */
#define STS8(t, addr, ra, v)  simt_shared((t), SIMT_SITE_, (addr), 0, 1, (ra), (v))
static inline reg_t simt_shared(simt_t *t, unsigned site, uint64_t addr, int load, unsigned width, reg_t ra, reg_t v)
{
    const simt_args_t *p = t->arg;
    const int byte = width == 1;
    if (p && p->unshared) {
        uint64_t g = p->unshared + ((uint64_t)t->by * t->gdx + t->bx) * p->shbytes + (addr - p->shmem);
        return simt_rec(t, site, load ? (byte ? "LDG.E.U8" : "LDG.E") : byte ? "STG.E.U8" : "STG.E", width, g, load,
                        ra, v, NOREG, NOREG);
    }
    return simt_rec(t, site, load ? (byte ? "LDS.U.U8" : "LDS.U.32") : byte ? "STS.U8" : "STS", width, addr, load, ra,
                    v, NOREG, NOREG);
}
/* a global atomic (op: its SASS spelling, e.g. "ATOM.E.MIN") of 4 bytes at `addr` with operand
 * `v`; it returns the old value */
#define ATOMG(t, op, addr, ra, v) simt_rec((t), SIMT_SITE_, (op), 4, (addr), 1, (ra), (v), NOREG, NOREG)
/* a branch taken or not (an `if` around code, a `break`): its test and branch */
#define BRANCH(t, a)          LOOP(t, a)
/* control: a loop's test and back edge (at the loop body's end), a barrier,
 * `if (!(cond)) return;` (an EXIT for the lanes that leave), the end */
#define LOOP(t, a)            (simt_rec((t), SIMT_SITE_, "ISETP.NE.AND", 0, 0, 0, (a), NOREG, NOREG, NOREG), \
                               simt_rec((t), SIMT_SITE_, "BRA", 0, 0, 0, NOREG, NOREG, NOREG, NOREG))
#define BAR(t)                simt_rec((t), SIMT_SITE_, "BAR.SYNC", 0, 0, 0, NOREG, NOREG, NOREG, NOREG)
#define GUARD(t, cond, a)                                                                   \
    do {                                                                                    \
        simt_rec((t), SIMT_SITE_, "ISETP.GE.AND", 0, 0, 0, (a), NOREG, NOREG, NOREG);       \
        if (!(cond)) {                                                                      \
            simt_rec((t), SIMT_SITE_, "EXIT", 0, 0, 0, NOREG, NOREG, NOREG, NOREG);         \
            return;                                                                         \
        }                                                                                   \
    } while (0)
#define EXIT(t)               simt_rec((t), SIMT_SITE_, "EXIT", 0, 0, 0, NOREG, NOREG, NOREG, NOREG)

#endif
