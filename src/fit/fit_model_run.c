/* fit_model_run.c -- fit models `run` and `scalar`: free keys of a case
 * fitted to a reference curve.
 *
 * `run`: one run of the case; its column y(x) is matched to the reference
 * curve. `scalar`: one run per reference point, with the case key `vary`
 * set to the point's x; the run's scalar `result` is matched to its y --
 * e.g. a law's parameter fitted to a target restitution curve e(V_i), the
 * calibration DEM users do. Both share the solver below.
 *
 * The keys (law or driver parameters, e.g. tangential.w) are fitted so
 * that the run's column y(x) matches a reference curve at the reference's
 * x: nonlinear least squares with GSL's gsl_multifit_nlinear (trust region,
 * Levenberg-Marquardt, finite-difference Jacobian). Each key is kept inside
 * its bounds by x = mid + half tanh(theta), fitted in theta; the run is
 * interpolated at the reference points (cwb_interp_curve).
 *
 * Standard errors: (J^T J)^-1 in theta (cwb_fit_jacobian_study, which
 * also finds a key the curve does not change with: its standard error is
 * undefined, not 0), scaled by s^2 = chi^2/(n - p) and mapped to the key
 * through dx/dtheta = half (1 - tanh^2 theta).
 */
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_multifit_nlinear.h>

#include "cwb_fit.h"
#include "cwb_fit_lsq.h"
#include "cwb_law.h"
#include "cwb_out.h"
#include "cwb_gsl.h"
#include "cwb_numeric.h"
#include "cwb_verdict.h"

#define MAX_FREE 8
_Static_assert(MAX_FREE <= CWB_FIT_MAX_KEYS, "cwb_fit_covariance holds every free key");
#define MAX_ITER 200

typedef struct {
    const char *case_path;
    const char *ref_path; /* the reference, for messages */
    char key[MAX_FREE][CWB_TEXT];
    size_t np;
    double lo[MAX_FREE], hi[MAX_FREE];
    const char *x, *y;
    const char *vary, *result; /* scalar: the key set to x, the result matched */
    cwb_fit_points points;     /* the reference points, owned */
    const double *xq, *yq;     /* = points.x, points.y */
    size_t nq;
    double *yfit; /* the run at xq, last evaluation */
    cwb_case *c;
    char xunit[32], yunit[32]; /* the units of x and y: the reference's, else the run's */
    const char *data_title;    /* what the reference is, for the legend */
    int rc;                    /* status of the last run (GSL sees only GSL_EDOM) */
    char msg[CWB_MSG];
    size_t runs;
    const cwb_log *log;   /* progress: the iterations and runs so far */
    const char *name;     /* the fit-case's, for the progress line */
    const cwb_fit_out *o; /* its embedding caller's progress callback */
} run_fit;

/* What the solver found, for the report. */
typedef struct {
    double value[MAX_FREE], stderr_[MAX_FREE];
    double cov[MAX_FREE * MAX_FREE]; /* of the keys (NaN: not estimated) */
    double r2, rms;
    size_t iterations;
    int status;            /* GSL status of the driver */
    cwb_fit_jacobian jac;  /* which keys the data determine */
    int stopped, at_start; /* 1: a warning why it stopped; 1: the start was the answer */
    char why[256];         /* that warning */
} run_solution;

static double key_value(const run_fit *rf, size_t i, double theta)
{
    double mid = 0.5 * (rf->lo[i] + rf->hi[i]), half = 0.5 * (rf->hi[i] - rf->lo[i]);
    return mid + half * tanh(theta);
}

/* The unit of "section.key" in the loaded case c ("" when it has none). */
static const char *case_key_unit(const cwb_case *c, const char *path)
{
    int j;
    const cwb_values *v = cwb_case_key(c, path, &j);
    return v && v->table[j].unit && strcmp(v->table[j].unit, "-") != 0 ? v->table[j].unit : "";
}

/* A unit as compared: "-" (dimensionless) and none are the same. */
static const char *unit_or_none(const char *u)
{
    return u && strcmp(u, "-") != 0 ? u : "";
}

/* The unit of the scalar result `name` in r ("" when it has none). */
static const char *result_unit(const cwb_result *r, const char *name)
{
    for (size_t i = 0; i < r->nscalar; i++)
        if (strcmp(r->scalar[i].name, name) == 0)
            return unit_or_none(r->scalar[i].unit);
    return "";
}

/* CWB_OK when the reference's x and y columns are in the units of what
 * they are fitted to (x: the run's column or the varied key; y: the run's
 * column or scalar result). The reference is read as it stands, as `cwb
 * run` compares it: a column in mm fitted against the run's m would be off
 * by 1000. A column without a unit is taken as it is. */
