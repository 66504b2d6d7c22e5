/* fit.c -- `cwb fit FITCASE`: least-squares fits with GSL.
 *
 * A fit-case is an INI file with one [fit] section. Three models:
 *   run   free keys of a case (law or driver parameters, e.g.
 *         tangential.w) fitted so that the run's column y(x) matches a
 *         reference curve at the reference's x. Nonlinear least squares
 *         with GSL's gsl_multifit_nlinear (trust region, Levenberg-Marquardt,
 *         finite-difference Jacobian); each key is kept inside its bounds
 *         by x = mid + half tanh(theta), fitted in theta.
 *   eq33  seed 000 eq. 33, w = c0 + c1 x + c2 nu + c3 x^2 + c4 x nu +
 *         c5 nu^2 (x = a/R), over points (a_over_R, nu, w) of a data CSV:
 *         linear, gsl_multifit_linear. The paper's coefficients are
 *         reported beside, with their R^2 and largest deviation on the data.
 *         With `show`, the fit is drawn on another data set against its
 *         column x (one panel of seed 000 Fig. 7) instead of written out;
 *         without it, a plot of w against a/R, one curve per nu (Fig. 8).
 *   line  y = k x through the origin (GSL gsl_fit_mul) over a run's
 *         columns or a data CSV: the equivalent linear stiffness.
 * Standard errors are sqrt(diag(cov)) with cov = s^2 (J^T J)^-1, s^2 =
 * chi^2/(n - p) (gsl_multifit_nlinear_covar returns (J^T J)^-1 and cwb
 * scales it; gsl_multifit_linear's cov is already scaled: checked against
 * the normal equations in tests/test_fit.c); R^2 = 1 - SS_res/SS_tot.
 *
 * Writes DIR/NAME_fit.csv (provenance, then the data, the fit and the
 * residuals), DIR/NAME_fit.gp and DIR/NAME_fit_residual.gp (+ PNGs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_multifit.h>
#include <gsl/gsl_multifit_nlinear.h>

#include "cwb_disc2d.h"
#include "cwb_out.h"
#include "cwb_ini.h"
#include "cwb_run.h"

enum { F_MODEL, F_CASE, F_REFERENCE, F_X, F_Y, F_FREE, F_START, F_LOWER, F_UPPER, F_DATA,
       F_TITLE, F_SHOW };

static const char *const model_words[] = {"run", "eq33", "line", NULL};

static const cwb_param fit_params[] = {
    {.name = "model", .unit = "-", .kind = CWB_PARAM_CHOICE, .choices = model_words,
     .help = "run (free case keys vs a reference curve), eq33 (seed 000 eq. 33), line (y = k x)"},
    {.name = "case", .unit = "-", .kind = CWB_PARAM_TEXT, .help = "the case to run (run, line)"},
    {.name = "reference", .unit = "-", .kind = CWB_PARAM_TEXT,
     .help = "reference CSV the run is fitted to (run)"},
    {.name = "x", .unit = "-", .kind = CWB_PARAM_TEXT, .help = "x column (run, line)"},
    {.name = "y", .unit = "-", .kind = CWB_PARAM_TEXT, .help = "y column (run, line)"},
    {.name = "free", .unit = "-", .kind = CWB_PARAM_TEXT,
     .help = "keys fitted, section.key, ';' or ',' separated (run)"},
    {.name = "start", .unit = "(key)", .min = -INFINITY, .max = INFINITY,
     .kind = CWB_PARAM_LIST, .help = "start values, one per free key (default: the case's)"},
    {.name = "lower", .unit = "(key)", .min = -INFINITY, .max = INFINITY,
     .kind = CWB_PARAM_LIST, .help = "lower bounds, one per free key (run)"},
    {.name = "upper", .unit = "(key)", .min = -INFINITY, .max = INFINITY,
     .kind = CWB_PARAM_LIST, .help = "upper bounds, one per free key (run)"},
    {.name = "data", .unit = "-", .kind = CWB_PARAM_TEXT,
     .help = "data CSV (eq33: columns a_over_R, nu, w; line: columns x, y)"},
    {.name = "title", .unit = "-", .kind = CWB_PARAM_TEXT, .help = "plot title"},
    {.name = "show", .unit = "-", .kind = CWB_PARAM_TEXT,
     .help = "eq33: another CSV (a_over_R, nu, w and the column x) drawn against x with the "
             "paper's and the fitted eq. 33 (a panel of seed 000 Fig. 7)"},
    {0}};

#define MAX_FREE 8

typedef struct {
    const char *path;
    cwb_values v;
    int *line;          /* v.given: the line that set each key */
} fit_file;

static int need(const fit_file *ff, int i, char *msg, size_t n)
{
    if (ff->v.text[i][0])
        return CWB_OK;
    return cwb_fail(msg, n, CWB_EINPUT, "%s: [fit] model = %s needs the key '%s'", ff->path,
                    model_words[(int)ff->v.p[F_MODEL]], fit_params[i].name);
}

/* Named results of a fit, for callers that want them (tests). */
static void put(cwb_result *res, const char *name, const char *suffix, double v)
{
    if (!res)
        return;
    char key[48];
    snprintf(key, sizeof key, "%s%s", name, suffix);
    cwb_result_set(res, key, "", v);
}

/* ---------------------------------------------------------------- run */

