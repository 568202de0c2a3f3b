/* fsutil.h - file-system helpers shared by the testbench and the system
 * model (implemented in engine.c; a header of its own so that files which
 * include <signal.h>, whose sig_t clashes with engine.h's, can use them). */
#ifndef MEMSCHED_FSUTIL_H
#define MEMSCHED_FSUTIL_H

/* mkdir -p: dir and the directories above it. 0, or -1 with errno set. */
int engine_mkdirs(const char *dir);
/* Could a run write file `path` (is_dir 0) or create files in directory
 * `path` (is_dir 1)? Checked before a long run, so that its output is not
 * lost at the end: an existing file must be writable and not a directory;
 * the nearest directory that exists on the way up must be a writable
 * directory (what is missing below it engine_mkdirs creates). 0, or -1 with
 * errno set (ENOTDIR, EISDIR, EACCES, ...). */
int engine_can_write(const char *path, int is_dir);

#endif
