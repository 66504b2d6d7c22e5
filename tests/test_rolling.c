/* test_rolling.c -- rolling and twisting resistance against
 * closed forms derived here from the case inputs: the EPSD spring-slider
 * loop of Ai et al. (2011, model C), Lubkin's (1951) torsion constants of a
 * Hertzian contact (the full-slip factor 3 pi/16 checked by quadrature of
 * the Hertz pressure), a sphere rolling without slip brought to rest (a
 * damped spring, a constant torque, a damped unloading), the constant
 * torque of seed 001 in the same set-up, and the energy accounts of the
 * history, roll and collision drivers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_integration.h>
#include <gsl/gsl_sf_ellint.h>

#include "cwb_test.h"
#include "lubkin_torsion.h"

/* The Hertz contact of cases/beyond_rolling_epsd_cycle.case: R = 0.01 m,
 * E = 7e10 Pa, nu = 0.25, rigid wall, delta = 1e-6 m (Hertz 1882). */
typedef struct {
    double a, F, kn, G;
} hertz_contact;

static hertz_contact cycle_contact(void)
{
    double R = 0.01, E = 7e10, nu = 0.25, delta = 1e-6, Es = E / (1 - nu * nu);
    hertz_contact h = {sqrt(R * delta), 4.0 / 3.0 * Es * sqrt(R) * pow(delta, 1.5), 0.0,
                       E / (2 * (1 + nu))};
    h.kn = 2 * Es * h.a;
    return h;
}

/* mu p(r) r 2 pi r over the Hertz pressure p = p0 sqrt(1 - r^2/a^2),
 * with a = 1 and F = 1 (p0 = 3/(2 pi)): the full-slip twisting torque per
 * mu F a. */
static double hertz_twist_integrand(double r, void *unused)
{
    (void)unused;
    return 3.0 / (2.0 * M_PI) * sqrt(fmax(0.0, 1.0 - r * r)) * 2.0 * M_PI * r * r;
}

/* The EPSD rolling loop and the torsional spring-slider loop, driven
 * 0 -> +t0 -> -t0 -> +t0 at a fixed Hertz contact (history driver).
 * An elastic-perfectly-plastic spring of stiffness k and limit M dissipates
 * M (t0 - M/k) on the first leg and 2 M (t0 - M/k) on each further one:
 * the closed loop's area is 4 M (t0 - M/k). The slider's step is exact, so
 * the tolerance is round-off (1e-9). k_r = 2.25 k_n mu_r^2 R^2, M_m = mu_r
 * R F_n ([ai2011]); k_tw = 16 G a^3/3, M_tw = c mu_tw F_n a with c by GSL
 * quadrature of the Hertz pressure (3 pi/16, Lubkin 1951). */
START_TEST(epsd_and_twist_loops)
{
    hertz_contact h = cycle_contact();
    double R = 0.01, mur = 0.1, mutw = 0.3, t0 = 2e-3, t0w = 5e-3;
    double kr = 2.25 * h.kn * mur * mur * R * R, mm = mur * R * h.F;
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(100);
    gsl_function fn = {hertz_twist_integrand, NULL};
    double c, err;
    gsl_integration_qags(&fn, 0.0, 1.0, 0.0, 1e-13, 100, w, &c, &err);
    gsl_integration_workspace_free(w);
    ck_assert_rel(c, 3.0 * M_PI / 16.0, 1e-12); /* Lubkin's factor */
    double ktw = 16.0 * h.G * pow(h.a, 3) / 3.0, mtw = c * mutw * h.F * h.a;
    cwb_result r;
    test_run("cases/beyond_rolling_epsd_cycle.case", NULL, 0, &r);
    ck_assert_rel(cwb_result_get(&r, "energy_dissipated_rolling"), 5.0 * mm * (t0 - mm / kr), 1e-9);
    ck_assert_rel(cwb_result_get(&r, "energy_dissipated_twisting"), 5.0 * mtw * (t0w - mtw / ktw),
                  1e-9);
    /* the last closed loop alone: rows 600 (at -t0) to 800 (at +t0) are one
     * half, 400 to 600 the other; each leg of 2 t0 dissipates 2 M (t0 - M/k) */
    double loop = test_col(&r, "D_roll", 800) - test_col(&r, "D_roll", 400);
    ck_assert_rel(loop, 4.0 * mm * (t0 - mm / kr), 1e-9);
    loop = test_col(&r, "D_twist", 800) - test_col(&r, "D_twist", 400);
    ck_assert_rel(loop, 4.0 * mtw * (t0w - mtw / ktw), 1e-9);
    /* first twisting step (row 201, 2.5e-5 rad, elastic): the slope is
     * Lubkin's initial torsional stiffness */
    ck_assert_rel(test_col(&r, "M_tw", 201) / test_col(&r, "theta_tw", 201), ktw, 1e-9);
    ck_assert_rel(test_col(&r, "M_r", 201) / test_col(&r, "theta_r", 201), kr, 1e-9);
    ck_assert_rel(cwb_result_get(&r, "final_rolling_torque"), mm, 1e-12);
    ck_assert_rel(cwb_result_get(&r, "final_twisting_torque"), mtw, 1e-12);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-12);
    /* the sliders' losses never fall, step by step (the law's slip >= 0) */
    for (size_t i = 1; i < r.series.nrow; i++) {
        ck_assert(test_col(&r, "D_roll", i) >= test_col(&r, "D_roll", i - 1));
        ck_assert(test_col(&r, "D_twist", i) >= test_col(&r, "D_twist", i - 1));
    }
    cwb_result_free(&r);
}
END_TEST

/* Moment control inverts the spring-slider: a torque target below the
 * limit is reached at M/k_r (to Brent's tolerance), one above the limit is
 * refused with a message (the rotation is undefined). */
START_TEST(moment_control)
{
    hertz_contact h = cycle_contact();
    double R = 0.01, mur = 0.1, kr = 2.25 * h.kn * mur * mur * R * R, mm = mur * R * h.F;
    char target[64];
    snprintf(target, sizeof target, "driver.rolling=0, %.17g, 0, 0", 0.5 * mm);
    const char *over[] = {"driver.rotation_control=moment", target, "driver.twisting=0, 0, 0, 0"};
    cwb_result r;
    test_run("cases/beyond_rolling_epsd_cycle.case", over, 3, &r);
    ck_assert_rel(test_col(&r, "theta_r", 400), 0.5 * mm / kr, 1e-9);
    ck_assert(fabs(cwb_result_get(&r, "final_rolling_torque")) < 1e-12 * mm);
    cwb_result_free(&r);
    snprintf(target, sizeof target, "driver.rolling=0, %.17g, 0, 0", 1.01 * mm);
    char msg[CWB_MSG];
    cwb_case *c = test_load("cases/beyond_rolling_epsd_cycle.case", over, 3);
    cwb_result_init(&r);
    ck_assert_int_eq(cwb_run_case(c, &r, msg, sizeof msg), CWB_EFAIL);
    ck_assert_msg(strstr(msg, "beyond the law's limit torque") != NULL, "%s", msg);
    cwb_result_free(&r);
    free(c);
}
END_TEST

