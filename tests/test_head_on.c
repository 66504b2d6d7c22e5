/* test_head_on.c -- the collision driver's head-on path (src/drivers/collision.c,
 * "Head-on collisions"): a collision that starts on the line of centres (no
 * tangential velocity, no spin) integrates only the centres and velocities
 * along the normal, the normal work and the damping loss.
 *
 * What makes that exact is a symmetry of the laws: none gives a tangential
 * force or a torque while the tangential displacement, the tangential
 * velocity and the spins are zero. It is asserted here of every tangential,
 * damping and rolling law of the registry, with every normal law it
 * composes with, through loading past yield and unloading into tension (the
 * laws are never named: a new law is checked as it is registered). The
 * reduced path is then compared with the general one on every composition,
 * against Hertz's closed forms, and shown not to be taken off the line.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sf_gamma.h>

#include "cwb_collision.h"
#include "cwb_test.h"

#define CASE "tests/data/property_impact.case"

/* Law h composes with the normal law nh in geometry dim. */
static int composes(const cwb_law_head *h, const cwb_law_head *nh, unsigned dim)
{
    return (h->dims & dim) && (nh->dims & dim) && cwb_law_fits_normal(h, nh);
}

/* "kind.key=value" for the keys of law h: each key it requires at its
 * example value (a required key without one fails the test, so no law is
 * skipped silently); where the law takes them, sigma_y = 50 MPa, so that
 * the plastic laws yield on the paths below, and kn = 1e5 N/m, the linear
 * law's stiffness (the property material of tests/test_energy_balance.c). */
static size_t law_keys(cwb_kind kind, const cwb_law_head *h, char (*buf)[64], size_t k)
{
    for (size_t i = 0; h->params[i].name; i++) {
        const cwb_param *p = &h->params[i];
        const char *v = strcmp(p->name, "sigma_y") == 0 ? "50e6"
                        : strcmp(p->name, "kn") == 0    ? "1e5"
                                                        : NULL;
        if (!v && (p->flags & CWB_P_REQUIRED)) {
            ck_assert_msg(p->example != NULL, "%s law %s requires %s and gives no example",
                          cwb_kind_name(kind), h->name, p->name);
            v = p->example;
        }
        if (v)
            snprintf(buf[k++], 64, "%s.%s=%s", cwb_kind_name(kind), p->name, v);
    }
    return k;
}

/* The property case with normal law nh and law h of kind `kind` (NULL: the
 * normal law alone), in geometry dim (a disc for 2D), body 2 a wall or a
 * copy of body 1, plus the overrides `more`. */
static cwb_case *case_of(const cwb_law_head *nh, cwb_kind kind, const cwb_law_head *h, unsigned dim,
                         int wall, const char *const *more, size_t nmore)
{
    char buf[24][64];
    size_t k = 0;
    snprintf(buf[k++], 64, "contact.normal=%s", nh->name);
    k = law_keys(CWB_KIND_NORMAL, nh, buf, k);
    if (h) {
        snprintf(buf[k++], 64, "contact.%s=%s", cwb_kind_name(kind), h->name);
        k = law_keys(kind, h, buf, k);
    }
    snprintf(buf[k++], 64, "body1.shape=%s", dim == CWB_DIM_2D ? "disc" : "sphere");
    snprintf(buf[k++], 64, "body2.shape=%s", wall ? "wall" : "same");
    const char *over[32];
    size_t n = 0;
    for (size_t j = 0; j < k; j++)
        over[n++] = buf[j];
    for (size_t j = 0; j < nmore && n < 32; j++)
        over[n++] = more[j];
    return test_load(CASE, over, n);
}

/* The evaluation has no force off the normal and no torque, exactly: the
 * head-on path drops them, so any value would be physics it loses. */
static void check_silent(const cwb_contact_out *o, const char *what, double delta)
{
    const cwb_vec3 v[4] = {o->t.force, o->d.force_t, o->r.torque1, o->r.torque2};
    static const char *const name[4] = {"tangential force", "tangential damping force",
                                        "torque on body 1", "torque on body 2"};
    for (int i = 0; i < 4; i++)
        ck_assert_msg(v[i].x == 0.0 && v[i].y == 0.0 && v[i].z == 0.0,
                      "%s at overlap %g m with no tangential motion and no spin: %s (%g, %g, %g)",
                      what, delta, name[i], v[i].x, v[i].y, v[i].z);
}

