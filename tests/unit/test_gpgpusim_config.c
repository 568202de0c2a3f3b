/* test_gpgpusim_config.c - the GPGPU-Sim gpgpusim.config reader
 * (sim/gpgpusim_config.c).
 *
 * tests/configs/gtx480-mib.config read over the defaults and over every
 * other preset gives exactly the gtx480-mib preset (memcmp of config_t);
 * tests/configs/gtx480-gpgpusim.config, a GTX480 kept the GPGPU-Sim way with
 * many options the model does not have, gives the values worked out from it
 * by hand and lists the rest; the five tested GPGPU-Sim / Accel-Sim
 * configurations (sm*.config) load with the values worked out from them;
 * then small files written to /tmp for each form, each caveat note, each
 * kind of malformed line and unknown option, with the exact message ('@' in
 * an expected text stands for the file's path); config_check's messages
 * name each key's value and where it came from.
 *
 * Run from the repository root (CONFIG_DIR, default tests/configs).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/sched.h"
#include "io/config.h"

#ifndef CONFIG_DIR
#define CONFIG_DIR "tests/configs"
#endif

/* ---- helpers ----------------------------------------------------------- */

typedef struct {
    int rc;
    config_t c;
    char err[4096];     /* what went to stderr */
    char notes[8192];   /* what went to the notes stream */
} result_t;

static char tmp_path[64];
static int strict;   /* read with --strict */

/* All of f from its start into buf (n bytes), NUL-terminated; closes f. */
static void slurp(FILE *f, char *buf, size_t n)
{
    rewind(f);
    size_t got = fread(buf, 1, n - 1, f);
    buf[got] = '\0';
    fclose(f);
}

/* Read path over the defaults (or over preset, if not NULL) into *r. */
static void read_over(const char *preset, const char *path, result_t *r)
{
    config_defaults(&r->c);
    if (preset)
        assert_int_equal(config_preset(&r->c, preset), 0);
    FILE *notes = tmpfile(), *cap = tmpfile();
    assert_non_null(notes);
    assert_non_null(cap);
    fflush(stderr);
    int saved = dup(2);
    dup2(fileno(cap), 2);
    r->rc = config_read_gpgpusim(&r->c, path, notes, strict);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    slurp(cap, r->err, sizeof r->err);
    slurp(notes, r->notes, sizeof r->notes);
}