/* The two spring forms when the stiffness changes under a held twist: the
 * twist theta_0 = 1e-4 rad (elastic: below M_tw/k_tw = 1.2e-3 rad) is put
 * in at delta_1 = 1e-6 m, then the overlap is raised to delta_2 = 2e-6 m at
 * fixed twist. Incremental (Ai et al.'s Delta M = k Delta theta): the
 * torque stays k_tw(a_1) theta_0; displacement form (LAMMPS): it becomes
 * k_tw(a_2) theta_0, a = sqrt(R delta), k_tw = 16 G a^3/3 (Lubkin 1951).
 * Exact steps: round-off (1e-12). */
START_TEST(spring_forms_under_changing_stiffness)
{
    double R = 0.01, G = 7e10 / 2.5, t0 = 1e-4;
    double k1 = 16.0 * G * pow(R * 1e-6, 1.5) / 3.0, k2 = 16.0 * G * pow(R * 2e-6, 1.5) / 3.0;
    const char *over[] = {"driver.normal=1e-6, 1e-6, 2e-6", "driver.rolling=0, 0, 0",
                          "driver.twisting=0, 1e-4, 1e-4", "rolling.spring_form=incremental"};
    cwb_result r;
    test_run("cases/beyond_rolling_epsd_cycle.case", over, 4, &r);
    ck_assert_rel(cwb_result_get(&r, "final_twisting_torque"), k1 * t0, 1e-12);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-12);
    cwb_result_free(&r);
    over[3] = "rolling.spring_form=displacement";
    test_run("cases/beyond_rolling_epsd_cycle.case", over, 4, &r);
    ck_assert_rel(cwb_result_get(&r, "final_twisting_torque"), k2 * t0, 1e-12);
    /* the rescale puts energy in: 0.5 (k2 - k1) theta_0^2, signed */
    ck_assert_rel(cwb_result_get(&r, "energy_rolling_stiffness_change"), -0.5 * (k2 - k1) * t0 * t0,
                  1e-9);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-12);
    cwb_result_free(&r);
}
END_TEST

/* The closed form of cases/beyond_rolling_epsd_rest.case (derived in
 * reference/analytic/generate_rolling.sh): stop time t2, stop distance
 * x2, rest position and position at t_end of a sphere rolling without
 * slip, J = I + m R^2. */
typedef struct {
    double t1, t2, x2, x_rest, x_end;
} rest_closed_form;

static rest_closed_form rest_solution(double v0, double t_end)
{
    double R = 0.01, E = 7e10, nu = 0.25, rho = 2700, F = 10, mur = 0.1, eta = 0.3;
    double Es = E / (1 - nu * nu), delta = pow(3 * F / (4 * Es * sqrt(R)), 2.0 / 3.0);
    double kn = 2 * Es * sqrt(R * delta), m = rho * 4.0 / 3.0 * M_PI * pow(R, 3);
    double J = 1.4 * m * R * R, k = 2.25 * kn * mur * mur * R * R, M = mur * R * F;
    double wn = sqrt(k / J), wd = wn * sqrt(1 - eta * eta), W0 = v0 / R, ps = M / k;
    double lo = 0.0, hi = atan2(wd, eta * wn) / wd; /* phi's first maximum */
    for (int i = 0; i < 200; i++) {
        double mid = 0.5 * (lo + hi);
        if (W0 / wd * exp(-eta * wn * mid) * sin(wd * mid) < ps)
            lo = mid;
        else
            hi = mid;
    }
    double w1 = W0 * exp(-eta * wn * lo) * (cos(wd * lo) - eta * wn / wd * sin(wd * lo));
    double p2 = ps + J * w1 * w1 / (2 * M), t2 = lo + J * w1 / M, tau = t_end - t2;
    /* phase 3: psi = phi - p2 + ps from psi = ps, psi' = 0 */
    double psi = ps * exp(-eta * wn * tau) * (cos(wd * tau) + eta * wn / wd * sin(wd * tau));
    rest_closed_form s = {lo, t2, R * p2, R * (p2 - ps), R * (p2 - ps + psi)};
    return s;
}

/* A sphere rolling without slip on a wall comes to rest where the closed
 * form says. The driver brackets the switch of the dashpot (slider
 * engaging) by halving the step, so RK4 keeps its order: measured
 * deviations 1.6e-10 (stop distance) over dt = 4e-7 ... 5e-8 s; tolerance
 * 1e-9. Without the bracketing they were 1e-5 ... 2.5e-4. */
START_TEST(epsd_rolling_comes_to_rest)
{
    rest_closed_form s = rest_solution(0.1, 0.008);
    cwb_result r;
    test_run("cases/beyond_rolling_epsd_rest.case", NULL, 0, &r);
    ck_assert_rel(cwb_result_get(&r, "stop_time"), s.t2, 1e-9);
    ck_assert_rel(cwb_result_get(&r, "stop_distance"), s.x2, 1e-9);
    ck_assert_rel(cwb_result_get(&r, "final_position"), s.x_end, 1e-9);
    /* at t_end the sphere is 5.6e-6 short of rest: the unloading
     * oscillation decays as exp(-eta_r w_n t) */
    ck_assert_rel(cwb_result_get(&r, "final_position"), s.x_rest, 1e-5);
    /* the energy account: every loss >= 0, closed to round-off (measured
     * 2.5e-13) */
    ck_assert(cwb_result_get(&r, "energy_dissipated_rolling_slip") > 0.0);
    ck_assert(cwb_result_get(&r, "energy_dissipated_rolling_viscous") > 0.0);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-11);
    ck_assert(fabs(cwb_result_get(&r, "rolling_account_error")) < 1e-11);
    cwb_result_free(&r);
}
END_TEST

/* The constant torque M = mu_ro F_n R of seed 001 on a sphere rolling
 * without slip decelerates its spin at M / (I + m R^2): it stops at
 * t = Omega_0 (I + m R^2)/M after v0 t / 2. Uniform deceleration is
 * integrated exactly by RK4 and the stop is interpolated linearly in a
 * linear omega(t): round-off (1e-9). The closed forms: seed 001's constant
 * torque and Newton's laws, not cwb. */
START_TEST(constant_torque_rolling_stops)
{
    cwb_result r;
    test_run("tests/data/roll_constant_torque.case", NULL, 0, &r);
    double R = 0.01, m = 2700 * 4.0 / 3.0 * M_PI * pow(R, 3), J = 1.4 * m * R * R;
    double M = 0.01 * 10 * R, v0 = 0.1, t = v0 / R * J / M;
    ck_assert_rel(cwb_result_get(&r, "stop_time"), t, 1e-9);
    ck_assert_rel(cwb_result_get(&r, "stop_distance"), 0.5 * v0 * t, 1e-9);
    cwb_result_free(&r);
    /* At steps that do not land near the stop, and run on past it: RK4's
     * stages straddling omega = 0 cancelled the torque, and the sphere froze
     * short of the stop (dt 1e-5 s: still rolling at t_end, the rolling loss
     * 1.00025 of the energy put in, M_r printed 0). The stop is now the end
     * of its step and the sphere stays at rest: the same closed forms, the
     * whole kinetic energy lost to the rolling torque, M_r = mu_ro F_n R
     * while it rolls. */
    static const char *const dts[] = {"driver.dt=1e-4", "driver.dt=3e-5", "driver.dt=7e-6"};
    for (size_t i = 0; i < 3; i++) {
        const char *over[] = {dts[i], "driver.t_end=0.06"};
        test_run("tests/data/roll_constant_torque.case", over, 2, &r);
        ck_assert_rel(cwb_result_get(&r, "stop_time"), t, 1e-9);
        ck_assert_rel(cwb_result_get(&r, "stop_distance"), 0.5 * v0 * t, 1e-9);
        ck_assert(cwb_result_get(&r, "final_speed") == 0.0);
        ck_assert(cwb_result_get(&r, "final_omega") == 0.0);
        ck_assert_rel(cwb_result_get(&r, "energy_dissipated_rolling"),
                      cwb_result_get(&r, "energy_in"), 1e-9);
        ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-9);
        ck_assert_rel(fabs(test_col(&r, "M_r", 1)), M, 1e-12);
        cwb_result_free(&r);
    }
}
END_TEST

