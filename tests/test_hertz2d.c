/* test_hertz2d.c -- the plane-strain law of seed 000: the normal law against
 * the explicit eqs. 4 and 23 (Johnson 1985 sec. 5.6) and the seed's own
 * statement on the half-width; the tangential laws against closed forms
 * written here (eqs. 3, 24-27, 31 with a constant w), a quadrature of eq. 2,
 * Masing's symmetry and the energy account; the trajectory, penalty and
 * ratio drivers against an awk implementation of the same equations
 * (reference/analytic/generate.sh), the seed's reported numbers and seed
 * 004 eq. 36. Material of seed 000 sec. 4.2: R = 0.5 m, E = 10 GPa,
 * nu = 0.25, mu = 0.3, two equal discs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_integration.h>

#include "cwb_test.h"

#define DISCS "tests/data/hertz2d_discs.case"
#define PI_ES (M_PI / (2 * (1 - 0.25 * 0.25) / 1e10)) /* pi E* [Pa] */

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
    /* The seed prints "about 13 %" of R: two digits, so 0.125 <= a/R < 0.135,
     * and 0.005 is half its last digit (cwb: 0.1309). */
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
    static const char *dissimilar[] = {"normal.form=eq22", "body2.shape=disc",
                                       "body2.radius=0.2", "body2.E=3e10",
                                       "body2.nu=0.3",     "body2.density=2650"};
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(200);
    for (int i = 0; i < 2; i++) {
        cwb_case *c = test_load(DISCS, i ? dissimilar : NULL, i ? 6 : 0);
        force_ctx fc = {c};
        gsl_function F = {force_at, &fc};
        double d = 0.02, integral, err;
        gsl_integration_qags(&F, 0.0, d, 0.0, 1e-11, 200, w, &integral, &err);
        ck_assert_rel(eval_at(c, d, 0.0).energy, integral, 1e-9);
        ck_assert_rel(eval_at(c, d, 0.5 * d).work, integral - eval_at(c, 0.5 * d, 0).energy, 1e-12);
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
    double dj =
        2 * o.force / M_PI * (c1 * (log(4 * 0.5 / a) - 0.5) + c2 * (log(4 * 0.2 / a) - 0.5));
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
    test_refused(DISCS, elastic, 3, "rigid"); /* a wall with E is elastic */
    const char *far[] = {"driver.normal=0.09"};
    cwb_result r;
    test_run(DISCS, far, 1, &r);
    ck_assert(r.nwarn >= 1);
    cwb_result_free(&r);
}
END_TEST

/* Past the largest overlap eq. 23 gives, no half-width has the overlap and
 * the law fails; the driver's message says which law, where and why. For
 * two equal discs delta(a) = a^2/(4 R*) (2 ln(4R/a) - 1) peaks where
 * ln(4R/a) = 1: a = 4R/e, delta_max = 8R/e^2 = 0.5413 m at R = 0.5 m (its
 * derivative, written here). 1e-3 on either side is far beyond the
 * solver's 1e-10. */
START_TEST(hertz2d_past_its_largest_overlap_says_why)
{
    cwb_case *c = test_load(DISCS, NULL, 0);
    double dmax = 8 * 0.5 / (M_E * M_E);
    cwb_normal_out o = eval_at(c, dmax * (1 - 1e-3), 0.0);
    ck_assert_rel(o.radius, 4 * 0.5 / M_E, 0.05); /* near the peak: a moves as sqrt */
    cwb_contact ct;
    cwb_contact_init(&ct, c);
    cwb_kin k = {.delta = dmax * (1 + 1e-3), .normal = {0, 0, 1}};
    cwb_contact_out out;
    cwb_contact_trial trial;
    ck_assert_int_eq(cwb_contact_eval(&ct, &k, &out, &trial), CWB_EFAIL);
    const char *why = cwb_contact_failure();
    ck_assert_msg(strstr(why, "the normal law 'hertz2d' failed at overlap 0.54") &&
                      strstr(why, "no half-width has this overlap"),
                  "%s", why);
    free(c);
    /* through a driver: the history stops with the same reason */
    const char *far[] = {"driver.normal=0.6", "driver.steps=6"};
    c = test_load(DISCS, far, 2);
    cwb_result r;
    char msg[CWB_MSG];
    ck_assert_int_eq(cwb_run_case(c, &r, msg, sizeof msg), CWB_EFAIL);
    const char *head = "history: segment 1: the normal law 'hertz2d' failed at overlap ",
               *at = strstr(msg, head);
    ck_assert_msg(at && strstr(msg, "no half-width"), "%s", msg);
    double d = strtod(at + strlen(head), NULL); /* the first overlap past the peak */
    ck_assert_msg(d > dmax && d <= 0.6, "%s", msg);
    cwb_result_free(&r);
    free(c);
}
END_TEST

