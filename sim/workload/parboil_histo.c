/* parboil_histo.c - Parboil 2.5 histo's four CUDA kernels written per thread
 * (parboil_histo.h; simt.h): each function is one thread, its loads, stores,
 * atomics, barriers and loops in the source's order (simt_ops.h); the
 * stand-in image and what the host and the atomics decide (pbh_input). */
#include "workload/parboil_histo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload/simt_ops.h"

#define EL(base, idx) ((base) + 4 * (uint64_t)(idx))   /* &base[idx], 4-byte elements */

/* atomicAdd on shared memory with its result used: ATOMS.ADD (sm_61 has shared atomics); in a
 * /U version the block's global copy (as LDS, STS in simt_ops.h), a global atomic */
static inline reg_t pbh_atoms(simt_t *t, unsigned site, uint64_t addr, reg_t ra, reg_t v)
{
    const simt_args_t *p = t->arg;
    if (p && p->unshared) {
        uint64_t g = p->unshared + ((uint64_t)t->by * t->gdx + t->bx) * p->shbytes + (addr - p->shmem);
        return simt_rec(t, site, "ATOM.E.ADD", 4, g, 1, ra, v, NOREG, NOREG);
    }
    return simt_rec(t, site, "ATOMS.ADD", 4, addr, 1, ra, v, NOREG, NOREG);
}
#define ATOMS_ADD(t, addr, ra, v) pbh_atoms((t), SIMT_SITE_, (addr), (ra), (v))
/* a global atomic whose result the source drops (atomicAdd, atomicMin, atomicMax as a statement):
 * nvcc's RED, no destination (ATOMG in simt_ops.h is the form with a result) */
#define RED(t, op, addr, ra, v) simt_rec((t), SIMT_SITE_, (op), 4, (addr), 0, (ra), (v), NOREG, NOREG)
/* a uint4 store */
#define STG128(t, addr, ra, v)  simt_rec((t), SIMT_SITE_, "STG.E.128", 16, (addr), 0, (ra), (v), NOREG, NOREG)

/* ---- the input ---------------------------------------------------------------------------------- */

/* A uniform double in (0, 1). */
static double unit(uint64_t *s) { return ((double)(simt_mix64(s) >> 11) + 0.5) * (1.0 / 9007199254740992.0); }

/* float to unsigned as F2I.U32 converts: negative and NaN to 0, saturating above */
static unsigned f2u(float f)
{
    if (!(f > 0.0f))
        return 0;
    return f >= 4294967296.0f ? 0xffffffffu : (unsigned)f;
}

void pbh_ranges(const uint32_t *img, uint64_t size, unsigned *rmin, unsigned *rmax)
{
    const int64_t stride = (int64_t)size / PBH_PRESCAN_BLOCKS;
    unsigned lo = 0xffffffffu, hi = 0;
    float avg_s[PBH_PRESCAN_THREADS] = {0}, sd_s[PBH_PRESCAN_THREADS] = {0};
    for (int64_t b = 0; b < PBH_PRESCAN_BLOCKS; b++) {
        const int64_t end = b * stride + stride / 8;
        for (int64_t tx = 0; tx < PBH_PRESCAN_THREADS; tx++) {
            float avg = 0.0f, sd = 0.0f;
            unsigned count = 0;
            for (int64_t a = b * stride + tx; a < end; a += PBH_PRESCAN_THREADS) {
                avg += (float)img[a];
                count++;
            }
            avg /= (float)count;
            for (int64_t a = b * stride + tx; a < end; a += PBH_PRESCAN_THREADS) {
                float d = (float)img[a] - avg;
                sd = fmaf(d, d, sd);   /* nvcc contracts stddev += d * d to an FFMA */
            }
            sd /= (float)count;
            avg_s[tx] = avg;
            sd_s[tx] = sqrtf(sd);
        }
        for (unsigned s = PBH_PRESCAN_THREADS / 2; s >= 2; s >>= 1)
            for (unsigned tx = 0; tx < s; tx++) {
                avg_s[tx] += avg_s[tx + s];
                sd_s[tx] += sd_s[tx + s];
            }
        float avg = (avg_s[0] + avg_s[1]) / PBH_PRESCAN_THREADS;
        float sd = (sd_s[0] + sd_s[1]) / PBH_PRESCAN_THREADS;
        unsigned l = f2u(fmaf(-10.0f, sd, avg)) / PBH_BINS_PER_BLOCK;
        unsigned h = f2u(fmaf(10.0f, sd, avg)) / PBH_BINS_PER_BLOCK;
        lo = l < lo ? l : lo;
        hi = h > hi ? h : hi;
    }
    *rmin = lo, *rmax = hi;
}

