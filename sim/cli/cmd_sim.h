/* cmd_sim.h - `memsched sim` and `memsched trace-gen` (cmd_sim.c). */
#ifndef MEMSCHED_SIM_CMD_SIM_H
#define MEMSCHED_SIM_CMD_SIM_H

int cmd_sim(int argc, char **argv, const char *prog);
int cmd_trace_gen(int argc, char **argv, const char *prog);

#endif
