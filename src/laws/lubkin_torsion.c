/* lubkin_torsion.c -- torsion of a Hertzian contact with partial slip
 * (Lubkin 1951) and its unloading and reloading (Masing's rule, as
 * Deresiewicz 1954 for the oscillating couple).
 *
 * The closed form, derived here (Lubkin's and Deresiewicz's texts could not
 * be checked here; the set-up is Johnson's (1985, Contact Mechanics)
 * sec. 7.4: a stick disc r < c rotating rigidly by beta, slip annulus c < r < a with traction
 * mu p(r), p = p0 sqrt(1 - r^2/a^2), p0 = 3 F_n/(2 pi a^2)). A bonded
 * rigid disc of radius s twisted by d beta_s on a half-space carries
 * q = (4 G d beta_s/pi) r/sqrt(s^2 - r^2) and moves every point r < s by
 * d beta_s r (the Reissner-Sagoci solution; torque 16 G s^3 d beta_s/3).
 * A superposition of such discs with radii s in [c, a],
 *   q(r) = r int_{max(r,c)}^a f(s) ds / sqrt(s^2 - r^2),
 * rotates the disc r < c rigidly by beta = (pi/4G) int_c^a f ds. The slip
 * condition q = mu p on c < r < a is Abel's equation for f, whose solution
 * does not depend on c:
 *   f(s) = (2 mu p0/pi) E(k_s)/s,  k_s = sqrt(1 - s^2/a^2).
 * With u = c/a, k = sqrt(1 - u^2), C = 1/G_1 + 1/G_2 (the two bodies'
 * torsional compliances add; 1/G for one elastic body on a rigid one):
 *   beta(u) = B Phi(u),   Phi = K(k) - E(k),   B = 3 mu F_n C/(4 pi a^2),
 *   M(u)    = mu F_n a m(u),  m(u) = (4/pi) int_u^1 x^2 E(sqrt(1-x^2)) dx.
 * Limits: u -> 1 gives dM/dbeta = (4/pi) u^3 mu F_n a/B -> 16 a^3/(3 C)
 * (Lubkin's initial stiffness); u -> 0 gives m(0) = 3 pi/16 (full slip,
 * reached only as beta -> infinity). The virgin curve is a Masing/Iwan
 * backbone (the discs slip one after another, the superposition is
 * linear), so unloading from (beta*, M*) is exactly
 *   M = M* - 2 g((beta* - beta)/2),
 * g the virgin curve (the unloaded traction is the loaded one at c* minus
 * twice the loading solution at c' >= c*: -mu p on c' < r < a, the disc
 * r < c' rigid, as Cattaneo-Mindlin's for a tangential force), and
 * reloading likewise (Deresiewicz 1954's loops;
 * his report calls his own series approximate for large moments; here the
 * curves are evaluated to round-off). Energies (normalised by B mu F_n a):
 *   stored on the virgin curve  e(u) = (4/pi) int_u^1 x^2 E Phi dx,
 *   dissipated on it            D_v  = Phi m - 2 e  (>= 0),
 *   on a branch of length x     D = 2 D_v(x/2),  E = E_rev + s x (M_rev + M)/2
 * (s the branch direction), so a closed loop between +-beta_0 dissipates
 * 4 D_v(beta_0) (tests/test_rolling.c; checked against a ring-kernel
 * quadrature of the half-space in reference/analytic/lubkin_torsion.py).
 * Memory: reversal points are kept on a stack (Masing's rule with memory:
 * reaching the previous reversal point closes the inner loop and the
 * outer branch continues); at most CWB_LUBKIN_DEPTH nested loops.
 * Varying load: the state is kept in normalised units (twist / B, torque /
 * mu F_n a); when F_n or a change the torque at a held state scales with
 * mu F_n a, and the change of the stored energy is the signed
 * stiffness_energy. Exact at constant load only (Lubkin and Deresiewicz
 * treat a constant normal force).
 * Evaluation: every step evaluates the virgin curve at two twists, each a
 * stick radius from the twist and the two integrals m and e, so its cost
 * must not depend on the twist. Small twists (k^2 = 1 - u^2 <= 1/16) sum
 * power series in k^2, derived below, that keep full relative precision
 * as the twist -> 0, where a quadrature in x over [u, 1] cannot converge;
 * larger ones a fixed Gauss-Legendre rule in a variable chosen for the
 * range (gauss_m_e). The work is counted in cwb_lubkin_out and held
 * bounded by tests/test_rolling.c.
 */
