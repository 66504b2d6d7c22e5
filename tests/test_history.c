/* test_history.c -- the history driver: force control against displacement
 * control, and the closed-form Coulomb loop with its energy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_test.h"

/* A force-controlled history and the displacement-controlled history that
 * produced those forces agree: run delta targets, read F at each segment
 * end, feed those forces back as targets, and recover the overlaps.
 * Normal (Hertz, loading and unloading) and tangential (linear spring with
 * Coulomb cap, below the cap) both. */
START_TEST(force_control_inverts_displacement_control)
{
    static const double d[] = {2e-6, 5e-7, 3e-6, 1e-6};
    static const double x[] = {1e-7, -5e-8, 2e-7, 0};
    const size_t nseg = 4, steps = 20;
    char normal[256] = "driver.normal=", tang[256] = "driver.tangential=";
    for (size_t i = 0; i < nseg; i++) {
        snprintf(normal + strlen(normal), sizeof normal - strlen(normal), "%s%.17g", i ? "," : "",
                 d[i]);
        snprintf(tang + strlen(tang), sizeof tang - strlen(tang), "%s%.17g", i ? "," : "", x[i]);
    }
    const char *over1[] = {normal, tang, "driver.steps=20"};
    cwb_result a;
    test_run("tests/data/history_hertz_linear.case", over1, 3, &a);

    char fn[512] = "driver.normal=", ft[512] = "driver.tangential=";
    for (size_t i = 0; i < nseg; i++) {
        size_t row = (i + 1) * steps;
        snprintf(fn + strlen(fn), sizeof fn - strlen(fn), "%s%.17g", i ? "," : "",
                 test_col(&a, "F_n", row));
        snprintf(ft + strlen(ft), sizeof ft - strlen(ft), "%s%.17g", i ? "," : "",
                 test_col(&a, "F_t", row));
    }
    const char *over2[] = {fn, ft, "driver.steps=20", "driver.normal_control=force",
                           "driver.tangential_control=force"};
    cwb_result b;
    test_run("tests/data/history_hertz_linear.case", over2, 5, &b);
    for (size_t i = 0; i < nseg; i++) {
        size_t row = (i + 1) * steps;
        ck_assert_rel(test_col(&b, "delta_n", row), d[i], 1e-9);
        if (x[i] != 0.0)
            ck_assert_rel(test_col(&b, "xi_t", row), x[i], 1e-8);
        else
            ck_assert(fabs(test_col(&b, "xi_t", row)) < 1e-15);
    }
    cwb_result_free(&a);
    cwb_result_free(&b);
}
END_TEST

/* Two materials on the linear law (seed 002, "Contact response"): k_t/k_n
 * is the mean of the two materials' ktDivKn and tan phi the smaller of the
 * two. Linear normal spring k_n = 1e6 N/m at delta = 1e-5 m (F_n = 10 N),
 * then a tangential displacement: in stick F_t = k_t xi, k_t = (0.2 +
 * 0.6)/2 k_n = 4e5 N/m (a wrong average, e.g. the first material's, gives
 * 2e5); past the cap F_t = min(mu, mu2) F_n. Hand closed forms. */
START_TEST(linear_law_two_materials)
{
    const char *base[] = {"tangential.kt_div_kn=0.2", "tangential.kt_div_kn2=0.6",
                          "driver.normal=1e-5,1e-5", "driver.tangential=0,1e-6", "driver.steps=10"};
    cwb_result r;
    test_run("tests/data/history_linear_ratio.case", base, 5, &r);
    size_t end = r.series.nrow - 1;
    ck_assert_rel(test_col(&r, "F_n", end), 10.0, 1e-12);
    ck_assert_rel(test_col(&r, "F_t", end), 4e5 * 1e-6, 1e-12);
    cwb_result_free(&r);
    /* mu = 0.5 against a frictionless second material: no friction at all */
    const char *frictionless[] = {"contact.normal=linear",    "normal.kn=1e6",
                                  "tangential.mu2=0",         "driver.normal=1e-5,1e-5",
                                  "driver.tangential=0,1e-6", "driver.steps=10"};
    test_run("tests/data/history_hertz_linear.case", frictionless, 6, &r);
    ck_assert(fabs(test_col(&r, "F_t", r.series.nrow - 1)) < 1e-12);
    cwb_result_free(&r);
    /* mu = 0.5, mu2 = 0.2: slides at 0.2 F_n = 2 N (k_t 1e7 N/m reaches it at 2e-7 m) */
    const char *smaller[] = {"contact.normal=linear",    "normal.kn=1e6",
                             "tangential.mu2=0.2",       "driver.normal=1e-5,1e-5",
                             "driver.tangential=0,1e-6", "driver.steps=10"};
    test_run("tests/data/history_hertz_linear.case", smaller, 6, &r);
    ck_assert_rel(test_col(&r, "F_t", r.series.nrow - 1), 2.0, 1e-12);
    cwb_result_free(&r);
}
END_TEST

