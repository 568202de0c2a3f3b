// dram_sched_shim.cpp - ports of rtl/dram_sched.sv in the order of tb/dram_sched_tb.c.
#include "shim.hpp"

namespace {
constexpr unsigned kBanks = 1u << PARAM_BankW, kRowW = PARAM_RowW;

void set_in(VTOP *t, const uint64_t *in)
{
    t->policy_i = in[0];
    t->rd_valid_i = in[1];
    t->rd_addr_i = in[2];
    t->rd_bank_i = in[3];
    t->rd_row_i = in[4];
    t->rd_age_i = in[5];
    t->wr_valid_i = in[6];
    t->wr_addr_i = in[7];
    t->wr_bank_i = in[8];
    t->wr_row_i = in[9];
    t->dm_valid_i = in[10];
    t->dm_addr_i = in[11];
    t->dm_len_i = in[12];
    t->dm_age_i = in[13];
    t->bank_ready_i = in[14];
}
void get_out(VTOP *t, uint64_t *out)
{
    out[0] = t->rd_ready_o;
    out[1] = t->wr_ready_o;
    out[2] = t->dm_ready_o;
    out[3] = t->dm_drop_o;
    out[4] = t->sched_valid_o;
    out[5] = t->sched_write_o;
    out[6] = t->sched_addr_o;
    out[7] = t->sched_bank_o;
    out[8] = t->sched_row_o;
    out[9] = t->sched_hit_o;
    out[10] = t->sched_why_o;
    out[11] = t->sched_score_o;
    out[12] = t->sched_rowscore_o;
    out[13] = t->drain_o;
    out[14] = t->rd_count_o;
    out[15] = t->wr_count_o;
    for (unsigned b = 0; b < kBanks; b++) {
        out[16 + b] = get(t->open_valid_o, b, 1);
        out[16 + kBanks + b] = get(t->open_row_o, b * kRowW, kRowW);
    }
}
void set_clk(VTOP *t, int v) { t->clk_i = v; }
void set_rst(VTOP *t, int rst_n) { t->rst_ni = rst_n; }
}  // namespace

MEMSCHED_RTL()
