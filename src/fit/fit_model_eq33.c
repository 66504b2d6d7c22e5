/* fit_model_eq33.c -- fit model `eq33`: seed 000 eq. 33 refitted to data.
 *
 * Reference: seed 000 eq. 33, the penalty factor
 *   w = c0 + c1 x + c2 nu + c3 x^2 + c4 x nu + c5 nu^2,   x = a/R,
 * fitted over the points (a_over_R, nu, w) of a data CSV (the FEM grid of
 * Fig. 8; [fit] x_range = lo, hi keeps lo <= a/R <= hi): linear least squares, gsl_multifit_linear, whose covariance is
 * already s^2 (X^T X)^-1 (checked against the normal equations in
 * tests/test_fit.c). The paper's coefficients are reported beside, with
 * their R^2 and largest deviation on the same data.
 *
 * With `show`, the fit is drawn on another data set against its column x
 * (one panel of seed 000 Fig. 7: DIR/NAME.csv and DIR/NAME.gp) instead of
 * the standard table; without it, the standard table and a plot of w
 * against a/R, one curve per nu (Fig. 8: DIR/NAME_fit_by_nu.gp).
 */
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_multifit.h>

#include "cwb_disc2d.h"
#include "cwb_fit.h"
#include "cwb_out.h"

#define NTERM 6

static const double paper_eq33[NTERM] = {0.22, 2.89, 0.18, -10.31, 1.75, 0.36};
static const char *const term_names[NTERM] = {"1", "a/R", "nu", "(a/R)^2", "(a/R) nu", "nu^2"};

/* The data's columns a/R, nu and w. */
typedef struct {
    cwb_reference d;
    const double *x, *nu, *w;
    size_t m;
} eq33_data;

/* The fit and how the paper's coefficients do on the same data. */
typedef struct {
    double c[NTERM], se[NTERM];
    double cov[NTERM * NTERM]; /* of the coefficients, GSL's estimate */
    double r2, r2_paper;
    double worst, worst_x, worst_nu; /* the paper's largest |w - data| and where */
    double *rows;                    /* m x 6: a/R, nu, w, fit, paper, residual */
} eq33_fit;

static void eq33_row(double x, double nu, double *row)
{
    row[0] = 1.0;
    row[1] = x;
    row[2] = nu;
    row[3] = x * x;
    row[4] = x * nu;
    row[5] = nu * nu;
}

/* The data's points, only those with lo <= a/R <= hi ([fit] x_range: a
 * refit on part of the grid, e.g. the paper's range instead of cwb's). */
static int load_data(const char *path, double lo, double hi, eq33_data *e, char *msg, size_t n)
{
    int rc = cwb_reference_load(&e->d, path, msg, n);
    if (rc != CWB_OK)
        return rc;
    int jx = cwb_reference_find(&e->d, "a_over_R"), jn = cwb_reference_find(&e->d, "nu"),
        jw = cwb_reference_find(&e->d, "w");
    size_t m = 0;
    for (size_t i = 0; jx >= 0 && jn >= 0 && jw >= 0 && i < e->d.nrow; i++)
        if (e->d.v[jx][i] >= lo && e->d.v[jx][i] <= hi) {
            e->d.v[jx][m] = e->d.v[jx][i];
            e->d.v[jn][m] = e->d.v[jn][i];
            e->d.v[jw][m] = e->d.v[jw][i];
            m++;
        }
    if (jx < 0 || jn < 0 || jw < 0 || m <= NTERM) {
        cwb_reference_free(&e->d);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: eq33 needs columns a_over_R, nu, w and more "
                        "than 6 rows (with a/R inside [fit] x_range when given)",
                        path);
    }
    e->x = e->d.v[jx];
    e->nu = e->d.v[jn];
    e->w = e->d.v[jw];
    e->m = m;
    return CWB_OK;
}