/* Tangential response of the case's laws at overlap d after a monotonic
 * tangential displacement u from the virgin state. */
static cwb_contact_out eval_t(const cwb_case *c, double d, double u)
{
    cwb_contact ct;
    cwb_contact_init(&ct, c);
    cwb_kin k = {.delta = d, .normal = {0, 0, 1}, .dxi_t = {u, 0, 0}};
    cwb_contact_out o;
    cwb_contact_trial trial;
    ck_assert_int_eq(cwb_contact_eval(&ct, &k, &o, &trial), CWB_OK);
    return o;
}

/* eq. 25's bracket over pi E* for the two equal discs, constant w */
static double lambda_const(double b, double w)
{
    double R = 0.5, nu = 0.25;
    return (2 * log(2 * R / b) + 1 + w * (2 * log(4 * R / b) + nu / (1 - nu))) / PI_ES;
}

/* hertz2d_accurate with w = 0.5: the ultimate slip is eq. 27; approaching
 * it from below (c -> 0) the force tends to mu N and stays there past it
 * (continuity of partial and full slip); at c -> a the stiffness tends to
 * 1 / (lambda(a) - (1 + w)/(pi E*)), the derivative of eqs. 24-26 written
 * here; in between eqs. 24-26 with c from eq. 3 hold at the force the law
 * returns (its displacement-driven root solve inverted). */
START_TEST(accurate_limits_and_eqs_24_27)
{
    static const char *over[] = {"contact.tangential=hertz2d_accurate", "tangential.mu=0.3",
                                 "tangential.penalty=constant", "tangential.w=0.5"};
    cwb_case *c = test_load(DISCS, over, 4);
    double d = 0.025;
    cwb_contact_out o = eval_t(c, d, 0.0);
    double a = o.n.radius, mun = 0.3 * o.n.force, w = 0.5;
    double ult = mun * lambda_const(a, w); /* eq. 27 */
    ck_assert_rel(eval_t(c, d, ult * (1 - 1e-10)).t.force.x, mun, 1e-6);
    ck_assert_rel(eval_t(c, d, ult * (1 + 1e-10)).t.force.x, mun, 1e-15);
    ck_assert(eval_t(c, d, ult * 1.5).t.sliding);
    ck_assert(!eval_t(c, d, ult * 0.99).t.sliding);
    double k0 = 1.0 / (lambda_const(a, w) - (1 + w) / PI_ES);
    ck_assert_rel(eval_t(c, d, 1e-9 * ult).t.force.x / (1e-9 * ult), k0, 1e-6);
    ck_assert_rel(eval_t(c, d, 0.0).t.stiffness, k0, 1e-9);
    for (double f = 0.05; f < 1.0; f += 0.1) {
        double u = f * ult;
        double t = eval_t(c, d, u).t.force.x;
        double cc = a * sqrt(1 - t / mun); /* eq. 3 */
        double u24 = mun * lambda_const(a, w) - (mun - t) * lambda_const(cc, w);
        ck_assert_rel(u24, u, 1e-10);
    }
    free(c);
}
END_TEST

/* Force control inverts the law (history driver, GSL Brent): at T = mu N / 2
 * the displacement is eqs. 24-26 evaluated at that T with eq. 33 per body at
 * a and at c, written out here. */