/* The first root of the spin of a sphere rolling on a tangential spring
 * k (contact-point mass m_eff = 1 / (1/m + R^2/I)) under the constant
 * torque M, from rest of the spring at rolling without slip: the spring
 * rides xi = xi_eq (1 - cos w t) about the force -m R M / J that rolling
 * without slip needs, and
 *   omega(t) = omega_0 + (M/J) t + m R^2 M / (J I w) sin(w t),
 * Newton's laws on the linear spring, not cwb. Scanned in 1e-6 of t_end,
 * then bisected. */
static double spin_root(double w0, double M, double m, double R, double k, double t_end)
{
    double I = 0.4 * m * R * R, J = I + m * R * R, w = sqrt(k * (1.0 / m + R * R / I));
    double lo = 0.0, hi = 0.0;
    for (int i = 1; i <= 1000000; i++) {
        double t = t_end * i / 1e6;
        if (w0 + M / J * t + m * R * R * M / (J * I * w) * sin(w * t) >= 0.0) {
            hi = t;
            break;
        }
        lo = t;
    }
    for (int i = 0; i < 200 && hi > 0.0; i++) {
        double t = 0.5 * (lo + hi);
        *(w0 + M / J * t + m * R * R * M / (J * I * w) * sin(w * t) >= 0.0 ? &hi : &lo) = t;
    }
    return hi;
}

/* slip = law: the same sphere on Mindlin's tangential spring. Its stop is
 * moved by the spring's oscillation (spin_root: 0.0158532 s against
 * 0.0158336 s rolling without slip; the period 1.0e-4 s); the held spin
 * then stays at zero, the torque holding it as a static rolling friction,
 * while the centre rides the spring. Mindlin's k_t = 8 G* a (Mindlin
 * 1949) softens by (1 - F_t/mu F_n)^(1/3), 1e-5 here, so 1e-6 of the
 * stop time (measured 2e-8). Before the hold, the spin chattered through
 * zero after the stop and the account booked 2.3e-4 of the energy put in
 * as created at dt = 1e-5 s (the rolling loss above the energy in). */
START_TEST(constant_torque_rolling_with_slip_law)
{
    static const char *const over[] = {"contact.tangential=mindlin", "tangential.mu=0.3",
                                       "driver.slip=law", "driver.dt=auto", "driver.t_end=0.06"};
    cwb_result r;
    test_run("tests/data/roll_constant_torque.case", over, 5, &r);
    double R = 0.01, m = 2700 * 4.0 / 3.0 * M_PI * pow(R, 3), E = 7e10, nu = 0.25, F = 10.0;
    double G_star = E / (2.0 * (1.0 + nu)) / (2.0 - nu), E_star = E / (1.0 - nu * nu);
    double a = cbrt(3.0 * F * R / (4.0 * E_star)), k_t = 8.0 * G_star * a;
    double t = spin_root(-0.1 / R, 0.01 * F * R, m, R, k_t, 0.06);
    ck_assert_rel(cwb_result_get(&r, "stop_time"), t, 1e-6);
    ck_assert(cwb_result_get(&r, "final_omega") == 0.0);
    double e_in = cwb_result_get(&r, "energy_in");
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-9);
    ck_assert(cwb_result_get(&r, "energy_dissipated_tangential") > -1e-12 * e_in);
    ck_assert(cwb_result_get(&r, "energy_dissipated_rolling") <= e_in);
    cwb_result_free(&r);
    /* a step over a quarter of the spring's period is refused */
    static const char *const coarse[] = {"contact.tangential=mindlin", "tangential.mu=0.3",
                                         "driver.slip=law", "driver.dt=4e-5"};
    test_refused("tests/data/roll_constant_torque.case", coarse, 4,
                 "[driver] dt = 4e-05 s is over a quarter of 9.97");
    /* a law that reports no stiffness before its first motion
     * (rathbone_tangential) is held to Mindlin's 8 G* a: at dt = 4e-5 s it
     * created 15 times the energy put in, with only a warning */
    static const char *const rathbone[] = {"contact.normal=rathbone",
                                           "normal.sigma_y=1e9",
                                           "body1.nu=0.3",
                                           "contact.tangential=rathbone_tangential",
                                           "driver.slip=law",
                                           "driver.dt=4e-5"};
    test_refused("tests/data/roll_constant_torque.case", rathbone, 6,
                 "[driver] dt = 4e-05 s is over a quarter of 0.000100768 s, the period of the "
                 "tangential law's spring");
}
END_TEST

/* The tangential law's energy in a roll is split as the collision and
 * history drivers split it: slip (>= 0) and the signed stiffness change.
 * At the held normal force the spring of rathbone_tangential oscillates
 * through unload-reload loops, and Rathbone's thesis (eq. 106) reloads at
 * 9.28 G* a above the 8 G* a it unloads at (eq. 105), so each loop gives
 * back more than it took: energy_from_stiffness_change < 0 by the
 * published equations, not by cwb, and the run must say so (it once
 * printed energy_dissipated_tangential = -5.8e-14 J without a word in
 * `cwb init roll --tangential rathbone_tangential`). The two parts add up
 * to energy_dissipated_tangential within the account's round-off (1e-9
 * of energy_in: the run's own energy_balance_error is 1.8e-12). Mindlin's
 * force at fixed N is a function of the displacement (Mindlin 1949), so
 * its loops create nothing and it gets no warning. */
START_TEST(roll_books_energy_a_tangential_law_creates)
{
    static const char *const rathbone[] = {"contact.normal=rathbone",
                                           "normal.sigma_y=1e9",
                                           "body1.nu=0.3",
                                           "contact.tangential=rathbone_tangential",
                                           "driver.slip=law",
                                           "driver.dt=auto",
                                           "driver.t_end=0.005"};
    cwb_result r;
    test_run("tests/data/roll_constant_torque.case", rathbone, 7, &r);
    double e_in = cwb_result_get(&r, "energy_in"),
           slip = cwb_result_get(&r, "energy_dissipated_slip");
    double stiff = cwb_result_get(&r, "energy_from_stiffness_change");
    ck_assert(slip >= 0.0);
    ck_assert_msg(stiff < -1e-6 * e_in, "energy_from_stiffness_change %g J", stiff);
    ck_assert(fabs(cwb_result_get(&r, "energy_dissipated_tangential") - slip - stiff) <
              1e-9 * e_in);
    ck_assert_msg(test_energy_laws_declare(&r, "roll") == 1, "no warning of the energy created");
    ck_assert(strstr(r.warn[0], "'rathbone_tangential' created") != NULL);
    cwb_result_free(&r);
    static const char *const mindlin[] = {"contact.tangential=mindlin", "tangential.mu=0.3",
                                          "driver.slip=law", "driver.dt=auto",
                                          "driver.t_end=0.005"};
    test_run("tests/data/roll_constant_torque.case", mindlin, 5, &r);
    e_in = cwb_result_get(&r, "energy_in");
    ck_assert(fabs(cwb_result_get(&r, "energy_from_stiffness_change")) < 1e-9 * e_in);
    ck_assert_int_eq(test_energy_laws_declare(&r, "roll mindlin"), 0);
    cwb_result_free(&r);
}
END_TEST

