/* numeric.c -- small numerical helpers shared by drivers and laws. */
#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
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
    *root = NAN;
    if (!(lo <= hi) || !(epsabs >= 0.0) || !(epsrel >= 0.0))
        return CWB_EFAIL;
    brent_guard g = {F, lo, GSL_FN_EVAL(F, lo), hi, GSL_FN_EVAL(F, hi), 0};
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
    if (x == 0.0) { /* -0 too: a sign on nothing reads as a distinct value */
        snprintf(buf, n, "0");
        return;
    }
    if (!isfinite(x)) {
        snprintf(buf, n, "%s", x != x ? "nan" : x > 0 ? "inf" : "-inf");
        return;
    }
    /* An integer below 1e15 (step counts, flags) is what %.15g prints: its
     * digits, written here without printf's conversion and strtod's check
     * (two thirds of the instructions of a batch row of two results). */
    if (fabs(x) < 1e15 && x == trunc(x)) {
        char digits[24];
        int len = 0;
        for (long long v = llabs((long long)x); v > 0; v /= 10)
            digits[len++] = (char)('0' + v % 10);
        size_t k = 0;
        if (x < 0.0 && k + 1 < n)
            buf[k++] = '-';
        while (len > 0 && k + 1 < n)
            buf[k++] = digits[--len];
        if (n > 0)
            buf[k] = '\0';
        return;
    }
    /* A double whose shortest decimal has d <= 15 digits is printed by
     * %.15g as exactly those digits (%g drops trailing zeros): the decimal
     * is within half an ulp (1.1e-16 relative) of x, closer than half the
     * spacing of 15-digit decimals (5e-16 relative at least), so it is the
     * nearest one. With 16 digits the nearest 16-digit decimal reads back
     * whenever any does; 17 always do. Three tries, not seventeen. A
     * subnormal has fewer bits than that argument needs: every count. */
    for (int prec = fabs(x) < DBL_MIN ? 1 : 15; prec < 17; prec++) {
        snprintf(buf, n, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            return;
    }
    snprintf(buf, n, "%.17g", x);
}
