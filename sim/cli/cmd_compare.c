/* cmd_compare.c - `memsched compare`: a sweep of workloads x configurations
 * (docs/sim.md, "Comparisons"). Each run is an independent `memsched sim`
 * process writing its statistics as JSON, run here in parallel over the local
 * cores, or emitted as command lines (--emit-jobs) for GNU parallel or a Slurm
 * array and gathered afterwards (--merge); then a table of IPC normalised to
 * the first configuration (and chosen statistics), the table as JSON, and a
 * bar chart as PNG, PDF and SVG (gnuplot). Inputs are checked here before
 * any run starts, so that a typo is one message on the terminal and exit 2,
 * not a log per run. */
#include "cli/cmd_compare.h"
#include "cli/cmdline.h"
#include "cli/version.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fsutil.h"
#include "io/config.h"
#include "progress.h"
#include "workload/kernel.h"
#include "workload/kernels.h"
#include "workload/workload.h"


#define MAXW 64
#define MAXC 32
#define MAXSET 32
#define MAXSTAT 8

typedef struct {
    char label[64], preset[256];
    char *set[MAXSET];
    int nset;
} cspec_t;

typedef struct {
    const char *prog, *self, *out;
    char exe[4096];          /* this program's file (/proc/self/exe), which the runs execute */
    char *work[MAXW];
    int nw;
    cspec_t cfg[MAXC];
    int nc;
    char *set[MAXSET];       /* --set for every run */
    int nset;
    char *stat[MAXSTAT];
    int nstat;
    unsigned size, jobs;
    int no_check;            /* --no-check-dram: the runs do not check every DRAM command */
    int resume;              /* --resume: keep a run whose JSON this build wrote with this command line */
    int quiet;               /* --quiet: no progress line */
    unsigned progress_every; /* --progress S */
} cmp_t;

/* A decimal integer 1..max (digits only). */
static int parse_pos(const char *v, uint64_t max, uint64_t *x)
{
    if (!*v || strspn(v, "0123456789") != strlen(v) || strlen(v) > 10)
        return -1;
    *x = strtoull(v, NULL, 10);
    return *x >= 1 && *x <= max ? 0 : -1;
}

/* A word for the shell, in single quotes (a ' inside as '\''). */
static void shq(const char *s)
{
    putchar('\'');
    for (; *s; s++)
        if (*s == '\'')
            fputs("'\\''", stdout);
        else
            putchar(*s);
    putchar('\'');
}

static void usage(FILE *f, const char *prog)
{
    fprintf(f,
            "usage: %s compare --workload W[,W...] --configs C[,C...] [--set key=value]... [--size N|NAME]\n"
            "                [--jobs N] [--stats KEY[,KEY...]] [--out DIR] [--no-check-dram] [--emit-jobs | --merge] [--resume]\n"
            "                [--progress S] [--quiet]\n"
            "\n"
            "Runs every workload under every configuration (independent `sim` processes, --jobs at a\n"
            "time), prints IPC normalised to the first configuration with the geometric mean, and\n"
            "writes DIR/compare.json and the chart DIR/ipc.png, ipc.pdf, ipc.svg (default DIR\n"
            "out/compare). Configurations and workloads are checked before any run starts.\n"
            "\n"
            "  C                 LABEL=PRESET[:key=value...] or PRESET, e.g. base=base-s,\n"
            "                    mrpb=base-s:mrpb=final, swl=base-s:sm.swl=8 (a preset or a\n"
            "                    gpgpusim.config file, and keys applied after it)\n"
            "  --set key=value   applied to every run, before the configuration's own keys\n"
            "  --size N|NAME     every built-in kernel at size N, or each at a named size (sim --help)\n"
            "  --stats KEY,...   statistics to tabulate as well, as JSON paths (names and array\n"
            "                    indices), e.g. l1d.L1D_total_cache_miss_rate,gpu.kernels.0.gpu_ipc;\n"
            "                    '-' where a run has no such statistic (mrpb.* without the MRPB)\n"
            "  --no-check-dram   do not check every DRAM command's timing (each run checks by default)\n"
            "  --emit-jobs       print the runs' command lines (one per line: GNU parallel, a Slurm\n"
            "                    array) instead of running them\n"
            "  --merge           run nothing: gather DIR/runs/*.json of the emitted jobs\n"
            "  --resume          keep each run whose JSON in DIR/runs this build wrote with the same\n"
            "                    command line and whose log is empty (it passed its checks); run the\n"
            "                    others (a long sweep stopped part-way)\n"
            "  --progress S      a progress line every S seconds when stderr is not a terminal\n"
            "                    (default %d; on a terminal one line, updated as runs finish)\n"
            "  --quiet           no progress line\n",
            prog, PROGRESS_EVERY_DEFAULT);
}

