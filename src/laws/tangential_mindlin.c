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
 * force as k_t falls, which the energy account books as a stiffness_energy
 * < 0 (the slip stays >= 0; doc/findings.md, finding 30) -- the energy
 * creation Thornton et al. point out. form = displacement creates it on
 * normal loading instead, where its force grows with a at a fixed xi.
 *
 * form = displacement stores the tangential displacement xi instead and sets
 * F = k_t xi with the current k_t (LAMMPS pair granular "tangential mindlin",
 * 2022 documentation). That is the incremental kernel with the stored force
 * scaled by k_t^n/k_t^(n-1) = a/a_prev at every step, loading or not; it is
 * offered so a peer's results can be reproduced (tests/peer/).
 *
 * quadrature (form = incremental). The law is dF = k_t dxi; `hermite` (the
 * default) integrates it along the step's path, the cubic Hermite
 * interpolant of the overlap and the tangential displacement from the
 * committed and current values and rates, by RK4 substeps (spring_path.c:
 * fourth order in the step under the collision driver, the straight line
 * between the targets in the quasi-static history driver). `rectangle` is
 * the published discrete algorithm, F_1 = F_0 + k_t(delta_1) Delta xi
 * (seed 001; LAMMPS `mindlin/force` at a matching step): the rectangle rule
 * for the same integral, first order in the step. At fixed overlap
 * (k_t constant) the two agree to round-off. form = displacement ignores
 * the key (F = k_t xi needs no quadrature).
 *
 * Units: mu [-]; k_t [N/m]; force [N]. 3D spheres only (8 G* a is the
 * stiffness of a circular contact). History: cwb_spring_path_state (the
 * spring's cwb_spring_state and the committed rates of the path).
 */
#include "cwb_law.h"

static const char *const forms[] = {"incremental", "displacement", NULL};
static const char *const quadratures[] = {"hermite", "rectangle", NULL};

static const cwb_param mindlin_params[] = {
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
     .help = "incremental force (seeds 001, 004) or stored displacement, F = k_t xi (LAMMPS)"},
    {.name = "quadrature",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = quadratures,
     .help = "form = incremental: dF = k_t dxi integrated along the step's Hermite path "
             "(fourth order) or by the rectangle rule k_t(end) dxi (seed 001, LAMMPS; first "
             "order)",
     .read_when = "form=incremental"},
    {0}};

static int mindlin_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                        const cwb_normal_out *nrm, cwb_tangential_out *out, void *trial)
{
    const cwb_spring_path_state *s = state;
    cwb_spring_path_state *t = trial;
    double kt = 8.0 * g->G_star * nrm->radius;
    if ((int)p[1] == 0 && (int)p[2] == 0) {
        cwb_spring_path_step(s, k, nrm, kt, p[0], out, t);
        return CWB_OK;
    }
    double scale = (int)p[1] == 1 && s->spring.kt > 0.0 ? kt / s->spring.kt : 1.0;
    cwb_spring_step(&s->spring, k, nrm, &(cwb_spring_law){kt, scale, p[0]}, out, &t->spring);
    return CWB_OK;
}

const cwb_tangential_type cwb_tangential_mindlin = {
    .head =
        {
            .name = "mindlin",
            .creates_energy =
                "where the contact radius shrinks under a held tangential force: the force is "
                "carried while k_t = 8 G* a drops, so F_t^2/(2 k_t) rises; with form = "
                "displacement on normal loading instead (doc/findings.md, finding 30)",
            .summary = "Mindlin no-slip k_t = 8 G* a, incremental, Coulomb cap",
            .source = "[mindlin1949]; [musen_hertz]; [rathbone_thesis] eqs. 37 (first line), 38",
            .params = mindlin_params,
            .dims = CWB_DIM_3D,
            /* from the state it committed, with no increment, every form
             * gives the committed force: the carried force rotated into
             * the same plane (unchanged), rescaled by k_t/k_t = 1, plus
             * k_t times no displacement, capped again where it slid */
            .flags = CWB_LAW_DEFAULT | CWB_LAW_RESTART_FORCES,
            .state_size = sizeof(cwb_spring_path_state),
        },
    .step = mindlin_step,
};
