/* rolling_epsd.c -- elastic-plastic spring-dashpot rolling resistance
 * ("EPSD", model type C) with an optional torsional spring-slider.
 *
 * Rolling. Reference: [ai2011] sec. 2.3 (model C), in cwb's notation:
 *   Delta M_s = k_r Delta theta_r        (the spring, incremental)
 *   |M_s| <= M_m = mu_r R* F_n           (full mobilisation, a slider)
 *   k_r = c_r k_n mu_r^2 R*^2, c_r = 2.25 in 3D (or k_r given)
 *   M_d = C_r omega_r while |M_s| < M_m, f C_r omega_r at M_m (f = 0 or 1)
 *   C_r = eta_r 2 sqrt(I_r k_r),  1/I_r = 1/(I_1 + m_1 r_1^2) + 1/(I_2 + m_2 r_2^2)
 * with theta_r, omega_r the tangent-plane part of the rotation of body 1
 * relative to body 2 (cwb_kin.dtheta, omega_rel = omega1 - omega2). Body 1
 * receives -(M_s + M_d), body 2 +(M_s + M_d) (cwb_law.h). For a sphere on
 * a wall I_r = I + m R^2, the inertia about the contact point, so eta_r is
 * the damping ratio of the spring phase of a sphere rolling without slip:
 * (I + m R^2) theta'' = -k_r theta - C_r theta' (tests/test_rolling.c).
 * The slider is the return map of the tangential spring (spring.c) with
 * k_t -> k_r and mu F_n -> mu_r R* F_n: its exact work, stored energy
 * |M_s|^2 / (2 k_r) and the split of the loss into slip (>= 0) and
 * stiffness_energy are the same. A spring-slider driven between +-theta_0
 * beyond slip closes a loop of area 4 M_m (theta_0 - M_m / k_r).
 *
 * Where cwb decides what [ai2011] leaves open (the paper's equations could
 * not be checked against its text here; the forms above are those the
 * paper is cited for in LIGGGHTS' epsd/epsd3 documentation and by the
 * issue, and are recorded as such):
 *   - k_n is the normal law's current tangent stiffness dF_n/d(delta): Ai et
 *     al. used a linear normal spring. When k_r changes with k_n at a fixed
 *     torque the stored energy changes (stiffness_energy, signed, as for
 *     k_t of the Mindlin laws);
 *   - the stored torque is carried into a turning tangent plane with its
 *     magnitude kept (seed 001's rule for F_t, cwb_v3_rotate_into_plane);
 *   - spring_form = incremental (default) is Ai et al.'s Delta M = k Delta
 *     theta: a torque built up at one stiffness is kept when k changes;
 *     spring_form = displacement keeps M = k theta instead (the stored
 *     torque is rescaled by k/k_committed, as LAMMPS stores the angle and
 *     multiplies by the current stiffness): with k_tw = 0.5 k_t a^2
 *     (marshall) it reproduces LAMMPS 2021 `twisting marshall` to 1e-9
 *     (tests/peer/lammps_rolling.sh), the incremental form differs by 13 %
 *     in the spin change about the normal;
 *   - f = 0 by default (the damping switched off at full mobilisation, as
 *     LIGGGHTS implements it); f = 1 keeps it on;
 *   - the relative rotation is omega1 - omega2 for any radii (the
 *     rolling-velocity definitions weighted by R* of Iwashita & Oda (1998)
 *     and Luding (2008) differ from it for unequal spheres).
 *
 * Twisting (twist = spring_slider): the same spring-slider about the
 * normal, with stiffness k_tw and limit M_tw,
 *   k_tw = 16 a^3 / (3 (1/G_1 + 1/G_2))  (k_tw = auto: the initial
 *          torsional stiffness of a Hertzian contact, Lubkin (1951);
 *          Johnson (1985) sec. 7.4: 16 G a^3 / 3 for an elastic body
 *          twisted against a rigid one, the compliances of two bodies add),
 *   M_tw = (3 pi / 16) mu_tw F_n a  (twist_pressure = hertz: Coulomb
 *          friction mu_tw over the Hertz pressure at full slip, Lubkin
 *          1951; Deresiewicz 1954), or (2/3) mu_tw F_n a (uniform: the
 *          pressure of Marshall (2009), LAMMPS `twisting marshall`),
 *   a = the normal law's contact radius. No twisting damping.
 *   twist_stiffness = marshall takes instead k_tw = 0.5 k_t a^2 with
 *   Mindlin's k_t = 8 G* a (1/G* = (2 - nu1)/G1 + (2 - nu2)/G2), Marshall's
 *   (2009) eq. 32 as LAMMPS 2021 `twisting marshall` evaluates it: for two
 *   identical spheres 2 G a^3/(2 - nu), 3/(4 (2 - nu)) of Lubkin's
 *   8 G a^3/3 (0.44 at nu = 0.3).
 *   The slider reaches M_tw at theta = M_tw / k_tw, where the Hertzian
 *   contact reaches it only asymptotically: twist = lubkin follows the
 *   contact itself.
 *
 * Twisting (twist = lubkin): Lubkin's (1951) partial-slip torsion of the
 * Hertzian contact, a stick disc c < a and a slip annulus at mu_tw p(r):
 *   beta = B (K(k) - E(k)), M = mu_tw F_n a (4/pi) int_{c/a}^1 x^2 E dx,
 *   B = 3 mu_tw F_n (1/G_1 + 1/G_2)/(4 pi a^2), k = sqrt(1 - c^2/a^2),
 * from Lubkin's initial stiffness 16 a^3/(3 (1/G_1 + 1/G_2)) towards the
 * full-slip (3 pi/16) mu_tw F_n a; unloading and reloading by Masing's
 * rule (Deresiewicz 1954), with memory of the reversal points
 * (lubkin_torsion.c, where the closed form is derived). k_tw,
 * twist_pressure, twist_stiffness and spring_form do not apply (k_tw and
 * the two choices are refused). No twisting damping.
 *
 * Units: mu_r [-], k_r [N m/rad], eta_r [-], mu_tw [-], k_tw [N m/rad];
 * torques [N m]; energies [J]. 3D only. History: the two spring torques,
 * or the rolling torque and the normalised Lubkin state.
 */