/* A run in the foreground reports its progress (cwb_progressf, to the log
 * cwb run sets); the report is a side line and the results do not depend
 * on it. With no time between lines (cwb run asks half a second) the roll
 * reports after its first step and every 16,384 after: 6,705 steps give
 * one line, which says where it is; the results equal the run's without
 * the log to the bit. */
static void count_progress(void *user, cwb_log_level level, const char *text)
{
    ck_assert_int_eq(level, CWB_LOG_PROGRESS);
    ck_assert_msg(strncmp(text, "roll: t = ", 10) == 0 && strstr(text, "step 1 of 6705 of "), "%s",
                  text);
    ++*(int *)user;
}

START_TEST(roll_progress_does_not_touch_results)
{
    static const char *const over[] = {"contact.tangential=mindlin", "tangential.mu=0.3",
                                       "driver.slip=law", "driver.dt=auto", "driver.t_end=0.005"};
    int said = 0;
    cwb_log log = {count_progress, &said};
    cwb_result quiet, told;
    ck_assert(!cwb_progress_wanted());
    test_run("tests/data/roll_constant_torque.case", over, 5, &quiet);
    cwb_progress_log_set(&log, 0.0);
    ck_assert(cwb_progress_wanted());
    test_run("tests/data/roll_constant_torque.case", over, 5, &told);
    cwb_progress_log_set(NULL, 0.0);
    ck_assert(!cwb_progress_wanted());
    ck_assert_int_eq(said, 1);
    static const char *const names[] = {"final_position", "final_speed", "final_omega",
                                        "energy_balance_error"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        ck_assert_msg(cwb_result_get(&quiet, names[i]) == cwb_result_get(&told, names[i]), "%s",
                      names[i]);
    cwb_result_free(&quiet);
    cwb_result_free(&told);
}
END_TEST

/* A given step that the period allows but t_end does not: the linear
 * elastic rolling spring without slip (period 2.29e-3 s) at 11.4 steps a
 * period over 13 periods; RK4 scales an undamped spring's energy by
 * 1 - (w h)^6 / 72 a step, 3.7e-4 here, so the account misses a few
 * percent (measured 0.026) and the run says so. dt = auto asks
 * w t_end (w h)^5 / 72 <= 1e-6 of it: the account closes below 1e-6
 * (measured 3.6e-7), with no warning. */
START_TEST(roll_warns_where_the_step_loses_energy)
{
    const char *over[] = {
        "contact.rolling=linear_elastic", "rolling.mu_roll=",  "rolling.length=1e-3",
        "rolling.kt_div_kn=0.8",          "driver.t_end=0.03", "driver.dt=2e-4"};
    cwb_result r;
    test_run("tests/data/roll_constant_torque.case", over, 6, &r);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) > 1e-3);
    ck_assert_msg(r.nwarn == 1 && strstr(r.warn[0], "11.4 steps a period of the fastest spring"),
                  "%zu warnings: %s", r.nwarn, r.nwarn ? r.warn[0] : "");
    cwb_result_free(&r);
    over[5] = "driver.dt=auto";
    test_run("tests/data/roll_constant_torque.case", over, 6, &r);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-6);
    ck_assert_int_eq((int)r.nwarn, 0);
    cwb_result_free(&r);
}
END_TEST

/* The collision driver carries rolling and twisting: an oblique, spinning
 * impact (spin about y and about the normal) with Mindlin friction and
 * EPSD rolling + twisting. Kinetic energy in = out + every loss; each loss
 * the laws report is >= 0 (slip, dashpot, twisting slider); the spring
 * stiffness change is signed (k_r follows k_n). The twisting slider slows
 * the spin about the normal, never reverses it. Measured balance 2.5e-10
 * at dt_tol 1e-6. */
START_TEST(collision_rolling_twisting_account)
{
    cwb_result r;
    test_run("tests/data/collision_epsd_twist.case", NULL, 0, &r);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-8);
    ck_assert(cwb_result_get(&r, "energy_dissipated_rolling") > 0.0);
    ck_assert(cwb_result_get(&r, "energy_dissipated_rolling_slip") > 0.0);
    ck_assert(cwb_result_get(&r, "energy_dissipated_rolling_viscous") > 0.0);
    ck_assert(cwb_result_get(&r, "energy_dissipated_twisting") > 0.0);
    double sum = cwb_result_get(&r, "energy_dissipated_rolling_slip") +
                 cwb_result_get(&r, "energy_dissipated_rolling_viscous") +
                 cwb_result_get(&r, "energy_dissipated_twisting") +
                 cwb_result_get(&r, "energy_rolling_stiffness_change");
    /* the driver's integral of the torques' power against the laws' own
     * losses: the same energy by two routes */
    ck_assert_rel(cwb_result_get(&r, "energy_dissipated_rolling"), sum, 1e-5);
    double wz = cwb_result_get(&r, "omega1_normal_after");
    ck_assert(wz > 0.0 && wz < 100.0);
    cwb_result_free(&r);
}
END_TEST

/* EPSD at full mobilisation is the constant torque mu_r R* F_n: in a
 * frictionless elastic impact of a sphere spinning at 200 rad/s on a wall
 * (R* = R), with a rolling spring so stiff that it slides from the first
 * 1e-8 rad, the angular impulse is mu_r R int F_n dt = mu_r R m (1 + e) v_n
 * with e = 1, so omega' = omega - (5/2) mu_r 2 v_n / R = 175 rad/s.
 * Measured 4e-15; tolerance 1e-9. */
START_TEST(epsd_mobilised_is_constant_torque)
{
    cwb_result r;
    test_run("tests/data/rolling_epsd_sphere_wall.case", NULL, 0, &r);
    double mu = 0.05, vn = 1.0, R = 0.01;
    ck_assert_rel(cwb_result_get(&r, "omega1_after"), 200.0 - 2.5 * mu * 2 * vn / R, 1e-9);
    ck_assert_rel(cwb_result_get(&r, "energy_dissipated_rolling"),
                  cwb_result_get(&r, "energy_in") - cwb_result_get(&r, "energy_out"), 1e-9);
    cwb_result_free(&r);
}
END_TEST

/* x^2 sqrt(1 - x) / sqrt(1 - x^(5/2)): with the weight (1 - x)^(-1/2) of
 * GSL's qaws, the integrand of int_0^1 x^2 / sqrt(1 - x^(5/2)) dx. */
