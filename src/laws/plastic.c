/* plastic.c -- the loading / unloading / reloading rules shared by the
 * elastic-plastic normal laws (see cwb_plastic_law in cwb_law.h).
 *
 * Each law supplies its virgin loading curve and its unloading curve from a
 * maximum; this file decides which curve a step is on, the work done along
 * the step's path and the energy that unloading would give back, so that all
 * of seed 004's laws follow the same loading, unloading and reloading rules
 * (seed 004 sec. 4.2.4 and Fig. 30) and the same energy account. A step
 * whose dissipation (work - change of stored energy) is negative beyond
 * round-off is flagged CWB_FLAG_ENERGY_GAIN: the law itself returns energy.
 */
#include <gsl/gsl_integration.h>

#include "cwb_law.h"

double cwb_yield_overlap(const cwb_pair *g, double p_y)
{
    double q = M_PI * p_y / (2.0 * g->E_star);
    return g->R_star * q * q;
}

/* a^2 on virgin loading, eqs. 74/107: Hertz's R* delta up to delta_y, then
 * Etsion et al. (2005)'s elastic-plastic fit (continuous at delta_y). */
static double radius2_loading(const cwb_pair *g, double dy, double d)
{
    if (d <= dy)
        return g->R_star * d;
    return g->R_star * dy * (1.19 * pow(d / dy - 1.0, 1.1) + 1.0);
}

/* The turning point factor t of eq. 76/109, piecewise linear in
 * n = delta_max/delta_y (its pieces meet to 4e-4 at 6.18 and exactly at 50). */
static double radius_turning_factor(double n)
{
    if (n < 6.18)
        return -0.119 + 0.119 * n;
    if (n < 50.0)
        return 0.576 + 0.00648 * n;
    return 0.9;
}

/* Seed 004 sec. 5.4 (eqs. 74-76 = 107-109). Loading (delta >= delta_max):
 * eq. 74. Unloading from delta_max > delta_y: eq. 74 above the turning point
 * t delta_max, below it the line a^2 = C (delta - delta_min) with
 * C = a^2(t delta_max) / (t delta_max - delta_min), continuous there.
 * DEVIATION NOTE: the text writes C = t a_max^2 / (t delta_max - delta_min);
 * "fixed to ensure continuity" needs a^2(t delta_max), which differs from
 * t a_max^2 because eq. 74 is not proportional to delta (6.6 % at n = 10).
 * When t delta_max <= delta_min (n close to 1, where t -> 0) the line is
 * empty: eq. 74 down to delta_min, then 0 (a jump of the radius, not of the
 * force). Unloading from delta_max <= delta_y is Hertz's a^2 = R* delta. */
double cwb_rathbone_radius(const cwb_pair *g, double dy, double d, double dmax, double dmin)
{
    if (!(d > 0.0))
        return 0.0;
    if (!(dy > 0.0) || dmax <= dy || d >= dmax)
        return sqrt(dy > 0.0 ? radius2_loading(g, dy, d) : g->R_star * d);
    if (d <= dmin)
        return 0.0;
    double turn = radius_turning_factor(dmax / dy) * dmax;
    if (d >= turn || turn <= dmin)
        return sqrt(radius2_loading(g, dy, d));
    double c = radius2_loading(g, dy, turn) / (turn - dmin);
    return sqrt(c * (d - dmin));
}

void cwb_hertz_elastic(const cwb_pair *g, double delta, cwb_normal_out *o)
{
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star);
    o->force = kn * delta * sqrt(delta);
    o->stiffness = 1.5 * kn * sqrt(delta);
    o->branch = CWB_BRANCH_ELASTIC;
}

void cwb_unloading_hertz(const cwb_pair *g, double r_un, double delta_max, double f_max,
                         cwb_unloading *u)
{
    u->n = 1.5;
    u->k = 4.0 / 3.0 * g->E_star * sqrt(r_un);
    u->delta_min = delta_max - pow(f_max / u->k, 2.0 / 3.0);
}

