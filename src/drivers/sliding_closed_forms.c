/* sliding_closed_forms.c -- seed 003 §2.4-2.5: the closed forms of the
 * displacement-controlled sliding of two identical spheres, each re-derived
 * from m s'' = T*(s) (see cwb_sliding.h for the geometry and
 * doc/findings.md, findings 4-14, for where the printed equations differ).
 *
 * Energy (eqs. 4-5): m v(s)^2 / 2 = m v0^2 / 2 + W_n(s) + W_mu(s).
 *   W_n: d/ds d = c_n, so W_n = int kn h^(3/2) c_n ds = -(2/5) kn h^(5/2)
 *        (eqs. 13, 28), zero again at separation.
 *   W_mu on the line (eq. 14): s = y_c tan a, ds = y_c da / cos^2 a,
 *        y_c/d = cos a, h = 2R (1 - kr / cos a), so
 *        W_mu = -sg mu kn 4 sqrt2 R^(5/2) kr int (cos a - kr)^(3/2) / cos^(5/2) a da
 *        and int_0^a (...) = (2/3) [G(a) - z(a)] with
 *        G(a) = sqrt(1 + kr) [(kr + 3) F(phi, k) - 4 E(phi, k)],
 *        sin phi = psi(a) = tan(a/2) ((1 + kr)/(1 - kr))^(1/2),
 *        k = ((1 - kr)/(1 + kr))^(1/2),
 *        z(a) = sin a (cos a - kr)^(1/2) (kr + (kr - 4) cos a) / (cos^(3/2) a (1 + cos a))
 *        (eq. 15; checked against qags in tests/test_sliding.c). psi = 1 and
 *        z = 0 at a = alpha_u, so the whole path gives eq. 19 with K, E.
 * GSL's gsl_sf_ellint_F/E take the amplitude phi and the modulus k.
 */
#include <math.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_sf_ellint.h>

#include "cwb.h"
#include "cwb_numeric.h"
#include "cwb_sliding.h"

/* Half the distance of the inner Lobatto nodes from the midpoint, as a
 * fraction of the interval: sqrt(3/7)/2 = 0.327327 (the paper prints 0.3273). */
#define LOBATTO_NODE 0.32732683535398857

