/* damping_none.c -- no viscous damping. */
#include "cwb_law.h"

static int none_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                     const cwb_normal_out *nrm, cwb_damping_out *out, void *trial)
{
    (void)p;
    (void)g;
    (void)state;
    (void)k;
    (void)nrm;
    (void)trial;
    *out = (cwb_damping_out){0};
    return CWB_OK;
}

static const cwb_param none_params[] = {{0}};

const cwb_damping_type cwb_damping_none = {
    .head =
        {
            .name = "none",
            .summary = "no damping",
            .source = "-",
            .params = none_params,
            .dims = CWB_DIM_3D | CWB_DIM_2D,
            .flags = CWB_LAW_ABSENT | CWB_LAW_END_FORCES,
        },
    .step = none_step,
};