START_TEST(accurate_force_driven)
{
    static const char *over[] = {"contact.tangential=hertz2d_accurate", "tangential.mu=0.3",
                                 "driver.normal=0.025, 0.025", "driver.tangential=0, 1e7",
                                 "driver.tangential_control=force"};
    cwb_result r;
    test_run(DISCS, over, 5, &r);
    size_t last = r.series.nrow - 1;
    double n = test_col(&r, "F_n", last), a = test_col(&r, "a", last), t = 1e7;
    double mun = 0.3 * n, c = a * sqrt(1 - t / mun), R = 0.5, nu = 0.25;
    double lam[2];
    for (int i = 0; i < 2; i++) {
        double b = i ? c : a, x = b / R;
        double w33 = 0.22 + 2.89 * x + 0.18 * nu - 10.31 * x * x + 1.75 * x * nu + 0.36 * nu * nu;
        lam[i] = 2 * (log(2 * R / b) + 0.5 + w33 * (log(4 * R / b) + nu / (2 * (1 - nu)))) / PI_ES;
    }
    ck_assert_rel(test_col(&r, "F_t", last), t, 1e-12);
    ck_assert_rel(test_col(&r, "xi_t", last), mun * lam[0] - (mun - t) * lam[1], 1e-9);
    cwb_result_free(&r);
}
END_TEST

/* Masing at constant N: a cycle +-u closes symmetrically (T(-u) = -T(u)),
 * reloading meets the first reversal point and continues on the virgin
 * curve; the energy account closes for both 2D tangential laws over a
 * history that also varies N (then the accurate law warns); slip
 * dissipation is positive. The simplified law never exceeds mu N. */
START_TEST(tangential_cycles_and_energy)
{
    static const char *acc[] = {"contact.tangential=hertz2d_accurate", "tangential.mu=0.3",
                                "driver.normal=0.025, 0.025, 0.025, 0.025, 0.025",
                                "driver.tangential=0, 0.008, -0.008, 0.008, 0.011",
                                "driver.steps=40"};
    cwb_result r;
    test_run(DISCS, acc, 5, &r);
    ck_assert_rel(test_col(&r, "F_t", 120), -test_col(&r, "F_t", 80), 1e-9);
    ck_assert_rel(test_col(&r, "F_t", 160), test_col(&r, "F_t", 80), 1e-9);
    cwb_case *c = test_load(DISCS, acc, 2);
    ck_assert_rel(test_col(&r, "F_t", 200), eval_t(c, 0.025, 0.011).t.force.x, 1e-9);
    free(c);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-12);
    ck_assert(cwb_result_get(&r, "energy_dissipated_slip") > 0.0);
    ck_assert_int_eq((int)r.nwarn, 0);
    cwb_result_free(&r);
    static const char *laws[] = {"contact.tangential=hertz2d_accurate",
                                 "contact.tangential=hertz2d_simplified"};
    for (int i = 0; i < 2; i++) {
        const char *vary[] = {
            laws[i], "tangential.mu=0.3", "driver.normal=0.01, 0.025, 0.015, 0.02, 0.02",
            "driver.tangential=0.002, 0.01, -0.004, 0.003, 0.02", "driver.steps=30"};
        test_run(DISCS, vary, 5, &r);
        double err = cwb_result_get(&r, "energy_balance_error");
        ck_assert_msg(fabs(err) < 1e-12, "%s: energy account off by %g", laws[i], err);
        for (size_t j = 0; j < r.series.nrow; j++)
            ck_assert(fabs(test_col(&r, "F_t", j)) <= 0.3 * test_col(&r, "F_n", j) * (1 + 1e-12));
        if (i == 0)
            ck_assert(r.nwarn >= 1); /* N changed under tangential history */
        cwb_result_free(&r);
    }
}
END_TEST

/* The simplified law's k_t is eq. 31, the accurate law's secant at the
 * onset of full slip: k_t * (eq. 27 displacement) = mu N, and both laws give
 * mu N there. Against a rigid wall both laws see twice the displacement. */
