/* registry.c -- the one table of laws, by kind and name.
 *
 * Adding a law is one new file in src/laws/ and one row here; nothing else
 * in cwb knows law names. `cwb laws` prints these tables and the test
 * suites loop over them. The drivers' table is src/drivers/drivers.c.
 */
#include <string.h>

#include "cwb_law.h"

extern const cwb_normal_type cwb_normal_none, cwb_normal_hertz, cwb_normal_linear,
    cwb_normal_thornton, cwb_normal_stronge, cwb_normal_tomas, cwb_normal_storakers,
    cwb_normal_vu_quoc, cwb_normal_brake, cwb_normal_jackson_green, cwb_normal_rathbone2015,
    cwb_normal_rathbone, cwb_normal_hertz2d, cwb_normal_jkr, cwb_normal_dmt,
    cwb_normal_thornton_ning;
extern const cwb_tangential_type cwb_tangential_none, cwb_tangential_linear, cwb_tangential_mindlin,
    cwb_tangential_mindlin_rescale, cwb_tangential_direnzo, cwb_tangential_mindlin_deresiewicz,
    cwb_tangential_lth, cwb_tangential_hertz2d_accurate, cwb_tangential_hertz2d_simplified,
    cwb_tangential_rathbone, cwb_tangential_mbf;
extern const cwb_damping_type cwb_damping_none, cwb_damping_tsuji, cwb_damping_hertz_restitution,
    cwb_damping_linear_restitution;
extern const cwb_rolling_type cwb_rolling_none, cwb_rolling_constant_torque, cwb_rolling_epsd,
    cwb_rolling_linear_elastic;

static const cwb_law_head *const normal_laws[] = {
    &cwb_normal_none.head,          &cwb_normal_hertz.head,        &cwb_normal_linear.head,
    &cwb_normal_thornton.head,      &cwb_normal_stronge.head,      &cwb_normal_tomas.head,
    &cwb_normal_storakers.head,     &cwb_normal_vu_quoc.head,      &cwb_normal_brake.head,
    &cwb_normal_jackson_green.head, &cwb_normal_rathbone2015.head, &cwb_normal_rathbone.head,
    &cwb_normal_hertz2d.head,       &cwb_normal_jkr.head,          &cwb_normal_dmt.head,
    &cwb_normal_thornton_ning.head,
};

static const cwb_law_head *const tangential_laws[] = {
    &cwb_tangential_none.head,
    &cwb_tangential_linear.head,
    &cwb_tangential_mindlin.head,
    &cwb_tangential_mindlin_rescale.head,
    &cwb_tangential_direnzo.head,
    &cwb_tangential_mindlin_deresiewicz.head,
    &cwb_tangential_lth.head,
    &cwb_tangential_hertz2d_accurate.head,
    &cwb_tangential_hertz2d_simplified.head,
    &cwb_tangential_rathbone.head,
    &cwb_tangential_mbf.head,
};

static const cwb_law_head *const damping_laws[] = {
    &cwb_damping_none.head,
    &cwb_damping_tsuji.head,
    &cwb_damping_hertz_restitution.head,
    &cwb_damping_linear_restitution.head,
};

static const cwb_law_head *const rolling_laws[] = {
    &cwb_rolling_none.head,
    &cwb_rolling_constant_torque.head,
    &cwb_rolling_epsd.head,
    &cwb_rolling_linear_elastic.head,
};

static const struct {
    const cwb_law_head *const *laws;
    size_t count;
} table[CWB_KIND_COUNT] = {
    [CWB_KIND_NORMAL] = {normal_laws, sizeof normal_laws / sizeof *normal_laws},
    [CWB_KIND_TANGENTIAL] = {tangential_laws, sizeof tangential_laws / sizeof *tangential_laws},
    [CWB_KIND_DAMPING] = {damping_laws, sizeof damping_laws / sizeof *damping_laws},
    [CWB_KIND_ROLLING] = {rolling_laws, sizeof rolling_laws / sizeof *rolling_laws},
};

const char *cwb_kind_name(cwb_kind k)
{
    static const char *const names[CWB_KIND_COUNT] = {"normal", "tangential", "damping", "rolling"};
    return (unsigned)k < CWB_KIND_COUNT ? names[k] : "?";
}

