/* rolling_constant_torque.c -- constant rolling-resistance torque.
 *
 * Reference: seed 001, "Rolling friction":
 *   M_ro,i = -mu_ro |F_n| r_i omega_i / |omega_i|   for each body i.
 * A constant torque against the spin makes an explicit integrator overshoot
 * through omega = 0 and chatter. cwb limits the torque to what stops the
 * body within the driver's step h (kin.h):
 *   |M_i| = min(mu_ro |F_n| r_i, I_i |omega_i| / h),
 * so near omega = 0 it acts like a viscous torque with time constant h,
 * which RK4 damps without a sign change (amplification 0.375 per step).
 * In quasi-static drivers (h = 0) the torque is the seed's. A wall does not
 * rotate and gets no torque.
 *
 * Units: mu_roll [-] (a lever arm as a fraction of the radius); torque [N m].
 * No history.
 */
#include "cwb_law.h"

static const cwb_param ct_params[] = {{.name = "mu_roll",
                                       .example = "0.01",
                                       .unit = "-",
                                       .min = 0,
                                       .max = INFINITY,
                                       .flags = CWB_P_REQUIRED,
                                       .help = "coefficient of rolling friction mu_ro of seed 001"},
                                      {0}};

static cwb_vec3 resist(double mu, double fn, const cwb_body *b, cwb_vec3 w, double h)
{
    double m = cwb_v3_norm(w);
    if (b->shape == CWB_SHAPE_WALL || m == 0.0)
        return cwb_v3(0, 0, 0);
    double torque = mu * fn * b->radius;
    if (h > 0.0 && b->inertia * m / h < torque)
        torque = b->inertia * m / h;
    return cwb_v3_scale(w, -torque / m);
}

static int ct_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                   const cwb_normal_out *nrm, cwb_rolling_out *out, void *trial)
{
    (void)state;
    (void)trial;
    *out = (cwb_rolling_out){0};
    if (k->delta <= 0.0 || nrm->force <= 0.0)
        return CWB_OK;
    out->torque1 = resist(p[0], nrm->force, &g->body[0], k->omega1, k->h);
    out->torque2 = resist(p[0], nrm->force, &g->body[1], k->omega2, k->h);
    return CWB_OK;
}

const cwb_rolling_type cwb_rolling_constant_torque = {
    .head =
        {
            .name = "constant_torque",
            .summary = "rolling resistance M = -mu_ro |F_n| r omega/|omega|, no overshoot",
            .source = "[musen_hertz] (rolling friction); model type A of [ai2011]",
            .params = ct_params,
            .dims = CWB_DIM_3D | CWB_DIM_2D,
            .flags = CWB_LAW_DEFAULT | CWB_LAW_SPIN_TORQUES,
        },
    .step = ct_step,
};
