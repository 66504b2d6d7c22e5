/* collision.c -- a collision of two bodies (or a body and a wall) in
 * 3D rigid-body motion, integrated with classical RK4.
 *
 * Set-up. Body 1 sits at the origin, body 2 (or the wall plane) touches it
 * along +z, so the contact normal n points from body 1 to body 2 and starts
 * as +z. The relative velocity of body 1 with respect to body 2 at first
 * contact is v_normal along +z (closing) plus v_tangential along +x; it is
 * shared between two free bodies so that the centre of mass is at rest.
 * Spins omega1, omega2 are about +y: a positive spin moves that body's
 * contact point along +x.
 *
 * State. Positions, velocities and angular velocities of both bodies, plus
 *   xi   the tangential displacement of body 2 relative to body 1 at the
 *        contact point accumulated since the last committed step
 *        (d xi/dt = v_t), which is the Delta xi_t every law sees; and
 *   theta the rotation of body 1 relative to body 2 accumulated since the
 *        last committed step (d theta/dt = omega1 - omega2), the increment
 *        cwb_kin.dtheta rolling and twisting springs see;
 *   W_n, W_t, D_damp, D_roll  the work done on the normal and tangential
 *        springs and the energy dissipated by damping, and the work done
 *        on the rolling law (its torques against the spins), integrated
 *        with the motion so the energy account is as accurate as the
 *        trajectory; D_visc the part of it the rolling law's dashpot took.
 * Spins about the initial normal (omega1_normal, omega2_normal) start a
 * twisting motion. energy_dissipated_rolling is D_roll less the energy the
 * rolling springs still hold; the rolling law's own report splits it into
 * energy_dissipated_rolling_slip, _viscous (the driver's D_visc),
 * energy_dissipated_twisting and energy_rolling_stiffness_change (signed:
 * k_r follows k_n).
 * A collision that starts on the line of centres (no tangential velocity,
 * no spin) stays there and integrates only the unknowns along it ("Head-on
 * collisions" below).
 * Every RK4 stage evaluates the laws from the committed history; after the
 * step the driver evaluates them once more at the new state and commits
 * that trial state (the law contract, cwb_law.h). The contact normal and
 * tangent plane follow the centres at every evaluation; a law carries its
 * stored tangential force into the new plane (seed 001).
 *
 * Kinematics (seed 001 "Relative velocity", with the rotational terms of
 * the contact-point velocities written with the sign that makes friction
 * oppose slip; the extracted seed has +omega1 x r_c - omega2 x r_c2, which
 * would make a spinning sphere accelerate its own slip):
 *   v_rel = (v2 + omega2 x r2c) - (v1 + omega1 x r1c),  r_ic = CP - O_i,
 *   CP = O1 + (O2 - O1) r1/(r1 + r2) for two spheres (seed 001), and the
 *   foot of body 1's centre on the plane for a wall.
 *
 * The step is the classical four-stage RK4 of cwb_rk4_step (cwb_numeric.h
 * says why not GSL's stepper).
 *
 * Reported results (Chung & Ooi 2011's definitions, with u the velocity of
 * body 1's centre relative to body 2's, x the tangential direction):
 *   restitution_normal            -u_n'/u_n;
 *   restitution_tangential        u_x'/u_x of the centres (C&O test 4;
 *                                 1 - mu (1 + e_n)/tan(theta) in gross sliding);
 *   restitution_tangential_contact  v_t'/v_t of the contact-point slip, sign
 *                                 kept (Maw et al. 1976; 1 - (7/2) mu (1 + e_n)
 *                                 u_n/u_x in gross sliding);
 *   rebound_angle_deg             angle from the normal of body 1's
 *                                 contact-point velocity after impact
 *                                 (C&O's contact-patch rebound angle);
 *   rebound_angle_com_deg         the same for the centre velocity;
 *   omega1_after, omega2_after    spins about +y;
 *   permanent_overlap             the overlap where the unloading normal
 *                                 force crossed zero: the permanent
 *                                 deformation (0 for an elastic law);
 *   zero_force_overlap            the same for an adhesive law (pull-off
 *                                 force > 0), reported under this name
 *                                 instead: the zero-force point of its
 *                                 curve (elastic JKR: the equilibrium
 *                                 overlap under no load), no deformation;
 *   stuck                         1 when the bodies were captured (below),
 *                                 else 0; capture_time when it was
 *                                 established. A stuck run reports
 *                                 restitution_normal 0, the energies at
 *                                 capture, and the rebound results above
 *                                 (contact time, velocities, angles,
 *                                 spins) undefined.
 * Energy: energy_dissipated_slip is the tangential law's slip dissipation
 * (>= 0); energy_from_stiffness_change the signed rest of its dissipation
 * (lost (+) or created (-) when the normal state changes k_t, rescales the
 * force or lowers the Coulomb cap). Steps where the normal law gave back
 * more than it took (CWB_FLAG_ENERGY_GAIN) are counted in energy_gain_steps
 * with energy_returned_by_law, and warned about; a warning also says when
 * the contact's net energy is positive (energy_out + stored > energy_in).
 *
 * Separation. The step that crosses delta = 0 is repeated with its length
 * found on the crossing step's dense output (the cubic Hermite of the
 * overlap; land_on_dense_output) or, for laws with history or tension, by a
 * GSL Brent root solve on whole trial steps, so the run ends at separation
 * and the post-impact velocities carry no force from a partial step.
 *
 * Capture. An adhesive contact whose bodies hold less energy than it needs
 * to end (after the first rebound attempt) never ends: the run stops there
 * and reports stuck = 1 ("Capture" below) instead of oscillating in the
 * attractive well until max_steps.
 *
 * Transitions. A step inside which a law changes regime (stick <-> slip of
 * a tangential law that reports slip_margin, yield onset, the peak of a
 * law with memory) is cut to the instant of the change, found by Brent on
 * a function continuous across it, evaluated on the step's dense output
 * ("Law transitions inside a step" below), so every step lies on one
 * smooth piece and the run stays fourth order.
 */
#include <float.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

#include "cwb_collision.h"
#include "cwb_collision_verlet.h"
#include "cwb_contact.h"
#include "cwb_numeric.h"
#include "cwb_dt_auto.h"
#include "cwb_run.h"

enum {
    P_VN,
    P_VT,
    P_SPEED,
    P_ANGLE,
    P_OMEGA1,
    P_OMEGA2,
    P_DT,
    P_DT_TOL,
    P_MAX_STEPS,
    P_ROWS,
    P_PSI_MU,
    P_OMEGA1_N,
    P_OMEGA2_N,
    P_INTEGRATOR,
    P_SPIN_LEVER
};

static const char *const integrators[] = {"rk4", "verlet", NULL};
static const char *const spin_levers[] = {"contact_point", "radius", NULL};

static const cwb_param collision_params[] = {
    {.name = "v_normal",
     .example = "1",
     .unit = "m/s",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "closing speed of body 1 towards body 2 at first contact (or impact_speed)"},
    {.name = "v_tangential",
     .unit = "m/s",
     .min = -INFINITY,
     .max = INFINITY,
     /* with a tangential law, an oblique impact (26.6 deg with v_normal 1):
      * head-on, the law would do nothing and e_t be undefined */
     .example_with_law = "tangential=0.5",
     .help = "tangential speed of body 1 relative to body 2 (along +x)"},
    {.name = "impact_speed",
     .unit = "m/s",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "instead of v_normal/v_tangential: speed V, with v_n = V cos(angle), "
             "v_t = V sin(angle)"},
    {.name = "impact_angle_deg",
     .unit = "deg",
     .min = 0,
     .max = 90,
     .flags = CWB_P_MAX_OPEN,
     .help = "impact angle from the normal (with impact_speed)"},
    {.name = "omega1",
     .unit = "rad/s",
     .min = -INFINITY,
     .max = INFINITY,
     .help = "spin of body 1 about +y (positive moves its contact point along +x)"},
    {.name = "omega2",
     .unit = "rad/s",
     .min = -INFINITY,
     .max = INFINITY,
     .help = "spin of body 2 about +y (ignored for a wall)"},
    CWB_STEP_KEYS("time step; auto: from the expected contact time, halved until "
                  "the results change by less than dt_tol",
                  1e-6,
                  "dt = auto: largest change of the contact time, peak overlap and force, "
                  "restitutions, rebound angles and spins, each relative to the larger of its "
                  "value and a floor (the expected contact time, overlap and force; 1 for a "
                  "restitution; 90 deg for an angle; (v_n + |v_t|)/R or the initial spins for a "
                  "spin), not the energy split (doc/integration.md); with a fixed dt, the "
                  "bound of the energy account's warning",
                  "integrator=rk4",
                  /* an oblique impact (v_tangential's example): a law's stick-slip kink
                   * makes dt = auto converge at first order in dt; at 1e-6 the cases of
                   * cwb init took 11 s of CPU (mbf) and over 117 s (hertz2d_accurate),
                   * at 1e-4 under 2 s */
                  "tangential=1e-4", 2e7,
                  "give up (exit 1) when separation takes more steps than this", 2000),
    {.name = "psi_mu",
     .unit = "-",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .help = "report the normalised impact and recoil angles psi1, psi2 (Chung & Ooi) "
             "and psi1_maw, psi2_maw (Maw et al.) with this friction coefficient; 0: off",
     .read_when = "integrator=rk4"},
    {.name = "omega1_normal",
     .unit = "rad/s",
     .min = -1e9,
     .max = 1e9,
     .help = "spin of body 1 about the initial normal +z (twisting)"},
    {.name = "omega2_normal",
     .unit = "rad/s",
     .min = -1e9,
     .max = 1e9,
     .help = "spin of body 2 about the initial normal +z (ignored for a wall)"},
    {.name = "integrator",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = integrators,
     .help = "rk4: the law's converged answer (events located in the step); verlet: what a "
             "DEM code's velocity Verlet (LAMMPS fix nve/sphere) gives at the dt given (not "
             "auto): one law evaluation a step, no event location, contact time in whole "
             "steps (contact_time) and at the overlap's zero interpolated between the last "
             "two steps (contact_time_interpolated); 3D, normal and damping laws without history, "
             "no rolling law "
             "(collision_verlet.c)"},
    {.name = "spin_lever",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = spin_levers,
     .help = "integrator = verlet: the spins' lever arm in the contact-point velocity, to the "
             "contact point, or the undeformed radius (LAMMPS pair granular)",
     .read_when = "integrator=verlet"},
    {0}};

/* The relative velocity components of the case, whichever way given. */
static void impact_velocity(const double *p, double *vn, double *vt)
{
    if (p[P_SPEED] > 0.0) {
        double a = p[P_ANGLE] * M_PI / 180.0;
        *vn = p[P_SPEED] * cos(a);
        *vt = p[P_SPEED] * sin(a);
    } else {
        *vn = p[P_VN];
        *vt = p[P_VT];
    }
}

/* Layout of the ODE state. The unknowns a head-on collision moves (the
 * centres and velocities along the initial normal +z, the normal work and
 * the damping loss) come first, so that such a collision integrates that
 * prefix alone (NY_HEAD_ON; "Head-on collisions" below); the in-plane
 * components of the centres and velocities, the spins and the tangential
 * and rolling unknowns follow. */
enum {
    Z1 = 0, /* centre of body 1 along +z */
    VZ1 = 1,
    Z2 = 2,
    VZ2 = 3,
    WORK_N = 4,
    DISS_D = 5,
    NY_HEAD_ON = 6,
    XY1 = 6, /* centre of body 1 along +x, +y */
    VXY1 = 8,
    XY2 = 10,
    VXY2 = 12,
    W1 = 14,
    W2 = 17,
    XI = 20,
    THETA = 23, /* rotation of body 1 relative to body 2 since the commit */
    WORK_T = 26,
    DISS_R = 27,
    DISS_V = 28, /* energy dissipated by the rolling law's dashpot */
    NY = 29
};

/* A centre or a velocity: its in-plane pair and its +z component. */
typedef struct {
    int xy, z;
} split;
static const split X1 = {XY1, Z1}, V1 = {VXY1, VZ1}, X2 = {XY2, Z2}, V2 = {VXY2, VZ2};

typedef struct {
    cwb_contact ct;
    cwb_collision_bodies props;
    double delta0;  /* overlap of the committed state */
    double h;       /* length of the step being taken */
    int head_on;    /* the motion stays on the line of centres: only the
                      first NY_HEAD_ON unknowns move ("Head-on collisions") */
    size_t ny;      /* the unknowns integrated: NY_HEAD_ON or NY */
    cwb_kin *axial; /* head-on: the kinematics every evaluation fills in
                       (cwb_contact_eval_axial; the run's own) */
} sim;

typedef struct {
    cwb_vec3 n, r1c, r2c, v_rel, v_t;
    double delta, delta_rate;
} geometry;

static cwb_vec3 get3(const double *y, int i)
{
    return cwb_v3(y[i], y[i + 1], y[i + 2]);
}

static void put3(double *y, int i, cwb_vec3 v)
{
    y[i] = v.x;
    y[i + 1] = v.y;
    y[i + 2] = v.z;
}

/* Head-on collisions. The motion stays on the line of centres when it
 * starts there -- no tangential velocity, no spin (the initial state's
 * unknowns past NY_HEAD_ON all zero) -- and no law gives a tangential
 * force or a torque while the tangential displacement and velocity and
 * the spins are zero: then the forces are along +z, the spins and the
 * in-plane motion stay zero, and the centres move along +z alone. That
 * holds for every registered law: a tangential spring carries the force
 * it has (none) plus its stiffness times the increment (none), a dashpot
 * acts against a velocity, a rolling or twisting law against a rotation
 * or spin (tests/test_head_on.c drives every tangential, damping and
 * rolling law of the registry with every normal law it composes with
 * through loading and unloading at zero tangential motion and asserts the
 * force and torques zero; a law that breaks it fails the collision here,
 * accept_step). Such a collision integrates the NY_HEAD_ON unknowns with
 * the same RK4 steps, on the same geometry without the centre distance's
 * square root (for centres on +z it is z2 - z1 exactly; the normal is +z,
 * where the general geometry's d/|d| can be 1 - 2^-53). The results
 * agree with the general path's to round-off (tests/test_head_on.c). */
static void head_on_geometry(const sim *s, const double *y, geometry *g)
{
    double dz = s->props.reach + (y[Z2] - y[Z1]); /* body 2's centre: centre2 */
    g->n = cwb_v3(0, 0, 1);
    g->delta = s->props.reach - dz;
    g->r1c = cwb_v3(0, 0, s->props.wall ? dz : dz * s->props.share1);
    g->r2c = cwb_v3(0, 0, g->r1c.z - dz);
    g->v_rel = cwb_v3(0, 0, y[VZ2] - y[VZ1]);
    g->delta_rate = y[VZ1] - y[VZ2];
    g->v_t = cwb_v3(0, 0, 0);
}

/* The right-hand side of the head-on unknowns at overlap delta closing at
 * delta_rate, t_off after the committed state. */
static int head_on_rhs(const sim *s, const double *y, double delta, double delta_rate, double t_off,
                       double *dy, cwb_contact_out *o, cwb_contact_trial *trial)
{
    int rc = cwb_contact_eval_axial(&s->ct, s->axial, delta, s->delta0, delta_rate, t_off, s->h, o,
                                    trial);
    if (rc != CWB_OK)
        return rc;
    double normal = o->n.force + o->d.force_n; /* on body 2, along +z */
    dy[Z1] = y[VZ1];
    dy[VZ1] = -normal * s->props.inv_m1;
    dy[Z2] = s->props.wall ? 0.0 : y[VZ2];
    dy[VZ2] = s->props.wall ? 0.0 : normal * s->props.inv_m2;
    dy[WORK_N] = o->n.force * delta_rate;
    dy[DISS_D] = o->d.force_n * delta_rate;
    return CWB_OK;
}

static cwb_vec3 get_split(const double *y, split v)
{
    return cwb_v3(y[v.xy], y[v.xy + 1], y[v.z]);
}

static void put_split(double *y, split v, cwb_vec3 a)
{
    y[v.xy] = a.x;
    y[v.xy + 1] = a.y;
    y[v.z] = a.z;
}

/* Body 2's centre. The state holds it as a displacement from where it
 * starts, (0, 0, reach), not as a coordinate: a body much heavier than
 * body 1 (a sphere of radius 10 m hit by one of 0.1 m, mass ratio 1e6)
 * moves by less than half an ulp of its coordinate per step when steps are
 * short (2e-7 m/s x 4.8e-9 s < ulp(10.1 m) / 2), so its motion was lost
 * to rounding, and with it 5e-7 of the maximum overlap (Chung & Ooi test
 * 8). The overlap is still taken from the coordinates, reach - (reach + z2
 * - z1), one rounding of reach an evaluation, as the general path's |x2 -
 * x1| is: the head-on and general paths agree to round-off
 * (tests/test_head_on.c). Taken as z1 - z2 exactly, the JKR and
 * Thornton-Ning cycle losses fell by 9.5 % with e unchanged: that overlap
 * is fine enough for the separation solve to land on delta_off exactly,
 * where the two laws still held the contact (delta >= delta_c) while the
 * driver had ended it (delta <= delta_off), so U(a_c) = (2/5) pi w a_c^2
 * stayed stored instead of lost. reach - (reach + z2 - z1) lands there
 * only where delta_c is a multiple of ulp(reach), which a change of w by
 * 3e-13 brings about. The laws now end the contact at delta <= delta_off
 * too, and both overlaps give the same losses to 3e-9 of the closed form
 * (doc/findings.md, finding 51; tests/test_adhesion.c,
 * adhesive_loss_independent_of_last_bit). The rounding through reach is
 * kept: it is the general path's, and z1 - z2 changed no result of the
 * 85 shipped collision cases by more than 1e-9 but round-off noise: the
 * dissipation of elastic impacts (below 3e-14 J), energy balance errors,
 * and dt error estimates and errors against references (by 7e-8 of
 * themselves at most). */
