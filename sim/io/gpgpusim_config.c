/* gpgpusim_config.c - config_read_gpgpusim (config.h): a GPGPU-Sim
 * gpgpusim.config read into the system model's configuration.
 *
 * Each option the model has becomes key=value settings through config_set
 * with "FILE:LINE" as their origin, so the key table checks every value and
 * every message names the line. One table (gopts) lists every option the
 * reader knows: those the model does not have are listed on one line at the
 * end (errors with --strict); any other option is an error, as in GPGPU-Sim
 * ("Unknown Option"), so a misspelt name cannot pass. Options mapped with a
 * caveat get a "FILE:LINE: note:" each. docs/sim.md has the table
 * (memsched sim --list-gpgpusim-options prints it).
 *
 * Format: one option per line, "-name value"; '#' starts a comment (whole
 * line or trailing, as in GPGPU-Sim, also inside quotes); blank lines; a
 * value may be in double quotes, and a quoted value may run on over the next
 * lines up to its closing quote (GPGPU-Sim's own GTX480 file splits its
 * -gpgpu_dram_timing_opt so; the lines are joined with one space and the
 * option keeps the line it started on).
 */
#include "io/config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dram_sched.h"
#include "engine.h"
#include "mem/queue.h"

/* An initiation interval and the number of units sharing the work. */
typedef struct {
    uint64_t ii, units;
    int has_ii, has_units;       /* given in the file */
    unsigned line;               /* of the initiation interval */
} issue_t;

typedef struct {
    config_t *c;
    FILE *notes;
    const char *path;
    char *where;                 /* "path:line" of the option being read */
    const char *opt;             /* its name */
    const char *value;           /* its value as written (handlers get a copy to cut up) */
    const char *key;             /* its table row's key (handlers that set one key) */
    unsigned line;
    int strict;                  /* options the model does not have are errors */
    uint64_t n_clusters, n_cores;          /* 0: not given */
    unsigned clusters_line, cores_line;
    issue_t dp, sfu;             /* -ptx_opcode_initiation_dp/sfu and the units, for sm.ii_dp/sfu */
    char **ignored;              /* names of the options the model does not have, first seen first */
    size_t n_ignored;
} rd_t;

/* ---- messages and settings ----------------------------------------------- */

/* "FILE:LINE: expected EXPECTED, got 'GOT'" on stderr; 2. */
static int bad(const rd_t *r, const char *expected, const char *got)
{
    fprintf(stderr, "%s: expected %s, got '%s'\n", r->where, expected, got);
    return 2;
}

/* "FILE:LINE: out of memory" on stderr; 2. */
static int oom(const rd_t *r)
{
    fprintf(stderr, "%s: out of memory\n", r->where);
    return 2;
}

/* "FILE:LINE: note: ..." on the notes stream, if there is one. */
static void note(const rd_t *r, const char *fmt, ...)
{
    if (!r->notes)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(r->notes, "%s: note: ", r->where);
    vfprintf(r->notes, fmt, ap);
    fputc('\n', r->notes);
    va_end(ap);
}

/* config_set(key=value) from the current line. 0, or 2 after its message. */
static int set(rd_t *r, const char *key, const char *value)
{
    size_t n = strlen(key) + strlen(value) + 2;
    char *kv = malloc(n);
    if (!kv)
        return oom(r);
    snprintf(kv, n, "%s=%s", key, value);
    int rc = config_set(r->c, kv, r->where);
    free(kv);
    return rc;
}

/* Several settings, kv = {key, value, key, value, ..., NULL}. 0, or 2 at the first refused. */
static int set_each(rd_t *r, const char *const *kv)
{
    for (; *kv; kv += 2)
        if (set(r, kv[0], kv[1]))
            return 2;
    return 0;
}

/* set() with a number. */
static int setu(rd_t *r, const char *key, uint64_t v)
{
    char s[24];
    snprintf(s, sizeof s, "%llu", (unsigned long long)v);
    return set(r, key, s);
}

/* Messages and notes from here on name line `line`. */
static void at_line(rd_t *r, unsigned line)
{
    r->line = line;
    sprintf(r->where, "%s:%u", r->path, line);
}

/* Cut s at each character of seps, keeping empty fields; up to max fields.
 * The number of fields, max + 1 if there are more. */
static unsigned split(char *s, const char *seps, char **f, unsigned max)
{
    unsigned n = 0;
    for (;;) {
        if (n == max)
            return max + 1;
        f[n++] = s;
        s += strcspn(s, seps);
        if (!*s)
            return n;
        *s++ = '\0';
    }
}

/* 1 if s is a decimal integer up to 2^32 - 1 (into *v). */
static int is_uint(const char *s, uint64_t *v)
{
    return !engine_parse_uint(s, 10, UINT32_MAX, v);
}

/* ---- caches -------------------------------------------------------------- */

/* One cache string: [<type>:]<nsets>:<bsize>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>[:<index>],
 * <mshr>:<N>:<merge>,<mq>[:<fifo>][,<port width>]. Text fields point into the copy. */
typedef struct {
    char type, rep, wr, alloc, walloc, index, mshr;
    char *sets, *assoc, *entries, *merge, *mq, *port;
} cache_t;

#define CACHE_FORMAT                                                                                             \
    "[N|S:]<nsets>:128:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>[:<index>],<mshr>:<N>:<merge>,<mq>[:<fifo>][,<port>] " \
    "or none"

/* 1 if s is one character (into *c). */
static int one_char(const char *s, char *c)
{
    *c = s[0];
    return s[0] && !s[1];
}

/* Parse v (modified) into k: the parts every cache shares; notes for what the
 * model does not have. 0, or 2 after a message. */
