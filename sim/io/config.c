/* config.c - the key table, the defaults, the presets and --set
 * (gpgpusim_config.c reads GPGPU-Sim's gpgpusim.config files). */
#include "io/config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bits.h"
#include "core/dispatch.h"   /* the dispatch policies' names (their registry) */
#include "core/sched.h"      /* the warp schedulers' names (their registry) */
#include "mem/prefetch.h"     /* the L1D prefetchers' names (their registry) */
#include "block.h"
#include "apres_laws.h"
#include "dram_sched.h"
#include "engine.h"
#include "mib_l2.h"
#include "mrpb.h"
#include "tbas.h"
#include "temp_dispatch.h"

typedef enum { K_UINT, K_U64, K_ENUM, K_MHZ, K_MAP } kind_t;

typedef struct {
    const char *name;
    kind_t kind;
    size_t off;
    uint64_t min, max;
    const char *const *names;   /* K_ENUM: the accepted values */
    const char *help;
} key_t_;

const char *const config_break_names[] = {"none", SIM_BLOCKS(SIM_BLOCK_NAME) NULL};
const char *const l1_write_names[] = {"evict", "through", NULL};
const char *const coalesce_names[] = {"line", "fermi", "sector", NULL};
const char *const local_map_names[] = {"none", "gpgpusim", "legacy", NULL};
const char *const pipeline_names[] = {"issue", "gpgpusim", NULL};
const char *const off_on_names[] = {"off", "on", NULL};
const char *const sub_select_names[] = {"line", "bank", NULL};   /* SUBSEL_* */
const char *const page_policy_names[] = {"identity", "temp", NULL};   /* PAGE_* */
static const char *const l2_walloc_names[] = {"whole", "fetch", "naive", "lazy", "none", NULL};   /* L2W_* */
static const char *const mrpb_on_names[] = {"off", "on", "final", NULL};   /* final: on, Table 4's modes */
#define SHORTEN_NAME(id, name, rule) name,
static const char *const shorten_names[] = {DRAM_SHORTEN(SHORTEN_NAME) NULL};

