/* normal_brake.c -- Brake's analytical elastic-perfectly-plastic law.
 *
 * Reference: seed 004 eqs. 21-27 (Brake 2012, Int. J. Solids Struct. 49,
 * 3129). Four parts:
 *   elastic    F = k_n delta^(3/2), delta <= delta_y (eq. 8; p_y given or
 *              Ay[nu] sigma_y, as for the Thornton law)
 *   el.-plast. the cubic Hermite polynomial of eq. 24 between (delta_y, F_y,
 *              F'_y) and (delta_p, F_p, F'_p)
 *   plastic    F = p0 pi a^2 = p0 pi (2 R* delta + c)                  (eq. 21)
 *              from delta_p = R* (pi p0 / E*)^2                        (eq. 23)
 *   unloading  Hertz, F = (4/3) E* sqrt(R*_un) (delta - delta_min)^(3/2).
 * p0 is the hardness (Brinell, or eq. 22's combination for two materials);
 * seed 004 Fig. 27 uses p0 = 2.8 sigma_y.
 *
 * c: the seed says only that it is "related to the contact area and
 * displacement at the transition" (Brake 2012 itself was not read). Two
 * readings, the key c_reading:
 *   tangent (default): c = -(2/3) R* delta_p. Eq. 23's delta_p is exactly
 *       where the plastic slope 2 pi p0 R* equals Hertz's 2 E* sqrt(R*
 *       delta); with this c the plastic line is tangent to Hertz there
 *       (F_p = F_Hertz(delta_p) = (4/3) pi p0 R* delta_p, F'_p = 2 pi p0 R*)
 *       and eq. 24's cubic joins Hertz values and slopes at both ends. This
 *       is an inference from eq. 23 (and from Fig. 27, where the seed says
 *       Brake matches the FEM: 11.64 mN at 1e-7 m with it, 8.30 mN with
 *       area), not a citation.
 *   area: c = -R* delta_p, a^2 continuous with the Hertz contact area at
 *       delta_p (cwb's reading before; F_p = pi p0 R* delta_p, 0.75 of
 *       Hertz's). With it a load-unload cycle to 12.8 < delta_max/delta_y
 *       < 21.6 returns more energy than it took, up to +3.2 % at 15.5
 *       delta_y (E = 8500 MPa, nu = 0.3, sigma_y = 50 MPa, p0 = 2.8
 *       sigma_y; doc/findings.md, finding 28); those steps are flagged
 *       CWB_FLAG_ENERGY_GAIN. With tangent no cycle gains (ret/W <= 0.9996).
 *
 * Unloading radius R*_un by the regime of the maximum:
 *   delta_max <= delta_p: the Hermite cubic of eq. 25 from R* (slope 0) at
 *       delta_y to R*_p with slope R*'_p at delta_p, where R*_p is the
 *       plastic-regime radius at delta_p and R*'_p its derivative, computed
 *       numerically (GSL gsl_deriv_forward) as the seed says; delta_min from
 *       continuity at (delta_max, F_max) (eq. 10).
 *   small-scale plasticity: the rebound depth delta_r is the largest real
 *       root of V_m - V_y delta_max/delta_y = (pi/6) delta_r (3 a_max^2 +
 *       delta_r^2), V = (pi/6) delta (3 a^2 + delta^2) (eqs. 26-27; GSL
 *       gsl_poly_solve_cubic; the cubic is increasing, so the root is
 *       unique), delta_min = delta_max - delta_r, R*_un from eq. 10.
 *   large-scale plasticity: R*_un = R* + delta_min / 2, with delta_min from
 *       eq. 10 at that radius (a fixed point, solved by GSL Brent).
 *   The switch from small- to large-scale is the delta_max > delta_p where
 *   both give the same R*_un, found once when the case is read (18.44
 *   delta_y for E = 8500 MPa, nu = 0.3, sigma_y = 50 MPa, p0 = 2.8 sigma_y,
 *   where the small-scale R*_un has fallen from 1.21 R* at delta_p to R*;
 *   small-scale throughout when no switch is found up to delta_max = R*).
 *
 * Units: p_y, sigma_y, p0 [Pa]; forces [N]. 3D spheres.
 * History: delta_max, F_max.
 */
#include <gsl/gsl_deriv.h>
#include <gsl/gsl_poly.h>

#include "cwb_law.h"
#include "cwb_numeric.h"

enum {
    P_PY_FROM,
    P_PY,
    P_SIGMA_Y,
    P_P0,
    P_C_READING,
    D_PY,
    D_DY,
    D_FY,
    D_DFY,
    D_DP,
    D_C,
    D_FP,
    D_DFP,
    D_RP,
    D_DRP,
    D_DSW
};

static const char *const c_readings[] = {"tangent", "area", NULL};

static const cwb_param brake_params[] = {
    CWB_PY_PARAMS,
    {.name = "p0",
     .example = "2.8e9",
     .unit = "Pa",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
     .help = "hardness: the plastic contact pressure (seed 004 Fig. 27: 2.8 sigma_y)"},
    {.name = "c_reading",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = c_readings,
     .help = "eq. 21's c: tangent = -(2/3) R* delta_p (plastic line tangent to Hertz at "
             "delta_p), area = -R* delta_p (a^2 continuous; gains energy at 13-22 delta_y)"},
    {0}};