START_TEST(simplified_matches_accurate_at_full_slip)
{
    static const char *sim[] = {"contact.tangential=hertz2d_simplified", "tangential.mu=0.3"};
    static const char *acc[] = {"contact.tangential=hertz2d_accurate", "tangential.mu=0.3"};
    cwb_case *cs = test_load(DISCS, sim, 2), *ca = test_load(DISCS, acc, 2);
    for (double d = 0.001; d < 0.04; d *= 2) {
        cwb_contact_out o = eval_t(ca, d, 0.0);
        double mun = 0.3 * o.n.force;
        double ult = CWB_AS_TANGENTIAL(ca->law[CWB_KIND_TANGENTIAL])
                         ->ultimate_slip(ca->law_values[CWB_KIND_TANGENTIAL].p, &ca->pair, &o.n);
        ck_assert_rel(eval_t(cs, d, 0.0).t.stiffness * ult, mun, 1e-12);
        ck_assert_rel(eval_t(cs, d, ult).t.force.x, mun, 1e-12);
        ck_assert_rel(eval_t(ca, d, ult).t.force.x, mun, 1e-12);
        ck_assert_rel(eval_t(cs, d, 0.3 * ult).t.force.x, 0.3 * mun, 1e-12);
    }
    free(cs);
    free(ca);
    static const char *wall[] = {"contact.tangential=hertz2d_accurate", "tangential.mu=0.3",
                                 "body2.shape=wall"};
    cwb_case *cw = test_load(DISCS, wall, 3), *cp = test_load(DISCS, acc, 2);
    ck_assert_rel(eval_t(cw, 0.01, 0.002).t.force.x, eval_t(cp, 0.02, 0.004).t.force.x, 1e-9);
    free(cw);
    free(cp);
}
END_TEST

/* Fig. 11: eq. 2 integrated over the strip (GSL QAGS) is eq. 3's T, eq. 1
 * gives N, and both tractions match the awk solution of the same equations. */
START_TEST(fig11_tractions)
{
    cwb_result r;
    test_run("cases/seed000_fig11.case", NULL, 0, &r);
    ck_assert(fabs(cwb_result_get(&r, "force_integral_error")) < 1e-10);
    ck_assert(fabs(cwb_result_get(&r, "shear_integral_error")) < 1e-10);
    ck_assert(cwb_result_get(&r, "ref_max_rel_error") < 1e-9);
    ck_assert_int_eq((int)cwb_result_get(&r, "sliding"), 0); /* partial slip, as the seed says */
    cwb_result_free(&r);
}
END_TEST

/* Appendix C: stick, slide and separation against the awk solution; the
 * horizontal force falls to zero where the discs part, S = ((2R)^2 -
 * y0^2)^(1/2); equilibrium (eqs. C.1-C.2) and kinematics close at every
 * point; the peak is at the slip onset and equals mu N. */
START_TEST(appendix_c_trajectory)
{
    cwb_result r;
    test_run("cases/seed000_appendix_c.case", NULL, 0, &r);
    ck_assert(cwb_result_get(&r, "ref_max_rel_error") < 1e-9);
    ck_assert(cwb_result_get(&r, "max_equilibrium_residual") < 1e-12);
    ck_assert(cwb_result_get(&r, "max_kinematic_residual") < 1e-12);
    ck_assert(cwb_result_get(&r, "max_slip_residual") < 1e-9);
    double y0 = 1.0 - 0.025, sep = sqrt(1.0 - y0 * y0);
    ck_assert_rel(cwb_result_get(&r, "separation_travel"), sep, 1e-14);
    ck_assert_rel(cwb_result_get(&r, "peak_horizontal_force"),
                  0.3 * cwb_result_get(&r, "normal_force_initial"), 1e-12);
    double fpeak = cwb_result_get(&r, "peak_horizontal_force"), f_last = fpeak;
    for (size_t j = 1; j < r.series.nrow; j++) {
        double s = test_col(&r, "S", j), f = test_col(&r, "F", j);
        if (s >= sep) {
            ck_assert(f == 0.0 && test_col(&r, "N", j) == 0.0);
        } else if (test_col(&r, "regime", j) == 1.0) {
            ck_assert_msg(f < f_last, "F rose in the slide at S = %g m", s); /* falls to 0 */
            f_last = f;
        }
    }
    ck_assert_msg(f_last < 2e-4 * fpeak, "F = %g N/m at the last point before separation", f_last);
    cwb_result_free(&r);
}
END_TEST