int pbh_input(pbh_input_t *in, unsigned height)
{
    memset(in, 0, sizeof *in);
    const uint64_t n = (uint64_t)PBH_IMG_W * height;
    in->width = PBH_IMG_W, in->height = height;
    in->img = calloc(n ? n : 1, sizeof *in->img);
    in->prev = malloc(n * sizeof *in->prev);
    if (!in->img || !in->prev)
        goto oom;
    /* the stand-in: independent 2-D Gaussian pixels around the histogram's centre, bin = row 256 +
     * column (clamped to the histogram) */
    uint64_t s = 0x5eed0015a7a1157bull;
    for (uint64_t i = 0; i < n; i++) {   /* Box-Muller: one pair of normal deviates a pixel */
        const double u1 = unit(&s), u2 = unit(&s);
        const double r = sqrt(-2.0 * log(u1)), a = 6.283185307179586 * u2;
        long row = lround(PBH_HISTO_H / 2 + PBH_SIGMA_ROW * r * cos(a));
        long col = lround(PBH_HISTO_W / 2 + PBH_SIGMA_COL * r * sin(a));
        row = row < 0 ? 0 : row >= PBH_HISTO_H ? PBH_HISTO_H - 1 : row;
        col = col < 0 ? 0 : col >= PBH_HISTO_W ? PBH_HISTO_W - 1 : col;
        in->img[i] = (uint32_t)(row * PBH_HISTO_W + col);
    }
    pbh_ranges(in->img, n, &in->rmin, &in->rmax);
    /* the atomics' old values, each block's inputs in the order its loop reaches them (run k, then
     * thread), the blocks of row 0 (outliers) in input order */
    const unsigned ny = in->rmax - in->rmin + 1;
    uint32_t *words = calloc((size_t)PBH_BLOCK_X * ny * (PBH_BINS_PER_BLOCK / 4), sizeof *words);
    uint16_t *count = calloc((size_t)PBH_HISTO_W * PBH_HISTO_H, sizeof *count);
    if (!words || !count) {
        free(words);
        free(count);
        goto oom;
    }
    for (uint64_t i = 0; i < n; i++) {
        const uint32_t b = in->img[i], range = b / PBH_BINS_PER_BLOCK;
        if (range >= in->rmin && range <= in->rmax) {
            const uint64_t bx = i / PBH_THREADS % PBH_BLOCK_X, word = b % PBH_BINS_PER_BLOCK / 4;
            uint32_t *w = &words[(bx * ny + (range - in->rmin)) * (PBH_BINS_PER_BLOCK / 4) + word];
            in->prev[i] = *w;
            *w += 1u << (8 * (b % 4));
        } else {
            in->prev[i] = count[b];
            count[b] += count[b] < 255;
        }
    }
    free(words);
    free(count);
    return 0;
oom:
    pbh_input_free(in);
    return -1;
}

void pbh_input_free(pbh_input_t *in)
{
    free(in->img);
    free(in->prev);
    in->img = in->prev = NULL;
}

/* ---- histo_prescan_kernel ------------------------------------------------------------------------- */

/* SUM(s): if (tid < s) { Avg[tid] += Avg[tid + s]; StdDev[tid] += StdDev[tid + s]; } (each step its
 * own code: the stride loop's four trips unroll, the last four are written out) */