/* text written to a fresh file in /tmp (its path in tmp_path), then read. */
static void read_text(const char *text, result_t *r)
{
    strcpy(tmp_path, "/tmp/test_gpgpusim_XXXXXX");
    int fd = mkstemp(tmp_path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    read_over(NULL, tmp_path, r);
    unlink(tmp_path);
}

/* want with every '@' replaced by tmp_path (static buffer). */
static const char *at_path(const char *want)
{
    static char buf[8192];
    size_t n = 0;
    buf[0] = '\0';
    for (const char *p = want; *p && n < sizeof buf - 64; p++)
        n += (size_t)(*p == '@' ? snprintf(buf + n, sizeof buf - n, "%s", tmp_path)
                                : snprintf(buf + n, sizeof buf - n, "%c", *p));
    return buf;
}

/* text must be read with no message, exactly the notes `notes`. */
static void reads(const char *text, result_t *r, const char *notes)
{
    read_text(text, r);
    assert_string_equal(r->err, "");
    assert_int_equal(r->rc, 0);
    assert_string_equal(r->notes, at_path(notes));
}

/* text must fail with 2 and exactly the message msg (plus '\n'), no notes
 * line about ignored options. */
static void fails(const char *text, const char *msg)
{
    result_t r;
    read_text(text, &r);
    char want[1024];
    snprintf(want, sizeof want, "%s\n", at_path(msg));
    assert_string_equal(r.err, want);
    assert_int_equal(r.rc, 2);
    assert_null(strstr(r.notes, "ignored"));
}

/* ---- the two configuration files -------------------------------------- */

static void test_mib_equals_preset(void **state)
{
    (void)state;
    const char *path = CONFIG_DIR "/gtx480-mib.config";
    config_t want;
    assert_int_equal(config_preset(&want, "gtx480-mib"), 0);
    config_t defaults;
    config_defaults(&defaults);
    assert_memory_equal(&want, &defaults, CONFIG_VALUES_SIZE);   /* the preset is the defaults */
    /* over the defaults and over each other preset: every key it sets is back */
    static const char *const over[] = {NULL, "base-s", "base-l", "apres", "temp"};
    for (size_t i = 0; i < sizeof over / sizeof over[0]; i++) {
        result_t r;
        read_over(over[i], path, &r);
        assert_string_equal(r.err, "");
        assert_int_equal(r.rc, 0);
        if (over[i] && !strcmp(over[i], "temp")) {
            /* the file names no -gpgpu_mem_addr_mapping (the thesis' is the derived one): the temp
             * preset's address map, a page inside a bank, stays; the rest is back */
            config_t t;
            assert_int_equal(config_preset(&t, "temp"), 0);
            assert_string_equal(r.c.map, t.map);
            assert_int_equal(r.c.chan_shift, t.chan_shift);
            memcpy(r.c.map, want.map, sizeof want.map);
            r.c.chan_shift = want.chan_shift;
        }
        assert_memory_equal(&r.c, &want, CONFIG_VALUES_SIZE);
        assert_string_equal(r.notes,
                            CONFIG_DIR "/gtx480-mib.config:32: note: -gpgpu_cache:dl1: write policy L: global stores "
                                       "evict the line; local stores too (GPGPU-Sim writes them back)\n" CONFIG_DIR
                                       "/gtx480-mib.config: ignored 7 options the model does not have: "
                                       "-gpgpu_ptx_force_max_capability, -gpgpu_ptx_convert_to_ptxplus, "
                                       "-gpgpu_simd_model, -gpgpu_cache:dl2_texture_only, -network_mode, "
                                       "-inter_config_file, -gpgpu_dram_return_queue_size\n");
    }
    /* no notes stream: the same result, quietly */
    config_t c;
    config_preset(&c, "base-s");
    assert_int_equal(config_read_gpgpusim(&c, path, NULL, 0), 0);
    assert_memory_equal(&c, &want, CONFIG_VALUES_SIZE);
    assert_int_equal(config_check(&c), 0);
}

static void test_gtx480_typical(void **state)
{
    (void)state;
    result_t r;
    read_over(NULL, CONFIG_DIR "/gtx480-gpgpusim.config", &r);
    assert_string_equal(r.err, "");
    assert_int_equal(r.rc, 0);
    /* what differs from gtx480-mib, by hand from the file */
    config_t want;
    config_defaults(&want);
    want.clk_core = want.clk_icnt = want.clk_l2 = 700000;
    want.l2_sets = 64;
    want.l2_ways = 8;
    want.l2_mshr = 32;
    want.l2_merge = 4;
    want.l2_mq = 4;
    want.l2_dram_lat = 100;
    want.rdq = 16;
    want.l1_index = INDEX_FERMI;   /* H */
    strcpy(want.map, "RRRRRRRRRRRRBBBCCCCBC");   /* -gpgpu_mem_addr_mapping: the default cut, written out */
    /* its pipeline widths, SP units, collectors and banks are the defaults' (GPGPU-Sim's GTX480) */
    assert_memory_equal(&r.c, &want, CONFIG_VALUES_SIZE);
    assert_int_equal(config_check(&r.c), 0);
#define F CONFIG_DIR "/gtx480-gpgpusim.config"
    assert_string_equal(
        r.notes,
        F ":36: note: -gpgpu_cache:dl1: write policy L: global stores evict the line; local stores too (GPGPU-Sim writes them back)\n" F
          ":38: note: -gpgpu_cache:dl2: data port width 32 bytes not modelled (a whole line per access)\n" F
          ": ignored 25 options the model does not have: -gpgpu_ptx_instruction_classification, -gpgpu_ptx_sim_mode, "
          "-gpgpu_ptx_force_max_capability, -gpgpu_ptx_convert_to_ptxplus, -gpgpu_ptx_save_converted_ptxplus, "
          "-gpgpu_simd_model, -ptx_opcode_initiation_int, -ptx_opcode_initiation_fp, "
          "-gpgpu_cache:dl2_texture_only, -gpgpu_cache:il1, -gpgpu_tex_cache:l1, -gpgpu_const_cache:l1, "
          "-gpgpu_shmem_num_banks, -gpgpu_shmem_limited_broadcast, -gpgpu_shmem_warp_parts, "
          "-gpgpu_max_insn_issue_per_warp, -network_mode, -inter_config_file, -gpgpu_dram_return_queue_size, "
          "-gpgpu_mem_address_mask, -gpgpu_memlatency_stat, -gpgpu_runtime_stat, "
          "-enable_ptx_file_line_stats, -visualizer_enabled, -power_simulation_enabled\n");
#undef F
}

/* ---- the format --------------------------------------------------------- */

static void test_quotes_and_comments(void **state)
{
    (void)state;
    result_t r;
    reads("# a whole-line comment\n"
          "\n"
          "   \t\n"
          "-gpgpu_n_mem \"4\"   # four channels\n"
          "  -gpgpu_clock_domains \"1000.5:1100:1200.0:800.25\"\r\n"
          "-gpgpu_scheduler lrr# no blank before the comment\n"
          "-gpgpu_dram_timing_opt \"nbk=8:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:\n"
          "   # a comment inside the quoted value\n"
          "\n"
          "        CL=10:WL=4:CDLR=5:WR=12:nbkgrp=2:CCDL=3:RTPL=2\"   # and after it\n"
          "-gpgpu_shader_cta 6\n"
          "-gpgpu_n_mem 5\n"          /* the last one counts, as in GPGPU-Sim */
          "-gpgpu_mem_address_mask \"a b  c\"\n"
          "-gpgpu_mem_address_mask 2\n",   /* listed once */
          &r, "@: ignored 1 option the model does not have: -gpgpu_mem_address_mask\n");
    assert_int_equal(r.c.n_mem, 5);
    assert_true(r.c.clk_core == 1000500 && r.c.clk_icnt == 1100000 && r.c.clk_l2 == 1200000 &&
                r.c.clk_dram == 800250);
    assert_int_equal(r.c.sched, SCHED_ID_lrr);
    assert_true(r.c.t.nbk == 8 && r.c.t.tCL == 10 && r.c.t.nbkgrp == 2 && r.c.t.tCCDL == 3);
    assert_int_equal(r.c.max_blocks, 6);
    reads("", &r, "");   /* an empty file changes nothing */
    config_t d;
    config_defaults(&d);
    assert_memory_equal(&r.c, &d, CONFIG_VALUES_SIZE);
}

static void test_sm_count(void **state)
{
    (void)state;
    result_t r;
    reads("-gpgpu_n_cores_per_cluster 3\n-gpgpu_n_clusters 5\n", &r, "");
    assert_int_equal(r.c.n_sm, 15);
    reads("-gpgpu_n_cores_per_cluster 2\n", &r, "");
    assert_int_equal(r.c.n_sm, 2);
    reads("-gpgpu_n_clusters 10\n", &r, "");
    assert_int_equal(r.c.n_sm, 10);
    /* the product is checked by the key table, at the later of the two lines */
    fails("-gpgpu_n_clusters 64\n\n-gpgpu_n_cores_per_cluster 32\n",
          "@:3: bad value '2048' for sm.count: expected an integer from 1 to 1024");
    fails("-gpgpu_n_cores_per_cluster 64\n-gpgpu_n_clusters 32\n",
          "@:2: bad value '2048' for sm.count: expected an integer from 1 to 1024");
    fails("-gpgpu_n_clusters 0\n", "@:1: expected a positive integer, got '0'");
    fails("-gpgpu_n_cores_per_cluster x1\n", "@:1: expected a positive integer, got 'x1'");
}

/* ---- caches ------------------------------------------------------------- */

static void test_cache_forms(void **state)
{
    (void)state;
    result_t r;
    /* GPGPU-Sim 3.x form, no type and no set index function */
    reads("-gpgpu_cache:dl1 64:128:6,L:E:f:N,A:48:4,12\n", &r, "");
    assert_int_equal(r.c.l1_write, L1_WRITE_EVICT);
    /* the GTX480's L: GPGPU-Sim's hit function for it evicts on a global store (write-evict) and
     * writes a local one back; the model evicts both, and says so */
    reads("-gpgpu_cache:dl1 64:128:6,L:T:f:N,A:48:4,12\n", &r, "");
    assert_int_equal(r.c.l1_write, L1_WRITE_THROUGH);
    reads("-gpgpu_cache:dl1 64:128:6,L:L:f:N,A:48:4,12\n", &r,
          "@:1: note: -gpgpu_cache:dl1: write policy L: global stores evict the line; local stores too (GPGPU-Sim "
          "writes them back)\n");
    assert_int_equal(r.c.l1_write, L1_WRITE_EVICT);
    assert_true(r.c.l1_sets == 64 && r.c.l1_ways == 6 && r.c.l1_mshr == 48 && r.c.l1_merge == 4 && r.c.l1_mq == 12);
    assert_int_equal(r.c.l1_alloc, ALLOC_ON_FILL);
    assert_int_equal(r.c.l1_bypass, 0);
    /* Volta-like sector L1 with every trailing field */
    reads("-gpgpu_cache:dl1 S:4:128:64,F:T:m:L:X,S:512:8,16:0,32\n-gpgpu_l1_latency 20\n", &r,
          "@:1: note: -gpgpu_cache:dl1: sector cache modelled with whole 128-byte lines\n"
          "@:1: note: -gpgpu_cache:dl1: data port width 32 bytes not modelled (a whole line per access)\n"
          "@:1: note: -gpgpu_cache:dl1: write-allocate policy L not modelled (the L1 never allocates on a write)\n");
    assert_true(r.c.l1_sets == 4 && r.c.l1_ways == 64 && r.c.l1_mshr == 512 && r.c.l1_merge == 8 &&
                r.c.l1_mq == 16 && r.c.l1_lat == 20 && r.c.l1_alloc == ALLOC_ON_MISS && r.c.l1_repl == REPL_FIFO &&
                r.c.l1_index == INDEX_XOR && r.c.l1_write == L1_WRITE_THROUGH && r.c.l1_miss_lat == 1);
    /* streaming (Pascal, Volta): GPGPU-Sim 4 allocates it on fill */
    reads("-gpgpu_cache:dl1 N:4:128:96,L:E:s:N:L,A:256:8,16\n", &r,
          "@:1: note: -gpgpu_cache:dl1: streaming allocation s modelled as allocate on fill (l1.alloc=fill)\n");
    assert_true(r.c.l1_ways == 96 && r.c.l1_mshr == 256 && r.c.l1_alloc == ALLOC_ON_FILL);
    /* a texture-FIFO MSHR, read-only */
    reads("-gpgpu_cache:dl1 N:16:128:2,L:R:m:N:L,F:128:4,128:2\n", &r,
          "@:1: note: -gpgpu_cache:dl1: MSHR type F modelled as associative (A)\n"
          "@:1: note: -gpgpu_cache:dl1: read-only policy R modelled as write-evict\n");
    /* no L1 */
    reads("-gpgpu_cache:dl1 none\n", &r, "@:1: note: -gpgpu_cache:dl1 none: global loads bypass the L1D (l1.bypass=1)\n");
    assert_int_equal(r.c.l1_bypass, 1);
    reads("-gpgpu_gmem_skip_L1D 1\n-gpgpu_cache:dl1 32:128:4,L:E:m:N,A:32:8,8\n", &r, "");
    assert_int_equal(r.c.l1_bypass, 1);
    reads("-gpgpu_gmem_skip_L1D 0\n", &r, "");
    assert_int_equal(r.c.l1_bypass, 0);
    /* L2: what the model does not have */
    reads("-gpgpu_cache:dl2 N:128:128:8,L:T:f:N:L,A:128:8,16:0,128\n", &r,
          "@:1: note: -gpgpu_cache:dl2: write policy T modelled as write-back\n"
          "@:1: note: -gpgpu_cache:dl2: allocation policy f modelled as allocate-on-miss\n");
    assert_true(r.c.l2_sets == 128 && r.c.l2_ways == 8 && r.c.l2_mshr == 128 && r.c.l2_merge == 8 && r.c.l2_mq == 16);
    assert_int_equal(r.c.l2_wfetch, L2W_NONE);   /* <wr_alloc> N */
    assert_int_equal(r.c.l2_repl, REPL_LRU);
    /* replacement letters from the registry: F is FIFO in either cache */
    reads("-gpgpu_cache:dl2 N:128:128:8,F:B:m:W:L,A:128:8,16:0,128\n", &r, "");
    assert_int_equal(r.c.l2_repl, REPL_FIFO);
    assert_int_equal(r.c.l2_wfetch, L2W_NAIVE);   /* W */
    reads("-gpgpu_cache:dl2 N:128:128:8,L:B:m:L:L,A:128:8,16:0,128\n", &r, "");
    assert_int_equal(r.c.l2_wfetch, L2W_LAZY);
    reads("-gpgpu_cache:dl2 N:128:128:8,L:B:m:F:L,A:128:8,16:0,128\n", &r, "");
    assert_int_equal(r.c.l2_wfetch, L2W_FETCH);
    assert_int_equal(r.c.l1_repl, REPL_LRU);
}

#define CACHE_EXPECTED                                                                                      \
    "expected [N|S:]<nsets>:128:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>[:<index>],<mshr>:<N>:<merge>,<mq>" \
    "[:<fifo>][,<port>] or none"

static void test_cache_errors(void **state)
{
    (void)state;
    fails("-gpgpu_cache:dl1 32:128,L:L:m:N,A:32:8,8\n", "@:1: " CACHE_EXPECTED ", got '32:128,L:L:m:N,A:32:8,8'");
    fails("\n-gpgpu_cache:dl1 32:128:4,L:L:m:N,A:32:8\n", "@:2: " CACHE_EXPECTED ", got '32:128:4,L:L:m:N,A:32:8'");
    fails("-gpgpu_cache:dl1 32:128:4,L:L:m:N,A:32:8,8,32,1\n",
          "@:1: " CACHE_EXPECTED ", got '32:128:4,L:L:m:N,A:32:8,8,32,1'");
    fails("-gpgpu_cache:dl1 Q:32:128:4,L:L:m:N,A:32:8,8\n",
          "@:1: " CACHE_EXPECTED ", got 'Q:32:128:4,L:L:m:N,A:32:8,8'");
    fails("-gpgpu_cache:dl1 32:128:4,LL:L:m:N,A:32:8,8\n",
          "@:1: " CACHE_EXPECTED ", got '32:128:4,LL:L:m:N,A:32:8,8'");
    fails("-gpgpu_cache:dl1 32:128:4,L:L:m:N:Z,A:32:8,8\n",
          "@:1: " CACHE_EXPECTED ", got '32:128:4,L:L:m:N:Z,A:32:8,8'");
    fails("-gpgpu_cache:dl1 32:128:4,L:L:m:N,A:32:8,8:x\n",
          "@:1: " CACHE_EXPECTED ", got '32:128:4,L:L:m:N,A:32:8,8:x'");
    fails("-gpgpu_cache:dl1 32:64:4,L:L:m:N,A:32:8,8\n",
          "@:1: expected a line size of 128 bytes (the model's only one) in -gpgpu_cache:dl1, got '64'");
    fails("-gpgpu_cache:dl2 N:64:256:8,L:B:m:W:L,A:32:4,4\n",
          "@:1: expected a line size of 128 bytes (the model's only one) in -gpgpu_cache:dl2, got '256'");
    fails("-gpgpu_cache:dl1 32:128:4,L:B:m:N,A:32:8,8\n",
          "@:1: expected write policy E, L, T or R in -gpgpu_cache:dl1 (the model's L1 has no write-back), got 'B'");
    fails("-gpgpu_cache:dl2 none\n", "@:1: expected an L2 cache string (the model always has an L2), got 'none'");
}

static void test_cache_bad_values(void **state)
{
    (void)state;
    fails("-gpgpu_cache:dl1 32:128:2048,L:L:m:N,A:32:8,8\n",
          "@:1: bad value '2048' for l1.ways: expected an integer from 1 to 1024");
    fails("# L2\n-gpgpu_cache:dl2 64:128:8,L:B:m:W,A:2048:4,4\n",
          "@:2: bad value '2048' for l2.mshr: expected an integer from 1 to 1024");
    fails("-gpgpu_cache:dl2 64:128:8,L:B:m:W,A:256:65,4\n",
          "@:1: bad value '65' for l2.merge: expected an integer from 1 to 64");
    fails("-gpgpu_cache:dl2 64:128:8,L:B:m:W,A:32:4,\n",
          "@:1: bad value '' for l2.miss_queue: expected an integer from 2 to 1024");
}

/* ---- DRAM --------------------------------------------------------------- */

static void test_timing(void **state)
{
    (void)state;
    result_t r;
    /* GDDR3-style, no bank groups: one group, tCCDL = tCCDS */
    reads("-gpgpu_dram_timing_opt \"nbk=8:CCD=3:RRD=8:RCD=11:RAS=28:RP=11:RC=39:CL=10:WL=5:CDLR=6:WR=11:nbkgrp=1:"
          "CCDL=0:RTPL=0\"\n",
          &r,
          "@:1: note: -gpgpu_dram_timing_opt: CCDL=0, so column commands within a bank group wait CCD: "
          "dram.tCCDL=3\n");
    assert_true(r.c.t.nbk == 8 && r.c.t.tCCDS == 3 && r.c.t.tRRD == 8 && r.c.t.tRCD == 11 && r.c.t.tRAS == 28 &&
                r.c.t.tRP == 11 && r.c.t.tRC == 39 && r.c.t.tCL == 10 && r.c.t.tWL == 5 && r.c.t.tCDLR == 6 &&
                r.c.t.tWR == 11 && r.c.t.nbkgrp == 1 && r.c.t.tCCDL == 3 && r.c.t.tRTPL == 0);
    /* the legacy positional form: the bank-group fields take GPGPU-Sim's defaults */
    reads("-gpgpu_dram_timing_opt 16:2:6:12:28:12:40:12:4:5:12\n", &r,
          "@:1: note: -gpgpu_dram_timing_opt lacks nbkgrp CCDL RTPL: GPGPU-Sim's defaults nbkgrp=1 CCDL=0 RTPL=0\n"
          "@:1: note: -gpgpu_dram_timing_opt: CCDL=0, so column commands within a bank group wait CCD: "
          "dram.tCCDL=2\n");
    assert_true(r.c.t.nbk == 16 && r.c.t.nbkgrp == 1 && r.c.t.tCCDL == 2 && r.c.t.tRTPL == 0 && r.c.t.tWR == 12);
    reads("-gpgpu_dram_timing_opt 16:2:6:12:28:12:40:12:4:5:12:4:3:2\n", &r, "");
    assert_true(r.c.t.nbkgrp == 4 && r.c.t.tCCDL == 3 && r.c.t.tRTPL == 2);
    /* fields the model does not have, fields missing, CCDL below CCD */
    reads("-gpgpu_dram_timing_opt \"nbk=16;RCDWR=10 RCD=14:CCD=4:nbkgrp=4:CCDL=2:RTPL=3\"\n", &r,
          "@:1: note: -gpgpu_dram_timing_opt: RCDWR=10 not modelled, ignored\n"
          "@:1: note: -gpgpu_dram_timing_opt lacks RRD RAS RP RC CL WL CDLR WR: kept the model's values\n"
          "@:1: note: -gpgpu_dram_timing_opt: CCDL=2, so column commands within a bank group wait CCD: "
          "dram.tCCDL=4\n");
    assert_true(r.c.t.tRCD == 14 && r.c.t.tCCDS == 4 && r.c.t.tCCDL == 4 && r.c.t.tRTPL == 3 && r.c.t.tRAS == 28);
    fails("-gpgpu_dram_timing_opt \"nbk=16:CCD:RRD=6\"\n",
          "@:1: expected NAME=VALUE fields in -gpgpu_dram_timing_opt, got 'CCD'");
    fails("-gpgpu_dram_timing_opt \"nbk=16:=2\"\n", "@:1: expected NAME=VALUE fields in -gpgpu_dram_timing_opt, got '=2'");
    fails("-gpgpu_dram_timing_opt 16:2:6:12:28:12:40:12:4:5\n",
          "@:1: expected NAME=VALUE fields or nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR[:nbkgrp:CCDL:RTPL], got "
          "'16:2:6:12:28:12:40:12:4:5'");
    fails("-gpgpu_dram_timing_opt nbk=16:RCD=0\n", "@:1: bad value '0' for dram.tRCD: expected an integer from 1 to 1000");
    fails("-gpgpu_dram_timing_opt 16:2:6::28:12:40:12:4:5:12\n",
          "@:1: bad value '' for dram.tRCD: expected an integer from 1 to 1000");
    fails("-gpgpu_dram_timing_opt nbk=16:CCDL=x\n", "@:1: bad value 'x' for dram.tCCDL: expected an integer from 1 to 1000");
}

static void test_dram_options(void **state)
{
    (void)state;
    result_t r;
    reads("-gpgpu_frfcfs_dram_sched_queue_size 0\n-gpgpu_dram_scheduler 0\n-gpgpu_n_mem_per_ctrlr 4\n"
          "-gpgpu_dram_buswidth 2\n-gpgpu_dram_burst_length 4\n-dram_data_command_freq_ratio 2\n"
          "-gpgpu_n_sub_partition_per_mchannel 1\n",
          &r, "@:1: note: -gpgpu_frfcfs_dram_sched_queue_size 0 (unlimited) modelled as 128 entries\n");
    assert_true(r.c.rdq == 128 && r.c.chips == 4 && r.c.buswidth == 2 && r.c.t.BL == 4 && r.c.t.data_cmd_ratio == 2 &&
                r.c.n_sub == 1);
    assert_int_equal(r.c.policy, 0);   /* fcfs */
    reads("-gpgpu_dram_scheduler 1\n", &r, "");
    assert_int_equal(r.c.policy, 1);   /* fr-fcfs */
    fails("-gpgpu_dram_scheduler 2\n", "@:1: expected 0 (FCFS) or 1 (FR-FCFS), got '2'");
    fails("-gpgpu_frfcfs_dram_sched_queue_size 256\n",
          "@:1: bad value '256' for dram.read_queue: expected an integer from 1 to 128");
    /* the address mapping: GTX480's, Pascal's (a bank bit at address bit 7), what the model cannot take */
    reads("-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS\n",
          &r, "");
    assert_string_equal(r.c.map, "RRRRRRRRRRRRBBBCCCCBC");
    assert_true(r.c.chan_shift == 8 && r.c.row_bytes == 4096 && r.c.rows == 4096 && r.c.sub_sel == SUBSEL_BANK);
    reads("-gpgpu_mem_addr_mapping dramid@9;0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n-dram_latency 3\n", &r, "");
    assert_string_equal(r.c.map, "RRRRRRRRRRRRRBBBCCCCB");
    assert_true(r.c.chan_shift == 9 && r.c.row_bytes == 2048 && r.c.rows == 8192);
    reads("-gpgpu_mem_addr_mapping 0000DDDR.RRRRRRRR.BBBCCCCB.CCSSSSSS\n", &r,
          "@:1: note: -gpgpu_mem_addr_mapping: chip bits (D) in the mask not modelled; the model's mapping stands "
          "(dram.map, dram.channel_shift)\n");
    reads("-gpgpu_mem_addr_mapping dramid@8;RRRRRRRR.RRRRRRRR.CCCCCCCC.BBBBSSSS\n", &r,
          "@:1: note: -gpgpu_mem_addr_mapping: a row or bank bit inside a 128 B line not modelled; the model's "
          "mapping stands (dram.map, dram.channel_shift)\n");
    reads("-gpgpu_mem_addr_mapping dramid@8;RRRRRRRR.0BBBBCCC.CCCSSSSS\n", &r,
          "@:1: note: -gpgpu_mem_addr_mapping: an unused bit among the row, bank and column bits not modelled; the "
          "model's mapping stands (dram.map, dram.channel_shift)\n");
    /* (its message holds '@', which fails() reads as the file's path) */
    static const char *const bad_maps[] = {"dramid@8;RRRRXBBB", "8"};
    for (unsigned i = 0; i < 2; i++) {
        char text[96], want[192];
        snprintf(text, sizeof text, "-gpgpu_mem_addr_mapping %s\n", bad_maps[i]);
        read_text(text, &r);
        snprintf(want, sizeof want, "%s:1: expected dramid@N;MASK (MASK: up to 64 of 0 D R B C S, '.' between groups), got '%s'\n",
                 tmp_path, bad_maps[i]);
        assert_int_equal(r.rc, 2);
        assert_string_equal(r.err, want);
    }
    fails("-gpgpu_mem_addr_mapping dramid@30;RRRRRRRRRRRRBBBCCCCBCCCSSSSSS\n",
          "@:1: bad value '30' for dram.channel_shift: expected an integer from 7 to 20");
    fails("-gpgpu_clock_domains 700.0:700.0:924.0\n", "@:1: expected <core>:<icnt>:<l2>:<dram> in MHz, got '700.0:700.0:924.0'");
    fails("-gpgpu_clock_domains 700.0:700.0:700.0:9e2\n",
          "@:1: bad value '9e2' for clock.dram: expected a frequency in MHz, e.g. 924 or 1400.5");
}

/* ---- SMs ---------------------------------------------------------------- */

static void test_sm_options(void **state)
{
    (void)state;
    result_t r;
    reads("-gpgpu_shader_core_pipeline 1024:32\n-gpgpu_shader_registers 65536\n-gpgpu_shmem_size 98304\n"
          "-gpgpu_num_sched_per_core 4\n-gpgpu_scheduler two_level_active:6:0:1\n",
          &r,
          "@:5: note: -gpgpu_scheduler: prioritization 0:1 ignored (the model's two-level scheduler is round-robin "
          "among the active warps)\n");
    assert_true(r.c.max_threads == 1024 && r.c.max_warps == 32 && r.c.regs == 65536 && r.c.shmem == 98304 &&
                r.c.n_sched == 4 && r.c.sched == SCHED_ID_two_level && r.c.tl_active == 6);
    reads("-gpgpu_scheduler two_level_active:12\n", &r, "");
    assert_true(r.c.sched == SCHED_ID_two_level && r.c.tl_active == 12);
    fails("-gpgpu_scheduler rrr\n", "@:1: expected lrr, gto or two_level_active:<active warps>:<inner>:<outer>, got 'rrr'");
    fails("-gpgpu_scheduler two_level_active:\n",
          "@:1: bad value '' for sm.two_level_active: expected an integer from 1 to 64");
    fails("-gpgpu_shader_core_pipeline 1536:16\n", "@:1: expected <threads per SM>:32, got '1536:16'");
    fails("-gpgpu_shader_core_pipeline 1536\n", "@:1: expected <threads per SM>:32, got '1536'");
    fails("-gpgpu_shader_core_pipeline 1000:32\n", "@:1: expected a multiple of 32 threads per SM, got '1000'");
    fails("-gpgpu_shader_core_pipeline 4096:32\n",
          "@:1: bad value '4096' for sm.threads: expected an integer from 32 to 2048");
    fails("-gpgpu_shader_cta 64\n", "@:1: bad value '64' for sm.blocks: expected an integer from 1 to 32");
    fails("-gpgpu_l2_rop_latency 0\n", "@:1: bad value '0' for l2.latency: expected an integer from 1 to 1000");
    fails("-gpgpu_gmem_skip_L1D yes\n", "@:1: expected 0 or 1, got 'yes'");
}

/* ---- malformed lines and files ---------------------------------------- */

static void test_malformed(void **state)
{
    (void)state;
    fails("-gpgpu_n_mem 6\ngpgpu_n_clusters 15\n", "@:2: expected an option '-name value', got 'gpgpu_n_clusters 15'");
    fails("  -gpgpu_n_mem   # six?\n", "@:1: expected a value after -gpgpu_n_mem, got '-gpgpu_n_mem'");
    fails("-visualizer_enabled\n", "@:1: expected a value after -visualizer_enabled, got '-visualizer_enabled'");
    fails("-gpgpu_n_mem 6 -gpgpu_n_clusters 15\n",
          "@:1: expected one value after -gpgpu_n_mem (one option per line), got '-gpgpu_n_clusters 15'");
    fails("-gpgpu_n_mem \"6\" 7\n", "@:1: expected one value after -gpgpu_n_mem (one option per line), got '7'");
    fails("-gpgpu_n_mem\"6\"\n", "@:1: expected a blank between the option name and its value, got '-gpgpu_n_mem\"6\"'");
    fails("-gpgpu_n_mem 6\n-gpgpu_dram_timing_opt \"nbk=16:\n  CCD=2\n",
          "@:2: expected a closing '\"' by the end of the file, got '-gpgpu_dram_timing_opt \"nbk=16: CCD=2'");
    /* a value the key table refuses, named by file and line */
    fails("# memory\n\n-gpgpu_n_mem 99\n", "@:3: bad value '99' for mem.partitions: expected an integer from 1 to 64");
    fails("-gpgpu_n_mem \"\"\n", "@:1: bad value '' for mem.partitions: expected an integer from 1 to 64");
}

static void test_unreadable(void **state)
{
    (void)state;
    result_t r;
    read_over(NULL, "/nonexistent/gpgpusim.config", &r);
    assert_int_equal(r.rc, 2);
    assert_string_equal(r.err,
                        "/nonexistent/gpgpusim.config: expected a readable gpgpusim.config, got 'No such file or "
                        "directory'\n");
    read_over(NULL, CONFIG_DIR, &r);
    assert_int_equal(r.rc, 2);
    assert_string_equal(r.err, CONFIG_DIR ": expected a readable gpgpusim.config, got 'Is a directory'\n");
}

/* ---- options: known, not modelled, unknown ------------------------------ */

static void test_unknown_options(void **state)
{
    (void)state;
    /* a misspelt name stops the read at its line, with the nearest known name */
    fails("-gpgpu_n_mem 6\n-gpgpu_n_cluster 30\n",
          "@:2: expected a GPGPU-Sim option (memsched sim --list-gpgpusim-options), got '-gpgpu_n_cluster' "
          "(did you mean -gpgpu_n_clusters?)");
    fails("-gpgpu_l1_latncy 20\n",
          "@:1: expected a GPGPU-Sim option (memsched sim --list-gpgpusim-options), got '-gpgpu_l1_latncy' "
          "(did you mean -gpgpu_l1_latency?)");
    fails("# nothing like it\n-frobnicate 1\n",
          "@:2: expected a GPGPU-Sim option (memsched sim --list-gpgpusim-options), got '-frobnicate'");
    /* --strict: an option the model does not have is an error at its line */
    strict = 1;
    fails("-gpgpu_n_mem 6\n-gpgpu_simd_model 1\n",
          "@:2: expected an option the model has (--strict), got '-gpgpu_simd_model' (not modelled: SIMT "
          "reconvergence model)");
    result_t r;
    reads("-gpgpu_n_mem 6\n-gpgpu_smem_latency 30\n-icnt_flit_size 40\n", &r, "");
    strict = 0;
    assert_true(r.c.n_mem == 6 && r.c.lat_shmem == 30 && r.c.icnt_flit == 40);
    fails("-icnt_flit_size 2\n", "@:1: bad value '2' for icnt.flit: expected an integer from 4 to 256");
}

/* ---- execution-unit timing ---------------------------------------------- */

static void test_latencies(void **state)
{
    (void)state;
    result_t r;
    /* the ADD field is the class's latency; the SFU has one field */
    reads("-ptx_opcode_latency_int 5,13,4,5,145,21\n-ptx_opcode_latency_fp 6,13,4,5,39\n"
          "-ptx_opcode_latency_dp 64,64,64,64,330\n-ptx_opcode_latency_sfu 100\n",
          &r, "");
    assert_true(r.c.lat_int == 5 && r.c.lat_fp == 6 && r.c.lat_dp == 64 && r.c.lat_sfu == 100);
    assert_true(r.c.ii_dp == 8 && r.c.ii_sfu == 8);   /* no initiation interval given: kept */
    /* initiation intervals over the units, rounded up, whatever the order */
    reads("-ptx_opcode_initiation_dp 4,4,4,4,130\n-ptx_opcode_initiation_sfu 8\n"
          "-gpgpu_num_sfu_units 3\n-gpgpu_num_dp_units 4\n",
          &r, "@:1: note: sm.ii_dp = ceil(4 cycles / 4 units) = 1\n@:2: note: sm.ii_sfu = ceil(8 cycles / 3 units) = 3\n");
    assert_true(r.c.ii_dp == 1 && r.c.ii_sfu == 3);
    /* no DP units: DP runs on the SFU units (Fermi); one SFU unit unless given */
    reads("-gpgpu_num_dp_units 0\n-gpgpu_num_sfu_units 2\n-ptx_opcode_initiation_dp 8,16,8,8,130\n", &r,
          "@:3: note: sm.ii_dp = ceil(8 cycles / 2 units) = 4\n");
    assert_int_equal(r.c.ii_dp, 4);
    reads("-ptx_opcode_initiation_sfu 6\n-ptx_opcode_initiation_dp 16\n", &r, "");
    assert_true(r.c.ii_sfu == 6 && r.c.ii_dp == 16);
    fails("-ptx_opcode_latency_int 4,13,x\n",
          "@:1: expected cycles <ADD>[,<MAX>,<MUL>,<MAD>,<DIV>[,<SHFL>]] (decimal), got '4,13,x'");
    fails("-ptx_opcode_latency_fp 4,4,4,4,4,4,4\n",
          "@:1: expected cycles <ADD>[,<MAX>,<MUL>,<MAD>,<DIV>[,<SHFL>]] (decimal), got '4,4,4,4,4,4,4'");
    fails("-ptx_opcode_latency_sfu 0\n", "@:1: bad value '0' for sm.lat_sfu: expected an integer from 1 to 1000");
    fails("-gpgpu_num_sfu_units 0\n", "@:1: expected a positive number of units, got '0'");
    fails("-gpgpu_num_dp_units -1\n", "@:1: expected a number of units (0: DP runs on the SFU units), got '-1'");
    fails("-ptx_opcode_initiation_sfu 0\n", "@:1: bad value '0' for sm.ii_sfu: expected an integer from 1 to 1000");
}

/* ---- the tested configurations of GPGPU-Sim and Accel-Sim --------------- */

static void test_real_configs(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        unsigned sm, warps, l1_sets, l1_ways, l1_alloc, bypass, l2_ways, l2_mshr, l2_merge, n_mem, ii_dp, ii_sfu;
    } want[] = {
        {"sm2-gtx480", 15, 48, 32, 4, ALLOC_ON_MISS, 0, 8, 256, 4, 6, 8, 8},
        {"sm6-titanx", 28, 64, 4, 96, ALLOC_ON_FILL, 1, 16, 256, 64, 12, 2, 1},
        {"sm7-qv100", 80, 64, 1, 256, ALLOC_ON_FILL, 0, 24, 192, 4, 32, 1, 2},
        {"sm75-rtx2060", 30, 32, 4, 64, ALLOC_ON_MISS, 0, 16, 192, 4, 12, 16, 2},
        {"sm86-rtx3070", 46, 48, 4, 256, ALLOC_ON_MISS, 0, 16, 192, 4, 16, 16, 2},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char path[128];
        snprintf(path, sizeof path, CONFIG_DIR "/%s.config", want[i].file);
        result_t r;
        read_over(NULL, path, &r);
        assert_string_equal(r.err, "");
        assert_int_equal(r.rc, 0);
        assert_non_null(strstr(r.notes, "options the model does not have: "));
        assert_int_equal(config_check(&r.c), 0);
        assert_int_equal(r.c.n_sm, want[i].sm);
        assert_int_equal(r.c.max_warps, want[i].warps);
        assert_true(r.c.l1_sets == want[i].l1_sets && r.c.l1_ways == want[i].l1_ways &&
                    r.c.l1_alloc == want[i].l1_alloc && r.c.l1_bypass == want[i].bypass);
        assert_true(r.c.l2_ways == want[i].l2_ways && r.c.l2_mshr == want[i].l2_mshr &&
                    r.c.l2_merge == want[i].l2_merge && r.c.n_mem == want[i].n_mem);
        assert_true(r.c.ii_dp == want[i].ii_dp && r.c.ii_sfu == want[i].ii_sfu);
        /* --strict: each has options the model does not have */
        strict = 1;
        read_over(NULL, path, &r);
        strict = 0;
        assert_int_equal(r.rc, 2);
        assert_non_null(strstr(r.err, "expected an option the model has (--strict)"));
    }
}

