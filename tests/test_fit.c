/* test_fit.c -- `cwb fit` (src/fit/) against answers that do not come from
 * it: parameters that generated synthetic data (with Gaussian noise from
 * GSL's generator), and the normal equations of a linear fit solved here by
 * Gaussian elimination (GSL's gsl_multifit_linear uses an SVD). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include <gsl/gsl_errno.h>

#include "cwb_csv.h"
#include "cwb_fit.h"
#include "cwb_fit_lsq.h"
#include "cwb_out.h"
#include "cwb_test.h"

/* Every file of these tests (fit-cases, data, outputs) goes into one
 * private folder, made before the tests and removed with its contents
 * after them (an unchecked fixture: it runs even when a test fails). */
static char tmp_dir[64];

static void make_tmp_dir(void)
{
    test_tmp_make(tmp_dir, sizeof tmp_dir, "fit");
}

static void remove_tmp_dir(void)
{
    test_tmp_remove(tmp_dir);
}

static const char *tmp(const char *name, char *buf, size_t n)
{
    return test_tmp_path(tmp_dir, name, buf, n);
}

/* Fit tmp_dir/NAME (a fit-case holding text) into tmp_dir, silently (NULL
 * log), without plots; fails the test on any error. */
static void fit_text(const char *name, const char *text, cwb_result *r)
{
    char path[256], msg[CWB_MSG];
    test_write_file(tmp(name, path, sizeof path), text);
    cwb_result_init(r);
    cwb_fit_request req = {.path = path, .dir = tmp_dir, .plot = 0, .json = 0};
    int rc = cwb_fit(&req, r, NULL, msg, sizeof msg);
    ck_assert_msg(rc == CWB_OK, "cwb fit %s: %s", path, msg);
}

/* A law parameter recovered from its own curve with noise: seed 000's
 * Appendix C force with eq. 33's constant term set to 0.30 (not the
 * default 0.22), noise 0.5 % of the peak force, 12 noise draws. The
 * reported standard error must cover the true value like a standard error:
 * all within 3 sigma, and about two thirds within 1 sigma (measured: 8 of
 * 12). Without noise the value comes back to 1e-9. */
START_TEST(run_fit_recovers_law_parameter)
{
    static const char *truth[] = {"tangential.w33_1=0.30"};
    cwb_result r;
    test_run("cases/seed000_fig12.case", truth, 1, &r);
    size_t m = r.series.nrow;
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    int within1 = 0;
    for (int draw = 0; draw <= 12; draw++) {
        gsl_rng_set(rng, (unsigned long)draw + 1);
        char data[256], text[1024];
        FILE *f = fopen(tmp("data.csv", data, sizeof data), "w");
        ck_assert(f != NULL);
        fprintf(f, "S_over_R[-],F[N/m]\n");
        for (size_t i = 1; i < m; i += 2) {
            double noise = draw ? gsl_ran_gaussian(rng, 0.005 * 2.15e7) : 0.0;
            fprintf(f, "%.17g,%.17g\n", test_col(&r, "S_over_R", i), test_col(&r, "F", i) + noise);
        }
        fclose(f);
        snprintf(text, sizeof text,
                 "[fit]\nmodel = run\ncase = $ROOT/cases/seed000_fig12.case\n"
                 "reference = %s\nx = S_over_R\ny = F\nfree = tangential.w33_1\nlower = 0\n"
                 "upper = 1\n",
                 data);
        cwb_result fr;
        fit_text("w33.fit", text, &fr);
        double est = cwb_result_get(&fr, "tangential.w33_1");
        double se = cwb_result_get(&fr, "tangential.w33_1_stderr");
        if (draw == 0) {
            ck_assert_rel(est, 0.30, 1e-9);
        } else {
            ck_assert_msg(fabs(est - 0.30) < 3 * se, "draw %d: %g +- %g", draw, est, se);
            within1 += fabs(est - 0.30) < se;
        }
        cwb_result_free(&fr);
    }
    ck_assert_msg(within1 >= 6 && within1 <= 11, "%d of 12 within 1 sigma", within1);
    gsl_rng_free(rng);
    cwb_result_free(&r);
}
END_TEST

/* Solve the n x n system A x = b by Gaussian elimination with partial
 * pivoting (A and b are overwritten). */
static void solve(double *A, double *b, int n)
{
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(A[i * n + k]) > fabs(A[p * n + k]))
                p = i;
        for (int j = 0; j < n; j++) {
            double t = A[k * n + j];
            A[k * n + j] = A[p * n + j];
            A[p * n + j] = t;
        }
        double t = b[k];
        b[k] = b[p];
        b[p] = t;
        for (int i = k + 1; i < n; i++) {
            double f = A[i * n + k] / A[k * n + k];
            for (int j = k; j < n; j++)
                A[i * n + j] -= f * A[k * n + j];
            b[i] -= f * b[k];
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        for (int j = i + 1; j < n; j++)
            b[i] -= A[i * n + j] * b[j];
        b[i] /= A[i * n + i];
    }
}

/* eq33 (linear): on a grid of (a/R, nu) with w from known coefficients plus
 * noise, the coefficients equal the normal-equation solution (X^T X) c =
 * X^T w solved here, their standard errors sqrt(s^2 [(X^T X)^-1]_jj) with
 * s^2 = chi^2/(n - 6), and the paper's formula on its own values has
 * R^2 = 1 and no deviation. */
