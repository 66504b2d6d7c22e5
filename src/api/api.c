/* api.c -- the public embedding API (include/cwb/cwb_api.h) over the
 * contact layer (cwb_contact.h).
 *
 * A handle owns what cwb_contact only points at: the pair and the four
 * laws' parameter values (with the slots each law's prepare() fills), so a
 * handle never moves once made (it is heap-allocated and opaque). Parameters
 * and bodies go through the case reader's own tables and checks
 * (cwb_param_parse, cwb_body_params, the laws' check and prepare), so the
 * API refuses exactly what a case file would, with the same words.
 *
 * The law contract: eval reads the committed history and writes the trial
 * into the caller's cwb_api_trial; commit copies a trial in. A trial records
 * which contact and which committed generation it was evaluated from, so a
 * trial from another contact, or one left over from before a commit or a
 * reset, is refused rather than silently applied to the wrong history.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_api.h"
#include "cwb_api_internal.h"
#include "cwb_contact.h"

_Static_assert((int)CWB_API_FLAG_EXTRAPOLATED == (int)CWB_FLAG_EXTRAPOLATED &&
                   (int)CWB_API_FLAG_DISCONTINUITY == (int)CWB_FLAG_DISCONTINUITY &&
                   (int)CWB_API_FLAG_ENERGY_GAIN == (int)CWB_FLAG_ENERGY_GAIN &&
                   (int)CWB_API_FLAG_REVERSAL == (int)CWB_FLAG_REVERSAL,
               "cwb_api.h flags mirror cwb_law.h");
_Static_assert((int)CWB_API_NORMAL == (int)CWB_KIND_NORMAL &&
                   (int)CWB_API_ROLLING == (int)CWB_KIND_ROLLING &&
                   (int)CWB_API_KIND_COUNT == (int)CWB_KIND_COUNT,
               "cwb_api.h kinds mirror cwb_law.h");
_Static_assert((int)CWB_API_SPHERE == (int)CWB_SHAPE_SPHERE &&
                   (int)CWB_API_DISC == (int)CWB_SHAPE_DISC &&
                   (int)CWB_API_WALL == (int)CWB_SHAPE_WALL,
               "cwb_api.h shapes mirror cwb_pair.h");

struct cwb_api_contact {
    cwb_pair pair;
    double p[CWB_KIND_COUNT][CWB_MAX_PARAMS]; /* checked and prepared values */
    cwb_contact ct;                           /* points into pair and p */
    double delta_c;                           /* committed overlap [m] */
    uint64_t generation;                      /* bumped by every commit and reset */
};

struct cwb_api_trial {
    const cwb_api_contact *owner; /* the contact it was evaluated for */
    uint64_t generation;          /* and from which committed state */
    double delta;                 /* the overlap it was evaluated at */
    cwb_contact_trial t;
};

/* --- creation ------------------------------------------------------------ */

/* The laws of a new contact and their values while they are read. */
typedef struct {
    const cwb_law_head *law[CWB_KIND_COUNT];
    cwb_values v[CWB_KIND_COUNT];
} api_laws;

static int pick_laws(api_laws *L, const char *const names[CWB_KIND_COUNT], char *msg, size_t n)
{
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        const char *name = names[k] && names[k][0] ? names[k] : NULL;
        const char *kind = cwb_kind_name((cwb_kind)k);
        if (k == CWB_KIND_NORMAL && !name)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "[contact] missing required key 'normal' (the normal law; "
                            "`cwb laws normal` lists them)");
        /* a kind not named gets its absent law */
        L->law[k] = name ? cwb_law_find((cwb_kind)k, name) : cwb_law_default((cwb_kind)k, 0);
        if (!L->law[k]) {
            char names_buf[512];
            cwbi_law_list(k, names_buf, sizeof names_buf);
            return cwb_fail(msg, n, CWB_EINPUT,
                            "[contact] %s = '%.100s' is not a %s law (known: %s)", kind, name, kind,
                            names_buf);
        }
        cwb_values_init(&L->v[k], L->law[k]->params);
    }
    return CWB_OK;
}

