/* test_fit_material.c -- the elastic-plastic fits of `cwb fit` (models
 * material and scalar, the where / x_range / noise keys) against answers
 * that do not come from them: constants that generated synthetic FEM-like
 * tables (written here from the closed forms of Rathbone et al. 2015 and
 * the thesis, eqs. 52-62 and 74), with GSL's Gaussian noise, and Thornton's
 * (1997) closed-form restitution computed by awk
 * (reference/analytic/thornton_restitution.csv).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cwb_fit.h"
#include "cwb_law.h"
#include "cwb_test.h"

static char tmp_dir[64];

static void make_tmp_dir(void)
{
    test_tmp_make(tmp_dir, sizeof tmp_dir, "fitm");
}

static void remove_tmp_dir(void)
{
    test_tmp_remove(tmp_dir);
}

static const char *tmp(const char *name, char *buf, size_t n)
{
    return test_tmp_path(tmp_dir, name, buf, n);
}

static int fit_text(const char *name, const char *text, cwb_result *r, char *msg, size_t n)
{
    char path[256];
    test_write_file(tmp(name, path, sizeof path), text);
    cwb_result_init(r);
    cwb_fit_request req = {.path = path, .dir = tmp_dir, .plot = 0, .json = 0};
    return cwb_fit(&req, r, NULL, msg, n);
}

/* ------------------------------------------------- synthetic FEM tables */

/* The constants a synthetic table is generated with (not the thesis'). */
typedef struct {
    double R, E, nu, sigma_y;
    double D_over_sy, c, A, B, u_dy; /* eqs. 52-53, 55, 74, 61 */
    double k_plastic;                /* eq. 64 above 25 delta_y (0: eq. 55 throughout) */
    double peeq_b;                   /* plateau of the centre's plastic strain before its ramp */
    double peeq_onset;               /* where the ramp starts [delta_y] (0: 12) */
    double t[4];                     /* eq. 75's turning point of each unloading leg */
} synthetic;

typedef struct {
    double E_star, dy, D, b, z;
} derived;

static derived derive(const synthetic *s)
{
    derived d;
    double ay = cwb_yield_factor(s->nu, NULL);
    d.E_star = s->E / (1 - s->nu * s->nu);
    d.dy = s->R * pow(M_PI * ay * s->sigma_y / (2 * d.E_star), 2); /* eq. 8 */
    d.D = s->D_over_sy * s->sigma_y;
    d.b = tan(ay * s->sigma_y / d.D) / d.dy; /* eq. 54 */
    d.z = 0.5 + 0.3 * pow(s->nu, 2.56);      /* eq. 58 */
    return d;
}

/* Force, contact radius and centre pressure on first loading at x. */
static void loading(const synthetic *s, const derived *d, double x, double *F, double *a, double *p)
{
    if (x <= d->dy) { /* Hertz (Johnson 1985, eqs. 4.22-4.23) */
        *F = 4.0 / 3.0 * d->E_star * sqrt(s->R) * pow(x, 1.5);
        *a = sqrt(s->R * x);
        *p = 2 * d->E_star * sqrt(x / s->R) / M_PI;
        return;
    }
    *p = d->D * atan(d->b * x);
    double ar = s->c * x + (sqrt(2.0 / 3.0 * d->dy * s->R) - s->c * d->dy) * pow(x / d->dy, d->z);
    if (s->k_plastic > 0 && x > 25 * d->dy) { /* eq. 64, continuous at 25 delta_y */
        double x25 = 25 * d->dy;
        double a25 = s->c * x25 + (sqrt(2.0 / 3.0 * d->dy * s->R) - s->c * d->dy) * pow(25, d->z);
        ar = sqrt(s->k_plastic * s->R * (x - x25) + a25 * a25);
    }
    *F = M_PI * *p * ar * ar;
    *a = sqrt(s->R * d->dy * (s->A * pow(x / d->dy - 1, s->B) + 1));
}

/* The plastic strain at the contact centre: a ramp from 12 delta_y (not
 * the thesis' 50), slope 2e-3 per delta_y, on loading rows, above the
 * plateau peeq_b. */
