/* fit_model_tangential.c -- fit model `tangential`: the constants of
 * Rathbone's elastic-plastic tangential law (thesis ch. 5) refitted to
 * Model C FEM tables.
 *
 * Reference: Rathbone, D. (thesis), ch. 5, secs. 5.5-5.6: a sphere held at
 * a fixed normal force and displaced tangentially (Model C, sec. 3.5), with
 * a critical shear stress tau_c = sigma_y / sqrt 3 (mu capped at 1). The
 * data are the tables of cwb's own FEM (`cwb reference`, model
 * sphere_shear: columns step, delta_n, F_n, delta_t, F_t and the material
 * R, E, nu, sigma_y in every row; or the GetFEM runs of
 * reference/fem/studies/getfem_modelc.py, the material in their "# stands
 * for:" line), one normal force per table. Formulas:
 *
 *   friction   the friction coefficient the FEM develops, mu = the largest
 *              F_t / F_n of the tangential step, against y = delta_n /
 *              delta_y at the end of the normal step, fitted across the
 *              tables by mu = A coth(B y^C) (eq. 77: 0.36, 0.79, 0.44;
 *              Fig. 42). With 1 to 3 tables three constants cannot be
 *              fitted: A alone, B and C held at eq. 77's 0.79, 0.44.
 *   stiffness  per table, the effective tangential stiffness k_t =
 *              dF_t/d delta_t (second-order central differences of the
 *              fixed increments, as the thesis differentiated its FEM),
 *              over 8 G* a (G* = G/(2 - nu) on a rigid flat; a of eq. 107,
 *              a^2 = R delta_y (1.19 (y - 1)^1.1 + 1)), against x = F_t /
 *              (mu F_n) with the table's own mu; eq. 82's second and third
 *              sections, k_t = min(b1 - a1 (x - x1), c1 (1 - x)) for x > x1
 *              (x1 of eq. 83 from mu, b1 = (1 - x1)^(1/4): eqs. 85, 87, 88),
 *              fitted with a1, c1 free; then a1 and c1 against y beside
 *              eqs. 84 and 86 (0.9 coth(0.24 y^1.4), 1.51 coth(0.14
 *              y^1.99); Fig. 45), and A coth(B y^C) fitted to each when
 *              4 or more tables have a1, c1. A table whose x1 >= 0.95 has
 *              no second section (y near 1) and is left out, said so.
 *
 * delta_y = R (pi Ay sigma_y / (2 E*))^2 (eq. 8, E* = E / (1 - nu^2), Ay
 * of appendix A: cwb_yield_factor), as the Rathbone normal law has it.
 * Least squares: gsl_multifit_nlinear (trust region, finite-difference
 * Jacobian), standard errors from (J^T J)^-1 scaled by s^2, undefined for
 * a constant the data do not determine (cwb_fit_lsq.h), said in a warning.
 */
#include <glob.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_multifit_nlinear.h>

#include "cwb_fit.h"
#include "cwb_fit_lsq.h"
#include "cwb_law.h"
#include "cwb_gsl.h"

#define MAX_TABLES 16

/* One FEM table (one normal force). */
typedef struct {
    const char *path;
    double R, E, nu, sigma_y, G_star, delta_y;
    double y, mu, fn, a; /* at the end of the normal step; mu: sliding F_t / F_n */
    size_t nk;           /* stiffness points */
    double *x, *k, *kfit;
    size_t nf;       /* force points: the tangential rows from delta_t = 0 */
    double *dt, *xf; /* their delta_t and x = F_t / (mu F_n) */
    double slip;     /* mu F_n / (8 G* a): the slip length delta_t is measured in */
    double a1, c1, se_a1, se_c1, x1, r2; /* a1, c1 NaN where not identified */
    double cov[4];                       /* of a1, c1 (NaN: not estimated) */
    size_t fitted;                       /* the points of the section fitted */
    double p[2];                         /* the fitted a1, c1 as the fit left them */
    int state[2];                        /* a1, c1: CWB_FIT_DETERMINED, _FLAT or _TANGLED */
    int has_stiffness;
} shear_table;

typedef struct {
    const cwb_fit_case *fc;
    cwb_fit_paths paths;
    size_t count;
    cwb_reference ref[MAX_TABLES];
    shear_table t[MAX_TABLES];
    const cwb_log *log; /* warnings */
} tangential_fit;

/* ------------------------------------------------- least squares */

/* y_i - f(x_i; p) over m points; p = scale .* theta. */
typedef struct {
    double (*f)(const double *p, double x, const void *ctx);
    const void *ctx;
    const double *x, *y;
    size_t m, np;
    double scale[3];
    int state[3];  /* out: CWB_FIT_DETERMINED, _FLAT or _TANGLED per parameter */
    char why[256]; /* out: why the solver stopped, when it did not converge */
} lsq_job;

static int lsq_residual(const gsl_vector *theta, void *params, gsl_vector *r)
{
    const lsq_job *j = params;
    double p[3];
    for (size_t k = 0; k < j->np; k++)
        p[k] = j->scale[k] * gsl_vector_get(theta, k);
    for (size_t i = 0; i < j->m; i++)
        gsl_vector_set(r, i, j->f(p, j->x[i], j->ctx) - j->y[i]);
    return GSL_SUCCESS;
}

/* Fit np <= 3 parameters from the start p (also the scale: none may be
 * 0); p and se receive the solution (se NaN with no degree of freedom), and
 * cov, when not NULL, their covariance (np x np). */
static int least_squares(lsq_job *j, double *p, double *se, double *cov_out)
{
    for (size_t k = 0; cov_out && k < j->np * j->np; k++)
        cov_out[k] = NAN;
    for (size_t k = 0; k < j->np; k++)
        j->scale[k] = p[k];
    gsl_multifit_nlinear_parameters fp = gsl_multifit_nlinear_default_parameters();
    gsl_multifit_nlinear_workspace *w =
        gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &fp, j->m, j->np);
    gsl_vector *theta = gsl_vector_alloc(j->np);
    int status = GSL_ENOMEM, info = 0;
    j->why[0] = '\0';
    cwb_gsl_quiet_begin();
    if (w && theta) {
        gsl_vector_set_all(theta, 1.0);
        gsl_multifit_nlinear_fdf fdf = {.f = lsq_residual, .n = j->m, .p = j->np, .params = j};
        status = gsl_multifit_nlinear_init(theta, &fdf, w);
        if (status == GSL_SUCCESS)
            status = gsl_multifit_nlinear_driver(300, 1e-12, 1e-12, 0.0, NULL, NULL, &info, w);
    }
    cwb_fit_jacobian jac;
    if (status == GSL_SUCCESS || status == GSL_EMAXITER) {
        cwb_fit_jacobian_study(gsl_multifit_nlinear_jac(w), gsl_multifit_nlinear_residual(w), &jac);
        int at_start = 0;
        cwb_fit_stop_reason(status, info, gsl_multifit_nlinear_niter(w), 300, &jac,
                            gsl_multifit_nlinear_position(w), &at_start, j->why, sizeof j->why);
        if (at_start) /* no step from the start: it is the least-squares solution */
            status = GSL_SUCCESS;
        for (size_t k = 0; k < j->np; k++)
            j->state[k] = jac.state[k];
    } else
        snprintf(j->why, sizeof j->why, "GSL: %s", gsl_strerror(status));
    if (status == GSL_SUCCESS) {
        const gsl_vector *th = gsl_multifit_nlinear_position(w);
        const gsl_vector *r = gsl_multifit_nlinear_residual(w);
        double chisq = 0.0;
        for (size_t i = 0; i < j->m; i++)
            chisq += gsl_vector_get(r, i) * gsl_vector_get(r, i);
        double s2 = j->m > j->np ? chisq / (double)(j->m - j->np) : NAN;
        for (size_t k = 0; k < j->np; k++) {
            p[k] = j->scale[k] * gsl_vector_get(th, k);
            se[k] = fabs(j->scale[k]) * sqrt(jac.cov[k * j->np + k] * s2);
            for (size_t q = 0; cov_out && q < j->np; q++)
                cov_out[k * j->np + q] = j->scale[k] * j->scale[q] * jac.cov[k * j->np + q] * s2;
        }
    }
    cwb_gsl_quiet_end();
    if (w)
        gsl_multifit_nlinear_free(w);
    if (theta)
        gsl_vector_free(theta);
    return status;
}

