/* normal_rathbone.c -- Rathbone's extended elastic-plastic law, "as
 * implemented" (in MultiFlow), with the plastic branch above 25 delta_y.
 *
 * Reference: seed 004 sec. 4.4-4.5, eqs. 63-73. Valid for nu = 0.3 only (the
 * seed fitted the extension there): any other nu is refused unless the case
 * says allow_extrapolation = yes, and then every evaluation is flagged
 * CWB_FLAG_EXTRAPOLATED (the drivers warn).
 *
 *   delta_y = R* (Ay pi sigma_y / (2 E*))^2                       (eq. 67)
 *   F = k_n delta^(3/2)                               delta <= delta_y
 *   F = pi D atan(b delta) {c delta + (sqrt((2/3) delta_y R*) - c delta_y)
 *                               (delta/delta_y)^(2/3)}^2   delta_y < delta <= 25 delta_y
 *   F = pi p_25 (2.3 R* delta + d)                    delta > 25 delta_y (eq. 63)
 *   unloading: Hertz, R*_un = R* [1 + u (min(delta_max, 25 delta_y) - delta_y)]
 *              (eqs. 61, 66, 72), delta_min from continuity (eq. 73).
 *
 * Two sets of constants (constants):
 *   derived  from the general-nu relations the seed derives them from:
 *            Ay[nu] (appendix A), D = (1.22 + 0.69 nu) sigma_y,
 *            b = tan(Ay / (1.22 + 0.69 nu)) / delta_y, c = 1.1 - 0.0115
 *            (1 - nu^2) E* / sigma_y (eq. 65), p_25 = p(25 delta_y) (eq. 63),
 *            u = (0.195 + 0.23 nu) / delta_y, and d from continuity of a^2 at
 *            25 delta_y. The force is continuous everywhere. At nu = 0.3 these
 *            are eqs. 67-72's printed numbers before rounding: Ay = 1.6128,
 *            D/sigma_y = 1.427, b delta_y = 2.1206, 0.0115 x 0.91 = 0.01047,
 *            p_25/sigma_y = 2.2146, u delta_y = 0.264, 1 + 24 u delta_y = 7.34.
 *   printed  eqs. 67-73 literally: 1.613, 1.427, 2.12, 0.0105, 2.215, 0.264,
 *            7.34 and eq. 70 as printed, d = {16.9 c delta_y + 8.10 sqrt(2/3
 *            delta_y R*)}^2 - 57.5 R* delta_y.
 * DEVIATION NOTE (eq. 70): continuity of the radius of eq. 68 (exponent
 * 2/3) at 25 delta_y gives 25 - 25^(2/3) = 16.45 and 25^(2/3) = 8.55, not
 * 16.9 and 8.10 (those are 25 - 25^0.65 and 25^0.65: an exponent of 0.65).
 * With the printed numbers the force jumps at 25 delta_y (about -11 % for
 * seed 004's E = 8500 MPa, sigma_y = 50 MPa material; tests/test_plastic.c),
 * and the roundings make small jumps at delta_y; all are flagged.
 *
 * Energy gain just past yield (the published law, kept): eq. 68's loading
 * kinks upward at delta_y (log-slope 1.665 against Hertz's 1.5) and lies
 * above Hertz, while eq. 72's R*_un grows by only 0.264 per delta_y. A
 * load-unload cycle to 1 < delta_max/delta_y < 1.642 returns more than it
 * took, at most +1.97 % at 1.25 delta_y (E = 8500 MPa, nu = 0.3, sigma_y =
 * 50 MPa; doc/findings.md, finding 29). Below 1.17 delta_y eq. 73 gives delta_min
 * < 0 (down to -0.0009 delta_y); cwb clamps it to 0 (cwb_plastic_step), so
 * the unloading starts up to 0.1 % below F_max (flagged
 * CWB_FLAG_DISCONTINUITY) and the gain there is a little smaller than the
 * printed law's (1.0061 against 1.0080 at 1.05 delta_y). Steps that commit
 * a maximum in the gain range are flagged CWB_FLAG_ENERGY_GAIN.
 *
 * Contact radius output: seed 004 sec. 5.4 (eqs. 74-76 = 107-109,
 * cwb_rathbone_radius in plastic.c), the radius the ch. 5 tangential law
 * (tangential_rathbone.c) reads.
 *
 * Units: sigma_y [Pa]; forces [N]. 3D spheres; nu is body 1's.
 * Derived constants (p[3]..): delta_y, D, b, c, p_25, d, u, 25 delta_y, flag.
 * History: delta_max, F_max.
 */
#include "cwb_law.h"

enum { P_SIGMA_Y, P_CONSTANTS, P_ALLOW, D_DY, D_D, D_B, D_C, D_P25, D_DD, D_U, D_D25, D_EXTRAP };

static const char *const constants_words[] = {"derived", "printed", NULL};
static const char *const yes_no[] = {"no", "yes", NULL};

static const cwb_param rathbone_params[] = {
    CWB_SIGMA_Y_PARAM(CWB_P_REQUIRED, CWB_SIGMA_Y_BODY1_HELP),
    {.name = "constants",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = constants_words,
     .help = "derived (continuous, general-nu relations) or printed (eqs. 67-73 as printed)"},
    {.name = "allow_extrapolation",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = yes_no,
     .help = "use the law at nu != 0.3 (outside its validity), flagged"},
    {0}};