/* One "section.key" = "value" pair into the values of its law. */
static int set_param(api_laws *L, const char *key, const char *value, char *msg, size_t n)
{
    const char *dot = key ? strchr(key, '.') : NULL;
    int kind = -1;
    for (int k = 0; dot && k < CWB_KIND_COUNT; k++) {
        const char *s = cwb_kind_name((cwb_kind)k);
        if (strlen(s) == (size_t)(dot - key) && strncmp(key, s, (size_t)(dot - key)) == 0)
            kind = k;
    }
    if (kind < 0)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "'%.100s': a parameter key is section.key with section one of normal, "
                        "tangential, damping, rolling (e.g. tangential.mu)",
                        key ? key : "(null)");
    const char *name = dot + 1, *sec = cwb_kind_name((cwb_kind)kind);
    cwb_values *v = &L->v[kind];
    int i = cwb_param_index(v->table, name);
    if (i < 0) {
        char keys[512];
        cwbi_param_list(v->table, keys, sizeof keys);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "[%s] unknown key '%.100s' for the %s law '%s' (its keys: %s)", sec, name,
                        sec, L->law[kind]->name, keys);
    }
    char why[CWB_MSG];
    if (!value || cwb_param_parse(v, i, value, why, sizeof why) != CWB_OK)
        return cwb_fail(msg, n, CWB_EINPUT, "[%s] %s", sec,
                        value ? why : "a parameter value is NULL");
    v->given[i] = 1;
    return CWB_OK;
}

static int check_required(const api_laws *L, char *msg, size_t n)
{
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        const cwb_values *v = &L->v[k];
        for (size_t i = 0; v->table && v->table[i].name; i++) {
            if (!(v->table[i].flags & CWB_P_REQUIRED) || v->given[i])
                continue;
            char range[96];
            cwb_param_range(&v->table[i], range, sizeof range);
            const char *sec = cwb_kind_name((cwb_kind)k);
            return cwb_fail(msg, n, CWB_EINPUT,
                            "[%s] missing required key '%s' for the %s law '%s' (%s, allowed %s)",
                            sec, v->table[i].name, sec, L->law[k]->name, v->table[i].help, range);
        }
        char why[CWB_MSG];
        int at;
        if (v->table && cwb_values_check_read(v, &at, why, sizeof why) != CWB_OK)
            return cwb_fail(msg, n, CWB_EINPUT, "[%s] %s", cwb_kind_name((cwb_kind)k), why);
    }
    int kind, at;
    return cwb_law_check_other_laws(L->v, L->law, &kind, &at, msg, n);
}

/* Each law against the pair and the normal law, then its own check and
 * prepare (the case reader's check_law, with its messages). */
static int check_laws(api_laws *L, const cwb_pair *g, char *msg, size_t n)
{
    unsigned need = g->dim == 3 ? CWB_DIM_3D : CWB_DIM_2D;
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        const cwb_law_head *law = L->law[k];
        const char *sec = cwb_kind_name((cwb_kind)k);
        char inner[CWB_MSG];
        if (!(law->dims & need))
            return cwb_fail(
                msg, n, CWB_EINPUT, "[contact] %s = %s is a %s law but body1 is a %s: use %s", sec,
                law->name, (law->dims & CWB_DIM_2D) ? "2D (plane-strain, per unit length)" : "3D",
                cwb_shape_name(g->body[0].shape),
                g->dim == 3 ? "spheres with a 3D law, or discs"
                            : "discs with a 2D law, or spheres");
        if (!cwb_law_fits_normal(law, L->law[CWB_KIND_NORMAL]))
            return cwb_fail(msg, n, CWB_EINPUT,
                            "[contact] %s = %s is calibrated on the '%s' normal law, not on '%s'",
                            sec, law->name, law->needs_normal, L->law[CWB_KIND_NORMAL]->name);
        if (law->check && law->check(L->v[k].p, g, inner, sizeof inner) != CWB_OK)
            return cwb_fail(msg, n, CWB_EINPUT, "[%s] %.900s", sec, inner);
        int rc = law->prepare ? law->prepare(L->v[k].p, g, inner, sizeof inner) : CWB_OK;
        if (rc != CWB_OK)
            return cwb_fail(msg, n, rc, "[%s] %.900s", sec, inner);
    }
    return CWB_OK;
}