/* ------------------------------------------------------ the formulas */

/* A coth(B y^C): eqs. 77, 84, 86. */
static double coth_form(const double *p, double y, const void *ctx)
{
    (void)ctx;
    return p[0] / tanh(p[1] * pow(y, p[2]));
}

static const double eq77[3] = {0.36, 0.79, 0.44}, eq84[3] = {0.9, 0.24, 1.4},
                    eq86[3] = {1.51, 0.14, 1.99};

/* eq. 83: x1 = -1.85 + 5.20 mu, at least 0; 1 below delta_y. */
static double x1_of(double mu, double y)
{
    return y < 1.0 ? 1.0 : fmin(1.0, fmax(0.0, -1.85 + 5.20 * mu));
}

/* eq. 82 past x1 with b1 (eq. 85) and d1 = c1 (1 - x1) (eq. 87): the
 * sections meet at x2 (eq. 88), so the lower line holds. p = a1, c1. */
static double stiffness_form(const double *p, double x, const void *ctx)
{
    double x1 = *(const double *)ctx, b1 = pow(1.0 - x1, 0.25);
    return fmin(b1 - p[0] * (x - x1), p[1] * (1.0 - x));
}

/* eq. 82's second section alone: b1 - a1 (x - x1). p = a1. */
static double a_line(const double *p, double x, const void *ctx)
{
    double x1 = *(const double *)ctx;
    return pow(1.0 - x1, 0.25) - p[0] * (x - x1);
}

/* eq. 82 integrated along delta_t: dx/du = k_t(x) with u = delta_t /
 * (mu F_n / (8 G* a)), from x = 0 at u = 0, in closed form section by
 * section (the first, (1 - x)^(1/4), to x1; the second, b1 - a1 (x - x1), to
 * x2 of eq. 88; the third, c1 (1 - x), on): the force curve the FEM's rows
 * sample wherever its increments fall, so a1 and c1 fitted to it do not
 * depend on them as a central difference of the increments does. p = a1,
 * c1; ctx: x1; the argument u. */
static double force_form(const double *p, double u, const void *ctx)
{
    double x1 = *(const double *)ctx, b1 = pow(1.0 - x1, 0.25), a1 = p[0], c1 = p[1];
    double u1 = 4.0 / 3.0 * (1.0 - pow(1.0 - x1, 0.75)); /* the first section's length */
    if (u <= u1)
        return 1.0 - pow(fmax(0.0, 1.0 - 0.75 * u), 4.0 / 3.0);
    /* eq. 88: where b1 - a1 (x - x1) = c1 (1 - x); past 1 (c1 <= b1...): no
     * third section before sliding */
    double x2 = c1 > a1 ? (c1 - b1 - a1 * x1) / (c1 - a1) : 1.0;
    x2 = fmin(1.0, fmax(x1, x2));
    double g2 = b1 - a1 * (x2 - x1); /* the second section's stiffness at x2 */
    double u2 = g2 > 0.0 ? u1 + log(b1 / g2) / a1 : INFINITY;
    if (u <= u2)
        return x1 + b1 / a1 * (1.0 - exp(-a1 * (u - u1)));
    return 1.0 - (1.0 - x2) * exp(-c1 * (u - u2));
}

/* ---------------------------------------------------------- the data */

enum { C_STEP, C_DN, C_FN, C_DT, C_FT, C_R, C_E, C_NU, C_SY, C_COUNT };
static const char *const col_names[C_COUNT] = {"step", "delta_n", "F_n", "delta_t", "F_t",
                                               "R",    "E",       "nu",  "sigma_y"};

/* The number after "KEY = " in a "stands for" line ("a.b = 1; c.d = 2"),
 * NaN when the key is not there. */
static double stands_for_value(const char *line, const char *key)
{
    size_t len = strlen(key);
    for (const char *p = strstr(line, key); p; p = strstr(p + 1, key)) {
        int starts = p == line || p[-1] == ' ' || p[-1] == ';';
        const char *q = p + len;
        while (*q == ' ')
            q++;
        if (starts && *q == '=') {
            char *end;
            double v = strtod(q + 1, &end);
            return end == q + 1 ? NAN : v;
        }
    }
    return NAN;
}

/* The material from the columns R, E, nu, sigma_y (cwb's FEM tables) or,
 * where a table has none of them (the GetFEM runs of
 * reference/fem/studies/getfem_modelc.py), from its "# stands for:" line's
 * body1.radius, body1.E, body1.nu and normal.sigma_y. */