static cwb_vec3 centre2(const sim *s, const double *y)
{
    cwb_vec3 u = get_split(y, X2);
    return cwb_v3(u.x, u.y, u.z + s->props.reach);
}

static void geometry_of(const sim *s, const double *y, geometry *g)
{
    if (s->head_on) {
        head_on_geometry(s, y, g);
        return;
    }
    cwb_vec3 x1 = get_split(y, X1), x2 = centre2(s, y);
    if (s->props.wall) {
        g->n = cwb_v3(0, 0, 1);
        double gap = x2.z - x1.z; /* centre of body 1 to the wall plane */
        g->delta = s->props.r1 - gap;
        cwb_vec3 cp = cwb_v3(x1.x, x1.y, x2.z);
        g->r1c = cwb_v3_sub(cp, x1);
        g->r2c = cwb_v3_sub(cp, x2);
    } else {
        cwb_vec3 d = cwb_v3_sub(x2, x1);
        double dist = cwb_v3_norm(d);
        g->n = cwb_v3_scale(d, 1.0 / dist);
        g->delta = s->props.r1 + s->props.r2 - dist;
        cwb_vec3 cp = cwb_v3_add(x1, cwb_v3_scale(d, s->props.share1));
        g->r1c = cwb_v3_sub(cp, x1);
        g->r2c = cwb_v3_sub(cp, x2);
    }
    cwb_vec3 c1 = cwb_v3_add(get_split(y, V1), cwb_v3_cross(get3(y, W1), g->r1c));
    cwb_vec3 c2 = cwb_v3_add(get_split(y, V2), cwb_v3_cross(get3(y, W2), g->r2c));
    g->v_rel = cwb_v3_sub(c2, c1);
    g->delta_rate = -cwb_v3_dot(g->v_rel, g->n);
    g->v_t = cwb_v3_in_plane(g->v_rel, g->n);
}

static void kinematics(const sim *s, const double *y, const geometry *g, double t_off, cwb_kin *k)
{
    k->delta = g->delta;
    k->delta0 = s->delta0;
    k->h = s->h;
    k->delta_rate = g->delta_rate;
    k->normal = g->n;
    k->dxi_t = cwb_v3_in_plane(get3(y, XI), g->n);
    k->v_t = g->v_t;
    k->omega1 = get3(y, W1);
    k->omega2 = get3(y, W2);
    k->omega_rel = cwb_v3_sub(k->omega1, k->omega2);
    k->dtheta = get3(y, THETA);
    k->dt = t_off;
}

/* The laws' evaluation at state y (geometry g), t_off after the committed
 * state: what rhs_at evaluates, without the right-hand side built from it
 * (a root solve on the dense output needs only the evaluation). */
static int laws_at(const sim *s, const double *y, const geometry *g, double t_off,
                   cwb_contact_out *o, cwb_contact_trial *trial)
{
    if (s->head_on)
        return cwb_contact_eval_axial(&s->ct, s->axial, g->delta, s->delta0, g->delta_rate, t_off,
                                      s->h, o, trial);
    cwb_kin k;
    kinematics(s, y, g, t_off, &k);
    return cwb_contact_eval(&s->ct, &k, o, trial);
}

/* Right-hand side at state y (geometry g), t_off after the committed state. */
static int rhs_at(const sim *s, const double *y, const geometry *gy, double t_off, double *dy,
                  cwb_contact_out *o, cwb_contact_trial *trial)
{
    if (s->head_on)
        return head_on_rhs(s, y, gy->delta, gy->delta_rate, t_off, dy, o, trial);
    const geometry *g = gy;
    cwb_kin k;
    kinematics(s, y, g, t_off, &k);
    int rc = cwb_contact_eval(&s->ct, &k, o, trial);
    if (rc != CWB_OK)
        return rc;

    double normal = o->n.force + o->d.force_n;
    cwb_vec3 ft = cwb_v3_add(o->t.force, o->d.force_t);
    cwb_vec3 f2 = cwb_v3_sub(cwb_v3_scale(g->n, normal), ft);
    cwb_vec3 f1 = cwb_v3_scale(f2, -1.0);
    cwb_vec3 tq1 = cwb_v3_add(cwb_v3_cross(g->r1c, f1), o->r.torque1);
    cwb_vec3 tq2 = cwb_v3_add(cwb_v3_cross(g->r2c, f2), o->r.torque2);

    put_split(dy, X1, get_split(y, V1));
    put_split(dy, V1, cwb_v3_scale(f1, s->props.inv_m1));
    put3(dy, W1, cwb_v3_scale(tq1, s->props.inv_I1));
    if (s->props.wall) {
        put_split(dy, X2, cwb_v3(0, 0, 0));
        put_split(dy, V2, cwb_v3(0, 0, 0));
        put3(dy, W2, cwb_v3(0, 0, 0));
    } else {
        put_split(dy, X2, get_split(y, V2));
        put_split(dy, V2, cwb_v3_scale(f2, s->props.inv_m2));
        put3(dy, W2, cwb_v3_scale(tq2, s->props.inv_I2));
    }
    put3(dy, XI, g->v_t);
    dy[WORK_N] = o->n.force * g->delta_rate;
    dy[WORK_T] = cwb_v3_dot(o->t.force, g->v_t);
    dy[DISS_D] = o->d.force_n * g->delta_rate + cwb_v3_dot(o->d.force_t, g->v_t);
    dy[DISS_R] = -(cwb_v3_dot(o->r.torque1, k.omega1) + cwb_v3_dot(o->r.torque2, k.omega2));
    put3(dy, THETA, k.omega_rel);
    dy[DISS_V] = cwb_v3_dot(o->r.viscous, k.omega_rel);
    return CWB_OK;
}

/* Right-hand side at state y, t_off after the committed state. */
static int rhs(const sim *s, const double *y, double t_off, double *dy, cwb_contact_out *o,
               cwb_contact_trial *trial)
{
    if (s->head_on)
        return head_on_rhs(s, y, s->props.reach - (s->props.reach + (y[Z2] - y[Z1])),
                           y[VZ1] - y[VZ2], t_off, dy, o, trial);
    geometry g;
    geometry_of(s, y, &g);
    return rhs_at(s, y, &g, t_off, dy, o, trial);
}

/* The right-hand side in the form the shared RK4 step takes. */
static int rhs_stage(void *ctx, const double *y, double t_off, double *dy)
{
    cwb_contact_out o;
    cwb_contact_trial trial;
    return rhs(ctx, y, t_off, dy, &o, &trial);
}

/* One classical RK4 step of length h from y into out (no commit), its
 * first stage k1 given (or NULL). Of a head-on collision only the first
 * s->ny unknowns move; the rest are copied. */
static int rk4_from(const sim *s, const double *y, const double *k1, double h, double *out)
{
    if (s->ny < NY)
        memcpy(out + s->ny, y + s->ny, (NY - s->ny) * sizeof *y);
    if (k1)
        return cwb_rk4_step_k1(rhs_stage, (void *)s, s->ny, y, k1, h, out);
    return cwb_rk4_step(rhs_stage, (void *)s, s->ny, y, h, out);
}

static int rk4(const sim *s, const double *y, double h, double *out)
{
    return rk4_from(s, y, NULL, h, out);
}

/* What the laws report about energy over the committed steps. */
typedef struct {
    double slip;                  /* tangential slip dissipation (>= 0) */
    double stiff;                 /* tangential energy lost (+) or created (-) by
                                 changes of the normal state (cwb_law.h) */
    double gained;                /* energy the normal law returned beyond what it
                                 took, on CWB_FLAG_ENERGY_GAIN steps */
    size_t gains;                 /* such steps */
    double roll_slip, twist_slip; /* rolling and twisting slider losses (>= 0) */
    double roll_stiff;            /* rolling springs' energy lost or created by
                                     changes of the normal state (signed) */
} law_energy;

/* Evaluate at the accepted state y (h after the committed one), commit the
 * laws' trial states and restart the increment xi. */
static void commit_evaluated(sim *s, double *y, const cwb_contact_trial *trial, law_energy *le,
                             const cwb_contact_out *o)
{
    cwb_contact_commit(&s->ct, trial);
    le->slip += o->t.slip;
    le->stiff += o->t.stiffness_energy;
    le->roll_slip += o->r.slip;
    le->twist_slip += o->r.slip_twist;
    le->roll_stiff += o->r.stiffness_energy;
    if (o->n.flags & CWB_FLAG_ENERGY_GAIN) {
        le->gains++;
        le->gained -= o->n.dissipated;
    }
    put3(y, XI, cwb_v3(0, 0, 0));
    put3(y, THETA, cwb_v3(0, 0, 0));
}

static int commit(sim *s, double *y, double h, cwb_contact_out *o, law_energy *slip)
{
    double dy[NY];
    cwb_contact_trial trial;
    int rc = rhs(s, y, h, dy, o, &trial);
    if (rc)
        return rc;
    commit_evaluated(s, y, &trial, slip, o);
    return CWB_OK;
}

static double kinetic_energy(const sim *s, const double *y)
{
    cwb_vec3 v1 = get_split(y, V1), w1 = get3(y, W1);
    double e = 0.5 * s->props.m1 * cwb_v3_dot(v1, v1) + 0.5 * s->props.I1 * cwb_v3_dot(w1, w1);
    if (!s->props.wall) {
        cwb_vec3 v2 = get_split(y, V2), w2 = get3(y, W2);
        e += 0.5 * s->props.m2 * cwb_v3_dot(v2, v2) + 0.5 * s->props.I2 * cwb_v3_dot(w2, w2);
    }
    return e;
}

/* Root function for the separation step: overlap after a step of length h,
 * less the overlap where the contact ends (0, or an adhesive law's
 * delta_off < 0). */
typedef struct {
    const sim *s;
    const double *y;
    int rc;
    double off;
    int have_k1;   /* k1 holds the first RK4 stage at y (the same for every */
    double k1[NY]; /* length tried: s->h stays the step's during the solve) */
    /* The trial step of length h_tried ended at overlap f_tried + off: the
     * solver's first look at that end needs no step. */
    double h_tried, f_tried;
    /* The state after the shortest length tried whose end is out of
     * contact: the landing step when the solver ends there. */
    double h_out;
    double y_out[NY];
} sep_ctx;

static double overlap_after(double h, void *param)
{
    sep_ctx *c = param;
    double out[NY];
    geometry g;
    if (h <= 0.0) {
        geometry_of(c->s, c->y, &g);
        return g.delta - c->off;
    }
    if (h == c->h_tried)
        return c->f_tried;
    int rc = CWB_OK;
    if (!c->have_k1 && (rc = rhs_stage((void *)c->s, c->y, 0.0, c->k1)) == CWB_OK)
        c->have_k1 = 1;
    if (rc == CWB_OK)
        rc = rk4_from(c->s, c->y, c->k1, h, out);
    if (rc) {
        c->rc = rc;
        return NAN;
    }
    geometry_of(c->s, out, &g);
    if (g.delta <= c->off && h < c->h_out) {
        c->h_out = h;
        memcpy(c->y_out, out, sizeof out);
    }
    return g.delta - c->off;
}

/* Largest s in [0,1] where the cubic Hermite interpolant of the overlap on
 * one step has zero slope; returns the interpolated maximum (or -inf). */
static double hermite_peak(double d0, double r0, double d1, double r1, double h)
{
    double a = 6 * d0 + 3 * h * r0 - 6 * d1 + 3 * h * r1;
    double b = -6 * d0 - 4 * h * r0 + 6 * d1 - 2 * h * r1;
    double c = h * r0;
    double roots[2];
    int nr = 0;
    if (fabs(a) < 1e-300) {
        if (fabs(b) > 1e-300)
            roots[nr++] = -c / b;
    } else {
        double disc = b * b - 4 * a * c;
        if (disc >= 0) {
            double q = -0.5 * (b + copysign(sqrt(disc), b));
            roots[nr++] = q / a;
            if (fabs(q) > 1e-300)
                roots[nr++] = c / q;
        }
    }
    double best = -INFINITY;
    for (int i = 0; i < nr; i++) {
        double x = roots[i];
        if (x < 0 || x > 1)
            continue;
        double h00 = 2 * x * x * x - 3 * x * x + 1, h10 = x * x * x - 2 * x * x + x;
        double h01 = -2 * x * x * x + 3 * x * x, h11 = x * x * x - x * x;
        double v = h00 * d0 + h10 * h * r0 + h01 * d1 + h11 * h * r1;
        if (v > best)
            best = v;
    }
    return best;
}

/* The cubic Hermite interpolant of the overlap over one step of length h
 * (values d0, d1 and rates r0, r1 at its ends) at the fraction x of the
 * step, and its rate there. */
static double hermite_at(const double c[4], double x, double *rate)
{
    *rate = c[1] + x * (2.0 * c[2] + 3.0 * x * c[3]);
    return c[0] + x * (c[1] + x * (c[2] + x * c[3]));
}

/* Where the overlap's cubic Hermite interpolant over one step first falls
 * to zero: d0 > 0 at the start, d1 <= 0 at the end, the rates r0, r1 (per
 * second) at both ends, h the step's length. The cubic is the step's dense
 * output of the overlap: with the ends' values and slopes exact to RK4's
 * local error O(h^5), it interpolates to O(h^4) of the step (de Boor 1978,
 * A Practical Guide to Splines, ch. IV), so the time it gives is within the
 * scheme's fourth order, without trial steps. The root is sought on the
 * first piece of [0, 1] where the cubic is monotone and changes sign (the
 * zeros of its slope split it), by Newton's method kept inside a shrinking
 * bracket. Returns the time from the step's start, or NAN. */
static double hermite_crossing(double d0, double r0, double d1, double r1, double h)
{
    if (!(d0 > 0.0 && d1 <= 0.0 && h > 0.0))
        return NAN;
    /* power form: d0 + c1 x + c2 x^2 + c3 x^3 on x in [0, 1] */
    const double c[4] = {d0, h * r0, -3.0 * d0 - 2.0 * h * r0 + 3.0 * d1 - h * r1,
                         2.0 * d0 + h * r0 - 2.0 * d1 + h * r1};
    double cut[4] = {0.0, 1.0, 1.0, 1.0}, a = 3.0 * c[3], b = 2.0 * c[2];
    int ncut = 1;
    double disc = b * b - 4.0 * a * c[1];
    if (a != 0.0 && disc > 0.0) {
        double q = -0.5 * (b + copysign(sqrt(disc), b)), x1 = q / a, x2 = q != 0.0 ? c[1] / q : 0.0;
        if (x1 > x2) {
            double t = x1;
            x1 = x2;
            x2 = t;
        }
        if (x1 > 0.0 && x1 < 1.0)
            cut[ncut++] = x1;
        if (x2 > 0.0 && x2 < 1.0)
            cut[ncut++] = x2;
    } else if (a == 0.0 && b != 0.0 && -c[1] / b > 0.0 && -c[1] / b < 1.0) {
        cut[ncut++] = -c[1] / b;
    }
    cut[ncut] = 1.0;
    for (int i = 0; i < ncut; i++) {
        double lo = cut[i], hi = cut[i + 1], rate;
        if (!(hermite_at(c, lo, &rate) > 0.0 && hermite_at(c, hi, &rate) <= 0.0))
            continue;
        double x = 0.5 * (lo + hi);
        for (int it = 0; it < 60; it++) {
            double f = hermite_at(c, x, &rate);
            if (f == 0.0)
                break;
            if (f > 0.0)
                lo = x;
            else
                hi = x;
            double next = rate < 0.0 ? x - f / rate : NAN;
            if (!(next > lo && next < hi))
                next = 0.5 * (lo + hi);
            int done = fabs(next - x) <= 4.0 * DBL_EPSILON;
            x = next;
            if (done)
                break;
        }
        return x * h;
    }
    return NAN;
}

/* Step length near the ends of the contact. A force that goes as delta^p
 * at touch, where delta grows as t (and as (t_s - t) before separation),
 * has a fourth time derivative of order t^(p-4): a uniform RK4 step of
 * length s at time t errs locally by O(s^5 t^(p-4)), and the steps that meet
 * the end point err as s^(p+1), which caps the run at order p + 1 < 4
 * (Hertz, p = 3/2: measured error ratio 5.66 per halving, order 2.5).
 * Steps no longer than h (tau/T)^a, tau the time from touch or to
 * separation, add up the local errors to
 *   sum s^5 tau^(p-4) ~ h^4 T^(-4a) int_{s_min}^{T} tau^(4a+p-4) dtau,
 * with the shortest step s_min = h (h/T)^(a/(1-a)) where the rule meets
 * itself at tau = s. The integral stays bounded as s_min -> 0 when
 * 4a + p - 4 > -1, i.e. a > (3 - p)/4: the run is then fourth-order; below
 * it the lower end dominates and the order is 4 + (4a + p - 3)/(1 - a)
 * (grading_exponent). The graded steps cost T/(h (1 - a)) per end against
 * T/h uniform ones, so a is kept as small as that allows. T = t_grade is a
 * tenth or a twentieth of the expected contact time (grading_time);
 * s_min is floored at s_floor: the time to close an overlap the centre
 * coordinates can still resolve (a few thousand ulps of the radius), below
 * which the overlap computed from positions is rounding noise. */
static double graded_shortest(double h, double t_grade, double a, double s_floor)
{
    return fmin(h, fmax(h * pow(h / t_grade, a / (1.0 - a)), s_floor));
}

