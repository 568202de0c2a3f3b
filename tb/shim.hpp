// shim.hpp - the part of every extern "C" RTL shim that does not depend on the
// block: the Verilated context and model, clocking, traces, assertion status.
//
// A block's shim (tb/X_shim.cpp) is compiled once per parameter set with
//   -DVTOP=V<tag> -DVTOP_H="V<tag>.h" -DPSET_TAG=<tag> -DPSET_BLOCK=<block>
//   -DPSET_PARAMS=<p0,p1,..> -DPSET_DEFAULT=<0|1> [-DPSET_MUTANTS=<n>]
// and defines set_in/get_out/set_clk/set_rst for its ports, then says
// MEMSCHED_RTL(); that defines `const rtl_t rtl_<tag>` for the registry.
#ifndef MEMSCHED_SHIM_HPP
#define MEMSCHED_SHIM_HPP

#include <algorithm>
#include <cstdint>

#include "verilated.h"
#include "verilated_fst_c.h"

extern "C" {
#include "engine.h"
}

#include VTOP_H

namespace {

struct Shim {
    VerilatedContext ctx;
    VTOP *top = nullptr;
    VerilatedFstC *tfp = nullptr;
};

// Write w bits of v at bit lsb of a port (plain integer ports).
template <typename T>
inline void put(T &port, unsigned lsb, unsigned w, uint64_t v)
{
    const uint64_t m = w >= 64 ? ~0ULL : ((1ULL << w) - 1);
    port = static_cast<T>((static_cast<uint64_t>(port) & ~(m << lsb)) | ((v & m) << lsb));
}

// The same for ports wider than 64 bits (VlWide: 32-bit words).
template <std::size_t N>
inline void put(VlWide<N> &port, unsigned lsb, unsigned w, uint64_t v)
{
    for (unsigned b = 0; b < w;) {
        const unsigned bit = lsb + b, wi = bit / 32, off = bit % 32;
        const unsigned n = std::min(32 - off, w - b);
        const uint32_t m = n == 32 ? ~0U : ((1U << n) - 1);
        port[wi] = (port[wi] & ~(m << off)) | ((static_cast<uint32_t>(v >> b) & m) << off);
        b += n;
    }
}

template <typename T>
inline uint64_t get(const T &port, unsigned lsb, unsigned w)
{
    const uint64_t m = w >= 64 ? ~0ULL : ((1ULL << w) - 1);
    return (static_cast<uint64_t>(port) >> lsb) & m;
}

template <std::size_t N>
inline uint64_t get(const VlWide<N> &port, unsigned lsb, unsigned w)
{
    uint64_t v = 0;
    for (unsigned b = 0; b < w;) {
        const unsigned bit = lsb + b, wi = bit / 32, off = bit % 32;
        const unsigned n = std::min(32 - off, w - b);
        const uint32_t m = n == 32 ? ~0U : ((1U << n) - 1);
        v |= static_cast<uint64_t>((port[wi] >> off) & m) << b;
        b += n;
    }
    return v;
}

// Block-specific, defined by the including shim before MEMSCHED_RTL().
void set_in(VTOP *t, const uint64_t *in);
void get_out(VTOP *t, uint64_t *out);
void set_clk(VTOP *t, int v);
void set_rst(VTOP *t, int rst_n);

void *shim_create(int init_random, uint32_t seed)
{
    Shim *s = new Shim;
    s->ctx.randReset(init_random ? 2 : 0);   // +verilator+rand+reset+2
    s->ctx.randSeed(static_cast<int>(seed)); // +verilator+seed+N (non-zero)
    s->ctx.fatalOnError(false);              // an assertion sets gotError; the engine reports it
    s->ctx.traceEverOn(true);
    s->ctx.assertOn(true);
    s->top = new VTOP(&s->ctx, "top");
    set_clk(s->top, 0);
    return s;
}

void shim_set_in(void *h, int rst_n, const uint64_t *in)
{
    Shim *s = static_cast<Shim *>(h);
    set_clk(s->top, 0);
    set_rst(s->top, rst_n);
    set_in(s->top, in);
}

void shim_eval(void *h) { static_cast<Shim *>(h)->top->eval(); }

void shim_get_out(void *h, uint64_t *out) { get_out(static_cast<Shim *>(h)->top, out); }

void shim_clock(void *h)
{
    Shim *s = static_cast<Shim *>(h);
    set_clk(s->top, 1);
    s->top->eval();
}

int shim_failed(void *h) { return static_cast<Shim *>(h)->ctx.gotError(); }

int shim_trace_open(void *h, const char *path)
{
    Shim *s = static_cast<Shim *>(h);
    s->tfp = new VerilatedFstC;
    s->top->trace(s->tfp, 99);
    s->tfp->open(path);
    return s->tfp->isOpen() ? 0 : -1;
}

void shim_trace_dump(void *h, uint64_t t)
{
    Shim *s = static_cast<Shim *>(h);
    if (s->tfp) s->tfp->dump(t);
}

void shim_trace_close(void *h)
{
    Shim *s = static_cast<Shim *>(h);
    if (s->tfp) {
        s->tfp->close();
        delete s->tfp;
        s->tfp = nullptr;
    }
}

void shim_set_mutant(void *h, unsigned k)
{
#ifdef PSET_MUTANTS
    static_cast<Shim *>(h)->top->mutsel = k;
#else
    (void)h;
    (void)k;
#endif
}

void shim_destroy(void *h)
{
    Shim *s = static_cast<Shim *>(h);
    shim_trace_close(h);
    s->top->final();
    delete s->top;
    delete s;
}

}  // namespace

#ifndef PSET_MUTANTS
#define PSET_MUTANTS 0
#endif
#define MEMSCHED_STR2(x) #x
#define MEMSCHED_STR(x) MEMSCHED_STR2(x)
#define MEMSCHED_CAT2(a, b) a##b
#define MEMSCHED_CAT(a, b) MEMSCHED_CAT2(a, b)

#define MEMSCHED_RTL()                                                                   \
    extern "C" const rtl_t MEMSCHED_CAT(rtl_, PSET_TAG);                                  \
    extern "C" const rtl_t MEMSCHED_CAT(rtl_, PSET_TAG) = {                               \
        MEMSCHED_STR(PSET_BLOCK), MEMSCHED_STR(PSET_TAG), {PSET_PARAMS}, PSET_DEFAULT,     \
        PSET_MUTANTS, shim_create, shim_set_in, shim_eval, shim_get_out, shim_clock,       \
        shim_failed, shim_trace_open, shim_trace_dump, shim_trace_close, shim_set_mutant,  \
        shim_destroy,                                                                      \
    };

#endif
