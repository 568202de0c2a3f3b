/* temp_dispatch - TEMP's serial thread-block dispatch (TEMP/TBAS paper
 * section 3.2; docs/tbas.md "temp_dispatch").
 *
 * One queue of thread-block IDs per SM, written before the kernel launches
 * as a contiguous range [head, tail) (the host gives each SM a range of
 * similar size, so consecutive blocks, and the thread batches they form, go
 * to one SM). The queue is its two registers: an SM with an idle block slot
 * pops the head (the ID is the head register itself), which then counts up;
 * the queue is empty when head meets tail. IDs are BlkW bits; head and tail
 * are BlkW + 1 bits, so one queue can hold every ID (tail = 2^BlkW).
 *
 * Each cycle: a range write (wr_valid) to SM wr_sm is refused (wr_err, no
 * change) when head > tail, tail > 2^BlkW or wr_sm >= NumSms; a taken write
 * replaces the SM's range at the edge. A write to an SM, taken or refused,
 * refuses that SM's pop this cycle (the pop does not wait for the check).
 * Every SM whose pop finds its queue not empty gets its head (grant, blk),
 * all SMs in the same cycle; empty_o shows the registers.
 */
#ifndef MEMSCHED_TEMP_DISPATCH_H
#define MEMSCHED_TEMP_DISPATCH_H

#include <stdint.h>

#define TEMP_DISPATCH_MAX_SMS 64

typedef struct {
    unsigned num_sms;   /* NumSms, 1..64 (Table 4: 8) */
    unsigned blk_w;     /* BlkW, thread-block ID bits, 1..32 (default 16) */
} temp_dispatch_cfg_t;

typedef struct {
    uint64_t wr_valid, wr_sm, wr_head, wr_tail;   /* the host writes one SM's range [head, tail) */
    uint64_t pop;                                 /* NumSms bits: the SMs with an idle block slot */
} temp_dispatch_in_t;

typedef struct {
    uint64_t wr_err;                       /* the write was refused */
    uint64_t grant;                        /* NumSms bits: the SM takes blk[sm] this cycle */
    uint64_t blk[TEMP_DISPATCH_MAX_SMS];   /* each SM's head: the next block ID */
    uint64_t empty;                        /* NumSms bits: head == tail */
} temp_dispatch_out_t;

typedef struct {
    temp_dispatch_cfg_t cfg;
    uint64_t head[TEMP_DISPATCH_MAX_SMS], tail[TEMP_DISPATCH_MAX_SMS];   /* BlkW + 1 bits */
} temp_dispatch_state_t;

int  temp_dispatch_init(temp_dispatch_state_t *s, const temp_dispatch_cfg_t *cfg);
void temp_dispatch_reset(temp_dispatch_state_t *s);
void temp_dispatch_eval(const temp_dispatch_state_t *s, const temp_dispatch_in_t *in, temp_dispatch_out_t *out);
void temp_dispatch_tick(temp_dispatch_state_t *s, const temp_dispatch_in_t *in);

/* The host's split of blocks [0, nblocks) over num_sms SMs: SM k gets
 * [k * nblocks / num_sms, (k + 1) * nblocks / num_sms), contiguous, sizes
 * differing by at most one. */
void temp_dispatch_split(unsigned num_sms, uint64_t nblocks, unsigned sm, uint64_t *head, uint64_t *tail);

#endif
