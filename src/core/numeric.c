/* numeric.c -- small numerical helpers shared by drivers and laws. */
#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

#include "cwb.h"
#include "cwb_numeric.h"

/* F as GSL's Brent solver sees it. GSL reports a non-finite value of F, or
 * a bracket over which F does not change sign, through its error handler:
 * one per process, the host program's when libcwb is embedded (cwb_api.h),
 * and by default it aborts. So the bracket is checked here first, with the
 * two values GSL's set() would compute (kept, so F is not evaluated twice
 * there: F is a pure function), and a non-finite value inside is recorded
 * and handed to GSL as 0, which ends the iteration; the solve then fails
 * with a status. Switching the handler off around the calls instead would
 * change process-wide state under the host's other threads. */
typedef struct {
    gsl_function *f;
    double x_lo, f_lo, x_hi, f_hi;
    int not_finite;
} brent_guard;

static double guarded(double x, void *param)
{
    brent_guard *g = param;
    if (x == g->x_lo)
        return g->f_lo;
    if (x == g->x_hi)
        return g->f_hi;
    double y = GSL_FN_EVAL(g->f, x);
    if (isfinite(y))
        return y;
    g->not_finite = 1;
    return 0.0;
}

/* Eight parameters on purpose: they mirror GSL's root-solver arguments (F, bracket, tolerances) */
int cwb_root_brent(gsl_function *F, double lo, double hi, double epsabs, double epsrel,
                   double *root, double *lower, double *upper)
{
    return cwb_root_brent_known(F, lo, NAN, hi, NAN, epsabs, epsrel, root, lower, upper);
}

/* Eleven parameters on purpose: cwb_root_brent's and F's two known values */
int cwb_root_brent_known(gsl_function *F, double lo, double f_lo, double hi, double f_hi,
                         double epsabs, double epsrel, double *root, double *lower, double *upper)
{
    *root = NAN;
    if (!(lo <= hi) || !(epsabs >= 0.0) || !(epsrel >= 0.0))
        return CWB_EFAIL;
    brent_guard g = {
        F, lo, isnan(f_lo) ? GSL_FN_EVAL(F, lo) : f_lo, hi, isnan(f_hi) ? GSL_FN_EVAL(F, hi) : f_hi,
        0};
    /* no bracket (or a collapsed one, as extreme parameters give) */
    if (!isfinite(g.f_lo) || !isfinite(g.f_hi) || (g.f_lo < 0.0 && g.f_hi < 0.0) ||
        (g.f_lo > 0.0 && g.f_hi > 0.0))
        return CWB_EFAIL;
    gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
    if (!s)
        return CWB_EFAIL;
    gsl_function G = {guarded, &g};
    if (gsl_root_fsolver_set(s, &G, lo, hi) != GSL_SUCCESS) {
        gsl_root_fsolver_free(s);
        return CWB_EFAIL;
    }
    int rc = CWB_EFAIL;
    for (int it = 0; it < 200; it++) {
        if (gsl_root_fsolver_iterate(s) != GSL_SUCCESS || g.not_finite)
            break;
        lo = gsl_root_fsolver_x_lower(s);
        hi = gsl_root_fsolver_x_upper(s);
        if (gsl_root_test_interval(lo, hi, epsabs, epsrel) == GSL_SUCCESS) {
            rc = CWB_OK;
            break;
        }
    }
    *root = g.not_finite ? NAN : gsl_root_fsolver_root(s);
    if (lower)
        *lower = lo;
    if (upper)
        *upper = hi;
    gsl_root_fsolver_free(s);
    return rc;
}

/* tmp = y + c k over n unknowns, two at a time: GCC's -O2 (its "very
 * cheap" vectorizer cost model) packs a pair into one SSE2 instruction but
 * leaves a loop of unknown length scalar; each unknown's arithmetic is the
 * same either way, so the step is the same to the bit. */
static void axpy(size_t n, const double *y, double c, const double *k, double *tmp)
{
    size_t i = 0;
    for (; i + 2 <= n; i += 2) { /* both loads before both stores */
        double a = y[i] + c * k[i], b = y[i + 1] + c * k[i + 1];
        tmp[i] = a;
        tmp[i + 1] = b;
    }
    if (i < n)
        tmp[i] = y[i] + c * k[i];
}

int cwb_rk4_step_k1(cwb_rhs f, void *ctx, size_t n, const double *y, const double *k1, double h,
                    double *out)
{
    double k2[CWB_RK4_MAX], k3[CWB_RK4_MAX], k4[CWB_RK4_MAX], tmp[CWB_RK4_MAX];
    assert(n <= CWB_RK4_MAX);
    if (n == 0)
        return CWB_OK;
    int rc;
    axpy(n, y, 0.5 * h, k1, tmp);
    if ((rc = f(ctx, tmp, 0.5 * h, k2)))
        return rc;
    axpy(n, y, 0.5 * h, k2, tmp);
    if ((rc = f(ctx, tmp, 0.5 * h, k3)))
        return rc;
    axpy(n, y, h, k3, tmp);
    if ((rc = f(ctx, tmp, h, k4)))
        return rc;
    double w = h / 6.0;
    size_t i = 0;
    for (; i + 2 <= n; i += 2) {
        double a = y[i] + w * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
        double b = y[i + 1] + w * (k1[i + 1] + 2.0 * k2[i + 1] + 2.0 * k3[i + 1] + k4[i + 1]);
        out[i] = a;
        out[i + 1] = b;
    }
    if (i < n)
        out[i] = y[i] + w * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
    return CWB_OK;
}

int cwb_rk4_step(cwb_rhs f, void *ctx, size_t n, const double *y, double h, double *out)
{
    double k1[CWB_RK4_MAX];
    assert(n <= CWB_RK4_MAX);
    int rc;
    if ((rc = f(ctx, y, 0.0, k1)))
        return rc;
    return cwb_rk4_step_k1(f, ctx, n, y, k1, h, out);
}
