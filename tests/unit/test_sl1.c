/* test_sl1.c - S-L1's lines per thread (sim/workload/sl1.c, sl1_cln), worked
 * by hand from the paper's rule CLN = floor((free shared memory per SM /
 * threads per SM) / line): at 48 KB and 16 B lines the paper's own figures,
 * 2048 threads a line each, 1024 three, 512 six; the threads an SM holds
 * come from the kernel's occupancy without S-L1, and its own shared memory
 * is not free. The transformation itself is tested end to end
 * (tests/sim_sl1_tests.sh). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>

#include <cmocka.h>

#include "workload/sl1.h"

/* a grid of nblocks (0: unknown, the occupancy alone) on 8 SMX */
static unsigned cln_grid(unsigned threads, unsigned shmem_block, unsigned nregs, unsigned forced, uint64_t nblocks,
                         unsigned line)
{
    sl1_cfg_t c = {.line = line, .monitor = 300, .min_hit = 50, .cln = forced};
    kinfo_t k = {.threads = threads, .shmem = shmem_block, .nregs = nregs, .nblocks = nblocks};
    /* Kepler's SMX: 48 KB shared memory, 16 blocks, 64 warps, 2048 threads, 64 K registers */
    return sl1_cln(&c, &k, 8, 49152, 16, 64, 2048, 65536);
}

static unsigned cln(unsigned threads, unsigned shmem_block, unsigned nregs, unsigned forced)
{
    return cln_grid(threads, shmem_block, nregs, forced, 0, 16);
}

static void test_paper(void **state)
{
    (void)state;
    assert_int_equal(cln(1024, 0, 16, 0), 1);   /* 2 blocks: 2048 threads, 24 B each */
    assert_int_equal(cln(512, 0, 16, 0), 1);    /* 4 blocks: 2048 threads */
    assert_int_equal(cln(256, 0, 16, 0), 1);    /* 8 blocks: 2048 threads */
    assert_int_equal(cln(128, 0, 16, 0), 1);    /* 16 blocks: 2048 threads */
    assert_int_equal(cln(64, 0, 16, 0), 3);     /* 16 blocks (the block limit): 1024 threads, 48 B each */
    assert_int_equal(cln(32, 0, 16, 0), 6);     /* 16 blocks: 512 threads, 96 B each */
}

static void test_limits(void **state)
{
    (void)state;
    /* registers: 64 per thread, 1024-thread blocks: one block (65536 / 65536): 1024 threads, 3 lines */
    assert_int_equal(cln(1024, 0, 64, 0), 3);
    /* the kernel's own 16 KB per 1024-thread block: 2 blocks (32 KB), 16 KB free over 2048 threads: 8 B, none */
    assert_int_equal(cln(1024, 16384, 16, 0), 0);
    /* 8 KB per 256-thread block: 6 blocks (48 KB / 8 KB), nothing free */
    assert_int_equal(cln(256, 8192, 16, 0), 0);
    /* 4 KB per 128-thread block: 12 blocks, 1536 threads, 0 B free */
    assert_int_equal(cln(128, 4096, 16, 0), 0);
    /* 2 KB per 128-thread block: 16 blocks, 2048 threads, 16 KB free: 8 B each, none */
    assert_int_equal(cln(128, 2048, 16, 0), 0);
    /* 1 KB per 64-thread block: 16 blocks, 1024 threads, 32 KB free: 32 B each, 2 lines */
    assert_int_equal(cln(64, 1024, 16, 0), 2);
    /* sl1.cln forces the count, whatever fits */
    assert_int_equal(cln(1024, 0, 16, 5), 5);
}

/* "the number of threads running in the SMX": a grid with fewer blocks than the 8 SMX hold runs
 * ceil(blocks / 8) of them in each */
static void test_grid(void **state)
{
    (void)state;
    assert_int_equal(cln_grid(256, 0, 16, 0, 64, 16), 1);      /* 8 blocks an SMX: 2048 threads, 24 B each */
    assert_int_equal(cln_grid(256, 0, 16, 0, 1000, 16), 1);    /* more blocks than fit: the occupancy's 8 */
    assert_int_equal(cln_grid(256, 0, 16, 0, 16, 16), 6);      /* 2 blocks: 512 threads, 96 B each */
    assert_int_equal(cln_grid(256, 0, 16, 0, 9, 16), 6);       /* 9 blocks: 2 in the first SMX */
    assert_int_equal(cln_grid(256, 0, 16, 0, 8, 16), 12);      /* 1 block: 192 B each */
    assert_int_equal(cln_grid(256, 0, 16, 0, 16, 24), 4);      /* 96 B in 24 B lines */
    assert_int_equal(cln_grid(256, 0, 16, 0, 16, 32), 3);      /* ... in 32 B lines */
    assert_int_equal(cln_grid(256, 0, 16, 0, 64, 24), 1);      /* 24 B each at the full occupancy: one 24 B line */
    assert_int_equal(cln_grid(256, 8, 16, 0, 64, 24), 0);      /* ... less 8 B of the kernel's own a block: none */
    assert_int_equal(cln_grid(256, 0, 16, 0, 64, 32), 0);      /* ... and no 32 B line */
    assert_int_equal(cln_grid(256, 8192, 16, 0, 16, 16), 4);   /* 2 blocks of 8 KB: 32 KB free, 64 B each */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paper),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_grid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
