/* fork.h - a child process to make a run in, and its exit status
 * (memsched sim's --rtl on threads: cmd_sim.c). A file of its own:
 * <sys/wait.h> brings <signal.h>'s sig_t, which is not the one of
 * cmd_sim.c's headers. */
#ifndef MEMSCHED_CLI_FORK_H
#define MEMSCHED_CLI_FORK_H

/* Fork (standard I/O flushed first). In the child: 1. In the parent, after
 * the child has ended: 0, with *status its exit status (0..255) or -1 if it
 * died by a signal. -1 when there is no child (errno says why). */
int cli_fork(int *status);

#endif
