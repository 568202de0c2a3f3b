/* polybench.h - PolyBench/GPU kernels written per thread (polybench.c; simt.h). */
#ifndef MEMSCHED_SIM_POLYBENCH_H
#define MEMSCHED_SIM_POLYBENCH_H

#include "workload/simt.h"

void pb_mm2_kernel1(simt_t *t);   /* 2mm.cu: tmp = alpha A B */
void pb_mm2_kernel2(simt_t *t);   /* 2mm.cu: D = beta D + tmp C */
void pb_mm3_kernel(simt_t *t);    /* 3mm.cu: mm3_kernel1/2/3, X = Y Z */
void pb_conv3d(simt_t *t);        /* 3DConvolution.cu: convolution3D_kernel, plane i */
void pb_fdtd_step1(simt_t *t);    /* fdtd2d.cu: fdtd_step1_kernel, time step t */
void pb_fdtd_step2(simt_t *t);
void pb_fdtd_step3(simt_t *t);

#endif
