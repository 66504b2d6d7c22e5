/* normal_jackson_green.c -- the Jackson-Green elastic-plastic law.
 *
 * Reference: seed 004 eqs. 28-34 (Jackson & Green 2005; unloading of
 * Etsion et al. 2005 or of Jackson et al. 2010):
 *   F = k_n delta^(3/2)                         delta <= 1.9 delta_y (Hertz)
 *   F / F_y = exp(-(1/4) x^(5/12)) x^(3/2)
 *           + (4 H_G / (C sigma_y)) [1 - exp(-(1/25) x^(5/9))] x     (eq. 28)
 *   H_G / sigma_y = 2.84 {1 - exp[-0.82 (pi C sigma_y / (2 E*) sqrt(x)
 *                                       (x / 1.9)^(B/2))^(-0.7)]}  (eq. 29)
 *   B = 0.14 exp(23 sigma_y / E*),  C = 1.295 exp(0.736 nu)         (eqs. 30-31)
 * with x = delta / delta_y. delta_y is Jackson and Green's critical
 * interference, delta_y = R* (pi C sigma_y / (2 E*))^2, F_y = k_n
 * delta_y^(3/2): eq. 29 is written with that C, and C(0.3) = 1.615 is
 * Ay[0.3] of eq. 8 to 0.1 %, so at nu = 0.3 this is eq. 8's delta_y.
 * nu is body 1's (the sphere that yields).
 *
 * The discontinuity at 1.9 delta_y is the law's (seed 004 Figs. 27-28):
 * Hertz gives 1.9^(3/2) F_y = 2.619 F_y there, eq. 28 a slightly different
 * value (material dependent); crossing it sets CWB_FLAG_DISCONTINUITY.
 *
 * Unloading (unloading), from delta_max > delta_y:
 *   etsion   F = F_max ((delta - delta_min)/(delta_max - delta_min))^n_p,
 *            n_p = 1.5 (delta_max/delta_y)^(-0.0331),
 *            delta_min = delta_max [1 - x^(-0.28)] [1 - x^(-0.69)]     (eqs. 32-33)
 *   jackson  Hertz, delta_min = 1.02 delta_max (1 - ((x + 5.9)/6.9)^(-0.54))
 *            (eq. 34), R*_un by continuity at (delta_max, F_max)
 * with x = delta_max / delta_y. Both vanish at x = 1 (elastic below).
 *
 * Energy gain just past yield (the published law, kept): with the etsion
 * unloading, ret/W = (1 - delta_min/delta_max) 2.5/(n_p + 1) over a cycle
 * on the Hertz part of the loading: the exponent falls linearly in x - 1,
 * the residual overlap only quadratically, so a cycle to 1 < x < 1.114
 * returns more than it took, at most +0.052 % at x = 1.055
 * (doc/findings.md, finding 29); flagged CWB_FLAG_ENERGY_GAIN. The jackson
 * unloading (eq. 34) gains nothing (ret/W = 0.996 at 1.05).
 *
 * Units: sigma_y [Pa]; forces [N]. 3D spheres.
 * Derived constants: delta_y p[2], F_y p[3], C p[4], B p[5], 1.9 delta_y p[6].
 * History: delta_max, F_max.
 */
#include "cwb_law.h"

enum { P_SIGMA_Y, P_UNLOADING, D_DY, D_FY, D_C, D_B, D_DJ };

static const char *const unloading_words[] = {"etsion", "jackson", NULL};

static const cwb_param jackson_green_params[] = {
    CWB_SIGMA_Y_PARAM(CWB_P_REQUIRED, CWB_SIGMA_Y_BODY1_HELP),
    {.name = "unloading",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = unloading_words,
     .help = "etsion (eqs. 32-33, power law) or jackson (eq. 34, Hertz)"},
    {0}};