/* The linear law under Hertz with k_t = ratio k_n: along a straight path
 * from (delta_0, 0) to (delta_1, xi_1) without slip, dF_t = ratio k_n dxi
 * integrates to F_t = ratio xi_1 (F_n(delta_1) - F_n(delta_0)) /
 * (delta_1 - delta_0) (k_n = dF_n/d delta: a closed form; delta_0 = 0.1
 * delta_1). The Hermite quadrature (the default) integrates k_t along each
 * step: 2.5e-7 from it in 10 steps, and fourth order (20 steps: 15.4 times
 * closer; asserted > 12). The rectangle rule sums k_t(end) Delta xi, first
 * order: 10 steps over-shoot by 2.5 %, which is its own sum of ratio (3/2)
 * F_n/delta Delta xi at the steps' ends, held here to 1e-12. */
static double linear_ratio_f_t(const char *quad, const char *steps, double *want, double *sum)
{
    const char *over[] = {"contact.normal=hertz",
                          "normal.kn=",
                          "tangential.kt_div_kn=0.5",
                          "tangential.mu=1e3",
                          "driver.normal=1e-7,1e-6",
                          "driver.tangential=0,1e-7",
                          steps,
                          quad};
    cwb_result r;
    test_run("tests/data/history_linear_ratio.case", over, 8, &r);
    size_t end = r.series.nrow - 1, mid = end / 2;
    double fn0 = test_col(&r, "F_n", mid), fn1 = test_col(&r, "F_n", end);
    *want = 0.5 * 1e-7 * (fn1 - fn0) / (1e-6 - 1e-7);
    *sum = 0.0;
    for (size_t i = mid + 1; i <= end; i++)
        *sum += 0.5 * 1.5 * test_col(&r, "F_n", i) / test_col(&r, "delta_n", i) * 1e-7 /
                (double)(end - mid);
    double ft = test_col(&r, "F_t", end);
    cwb_result_free(&r);
    return ft;
}

START_TEST(linear_law_ratio_under_hertz_integrates_k_t)
{
    double want, sum;
    double h10 = linear_ratio_f_t("tangential.quadrature=hermite", "driver.steps=10", &want, &sum);
    double e10 = fabs(h10 / want - 1.0);
    double h20 = linear_ratio_f_t("tangential.quadrature=hermite", "driver.steps=20", &want, &sum);
    double e20 = fabs(h20 / want - 1.0);
    ck_assert_msg(e10 < 1e-6 && e20 * 12.0 < e10, "hermite: %.3g (10 steps), %.3g (20)", e10, e20);
    double r10 =
        linear_ratio_f_t("tangential.quadrature=rectangle", "driver.steps=10", &want, &sum);
    ck_assert_msg(fabs(r10 / sum - 1.0) < 1e-12 && r10 / want - 1.0 > 0.02,
                  "rectangle: %.12g, its sum %.12g, the integral %.12g", r10, sum, want);
}
END_TEST

/* A tangential force target beyond mu F_n cannot be held: the run stops
 * with status 1 and says why. */