#include <string.h>

#include "cwb_law.h"
#include "lubkin_torsion.h"

enum {
    P_MU_R,
    P_K_R,
    P_C_R,
    P_ETA_R,
    P_F,
    P_TWIST,
    P_MU_TW,
    P_K_TW,
    P_TW_PRESSURE,
    P_TW_STIFF,
    P_FORM
};

static const char *const f_words[] = {"0", "1", NULL};
static const char *const twist_words[] = {"none", "spring_slider", "lubkin", NULL};
static const char *const pressure_words[] = {"hertz", "uniform", NULL};
static const char *const stiffness_words[] = {"lubkin", "marshall", NULL};
static const char *const form_words[] = {"incremental", "displacement", NULL};

static const cwb_param epsd_params[] = {
    {.name = "mu_r",
     .example = "0.05",
     .unit = "-",
     .min = 0,
     .max = 1,
     .flags = CWB_P_REQUIRED | CWB_P_MIN_OPEN,
     .help = "coefficient of rolling resistance: M_m = mu_r R* F_n [ai2011]"},
    {.name = "k_r",
     .unit = "N m/rad",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_AUTO | CWB_P_MIN_OPEN,
     .help = "rolling stiffness; auto: c_r k_n mu_r^2 R*^2 with k_n the normal tangent stiffness"},
    {.name = "c_r",
     .unit = "-",
     .def = 2.25,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "factor of k_r = c_r k_n mu_r^2 R*^2 (2.25 in 3D, [ai2011])",
     .read_when = "k_r=auto"},
    {.name = "eta_r",
     .unit = "-",
     .def = 0.3,
     .min = 0,
     .max = 100,
     .flags = CWB_P_RATE,
     .help = "rolling damping ratio: C_r = eta_r 2 sqrt(I_r k_r) (0.3 in [ai2011])"},
    {.name = "f",
     .unit = "-",
     .def = 0,
     .flags = CWB_P_RATE,
     .kind = CWB_PARAM_CHOICE,
     .choices = f_words,
     .help = "damping at full mobilisation: 0 off (as LIGGGHTS), 1 on"},
    {.name = "twist",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = twist_words,
     .help = "twisting resistance: none, a torsional spring-slider, or lubkin: Lubkin's (1951) "
             "partial-slip curve with Masing unloading/reloading (Deresiewicz 1954)"},
    {.name = "mu_tw",
     .unit = "-",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .help = "friction coefficient of the twisting slider: M_tw = c mu_tw F_n a",
     .read_when = "twist=spring_slider|lubkin"},
    {.name = "k_tw",
     .unit = "N m/rad",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_AUTO | CWB_P_MIN_OPEN,
     .help = "twisting stiffness; auto: 16 a^3 / (3 (1/G1 + 1/G2)) (Lubkin 1951)",
     .read_when = "twist=spring_slider"},
    {.name = "twist_pressure",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = pressure_words,
     .help = "pressure of the twisting limit: hertz c = 3 pi/16, uniform c = 2/3",
     .read_when = "twist=spring_slider"},
    {.name = "twist_stiffness",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = stiffness_words,
     .help = "k_tw = auto: lubkin 16 a^3/(3 (1/G1 + 1/G2)), or marshall 0.5 k_t a^2 with "
             "k_t = 8 G* a (LAMMPS twisting marshall)",
     .read_when = "twist=spring_slider;k_tw=auto"},
    {.name = "spring_form",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = form_words,
     .help = "incremental: Delta M = k Delta theta ([ai2011]); displacement: M = k theta, "
             "the stored torque rescaled when k changes (LAMMPS)"},
    {0}};

