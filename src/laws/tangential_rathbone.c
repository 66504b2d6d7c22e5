/* tangential_rathbone.c -- Rathbone's elastic-plastic tangential law, "as
 * implemented" (in MultiFlow).
 *
 * Reference: D. Rathbone, PhD thesis, ch. 5 "Tangential model" (seed 004;
 * the title page is not in the extraction), sec. 5.8 eqs. 93-109 and
 * sec. 5.9 eq. 110; its normal part is Rathbone, Marigo, Dini & van Wachem,
 * "An accurate force-displacement law for the modelling of elastic-plastic
 * contacts in discrete element simulations", Powder Technol. 282 (2015) 2-9.
 * Built on Mindlin & Deresiewicz (1953), "Elastic spheres in contact under
 * varying oblique forces", J. Appl. Mech. 20, 327-344.
 *
 * With y = delta/delta_y (eq. 93), G* the pair's shear modulus, a the
 * contact radius of sec. 5.4 (cwb_rathbone_radius, reported by the normal
 * laws rathbone and rathbone2015) and N = F_n:
 *   mu   = min(mu_max, 0.36 coth(0.79 y_m^0.44))      friction = plastic (eq. 95)
 *        = the given mu                              friction = given (sec. 5.9)
 *   x    = (F_t^(n-1) + mu Delta N)/(mu N)                        (eq. 94)
 *   loading   F_t^n = F_t^(n-1) + k_t Delta delta_t               (eq. 96)
 *     k_t = P G* a (1 - x)^(1/4)        x < x1                    (eq. 97)
 *         = P G* a (b1 - a1 (x - x1))    x1 < x < x2
 *         = P G* a (d1 - c1 (x - x1))    x > x2
 *     x1 = 1 if y < 1, else max(0, -1.85 + 5.20 mu)               (eq. 99)
 *     a1 = 0.9 coth(0.24 y^1.4), b1 = (1 - x1)^(1/4),              (eqs. 100-101)
 *     c1 = 1.51 coth(0.14 y^1.99), d1 = c1 (1 - x1),               (eqs. 102-103)
 *     x2 = (d1 - b1)/(c1 - a1) + x1                               (eq. 104)
 *     y held at y_cons above it: 7 (eq. 98), or 18.75 (1 - mu) with a given
 *     mu (eq. 110); P = 5 (eq. 97), 3 with a given mu (sec. 5.9), or 8 with
 *     prefactor = fixed_normal (eq. 82, the Model C fit at fixed N).
 *   unloading F_t^n = s F_t^(n-1) + 8 G* a_n Delta delta_t        (eq. 105)
 *   reloading F_t^n = s F_t^(n-1) + 9.28 G* [a_n] Delta delta_t   (eq. 106)
 *     s = a_n/a_(n-1) when Delta N < 0, else 1; |F_t| <= mu N throughout.
 *
 * Readings and deviations (each says why):
 *  - mu(y): sec. 5.5 says mu "does not change during normal unloading" (it
 *    depends on the plastic deformation only), so y_m = delta_max/delta_y,
 *    the normal law's maximum; eq. 95's y = delta/delta_y is the same on
 *    loading. Eq. 95 diverges as y -> 0; sec. 3.5 caps the coefficient at
 *    1.0 (mu_max), reached below y = 0.186.
 *  - 9.28 G* (eq. 106) is not a stiffness (Pa, not N/m). reloading = G_a
 *    (default) reads 9.28 G* a, 1.16 times the unloading stiffness 8 G* a;
 *    reloading = literal keeps 9.28 G* times 1 m (SI, as a code in SI units
 *    would), effectively rigid for sub-millimetre contacts.
 *  - Branches: loading until the first reversal of delta_t along the law's
 *    line; then unloading while delta_t falls and reloading while it rises,
 *    until the force is back at the last loading force (the reversal, T* of
 *    Mindlin-Deresiewicz), where loading resumes on the next step. The text
 *    gives no rule for leaving reloading; this is MD's.
 *  - k_t is evaluated at the start of the step (x from F_t^(n-1), eq. 81:
 *    "the tangential force at the previous time-step") and the step is
 *    linear in delta_t, as implemented (integration = split): the law is
 *    explicit, so its curve depends on the step at first order
 *    (tests/test_tangential_plastic.c measures it against the exact
 *    integral of eq. 97 at fixed N). integration = path (the default)
 *    integrates the ODE below instead.
 *  - Eq. 98 (k_t = k_t at y = 7, or at y_cons): y is held in a1 and c1
 *    (eqs. 100, 102), while x1 (eq. 99) and x (eq. 94) use the current mu,
 *    which eq. 99 is written in; mu(7) = 0.378 against mu -> 0.360.
 *  - When x2 < x1 (y just above 1, e.g. x1 = 0.994, x2 = 0.964 at y = 1)
 *    the middle branch is empty and k_t jumps at x1, as the printed
 *    conditions read ("x < x1", "x > x2"); the force stays continuous.
 *  - Where a1 (1 - x1)^(3/4) > 1 the middle branch reaches zero at
 *    x0 = x1 + b1/a1 < 1 (then x2 > 1): with a given mu for 1 <= y < 3.65
 *    (3.52 at mu = 0.36; x0 = tanh(0.24 y^1.4)/0.9 for mu <= 0.3558,
 *    where x1 = 0), with eq. 95's mu only once the normal force has
 *    fallen (y < y_m; never at y = y_m in [1, 7]). The printed bracket is
 *    negative past x0 and the text says nothing of it; cwb
 *    floors k_t at 0 (a negative loading stiffness would book negative
 *    slip). Either way x0 attracts the force: at fixed N it stalls at
 *    x0 mu N, never slides, and the further work is booked as slip
 *    (tests/test_tangential_plastic.c; doc/findings.md 33 (12)).
 *  - Elastic limit: with delta_max < delta_y, x1 = 1 and the law is
 *    k_t = P G* a (1 - x)^(1/4), NOT Mindlin's 8 G* a (1 - x)^(1/3): at
 *    fixed N it gives F = mu N [1 - (1 - (3/4) P G* a d/(mu N))^(4/3)]
 *    against Mindlin's mu N [1 - (1 - 16 G* a d/(3 mu N))^(3/2)]. With
 *    P = 8 the initial stiffness, the unloading stiffness and the slip
 *    limit mu N are Mindlin's; the curves differ by at most 4.33 % of mu N
 *    (at 8 G* a d = 1.233 mu N) and slip starts at mu N/(6 G* a) instead of
 *    3 mu N/(16 G* a). With P = 5 the law lies up to 24.3 % of mu N below
 *    Mindlin's curve (tests/test_tangential_plastic.c).
 *  - Geometry: one-dimensional along the line of the first tangential
 *    motion, carried into the current tangent plane (as
 *    mindlin_deresiewicz); increments across it are ignored.
 *
 * slip_margin (the collision driver locates stick <-> slip on
 * it): |c + k s| - mu N, the step's linear trial force (carried force c,
 * path stiffness k, displacement s along the line) against the limit,
 * with c capped at mu N first when the step moves towards zero force
 * (c s <= 0) and not when it moves outwards: > 0 exactly when the step
 * slides (outwards past the limit, outwards from a carried force above a
 * fallen limit, or through a full reversal to -mu N), continuous in the
 * step's displacement and normal force except at s = 0 where a carried
 * force above the limit stops being released (the branch changes there
 * too). Only stick <-> slip is located: the driver keys on the sliding
 * flag. With integration = split the law's other switches (the reversals
 * of rt_branch, the kinks of k_t at x1 and x2) are taken from the committed
 * state at step granularity and the law stays first order in the step (k_t
 * from the start of the step), which no location inside the step can raise
 * (README, "Law transitions inside the step"); integration = path: below.
 *
 * The law as an ODE. Eqs. 94-106 are the increments of one
 * rate law; as the step shrinks, Delta N/N -> 0 in eq. 94 and a_n/a_(n-1)
 * -> 1 + da/a, so the per-step rule is a first-order (rectangle-rule)
 * discretisation of
 *   loading    dF = k_t(x, y, mu) dxi,  x = F/(mu N)     (eqs. 94, 96-104)
 *   unloading  dF = 8 G* a dxi + F (da/a) [dN < 0]       (eq. 105)
 *   reloading  dF = 9.28 G* [a] dxi + F (da/a) [dN < 0]  (eq. 106)
 *   |F| <= mu N (sliding at the cap), xi the displacement along the axis,
 * with, along the step, N(t), a(t) (sec. 5.4's radius at delta(t) on the
 * history's delta_max, delta_min), y = delta/delta_y and mu = mu(y_m),
 * y_m = max delta/delta_y so far (eq. 95; the given mu with eq. 110). The
 * branch is loading until dxi changes sign (then unloading, F* = F at the
 * reversal), reloading while dxi > 0 after it, and loading again from the
 * instant F reaches F* (rt_branch, now at the instants, not per step). On
 * a rescaled stretch (dN < 0, not loading) d(F/a) = (k_t/a) dxi, so F/a
 * is integrated there and a' is never needed.
 *
 * Path (integration = path, the default). The ODE is integrated along the
 * step's path of spring_path.c (cwb_step_path_of: cubic Hermite delta, xi
 * and N from the committed and current values and rates; a(u) is
 * cwb_rathbone_radius at delta(u) when that is the radius the normal law
 * reported, else sqrt of the path's a^2 affine in delta), cut at the
 * instants where the branch can change: the root of dxi/du . axis (a
 * reversal) and of dN/du (the rescaling switches) when the step's end
 * rates have opposite signs, and delta's maxima (quadratics in u, closed
 * form). With end rates of one sign the step takes one branch from the
 * sign of its displacement and one rescaling from the sign of Delta N: an
 * RK4 stage's end rate is not the secant's, its Hermite path can bulge
 * through a spurious root, and switching there (a loop unloading at 8 G* a
 * and reloading at 9.28 G* a) made the force at a stage an O(dt^2)-wrong,
 * non-smooth function of the stage state, which held the collision at
 * third order. On each piece RK4 in 4 substeps per unit
 * of u, each halved by step doubling (to 1e-12 mu N, at most 256 halvings
 * per step) where k_t has a kink (x = x1, x2; y = 1; the radius' turning
 * point) or the force meets the cap; F = F* on reloading is located by
 * bisection (to 1e-13 of the step) and loading resumes there. After each
 * substep |F| is capped at mu N(u) (what is cut is summed). The work
 * integrates F dxi with the capped force; the slip mu N |dxi| while at the
 * cap and pushed outwards, and off it the branch's share of d(W - E),
 * F dxi (1 - k_t/k_u), where it is >= 0 (the split's booking, "Energy"
 * below, in the limit of small steps: the microslip of a loading stiffness
 * below k_u); stiffness_energy = work - slip - Delta E (signed: the change
 * of E with a, the cap's release, a branch stiffer than k_u while |F|
 * grows), so the account closes. slip_margin: |F(1)| - mu N(1) <= 0
 * while not at the cap, the sum of what the caps cut (> 0) when the step
 * ends at it (as lth). The first step of a contact from first touch takes
 * N = N1 (delta/delta1)^n, n = k_n delta1/N1 (exact for Hertz, where the
 * contact starts elastic); a first step that does not start at touch (a
 * unit test at a given N) takes the split. Inside a step that straddles a
 * new maximum of delta the unloading radius after it is the trial
 * maximum's (the collision driver ends a step at the peak).
 * The reversal (loading -> unloading) puts a jump in d2F/dt2 (k_t jumps
 * while dxi/dt passes through zero); a driver step over it errs at third
 * order with a constant that depends on where it falls, so the law raises
 * CWB_FLAG_REVERSAL and the collision driver ends a step there
 * (collision.c, "Law transitions inside a step"). Measured
 * (tests/test_collision.c, rathbone_path_order; README): on the glass
 * impact with the normal law elastic, omega1_after errors 1.04e-5,
 * 2.32e-7, 1.50e-8, 9.0e-10 rad/s at t_c/88 ... /704 (orders 5.49, 3.95,
 * 4.06); on Fig. 49 at 30 deg 2.43e-2, 1.62e-3, 5.73e-5 (3.91, 4.82; the
 * split: 58.5, 29.3, 14.6), then erratic as the plastic normal law's own
 * results there.
 *
 * Energy (integration = split; path: above). The stored energy is what
 * unloading gives back at fixed N,
 * E = F_t^2/(2 k_u), k_u = 8 G* a (eq. 105 is linear). Over a step the
 * force is linear in delta_t, so the work is exact: W = (F_0 + F_1)/2
 * Delta delta_t on the elastic part plus mu N times the distance slid.
 * dissipated = W - Delta E splits into slip (>= 0) and stiffness_energy
 * (signed): the change of E when a changes or the force is rescaled at
 * fixed delta_t, the release when the cap mu N falls below the carried
 * force, and -- a property of the published law -- the energy a branch
 * creates when its stiffness exceeds k_u while |F_t| grows (reloading
 * at 9.28 G* a past F_t = 0: (1 - 9.28/8) of the path work, -16 %) or
 * falls short of it while |F_t| falls. Loading (P <= 8, x >= 0) and
 * unloading books only slip >= 0.
 *
 * Units: mu [-]; forces [N]; stiffnesses [N/m]. 3D spheres. Needs the
 * normal law rathbone or rathbone2015 (delta_y, delta_max, the radius of
 * sec. 5.4); a case pairing it with another is refused (needs_normal). A
 * program embedding libcwb with a normal law that reports no delta_y gets
 * the law at y = 0 (mu = mu_max, or the given mu; the elastic branch).
 * History: rt_state (the path's committed rates in rt_state.path).
 */