START_TEST(force_control_beyond_coulomb_fails)
{
    const char *over[] = {"driver.normal=2e-6,2e-6", "driver.tangential=0,1e6",
                          "driver.tangential_control=force"};
    char msg[CWB_MSG];
    cwb_case *c = test_load("tests/data/history_hertz_linear.case", over, 3);
    cwb_result r;
    int rc = cwb_run_case(c, &r, msg, sizeof msg);
    ck_assert_int_eq(rc, CWB_EFAIL);
    ck_assert_msg(strstr(msg, "Coulomb") != NULL, "message: %s", msg);
    cwb_result_free(&r);
    free(c);
}
END_TEST

/* The Coulomb (elastic-perfectly-plastic) loop of the linear law matches
 * its closed form step by step (reference/analytic/linear_friction_cycle.csv)
 * and the energy closes: slip over the closed cycle of amplitude a is
 * 4 f_y (a - f_y/k_t) = 4.8e-3 J, after 1.2e-3 J slipped on first loading. */
START_TEST(coulomb_loop_and_energy)
{
    cwb_result r;
    test_run("cases/history_linear_friction_cycle.case", NULL, 0, &r);
    ck_assert_msg(cwb_result_get(&r, "ref_max_rel_error") < 1e-12, "loop deviates by %g",
                  cwb_result_get(&r, "ref_max_rel_error"));
    double fy = 0.3 * 100.0, k = 5e5, a = 1e-4;
    double first = fy * (a - fy / k);
    ck_assert_rel(cwb_result_get(&r, "energy_dissipated_slip") - first, 4.0 * fy * (a - fy / k),
                  1e-12);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-12);
    cwb_result_free(&r);
}
END_TEST

/* Energy a tangential law creates is booked and said. Hertz + incremental
 * Mindlin, a 1 cm sphere (E 70 GPa, nu 0.3) on a rigid wall: pressed to
 * 2 um, sheared 0.3 um (stuck: F_t = 8 G* a1 xi = 5.375 N < mu F_n), then
 * unloaded to 1.5 um, where the incremental law keeps F_t while k_t = 8 G*
 * a falls (Mindlin 1949; G* = G/(2 - nu) on a rigid wall, a = sqrt(R
 * delta)): the spring's F_t^2 / (2 k_t) rises by F_t^2/2 (1/k2 - 1/k1)
 * with no work done on it. The history driver booked it silently. */
START_TEST(created_tangential_energy_is_said)
{
    char dir[256], path[300];
    test_tmp_make(dir, sizeof dir, "created");
    test_tmp_path(dir, "created.case", path, sizeof path);
    test_write_file(path, "[contact]\nnormal = hertz\ntangential = mindlin\n"
                          "[tangential]\nmu = 0.3\n"
                          "[body1]\nshape = sphere\nradius = 0.01\nE = 70e9\nnu = 0.3\n"
                          "density = 2700\n[body2]\nshape = wall\n"
                          "[driver]\ntype = history\nnormal = 2e-6, 2e-6, 1.5e-6\n"
                          "tangential = 0, 3e-7, 3e-7\nsteps = 100\n");
    cwb_result r;
    test_run(path, NULL, 0, &r);
    double E = 70e9, nu = 0.3, R = 0.01, G = E / (2 * (1 + nu)), Gs = G / (2 - nu);
    double k1 = 8 * Gs * sqrt(R * 2e-6), k2 = 8 * Gs * sqrt(R * 1.5e-6), F = k1 * 3e-7;
    double created = 0.5 * F * F * (1 / k2 - 1 / k1);
    ck_assert_rel(-cwb_result_get(&r, "energy_from_stiffness_change"), created, 1e-6);
    ck_assert_msg(test_energy_laws_declare(&r, "history") == 1,
                  "%zu warnings, none on the created energy", r.nwarn);
    cwb_result_free(&r);
    test_tmp_remove(dir);
}
END_TEST

/* Force-controlled Hertz loading/unloading/reloading lies on the closed
 * form delta = (F/k)^(2/3) (reference/analytic/hertz_force_displacement.csv)
 * and the Simpson work integral matches the stored energy to 1e-5. */
