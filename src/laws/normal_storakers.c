/* normal_storakers.c -- Storakers' (Martin et al.) elastic / perfectly
 * plastic law.
 *
 * Reference: seed 004 eqs. 18-19 (Martin, Bouvard & Shima 2003, after
 * Storakers, Biwa & Larsson 1997):
 *   F = k_n delta^(3/2)                          delta <= delta_y (Hertz)
 *   F = 6 pi c^2 sigma_y R* delta                 delta >  delta_y (eq. 18)
 * with c^2 = 1.43 for a perfectly plastic material and k_n = (4/3) E* sqrt(R*).
 *
 * DEVIATION NOTE (eq. 19): as extracted, delta_y = (9 c^2 sigma_y /
 * (2 E*))^2 has lost R* and pi: it is dimensionless. The transition is
 * where Hertz meets eq. 18, k_n delta^(3/2) = 6 pi c^2 sigma_y R* delta, i.e.
 *   delta_y = R* (9 pi c^2 sigma_y / (2 E*))^2,
 * which is used here (the force is continuous by construction). It
 * reproduces the text's remark that this delta_y is 1-2 orders of
 * magnitude above eq. 8's: their ratio is (9 c^2 / Ay[nu])^2, 98 at nu = 0, 64 at
 * nu = 0.3.
 *
 * Unloading: the seed gives no rule for this law. Chosen here, and stated:
 * Hertz unloading with Thornton's radius of eq. 9, R*_un = R* k_n
 * delta_max^(3/2) / F_max, and delta_min from continuity (eq. 10) -- the
 * "same expression as the Thornton model" the seed uses for its other laws.
 * It is R* at delta_y, so restitution is continuous at the yield velocity.
 * (Keeping the plastic contact radius a^2 = 2 c^2 R* delta instead, Thornton
 * 1997's rule, was tried: a^2 jumps by 2 c^2 = 2.86 at delta_y and so does
 * delta_min: e fell from 1 to 0.77 at V_y.)
 *
 * Units: sigma_y [Pa]; c2 [-]; forces [N]. 3D spheres.
 * Derived constant: delta_y in p[2]. History: delta_max, F_max.
 */
#include "cwb_law.h"

enum { P_SIGMA_Y, P_C2, D_DY };

static const cwb_param storakers_params[] = {
    CWB_SIGMA_Y_PARAM(CWB_P_REQUIRED, CWB_SIGMA_Y_MATERIAL_HELP),
    {.name = "c2",
     .unit = "-",
     .def = 1.43,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "contact area ratio c^2 (1.43 for a perfectly plastic material)"},
    {0}};

static int storakers_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)msg;
    (void)n;
    double q = 4.5 * M_PI * p[P_C2] * p[P_SIGMA_Y] / g->E_star;
    p[D_DY] = g->R_star * q * q;
    return CWB_OK;
}

static void storakers_load(const double *p, const cwb_pair *g, double d, cwb_normal_out *o)
{
    if (d <= p[D_DY]) {
        cwb_hertz_elastic(g, d, o);
        return;
    }
    o->stiffness = 6.0 * M_PI * p[P_C2] * p[P_SIGMA_Y] * g->R_star;
    o->force = o->stiffness * d;
    o->radius = sqrt(2.0 * p[P_C2] * g->R_star * d);
    o->branch = CWB_BRANCH_PLASTIC;
}

static double storakers_load_primitive(const double *p, const cwb_pair *g, double d)
{
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star), dy = p[D_DY];
    if (d <= dy)
        return 0.4 * kn * d * d * sqrt(d);
    return 0.4 * kn * dy * dy * sqrt(dy) +
           3.0 * M_PI * p[P_C2] * p[P_SIGMA_Y] * g->R_star * (d * d - dy * dy);
}

static void storakers_unload(const double *p, const cwb_pair *g, double dmax, double fmax,
                             cwb_unloading *u)
{
    (void)p;
    cwb_unloading_hertz(g, cwb_unloading_radius_eq9(g, dmax, fmax), dmax, fmax, u);
}

static const cwb_plastic_law storakers_curves = {
    .load = storakers_load,
    .load_primitive = storakers_load_primitive,
    .unload = storakers_unload,
    .yield_slot = D_DY,
    .knot_slot = {D_DY},
};

static int storakers_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                          cwb_normal_out *out, void *trial)
{
    return cwb_plastic_step(&storakers_curves, p, g, state, k, out, trial);
}

const cwb_normal_type cwb_normal_storakers = {
    .head =
        {
            .name = "storakers",
            .summary = "Storakers/Martin: Hertz, then 6 pi c^2 sigma_y R* delta; Hertz unloading",
            .source = "[storakers1997]; [rathbone_thesis] eqs. 18-19 (delta_y re-derived), "
                      "unloading of eqs. 9-10 (chosen)",
            .params = storakers_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(cwb_plastic_state),
            .prepare = storakers_prepare,
        },
    .step = storakers_step,
};