#include <stdlib.h>
#include <string.h>

#include "cwb_law.h"

enum { MODE_LOADING = 0, MODE_UNLOADING, MODE_RELOADING };
enum { P_FRICTION, P_MU, P_MU_MAX, P_PREFACTOR, P_RELOADING, P_INTEGRATION };

typedef struct {
    cwb_vec3 axis; /* unit direction of the law's line (0: no motion yet) */
    double f;      /* committed force along the axis [N] */
    double f_turn; /* force at the last loading -> unloading reversal [N] */
    double fn;     /* committed normal force [N] */
    double a;      /* committed contact radius [m] */
    int mode;
    /* integration = path (header, "The law as an ODE"): the committed
     * rates of the step's path (path.spring.kt holds the radius a, path.load
     * N) and the normal law's committed delta_max, delta_min */
    cwb_spring_path_state path;
    double dmax, dmin;
} rt_state;
CWB_STATE_FITS(rt_state);

static const char *const friction_words[] = {"plastic", "given", NULL};
static const char *const prefactor_words[] = {"oblique", "fixed_normal", NULL};
static const char *const reloading_words[] = {"G_a", "literal", NULL};
static const char *const integration_words[] = {"path", "split", NULL};

static const cwb_param rt_params[] = {
    {.name = "friction",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = friction_words,
     .help = "plastic: mu(y) of eq. 95 (sec. 5.5); given: mu with eq. 110 and 3 G* a (sec. 5.9)"},
    {.name = "mu",
     .unit = "-",
     .def = 0,
     .min = 0,
     .max = 0.36,
     .flags = CWB_P_MIN_OPEN,
     .help = "Coulomb coefficient for friction = given (sec. 5.9: below 0.36)",
     .read_when = "friction=given"},
    {.name = "mu_max",
     .unit = "-",
     .def = 1.0,
     .min = 0.36,
     .max = 10.0,
     .help = "cap on mu(y) (sec. 3.5: 1.0)",
     .read_when = "friction=plastic"},
    {.name = "prefactor",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = prefactor_words,
     .help = "oblique: 5 G* a (eq. 97, as implemented); fixed_normal: 8 G* a (eq. 82, Model C); "
             "friction = given uses 3 G* a (eq. 110)",
     .read_when = "friction=plastic"},
    {.name = "reloading",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = reloading_words,
     .help = "reloading stiffness of eq. 106: 9.28 G* a, or 9.28 G* x 1 m (literal)"},
    {.name = "integration",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = integration_words,
     .help = "dF_t = k_t(state) dxi integrated along the step's Hermite path, or the "
             "published per-step rule with k_t from the step's start (split; first order)"},
    {0}};

