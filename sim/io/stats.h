/* stats.h - a run's statistics as JSON (libcjson) and as text (stats.c). */
#ifndef MEMSCHED_SIM_STATS_H
#define MEMSCHED_SIM_STATS_H

#include <stdio.h>

#include "gpu.h"

/* The statistics as a JSON document (malloc'd; free()). host = 1 adds the
 * wall-clock figures (simulation rates), which differ from run to run. */
char *stats_json(const gpu_t *g, const char *workload, const char *config_name, int host);
/* The same document as "name = value" lines, sections in brackets. */
void stats_print_text(FILE *f, const char *json, int with_config);

#endif
