/* workload.h - opening a workload by name (workload.c). */
#ifndef MEMSCHED_SIM_WORKLOAD_WORKLOAD_H
#define MEMSCHED_SIM_WORKLOAD_WORKLOAD_H

#include "workload/kernel.h"

/* Open a workload: a built-in kernel name (kernels.c) or an Accel-Sim trace
 * directory holding kernelslist.g (trace.c). `size` scales a built-in
 * kernel (0: its default); ignored for traces. `threads` (config
 * workload.threads) chooses the launch's thread count of a kernel that takes
 * one (0: its own). NULL after a message naming the file and line, or
 * listing the built-in names (exit 2). */
workload_t *workload_open(const char *spec, unsigned size, unsigned threads);
void workload_close(workload_t *w);

#endif
