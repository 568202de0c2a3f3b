/* rodinia_pf.c - Rodinia's particle filter (particlefilter_float.cu) written
 * per thread, and its host program run at setup (rodinia_pf.h). */
#include "workload/rodinia_pf.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload/simt_ops.h"

#define EL8(base, idx) ((base) + 8 * (uint64_t)(idx))   /* &base[idx], doubles */
#define EL4(base, idx) ((base) + 4 * (uint64_t)(idx))   /* ints */

/* double precision and 8-byte shared accesses (sm_61 spellings) */
#define DADD(t, a, b)        ALU(t, "DADD", a, b, NOREG)
#define DMUL(t, a, b)        ALU(t, "DMUL", a, b, NOREG)
#define DFMA(t, a, b, c)     ALU(t, "DFMA", a, b, c)
#define DSETP(t, a, b)       ALU(t, "DSETP.GE.AND", a, b, NOREG)
#define I2D(t, a)            ALU(t, "I2F.F64", a, NOREG, NOREG)
#define D2I(t, a)            ALU(t, "F2I.F64", a, NOREG, NOREG)
#define RCP64(t, a)          ALU(t, "MUFU.RCP64H", a, NOREG, NOREG)
#define RSQ64(t, a)          ALU(t, "MUFU.RSQ64H", a, NOREG, NOREG)
#define LDS64(t, addr, ra)    simt_rec((t), SIMT_SITE_, "LDS.U.64", 8, (addr), 1, (ra), NOREG, NOREG, NOREG)
#define STS64(t, addr, ra, v) simt_rec((t), SIMT_SITE_, "STS.64", 8, (addr), 0, (ra), (v), NOREG, NOREG)

/* ---- the host program ------------------------------------------------------------------------- */

double rd_pf_randu(int *seed)
{
    int num = (int)(1103515245u * (uint32_t)*seed + 12345u);   /* int arithmetic, wrapping as the GPU's */
    *seed = num % INT_MAX;
    return fabs(*seed / (double)INT_MAX);
}

static double randn(int *seed)   /* Box-Muller, as randn and d_randn */
{
    double u = rd_pf_randu(seed), v = rd_pf_randu(seed);
    double cosine = cos(2 * 3.14159265358979323846 * v);
    double rt = -2 * log(u);
    return sqrt(rt) * cosine;
}

/* videoSequence: the moving disk, dilated by radius 5, 100/228, noise from seed[0]. The
 * frames are malloc'd and not cleared in the source (fresh pages: zero). */
static void video(rd_pf_t *pf, int *seed0)
{
    const int X = (int)pf->iszx, Y = (int)pf->iszy, Z = (int)pf->nfr, max_size = X * Y * Z;
    unsigned char *I = pf->video, *nm = calloc((size_t)max_size, 1);
    const int x0 = (int)(Y / 2.0), y0 = (int)(X / 2.0);   /* roundDouble(IszY / 2.0): a truncation either way */
    I[x0 * Y * Z + y0 * Z] = 1;
    for (int k = 1; k < Z; k++) {
        int xk = abs(x0 + (k - 1)), yk = abs(y0 - 2 * (k - 1)), pos = yk * Y * Z + xk * Z + k;
        I[pos >= max_size ? 0 : pos] = 1;
    }
    if (nm) {
        for (int z = 0; z < Z; z++)
            for (int x = 0; x < X; x++)
                for (int y = 0; y < Y; y++) {
                    if (I[x * Y * Z + y * Z + z] != 1)
                        continue;
                    int sx = x - 5 < 0 ? 0 : x - 5, sy = y - 5 < 0 ? 0 : y - 5;
                    int ex = x + 5 > X ? X : x + 5, ey = y + 5 > Y ? Y : y + 5;
                    for (int a = sx; a < ex; a++)
                        for (int b = sy; b < ey; b++)
                            if (sqrt((double)((a - x) * (a - x) + (b - y) * (b - y))) < 5)
                                nm[a * Y * Z + b * Z + z] = 1;
                }
        memcpy(I, nm, (size_t)max_size);
        free(nm);
    }
    for (int j = 0; j < max_size; j++)   /* setIf(0, 100), setIf(1, 228) */
        I[j] = I[j] == 0 ? 100 : I[j] == 1 ? 228 : I[j];
    for (int j = 0; j < max_size; j++)   /* addNoise, x y z order = memory order */
        I[j] = (unsigned char)(I[j] + (unsigned char)(int)(5 * randn(seed0)));
}