double cwb_unloading_radius_eq9(const cwb_pair *g, double delta_max, double f_max)
{
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star);
    return g->R_star * kn * delta_max * sqrt(delta_max) / f_max;
}

/* The unloading curve below a committed maximum (Hertz when elastic). */
static void unloading_of(const cwb_plastic_law *law, const double *p, const cwb_pair *g,
                         double dmax, double fmax, cwb_unloading *u)
{
    if (dmax <= p[law->yield_slot] || fmax <= 0.0) {
        u->k = 4.0 / 3.0 * g->E_star * sqrt(g->R_star);
        u->n = 1.5;
        u->delta_min = 0.0;
        return;
    }
    law->unload(p, g, dmax, fmax, u);
    if (!(u->delta_min > 0.0))
        u->delta_min = 0.0;
}

static double unload_force(const cwb_unloading *u, double d)
{
    double x = d - u->delta_min;
    return x > 0.0 ? u->k * pow(x, u->n) : 0.0;
}

static double unload_energy(const cwb_unloading *u, double d)
{
    double x = d - u->delta_min;
    return x > 0.0 ? u->k * pow(x, u->n + 1.0) / (u->n + 1.0) : 0.0;
}

typedef struct {
    const cwb_plastic_law *law;
    const double *p;
    const cwb_pair *g;
} load_ctx;

static double load_force_at(double d, void *param)
{
    const load_ctx *c = param;
    cwb_normal_out o = {0};
    c->law->load(c->p, c->g, d, &o);
    return o.force;
}

/* Gauss-Legendre rules of 3 and 5 points on [-1, 1], the non-negative half
 * of each symmetric rule (Abramowitz & Stegun 1964, Handbook of
 * Mathematical Functions, Table 25.4; GSL's glfixed.c tables hold the same
 * digits). Constants, not a table made on first use: a table allocated
 * lazily was written by whichever thread stepped a plastic law first, a
 * data race under cwb_api.h's promise that contacts may be used from
 * different threads. */
static const double gl3_x[2] = {0.0, 0.7745966692414833770358531};
static const double gl3_w[2] = {0.8888888888888888888888889, 0.5555555555555555555555556};
static const double gl5_x[3] = {0.0, 0.5384693101056830910363144, 0.9061798459386639927976269};
static const double gl5_w[3] = {0.5688888888888888888888889, 0.4786286704993664680412915,
                                0.2369268850561890875142640};

/* The m-node half of an odd Gauss-Legendre rule over [a, b], summed as
 * gsl_integration_glfixed does (so the results are GSL's to the bit). */
static double gauss_legendre(const gsl_function *F, double a, double b, const double *x,
                             const double *w, int m)
{
    double A = 0.5 * (b - a), B = 0.5 * (b + a);
    double s = w[0] * GSL_FN_EVAL(F, B);
    for (int i = 1; i < m; i++) {
        double Ax = A * x[i];
        s += w[i] * (GSL_FN_EVAL(F, B + Ax) + GSL_FN_EVAL(F, B - Ax));
    }
    return A * s;
}

/* Integral of the loading curve over [a, b] inside one smooth piece. A
 * driver's step is short against the curve, so 5-point Gauss-Legendre is
 * exact to round-off; it is accepted when the 3-point rule agrees to
 * 1e-11, else GSL's 21-point Gauss-Kronrod rule is used, halving until its
 * error estimate meets 1e-11 (12 halvings at most). gsl_integration_qk21
 * needs no workspace (the step stays pure) and, unlike the adaptive
 * routines, never reports through GSL's error handler: the handler is the
 * host program's (cwb_api.h), and its default aborts. */