static double twist_impulse_integrand(double x, void *unused)
{
    (void)unused;
    double d = 1.0 - pow(x, 2.5);
    return d > 0.0 ? x * x * sqrt((1.0 - x) / d) : x * x / sqrt(2.5);
}

/* The collision driver's twisting: a sphere spinning at 100 rad/s about the
 * normal hits a rigid wall head-on, frictionless, with a twisting slider so
 * stiff it slides throughout. The torque is (3 pi/16) mu_tw F_n a with
 * F_n a = (4/3) E* R delta^2 (Hertz 1882), so the spin about the normal
 * falls by (3 pi/16) mu_tw (4/3) E* R int delta^2 dt / I, and over the
 * Hertz impact (energy: v^2 = v0^2 (1 - (delta/delta_m)^(5/2)))
 *   int delta^2 dt = 2 (delta_m^3 / v0) int_0^1 x^2 / sqrt(1 - x^(5/2)) dx
 * by GSL quadrature (qaws, the end singularity as its weight). Measured
 * agreement 1e-12 of the change (3.379 rad/s); tolerance 1e-8 (the run's
 * dt_tol is 1e-6 on the reported results). */
START_TEST(collision_twisting_slip_impulse)
{
    double R = 0.01, E = 7e10, nu = 0.25, rho = 2700, v0 = 1.0, mu = 0.3, w0 = 100.0;
    double Es = E / (1 - nu * nu), K = 4.0 / 3.0 * Es * sqrt(R);
    double m = rho * 4.0 / 3.0 * M_PI * pow(R, 3), I = 0.4 * m * R * R;
    double dm = pow(5.0 * m * v0 * v0 / (4.0 * K), 0.4);
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(200);
    gsl_integration_qaws_table *t = gsl_integration_qaws_table_alloc(0.0, -0.5, 0, 0);
    gsl_function fn = {twist_impulse_integrand, NULL};
    double q, err;
    gsl_integration_qaws(&fn, 0.0, 1.0, t, 0.0, 1e-13, 200, w, &q, &err);
    gsl_integration_qaws_table_free(t);
    gsl_integration_workspace_free(w);
    double dw = 3.0 * M_PI / 16.0 * mu * K * sqrt(R) * 2.0 * pow(dm, 3) / v0 * q / I;
    cwb_result r;
    test_run("tests/data/collision_twist_slip.case", NULL, 0, &r);
    ck_assert_rel(w0 - cwb_result_get(&r, "omega1_normal_after"), dw, 1e-8);
    /* the work done on the law (the driver's RK4 integral of torque times
     * spin) is the spin's kinetic energy lost (measured 1.1e-11); the
     * slider's own account of each step takes the cap mu F_n a at the
     * step's end, first order in the step: measured 2.5e-5 of it */
    double w1 = cwb_result_get(&r, "omega1_normal_after"), ke = 0.5 * I * (w0 * w0 - w1 * w1);
    ck_assert_rel(cwb_result_get(&r, "energy_dissipated_rolling"), ke, 1e-9);
    ck_assert_rel(cwb_result_get(&r, "energy_dissipated_twisting"), ke, 1e-4);
    cwb_result_free(&r);
}
END_TEST

/* ---- Lubkin (1951) torsion with partial slip (epsd, twist = lubkin) ----
 * The closed form, coded here again with GSL's elliptic integrals (not the
 * law's AGM), bisection (not Brent) and QAGS (not the law's series and
 * Gauss-Legendre rule); derived in src/laws/lubkin_torsion.c and checked
 * against the half-space by a ring-kernel quadrature in
 * reference/analytic/lubkin_torsion.py:
 *   beta = B (K(k) - E(k)), k = sqrt(1 - u^2), u = c/a,
 *   M = mu F_n a (4/pi) int_u^1 x^2 E(sqrt(1 - x^2)) dx. */
static double gsl_E_of(double x, void *unused)
{
    (void)unused;
    if (x < 1e-7) /* E near k = 1 (A&S 17.3.36): the rest is O(x^4 ln x) */
        return 1.0 + 0.5 * x * x * (log(4.0 / x) - 0.5);
    return gsl_sf_ellint_Ecomp(sqrt((1.0 - x) * (1.0 + x)), GSL_PREC_DOUBLE);
}

static double gsl_x2E(double x, void *unused)
{
    return x * x * gsl_E_of(x, unused);
}

static double gsl_phi(double u)
{
    double k = sqrt((1.0 - u) * (1.0 + u));
    return gsl_sf_ellint_Kcomp(k, GSL_PREC_DOUBLE) - gsl_sf_ellint_Ecomp(k, GSL_PREC_DOUBLE);
}

static double gsl_moment(double u)
{
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(200);
    gsl_function fn = {gsl_x2E, NULL};
    double r, err;
    gsl_integration_qags(&fn, u, 1.0, 0.0, 1e-13, 200, w, &r, &err);
    gsl_integration_workspace_free(w);
    return 4.0 / M_PI * r;
}

/* x^2 E Phi, Phi(x) = K - E at k = sqrt(1 - x^2); below x = 1e-7, where
 * k rounds to 1, K = ln(4/x) and E = 1 up to O(x^2 ln x) (A&S 17.3.26) */
static double gsl_x2E_phi(double x, void *unused)
{
    double phi = x < 1e-7 ? log(4.0 / x) - 1.0 : gsl_phi(x);
    return gsl_x2E(x, unused) * phi;
}

static double gsl_energy(double u)
{
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(200);
    gsl_function fn = {gsl_x2E_phi, NULL};
    double r, err;
    gsl_integration_qags(&fn, u, 1.0, 0.0, 1e-13, 200, w, &r, &err);
    gsl_integration_workspace_free(w);
    return 4.0 / M_PI * r;
}

/* the virgin curve M/(mu F_n a) at b = beta/B in (0.005, 30): bisection */
static double gsl_virgin(double b, void *unused)
{
    (void)unused;
    double lo = 1e-7, hi = 0.999;
    for (int i = 0; i < 200 && hi - lo > 1e-16; i++) {
        double u = 0.5 * (lo + hi);
        if (gsl_phi(u) > b)
            lo = u;
        else
            hi = u;
    }
    return gsl_moment(0.5 * (lo + hi));
}

/* The curve functions: at u = 0.05 ... 0.99 the law's twist, torque and
 * stored energy equal GSL's (round-off and quadrature: 1e-12), the stick
 * radius inverts the twist (Brent: 1e-12); the limits: full slip 3 pi/16
 * at u = 0 (1e-13) and the stored energy there (QAGS: 1e-12). Below
 * u = 0.4 the law takes these two as constants (the energy computed apart
 * to 35 digits) less the stick disc's part, so the points u = 0.05, 0.2
 * and 0.39 check the constants too. The initial slope dM/dbeta -> (4/pi)
 * mu F_n a/B = 16 a^3/(3 C) (Lubkin's stiffness): the secant at
 * u = 1 - 1e-9 is (4/pi)(1 - O(1e-9)) (tolerance 1e-8). */
