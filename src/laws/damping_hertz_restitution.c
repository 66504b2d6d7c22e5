/* damping_hertz_restitution.c -- the Hertzian viscoelastic damping used by
 * LIGGGHTS, MUSEN and Chrono, with beta from the restitution.
 *
 * Reference: F_n,d = -2 sqrt(5/6) beta sqrt(S_n m*) v_n, S_n = 2 E* sqrt(R*
 * delta); tangentially S_t = 8 G* sqrt(R* delta) (LIGGGHTS documentation,
 * pair gran hertz/history; Antypov & Elliott 2011). It is the Tsuji dashpot
 * with alpha = -sqrt(5) beta (viscoelastic.c).
 *
 * calibration = liggghts: beta = ln e / sqrt(ln^2 e + pi^2), the codes'
 *   formula. With attraction allowed it is exact for this dashpot (cwb's
 *   solve reproduces it to 6 digits; tests/test_tangential.c); with
 *   no_tension = yes it is not (e = 0.5 gives 0.550).
 * calibration = exact (default): beta from the exact restitution of the
 *   Hertz dashpot in the chosen variant, so the collision returns e in both.
 *
 * Units: e [-]; forces [N]. Needs the hertz normal law. Derived constant:
 * beta in p[4]. No history.
 */
#include "cwb_law.h"

enum { P_E, P_CALIBRATION, P_TANGENTIAL, P_NO_TENSION, D_BETA };

static const char *const yes_no[] = {"no", "yes", NULL};
static const char *const calibrations[] = {"exact", "liggghts", NULL};

static const cwb_param hr_params[] = {
    {.name = "e",
     .example = "0.9",
     .unit = "-",
     .min = 0,
     .max = 1,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
     .help = "target coefficient of normal restitution"},
    {.name = "calibration",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = calibrations,
     .help = "beta from the exact restitution of the chosen variant, or LIGGGHTS' ln e formula"},
    {.name = "tangential",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = yes_no,
     .help = "tangential dashpot with S_t = 8 G* sqrt(R* delta)"},
    {.name = "no_tension",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = yes_no,
     .help = "clamp the total normal force at zero (no attraction)"},
    {0}};

static int hr_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)g;
    if ((int)p[P_CALIBRATION] == 1) {
        double l = log(p[P_E]);
        p[D_BETA] = l / sqrt(l * l + M_PI * M_PI);
        return CWB_OK;
    }
    double alpha;
    int rc = cwb_hertz_dashpot_alpha(p[P_E], (int)p[P_NO_TENSION], &alpha, msg, n);
    p[D_BETA] = -alpha / sqrt(5.0);
    return rc;
}

static int hr_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                   const cwb_normal_out *nrm, cwb_damping_out *out, void *trial)
{
    (void)state;
    (void)trial;
    *out = (cwb_damping_out){0};
    if (k->delta <= 0.0)
        return CWB_OK;
    double root = sqrt(g->R_star * k->delta);
    double c = -2.0 * sqrt(5.0 / 6.0) * p[D_BETA];
    out->force_n = c * sqrt(2.0 * g->E_star * root * g->m_star) * k->delta_rate;
    if ((int)p[P_NO_TENSION] && nrm->force + out->force_n < 0.0)
        out->force_n = -nrm->force;
    if ((int)p[P_TANGENTIAL])
        out->force_t = cwb_v3_scale(k->v_t, c * sqrt(8.0 * g->G_star * root * g->m_star));
    return CWB_OK;
}

const cwb_damping_type cwb_damping_hertz_restitution = {
    .head =
        {
            .name = "hertz_restitution",
            .summary = "Hertz viscoelastic damping 2 sqrt(5/6) beta sqrt(S_n m*), beta from e",
            .source = "[tsuji1992] form as in LIGGGHTS, MUSEN and Chrono; = [rathbone_thesis] eq. "
                      "50 with "
                      "alpha = -sqrt(5) beta",
            .params = hr_params,
            .dims = CWB_DIM_3D,
            .flags = CWB_LAW_END_FORCES,
            .end_power = 0.25, /* sqrt(S_n) ~ delta^(1/4) times the rate */
            .prepare = hr_prepare,
            .needs_normal = "hertz",
        },
    .step = hr_step,
};