static int rt_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)g;
    int given = (int)p[P_FRICTION] == 1;
    if (given && !(p[P_MU] > 0.0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "rathbone_tangential: friction = given needs mu in (0, 0.36]");
    return CWB_OK;
}

/* The friction coefficient at the normal response nrm. */
static double rt_mu_at(const double *p, double dmax, double dy)
{
    if ((int)p[P_FRICTION] == 1)
        return p[P_MU];
    double y = dy > 0.0 ? dmax / dy : 0.0;
    if (!(y > 0.0))
        return p[P_MU_MAX];
    double mu = 0.36 / tanh(0.79 * pow(y, 0.44));
    return mu < p[P_MU_MAX] ? mu : p[P_MU_MAX];
}

static double rt_mu(const double *p, const cwb_normal_out *nrm, double delta)
{
    return rt_mu_at(p, nrm->delta_max > delta ? nrm->delta_max : delta, nrm->delta_yield);
}

/* The loading branch's shape at (y, mu), eqs. 97-104: the prefactor,
 * the knees x1 and x2 and the lines' constants, which depend on the load
 * alone and so are found once per (y, mu) along a path (rt_memo). */
typedef struct {
    double pre, x1, x2, a1, b1, c1, d1;
} rt_shape;

static rt_shape rt_shape_at(const double *p, double y, double mu)
{
    int given = (int)p[P_FRICTION] == 1;
    double ycons = given ? 18.75 * (1.0 - mu) : 7.0;
    rt_shape h = {.pre = given ? 3.0 : (int)p[P_PREFACTOR] == 1 ? 8.0 : 5.0, .x1 = 1.0};
    if (y > ycons)
        y = ycons;
    if (y >= 1.0)
        h.x1 = fmax(-1.85 + 5.20 * mu, 0.0);
    if (h.x1 >= 1.0)
        return h; /* x < x1 on the whole branch: the lines are not read */
    h.a1 = 0.9 / tanh(0.24 * pow(y, 1.4)), h.b1 = pow(1.0 - h.x1, 0.25);
    h.c1 = 1.51 / tanh(0.14 * pow(y, 1.99)), h.d1 = h.c1 * (1.0 - h.x1);
    h.x2 = (h.d1 - h.b1) / (h.c1 - h.a1) + h.x1;
    return h;
}

