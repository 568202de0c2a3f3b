/* prio_enc - lowest-index-first priority encoder (rtl/prio_enc.sv).
 *
 * Combinational: the state holds only the configuration.
 */
#ifndef MEMSCHED_PRIO_ENC_H
#define MEMSCHED_PRIO_ENC_H

#include <stdint.h>

#define PRIO_ENC_MAX_N 64

typedef struct { unsigned n; } prio_enc_cfg_t;          /* RTL parameter N, 1..64 */
typedef struct { uint64_t req; } prio_enc_in_t;          /* req_i (N bits) */
typedef struct { uint64_t idx; uint64_t valid; } prio_enc_out_t; /* idx_o, valid_o */
typedef struct { prio_enc_cfg_t cfg; } prio_enc_state_t;

int  prio_enc_init(prio_enc_state_t *s, const prio_enc_cfg_t *cfg);
void prio_enc_reset(prio_enc_state_t *s);
void prio_enc_eval(const prio_enc_state_t *s, const prio_enc_in_t *in, prio_enc_out_t *out);
void prio_enc_tick(prio_enc_state_t *s, const prio_enc_in_t *in);

/* The function itself, for models that embed an encoder:
 * index of the lowest set bit of the low n bits of req, 0 when none. */
unsigned prio_enc_lowest(uint64_t req, unsigned n, int *valid);

#endif
