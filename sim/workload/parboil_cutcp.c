/* parboil_cutcp.c - Parboil 2.5's cutcp (parboil_cutcp.h): the stand-in
 * water box, the host's lattice, neighbour list and binning (main.c and
 * gpu_compute_cutoff_potential_lattice6overlap in cutoff6overlap.cu,
 * replayed), and cuda_cutoff_potential_lattice6overlap per thread. */
#include "workload/parboil_cutcp.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload/simt_ops.h"

void pb_cutcp_free(pb_cutcp_t *m)
{
    free(m->atom);
    free(m->bin);
    free(m->bincnt);
    memset(m, 0, sizeof *m);
}

/* ---- the stand-in ---------------------------------------------------------------------------------- */

static double unit(uint64_t *s) { return (double)(simt_mix64(s) >> 11) * 0x1p-53; }   /* [0, 1) */

/* A uniform point of the sphere, and a unit vector perpendicular to it, uniform around it. */
static void orient(uint64_t *s, double u[3], double v[3])
{
    double z = 2 * unit(s) - 1, phi = 2 * M_PI * unit(s), r = sqrt(1 - z * z);
    u[0] = r * cos(phi), u[1] = r * sin(phi), u[2] = z;
    const double t[3] = {fabs(u[0]) < 0.9 ? 1.0 : 0.0, fabs(u[0]) < 0.9 ? 0.0 : 1.0, 0.0};
    const double dot = t[0] * u[0] + t[1] * u[1] + t[2] * u[2];
    double e1[3] = {t[0] - dot * u[0], t[1] - dot * u[1], t[2] - dot * u[2]};
    const double l1 = sqrt(e1[0] * e1[0] + e1[1] * e1[1] + e1[2] * e1[2]);
    for (int d = 0; d < 3; d++)
        e1[d] /= l1;
    const double e2[3] = {u[1] * e1[2] - u[2] * e1[1], u[2] * e1[0] - u[0] * e1[2], u[0] * e1[1] - u[1] * e1[0]};
    const double psi = 2 * M_PI * unit(s);
    for (int d = 0; d < 3; d++)
        v[d] = cos(psi) * e1[d] + sin(psi) * e2[d];
}

int pb_cutcp_water(pb_cutcp_t *m, unsigned sl)
{
    const double side = (double)sl, dmin = PBC_OO_MIN, roh = 0.9572, angle = 104.52 * M_PI / 180.0;
    long want = lround(PBC_RHO * side * side * side);
    const unsigned nmol = want > 0 ? (unsigned)want : 1;
    /* random sequential addition of the oxygens: uniform in the box, none within dmin of
     * another (a cell grid of side >= dmin finds the neighbours) */
    const unsigned g = side / dmin >= 1 ? (unsigned)(side / dmin) : 1;
    const double cell = side / g;
    double *o = malloc(3 * sizeof *o * nmol);
    int *head = malloc(sizeof *head * (size_t)g * g * g), *next = malloc(sizeof *next * nmol);
    m->natoms = 3 * nmol;
    m->atom = malloc(4 * sizeof(float) * m->natoms);
    if (!o || !head || !next || !m->atom) {
        free(o), free(head), free(next);
        return -1;
    }
    for (size_t i = 0; i < (size_t)g * g * g; i++)
        head[i] = -1;
    uint64_t s = PBC_SEED;
    unsigned placed = 0;
    for (uint64_t tries = 0; placed < nmol && tries < 10000ull * nmol; tries++) {
        double q[3];
        int ci[3];
        for (int d = 0; d < 3; d++) {
            q[d] = side * unit(&s);
            ci[d] = (int)(q[d] / cell);
            ci[d] = ci[d] >= (int)g ? (int)g - 1 : ci[d];
        }
        int ok = 1;
        for (int dk = -1; dk <= 1 && ok; dk++)
            for (int dj = -1; dj <= 1 && ok; dj++)
                for (int di = -1; di <= 1 && ok; di++) {
                    int a = ci[0] + di, b = ci[1] + dj, c = ci[2] + dk;
                    if (a < 0 || b < 0 || c < 0 || a >= (int)g || b >= (int)g || c >= (int)g)
                        continue;
                    for (int e = head[((size_t)c * g + b) * g + a]; e >= 0 && ok; e = next[e]) {
                        double dx = o[3 * e] - q[0], dy = o[3 * e + 1] - q[1], dz = o[3 * e + 2] - q[2];
                        ok = dx * dx + dy * dy + dz * dz >= dmin * dmin;
                    }
                }
        if (!ok)
            continue;
        memcpy(&o[3 * placed], q, sizeof q);
        size_t at = ((size_t)ci[2] * g + ci[1]) * g + ci[0];
        next[placed] = head[at];
        head[at] = (int)placed++;
    }
    m->natoms = 3 * placed;
    float *p = m->atom;
    const double charge[3] = {-0.834, 0.417, 0.417};
    for (unsigned i = 0; i < placed; i++) {
        double u[3], v[3];
        orient(&s, u, v);
        for (int at = 0; at < 3; at++, p += 4) {
            for (int d = 0; d < 3; d++) {
                double off = at == 0 ? 0 : at == 1 ? roh * u[d] : roh * (cos(angle) * u[d] + sin(angle) * v[d]);
                p[d] = (float)(o[3 * i + d] + off);
            }
            p[3] = (float)charge[at];
        }
    }
    free(o), free(head), free(next);
    return 0;
}