static int same_units(run_fit *rf, const char *x, const char *xunit, const char *y,
                      const char *yunit)
{
    for (int k = 0; k < 2; k++) {
        const char *theirs = unit_or_none(k ? rf->yunit : rf->xunit),
                   *mine = unit_or_none(k ? yunit : xunit);
        if (theirs[0] && strcmp(theirs, mine) != 0)
            return cwb_fail(rf->msg, sizeof rf->msg, CWB_EINPUT,
                            "%s: the reference's %s column is in [%s], the run's %s in [%s]: a "
                            "reference is fitted in the run's units (convert the column)",
                            rf->ref_path, k ? "y" : "x", theirs, k ? y : x, mine[0] ? mine : "-");
    }
    return CWB_OK;
}

/* The run's units of x and y where the reference names none (same_units
 * has held those it names to the run's): the table's header and the
 * summary state them ("-": dimensionless). */
static void adopt_units(run_fit *rf, const char *xunit, const char *yunit)
{
    if (!rf->xunit[0])
        snprintf(rf->xunit, sizeof rf->xunit, "%s", xunit && xunit[0] ? xunit : "-");
    if (!rf->yunit[0])
        snprintf(rf->yunit, sizeof rf->yunit, "%s", yunit && yunit[0] ? yunit : "-");
}

/* Column x or y of the run in r, interpolated at the reference x. */
static int run_curve(run_fit *rf, const cwb_result *r)
{
    int ix = cwb_series_find(&r->series, rf->x), iy = cwb_series_find(&r->series, rf->y);
    if (ix < 0 || iy < 0)
        return cwb_fail(rf->msg, sizeof rf->msg, CWB_EINPUT, "%s: the run has no column '%s'",
                        rf->case_path, ix < 0 ? rf->x : rf->y);
    int rc = same_units(rf, rf->x, r->series.col[ix].unit, rf->y, r->series.col[iy].unit);
    if (rc != CWB_OK)
        return rc;
    adopt_units(rf, r->series.col[ix].unit, r->series.col[iy].unit);
    /* The run's first stretch of rising x: a load-unload history is fitted
     * on its loading, as the reference's `where` selects its loading leg. */
    const double *x = r->series.col[ix].v;
    size_t m = 1;
    while (m < r->series.nrow && x[m] > x[m - 1])
        m++;
    if (m < 2)
        m = r->series.nrow;
    if (cwb_interp_curve(x, r->series.col[iy].v, m, rf->xq, rf->nq, rf->yfit) != CWB_OK)
        return cwb_fail(rf->msg, sizeof rf->msg, CWB_EFAIL, "cannot interpolate the run in %s",
                        rf->x);
    for (size_t q = 0; q < rf->nq; q++)
        if (isnan(rf->yfit[q]))
            return cwb_fail(rf->msg, sizeof rf->msg, CWB_EFAIL,
                            "the run does not reach the reference point %s = %g", rf->x, rf->xq[q]);
    return CWB_OK;
}

/* One run of the case with the free keys at theta and, when vary is set,
 * that key at x; the result in r (freed by the caller). */
static int run_once(run_fit *rf, const gsl_vector *theta, const char *vary, double x, cwb_result *r)
{
    char sets[MAX_FREE + 1][CWB_TEXT + 40];
    const char *over[MAX_FREE + 1];
    size_t k = 0;
    char num[32]; /* the shortest text that reads back to the same double */
    for (; k < rf->np; k++) {
        cwb_format_shortest(key_value(rf, k, gsl_vector_get(theta, k)), num, sizeof num);
        snprintf(sets[k], sizeof sets[k], "%s=%s", rf->key[k], num);
        over[k] = sets[k];
    }
    if (vary) {
        cwb_format_shortest(x, num, sizeof num);
        snprintf(sets[k], sizeof sets[k], "%s=%s", vary, num);
        over[k] = sets[k];
        k++;
    }
    cwb_result_init(r);
    const cwb_fit_out *o = rf->o;
    if (o && o->progress && o->progress(o->user, rf->runs, 0))
        return cwb_fail(rf->msg, sizeof rf->msg, CWB_ECANCEL,
                        "stopped by the caller after %zu runs", rf->runs);
    int rc = cwb_case_load(rf->c, rf->case_path, over, k, rf->msg, sizeof rf->msg);
    if (rc == CWB_OK)
        rc = cwb_run_case(rf->c, r, rf->msg, sizeof rf->msg);
    rf->runs++;
    return rc;
}