/* cwb_contact_eval_axial, which the head-on path calls, gives what
 * cwb_contact_eval gives at the same kinematics, to the bit (it builds the
 * same cwb_kin): the responses and the trial states. */
static void check_axial(const cwb_contact *ct, const cwb_kin *k, const cwb_contact_out *o,
                        const cwb_contact_trial *t, const char *what)
{
    cwb_contact_out a;
    cwb_contact_trial ta;
    cwb_kin axial;
    cwb_contact_axial_kin(&axial);
    ck_assert_int_eq(cwb_contact_eval_axial(ct, &axial, k->delta, k->delta0, k->delta_rate, k->dt,
                                            k->h, &a, &ta),
                     CWB_OK);
    const double got[] = {a.n.force,   a.n.stiffness, a.n.energy, a.n.work,
                          a.d.force_n, a.t.energy,    a.t.slip,   a.r.energy};
    const double want[] = {o->n.force,   o->n.stiffness, o->n.energy, o->n.work,
                           o->d.force_n, o->t.energy,    o->t.slip,   o->r.energy};
    for (size_t i = 0; i < sizeof got / sizeof *got; i++)
        ck_assert_msg(got[i] == want[i] || (isnan(got[i]) && isnan(want[i])),
                      "%s at %g m: axial evaluation's value %zu %.17g, general %.17g", what,
                      k->delta, i, got[i], want[i]);
    for (int i = 0; i < CWB_KIND_COUNT; i++)
        ck_assert_msg(memcmp(ta.state[i], t->state[i], ct->state_size[i]) == 0,
                      "%s at %g m: axial evaluation's trial state of kind %d differs", what,
                      k->delta, i);
}

/* Law h (kind `kind`) with normal law nh through a normal path with zero
 * tangential motion, as the driver steps it: each step's midpoint stage and
 * its end, evaluated from the committed state, the end committed. The
 * path: touch, load to 5e-7 m (about five yield overlaps of the property
 * material at sigma_y = 50 MPa), unload to -5e-8 m (into tension, where an
 * adhesive law still holds), in steps of 1e-8 s. */
static void drive_normal_path(const cwb_law_head *nh, cwb_kind kind, const cwb_law_head *h,
                              unsigned dim)
{
    char what[160];
    snprintf(what, sizeof what, "%s with normal law %s (%s)", h->name, nh->name,
             dim == CWB_DIM_2D ? "2D" : "3D");
    cwb_case *c = case_of(nh, kind, h, dim, 1, NULL, 0);
    cwb_contact ct;
    ck_assert_msg(cwb_contact_init(&ct, c) == CWB_OK, "%s: cannot bind", what);
    enum { LOAD = 25, UNLOAD = 30 };
    const double top = 5e-7, bottom = -5e-8, dt = 1e-8;
    double d0 = 0.0;
    for (int i = 1; i <= LOAD + UNLOAD; i++) {
        double d1 = i <= LOAD ? top * i / LOAD : top + (bottom - top) * (i - LOAD) / UNLOAD;
        double rate = (d1 - d0) / dt;
        cwb_contact_out o;
        cwb_contact_trial t;
        for (int stage = 0; stage < 2; stage++) {
            double f = stage == 0 ? 0.5 : 1.0;
            cwb_kin k = {.delta = d0 + f * (d1 - d0),
                         .delta0 = d0,
                         .delta_rate = rate,
                         .normal = {0, 0, 1},
                         .dt = f * dt,
                         .h = dt};
            ck_assert_msg(cwb_contact_eval(&ct, &k, &o, &t) == CWB_OK, "%s: failed at %g m", what,
                          k.delta);
            check_silent(&o, what, k.delta);
            check_axial(&ct, &k, &o, &t, what);
        }
        cwb_contact_commit(&ct, &t);
        d0 = d1;
    }
    free(c);
}

/* The symmetry the head-on path rests on, for every law of the other three
 * kinds that composes with normal law _i, in each geometry both accept. */
