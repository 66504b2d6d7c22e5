/* damping_linear_restitution.c -- linear dashpot for the linear spring, with
 * the damping from the restitution in closed form.
 *
 * Reference: m* delta'' + c delta' + k_n delta = 0 during contact; with
 * c = 2 zeta sqrt(m* k_n) and the contact ending when delta returns to 0,
 *   e = exp(-zeta pi / sqrt(1 - zeta^2)),  so
 *   zeta = -ln e / sqrt(pi^2 + ln^2 e)
 * (e.g. Schwager & Poeschel 2007; Ting & Corkum 1992). Exact for the linear
 * normal law; the dashpot may pull at the end of the contact, which is part
 * of that solution.
 *
 * Units: e [-]; c [N s/m]. Needs the linear normal law (k_n is its
 * stiffness). Derived constant: zeta in p[1]. No history.
 */
#include "cwb_law.h"

enum { P_E, D_ZETA };

static const cwb_param lr_params[] = {{.name = "e",
                                       .example = "0.9",
                                       .unit = "-",
                                       .min = 0,
                                       .max = 1,
                                       .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
                                       .help = "target coefficient of normal restitution"},
                                      {0}};

static int lr_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)g;
    (void)msg;
    (void)n;
    double l = log(p[P_E]);
    p[D_ZETA] = -l / sqrt(M_PI * M_PI + l * l);
    return CWB_OK;
}

static int lr_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                   const cwb_normal_out *nrm, cwb_damping_out *out, void *trial)
{
    (void)state;
    (void)trial;
    *out = (cwb_damping_out){0};
    if (k->delta <= 0.0)
        return CWB_OK;
    out->force_n = 2.0 * p[D_ZETA] * sqrt(g->m_star * nrm->stiffness) * k->delta_rate;
    return CWB_OK;
}

const cwb_damping_type cwb_damping_linear_restitution = {
    .head =
        {
            .name = "linear_restitution",
            .summary = "linear dashpot c = 2 zeta sqrt(m* k_n), zeta from e in closed form",
            .source = "linear spring-dashpot restitution (Schwager & Poeschel 2007, Computational "
                      "Granular Dynamics)",
            .params = lr_params,
            .dims = CWB_DIM_3D | CWB_DIM_2D,
            .flags = CWB_LAW_END_FORCES,
            .prepare = lr_prepare,
            .needs_normal = "linear",
        },
    .step = lr_step,
};
