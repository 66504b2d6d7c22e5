/* tangential_lth.c -- Langston, Tuzun & Heyes tangential law, with the
 * tangential displacement re-mapped onto the new curve when the normal force
 * changes (Zheng et al., the implementation seed 004 adopts).
 *
 * Reference: seed 004 eqs. 39-40:
 *   F_t = mu F_n [1 - (1 - min(|d_t|, d_max)/d_max)^(3/2)],
 *   d_max = mu delta_n (2 - nu) / (2 (1 - nu)).
 * cwb writes d_max as Mindlin's full-slip displacement 3 mu F_n/(16 G* a),
 * which equals eq. 40 for a Hertz contact of identical materials or of a
 * sphere on a rigid flat (E* / (4 G*) = (2 - nu)/(2 (1 - nu)) in both), and
 * stays defined for dissimilar materials, where eq. 40 has no single nu.
 * With it, the law's initial stiffness is Mindlin's 8 G* a.
 *
 * Re-mapping: at every step the committed force F is placed on the curve of
 * the current F_n: |d| = d_max (1 - (1 - |F|/(mu F_n))^(2/3)) along F's
 * direction, and the step's displacement is added from there. Without it
 * (Thornton et al.'s criticism) a changing F_n moves the force at fixed
 * displacement and the law creates energy; with it the force is continuous
 * and the energy account shows what the normal change does.
 *
 * The curve is elastic: the force is the gradient of
 *   E(u) = mu F_n [u - (2 d_max/5)(1 - (1 - u/d_max)^(5/2))],  u = |d|,
 * so unloading retraces loading, and beyond d_max the contact slides at
 * mu F_n. Work along a step is exact: E(u1) - E(u0), plus mu F_n times the
 * distance slid beyond d_max.
 *
 * Energy split (W = Delta E + slip + stiffness_energy): the re-mapping is a
 * change at fixed force, so stiffness_energy = E_committed - E(u0; F_n new)
 * (signed; it includes the energy released when mu F_n falls below the
 * carried force, since u0 is then d_max), and slip = mu F_n max(0, u1 -
 * d_max) (>= 0). The account closes identically.
 *
 * Adhesion: the normal load N of the curve and of its Coulomb
 * limit is F_n + friction_offset, as in the spring-based laws (spring.c):
 * F_n + 2 F_pulloff under an adhesive law with friction_load = offset
 * (Thornton & Yin 1991 after Savkoor & Briggs 1977; LAMMPS pair granular),
 * F_n otherwise; a is the adhesive law's contact radius. The curve is
 * released (its energy lost) below delta_off, where an adhesive contact
 * ends (0 for other laws), or when N <= 0 (friction_load = net in tension).
 * For non-adhesive laws (offset 0, delta_off 0) nothing changes.
 *
 * slip_margin (the collision driver locates stick <-> slip on
 * it): |trial force| - mu N with the trial force the curve at u1 = |d1|
 * continued point-symmetrically past full slip, mN [1 - sgn(r) |r|^(3/2)],
 * r = 1 - u1/d_max: -mN r^(3/2) <= 0 while on the curve, mN (-r)^(3/2) > 0
 * exactly when sliding (integration = split; path: below). It is
 * continuous and monotonic in the step's displacement and normal force (u0
 * moves continuously with the re-mapping, d_max and mN with F_n), and the
 * slip-rate probe of a sliding step reads d|F|/dt - mu dN/dt = k_t(F, N) v
 * - mu N' from it, the rate of the law's own limit.
 *
 * The law as an ODE. At fixed N the curve is exact for any
 * step; the re-mapping keeps the force when N changes. So the law is
 *   dF = K(F, N, k0) dxi,   K = k0 [theta F^F^T + g(theta) (I - F^F^T)],
 *   theta = (1 - |F|/(mu N))^(1/3),  g = (2/3)(1 + theta + theta^2)/(1 + theta),
 * k0 = 8 G* a (d_max = 3 mu N/(2 k0)): along F^ the curve's tangent
 * stiffness dF/du = k0 (1 - u/d_max)^(1/2) = k0 theta, across it the
 * secant |F|/u (the direction of d turns, |F| stays), and nothing at fixed
 * dxi, whatever N and a do. The published step (integration = split)
 * holds N and k0 at the step's end over the whole increment (re-map, then
 * the exact curve): a splitting, i.e. the rectangle rule in N, whose
 * local error O(dt^2) makes an oblique collision first order (README).
 *
 * Path (integration = path, the default). The ODE is integrated along the
 * step's path of spring_path.c (cwb_step_path_of: cubic Hermite delta, xi
 * and N from the committed and current values and rates, k0^2 affine in
 * delta) by RK4 in 4 substeps, each halved (step doubling, to 1e-12 mu N,
 * at most 256 halvings per step) where the force is not smooth: where F
 * passes through zero (g and theta have a kink in |F|) and where |F|
 * reaches mu N (theta ~ sigma^(1/3) there). After each substep |F| is
 * capped at mu N(u) (sliding; the cap stays while N falls, since K has no
 * stiffness along F^ at theta = 0, and is left when N rises). The work
 * integrates F . dxi with the capped force, the slip mu N max(0, F^ .
 * dxi') while capped (>= 0); stiffness_energy = work - slip - Delta E
 * (the energy the re-mapping moves, signed), so the account closes.
 * slip_margin: on the curve |F(1)| - mu N(1) <= 0; when capped at the step's
 * end, the sum of what the caps cut (> 0, -> 0 as the onset nears the
 * step's end): continuous across stick -> slip, and for the driver's
 * slip-rate probe mu |dN| while N falls (sliding goes on), < 0 when it
 * rises. The first step of a contact from first touch (delta0 = 0) takes
 * the load along it as N1 (delta/delta1)^n, n = k_n delta1/N1 (exact for
 * Hertz and linear laws; a Hermite N through N0 = 0 is not): the split
 * there would put the force on mu N at once (the Mindlin start exceeds mu
 * at an oblique touch), a state the ODE never reaches while N rises, and
 * the driver would then chatter between slip and stick. A first step that
 * does not start at touch (no committed load, as in a unit test at a
 * given N) takes the split, and so does a step at the committed N and k0
 * (the history driver at a fixed overlap), where the curve is the ODE's
 * exact solution: the closed forms hold to round-off
 * (tests/test_tangential.c). Measured on the glass impact of tests/test_collision.c
 * (lth_path_order): omega1_after errors 2.29e-5, 2.41e-6, 2.16e-7 rad/s at
 * t_c/88, /176, /352 (orders 3.25, 3.49), against 0.297, 0.156, 0.080
 * (0.93, 0.97) with split. Not 4: where |F| reaches mu N the force itself
 * has a sigma^(4/3) term (sigma^(3/2) at fixed N, the curve's 3/2 power),
 * which the driver's RK4 integrates with a local error O(dt^(7/3)) in the
 * steps before the located onset, however exactly the law integrates
 * itself.
 *
 * Units: mu [-]; forces [N]; displacements [m]. 3D spheres. History: the
 * committed force, k0, normal load N, the rates of the step's path
 * (cwb_spring_path_state) and the stored energy.
 */