START_TEST(lubkin_curve_closed_form)
{
    const double us[] = {0.05, 0.2, 0.39, 0.4, 0.6, 0.8, 0.95, 0.99};
    for (size_t i = 0; i < sizeof us / sizeof us[0]; i++) {
        double u = us[i];
        ck_assert_rel(cwb_lubkin_twist(u), gsl_phi(u), 1e-12);
        ck_assert_rel(cwb_lubkin_moment(u), gsl_moment(u), 1e-12);
        ck_assert_rel(cwb_lubkin_energy(u), gsl_energy(u), 1e-12);
        ck_assert_rel(cwb_lubkin_stick_radius(gsl_phi(u)), u, 1e-12);
    }
    ck_assert_rel(cwb_lubkin_moment(0.0), 3.0 * M_PI / 16.0, 1e-13);
    ck_assert_rel(cwb_lubkin_energy(0.0), gsl_energy(0.0), 1e-12);
    double u = 1.0 - 1e-9;
    ck_assert_rel(cwb_lubkin_moment(u) / cwb_lubkin_twist(u), 4.0 / M_PI, 1e-8);
}
END_TEST

/* The shipped cycle (cases/beyond_twisting_lubkin.case, a = 1e-4 m, F_n =
 * 9.9556 N, G = 28 GPa, mu_tw = 0.3): the twist rows against the GSL
 * coding of the closed form, virgin loading (rows 201-400) and the Masing
 * branch M = M* - 2 g((beta* - beta)/2) (rows 401-600): 1e-10 (bisection
 * and quadrature); |M| <= (3 pi/16) mu F_n a on every row; the closed
 * loop (rows 400-800) dissipates 8 int_0^beta0 M dbeta - 4 beta0 M(beta0)
 * (QAGS over the GSL curve: 1e-9); the slip never falls; the energy
 * balance closes to round-off. */
START_TEST(lubkin_cycle)
{
    double R = 0.01, E = 7e10, nu = 0.25, mu = 0.3, delta = 1e-6, t0 = 5e-3;
    double Es = E / (1 - nu * nu), G = E / (2 * (1 + nu)), a = sqrt(R * delta);
    double F = 4.0 / 3.0 * Es * sqrt(R) * pow(delta, 1.5);
    double B = 3.0 * mu * F / (4.0 * M_PI * a * a * G), unit = mu * F * a;
    cwb_result r;
    test_run("cases/beyond_twisting_lubkin.case", NULL, 0, &r);
    const size_t rows[] = {210, 250, 300, 400};
    for (size_t i = 0; i < 4; i++) {
        double th = test_col(&r, "theta_tw", rows[i]);
        ck_assert_rel(test_col(&r, "M_tw", rows[i]), unit * gsl_virgin(th / B, NULL), 1e-10);
    }
    double m0 = gsl_virgin(t0 / B, NULL);
    for (size_t row = 450; row <= 600; row += 50) {
        double th = test_col(&r, "theta_tw", row);
        double m = m0 - 2.0 * gsl_virgin(0.5 * (t0 - th) / B, NULL);
        ck_assert_rel(test_col(&r, "M_tw", row), unit * m, 1e-10);
    }
    for (size_t i = 0; i < r.series.nrow; i++) {
        ck_assert(fabs(test_col(&r, "M_tw", i)) <= 3.0 * M_PI / 16.0 * unit);
        if (i > 0)
            ck_assert(test_col(&r, "D_twist", i) >= test_col(&r, "D_twist", i - 1));
    }
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(200);
    gsl_function fn = {gsl_virgin, NULL};
    double wv, err;
    gsl_integration_qags(&fn, 0.0, t0 / B, 0.0, 1e-12, 200, w, &wv, &err);
    gsl_integration_workspace_free(w);
    double loop = (8.0 * wv - 4.0 * (t0 / B) * m0) * B * unit;
    ck_assert_rel(test_col(&r, "D_twist", 800) - test_col(&r, "D_twist", 400), loop, 1e-9);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-12);
    cwb_result_free(&r);
}
END_TEST

/* The limits through the law: a twist of 1e-9 rad (b = 3.9e-7) is elastic,
 * M/beta = 16 G a^3/3 (Lubkin's stiffness) up to the secant's O(b):
 * 1e-6; a twist of 1 rad (b = 393, c/a ~ e^-394) is at full slip, (3 pi/16)
 * mu F_n a to 1e-12. Masing's memory: 0 -> 5e-3 -> 1e-3 -> 3e-3 -> -5e-3
 * closes the inner loop (1e-3, 3e-3) when it passes 1e-3 and ends on the
 * branch from 5e-3, at -M(5e-3): 1e-12. Moment control: below. */
START_TEST(lubkin_limits_and_memory)
{
    double G = 2.8e10, a = 1e-4, unit = 0.3 * 9.955555555555556 * a;
    const char *small[] = {"driver.twisting=0, 0, 1e-9, 1e-9"};
    cwb_result r;
    test_run("cases/beyond_twisting_lubkin.case", small, 1, &r);
    ck_assert_rel(test_col(&r, "M_tw", 600) / 1e-9, 16.0 * G * pow(a, 3) / 3.0, 1e-6);
    cwb_result_free(&r);
    const char *big[] = {"driver.twisting=0, 0, 1, 1"};
    test_run("cases/beyond_twisting_lubkin.case", big, 1, &r);
    ck_assert_rel(cwb_result_get(&r, "final_twisting_torque"), 3.0 * M_PI / 16.0 * unit, 1e-12);
    cwb_result_free(&r);
    /* moment control inverts the curve: a torque target of half the full
     * slip torque is reached at beta = B Phi(u), m(u) = (3 pi/32) (GSL
     * bisection on u); the driver's Brent and the law's Brent: 1e-9 */
    char target[80];
    snprintf(target, sizeof target, "driver.twisting=0, %.17g, 0, 0", 3.0 * M_PI / 32.0 * unit);
    const char *moment[] = {"driver.rotation_control=moment", target};
    test_run("cases/beyond_twisting_lubkin.case", moment, 2, &r);
    double lo = 1e-7, hi = 0.999;
    for (int i = 0; i < 200 && hi - lo > 1e-16; i++) {
        double u = 0.5 * (lo + hi);
        if (gsl_moment(u) > 3.0 * M_PI / 32.0)
            lo = u;
        else
            hi = u;
    }
    double B = 3.0 * 0.3 * 9.955555555555556 / (4.0 * M_PI * a * a * G);
    ck_assert_rel(test_col(&r, "theta_tw", 400), B * gsl_phi(0.5 * (lo + hi)), 1e-9);
    cwb_result_free(&r);
    const char *memory[] = {"driver.normal=1e-6, 1e-6, 1e-6, 1e-6, 1e-6",
                            "driver.twisting=0, 5e-3, 1e-3, 3e-3, -5e-3"};
    test_run("cases/beyond_twisting_lubkin.case", memory, 2, &r);
    double m5 = test_col(&r, "M_tw", 400);
    ck_assert_rel(cwb_result_get(&r, "final_twisting_torque"), -m5, 1e-12);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-12);
    cwb_result_free(&r);
}
END_TEST