static int split(char *s, char **v, int max, const char *what, const char *prog)
{
    int n = 0;
    for (char *save = NULL, *t = strtok_r(s, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (n == max) {
            fprintf(stderr, "%s compare: at most %d %s\n", prog, max, what);
            return -1;
        }
        v[n++] = t;
    }
    if (!n) {
        fprintf(stderr, "%s compare: no %s given\n", prog, what);
        return -1;
    }
    return n;
}

static int parse_cfg(char *s, cspec_t *c, const char *prog)
{
    char *eq = strchr(s, '='), *colon = strchr(s, ':');
    char *body = s;
    if (eq && (!colon || eq < colon)) {
        *eq = 0;
        body = eq + 1;
        snprintf(c->label, sizeof c->label, "%s", s);
    }
    char *save = NULL, *t = strtok_r(body, ":", &save);
    if (!t || !t[0]) {
        fprintf(stderr, "%s compare: --configs: expected LABEL=PRESET[:key=value...] or PRESET, got '%s'\n", prog, s);
        return -1;
    }
    snprintf(c->preset, sizeof c->preset, "%s", t);
    if (!*c->label)
        snprintf(c->label, sizeof c->label, "%s", t);
    for (t = strtok_r(NULL, ":", &save); t; t = strtok_r(NULL, ":", &save)) {
        if (c->nset == MAXSET || !strchr(t, '=')) {
            fprintf(stderr, "%s compare: --configs %s: expected key=value after the preset, got '%s'\n", prog,
                    c->label, t);
            return -1;
        }
        c->set[c->nset++] = t;
    }
    for (const char *p = c->label; *p; p++)
        if (!(*p == '-' || *p == '_' || *p == '+' || *p == '.' || (*p >= '0' && *p <= '9') ||
              (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) {
            fprintf(stderr, "%s compare: configuration label '%s': letters, digits and - _ + . only\n", prog,
                    c->label);
            return -1;
        }
    return 0;
}

/* A workload's name in file names: a trace directory's last component. */
static const char *wname(const char *w)
{
    const char *s = strrchr(w, '/');
    if (s && !s[1]) {   /* trailing slash */
        static char buf[256];
        snprintf(buf, sizeof buf, "%.*s", (int)(s - w), w);
        s = strrchr(buf, '/');
        return s ? s + 1 : buf;
    }
    return s ? s + 1 : w;
}

static void run_path(const cmp_t *m, int w, int c, char *buf, size_t n)
{
    snprintf(buf, n, "%s/runs/%s@%s.json", m->out, wname(m->work[w]), m->cfg[c].label);
}

/* The argument vector of one run (NULL-terminated, in av, max entries). */
static int run_argv(const cmp_t *m, int w, int c, char **av, int max, char *json, size_t jn, char *sz, size_t sn)
{
    int n = 0;
    run_path(m, w, c, json, jn);
    av[n++] = (char *)m->self;
    av[n++] = "sim";
    av[n++] = "--config";
    av[n++] = (char *)m->cfg[c].preset;
    av[n++] = "--workload";
    av[n++] = m->work[w];
    if (builtin_size_name(m->size)) {
        snprintf(sz, sn, "%s", builtin_size_name(m->size));
        av[n++] = "--size";
        av[n++] = sz;
    } else if (m->size) {
        snprintf(sz, sn, "%u", m->size);
        av[n++] = "--size";
        av[n++] = sz;
    }
    for (int i = 0; i < m->nset && n < max - 6; i++) {
        av[n++] = "--set";
        av[n++] = m->set[i];
    }
    for (int i = 0; i < m->cfg[c].nset && n < max - 6; i++) {
        av[n++] = "--set";
        av[n++] = m->cfg[c].set[i];
    }
    if (!m->no_check)
        av[n++] = "--check-dram";   /* every result is checked where it is made */
    av[n++] = "--quiet";
    av[n++] = "--json";
    av[n++] = json;
    av[n] = NULL;
    return n;
}

/* The last lines of a failed run's log, on the terminal: its message is
 * what the user needs, not the log's name alone. */
static void show_log_tail(const char *log)
{
    FILE *f = fopen(log, "r");
    if (!f)
        return;
    char line[8][512];
    unsigned n = 0;
    while (fgets(line[n % 8], sizeof line[0], f))
        n++;
    fclose(f);
    for (unsigned i = n > 8 ? n - 8 : 0; i < n; i++)
        fprintf(stderr, "    | %s%s", line[i % 8], strchr(line[i % 8], '\n') ? "" : "\n");
}

/* --resume: a run is done when it finished cleanly (its log, which holds
 * its stderr, exists and is empty: a run that failed a check wrote its
 * partial statistics and a message there) and its JSON parses and records
 * this build's version and exactly this run's command line. */
static int run_done(const char *json, char *const *av, int ac)
{
    char log[520];
    struct stat ls;
    snprintf(log, sizeof log, "%.*s.log", (int)(strlen(json) - 5), json);
    if (stat(log, &ls) || ls.st_size != 0)
        return 0;
    FILE *f = fopen(json, "r");
    if (!f)
        return 0;
    char *buf = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n + 65536 > cap) {
            char *b = realloc(buf, cap = 2 * cap + 65536);
            if (!b)
                break;
            buf = b;
        }
        size_t r = fread(buf + n, 1, cap - n - 1, f);
        n += r;
        if (!r)
            break;
    }
    fclose(f);
    int ok = 0;
    if (buf) {
        buf[n] = 0;
        cJSON *doc = cJSON_Parse(buf);
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(doc, "version");
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(doc, "command_line");
        char *want = cli_command_line(ac - 2, av + 2, av[0]);
        ok = cJSON_IsString(v) && cJSON_IsString(c) && want && !strcmp(v->valuestring, memsched_version) &&
             !strcmp(c->valuestring, want);
        free(want);
        cJSON_Delete(doc);
    }
    free(buf);
    return ok;
}

/* Run every job, m->jobs at a time, with a progress line. 0; 1 if a run
 * failed a check, 2 if a run found bad input (each named, with its
 * messages). */
static int run_all(const cmp_t *m)
{
    int total = m->nw * m->nc, next = 0, done = 0, running = 0, worst = 0;
    pid_t pid[MAXW * MAXC];
    progress_t prog;
    progress_start(&prog, !m->quiet, m->progress_every);
    while (done < total) {
        while (running < (int)m->jobs && next < total) {
            int w = next / m->nc, c = next % m->nc;
            char *av[160], json[512], sz[16];
            int ac = run_argv(m, w, c, av, 160, json, sizeof json, sz, sizeof sz);
            if (m->resume && run_done(json, av, ac)) {   /* kept: as if it had just finished */
                pid[next++] = 0;
                done++;
                continue;
            }
            char log[520];
            snprintf(log, sizeof log, "%.*s.log", (int)(strlen(json) - 5), json);
            pid_t p = fork();
            if (p == 0) {   /* the run's messages go to its log, next to its JSON */
                if (!freopen(log, "w", stderr) || !freopen("/dev/null", "w", stdout))
                    _exit(2);
                execv(m->exe, av);
                fprintf(stderr, "%s compare: cannot run %s: %s\n", m->prog, m->exe, strerror(errno));
                _exit(2);
            }
            if (p < 0) {
                fprintf(stderr, "%s compare: fork: %s\n", m->prog, strerror(errno));
                return 2;
            }
            pid[next++] = p;
            running++;
        }
        int st;
        pid_t p = waitpid(-1, &st, WNOHANG);
        if (p == 0) {   /* all busy: a line now and then, so a batch log shows life */
            if (progress_due(&prog))
                progress_print(&prog, "  compare: %.0f s, %d of %d runs done, %d running", progress_elapsed(&prog),
                               done, total, running);
            usleep(20000);
            continue;
        }
        if (p < 0)
            break;
        running--;
        done++;
        for (int k = 0; k < next; k++)
            if (pid[k] == p && (!WIFEXITED(st) || WEXITSTATUS(st))) {
                int code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
                char log[512];
                run_path(m, k / m->nc, k % m->nc, log, sizeof log);
                snprintf(log + strlen(log) - 5, 6, ".log");
                progress_end(&prog);
                fprintf(stderr, "%s compare: %s under %s failed (exit %d; its messages, in %s:)\n", m->prog,
                        m->work[k / m->nc], m->cfg[k % m->nc].label, code, log);
                show_log_tail(log);
                worst = code == 2 || worst == 2 ? 2 : 1;
            }
        if (prog.tty && prog.on)
            progress_print(&prog, "  compare: %d of %d runs done", done, total);
    }
    progress_end(&prog);
    return worst;
}

/* The value at a JSON path: names and array indices separated by '.'
 * (gpu.kernels.0.gpu_ipc). NULL if the run has none there. */
static const cJSON *jfind(const cJSON *root, const char *path)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", path);
    const cJSON *o = root;
    for (char *save = NULL, *t = strtok_r(buf, ".", &save); t && o; t = strtok_r(NULL, ".", &save))
        o = cJSON_IsArray(o) && strspn(t, "0123456789") == strlen(t) && strlen(t) < 9
                ? cJSON_GetArrayItem(o, atoi(t))
                : cJSON_GetObjectItemCaseSensitive(o, t);
    return o;
}