#include <string.h>

#include "cwb_law.h"

typedef struct {
    cwb_spring_path_state path; /* committed force (spring.force), k0 = 8 G* a
                                   (spring.kt), load N and the rates of the
                                   step's path (header, "Path") */
    double energy;              /* committed stored energy [J] */
} lth_state;
CWB_STATE_FITS(lth_state);

static const char *const lth_integrations[] = {"path", "split", NULL};

static const cwb_param lth_params[] = {{.name = "mu",
                                        .example = "0.3",
                                        .unit = "-",
                                        .min = 0,
                                        .max = INFINITY,
                                        .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
                                        .help = "Coulomb friction coefficient"},
                                       {.name = "integration",
                                        .unit = "-",
                                        .def = 0,
                                        .kind = CWB_PARAM_CHOICE,
                                        .choices = lth_integrations,
                                        .help = "dF = k_t(F, N) dxi integrated along the step's "
                                                "Hermite path (fourth order) or the published "
                                                "re-mapping at the step's end N (a splitting; "
                                                "first order)"},
                                       {0}};

/* Energy stored on the curve at |d| = u <= dmax. */
static double lth_energy(double mN, double dmax, double u)
{
    double r = 1.0 - u / dmax;
    return mN * (u - 0.4 * dmax * (1.0 - r * r * sqrt(r)));
}