int rd_pf_run(rd_pf_t *pf, unsigned np, unsigned nfr, unsigned isz)
{
    memset(pf, 0, sizeof *pf);
    pf->np = np, pf->nfr = nfr, pf->iszx = pf->iszy = isz;
    pf->nblocks = (np + PTF_BLOCK - 1) / PTF_BLOCK;
    pf->max_size = (int)(isz * isz * nfr);
    const size_t frames = nfr - 1;
    int *seed = malloc(np * sizeof *seed);
    double *ax = malloc(np * sizeof *ax), *ay = malloc(np * sizeof *ay), *xj = malloc(np * sizeof *xj),
           *yj = malloc(np * sizeof *yj), *w = malloc(np * sizeof *w), *cdf = malloc(np * sizeof *cdf),
           *part = calloc(pf->nblocks, sizeof *part), *buf = malloc(PTF_BLOCK * sizeof *buf);
    pf->video = malloc((size_t)pf->max_size);
    pf->ind = malloc(frames * np * PTF_ONES * sizeof *pf->ind);
    pf->oob = malloc(frames * np * PTF_ONES);
    pf->trips = malloc(frames * np * sizeof *pf->trips);
    pf->index = malloc(frames * np * sizeof *pf->index);
    pf->seed0 = malloc(frames * sizeof *pf->seed0);
    int r = -1;
    if (!seed || !ax || !ay || !xj || !yj || !w || !cdf || !part || !buf || !pf->video || !pf->ind || !pf->oob ||
        !pf->trips || !pf->index || !pf->seed0)
        goto out;
    for (unsigned i = 0; i < np; i++)
        seed[i] = (int)(uint32_t)((uint64_t)PTF_TIME * i);   /* time(0) * i, a long stored in an int */
    memset(pf->video, 0, (size_t)pf->max_size);
    video(pf, &seed[0]);
    /* strelDisk(radius 5), getneighbors */
    unsigned n = 0;
    for (int x = 0; x < 2 * PTF_RADIUS - 1; x++)
        for (int y = 0; y < 2 * PTF_RADIUS - 1; y++)
            if (sqrt(pow(x - PTF_RADIUS + 1, 2) + pow(y - PTF_RADIUS + 1, 2)) < PTF_RADIUS && n < PTF_ONES) {
                pf->objxy[2 * n] = y - (PTF_RADIUS - 1);
                pf->objxy[2 * n + 1] = x - (PTF_RADIUS - 1);
                n++;
            }
    const double xe = (int)(isz / 2.0), ye = (int)(isz / 2.0);
    for (unsigned i = 0; i < np; i++)
        xj[i] = xe, yj[i] = ye;
    double u0_prev = 0;   /* u_GPU is never initialised: a fresh allocation's zeros */
    const int Y = (int)isz, Z = (int)nfr;
    for (unsigned k = 1; k < nfr; k++) {
        const size_t f = k - 1;
        pf->seed0[f] = seed[0];
        /* likelihood_kernel */
        for (unsigned i = 0; i < np; i++) {
            w[i] = 1 / (double)np;
            ax[i] = xj[i] + 1.0 + 5.0 * randn(&seed[i]);
            ay[i] = yj[i] - 2.0 + 2.0 * randn(&seed[i]);
            int *ind = &pf->ind[(f * np + i) * PTF_ONES];
            uint8_t *oob = &pf->oob[(f * np + i) * PTF_ONES];
            double sum = 0;
            for (int y = 0; y < PTF_ONES; y++) {
                int indX = (int)ax[i] + pf->objxy[2 * y + 1], indY = (int)ay[i] + pf->objxy[2 * y];
                int v = abs((int)((uint32_t)indX * (uint32_t)(Y * Z) + (uint32_t)indY * (uint32_t)Z + k));
                oob[y] = v >= pf->max_size;
                ind[y] = oob[y] ? 0 : v;
            }
            for (int y = 0; y < PTF_ONES; y++) {
                double d1 = pf->video[ind[y]] - 100, d2 = pf->video[ind[y]] - 228;
                sum += (d1 * d1 - d2 * d2) / 50.0;
            }
            w[i] = w[i] * exp(sum / PTF_ONES);
        }
        for (unsigned b = 0; b < pf->nblocks; b++) {   /* the block's tree in shared memory */
            for (unsigned tx = 0; tx < PTF_BLOCK; tx++)
                buf[tx] = b * PTF_BLOCK + tx < np ? w[b * PTF_BLOCK + tx] : 0.0;
            for (unsigned s = PTF_BLOCK / 2; s; s >>= 1)
                for (unsigned tx = 0; tx < s; tx++)
                    buf[tx] += buf[tx + s];
            part[b] = buf[0];
        }
        /* sum_kernel */
        double total = 0;
        for (unsigned b = 0; b < pf->nblocks; b++)
            total += part[b];
        /* normalize_weights_kernel; block 0's thread 0 writes u[0] after its serial CDF loop,
         * long after the other blocks' thread 0 has read it (a race in the source): they see
         * the previous frame's u[0] */
        for (unsigned i = 0; i < np; i++)
            w[i] = w[i] / total;
        cdf[0] = w[0];
        for (unsigned x = 1; x < np; x++)
            cdf[x] = w[x] + cdf[x - 1];
        const double u0 = (1 / (double)np) * rd_pf_randu(&seed[0]);
        /* find_index_kernel */
        for (unsigned i = 0; i < np; i++) {
            double u = (i < PTF_BLOCK ? u0 : u0_prev) + i / (double)np;
            unsigned x = 0;
            while (x < np && !(cdf[x] >= u))
                x++;
            pf->trips[f * np + i] = x < np ? x + 1 : 0;
            pf->index[f * np + i] = x < np ? x : np - 1;
        }
        for (unsigned i = 0; i < np; i++) {
            xj[i] = ax[pf->index[f * np + i]];
            yj[i] = ay[pf->index[f * np + i]];
        }
        u0_prev = u0;
    }
    r = 0;
out:
    free(seed), free(ax), free(ay), free(xj), free(yj), free(w), free(cdf), free(part), free(buf);
    if (r)
        rd_pf_free(pf);
    return r;
}