/* The least end power p (cwb_law_head.end_power) of the contact's laws;
 * a law that declares none counts as Hertz's 3/2. A contact with a
 * tangential law is graded by it too: the dashpot's delta^(1/4) still
 * starts and ends the normal motion, and its tangential part (on by
 * default in tsuji, asked for in hertz_restitution) adds eta v_t with the
 * same eta to the tangential force (tests/test_collision.c,
 * tsuji_beside_tangential_fourth_order: beside mindlin, with Hertz's 5/8
 * the normal restitution converged at ratios 7.5, 14.2, 7.2 per halving and
 * the contact-point tangential one at 6.1, 14.7, 6.6; with 3/4 at 25.1,
 * 21.7, 18.8 and 22.5, 20.2, 16.7). It was once kept to Hertz's
 * grading because dt = auto took more halvings on the oblique spinning
 * impact of tests/data/oblique_all_kinds.case (mbf with the Tsuji dashpot
 * 14 against 9). That case's tangential and spin results converge at an
 * erratic first order under either grading, with errors of the same size
 * at the same step: its rolling law, constant_torque, reverses its torque
 * where the spin passes zero mid-contact, a jump no step locates; mbf's and
 * linear's own updates are first order besides. Where a halving is
 * accepted there is chance: mindlin with the dashpot was accepted at 7
 * halvings with Hertz's grading while its tangential restitution erred by
 * 1.5e-6 (estimate 5.2e-7). Without the rolling law the steeper grading
 * never took more halvings (doc/benchmarks.md). */
static double least_end_power(const cwb_case *c)
{
    double p = 1.5;
    for (int i = 0; i < CWB_KIND_COUNT; i++) {
        const cwb_law_head *law = c->law[i];
        if (!(law->flags & CWB_LAW_ABSENT))
            p = fmin(p, law->end_power > 0.0 ? law->end_power : 1.5);
    }
    return p;
}

/* The grading exponent a of graded_step for a contact whose force goes as
 * delta^p at its ends: a > (3 - p)/4 keeps RK4 fourth-order (graded_step),
 * with 1/16 of margin so the end steps' share, O(h^(4 + (4a + p - 3)/(1 - a))),
 * falls a full order faster than the run's h^4, and never less than 5/8,
 * the exponent a pure Hertz contact (p = 3/2, bound 3/8) has been measured
 * with (grading_time). The Tsuji dashpot's delta^(1/4) at a closing rate
 * that does not vanish (p = 1/4, bound 11/16) gets 3/4: with 5/8 its
 * restitution converged at order 4 - 2/3 = 3.3, as this predicts. */
static double grading_exponent(const cwb_case *c)
{
    return fmax(0.625, (3.0 - least_end_power(c)) / 4.0 + 0.0625);
}

/* The grading time T of graded_step for a case whose expected contact
 * time is t_est. A tenth of it in general; a twentieth where the only
 * non-smooth points of the contact are Hertz's delta^(3/2) at both ends (the
 * normal law declares CWB_LAW_HERTZ_FORCE, every other kind is absent): on
 * the glass impact of cases/chung_ooi_1_glass.case the contact-time error
 * against the closed form is then 2.64e-7, 1.60e-8, 9.99e-10, 6.35e-11 at
 * t_c/50 ... t_c/400 (ratios 16.5, 16.0, 15.7; with a tenth 2.37e-7,
 * 1.47e-8, 9.17e-10, 5.75e-11) for 12-15 % fewer steps (56 against 64 at
 * t_c/50, 72 against 83 at t_c/64, 17 against 19 at t_c/16). A fortieth was
 * not kept: 2.7 times the error at t_c/50 (6.40e-7) and a first ratio of
 * 32.7, not yet fourth order. A steeper end force (a law declaring an end
 * power below 3/2, graded with its own exponent, grading_exponent) needs
 * more grading, not less: with the Tsuji dashpot (e = 0.8, glass at 20 m/s)
 * and the exponent 3/4 the largest errors in the restitutions, contact
 * time and spin against a run at t_c/65536 are, at t_c/16, /32, /64,
 * /128 (steps), 2.97e-4, 1.44e-5, 3.63e-7, 1.32e-8 (20, 45, 97, 199) over a
 * tenth; 5.94e-5, 2.49e-6, 1.01e-7, 4.87e-9 (25, 55, 116, 237) over 0.15;
 * 3.22e-5, 1.39e-6, 6.54e-8, 4.14e-9 (29, 64, 135, 275) over a fifth. 0.15
 * is kept: the fewest steps to 1e-4 (25) with 116 to 1e-6, against 40 and
 * 168 with the exponent 5/8 over a tenth. Every other contact keeps a
 * tenth. */
static double grading_time(const cwb_case *c, double t_est)
{
    if (least_end_power(c) < 1.5)
        return 0.15 * t_est;
    int hertz_only = (c->law[CWB_KIND_NORMAL]->flags & CWB_LAW_HERTZ_FORCE) != 0;
    for (int i = 0; i < CWB_KIND_COUNT && hertz_only; i++)
        if (i != CWB_KIND_NORMAL && !(c->law[i]->flags & CWB_LAW_ABSENT))
            hertz_only = 0;
    return (hertz_only ? 0.05 : 0.1) * t_est;
}

/* x^a for 0 <= x < 1: x^(5/8) as x^(1/2) x^(1/8) and x^(3/4) as
 * x^(1/2) x^(1/4), correctly rounded square roots and a product within
 * 2 ulp of pow's, which costs as much as the rest of a step's bookkeeping
 * (libm's pow: 3.7 % of a 19-step collision's time, perf). */
static double graded_power(double x, double a)
{
    double r = sqrt(x);
    if (a == 0.625)
        return r * sqrt(sqrt(r));
    if (a == 0.75)
        return r * sqrt(r);
    return pow(x, a);
}

/* The step at time t (overlap delta, closing at -delta_rate), s_min the
 * run's graded_shortest, a its grading_exponent. */
static double graded_step(double h, double t_grade, double a, double s_min, double t, double delta,
                          double delta_rate)
{
    double tau = delta_rate < 0.0 && delta > 0.0 ? delta / -delta_rate : INFINITY;
    if (t >= t_grade && tau >= t_grade)
        return h; /* away from both ends */
    double s = t < t_grade ? h * graded_power(t / t_grade, a) : h;
    if (tau <= s_min)
        return fmax(2.0 * tau, s_min); /* the landing step */
    if (tau < t_grade)
        s = fmin(s, h * graded_power(tau / t_grade, a));
    return fmax(s, s_min);
}

/* Everything one run at a fixed dt reports (compared between refinements). */
enum { R_TC, R_DMAX, R_FMAX, R_EN, R_ET, R_ETC, R_ANGLE, R_ANGLE_COM, R_W1, R_W2, R_COUNT };

typedef struct {
    double value[R_COUNT];
    double e_in, e_out, e_stored, e_stored_n, w_n, w_t, d_damp, d_roll;
    double e_stored_r;         /* in the rolling law's springs */
    double d_visc;             /* by the rolling law's dashpot */
    double omega1_n, omega2_n; /* spins about +z after */
    law_energy le;             /* the laws' own energy reports */
    double impact_angle;
    double u_normal_after;    /* -(u1 - u2).z: separating speed along the initial normal */
    double tan_in, tan_out;   /* contact-point tangential / normal velocity, before and after */
    double u_t_after;         /* (u1 - u2).x after: tangential centre velocity */
    double permanent_overlap; /* overlap where the normal force returned to zero [m]
                                 (zero_force_overlap for an adhesive law) */
    int adhesive;             /* the normal law reported a pull-off force */
    int stuck;                /* captured: the bodies can no longer separate */
    double capture_time;      /* when capture was established [s] */
    unsigned flags;           /* CWB_FLAG_* raised by the laws */
    size_t jumps;             /* committed steps where the normal law jumped */
    size_t steps;
} run_summary;

/* Every scalar the driver can report (cwb_driver_type.results), in the
 * order a run sets them: the R_* values first, then the K_* entries. A
 * caller that asks for some (cwb_result_want) gets only those set, each
 * from the run summary alone, never from another result. */
enum {
    K_IMPACT_VELOCITY = R_COUNT,
    K_IMPACT_ANGLE,
    K_U_NORMAL_AFTER,
    K_U_TANGENTIAL_AFTER,
    K_PERMANENT_OVERLAP,
    K_ZERO_FORCE_OVERLAP,
    K_STUCK,
    K_CAPTURE_TIME,
    K_DISCONTINUITIES,
    K_KAPPA,
    K_PSI1,
    K_PSI2,
    K_PSI1_MAW,
    K_PSI2_MAW,
    K_TAN_INCIDENT,
    K_TAN_RECOIL,
    K_CHI,
    K_BETA,
    K_E_IN,
    K_E_OUT,
    K_E_STORED,
    K_E_DISSIPATED,
    K_E_SLIP,
    K_E_STIFFNESS_CHANGE,
    K_E_DAMPING,
    K_E_ROLLING,
    K_E_ROLLING_SLIP,
    K_E_ROLLING_VISCOUS,
    K_E_TWISTING,
    K_E_ROLLING_STIFFNESS_CHANGE,
    K_OMEGA1_NORMAL_AFTER,
    K_OMEGA2_NORMAL_AFTER,
    K_E_NORMAL,
    K_E_BALANCE_ERROR,
    K_E_GAIN_STEPS,
    K_E_RETURNED,
    K_YIELD_VELOCITY,
    K_IMPACT_OVER_YIELD,
    K_YIELD_OVERLAP,
    K_DT,
    K_DT_REFINEMENTS,
    K_DT_LAST_CHANGE,
    K_DT_ERROR_ESTIMATE,
    K_STEPS,
    K_STEPS_TOTAL,
    K_COUNT
};
static const char *const collision_results[K_COUNT + 1] = {
    [R_TC] = "contact_time",
    [R_DMAX] = "max_overlap",
    [R_FMAX] = "max_normal_force",
    [R_EN] = "restitution_normal",
    [R_ET] = "restitution_tangential",
    [R_ETC] = "restitution_tangential_contact",
    [R_ANGLE] = "rebound_angle_deg",
    [R_ANGLE_COM] = "rebound_angle_com_deg",
    [R_W1] = "omega1_after",
    [R_W2] = "omega2_after",
    [K_IMPACT_VELOCITY] = "impact_velocity",
    [K_IMPACT_ANGLE] = "impact_angle_deg",
    [K_U_NORMAL_AFTER] = "u_normal_after",
    [K_U_TANGENTIAL_AFTER] = "u_tangential_after",
    [K_PERMANENT_OVERLAP] = "permanent_overlap",
    [K_ZERO_FORCE_OVERLAP] = "zero_force_overlap",
    [K_STUCK] = "stuck",
    [K_CAPTURE_TIME] = "capture_time",
    [K_DISCONTINUITIES] = "discontinuities",
    [K_KAPPA] = "kappa",
    [K_PSI1] = "psi1",
    [K_PSI2] = "psi2",
    [K_PSI1_MAW] = "psi1_maw",
    [K_PSI2_MAW] = "psi2_maw",
    [K_TAN_INCIDENT] = "tan_incident",
    [K_TAN_RECOIL] = "tan_recoil",
    [K_CHI] = "chi",
    [K_BETA] = "beta",
    [K_E_IN] = "energy_in",
    [K_E_OUT] = "energy_out",
    [K_E_STORED] = "energy_stored",
    [K_E_DISSIPATED] = "energy_dissipated",
    [K_E_SLIP] = "energy_dissipated_slip",
    [K_E_STIFFNESS_CHANGE] = "energy_from_stiffness_change",
    [K_E_DAMPING] = "energy_dissipated_damping",
    [K_E_ROLLING] = "energy_dissipated_rolling",
    [K_E_ROLLING_SLIP] = "energy_dissipated_rolling_slip",
    [K_E_ROLLING_VISCOUS] = "energy_dissipated_rolling_viscous",
    [K_E_TWISTING] = "energy_dissipated_twisting",
    [K_E_ROLLING_STIFFNESS_CHANGE] = "energy_rolling_stiffness_change",
    [K_OMEGA1_NORMAL_AFTER] = "omega1_normal_after",
    [K_OMEGA2_NORMAL_AFTER] = "omega2_normal_after",
    [K_E_NORMAL] = "energy_dissipated_normal",
    [K_E_BALANCE_ERROR] = "energy_balance_error",
    [K_E_GAIN_STEPS] = "energy_gain_steps",
    [K_E_RETURNED] = "energy_returned_by_law",
    [K_YIELD_VELOCITY] = "yield_velocity",
    [K_IMPACT_OVER_YIELD] = "impact_over_yield_velocity",
    [K_YIELD_OVERLAP] = "yield_overlap",
    [K_DT] = "dt",
    [K_DT_REFINEMENTS] = "dt_refinements",
    [K_DT_LAST_CHANGE] = "dt_last_change",
    [K_DT_ERROR_ESTIMATE] = "dt_error_estimate",
    [K_STEPS] = "steps",
    [K_STEPS_TOTAL] = "steps_total",
    [K_COUNT] = NULL};
static const char *const result_units[R_COUNT] = {
    [R_TC] = "s",  [R_DMAX] = "m",    [R_FMAX] = "N",        [R_EN] = "-",     [R_ET] = "-",
    [R_ETC] = "-", [R_ANGLE] = "deg", [R_ANGLE_COM] = "deg", [R_W1] = "rad/s", [R_W2] = "rad/s"};

static void initial_state(const cwb_case *c, const sim *s, double *y)
{
    const double *p = c->driver_values.p;
    memset(y, 0, NY * sizeof *y);
    /* both centres start at 0: body 2's from (0, 0, reach) (centre2) */
    double vn, vt;
    impact_velocity(p, &vn, &vt);
    cwb_vec3 u = cwb_v3(vt, 0, vn); /* body 1 relative to body 2 */
    if (s->props.wall) {
        put_split(y, V1, u);
    } else {
        double m = s->props.m1 + s->props.m2;
        put_split(y, V1, cwb_v3_scale(u, s->props.m2 / m));
        put_split(y, V2, cwb_v3_scale(u, -s->props.m1 / m));
        put3(y, W2, cwb_v3(0, p[P_OMEGA2], p[P_OMEGA2_N]));
    }
    put3(y, W1, cwb_v3(0, p[P_OMEGA1], p[P_OMEGA1_N]));
}

/* The overlap between d_zero (force 0) and d_pos (force > 0, the committed
 * overlap of `state`) where the normal force vanishes: bisection on
 * "force > 0" with trial evaluations. Permanent deformation of the
 * elastic-plastic laws (seed 004 sec. 4.3), to round-off, not to the step. */
static double zero_force_overlap(const sim *s, const void *state, double d_zero, double d_pos)
{
    double top = d_pos;
    for (int it = 0; it < 80 && d_pos - d_zero > 4.0 * DBL_EPSILON * d_pos; it++) {
        double mid = 0.5 * (d_zero + d_pos);
        cwb_kin k = {.delta = mid, .delta0 = top, .normal = {0, 0, 1}};
        cwb_normal_out no;
        if (cwb_contact_normal(&s->ct, state, &k, &no) != CWB_OK)
            break;
        if (no.force > 0.0)
            d_pos = mid;
        else
            d_zero = mid;
    }
    return 0.5 * (d_zero + d_pos);
}

/* One collision at a fixed base step: the integration state and what is
 * tracked along it (run_fixed's bookkeeping; the arithmetic is in rk4,
 * graded_step, hermite_peak and zero_force_overlap). */
typedef struct {
    sim s;
    double h, t_grade;  /* base step and grading time (graded_step) */
    double grade_exp;   /* grading_exponent of the contact */
    double resolvable;  /* overlaps below this are rounding noise [m] */
    double s_floor;     /* shortest graded step [s] */
    double s_min;       /* graded_shortest of the run [s] */
    size_t every;       /* record a row every this many steps */
    cwb_series *series; /* NULL: no rows */
    double y[NY];       /* committed state */
    double t;           /* time of y */
    int touched;        /* the overlap has exceeded `resolvable` */
    int rebounding;     /* the overlap has passed its first maximum */
    double dmax, fmax;  /* peak overlap and normal force so far */
    double jump_cap;    /* step cap while bracketing a force jump */
    size_t located;     /* law transitions located inside a step so far */
    law_energy le;      /* the laws' own energy reports */
    cwb_contact_out o;  /* the last committed evaluation */
    cwb_vec3 t_hat;     /* initial tangential direction */
    double xi_t;        /* tangential displacement along t_hat over the
                           committed steps (column xi_t) [m] */
    int end_forces;     /* the laws' forces depend on the step's end state
                           alone (cwb_contact_end_forces) */
    int reuse_k1;       /* the evaluation that commits a step is the next
                           step's first RK4 stage: end_forces, or laws that
                           restart from what they committed with its forces
                           (cwb_contact_restart_forces) */
    int have_k1;        /* k1 holds that first stage at y */
    double k1[NY];
    cwb_kin axial; /* head-on: the kinematics s.axial points to */
} collision_run_state;

/* One step attempted from the committed state. */
typedef struct {
    double ynew[NY];  /* state at its end */
    double dyend[NY]; /* right-hand side there (when evaluated) */
    geometry g1;      /* geometry there */
    double hk;        /* length tried (graded, capped by a jump) */
    double hs;        /* length taken (shorter when landing on separation) */
    int separated;    /* it ends at delta = 0 */
    double h_contact; /* separation step: the longest length found still in
                         contact (the root solve's other end) */
    int evaluated;    /* otry, ttry hold the evaluation at its end */
    cwb_contact_out otry;
    cwb_contact_trial ttry;
} step_try;

/* The bodies of case c (cwb_collision_verlet.h). */
void cwb_collision_bodies_of(const cwb_case *c, cwb_collision_bodies *b)
{
    const cwb_body *b1 = &c->pair.body[0], *b2 = &c->pair.body[1];
    b->wall = b2->shape == CWB_SHAPE_WALL;
    b->r1 = b1->radius;
    b->r2 = b2->radius;
    b->m1 = b1->mass;
    b->m2 = b2->mass;
    b->I1 = b1->inertia;
    b->I2 = b2->inertia;
    b->inv_m1 = 1.0 / b->m1;
    b->inv_m2 = 1.0 / b->m2; /* a wall's: never used */
    b->inv_I1 = 1.0 / b->I1;
    b->inv_I2 = 1.0 / b->I2;
    b->share1 = b->r1 / (b->r1 + b->r2);
    b->reach = b->wall ? b->r1 : b->r1 + b->r2;
}

