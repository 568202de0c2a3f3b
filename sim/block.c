/* block.c - a block of cmodel/ inside the system model (block.h). */
#include "block.h"

#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "core/dispatch.h"   /* DISPATCH_ID_temp */
#include "core/sm.h"   /* the MRPB request fields (SIM_MRPB_ADDR_W, _TAG_W) */
#include "engine.h"
#include "gtkw.h"

#define SIM_BLOCK_INFO(e, name, units, domain, run) [e] = {name, units, domain, run},
const sim_blkinfo_t sim_blocks[SIM_NBLK] = {SIM_BLOCKS(SIM_BLOCK_INFO)};
#undef SIM_BLOCK_INFO

int sim_block_index(const char *name)
{
    for (int b = 0; b < SIM_NBLK; b++)
        if (!strcmp(sim_blocks[b].name, name))
            return b;
    return -1;
}

unsigned sim_block_count(const config_t *cfg, sim_blk_t b)
{
    switch (b) {
    case SIM_MRPB:
        return cfg->n_sm;
    case SIM_MIB_L2:
        return cfg->n_mem * cfg->n_sub;
    case SIM_DRAM_SCHED:
        return cfg->n_mem;
    case SIM_APRES_LAWS:
    case SIM_APRES_SAP:
    case SIM_TBAS:
        return cfg->n_sm;
    case SIM_TEMP_DISPATCH:   /* the GPU's one, with gpu.dispatch=temp */
        return cfg->dispatch == DISPATCH_ID_temp;
    default:
        return 0;
    }
}

void sim_block_params(const config_t *cfg, sim_blk_t b, char *buf, size_t n)
{
    switch (b) {
    case SIM_MRPB:   /* one queue per warp slot; the request fields of sm.h */
        snprintf(buf, n, "NumQueues=%u Depth=%u Latency=%u AddrW=%u TagW=%u", cfg->max_warps, cfg->mrpb_depth,
                 cfg->mrpb_lat, SIM_MRPB_ADDR_W, SIM_MRPB_TAG_W);
        break;
    case SIM_MIB_L2:   /* one entry per L2 MSHR */
        snprintf(buf, n, "Entries=%u AddrW=%u", cfg->l2_mshr, cfg->addr_w);
        break;
    case SIM_DRAM_SCHED: {   /* bank and row indices of at least one bit */
        unsigned bw = bits_clog2(cfg->t.nbk), rw = bits_clog2(cfg->rows);
        snprintf(buf, n, "RdQ=%u WrQ=%u HighWM=%u LowWM=%u BankW=%u RowW=%u AddrW=%u", cfg->rdq, cfg->wrq,
                 cfg->high_wm, cfg->low_wm, bw ? bw : 1, rw ? rw : 1, cfg->addr_w);
        break;
    }
    case SIM_APRES_LAWS:   /* a queue position per warp slot; the instructions' 32-bit PCs; Table II's 3 WGT entries;
                             * an issue output per warp scheduler */
        snprintf(buf, n, "NumWarps=%u PcW=%u WgtEntries=%u Scheds=%u", cfg->max_warps, SIM_LAWS_PC_W, SIM_LAWS_WGT,
                 cfg->n_sched);
        break;
    case SIM_APRES_SAP:   /* a warp queue bit per warp slot; 32-bit PCs; the traces' 49-bit byte addresses; the L1D's
                            * lines; Table II's 10 PT entries; two quotient bits a cycle (docs/apres.md) */
        snprintf(buf, n, "NumWarps=%u PcW=%u AddrW=%u LineW=%u PtEntries=%u DivSteps=%u", cfg->max_warps,
                 SIM_LAWS_PC_W, SIM_SAP_ADDR_W, bits_clog2(cfg->l1_line), SIM_SAP_PT, SIM_SAP_DIV_STEPS);
        break;
    case SIM_TBAS:   /* a warp per warp slot; a batch slot per thread block slot */
        snprintf(buf, n, "NumWarps=%u MaxBatches=%u RunBatches=%u", cfg->max_warps, cfg->max_blocks, cfg->tbas_run_batches);
        break;
    case SIM_TEMP_DISPATCH:   /* a queue per SM; 16-bit thread-block IDs (dispatch_temp.c) */
        snprintf(buf, n, "NumSms=%u BlkW=16", cfg->n_sm);
        break;
    default:
        snprintf(buf, n, "%s", "");
    }
}