START_TEST(eq33_fit_is_the_normal_equations)
{
    static const double c_true[6] = {0.25, 2.5, 0.2, -9.0, 1.5, 0.4};
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    double X[200][6], w[200];
    int m = 0;
    char data[256], text[512];
    FILE *f = fopen(tmp("eq33.csv", data, sizeof data), "w");
    ck_assert(f != NULL);
    fprintf(f, "a_over_R[-],nu[-],w[-]\n");
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++, m++) {
            double x = 0.01 + 0.02 * i, nu = 0.05 * j;
            double row[6] = {1, x, nu, x * x, x * nu, nu * nu};
            w[m] = gsl_ran_gaussian(rng, 0.01);
            for (int k = 0; k < 6; k++) {
                X[m][k] = row[k];
                w[m] += c_true[k] * row[k];
            }
            fprintf(f, "%.17g,%.17g,%.17g\n", x, nu, w[m]);
        }
    fclose(f);
    double A[36] = {0}, b[6] = {0};
    for (int i = 0; i < m; i++)
        for (int j = 0; j < 6; j++) {
            b[j] += X[i][j] * w[i];
            for (int k = 0; k < 6; k++)
                A[j * 6 + k] += X[i][j] * X[i][k];
        }
    double A0[36];
    memcpy(A0, A, sizeof A);
    solve(A, b, 6);
    double chisq = 0.0;
    for (int i = 0; i < m; i++) {
        double fit_i = 0.0;
        for (int k = 0; k < 6; k++)
            fit_i += X[i][k] * b[k];
        chisq += (w[i] - fit_i) * (w[i] - fit_i);
    }
    snprintf(text, sizeof text, "[fit]\nmodel = eq33\ndata = %s\n", data);
    cwb_result r;
    fit_text("eq33.fit", text, &r);
    for (int j = 0; j < 6; j++) {
        char name[24];
        snprintf(name, sizeof name, "c%d", j);
        ck_assert_rel(cwb_result_get(&r, name), b[j], 1e-9);
        /* column j of the inverse of X^T X */
        double Aj[36], e[6] = {0};
        memcpy(Aj, A0, sizeof Aj);
        e[j] = 1.0;
        solve(Aj, e, 6);
        snprintf(name, sizeof name, "c%d_stderr", j);
        ck_assert_rel(cwb_result_get(&r, name), sqrt(e[j] * chisq / (m - 6)), 1e-6);
    }
    cwb_result_free(&r);
    /* the paper's coefficients on data made from them: R^2 = 1, deviation 0 */
    f = fopen(tmp("eq33p.csv", data, sizeof data), "w");
    ck_assert(f != NULL);
    fprintf(f, "a_over_R[-],nu[-],w[-]\n");
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 5; j++) {
            double x = 0.02 + 0.02 * i, nu = 0.1 * j;
            fprintf(f, "%.17g,%.17g,%.17g\n", x, nu,
                    0.22 + 2.89 * x + 0.18 * nu - 10.31 * x * x + 1.75 * x * nu + 0.36 * nu * nu);
        }
    fclose(f);
    snprintf(text, sizeof text, "[fit]\nmodel = eq33\ndata = %s\n", data);
    fit_text("eq33p.fit", text, &r);
    ck_assert(cwb_result_get(&r, "paper_max_deviation") < 1e-12);
    ck_assert_rel(cwb_result_get(&r, "c3"), -10.31, 1e-9);
    cwb_result_free(&r);
    gsl_rng_free(rng);
}
END_TEST

/* eq33 with [fit] x_range = lo, hi: only the points with lo <= a/R <= hi
 * enter (how the refit is repeated on part of the FEM grid): on the grid
 * above cut at a/R <= 0.1 (5 of 10 a/R values), the coefficients equal the
 * normal-equation solution over those 50 rows, solved here. */
START_TEST(eq33_x_range_keeps_the_rows_inside)
{
    static const double c_true[6] = {0.25, 2.5, 0.2, -9.0, 1.5, 0.4};
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    char data[256], text[512];
    FILE *f = fopen(tmp("eq33r.csv", data, sizeof data), "w");
    ck_assert(f != NULL);
    fprintf(f, "a_over_R[-],nu[-],w[-]\n");
    double A[36] = {0}, b[6] = {0};
    int kept = 0;
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++) {
            double x = 0.01 + 0.02 * i, nu = 0.05 * j;
            double row[6] = {1, x, nu, x * x, x * nu, nu * nu};
            double w = gsl_ran_gaussian(rng, 0.01);
            for (int k = 0; k < 6; k++)
                w += c_true[k] * row[k];
            fprintf(f, "%.17g,%.17g,%.17g\n", x, nu, w);
            if (x > 0.1)
                continue;
            kept++;
            for (int k = 0; k < 6; k++) {
                b[k] += row[k] * w;
                for (int l = 0; l < 6; l++)
                    A[k * 6 + l] += row[k] * row[l];
            }
        }
    fclose(f);
    ck_assert_int_eq(kept, 50);
    solve(A, b, 6);
    snprintf(text, sizeof text, "[fit]\nmodel = eq33\ndata = %s\nx_range = 0, 0.1\n", data);
    cwb_result r;
    fit_text("eq33r.fit", text, &r);
    for (int j = 0; j < 6; j++) {
        char name[16];
        snprintf(name, sizeof name, "c%d", j);
        ck_assert_rel(cwb_result_get(&r, name), b[j], 1e-9);
    }
    cwb_result_free(&r);
    gsl_rng_free(rng);
}
END_TEST

/* Seed 000 eq. 33 on cwb's FEM grid (reference/fem/seed000_fig8.csv, the
 * diameter clamped): over the whole grid, a/R 0.01-0.25, the paper's
 * formula has R^2 0.864, far below the paper's stated "about 0.97"; on the
 * part a/R <= 0.125 (cases/seed000_fig8_eq33_range.fit) it reaches that
 * stated value (measured 0.973), and the refit's a/R and (a/R)^2 terms come
 * within 12 % of the paper's 2.89 and -10.31 (measured 2.69, -11.40): the
 * grid's range, not the model, is what kept eq. 33 from being recovered
 * (doc/findings.md). Bounds: the paper's 0.97; 0.9 separates the two. */
START_TEST(eq33_recovered_on_the_papers_range)
{
    cwb_result r;
    fit_text("eq33all.fit", "[fit]\nmodel = eq33\ndata = $ROOT/reference/fem/seed000_fig8.csv\n",
             &r);
    ck_assert_double_lt(cwb_result_get(&r, "r_squared_paper"), 0.9);
    cwb_result_free(&r);
    fit_text("eq33part.fit",
             "[fit]\nmodel = eq33\ndata = $ROOT/reference/fem/seed000_fig8.csv\n"
             "x_range = 0, 0.125\n",
             &r);
    ck_assert_double_ge(cwb_result_get(&r, "r_squared_paper"), 0.97);
    ck_assert_rel(cwb_result_get(&r, "c1"), 2.89, 0.12);
    ck_assert_rel(cwb_result_get(&r, "c3"), -10.31, 0.12);
    cwb_result_free(&r);
}
END_TEST

