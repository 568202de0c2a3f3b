// prio_enc_shim.cpp - ports of rtl/prio_enc.sv in the order of tb/prio_enc_tb.c.
#include "shim.hpp"

namespace {
void set_in(VTOP *t, const uint64_t *in) { t->req_i = in[0]; }
void get_out(VTOP *t, uint64_t *out)
{
    out[0] = t->idx_o;
    out[1] = t->valid_o;
}
void set_clk(VTOP *, int) {}  // combinational
void set_rst(VTOP *, int) {}
}  // namespace

MEMSCHED_RTL()