#define F(field) offsetof(config_t, field)
#define T(field) (offsetof(config_t, t) + offsetof(dram_timing_t, field))
static const key_t_ keys[] = {
    {"clock.core", K_MHZ, F(clk_core), 1000, 100000000, NULL, "SM clock, MHz (up to 3 decimals)"},
    {"clock.icnt", K_MHZ, F(clk_icnt), 1000, 100000000, NULL, "crossbar clock, MHz"},
    {"clock.l2", K_MHZ, F(clk_l2), 1000, 100000000, NULL, "L2 clock, MHz"},
    {"clock.dram", K_MHZ, F(clk_dram), 1000, 100000000, NULL, "DRAM command clock, MHz"},

    {"sm.count", K_UINT, F(n_sm), 1, 1024, NULL, "SMs"},
    {"sm.warps", K_UINT, F(max_warps), 1, 64, NULL, "warps per SM"},
    {"sm.blocks", K_UINT, F(max_blocks), 1, 32, NULL, "thread blocks per SM"},
    {"sm.threads", K_UINT, F(max_threads), 32, 2048, NULL, "threads per SM"},
    {"sm.regs", K_UINT, F(regs), 1, 1u << 20, NULL, "registers per SM"},
    {"sm.shmem", K_UINT, F(shmem), 0, 1u << 24, NULL, "shared memory per SM, bytes"},
    {"sm.schedulers", K_UINT, F(n_sched), 1, 8, NULL, "warp schedulers per SM (one issue each per cycle)"},
    {"sm.scheduler", K_ENUM, F(sched), 0, 0, sched_names, "warp scheduling policy"},
    {"sm.two_level_active", K_UINT, F(tl_active), 1, 64, NULL, "two-level: active warps per scheduler"},
    {"tbas.min_active", K_UINT, F(tbas_min_active), 0, 64, NULL, "sm.scheduler=tbas: MinActive, a running batch with fewer active warps (not waiting on memory) is demoted"},
    {"tbas.run_batches", K_UINT, F(tbas_run_batches), 1, 16, NULL, "sm.scheduler=tbas: RunBatches, thread batches running at once"},
    {"batch.stride", K_UINT, F(batch_stride), 0, 1u << 20, NULL, "TEMP/TBAS thread batches: the thread block stride, consecutive blocks of a kernel (x + y gx + z gx gy) forming one batch (gpu.dispatch=temp keeps a batch on one SM; sm.scheduler=tbas runs it as one); 0: each launch's found by profiling its first blocks' pages (docs/tbas.md)"},
    {"gpu.dispatch", K_ENUM, F(dispatch), 0, 0, dispatch_names, "thread-block dispatch policy"},
    {"dispatch", K_ENUM, F(dispatch), 0, 0, dispatch_names, "gpu.dispatch by another name (the TEMP issue's)"},
    {"workload.threads", K_UINT, F(wl_threads), 0, 262144, NULL, "the launch's threads for a workload whose geometry is free (the S-L1 stand-ins: each thread takes input / threads of it), a multiple of its 256-thread blocks; 0: the workload's own"},
    {"gpu.first_sm", K_UINT, F(first_sm), 0, 1023, NULL, "the SM the run's first thread block is offered to (the dispatch's round-robin starts there; a rotation that should not change a result, for measuring the model's sensitivity)"},
    {"sm.swl", K_UINT, F(swl), 0, 64, NULL, "static wavefront limiting (CCWS SWL): only the oldest N warps issue (0: no limit)"},
    {"sm.lat_int", K_UINT, F(lat_int), 1, SM_MAX_LAT, NULL, "integer result latency, core cycles"},
    {"sm.lat_fp", K_UINT, F(lat_fp), 1, SM_MAX_LAT, NULL, "FP32 result latency"},
    {"sm.lat_dp", K_UINT, F(lat_dp), 1, SM_MAX_LAT, NULL, "FP64 result latency"},
    {"sm.lat_sfu", K_UINT, F(lat_sfu), 1, SM_MAX_LAT, NULL, "SFU result latency"},
    {"sm.lat_branch", K_UINT, F(lat_branch), 1, SM_MAX_LAT, NULL, "branch/control latency"},
    {"sm.ii_dp", K_UINT, F(ii_dp), 1, 1000, NULL, "cycles between two FP64 warp instructions"},
    {"sm.ii_sfu", K_UINT, F(ii_sfu), 1, 1000, NULL, "cycles between two SFU warp instructions"},
    {"sm.lat_shmem", K_UINT, F(lat_shmem), 1, 1000, NULL, "shared-memory access latency"},
    {"sm.pipeline", K_ENUM, F(pipeline), 0, 0, pipeline_names, "issue: an instruction executes in the cycle it issues (its class latency, then its result); gpgpusim: GPGPU-Sim's pipeline (fetch into 2-entry instruction buffers, ID_OC registers, operand collectors reading banked registers, OC_EX registers, units, EX_WB; docs/sim.md \"Issue pipeline\")"},
    {"sm.units_sp", K_UINT, F(units_sp), 1, 8, NULL, "gpgpusim pipeline: SP units (INT and FP32 instructions; one each per cycle)"},
#define PU_KEYS(t, U, T) \
    {"sm.id_oc_" t, K_UINT, F(id_oc[T]), 1, 8, NULL, "gpgpusim pipeline: ID_OC_" U " register width (instructions issued, not yet in a collector)"}, \
    {"sm.oc_ex_" t, K_UINT, F(oc_ex[T]), 1, 8, NULL, "gpgpusim pipeline: OC_EX_" U " register width (instructions with their operands, waiting for a unit)"}, \
    {"sm.oc_units_" t, K_UINT, F(oc_units[T]), 1, 16, NULL, "gpgpusim pipeline: " U " operand collector units"}, \
    {"sm.oc_in_" t, K_UINT, F(oc_in[T]), 1, 8, NULL, "gpgpusim pipeline: instructions into " U " collector units per cycle"}, \
    {"sm.oc_out_" t, K_UINT, F(oc_out[T]), 1, 8, NULL, "gpgpusim pipeline: instructions out of " U " collector units per cycle"},
    PU_KEYS("sp", "SP", PU_SP) PU_KEYS("sfu", "SFU", PU_SFU) PU_KEYS("mem", "MEM", PU_MEM)
#undef PU_KEYS
    {"sm.ex_wb", K_UINT, F(ex_wb), 1, 8, NULL, "gpgpusim pipeline: EX_WB width (results written back per cycle: the result buses)"},
    {"sm.reg_banks", K_UINT, F(reg_banks), 1, 32, NULL, "gpgpusim pipeline: register file banks (register r of warp w in bank (r + w) mod banks; one read or write each per cycle)"},
    {"sm.coalesce", K_ENUM, F(coalesce), 0, 0, coalesce_names, "coalescer: a request per line, GPGPU-Sim's Fermi segments (32/64/128 B by width, shrunk), or a request per 32 B sector"},
    {"sm.local_map", K_ENUM, F(local_map), 0, 0, local_map_names, "local memory (LDL, STL): addresses as given (none), or each thread's 4 B words interleaved over the GPU as GPGPU-Sim maps them, by block slot (gpgpusim) or by hardware thread (legacy)"},
    {"sm.store_ack", K_UINT, F(store_ack), 0, 1, NULL, "1: stores and reductions are acknowledged (an 8 B reply); MEMBAR and a warp's end wait for them (GPGPU-Sim)"},
    {"sm.max_loads", K_UINT, F(max_loads), 1, 64, NULL, "outstanding load instructions per warp"},

    {"l1.sets", K_UINT, F(l1_sets), 1, 65536, NULL, "L1D sets"},
    {"l1.ways", K_UINT, F(l1_ways), 1, 1024, NULL, "L1D ways"},
    {"l1.replace", K_ENUM, F(l1_repl), 0, 0, repl_names, "L1D replacement policy"},
    {"l1.index", K_ENUM, F(l1_index), 0, 0, index_names, "L1D set-index function (GPGPU-Sim's <index> letter L, H, X, P)"},
    {"l1.line", K_UINT, F(l1_line), 128, 128, NULL, "line bytes (128 only)"},
    {"l1.mshr", K_UINT, F(l1_mshr), 1, 1024, NULL, "L1D MSHR entries"},
    {"l1.merge", K_UINT, F(l1_merge), 1, 64, NULL, "requests per L1D MSHR entry"},
    {"l1.miss_queue", K_UINT, F(l1_mq), 1, 1024, NULL, "L1D miss queue entries"},
    {"l1.latency", K_UINT, F(l1_lat), 1, 1000, NULL, "L1D hit latency, core cycles"},
    {"l1.alloc", K_ENUM, F(l1_alloc), 0, 0, alloc_names, "line allocation: on miss or on fill"},
    {"l1.prefetch", K_ENUM, F(l1_pf), 0, 0, pf_names, "L1D prefetcher (none: the baseline)"},
    {"l1.write", K_ENUM, F(l1_write), 0, 0, l1_write_names, "a store hit invalidates the line (evict: GPGPU-Sim's E, and L's global stores) or updates it (through: T)"},
    {"l1.miss_latency", K_UINT, F(l1_miss_lat), 0, 1, NULL, "1: every access, hit or not, spends l1.latency before the tag lookup (GPGPU-Sim 4's -gpgpu_l1_latency); 0: hits only"},
    {"l1.flush", K_UINT, F(l1_flush), 0, 1, NULL, "1: an SM's L1D is invalidated whenever it runs no block, so between kernels (-gpgpu_flush_l1_cache)"},
    {"l1.load_stats", K_UINT, F(l1_load_stats), 0, 1, NULL, "1: characterise every static global load as APRES' Table I does (its share of the line requests, distinct lines per request, L1D miss rate, the commonest inter-warp stride) into the JSON's loads list, at the cost of a set of the lines each load touched"},
    {"l1.classify", K_UINT, F(l1_classify), 0, 1, NULL, "1: classify the L1D's reads as APRES' Figure 11 does (hits after a hit or after a miss of their line; cold misses, of a line never held before, and the others), at the cost of a set of every line the L1D held"},
    {"l1.bypass", K_UINT, F(l1_bypass), 0, 1, NULL, "1: global loads bypass the L1D"},
    {"sl1", K_ENUM, F(sl1), 0, 0, off_on_names, "S-L1: a software L1 in shared memory, the compiler's code applied to every kernel (one line per thread for each structure it caches; docs/sl1.md)"},
    {"sl1.line", K_UINT, F(sl1_line), 4, 32, NULL, "S-L1 line bytes (a multiple of 4; the paper's 16, and 8 and 24 in its Figure 15)"},
    {"sl1.monitor", K_UINT, F(sl1_monitor), 1, 1000000, NULL, "S-L1: accesses to data structures a thread monitors before it chooses what to cache"},
    {"sl1.min_hit", K_UINT, F(sl1_min_hit), 0, 100, NULL, "S-L1: a structure is cached only if its monitored hit rate is above this, %"},
    {"sl1.cln", K_UINT, F(sl1_cln), 0, 32, NULL, "S-L1 lines per thread: 0 = the paper's CLN, floor(free shared memory per SM / threads per SM / sl1.line) at the kernel's occupancy without S-L1; N: N lines (the block's shared memory grows by N x sl1.line per thread, and the occupancy may fall)"},

    {"mrpb", K_ENUM, F(mrpb_on), 0, 0, mrpb_on_names, "MRPB in front of every L1D (final: on, with MRPB Table 4's modes)"},
    {"mrpb.signature", K_ENUM, F(mrpb_sig), 0, 0, mrpb_signature_names, "MRPB queue per warp, block or in-block warp"},
    {"mrpb.policy", K_ENUM, F(mrpb_pol), 0, 0, mrpb_policy_names, "MRPB drain policy"},
    {"mrpb.greedy", K_UINT, F(mrpb_greedy), 0, 1, NULL, "MRPB: drain the current queue until it is empty"},
    {"mrpb.flush", K_UINT, F(mrpb_flush), 0, 1, NULL, "MRPB: full-queue drains and write flushes (0: a full queue stalls)"},
    {"mrpb.bypass", K_ENUM, F(mrpb_byp), 0, 0, mrpb_bypass_names, "MRPB: bypass refused reads to the L2 (off, on all stalls, on associativity stalls)"},
    {"mrpb.reorder", K_UINT, F(mrpb_reorder), 0, 1, NULL, "MRPB: reorder through the queues (0: a single slot, bypass only)"},
    {"mrpb.depth", K_UINT, F(mrpb_depth), 1, MRPB_MAX_DEPTH, NULL, "MRPB entries per queue"},
    {"mrpb.latency", K_UINT, F(mrpb_lat), 1, MRPB_MAX_LATENCY, NULL, "MRPB accept-to-present cycles"},

    {"icnt.latency", K_UINT, F(icnt_lat), 1, 1000, NULL, "crossbar latency, icnt cycles"},
    {"icnt.flit", K_UINT, F(icnt_flit), 4, 256, NULL, "flit bytes (a port moves one flit per cycle)"},
    {"icnt.buffer", K_UINT, F(icnt_buf), 1, 1024, NULL, "packets each ejection port buffers"},

    {"mem.partitions", K_UINT, F(n_mem), 1, 64, NULL, "memory partitions = DRAM channels"},
    {"mem.sub_partitions", K_UINT, F(n_sub), 1, 4, NULL, "L2 sub-partitions per partition (1, 2, 4)"},
    {"mem.page_policy", K_ENUM, F(page_policy), 0, 0, page_policy_names, "virtual pages to physical frames: identity (an address is its own), or temp (TEMP's page colouring: a page goes, at its first touch, to a frame in the DRAM banks of the touching SM's colour; docs/tbas.md)"},
    {"mem.page_bytes", K_UINT, F(page_bytes), 128, 1u << 20, NULL, "page size for mem.page_policy, bytes (power of two)"},
    {"mem.sub_select", K_ENUM, F(sub_sel), 0, 0, sub_select_names, "a line's sub-partition in its partition: the low bits of its channel-local line index (line), or of its DRAM bank (bank: GPGPU-Sim's addrdec)"},
    {"l2.sets", K_UINT, F(l2_sets), 1, 1u << 20, NULL, "L2 sets per sub-partition"},
    {"l2.ways", K_UINT, F(l2_ways), 1, 1024, NULL, "L2 ways"},
    {"l2.replace", K_ENUM, F(l2_repl), 0, 0, repl_names, "L2 replacement policy"},
    {"l2.index", K_ENUM, F(l2_index), 0, 0, index_names, "L2 set-index function, of the partition-local line address"},
    {"l2.memcpy_fill", K_UINT, F(l2_memcpy), 0, 1, NULL, "1: a MemcpyHtoD puts its lines in the L2, valid and dirty, before the next kernel (-gpgpu_perf_sim_memcpy)"},
    {"l2.mshr", K_UINT, F(l2_mshr), 1, 1024, NULL, "L2 MSHR entries per sub-partition (MIB policies: up to 128)"},
    {"l2.merge", K_UINT, F(l2_merge), 1, 64, NULL, "requests per L2 MSHR entry (MIB policies: up to 16)"},
    {"l2.miss_queue", K_UINT, F(l2_mq), 2, 1024, NULL, "L2 miss queue entries"},
    {"l2.latency", K_UINT, F(l2_lat), 1, 1000, NULL, "L2 hit latency, L2 cycles"},
    {"l2.dram_latency", K_UINT, F(l2_dram_lat), 0, 1000, NULL, "L2 -> DRAM controller latency, L2 cycles"},
    {"l2.input_queue", K_UINT, F(l2_inq), 1, 1024, NULL, "requests waiting at an L2 slice"},
    {"l2.sectored", K_UINT, F(l2_sectored), 0, 1, NULL, "1: a sector cache (GPGPU-Sim's S): each 32 B sector of a line is valid, fetched (a 32 B DRAM read) and answered on its own"},
    {"l2.write_alloc", K_ENUM, F(l2_wfetch), 0, 0, l2_walloc_names, "a write miss: allocate and write, no fetch (whole); fetch a partly written line, the write waiting in its MSHR entry (fetch: GPGPU-Sim's F); send the write on to the DRAM and fetch the line, later writes merging (naive: W); allocate, fetch on a read of what was not written whole (lazy: L); send it on, no allocation (none: N)"},

    {"dram.policy", K_ENUM, F(policy), 0, 0, dram_sched_policy_names, "DRAM scheduling policy"},
    {"dram.read_queue", K_UINT, F(rdq), 1, DS_MAX_RDQ, NULL, "dram_sched read queue entries"},
    {"dram.write_queue", K_UINT, F(wrq), 1, DS_MAX_WRQ, NULL, "dram_sched write queue entries"},
    {"dram.high_wm", K_UINT, F(high_wm), 1, DS_MAX_WRQ, NULL, "enter write drain at this many writes"},
    {"dram.low_wm", K_UINT, F(low_wm), 0, DS_MAX_WRQ, NULL, "leave write drain at or below"},
    {"dram.bank_queue", K_UINT, F(bank_q), 1, 64, NULL, "per-bank command queue entries"},
    {"dram.banks", K_UINT, T(nbk), 1, 64, NULL, "banks per channel (power of two)"},
    {"dram.bank_groups", K_UINT, T(nbkgrp), 1, 64, NULL, "bank groups"},
    {"dram.tRCD", K_UINT, T(tRCD), 1, 1000, NULL, "ACT to RD/WR"},
    {"dram.tRAS", K_UINT, T(tRAS), 1, 1000, NULL, "ACT to PRE"},
    {"dram.tRP", K_UINT, T(tRP), 1, 1000, NULL, "PRE to ACT"},
    {"dram.tRC", K_UINT, T(tRC), 1, 1000, NULL, "ACT to ACT, same bank"},
    {"dram.tRRD", K_UINT, T(tRRD), 1, 1000, NULL, "ACT to ACT, different banks"},
    {"dram.tCCDS", K_UINT, T(tCCDS), 1, 1000, NULL, "column to column, different bank groups"},
    {"dram.tCCDL", K_UINT, T(tCCDL), 1, 1000, NULL, "column to column, same bank group"},
    {"dram.tCL", K_UINT, T(tCL), 1, 1000, NULL, "RD to data"},
    {"dram.tWL", K_UINT, T(tWL), 1, 1000, NULL, "WR to data"},
    {"dram.tCDLR", K_UINT, T(tCDLR), 0, 1000, NULL, "last write data to RD"},
    {"dram.tWR", K_UINT, T(tWR), 1, 1000, NULL, "write recovery: last write data to PRE"},
    {"dram.tRTPL", K_UINT, T(tRTPL), 0, 1000, NULL, "RD to PRE within a bank group"},
    {"dram.tRTRS", K_UINT, T(tRTRS), 0, 1000, NULL, "extra read-to-write bus turnaround"},
    {"dram.burst", K_UINT, T(BL), 1, 64, NULL, "burst length (transfers)"},
    {"dram.data_ratio", K_UINT, T(data_cmd_ratio), 1, 16, NULL, "data transfers per command clock"},
    {"dram.tFAW", K_UINT, T(tFAW), 0, 1000, NULL, "four-activate window (0: not modelled)"},
    {"dram.tREFI", K_UINT, T(tREFI), 0, 1000000, NULL, "refresh interval (0: no refresh)"},
    {"dram.tRFC", K_UINT, T(tRFC), 0, 100000, NULL, "refresh cycle time"},
    {"dram.buswidth", K_UINT, F(buswidth), 1, 64, NULL, "bytes per chip per transfer"},
    {"dram.chips", K_UINT, F(chips), 1, 16, NULL, "chips per channel"},
    {"dram.rows", K_UINT, F(rows), 1, 1u << 20, NULL, "rows per bank (power of two)"},
    {"dram.row_bytes", K_UINT, F(row_bytes), 128, 1u << 20, NULL, "bytes per row across the channel (power of two)"},
    {"dram.channel_shift", K_UINT, F(chan_shift), 7, 20, NULL, "channel interleave: log2 bytes"},
    {"dram.map", K_MAP, F(map), 0, 64, NULL, "line-index bits in a channel, MSB first (R row, B bank, G group, C column; '-': GPGPU-Sim's GTX480 cut for the geometry, RRRRRRRRRRRRBBBCCCCBC at 16 banks, 4 KB rows, 4096 rows)"},
    {"dram.addr_w", K_UINT, F(addr_w), 1, 48, NULL, "dram_sched block-address bits"},
    {"dram.perfect", K_UINT, F(perfect), 0, 1, NULL, "1: perfect DRAM: zero latency at the controller, no bank or bus limits (the thesis' Figure 5.1)"},
    {"dram.test_shorten", K_ENUM, F(shorten), 0, 0, shorten_names, "test knob: the engine breaks one timing rule by a cycle (sim/config.h DRAM_SHORTEN)"},

    {"run.max_cycles", K_U64, F(max_cycles), 0, UINT64_MAX, NULL, "stop after this many core cycles (0: none)"},
    {"run.check_dram", K_UINT, F(check_dram), 0, 1, NULL, "check every DRAM command's timing (--check-dram)"},
    {"run.skip", K_UINT, F(skip), 0, 1, NULL, "1: skip units whose state cannot change (exact); 0: step every unit every cycle (a test)"},
    {"run.test_break", K_ENUM, F(test_break), 0, 0, config_break_names, "test knob: this block's C model is wrong at run.test_break_cycle (the lockstep must catch it)"},
    {"run.test_break_cycle", K_U64, F(test_break_cycle), 1, UINT64_MAX, NULL, "test knob: the cycle of each instance of run.test_break at which its C model is wrong"},
};
#define NKEYS (sizeof keys / sizeof keys[0])
_Static_assert(NKEYS <= CONFIG_MAX_KEYS, "config_t.from needs a row per key: raise CONFIG_MAX_KEYS");