/* Fig. 9: with w = 0.5 instead of eq. 33 the seed reports displacement
 * errors below 25 % and force errors below 20 %; over a/R = 0.01-0.2 and
 * nu = 0-0.45 cwb finds 20.7 % and 17.2 %, at a/R = 0.01, nu = 0 (eq. 20
 * there: (L1 + w L2) with L1 = ln(200) + 1/2, L2 = ln(400), w_33 = 0.2489). */
START_TEST(fig9_constant_penalty_errors)
{
    cwb_result r;
    test_run("cases/seed000_fig9.case", NULL, 0, &r);
    double ed = cwb_result_get(&r, "max_abs_disp_error"),
           ef = cwb_result_get(&r, "max_abs_force_error");
    ck_assert(ed < 0.25 && ef < 0.20);
    double l1 = log(200) + 0.5, l2 = log(400), w = 0.22 + 2.89 * 0.01 - 10.31 * 1e-4;
    ck_assert_rel(ed, (l1 + 0.5 * l2) / (l1 + w * l2) - 1, 1e-12);
    ck_assert_rel(ef, 1 - (l1 + w * l2) / (l1 + 0.5 * l2), 1e-12);
    cwb_result_free(&r);
    /* the driver reads eq. 33's w33_* of the laws alone: any other law key
     * given is refused, where it was taken and dropped */
    const char *per_body[] = {"tangential.compliance=per_body"}, *form[] = {"normal.form=eq22"};
    test_refused("cases/seed000_fig9.case", per_body, 1,
                 "[tangential] compliance = per_body: the penalty driver evaluates eq. 20 itself");
    test_refused("cases/seed000_fig9.case", form, 1, "[normal] form = eq22: the penalty driver");
}
END_TEST

/* Fig. 15: the equivalent normal stiffness is the seed's 2.7e9 N/m (to 1 %);
 * with mu = 0.3 the contact slides from the first increment, against the
 * seed's "the slide regime is not attained" (finding, README), and T = mu N
 * as the awk reference has it; without the Coulomb limit the equivalent
 * tangential stiffness is the seed's 1.5e9 N/m to 6 %. */
START_TEST(fig15_equivalent_stiffnesses)
{
    cwb_result r;
    test_run("cases/seed000_fig15a.case", NULL, 0, &r);
    ck_assert_rel(cwb_result_get(&r, "k_n_equivalent"), 2.7e9, 0.01);
    ck_assert(cwb_result_get(&r, "ref_max_rel_error") < 1e-9);
    cwb_result_free(&r);
    test_run("cases/seed000_fig15b.case", NULL, 0, &r);
    ck_assert_int_eq((int)cwb_result_get(&r, "sliding_steps"), 100);
    ck_assert(cwb_result_get(&r, "ref_max_rel_error") < 1e-9);
    cwb_result_free(&r);
    test_run("cases/seed000_fig15b_no_slip.case", NULL, 0, &r);
    ck_assert_int_eq((int)cwb_result_get(&r, "sliding_steps"), 0);
    /* Not the printed precision alone: "1.5e9" (two digits) allows 1.45e9 to
     * 1.55e9, -3.3 %; cwb's sum(xy)/sum(x^2) fit gives 1.419e9 +- 4.1e6,
     * -5.4 %, and the seed does not say how it fitted its value (README
     * finding). 6 % is that measured gap rounded up: a guard that the known
     * discrepancy does not grow, not a derived bound. k_n above: "2.7e9"
     * allows +-1.9 %, cwb is 0.05 % off, so 1 % is inside the printed precision. */
    ck_assert_rel(cwb_result_get(&r, "k_t_equivalent"), 1.5e9, 0.06);
    cwb_result_free(&r);
}
END_TEST

/* The ratio driver on Hertz + Mindlin spheres of one material gives seed
 * 004 eq. 36's kappa = 2 (1 - nu)/(2 - nu) at every overlap (inside the
 * band), and on two materials the pair's own 4 G* / E*; on the 2D law it reports where the ratio leaves the band. */
