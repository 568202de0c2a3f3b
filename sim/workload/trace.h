/* trace.h - Accel-Sim / NVBit kernel traces: read (streamed, plain or .xz
 * through liblzma) and written (memsched trace-gen). Format: docs/sim.md,
 * "Kernel input". */
#ifndef MEMSCHED_SIM_TRACE_H
#define MEMSCHED_SIM_TRACE_H

#include <stddef.h>

#include "workload/kernel.h"

/* A trace directory: its kernelslist.g (MemcpyHtoD lines and kernel file
 * names, each kernel file .traceg or .traceg.xz, relative to the directory).
 * Kernel files are opened one at a time when launched. NULL after a
 * "FILE:LINE: expected ..., got ..." message (exit 2). */
workload_t *trace_open(const char *dir);

/* One kernel file (.traceg, or .xz-compressed when the name ends in .xz):
 * the header is read now, thread blocks on demand (next_tb). NULL after a
 * message (exit 2). */
kernel_t *trace_open_kernel(const char *path);

/* The same from a buffer in memory, `name` standing for the file name in
 * messages (the fuzzer's entry point; buf must outlive the kernel). */
kernel_t *trace_open_kernel_mem(const char *name, const char *buf, size_t n);

/* Write every command of w as an Accel-Sim trace directory `dir` (created if
 * missing): kernelslist.g and kernel-N.traceg in tracer version 4 format,
 * addresses compressed the way the tracer does. 0, or 2 after a message. */
int trace_write(workload_t *w, const char *dir);

#endif