void config_defaults(config_t *c)
{
    memset(c, 0, sizeof *c);
    c->clk_core = c->clk_icnt = c->clk_l2 = 1400000;
    c->clk_dram = 924000;
    c->n_sm = 15;
    c->max_warps = 48;
    c->max_blocks = 8;
    c->max_threads = 1536;
    c->regs = 32768;
    c->shmem = 48 * 1024;
    c->n_sched = 2;
    c->sched = SCHED_ID_gto;
    c->tl_active = 8;
    c->tbas_min_active = 1;
    c->tbas_run_batches = 1;
    c->batch_stride = 0;
    c->lat_int = 4;
    c->lat_fp = 4;
    c->lat_dp = 8;
    c->lat_sfu = 20;
    c->lat_branch = 4;
    c->ii_dp = 8;
    c->ii_sfu = 8;
    c->lat_shmem = 24;
    c->max_loads = 8;
    c->coalesce = COALESCE_FERMI;   /* GPGPU-Sim 3.x's coalescer (the papers' simulator) */
    c->local_map = LOCAL_MAP_GPGPUSIM;   /* GPGPU-Sim's -gpgpu_local_mem_map default (1) */
    c->store_ack = 1;               /* GPGPU-Sim acknowledges every store */
    c->pipeline = PIPE_GPGPUSIM;    /* GPGPU-Sim's GTX480 SM (its gpgpusim.config) */
    c->units_sp = 2;
    c->ex_wb = 2;
    c->reg_banks = 16;
    static const unsigned id_oc[] = {2, 1, 1}, oc_units[] = {6, 8, 2}, oc_ports[] = {2, 1, 1};   /* PU_* */
    for (unsigned t = 0; t < PU_TYPES; t++) {
        c->id_oc[t] = c->oc_ex[t] = id_oc[t];
        c->oc_units[t] = oc_units[t];
        c->oc_in[t] = c->oc_out[t] = oc_ports[t];
    }
    c->l1_sets = 32;
    c->l1_ways = 4;
    c->l1_line = 128;
    c->l1_mshr = 32;
    c->l1_merge = 8;
    c->l1_mq = 8;
    c->l1_lat = 4;
    c->l1_alloc = ALLOC_ON_MISS;
    c->l1_repl = REPL_LRU;
    c->l1_write = L1_WRITE_EVICT;     /* GPGPU-Sim's GTX480 L1D: L, global stores evict the line */
    mrpb_final_modes(c);
    c->mrpb_on = 0;
    c->icnt_lat = 8;
    c->icnt_flit = 32;
    c->icnt_buf = 8;
    c->n_mem = 6;
    c->n_sub = 2;
    c->l2_sets = 32;
    c->l2_ways = 16;
    c->l2_repl = REPL_LRU;
    c->l2_wfetch = L2W_NAIVE;   /* GPGPU-Sim's W, the GTX480's L2: the write goes on, the line is fetched */
    c->l2_mshr = 64;
    c->l2_merge = 16;
    c->l2_mq = 8;
    c->l2_lat = 120;
    c->l2_dram_lat = 20;
    c->l2_inq = 8;
    c->policy = DS_FRFCFS;
    c->rdq = 64;
    c->wrq = 128;
    c->high_wm = 96;
    c->low_wm = 80;
    c->bank_q = 2;
    c->t = (dram_timing_t){.nbk = 16, .nbkgrp = 4, .tRCD = 12, .tRAS = 28, .tRP = 12, .tRC = 40, .tRRD = 6,
                           .tCCDS = 2, .tCCDL = 3, .tCL = 12, .tWL = 4, .tCDLR = 5, .tWR = 12, .tRTPL = 2,
                           .tRTRS = 2, .BL = 8, .data_cmd_ratio = 4};
    c->buswidth = 4;
    c->chips = 2;
    c->rows = 4096;
    c->row_bytes = 4096;
    c->chan_shift = 8;
    c->page_bytes = 4096;
    c->sl1_line = 16;
    c->sl1_monitor = 300;
    c->sl1_min_hit = 50;
    c->sub_sel = SUBSEL_BANK;   /* with the derived map (""): GPGPU-Sim's GTX480 mapping (addrmap.c) */
    c->addr_w = 24;
    c->check_dram = 0;
    c->skip = 1;
    c->test_break_cycle = 1000;
}