static int jackson_green_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)msg;
    (void)n;
    double C = 1.295 * exp(0.736 * g->body[0].nu);
    double dy = cwb_yield_overlap(g, C * p[P_SIGMA_Y]);
    p[D_C] = C;
    p[D_B] = 0.14 * exp(23.0 * p[P_SIGMA_Y] / g->E_star);
    p[D_DY] = dy;
    p[D_FY] = 4.0 / 3.0 * g->E_star * sqrt(g->R_star) * dy * sqrt(dy);
    p[D_DJ] = 1.9 * dy;
    return CWB_OK;
}

/* F / F_y of eq. 28 at x = delta / delta_y. */
static double jg_ratio(const double *p, const cwb_pair *g, double x)
{
    double sy = p[P_SIGMA_Y], C = p[D_C];
    double a_r = M_PI * C * sy / (2.0 * g->E_star) * sqrt(x) * pow(x / 1.9, 0.5 * p[D_B]);
    double hg = 2.84 * (1.0 - exp(-0.82 * pow(a_r, -0.7))); /* H_G / sigma_y */
    return exp(-0.25 * pow(x, 5.0 / 12.0)) * pow(x, 1.5) +
           4.0 * hg / C * (1.0 - exp(-pow(x, 5.0 / 9.0) / 25.0)) * x;
}

static void jackson_green_load(const double *p, const cwb_pair *g, double d, cwb_normal_out *o)
{
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star), dy = p[D_DY];
    if (d <= p[D_DJ]) {
        o->force = kn * d * sqrt(d);
        o->stiffness = 1.5 * kn * sqrt(d);
        o->branch = d <= dy ? CWB_BRANCH_ELASTIC : CWB_BRANCH_ELASTIC_PLASTIC;
        return;
    }
    double x = d / dy, h = 1e-6 * x;
    o->force = p[D_FY] * jg_ratio(p, g, x);
    o->stiffness = p[D_FY] / dy * (jg_ratio(p, g, x + h) - jg_ratio(p, g, x - h)) / (2.0 * h);
    o->branch = CWB_BRANCH_ELASTIC_PLASTIC;
}

static void jackson_green_unload(const double *p, const cwb_pair *g, double dmax, double fmax,
                                 cwb_unloading *u)
{
    (void)g;
    double x = dmax / p[D_DY];
    if ((int)p[P_UNLOADING] == 0) {
        u->n = 1.5 * pow(x, -0.0331);
        u->delta_min = dmax * (1.0 - pow(x, -0.28)) * (1.0 - pow(x, -0.69));
        u->k = fmax / pow(dmax - u->delta_min, u->n);
    } else {
        u->n = 1.5;
        u->delta_min = 1.02 * dmax * (1.0 - pow((x + 5.9) / 6.9, -0.54));
        u->k = fmax / pow(dmax - u->delta_min, 1.5);
    }
}

static const cwb_plastic_law jackson_green_curves = {
    .load = jackson_green_load,
    .unload = jackson_green_unload, /* load_work: quadrature */
    .yield_slot = D_DY,
    .knot_slot = {D_DJ},
};

static int jackson_green_step(const double *p, const cwb_pair *g, const void *state,
                              const cwb_kin *k, cwb_normal_out *out, void *trial)
{
    return cwb_plastic_step(&jackson_green_curves, p, g, state, k, out, trial);
}

const cwb_normal_type cwb_normal_jackson_green = {
    .head =
        {
            .name = "jackson_green",
            .creates_energy = "with unloading = etsion: Etsion's unloading exponent falls past "
                              "yield faster than the residual overlap grows, so an unloading gives "
                              "back more than the loading took (doc/findings.md, finding 29)",
            .summary =
                "Jackson-Green: Hertz to 1.9 delta_y (jump), empirical eq. 28; two unloadings",
            .source = "[jackson_green2005], [etsion2005], [jackson_chusoipin_green2005]; "
                      "[rathbone_thesis] eqs. 28-34",
            .params = jackson_green_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(cwb_plastic_state),
            .prepare = jackson_green_prepare,
        },
    .step = jackson_green_step,
};