#define PBH_SUM(t, tid, s, rtx, av, sd)                                                            \
    do {                                                                                           \
        BRANCH(t, rtx);                                                                            \
        if ((tid) < (s)) {                                                                         \
            reg_t a0_ = LDS(t, EL(av, tid), rtx), a1_ = LDS(t, EL(av, (tid) + (s)), rtx);           \
            STS(t, EL(av, tid), rtx, FADD(t, a0_, a1_));                                           \
            reg_t s0_ = LDS(t, EL(sd, tid), rtx), s1_ = LDS(t, EL(sd, (tid) + (s)), rtx);           \
            STS(t, EL(sd, tid), rtx, FADD(t, s0_, s1_));                                           \
        }                                                                                          \
    } while (0)

/* histo_prescan_kernel(input, size, minmax), 64 x 512, shared float Avg[512], StdDev[512]:
 * stride = size / gridDim.x; addr from blockIdx.x stride + tid to end = blockIdx.x stride +
 * stride / 8 by blockDim.x: avg += input[addr], count++; avg /= count; Avg[tid] = avg; the same
 * walk again: stddev += (input[addr2] - avg)^2 (one load: the second read is the same value);
 * StdDev[tid] = sqrtf(stddev / count); then for (stride = 256; stride >= 32; stride >>= 1) {
 * sync; SUM(stride); } SUM(16) .. SUM(2) (no barrier: within a warp); if (tid == 0) {
 * atomicMin(minmax, (uint)(avg - 10 stddev) / 24576); atomicMax(minmax + 1, (uint)(avg + 10
 * stddev) / 24576) } with avg, stddev = (X[0] + X[1]) / 512. */
void pb_histo_prescan(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const pbh_input_t *in = p->data;
    const uint64_t input = p->arr[0], minmax = p->arr[1];
    const uint64_t av = p->shmem, sd = p->shmem + 4 * PBH_PRESCAN_THREADS, tid = t->tx;
    const int64_t size = (int64_t)in->width * in->height, stride = size / t->gdx;
    const int64_t first = (int64_t)t->bx * stride + t->tx, end = (int64_t)t->bx * stride + stride / 8;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ra = IMAD(t, rbx, NOREG, rtx);
    reg_t avg = MOV(t, RZ_), cnt = MOV(t, RZ_);
    BRANCH(t, ra);   /* the loop's entry test */
    for (int64_t a = first; a < end; a += t->bdx) {
        reg_t v = LDG(t, EL(input, a), ra);
        avg = FADD(t, avg, ALU(t, "I2F.U32", v, NOREG, NOREG));
        cnt = IADD(t, cnt, NOREG);
        ra = IADD(t, ra, NOREG);
        LOOP(t, ra);
    }
    reg_t rc = ALU(t, "MUFU.RCP", ALU(t, "I2F.U32", cnt, NOREG, NOREG), NOREG, NOREG);
    avg = FMUL(t, avg, rc);   /* avg /= count */
    STS(t, EL(av, tid), rtx, avg);
    reg_t rb = IMAD(t, rbx, NOREG, rtx), dev = MOV(t, RZ_);
    BRANCH(t, rb);   /* the second loop's entry test */
    for (int64_t a = first; a < end; a += t->bdx) {
        reg_t v = LDG(t, EL(input, a), rb);
        reg_t d = FADD(t, ALU(t, "I2F.U32", v, NOREG, NOREG), avg);
        dev = FFMA(t, d, d, dev);
        rb = IADD(t, rb, NOREG);
        LOOP(t, rb);
    }
    dev = FMUL(t, dev, rc);   /* stddev /= count */
    dev = FMUL(t, ALU(t, "MUFU.RSQ", dev, NOREG, NOREG), dev);   /* sqrtf */
    STS(t, EL(sd, tid), rtx, dev);
    BAR(t);
    PBH_SUM(t, tid, 256, rtx, av, sd);
    BAR(t);
    PBH_SUM(t, tid, 128, rtx, av, sd);
    BAR(t);
    PBH_SUM(t, tid, 64, rtx, av, sd);
    BAR(t);
    PBH_SUM(t, tid, 32, rtx, av, sd);
    PBH_SUM(t, tid, 16, rtx, av, sd);
    PBH_SUM(t, tid, 8, rtx, av, sd);
    PBH_SUM(t, tid, 4, rtx, av, sd);
    PBH_SUM(t, tid, 2, rtx, av, sd);
    BRANCH(t, rtx);   /* tid == 0 */
    if (tid == 0) {
        reg_t a0 = LDS(t, av, rtx), a1 = LDS(t, av + 4, rtx);
        reg_t m = FMUL(t, FADD(t, a0, a1), NOREG);
        reg_t s0 = LDS(t, sd, rtx), s1 = LDS(t, sd + 4, rtx);
        reg_t s = FMUL(t, FADD(t, s0, s1), NOREG);
        reg_t lo = IMAD(t, ALU(t, "F2I.U32.TRUNC", FFMA(t, s, NOREG, m), NOREG, NOREG), NOREG, NOREG);
        reg_t rm = MOV(t, NOREG);   /* minmax */
        RED(t, "RED.E.MIN", minmax, rm, lo);
        reg_t hi = IMAD(t, ALU(t, "F2I.U32.TRUNC", FFMA(t, s, NOREG, m), NOREG, NOREG), NOREG, NOREG);
        RED(t, "RED.E.MAX", minmax + 4, rm, hi);
    }
    EXIT(t);
}

