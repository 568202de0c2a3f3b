/* stats.c - the statistics of a run, built once as a JSON tree (libcjson)
 * and printed from it: as JSON for scripts (--json) and as "name = value"
 * lines for people. Names follow GPGPU-Sim's where one exists
 * (docs/sim.md, "Statistics"). Wall-clock figures are kept out of the tree
 * unless asked for, so the same inputs give byte-identical JSON. */
#include "io/stats.h"

#include <cjson/cJSON.h>
#include <inttypes.h>
#include <sys/resource.h>
#include <string.h>

static void num(cJSON *o, const char *k, double v) { cJSON_AddNumberToObject(o, k, v); }
static void u64(cJSON *o, const char *k, uint64_t v) { cJSON_AddNumberToObject(o, k, (double)v); }
static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }
static cJSON *u64_array(const uint64_t *v, unsigned n)
{
    cJSON *a = cJSON_CreateArray();
    for (unsigned i = 0; i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber((double)v[i]));
    return a;
}

static void add_cfg(void *u, const char *key, const char *value)
{
    cJSON_AddStringToObject((cJSON *)u, key, value);
}

static void cache_json(cJSON *o, const char *pfx, const cache_stats_t *c, uint64_t insts)
{
    char k[128];
    uint64_t acc = 0, miss = 0, fails = 0;
    for (int t = 0; t < REQ_TYPES; t++) {
        acc += c->acc[t];
        miss += c->miss[t];
    }
    for (int r = 0; r < RF_N; r++)
        fails += c->resfail[r];
#define K(name) (snprintf(k, sizeof k, "%s_%s", pfx, name), k)
    u64(o, K("total_cache_accesses"), acc);
    u64(o, K("total_cache_misses"), miss);
    num(o, K("total_cache_miss_rate"), ratio(miss, acc));
    u64(o, K("total_cache_pending_hits"), c->pending_hit);
    u64(o, K("total_cache_reservation_fails"), fails);
    static const char *const tn[REQ_TYPES] = {"read", "write", "atomic", "reduction"};
    for (int t = 0; t < REQ_TYPES; t++) {
        char b[64];
        snprintf(b, sizeof b, "%s_accesses", tn[t]);
        u64(o, K(b), c->acc[t]);
        snprintf(b, sizeof b, "%s_misses", tn[t]);
        u64(o, K(b), c->miss[t]);
    }
    for (int r = 0; r < RF_N; r++) {
        char b[64];
        snprintf(b, sizeof b, "reservation_fail_%s", rf_names[r]);
        u64(o, K(b), c->resfail[r]);
    }
    num(o, K("mpki"), insts ? 1000.0 * (double)miss / (double)insts : 0.0);
    u64(o, K("evictions"), c->evictions);
    u64(o, K("writebacks"), c->writebacks);
    u64(o, K("requests_wanting_reply"), c->sent);
    u64(o, K("replies_received"), c->replies);
#undef K
}