/* ---- where a value came from -------------------------------------------- */

/* config_check's message for c (rc 2 expected). */
static const char *check_message(const config_t *c)
{
    static char buf[1024];
    FILE *cap = tmpfile();
    assert_non_null(cap);
    fflush(stderr);
    int saved = dup(2);
    dup2(fileno(cap), 2);
    int rc = config_check(c);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    slurp(cap, buf, sizeof buf);
    assert_int_equal(rc, 2);
    return buf;
}

static void test_value_sources(void **state)
{
    (void)state;
    result_t r;
    /* a key from the file (its line), one from --set, one from the defaults */
    reads("# watermarks\n-gpgpu_n_mem 4\n", &r, "");
    assert_int_equal(config_set(&r.c, "dram.write_queue=64", "--set"), 0);
    assert_string_equal(check_message(&r.c), "memsched: bad configuration: dram.high_wm must not exceed "
                                             "dram.write_queue (dram.high_wm=96 from the defaults, "
                                             "dram.write_queue=64 from --set)\n");
    read_text("-gpgpu_cache:dl2 64:128:8,L:B:m:W,A:256:4,4\n", &r);
    assert_int_equal(r.rc, 0);
    assert_int_equal(config_set(&r.c, "dram.policy=mshr-m", "--set"), 0);
    assert_string_equal(check_message(&r.c), at_path("memsched: bad configuration: the MIB policies hold at most 128 "
                                                     "L2 MSHR entries (dram.policy=mshr-m from --set, l2.mshr=256 "
                                                     "from @:1)\n"));
    /* a preset's keys name the preset */
    config_t c;
    assert_int_equal(config_preset(&c, "temp"), 0);
    assert_int_equal(config_set(&c, "sm.swl=4", "--set"), 0);
    assert_int_equal(config_set(&c, "sm.scheduler=two-level", "--set"), 0);
    assert_string_equal(check_message(&c), "memsched: bad configuration: sm.swl does not combine with "
                                           "this sm.scheduler (its active set would hold warps SWL stops) "
                                           "(sm.swl=4 from --set, sm.scheduler=two-level from --set)\n");
    assert_int_equal(config_preset(&c, "temp"), 0);
    assert_int_equal(config_set(&c, "l2.miss_queue=4", "--set"), 0);
    c.l2_mq = 1;   /* below the key's range: only config_check sees it */
    assert_string_equal(check_message(&c), "memsched: bad configuration: l2.miss_queue must hold at least 2 (a read "
                                           "miss may need room for a write-back too) (l2.miss_queue=1 from --set)\n");
    assert_int_equal(config_preset(&c, "temp"), 0);
    assert_int_equal(config_set(&c, "dram.policy=mshr-s", "x"), 0);
    assert_int_equal(config_set(&c, "l2.merge=32", "y"), 0);
    assert_string_equal(check_message(&c), "memsched: bad configuration: the MIB policies merge at most 16 requests "
                                           "per L2 MSHR entry (dram.policy=mshr-s from x, l2.merge=32 from y)\n");
    assert_int_equal(config_preset(&c, "temp"), 0);
    assert_int_equal(config_set(&c, "dram.banks=8", "--set"), 0);
    assert_int_equal(config_set(&c, "dram.bank_groups=16", "--set"), 0);
    assert_non_null(strstr(check_message(&c), "(dram.banks=8 from --set, dram.bank_groups=16 from --set)"));
    assert_int_equal(config_preset(&c, "temp"), 0);
    assert_int_equal(config_set(&c, "dram.buswidth=3", "--set"), 0);
    assert_non_null(strstr(check_message(&c), "(l1.line=128 from the defaults, dram.burst=8 from the defaults, "
                                              "dram.buswidth=3 from --set, dram.chips=2 from the defaults)"));
    assert_int_equal(config_preset(&c, "temp"), 0);
    assert_int_equal(config_set(&c, "l1.ways=1024", "--set"), 0);
    assert_int_equal(config_set(&c, "l1.sets=65536", "--set"), 0);
    assert_non_null(strstr(check_message(&c), "the L1 is larger than 16 MB (l1.sets=65536 from --set"));
    assert_int_equal(config_preset(&c, "temp"), 0);
    assert_int_equal(config_set(&c, "mem.partitions=4", "preset temp"), 0);
    assert_int_equal(config_set(&c, "dram.write_queue=8", "preset temp"), 0);
    assert_non_null(strstr(check_message(&c), "dram.write_queue=8 from preset temp)"));
    /* a long path keeps its end (the line) */
    char where[200];
    memset(where, 'd', sizeof where);
    memcpy(where + sizeof where - 13, "/x.conf:1234", 13);
    assert_int_equal(config_preset(&c, "temp"), 0);
    assert_int_equal(config_set(&c, "dram.write_queue=8", where), 0);
    const char *m = check_message(&c);
    assert_non_null(strstr(m, "dram.write_queue=8 from ...ddd"));
    assert_non_null(strstr(m, "ddd/x.conf:1234)"));
}