static int read_params(api_laws *L, const char *const *keys, const char *const *values,
                       size_t n_params, char *msg, size_t n)
{
    if (n_params && (!keys || !values))
        return cwb_fail(msg, n, CWB_EINPUT, "%zu parameters but keys or values is NULL", n_params);
    for (size_t i = 0; i < n_params; i++) {
        int rc = set_param(L, keys[i], values[i], msg, n);
        if (rc != CWB_OK)
            return rc;
    }
    return check_required(L, msg, n);
}

static int build_contact(cwb_api_contact *c, api_laws *L, const cwb_api_body *b1,
                         const cwb_api_body *b2, char *msg, size_t n)
{
    cwb_body body[2];
    char why[CWB_MSG];
    int rc;
    if ((rc = cwbi_body_check(b1, 0, &body[0], msg, n)) != CWB_OK ||
        (rc = cwbi_body_check(b2, 1, &body[1], msg, n)) != CWB_OK)
        return rc;
    if (cwb_pair_init(&c->pair, &body[0], &body[1], why, sizeof why) != CWB_OK)
        return cwb_fail(msg, n, CWB_EINPUT, "%s", why);
    if ((rc = check_laws(L, &c->pair, msg, n)) != CWB_OK)
        return rc;
    const cwb_contact_laws laws = {
        CWB_AS_NORMAL(L->law[CWB_KIND_NORMAL]), CWB_AS_TANGENTIAL(L->law[CWB_KIND_TANGENTIAL]),
        CWB_AS_DAMPING(L->law[CWB_KIND_DAMPING]), CWB_AS_ROLLING(L->law[CWB_KIND_ROLLING])};
    const double *p[CWB_KIND_COUNT];
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        memcpy(c->p[k], L->v[k].p, sizeof c->p[k]);
        p[k] = c->p[k];
    }
    if (cwb_contact_setup(&c->ct, &laws, p, &c->pair) != CWB_OK)
        return cwb_fail(msg, n, CWB_EINPUT, "the laws cannot be bound to one contact");
    return CWB_OK;
}

cwb_api_contact *cwb_api_contact_new(const char *normal, const char *tangential,
                                     const char *damping, const char *rolling,
                                     const char *const *keys, const char *const *values,
                                     size_t n_params, const cwb_api_body *body1,
                                     const cwb_api_body *body2, char *msg, size_t msg_size)
{
    if (msg && msg_size)
        msg[0] = '\0';
    const char *names[CWB_KIND_COUNT] = {normal, tangential, damping, rolling};
    api_laws *L = calloc(1, sizeof *L); /* the values' tables are large */
    cwb_api_contact *c = calloc(1, sizeof *c);
    int rc = (!L || !c) ? cwb_fail(msg, msg_size, CWB_EFAIL, "out of memory") : CWB_OK;
    if (rc == CWB_OK)
        rc = pick_laws(L, names, msg, msg_size);
    if (rc == CWB_OK)
        rc = read_params(L, keys, values, n_params, msg, msg_size);
    if (rc == CWB_OK)
        rc = build_contact(c, L, body1, body2, msg, msg_size);
    free(L);
    if (rc != CWB_OK) {
        free(c);
        return NULL;
    }
    return c;
}

void cwb_api_contact_free(cwb_api_contact *c)
{
    free(c);
}

/* --- evaluation ---------------------------------------------------------- */

cwb_api_trial *cwb_api_trial_new(void)
{
    return calloc(1, sizeof(cwb_api_trial));
}

void cwb_api_trial_free(cwb_api_trial *t)
{
    free(t);
}

static cwb_vec3 vec(const double a[3])
{
    return cwb_v3(a[0], a[1], a[2]);
}

static void put(double a[3], cwb_vec3 v)
{
    a[0] = v.x;
    a[1] = v.y;
    a[2] = v.z;
}

static void to_kin(const cwb_api_contact *c, const cwb_api_kin *a, cwb_kin *k)
{
    memset(k, 0, sizeof *k);
    k->delta = a->overlap;
    k->delta0 = c->delta_c;
    k->delta_rate = a->overlap_rate;
    k->normal = vec(a->normal);
    k->dxi_t = vec(a->dxi_t);
    k->v_t = vec(a->v_t);
    k->omega1 = vec(a->omega1);
    k->omega2 = vec(a->omega2);
    k->omega_rel = cwb_v3_sub(k->omega1, k->omega2);
    k->dtheta = cwb_v3_scale(k->omega_rel, a->dt); /* rotation at this rate over dt */
    k->dt = a->dt;
    k->h = a->dt;
}