/* A statistic's path as --stats takes it: names of letters, digits, _ and
 * -, or array indices, separated by single dots. */
static int path_ok(const char *p)
{
    size_t n = strlen(p);
    if (!n || n >= 256 || p[0] == '.' || p[n - 1] == '.' || strstr(p, ".."))
        return 0;
    return strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") == n;
}

/* A whole file into a string (NULL after a message). */
static char *slurp(const char *path, const char *prog)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s compare: %s: %s (did its run finish?)\n", prog, path, strerror(errno));
        return NULL;
    }
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 65536 + 1 > cap) {
            char *nb = realloc(buf, cap = 2 * cap + 65536 + 1);
            if (!nb) {
                free(buf);
                fclose(f);
                fprintf(stderr, "%s compare: out of memory\n", prog);
                return NULL;
            }
            buf = nb;
        }
        size_t r = fread(buf + n, 1, 65536, f);
        n += r;
        if (r < 65536)
            break;
    }
    fclose(f);
    buf[n] = 0;
    return buf;
}

/* The results: IPC, and each --stats value (NAN where a run has none). */
static double ipc[MAXW][MAXC], st[MAXSTAT][MAXW][MAXC], gmean[MAXC];

static int read_runs(const cmp_t *m)
{
    int found[MAXSTAT] = {0};
    for (int w = 0; w < m->nw; w++)
        for (int c = 0; c < m->nc; c++) {
            char path[512];
            run_path(m, w, c, path, sizeof path);
            char *buf = slurp(path, m->prog);
            if (!buf)
                return 2;
            cJSON *j = cJSON_Parse(buf);
            free(buf);
            const cJSON *x = j ? jfind(j, "gpu.gpu_tot_ipc") : NULL;
            if (!cJSON_IsNumber(x)) {
                fprintf(stderr, "%s compare: %s: expected the statistics of a sim run, got no gpu.gpu_tot_ipc\n", m->prog,
                        path);
                cJSON_Delete(j);
                return 2;
            }
            ipc[w][c] = x->valuedouble;
            for (int s = 0; s < m->nstat; s++) {
                x = jfind(j, m->stat[s]);
                st[s][w][c] = cJSON_IsNumber(x) ? x->valuedouble : cJSON_IsBool(x) ? cJSON_IsTrue(x) : NAN;
                found[s] |= !isnan(st[s][w][c]);
            }
            cJSON_Delete(j);
        }
    int bad = 0;
    for (int s = 0; s < m->nstat; s++)
        if (!found[s]) {
            fprintf(stderr, "%s compare: --stats: no statistic '%s' in any run (expected a JSON path to a number, "
                            "as in %s/runs/%s@%s.json); correct it and add --merge to tabulate these runs\n",
                    m->prog, m->stat[s], m->out, wname(m->work[0]), m->cfg[0].label);
            bad = 1;
        }
    if (bad)
        return 2;
    for (int c = 0; c < m->nc; c++) {
        double lg = 0;
        for (int w = 0; w < m->nw; w++) {
            double r = ipc[w][0] > 0 ? ipc[w][c] / ipc[w][0] : 0.0;
            lg += log(r > 0 ? r : 1e-9);
        }
        gmean[c] = exp(lg / m->nw);
    }
    return 0;
}

