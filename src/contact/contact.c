/* contact.c -- composition of the four laws of one contact (cwb_contact.h).
 *
 * Every law is reached through here, so the invariants of the law contract
 * are asserted in one place: every law is bound and its state fits
 * CWB_MAX_STATE (cwb_contact_setup refuses anything else, so only a contact
 * filled by hand can break them). Non-finite kinematics are NOT asserted:
 * extreme but valid input (a stiffness of 1e300, a segment_time of 1e-300 s)
 * can make a driver's state overflow, so they are an error return
 * (CWB_EFAIL) that the driver reports with where it happened.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cwb_contact.h"

/* An absent law (CWB_LAW_ABSENT: frictionless, undamped, free rolling)
 * returns *out = {0}; the composition writes that without the call. */
#define ABSENT(type) (((type)->head.flags & CWB_LAW_ABSENT) != 0)

/* x * 0 is 0 for a finite x and NaN for an infinite or NaN one, so a sum
 * of such products is 0 exactly when every term is finite: one test
 * instead of 26 branches at every RK4 stage. The kinematics are 26 doubles
 * and nothing else, so they are read as 13 pairs, a product and a sum of
 * two lanes at a time (GCC and Clang's vector extension; scalar elsewhere):
 * 26 scalar products summed as a tree were 84 instructions, a ninth of a
 * Mindlin evaluation. */
#define KIN_DOUBLES 26
_Static_assert(sizeof(cwb_kin) == KIN_DOUBLES * sizeof(double),
               "cwb_kin is read as 26 doubles (kin_finite)");

/* The kinematics a driver built are finite (a law would otherwise turn a
 * NaN into a NaN force without a word). */
#if defined(__GNUC__)
typedef double double_pair __attribute__((vector_size(2 * sizeof(double))));
static int kin_finite(const cwb_kin *k)
{
    const unsigned char *bytes = (const unsigned char *)k;
    double_pair sum = {0.0, 0.0};
    const double_pair zero = {0.0, 0.0};
#pragma GCC unroll 13
    for (size_t i = 0; i < sizeof *k; i += sizeof sum) {
        double_pair v;
        memcpy(&v, bytes + i, sizeof v);
        sum += zero * v;
    }
    return sum[0] + sum[1] == 0.0;
}
#else
static int kin_finite(const cwb_kin *k)
{
    double v[KIN_DOUBLES], sum = 0.0;
    memcpy(v, k, sizeof v);
    for (int i = 0; i < KIN_DOUBLES; i++)
        sum += 0.0 * v[i];
    return sum == 0.0;
}
#endif

/* What cwb_contact_setup checked once: every law bound, each state within
 * CWB_MAX_STATE. Read as one flag, since every evaluation asserts it (the
 * four pointers and four sizes were a fifth of a head-on Hertz evaluation's
 * instructions outside the law). */
static int contact_bound(const cwb_contact *ct)
{
    return ct->bound;
}

static const cwb_law_head *head_of(const cwb_contact *ct, cwb_kind kind)
{
    switch (kind) {
    case CWB_KIND_NORMAL: return &ct->normal->head;
    case CWB_KIND_TANGENTIAL: return &ct->tangential->head;
    case CWB_KIND_DAMPING: return &ct->damping->head;
    default: return &ct->rolling->head;
    }
}

int cwb_contact_setup(cwb_contact *ct, const cwb_contact_laws *laws,
                      const double *const p[CWB_KIND_COUNT], const cwb_pair *pair)
{
    memset(ct, 0, sizeof *ct);
    if (!laws->normal || !laws->tangential || !laws->damping || !laws->rolling || !pair ||
        !laws->normal->step || !laws->tangential->step || !laws->damping->step ||
        !laws->rolling->step)
        return CWB_EINPUT;
    ct->normal = laws->normal;
    ct->tangential = laws->tangential;
    ct->damping = laws->damping;
    ct->rolling = laws->rolling;
    ct->pair = pair;
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        ct->p[k] = p[k];
        ct->state_size[k] = head_of(ct, (cwb_kind)k)->state_size;
        if (ct->state_size[k] > CWB_MAX_STATE)
            return CWB_EINPUT;
        if (ct->state_size[k] > 0)
            ct->stateful_kind[ct->nstateful++] = (unsigned char)k;
    }
    ct->stateful = ct->nstateful > 0;
    ct->bound = 1;
    cwb_contact_reset(ct);
    return CWB_OK;
}

