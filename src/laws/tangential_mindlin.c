/* tangential_mindlin.c -- Mindlin no-slip tangential stiffness, applied
 * incrementally with a Coulomb cap.
 *
 * Reference: seed 001 (k_t = 8 G* sqrt(R* xi_n), incremental force, plane
 * rotation of the stored force, Coulomb cap); seed 004 eq. 37 (first line)
 * and eq. 38, k_t = 8 G* a with a the contact radius of the normal law
 * (sqrt(R* delta) for Hertz). Mindlin (1949).
 *
 * The stored force is NOT rescaled when the normal force drops (that is
 * mindlin_rescale): its stored energy |F|^2/(2 k_t) then rises at fixed
 * force as k_t falls, which the energy account reports as negative
 * dissipation -- the energy creation Thornton et al. point out.
 *
 * form = displacement stores the tangential displacement xi instead and sets
 * F = k_t xi with the current k_t (LAMMPS pair granular "tangential mindlin",
 * 2022 documentation). That is the incremental kernel with the stored force
 * scaled by k_t^n/k_t^(n-1) = a/a_prev at every step, loading or not; it is
 * offered so a peer's results can be reproduced (tests/peer/).
 *
 * Units: mu [-]; k_t [N/m]; force [N]. 3D spheres only (8 G* a is the
 * stiffness of a circular contact). History: cwb_spring_state.
 */
#include "cwb_law.h"

static const char *const forms[] = {"incremental", "displacement", NULL};

static const cwb_param mindlin_params[] = {
    {.name = "mu",
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
     .help = "incremental force (seeds 001, 004) or stored displacement, F = k_t xi (LAMMPS)"},
    {0}};

static int mindlin_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                        const cwb_normal_out *nrm, cwb_tangential_out *out, void *trial)
{
    const cwb_spring_state *s = state;
    double kt = 8.0 * g->G_star * nrm->radius;
    double scale = (int)p[1] == 1 && s->kt > 0.0 ? kt / s->kt : 1.0;
    cwb_spring_step(state, k, nrm, &(cwb_spring_law){kt, scale, p[0]}, out, trial);
    return CWB_OK;
}

const cwb_tangential_type cwb_tangential_mindlin = {
    .head =
        {
            .name = "mindlin",
            .summary = "Mindlin no-slip k_t = 8 G* a, incremental, Coulomb cap",
            .source = "[mindlin1949]; [musen_hertz]; [rathbone_thesis] eqs. 37 (first line), 38",
            .params = mindlin_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(cwb_spring_state),
        },
    .step = mindlin_step,
};