/* The run's y at the reference x for parameters theta, into rf->yfit. */
static int run_at(run_fit *rf, const gsl_vector *theta)
{
    int rc = CWB_OK;
    cwb_result r;
    if (!rf->vary) {
        rc = run_once(rf, theta, NULL, 0.0, &r);
        if (rc == CWB_OK)
            rc = run_curve(rf, &r);
        cwb_result_free(&r);
    }
    for (size_t q = 0; rf->vary && rc == CWB_OK && q < rf->nq; q++) {
        rc = run_once(rf, theta, rf->vary, rf->xq[q], &r);
        if (rc == CWB_OK && q == 0)
            rc = same_units(rf, rf->vary, case_key_unit(rf->c, rf->vary), rf->result,
                            result_unit(&r, rf->result));
        if (rc == CWB_OK && q == 0)
            adopt_units(rf, case_key_unit(rf->c, rf->vary), result_unit(&r, rf->result));
        rf->yfit[q] = rc == CWB_OK ? cwb_result_get(&r, rf->result) : NAN;
        if (rc == CWB_OK && !isfinite(rf->yfit[q]))
            rc = cwb_fail(rf->msg, sizeof rf->msg, CWB_EINPUT,
                          "%s: the run at %s = %g has no finite result '%s'", rf->case_path,
                          rf->vary, rf->xq[q], rf->result);
        cwb_result_free(&r);
    }
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

/* --------------------------------------------------------------- setup */

/* The free keys, their bounds, and the start list's length. */
static int read_free_keys(const cwb_fit_case *fc, run_fit *rf, char *msg, size_t n)
{
    char keys[CWB_TEXT];
    snprintf(keys, sizeof keys, "%s", fc->v.text[CWB_FIT_FREE]);
    const char *kp[MAX_FREE + 1];
    rf->np = cwb_split_paths(keys, kp, MAX_FREE + 1);
    if (rf->np == 0 || rf->np > MAX_FREE)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] free: 1 to %d keys", fc->path,
                        fc->line[CWB_FIT_FREE], MAX_FREE);
    static const cwb_fit_key per_key[] = {CWB_FIT_START, CWB_FIT_LOWER, CWB_FIT_UPPER};
    for (size_t k = 0; k < sizeof per_key / sizeof *per_key; k++) {
        size_t got = fc->v.list[per_key[k]].n;
        if ((per_key[k] != CWB_FIT_START || got) && got != rf->np)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s:%d: [fit] %s needs %zu values (one per "
                            "free key), got %zu",
                            fc->path, fc->line[per_key[k]], fc->v.table[per_key[k]].name, rf->np,
                            got);
    }
    for (size_t i = 0; i < rf->np; i++) {
        for (size_t j = 0; j < i; j++)
            if (strcmp(kp[j], kp[i]) == 0)
                return cwb_fail(msg, n, CWB_EINPUT,
                                "%s:%d: [fit] free: key '%s' is given twice (keys %zu and %zu)",
                                fc->path, fc->line[CWB_FIT_FREE], kp[i], j + 1, i + 1);
        snprintf(rf->key[i], sizeof rf->key[i], "%s", kp[i]);
        rf->lo[i] = fc->v.list[CWB_FIT_LOWER].v[i];
        rf->hi[i] = fc->v.list[CWB_FIT_UPPER].v[i];
        if (!(rf->hi[i] > rf->lo[i]))
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] %s: upper %g must exceed lower %g",
                            fc->path, fc->line[CWB_FIT_UPPER], rf->key[i], rf->hi[i], rf->lo[i]);
    }
    return CWB_OK;
}

/* The reference points the run is fitted to: columns x and y of ref, the
 * rows [fit] where and x_range keep, with [fit] noise (fit_select.c). */
static int use_reference(const cwb_fit_case *fc, cwb_fit_out *o, const cwb_reference *ref,
                         run_fit *rf, char *msg, size_t n)
{
    const char *rx = fc->v.text[CWB_FIT_REF_X][0] ? fc->v.text[CWB_FIT_REF_X] : rf->x;
    const char *ry = fc->v.text[CWB_FIT_REF_Y][0] ? fc->v.text[CWB_FIT_REF_Y] : rf->y;
    int rc = cwb_fit_points_select(fc, o, ref, rx, ry, &rf->points, msg, n);
    if (rc != CWB_OK)
        return rc;
    rf->xq = rf->points.x;
    rf->yq = rf->points.y;
    rf->ref_path = fc->v.text[CWB_FIT_REFERENCE];
    int jx = cwb_reference_find(ref, rx), jy = cwb_reference_find(ref, ry);
    snprintf(rf->xunit, sizeof rf->xunit, "%s", jx >= 0 ? ref->unit[jx] : "");
    snprintf(rf->yunit, sizeof rf->yunit, "%s", jy >= 0 ? ref->unit[jy] : "");
    rf->data_title = cwb_fit_data_title(ref);
    rf->nq = rf->points.n;
    /* as many points as keys is a calibration to targets (exact, no
     * standard errors); fewer cannot determine the keys */
    if (rf->nq < rf->np)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: %zu points for %zu free keys",
                        fc->v.text[CWB_FIT_REFERENCE], rf->nq, rf->np);
    return CWB_OK;
}