static void from_out(const cwb_contact_out *o, cwb_api_out *out)
{
    memset(out, 0, sizeof *out);
    out->force_n = o->n.force;
    out->damping_n = o->d.force_n;
    put(out->force_t, o->t.force);
    put(out->damping_t, o->d.force_t);
    put(out->torque1, o->r.torque1);
    put(out->torque2, o->r.torque2);
    out->stiffness_n = o->n.stiffness;
    out->stiffness_t = o->t.stiffness;
    out->radius = o->n.radius;
    out->energy_n = o->n.energy;
    out->energy_t = o->t.energy;
    out->work_n = o->n.work;
    out->work_t = o->t.work;
    out->dissipated_n = o->n.dissipated;
    out->dissipated_t = o->t.dissipated;
    out->slip = o->t.slip;
    out->stiffness_energy = o->t.stiffness_energy;
    out->sliding = o->t.sliding;
    out->branch = (int)o->n.branch;
    out->flags = o->n.flags | o->t.flags;
}

/* --- checks of what a step is given and gives back ---------------------- */

/* How far |normal| may be from 1: a normal normalised in single precision
 * (relative error ~6e-8) passes; the laws use the normal as given. */
#define NORMAL_TOLERANCE 1e-6

static int vec_finite(const double a[3])
{
    return isfinite(a[0]) && isfinite(a[1]) && isfinite(a[2]);
}

static int vec_refused(const char *name, const double a[3], const char *unit, char *msg, size_t n)
{
    return cwb_fail(msg, n, CWB_EINPUT,
                    "[kinematics] %s = (%g, %g, %g) %s: allowed finite numbers only", name, a[0],
                    a[1], a[2], unit);
}

/* The kinematics a DEM code hands over, checked as the case reader checks
 * a value: the argument, its value and what is allowed. An overlap must
 * leave the centres apart: below R1 + R2 (a wall's radius is 0). */
static int check_kin(const cwb_api_contact *c, const cwb_api_kin *k, char *msg, size_t n)
{
    double reach = c->pair.body[0].radius + c->pair.body[1].radius;
    if (!(isfinite(k->overlap) && k->overlap < reach))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "[kinematics] overlap = %g m is out of range: allowed (-inf, %g) m, "
                        "finite and below R1 + R2, where the centres would meet (a wall's "
                        "radius is 0)",
                        k->overlap, reach);
    if (!isfinite(k->overlap_rate))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "[kinematics] overlap_rate = %g m/s: allowed finite numbers only",
                        k->overlap_rate);
    double len = sqrt(k->normal[0] * k->normal[0] + k->normal[1] * k->normal[1] +
                      k->normal[2] * k->normal[2]);
    if (!(fabs(len - 1.0) <= NORMAL_TOLERANCE))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "[kinematics] normal = (%g, %g, %g): |normal| = %g: allowed a unit vector, "
                        "|normal| in [1 - %g, 1 + %g]",
                        k->normal[0], k->normal[1], k->normal[2], len, NORMAL_TOLERANCE,
                        NORMAL_TOLERANCE);
    if (!vec_finite(k->dxi_t))
        return vec_refused("dxi_t", k->dxi_t, "m", msg, n);
    if (!vec_finite(k->v_t))
        return vec_refused("v_t", k->v_t, "m/s", msg, n);
    if (!vec_finite(k->omega1))
        return vec_refused("omega1", k->omega1, "rad/s", msg, n);
    if (!vec_finite(k->omega2))
        return vec_refused("omega2", k->omega2, "rad/s", msg, n);
    if (!(isfinite(k->dt) && k->dt >= 0.0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "[kinematics] dt = %g s is out of range: allowed [0, inf) s, finite",
                        k->dt);
    return CWB_OK;
}

/* The first number of an evaluation that is not finite (NULL: none). Laws
 * evaluate closed forms in double precision: accepted parameters and
 * kinematics can still overflow (normal.kn = 1e300 N/m gives an infinite
 * stored energy), and an infinite force must not reach a DEM code as a
 * result. */