/* MRPB Table 4's choice: warp-ID queues, fixed order (not greedy), flush,
 * bypass on associativity stalls, 8 entries, latency 5. */
void mrpb_final_modes(config_t *c)
{
    c->mrpb_on = 1;
    c->mrpb_sig = MRPB_SIG_WARP;
    c->mrpb_pol = MRPB_POL_FIXED;
    c->mrpb_greedy = 0;
    c->mrpb_flush = 1;
    c->mrpb_byp = MRPB_BYP_ASSOC;
    c->mrpb_reorder = 1;
    c->mrpb_depth = 8;
    c->mrpb_lat = 5;
}

/* Presets: key=value lists applied over the defaults (the thesis' GTX480). */
static const struct {
    const char *name, *what, *sets;
} presets[] = {
    {"gtx480-mib", "MIB thesis Table 5.1: 15 SMs, GTO, L1 16 KB 4-way, 12 x 64 KB 16-way L2, 64x16 L2 MSHRs, "
                   "6 GDDR5 channels (Hynix H5GQ1H24AFR), 1400/924 MHz",
     ""},
    {"base-s", "MRPB Table 1 Base-S: 14 SMs, L1 16 KB 4-way, 32 MSHRs, 6 x 128 KB 16-way L2, FR-FCFS, 1150/750 MHz",
     "sm.count=14 sm.shmem=49152 l1.sets=32 l1.ways=4 l1.mshr=32 l2.sets=32 l2.ways=16 "
     "clock.core=1150 clock.icnt=1150 clock.l2=1150 clock.dram=750"},
    {"base-l", "MRPB Table 1 Base-L: as Base-S with a 48 KB 6-way L1 (16 KB shared memory)",
     "sm.count=14 sm.shmem=16384 l1.sets=64 l1.ways=6 l1.mshr=32 l2.sets=32 l2.ways=16 "
     "clock.core=1150 clock.icnt=1150 clock.l2=1150 clock.dram=750"},
    {"apres", "APRES Table III: 15 SMs at 1.4 GHz, LRR, L1 32 KB 8-way 64 MSHRs, 768 KB 8-way L2, "
              "6 partitions at 924 MHz; a load's unloaded L2 hit 200 cycles, DRAM access 440",
     "sm.scheduler=lrr l1.sets=32 l1.ways=8 l1.mshr=64 l2.sets=64 l2.ways=8 l2.latency=176 l2.dram_latency=191"},
    {"temp", "TEMP Table 4 (GPU side): 8 SMs at 600 MHz, one warp scheduler (SIMD width 16), CCWS, L1 32 KB 4-way "
             "write-through, 2 x 512 KB 8-way L2, 2 GDDR5 channels of 16 banks, FR-FCFS 64-entry queues, 4 KB pages "
             "each in one bank",
     "sm.count=8 sm.schedulers=1 sm.scheduler=ccws clock.core=600 clock.icnt=600 clock.l2=600 l1.sets=64 l1.ways=4 "
     "l1.write=through mem.partitions=2 mem.sub_partitions=1 l2.sets=512 l2.ways=8 dram.read_queue=64 "
     "mem.page_bytes=4096 dram.channel_shift=12 dram.map=RRRRRRRRRRRRGGBBCCCCC"},
    {"gtx680", "S-L1's GPU (its section 2.1): 8 SMX at 1020 MHz, 192 cores, 48 KB shared memory, L1 not caching "
               "global data (32 B sectors to the L2), 512 KB L2 in 4 banks, 4 GDDR5 channels, 192 GB/s; shared "
               "memory 80 cycles, a load's unloaded L2 hit 210, DRAM access 340",
     "sm.count=8 clock.core=1020 clock.icnt=1020 clock.l2=1020 clock.dram=1502 sm.schedulers=6 sm.warps=64 "
     "sm.threads=2048 sm.blocks=16 sm.regs=65536 sm.shmem=49152 sm.lat_shmem=80 l1.bypass=1 sm.coalesce=sector "
     "mem.partitions=4 mem.sub_partitions=1 l2.sets=64 l2.ways=16 l2.sectored=1 l2.latency=186 l2.dram_latency=98 "
     "dram.tRCD=21 dram.tRAS=46 dram.tRP=20 dram.tRC=65 dram.tRRD=10 dram.tCL=20 dram.tWL=7 dram.tCDLR=8 "
     "dram.tWR=20 dram.tRTPL=3"},
    {"gtx560", "S-L1's hardware-L1 comparison (its Figure 12): 7 SMs at 1620 MHz, 48 cores, a 48 KB L1 caching "
               "global data (16 KB shared memory), 512 KB L2, 4 GDDR5 channels, 128 GB/s",
     "sm.count=7 clock.core=1620 clock.icnt=1620 clock.l2=1620 clock.dram=1001 sm.schedulers=2 sm.shmem=16384 "
     "l1.sets=64 l1.ways=6 mem.partitions=4 mem.sub_partitions=1 l2.sets=64 l2.ways=16 "
     "dram.tRCD=13 dram.tRAS=30 dram.tRP=13 dram.tRC=43 dram.tRRD=6 dram.tCL=13 dram.tWL=4 dram.tCDLR=5 "
     "dram.tWR=13 dram.tRTPL=2"},
};
#define NPRESETS (sizeof presets / sizeof presets[0])

