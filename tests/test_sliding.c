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

static const char line_case[] = "[contact]\n"      /* 1 */
                                "normal = hertz\n" /* 2 */
                                "\n"
                                "[body1]\n" /* 4 */
                                "shape = sphere\n"
                                "radius = 1\n" /* 6 */
                                "E = 1e6\n"
                                "nu = 0.3\n"
                                "density = 1000\n" /* 9 */
                                "\n"
                                "[body2]\n"
                                "shape = same\n" /* 12 */
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

/* Write `base` with one string replaced into a temporary file. */
static void write_text(char *path, size_t n, const char *base, const char *find,
                       const char *replace)
{
    snprintf(path, n, "/tmp/cwb_test_sliding_%ld.case", (long)getpid());
    const char *at = find ? strstr(base, find) : NULL;
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    if (at) {
        fwrite(base, 1, (size_t)(at - base), f);
        fputs(replace, f);
        fputs(at + strlen(find), f);
    } else {
        fputs(base, f);
    }
    ck_assert_int_eq(fclose(f), 0);
}

static void write_case(char *path, size_t n, const char *find, const char *replace)
{
    write_text(path, n, line_case, find, replace);
}

static cwb_sliding geometry(cwb_sliding_path path, double mu, double kt)
{
    cwb_sliding g;
    char msg[256];
    cwb_sliding_spec spec = {
        .path = path, .R = 1.0, .kn = 1.0, .mu = mu, .m = 1.0, .h0 = 0.1, .kt = kt};
    ck_assert_int_eq(cwb_sliding_init(&g, &spec, msg, sizeof msg), CWB_OK);
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
                                   cwb_sliding_work_friction_qags(&g, s0, s, sg)) <= 1e-10 * scale,
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
    ck_assert_rel(cwb_result_get(&r, "contact_time"), cwb_sliding_contact_time_qags(&g, v0), 1e-8);
    double e0 = 0.5 * v0 * v0;
    for (size_t i = 0; i < r.series.nrow; i++) {
        double s = test_col(&r, "s", i), v = test_col(&r, "v", i);
        ck_assert_msg(fabs(v - cwb_sliding_velocity(&g, v0, s, 0)) <= 1e-8 * v0,
                      "row %zu: v = %.12g, eq. 16 %.12g", i, v, cwb_sliding_velocity(&g, v0, s, 0));
        double lost = e0 - test_col(&r, "E_kin", i);
        double work = test_col(&r, "W_friction", i) + cwb_sliding_work_normal(&g, s);
        ck_assert_msg(fabs(lost + work) <= 1e-10 * e0, "row %zu: energy off by %g", i, lost + work);
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
    ck_assert_rel(cwb_result_get(&r, "contact_time"), cwb_sliding_contact_time_qags(&g, v0), 1e-8);
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

/* §2.3 branches at given points, against eq. 2 written out here: a
 * reversal at s_A = -0.1 m from leftward gross sliding (friction just
 * before +mu N(s_A)) to rightward motion, p = 1/3, nu = 0.3. */
START_TEST(test_branches)
{
    cwb_sliding g = geometry(CWB_SLIDING_LINE, 0.6, 0);
    double sA = -0.1, nu = 0.3, p = 1.0 / 3.0, mu = 0.6;
    double hA = 2.0 - hypot(sA, g.yc);
    double du =
        (2.0 - nu) * mu / (2.0 * (1.0 - nu)) * hA * (0.5 + sqrt(g.yc * g.yc + 4.0 * sA * sA) / 4.0);
    ck_assert_rel(cwb_sliding_slip_ultimate(&g, nu, sA), du, 1e-15);
    double NA = pow(hA, 1.5), NB = pow(2.0 - hypot(sA + du, g.yc), 1.5);
    double TA = mu * NA, TdB = -mu * NB; /* eq. 2's ends, T_A = the friction before */
    cwb_sliding_branch b2, b3, b3mid;
    const cwb_sliding_hysteresis law_eq2 = {CWB_SLIDING_EQ2, p, nu};
    const cwb_sliding_hysteresis law_eq3 = {CWB_SLIDING_EQ3, p, nu};
    const cwb_sliding_reversal from_gross = {.sA = sA, .sg = 1.0, .T_before = TA};
    const cwb_sliding_reversal from_zero = {.sA = sA, .sg = 1.0, .T_before = 0.0};
    cwb_sliding_branch_start(&g, &law_eq2, &from_gross, &b2);
    cwb_sliding_branch_start(&g, &law_eq3, &from_gross, &b3);
    cwb_sliding_branch_start(&g, &law_eq3, &from_zero, &b3mid);
    ck_assert_rel(b2.TA, TA, 1e-15);
    ck_assert_rel(b2.TdB, TdB, 1e-14);
    /* continuous at the reversal: the branch starts on the friction before */
    ck_assert_rel(cwb_sliding_branch_friction(&g, &b2, sA, 1.0), TA, 1e-15);
    static const double frac[] = {1e-6, 0.125, 0.5, 0.9};
    for (size_t i = 0; i < sizeof frac / sizeof *frac; i++) {
        double s = sA + frac[i] * du;
        double eq2 = TA - (TA - TdB) * pow(frac[i], p);
        double coulomb = -mu * pow(2.0 - hypot(s, g.yc), 1.5);
        ck_assert(fabs(cwb_sliding_branch_friction(&g, &b2, s, 1.0) - fmax(eq2, coulomb)) <=
                  1e-12 * TA);
        /* from gross sliding the integrated eq. 3 is eq. 2 */
        ck_assert(fabs(cwb_sliding_branch_friction(&g, &b3, s, 1.0) - fmax(eq2, coulomb)) <=
                  1e-12 * TA);
        /* from a mid-branch value (0 N) eq. 3 continues, eq. 2 would jump to mu N(s_A) */
        ck_assert(fabs(cwb_sliding_branch_friction(&g, &b3mid, s, 1.0) -
                       fmax(-(TA - TdB) * pow(frac[i], p), coulomb)) <= 1e-12 * TA);
    }
    /* eq. 3's increment is eq. 2's derivative: central difference at du/2
     * (step 1e-6 du; truncation ~1e-12 relative) */
    double s = sA + 0.5 * du, e = 1e-6 * du;
    double slope = (cwb_sliding_branch_friction(&g, &b3, s + e, 1.0) -
                    cwb_sliding_branch_friction(&g, &b3, s - e, 1.0)) /
                   (2.0 * e);
    ck_assert_rel(slope, -fabs(TA - TdB) * p * pow(0.5 * du, p - 1.0) / pow(du, p), 1e-8);
    /* the end of the branch: Coulomb again, continuously */
    ck_assert_rel(cwb_sliding_branch_friction(&g, &b2, sA + du, 1.0), TdB, 1e-14);
    double past = sA + 1.5 * du;
    ck_assert_rel(cwb_sliding_branch_friction(&g, &b2, past, 1.0),
                  -mu * pow(2.0 - hypot(past, g.yc), 1.5), 1e-15);
    /* slip neglected (Fig. 4c): no branch */
    cwb_sliding_branch bc;
    const cwb_sliding_hysteresis coulomb_only = {CWB_SLIDING_COULOMB, p, nu};
    cwb_sliding_branch_start(&g, &coulomb_only, &from_gross, &bc);
    ck_assert_rel(cwb_sliding_branch_friction(&g, &bc, sA, 1.0), -mu * NA, 1e-15);
}
END_TEST

/* Fig. 4's run (v0 = 0.7 v_crit, dt = 0.01 s, to t_end = 40 s) with eq. 2
 * and eq. 3 and p = 1/2, 1/3, 1/4: the sphere stops and turns round; with
 * eq. 3 it comes to rest through the loops, with eq. 2 the restart on the
 * full friction mu N(s_A) at each reversal keeps it rocking (Fig. 4a's
 * oscillations, here without end). E_kin lost = -(W_n + W_mu) at every row
 * (measured up to 2.3e-8 of E_0, eq. 2 with p = 1/4, at this step: the
 * branch's |s - s_A|^p start and eq. 2's jumps lower RK4's order), and the
 * friction never exceeds mu N. */
START_TEST(test_hysteresis_driver)
{
    static const char *const forms[] = {"eq2", "eq3"};
    static const char *const ps[] = {"0.5", "0.333333333333333", "0.25"};
    for (int f = 0; f < 2; f++)
        for (int k = 0; k < 3; k++) {
            char path[64], repl[160];
            snprintf(repl, sizeof repl,
                     "mu = 0.6\nv0_over_vcrit = 0.7\nfriction = %s\np = %s\n"
                     "dt = 0.01\nt_end = 40\n",
                     forms[f], ps[k]);
            write_case(path, sizeof path, "mu = 0.6\nv0_over_vcrit = 1.5\n", repl);
            cwb_result r;
            cwb_result_init(&r);
            test_run(path, NULL, 0, &r);
            ck_assert_int_eq((int)cwb_result_get(&r, "outcome"), 0);
            ck_assert(cwb_result_get(&r, "reversals") >= 2);
            if (f == 1)
                ck_assert(cwb_result_get(&r, "t_rest") < 40.0);
            double v0 = cwb_result_get(&r, "v0"), e0 = 0.5 * v0 * v0;
            cwb_sliding g = geometry(CWB_SLIDING_LINE, 0.6, 0);
            for (size_t i = 0; i < r.series.nrow; i++) {
                double s = test_col(&r, "s", i);
                double lost = e0 - test_col(&r, "E_kin", i);
                double work = test_col(&r, "W_friction", i) + cwb_sliding_work_normal(&g, s);
                ck_assert_msg(fabs(lost + work) <= 5e-8 * e0, "%s p=%s row %zu: energy off %g",
                              forms[f], ps[k], i, lost + work);
                ck_assert(fabs(test_col(&r, "T_friction", i)) <=
                          0.6 * test_col(&r, "F_n", i) * (1.0 + 1e-12));
            }
            cwb_result_free(&r);
            unlink(path);
        }
}
END_TEST

/* Fig. 5: two imposed reversals (v -> -v at 2 s and 3 s) with eq. 3 and
 * with Coulomb; the kinetic energy jumps nowhere, so the balance still
 * closes (measured 1e-10 of E_0 at dt = 0.005 s). */
START_TEST(test_reversals)
{
    static const char *const forms[] = {"coulomb", "eq3"};
    for (int f = 0; f < 2; f++) {
        char path[64], repl[160];
        snprintf(repl, sizeof repl,
                 "mu = 0.6\nv0_over_vcrit = 1.05\nfriction = %s\n"
                 "reversal_times = 2, 3\ndt = 0.005\n",
                 forms[f]);
        write_case(path, sizeof path, "mu = 0.6\nv0_over_vcrit = 1.5\n", repl);
        cwb_result r;
        cwb_result_init(&r);
        test_run(path, NULL, 0, &r);
        ck_assert(cwb_result_get(&r, "reversals") >= 2);
        double v0 = cwb_result_get(&r, "v0"), e0 = 0.5 * v0 * v0;
        cwb_sliding g = geometry(CWB_SLIDING_LINE, 0.6, 0);
        int flipped = 0;
        for (size_t i = 0; i < r.series.nrow; i++) {
            double s = test_col(&r, "s", i);
            double lost = e0 - test_col(&r, "E_kin", i);
            double work = test_col(&r, "W_friction", i) + cwb_sliding_work_normal(&g, s);
            ck_assert_msg(fabs(lost + work) <= 1e-8 * e0, "%s row %zu: energy off %g", forms[f], i,
                          lost + work);
            if (i > 0 && test_col(&r, "t", i) == 2.0 && test_col(&r, "t", i - 1) == 2.0) {
                ck_assert_rel(test_col(&r, "v", i), -test_col(&r, "v", i - 1), 1e-15);
                flipped = 1;
            }
        }
        ck_assert(flipped);
        cwb_result_free(&r);
        unlink(path);
    }
}
END_TEST

/* The shipped cases of Figs. 1, 3 and 4 that stop and come to rest through
 * the eq. 3 loops, against their second coding (reference/analytic/
 * seed003_sliding.py: the paper's equations coded again in Python, SciPy's
 * adaptive DOP853 with the stops, branch ends and caps located as events),
 * with the run resolved: rows = 200000 makes the step and the row spacing
 * t_end / 200000 (5e-5 to 8e-5 s). Then the comparison measures the two
 * codings, not the rows nor the step: measured 2.8e-10 (Fig. 1a, s),
 * 2.5e-9 (1b, v), 1.0e-7 (1c, T*), 1.7e-7 and 1.2e-7 (Fig. 3 circles at
 * -v_crit), 8.5e-8 (4b), 1.9e-9 and 9.1e-8 (4d, p = 1/2 and 1/3) of the
 * largest value. Bound 1e-6: the second coding's own convergence (rtol 1e-9
 * against 1e-12: at most 2.3e-7 of max |T*| in these CSVs' headers) with
 * room for RK4's low order through each branch's (s - s_A)^p start (about
 * first order in the step: Fig. 1c 1.3e-3 at dt = 0.01 s, 1.1e-5 at 5e-4 s
 * at the same instants). The shipped steps are held to each CSV's own
 * tolerance in tests/test_references.c. Left out: p = 1/4 (4.3e-6) and the
 * imposed reversals of Fig. 5 (6.9e-6), slower in RK4 (x^(1/4), and a
 * branch started at full speed), and eq. 2 (5.1e-5: its jumps). */
START_TEST(test_second_coding_resolved)
{
    static const char *const cases[] = {
        "cases/seed003_fig1a.case",        "cases/seed003_fig1b.case",
        "cases/seed003_fig1c.case",        "cases/seed003_fig3_v10_k03.case",
        "cases/seed003_fig3_v10_k08.case", "cases/seed003_fig4b_hysteresis.case",
        "cases/seed003_fig4d_p2.case",     "cases/seed003_fig4d_p3.case"};
    static const char *const resolved[] = {"driver.rows=200000"};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cwb_result r;
        cwb_result_init(&r);
        test_run(cases[i], resolved, 1, &r);
        double dev = cwb_result_get(&r, "ref_max_rel_error");
        ck_assert_msg(dev <= 1e-6, "%s: %g of max |ref| off the second coding", cases[i], dev);
        cwb_result_free(&r);
    }
}
END_TEST

