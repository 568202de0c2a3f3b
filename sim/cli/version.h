/* version.h - the tool's version: `git describe --always --dirty` of the
 * tree it was built from ("unknown" outside git), written by the Makefile
 * into build/gen/version.c, the one object that changes with it. */
#ifndef MEMSCHED_SIM_VERSION_H
#define MEMSCHED_SIM_VERSION_H

extern const char memsched_version[];

#endif
