/* gtkw.h - GTKWave save files for the FST traces of a co-simulation. */
#ifndef MEMSCHED_GTKW_H
#define MEMSCHED_GTKW_H

#include "engine.h"

/* Write a save file for the FST `fst` of block b (signal tables in, out):
 * clock and reset, the inputs, the outputs and the block's extra internal
 * signals (block_t.probes), each in its own group; fields with value names
 * get a translate filter file (path.<signal>.filter) so GTKWave shows the
 * names. Returns 0, or -1 after a message naming the file. */
int gtkw_write(const char *path, const char *fst, const block_t *b, const char *params,
               const sigtab_t *in, const sigtab_t *out, const sigtab_t *probes);

#endif