/* ---- the host: main.c's lattice, cutoff6overlap.cu's bins and neighbour list ------------------------- */

int pb_cutcp_bin(pb_cutcp_t *m)
{
    const float h = PBC_H, cutoff = PBC_CUTOFF, invlen = 1.f / PBC_BIN_LENGTH;
    /* get_atom_extent, the padding, lattice_from_bounding_box */
    float mn[3], mx[3];
    for (int d = 0; d < 3; d++)
        mn[d] = mx[d] = m->atom[d];
    for (unsigned a = 1; a < m->natoms; a++)
        for (int d = 0; d < 3; d++) {
            float v = m->atom[4 * a + d];
            mn[d] = v < mn[d] ? v : mn[d];
            mx[d] = v > mx[d] ? v : mx[d];
        }
    int n[3];
    for (int d = 0; d < 3; d++) {
        m->lo[d] = mn[d] - PBC_PADDING;
        float hi = mx[d] + PBC_PADDING;
        n[d] = (int)floorf((hi - m->lo[d]) / h) + 1;
        m->rdim[d] = (int)ceilf((float)n[d] / 8.f);   /* pad the lattice to a factor of 8 */
    }
    m->nx = n[0], m->ny = n[1], m->nz = n[2];
    /* the bins: the padded lattice plus c a side */
    m->c = (int)ceil(cutoff * invlen);
    for (int d = 0; d < 3; d++)
        m->bdim[d] = (int)ceil((float)(8 * m->rdim[d]) * h * invlen) + 2 * m->c;
    m->nbins = (unsigned)(m->bdim[0] * m->bdim[1] * m->bdim[2]);
    /* the neighbour list */
    const int c = m->c;
    float r2;
    if (ceilf(PBC_BIN_LENGTH / (8 * h)) == floorf(PBC_BIN_LENGTH / (8 * h))) {   /* around 1 cell */
        float s = sqrtf(3);
        r2 = (cutoff + s * PBC_BIN_LENGTH) * (cutoff + s * PBC_BIN_LENGTH);
        if (2 * c + 1 > PBC_NBR_DIM)
            return -2;
    } else if (8 * h <= 2 * PBC_BIN_LENGTH) {   /* around a 3-cube of cells */
        float s = 2.f * sqrtf(3);
        r2 = (cutoff + s * PBC_BIN_LENGTH) * (cutoff + s * PBC_BIN_LENGTH);
        if (2 * c + 3 > PBC_NBR_DIM)
            return -2;
    } else {
        return -2;
    }
    int cnt = 0;
    for (int k = -c; k <= c; k++)
        for (int j = -c; j <= c; j++)
            for (int i = -c; i <= c; i++) {
                if ((float)(i * i + j * j + k * k) * PBC_BIN_LENGTH * PBC_BIN_LENGTH >= r2)
                    continue;
                m->nbr[cnt][0] = i, m->nbr[cnt][1] = j, m->nbr[cnt][2] = k;
                cnt++;
            }
    m->nbrlen = cnt;
    /* geometric hashing of the atoms into the bins, in file order */
    m->bin = calloc((size_t)m->nbins * PBC_BIN_DEPTH * 4, sizeof *m->bin);
    m->bincnt = calloc(m->nbins, sizeof *m->bincnt);
    if (!m->bin || !m->bincnt)
        return -1;
    const int *bd = m->bdim;
    for (unsigned a = 0; a < m->natoms; a++) {
        const float *at = &m->atom[4 * a];
        float p[4] = {at[0] - m->lo[0], at[1] - m->lo[1], at[2] - m->lo[2], at[3]};
        int i = (int)floorf(p[0] * invlen), j = (int)floorf(p[1] * invlen), k = (int)floorf(p[2] * invlen);
        if (i >= -c && i < bd[0] - c && j >= -c && j < bd[1] - c && k >= -c && k < bd[2] - c && at[3] != 0) {
            size_t index = ((size_t)(k + c) * bd[1] + (size_t)(j + c)) * bd[0] + (size_t)(i + c);
            if (m->bincnt[index] < PBC_BIN_DEPTH) {
                memcpy(&m->bin[(index * PBC_BIN_DEPTH + (size_t)m->bincnt[index]) * 4], p, sizeof p);
                m->bincnt[index]++;
            } else {
                m->nextra++;   /* computed by the CPU, concurrently */
            }
        } else {
            m->nexcluded++;
        }
    }
    return 0;
}

