/* argmax - index and value of the largest valid entry, ties to the lowest index (rtl/argmax.sv).
 *
 * Combinational: the state holds only the configuration.
 */
#ifndef MEMSCHED_ARGMAX_H
#define MEMSCHED_ARGMAX_H

#include <stdint.h>

#define ARGMAX_MAX_N 64
#define ARGMAX_MAX_W 64

typedef struct { unsigned n, w; } argmax_cfg_t;   /* RTL parameters N (1..64), W (1..64) */
typedef struct {
    uint64_t valid;                 /* valid_i: N bits */
    uint64_t vals[ARGMAX_MAX_N];    /* vals_i: entry i is vals_i[i*W +: W] */
} argmax_in_t;
typedef struct {
    uint64_t idx;    /* idx_o */
    uint64_t max;    /* max_o */
    uint64_t valid;  /* valid_o */
} argmax_out_t;
typedef struct { argmax_cfg_t cfg; } argmax_state_t;

int  argmax_init(argmax_state_t *s, const argmax_cfg_t *cfg);
void argmax_reset(argmax_state_t *s);
void argmax_eval(const argmax_state_t *s, const argmax_in_t *in, argmax_out_t *out);
void argmax_tick(argmax_state_t *s, const argmax_in_t *in);

#endif