START_TEST(off_normal_laws_silent_on_the_line)
{
    const cwb_law_head *nh = cwb_law_at(CWB_KIND_NORMAL, (size_t)_i);
    if (nh->flags & CWB_LAW_ABSENT)
        return; /* no collision to run: the driver refuses it */
    static const cwb_kind kinds[3] = {CWB_KIND_TANGENTIAL, CWB_KIND_DAMPING, CWB_KIND_ROLLING};
    size_t driven = 0;
    for (unsigned dim = CWB_DIM_3D; dim <= CWB_DIM_2D; dim <<= 1)
        for (int q = 0; q < 3; q++)
            for (size_t j = 0; j < cwb_law_count(kinds[q]); j++) {
                const cwb_law_head *h = cwb_law_at(kinds[q], j);
                if (!composes(h, nh, dim))
                    continue;
                drive_normal_path(nh, kinds[q], h, dim);
                driven++;
            }
    /* every normal law composes with the absent law of each kind */
    ck_assert_msg(driven >= 3, "%s: only %zu laws composed", nh->name, driven);
}
END_TEST

/* A non-finite number given to the axial evaluation is an error, as for
 * cwb_contact_eval (src/contact/contact.c: a law would turn it into a
 * non-finite force without a word). */
START_TEST(axial_evaluation_refuses_non_finite)
{
    cwb_case *c = test_load(CASE, NULL, 0);
    cwb_contact ct;
    ck_assert_int_eq(cwb_contact_init(&ct, c), CWB_OK);
    cwb_contact_out o;
    cwb_contact_trial t;
    cwb_kin k;
    cwb_contact_axial_kin(&k);
    const double good[5] = {1e-7, 0.0, 1.0, 1e-9, 1e-9};
    ck_assert_int_eq(
        cwb_contact_eval_axial(&ct, &k, good[0], good[1], good[2], good[3], good[4], &o, &t),
        CWB_OK);
    for (int i = 0; i < 5; i++)
        for (int bad = 0; bad < 2; bad++) {
            double v[5];
            memcpy(v, good, sizeof v);
            v[i] = bad ? NAN : -INFINITY;
            ck_assert_msg(cwb_contact_eval_axial(&ct, &k, v[0], v[1], v[2], v[3], v[4], &o, &t) ==
                              CWB_EFAIL,
                          "argument %d = %g accepted", i, v[i]);
        }
    free(c);
}
END_TEST

/* Results compared between the paths: what a head-on collision measures. */
static const char *const compared[] = {"restitution_normal",
                                       "contact_time",
                                       "max_overlap",
                                       "max_normal_force",
                                       "energy_dissipated_normal",
                                       "energy_dissipated_damping",
                                       "permanent_overlap",
                                       "zero_force_overlap"};

/* Tolerance of the comparison (relative; the energies relative to
 * energy_in). The two paths take the same steps with the same laws and
 * differ in round-off only: the general path's normal is d/|d|, which can
 * be 1 - 2^-53 where the head-on path has exactly 1, and its overlap rate
 * is the dot product with it. On a wall the normal is +z on both paths and
 * every result agrees to the bit; between two bodies, over every
 * composition below at dt = 2e-8 s (t_c/40 to t_c/110), the largest
 * difference measured was 5.3e-15 (tomas' contact time), 7.1e-16 on an
 * energy. Steps that end at a located event (yield, a knot, the peak, the
 * adhesive end) end where Brent's 1e-13 of the step puts them, which a
 * round-off change may move by that much: 1e-12 bounds both, a factor 200
 * above the largest measured. */
#define PATHS_AGREE 1e-12

static void compare_paths(cwb_case *head_on, cwb_case *general, const char *what)
{
    char msg[CWB_MSG];
    ck_assert_msg(cwb_collision_head_on(head_on) == 1, "%s: the head-on path is not taken", what);
    ck_assert_msg(cwb_collision_head_on(general) == 0, "%s: a twisting spin takes the head-on path",
                  what);
    cwb_result a, b;
    ck_assert_msg(cwb_run_case_scalars(head_on, &a, msg, sizeof msg) == CWB_OK, "%s: %s", what,
                  msg);
    ck_assert_msg(cwb_run_case_scalars(general, &b, msg, sizeof msg) == CWB_OK, "%s: %s", what,
                  msg);
    double in = cwb_result_get(&a, "energy_in");
    for (size_t i = 0; i < sizeof compared / sizeof *compared; i++) {
        double x = cwb_result_get(&a, compared[i]), y = cwb_result_get(&b, compared[i]);
        if (isnan(x) && isnan(y))
            continue;
        double scale = strncmp(compared[i], "energy_", 7) == 0 ? in : fabs(y);
        ck_assert_msg(fabs(x - y) <= PATHS_AGREE * scale,
                      "%s: %s %.17g head-on, %.17g on the general path (%.3g apart)", what,
                      compared[i], x, y, fabs(x - y) / scale);
    }
    cwb_result_free(&a);
    cwb_result_free(&b);
}

