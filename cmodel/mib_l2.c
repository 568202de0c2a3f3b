#include "mib_l2.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"

int mib_l2_init(mib_l2_state_t *s, const mib_l2_cfg_t *cfg)
{
    if (cfg->entries < 1 || cfg->entries > MIB_MAX_ENTRIES || cfg->addr_w < 1 || cfg->addr_w > 48) {
        fprintf(stderr, "mib_l2: Entries=%u AddrW=%u out of range (Entries 1..%d, AddrW 1..48)\n", cfg->entries,
                cfg->addr_w, MIB_MAX_ENTRIES);
        return -EINVAL;
    }
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    mib_l2_reset(s);
    return 0;
}

/* Pending bits to 0; address, length and age keep their contents (no reset in RTL). */
void mib_l2_reset(mib_l2_state_t *s)
{
    for (unsigned i = 0; i < MIB_MAX_ENTRIES; i++)
        s->e[i].pend = 0;
}

/* A slot port's value on its max(1, clog2(Entries)) bits, as the RTL compares it. */
static unsigned slot_of(const mib_l2_cfg_t *cfg, uint64_t v)
{
    return (unsigned)(v & bits_mask(bits_idx_width(cfg->entries)));
}

/* The lowest-index pending entry, or -1. */
static int first_pending(const mib_l2_state_t *s)
{
    for (unsigned i = 0; i < s->cfg.entries; i++)
        if (s->e[i].pend)
            return (int)i;
    return -1;
}

int mib_l2_pending(const mib_l2_state_t *s) { return first_pending(s) >= 0; }

void mib_l2_eval(const mib_l2_state_t *s, const mib_l2_in_t *in, mib_l2_out_t *out)
{
    /* pend is written below for the Entries there are (its port's length);
     * the rest of the array is never read */
    memset(out, 0, offsetof(mib_l2_out_t, pend));
    const int d = first_pending(s);
    if (d >= 0) {
        out->out_valid = 1;
        out->out_dummy = 1;
        out->out_addr = s->e[d].addr;
        out->out_len = s->e[d].len;
        out->out_age = s->e[d].age;
        out->out_slot = (uint64_t)d;
    } else {
        out->out_valid = in->mq_valid & 1;
        out->out_addr = in->mq_addr & bits_mask(s->cfg.addr_w);
        out->out_age = in->mq_age & bits_mask(MIB_AGE_W);
    }
    out->mq_ready = d < 0 && (in->out_ready & 1);
    for (unsigned i = 0; i < s->cfg.entries; i++)
        out->pend[i] = s->e[i].pend;
}

/* Per entry, in this order: allocate (also of a slot released in the same
 * cycle), else release, else merge; a dummy sent this cycle clears the
 * entry's news before a merge of the same cycle adds to it. */
void mib_l2_tick(mib_l2_state_t *s, const mib_l2_in_t *in)
{
    const int d = first_pending(s);
    if (d >= 0 && (in->out_ready & 1)) {
        s->e[d].pend = 0;
        s->e[d].age = 0;
    }
    const unsigned as = slot_of(&s->cfg, in->alloc_slot), ms = slot_of(&s->cfg, in->merge_slot), rs = slot_of(&s->cfg, in->release_slot);
    const int alloc = (in->alloc_valid & 1) && as < s->cfg.entries;
    const int release = (in->release_valid & 1) && rs < s->cfg.entries;
    const int merge = (in->merge_valid & 1) && ms < s->cfg.entries;
    if (merge && !(alloc && as == ms) && !(release && rs == ms)) {
        mib_entry_t *e = &s->e[ms];
        e->len = e->len == bits_mask(MIB_LEN_W) ? e->len : e->len + 1;
        uint64_t a = e->age + (in->merge_age & bits_mask(MIB_AGE_W));
        e->age = a > MIB_AGE_MAX ? MIB_AGE_MAX : a;
        e->pend = 1;
    }
    if (release)
        s->e[rs].pend = 0;
    if (alloc) {
        mib_entry_t *e = &s->e[as];
        e->pend = 0;
        e->addr = in->alloc_addr & bits_mask(s->cfg.addr_w);
        e->len = 0;
        e->age = 0;
    }
}

void mib_l2_account(const mib_l2_cfg_t *cfg, const mib_l2_in_t *in, const mib_l2_out_t *out, mib_l2_stats_t *st)
{
    st->cycles++;
    st->allocs += in->alloc_valid & 1;
    st->merges += in->merge_valid & 1;
    st->releases += in->release_valid & 1;
    const int dummy = out->out_dummy & 1, ready = in->out_ready & 1;
    if ((out->out_valid & 1) && ready) {
        st->dummies += dummy;
        st->misses += !dummy;
    }
    st->blocked += dummy && (in->mq_valid & 1);
    if (in->release_valid & 1) {
        const uint64_t rs = slot_of(cfg, in->release_slot);
        const int sent = dummy && ready && out->out_slot == rs;
        st->lost_updates += rs < cfg->entries && (out->pend[rs] & 1) && !sent;
    }
}

void mib_l2_chk_init(mib_l2_chk_t *c) { c->unused = 0; }

int mib_l2_check(mib_l2_chk_t *c, const mib_l2_state_t *s, const mib_l2_in_t *in, int rst_n, char *msg, size_t n)
{
    (void)c;
    if (!(rst_n & 1))
        return 0;
    const uint64_t as = slot_of(&s->cfg, in->alloc_slot), ms = slot_of(&s->cfg, in->merge_slot), rs = slot_of(&s->cfg, in->release_slot);
    const int av = in->alloc_valid & 1, mv = in->merge_valid & 1, rv = in->release_valid & 1;
    const uint64_t entries = s->cfg.entries;
    if (av && as >= entries) {
        snprintf(msg, n, "mib_l2: allocate of slot %" PRIu64, as);
        return -1;
    }
    if (mv && ms >= entries) {
        snprintf(msg, n, "mib_l2: merge into slot %" PRIu64, ms);
        return -1;
    }
    if (rv && rs >= entries) {
        snprintf(msg, n, "mib_l2: release of slot %" PRIu64, rs);
        return -1;
    }
    if (mv && av && ms == as) {
        snprintf(msg, n, "mib_l2: merge into the slot allocated in the same cycle");
        return -1;
    }
    if (mv && rv && ms == rs) {
        snprintf(msg, n, "mib_l2: merge into the slot released in the same cycle");
        return -1;
    }
    return 0;
}
