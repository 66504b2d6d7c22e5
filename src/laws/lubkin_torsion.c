/* lubkin_torsion.c -- torsion of a Hertzian contact with partial slip
 * (Lubkin 1951) and its unloading and reloading (Masing's rule, as
 * Deresiewicz 1954 for the oscillating couple).
 *
 * The closed form, derived here (Lubkin's and Deresiewicz's texts could not
 * be checked here; the set-up is the one the issue cites from Johnson
 * (1985) sec. 7.4: a stick disc
 * r < c rotating rigidly by beta, slip annulus c < r < a with traction
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

/* K - E as a function of u = kp. For k^2 <= 1/2, where K and E cancel,
 * the series (pi/2) sum_n c_n^2 k^(2n) 2n/(2n - 1), c_n = (2n - 1)!!/(2n)!!
 * (A&S 17.3.11-12), summed to round-off; the AGM otherwise. */
double cwb_lubkin_twist(double u)
{
    double w = (1.0 - u) * (1.0 + u); /* k^2 */
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

static double x2E(double x, void *unused)
{
    (void)unused;
    double K, E;
    agm_KE(x, &K, &E);
    return x * x * E;
}

static double x2E_phi(double x, void *unused)
{
    return x2E(x, unused) * cwb_lubkin_twist(x);
}

static double integral_to_one(double (*fn)(double, void *), double u, long *work)
{
    if (!(u < 1.0))
        return 0.0;
    gsl_integration_cquad_workspace *w = gsl_integration_cquad_workspace_alloc(200);
    gsl_function F = {fn, NULL};
    double r = 0.0, err;
    size_t n;
    if (w) {
        gsl_integration_cquad(&F, fmax(u, 0.0), 1.0, 0.0, 1e-14, w, &r, &err, &n);
        gsl_integration_cquad_workspace_free(w);
        *work += (long)n;
    }
    return 4.0 / M_PI * r;
}

double cwb_lubkin_moment(double u)
{
    long work = 0;
    return integral_to_one(x2E, u, &work);
}

double cwb_lubkin_energy(double u)
{
    long work = 0;
    return integral_to_one(x2E_phi, u, &work);
}

/* Brent's root of Phi(u) = b: in w = k^2 for small twists (u near 1 is
 * then resolved), in ln u for large ones. */
typedef struct {
    double b;
    long *work;
} twist_target;

static double phi_in_w(double w, void *p)
{
    twist_target *t = p;
    ++*t->work;
    return cwb_lubkin_twist(sqrt(1.0 - w)) - t->b;
}

static double phi_in_lnu(double s, void *p)
{
    twist_target *t = p;
    ++*t->work;
    return cwb_lubkin_twist(exp(s)) - t->b;
}

static double stick_radius(double b, long *work)
{
    if (!(b > 0.0))
        return 1.0;
    double root = 0.0;
    twist_target t = {b, work};
    if (b <= 1.0) { /* Phi(u = 0.01) = 4.3 > 1 */
        gsl_function F = {phi_in_w, &t};
        cwb_root_brent(&F, 0.0, 0.9999, 1e-300, 4e-16, &root, NULL, NULL);
        return sqrt(1.0 - root);
    }
    if (b > 690.0) /* u < 1e-299: full slip to round-off */
        return 0.0;
    gsl_function F = {phi_in_lnu, &t};
    cwb_root_brent(&F, -700.0, log(0.9), 0.0, 1e-16, &root, NULL, NULL);
    return exp(root);
}

double cwb_lubkin_stick_radius(double b)
{
    long work = 0;
    return stick_radius(b, &work);
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
    double u = stick_radius(b, work);
    v.m = integral_to_one(x2E, u, work);
    v.e = integral_to_one(x2E_phi, u, work);
    v.d = fmax(b * v.m - 2.0 * v.e, 0.0);
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