typedef struct {
    cwb_spring_state roll;      /* rolling spring torque, in the tangent plane */
    union {                     /* one twisting law at a time (CWB_MAX_STATE) */
        cwb_spring_state twist; /* twist = spring_slider: torque in force.x */
        cwb_lubkin_state lk;    /* twist = lubkin: normalised state */
    };
} epsd_state;
CWB_STATE_FITS(epsd_state);

static int epsd_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    int tw = (int)p[P_TWIST];
    const char *name = tw == 2 ? "lubkin" : "spring_slider";
    if (tw >= 1 && !(p[P_MU_TW] > 0.0))
        return cwb_fail(msg, n, CWB_EINPUT, "epsd: twist = %s needs mu_tw > 0 [-] (got %g)", name,
                        p[P_MU_TW]);
    if (tw >= 1 && (tw == 2 || p[P_K_TW] == 0.0) && g->body[0].rigid && g->body[1].rigid)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "epsd: twist = %s with Lubkin's stiffness needs an elastic body "
                        "(G > 0)",
                        name);
    /* f switches the damping on at full mobilisation: with no damping it
     * would be a value the law never reads */
    if ((int)p[P_F] == 1 && p[P_ETA_R] == 0.0)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "epsd: f = 1 keeps the rolling damping at full mobilisation, "
                        "but eta_r = 0 [-] gives none: remove f, or give eta_r > 0");
    return CWB_OK;
}

/* 1/(I + m r^2) of one body: 0 for a wall (it does not turn). */
static double rolling_mobility(const cwb_body *b)
{
    if (b->shape == CWB_SHAPE_WALL)
        return 0.0;
    return 1.0 / (b->inertia + b->mass * b->radius * b->radius);
}

/* Torsional compliance 1/G_1 + 1/G_2 of the pair (a rigid body adds 0). */
static double torsion_compliance(const cwb_pair *g)
{
    double c = 0.0;
    for (int i = 0; i < 2; i++)
        if (!g->body[i].rigid)
            c += 1.0 / cwb_body_shear_modulus(&g->body[i]);
    return c;
}

