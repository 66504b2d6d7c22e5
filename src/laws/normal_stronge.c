/* normal_stronge.c -- Stronge's elastic / elastic-plastic / plastic law.
 *
 * Reference: seed 004 eqs. 13-17 (Stronge, Impact Mechanics, 2000):
 *   delta_y = R* (3 pi / 4)^2 (1.1 sigma_y / E*)^2          (eq. 13)
 *   F = k_n delta^(3/2)                         delta <= delta_y   (Hertz)
 *   F / F_y = w (0.95 + 0.3 ln w),  w = 2 delta/delta_y - 1,
 *                                               delta_y < delta <= delta_p (eq. 14)
 *   F / F_y = 2.55 w                            delta > delta_p = 84 delta_y (eq. 15)
 *   unloading: F = (4/3) E* sqrt(R*_un) (delta - delta_min)^(3/2),
 *   R*_un = R* w_max^(1/2)                                     (eq. 16)
 *   delta_min = delta_max - delta_y w_max^(1/2)                (eq. 17)
 * with F_y = k_n delta_y^(3/2), k_n = (4/3) E* sqrt(R*), w_max = 2
 * delta_max/delta_y - 1. The elastic regime ends where the mean contact
 * pressure reaches 1.1 sigma_y, the plastic one starts at 2.8 sigma_y.
 *
 * Discontinuities, kept on purpose (they are the point of seed 004 Fig. 4):
 * at delta_y the force drops from F_y to 0.95 F_y; at delta_p it rises from
 * 167 (0.95 + 0.3 ln 167) F_y = 415.1 F_y to 2.55 x 167 F_y = 425.9 F_y;
 * at the start of unloading the unloading curve does not pass through
 * (delta_max, F_max). Every evaluation that crosses one sets
 * CWB_FLAG_DISCONTINUITY, which the drivers report. The energy account
 * still closes: a jump at fixed overlap does no work, and the stored energy
 * (what unloading from delta_max gives back, eqs. 16-17, which do not read
 * F_max) does not jump either.
 *
 * Energy gain just past yield (the published law, kept): eqs. 16-17 start
 * the unloading curve at F_y w (w = 2 delta_max/delta_y - 1), the Hertz
 * force of a contact at the yield pressure, while eq. 14 loads along
 * F_y w (0.95 + 0.3 ln w). A load-unload cycle to 1 < delta_max/delta_y <
 * 1.329 therefore returns more than it took: ret/W = 0.4 w^(3/2) / (0.4 +
 * 0.2 (w^2 - 1) + 0.075 w^2 ln w), at most +3.81 % at 1.138 delta_y
 * (independent of the material; doc/findings.md, finding 29). The steps that
 * commit such a maximum are flagged CWB_FLAG_ENERGY_GAIN (cwb_plastic_step);
 * the drivers count and warn.
 *
 * Reloading below delta_max follows the unloading curve, then the loading
 * curve (with its jump at delta_max). Zero force below delta_min; reset at
 * zero overlap. Units: sigma_y [Pa]; forces [N]. 3D spheres.
 * Derived constants: delta_y in p[1], delta_p in p[2]. History: delta_max,
 * F_max (cwb_plastic_step).
 */
#include "cwb_law.h"

enum { P_SIGMA_Y, D_DY, D_DP };

static const cwb_param stronge_params[] = {
    CWB_SIGMA_Y_PARAM(CWB_P_REQUIRED, CWB_SIGMA_Y_MATERIAL_HELP), {0}};

static int stronge_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)msg;
    (void)n;
    double q = 0.75 * M_PI * 1.1 * p[P_SIGMA_Y] / g->E_star;
    p[D_DY] = g->R_star * q * q;
    p[D_DP] = 84.0 * p[D_DY];
    return CWB_OK;
}

/* Loading curve F(delta) and its integral from 0 (closed forms). */
static void stronge_load(const double *p, const cwb_pair *g, double d, cwb_normal_out *o)
{
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star), dy = p[D_DY];
    double fy = kn * dy * sqrt(dy), w = 2.0 * d / dy - 1.0;
    if (d <= dy) {
        cwb_hertz_elastic(g, d, o);
    } else if (d <= p[D_DP]) {
        o->force = fy * w * (0.95 + 0.3 * log(w));
        o->stiffness = fy * 2.0 / dy * (0.95 + 0.3 * log(w) + 0.3);
        o->branch = CWB_BRANCH_ELASTIC_PLASTIC;
    } else {
        o->force = fy * 2.55 * w;
        o->stiffness = fy * 2.55 * 2.0 / dy;
        o->branch = CWB_BRANCH_PLASTIC;
    }
}

/* int w (0.95 + 0.3 ln w) dw = 0.475 w^2 + 0.15 w^2 ln w - 0.075 w^2 */
static double ep_primitive(double w)
{
    return 0.475 * w * w + 0.15 * w * w * log(w) - 0.075 * w * w;
}

static double stronge_load_primitive(const double *p, const cwb_pair *g, double d)
{
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star), dy = p[D_DY];
    double fy = kn * dy * sqrt(dy);
    if (d <= dy)
        return 0.4 * kn * d * d * sqrt(d);
    double w = 2.0 * d / dy - 1.0, half = 0.5 * dy * fy; /* d(delta) = dy/2 dw */
    double el = 0.4 * fy * dy;
    if (d <= p[D_DP])
        return el + half * (ep_primitive(w) - ep_primitive(1.0));
    return el + half * (ep_primitive(167.0) - ep_primitive(1.0)) +
           half * 2.55 * 0.5 * (w * w - 167.0 * 167.0);
}

/* Unloading curve of eqs. 16-17 through delta_max (not through F_max). */
static void stronge_unload(const double *p, const cwb_pair *g, double dmax, double fmax,
                           cwb_unloading *u)
{
    (void)fmax;
    double dy = p[D_DY], w = sqrt(2.0 * dmax / dy - 1.0);
    u->n = 1.5;
    u->k = 4.0 / 3.0 * g->E_star * sqrt(g->R_star * w);
    u->delta_min = dmax - dy * w;
}

static const cwb_plastic_law stronge_curves = {
    .load = stronge_load,
    .load_primitive = stronge_load_primitive,
    .unload = stronge_unload,
    .yield_slot = D_DY,
    .knot_slot = {D_DY, D_DP},
};

static int stronge_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                        cwb_normal_out *out, void *trial)
{
    return cwb_plastic_step(&stronge_curves, p, g, state, k, out, trial);
}

const cwb_normal_type cwb_normal_stronge = {
    .head =
        {
            .name = "stronge",
            .creates_energy = "a cycle to a maximum below 1.33 delta_y gives back up to 3.8 % more "
                              "than it took (at 1.14 delta_y, any material): eq. 14 drops to 0.95 "
                              "F_y at yield and loads below the Hertz-shaped unloading of eqs. "
                              "16-17 from F_y w (doc/findings.md, finding 29)",
            .summary = "Stronge elastic/elastic-plastic/plastic, force jumps kept and flagged",
            .source = "[stronge2000]; [rathbone_thesis] eqs. 13-17",
            .params = stronge_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(cwb_plastic_state),
            .prepare = stronge_prepare,
        },
    .step = stronge_step,
};