typedef struct {
    const char *case_path;
    char key[MAX_FREE][CWB_TEXT];
    size_t np;
    double lo[MAX_FREE], hi[MAX_FREE];
    const char *x, *y;
    const double *xq, *yq;   /* reference points */
    size_t nq;
    double *yfit;            /* the run at xq, last evaluation */
    cwb_case *c;
    int rc;
    char msg[CWB_MSG];
    size_t runs;
} run_fit;

static double key_value(const run_fit *rf, size_t i, double theta)
{
    double mid = 0.5 * (rf->lo[i] + rf->hi[i]), half = 0.5 * (rf->hi[i] - rf->lo[i]);
    return mid + half * tanh(theta);
}

/* The run's y at the reference x for parameters theta. */
static int run_at(run_fit *rf, const gsl_vector *theta)
{
    char sets[MAX_FREE][CWB_TEXT + 40];
    const char *over[MAX_FREE];
    for (size_t i = 0; i < rf->np; i++) {
        snprintf(sets[i], sizeof sets[i], "%s=%.17g", rf->key[i],
                 key_value(rf, i, gsl_vector_get(theta, i)));
        over[i] = sets[i];
    }
    int rc = cwb_case_load(rf->c, rf->case_path, over, rf->np, rf->msg, sizeof rf->msg);
    cwb_result r;
    cwb_result_init(&r);
    if (rc == CWB_OK)
        rc = cwb_run_case(rf->c, &r, rf->msg, sizeof rf->msg);
    rf->runs++;
    if (rc == CWB_OK) {
        int ix = cwb_series_find(&r.series, rf->x), iy = cwb_series_find(&r.series, rf->y);
        if (ix < 0 || iy < 0)
            rc = cwb_fail(rf->msg, sizeof rf->msg, CWB_EINPUT, "%s: the run has no column '%s'",
                          rf->case_path, ix < 0 ? rf->x : rf->y);
        else if (cwb_interp_curve(r.series.col[ix].v, r.series.col[iy].v, r.series.nrow, rf->xq,
                                  rf->nq, rf->yfit) != CWB_OK)
            rc = cwb_fail(rf->msg, sizeof rf->msg, CWB_EFAIL, "cannot interpolate the run in %s",
                          rf->x);
        for (size_t q = 0; rc == CWB_OK && q < rf->nq; q++)
            if (isnan(rf->yfit[q]))
                rc = cwb_fail(rf->msg, sizeof rf->msg, CWB_EFAIL,
                              "the run does not reach the reference point %s = %g",
                              rf->x, rf->xq[q]);
    }
    cwb_result_free(&r);
    rf->rc = rc;
    return rc;
}

static int run_residual(const gsl_vector *theta, void *params, gsl_vector *f)
{
    run_fit *rf = params;
    if (run_at(rf, theta) != CWB_OK)
        return GSL_EDOM;
    for (size_t q = 0; q < rf->nq; q++)
        gsl_vector_set(f, q, rf->yfit[q] - rf->yq[q]);
    return GSL_SUCCESS;
}

/* ------------------------------------------------------------ output */

static double r_squared(const double *y, const double *yfit, size_t n)
{
    double mean = 0.0, ss_tot = 0.0, ss_res = 0.0;
    for (size_t i = 0; i < n; i++)
        mean += y[i] / (double)n;
    for (size_t i = 0; i < n; i++) {
        ss_tot += (y[i] - mean) * (y[i] - mean);
        ss_res += (y[i] - yfit[i]) * (y[i] - yfit[i]);
    }
    return ss_tot > 0.0 ? 1.0 - ss_res / ss_tot : NAN;
}

/* The fit's CSV and its two gnuplot scripts. cols: names of the columns of
 * rows (ncol each); the plot shows column ix against data column iy (points)
 * and fit column ifit (line), and the residual column. */
