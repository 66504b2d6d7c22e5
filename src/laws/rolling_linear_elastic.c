/* rolling_linear_elastic.c -- the bending and twisting springs of the
 * purely elastic 6-DoF model.
 *
 * Reference: [woo_linear], "Purely elastic model 6-DoF model"
 * (woo.dem.Law2_L6Geom_FrictPhys_LinEl6): elastic along all six degrees
 * of freedom, no slider,
 *   F_n = k_n u_n,  F_t = k_t u_t,  T_n = k_w phi_n,  T_b = k_b phi_t,
 *   k_w = l k_n,    k_b = l k_t   (as printed; l the characteristic length),
 * so k_t/k_n = k_b/k_w. The normal and shear parts are cwb's `linear`
 * normal law and `linear` tangential law (with a friction coefficient too
 * large to be reached); this file is the rotational part.
 *
 * Deviation (doc/findings.md, finding 39): the page says k_w and k_b "have
 * the dimension N/m", but with k_n in N/m and l in m, l k_n is in N and
 * k_w phi_n is a force, not a torque. A torque needs a stiffness in
 * N m/rad: the force k_n l phi at the lever arm l, l^2 k_n. cwb takes
 *   k_w = l^2 k_n,  k_b = l^2 (k_t/k_n) k_n,
 * which keeps the page's k_t/k_n = k_b/k_w. Woo's source divides by l
 * instead (N/m^2 for k_n in N/m). k_n is the normal law's current tangent
 * stiffness (the page's linear spring: a constant).
 *
 * The springs are in the page's total form, T = k phi: phi is the rotation
 * of body 1 relative to body 2 accumulated since first touch (cwb_kin.dtheta
 * summed), split at each evaluation into its part along the current normal
 * (twisting) and the rest (bending). Body 1 receives -T, body 2 +T (the
 * sign convention of cwb_rolling_out). The stored energy is
 * (k_b |phi_t|^2 + k_w phi_n^2)/2 and the work of a step the trapezoid of
 * T along the increment (from the committed torque to the step's), exact
 * for constant stiffnesses; where k_n changes
 * the difference is the signed stiffness_energy (as for k_t of the Mindlin
 * laws). Out of contact the springs are released and their energy is
 * reported lost, as rolling_epsd.c does.
 *
 * Units: length [m], kt_div_kn [-]; stiffnesses [N m/rad]; torques [N m];
 * energies [J]. 3D only. History: phi, the torque and the energy committed.
 */
#include "cwb_law.h"

enum { P_LENGTH, P_KT_DIV_KN };

static const cwb_param le_params[] = {
    {.name = "length",
     .example = "1e-3",
     .unit = "m",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_REQUIRED | CWB_P_MIN_OPEN,
     .help = "characteristic length l (Woo's charLen): k_w = l^2 k_n, k_b = l^2 kt_div_kn k_n"},
    {.name = "kt_div_kn",
     .example = "0.2",
     .unit = "-",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_REQUIRED,
     .help = "k_t/k_n of the shear spring, which k_b/k_w repeats (the page's ktDivKn)"},
    {0}};

typedef struct {
    cwb_vec3 phi;    /* rotation of body 1 relative to body 2 since first touch [rad] */
    cwb_vec3 torque; /* the spring torque committed with it [N m] */
    double energy;   /* stored at the committed state, with its stiffnesses [J] */
} le_state;
CWB_STATE_FITS(le_state);

/* The spring torque of rotation phi about normal n: k_b on the bending
 * part, k_w on the twisting part; *energy its stored energy. */
static cwb_vec3 spring_torque(cwb_vec3 phi, cwb_vec3 n, double kb, double kw, double *energy)
{
    double twist = cwb_v3_dot(phi, n);
    cwb_vec3 bend = cwb_v3_in_plane(phi, n);
    *energy = 0.5 * (kb * cwb_v3_dot(bend, bend) + kw * twist * twist);
    return cwb_v3_add(cwb_v3_scale(bend, kb), cwb_v3_scale(n, kw * twist));
}

static int le_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                   const cwb_normal_out *nrm, cwb_rolling_out *out, void *trial)
{
    const le_state *s = state;
    le_state *t = trial;
    *out = (cwb_rolling_out){0};
    double kw = p[P_LENGTH] * p[P_LENGTH] * fmax(nrm->stiffness, 0.0), kb = p[P_KT_DIV_KN] * kw;
    double after;
    if (!(k->delta > 0.0)) { /* released: the stored energy is lost */
        *t = (le_state){{0, 0, 0}, {0, 0, 0}, 0.0};
        out->dissipated = out->stiffness_energy = s->energy;
        return CWB_OK;
    }
    t->phi = cwb_v3_add(s->phi, k->dtheta);
    cwb_vec3 m1 = spring_torque(t->phi, k->normal, kb, kw, &after);
    t->torque = m1;
    t->energy = after;
    out->spring = m1;
    out->stiffness = kb;
    out->stiffness_twist = kw;
    out->energy = after;
    /* the trapezoid from the committed torque (its stiffness) to this one */
    out->work = 0.5 * cwb_v3_dot(cwb_v3_add(s->torque, m1), k->dtheta);
    /* no slider: what is not stored went with a change of stiffness since
     * the committed state: zero for the page's constant k_n while the
     * normal keeps its direction; a turning normal re-splits phi between
     * k_b and k_w, which differ unless kt_div_kn = 1 */
    out->dissipated = out->stiffness_energy = out->work - (after - s->energy);
    out->torque1 = g->body[0].shape == CWB_SHAPE_WALL ? cwb_v3(0, 0, 0) : cwb_v3_scale(m1, -1.0);
    out->torque2 = g->body[1].shape == CWB_SHAPE_WALL ? cwb_v3(0, 0, 0) : m1;
    return CWB_OK;
}

const cwb_rolling_type cwb_rolling_linear_elastic = {
    .head =
        {
            .name = "linear_elastic",
            .creates_energy = "its springs (l^2 k_n, l^2 k_t) follow the normal stiffness: at a "
                              "held rotation they store more as k_n rises, or when the normal "
                              "turns with kt_div_kn != 1 (doc/findings.md, finding 39)",
            .summary = "bending and twisting springs of the purely elastic 6-DoF model, "
                       "k_w = l^2 k_n, k_b = l^2 k_t/k_n k_n",
            .source = "[woo_linear] (purely elastic 6-DoF model, stiffnesses l^2 k: finding 39)",
            .params = le_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(le_state),
            .flags = CWB_LAW_RESTART_FORCES,
        },
    .step = le_step,
};
