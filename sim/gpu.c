/* gpu.c - the GPU and the run loop (gpu.h; docs/sim.md). */
#include "gpu.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/batch.h"
#include "workload/sl1.h"
#include "mem/addrmap.h"
#include "progress.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The lockstep object of instance k of block b (a block in the loop: one
 * case each; docs/sim.md "How to add"). */
static lockstep_t *gpu_block_ls(const gpu_t *g, sim_blk_t b, unsigned k)
{
    switch (b) {
    case SIM_MRPB: return g->sm[k].mrpb.ls;
    case SIM_MIB_L2: return g->l2[k].mib;
    case SIM_DRAM_SCHED: return g->dram[k]->ls;
    case SIM_APRES_LAWS: return g->sm[k].laws.ls;
    case SIM_APRES_SAP: return g->sm[k].sap.ls;
    case SIM_TBAS: return g->sm[k].tbas.ls;
    case SIM_TEMP_DISPATCH: return g->dispatch->ls ? g->dispatch->ls(g->disp_unit) : NULL;
    default: return NULL;
    }
}

void gpu_rtl_cycles(const gpu_t *g, uint64_t *cycles, uint64_t *still)
{
    *cycles = *still = 0;
    for (int b = 0; b < SIM_NBLK; b++)
        for (unsigned k = 0; k < sim_block_count(&g->cfg, (sim_blk_t)b); k++) {
            const lockstep_t *ls = gpu_block_ls(g, (sim_blk_t)b, k);
            ls_counts_t n;
            if (!ls || !ls_rtl(ls))
                continue;
            ls_counts(ls, &n);
            *cycles += n.cycles;
            *still += n.rtl_still;
        }
}

int gpu_rtl_failed(const gpu_t *g)
{
    int failed = 0;
    for (int b = 0; b < SIM_NBLK; b++)
        for (unsigned k = 0; k < sim_block_count(&g->cfg, (sim_blk_t)b); k++) {
            const lockstep_t *ls = gpu_block_ls(g, (sim_blk_t)b, k);
            failed |= ls && ls_failed(ls, NULL);
        }
    return failed;
}

gpu_t *gpu_new(const config_t *cfg, const gpu_opts_t *opt)
{
    gpu_t *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->cfg = *cfg;
    g->gen.stream = 1;   /* a built-in kernel's warps are packed as they are made: the buffer holds one */
    g->tb_rr = cfg->first_sm;
    g->opt = *opt;
    if (cfg->test_break) {
        g->opt.blk.break_block = sim_blocks[cfg->test_break - 1].name;
        g->opt.blk.break_at = cfg->test_break_cycle;
    }
    cfg = &g->cfg;
    g->nsub = cfg->n_mem * cfg->n_sub;
    uint64_t khz[CLK_N] = {cfg->clk_core, cfg->clk_icnt, cfg->clk_l2, cfg->clk_dram};
    clocks_init(&g->clk, khz);
    g->sm = calloc(cfg->n_sm, sizeof *g->sm);
    g->l2 = calloc(g->nsub, sizeof *g->l2);
    g->dram = calloc(cfg->n_mem, sizeof *g->dram);
    g->dram_in = calloc(g->nsub, sizeof *g->dram_in);
    g->dram_fill = calloc(g->nsub, sizeof *g->dram_fill);
    g->icnt_core_same = cfg->clk_icnt == cfg->clk_core;
    g->icnt_same = cfg->clk_icnt == cfg->clk_l2;
    g->dispatch = dispatch_table[cfg->dispatch];
    if (!g->sm || !g->l2 || !g->dram || !g->dram_in || !g->dram_fill || usched_init(&g->us_sm, cfg->n_sm) ||
        usched_init(&g->us_l2, g->nsub) || usched_init(&g->us_dram, cfg->n_mem))
        goto fail;
    if (xbar_init(&g->req, cfg->n_sm, g->nsub, cfg->icnt_lat, cfg->icnt_flit, cfg->icnt_buf) ||
        xbar_init(&g->rep, g->nsub, cfg->n_sm, cfg->icnt_lat, cfg->icnt_flit, cfg->icnt_buf))
        goto fail;
    g->req.wake = (usched_line_t){&g->us_l2, 0};
    g->rep.wake = (usched_line_t){&g->us_sm, 0};
    loadchar_init(&g->lc, cfg->n_sm);
    if (pages_init(&g->pages, cfg))
        goto fail;
    for (unsigned i = 0; i < cfg->n_sm; i++) {
        if (sm_init(&g->sm[i], cfg, i, &g->opt.blk))
            goto fail;
        if (cfg->l1_load_stats)
            g->sm[i].lc = &g->lc;
        g->sm[i].pages = &g->pages;
        if (g->pages.key)
            g->sm[i].l1.pages = &g->pages;
        g->req.in[i] = &g->sm[i].l1.mq;
        g->sm[i].mq_wake = cfg->skip && cfg->n_sm <= 64;   /* icnt_run wakes it (mq_sleepers) */
    }
    for (unsigned s = 0; s < g->nsub; s++) {
        if (l2_init(&g->l2[s], cfg, s, &g->req.out[s], &g->opt.blk))
            goto fail;
        g->rep.in[s] = &g->l2[s].reply;
        g->dram_in[s] = &g->l2[s].to_dram;
        g->dram_fill[s] = &g->l2[s].fill;
        g->l2[s].dram_wake = (usched_line_t){&g->us_dram, s / cfg->n_sub};
    }
    for (unsigned c = 0; c < cfg->n_mem; c++)
        if (!(g->dram[c] = dram_new(cfg, c, &g->dram_in[c * cfg->n_sub], &g->dram_fill[c * cfg->n_sub], cfg->n_sub,
                                    &g->opt.blk)))
            goto fail;
        else
            g->dram[c]->wake = (usched_line_t){&g->us_l2, c * cfg->n_sub};
    if (g->opt.dtrace) {
        if (!(g->dt = dtrace_open(g->opt.dtrace, cfg->clk_core, cfg->clk_dram, g->opt.dt_from, g->opt.dt_to, cfg->n_sm,
                                  cfg->n_sched, cfg->n_mem, cfg->mrpb_on)))
            goto fail;
        dtrace_select_sms(g->dt, g->opt.dt_sm_from, g->opt.dt_sm_to);
        for (unsigned i = 0; i < cfg->n_sm; i++)
            g->sm[i].dt = g->dt;
        for (unsigned c = 0; c < cfg->n_mem; c++)
            g->dram[c]->dt = g->dt;
    }
    if (g->dispatch->open && g->dispatch->open(&g->disp_unit, cfg, &g->opt.blk))
        goto fail;
    if (!(g->can_take = calloc(cfg->n_sm, 1)))
        goto fail;
    const sim_blkopts_t *bo = &g->opt.blk;
    if (bo->rec) {   /* the instance whose cycles are recorded (a failure's replay) */
        unsigned k = bo->rec_inst;
        int b = sim_block_index(bo->rec_block);
        if (b >= 0 && k < sim_block_count(cfg, (sim_blk_t)b))
            g->rec_ls = gpu_block_ls(g, (sim_blk_t)b, k);
    }
    return g;
fail:
    gpu_free(g);
    return NULL;
}