/* ---- histo_intermediates_kernel ------------------------------------------------------------------- */

/* One of the UNROLL rows (unrolled: each its own code): bin_value = *load_bin (a uint2);
 * calculateBin(bin_value.x, &sm_mappings[store]): offset = bin % 4 * 8, indexlo = bin >> 2 & 255,
 * indexhi = (bin >> 10) % 24, block = bin / 24576, stored as one uchar4; if (!skip) the same of .y
 * at sm_mappings[store + blockDim.x] (a predicated store: skip is the odd width's last thread);
 * load_bin += input_pitch; store += width. */
#define PBH_ROW(t, ld, st, rl, rs)                                                                 \
    do {                                                                                           \
        reg_t v_ = LDG64(t, input + 8 * (ld), rl);                                                 \
        reg_t xf_ = ALU(t, "BFE.U32", v_, NOREG, NOREG), xd_ = IMAD(t, v_, NOREG, NOREG);          \
        STG(t, EL(smm, st), rs, ALU(t, "LOP.OR", xf_, xd_, NOREG));                                \
        reg_t yf_ = ALU(t, "BFE.U32", v_, NOREG, NOREG), yd_ = IMAD(t, v_, NOREG, NOREG);          \
        reg_t y_ = ALU(t, "LOP.OR", yf_, yd_, NOREG);                                              \
        if (!skip)                                                                                 \
            STG(t, EL(smm, (st) + t->bdx), rs, y_);                                                \
        rl = IADD(t, rl, NOREG);                                                                   \
        rs = IADD(t, rs, NOREG);                                                                   \
        ld += pitch;                                                                               \
        st += width;                                                                               \
    } while (0)

/* histo_intermediates_kernel(input as uint2, height, width, input_pitch = (width + 1) / 2,
 * sm_mappings), ceil(height / 16) x (width + 1) / 2 threads: line = 16 blockIdx.x; load_bin =
 * input + line input_pitch + tid; store = line width + tid; the 16 rows, unrolled. */
void pb_histo_intermediates(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const pbh_input_t *in = p->data;
    const uint64_t input = p->arr[0], smm = p->arr[1], width = in->width, pitch = (in->width + 1) / 2;
    const uint64_t line = (uint64_t)PBH_UNROLL * t->bx;
    const int skip = (width % 2) && t->tx == t->bdx - 1;
    uint64_t ld = line * pitch + t->tx, st = line * width + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rl = IMAD(t, rbx, NOREG, rtx), rs = IMAD(t, rbx, NOREG, rtx);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    PBH_ROW(t, ld, st, rl, rs);
    EXIT(t);
}

/* ---- histo_main_kernel ---------------------------------------------------------------------------- */

