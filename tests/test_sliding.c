/* test_sliding.c -- seed 003 (Part II): the closed forms against direct
 * adaptive quadrature (qags) of the integrals they came from, the sliding
 * driver's RK4 solution against the closed forms, its energy balance, and
 * bad input for every key of [driver] type = sliding.
 *
 * The inputs are the paper's (kn = 1 N/m^1.5, R = 1 m, mu = 0.6) with
 * m = 1 kg and h0 = 0.1 m (the paper does not state them).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gsl/gsl_integration.h>

#include "../src/drivers/cwb_sliding.h" /* private header, beside the driver */
#include "cwb_test.h"

static const char line_case[] =
    "[contact]\n"            /* 1 */
    "normal = hertz\n"       /* 2 */
    "\n"
    "[body1]\n"              /* 4 */
    "shape = sphere\n"
    "radius = 1\n"           /* 6 */
    "E = 1e6\n"
    "nu = 0.3\n"
    "density = 1000\n"       /* 9 */
    "\n"
    "[body2]\n"
    "shape = same\n"         /* 12 */
    "\n"
    "[driver]\n"             /* 14 */
    "type = sliding\n"       /* 15 */
    "path = line\n"          /* 16 */
    "h0 = 0.1\n"             /* 17 */
    "kn = 1\n"               /* 18 */
    "mass = 1\n"             /* 19 */
    "mu = 0.6\n"             /* 20 */
    "v0_over_vcrit = 1.5\n"  /* 21 */
    "vcrit_bracket = off\n"; /* 22 */

/* Write line_case with one string replaced into a temporary file. */
static void write_case(char *path, size_t n, const char *find, const char *replace)
{
    snprintf(path, n, "/tmp/cwb_test_sliding_%ld.case", (long)getpid());
    const char *at = find ? strstr(line_case, find) : NULL;
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    if (at) {
        fwrite(line_case, 1, (size_t)(at - line_case), f);
        fputs(replace, f);
        fputs(at + strlen(find), f);
    } else {
        fputs(line_case, f);
    }
    ck_assert_int_eq(fclose(f), 0);
}

static cwb_sliding geometry(cwb_sliding_path path, double mu, double kt)
{
    cwb_sliding g;
    char msg[256];
    ck_assert_int_eq(cwb_sliding_init(&g, path, 1.0, 1.0, mu, 1.0, 0.1, kt, msg, sizeof msg),
                     CWB_OK);
    return g;
}

typedef struct {
    const cwb_sliding *g;
    double sg;
} arg;

static double normal_integrand(double s, void *p)
{
    const arg *a = p;
    cwb_sliding_point q;
    cwb_sliding_at(a->g, s, &q);
    return cwb_sliding_normal_force(a->g, s) * q.cn;
}

static double qags(double (*f)(double, void *), void *p, double lo, double hi)
{
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(200);
    gsl_function F = {f, p};
    double r, e;
    ck_assert_ptr_nonnull(w);
    gsl_integration_qags(&F, lo, hi, 0.0, 1e-13, 200, w, &r, &e);
    gsl_integration_workspace_free(w);
    return r;
}

/* Eq. 15 (elliptic integrals) against qags of eq. 8, and eqs. 13 / 28
 * against qags of N c_n, at points along the path, both directions. The
 * scale is the whole path's friction work; both sides are exact, so 1e-10. */
