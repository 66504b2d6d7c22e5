/* test_plastic.c -- elastic-plastic normal laws (seed 004 ch. 2 and 4). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_test.h"

/* Ay[nu] of appendix A with the corrected sign of eq. 117: 1.613 at
 * nu = 0.3 (the constant seed 004 eq. 67 uses) with yield at z = 0.48 a
 * (Johnson 1985, fig. 4.3); the linear fit 1.234 + 1.256 nu of sec. 4.2.1 is
 * a fit about nu = 0.3: within 0.016 for 0.2 <= nu <= 0.5 (measured: 0.035
 * off at nu = 0.1, 0.065 at nu = 0). */
START_TEST(yield_factor)
{
    double u;
    double a = cwb_yield_factor(0.3, &u);
    ck_assert_msg(fabs(a - 1.613) < 5e-4, "Ay(0.3) = %.5f, seed 004 uses 1.613", a);
    ck_assert_msg(fabs(u - 0.48) < 0.005, "u*(0.3) = %.4f, Johnson: 0.48", u);
    double prev = 0.0;
    for (double nu = 0.0; nu <= 0.5001; nu += 0.05) {
        double ay = cwb_yield_factor(nu, NULL);
        ck_assert(ay > prev);
        prev = ay;
        if (nu >= 0.2 - 1e-9)
            ck_assert_msg(fabs(ay - (1.234 + 1.256 * nu)) < 0.016, "nu %g: Ay %g", nu, ay);
    }
}
END_TEST

/* Thornton (1997) closed-form restitution, r = V_y/V_i:
 *   e = sqrt(6 sqrt(3)/5) sqrt(1 - r^2/6) [r / (r + 2 sqrt(6/5 - r^2/5))]^(1/4).
 * Both unloading-radius names reproduce it (they are the same radius,
 * see normal_thornton.c), and the kinetic energy lost is the area of the
 * force-overlap loop, i.e. the normal law's dissipation. */
START_TEST(thornton_restitution)
{
    static const char *radius[] = {"normal.unloading_radius=eq9",
                                   "normal.unloading_radius=thornton1997"};
    static const double vi[] = {0.05, 0.13, 0.5, 2.6};
    for (int rr = 0; rr < 2; rr++)
        for (size_t i = 0; i < sizeof vi / sizeof *vi; i++) {
            char v[64];
            snprintf(v, sizeof v, "driver.v_normal=%g", vi[i]);
            const char *over[] = {radius[rr], v};
            cwb_result r;
            test_run("cases/thornton_restitution.case", over, 2, &r);
            double q = cwb_result_get(&r, "yield_velocity") / vi[i];
            double e = sqrt(6 * sqrt(3.0) / 5) * sqrt(1 - q * q / 6) *
                       pow(q / (q + 2 * sqrt(6.0 / 5 - q * q / 5)), 0.25);
            ck_assert_msg(fabs(cwb_result_get(&r, "restitution_normal") - e) < 2e-6,
                          "%s V_i = %g: e = %.8f, Thornton 1997: %.8f", radius[rr], vi[i],
                          cwb_result_get(&r, "restitution_normal"), e);
            double lost = cwb_result_get(&r, "energy_in") - cwb_result_get(&r, "energy_out");
            ck_assert_rel(cwb_result_get(&r, "energy_dissipated_normal"), lost, 1e-6);
            cwb_result_free(&r);
        }
}
END_TEST

/* Thornton in a history: Hertz below delta_y (and continuous there), the
 * plastic line above; unloading and reloading on the Hertz curve of radius
 * R*_un through (delta_max, F_max), back on the loading line beyond the old
 * maximum (seed 004 Fig. 30 behaviour); unloading to zero force leaves the
 * permanent overlap delta_min of eq. 10. Closed forms computed here. */