START_TEST(ratio_against_eq36)
{
    static const char *sph[] = {"contact.normal=hertz", "contact.tangential=mindlin",
                                "body1.shape=sphere", "body1.radius=0.005", "body1.nu=0.3"};
    cwb_result r;
    test_run("cases/seed000_ratio.case", sph, 5, &r);
    for (size_t j = 0; j < r.series.nrow; j += 7)
        ck_assert_rel(test_col(&r, "ratio", j), 2 * (1 - 0.3) / (2 - 0.3), 1e-12);
    ck_assert_int_eq((int)cwb_result_get(&r, "points_outside_band"), 0);
    cwb_result_free(&r);
    /* Two materials (steel on glass): kappa_eq36 is the pair's 4 G* / E*,
     * computed here from E and nu (1/E* = sum (1 - nu^2)/E, 1/G* = sum
     * (2 - nu)/G, G = E/(2 (1 + nu))), and Mindlin's ratio equals it; body
     * 1's nu alone gave 2 (1 - 0.3)/(2 - 0.3) = 0.8235, 4.6 % low. */
    static const char *two[] = {"contact.normal=hertz", "contact.tangential=mindlin",
                                "body1.shape=sphere",   "body1.radius=0.005",
                                "body1.E=2.1e11",       "body1.nu=0.3",
                                "body2.shape=sphere",   "body2.radius=0.01",
                                "body2.E=7e10",         "body2.nu=0.22",
                                "body2.density=2500"};
    double g1 = 2.1e11 / (2 * 1.3), g2 = 7e10 / (2 * 1.22);
    double e_star = 1 / ((1 - 0.09) / 2.1e11 + (1 - 0.0484) / 7e10);
    double g_star = 1 / ((2 - 0.3) / g1 + (2 - 0.22) / g2);
    test_run("cases/seed000_ratio.case", two, 11, &r);
    ck_assert_rel(cwb_result_get(&r, "kappa_eq36"), 4 * g_star / e_star, 1e-12);
    for (size_t j = 0; j < r.series.nrow; j += 7)
        ck_assert_rel(test_col(&r, "ratio", j), 4 * g_star / e_star, 1e-12);
    cwb_result_free(&r);
    test_run("cases/seed000_ratio.case", NULL, 0, &r);
    ck_assert(cwb_result_get(&r, "points_outside_band") > 0);
    ck_assert(r.nwarn >= 1);
    cwb_result_free(&r);
}
END_TEST