const char *const config_preset_names[] = {"gtx480-mib", "base-s", "base-l", "apres", "temp", "gtx680", "gtx560", NULL};

void config_print_presets(FILE *f)
{
    for (size_t i = 0; i < NPRESETS; i++)
        fprintf(f, "  %-11s %s\n", presets[i].name, presets[i].what);
}

int config_preset(config_t *c, const char *name)
{
    for (size_t i = 0; i < NPRESETS; i++) {
        if (strcmp(presets[i].name, name))
            continue;
        config_defaults(c);
        char buf[1024], from[32];
        snprintf(buf, sizeof buf, "%s", presets[i].sets);
        snprintf(from, sizeof from, "preset %s", name);
        for (char *save = NULL, *kv = strtok_r(buf, " ", &save); kv; kv = strtok_r(NULL, " ", &save))
            if (config_set(c, kv, from))
                return 2;
        return 0;
    }
    fprintf(stderr, "memsched: unknown configuration '%s' (no preset and no file of that name); presets:\n", name);
    config_print_presets(stderr);
    fprintf(stderr, "or a GPGPU-Sim gpgpusim.config file\n");
    return 2;
}

int config_is_preset(const char *name)
{
    for (size_t i = 0; i < NPRESETS; i++)
        if (!strcmp(presets[i].name, name))
            return 1;
    return 0;
}