static double peeq_centre(const synthetic *s, const derived *d, double x)
{
    double on = s->peeq_onset > 0 ? s->peeq_onset : 12;
    return s->peeq_b + (x > on * d->dy ? 2e-3 * (x / d->dy - on) : 0.0);
}

static void row(FILE *f, const synthetic *s, const derived *d, int leg, double x, double F,
                double a, double p)
{
    fprintf(f, "%d,%.15g,%.15g,%.15g,%.15g,%.15g,%.15g,%.15g,%.15g,%.15g,%.15g\n", leg, x, F, a, p,
            leg == 2 ? 0.0 : peeq_centre(s, d, x), s->R, s->E, s->nu, s->sigma_y, d->dy);
}

/* eq. 74's loading radius^2 and eq. 75's unloading radius at x. */
static double a2_loading(const synthetic *s, const derived *d, double x)
{
    return x <= d->dy ? s->R * x : s->R * d->dy * (s->A * pow(x / d->dy - 1, s->B) + 1);
}

static double a_unloading(const synthetic *s, const derived *d, double t, double dmax, double dmin,
                          double x)
{
    double turn = t * dmax;
    if (x >= turn)
        return sqrt(a2_loading(s, d, x));
    return x > dmin ? sqrt(a2_loading(s, d, turn) * (x - dmin) / (turn - dmin)) : 0.0;
}

/* Load to 5, 10 and 20 (and 40 with k_plastic) delta_y with unloading to
 * zero between (eq. 60 with R_un of eq. 61 and delta_min of eq. 62; the
 * radius of eq. 75): what the FEM studies of model sphere do. */
static void write_table(const char *path, const synthetic *s)
{
    derived d = derive(s);
    FILE *f = fopen(path, "w");
    ck_assert(f != NULL);
    fprintf(
        f,
        "# synthetic table (tests/test_fit_material.c)\n"
        "leg[-],delta[m],force[N],contact_radius[m],p_centre[Pa],peeq_centre[-],R[m],E[Pa],nu[-],"
        "sigma_y[Pa],delta_y[m]\n");
    static const double peaks[] = {5, 10, 20, 40};
    for (int k = 0; k < (s->k_plastic > 0 ? 4 : 3); k++) {
        double dmax = peaks[k] * d.dy, F, a, p;
        for (int i = 1; i <= 40; i++) {
            loading(s, &d, dmax * i / 40, &F, &a, &p);
            row(f, s, &d, k ? 3 : 1, dmax * i / 40, F, a, p);
        }
        double fmax = F, r_un = s->R * (1 + s->u_dy * (peaks[k] - 1));
        double kun = 4.0 / 3.0 * d.E_star * sqrt(r_un), dmin = dmax - pow(fmax / kun, 2.0 / 3.0);
        for (int i = 1; i <= 40; i++) {
            double x = dmax * (1 - i / 40.0);
            row(f, s, &d, 2, x, x > dmin ? kun * pow(x - dmin, 1.5) : 0.0,
                a_unloading(s, &d, s->t[k], dmax, dmin, x), 0);
        }
    }
    fclose(f);
}

static const synthetic base = {.R = 1e-4,
                               .E = 26e9,
                               .nu = 0.3,
                               .sigma_y = 160e6,
                               .D_over_sy = 1.35,
                               .c = 7.5,
                               .A = 1.25,
                               .B = 1.05,
                               .u_dy = 0.28,
                               .t = {0.55, 0.65, 0.75, 0.85}};

/* With 1 % noise (seed 11) each constant must come back within 3 of its
 * standard errors, and the standard error must be a real one (> 0). */
static void expect_within(const cwb_result *r, const char *name, double truth)
{
    char se_name[64];
    snprintf(se_name, sizeof se_name, "%s_stderr", name);
    double v = cwb_result_get(r, name), se = cwb_result_get(r, se_name);
    ck_assert_msg(se > 0 && fabs(v - truth) < 3 * se, "%s = %.8g +- %.3g, truth %.8g", name, v, se,
                  truth);
}

