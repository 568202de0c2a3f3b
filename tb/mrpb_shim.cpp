// mrpb_shim.cpp - ports of rtl/mrpb.sv in the order of tb/mrpb_tb.c.
#include "shim.hpp"

namespace {
constexpr unsigned clog2(unsigned n) { return n <= 1 ? 0 : 1 + clog2((n + 1) / 2); }
constexpr unsigned kQueues = PARAM_NumQueues, kCntW = clog2(PARAM_Depth + 1);

void set_in(VTOP *t, const uint64_t *in)
{
    t->signature_i = in[0];
    t->policy_i = in[1];
    t->greedy_i = in[2];
    t->flush_i = in[3];
    t->bypass_i = in[4];
    t->reorder_i = in[5];
    t->in_valid_i = in[6];
    t->in_write_i = in[7];
    t->in_warp_i = in[8];
    t->in_block_i = in[9];
    t->in_inblock_i = in[10];
    t->in_addr_i = in[11];
    t->in_tag_i = in[12];
    t->l1_ready_i = in[13];
    t->l1_stall_assoc_i = in[14];
    t->byp_ready_i = in[15];
}
void get_out(VTOP *t, uint64_t *out)
{
    out[0] = t->in_ready_o;
    out[1] = t->out_valid_o;
    out[2] = t->out_bypass_o;
    out[3] = t->out_write_o;
    out[4] = t->out_addr_o;
    out[5] = t->out_tag_o;
    out[6] = t->drain_o;
    out[7] = t->drain_q_o;
    for (unsigned q = 0; q < kQueues; q++)
        out[8 + q] = get(t->occ_o, q * kCntW, kCntW);
}
void set_clk(VTOP *t, int v) { t->clk_i = v; }
void set_rst(VTOP *t, int rst_n) { t->rst_ni = rst_n; }
}  // namespace

MEMSCHED_RTL()