/* The value of "section.key" in the loaded case c, NaN when it has none. */
static double case_key_value(const cwb_case *c, const char *path)
{
    int j;
    const cwb_values *v = cwb_case_key(c, path, &j);
    return v ? v->p[j] : NAN;
}

/* The table entry of free key i in the loaded case, NULL when it is not a
 * table key. */
static const cwb_param *free_key_param(const run_fit *rf, size_t i)
{
    int j;
    const cwb_values *v = cwb_case_key(rf->c, rf->key[i], &j);
    return v ? &v->table[j] : NULL;
}

/* The bounds of free key i inside the range its table allows: the fit
 * moves strictly inside (lower, upper), so lower >= min and upper <= max.
 * A bound outside was found only when the solver stepped there, mid-fit
 * (lower -1 for damping.e, allowed (0, 1]), or never. */
static int bounds_in_range(const cwb_fit_case *fc, const run_fit *rf, size_t i, char *msg, size_t n)
{
    const cwb_param *pa = free_key_param(rf, i);
    if (!pa)
        return CWB_OK; /* not a table key: the start's check says so */
    if (rf->lo[i] >= pa->min && rf->hi[i] <= pa->max)
        return CWB_OK;
    int line = rf->lo[i] < pa->min ? fc->line[CWB_FIT_LOWER] : fc->line[CWB_FIT_UPPER];
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s:%d: [fit] %s: bounds (%g, %g) leave its allowed range [%g, %g] %s",
                    fc->path, line, rf->key[i], rf->lo[i], rf->hi[i], pa->min, pa->max,
                    pa->unit && strcmp(pa->unit, "-") != 0 ? pa->unit : "");
}

/* CWB_OK when free key i is a real number: a whole number (driver.steps)
 * or a word (normal.py_from) cannot be moved by a least-squares step, and
 * would fail later with a message about a --set the user never gave. */
static int real_valued(const cwb_fit_case *fc, const run_fit *rf, size_t i, char *msg, size_t n)
{
    const cwb_param *pa = free_key_param(rf, i);
    if (!pa)
        return CWB_OK; /* not a table key: the start's check says so */
    const char *takes = pa->kind == CWB_PARAM_CHOICE  ? "one of a list of words"
                        : pa->kind == CWB_PARAM_LIST  ? "a list of numbers"
                        : pa->kind == CWB_PARAM_TEXT  ? "text"
                        : (pa->flags & CWB_P_INTEGER) ? "whole numbers"
                                                      : NULL;
    if (!takes)
        return CWB_OK;
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s:%d: [fit] free: free keys must be real-valued: %s takes %s", fc->path,
                    fc->line[CWB_FIT_FREE], rf->key[i], takes);
}

/* Start values, given or the case's own (checked by loading the case), as
 * theta inside the bounds. */
static int start_values(const cwb_fit_case *fc, run_fit *rf, gsl_vector *theta, char *msg, size_t n)
{
    int rc = cwb_case_load(rf->c, rf->case_path, NULL, 0, msg, n);
    if (rc != CWB_OK)
        return rc;
    for (size_t i = 0; i < rf->np; i++) {
        if ((rc = real_valued(fc, rf, i, msg, n)) != CWB_OK)
            return rc;
        double x0 = fc->v.list[CWB_FIT_START].n ? fc->v.list[CWB_FIT_START].v[i]
                                                : case_key_value(rf->c, rf->key[i]);
        if (isnan(x0))
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s:%d: [fit] free key '%s' is not a law or "
                            "driver key of %s (give start values)",
                            fc->path, fc->line[CWB_FIT_FREE], rf->key[i], rf->case_path);
        if (!(x0 > rf->lo[i] && x0 < rf->hi[i]))
            return cwb_fail(msg, n, CWB_EINPUT, "%s: [fit] start %s = %g is not inside (%g, %g)",
                            fc->path, rf->key[i], x0, rf->lo[i], rf->hi[i]);
        if ((rc = bounds_in_range(fc, rf, i, msg, n)) != CWB_OK)
            return rc;
        double mid = 0.5 * (rf->lo[i] + rf->hi[i]), half = 0.5 * (rf->hi[i] - rf->lo[i]);
        gsl_vector_set(theta, i, atanh((x0 - mid) / half));
    }
    return CWB_OK;
}

