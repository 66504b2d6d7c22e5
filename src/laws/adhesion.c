/* adhesion.c -- the JKR equilibrium curve shared by the adhesive laws
 * (cwb_adhesion.h).
 *
 * Reference: Johnson, Kendall & Roberts (1971) [jkr1971]; Johnson (1985)
 * sec. 5.5 [johnson1985]. Derivation (E = E*, R, w the work of adhesion):
 * superpose on the Hertz contact of radius a (load P1 = 4 E a^3/(3 R),
 * approach a^2/R) a flat-punch unloading at fixed a of stiffness 2 E a.
 * Energy release at the edge must equal w (Griffith); the punch part lowers
 * the approach by Delta = sqrt(2 pi w a / E), so
 *   delta(a) = a^2/R - sqrt(2 pi w a / E),
 *   F(a)     = P1 - 2 E a Delta = 4 E a^3/(3 R) - sqrt(8 pi w E a^3).
 * With c = sqrt(2 pi w / E): delta = a^2/R - c a^(1/2), F = 4 E a^3/(3 R) -
 * 2 E c a^(3/2) (sqrt(8 pi w E) = 2 E c).
 * Energy (elastic strain of the superposition minus the surface energy pi a^2
 * w): U_E = 8 E a^5/(15 R^2) (Hertz) - P1 Delta + E a Delta^2 (punch), so
 *   U(a) = 8 E a^5/(15 R^2) - (4/3) E c a^(7/2)/R + pi w a^2,
 * and dU/da = F d(delta)/da (checked in tests/test_adhesion.c): the force is
 * the derivative of U along the curve, U is the law's stored energy.
 * Characteristic points (x = a^(1/2)):
 *   snap-in, delta = 0:        x^3 = c R,      a_0^3 = 2 pi w R^2/E,
 *                              F = -(4/3) pi w R = -(8/9) F_po,
 *                              U = -(3/5) pi w a_0^2 (< 0: snap-in loses it);
 *   force minimum, dF/da = 0:  x^3 = 3 c R/4,  a_f^3 = 9 pi w R^2/(8 E),
 *                              F = -(3/2) pi w R = -F_po (the pull-off force),
 *                              delta_f = -a_f^2/(3 R);
 *   overlap minimum (end of the stable branch), d(delta)/da = 0:
 *                              x^3 = c R/4,    a_c^3 = pi w R^2/(8 E),
 *                              delta_c = -3 a_c^2/R
 *                                      = -(3/4) (pi^2 w^2 R/E^2)^(1/3),
 *                              F = -(5/9) F_po, U = (2/5) pi w a_c^2 (> 0).
 * Under fixed grips (and for a free sphere: the overlap is the state
 * variable) the contact follows the branch a > a_c and ends at delta_c; the
 * branch a < a_c is unstable for any loading. Under force control it ends
 * at the force minimum (a_f, delta_f).
 *
 * Solve for a at delta: x^4 - c R x - delta R = 0 is convex in x > 0 with its
 * minimum at x_c, x_c^3 = c R/4; for delta >= delta_c the root with x >= x_c
 * is unique. Newton from x_0 = (c R)^(1/3) + max(delta R, 0)^(1/4), where the
 * quartic is >= 0, descends monotonically to it (convexity); at delta_c
 * itself the root is double and Newton converges linearly (capped at 200
 * iterations, each halving the error).
 */
#include "cwb_adhesion.h"

const char *const cwb_friction_load_words[] = {"offset", "net", NULL};

static double jkr_c(const cwb_jkr *j)
{
    return sqrt(2.0 * M_PI * j->w / j->E);
}

double cwb_jkr_overlap(const cwb_jkr *j, double a)
{
    return a * a / j->R - jkr_c(j) * sqrt(a);
}

double cwb_jkr_force(const cwb_jkr *j, double a)
{
    return 4.0 * j->E * a * a * a / (3.0 * j->R) - 2.0 * j->E * jkr_c(j) * a * sqrt(a);
}

/* dF/d(delta) = (dF/da) / (d(delta)/da); unbounded at a_c. */
double cwb_jkr_stiffness(const cwb_jkr *j, double a)
{
    double c = jkr_c(j), sa = sqrt(a);
    double dfda = 4.0 * j->E * a * a / j->R - 3.0 * j->E * c * sa;
    double ddda = 2.0 * a / j->R - 0.5 * c / sa;
    return ddda > 0.0 ? dfda / ddda : -HUGE_VAL;
}

double cwb_jkr_energy(const cwb_jkr *j, double a)
{
    double a2 = a * a, R = j->R;
    return 8.0 * j->E * a2 * a2 * a / (15.0 * R * R) -
           4.0 / 3.0 * j->E * jkr_c(j) * a2 * a * sqrt(a) / R + M_PI * j->w * a2;
}

/* a = x^2 with x^3 = k c R. */
static double radius_at(const cwb_jkr *j, double k)
{
    return pow(k * jkr_c(j) * j->R, 2.0 / 3.0);
}

double cwb_jkr_a_snap(const cwb_jkr *j)
{
    return radius_at(j, 1.0);
}

double cwb_jkr_a_force_min(const cwb_jkr *j)
{
    return radius_at(j, 0.75);
}

double cwb_jkr_a_end(const cwb_jkr *j)
{
    return radius_at(j, 0.25);
}

double cwb_jkr_delta_end(const cwb_jkr *j)
{
    return cwb_jkr_overlap(j, cwb_jkr_a_end(j));
}

double cwb_jkr_pulloff(const cwb_jkr *j)
{
    return 1.5 * M_PI * j->w * j->R;
}

double cwb_jkr_radius(const cwb_jkr *j, double delta)
{
    double cR = jkr_c(j) * j->R, dR = delta * j->R;
    double xc = cbrt(0.25 * cR);
    double x = cbrt(cR) + (dR > 0.0 ? sqrt(sqrt(dR)) : 0.0);
    for (int it = 0; it < 200; it++) {
        double x3 = x * x * x;
        double f = x3 * x - cR * x - dR, df = 4.0 * x3 - cR;
        if (!(f > 0.0) || !(df > 0.0))
            break; /* on the root (or below it by round-off) */
        double nx = x - f / df;
        if (nx < xc)
            nx = xc;
        if (!(nx < x))
            break;
        x = nx;
    }
    return x * x;
}

double cwb_adhesion_friction_offset(double choice, double f_pulloff)
{
    return (int)choice == CWB_FRICTION_OFFSET ? 2.0 * f_pulloff : 0.0;
}