/* s comes zeroed (start_run clears the whole run state). */
static int sim_of_case(const cwb_case *c, sim *s)
{
    if (cwb_contact_init(&s->ct, c) != CWB_OK)
        return CWB_EFAIL;
    cwb_collision_bodies_of(c, &s->props);
    s->ny = NY;
    return CWB_OK;
}

static void series_columns(const cwb_case *c, cwb_series *series)
{
    static const char *names[] = {"t",   "delta_n", "F_n",    "F_t",   "F_damp_n", "v_n",
                                  "v_t", "omega1",  "omega2", "E_kin", "E_stored", "E_dissipated",
                                  "a",   "xi_t",    "D_slip", "W_t"};
    const char *fu = c->pair.dim == 2 ? "N/m" : "N", *eu = c->pair.dim == 2 ? "J/m" : "J";
    const char *units[] = {"s",     "m", fu, fu, fu,  "m/s", "m/s", "rad/s",
                           "rad/s", eu,  eu, eu, "m", "m",   eu,    eu};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        cwb_series_column(series, names[i], units[i]);
}

/* Row: t, delta_n, F_n, F_t, F_damp_n, v_n, v_t, omega1, omega2, E_kin,
 * E_stored, E_dissipated, the contact radius a, the tangential displacement
 * xi_t along the initial tangential direction, the cumulative slip
 * dissipation D_slip and the tangential force's work W_t on the contact
 * point's relative motion (int F_t . v_t dt: the area under F_t(xi_t) that
 * Rathbone's thesis integrates for its Fig. 53, stored tangential energy
 * included) at the committed state. */
static int record_row(const collision_run_state *r, const geometry *g)
{
    const double *y = r->y;
    const cwb_contact_out *o = &r->o;
    double stored = o->n.energy + o->t.energy + o->r.energy;
    double diss = y[WORK_N] + y[WORK_T] - stored + y[DISS_D] + y[DISS_R];
    double row[] = {r->t,
                    g->delta,
                    o->n.force,
                    cwb_v3_dot(o->t.force, r->t_hat),
                    o->d.force_n,
                    -g->delta_rate,
                    cwb_v3_dot(g->v_t, r->t_hat),
                    y[W1 + 1],
                    y[W2 + 1],
                    kinetic_energy(&r->s, y),
                    stored,
                    diss,
                    o->n.radius,
                    r->xi_t,
                    r->le.slip,
                    y[WORK_T]};
    return cwb_series_row(r->series, row);
}

/* Land exactly on separation: the step length whose end has the overlap
 * `off` where the contact ends (delta > off at 0, <= off at hk), found by
 * Brent, and the step redone. */
static int land_on_separation(collision_run_state *r, step_try *st, double off, char *msg, size_t n)
{
    sep_ctx sc = {.s = &r->s,
                  .y = r->y,
                  .rc = CWB_OK,
                  .off = off,
                  .h_tried = st->hk,
                  .f_tried = st->g1.delta - off,
                  .h_out = INFINITY};
    gsl_function F = {overlap_after, &sc};
    double root, lo = 0.0, hi = st->hk;
    int rc = cwb_root_brent(&F, 0.0, st->hk, 0.0, 1e-13, &root, &lo, &hi);
    if (sc.rc)
        return cwb_fail(msg, n, sc.rc, "collision: near separation, %s", cwb_contact_failure());
    if (rc != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL,
                        "collision: the separation time inside the step at t = %g s "
                        "(length %g s) did not converge",
                        r->t, st->hk);
    st->hs = hi;        /* the end with delta <= off */
    st->h_contact = lo; /* the longest length still in contact */
    r->s.h = st->hs;
    /* The solver stepped to that end with s->h the trial's length; where
     * the laws' forces are functions of the end state alone (end_forces)
     * the step length they are told does not enter: the same numbers. */
    if (r->end_forces && sc.h_out == st->hs)
        memcpy(st->ynew, sc.y_out, sizeof st->ynew);
    else if ((rc = rk4(&r->s, r->y, st->hs, st->ynew)) != CWB_OK)
        return cwb_fail(msg, n, rc, "collision: at separation, %s", cwb_contact_failure());
    geometry_of(&r->s, st->ynew, &st->g1);
    st->separated = 1;
    return CWB_OK;
}

/* Law transitions inside a step. RK4 is fourth order only where the right-
 * hand side is smooth; where a law changes regime inside a step (the
 * tangential spring sticks or slips, an elastic-plastic law yields or starts
 * to unload) the force's derivative jumps and that step errs at first or
 * second order, which caps the whole run there (Hertz-Mindlin converged at
 * order 1-2). Such a step is repeated with its length cut to the instant of
 * the transition, the root of a function that is continuous across it and
 * < 0 before, > 0 after:
 *   stick -> slip   the law's slip_margin (|trial force| - mu F_n);
 *   slip -> stick   minus the rate at which slip would go on: the
 *                   slip_margin of a probe continuing the motion for a
 *                   moment (1e-7 of the step) from the step's end, over
 *                   that moment (slip_rate). Not -slip_margin: a sliding
 *                   step starts on the cap (margin 0), its margin rises and
 *                   falls back, and it turns negative about twice as far
 *                   past the instant where slip stopped;
 *   yield onset     delta - delta_yield (the law's yield overlap);
 *   a knot          delta - delta_knot, where an elastic-plastic law's
 *                   virgin loading curve changes form past yield (brake's
 *                   plastic onset delta_p, rathbone's 25 delta_y): value
 *                   and slope continue there, the curvature jumps (a jump
 *                   in d3x/dt3, which a step over it integrates at third
 *                   order with a constant that depends on where it falls);
 *   the peak        -d(delta)/dt, for a law that keeps a largest overlap:
 *                   landing on the peak commits it exactly (the law sees
 *                   only the ends of a step, so a step over the peak would
 *                   commit a smaller maximum and unload from it);
 *   reversal        -v_t . F_t/|F_t| while sticking, for a tangential law
 *                   that raises CWB_FLAG_REVERSAL (its stiffness jumps
 *                   from the loading to the unloading branch there: a jump
 *                   in d2F/dt2, which a step over it integrates at third
 *                   order with a constant that depends on where it falls).
 * The root is found by Brent on the step's dense output (cut_at_transition)
 * and the step taken to just past it (land_past_transition), so the next
 * step starts in the new regime and does not see it again. Laws that give
 * no slip_margin (0) are not located; at most MAX_LOCATED transitions per
 * collision (a law that chatters between regimes would otherwise cost a
 * root solve per step). */
#define MAX_LOCATED 64

typedef enum {
    TR_NONE = 0,
    TR_STICK_SLIP,
    TR_SLIP_STICK,
    TR_YIELD,
    TR_KNOT,
    TR_PEAK,
    TR_REVERSAL
} transition;

/* The transition between the committed evaluation o0 (geometry g0) and the
 * evaluation o1 (geometry g1) at the end of a step, if the driver locates it. */
static transition transition_in_step(const cwb_contact_out *o0, const geometry *g0,
                                     const cwb_contact_out *o1, const geometry *g1, double rate1)
{
    double dy = o1->n.delta_yield;
    if (o0->n.branch == CWB_BRANCH_ELASTIC && dy > 0.0 && g0->delta < dy && g1->delta > dy)
        return TR_YIELD;
    double knot = o0->n.delta_knot; /* above the committed overlap */
    if (knot > 0.0 && o0->n.delta_max < knot && g0->delta < knot && g1->delta > knot)
        return TR_KNOT;
    if ((o0->n.delta_max > 0.0 || o1->n.delta_max > 0.0) && g0->delta_rate > 0.0 &&
        g1->delta_rate <= 0.0)
        return TR_PEAK;
    if (!o0->t.sliding && o1->t.sliding && o0->t.slip_margin < 0.0 && o1->t.slip_margin > 0.0)
        return TR_STICK_SLIP;
    if ((o0->t.flags & o1->t.flags & CWB_FLAG_REVERSAL) && !o0->t.sliding && !o1->t.sliding &&
        cwb_v3_dot(g0->v_t, o0->t.force) > 0.0 && cwb_v3_dot(g1->v_t, o1->t.force) <= 0.0)
        return TR_REVERSAL;
    if (o0->t.sliding && o0->t.slip_margin > 0.0 && o1->t.slip_margin != 0.0 && rate1 < 0.0)
        return TR_SLIP_STICK;
    return TR_NONE;
}

/* The rate [N/s] at which the slip margin grows when the motion continues
 * from state y1 (geometry g1) with the laws' trial state t1 committed: > 0
 * while sliding goes on, < 0 once the contact sticks (slip_rate above). */
static int slip_rate(const sim *s, const double *y1, const geometry *g1,
                     const cwb_contact_trial *t1, double h, double *rate)
{
    double eps = 1e-7 * h;
    cwb_kin k;
    kinematics(s, y1, g1, eps, &k);
    k.delta = g1->delta + g1->delta_rate * eps;
    k.delta0 = g1->delta;
    k.dxi_t = cwb_v3_scale(g1->v_t, eps);
    k.h = eps;
    cwb_contact_out o;
    cwb_contact_trial t;
    int rc = cwb_contact_eval_from(&s->ct, t1, &k, &o, &t);
    *rate = o.t.slip_margin / eps;
    return rc;
}

/* The transition's function (< 0 before the transition, > 0 after) from
 * an evaluation o1 at geometry g1, with slip rate `rate` there (slip ->
 * stick only) and the overlap `level` a yield onset or a knot is at. */
static double side_of(transition tr, const cwb_contact_out *o1, const geometry *g1, double rate,
                      double level)
{
    switch (tr) {
    case TR_STICK_SLIP: return o1->t.slip_margin;
    case TR_SLIP_STICK: return -rate;
    case TR_YIELD:
    case TR_KNOT: return g1->delta - level;
    case TR_PEAK: return -g1->delta_rate;
    case TR_REVERSAL: {
        double m = cwb_v3_norm(o1->t.force);
        return m > 0.0 ? -cwb_v3_dot(g1->v_t, o1->t.force) / m : NAN;
    }
    default: return NAN;
    }
}

/* A root solve for one transition, with its last trial step kept. On the
 * step's dense output (dense != 0) a "trial step" of length h is the cubic
 * Hermite interpolant of the state at h (dense_state), not an RK4 step. */
typedef struct {
    collision_run_state *r;
    transition tr;
    double level; /* the overlap of a yield onset or a knot */
    int rc;
    int dense;           /* evaluate on the dense output */
    double h_end;        /* dense: the step's length, */
    const double *y_end; /* its end state, */
    const double *f_end; /* the right-hand side there */
    double f_start[NY];  /* and at the committed state */
    double h;            /* length of the last trial step (NAN: none) */
    double y[NY];        /* its end state, */
    double dy[NY];       /* right-hand side there, */
    cwb_contact_out o;   /* evaluation, */
    cwb_contact_trial t; /* trial state */
    geometry g;          /* and geometry */
} transition_ctx;

/* The state h into the step of c on its dense output: each unknown's cubic
 * Hermite interpolant through its values and rates at the step's ends
 * (hermite_at's basis). Within a regime it errs by O(h^4) of the step; the
 * step's end lies past a transition, where the velocities' second
 * derivative jumps, so there the velocities err by O(h^2) and the
 * displacements (the overlap, the tangential increment the laws see) by
 * O(h^3): the instant it gives is refined on whole steps
 * (land_past_transition). */
static void dense_state(const transition_ctx *c, double h, double *y)
{
    const double *y0 = c->r->y, *f0 = c->f_start, *y1 = c->y_end, *f1 = c->f_end;
    double x = h / c->h_end, H = c->h_end;
    double h00 = (2.0 * x - 3.0) * x * x + 1.0, h10 = ((x - 2.0) * x + 1.0) * x;
    double h01 = (3.0 - 2.0 * x) * x * x, h11 = (x - 1.0) * x * x;
    size_t ny = c->r->s.ny;
    for (size_t i = 0; i < ny; i++)
        y[i] = h00 * y0[i] + h10 * H * f0[i] + h01 * y1[i] + h11 * H * f1[i];
    if (ny < NY)
        memcpy(y + ny, y0 + ny, (NY - ny) * sizeof *y);
}

static int step_from_committed(collision_run_state *r, double h, double *out);

/* The transition's function after a trial step of length h; the step kept
 * in c. */
static double transition_side_at(transition_ctx *c, double h)
{
    sim *s = &c->r->s;
    double *dy = c->dy, rate = 0.0;
    s->h = h;
    c->h = NAN;
    int rc = CWB_OK;
    if (c->dense)
        dense_state(c, h, c->y);
    else
        rc = step_from_committed(c->r, h, c->y);
    if (rc == CWB_OK) {
        geometry_of(s, c->y, &c->g);
        /* on the dense output only the evaluation is read (the right-hand
         * side of a whole trial step is the landing's: cut_at_transition) */
        rc = c->dense ? laws_at(s, c->y, &c->g, h, &c->o, &c->t)
                      : rhs_at(s, c->y, &c->g, h, dy, &c->o, &c->t);
    }
    if (rc == CWB_OK) {
        if (c->tr == TR_SLIP_STICK)
            rc = slip_rate(s, c->y, &c->g, &c->t, h, &rate);
    }
    if (rc != CWB_OK) {
        c->rc = rc;
        return NAN;
    }
    c->h = h;
    return side_of(c->tr, &c->o, &c->g, rate, c->level);
}

static double transition_side(double h, void *param)
{
    return transition_side_at(param, h);
}

/* The root of c's transition function between lo (value f_lo, NAN: not
 * known) and h_end (value f_end > 0), wanted to 1e-9 of h_end (a landing
 * past the kink by e costs a local error of order e h: LANDING_TOL). Sets
 * *past to the bracket's end past the transition and returns 1; returns 0
 * when no bracket is found (or slip stopped at the step's start: the step
 * stands as taken), and 0 with c->rc set when a law failed. */
static int transition_root(transition_ctx *c, double lo, double f_lo, double h_end, double f_end,
                           double *past)
{
    gsl_function F = {transition_side, c};
    /* Brent takes f_lo where it is the function's own value at lo (f0 of a
     * caller is the committed evaluation's, which a fresh one at zero
     * increment may round differently), and f_end, which every caller
     * takes from the evaluation of the trial step to h_end that c's
     * function repeats (on the dense output, the interpolant at h_end is
     * that step's end to the bit): one or two evaluations a solve saved */
    double f_lo_own = NAN;
    if (isnan(f_lo))
        f_lo = f_lo_own = transition_side(lo, c);
    /* slip -> stick starts on the cap (margin 0): a point still slipping,
     * sought below the secant's root through the last two points (halving
     * where the secant says nothing). When that root lies at the step's
     * start (within the root tolerance) slip stopped there: the whole step
     * is in the new regime and stands as taken. Plain halving took 20-30
     * trial steps there (f falling in proportion to the length down to the
     * rounding noise), half of a Hertz-Mindlin collision's CPU. */
    double prev = h_end, f_prev = f_end;
    for (int j = 1; j <= 30 && c->rc == CWB_OK && !(f_lo < 0.0); j++) {
        double next = 0.5 * prev;
        if (j > 1) {
            double root =
                f_prev > f_lo && f_lo > 0.0 ? lo - f_lo * (prev - lo) / (f_prev - f_lo) : 0.5 * lo;
            if (root <= 1e-9 * h_end)
                break;
            next = fmin(0.5 * root, 0.5 * lo);
            prev = lo;
            f_prev = f_lo;
        }
        f_lo = f_lo_own = transition_side(lo = next, c);
    }
    double root, a;
    return c->rc == CWB_OK && f_lo < 0.0 && f_end > 0.0 &&
           cwb_root_brent_known(&F, lo, f_lo_own, h_end, f_end, 1e-9 * h_end, 0.0, &root, &a,
                                past) == CWB_OK &&
           c->rc == CWB_OK;
}

/* The first true step past the transition aims this far (a fraction of
 * the step) beyond the instant found on the dense output, so that an
 * instant found a little early still lands past it. */
#define DENSE_MARGIN 1e-6

/* How far past the transition the true step may land, a fraction of the
 * step: the overshoot e costs a local error of order e h times the jump in
 * the force's rate (RK4's last stage sees the new regime over e); the
 * whole-step root solve this replaces landed within 1e-9. */
#define LANDING_TOL  1e-7
#define MAX_LANDINGS 4

/* The slope of the transition's function at `past` on the dense output d
 * (a difference over 1e-3 of the step back from it), into *slope; 0 with
 * c->rc set when a law failed. */
static int dense_slope(transition_ctx *c, transition_ctx *d, double past, double h_end,
                       double *slope)
{
    double q = past > 1e-3 * h_end ? past - 1e-3 * h_end : 0.5 * past;
    *slope = (transition_side_at(d, past) - transition_side_at(d, q)) / (past - q);
    if (d->rc != CWB_OK) {
        c->rc = d->rc;
        return 0;
    }
    return 1;
}