char *stats_json(const gpu_t *g, const char *workload, const char *config_name, int host)
{
    const config_t *cfg = &g->cfg;
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "workload", workload);
    cJSON_AddStringToObject(root, "config", config_name);

    cJSON *gs = cJSON_AddObjectToObject(root, "gpu");
    u64(gs, "gpu_sim_cycle", g->gpu_sim_cycle);
    u64(gs, "gpu_sim_insn", g->thread_insts);
    num(gs, "gpu_ipc", ratio(g->thread_insts, g->gpu_sim_cycle));
    u64(gs, "gpu_sim_warp_insn", g->warp_insts);
    u64(gs, "gpu_tot_sim_cycle", g->gpu_sim_cycle + g->drain_cycles);
    u64(gs, "drain_cycles", g->drain_cycles);
    cJSON_AddBoolToObject(gs, "stopped_by_max_cycles", g->cut);
    u64(gs, "trace_warp_insn", g->trace_warp_insts);
    u64(gs, "trace_thread_insn", g->trace_thread_insts);
    u64(gs, "trace_unknown_insn", g->trace_unknown_insts);
    cJSON *ka = cJSON_AddArrayToObject(gs, "kernels");
    for (unsigned i = 0; i < g->nk; i++) {
        cJSON *k = cJSON_CreateObject();
        cJSON_AddStringToObject(k, "name", g->kst[i].name);
        u64(k, "gpu_sim_cycle", g->kst[i].cycles);
        u64(k, "gpu_sim_insn", g->kst[i].thread_insts);
        num(k, "gpu_ipc", ratio(g->kst[i].thread_insts, g->kst[i].cycles));
        u64(k, "thread_blocks", g->kst[i].tbs);
        cJSON_AddItemToArray(ka, k);
    }

    /* SMs */
    sm_stats_t s = {0};
    cache_stats_t l1 = {0};
    for (unsigned i = 0; i < cfg->n_sm; i++) {
        const sm_stats_t *x = &g->sm[i].st;
        s.warp_insts += x->warp_insts;
        s.active_cycles += x->active_cycles;
        s.cycles += x->cycles;
        s.issue_stall_mem += x->issue_stall_mem;
        s.lat_sum += x->lat_sum;
        s.lat_n += x->lat_n;
        s.lat_max = x->lat_max > s.lat_max ? x->lat_max : s.lat_max;
        s.l1_req_lines += x->l1_req_lines;
        if (x->ld_n && (!s.ld_n || x->ld_min < s.ld_min))
            s.ld_min = x->ld_min;
        s.ld_n += x->ld_n;
        s.ld_sum += x->ld_sum;
        s.ld_max = x->ld_max > s.ld_max ? x->ld_max : s.ld_max;
        for (int c = 0; c < OP_CLASSES; c++)
            s.by_class[c] += x->by_class[c];
        for (int b = 0; b < 24; b++)
            s.lat_hist[b] += x->lat_hist[b];
        const cache_stats_t *c = &g->sm[i].l1.st;
        for (int t = 0; t < REQ_TYPES; t++) {
            l1.acc[t] += c->acc[t];
            l1.hit[t] += c->hit[t];
            l1.miss[t] += c->miss[t];
        }
        l1.pending_hit += c->pending_hit;
        for (int r = 0; r < RF_N; r++)
            l1.resfail[r] += c->resfail[r];
        l1.evictions += c->evictions;
        l1.fills += c->fills;
        l1.sent += c->sent;
        l1.replies += c->replies;
    }
    cJSON *ss = cJSON_AddObjectToObject(root, "sm");
    num(ss, "issue_active_ratio", ratio(s.active_cycles, s.cycles));
    u64(ss, "mem_pipeline_stall_cycles", s.issue_stall_mem);
    u64(ss, "coalesced_lines", s.l1_req_lines);
    cJSON *bc = cJSON_AddObjectToObject(ss, "warp_insn_by_class");
    for (int c = 0; c < OP_CLASSES; c++)
        u64(bc, op_class_names[c], s.by_class[c]);

    cJSON *l1s = cJSON_AddObjectToObject(root, "l1d");
    cache_json(l1s, "L1D", &l1, g->thread_insts);

    if (cfg->mrpb_on) {   /* MRPB: every SM's counters (cmodel/mrpb.h mrpb_stats_t), summed */
        mrpb_stats_t m = {0};
        for (unsigned i = 0; i < cfg->n_sm; i++) {
            const mrpb_stats_t *x = &g->sm[i].mrpb.st;
            m.in += x->in;
            m.drained += x->drained;
            m.policy_drains += x->policy_drains;
            m.full_drains += x->full_drains;
            m.flush_drains += x->flush_drains;
            m.write_passes += x->write_passes;
            m.direct += x->direct;
            m.l1_accepted += x->l1_accepted;
            m.bypassed += x->bypassed;
            m.stall_cycles += x->stall_cycles;
            m.retry_cycles += x->retry_cycles;
        }
        cJSON *ms = cJSON_AddObjectToObject(root, "mrpb");
        u64(ms, "mrpb_requests_in", m.in);
        u64(ms, "mrpb_drained", m.drained);
        u64(ms, "mrpb_policy_drains", m.policy_drains);
        u64(ms, "mrpb_full_queue_drains", m.full_drains);
        u64(ms, "mrpb_flush_drains", m.flush_drains);
        u64(ms, "mrpb_write_passes", m.write_passes);
        u64(ms, "mrpb_direct", m.direct);
        u64(ms, "mrpb_l1_accepted", m.l1_accepted);
        u64(ms, "mrpb_bypassed", m.bypassed);
        u64(ms, "mrpb_input_stall_cycles", m.stall_cycles);
        u64(ms, "mrpb_l1_retry_cycles", m.retry_cycles);
    }

    cache_stats_t l2 = {0};
    uint64_t mh[L2_MERGE_HIST] = {0}, mc[L2_MERGE_HIST] = {0};
    mib_l2_stats_t mib = {0};
    for (unsigned i = 0; i < g->nsub; i++) {
        const l2_stats_t *x = &g->l2[i].st;
        for (int t = 0; t < REQ_TYPES; t++) {
            l2.acc[t] += x->c.acc[t];
            l2.hit[t] += x->c.hit[t];
            l2.miss[t] += x->c.miss[t];
        }
        l2.pending_hit += x->c.pending_hit;
        for (int r = 0; r < RF_N; r++)
            l2.resfail[r] += x->c.resfail[r];
        l2.evictions += x->c.evictions;
        l2.writebacks += x->c.writebacks;
        l2.fills += x->c.fills;
        l2.sent += x->c.sent;
        l2.replies += x->c.replies;
        for (int k = 0; k < L2_MERGE_HIST; k++) {
            mh[k] += x->merge_hist[k];
            mc[k] += x->merge_cycles[k];
        }
        mib.dummies += x->mib.dummies;
        mib.blocked += x->mib.blocked;
        mib.lost_updates += x->mib.lost_updates;
    }
    cJSON *l2s = cJSON_AddObjectToObject(root, "l2");
    cache_json(l2s, "L2", &l2, g->thread_insts);
    cJSON_AddItemToObject(l2s, "mshr_merge_length_hist", u64_array(mh + 1, L2_MERGE_HIST - 1));
    cJSON_AddItemToObject(l2s, "mshr_merge_length_cycles", u64_array(mc + 1, L2_MERGE_HIST - 1));
    if (cfg->policy >= DS_MSHR_M) {
        u64(l2s, "mib_dummies", mib.dummies);
        u64(l2s, "mib_miss_queue_blocked_cycles", mib.blocked);
        u64(l2s, "mib_lost_updates", mib.lost_updates);
    }

    /* DRAM */
    dram_stats_t d = {0};
    for (unsigned c = 0; c < cfg->n_mem; c++) {
        const dram_stats_t *x = &g->dram[c]->st;
        d.n_act += x->n_act;
        d.n_pre += x->n_pre;
        d.n_rd += x->n_rd;
        d.n_wr += x->n_wr;
        d.n_ref += x->n_ref;
        d.rd_req += x->rd_req;
        d.wr_req += x->wr_req;
        d.row_hits += x->row_hits;
        d.busy_banks_sum += x->busy_banks_sum;
        d.busy_cycles += x->busy_cycles;
        d.cycles += x->cycles;
        d.data_cycles += x->data_cycles;
        d.rd_latency_sum += x->rd_latency_sum;
        d.sched.rd_in += x->sched.rd_in;
        d.sched.wr_in += x->sched.wr_in;
        d.sched.dm_applied += x->sched.dm_applied;
        d.sched.dm_dropped += x->sched.dm_dropped;
        d.sched.rd_by_score += x->sched.rd_by_score;
        d.sched.drain_cycles += x->sched.drain_cycles;
    }
    cJSON *ds = cJSON_AddObjectToObject(root, "dram");
    cJSON_AddStringToObject(ds, "policy", dram_sched_policy_names[cfg->policy]);
    u64(ds, "n_act", d.n_act);
    u64(ds, "n_pre", d.n_pre);
    u64(ds, "n_rd", d.n_rd);
    u64(ds, "n_write", d.n_wr);
    u64(ds, "n_ref", d.n_ref);
    u64(ds, "reads_accepted", d.sched.rd_in);
    u64(ds, "writes_accepted", d.sched.wr_in);
    u64(ds, "read_requests", d.rd_req);
    u64(ds, "write_requests", d.wr_req);
    num(ds, "row_buffer_locality", ratio(d.row_hits, d.rd_req + d.wr_req));
    num(ds, "bank_level_parallelism", ratio(d.busy_banks_sum, d.busy_cycles));
    num(ds, "bandwidth_utilization", ratio(d.data_cycles, d.cycles));
    /* bytes moved over the run's core-clock time */
    double secs = (double)(g->gpu_sim_cycle + g->drain_cycles) / ((double)cfg->clk_core * 1e3);
    double bytes = (double)(d.rd_req + d.wr_req) * 128.0;
    num(ds, "bandwidth_GBps", secs > 0 ? bytes / secs / 1e9 : 0.0);
    num(ds, "peak_bandwidth_GBps", (double)cfg->n_mem * cfg->buswidth * cfg->chips * cfg->t.data_cmd_ratio *
                                       (double)cfg->clk_dram * 1e3 / 1e9);
    num(ds, "avg_read_queue_latency", ratio(d.rd_latency_sum, d.rd_req));
    u64(ds, "dram_cycles", d.cycles / (cfg->n_mem ? cfg->n_mem : 1));
    u64(ds, "mib_dummies_applied", d.sched.dm_applied);
    u64(ds, "mib_dummies_dropped", d.sched.dm_dropped);
    u64(ds, "reads_by_row_score", d.sched.rd_by_score);
    u64(ds, "write_drain_cycles", d.sched.drain_cycles);
    u64(ds, "commands_checked", g->dram_cmds_checked);

    cJSON *ms = cJSON_AddObjectToObject(root, "memory_latency");
    num(ms, "averagemflatency", ratio(s.lat_sum, s.lat_n));
    u64(ms, "maxmflatency", s.lat_max);
    u64(ms, "requests", s.lat_n);
    cJSON_AddItemToObject(ms, "mflatency_log2_hist", u64_array(s.lat_hist, 24));
    u64(ms, "load_instructions", s.ld_n);
    num(ms, "load_latency_avg", ratio(s.ld_sum, s.ld_n));
    u64(ms, "load_latency_min", s.ld_min);
    u64(ms, "load_latency_max", s.ld_max);

    if (host) {
        cJSON *h = cJSON_AddObjectToObject(root, "host");
        num(h, "wall_seconds", g->wall_s);
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        u64(h, "max_rss_kB", (uint64_t)ru.ru_maxrss);
        num(h, "gpu_total_sim_rate", g->wall_s > 0 ? (double)g->thread_insts / g->wall_s : 0.0);
        num(h, "sim_warp_insn_rate", g->wall_s > 0 ? (double)g->warp_insts / g->wall_s : 0.0);
        num(h, "sim_cycle_rate",
            g->wall_s > 0 ? (double)(g->gpu_sim_cycle + g->drain_cycles) / g->wall_s : 0.0);
    }
    config_each(cfg, add_cfg, cJSON_AddObjectToObject(root, "configuration"));
    char *out = cJSON_Print(root);
    cJSON_Delete(root);
    return out;
}