void cwb_contact_virgin(const cwb_contact *ct, cwb_kind kind, void *state)
{
    assert(contact_bound(ct) && kind >= 0 && kind < CWB_KIND_COUNT);
    const cwb_law_head *h = head_of(ct, kind);
    memset(state, 0, CWB_MAX_STATE);
    if (h->init)
        h->init(ct->p[kind], ct->pair, state);
}

void cwb_contact_reset(cwb_contact *ct)
{
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        cwb_contact_virgin(ct, (cwb_kind)k, ct->committed.state[k]);
}

/* The part of f in the plane whose normal is n. A tangential force acts in
 * the tangent plane (cwb_law.h); the composition keeps only that part of
 * what a law returns, so no tangential force can act along the normal,
 * where a driver books its work nowhere (the tangential work is F_t . v_t
 * with v_t in the plane): mindlin_deresiewicz once took its line of motion
 * from a round-off displacement along the normal of a head-on impact and
 * destroyed 6-16 % of the impact energy that way. For every law of the
 * registry the part removed is round-off (tests/test_energy_balance.c
 * closes the energy account of every combination). */
static cwb_vec3 tangent_part(cwb_vec3 f, cwb_vec3 n)
{
    double nn = cwb_v3_dot(n, n);
    return nn > 0.0 ? cwb_v3_sub(f, cwb_v3_scale(n, cwb_v3_dot(f, n) / nn)) : f;
}

/* What the last failed evaluation in this thread met (the law and the
 * kinematics), for the driver's message: a diagnostic beside the laws'
 * pure steps, written only when one fails. */
typedef struct {
    int set;
    const char *law, *kind, *why; /* law NULL: the kinematics were not finite */
    double delta, delta_rate, xi;
} failure_note;
static _Thread_local failure_note last_failure;

static int law_failed(const cwb_contact *ct, cwb_kind kind, const cwb_kin *k, int rc)
{
    const cwb_law_head *h = head_of(ct, kind);
    last_failure = (failure_note){1,        h->name,       cwb_kind_name(kind),  h->fails_when,
                                  k->delta, k->delta_rate, cwb_v3_norm(k->dxi_t)};
    return rc;
}

static int kin_not_finite(double delta, double delta_rate)
{
    last_failure = (failure_note){.set = 1, .delta = delta, .delta_rate = delta_rate};
    return CWB_EFAIL;
}

void cwb_contact_failure_clear(void)
{
    last_failure.set = 0;
}

const char *cwb_contact_failure(void)
{
    static _Thread_local char buf[CWB_MSG];
    const size_t n = sizeof buf;
    const failure_note *f = &last_failure;
    if (!f->set)
        snprintf(buf, n, "a law failed");
    else if (!f->law)
        snprintf(buf, n,
                 "the motion stopped being finite (overlap %g m, its rate %g m/s): the "
                 "integration diverged; a smaller dt, or dt = auto",
                 f->delta, f->delta_rate);
    else {
        char rate[48] = "", xi[48] = ""; /* each said where the driver moves it */
        if (f->delta_rate != 0.0)
            snprintf(rate, sizeof rate, ", its rate %g m/s", f->delta_rate);
        if (f->xi > 0.0)
            snprintf(xi, sizeof xi, ", tangential step %g m", f->xi);
        snprintf(buf, n, "the %s law '%s' failed at overlap %g m%s%s: %s", f->kind, f->law,
                 f->delta, rate, xi, f->why ? f->why : "it gave no reason");
    }
    return buf;
}

/* The four laws at k (finite), from the states `from` (the committed ones,
 * or a trial a driver probes from). */