/* Stored energy of force magnitude m on the curve of limit mN, k0. */
static double lth_energy_of_force(double mN, double k0, double m)
{
    double dmax = 1.5 * mN / k0;
    double w = 1.0 - m / mN;
    double u = w > 0.0 ? dmax * (1.0 - pow(w, 2.0 / 3.0)) : dmax;
    return lth_energy(mN, dmax, u);
}

/* Released: the curve and its energy are lost. */
static void lth_release(const lth_state *s, cwb_tangential_out *out, lth_state *t)
{
    memset(t, 0, sizeof *t);
    out->dissipated = s->energy;
    out->stiffness_energy = s->energy;
}

/* The published per-step rule (integration = split; header). */
static void lth_split(double mu, const cwb_pair *g, const lth_state *s, const cwb_kin *k,
                      const cwb_normal_out *nrm, cwb_tangential_out *out, lth_state *t)
{
    double N = nrm->force + nrm->friction_offset;
    double mN = mu * N;
    double dmax = 3.0 * mN / (16.0 * g->G_star * nrm->radius);
    cwb_vec3 f0 = cwb_v3_rotate_into_plane(s->path.spring.force, k->normal);
    double m0 = cwb_v3_norm(f0);
    /* re-map onto the current curve */
    double u0 = m0 >= mN ? dmax : dmax * (1.0 - pow(1.0 - m0 / mN, 2.0 / 3.0));
    cwb_vec3 d0 = m0 > 0.0 ? cwb_v3_scale(f0, u0 / m0) : cwb_v3(0, 0, 0);
    cwb_vec3 d1 = cwb_v3_add(d0, cwb_v3_in_plane(k->dxi_t, k->normal));
    double u1 = cwb_v3_norm(d1);
    double e_start = lth_energy(mN, dmax, u0), e1, work;
    cwb_vec3 f1;
    if (u1 <= dmax) {
        double r = 1.0 - u1 / dmax;
        double mag = mN * (1.0 - r * sqrt(r));
        f1 = u1 > 0.0 ? cwb_v3_scale(d1, mag / u1) : cwb_v3(0, 0, 0);
        e1 = lth_energy(mN, dmax, u1);
        work = e1 - e_start;
        out->stiffness = u1 > 0.0 ? 1.5 * mN * sqrt(r) / dmax : 1.5 * mN / dmax;
        out->slip_margin = mag - mN; /* = -mN r^(3/2) <= 0 */
    } else {
        f1 = cwb_v3_scale(d1, mN / u1);
        e1 = lth_energy(mN, dmax, dmax);
        out->slip = mN * (u1 - dmax);
        work = e1 - e_start + out->slip;
        out->sliding = 1;
        out->stiffness = 0.0;
        double r = u1 / dmax - 1.0; /* the curve continued past d_max */
        out->slip_margin = mN * r * sqrt(r);
    }
    t->path.spring.force = f1;
    t->energy = e1;
    out->force = f1;
    out->energy = e1;
    out->work = work;
    out->dissipated = work - (e1 - s->energy);
    out->stiffness_energy = s->energy - e_start;
}

/* ---- Along the step's path (header, "Path") --------------------------- */

#define LTH_SUBSTEPS  4   /* RK4 substeps per step, before refinement */
#define LTH_MAX_DEPTH 30  /* halvings of a substep (the singular points) */
#define LTH_BUDGET    256 /* substeps refined per evaluation, at most */

/* The integrated quantities: force, work, slip. */
typedef struct {
    cwb_vec3 f;
    double w, slip;
} lth_y;

/* The step's path, the friction coefficient and the refinement budget;
 * on the first step of a contact (from first touch, N0 = 0) the load is
 * N1 (delta/delta1)^n, n = k_n delta1/N1 (exact for power laws: Hertz,
 * linear), where a Hermite load through N0 = 0 is not. */
typedef struct {
    const cwb_step_path *p;
    double mu;
    int budget;   /* refinements left (LTH_BUDGET) */
    int power;    /* 1: the first step's load law (above) */
    double n, d1; /* its exponent and end overlap */
} lth_path;

static cwb_path_point lth_at(const lth_path *lp, double u)
{
    cwb_path_point q = cwb_step_path_at(lp->p, u);
    if (lp->power)
        q.load = q.delta > 0.0 ? lp->p->N1 * pow(q.delta / lp->d1, lp->n) : 0.0;
    return q;
}