void gpu_free(gpu_t *g)
{
    if (!g)
        return;
    dtrace_close(g->dt);
    if (g->sm)
        for (unsigned i = 0; i < g->cfg.n_sm; i++)
            sm_free(&g->sm[i]);
    if (g->l2)
        for (unsigned s = 0; s < g->nsub; s++)
            l2_free(&g->l2[s]);
    if (g->dram)
        for (unsigned c = 0; c < g->cfg.n_mem; c++)
            dram_free(g->dram[c]);
    if (g->dispatch && g->dispatch->close)
        g->dispatch->close(g->disp_unit);
    free(g->can_take);
    tb_free(&g->gen);
    tb_pack_release();
    xbar_free(&g->req);
    xbar_free(&g->rep);
    loadchar_free(&g->lc);
    pages_free(&g->pages);
    clocks_free(&g->clk);
    free(g->sm);
    free(g->l2);
    free(g->dram);
    free(g->dram_in);
    free(g->dram_fill);
    usched_free(&g->us_sm);
    usched_free(&g->us_l2);
    usched_free(&g->us_dram);
    free(g->kst);
    free(g);
}

static int mem_idle(const gpu_t *g)
{
    for (unsigned i = 0; i < g->cfg.n_sm; i++)
        if (!sm_mem_idle(&g->sm[i]))
            return 0;
    if (!xbar_idle(&g->req) || !xbar_idle(&g->rep))
        return 0;
    for (unsigned s = 0; s < g->nsub; s++)
        if (!l2_idle(&g->l2[s]))
            return 0;
    for (unsigned c = 0; c < g->cfg.n_mem; c++)
        if (!dram_idle(g->dram[c]))
            return 0;
    return 1;
}

typedef struct {
    kernel_t *k;
    dispatcher_t d;    /* which block each SM gets (dispatch.h) */
    int more;          /* the policy may give more blocks */
    int err;
    uint64_t warp_insts, thread_insts, unknown_insts;
} launch_t;

static void note_fail(gpu_t *g, sim_blk_t b, unsigned inst, const lockstep_t *ls, uint64_t t);

/* Offer the SMs that can take a block to the dispatch policy, round-robin
 * from the SM after the last one served, at most one block per SM per cycle. */
