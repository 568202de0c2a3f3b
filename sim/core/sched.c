/* sched.c - the warp scheduler registry and the helpers policies share
 * (sched.h). The policies are in sched_<name>.c. */
#include "core/sched.h"

#include "core/sm.h"

#define SCHED_OPS(id, name, flags) &sched_##id,
#define SCHED_NAME(id, name, flags) name,
#define SCHED_FLAGS(id, name, flags) flags,
const sched_ops_t *const sched_table[SCHED_N + 1] = {SCHED_LIST(SCHED_OPS) NULL};
const char *const sched_names[SCHED_N + 1] = {SCHED_LIST(SCHED_NAME) NULL};
const unsigned sched_flags[SCHED_N] = {SCHED_LIST(SCHED_FLAGS)};

int sched_first_ready(sm_t *sm, const uint8_t *list, unsigned n, unsigned from, uint64_t now)
{
    for (unsigned i = 0, j = from; i < n; i++, j = j + 1 == n ? 0 : j + 1)
        if (sm_can_issue(sm, list[j], now))
            return list[j];
    return -1;
}

unsigned sched_after(const uint8_t *list, unsigned n, unsigned last)
{
    for (unsigned i = 0; i < n; i++)
        if (list[i] == last)
            return i + 1 == n ? 0 : i + 1;
    return 0;
}