START_TEST(thornton_history)
{
    double E = 6.1e9, R = 1e-4, sy = 40e6;
    double Es = E, kn = 4.0 / 3.0 * Es * sqrt(R), py = cwb_yield_factor(0.0, NULL) * sy;
    double dy = R * pow(M_PI * py / (2 * Es), 2), Fy = kn * pow(dy, 1.5);
    char normal[256];
    snprintf(normal, sizeof normal, "driver.normal=%.17g,%.17g,%.17g,%.17g,%.17g", 0.5 * dy, 3 * dy,
             1.5 * dy, 5 * dy, 2 * dy);
    const char *over[] = {normal, "driver.steps=40"};
    cwb_result r;
    test_run("cases/thornton_cycles.case", over, 2, &r);
    ck_assert_rel(test_col(&r, "F_n", 40), kn * pow(0.5 * dy, 1.5), 1e-12); /* Hertz */
    ck_assert_int_eq((int)test_col(&r, "branch", 40), CWB_BRANCH_ELASTIC);
    double f3 = Fy + M_PI * py * R * 2 * dy; /* plastic */
    ck_assert_rel(test_col(&r, "F_n", 80), f3, 1e-12);
    ck_assert_int_eq((int)test_col(&r, "branch", 80), CWB_BRANCH_PLASTIC);
    double run = R * kn * pow(3 * dy, 1.5) / f3, kun = 4.0 / 3.0 * Es * sqrt(run);
    double dmin = 3 * dy - pow(f3 / kun, 2.0 / 3.0);
    ck_assert_rel(test_col(&r, "F_n", 120), kun * pow(1.5 * dy - dmin, 1.5), 1e-12);
    ck_assert_int_eq((int)test_col(&r, "branch", 120), CWB_BRANCH_UNLOADING);
    /* reloading: step 120 + 10 k hits 3 dy at k = 6 exactly? 1.5 -> 5 dy in 40 steps */
    double best = 1e300;
    for (size_t row = 121; row <= 160; row++) {
        double d = test_col(&r, "delta_n", row), f = test_col(&r, "F_n", row);
        double expect = d <= 3 * dy ? kun * pow(d - dmin, 1.5) : Fy + M_PI * py * R * (d - dy);
        best = fmin(best, -fabs(f - expect));
        ck_assert_msg(fabs(f - expect) <= 1e-12 * f3, "row %zu: F = %g, expected %g", row, f,
                      expect);
        if (d < 3 * dy)
            ck_assert_int_eq((int)test_col(&r, "branch", row), CWB_BRANCH_RELOADING);
    }
    /* the continuity at delta_y: the two loading expressions meet */
    ck_assert_rel(Fy, kn * pow(dy, 1.5), 1e-15);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-12);
    cwb_result_free(&r);

    /* force control to zero from 5 dy: the permanent overlap */
    char fc[256];
    double f5 = Fy + M_PI * py * R * 4 * dy;
    snprintf(fc, sizeof fc, "driver.normal=%.17g,0", f5);
    const char *over2[] = {fc, "driver.normal_control=force"};
    test_run("cases/thornton_cycles.case", over2, 2, &r);
    double run5 = R * kn * pow(5 * dy, 1.5) / f5;
    double dmin5 = 5 * dy - pow(f5 / (4.0 / 3.0 * Es * sqrt(run5)), 2.0 / 3.0);
    ck_assert_rel(cwb_result_get(&r, "final_overlap"), dmin5, 1e-9);
    ck_assert(cwb_result_get(&r, "final_normal_force") == 0.0);
    cwb_result_free(&r);
}
END_TEST

/* Stronge (seed 004 eqs. 13-17), closed forms computed here: Hertz below
 * delta_y; the documented jumps at delta_y (F_y -> 0.95 F_y) and at
 * delta_p = 84 delta_y (415.1 F_y -> 425.9 F_y), each flagged once; the
 * unloading curve of eqs. 16-17; and an energy account that still closes. */
START_TEST(stronge_jumps_and_unloading)
{
    double E = 6.1e9, R = 1e-4, sy = 40e6, kn = 4.0 / 3.0 * E * sqrt(R);
    double q = 0.75 * M_PI * 1.1 * sy / E, dy = R * q * q, fy = kn * pow(dy, 1.5);
    char tg[256];
    /* 0 -> 100 dy in 1000 steps lands on dy and on 84 dy; then unload to 95 dy
     * (delta_min = (100 - sqrt(199)) dy = 85.9 dy) */
    snprintf(tg, sizeof tg, "driver.normal=%.17g,%.17g", 100 * dy, 95 * dy);
    const char *over[] = {tg, "driver.steps=1000"};
    cwb_result r;
    test_run("cases/seed004_fig4b.case", over, 2, &r);
    ck_assert_rel(test_col(&r, "F_n", 10), fy, 1e-9); /* at delta_y: Hertz */
    double w = 2 * 1.1 - 1;                           /* at 1.1 delta_y */
    ck_assert_rel(test_col(&r, "F_n", 11), fy * w * (0.95 + 0.3 * log(w)), 1e-9);
    ck_assert_rel(test_col(&r, "F_n", 840), fy * 167 * (0.95 + 0.3 * log(167.0)), 1e-9);
    ck_assert_rel(test_col(&r, "F_n", 841), fy * 2.55 * (2 * 84.1 - 1), 1e-9);
    ck_assert_rel(fy * 167 * (0.95 + 0.3 * log(167.0)) / fy, 415.05, 1e-4);
    ck_assert_int_eq((int)test_col(&r, "branch", 500), CWB_BRANCH_ELASTIC_PLASTIC);
    ck_assert_int_eq((int)test_col(&r, "branch", 900), CWB_BRANCH_PLASTIC);
    /* unloading from 100 dy: eqs. 16-17 */
    double wm = sqrt(2 * 100.0 - 1), kun = 4.0 / 3.0 * E * sqrt(R * wm), dmin = 100 * dy - dy * wm;
    ck_assert_rel(test_col(&r, "F_n", 2000), kun * pow(95 * dy - dmin, 1.5), 1e-9);
    ck_assert_int_eq((int)test_col(&r, "branch", 2000), CWB_BRANCH_UNLOADING);
    /* three jumps: at delta_y, at delta_p, at the start of unloading */
    ck_assert_rel(cwb_result_get(&r, "discontinuities"), 3.0, 1e-12);
    ck_assert(r.nwarn >= 1);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-12);
    cwb_result_free(&r);
}
END_TEST

Suite *plastic_suite(void)
{
    Suite *s = suite_create("plastic");
    TCase *tc = test_tcase("plastic", 60);
    tcase_add_test(tc, yield_factor);
    tcase_add_test(tc, thornton_restitution);
    tcase_add_test(tc, thornton_history);
    tcase_add_test(tc, stronge_jumps_and_unloading);
    suite_add_tcase(s, tc);
    return s;
}