/* line: the equivalent normal stiffness of Fig. 15 from the run, the same
 * as the history driver's gsl_fit_mul result and sum(x y)/sum(x^2) here. */
START_TEST(line_fit_equivalent_stiffness)
{
    cwb_result run;
    test_run("cases/seed000_fig15a.case", NULL, 0, &run);
    double sxy = 0.0, sxx = 0.0;
    for (size_t i = 0; i < run.series.nrow; i++) {
        double x = test_col(&run, "delta_n", i), y = test_col(&run, "F_n", i);
        sxy += x * y;
        sxx += x * x;
    }
    cwb_result r;
    fit_text("line.fit",
             "[fit]\nmodel = line\ncase = $ROOT/cases/seed000_fig15a.case\n"
             "x = delta_n\ny = F_n\n",
             &r);
    ck_assert_rel(cwb_result_get(&r, "k"), sxy / sxx, 1e-12);
    ck_assert_rel(cwb_result_get(&r, "k"), cwb_result_get(&run, "k_n_equivalent"), 1e-12);
    cwb_result_free(&r);
    cwb_result_free(&run);
}
END_TEST

/* What a fit plot shows: each estimate rounded as the GUM asks (the
 * standard error to two significant digits, the value to the same place;
 * the numbers below worked by hand), an SI prefix where the unit takes
 * one, and the axes with their units and a legend naming the data. */