void rd_pf_free(rd_pf_t *pf)
{
    free(pf->video), free(pf->ind), free(pf->oob), free(pf->trips), free(pf->index), free(pf->seed0);
    memset(pf, 0, sizeof *pf);
}

/* ---- the kernels -------------------------------------------------------------------------------- */

/* d_randu(seed, i) inline: seed[i] = (A seed[i] + C) % INT_MAX; |seed[i]| / (double)M (the
 * reload after the store forwarded) */
#define RANDU(t, out, seedaddr, ra)                                                         \
    do {                                                                                    \
        reg_t s_ = LDG(t, seedaddr, ra);                                                    \
        reg_t n_ = IMAD(t, s_, NOREG, NOREG);                                               \
        reg_t q_ = IMAD(t, n_, NOREG, NOREG); /* n / INT_MAX: a multiply-high and shift */ \
        reg_t m_ = IMAD(t, q_, NOREG, n_);    /* n - q M */                                 \
        STG(t, seedaddr, ra, m_);                                                           \
        reg_t f_ = I2D(t, m_);                                                              \
        reg_t c_ = RCP64(t, NOREG);            /* / (double)M */                            \
        reg_t d_ = DMUL(t, f_, c_);                                                         \
        out = DFMA(t, d_, NOREG, f_);                                                       \
    } while (0)

/* d_randn: two d_randu, sqrt(-2 log u) cos(2 pi v) (the library's log, cos, sqrt as short
 * DFMA sequences) */
#define RANDN(t, out, seedaddr, ra)                                                         \
    do {                                                                                    \
        reg_t u_, v_;                                                                       \
        RANDU(t, u_, seedaddr, ra);                                                         \
        RANDU(t, v_, seedaddr, ra);                                                         \
        reg_t a_ = DMUL(t, v_, NOREG);        /* 2 pi v */                                  \
        reg_t k_ = D2I(t, a_);                /* cos: quadrant, reduction, polynomial */    \
        reg_t b_ = DFMA(t, a_, NOREG, I2D(t, k_));                                          \
        reg_t b2_ = DMUL(t, b_, b_);                                                        \
        reg_t p_ = DFMA(t, b2_, NOREG, NOREG);                                              \
        p_ = DFMA(t, b2_, p_, NOREG);                                                       \
        reg_t cs_ = DFMA(t, b2_, p_, NOREG);                                                \
        reg_t e_ = ALU(t, "SHL", u_, NOREG, NOREG);   /* log: exponent, mantissa, polynomial */ \
        reg_t g_ = DFMA(t, u_, NOREG, NOREG);                                               \
        reg_t h_ = DFMA(t, g_, g_, NOREG);                                                  \
        h_ = DFMA(t, g_, h_, NOREG);                                                        \
        reg_t l_ = DFMA(t, I2D(t, e_), NOREG, h_);                                          \
        reg_t rt_ = DMUL(t, l_, NOREG);       /* -2 log u */                                \
        reg_t y_ = RSQ64(t, rt_);             /* sqrt */                                    \
        reg_t z_ = DMUL(t, rt_, y_);                                                        \
        reg_t sq_ = DFMA(t, z_, y_, z_);                                                    \
        out = DMUL(t, sq_, cs_);                                                            \
    } while (0)