/* A file if one of that name exists; else a preset; else a name that looks
 * like a path (a '/' or '.': no preset has one) is read as a file, so the
 * message names the file that is missing; else an unknown preset. */
int config_load(config_t *c, const char *name, FILE *notes, int strict)
{
    struct stat sb;
    int exists = stat(name, &sb) == 0;
    config_defaults(c);
    if ((exists && S_ISREG(sb.st_mode)) || (!config_is_preset(name) && (exists || strpbrk(name, "/."))))
        return config_read_gpgpusim(c, name, notes, strict);
    return config_preset(c, name);
}

static const key_t_ *find_key(const char *name, size_t n)
{
    for (size_t i = 0; i < NKEYS; i++)
        if (strlen(keys[i].name) == n && !strncmp(keys[i].name, name, n))
            return &keys[i];
    return NULL;
}

static void accepted(FILE *f, const key_t_ *k)
{
    if (k->kind == K_ENUM) {
        fprintf(f, "one of:");
        for (const char *const *n = k->names; *n; n++)
            fprintf(f, " %s", *n);
    } else if (k->kind == K_MHZ) {
        fprintf(f, "a frequency in MHz, e.g. 924 or 1400.5");
    } else if (k->kind == K_MAP) {
        fprintf(f, "'-' or up to 64 of R B G C, e.g. RRRRRRRRRRRRBBBBCCCCC");
    } else {
        fprintf(f, "an integer from %" PRIu64 " to %" PRIu64, k->min, k->max);
    }
}

/* A frequency "924", "924.0", "1150.25" (MHz) as kHz, exactly. */
static int parse_mhz(const char *s, uint64_t *khz)
{
    uint64_t whole = 0, frac = 0;
    unsigned fd = 0;
    const char *p = s;
    if (!isdigit((unsigned char)*p))
        return -1;
    while (isdigit((unsigned char)*p)) {
        whole = whole * 10 + (uint64_t)(*p++ - '0');
        if (whole > 1000000)
            return -1;
    }
    if (*p == '.') {
        p++;
        while (isdigit((unsigned char)*p)) {
            if (fd == 3) {
                if (*p != '0')
                    return -1;
            } else {
                frac = frac * 10 + (uint64_t)(*p - '0');
                fd++;
            }
            p++;
        }
    }
    if (*p)
        return -1;
    while (fd < 3) {
        frac *= 10;
        fd++;
    }
    *khz = whole * 1000 + frac;
    return 0;
}

/* Remember that key k's value came from `where` (its tail, if it is long). */
static void set_from(config_t *c, const key_t_ *k, const char *where)
{
    char *f = c->from[k - keys];
    size_t n = strlen(where);
    if (n < CONFIG_FROM_LEN)
        memcpy(f, where, n + 1);
    else
        snprintf(f, CONFIG_FROM_LEN, "...%s", where + n - (CONFIG_FROM_LEN - 4));
}

/* Key k = v. 0, or 2 after a message naming the key and the accepted values. */
static int set_value(config_t *c, const key_t_ *k, const char *v, const char *where)
{
    char *base = (char *)c + k->off;
    uint64_t x = 0;
    if (k->kind == K_ENUM) {
        for (unsigned i = 0; k->names[i]; i++)
            if (!strcmp(k->names[i], v)) {
                *(unsigned *)base = i;
                if (k->off == F(mrpb_on) && i == 2)
                    mrpb_final_modes(c);   /* mrpb=final: on, with the paper's modes */
                return 0;
            }
    } else if (k->kind == K_MAP) {
        size_t n = strlen(v);
        if (!strcmp(v, "-")) {
            base[0] = 0;
            return 0;
        }
        if (n >= 1 && n <= k->max && strspn(v, "RBGC") == n) {
            memcpy(base, v, n + 1);
            return 0;
        }
    } else if (k->kind == K_MHZ) {
        if (!parse_mhz(v, &x) && x >= k->min && x <= k->max) {
            *(uint64_t *)base = x;
            return 0;
        }
    } else if (!engine_parse_uint(v, 10, k->max, &x) && x >= k->min) {   /* decimal only, as GPGPU-Sim's files */
        if (k->kind == K_U64)
            *(uint64_t *)base = x;
        else
            *(unsigned *)base = (unsigned)x;
        return 0;
    }
    fprintf(stderr, "%s: bad value '%s' for %s: expected ", where, v, k->name);
    accepted(stderr, k);
    fputc('\n', stderr);
    return 2;
}

