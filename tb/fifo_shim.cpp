// fifo_shim.cpp - ports of rtl/fifo.sv in the order of tb/fifo_tb.c.
#include "shim.hpp"

namespace {
void set_in(VTOP *t, const uint64_t *in)
{
    t->push_i = in[0];
    t->wdata_i = in[1];
    t->pop_i = in[2];
}
void get_out(VTOP *t, uint64_t *out)
{
    out[0] = t->rdata_o;
    out[1] = t->full_o;
    out[2] = t->empty_o;
    out[3] = t->count_o;
}
void set_clk(VTOP *t, int v) { t->clk_i = v; }
void set_rst(VTOP *t, int rst_n) { t->rst_ni = rst_n; }
}  // namespace

MEMSCHED_RTL()
