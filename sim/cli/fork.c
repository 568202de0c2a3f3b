/* fork.c - a child process to make a run in (fork.h). */
#include "cli/fork.h"

#include <errno.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int cli_fork(int *status)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0)
        return 1;
    int st;
    *status = -1;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return 0;
    if (WIFEXITED(st))
        *status = WEXITSTATUS(st);
    return 0;
}