/* Bad input to the 2D laws and drivers is refused with the key and why. */
START_TEST(refusals_2d)
{
    static const char *w[] = {"contact.tangential=hertz2d_accurate", "tangential.mu=0.3",
                              "tangential.w=1.5"};
    test_refused(DISCS, w, 3, "out of range");
    static const char *pen[] = {"contact.tangential=hertz2d_simplified", "tangential.mu=0.3",
                                "tangential.penalty=eq34"};
    test_refused(DISCS, pen, 3, "not one of the allowed words");
    static const char *nomu[] = {"contact.tangential=hertz2d_accurate"};
    test_refused(DISCS, nomu, 1, "missing required key 'mu'");
    static const char *lin[] = {"contact.normal=linear", "normal.kn=1e9",
                                "contact.tangential=hertz2d_accurate", "tangential.mu=0.3"};
    test_refused(DISCS, lin, 4, "'hertz2d' normal law");
    static const char *wall[] = {"body2.shape=wall"};
    test_refused("cases/seed000_fig12.case", wall, 1, "two discs");
    static const char *tlin[] = {"contact.tangential=linear", "tangential.kt_div_kn=0.5"};
    test_refused("cases/seed000_fig12.case", tlin, 2, "ultimate slip");
    test_refused("cases/seed000_fig9.case", tlin, 2, "eq. 33");
    static const char *deep[] = {"driver.overlap=1.5"};
    test_refused("cases/seed000_fig12.case", deep, 1, "not below R1 + R2");
    static const char *rev[] = {"driver.overlap_to=1e-7"};
    test_refused("cases/seed000_ratio.case", rev, 1, "overlap_to must exceed");
    static const char *sph[] = {"driver.tangential=1e-8"};
    test_refused("cases/seed004_fig3b.case", sph, 1, "needs discs");
    static const char *auxetic[] = {"contact.tangential=hertz2d_accurate", "tangential.mu=0.3",
                                    "body1.nu=-0.2"};
    test_refused(DISCS, auxetic, 3, "fitted for 0 <= nu < 0.5");
    /* in a case file: file, line, key and value */
    FILE *f = fopen("/tmp/cwb-2d-bad.case", "w");
    ck_assert(f != NULL);
    fprintf(f, "[contact]\nnormal = hertz2d\ntangential = hertz2d_accurate\n[tangential]\n"
               "mu = 0.3\ncompliance = mixed\n[body1]\nshape = disc\nradius = 0.5\nE = 1e10\n"
               "nu = 0.25\ndensity = 2650\n[body2]\nshape = same\n[driver]\ntype = history\n"
               "normal = 0.01\n");
    fclose(f);
    test_refused("/tmp/cwb-2d-bad.case", NULL, 0,
                 "cwb-2d-bad.case:6: [tangential] compliance = 'mixed'");
    f = fopen("/tmp/cwb-2d-bad.case", "w");
    fprintf(f, "[contact]\nnormal = hertz2d\ntangential = hertz2d_simplified\n[tangential]\n"
               "mu = 0.3\nw33_xx = abc\n[body1]\nshape = disc\nradius = 0.5\nE = 1e10\n"
               "nu = 0.25\ndensity = 2650\n[body2]\nshape = same\n[driver]\ntype = history\n"
               "normal = 0.01\n");
    fclose(f);
    test_refused("/tmp/cwb-2d-bad.case", NULL, 0, "cwb-2d-bad.case:6: [tangential] w33_xx");
    remove("/tmp/cwb-2d-bad.case");
    static const char *nus[] = {"driver.nu=0.5"};
    test_refused("cases/seed000_fig9.case", nus, 1, "out of range");
}
END_TEST

/* compliance = per_body (each body's (1 - nu^2)/E, the eq. 22 analogue)
 * equals eq. 25's composite form for equal discs and, for dissimilar ones,
 * gives the ultimate slip (2 mu N/pi) sum_i c_i [ln(2R_i/a) + 1/2 + w_i (ln(4R_i/a) +
 * nu_i/(2(1-nu_i)))] with w_i of eq. 33 at a/R_i, written out here. */
START_TEST(per_body_compliance)
{
    static const char *eq[] = {"contact.tangential=hertz2d_simplified", "tangential.mu=0.3"};
    static const char *pb[] = {"contact.tangential=hertz2d_simplified", "tangential.mu=0.3",
                               "tangential.compliance=per_body"};
    cwb_case *c1 = test_load(DISCS, eq, 2), *c2 = test_load(DISCS, pb, 3);
    ck_assert_rel(eval_t(c2, 0.01, 0.0).t.stiffness, eval_t(c1, 0.01, 0.0).t.stiffness, 1e-12);
    free(c1);
    free(c2);
    static const char *dis[] = {"contact.tangential=hertz2d_simplified",
                                "tangential.mu=0.3",
                                "tangential.compliance=per_body",
                                "normal.form=eq22",
                                "body2.shape=disc",
                                "body2.radius=0.2",
                                "body2.E=3e10",
                                "body2.nu=0.3",
                                "body2.density=2650"};
    cwb_case *c = test_load(DISCS, dis, 9);
    cwb_contact_out o = eval_t(c, 0.01, 0.0);
    double a = o.n.radius, R[2] = {0.5, 0.2}, nu[2] = {0.25, 0.3}, E[2] = {1e10, 3e10}, sum = 0;
    for (int i = 0; i < 2; i++) {
        double x = a / R[i];
        double w = 0.22 + 2.89 * x + 0.18 * nu[i] - 10.31 * x * x + 1.75 * x * nu[i] +
                   0.36 * nu[i] * nu[i];
        sum += (1 - nu[i] * nu[i]) / E[i] *
               (log(2 * R[i] / a) + 0.5 + w * (log(4 * R[i] / a) + nu[i] / (2 * (1 - nu[i]))));
    }
    ck_assert_rel(1.0 / o.t.stiffness, 2.0 / M_PI * sum, 1e-12);
    free(c);
}
END_TEST