void rd_pf_likelihood(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const rd_pf_t *pf = p->data;
    const uint64_t AX = p->arr[0], AY = p->arr[1], XJ = p->arr[2], YJ = p->arr[3], IND = p->arr[4],
                   OBJ = p->arr[5], LIK = p->arr[6], IMG = p->arr[7], W = p->arr[8], SEED = p->arr[9],
                   PS = p->arr[10], BUF = p->shmem;
    const uint64_t np = p->n, i = (uint64_t)t->bdx * t->bx + t->tx, f = p->p - 1;
    const int in = i < np;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx);
    BRANCH(t, ri);   /* if (i < Nparticles) */
    if (in) {
        reg_t x0 = LDG64(t, EL8(XJ, i), ri);   /* arrayX[i] = xj[i]; arrayY[i] = yj[i] */
        STG64(t, EL8(AX, i), ri, x0);
        reg_t y0 = LDG64(t, EL8(YJ, i), ri);
        STG64(t, EL8(AY, i), ri, y0);
        reg_t wr = RCP64(t, I2D(t, NOREG));   /* weights[i] = 1 / (double)Nparticles */
        reg_t wq = DFMA(t, wr, NOREG, wr);
        STG64(t, EL8(W, i), ri, wq);
        reg_t rs = IMAD(t, ri, NOREG, NOREG);   /* &seed[i] */
        reg_t n1, n2;
        RANDN(t, n1, EL4(SEED, i), rs);   /* arrayX[i] = arrayX[i] + 1.0 + 5.0 * d_randn(seed, i) */
        reg_t xa = DADD(t, x0, NOREG);
        STG64(t, EL8(AX, i), ri, DFMA(t, n1, NOREG, xa));
        RANDN(t, n2, EL4(SEED, i), rs);   /* arrayY[i] = arrayY[i] - 2.0 + 2.0 * d_randn(seed, i) */
        reg_t ya = DADD(t, y0, NOREG);
        STG64(t, EL8(AY, i), ri, DFMA(t, n2, NOREG, ya));
    }
    BAR(t);
    BRANCH(t, ri);
    if (in) {
        const int *ind = &pf->ind[(f * np + i) * PTF_ONES];
        const uint8_t *oob = &pf->oob[(f * np + i) * PTF_ONES];
        reg_t X = LDG64(t, EL8(AX, i), ri), Y = LDG64(t, EL8(AY, i), ri);   /* reloaded after the barrier */
        reg_t ix = D2I(t, X), iy = D2I(t, Y);   /* dev_round_double: (int) */
        reg_t ra = IMAD(t, ri, NOREG, NOREG);   /* &ind[i * countOnes] */
        reg_t ro = MOV(t, NOREG);               /* &objxy[0] */
        for (unsigned y = 0; y < PTF_ONES; y++) {
            reg_t o1 = LDG(t, EL4(OBJ, 2 * y + 1), ro), o0 = LDG(t, EL4(OBJ, 2 * y), ro);
            reg_t dx = IADD(t, ix, o1), dy = IADD(t, iy, o0);
            reg_t lin = IMAD(t, dx, NOREG, IMAD(t, dy, NOREG, NOREG));
            reg_t ab = IMNMX(t, lin, IADD(t, lin, NOREG));   /* abs */
            STG(t, EL4(IND, i * PTF_ONES + y), ra, ab);
            BRANCH(t, ab);   /* if (ind[...] >= max_size) ind[...] = 0 */
            if (oob[y])
                STG(t, EL4(IND, i * PTF_ONES + y), ra, RZ_);
            ra = IADD(t, ra, NOREG);
            ro = IADD(t, ro, NOREG);
            LOOP(t, ro);
        }
        /* calcLikelihoodSum: I[ind[...]] loaded once (both uses), pow(., 2) a product, / 50.0 */
        reg_t rb = IMAD(t, ri, NOREG, NOREG), sum = MOV(t, NOREG);
        for (unsigned x = 0; x < PTF_ONES; x++) {
            reg_t v = LDG(t, EL4(IND, i * PTF_ONES + x), rb);
            reg_t px = LDG8(t, IMG + (uint64_t)ind[x], IADD(t, v, NOREG));
            reg_t d1 = I2D(t, IADD(t, px, NOREG)), d2 = I2D(t, IADD(t, px, NOREG));
            reg_t s2 = DFMA(t, d2, d2, DMUL(t, d1, d1));   /* (I - 100)^2 - (I - 228)^2 */
            reg_t q = DMUL(t, s2, NOREG);
            reg_t qq = DFMA(t, q, NOREG, s2);
            sum = DADD(t, sum, DFMA(t, qq, NOREG, q));
            rb = IADD(t, rb, NOREG);
            LOOP(t, rb);
        }
        /* likelihood[i] = sum / countOnes (the first store of sum dead) */
        reg_t lr = RCP64(t, I2D(t, NOREG));
        reg_t lk = DFMA(t, DMUL(t, sum, lr), NOREG, sum);
        STG64(t, EL8(LIK, i), ri, lk);
        /* weights[i] = weights[i] * exp(likelihood[i]) */
        reg_t wv = LDG64(t, EL8(W, i), ri);
        reg_t e1 = DFMA(t, lk, NOREG, NOREG);   /* exp: n = round(x / ln 2), polynomial, scale */
        reg_t en = D2I(t, e1);
        reg_t e2 = DFMA(t, I2D(t, en), NOREG, lk);
        reg_t e3 = DFMA(t, e2, NOREG, NOREG);
        e3 = DFMA(t, e2, e3, NOREG);
        reg_t ex = IADD(t, e3, ALU(t, "SHL", en, NOREG, NOREG));
        STG64(t, EL8(W, i), ri, DMUL(t, wv, ex));
    }
    reg_t rsh = IMAD(t, rtx, NOREG, NOREG);   /* &buffer[threadIdx.x] */
    STS64(t, EL8(BUF, t->tx), rsh, RZ_);
    BAR(t);
    BRANCH(t, ri);
    if (in)
        STS64(t, EL8(BUF, t->tx), rsh, LDG64(t, EL8(W, i), ri));
    BAR(t);
    reg_t rs = MOV(t, NOREG);
    for (unsigned s = t->bdx / 2; s > 0; s >>= 1) {
        BRANCH(t, rs);   /* if (threadIdx.x < s) */
        if (t->tx < s) {
            reg_t a = LDS64(t, EL8(BUF, t->tx), rsh);
            reg_t b = LDS64(t, EL8(BUF, t->tx + s), rsh);
            STS64(t, EL8(BUF, t->tx), rsh, DADD(t, a, b));
        }
        BAR(t);
        rs = ALU(t, "SHL", rs, NOREG, NOREG);
        LOOP(t, rs);
    }
    BRANCH(t, rtx);   /* if (threadIdx.x == 0) */
    if (t->tx == 0)
        STG64(t, EL8(PS, t->bx), rbx, LDS64(t, BUF, rsh));
    BAR(t);
    EXIT(t);
}