int pb_cutcp_standin(pb_cutcp_t *m, unsigned sl)
{
    memset(m, 0, sizeof *m);
    if (pb_cutcp_water(m, sl))
        return -1;
    return pb_cutcp_bin(m);
}

/* ---- the kernel ------------------------------------------------------------------------------------ */

#define EL(base, idx) ((base) + 4 * (uint64_t)(int64_t)(idx))   /* &base[idx], 4-byte elements */
#define LDS64(t, addr, ra)    simt_rec((t), SIMT_SITE_, "LDS.U.64", 8, (addr), 1, (ra), NOREG, NOREG, NOREG)
#define STS64(t, addr, ra, v) simt_rec((t), SIMT_SITE_, "STS.64", 8, (addr), 0, (ra), (v), NOREG, NOREG)

/* `if (r2 < cutoff2) { s = 1 - r2 inv_cutoff2; energy += aq rsqrtf(r2) s s; }` for the r2
 * of register rr2 (just written: the FFMA before this) and value f: a branch (two sites),
 * then five sites, the last the accumulation, whose register is rr2 + 7 (site s writes R(8
 * + s)): the energy's register whether or not this lane ran it, and its own accumulator. */
#define ACCUM(t, f, rr2, raq, e)                                                          \
    do {                                                                                  \
        const reg_t self_ = (reg_t)((rr2) + 7);                                           \
        BRANCH(t, rr2);                                                                   \
        if ((f) < cutoff2) {                                                              \
            reg_t rs_ = FFMA(t, rr2, NOREG, NOREG);           /* s = 1 - r2 inv_cutoff2 */  \
            reg_t rss_ = FMUL(t, rs_, rs_);                   /* s s */                     \
            reg_t rq_ = FMUL(t, raq, ALU(t, "MUFU.RSQ", rr2, NOREG, NOREG));   /* aq rsqrtf(r2) */ \
            if (FFMA(t, rq_, rss_, self_) != self_)           /* energy += */               \
                t->err = 1;                                                               \
        }                                                                                 \
        (e) = self_;                                                                      \
    } while (0)