/* The true step (a whole trial step, kept in c) to just past the
 * transition that the dense output d puts at `past` (the end past it of
 * the root's bracket there). It first aims DENSE_MARGIN of the step beyond
 * `past`. The functions of the transitions but slip -> stick are smooth
 * through the root: Newton steps on whole trial steps, with the dense
 * output's slope, then bring the landing within LANDING_TOL of the step
 * past it (the interpolant's end lies past the kink, which puts its root
 * up to 1e-4 of the step off on the goals' Hertz-Mindlin impact; one
 * Newton step brings that to 5e-8). Slip -> stick's function (minus the
 * slip rate, slip_rate) turns steeply where the trial step's end sticks,
 * about twice as far into the step as the root, and near the root it is
 * resolved only to the probe's rounding (about 10 N/s there, 3e-7 of a
 * t_c/50 step); the first landing past it is kept: the force's rate along
 * itself is continuous through that transition (sliding stops where k_t
 * v_t meets mu dF_n/dt), so an overshoot e costs a local error of order
 * e^2 h only. A slip -> stick landing short of the root takes Newton steps
 * from there: the function is smooth from the short side to the root and
 * on past it (the trial step's end still slides there, its slip rate
 * turning negative). The dense output's root lies early there by up to
 * 1.2e-4 of the step on the goals' Hertz-Mindlin impact (t_c/10; 3e-5 at
 * t_c/20, 2e-6 at t_c/50: its velocities err at O(h^2) past the kink),
 * more than DENSE_MARGIN, and one Newton step with the dense output's
 * slope lands 3e-8 to 3e-7 of the step past the root (a second one where
 * the first falls within the rounding short of it), where Brent on whole
 * steps from the short landing to the step's end took about ten.
 * MAX_LANDINGS steps without a landing past (or, for the smooth functions,
 * one within LANDING_TOL) fall back on Brent on whole trial steps in the
 * bracket found (from the step's start when no point short of it is
 * known; f0, f_end the function's values at the step's ends). Returns 1
 * when c holds a step past the transition, 0 otherwise (c->rc set when a
 * law failed). */
static int land_past_transition(transition_ctx *c, transition_ctx *d, double past, double f0,
                                double h_end, double f_end)
{
    double slope = 0.0;
    int refine = c->tr != TR_SLIP_STICK; /* Newton past the root too */
    if (refine && !dense_slope(c, d, past, h_end, &slope))
        return 0;
    double lo = 0.0, f_lo = f0, hi = h_end, f_hi = f_end, tol = LANDING_TOL * h_end;
    double t = fmin(past + DENSE_MARGIN * h_end, h_end);
    for (int i = 0; i < MAX_LANDINGS && c->rc == CWB_OK; i++) {
        double f = transition_side_at(c, t);
        if (f > 0.0 || (f == 0.0 && refine && slope > 0.0)) {
            hi = t;
            f_hi = f;
            if (!refine || f / slope <= tol)
                return 1;
        } else if (f < 0.0 || f == 0.0) { /* slip -> stick's 0: not past */
            lo = t;
            f_lo = f;
            /* slip -> stick landed short: the function is smooth from
             * here to the root and on past it (the trial step's end keeps
             * sliding, its rate turning negative, until about twice as far
             * into the step as the root), so Newton from this side with
             * the dense output's slope lands on it */
            if (!(slope > 0.0) && c->tr == TR_SLIP_STICK && !dense_slope(c, d, past, h_end, &slope))
                return 0;
        } else {
            break; /* NAN: no side */
        }
        if (!(slope > 0.0))
            break;
        t = t - f / slope + 0.5 * tol; /* just past the Newton root */
        if (!(t > lo && t < hi))
            break;
    }
    if (c->rc != CWB_OK || !transition_root(c, lo, f_lo, hi, f_hi, &hi))
        return 0;
    if (c->h != hi)
        transition_side_at(c, hi);
    return c->rc == CWB_OK;
}

/* Cut the step st to the transition tr, which lies between the committed
 * state (function value f0, NAN: not known) and the length h_end (value
 * f_end > 0; end state y_end, right-hand side f_end_rhs there). The instant
 * is found on the step's dense output (dense_state: a law evaluation per
 * iterate instead of an RK4 step and its evaluation), and the step taken
 * to just past it (land_past_transition: one or two whole trial steps
 * where Brent on whole steps took about ten). Returns CWB_OK with st
 * unchanged when no bracket is found. */
static int cut_at_transition(collision_run_state *r, step_try *st, transition tr, double h_end,
                             double f0, double f_end, const double *y_end, const double *f_end_rhs,
                             double level, char *msg, size_t n)
{
    transition_ctx d = {.r = r,
                        .tr = tr,
                        .level = level,
                        .rc = CWB_OK,
                        .h = NAN,
                        .dense = 1,
                        .h_end = h_end,
                        .y_end = y_end,
                        .f_end = f_end_rhs};
    r->s.h = h_end; /* the first RK4 stage of the step to h_end */
    if (r->reuse_k1 && r->have_k1)
        memcpy(d.f_start, r->k1, sizeof d.f_start);
    else
        d.rc = rhs_stage(&r->s, r->y, 0.0, d.f_start);
    double past = NAN;
    int found = d.rc == CWB_OK && transition_root(&d, 0.0, f0, h_end, f_end, &past);
    if (d.rc != CWB_OK)
        return cwb_fail(msg, n, d.rc, "collision: at t = %g s, %s", r->t, cwb_contact_failure());
    if (!found)
        return CWB_OK; /* not bracketed: the step stands as taken */
    transition_ctx c = {.r = r, .tr = tr, .level = level, .rc = CWB_OK, .h = NAN};
    found = land_past_transition(&c, &d, past, f0, h_end, f_end);
    if (c.rc != CWB_OK)
        return cwb_fail(msg, n, c.rc, "collision: at t = %g s, %s", r->t, cwb_contact_failure());
    if (!found)
        return CWB_OK;
    r->located++;
    st->hs = c.h; /* the end past the transition */
    st->separated = 0;
    st->evaluated = 1;
    memcpy(st->ynew, c.y, sizeof st->ynew);
    memcpy(st->dyend, c.dy, sizeof st->dyend);
    st->otry = c.o;
    st->ttry = c.t;
    st->g1 = c.g;
    return CWB_OK;
}

/* The transition's function at the committed state when it is known
 * without a trial step (NAN for slip -> stick: its rate needs one). */
static double side_at_start(const collision_run_state *r, const geometry *g, transition tr,
                            double level)
{
    return tr == TR_SLIP_STICK ? NAN : side_of(tr, &r->o, g, 0.0, level);
}

/* Look for a law transition inside the step just tried (geometry g at its
 * start) and cut the step there. A step that lands on separation is
 * checked at the last length still in contact. */
static int locate_transition(collision_run_state *r, const geometry *g, step_try *st, char *msg,
                             size_t n)
{
    /* end-force laws report no regime to locate (CWB_LAW_END_FORCES): the
     * trial step to the last length in contact before separation is spared */
    if (r->located >= MAX_LOCATED || !r->touched || r->end_forces)
        return CWB_OK;
    double rate = 0.0;
    int rc, sliding = r->o.t.sliding && r->o.t.slip_margin > 0.0;
    if (!st->separated) {
        if (sliding && (rc = slip_rate(&r->s, st->ynew, &st->g1, &st->ttry, st->hs, &rate)))
            return cwb_fail(msg, n, rc, "collision: at t = %g s, %s", r->t, cwb_contact_failure());
        transition tr = transition_in_step(&r->o, g, &st->otry, &st->g1, rate);
        double lv = tr == TR_KNOT ? r->o.n.delta_knot : st->otry.n.delta_yield;
        rc = tr == TR_NONE ? CWB_OK
                           : cut_at_transition(r, st, tr, st->hs, side_at_start(r, g, tr, lv),
                                               side_of(tr, &st->otry, &st->g1, rate, lv), st->ynew,
                                               st->dyend, lv, msg, n);
        r->s.h = st->hs;
        return rc;
    }
    if (!(st->h_contact > 0.0))
        return CWB_OK;
    transition_ctx c = {.r = r, .tr = TR_NONE, .rc = CWB_OK, .h = NAN};
    transition_side_at(&c, st->h_contact);
    if (c.rc == CWB_OK && sliding)
        c.rc = slip_rate(&r->s, c.y, &c.g, &c.t, st->h_contact, &rate);
    if (c.rc != CWB_OK)
        return cwb_fail(msg, n, c.rc, "collision: near separation, %s", cwb_contact_failure());
    transition tr = transition_in_step(&r->o, g, &c.o, &c.g, rate);
    double lv = tr == TR_KNOT ? r->o.n.delta_knot : c.o.n.delta_yield;
    rc = tr == TR_NONE
             ? CWB_OK
             : cut_at_transition(r, st, tr, st->h_contact, side_at_start(r, g, tr, lv),
                                 side_of(tr, &c.o, &c.g, rate, lv), c.y, c.dy, lv, msg, n);
    r->s.h = st->hs; /* the trial steps moved it; the commit reads it */
    return rc;
}

/* An RK4 step of length h from the committed state into out. Where the
 * laws' forces are functions of the end state alone, or the laws give from
 * the state they committed the forces they committed (Mindlin's spring:
 * cwb_contact_restart_forces), the first stage is the right-hand side of
 * the evaluation that committed the state (kept by accept_step): the same
 * numbers a fresh evaluation there gives (to a rounding of a Coulomb cap
 * applied again), one law evaluation in five saved. */
static int step_from_committed(collision_run_state *r, double h, double *out)
{
    if (!r->reuse_k1)
        return rk4(&r->s, r->y, h, out);
    int rc;
    if (!r->have_k1 && (rc = rhs_stage(&r->s, r->y, 0.0, r->k1)) != CWB_OK)
        return rc;
    r->have_k1 = 1;
    return rk4_from(&r->s, r->y, r->k1, h, out);
}

/* Land on separation from the crossing step's dense output (the step
 * tried in st, geometry g at its start, the contact ending at overlap off):
 * one RK4 step to the time hermite_crossing gives, instead of the four or
 * more trial steps of a root solve on whole steps (land_on_separation).
 * Where that step ends still in contact, one Newton step on the overlap
 * from its end, doubled so that it ends beyond: the Newton step errs by the
 * square of the first one's miss, so the time is then within twice the
 * miss, itself within the interpolant's O(h^4). The first step aims
 * SEPARATION_MARGIN of the step past the interpolated root, so that it
 * ends out of contact: the interpolant missed the RK4 step's own root by
 * up to 4e-8 of the step on the glass impact from t_c/4 to t_c/1024, and
 * the margin moves the contact time by 1e-7 of the landing step, which the
 * grading makes short (at t_c/200, 3.6e-3 of the scheme's error). Used
 * where every law's forces are functions of the end state alone (their
 * steps take the committed evaluation as the first stage, and they have no
 * regime to locate before separation: locate_transition) and the normal
 * law holds no tension (its force reaches zero continuously where the
 * contact ends; an adhesive law's jump there is bracketed by halving,
 * try_step). Returns 1 when landed, 0 when the caller is to solve for the
 * root instead; *rc is set to a law's failure. */
#define SEPARATION_MARGIN 1e-7
static int land_on_dense_output(collision_run_state *r, const geometry *g, step_try *st, double off,
                                int *rc)
{
    double t = hermite_crossing(g->delta - off, g->delta_rate, st->g1.delta - off,
                                st->g1.delta_rate, st->hk) +
               SEPARATION_MARGIN * st->hk;
    double y[NY];
    geometry ge;
    for (int attempt = 0; attempt < 2 && t > 0.0 && t < st->hk; attempt++) {
        r->s.h = t;
        if ((*rc = step_from_committed(r, t, y)) != CWB_OK)
            return 0;
        geometry_of(&r->s, y, &ge);
        if (ge.delta <= off) {
            memcpy(st->ynew, y, sizeof y);
            st->g1 = ge;
            st->hs = t;
            st->h_contact = 0.0; /* not sought: no transition to look for */
            st->separated = 1;
            return 1;
        }
        t = ge.delta_rate < 0.0 ? t + 2.0 * (ge.delta - off) / -ge.delta_rate : NAN;
    }
    return 0;
}

/* The overlap towards which the steps are graded (graded_step): where the
 * normal force ends. An elastic-plastic law unloads on F = k (delta -
 * delta_min)^n, n = 3/2 (1.3-1.5 for jackson_green), which returns the force
 * to zero at the permanent overlap delta_min > 0, not at separation: the
 * same end point as Hertz's at delta = 0, and a step over it erred at
 * O(h^2.5) with a constant that depends on where it falls (Thornton's
 * restitution converged at orders 1.8, 4.5, 1.8 per halving;
 * tests/test_collision.c, thornton_restitution_fourth_order). Beyond
 * delta_min, and for every other law, the end is where the contact ends:
 * off (0, or an adhesive law's delta_off < 0). */
static double force_end(const cwb_contact_out *o, const geometry *g, double off)
{
    double dmin = o->n.delta_min;
    return dmin > 0.0 && dmin > off && g->delta > dmin && o->n.force > 0.0 ? dmin : off;
}

/* Take one step from the committed state (geometry g) without committing.
 * A step across a documented force jump of the normal law (the law flags
 * it) is retried at half length until it is below 1e-6 of the base step:
 * RK4 is only first order across a jump, and this brackets the jump like a
 * bisection (about 40 extra steps per jump) instead of refining the whole
 * collision. Only the first 8 jumps of a collision are bracketed: a law
 * that jumped at every step would cost 40 trial steps per step. Where a
 * law's unloading curve misses its loading curve (stronge) the jump is at
 * the start of the step after the located peak: from there the law is on
 * the unloading curve (src/laws/plastic.c), and that step is bracketed down
 * to 1e-6 of the base step like any other. */
static int try_step(collision_run_state *r, const geometry *g, size_t jumps, step_try *st,
                    char *msg, size_t n)
{
    int rc;
    /* The contact ends at delta_off of the last committed evaluation: 0, or
     * below 0 where an adhesive law holds it (cwb_law.h); the steps are
     * graded towards that end as towards zero overlap. */
    double off = r->o.n.delta_off;
    for (;;) {
        double end = force_end(&r->o, g, off);
        st->hk = fmin(graded_step(r->h, r->t_grade, r->grade_exp, r->s_min, r->t, g->delta - end,
                                  g->delta_rate),
                      r->jump_cap);
        r->s.delta0 = g->delta;
        r->s.h = st->hk;
        if ((rc = step_from_committed(r, st->hk, st->ynew)) != CWB_OK)
            return cwb_fail(msg, n, rc, "collision: at t = %g s, %s", r->t, cwb_contact_failure());
        geometry_of(&r->s, st->ynew, &st->g1);
        st->hs = st->hk;
        st->separated = 0;
        if (st->g1.delta > r->resolvable)
            r->touched = 1;
        if (st->g1.delta <= off && r->touched) {
            /* An adhesive law's force jumps where the contact ends (JKR:
             * from -(5/9) F_pulloff to 0), and the last RK4 stage of the
             * landing step sees the force beyond it: bracket the end like a
             * documented jump (halved steps down to 1e-6 of the base step)
             * so that step is short. Zero-force ends (off = 0) land at once. */
            if (off < 0.0 && st->hk > 1e-6 * r->h) {
                r->jump_cap = 0.5 * st->hk;
                continue;
            }
            int landed = r->end_forces && !(r->o.n.pulloff_force > 0.0) &&
                         land_on_dense_output(r, g, st, off, &rc);
            if (rc != CWB_OK)
                return cwb_fail(msg, n, rc, "collision: at separation, %s", cwb_contact_failure());
            if (!landed && (rc = land_on_separation(r, st, off, msg, n)) != CWB_OK)
                return rc;
        }
        /* the evaluation that commits the step, done here to see its flag
         * (and reused for the commit) */
        st->evaluated = 0;
        if (!st->separated) {
            if ((rc = rhs_at(&r->s, st->ynew, &st->g1, st->hs, st->dyend, &st->otry, &st->ttry)) !=
                CWB_OK)
                return cwb_fail(msg, n, rc, "collision: at t = %g s, %s", r->t,
                                cwb_contact_failure());
            st->evaluated = 1;
            if ((st->otry.n.flags & CWB_FLAG_DISCONTINUITY) && st->hk > 1e-6 * r->h && jumps < 8) {
                r->jump_cap = 0.5 * st->hk;
                continue;
            }
        }
        return locate_transition(r, g, st, msg, n);
    }
}

/* Peak overlap inside the step (cubic Hermite, fourth-order) and the
 * normal force there, a trial evaluation from the committed state. */
static void track_peak(collision_run_state *r, const geometry *g, const step_try *st)
{
    if (!(g->delta_rate > 0.0 && st->g1.delta_rate <= 0.0))
        return;
    double peak = hermite_peak(g->delta, g->delta_rate, st->g1.delta, st->g1.delta_rate, st->hs);
    if (peak <= r->dmax)
        return;
    r->dmax = peak;
    cwb_kin k;
    kinematics(&r->s, r->y, g, 0.0, &k);
    k.delta = peak;
    cwb_normal_out no;
    if (cwb_contact_normal(&r->s.ct, NULL, &k, &no) == CWB_OK && no.force > r->fmax)
        r->fmax = no.force;
}

/* The evaluation o has no force off the normal and no torque: what a
 * head-on collision relies on ("Head-on collisions"). */
static int off_line_free(const cwb_contact_out *o)
{
    const cwb_vec3 v[4] = {o->t.force, o->d.force_t, o->r.torque1, o->r.torque2};
    for (int i = 0; i < 4; i++)
        if (v[i].x != 0.0 || v[i].y != 0.0 || v[i].z != 0.0)
            return 0;
    return 1;
}

/* Accept the step: move to its end, commit the laws, and track jumps,
 * flags, the permanent overlap and the peaks. */