static double norm(int w, int c) { return ipc[w][0] > 0 ? ipc[w][c] / ipc[w][0] : 0.0; }

static void print_tables(const cmp_t *m)
{
    printf("IPC normalised to %s\n%-24s %10s", m->cfg[0].label, "workload", "IPC");
    for (int c = 0; c < m->nc; c++)
        printf(" %12s", m->cfg[c].label);
    printf("\n");
    for (int w = 0; w < m->nw; w++) {
        printf("%-24s %10.3f", wname(m->work[w]), ipc[w][0]);
        for (int c = 0; c < m->nc; c++)
            printf(" %12.3f", norm(w, c));
        printf("\n");
    }
    printf("%-24s %10s", "geometric mean", "");
    for (int c = 0; c < m->nc; c++)
        printf(" %12.3f", gmean[c]);
    printf("\n");
    for (int s = 0; s < m->nstat; s++) {
        printf("\n%s\n%-24s", m->stat[s], "workload");
        for (int c = 0; c < m->nc; c++)
            printf(" %14s", m->cfg[c].label);
        printf("\n");
        for (int w = 0; w < m->nw; w++) {
            printf("%-24s", wname(m->work[w]));
            for (int c = 0; c < m->nc; c++)
                if (isnan(st[s][w][c]))
                    printf(" %14s", "-");   /* this run has no such statistic */
                else
                    printf(" %14.6g", st[s][w][c]);
            printf("\n");
        }
    }
}