static int read_material(shear_table *t, const cwb_reference *r, const int *c, char *msg, size_t n)
{
    if (c[C_R] >= 0 && c[C_E] >= 0 && c[C_NU] >= 0 && c[C_SY] >= 0) {
        t->R = r->v[c[C_R]][0], t->E = r->v[c[C_E]][0], t->nu = r->v[c[C_NU]][0];
        t->sigma_y = r->v[c[C_SY]][0];
    } else {
        t->R = stands_for_value(r->stands_for, "body1.radius");
        t->E = stands_for_value(r->stands_for, "body1.E");
        t->nu = stands_for_value(r->stands_for, "body1.nu");
        t->sigma_y = stands_for_value(r->stands_for, "normal.sigma_y");
    }
    if (!(t->R > 0 && t->E > 0 && t->nu >= 0 && t->nu < 0.5 && t->sigma_y > 0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: needs an elastic-plastic sphere (R, E, sigma_y > 0, 0 <= nu < 0.5); "
                        "it has R = %g, E = %g, nu = %g, sigma_y = %g",
                        r->path, t->R, t->E, t->nu, t->sigma_y);
    double e_star = t->E / (1.0 - t->nu * t->nu);
    double py = cwb_yield_factor(t->nu, NULL) * t->sigma_y;
    t->delta_y = t->R * pow(M_PI * py / (2.0 * e_star), 2.0);
    t->G_star = t->E / (2.0 * (1.0 + t->nu)) / (2.0 - t->nu);
    return CWB_OK;
}

/* The end of the normal step (y, F_n), the sliding mu and the stiffness
 * points of the tangential step. */
static int read_steps(shear_table *t, const cwb_reference *r, const int *c, char *msg, size_t n)
{
    size_t first = r->nrow, m = 0;
    double dn = NAN;
    for (size_t i = 0; i < r->nrow; i++) {
        if (r->v[c[C_STEP]][i] == 1.0)
            dn = r->v[c[C_DN]][i], t->fn = r->v[c[C_FN]][i];
        if (r->v[c[C_STEP]][i] == 2.0 && first == r->nrow)
            first = i;
    }
    m = r->nrow - first;
    if (!(dn > 0) || m < 4)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: needs a normal step (step 1) and 4 or more tangential rows (step 2)",
                        r->path);
    t->y = dn / t->delta_y;
    t->mu = 0.0;
    for (size_t i = first; i < r->nrow; i++)
        t->mu = fmax(t->mu, r->v[c[C_FT]][i] / r->v[c[C_FN]][i]);
    t->a = sqrt(t->R * t->delta_y * (1.19 * pow(fmax(t->y - 1.0, 0.0), 1.1) + 1.0));
    t->x = calloc(5 * (m + 1), sizeof *t->x);
    if (!t->x)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    t->k = t->x + m, t->kfit = t->k + m, t->dt = t->kfit + m, t->xf = t->dt + m + 1;
    /* the row before the tangential step is its start (delta_t = 0) */
    size_t lo = first > 0 ? first - 1 : first;
    const double *dt = r->v[c[C_DT]], *ft = r->v[c[C_FT]], *fn = r->v[c[C_FN]];
    t->slip = t->mu * t->fn / (8.0 * t->G_star * t->a);
    for (size_t i = lo; i < r->nrow; i++, t->nf++) {
        t->dt[t->nf] = dt[i];
        t->xf[t->nf] = ft[i] / (t->mu * fn[i]);
    }
    for (size_t i = lo + 1; i + 1 < r->nrow; i++) {
        double h = dt[i + 1] - dt[i - 1];
        if (!(h > 0))
            continue;
        t->x[t->nk] = ft[i] / (t->mu * fn[i]);
        t->k[t->nk++] = (ft[i + 1] - ft[i - 1]) / h / (8.0 * t->G_star * t->a);
    }
    return CWB_OK;
}

static int load_table(tangential_fit *tf, size_t d, char *msg, size_t n)
{
    shear_table *t = &tf->t[d];
    cwb_reference *r = &tf->ref[d];
    t->path = tf->paths.path[d];
    int rc = cwb_reference_load(r, t->path, msg, n), c[C_COUNT];
    /* the material columns may be absent: read_material then takes the
     * "stands for" line */
    for (int k = 0; rc == CWB_OK && k < C_COUNT; k++)
        if ((c[k] = cwb_reference_find(r, col_names[k])) < 0 && k < C_R)
            rc = cwb_fail(msg, n, CWB_EINPUT,
                          "%s: no column '%s' (model tangential reads the tables of cwb "
                          "reference, FEM model sphere_shear, or GetFEM's Model C runs)",
                          t->path, col_names[k]);
    if (rc == CWB_OK)
        rc = read_material(t, r, c, msg, n);
    if (rc == CWB_OK)
        rc = read_steps(t, r, c, msg, n);
    return rc;
}

/* ------------------------------------------------------------ fitting */

static int compare_doubles(const void *a, const void *b)
{
    double u = *(const double *)a, v = *(const double *)b;
    return (u > v) - (u < v);
}

static double median(double *v, size_t m)
{
    qsort(v, m, sizeof *v, compare_doubles);
    return m % 2 ? v[m / 2] : 0.5 * (v[m / 2 - 1] + v[m / 2]);
}

/* A start from the data: the min() of eq. 82 hides a parameter whose line
 * is not the lower one, so a start with one line below the other
 * everywhere would never move it. c1 from the tail (k / (1 - x), x >
 * 0.95), a1 from the first third past x1 ((b1 - k) / (x - x1)); the
 * thesis' eqs. 84 and 86 where the data have no such points. */
static void stiffness_start(double x1, const double *x, const double *k, size_t m, double y,
                            double *ratio, double *p)
{
    double b1 = pow(1.0 - x1, 0.25);
    size_t nc = 0, na = 0;
    for (size_t i = 0; i < m; i++)
        if (x[i] > 0.95 && x[i] < 1.0)
            ratio[nc++] = k[i] / (1.0 - x[i]);
    p[1] = nc ? median(ratio, nc) : coth_form(eq86, y, NULL);
    for (size_t i = 0; i < m; i++)
        if (x[i] > x1 && x[i] < x1 + (1.0 - x1) / 3.0)
            ratio[na++] = (b1 - k[i]) / (x[i] - x1);
    p[0] = na ? median(ratio, na) : coth_form(eq84, y, NULL);
    if (!(p[0] > 0))
        p[0] = coth_form(eq84, y, NULL);
}

/* eq. 82 past x1 fitted to the points (x, k) of the section; t's a1, c1,
 * their standard errors and R^2 (a1 NaN when its section has no points). */
static int fit_section(shear_table *t, const double *xs, const double *ks, size_t m, char *msg,
                       size_t n)
{
    double p[2], se[2], *ratio = malloc(m * sizeof *ratio);
    if (!ratio)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    stiffness_start(t->x1, xs, ks, m, t->y, ratio, p);
    lsq_job j = {.f = stiffness_form, .ctx = &t->x1, .x = xs, .y = ks, .m = m, .np = 2};
    int status = least_squares(&j, p, se, t->cov);
    if (status != GSL_SUCCESS) {
        free(ratio);
        return cwb_fail(msg, n, CWB_EFAIL, "%s: the stiffness fit failed: %s", t->path, j.why);
    }
    t->a1 = t->p[0] = p[0], t->c1 = t->p[1] = p[1], t->se_a1 = se[0], t->se_c1 = se[1];
    t->state[0] = j.state[0], t->state[1] = j.state[1];
    t->has_stiffness = 1;
    /* a1 is seen only where its section is the lower line (x1 < x < x2,
     * eq. 88), c1 only past x2: with fewer than 2 points there a constant
     * is not identified (NaN, said so) */
    double x2 = (p[1] - pow(1.0 - t->x1, 0.25) - p[0] * t->x1) / (p[1] - p[0]);
    size_t in_a = 0;
    for (size_t i = 0; i < m; i++) {
        in_a += xs[i] < x2;
        ratio[i] = stiffness_form(p, xs[i], &t->x1); /* the fitted values */
    }
    t->r2 = cwb_fit_r_squared(ks, ratio, m);
    if (in_a < 2)
        t->a1 = t->se_a1 = NAN;
    if (m - in_a < 2 && in_a >= 2) {
        /* no point past x2: the a1 line alone (its covariance is then not
         * singular in c1) */
        t->c1 = t->se_c1 = t->p[1] = INFINITY;
        lsq_job ja = {.f = a_line, .ctx = &t->x1, .x = xs, .y = ks, .m = m, .np = 1};
        status = least_squares(&ja, p, se, t->cov); /* a1's variance in cov[0] */
        t->a1 = t->p[0] = p[0], t->se_a1 = se[0];
        t->state[0] = ja.state[0], t->state[1] = CWB_FIT_DETERMINED; /* c1: said apart */
        for (size_t i = 0; i < m; i++)
            ratio[i] = a_line(p, xs[i], &t->x1);
        t->r2 = cwb_fit_r_squared(ks, ratio, m);
        t->c1 = t->se_c1 = NAN;
    } else if (m - in_a < 2) {
        t->c1 = t->se_c1 = NAN;
    }
    if (!isfinite(t->a1)) /* a constant not identified has no (co)variance */
        t->cov[0] = t->cov[1] = t->cov[2] = NAN;
    if (!isfinite(t->c1))
        t->cov[1] = t->cov[2] = t->cov[3] = NAN;
    t->fitted = m;
    free(ratio);
    return CWB_OK;
}