static int eval_laws_from(const cwb_contact *ct, const cwb_kin *k, cwb_contact_out *o,
                          cwb_contact_trial *trial, const cwb_contact_trial *from)
{
    int rc;
    const unsigned char(*s)[CWB_MAX_STATE] = from->state;
    /* A law that keeps its state unchanged need not write its trial. */
    for (int i = 0; i < ct->nstateful; i++) {
        int kind = ct->stateful_kind[i];
        memcpy(trial->state[kind], s[kind], ct->state_size[kind]);
    }
    if ((rc = ct->normal->step(ct->p[CWB_KIND_NORMAL], ct->pair, s[CWB_KIND_NORMAL], k, &o->n,
                               trial->state[CWB_KIND_NORMAL])) != CWB_OK)
        return law_failed(ct, CWB_KIND_NORMAL, k, rc);
    if (ABSENT(ct->tangential))
        o->t = (cwb_tangential_out){0};
    else if ((rc = ct->tangential->step(ct->p[CWB_KIND_TANGENTIAL], ct->pair,
                                        s[CWB_KIND_TANGENTIAL], k, &o->n, &o->t,
                                        trial->state[CWB_KIND_TANGENTIAL])) != CWB_OK)
        return law_failed(ct, CWB_KIND_TANGENTIAL, k, rc);
    else
        o->t.force = tangent_part(o->t.force, k->normal);
    if (ABSENT(ct->damping))
        o->d = (cwb_damping_out){0};
    else if ((rc = ct->damping->step(ct->p[CWB_KIND_DAMPING], ct->pair, s[CWB_KIND_DAMPING], k,
                                     &o->n, &o->d, trial->state[CWB_KIND_DAMPING])) != CWB_OK)
        return law_failed(ct, CWB_KIND_DAMPING, k, rc);
    else
        o->d.force_t = tangent_part(o->d.force_t, k->normal);
    if (ABSENT(ct->rolling)) {
        o->r = (cwb_rolling_out){0};
        return CWB_OK;
    }
    rc = ct->rolling->step(ct->p[CWB_KIND_ROLLING], ct->pair, s[CWB_KIND_ROLLING], k, &o->n, &o->r,
                           trial->state[CWB_KIND_ROLLING]);
    return rc == CWB_OK ? CWB_OK : law_failed(ct, CWB_KIND_ROLLING, k, rc);
}

/* The four laws at k (finite), from the committed states. */
static int eval_laws(const cwb_contact *ct, const cwb_kin *k, cwb_contact_out *o,
                     cwb_contact_trial *trial)
{
    return eval_laws_from(ct, k, o, trial, &ct->committed); /* last: the registers stay */
}

int cwb_contact_eval(const cwb_contact *ct, const cwb_kin *k, cwb_contact_out *o,
                     cwb_contact_trial *trial)
{
    assert(contact_bound(ct));
    if (!kin_finite(k))
        return kin_not_finite(k->delta, k->delta_rate);
    return eval_laws(ct, k, o, trial);
}

void cwb_contact_axial_kin(cwb_kin *k)
{
    *k = (cwb_kin){.normal = {0, 0, 1}};
}

/* Only the five scalars are set, the vectors of k made once by
 * cwb_contact_axial_kin (building the 208-byte cwb_kin at every evaluation
 * was an eighth of a head-on Hertz evaluation), and those five are all
 * that can be non-finite, so they are all that is checked (kin_finite's 23
 * products were a fifth of a head-on collision's evaluation). */
int cwb_contact_eval_axial(const cwb_contact *ct, cwb_kin *k, double delta, double delta0,
                           double delta_rate, double dt, double h, cwb_contact_out *o,
                           cwb_contact_trial *trial)
{
    assert(contact_bound(ct));
    if (((0.0 * delta + 0.0 * delta0) + (0.0 * delta_rate + 0.0 * dt)) + 0.0 * h != 0.0)
        return kin_not_finite(delta, delta_rate);
    k->delta = delta;
    k->delta0 = delta0;
    k->delta_rate = delta_rate;
    k->dt = dt;
    k->h = h;
    return eval_laws(ct, k, o, trial);
}