START_TEST(fit_plot_shows_estimates_and_units)
{
    static const struct {
        double v, se;
        const char *unit, *shown;
    } cases[] = {
        {343768641.1, 3.86e6, "Pa", "343.8 \xc2\xb1 3.9 MPa"},
        {2838574505.0, 4.94e7, "(N/m)/m", "(2.839 \xc2\xb1 0.049) \xc3\x97 10^9 (N/m)/m"},
        {-4.80072, 0.18, "-", "-4.80 \xc2\xb1 0.18"},
        {1.020265939e-05, 3.42e-06, "m/N", "(10.2 \xc2\xb1 3.4) \xc3\x97 10^-6 m/N"},
        {0.002438, 2.34, "1/N", "0.0 \xc2\xb1 2.3 1/N"},
        {96439071.3, NAN, "Pa", "96.44 MPa"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char out[128];
        ck_assert_int_eq(
            cwb_gp_format_estimate(out, sizeof out, cases[i].v, cases[i].se, cases[i].unit), 0);
        ck_assert_str_eq(out, cases[i].shown);
    }
    char path[256], msg[CWB_MSG];
    test_write_file(
        tmp("kn.fit", path, sizeof path),
        "[fit]\nmodel = line\ndata = $ROOT/reference/fem/seed000_cylinders_case2_forces.csv\n"
        "x = delta_n\ny = F_n\n");
    cwb_result r;
    cwb_result_init(&r);
    cwb_fit_request req = {.path = path, .dir = tmp_dir, .plot = 1, .json = 0};
    ck_assert_msg(cwb_fit(&req, &r, NULL, msg, sizeof msg) == CWB_OK, "%s", msg);
    cwb_result_free(&r);
    FILE *f = fopen(tmp("kn_fit.gp", path, sizeof path), "r");
    ck_assert_ptr_nonnull(f);
    char script[16384];
    size_t len = fread(script, 1, sizeof script - 1, f);
    script[len] = '\0';
    fclose(f);
    ck_assert_ptr_nonnull(strstr(script, "cwb_yname = 'F_n'\ncwb_yunit = 'N/m'"));
    ck_assert_ptr_nonnull(strstr(script, "cwb_xunit = 'm'"));
    ck_assert_ptr_nonnull(strstr(script, "title 'FEM'"));
    ck_assert_ptr_nonnull(strstr(script, "\xc2\xb1"));
}
END_TEST

/* Bad fit-cases: file and line, key and reason; exit status 2. */
START_TEST(fit_refusals)
{
    static const struct {
        const char *text, *what;
    } bad[] = {
        {"[fit]\nmodel = cubic\n", "bad.fit:2: [fit] model = 'cubic' is not one of the "
                                   "allowed words: run|eq33|line"},
        {"[fit]\nmodel = eq33\nfoo = 1\n", ":3: [fit] unknown key 'foo'"},
        {"[other]\nmodel = eq33\n", "unknown section [other]"},
        {"[fit]\nmodel = eq33\n", "needs the key 'data'"},
        {"[fit]\nmodel = run\ncase = $ROOT/cases/seed000_fig12.case\nreference = "
         "$ROOT/reference/analytic/seed000_fig12.csv\nx = S_over_R\ny = F\nfree = "
         "tangential.w33_1\n"
         "lower = 0, 1\nupper = 1\n",
         "lower needs 1 values"},
        {"[fit]\nmodel = run\ncase = $ROOT/cases/seed000_fig12.case\nreference = "
         "$ROOT/reference/analytic/seed000_fig12.csv\nx = S_over_R\ny = F\nfree = "
         "tangential.w33_1\n"
         "lower = 0.5\nupper = 1\n",
         "is not inside"},
        {"[fit]\nmodel = run\ncase = $ROOT/cases/seed000_fig12.case\nreference = "
         "$ROOT/reference/analytic/seed000_fig12.csv\nx = S_over_R\ny = F\nfree = "
         "tangential.nothing\n"
         "lower = 0\nupper = 1\n",
         "not a law or driver key"},
        /* a free key twice, and bounds outside the key's allowed range
         * (damping.e: (0, 1]); both ran before */
        {"[fit]\nmodel = scalar\ncase = $ROOT/examples/damping_for_restitution.case\n"
         "reference = $ROOT/examples/restitution_target.csv\nx = impact_velocity\n"
         "y = restitution_normal\nvary = driver.v_normal\nresult = restitution_normal\n"
         "free = damping.e, damping.e\nstart = 0.8, 0.7\nlower = 0.05, 0.05\nupper = 1, 1\n",
         "bad.fit:9: [fit] free: key 'damping.e' is given twice"},
        {"[fit]\nmodel = scalar\ncase = $ROOT/examples/damping_for_restitution.case\n"
         "reference = $ROOT/examples/restitution_target.csv\nx = impact_velocity\n"
         "y = restitution_normal\nvary = driver.v_normal\nresult = restitution_normal\n"
         "free = damping.e\nstart = 0.8\nlower = -1\nupper = 1\n",
         "bad.fit:11: [fit] damping.e: bounds (-1, 1) leave its allowed range [0, 1]"},
        {"[fit]\nmodel = line\ncase = $ROOT/cases/seed000_fig15a.case\nx = delta_n\ny = G\n",
         "no column 'G'"},
        {"[fit]\nmodel = line\nx = delta_n\ny = F_n\n", "needs the key 'data'"},
        {"[fit]\nmodel = eq33\ndata = $ROOT/reference/fem/seed000_fig8.csv\n"
         "show = $ROOT/reference/fem/seed000_fig7a.csv\n",
         "needs the key 'x'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char path[256], msg[CWB_MSG];
        test_write_file(tmp("bad.fit", path, sizeof path), bad[i].text);
        cwb_fit_request req = {.path = path, .dir = tmp_dir, .plot = 0, .json = 0};
        int rc = cwb_fit(&req, NULL, NULL, msg, sizeof msg);
        ck_assert_msg(rc == CWB_EINPUT && strstr(msg, bad[i].what),
                      "row %zu: status %d, message '%s', expected '%s'", i, rc, msg, bad[i].what);
    }
}
END_TEST

/* A log that keeps what it is given, one text per level. */
typedef struct {
    char text[CWB_LOG_NOTE + 1][8192]; /* every level, CWB_LOG_NOTE the last */
} captured_log;

static void capture(void *user, cwb_log_level level, const char *text)
{
    captured_log *c = user;
    size_t used = strlen(c->text[level]);
    snprintf(c->text[level] + used, sizeof c->text[level] - used, "%s", text);
}

/* line through data whose y are all zero: k = 0 exactly and R^2 = 1 -
 * SS_res/SS_tot undefined (SS_tot = 0). The JSON summary is one object
 * alone on the result channel, with null where the value is undefined
 * (JSON has no NaN), listed in "undefined"; a key the model does not read
 * is a warning, on the log and in the JSON. */
START_TEST(json_writes_null_for_undefined_values)
{
    char data[256], path[256], text[512], msg[CWB_MSG];
    test_write_file(tmp("zero.csv", data, sizeof data), "x[-],y[-]\n1,0\n2,0\n3,0\n");
    snprintf(text, sizeof text, "[fit]\nmodel = line\ndata = %s\nx = x\ny = y\nfree = a.b\n", data);
    test_write_file(tmp("zero.fit", path, sizeof path), text);
    static captured_log c;
    memset(&c, 0, sizeof c);
    cwb_log log = {capture, &c};
    cwb_result r;
    cwb_result_init(&r);
    cwb_fit_request req = {.path = path, .dir = tmp_dir, .plot = 0, .json = 1};
    int rc = cwb_fit(&req, &r, &log, msg, sizeof msg);
    ck_assert_msg(rc == CWB_OK, "%s", msg);
    const char *json = c.text[CWB_LOG_RESULT];
    ck_assert_msg(json[0] == '{' && strcmp(json + strlen(json) - 2, "}\n") == 0, "%s", json);
    ck_assert_msg(strstr(json, "\"k\": {\"value\": 0, \"stderr\": 0,") &&
                      strstr(json, "\"r_squared\": null, \"warnings\"") &&
                      strstr(json, "\"undefined\": [\"r_squared\"]}\n"),
                  "%s", json);
    ck_assert_msg(strstr(json, "\"warnings\": [\"") && strstr(json, "model line does not use it"),
                  "the warning is not in the JSON: %s", json);
    ck_assert_msg(!strstr(json, "nan") && !strstr(json, "inf"), "%s", json);
    ck_assert(isnan(cwb_result_get(&r, "r_squared")));
    ck_assert_msg(strstr(c.text[CWB_LOG_WARN], "[fit] free: model line does not use it"), "%s",
                  c.text[CWB_LOG_WARN]);
    cwb_result_free(&r);
}
END_TEST

/* ------------------------------------------- what a fit cannot determine */

/* Thornton's (1997) loading curve in closed form (Thornton, C. (1997),
 * "Coefficient of restitution for collinear collisions of elastic-
 * perfectly plastic spheres", J. Appl. Mech. 64:383-386): Hertz, F = (4/3)
 * E* sqrt(R) d^1.5, up to delta_y = R (pi p_y / 2E*)^2, then F_y + pi p_y R
 * (d - delta_y); a sphere (R 0.01 m, E 70 GPa, nu 0.3) on a rigid wall,
 * E* = E/(1 - nu^2). */
#define TH_R  0.01
#define TH_E  70e9
#define TH_NU 0.3
static double thornton_force(double d, double py)
{
    double es = TH_E / (1 - TH_NU * TH_NU), kn = 4.0 / 3.0 * es * sqrt(TH_R);
    double dy = TH_R * pow(M_PI * py / (2 * es), 2);
    return d <= dy ? kn * pow(d, 1.5) : kn * pow(dy, 1.5) + M_PI * py * TH_R * (d - dy);
}

/* tmp_dir/thornton.case (py_from = given, history to 3 um) and
 * tmp_dir/thornton.csv (61 points of the closed form at p_y = 2.3e8 Pa);
 * the fit-case text for free normal.py started at start into text. */
static void thornton_files(const char *free_key, const char *start, const char *lower,
                           const char *upper, char *text, size_t n)
{
    char path[256];
    test_write_file(tmp("thornton.case", path, sizeof path),
                    "[contact]\nnormal = thornton\n[normal]\npy_from = given\npy = 1e8\n"
                    "[body1]\nshape = sphere\nradius = 0.01\nE = 70e9\nnu = 0.3\n"
                    "density = 2700\n[body2]\nshape = wall\n[driver]\ntype = history\n"
                    "normal = 3e-6\nsteps = 120\n");
    FILE *f = fopen(tmp("thornton.csv", path, sizeof path), "w");
    ck_assert(f != NULL);
    fprintf(f, "# Thornton (1997) loading in closed form, p_y = 2.3e8 Pa (tests/test_fit.c)\n"
               "# tolerance: 1e-9\ndelta[m],force[N]\n");
    for (int i = 0; i <= 60; i++)
        fprintf(f, "%.17g,%.17g\n", 5e-8 * i, thornton_force(5e-8 * i, 2.3e8));
    fclose(f);
    snprintf(text, n,
             "[fit]\nmodel = run\ncase = thornton.case\nreference = thornton.csv\nx = delta_n\n"
             "y = F_n\nref_x = delta\nref_y = force\nfree = %s\nstart = %s\nlower = %s\n"
             "upper = %s\n",
             free_key, start, lower, upper);
}

/* Fit text as tmp_dir/thornton.fit with the warnings (and the summary) kept. */
static int fit_logged(const char *text, cwb_result *r, captured_log *c, char *msg, size_t n)
{
    char path[256];
    test_write_file(tmp("thornton.fit", path, sizeof path), text);
    memset(c, 0, sizeof *c);
    cwb_log log = {capture, c};
    cwb_result_init(r);
    cwb_fit_request req = {.path = path, .dir = tmp_dir, .plot = 0, .json = 0};
    return cwb_fit(&req, r, &log, msg, n);
}

/* The header row of the CSV at path, into buf (fails the test when there is none). */
static void csv_header(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "%s was not written", path);
    buf[0] = '\0';
    while (fgets(buf, (int)n, f) && buf[0] == '#')
        ;
    fclose(f);
    buf[strcspn(buf, "\r\n")] = '\0';
    ck_assert_msg(buf[0] && buf[0] != '#', "%s: no header row", path);
}

/* 1 when text has a line that starts with start and ends with end. */
static int line_ends(const char *text, const char *start, const char *end)
{
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        size_t len = strcspn(p, "\n");
        if (strncmp(p, start, strlen(start)) == 0 && len >= strlen(end) &&
            strncmp(p + len - strlen(end), end, strlen(end)) == 0)
            return 1;
    }
    return 0;
}