size_t cwb_law_count(cwb_kind kind)
{
    return (unsigned)kind < CWB_KIND_COUNT ? table[kind].count : 0;
}

const cwb_law_head *cwb_law_at(cwb_kind kind, size_t i)
{
    return i < cwb_law_count(kind) ? table[kind].laws[i] : NULL;
}

const cwb_law_head *cwb_law_find(cwb_kind kind, const char *name)
{
    for (size_t i = 0; i < cwb_law_count(kind); i++)
        if (strcmp(table[kind].laws[i]->name, name) == 0)
            return table[kind].laws[i];
    return NULL;
}

const cwb_law_head *cwb_law_find_any(const char *name, cwb_kind *kind)
{
    /* Laws of different kinds may share a name ("linear", "none"): the
     * first kind in order normal, tangential, damping, rolling wins. */
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        const cwb_law_head *h = cwb_law_find((cwb_kind)k, name);
        if (h) {
            if (kind)
                *kind = (cwb_kind)k;
            return h;
        }
    }
    return NULL;
}

const cwb_law_head *cwb_law_with(cwb_kind kind, unsigned flags, unsigned dim)
{
    for (size_t i = 0; i < cwb_law_count(kind); i++) {
        const cwb_law_head *h = table[kind].laws[i];
        if ((h->flags & flags) == flags && (!dim || (h->dims & dim)))
            return h;
    }
    return NULL;
}

const cwb_law_head *cwb_law_default(cwb_kind kind, unsigned dim)
{
    if (kind != CWB_KIND_NORMAL)
        return cwb_law_with(kind, CWB_LAW_ABSENT, 0);
    return cwb_law_with(kind, CWB_LAW_DEFAULT, dim == CWB_DIM_2D ? CWB_DIM_2D : CWB_DIM_3D);
}

const char *cwb_branch_name(cwb_branch b)
{
    switch (b) {
    case CWB_BRANCH_NONE: return "none";
    case CWB_BRANCH_ELASTIC: return "elastic";
    case CWB_BRANCH_ELASTIC_PLASTIC: return "elastic-plastic";
    case CWB_BRANCH_PLASTIC: return "plastic";
    case CWB_BRANCH_UNLOADING: return "unloading";
    case CWB_BRANCH_RELOADING: return "reloading";
    }
    return "?";
}

/* The kind whose section is named `name`, or CWB_KIND_COUNT. */
static int kind_named(const char *name)
{
    int k = 0;
    while (k < CWB_KIND_COUNT && strcmp(cwb_kind_name((cwb_kind)k), name) != 0)
        k++;
    return k;
}

int cwb_law_check_other_laws(const cwb_values v[CWB_KIND_COUNT],
                             const cwb_law_head *const law[CWB_KIND_COUNT], int *kind, int *at,
                             char *why, size_t n)
{
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        for (int i = 0; v[k].table && v[k].table[i].name; i++) {
            char other[32], cond[160], value[96];
            if (!v[k].given[i] || !cwb_param_law_condition(&v[k].table[i], other, sizeof other))
                continue;
            int o = kind_named(other);
            if (o == CWB_KIND_COUNT || !(law[o]->flags & CWB_LAW_ABSENT))
                continue;
            cwb_param_read_when(&v[k].table[i], cond, sizeof cond);
            cwb_param_format(&v[k], i, value, sizeof value);
            *kind = k;
            *at = i;
            return cwb_fail(why, n, CWB_EINPUT,
                            "[%s] %s = %s is read only with %s (the contact has %s = %s): remove "
                            "it, or give a %s law",
                            cwb_kind_name((cwb_kind)k), v[k].table[i].name, value, cond, other,
                            law[o]->name, other);
        }
    return CWB_OK;
}

int cwb_law_fits_normal(const cwb_law_head *law, const cwb_law_head *normal)
{
    if (!law->needs_normal)
        return 1;
    size_t len = strlen(normal->name);
    for (const char *w = law->needs_normal; *w;) { /* space-separated names */
        size_t m = strcspn(w, " ");
        if (m == len && strncmp(w, normal->name, len) == 0)
            return 1;
        w += m;
        w += strspn(w, " ");
    }
    return 0;
}