static int parse_cache(rd_t *r, char *v, cache_t *k)
{
    char *g[6] = {0}, *a[5] = {0}, *p[6] = {0}, *m[4] = {0}, *q[3] = {0}, *line;
    uint64_t x;
    unsigned ng = split(v, ",", g, 5);
    if (ng < 4 || ng > 5)
        return bad(r, CACHE_FORMAT, r->value);
    unsigned na = split(g[0], ":", a, 4), np = split(g[1], ":", p, 5);
    unsigned nm = split(g[2], ":", m, 3), nq = split(g[3], ":", q, 2);
    k->type = 'N';
    k->index = 'L';
    if ((na != 3 && na != 4) || (na == 4 && !one_char(a[0], &k->type)) || (np != 4 && np != 5) || nm != 3 ||
        nq > 2 || !one_char(p[0], &k->rep) || !one_char(p[1], &k->wr) || !one_char(p[2], &k->alloc) ||
        !one_char(p[3], &k->walloc) || (np == 5 && !one_char(p[4], &k->index)) || !one_char(m[0], &k->mshr) ||
        !strchr("NS", k->type) || repl_by_letter(k->rep) < 0 || !strchr("RBTEL", k->wr) || alloc_by_letter(k->alloc) < 0 ||
        !strchr("NWFL", k->walloc) || index_by_letter(k->index) < 0 || !strchr("FTAS", k->mshr) ||
        (nq == 2 && !is_uint(q[1], &x)) || (ng == 5 && !is_uint(g[4], &x)))
        return bad(r, CACHE_FORMAT, r->value);
    k->sets = a[na - 3];
    line = a[na - 2];
    k->assoc = a[na - 1];
    k->entries = m[1];
    k->merge = m[2];
    k->mq = q[0];
    k->port = ng == 5 ? g[4] : NULL;
    if (!is_uint(line, &x) || x != 128) {
        char e[96];
        snprintf(e, sizeof e, "a line size of 128 bytes (the model's only one) in %s", r->opt);
        return bad(r, e, line);
    }
    if ((k->type == 'S' || k->mshr == 'S') && !strcmp(r->opt, "-gpgpu_cache:dl1"))
        note(r, "%s: sector cache modelled with whole 128-byte lines", r->opt);
    if (k->mshr == 'F' || k->mshr == 'T')
        note(r, "%s: MSHR type %c modelled as associative (A)", r->opt, k->mshr);
    if (k->port && strcmp(k->port, "0") && strcmp(k->port, "128"))
        note(r, "%s: data port width %s bytes not modelled (a whole line per access)", r->opt, k->port);
    return 0;
}

/* The option handlers: v is a copy of the value to cut up (r->value is the
 * value as written); each sets its keys and returns 0, or 2 after a message. */

/* L1D: write-evict, allocate on miss or fill; "none": global loads bypass it. */
static int opt_dl1(rd_t *r, char *v)
{
    cache_t k;
    if (!strcmp(v, "none")) {
        note(r, "-gpgpu_cache:dl1 none: global loads bypass the L1D (l1.bypass=1)");
        return set(r, "l1.bypass", "1");
    }
    if (parse_cache(r, v, &k))
        return 2;
    if (k.wr == 'B') {
        char got[2] = {k.wr, 0};
        return bad(r, "write policy E, L, T or R in -gpgpu_cache:dl1 (the model's L1 has no write-back)", got);
    }
    int alloc = alloc_by_letter(k.alloc);
    if (k.alloc == 's')   /* GPGPU-Sim 4 runs a streaming L1 as allocate-on-fill (the registry's row) */
        note(r, "-gpgpu_cache:dl1: streaming allocation s modelled as allocate on fill (l1.alloc=%s)", alloc_names[alloc]);
    /* E evicts; T writes through; L (GPGPU-Sim's LOCAL_WB_GLOBAL_WT, whose
     * hit function wr_hit_global_we_local_wb evicts on a global store and
     * writes a local one back) evicts: the model's L1 has no write-back, so
     * local stores evict too; R (read-only) never sees a store in GPGPU-Sim:
     * run as evict */
    const char *wr = k.wr == 'T' ? "through" : "evict";
    if (k.wr == 'L')
        note(r, "-gpgpu_cache:dl1: write policy L: global stores evict the line; local stores too (GPGPU-Sim writes them back)");
    else if (k.wr == 'R')
        note(r, "-gpgpu_cache:dl1: read-only policy R modelled as write-evict");
    if (k.walloc != 'N')
        note(r, "-gpgpu_cache:dl1: write-allocate policy %c not modelled (the L1 never allocates on a write)",
             k.walloc);
    return set_each(r, (const char *[]){"l1.sets", k.sets, "l1.ways", k.assoc, "l1.line", "128", "l1.mshr",
                                        k.entries, "l1.merge", k.merge, "l1.miss_queue", k.mq, "l1.alloc",
                                        alloc_names[alloc], "l1.replace", repl_names[repl_by_letter(k.rep)], "l1.index",
                                        index_names[index_by_letter(k.index)], "l1.write", wr, NULL});
}

/* L2 per sub-partition: write-back, allocate on miss, write-allocate. */
static int opt_dl2(rd_t *r, char *v)
{
    cache_t k;
    if (!strcmp(v, "none"))
        return bad(r, "an L2 cache string (the model always has an L2)", v);
    if (parse_cache(r, v, &k))
        return 2;
    if (k.wr != 'B')
        note(r, "-gpgpu_cache:dl2: write policy %c modelled as write-back", k.wr);
    if (k.alloc != 'm')
        note(r, "-gpgpu_cache:dl2: allocation policy %c modelled as allocate-on-miss", k.alloc);
    /* <wr_alloc>: N no allocation, W write sent on + line fetched, F fetch-on-write, L lazy fetch-on-read */
    const char *walloc = k.walloc == 'N' ? "none" : k.walloc == 'W' ? "naive" : k.walloc == 'F' ? "fetch" : "lazy";
    return set_each(r, (const char *[]){"l2.sectored", k.type == 'S' ? "1" : "0", "l2.write_alloc", walloc, "l2.sets", k.sets, "l2.ways", k.assoc, "l2.replace",
                                        repl_names[repl_by_letter(k.rep)], "l2.mshr", k.entries, "l2.merge", k.merge,
                                        "l2.miss_queue", k.mq, "l2.index", index_names[index_by_letter(k.index)], NULL});
}

/* ---- DRAM ---------------------------------------------------------------- */

/* -gpgpu_mem_addr_mapping "dramid@N;MASK" (addrdec.cc): chunks of 2^N bytes
 * round-robin over the channels (dram.channel_shift), then MASK, one letter
 * per bit of the channel-local address, MSB first ('.' between groups): R
 * row, B bank, C column, S burst byte, 0 unused. The bits from 7 up become
 * dram.map; the C and S bits give the row's bytes, the R bits the rows; the
 * sub-partition is the bank's low bits, as GPGPU-Sim picks it. A mapping
 * the model cannot take (chip bits D in the mask, a bank or row bit inside
 * a 128 B line, an unused bit among used ones) gets a note and leaves the
 * model's mapping. */
