/* sched_harness.h - one SM of the system model with one warp scheduler and
 * a thread block of W warps, each running N independent integer
 * instructions (no register in common, so every warp can issue every
 * cycle): the order in which the scheduler issues the warps is its policy
 * alone. Each warp scheduler's unit test (test_sched_<name>.c) runs it and
 * compares the order with one worked out by hand from the policy. */
#ifndef MEMSCHED_TESTS_SCHED_HARNESS_H
#define MEMSCHED_TESTS_SCHED_HARNESS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/sm.h"
#include "io/config.h"
#include "sm_block.h"

/* Run `nwarps` warps of `ninst` instructions each (the last is EXIT) under
 * sm.scheduler=`policy` with one scheduler per SM and the extra keys (NULL
 * terminated); write the warp issued in each cycle into order[] (-1: none),
 * up to max cycles. Returns the cycles until the block left. */
static inline unsigned sched_order(const char *policy, unsigned nwarps, unsigned ninst, int *order, unsigned max,
                                   const char *const *keys)
{
    config_t cfg;
    config_defaults(&cfg);
    char kv[64];
    snprintf(kv, sizeof kv, "sm.scheduler=%s", policy);
    assert_int_equal(config_set(&cfg, kv, "test"), 0);
    assert_int_equal(config_set(&cfg, "sm.schedulers=1", "test"), 0);
    assert_int_equal(config_set(&cfg, "sm.lat_int=1", "test"), 0);   /* a result is ready the next cycle */
    /* instructions execute as they issue: the order is the policy's alone (GPGPU-Sim's pipeline
     * has its own tests, tests/sim_pipe_tests.sh) */
    assert_int_equal(config_set(&cfg, "sm.pipeline=issue", "test"), 0);
    for (; keys && *keys; keys++)
        assert_int_equal(config_set(&cfg, *keys, "test"), 0);
    assert_int_equal(config_check(&cfg), 0);

    static sm_t sm;
    memset(&sm, 0, sizeof sm);   /* sm_init takes a zeroed SM (sm.h) */
    sim_blkopts_t bo;
    memset(&bo, 0, sizeof bo);
    assert_int_equal(sm_init(&sm, &cfg, 0, &bo), 0);
    /* R(i) = ...: a register of its own per instruction, no sources; the last is EXIT */
    sm_ispec_t prog[64];
    assert_true(ninst >= 1 && ninst <= 64);
    for (unsigned i = 0; i < ninst; i++)
        prog[i] = i + 1 == ninst ? (sm_ispec_t){"EXIT", -1, {-1, -1}} : (sm_ispec_t){"IADD3", (int)i, {-1, -1}};
    static kinfo_t k;
    static optab_t ops;
    sm_block_add(&sm, &k, &ops, nwarps, prog, ninst);
    unsigned c = 0;
    for (; c < max && sm_busy(&sm); c++) {
        uint64_t before = sm.st.warp_insts;
        assert_int_equal(sm_cycle(&sm, c, c, NULL), 0);
        order[c] = sm.st.warp_insts > before ? (int)sm.sched[0].last : -1;
    }
    for (unsigned i = c; i < max; i++)
        order[i] = -1;
    sm_free(&sm);
    optab_free(&ops);
    return c;
}

/* "0 1 2 ..." of the first n entries (a readable failure message). */
static inline const char *sched_fmt(const int *order, unsigned n)
{
    static char buf[512];
    size_t p = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < n && p + 8 < sizeof buf; i++)
        p += (size_t)snprintf(buf + p, sizeof buf - p, "%s%d", i ? " " : "", order[i]);
    return buf;
}

#endif
