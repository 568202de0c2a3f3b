/* workload.c - opening a workload by name: a built-in kernel (kernels.c)
 * or an Accel-Sim trace directory (trace.c). The one file that knows both,
 * so the kernel form (kernel.h) depends on neither. */
#include "workload/workload.h"

#include <string.h>
#include <sys/stat.h>

#include "workload/kernels.h"
#include "workload/trace.h"

workload_t *workload_open(const char *spec, unsigned size)
{
    struct stat sb;
    if (strchr(spec, '/') || (stat(spec, &sb) == 0 && S_ISDIR(sb.st_mode)))
        return trace_open(spec);
    return builtin_open(spec, size);
}

void workload_close(workload_t *w)
{
    if (w)
        w->close(w);
}
