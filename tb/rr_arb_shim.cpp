// rr_arb_shim.cpp - ports of rtl/rr_arb.sv in the order of tb/rr_arb_tb.c.
#include "shim.hpp"

namespace {
void set_in(VTOP *t, const uint64_t *in)
{
    t->req_i = in[0];
    t->ack_i = in[1];
}
void get_out(VTOP *t, uint64_t *out)
{
    out[0] = t->gnt_o;
    out[1] = t->idx_o;
    out[2] = t->valid_o;
    out[3] = t->ptr_o;
}
void set_clk(VTOP *t, int v) { t->clk_i = v; }
void set_rst(VTOP *t, int rst_n) { t->rst_ni = rst_n; }
}  // namespace

MEMSCHED_RTL()