static int dispatch(gpu_t *g, launch_t *L)
{
    unsigned n = g->cfg.n_sm, start = g->tb_rr;
    if (L->d.ops->cycle) {   /* a policy with hardware: every SM's request at once */
        for (unsigned i = 0; i < n; i++)
            g->can_take[i] = (uint8_t)sm_can_take(&g->sm[i], &L->k->info);
        int rc = L->d.ops->cycle(&L->d, g->can_take, clocks_now(&g->clk, CLK_CORE));
        if (rc == 1) {
            note_fail(g, SIM_TEMP_DISPATCH, 0, gpu_block_ls(g, SIM_TEMP_DISPATCH, 0), clocks_now(&g->clk, CLK_CORE));
            return 1;
        }
        if (rc) {
            L->more = 0;
            L->err = 1;
            return 0;
        }
    }
    for (unsigned i = 0; i < n && L->more; i++) {
        unsigned id = (start + i) % n;
        sm_t *sm = &g->sm[id];
        if (!sm_can_take(sm, &L->k->info))
            continue;
        unsigned slot;
        rtb_t *tb = sm_slot_buffer(sm, &slot);
        kernel_t *from = L->k;
        int r = L->d.ops->next(&L->d, id, &g->gen, &from);
        L->more = L->d.ops->more(&L->d);
        if (r == 2) {
            L->more = 0;
            L->err = 1;
            break;
        }
        if (r != 1)
            continue;
        int rc = tb_pack(tb, &g->gen);
        if (rc) {
            tb_pack_perror(rc, "memsched sim", from->info.name);
            L->more = 0;
            L->err = 1;
            break;
        }
        for (unsigned w = 0; w < tb->nwarps; w++)
            L->warp_insts += tb->warp[w].count;
        L->thread_insts += tb->threads;
        if (from->ops.nunknown)   /* instructions of unknown opcodes, run as OP_INT */
            for (size_t r = 0; r < tb->nseg; r++)
                for (uint32_t j = tb->seg[r].first; j < tb->seg[r].first + tb->seg[r].len; j++)
                    L->unknown_insts += (uint64_t)tb->seg[r].reps * from->ops.unknown[rtb_stat(tb, j)->opcode];
        sm_add_tb(sm, slot, &from->info, &from->ops, clocks_now(&g->clk, CLK_CORE));
        usched_wake(&g->us_sm, id);
        g->tb_rr = (start + i + 1) % n;
    }
    return 0;
}

/* (the SM found busy last is looked at first: a kernel's tail has few) */
static int any_sm_busy(gpu_t *g)
{
    if (sm_busy(&g->sm[g->busy_hint]))
        return 1;
    for (unsigned i = 0; i < g->cfg.n_sm; i++)
        if (sm_busy(&g->sm[i])) {
            g->busy_hint = i;
            return 1;
        }
    return 0;
}

/* The progress line: where the run is (kernel, core cycle, blocks finished
 * of the kernel's grid), what it has done, and how fast. */
static void progress(gpu_t *g, progress_t *p, const launch_t *L, uint64_t tb0, unsigned kernel, unsigned nkernels)
{
    double dt = progress_elapsed(p);
    uint64_t insts = 0, tbs = 0, live = 0, cyc = clocks_now(&g->clk, CLK_CORE);
    for (unsigned i = 0; i < g->cfg.n_sm; i++) {
        insts += g->sm[i].st.thread_insts;
        tbs += g->sm[i].st.tbs;
        live += g->sm[i].live_tbs;
    }
    char where[160];
    if (L)
        snprintf(where, sizeof where, "kernel %u of %u, blocks done %llu of %llu", kernel, nkernels,
                 (unsigned long long)(tbs - live - tb0), (unsigned long long)L->k->info.nblocks);
    else
        snprintf(where, sizeof where, "draining the memory system");
    progress_print(p, "  sim: %.0f s, core cycle %llu, %llu thread-insts, %.2f M inst/s, %.0f k cycles/s, %s", dt,
                   (unsigned long long)cyc, (unsigned long long)insts, dt > 0 ? (double)insts / dt / 1e6 : 0.0,
                   dt > 0 ? (double)cyc / dt / 1e3 : 0.0, where);
}

/* A count that grows whenever anything happens: instructions issued, L1
 * replies, DRAM commands, L2 accesses (the watchdog's view). */
static uint64_t activity(const gpu_t *g)
{
    uint64_t a = 0;
    for (unsigned i = 0; i < g->cfg.n_sm; i++)
        a += g->sm[i].st.warp_insts + g->sm[i].l1.st.replies + g->sm[i].l1.st.sent + g->sm[i].mrpb.st.in +
             g->sm[i].mrpb.st.drained;
    for (unsigned s = 0; s < g->nsub; s++)
        a += g->l2[s].st.c.fills + g->l2[s].st.c.acc[REQ_RD] + g->l2[s].st.c.acc[REQ_WR];
    for (unsigned c = 0; c < g->cfg.n_mem; c++)
        a += g->dram[c]->st.n_act + g->dram[c]->st.n_rd + g->dram[c]->st.n_wr;
    return a;
}

