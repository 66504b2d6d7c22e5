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
 * Slip dissipation (seed 002's open question). Its second and third
 * formulas are one expression, (f_t^2 - f_y^2)/(2 k_t). For a step colinear
 * with the stored force the force follows the spring up to f_y and then
 * stays at f_y while the remaining (f_t - f_y)/k_t slips, so the loss is
 *     Delta E = f_y (f_t - f_y) / k_t,
 * the FIRST formula; the other one counts the spring energy of the
 * unreachable trial state as lost. The shared kernel (spring.c) integrates
 * the work along the step exactly, so the energy account closes to
 * round-off (tests/test_laws.c, tests/test_history.c).
 *
 * Two materials (seed 002, "Contact response"): k_t/k_n "is averaged
 * between both materials in contact" and the friction angle "is computed
 * from contacting materials ... of which consequence is that material
 * without friction will not have frictional contacts" (the formulas were
 * lost in the extraction): with body 2's own kt_div_kn2 and mu2 given, the
 * contact takes k_t/k_n = (kt_div_kn + kt_div_kn2)/2, the arithmetic mean,
 * and tan phi = min(mu, mu2), the smaller friction angle (the only rule of
 * the two the quoted consequence allows: a frictionless material makes
 * every contact frictionless). Without them, the contact's own values.
 *
 * Quadrature. Under stiffness = ratio the spring's k_t follows the normal
 * stiffness through the step, and dF = k_t dxi is an integral along it:
 * `hermite` (the default) integrates it along the step's path as the
 * Mindlin law does (spring_path.c: fourth order in the step, exact in k_t^2
 * affine in delta, as k_t = ratio 2 E* sqrt(R* delta) under Hertz is);
 * `rectangle` is the per-step rule F_1 = F_0 + k_t(delta_1) Delta xi, first
 * order in the step. Under Hertz at 1 m/s normal and 0.5 m/s tangential
 * (glass on steel, mu 0.3) the rectangle rule's tangential restitution moves
 * by 2.6e-5, 1.3e-5, 6.4e-6, 3.2e-6 as dt halves from 1e-8 s, so dt = auto
 * took 12 halvings (538,000 steps) to meet 1e-6. With a constant k_t (a
 * linear normal law, or stiffness = direct) the two are the same rule. On a
 * plastic normal law's elastic-plastic, unloading or reloading branch k_n
 * jumps where the branch changes, which the path's k_t^2 affine in delta
 * does not describe: the energy account then missed 1e-7 of the energy in
 * whatever the step (thornton, tomas), so there the step is the per-step
 * rule.
 *
 * Units: k_t [N/m], mu [-], force [N], energy [J].
 * History: cwb_spring_path_state (committed force, k_t and F_n, and the
 * committed rates of the step's path).
 * Invariant: |F_t| <= mu F_n after the cap (asserted in tests).
 */
#include <math.h>

#include "cwb_law.h"

enum { P_MU, P_STIFFNESS, P_RATIO, P_KT, P_RATIO2, P_MU2, P_QUAD, D_RATIO, D_MU };

static const char *const stiffness_words[] = {"ratio", "direct", NULL};
static const char *const quadratures[] = {"hermite", "rectangle", NULL};

static const cwb_param tlinear_params[] = {
    {.name = "mu",
     .example = "0.3",
     .unit = "-",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_REQUIRED,
     .help = "Coulomb friction coefficient (tan phi)"},
    {.name = "stiffness",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = stiffness_words,
     .help = "ratio: k_t = kt_div_kn * k_n (seed 002 eq. 4); direct: k_t = kt"},
    {.name = "kt_div_kn",
     .unit = "-",
     .def = 1.0,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "ktDivKn of seed 002",
     .read_when = "stiffness=ratio"},
    {.name = "kt",
     .unit = "N/m",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .help = "tangential stiffness (stiffness = direct)",
     .read_when = "stiffness=direct"},
    {.name = "kt_div_kn2",
     .unit = "-",
     .def = -1,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "ktDivKn of body 2's material: the contact takes the mean of kt_div_kn and this "
             "(seed 002); default: kt_div_kn alone",
     .read_when = "stiffness=ratio"},
    {.name = "mu2",
     .unit = "-",
     .def = -1,
     .min = 0,
     .max = INFINITY,
     .help = "friction coefficient of body 2's material: the contact takes min(mu, mu2), the "
             "smaller friction angle (seed 002); default: mu alone"},
    {.name = "quadrature",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = quadratures,
     .help = "dF = k_t dxi with k_t following k_n: integrated along the step's Hermite path "
             "(fourth order) or by the rectangle rule k_t(end) dxi (per step; first order)",
     .read_when = "stiffness=ratio"},
    {0}};

static int tlinear_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)g;
    if ((int)p[P_STIFFNESS] == 1 && !(p[P_KT] > 0.0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "linear (tangential): stiffness = direct needs kt > 0 [N/m]");
    return CWB_OK;
}

/* The contact's ratio and friction from the two materials' (see the header). */
static int tlinear_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)g;
    (void)msg;
    (void)n;
    p[D_RATIO] = p[P_RATIO2] > 0.0 ? 0.5 * (p[P_RATIO] + p[P_RATIO2]) : p[P_RATIO];
    p[D_MU] = p[P_MU2] >= 0.0 ? fmin(p[P_MU], p[P_MU2]) : p[P_MU];
    return CWB_OK;
}

static int tlinear_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                        const cwb_normal_out *nrm, cwb_tangential_out *out, void *trial)
{
    (void)g;
    const cwb_spring_path_state *s = state;
    cwb_spring_path_state *t = trial;
    /* the path's k_t^2 affine in delta describes an elastic normal branch;
     * a plastic law's k_n jumps between branches, where the per-step rule's
     * energy account holds and the path's would not (tests/test_energy_balance.c) */
    int elastic = nrm->branch == CWB_BRANCH_ELASTIC || nrm->branch == CWB_BRANCH_NONE;
    if ((int)p[P_STIFFNESS] == 0 && (int)p[P_QUAD] == 0 && elastic) {
        cwb_spring_path_step(s, k, nrm, p[D_RATIO] * nrm->stiffness, p[D_MU], out, t);
        return CWB_OK;
    }
    double kt = (int)p[P_STIFFNESS] == 1 ? p[P_KT] : p[D_RATIO] * nrm->stiffness;
    cwb_spring_step(&s->spring, k, nrm, &(cwb_spring_law){kt, 1.0, p[D_MU]}, out, &t->spring);
    return CWB_OK;
}

const cwb_tangential_type cwb_tangential_linear = {
    .head =
        {
            .name = "linear",
            .creates_energy = "with stiffness = ratio, where k_n falls under a held tangential "
                              "force (normal unloading): k_t = ktDivKn k_n drops, so F_t^2/(2 k_t) "
                              "rises (doc/findings.md, finding 30)",
            .summary = "incremental linear spring k_t, Coulomb cap mu F_n",
            .source = "[woo_linear] (contact response, eq. 4, energy balance); [musen_hertz] plane "
                      "rotation",
            .params = tlinear_params,
            .dims = CWB_DIM_3D | CWB_DIM_2D,
            .state_size = sizeof(cwb_spring_path_state),
            .flags = CWB_LAW_RESTART_FORCES,
            .check = tlinear_check,
            .prepare = tlinear_prepare,
        },
    .step = tlinear_step,
};
