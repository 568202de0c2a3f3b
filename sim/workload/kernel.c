/* kernel.c - thread-block buffers and the instruction class names (kernel.h). */
#include "workload/kernel.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