/* The loading stiffness factor k_t / (G* a) of eqs. 97-104 at x. */
static double rt_shape_factor(const rt_shape *h, double x)
{
    if (x < h->x1)
        return x < 1.0 ? h->pre * pow(1.0 - x, 0.25) : 0.0;
    double k = x < h->x2 ? h->b1 - h->a1 * (x - h->x1) : h->d1 - h->c1 * (x - h->x1);
    return k > 0.0 ? h->pre * k : 0.0;
}

static double rt_loading_factor(const double *p, double y, double mu, double x)
{
    rt_shape h = rt_shape_at(p, y, mu);
    return rt_shape_factor(&h, x);
}

/* One linear step of a branch along the law's line: carried force c,
 * path stiffness k, displacement s, cap fy, energy stiffness ku. */
typedef struct {
    double f, work, slip, release, created, margin;
    int sliding;
} rt_path;

static void rt_advance(double c, double k, double s, double fy, double ku, rt_path *r)
{
    *r = (rt_path){0};
    /* The slip margin: the trial force c + k s against the cap, with c
     * capped first when the step moves towards zero (c s <= 0; the force
     * then leaves the cap) and not when it moves outwards (the carried
     * force above a fallen cap is then released by sliding). */
    r->margin = fabs(c * s > 0.0 ? c + k * s : copysign(fmin(fabs(c), fy), c) + k * s) - fy;
    if (fabs(c) > fy) {
        r->release = (c * c - fy * fy) / (2.0 * ku);
        c = copysign(fy, c);
    }
    double f = c + k * s, elastic, slide = 0.0;
    if (fabs(f) <= fy) {
        r->work = 0.5 * (c + f) * s;
        elastic = r->work - (f * f - c * c) / (2.0 * ku);
    } else {
        double fl = copysign(fy, f), se = (fl - c) / k;
        slide = fl * (s - se);
        r->work = 0.5 * (c + fl) * se + slide;
        elastic = 0.5 * (c + fl) * se - (fl * fl - c * c) / (2.0 * ku);
        f = fl;
        r->sliding = 1;
    }
    /* Round-off of the elastic part is 1e-12 of the path's energy. */
    r->slip = slide + (elastic > 0.0 ? elastic : 0.0);
    r->created = elastic < 0.0 ? elastic : 0.0;
    r->f = f;
    /* at the cap with zero stiffness (x = 1) and still pushed outwards */
    if (fabs(f) >= fy && f * s > 0.0)
        r->sliding = 1;
}

/* The branch of a step of displacement d from the committed mode. */
static int rt_branch(int mode, double d)
{
    if (mode == MODE_LOADING && d < 0.0)
        mode = MODE_UNLOADING;
    else if (mode != MODE_LOADING && d > 0.0)
        mode = MODE_RELOADING;
    else if (mode == MODE_RELOADING && d < 0.0)
        mode = MODE_UNLOADING;
    return mode;
}

/* Out of contact the spring is released; its energy is lost. */
static void rt_release(double e0, cwb_tangential_out *out, rt_state *t)
{
    memset(t, 0, sizeof *t);
    out->dissipated = e0;
    out->stiffness_energy = e0;
}

/* ---- Along the step's path (integration = path; header, "The law as
 * an ODE") ---------------------------------------------------------------- */

#define RT_SUBSTEPS  4   /* RK4 substeps per unit of u, before refinement */
#define RT_MAX_DEPTH 30  /* halvings of a substep (kinks of k_t, the cap) */
#define RT_BUDGET    256 /* substeps refined per evaluation, at most */
#define RT_MAX_CUTS  12  /* breakpoints of a step: reversals, dN/du = 0, ... */

/* What rt_at and rt_k found last along the path: mu(delta_max) and the
 * loading branch's shape at (y, mu) are the same at every point of a
 * step whose normal load is held (the roll driver, a fixed normal force),
 * and two pows and two tanhs each; kept here they are found once. The
 * values are the ones computed afresh, so the law stays a pure function
 * of its step (scratch of the step, never committed). */
typedef struct {
    double dmax, mu;    /* mu = rt_mu_at(p, dmax, dy) */
    double y, shape_mu; /* shape = rt_shape_at(p, y, shape_mu) */
    rt_shape shape;
    int have_mu, have_shape;
} rt_memo;

