/* damping_tsuji.c -- the nonlinear dashpot of Tsuji, Tanaka & Ishida (1992).
 *
 * Reference: seed 004 eqs. 48-50:
 *   F_n = -k_n delta^(3/2) - eta delta',  F_t = -k_t delta_t - eta delta_t',
 *   eta = alpha (m* k_n)^(1/2) delta^(1/4),  k_n = (4/3) E* sqrt(R*) (eq. 2),
 * with alpha "an empirical parameter related to the coefficient of
 * restitution". cwb takes the target restitution e and finds alpha once,
 * when the case is read, from the exact restitution of this model (which
 * depends on alpha only; viscoelastic.c), so the collision reproduces e.
 *
 * As seed 004 notes, the dashpot pulls the bodies together near the end of
 * the contact (a positive, i.e. attractive, force); that is the model and
 * it is kept unless no_tension = yes, which clamps the total normal force at
 * zero (alpha is then solved for that variant). The tangential dashpot of
 * eq. 49 (same eta) acts beside the tangential law, outside its Coulomb cap.
 *
 * Units: e [-]; eta [N s/m]; forces [N]. Needs the hertz normal law (alpha
 * is calibrated on it). Derived constants: alpha in p[3], alpha (m* k_n)^(1/2)
 * in p[4]. No history.
 */
#include "cwb_law.h"

enum { P_E, P_TANGENTIAL, P_NO_TENSION, D_ALPHA, D_ETA0 };

static const char *const yes_no[] = {"no", "yes", NULL};

static const cwb_param tsuji_params[] = {
    {.name = "e",
     .example = "0.9",
     .unit = "-",
     .min = 0,
     .max = 1,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
     .help = "target coefficient of normal restitution"},
    {.name = "tangential",
     .unit = "-",
     .def = 1,
     .kind = CWB_PARAM_CHOICE,
     .choices = yes_no,
     .help = "apply the same dashpot tangentially (seed 004 eq. 49)"},
    {.name = "no_tension",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = yes_no,
     .help = "clamp the total normal force at zero (no attraction)"},
    {0}};

/* alpha, and eta / delta^(1/4) = alpha (m* k_n)^(1/2): a constant of the
 * pair, whose two square roots a step took again at every evaluation */
static int tsuji_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    int rc = cwb_hertz_dashpot_alpha(p[P_E], (int)p[P_NO_TENSION], &p[D_ALPHA], msg, n);
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star);
    p[D_ETA0] = p[D_ALPHA] * sqrt(g->m_star * kn);
    return rc;
}

static int tsuji_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                      const cwb_normal_out *nrm, cwb_damping_out *out, void *trial)
{
    (void)g;
    (void)state;
    (void)trial;
    *out = (cwb_damping_out){0};
    if (k->delta <= 0.0)
        return CWB_OK;
    double eta = p[D_ETA0] * sqrt(sqrt(k->delta));
    out->force_n = eta * k->delta_rate;
    if ((int)p[P_NO_TENSION] && nrm->force + out->force_n < 0.0)
        out->force_n = -nrm->force;
    if ((int)p[P_TANGENTIAL])
        out->force_t = cwb_v3_scale(k->v_t, eta);
    return CWB_OK;
}

const cwb_damping_type cwb_damping_tsuji = {
    .head =
        {
            .name = "tsuji",
            .summary = "Tsuji dashpot eta = alpha sqrt(m* k_n) delta^1/4, alpha from target e",
            .source = "[tsuji1992]; [rathbone_thesis] eqs. 48-50",
            .params = tsuji_params,
            .dims = CWB_DIM_3D,
            .flags = CWB_LAW_END_FORCES,
            .end_power = 0.25, /* eta ~ delta^(1/4) times the rate */
            .prepare = tsuji_prepare,
            .needs_normal = "hertz",
        },
    .step = tsuji_step,
};
