#include "stim.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (!d) {
        fprintf(stderr, "memsched: out of memory\n");
        exit(2);
    }
    return memcpy(d, s, n);
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fprintf(stderr, "memsched: out of memory\n");
        exit(2);
    }
    return p;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

static void copy_field(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src);
}

/* "# key: value" comment lines before the header carry the recorded
 * configuration. */
static const char *const meta_keys[] = {"block", "params", "set", "seed", "init", NULL};

/* The index of key in meta_keys, or -1. */
static int meta_index(const char *key)
{
    for (int i = 0; meta_keys[i]; i++)
        if (!strcmp(meta_keys[i], key))
            return i;
    return -1;
}

static int is_meta(const char *text, char *key, size_t n)
{
    const char *colon = strchr(text, ':');
    if (!colon)
        return 0;
    const char *k = text;
    while (isspace((unsigned char)*k))
        k++;
    size_t len = (size_t)(colon - k);
    while (len && isspace((unsigned char)k[len - 1]))
        len--;
    if (len == 0 || len >= n)
        return 0;
    snprintf(key, n, "%.*s", (int)len, k);
    return meta_index(key) >= 0;
}

/* A setting's key=value against those read before: a key given twice would
 * silently run whichever came last (another parameter set than recorded).
 * 0, or 2 after a message naming both lines. */
static int setting_once(const stim_t *s, const char *kv, unsigned lineno)
{
    size_t klen = strcspn(kv, "=");
    for (unsigned i = 0; i < s->meta.nsets; i++)
        if (strcspn(s->meta.set[i], "=") == klen && !strncmp(s->meta.set[i], kv, klen)) {
            fprintf(stderr, "%s:%u: expected each setting once, got '%s' after '%s' at %s\n", s->path, lineno, kv,
                    s->meta.set[i], s->meta.set_where[i]);
            return 2;
        }
    return 0;
}

static int parse_meta(stim_t *s, char *text, unsigned lineno)
{
    char key[16];
    if (!is_meta(text, key, sizeof key))
        return 0;
    char *val = trim(strchr(text, ':') + 1);
    unsigned *seen = &s->meta.key_line[meta_index(key)];
    if (*seen) {   /* a second "# params:" would run another parameter set than the first names */
        fprintf(stderr, "%s:%u: expected one '# %s:' line, got a second (the first is line %u)\n", s->path, lineno,
                key, *seen);
        return 2;
    }
    *seen = lineno;
    if (!strcmp(key, "block")) {
        if (strlen(val) >= sizeof s->meta.block) {
            fprintf(stderr, "%s:%u: expected a block name after '# block:', got '%s'\n", s->path, lineno, val);
            return 2;
        }
        copy_field(s->meta.block, sizeof s->meta.block, val);
        s->meta.block_line = lineno;
    } else if (!strcmp(key, "params") || !strcmp(key, "set")) {
        char *save = NULL;
        for (char *t = strtok_r(val, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
            if (s->meta.nsets == STIM_SETS_MAX || strlen(t) >= sizeof s->meta.set[0]) {
                fprintf(stderr, "%s:%u: expected at most %d key=value settings of at most %zu characters, got '%s'\n",
                        s->path, lineno, STIM_SETS_MAX, sizeof s->meta.set[0] - 1, t);
                return 2;
            }
            if (setting_once(s, t, lineno))
                return 2;
            copy_field(s->meta.set[s->meta.nsets], sizeof s->meta.set[0], t);
            snprintf(s->meta.set_where[s->meta.nsets], sizeof s->meta.set_where[0], "%.280s:%u", s->path, lineno);
            s->meta.nsets++;
        }
    } else if (!strcmp(key, "seed")) {
        if (engine_parse_uint(val, 10, UINT64_MAX, &s->meta.seed)) {
            fprintf(stderr, "%s:%u: expected a decimal seed 0..18446744073709551615 after '# seed:', got '%s'\n",
                    s->path, lineno, val);
            return 2;
        }
        s->meta.has_seed = 1;
    } else if (!strcmp(key, "init")) {
        if (strcmp(val, "random") && strcmp(val, "zeros")) {
            fprintf(stderr, "%s:%u: expected 'random' or 'zeros' after '# init:', got '%s'\n",
                    s->path, lineno, val);
            return 2;
        }
        s->meta.has_init = 1;
        s->meta.init_random = !strcmp(val, "random");
    }
    return 0;
}

stim_t *stim_load(const char *path)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!f) {
        fprintf(stderr, "%s: cannot open stimulus file: %s\n", path, strerror(errno));
        return NULL;
    }
    stim_t *s = stim_read(f, path);
    if (f != stdin)
        fclose(f);
    return s;
}

