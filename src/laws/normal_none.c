/* normal_none.c -- no normal force (the "none" law of the normal kind).
 *
 * Exists so that a composite contact never checks for NULL (as LAMMPS's
 * GRANULAR sub-models do); a collision with it never separates, so drivers
 * report that as a failure rather than looping.
 */
#include "cwb_law.h"

static int none_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                     cwb_normal_out *out, void *trial)
{
    (void)p;
    (void)g;
    (void)state;
    (void)trial;
    *out = (cwb_normal_out){0};
    out->branch = k->delta > 0.0 ? CWB_BRANCH_ELASTIC : CWB_BRANCH_NONE;
    return CWB_OK;
}

static const cwb_param none_params[] = {{0}};

const cwb_normal_type cwb_normal_none = {
    .head =
        {
            .name = "none",
            .summary = "no normal force",
            .source = "-",
            .params = none_params,
            .dims = CWB_DIM_3D | CWB_DIM_2D,
            .flags = CWB_LAW_ABSENT | CWB_LAW_END_FORCES,
        },
    .step = none_step,
};
