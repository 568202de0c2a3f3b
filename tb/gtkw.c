/* gtkw.c - GTKWave save files (.gtkw) for co-simulation traces.
 *
 * A save file is a list of traces, one hierarchical signal name per line,
 * each preceded by an "@flags" line (hex GTKWave trace flags) when the flags
 * change. Groups are a blank trace with the group-begin flag and the group
 * name, and one with the group-end flag. A translate filter ("^N file" before
 * the trace, the FTRANSLATED flag on it) maps displayed values to names.
 * Verilator names the top scope "top" and keeps the port names. */
#include "gtkw.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* GTKWave trace flag bits (its save-file format). */
#define TR_HEX        (1u << 1)
#define TR_BIN        (1u << 3)
#define TR_RJUSTIFY   (1u << 5)
#define TR_BLANK      (1u << 9)
#define TR_FTRANSLATED (1u << 13)
#define TR_GRP_BEGIN  (1u << 23)
#define TR_GRP_END    (1u << 24)

typedef struct {
    FILE *f;
    const char *path;   /* the save file, for filter file names */
    unsigned filters;   /* translate filters written so far */
    int err;
} gw_t;

static void group(gw_t *g, const char *name, int begin)
{
    fprintf(g->f, "@%x\n-%s\n", (begin ? TR_GRP_BEGIN : TR_GRP_END) | TR_BLANK, name);
}

/* Hex digits GTKWave shows for a value of `bits` bits. */
static unsigned hex_digits(unsigned bits) { return (bits + 3) / 4; }

/* A translate filter file mapping each named value of a signal to its name. */
static int write_filter(gw_t *g, const char *sig, unsigned bits, const char *const *names, char *fpath,
                        size_t n)
{
    snprintf(fpath, n, "%s.%s.filter", g->path, sig);
    FILE *f = fopen(fpath, "w");
    if (!f) {
        fprintf(stderr, "%s: cannot write: %s\n", fpath, strerror(errno));
        return -1;
    }
    fprintf(f, "# value names of %s (memsched); GTKWave translate filter file\n", sig);
    for (unsigned v = 0; names[v]; v++) {
        if (bits == 1)
            fprintf(f, "%u %s\n", v, names[v]);
        else
            fprintf(f, "%0*X %s\n", (int)hex_digits(bits), v, names[v]);
    }
    fclose(f);
    return 0;
}

static void trace(gw_t *g, const char *scope, const char *name, unsigned bits, const char *const *names,
                  const char *label)
{
    unsigned flags = TR_RJUSTIFY | (bits == 1 ? TR_BIN : TR_HEX);
    char full[512];
    if (bits == 1)
        snprintf(full, sizeof full, "%s.%s", scope, name);
    else
        snprintf(full, sizeof full, "%s.%s[%u:0]", scope, name, bits - 1);
    if (names) {
        char fpath[PATH_MAX], abs[PATH_MAX];
        const char *leaf = strrchr(name, '.') ? strrchr(name, '.') + 1 : name;
        if (write_filter(g, leaf, bits, names, fpath, sizeof fpath)) {
            g->err = 1;
            return;
        }
        g->filters++;
        fprintf(g->f, "^%u %s\n", g->filters, realpath(fpath, abs) ? abs : fpath);
        flags |= TR_FTRANSLATED;
    }
    /* "+{alias} name" shows the trace under the alias. */
    fprintf(g->f, "@%x\n%s%s%s%s\n", flags, label ? "+{" : "", label ? label : "", label ? "} " : "", full);
}

static void ports(gw_t *g, const sigtab_t *t, const char *suffix)
{
    for (unsigned i = 0; i < t->n; i++) {
        const sig_t *s = &t->sig[i];
        char port[128];
        snprintf(port, sizeof port, "%s%s", s->name, suffix);
        trace(g, "top", port, s->width * s->count, s->names, NULL);
    }
}

int gtkw_write(const char *path, const char *fst, const block_t *b, const char *params,
               const sigtab_t *in, const sigtab_t *out, const sigtab_t *probes)
{
    gw_t g = {fopen(path, "w"), path, 0, 0};
    if (!g.f) {
        fprintf(stderr, "%s: cannot write the save file: %s\n", path, strerror(errno));
        return -1;
    }
    char abs[PATH_MAX];
    fprintf(g.f, "[*] memsched %s %s: GTKWave save file (gtkwave -a this-file, or File > Read Save File)\n",
            b->name, params);
    fprintf(g.f, "[dumpfile] \"%s\"\n", realpath(fst, abs) ? abs : fst);
    fprintf(g.f, "[savefile] \"%s\"\n", realpath(path, abs) ? abs : path);
    fprintf(g.f, "[timestart] 0\n[size] 1400 800\n[pos] -1 -1\n[sst_width] 240\n[signals_width] 260\n"
                 "[sst_expanded] 1\n[sst_vpaned_height] 240\n");
    if (!(b->flags & BLOCK_COMB)) {
        group(&g, "clock and reset", 1);
        trace(&g, "top", "clk_i", 1, NULL, NULL);
        trace(&g, "top", "rst_ni", 1, NULL, NULL);
        group(&g, "clock and reset", 0);
    }
    group(&g, "inputs", 1);
    ports(&g, in, "_i");
    group(&g, "inputs", 0);
    group(&g, "outputs", 1);
    ports(&g, out, "_o");
    group(&g, "outputs", 0);
    const char *open = NULL;
    char scope[160];
    snprintf(scope, sizeof scope, "top.%s", b->name);
    for (unsigned i = 0; probes && i < probes->n; i++) {
        const sig_t *s = &probes->sig[i];
        const char *grp = s->group ? s->group : "internal";
        if (!open || strcmp(open, grp)) {
            if (open)
                group(&g, open, 0);
            open = grp;
            group(&g, open, 1);
        }
        trace(&g, scope, s->name, s->width * s->count, s->names, s->label);
    }
    if (open)
        group(&g, open, 0);
    if (fclose(g.f) || g.err) {
        fprintf(stderr, "%s: writing the save file failed\n", path);
        return -1;
    }
    return 0;
}