const char *sim_block_names(void)
{
    static char buf[128];
    if (!buf[0])
        for (int b = 0; b < SIM_NBLK; b++)
            snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", b == 0 ? "" : b == SIM_NBLK - 1 ? " or " : ", ",
                     sim_blocks[b].name);
    return buf;
}

static int is(const char *want, unsigned want_inst, const char *name, unsigned inst)
{
    return want && !strcmp(want, name) && want_inst == inst;
}

lockstep_t *sim_block_open(sim_blk_t b, unsigned inst, const char *params, const char *label, const void *in,
                           void *out, const sim_blkopts_t *bo)
{
    const char *name = sim_blocks[b].name;
    int rtl = bo && bo->rtl[b];
    ls_settings_t st;
    ls_settings_init(&st, block_find(name));
    char buf[256];
    snprintf(buf, sizeof buf, "%s", params);
    for (char *save = NULL, *kv = strtok_r(buf, " ", &save); kv; kv = strtok_r(NULL, " ", &save))
        if (ls_set(&st, kv, "the system configuration"))
            return NULL;
    ls_opts_t o = {.rtl = rtl, .seed = 1, .report = 1, .label = label, .use_time = 1, .every_cycle = bo && bo->every_cycle};
    int fst = 0;
    if (bo) {
        if (rtl && is(bo->fst_block, bo->fst_inst, name, inst)) {
            fst = 1;
            o.fst = bo->fst_path;
            o.trace_from = (int64_t)bo->fst_from;
            o.trace_to = (int64_t)bo->fst_to;
        }
        if (bo->rec && is(bo->rec_block, bo->rec_inst, name, inst)) {
            o.record = bo->rec;
            o.record_until = bo->rec_until;
        }
        if (bo->break_block && !strcmp(bo->break_block, name))
            o.break_at = bo->break_at;
        if (rtl && bo->threads > 1 && !fst && !o.record) {
            o.threads = 2;
            o.report = 0;
            o.batch = 1024;   /* fewer wake-ups than cosim's 128 (docs/sim.md, "Threads") */
        }
    }
    lockstep_t *ls = ls_open(&st, &o);
    if (ls && fst) {   /* the save file: the block's signal tables at these parameters */
        sigtab_t probes = {0};
        if (ls_block(ls)->probes)
            ls_block(ls)->probes(ls_model(ls), &probes);
        char ps[256];
        engine_param_str(ls_block(ls), ls_param(ls), ps, sizeof ps);
        if (gtkw_write(bo->gtkw_path, bo->fst_path, ls_block(ls), ps, ls_in(ls), ls_out(ls), &probes)) {
            ls_close(ls, NULL);
            return NULL;
        }
    }
    if (ls && ls_step_io(ls, 0, in, out)) {   /* cycle 0: reset */
        ls_counts_t n;
        ls_close(ls, &n);
        return NULL;
    }
    return ls;
}

lockstep_t *sim_block_open_cfg(const config_t *cfg, sim_blk_t b, unsigned inst, const char *label, const void *in,
                               void *out, const sim_blkopts_t *bo)
{
    char params[256];
    sim_block_params(cfg, b, params, sizeof params);
    sim_blkopts_t o;
    if (bo && !cfg->skip) {   /* run.skip=0: no exception, the RTL's fixed points evaluated too */
        o = *bo;
        o.every_cycle = 1;
        bo = &o;
    }
    return sim_block_open(b, inst, params, label, in, out, bo);
}

void sim_block_close(lockstep_t **ls)
{
    if (*ls) {
        ls_counts_t n;
        ls_close(*ls, &n);
        *ls = NULL;
    }
}