static int brake_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)g;
    return cwb_py_check(p, "brake", msg, n);
}

/* Rebound depth for unloading from delta_max in the plastic regime
 * (small-scale plasticity, eqs. 26-27). */
static double rebound_depth(const double *p, const cwb_pair *g, double dmax)
{
    double dy = p[D_DY], a2 = 2.0 * g->R_star * dmax + p[D_C];
    double vm = M_PI / 6.0 * dmax * (3.0 * a2 + dmax * dmax);
    double vy = M_PI / 6.0 * dy * (3.0 * g->R_star * dy + dy * dy);
    double rhs = vm - vy * dmax / dy;
    double x[3];
    int nroots = gsl_poly_solve_cubic(0.0, 3.0 * a2, -6.0 * rhs / M_PI, &x[0], &x[1], &x[2]);
    return nroots > 0 ? x[nroots - 1] : NAN;
}

static double plastic_force(const double *p, const cwb_pair *g, double d)
{
    return p[P_P0] * M_PI * (2.0 * g->R_star * d + p[D_C]);
}

/* R*_un for small-scale plasticity: eq. 10 with delta_r. */
static double radius_small(const double *p, const cwb_pair *g, double dmax)
{
    double dr = rebound_depth(p, g, dmax);
    double kun = plastic_force(p, g, dmax) / (dr * sqrt(dr));
    double q = 0.75 * kun / g->E_star;
    return q * q;
}

typedef struct {
    const cwb_pair *g;
    double dmax, fmax;
} large_ctx;

/* R - R* - delta_min(R)/2 for large-scale plasticity (increasing in R). */
static double large_residual(double r, void *param)
{
    const large_ctx *c = param;
    double rebound = pow(0.75 * c->fmax / (c->g->E_star * sqrt(r)), 2.0 / 3.0);
    return r - c->g->R_star - 0.5 * (c->dmax - rebound);
}

static double radius_large(const cwb_pair *g, double dmax, double fmax)
{
    large_ctx c = {g, dmax, fmax};
    gsl_function F = {large_residual, &c};
    double lo = g->R_star, hi = g->R_star + 0.5 * dmax, r;
    if (large_residual(lo, &c) >= 0.0)
        return lo;
    /* delta_max below the rounding of R*: the root, in [lo, hi], is R* to
     * round-off (only for absurd inputs, e.g. p0 of a fraction of a Pa) */
    if (!(large_residual(hi, &c) > 0.0))
        return hi;
    return cwb_root_brent(&F, lo, hi, 0.0, 1e-14, &r, NULL, NULL) == CWB_OK ? r : NAN;
}

typedef struct {
    const double *p;
    const cwb_pair *g;
} brake_ctx;

static double radius_small_at(double d, void *param)
{
    const brake_ctx *c = param;
    return radius_small(c->p, c->g, d);
}

static double switch_residual(double d, void *param)
{
    const brake_ctx *c = param;
    return radius_small(c->p, c->g, d) - radius_large(c->g, d, plastic_force(c->p, c->g, d));
}

static int brake_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    double py;
    int rc = cwb_py_value(p, g, "brake", &py, msg, n);
    if (rc)
        return rc;
    double r = g->R_star, kn = 4.0 / 3.0 * g->E_star * sqrt(r);
    double dy = cwb_yield_overlap(g, py), q = M_PI * p[P_P0] / g->E_star, dp = r * q * q;
    if (!(dp > dy))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "brake: p0 = %g Pa gives delta_p = %g m below delta_y = %g m; p0 must "
                        "exceed p_y / 2 = %g Pa (eqs. 8, 23)",
                        p[P_P0], dp, dy, 0.5 * py);
    p[D_PY] = py;
    p[D_DY] = dy;
    p[D_FY] = kn * dy * sqrt(dy);
    p[D_DFY] = 1.5 * kn * sqrt(dy);
    p[D_DP] = dp;
    p[D_C] = (int)p[P_C_READING] == 1 ? -r * dp : -2.0 / 3.0 * r * dp;
    p[D_FP] = plastic_force(p, g, dp);
    p[D_DFP] = 2.0 * M_PI * p[P_P0] * r;
    brake_ctx c = {p, g};
    gsl_function R = {radius_small_at, &c};
    double rp_slope, err;
    p[D_RP] = radius_small(p, g, dp);
    gsl_deriv_forward(&R, dp, 1e-3 * dp, &rp_slope, &err);
    p[D_DRP] = rp_slope;
    if (!isfinite(p[D_RP]) || !isfinite(p[D_DRP]))
        return cwb_fail(msg, n, CWB_EINPUT, "brake: no rebound depth at delta_p = %g m", dp);
    /* small- to large-scale switch: first sign change of the difference */
    gsl_function S = {switch_residual, &c};
    p[D_DSW] = INFINITY;
    double prev = dp, fprev = switch_residual(dp, &c);
    for (double d = dp * 1.05; d <= r; d *= 1.05) {
        double f = switch_residual(d, &c);
        if ((f > 0.0) != (fprev > 0.0)) {
            double root;
            if (cwb_root_brent(&S, prev, d, 0.0, 1e-12, &root, NULL, NULL) != CWB_OK)
                return cwb_fail(msg, n, CWB_EINPUT,
                                "brake: the switch from small- to large-scale plasticity "
                                "(eq. 26) could not be located between %g and %g m",
                                prev, d);
            p[D_DSW] = root;
            break;
        }
        prev = d;
        fprev = f;
    }
    return CWB_OK;
}