#include <math.h>
#include <string.h>

#include <gsl/gsl_integration.h>

#include "cwb_numeric.h"
#include "lubkin_torsion.h"

/* K(k) and E(k) from the complementary modulus kp = sqrt(1 - k^2) by the
 * AGM (Abramowitz & Stegun 17.6): accurate for kp -> 0, where k is not. */
static void agm_KE(double kp, double *K, double *E)
{
    if (!(kp > 0.0)) {
        *K = INFINITY;
        *E = 1.0;
        return;
    }
    double a = 1.0, b = kp, sum = 0.5 * (1.0 - kp) * (1.0 + kp), p = 1.0;
    for (int i = 0; i < 60; i++) {
        double c = 0.5 * (a - b), an = 0.5 * (a + b);
        b = sqrt(a * b);
        a = an;
        p *= 2.0;
        sum += 0.5 * p * c * c;
        if (fabs(c) < 1e-17 * a)
            break;
    }
    *K = M_PI / (2.0 * a);
    *E = *K * (1.0 - sum);
}

/* Small twists, k^2 = w -> 0: the curve as power series in w, from the
 * series of K and E (A&S 17.3.11-12) and sqrt(1 - s) = sum binom(1/2, n)
 * (-s)^n. In s = 1 - x^2 the integrals become (dx = -ds/(2 x))
 *   m(w) = (2/pi) int_0^w sqrt(1 - s) E(sqrt s) ds,
 *   e(w) = (2/pi) int_0^w sqrt(1 - s) E(sqrt s) Phi(s) ds,
 * and with (2/pi) E(sqrt s) = 1 - sum_n c_n^2 s^n/(2n - 1), (4/pi) Phi(s)
 * = sum_n 2 c_n^2 s^n 2n/(2n - 1), c_n = (2n - 1)!!/(2n)!!, each series is
 * a Cauchy product integrated term by term. The coefficients below are
 * those exact rationals, computed in rational arithmetic and rounded once:
 *   (4/pi) Phi = w + 3w^2/8 + 15w^3/64 + 175w^4/1024 + ...
 *   m          = w - 3w^2/8 - w^3/64 - 7w^4/1024 - 303w^5/81920 - ...
 *   (4/pi) e   = w^2/2 - w^3/8 - 3w^4/128 - 51w^5/5120 - ...
 *   (4/pi) d   = w^3/4 + w^4/8 + 231w^5/2560 + 367w^6/5120 + ...
 * where d = Phi m - 2e is the dissipation, whose w^2 terms cancel exactly:
 * summed as its own series it keeps full precision where the difference
 * of Phi m and 2e would lose it all (d/(Phi m) ~ w/4). Sixteen terms: the
 * first term left out is below 1e-20 of the sum for w <= 1/16 (checked
 * against 40-digit quadrature). Small twists give b = (pi/4) w: the
 * initial slope dm/db = 4/pi is Lubkin's stiffness 16 a^3/(3 C), and
 * d = 4 b^3/pi^2 (1 + O(b)), the cube law of small torsional loops. */
#define SERIES_TERMS 16
#define SERIES_W     0.0625 /* w = k^2 up to which the series are used */

/* clang-format off */
/* (4/pi) Phi / w */
static const double phi_series[SERIES_TERMS] = {
    1, 0.375, 0.234375,
    0.1708984375, 0.13458251953125, 0.11103057861328125,
    0.094508171081542969, 0.082272738218307495, 0.072845653630793095,
    0.065358739229850471, 0.059268493074341677, 0.054217201050960284,
    0.04995976058381757, 0.046322580211644038, 0.043179262268711049,
    0.040435579978720035};
