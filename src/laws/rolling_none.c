/* rolling_none.c -- no rolling resistance. */
#include "cwb_law.h"

static int none_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                     const cwb_normal_out *nrm, cwb_rolling_out *out, void *trial)
{
    (void)p;
    (void)g;
    (void)state;
    (void)k;
    (void)nrm;
    (void)trial;
    *out = (cwb_rolling_out){0};
    return CWB_OK;
}

static const cwb_param none_params[] = {{0}};

const cwb_rolling_type cwb_rolling_none = {
    .head =
        {
            .name = "none",
            .summary = "no rolling resistance",
            .source = "-",
            .params = none_params,
            .dims = CWB_DIM_3D | CWB_DIM_2D,
            .flags = CWB_LAW_ABSENT | CWB_LAW_END_FORCES,
        },
    .step = none_step,
};