static int opt_addr_mapping(rd_t *r, char *v)
{
    const char *expect = "dramid@N;MASK (MASK: up to 64 of 0 D R B C S, '.' between groups)";
    unsigned shift;
    int used = 0;
    if (sscanf(v, "dramid@%u;%n", &shift, &used) != 1 || used == 0) {
        if (strspn(v, "0DRBCS.") == strlen(v) && strchr(v, 'D')) {
            note(r, "-gpgpu_mem_addr_mapping: chip bits (D) in the mask not modelled; the model's mapping stands "
                    "(dram.map, dram.channel_shift)");
            return 0;
        }
        return bad(r, expect, v);
    }
    char bits[65];
    unsigned n = 0;
    for (const char *p = v + used; *p; p++) {
        if (*p == '.')
            continue;
        if (!strchr("0DRBCS", *p) || n == 64)
            return bad(r, expect, v);
        bits[n++] = *p;
    }
    if (n == 0)
        return bad(r, expect, v);
    /* bits[n - 1 - i] is address bit i */
    unsigned nr = 0, nc = 0, ns = 0, top = 0;
    for (unsigned i = 0; i < n; i++) {
        char b = bits[n - 1 - i];
        nr += b == 'R';
        nc += b == 'C';
        ns += b == 'S';
        if (b != '0')
            top = i + 1;
        if (b == 'D' || (i < LINE_SHIFT && (b == 'R' || b == 'B'))) {
            note(r, "-gpgpu_mem_addr_mapping: %s not modelled; the model's mapping stands (dram.map, "
                    "dram.channel_shift)", b == 'D' ? "chip bits (D) after dramid@" : "a row or bank bit inside a 128 B line");
            return 0;
        }
    }
    char map[65];
    unsigned m = 0;
    for (unsigned i = top; i-- > LINE_SHIFT;) {
        char b = bits[n - 1 - i];
        if (b == '0' || b == 'S') {
            note(r, "-gpgpu_mem_addr_mapping: %s bit among the row, bank and column bits not modelled; the model's "
                    "mapping stands (dram.map, dram.channel_shift)", b == '0' ? "an unused" : "a burst");
            return 0;
        }
        map[m++] = b;
    }
    map[m] = '\0';
    if (m == 0 || nc + ns > 20 || nr > 20)
        return bad(r, expect, v);
    if (setu(r, "dram.channel_shift", shift) || set(r, "dram.map", map) ||
        setu(r, "dram.row_bytes", 1ull << (nc + ns)) || setu(r, "dram.rows", 1ull << nr))
        return 2;
    return set(r, "mem.sub_select", "bank");
}


/* The timing fields GPGPU-Sim reads, in its legacy positional order. */
static const char *const tnames[] = {"nbk", "CCD", "RRD", "RCD",  "RAS", "RP",     "RC",
                                     "CL",  "WL",  "CDLR", "WR",  "nbkgrp", "CCDL", "RTPL"};
static const char *const tkeys[] = {"dram.banks", "dram.tCCDS", "dram.tRRD",  "dram.tRCD",        "dram.tRAS",
                                    "dram.tRP",   "dram.tRC",   "dram.tCL",   "dram.tWL",         "dram.tCDLR",
                                    "dram.tWR",   "dram.bank_groups",         "dram.tCCDL",       "dram.tRTPL"};
enum { T_NBKGRP = 11, T_CCDL, T_RTPL, NT };   /* the fields before nbkgrp are required */

/* "nbk=16:CCD=2:..." (any order; ':', ';' or blanks between fields) or the
 * legacy "16:2:6:..." in tnames' order. Fields it lacks: nbkgrp, CCDL and
 * RTPL take GPGPU-Sim's defaults (1, 0, 0); the others keep their values. */
static int opt_timing(rd_t *r, char *v)
{
    char *val[NT] = {0}, *f[NT + 1], missing[64] = "", deflt[32] = "";
    if (strchr(v, '=')) {
        for (char *save = NULL, *t = strtok_r(v, ":; \t", &save); t; t = strtok_r(NULL, ":; \t", &save)) {
            char *eq = strchr(t, '=');
            if (!eq || eq == t)
                return bad(r, "NAME=VALUE fields in -gpgpu_dram_timing_opt", t);
            *eq = '\0';
            unsigned i = 0;
            while (i < NT && strcmp(tnames[i], t))
                i++;
            if (i < NT)
                val[i] = eq + 1;
            else
                note(r, "-gpgpu_dram_timing_opt: %s=%s not modelled, ignored", t, eq + 1);
        }
    } else {
        unsigned n = split(v, ":", f, NT);
        if (n < T_NBKGRP || n > NT)
            return bad(r, "NAME=VALUE fields or nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR[:nbkgrp:CCDL:RTPL]",
                       r->value);
        memcpy(val, f, n * sizeof *f);
    }
    for (unsigned i = 0; i < NT; i++) {
        if (!val[i] && i >= T_NBKGRP) {
            val[i] = i == T_NBKGRP ? "1" : "0";
            snprintf(deflt + strlen(deflt), sizeof deflt - strlen(deflt), " %s", tnames[i]);
        } else if (!val[i]) {
            snprintf(missing + strlen(missing), sizeof missing - strlen(missing), " %s", tnames[i]);
            continue;
        }
        if (i != T_CCDL && set(r, tkeys[i], val[i]))
            return 2;
    }
    if (*missing)
        note(r, "-gpgpu_dram_timing_opt lacks%s: kept the model's values", missing);
    if (*deflt)
        note(r, "-gpgpu_dram_timing_opt lacks%s: GPGPU-Sim's defaults nbkgrp=1 CCDL=0 RTPL=0", deflt);
    /* GPGPU-Sim holds every column command CCD apart and those within a bank
     * group CCDL apart: CCDL=0 (no bank groups) or below CCD means CCD. */
    uint64_t x;
    int ccdl0 = is_uint(val[T_CCDL], &x) && x == 0;
    if (!ccdl0 && set(r, tkeys[T_CCDL], val[T_CCDL]))
        return 2;
    unsigned ccds = r->c->t.tCCDS;
    if (ccdl0 || r->c->t.tCCDL < ccds) {
        note(r, "-gpgpu_dram_timing_opt: CCDL=%s, so column commands within a bank group wait CCD: dram.tCCDL=%u",
             val[T_CCDL], ccds);
        return setu(r, tkeys[T_CCDL], ccds);
    }
    return 0;
}

/* core:icnt:l2:dram, MHz. */
static int opt_clocks(rd_t *r, char *v)
{
    char *f[5];
    if (split(v, ":", f, 4) != 4)
        return bad(r, "<core>:<icnt>:<l2>:<dram> in MHz", r->value);
    return set_each(r, (const char *[]){"clock.core", f[0], "clock.icnt", f[1], "clock.l2", f[2], "clock.dram",
                                        f[3], NULL});
}

/* 0: FCFS, 1: FR-FCFS (GPGPU-Sim has no other). */
static int opt_dram_sched(rd_t *r, char *v)
{
    if (strcmp(v, "0") && strcmp(v, "1"))
        return bad(r, "0 (FCFS) or 1 (FR-FCFS)", v);
    return set(r, "dram.policy", *v == '0' ? "fcfs" : "fr-fcfs");
}

/* Read queue entries; 0 is unlimited in GPGPU-Sim: the largest queue here. */
static int opt_read_queue(rd_t *r, char *v)
{
    uint64_t x;
    if (is_uint(v, &x) && x == 0) {
        note(r, "-gpgpu_frfcfs_dram_sched_queue_size 0 (unlimited) modelled as %u entries", DS_MAX_RDQ);
        return setu(r, "dram.read_queue", DS_MAX_RDQ);
    }
    return set(r, "dram.read_queue", v);
}