static int accept_step(collision_run_state *r, const geometry *g, step_try *st, run_summary *out,
                       char *msg, size_t n)
{
    int rc;
    memcpy(r->y, st->ynew, sizeof r->y);
    r->xi_t += cwb_v3_dot(get3(r->y, XI), r->t_hat); /* the commit restarts XI */
    r->t += st->hs;
    /* the normal law's state before the commit, for zero_force_overlap: its
     * own bytes only (none for Hertz; CWB_MAX_STATE was 1.4 % of a 17-step
     * Hertz collision's instructions) */
    CWB_STATE_ALIGN unsigned char before[CWB_MAX_STATE];
    memcpy(before, r->s.ct.committed.state[CWB_KIND_NORMAL], r->s.ct.state_size[CWB_KIND_NORMAL]);
    double force_before = r->o.n.force;
    r->have_k1 = 0;
    if (st->evaluated) {
        r->o = st->otry;
        commit_evaluated(&r->s, r->y, &st->ttry, &r->le, &r->o);
        if (r->reuse_k1) {
            memcpy(r->k1, st->dyend, sizeof r->k1);
            r->have_k1 = 1;
        }
    } else if ((rc = commit(&r->s, r->y, st->hs, &r->o, &r->le)) != CWB_OK) {
        return cwb_fail(msg, n, rc, "collision: at t = %g s, %s", r->t, cwb_contact_failure());
    }
    const cwb_contact_out *o = &r->o;
    if (r->s.head_on && !off_line_free(o))
        return cwb_fail(msg, n, CWB_EFAIL,
                        "collision: a law gave a tangential force or a torque at t = %g s of a "
                        "head-on collision, with no tangential motion and no spin",
                        r->t);
    out->jumps += (o->n.flags & CWB_FLAG_DISCONTINUITY) != 0;
    if (o->n.flags & CWB_FLAG_DISCONTINUITY)
        r->jump_cap = INFINITY; /* the jump is behind: back to the base step */
    out->flags |= o->n.flags | o->t.flags;
    out->adhesive |= o->n.pulloff_force > 0.0;
    if (force_before > 0.0 && o->n.force <= 0.0 && st->g1.delta > 0.0 &&
        out->permanent_overlap == 0.0 && g->delta_rate < 0.0)
        out->permanent_overlap = zero_force_overlap(&r->s, before, st->g1.delta, g->delta);
    if (st->g1.delta > r->dmax)
        r->dmax = st->g1.delta;
    if (o->n.force > r->fmax)
        r->fmax = o->n.force;
    return CWB_OK;
}

/* The results of the run, from its end state and the initial one y0. */
static void summarise(const collision_run_state *r, const double *y0, run_summary *out)
{
    const double *y = r->y;
    geometry g, g0;
    geometry_of(&r->s, y, &g);
    geometry_of(&r->s, y0, &g0);
    double vt0 = cwb_v3_norm(g0.v_t);
    double vn0 = -g0.delta_rate; /* relative normal velocity 2 wrt 1 (< 0) */
    cwb_vec3 u0 = cwb_v3_sub(get_split(y0, V1), get_split(y0, V2));
    double vn1 = -g.delta_rate;
    cwb_vec3 u1 = cwb_v3_sub(get_split(y, V1), get_split(y, V2));
    double ut0 = cwb_v3_dot(u0, cwb_v3(1, 0, 0)), ut1 = cwb_v3_dot(u1, cwb_v3(1, 0, 0));
    double cp1 = -cwb_v3_dot(g.v_t, cwb_v3(1, 0, 0)); /* contact-point slip of 1 wrt 2 */
    out->value[R_TC] = r->t;
    out->value[R_DMAX] = r->dmax;
    out->value[R_FMAX] = r->fmax;
    out->value[R_EN] = -vn1 / vn0;
    out->value[R_ET] = ut0 != 0.0 ? ut1 / ut0 : NAN;
    out->value[R_ETC] = vt0 > 0.0 ? cwb_v3_dot(g.v_t, r->t_hat) / vt0 : NAN;
    out->value[R_ANGLE] = atan2(cp1, -u1.z) * 180.0 / M_PI;
    out->value[R_ANGLE_COM] = atan2(ut1, -u1.z) * 180.0 / M_PI;
    out->u_normal_after = -u1.z;
    out->u_t_after = ut1;
    /* contact-point velocity of body 1 relative to body 2, before and after */
    out->tan_in = -cwb_v3_dot(g0.v_t, cwb_v3(1, 0, 0)) / g0.delta_rate;
    out->tan_out = cp1 / -u1.z;
    out->value[R_W1] = y[W1 + 1];
    out->value[R_W2] = r->s.props.wall ? 0.0 : y[W2 + 1];
    out->e_out = kinetic_energy(&r->s, y);
    out->e_stored = r->o.n.energy + r->o.t.energy + r->o.r.energy;
    out->e_stored_r = r->o.r.energy;
    out->d_visc = y[DISS_V];
    out->omega1_n = y[W1 + 2];
    out->omega2_n = r->s.props.wall ? 0.0 : y[W2 + 2];
    out->e_stored_n = r->o.n.energy;
    out->w_n = y[WORK_N];
    out->w_t = y[WORK_T];
    out->d_damp = y[DISS_D];
    out->d_roll = y[DISS_R];
    out->le = r->le;
    if (out->stuck) {
        /* no rebound: the restitution is 0, and what describes one (the
         * contact time, rebound velocities, angles, spins) is undefined;
         * the energies are those at capture */
        for (int i = 0; i < R_COUNT; i++)
            if (i != R_DMAX && i != R_FMAX)
                out->value[i] = NAN;
        out->value[R_EN] = 0.0;
        out->u_normal_after = 0.0;
        if (out->permanent_overlap == 0.0)
            out->permanent_overlap = NAN; /* captured before the force crossed zero */
        out->u_t_after = out->tan_out = NAN;
    }
}

/* The initial state y0 lies on the line of centres: no unknown past the
 * head-on ones is set (no tangential velocity, no spin). */
static int starts_head_on(const double *y0)
{
    for (int i = NY_HEAD_ON; i < NY; i++)
        if (y0[i] != 0.0)
            return 0;
    return 1;
}

int cwb_collision_head_on(const cwb_case *c)
{
    sim s = {0};
    double y0[NY];
    cwb_collision_bodies_of(c, &s.props);
    s.ny = NY;
    initial_state(c, &s, y0);
    return starts_head_on(y0);
}

/* Set up a run at base step h from the initial state y0. */
static int start_run(const cwb_case *c, double h, double t_grade, collision_run_state *r,
                     double *y0)
{
    memset(r, 0, sizeof *r);
    if (sim_of_case(c, &r->s) != CWB_OK)
        return CWB_EFAIL;
    r->h = h;
    r->t_grade = t_grade;
    r->grade_exp = grading_exponent(c);
    initial_state(c, &r->s, y0);
    memcpy(r->y, y0, sizeof r->y);
    r->s.head_on = starts_head_on(y0);
    r->s.ny = r->s.head_on ? NY_HEAD_ON : NY;
    cwb_contact_axial_kin(&r->axial);
    r->s.axial = &r->axial;
    geometry g0;
    geometry_of(&r->s, y0, &g0);
    double vt0 = cwb_v3_norm(g0.v_t);
    r->t_hat = vt0 > 0 ? cwb_v3_scale(g0.v_t, 1.0 / vt0) : cwb_v3(1, 0, 0);
    /* Overlaps below this are rounding noise of the centre coordinates. */
    r->resolvable = 4096.0 * DBL_EPSILON * (r->s.props.r1 + r->s.props.r2);
    double vn_in, vt_in;
    impact_velocity(c->driver_values.p, &vn_in, &vt_in);
    r->s_floor = r->resolvable / vn_in;
    r->s_min = graded_shortest(h, t_grade, r->grade_exp, r->s_floor);
    r->jump_cap = INFINITY;
    r->end_forces = cwb_contact_end_forces(&r->s.ct);
    r->reuse_k1 = r->end_forces || cwb_contact_restart_forces(&r->s.ct);
    return CWB_OK;
}

/* How one run at a fixed base step is made. */
typedef struct {
    double h;           /* base step [s] */
    double t_grade;     /* grading time near the ends (graded_step) [s] */
    size_t every;       /* a row every this many steps */
    cwb_series *series; /* rows, or NULL */
} run_plan;

/* Capture (an adhesive contact that can no longer end; header). A passive
 * contact only loses energy, so the bodies can reach the overlap delta_off
 * where the contact ends only if what they hold now -- the kinetic energy of
 * both bodies plus the energy the laws store -- is at least the normal
 * law's stored energy there, on the curve of the committed state: its
 * energy now plus the work its evaluation at delta_off reports (the contact
 * has ended there, delta <= delta_off, so that evaluation stores nothing;
 * its work runs along the curve to the end). When it
 * is less (by more than 1e-9 of what is held: the integration's error on
 * the energies is 1e-12), the bodies oscillate in the attractive well for
 * ever: elastic JKR below its sticking velocity V_s would run to max_steps
 * (20 million steps, minutes). The test starts after the first maximum of
 * the overlap, the first rebound attempt: before it a plastic adhesive law
 * (thornton_ning) still moves its unloading curve. It needs an adhesive law
 * (pull-off force > 0: for any other the energy at delta_off is 0 and the
 * held energy >= 0), and no energy created by a law so far (flagged gain,
 * stiffness-change creation): such a law could lift the bodies out. */
static int captured(collision_run_state *r, const geometry *g0, const geometry *g1)
{
    if (!r->rebounding && r->touched && g0->delta_rate > 0.0 && g1->delta_rate <= 0.0)
        r->rebounding = 1;
    if (!r->rebounding || !(r->o.n.pulloff_force > 0.0) || r->le.gains || r->le.stiff < 0.0 ||
        r->le.roll_stiff < 0.0)
        return 0;
    cwb_kin k = {.delta = r->o.n.delta_off, .delta0 = g1->delta, .normal = g1->n};
    cwb_normal_out end;
    if (cwb_contact_normal(&r->s.ct, NULL, &k, &end) != CWB_OK)
        return 0;
    double held = kinetic_energy(&r->s, r->y) + r->o.n.energy + r->o.t.energy + r->o.r.energy;
    double needed = r->o.n.energy + end.work;
    return held < needed - 1e-9 * (fabs(held) + fabs(needed));
}

static int peak_overlap(const cwb_case *c, double *dstar, double *fstar, char *msg, size_t n);

/* The bodies move apart and their overlap never exceeded the centres'
 * rounding: the step passed over the whole contact, or the contact is too
 * shallow to resolve (the free flight's deepest overlap, (R1 + R2) v_n^2 /
 * (2 (v_n^2 + v_t^2)), says which). Without this the run went on to
 * max_steps (20 million steps) with the bodies ever further apart. */
static int passed_over(const cwb_case *c, const collision_run_state *r, const step_try *st,
                       char *msg, size_t n)
{
    double vn, vt;
    impact_velocity(c->driver_values.p, &vn, &vt);
    double reach = r->s.props.r1 + r->s.props.r2;
    double depth = 0.5 * reach * vn * vn / (vn * vn + vt * vt);
    if (depth <= r->resolvable)
        return cwb_fail(msg, n, CWB_EFAIL,
                        "collision: the bodies' flight through each other reaches an overlap "
                        "of %g m, below the %g m that the centres' rounding resolves: no "
                        "contact can be computed at this impact angle",
                        depth, r->resolvable);
    /* the law's own deepest overlap (Hertz's closed form, else the search
     * dt = auto makes): at v_n = 1e-12 m/s a Hertz contact of 1 mm spheres
     * reaches 4.5e-16 m, below the rounding, and no dt resolves it */
    double dstar, fstar;
    char ignored[256];
    if (peak_overlap(c, &dstar, &fstar, ignored, sizeof ignored) == CWB_OK &&
        dstar <= r->resolvable)
        return cwb_fail(msg, n, CWB_EFAIL,
                        "collision: the normal law's deepest overlap at v_n = %g m/s is about "
                        "%g m, below the %g m that the centres' rounding resolves: no step "
                        "resolves this contact (a larger normal speed does)",
                        vn, dstar, r->resolvable);
    return cwb_fail(msg, n, CWB_EFAIL,
                    "collision: the step %g s passed over the whole contact (the bodies were "
                    "moving apart at t = %g s and their overlap never exceeded %g m): set a "
                    "smaller dt",
                    st->hk, r->t + st->hs, r->resolvable);
}

