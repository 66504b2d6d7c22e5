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
 * One would expect them to differ. They do not: in Thornton's loading
 * a^2 = a_y^2 + R*(delta - delta_y) = R* delta, and then both are
 * R* F_elastic(delta_max)/F_max. Both reproduce Thornton's closed-form
 * restitution e(V_y/V_i) to round-off (tests/test_plastic.c); they are kept
 * apart by name so a case states which one it means.
 *
 * Loading, unloading, reloading, permanent deformation and the energy
 * account follow the rules shared by seed 004's laws (cwb_plastic_step).
 *
 * Units: p_y, sigma_y [Pa]; forces [N]; overlaps [m]. 3D spheres.
 * Derived constants: p_y in p[4], delta_y in p[5].
 * History: delta_max, F_max.
 */
#include "cwb_law.h"

enum { P_PY_FROM, P_PY, P_SIGMA_Y, P_RADIUS, D_PY, D_DY };

static const char *const radius_words[] = {"eq9", "thornton1997", NULL};

static const cwb_param thornton_params[] = {
    CWB_PY_PARAMS,
    {.name = "unloading_radius",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = radius_words,
     .help = "eq9 (seed 004) or thornton1997 (4 E* a_p^3 / 3 F_max): the same value"},
    {0}};

static int thornton_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)g;
    return cwb_py_check(p, "thornton", msg, n);
}

static int thornton_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    double py;
    int rc = cwb_py_value(p, g, "thornton", &py, msg, n);
    if (rc)
        return rc;
    p[D_PY] = py;
    p[D_DY] = cwb_yield_overlap(g, py);
    return CWB_OK;
}

/* Virgin loading curve (eq. 7) and its integral from 0. */
static void thornton_load(const double *p, const cwb_pair *g, double d, cwb_normal_out *o)
{
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star), dy = p[D_DY];
    if (d <= dy) {
        cwb_hertz_elastic(g, d, o);
    } else {
        o->force = kn * dy * sqrt(dy) + M_PI * p[D_PY] * g->R_star * (d - dy);
        o->stiffness = M_PI * p[D_PY] * g->R_star;
        o->branch = CWB_BRANCH_PLASTIC;
    }
    /* a^2 = R* delta in Thornton's plastic loading too */
    o->radius = sqrt(g->R_star * d);
}

static double thornton_load_primitive(const double *p, const cwb_pair *g, double d)
{
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star), dy = p[D_DY];
    if (d <= dy)
        return 0.4 * kn * d * d * sqrt(d);
    double x = d - dy;
    return 0.4 * kn * dy * dy * sqrt(dy) + kn * dy * sqrt(dy) * x +
           0.5 * M_PI * p[D_PY] * g->R_star * x * x;
}

/* Unloading through (delta_max, F_max): eq. 9 (= Thornton 1997), eq. 10. */
static void thornton_unload(const double *p, const cwb_pair *g, double dmax, double fmax,
                            cwb_unloading *u)
{
    (void)p;
    cwb_unloading_hertz(g, cwb_unloading_radius_eq9(g, dmax, fmax), dmax, fmax, u);
}

static const cwb_plastic_law thornton_curves = {
    .load = thornton_load,
    .load_primitive = thornton_load_primitive,
    .unload = thornton_unload,
    .yield_slot = D_DY,
    .knot_slot = {D_DY},
};

static int thornton_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                         cwb_normal_out *out, void *trial)
{
    return cwb_plastic_step(&thornton_curves, p, g, state, k, out, trial);
}

const cwb_normal_type cwb_normal_thornton = {
    .head =
        {
            .name = "thornton",
            .summary = "Thornton elastic-perfectly-plastic: Hertz, linear plastic, Hertz unloading",
            .source =
                "[thornton1997]; [rathbone_thesis] eqs. 7-10; p_y = Ay[nu] sigma_y (appendix A)",
            .params = thornton_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(cwb_plastic_state),
            .check = thornton_check,
            .prepare = thornton_prepare,
        },
    .step = thornton_step,
};