/* ---- SMs ----------------------------------------------------------------- */

/* The SM count is clusters x cores per cluster, set when the file is read. */
static int opt_count(rd_t *r, char *v, uint64_t *n, unsigned *line)
{
    if (!is_uint(v, n) || *n == 0)
        return bad(r, "a positive integer", v);
    *line = r->line;
    return 0;
}

static int opt_clusters(rd_t *r, char *v) { return opt_count(r, v, &r->n_clusters, &r->clusters_line); }
static int opt_cores(rd_t *r, char *v) { return opt_count(r, v, &r->n_cores, &r->cores_line); }

/* <threads per SM>:<warp size>[:...]: threads, and warps of 32. */
static int opt_pipeline(rd_t *r, char *v)
{
    char *f[8];
    uint64_t warp;
    unsigned n = split(v, ":", f, 7);
    if (n < 2 || !is_uint(f[1], &warp) || warp != 32)
        return bad(r, "<threads per SM>:32", r->value);
    if (set(r, "sm.threads", f[0]))
        return 2;
    if (r->c->max_threads % 32)
        return bad(r, "a multiple of 32 threads per SM", f[0]);
    return setu(r, "sm.warps", r->c->max_threads / 32);
}

/* -gpgpu_pipeline_widths: GPGPU-Sim 3's seven fields
 * ID_OC_SP,ID_OC_SFU,ID_OC_MEM,OC_EX_SP,OC_EX_SFU,OC_EX_MEM,EX_WB, or 4's
 * eleven with DP and INT after SP (and two more for tensor cores). The
 * model's SP, SFU and MEM registers and EX_WB take theirs; DP and INT
 * units are not modelled (FP64 runs on the SFU, INT on the SP units, as
 * GPGPU-Sim does without them), so their widths must be 0 or are noted. */
static int opt_widths(rd_t *r, char *v)
{
    static const char *const k7[] = {"sm.id_oc_sp", "sm.id_oc_sfu", "sm.id_oc_mem", "sm.oc_ex_sp", "sm.oc_ex_sfu",
                                     "sm.oc_ex_mem", "sm.ex_wb"};
    static const char *const k11[] = {"sm.id_oc_sp", NULL, NULL, "sm.id_oc_sfu", "sm.id_oc_mem", "sm.oc_ex_sp", NULL, NULL,
                                      "sm.oc_ex_sfu", "sm.oc_ex_mem", "sm.ex_wb", NULL, NULL};
    char *f[14];
    uint64_t x[13];
    unsigned n = split(v, ",", f, 13);
    for (unsigned i = 0; i < n && n <= 13; i++)
        if (!is_uint(f[i], &x[i]))
            n = 14;
    if (n != 7 && n != 11 && n != 13)
        return bad(r, "7 widths (ID_OC_SP,ID_OC_SFU,ID_OC_MEM,OC_EX_SP,OC_EX_SFU,OC_EX_MEM,EX_WB), or 11 or 13 with "
                      "DP, INT (and tensor cores)",
                   r->value);
    const char *const *k = n == 7 ? k7 : k11;
    for (unsigned i = 0; i < n; i++) {
        if (k[i]) {
            if (setu(r, k[i], x[i]))
                return 2;
        } else if (x[i]) {
            note(r, "-gpgpu_pipeline_widths: field %u (%s) is %llu: DP, INT and tensor-core units are not modelled (FP64 "
                    "runs on the SFU, INT on the SP units)",
                 i + 1, i < 11 ? (i % 5 == 1 ? "DP" : "INT") : "tensor", (unsigned long long)x[i]);
        }
    }
    return 0;
}

/* -gpgpu_num_int_units, -gpgpu_operand_collector_*_{dp,int,gen}:
 * units the model does not have; 0 is what it does. */
static int opt_unit_absent(rd_t *r, char *v)
{
    uint64_t x;
    if (!is_uint(v, &x))
        return bad(r, "a number of units", v);
    if (x)
        note(r, "%s %llu: not modelled (FP64 runs on the SFU, INT on the SP units; no shared collectors)", r->opt,
             (unsigned long long)x);
    return 0;
}

/* lrr | gto | two_level_active:<active warps>[:<inner>:<outer>]. */
static int opt_scheduler(rd_t *r, char *v)
{
    static const char tl[] = "two_level_active:";
    if (!strcmp(v, "lrr") || !strcmp(v, "gto"))
        return set(r, "sm.scheduler", v);
    if (strncmp(v, tl, sizeof tl - 1))
        return bad(r, "lrr, gto or two_level_active:<active warps>:<inner>:<outer>", v);
    char *n = v + sizeof tl - 1, *rest = strchr(n, ':');
    if (rest) {
        *rest = '\0';
        note(r, "-gpgpu_scheduler: prioritization %s ignored (the model's two-level scheduler is round-robin among "
                "the active warps)", r->value + (rest + 1 - v));
    }
    return set_each(r, (const char *[]){"sm.scheduler", "two-level", "sm.two_level_active", n, NULL});
}

/* "<ADD>[,<MAX>,<MUL>,<MAD>,<DIV>[,<SHFL>]]" cycles (one field for the SFU):
 * the first, ADD, into *add (the model has one latency per class). 0, or 2. */
static int first_of_list(rd_t *r, char *v, uint64_t *add)
{
    char *f[7];
    uint64_t x;
    unsigned n = split(v, ",", f, 6);
    for (unsigned i = 0; i < n && n <= 6; i++)
        if (!is_uint(f[i], &x))
            n = 7;
    if (n > 6)
        return bad(r, "cycles <ADD>[,<MAX>,<MUL>,<MAD>,<DIV>[,<SHFL>]] (decimal)", r->value);
    return !is_uint(f[0], add);
}

/* -ptx_opcode_latency_*: the ADD latency is the class's (r->key). */
static int opt_latency(rd_t *r, char *v)
{
    uint64_t add;
    return first_of_list(r, v, &add) ? 2 : setu(r, r->key, add);
}

/* -ptx_opcode_initiation_dp/sfu: remembered; finish() divides by the units. */
static int opt_initiation(rd_t *r, char *v, issue_t *u)
{
    if (first_of_list(r, v, &u->ii))
        return 2;
    u->has_ii = 1;
    u->line = r->line;
    return 0;
}
static int opt_init_dp(rd_t *r, char *v) { return opt_initiation(r, v, &r->dp); }
static int opt_init_sfu(rd_t *r, char *v) { return opt_initiation(r, v, &r->sfu); }