/* One complete collision as planned. */
static int run_fixed(const cwb_case *c, const run_plan *plan, run_summary *out, char *msg, size_t n)
{
    double max_steps = c->driver_values.p[P_MAX_STEPS], y0[NY];
    cwb_series *series = plan->series;
    size_t every = plan->every;
    collision_run_state r;
    if (start_run(c, plan->h, plan->t_grade, &r, y0) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "collision: the case's laws cannot be bound");
    r.every = every;
    r.series = series;
    memset(out, 0, sizeof *out);
    out->e_in = kinetic_energy(&r.s, y0);
    cwb_vec3 u0 = cwb_v3_sub(get_split(y0, V1), get_split(y0, V2));
    out->impact_angle = atan2(fabs(u0.x), u0.z) * 180.0 / M_PI;
    if (series)
        series_columns(c, series);
    int rc;
    geometry g;
    geometry_of(&r.s, r.y, &g);
    for (size_t step = 0;; step++) {
        if (series && step % every == 0 && record_row(&r, &g) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory for the series");
        if ((double)step >= max_steps)
            return cwb_fail(msg, n, CWB_EFAIL,
                            "collision: the bodies had not separated after %.0f steps "
                            "(t = %g s, overlap %g m); raise max_steps or check the laws",
                            max_steps, r.t, g.delta);
        step_try st;
        if ((rc = try_step(&r, &g, out->jumps, &st, msg, n)) != CWB_OK)
            return rc;
        if (!r.touched && st.g1.delta < 0.0 && st.g1.delta_rate < 0.0)
            return passed_over(c, &r, &st, msg, n);
        track_peak(&r, &g, &st);
        if ((rc = accept_step(&r, &g, &st, out, msg, n)) != CWB_OK)
            return rc;
        int stuck = !st.separated && captured(&r, &g, &st.g1);
        g = st.g1; /* the committed state's: the commit changes only xi and theta */
        if (st.separated || stuck) {
            out->steps = step + 1;
            out->stuck = stuck;
            out->capture_time = stuck ? r.t : NAN;
            break;
        }
    }
    if (series && record_row(&r, &g) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory for the series");
    summarise(&r, y0, out);
    return CWB_OK;
}

/* Overlap at which the normal law (virgin loading) has absorbed the normal
 * kinetic energy of the relative motion: the elastic estimate of the peak
 * overlap, from which dt = auto starts. */
static int estimate_peak_overlap(const cwb_case *c, double *dstar, double *fstar, char *msg,
                                 size_t n)
{
    cwb_contact ct;
    if (cwb_contact_init(&ct, c) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "collision: the case's laws cannot be bound");
    double vn, vt;
    impact_velocity(c->driver_values.p, &vn, &vt);
    double energy = 0.5 * c->pair.m_star * vn * vn;
    enum { npts = 400 };
    /* The first half of a level's points, (2d) i / npts for i <= npts / 2,
     * are the even points d (2 i) / npts of the level before, bit for bit
     * (scaling by 2 is exact): their forces are taken from it, not
     * evaluated again (the search was half of a short run's law calls). */
    double f_level[npts + 1] = {0}, f_before[npts + 1];
    int have_before = 0;
    cwb_kin k = {0}; /* the law reads it (const): only delta changes */
    k.normal = cwb_v3(0, 0, 1);
    for (double d = c->pair.R_star * 1e-7; d <= 4.0 * c->pair.R_star; d *= 2.0) {
        double w = 0.0, fprev = 0.0, f = 0.0;
        for (int i = 1; i <= npts; i++) {
            cwb_normal_out no;
            if (have_before && 2 * i <= npts) {
                f = f_before[2 * i];
            } else {
                k.delta = d * i / npts;
                int rc = cwb_contact_normal(&ct, NULL, &k, &no);
                if (rc)
                    return cwb_fail(msg, n, rc, "collision: %s", cwb_contact_failure());
                f = no.force;
            }
            f_level[i] = f;
            w += 0.5 * (f + fprev) * d / npts;
            fprev = f;
            if (w >= energy) {
                *dstar = d * i / npts;
                *fstar = f;
                return CWB_OK;
            }
        }
        memcpy(f_before, f_level, sizeof f_before);
        have_before = 1;
    }
    return cwb_fail(msg, n, CWB_EFAIL,
                    "collision: the normal law '%s' cannot stop the bodies within "
                    "an overlap of 4 R* = %g m (no force, or far too soft)",
                    c->law[CWB_KIND_NORMAL]->name, 4.0 * c->pair.R_star);
}

/* The last search's inputs and answer: a case with a fixed dt asks for the
 * search twice (collision_check at load, then the run), and it costs more
 * law calls than a short run's steps. The answer is a pure function of the
 * normal law, its values, the pair and v_n, all compared byte for byte.
 * Shared by the threads of a process (the library runs cases from several
 * at once, include/cwb/cwb_api.h): read and written under a lock; the
 * search itself runs outside it. */
static struct {
    int valid;
    const cwb_law_head *law;
    cwb_values values;
    cwb_pair pair;
    double vn, dstar, fstar;
} last_search;
static pthread_mutex_t last_search_lock = PTHREAD_MUTEX_INITIALIZER;

/* The normal law's values a search depends on are those of last_search:
 * the numbers and lists of its table (bytes past a list's length or a
 * text's end are not set by cwb_values_init, so not compared). */
static int same_values(const cwb_values *a, const cwb_values *b)
{
    if (a->table != b->table || memcmp(a->p, b->p, sizeof a->p) != 0)
        return 0;
    for (size_t i = 0; a->table && a->table[i].name; i++)
        if (a->list[i].n != b->list[i].n ||
            memcmp(a->list[i].v, b->list[i].v, a->list[i].n * sizeof a->list[i].v[0]) != 0 ||
            strcmp(a->text[i], b->text[i]) != 0)
            return 0;
    return 1;
}

/* Hertz's peak overlap in closed form: (8/15) E* sqrt(R*) delta^(5/2) =
 * m* v_n^2 / 2 (Johnson 1985, Contact Mechanics, sec. 11.4), what the
 * search converges to for a normal law declaring CWB_LAW_HERTZ_FORCE
 * without its thousands of law calls (a batch of distinct v_n searched
 * once per sample). */
static int hertz_peak(const cwb_case *c, double vn, double *dstar, double *fstar)
{
    const cwb_pair *g = &c->pair;
    if (!(c->law[CWB_KIND_NORMAL]->flags & CWB_LAW_HERTZ_FORCE) || g->dim == 2 ||
        !(g->E_star > 0.0) || !(g->R_star > 0.0) || !(g->m_star > 0.0))
        return 0;
    double k = 4.0 / 3.0 * g->E_star * sqrt(g->R_star);
    *dstar = pow(15.0 * g->m_star * vn * vn / (16.0 * g->E_star * sqrt(g->R_star)), 0.4);
    *fstar = k * pow(*dstar, 1.5);
    return isfinite(*dstar) && *dstar > 0.0 && *dstar <= 4.0 * g->R_star;
}

static int peak_overlap(const cwb_case *c, double *dstar, double *fstar, char *msg, size_t n)
{
    double vn, vt;
    impact_velocity(c->driver_values.p, &vn, &vt);
    if (hertz_peak(c, vn, dstar, fstar))
        return CWB_OK;
    const cwb_values *v = &c->law_values[CWB_KIND_NORMAL];
    pthread_mutex_lock(&last_search_lock);
    int found = last_search.valid && last_search.law == c->law[CWB_KIND_NORMAL] &&
                last_search.vn == vn && memcmp(&last_search.pair, &c->pair, sizeof c->pair) == 0 &&
                same_values(&last_search.values, v);
    if (found) {
        *dstar = last_search.dstar;
        *fstar = last_search.fstar;
    }
    pthread_mutex_unlock(&last_search_lock);
    if (found)
        return CWB_OK;
    int rc = estimate_peak_overlap(c, dstar, fstar, msg, n);
    pthread_mutex_lock(&last_search_lock);
    last_search.valid = rc == CWB_OK;
    if (rc == CWB_OK) {
        last_search.law = c->law[CWB_KIND_NORMAL];
        last_search.values = *v;
        last_search.pair = c->pair;
        last_search.vn = vn;
        last_search.dstar = *dstar;
        last_search.fstar = *fstar;
    }
    pthread_mutex_unlock(&last_search_lock);
    return rc;
}

/* Contact time of the elastic estimate: 2.94 dmax/v for Hertz, pi dmax/v
 * for a linear spring; and between two spheres or discs no longer than
 * their free flight through each other, 2 (R1 + R2) v_n / (v_n^2 + v_t^2)
 * (the centres' distance (R1 + R2 - v_n t)^2 + (v_t t)^2 below (R1 +
 * R2)^2), which the contact force only shortens. A grazing impact is far
 * shorter than its normal speed's Hertz time: steel spheres of 1 mm at
 * 1 m/s and 89.999 deg touch for 6.98e-8 s, and a step planned from the
 * Hertz time of v_n = 1.7e-5 m/s passed over the whole contact. A wall is
 * flat: the overlap grows as v_n t, and the Hertz time stands. */
static double expected_contact_time(const cwb_case *c, double dstar)
{
    double vn, vt;
    impact_velocity(c->driver_values.p, &vn, &vt);
    double t = 3.0 * dstar / vn;
    const cwb_body *b2 = &c->pair.body[1];
    if (b2->shape != CWB_SHAPE_WALL) {
        double reach = c->pair.body[0].radius + b2->radius;
        t = fmin(t, 2.0 * reach * vn / (vn * vn + vt * vt));
    }
    return t;
}

/* A given dt must resolve the contact and fit max_steps into it: within
 * [t_est / max_steps, t_est / 2], t_est the expected contact time (3
 * delta* / v_n, delta* the normal law's elastic peak overlap). The upper
 * end: RK4 is stable on an oscillation of angular frequency omega only
 * for h omega <= 2 sqrt(2) (the imaginary-axis limit of its stability
 * region); for Hertz the stiffness at the peak, (3/2) F* / delta*, gives
 * omega = 1.37 v_n / delta*, so h <= 2.07 delta* / v_n = 0.69 t_est
 * (0.94 t_est for a linear spring). A longer step cannot follow the contact:
 * with dt = 2.4 t_est the glass spheres of Chung & Ooi test 1 passed
 * through each other and ran 2e7 steps (minutes) to max_steps. Half of
 * t_est is below both limits. The lower end: a dt so small that
 * separation takes more than max_steps steps would run to max_steps and
 * fail (a dt so small that t/dt overflowed a size_t ended in SIGFPE).
 * Refused rather than clamped: a dt the user wrote is a request for that
 * resolution, and quietly running another one would report results the
 * user did not ask for; the message names the range. */
static int check_fixed_dt(const cwb_case *c, char *msg, size_t n)
{
    const cwb_values *v = &c->driver_values;
    double h = v->p[P_DT], dstar, fstar;
    char inner[CWB_MSG];
    if (!(h > 0.0) || peak_overlap(c, &dstar, &fstar, inner, sizeof inner) != CWB_OK)
        return CWB_OK; /* auto, or a law the run will report on */
    double t_est = expected_contact_time(c, dstar), need = t_est / h;
    double lo = t_est / v->p[P_MAX_STEPS], hi = 0.5 * t_est;
    if (need <= v->p[P_MAX_STEPS] && h <= hi)
        return CWB_OK;
    char w[CWB_TEXT + 32];
    cwb_case_where(c, v, P_DT, w, sizeof w);
    if (h > hi)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] dt = %g s is more than half the expected contact time "
                        "%g s: the step cannot resolve the contact (RK4 is unstable beyond about "
                        "0.7 of a Hertz contact time, velocity Verlet beyond about 0.5): dt "
                        "must be in [%g s, %g s] (expected "
                        "contact time / max_steps, / 2), or auto",
                        w, h, t_est, lo, hi);
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s: [driver] dt = %g s would take about %.3g steps over the expected "
                    "contact time %g s, more than max_steps = %.0f: dt must be in "
                    "[%g s, %g s] (expected contact time / max_steps, / 2), or auto; or raise "
                    "max_steps (at most 1e10)",
                    w, h, need, t_est, v->p[P_MAX_STEPS], lo, hi);
}

/* The case's collision for the velocity-Verlet loop (collision_verlet.c). */
static cwb_verlet_plan verlet_plan(const cwb_case *c, double t_est)
{
    const double *p = c->driver_values.p;
    cwb_verlet_plan plan = {.omega1 = p[P_OMEGA1],
                            .omega2 = p[P_OMEGA2],
                            .omega1_n = p[P_OMEGA1_N],
                            .omega2_n = p[P_OMEGA2_N],
                            .h = p[P_DT],
                            .max_steps = p[P_MAX_STEPS],
                            .rows = p[P_ROWS],
                            .t_est = t_est,
                            .lever_radius = (int)p[P_SPIN_LEVER],
                            .where_dt = P_DT,
                            .where_scheme = P_INTEGRATOR};
    impact_velocity(p, &plan.vn, &plan.vt);
    return plan;
}

/* A normal law; v_normal/v_tangential, or impact_speed/impact_angle_deg:
 * exactly one way; a given dt within max_steps. */
static int collision_check(const cwb_case *c, char *msg, size_t n)
{
    const cwb_values *v = &c->driver_values;
    char w[CWB_TEXT + 32];
    if (c->law[CWB_KIND_NORMAL]->flags & CWB_LAW_ABSENT)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s:%d: [contact] normal = none: a collision needs a normal law (with no "
                        "normal force the bodies pass through each other; `cwb laws normal`)",
                        c->file, c->law_line[CWB_KIND_NORMAL]);
    int by_speed = v->given[P_SPEED] != 0, by_parts = v->given[P_VN] != 0;
    if (by_speed && (by_parts || v->given[P_VT])) {
        cwb_case_where(c, v, P_SPEED, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] give either v_normal/v_tangential or "
                        "impact_speed/impact_angle_deg, not both",
                        w);
    }
    if (!by_speed && !by_parts) {
        cwb_case_where(c, v, P_VN, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] missing required key 'v_normal' [m/s] (or "
                        "impact_speed [m/s] with impact_angle_deg [deg])",
                        w);
    }
    if (v->given[P_ANGLE] && !by_speed) {
        cwb_case_where(c, v, P_ANGLE, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [driver] impact_angle_deg needs impact_speed", w);
    }
    if ((int)v->p[P_INTEGRATOR] == 1) {
        cwb_verlet_plan plan = verlet_plan(c, 0.0);
        int rc = cwb_collision_verlet_check(c, &plan, msg, n);
        if (rc)
            return rc;
    }
    return check_fixed_dt(c, msg, n);
}

/* Rows every `every` steps so that the recorded run has about `rows`. */
static size_t row_stride(double t_est, double h, double rows)
{
    double every = ceil(t_est / h / rows);
    /* check_fixed_dt bounds t_est / h by max_steps <= 1e10: this fits */
    return every > 1.0 ? (size_t)every : 1;
}

/* Largest relative change of any reported result between two runs, each
 * measured against max(|result|, its floor). */
static double largest_change(const run_summary *a, const run_summary *b, const double *floor_of)
{
    double change = a->stuck == b->stuck ? 0.0 : 1.0; /* one rebounds, the other sticks */
    for (int i = 0; i < R_COUNT; i++) {
        double x = a->value[i], y = b->value[i];
        if (isnan(x) && isnan(y))
            continue;
        double d = fabs(x - y) / fmax(fabs(x), floor_of[i]);
        if (d > change)
            change = d;
    }
    return change;
}

/* Halvings of the starting step t_est / 50 that dt = auto may take. Each
 * halving doubles the run's cost; the shipped cases need at most 12, and
 * 16 (about 3e6 steps a run) leaves room for tighter dt_tol while bounding
 * a case that will not converge to seconds instead of minutes (max_steps,
 * 2e7 by default, was the only bound: 19 halvings, 8 times the work).
 * No rule on the change's trend: a result's changes can rise for several
 * halvings before they fall (seed004_fig5_md's contact-point restitution
 * at dt_tol 1e-7: 7.3e-7, 1.2e-8, then 2.4e-7, 8.5e-8). */
#define AUTO_MAX_HALVINGS 16
#define STRINGIFY_(x)     #x
#define STRINGIFY(x)      STRINGIFY_(x)

/* A run's step control: the loop's state (cwb_dt_auto.h; dt.h is the step
 * the reported results come from) and the steps of every run made. */
typedef struct {
    cwb_dt_auto dt;
    double steps_total; /* steps of every run made, the recorded one too */
} auto_dt;

/* Why dt = auto stopped without meeting dt_tol, into msg. */
static int auto_dt_failure(const cwb_case *c, const cwb_dt_auto *a, const char *why, char *msg,
                           size_t n)
{
    const double *p = c->driver_values.p;
    char trail[96] = "";
    int k = a->halvings;
    if (k >= 3)
        snprintf(trail, sizeof trail, " (last changes %.3g, %.3g, %.3g)", a->history[k - 3],
                 a->history[k - 2], a->history[k - 1]);
    return cwb_fail(msg, n, CWB_EFAIL,
                    "collision: dt = auto stopped after %d halvings at dt = %g s: the "
                    "results still changed by %.3g%s: error estimate %.3g, dt_tol asks %g; "
                    "%s. Give dt, or loosen dt_tol",
                    k, a->h, a->change, trail, a->estimate, p[P_DT_TOL], why);
}

/* The runs dt = auto compares (slots 0 and 1 in turn): their summaries and
 * curves, and what a run needs. */
typedef struct {
    const cwb_case *c;
    double t_est;
    const double *floor_of;
    cwb_result **rec;
    run_summary sum[2];
    double steps_total;
    double last[R_COUNT]; /* each result's change at the halving before (NaN: none) */
} refinement;

/* One run at base step h into slot: its curve into rec[slot] (emptied
 * first) with a row every so many steps that it holds about `rows`. */
static int run_recorded(void *ctx, double h, int slot, char *msg, size_t n)
{
    refinement *x = ctx;
    cwb_result *rec = x->rec[slot];
    int no_series = rec->no_series;
    cwb_result_free(rec);
    cwb_result_init(rec);
    rec->no_series = no_series;
    run_plan plan = {h, grading_time(x->c, x->t_est),
                     row_stride(x->t_est, h, x->c->driver_values.p[P_ROWS]),
                     no_series ? NULL : &rec->series};
    int rc = run_fixed(x->c, &plan, &x->sum[slot], msg, n);
    x->steps_total += (double)x->sum[slot].steps;
    return rc;
}

/* One rebounding and the other stuck counts as a change of 1. A result
 * whose own change grew from the halving before, above 1/100 of dt_tol (the
 * noise of the others' round-off), has not begun to converge, whatever the
 * largest change shows: the two runs are not taken as comparable, and the
 * refinement goes on. seed004_fig52_lth at dt_tol 1e-6 was accepted at its
 * second halving (the largest change, restitution_normal's, falling 16.7
 * times: estimate 2.3e-7) while omega1_after's change had grown; its next
 * changes were 7.5e-7, 9.3e-8, 4.4e-8 of (v_n + |v_t|) / R, and the
 * accepted run's spin erred by 9.0e-7 (1.23e-6 of |v| / R, the bench's
 * scale). */
static double run_change(void *ctx, int fine, int coarse, int *comparable)
{
    refinement *x = ctx;
    const run_summary *a = &x->sum[fine], *b = &x->sum[coarse];
    double floor_tol = 0.01 * x->c->driver_values.p[P_DT_TOL];
    for (int i = 0; i < R_COUNT; i++) {
        double d = fabs(a->value[i] - b->value[i]) / fmax(fabs(a->value[i]), x->floor_of[i]);
        if (d > floor_tol && d > x->last[i]) /* false while last is NaN */
            *comparable = 0;
        x->last[i] = d;
    }
    return largest_change(a, b, x->floor_of);
}

/* The next halving's run must fit max_steps over the expected contact time. */
static int halving_affordable(void *ctx, const cwb_dt_auto *a)
{
    const refinement *x = ctx;
    return !(x->t_est / (0.5 * a->h) > x->c->driver_values.p[P_MAX_STEPS]);
}

/* dt = auto's first step: t_est / 50 meets dt_tol = 1e-6 at the first
 * halving on a Hertz impact; RK4's error goes as h^4, so a looser dt_tol
 * starts at a step (dt_tol / 1e-6)^(1/4) longer (t_est / 16 at 1e-4: 56
 * steps in all where t_est / 50 took 192, for an error of 1e-6 both). The
 * acceptance is the same, so a law that needs shorter steps halves more
 * often, never less. */
static double first_step(const cwb_case *c, double t_est)
{
    double tol = c->driver_values.p[P_DT_TOL], h0 = t_est / 50.0;
    return tol > 1e-6 ? h0 * pow(tol / 1e-6, 0.25) : h0;
}

/* Refine dt from first_step (cwb_dt_refine) until the Richardson estimate
 * of the finer run's error meets dt_tol. Every run records its curve (into
 * rec[0] and rec[1] in turn), so the accepted run is the recorded one: *acc
 * is its summary, rec[*which] its curve. */
static int refine_dt(const cwb_case *c, double t_est, const double *floor_of, auto_dt *a,
                     cwb_result **rec, int *which, run_summary *acc, char *msg, size_t n)
{
    refinement *x = malloc(sizeof *x);
    if (!x)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    *x = (refinement){.c = c, .t_est = t_est, .floor_of = floor_of, .rec = rec};
    for (int i = 0; i < R_COUNT; i++)
        x->last[i] = NAN;
    cwb_dt_plan plan = {.h0 = first_step(c, t_est),
                        .tol = c->driver_values.p[P_DT_TOL],
                        .max_halvings = AUTO_MAX_HALVINGS,
                        .richardson = 1,
                        .results = R_COUNT,
                        .each = x->last,
                        .ctx = x,
                        .run = run_recorded,
                        .change = run_change,
                        .affordable = halving_affordable};
    cwb_dt_outcome outcome;
    int rc = cwb_dt_refine(&plan, &a->dt, &outcome, msg, n);
    a->steps_total += x->steps_total;
    if (rc == CWB_OK && outcome == CWB_DT_LIMIT)
        rc = auto_dt_failure(c, &a->dt,
                             "the limit of " STRINGIFY(AUTO_MAX_HALVINGS) " halvings was reached",
                             msg, n);
    else if (rc == CWB_OK && outcome == CWB_DT_BUDGET)
        rc = auto_dt_failure(c, &a->dt, "the next halving would exceed max_steps", msg, n);
    if (rc == CWB_OK) {
        *acc = x->sum[a->dt.slot];
        *which = a->dt.slot;
    }
    free(x);
    return rc;
}

/* Floors below which a change of each result is measured absolutely. */
static void change_floors(const cwb_case *c, double t_est, double dstar, double fstar,
                          double *floor_of)
{
    const double *p = c->driver_values.p;
    double vn_in, vt_in;
    impact_velocity(p, &vn_in, &vt_in);
    double vscale = vn_in + fabs(vt_in);
    double wscale = fmax(fabs(p[P_OMEGA1]) + fabs(p[P_OMEGA2]), vscale / c->pair.body[0].radius);
    const double f[R_COUNT] = {
        [R_TC] = t_est, [R_DMAX] = dstar, [R_FMAX] = fstar,     [R_EN] = 1.0,    [R_ET] = 1.0,
        [R_ETC] = 1.0,  [R_ANGLE] = 90.0, [R_ANGLE_COM] = 90.0, [R_W1] = wscale, [R_W2] = wscale};
    memcpy(floor_of, f, sizeof f);
}

/* Entry k of collision_results, when the caller reads it. */
static void put(cwb_result *r, unsigned k, const char *unit, double value)
{
    if (cwb_result_wanted(r, k))
        cwb_result_set(r, collision_results[k], unit, value);
}