/* Hermite coefficients of eq. 24 in t = (delta - delta_y) / (delta_p - delta_y). */
static void hermite(const double *p, double *a3, double *a2, double *len)
{
    double l = p[D_DP] - p[D_DY], fy = p[D_FY], fp = p[D_FP];
    *a3 = 2.0 * fy - 2.0 * fp + l * (p[D_DFY] + p[D_DFP]);
    *a2 = -3.0 * fy + 3.0 * fp + l * (-2.0 * p[D_DFY] - p[D_DFP]);
    *len = l;
}

static void brake_load(const double *p, const cwb_pair *g, double d, cwb_normal_out *o)
{
    double dy = p[D_DY];
    if (d <= dy) {
        cwb_hertz_elastic(g, d, o);
    } else if (d <= p[D_DP]) {
        double a3, a2, l;
        hermite(p, &a3, &a2, &l);
        double t = (d - dy) / l;
        o->force = ((a3 * t + a2) * t + l * p[D_DFY]) * t + p[D_FY];
        o->stiffness = ((3.0 * a3 * t + 2.0 * a2) * t + l * p[D_DFY]) / l;
        o->branch = CWB_BRANCH_ELASTIC_PLASTIC;
    } else {
        o->force = plastic_force(p, g, d);
        o->stiffness = p[D_DFP];
        o->radius = sqrt(2.0 * g->R_star * d + p[D_C]);
        o->branch = CWB_BRANCH_PLASTIC;
    }
}

static double brake_load_primitive(const double *p, const cwb_pair *g, double d)
{
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star), dy = p[D_DY], dp = p[D_DP];
    if (d <= dy)
        return 0.4 * kn * d * d * sqrt(d);
    double a3, a2, l;
    hermite(p, &a3, &a2, &l);
    double t = (d <= dp ? d - dy : dp - dy) / l;
    double w = 0.4 * kn * dy * dy * sqrt(dy) +
               l * t * (((0.25 * a3 * t + a2 / 3.0) * t + 0.5 * l * p[D_DFY]) * t + p[D_FY]);
    if (d > dp)
        w += p[P_P0] * M_PI * (g->R_star * (d * d - dp * dp) + p[D_C] * (d - dp));
    return w;
}

static void brake_unload(const double *p, const cwb_pair *g, double dmax, double fmax,
                         cwb_unloading *u)
{
    double r = g->R_star;
    if (dmax <= p[D_DP]) {
        double l = p[D_DP] - p[D_DY], s = (dmax - p[D_DY]) / l, rp = p[D_RP];
        double r_un =
            ((2.0 * r - 2.0 * rp + l * p[D_DRP]) * s + (-3.0 * r + 3.0 * rp - l * p[D_DRP])) * s *
                s +
            r; /* eq. 25 */
        cwb_unloading_hertz(g, r_un, dmax, fmax, u);
    } else if (dmax < p[D_DSW]) {
        double dr = rebound_depth(p, g, dmax);
        u->n = 1.5;
        u->delta_min = dmax - dr;
        u->k = fmax / (dr * sqrt(dr));
    } else {
        cwb_unloading_hertz(g, radius_large(g, dmax, fmax), dmax, fmax, u);
    }
}

static const cwb_plastic_law brake_curves = {
    .load = brake_load,
    .load_primitive = brake_load_primitive,
    .unload = brake_unload,
    .yield_slot = D_DY,
    .knot_slot = {D_DY, D_DP},
};

static int brake_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                      cwb_normal_out *out, void *trial)
{
    return cwb_plastic_step(&brake_curves, p, g, state, k, out, trial);
}

const cwb_normal_type cwb_normal_brake = {
    .head =
        {
            .name = "brake",
            .creates_energy = "with c_reading = area: maxima from about 9 delta_y store more than "
                              "their loading step's work, and a whole cycle to 12.8-21.6 delta_y "
                              "gives back up to 3.2 % more than it took (E 8.5 GPa, sigma_y 50 "
                              "MPa, p0 2.8 sigma_y; doc/findings.md, finding 28)",
            .summary =
                "Brake: Hertz, Hermite elastic-plastic, p0 pi a^2 plastic; regime-wise unloading",
            .source = "[brake2012]; [rathbone_thesis] eqs. 8, 21-27",
            .params = brake_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(cwb_plastic_state),
            .check = brake_check,
            .prepare = brake_prepare,
        },
    .step = brake_step,
};