static int write_json(const cmp_t *m, const char *path)
{
    cJSON *root = cJSON_CreateObject(), *cf = cJSON_AddArrayToObject(root, "configs");
    for (int c = 0; c < m->nc; c++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "label", m->cfg[c].label);
        cJSON_AddStringToObject(o, "config", m->cfg[c].preset);
        cJSON *sets = cJSON_AddArrayToObject(o, "set");
        for (int i = 0; i < m->nset; i++)
            cJSON_AddItemToArray(sets, cJSON_CreateString(m->set[i]));
        for (int i = 0; i < m->cfg[c].nset; i++)
            cJSON_AddItemToArray(sets, cJSON_CreateString(m->cfg[c].set[i]));
        cJSON_AddItemToArray(cf, o);
    }
    cJSON *rows = cJSON_AddArrayToObject(root, "workloads");
    for (int w = 0; w < m->nw; w++) {
        cJSON *o = cJSON_CreateObject(), *a = cJSON_AddObjectToObject(o, "ipc"), *r = cJSON_AddObjectToObject(o, "ipc_norm");
        cJSON_AddStringToObject(o, "workload", wname(m->work[w]));
        for (int c = 0; c < m->nc; c++) {
            cJSON_AddNumberToObject(a, m->cfg[c].label, ipc[w][c]);
            cJSON_AddNumberToObject(r, m->cfg[c].label, norm(w, c));
        }
        if (m->nstat) {
            cJSON *so = cJSON_AddObjectToObject(o, "stats");
            for (int s = 0; s < m->nstat; s++) {
                cJSON *x = cJSON_AddObjectToObject(so, m->stat[s]);
                for (int c = 0; c < m->nc; c++)
                    if (isnan(st[s][w][c]))
                        cJSON_AddNullToObject(x, m->cfg[c].label);
                    else
                        cJSON_AddNumberToObject(x, m->cfg[c].label, st[s][w][c]);
            }
        }
        cJSON_AddItemToArray(rows, o);
    }
    cJSON *gm = cJSON_AddObjectToObject(root, "geomean_ipc_norm");
    for (int c = 0; c < m->nc; c++)
        cJSON_AddNumberToObject(gm, m->cfg[c].label, gmean[c]);
    char *txt = cJSON_Print(root);
    FILE *f = fopen(path, "w");
    int rc = 0;
    if (!f || fprintf(f, "%s\n", txt) < 0 || fclose(f)) {
        fprintf(stderr, "%s compare: cannot write %s\n", m->prog, path);
        rc = 2;
    }
    free(txt);
    cJSON_Delete(root);
    return rc;
}

