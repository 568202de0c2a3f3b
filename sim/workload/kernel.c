/* kernel.c - thread-block buffers, opcode tables and classes, workload_open. */
#include "workload/kernel.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "workload/kernels.h"
#include "workload/trace.h"

const char *const op_class_names[OP_CLASSES] = {
    "int", "fp", "dp", "sfu", "branch", "bar", "membar", "exit", "ldg", "stg",
    "ldl", "stl", "lds", "sts", "atoms", "atom", "red",
};

/* Grow *buf (cap elements of `size` bytes) to hold `need`, doubling. 0, or -ENOMEM. */
static int grow(void **buf, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap : 1024;
    while (n < need)
        n *= 2;
    void *p = realloc(*buf, n * size);
    if (!p)
        return -ENOMEM;
    *buf = p;
    *cap = n;
    return 0;
}

int tb_reserve(tb_t *tb, size_t ninst, size_t naddr)
{
    void *i = tb->inst, *a = tb->addr;
    int rc = grow(&i, &tb->cap_inst, tb->ninst + ninst, sizeof *tb->inst);
    tb->inst = i;
    if (!rc)
        rc = grow(&a, &tb->cap_addr, tb->naddr + naddr, sizeof *tb->addr);
    tb->addr = a;
    return rc;
}

void tb_clear(tb_t *tb)
{
    tb->ninst = tb->naddr = 0;
    tb->nwarps = 0;
    memset(tb->idx, 0, sizeof tb->idx);
    memset(tb->warp, 0, sizeof tb->warp);
}

void tb_free(tb_t *tb)
{
    free(tb->inst);
    free(tb->addr);
    memset(tb, 0, sizeof *tb);
}

/* Base names by class; anything else is OP_INT. */
static const struct {
    const char *base;
    op_class_t cls;
} op_bases[] = {
    {"LDG", OP_LDG}, {"LD", OP_LDG}, {"STG", OP_STG}, {"ST", OP_STG},
    {"LDL", OP_LDL}, {"STL", OP_STL},
    {"LDS", OP_LDS}, {"LDSM", OP_LDS}, {"STS", OP_STS}, {"ATOMS", OP_ATOMS},
    {"ATOM", OP_ATOM}, {"ATOMG", OP_ATOM}, {"RED", OP_RED},
    {"BAR", OP_BAR}, {"MEMBAR", OP_MEMBAR}, {"FENCE", OP_MEMBAR}, {"EXIT", OP_EXIT},
    {"BRA", OP_BRANCH}, {"BRX", OP_BRANCH}, {"JMP", OP_BRANCH}, {"JMX", OP_BRANCH},
    {"CALL", OP_BRANCH}, {"RET", OP_BRANCH}, {"SSY", OP_BRANCH}, {"SYNC", OP_BRANCH},
    {"BSSY", OP_BRANCH}, {"BSYNC", OP_BRANCH}, {"PBK", OP_BRANCH}, {"BRK", OP_BRANCH},
    {"PCNT", OP_BRANCH}, {"CONT", OP_BRANCH}, {"WARPSYNC", OP_BRANCH}, {"BMOV", OP_BRANCH},
    {"FADD", OP_FP}, {"FMUL", OP_FP}, {"FFMA", OP_FP}, {"FMNMX", OP_FP}, {"FSET", OP_FP},
    {"FSETP", OP_FP}, {"FCHK", OP_FP}, {"FSWZADD", OP_FP}, {"FADD32I", OP_FP},
    {"FMUL32I", OP_FP}, {"FFMA32I", OP_FP}, {"HADD2", OP_FP}, {"HMUL2", OP_FP},
    {"HFMA2", OP_FP}, {"HSET2", OP_FP}, {"HSETP2", OP_FP}, {"FSEL", OP_FP},
    {"DADD", OP_DP}, {"DMUL", OP_DP}, {"DFMA", OP_DP}, {"DSETP", OP_DP}, {"DMNMX", OP_DP},
    {"DSET", OP_DP},
    {"MUFU", OP_SFU}, {"RRO", OP_SFU},
};

op_class_t op_classify(const char *opcode)
{
    size_t n = strcspn(opcode, ".");
    for (size_t i = 0; i < sizeof op_bases / sizeof op_bases[0]; i++)
        if (strlen(op_bases[i].base) == n && !strncmp(op_bases[i].base, opcode, n))
            return op_bases[i].cls;
    return OP_INT;
}

int optab_intern(optab_t *t, const char *opcode)
{
    for (unsigned i = 0; i < t->n; i++)
        if (!strcmp(t->name[i], opcode))
            return (int)i;
    if (t->n == OPTAB_MAX)
        return -1;
    char *s = strdup(opcode);
    if (!s)
        return -1;
    t->name[t->n] = s;
    t->cls[t->n] = (uint8_t)op_classify(opcode);
    return (int)t->n++;
}

void optab_free(optab_t *t)
{
    for (unsigned i = 0; i < t->n; i++)
        free(t->name[i]);
    t->n = 0;
}

workload_t *workload_open(const char *spec, unsigned size)
{
    struct stat sb;
    if (strchr(spec, '/') || (stat(spec, &sb) == 0 && S_ISDIR(sb.st_mode)))
        return trace_open(spec);
    return builtin_open(spec, size);
}

void workload_close(workload_t *w)
{
    if (w)
        w->close(w);
}