/* The virgin curve in w = k^2 = 1 - (c/a)^2, where small twists are
 * resolved (u = c/a is not: 1 - u is quantised to 1.1e-16), coded again
 * with GSL and fixed 20-point Gauss-Legendre rules (the integrands are
 * analytic on |s| < 1; on [0, w <= 1/2] the rule's error is ~(3 +
 * sqrt 8)^-40, below round-off):
 *   Phi(w) = K - E = (w/3) R_D(0, 1 - w, 1)  (Carlson; DLMF sec. 19.25),
 *   m(w) = (2/pi) int_0^w sqrt(1 - s) E(sqrt s) ds (x = sqrt(1 - s) in the
 *          law's int_u^1 x^2 E dx),
 *   e(w) = (2/pi) int_0^w sqrt(1 - s) E(sqrt s) Phi(s) ds,
 * and the dissipation d = Phi m - 2e, whose terms cancel to O(w^3), from
 * its derivative Phi' m - m' Phi with Phi' = E/(2(1 - w)) (from
 * dK/dk and dE/dk, DLMF sec. 19.4) and Phi, m as integrals again:
 *   d(w) = (1/pi) int_0^w E(sqrt t) int_0^t E(sqrt s) [sqrt(1 - s)/(1 - t)
 *          - sqrt(1 - t)/(1 - s)] ds dt,
 * the bracket = (t - s)(X^2 + XY + Y^2)/((X + Y)(1 - t)(1 - s)), X =
 * sqrt(1 - s), Y = sqrt(1 - t): no difference of close numbers. */
static double ref_phi(double w)
{
    return w * gsl_sf_ellint_RD(0.0, 1.0 - w, 1.0, GSL_PREC_DOUBLE) / 3.0;
}

static double ref_E(double s)
{
    return gsl_sf_ellint_Ecomp(sqrt(s), GSL_PREC_DOUBLE);
}

static double ref_m_integrand(double s, void *unused)
{
    (void)unused;
    return sqrt(1.0 - s) * ref_E(s);
}

static double ref_e_integrand(double s, void *unused)
{
    return ref_m_integrand(s, unused) * ref_phi(s);
}

static double ref_d_inner(double s, void *tp)
{
    double t = *(double *)tp, X = sqrt(1.0 - s), Y = sqrt(1.0 - t);
    double bracket =
        t * (1.0 - s / t) * (X * X + X * Y + Y * Y) / ((X + Y) * (1.0 - t) * (1.0 - s));
    return ref_E(s) * bracket;
}

static double ref_gl(double (*f)(double, void *), void *p, double hi)
{
    gsl_integration_glfixed_table *t = gsl_integration_glfixed_table_alloc(20);
    gsl_function fn = {f, p};
    double r = gsl_integration_glfixed(&fn, 0.0, hi, t);
    gsl_integration_glfixed_table_free(t);
    return r;
}

static double ref_d_outer(double t, void *unused)
{
    (void)unused;
    return ref_E(t) * ref_gl(ref_d_inner, &t, t);
}

/* One step from rest to the twist beta = B Phi(w) of the shipped contact
 * (a = 1e-4 m, F_n = 9.9556 N, G = 28 GPa, mu_tw = 0.3): torque mu F_n a
 * m(w), stored energy and slip B mu F_n a e(w) and d(w), tangent stiffness
 * (4/pi) u^3 mu F_n a/B, the twist from 2e-15 rad (w = 1e-12) to 1.3e-3
 * rad (w = 1/2). The law sums series in w up to w = 1/16 and integrates
 * beyond (in s = k^2 up to w = 1/2, in x after); both sides of each
 * switch (w = 1/16 (1 -+ 1e-9), 1/2 (1 -+ 1e-9)) and points of each side
 * are taken, so the series and the quadrature agree with each other
 * through the reference. Tolerances: 2e-14 on m, e and the stiffness (the
 * law's series are exact to 1e-20, its Gauss rule to ~1e-21, the
 * reference to round-off: what is left is the round-off of sums of ~16
 * terms, 2e-15, and a margin); on d 1e-14 where the law sums its series,
 * and 1e-12 where it forms b m - 2e from its quadratures (b m/d = 40 at
 * w = 0.1 and 62 at w = 1/16 amplify the 2e-14). At w = 1e-12 the secant
 * M/beta is Lubkin's stiffness 16 G a^3/3 up to its O(w), 3w/4 = 7.5e-13
 * (m = w - 3w^2/8, (4/pi) Phi = w + 3w^2/8 from A&S 17.3.11-12): 1e-12. */
START_TEST(lubkin_small_twists_against_quadrature)
{
    double R = 0.01, E = 7e10, nu = 0.25, mu = 0.3, delta = 1e-6;
    double Es = E / (1 - nu * nu), G = E / (2 * (1 + nu)), a = sqrt(R * delta);
    double F = 4.0 / 3.0 * Es * sqrt(R) * pow(delta, 1.5);
    double B = 3.0 * mu * F / (4.0 * M_PI * a * a * G), unit = mu * F * a;
    const double lo = 1 - 1e-9, hi = 1 + 1e-9; /* the two sides of a switch */
    const double ws[] = {1e-12,       1e-9, 1e-6, 1e-3,     0.03,    0.0625 * lo,
                         0.0625 * hi, 0.1,  0.3,  0.5 * lo, 0.5 * hi};
    for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++) {
        double w = ws[i], theta = B * ref_phi(w);
        double m = 2.0 / M_PI * ref_gl(ref_m_integrand, NULL, w);
        double e = 2.0 / M_PI * ref_gl(ref_e_integrand, NULL, w);
        double d = 1.0 / M_PI * ref_gl(ref_d_outer, NULL, w);
        cwb_lubkin_state s0, s1;
        memset(&s0, 0, sizeof s0);
        cwb_lubkin_out o;
        cwb_lubkin_step(&s0, theta, unit, B, &o, &s1);
        ck_assert_rel(o.torque, unit * m, 2e-14);
        ck_assert_rel(o.energy, unit * B * e, 2e-14);
        ck_assert_rel(o.slip, unit * B * d, w <= 0.0625 ? 1e-14 : 1e-12);
        ck_assert_rel(o.stiffness, 4.0 / M_PI * pow(1.0 - w, 1.5) * unit / B, 2e-14);
        if (i == 0) /* Lubkin's stiffness 16 G a^3/3; the secant's O(w): 3w/4 */
            ck_assert_rel(o.torque / theta, 16.0 * G * pow(a, 3) / 3.0, 1e-12);
    }
}
END_TEST

/* The work of one step is flat in the twist amplitude. Each step at an
 * amplitude theta is taken the way the drivers take it: the virgin curve
 * from 0 to theta (59/60), a step of theta/60 on it, and a reversal step of
 * -theta/60 onto the Masing branch; the step reports its evaluations of the
 * curve's functions (Gauss points, series sums, twists tried by the root
 * solves). The shipped contact (B = 2.5465e-3 rad) at theta = 1e-12 ...
 * 10 rad, ten amplitudes a decade (b = theta/B from 3.9e-10, c/a = 1 -
 * 2.5e-10, to 3927, full slip; 1e-3 rad is b = 0.39, c/a = 0.78). A step
 * evaluates the virgin curve twice (at its start and end, or at the two
 * half-widths of a Masing branch), each time a root solve (Newton on a
 * series, or Brent: ~5-20 twists) and a 16-point Gauss rule or three
 * series sums: bound 100 (measured: at most 12 up to 1e-5 rad, 51 at
 * 1e-3, 49 at 5e-3, 48 at 1 rad, 65 at most; the quadratures of the
 * unfixed law, which could not converge as the twist -> 0, took 232554 at
 * 1e-9 rad). Along the way the virgin curve is checked as a whole, so that
 * no switch between series and quadratures can hide a jump: the torque
 * grows with the twist and stays below full slip (3 pi/16) mu F_n a, the
 * slip dissipation grows and the tangent stiffness stays within Lubkin's
 * 16 G a^3/3. */