/* --------------------------------------------------------------- solve */

/* Values, standard errors and goodness of the fit at the solver's
 * position th, whose run is rf->yfit and whose Jacobian study is sol->jac. */
static void solution_at(run_fit *rf, gsl_multifit_nlinear_workspace *w, const gsl_vector *th,
                        run_solution *sol)
{
    double chisq = 0.0;
    for (size_t q = 0; q < rf->nq; q++)
        chisq += (rf->yfit[q] - rf->yq[q]) * (rf->yfit[q] - rf->yq[q]);
    double s2 = rf->nq > rf->np ? chisq / (double)(rf->nq - rf->np) : NAN;
    double dx[MAX_FREE]; /* dx/dtheta of each key */
    for (size_t i = 0; i < rf->np; i++) {
        double t = gsl_vector_get(th, i), half = 0.5 * (rf->hi[i] - rf->lo[i]);
        sol->value[i] = key_value(rf, i, t);
        dx[i] = half * (1.0 - tanh(t) * tanh(t));
    }
    for (size_t i = 0; i < rf->np; i++)
        for (size_t k = 0; k < rf->np; k++)
            sol->cov[i * rf->np + k] = sol->jac.cov[i * rf->np + k] * s2 * dx[i] * dx[k];
    for (size_t i = 0; i < rf->np; i++)
        sol->stderr_[i] = sqrt(sol->cov[i * rf->np + i]);
    sol->r2 = cwb_fit_r_squared(rf->yq, rf->yfit, rf->nq);
    sol->rms = sqrt(chisq / (double)rf->nq);
    sol->iterations = gsl_multifit_nlinear_niter(w);
}

/* GSL's driver calls this after each iteration: how far the fit is, on a
 * terminal (a fit of a run can take minutes). */
static void progress(const size_t iter, void *params, const gsl_multifit_nlinear_workspace *w)
{
    const run_fit *rf = params;
    cwb_logf(rf->log, CWB_LOG_PROGRESS, "cwb fit %s: iteration %zu, %zu runs, |residual| %.4g",
             rf->name, iter, rf->runs, gsl_blas_dnrm2(gsl_multifit_nlinear_residual(w)));
}

static int solve(run_fit *rf, gsl_vector *theta, run_solution *sol, char *msg, size_t n)
{
    gsl_multifit_nlinear_parameters fp = gsl_multifit_nlinear_default_parameters();
    gsl_multifit_nlinear_workspace *w =
        gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &fp, rf->nq, rf->np);
    if (!w)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    gsl_multifit_nlinear_fdf fdf = {.f = run_residual, .n = rf->nq, .p = rf->np, .params = rf};
    /* GSL's default handler aborts; its statuses are checked here instead. */
    cwb_gsl_quiet_begin();
    int info = 0, status = gsl_multifit_nlinear_init(theta, &fdf, w);
    if (status == GSL_SUCCESS)
        status = gsl_multifit_nlinear_driver(MAX_ITER, 1e-10, 1e-10, 0.0, progress, rf, &info, w);
    sol->status = status;
    int rc = CWB_OK;
    const gsl_vector *th = gsl_multifit_nlinear_position(w);
    if (rf->rc != CWB_OK)
        rc = cwb_fail(msg, n, rf->rc, "fit: %s", rf->msg);
    else if (run_at(rf, th) != CWB_OK) /* the fitted curve */
        rc = cwb_fail(msg, n, rf->rc, "fit: %s", rf->msg);
    else {
        /* the Jacobian and residuals GSL holds are those of the position */
        cwb_fit_jacobian_study(gsl_multifit_nlinear_jac(w), gsl_multifit_nlinear_residual(w),
                               &sol->jac);
        solution_at(rf, w, th, sol);
        sol->stopped = cwb_fit_stop_reason(status, info, sol->iterations, MAX_ITER, &sol->jac, th,
                                           &sol->at_start, sol->why, sizeof sol->why);
    }
    cwb_gsl_quiet_end();
    gsl_multifit_nlinear_free(w);
    return rc;
}

/* -------------------------------------------------------------- report */

/* The bound undetermined key i ran onto, NaN when it is not at one: there
 * tanh saturates, so the curve cannot change with theta, whatever it does
 * with the key. */
static double at_bound(const run_fit *rf, const run_solution *sol, size_t i)
{
    double x = sol->value[i], edge = 1e-9 * (rf->hi[i] - rf->lo[i]);
    if (sol->jac.state[i] == CWB_FIT_DETERMINED)
        return NAN;
    return x - rf->lo[i] <= edge ? rf->lo[i] : rf->hi[i] - x <= edge ? rf->hi[i] : NAN;
}