/* The step's path and what the ODE reads along it. */
typedef struct {
    const double *p;
    const cwb_pair *g;
    cwb_step_path path;                /* delta, xi, N (cubic Hermite; spring_path.c) */
    cwb_vec3 axis;                     /* the law's line */
    double dy;                         /* yield overlap [m] */
    double dmax0, dmin0, dmax1, dmin1; /* committed and trial delta_max, delta_min */
    double crit[2];                    /* interior stationary points of delta(u) */
    int ncrit;
    int exact; /* 1: a(u) from cwb_rathbone_radius (the normal law's) */
    int power; /* first step from touch: N = N1 (delta/delta1)^n */
    double n, d1;
    int budget;
    rt_memo *memo;
} rt_ode;

/* What the ODE reads at u. */
typedef struct {
    double v;     /* dxi/du along the axis [m] */
    double a, N;  /* contact radius [m], normal load [N] */
    double mu, y; /* friction coefficient, delta/delta_y */
} rt_point;

static rt_point rt_at(const rt_ode *o, double u)
{
    cwb_path_point q = cwb_step_path_at(&o->path, u);
    rt_point r = {.v = cwb_v3_dot(q.dx, o->axis), .a = q.kt, .N = q.load};
    /* the largest overlap so far: the committed one, the path's value at u
     * and its maxima on [0, u] */
    double dmax = fmax(o->dmax0, fmax(o->path.d0, q.delta));
    for (int i = 0; i < o->ncrit; i++)
        if (o->crit[i] < u)
            dmax = fmax(dmax, cwb_step_path_at(&o->path, o->crit[i]).delta);
    if (o->exact && q.delta > 0.0) {
        double dmin = dmax > o->dmax0 ? o->dmin1 : o->dmin0;
        r.a = cwb_rathbone_radius(o->g, o->dy, q.delta, dmax, dmin);
    }
    if (o->power)
        r.N = q.delta > 0.0 ? o->path.N1 * pow(q.delta / o->d1, o->n) : 0.0;
    rt_memo *m = o->memo;
    if (!m->have_mu || m->dmax != dmax)
        m->mu = rt_mu_at(o->p, dmax, o->dy), m->dmax = dmax, m->have_mu = 1;
    r.mu = m->mu;
    r.y = o->dy > 0.0 ? q.delta / o->dy : 0.0;
    return r;
}

/* The integrated quantities: z (the force F, or F/a on a rescaled
 * branch), the work and the slip. */
typedef struct {
    double z, w, slip;
} rt_y;

/* A segment of the step: one branch, rescaled or not (eqs. 105-106 with
 * dN/du < 0: d(F/a) = (k/a) dxi). */
typedef struct {
    int mode, rescale;
} rt_seg;

static double rt_force(const rt_seg *sg, const rt_point *q, double z)
{
    return sg->rescale ? q->a * z : z;
}

/* The branch stiffness k_t at q with force f. */
static double rt_k(const rt_ode *o, int mode, const rt_point *q, double f)
{
    double gs = o->g->G_star;
    if (mode == MODE_UNLOADING)
        return 8.0 * gs * q->a;
    if (mode == MODE_RELOADING)
        return 9.28 * gs * ((int)o->p[P_RELOADING] == 1 ? 1.0 : q->a);
    double mN = q->mu * q->N;
    double x = mN > 0.0 ? f / mN : 0.0;
    rt_memo *m = o->memo;
    if (!m->have_shape || m->y != q->y || m->shape_mu != q->mu)
        m->shape = rt_shape_at(o->p, q->y, q->mu), m->y = q->y, m->shape_mu = q->mu,
        m->have_shape = 1;
    return rt_shape_factor(&m->shape, x) * gs * q->a;
}

/* d/du of (z, W, slip): dF = k_t v du (header), W with the force capped
 * at mu N; the slip mu N |v| while at the cap and pushed outwards, else
 * the branch's part of d(W - E) when >= 0, F v (1 - k_t/k_u) (E =
 * F^2/(2 k_u), k_u = 8 G* a: the split's booking, header "Energy", in the
 * limit of small steps; < 0, and the change of E with a, go to
 * stiffness_energy). */
static rt_y rt_rate(const rt_ode *o, const rt_seg *sg, double u, double z)
{
    rt_point q = rt_at(o, u);
    double f = rt_force(sg, &q, z), mN = q.mu * q.N, k = rt_k(o, sg->mode, &q, f);
    rt_y r = {.z = sg->rescale ? (q.a > 0.0 ? k / q.a : 0.0) * q.v : k * q.v};
    double fc = fabs(f) > mN ? copysign(fmax(mN, 0.0), f) : f;
    double ku = 8.0 * o->g->G_star * q.a;
    r.w = fc * q.v;
    if (fabs(f) >= mN && f * q.v > 0.0)
        r.slip = fmax(mN, 0.0) * fabs(q.v);
    else if (ku > 0.0)
        r.slip = fmax(0.0, fc * q.v * (1.0 - k / ku));
    return r;
}

static rt_y rt_axpy(rt_y y, double a, rt_y d)
{
    return (rt_y){y.z + a * d.z, y.w + a * d.w, y.slip + a * d.slip};
}

static rt_y rt_rk4(const rt_ode *o, const rt_seg *sg, double u, double hs, rt_y y)
{
    rt_y k1 = rt_rate(o, sg, u, y.z);
    rt_y k2 = rt_rate(o, sg, u + 0.5 * hs, y.z + 0.5 * hs * k1.z);
    rt_y k3 = rt_rate(o, sg, u + 0.5 * hs, y.z + 0.5 * hs * k2.z);
    rt_y k4 = rt_rate(o, sg, u + hs, y.z + hs * k3.z);
    rt_y z = rt_axpy(y, hs / 6.0, k1);
    z = rt_axpy(z, hs / 3.0, k2);
    z = rt_axpy(z, hs / 3.0, k3);
    return rt_axpy(z, hs / 6.0, k4);
}

