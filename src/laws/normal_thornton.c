/* normal_thornton.c -- Thornton's elastic-perfectly-plastic normal law.
 *
 * Reference: seed 004 eqs. 7-10 (Thornton 1997, J. Appl. Mech. 64, 383):
 *   loading   F = k_n delta^(3/2)                             delta <= delta_y
 *             F = k_n delta_y^(3/2) + pi p_y R* (delta - delta_y)   beyond
 *   unloading F = k_un (delta - delta_min)^(3/2),  k_un = (4/3) E* sqrt(R*_un)
 *   delta_y = R* (pi p_y / (2 E*))^2                         (eq. 8)
 *   delta_min from continuity at (delta_max, F_max)          (eq. 10)
 * with k_n = (4/3) E* sqrt(R*) (eq. 2) and p_y given, or Ay[nu] sigma_y
 * (appendix A; nu of body 1, the sphere that yields).
 *
 * Unloading radius, two names (unloading_radius):
 *   eq9           R*_un = R* k_n delta_max^(3/2) / F_max (seed 004 eq. 9),
 *   thornton1997  R*_p = 4 E* a_p^3 / (3 F_max), a_p the contact radius at
 *                 the maximum, from Thornton's plastic loading
 *                 F = F_y + pi p_y (a^2 - a_y^2).
 * DESIGN.md expects them to differ. They do not: in Thornton's loading
 * a^2 = a_y^2 + R*(delta - delta_y) = R* delta, and then both are
 * R* F_elastic(delta_max)/F_max. Both reproduce Thornton's closed-form
 * restitution e(V_y/V_i) to round-off (tests/test_plastic.c); they are kept
 * apart by name so a case states which one it means.
 *
 * Reloading (delta rising below delta_max) follows the unloading curve up
 * to delta_max, then the loading curve (seed 004 Fig. 30 behaviour).
 * Permanent deformation: below delta_min the force is zero and the contact
 * remains (seed 004 sec. 4.3); it is reset when the overlap reaches zero.
 * Energy: the recoverable energy is the integral of the unloading curve
 * from delta_min; work along a step is exact (unloading curve to the old
 * maximum, then the loading curve).
 *
 * Units: p_y, sigma_y [Pa]; forces [N]; overlaps [m]. 3D spheres.
 * Derived constants: p_y in p[4], delta_y in p[5].
 * History: delta_max, F_max.
 */
#include "cwb_law.h"

enum { P_PY_FROM, P_PY, P_SIGMA_Y, P_RADIUS, D_PY, D_DY };

static const char *const py_words[] = {"sigma_y", "given", NULL};
static const char *const radius_words[] = {"eq9", "thornton1997", NULL};

static const cwb_param thornton_params[] = {
    {.name = "py_from", .unit = "-", .def = 0, .kind = CWB_PARAM_CHOICE, .choices = py_words,
     .help = "contact yield stress from sigma_y (p_y = Ay[nu] sigma_y) or given as py"},
    {.name = "py", .unit = "Pa", .def = 0, .min = 0, .max = INFINITY, .flags = CWB_P_MIN_OPEN,
     .help = "contact yield stress (py_from = given)"},
    {.name = "sigma_y", .unit = "Pa", .def = 0, .min = 0, .max = INFINITY,
     .flags = CWB_P_MIN_OPEN, .help = "yield stress of the material (py_from = sigma_y)"},
    {.name = "unloading_radius", .unit = "-", .def = 0, .kind = CWB_PARAM_CHOICE,
     .choices = radius_words,
     .help = "eq9 (seed 004) or thornton1997 (4 E* a_p^3 / 3 F_max): the same value"},
    {0}};

typedef struct {
    double delta_max;   /* largest overlap reached [m] */
    double f_max;       /* force there [N] */
} thornton_state;

static int thornton_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)g;
    if ((int)p[P_PY_FROM] == 0 && !(p[P_SIGMA_Y] > 0.0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "thornton: sigma_y must be > 0 Pa (got %g Pa) when py_from = sigma_y",
                        p[P_SIGMA_Y]);
    if ((int)p[P_PY_FROM] == 1 && !(p[P_PY] > 0.0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "thornton: py must be > 0 Pa (got %g Pa) when py_from = given", p[P_PY]);
    return CWB_OK;
}

static int thornton_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    double py = (int)p[P_PY_FROM] == 1 ? p[P_PY]
                                       : cwb_yield_factor(g->body[0].nu, NULL) * p[P_SIGMA_Y];
    if (!(py > 0.0) || !isfinite(py))
        return cwb_fail(msg, n, CWB_EINPUT, "thornton: cannot compute p_y (nu = %g)",
                        g->body[0].nu);
    double q = M_PI * py / (2.0 * g->E_star);
    p[D_PY] = py;
    p[D_DY] = g->R_star * q * q;
    return CWB_OK;
}

/* Virgin loading curve: force, and its integral from 0. */
static double load_force(const double *p, const cwb_pair *g, double kn, double d)
{
    double dy = p[D_DY];
    if (d <= dy)
        return kn * d * sqrt(d);
    return kn * dy * sqrt(dy) + M_PI * p[D_PY] * g->R_star * (d - dy);
}

