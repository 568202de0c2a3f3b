/* dispatch.c - the thread-block dispatch registry (dispatch.h); the
 * policies are in dispatch_<id>.c. */
#include "core/dispatch.h"

#define DISPATCH_OPS(id, name) &dispatch_##id,
#define DISPATCH_NAME(id, name) name,
const dispatch_ops_t *const dispatch_table[DISPATCH_N + 1] = {DISPATCH_LIST(DISPATCH_OPS) NULL};
const char *const dispatch_names[DISPATCH_N + 1] = {DISPATCH_LIST(DISPATCH_NAME) NULL};