/* Every 2^22 steps: 1 after a message if nothing at all happened since the
 * last look while work is left (a deadlock: a bug in the model). */
static int watchdog(gpu_t *g, uint64_t n)
{
    if (n & ((1u << 22) - 1))
        return 0;
    uint64_t a = activity(g);
    if (a != g->wd_activity) {
        g->wd_activity = a;
        return 0;
    }
    fprintf(stderr, "memsched sim: internal error: nothing happened for 4M clock steps up to core cycle %llu "
                    "(a deadlock in the model; please report it with the command line)\n",
            (unsigned long long)clocks_now(&g->clk, CLK_CORE));
    for (unsigned i = 0; i < g->cfg.n_sm; i++)
        if (g->sm[i].live_tbs || g->sm[i].l1.mshr.used)
            fprintf(stderr, "  sm%u: %u blocks, ready warps %#llx, memory pipeline %s, L1 MSHRs %u\n", i,
                    g->sm[i].live_tbs, (unsigned long long)g->sm[i].ready, g->sm[i].mp.busy ? "busy" : "idle",
                    g->sm[i].l1.mshr.used);
    return 1;
}

/* The failure of instance inst of a block, if its lockstep run failed. */
static void note_fail(gpu_t *g, sim_blk_t b, unsigned inst, const lockstep_t *ls, uint64_t t)
{
    uint64_t c;
    if (ls && !g->fail.block && ls_failed(ls, &c))
        g->fail = (gpu_fail_t){sim_blocks[b].name, inst, c, t, sim_blocks[b].domain};
}

/* The clocked units share one contract: X_init / X_cycle (one edge of its
 * clock) / X_next (the first cycle at which it may change: until then
 * nothing in it can, so it is skipped) / X_idle / X_free. One edge of a
 * domain: every unit whose next cycle has come, or that was woken since the
 * domain's last edge, runs (`run` steps unit i and sets next[i]), in index
 * order; u->min is a lower bound of the earliest next of all, so an edge at
 * which every unit sleeps costs one comparison. Up to 64 units the schedule
 * (usched.h) gives the due ones and the bound without a scan of the units;
 * no unit's run changes another's next cycle or wakes a unit in its own
 * domain, so they are the set and the order a scan gives. Past 64 units, and
 * with run.skip=0 (every unit at every edge), next[] is scanned. */
typedef int (*unit_run_t)(gpu_t *g, unsigned i, uint64_t *next);
static inline __attribute__((always_inline)) int domain_edge(gpu_t *g, usched_t *u, uint64_t now, unit_run_t run)
{
    const int sk = g->cfg.skip;
    if (sk && now < u->min)
        return 0;
    uint64_t *next = u->next;
    if (sk && u->n <= 64) {
        for (uint64_t due = usched_take(u, now); due; due &= due - 1) {
            const unsigned i = (unsigned)__builtin_ctzll(due);
            const int rc = run(g, i, &next[i]);
            if (rc)
                return rc;
            usched_file(u, i, now);
        }
        usched_settle(u, now);
        return 0;
    }
    const uint64_t woken = u->woken;
    u->woken = 0;
    uint64_t mn = UINT64_MAX;
    for (unsigned i = 0; i < u->n; i++) {
        /* else asleep: its cycles are counted when it wakes (sync) */
        if (!sk || now >= next[i] || (i < 64 && (woken >> i & 1))) {
            const int rc = run(g, i, &next[i]);
            if (rc)
                return rc;
        }
        mn = next[i] < mn ? next[i] : mn;
    }
    u->min = mn;
    return 0;
}

/* SM i at core edge g->clk.now[CLK_CORE], with the reply the crossbar has for it. */
static int sm_run(gpu_t *g, unsigned i, uint64_t *next)
{
    uint64_t core = g->clk.now[CLK_CORE];
    sm_t *sm = &g->sm[i];
    rq_t *q = &g->rep.out[i];
    int rdy = rq_ready(q, g->clk.now[CLK_ICNT]);
    if (rdy || core >= sm->sleep_until || !g->cfg.skip) {
        int rc = sm_cycle(sm, core, g->clk.now[CLK_DRAM], rdy ? rq_head(q) : NULL);
        if (rc) {
            if (rc == 1)
                note_fail(g, (sim_blk_t)sm->fail_blk, i, gpu_block_ls(g, (sim_blk_t)sm->fail_blk, i), core);
            return rc;
        }
        if (rdy)
            rq_pop(q);
    }
    *next = sm_next(sm, core, q, g->icnt_core_same);
    if (!rq_empty(&sm->l1.mq) && i < 64)
        g->mq_busy |= 1ull << i;
    if (sm->mq_wake)   /* (i < 64) */
        g->mq_sleepers = (g->mq_sleepers & ~(1ull << i)) | (uint64_t)(sm->mq_sleep != 0) << i;
    return 0;
}