/* Coefficients and their standard errors by gsl_multifit_linear. */
static int solve(const eq33_data *e, eq33_fit *fit, char *msg, size_t n)
{
    gsl_matrix *X = gsl_matrix_alloc(e->m, NTERM), *cov = gsl_matrix_alloc(NTERM, NTERM);
    gsl_vector *y = gsl_vector_alloc(e->m), *c = gsl_vector_alloc(NTERM);
    gsl_multifit_linear_workspace *ws = gsl_multifit_linear_alloc(e->m, NTERM);
    int rc = CWB_OK;
    if (!X || !cov || !y || !c || !ws) {
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < e->m; i++) {
        double r[NTERM];
        eq33_row(e->x[i], e->nu[i], r);
        for (int j = 0; j < NTERM; j++)
            gsl_matrix_set(X, i, j, r[j]);
        gsl_vector_set(y, i, e->w[i]);
    }
    double chisq = 0.0;
    int status = gsl_multifit_linear(X, y, c, cov, &chisq, ws);
    if (status != GSL_SUCCESS) {
        rc = cwb_fail(msg, n, CWB_EFAIL, "eq33: the linear fit failed (GSL: %s)",
                      gsl_strerror(status));
        goto done;
    }
    for (int j = 0; j < NTERM; j++) {
        fit->c[j] = gsl_vector_get(c, j);
        fit->se[j] = sqrt(gsl_matrix_get(cov, j, j));
        for (int k = 0; k < NTERM; k++)
            fit->cov[j * NTERM + k] = gsl_matrix_get(cov, j, k);
    }
done:
    gsl_multifit_linear_free(ws); /* each free takes NULL */
    gsl_matrix_free(X);
    gsl_matrix_free(cov);
    gsl_vector_free(y);
    gsl_vector_free(c);
    return rc;
}

/* The fit and the paper's formula at every data point: the table's rows,
 * both R^2 and the paper's largest deviation. */