/* |F| <= mu N at u: the excess is cut (added to *cut), *capped set. */
static rt_y rt_cap(const rt_ode *o, const rt_seg *sg, double u, rt_y y, double *cut, int *capped)
{
    rt_point q = rt_at(o, u);
    double f = rt_force(sg, &q, y.z), mN = fmax(q.mu * q.N, 0.0);
    *capped = mN > 0.0 && fabs(f) >= mN;
    if (fabs(f) > mN) {
        *cut += fabs(f) - mN;
        f = copysign(mN, f);
        y.z = sg->rescale ? (q.a > 0.0 ? f / q.a : 0.0) : f;
    }
    return y;
}

/* One substep, halved until RK4 over it and over its two halves agree to
 * tol on the capped force (step doubling): refines where k_t has a kink
 * (x1, x2 of eq. 99-104, the turning point of sec. 5.4's radius) and where
 * the force meets the cap. */
static rt_y rt_adapt(rt_ode *o, const rt_seg *sg, double u, double hs, rt_y y, double tol,
                     int depth, double *cut, int *capped)
{
    double c = 0.0, c1 = 0.0, c2 = 0.0;
    int k, k1, k2;
    rt_y one = rt_cap(o, sg, u + hs, rt_rk4(o, sg, u, hs, y), &c1, &k1);
    rt_y a = rt_cap(o, sg, u + 0.5 * hs, rt_rk4(o, sg, u, 0.5 * hs, y), &c, &k);
    rt_y b = rt_cap(o, sg, u + hs, rt_rk4(o, sg, u + 0.5 * hs, 0.5 * hs, a), &c2, &k2);
    double scale = sg->rescale ? rt_at(o, u + hs).a : 1.0;
    if (depth >= RT_MAX_DEPTH || o->budget <= 0 || fabs(b.z - one.z) * scale <= tol) {
        *cut += c + c2;
        *capped = k2;
        return b;
    }
    o->budget--;
    rt_y m = rt_adapt(o, sg, u, 0.5 * hs, y, tol, depth + 1, cut, capped);
    return rt_adapt(o, sg, u + 0.5 * hs, 0.5 * hs, m, tol, depth + 1, cut, capped);
}

/* Roots in (0, 1) of c2 u^2 + c1 u + c0 appended to r[*n]. */
static void rt_roots(double c2, double c1, double c0, double *r, int *n)
{
    double s = fabs(c2) + fabs(c1) + fabs(c0);
    if (!(s > 0.0))
        return;
    double u[2];
    int m = 0;
    if (fabs(c2) <= 1e-14 * s) {
        if (fabs(c1) > 1e-14 * s)
            u[m++] = -c0 / c1;
    } else {
        double disc = c1 * c1 - 4.0 * c2 * c0;
        if (disc >= 0.0) {
            double qq = -0.5 * (c1 + copysign(sqrt(disc), c1));
            u[m++] = qq / c2;
            if (qq != 0.0)
                u[m++] = c0 / qq;
        }
    }
    for (int i = 0; i < m; i++)
        if (u[i] > 1e-12 && u[i] < 1.0 - 1e-12 && *n < RT_MAX_CUTS)
            r[(*n)++] = u[i];
}

/* Coefficients (u^2, u, 1) of d/du of the Hermite cubic through values
 * y0, y1 and scaled rates m0, m1 (spring_path.c's basis). */
static void rt_hermite_rate(double y0, double m0, double y1, double m1, double c[3])
{
    c[0] = 6.0 * y0 + 3.0 * m0 - 6.0 * y1 + 3.0 * m1;
    c[1] = -6.0 * y0 - 4.0 * m0 + 6.0 * y1 - 2.0 * m1;
    c[2] = m0;
}

static int rt_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The ODE of the step's path into o, or 0 when the step has none (a
 * virgin state not at first touch, no motion yet, nothing to integrate). */
static int rt_path_setup(const double *p, const cwb_pair *g, const rt_state *s, const cwb_kin *k,
                         const cwb_normal_out *nrm, cwb_vec3 axis, int virgin, rt_ode *o)
{
    if (virgin && !(k->delta0 <= 0.0 && k->delta > 0.0))
        return 0;
    if (cwb_v3_norm(axis) == 0.0)
        return 0; /* no motion yet: no force */
    *o = (rt_ode){.p = p,
                  .g = g,
                  .axis = axis,
                  .dy = nrm->delta_yield,
                  .dmax0 = s->dmax,
                  .dmin0 = s->dmin,
                  .dmax1 = nrm->delta_max,
                  .dmin1 = nrm->delta_min,
                  .budget = RT_BUDGET};
    if (!cwb_step_path_of(&s->path, k, nrm, nrm->radius, &o->path))
        return 0;
    /* a(u): the normal law's radius (sec. 5.4) when it is the one reported */
    double dmax1 = fmax(s->dmax, k->delta);
    double a1 =
        cwb_rathbone_radius(g, o->dy, k->delta, dmax1, dmax1 > s->dmax ? o->dmin1 : o->dmin0);
    o->exact = fabs(a1 - nrm->radius) <= 1e-9 * nrm->radius;
    if (virgin) {
        o->power = 1;
        o->d1 = k->delta;
        o->n = nrm->stiffness * k->delta / nrm->force;
    }
    return 1;
}

/* Where the step's path is cut into segments of one branch, and what
 * picks a segment's branch. */
typedef struct {
    double at[RT_MAX_CUTS + 2]; /* 0, the breakpoints, 1: sorted */
    int n;
    int cut_v, cut_n; /* cut at a reversal along the axis, at a stationary N */
    double dsec, v1;  /* the secant's displacement along the axis, the end rate */
} rt_cuts;

/* Breakpoints: a reversal along the axis (dxi/du . axis = 0) and a
 * stationary point of N (the rescaling of eqs. 105-106 switches) where
 * the step's end rates have opposite signs, and the stationary points of
 * delta (its running maximum, kept in o->crit). With end rates of one sign
 * the step takes one branch, from the sign of its displacement (and one
 * rescaling, from the sign of Delta N), as the split does: a Hermite path
 * whose end rates are not the secant's (an RK4 stage state) can bulge
 * through a spurious root, and switching there makes the force a
 * non-smooth function of the stage, which costs the driver an order
 * (header, "Path"). */