/* d/du of (F, W, slip): dF = k0 [theta F^ F^T + g(theta) (I - F^ F^T)] dxi
 * (header), theta = |1 - |F|/(mu N)|^(1/3) (continued past the limit), the
 * work with the force capped at mu N, the slip at the cap. */
static lth_y lth_rate(const lth_path *lp, double u, cwb_vec3 f)
{
    lth_y r = {0};
    cwb_path_point q = lth_at(lp, u);
    double mN = lp->mu * q.load;
    if (!(mN > 0.0))
        return r; /* the interpolated load left contact: nothing carried */
    double m = cwb_v3_norm(f), w = 1.0 - m / mN;
    double th = cbrt(fabs(w)), ts = w > 0.0 ? th : 0.0;
    double gt = 2.0 / 3.0 * (1.0 + ts + ts * ts) / (1.0 + ts);
    cwb_vec3 fh = m > 0.0 ? cwb_v3_scale(f, 1.0 / m) : cwb_v3(0, 0, 0);
    double par = cwb_v3_dot(fh, q.dx);
    cwb_vec3 perp = cwb_v3_sub(q.dx, cwb_v3_scale(fh, par));
    r.f = cwb_v3_scale(cwb_v3_add(cwb_v3_scale(fh, th * par), cwb_v3_scale(perp, gt)), q.kt);
    cwb_vec3 fc = m > mN ? cwb_v3_scale(f, mN / m) : f;
    r.w = cwb_v3_dot(fc, q.dx);
    r.slip = w <= 0.0 ? mN * fmax(0.0, par) : 0.0;
    return r;
}

static lth_y lth_axpy(lth_y y, double a, lth_y d)
{
    return (lth_y){cwb_v3_add(y.f, cwb_v3_scale(d.f, a)), y.w + a * d.w, y.slip + a * d.slip};
}

/* One classical RK4 step from u over hs. */
static lth_y lth_rk4(const lth_path *lp, double u, double hs, lth_y y)
{
    lth_y k1 = lth_rate(lp, u, y.f);
    lth_y k2 = lth_rate(lp, u + 0.5 * hs, lth_axpy(y, 0.5 * hs, k1).f);
    lth_y k3 = lth_rate(lp, u + 0.5 * hs, lth_axpy(y, 0.5 * hs, k2).f);
    lth_y k4 = lth_rate(lp, u + hs, lth_axpy(y, hs, k3).f);
    lth_y z = lth_axpy(y, hs / 6.0, k1);
    z = lth_axpy(z, hs / 3.0, k2);
    z = lth_axpy(z, hs / 3.0, k3);
    return lth_axpy(z, hs / 6.0, k4);
}

/* The cap at u: the part of |F| above mu N(u) is cut (added to *cut) and
 * *capped set. */
static lth_y lth_cap(const lth_path *lp, double u, lth_y y, double *cut, int *capped)
{
    double mN = lp->mu * lth_at(lp, u).load, m = cwb_v3_norm(y.f);
    *capped = mN > 0.0 && m >= mN;
    if (m > mN) {
        *cut += m - (mN > 0.0 ? mN : 0.0);
        y.f = mN > 0.0 ? cwb_v3_scale(y.f, mN / m) : cwb_v3(0, 0, 0);
    }
    return y;
}

/* One substep from u over hs, halved until RK4 over it and over its two
 * halves agree to tol on the capped force (step doubling): refines only
 * where the force is not smooth inside the step (header, "Path"). */
static lth_y lth_adapt(lth_path *lp, double u, double hs, lth_y y, double tol, int depth,
                       double *cut, int *capped)
{
    double c = 0.0, c1 = 0.0, c2 = 0.0;
    int k, k1, k2;
    lth_y one = lth_cap(lp, u + hs, lth_rk4(lp, u, hs, y), &c1, &k1);
    lth_y a = lth_cap(lp, u + 0.5 * hs, lth_rk4(lp, u, 0.5 * hs, y), &c, &k);
    lth_y b = lth_cap(lp, u + hs, lth_rk4(lp, u + 0.5 * hs, 0.5 * hs, a), &c2, &k2);
    if (depth >= LTH_MAX_DEPTH || lp->budget <= 0 || cwb_v3_norm(cwb_v3_sub(b.f, one.f)) <= tol) {
        *cut += c + c2;
        *capped = k2;
        return b;
    }
    lp->budget--;
    lth_y m = lth_adapt(lp, u, 0.5 * hs, y, tol, depth + 1, cut, capped);
    return lth_adapt(lp, u + 0.5 * hs, 0.5 * hs, m, tol, depth + 1, cut, capped);
}

