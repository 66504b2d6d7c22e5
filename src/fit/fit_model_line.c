/* fit_model_line.c -- fit model `line`: y = k x through the origin.
 *
 * The equivalent linear stiffness of a curve (seed 000 sec. 4.3): the
 * least-squares slope through the origin, GSL's gsl_fit_mul, over columns
 * x and y of a run of `case` or, without a case, of a data CSV. The
 * standard error is sqrt(cov11) as gsl_fit_mul returns it (already scaled
 * by chi^2/(n - 1)).
 */
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>

#include "cwb_fit.h"
#include "cwb_out.h"

/* The points fitted, borrowed from a run or a data CSV (whichever is set). */
typedef struct {
    const char *source; /* the case or the data file */
    cwb_result run;
    cwb_reference data;
    int have_data;
    const double *x, *y;
    size_t m;
    const char *xunit, *yunit; /* of x and y ("" when not known) */
} line_points;

static int points_from_run(const cwb_fit_case *fc, line_points *p, char *msg, size_t n)
{
    const char *xn = fc->v.text[CWB_FIT_X], *yn = fc->v.text[CWB_FIT_Y];
    cwb_case *c = cwb_case_new();
    if (!c)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    int rc = cwb_case_load(c, p->source, NULL, 0, msg, n);
    if (rc == CWB_OK)
        rc = cwb_run_case(c, &p->run, msg, n);
    free(c);
    if (rc != CWB_OK)
        return rc;
    int ix = cwb_series_find(&p->run.series, xn), iy = cwb_series_find(&p->run.series, yn);
    if (ix < 0 || iy < 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: the run has no column '%s'", p->source,
                        ix < 0 ? xn : yn);
    p->x = p->run.series.col[ix].v;
    p->y = p->run.series.col[iy].v;
    p->xunit = p->run.series.col[ix].unit;
    p->yunit = p->run.series.col[iy].unit;
    p->m = p->run.series.nrow;
    return CWB_OK;
}