static void rt_breakpoints(rt_ode *o, int virgin, rt_cuts *cu)
{
    const cwb_step_path *P = &o->path;
    double c[3];
    double v0 = cwb_v3_dot(P->X0, o->axis), v1 = cwb_v3_dot(P->X1, o->axis);
    *cu = (rt_cuts){.cut_v = v0 * v1 < 0.0,
                    .cut_n = !virgin && P->M0 * P->M1 < 0.0,
                    .dsec = cwb_v3_dot(P->x1, o->axis),
                    .v1 = v1};
    if (cu->cut_v) {
        rt_hermite_rate(0.0, v0, cu->dsec, v1, c);
        rt_roots(c[0], c[1], c[2], cu->at, &cu->n);
    }
    if (cu->cut_n) {
        rt_hermite_rate(P->N0, P->M0, P->N1, P->M1, c);
        rt_roots(c[0], c[1], c[2], cu->at, &cu->n);
    }
    rt_hermite_rate(P->d0, P->D0, P->d1, P->D1, c);
    int before = cu->n;
    rt_roots(c[0], c[1], c[2], cu->at, &cu->n);
    for (int i = before; i < cu->n && o->ncrit < 2; i++)
        o->crit[o->ncrit++] = cu->at[i];
    cu->at[cu->n++] = 0.0;
    cu->at[cu->n++] = 1.0;
    qsort(cu->at, (size_t)cu->n, sizeof *cu->at, rt_cmp);
}

/* Where the integration along the path stands. */
typedef struct {
    int mode, capped;
    double f, f_turn, cut; /* the force, the reversal force T*, the excess cut at the cap */
    rt_y y;
} rt_walk;

/* Reloading came back to the reversal force inside the substep from u of
 * length h (from y0): locate it (bisection on F(u) - f_turn; the reloading
 * branch is smooth) and load from there. Returns where. */
static double rt_back_at_turn(rt_ode *o, rt_seg *sg, double u, double h, rt_y y0, rt_walk *w)
{
    double lo = 0.0, hi = h;
    for (int it = 0; it < 60 && hi - lo > 1e-13; it++) {
        double mid = 0.5 * (lo + hi);
        rt_y ym = rt_rk4(o, sg, u, mid, y0);
        if (rt_force(sg, &(rt_point){.a = rt_at(o, u + mid).a}, ym.z) >= w->f_turn)
            hi = mid;
        else
            lo = mid;
    }
    double us = u + hi;
    rt_y ys = rt_rk4(o, sg, u, hi, y0);
    double fs = rt_force(sg, &(rt_point){.a = rt_at(o, us).a}, ys.z);
    *sg = (rt_seg){.mode = MODE_LOADING, .rescale = 0};
    w->mode = MODE_LOADING;
    w->y = (rt_y){fs, ys.w, ys.slip};
    return us;
}

/* Segment [ua, ub] of the path, on the branch its motion takes, in
 * substeps refined by rt_adapt. */
static void rt_segment(rt_ode *o, const rt_cuts *cu, double ua, double ub, double tol, rt_walk *w)
{
    double um = 0.5 * (ua + ub);
    rt_point qm = rt_at(o, um);
    int next = rt_branch(w->mode, cu->cut_v ? qm.v : cu->dsec != 0.0 ? cu->dsec : cu->v1);
    if (w->mode == MODE_LOADING && next == MODE_UNLOADING)
        w->f_turn = w->f; /* the reversal, T* of Mindlin-Deresiewicz */
    w->mode = next;
    /* dN/du < 0 on the segment: the force carried with a (eqs. 105-106) */
    double dN = cu->cut_n ? rt_at(o, fmin(um + 1e-6 * (ub - ua), 1.0)).N - rt_at(o, um).N
                          : o->path.N1 - o->path.N0;
    rt_seg sg = {.mode = w->mode, .rescale = w->mode != MODE_LOADING && dN < 0.0};
    rt_point qa = rt_at(o, ua);
    w->y.z = sg.rescale ? (qa.a > 0.0 ? w->f / qa.a : 0.0) : w->f;
    int ns = (int)ceil(RT_SUBSTEPS * (ub - ua) - 1e-9);
    double hs = (ub - ua) / (ns > 0 ? ns : 1);
    double u = ua;
    while (u < ub - 1e-15) {
        double h = fmin(hs, ub - u);
        rt_y y0 = w->y;
        double cut0 = w->cut;
        w->y = rt_adapt(o, &sg, u, h, w->y, tol, 0, &w->cut, &w->capped);
        double fe = rt_force(&sg, &(rt_point){.a = rt_at(o, u + h).a}, w->y.z);
        if (sg.mode == MODE_RELOADING && fe >= w->f_turn) {
            w->cut = cut0;
            u = rt_back_at_turn(o, &sg, u, h, y0, w);
            continue;
        }
        u += h;
    }
    w->f = rt_force(&sg, &(rt_point){.a = rt_at(o, ub).a}, w->y.z);
}

/* integration = path (header). Returns 0 when the step has no path (a
 * virgin state not at first touch; nothing to integrate): the caller
 * takes the published rule then. */