/* m / w */
static const double m_series[SERIES_TERMS] = {
    1, -0.375, -0.015625,
    -0.0068359375, -0.0036987304687500001, -0.00226593017578125,
    -0.001506669180733817, -0.0010618865489959717, -0.00078173882017532981,
    -0.00059531766455620525, -0.00046579525356223297, -0.00037261745910655009,
    -0.00030363500987435217, -0.00025132160949376773, -0.00021082883311311916,
    -0.00017892812895679844};
/* (4/pi) e / w^2 */
static const double e_series[SERIES_TERMS] = {
    0.5, -0.125, -0.0234375,
    -0.0099609374999999993, -0.00555419921875, -0.003550938197544643,
    -0.0024657249450683594, -0.0018100043137868245, -0.0013830536976456643,
    -0.0010894841980189085, -0.00087904497922863811, -0.00072314750020898203,
    -0.00060452647651995249, -0.00051224476307538676, -0.00043909734240221709,
    -0.00038018001868775109};
/* (4/pi) d / w^3 */
static const double d_series[SERIES_TERMS] = {
    0.25, 0.125, 0.090234375000000006,
    0.071679687500000006, 0.059738595145089286, 0.051308768136160712,
    0.045007260072798955, 0.040105695667720979, 0.036178560461848974,
    0.032958777896551925, 0.030269544994500144, 0.027988864978264378,
    0.026029700857462309, 0.024328221877853794, 0.022836516968095171,
    0.021517903295478681};
/* clang-format on */

/* sum_n c[n] w^n, and into *dsum the derivative of w sum_n c[n] w^n. */
static double series_sum(const double *c, double w, double *dsum)
{
    double r = 0.0, dr = 0.0;
    for (int n = SERIES_TERMS - 1; n >= 0; n--) {
        r = r * w + c[n];
        dr = dr * w + (n + 1) * c[n];
    }
    if (dsum)
        *dsum = dr;
    return r;
}

/* K - E at w = k^2 (u = kp = sqrt(1 - w), passed too: for w > 1/2 the
 * AGM takes it). For w <= 1/2, where K and E cancel, the series (pi/2)
 * sum_n c_n^2 w^n 2n/(2n - 1) (A&S 17.3.11-12), summed to round-off. */
static double twist_of_w(double w, double u)
{
    if (w <= 0.5) {
        double c = 1.0, wn = 1.0, sum = 0.0;
        for (int n = 1; n < 200; n++) {
            c *= (2.0 * n - 1.0) / (2.0 * n);
            wn *= w;
            double term = c * c * wn * 2.0 * n / (2.0 * n - 1.0);
            sum += term;
            if (term < 1e-17 * sum)
                break;
        }
        return M_PI_2 * sum;
    }
    double K, E;
    agm_KE(u, &K, &E);
    return K - E;
}

double cwb_lubkin_twist(double u)
{
    return twist_of_w((1.0 - u) * (1.0 + u), u);
}

/* Full slip, u = 0: m = (4/pi) int_0^1 x^2 E dx = 3 pi/16 (Lubkin 1951;
 * the torque of mu p over the Hertz pressure), and the stored energy
 * e = (4/pi) int_0^1 x^2 E Phi dx, for which no closed form was found:
 * 0.24940756877885677879425202580 by 35-digit tanh-sinh quadrature, in x
 * and again in s (agreeing to 1e-28). */
#define M_FULL_SLIP (3.0 * M_PI / 16.0)
#define E_FULL_SLIP 0.24940756877885677879