/* Every cell of the header row of tmp_dir/NAME is "name[unit]" (cwb_csv.h):
 * what a reader of the table needs to know what its numbers are. */
static void assert_units_in_header(const char *name, char *header, size_t n)
{
    char path[256], cells[1024];
    csv_header(tmp(name, path, sizeof path), header, n);
    snprintf(cells, sizeof cells, "%s", header);
    for (char *save = NULL, *cell = strtok_r(cells, ",", &save); cell;
         cell = strtok_r(NULL, ",", &save)) {
        char col[256], unit[64];
        ck_assert_msg(cwb_csv_cell(cell, col, sizeof col, unit, sizeof unit) == 1 && unit[0],
                      "%s: column '%s' has no [unit] (header %s)", name, cell, header);
    }
}

/* A fit's tables state every column's unit, and its summary the unit of
 * each fitted value and of the residual rms: a fit-case of each model, the
 * units those of the case's keys (normal.sigma_y in Pa: the thornton law's
 * parameter table), of the run's columns (delta_n [m], F_n [N]) and of the
 * data's header (reference/fem/seed000_fig7a.csv: R[m]). The fit printed
 * "normal.sigma_y 118005194.8 +- 6.37e+05" and "residual rms 5.60778", and
 * 24 of the 40 shipped fit tables had no unit in their header
 * ("delta_n,F_n_data,F_n_fit,residual"). */
START_TEST(fit_tables_and_summaries_state_units)
{
    static const struct {
        const char *fit;              /* a fit-case of the repository */
        const char *const csv[3];     /* the tables it writes */
        const char *header;           /* the first table's header */
        const char *const line[2][2]; /* summary lines: how they start, how they end */
    } cases[] = {
        {.fit = "examples/yield_stress_fit.fit",
         .csv = {"yield_stress_fit_fit.csv"},
         .header = "delta_n[m],F_n_data[N],F_n_fit[N],residual[N]",
         .line = {{"  normal.sigma_y ", " Pa"}, {"  residual rms ", " N"}}},
        {.fit = "examples/damping_for_restitution.fit",
         .csv = {"damping_for_restitution_fit.csv"},
         .header = "impact_velocity[m/s],restitution_normal_data[-],restitution_normal_fit[-],"
                   "residual[-]",
         .line = {{"  damping.e ", "+- undefined -"}, {"  residual rms ", " -"}}},
        {.fit = "cases/seed000_fig15_kn.fit",
         .csv = {"seed000_fig15_kn_fit.csv"},
         .header = "delta_n[m],F_n_data[N/m],F_n_fit[N/m],residual[N/m]",
         .line = {{"  k ", " (N/m)/m"}}},
        {.fit = "cases/seed000_fig7a.fit",
         .csv = {"seed000_fig7a.csv"},
         .header = "R[m],a_over_R[-],nu[-],w_fem[-],w_fit[-],w_paper[-]"},
        {.fit = "cases/seed000_fig8_eq33.fit", .csv = {"seed000_fig8_eq33_fit.csv"}},
        {.fit = "cases/seed004_fig24_c_trend.fit",
         .csv = {"seed004_fig24_c_trend_fit.csv", "seed004_fig24_c_trend_trend.csv"},
         .header = "delta/delta_y[-],reduced_radius_data[m],reduced_radius_fit[m],group[-],"
                   "residual[m]"},
        {.fit = "cases/seed004_fig42_friction.fit", .csv = {"seed004_fig42_friction_fit.csv"}},
        {.fit = "cases/seed004_fig45_stiffness.fit",
         .csv = {"seed004_fig45_stiffness_fit.csv", "seed004_fig45_stiffness_trend.csv"}},
    };
    static captured_log c;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char path[512], msg[CWB_MSG], header[1024];
        snprintf(path, sizeof path, "%s/%s", test_root(), cases[i].fit);
        memset(&c, 0, sizeof c);
        cwb_log log = {capture, &c};
        cwb_fit_request req = {.path = path, .dir = tmp_dir, .plot = 0, .json = 0};
        ck_assert_msg(cwb_fit(&req, NULL, &log, msg, sizeof msg) == CWB_OK, "%s: %s", path, msg);
        for (size_t k = 0; k < 3 && cases[i].csv[k]; k++) {
            assert_units_in_header(cases[i].csv[k], header, sizeof header);
            if (k == 0 && cases[i].header)
                ck_assert_str_eq(header, cases[i].header);
        }
        for (size_t k = 0; k < 2 && cases[i].line[k][0]; k++)
            ck_assert_msg(
                line_ends(c.text[CWB_LOG_RESULT], cases[i].line[k][0], cases[i].line[k][1]),
                "%s: no line '%s...%s' in\n%s", cases[i].fit, cases[i].line[k][0],
                cases[i].line[k][1], c.text[CWB_LOG_RESULT]);
    }
}
END_TEST