/* testIncrementLocal(global_overflow, sub_histo, myRange, sm) for pixel i (bin b = the pixel's
 * value; sm = {block, indexhi, indexlo, offset} of it): if (range == myRange) { prev =
 * atomicAdd(&smem[indexhi][indexlo], 1 << offset); if (prev >> offset & 0xFF == 0xFF) { bin (= b);
 * atomicAdd(&global_overflow[bin], 256); the carries: if (offset < 24) atomicAdd(&global_overflow[bin
 * + 1], ..); if (offset < 16 && prev's byte above is 0xFF) .. bin + 2; if (offset < 8 && the next is
 * 0xFF) .. bin + 3 } }. Written twice in the kernel (its two loops): each copy its own code. */
#define PBH_LOCAL(t, i, v, rr)                                                                     \
    do {                                                                                           \
        const uint32_t b_ = in->img[i];                                                            \
        const unsigned off_ = 8 * (b_ % 4);                                                        \
        BRANCH(t, rr);   /* range == myRange */                                                    \
        if (b_ / PBH_BINS_PER_BLOCK == myrange) {                                                  \
            const uint32_t prev_ = in->prev[i];                                                    \
            reg_t add_ = ALU(t, "SHL", v, NOREG, NOREG);                                           \
            reg_t ra_ = IMAD(t, v, NOREG, NOREG);   /* &smem[indexhi][indexlo] */                  \
            reg_t old_ = ATOMS_ADD(t, sh + 4 * (uint64_t)(b_ % PBH_BINS_PER_BLOCK / 4), ra_, add_); \
            reg_t pb_ = ALU(t, "BFE.U32", old_, v, NOREG);                                         \
            BRANCH(t, pb_);   /* prev_bin_val == 0xFF */                                           \
            if ((prev_ >> off_ & 0xFF) == 0xFF) {                                                  \
                reg_t rbin_ = IMAD(t, v, NOREG, NOREG);                                            \
                RED(t, "RED.E.ADD", EL(gov, b_), rbin_, NOREG);                                    \
                BRANCH(t, pb_);   /* overflow_into_bin_plus_1 */                                   \
                if (off_ < 24)                                                                     \
                    RED(t, "RED.E.ADD", EL(gov, b_ + 1), rbin_, old_);                             \
                BRANCH(t, pb_);   /* overflow_into_bin_plus_2 */                                   \
                if (off_ < 16 && (prev_ >> (off_ + 8) & 0xFF) == 0xFF)                             \
                    RED(t, "RED.E.ADD", EL(gov, b_ + 2), rbin_, old_);                             \
                BRANCH(t, pb_);   /* overflow_into_bin_plus_3 */                                   \
                if (off_ < 8 && (prev_ >> (off_ + 16) & 0xFF) == 0xFF)                             \
                    RED(t, "RED.E.ADD", EL(gov, b_ + 3), rbin_, old_);                             \
            }                                                                                      \
        }                                                                                          \
    } while (0)

/* histo_main_kernel(sm_mappings, num_elements, sm_range_min, sm_range_max, histo_height,
 * histo_width, global_subhisto, global_histo, global_overflow), 14 x (max - min + 1) blocks of 768,
 * shared uint sub_histo[24][256]: local_scan_range = min + blockIdx.y; local_scan_load =
 * blockIdx.x 768 + tid; clearMemory: sub_histo[i] = 0 for i = tid, tid + 768, .. < 6144; sync; if
 * (blockIdx.y == 0) while (load < num_elements) { sm = sm_mappings[load]; load += 768 gridDim.x;
 * testIncrementLocal; testIncrementGlobal: if (range < min || range > max) { old_val =
 * global_histo[bin / 2]; if (its 16-bit half of bin < 255) atomicAdd(&global_histo[bin / 2], 1 <<
 * 16 (bin % 2)) } } else the same loop without testIncrementGlobal (its own code); sync;
 * copyMemory(&global_subhisto[local_scan_range 24576], sub_histo): for i = tid, tid + 768, .. <
 * 6144, the word's four bytes atomicAdd'ed to dst[4 i + j] (Parboil 2.5: one uint per bin). */
