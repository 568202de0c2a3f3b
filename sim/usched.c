/* usched.c - the run loop's schedule of a clock domain's units (usched.h). */
#include "usched.h"

#include <stdlib.h>

int usched_init(usched_t *u, unsigned n)
{
    *u = (usched_t){.n = n, .far_min = UINT64_MAX};
    if (!(u->next = calloc(n ? n : 1, sizeof *u->next)))
        return -1;
    u->woken = n >= 64 ? ~0ull : (1ull << n) - 1;
    return 0;
}

void usched_free(usched_t *u)
{
    free(u->next);
    u->next = NULL;
}