/* The factor on the carried torque: 1 (incremental), or k/k_committed
 * (displacement form: the torque stays k theta when k changes). */
static double spring_scale(const double *p, double k, double k_committed)
{
    return (int)p[P_FORM] == 1 && k_committed > 0.0 ? k / k_committed : 1.0;
}

/* One spring-slider step in a fixed frame: increment d along x, limit
 * coefficient mu (the cap is mu F_n), stiffness k. */
static void slider_1d(const cwb_spring_state *s, double delta, double d, double k, double scale,
                      double mu, const cwb_normal_out *nrm, cwb_tangential_out *o,
                      cwb_spring_state *t)
{
    cwb_kin k1 = {.delta = delta, .normal = {0, 0, 1}, .dxi_t = {d, 0, 0}};
    cwb_spring_law law = {k, scale, mu};
    cwb_spring_step(s, &k1, nrm, &law, o, t);
}

/* The rolling part: spring-slider in the tangent plane plus the dashpot. */
static void epsd_roll(const double *p, const cwb_pair *g, const epsd_state *s, const cwb_kin *k,
                      const cwb_normal_out *nrm, cwb_rolling_out *out, epsd_state *t)
{
    double R = g->R_star, mu = p[P_MU_R];
    double kr = p[P_K_R] > 0.0 ? p[P_K_R] : p[P_C_R] * fmax(nrm->stiffness, 0.0) * mu * mu * R * R;
    cwb_kin kk = *k;
    kk.dxi_t = k->dtheta; /* spring.c takes the tangent-plane part */
    cwb_spring_law law = {kr, spring_scale(p, kr, s->roll.kt), mu * R};
    cwb_tangential_out o;
    cwb_spring_step(&s->roll, &kk, nrm, &law, &o, &t->roll);
    out->spring = o.force;
    out->stiffness = o.stiffness;
    out->energy += o.energy;
    out->work += o.work;
    out->dissipated += o.dissipated;
    out->slip += o.slip;
    out->stiffness_energy += o.stiffness_energy;
    /* fully mobilised: at the limit, not only beyond it (a stage with no
     * increment from a committed torque at M_m is mobilised too) */
    double mm = mu * R * nrm->force;
    out->sliding = o.sliding || (mm > 0.0 && cwb_v3_norm(o.force) >= mm * (1.0 - 1e-12));
    double mob = rolling_mobility(&g->body[0]) + rolling_mobility(&g->body[1]);
    int touching = k->delta > 0.0 && nrm->force > 0.0;
    if (touching && mob > 0.0 && kr > 0.0 && (!out->sliding || (int)p[P_F] == 1)) {
        double cr = p[P_ETA_R] * 2.0 * sqrt(kr / mob);
        out->viscous = cwb_v3_scale(cwb_v3_in_plane(k->omega_rel, k->normal), cr);
    }
}

/* The twisting part, twist = lubkin: Lubkin's partial-slip curve with
 * Masing branches (lubkin_torsion.c), B = 3 mu F_n C/(4 pi a^2). Released
 * out of contact (its stored energy reported lost, as spring.c). */
static void epsd_twist_lubkin(const double *p, const cwb_pair *g, const epsd_state *s,
                              const cwb_kin *k, const cwb_normal_out *nrm, cwb_rolling_out *out,
                              epsd_state *t)
{
    double a = nrm->radius, F = nrm->force, mu = p[P_MU_TW];
    if (!(k->delta > 0.0 && F > 0.0 && a > 0.0)) {
        memset(&t->lk, 0, sizeof t->lk);
        double e = s->lk.e * s->lk.unit_m * s->lk.unit_b;
        out->dissipated += e;
        out->stiffness_energy += e;
        return;
    }
    double unit_m = mu * F * a,
           unit_b = 3.0 * mu * F * torsion_compliance(g) / (4.0 * M_PI * a * a);
    cwb_lubkin_out o;
    cwb_lubkin_step(&s->lk, cwb_v3_dot(k->dtheta, k->normal), unit_m, unit_b, &o, &t->lk);
    out->spring = cwb_v3_add(out->spring, cwb_v3_scale(k->normal, o.torque));
    out->stiffness_twist = o.stiffness;
    out->energy += o.energy;
    out->work += o.work;
    out->dissipated += o.slip + o.stiffness_energy;
    out->slip_twist += o.slip;
    out->stiffness_energy += o.stiffness_energy;
    out->sliding_twist = o.sliding;
}