static int write_fit(const char *dir, const char *name, const char *title, const char *header,
                     const char *const *cols, size_t ncol, const double *rows, size_t nrow,
                     int ix, int iy, int ifit, int plot, char *msg, size_t n)
{
    char path[CWB_TEXT + 200];
    snprintf(path, sizeof path, "%s/%s_fit.csv", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", path);
    fprintf(f, "# cwb %s fit\n%s", CWB_VERSION, header);
    for (size_t j = 0; j < ncol; j++)
        fprintf(f, "%s%s", j ? "," : "", cols[j]);
    fprintf(f, "\n");
    for (size_t i = 0; i < nrow; i++)
        for (size_t j = 0; j < ncol; j++)
            fprintf(f, "%.12g%s", rows[i * ncol + j], j + 1 < ncol ? "," : "\n");
    int bad = ferror(f);
    fclose(f);
    if (bad)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", path);
    if (!plot)
        return CWB_OK;
    for (int which = 0; which < 2; which++) {
        snprintf(path, sizeof path, "%s/%s_fit%s.gp", dir, name, which ? "_residual" : "");
        f = fopen(path, "w");
        if (!f)
            return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", path);
        fprintf(f, "# gnuplot script written by cwb %s\n", CWB_VERSION);
        fprintf(f, "set datafile separator ','\nset datafile columnheaders\n");
        fprintf(f, "set terminal pngcairo size 960,640 font 'Sans,11' noenhanced\n");
        fprintf(f, "set output '%s_fit%s.png'\n", name, which ? "_residual" : "");
        fprintf(f, "set title \"%s%s\" noenhanced\nset grid\nset key top right box opaque\n",
                title, which ? " (residuals)" : "");
        fprintf(f, "set xlabel '%s' noenhanced\n", cols[ix]);
        if (which)
            fprintf(f, "set ylabel 'residual' noenhanced\nplot '%s_fit.csv' using %d:%d with "
                       "points pt 7 ps 0.8 lc rgb '#d62728' title 'fit - data'\n",
                    name, ix + 1, (int)ncol);
        else
            fprintf(f, "set ylabel '%s' noenhanced\nplot '%s_fit.csv' using %d:%d with points "
                       "pt 6 ps 1.0 lc rgb '#d62728' title 'data', \\\n     '%s_fit.csv' "
                       "using %d:%d with %s lw 2 lc rgb '#1f77b4' title 'fit'\n",
                    cols[iy], name, ix + 1, iy + 1, name, ix + 1, ifit + 1,
                    ix == iy ? "points" : "linespoints pt 7 ps 0.4");
        fclose(f);
        char gp[CWB_TEXT + 60];
        snprintf(gp, sizeof gp, "%s_fit%s", name, which ? "_residual" : "");
        int rc = cwb_plot_render(dir, gp, msg, n);
        if (rc)
            return rc;
    }
    return CWB_OK;
}

static void fit_name(const char *path, char *name, size_t n)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    snprintf(name, n, "%s", base);
    char *dot = strrchr(name, '.');
    if (dot && dot != name)
        *dot = '\0';
}