/* The chart's data: one row per workload, an empty row (the gap before the
 * geometric mean), the geometric mean. Names in double quotes (a trace
 * directory's name may hold spaces). */
static void write_dat(const cmp_t *m, FILE *f)
{
    fprintf(f, "workload");
    for (int c = 0; c < m->nc; c++)
        fprintf(f, " %s", m->cfg[c].label);
    fprintf(f, "\n");
    for (int w = 0; w < m->nw; w++) {
        fputc('"', f);
        for (const char *p = wname(m->work[w]); *p; p++)
            fputc(*p == '"' ? '\'' : *p, f);
        fputc('"', f);
        for (int c = 0; c < m->nc; c++)
            fprintf(f, " %.6f", norm(w, c));
        fprintf(f, "\n");
    }
    fprintf(f, "\"\"");
    for (int c = 0; c < m->nc; c++)
        fprintf(f, " -");
    fprintf(f, "\n\"geometric mean\"");
    for (int c = 0; c < m->nc; c++)
        fprintf(f, " %.6f", gmean[c]);
    fprintf(f, "\n");
}

/* The gnuplot script: clustered bars, each configuration a fill pattern
 * and a colour-blind-safe colour (Okabe-Ito) so that the chart reads in
 * colour and printed in black and white; labels as given (no enhanced-text
 * markup: an '_' stays an '_'); drawn as PNG, PDF and SVG. */
static void write_gp(const cmp_t *m, FILE *g, const char *dat)
{
    static const int pat[8] = {3, 4, 5, 1, 6, 7, 2, 0};   /* solid, hatches both ways, cross, sparse, empty */
    static const char *const col[8] = {"#000000", "#D55E00", "#0072B2", "#009E73",   /* dark ones first */
                                       "#CC79A7", "#E69F00", "#56B4E9", "#999999"};
    fprintf(g, "set style data histograms\nset style histogram clustered gap 1\nset boxwidth 0.9\n"
               "set datafile missing '-'\nset key outside right top noenhanced\n"
               "set ylabel 'IPC normalised to %s' noenhanced\nset yrange [0:*]\nset grid ytics\n"
               "set xtics rotate by -30 noenhanced\n"
               "set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2\n",
            m->cfg[0].label);
    fprintf(g, "plot");
    for (int c = 0; c < m->nc; c++)
        fprintf(g, "%s '%s' using %d:xtic(1) title columnheader(%d) fs pattern %d border lc rgb 'black' "
                   "lc rgb '%s'", c ? ", \\\n    " : " ", dat, c + 2, c + 2, pat[c % 8], col[(c + c / 8) % 8]);
    fprintf(g, "\n");
}

/* Draw the chart: DIR/ipc.png, ipc.pdf, ipc.svg from DIR/ipc.dat with DIR/ipc.gp. */
static int draw_chart(const cmp_t *m, const char *json)
{
    char dat[512], gp[512], out[3][512];
    static const char *const ext[3] = {"png", "pdf", "svg"};
    static const char *const term[3] = {"pngcairo size 900,500 font 'sans,10'", "pdfcairo size 6.5in,3.5in font 'sans,9'",
                                        "svg size 900,500 font 'sans,10'"};
    snprintf(dat, sizeof dat, "%s/ipc.dat", m->out);
    snprintf(gp, sizeof gp, "%s/ipc.gp", m->out);
    FILE *f = fopen(dat, "w"), *g = fopen(gp, "w");
    if (!f || !g) {
        fprintf(stderr, "%s compare: cannot write %s\n", m->prog, f ? gp : dat);
        if (f)
            fclose(f);
        if (g)
            fclose(g);
        return 2;
    }
    write_dat(m, f);
    fclose(f);
    write_gp(m, g, dat);
    for (int k = 0; k < 3; k++) {
        snprintf(out[k], sizeof out[k], "%s/ipc.%s", m->out, ext[k]);
        fprintf(g, "set terminal %s noenhanced\nset output '%s'\nreplot\n", term[k], out[k]);
    }
    fprintf(g, "set output\n");
    fclose(g);
    for (int k = 0; k < 3; k++)
        unlink(out[k]);   /* an old chart must not pass for this one */
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "gnuplot '%s' 2>'%s/gnuplot.log'", gp, m->out);
    if (system(cmd)) {
        fprintf(stderr, "%s compare: gnuplot failed (is it installed? make deps), see %s/gnuplot.log; the table is in %s\n",
                m->prog, m->out, json);
        return 1;
    }
    fprintf(stderr, "%s compare: wrote %s and the chart %s, %s, %s\n", m->prog, json, out[0], out[1], out[2]);
    return 0;
}

