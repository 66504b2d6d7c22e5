/* tangential_mindlin_rescale.c -- Mindlin no-slip stiffness with the stored
 * force rescaled when the normal force decreases.
 *
 * Reference: seed 004 eqs. 37-38:
 *   F_t^n = F_t^(n-1) + k_t^n dDelta_t                  if Delta F_n >= 0
 *   F_t^n = F_t^(n-1) (k_t^n / k_t^(n-1)) + k_t^n Delta  if Delta F_n < 0
 * with k_t = 8 G* a: a shrinking contact cannot hold the old force
 * (Thornton et al. 2011). The rescale keeps |F|^2/(2 k_t) from rising at
 * fixed force, so the law creates no energy on unloading while k_t falls
 * with F_n, as for Hertz. Where the two move apart (a plastic normal law
 * whose unloading radius jumps above its loading one as F_n starts to
 * fall) the rescale raises the force and creates energy, booked as a
 * stiffness_energy < 0.
 *
 * form = displacement follows LAMMPS pair granular "tangential
 * mindlin_rescale" (2022 documentation): the stored displacement xi is
 * scaled by a/a_prev when the contact shrinks and F = k_t xi, i.e. the
 * stored force is scaled by a/a_prev on loading and by (a/a_prev)^2 on
 * unloading. Offered to reproduce that peer (tests/peer/).
 *
 * Units: mu [-]; k_t [N/m]. 3D spheres. History: cwb_spring_state (the
 * committed k_t^(n-1) and F_n^(n-1) are part of it).
 */
#include "cwb_law.h"

static const char *const forms[] = {"incremental", "displacement", NULL};

static const cwb_param rescale_params[] = {
    {.name = "mu",
     .example = "0.3",
     .unit = "-",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_REQUIRED,
     .help = "Coulomb friction coefficient"},
    {.name = "form",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = forms,
     .help = "seed 004 eq. 37 (incremental) or LAMMPS' stored-displacement rescale"},
    {0}};

static int rescale_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                        const cwb_normal_out *nrm, cwb_tangential_out *out, void *trial)
{
    const cwb_spring_state *s = state;
    double kt = 8.0 * g->G_star * nrm->radius;
    double scale = 1.0;
    if ((int)p[1] == 1 && s->kt > 0.0) {
        /* xi scaled by a/a_prev when a shrinks; F = k_t xi */
        double r = kt / s->kt;
        scale = r < 1.0 ? r * r : r;
    } else if (nrm->force < s->fn && s->kt > 0.0) {
        scale = kt / s->kt;
    }
    cwb_spring_step(state, k, nrm, &(cwb_spring_law){kt, scale, p[0]}, out, trial);
    return CWB_OK;
}

const cwb_tangential_type cwb_tangential_mindlin_rescale = {
    .head =
        {
            .name = "mindlin_rescale",
            .creates_energy =
                "where its stiffness and the normal force move apart (a plastic law's unloading "
                "radius jumps up as F_n falls), and with form = displacement on normal loading: "
                "the rescaled force stores more than its work (doc/findings.md, finding 30)",
            .summary =
                "Mindlin k_t = 8 G* a, stored force rescaled by k_t^n/k_t^(n-1) on unloading",
            .source = "[thornton2013]; [rathbone_thesis] eqs. 37-38",
            .params = rescale_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(cwb_spring_state),
            .flags = CWB_LAW_RESTART_FORCES,
        },
    .step = rescale_step,
};