/* eq. 82 integrated (force_form) fitted to t's force rows (delta_t, x):
 * t's a1, c1, their standard errors and covariance, R^2 of x. A constant
 * is identified where 2 or more rows lie on its section (a1: x1 < x < x2,
 * c1: x > x2), as for the stiffness points. start: from the stiffness
 * points (stiffness_start). */
static int fit_force_curve(shear_table *t, const double *start, char *msg, size_t n)
{
    double *u = malloc(2 * t->nf * sizeof *u), *fit = u ? u + t->nf : NULL, p[2], se[2];
    if (!u)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    for (size_t i = 0; i < t->nf; i++)
        u[i] = t->dt[i] / t->slip;
    /* from the stiffness points' constants and from (0.5, 2): past x2 the
     * rows sit at x ~ 1, where any large c1 fits them nearly as well, so a
     * start from the stiffness points can end in that flat valley with no
     * row past its x2 (y = 3, E/10, h0 0.0075 R: c1 lost, a1's error
     * doubled); the lower residual is kept */
    const double starts[2][2] = {{start[0], start[1]}, {0.5, 2.0}};
    double best = INFINITY, bp[2] = {NAN, NAN}, bse[2] = {NAN, NAN}, bcov[4];
    lsq_job j = {.f = force_form, .ctx = &t->x1, .x = u, .y = t->xf, .m = t->nf, .np = 2}, bj = j;
    for (int s = 0; s < 2; s++) {
        p[0] = starts[s][0], p[1] = starts[s][1];
        if (least_squares(&j, p, se, t->cov) != GSL_SUCCESS)
            continue;
        double ss = 0.0;
        for (size_t i = 0; i < t->nf; i++)
            ss += pow(force_form(p, u[i], &t->x1) - t->xf[i], 2);
        if (ss < best)
            best = ss, bp[0] = p[0], bp[1] = p[1], bse[0] = se[0], bse[1] = se[1], bj = j,
            memcpy(bcov, t->cov, sizeof bcov);
    }
    if (!isfinite(best)) {
        free(u);
        return cwb_fail(msg, n, CWB_EFAIL, "%s: the force-curve fit failed: %s", t->path, j.why);
    }
    p[0] = bp[0], p[1] = bp[1], se[0] = bse[0], se[1] = bse[1], j = bj;
    memcpy(t->cov, bcov, sizeof bcov);
    t->a1 = t->p[0] = p[0], t->c1 = t->p[1] = p[1], t->se_a1 = se[0], t->se_c1 = se[1];
    t->state[0] = j.state[0], t->state[1] = j.state[1];
    t->has_stiffness = 1;
    double b1 = pow(1.0 - t->x1, 0.25);
    double x2 = p[1] > p[0] ? (p[1] - b1 - p[0] * t->x1) / (p[1] - p[0]) : 1.0;
    size_t in_a = 0, in_c = 0;
    for (size_t i = 0; i < t->nf; i++) {
        in_a += t->xf[i] > t->x1 && t->xf[i] < x2;
        in_c += t->xf[i] >= x2;
        fit[i] = force_form(p, u[i], &t->x1);
    }
    t->r2 = cwb_fit_r_squared(t->xf, fit, t->nf);
    if (in_a < 2) {
        t->a1 = t->se_a1 = NAN;
        t->cov[0] = t->cov[1] = t->cov[2] = NAN;
    }
    if (in_c < 2) {
        t->c1 = t->se_c1 = NAN;
        t->cov[1] = t->cov[2] = t->cov[3] = NAN;
    }
    t->fitted = t->nf;
    free(u);
    return CWB_OK;
}

static int fit_stiffness_table(shear_table *t, int by_force, char *msg, size_t n)
{
    t->x1 = x1_of(t->mu, t->y);
    double *xs = malloc(2 * (t->nk ? t->nk : 1) * sizeof *xs), *ks = xs ? xs + t->nk : NULL;
    if (!xs)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    size_t m = 0;
    for (size_t i = 0; i < t->nk; i++)
        if (t->x[i] > t->x1 && t->x[i] < 1.0)
            xs[m] = t->x[i], ks[m++] = t->k[i];
    int rc = CWB_OK;
    if (t->x1 < 0.95 && m >= 3) { /* else no section past x1: reported */
        rc = fit_section(t, xs, ks, m, msg, n);
        if (rc == CWB_OK && by_force) /* started where the differences put it */
            rc = fit_force_curve(t,
                                 (const double[2]){isfinite(t->p[0]) ? t->p[0] : 0.5,
                                                   isfinite(t->p[1]) ? t->p[1] : 2.0},
                                 msg, n);
    }
    free(xs);
    for (size_t i = 0; rc == CWB_OK && t->has_stiffness && i < t->nk; i++)
        t->kfit[i] = t->x[i] > t->x1 ? stiffness_form(t->p, t->x[i], &t->x1)
                                     : pow(fmax(0.0, 1.0 - t->x[i]), 0.25);
    return rc;
}

/* A coth(B y^C) through (y, v) when there are more points than 3;
 * p starts at (and stays, when not fitted) the thesis' constants. */
static int fit_coth(const double *y, const double *v, size_t m, const double *thesis, double *p,
                    double *se, double *cov, double *r2, int *state, char *why, size_t nwhy)
{
    snprintf(why, nwhy, "%s", "");
    memcpy(p, thesis, 3 * sizeof *p);
    state[0] = state[1] = state[2] = CWB_FIT_DETERMINED;
    se[0] = se[1] = se[2] = *r2 = NAN;
    for (int k = 0; k < 9; k++)
        cov[k] = NAN;
    if (m <= 3)
        return GSL_SUCCESS;
    lsq_job j = {.f = coth_form, .x = y, .y = v, .m = m, .np = 3};
    int status = least_squares(&j, p, se, cov);
    memcpy(state, j.state, 3 * sizeof *state);
    snprintf(why, nwhy, "%s", j.why);
    double yf[MAX_TABLES];
    for (size_t i = 0; i < m; i++)
        yf[i] = coth_form(p, y[i], NULL);
    *r2 = cwb_fit_r_squared(v, yf, m);
    return status;
}

/* Fewer tables than eq. 77 has constants: A alone, B and C held at eq.
 * 77's. A is then linear, A = sum(mu c) / sum(c^2) with c = coth(B y^C);
 * its standard error from the residuals (NaN for one table). Returns R^2
 * (NaN where the tables' mu do not vary). */