/* L2 slice s at L2 edge g->clk.now[CLK_L2]. */
static int l2_run(gpu_t *g, unsigned s, uint64_t *next)
{
    l2_t *x = &g->l2[s];
    if (l2_cycle(x, g->clk.now[CLK_L2], g->clk.now[CLK_ICNT], g->clk.now[CLK_DRAM])) {
        note_fail(g, SIM_MIB_L2, s, x->mib, g->clk.now[CLK_L2]);
        return 1;
    }
    *next = l2_next(x, g->clk.now[CLK_L2], g->icnt_same);
    if (!rq_empty(&x->reply)) {
        if (g->nsub <= 64) {
            g->rep_busy |= 1ull << s;
        } else {   /* no mask: the slice runs while it has a reply, and sets rep_wide at every edge */
            g->rep_wide = 1;
            if (*next > g->clk.now[CLK_L2] + 1)
                *next = g->clk.now[CLK_L2] + 1;
        }
    }
    return 0;
}

/* DRAM channel c at DRAM edge g->clk.now[CLK_DRAM]. */
static int dram_run(gpu_t *g, unsigned c, uint64_t *next)
{
    if (dram_cycle(g->dram[c], g->clk.now[CLK_DRAM], g->clk.now[CLK_L2])) {
        note_fail(g, SIM_DRAM_SCHED, c, g->dram[c]->ls, g->clk.now[CLK_DRAM]);
        return 1;
    }
    *next = dram_next(g->dram[c], g->clk.now[CLK_DRAM]);
    return 0;
}

/* An L2 slice's reply queue may hold a packet: one in the mask (up to 64
 * slices), or, past 64, one of the slices that ran at the last L2 edge had
 * a reply. */
static inline int rep_waiting(const gpu_t *g) { return g->nsub <= 64 ? g->rep_busy != 0 : g->rep_wide; }

/* The crossbar, both networks, at its edge: only the inputs whose queues
 * may hold a packet are offered (a crossbar whose inputs were all empty at
 * the senders' last edges moves nothing). */
static void icnt_run(gpu_t *g)
{
    const config_t *cfg = &g->cfg;
    uint64_t icnt = g->clk.now[CLK_ICNT];
    if (g->req_waiting || !cfg->skip) {
        xbar_cycle(&g->req, icnt, g->clk.now[CLK_CORE], 0, cfg->n_sm > 64 || !cfg->skip ? ~0ull : g->mq_busy);
        for (uint64_t b = g->mq_busy; b; b &= b - 1)
            if (rq_empty(&g->sm[__builtin_ctzll(b)].l1.mq))
                g->mq_busy &= ~(1ull << __builtin_ctzll(b));
        /* an SM asleep on its full miss queue retries at its next edge once the crossbar took a
         * packet from it (stepped, that is the first edge at which it finds room) */
        for (uint64_t b = g->mq_sleepers; b; b &= b - 1) {
            const unsigned i = (unsigned)__builtin_ctzll(b);
            if (!rq_full(&g->sm[i].l1.mq)) {
                g->mq_sleepers &= ~(1ull << i);
                g->sm[i].sleep_until = 0;
                usched_wake(&g->us_sm, i);
            }
        }
    }
    if (rep_waiting(g) || !cfg->skip) {
        xbar_cycle(&g->rep, icnt, g->clk.now[CLK_L2], 1, g->nsub > 64 || !cfg->skip ? ~0ull : g->rep_busy);
        for (uint64_t b = g->rep_busy; b; b &= b - 1)
            if (rq_empty(&g->l2[__builtin_ctzll(b)].reply))
                g->rep_busy &= ~(1ull << __builtin_ctzll(b));
    }
}

/* The next clock step holds an edge at which a unit is due: of a domain d
 * with cycle[d] >= due[d]. */
static inline int step_due(const clocks_t *c, const uint64_t due[CLK_N])
{
    for (unsigned x = clocks_peek(c); x; x &= x - 1)   /* its edges are cycle[d] (clocks_now after the step) */
        if (c->cycle[__builtin_ctz(x)] >= due[__builtin_ctz(x)])
            return 1;
    return 0;
}

/* No crossbar input may hold a packet, no instance is being recorded, and the
 * clocks replay a pattern: skip_idle_steps may find steps to skip. */