/* integration = path (header, "Path"). Returns 0 when the step has no
 * path (a virgin state not at first touch, released) or needs none (N and
 * k0 as committed): the caller takes the published rule then. */
static int lth_path_step(double mu, const cwb_pair *g, const lth_state *s, const cwb_kin *k,
                         const cwb_normal_out *nrm, cwb_tangential_out *out, lth_state *t)
{
    double N = nrm->force + nrm->friction_offset, mN = mu * N;
    double k0 = 8.0 * g->G_star * nrm->radius;
    /* a virgin state starts at first touch (delta0 = 0, N0 = 0, F = 0) or
     * has no committed load to start from; at the committed N and k0 the
     * curve is the ODE's exact solution */
    int virgin = !(s->path.load > 0.0 && s->path.spring.kt > 0.0);
    if (virgin && !(k->delta0 <= 0.0 && nrm->friction_offset == 0.0 && k->delta > 0.0))
        return 0;
    if (N == s->path.load && k0 == s->path.spring.kt)
        return 0;
    cwb_step_path p;
    if (!cwb_step_path_of(&s->path, k, nrm, k0, &p))
        return 0;
    lth_path lp = {.p = &p, .mu = mu, .budget = LTH_BUDGET};
    if (virgin) {
        lp.power = 1;
        lp.d1 = k->delta;
        lp.n = nrm->stiffness * k->delta / N;
    }
    lth_y y = {.f = cwb_v3_rotate_into_plane(s->path.spring.force, k->normal)};
    double tol = 1e-12 * fmax(mN, mu * s->path.load), cut = 0.0;
    int capped = 0;
    for (int i = 0; i < LTH_SUBSTEPS; i++)
        y = lth_adapt(&lp, (double)i / LTH_SUBSTEPS, 1.0 / LTH_SUBSTEPS, y, tol, 0, &cut, &capped);
    double m = cwb_v3_norm(y.f);
    double e1 = lth_energy_of_force(mN, k0, m);
    double w = 1.0 - m / mN;
    t->path.spring.force = y.f;
    t->energy = e1;
    out->force = y.f;
    out->energy = e1;
    out->stiffness = w > 0.0 ? k0 * cbrt(w) : 0.0;
    out->work = y.w;
    out->dissipated = y.w - (e1 - s->energy);
    out->slip = y.slip;
    out->stiffness_energy = out->dissipated - y.slip;
    out->sliding = capped;
    out->slip_margin = capped ? cut : m - mN;
    return 1;
}

static int lth_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                    const cwb_normal_out *nrm, cwb_tangential_out *out, void *trial)
{
    const lth_state *s = state;
    lth_state *t = trial;
    memset(out, 0, sizeof *out);
    /* The normal load: F_n, plus an adhesive law's friction_offset (header) */
    double N = nrm->force + nrm->friction_offset;
    if (k->delta <= nrm->delta_off || N <= 0.0 || nrm->radius <= 0.0) {
        lth_release(s, out, t);
        return CWB_OK;
    }
    *t = *s;
    cwb_step_path_rates(k, nrm, &t->path);
    t->path.spring.kt = 8.0 * g->G_star * nrm->radius;
    t->path.spring.fn = nrm->force;
    if ((int)p[1] != 0 || !lth_path_step(p[0], g, s, k, nrm, out, t))
        lth_split(p[0], g, s, k, nrm, out, t);
    return CWB_OK;
}

const cwb_tangential_type cwb_tangential_lth = {
    .head =
        {
            .name = "lth",
            .creates_energy =
                "where F_n falls under a held tangential force: the displacement is re-mapped onto "
                "the softer curve of the new F_n, which stores more (doc/findings.md, finding 30)",
            .summary = "Langston-Tuzun-Heyes curve, displacement re-mapped when F_n changes",
            .source = "[lth1994]; [rathbone_thesis] eqs. 39-40; re-mapping of [zheng2012]",
            .params = lth_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(lth_state),
        },
    .step = lth_step,
};