static double fit_scale_alone(const double *y, const double *v, size_t m, double *p, double *se)
{
    memcpy(p, eq77, 3 * sizeof *p);
    double scc = 0.0, svc = 0.0, fit[MAX_TABLES], chisq = 0.0;
    for (size_t i = 0; i < m; i++) {
        double c = 1.0 / tanh(p[1] * pow(y[i], p[2]));
        scc += c * c, svc += v[i] * c;
    }
    p[0] = svc / scc;
    for (size_t i = 0; i < m; i++) {
        fit[i] = coth_form(p, y[i], NULL);
        chisq += (v[i] - fit[i]) * (v[i] - fit[i]);
    }
    se[0] = m > 1 ? sqrt(chisq / (double)(m - 1) / scc) : NAN;
    se[1] = se[2] = 0.0; /* held */
    return cwb_fit_r_squared(v, fit, m);
}

/* ------------------------------------------------------------ outputs */

/* DIR/BASE.gp opened with the plot style, the title (R^2: NaN for none)
 * and the axes y = delta/delta_y against ylabel, both dimensionless. */
static int open_y_plot(const cwb_fit_out *o, const char *base, const char *title, double r2,
                       const char *ylabel, cwb_output *out, char *msg, size_t n)
{
    int rc = cwb_fit_open(o, base, "gp", out, msg, n);
    if (rc != CWB_OK)
        return rc;
    cwb_fit_gp_begin(out->f, base);
    cwb_fit_gp_title(out->f, o, title, r2);
    cwb_gp_style_axis(out->f, 'x', "y = delta / delta_y", "-");
    cwb_gp_style_axis(out->f, 'y', ylabel, "-");
    return CWB_OK;
}

/* A gnuplot function A / tanh(B x^C) with its legend. */
static void gp_coth(FILE *f, const double *p, const char *label)
{
    fprintf(f, "%.10g / tanh(%.10g * x**%.10g) with lines title ", p[0], p[1], p[2]);
    cwb_fit_gp_string(f, '\'', label);
}

/* fitted: 0 nothing fitted, 3 A, B, C, 1 A alone (B, C held at eq. 77's). */
static int friction_outputs(const cwb_fit_case *fc, const cwb_fit_out *o, const tangential_fit *tf,
                            const double *p, double r2, int fitted, char *msg, size_t n)
{
    double rows[MAX_TABLES * 5];
    for (size_t d = 0; d < tf->count; d++) {
        const shear_table *t = &tf->t[d];
        double fit = coth_form(p, t->y, NULL);
        double row[] = {t->y, t->mu, fit, coth_form(eq77, t->y, NULL), fit - t->mu};
        memcpy(rows + 5 * d, row, sizeof row);
    }
    const char *cols[] = {"y", "mu_data", "mu_fit", "mu_eq77", "residual"};
    static const char *const units[] = {"-", "-", "-", "-", "-"}; /* y = delta_n/delta_y */
    char curve[96];
    snprintf(curve, sizeof curve, "%.10g / tanh(%.10g * x**%.10g)", p[0], p[1], p[2]);
    cwb_fit_table tb = {.cols = cols,
                        .ncol = 5,
                        .rows = rows,
                        .nrow = tf->count,
                        .ix = 0,
                        .iy = 1,
                        .ifit = 2,
                        .xunit = "-",
                        .yunit = "-",
                        .units = units,
                        .data_title = cwb_fit_data_title(&tf->ref[0]),
                        .fit_title = "A coth(B y^C)",
                        .fit_function = curve};
    int rc = cwb_fit_write_table(fc, o, &tb, msg, n);
    char base[sizeof fc->name + 8], csv[sizeof base + 8], label[160];
    snprintf(base, sizeof base, "%s_curves", fc->name);
    if (rc != CWB_OK || !o->plot)
        return rc == CWB_OK ? cwb_fit_drop_script(o, base, msg, n) : rc;
    snprintf(csv, sizeof csv, "%s_fit.csv", fc->name);
    cwb_output out;
    rc = open_y_plot(o, base, fc->title, r2, "friction coefficient F_t,max / F_n", &out, msg, n);
    if (rc != CWB_OK)
        return rc;
    FILE *f = out.f;
    /* the thesis caps mu at 1 (Sec. 3.5): eq. 77 is drawn up to it */
    fprintf(f, "set xrange [0:*]\nset yrange [0:1.1]\nset samples 400\nplot ");
    cwb_fit_gp_string(f, '\'', csv);
    fprintf(f, " using 1:2 with points pt 7 ps 1.5 title ");
    snprintf(label, sizeof label, "%s, local slip at min(mu p, sigma_y/sqrt 3)",
             cwb_fit_data_title(&tf->ref[0]));
    cwb_fit_gp_string(f, '\'', label);
    fprintf(f, ", \\\n     ");
    snprintf(label, sizeof label, "Rathbone thesis eq. 77: 0.36 coth(0.79 y^0.44)");
    gp_coth(f, eq77, label);
    if (fitted) {
        snprintf(label, sizeof label, "fitted: %.3g coth(%.3g y^%.3g)%s", p[0], p[1], p[2],
                 fitted == 1 ? ", B and C held at eq. 77's" : "");
        fprintf(f, ", \\\n     ");
        gp_coth(f, p, label);
    }
    fprintf(f, "\n");
    return cwb_fit_finish_script(o, base, &out, msg, n);
}

/* Each table's y and sliding mu beside eq. 77's, and into the results. */
static void friction_report_tables(cwb_fit_out *o, const tangential_fit *tf)
{
    for (size_t d = 0; d < tf->count; d++) {
        const shear_table *t = &tf->t[d];
        double th = coth_form(eq77, t->y, NULL);
        cwb_fit_note(o, "%s: y = %.4g, mu = %.4f (eq. 77: %.4f, %+.1f %%)", t->path, t->y, t->mu,
                     th, 100 * (t->mu / th - 1));
        cwb_fit_say(o, "  %-50s y = %6.3f  mu = %.4f  eq. 77: %.4f (%+.1f %%)\n", t->path, t->y,
                    t->mu, th, 100 * (t->mu / th - 1));
        char name[32];
        snprintf(name, sizeof name, "y%zu", d);
        cwb_fit_put(o, name, "", t->y);
        snprintf(name, sizeof name, "mu%zu", d);
        cwb_fit_put(o, name, "", t->mu);
    }
}

/* The constants (fitted as friction_outputs says; held ones with no
 * standard error of their own and no place in the covariance). */
static void friction_report_constants(cwb_fit_out *o, const double *p, const double *se,
                                      const double *cov, double r2, int fitted, size_t tables)
{
    static const char *const names[3] = {"A", "B", "C"};
    if (!fitted) {
        cwb_fit_say(o, "  A coth(B y^C) not fitted: %zu tables for 3 parameters\n", tables);
        return;
    }
    if (fitted == 1)
        cwb_fit_say(o, "  %zu tables cannot fix 3 constants: A alone, B and C held at eq. 77's\n",
                    tables);
    for (int k = 0; k < 3; k++) {
        const char *how = fitted == 1 && k ? "held, " : "";
        char se_text[32]; /* "undefined" for NaN, the text summaries' word */
        snprintf(se_text, sizeof se_text, isnan(se[k]) ? "undefined" : "%.2g", se[k]);
        cwb_fit_note(o, "%s = %.6g +- %s (%sthesis %.4g)", names[k], p[k], se_text, how, eq77[k]);
        cwb_fit_say(o, "  %-28s %.6g +- %s (%sthesis %.4g)\n", names[k], p[k], se_text, how,
                    eq77[k]);
        cwb_fit_put(o, names[k], "", p[k]);
        cwb_fit_put(o, names[k], "_stderr", se[k]);
        if (fitted == 3 || k == 0)
            cwb_fit_parameter(o, names[k], "-", p[k], se[k]);
    }
    double var_a = se[0] * se[0];
    cwb_fit_solved(o, fitted == 3 ? 3 : 1, fitted == 3 ? cov : &var_a, r2, tables);
    cwb_fit_say(o, "  %-28s %.4f\n", "R^2", r2);
}