/* Beyond the series, m and e by one 16-point Gauss-Legendre rule whose
 * nodes both integrals share, in a variable chosen so that the integrand
 * is smooth on the interval (a fixed rule: the same work at every twist):
 *   w <= 1/2:     in s = k^2 over [0, w], (2/pi) kp E(k) (times Phi),
 *                 kp = sqrt(1 - s); the nearest singularity, s = 1, lies
 *                 outside the Bernstein ellipse rho = 3 + sqrt 8 of
 *                 [0, 1/2]: error ~ rho^-32 = 3e-25. (In x the nodes
 *                 would crowd against 1, 1 - x quantised to 1.1e-16
 *                 against an interval 1 - u: no rule survives that.)
 *   u >= 0.4:     in x over [u, 1], (4/pi) x^2 E(sqrt(1 - x^2)) (times
 *                 Phi); singular only at x = 0 (ln x, A&S 17.3.26):
 *                 rho = 4.44 for [0.4, 1], error ~ 4.44^-32 = 2e-21;
 *   u < 0.4:      the full-slip values less the stick disc's part, in
 *                 x = u t^3 over t in [0, 1], where the x^2 ln x of K and
 *                 E at x -> 0 becomes t^8 ln t (Gauss error ~ n^-18).
 * Checked against 30-digit quadrature on a grid of w and u: within
 * 2e-15 (round-off of the AGM and the sums), as 20 and 24 points. */
#define GAUSS_POINTS 16
#define X_FORM_U     0.4

enum quadrature_form { IN_S, IN_X, IN_X_BELOW };

static void gauss_m_e(enum quadrature_form form, double lo, double hi, double u, long *work,
                      double *im, double *ie)
{
    gsl_integration_glfixed_table *t = gsl_integration_glfixed_table_alloc(GAUSS_POINTS);
    double sm = 0.0, se = 0.0;
    for (size_t i = 0; t && i < GAUSS_POINTS; i++) {
        double v, wt, K, E, f, phi;
        gsl_integration_glfixed_point(lo, hi, i, &v, &wt, t);
        if (form == IN_S) {
            double kp = sqrt(1.0 - v);
            agm_KE(kp, &K, &E);
            f = kp * E;
            phi = twist_of_w(v, kp);
        } else {
            double x = form == IN_X ? v : u * v * v * v;
            agm_KE(x, &K, &E);
            f = x * x * E * (form == IN_X ? 1.0 : 3.0 * u * v * v);
            phi = cwb_lubkin_twist(x);
        }
        sm += wt * f;
        se += wt * f * phi;
    }
    *im = t ? sm : NAN; /* NaN: no table (allocation failed) */
    *ie = t ? se : NAN;
    if (t)
        gsl_integration_glfixed_table_free(t);
    *work += GAUSS_POINTS;
}

/* The virgin curve at stick radius u = sqrt(1 - w): torque m, stored energy
 * e, dissipation d (normalised), the twist b given (or NaN: then Phi(w)).
 * The series for w <= 1/16, the rule above beyond. */
typedef struct {
    double m, e, d;
} curve_point;

static void curve_by_quadrature(double w, double u, long *work, curve_point *c)
{
    double im, ie;
    if (w <= 0.5) {
        gauss_m_e(IN_S, 0.0, w, u, work, &im, &ie);
        c->m = 2.0 / M_PI * im;
        c->e = 2.0 / M_PI * ie;
    } else if (u >= X_FORM_U) {
        gauss_m_e(IN_X, u, 1.0, u, work, &im, &ie);
        c->m = 4.0 / M_PI * im;
        c->e = 4.0 / M_PI * ie;
    } else {
        c->m = M_FULL_SLIP;
        c->e = E_FULL_SLIP;
        if (u > 0.0) {
            gauss_m_e(IN_X_BELOW, 0.0, 1.0, u, work, &im, &ie);
            c->m -= 4.0 / M_PI * im;
            c->e -= 4.0 / M_PI * ie;
        }
    }
}

static curve_point curve_at(double w, double u, double b, long *work)
{
    curve_point c = {0.0, 0.0, 0.0};
    if (!(w > 0.0))
        return c;
    if (w <= SERIES_W) {
        *work += 3;
        c.m = w * series_sum(m_series, w, NULL);
        c.e = M_PI_4 * w * w * series_sum(e_series, w, NULL);
        c.d = M_PI_4 * w * w * w * series_sum(d_series, w, NULL);
        return c;
    }
    curve_by_quadrature(w, u, work, &c);
    if (isnan(b))
        b = twist_of_w(w, u);
    c.d = fmax(b * c.m - 2.0 * c.e, 0.0);
    return c;
}

