/* fork.c - a child process to make a run in (fork.h). */
#include "cli/fork.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int cli_fork(int *commit_fd, cli_end_t *end)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) < 0)
        return -1;
    signal(SIGCHLD, SIG_DFL);   /* (ignored, it would leave no status to wait for) */
    pid_t parent = getpid();
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(p[0]);
        close(p[1]);
        errno = e;
        return -1;
    }
    if (pid == 0) {
        close(p[0]);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)   /* (the parent died before the line above) */
            _exit(1);
        struct rlimit none = {0, 0};
        setrlimit(RLIMIT_CORE, &none);   /* a crash is expected of a run a wrong C model drove */
        *commit_fd = p[1];
        return 1;
    }
    close(p[1]);
    int st;
    *end = (cli_end_t){0, -1, 0};
    pid_t w;
    while ((w = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
        ;
    char b;
    end->committed = read(p[0], &b, 1) == 1;
    close(p[0]);
    if (w == pid && WIFEXITED(st))
        end->status = WEXITSTATUS(st);
    else if (w == pid && WIFSIGNALED(st))
        end->sig = WTERMSIG(st);
    return 0;
}

void cli_commit(int commit_fd)
{
    if (write(commit_fd, "c", 1) != 1) {
        /* (the parent reads nothing: it takes the run for one that did not start, and makes it again) */
    }
    close(commit_fd);
}

int cli_crash_signal(int sig)
{
    return sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGILL || sig == SIGABRT || sig == SIGTRAP ||
           sig == SIGSYS;
}

int cli_mirror(const cli_end_t *end)
{
    if (end->sig) {
        fflush(NULL);
        signal(end->sig, SIG_DFL);
        raise(end->sig);
    }
    return end->status >= 0 ? end->status : 1;
}