static const char force_case[] = "[contact]\n" /* 1 */
                                 "normal = hertz\n"
                                 "\n"
                                 "[body1]\n" /* 4 */
                                 "shape = sphere\n"
                                 "radius = 1\n"
                                 "E = 1e6\n"
                                 "nu = 0.3\n"
                                 "density = 1000\n"
                                 "\n"
                                 "[body2]\n"
                                 "shape = same\n" /* 12 */
                                 "\n"
                                 "[driver]\n"             /* 14 */
                                 "type = sliding_force\n" /* 15 */
                                 "Q = 1\n"                /* 16 */
                                 "T0_over_Tmu = 1.5\n"    /* 17 */
                                 "y0 = 0.86\n"            /* 18 */
                                 "mu = 0.6\n"             /* 19 */
                                 "mass = 1\n"             /* 20 */
                                 "an = on\n";             /* 21 */

typedef struct {
    const cwb_fsliding *g;
    double s;
} ode_arg;

/* (2/m) e^(mu (s - s')/R) (P - mu N_stat)(s'): the integrand of the linear
 * ODE for u = v^2 with the centrifugal term (see sliding_force_closed_forms.c) */
static double u_integrand(double x, void *p)
{
    const ode_arg *a = p;
    const cwb_fsliding *g = a->g;
    return 2.0 / g->m * exp(g->mu * (a->s - x) / g->R) *
           (cwb_fsliding_drive(g, x) - g->mu * cwb_fsliding_nstat(g, x));
}

