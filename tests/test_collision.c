/* test_collision.c -- the collision driver against closed forms. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_sf_gamma.h>

#include "cwb_dt_auto.h"
#include "cwb_numeric.h"
#include "cwb_test.h"

/* Hertz impact closed forms (Johnson, Contact Mechanics, 1985, sec. 11.4):
 *   delta_max = (15 m* v^2 / (16 E* sqrt(R*)))^(2/5),
 *   F_max = (4/3) E* sqrt(R*) delta_max^(3/2),
 *   t_c = (4/5) B(2/5, 1/2) delta_max / v  (= 2.9432 delta_max / v).
 * Materials of Chung & Ooi (2011) tests 1 and 2, computed here from the
 * inputs, not from cwb's pair code. */
static const struct {
    const char *file;
    double R1, E1, nu1, rho1, R2, E2, nu2, rho2, v; /* R2 = 0: rigid flat */
} hertz_cases[] = {
    {"cases/chung_ooi_1_glass.case", 0.010, 4.8e10, 0.20, 2800, 0.010, 4.8e10, 0.20, 2800, 20},
    {"cases/chung_ooi_1_limestone.case", 0.010, 2.0e10, 0.25, 2500, 0.010, 2.0e10, 0.25, 2500, 20},
    {"cases/chung_ooi_2_al_alloy.case", 0.10, 7.0e10, 0.30, 2699, 0, 0, 0, 0, 0.2},
    {"cases/chung_ooi_2_mg_alloy.case", 0.10, 4.0e10, 0.35, 1800, 0, 0, 0, 0, 0.2},
};

static void hertz_closed_form(int i, double *dmax, double *fmax, double *tc)
{
    double m1 = 4.0 / 3.0 * M_PI * pow(hertz_cases[i].R1, 3) * hertz_cases[i].rho1;
    double R2 = hertz_cases[i].R2, m, R, E;
    double c1 = (1 - pow(hertz_cases[i].nu1, 2)) / hertz_cases[i].E1;
    if (R2 > 0) {
        double m2 = 4.0 / 3.0 * M_PI * pow(R2, 3) * hertz_cases[i].rho2;
        m = m1 * m2 / (m1 + m2);
        R = hertz_cases[i].R1 * R2 / (hertz_cases[i].R1 + R2);
        E = 1.0 / (c1 + (1 - pow(hertz_cases[i].nu2, 2)) / hertz_cases[i].E2);
    } else {
        m = m1;
        R = hertz_cases[i].R1;
        E = 1.0 / c1;
    }
    double v = hertz_cases[i].v;
    *dmax = pow(15.0 * m * v * v / (16.0 * E * sqrt(R)), 0.4);
    *fmax = 4.0 / 3.0 * E * sqrt(R) * pow(*dmax, 1.5);
    *tc = 0.8 * gsl_sf_beta(0.4, 0.5) * *dmax / v;
}

/* dt = auto converges every result to dt_tol = 1e-6; the closed forms hold
 * to that tolerance (1e-6 relative). */
START_TEST(hertz_impact_closed_forms)
{
    double dmax, fmax, tc;
    hertz_closed_form(_i, &dmax, &fmax, &tc);
    cwb_result r;
    test_run(hertz_cases[_i].file, NULL, 0, &r);
    ck_assert_rel(cwb_result_get(&r, "max_overlap"), dmax, 1e-6);
    ck_assert_rel(cwb_result_get(&r, "max_normal_force"), fmax, 1e-6);
    ck_assert_rel(cwb_result_get(&r, "contact_time"), tc, 1e-6);
    /* elastic: restitution 1 and kinetic energy conserved (1e-6) */
    ck_assert_rel(cwb_result_get(&r, "restitution_normal"), 1.0, 1e-6);
    ck_assert_rel(cwb_result_get(&r, "energy_out"), cwb_result_get(&r, "energy_in"), 1e-6);
    ck_assert_msg(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-9,
                  "energy account does not close: %g", cwb_result_get(&r, "energy_balance_error"));
    /* and the force-time curve matches the analytic reference CSV
     * (reference/analytic/, generated with GSL's incomplete beta function) */
    ck_assert_msg(cwb_result_get(&r, "ref_max_rel_error") < 1e-5,
                  "force curve deviates from the closed form by %g",
                  cwb_result_get(&r, "ref_max_rel_error"));
    cwb_result_free(&r);
}
END_TEST

/* Linear spring: the contact lasts half a period, pi sqrt(m_star / k), with
 * delta_max = v sqrt(m_star / k) (harmonic oscillator). */
START_TEST(linear_half_period)
{
    cwb_result r;
    test_run("cases/linear_spring_impact.case", NULL, 0, &r);
    double m = 4.0 / 3.0 * M_PI * 1e-6 * 2500, k = 1e6, v = 1.0;
    ck_assert_rel(cwb_result_get(&r, "contact_time"), M_PI * sqrt(m / k), 1e-7);
    ck_assert_rel(cwb_result_get(&r, "max_overlap"), v * sqrt(m / k), 1e-7);
    ck_assert_rel(cwb_result_get(&r, "max_normal_force"), k * v * sqrt(m / k), 1e-7);
    ck_assert_rel(cwb_result_get(&r, "restitution_normal"), 1.0, 1e-7);
    cwb_result_free(&r);
}
END_TEST

/* Fourth order: the contact-time error falls by 2^4 = 16 per halving of dt
 * (measured 16.1, 16.1, 16.0 for t_c/50 ... t_c/400). Exact t_c from the
 * closed form above. */
START_TEST(rk4_fourth_order)
{
    double dmax, fmax, tc;
    hertz_closed_form(0, &dmax, &fmax, &tc);
    double err[3];
    for (int i = 0; i < 3; i++) {
        char dt[64];
        snprintf(dt, sizeof dt, "driver.dt=%.17g", tc / (50.0 * (1 << i)));
        const char *over[] = {dt};
        cwb_result r;
        test_run(hertz_cases[0].file, over, 1, &r);
        err[i] = fabs(cwb_result_get(&r, "contact_time") - tc) / tc;
        cwb_result_free(&r);
    }
    for (int i = 0; i < 2; i++) {
        double ratio = err[i] / err[i + 1];
        ck_assert_msg(ratio > 13.0 && ratio < 19.5,
                      "error ratio %g between dt and dt/2 (errors %g, %g): not fourth order", ratio,
                      err[i], err[i + 1]);
    }
}
END_TEST

/* The graded steps at the ends of a Hertz contact cost little: at dt =
 * t_c/64 the glass impact meets 1e-6 on the contact time and the restitution
 * (the per-collision goal's tighter target; references: the closed form
 * above and e = 1) in at most 72 steps, 7 more than the 65 a uniform step
 * needs to cross t_c (a straight RK4 loop at the same step, its contact time
 * interpolated between its last two steps, errs by 4.0e-7: bench_laws
 * --goals). Grading over a tenth of t_c took 83 steps for an error of
 * 8.8e-8; over a twentieth (collision.c, grading_time) 72 for 9.7e-8. */
START_TEST(hertz_grading_costs_few_steps)
{
    double dmax, fmax, tc;
    hertz_closed_form(0, &dmax, &fmax, &tc);
    char dt[64];
    snprintf(dt, sizeof dt, "driver.dt=%.17g", tc / 64.0);
    const char *over[] = {dt};
    cwb_result r;
    test_run(hertz_cases[0].file, over, 1, &r);
    ck_assert_rel(cwb_result_get(&r, "contact_time"), tc, 1e-6);
    ck_assert_rel(cwb_result_get(&r, "restitution_normal"), 1.0, 1e-6);
    ck_assert_msg(cwb_result_get(&r, "steps") <= 72.0, "%g steps at t_c/64",
                  cwb_result_get(&r, "steps"));
    cwb_result_free(&r);
}
END_TEST

/* Rigid-body impact in gross sliding (Coulomb friction acting through the
 * whole contact; e.g. Maw, Barber & Fawcett 1976, Chung & Ooi 2011 eqs. for
 * test 4 at large angles): with elastic normal restitution the normal
 * impulse is J = 2 m v_n, the tangential impulse mu J, so
 *   v_t' = v_t - 2 mu v_n,  omega' = -(5/2) 2 mu v_n / R   (I = 2/5 m R^2),
 * the spin taking the sign that slows the contact point's slip, and the
 * contact-point slip ratio e_t = 1 - (7/2) mu (1 + e_n) v_n / v_t. This fixes
 * the direction of friction and of its torque (the sign of the rotational
 * terms of seed 001's relative velocity). */
START_TEST(gross_sliding_rigid_body)
{
    const char *over[] = {"driver.v_tangential=5", "driver.v_normal=1"};
    cwb_result r;
    test_run("tests/data/sliding_sphere_wall.case", over, 2, &r);
    double mu = 0.1, R = 0.01, vn = 1.0, vt = 5.0;
    double vt_after = vt - 2 * mu * vn, spin = -2.5 * 2 * mu * vn / R;
    /* The torque arm is the branch vector to the contact point on the
     * deformed surface, R - delta, where rigid-body theory has R: the spin
     * differs by O(delta_max / R) (0.18 % here), so that is the tolerance of
     * every quantity that involves it. */
    double arm = 2.0 * cwb_result_get(&r, "max_overlap") / R;
    ck_assert_rel(cwb_result_get(&r, "omega1_after"), spin, arm);
    ck_assert_rel(cwb_result_get(&r, "restitution_tangential"), vt_after / vt, 1e-6);
    ck_assert_rel(cwb_result_get(&r, "restitution_tangential_contact"),
                  1.0 - 3.5 * mu * 2 * vn / vt, arm);
    ck_assert_rel(cwb_result_get(&r, "rebound_angle_com_deg"), atan(vt_after / vn) * 180 / M_PI,
                  1e-6);
    ck_assert_rel(cwb_result_get(&r, "rebound_angle_deg"),
                  atan((vt_after + spin * R) / vn) * 180 / M_PI, arm);
    ck_assert_rel(cwb_result_get(&r, "restitution_normal"), 1.0, 1e-6);
    /* Energy: all kinetic energy lost went into slip (the account, built
     * from the work integrated along the RK4 path, closes to 1e-8); the
     * law's per-step slip estimate f_y (f_t - f_y)/k_t, which holds k_t and
     * mu F_n fixed within a step, agrees to 1e-3. */
    double lost = cwb_result_get(&r, "energy_in") - cwb_result_get(&r, "energy_out");
    ck_assert_rel(cwb_result_get(&r, "energy_dissipated"), lost, 1e-8);
    ck_assert_rel(cwb_result_get(&r, "energy_dissipated_slip"), lost, 1e-3);
    cwb_result_free(&r);
}
END_TEST

/* A case file like `path` with its `dt       = auto` line (line 22 of the
 * Chung & Ooi glass case) set to `dt`: out receives DIR/dt.case, DIR a new
 * temporary folder (dir, n bytes each). */