START_TEST(hertz_force_control_on_closed_form)
{
    cwb_result r;
    test_run("cases/history_hertz_force_control.case", NULL, 0, &r);
    ck_assert_msg(cwb_result_get(&r, "ref_max_rel_error") < 1e-8, "deviation %g",
                  cwb_result_get(&r, "ref_max_rel_error"));
    ck_assert_rel(cwb_result_get(&r, "max_normal_force"), 150.0, 1e-9);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-5);
    cwb_result_free(&r);
}
END_TEST

/* Laws the history driver cannot apply are refused, not run as absent: a
 * dashpot (tsuji gave F_n = 3.4401046 N with segment_time 0 or 1e-5 s, the
 * spring alone, and 0 J dissipated) and a rolling torque on the spins
 * (constant_torque gave M_r = 0 under prescribed rotation). The ratio
 * driver (like the trajectory driver) applies no dashpot either. */
START_TEST(laws_the_driver_does_not_apply_are_refused)
{
    static const char *damp[] = {"contact.damping=tsuji", "damping.e=0.5",
                                 "driver.segment_time=1e-5"};
    test_refused("tests/data/history_hertz_linear.case", damp, 3,
                 "the history driver does not apply a damping law");
    static const char *ct[] = {"contact.rolling=constant_torque", "rolling.mu_roll=0.01",
                               "driver.rolling=0.01"};
    test_refused("tests/data/history_hertz_linear.case", ct, 3,
                 "rolling = constant_torque acts on the bodies' spins");
    static const char *ratio[] = {"contact.normal=hertz",  "contact.tangential=mindlin",
                                  "body1.shape=sphere",    "body1.radius=0.005",
                                  "contact.damping=tsuji", "damping.e=0.5"};
    test_refused("cases/seed000_ratio.case", ratio, 6,
                 "the ratio driver does not apply a damping law");
}
END_TEST

/* A history's rows are its steps times its segments, plus the start: one
 * that needs more than max_rows is refused before it runs, naming the
 * steps' line, the rows and what they cost (a 7-segment history at 1e6
 * steps took 1.5 GB and wrote 1 GB, and steps up to 1e7 in any number of
 * segments were accepted; 220 and 280 bytes a row measured on 1e6 rows of
 * Hertz + Mindlin). The Hertz force-control case has 4 segments:
 * 2.5e6 steps is 1e7 + 1 rows, one over the default; max_rows raises it. */
START_TEST(a_history_beyond_max_rows_is_refused)
{
    static const char *many[] = {"driver.steps=2500000"};
    test_refused("cases/history_hertz_force_control.case", many, 1,
                 "--set driver.steps: [driver] steps = 2500000 in each of 4 segments is 1e+07 rows "
                 "(about 2.2 GB in memory and 2.8 GB of CSV), over max_rows = 1e+07");
    static const char *none[] = {"driver.max_rows=0"}; /* the key's own range */
    test_refused("cases/history_hertz_force_control.case", none, 1,
                 "--set driver.max_rows=0: [driver] max_rows = 0 [-] is out of range: allowed [1, "
                 "1e+09]");
    static const char *raised[] = {"driver.steps=2500000", "driver.max_rows=1e9"};
    cwb_case *c = test_load("cases/history_hertz_force_control.case", raised, 2);
    free(c);
    static const char *fits[] = {"driver.steps=2499999"};
    c = test_load("cases/history_hertz_force_control.case", fits, 1);
    free(c);
}
END_TEST

Suite *history_suite(void)
{
    Suite *s = suite_create("history");
    TCase *tc = test_tcase("history", 30);
    tcase_add_test(tc, force_control_inverts_displacement_control);
    tcase_add_test(tc, a_history_beyond_max_rows_is_refused);
    tcase_add_test(tc, force_control_beyond_coulomb_fails);
    tcase_add_test(tc, linear_law_two_materials);
    tcase_add_test(tc, linear_law_ratio_under_hertz_integrates_k_t);
    tcase_add_test(tc, coulomb_loop_and_energy);
    tcase_add_test(tc, created_tangential_energy_is_said);
    tcase_add_test(tc, hertz_force_control_on_closed_form);
    tcase_add_test(tc, laws_the_driver_does_not_apply_are_refused);
    suite_add_tcase(s, tc);
    return s;
}
