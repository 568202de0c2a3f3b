// shim.cpp - the extern "C" RTL side of one Verilated parameter set, generated
// from the block's port table (tb/X_ports.h, tb/glue.h): the Verilated context
// and model, port accesses, clocking, traces, assertion status.
//
// Compiled once per parameter set with
//   -DVTOP=V<tag> -DVTOP_H="V<tag>.h" -DPORTS_H="<block>_ports.h" -DPSET_TAG=<tag>
//   -DPSET_BLOCK=<block> -DPSET_PARAMS=<p0,p1,..> [-DPSET_MUTANTS=<n>]
// it defines `const rtl_t rtl_<tag>` for the registry (build/gen/psets.c).
// A port of the table that the model lacks fails this compile, naming it;
// tests/portcheck.sh checks widths, directions and ports the table lacks.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <unistd.h>

#include "verilated.h"
#include "verilated_fst_c.h"
#include "svdpi.h"

extern "C" {
#include "engine.h"
}

#include VTOP_H

#define MEMSCHED_STR2(x) #x
#define MEMSCHED_STR(x) MEMSCHED_STR2(x)
#define MEMSCHED_CAT2(a, b) a##b
#define MEMSCHED_CAT(a, b) MEMSCHED_CAT2(a, b)
// the symbol table's class, for its size (shim_state)
#include MEMSCHED_STR(MEMSCHED_CAT(VTOP, __Syms).h)

#if VERILATOR_VERSION_INTEGER == 5006000
// Three functions of the generated model's evaluation (edge_eval below).
#define ROOT_T MEMSCHED_CAT(VTOP, ___024root)
#define ROOT_FN(f) MEMSCHED_CAT(ROOT_T, f)
void ROOT_FN(___eval_triggers__act)(ROOT_T *);
void ROOT_FN(___eval_act)(ROOT_T *);
void ROOT_FN(___eval_nba)(ROOT_T *);
#endif

// Whether any model's trace is open, for the waveform probes that cost
// simulation time (rtl/apres_laws.sv asks through DPI at each clock edge).
// Every parameter set's shim defines both; they are weak, so the linker keeps
// one of each.
extern "C" {
__attribute__((weak)) int memsched_traces_open = 0;
__attribute__((weak)) svBit memsched_probes_on() { return memsched_traces_open > 0; }
}