/* The constant-memory reads with a register index (NbrList[nbrid]) are LDCs,
 * ALU operations here (the constant cache is not modelled); NbrListLen,
 * binDim_x/y, h, cutoff2 and inv_cutoff2 are operands (c[] banks). The
 * shared myRegionAddr and myBinIndex are stored by every thread and read
 * back: myBinIndex once a round, before the caching loop (loop-invariant;
 * the loop's entry test first), myRegionAddr before the stores. The inner
 * loops are not unrolled (one PC per instruction of the source), and the
 * `r2 < cutoff2` bodies are branches, as the source writes them. */
void pb_cutcp_kernel(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const pb_cutcp_t *m = p->data;
    const uint64_t binbase = p->arr[0], lattice = p->arr[1], sh = p->shmem;
    const int tx = (int)t->tx, ty = (int)t->ty % PBC_BY, tz = (int)t->ty / PBC_BY;
    const int bx = (int)t->bx, by = (int)t->by, zr = (int)p->p;
    const int tid = (tz * PBC_BY + ty) * PBC_BX + tx;
    const int c = m->c, bdx = m->bdim[0], bdy = m->bdim[1], len = m->nbrlen;
    const float h = PBC_H, cutoff2 = PBC_CUTOFF * PBC_CUTOFF;
    const uint64_t region = EL(lattice, (uint64_t)((zr * (int)t->gdy + by) * (int)t->gdx + bx) * PBC_REGION);
    const uint64_t binzero = binbase + 16ull * PBC_BIN_DEPTH * (uint64_t)((c * bdy + c) * bdx + c);
    const float x = (float)(8 * bx + tx) * h, y = (float)(8 * by + ty) * h, z = (float)(8 * zr + tz) * h;
    const int bix = (int)floorf((float)(8 * bx + 4) * h * (1.f / PBC_BIN_LENGTH));
    const int biy = (int)floorf((float)(8 * by + 4) * h * (1.f / PBC_BIN_LENGTH));
    const int biz = (int)floorf((float)(8 * zr + 4) * h * (1.f / PBC_BIN_LENGTH));

    reg_t rtx = S2R(t), rty = S2R(t), rtz = S2R(t), rbx = S2R(t), rby = S2R(t);
    reg_t rtid = IMAD(t, IMAD(t, rtz, NOREG, rty), NOREG, rtx);        /* tid */
    /* myRegionAddr = regionZeroAddr + ((zRegionIndex gridDim.y + y) gridDim.x + x) REGION_SIZE */
    reg_t rreg = IMAD(t, IMAD(t, rby, NOREG, NOREG), NOREG, rbx);
    rreg = ALU(t, "ISCADD", rreg, NOREG, NOREG);
    STS64(t, sh + PBC_SH_REGION, RZ_, rreg);
    /* the lattice point */
    reg_t rx = FMUL(t, ALU(t, "I2F", IMAD(t, rbx, NOREG, rtx), NOREG, NOREG), NOREG);
    reg_t ry = FMUL(t, ALU(t, "I2F", IMAD(t, rby, NOREG, rty), NOREG, NOREG), NOREG);
    reg_t rz = FMUL(t, ALU(t, "I2F", IMAD(t, rtz, NOREG, NOREG), NOREG, NOREG), NOREG);
    /* myBinIndex: floorf((8 index + 4) h BIN_INVLEN) */
    reg_t rfx = FMUL(t, FMUL(t, ALU(t, "I2F", IMAD(t, rbx, NOREG, NOREG), NOREG, NOREG), NOREG), NOREG);
    STS(t, sh + PBC_SH_BIN, RZ_, ALU(t, "F2I.FLOOR", rfx, NOREG, NOREG));
    reg_t rfy = FMUL(t, FMUL(t, ALU(t, "I2F", IMAD(t, rby, NOREG, NOREG), NOREG, NOREG), NOREG), NOREG);
    STS(t, sh + PBC_SH_BIN + 4, RZ_, ALU(t, "F2I.FLOOR", rfy, NOREG, NOREG));
    reg_t rfz = FMUL(t, ALU(t, "I2F", MOV(t, NOREG), NOREG, NOREG), NOREG);
    STS(t, sh + PBC_SH_BIN + 8, RZ_, ALU(t, "F2I.FLOOR", rfz, NOREG, NOREG));
    reg_t rnbr = ALU(t, "SHR", rtid, NOREG, NOREG);                    /* nbrid = tid >> 4 */
    reg_t rmask = ALU(t, "LOP.AND", rtid, NOREG, NOREG);               /* tidmask = tid & 15 */
    reg_t rstart = ALU(t, "SHL", rnbr, NOREG, NOREG);                  /* startoff = 32 (tid >> 4) */
    reg_t e0 = RZ_, e1 = RZ_, e2 = RZ_, e3 = RZ_;
    reg_t rtot = MOV(t, RZ_), rnum = MOV(t, NOREG);                    /* totalbins = 0; numbins = 32 */

    int nbrid = tid >> 4, numbins = PBC_BIN_CACHE;
    BRANCH(t, rtot);                                                   /* totalbins < NbrListLen on entry */
    for (int total = 0; total < len; total += numbins) {
        /* each half-warp caches up to 4 bins of the neighbour list */
        BRANCH(t, rnbr);                                               /* nbrid < NbrListLen on entry */
        if (nbrid < len) {
            reg_t rbi = LDS(t, sh + PBC_SH_BIN, RZ_);
            reg_t rbj = LDS(t, sh + PBC_SH_BIN + 4, RZ_);
            reg_t rbk = LDS(t, sh + PBC_SH_BIN + 8, RZ_);
            reg_t rcnt = MOV(t, RZ_);                                  /* bincnt = 0 */
            for (int bincnt = 0; bincnt < 4 && nbrid < len; bincnt++, nbrid += 8) {
                const int i = bix + m->nbr[nbrid][0], j = biy + m->nbr[nbrid][1], k = biz + m->nbr[nbrid][2];
                reg_t ri = IADD(t, rbi, ALU(t, "LDC", rnbr, NOREG, NOREG));   /* NbrList[nbrid].x */
                reg_t rj = IADD(t, rbj, ALU(t, "LDC", rnbr, NOREG, NOREG));
                reg_t rk = IADD(t, rbk, ALU(t, "LDC", rnbr, NOREG, NOREG));
                reg_t rb = IMAD(t, ALU(t, "XMAD", rk, NOREG, rj), NOREG, ri);   /* (k binDim_y + j) binDim_x + i */
                reg_t rg = ALU(t, "ISCADD", rb, rmask, NOREG);         /* &p_global[tidmask] */
                reg_t rsa = ALU(t, "ISCADD", IADD(t, rstart, ALU(t, "SHL", rcnt, NOREG, NOREG)), rmask, NOREG);
                const int64_t g = ((int64_t)k * bdy + j) * bdx + i;
                const int bin_index = 32 * (tid >> 4) + (bincnt << 8), tm = tid & 15;
                STS(t, EL(sh + PBC_SH_CACHE, bin_index + tm), rsa, LDG(t, EL(binzero, g * 32 + tm), rg));
                STS(t, EL(sh + PBC_SH_CACHE, bin_index + tm + 16), rsa, LDG(t, EL(binzero, g * 32 + tm + 16), rg));
                rcnt = IADD(t, rcnt, NOREG);                           /* bincnt++ */
                rnbr = IADD(t, rnbr, NOREG);                           /* nbrid += 8 */
                LOOP(t, rcnt);
            }
        }
        BAR(t);
        reg_t rend = IADD(t, rtot, NOREG);
        BRANCH(t, rend);                                               /* totalbins + 32 > NbrListLen */
        if (total + PBC_BIN_CACHE > len) {
            numbins = len - total;
            rnum = IADD(t, rtot, NOREG);                               /* numbins = NbrListLen - totalbins */
        }
        reg_t rstop = ALU(t, "SHL", rnum, NOREG, NOREG);               /* stopbin = numbins << 5 */
        reg_t rbc = MOV(t, RZ_);                                       /* bincnt = 0 */
        BRANCH(t, rstop);                                              /* bincnt < stopbin on entry */
        for (int slot = 0; slot < numbins; slot++) {
            const int nb = total + slot;
            const int64_t g = ((int64_t)(biz + m->nbr[nb][2] + c) * bdy + (biy + m->nbr[nb][1] + c)) * bdx +
                              (bix + m->nbr[nb][0] + c);
            const float *bin = &m->bin[(size_t)g * PBC_BIN_DEPTH * 4];
            reg_t ri = MOV(t, RZ_);                                    /* i = 0 */
            for (int i = 0; i < PBC_BIN_DEPTH; i++) {
                const float *a = &bin[4 * i];
                const int off = slot * 32 + 4 * i;
                reg_t roff = ALU(t, "ISCADD", ri, rbc, NOREG);         /* off = bincnt + (i << 2) */
                reg_t raq = LDS(t, EL(sh + PBC_SH_CACHE, off + 3), roff);
                BRANCH(t, raq);                                        /* if (0.f == aq) break; */
                if (a[3] == 0.f)
                    break;
                reg_t rdx = FADD(t, LDS(t, EL(sh + PBC_SH_CACHE, off), roff), rx);
                reg_t rdz = FADD(t, LDS(t, EL(sh + PBC_SH_CACHE, off + 2), roff), rz);
                reg_t rdxdz = FFMA(t, rdx, rdx, FMUL(t, rdz, rdz));
                reg_t rdy = FADD(t, LDS(t, EL(sh + PBC_SH_CACHE, off + 1), roff), ry);
                const float dx = a[0] - x, dz = a[2] - z, dxdz2 = dx * dx + dz * dz;
                float dy = a[1] - y, r2 = dy * dy + dxdz2;
                reg_t rr2 = FFMA(t, rdy, rdy, rdxdz);
                ACCUM(t, r2, rr2, raq, e0);
                dy -= 2.0f * h;
                r2 = dy * dy + dxdz2;
                rdy = FADD(t, rdy, NOREG);
                rr2 = FFMA(t, rdy, rdy, rdxdz);
                ACCUM(t, r2, rr2, raq, e1);
                dy -= 2.0f * h;
                r2 = dy * dy + dxdz2;
                rdy = FADD(t, rdy, NOREG);
                rr2 = FFMA(t, rdy, rdy, rdxdz);
                ACCUM(t, r2, rr2, raq, e2);
                dy -= 2.0f * h;
                r2 = dy * dy + dxdz2;
                rdy = FADD(t, rdy, NOREG);
                rr2 = FFMA(t, rdy, rdy, rdxdz);
                ACCUM(t, r2, rr2, raq, e3);
                ri = IADD(t, ri, NOREG);                               /* i++ */
                LOOP(t, ri);
            }
            rbc = IADD(t, rbc, NOREG);                                 /* bincnt += BIN_SIZE */
            LOOP(t, rbc);
        }
        BAR(t);
        rtot = IADD(t, rtot, rnum);                                    /* totalbins += numbins */
        LOOP(t, rtot);
    }
    /* myRegionAddr[(tid >> 4) 64 + (tid & 15) + 16 m] = energy_m */
    reg_t rra = LDS64(t, sh + PBC_SH_REGION, RZ_);
    reg_t ra = ALU(t, "ISCADD", rra, rtid, NOREG);
    const int o = (tid >> 4) * 64 + (tid & 15);
    STG(t, EL(region, o), ra, e0);
    STG(t, EL(region, o + 16), ra, e1);
    STG(t, EL(region, o + 32), ra, e2);
    STG(t, EL(region, o + 48), ra, e3);
    EXIT(t);
}