int cwb_sliding_init(cwb_sliding *g, const cwb_sliding_spec *spec, char *msg, size_t n)
{
    double R = spec->R, h0 = spec->h0, kt = spec->kt;
    *g = (cwb_sliding){
        .path = spec->path, .R = R, .kn = spec->kn, .mu = spec->mu, .m = spec->m, .h0 = h0};
    if (!(h0 > 0.0 && h0 < 2.0 * R))
        return cwb_fail(msg, n, CWB_EINPUT, "h0 = %g m must lie in (0, 2R) = (0, %g) m", h0,
                        2.0 * R);
    g->yc = 2.0 * R - h0;
    g->kr = g->yc / (2.0 * R);
    if (g->path == CWB_SLIDING_LINE) {
        g->su = sqrt(4.0 * R * R - g->yc * g->yc);
        return CWB_OK;
    }
    if (!(kt > 0.0 && kt < 1.0))
        return cwb_fail(msg, n, CWB_EINPUT, "k_tilde = %g must lie in (0, 1)", kt);
    g->kt = kt;
    g->Rt = g->yc / (1.0 - kt);
    g->et = kt * g->Rt;
    /* Law of cosines: d = 2R where cos th_u = (1 + k~^2 - (2R/R~)^2) / (2 k~). */
    double q = 2.0 * R / g->Rt;
    double c = (1.0 + kt * kt - q * q) / (2.0 * kt);
    if (!(c > -1.0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "the circular path (k_tilde = %g, R~ = %g m) never leaves contact: its "
                        "farthest point is %g m from the lower centre, within 2R = %g m",
                        kt, g->Rt, g->Rt + g->et, 2.0 * R);
    g->su = g->Rt * acos(c);
    return CWB_OK;
}

void cwb_sliding_at(const cwb_sliding *g, double s, cwb_sliding_point *p)
{
    if (g->path == CWB_SLIDING_LINE) {
        double d = hypot(s, g->yc);
        *p = (cwb_sliding_point){
            .h = 2.0 * g->R - d, .cn = s / d, .ct = g->yc / d, .x = s, .y = g->yc};
        return;
    }
    double th = s / g->Rt, k = g->kt;
    double S = sqrt(1.0 + k * k - 2.0 * k * cos(th));
    *p = (cwb_sliding_point){.h = 2.0 * g->R - g->Rt * S,
                             .cn = k * sin(th) / S,
                             .ct = (1.0 - k * cos(th)) / S,
                             .x = g->Rt * sin(th),
                             .y = g->Rt * cos(th) - g->et};
}

double cwb_sliding_normal_force(const cwb_sliding *g, double s)
{
    cwb_sliding_point p;
    cwb_sliding_at(g, s, &p);
    return p.h > 0.0 ? g->kn * pow(p.h, 1.5) : 0.0;
}

double cwb_sliding_force(const cwb_sliding *g, double s, double sg)
{
    cwb_sliding_point p;
    cwb_sliding_at(g, s, &p);
    double N = p.h > 0.0 ? g->kn * pow(p.h, 1.5) : 0.0;
    return N * p.cn - sg * g->mu * N * p.ct;
}

double cwb_sliding_tool_force(const cwb_sliding *g, double s, double sg)
{
    cwb_sliding_point p;
    cwb_sliding_at(g, s, &p);
    double N = p.h > 0.0 ? g->kn * pow(p.h, 1.5) : 0.0;
    return N * p.ct + sg * g->mu * N * p.cn;
}

double cwb_sliding_friction_force(const cwb_sliding *g, double s, double sg)
{
    cwb_sliding_point p;
    cwb_sliding_at(g, s, &p);
    return p.h > 0.0 ? -sg * g->mu * g->kn * pow(p.h, 1.5) * p.ct : 0.0;
}

/* Eq. 23: (h/10) [(f(a) + f(b))/2 + 32/9 f(c) + 49/18 (f(c + 0.3273 h) + f(c - 0.3273 h))],
 * the 5-point Gauss-Lobatto rule (weights 1/10, 49/90, 32/45 on [-1, 1]). */
double cwb_sliding_lobatto5(double (*f)(double, void *), void *arg, double a, double b)
{
    double h = b - a, c = 0.5 * (a + b);
    return h / 10.0 *
           (0.5 * (f(a, arg) + f(b, arg)) + 32.0 / 9.0 * f(c, arg) +
            49.0 / 18.0 * (f(c + LOBATTO_NODE * h, arg) + f(c - LOBATTO_NODE * h, arg)));
}

double cwb_sliding_work_normal(const cwb_sliding *g, double s)
{
    cwb_sliding_point p;
    cwb_sliding_at(g, s, &p);
    return p.h > 0.0 ? -0.4 * g->kn * pow(p.h, 2.5) : 0.0;
}

/* (2/3) [G(a) - z(a)]: the antiderivative of (cos a - kr)^(3/2) / cos^(5/2) a
 * that vanishes at a = 0 (eq. 15's bracket), at tan a = s / y_c. cos a - kr
 * is taken as kr h / d and cos phi as (2 (cos a - kr) / ((1 + cos a)(1 - kr)))^(1/2)
 * from the overlap: asin(psi) near psi = 1 would lose half the digits. */
static double line_antiderivative(const cwb_sliding *g, double s)
{
    double kr = g->kr, d = hypot(s, g->yc);
    double ca = g->yc / d, sa = s / d;
    double gap = fmax(0.0, kr * (2.0 * g->R - d) / d); /* cos a - kr */
    double k = sqrt((1.0 - kr) / (1.0 + kr));
    double psi = sa / (1.0 + ca) * sqrt((1.0 + kr) / (1.0 - kr));
    double phi = atan2(psi, sqrt(2.0 * gap / ((1.0 + ca) * (1.0 - kr))));
    double G = sqrt(1.0 + kr) * ((kr + 3.0) * gsl_sf_ellint_F(phi, k, GSL_PREC_DOUBLE) -
                                 4.0 * gsl_sf_ellint_E(phi, k, GSL_PREC_DOUBLE));
    double z = sa * sqrt(gap) * (kr + (kr - 4.0) * ca) / (pow(ca, 1.5) * (1.0 + ca));
    return 2.0 / 3.0 * (G - z);
}

/* Eq. 15, with tan alpha = s / y_c (eq. 11; the print has s/(kr R)). */
double cwb_sliding_line_work_friction(const cwb_sliding *g, double s0, double s, double sg)
{
    double s0c = fmax(-g->su, fmin(g->su, s0)), s1c = fmax(-g->su, fmin(g->su, s));
    double scale = 4.0 * M_SQRT2 * pow(g->R, 2.5) * g->kr;
    return -sg * g->mu * g->kn * scale *
           (line_antiderivative(g, s1c) - line_antiderivative(g, s0c));
}

typedef struct {
    const cwb_sliding *g;
    double sg, v0, s0;
    int quadrature;
} work_arg;

static double friction_integrand(double s, void *arg)
{
    const work_arg *w = arg;
    return cwb_sliding_friction_force(w->g, s, w->sg);
}

/* Eq. 30: one 5-point panel from s0 to s. */
double cwb_sliding_circle_work_friction(const cwb_sliding *g, double s0, double s, double sg)
{
    work_arg w = {.g = g, .sg = sg};
    return cwb_sliding_lobatto5(friction_integrand, &w, s0, s);
}

double cwb_sliding_work_friction_qags(const cwb_sliding *g, double s0, double s, double sg)
{
    if (s == s0)
        return 0.0;
    work_arg w = {.g = g, .sg = sg};
    gsl_function F = {friction_integrand, &w};
    gsl_integration_workspace *ws = gsl_integration_workspace_alloc(200);
    if (!ws)
        return NAN;
    double lo = fmin(s0, s), hi = fmax(s0, s), result = NAN, err;
    /* the sphere is out of contact beyond +-su: cut the kink off */
    lo = fmax(lo, -g->su);
    hi = fmin(hi, g->su);
    int rc = hi > lo ? gsl_integration_qags(&F, lo, hi, 0.0, 1e-13, 200, ws, &result, &err)
                     : (result = 0.0, GSL_SUCCESS);
    gsl_integration_workspace_free(ws);
    if (rc != GSL_SUCCESS && rc != GSL_EROUND)
        return NAN;
    return s >= s0 ? result : -result;
}

double cwb_sliding_velocity(const cwb_sliding *g, double v0, double s, int quadrature)
{
    double sg = v0 > 0.0 ? 1.0 : -1.0, s0 = -sg * g->su;
    double wmu = quadrature                    ? cwb_sliding_work_friction_qags(g, s0, s, sg)
                 : g->path == CWB_SLIDING_LINE ? cwb_sliding_line_work_friction(g, s0, s, sg)
                                               : cwb_sliding_circle_work_friction(g, s0, s, sg);
    double rad = v0 * v0 + 2.0 * (cwb_sliding_work_normal(g, s) + wmu) / g->m;
    return rad >= 0.0 ? sg * sqrt(rad) : NAN;
}

/* Eq. 19 (line): -2 (8 sqrt2 / 3) mu kn kr R^(5/2) sqrt(1 + kr) ((kr + 3) K - 4 E);
 * eq. 32 (circle): the 5-point rule over [-su, su] (end terms vanish, N = 0). */
double cwb_sliding_work_total(const cwb_sliding *g)
{
    if (g->path == CWB_SLIDING_LINE) {
        double kr = g->kr, k = sqrt((1.0 - kr) / (1.0 + kr));
        double K = gsl_sf_ellint_Kcomp(k, GSL_PREC_DOUBLE);
        double E = gsl_sf_ellint_Ecomp(k, GSL_PREC_DOUBLE);
        return -2.0 * 8.0 * M_SQRT2 / 3.0 * g->mu * g->kn * kr * pow(g->R, 2.5) * sqrt(1.0 + kr) *
               ((kr + 3.0) * K - 4.0 * E);
    }
    return cwb_sliding_circle_work_friction(g, -g->su, g->su, 1.0);
}

/* Eqs. 20, 35: e_s = (1 + 2 W / (m v0^2))^(1/2). */
double cwb_sliding_restitution(const cwb_sliding *g, double v0)
{
    double rad = 1.0 + 2.0 * cwb_sliding_work_total(g) / (g->m * v0 * v0);
    return rad >= 0.0 ? sqrt(rad) : NAN;
}

/* Eqs. 21, 34: v_crit = (-2 W / m)^(1/2). */
double cwb_sliding_vcrit(const cwb_sliding *g)
{
    return sqrt(-2.0 * cwb_sliding_work_total(g) / g->m);
}

static double balance(double s, void *arg)
{
    const cwb_sliding *g = arg;
    cwb_sliding_point p;
    cwb_sliding_at(g, s, &p);
    return p.cn - g->mu * p.ct;
}

double cwb_sliding_vcrit_barrier(const cwb_sliding *g, double *s_min)
{
    /* Rightward (the path is symmetric): T* < 0 while c_n < mu c_t. */
    double s = g->su;
    if (balance(g->su, (void *)g) > 0.0) {
        gsl_function F = {balance, (void *)g};
        if (g->path == CWB_SLIDING_LINE)
            s = g->mu * g->yc;
        else if (cwb_root_brent(&F, 0.0, g->su, 0.0, 1e-15, &s, NULL, NULL) != CWB_OK)
            return NAN;
    }
    if (s_min)
        *s_min = s;
    double wmu = g->path == CWB_SLIDING_LINE ? cwb_sliding_line_work_friction(g, -g->su, s, 1.0)
                                             : cwb_sliding_work_friction_qags(g, -g->su, s, 1.0);
    return sqrt(-2.0 * (cwb_sliding_work_normal(g, s) + wmu) / g->m);
}

static double inverse_speed(double s, void *arg)
{
    const work_arg *w = arg;
    return 1.0 / fabs(cwb_sliding_velocity(w->g, w->v0, s, w->quadrature));
}

/* Eq. 25: the 5-point rule on 1/v over the whole path, h = 2 su. */
double cwb_sliding_contact_time_lobatto(const cwb_sliding *g, double v0)
{
    work_arg w = {.g = g, .v0 = v0, .quadrature = 0};
    return cwb_sliding_lobatto5(inverse_speed, &w, -g->su, g->su);
}

double cwb_sliding_contact_time_qags(const cwb_sliding *g, double v0)
{
    /* the line's v(s) is exact (eq. 16); the circle's needs qags work */
    work_arg w = {.g = g, .v0 = v0, .quadrature = g->path == CWB_SLIDING_CIRCLE};
    gsl_function F = {inverse_speed, &w};
    gsl_integration_workspace *ws = gsl_integration_workspace_alloc(200);
    if (!ws)
        return NAN;
    double result = NAN, err;
    int rc = gsl_integration_qags(&F, -g->su, g->su, 0.0, 1e-12, 200, ws, &result, &err);
    gsl_integration_workspace_free(ws);
    return rc == GSL_SUCCESS || rc == GSL_EROUND ? result : NAN;
}
