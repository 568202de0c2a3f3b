/* cmdline.c - a sim run's command line as a shell would take it back
 * (cmdline.h). */
#include "cli/cmdline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a at p as a shell word: as it is when it needs no quotes, else in single
 * quotes (a quote inside as '\''); at most 4 x strlen(a) + 2 bytes. */
static char *shell_word(char *p, const char *a)
{
    if (*a && !a[strspn(a, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+=.,:/@%")])
        return p + sprintf(p, "%s", a);
    *p++ = '\'';
    for (; *a; a++)
        p += *a == '\'' ? sprintf(p, "'\\''") : sprintf(p, "%c", *a);
    *p++ = '\'';
    return p;
}

/* The command line as a shell would take it back: PROG sim ARGS
 * (malloc'd; NULL: no memory). */
char *cli_command_line(int argc, char *const *argv, const char *prog)
{
    size_t n = 4 * strlen(prog) + 8;
    for (int i = 0; i < argc; i++)
        n += 4 * strlen(argv[i]) + 3;
    char *s = malloc(n), *p = s;
    if (!s)
        return NULL;
    p = shell_word(p, prog);
    p += sprintf(p, " sim");
    for (int i = 0; i < argc; i++) {
        *p++ = ' ';
        p = shell_word(p, argv[i]);
    }
    *p = 0;
    return s;
}

