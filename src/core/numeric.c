/* numeric.c -- small numerical helpers shared by drivers and laws. */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

#include "cwb.h"
#include "cwb_numeric.h"

/* Eight parameters on purpose: they mirror GSL's root-solver arguments (F, bracket, tolerances) */
int cwb_root_brent(gsl_function *F, double lo, double hi, double epsabs, double epsrel,
                   double *root, double *lower, double *upper)
{
    /* No bracket (or a collapsed one, as extreme parameters give) is a
     * status, never GSL's default handler, which aborts the process when the
     * program using libcwb left it on (found by fuzzing the case reader). */
    *root = NAN;
    gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
    if (!s)
        return CWB_EFAIL;
    gsl_error_handler_t *handler = gsl_set_error_handler_off();
    int set = gsl_root_fsolver_set(s, F, lo, hi);
    gsl_set_error_handler(handler);
    if (set != GSL_SUCCESS) {
        gsl_root_fsolver_free(s);
        return CWB_EFAIL;
    }
    int rc = CWB_EFAIL;
    for (int it = 0; it < 200; it++) {
        handler = gsl_set_error_handler_off();
        int step = gsl_root_fsolver_iterate(s);
        gsl_set_error_handler(handler);
        if (step != GSL_SUCCESS)
            break;
        lo = gsl_root_fsolver_x_lower(s);
        hi = gsl_root_fsolver_x_upper(s);
        if (gsl_root_test_interval(lo, hi, epsabs, epsrel) == GSL_SUCCESS) {
            rc = CWB_OK;
            break;
        }
    }
    *root = gsl_root_fsolver_root(s);
    if (lower)
        *lower = lo;
    if (upper)
        *upper = hi;
    gsl_root_fsolver_free(s);
    return rc;
}

int cwb_rk4_step_k1(cwb_rhs f, void *ctx, size_t n, const double *y, const double *k1, double h,
                    double *out)
{
    double k2[CWB_RK4_MAX], k3[CWB_RK4_MAX], k4[CWB_RK4_MAX], tmp[CWB_RK4_MAX];
    assert(n <= CWB_RK4_MAX);
    if (n == 0)
        return CWB_OK;
    int rc;
    for (size_t i = 0; i < n; i++)
        tmp[i] = y[i] + 0.5 * h * k1[i];
    if ((rc = f(ctx, tmp, 0.5 * h, k2)))
        return rc;
    for (size_t i = 0; i < n; i++)
        tmp[i] = y[i] + 0.5 * h * k2[i];
    if ((rc = f(ctx, tmp, 0.5 * h, k3)))
        return rc;
    for (size_t i = 0; i < n; i++)
        tmp[i] = y[i] + h * k3[i];
    if ((rc = f(ctx, tmp, h, k4)))
        return rc;
    for (size_t i = 0; i < n; i++)
        out[i] = y[i] + h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
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

void cwb_format_shortest(double x, char *buf, size_t n)
{
    if (x == floor(x) && fabs(x) < 1e15) { /* a count or a round value: 150, not 1.5e+02 */
        snprintf(buf, n, "%.0f", x);
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, x);
        if (strtod(buf, NULL) == x || x != x) /* NaN never reads back equal */
            return;
    }
}