static int points_from_data(const cwb_fit_case *fc, line_points *p, char *msg, size_t n)
{
    const char *xn = fc->v.text[CWB_FIT_X], *yn = fc->v.text[CWB_FIT_Y];
    int rc = cwb_reference_load(&p->data, p->source, msg, n);
    if (rc != CWB_OK)
        return rc;
    p->have_data = 1;
    int jx = cwb_reference_find(&p->data, xn), jy = cwb_reference_find(&p->data, yn);
    if (jx < 0 || jy < 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: no column '%s'", p->source, jx < 0 ? xn : yn);
    p->x = p->data.v[jx];
    p->y = p->data.v[jy];
    p->xunit = p->data.unit[jx];
    p->yunit = p->data.unit[jy];
    p->m = p->data.nrow;
    return CWB_OK;
}

static int get_points(const cwb_fit_case *fc, line_points *p, char *msg, size_t n)
{
    cwb_result_init(&p->run);
    if (fc->v.text[CWB_FIT_CASE][0]) {
        p->source = fc->v.text[CWB_FIT_CASE];
        return points_from_run(fc, p, msg, n);
    }
    int rc = cwb_fit_need(fc, CWB_FIT_DATA, msg, n);
    if (rc != CWB_OK)
        return rc;
    p->source = fc->v.text[CWB_FIT_DATA];
    return points_from_data(fc, p, msg, n);
}

static void free_points(line_points *p)
{
    cwb_result_free(&p->run);
    if (p->have_data)
        cwb_reference_free(&p->data);
}

/* k's unit, y's over x's ("(N/m)/m" when y's has a slash; y's alone when
 * x is dimensionless, "-" when both are); "" when either is not known. */
static void k_unit(const char *yu, const char *xu, char *out, size_t n)
{
    yu = yu ? yu : "";
    xu = xu ? xu : "";
    int y_none = strcmp(yu, "-") == 0, x_none = strcmp(xu, "-") == 0;
    if (!yu[0] || !xu[0])
        snprintf(out, n, "%s", "");
    else if (x_none)
        snprintf(out, n, "%s", yu);
    else
        snprintf(out, n, strchr(yu, '/') ? "(%s)/%s" : "%s/%s", y_none ? "1" : yu, xu);
}

static void report(const cwb_fit_case *fc, cwb_fit_out *o, const line_points *p, double k,
                   double se, double r2)
{
    cwb_fit_note(o, "model: line y = k x through the origin (gsl_fit_mul)");
    cwb_fit_note(o, "source: %s", p->source);
    char unit[48];
    k_unit(p->yunit, p->xunit, unit, sizeof unit);
    cwb_fit_note(o, "k = %.10g +- %.3g%s%s, R^2 = %.10g", k, se, unit[0] ? " " : "", unit, r2);
    cwb_fit_say(o, "%s (%s = k %s over %zu points)\n  %-28s %.10g +- %.3g %s\n  %-28s %.10g\n",
                fc->name, fc->v.text[CWB_FIT_Y], fc->v.text[CWB_FIT_X], p->m, "k", k, se,
                unit[0] ? unit : "(unit not known)", "R^2", r2);
    double var = se * se;
    cwb_fit_parameter(o, "k", unit[0] ? unit : "?", k, se); /* not known: not "-" */
    cwb_fit_solved(o, 1, &var, r2, p->m);
    cwb_fit_put(o, "k", "", k);
    cwb_fit_put(o, "k", "_stderr", se);
    cwb_fit_put(o, "r_squared", "", r2);
}

/* Fit k, report it and write the table (x, y, k x, residual). */
static int fit_points(const cwb_fit_case *fc, cwb_fit_out *o, const line_points *p, char *msg,
                      size_t n)
{
    double k, cov, ss;
    if (p->m < 2 || gsl_fit_mul(p->x, 1, p->y, 1, p->m, &k, &cov, &ss) != GSL_SUCCESS)
        return cwb_fail(msg, n, CWB_EFAIL, "line: cannot fit %zu points", p->m);
    double *rows = malloc(p->m * 4 * sizeof *rows), *yf = malloc(p->m * sizeof *yf);
    if (!rows || !yf) {
        free(rows);
        free(yf);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    for (size_t i = 0; i < p->m; i++) {
        yf[i] = k * p->x[i];
        double row[] = {p->x[i], p->y[i], yf[i], yf[i] - p->y[i]};
        memcpy(rows + 4 * i, row, sizeof row);
    }
    report(fc, o, p, k, sqrt(cov), cwb_fit_r_squared(p->y, yf, p->m));
    const char *yn = fc->v.text[CWB_FIT_Y];
    char c1[CWB_TEXT + 8], c2[CWB_TEXT + 8];
    snprintf(c1, sizeof c1, "%s_data", yn);
    snprintf(c2, sizeof c2, "%s_fit", yn);
    const char *cols[] = {fc->v.text[CWB_FIT_X], c1, c2, "residual"};
    cwb_fit_table t = {.cols = cols,
                       .ncol = 4,
                       .rows = rows,
                       .nrow = p->m,
                       .ix = 0,
                       .iy = 1,
                       .ifit = 2,
                       .xunit = p->xunit,
                       .yunit = p->yunit,
                       .data_title = p->have_data ? cwb_fit_data_title(&p->data) : "cwb run",
                       .fit_title = "line through the origin"};
    int rc = cwb_fit_write_table(fc, o, &t, msg, n);
    free(rows);
    free(yf);
    return rc;
}

static int fit_line(const cwb_fit_case *fc, cwb_fit_out *o, const cwb_log *log, char *msg, size_t n)
{
    (void)log;
    line_points p = {0};
    int rc = get_points(fc, &p, msg, n);
    if (rc == CWB_OK)
        rc = fit_points(fc, o, &p, msg, n);
    free_points(&p);
    return rc;
}

static const cwb_fit_key line_requires[] = {CWB_FIT_X, CWB_FIT_Y, CWB_FIT_MODEL};
static const cwb_fit_key line_accepts[] = {CWB_FIT_CASE, CWB_FIT_DATA, CWB_FIT_MODEL};

const cwb_fit_model cwb_fit_model_line = {
    .name = "line",
    .summary = "y = k x through the origin over a run's or a data file's columns (gsl_fit_mul)",
    .requires = line_requires,
    .accepts = line_accepts,
    .run = fit_line,
};
