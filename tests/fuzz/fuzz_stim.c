/* fuzz_stim.c - libFuzzer target: the stimulus-file parser (tb/stim.c), the
 * settings it carries (ls_set / ls_resolve) and the C model run on its rows
 * (tb/lockstep.c), as `memsched ref BLOCK --stim FILE` does. Any input must
 * end in a message or a run, never a crash or a sanitizer report. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "lockstep.h"
#include "stim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fmemopen((void *)data, size ? size : 1, "r");
    if (!f)
        return 0;
    if (!size) {
        fclose(f);
        return 0;
    }
    stim_t *s = stim_read(f, "fuzz.stim");
    fclose(f);
    if (!s)
        return 0;
    /* The block named in the file, else one chosen by the first byte. */
    const block_t *b = s->meta.block[0] ? block_find(s->meta.block) : NULL;
    if (!b) {
        unsigned n = 0;
        while (memsched_blocks[n])
            n++;
        b = memsched_blocks[data[0] % n];
    }
    ls_settings_t st;
    ls_settings_init(&st, b);
    for (unsigned i = 0; i < s->meta.nsets; i++)
        if (ls_set(&st, s->meta.set[i], s->meta.set_where[i]))
            goto out;
    /* Keep the models small: the fuzzer is after the parser, not big configurations. */
    ls_opts_t o = {0};
    lockstep_t *ls = ls_open(&st, &o);
    if (!ls)
        goto out;
    if (!stim_bind(s, ls_in(ls), ls_out(ls))) {
        uint64_t out[4096];
        for (size_t r = 0; r < s->rows && r < 256 && ls_out(ls)->words <= 4096; r++)
            if (ls_step(ls, s->rst_n[r], s->in + r * ls_in(ls)->words, out))
                break;
    }
    ls_close(ls, NULL);
out:
    stim_free(s);
    return 0;
}
