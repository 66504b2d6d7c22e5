/* sliding_force_closed_forms.c -- seed 003 §3: force-controlled sliding of
 * two rigid identical spheres (constant vertical load Q, horizontal driving
 * force T0, no rotation). The upper centre runs on the circle of radius 2R
 * about the lower centre; alpha = s / (2R) from the vertical. Worked for
 * T0 > 0 (rightward from s0 = -su); the driver mirrors T0 < 0.
 *
 *   m s'' = P(a) - mu N,  P = Q sin a + T0 cos a,           (eqs. 36, 38)
 *   N = N_stat + Phi_n,   N_stat = Q cos a - T0 sin a,      (eq. 39)
 *   Phi_n = -m v^2 / (2R) (centrifugal term on) or 0 (off).
 * With u = v^2 and d/ds = (1/(2R)) d/da, dP/da = N_stat, dN_stat/da = -P:
 *   an on:  u' - (mu/R) u = (2/m)(P - mu N_stat), u(s0) = 0; a particular
 *           solution a P + b N_stat gives a = -12 R mu / (m (1 + 4 mu^2)),
 *           b = -4R (1 - 2 mu^2) / (m (1 + 4 mu^2)), i.e. eq. 43 exactly:
 *           u = 4R / (m (4 mu^2 + 1)) (F(s0) e^(mu (s - s0)/R) - F(s)),
 *           F = 3 mu P + (1 - 2 mu^2) N_stat.
 *   an off: u = (2/m) W, W = -2R [N_stat + mu P] from s0 to s (eq. 45).
 * Separation: N = 0, i.e. u = 2R N_stat / m (eqs. 40, 44; a root found by
 * Brent) with the term on, N_stat = 0 (a = atan(Q/T0)) without.
 * Contact time with the term off (eqs. 46-47): N_stat + mu P = c sin(b0 - a),
 * c = ((1 + mu^2)(T0^2 + Q^2))^(1/2), sin b0 = (Q + mu T0)/c (as printed),
 * so u = (4 R c / m)(B - sin(b0 - a)), B = sin(b0 - a0). With
 * theta = pi/4 - (b0 - a)/2, B - sin(b0 - a) = 2 (cos^2 th0 - cos^2 th), and
 * cos th = k sin psi, k = cos th0 = ((1 + B)/2)^(1/2):
 *   t(s) = (2 R m / c)^(1/2) [K(k) - F(psi(s), k)],
 * a real modulus in place of the printed complex one (seed003-findings).
 */
#include <math.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_sf_ellint.h>

#include "cwb.h"
#include "cwb_numeric.h"
#include "cwb_sliding.h"

int cwb_fsliding_init(cwb_fsliding *g, const cwb_fsliding_spec *spec, char *msg, size_t n)
{
    double R = spec->R, mu = spec->mu, Q = spec->Q, y0 = spec->y0;
    *g = (cwb_fsliding){.R = R, .m = spec->m, .mu = mu, .Q = Q, .T0 = spec->T0, .y0 = y0};
    if (!(y0 > 0.0 && y0 < R))
        return cwb_fail(msg, n, CWB_EINPUT, "y0 = %g m must lie in (0, R) = (0, %g) m", y0, R);
    g->au = acos(y0 / R);
    g->su = 2.0 * R * g->au;
    /* sliding starts at -su when T0 cos a_u - Q sin a_u > mu (Q cos a_u + T0 sin a_u) */
    g->Tmu = g->au + atan(mu) < M_PI_2 ? Q * tan(g->au + atan(mu)) : INFINITY;
    return CWB_OK;
}

double cwb_fsliding_nstat(const cwb_fsliding *g, double s)
{
    double a = s / (2.0 * g->R);
    return g->Q * cos(a) - g->T0 * sin(a);
}

double cwb_fsliding_drive(const cwb_fsliding *g, double s)
{
    double a = s / (2.0 * g->R);
    return g->Q * sin(a) + g->T0 * cos(a);
}

static double eq43_F(const cwb_fsliding *g, double s)
{
    return 3.0 * g->mu * cwb_fsliding_drive(g, s) +
           (1.0 - 2.0 * g->mu * g->mu) * cwb_fsliding_nstat(g, s);
}

