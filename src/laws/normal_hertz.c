/* normal_hertz.c -- Hertz elastic normal contact of two spheres (3D).
 *
 * Reference: seed 004 eqs. 1-5 (Hertz 1882; Johnson, Contact Mechanics, 1985,
 * sec. 4.2), with eq. 3's lost squares restored:
 *     F_n = k_n delta^(3/2),  k_n = (4/3) E* sqrt(R*),  a = sqrt(R* delta).
 * Seed 001 writes the same law through the tangent stiffness
 *     k_n' = 2 E* sqrt(delta R*),  F_n = (2/3) k_n' delta,
 * which is dF_n/d(delta) of the form above; tests/test_laws.c checks that the
 * two forms agree.
 *
 * Units: delta [m], F_n [N], stiffness [N/m], energy [J].
 * Regimes: delta <= 0 no contact (F_n = 0); elastic otherwise.
 * Derived constants (p[0], p[1]): sqrt(R*), k_n.
 * History: none (state_size 0). Stored energy (2/5) k_n delta^(5/2) is the
 * integral of F_n from 0 to delta, so loading/unloading is reversible.
 */
#include "cwb_law.h"

/* Derived constants (prepare): sqrt(R*) and k_n of seed 004 eq. 2, taken
 * once per case instead of at every evaluation (a collision evaluates the
 * law some 80 times at t_c/16). */
enum { D_SQRT_R, D_KN };

static int hertz_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)p;
    if (!(g->E_star > 0.0) || !isfinite(g->E_star))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "hertz: effective modulus E* must be finite and > 0 "
                        "(got %g Pa): two rigid bodies cannot deform",
                        g->E_star);
    return CWB_OK;
}

static int hertz_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)msg;
    (void)n;
    p[D_SQRT_R] = sqrt(g->R_star);
    p[D_KN] = 4.0 / 3.0 * g->E_star * p[D_SQRT_R];
    return CWB_OK;
}

static int hertz_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                      cwb_normal_out *out, void *trial)
{
    (void)g;
    (void)state;
    (void)trial;
    double d = k->delta, kn = p[D_KN];
    double d0 = k->delta0 > 0.0 ? k->delta0 : 0.0;
    if (d <= 0.0) {
        *out = (cwb_normal_out){.work = -kn * 0.4 * d0 * d0 * sqrt(d0), .branch = CWB_BRANCH_NONE};
        return CWB_OK;
    }
    /* every field written once, not zeroed and six written again (66
     * instructions a step, now 64) */
    double sd = sqrt(d), energy = 0.4 * kn * d * d * sd;
    *out = (cwb_normal_out){.force = kn * d * sd,
                            .stiffness = 1.5 * kn * sd,
                            .radius = p[D_SQRT_R] * sd,
                            .energy = energy,
                            .work = energy - 0.4 * kn * d0 * d0 * sqrt(d0), /* elastic: no loss */
                            .branch = CWB_BRANCH_ELASTIC};
    return CWB_OK;
}

static const cwb_param hertz_params[] = {{0}};

/* Seed 004 eq. 6: p(r) = 3 F / (2 pi a^2) sqrt(1 - r^2/a^2), a = sqrt(R* delta)
 * (eq. 5), zero outside the contact. */
static double hertz_pressure(const double *p, const cwb_pair *g, double delta, double r)
{
    (void)p;
    if (!(delta > 0.0))
        return 0.0;
    double a2 = g->R_star * delta, x = 1.0 - r * r / a2;
    double f = 4.0 / 3.0 * g->E_star * sqrt(g->R_star) * delta * sqrt(delta);
    return x > 0.0 ? 1.5 * f / (M_PI * a2) * sqrt(x) : 0.0;
}

const cwb_normal_type cwb_normal_hertz = {
    .head =
        {
            .name = "hertz",
            .summary = "Hertz elastic sphere contact, F = 4/3 E* sqrt(R*) delta^1.5",
            .source = "[hertz1882], [johnson1985]; [rathbone_thesis] eqs. 1-5 (eq. 3 with "
                      "squares); [musen_hertz] k_n = 2E*sqrt(xi R*)",
            .params = hertz_params,
            .dims = CWB_DIM_3D,
            .flags = CWB_LAW_END_FORCES | CWB_LAW_HERTZ_FORCE | CWB_LAW_DEFAULT,
            .end_power = 1.5,
            .state_size = 0,
            .check = hertz_check,
            .prepare = hertz_prepare,
        },
    .step = hertz_step,
    .pressure = hertz_pressure,
};