static inline int may_skip(const gpu_t *g)
{
    return !g->req_waiting && !rep_waiting(g) && !g->rec_ls && g->clk.pattern;
}

/* Take, without running anything, the clock steps at which nothing would
 * run: at each, every domain whose edge it is has all its units asleep
 * (its edge before their earliest next cycle), no block is waiting to be
 * dispatched and no crossbar input may hold a packet (so the flags the edges
 * would recompute keep their values: after a core edge req_waiting is set
 * iff an SM's miss queue may hold a packet, and rep_waiting iff an L2
 * slice's reply queue may). Such a step changes nothing but the
 * clocks (tests/skip_tests.sh: every run equals its run.skip=0 twin). The
 * first step at which something runs is the earliest of three edges (the
 * core's at its units' earliest next cycle, the L2's, the DRAM's), taken by
 * clocks_jump in one go. At most 4096 core cycles a call, so the watchdog
 * still counts calls, and never past the core edge that reaches
 * run.max_cycles (gpu_run stops after it). Only when may_skip. */
static void skip_idle_steps(gpu_t *g)
{
    clocks_t *c = &g->clk;
    const uint64_t cut = g->cfg.max_cycles ? g->cfg.max_cycles - 1 : UINT64_MAX;
    const uint64_t due[CLK_N] = {[CLK_CORE] = g->us_sm.min < cut ? g->us_sm.min : cut, [CLK_ICNT] = UINT64_MAX,
                                 [CLK_L2] = g->us_l2.min, [CLK_DRAM] = g->us_dram.min};
    if (step_due(c, due))   /* nothing to skip (the common case while busy) */
        return;
    if (!c->ecount) {   /* no tables: step by step */
        for (unsigned k = 0; k < 4096 && !step_due(c, due); k++)
            clocks_step(c);
        return;
    }
    /* each domain's first edge at or after its due cycle (the core's within 4096); the earliest */
    int best = CLK_CORE;
    uint64_t bk = due[CLK_CORE] > c->cycle[CLK_CORE] ? due[CLK_CORE] : c->cycle[CLK_CORE];
    if (bk - c->cycle[CLK_CORE] > 4096)
        bk = c->cycle[CLK_CORE] + 4096;
    for (int d = CLK_L2; d <= CLK_DRAM; d++) {
        const uint64_t k = due[d] > c->cycle[d] ? due[d] : c->cycle[d];
        if (due[d] != UINT64_MAX && clocks_before(c, d, k, best, bk)) {
            best = d;
            bk = k;
        }
    }
    clocks_jump(c, best, bk);
}

/* One step of the clocks: every domain whose edge it is, in the order core,
 * crossbar, L2, DRAM. 0; 1 a check failed (g->fail names a block instance
 * whose lockstep run failed); 2 bad input; 3 the instance being recorded has
 * written its last cycle. */
static inline __attribute__((always_inline)) int step(gpu_t *g, launch_t *L)
{
    const config_t *cfg = &g->cfg;
    if (cfg->skip && !(L && L->more) && may_skip(g))   /* (the test inline: it fails in most steps while busy) */
        skip_idle_steps(g);
    const unsigned m = clocks_step(&g->clk);
    int rc;
    if (m & (1u << CLK_CORE)) {
        if (L && L->more && (rc = dispatch(g, L)))
            return rc;
        if ((rc = domain_edge(g, &g->us_sm, g->clk.now[CLK_CORE], sm_run)))
            return rc;
        g->req_waiting = g->mq_busy != 0 || cfg->n_sm > 64;
    }
    if (m & (1u << CLK_ICNT))
        icnt_run(g);
    if (m & (1u << CLK_L2)) {
        g->rep_wide = 0;   /* past 64 slices: set again by the slices with a reply */
        if ((rc = domain_edge(g, &g->us_l2, g->clk.now[CLK_L2], l2_run)))
            return rc;
    }
    if ((m & (1u << CLK_DRAM)) &&
        (rc = domain_edge(g, &g->us_dram, g->clk.now[CLK_DRAM], dram_run)))
        return rc;
    return g->rec_ls && ls_recorded(g->rec_ls) ? 3 : 0;
}

/* Count the cycles asleep SMs, skipped L2 slices and DRAM channels have not
 * counted yet, up to the edges taken (exact: a sleeping unit's counters
 * grow by the same amount each skipped cycle); before every snapshot of
 * the counters (the statistics of a kernel, of the run). */
static void sync_units(gpu_t *g)
{
    for (unsigned i = 0; i < g->cfg.n_sm; i++)
        sm_sync(&g->sm[i], g->clk.cycle[CLK_CORE]);
    for (unsigned s = 0; s < g->nsub; s++)
        l2_sync(&g->l2[s], g->clk.cycle[CLK_L2]);
    for (unsigned c = 0; c < g->cfg.n_mem; c++)
        dram_sync(g->dram[c], g->clk.cycle[CLK_DRAM]);
}

