/* normal_linear.c -- linear (Cundall-Strack) normal spring, F_n = k_n delta.
 *
 * Reference: seed 002 ("Linear (Cundall) contact model", eq. 3); Cundall &
 * Strack (1979). k_n is either given directly or built from the "connector"
 * of seed 002: a cylinder of length l = l1 + l2 between the centres, with
 *     k_n = (l1/(E1 A) + l2/(E2 A))^-1                     (seed 002 eq. 3)
 * and the rules for l_i: a sphere (or disc, or a capsule, which acts as a
 * sphere of its radius) uses its radius; a flat body (wall, zero-thickness
 * facet) uses the other body's radius; both minus half the overlap at which
 * the connector was set up (`connector_overlap`, Woo's u_N at contact
 * creation). A rigid wall has l/E = 0.
 *
 * The area A of the connector has two readings in seed 002, and its two
 * worked examples disagree because of them (the doc's "Should be tracked
 * down"):
 *   connector_area = length : A = pi min(l1, l2)^2, the documented rule and
 *                    the hand computation (1336785.93 N/m capsule-sphere,
 *                    2344413.52 N/m facet-sphere);
 *   connector_area = radius : A = pi min(r1, r2)^2 with the radii before the
 *                    overlap is taken off, which is what Woo's code printed
 *                    (contA = 0.0314159 = pi 0.1^2; 1350254.72 N/m and
 *                    2368034.66 N/m).
 * The two differ by exactly (r/(r - u_N/2))^2 = (0.1/0.0995)^2 = 1.01008; the
 * lengths l_i are the same in both. tests/test_laws.c reproduces all four
 * printed numbers.
 *
 * Units: kn [N/m] (per unit length [N/m^2] for 2D discs), delta [m], F [N].
 * History: none. Stored energy (1/2) k_n delta^2.
 */
#include "cwb_law.h"

enum { P_STIFFNESS, P_KN, P_AREA, P_OVERLAP };

static const char *const stiffness_words[] = {"direct", "connector", NULL};
static const char *const area_words[] = {"length", "radius", NULL};

static const cwb_param linear_params[] = {
    {.name = "stiffness",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = stiffness_words,
     .help = "direct: use kn; connector: seed 002 eq. 3 from radii and moduli"},
    {.name = "kn",
     .example = "5e6",
     .unit = "N/m",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "normal stiffness (stiffness = direct); per unit length for discs",
     .read_when = "stiffness=direct"},
    {.name = "connector_area",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = area_words,
     .help = "A = pi min(l1,l2)^2 (length, seed 002 text) or pi min(r1,r2)^2 "
             "(radius, Woo code)",
     .read_when = "stiffness=connector"},
    {.name = "connector_overlap",
     .unit = "m",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .help = "overlap u_N when the connector lengths were fixed (l_i = r_i - u_N/2)",
     .read_when = "stiffness=connector"},
    {0}};

/* Seed 002 eq. 3 for the pair g; exposed through the law for tests. */
static double connector_stiffness(const double *p, const cwb_pair *g)
{
    const cwb_body *b1 = &g->body[0], *b2 = &g->body[1];
    double half = 0.5 * p[P_OVERLAP];
    /* Rule 2: a flat body takes the other body's radius. */
    double r1 = b1->shape == CWB_SHAPE_WALL ? b2->radius : b1->radius;
    double r2 = b2->shape == CWB_SHAPE_WALL ? b1->radius : b2->radius;
    double l1 = r1 - half, l2 = r2 - half;
    double rmin = (int)p[P_AREA] == 1 ? fmin(r1, r2) : fmin(l1, l2);
    double area = M_PI * rmin * rmin;
    double c1 = b1->rigid ? 0.0 : l1 / b1->E;
    double c2 = b2->rigid ? 0.0 : l2 / b2->E;
    return area / (c1 + c2);
}

static double linear_kn(const double *p, const cwb_pair *g)
{
    return (int)p[P_STIFFNESS] == 1 ? connector_stiffness(p, g) : p[P_KN];
}

static int linear_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    if ((int)p[P_STIFFNESS] == 0 && !(p[P_KN] > 0.0))
        return cwb_fail(msg, n, CWB_EINPUT, "linear: stiffness = direct needs kn > 0 [N/m]");
    if ((int)p[P_STIFFNESS] == 1) {
        double rmin = fmin(g->body[0].shape == CWB_SHAPE_WALL ? INFINITY : g->body[0].radius,
                           g->body[1].shape == CWB_SHAPE_WALL ? INFINITY : g->body[1].radius);
        if (!(p[P_OVERLAP] < 2.0 * rmin))
            return cwb_fail(msg, n, CWB_EINPUT,
                            "linear: connector_overlap = %g m must be < %g m "
                            "(twice the smaller radius)",
                            p[P_OVERLAP], 2.0 * rmin);
        if (g->body[0].rigid && g->body[1].rigid)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "linear: a connector between two rigid bodies has "
                            "infinite stiffness");
    }
    return CWB_OK;
}

static int linear_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                       cwb_normal_out *out, void *trial)
{
    (void)state;
    (void)trial;
    *out = (cwb_normal_out){0};
    double kn = linear_kn(p, g);
    double d0 = k->delta0 > 0.0 ? k->delta0 : 0.0;
    if (k->delta <= 0.0) {
        out->work = -0.5 * kn * d0 * d0; /* released back to the bodies */
        return CWB_OK;
    }
    out->force = kn * k->delta;
    out->stiffness = kn;
    /* The law has no contact radius of its own; report the geometric
     * (Hertzian) one so that tangential laws that need one still work. */
    out->radius = sqrt(g->R_star * k->delta);
    out->energy = 0.5 * kn * k->delta * k->delta;
    out->work = out->energy - 0.5 * kn * d0 * d0;
    out->branch = CWB_BRANCH_ELASTIC;
    return CWB_OK;
}

const cwb_normal_type cwb_normal_linear = {
    .head =
        {
            .name = "linear",
            .summary = "linear spring F = kn delta; kn direct or seed 002 connector",
            .source = "[woo_linear] eq. 3 and its rules for l_i and A; [cundall_strack1979]",
            .params = linear_params,
            .dims = CWB_DIM_3D | CWB_DIM_2D,
            .flags = CWB_LAW_END_FORCES,
            .check = linear_check,
        },
    .step = linear_step,
};