static int set_key(config_t *c, const key_t_ *k, const char *v, const char *where)
{
    if (set_value(c, k, v, where))
        return 2;
    set_from(c, k, where);
    return 0;
}

int config_set(config_t *c, const char *kv, const char *where)
{
    const char *eq = strchr(kv, '=');
    if (!eq) {
        fprintf(stderr, "%s: expected key=value, got '%s'\n", where, kv);
        return 2;
    }
    const key_t_ *k = find_key(kv, (size_t)(eq - kv));
    if (!k) {
        fprintf(stderr, "%s: unknown key '%.*s' (memsched sim --list-keys prints them)\n", where, (int)(eq - kv), kv);
        return 2;
    }
    return set_key(c, k, eq + 1, where);
}

static int pow2(uint64_t x) { return x && !(x & (x - 1)); }

/* log2 of a power of two */
static unsigned lg(uint64_t x) { return bits_clog2(x); }

static void value_str(const config_t *c, const key_t_ *k, char *buf, size_t n);

/* "memsched: bad configuration: RULE (key=value from ORIGIN, ...)" for the
 * keys named (NULL-terminated), so the user sees which setting to change
 * and where it was made; 2. */
static int refuse(const config_t *c, const char *rule, const char *const *names)
{
    fprintf(stderr, "memsched: bad configuration: %s (", rule);
    for (const char *const *n = names; *n; n++) {
        const key_t_ *k = find_key(*n, strlen(*n));
        char v[72];
        value_str(c, k, v, sizeof v);
        const char *from = c->from[k - keys];
        fprintf(stderr, "%s%s=%s from %s", n == names ? "" : ", ", k->name, v, *from ? from : "the defaults");
    }
    fprintf(stderr, ")\n");
    return 2;
}
#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* dram.map: the bank bits (B and G) and column bits (C) must be exactly the
 * configuration's; the row bits (R) at most log2(rows) (the row wraps). */
static int map_check(const config_t *c)
{
    unsigned r = 0, b = 0, g = 0, col = 0;
    for (const char *p = c->map; *p; p++) {
        r += *p == 'R';
        b += *p == 'B';
        g += *p == 'G';
        col += *p == 'C';
    }
    unsigned want_g = g ? lg(c->t.nbkgrp) : 0;
    if (g != want_g || b + g != lg(c->t.nbk) || col != lg(c->row_bytes / 128) || r > lg(c->rows)) {
        char buf[256];
        snprintf(buf, sizeof buf, "dram.map has %u R, %u B, %u G, %u C; expected %u B+G (G: 0 or %u), %u C, at most %u R",
                 r, b, g, col, lg(c->t.nbk), lg(c->t.nbkgrp), lg(c->row_bytes / 128), lg(c->rows));
        return refuse(c, buf, KEYS("dram.map", "dram.banks", "dram.bank_groups", "dram.row_bytes", "dram.rows"));
    }
    return 0;
}

/* A set-index function other than linear needs a power-of-two set count it
 * is defined for (cache_policy.h CACHE_INDEX). */
static int index_check(const config_t *c, unsigned f, unsigned sets, const char *fkey, const char *skey)
{
    if (f == INDEX_LINEAR || (pow2(sets) && (!index_sets[f] || (index_sets[f] & sets))))
        return 0;
    char buf[160];
    if (index_sets[f])
        snprintf(buf, sizeof buf, "%s=%s is defined for %s of %s sets", fkey, index_names[f], skey,
                 index_sets[f] == (32 | 64) ? "32 or 64" : "16, 32 or 64");
    else
        snprintf(buf, sizeof buf, "%s=%s needs a power-of-two %s", fkey, index_names[f], skey);
    return refuse(c, buf, KEYS(fkey, skey));
}