START_TEST(test_work_closed_forms)
{
    for (int mu_i = 0; mu_i < 2; mu_i++) {
        cwb_sliding g = geometry(CWB_SLIDING_LINE, mu_i ? 0.1 : 0.6, 0);
        double scale = fabs(cwb_sliding_work_total(&g));
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            double sg = sgn, s0 = -sg * g.su;
            for (double f = -1.0; f <= 1.0; f += 0.125) {
                double s = f * g.su;
                ck_assert_msg(fabs(cwb_sliding_line_work_friction(&g, s0, s, sg) -
                                   cwb_sliding_work_friction_qags(&g, s0, s, sg)) <=
                                  1e-10 * scale,
                              "eq. 15 vs qags at s = %g, sg = %g", s, sg);
                arg a = {&g, sg};
                double wn = qags(normal_integrand, &a, fmin(s0, s), fmax(s0, s));
                wn = s >= s0 ? wn : -wn;
                ck_assert_msg(fabs(cwb_sliding_work_normal(&g, s) - wn) <= 1e-10 * scale,
                              "eq. 13 vs qags at s = %g", s);
            }
        }
        /* eq. 19 (complete integrals) = eq. 8 over the whole path */
        ck_assert_rel(cwb_sliding_work_total(&g),
                      cwb_sliding_work_friction_qags(&g, -g.su, g.su, 1.0), 1e-11);
    }
    cwb_sliding c = geometry(CWB_SLIDING_CIRCLE, 0.6, 0.3);
    arg a = {&c, 1.0};
    for (double f = -0.75; f <= 1.0; f += 0.25)
        ck_assert_msg(fabs(cwb_sliding_work_normal(&c, f * c.su) -
                           qags(normal_integrand, &a, -c.su, f * c.su)) <=
                          1e-10 * fabs(cwb_sliding_work_total(&c)),
                      "eq. 28 vs qags at s = %g su", f);
}
END_TEST

static double power7(double x, void *p)
{
    (void)p;
    return pow(x, 7) - 3.0 * x * x + 1.0;
}

static double power8(double x, void *p)
{
    (void)p;
    return pow(x, 8);
}

/* Eq. 23 is the 5-point Gauss-Lobatto rule: exact to degree 7, and its
 * error on x^8 is 0.703 (h/10)^9 8! (eq. 24; the constant printed to 3 digits). */
START_TEST(test_lobatto)
{
    double a = 0.3, b = 1.7, h = b - a;
    double exact7 = (pow(b, 8) - pow(a, 8)) / 8.0 - (pow(b, 3) - pow(a, 3)) + h;
    ck_assert_rel(cwb_sliding_lobatto5(power7, NULL, a, b), exact7, 1e-14);
    double exact8 = (pow(b, 9) - pow(a, 9)) / 9.0;
    double err = cwb_sliding_lobatto5(power8, NULL, a, b) - exact8;
    ck_assert_rel(err, 0.703 * pow(h / 10.0, 9) * 40320.0, 1e-3);
}
END_TEST

/* Eqs. 20-21 from eq. 19 against qags of the whole path; eq. 16 (signed). */
START_TEST(test_restitution_vcrit)
{
    cwb_sliding g = geometry(CWB_SLIDING_LINE, 0.6, 0);
    double w = cwb_sliding_work_friction_qags(&g, -g.su, g.su, 1.0);
    ck_assert_rel(cwb_sliding_vcrit(&g), sqrt(-2.0 * w / g.m), 1e-11);
    double v0 = -0.3;
    ck_assert_rel(cwb_sliding_restitution(&g, v0), sqrt(1.0 + 2.0 * w / (g.m * v0 * v0)), 1e-11);
    ck_assert_rel(cwb_sliding_velocity(&g, v0, -g.su, 0), v0 * cwb_sliding_restitution(&g, v0),
                  1e-11);
    /* mu >= tan alpha_u (0.33 here): eq. 21 is the least passing speed */
    ck_assert_rel(cwb_sliding_vcrit_barrier(&g, NULL), cwb_sliding_vcrit(&g), 1e-11);
}
END_TEST

/* The driver's RK4 solution, converged (dt_tol 1e-10), against eq. 16 at
 * every row, e_s against eq. 20, the contact time against qags of eq. 22,
 * and the energy balance: E_kin lost = -(W_n + W_mu) row by row. */
