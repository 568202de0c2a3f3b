/* fsutil.h - file-system helpers shared by the testbench and the system
 * model (implemented in engine.c; a header of its own so that files which
 * include <signal.h>, whose sig_t clashes with engine.h's, can use them). */
#ifndef MEMSCHED_FSUTIL_H
#define MEMSCHED_FSUTIL_H

/* mkdir -p: dir and the directories above it. 0, or -1 with errno set. */
int engine_mkdirs(const char *dir);

#endif