static int nu_outside(const cwb_pair *g)
{
    return fabs(g->body[0].nu - 0.3) > 1e-9;
}

static int rathbone_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    if (nu_outside(g) && (int)p[P_ALLOW] == 0)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "rathbone: the extended law is valid for nu = 0.3 only (body 1 has "
                        "nu = %g); use rathbone2015 for other nu, or set "
                        "allow_extrapolation = yes in [normal] to use it anyway (flagged)",
                        g->body[0].nu);
    return CWB_OK;
}

static int rathbone_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    double nu = g->body[0].nu, sy = p[P_SIGMA_Y], r = g->R_star;
    int printed = (int)p[P_CONSTANTS] == 1;
    double ay = printed ? 1.613 : cwb_yield_factor(nu, NULL);
    if (!isfinite(ay))
        return cwb_fail(msg, n, CWB_EINPUT, "rathbone: cannot compute Ay[%g]", nu);
    double dy = cwb_yield_overlap(g, ay * sy), k = printed ? 1.427 : 1.22 + 0.69 * nu;
    p[D_DY] = dy;
    p[D_D25] = 25.0 * dy;
    p[D_D] = k * sy;
    p[D_B] = printed ? 2.12 / dy : tan(ay / k) / dy;
    p[D_C] =
        printed ? 1.1 - 0.0105 * g->E_star / sy : 1.1 - 0.0115 * (1.0 - nu * nu) * g->E_star / sy;
    double s = sqrt(2.0 / 3.0 * dy * r), c = p[D_C];
    if (printed) {
        double a = 16.9 * c * dy + 8.10 * s;
        p[D_P25] = 2.215 * sy;
        p[D_DD] = a * a - 57.5 * r * dy;
        p[D_U] = 0.264 / dy;
    } else {
        double a = 25.0 * c * dy + (s - c * dy) * pow(25.0, 2.0 / 3.0);
        p[D_P25] = p[D_D] * atan(p[D_B] * 25.0 * dy);
        p[D_DD] = a * a - 57.5 * r * dy;
        p[D_U] = (0.195 + 0.23 * nu) / dy;
    }
    p[D_EXTRAP] = nu_outside(g);
    return CWB_OK;
}

static void rathbone_load(const double *p, const cwb_pair *g, double d, cwb_normal_out *o)
{
    double dy = p[D_DY];
    if (d <= dy) {
        cwb_hertz_elastic(g, d, o);
    } else if (d <= p[D_D25]) {
        double bd = p[D_B] * d, c = p[D_C], s = sqrt(2.0 / 3.0 * dy * g->R_star);
        double pr = p[D_D] * atan(bd), dpr = p[D_D] * p[D_B] / (1.0 + bd * bd);
        double x23 = cbrt((d / dy) * (d / dy));
        double a = c * d + (s - c * dy) * x23, da = c + (s - c * dy) * 2.0 / 3.0 * x23 / d;
        o->force = M_PI * pr * a * a;
        o->stiffness = M_PI * (dpr * a * a + 2.0 * pr * a * da);
        o->branch = CWB_BRANCH_ELASTIC_PLASTIC;
    } else {
        o->force = M_PI * p[D_P25] * (2.3 * g->R_star * d + p[D_DD]);
        o->stiffness = M_PI * p[D_P25] * 2.3 * g->R_star;
        o->branch = CWB_BRANCH_PLASTIC;
    }
}

static void rathbone_unload(const double *p, const cwb_pair *g, double dmax, double fmax,
                            cwb_unloading *u)
{
    double capped = dmax < p[D_D25] ? dmax : p[D_D25];
    double r_un = g->R_star * (1.0 + p[D_U] * (capped - p[D_DY]));
    cwb_unloading_hertz(g, r_un, dmax, fmax, u);
}

static const cwb_plastic_law rathbone_curves = {
    .load = rathbone_load,
    .unload = rathbone_unload, /* load_work: quadrature */
    .yield_slot = D_DY,
    .knot_slot = {D_DY, D_D25},
};

static int rathbone_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                         cwb_normal_out *out, void *trial)
{
    int rc = cwb_plastic_step(&rathbone_curves, p, g, state, k, out, trial);
    if (rc == CWB_OK && out->branch != CWB_BRANCH_NONE)
        out->radius = cwb_rathbone_radius(g, p[D_DY], k->delta, out->delta_max, out->delta_min);
    if (p[D_EXTRAP] != 0.0)
        out->flags |= CWB_FLAG_EXTRAPOLATED;
    return rc;
}

const cwb_normal_type cwb_normal_rathbone = {
    .head =
        {
            .name = "rathbone",
            .creates_energy =
                "just past yield (delta_max below 1.64 delta_y) eq. 68 loads stiffer than Hertz "
                "while eq. 72's unloading radius grows too slowly: a cycle gives back up to 2.0 % "
                "more than it took (doc/findings.md, finding 29)",
            .summary =
                "Rathbone extended (as implemented): + plastic branch above 25 delta_y; nu = 0.3",
            .source = "[rathbone_thesis] eqs. 63-73 (constants derived or as printed)",
            .params = rathbone_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(cwb_plastic_state),
            .check = rathbone_check,
            .prepare = rathbone_prepare,
        },
    .step = rathbone_step,
};
