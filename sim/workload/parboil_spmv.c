/* parboil_spmv.c - Parboil 2.5 spmv (parboil_spmv.h): the host's JDS
 * conversion, the stand-in for its large input, and the kernel per thread. */
#include "workload/parboil_spmv.h"

#include <stdlib.h>
#include <string.h>

#include "workload/simt_ops.h"

#define EL(base, idx) ((base) + 4 * (uint64_t)(int64_t)(idx))   /* &base[idx], 4-byte elements */

/* ---- coo_to_jds ----------------------------------------------------------------------------------- */

void pb_spmv_free(pb_spmv_t *m)
{
    free(m->index);
    free(m->ptr);
    free(m->perm);
    free(m->nzcnt);
    memset(m, 0, sizeof *m);
}

/* convert_dataset.c's coo_to_jds(file, pad_rows 1, warp_size 32, pack_size 1, mirrored 1, ...),
 * from its entries sorted by row (glibc's qsort of the time being a merge sort, stable: a row's
 * entries in file order):
 *  - rows = the last entry's row + 1, padded to a multiple of 32; a row's stats are its size, its
 *    number (index) and its first entry; a row without entries keeps calloc's zeros (index 0);
 *  - the stats sorted by size, largest first (qsort, stable as above): JDS row i is matrix row
 *    perm[i] = stats[i].index;
 *  - each group of 32 JDS rows padded to its first (longest) row: nz_count[g] = that size;
 *  - diagonal k (data_row_ptr[k] = where it starts) holds, for the JDS rows in order until the
 *    first whose padded size is at most k, each row's k-th entry, or a padding entry (value 0,
 *    column -1); data_row_ptr has one more element than the longest row (its end).
 * The source's row loop records a row when the next one starts and adds the last entry to the
 * row before it at the end: the same stats when the last row has more than one entry (every
 * row of the stand-in has 9 or more); from rows (CSR) here. */
int pb_spmv_jds(pb_spmv_t *m, unsigned dim, const uint64_t *start, const uint32_t *col)
{
    memset(m, 0, sizeof *m);
    unsigned last = 0;   /* the last row with entries, + 1 */
    for (unsigned r = 0; r < dim; r++)
        if (start[r + 1] > start[r])
            last = r + 1;
    const unsigned rows = (last + SPMV_WARP - 1) / SPMV_WARP * SPMV_WARP;
    unsigned maxsz = 0;
    for (unsigned r = 0; r < last; r++) {
        unsigned sz = (unsigned)(start[r + 1] - start[r]);
        maxsz = sz > maxsz ? sz : maxsz;
    }
    m->dim = dim, m->rows = rows, m->nnz = start[dim];
    m->nzcnt_len = rows / SPMV_WARP + rows % SPMV_WARP;
    m->depth = maxsz + 1;
    m->perm = calloc(rows ? rows : 1, sizeof *m->perm);
    m->nzcnt = calloc(m->nzcnt_len ? m->nzcnt_len : 1, sizeof *m->nzcnt);
    m->ptr = calloc(m->depth, sizeof *m->ptr);
    uint32_t *size = calloc(rows ? rows : 1, sizeof *size);
    unsigned *count = calloc(maxsz + 2, sizeof *count);
    if (!m->perm || !m->nzcnt || !m->ptr || !size || !count)
        goto oom;
    /* the stable sort by size, largest first: a counting sort */
    for (unsigned r = 0; r < rows; r++)
        count[r < last ? start[r + 1] - start[r] : 0]++;
    unsigned at = 0;
    for (unsigned s = maxsz + 1; s-- > 0;) {
        unsigned c = count[s];
        count[s] = at;
        at += c;
    }
    for (unsigned r = 0; r < rows; r++) {
        unsigned sz = r < last ? (unsigned)(start[r + 1] - start[r]) : 0, i = count[sz]++;
        m->perm[i] = sz ? (int32_t)r : 0;
        size[i] = sz;
    }
    uint64_t total = 0;
    for (unsigned g = 0; g < rows / SPMV_WARP; g++) {
        m->nzcnt[g] = (int32_t)size[g * SPMV_WARP];
        total += (uint64_t)SPMV_WARP * size[g * SPMV_WARP];
    }
    m->len = total;
    if (!(m->index = malloc((total ? total : 1) * sizeof *m->index)))
        goto oom;
    uint64_t idata = 0;
    for (unsigned k = 0; k < m->depth; k++) {
        m->ptr[k] = (int32_t)idata;
        if (k == maxsz)
            break;
        for (unsigned i = 0; i < rows; i++) {
            unsigned padded = (unsigned)m->nzcnt[i / SPMV_WARP];
            if (padded <= k)
                break;
            m->index[idata++] = size[i] > k ? (int32_t)col[start[m->perm[i]] + k] : -1;
        }
    }
    free(size);
    free(count);
    return 0;
oom:
    free(size);
    free(count);
    pb_spmv_free(m);
    return -1;
}