static const char *not_finite(const cwb_api_out *o)
{
    static const struct {
        const char *name;
        size_t offset, count;
    } field[] = {
        {"force_n", offsetof(cwb_api_out, force_n), 1},
        {"damping_n", offsetof(cwb_api_out, damping_n), 1},
        {"force_t", offsetof(cwb_api_out, force_t), 3},
        {"damping_t", offsetof(cwb_api_out, damping_t), 3},
        {"torque1", offsetof(cwb_api_out, torque1), 3},
        {"torque2", offsetof(cwb_api_out, torque2), 3},
        {"stiffness_n", offsetof(cwb_api_out, stiffness_n), 1},
        {"stiffness_t", offsetof(cwb_api_out, stiffness_t), 1},
        {"radius", offsetof(cwb_api_out, radius), 1},
        {"energy_n", offsetof(cwb_api_out, energy_n), 1},
        {"energy_t", offsetof(cwb_api_out, energy_t), 1},
        {"work_n", offsetof(cwb_api_out, work_n), 1},
        {"work_t", offsetof(cwb_api_out, work_t), 1},
        {"dissipated_n", offsetof(cwb_api_out, dissipated_n), 1},
        {"dissipated_t", offsetof(cwb_api_out, dissipated_t), 1},
        {"slip", offsetof(cwb_api_out, slip), 1},
        {"stiffness_energy", offsetof(cwb_api_out, stiffness_energy), 1},
    };
    for (size_t i = 0; i < sizeof field / sizeof *field; i++) {
        const double *x = (const double *)(const void *)((const char *)o + field[i].offset);
        for (size_t j = 0; j < field[i].count; j++)
            if (!isfinite(x[j]))
                return field[i].name;
    }
    return NULL;
}

int cwb_api_contact_eval(const cwb_api_contact *c, const cwb_api_kin *k, cwb_api_out *out,
                         cwb_api_trial *trial, char *msg, size_t msg_size)
{
    if (trial)
        trial->owner = NULL; /* committable only after a successful evaluation */
    if (!c || !k || !out)
        return cwb_fail(msg, msg_size, CWB_EINPUT, "contact, kinematics or output is NULL");
    int rc = check_kin(c, k, msg, msg_size);
    if (rc != CWB_OK)
        return rc;
    cwb_kin kin;
    to_kin(c, k, &kin);
    cwb_contact_out o;
    cwb_contact_trial scratch;
    rc = cwb_contact_eval(&c->ct, &kin, &o, trial ? &trial->t : &scratch);
    if (rc != CWB_OK)
        return cwb_fail(msg, msg_size, rc, "%s (dt %g s)", cwb_contact_failure(), k->dt);
    from_out(&o, out);
    const char *bad = not_finite(out);
    if (bad)
        return cwb_fail(msg, msg_size, CWB_EFAIL,
                        "%s is not finite at overlap %g m, overlap rate %g m/s, dt %g s: the "
                        "parameters or kinematics exceed what double precision holds",
                        bad, k->overlap, k->overlap_rate, k->dt);
    if (trial) {
        trial->owner = c;
        trial->generation = c->generation;
        trial->delta = k->overlap;
    }
    return CWB_OK;
}

int cwb_api_contact_commit(cwb_api_contact *c, const cwb_api_trial *trial)
{
    if (!c || !trial || trial->owner != c || trial->generation != c->generation)
        return CWB_EINPUT;
    cwb_contact_commit(&c->ct, &trial->t);
    c->delta_c = trial->delta;
    c->generation++;
    return CWB_OK;
}

int cwb_api_contact_step(cwb_api_contact *c, const cwb_api_kin *k, cwb_api_out *out, char *msg,
                         size_t msg_size)
{
    cwb_api_trial trial;
    int rc = cwb_api_contact_eval(c, k, out, &trial, msg, msg_size);
    if (rc == CWB_OK)
        rc = cwb_api_contact_commit(c, &trial);
    return rc;
}

void cwb_api_contact_reset(cwb_api_contact *c)
{
    cwb_contact_reset(&c->ct);
    c->delta_c = 0.0;
    c->generation++;
}

void cwb_api_contact_pair(const cwb_api_contact *c, double *E_star, double *G_star, double *R_star,
                          double *m_star)
{
    if (E_star)
        *E_star = c->pair.E_star;
    if (G_star)
        *G_star = c->pair.G_star;
    if (R_star)
        *R_star = c->pair.R_star;
    if (m_star)
        *m_star = c->pair.m_star;
}

const char *cwb_api_version(void)
{
    return CWB_VERSION;
}