/* Eq. 43 against direct quadrature of its ODE, eq. 47 against qags of the
 * contact-time integral (eq. 46 with the factor 2/m on W0), T_mu against
 * the static balance at engagement (Q = 1 N, R = 1 m, mu = 0.6, y0 = 0.86 m,
 * m = 1 kg as the paper's §3.2, m chosen). */
START_TEST(test_force_closed_forms)
{
    cwb_fsliding g;
    char msg[256];
    const cwb_fsliding_spec spec = {.R = 1.0, .m = 1.0, .mu = 0.6, .Q = 1.0, .T0 = 0.0, .y0 = 0.86};
    ck_assert_int_eq(cwb_fsliding_init(&g, &spec, msg, sizeof msg), 0);
    double au = acos(0.86), Tmu = g.Tmu;
    /* at T0 = T_mu the net force at -su vanishes */
    ck_assert(fabs(-sin(au) + Tmu * cos(au) - 0.6 * (cos(au) + Tmu * sin(au))) <= 1e-14);
    static const double ratio[] = {1.05, 1.5, 3.0};
    for (size_t i = 0; i < 3; i++) {
        g.T0 = ratio[i] * Tmu;
        double sc = cwb_fsliding_separation_eq44(&g);
        for (int j = 1; j <= 4; j++) {
            double s = -g.su + (sc + g.su) * j / 4.0;
            ode_arg a = {&g, s};
            double u = qags(u_integrand, &a, -g.su, s);
            ck_assert_rel(pow(cwb_fsliding_velocity_eq43(&g, s), 2), u, 1e-11);
        }
        double v = cwb_fsliding_velocity_eq43(&g, sc); /* eq. 44: N = 0 there */
        ck_assert(fabs(v * v / 2.0 - cwb_fsliding_nstat(&g, sc)) <= 1e-13);
        double s0 = cwb_fsliding_separation_an0(&g);
        ck_assert(fabs(cwb_fsliding_nstat(&g, s0)) <= 1e-14);
        ck_assert_rel(cwb_fsliding_time_eq47(&g, s0), cwb_fsliding_time_qags(&g, s0, 0), 1e-10);
        ck_assert_rel(cwb_fsliding_time_eq47(&g, sc), cwb_fsliding_time_qags(&g, sc, 0), 1e-10);
    }
}
END_TEST