/* -gpgpu_num_dp_units (0: DP runs on the SFU units), -gpgpu_num_sfu_units (at least 1). */
static int opt_units(rd_t *r, char *v, issue_t *u, uint64_t min)
{
    if (!is_uint(v, &u->units) || u->units < min)
        return bad(r, min ? "a positive number of units" : "a number of units (0: DP runs on the SFU units)", v);
    u->has_units = 1;
    return 0;
}
static int opt_dp_units(rd_t *r, char *v) { return opt_units(r, v, &r->dp, 0); }
static int opt_sfu_units(rd_t *r, char *v) { return opt_units(r, v, &r->sfu, 1); }

/* sm.ii_X = the unit's initiation interval over the units that share the
 * SM's instructions of class X, rounded up (the model has one pipeline per
 * class and SM). GPGPU-Sim's defaults: one SFU unit, no DP units (DP runs
 * on the SFU units). 0, or 2. */
static int set_issue(rd_t *r, const char *key, uint64_t ii, uint64_t units, unsigned line)
{
    at_line(r, line);
    if (units > 1)
        note(r, "%s = ceil(%llu cycles / %llu units) = %llu", key, (unsigned long long)ii, (unsigned long long)units,
             (unsigned long long)((ii + units - 1) / units));
    return setu(r, key, (ii + units - 1) / units);
}

/* 1: global loads skip the L1D (-dlcm=cg); 0 leaves l1.bypass as it is, so
 * "-gpgpu_cache:dl1 none" holds whatever the order. */
/* GPGPU-Sim 4's L1 latency queue: every access waits the latency before the
 * tag lookup. */
static int opt_l1_latency(rd_t *r, char *v)
{
    return set(r, "l1.latency", v) || set(r, "l1.miss_latency", "1") ? 2 : 0;
}

/* The coalescer generation: below 40 (Fermi, Kepler; GPGPU-Sim's default
 * 13) segments of 32/64/128 B by width; 40 and above 32 B sectors. */
static int opt_coalesce_arch(rd_t *r, char *v)
{
    uint64_t x;
    if (!is_uint(v, &x))
        return bad(r, "a compute capability times 10 (e.g. 20, 70)", v);
    return set(r, "sm.coalesce", x < 40 ? "fermi" : "sector");
}

/* -gpgpu_local_mem_map: 1 interleaves each thread's local words by block slot, 0 by hardware thread. */
static int opt_local_map(rd_t *r, char *v)
{
    uint64_t x;
    if (!is_uint(v, &x) || x > 1)
        return bad(r, "0 or 1", v);
    return set(r, "sm.local_map", x ? "gpgpusim" : "legacy");
}

static int opt_skip_l1d(rd_t *r, char *v)
{
    if (strcmp(v, "0") && strcmp(v, "1"))
        return bad(r, "0 or 1", v);
    return *v == '1' ? set(r, "l1.bypass", "1") : 0;
}

/* ---- the options --------------------------------------------------------- */

/* Every GPGPU-Sim option the reader knows, in one table (the tested
 * configurations of GPGPU-Sim 4 / Accel-Sim, SM2 to SM86, use no other):
 * key alone: the value goes to the key as written; fn: translates the value
 * (doc: the keys it sets); neither: known, not modelled (doc: what it is).
 * --list-gpgpusim-options prints it; docs/sim.md has that list. */
typedef struct {
    const char *opt, *key;
    int (*fn)(rd_t *r, char *v);
    const char *doc;
} gopt_t;

#define KEY(opt, key)         {opt, key, NULL, NULL}
#define FN(opt, fn, key, doc) {opt, key, fn, doc}
#define NOT(opt, doc)         {opt, NULL, NULL, doc}