START_TEST(material_fits_recover_constants_from_noisy_tables)
{
    char data[256], text[512], msg[CWB_MSG];
    write_table(tmp("syn.csv", data, sizeof data), &base);
    static const char *const formulas[] = {"pressure", "reduced_radius", "contact_radius",
                                           "unloading"};
    cwb_result r[4];
    for (int k = 0; k < 4; k++) {
        snprintf(text, sizeof text,
                 "[fit]\nmodel = material\nformula = %s\ndata = %s\nnoise = 0.01\n"
                 "noise_seed = 11\n",
                 formulas[k], data);
        int rc = fit_text("m.fit", text, &r[k], msg, sizeof msg);
        ck_assert_msg(rc == CWB_OK, "%s: %s", formulas[k], msg);
    }
    expect_within(&r[0], "D_0", base.D_over_sy * base.sigma_y);
    expect_within(&r[1], "c_0", base.c);
    expect_within(&r[2], "A_0", base.A);
    expect_within(&r[2], "B_0", base.B);
    /* eq. 61: R_un/R = 1 + u delta_y (n - 1) at n = 5, 10, 20 */
    expect_within(&r[3], "R_un/R_0", 1 + base.u_dy * 4);
    expect_within(&r[3], "R_un/R_2", 1 + base.u_dy * 19);
    expect_within(&r[3], "u_delta_y_0", base.u_dy);
    for (int k = 0; k < 4; k++)
        cwb_result_free(&r[k]);
}
END_TEST

/* Four materials whose D/sigma_y follows eq. 53 exactly (1.22 + 0.69 nu)
 * and whose c follows eq. 56 exactly: the trend lines across them must be
 * the thesis' constants (no noise: to 1e-6). */
/* eq. 64's slope above 25 delta_y and eq. 75's turning points, from an
 * exact table (no noise: to 1e-6). The turning point is found between two
 * unloading rows: the fit must land within the table's spacing (1/40 of
 * delta_max in t) -- the radius is continuous but kinked there. */
