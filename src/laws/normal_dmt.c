/* normal_dmt.c -- Derjaguin-Muller-Toporov adhesive contact of two spheres
 * (3D): Hertz minus a constant adhesive force while in contact.
 *
 * Reference: Derjaguin, Muller & Toporov (1975) [dmt1975], in the form DEM
 * codes use (LAMMPS pair granular dmt):
 *   F = (4/3) E* sqrt(R*) delta^(3/2) - 2 pi w R*   (delta >= 0),
 *   F = 0                                          (delta < 0),
 * w the work of adhesion [J/m^2] (LAMMPS writes 4 pi gamma R with its
 * cohesion gamma = w/2: the same force). Pull-off force 2 pi w R*, reached at
 * delta = 0: the contact forms and ends there (the DMT attraction outside the
 * contact is not modelled, as in LAMMPS), so the law has no history and no
 * hysteresis: a cycle dissipates nothing, and a collision rebounds with
 * e = 1 at every speed (tests/test_adhesion.c). The force jumps by 2 pi w R*
 * at delta = 0; a step across it raises CWB_FLAG_DISCONTINUITY.
 *
 * Energy: U = (2/5) k_n delta^(5/2) - 2 pi w R* delta (zero at delta = 0),
 * reversible; work = U(delta) - U(delta0) along the law's path.
 * Contact radius a = sqrt(R* delta) (Hertz: DMT does not change the area).
 *
 * Output: pulloff_force = 2 pi w R* in contact (the history driver's
 * force control pulls the contact off at delta = 0, where the force is
 * least); delta_off = 0; friction_offset = 2 F_po with friction_load =
 * offset.
 *
 * Units: w [J/m^2]; overlaps [m]; forces [N]; energies [J]. 3D spheres.
 * History: none.
 */
#include "cwb_adhesion.h"

static const cwb_param dmt_params[] = {CWB_ADHESION_PARAMS, {0}};

static int dmt_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)p;
    if (!(g->E_star > 0.0) || !isfinite(g->E_star))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "dmt: effective modulus E* must be finite and > 0 (got %g Pa): two "
                        "rigid bodies cannot deform",
                        g->E_star);
    return CWB_OK;
}

/* U(delta), zero out of contact. */
static double dmt_energy(const double *p, const cwb_pair *g, double d)
{
    if (d < 0.0)
        return 0.0;
    double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star);
    return 0.4 * kn * d * d * sqrt(d) - 2.0 * M_PI * p[CWB_ADH_W] * g->R_star * d;
}

static int dmt_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                    cwb_normal_out *out, void *trial)
{
    (void)state;
    (void)trial;
    double d = k->delta, fpo = 2.0 * M_PI * p[CWB_ADH_W] * g->R_star;
    *out = (cwb_normal_out){0};
    if (d >= 0.0) {
        double kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star), sd = sqrt(d);
        out->force = kn * d * sd - fpo;
        out->stiffness = 1.5 * kn * sd;
        out->radius = sqrt(g->R_star * d);
        out->energy = dmt_energy(p, g, d);
        out->branch = CWB_BRANCH_ELASTIC;
        out->pulloff_force = fpo;
        out->friction_offset = cwb_adhesion_friction_offset(p[CWB_ADH_FRICTION], fpo);
    }
    out->work = out->energy - dmt_energy(p, g, k->delta0);
    out->dissipated = 0.0;
    if ((d >= 0.0) != (k->delta0 >= 0.0))
        out->flags |= CWB_FLAG_DISCONTINUITY;
    return CWB_OK;
}

const cwb_normal_type cwb_normal_dmt = {
    .head =
        {
            .name = "dmt",
            .summary = "Derjaguin-Muller-Toporov: Hertz minus 2 pi w R* in contact",
            .source = "[dmt1975]; LAMMPS pair granular dmt (the same force, gamma = w/2)",
            .params = dmt_params,
            .dims = CWB_DIM_3D,
            .flags = CWB_LAW_END_FORCES | CWB_LAW_ADHESIVE,
            .state_size = 0,
            .check = dmt_check,
        },
    .step = dmt_step,
};