static const gopt_t gopts[] = {
    /* modelled */
    FN("-gpgpu_n_clusters", opt_clusters, NULL, "sm.count = clusters x cores per cluster"),
    FN("-gpgpu_n_cores_per_cluster", opt_cores, NULL, "sm.count = clusters x cores per cluster"),
    FN("-gpgpu_shader_core_pipeline", opt_pipeline, NULL, "sm.threads, sm.warps (<threads>:32)"),
    KEY("-gpgpu_shader_cta", "sm.blocks"),
    KEY("-gpgpu_shader_registers", "sm.regs"),
    KEY("-gpgpu_shmem_size", "sm.shmem"),
    KEY("-gpgpu_num_sched_per_core", "sm.schedulers"),
    FN("-gpgpu_scheduler", opt_scheduler, NULL, "sm.scheduler (lrr, gto, two_level_active:N: sm.two_level_active)"),
    FN("-ptx_opcode_latency_int", opt_latency, "sm.lat_int", "sm.lat_int (the ADD field)"),
    FN("-ptx_opcode_latency_fp", opt_latency, "sm.lat_fp", "sm.lat_fp (the ADD field)"),
    FN("-ptx_opcode_latency_dp", opt_latency, "sm.lat_dp", "sm.lat_dp (the ADD field)"),
    FN("-ptx_opcode_latency_sfu", opt_latency, "sm.lat_sfu", "sm.lat_sfu"),
    FN("-ptx_opcode_initiation_dp", opt_init_dp, NULL, "sm.ii_dp = ADD field / DP units, rounded up"),
    FN("-ptx_opcode_initiation_sfu", opt_init_sfu, NULL, "sm.ii_sfu = value / SFU units, rounded up"),
    FN("-gpgpu_num_dp_units", opt_dp_units, NULL, "divides sm.ii_dp (0: DP runs on the SFU units)"),
    FN("-gpgpu_num_sfu_units", opt_sfu_units, NULL, "divides sm.ii_sfu (and sm.ii_dp without DP units)"),
    KEY("-gpgpu_smem_latency", "sm.lat_shmem"),
    FN("-gpgpu_cache:dl1", opt_dl1, NULL,
       "l1.sets, l1.ways, l1.replace (<rep>), l1.write (<wr>), l1.alloc (s: fill), l1.index (<index>), l1.mshr, "
       "l1.merge, l1.miss_queue "
       "(none: l1.bypass=1)"),
    FN("-gpgpu_gmem_skip_L1D", opt_skip_l1d, NULL, "l1.bypass (1)"),
    FN("-gpgpu_l1_latency", opt_l1_latency, NULL, "l1.latency, l1.miss_latency (1)"),
    KEY("-icnt_flit_size", "icnt.flit"),
    KEY("-gpgpu_n_mem", "mem.partitions"),
    KEY("-gpgpu_n_sub_partition_per_mchannel", "mem.sub_partitions"),
    FN("-gpgpu_cache:dl2", opt_dl2, NULL, "l2.sectored (S), l2.sets, l2.ways, l2.replace (<rep>), l2.write_alloc (<wr_alloc>), l2.index (<index>), "
       "l2.mshr, l2.merge, l2.miss_queue"),
    KEY("-gpgpu_l2_rop_latency", "l2.latency"),
    KEY("-rop_latency", "l2.latency"),   /* its name before GPGPU-Sim 4 */
    KEY("-dram_latency", "l2.dram_latency"),
    FN("-gpgpu_clock_domains", opt_clocks, NULL, "clock.core, clock.icnt, clock.l2, clock.dram"),
    FN("-gpgpu_dram_scheduler", opt_dram_sched, NULL, "dram.policy (0 fcfs, 1 fr-fcfs)"),
    FN("-gpgpu_frfcfs_dram_sched_queue_size", opt_read_queue, NULL, "dram.read_queue (0 = unlimited: 128)"),
    KEY("-gpgpu_n_mem_per_ctrlr", "dram.chips"),
    KEY("-gpgpu_dram_buswidth", "dram.buswidth"),
    KEY("-gpgpu_dram_burst_length", "dram.burst"),
    KEY("-dram_data_command_freq_ratio", "dram.data_ratio"),
    FN("-gpgpu_dram_timing_opt", opt_timing, NULL, "dram.banks, dram.bank_groups, dram.t* (CCD: tCCDS)"),
    FN("-gpgpu_mem_addr_mapping", opt_addr_mapping, NULL,
       "dram.channel_shift (dramid@), dram.map, dram.row_bytes, dram.rows; mem.sub_select (bank)"),

    /* the functional simulator and the CUDA runtime */
    NOT("-gpgpu_ptx_instruction_classification", "PTX functional simulation"),
    NOT("-gpgpu_ptx_sim_mode", "PTX functional simulation"),
    NOT("-gpgpu_ptx_force_max_capability", "PTX version taken from the binary"),
    NOT("-gpgpu_ptx_convert_to_ptxplus", "PTXPlus"),
    NOT("-gpgpu_ptx_save_converted_ptxplus", "PTXPlus"),
    NOT("-gpgpu_compute_capability_major", "compute capability reported to CUDA"),
    NOT("-gpgpu_compute_capability_minor", "compute capability reported to CUDA"),
    NOT("-gpgpu_stack_size_limit", "CUDA device limit"),
    NOT("-gpgpu_heap_size_limit", "CUDA device limit"),
    NOT("-gpgpu_runtime_sync_depth_limit", "CUDA device limit"),
    NOT("-gpgpu_runtime_pending_launch_count_limit", "CUDA device limit"),
    NOT("-gpgpu_ignore_resources_limitation", "kernels over the SM's resources"),
    NOT("-gpgpu_occupancy_sm_number", "SM version of the occupancy calculation"),
    NOT("-gpgpu_registers_per_block", "per-block register limit"),
    NOT("-gpgpu_shmem_per_block", "per-block shared-memory limit"),
    NOT("-gpgpu_max_concurrent_kernel", "concurrent kernels (one kernel at a time)"),
    NOT("-gpgpu_kernel_launch_latency", "kernel launch latency"),
    NOT("-gpgpu_TB_launch_latency", "thread block launch latency"),
    KEY("-gpgpu_perf_sim_memcpy", "l2.memcpy_fill"),
    /* the SM */
    NOT("-gpgpu_simd_model", "SIMT reconvergence model"),
    NOT("-gpgpu_clock_gated_lanes", "power model"),
    FN("-gpgpu_pipeline_widths", opt_widths, NULL, "sm.id_oc_sp/sfu/mem, sm.oc_ex_sp/sfu/mem, sm.ex_wb (DP, INT, tensor fields: 0 or a note)"),
    KEY("-gpgpu_num_sp_units", "sm.units_sp"),
    FN("-gpgpu_num_int_units", opt_unit_absent, NULL, "none (0; else a note: INT runs on the SP units)"),
    NOT("-gpgpu_tensor_core_avail", "tensor cores"),
    NOT("-gpgpu_num_tensor_core_units", "tensor cores"),
    NOT("-ptx_opcode_initiation_int", "INT initiation interval (an SP unit takes one instruction per cycle)"),
    NOT("-ptx_opcode_initiation_fp", "FP32 initiation interval (an SP unit takes one instruction per cycle)"),
    NOT("-ptx_opcode_latency_tesnor", "tensor cores (GPGPU-Sim's spelling)"),
    NOT("-ptx_opcode_initiation_tensor", "tensor cores"),
    NOT("-gpgpu_sub_core_model", "sub-cores"),
    NOT("-gpgpu_enable_specialized_operand_collector", "specialized collectors (always: one set per unit type)"),
    FN("-gpgpu_operand_collector_num_units_gen", opt_unit_absent, NULL, "none (0; else a note)"),
    FN("-gpgpu_operand_collector_num_in_ports_gen", opt_unit_absent, NULL, "none (0; else a note)"),
    FN("-gpgpu_operand_collector_num_out_ports_gen", opt_unit_absent, NULL, "none (0; else a note)"),
    FN("-gpgpu_operand_collector_num_units_dp", opt_unit_absent, NULL, "none (0; else a note)"),
    FN("-gpgpu_operand_collector_num_in_ports_dp", opt_unit_absent, NULL, "none (0; else a note)"),
    FN("-gpgpu_operand_collector_num_out_ports_dp", opt_unit_absent, NULL, "none (0; else a note)"),
    FN("-gpgpu_operand_collector_num_units_int", opt_unit_absent, NULL, "none (0; else a note)"),
    FN("-gpgpu_operand_collector_num_in_ports_int", opt_unit_absent, NULL, "none (0; else a note)"),
    FN("-gpgpu_operand_collector_num_out_ports_int", opt_unit_absent, NULL, "none (0; else a note)"),
    KEY("-gpgpu_operand_collector_num_units_sp", "sm.oc_units_sp"),
    KEY("-gpgpu_operand_collector_num_units_sfu", "sm.oc_units_sfu"),
    KEY("-gpgpu_operand_collector_num_units_mem", "sm.oc_units_mem"),
    KEY("-gpgpu_operand_collector_num_in_ports_sp", "sm.oc_in_sp"),
    KEY("-gpgpu_operand_collector_num_in_ports_sfu", "sm.oc_in_sfu"),
    KEY("-gpgpu_operand_collector_num_in_ports_mem", "sm.oc_in_mem"),
    KEY("-gpgpu_operand_collector_num_out_ports_sp", "sm.oc_out_sp"),
    KEY("-gpgpu_operand_collector_num_out_ports_sfu", "sm.oc_out_sfu"),
    KEY("-gpgpu_operand_collector_num_out_ports_mem", "sm.oc_out_mem"),
    KEY("-gpgpu_num_reg_banks", "sm.reg_banks"),
    NOT("-gpgpu_reg_file_port_throughput", "register file ports (one step of the collectors per cycle)"),
    NOT("-gpgpu_max_insn_issue_per_warp", "dual issue (one instruction per warp and cycle)"),
    NOT("-gpgpu_dual_issue_diff_exec_units", "dual issue (one instruction per warp and cycle)"),
    NOT("-gpgpu_inst_fetch_throughput", "instruction fetch (one warp per cycle, GPGPU-Sim's default)"),
    NOT("-gpgpu_cache:il1", "instruction cache (perfect)"),
    NOT("-gpgpu_perfect_inst_const_cache", "instruction and constant caches (perfect)"),
    NOT("-gpgpu_const_cache:l1", "constant cache"),
    NOT("-gpgpu_tex_cache:l1", "texture cache"),
    FN("-gpgpu_coalesce_arch", opt_coalesce_arch, NULL, "sm.coalesce (below 40: fermi, else sector)"),
    FN("-gpgpu_local_mem_map", opt_local_map, NULL, "sm.local_map (1: gpgpusim, 0: legacy)"),
    NOT("-gpgpu_shmem_num_banks", "shared-memory bank conflicts (a fixed sm.lat_shmem)"),
    NOT("-gpgpu_shmem_limited_broadcast", "shared-memory bank conflicts (a fixed sm.lat_shmem)"),
    NOT("-gpgpu_shmem_warp_parts", "shared-memory bank conflicts (a fixed sm.lat_shmem)"),
    /* the L1D */
    NOT("-gpgpu_adaptive_cache_config", "adaptive L1 / shared-memory split (the -gpgpu_cache:dl1 size)"),
    NOT("-gpgpu_shmem_option", "adaptive L1 / shared-memory split (the -gpgpu_cache:dl1 size)"),
    NOT("-gpgpu_unified_l1d_size", "adaptive L1 / shared-memory split (the -gpgpu_cache:dl1 size)"),
    NOT("-gpgpu_shmem_sizeDefault", "per-kernel cache preference (-gpgpu_shmem_size)"),
    NOT("-gpgpu_cache:dl1PrefL1", "per-kernel cache preference (-gpgpu_cache:dl1)"),
    NOT("-gpgpu_cache:dl1PrefShared", "per-kernel cache preference (-gpgpu_cache:dl1)"),
    NOT("-gpgpu_shmem_size_PrefL1", "per-kernel cache preference (-gpgpu_shmem_size)"),
    NOT("-gpgpu_shmem_size_PrefShared", "per-kernel cache preference (-gpgpu_shmem_size)"),
    NOT("-gpgpu_l1_banks", "L1D banks"),
    NOT("-gpgpu_l1_cache_write_ratio", "L1D write share of the adaptive split"),
    KEY("-gpgpu_flush_l1_cache", "l1.flush"),
    NOT("-gpgpu_n_cluster_ejection_buffer_size", "SM ejection buffer (icnt.buffer is the model's)"),
    /* the interconnect, L2 and DRAM */
    NOT("-network_mode", "interconnect model (the model's crossbar: icnt.*)"),
    NOT("-inter_config_file", "interconnect model (the model's crossbar: icnt.*)"),
    NOT("-icnt_in_buffer_limit", "interconnect model (the model's crossbar: icnt.*)"),
    NOT("-icnt_out_buffer_limit", "interconnect model (the model's crossbar: icnt.*)"),
    NOT("-icnt_subnets", "interconnect model (the model's crossbar: icnt.*)"),
    NOT("-icnt_arbiter_algo", "interconnect model (the model's crossbar: icnt.*)"),
    NOT("-gpgpu_cache:dl2_texture_only", "L2 for textures only (the model's L2 caches all data)"),
    NOT("-gpgpu_dram_partition_queues", "memory partition queues (l2.input_queue, l2.miss_queue)"),
    NOT("-gpgpu_memory_partition_indexing", "partition index hashing (linear: dram.channel_shift)"),
    NOT("-gpgpu_dram_return_queue_size", "DRAM return queue"),
    NOT("-gpgpu_mem_address_mask", "address mapping (dram.map, dram.channel_shift)"),
    NOT("-dram_bnk_indexing_policy", "bank index hashing"),
    NOT("-dram_bnkgrp_indexing_policy", "bank-group index hashing"),
    NOT("-dram_dual_bus_interface", "HBM dual command bus"),
    NOT("-dram_seperate_write_queue_enable", "DRAM write queue (dram.write_queue, dram.high_wm, dram.low_wm)"),
    NOT("-dram_write_queue_size", "DRAM write queue (dram.write_queue, dram.high_wm, dram.low_wm)"),
    NOT("-Seperate_Write_Queue_Enable", "DRAM write queue (its name before GPGPU-Sim 4)"),
    NOT("-Write_Queue_Size", "DRAM write queue (its name before GPGPU-Sim 4)"),
    /* statistics, tracing, power */
    NOT("-gpgpu_memlatency_stat", "statistics"),
    NOT("-gpgpu_runtime_stat", "statistics"),
    NOT("-enable_ptx_file_line_stats", "statistics"),
    NOT("-visualizer_enabled", "visualizer output"),
    NOT("-trace_enabled", "debug tracing"),
    NOT("-trace_components", "debug tracing"),
    NOT("-trace_sampling_core", "debug tracing"),
    NOT("-power_simulation_enabled", "power model"),
    NOT("-gpuwattch_xml_file", "power model"),
};
#define NGOPTS (sizeof gopts / sizeof gopts[0])