/* The head-on path against the general one on every composition of normal
 * law _i with each damping, tangential and rolling law, on a wall and on a
 * copy of the body, sphere and disc. The general path is forced by a spin
 * about the normal (omega1_normal = 1 rad/s): it makes no tangential
 * motion at the contact point (the spin's axis passes through it) and a
 * twisting torque, where a law gives one, acts about the normal and moves
 * nothing else, so the physics of the normal motion is the same and only
 * round-off differs. */
START_TEST(head_on_path_agrees_with_general)
{
    const cwb_law_head *nh = cwb_law_at(CWB_KIND_NORMAL, (size_t)_i);
    if (nh->flags & CWB_LAW_ABSENT)
        return; /* no normal force: the bodies pass through each other */
    static const cwb_kind kinds[3] = {CWB_KIND_DAMPING, CWB_KIND_TANGENTIAL, CWB_KIND_ROLLING};
    const char *fixed[] = {"driver.dt=2e-8"};
    const char *twist[] = {"driver.dt=2e-8", "driver.omega1_normal=1"};
    size_t runs = 0;
    for (unsigned dim = CWB_DIM_3D; dim <= CWB_DIM_2D; dim <<= 1)
        for (int wall = 0; wall < 2; wall++)
            for (int q = 0; q < 3; q++)
                for (size_t j = 0; j < cwb_law_count(kinds[q]); j++) {
                    const cwb_law_head *h = cwb_law_at(kinds[q], j);
                    if (!composes(h, nh, dim))
                        continue;
                    char what[200];
                    snprintf(what, sizeof what, "%s + %s %s (%s, %s)", nh->name,
                             cwb_kind_name(kinds[q]), h->name, dim == CWB_DIM_2D ? "2D" : "3D",
                             wall ? "wall" : "pair");
                    cwb_case *a = case_of(nh, kinds[q], h, dim, wall, fixed, 1);
                    cwb_case *b = case_of(nh, kinds[q], h, dim, wall, twist, 2);
                    compare_paths(a, b, what);
                    free(a);
                    free(b);
                    runs++;
                }
    ck_assert_msg(runs >= 6, "%s: only %zu collisions composed", nh->name, runs);
}
END_TEST

/* Hertz on the head-on path against the closed forms (Johnson, Contact
 * Mechanics, 1985, sec. 11.4): delta_max = (15 m* v^2 / (16 E* sqrt(R*)))^(2/5),
 * F_max = (4/3) E* sqrt(R*) delta_max^(3/2), t_c = (4/5) B(2/5, 1/2)
 * delta_max / v (= 2.9432 delta_max / v, i.e. 2.868 (m*^2 / (R* E*^2
 * v))^(1/5)), restitution 1. The glass pair of Chung & Ooi (2011) test 1 at
 * 20 m/s, and the aluminium sphere on a rigid wall of their test 2 at
 * 0.2 m/s, each at dt = t_c/200. Tolerance: RK4's error there, from its
 * fourth order: the contact time's error at t_c/16 is 2.4e-5 of t_c
 * (doc/benchmarks.md), so at t_c/200 (12.5 times shorter) 2.4e-5 / 12.5^4
 * = 1e-9; 1e-8 leaves a factor ten. */