/* hertz2d_accurate in an oblique collision of two steel discs (R 1 mm, E
 * 210 GPa, nu 0.3, 7850 kg/m^3; 1 m/s normal, 0.5 m/s tangential, mu
 * 0.3: what `cwb init collision --tangential hertz2d_accurate` writes).
 * The law's Masing branch starts where the tangential motion reverses and
 * its Coulomb cap engages where the carried force meets mu N; the law now
 * reports both (CWB_FLAG_REVERSAL, slip_margin) and the collision driver
 * ends its RK4 steps there. A convergence check, not a reference value:
 * the tangential restitution at the fixed steps t_c/512, t_c/1024,
 * t_c/2048 (t_c = 1.9263111e-6 s) must agree to 1e-6, the finest dt_tol
 * doc/integration.md runs this case at (the agreement dt = auto needs
 * there; the old scatter was 39 times it). Measured: 0.31865388,
 * 0.31865373, 0.31865384 (spread 1.5e-7); before, with both decided per
 * step, 0.31862185, 0.31866038, 0.31862529 (spread 3.9e-5, no order), and
 * dt = auto at dt_tol 1e-6 took 279,057 steps (now 4,315). */
static const char oblique_discs[] =
    "[contact]\nnormal = hertz2d\ntangential = hertz2d_accurate\n"
    "[body1]\nshape = disc\nradius = 1e-3\nE = 2.1e11\nnu = 0.3\ndensity = 7850\n"
    "[body2]\nshape = same\n"
    "[driver]\ntype = collision\nv_normal = 1\nv_tangential = 0.5\nrows = 10\n"
    "[tangential]\nmu = 0.3\n";

START_TEST(accurate_collision_settles_with_the_step)
{
    char dir[256], path[512];
    test_tmp_make(dir, sizeof dir, "h2dcoll");
    test_write_file(test_tmp_path(dir, "discs.case", path, sizeof path), oblique_discs);
    double e[3], lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < 3; i++) {
        char step[64];
        snprintf(step, sizeof step, "driver.dt=%.17g", 1.9263111e-6 / (512 << i));
        const char *over[] = {step};
        cwb_result r;
        test_run(path, over, 1, &r);
        e[i] = cwb_result_get(&r, "restitution_tangential");
        lo = fmin(lo, e[i]);
        hi = fmax(hi, e[i]);
        cwb_result_free(&r);
    }
    ck_assert_msg(hi - lo < 1e-6, "e_t %.9g, %.9g, %.9g at t_c/512, /1024, /2048: spread %g > 1e-6",
                  e[0], e[1], e[2], hi - lo);
    test_tmp_remove(dir);
}
END_TEST

Suite *hertz2d_suite(void)
{
    Suite *s = suite_create("hertz2d");
    TCase *tc = test_tcase("hertz2d", 30);
    tcase_add_test(tc, hertz2d_on_eqs_4_and_23);
    tcase_add_test(tc, hertz2d_energy_and_eq22);
    tcase_add_test(tc, hertz2d_wall_and_limits);
    tcase_add_test(tc, hertz2d_past_its_largest_overlap_says_why);
    tcase_add_test(tc, accurate_limits_and_eqs_24_27);
    tcase_add_test(tc, accurate_force_driven);
    tcase_add_test(tc, tangential_cycles_and_energy);
    tcase_add_test(tc, simplified_matches_accurate_at_full_slip);
    tcase_add_test(tc, fig11_tractions);
    tcase_add_test(tc, appendix_c_trajectory);
    tcase_add_test(tc, fig9_constant_penalty_errors);
    tcase_add_test(tc, fig15_equivalent_stiffnesses);
    tcase_add_test(tc, ratio_against_eq36);
    tcase_add_test(tc, refusals_2d);
    tcase_add_test(tc, per_body_compliance);
    suite_add_tcase(s, tc);
    TCase *coll = test_tcase("hertz2d_collision", 60);
    tcase_add_test(coll, accurate_collision_settles_with_the_step);
    suite_add_tcase(s, coll);
    return s;
}
