/* fork.h - a child process to make a run in, and how it ended (memsched
 * sim's --rtl on threads: cmd_sim.c, "The RTL on threads of its own"). A
 * file of its own: <sys/wait.h> brings <signal.h>'s sig_t, which is not
 * the one of cmd_sim.c's headers. */
#ifndef MEMSCHED_CLI_FORK_H
#define MEMSCHED_CLI_FORK_H

/* How a child ended. */
typedef struct {
    int committed;   /* it had called cli_commit: what it printed after is the run's */
    int status;      /* its exit status (0..255), or -1 (a signal, or it could not be waited for) */
    int sig;         /* the signal it died by, or 0 */
} cli_end_t;

/* Fork, standard I/O flushed first. In the child: 1, with *commit_fd for
 * cli_commit; it writes no core file and dies with the parent. In the
 * parent, after the child has ended: 0 and *end. -1: no child (errno). */
int cli_fork(int *commit_fd, cli_end_t *end);
/* The child: from here on its outputs are the run's. */
void cli_commit(int commit_fd);
/* sig is a crash of the process itself (a fault, an abort), not one sent to it. */
int cli_crash_signal(int sig);
/* End this process as the child ended (its signal, else its status). */
int cli_mirror(const cli_end_t *end);

#endif