static double integrate_piece(const gsl_function *F, double a, double b, int depth)
{
    if (depth == 0) {
        double i3 = gauss_legendre(F, a, b, gl3_x, gl3_w, 2);
        double i5 = gauss_legendre(F, a, b, gl5_x, gl5_w, 3);
        if (fabs(i5 - i3) <= 1e-11 * fabs(i5))
            return i5;
    }
    double result, abserr, resabs, resasc;
    gsl_integration_qk21(F, a, b, &result, &abserr, &resabs, &resasc);
    if (!(abserr <= 1e-11 * fabs(result)) && depth < 12) {
        double m = 0.5 * (a + b);
        return integrate_piece(F, a, m, depth + 1) + integrate_piece(F, m, b, depth + 1);
    }
    return result;
}

double cwb_integrate_smooth(gsl_function *F, double a, double b)
{
    return integrate_piece(F, a, b, 0);
}

static double loading_work(const cwb_plastic_law *law, const double *p, const cwb_pair *g, double a,
                           double b)
{
    if (b <= a)
        return 0.0;
    if (law->load_primitive)
        return law->load_primitive(p, g, b) - law->load_primitive(p, g, a);
    if (law->load_work)
        return law->load_work(p, g, a, b);
    load_ctx c = {law, p, g};
    gsl_function F = {load_force_at, &c};
    double w = 0.0, from = a;
    for (int i = 0; i < CWB_MAX_KNOTS && law->knot_slot[i]; i++) {
        double x = p[law->knot_slot[i]];
        if (x > from && x < b) {
            w += cwb_integrate_smooth(&F, from, x);
            from = x;
        }
    }
    return w + cwb_integrate_smooth(&F, from, b);
}

/* Does the loading curve jump at a knot the step [a, b] moves past? A knot
 * belongs to its lower piece (every law uses delta <= knot there), so a
 * step crosses it when a <= knot < b. */
static int crosses_jump(const cwb_plastic_law *law, const double *p, const cwb_pair *g, double a,
                        double b)
{
    for (int i = 0; i < CWB_MAX_KNOTS && law->knot_slot[i]; i++) {
        double x = p[law->knot_slot[i]];
        if (!(x >= a && x < b))
            continue;
        cwb_normal_out lo = {0}, hi = {0};
        law->load(p, g, x * (1.0 - 1e-12), &lo);
        law->load(p, g, x * (1.0 + 1e-12), &hi);
        if (fabs(hi.force - lo.force) > 1e-8 * fmax(fabs(hi.force), fabs(lo.force)))
            return 1;
    }
    return 0;
}

/* The smallest knot of the loading curve above both delta_y (located as
 * the yield onset) and d, 0 if none. */
static double knot_above(const cwb_plastic_law *law, const double *p, double d)
{
    double dy = p[law->yield_slot], best = 0.0;
    for (int i = 0; i < CWB_MAX_KNOTS && law->knot_slot[i]; i++) {
        double x = p[law->knot_slot[i]];
        if (x > dy && x > d && isfinite(x) && (best == 0.0 || x < best))
            best = x;
    }
    return best;
}

