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
 *    linear in delta_t, as implemented: the law is explicit, so its curve
 *    depends on the step at first order (tests/test_tangential_plastic.c
 *    measures it against the exact integral of eq. 97 at fixed N).
 *  - Eq. 98 (k_t = k_t at y = 7, or at y_cons): y is held in a1 and c1
 *    (eqs. 100, 102), while x1 (eq. 99) and x (eq. 94) use the current mu,
 *    which eq. 99 is written in; mu(7) = 0.378 against mu -> 0.360.
 *  - When x2 < x1 (y just above 1, e.g. x1 = 0.994, x2 = 0.964 at y = 1)
 *    the middle branch is empty and k_t jumps at x1, as the printed
 *    conditions read ("x < x1", "x > x2"); the force stays continuous.
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
 * slip_margin (issue 15; the collision driver locates stick <-> slip on
 * it): |c + k s| - mu N, the step's linear trial force (carried force c,
 * path stiffness k, displacement s along the line) against the limit,
 * with c capped at mu N first when the step moves towards zero force
 * (c s <= 0) and not when it moves outwards: > 0 exactly when the step
 * slides (outwards past the limit, outwards from a carried force above a
 * fallen limit, or through a full reversal to -mu N), continuous in the
 * step's displacement and normal force except at s = 0 where a carried
 * force above the limit stops being released (the branch changes there
 * too). Only stick <-> slip is located: the driver keys on the sliding
 * flag, and the law's other switches (the reversals of rt_branch, the kinks
 * of k_t at x1 and x2) are taken from the committed state at step
 * granularity; the law stays first order in the step (k_t from the start
 * of the step), which no location inside the step can raise (README,
 * "Law transitions inside the step").
 *
 * Energy. The stored energy is what unloading gives back at fixed N,
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
 * History: rt_state.
 */
#include <string.h>

#include "cwb_law.h"

enum { MODE_LOADING = 0, MODE_UNLOADING, MODE_RELOADING };
enum { P_FRICTION, P_MU, P_MU_MAX, P_PREFACTOR, P_RELOADING };

typedef struct {
    cwb_vec3 axis; /* unit direction of the law's line (0: no motion yet) */
    double f;      /* committed force along the axis [N] */
    double f_turn; /* force at the last loading -> unloading reversal [N] */
    double fn;     /* committed normal force [N] */
    double a;      /* committed contact radius [m] */
    int mode;
} rt_state;

static const char *const friction_words[] = {"plastic", "given", NULL};
static const char *const prefactor_words[] = {"oblique", "fixed_normal", NULL};
static const char *const reloading_words[] = {"G_a", "literal", NULL};

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
     .help = "Coulomb coefficient for friction = given (sec. 5.9: below 0.36)"},
    {.name = "mu_max",
     .unit = "-",
     .def = 1.0,
     .min = 0.36,
     .max = 10.0,
     .help = "cap on mu(y) (sec. 3.5: 1.0)"},
    {.name = "prefactor",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = prefactor_words,
     .help = "oblique: 5 G* a (eq. 97, as implemented); fixed_normal: 8 G* a (eq. 82, Model C)"},
    {.name = "reloading",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = reloading_words,
     .help = "reloading stiffness of eq. 106: 9.28 G* a, or 9.28 G* x 1 m (literal)"},
    {0}};

static int rt_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)g;
    int given = (int)p[P_FRICTION] == 1;
    if (given && !(p[P_MU] > 0.0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "rathbone_tangential: friction = given needs mu in (0, 0.36]");
    if (!given && p[P_MU] > 0.0)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "rathbone_tangential: mu = %g is used with friction = given only "
                        "(friction = plastic takes mu(y) of eq. 95)",
                        p[P_MU]);
    if (given && (int)p[P_PREFACTOR] == 1)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "rathbone_tangential: friction = given is defined for the oblique law "
                        "only (sec. 5.9, 3 G* a); use prefactor = oblique");
    return CWB_OK;
}

/* The friction coefficient at the normal response nrm. */
static double rt_mu(const double *p, const cwb_normal_out *nrm, double delta)
{
    if ((int)p[P_FRICTION] == 1)
        return p[P_MU];
    double dmax = nrm->delta_max > delta ? nrm->delta_max : delta;
    double y = nrm->delta_yield > 0.0 ? dmax / nrm->delta_yield : 0.0;
    if (!(y > 0.0))
        return p[P_MU_MAX];
    double mu = 0.36 / tanh(0.79 * pow(y, 0.44));
    return mu < p[P_MU_MAX] ? mu : p[P_MU_MAX];
}

/* The loading stiffness factor k_t / (G* a) of eqs. 97-104 at x. */
static double rt_loading_factor(const double *p, double y, double mu, double x)
{
    int given = (int)p[P_FRICTION] == 1;
    double pre = given ? 3.0 : (int)p[P_PREFACTOR] == 1 ? 8.0 : 5.0;
    double ycons = given ? 18.75 * (1.0 - mu) : 7.0;
    if (y > ycons)
        y = ycons;
    double x1 = 1.0;
    if (y >= 1.0) {
        x1 = -1.85 + 5.20 * mu;
        if (x1 < 0.0)
            x1 = 0.0;
    }
    if (x < x1)
        return x < 1.0 ? pre * pow(1.0 - x, 0.25) : 0.0;
    double a1 = 0.9 / tanh(0.24 * pow(y, 1.4)), b1 = pow(1.0 - x1, 0.25);
    double c1 = 1.51 / tanh(0.14 * pow(y, 1.99)), d1 = c1 * (1.0 - x1);
    double x2 = (d1 - b1) / (c1 - a1) + x1;
    double k = x < x2 ? b1 - a1 * (x - x1) : d1 - c1 * (x - x1);
    return k > 0.0 ? pre * k : 0.0;
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
    if (cwb_v3_norm(axis) == 0.0 && cwb_v3_norm(dxi) > 0.0)
        axis = cwb_v3_scale(dxi, 1.0 / cwb_v3_norm(dxi));
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
            .summary = "Rathbone elastic-plastic (as implemented): k_t(x, y), mu(y), 8 G* a "
                       "unloading, 9.28 G* reloading",
            .source = "[rathbone_thesis] eqs. 93-106, 110 (sec. 5.8-5.9); radius eqs. 107-109 ([etsion2005] form)",
            .params = rt_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(rt_state),
            .check = rt_check,
            .needs_normal = "rathbone rathbone2015",
        },
    .step = rt_step,
};