void pb_histo_main(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const pbh_input_t *in = p->data;
    const uint64_t sub = p->arr[1], gh = p->arr[2], gov = p->arr[3], sh = p->shmem, tid = t->tx;
    const uint64_t smm = p->arr[0], n = (uint64_t)in->width * in->height, step = (uint64_t)t->bdx * t->gdx;
    const unsigned myrange = in->rmin + t->by;
    reg_t rtx = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rrange = IADD(t, rby, NOREG);
    BRANCH(t, rtx);   /* clearMemory's entry test */
    for (uint64_t i = tid; i < PBH_BINS_PER_BLOCK / 4; i += t->bdx) {
        STS(t, EL(sh, i), rtx, RZ_);
        LOOP(t, rtx);
    }
    BAR(t);
    reg_t rl = IMAD(t, rbx, NOREG, rtx);   /* local_scan_load */
    BRANCH(t, rby);   /* blockIdx.y == 0 */
    if (t->by == 0) {
        BRANCH(t, rl);   /* the loop's entry test */
        for (uint64_t i = (uint64_t)t->bx * t->bdx + tid; i < n; i += step) {
            reg_t v = LDG(t, EL(smm, i), rl);
            reg_t rr = ALU(t, "BFE.U32", v, rrange, NOREG);   /* sm.x */
            rl = IADD(t, rl, NOREG);
            PBH_LOCAL(t, i, v, rr);
            const uint32_t b = in->img[i], range = b / PBH_BINS_PER_BLOCK;
            BRANCH(t, rr);   /* range < sm_range_min || range > sm_range_max */
            if (range < in->rmin || range > in->rmax) {
                reg_t rh = IMAD(t, v, NOREG, NOREG);   /* &global_histo[bin / 2] */
                reg_t old = LDG(t, EL(gh, b / 2), rh);
                reg_t ob = ALU(t, "BFE.U32", old, v, NOREG);
                BRANCH(t, ob);   /* old_bin < 255 */
                if (in->prev[i] < 255)
                    RED(t, "RED.E.ADD", EL(gh, b / 2), rh, ALU(t, "SHL", v, NOREG, NOREG));
            }
            LOOP(t, rl);
        }
    } else {
        BRANCH(t, rl);   /* the loop's entry test */
        for (uint64_t i = (uint64_t)t->bx * t->bdx + tid; i < n; i += step) {
            reg_t v = LDG(t, EL(smm, i), rl);
            reg_t rr = ALU(t, "BFE.U32", v, rrange, NOREG);   /* sm.x */
            rl = IADD(t, rl, NOREG);
            PBH_LOCAL(t, i, v, rr);
            LOOP(t, rl);
        }
    }
    reg_t rst = IMAD(t, rrange, NOREG, NOREG);   /* store_index */
    BAR(t);
    const uint64_t dst = sub + 4 * (uint64_t)myrange * PBH_BINS_PER_BLOCK;
    BRANCH(t, rtx);   /* copyMemory's entry test */
    for (uint64_t i = tid; i < PBH_BINS_PER_BLOCK / 4; i += t->bdx) {
        reg_t w = LDS(t, EL(sh, i), rtx);
        reg_t rd = IMAD(t, rtx, NOREG, rst);
        RED(t, "RED.E.ADD", EL(dst, 4 * i), rd, ALU(t, "LOP.AND", w, NOREG, NOREG));
        RED(t, "RED.E.ADD", EL(dst, 4 * i + 1), rd, ALU(t, "BFE.U32", w, NOREG, NOREG));
        RED(t, "RED.E.ADD", EL(dst, 4 * i + 2), rd, ALU(t, "BFE.U32", w, NOREG, NOREG));
        RED(t, "RED.E.ADD", EL(dst, 4 * i + 3), rd, ALU(t, "BFE.U32", w, NOREG, NOREG));
        LOOP(t, rtx);
    }
    EXIT(t);
}