void config_print_gpgpusim_options(FILE *f)
{
    for (size_t i = 0; i < NGOPTS; i++) {
        const gopt_t *o = &gopts[i];
        fprintf(f, "  %-44s %s%s\n", o->opt, o->key || o->fn ? "" : "not modelled: ",
                o->fn || !o->key ? o->doc : o->key);
    }
}

/* Levenshtein distance of a and b, up to 3 (more: 3), for "did you mean". */
static unsigned distance(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    unsigned row[64];
    if (nb >= 64 || (na > nb ? na - nb : nb - na) > 2)
        return 3;
    for (size_t j = 0; j <= nb; j++)
        row[j] = (unsigned)j;
    for (size_t i = 1; i <= na; i++) {
        unsigned diag = row[0];
        row[0] = (unsigned)i;
        for (size_t j = 1; j <= nb; j++) {
            unsigned up = row[j], best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            diag = up;
            row[j] = best;
        }
    }
    return row[nb] < 3 ? row[nb] : 3;
}

/* An option not in the table: an error, as in GPGPU-Sim, with the nearest
 * known name if one is within two edits. 2. */
static int unknown(rd_t *r, const char *name)
{
    const char *near = NULL;
    unsigned best = 3;
    for (size_t i = 0; i < NGOPTS; i++) {
        unsigned d = distance(name, gopts[i].opt);
        if (d < best) {
            best = d;
            near = gopts[i].opt;
        }
    }
    fprintf(stderr, "%s: expected a GPGPU-Sim option (memsched sim --list-gpgpusim-options), got '%s'", r->where,
            name);
    if (near)
        fprintf(stderr, " (did you mean %s?)", near);
    fputc('\n', stderr);
    return 2;
}

