// argmax_shim.cpp - ports of rtl/argmax.sv in the order of tb/argmax_tb.c.
// vals_i is N*W bits: a plain integer up to 64 bits, a VlWide above.
#include "shim.hpp"

namespace {
constexpr unsigned kN = PARAM_N, kW = PARAM_W;
void set_in(VTOP *t, const uint64_t *in)
{
    t->valid_i = in[0];
    for (unsigned i = 0; i < kN; i++) put(t->vals_i, i * kW, kW, in[1 + i]);
}
void get_out(VTOP *t, uint64_t *out)
{
    out[0] = t->idx_o;
    out[1] = t->max_o;
    out[2] = t->valid_o;
}
void set_clk(VTOP *, int) {}  // combinational
void set_rst(VTOP *, int) {}
}  // namespace

MEMSCHED_RTL()