/* ---- histo_final_kernel --------------------------------------------------------------------------- */

/* One 4-bin step of the outer regions: d = ((ushort4 *)global_histo)[i]; it is zeroed; the four
 * min(.., 255) as one uchar4 in ((uchar4 *)final_histo)[i]. */
#define PBH_OUTER(t, i, ri)                                                                        \
    do {                                                                                           \
        reg_t d_ = LDG64(t, gh + 8 * (i), ri);                                                     \
        STG64(t, gh + 8 * (i), ri, RZ_);                                                           \
        reg_t lo_ = IMNMX(t, d_, NOREG), hi_ = IMNMX(t, d_, NOREG);                                \
        reg_t m_ = ALU(t, "LOP.OR", lo_, hi_, NOREG);                                              \
        STG(t, EL(fin, i), ri, m_);                                                                \
    } while (0)

/* histo_final_kernel(sm_range_min, sm_range_max, histo_height, histo_width, global_subhisto,
 * global_histo, global_overflow, final_histo), 42 x 512: start = blockIdx.x 512 + tid, step =
 * gridDim.x 512; low = min 24576, mid = (max - min + 1) 24576 bins; for i from start below low / 4:
 * PBH_OUTER; for i from low / 4 + start below (low + mid) / 4: ((uint4 *)global_overflow)[i] = 0,
 * the four bins min(global_subhisto[4 i + j], 255) into ((uchar4 *)final_histo)[i] (Parboil 2.5:
 * the uint4 read of global_overflow before the zeroing is dead, every field overwritten: the
 * compiler drops it, so does this); for i from (low + mid) / 4 + start below 256 x 4096 / 4:
 * PBH_OUTER. */
void pb_histo_final(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const pbh_input_t *in = p->data;
    const uint64_t sub = p->arr[0], gh = p->arr[1], gov = p->arr[2], fin = p->arr[3];
    const uint64_t start = (uint64_t)t->bx * t->bdx + t->tx, step = (uint64_t)t->bdx * t->gdx;
    const uint64_t low = (uint64_t)in->rmin * PBH_BINS_PER_BLOCK;
    const uint64_t mid = (uint64_t)(in->rmax - in->rmin + 1) * PBH_BINS_PER_BLOCK;
    const uint64_t all = (uint64_t)PBH_HISTO_W * PBH_HISTO_H;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx);
    BRANCH(t, ri);   /* the lower region's entry test */
    for (uint64_t i = start; i < low / 4; i += step) {
        PBH_OUTER(t, i, ri);
        ri = IADD(t, ri, NOREG);
        LOOP(t, ri);
    }
    reg_t rj = IMAD(t, rbx, NOREG, rtx);
    BRANCH(t, rj);   /* the middle region's entry test */
    for (uint64_t i = low / 4 + start; i < (low + mid) / 4; i += step) {
        STG128(t, gov + 16 * i, rj, RZ_);
        reg_t b0 = LDG(t, EL(sub, 4 * i), rj), b1 = LDG(t, EL(sub, 4 * i + 1), rj);
        reg_t b2 = LDG(t, EL(sub, 4 * i + 2), rj), b3 = LDG(t, EL(sub, 4 * i + 3), rj);
        reg_t m0 = IMNMX(t, b0, NOREG), m1 = IMNMX(t, b1, NOREG), m2 = IMNMX(t, b2, NOREG), m3 = IMNMX(t, b3, NOREG);
        reg_t m = ALU(t, "LOP.OR", ALU(t, "LOP.OR", m0, m1, NOREG), m2, m3);
        STG(t, EL(fin, i), rj, m);
        rj = IADD(t, rj, NOREG);
        LOOP(t, rj);
    }
    reg_t rk = IMAD(t, rbx, NOREG, rtx);
    BRANCH(t, rk);   /* the upper region's entry test */
    for (uint64_t i = (low + mid) / 4 + start; i < all / 4; i += step) {
        PBH_OUTER(t, i, rk);
        rk = IADD(t, rk, NOREG);
        LOOP(t, rk);
    }
    EXIT(t);
}