static void case_with_dt(const char *path, const char *dt, char *dir, char *out, size_t n)
{
    FILE *in = fopen(path, "r");
    ck_assert_ptr_nonnull(in);
    snprintf(dir, n, "/tmp/cwb-test-dt-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(out, n, "%s/dt.case", dir);
    FILE *o = fopen(out, "w");
    ck_assert_ptr_nonnull(o);
    char line[4096];
    int replaced = 0;
    while (fgets(line, sizeof line, in)) {
        if (!replaced && strncmp(line, "dt ", 3) == 0) {
            fprintf(o, "dt       = %s\n", dt);
            replaced = 1;
        } else if (strncmp(line, "reference", 9) == 0 && strstr(line, "= ../")) {
            /* the copy lives elsewhere: the shipped reference by absolute path */
            *strstr(line, "= ../") = '\0';
            fprintf(o, "%s= %s/%s", line, test_root(), line + strlen(line) + 5);
        } else {
            fputs(line, o);
        }
    }
    fclose(in);
    fclose(o);
    ck_assert_msg(replaced, "%s has no dt line", path);
}

/* dt = 1e-30 s over a contact of about 4e-5 s would need 4e25 steps: the
 * row stride overflowed a size_t to 0 and the run died of SIGFPE. Refused
 * when the case is read (exit 2), naming the file, line, key, value and
 * the smallest dt that fits max_steps (t_est / 2e7 = 2.06e-12 s). */
START_TEST(tiny_dt_refused)
{
    char dir[64], path[64], want[128];
    case_with_dt(hertz_cases[0].file, "1e-30", dir, path, sizeof path);
    snprintf(want, sizeof want, "%s:22: [driver] dt = 1e-30 s", path);
    test_refused(path, NULL, 0, want);
    /* 3 d / v_n / max_steps, d the Hertz peak overlap in closed form
     * (collision.c hertz_peak; the search it replaced gave 2.06e-12) */
    test_refused(path, NULL, 0, "max_steps = 20000000: dt must be in [2.0558");
    const char *over[] = {"driver.dt=1e-30"};
    unlink(path);
    rmdir(dir);
    test_refused(hertz_cases[0].file, over, 1, "--set driver.dt: [driver] dt = 1e-30 s");
}
END_TEST

/* A collision with the normal law none has no force to stop the bodies:
 * it loaded and the run failed (exit 1, "cannot stop the bodies within an
 * overlap of 4 R*") after searching for the peak overlap. Refused when the
 * case is read (exit 2), naming the key. */
START_TEST(no_normal_law_refused)
{
    const char *over[] = {"contact.normal=none"};
    test_refused(hertz_cases[0].file, over, 1,
                 "[contact] normal = none: a collision needs a normal law");
}
END_TEST

/* The run of file with over that the driver refuses: its status, the
 * message in msg. */
static int run_failing(const char *file, const char *const *over, size_t n, char *msg, size_t len)
{
    cwb_case *c = test_load(file, over, n);
    cwb_result r;
    int rc = cwb_run_case(c, &r, msg, len);
    free(c);
    cwb_result_free(&r);
    return rc;
}

/* dt = auto stops with a reason instead of refining until a run fails at
 * max_steps: a max_steps of 3e3 stops it after 5 halvings of t_c/50
 * (t_c/1600; the graded steps near the ends make a run about 1.15 times
 * t_c/dt steps), where the change is still 4.15e-12 (contact_time's changes
 * 9.91e-10, 6.3e-11, 4.15e-12: ratios 15.7 and 15.2, fourth order). Each
 * result is estimated with its own order (dt_auto.c): contact_time's, confirmed
 * by three ratios of 15.2-16.0, gives 1.25 x 4.15e-12 / 15 = 3.5e-13, but
 * max_normal_force's changes 2.83e-11, 2.51e-11, 1.92e-12 follow ratios of
 * 1.1 and 13 (the peak is sampled), so its order is not confirmed and its
 * estimate is 1.25 x 1.92e-12 = 2.4e-12 (1.25: Roache's factor of safety;
 * 2.46e-12 since body 2's centre is held as a displacement: these changes
 * are the peak's rounding, so the test takes 2e-12 to 3e-12), against the
 * dt_tol of 1e-13 asked. The message says what was reached and
 * what was asked. (The other bound, 16 halvings, takes 3 s of CPU: checked
 * by hand, see AUTO_MAX_HALVINGS in collision.c.) */
START_TEST(auto_dt_bounded)
{
    const char *over[] = {"driver.dt_tol=1e-13", "driver.max_steps=3e3"};
    char msg[CWB_MSG];
    ck_assert_int_eq(run_failing(hertz_cases[0].file, over, 2, msg, sizeof msg), CWB_EFAIL);
    const char *est = strstr(msg, "error estimate ");
    double e = est ? strtod(est + strlen("error estimate "), NULL) : NAN;
    ck_assert_msg(strstr(msg, "dt = auto stopped after 5 halvings") && e >= 2e-12 && e <= 3e-12 &&
                      strstr(msg, ", dt_tol asks 1e-13") &&
                      strstr(msg, "the next halving would exceed max_steps"),
                  "unexpected message: %s", msg);
}
END_TEST

/* A grazing impact of two spheres lasts their free flight through each
 * other, 2 (R1 + R2) v_n / (v_n^2 + v_t^2) (the centres' distance below R1 +
 * R2), far shorter than the Hertz time of v_n: glass spheres of 10 mm at
 * v_n = 1e-5, v_t = 1 m/s touch for 4e-7 s (the force, 1e-12 m deep, moves
 * it by under 1e-9), and the deepest overlap is (R1 + R2) v_n^2 / (2 v^2) =
 * 1e-12 m. The step planned from v_n's Hertz time passed over the whole
 * contact and the run went to max_steps (20 million steps, the bodies 299 m
 * apart). Shallower than the centres' rounding, the run says so. */
START_TEST(grazing_impact_lasts_its_free_flight)
{
    static const char *over[] = {"driver.v_normal=1e-5", "driver.v_tangential=1"};
    cwb_result r;
    test_run("cases/chung_ooi_1_glass.case", over, 2, &r);
    double v2 = 1e-10 + 1.0;
    ck_assert_rel(cwb_result_get(&r, "contact_time"), 2 * 0.02 * 1e-5 / v2, 1e-6);
    ck_assert_rel(cwb_result_get(&r, "max_overlap"), 0.02 * 1e-10 / (2 * v2), 1e-6);
    ck_assert_rel(cwb_result_get(&r, "restitution_normal"), 1.0, 1e-6);
    cwb_result_free(&r);
    static const char *shallow[] = {"driver.v_normal=1e-8", "driver.v_tangential=1"};
    char msg[CWB_MSG];
    ck_assert_int_eq(run_failing("cases/chung_ooi_1_glass.case", shallow, 2, msg, sizeof msg),
                     CWB_EFAIL);
    ck_assert_msg(strstr(msg, "reaches an overlap of 1e-18 m") != NULL, "message: %s", msg);
}
END_TEST

/* Inputs whose mass, energy or contact leave the doubles' range are
 * refused as input (exit 2) with the numbers, where the run failed with "a
 * law failed at t = 0 s" and no reason: radius 1e300 makes m* infinite,
 * v_n = 1e-300 an energy m* v_n^2 / 2 that underflows to 0. */
START_TEST(inputs_beyond_doubles_are_named)
{
    static const char *const bad[][2] = {{"body1.radius=1e300", "m* = inf kg"},
                                         {"driver.v_normal=1e-300", "m* v_n^2 / 2 = 0 J"}};
    for (size_t i = 0; i < 2; i++) {
        const char *over[] = {bad[i][0]};
        char msg[CWB_MSG];
        ck_assert_int_eq(run_failing("cases/chung_ooi_1_glass.case", over, 1, msg, sizeof msg),
                         CWB_EINPUT);
        ck_assert_msg(strstr(msg, "the inputs leave the doubles' range") && strstr(msg, bad[i][1]),
                      "%s: %s", bad[i][0], msg);
    }
}
END_TEST

/* Head on and so slow that Hertz's deepest overlap, (15 m* v^2 / (16 E*
 * sqrt R*))^(2/5) (Johnson 1985, sec. 11.4), is below the centres'
 * rounding: no step resolves the contact, and the run says that, where it
 * advised "set a smaller dt" (at dt = 1e-6 s, 1/1300 of the contact). */
START_TEST(impact_shallower_than_rounding_says_so)
{
    static const char *slow[] = {"driver.v_normal=1e-12", "driver.dt=1e-6"};
    cwb_case *c = test_load("cases/chung_ooi_1_glass.case", slow, 2);
    const cwb_pair *g = &c->pair;
    double peak = pow(15.0 * g->m_star * 1e-24 / (16.0 * g->E_star * sqrt(g->R_star)), 0.4);
    free(c);
    char msg[CWB_MSG];
    ck_assert_int_eq(run_failing("cases/chung_ooi_1_glass.case", slow, 2, msg, sizeof msg),
                     CWB_EFAIL);
    const char *at = strstr(msg, "deepest overlap at v_n = 1e-12 m/s is about ");
    ck_assert_msg(at != NULL && !strstr(msg, "smaller dt"), "message: %s", msg);
    ck_assert_rel(strtod(at + strlen("deepest overlap at v_n = 1e-12 m/s is about "), NULL), peak,
                  1e-4);
}
END_TEST

/* Fourth order through stick <-> slip: an oblique Hertz impact
 * with Coulomb friction sticks and slips during the contact; the driver
 * locates each transition inside its step (collision.c, "Law transitions
 * inside a step"), so the rebound spin and tangential restitution converge
 * at fourth order. Reference: the same collision at a step 256 times finer
 * (its own error, at fourth order, is 256^-4 = 2.3e-10 of the
 * coarsest run's). Two tangential laws whose step is exact in the step
 * length (no k_t quadrature error): mindlin form = displacement (F = k_t xi,
 * LAMMPS' "tangential mindlin") and linear (constant k_t). Measured
 * errors of omega1_after at the three steps below, without the location
 * (the driver before it located the regime changes): mindlin 6.7e-5, 2.2e-4, 4.5e-5 (orders
 * -1.7, 2.3), linear 1.1e-4, 1.1e-4, 4.0e-5 (orders 0.0, 1.5); with it:
 * mindlin 1.3e-5, 8.6e-7, 5.4e-8 (orders 3.96, 3.99), linear 6.3e-7,
 * 3.9e-8, 2.4e-9 (orders 4.00, 4.03). The default mindlin (form =
 * incremental, dF = k_t(delta) dxi) with quadrature = rectangle adds
 * k_t(t_end) dxi per step, a rectangle rule of the integral of k_t dxi:
 * first order in the step whatever the driver does (errors 9.3e-3, 4.2e-3,
 * 2.0e-3: orders 1.16, 1.09). Its default quadrature = hermite integrates
 * k_t along the step's cubic Hermite path (spring_path.c): errors 1.4e-5,
 * 8.1e-7, 5.7e-8 (orders 4.08, 3.82); restitution_tangential 2.3e-7,
 * 1.5e-8, 9.2e-10 (orders 3.98, 3.99). */
static const char *const stick_slip_laws[] = {"tangential = mindlin\n[tangential]\nmu = 0.35\n"
                                              "form = displacement\n",
                                              "tangential = linear\n[tangential]\nmu = 0.35\n"
                                              "stiffness = direct\nkt = 2e6\n",
                                              "tangential = mindlin\n[tangential]\nmu = 0.35\n"};

/* The oblique glass impact of the order tests (two equal spheres, R 10 mm,
 * E 48 GPa, nu 0.2; v_n 1, v_t 0.5 m/s; t_c = 7.35625e-5 s) with the
 * normal law `normal` and the tangential law text `law`, written to
 * dir/oblique.case (path). */
static void write_impact(const char *dir, const char *normal, const char *law, char *path, size_t n)
{
    char text[1024];
    test_tmp_path(dir, "oblique.case", path, n);
    snprintf(text, sizeof text,
             "[contact]\nnormal = %s\n%s[body1]\nshape = sphere\nradius = 0.01\n"
             "E = 4.8e10\nnu = 0.2\ndensity = 2800\n[body2]\nshape = same\n[driver]\n"
             "type = collision\nv_normal = 1\nv_tangential = 0.5\nrows = 10\n",
             normal, law);
    test_write_file(path, text);
}

/* The glass impact with Hertz (write_impact). */
static void write_glass_impact(const char *dir, const char *law, char *path, size_t n)
{
    write_impact(dir, "hertz", law, path, n);
}

/* The errors of omega1_after (err[0]) and restitution_tangential (err[1])
 * of the case `file` (with the override `set`, or none if NULL) run at a
 * fixed dt, dt/2 and dt/4, against the same run at dt/256. */
static const char *const order_names[] = {"omega1_after", "restitution_tangential"};

static void halving_errors(const char *file, const char *set, double dt, double err[2][3])
{
    static const double div[4] = {1, 2, 4, 256};
    double value[4][2];
    for (int i = 0; i < 4; i++) {
        char step[64];
        snprintf(step, sizeof step, "driver.dt=%.17g", dt / div[i]);
        const char *over[] = {step, set};
        cwb_result r;
        test_run(file, over, set ? 2 : 1, &r);
        for (int q = 0; q < 2; q++)
            value[i][q] = cwb_result_get(&r, order_names[q]);
        cwb_result_free(&r);
    }
    for (int q = 0; q < 2; q++)
        for (int k = 0; k < 3; k++)
            err[q][k] = fabs(value[k][q] - value[3][q]);
}

START_TEST(stick_slip_fourth_order)
{
    char dir[256], path[512];
    test_tmp_make(dir, sizeof dir, "stickslip");
    write_glass_impact(dir, stick_slip_laws[_i], path, sizeof path);
    double err[2][3];
    /* dt = t_c/88, t_c/176, t_c/352 (t_c = 7.35625e-5 s), reference t_c/22528 */
    halving_errors(path, NULL, 7.35625e-5 / 88, err);
    for (int q = 0; q < 2; q++) {
        double e0 = err[q][0], e1 = err[q][1], e2 = err[q][2];
        double o1 = log2(e0 / e1), o2 = log2(e1 / e2);
        ck_assert_msg(o1 >= 3.5 && o2 >= 3.5,
                      "%s: orders %g, %g (errors %g, %g, %g at dt, dt/2, dt/4): not fourth order",
                      order_names[q], o1, o2, e0, e1, e2);
    }
    test_tmp_remove(dir);
}
END_TEST

/* Fourth order through the located transitions of the speed goals'
 * Hertz-Mindlin impact (bench_laws --goals: glass spheres, R 10 mm, E 48
 * GPa, nu 0.2, at v_n 20, v_t 10 m/s; mindlin form = displacement, mu =
 * 0.35; one slip -> stick and one stick -> slip transition inside a step,
 * located on the step's dense output and landed on by whole trial steps,
 * collision.c "Law transitions inside a step"). The errors of the contact
 * time, the normal and tangential restitutions and the rebound spin at dt
 * = t_c/51.8 (the step bench_verlet.sh gives RK4 at 1e-4, t_c = 4.0326e-5
 * s), dt/2, dt/4, dt/8, against the same run at dt/256 (its own error,
 * fourth order, 32^-4 = 1e-6 of the finest run's). Measured per halving:
 * contact time 16.02, 16.00, 15.89; restitution_normal 29.7, 26.4, 23.5;
 * restitution_tangential and omega1_after 14.25, 15.05, 15.14 (the
 * whole-step root solve before the dense output gave the same within 2 %).
 * Asserted: every ratio >= 11 (order 3.46; the other order tests assert
 * 3.5 on steps with fewer transitions), the tangential ones
 * also <= 24 (an error falling faster than fourth order is a cancellation,
 * not convergence). A located instant off by a fixed fraction of the step
 * (1e-3, first order) gives tangential ratios 10.1, 19.0, 4.9, and one off
 * by 1e-2 of the step at dt scaled as dt^2 (second order) 11.8, 37, 5.9:
 * both fail here. */
static const char *const goal_order_names[] = {"contact_time", "restitution_normal",
                                               "restitution_tangential", "omega1_after"};

START_TEST(hertz_mindlin_goal_fourth_order)
{
    char dir[256], path[512];
    test_tmp_make(dir, sizeof dir, "hmgoal");
    test_tmp_path(dir, "hm.case", path, sizeof path);
    test_write_file(path, "[contact]\nnormal = hertz\ntangential = mindlin\n[tangential]\n"
                          "mu = 0.35\nform = displacement\n[body1]\nshape = sphere\n"
                          "radius = 0.01\nE = 4.8e10\nnu = 0.2\ndensity = 2800\n[body2]\n"
                          "shape = same\n[driver]\ntype = collision\nv_normal = 20\n"
                          "v_tangential = 10\nrows = 10\n");
    static const double div[5] = {1, 2, 4, 8, 256};
    const double dt = 4.0326254848477865e-5 / 51.8;
    double value[5][4];
    for (int i = 0; i < 5; i++) {
        char step[64];
        snprintf(step, sizeof step, "driver.dt=%.17g", dt / div[i]);
        const char *over[] = {step};
        cwb_result r;
        test_run(path, over, 1, &r);
        for (int q = 0; q < 4; q++)
            value[i][q] = cwb_result_get(&r, goal_order_names[q]);
        cwb_result_free(&r);
    }
    for (int q = 0; q < 4; q++) {
        double e[4];
        for (int k = 0; k < 4; k++)
            e[k] = fabs(value[k][q] - value[4][q]);
        for (int k = 0; k < 3; k++) {
            double ratio = e[k] / e[k + 1];
            ck_assert_msg(ratio >= 11.0 && (q < 2 || ratio <= 24.0),
                          "%s: error ratio %g between dt/%g and dt/%g (errors %g, %g, %g, %g): "
                          "not fourth order",
                          goal_order_names[q], ratio, div[k], div[k + 1], e[0], e[1], e[2], e[3]);
        }
    }
    test_tmp_remove(dir);
}
END_TEST

/* Thornton's law (seed 004 eqs. 7-10) on seed 004's material at 1.2 m/s
 * (V_y/V_i = 0.0275): the restitution at fixed steps t_c/64, /128, /256,
 * /512 (t_c = 1.6148834e-6 s, the contact time) against Thornton's (1997)
 * closed form e(V_y/V_i) -- exact for this law: the runs at t_c/4096 and
 * finer meet it to 3e-15. The unloading curve returns the force to zero
 * at the permanent overlap delta_min > 0 as (delta - delta_min)^(3/2),
 * the same end point as Hertz's at separation; the steps are graded
 * towards it as towards separation (collision.c, force_end), else the step
 * over it errs at O(h^2.5) with a constant that depends on where it falls
 * (measured before: errors 1.76e-5, 5.0e-6, 2.16e-7, 6.35e-8, orders 1.81,
 * 4.53, 1.77). After: 2.18e-7, 9.51e-9, 4.31e-10, 2.17e-11, orders 4.52,
 * 4.46, 4.31. RK4 is fourth order; 3.5 per halving is asserted, as for
 * stick_slip_fourth_order. */
START_TEST(thornton_restitution_fourth_order)
{
    const double tc = 1.6148834382205126e-06;
    double err[4];
    for (int i = 0; i < 4; i++) {
        char step[64];
        snprintf(step, sizeof step, "driver.dt=%.17g", tc / (64 << i));
        const char *over[] = {"driver.v_normal=1.2", "driver.rows=10", step};
        cwb_result r;
        test_run("cases/seed004_restitution_thornton.case", over, 3, &r);
        double q = cwb_result_get(&r, "yield_velocity") / 1.2;
        double e = sqrt(6 * sqrt(3.0) / 5) * sqrt(1 - q * q / 6) *
                   pow(q / (q + 2 * sqrt(6.0 / 5 - q * q / 5)), 0.25);
        err[i] = fabs(cwb_result_get(&r, "restitution_normal") - e);
        cwb_result_free(&r);
    }
    for (int i = 0; i < 3; i++)
        ck_assert_msg(log2(err[i] / err[i + 1]) >= 3.5,
                      "order %g between t_c/%d and t_c/%d (errors %g, %g, %g, %g): "
                      "not fourth order",
                      log2(err[i] / err[i + 1]), 64 << i, 128 << i, err[0], err[1], err[2], err[3]);
}
END_TEST

/* Hertz with the Tsuji dashpot (e = 0.8) on the glass impact of
 * cases/chung_ooi_1_glass.case at 20 m/s: the normal restitution at fixed
 * steps t_c/32 ... t_c/256 (t_c from a run at the case's own step) against
 * the target e = 0.8 itself, which the law's alpha reproduces exactly: it
 * is solved once from the model's own restitution ODE to 1e-12
 * (src/laws/viscoelastic.c, cwb_hertz_dashpot_alpha), independently of the
 * collision driver; runs at t_c/65536 meet it to 2e-13. The dashpot's force
 * goes as delta^(1/4) times the rate at both ends, so RK4 needs the steps
 * there graded with an exponent above 11/16 (collision.c, graded_step).
 * Before (exponent 5/8, Hertz's): errors 5.80e-5, 8.46e-6, 5.71e-7,
 * 6.62e-8, ratios 6.86, 14.8, 8.63 (order 3.3 on average, as predicted:
 * 4 - 2/3), and 82 steps at t_c/64 still 8.5e-6 off. After (3/4 over
 * 0.15 t_c): 2.49e-6, 1.00e-7, 4.87e-9, 2.66e-10, ratios 24.8, 20.6, 18.3,
 * falling towards 16. Asserted: every ratio within [13, 32] (order 3.7 to
 * 5, as rk4_fourth_order's lower bound; above 32 the errors would not yet be
 * in RK4's asymptotic range), and 1e-6 reached at t_c/64 in at most 120
 * steps (measured 116; the straight RK4 loop needs 125 for 1e-6,
 * doc/benchmarks.md). */
START_TEST(tsuji_restitution_fourth_order)
{
    const char *base[] = {"driver.v_normal=20", "driver.rows=10", "contact.damping=tsuji",
                          "damping.e=0.8"};
    cwb_result r;
    test_run("cases/chung_ooi_1_glass.case", base, 4, &r);
    double tc = cwb_result_get(&r, "contact_time"), err[4], steps[4];
    cwb_result_free(&r);
    for (int i = 0; i < 4; i++) {
        char step[64];
        snprintf(step, sizeof step, "driver.dt=%.17g", tc / (32 << i));
        const char *over[] = {base[0], base[1], base[2], base[3], step};
        test_run("cases/chung_ooi_1_glass.case", over, 5, &r);
        err[i] = fabs(cwb_result_get(&r, "restitution_normal") - 0.8);
        steps[i] = cwb_result_get(&r, "steps");
        cwb_result_free(&r);
    }
    for (int i = 0; i < 3; i++) {
        double ratio = err[i] / err[i + 1];
        ck_assert_msg(ratio >= 13.0 && ratio <= 32.0,
                      "error ratio %g between t_c/%d and t_c/%d (errors %g, %g, %g, %g): "
                      "not fourth order",
                      ratio, 32 << i, 64 << i, err[0], err[1], err[2], err[3]);
    }
    ck_assert_msg(err[1] <= 1e-6 && steps[1] <= 120, "t_c/64: error %g in %g steps", err[1],
                  steps[1]);
}
END_TEST

/* The Tsuji dashpot beside a tangential law: the glass sphere of
 * cases/chung_ooi_1_glass.case on a wall at 20 m/s normal and 5 m/s
 * tangential, mindlin with mu = 0.3, e = 0.8. On a wall the normal motion is
 * that of the head-on impact whatever the tangential force does, so the
 * normal restitution's reference is still the target e = 0.8, which the
 * law's alpha reproduces exactly (tsuji_restitution_fourth_order; runs at
 * t_c/65536 meet it to 1.5e-11). The dashpot's tangential part (on by
 * default) adds eta v_t, eta ~ delta^(1/4), to the tangential force, so the
 * tangential results need the dashpot's grading as much as the normal
 * ones; their
 * reference is the same run at t_c/16384 (the order is what is asserted,
 * as in plastic_laws_fourth_order). Errors at t_c/32 ... t_c/256, before
 * (Hertz's exponent 5/8 kept for every contact with a tangential law):
 * restitution_normal 6.11e-5, 8.15e-6, 5.74e-7, 7.93e-8 (ratios 7.5,
 * 14.2, 7.2: order 3.3 on average, as predicted), 83 steps at t_c/64;
 * restitution_tangential_contact 7.04e-5, 1.15e-5, 7.84e-7, 1.19e-7
 * (ratios 6.1, 14.7, 6.6). After (3/4 over 0.15 t_c, as without a
 * tangential law): 2.64e-6, 1.05e-7, 4.83e-9, 2.57e-10 (ratios 25.1, 21.7,
 * 18.8), 116 steps at t_c/64; 3.84e-6, 1.71e-7, 8.45e-9, 5.05e-10 (22.5,
 * 20.2, 16.7). Asserted as tsuji_restitution_fourth_order: every ratio of
 * the normal restitution's errors within [13, 32], at least 13 for the
 * contact-point tangential restitution's, and 1e-6 reached at t_c/64 in at
 * most 120 steps. */
START_TEST(tsuji_beside_tangential_fourth_order)
{
    const char *base[] = {"driver.v_normal=20",
                          "driver.v_tangential=5",
                          "driver.rows=10",
                          "body2.shape=wall",
                          "contact.tangential=mindlin",
                          "tangential.mu=0.3",
                          "contact.damping=tsuji",
                          "damping.e=0.8"};
    enum { NB = sizeof base / sizeof *base };
    cwb_result r;
    test_run("cases/chung_ooi_1_glass.case", base, NB, &r);
    double tc = cwb_result_get(&r, "contact_time"), en[5], etc[5], steps[5];
    cwb_result_free(&r);
    static const int div[5] = {32, 64, 128, 256, 16384};
    for (int i = 0; i < 5; i++) {
        char step[64];
        snprintf(step, sizeof step, "driver.dt=%.17g", tc / div[i]);
        const char *over[NB + 1];
        memcpy(over, base, sizeof base);
        over[NB] = step;
        test_run("cases/chung_ooi_1_glass.case", over, NB + 1, &r);
        en[i] = cwb_result_get(&r, "restitution_normal");
        etc[i] = cwb_result_get(&r, "restitution_tangential_contact");
        steps[i] = cwb_result_get(&r, "steps");
        cwb_result_free(&r);
    }
    for (int i = 0; i < 3; i++) {
        double ratio = fabs(en[i] - 0.8) / fabs(en[i + 1] - 0.8);
        ck_assert_msg(ratio >= 13.0 && ratio <= 32.0,
                      "restitution_normal: error ratio %g between t_c/%d and t_c/%d (errors %g, "
                      "%g, %g, %g): not fourth order",
                      ratio, div[i], div[i + 1], en[0] - 0.8, en[1] - 0.8, en[2] - 0.8,
                      en[3] - 0.8);
        double tratio = fabs(etc[i] - etc[4]) / fabs(etc[i + 1] - etc[4]);
        ck_assert_msg(tratio >= 13.0,
                      "restitution_tangential_contact: error ratio %g between t_c/%d and t_c/%d "
                      "(errors %g, %g, %g, %g): not fourth order",
                      tratio, div[i], div[i + 1], etc[0] - etc[4], etc[1] - etc[4], etc[2] - etc[4],
                      etc[3] - etc[4]);
    }
    ck_assert_msg(fabs(en[1] - 0.8) <= 1e-6 && steps[1] <= 120, "t_c/64: error %g in %g steps",
                  fabs(en[1] - 0.8), steps[1]);
}
END_TEST

/* Every elastic-plastic normal law of seed 004 (its restitution cases:
 * E = 8500 MPa, nu = 0.3, sigma_y = 50 MPa, R = 0.1 mm on a wall) at
 * 3 m/s, well past yield (V_y = 0.03-0.1 m/s): restitution_normal at fixed
 * steps t_c/64, /128, /256, /512 against the same law at t_c/16384 (its
 * own error there, from the measured orders, below 1e-14; t_c from a run
 * at dt = auto). With the driver grading its steps towards the permanent
 * overlap (force_end) and locating the knots of the loading curve
 * (brake's delta_p, rathbone's 25 delta_y; collision.c, "Law transitions
 * inside a step") every law converges at order 4 or better: measured 4.2
 * to 7.4 per halving. Before either: orders from -5.2 to 4.0, erratic
 * (thornton 5.2, 3.3, -1.6; rathbone 12.0, -5.2, 2.7); with the permanent
 * overlap graded but no knot located, brake 2.7, 3.1, 3.4 and rathbone
 * -0.2, 3.3, 0.4. Asserted: >= 3.5 per halving, as stick_slip_fourth_order. */
static const char *const plastic_order_laws[] = {"thornton",      "tomas",    "vu_quoc",
                                                 "brake",         "rathbone", "rathbone2015",
                                                 "jackson_green", "stronge",  "storakers"};

START_TEST(plastic_laws_fourth_order)
{
    char file[128];
    snprintf(file, sizeof file, "cases/seed004_restitution_%s.case", plastic_order_laws[_i]);
    const char *auto_over[] = {"driver.v_normal=3", "driver.rows=10"};
    cwb_result r;
    test_run(file, auto_over, 2, &r);
    double tc = cwb_result_get(&r, "contact_time"), e[5];
    cwb_result_free(&r);
    static const int div[5] = {64, 128, 256, 512, 16384};
    for (int i = 0; i < 5; i++) {
        char step[64];
        snprintf(step, sizeof step, "driver.dt=%.17g", tc / div[i]);
        const char *over[] = {"driver.v_normal=3", "driver.rows=10", step};
        test_run(file, over, 3, &r);
        e[i] = cwb_result_get(&r, "restitution_normal");
        cwb_result_free(&r);
    }
    for (int i = 0; i < 3; i++) {
        double q = log2(fabs(e[i] - e[4]) / fabs(e[i + 1] - e[4]));
        ck_assert_msg(q >= 3.5, "%s: order %g between t_c/%d and t_c/%d (errors %g, %g, %g, %g)",
                      plastic_order_laws[_i], q, div[i], div[i + 1], e[0] - e[4], e[1] - e[4],
                      e[2] - e[4], e[3] - e[4]);
    }
}
END_TEST

/* Stronge's law (seed 004 eqs. 13-17, cases/seed004_restitution_stronge.case:
 * R = 0.1 mm, E = 8500 MPa, nu = 0.3, sigma_y = 50 MPa, 1000 kg/m^3 on a
 * rigid wall) at 1 m/s: the contact time by quadrature of the equation of
 * motion, coded here from the seed's equations (not from src/laws/). The
 * sphere loads on F_L(d) = k_n d^(3/2) up to d_y = R (3 pi/4 1.1 sigma_y /
 * E*)^2, F_y w (0.95 + 0.3 ln w) above (w = 2 d/d_y - 1; d_max = 14 d_y
 * here, below the plastic branch at 84 d_y), stops at d_max where the
 * loading work is m v^2/2, unloads on F_U = k_un (d - d_min)^(3/2) (k_un =
 * (4/3) E* sqrt(R w_max^(1/2)), d_min = d_max - d_y w_max^(1/2)) and flies
 * free from d_min to zero overlap at the speed unloading gave back:
 *   t_c = int_0^d_max dd / v_in(d) + X / sqrt(0.8 k_un X^(5/2) / m) B
 *         + d_min / v_out,  X = d_max - d_min,
 *   B = int_0^1 du / sqrt(1 - u^(5/2)) = Gamma(7/5) Gamma(1/2) / Gamma(9/10),
 * v_in(d)^2 = (2/m) int_d^d_max F_L. The loading integral is taken over
 * the Hertz part, then with d = d_max - s^2 (which removes the turning
 * point's 1/sqrt singularity) over the rest, the inner work by 20-point
 * Gauss-Legendre (F_L is smooth there): 1.173151353529143e-6 s, which
 * cwb's run at t_c/8192 meets to 2e-13. At fixed steps t_c/512 ...
 * t_c/4096 cwb was off by -5.3e-8, -4.5e-8, -5.6e-8, -5.3e-8 of it, not
 * falling with the step: after the located peak the law took the loading
 * curve's force (1.9 times the unloading one) at the committed maximum
 * until a step moved the overlap by a rounding unit (src/laws/plastic.c,
 * at_max). Now -2.2e-10, 4.5e-12, -7.3e-11, -3.7e-11. Asserted: 1e-9,
 * 4.5 times the largest after and 45 times below the smallest before. */
typedef struct {
    double kn, dy, fy, dmax, m;
} stronge_quad;

static double stronge_load(const stronge_quad *q, double d)
{
    if (d <= q->dy)
        return q->kn * d * sqrt(d);
    double w = 2.0 * d / q->dy - 1.0;
    return q->fy * w * (0.95 + 0.3 * log(w));
}

static double stronge_load_fn(double d, void *p)
{
    return stronge_load(p, d);
}

/* int_a^b F_L on one smooth piece */
static double stronge_work(stronge_quad *q, double a, double b)
{
    gsl_integration_glfixed_table *t = gsl_integration_glfixed_table_alloc(20);
    gsl_function F = {stronge_load_fn, q};
    double w = gsl_integration_glfixed(&F, a, b, t);
    gsl_integration_glfixed_table_free(t);
    return w;
}

/* Loading work from 0 to d (d > d_y), less the kinetic energy. */
static double stronge_rest(double d, void *p)
{
    stronge_quad *q = p;
    return 0.4 * q->fy * q->dy + stronge_work(q, q->dy, d) - 0.5 * q->m;
}

static double stronge_hertz_dt(double d, void *p)
{
    stronge_quad *q = p;
    double we = 0.4 * q->fy * q->dy - 0.4 * q->kn * d * d * sqrt(d);
    return 1.0 / sqrt(2.0 / q->m * (we + stronge_work(q, q->dy, q->dmax)));
}

static double stronge_plastic_dt(double s, void *p)
{
    stronge_quad *q = p;
    if (s == 0.0)
        return 2.0 / sqrt(2.0 / q->m * stronge_load(q, q->dmax));
    return 2.0 * s / sqrt(2.0 / q->m * stronge_work(q, q->dmax - s * s, q->dmax));
}

static double stronge_contact_time(void)
{
    double R = 1e-4, Es = 8.5e9 / (1 - 0.09), c = 0.75 * M_PI * 1.1 * 50e6 / Es;
    stronge_quad q = {.kn = 4.0 / 3.0 * Es * sqrt(R), .dy = R * c * c};
    q.fy = q.kn * pow(q.dy, 1.5);
    q.m = 4.0 / 3.0 * M_PI * R * R * R * 1000.0; /* v = 1 m/s */
    gsl_function F = {stronge_rest, &q};
    gsl_root_fsolver *sv = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
    gsl_root_fsolver_set(sv, &F, 2.0 * q.dy, 80.0 * q.dy);
    for (int i = 0; i < 200; i++) {
        gsl_root_fsolver_iterate(sv);
        if (gsl_root_test_interval(gsl_root_fsolver_x_lower(sv), gsl_root_fsolver_x_upper(sv), 0.0,
                                   1e-15) == GSL_SUCCESS)
            break;
    }
    q.dmax = gsl_root_fsolver_root(sv);
    gsl_root_fsolver_free(sv);
    ck_assert(q.dmax > q.dy && q.dmax < 84.0 * q.dy);
    gsl_integration_workspace *ws = gsl_integration_workspace_alloc(200);
    double t1, t2, err;
    gsl_function H = {stronge_hertz_dt, &q}, P = {stronge_plastic_dt, &q};
    ck_assert_int_eq(gsl_integration_qag(&H, 0.0, q.dy, 0.0, 1e-12, 200, 6, ws, &t1, &err), 0);
    ck_assert_int_eq(
        gsl_integration_qag(&P, 0.0, sqrt(q.dmax - q.dy), 0.0, 1e-12, 200, 6, ws, &t2, &err), 0);
    gsl_integration_workspace_free(ws);
    double wm = 2.0 * q.dmax / q.dy - 1.0, x = q.dy * sqrt(wm);
    double kun = 4.0 / 3.0 * Es * sqrt(R * sqrt(wm)), e_un = 0.4 * kun * pow(x, 2.5);
    double b = gsl_sf_gamma(1.4) * sqrt(M_PI) / gsl_sf_gamma(0.9);
    double t3 = x / sqrt(0.8 * kun * pow(x, 2.5) / q.m) * b;
    return t1 + t2 + t3 + (q.dmax - x) / sqrt(2.0 * e_un / q.m);
}

/* A 0.1 m aluminium sphere hitting one of 10 m head-on (Chung & Ooi 2011
 * test 8's bodies, hertz + hertz_restitution e = 0.5, 0.2 m/s), at steps
 * short enough that body 2 (1e6 times heavier) moves by about half an ulp of
 * a 10.1 m coordinate per step. Reference: the equation of motion
 * m* d'' = -(4/3) E* sqrt(R*) d^1.5 - 2 sqrt(5/6) beta sqrt(2 E* sqrt(R* d)
 * m*) d', beta = ln e / sqrt(ln^2 e + pi^2) (E* = E / (2 (1 - nu^2)), R* =
 * 0.1 * 10 / 10.1 m, m* from the two masses), solved by SciPy's DOP853 at
 * rtol 1e-13, atol 1e-20 with events at d' = 0 and d = 0: maximum overlap
 * 5.1337581970779456e-05 m, contact time 1.048982795547393e-03 s,
 * restitution 0.5000000000004. Tolerance 1e-9 of each: RK4's own error at
 * t_c/2e5 is far below it. With body 2's centre held as a coordinate, at
 * 4.8e-9 s the overlap was 5e-7 low and the restitution 1.8e-7 (body 2's
 * motion lost to rounding). */
START_TEST(heavy_partner_keeps_its_motion)
{
    const double dmax = 5.1337581970779456e-05, tc = 1.048982795547393e-03;
    const char *steps[] = {"driver.dt=9.6e-9", "driver.dt=4.8e-9"};
    for (size_t k = 0; k < 2; k++) {
        const char *over[] = {"driver.psi_mu=0", "driver.omega1=0", "driver.rows=10", steps[k]};
        cwb_result r;
        test_run("cases/chung_ooi_8_al_alloy.case", over, 4, &r);
        double e_d = cwb_result_get(&r, "max_overlap") / dmax - 1.0;
        double e_t = cwb_result_get(&r, "contact_time") / tc - 1.0;
        double e_e = cwb_result_get(&r, "restitution_normal") - 0.5;
        cwb_result_free(&r);
        ck_assert_msg(fabs(e_d) <= 1e-9 && fabs(e_t) <= 1e-9 && fabs(e_e) <= 1e-9,
                      "%s: max overlap %g, contact time %g, restitution %g off the quadrature",
                      steps[k], e_d, e_t, e_e);
    }
}
END_TEST

START_TEST(stronge_contact_time_converges)
{
    double ref = stronge_contact_time();
    for (int k = 9; k <= 12; k++) {
        char step[64];
        snprintf(step, sizeof step, "driver.dt=%.17g", ref / (1 << k));
        const char *over[] = {"driver.v_normal=1", "driver.rows=10", step};
        cwb_result r;
        test_run("cases/seed004_restitution_stronge.case", over, 3, &r);
        double err = cwb_result_get(&r, "contact_time") / ref - 1.0;
        cwb_result_free(&r);
        ck_assert_msg(fabs(err) <= 1e-9,
                      "contact time at t_c/%d off the quadrature by %g of itself", 1 << k, err);
    }
}
END_TEST

/* The two explicit tangential rules: lth with integration =
 * split (the published re-mapping) and rathbone_tangential report a slip
 * margin, so the driver locates their stick <-> slip inside the step, but
 * their own increments are first order in the step, so the collision is
 * too: lth's split re-maps the carried force onto the curve of the step's
 * end N and adds the whole step's displacement there (a rectangle rule in
 * N of dF = k_t(F, N) dxi), rathbone_tangential's (integration = split)
 * takes k_t of eq. 97 from the start of the step (eq. 81, "as
 * implemented"). The test asserts that
 * order: log2 of the error ratio per halving within 0.15 of 1. Reference:
 * the same collision at a step 256 times finer (for an error C dt exactly,
 * the ratios (1 - 1/256)/(1/2 - 1/256) give order 1.011); the rest of the
 * 0.15 is the O(dt^2) term, measured at most 0.07 here. Measured errors of
 * omega1_after at dt, dt/2, dt/4 (dt = t_c/88): lth (split) on the glass
 * impact of stick_slip_fourth_order 2.97e-1, 1.56e-1, 7.97e-2 rad/s
 * (orders 0.93, 0.97), restitution_tangential 4.75e-3, 2.50e-3, 1.27e-3
 * (0.93, 0.97); rathbone_tangential on Fig. 49 at 30 deg (t_c = 2.753e-6 s)
 * 58.5, 29.3, 14.6 rad/s (1.00, 1.00), restitution_tangential 4.10e-3,
 * 2.05e-3, 1.02e-3 (1.00, 1.00). The same to three digits before the
 * margin (the transitions are not what limits these laws). The defaults,
 * integration = path, are lth_path_order and rathbone_path_order below. */
static const struct {
    const char *file; /* NULL: the glass impact with the law below */
    const char *law;
    const char *set; /* an override of the case file, or NULL */
    double tc;
} first_order_cases[] = {
    {NULL, "tangential = lth\n[tangential]\nmu = 0.35\nintegration = split\n", NULL, 7.35625e-5},
    {"cases/seed004_fig49_a30.case", NULL, "tangential.integration=split", 2.753e-6}};

START_TEST(explicit_laws_first_order)
{
    char dir[256], path[512];
    test_tmp_make(dir, sizeof dir, "firstorder");
    const char *file = first_order_cases[_i].file;
    if (!file) {
        write_glass_impact(dir, first_order_cases[_i].law, path, sizeof path);
        file = path;
    }
    double err[2][3];
    halving_errors(file, first_order_cases[_i].set, first_order_cases[_i].tc / 88, err);
    for (int q = 0; q < 2; q++) {
        double e0 = err[q][0], e1 = err[q][1], e2 = err[q][2];
        double o1 = log2(e0 / e1), o2 = log2(e1 / e2);
        ck_assert_msg(fabs(o1 - 1.0) <= 0.15 && fabs(o2 - 1.0) <= 0.15,
                      "%s %s: orders %g, %g (errors %g, %g, %g at dt, dt/2, dt/4): not first order",
                      file, order_names[q], o1, o2, e0, e1, e2);
    }
    test_tmp_remove(dir);
}
END_TEST

/* lth integrated along the step's path (integration = path, the default;
 * tangential_lth.c, "Path"): the same glass impact as explicit_laws_first_order
 * and the same reference (a step 256 times finer). Measured errors of
 * omega1_after at dt = t_c/88, /176, /352: 2.32e-5, 2.42e-6, 2.16e-7 rad/s
 * (orders 3.26, 3.49; the split: 2.97e-1, 1.56e-1, 7.97e-2), of
 * restitution_tangential 3.72e-7, 3.87e-8, 3.45e-9 (3.26, 3.49). Not
 * fourth order: where the force reaches mu N (here at t = 5.85e-5 s, with
 * N falling) the law's curve approaches its limit as sigma^(4/3) in the
 * time sigma left (sigma^(3/2) at fixed N: the curve's 3/2 power), which
 * the driver's RK4 integrates with a local error O(dt^(7/3)) in the steps
 * before the located onset, however exactly the law integrates itself
 * (the law's own path is refined there; doc/integration.md, "`lth` along
 * the step's path"). The test asserts order >= 3 per halving, and the error at
 * the coarsest step below 1e-4 times the split's (measured 7.8e-5 and
 * 7.8e-5): the path form gains four orders of magnitude. */
START_TEST(lth_path_order)
{
    char dir[256], path[512];
    test_tmp_make(dir, sizeof dir, "lthpath");
    write_glass_impact(dir, "tangential = lth\n[tangential]\nmu = 0.35\n", path, sizeof path);
    /* the split's errors at dt (explicit_laws_first_order) */
    static const double split_error[] = {2.97e-1, 4.75e-3};
    double err[2][3];
    halving_errors(path, NULL, 7.35625e-5 / 88, err);
    for (int q = 0; q < 2; q++) {
        double e0 = err[q][0], e1 = err[q][1], e2 = err[q][2];
        double o1 = log2(e0 / e1), o2 = log2(e1 / e2);
        ck_assert_msg(o1 >= 3.0 && o2 >= 3.0 && e0 <= 1e-4 * split_error[q],
                      "%s: orders %g, %g (errors %g, %g, %g at dt, dt/2, dt/4)", order_names[q], o1,
                      o2, e0, e1, e2);
    }
    test_tmp_remove(dir);
}
END_TEST

/* rathbone_tangential integrated along the step's path (integration =
 * path, the default; tangential_rathbone.c, "The law as an ODE"), with the
 * driver ending a step at its tangential reversal (CWB_FLAG_REVERSAL;
 * collision.c, "Law transitions inside a step"). Two collisions, each
 * against itself at a step 256 times finer:
 *   0  the glass impact of stick_slip_fourth_order with the rathbone
 *      normal law kept elastic (sigma_y = 5 GPa: y <= 0.02, so the normal
 *      law is Hertz; allow_extrapolation for its nu = 0.2, which concerns
 *      its plastic constants only) and the given mu = 0.35 (sec. 5.9):
 *      omega1_after errors 1.04e-5, 2.32e-7, 1.50e-8 rad/s at t_c/88,
 *      /176, /352 (orders 5.49, 3.95; then 9.0e-10, 4.06),
 *      restitution_tangential 1.67e-7, 3.70e-9, 2.40e-10 (5.49, 3.95).
 *      Before the reversal was located: 1.46e-5, 1.23e-6, 4.72e-7, 1.06e-7
 *      (3.57, 1.38, 2.16); `mindlin` on the same impact 3.98, 3.99, 4.03.
 *      Asserted: >= 3.5 per halving (stick_slip_fourth_order's bound).
 *   1  seed 004 Fig. 49 at 30 deg (explicit_laws_first_order's collision,
 *      t_c = 2.753e-6 s): omega1_after 2.46e-3, 1.04e-3, 3.59e-4 rad/s
 *      (orders 1.25, 1.53; the split: 58.5, 29.3, 14.6),
 *      restitution_tangential 1.72e-7, 7.28e-8, 2.53e-8 (1.24, 1.52). Not
 *      fourth order, while the normal law alone now is (restitution_normal
 *      with tangential = none: orders 4.28, 4.30, 4.12, 4.12): the spin
 *      has a term of about second order (2.87, 2.44 at the next two
 *      halvings) whose cause was not found; it is not the yield onset
 *      (steps graded after it: the same orders). With mindlin instead
 *      (mu = 2, sticking) the spins also fall at orders 1.9-2.0, which is
 *      spring_path.c's k_t^2 affine in delta along a step, exact where
 *      a^2 is proportional to delta (thornton with mindlin: 3.9-4.0).
 *      Before the steps were graded towards the permanent overlap
 *      (collision.c, force_end) this collision erred at 2.43e-2, 1.62e-3,
 *      5.73e-5 rad/s, orders 3.91, 4.82, then -1.60, 4.47 at /704, /1408:
 *      the normal law's O(dt^2.5) end point, erratic, and this term, by
 *      chance of order 4 over those three steps. Asserted:
 *      order >= 1 per halving (min_order) and the error at t_c/88 below
 *      1e-3 of the split's (measured 4.2e-5 and 4.2e-5). */
static const struct {
    const char *law; /* the elastic glass impact with this text, or NULL */
    const char *file;
    double tc, split_error[2]; /* the split's errors at t_c/88 (0: none) */
    double min_order;          /* asserted per halving */
} rathbone_order_cases[] = {
    {"tangential = rathbone_tangential\n[normal]\nsigma_y = 5e9\nallow_extrapolation = yes\n"
     "[tangential]\nfriction = given\nmu = 0.35\n",
     NULL,
     7.35625e-5,
     {0, 0},
     3.5},
    {NULL, "cases/seed004_fig49_a30.case", 2.753e-6, {58.5, 4.10e-3}, 1.0}};

START_TEST(rathbone_path_order)
{
    char dir[256], path[512];
    test_tmp_make(dir, sizeof dir, "rathbonepath");
    const char *file = rathbone_order_cases[_i].file;
    if (!file) {
        write_impact(dir, "rathbone", rathbone_order_cases[_i].law, path, sizeof path);
        file = path;
    }
    double err[2][3];
    halving_errors(file, NULL, rathbone_order_cases[_i].tc / 88, err);
    for (int q = 0; q < 2; q++) {
        double e0 = err[q][0], e1 = err[q][1], e2 = err[q][2];
        double o1 = log2(e0 / e1), o2 = log2(e1 / e2),
               split = rathbone_order_cases[_i].split_error[q];
        double q_min = rathbone_order_cases[_i].min_order;
        ck_assert_msg(o1 >= q_min && o2 >= q_min && (split == 0.0 || e0 <= 1e-3 * split),
                      "%s %s: orders %g, %g (errors %g, %g, %g at dt, dt/2, dt/4)", file,
                      order_names[q], o1, o2, e0, e1, e2);
    }
    test_tmp_remove(dir);
}
END_TEST

/* dt = auto delivers the tolerance it is asked for on the Mindlin-
 * Deresiewicz oblique impacts of seed 004 Figs. 36-37 (dt_tol = 1e-4 in
 * the case files): every reported result within 1e-4 (relative) of a run
 * at a fixed dt = 3.9e-12 s (t_c/32000, 32 times finer than the step
 * dt = auto accepts; its own error, from the errors measured at 2e-9 ...
 * 1.25e-10 s, below 1e-8). Before the law was integrated along the step's
 * path (tangential_mindlin_deresiewicz.c, integration = split) the
 * accepted runs were off by 1.2e-3 (35 deg) and 1.6e-4 (15 deg);
 * measured now: 2.9e-7, 1.4e-5, 2.9e-7, 7.4e-8, 2e-12. */
static const char *const md_auto_cases[] = {
    "cases/seed004_fig36.case", "cases/seed004_fig37_a15.case", "cases/seed004_fig37_a35.case",
    "cases/seed004_fig37_a45.case", "cases/seed004_fig37_a65.case"};

START_TEST(md_auto_dt_meets_tolerance)
{
    static const char *const names[] = {"contact_time",
                                        "max_overlap",
                                        "max_normal_force",
                                        "restitution_normal",
                                        "restitution_tangential",
                                        "restitution_tangential_contact",
                                        "rebound_angle_deg",
                                        "rebound_angle_com_deg",
                                        "omega1_after"};
    cwb_result a, f;
    test_run(md_auto_cases[_i], NULL, 0, &a);
    const char *over[] = {"driver.dt=3.90625e-12"};
    test_run(md_auto_cases[_i], over, 1, &f);
    for (size_t q = 0; q < sizeof names / sizeof *names; q++) {
        double va = cwb_result_get(&a, names[q]), vf = cwb_result_get(&f, names[q]);
        ck_assert_msg(fabs(va - vf) <= 1e-4 * fabs(vf), "%s: %s = %.12g with dt = auto, %.12g fine",
                      md_auto_cases[_i], names[q], va, vf);
    }
    cwb_result_free(&a);
    cwb_result_free(&f);
}
END_TEST

/* Mindlin-Deresiewicz sliding on its limit in simple loading (Fig. 36's
 * 35 deg impact at dt = 5e-10 s): the landing on a branch's end treated the
 * limit the force was already held at as a new end, and advanced the path
 * by 1e-14 of a step per substep (222 s of CPU for this run, which the
 * case's 60 s timeout now catches); the ends now count only when they are
 * crossed. The three runs must converge: the change of omega1_after from
 * dt = 1e-9 to 5e-10 s at least 4 times the change from 5e-10 to 2.5e-10 s
 * (order >= 2; measured 8.6, order 3.1, the order the README gives for this
 * law at 35 deg). */
START_TEST(md_sliding_on_the_limit_advances)
{
    const char *dts[] = {"driver.dt=1e-9", "driver.dt=5e-10", "driver.dt=2.5e-10"};
    double w[3];
    for (int i = 0; i < 3; i++) {
        cwb_result r;
        test_run("cases/seed004_fig36.case", &dts[i], 1, &r);
        w[i] = cwb_result_get(&r, "omega1_after");
        cwb_result_free(&r);
    }
    double coarse = fabs(w[0] - w[1]), fine = fabs(w[1] - w[2]);
    ck_assert_msg(coarse >= 4.0 * fine, "omega1' changes %.3g then %.3g (ratio %.2f < 4)", coarse,
                  fine, coarse / fine);
}
END_TEST

/* 1 when a warning of r contains `what`. */
static int has_warning(const cwb_result *r, const char *what)
{
    for (size_t i = 0; i < r->nwarn; i++)
        if (strstr(r->warn[i], what))
            return 1;
    return 0;
}

/* A head-on impact has no tangential motion, so no tangential law may act:
 * the glass spheres of Chung & Ooi test 1 rebound with e = 1 (elastic
 * Hertz, Johnson 1985 sec. 11.4) whatever the tangential law. Every law of
 * the registry that composes with Hertz in 3D, at dt = auto (dt_tol 1e-6 on
 * e; measured |e - 1| <= 1e-12). mindlin_deresiewicz gave e = 0.9161 and
 * energy_balance_error 0.161: it took its line of motion from a round-off
 * displacement (1e-57 m) along the normal, so its force acted along n. */
START_TEST(head_on_tangential_laws_inert)
{
    const cwb_law_head *h = cwb_law_at(CWB_KIND_TANGENTIAL, (size_t)_i);
    if (!(h->dims & CWB_DIM_3D) || !cwb_law_fits_normal(h, cwb_law_find(CWB_KIND_NORMAL, "hertz")))
        return;
    char law[64];
    snprintf(law, sizeof law, "contact.tangential=%s", h->name);
    const char *over[] = {law, "tangential.mu=0.3"};
    cwb_result r;
    test_run(hertz_cases[0].file, over, strcmp(h->name, "none") ? 2 : 1, &r);
    ck_assert_msg(fabs(cwb_result_get(&r, "restitution_normal") - 1.0) < 1e-9, "%s: e = %.12f",
                  h->name, cwb_result_get(&r, "restitution_normal"));
    ck_assert_msg(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-9,
                  "%s: energy_balance_error %g", h->name,
                  cwb_result_get(&r, "energy_balance_error"));
    ck_assert_msg(!has_warning(&r, "energy account"), "%s: %s", h->name, r.warn[0]);
    cwb_result_free(&r);
}
END_TEST

/* A collision whose energy account does not close says so: a fixed dt of a
 * quarter of the glass impact's contact time (t_c = 4.13e-5 s) leaves
 * energy_balance_error = 5.6e-3, above 4 dt_tol = 4e-6 (collision.c,
 * warn_energy_account), and the run warns; at dt = auto (balance 1e-14)
 * it does not. */
START_TEST(open_energy_account_warned)
{
    const char *coarse[] = {"driver.dt=1e-5"};
    cwb_result r;
    test_run(hertz_cases[0].file, coarse, 1, &r);
    ck_assert_msg(fabs(cwb_result_get(&r, "energy_balance_error")) > 4e-6, "balance %g",
                  cwb_result_get(&r, "energy_balance_error"));
    ck_assert_msg(has_warning(&r, "the energy account does not close"), "no warning");
    cwb_result_free(&r);
    test_run(hertz_cases[0].file, NULL, 0, &r);
    ck_assert_msg(!has_warning(&r, "energy account"), "dt = auto: %s", r.warn[0]);
    cwb_result_free(&r);
}
END_TEST

/* Sticking below the JKR sticking velocity (cases/beyond_jkr_restitution
 * .case: a 10 um sphere, E 10 GPa, nu 0.3, rho 2000 kg/m^3 on a rigid flat,
 * w = 0.05 J/m^2). Elastic JKR loses pi w (0.6 a_0^2 + 0.4 a_c^2) per
 * cycle (snap-in at a_0^3 = 2 pi w R^2/E*, pull-off at a_c = a_0 4^(-2/3);
 * Johnson, Kendall & Roberts 1971), so with (1/2) m V_s^2 that loss
 *   V_s = [(3/2)(0.6 + 0.4 4^(-4/3)) w a_0^2/(rho R^3)]^(1/2)
 *       = 1.8402 (w^5/(rho^3 E*^2 R^5))^(1/6) = 0.0223787 m/s,
 * Thornton & Ning (1998, "A theoretical model for the stick/bounce
 * behaviour of adhesive, elastic-plastic spheres") print 1.84 (checked
 * here to 1e-3). At 0.02 m/s the collision ran 2e7 steps (minutes) and
 * exited 1; now it reports stuck = 1, restitution 0 and a capture time
 * within the first contact time (t_est = 3 delta* / v = 0.4 us), after a
 * few hundred steps (measured 680 over the two runs of dt = auto; bound
 * 5000). At 0.99 V_s it sticks; at 1.01 V_s it rebounds with
 * e = sqrt(1 - (V_s/V)^2) = 0.140371 (1e-6, dt_tol). */
START_TEST(jkr_sticks_below_sticking_velocity)
{
    const char *file = "cases/beyond_jkr_restitution.case";
    double R = 1e-5, E = 1e10, nu = 0.3, rho = 2000, w = 0.05, Es = E / (1 - nu * nu);
    double a0 = cbrt(2 * M_PI * w * R * R / Es);
    double vs = sqrt(1.5 * (0.6 + 0.4 * pow(4.0, -4.0 / 3.0)) * w * a0 * a0 / (rho * R * R * R));
    double tn = 1.84 * pow(pow(w, 5) / (pow(rho, 3) * Es * Es * pow(R, 5)), 1.0 / 6.0);
    ck_assert_rel(vs, tn, 1e-3);
    static const double speed[] = {0.02, 0.99, 1.01}; /* m/s, then times V_s */
    for (int i = 0; i < 3; i++) {
        double v = i ? speed[i] * vs : speed[i];
        char key[64];
        snprintf(key, sizeof key, "driver.v_normal=%.17g", v);
        const char *over[] = {key};
        cwb_result r;
        test_run(file, over, 1, &r);
        double e = cwb_result_get(&r, "restitution_normal");
        if (i < 2) {
            ck_assert_msg(cwb_result_get(&r, "stuck") == 1.0 && e == 0.0,
                          "V = %g m/s: stuck %g, e %g", v, cwb_result_get(&r, "stuck"), e);
            ck_assert_msg(cwb_result_get(&r, "steps_total") < 5000, "V = %g: %g steps", v,
                          cwb_result_get(&r, "steps_total"));
            double tc = cwb_result_get(&r, "capture_time");
            ck_assert_msg(tc > 0.0 && tc < 4e-7, "V = %g: capture_time %g s", v, tc);
            ck_assert_msg(has_warning(&r, "the bodies stuck"), "V = %g: no warning", v);
        } else {
            ck_assert_msg(cwb_result_get(&r, "stuck") == 0.0, "1.01 V_s stuck");
            ck_assert_msg(fabs(e - sqrt(1.0 - 1.0 / (1.01 * 1.01))) < 1e-6, "1.01 V_s: e = %.9f",
                          e);
        }
        cwb_result_free(&r);
    }
}
END_TEST

/* A fixed dt that cannot resolve the contact is refused when the case is
 * read (exit 2), naming file, line, key, value and the allowed range
 * [t_est/max_steps, t_est/2] (collision.c, check_fixed_dt: RK4 is unstable
 * on the contact's oscillation beyond 0.69 t_est for Hertz). The glass
 * impact of Chung & Ooi test 1 (t_est = 3 delta* / v = 4.1117e-5 s, delta*
 * in closed form) at dt = 1e-4 s passed the spheres through each other
 * and ran 2e7 steps to max_steps (exit 1, minutes); the small end is
 * tiny_dt_refused. */
START_TEST(coarse_dt_refused)
{
    char dir[64], path[64], want[128];
    case_with_dt(hertz_cases[0].file, "1e-4", dir, path, sizeof path);
    snprintf(want, sizeof want, "%s:22: [driver] dt = 0.0001 s is more than half", path);
    test_refused(path, NULL, 0, want);
    test_refused(path, NULL, 0, "dt must be in [2.05585e-12 s, 2.05585e-05 s]");
    unlink(path);
    rmdir(dir);
    const char *ok[] = {"driver.dt=2e-5"}; /* just inside: runs (and warns, t_est/2) */
    cwb_case *c = test_load(hertz_cases[0].file, ok, 1);
    free(c);
}
END_TEST

/* The tangential restitutions of an impact that has none to divide by.
 * A glass pair of R = 0.01 m (cases/chung_ooi_1_glass.case) at 5 m/s:
 *   - head-on as given: both restitutions are undefined (NaN) and that is
 *     all, no warning (nothing tangential was given);
 *   - spin alone (omega1 = 100 rad/s): the centres' ratio is undefined and
 *     said so, the contact point's is defined;
 *   - v_t = 1 m/s and omega1 = -100 rad/s: body 1's contact point moves at
 *     v_t + omega1 R = 0 relative to body 2 (kinematics, the sign of
 *     omega1 as the driver's help states it), so the contact point's
 *     ratio is undefined and said so. */
START_TEST(undefined_tangential_restitutions)
{
    const char *head_on[] = {"driver.v_normal=5"};
    const char *spin[] = {"driver.v_normal=5", "driver.omega1=100"};
    const char *cancel[] = {"driver.v_normal=5", "driver.v_tangential=1", "driver.omega1=-100"};
    cwb_result r;
    test_run("cases/chung_ooi_1_glass.case", head_on, 1, &r);
    ck_assert(isnan(cwb_result_get(&r, "restitution_tangential")));
    ck_assert(isnan(cwb_result_get(&r, "restitution_tangential_contact")));
    ck_assert_msg(!has_warning(&r, "restitution_tangential"), "%s", r.warn[0]);
    cwb_result_free(&r);
    test_run("cases/chung_ooi_1_glass.case", spin, 2, &r);
    ck_assert(isnan(cwb_result_get(&r, "restitution_tangential")));
    ck_assert(isfinite(cwb_result_get(&r, "restitution_tangential_contact")));
    ck_assert(has_warning(&r, "the centres had no relative tangential velocity"));
    cwb_result_free(&r);
    test_run("cases/chung_ooi_1_glass.case", cancel, 3, &r);
    ck_assert(isfinite(cwb_result_get(&r, "restitution_tangential")));
    ck_assert(isnan(cwb_result_get(&r, "restitution_tangential_contact")));
    ck_assert(has_warning(&r, "cancel at the contact point"));
    cwb_result_free(&r);
}
END_TEST

/* dt = auto's error estimate must bound the error of the run it accepted.
 * A linear spring with the linear_restitution dashpot rebounds with e
 * exactly as asked (the closed form e = exp(-zeta pi / sqrt(1 - zeta^2)),
 * damping_linear_restitution.c), so the error of the accepted run's
 * restitution is known without a finer run. At rows = 10 the accepted run
 * is the one that reports (no finer run for the curve). Its restitution
 * converges erratically (errors 1.48e-4, 2.33e-5, 3.66e-6, 1.02e-6 at
 * t_est/50 and its halvings: 6.35, 6.35, 3.59 per halving) while
 * max_overlap converges steadily at order 2.65, whose Richardson estimate
 * alone (8.54e-7) accepted e = 0.500001021 at dt_tol 1e-6: error 1.2 times
 * the estimate, 1.02 dt_tol. Both bounds are asked: the error within the
 * estimate reported, and within dt_tol (measured against max(|e|, 1) = 1,
 * as the driver measures a restitution's change). */
START_TEST(auto_dt_estimate_bounds_error)
{
    static const char *const e[] = {"damping.e=0.2", "damping.e=0.5", "damping.e=0.8"};
    const char *over[] = {"contact.normal=linear", "normal.kn=1e6",
                          "contact.damping=linear_restitution", "driver.rows=10", e[_i]};
    cwb_result r;
    test_run("tests/data/damped_impact.case", over, 5, &r);
    double want = strtod(e[_i] + 10, NULL), got = cwb_result_get(&r, "restitution_normal");
    double est = cwb_result_get(&r, "dt_error_estimate"), err = fabs(got - want);
    ck_assert_msg(err <= est && err <= 1e-6,
                  "e = %g: accepted run's e = %.12g, error %.3g, estimate %.3g, dt_tol 1e-6", want,
                  got, err, est);
    cwb_result_free(&r);
}
END_TEST

/* dt = auto waits until every result converges. seed004_fig52_lth at
 * dt_tol 1e-6 (rathbone + lth, 30 deg; the case ships at 1e-4) was
 * accepted at its second halving, dt = 1.2976128e-8 s, on its largest
 * change (restitution_normal's, 16.7 times smaller than the one before:
 * estimate 2.26e-7) while omega1_after's own change had grown; its spin
 * erred by 8.98e-7 of (v_n + |v_t|) / R = 15774 rad/s (the driver's
 * measure of a spin's change), 4.0 times the estimate. The reference is
 * the same impact at that step / 64 (RK4's error there 64^-q of the
 * accepted run's, q >= 2.3 for lth: below 1e-4 of it). */
START_TEST(auto_dt_waits_for_every_result)
{
    const char *file = "cases/seed004_fig52_lth.case";
    const char *a_over[] = {"driver.dt_tol=1e-6", "driver.rows=10"};
    const char *f_over[] = {"driver.dt=2.02752e-10", "driver.rows=10"};
    cwb_result a, f;
    test_run(file, a_over, 2, &a);
    test_run(file, f_over, 2, &f);
    double scale = (1.0 + 0.57735027) / 1e-4, wa = cwb_result_get(&a, "omega1_after");
    double err = fabs(wa - cwb_result_get(&f, "omega1_after")) / scale;
    double est = cwb_result_get(&a, "dt_error_estimate");
    ck_assert_msg(err <= est && err <= 1e-6, "omega1_after %.10g: error %.3g, estimate %.3g", wa,
                  err, est);
    cwb_result_free(&a);
    cwb_result_free(&f);
}
END_TEST

/* A refinement with made-up changes for cwb_dt_refine: the runs do
 * nothing, and the i-th halving hands out row i of a table of each
 * result's change. */
typedef struct {
    const double (*changes)[2];
    int results;
    int halving;
    double each[2];
} made_up_changes;

static int made_up_run(void *ctx, double h, int slot, char *msg, size_t n)
{
    (void)ctx, (void)h, (void)slot, (void)msg, (void)n;
    return CWB_OK;
}

static double made_up_change(void *ctx, int fine, int coarse, int *comparable)
{
    (void)fine, (void)coarse, (void)comparable;
    made_up_changes *x = ctx;
    double largest = 0.0;
    for (int i = 0; i < x->results; i++)
        largest = fmax(largest, x->each[i] = x->changes[x->halving][i]);
    x->halving++;
    return largest;
}

static int made_up_affordable(void *ctx, const cwb_dt_auto *a)
{
    (void)ctx, (void)a;
    return 1;
}

/* The halving at which cwb_dt_refine accepts `rows` halvings of changes at
 * tol (0: it did not), its last estimate into *estimate. */
static int accepted_at(const double (*changes)[2], int results, int rows, double tol,
                       double *estimate)
{
    made_up_changes x = {.changes = changes, .results = results};
    cwb_dt_plan plan = {.h0 = 1.0,
                        .tol = tol,
                        .max_halvings = rows,
                        .richardson = 1,
                        .results = results,
                        .each = x.each,
                        .ctx = &x,
                        .run = made_up_run,
                        .change = made_up_change,
                        .affordable = made_up_affordable};
    static cwb_dt_auto a; /* 8 kB of change histories: off the stack */
    cwb_dt_outcome outcome;
    char msg[CWB_MSG];
    ck_assert_int_eq(cwb_dt_refine(&plan, &a, &outcome, msg, sizeof msg), CWB_OK);
    *estimate = a.estimate;
    return outcome == CWB_DT_CONVERGED ? a.halvings : 0;
}

/* dt = auto trusts an order only when three ratios of changes confirm it
 * (dt_auto.c). Three made-up refinements:
 * - seed004_fig37_a15's restitution_tangential_contact at dt_tol 1e-6:
 *   changes 1.28e-4, 7.24e-6, 2.37e-6, 1.16e-6 (ratios 17.7, 3.06, 2.04:
 *   orders 4.1, 1.6, 1.0). Its runs at these halvings erred by 1.6e-6 and
 *   more against the run at step / 64, so none may be accepted; order 4.1
 *   from the first ratio alone accepted the second (estimate 6.0e-7).
 * - two results, A falling 1.6e-4 -> 1e-5 (16 times) and B 1.2e-5 ->
 *   9e-6: B has not begun to converge, so its change, 9e-6, is at least
 *   what is estimated; the largest change (A's both times) with A's
 *   order 4 gave 1.25 x 1e-5 / 15 = 8.3e-7 and accepted it at 1e-6.
 * - RK4 converging at order 4 (ratios 16): 1e-4, 6.25e-6, 3.90625e-7,
 *   2.44140625e-8 at dt_tol 1e-8 is accepted at the fourth halving with
 *   Richardson's estimate at the confirmed order, 1.25 x 2.44140625e-8 /
 *   (2^4 - 1) (Roache's factor 1.25), where order 1 (1.25 times the
 *   change) would need a fifth.
 * - seed004_fig5_md's restitution_tangential_contact at dt_tol 1e-7:
 *   changes 1.18e-4, 8.85e-6, 7.26e-7, 1.20e-8, 2.42e-7, 8.46e-8,
 *   2.21e-8, 6.24e-9 (cwb at h0 = 1.0761e-6 s and its halvings). The
 *   runs at halvings 4, 5, 6, 7 erred by 1.7e-7, 7.2e-8, 1.3e-8, 9.3e-9
 *   against the run at h0 / 1024 (whose own error, from the changes after,
 *   is about 3e-9). The fourth change fell 60 times, beyond the 32 of
 *   order 5: taken as order 1 (estimate 1.5e-8) it accepted the run at
 *   halving 4, 1.7 times dt_tol off. That change is no evidence; halvings
 *   5 and 6 show order 1.5 and 1.9, not confirmed: order 1, and the run at
 *   halving 7 is accepted with estimate 1.25 x 2.21e-8. */
START_TEST(auto_dt_order_confirmed)
{
    static const double fig37[][2] = {{1.28e-4}, {7.24e-6}, {2.37e-6}, {1.16e-6}};
    static const double a_b[][2] = {{1.6e-4, 1.2e-5}, {1e-5, 9e-6}};
    static const double rk4[][2] = {{1e-4}, {6.25e-6}, {3.90625e-7}, {2.44140625e-8}};
    static const double md[][2] = {{1.18e-4}, {8.85e-6}, {7.26e-7}, {1.20e-8},
                                   {2.42e-7}, {8.46e-8}, {2.21e-8}, {6.24e-9}};
    double est;
    int k = accepted_at(fig37, 1, 4, 1e-6, &est);
    ck_assert_msg(k == 0, "fig37_a15 accepted at halving %d, estimate %.3g", k, est);
    k = accepted_at(a_b, 2, 2, 1e-6, &est);
    ck_assert_msg(k == 0 && est >= 9e-6, "A/B accepted at halving %d, estimate %.3g", k, est);
    k = accepted_at(rk4, 1, 4, 1e-8, &est);
    ck_assert_int_eq(k, 4);
    ck_assert_double_eq_tol(est, 1.25 * 2.44140625e-8 / 15.0, 1e-15 * est);
    k = accepted_at(md, 1, 8, 1e-7, &est);
    ck_assert_msg(k == 7, "fig5_md accepted at halving %d, estimate %.3g", k, est);
    ck_assert_double_eq_tol(est, 1.25 * 2.21e-8, 1e-15 * est);
}
END_TEST

/* The run dt = auto accepts for seed004_fig37_a15 (Maw, Barber & Fawcett's
 * oblique impact at 15 degrees) at dt_tol 1e-6 is within dt_tol of the run
 * at its step / 64 (whose own error, at the first order this law shows at
 * worst, is about 1/64 of the accepted run's) in each restitution,
 * measured against max(|e|, 1) as the driver measures a restitution's
 * change. It was 1.64e-6 in restitution_tangential_contact when one ratio
 * of changes set the order. At rows = 10 the accepted run reports. */
START_TEST(auto_dt_fig37_meets_tolerance)
{
    const char *file = "cases/seed004_fig37_a15.case";
    const char *a_over[] = {"driver.dt_tol=1e-6", "driver.rows=10"};
    cwb_result a, f;
    test_run(file, a_over, 2, &a);
    char dt[64], tol[] = "driver.dt_tol=1e-6";
    snprintf(dt, sizeof dt, "driver.dt=%.17g", cwb_result_get(&a, "dt") / 64.0);
    const char *f_over[] = {dt, tol, "driver.rows=10"};
    test_run(file, f_over, 3, &f);
    static const char *const names[] = {"restitution_normal", "restitution_tangential",
                                        "restitution_tangential_contact"};
    for (int i = 0; i < 3; i++) {
        double x = cwb_result_get(&a, names[i]), y = cwb_result_get(&f, names[i]);
        double err = fabs(x - y) / fmax(fabs(y), 1.0);
        ck_assert_msg(err <= 1e-6, "%s: %.10g against %.10g at dt / 64: error %.3g", names[i], x, y,
                      err);
    }
    cwb_result_free(&a);
    cwb_result_free(&f);
}
END_TEST

/* x^3 - 2, counting its evaluations. */
static double cube_minus_two(double x, void *calls)
{
    ++*(int *)calls;
    return x * x * x - 2.0;
}

/* The transitions' root solves hand Brent the function's values at the
 * bracket's ends they already have (cwb_root_brent_known): it must take
 * them instead of evaluating there, and iterate exactly as without them.
 * Root: 2^(1/3) (closed form), to the tolerance asked. */
START_TEST(root_brent_takes_known_ends)
{
    int calls = 0;
    gsl_function F = {cube_minus_two, &calls};
    double root, lo, hi, root_k, lo_k, hi_k;
    ck_assert_int_eq(cwb_root_brent(&F, 0.0, 2.0, 1e-12, 0.0, &root, &lo, &hi), CWB_OK);
    int plain = calls;
    calls = 0;
    ck_assert_int_eq(
        cwb_root_brent_known(&F, 0.0, -2.0, 2.0, 6.0, 1e-12, 0.0, &root_k, &lo_k, &hi_k), CWB_OK);
    ck_assert_int_eq(calls, plain - 2);
    ck_assert(root_k == root && lo_k == lo && hi_k == hi);
    ck_assert_double_eq_tol(root, cbrt(2.0), 2e-12);
    calls = 0; /* one end known */
    ck_assert_int_eq(
        cwb_root_brent_known(&F, 0.0, NAN, 2.0, 6.0, 1e-12, 0.0, &root_k, &lo_k, &hi_k), CWB_OK);
    ck_assert_int_eq(calls, plain - 1);
    ck_assert(root_k == root);
}
END_TEST

Suite *collision_suite(void)
{
    Suite *s = suite_create("collision");
    TCase *tc = test_tcase("collision", 60);
    tcase_add_loop_test(tc, hertz_impact_closed_forms, 0,
                        (int)(sizeof hertz_cases / sizeof *hertz_cases));
    tcase_add_test(tc, linear_half_period);
    tcase_add_test(tc, root_brent_takes_known_ends);
    tcase_add_test(tc, rk4_fourth_order);
    tcase_add_test(tc, hertz_grading_costs_few_steps);
    tcase_add_test(tc, gross_sliding_rigid_body);
    tcase_add_loop_test(tc, stick_slip_fourth_order, 0,
                        (int)(sizeof stick_slip_laws / sizeof *stick_slip_laws));
    tcase_add_test(tc, hertz_mindlin_goal_fourth_order);
    tcase_add_loop_test(tc, explicit_laws_first_order, 0,
                        (int)(sizeof first_order_cases / sizeof *first_order_cases));
    tcase_add_test(tc, thornton_restitution_fourth_order);
    tcase_add_test(tc, tsuji_restitution_fourth_order);
    tcase_add_test(tc, tsuji_beside_tangential_fourth_order);
    tcase_add_test(tc, stronge_contact_time_converges);
    tcase_add_test(tc, heavy_partner_keeps_its_motion);
    tcase_add_loop_test(tc, plastic_laws_fourth_order, 0,
                        (int)(sizeof plastic_order_laws / sizeof *plastic_order_laws));
    tcase_add_test(tc, lth_path_order);
    tcase_add_loop_test(tc, rathbone_path_order, 0,
                        (int)(sizeof rathbone_order_cases / sizeof *rathbone_order_cases));
    tcase_add_test(tc, tiny_dt_refused);
    tcase_add_test(tc, no_normal_law_refused);
    tcase_add_loop_test(tc, head_on_tangential_laws_inert, 0,
                        (int)cwb_law_count(CWB_KIND_TANGENTIAL));
    tcase_add_test(tc, open_energy_account_warned);
    tcase_add_test(tc, jkr_sticks_below_sticking_velocity);
    tcase_add_test(tc, coarse_dt_refused);
    tcase_add_test(tc, auto_dt_bounded);
    tcase_add_test(tc, md_sliding_on_the_limit_advances);
    tcase_add_test(tc, undefined_tangential_restitutions);
    tcase_add_loop_test(tc, auto_dt_estimate_bounds_error, 0, 3);
    tcase_add_test(tc, auto_dt_order_confirmed);
    tcase_add_test(tc, auto_dt_fig37_meets_tolerance);
    tcase_add_test(tc, auto_dt_waits_for_every_result);
    tcase_add_test(tc, grazing_impact_lasts_its_free_flight);
    tcase_add_test(tc, impact_shallower_than_rounding_says_so);
    tcase_add_test(tc, inputs_beyond_doubles_are_named);
    tcase_add_loop_test(tc, md_auto_dt_meets_tolerance, 0,
                        (int)(sizeof md_auto_cases / sizeof *md_auto_cases));
    suite_add_tcase(s, tc);
    return s;
}