static int fit_run(fit_file *ff, const char *dir, int plot, int json, cwb_result *res,
                   char *msg, size_t n)
{
    int rc;
    if ((rc = need(ff, F_CASE, msg, n)) || (rc = need(ff, F_REFERENCE, msg, n)) ||
        (rc = need(ff, F_X, msg, n)) || (rc = need(ff, F_Y, msg, n)) ||
        (rc = need(ff, F_FREE, msg, n)))
        return rc;
    run_fit rf = {.case_path = ff->v.text[F_CASE], .x = ff->v.text[F_X], .y = ff->v.text[F_Y]};
    char keys[CWB_TEXT];
    snprintf(keys, sizeof keys, "%s", ff->v.text[F_FREE]);
    const char *kp[MAX_FREE + 1];
    rf.np = cwb_split_paths(keys, kp, MAX_FREE + 1);
    if (rf.np == 0 || rf.np > MAX_FREE)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] free: 1 to %d keys", ff->path,
                        ff->line[F_FREE], MAX_FREE);
    for (int i = F_START; i <= F_UPPER; i++)
        if ((i != F_START || ff->v.list[i].n) && ff->v.list[i].n != rf.np)
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] %s needs %zu values (one per "
                            "free key), got %zu", ff->path, ff->line[i], fit_params[i].name,
                            rf.np, ff->v.list[i].n);
    for (size_t i = 0; i < rf.np; i++) {
        snprintf(rf.key[i], sizeof rf.key[i], "%s", kp[i]);
        rf.lo[i] = ff->v.list[F_LOWER].v[i];
        rf.hi[i] = ff->v.list[F_UPPER].v[i];
        if (!(rf.hi[i] > rf.lo[i]))
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] %s: upper %g must exceed lower %g",
                            ff->path, ff->line[F_UPPER], rf.key[i], rf.hi[i], rf.lo[i]);
    }
    cwb_reference ref;
    if ((rc = cwb_reference_load(&ref, ff->v.text[F_REFERENCE], msg, n)))
        return rc;
    int jx = cwb_reference_find(&ref, rf.x), jy = cwb_reference_find(&ref, rf.y);
    if (jx < 0 || jy < 0) {
        cwb_reference_free(&ref);
        return cwb_fail(msg, n, CWB_EINPUT, "%s: no column '%s'", ff->v.text[F_REFERENCE],
                        jx < 0 ? rf.x : rf.y);
    }
    rf.xq = ref.v[jx];
    rf.yq = ref.v[jy];
    rf.nq = ref.nrow;
    rf.yfit = malloc(rf.nq * sizeof *rf.yfit);
    rf.c = cwb_case_new();
    gsl_vector *theta = gsl_vector_alloc(rf.np);
    if (!rf.yfit || !rf.c || !theta) {
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        goto done;
    }
    if (rf.nq <= rf.np) {
        rc = cwb_fail(msg, n, CWB_EINPUT, "%s: %zu points for %zu free keys",
                      ff->v.text[F_REFERENCE], rf.nq, rf.np);
        goto done;
    }
    /* Start values: given, or the case's own (checked by loading it). */
    if ((rc = cwb_case_load(rf.c, rf.case_path, NULL, 0, msg, n)))
        goto done;
    for (size_t i = 0; i < rf.np; i++) {
        double x0 = NAN;
        if (ff->v.list[F_START].n) {
            x0 = ff->v.list[F_START].v[i];
        } else {
            /* read section.key from the loaded case */
            char sec[64], key[CWB_TEXT];
            const char *dotp = strchr(rf.key[i], '.');
            if (dotp && (size_t)(dotp - rf.key[i]) < sizeof sec) {
                snprintf(sec, sizeof sec, "%.*s", (int)(dotp - rf.key[i]), rf.key[i]);
                snprintf(key, sizeof key, "%s", dotp + 1);
                static const char *const kinds[] = {"normal", "tangential", "damping", "rolling"};
                for (int k = 0; k < CWB_KIND_COUNT; k++)
                    if (strcmp(sec, kinds[k]) == 0) {
                        int j = cwb_param_index(rf.c->law_values[k].table, key);
                        if (j >= 0)
                            x0 = rf.c->law_values[k].p[j];
                    }
                if (strcmp(sec, "driver") == 0) {
                    int j = cwb_param_index(rf.c->driver_values.table, key);
                    if (j >= 0)
                        x0 = rf.c->driver_values.p[j];
                }
            }
            if (isnan(x0)) {
                rc = cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] free key '%s' is not a law or "
                              "driver key of %s (give start values)", ff->path,
                              ff->line[F_FREE], rf.key[i], rf.case_path);
                goto done;
            }
        }
        if (!(x0 > rf.lo[i] && x0 < rf.hi[i])) {
            rc = cwb_fail(msg, n, CWB_EINPUT, "%s: [fit] start %s = %g is not inside (%g, %g)",
                          ff->path, rf.key[i], x0, rf.lo[i], rf.hi[i]);
            goto done;
        }
        double mid = 0.5 * (rf.lo[i] + rf.hi[i]), half = 0.5 * (rf.hi[i] - rf.lo[i]);
        gsl_vector_set(theta, i, atanh((x0 - mid) / half));
    }
    gsl_multifit_nlinear_parameters fp = gsl_multifit_nlinear_default_parameters();
    gsl_multifit_nlinear_workspace *w =
        gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &fp, rf.nq, rf.np);
    gsl_multifit_nlinear_fdf fdf = {.f = run_residual, .n = rf.nq, .p = rf.np, .params = &rf};
    gsl_set_error_handler_off();
    int info = 0, status = gsl_multifit_nlinear_init(theta, &fdf, w);
    if (status == GSL_SUCCESS)
        status = gsl_multifit_nlinear_driver(200, 1e-10, 1e-10, 0.0, NULL, NULL, &info, w);
    if (rf.rc) {
        gsl_multifit_nlinear_free(w);
        rc = cwb_fail(msg, n, rf.rc, "fit: %s", rf.msg);
        goto done;
    }
    gsl_vector *th = gsl_multifit_nlinear_position(w);
    gsl_matrix *cov = gsl_matrix_alloc(rf.np, rf.np);
    gsl_multifit_nlinear_covar(gsl_multifit_nlinear_jac(w), 0.0, cov);
    run_at(&rf, th);             /* the fitted curve, for output */
    double chisq = 0.0;
    for (size_t q = 0; q < rf.nq; q++)
        chisq += (rf.yfit[q] - rf.yq[q]) * (rf.yfit[q] - rf.yq[q]);
    double s2 = chisq / (double)(rf.nq - rf.np), r2 = r_squared(rf.yq, rf.yfit, rf.nq);
    size_t iters = gsl_multifit_nlinear_niter(w);
    char name[128], header[4096];
    fit_name(ff->path, name, sizeof name);
    size_t used = (size_t)snprintf(header, sizeof header,
                                   "# fit-case: %s\n# model: run (gsl_multifit_nlinear, trust "
                                   "region LM)\n# case: %s\n# reference: %s\n",
                                   ff->path, rf.case_path, ff->v.text[F_REFERENCE]);
    if (json)
        printf("{\"fit\": \"%s\", \"model\": \"run\", \"parameters\": {", name);
    else
        printf("%s (fit: %s against %s, %zu points)\n", name, rf.case_path,
               ff->v.text[F_REFERENCE], rf.nq);
    for (size_t i = 0; i < rf.np; i++) {
        double t = gsl_vector_get(th, i), half = 0.5 * (rf.hi[i] - rf.lo[i]);
        double x = key_value(&rf, i, t);
        double se = sqrt(gsl_matrix_get(cov, i, i) * s2) * half * (1.0 - tanh(t) * tanh(t));
        if (used < sizeof header)
            used += (size_t)snprintf(header + used, sizeof header - used,
                                     "# %s = %.10g +- %.3g (bounds %g..%g)\n", rf.key[i], x, se,
                                     rf.lo[i], rf.hi[i]);
        put(res, rf.key[i], "", x);
        put(res, rf.key[i], "_stderr", se);
        if (json)
            printf("%s\"%s\": {\"value\": %.12g, \"stderr\": %.6g}", i ? ", " : "", rf.key[i], x,
                   se);
        else
            printf("  %-28s %.10g +- %.3g\n", rf.key[i], x, se);
    }
    if (used < sizeof header)
        snprintf(header + used, sizeof header - used,
                 "# R^2 = %.10g, residual rms = %.6g, iterations %zu, runs %zu, GSL status %d\n",
                 r2, sqrt(chisq / (double)rf.nq), iters, rf.runs, status);
    if (json)
        printf("}, \"r_squared\": %.12g, \"rms\": %.6g, \"iterations\": %zu}\n", r2,
               sqrt(chisq / (double)rf.nq), iters);
    else
        printf("  %-28s %.10g\n  %-28s %.6g\n  %-28s %zu (%zu runs)\n", "R^2", r2,
               "residual rms", sqrt(chisq / (double)rf.nq), "iterations", iters, rf.runs);
    put(res, "r_squared", "", r2);
    put(res, "iterations", "", (double)iters);
    if (status != GSL_SUCCESS)
        fprintf(stderr, "cwb: warning: %s: the fit stopped without converging (GSL: %s)\n",
                name, gsl_strerror(status));
    double *rows = malloc(rf.nq * 4 * sizeof *rows);
    if (!rows) {
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    } else {
        for (size_t q = 0; q < rf.nq; q++) {
            rows[4 * q] = rf.xq[q];
            rows[4 * q + 1] = rf.yq[q];
            rows[4 * q + 2] = rf.yfit[q];
            rows[4 * q + 3] = rf.yfit[q] - rf.yq[q];
        }
        char c0[CWB_TEXT], c1[CWB_TEXT + 8], c2[CWB_TEXT + 8];
        snprintf(c0, sizeof c0, "%s", rf.x);
        snprintf(c1, sizeof c1, "%s_data", rf.y);
        snprintf(c2, sizeof c2, "%s_fit", rf.y);
        const char *cols[] = {c0, c1, c2, "residual"};
        rc = write_fit(dir, name, ff->v.text[F_TITLE][0] ? ff->v.text[F_TITLE] : name, header,
                       cols, 4, rows, rf.nq, 0, 1, 2, plot, msg, n);
        free(rows);
    }
    gsl_matrix_free(cov);
    gsl_multifit_nlinear_free(w);