START_TEST(plastic_radius_and_turning_points)
{
    char data[256], text[512], msg[CWB_MSG];
    synthetic s = base;
    s.k_plastic = 2.1;
    s.peeq_b = 1.6e-3; /* cwb's FEM: the strain the centre takes on at first yield */
    write_table(tmp("pl.csv", data, sizeof data), &s);
    cwb_result r;
    snprintf(text, sizeof text, "[fit]\nmodel = material\nformula = plastic_radius\ndata = %s\n",
             data);
    ck_assert_msg(fit_text("pl.fit", text, &r, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_msg(fabs(cwb_result_get(&r, "k_0") - 2.1) < 1e-6, "k = %.10g",
                  cwb_result_get(&r, "k_0"));
    cwb_result_free(&r);
    snprintf(text, sizeof text, "[fit]\nmodel = material\nformula = centre_yield\ndata = %s\n",
             data);
    ck_assert_msg(fit_text("y.fit", text, &r, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_msg(fabs(cwb_result_get(&r, "n_p_0") - 12) < 1e-6, "n_p = %.10g",
                  cwb_result_get(&r, "n_p_0"));
    ck_assert_msg(fabs(cwb_result_get(&r, "b_0") - 1.6e-3) < 1e-9, "b = %.10g",
                  cwb_result_get(&r, "b_0"));
    cwb_result_free(&r);
    /* an onset beyond the table (60 delta_y; it ends at 40): no fit can
     * place it, so n_p is the lower bound 40 with an infinite error */
    s.peeq_onset = 60;
    write_table(tmp("pl60.csv", data, sizeof data), &s);
    snprintf(text, sizeof text, "[fit]\nmodel = material\nformula = centre_yield\ndata = %s\n",
             data);
    ck_assert_msg(fit_text("y60.fit", text, &r, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_msg(
        fabs(cwb_result_get(&r, "n_p_0") - 40) < 1e-9 && isinf(cwb_result_get(&r, "n_p_0_stderr")),
        "n_p = %.10g +- %g", cwb_result_get(&r, "n_p_0"), cwb_result_get(&r, "n_p_0_stderr"));
    /* and no point past the onset sees the slope: its error is undefined,
     * not the 0 that read as "s = 0 exactly" */
    ck_assert_msg(isnan(cwb_result_get(&r, "s_0_stderr")), "s = %g +- %g",
                  cwb_result_get(&r, "s_0"), cwb_result_get(&r, "s_0_stderr"));
    cwb_result_free(&r);
    s.peeq_onset = 0;
    write_table(tmp("pl.csv", data, sizeof data), &s);
    snprintf(text, sizeof text, "[fit]\nmodel = material\nformula = unloading_radius\ndata = %s\n",
             data);
    ck_assert_msg(fit_text("t.fit", text, &r, msg, sizeof msg) == CWB_OK, "%s", msg);
    for (int k = 0; k < 4; k++) {
        char name[16];
        snprintf(name, sizeof name, "t_%d", k);
        double t = cwb_result_get(&r, name);
        ck_assert_msg(fabs(t - s.t[k]) < 1.0 / 40, "%s = %.6g, made with %.6g", name, t, s.t[k]);
    }
    cwb_result_free(&r);
}
END_TEST

START_TEST(material_trends_are_the_thesis_lines_on_exact_tables)
{
    static const double nus[] = {0.0, 0.2, 0.3, 0.45}, ratios[] = {150, 300, 500, 900};
    char list[1200] = "", path[256], text[1600], msg[CWB_MSG];
    for (int k = 0; k < 4; k++) {
        synthetic s = base;
        s.nu = nus[k];
        s.sigma_y = s.E / ratios[k];
        s.D_over_sy = 1.22 + 0.69 * s.nu;
        s.c = 1.43 + 0.061 * ratios[k]; /* (1 - nu^2) E* = E on a rigid flat */
        char name[32];
        snprintf(name, sizeof name, "m%d.csv", k);
        write_table(tmp(name, path, sizeof path), &s);
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? ", " : "", path);
    }
    cwb_result r;
    snprintf(text, sizeof text, "[fit]\nmodel = material\nformula = pressure\ndata = %s\n", list);
    ck_assert_msg(fit_text("p.fit", text, &r, msg, sizeof msg) == CWB_OK, "%s", msg);
    double c0 = cwb_result_get(&r, "trend_intercept"), c1 = cwb_result_get(&r, "trend_slope");
    ck_assert_msg(fabs(c0 - 1.22) < 1e-6 && fabs(c1 - 0.69) < 1e-6, "%.10g %.10g", c0, c1);
    cwb_result_free(&r);
    snprintf(text, sizeof text, "[fit]\nmodel = material\nformula = reduced_radius\ndata = %s\n",
             list);
    ck_assert_msg(fit_text("c.fit", text, &r, msg, sizeof msg) == CWB_OK, "%s", msg);
    c0 = cwb_result_get(&r, "trend_intercept");
    c1 = cwb_result_get(&r, "trend_slope");
    ck_assert_msg(fabs(c0 - 1.43) < 1e-6 && fabs(c1 - 0.061) < 1e-8, "%.10g %.10g", c0, c1);
    cwb_result_free(&r);
    /* the same four tables named by a pattern (glob(3), no shell): the
     * same trend; a pattern that matches nothing is an input error */
    snprintf(text, sizeof text, "[fit]\nmodel = material\nformula = reduced_radius\ndata = %s\n",
             tmp("m[0-9].csv", path, sizeof path));
    ck_assert_msg(fit_text("g.fit", text, &r, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_double_eq_tol(cwb_result_get(&r, "trend_intercept"), c0, 1e-12);
    ck_assert_double_eq_tol(cwb_result_get(&r, "trend_slope"), c1, 1e-12);
    cwb_result_free(&r);
    snprintf(text, sizeof text, "[fit]\nmodel = material\nformula = reduced_radius\ndata = %s\n",
             tmp("none*.csv", path, sizeof path));
    ck_assert_int_eq(fit_text("g.fit", text, &r, msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, ":4: [fit] data = ") && strstr(msg, "no file matches"), "%s", msg);
    cwb_result_free(&r);
}
END_TEST

/* `where` keeps the rows of one leg and x_range the elastic part: a run
 * fit of a Hertz case's E (nu = 0 there) to the synthetic table's
 * first loading below its delta_y, which is Hertz's curve (Johnson 1985,
 * eq. 4.22) with E* = E/(1 - 0.3^2): the fit must return that E*, to
 * 1e-6. Without `where` the unloading and reloading rows in the same
 * range make the reference two-valued and the fit misses it by far. */
START_TEST(where_and_x_range_select_rows)
{
    char data[256], hertz[256], text[1024], msg[CWB_MSG];
    write_table(tmp("w.csv", data, sizeof data), &base);
    test_write_file(tmp("hertz.case", hertz, sizeof hertz),
                    "[contact]\nnormal = hertz\n[body1]\nshape = sphere\nradius = 1e-4\n"
                    "E = 2e10\nnu = 0\ndensity = 1000\n[body2]\nshape = wall\n[driver]\n"
                    "type = history\nnormal = 1e-7\nsteps = 400\n");
    derived d = derive(&base);
    static const char *const filters[] = {"where = leg = 1\n", ""};
    double e_fit[2];
    for (int k = 0; k < 2; k++) {
        snprintf(text, sizeof text,
                 "[fit]\nmodel = run\ncase = %s\nreference = "
                 "%s\nx = delta_n\ny = F_n\nref_x = delta\nref_y = force\nfree = body1.E\n"
                 "start = 2e10\nlower = 1e9\nupper = 1e11\nx_range = 0, %.10g\n%s",
                 hertz, data, 0.999 * d.dy, filters[k]);
        cwb_result r;
        int rc = fit_text("w.fit", text, &r, msg, sizeof msg);
        ck_assert_msg(rc == CWB_OK, "%s", msg);
        e_fit[k] = cwb_result_get(&r, "body1.E");
        cwb_result_free(&r);
    }
    ck_assert_msg(fabs(e_fit[0] / d.E_star - 1) < 1e-6, "E = %.10g, E* = %.10g", e_fit[0],
                  d.E_star);
    ck_assert_msg(fabs(e_fit[1] / d.E_star - 1) > 1e-2, "without where: E = %.10g", e_fit[1]);
}
END_TEST

/* The scalar model: Thornton's sigma_y recovered from his closed-form
 * restitution curve (awk, independent of cwb), from a start of 80 MPa.
 * The curve was made with sigma_y = 40 MPa; the runs' restitution carries
 * the integrator's error (the reference's tolerance: 1.45e-6 in e), so the
 * recovered value is held to 1e-5 relative, not to its standard error. */
START_TEST(scalar_fit_recovers_thornton_yield_stress)
{
    cwb_result r;
    char msg[CWB_MSG];
    cwb_result_init(&r);
    cwb_fit_request req = {
        .path = "cases/seed004_restitution_fit_thornton.fit", .dir = tmp_dir, .plot = 0, .json = 0};
    int rc = cwb_fit(&req, &r, NULL, msg, sizeof msg);
    ck_assert_msg(rc == CWB_OK, "%s", msg);
    double sy = cwb_result_get(&r, "normal.sigma_y");
    ck_assert_msg(fabs(sy / 40e6 - 1) < 1e-5, "sigma_y = %.10g", sy);
    cwb_result_free(&r);
}
END_TEST

/* One target, one key: Thornton's sigma_y for e = 0.8 at 1 m/s is the one
 * the calibrated sweep case carries (to the integrator's error), and that case
 * gives e = 0.8 at 1 m/s (to the run's dt_tol, 1e-6). */
START_TEST(calibration_to_one_target)
{
    cwb_result r;
    char msg[CWB_MSG];
    cwb_result_init(&r);
    cwb_fit_request req = {.path = "cases/seed004_restitution_calibrate_thornton.fit",
                           .dir = tmp_dir,
                           .plot = 0,
                           .json = 0};
    ck_assert_msg(cwb_fit(&req, &r, NULL, msg, sizeof msg) == CWB_OK, "%s", msg);
    double sy = cwb_result_get(&r, "normal.sigma_y");
    cwb_result_free(&r);
    cwb_case *c = cwb_case_new();
    const char *at1[] = {"driver.v_normal=1"};
    ck_assert_int_eq(cwb_case_load(c, "cases/seed004_restitution_thornton_calibrated.case", at1, 1,
                                   msg, sizeof msg),
                     CWB_OK);
    char text[64];
    ck_assert_int_eq(cwb_case_value_text(c, "normal.sigma_y", text, sizeof text), 0);
    /* the runs' e carries the integrator's error (dt_tol = 1e-6), which moves
     * the sigma_y that meets e = 0.8 by about that over |de/d ln sigma_y|
     * (~0.1): 1e-5 relative */
    ck_assert_msg(fabs(atof(text) / sy - 1) < 1e-5, "case %s, fit %.10g", text, sy);
    ck_assert_int_eq(cwb_run_case(c, &r, msg, sizeof msg), CWB_OK);
    double e = cwb_result_get(&r, "restitution_normal");
    ck_assert_msg(fabs(e - 0.8) < 1e-6, "e = %.10g", e);
    cwb_result_free(&r);
    free(c);
}
END_TEST

/* Bad keys of the new models: file, line, key and the allowed range. */
/* Ch. 6, eqs. 111-112 (the thesis' pellet route). A pellet table made of
 * Hertz (Johnson 1985, eq. 4.23: F = (4/3) E* R^1/2 delta^3/2, E* =
 * E/0.91) to 0.03 mm, a chord to 0.1 mm and a straight line of slope L =
 * 2.228 * 2.3 pi R sigma_y beyond (eq. 63 at nu = 0.3), R = 3 mm on steps
 * of 0.5 um. pellet_yield must return sigma_y and the line's intercept to
 * 1e-9 (the line is its model). pellet_modulus differentiates the table by
 * the three-point rule, whose error on delta^3/2 at delta = i h is
 * -1/(24 i^2) of the slope (h^2 F^(3) / 6 over F'): -4 % at the first
 * point, below 0.1 % from the seventh; over the 40 points to 0.02 mm the
 * fitted E must be within PELLET_E_TOL = 0.1 % of the E that made the
 * table. With 1 % noise (seed 5) both must come back within 3 standard
 * errors. */
#define PELLET_E_TOL 0.001
static void write_pellet(const char *path, double E, double sy, double d0)
{
    const double R = 3e-3, nu = 0.3, E_star = E / 0.91, L = 2.228 * 2.3 * M_PI * R * sy;
    const double x1 = 3e-5, x2 = 1e-4, h = 5e-7;
    double f1 = 4.0 / 3.0 * E_star * sqrt(R) * pow(x1, 1.5), f2 = L * x2 + d0;
    double dy = R * pow(M_PI * cwb_yield_factor(nu, NULL) * sy / (2 * E_star), 2);
    FILE *f = fopen(path, "w");
    ck_assert(f != NULL);
    fprintf(f, "leg[-],delta[m],force[N],contact_radius[m],p_centre[Pa],peeq_centre[-],R[m],"
               "E[Pa],nu[-],sigma_y[Pa],delta_y[m]\n");
    for (int i = 1; i * h <= 2e-4 * (1 + 1e-12); i++) {
        double x = i * h, F;
        if (x <= x1 * (1 + 1e-12))
            F = 4.0 / 3.0 * E_star * sqrt(R) * pow(x, 1.5);
        else if (x < x2)
            F = f1 + (f2 - f1) * (x - x1) / (x2 - x1);
        else
            F = L * x + d0;
        fprintf(f, "1,%.15g,%.15g,0,0,0,%g,%g,%g,%g,%.15g\n", x, F, R, E, nu, sy, dy);
    }
    fclose(f);
}

START_TEST(pellet_route_recovers_its_inputs)
{
    const double E = 2.4e9, sy = 37e6, d0 = -12.0;
    char data[256], text[512], msg[CWB_MSG];
    write_pellet(tmp("pellet.csv", data, sizeof data), E, sy, d0);
    for (int noisy = 0; noisy < 2; noisy++) {
        const char *noise = noisy ? "noise = 0.01\nnoise_seed = 5\n" : "";
        cwb_result r;
        snprintf(text, sizeof text,
                 "[fit]\nmodel = material\nformula = pellet_yield\ndata = %s\n%s", data, noise);
        ck_assert_msg(fit_text("py.fit", text, &r, msg, sizeof msg) == CWB_OK, "%s", msg);
        if (noisy) {
            expect_within(&r, "sigma_y_0", sy);
        } else {
            ck_assert_rel(cwb_result_get(&r, "sigma_y_0"), sy, 1e-9);
            ck_assert(fabs(cwb_result_get(&r, "d_0") - d0) < 1e-9 * fabs(d0));
        }
        cwb_result_free(&r);
        snprintf(text, sizeof text,
                 "[fit]\nmodel = material\nformula = pellet_modulus\ndata = %s\n%s", data, noise);
        ck_assert_msg(fit_text("pe.fit", text, &r, msg, sizeof msg) == CWB_OK, "%s", msg);
        double e_fit = cwb_result_get(&r, "E_0");
        printf("pellet route (%s): E = %.6g (made with %.6g: %+.3f %%)\n",
               noisy ? "1 % noise" : "exact", e_fit, E, 100 * (e_fit / E - 1));
        if (noisy)
            expect_within(&r, "E_0", E);
        else
            ck_assert_msg(fabs(e_fit / E - 1) < PELLET_E_TOL, "E = %.8g, made with %.8g", e_fit, E);
        cwb_result_free(&r);
    }
}
END_TEST

/* Eq. 111's 2.228 is the pressure of eq. 63 at 25 delta_y over sigma_y at
 * nu = 0.3: D atan(25 b delta_y) with D = (1.22 + 0.69 nu) sigma_y (eq. 53)
 * and b delta_y = tan(Ay / (1.22 + 0.69 nu)) (eq. 54), Ay of appendix A
 * (Johnson 1985, sec. 6.2). Recomputed here it is 2.2146: the printed
 * 2.228 is 0.6 % above (the thesis' Ay, or rounding); within 1 %. */
START_TEST(pellet_constant_is_eq63)
{
    double nu = 0.3, k = 1.22 + 0.69 * nu, ay = cwb_yield_factor(nu, NULL);
    double p = k * atan(25 * tan(ay / k));
    printf("eq. 63 at 25 delta_y, nu = 0.3: p/sigma_y = %.5f (eq. 111 prints 2.228)\n", p);
    ck_assert_msg(fabs(p / 2.228 - 1) < 0.01, "p/sigma_y = %.6g", p);
}
END_TEST

START_TEST(material_refusals)
{
    char data[256], text[512], msg[CWB_MSG];
    write_table(tmp("b.csv", data, sizeof data), &base);
    static const struct {
        const char *keys, *what;
    } bad[] = {
        {"formula = cubic\n", ":4: [fit] formula = 'cubic' is not one of the allowed words: "
                              "pressure|reduced_radius|"},
        {"formula = pressure\nx_range = 5\n", "x_range: two values lo, hi"},
        {"formula = pressure\nnoise = 2\n", "noise = 2"},
        {"formula = pressure\nx_range = 1e6, 2e6\n", "no virgin loading rows"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(text, sizeof text, "[fit]\nmodel = material\ndata = %s\n%s", data, bad[i].keys);
        cwb_result r;
        int rc = fit_text("bad.fit", text, &r, msg, sizeof msg);
        ck_assert_msg(rc == CWB_EINPUT && strstr(msg, bad[i].what), "row %zu: %d '%s'", i, rc, msg);
        cwb_result_free(&r);
    }
    /* a table without the FEM columns */
    snprintf(text, sizeof text,
             "[fit]\nmodel = material\nformula = pressure\ndata = "
             "$ROOT/reference/analytic/thornton_restitution.csv\n");
    cwb_result r;
    int rc = fit_text("bad.fit", text, &r, msg, sizeof msg);
    ck_assert_msg(rc == CWB_EINPUT && strstr(msg, "no column 'leg'"), "%d '%s'", rc, msg);
    cwb_result_free(&r);
    /* where without '=' and with an unknown column */
    static const struct {
        const char *where, *what;
    } wh[] = {{"leg", ":12: [fit] where = leg: expected \"column = value\""},
              {"legs = 1", "has no column 'legs'"},
              {"leg = one", "'one' is not a finite number"}};
    for (size_t i = 0; i < sizeof wh / sizeof *wh; i++) {
        snprintf(
            text, sizeof text,
            "[fit]\nmodel = run\ncase = $ROOT/cases/seed004_fig26_thornton.case\nreference = %s\n"
            "x = delta_n\ny = F_n\nref_x = delta\nref_y = force\nfree = normal.py\n"
            "lower = 1e6\nupper = 1e9\nwhere = %s\n",
            data, wh[i].where);
        rc = fit_text("bad.fit", text, &r, msg, sizeof msg);
        ck_assert_msg(rc == CWB_EINPUT && strstr(msg, wh[i].what), "'%s'", msg);
        cwb_result_free(&r);
    }
}
END_TEST

/* A pressure eq. 52 cannot reach: p_centre = 1000 sigma_y delta/delta_y, a
 * line through 1000 sigma_y at delta_y, where eq. 54 pins p(delta_y) = Ay
 * sigma_y (Ay ~ 1.6). The least squares drive D up, where D atan(b delta)
 * tends to the line Ay sigma_y delta/delta_y and no longer changes with D:
 * D is not determined (GSL's covariance said 0, printed "+- 0") and R^2 <
 * 0; both are said, naming D, and the standard error is undefined. */
typedef struct {
    char text[8192];
} warn_log;

static void keep_warnings(void *user, cwb_log_level level, const char *text)
{
    warn_log *w = user;
    if (level == CWB_LOG_WARN)
        snprintf(w->text + strlen(w->text), sizeof w->text - strlen(w->text), "%s", text);
}

START_TEST(unreachable_pressure_is_not_determined)
{
    char data[256], path[256], text[512], msg[CWB_MSG];
    derived d = derive(&base);
    FILE *f = fopen(tmp("line.csv", data, sizeof data), "w");
    ck_assert(f != NULL);
    fprintf(f, "# p_centre = 1000 sigma_y delta/delta_y (tests/test_fit_material.c)\n"
               "leg[-],delta[m],force[N],contact_radius[m],p_centre[Pa],peeq_centre[-],R[m],"
               "E[Pa],nu[-],sigma_y[Pa],delta_y[m]\n");
    for (int i = 2; i <= 20; i += 2)
        fprintf(f, "1,%.17g,1,1e-5,%.17g,0,%.17g,%.17g,%.17g,%.17g,%.17g\n", i * d.dy,
                1000 * base.sigma_y * i, base.R, base.E, base.nu, base.sigma_y, d.dy);
    fclose(f);
    snprintf(text, sizeof text, "[fit]\nmodel = material\nformula = pressure\ndata = %s\n", data);
    test_write_file(tmp("line.fit", path, sizeof path), text);
    static warn_log w;
    memset(&w, 0, sizeof w);
    cwb_log log = {keep_warnings, &w};
    cwb_result r;
    cwb_result_init(&r);
    cwb_fit_request req = {.path = path, .dir = tmp_dir, .plot = 0, .json = 0};
    int rc = cwb_fit(&req, &r, &log, msg, sizeof msg);
    ck_assert_msg(rc == CWB_OK, "%s", msg);
    ck_assert_msg(cwb_result_get(&r, "D_0") > 100 * base.sigma_y, "D = %g",
                  cwb_result_get(&r, "D_0"));
    ck_assert_msg(isnan(cwb_result_get(&r, "D_0_stderr")), "stderr %g",
                  cwb_result_get(&r, "D_0_stderr"));
    ck_assert_msg(strstr(w.text, "the curve does not change with D over the data") &&
                      strstr(w.text, "the model does not describe the data"),
                  "%s", w.text);
    cwb_result_free(&r);
}
END_TEST

Suite *fit_material_suite(void)
{
    Suite *s = suite_create("fit_material");
    TCase *tc = test_tcase("fit_material", 120);
    tcase_add_unchecked_fixture(tc, make_tmp_dir, remove_tmp_dir);
    tcase_add_test(tc, material_fits_recover_constants_from_noisy_tables);
    tcase_add_test(tc, material_trends_are_the_thesis_lines_on_exact_tables);
    tcase_add_test(tc, plastic_radius_and_turning_points);
    tcase_add_test(tc, where_and_x_range_select_rows);
    tcase_add_test(tc, scalar_fit_recovers_thornton_yield_stress);
    tcase_add_test(tc, calibration_to_one_target);
    tcase_add_test(tc, material_refusals);
    tcase_add_test(tc, pellet_route_recovers_its_inputs);
    tcase_add_test(tc, pellet_constant_is_eq63);
    tcase_add_test(tc, unreachable_pressure_is_not_determined);
    suite_add_tcase(s, tc);
    return s;
}
