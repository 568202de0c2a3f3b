/* cmdline.h - the command line of a `memsched sim` run, shell-quoted: what
 * a run's JSON records (command_line) and what `compare --resume` matches. */
#ifndef MEMSCHED_CLI_CMDLINE_H
#define MEMSCHED_CLI_CMDLINE_H

/* PROG sim ARGS, each word quoted only where a shell needs it (malloc'd;
 * NULL: no memory). */
char *cli_command_line(int argc, char *const *argv, const char *prog);

#endif