double cwb_fsliding_velocity_eq43(const cwb_fsliding *g, double s)
{
    double s0 = -g->su, mu = g->mu;
    double u = 4.0 * g->R / (g->m * (4.0 * mu * mu + 1.0)) *
               (eq43_F(g, s0) * exp(mu * (s - s0) / g->R) - eq43_F(g, s));
    return u >= 0.0 ? sqrt(u) : NAN;
}

double cwb_fsliding_velocity_eq45(const cwb_fsliding *g, double s)
{
    double s0 = -g->su;
    double w = -2.0 * g->R *
               ((cwb_fsliding_nstat(g, s) + g->mu * cwb_fsliding_drive(g, s)) -
                (cwb_fsliding_nstat(g, s0) + g->mu * cwb_fsliding_drive(g, s0)));
    return w >= 0.0 ? sqrt(2.0 * w / g->m) : NAN;
}

static double eq44_gap(double s, void *arg)
{
    const cwb_fsliding *g = arg;
    double v = cwb_fsliding_velocity_eq43(g, s);
    return g->m * v * v / (2.0 * g->R) - cwb_fsliding_nstat(g, s);
}

double cwb_fsliding_separation_eq44(const cwb_fsliding *g)
{
    /* N > 0 at -su (v = 0), N < 0 where N_stat = 0 (v > 0) */
    gsl_function F = {eq44_gap, (void *)g};
    double root = NAN;
    if (cwb_root_brent(&F, -g->su, cwb_fsliding_separation_an0(g), 0.0, 1e-15, &root, NULL, NULL) !=
        CWB_OK)
        return NAN;
    return root;
}

double cwb_fsliding_separation_an0(const cwb_fsliding *g)
{
    return 2.0 * g->R * atan2(g->Q, g->T0);
}

double cwb_fsliding_time_eq47(const cwb_fsliding *g, double s)
{
    double mu = g->mu, Q = g->Q, T0 = g->T0;
    double c = sqrt((1.0 + mu * mu) * (T0 * T0 + Q * Q));
    double b0 = asin((Q + mu * T0) / c);
    double a0 = -g->au, a = s / (2.0 * g->R);
    double B = sin(b0 - a0);
    double k = sqrt(0.5 * (1.0 + B));
    double cth = cos(M_PI_4 - 0.5 * (b0 - a));
    double psi = asin(fmin(1.0, cth / k));
    return sqrt(2.0 * g->R * g->m / c) *
           (gsl_sf_ellint_Kcomp(k, GSL_PREC_DOUBLE) - gsl_sf_ellint_F(psi, k, GSL_PREC_DOUBLE));
}

typedef struct {
    const cwb_fsliding *g;
    int an;
} time_arg;

/* dt = ds / v with s = s0 + x^2: 2 x / v(s0 + x^2), smooth at x = 0 where
 * v ~ x (1/v alone has an (s - s0)^(-1/2) end singularity). */
static double time_integrand(double x, void *arg)
{
    const time_arg *t = arg;
    if (x == 0.0) {
        /* v^2 ~ (2/m) P*(s0) x^2, P*(s0) = drive - mu N_stat at -su */
        const cwb_fsliding *g = t->g;
        double f0 = cwb_fsliding_drive(g, -g->su) - g->mu * cwb_fsliding_nstat(g, -g->su);
        return 2.0 / sqrt(2.0 * f0 / g->m);
    }
    double s = -t->g->su + x * x;
    return 2.0 * x /
           (t->an ? cwb_fsliding_velocity_eq43(t->g, s) : cwb_fsliding_velocity_eq45(t->g, s));
}

double cwb_fsliding_time_qags(const cwb_fsliding *g, double s, int an)
{
    time_arg t = {g, an};
    gsl_function F = {time_integrand, &t};
    gsl_integration_workspace *ws = gsl_integration_workspace_alloc(200);
    if (!ws)
        return NAN;
    double result = NAN, err;
    int rc = gsl_integration_qags(&F, 0.0, sqrt(s + g->su), 0.0, 1e-13, 200, ws, &result, &err);
    gsl_integration_workspace_free(ws);
    return rc == GSL_SUCCESS || rc == GSL_EROUND ? result : NAN;
}
