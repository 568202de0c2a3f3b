// mib_l2_shim.cpp - ports of rtl/mib_l2.sv in the order of tb/mib_l2_tb.c.
#include "shim.hpp"

namespace {
constexpr unsigned kEntries = PARAM_Entries;

void set_in(VTOP *t, const uint64_t *in)
{
    t->alloc_valid_i = in[0];
    t->alloc_slot_i = in[1];
    t->alloc_addr_i = in[2];
    t->merge_valid_i = in[3];
    t->merge_slot_i = in[4];
    t->merge_age_i = in[5];
    t->release_valid_i = in[6];
    t->release_slot_i = in[7];
    t->mq_valid_i = in[8];
    t->mq_addr_i = in[9];
    t->mq_age_i = in[10];
    t->out_ready_i = in[11];
}
void get_out(VTOP *t, uint64_t *out)
{
    out[0] = t->mq_ready_o;
    out[1] = t->out_valid_o;
    out[2] = t->out_dummy_o;
    out[3] = t->out_addr_o;
    out[4] = t->out_len_o;
    out[5] = t->out_age_o;
    out[6] = t->out_slot_o;
    for (unsigned i = 0; i < kEntries; i++)
        out[7 + i] = get(t->pend_o, i, 1);
}
void set_clk(VTOP *t, int v) { t->clk_i = v; }
void set_rst(VTOP *t, int rst_n) { t->rst_ni = rst_n; }
}  // namespace

MEMSCHED_RTL()