double cwb_lubkin_moment(double u)
{
    long work = 0;
    return curve_at((1.0 - u) * (1.0 + u), u, NAN, &work).m;
}

double cwb_lubkin_energy(double u)
{
    long work = 0;
    return curve_at((1.0 - u) * (1.0 + u), u, NAN, &work).e;
}

/* The stick radius at twist b, as w = 1 - u^2 and u. Small twists: Newton
 * on the series (4/pi) Phi = w sum phi_n w^n, from w = 4b/pi: all phi_n >
 * 0, so the series is increasing and convex, the start lies right of the
 * root and Newton descends to it monotonically (a few steps). Then Brent:
 * in w up to b = 1 (Phi(u = 0.01) = 4.3 > 1), in ln u beyond, where u is
 * resolved and w is not. */
typedef struct {
    double b;
    long *work;
} twist_target;

static double phi_in_w(double w, void *p)
{
    twist_target *t = p;
    ++*t->work;
    return twist_of_w(w, sqrt(1.0 - w)) - t->b;
}

static double phi_in_lnu(double s, void *p)
{
    twist_target *t = p;
    ++*t->work;
    return cwb_lubkin_twist(exp(s)) - t->b;
}

static double stick_w_series(double b, long *work)
{
    double target = 4.0 / M_PI * b, w = target;
    for (int i = 0; i < 40; i++) {
        ++*work;
        double slope, p = w * series_sum(phi_series, w, &slope);
        double next = w - (p - target) / slope;
        if (!(next < w))
            break; /* round-off reached: no further descent */
        w = next;
    }
    return w;
}

static double stick_radius_w(double b, double *u, long *work)
{
    double root = 0.0;
    *u = 1.0;
    if (!(b > 0.0))
        return 0.0;
    twist_target t = {b, work};
    if (b <= M_PI_4 * SERIES_W * series_sum(phi_series, SERIES_W, NULL)) {
        double w = stick_w_series(b, work);
        *u = sqrt(1.0 - w);
        return w;
    }
    if (b <= 1.0) {
        gsl_function F = {phi_in_w, &t};
        cwb_root_brent(&F, 0.0, 0.9999, 1e-300, 4e-16, &root, NULL, NULL);
        *u = sqrt(1.0 - root);
        return root;
    }
    *u = 0.0;
    if (b > 690.0) /* u < 1e-299: full slip to round-off */
        return 1.0;
    gsl_function F = {phi_in_lnu, &t};
    cwb_root_brent(&F, -700.0, log(0.9), 0.0, 1e-16, &root, NULL, NULL);
    *u = exp(root);
    return (1.0 - *u) * (1.0 + *u);
}

double cwb_lubkin_stick_radius(double b)
{
    long work = 0;
    double u;
    stick_radius_w(b, &u, &work);
    return u;
}

/* The virgin curve at normalised twist b >= 0: torque, energy, dissipation,
 * tangent slope (all normalised). */
typedef struct {
    double m, e, d, slope;
} virgin_point;

static virgin_point virgin(double b, long *work)
{
    virgin_point v = {0.0, 0.0, 0.0, 4.0 / M_PI};
    if (!(b > 0.0))
        return v;
    double u, w = stick_radius_w(b, &u, work);
    curve_point c = curve_at(w, u, b, work);
    v.m = c.m;
    v.e = c.e;
    v.d = c.d;
    v.slope = 4.0 / M_PI * u * u * u;
    return v;
}

static double sgn(double x)
{
    return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : 0.0);
}

/* Where the branch from the top reversal point returns: the mirror of the
 * first point on the virgin curve, or the reversal point before it. */