/* An invariant of every run: no kernel (and not the run) issues more thread
 * instructions per core cycle than the machine can, sm.count x
 * sm.schedulers x 32. 1 after a message (a bug in the model). */
static int check_peak(const gpu_t *g)
{
    uint64_t peak = (uint64_t)g->cfg.n_sm * g->cfg.n_sched * WARP_SIZE;
    for (unsigned i = 0; i <= g->nk; i++) {
        const char *what = i < g->nk ? g->kst[i].name : "the run";
        uint64_t insts = i < g->nk ? g->kst[i].d.sm.thread_insts : g->thread_insts;
        uint64_t cycles = i < g->nk ? g->kst[i].cycles : g->gpu_sim_cycle;
        if (insts > cycles * peak) {
            fprintf(stderr, "memsched sim: internal error: %s issued %llu thread instructions in %llu core cycles, "
                            "above the peak of %llu per cycle (sm.count x sm.schedulers x 32)\n",
                    what, (unsigned long long)insts, (unsigned long long)cycles, (unsigned long long)peak);
            return 1;
        }
    }
    return 0;
}

/* l2.memcpy_fill: a MemcpyHtoD's lines into their L2 slices, in address order. */
static void memcpy_to_l2(gpu_t *g, const region_t *m)
{
    if (!m->size)
        return;
    uint64_t last = (m->addr + m->size - 1) >> LINE_SHIFT;
    for (uint64_t line = m->addr >> LINE_SHIFT; line <= last; line++) {
        req_t r = {.line = line, .type = REQ_WR};
        req_map(&g->cfg, &r);
        l2_memcpy_line(&g->l2[r.sub], &r);
    }
}