stim_t *stim_read(FILE *f, const char *path)
{
    stim_t *s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "memsched: out of memory\n");
        exit(2);
    }
    s->path = xstrdup(path);
    char *buf = NULL;
    size_t cap = 0;
    ssize_t len;
    unsigned lineno = 0;
    size_t alloc = 0;
    int bad = 0;
    while ((len = getline(&buf, &cap, f)) >= 0) {
        lineno++;
        if ((size_t)len != strlen(buf)) {
            fprintf(stderr, "%s:%u: expected text, got a NUL byte\n", path, lineno);
            bad = 1;
            break;
        }
        char *t = trim(buf);
        if (!*t)
            continue;
        if (*t == '#') {
            char key[16];
            if (s->nlines && is_meta(t + 1, key, sizeof key)) {
                /* Settings after the header would apply to rows before them. */
                fprintf(stderr, "%s:%u: expected '# %s:' before the header line (line %u), got it after\n",
                        path, lineno, key, s->lineno[0]);
                bad = 1;
                break;
            }
            if (parse_meta(s, t + 1, lineno)) {
                bad = 1;
                break;
            }
            continue;
        }
        char *hash = strchr(t, '#'); /* trailing comment */
        if (hash) {
            *hash = 0;
            t = trim(t);
        }
        if (s->nlines == alloc) {
            alloc = alloc ? 2 * alloc : 256;
            s->line = xrealloc(s->line, alloc * sizeof *s->line);
            s->lineno = xrealloc(s->lineno, alloc * sizeof *s->lineno);
        }
        s->line[s->nlines] = xstrdup(t);
        s->lineno[s->nlines] = lineno;
        s->nlines++;
    }
    free(buf);
    if (bad) {
        stim_free(s);
        return NULL;
    }
    if (s->nlines == 0) {
        fprintf(stderr, "%s:%u: expected a header line naming the columns, got end of file\n",
                path, lineno + 1);
        stim_free(s);
        return NULL;
    }
    return s;
}

/* Column kinds after the header is read. */
enum { COL_CYCLE = -3, COL_RST = -2 };

typedef struct {
    int kind;            /* COL_CYCLE, COL_RST, or a signal index */
    int is_out;
} col_t;

static int parse_hex(const char *tok, uint64_t *v)
{
    const char *p = tok;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        p += 2;
    if (!*p)
        return -1;
    while (p[0] == '0' && p[1])  /* leading zeros: the width check decides */
        p++;
    if (strlen(p) > 16)
        return -2;
    uint64_t x = 0;
    for (; *p; p++) {
        int d;
        if (*p >= '0' && *p <= '9')
            d = *p - '0';
        else if (*p >= 'a' && *p <= 'f')
            d = *p - 'a' + 10;
        else if (*p >= 'A' && *p <= 'F')
            d = *p - 'A' + 10;
        else
            return -1;
        x = (x << 4) | (uint64_t)d;
    }
    *v = x;
    return 0;
}

