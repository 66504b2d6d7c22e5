/* test_hertz2d.c -- the plane-strain Hertz law of seed 000 (issue 4, first
 * part): against the explicit eqs. 4 and 23 (Johnson 1985 sec. 5.6), the
 * seed's own statement on the half-width, a quadrature of the force for the
 * energy, and its refusals. Material of seed 000 sec. 4.2: R = 0.5 m,
 * E = 10 GPa, nu = 0.25, two equal discs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_integration.h>

#include "cwb_test.h"

#define DISCS "tests/data/hertz2d_discs.case"

static cwb_normal_out eval_at(const cwb_case *c, double d, double d0)
{
    cwb_contact ct;
    cwb_contact_init(&ct, c);
    cwb_kin k = {.delta = d, .delta0 = d0, .normal = {0, 0, 1}};
    cwb_contact_out o;
    cwb_contact_trial trial;
    ck_assert_int_eq(cwb_contact_eval(&ct, &k, &o, &trial), CWB_OK);
    return o.n;
}

/* eqs. 4 and 23 hold at the force and half-width the law returns, from
 * first touch to a/R = 0.3; and delta_n = 0.025 m gives a ~ 13 % of R. */
START_TEST(hertz2d_on_eqs_4_and_23)
{
    cwb_case *c = test_load(DISCS, NULL, 0);
    double R = 0.5, Es = 1.0 / (2 * (1 - 0.25 * 0.25) / 1e10), Rs = 0.25;
    for (double d = 1e-12; d < 0.06; d *= 3.7) {
        cwb_normal_out o = eval_at(c, d, 0.0);
        double a = sqrt(4 * o.force * Rs / (M_PI * Es));
        ck_assert_rel(o.radius, a, 1e-12);
        double d23 = o.force / (M_PI * Es) * (2 * log(4 * R / a) - 1);
        ck_assert_rel(d23, d, 1e-12);
        /* stiffness against a central difference of the law itself */
        double h = 1e-6 * d;
        double k = (eval_at(c, d + h, 0).force - eval_at(c, d - h, 0).force) / (2 * h);
        ck_assert_rel(o.stiffness, k, 1e-6);
    }
    cwb_normal_out o = eval_at(c, 0.025, 0.0);
    ck_assert_msg(fabs(o.radius / R - 0.13) < 0.005, "a/R = %.4f at delta_n = 0.025 m, seed: ~0.13",
                  o.radius / R);
    free(c);
}
END_TEST

typedef struct {
    const cwb_case *c;
} force_ctx;

static double force_at(double d, void *param)
{
    return eval_at(((const force_ctx *)param)->c, d, 0.0).force;
}

/* The stored energy is the integral of the force (GSL QAGS here), for eq.
 * 23 and for eq. 22 with dissimilar discs; eq. 22 equals eq. 23 for equal
 * compliances. */
START_TEST(hertz2d_energy_and_eq22)
{
    static const char *dissimilar[] = {"normal.form=eq22", "body2.shape=disc", "body2.radius=0.2",
                                       "body2.E=3e10", "body2.nu=0.3", "body2.density=2650"};
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(200);
    for (int i = 0; i < 2; i++) {
        cwb_case *c = test_load(DISCS, i ? dissimilar : NULL, i ? 6 : 0);
        force_ctx fc = {c};
        gsl_function F = {force_at, &fc};
        double d = 0.02, integral, err;
        gsl_integration_qags(&F, 0.0, d, 0.0, 1e-11, 200, w, &integral, &err);
        ck_assert_rel(eval_at(c, d, 0.0).energy, integral, 1e-9);
        ck_assert_rel(eval_at(c, d, 0.5 * d).work, integral - eval_at(c, 0.5 * d, 0).energy,
                      1e-12);
        free(c);
    }
    gsl_integration_workspace_free(w);
    const char *eq22[] = {"normal.form=eq22"};
    cwb_case *c23 = test_load(DISCS, NULL, 0), *c22 = test_load(DISCS, eq22, 1);
    ck_assert_rel(eval_at(c22, 0.01, 0).force, eval_at(c23, 0.01, 0).force, 1e-12);
    free(c23);
    free(c22);
    /* eq. 22 for dissimilar discs against Johnson's sum, written here */
    cwb_case *c = test_load(DISCS, dissimilar, 6);
    cwb_normal_out o = eval_at(c, 0.01, 0);
    double c1 = (1 - 0.0625) / 1e10, c2 = (1 - 0.09) / 3e10, a = o.radius;
    double dj = 2 * o.force / M_PI * (c1 * (log(4 * 0.5 / a) - 0.5) + c2 * (log(4 * 0.2 / a) - 0.5));
    ck_assert_rel(dj, 0.01, 1e-12);
    double Rs = 0.5 * 0.2 / 0.7;
    ck_assert_rel(a, sqrt(4 * o.force * Rs / M_PI * (c1 + c2)), 1e-12);
    free(c);
}
END_TEST

/* A disc on a rigid wall is the disc against its mirror image at twice the
 * overlap (seed 000 sec. 3.2); an elastic wall is refused; half-widths past
 * a_over_R_max are flagged and warned. */
START_TEST(hertz2d_wall_and_limits)
{
    const char *wall[] = {"body2.shape=wall"};
    cwb_case *w = test_load(DISCS, wall, 1), *p = test_load(DISCS, NULL, 0);
    ck_assert_rel(eval_at(w, 0.01, 0).force, eval_at(p, 0.02, 0).force, 1e-12);
    ck_assert_rel(eval_at(w, 0.01, 0).energy, 0.5 * eval_at(p, 0.02, 0).energy, 1e-12);
    free(w);
    free(p);
    const char *elastic[] = {"body2.shape=wall", "body2.E=1e10", "body2.nu=0.25"};
    test_refused(DISCS, elastic, 3, "rigid");     /* a wall with E is elastic */
    const char *far[] = {"driver.normal=0.09"};
    cwb_result r;
    test_run(DISCS, far, 1, &r);
    ck_assert(r.nwarn >= 1);
    cwb_result_free(&r);
}
END_TEST

Suite *hertz2d_suite(void)
{
    Suite *s = suite_create("hertz2d");
    TCase *tc = tcase_create("hertz2d");
    tcase_add_test(tc, hertz2d_on_eqs_4_and_23);
    tcase_add_test(tc, hertz2d_energy_and_eq22);
    tcase_add_test(tc, hertz2d_wall_and_limits);
    suite_add_tcase(s, tc);
    return s;
}
