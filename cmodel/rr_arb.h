/* rr_arb - round-robin arbiter (rtl/rr_arb.sv). */
#ifndef MEMSCHED_RR_ARB_H
#define MEMSCHED_RR_ARB_H

#include <stdint.h>

#define RR_ARB_MAX_N 64

typedef struct { unsigned n; } rr_arb_cfg_t;             /* RTL parameter N, 1..64 */
typedef struct {
    uint64_t req;   /* req_i: N bits */
    uint64_t ack;   /* ack_i: the grant is taken */
} rr_arb_in_t;
typedef struct {
    uint64_t gnt;   /* gnt_o: one-hot */
    uint64_t idx;   /* idx_o */
    uint64_t valid; /* valid_o */
    uint64_t ptr;   /* ptr_o */
} rr_arb_out_t;
typedef struct {
    rr_arb_cfg_t cfg;
    uint64_t ptr;   /* ptr_q: max(1,clog2(N)) bits, always < N */
} rr_arb_state_t;

int  rr_arb_init(rr_arb_state_t *s, const rr_arb_cfg_t *cfg);
void rr_arb_reset(rr_arb_state_t *s);
void rr_arb_eval(const rr_arb_state_t *s, const rr_arb_in_t *in, rr_arb_out_t *out);
void rr_arb_tick(rr_arb_state_t *s, const rr_arb_in_t *in);

#endif