/* One signal's value: count comma-separated hex elements, each within width. */
static int parse_sig(const stim_t *s, unsigned lineno, const sig_t *sig, char *tok, uint64_t *dst)
{
    char *part = tok;
    for (unsigned e = 0; e < sig->count; e++) {
        char *comma = strchr(part, ',');
        if (comma)
            *comma = 0;
        uint64_t v;
        if (parse_hex(part, &v) < 0 || (sig->width < 64 && (v >> sig->width))) {
            char where[64] = "";
            if (sig->count > 1)
                snprintf(where, sizeof where, " element %u", e);
            fprintf(stderr, "%s:%u: column '%s'%s: expected a hex value of at most %u bits, got '%s'\n",
                    s->path, lineno, sig->name, where, sig->width, part);
            return 2;
        }
        dst[sig->off + e] = v;
        if (e + 1 < sig->count) {
            if (!comma) {
                fprintf(stderr, "%s:%u: column '%s': expected %u comma-separated elements, got %u\n",
                        s->path, lineno, sig->name, sig->count, e + 1);
                return 2;
            }
            part = comma + 1;
        } else if (comma) {
            fprintf(stderr, "%s:%u: column '%s': expected %u comma-separated elements, got more\n",
                    s->path, lineno, sig->name, sig->count);
            return 2;
        }
    }
    return 0;
}

int stim_bind(stim_t *s, const sigtab_t *in, const sigtab_t *out)
{
    col_t col[2 * SIG_MAX + 2];
    unsigned ncol = 0;
    int seen_in[SIG_MAX] = {0}, seen_rst = 0, seen_cycle = 0;
    if (s->in)
        return 0; /* bound already (a replay of the same run) */
    memset(s->exp_has, 0, sizeof s->exp_has);
    s->has_exp = 0;

    /* header */
    char *hdr = xstrdup(s->line[0]), *save = NULL;
    unsigned hline = s->lineno[0];
    for (char *t = strtok_r(hdr, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        if (ncol == sizeof col / sizeof col[0]) {
            fprintf(stderr, "%s:%u: too many columns in the header\n", s->path, hline);
            free(hdr);
            return 2;
        }
        int i;
        if (!strcmp(t, "cycle") && !seen_cycle) {
            seen_cycle = 1;
            col[ncol++] = (col_t){COL_CYCLE, 0};
        } else if (!strcmp(t, "rst_n") && !seen_rst) {
            seen_rst = 1;
            col[ncol++] = (col_t){COL_RST, 0};
        } else if ((i = sigtab_find(in, t)) >= 0 && !seen_in[i]) {
            seen_in[i] = 1;
            col[ncol++] = (col_t){i, 0};
        } else if ((i = sigtab_find(out, t)) >= 0 && !s->exp_has[i]) {
            s->exp_has[i] = 1;
            s->has_exp = 1;
            col[ncol++] = (col_t){i, 1};
        } else {
            int dup = !strcmp(t, "cycle") || !strcmp(t, "rst_n") || sigtab_find(in, t) >= 0 ||
                      sigtab_find(out, t) >= 0;
            fprintf(stderr, "%s:%u: %s column '%s' in the header; expected: [cycle] [rst_n]",
                    s->path, hline, dup ? "duplicate" : "unknown", t);
            for (unsigned k = 0; k < in->n; k++)
                fprintf(stderr, " %s", in->sig[k].name);
            fprintf(stderr, " and optionally the outputs");
            for (unsigned k = 0; k < out->n; k++)
                fprintf(stderr, " %s", out->sig[k].name);
            fprintf(stderr, "\n");
            free(hdr);
            return 2;
        }
    }
    free(hdr);
    for (unsigned k = 0; k < in->n; k++) {
        if (!seen_in[k]) {
            fprintf(stderr, "%s:%u: the header lacks the input column '%s' (every input needs a column)\n",
                    s->path, hline, in->sig[k].name);
            return 2;
        }
    }

    s->rows = s->nlines - 1;
    s->in_words = in->words;
    s->out_words = out->words;
    s->in = xrealloc(NULL, s->rows * in->words * sizeof *s->in);
    s->rst_n = xrealloc(NULL, s->rows);
    if (s->has_exp)
        s->exp = xrealloc(NULL, s->rows * out->words * sizeof *s->exp);

    for (size_t r = 0; r < s->rows; r++) {
        char *text = s->line[r + 1];
        unsigned lineno = s->lineno[r + 1];
        uint64_t *vin = s->in + r * in->words;
        uint64_t *vexp = s->exp ? s->exp + r * out->words : NULL;
        unsigned c = 0;
        s->rst_n[r] = 1;
        save = NULL;
        for (char *t = strtok_r(text, " \t", &save); t; t = strtok_r(NULL, " \t", &save), c++) {
            if (c == ncol) {
                fprintf(stderr, "%s:%u: expected %u columns as in the header (line %u), got more\n",
                        s->path, lineno, ncol, hline);
                return 2;
            }
            if (col[c].kind == COL_CYCLE) {
                uint64_t cy;
                if (engine_parse_uint(t, 10, UINT64_MAX, &cy) || cy != r) {
                    fprintf(stderr, "%s:%u: column 'cycle': expected %zu (decimal, counting rows from 0), got '%s'\n",
                            s->path, lineno, r, t);
                    return 2;
                }
            } else if (col[c].kind == COL_RST) {
                if (strcmp(t, "0") && strcmp(t, "1")) {
                    fprintf(stderr, "%s:%u: column 'rst_n': expected 0 or 1, got '%s'\n", s->path,
                            lineno, t);
                    return 2;
                }
                s->rst_n[r] = (uint8_t)(t[0] - '0');
            } else {
                const sigtab_t *tab = col[c].is_out ? out : in;
                if (parse_sig(s, lineno, &tab->sig[col[c].kind], t, col[c].is_out ? vexp : vin))
                    return 2;
            }
        }
        if (c != ncol) {
            fprintf(stderr, "%s:%u: expected %u columns as in the header (line %u), got %u\n",
                    s->path, lineno, ncol, hline, c);
            return 2;
        }
    }
    return 0;
}

void stim_free(stim_t *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nlines; i++)
        free(s->line[i]);
    free(s->line);
    free(s->lineno);
    free(s->in);
    free(s->rst_n);
    free(s->exp);
    free(s->path);
    free(s);
}

