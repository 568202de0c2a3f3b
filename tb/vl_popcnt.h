/* vl_popcnt.h - force-included (-include) into the Verilated models' C++
 * when the CPU has a population-count instruction (-mpopcnt, as the C side).
 *
 * Verilator 5.006 counts ones ($countones: the counting primitives'
 * simulation bodies, docs/formal.md) with a shift-and-mask sum in
 * verilated_funcs.h, VL_COUNTONES_I / _Q, whose comment calls it faster
 * than the compiler's builtin; with the CPU's instruction it is not (perf:
 * 11 % of tbas' lockstep was that sum). The header's three counting
 * functions are renamed while it is read and replaced by ones on the
 * builtins, which count the same ones; the rest of the header (VL_ONEHOT_*,
 * ..., which call the renamed ones) is as Verilator wrote it. The include guards make the models' own
 * `#include "verilated.h"` a no-op after this one. */
#ifndef MEMSCHED_VL_POPCNT_H
#define MEMSCHED_VL_POPCNT_H

#define VL_COUNTONES_I VL_COUNTONES_I_verilator
#define VL_COUNTONES_Q VL_COUNTONES_Q_verilator
#define VL_COUNTONES_W VL_COUNTONES_W_verilator
#include "verilated.h"
#undef VL_COUNTONES_I
#undef VL_COUNTONES_Q
#undef VL_COUNTONES_W

static inline IData VL_COUNTONES_I(IData lhs) VL_PURE { return (IData)__builtin_popcount(lhs); }
static inline IData VL_COUNTONES_Q(QData lhs) VL_PURE { return (IData)__builtin_popcountll(lhs); }
static inline IData VL_COUNTONES_W(int words, WDataInP const lwp) VL_PURE
{
    IData r = 0;
    for (int i = 0; i < words; ++i)
        r += (IData)__builtin_popcount(lwp[i]);
    return r;
}

#endif