int config_check(const config_t *c)
{
    unsigned burst = c->t.BL * c->buswidth * c->chips;
    if (c->high_wm > c->wrq)
        return refuse(c, "dram.high_wm must not exceed dram.write_queue", KEYS("dram.high_wm", "dram.write_queue"));
    if (c->low_wm >= c->high_wm)
        return refuse(c, "dram.low_wm must be below dram.high_wm", KEYS("dram.low_wm", "dram.high_wm"));
    if (!pow2(c->t.nbk) || !pow2(c->t.nbkgrp) || c->t.nbk % c->t.nbkgrp)
        return refuse(c, "dram.banks and dram.bank_groups must be powers of two, banks a multiple of groups",
                      KEYS("dram.banks", "dram.bank_groups"));
    if (!pow2(c->rows) || !pow2(c->row_bytes))
        return refuse(c, "dram.rows and dram.row_bytes must be powers of two", KEYS("dram.rows", "dram.row_bytes"));
    if (c->t.BL % c->t.data_cmd_ratio)
        return refuse(c, "dram.burst must be a multiple of dram.data_ratio", KEYS("dram.burst", "dram.data_ratio"));
    if (c->t.tREFI && c->t.tRFC >= c->t.tREFI)
        return refuse(c, "dram.tRFC must be below dram.tREFI (a refresh must end before the next is due)",
                      KEYS("dram.tRFC", "dram.tREFI"));
    if (c->l1_line % burst && burst % c->l1_line)
        return refuse(c, "a line must be a whole number of DRAM bursts (burst x buswidth x chips bytes) or one burst",
                      KEYS("l1.line", "dram.burst", "dram.buswidth", "dram.chips"));
    if (c->l2_mq < 2)
        return refuse(c, "l2.miss_queue must hold at least 2 (a read miss may need room for a write-back too)",
                      KEYS("l2.miss_queue"));
    if (!pow2(c->n_sub))
        return refuse(c, "mem.sub_partitions must be 1, 2 or 4", KEYS("mem.sub_partitions"));
    if (c->sub_sel == SUBSEL_BANK && c->t.nbk < c->n_sub)
        return refuse(c, "mem.sub_select=bank needs at least as many DRAM banks as sub-partitions",
                      KEYS("mem.sub_select", "dram.banks", "mem.sub_partitions"));
    if (c->sub_sel == SUBSEL_LINE && (1u << c->chan_shift) < c->l1_line * c->n_sub)
        return refuse(c, "dram.channel_shift must cover a line per sub-partition (2^shift >= 128 x sub_partitions)",
                      KEYS("dram.channel_shift", "mem.sub_partitions"));
    if (c->map[0] && map_check(c))
        return 2;
    if (c->first_sm >= c->n_sm)
        return refuse(c, "gpu.first_sm must name an SM (below sm.count)", KEYS("gpu.first_sm", "sm.count"));
    if (c->swl && (sched_flags[c->sched] & SCHED_NO_SWL))
        return refuse(c, "sm.swl does not combine with this sm.scheduler (its active set would hold warps SWL stops)",
                      KEYS("sm.swl", "sm.scheduler"));
    if (c->l1_pf == PF_ID_sap && c->sched != SCHED_ID_laws)
        return refuse(c, "l1.prefetch=sap needs LAWS (sm.scheduler=laws): SAP prefetches for the warp group LAWS "
                      "hands it on a miss", KEYS("l1.prefetch", "sm.scheduler"));
    if (c->sched == SCHED_ID_laws && c->n_sched > APRES_LAWS_MAX_SCHEDS)
        return refuse(c, "sm.scheduler=laws has an issue output for at most 4 warp schedulers (apres_laws' Scheds)",
                      KEYS("sm.scheduler", "sm.schedulers"));
    if (c->page_bytes & (c->page_bytes - 1))
        return refuse(c, "mem.page_bytes must be a power of two", KEYS("mem.page_bytes"));
    if (c->sl1_line % 4)
        return refuse(c, "sl1.line must be a multiple of 4 (a line is written back in 4 B words)", KEYS("sl1.line"));
    if (c->dispatch == DISPATCH_ID_temp && c->n_sm > TEMP_DISPATCH_MAX_SMS)
        return refuse(c, "gpu.dispatch=temp has a queue per SM, at most 64 (temp_dispatch's NumSms)",
                      KEYS("gpu.dispatch", "sm.count"));
    if (c->sched == SCHED_ID_tbas && c->n_sched != 1)
        return refuse(c, "sm.scheduler=tbas needs sm.schedulers=1 (the tbas block issues one warp a cycle)",
                      KEYS("sm.scheduler", "sm.schedulers"));
    if (c->sched == SCHED_ID_tbas && c->max_blocks > TBAS_MAX_BATCHES)
        return refuse(c, "sm.scheduler=tbas has a batch slot per thread block slot, at most 16 (tbas' MaxBatches)",
                      KEYS("sm.scheduler", "sm.blocks"));
    if (c->sched == SCHED_ID_tbas && c->tbas_run_batches > c->max_blocks)
        return refuse(c, "tbas.run_batches is more than the batch slots (sm.blocks)", KEYS("tbas.run_batches", "sm.blocks"));
    if (c->sched == SCHED_ID_tbas && c->tbas_min_active > c->max_warps)
        return refuse(c, "tbas.min_active is more than the warps of an SM (sm.warps)", KEYS("tbas.min_active", "sm.warps"));
    if (c->mrpb_on && c->mrpb_sig == MRPB_SIG_BLOCK && c->max_blocks > (1u << MRPB_BLOCK_W))
        return refuse(c, "mrpb.signature=block needs sm.blocks <= 8 (the MRPB's 3-bit block ID)",
                      KEYS("mrpb.signature", "sm.blocks"));
    if (index_check(c, c->l1_index, c->l1_sets, "l1.index", "l1.sets") ||
        index_check(c, c->l2_index, c->l2_sets, "l2.index", "l2.sets"))
        return 2;
    if ((uint64_t)c->l1_sets * c->l1_line * c->l1_ways > (1u << 24))
        return refuse(c, "the L1 is larger than 16 MB", KEYS("l1.sets", "l1.ways", "l1.line"));
    /* the MIB (cmodel/mib_l2.h) has a slot per L2 MSHR entry and a 4-bit merge length */
    if (c->policy >= DS_MSHR_M && c->l2_mshr > MIB_MAX_ENTRIES)
        return refuse(c, "the MIB policies hold at most 128 L2 MSHR entries", KEYS("dram.policy", "l2.mshr"));
    if (c->policy >= DS_MSHR_M && c->l2_merge > (1u << MIB_LEN_W))
        return refuse(c, "the MIB policies merge at most 16 requests per L2 MSHR entry", KEYS("dram.policy", "l2.merge"));
    if (c->policy >= DS_MSHR_M && c->l2_sectored)
        return refuse(c, "the MIB policies track the thesis' whole-line L2 MSHR entries: l2.sectored=0",
                      KEYS("dram.policy", "l2.sectored"));
    unsigned bits = c->l2_sectored ? 2 : 0;   /* a sectored L2's requests name their sector too */
    for (uint64_t n = (uint64_t)c->rows * c->t.nbk * (c->row_bytes / 128); n > 1; n >>= 1)
        bits++;
    if (bits > c->addr_w) {
        char buf[160];
        snprintf(buf, sizeof buf, "dram.addr_w must hold a channel's block addresses (%u bits%s)", bits,
                 c->l2_sectored ? ", with the sector" : "");
        return refuse(c, buf, KEYS("dram.addr_w", "dram.rows", "dram.banks", "dram.row_bytes", "l2.sectored"));
    }
    return 0;
}

static void value_str(const config_t *c, const key_t_ *k, char *buf, size_t n)
{
    const char *base = (const char *)c + k->off;
    switch (k->kind) {
    case K_ENUM:
        snprintf(buf, n, "%s", k->names[*(const unsigned *)base]);
        break;
    case K_MAP:
        snprintf(buf, n, "%s", base[0] ? base : "-");
        break;
    case K_MHZ: {
        uint64_t khz = *(const uint64_t *)base;
        if (khz % 1000)
            snprintf(buf, n, "%" PRIu64 ".%03" PRIu64, khz / 1000, khz % 1000);
        else
            snprintf(buf, n, "%" PRIu64, khz / 1000);
        break;
    }
    case K_U64:
        snprintf(buf, n, "%" PRIu64, *(const uint64_t *)base);
        break;
    default:
        snprintf(buf, n, "%u", *(const unsigned *)base);
    }
}

void config_each(const config_t *c, void (*fn)(void *u, const char *key, const char *value, int numeric), void *u)
{
    char buf[64];
    for (size_t i = 0; i < NKEYS; i++) {
        value_str(c, &keys[i], buf, sizeof buf);
        fn(u, keys[i].name, buf, keys[i].kind != K_ENUM && keys[i].kind != K_MAP);
    }
}

void config_print_keys(FILE *f, const config_t *c)
{
    char buf[64];
    for (size_t i = 0; i < NKEYS; i++) {
        value_str(c, &keys[i], buf, sizeof buf);
        fprintf(f, "  %-22s %-11s %s (", keys[i].name, buf, keys[i].help);
        accepted(f, &keys[i]);
        fprintf(f, ")\n");
    }
}
