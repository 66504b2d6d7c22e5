/* hertz_yield.c -- the contact yield stress factor Ay[nu], p_y = Ay sigma_y.
 *
 * An elastic result (where the Hertz stress field first reaches yield), so
 * it sits below the laws: the elastic-plastic laws (src/laws/yield.c), the
 * FEM sphere model (its yield overlap) and the material fits use it.
 *
 * Reference: seed 004 appendix A (eqs. 113-120); Johnson, Contact
 * Mechanics, 1985, sec. 4.2. On the axis of a Hertz contact (u = z/a) the
 * principal stresses are
 *   sigma_r = sigma_theta = -p0 [(1 + nu)(1 - u atan(1/u)) - (1/2)/(1 + u^2)],
 *   sigma_z = -p0 / (1 + u^2),
 * so von Mises (eq. 113; on the axis it equals Tresca) gives
 *   p0^2 F(nu, u) = sigma_y^2,
 *   F(nu, u) = {(1 + nu)[1 - u atan(1/u)] - (3/2)(1 + u^2)^(-1)}^2.
 * The extracted eq. 117 has "+ 3/2": that sign is wrong; with
 * it Ay(0.3) would not be 1.613, the constant eq. 67 uses. Yield starts
 * where F is largest, so Ay[nu] = F(nu, u*)^(-1/2) (eq. 120), u* found here
 * with GSL's Brent minimiser on -F over 0 < u < 5.
 */
#include <math.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_min.h>

#include "cwb_pair.h"

static double minus_F(double u, void *param)
{
    double nu = *(const double *)param;
    double s = (1.0 + nu) * (1.0 - u * atan(1.0 / u)) - 1.5 / (1.0 + u * u);
    return -s * s;
}

double cwb_yield_factor(double nu, double *u_star)
{
    gsl_function F = {minus_F, &nu};
    /* The maximum of F lies near u = 0.5 for 0 <= nu < 0.5; as nu -> -1 it
     * moves to the surface (u = 0) and there is none inside: no Ay. That is
     * checked here, with the three values gsl_min_fminimizer_set compares,
     * because GSL would report it through its error handler, which is the
     * host program's (cwb_api.h) and aborts by default. -F is finite for
     * every u > 0, so the iterations report nothing. */
    const double lo = 1e-6, guess = 0.5, hi = 5.0;
    double f_guess = minus_F(guess, &nu);
    if (!(f_guess < minus_F(lo, &nu) && f_guess < minus_F(hi, &nu)))
        return NAN;
    gsl_min_fminimizer *m = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
    if (!m)
        return NAN;
    if (gsl_min_fminimizer_set(m, &F, guess, lo, hi) != GSL_SUCCESS) {
        gsl_min_fminimizer_free(m);
        return NAN;
    }
    double u = 0.5;
    for (int it = 0; it < 200; it++) {
        if (gsl_min_fminimizer_iterate(m) != GSL_SUCCESS)
            break;
        u = gsl_min_fminimizer_x_minimum(m);
        if (gsl_min_test_interval(gsl_min_fminimizer_x_lower(m), gsl_min_fminimizer_x_upper(m),
                                  1e-14, 0.0) == GSL_SUCCESS)
            break;
    }
    gsl_min_fminimizer_free(m);
    if (u_star)
        *u_star = u;
    return 1.0 / sqrt(-minus_F(u, &nu));
}