static double load_work(const double *p, const cwb_pair *g, double kn, double d)
{
    double dy = p[D_DY];
    if (d <= dy)
        return 0.4 * kn * d * d * sqrt(d);
    double x = d - dy;
    return 0.4 * kn * dy * dy * sqrt(dy) + kn * dy * sqrt(dy) * x +
           0.5 * M_PI * p[D_PY] * g->R_star * x * x;
}

/* The unloading curve through (dmax, fmax): k_un and delta_min. */
static void unloading_curve(const cwb_pair *g, double kn, double dmax, double fmax,
                            double *kun, double *dmin, double *r_un_out)
{
    if (fmax <= 0.0 || dmax <= 0.0) {
        *kun = kn;
        *dmin = 0.0;
        *r_un_out = g->R_star;
        return;
    }
    double r_un = g->R_star * kn * dmax * sqrt(dmax) / fmax;   /* eq. 9 = Thornton 1997 */
    *r_un_out = r_un;
    *kun = 4.0 / 3.0 * g->E_star * sqrt(r_un);
    *dmin = dmax - pow(fmax / *kun, 2.0 / 3.0);                 /* eq. 10 */
}

/* Energy stored on the unloading curve at d (zero below delta_min). */
static double unload_energy(double kun, double dmin, double d)
{
    double x = d - dmin;
    return x > 0.0 ? 0.4 * kun * x * x * sqrt(x) : 0.0;
}

static int thornton_step(const double *p, const cwb_pair *g, const void *state,
                         const cwb_kin *k, cwb_normal_out *out, void *trial)
{
    const thornton_state *s = state;
    thornton_state *t = trial;
    *out = (cwb_normal_out){0};
    out->delta_yield = p[D_DY];
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star);
    double kun0, dmin0, run0;
    unloading_curve(g, kn, s->delta_max, s->f_max, &kun0, &dmin0, &run0);
    double d0 = k->delta0 > 0.0 ? k->delta0 : 0.0;
    double e0 = d0 > 0.0 ? unload_energy(kun0, dmin0, d0) : 0.0;
    double d = k->delta;
    if (d <= 0.0) {
        /* separated: the contact (and its memory) ends */
        t->delta_max = 0.0;
        t->f_max = 0.0;
        out->work = -e0;
        out->branch = CWB_BRANCH_NONE;
        return CWB_OK;
    }
    double work;
    if (d > s->delta_max) {
        /* back up the unloading curve to the old maximum, then virgin loading */
        double from = d0 > s->delta_max ? d0 : s->delta_max;
        work = (s->delta_max > d0 ? unload_energy(kun0, dmin0, s->delta_max) - e0 : 0.0) +
               load_work(p, g, kn, d) - load_work(p, g, kn, from);
        t->delta_max = d;
        t->f_max = load_force(p, g, kn, d);
        out->force = t->f_max;
        if (d <= p[D_DY]) {
            out->stiffness = 1.5 * kn * sqrt(d);
            out->branch = CWB_BRANCH_ELASTIC;
        } else {
            out->stiffness = M_PI * p[D_PY] * g->R_star;
            out->branch = CWB_BRANCH_PLASTIC;
        }
    } else {
        *t = *s;
        double x = d - dmin0;
        out->force = x > 0.0 ? kun0 * x * sqrt(x) : 0.0;
        out->stiffness = x > 0.0 ? 1.5 * kun0 * sqrt(x) : 0.0;
        work = unload_energy(kun0, dmin0, d) - e0;
        out->branch = s->delta_max <= p[D_DY] ? CWB_BRANCH_ELASTIC
                      : d < d0                 ? CWB_BRANCH_UNLOADING
                                               : CWB_BRANCH_RELOADING;
    }
    double kun1, dmin1, run1;
    unloading_curve(g, kn, t->delta_max, t->f_max, &kun1, &dmin1, &run1);
    out->energy = unload_energy(kun1, dmin1, d);
    out->work = work;
    out->dissipated = work - (out->energy - e0);
    /* contact radius: sqrt(R* delta) while loading (a^2 = R* delta in
     * Thornton's plastic loading too), the unloading Hertz contact's below */
    out->radius = d >= t->delta_max ? sqrt(g->R_star * d)
                                    : (d > dmin1 ? sqrt(run1 * (d - dmin1)) : 0.0);
    return CWB_OK;
}

const cwb_normal_type cwb_normal_thornton = {
    .head = {
        .name = "thornton",
        .summary = "Thornton elastic-perfectly-plastic: Hertz, linear plastic, Hertz unloading",
        .source = "seed 004 eqs. 7-10; Thornton (1997); p_y = Ay[nu] sigma_y (appendix A)",
        .params = thornton_params,
        .dims = CWB_DIM_3D,
        .state_size = sizeof(thornton_state),
        .check = thornton_check,
        .prepare = thornton_prepare,
    },
    .step = thornton_step,
};