/* Whether the caller reads any of the entries from..to of collision_results. */
static int wanted_any(const cwb_result *r, unsigned from, unsigned to)
{
    for (unsigned k = from; k <= to; k++)
        if (cwb_result_wanted(r, k))
            return 1;
    return 0;
}

/* Maw, Barber & Fawcett (1976)'s normalised angles and Chung & Ooi's chi,
 * beta, with friction coefficient mu = psi_mu. */
static void report_psi(const cwb_case *c, const run_summary *sum, cwb_result *r)
{
    double kappa = cwb_pair_mindlin_ratio(&c->pair), mu = c->driver_values.p[P_PSI_MU];
    put(r, K_KAPPA, "-", kappa);
    put(r, K_PSI1, "-", sum->tan_in / mu);
    put(r, K_PSI2, "-", sum->tan_out / mu);
    put(r, K_PSI1_MAW, "-", kappa * sum->tan_in / mu);
    put(r, K_PSI2_MAW, "-", kappa * sum->tan_out / mu);
    put(r, K_TAN_INCIDENT, "-", sum->tan_in);
    put(r, K_TAN_RECOIL, "-", sum->tan_out);
    /* Chung & Ooi tests 6 and 8: chi = 3.5 mu (1 + e) v_n / v_st (e the
     * measured normal restitution) and beta = -v_st'/v_st, the contact-
     * point slip after over before; beta = chi - 1 in gross sliding. */
    put(r, K_CHI, "-", 3.5 * mu * (1.0 + sum->value[R_EN]) / sum->tan_in);
    put(r, K_BETA, "-", -sum->value[R_ETC]);
}

/* Energy the account does not see, and energy a law created.
 *
 * energy_balance_error compares the kinetic energy the bodies lost with
 * the work of the contact forces (W_n + W_t + damping + rolling), both
 * integrated over the same RK4 steps, so it closes to the integration's
 * accuracy and no better. dt_tol is that accuracy on every reported
 * result, the restitution among them: the kinetic energy after the impact
 * goes as e^2, 2 dt_tol relative, and the work integral errs as much
 * again, so a run that meets dt_tol closes its account to 4 dt_tol. Above
 * that, a force did work that no term books (mindlin_deresiewicz acting
 * along the normal lost 16 % of a head-on impact's energy that way) or the
 * step is too coarse for the contact (a fixed dt of a quarter of the
 * contact time: 0.56 %). Measured on the shipped collision cases at
 * dt = auto: at most 7e-12, against 4 dt_tol = 4e-6 by default.
 *
 * Energy created by the tangential or rolling law when the normal state
 * changes its stiffness (energy_from_stiffness_change < 0; the published
 * law, e.g. mindlin without rescale) is a property of the law, flagged
 * above round-off: 1e-9 of energy_in, far above the sum of per-step
 * round-offs (1e-16 of the stored energy per step). */
static void warn_energy_account(const cwb_case *c, const run_summary *sum, cwb_result *r)
{
    double bound = 4.0 * c->driver_values.p[P_DT_TOL];
    double dissipated = sum->w_n + sum->w_t - sum->e_stored + sum->d_damp + sum->d_roll;
    double error = (sum->e_in - sum->e_out - sum->e_stored - dissipated) / sum->e_in;
    if (!(fabs(error) <= bound))
        cwb_result_warn(r,
                        "the energy account does not close: energy_balance_error = %.3g, more "
                        "than 4 dt_tol = %g (the kinetic energy lost is not the work of the "
                        "contact forces: a force whose work no term books, or a dt too coarse "
                        "for the contact)",
                        error, bound);
    cwb_warn_energy_created(r, c, sum->le.stiff, sum->le.roll_stiff, sum->e_in, "energy_in");
}

/* The energy account of the run. */
static void report_energy(const cwb_case *c, const run_summary *sum, cwb_result *r)
{
    const char *eu = c->pair.dim == 2 ? "J/m" : "J";
    double dissipated = sum->w_n + sum->w_t - sum->e_stored + sum->d_damp + sum->d_roll;
    put(r, K_E_IN, eu, sum->e_in);
    put(r, K_E_OUT, eu, sum->e_out);
    put(r, K_E_STORED, eu, sum->e_stored);
    put(r, K_E_DISSIPATED, eu, dissipated);
    put(r, K_E_SLIP, eu, sum->le.slip);
    put(r, K_E_STIFFNESS_CHANGE, eu, sum->le.stiff);
    put(r, K_E_DAMPING, eu, sum->d_damp);
    /* the work done on the rolling law less what its springs still hold */
    put(r, K_E_ROLLING, eu, sum->d_roll - sum->e_stored_r);
    put(r, K_E_ROLLING_SLIP, eu, sum->le.roll_slip);
    put(r, K_E_ROLLING_VISCOUS, eu, sum->d_visc);
    put(r, K_E_TWISTING, eu, sum->le.twist_slip);
    put(r, K_E_ROLLING_STIFFNESS_CHANGE, eu, sum->le.roll_stiff);
    put(r, K_OMEGA1_NORMAL_AFTER, "rad/s", sum->omega1_n);
    put(r, K_OMEGA2_NORMAL_AFTER, "rad/s", sum->omega2_n);
    put(r, K_E_NORMAL, eu, sum->w_n - sum->e_stored_n);
    put(r, K_E_BALANCE_ERROR, "-",
        (sum->e_in - sum->e_out - sum->e_stored - dissipated) / sum->e_in);
    if (sum->le.gains) {
        put(r, K_E_GAIN_STEPS, "-", (double)sum->le.gains);
        put(r, K_E_RETURNED, eu, sum->le.gained);
        cwb_warn_energy_returned(r, c, sum->le.gained, sum->le.gains);
    }
    /* the account's checks and its numbers only for a caller that reads
     * them: at a coarse step the balance warning fires, and formatting it
     * cost a 19-step Hertz collision in a batch 3,800 instructions */
    if (!r->want || r->want->warnings)
        warn_energy_account(c, sum, r);
    /* Net energy out of a passive contact; 1e-6 of e_in is above the time
     * integration's error on the elastic cases (energy_out = energy_in). */
    if (sum->e_out + sum->e_stored > sum->e_in * (1.0 + 1e-6))
        cwb_result_warn(r,
                        "the contact gave back more energy than it received "
                        "(energy_out %g > energy_in %g %s)",
                        sum->e_out + sum->e_stored, sum->e_in, eu);
}

/* Yield velocity of laws with a yield overlap: the closing speed whose
 * kinetic energy the virgin elastic loading takes to reach delta_y -- the
 * work from first touch, not the energy stored: for an adhesive law the
 * snap-in energy U(a_0) < 0 is part of it (work = energy for the others). */
static void report_yield(const cwb_case *c, double vn_in, cwb_result *r)
{
    cwb_contact ct;
    cwb_kin k = {.delta = 1e-300, .normal = {0, 0, 1}};
    cwb_normal_out no;
    if (cwb_contact_init(&ct, c) != CWB_OK || cwb_contact_normal(&ct, NULL, &k, &no) != CWB_OK ||
        !(no.delta_yield > 0.0))
        return;
    k.delta = no.delta_yield;
    if (cwb_contact_normal(&ct, NULL, &k, &no) == CWB_OK) {
        double vy = sqrt(2.0 * no.work / c->pair.m_star);
        put(r, K_YIELD_VELOCITY, "m/s", vy);
        put(r, K_IMPACT_OVER_YIELD, "-", vn_in / vy);
    }
    put(r, K_YIELD_OVERLAP, "m", no.delta_yield);
}

/* Every scalar result of the recorded run. */
static void report(const cwb_case *c, const run_summary *sum, const auto_dt *a, cwb_result *r)
{
    const double *p = c->driver_values.p;
    double vn_in, vt_in;
    impact_velocity(p, &vn_in, &vt_in);
    for (int i = 0; i < R_COUNT; i++)
        put(r, (unsigned)i, result_units[i], sum->value[i]);
    put(r, K_IMPACT_VELOCITY, "m/s", hypot(vn_in, vt_in));
    put(r, K_IMPACT_ANGLE, "deg", sum->impact_angle);
    put(r, K_U_NORMAL_AFTER, "m/s", sum->u_normal_after);
    put(r, K_U_TANGENTIAL_AFTER, "m/s", sum->u_t_after);
    /* the overlap where the unloading normal force crossed zero: the
     * permanent deformation of a non-adhesive law (0 if elastic); for an
     * adhesive law the zero-force point of its curve (elastic JKR: the
     * equilibrium overlap under no load), not a deformation */
    put(r, sum->adhesive ? K_ZERO_FORCE_OVERLAP : K_PERMANENT_OVERLAP, "m", sum->permanent_overlap);
    put(r, K_STUCK, "-", sum->stuck);
    if (sum->stuck) {
        put(r, K_CAPTURE_TIME, "s", sum->capture_time);
        cwb_result_warn(r,
                        "the bodies stuck: from t = %g s they hold less energy than the contact "
                        "needs to end (restitution 0; contact time, rebound velocities, angles "
                        "and spins undefined; energies at capture)",
                        sum->capture_time);
    }
    if (sum->flags & CWB_FLAG_EXTRAPOLATED)
        cwb_result_warn(r, "the normal or tangential law was used outside its stated validity");
    if (sum->jumps) {
        put(r, K_DISCONTINUITIES, "-", (double)sum->jumps);
        cwb_result_warn(r,
                        "the normal law's force jumped %zu time%s (documented "
                        "discontinuities of the law, not numerical)",
                        sum->jumps, sum->jumps == 1 ? "" : "s");
    }
    if (p[P_PSI_MU] > 0.0 && wanted_any(r, K_KAPPA, K_BETA))
        report_psi(c, sum, r);
    report_energy(c, sum, r);
    if (wanted_any(r, K_YIELD_VELOCITY, K_YIELD_OVERLAP))
        report_yield(c, vn_in, r);
    put(r, K_DT, "s", a->dt.h);
    put(r, K_DT_REFINEMENTS, "-", a->dt.halvings);
    if (isfinite(a->dt.change)) { /* only dt = auto measures them */
        put(r, K_DT_LAST_CHANGE, "-", a->dt.change);
        put(r, K_DT_ERROR_ESTIMATE, "-", a->dt.estimate);
    }
    put(r, K_STEPS, "-", (double)sum->steps);
    put(r, K_STEPS_TOTAL, "-", a->steps_total);
    /* A head-on impact as given (no tangential velocity, no spin in the
     * tangent plane) has no tangential restitution by construction: both
     * are listed undefined and nothing more. Otherwise a ratio with nothing
     * to divide by is worth a word: the centres' (restitution_tangential)
     * when only spins were given, the contact point's
     * (restitution_tangential_contact) when velocity and spin cancel there. */
    int head_on = vt_in == 0.0 && p[P_OMEGA1] == 0.0 && p[P_OMEGA2] == 0.0;
    if (isnan(sum->value[R_ET]) && !sum->stuck && !head_on)
        cwb_result_warn(r, "restitution_tangential is undefined: the centres had no relative "
                           "tangential velocity before impact (restitution_tangential_contact "
                           "is the contact point's)");
    if (isnan(sum->value[R_ETC]) && !sum->stuck && !head_on)
        cwb_result_warn(r, "restitution_tangential_contact is undefined: the velocity and the "
                           "spins given cancel at the contact point before impact");
}

/* dt = auto: the accepted run of refine_dt is the recorded one when its
 * step resolves the curve with about `rows` points (rows every so many
 * steps); when a coarser step already meets dt_tol, one more run at
 * 2 t_est / rows records the curve (its results, from a finer step, err
 * less than the estimate reported). A caller that reads only the scalars
 * gets the accepted run's: the run its estimate holds for.
 *
 * A batch or a sweep could also spare the refinement (h, 2h, 4h, ...: 1.8
 * times the accepted run) of every sample but the first: run a later
 * sample at the first one's steps per t_est and once at 2^span times that
 * step, and scale its change by the first sample's ratio of estimate to
 * change (1.24 times a sample's steps). Tried and not kept: the ratio
 * holds only for samples that converge as the first one does. Thornton's
 * law from 0.01 to 30 m/s at dt_tol 1e-7 (the first sample elastic,
 * accepted after 2 halvings, checked over 4 times the step) passed plastic
 * samples at up to 15 times dt_tol (error 218 times the estimate); no
 * check of two runs can see a sample's own order, and three cost what the
 * refinement does. `--dt-reuse` (src/drivers/dt_auto.c, opt-in) keeps the
 * idea with guards: the neighbour is the last sample refined in full in the
 * same worker, its own change over 4 times its step is measured, a sample
 * whose change is out of proportion to the neighbour's refines in full, and
 * every 33rd does anyway. On Thornton's law over 0.01-30 m/s at dt_tol 1e-7
 * (60 samples, bench/bench_dt_reuse.sh) none was over its tolerance (the
 * largest error 0.01 of it), 6 refined in full. */
static int run_auto(const cwb_case *c, double t_est, double dstar, double fstar, auto_dt *a,
                    run_summary *sum, cwb_result *r, char *msg, size_t n)
{
    double floor_of[R_COUNT], h_curve = 2.0 * t_est / c->driver_values.p[P_ROWS];
    change_floors(c, t_est, dstar, fstar, floor_of);
    cwb_result *rec[2] = {calloc(1, sizeof(cwb_result)), calloc(1, sizeof(cwb_result))};
    int which = 0, rc = rec[0] && rec[1] ? CWB_OK : cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    for (int i = 0; rc == CWB_OK && i < 2; i++)
        rec[i]->no_series = r->no_series;
    if (rc == CWB_OK)
        rc = refine_dt(c, t_est, floor_of, a, rec, &which, sum, msg, n);
    if (rc == CWB_OK && r->no_series) {
        /* the accepted run's scalars; no curve asked */
    } else if (rc == CWB_OK && a->dt.h <= h_curve) {
        cwb_series keep = r->series; /* empty: the caller's fresh result */
        r->series = rec[which]->series;
        rec[which]->series = keep;
    } else if (rc == CWB_OK) {
        a->dt.h = h_curve;
        run_plan plan = {h_curve, grading_time(c, t_est),
                         row_stride(t_est, h_curve, c->driver_values.p[P_ROWS]),
                         r->no_series ? NULL : &r->series};
        rc = run_fixed(c, &plan, sum, msg, n);
        a->steps_total += (double)sum->steps;
    }
    for (int i = 0; i < 2; i++)
        if (rec[i]) {
            cwb_result_free(rec[i]);
            free(rec[i]);
        }
    return rc;
}

/* The pair and the expected contact in the doubles' range: radius 1e300
 * makes the mass 4/3 pi rho R^3 infinite, 1e-300 zero, and v_n = 1e-300 an
 * overlap that underflows; each ran on to "a law failed at t = 0 s" with no
 * word of why. */
static int representable(const cwb_case *c, double dstar, double t_est, char *msg, size_t n)
{
    const cwb_pair *g = &c->pair;
    double vn, vt;
    impact_velocity(c->driver_values.p, &vn, &vt);
    double energy = 0.5 * g->m_star * vn * vn; /* the kinetic energy the contact takes */
    if (g->m_star > 0.0 && isfinite(g->m_star) && g->R_star > 0.0 && isfinite(g->R_star) &&
        energy > 0.0 && isfinite(energy) && dstar > 0.0 && isfinite(dstar) && t_est > 0.0 &&
        isfinite(t_est))
        return CWB_OK;
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s: collision: the inputs leave the doubles' range: m* = %g %s, R* = %g m "
                    "(from the radii and densities), m* v_n^2 / 2 = %g J at v_n = %g m/s, "
                    "expected peak overlap %g m and contact time %g s; choose units in which "
                    "these are ordinary numbers",
                    c->file, g->m_star, g->dim == 2 ? "kg/m" : "kg", g->R_star, energy, vn, dstar,
                    t_est);
}

static int collision_run(const cwb_case *c, cwb_result *r, char *msg, size_t n)
{
    const double *p = c->driver_values.p;
    double dstar = 0.0, fstar = 0.0;
    int rc = peak_overlap(c, &dstar, &fstar, msg, n);
    if (rc)
        return rc;
    double t_est = expected_contact_time(c, dstar);
    if ((rc = representable(c, dstar, t_est, msg, n)) != CWB_OK)
        return rc;
    if ((int)p[P_INTEGRATOR] == 1) {
        cwb_verlet_plan plan = verlet_plan(c, t_est);
        return cwb_collision_verlet_run(c, &plan, r, msg, n);
    }
    /* At a fixed dt the report reads the step and its count alone: the
     * refinement's history (8.7 kB, cleared byte by byte) is set up for
     * dt = auto only. */
    auto_dt a;
    run_summary sum;
    if (!(p[P_DT] > 0.0)) {
        a = (auto_dt){.dt = {.h = p[P_DT], .change = NAN, .estimate = NAN}};
        rc = run_auto(c, t_est, dstar, fstar, &a, &sum, r, msg, n);
    } else {
        a.dt.h = p[P_DT];
        a.dt.halvings = 0;
        a.dt.change = a.dt.estimate = NAN;
        run_plan plan = {a.dt.h, grading_time(c, t_est), row_stride(t_est, a.dt.h, p[P_ROWS]),
                         r->no_series ? NULL : &r->series};
        rc = run_fixed(c, &plan, &sum, msg, n);
        a.steps_total = (double)sum.steps;
    }
    if (rc)
        return rc;
    report(c, &sum, &a, r);
    return CWB_OK;
}

const cwb_driver_type cwb_driver_collision = {
    .name = "collision",
    .summary = "two bodies (or body and wall) colliding in 3D rigid-body motion, RK4",
    .params = collision_params,
    .check = collision_check,
    .run = collision_run,
    .plot_x = "t",
    .plot_y = "F_n",
    .dims = CWB_DIM_3D | CWB_DIM_2D,
    .results = collision_results,
};