/* ---- the stand-in for Dubcova3 ---------------------------------------------------------------- */

/* Hermes2D's uniform refinement of a quad makes its sons bottom-left,
 * bottom-right, top-right, top-left, appended in that order after the
 * elements before them: after L refinements of one square the active
 * elements, in id order, are ordered by their base-4 son digits, coarsest
 * first. */
static uint64_t son_key(unsigned ex, unsigned ey, unsigned levels)
{
    uint64_t k = 0;
    for (unsigned b = levels; b-- > 0;) {
        unsigned xb = (ex >> b) & 1, yb = (ey >> b) & 1;
        k = 4 * k + (yb ? (xb ? 2u : 3u) : (xb ? 1u : 0u));
    }
    return k;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

#define NB_EL  ((SPMV_P + 1) * (SPMV_P + 1))   /* an element's functions: 4 vertex, 4 (p-1) edge, (p-1)^2 bubble */

int pb_spmv_standin(pb_spmv_t *m, unsigned n)
{
    memset(m, 0, sizeof *m);
    const unsigned ne = n * n, pe = SPMV_P - 1, pb = pe * pe;
    unsigned levels = 0;
    while ((1u << levels) < n)
        levels++;
    uint64_t *ord = malloc(ne * sizeof *ord);
    int32_t *vd = malloc((n + 1) * (n + 1) * sizeof *vd);   /* vertex (x, y) at y (n+1) + x: its function */
    int32_t *hd = malloc(n * (n + 1) * sizeof *hd);         /* horizontal edge (x, y) at y n + x: its first */
    int32_t *wd = malloc((n + 1) * n * sizeof *wd);         /* vertical edge (x, y) at y (n+1) + x */
    int32_t *el = malloc((size_t)ne * NB_EL * sizeof *el);  /* each element's functions (-1: none) */
    const unsigned maxdof = (3 * n + 1) * (3 * n + 1);
    int32_t *de = malloc((size_t)maxdof * 4 * sizeof *de);  /* each function's elements (at most 4) */
    uint8_t *nde = calloc(maxdof, 1);
    uint64_t *start = NULL;
    uint32_t *col = NULL;
    int r = -1;
    if (!ord || !vd || !hd || !wd || !el || !de || !nde)
        goto out;
    for (unsigned e = 0; e < ne; e++)   /* key, then the element number, sorted: the element order */
        ord[e] = son_key(e % n, e / n, levels) << 32 | e;
    qsort(ord, ne, sizeof *ord, cmp_u64);
    memset(vd, 0xff, (n + 1) * (n + 1) * sizeof *vd);
    memset(hd, 0xff, n * (n + 1) * sizeof *hd);
    memset(wd, 0xff, (n + 1) * n * sizeof *wd);
    memset(el, 0xff, (size_t)ne * NB_EL * sizeof *el);
    /* H1Space::assign_dofs: per element, vertex i then edge i (i = 0..3, counter-clockwise from
     * the bottom-left vertex; edge i from vertex i to i+1), a function once, boundary ones
     * (Dirichlet) none; then every element's bubbles. */
    int32_t next = 0;
    for (unsigned o = 0; o < ne; o++) {
        const unsigned e = (unsigned)ord[o], x = e % n, y = e / n;
        const unsigned vx[4] = {x, x + 1, x + 1, x}, vy[4] = {y, y, y + 1, y + 1};
        int32_t *f = el + (size_t)e * NB_EL;
        for (unsigned i = 0; i < 4; i++) {
            if (vx[i] > 0 && vx[i] < n && vy[i] > 0 && vy[i] < n) {
                int32_t *v = &vd[vy[i] * (n + 1) + vx[i]];
                if (*v < 0)
                    *v = next++;
                f[i] = *v;
            }
            /* edge i: bottom (x, y) horizontal, right (x+1, y) vertical, top (x, y+1), left (x, y) */
            int32_t *ed = i == 0 ? &hd[y * n + x] : i == 1 ? &wd[y * (n + 1) + x + 1] : i == 2 ? &hd[(y + 1) * n + x]
                                                                                            : &wd[y * (n + 1) + x];
            int boundary = i == 0 ? y == 0 : i == 1 ? x + 1 == n : i == 2 ? y + 1 == n : x == 0;
            if (!boundary) {
                if (*ed < 0) {
                    *ed = next;
                    next += (int32_t)pe;
                }
                for (unsigned k = 0; k < pe; k++)
                    f[4 + i * pe + k] = *ed + (int32_t)k;
            }
        }
    }
    for (unsigned o = 0; o < ne; o++) {
        int32_t *f = el + (size_t)(unsigned)ord[o] * NB_EL;
        for (unsigned k = 0; k < pb; k++)
            f[4 + 4 * pe + k] = next++;
    }
    const unsigned dim = (unsigned)next;
    for (unsigned e = 0; e < ne; e++)
        for (unsigned k = 0; k < NB_EL; k++) {
            int32_t d = el[(size_t)e * NB_EL + k];
            if (d >= 0)
                de[(size_t)d * 4 + nde[d]++] = (int32_t)e;
        }
    /* row d: the functions sharing an element with it, ascending (the .mtx's lower triangle
     * column by column, mirrored and sorted by row: each row's columns ascending) */
    if (!(start = malloc((dim + 1ull) * sizeof *start)))
        goto out;
    for (int pass = 0; pass < 2; pass++) {
        uint64_t at = 0;
        for (unsigned d = 0; d < dim; d++) {
            uint32_t c[4 * NB_EL];
            unsigned nc = 0;
            for (unsigned a = 0; a < nde[d]; a++)
                for (unsigned k = 0; k < NB_EL; k++) {
                    int32_t v = el[(size_t)de[(size_t)d * 4 + a] * NB_EL + k];
                    if (v < 0)
                        continue;
                    unsigned s = nc;   /* insertion, no duplicates */
                    while (s > 0 && c[s - 1] > (uint32_t)v)
                        s--;
                    if (s > 0 && c[s - 1] == (uint32_t)v)
                        continue;
                    memmove(c + s + 1, c + s, (nc - s) * sizeof *c);
                    c[s] = (uint32_t)v;
                    nc++;
                }
            start[d] = at;
            if (pass)
                memcpy(col + at, c, nc * sizeof *c);
            at += nc;
        }
        start[dim] = at;
        if (!pass && !(col = malloc((at ? at : 1) * sizeof *col)))
            goto out;
    }
    r = pb_spmv_jds(m, dim, start, col);
out:
    free(ord);
    free(vd);
    free(hd);
    free(wd);
    free(el);
    free(de);
    free(nde);
    free(start);
    free(col);
    return r;
}

/* ---- launch geometry and the kernel --------------------------------------------------------------- */

/* compute_active_thread: max_thread 1536 at compute capability 2.x and later (1024 or 768 at
 * 1.x), max_block 8; more rows than the SMs hold at once: blocks of 1536 / 8 = 192 over them,
 * else one 32-thread block per group. */
void pb_spmv_geometry(unsigned nzcnt_len, unsigned *block, unsigned *grid)
{
    const unsigned max_thread = SPMV_MAJOR >= 2 ? 1536 : 1024, max_block = 8, task = nzcnt_len;
    if ((uint64_t)task * SPMV_WARP > (uint64_t)SPMV_SMS * max_thread) {
        *block = max_thread / max_block;
        *grid = (unsigned)(((uint64_t)task * SPMV_WARP + *block - 1) / *block);
    } else {
        *block = SPMV_WARP;
        *grid = task;
    }
}

/* jds_kernels.cu's spmv_jds. The __constant__ reads with a register index
 * (sh_zcnt_int[warp_id], jds_ptr_int[k]) are LDCs, ALU operations here (the
 * constant cache is not modelled); jds_ptr_int[0] and [1] are operands. A
 * padding entry's column -1 makes x_vec[-1] a load 4 bytes before x_vec,
 * as on the GPU. The loop's sweeps (i = in, d = dn, t = tn) are MOVs (a
 * loop-carried value in its own register, as PTX's copies carry it; each
 * MOV waits for its load): a value of one iteration is read in the next,
 * and the next iteration's load at the same site must not overwrite it
 * first. The loop is not unrolled: one PC per load, as APRES' Table I
 * lists them. */
void pb_spmv_kernel(simt_t *t)
{
    SIMT_BEGIN;
    const simt_args_t *p = t->arg;
    const pb_spmv_t *m = p->data;
    const uint64_t dst = p->arr[0], data = p->arr[1], index = p->arr[2], perm = p->arr[3], x = p->arr[4];
    const int64_t ix = (int64_t)t->bx * t->bdx + t->tx;
    reg_t rtx = S2R(t), rbx = S2R(t);
    reg_t rix = IMAD(t, rbx, NOREG, rtx);                       /* ix */
    GUARD(t, ix < (int64_t)m->dim, rix);                        /* if (ix < dim) */
    const int32_t bound = m->nzcnt[ix >> 5];
    reg_t rbound = ALU(t, "LDC", rix, NOREG, NOREG);            /* bound = sh_zcnt_int[warp_id] */
    int64_t j = m->ptr[0] + ix;                                 /* prefetch 0 */
    reg_t rj = IADD(t, rix, NOREG);
    reg_t rad = IMAD(t, rj, NOREG, NOREG), rai = IMAD(t, rj, NOREG, NOREG);   /* &d_data[j], &d_index[j] */
    reg_t rd = LDG(t, EL(data, j), rad);                        /* d = d_data[j] */
    reg_t ri = LDG(t, EL(index, j), rai);                       /* i = d_index[j] */
    int32_t i = m->index[j];
    reg_t rax = IMAD(t, ri, NOREG, NOREG);
    reg_t rt = LDG(t, EL(x, i), rax);                           /* t = x_vec[i] */
    reg_t rsum = RZ_;                                           /* sum = 0 */
    BRANCH(t, rbound);                                          /* if (bound > 1) */
    if (bound > 1) {
        j = m->ptr[1] + ix;                                     /* prefetch 1 */
        rj = IADD(t, rix, NOREG);
        rad = IMAD(t, rj, NOREG, NOREG);
        rai = IMAD(t, rj, NOREG, NOREG);
        ri = LDG(t, EL(index, j), rai);                         /* i = d_index[j] */
        i = m->index[j];
        reg_t rk = MOV(t, NOREG);                               /* k = 2 */
        BRANCH(t, rbound);                                      /* k < bound on entry */
        for (int32_t k = 2; k < bound; k++) {
            reg_t rdn = LDG(t, EL(data, j), rad);               /* dn = d_data[j] */
            reg_t rc = ALU(t, "LDC", rk, NOREG, NOREG);         /* jds_ptr_int[k] */
            j = m->ptr[k] + ix;
            rj = IADD(t, rc, rix);                              /* j = jds_ptr_int[k] + ix */
            rad = IMAD(t, rj, NOREG, NOREG);
            rai = IMAD(t, rj, NOREG, NOREG);
            reg_t rin = LDG(t, EL(index, j), rai);              /* in = d_index[j] */
            rax = IMAD(t, ri, NOREG, NOREG);
            reg_t rtn = LDG(t, EL(x, i), rax);                  /* tn = x_vec[i] */
            rsum = FFMA(t, rd, rt, rsum);                       /* sum += d * t */
            ri = MOV(t, rin);                                   /* i = in */
            rd = MOV(t, rdn);                                   /* d = dn */
            rt = MOV(t, rtn);                                   /* t = tn */
            i = m->index[j];
            rk = IADD(t, rk, NOREG);                            /* k++ */
            LOOP(t, rk);
        }
        reg_t rdn = LDG(t, EL(data, j), rad);                   /* fetch last: dn = d_data[j] */
        rax = IMAD(t, ri, NOREG, NOREG);
        reg_t rtn = LDG(t, EL(x, i), rax);                      /* tn = x_vec[i] */
        rsum = FFMA(t, rd, rt, rsum);                           /* compute last-1 */
        rd = rdn, rt = rtn;
    }
    rsum = FFMA(t, rd, rt, rsum);                               /* compute last */
    reg_t rap = IMAD(t, rix, NOREG, NOREG);
    reg_t rp = LDG(t, EL(perm, ix), rap);                       /* d_perm[ix] */
    reg_t ras = IMAD(t, rp, NOREG, NOREG);
    STG(t, EL(dst, m->perm[ix]), ras, rsum);                    /* dst_vector[d_perm[ix]] = sum */
    EXIT(t);
}
