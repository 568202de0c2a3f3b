/* polybench.h - PolyBench/GPU kernels written per thread (polybench.c; simt.h). */
#ifndef MEMSCHED_SIM_POLYBENCH_H
#define MEMSCHED_SIM_POLYBENCH_H

#include "workload/simt.h"

void pb_mm2_kernel1(simt_t *t);   /* 2mm.cu: tmp = alpha A B */
void pb_mm2_kernel2(simt_t *t);   /* 2mm.cu: D = beta D + tmp C */
void pb_mm3_kernel(simt_t *t);    /* 3mm.cu: mm3_kernel1/2/3, X = Y Z */

#endif