/* An option the model does not have: an error with --strict, else
 * remembered (once) for the list at the end. 0, or 2. */
static int ignore(rd_t *r, const gopt_t *o)
{
    const char *name = o->opt;
    if (r->strict) {
        fprintf(stderr, "%s: expected an option the model has (--strict), got '%s' (not modelled: %s)\n", r->where,
                name, o->doc);
        return 2;
    }
    for (size_t i = 0; i < r->n_ignored; i++)
        if (!strcmp(r->ignored[i], name))
            return 0;
    char **g = realloc(r->ignored, (r->n_ignored + 1) * sizeof *g);
    if (g)
        r->ignored = g;
    if (!g || !(g[r->n_ignored] = strdup(name)))
        return oom(r);
    r->n_ignored++;
    return 0;
}

/* s without leading blanks; trailing ones cut off in place. */
static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* One option, "-name value" or "-name \"value\"" (comment gone). 0, or 2. */
static int option(rd_t *r, char *text)
{
    char *s = trim(text), *v, *rest;
    if (*s != '-')
        return bad(r, "an option '-name value'", s);
    char *name = s;
    s += strcspn(s, " \t\r\n\v\f\"");
    if (!*s || *s == '"') {
        if (*s)
            return bad(r, "a blank between the option name and its value", name);
        char e[160];
        snprintf(e, sizeof e, "a value after %.100s", name);
        return bad(r, e, name);
    }
    *s++ = '\0';
    v = trim(s);
    if (*v == '"') {
        rest = strchr(++v, '"');   /* there is one: the quotes are paired */
        *rest++ = '\0';
        v = trim(v);
    } else {
        rest = v + strcspn(v, " \t\r\n\v\f");
    }
    char *extra = trim(rest);
    if (*extra) {
        char e[160];
        snprintf(e, sizeof e, "one value after %.100s (one option per line)", name);
        return bad(r, e, extra);
    }
    *rest = '\0';
    r->opt = name;
    r->value = v;
    for (size_t i = 0; i < NGOPTS; i++) {
        const gopt_t *o = &gopts[i];
        if (strcmp(o->opt, name))
            continue;
        if (!o->fn && !o->key)
            return ignore(r, o);
        if (!o->fn)
            return set(r, o->key, v);
        r->key = o->key;
        char *copy = strdup(v);
        int rc = copy ? o->fn(r, copy) : oom(r);
        free(copy);
        return rc;
    }
    return unknown(r, name);
}

/* After the last line: the SM count, and the list of ignored options. */
static int finish(rd_t *r)
{
    if (r->n_clusters || r->n_cores) {
        at_line(r, r->clusters_line > r->cores_line ? r->clusters_line : r->cores_line);
        uint64_t n = (r->n_clusters ? r->n_clusters : 1) * (r->n_cores ? r->n_cores : 1);
        if (setu(r, "sm.count", n))
            return 2;
    }
    /* DP runs on its own units, or without them on the SFU units; one SFU unit unless given */
    uint64_t sfu_units = r->sfu.has_units ? r->sfu.units : 1;
    uint64_t dp_units = r->dp.has_units && r->dp.units ? r->dp.units : sfu_units;
    if (r->dp.has_ii && set_issue(r, "sm.ii_dp", r->dp.ii, dp_units, r->dp.line))
        return 2;
    if (r->sfu.has_ii && set_issue(r, "sm.ii_sfu", r->sfu.ii, sfu_units, r->sfu.line))
        return 2;
    if (r->notes && r->n_ignored) {
        fprintf(r->notes, "%s: ignored %zu option%s the model does not have:", r->path, r->n_ignored,
                r->n_ignored == 1 ? "" : "s");
        for (size_t i = 0; i < r->n_ignored; i++)
            fprintf(r->notes, "%s %s", i ? "," : "", r->ignored[i]);
        fputc('\n', r->notes);
    }
    return 0;
}

/* Append " line" to *text (a quoted value going on). 0, or -1 out of memory. */
static int append(char **text, const char *line)
{
    size_t n = strlen(*text), m = strlen(line);
    char *t = realloc(*text, n + m + 2);
    if (!t)
        return -1;
    t[n] = ' ';
    memcpy(t + n + 1, line, m + 1);
    *text = t;
    return 0;
}

/* 1 if s has an odd number of '"' (a quoted value goes on). */
static int quotes_open(const char *s)
{
    int open = 0;
    for (; *s; s++)
        open ^= *s == '"';
    return open;
}

int config_read_gpgpusim(config_t *c, const char *path, FILE *notes, int strict)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: expected a readable gpgpusim.config, got '%s'\n", path, strerror(errno));
        return 2;
    }
    rd_t r = {.c = c, .notes = notes, .path = path, .strict = strict, .where = malloc(strlen(path) + 16)};
    if (!r.where) {
        fprintf(stderr, "%s: out of memory\n", path);
        fclose(f);
        return 2;
    }
    char *line = NULL, *text = NULL;   /* text: the option being read, possibly over several lines */
    size_t cap = 0;
    unsigned lineno = 0;
    /* what GPGPU-Sim does whatever its options say (an option may change it
     * below): every store acknowledged, -gpgpu_coalesce_arch's default 13 */
    snprintf(r.where, strlen(path) + 16, "%s", path);
    int rc = set(&r, "sm.store_ack", "1") || set(&r, "sm.coalesce", "fermi") ? 2 : 0;
    while (!rc && getline(&line, &cap, f) >= 0) {
        lineno++;
        line[strcspn(line, "#")] = '\0';
        if (text) {
            rc = append(&text, trim(line)) ? oom(&r) : 0;
        } else if (*trim(line)) {
            at_line(&r, lineno);
            if (!(text = strdup(line)))
                rc = oom(&r);
        }
        if (!rc && text && !quotes_open(text)) {
            rc = option(&r, text);
            free(text);
            text = NULL;
        }
    }
    if (!rc && ferror(f)) {
        if (lineno)
            fprintf(stderr, "%s:%u: expected a readable gpgpusim.config, got '%s'\n", path, lineno, strerror(errno));
        else   /* e.g. a directory: nothing read */
            fprintf(stderr, "%s: expected a readable gpgpusim.config, got '%s'\n", path, strerror(errno));
        rc = 2;
    } else if (!rc && text) {
        rc = bad(&r, "a closing '\"' by the end of the file", trim(text));
    }
    if (!rc)
        rc = finish(&r);
    for (size_t i = 0; i < r.n_ignored; i++)
        free(r.ignored[i]);
    free(r.ignored);
    free(text);
    free(line);
    free(r.where);
    fclose(f);
    return rc;
}
