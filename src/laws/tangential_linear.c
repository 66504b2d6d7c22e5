/* tangential_linear.c -- incremental linear tangential spring with Coulomb cap.
 *
 * Reference: seed 002 ("Contact response"): the trial force
 *     F_t^T = F_t + k_t Delta u_t,
 * reduced to mu F_n F_t^T/|F_t^T| when |F_t^T| > mu F_n; seed 001 for the
 * vector form: the committed force is first carried into the current
 * tangent plane (normal component removed, magnitude restored). k_t is
 * ktDivKn times the normal stiffness of the same evaluation (seed 002:
 * "k_t is a fraction (ktDivKn) of k_n"), or given directly.
 *
 * Slip dissipation. Seed 002 lists three formulas for the energy lost when
 * the trial force f_t exceeds f_y = mu F_n; its second and third are the same
 * expression, (f_t^2 - f_y^2)/(2 k_t). For a step whose trial force is
 * colinear with the committed one, the force follows the spring up to f_y
 * and then stays at f_y while the remaining displacement (f_t - f_y)/k_t
 * slips, so the work done minus the change of stored energy is
 *     Delta E = f_y (f_t - f_y) / k_t,
 * the first formula; it is what this law reports. (The other expression
 * counts the spring energy of the unreachable trial state as lost.)
 *
 * Units: k_t [N/m], mu [-], force [N], energy [J].
 * History: the committed tangential force vector (3 doubles).
 * Invariant: |F_t| <= mu F_n after the cap (asserted in tests).
 */
#include <string.h>

#include "cwb_law.h"

enum { P_MU, P_STIFFNESS, P_RATIO, P_KT };

static const char *const stiffness_words[] = {"ratio", "direct", NULL};

static const cwb_param tlinear_params[] = {
    {.name = "mu", .unit = "-", .min = 0, .max = INFINITY,
     .flags = CWB_P_REQUIRED, .help = "Coulomb friction coefficient (tan phi)"},
    {.name = "stiffness", .unit = "-", .def = 0, .kind = CWB_PARAM_CHOICE,
     .choices = stiffness_words,
     .help = "ratio: k_t = kt_div_kn * k_n (seed 002 eq. 4); direct: k_t = kt"},
    {.name = "kt_div_kn", .unit = "-", .def = 1.0, .min = 0, .max = INFINITY,
     .flags = CWB_P_MIN_OPEN, .help = "ktDivKn of seed 002"},
    {.name = "kt", .unit = "N/m", .def = 0, .min = 0, .max = INFINITY,
     .help = "tangential stiffness (stiffness = direct)"},
    {0}};

typedef struct {
    cwb_vec3 force; /* committed tangential spring force [N] */
} tlinear_state;

static int tlinear_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)g;
    if ((int)p[P_STIFFNESS] == 1 && !(p[P_KT] > 0.0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "linear (tangential): stiffness = direct needs kt > 0 [N/m]");
    return CWB_OK;
}

static int tlinear_step(const double *p, const cwb_pair *g, const void *state,
                        const cwb_kin *k, const cwb_normal_out *nrm,
                        cwb_tangential_out *out, void *trial)
{
    (void)g;
    const tlinear_state *s = state;
    tlinear_state *t = trial;
    *out = (cwb_tangential_out){0};
    if (k->delta <= 0.0 || nrm->force <= 0.0) {
        /* Out of contact the spring is released. */
        memset(t, 0, sizeof *t);
        return CWB_OK;
    }
    double kt = (int)p[P_STIFFNESS] == 1 ? p[P_KT] : p[P_RATIO] * nrm->stiffness;
    cwb_vec3 f0 = cwb_v3_rotate_into_plane(s->force, k->normal);
    cwb_vec3 ft = cwb_v3_add(f0, cwb_v3_scale(cwb_v3_in_plane(k->dxi_t, k->normal), kt));
    double mag = cwb_v3_norm(ft);
    double fy = p[P_MU] * nrm->force;
    if (mag > fy) {
        cwb_vec3 capped = mag > 0.0 ? cwb_v3_scale(ft, fy / mag) : ft;
        out->dissipated = kt > 0.0 ? fy * (mag - fy) / kt : 0.0;
        out->sliding = 1;
        ft = capped;
    }
    t->force = ft;
    out->force = ft;
    out->stiffness = kt;
    out->energy = kt > 0.0 ? 0.5 * cwb_v3_dot(ft, ft) / kt : 0.0;
    return CWB_OK;
}

const cwb_tangential_type cwb_tangential_linear = {
    .head = {
        .name = "linear",
        .summary = "incremental linear spring k_t, Coulomb cap mu F_n",
        .source = "seed 002 (contact response, eq. 4, energy balance); seed 001 plane rotation",
        .params = tlinear_params,
        .dims = CWB_DIM_3D | CWB_DIM_2D,
        .state_size = sizeof(tlinear_state),
        .check = tlinear_check,
    },
    .step = tlinear_step,
};