void stim_write_header(FILE *f, const char *block, const char *params, const char *sets,
                       uint64_t seed, int init_random, const sigtab_t *in, const sigtab_t *out)
{
    fprintf(f, "# memsched stimulus (docs/cosim.md)\n");
    fprintf(f, "# block: %s\n", block);
    fprintf(f, "# params: %s\n", params);
    if (sets && *sets)
        fprintf(f, "# set: %s\n", sets);
    fprintf(f, "# seed: %" PRIu64 "\n", seed);
    fprintf(f, "# init: %s\n", init_random ? "random" : "zeros");
    fprintf(f, "cycle rst_n");
    for (unsigned k = 0; k < in->n; k++)
        fprintf(f, " %s", in->sig[k].name);
    if (out)
        for (unsigned k = 0; k < out->n; k++)
            fprintf(f, " %s", out->sig[k].name);
    fputc('\n', f);
}

static void write_sig(FILE *f, const sig_t *s, const uint64_t *v)
{
    for (unsigned e = 0; e < s->count; e++)
        fprintf(f, e ? ",%" PRIx64 : " %" PRIx64, v[s->off + e]);
}

void stim_write_row(FILE *f, uint64_t cycle, int rst_n, const sigtab_t *in, const uint64_t *vin,
                    const sigtab_t *out, const uint64_t *vout)
{
    fprintf(f, "%" PRIu64 " %d", cycle, rst_n);
    for (unsigned k = 0; k < in->n; k++)
        write_sig(f, &in->sig[k], vin);
    if (out)
        for (unsigned k = 0; k < out->n; k++)
            write_sig(f, &out->sig[k], vout);
    fputc('\n', f);
}
