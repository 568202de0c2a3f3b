/* cmd_compare.h - `memsched compare` (cmd_compare.c). self: the path of this
 * program, which runs the sweep's `sim` processes. */
#ifndef MEMSCHED_SIM_CMD_COMPARE_H
#define MEMSCHED_SIM_CMD_COMPARE_H

int cmd_compare(int argc, char **argv, const char *prog, const char *self);

#endif