START_TEST(head_on_hertz_closed_forms)
{
    static const struct {
        const char *file;
        double R1, E1, nu1, rho1, R2, v; /* R2 = 0: rigid flat of the same E, nu */
    } hc[] = {{"cases/chung_ooi_1_glass.case", 0.010, 4.8e10, 0.20, 2800, 0.010, 20},
              {"cases/chung_ooi_2_al_alloy.case", 0.10, 7.0e10, 0.30, 2699, 0, 0.2}};
    double m1 = 4.0 / 3.0 * M_PI * pow(hc[_i].R1, 3) * hc[_i].rho1, m, R, E;
    double c1 = (1 - hc[_i].nu1 * hc[_i].nu1) / hc[_i].E1;
    if (hc[_i].R2 > 0) {
        m = m1 / 2; /* two equal spheres */
        R = hc[_i].R1 / 2;
        E = 1.0 / (2 * c1);
    } else {
        m = m1;
        R = hc[_i].R1;
        E = 1.0 / c1;
    }
    double v = hc[_i].v, dmax = pow(15.0 * m * v * v / (16.0 * E * sqrt(R)), 0.4);
    double fmax = 4.0 / 3.0 * E * sqrt(R) * pow(dmax, 1.5);
    double tc = 0.8 * gsl_sf_beta(0.4, 0.5) * dmax / v;
    char dt[64];
    snprintf(dt, sizeof dt, "driver.dt=%.17g", tc / 200);
    const char *over[] = {dt};
    cwb_case *c = test_load(hc[_i].file, over, 1);
    ck_assert_int_eq(cwb_collision_head_on(c), 1);
    char msg[CWB_MSG];
    cwb_result r;
    ck_assert_msg(cwb_run_case_scalars(c, &r, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_rel(cwb_result_get(&r, "contact_time"), tc, 1e-8);
    ck_assert_rel(cwb_result_get(&r, "max_overlap"), dmax, 1e-8);
    ck_assert_rel(cwb_result_get(&r, "max_normal_force"), fmax, 1e-8);
    ck_assert_rel(cwb_result_get(&r, "restitution_normal"), 1.0, 1e-8);
    cwb_result_free(&r);
    free(c);
}
END_TEST

/* Off the line the head-on path is not taken: a tangential velocity, an
 * impact angle, a spin of either body about +y or about the normal. A
 * wall's spin is ignored (it does not move), so it stays head-on. */
START_TEST(head_on_only_on_the_line)
{
    static const struct {
        const char *key;
        const char *shape;
        int head_on;
    } cases[] = {{"driver.v_tangential=0", "same", 1},     {"driver.v_tangential=1e-9", "same", 0},
                 {"driver.omega1=1e-6", "same", 0},        {"driver.omega2=1e-6", "same", 0},
                 {"driver.omega1_normal=1e-6", "same", 0}, {"driver.omega2_normal=1e-6", "same", 0},
                 {"driver.omega1=1e-6", "wall", 0},        {"driver.omega2=1", "wall", 1},
                 {"driver.omega2_normal=1", "wall", 1}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char shape[64];
        snprintf(shape, sizeof shape, "body2.shape=%s", cases[i].shape);
        const char *over[] = {shape, cases[i].key};
        cwb_case *c = test_load(CASE, over, 2);
        ck_assert_msg(cwb_collision_head_on(c) == cases[i].head_on, "%s on a %s: head-on %d",
                      cases[i].key, cases[i].shape, cwb_collision_head_on(c));
        free(c);
    }
    /* Chung & Ooi's test 4 gives impact_speed and impact_angle_deg */
    const char *angle[2][1] = {{"driver.impact_angle_deg=0"}, {"driver.impact_angle_deg=5"}};
    for (int i = 0; i < 2; i++) {
        cwb_case *c = test_load("cases/chung_ooi_4_al_alloy.case", angle[i], 1);
        ck_assert_msg(cwb_collision_head_on(c) == (i == 0), "%s: head-on %d", angle[i][0],
                      cwb_collision_head_on(c));
        free(c);
    }
}
END_TEST

/* A spinning sphere dropped normally on a wall leaves it spinning slower:
 * the motion is off the line, and the general path integrates it. In gross
 * sliding throughout (contact-point slip omega R = 5 m/s against the
 * (7/2) mu (1 + e) v_n = 0.7 m/s friction can take out) the friction
 * impulse is mu J, J = 2 m v_n (elastic), so the spin falls by
 * (5/2) mu J / (m R) = 5 mu v_n / R (I = (2/5) m R^2; the rigid-body
 * impact of tests/test_collision.c, gross_sliding_rigid_body). Tolerance:
 * the torque arm R - delta of the deformed body, O(delta_max / R), as
 * there. Were the head-on path taken, the spin would come out unchanged. */
START_TEST(spinning_drop_not_head_on)
{
    const char *over[] = {"driver.omega1=-500"};
    cwb_case *c = test_load("tests/data/sliding_sphere_wall.case", over, 1);
    ck_assert_int_eq(cwb_collision_head_on(c), 0);
    char msg[CWB_MSG];
    cwb_result r;
    ck_assert_msg(cwb_run_case_scalars(c, &r, msg, sizeof msg) == CWB_OK, "%s", msg);
    double mu = 0.1, R = 0.01, vn = 1.0, spin = -500.0 + 5.0 * mu * vn / R;
    double arm = 2.0 * cwb_result_get(&r, "max_overlap") / R;
    ck_assert_rel(cwb_result_get(&r, "omega1_after"), spin, arm);
    ck_assert_rel(cwb_result_get(&r, "restitution_normal"), 1.0, 1e-6);
    cwb_result_free(&r);
    free(c);
}
END_TEST

/* What collision_verlet.c books as the scheme's energy rests on this: a
 * normal law it admits (end forces, not adhesive) is a spring with a
 * potential. Its force depends on the overlap alone (the same at closing
 * and opening rates of 1 m/s), and the energy it reports stored at an
 * overlap is the work done on it from touch, the integral of its force
 * (Simpson's rule on 2000 intervals of a smooth force to 5e-7 m: error
 * below 1e-12 of the work; asserted to 1e-9), so over a contact it returns
 * all of it and any loss or gain of the stepped work is the step's. Law _i
 * of the registry; others are skipped. */
START_TEST(verlet_normal_laws_store_their_work)
{
    const cwb_law_head *nh = cwb_law_at(CWB_KIND_NORMAL, (size_t)_i);
    if ((nh->flags & (CWB_LAW_ABSENT | CWB_LAW_ADHESIVE)) || !(nh->flags & CWB_LAW_END_FORCES) ||
        !(nh->dims & CWB_DIM_3D))
        return;
    cwb_case *c = case_of(nh, CWB_KIND_NORMAL, NULL, CWB_DIM_3D, 1, NULL, 0);
    cwb_contact ct;
    ck_assert_int_eq(cwb_contact_init(&ct, c), CWB_OK);
    enum { N = 2000 };
    const double top = 5e-7;
    double work = 0.0;
    for (int i = 0; i <= N; i++) {
        double f[3];
        cwb_contact_out o;
        cwb_contact_trial t;
        for (int j = 0; j < 3; j++) {
            cwb_kin k = {.delta = top * i / N,
                         .delta0 = top * i / N,
                         .delta_rate = (double)(j - 1),
                         .normal = {0, 0, 1},
                         .dt = 1e-9,
                         .h = 1e-9};
            ck_assert_int_eq(cwb_contact_eval(&ct, &k, &o, &t), CWB_OK);
            f[j] = o.n.force;
        }
        ck_assert_msg(f[0] == f[1] && f[2] == f[1], "%s: force at %g m moves with the rate",
                      nh->name, top * i / N);
        work += f[1] * (i == 0 || i == N ? 1.0 : i % 2 ? 4.0 : 2.0) * top / (3.0 * N);
        if (i == N)
            ck_assert_msg(fabs(o.n.energy - work) <= 1e-9 * work,
                          "%s: stores %.12g J at %g m, its force did %.12g J", nh->name, o.n.energy,
                          top, work);
    }
    free(c);
}
END_TEST

Suite *head_on_suite(void)
{
    Suite *s = suite_create("head_on");
    TCase *tc = test_tcase("head_on", 30);
    int normals = (int)cwb_law_count(CWB_KIND_NORMAL);
    tcase_add_loop_test(tc, off_normal_laws_silent_on_the_line, 0, normals);
    tcase_add_loop_test(tc, head_on_path_agrees_with_general, 0, normals);
    tcase_add_test(tc, axial_evaluation_refuses_non_finite);
    tcase_add_loop_test(tc, head_on_hertz_closed_forms, 0, 2);
    tcase_add_test(tc, head_on_only_on_the_line);
    tcase_add_test(tc, spinning_drop_not_head_on);
    tcase_add_loop_test(tc, verlet_normal_laws_store_their_work, 0, normals);
    suite_add_tcase(s, tc);
    return s;
}