static void print_item(FILE *f, const cJSON *it, int depth)
{
    if (cJSON_IsObject(it)) {
        for (const cJSON *c = it->child; c; c = c->next) {
            if (cJSON_IsObject(c)) {
                fprintf(f, "%*s[%s]\n", depth * 2, "", c->string);
                print_item(f, c, depth + 1);
            } else if (cJSON_IsArray(c) && c->child && cJSON_IsObject(c->child)) {
                int i = 0;
                for (const cJSON *e = c->child; e; e = e->next, i++) {
                    fprintf(f, "%*s[%s %d]\n", depth * 2, "", c->string, i);
                    print_item(f, e, depth + 1);
                }
            } else {
                fprintf(f, "%*s%s = ", depth * 2, "", c->string);
                print_item(f, c, depth);
                fputc('\n', f);
            }
        }
    } else if (cJSON_IsArray(it)) {
        for (const cJSON *e = it->child; e; e = e->next) {
            print_item(f, e, depth);
            if (e->next)
                fputc(' ', f);
        }
    } else if (cJSON_IsString(it)) {
        fputs(it->valuestring, f);
    } else if (cJSON_IsNumber(it)) {
        double v = it->valuedouble;
        if (v == (double)(int64_t)v && v < 9e15 && v > -9e15)
            fprintf(f, "%" PRId64, (int64_t)v);
        else
            fprintf(f, "%.4f", v);
    }
}

void stats_print_text(FILE *f, const char *json, int with_config)
{
    cJSON *root = cJSON_Parse(json);
    if (!root)
        return;
    if (!with_config)
        cJSON_DeleteItemFromObject(root, "configuration");
    print_item(f, root, 0);
    cJSON_Delete(root);
}