/* The driver's RK4 solution (dt = auto, dt_tol 1e-10) against eq. 43 at
 * every row (an on) and eq. 45 (an off), the separation against eq. 44 /
 * N_stat = 0, the contact time against qags and eq. 47, the energy balance. */
START_TEST(test_force_driver)
{
    for (int an = 0; an < 2; an++) {
        char path[64];
        write_text(path, sizeof path, force_case, "an = on", an ? "an = on" : "an = off");
        cwb_result r;
        cwb_result_init(&r);
        test_run(path, NULL, 0, &r);
        cwb_fsliding g;
        char msg[256];
        const cwb_fsliding_spec spec = {
            .R = 1.0, .m = 1.0, .mu = 0.6, .Q = 1.0, .T0 = 0.0, .y0 = 0.86};
        cwb_fsliding_init(&g, &spec, msg, sizeof msg);
        g.T0 = 1.5 * g.Tmu;
        double sc = an ? cwb_fsliding_separation_eq44(&g) : cwb_fsliding_separation_an0(&g);
        ck_assert(fabs(cwb_result_get(&r, "s_c") - sc) <= 1e-8);
        double tq = cwb_fsliding_time_qags(&g, sc, an);
        ck_assert_rel(cwb_result_get(&r, "contact_time"), tq, 1e-8);
        if (!an)
            ck_assert_rel(cwb_result_get(&r, "contact_time"), cwb_fsliding_time_eq47(&g, sc), 1e-8);
        double vmax = fabs(cwb_result_get(&r, "v_c"));
        for (size_t i = 0; i < r.series.nrow; i++) {
            double s = test_col(&r, "s", i), v = test_col(&r, "v", i);
            double vc = an ? cwb_fsliding_velocity_eq43(&g, s) : cwb_fsliding_velocity_eq45(&g, s);
            ck_assert_msg(fabs(v - vc) <= 1e-8 * vmax, "an %d row %zu: v %.12g closed %.12g", an, i,
                          v, vc);
        }
        ck_assert(fabs(cwb_result_get(&r, "energy_residual")) <= 1e-10);
        cwb_result_free(&r);
        unlink(path);
    }
}
END_TEST

