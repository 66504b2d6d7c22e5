/* tangential_hertz2d_simplified.c -- the DEM form of seed 000's 2D law: an
 * incremental tangential spring whose stiffness is the secant stiffness of
 * the accurate law at the onset of full slip, with a Coulomb cap.
 *
 * Reference: seed 000 sec. 3.3 and Table 1, eqs. 31-33:
 *   T = min(T0 + k_t Delta delta_t, mu N)                        (eq. 32)
 *   k_t = pi E* [ln(2R1/a) + ln(2R2/a) + 1
 *               + w1 (ln(4R1/a) + nu1/(2(1-nu1)))
 *               + w2 (ln(4R2/a) + nu2/(2(1-nu2)))]^(-1)         (eq. 31)
 * with a the half-width of the normal law at the current step and w1, w2 of
 * eq. 33 at a (or a constant). k_t is mu N over the ultimate slip of eq. 27,
 * so at the onset of full slip this law and hertz2d_accurate give the same
 * force (tests/test_hertz2d.c).
 *
 * As the seed writes eq. 32, T0 is carried over unchanged when k_t changes
 * with the normal force (no rescaling, like the `mindlin` law); the energy
 * account reports what that does to the stored energy T^2/(2 k_t).
 * Against a rigid wall the pair displacement is twice the disc's (sec.
 * 3.2), so the contact stiffness is 2 k_t.
 *
 * Units: mu [-]; w [-]; k_t [N/m^2] (force per unit length per metre; the
 * seed writes N/m); forces [N/m]. 2D discs with the hertz2d normal law.
 * History: cwb_spring_state.
 */
#include "cwb_disc2d.h"

enum { P_MU, P_COMPLIANCE, P_PENALTY = CWB_PENALTY_FIRST };

static const cwb_param simplified_params[] = {CWB_DISC_TANGENTIAL_PARAMS, {0}};

static int simplified_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                           const cwb_normal_out *nrm, cwb_tangential_out *out, void *trial)
{
    cwb_disc_pair d;
    cwb_disc_pair_of(g, &d);
    int outside = 0;
    double kt = 0.0;
    if (nrm->radius > 0.0)
        kt = d.scale / cwb_disc_compliance(p + P_PENALTY, &d, nrm->radius,
                                           (int)p[P_COMPLIANCE] == 0, &outside);
    cwb_spring_step(state, k, nrm, &(cwb_spring_law){kt, 1.0, p[P_MU]}, out, trial);
    if (outside)
        out->flags |= CWB_FLAG_EXTRAPOLATED;
    return CWB_OK;
}

const cwb_tangential_type cwb_tangential_hertz2d_simplified = {
    .head =
        {
            .name = "hertz2d_simplified",
            .creates_energy = "where the half-width shrinks under a held tangential force: eq. 32 "
                              "carries the force while eq. 31's k_t falls with the normal force, "
                              "so T^2/(2 k_t) rises (doc/findings.md, finding 30)",
            .summary = "2D incremental spring, k_t of eq. 31 (full-slip secant), Coulomb cap",
            .source = "[hertz2d2020] sec. 3.3, Table 1, eqs. 31-33",
            .params = simplified_params,
            .dims = CWB_DIM_2D,
            .flags = CWB_LAW_PENALTY_KEYS,
            .check = cwb_penalty_check,
            .state_size = sizeof(cwb_spring_state),
            .needs_normal = "hertz2d",
        },
    .step = simplified_step,
    .ultimate_slip = cwb_disc_ultimate_slip,
};