done:
    gsl_vector_free(theta);
    free(rf.c);
    free(rf.yfit);
    cwb_reference_free(&ref);
    return rc;
}

/* --------------------------------------------------------------- eq33 */

static const double paper_eq33[6] = {0.22, 2.89, 0.18, -10.31, 1.75, 0.36};

static void eq33_row(double x, double nu, double *row)
{
    row[0] = 1.0;
    row[1] = x;
    row[2] = nu;
    row[3] = x * x;
    row[4] = x * nu;
    row[5] = nu * nu;
}

/* gnuplot's eq. 33 with coefficients c, as a function wNAME(x, nu). */
static void eq33_gnuplot(FILE *f, const char *fn, const double *c)
{
    fprintf(f, "%s(x, nu) = %.10g + %.10g*x + %.10g*nu + %.10g*x**2 + %.10g*x*nu + %.10g*nu**2\n",
            fn, c[0], c[1], c[2], c[3], c[4], c[5]);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Seed 000 Fig. 8 as curves: w against a/R for every nu of the data, the
 * data as points, the fit solid, the paper's eq. 33 dashed. */
static int eq33_by_nu_plot(const char *dir, const char *name, const char *title, const double *c,
                           const double *nu, size_t m, char *msg, size_t n)
{
    double *u = malloc(m * sizeof *u);
    if (!u)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    memcpy(u, nu, m * sizeof *u);
    qsort(u, m, sizeof *u, cmp_double);
    size_t k = 0;
    for (size_t i = 0; i < m; i++)
        if (k == 0 || u[i] > u[k - 1] + 1e-12)
            u[k++] = u[i];
    char path[CWB_TEXT + 200];
    snprintf(path, sizeof path, "%s/%s_fit_by_nu.gp", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        free(u);
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", path);
    }
    fprintf(f, "# gnuplot script written by cwb %s\n", CWB_VERSION);
    fprintf(f, "set datafile separator ','\nset datafile columnheaders\n"
               "set terminal pngcairo size 960,720 font 'Sans,11' noenhanced\n"
               "set output '%s_fit_by_nu.png'\n"
               "set title \"%s: w against a/R for each nu\" noenhanced\n"
               "set grid\nset key outside right top box\nset samples 300\n"
               "set xlabel 'a/R' noenhanced\nset ylabel 'penalty factor w' noenhanced\n",
            name, title);
    eq33_gnuplot(f, "wfit", c);
    eq33_gnuplot(f, "wpaper", paper_eq33);
    fprintf(f, "set xrange [0:*]\nplot NaN with lines lw 2 lc rgb 'black' title 'cwb fit', \\\n"
               "     NaN with lines lw 1 dt 2 lc rgb 'black' title 'paper eq. 33'");
    for (size_t i = 0; i < k; i++)
        fprintf(f, ", \\\n     '%s_fit.csv' using 1:(abs($2 - %.10g) < 1e-9 ? $3 : 1/0) with "
                   "points pt 7 ps 0.8 lc %zu title 'nu = %g', \\\n"
                   "     wfit(x, %.10g) with lines lw 2 lc %zu notitle, \\\n"
                   "     wpaper(x, %.10g) with lines lw 1 dt 2 lc %zu notitle",
                name, u[i], i + 1, u[i], u[i], i + 1, u[i], i + 1);
    fprintf(f, "\n");
    fclose(f);
    free(u);
    char gp[CWB_TEXT + 60];
    snprintf(gp, sizeof gp, "%s_fit_by_nu", name);
    return cwb_plot_render(dir, gp, msg, n);
}

/* One panel of seed 000 Fig. 7: the `show` data's w against its column x,
 * with eq. 33 at each of its points, fitted (c) and the paper's. Writes
 * DIR/NAME.csv and DIR/NAME.gp (+ PNG). */
static int eq33_panel(fit_file *ff, const char *dir, const char *name, const char *header,
                      const double *c, int plot, char *msg, size_t n)
{
    int rc = need(ff, F_X, msg, n);
    if (rc)
        return rc;
    cwb_reference d;
    if ((rc = cwb_reference_load(&d, ff->v.text[F_SHOW], msg, n)))
        return rc;
    const char *xn = ff->v.text[F_X];
    int jx = cwb_reference_find(&d, xn), ja = cwb_reference_find(&d, "a_over_R"),
        jn = cwb_reference_find(&d, "nu"), jw = cwb_reference_find(&d, "w");
    if (jx < 0 || ja < 0 || jn < 0 || jw < 0) {
        cwb_reference_free(&d);
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] show = %s needs columns %s, a_over_R, "
                        "nu and w", ff->path, ff->line[F_SHOW], ff->v.text[F_SHOW], xn);
    }
    char path[CWB_TEXT + 200];
    snprintf(path, sizeof path, "%s/%s.csv", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        cwb_reference_free(&d);
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", path);
    }
    fprintf(f, "# cwb %s: eq. 33 on %s against %s\n%s", CWB_VERSION, ff->v.text[F_SHOW], xn,
            header);
    fprintf(f, "%s,a_over_R[-],nu[-],w_fem[-],w_fit[-],w_paper[-]\n", xn);
    double worst_fit = 0.0, worst_paper = 0.0;
    for (size_t i = 0; i < d.nrow; i++) {
        double x = d.v[ja][i], nu = d.v[jn][i];
        double wf = cwb_penalty_eq33(c, x, nu), wp = cwb_penalty_eq33(paper_eq33, x, nu);
        worst_fit = fmax(worst_fit, fabs(wf - d.v[jw][i]));
        worst_paper = fmax(worst_paper, fabs(wp - d.v[jw][i]));
        fprintf(f, "%.12g,%.12g,%.12g,%.12g,%.12g,%.12g\n", d.v[jx][i], x, nu, d.v[jw][i], wf,
                wp);
    }
    int bad = ferror(f);
    fclose(f);
    printf("  %s: %zu FEM points against %s; largest |eq. 33 - FEM|: fit %.3g, paper %.3g\n",
           ff->v.text[F_SHOW], d.nrow, xn, worst_fit, worst_paper);
    cwb_reference_free(&d);
    if (bad)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", path);
    if (!plot)
        return CWB_OK;
    snprintf(path, sizeof path, "%s/%s.gp", dir, name);
    if (!(f = fopen(path, "w")))
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", path);
    int logx = strcmp(xn, "R") == 0 || strcmp(xn, "E") == 0;
    fprintf(f, "# gnuplot script written by cwb %s\n", CWB_VERSION);
    fprintf(f, "set datafile separator ','\nset datafile columnheaders\n"
               "set terminal pngcairo size 960,640 font 'Sans,11' noenhanced\n"
               "set output '%s.png'\nset title \"%s\" noenhanced\nset grid\n"
               "set key bottom right box opaque\n%s"
               "set xlabel '%s' noenhanced\nset ylabel 'penalty factor w' noenhanced\n"
               "plot '%s.csv' using 1:4 with points pt 7 ps 1.2 lc rgb '#d62728' "
               "title 'FEM (gmsh + CalculiX), w from eq. 20', \\\n"
               "     '%s.csv' using 1:5 with linespoints pt 6 lw 2 lc rgb '#1f77b4' "
               "title 'eq. 33, cwb fit to the FEM grid', \\\n"
               "     '%s.csv' using 1:6 with linespoints pt 4 lw 1 dt 2 lc rgb 'black' "
               "title 'eq. 33, paper'\n",
            name, ff->v.text[F_TITLE][0] ? ff->v.text[F_TITLE] : name,
            logx ? "set logscale x\n" : "", xn, name, name, name);
    fclose(f);
    return cwb_plot_render(dir, name, msg, n);
}