/* Started at p_y = 4.9e9 Pa, delta_y = 1.0e-4 m is far past the 3 um of
 * the reference: the whole run is Hertz and does not change with p_y. Its
 * standard error is undefined (GSL's covariance says 0: "exactly known"),
 * said with the key; R^2 < 0 says the model does not describe the data.
 * Started at the answer, 2.3e8 Pa, the fit converges at once and says
 * nothing is wrong (GSL's driver returned "exceeded max number of
 * iterations" after 1 iteration); from 1e8 it finds 2.3e8. */
START_TEST(run_fit_says_what_it_cannot_determine)
{
    char text[1024], msg[CWB_MSG];
    static captured_log c;
    cwb_result r;
    thornton_files("normal.py", "4.9e9", "1e6", "5e9", text, sizeof text);
    ck_assert_msg(fit_logged(text, &r, &c, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_double_eq(cwb_result_get(&r, "normal.py"), 4.9e9);
    ck_assert_msg(isnan(cwb_result_get(&r, "normal.py_stderr")), "stderr %g",
                  cwb_result_get(&r, "normal.py_stderr"));
    ck_assert_msg(strstr(c.text[CWB_LOG_WARN], "the curve does not change with normal.py over the "
                                               "data: it is not determined") &&
                      strstr(c.text[CWB_LOG_WARN], "the model does not describe the data"),
                  "%s", c.text[CWB_LOG_WARN]);
    ck_assert_msg(strstr(c.text[CWB_LOG_RESULT], "+- undefined"), "%s", c.text[CWB_LOG_RESULT]);
    cwb_result_free(&r);
    /* in JSON: null, listed in the parameter's and the fit's "undefined"
     * (doc/outputs.md, tests/json_contract.py) */
    char path[256];
    memset(&c, 0, sizeof c);
    cwb_log log = {capture, &c};
    cwb_fit_request req = {
        .path = tmp("thornton.fit", path, sizeof path), .dir = tmp_dir, .json = 1};
    ck_assert_msg(cwb_fit(&req, NULL, &log, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_msg(strstr(c.text[CWB_LOG_RESULT], "\"stderr\": null, \"unit\": \"Pa\", "
                                                 "\"undefined\": [\"stderr\"]") &&
                      strstr(c.text[CWB_LOG_RESULT], "\"covariance\": [[null]]"),
                  "%s", c.text[CWB_LOG_RESULT]);
}
END_TEST

START_TEST(run_fit_started_at_the_answer_converges)
{
    char text[1024], msg[CWB_MSG];
    static captured_log c;
    cwb_result r;
    static const char *const starts[] = {"2.3e8", "1e8"};
    for (size_t k = 0; k < 2; k++) {
        thornton_files("normal.py", starts[k], "1e6", "5e9", text, sizeof text);
        ck_assert_msg(fit_logged(text, &r, &c, msg, sizeof msg) == CWB_OK, "%s", msg);
        double py = cwb_result_get(&r, "normal.py"), se = cwb_result_get(&r, "normal.py_stderr");
        ck_assert_rel(py, 2.3e8, 1e-9);
        ck_assert_msg(isfinite(se) && se < 1e-6 * 2.3e8, "start %s: stderr %g", starts[k], se);
        ck_assert_msg(c.text[CWB_LOG_WARN][0] == '\0', "start %s: %s", starts[k],
                      c.text[CWB_LOG_WARN]);
        ck_assert_msg(k == 1 || strstr(c.text[CWB_LOG_RESULT], "converged at the start"), "%s",
                      c.text[CWB_LOG_RESULT]);
        cwb_result_free(&r);
    }
}
END_TEST

/* Bounds that exclude the answer (upper 1e8 Pa below p_y = 2.3e8 Pa): the
 * fit runs p_y onto the bound, where tanh saturates and the fit cannot
 * move it. Its standard error is undefined (GSL's covariance said 0) and
 * the warning names the bound, not "the curve does not change". */
START_TEST(run_fit_at_a_bound_says_so)
{
    char text[1024], msg[CWB_MSG];
    static captured_log c;
    cwb_result r;
    thornton_files("normal.py", "5e7", "1e6", "1e8", text, sizeof text);
    ck_assert_msg(fit_logged(text, &r, &c, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_rel(cwb_result_get(&r, "normal.py"), 1e8, 1e-9);
    ck_assert(isnan(cwb_result_get(&r, "normal.py_stderr")));
    ck_assert_msg(strstr(c.text[CWB_LOG_WARN], "normal.py ran to its bound 1e+08") &&
                      !strstr(c.text[CWB_LOG_WARN], "does not change"),
                  "%s", c.text[CWB_LOG_WARN]);
    cwb_result_free(&r);
}
END_TEST

/* A whole-number key or a word cannot be moved by a least-squares step:
 * refused at the fit-case's `free` line (line 9), naming the key. */
START_TEST(run_fit_refuses_keys_that_are_not_real)
{
    static const char *const refused[][3] = {
        {"driver.steps", "100", "driver.steps takes whole numbers"},
        {"normal.py_from", "1e8", "normal.py_from takes one of a list of words"},
    };
    for (size_t k = 0; k < 2; k++) {
        char text[1024], msg[CWB_MSG], want[160];
        static captured_log c;
        cwb_result r;
        thornton_files(refused[k][0], refused[k][1], "10", "1e9", text, sizeof text);
        int rc = fit_logged(text, &r, &c, msg, sizeof msg);
        snprintf(want, sizeof want, "thornton.fit:9: [fit] free: free keys must be real-valued: %s",
                 refused[k][2]);
        ck_assert_msg(rc == CWB_EINPUT && strstr(msg, want), "status %d: %s", rc, msg);
        cwb_result_free(&r);
    }
}
END_TEST

/* tmp_dir/name with its first `find` replaced by `replace`. */
static void rewrite(const char *name, const char *find, const char *replace)
{
    char path[256], with[8192];
    char *text = test_slurp(tmp(name, path, sizeof path)), *at = strstr(text, find);
    ck_assert_msg(at != NULL, "%s: no '%s'", name, find);
    snprintf(with, sizeof with, "%.*s%s%s", (int)(at - text), text, replace, at + strlen(find));
    free(text);
    test_write_file(path, with);
}

/* A fit checks what its reference stands for, as `cwb run` does: the
 * closed-form curve made for E = 70 GPa fitted with a case at 80 GPa gave
 * p_y 0.9 % off (13 of its standard errors) and PASS. The free key (py,
 * which the reference's p_y = 2.3e8 would otherwise contradict) is not
 * checked. */
START_TEST(run_fit_refuses_a_reference_made_for_other_inputs)
{
    char text[1024], msg[CWB_MSG];
    static captured_log c;
    cwb_result r;
    thornton_files("normal.py", "1e8", "1e6", "5e9", text, sizeof text);
    rewrite("thornton.csv", "# tolerance:",
            "# stands for: body1.radius = 0.01; body1.E = 7e+10; body1.nu = 0.3; normal.py = "
            "2.3e8\n# tolerance:");
    ck_assert_int_eq(fit_logged(text, &r, &c, msg, sizeof msg), CWB_OK);
    ck_assert_rel(cwb_result_get(&r, "normal.py"), 2.3e8, 1e-6);
    cwb_result_free(&r);
    rewrite("thornton.case", "E = 70e9", "E = 80e9");
    int rc = fit_logged(text, &r, &c, msg, sizeof msg);
    ck_assert_msg(
        rc == CWB_EINPUT && strstr(msg, "thornton.fit:4: [fit] reference") &&
            strstr(msg, "made for other inputs: body1.E = 80000000000, the reference's 7e+10"),
        "status %d: %s", rc, msg);
    cwb_result_free(&r);
}
END_TEST

/* A reference column in another unit is refused, not fitted as it stands:
 * the closed-form curve with its overlap labelled [mm] (the numbers in m)
 * would have been fitted as if mm were m, as `cwb run` no longer compares. */
START_TEST(run_fit_refuses_a_reference_in_other_units)
{
    char text[1024], msg[CWB_MSG];
    static captured_log c;
    cwb_result r;
    thornton_files("normal.py", "1e8", "1e6", "5e9", text, sizeof text);
    rewrite("thornton.csv", "delta[m]", "delta[mm]");
    int rc = fit_logged(text, &r, &c, msg, sizeof msg);
    ck_assert_msg(rc == CWB_EINPUT && strstr(msg, "the reference's x column is in [mm], the run's "
                                                  "delta_n in [m]"),
                  "status %d: %s", rc, msg);
    cwb_result_free(&r);
}
END_TEST

/* The scalar model checks its reference's units as the run model does:
 * the varied key driver.v_normal is in m/s and the result
 * restitution_normal has none, so a target labelled [km/s] or [%] is
 * refused (it was fitted as it stood: 1 km/s read as 1 m/s). Labelled as
 * the case and the result are, the same target fits. */
START_TEST(scalar_fit_refuses_a_reference_in_other_units)
{
    static const char *const header[][2] = {
        {"impact_velocity[m/s],restitution_normal[-]", NULL},
        {"impact_velocity[km/s],restitution_normal[-]",
         "the reference's x column is in [km/s], the run's driver.v_normal in [m/s]"},
        {"impact_velocity[m/s],restitution_normal[%]",
         "the reference's y column is in [%], the run's restitution_normal in [-]"},
    };
    for (size_t k = 0; k < 3; k++) {
        char path[256], text[1024], msg[CWB_MSG], data[256];
        static captured_log c;
        cwb_result r;
        snprintf(data, sizeof data, "# target (tests/test_fit.c)\n%s\n1,0.8\n", header[k][0]);
        test_write_file(tmp("target.csv", path, sizeof path), data);
        snprintf(text, sizeof text,
                 "[fit]\nmodel = scalar\ncase = $ROOT/examples/damping_for_restitution.case\n"
                 "reference = %s\nx = impact_velocity\ny = restitution_normal\n"
                 "vary = driver.v_normal\nresult = restitution_normal\nfree = damping.e\n"
                 "start = 0.7\nlower = 0.05\nupper = 1\n",
                 path);
        int rc = fit_logged(text, &r, &c, msg, sizeof msg);
        if (!header[k][1])
            ck_assert_msg(rc == CWB_OK, "status %d: %s", rc, msg);
        else
            ck_assert_msg(rc == CWB_EINPUT && strstr(msg, "target.csv: ") &&
                              strstr(msg, header[k][1]),
                          "row %zu: status %d: %s", k, rc, msg);
        cwb_result_free(&r);
    }
}
END_TEST

/* cwb_fit_jacobian_study against (J^T J)^-1 by hand: J = [x, 0] with x =
 * (1, 2, 3) gives 1/14 for the first and nothing for the zero column;
 * [x, 2x] determines neither alone; [[1,0],[0,1],[1,1]] gives (1/3)
 * [[2,-1],[-1,2]]. The Gauss-Newton step for f = (1, 1, 1) along x is
 * -6/14. */
START_TEST(jacobian_study_by_hand)
{
    static const double flat[] = {1, 0, 2, 0, 3, 0}, twin[] = {1, 2, 2, 4, 3, 6},
                        full[] = {1, 0, 0, 1, 1, 1};
    double ones[] = {1, 1, 1};
    gsl_vector_view f = gsl_vector_view_array(ones, 3);
    cwb_fit_jacobian a;
    gsl_matrix_const_view J = gsl_matrix_const_view_array(flat, 3, 2);
    cwb_fit_jacobian_study(&J.matrix, &f.vector, &a);
    ck_assert_int_eq(a.state[0], CWB_FIT_DETERMINED);
    ck_assert_int_eq(a.state[1], CWB_FIT_FLAT);
    ck_assert_uint_eq(a.undetermined, 1);
    ck_assert_rel(a.cov[0], 1.0 / 14, 1e-14);
    ck_assert(isnan(a.cov[1]) && isnan(a.cov[2]) && isnan(a.cov[3]));
    ck_assert_rel(a.step[0], -6.0 / 14, 1e-14);
    gsl_matrix_const_view J2 = gsl_matrix_const_view_array(twin, 3, 2);
    cwb_fit_jacobian_study(&J2.matrix, &f.vector, &a);
    ck_assert(a.state[0] == CWB_FIT_TANGLED && a.state[1] == CWB_FIT_TANGLED);
    for (int k = 0; k < 4; k++)
        ck_assert(isnan(a.cov[k]));
    gsl_matrix_const_view J3 = gsl_matrix_const_view_array(full, 3, 2);
    cwb_fit_jacobian_study(&J3.matrix, &f.vector, &a);
    ck_assert_uint_eq(a.undetermined, 0);
    static const double inv[] = {2.0 / 3, -1.0 / 3, -1.0 / 3, 2.0 / 3};
    for (int k = 0; k < 4; k++)
        ck_assert_rel(a.cov[k], inv[k], 1e-14);
}
END_TEST

/* Why GSL's driver stopped: the iteration limit, a start the curve does
 * not move from, a start that is the minimum (no warning), other statuses. */
START_TEST(stop_reasons_are_told_apart)
{
    static const double flat[] = {0, 0, 0}, line[] = {1, 2, 3};
    double zero[] = {0, 0, 0}, big[] = {1, 1, 1}, at[] = {0.5};
    gsl_vector_view f0 = gsl_vector_view_array(zero, 3), f1 = gsl_vector_view_array(big, 3);
    gsl_vector_view x = gsl_vector_view_array(at, 1);
    cwb_fit_jacobian a;
    char why[256];
    int at_start = -1;
    gsl_matrix_const_view J = gsl_matrix_const_view_array(line, 3, 1);
    cwb_fit_jacobian_study(&J.matrix, &f1.vector, &a);
    ck_assert_int_eq(
        cwb_fit_stop_reason(GSL_EMAXITER, 0, 200, 200, &a, &x.vector, &at_start, why, sizeof why),
        1);
    ck_assert_msg(strstr(why, "iteration limit (200 iterations)") && at_start == 0, "%s", why);
    ck_assert_int_eq(cwb_fit_stop_reason(GSL_EMAXITER, GSL_ENOPROG, 1, 200, &a, &x.vector,
                                         &at_start, why, sizeof why),
                     1);
    ck_assert_msg(strstr(why, "no step tried lowered the residual"), "%s", why);
    cwb_fit_jacobian_study(&J.matrix, &f0.vector, &a); /* at the minimum: step 0 */
    ck_assert_int_eq(cwb_fit_stop_reason(GSL_EMAXITER, GSL_ENOPROG, 1, 200, &a, &x.vector,
                                         &at_start, why, sizeof why),
                     0);
    ck_assert_int_eq(at_start, 1);
    gsl_matrix_const_view J0 = gsl_matrix_const_view_array(flat, 3, 1);
    cwb_fit_jacobian_study(&J0.matrix, &f1.vector, &a);
    ck_assert_int_eq(cwb_fit_stop_reason(GSL_EMAXITER, GSL_ENOPROG, 1, 200, &a, &x.vector,
                                         &at_start, why, sizeof why),
                     1);
    ck_assert_msg(strstr(why, "the curve does not change with any free parameter"), "%s", why);
    ck_assert_int_eq(
        cwb_fit_stop_reason(GSL_EDOM, 0, 3, 200, &a, &x.vector, &at_start, why, sizeof why), 1);
    ck_assert_msg(strstr(why, "without converging (GSL: "), "%s", why);
}
END_TEST

Suite *fit_suite(void)
{
    Suite *s = suite_create("fit");
    TCase *tc = test_tcase("fit", 120);
    tcase_add_unchecked_fixture(tc, make_tmp_dir, remove_tmp_dir);
    tcase_add_test(tc, run_fit_recovers_law_parameter);
    tcase_add_test(tc, eq33_fit_is_the_normal_equations);
    tcase_add_test(tc, eq33_x_range_keeps_the_rows_inside);
    tcase_add_test(tc, eq33_recovered_on_the_papers_range);
    tcase_add_test(tc, line_fit_equivalent_stiffness);
    tcase_add_test(tc, fit_refusals);
    tcase_add_test(tc, fit_plot_shows_estimates_and_units);
    tcase_add_test(tc, fit_tables_and_summaries_state_units);
    tcase_add_test(tc, json_writes_null_for_undefined_values);
    tcase_add_test(tc, run_fit_says_what_it_cannot_determine);
    tcase_add_test(tc, run_fit_started_at_the_answer_converges);
    tcase_add_test(tc, run_fit_refuses_keys_that_are_not_real);
    tcase_add_test(tc, run_fit_refuses_a_reference_made_for_other_inputs);
    tcase_add_test(tc, run_fit_refuses_a_reference_in_other_units);
    tcase_add_test(tc, scalar_fit_refuses_a_reference_in_other_units);
    tcase_add_test(tc, run_fit_at_a_bound_says_so);
    tcase_add_test(tc, jacobian_study_by_hand);
    tcase_add_test(tc, stop_reasons_are_told_apart);
    suite_add_tcase(s, tc);
    return s;
}