START_TEST(lubkin_step_work_is_flat)
{
    double R = 0.01, E = 7e10, nu = 0.25, mu = 0.3, delta = 1e-6;
    double Es = E / (1 - nu * nu), G = E / (2 * (1 + nu)), a = sqrt(R * delta);
    double F = 4.0 / 3.0 * Es * sqrt(R) * pow(delta, 1.5);
    double B = 3.0 * mu * F / (4.0 * M_PI * a * a * G), unit = mu * F * a;
    double last_torque = 0.0, last_slip = 0.0;
    for (int i = 0; i <= 130; i++) {
        double theta = pow(10.0, -12.0 + 0.1 * i);
        cwb_lubkin_state s0, s1, s2, s3;
        memset(&s0, 0, sizeof s0);
        cwb_lubkin_out o1, o2, o3;
        cwb_lubkin_step(&s0, theta * 59.0 / 60.0, unit, B, &o1, &s1);
        cwb_lubkin_step(&s1, theta / 60.0, unit, B, &o2, &s2);
        cwb_lubkin_step(&s2, -theta / 60.0, unit, B, &o3, &s3);
        long most = o1.evaluations > o2.evaluations ? o1.evaluations : o2.evaluations;
        most = most > o3.evaluations ? most : o3.evaluations;
        ck_assert_msg(most <= 100, "twist %g rad: %ld evaluations in a step", theta, most);
        double slip = o1.slip + o2.slip;
        ck_assert_msg(o2.torque > last_torque || o2.torque == 3.0 * M_PI / 16.0 * unit,
                      "twist %g rad: torque %.17g after %.17g", theta, o2.torque, last_torque);
        ck_assert(o2.torque <= 3.0 * M_PI / 16.0 * unit);
        ck_assert_msg(slip >= last_slip, "twist %g rad: slip %.17g after %.17g", theta, slip,
                      last_slip);
        ck_assert(o2.stiffness <= 16.0 * G * pow(a, 3) / 3.0 * (1 + 1e-15));
        last_torque = o2.torque;
        last_slip = slip;
    }
}
END_TEST

/* Seed 002's purely elastic 6-DoF model, its rotational springs
 * (src/laws/rolling_linear_elastic.c): over the rolling and twisting cycle
 * of cases/seed002_elastic6.case, at every row M_r = k_b theta_r and
 * M_tw = k_w theta_tw with k_w = l^2 k_n = (2e-3)^2 1e6 = 4 N m/rad and
 * k_b = 0.2 k_w (closed form of the springs on the driver's prescribed
 * angles), the stored energy (k_b theta_r^2 + k_w theta_tw^2)/2, and
 * nothing dissipated: the work done on the springs is what they store at
 * the end. Tolerance 1e-12 relative: linear springs, only round-off. */
START_TEST(linear_elastic_rolling_closed_form)
{
    const double kw = 2e-3 * 2e-3 * 1e6, kb = 0.2 * kw;
    cwb_result r;
    test_run("cases/seed002_elastic6.case", NULL, 0, &r);
    size_t rows = r.series.nrow;
    ck_assert_uint_eq(rows, 81);
    for (size_t i = 0; i < rows; i++) {
        double tr = test_col(&r, "theta_r", i), tt = test_col(&r, "theta_tw", i);
        ck_assert(fabs(test_col(&r, "M_r", i) - kb * tr) <= 1e-12 * kb * 2e-3);
        ck_assert(fabs(test_col(&r, "M_tw", i) - kw * tt) <= 1e-12 * kw * 5e-3);
        ck_assert(fabs(test_col(&r, "E_r", i) - 0.5 * (kb * tr * tr + kw * tt * tt)) <=
                  1e-12 * 0.5 * (kb * 4e-6 + kw * 25e-6));
    }
    ck_assert_rel(test_col(&r, "theta_tw", rows - 1), 5e-3, 1e-12);
    ck_assert_rel(cwb_result_get(&r, "work_rolling"), cwb_result_get(&r, "energy_stored_rolling"),
                  1e-12);
    ck_assert(fabs(cwb_result_get(&r, "energy_dissipated_rolling")) <= 1e-12 * 5.16e-5);
    cwb_result_free(&r);
}
END_TEST

/* The same springs in an oblique impact of a spinning sphere under a Hertz
 * normal law: k_n changes through the impact, so the springs' stored
 * energy changes at a fixed angle and the law books it as
 * energy_rolling_stiffness_change (signed, never hidden). The driver's
 * integral of the torques' power and the law's own booking are the same
 * energy by two routes (measured 7.7e-7 relative: RK4 against the law's
 * trapezoid per step; tolerance 1e-5, as for epsd), and the impact's
 * energy balance closes to round-off. */
START_TEST(linear_elastic_rolling_accounts)
{
    cwb_result r;
    test_run("tests/data/collision_linear_elastic_rolling.case", NULL, 0, &r);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-8);
    ck_assert(cwb_result_get(&r, "energy_dissipated_rolling_slip") == 0.0);
    ck_assert(cwb_result_get(&r, "energy_dissipated_twisting") == 0.0);
    ck_assert_rel(cwb_result_get(&r, "energy_dissipated_rolling"),
                  cwb_result_get(&r, "energy_rolling_stiffness_change"), 1e-5);
    cwb_result_free(&r);
}
END_TEST

Suite *rolling_suite(void)
{
    Suite *s = suite_create("rolling");
    TCase *tc = test_tcase("rolling", 120);
    tcase_add_test(tc, epsd_and_twist_loops);
    tcase_add_test(tc, moment_control);
    tcase_add_test(tc, spring_forms_under_changing_stiffness);
    tcase_add_test(tc, epsd_rolling_comes_to_rest);
    tcase_add_test(tc, constant_torque_rolling_stops);
    tcase_add_test(tc, constant_torque_rolling_with_slip_law);
    tcase_add_test(tc, roll_warns_where_the_step_loses_energy);
    tcase_add_test(tc, roll_books_energy_a_tangential_law_creates);
    tcase_add_test(tc, roll_progress_does_not_touch_results);
    tcase_add_test(tc, collision_rolling_twisting_account);
    tcase_add_test(tc, collision_twisting_slip_impulse);
    tcase_add_test(tc, epsd_mobilised_is_constant_torque);
    tcase_add_test(tc, lubkin_curve_closed_form);
    tcase_add_test(tc, lubkin_cycle);
    tcase_add_test(tc, lubkin_limits_and_memory);
    tcase_add_test(tc, lubkin_small_twists_against_quadrature);
    tcase_add_test(tc, lubkin_step_work_is_flat);
    tcase_add_test(tc, linear_elastic_rolling_closed_form);
    tcase_add_test(tc, linear_elastic_rolling_accounts);
    suite_add_tcase(s, tc);
    return s;
}