static int fit_eq33(fit_file *ff, const char *dir, int plot, int json, cwb_result *res,
                    char *msg, size_t n)
{
    int rc = need(ff, F_DATA, msg, n);
    if (rc)
        return rc;
    cwb_reference d;
    if ((rc = cwb_reference_load(&d, ff->v.text[F_DATA], msg, n)))
        return rc;
    int jx = cwb_reference_find(&d, "a_over_R"), jn = cwb_reference_find(&d, "nu"),
        jw = cwb_reference_find(&d, "w");
    if (jx < 0 || jn < 0 || jw < 0 || d.nrow <= 6) {
        cwb_reference_free(&d);
        return cwb_fail(msg, n, CWB_EINPUT, "%s: eq33 needs columns a_over_R, nu, w and more "
                        "than 6 rows", ff->v.text[F_DATA]);
    }
    size_t m = d.nrow;
    gsl_matrix *X = gsl_matrix_alloc(m, 6), *cov = gsl_matrix_alloc(6, 6);
    gsl_vector *y = gsl_vector_alloc(m), *c = gsl_vector_alloc(6);
    gsl_multifit_linear_workspace *ws = gsl_multifit_linear_alloc(m, 6);
    double *rows = malloc(m * 6 * sizeof *rows);
    double chisq = 0.0;
    for (size_t i = 0; i < m; i++) {
        double r[6];
        eq33_row(d.v[jx][i], d.v[jn][i], r);
        for (int j = 0; j < 6; j++)
            gsl_matrix_set(X, i, j, r[j]);
        gsl_vector_set(y, i, d.v[jw][i]);
    }
    gsl_multifit_linear(X, y, c, cov, &chisq, ws);
    double *wf = malloc(m * sizeof *wf), *wp = malloc(m * sizeof *wp);
    double worst = 0.0, worst_x = 0.0, worst_nu = 0.0;
    for (size_t i = 0; i < m; i++) {
        double r[6], a = 0.0, b = 0.0;
        eq33_row(d.v[jx][i], d.v[jn][i], r);
        for (int j = 0; j < 6; j++) {
            a += r[j] * gsl_vector_get(c, j);
            b += r[j] * paper_eq33[j];
        }
        wf[i] = a;
        wp[i] = b;
        if (fabs(b - d.v[jw][i]) > worst) {
            worst = fabs(b - d.v[jw][i]);
            worst_x = d.v[jx][i];
            worst_nu = d.v[jn][i];
        }
        double row[] = {d.v[jx][i], d.v[jn][i], d.v[jw][i], a, b, a - d.v[jw][i]};
        memcpy(rows + 6 * i, row, sizeof row);
    }
    double r2 = r_squared(d.v[jw], wf, m), r2p = r_squared(d.v[jw], wp, m);
    static const char *const names[6] = {"1", "a/R", "nu", "(a/R)^2", "(a/R) nu", "nu^2"};
    char name[128], header[2048];
    fit_name(ff->path, name, sizeof name);
    size_t used = (size_t)snprintf(header, sizeof header,
                                   "# fit-case: %s\n# model: eq33 (seed 000 eq. 33, "
                                   "gsl_multifit_linear)\n# data: %s (%zu points)\n",
                                   ff->path, ff->v.text[F_DATA], m);
    if (json)
        printf("{\"fit\": \"%s\", \"model\": \"eq33\", \"coefficients\": [", name);
    else
        printf("%s (eq. 33 over %s, %zu points)\n  %-10s %12s %10s %10s\n", name,
               ff->v.text[F_DATA], m, "term", "cwb", "stderr", "paper");
    for (int j = 0; j < 6; j++) {
        /* gsl_multifit_linear's cov is already s^2 (X^T X)^-1 */
        double cj = gsl_vector_get(c, j), se = sqrt(gsl_matrix_get(cov, j, j));
        if (used < sizeof header)
            used += (size_t)snprintf(header + used, sizeof header - used,
                                     "# c[%s] = %.6g +- %.3g (paper %g)\n", names[j], cj, se,
                                     paper_eq33[j]);
        char cn[8];
        snprintf(cn, sizeof cn, "c%d", j);
        put(res, cn, "", cj);
        put(res, cn, "_stderr", se);
        if (json)
            printf("%s{\"term\": \"%s\", \"value\": %.10g, \"stderr\": %.6g, \"paper\": %g}",
                   j ? ", " : "", names[j], cj, se, paper_eq33[j]);
        else
            printf("  %-10s %12.5g %10.3g %10g\n", names[j], cj, se, paper_eq33[j]);
    }
    if (used < sizeof header)
        snprintf(header + used, sizeof header - used,
                 "# R^2 = %.6g (paper's coefficients on these data: %.6g); paper's largest "
                 "deviation %.4g at a/R = %g, nu = %g\n",
                 r2, r2p, worst, worst_x, worst_nu);
    if (json)
        printf("], \"r_squared\": %.10g, \"r_squared_paper\": %.10g, \"paper_max_deviation\": "
               "%.6g}\n", r2, r2p, worst);
    else
        printf("  %-10s %12.6g %10s %10.6g\n  paper's formula: largest deviation %.4g at a/R = %g, "
               "nu = %g\n", "R^2", r2, "", r2p, worst, worst_x, worst_nu);
    put(res, "r_squared", "", r2);
    put(res, "r_squared_paper", "", r2p);
    put(res, "paper_max_deviation", "", worst);
    static const char *const cols[] = {"a_over_R", "nu", "w_data", "w_fit", "w_paper",
                                       "residual"};
    double cf[6];
    for (int j = 0; j < 6; j++)
        cf[j] = gsl_vector_get(c, j);
    if (ff->v.text[F_SHOW][0])
        rc = eq33_panel(ff, dir, name, header, cf, plot, msg, n);
    else if ((rc = write_fit(dir, name, ff->v.text[F_TITLE][0] ? ff->v.text[F_TITLE] : name, header, cols,
                   6, rows, m, 0, 2, 3, plot, msg, n)) == CWB_OK && plot)
        rc = eq33_by_nu_plot(dir, name, ff->v.text[F_TITLE][0] ? ff->v.text[F_TITLE] : name, cf,
                             d.v[jn], m, msg, n);
    free(rows);
    free(wf);
    free(wp);
    gsl_multifit_linear_free(ws);
    gsl_matrix_free(X);
    gsl_matrix_free(cov);
    gsl_vector_free(y);
    gsl_vector_free(c);
    cwb_reference_free(&d);
    return rc;
}