/* Read the runs, print and write the tables, draw the chart. */
static int report(const cmp_t *m)
{
    int rc = read_runs(m);
    if (rc)
        return rc;
    print_tables(m);
    char path[512];
    snprintf(path, sizeof path, "%s/compare.json", m->out);
    if ((rc = write_json(m, path)))
        return rc;
    return draw_chart(m, path);
}

/* Before any run: every configuration loads and passes its checks with the
 * keys its runs will be given, in their order, and every workload opens at
 * its size with every configuration's workload.threads. Their messages come
 * out here. 0, or 2. */
static int check_inputs(const cmp_t *m)
{
    static config_t cfg;
    unsigned threads[MAXC + 1] = {0};   /* the distinct workload.threads values, 0 first */
    int nthreads = 1;
    for (int c = 0; c < m->nc; c++) {
        const cspec_t *k = &m->cfg[c];
        config_defaults(&cfg);
        int bad = config_load(&cfg, k->preset, NULL, 0) != 0;
        for (int i = 0; i < m->nset && !bad; i++)
            bad = config_set(&cfg, m->set[i], "--set") != 0;
        for (int i = 0; i < k->nset && !bad; i++)
            bad = config_set(&cfg, k->set[i], "--configs") != 0;
        cfg.check_dram = !m->no_check;
        if (bad || config_check(&cfg)) {
            fprintf(stderr, "%s compare: --configs: configuration '%s' (%s) is not valid (above); no run was "
                            "started\n", m->prog, k->label, k->preset);
            return 2;
        }
        int seen = 0;
        for (int t = 0; t < nthreads; t++)
            seen |= threads[t] == cfg.wl_threads;
        if (!seen)
            threads[nthreads++] = cfg.wl_threads;
    }
    for (int w = 0; w < m->nw; w++)
        for (int t = 0; t < nthreads; t++) {
            workload_t *wl = workload_open(m->work[w], m->size, threads[t]);
            if (!wl) {
                fprintf(stderr, "%s compare: --workload: '%s' cannot be run (above); no run was started\n", m->prog,
                        m->work[w]);
                return 2;
            }
            workload_close(wl);
        }
    return 0;
}