static void report(const cwb_fit_case *fc, cwb_fit_out *o, const run_fit *rf,
                   const run_solution *sol)
{
    cwb_fit_note(o, "model: %s (gsl_multifit_nlinear, trust region LM)",
                 rf->vary ? "scalar" : "run");
    cwb_fit_note(o, "case: %s", rf->case_path);
    if (rf->vary)
        cwb_fit_note(o, "each point: %s = x, result %s = y", rf->vary, rf->result);
    cwb_fit_note(o, "reference: %s", fc->v.text[CWB_FIT_REFERENCE]);
    cwb_fit_say(o, "%s (fit: %s against %s, %zu points)\n", fc->name, rf->case_path,
                fc->v.text[CWB_FIT_REFERENCE], rf->nq);
    for (size_t i = 0; i < rf->np; i++) {
        double x = sol->value[i], se = sol->stderr_[i];
        const char *unit = case_key_unit(rf->c, rf->key[i]);
        char se_text[32]; /* "undefined" for NaN, as every text summary writes it */
        snprintf(se_text, sizeof se_text, isnan(se) ? "undefined" : "%.3g", se);
        cwb_fit_note(o, "%s = %.10g +- %s%s%s (bounds %g..%g)", rf->key[i], x, se_text,
                     unit[0] ? " " : "", unit, rf->lo[i], rf->hi[i]);
        /* the unit as `cwb run` prints its results: "-" when dimensionless */
        cwb_fit_say(o, "  %-28s %.10g +- %s %s%s\n", rf->key[i], x, se_text, unit[0] ? unit : "-",
                    !isnan(at_bound(rf, sol, i))           ? " (at its bound)"
                    : sol->jac.state[i] == CWB_FIT_FLAT    ? " (the curve does not change with it)"
                    : sol->jac.state[i] == CWB_FIT_TANGLED ? " (determined only with another key)"
                                                           : "");
        cwb_fit_parameter(o, rf->key[i], unit, x, se);
        cwb_fit_put(o, rf->key[i], "", x);
        cwb_fit_put(o, rf->key[i], "_stderr", se);
    }
    cwb_fit_solved(o, rf->np, sol->cov, sol->r2, rf->nq);
    /* the residuals are in y's unit */
    cwb_fit_note(o, "R^2 = %.10g, residual rms = %.6g %s, iterations %zu, runs %zu, GSL status %d",
                 sol->r2, sol->rms, rf->yunit, sol->iterations, rf->runs, sol->status);
    cwb_fit_say(o, "  %-28s %.10g\n  %-28s %.6g %s\n  %-28s %zu (%zu runs)\n", "R^2", sol->r2,
                "residual rms", sol->rms, rf->yunit, "iterations", sol->iterations, rf->runs);
    cwb_fit_json_number(&o->json_out, "rms", sol->rms);
    cwb_fit_json_number(&o->json_out, "iterations", (double)sol->iterations);
    cwb_fit_put(o, "r_squared", "", sol->r2);
    cwb_fit_put(o, "iterations", "", (double)sol->iterations);
    if (o->params) {
        o->params->np = rf->np;
        for (size_t i = 0; i < rf->np; i++) {
            snprintf(o->params->name[i], sizeof o->params->name[i], "%s", rf->key[i]);
            for (size_t j = 0; j < rf->np; j++)
                o->params->cov[i][j] = sol->cov[i * rf->np + j];
        }
    }
}

/* The reference, the fitted run and the residual at each reference x. */
static int write_table(const cwb_fit_case *fc, const cwb_fit_out *o, const run_fit *rf, char *msg,
                       size_t n)
{
    double *rows = malloc(rf->nq * 4 * sizeof *rows);
    if (!rows)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    for (size_t q = 0; q < rf->nq; q++) {
        double row[] = {rf->xq[q], rf->yq[q], rf->yfit[q], rf->yfit[q] - rf->yq[q]};
        memcpy(rows + 4 * q, row, sizeof row);
    }
    char c1[CWB_TEXT + 8], c2[CWB_TEXT + 8];
    snprintf(c1, sizeof c1, "%s_data", rf->y);
    snprintf(c2, sizeof c2, "%s_fit", rf->y);
    const char *cols[] = {rf->x, c1, c2, "residual"};
    cwb_fit_table t = {.cols = cols,
                       .ncol = 4,
                       .rows = rows,
                       .nrow = rf->nq,
                       .ix = 0,
                       .iy = 1,
                       .ifit = 2,
                       .xunit = rf->xunit,
                       .yunit = rf->yunit,
                       .data_title = rf->data_title,
                       .fit_title = "cwb, fitted"};
    int rc = cwb_fit_write_table(fc, o, &t, msg, n);
    free(rows);
    return rc;
}