START_TEST(test_driver_line)
{
    char path[64];
    write_case(path, sizeof path, NULL, NULL);
    cwb_result r;
    cwb_result_init(&r);
    test_run(path, NULL, 0, &r);
    cwb_sliding g = geometry(CWB_SLIDING_LINE, 0.6, 0);
    double v0 = cwb_result_get(&r, "v0");
    ck_assert_rel(v0, 1.5 * cwb_sliding_vcrit(&g), 1e-14);
    ck_assert_rel(cwb_result_get(&r, "e_s"), cwb_sliding_restitution(&g, v0), 1e-8);
    ck_assert_rel(cwb_result_get(&r, "contact_time"), cwb_sliding_contact_time_qags(&g, v0),
                  1e-8);
    double e0 = 0.5 * v0 * v0;
    for (size_t i = 0; i < r.series.nrow; i++) {
        double s = test_col(&r, "s", i), v = test_col(&r, "v", i);
        ck_assert_msg(fabs(v - cwb_sliding_velocity(&g, v0, s, 0)) <= 1e-8 * v0,
                      "row %zu: v = %.12g, eq. 16 %.12g", i, v,
                      cwb_sliding_velocity(&g, v0, s, 0));
        double lost = e0 - test_col(&r, "E_kin", i);
        double work = test_col(&r, "W_friction", i) + cwb_sliding_work_normal(&g, s);
        ck_assert_msg(fabs(lost + work) <= 1e-10 * e0, "row %zu: energy off by %g", i,
                      lost + work);
    }
    cwb_result_free(&r);
    unlink(path);
}
END_TEST

/* Circle (k~ = 0.8): e_s against the exact work (qags of eq. 29); eq. 35's
 * 5-point rule is only approximate (measured off by 9e-4 here). */
START_TEST(test_driver_circle)
{
    char path[64];
    write_case(path, sizeof path, "path = line\n", "path = circle\nk_tilde = 0.8\n");
    cwb_result r;
    cwb_result_init(&r);
    test_run(path, NULL, 0, &r);
    cwb_sliding g = geometry(CWB_SLIDING_CIRCLE, 0.6, 0.8);
    double v0 = cwb_result_get(&r, "v0");
    double w = cwb_sliding_work_friction_qags(&g, -g.su, g.su, 1.0);
    ck_assert_rel(cwb_result_get(&r, "e_s"), sqrt(1.0 + 2.0 * w / (v0 * v0)), 1e-8);
    ck_assert_rel(cwb_result_get(&r, "contact_time"), cwb_sliding_contact_time_qags(&g, v0),
                  1e-8);
    ck_assert(fabs(cwb_result_get(&r, "energy_residual")) <= 1e-10 * 0.5 * v0 * v0);
    cwb_result_free(&r);
    unlink(path);
}
END_TEST

/* Low friction (mu = 0.1 < tan alpha_u): eq. 21 underestimates v_crit; the
 * driver's bisection finds the barrier value sqrt(-2 W(mu y_c) / m). */
START_TEST(test_barrier)
{
    char path[64];
    write_case(path, sizeof path, "mu = 0.6\nv0_over_vcrit = 1.5\nvcrit_bracket = off\n",
               "mu = 0.1\nv0_over_vcrit = 1.05\nvcrit_tol = 1e-7\n");
    cwb_result r;
    cwb_result_init(&r);
    test_run(path, NULL, 0, &r);
    cwb_sliding g = geometry(CWB_SLIDING_LINE, 0.1, 0);
    double s_min;
    double vb = cwb_sliding_vcrit_barrier(&g, &s_min);
    ck_assert_rel(s_min, 0.1 * g.yc, 1e-15);
    ck_assert(vb > 1.05 * cwb_sliding_vcrit(&g));
    ck_assert_int_eq((int)cwb_result_get(&r, "closed_form_applies"), 0);
    /* 1.05 v_crit(eq. 21) is below the barrier: the sphere stops past the
     * top, inside |s| <= mu y_c, and sticks (eq. 20 would say e_s = 0.30) */
    ck_assert_int_eq((int)cwb_result_get(&r, "outcome"), 0);
    double s_stop = cwb_result_get(&r, "s_stop");
    ck_assert(s_stop > 0.0 && s_stop < s_min);
    ck_assert(isnan(cwb_result_get(&r, "e_s_eq20")));
    /* bisection to 1e-7 at a step scaled from the converged one */
    ck_assert_rel(cwb_result_get(&r, "v_crit_bracket"), vb, 1e-6);
    cwb_result_free(&r);
    unlink(path);
}
END_TEST