int cwb_plastic_step(const cwb_plastic_law *law, const double *p, const cwb_pair *g,
                     const cwb_plastic_state *s, const cwb_kin *k, cwb_normal_out *out,
                     cwb_plastic_state *t)
{
    *out = (cwb_normal_out){0};
    double dy = p[law->yield_slot];
    out->delta_yield = dy;
    out->delta_knot = knot_above(law, p, k->delta);
    cwb_unloading u0;
    unloading_of(law, p, g, s->delta_max, s->f_max, &u0);
    double d0 = k->delta0 > 0.0 ? k->delta0 : 0.0, d = k->delta;
    double e0 = unload_energy(&u0, d0);
    if (d <= 0.0) {
        /* separated: the contact and its memory end */
        *t = (cwb_plastic_state){0};
        out->work = -e0;
        out->branch = CWB_BRANCH_NONE;
        return CWB_OK;
    }
    /* Do the loading and unloading curves meet at the committed maximum? */
    int curves_meet =
        s->delta_max <= 0.0 || fabs(unload_force(&u0, s->delta_max) - s->f_max) <= 1e-9 * s->f_max;
    /* At the committed maximum itself (the first RK4 stage of a loading
     * step: d = d0 = delta_max) the state is the loading curve's point
     * (delta_max, f_max), the one the driver committed. Taking the
     * unloading branch there gave that stage the unloading curve's force,
     * stiffness and contact radius: 0.54 f_max for stronge, whose curves
     * do not meet; 1.7-3.3 times the loading stiffness for thornton,
     * tomas, jackson_green, rathbone, and a radius 31 % larger for
     * jackson_green, whose unloading radius is the punch relation's (a
     * tangential law rescaling its force with a then jumped on every
     * loading step). An O(1) error in one RK4 stage of every step does not
     * vanish with the step (tests/test_energy_balance.c). But where the
     * overlap is already falling there (the first stage of the step after a
     * peak), the state is past the turning point and on the unloading
     * curve: taking the loading curve's force there held stronge's contact
     * at 1.9 times its unloading force after the peak until a step moved
     * the overlap by one rounding unit (about 5e-14 s at 1 m/s), and its
     * contact time wandered by 3e-8 of itself between step halvings. */
    int at_max = d == s->delta_max && d0 >= s->delta_max && !(k->delta_rate < 0.0);
    double work;
    if (d > s->delta_max || at_max) {
        /* back up the unloading curve to the old maximum, then virgin loading */
        double from = d0 > s->delta_max ? d0 : s->delta_max;
        work = (s->delta_max > d0 ? unload_energy(&u0, s->delta_max) - e0 : 0.0) +
               loading_work(law, p, g, from, d);
        law->load(p, g, d, out);
        if (isnan(out->force))
            return CWB_EFAIL; /* the law could not evaluate its loading curve */
        out->delta_yield = dy;
        out->delta_knot = knot_above(law, p, d);
        t->delta_max = d;
        t->f_max = out->force;
        t->unloading = 0;
        if (crosses_jump(law, p, g, from, d) ||
            (!curves_meet && (d0 < s->delta_max || s->unloading)))
            out->flags |= CWB_FLAG_DISCONTINUITY;
    } else {
        *t = *s;
        t->unloading = 1;
        double x = d - u0.delta_min;
        out->force = unload_force(&u0, d);
        out->stiffness = x > 0.0 ? u0.n * u0.k * pow(x, u0.n - 1.0) : 0.0;
        out->radius = out->stiffness / (2.0 * g->E_star);
        work = unload_energy(&u0, d) - e0;
        out->branch = s->delta_max <= dy ? CWB_BRANCH_ELASTIC
                      : d < d0           ? CWB_BRANCH_UNLOADING
                                         : CWB_BRANCH_RELOADING;
        if (!curves_meet && d0 >= s->delta_max && !s->unloading)
            out->flags |= CWB_FLAG_DISCONTINUITY; /* leaves the loading curve */
    }
    cwb_unloading u1;
    unloading_of(law, p, g, t->delta_max, t->f_max, &u1);
    out->delta_max = t->delta_max;
    out->delta_min = t->delta_max > dy ? u1.delta_min : 0.0;
    /* On the loading curve the recoverable energy is the unloading curve's
     * at delta_max, whether or not the two curves meet there. */
    out->energy = unload_energy(&u1, d);
    out->work = work;
    out->dissipated = work - (out->energy - e0);
    /* A new maximum whose unloading curve stores more than the loading
     * put in: the law gives energy back (published laws just past yield;
     * the law headers give the ranges). Round-off is 1e-11 of the terms. */
    if (out->dissipated < -1e-9 * fmax(fabs(work), fmax(out->energy, e0)))
        out->flags |= CWB_FLAG_ENERGY_GAIN;
    if (d >= t->delta_max && out->radius <= 0.0)
        out->radius = sqrt(g->R_star * d);
    return CWB_OK;
}
