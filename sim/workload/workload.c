/* workload.c - opening a workload by name: a built-in kernel (kernels.c)
 * or an Accel-Sim trace directory (trace.c). The one file that knows both,
 * so the kernel form (kernel.h) depends on neither. */
#include "workload/workload.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "workload/kernels.h"
#include "workload/trace.h"

workload_t *workload_open(const char *spec, unsigned size, unsigned threads)
{
    struct stat sb;
    if (strchr(spec, '/') || (stat(spec, &sb) == 0 && S_ISDIR(sb.st_mode))) {
        if (threads) {
            fprintf(stderr, "memsched: %s: workload.threads=%u: a trace's launch geometry is the trace's; only the "
                            "S-L1 stand-ins take a thread count\n", spec, threads);
            return NULL;
        }
        return trace_open(spec);
    }
    return builtin_open_threads(spec, size, threads);
}

void workload_close(workload_t *w)
{
    if (w)
        w->close(w);
}