static void branch_target(const cwb_lubkin_state *t, double *bt, double *mt, double *et)
{
    int n = t->n;
    if (n == 1) {
        *bt = -t->rev[0][0];
        *mt = -t->rev[0][1];
        *et = t->rev[0][2];
    } else {
        *bt = t->rev[n - 2][0];
        *mt = t->rev[n - 2][1];
        *et = t->rev[n - 2][2];
    }
}

/* Reversal at the current point: push it (or, reversing exactly at the
 * branch start, go back on the branch below). */
static void reverse(cwb_lubkin_state *t)
{
    int n = t->n;
    if (n > 0 && t->beta == t->rev[n - 1][0]) {
        t->n--;
        return;
    }
    if (n == CWB_LUBKIN_DEPTH)
        n--; /* deepest inner loop forgotten (header) */
    t->rev[n][0] = t->beta;
    t->rev[n][1] = t->m;
    t->rev[n][2] = t->e;
    t->n = n + 1;
}

/* Direction away from the top reversal point. */
static double branch_dir(const cwb_lubkin_state *t)
{
    double bt, mt, et;
    branch_target(t, &bt, &mt, &et);
    return sgn(bt - t->rev[t->n - 1][0]);
}

/* Move by db along the current curve; returns the dissipation (normalised)
 * and sets the tangent slope. */
static double advance(cwb_lubkin_state *t, double db, double *slope, long *work)
{
    double diss = 0.0;
    for (int guard = 0; db != 0.0 && guard < 4 * CWB_LUBKIN_DEPTH + 4; guard++) {
        double s = sgn(db);
        if (t->n == 0 && (t->beta == 0.0 || sgn(t->beta) == s)) {
            virgin_point v0 = virgin(fabs(t->beta), work), v1 = virgin(fabs(t->beta + db), work);
            t->beta += db;
            t->m = sgn(t->beta) * v1.m;
            t->e = v1.e;
            *slope = v1.slope;
            return diss + fmax(v1.d - v0.d, 0.0);
        }
        if (t->n == 0 || branch_dir(t) != s)
            reverse(t);
        if (t->n == 0)
            continue;
        const double *p = t->rev[t->n - 1];
        double bt, mt, et;
        branch_target(t, &bt, &mt, &et);
        double x0 = fabs(t->beta - p[0]), xt = fabs(bt - p[0]), x1 = x0 + fabs(db);
        int reached = x1 >= xt;
        if (reached)
            x1 = xt;
        virgin_point h0 = virgin(0.5 * x0, work), h1 = virgin(0.5 * x1, work);
        diss += 2.0 * fmax(h1.d - h0.d, 0.0);
        *slope = h1.slope;
        db -= s * (x1 - x0);
        if (reached) { /* the inner loop closes: the branch below continues */
            t->beta = bt;
            t->m = mt;
            t->e = et;
            t->n = t->n == 1 ? 0 : t->n - 2;
        } else {
            t->beta = p[0] + s * x1;
            t->m = p[1] + 2.0 * s * h1.m;
            t->e = p[2] + s * x1 * (p[1] + t->m) / 2.0;
            db = 0.0;
        }
    }
    return diss;
}

void cwb_lubkin_step(const cwb_lubkin_state *s, double d, double unit_m, double unit_b,
                     cwb_lubkin_out *o, cwb_lubkin_state *t)
{
    memset(o, 0, sizeof *o);
    *t = *s;
    double unit_e = unit_m * unit_b, slope = 4.0 / M_PI;
    double e_held = s->e * unit_e; /* the committed state at the current load */
    o->stiffness_energy = s->e * s->unit_m * s->unit_b - e_held;
    double diss = unit_b > 0.0 ? advance(t, d / unit_b, &slope, &o->evaluations) : 0.0;
    t->unit_m = unit_m;
    t->unit_b = unit_b;
    o->torque = t->m * unit_m;
    o->energy = t->e * unit_e;
    o->slip = diss * unit_e;
    o->work = o->energy - e_held + o->slip;
    o->stiffness = unit_b > 0.0 ? slope * unit_m / unit_b : 0.0;
    o->sliding = fabs(t->m) >= 3.0 * M_PI / 16.0 * (1.0 - 1e-12);
}