static int rt_path_step(const double *p, const cwb_pair *g, const rt_state *s, const cwb_kin *k,
                        const cwb_normal_out *nrm, cwb_vec3 axis, double e0,
                        cwb_tangential_out *out, rt_state *t)
{
    int virgin = !(s->path.load > 0.0 && s->a > 0.0);
    rt_ode o;
    rt_memo memo = {0};
    if (!rt_path_setup(p, g, s, k, nrm, axis, virgin, &o))
        return 0;
    o.memo = &memo;
    rt_cuts cu;
    rt_breakpoints(&o, virgin, &cu);
    double fn = nrm->force, mN1 = rt_mu(p, nrm, k->delta) * fn;
    double tol = 1e-12 * fmax(mN1, rt_mu_at(p, s->dmax, o.dy) * s->path.load);
    rt_walk w = {.mode = s->mode, .f = s->f, .f_turn = s->f_turn};
    for (int i = 0; i + 1 < cu.n; i++)
        if (cu.at[i + 1] > cu.at[i])
            rt_segment(&o, &cu, cu.at[i], cu.at[i + 1], tol, &w);
    double a = nrm->radius, ku = 8.0 * g->G_star * a;
    double e1 = w.f * w.f / (2.0 * ku);
    rt_point q1 = rt_at(&o, 1.0);
    out->force = cwb_v3_scale(axis, w.f);
    out->stiffness = rt_k(&o, w.mode, &q1, w.f);
    out->energy = e1;
    out->work = w.y.w;
    out->dissipated = w.y.w - (e1 - e0);
    out->slip = w.y.slip;
    out->stiffness_energy = out->dissipated - w.y.slip;
    out->sliding = w.capped;
    out->slip_margin = w.capped ? w.cut : fabs(w.f) - mN1;
    out->flags |= CWB_FLAG_REVERSAL; /* the collision driver ends a step at a reversal */
    t->f = w.f;
    t->f_turn = w.f_turn;
    t->mode = w.mode;
    return 1;
}

static int rt_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                   const cwb_normal_out *nrm, cwb_tangential_out *out, void *trial)
{
    const rt_state *s = state;
    rt_state *t = trial;
    double e0 = s->a > 0.0 ? s->f * s->f / (16.0 * g->G_star * s->a) : 0.0;
    memset(out, 0, sizeof *out);
    *t = *s;
    if (k->delta <= 0.0 || nrm->force <= 0.0 || !(nrm->radius > 0.0)) {
        rt_release(e0, out, t);
        return CWB_OK;
    }
    cwb_vec3 axis = cwb_v3_rotate_into_plane(s->axis, k->normal);
    cwb_vec3 dxi = cwb_v3_in_plane(k->dxi_t, k->normal);
    /* the line of the first motion, not of round-off (cwb_law.h): a line
     * along the normal would make the law's force act along it */
    if (cwb_v3_norm(axis) == 0.0)
        axis = cwb_tangential_direction(k, g->R_star);
    /* the rates and normal history the next step's path starts from */
    cwb_step_path_rates(k, nrm, &t->path);
    t->path.spring.kt = nrm->radius;
    t->dmax = nrm->delta_max > k->delta ? nrm->delta_max : k->delta;
    t->dmin = nrm->delta_min;
    if ((int)p[P_INTEGRATION] == 0 && rt_path_step(p, g, s, k, nrm, axis, e0, out, t)) {
        t->axis = axis;
        t->fn = nrm->force;
        t->a = nrm->radius;
        return CWB_OK;
    }
    double d = cwb_v3_dot(dxi, axis), a = nrm->radius, fn = nrm->force, dfn = fn - s->fn;
    double mu = rt_mu(p, nrm, k->delta), ku = 8.0 * g->G_star * a;
    double x = (s->f + mu * dfn) / (mu * fn);
    double y = nrm->delta_yield > 0.0 ? k->delta / nrm->delta_yield : 0.0;
    double kl = rt_loading_factor(p, y, mu, x) * g->G_star * a;
    double kr = 9.28 * g->G_star * ((int)p[P_RELOADING] == 1 ? 1.0 : a);
    int mode = rt_branch(s->mode, d);
    double kp = mode == MODE_LOADING ? kl : mode == MODE_UNLOADING ? ku : kr;
    double c = s->f;
    if (mode != MODE_LOADING && dfn < 0.0 && s->a > 0.0)
        c *= a / s->a; /* eqs. 105-106, Delta N < 0 */
    rt_path r;
    rt_advance(c, kp, d, mu * fn, ku, &r);
    if (s->mode == MODE_LOADING && mode == MODE_UNLOADING)
        t->f_turn = s->f;
    if (mode == MODE_RELOADING && r.f >= t->f_turn)
        mode = MODE_LOADING; /* back at the reversal: loading from the next step */
    double e1 = r.f * r.f / (2.0 * ku);
    out->force = cwb_v3_scale(axis, r.f);
    out->stiffness = kp;
    out->energy = e1;
    out->work = r.work;
    out->dissipated = r.work - (e1 - e0);
    out->slip = r.slip;
    out->stiffness_energy = out->dissipated - r.slip;
    out->sliding = r.sliding;
    out->slip_margin = r.margin;
    t->axis = axis;
    t->f = r.f;
    t->fn = fn;
    t->a = a;
    t->mode = mode;
    return CWB_OK;
}

const cwb_tangential_type cwb_tangential_rathbone = {
    .head =
        {
            .name = "rathbone_tangential",
            .creates_energy =
                "on each unload-reload loop: eq. 106 reloads at 9.28 G* a, stiffer than the 8 G* a "
                "unloading (eq. 105) that sets the stored energy, creating 16 % of the reloading "
                "work (reloading = literal: far more); and where its stiffness follows the normal "
                "state (doc/findings.md, finding 33)",
            .summary = "Rathbone elastic-plastic (as implemented): k_t(x, y), mu(y), 8 G* a "
                       "unloading, 9.28 G* reloading",
            .source = "[rathbone_thesis] eqs. 93-106, 110 (sec. 5.8-5.9); radius eqs. 107-109 "
                      "([etsion2005] form)",
            .params = rt_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(rt_state),
            .check = rt_check,
            .needs_normal = "rathbone rathbone2015",
        },
    .step = rt_step,
};
