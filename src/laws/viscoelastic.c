/* viscoelastic.c -- restitution of the Hertz contact with the nonlinear
 * dashpot of Tsuji et al. (seed 004 eqs. 48-50), shared by the tsuji and
 * hertz_restitution damping laws.
 *
 * With delta = d0 x and t = t0 tau, t0^2 = m* / (k_n d0^(1/2)), the equation
 *   m* delta'' = -k_n delta^(3/2) - alpha sqrt(m* k_n) delta^(1/4) delta'
 * becomes x'' = -x^(3/2) - alpha x^(1/4) x' for every impact velocity
 * (choosing d0 so that x'(0) = 1), so the restitution e = -x'(end) is a
 * function of alpha alone (Tsuji, Tanaka & Ishida 1992). It is computed
 * here by integrating that equation with GSL's adaptive rk8pd (tolerance
 * 1e-12) from a series start x = tau - (16 alpha/45) tau^(9/4) at tau = 1e-6,
 * and locating x = 0 by bisection on the last step; alpha(e) inverts it
 * with a Brent solve.
 *
 * Finding (tests/test_tangential.c): with attraction allowed, the solve
 * returns alpha = sqrt(5) |ln e| / sqrt(ln^2 e + pi^2) to 6 digits for
 * e = 0.1 ... 0.9, i.e. the LIGGGHTS/Chrono form beta = ln e / sqrt(ln^2 e
 * + pi^2) with its factor 2 sqrt(5/6) (alpha = -sqrt(5) beta) is exact for
 * this dashpot; an independent Python RK4 agrees. It is not exact once the
 * force is clamped at zero (no_tension): e = 0.5 then gives 0.550.
 */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_roots.h>

#include "cwb_law.h"
#include "cwb_numeric.h"

typedef struct {
    double alpha;
    int no_tension;
} dashpot;

static int dashpot_rhs(double t, const double y[], double f[], void *params)
{
    (void)t;
    const dashpot *d = params;
    double x = y[0] > 0.0 ? y[0] : 0.0;
    double force = x * sqrt(x) + d->alpha * sqrt(sqrt(x)) * y[1];
    if (d->no_tension && force < 0.0)
        force = 0.0;
    f[0] = y[1];
    f[1] = -force;
    return GSL_SUCCESS;
}

int cwb_hertz_dashpot_restitution(double alpha, int no_tension, double *e, char *msg, size_t n)
{
    dashpot d = {alpha, no_tension};
    gsl_odeiv2_system sys = {dashpot_rhs, NULL, 2, &d};
    const gsl_odeiv2_step_type *type = gsl_odeiv2_step_rk8pd;
    gsl_odeiv2_step *st = gsl_odeiv2_step_alloc(type, 2);
    gsl_odeiv2_control *ctl = gsl_odeiv2_control_y_new(1e-12, 1e-12);
    gsl_odeiv2_evolve *ev = gsl_odeiv2_evolve_alloc(2);
    if (!st || !ctl || !ev) {
        gsl_odeiv2_step_free(st);
        gsl_odeiv2_control_free(ctl);
        gsl_odeiv2_evolve_free(ev);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    double t0 = 1e-6;
    double y[2] = {t0 - 16.0 * alpha / 45.0 * pow(t0, 2.25), 1.0 - 0.8 * alpha * pow(t0, 1.25)};
    double t = t0, h = 1e-6, prev[2], tprev;
    int rc = CWB_OK;
    for (int it = 0;; it++) {
        prev[0] = y[0];
        prev[1] = y[1];
        tprev = t;
        if (it > 1000000 ||
            gsl_odeiv2_evolve_apply(ev, ctl, st, &sys, &t, 1e3, &h, y) != GSL_SUCCESS) {
            rc = cwb_fail(msg, n, CWB_EFAIL,
                          "dashpot restitution: integration failed "
                          "(alpha = %g)",
                          alpha);
            break;
        }
        if (y[0] <= 0.0) {
            /* bisect the last step with fixed rk8pd sub-steps */
            double lo = 0.0, hi = t - tprev, ylo[2] = {prev[0], prev[1]};
            for (int b = 0; b < 60; b++) {
                double mid = 0.5 * (lo + hi), ym[2] = {prev[0], prev[1]}, err[2];
                gsl_odeiv2_step_reset(st);
                gsl_odeiv2_step_apply(st, tprev, mid, ym, err, NULL, NULL, &sys);
                if (ym[0] > 0.0) {
                    lo = mid;
                    ylo[0] = ym[0];
                    ylo[1] = ym[1];
                } else {
                    hi = mid;
                }
            }
            *e = -ylo[1];
            break;
        }
    }
    gsl_odeiv2_evolve_free(ev);
    gsl_odeiv2_control_free(ctl);
    gsl_odeiv2_step_free(st);
    return rc;
}

typedef struct {
    double target;
    int no_tension;
    int rc;
} alpha_solve;

static double restitution_residual(double alpha, void *params)
{
    alpha_solve *a = params;
    double e = 0.0;
    if (cwb_hertz_dashpot_restitution(alpha, a->no_tension, &e, NULL, 0) != CWB_OK)
        a->rc = CWB_EFAIL;
    return e - a->target;
}

int cwb_hertz_dashpot_alpha(double e, int no_tension, double *alpha, char *msg, size_t n)
{
    if (e >= 1.0) {
        *alpha = 0.0;
        return CWB_OK;
    }
    alpha_solve a = {e, no_tension, CWB_OK};
    gsl_function F = {restitution_residual, &a};
    double lo = 0.0, hi = 0.5;
    while (restitution_residual(hi, &a) > 0.0) {
        lo = hi;
        hi *= 2.0;
        if (hi > 1e4 || a.rc)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "restitution e = %g is too small for the Hertz dashpot", e);
    }
    double x;
    if (cwb_root_brent(&F, lo, hi, 1e-13, 1e-12, &x, NULL, NULL) != CWB_OK || a.rc)
        return cwb_fail(msg, n, CWB_EFAIL, "could not find the damping for e = %g", e);
    *alpha = x;
    return CWB_OK;
}
