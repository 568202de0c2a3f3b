/* stim.h - stimulus files: read, bind to a block's signals, write.
 *
 * Format (docs/cosim.md): '#' comments, of which "# key: value" lines record
 * the block, parameters, seed, --set values and initial-value mode; one header
 * line naming the columns; one line per cycle. Columns: an optional decimal
 * `cycle`, an optional `rst_n`, every input of the block, and optionally
 * outputs, which are then expected values. Values are hex (0x optional);
 * array signals take comma-separated elements, element 0 first.
 */
#ifndef MEMSCHED_STIM_H
#define MEMSCHED_STIM_H

#include <stdint.h>
#include <stdio.h>

#include "engine.h"

#define STIM_SETS_MAX 64

typedef struct {
    char block[64];
    unsigned block_line;
    /* "# params:" and "# set:" values, one key=value each, with "file:line" */
    unsigned nsets;
    char set[STIM_SETS_MAX][128];
    char set_where[STIM_SETS_MAX][300];
    int has_seed;
    uint64_t seed;
    int has_init;
    int init_random;
    /* the line of each "# key:" seen (0: none); each may appear once */
    unsigned key_line[5];
} stim_meta_t;

struct stim {
    char *path;
    stim_meta_t meta;
    /* body lines kept until stim_bind parses them */
    char **line;
    unsigned *lineno;
    size_t nlines;
    /* after stim_bind */
    size_t rows;
    unsigned in_words, out_words;
    uint64_t *in;        /* rows x in_words */
    uint8_t *rst_n;      /* rows */
    uint64_t *exp;       /* rows x out_words, when some output column is present */
    uint8_t exp_has[SIG_MAX];
    int has_exp;
};

/* Read a file ("-" = standard input). NULL after a message naming file:line. */
stim_t *stim_load(const char *path);
/* The same from an open stream; path names it in messages. */
stim_t *stim_read(FILE *f, const char *path);
/* Parse the rows against a block's signals. 0, or 2 after a message naming file:line. */
int stim_bind(stim_t *s, const sigtab_t *in, const sigtab_t *out);
void stim_free(stim_t *s);

/* Writer: the header comments and column line, then one row per cycle. */
void stim_write_header(FILE *f, const char *block, const char *params, const char *sets,
                       uint64_t seed, int init_random, const sigtab_t *in, const sigtab_t *out);
void stim_write_row(FILE *f, uint64_t cycle, int rst_n, const sigtab_t *in, const uint64_t *vin,
                    const sigtab_t *out, const uint64_t *vout);

#endif