/* The twisting part: a spring-slider about the normal. */
static void epsd_twist(const double *p, const cwb_pair *g, const epsd_state *s, const cwb_kin *k,
                       const cwb_normal_out *nrm, cwb_rolling_out *out, epsd_state *t)
{
    double a = nrm->radius;
    double c = (int)p[P_TW_PRESSURE] == 0 ? 3.0 * M_PI / 16.0 : 2.0 / 3.0;
    double ktw = p[P_K_TW];
    if (!(ktw > 0.0))
        ktw = (int)p[P_TW_STIFF] == 0 ? 16.0 * a * a * a / (3.0 * torsion_compliance(g))
                                      : 0.5 * 8.0 * g->G_star * a * a * a;
    cwb_tangential_out o;
    slider_1d(&s->twist, k->delta, cwb_v3_dot(k->dtheta, k->normal), ktw,
              spring_scale(p, ktw, s->twist.kt), c * p[P_MU_TW] * a, nrm, &o, &t->twist);
    out->spring = cwb_v3_add(out->spring, cwb_v3_scale(k->normal, o.force.x));
    out->stiffness_twist = o.stiffness;
    out->energy += o.energy;
    out->work += o.work;
    out->dissipated += o.dissipated;
    out->slip_twist += o.slip;
    out->stiffness_energy += o.stiffness_energy;
    out->sliding_twist = o.sliding;
}

static int epsd_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                     const cwb_normal_out *nrm, cwb_rolling_out *out, void *trial)
{
    const epsd_state *s = state;
    epsd_state *t = trial;
    memset(out, 0, sizeof *out);
    /* out of contact the springs are released (spring.c): their energy is
     * reported lost, the trial state is virgin */
    epsd_roll(p, g, s, k, nrm, out, t);
    if ((int)p[P_TWIST] == 1)
        epsd_twist(p, g, s, k, nrm, out, t);
    else if ((int)p[P_TWIST] == 2)
        epsd_twist_lubkin(p, g, s, k, nrm, out, t);
    cwb_vec3 m = cwb_v3_add(out->spring, out->viscous);
    out->torque1 = g->body[0].shape == CWB_SHAPE_WALL ? cwb_v3(0, 0, 0) : cwb_v3_scale(m, -1.0);
    out->torque2 = g->body[1].shape == CWB_SHAPE_WALL ? cwb_v3(0, 0, 0) : m;
    return CWB_OK;
}

const cwb_rolling_type cwb_rolling_epsd = {
    .head =
        {
            .name = "epsd",
            .creates_energy = "cwb's reading makes k_r and k_tw follow the normal law's stiffness "
                              "(Ai et al. 2011 used a constant one): a held torque stores more as "
                              "they fall (or, with spring_form = displacement, rise), and Lubkin's "
                              "twist as the load rises (src/laws/rolling_epsd.c)",
            .summary = "elastic-plastic spring-dashpot rolling resistance (type C), optional "
                       "torsional spring-slider",
            .source = "[ai2011] model C; twisting: [lubkin1951], [deresiewicz1954], "
                      "[marshall2009]",
            .params = epsd_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(epsd_state),
            .flags = CWB_LAW_RESTART_FORCES,
            .check = epsd_check,
        },
    .step = epsd_step,
};