/* --------------------------------------------------------------- line */

static int fit_line(fit_file *ff, const char *dir, int plot, int json, cwb_result *res,
                    char *msg, size_t n)
{
    int rc;
    if ((rc = need(ff, F_X, msg, n)) || (rc = need(ff, F_Y, msg, n)))
        return rc;
    const char *xn = ff->v.text[F_X], *yn = ff->v.text[F_Y];
    double *x = NULL, *y = NULL;
    size_t m = 0;
    cwb_result r;
    cwb_result_init(&r);
    cwb_reference d = {0};
    int from_run = ff->v.text[F_CASE][0] != 0;
    if (from_run) {
        cwb_case *c = cwb_case_new();
        if (!c)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        rc = cwb_case_load(c, ff->v.text[F_CASE], NULL, 0, msg, n);
        if (rc == CWB_OK)
            rc = cwb_run_case(c, &r, msg, n);
        free(c);
        if (rc)
            goto done;
        int ix = cwb_series_find(&r.series, xn), iy = cwb_series_find(&r.series, yn);
        if (ix < 0 || iy < 0) {
            rc = cwb_fail(msg, n, CWB_EINPUT, "%s: the run has no column '%s'",
                          ff->v.text[F_CASE], ix < 0 ? xn : yn);
            goto done;
        }
        x = r.series.col[ix].v;
        y = r.series.col[iy].v;
        m = r.series.nrow;
    } else {
        if ((rc = need(ff, F_DATA, msg, n)) ||
            (rc = cwb_reference_load(&d, ff->v.text[F_DATA], msg, n)))
            goto done;
        int jx = cwb_reference_find(&d, xn), jy = cwb_reference_find(&d, yn);
        if (jx < 0 || jy < 0) {
            rc = cwb_fail(msg, n, CWB_EINPUT, "%s: no column '%s'", ff->v.text[F_DATA],
                          jx < 0 ? xn : yn);
            goto done;
        }
        x = d.v[jx];
        y = d.v[jy];
        m = d.nrow;
    }
    double k, cov, ss;
    if (m < 2 || gsl_fit_mul(x, 1, y, 1, m, &k, &cov, &ss) != GSL_SUCCESS) {
        rc = cwb_fail(msg, n, CWB_EFAIL, "line: cannot fit %zu points", m);
        goto done;
    }
    double *rows = malloc(m * 4 * sizeof *rows), *yf = malloc(m * sizeof *yf);
    if (!rows || !yf) {
        free(rows);
        free(yf);
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < m; i++) {
        yf[i] = k * x[i];
        double row[] = {x[i], y[i], yf[i], yf[i] - y[i]};
        memcpy(rows + 4 * i, row, sizeof row);
    }
    double r2 = r_squared(y, yf, m);
    char name[128], header[1024];
    fit_name(ff->path, name, sizeof name);
    snprintf(header, sizeof header,
             "# fit-case: %s\n# model: line y = k x through the origin (gsl_fit_mul)\n# source: "
             "%s\n# k = %.10g +- %.3g, R^2 = %.10g\n", ff->path,
             from_run ? ff->v.text[F_CASE] : ff->v.text[F_DATA], k, sqrt(cov), r2);
    if (json)
        printf("{\"fit\": \"%s\", \"model\": \"line\", \"k\": %.12g, \"stderr\": %.6g, "
               "\"r_squared\": %.12g}\n", name, k, sqrt(cov), r2);
    else
        printf("%s (%s = k %s over %zu points)\n  %-28s %.10g +- %.3g\n  %-28s %.10g\n", name,
               yn, xn, m, "k", k, sqrt(cov), "R^2", r2);
    put(res, "k", "", k);
    put(res, "k", "_stderr", sqrt(cov));
    put(res, "r_squared", "", r2);
    char c1[CWB_TEXT + 8], c2[CWB_TEXT + 8];
    snprintf(c1, sizeof c1, "%s_data", yn);
    snprintf(c2, sizeof c2, "%s_fit", yn);
    const char *cols[] = {xn, c1, c2, "residual"};
    rc = write_fit(dir, name, ff->v.text[F_TITLE][0] ? ff->v.text[F_TITLE] : name, header, cols,
                   4, rows, m, 0, 1, 2, plot, msg, n);
    free(rows);
    free(yf);
done:
    cwb_result_free(&r);
    if (d.nrow || d.ncol)
        cwb_reference_free(&d);
    return rc;
}

int cwb_fit(const char *path, const char *dir, int plot, int json, cwb_result *res, char *msg,
            size_t n)
{
    fit_file ff = {.path = path};
    cwb_values_init(&ff.v, fit_params);
    ff.line = ff.v.given;
    cwb_ini ini;
    int rc = cwb_ini_read(&ini, path, "fit-case", msg, n);
    if (rc != CWB_OK)
        return rc;
    cwb_ini_binding b = {"fit", &ff.v};
    rc = cwb_ini_bind(&ini, &b, 1, msg, n);
    cwb_ini_free(&ini);
    if (rc != CWB_OK)
        return rc;
    if (!ff.line[F_MODEL])
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [fit] missing required key 'model'", path);
    switch ((int)ff.v.p[F_MODEL]) {
    case 0: return fit_run(&ff, dir, plot, json, res, msg, n);
    case 1: return fit_eq33(&ff, dir, plot, json, res, msg, n);
    default: return fit_line(&ff, dir, plot, json, res, msg, n);
    }
}