/* The fitted curve against the reference it was fitted to, judged as a
 * run against its reference is (cwb_verdict.h): max |fit - ref| / max
 * |ref| over the points fitted, against the reference's tolerance; a
 * model comparison (the fit-case says what the deviation measures) has no
 * verdict. Into the results, the JSON and a note on the log. */
static void judge(const cwb_fit_case *fc, cwb_fit_out *o, const run_fit *rf,
                  const cwb_reference *ref, const cwb_log *log)
{
    double worst = 0.0, scale = 0.0;
    for (size_t q = 0; q < rf->nq; q++) {
        worst = fmax(worst, fabs(rf->yfit[q] - rf->yq[q]));
        scale = fmax(scale, fabs(rf->yq[q]));
    }
    double dev = scale > 0.0 ? worst / scale : worst;
    const char *model = fc->v.text[CWB_FIT_MODEL_COMPARISON];
    cwb_verdict v = cwb_verdict_judge(dev, ref->tolerance, model[0] != 0);
    cwb_fit_put(o, "ref_max_rel_error", "", dev);
    cwb_fit_put(o, "ref_tolerance", "", ref->tolerance);
    if (o->res)
        o->res->verdict = v;
    cwb_fit_json_number(&o->json_out, "ref_max_rel_error", dev);
    cwb_fit_json_number(&o->json_out, "ref_tolerance", ref->tolerance);
    cwb_fit_json_string(&o->json_out, "verdict", cwb_verdict_word(v));
    char line[256];
    cwb_verdict_line(v, dev, ref->tolerance, line, sizeof line);
    cwb_fit_note(o, "fitted curve against the reference: %s of max |ref|", line);
    cwb_logf(log, CWB_LOG_NOTE, "cwb: the fitted curve against %s: %s (of max |ref|)\n",
             fc->v.text[CWB_FIT_REFERENCE], line);
    if (model[0])
        cwb_logf(log, CWB_LOG_NOTE, "cwb:   (%s)\n", model);
}

/* What the numbers do not say alone: keys the data do not determine, why
 * the solver stopped, a model that does not describe the data; a start
 * that already was the answer is noted, not warned about. */
static void warn(const cwb_fit_case *fc, cwb_fit_out *o, const run_fit *rf, const run_solution *sol,
                 const cwb_log *log)
{
    for (size_t i = 0; i < rf->np; i++) {
        double bound = at_bound(rf, sol, i);
        if (!isnan(bound))
            cwb_logf(log, CWB_LOG_WARN,
                     "%s: %s ran to its bound %g, where the fit cannot move it: its standard "
                     "error is undefined (widen the bounds unless the bound is physical)\n",
                     fc->name, rf->key[i], bound);
        else
            cwb_fit_warn_undetermined(log, fc->name, rf->key[i], sol->jac.state[i]);
    }
    if (sol->stopped)
        cwb_logf(log, CWB_LOG_WARN, "%s: %s\n", fc->name, sol->why);
    if (sol->at_start) {
        cwb_fit_note(o, "converged at the start: no step lowered the residual and the "
                        "Gauss-Newton step from it is below 1e-8 of each key");
        cwb_fit_say(o, "  (converged at the start: it is the least-squares solution)\n");
    }
    cwb_fit_warn_r_squared(log, fc->name, sol->r2);
}

/* Fit rf's keys to the reference ref, report and write the table. */
/* The reference was made for the case's inputs, but for the keys the fit
 * frees and the one it varies (and the laws in a model comparison): a curve made for E = 70 GPa fitted with a
 * case at 80 GPa gave p_y 0.9 % off (13 of its standard errors) and PASS,
 * where `cwb run` says "made for other inputs". */