static int fit_friction(const cwb_fit_case *fc, cwb_fit_out *o, tangential_fit *tf, char *msg,
                        size_t n)
{
    double y[MAX_TABLES], mu[MAX_TABLES], p[3], se[3], cov[9], r2;
    for (size_t d = 0; d < tf->count; d++)
        y[d] = tf->t[d].y, mu[d] = tf->t[d].mu;
    int state[3];
    char why[256];
    int status = fit_coth(y, mu, tf->count, eq77, p, se, cov, &r2, state, why, sizeof why);
    if (status != GSL_SUCCESS)
        return cwb_fail(msg, n, CWB_EFAIL, "the friction fit failed: %s", why);
    int fitted = isfinite(r2) ? 3 : 0;
    if (tf->count < 4) {
        r2 = fit_scale_alone(y, mu, tf->count, p, se);
        fitted = 1;
    }
    cwb_fit_note(o,
                 "model: tangential, formula friction: mu = largest F_t/F_n of the tangential "
                 "step against y = delta_n/delta_y at the end of the normal step; A coth(B "
                 "y^C) fitted (Rathbone thesis eq. 77: 0.36, 0.79, 0.44)%s",
                 fitted == 1 ? "; fewer than 4 tables: A alone, B and C held at eq. 77's" : "");
    cwb_fit_say(o, "%s: friction coefficient against y over %zu FEM tables\n", fc->name, tf->count);
    friction_report_tables(o, tf);
    friction_report_constants(o, p, se, cov, r2, fitted, tf->count);
    static const char *const abc[3] = {"A", "B", "C"};
    for (int k = 0; fitted == 3 && k < 3; k++)
        cwb_fit_warn_undetermined(tf->log, fc->name, abc[k], state[k]);
    cwb_fit_warn_r_squared(tf->log, fc->name, r2);
    cwb_fit_put(o, "r_squared", "", r2);
    return friction_outputs(fc, o, tf, p, r2, fitted, msg, n);
}

/* A constant as a legend shows it ("3.9 ± 0.6"), or "not identified". */
static void constant_text(char *out, size_t n, double v, double se)
{
    if (!isfinite(v) || cwb_gp_format_estimate(out, n, v, se, "") != 0)
        snprintf(out, n, "not identified");
}

/* The legend of table t's stiffness points: its depth y and x1, and its
 * fitted a1 and c1. */
static void stiffness_series_title(const shear_table *t, char *out, size_t n)
{
    char a1[64], c1[64];
    constant_text(a1, sizeof a1, t->a1, t->se_a1);
    constant_text(c1, sizeof c1, t->c1, t->se_c1);
    snprintf(out, n, "FEM y = %.3g (x1 = %.2f): a1 = %s, c1 = %s", t->y, t->x1, a1, c1);
}

/* The plots' title: the fit-case's figure, and what the table shows. */
static const char *stiffness_plot_title(const cwb_fit_case *fc, char *out, size_t n)
{
    const char *colon = strstr(fc->title, ": ");
    snprintf(out, n,
             "%.*s: k_t / (8 G* a) against x = F_t / (mu F_n), eq. 82 fitted per FEM table "
             "(a1, c1 free)",
             (int)(colon ? (size_t)(colon - fc->title) : strlen(fc->title)), fc->title);
    return out;
}