void rd_pf_sum(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t PS = p->arr[0], i = (uint64_t)t->bdx * t->bx + t->tx;
    const unsigned nb = (unsigned)((p->n + PTF_BLOCK - 1) / PTF_BLOCK);
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx);
    BRANCH(t, ri);   /* if (i == 0) */
    if (i == 0) {
        reg_t nbr = D2I(t, DMUL(t, I2D(t, NOREG), NOREG));   /* ceil((double)Nparticles / 512) */
        reg_t sum = MOV(t, NOREG), rx = MOV(t, NOREG);
        for (unsigned x = 0; x < nb; x++) {
            sum = DADD(t, sum, LDG64(t, EL8(PS, x), rx));
            rx = IADD(t, rx, NOREG);
            LOOP(t, IMNMX(t, rx, nbr));
        }
        STG64(t, PS, rx, sum);
    }
    EXIT(t);
}

void rd_pf_normalize(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const uint64_t W = p->arr[0], PS = p->arr[1], CDF = p->arr[2], U = p->arr[3], SEED = p->arr[4],
                   U1 = p->shmem, SUMW = p->shmem + 8;   /* __shared__ double u1, sumWeights */
    const uint64_t np = p->n, i = (uint64_t)t->bdx * t->bx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx);
    BRANCH(t, rtx);   /* if (0 == threadIdx.x) sumWeights = partial_sums[0] */
    if (t->tx == 0)
        STS64(t, SUMW, RZ_, LDG64(t, PS, RZ_));
    BAR(t);
    BRANCH(t, ri);
    if (i < np) {   /* weights[i] = weights[i] / sumWeights */
        reg_t sw = LDS64(t, SUMW, RZ_);
        reg_t wv = LDG64(t, EL8(W, i), ri);
        reg_t rc = RCP64(t, sw);
        reg_t q = DMUL(t, wv, rc);
        STG64(t, EL8(W, i), ri, DFMA(t, q, sw, wv));
    }
    BAR(t);
    BRANCH(t, ri);
    if (i == 0) {   /* cdfCalc(CDF, weights, Nparticles); u[0] = 1 / Np * d_randu(seed, 0) */
        reg_t c = LDG64(t, W, RZ_);
        STG64(t, CDF, RZ_, c);
        reg_t rx = MOV(t, NOREG);
        for (uint64_t x = 1; x < np; x++) {
            c = DADD(t, LDG64(t, EL8(W, x), rx), c);   /* CDF[x - 1] forwarded from its store */
            STG64(t, EL8(CDF, x), rx, c);
            rx = IADD(t, rx, NOREG);
            LOOP(t, rx);
        }
        reg_t r;
        RANDU(t, r, SEED, RZ_);
        STG64(t, U, RZ_, DMUL(t, r, NOREG));
    }
    BAR(t);
    BRANCH(t, rtx);   /* if (0 == threadIdx.x) u1 = u[0] */
    if (t->tx == 0)
        STS64(t, U1, RZ_, LDG64(t, U, RZ_));
    BAR(t);
    BRANCH(t, ri);
    if (i < np) {   /* u[i] = u1 + i / (double)Nparticles */
        reg_t u1 = LDS64(t, U1, RZ_);
        reg_t di = I2D(t, ri);
        reg_t rc = RCP64(t, NOREG);
        reg_t q = DFMA(t, DMUL(t, di, rc), NOREG, di);
        STG64(t, EL8(U, i), ri, DADD(t, u1, q));
    }
    EXIT(t);
}