static int made_for_this_case(const cwb_fit_case *fc, const run_fit *rf, const cwb_reference *ref,
                              char *msg, size_t n)
{
    /* a model comparison fits one law to another's curve on purpose: the
     * laws and their parameters may differ, the bodies and the driver not */
    static const char *const laws[] = {"contact.", "normal.",  "tangential.",
                                       "damping.", "rolling.", "twisting."};
    const char *skip[MAX_FREE + 1 + sizeof laws / sizeof *laws];
    size_t nskip = 0;
    for (; nskip < rf->np; nskip++)
        skip[nskip] = rf->key[nskip];
    if (rf->vary)
        skip[nskip++] = rf->vary;
    for (size_t i = 0; fc->v.text[CWB_FIT_MODEL_COMPARISON][0] && i < sizeof laws / sizeof *laws;
         i++)
        skip[nskip++] = laws[i];
    char why[CWB_MSG];
    int ok = cwb_reference_stands_for_but(ref, rf->c, skip, nskip, why, sizeof why);
    if (ok == 1)
        return CWB_OK;
    if (ok < 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: %s", fc->path, why);
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s:%d: [fit] reference %s was made for other inputs: %s (give the case the "
                    "reference's inputs, or free that key)",
                    fc->path, fc->line[CWB_FIT_REFERENCE], ref->path, why);
}

static int fit_against(const cwb_fit_case *fc, cwb_fit_out *o, const cwb_log *log, run_fit *rf,
                       const cwb_reference *ref, char *msg, size_t n)
{
    int rc = use_reference(fc, o, ref, rf, msg, n);
    if (rc != CWB_OK)
        return rc;
    rf->yfit = malloc(rf->nq * sizeof *rf->yfit);
    rf->c = cwb_case_new();
    gsl_vector *theta = gsl_vector_alloc(rf->np);
    run_solution sol = {0};
    if (!rf->yfit || !rf->c || !theta)
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    if (rc == CWB_OK)
        rc = start_values(fc, rf, theta, msg, n);
    if (rc == CWB_OK)
        rc = made_for_this_case(fc, rf, ref, msg, n);
    if (rc == CWB_OK)
        rc = solve(rf, theta, &sol, msg, n);
    if (rc == CWB_OK) {
        report(fc, o, rf, &sol);
        judge(fc, o, rf, ref, log);
        warn(fc, o, rf, &sol, log);
        rc = write_table(fc, o, rf, msg, n);
    }
    if (theta)
        gsl_vector_free(theta);
    return rc;
}

static int fit_run(const cwb_fit_case *fc, cwb_fit_out *o, const cwb_log *log, char *msg, size_t n)
{
    run_fit *rf = calloc(1, sizeof *rf); /* key[] is large for a stack */
    if (!rf)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    rf->case_path = fc->v.text[CWB_FIT_CASE];
    rf->log = log;
    rf->o = o;
    rf->name = fc->name;
    rf->x = fc->v.text[CWB_FIT_X];
    rf->y = fc->v.text[CWB_FIT_Y];
    if (fc->v.text[CWB_FIT_VARY][0]) {
        rf->vary = fc->v.text[CWB_FIT_VARY];
        rf->result = fc->v.text[CWB_FIT_RESULT];
    }
    cwb_reference ref;
    int rc = read_free_keys(fc, rf, msg, n);
    if (rc == CWB_OK &&
        (rc = cwb_reference_load(&ref, fc->v.text[CWB_FIT_REFERENCE], msg, n)) == CWB_OK) {
        rc = fit_against(fc, o, log, rf, &ref, msg, n);
        cwb_reference_free(&ref);
    }
    free(rf->c);
    free(rf->yfit);
    cwb_fit_points_free(&rf->points);
    free(rf);
    return rc;
}

static const cwb_fit_key run_requires[] = {CWB_FIT_CASE, CWB_FIT_REFERENCE, CWB_FIT_X,
                                           CWB_FIT_Y,    CWB_FIT_FREE,      CWB_FIT_MODEL};
static const cwb_fit_key run_accepts[] = {
    CWB_FIT_START, CWB_FIT_LOWER,      CWB_FIT_UPPER, CWB_FIT_WHERE, CWB_FIT_X_RANGE,
    CWB_FIT_NOISE, CWB_FIT_NOISE_SEED, CWB_FIT_REF_X, CWB_FIT_REF_Y, CWB_FIT_MODEL_COMPARISON,
    CWB_FIT_MODEL};

const cwb_fit_model cwb_fit_model_run = {
    .name = "run",
    .summary = "free case keys fitted so the run matches a reference curve "
               "(gsl_multifit_nlinear)",
    .requires = run_requires,
    .accepts = run_accepts,
    .run = fit_run,
};

static const cwb_fit_key scalar_requires[] = {CWB_FIT_CASE,   CWB_FIT_REFERENCE, CWB_FIT_X,
                                              CWB_FIT_Y,      CWB_FIT_FREE,      CWB_FIT_VARY,
                                              CWB_FIT_RESULT, CWB_FIT_MODEL};

const cwb_fit_model cwb_fit_model_scalar = {
    .name = "scalar",
    .summary = "free case keys fitted so a scalar result over a varied key matches a "
               "reference (e.g. restitution against impact velocity)",
    .requires = scalar_requires,
    .accepts = run_accepts,
    .run = fit_run,
};