static int compare(const eq33_data *e, eq33_fit *fit, char *msg, size_t n)
{
    fit->rows = malloc(e->m * NTERM * sizeof *fit->rows);
    double *wf = malloc(e->m * sizeof *wf), *wp = malloc(e->m * sizeof *wp);
    if (!fit->rows || !wf || !wp) {
        free(wf);
        free(wp);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    fit->worst = fit->worst_x = fit->worst_nu = 0.0;
    for (size_t i = 0; i < e->m; i++) {
        double r[NTERM], a = 0.0, b = 0.0;
        eq33_row(e->x[i], e->nu[i], r);
        for (int j = 0; j < NTERM; j++) {
            a += r[j] * fit->c[j];
            b += r[j] * paper_eq33[j];
        }
        wf[i] = a;
        wp[i] = b;
        if (fabs(b - e->w[i]) > fit->worst) {
            fit->worst = fabs(b - e->w[i]);
            fit->worst_x = e->x[i];
            fit->worst_nu = e->nu[i];
        }
        double row[] = {e->x[i], e->nu[i], e->w[i], a, b, a - e->w[i]};
        memcpy(fit->rows + NTERM * i, row, sizeof row);
    }
    fit->r2 = cwb_fit_r_squared(e->w, wf, e->m);
    fit->r2_paper = cwb_fit_r_squared(e->w, wp, e->m);
    free(wf);
    free(wp);
    return CWB_OK;
}

static void report(const cwb_fit_case *fc, cwb_fit_out *o, const eq33_fit *fit, size_t m)
{
    const char *data = fc->v.text[CWB_FIT_DATA];
    cwb_fit_note(o, "model: eq33 (seed 000 eq. 33, gsl_multifit_linear)");
    cwb_fit_note(o, "data: %s (%zu points)", data, m);
    cwb_fit_say(o, "%s (eq. 33 over %s, %zu points)\n  %-10s %12s %10s %10s\n", fc->name, data, m,
                "term", "cwb", "stderr", "paper");
    cwb_fit_json_open(&o->json_out, "coefficients", '[');
    for (int j = 0; j < NTERM; j++) {
        cwb_fit_note(o, "c[%s] = %.6g +- %.3g (paper %g)", term_names[j], fit->c[j], fit->se[j],
                     paper_eq33[j]);
        cwb_fit_say(o, "  %-10s %12.5g %10.3g %10g\n", term_names[j], fit->c[j], fit->se[j],
                    paper_eq33[j]);
        cwb_fit_json_open(&o->json_out, NULL, '{');
        cwb_fit_json_string(&o->json_out, "term", term_names[j]);
        cwb_fit_json_number(&o->json_out, "value", fit->c[j]);
        cwb_fit_json_number(&o->json_out, "stderr", fit->se[j]);
        cwb_fit_json_number(&o->json_out, "paper", paper_eq33[j]);
        cwb_fit_json_close(&o->json_out, '}');
        char cn[16];
        snprintf(cn, sizeof cn, "c%d", j);
        cwb_fit_parameter(o, cn, "-", fit->c[j], fit->se[j]);
        cwb_fit_put(o, cn, "", fit->c[j]);
        cwb_fit_put(o, cn, "_stderr", fit->se[j]);
    }
    cwb_fit_json_close(&o->json_out, ']');
    cwb_fit_note(o,
                 "R^2 = %.6g (paper's coefficients on these data: %.6g); paper's largest "
                 "deviation %.4g at a/R = %g, nu = %g",
                 fit->r2, fit->r2_paper, fit->worst, fit->worst_x, fit->worst_nu);
    cwb_fit_say(o,
                "  %-10s %12.6g %10s %10.6g\n  paper's formula: largest deviation %.4g at "
                "a/R = %g, nu = %g\n",
                "R^2", fit->r2, "", fit->r2_paper, fit->worst, fit->worst_x, fit->worst_nu);
    cwb_fit_solved(o, NTERM, fit->cov, fit->r2, m);
    cwb_fit_json_number(&o->json_out, "r_squared_paper", fit->r2_paper);
    cwb_fit_json_number(&o->json_out, "paper_max_deviation", fit->worst);
    cwb_fit_put(o, "r_squared", "", fit->r2);
    cwb_fit_put(o, "r_squared_paper", "", fit->r2_paper);
    cwb_fit_put(o, "paper_max_deviation", "", fit->worst);
}

/* ------------------------------------------------ Fig. 8: w for each nu */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* gnuplot's eq. 33 with coefficients c, as a function NAME(x, nu). */
static void eq33_gnuplot(FILE *f, const char *fn, const double *c)
{
    fprintf(f, "%s(x, nu) = %.10g + %.10g*x + %.10g*nu + %.10g*x**2 + %.10g*x*nu + %.10g*nu**2\n",
            fn, c[0], c[1], c[2], c[3], c[4], c[5]);
}

/* The plot's curves: the data of each nu as points, the fit solid, the
 * paper's eq. 33 dashed; u holds the k distinct values of nu. */
static void by_nu_curves(FILE *f, const char *csv, const double *u, size_t k)
{
    fprintf(f, "set xrange [0:*]\nplot NaN with lines lw 2 dt 1 lc rgb 'black' title 'cwb fit', "
               "\\\n     NaN with lines lw 1.5 dt 2 lc rgb 'black' title 'paper eq. 33'");
    for (size_t i = 0; i < k; i++) {
        fprintf(f, ", \\\n     ");
        cwb_fit_gp_string(f, '\'', csv);
        fprintf(f,
                " using 1:(abs($2 - %.10g) < 1e-9 ? $3 : 1/0) with "
                "points lt %zu ps 0.8 title 'nu = %g', \\\n"
                "     wfit(x, %.10g) with lines lt %zu dt 1 notitle, \\\n"
                "     wpaper(x, %.10g) with lines lt %zu lw 1.5 dt 2 notitle",
                u[i], i + 1, u[i], u[i], i + 1, u[i], i + 1);
    }
    fprintf(f, "\n");
}

/* Seed 000 Fig. 8 as curves: DIR/NAME_fit_by_nu.gp (+ PNG). */
static int by_nu_plot(const cwb_fit_case *fc, const cwb_fit_out *o, const eq33_fit *fit,
                      const eq33_data *e, char *msg, size_t n)
{
    double *u = malloc(e->m * sizeof *u);
    if (!u)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    memcpy(u, e->nu, e->m * sizeof *u);
    qsort(u, e->m, sizeof *u, cmp_double);
    size_t k = 0;
    for (size_t i = 0; i < e->m; i++)
        if (k == 0 || u[i] > u[k - 1] + 1e-12)
            u[k++] = u[i];
    char base[sizeof fc->name + 16], csv[sizeof base + 8], title[CWB_TEXT + 48];
    snprintf(base, sizeof base, "%s_fit_by_nu", fc->name);
    snprintf(csv, sizeof csv, "%s_fit.csv", fc->name);
    snprintf(title, sizeof title, "%s: w against a/R for each nu", fc->title);
    if (!o->plot) {
        free(u);
        return cwb_fit_drop_script(o, base, msg, n);
    }
    cwb_output out;
    int rc = cwb_fit_open(o, base, "gp", &out, msg, n);
    if (rc == CWB_OK) {
        cwb_fit_gp_begin(out.f, base);
        cwb_fit_gp_title(out.f, o, title, fit->r2);
        fprintf(out.f, "set samples 300\n");
        cwb_gp_style_axis(out.f, 'x', "a/R", "");
        cwb_gp_style_axis(out.f, 'y', "penalty factor w", "");
        eq33_gnuplot(out.f, "wfit", fit->c);
        eq33_gnuplot(out.f, "wpaper", paper_eq33);
        by_nu_curves(out.f, csv, u, k);
        rc = cwb_fit_finish_script(o, base, &out, msg, n);
    }
    free(u);
    return rc;
}

static int write_table(const cwb_fit_case *fc, cwb_fit_out *o, const eq33_fit *fit,
                       const eq33_data *e, char *msg, size_t n)
{
    static const char *const cols[] = {"a_over_R", "nu", "w_data", "w_fit", "w_paper", "residual"};
    static const char *const units[] = {"-", "-", "-", "-", "-", "-"}; /* w is a ratio (eq. 20) */
    cwb_fit_table t = {.cols = cols,
                       .ncol = NTERM,
                       .rows = fit->rows,
                       .nrow = e->m,
                       .ix = 0,
                       .iy = 2,
                       .ifit = 3,
                       .xunit = "-",
                       .yunit = "-",
                       .units = units};
    int rc = cwb_fit_write_table(fc, o, &t, msg, n);
    if (rc == CWB_OK)
        rc = by_nu_plot(fc, o, fit, e, msg, n);
    return rc;
}

/* ------------------------------------------- a panel of seed 000 Fig. 7 */

/* The `show` data's columns and how eq. 33 does on them. */
typedef struct {
    const char *path, *xname;
    const char *xunit; /* the show data's unit of column x ("-" when it names none) */
    eq33_data e;
    const double *xs; /* column x of the show data */
    double worst_fit, worst_paper;
} eq33_panel;

/* DIR/NAME.csv: the `show` data's w against its column x, with eq. 33 at
 * each of its points, fitted and the paper's. */
static int panel_csv(const cwb_fit_case *fc, const cwb_fit_out *o, const eq33_fit *fit,
                     eq33_panel *p, char *msg, size_t n)
{
    cwb_output out;
    int rc = cwb_fit_open(o, fc->name, "csv", &out, msg, n);
    if (rc != CWB_OK)
        return rc;
    char what[2 * CWB_TEXT];
    snprintf(what, sizeof what, "eq. 33 on %s against %s", p->path, p->xname);
    cwb_fit_csv_head(out.f, o, what);
    fprintf(out.f, "%s[%s],a_over_R[-],nu[-],w_fem[-],w_fit[-],w_paper[-]\n", p->xname, p->xunit);
    p->worst_fit = p->worst_paper = 0.0;
    for (size_t i = 0; i < p->e.m; i++) {
        double x = p->e.x[i], nu = p->e.nu[i], w = p->e.w[i];
        double wf = cwb_penalty_eq33(fit->c, x, nu), wp = cwb_penalty_eq33(paper_eq33, x, nu);
        p->worst_fit = fmax(p->worst_fit, fabs(wf - w));
        p->worst_paper = fmax(p->worst_paper, fabs(wp - w));
        const double row[] = {p->xs[i], x, nu, w, wf, wp};
        for (size_t k = 0; k < sizeof row / sizeof *row; k++) {
            cwb_csv_number(out.f, row[k]);
            fputc(k + 1 < sizeof row / sizeof *row ? ',' : '\n', out.f);
        }
    }
    return cwb_output_commit(&out, msg, n);
}

/* DIR/NAME.gp (+ PNG): the panel's FEM points and both eq. 33 curves. */
static int panel_plot(const cwb_fit_case *fc, const cwb_fit_out *o, const eq33_panel *p, char *msg,
                      size_t n)
{
    char csv[sizeof fc->name + 8];
    snprintf(csv, sizeof csv, "%s.csv", fc->name);
    static const char *const curves[] = {
        " using 1:4 with points lt 2 ps 1.2 "
        "title 'FEM (gmsh + CalculiX), w from eq. 20', \\\n     ",
        " using 1:5 with linespoints lt 1 pt 6 "
        "title 'eq. 33, cwb fit to the FEM grid', \\\n     ",
        " using 1:6 with linespoints lt 7 pt 4 lw 1.5 dt 2 title 'eq. 33, paper'\n"};
    cwb_output out;
    int rc = cwb_fit_open(o, fc->name, "gp", &out, msg, n);
    if (rc != CWB_OK)
        return rc;
    int logx = strcmp(p->xname, "R") == 0 || strcmp(p->xname, "E") == 0;
    cwb_fit_gp_begin(out.f, fc->name);
    cwb_fit_gp_title(out.f, o, fc->title, NAN);
    if (logx)
        fprintf(out.f, "set logscale x\ncwb_logx = 1\n");
    cwb_gp_style_axis(out.f, 'x', p->xname, p->xunit);
    cwb_gp_style_axis(out.f, 'y', "penalty factor w", "");
    fprintf(out.f, "plot ");
    for (size_t i = 0; i < sizeof curves / sizeof *curves; i++) {
        cwb_fit_gp_string(out.f, '\'', csv);
        fputs(curves[i], out.f);
    }
    return cwb_fit_finish_script(o, fc->name, &out, msg, n);
}

static void panel_report(cwb_fit_out *o, const eq33_panel *p)
{
    cwb_fit_say(o,
                "  %s: %zu FEM points against %s; largest |eq. 33 - FEM|: fit %.3g, "
                "paper %.3g\n",
                p->path, p->e.m, p->xname, p->worst_fit, p->worst_paper);
    cwb_fit_json_open(&o->json_out, "show", '{');
    cwb_fit_json_string(&o->json_out, "data", p->path);
    cwb_fit_json_string(&o->json_out, "x", p->xname);
    cwb_fit_json_number(&o->json_out, "points", (double)p->e.m);
    cwb_fit_json_number(&o->json_out, "fit_max_deviation", p->worst_fit);
    cwb_fit_json_number(&o->json_out, "paper_max_deviation", p->worst_paper);
    cwb_fit_json_close(&o->json_out, '}');
}

static int write_panel(const cwb_fit_case *fc, cwb_fit_out *o, const eq33_fit *fit, char *msg,
                       size_t n)
{
    eq33_panel p = {.path = fc->v.text[CWB_FIT_SHOW], .xname = fc->v.text[CWB_FIT_X]};
    int rc = cwb_reference_load(&p.e.d, p.path, msg, n);
    if (rc != CWB_OK)
        return rc;
    int jx = cwb_reference_find(&p.e.d, p.xname), ja = cwb_reference_find(&p.e.d, "a_over_R"),
        jn = cwb_reference_find(&p.e.d, "nu"), jw = cwb_reference_find(&p.e.d, "w");
    if (jx < 0 || ja < 0 || jn < 0 || jw < 0) {
        rc = cwb_fail(msg, n, CWB_EINPUT,
                      "%s:%d: [fit] show = %s needs columns %s, a_over_R, "
                      "nu and w",
                      fc->path, fc->line[CWB_FIT_SHOW], p.path, p.xname);
    } else {
        p.xs = p.e.d.v[jx];
        p.xunit = p.e.d.unit[jx][0] ? p.e.d.unit[jx] : "-";
        p.e.x = p.e.d.v[ja];
        p.e.nu = p.e.d.v[jn];
        p.e.w = p.e.d.v[jw];
        p.e.m = p.e.d.nrow;
        rc = panel_csv(fc, o, fit, &p, msg, n);
    }
    if (rc == CWB_OK)
        panel_report(o, &p);
    if (rc == CWB_OK)
        rc = o->plot ? panel_plot(fc, o, &p, msg, n) : cwb_fit_drop_script(o, fc->name, msg, n);
    cwb_reference_free(&p.e.d);
    return rc;
}

/* ------------------------------------------------------------- the model */

static int fit_eq33(const cwb_fit_case *fc, cwb_fit_out *o, const cwb_log *log, char *msg, size_t n)
{
    (void)log;
    int show = fc->v.text[CWB_FIT_SHOW][0] != 0;
    int rc = show ? cwb_fit_need(fc, CWB_FIT_X, msg, n) : CWB_OK;
    if (rc != CWB_OK)
        return rc;
    eq33_data e;
    double lo, hi;
    if ((rc = cwb_fit_x_range(fc, &lo, &hi, msg, n)) != CWB_OK ||
        (rc = load_data(fc->v.text[CWB_FIT_DATA], lo, hi, &e, msg, n)) != CWB_OK)
        return rc;
    eq33_fit fit = {0};
    if ((rc = solve(&e, &fit, msg, n)) == CWB_OK && (rc = compare(&e, &fit, msg, n)) == CWB_OK) {
        report(fc, o, &fit, e.m);
        rc = show ? write_panel(fc, o, &fit, msg, n) : write_table(fc, o, &fit, &e, msg, n);
    }
    free(fit.rows);
    cwb_reference_free(&e.d);
    return rc;
}

static const cwb_fit_key eq33_requires[] = {CWB_FIT_DATA, CWB_FIT_MODEL};
static const cwb_fit_key eq33_accepts[] = {CWB_FIT_SHOW, CWB_FIT_X, CWB_FIT_X_RANGE, CWB_FIT_MODEL};

const cwb_fit_model cwb_fit_model_eq33 = {
    .name = "eq33",
    .summary = "seed 000 eq. 33, w(a/R, nu) quadratic, refitted to data (gsl_multifit_linear)",
    .requires = eq33_requires,
    .accepts = eq33_accepts,
    .run = fit_eq33,
};