/* A probe from a trial (the collision driver's slip rate past a step)
 * once copied the whole contact, 1.2 kB with its states, to commit the
 * trial into the copy: 166 instructions of a probe's 750. */
int cwb_contact_eval_from(const cwb_contact *ct, const cwb_contact_trial *from, const cwb_kin *k,
                          cwb_contact_out *o, cwb_contact_trial *trial)
{
    assert(contact_bound(ct) && from != trial);
    if (!kin_finite(k))
        return kin_not_finite(k->delta, k->delta_rate);
    return eval_laws_from(ct, k, o, trial, from);
}

int cwb_contact_end_forces(const cwb_contact *ct)
{
    assert(contact_bound(ct));
    for (int i = 0; i < CWB_KIND_COUNT; i++)
        if (!(head_of(ct, (cwb_kind)i)->flags & CWB_LAW_END_FORCES))
            return 0;
    return 1;
}

int cwb_contact_restart_forces(const cwb_contact *ct)
{
    assert(contact_bound(ct));
    for (int i = 0; i < CWB_KIND_COUNT; i++)
        if (!(head_of(ct, (cwb_kind)i)->flags & (CWB_LAW_END_FORCES | CWB_LAW_RESTART_FORCES)))
            return 0;
    return 1;
}

int cwb_contact_normal(const cwb_contact *ct, const void *state, const cwb_kin *k,
                       cwb_normal_out *o)
{
    assert(contact_bound(ct));
    if (!kin_finite(k))
        return kin_not_finite(k->delta, k->delta_rate);
    CWB_STATE_ALIGN unsigned char trial[CWB_MAX_STATE];
    const void *from = state ? state : ct->committed.state[CWB_KIND_NORMAL];
    int rc = ct->normal->step(ct->p[CWB_KIND_NORMAL], ct->pair, from, k, o, trial);
    return rc == CWB_OK ? CWB_OK : law_failed(ct, CWB_KIND_NORMAL, k, rc);
}

int cwb_contact_tangential(const cwb_contact *ct, const void *state, const cwb_kin *k,
                           const cwb_normal_out *nrm, cwb_tangential_out *o)
{
    assert(contact_bound(ct) && nrm);
    if (!kin_finite(k))
        return kin_not_finite(k->delta, k->delta_rate);
    CWB_STATE_ALIGN unsigned char trial[CWB_MAX_STATE];
    const void *from = state ? state : ct->committed.state[CWB_KIND_TANGENTIAL];
    int rc = ct->tangential->step(ct->p[CWB_KIND_TANGENTIAL], ct->pair, from, k, nrm, o, trial);
    return rc == CWB_OK ? CWB_OK : law_failed(ct, CWB_KIND_TANGENTIAL, k, rc);
}

double cwb_contact_ultimate_slip(const cwb_contact *ct, const cwb_normal_out *nrm)
{
    assert(contact_bound(ct) && nrm);
    if (!ct->tangential->ultimate_slip)
        return NAN;
    return ct->tangential->ultimate_slip(ct->p[CWB_KIND_TANGENTIAL], ct->pair, nrm);
}

double cwb_contact_pressure(const cwb_contact *ct, double delta, double r)
{
    assert(contact_bound(ct));
    if (!ct->normal->pressure)
        return NAN;
    return ct->normal->pressure(ct->p[CWB_KIND_NORMAL], ct->pair, delta, r);
}

double cwb_contact_traction(const cwb_contact *ct, const cwb_normal_out *nrm, double t, double x)
{
    assert(contact_bound(ct) && nrm);
    if (!ct->tangential->traction)
        return NAN;
    return ct->tangential->traction(ct->p[CWB_KIND_TANGENTIAL], ct->pair, nrm, t, x);
}

void cwb_contact_commit(cwb_contact *ct, const cwb_contact_trial *trial)
{
    assert(contact_bound(ct));
    for (int i = 0; i < ct->nstateful; i++) {
        int kind = ct->stateful_kind[i];
        memcpy(ct->committed.state[kind], trial->state[kind], ct->state_size[kind]);
    }
}