int gpu_run(gpu_t *g, workload_t *w)
{
    double t0 = now_s();
    progress_t prog;
    progress_start(&prog, g->opt.progress, g->opt.progress_every);
    if (g->opt.progress_f)
        progress_to(&prog, g->opt.progress_f, g->opt.progress_every);
    unsigned nkernels = 0, kernel = 0;
    for (unsigned i = 0; i < w->ncmd; i++)
        nkernels += w->cmd[i].kind == CMD_KERNEL;
    int rc = 0;
    for (unsigned i = 0; i < w->ncmd && !rc; i++) {
        if (w->cmd[i].kind == CMD_MEMCPY && g->cfg.l2_memcpy)
            memcpy_to_l2(g, &w->cmd[i].region);
        if (w->cmd[i].kind != CMD_KERNEL)
            continue;
        kernel++;
        launch_t L = {.k = w->open_kernel(w, i), .more = 1};
        if (!L.k)
            return 2;
        /* S-L1: the compiler's code applied to the kernel; its data structures are
         * the regions copied to the GPU before it */
        unsigned sl1_cln_k = 0;
        if (g->cfg.sl1) {
            region_t *reg = malloc((i + 1) * sizeof *reg);
            unsigned nreg = 0;
            for (unsigned j = 0; reg && j < i; j++)
                if (w->cmd[j].kind == CMD_MEMCPY && w->cmd[j].region.size)
                    reg[nreg++] = w->cmd[j].region;
            const config_t *c = &g->cfg;
            sl1_cfg_t sc = {c->sl1_line, c->sl1_monitor, c->sl1_min_hit, c->sl1_cln};
            sl1_cln_k = sl1_cln(&sc, &L.k->info, c->dispatch == DISPATCH_ID_rr ? c->n_sm : 0, c->shmem, c->max_blocks, c->max_warps, c->max_threads, c->regs);
            L.k = reg ? sl1_wrap(L.k, &sc, sl1_cln_k, reg, nreg) : (L.k->close(L.k), NULL);
            free(reg);
            if (!L.k)
                return 2;
        }
        const kinfo_t *ki = &L.k->info;
        unsigned kw = (ki->threads + WARP_SIZE - 1) / WARP_SIZE;
        if (kw > g->cfg.max_warps || kw > SM_MAX_WARPS || ki->threads > g->cfg.max_threads ||
            (uint64_t)ki->nregs * kw * WARP_SIZE > g->cfg.regs || ki->shmem > g->cfg.shmem) {
            fprintf(stderr, "memsched sim: kernel %s: a block (%u threads, %u registers each, %u B shared memory) "
                            "does not fit an SM (sm.warps %u, sm.threads %u, sm.regs %u, sm.shmem %u)\n",
                    ki->name, ki->threads, ki->nregs, ki->shmem, g->cfg.max_warps, g->cfg.max_threads, g->cfg.regs,
                    g->cfg.shmem);
            L.k->close(L.k);
            return 2;
        }
        kernel_stats_t *ks = realloc(g->kst, (g->nk + 1) * sizeof *g->kst);
        if (!ks) {
            L.k->close(L.k);
            return 2;
        }
        g->kst = ks;
        /* TEMP/TBAS: the launch's thread batches (batch.stride, or found by profiling its pages) */
        unsigned stride = 0;
        if (g->cfg.dispatch == DISPATCH_ID_temp || g->cfg.sched == SCHED_ID_tbas) {
            batch_profile_t bp = {.stride = g->cfg.batch_stride};
            if (!g->cfg.batch_stride && batch_profile(L.k, g->cfg.page_bytes, &bp)) {
                L.k->close(L.k);
                return 2;
            }
            stride = bp.stride;
        }
        L.k->info.batch_stride = stride;
        L.d.ops = g->dispatch;
        L.d.unit = g->disp_unit;
        if (L.d.ops->start(&L.d, L.k, g->cfg.n_sm)) {
            L.k->close(L.k);
            return 2;
        }
        ks = &g->kst[g->nk++];
        memset(ks, 0, sizeof *ks);
        snprintf(ks->name, sizeof ks->name, "%s", L.k->info.name);
        ks->batch_stride = stride;
        ks->sl1_cln = sl1_cln_k;
        ks->uid = g->nk;
        /* a kernel's cycles are the core edges stepped while it runs, both
         * ends included (the edge of its first dispatch, the edge its last
         * warp finished in) */
        uint64_t c0 = g->clk.cycle[CLK_CORE];
        stats_sums_t s0, s1;
        sync_units(g);
        stats_sum(g, &s0);
        uint64_t tb0 = s0.sm.tbs;   /* blocks run before this kernel (the progress line) */
        uint64_t n = 0;
        while (L.more || any_sm_busy(g)) {
            if ((rc = step(g, &L)))
                break;
            if (g->cfg.max_cycles && g->clk.cycle[CLK_CORE] >= g->cfg.max_cycles)
                break;
            if (watchdog(g, ++n)) {
                rc = 1;
                break;
            }
            if ((n & 0xffff) == 0 && progress_due(&prog))
                progress(g, &prog, &L, tb0, kernel, nkernels);
        }
        if (L.err)
            rc = 2;
        ks->cycles = g->clk.cycle[CLK_CORE] - c0;
        sync_units(g);
        stats_sum(g, &s1);
        stats_diff(&ks->d, &s1, &s0);
        g->gpu_sim_cycle += ks->cycles;
        g->trace_warp_insts += L.warp_insts;
        g->trace_thread_insts += L.thread_insts;
        g->trace_unknown_insts += L.unknown_insts;
        L.d.ops->stop(&L.d);
        L.k->close(L.k);
        if (g->cfg.max_cycles && g->clk.cycle[CLK_CORE] >= g->cfg.max_cycles)
            break;
    }
    /* the memory system drains: every request issued is answered */
    uint64_t c0 = g->clk.cycle[CLK_CORE];
    int cut = g->cfg.max_cycles && c0 >= g->cfg.max_cycles;   /* run.max_cycles: no drain, counts as they are */
    g->cut = cut;
    for (uint64_t n = 1; !rc && !cut && !mem_idle(g); n++) {
        if ((rc = step(g, NULL)) || (rc = watchdog(g, n)))
            break;
        if ((n & 0xffff) == 0 && progress_due(&prog))
            progress(g, &prog, NULL, 0, 0, 0);
    }
    progress_end(&prog);
    g->drain_cycles = g->clk.cycle[CLK_CORE] - c0;
    sync_units(g);
    for (unsigned s = 0; s < g->cfg.n_sm; s++) {
        g->warp_insts += g->sm[s].st.warp_insts;
        g->thread_insts += g->sm[s].st.thread_insts;
    }
    for (unsigned c = 0; c < g->cfg.n_mem && !rc; c++) {
        dram_t *d = g->dram[c];
        if (d->chk) {
            char msg[256];
            if (dck_finish(d->chk, clocks_now(&g->clk, CLK_DRAM), msg, sizeof msg)) {
                fprintf(stderr, "memsched sim: DRAM timing violation: %s\n", msg);
                rc = 1;
            }
            g->dram_cmds_checked += dck_commands(d->chk);
        }
    }
    if (!rc)
        rc = check_peak(g);
    if (!rc && cut) {
        fprintf(stderr, "memsched sim: stopped by run.max_cycles=%llu after %llu core cycles: the workload did not "
                        "finish (the statistics are those of the cycles run)\n",
                (unsigned long long)g->cfg.max_cycles, (unsigned long long)c0);
        rc = 1;
    }
    g->wall_s = now_s() - t0;
    return rc;
}