START_TEST(test_force_bad_input)
{
    static const struct {
        const char *find, *replace, *expect;
    } rows[] = {
        {"Q = 1", "Q = 0", ":16: [driver] Q = 0 [N] is out of range: allowed (0, inf)"},
        {"T0_over_Tmu = 1.5", "T0_over_Tmu = 0.9", ":17: [driver] T0_over_Tmu = 0.9: |T0| = "},
        {"T0_over_Tmu = 1.5", "T0 = 1.8", ":17: [driver] T0 = 1.8: |T0| = 1.8 N does not exceed"},
        {"T0_over_Tmu = 1.5", "T0 = 3\nT0_over_Tmu = 2", "give exactly one of T0"},
        {"y0 = 0.86", "y0 = 1", ":18: [driver] y0 = 1 m out of range (allowed (0, R)"},
        {"y0 = 0.86", "y0 = -1", ":18: [driver] y0 = -1 [m] is out of range"},
        {"mu = 0.6", "mu = -1", ":19: [driver] mu = -1 [-] is out of range"},
        /* a_u = acos(0.86) = 30.68 deg: atan mu reaches the other 59.32 deg
         * at mu = 0.86 / sqrt(1 - 0.86^2) = 1.685; it printed "T_mu = inf N,
         * allowed |T0| in (inf, inf) N" */
        {"mu = 0.6", "mu = 2",
         ":19: [driver] mu = 2: the contact locks: the engagement angle a_u = acos(y0/R) = "
         "30.68 deg plus atan mu = 63.43 deg reaches 90 deg, so no T0 moves the sphere "
         "(allowed: mu < tan(90 deg - a_u) = 1.685"},
        {"mass = 1", "mass = 0", ":20: [driver] mass = 0 [kg] is out of range"},
        {"an = on", "an = maybe", ":21: [driver] an = 'maybe' is not one of"},
        {"an = on", "dt = 0", ":21: [driver] dt = 0 [s] is out of range"},
        {"an = on", "dt_tol = 1", ":21: [driver] dt_tol = 1 [-] is out of range"},
        {"an = on", "max_steps = 2.5", ":21: [driver] max_steps = 2.5 [-] is out of range"},
        {"an = on", "rows = 1", ":21: [driver] rows = 1 [-] is out of range"},
        {"shape = same", "shape = sphere\nradius = 2\nE = 1e6\nnu = 0.3\ndensity = 1000",
         "two identical spheres"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char path[64], expect[512];
        write_text(path, sizeof path, force_case, rows[i].find, rows[i].replace);
        snprintf(expect, sizeof expect, "%s", rows[i].expect);
        if (expect[0] == ':')
            snprintf(expect, sizeof expect, "%s%s", path, rows[i].expect);
        test_refused(path, NULL, 0, expect);
        unlink(path);
    }
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
        {"path = line", "path = circle\nk_tilde = 1",
         ":17: [driver] k_tilde = 1 [-] is out of "
         "range: allowed (0, 1)"},
        {"path = line", "path = circle\nk_tilde = 0",
         ":17: [driver] k_tilde = 0 [-] is out of "
         "range: allowed (0, 1)"},
        {"path = line", "path = circle", ":16: [driver] path = circle needs k_tilde"},
        {"path = line", "path = line\nk_tilde = 0.5",
         ":17: [driver] k_tilde = 0.5 [-] is read only with path = circle (path = line here)"},
        /* the driver's own Hertz + Coulomb model applies no law of the case */
        {"normal = hertz", "normal = linear\n[normal]\nkn = 1",
         ":2: [contact] normal = linear: the sliding driver computes its own forces"},
        {"normal = hertz", "normal = hertz\ntangential = mindlin\n[tangential]\nmu = 0.6",
         ":3: [contact] tangential = mindlin: the sliding driver does not apply a tangential law"},
        {"h0 = 0.1", "h0 = 0.1\ndt = 1e-4\ndt_tol = 1e-3",
         ":19: [driver] dt_tol = 0.001 [-] is read only with dt = auto (dt = 0.0001 here)"},
        {"path = line", "path = circle\nk_tilde = 0.01",
         ":17: [driver] the circular path "
         "(k_tilde = 0.01"},
        {"v0_over_vcrit = 1.5", "v0_over_vcrit = 0",
         ":21: [driver] v0_over_vcrit = 0: the "
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
        {"vcrit_bracket = off", "dt_tol = 1",
         ":22: [driver] dt_tol = 1 [-] is out of range: "
         "allowed (0, 0.1]"},
        {"vcrit_bracket = off", "max_steps = 1.5",
         ":22: [driver] max_steps = 1.5 [-] is out of "
         "range"},
        {"vcrit_bracket = off", "rows = 5", ":22: [driver] rows = 5 [-] is out of range"},
        {"vcrit_bracket = off", "vcrit_tol = 0",
         ":22: [driver] vcrit_tol = 0 [-] is out of "
         "range: allowed (0, 0.1]"},
        {"shape = same", "shape = sphere\nradius = 2\nE = 1e6\nnu = 0.3\ndensity = 1000",
         "two identical spheres"},
        {"vcrit_bracket = off", "p = 0", ":22: [driver] p = 0 [-] is out of range: allowed (0, 1]"},
        {"vcrit_bracket = off", "p = 1.5", ":22: [driver] p = 1.5 [-] is out of range"},
        {"vcrit_bracket = off", "nu = 0.5",
         ":22: [driver] nu = 0.5 [-] is out of range: "
         "allowed [0, 0.5)"},
        {"vcrit_bracket = off", "reversal_times = 2, 1",
         ":22: [driver] reversal_times: 1 s "
         "after 2 s: the instants must ascend"},
        {"vcrit_bracket = off", "reversal_times = -1", ":22: [driver] reversal_times"},
        {"vcrit_bracket = off", "t_end = -1", ":22: [driver] t_end = -1 [s] is out of range"},
        {"vcrit_bracket = off", "settle_tol = 0",
         ":22: [driver] settle_tol = 0 [-] is out of "
         "range: allowed (0, 0.1]"},
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
    TCase *tc = test_tcase("seed003", 120);
    tcase_add_test(tc, test_work_closed_forms);
    tcase_add_test(tc, test_lobatto);
    tcase_add_test(tc, test_restitution_vcrit);
    tcase_add_test(tc, test_driver_line);
    tcase_add_test(tc, test_driver_circle);
    tcase_add_test(tc, test_barrier);
    tcase_add_test(tc, test_bad_input);
    tcase_add_test(tc, test_branches);
    tcase_add_test(tc, test_hysteresis_driver);
    tcase_add_test(tc, test_reversals);
    tcase_add_test(tc, test_second_coding_resolved);
    tcase_add_test(tc, test_force_closed_forms);
    tcase_add_test(tc, test_force_driver);
    tcase_add_test(tc, test_force_bad_input);
    suite_add_tcase(s, tc);
    return s;
}