void rd_pf_find_index(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const rd_pf_t *pf = p->data;
    const uint64_t AX = p->arr[0], AY = p->arr[1], CDF = p->arr[2], U = p->arr[3], XJ = p->arr[4],
                   YJ = p->arr[5];
    const uint64_t np = p->n, i = (uint64_t)t->bdx * t->bx + t->tx, f = p->p - 1;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t ri = IMAD(t, rbx, NOREG, rtx);
    BRANCH(t, ri);   /* if (i < Nparticles) */
    if (i < np) {
        const uint32_t trips = pf->trips[f * np + i], index = pf->index[f * np + i];
        reg_t uu = LDG64(t, EL8(U, i), ri);   /* u[i]: loop-invariant, loaded once */
        reg_t rx = MOV(t, NOREG);
        for (uint64_t x = 0; x < np; x++) {   /* for (x ...) if (CDF[x] >= u[i]) { index = x; break; } */
            reg_t c = LDG64(t, EL8(CDF, x), rx);
            BRANCH(t, DSETP(t, c, uu));
            if (trips && x + 1 == trips)
                break;
            rx = IADD(t, rx, NOREG);
            LOOP(t, rx);
        }
        reg_t ix = SEL(t, rx, NOREG);   /* if (index == -1) index = Nparticles - 1 */
        reg_t ax = LDG64(t, EL8(AX, index), ix);
        STG64(t, EL8(XJ, i), ri, ax);
        reg_t ay = LDG64(t, EL8(AY, index), ix);
        STG64(t, EL8(YJ, i), ri, ay);
    }
    BAR(t);
    EXIT(t);
}
