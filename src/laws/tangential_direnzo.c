/* tangential_direnzo.c -- Di Renzo & Di Maio's reduced Mindlin stiffness.
 *
 * Reference: seed 004 sec. 2.3.1 ("an adapted version of the Mindlin model
 * by Di Renzo and Di Maio [61] ... has k_t = (2/3) 8 G* a"); Di Renzo & Di
 * Maio (2005). The 2/3 makes the linear spring reach the Coulomb limit at
 * the full-slip displacement of Mindlin-Deresiewicz, 3 mu F_n/(16 G* a),
 * for a Hertz contact. Incremental with a Coulomb cap, no rescale.
 *
 * Units: mu [-]; k_t [N/m]. 3D spheres. History: cwb_spring_state.
 */
#include "cwb_law.h"

static const cwb_param direnzo_params[] = {{.name = "mu",
                                            .example = "0.3",
                                            .unit = "-",
                                            .min = 0,
                                            .max = INFINITY,
                                            .flags = CWB_P_REQUIRED,
                                            .help = "Coulomb friction coefficient"},
                                           {0}};

static int direnzo_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                        const cwb_normal_out *nrm, cwb_tangential_out *out, void *trial)
{
    double kt = 2.0 / 3.0 * 8.0 * g->G_star * nrm->radius;
    cwb_spring_step(state, k, nrm, &(cwb_spring_law){kt, 1.0, p[0]}, out, trial);
    return CWB_OK;
}

const cwb_tangential_type cwb_tangential_direnzo = {
    .head =
        {
            .name = "direnzo",
            .creates_energy = "where the contact radius shrinks under a held tangential force: the "
                              "force is carried while k_t = (2/3) 8 G* a drops, so F_t^2/(2 k_t) "
                              "rises (doc/findings.md, finding 30)",
            .summary = "Di Renzo & Di Maio k_t = (2/3) 8 G* a, incremental, Coulomb cap",
            .source = "[direnzo2005]; [rathbone_thesis] sec. 2.3.1",
            .params = direnzo_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(cwb_spring_state),
            .flags = CWB_LAW_RESTART_FORCES,
        },
    .step = direnzo_step,
};