namespace {

struct Shim {
    VerilatedContext ctx;
    VTOP *top = nullptr;
    VerilatedFstC *tfp = nullptr;
    const sigtab_t *in = nullptr, *out = nullptr;
    bool powered = false;  // the power-on reset clock has been given
    bool settled = false;  // evaluated since the inputs were last set
};

// Element e of signal g of a value array, written to / read from a port
// (plain integer ports up to 64 bits; VlWide, 32-bit words, above).
template <typename T>
inline void put(T &port, unsigned lsb, unsigned w, uint64_t v)
{
    const uint64_t m = w >= 64 ? ~0ULL : ((1ULL << w) - 1);
    port = static_cast<T>((static_cast<uint64_t>(port) & ~(m << lsb)) | ((v & m) << lsb));
}

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
    if (w <= 32) {   // an element within two adjacent words: one shift
        const unsigned wi = lsb / 32;
        const uint64_t hi = wi + 1 < N ? port[wi + 1] : 0;
        return ((hi << 32 | port[wi]) >> (lsb % 32)) & ((1ULL << w) - 1);
    }
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

// A whole signal: a plain port takes the value, an array port element by element.
template <typename T>
inline void set_sig(T &port, const sig_t &g, const uint64_t *v)
{
    if constexpr (std::is_integral<T>::value) {
        if (g.count == 1) {
            port = static_cast<T>(v[g.off]);
            return;
        }
    }
    for (unsigned e = 0; e < g.count; e++)
        put(port, e * g.width, g.width, v[g.off + e]);
}

template <typename T>
inline void get_sig(const T &port, const sig_t &g, uint64_t *v)
{
    if constexpr (std::is_integral<T>::value) {
        if (g.count == 1) {
            v[g.off] = static_cast<uint64_t>(port);
            return;
        }
    }
    for (unsigned e = 0; e < g.count; e++)
        v[g.off + e] = get(port, e * g.width, g.width);
}

// An array port whose elements pack its 32-bit words (mrpb's occ_o: 48
// counts of 4 bits a cycle): each word shifted along; any other, element by
// element.
template <std::size_t N>
inline void get_sig(const VlWide<N> &port, const sig_t &g, uint64_t *v)
{
    if (32 % g.width) {
        for (unsigned e = 0; e < g.count; e++)
            v[g.off + e] = get(port, e * g.width, g.width);
        return;
    }
    const uint64_t m = (1ULL << g.width) - 1;
    uint64_t *d = v + g.off;
    for (unsigned e = 0, wi = 0; e < g.count; wi++) {
        uint32_t x = port[wi];
        for (unsigned k = 0; k < 32 / g.width && e < g.count; k++, e++, x >>= g.width % 32)
            d[e] = x & m;
    }
}

// The port table: inputs to the model, outputs from it, in table order.
#define SHIM_SET_in(name) set_sig(t->name##_i, s->in->sig[k++], v);
#define SHIM_SET_out(name)
#define SHIM_GET_in(name)
#define SHIM_GET_out(name) get_sig(t->name##_o, s->out->sig[k++], v);

void set_in(Shim *s, const uint64_t *v)
{
    VTOP *t = s->top;
    unsigned k = 0;
#define PORT(dir, name, w, n, nm) SHIM_SET_##dir(name)
#include PORTS_H
#undef PORT
}

void get_out(Shim *s, uint64_t *v)
{
    VTOP *t = s->top;
    unsigned k = 0;
#define PORT(dir, name, w, n, nm) SHIM_GET_##dir(name)
#include PORTS_H
#undef PORT
}

// Clock and reset when the model has them (combinational blocks do not).
template <typename M>
auto set_clk(M *t, int v, int) -> decltype((void)(t->clk_i = 0)) { t->clk_i = v; }
template <typename M>
void set_clk(M *, int, long) {}
template <typename M>
auto set_rst(M *t, int v, int) -> decltype((void)(t->rst_ni = 0)) { t->rst_ni = v; }
template <typename M>
void set_rst(M *, int, long) {}

void *shim_create(int init_random, uint32_t seed, const sigtab_t *in, const sigtab_t *out)
{
    Shim *s = new Shim;
    s->in = in;
    s->out = out;
    s->ctx.randReset(init_random ? 2 : 0);   // +verilator+rand+reset+2
    s->ctx.randSeed(static_cast<int>(seed)); // +verilator+seed+N (non-zero)
    s->ctx.fatalOnError(false);              // an assertion sets gotError; the engine reports it
    s->ctx.traceEverOn(true);
    s->ctx.assertOn(true);
    static const char *argv0[] = {"memsched"};   // $test$plusargs needs the arguments set
    s->ctx.commandArgs(1, argv0);
    s->top = new VTOP(&s->ctx, "top");
    set_clk(s->top, 0, 0);
    return s;
}

void shim_set_in(void *h, int rst_n, const uint64_t *in)
{
    Shim *s = static_cast<Shim *>(h);
    set_clk(s->top, 0, 0);
    set_rst(s->top, rst_n, 0);
    set_in(s, in);
    s->settled = false;
}

// Verilator's runtime works in the calling thread's context
// (Verilated::threadContextp(): an assertion's error, a model's scopes
// registered at construction and erased at destruction), which is the last
// one constructed unless the thread names its own. With several models in a
// process (the system's --rtl, one per SM) or a model evaluated on a thread
// of its own (lockstep.h, two threads) that is another model's: an
// assertion would go to its context, and shim_failed would miss it. So each
// call that runs the model names this model's context first (a
// thread-local store), and shim_destroy names none once the context is gone.
void shim_eval(void *h)
{
    Shim *s = static_cast<Shim *>(h);
    Verilated::threadContextp(&s->ctx);
    s->top->eval();
    s->settled = true;
}

// The clock edge's evaluation. A Verilated model's eval() starts with its
// input-combinational region (the logic between the input ports and the
// first registers), whatever changed: Verilator cannot tell that only the
// clock did. Here the inputs were evaluated already (shim_eval, settled) and
// nothing has changed them since, so that region would compute again what it
// holds; edge_eval() runs the rest of eval() (the clock's triggers, the
// registers, the logic after them) as Verilator 5.006 generates it: the same
// functions in the same order, the region left out. In tbas, mrpb and
// dram_sched the region is a quarter to two fifths of a cycle's evaluation.
// Another Verilator version, or an edge with unsettled inputs, takes eval().
#if VERILATOR_VERSION_INTEGER == 5006000
bool edge_eval(Shim *s)
{
    ROOT_T *r = s->top->rootp;
    auto *syms = r->vlSymsp;
    if (!s->settled || !syms->__Vm_didInit) return false;
    syms->__Vm_activity = true;
    for (unsigned nba = 0;; nba++) {
        r->__VnbaTriggered.clear();
        r->__VactIterCount = 0;
        r->__VactContinue = 1;
        while (r->__VactContinue) {
            r->__VactContinue = 0;
            ROOT_FN(___eval_triggers__act)(r);
            if (r->__VactTriggered.any()) {
                r->__VactContinue = 1;
                if (VL_UNLIKELY(++r->__VactIterCount > 100))
                    VL_FATAL_MT(__FILE__, __LINE__, "", "Active region did not converge.");
                r->__VnbaTriggered.set(r->__VactTriggered);
                ROOT_FN(___eval_act)(r);
            }
        }
        if (!r->__VnbaTriggered.any()) break;
        if (VL_UNLIKELY(nba > 100)) VL_FATAL_MT(__FILE__, __LINE__, "", "NBA region did not converge.");
        ROOT_FN(___eval_nba)(r);
    }
    Verilated::endOfThreadMTask(syms->__Vm_evalMsgQp);   // as eval_step() ends
    Verilated::endOfEval(syms->__Vm_evalMsgQp);
    return true;
}
#else
bool edge_eval(Shim *) { return false; }
#endif

void shim_get_out(void *h, uint64_t *out) { get_out(static_cast<Shim *>(h), out); }

void shim_clock(void *h)
{
    Shim *s = static_cast<Shim *>(h);
    Verilated::threadContextp(&s->ctx);   // (shim_eval)
    set_clk(s->top, 1, 0);
    if (!edge_eval(s)) s->top->eval();
    s->settled = true;
#if VM_COVERAGE
    // Coverage counts from cycle 0 on: the settling of random initial
    // values and the power-on reset would count as toggles of every bit,
    // constants included.
    if (!s->powered) s->ctx.coveragep()->zero();
#endif
    s->powered = true;
}

int shim_failed(void *h) { return static_cast<Shim *>(h)->ctx.gotError(); }

int shim_trace_open(void *h, const char *path)
{
    Shim *s = static_cast<Shim *>(h);
    Verilated::threadContextp(&s->ctx);   // (shim_eval)
    s->tfp = new VerilatedFstC;
    s->top->trace(s->tfp, 99);
    // Probes that only a waveform needs and that cost simulation time
    // (apres_laws' queue positions) are computed while a trace is open.
    memsched_traces_open++;
    s->tfp->open(path);
    return s->tfp->isOpen() ? 0 : -1;
}

void shim_trace_dump(void *h, uint64_t t)
{
    Shim *s = static_cast<Shim *>(h);
    Verilated::threadContextp(&s->ctx);
    if (s->tfp) s->tfp->dump(t);
}

void shim_trace_close(void *h)
{
    Shim *s = static_cast<Shim *>(h);
    if (s->tfp) {
        memsched_traces_open--;
        s->tfp->close();
        delete s->tfp;
        s->tfp = nullptr;
    }
}

void shim_set_mutant(void *h, unsigned k)
{
#ifdef PSET_MUTANTS
    static_cast<Shim *>(h)->top->mutsel = k;   // an input: evaluated again before an edge
    static_cast<Shim *>(h)->settled = false;
#else
    (void)h;
    (void)k;
#endif
}

// Coverage builds (make coverage): each model writes its counts when it
// ends, one file per run, into $MEMSCHED_COVERAGE_DIR.
void write_coverage(Shim *s)
{
#if VM_COVERAGE
    static unsigned runs;
    const char *dir = std::getenv("MEMSCHED_COVERAGE_DIR");
    if (!dir) return;
    const std::string path = std::string(dir) + "/" + MEMSCHED_STR(PSET_TAG) + "-" +
                             std::to_string(getpid()) + "-" + std::to_string(runs++) + ".dat";
    s->ctx.coveragep()->write(path.c_str());
#else
    (void)s;
#endif
}

void shim_destroy(void *h)
{
    Shim *s = static_cast<Shim *>(h);
    Verilated::threadContextp(&s->ctx);   // its scopes are erased from its own context (shim_eval)
    shim_trace_close(h);
    s->top->final();
    write_coverage(s);
    delete s->top;
    delete s;
    Verilated::threadContextp(nullptr);   // none dangling (the next call names its own)
}

size_t shim_state(void *h, const void **p)
{
    Shim *s = static_cast<Shim *>(h);
#if VM_COVERAGE
    // the coverage counters live outside the root object: no state to
    // compare, so the lockstep never takes a cycle as a fixed point
    (void)s;
    *p = nullptr;
    return 0;
#else
    // The symbol table holds the root object and, beside it, every module
    // instance Verilator did not inline (dram_sched's shortlists, with
    // registers of their own): the root alone is not the whole state.
    *p = s->top->rootp->vlSymsp;
    return sizeof *s->top->rootp->vlSymsp;
#endif
}

}  // namespace

#ifndef PSET_MUTANTS
#define PSET_MUTANTS 0
#endif

extern "C" const rtl_t MEMSCHED_CAT(rtl_, PSET_TAG);
extern "C" const rtl_t MEMSCHED_CAT(rtl_, PSET_TAG) = {
    MEMSCHED_STR(PSET_BLOCK), MEMSCHED_STR(PSET_TAG), {PSET_PARAMS}, PSET_MUTANTS,
    shim_create, shim_set_in, shim_eval, shim_get_out, shim_clock, shim_failed,
    shim_trace_open, shim_trace_dump, shim_trace_close, shim_set_mutant, shim_destroy, shim_state,
};
