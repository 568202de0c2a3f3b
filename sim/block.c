/* block.c - a block of cmodel/ inside the system model (block.h). */
#include "block.h"

#include <stdio.h>
#include <string.h>

#include "engine.h"

lockstep_t *sim_block_open(const char *name, const char *params, int rtl, const char *label, const void *in,
                           void *out)
{
    ls_settings_t st;
    ls_settings_init(&st, block_find(name));
    char buf[256];
    snprintf(buf, sizeof buf, "%s", params);
    for (char *save = NULL, *kv = strtok_r(buf, " ", &save); kv; kv = strtok_r(NULL, " ", &save))
        if (ls_set(&st, kv, "the system configuration"))
            return NULL;
    ls_opts_t o = {.rtl = rtl, .seed = 1, .report = 1, .label = label};
    lockstep_t *ls = ls_open(&st, &o);
    if (ls && ls_step_io(ls, 0, in, out)) {   /* cycle 0: reset */
        ls_counts_t n;
        ls_close(ls, &n);
        return NULL;
    }
    return ls;
}