/* NAME_fit.csv: every stiffness point of the tables with one, by table. */
static int stiffness_table_out(const cwb_fit_case *fc, const cwb_fit_out *o,
                               const tangential_fit *tf, char *msg, size_t n)
{
    char(*titles)[200] = malloc(MAX_TABLES * sizeof *titles);
    const char *series[MAX_TABLES];
    int of_group[MAX_TABLES];
    char title[CWB_TEXT + 200];
    size_t total = 0;
    for (size_t d = 0; d < tf->count; d++)
        total += tf->t[d].has_stiffness ? tf->t[d].nk : 0;
    double *rows = malloc((total ? total : 1) * 7 * sizeof *rows);
    if (!rows || !titles) {
        free(rows);
        free(titles);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    size_t q = 0;
    int group = 0;
    for (size_t d = 0; d < tf->count; d++) {
        const shear_table *t = &tf->t[d];
        if (!t->has_stiffness)
            continue;
        for (size_t i = 0; i < t->nk; i++, q++) {
            /* only x1 < x < 1 is fitted (fit_stiffness_table); the first
             * section, (1 - x)^{1/4}, is drawn but has no free constant */
            double fitted = t->x[i] > t->x1 && t->x[i] < 1.0;
            double row[] = {t->x[i], t->k[i], t->kfit[i],          group,
                            t->y,    fitted,  t->kfit[i] - t->k[i]};
            memcpy(rows + 7 * q, row, sizeof row);
        }
        stiffness_series_title(t, titles[group], sizeof titles[group]);
        series[group] = titles[group];
        of_group[group] = group;
        group++;
    }
    const char *cols[] = {"x", "kt_over_8Ga_data", "kt_over_8Ga_fit", "group",
                          "y", "fitted",           "residual"};
    static const char *const units[] = {"-", "-", "-", "-", "-", "-", "-"}; /* x, y: ratios */
    cwb_fit_table tb = {.cols = cols,
                        .ncol = 7,
                        .rows = rows,
                        .nrow = total,
                        .ix = 0,
                        .iy = 1,
                        .ifit = 2,
                        .igroup = 3,
                        .ngroup = group,
                        .flagged = 1,
                        .ifitted = 5,
                        .xunit = "-",
                        .yunit = "-",
                        .units = units,
                        .data_title = "FEM: k_t / (8 G* a), one group per normal force",
                        .fit_title = "eq. 82: (1 - x)^(1/4) to x1, a1 (c1) fitted past it",
                        .title = stiffness_plot_title(fc, title, sizeof title),
                        .series_title = series,
                        .group_series = of_group,
                        .nseries = group};
    int rc = cwb_fit_write_table(fc, o, &tb, msg, n);
    free(rows);
    free(titles);
    return rc;
}

/* A value and its standard error as two CSV cells, each empty where it is
 * undefined (an error not estimated is not an error of 0). */
static void trend_field(FILE *f, double v, double se)
{
    cwb_csv_number(f, v);
    fputc(',', f);
    cwb_csv_number(f, isfinite(v) ? se : NAN);
    fputc(',', f);
}

/* NAME_trend.csv (Fig. 45): a1 and c1 of each table against y, with the
 * thesis' eqs. 84 and 86 at the same y. */
static int trend_csv(const cwb_fit_out *o, const tangential_fit *tf, const char *base, char *msg,
                     size_t n)
{
    cwb_output out;
    int rc = cwb_fit_open(o, base, "csv", &out, msg, n);
    if (rc != CWB_OK)
        return rc;
    cwb_fit_csv_head(out.f, o, "the trend across the tables");
    fprintf(out.f, "y[-],a1[-],a1_stderr[-],a1_eq84[-],c1[-],c1_stderr[-],c1_eq86[-]\n");
    for (size_t d = 0; d < tf->count; d++) {
        const shear_table *t = &tf->t[d];
        if (!t->has_stiffness)
            continue;
        /* a constant that is not identified is an empty field (gnuplot:
         * missing; no NaN is written) */
        cwb_csv_number(out.f, t->y);
        fputc(',', out.f);
        trend_field(out.f, t->a1, t->se_a1);
        cwb_csv_number(out.f, coth_form(eq84, t->y, NULL));
        fputc(',', out.f);
        trend_field(out.f, t->c1, t->se_c1);
        cwb_csv_number(out.f, coth_form(eq86, t->y, NULL));
        fputc('\n', out.f);
    }
    return cwb_output_commit(&out, msg, n);
}

/* The top of the trend plot's axis (eqs. 84 and 86 grow without bound as
 * y -> 0: the axis is the data's), and how many tables identify c1. */
static double trend_top(const tangential_fit *tf, size_t *c1_identified)
{
    double top = 2.5;
    *c1_identified = 0;
    for (size_t d = 0; d < tf->count; d++) {
        const shear_table *t = &tf->t[d];
        if (t->has_stiffness && isfinite(t->a1))
            top = fmax(top, 1.25 * (t->a1 + (isfinite(t->se_a1) ? t->se_a1 : 0)));
        if (t->has_stiffness && isfinite(t->c1)) {
            top = fmax(top, 1.25 * (t->c1 + (isfinite(t->se_c1) ? t->se_c1 : 0)));
            (*c1_identified)++;
        }
    }
    return top;
}

/* A fitted coth form's line, when it was fitted (r2 finite). */
static void trend_fitted_line(FILE *f, const char *name, const double p[3], double r2, int lt)
{
    if (!isfinite(r2))
        return;
    char label[160];
    snprintf(label, sizeof label, "%s fitted: %.3g coth(%.3g y^%.3g)", name, p[0], p[1], p[2]);
    fprintf(f, ", \\\n     ");
    gp_coth(f, p, label);
    fprintf(f, " lt %d", lt);
}

/* NAME_trend.csv and its plot (Fig. 45): a1 and c1 against y with the
 * thesis' eqs. 84 and 86 and, with 4 or more tables, the fitted forms. */
static int stiffness_trend_out(const cwb_fit_case *fc, const cwb_fit_out *o,
                               const tangential_fit *tf, const double pa[3], const double pc[3],
                               double r2a, double r2c, char *msg, size_t n)
{
    char base[sizeof fc->name + 8], csv[sizeof base + 8];
    snprintf(base, sizeof base, "%s_trend", fc->name);
    snprintf(csv, sizeof csv, "%s.csv", base);
    cwb_output out;
    int rc = trend_csv(o, tf, base, msg, n);
    if (rc != CWB_OK || !o->plot)
        return rc == CWB_OK ? cwb_fit_drop_script(o, base, msg, n) : rc;
    if ((rc = open_y_plot(o, base, fc->title, NAN, "a1, c1", &out, msg, n)) != CWB_OK)
        return rc;
    FILE *f = out.f;
    size_t c1_identified;
    double top = trend_top(tf, &c1_identified);
    fprintf(f, "set xrange [0:*]\nset yrange [0:%.3g]\nset samples 400\nplot ", top);
    cwb_fit_gp_string(f, '\'', csv);
    fprintf(f, " using 1:2:3 with yerrorbars lt 1 pt 7 title 'a1 of the FEM tables (\xc2\xb1 1 "
               "SE)', \\\n     ");
    /* a layer without a point would draw an empty legend row: say why instead */
    if (c1_identified) {
        cwb_fit_gp_string(f, '\'', csv);
        fprintf(
            f,
            " using 1:5:6 with yerrorbars lt 2 pt 5 title 'c1 of the FEM tables (\xc2\xb1 1 SE)', "
            "\\\n     ");
    }
    gp_coth(f, eq84, "Rathbone thesis eq. 84: a1 = 0.9 coth(0.24 y^1.4)");
    fprintf(f, " lt 1 dt 2, \\\n     ");
    gp_coth(f, eq86,
            c1_identified ? "Rathbone thesis eq. 86: c1 = 1.51 coth(0.14 y^1.99)"
                          : "Rathbone thesis eq. 86: c1 = 1.51 coth(0.14 y^1.99) (c1 not "
                            "identified on any table: no point past x2)");
    fprintf(f, " lt 2 dt 2");
    trend_fitted_line(f, "a1", pa, r2a, 1);
    trend_fitted_line(f, "c1", pc, r2c, 2);
    fprintf(f, "\n");
    return cwb_fit_finish_script(o, base, &out, msg, n);
}

static void report_stiffness_table(cwb_fit_out *o, const shear_table *t, size_t d)
{
    if (!t->has_stiffness) {
        cwb_fit_note(o, "%s: y = %.4g, mu = %.4f, x1 = %.3g: no second section of eq. 82 to fit",
                     t->path, t->y, t->mu, t->x1);
        cwb_fit_say(o, "  %-50s y = %6.3f  x1 = %.3f: no section past x1, left out\n", t->path,
                    t->y, t->x1);
        return;
    }
    double ta = coth_form(eq84, t->y, NULL), tc = coth_form(eq86, t->y, NULL);
    char a[64] = "not identified", c[64] = "not identified (no point past x2)";
    if (isfinite(t->a1)) /* "undefined": the text summaries' word for NaN */
        snprintf(a, sizeof a, isnan(t->se_a1) ? "%.4g +- undefined" : "%.4g +- %.2g", t->a1,
                 t->se_a1);
    if (isfinite(t->c1))
        snprintf(c, sizeof c, isnan(t->se_c1) ? "%.4g +- undefined" : "%.4g +- %.2g", t->c1,
                 t->se_c1);
    cwb_fit_note(o,
                 "%s: y = %.4g, mu = %.4f, x1 = %.3g: a1 = %s (eq. 84: %.4g), c1 = %s (eq. 86: "
                 "%.4g), R^2 = %.4f",
                 t->path, t->y, t->mu, t->x1, a, ta, c, tc, t->r2);
    cwb_fit_say(o, "  %-50s y = %6.3f  a1 = %s (eq. 84: %.4g)  c1 = %s (eq. 86: %.4g)\n", t->path,
                t->y, a, ta, c, tc);
    char name[32];
    snprintf(name, sizeof name, "a1_%zu", d);
    cwb_fit_put(o, name, "", t->a1);
    cwb_fit_put(o, name, "_stderr", t->se_a1);
    cwb_fit_parameter(o, name, "-", t->a1, t->se_a1);
    snprintf(name, sizeof name, "c1_%zu", d);
    cwb_fit_put(o, name, "", t->c1);
    cwb_fit_put(o, name, "_stderr", t->se_c1);
    cwb_fit_parameter(o, name, "-", t->c1, t->se_c1);
    cwb_fit_solved(o, 2, t->cov, t->r2, t->fitted);
    snprintf(name, sizeof name, "y%zu", d);
    cwb_fit_put(o, name, "", t->y);
}

/* A coth(B y^C) through the identified a1 (which = 0) or c1 (1) of the
 * tables, beside eq. 84 or 86; p the thesis' constants when not fitted. */
static void trend_of(cwb_fit_out *o, const tangential_fit *tf, int which, double *p, double *r2)
{
    double y[MAX_TABLES], v[MAX_TABLES], se[3], cov[9];
    int state[3];
    size_t m = 0;
    for (size_t d = 0; d < tf->count; d++) {
        const shear_table *t = &tf->t[d];
        double c = which ? t->c1 : t->a1;
        if (t->has_stiffness && isfinite(c))
            y[m] = t->y, v[m++] = c;
    }
    const char *name = which ? "c1" : "a1";
    const double *thesis = which ? eq86 : eq84;
    char why[256];
    if (fit_coth(y, v, m, thesis, p, se, cov, r2, state, why, sizeof why) != GSL_SUCCESS)
        *r2 = NAN, memcpy(p, thesis, 3 * sizeof *p);
    if (isfinite(*r2)) {
        cwb_fit_say(o, "  %s = %.4g coth(%.4g y^%.4g), R^2 %.4f (thesis: %.4g coth(%.4g y^%.4g))\n",
                    name, p[0], p[1], p[2], *r2, thesis[0], thesis[1], thesis[2]);
        static const char *const abc[3] = {"A", "B", "C"};
        for (int k = 0; k < 3; k++) {
            char key[32];
            snprintf(key, sizeof key, "%s_trend_%s", name, abc[k]);
            cwb_fit_parameter(o, key, "-", p[k], se[k]);
            cwb_fit_warn_undetermined(tf->log, tf->fc->name, key, state[k]);
        }
        cwb_fit_warn_r_squared(tf->log, tf->fc->name, *r2);
        cwb_fit_solved(o, 3, cov, *r2, m);
    } else if (m <= 3)
        cwb_fit_say(o, "  %s: A coth(B y^C) not fitted (%zu identified values for 3 parameters)\n",
                    name, m);
    else /* the least squares stopped without an answer: say why */
        cwb_fit_say(o, "  %s: A coth(B y^C) not fitted (the least squares over %zu values: %s)\n",
                    name, m, *why ? why : "did not converge");
}

/* An identified a1 or c1 of table t the data do not determine, and a
 * section fit worse than the mean (R^2 < 0). */
static void warn_stiffness_table(const tangential_fit *tf, const shear_table *t)
{
    if (!t->has_stiffness)
        return;
    char what[CWB_TEXT + 64];
    snprintf(what, sizeof what, "%s, %s", tf->fc->name, t->path);
    if (isfinite(t->a1))
        cwb_fit_warn_undetermined(tf->log, what, "a1", t->state[0]);
    if (isfinite(t->c1))
        cwb_fit_warn_undetermined(tf->log, what, "c1", t->state[1]);
    cwb_fit_warn_r_squared(tf->log, what, t->r2);
}

static int fit_stiffness(const cwb_fit_case *fc, cwb_fit_out *o, tangential_fit *tf, int by_force,
                         char *msg, size_t n)
{
    if (by_force)
        cwb_fit_note(o, "model: tangential, formula force_curve: eq. 82 integrated along "
                        "delta_t (x = F_t / (mu F_n) against delta_t / (mu F_n / (8 G* a)), "
                        "G* = G/(2 - nu), a of eq. 107, x1 of eq. 83) fitted per table to every "
                        "tangential row with a1, c1 free (Rathbone thesis eqs. 82-88); the "
                        "stiffness points drawn are central differences, as formula stiffness");
    else
        cwb_fit_note(o, "model: tangential, formula stiffness: k_t = dF_t/d delta_t (central "
                        "differences) / (8 G* a), G* = G/(2 - nu), a of eq. 107; eq. 82 past x1 "
                        "(eq. 83) fitted per table with a1, c1 free (Rathbone thesis eqs. 82-88)");
    cwb_fit_say(o, "%s: tangential stiffness parameters over %zu FEM tables\n", fc->name,
                tf->count);
    int rc = CWB_OK;
    size_t fitted = 0;
    for (size_t d = 0; d < tf->count && rc == CWB_OK; d++) {
        rc = fit_stiffness_table(&tf->t[d], by_force, msg, n);
        report_stiffness_table(o, &tf->t[d], d);
        warn_stiffness_table(tf, &tf->t[d]);
        fitted += tf->t[d].has_stiffness;
    }
    if (rc != CWB_OK)
        return rc;
    if (fitted == 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: no table has a section of eq. 82 past x1",
                        fc->path);
    double pa[3], pc[3], r2a, r2c;
    trend_of(o, tf, 0, pa, &r2a);
    trend_of(o, tf, 1, pc, &r2c);
    rc = stiffness_table_out(fc, o, tf, msg, n);
    if (rc == CWB_OK)
        rc = stiffness_trend_out(fc, o, tf, pa, pc, r2a, r2c, msg, n);
    return rc;
}

static int fit_tangential(const cwb_fit_case *fc, cwb_fit_out *o, const cwb_log *log, char *msg,
                          size_t n)
{
    const char *formula = fc->v.text[CWB_FIT_FORMULA];
    int friction = strcmp(formula, "friction") == 0, by_force = strcmp(formula, "force_curve") == 0;
    if (!friction && !by_force && strcmp(formula, "stiffness") != 0)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s:%d: [fit] formula = '%s' is not one of the allowed words: "
                        "friction|stiffness|force_curve",
                        fc->path, fc->line[CWB_FIT_FORMULA], formula);
    tangential_fit *tf = calloc(1, sizeof *tf);
    if (!tf)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    tf->fc = fc;
    tf->log = log;
    int rc = cwb_fit_data_paths(fc, &tf->paths, msg, n);
    if (rc == CWB_OK && tf->paths.count > MAX_TABLES)
        rc = cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [fit] data: 1 to %d CSV files", fc->path,
                      fc->line[CWB_FIT_DATA], MAX_TABLES);
    for (size_t d = 0; rc == CWB_OK && d < tf->paths.count; d++, tf->count++)
        rc = load_table(tf, d, msg, n);
    if (rc == CWB_OK)
        rc =
            friction ? fit_friction(fc, o, tf, msg, n) : fit_stiffness(fc, o, tf, by_force, msg, n);
    for (size_t d = 0; d < tf->paths.count; d++) {
        cwb_reference_free(&tf->ref[d]);
        free(tf->t[d].x);
    }
    free(tf);
    return rc;
}

static const cwb_fit_key tangential_requires[] = {CWB_FIT_DATA, CWB_FIT_FORMULA, CWB_FIT_MODEL};
static const cwb_fit_key tangential_accepts[] = {CWB_FIT_MODEL};

const cwb_fit_model cwb_fit_model_tangential = {
    .name = "tangential",
    .summary = "Rathbone's ch. 5 tangential constants (friction mu(y), stiffness a1, c1) "
               "refitted to Model C FEM tables",
    .requires = tangential_requires,
    .accepts = tangential_accepts,
    .run = fit_tangential,
};