int cmd_compare(int argc, char **argv, const char *prog, const char *self)
{
    static cmp_t m;
    memset(&m, 0, sizeof m);
    m.prog = prog;
    m.self = self;
    m.out = "out/compare";
    ssize_t xl = readlink("/proc/self/exe", m.exe, sizeof m.exe - 1);
    if (xl > 0)
        m.exe[xl] = 0;
    else
        snprintf(m.exe, sizeof m.exe, "%s", self);
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    m.jobs = ncpu > 0 ? (unsigned)ncpu : 1;
    int emit = 0, merge = 0;
    char *wl = NULL, *cl = NULL, *sl = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout, prog);
            return 0;
        } else if (!strcmp(a, "--emit-jobs")) {
            emit = 1;
            continue;
        } else if (!strcmp(a, "--merge")) {
            merge = 1;
            continue;
        } else if (!strcmp(a, "--resume")) {
            m.resume = 1;
            continue;
        } else if (!strcmp(a, "--no-check-dram")) {
            m.no_check = 1;
            continue;
        } else if (!strcmp(a, "--quiet")) {
            m.quiet = 1;
            continue;
        }
        if (!v) {
            fprintf(stderr, "%s compare: %s needs a value (see --help)\n", prog, a);
            return 2;
        }
        i++;
        uint64_t x;
        if (!strcmp(a, "--workload"))
            wl = v;
        else if (!strcmp(a, "--configs"))
            cl = v;
        else if (!strcmp(a, "--stats"))
            sl = v;
        else if (!strcmp(a, "--out"))
            m.out = v;
        else if (!strcmp(a, "--set")) {
            if (m.nset == MAXSET || !strchr(v, '=')) {
                fprintf(stderr, "%s compare: --set: expected key=value, got '%s'\n", prog, v);
                return 2;
            }
            m.set[m.nset++] = v;
        } else if (!strcmp(a, "--size") && builtin_size_code(v)) {
            m.size = builtin_size_code(v);
        } else if (!strcmp(a, "--size") || !strcmp(a, "--jobs") || !strcmp(a, "--progress")) {
            if (parse_pos(v, a[2] == 'p' ? 86400 : 1u << 30, &x)) {
                fprintf(stderr, "%s compare: %s: expected a positive integer%s, got '%s'\n", prog, a,
                        a[2] == 'p' ? " of seconds, at most 86400" : a[2] == 's' ? " or a named size (" BUILTIN_SIZE_NAMES ")" : "", v);
                return 2;
            }
            if (a[2] == 's')
                m.size = (unsigned)x;
            else if (a[2] == 'j')
                m.jobs = (unsigned)x;
            else
                m.progress_every = (unsigned)x;
        } else {
            fprintf(stderr, "%s compare: unknown option '%s' (see --help)\n", prog, a);
            return 2;
        }
    }
    if (!wl || !cl) {
        fprintf(stderr, "%s compare: --workload and --configs are required (see --help)\n", prog);
        return 2;
    }
    if (strchr(m.out, '\'')) {
        fprintf(stderr, "%s compare: --out: a directory name without ' please (it goes into gnuplot's script)\n", prog);
        return 2;
    }
    if (emit && merge) {
        fprintf(stderr, "%s compare: --emit-jobs and --merge are two steps: give one\n", prog);
        return 2;
    }
    char *cv[MAXC];
    if ((m.nw = split(wl, m.work, MAXW, "workloads", prog)) < 0 || (m.nc = split(cl, cv, MAXC, "configurations", prog)) < 0 ||
        (sl && (m.nstat = split(sl, m.stat, MAXSTAT, "statistics", prog)) < 0))
        return 2;
    for (int s = 0; s < m.nstat; s++)
        if (!path_ok(m.stat[s])) {
            fprintf(stderr, "%s compare: --stats: expected a JSON path of names and array indices separated by "
                            "'.', e.g. l1d.L1D_total_cache_miss_rate, got '%s'\n", prog, m.stat[s]);
            return 2;
        }
    char na[256], nb[256];   /* (wname may return a static buffer) */
    for (int w = 0; w < m.nw; w++)
        for (int k = 0; k < w; k++)
            if (snprintf(na, sizeof na, "%s", wname(m.work[k])) >= 0 &&
                snprintf(nb, sizeof nb, "%s", wname(m.work[w])) >= 0 && !strcmp(na, nb)) {
                fprintf(stderr, "%s compare: workloads '%s' and '%s' have the same name '%s' (their results would "
                                "share a file): give trace directories distinct last names\n", prog, m.work[k],
                        m.work[w], nb);
                return 2;
            }
    for (int c = 0; c < m.nc; c++) {
        if (parse_cfg(cv[c], &m.cfg[c], prog))
            return 2;
        for (int k = 0; k < c; k++)
            if (!strcmp(m.cfg[k].label, m.cfg[c].label)) {
                fprintf(stderr, "%s compare: two configurations are labelled '%s'\n", prog, m.cfg[c].label);
                return 2;
            }
    }
    if (!merge && check_inputs(&m))
        return 2;
    char runs[512];
    snprintf(runs, sizeof runs, "%s/runs", m.out);
    if (emit) {
        for (int w = 0; w < m.nw; w++)
            for (int c = 0; c < m.nc; c++) {
                char *av[160], json[512], sz[16];
                run_argv(&m, w, c, av, 160, json, sizeof json, sz, sizeof sz);
                printf("mkdir -p ");
                shq(runs);
                printf(" &&");
                for (int k = 0; av[k]; k++) {
                    putchar(' ');
                    shq(av[k]);
                }
                printf("\n");
            }
        return 0;
    }
    if (engine_mkdirs(runs)) {
        fprintf(stderr, "%s compare: cannot create %s: %s\n", prog, runs, strerror(errno));
        return 2;
    }
    int rc = merge ? 0 : run_all(&m);
    return rc ? rc : report(&m);
}