static void test_decimal_only(void **state)
{
    (void)state;
    config_t c;
    config_defaults(&c);
    FILE *cap = tmpfile();
    char buf[256];
    fflush(stderr);
    int saved = dup(2);
    dup2(fileno(cap), 2);
    int rc = config_set(&c, "sm.count=0x10", "--set");
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    slurp(cap, buf, sizeof buf);
    assert_int_equal(rc, 2);
    assert_string_equal(buf, "--set: bad value '0x10' for sm.count: expected an integer from 1 to 1024\n");
    assert_int_equal(c.n_sm, 15);
    assert_int_equal(config_set(&c, "sm.count=16", "--set"), 0);
    assert_int_equal(c.n_sm, 16);
    fails("-gpgpu_n_mem 0x6\n", "@:1: bad value '0x6' for mem.partitions: expected an integer from 1 to 64");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mib_equals_preset), cmocka_unit_test(test_gtx480_typical),
        cmocka_unit_test(test_quotes_and_comments), cmocka_unit_test(test_sm_count),
        cmocka_unit_test(test_cache_forms),       cmocka_unit_test(test_cache_errors),
        cmocka_unit_test(test_cache_bad_values),  cmocka_unit_test(test_timing),
        cmocka_unit_test(test_dram_options),      cmocka_unit_test(test_sm_options),
        cmocka_unit_test(test_malformed),         cmocka_unit_test(test_unreadable),
        cmocka_unit_test(test_unknown_options),   cmocka_unit_test(test_latencies),
        cmocka_unit_test(test_real_configs),      cmocka_unit_test(test_value_sources),
        cmocka_unit_test(test_decimal_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