/* Every new key refused with FILE:LINE, key, value and range. */
START_TEST(test_bad_input)
{
    static const struct {
        const char *find, *replace, *expect;
    } rows[] = {
        {"path = line", "path = spiral", ":16: [driver] path = 'spiral' is not one of"},
        {"h0 = 0.1", "h0 = -0.1", ":17: [driver] h0 = -0.1 [m] is out of range: allowed (0, inf)"},
        {"h0 = 0.1", "h0 = 2", ":17: [driver] h0 = 2 m out of range (allowed (0, 2R)"},
        {"path = line", "path = circle\nk_tilde = 1", ":17: [driver] k_tilde = 1 [-] is out of "
                                                      "range: allowed (0, 1)"},
        {"path = line", "path = circle\nk_tilde = 0", ":17: [driver] k_tilde = 0 [-] is out of "
                                                      "range: allowed (0, 1)"},
        {"path = line", "path = circle", ":16: [driver] path = circle needs k_tilde"},
        {"path = line", "path = line\nk_tilde = 0.5", ":17: [driver] k_tilde applies to path = "
                                                      "circle"},
        {"path = line", "path = circle\nk_tilde = 0.01", ":17: [driver] the circular path "
                                                         "(k_tilde = 0.01"},
        {"v0_over_vcrit = 1.5", "v0_over_vcrit = 0", ":21: [driver] v0_over_vcrit = 0: the "
                                                     "sphere must arrive"},
        {"v0_over_vcrit = 1.5", "v0 = 0", ":21: [driver] v0 = 0: the sphere must arrive"},
        {"v0_over_vcrit = 1.5", "v0_over_vcrit = 1.5\nv0 = 1", "give exactly one of v0"},
        {"mass = 1", "mass = -1", ":19: [driver] mass = -1 [kg] is out of range: allowed (0, inf)"},
        {"kn = 1", "kn = 0", ":18: [driver] kn = 0 [N/m^1.5] is out of range: allowed (0, inf)"},
        {"mu = 0.6", "mu = -0.1", ":20: [driver] mu = -0.1 [-] is out of range: allowed [0, 10]"},
        {"vcrit_bracket = off", "vcrit_bracket = maybe",
         ":22: [driver] vcrit_bracket = 'maybe' is not one of"},
        {"vcrit_bracket = off", "friction = dry", ":22: [driver] friction = 'dry' is not one of"},
        {"vcrit_bracket = off", "dt = -1", ":22: [driver] dt = -1 [s] is out of range"},
        {"vcrit_bracket = off", "dt_tol = 1", ":22: [driver] dt_tol = 1 [-] is out of range: "
                                              "allowed (0, 0.1]"},
        {"vcrit_bracket = off", "max_steps = 1.5", ":22: [driver] max_steps = 1.5 [-] is out of "
                                                   "range"},
        {"vcrit_bracket = off", "rows = 5", ":22: [driver] rows = 5 [-] is out of range"},
        {"vcrit_bracket = off", "vcrit_tol = 0", ":22: [driver] vcrit_tol = 0 [-] is out of "
                                                 "range: allowed (0, 0.1]"},
        {"shape = same", "shape = sphere\nradius = 2\nE = 1e6\nnu = 0.3\ndensity = 1000",
         "two identical spheres"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char path[64], expect[256];
        write_case(path, sizeof path, rows[i].find, rows[i].replace);
        snprintf(expect, sizeof expect, "%s", rows[i].expect);
        if (expect[0] == ':')
            snprintf(expect, sizeof expect, "%s%s", path, rows[i].expect);
        test_refused(path, NULL, 0, expect);
        unlink(path);
    }
}
END_TEST

Suite *sliding_suite(void)
{
    Suite *s = suite_create("sliding");
    TCase *tc = tcase_create("seed003");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_work_closed_forms);
    tcase_add_test(tc, test_lobatto);
    tcase_add_test(tc, test_restitution_vcrit);
    tcase_add_test(tc, test_driver_line);
    tcase_add_test(tc, test_driver_circle);
    tcase_add_test(tc, test_barrier);
    tcase_add_test(tc, test_bad_input);
    suite_add_tcase(s, tc);
    return s;
}
