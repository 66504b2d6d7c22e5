/* normal_tomas.c -- Tomas' elastic-plastic law (non-adhesive version).
 *
 * Reference: seed 004 eqs. 11-12 (Tomas 2007; with the fitting factor lambda
 * of the later papers):
 *   F = k_n delta^(3/2)                                  delta <= delta_y
 *   kappa_A = 2/3 + (1/3) A_pl / A_tot = 1 - (1/3)(delta_y/delta)^(1/3)  (eq. 12)
 * with delta_y from eq. 8 (the Thornton yield overlap, p_y given or
 * Ay[nu] sigma_y) and k_n = (4/3) E* sqrt(R*).
 *
 * Loading above delta_y, two forms (loading = area | eq11):
 *   area  F = lambda pi p_y R* kappa_A delta. This is what kappa_A means:
 *         the plastic area carries p_y, the elastic annulus the Hertz mean
 *         2/3 p_y, over the area pi R* delta, so F = pi p_y R* delta kappa_A.
 *         With lambda = 1 it meets Hertz at delta_y, because F_y = k_n
 *         delta_y^(3/2) = (2/3) pi p_y R* delta_y exactly when delta_y obeys
 *         eq. 8; it tends to Thornton's slope pi p_y R* at large overlap.
 *   eq11  F = k_n delta_y^(3/2) + lambda pi p_y R* kappa_A delta, eq. 11 as
 *         extracted. DEVIATION NOTE: this form adds F_y to a term that is
 *         already F_y at delta_y, so the force jumps from F_y to 2 F_y there
 *         (lambda = 1). It is kept to show that; the jump is flagged.
 * Any lambda != 1 also makes the area form jump at delta_y (by (lambda - 1)
 * F_y); every crossing is flagged.
 *
 * Unloading (unloading_radius): Hertz with the unchanged radius R*_un = R*
 * (Tomas' original, 'healing' contacts), or Stronge's R*_un = R* (2
 * delta_max / delta_y - 1)^(1/2) (eq. 16); delta_min from continuity at
 * (delta_max, F_max) in both (eq. 10).
 *
 * Units: p_y, sigma_y [Pa]; lambda [-]; forces [N]. 3D spheres.
 * Derived constants: p_y in p[6], delta_y in p[7]. History: delta_max, F_max.
 */
#include "cwb_law.h"

enum { P_PY_FROM, P_PY, P_SIGMA_Y, P_LAMBDA, P_LOADING, P_RADIUS, D_PY, D_DY };

static const char *const loading_words[] = {"area", "eq11", NULL};
static const char *const radius_words[] = {"unchanged", "stronge", NULL};

static const cwb_param tomas_params[] = {
    CWB_PY_PARAMS,
    {.name = "lambda",
     .unit = "-",
     .def = 1,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "fitting factor on the elastic-plastic force"},
    {.name = "loading",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = loading_words,
     .help = "area: lambda pi p_y R* kappa_A delta; eq11: as extracted (jumps at delta_y)"},
    {.name = "unloading_radius",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = radius_words,
     .help = "unchanged (R*_un = R*) or stronge (eq. 16)"},
    {0}};

static int tomas_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)g;
    return cwb_py_check(p, "tomas", msg, n);
}

static int tomas_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    double py;
    int rc = cwb_py_value(p, g, "tomas", &py, msg, n);
    if (rc)
        return rc;
    p[D_PY] = py;
    p[D_DY] = cwb_yield_overlap(g, py);
    return CWB_OK;
}

static void tomas_load(const double *p, const cwb_pair *g, double d, cwb_normal_out *o)
{
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star), dy = p[D_DY];
    if (d <= dy) {
        cwb_hertz_elastic(g, d, o);
        return;
    }
    double c = p[P_LAMBDA] * M_PI * p[D_PY] * g->R_star, r = cbrt(dy / d);
    /* kappa_A delta = delta - (1/3) delta_y^(1/3) delta^(2/3) */
    o->force = c * d * (1.0 - r / 3.0);
    o->stiffness = c * (1.0 - 2.0 * r / 9.0);
    if ((int)p[P_LOADING] == 1)
        o->force += kn * dy * sqrt(dy);
    o->branch = CWB_BRANCH_ELASTIC_PLASTIC;
}

static double tomas_load_primitive(const double *p, const cwb_pair *g, double d)
{
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star), dy = p[D_DY];
    if (d <= dy)
        return 0.4 * kn * d * d * sqrt(d);
    double c = p[P_LAMBDA] * M_PI * p[D_PY] * g->R_star;
    /* int (x - (1/3) dy^(1/3) x^(2/3)) dx = x^2/2 - (1/5) dy^(1/3) x^(5/3) */
    double prim_d = 0.5 * d * d - 0.2 * cbrt(dy) * d * cbrt(d * d);
    double prim_y = 0.5 * dy * dy - 0.2 * dy * dy;
    double w = 0.4 * kn * dy * dy * sqrt(dy) + c * (prim_d - prim_y);
    if ((int)p[P_LOADING] == 1)
        w += kn * dy * sqrt(dy) * (d - dy);
    return w;
}

static void tomas_unload(const double *p, const cwb_pair *g, double dmax, double fmax,
                         cwb_unloading *u)
{
    double r_un = (int)p[P_RADIUS] == 0 ? g->R_star : g->R_star * sqrt(2.0 * dmax / p[D_DY] - 1.0);
    cwb_unloading_hertz(g, r_un, dmax, fmax, u);
}

static const cwb_plastic_law tomas_curves = {
    .load = tomas_load,
    .load_primitive = tomas_load_primitive,
    .unload = tomas_unload,
    .yield_slot = D_DY,
    .knot_slot = {D_DY},
};

static int tomas_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                      cwb_normal_out *out, void *trial)
{
    return cwb_plastic_step(&tomas_curves, p, g, state, k, out, trial);
}

const cwb_normal_type cwb_normal_tomas = {
    .head =
        {
            .name = "tomas",
            .summary = "Tomas: Hertz, then lambda pi p_y R* kappa_A delta; Hertz unloading",
            .source = "[tomas2007]; [rathbone_thesis] eqs. 8, 10-12, 16",
            .params = tomas_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(cwb_plastic_state),
            .check = tomas_check,
            .prepare = tomas_prepare,
        },
    .step = tomas_step,
};
