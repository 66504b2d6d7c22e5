/* collision_verlet.c -- the collision of collision.c stepped as a DEM code
 * steps it: velocity Verlet at a fixed dt, one evaluation of the laws per
 * step, no event location ([driver] integrator = verlet).
 *
 * Why. The RK4 run locates contact, separation and every law transition
 * inside its steps and so reports the law's converged answer. A DEM code
 * (LAMMPS fix nve/sphere with pair granular, LIGGGHTS, Yade) gets another
 * number at its own step: this run reports it, with the same set-up,
 * geometry, kinematics and laws as collision.c.
 *
 * The step, in the order of LAMMPS' fix nve/sphere (initial_integrate, the
 * pair force, final_integrate) and pair granular (the tangential history
 * is updated inside the force evaluation, from the half-step velocities):
 *   1. half kick:  v += (h/2) F/m,  omega += (h/2) T/I  (the forces of the
 *      previous step's evaluation; none before the first);
 *   2. drift:      x += h v;
 *   3. the contact at the new centres with the half-step velocities and
 *      spins: overlap, normal, contact-point velocity (collision.c's
 *      geometry), and the tangential increment dxi = v_t h;
 *   4. if the overlap is <= 0 the contact has ended: the run stops with
 *      the velocities of step 1 (no force acts in the second half kick);
 *   5. otherwise the laws are evaluated once from the committed history
 *      and their trial state is committed (the law contract, cwb_law.h);
 *   6. half kick with the new forces.
 * The contact-point velocity (step 3) takes the spins' lever arms to the
 * contact point, as collision.c does; spin_lever = radius takes the
 * undeformed radii along the normal instead, as LAMMPS' pair granular
 * does in its relative tangential velocity (29 Sep 2021: radi omega_i +
 * radj omega_j; its torque arms are r - delta/2, the contact point of equal
 * spheres). The two differ by delta/(2R) in the spin's share of the slip
 * velocity: 0.4 % in the spin after the oblique glass impact of
 * reference/peer-lammps/verlet/run_lammps.sh at t_c/10, 1e-15 with the
 * lever LAMMPS takes (tests/test_verlet.c).
 * The case starts at touching (overlap 0, as collision.c): the first step
 * drifts into contact with no force, to the overlap v_n h. The contact
 * time is the step count to the first overlap <= 0 times h (quantised to
 * the step, as a DEM code's output gives it: first order in h, its error
 * up to a step). contact_time_interpolated is the zero of the chord
 * through the last positive overlap and the first non-positive one, what
 * a DEM user gets by interpolating the two steps' overlaps: second order,
 * as velocity Verlet's positions are, because the overlap closes at a
 * rate -v_n e that is not 0 (tests/test_verlet.c against Hertz's closed
 * form). With the Tsuji dashpot it is first order, its error halving per
 * halving of h (doc/benchmarks.md, --verlet-tc): the dashpot's force is
 * taken from the half-step velocity at the full-step position.
 *
 * Energy. The work on the normal and tangential springs and the damping
 * loss are summed over each step with the trapezoid rule: the forces at
 * the step's start and at its end, each against the contact-point motion
 * of its own geometry (normal, lever arms) at the half-step velocities.
 * The half kicks give the bodies exactly (h/2)(F_start + F_end) . v_half
 * plus (h^2/8m)(F_end^2 - F_start^2), and the second term telescopes to 0
 * over a contact that starts and ends at zero force: the account closes to
 * round-off whatever the step, so energy_balance_error finds a force whose
 * work no term books. The scheme's error shows as energy_from_scheme: the
 * normal law's stepped work over the contact beyond what it stores (an
 * elastic Hertz impact at t_c/10 gains 0.37 % of energy_in, e = 1.0019),
 * which the law itself, storing all of it, would return exactly; a gain
 * is warned about. With spin_lever = radius the slip
 * velocity's lever arms are not the torques': energy_balance_error then
 * shows the work that inconsistency does.
 *
 * Order (tests/test_verlet.c, over t_c/21 ... t_c/1343): second for
 * elastic Hertz (e - 1 at 2.25: the contact ends between steps at a phase
 * that varies with dt) and Hertz-Mindlin (the spin at 1.90 towards RK4's);
 * 1.28 with the Tsuji dashpot, whose force takes the half-step velocity
 * at the full-step position and grows as delta^(1/4) from the contact's
 * ends. dt = auto is refused rather than run with RK4's fourth-order
 * error estimate.
 *
 * Covered (collision_verlet_check refuses the rest, exit 2): 3D spheres
 * or a sphere on a wall; normal laws whose force is a function of the
 * overlap and its rate alone (CWB_LAW_END_FORCES) and not adhesive; any
 * damping law of that kind; any tangential law (its history committed
 * every step); no rolling law; a given dt (dt = auto would need the
 * refinement of collision.c rewritten for a second-order scheme).
 */
#include <math.h>
#include <string.h>

#include "cwb_collision_verlet.h"
#include "cwb_contact.h"

/* The two bodies and their motion. */
typedef struct {
    cwb_collision_bodies props;
    int lever_radius; /* spin lever arms: the undeformed radii (rates_in) */
    cwb_vec3 x1, x2, v1, v2, w1, w2;
} bodies;

/* The contact at the current centres and velocities (collision.c's
 * geometry_of: the contact point divides the centre line as r1 : r2, or is
 * the foot of body 1's centre on the wall). */
typedef struct {
    cwb_vec3 n, r1c, r2c, v_t;
    double delta, delta_rate;
} contact_geometry;

/* Forces and torques of one evaluation, and what the energy sums need. */
typedef struct {
    cwb_vec3 f1, tq1, tq2; /* force on body 1 (body 2 gets -f1), torques */
    double fn, fd;         /* normal law's and damping's normal force */
    cwb_vec3 ft, fdt;      /* tangential law's and damping's tangential force on body 1 */
} contact_forces;

typedef struct {
    bodies b;
    cwb_contact ct;
    double h, delta0;    /* step; committed overlap */
    contact_forces f;    /* of the last evaluation (zero out of contact) */
    contact_geometry gf; /* its geometry */
    cwb_contact_out o;
    double w_n, w_t, d_damp, slip, stiff; /* energy sums */
    double dmax, fmax;
    unsigned flags;
} verlet_run;

static void bodies_of_case(const cwb_case *c, const cwb_verlet_plan *p, bodies *b)
{
    memset(b, 0, sizeof *b);
    cwb_collision_bodies_of(c, &b->props);
    b->lever_radius = p->lever_radius;
    /* collision.c's initial_state: body 1 at the origin, body 2 (or the
     * wall plane) touching it along +z, the centre of mass at rest */
    b->x2 = cwb_v3(0, 0, b->props.reach);
    cwb_vec3 u = cwb_v3(p->vt, 0, p->vn);
    b->w1 = cwb_v3(0, p->omega1, p->omega1_n);
    if (b->props.wall) {
        b->v1 = u;
        return;
    }
    double m = b->props.m1 + b->props.m2;
    b->v1 = cwb_v3_scale(u, b->props.m2 / m);
    b->v2 = cwb_v3_scale(u, -b->props.m1 / m);
    b->w2 = cwb_v3(0, p->omega2, p->omega2_n);
}

/* The closing rate and the tangential velocity of the contact point of
 * body 2 relative to body 1 at the bodies' current velocities, in the
 * geometry g (its normal and lever arms: g may be an earlier step's). */
static void rates_in(const bodies *b, contact_geometry *g)
{
    /* the spins' lever arms in the contact-point velocity: to the contact
     * point (collision.c), or the undeformed radii along the normal */
    cwb_vec3 l1 = g->r1c, l2 = g->r2c;
    if (b->lever_radius) {
        l1 = cwb_v3_scale(g->n, b->props.r1);
        l2 = cwb_v3_scale(g->n, b->props.wall ? 0.0 : -b->props.r2);
    }
    cwb_vec3 c1 = cwb_v3_add(b->v1, cwb_v3_cross(b->w1, l1));
    cwb_vec3 c2 = cwb_v3_add(b->v2, cwb_v3_cross(b->w2, l2));
    cwb_vec3 v_rel = cwb_v3_sub(c2, c1);
    g->delta_rate = -cwb_v3_dot(v_rel, g->n);
    g->v_t = cwb_v3_in_plane(v_rel, g->n);
}

static void geometry_now(const bodies *b, contact_geometry *g)
{
    cwb_vec3 d = cwb_v3_sub(b->x2, b->x1), cp;
    if (b->props.wall) {
        g->n = cwb_v3(0, 0, 1);
        g->delta = b->props.r1 - d.z;
        cp = cwb_v3(b->x1.x, b->x1.y, b->x2.z);
    } else {
        double dist = cwb_v3_norm(d);
        g->n = cwb_v3_scale(d, 1.0 / dist);
        g->delta = b->props.r1 + b->props.r2 - dist;
        cp = cwb_v3_add(b->x1, cwb_v3_scale(d, b->props.share1));
    }
    g->r1c = cwb_v3_sub(cp, b->x1);
    g->r2c = cwb_v3_sub(cp, b->x2);
    rates_in(b, g);
}

/* The kinematics of a step of length h from the committed state: the
 * increments are the half-step rates times h (what the drift moved). */
static void step_kinematics(const verlet_run *v, const contact_geometry *g, cwb_kin *k)
{
    const bodies *b = &v->b;
    memset(k, 0, sizeof *k);
    k->delta = g->delta;
    k->delta0 = v->delta0;
    k->h = v->h;
    k->dt = v->h;
    k->delta_rate = g->delta_rate;
    k->normal = g->n;
    k->v_t = g->v_t;
    k->dxi_t = cwb_v3_scale(g->v_t, v->h);
    k->omega1 = b->w1;
    k->omega2 = b->w2;
    k->omega_rel = cwb_v3_sub(b->w1, b->w2);
    k->dtheta = cwb_v3_scale(k->omega_rel, v->h);
}

/* Forces and torques of evaluation o at geometry g (collision.c's rhs_at). */
static void forces_of(const cwb_contact_out *o, const contact_geometry *g, contact_forces *f)
{
    f->fn = o->n.force;
    f->fd = o->d.force_n;
    f->ft = o->t.force;
    f->fdt = o->d.force_t;
    cwb_vec3 ft = cwb_v3_add(o->t.force, o->d.force_t);
    cwb_vec3 f2 = cwb_v3_sub(cwb_v3_scale(g->n, f->fn + f->fd), ft);
    f->f1 = cwb_v3_scale(f2, -1.0);
    f->tq1 = cwb_v3_cross(g->r1c, f->f1);
    f->tq2 = cwb_v3_cross(g->r2c, f2);
}

static void half_kick(verlet_run *v)
{
    bodies *b = &v->b;
    double k = 0.5 * v->h;
    b->v1 = cwb_v3_add(b->v1, cwb_v3_scale(v->f.f1, k / b->props.m1));
    b->w1 = cwb_v3_add(b->w1, cwb_v3_scale(v->f.tq1, k / b->props.I1));
    if (b->props.wall)
        return;
    b->v2 = cwb_v3_sub(b->v2, cwb_v3_scale(v->f.f1, k / b->props.m2));
    b->w2 = cwb_v3_add(b->w2, cwb_v3_scale(v->f.tq2, k / b->props.I2));
}

/* Energy sums over the step: the forces `was` of the step's start, in its
 * geometry g_was, and the forces v->f at its end, in g, each against the
 * contact-point motion of its own geometry at the half-step velocities
 * (header, "Energy"). */
static void account(verlet_run *v, const contact_forces *was, contact_geometry *g_was,
                    const contact_geometry *g)
{
    const contact_forces *f = &v->f;
    double hh = 0.5 * v->h;
    rates_in(&v->b, g_was);
    v->w_n += hh * (was->fn * g_was->delta_rate + f->fn * g->delta_rate);
    v->d_damp += hh * (was->fd * g_was->delta_rate + f->fd * g->delta_rate);
    v->w_t += hh * (cwb_v3_dot(was->ft, g_was->v_t) + cwb_v3_dot(f->ft, g->v_t));
    v->d_damp += hh * (cwb_v3_dot(was->fdt, g_was->v_t) + cwb_v3_dot(f->fdt, g->v_t));
}

/* Step 3 to 5 of the header at the drifted state: *in_contact when the
 * overlap is positive (the laws evaluated and committed), else the
 * contact has ended. */
static int evaluate(verlet_run *v, const contact_geometry *g, double t, int *in_contact, char *msg,
                    size_t n)
{
    contact_forces was = v->f;
    contact_geometry g_was = v->gf;
    *in_contact = g->delta > 0.0;
    if (!*in_contact) {
        memset(&v->f, 0, sizeof v->f);
        memset(&v->o, 0, sizeof v->o);
        account(v, &was, &g_was, g);
        return CWB_OK;
    }
    cwb_kin k;
    cwb_contact_trial trial;
    step_kinematics(v, g, &k);
    int rc = cwb_contact_eval(&v->ct, &k, &v->o, &trial);
    if (rc != CWB_OK)
        return cwb_fail(msg, n, rc, "collision: at t = %g s, %s", t, cwb_contact_failure());
    cwb_contact_commit(&v->ct, &trial);
    forces_of(&v->o, g, &v->f);
    account(v, &was, &g_was, g);
    v->gf = *g;
    v->delta0 = g->delta;
    v->slip += v->o.t.slip;
    v->stiff += v->o.t.stiffness_energy;
    v->flags |= v->o.n.flags | v->o.t.flags;
    if (g->delta > v->dmax)
        v->dmax = g->delta;
    if (v->o.n.force > v->fmax)
        v->fmax = v->o.n.force;
    return CWB_OK;
}

static double kinetic(const bodies *b)
{
    double e =
        0.5 * b->props.m1 * cwb_v3_dot(b->v1, b->v1) + 0.5 * b->props.I1 * cwb_v3_dot(b->w1, b->w1);
    if (!b->props.wall)
        e += 0.5 * b->props.m2 * cwb_v3_dot(b->v2, b->v2) +
             0.5 * b->props.I2 * cwb_v3_dot(b->w2, b->w2);
    return e;
}

static void series_columns(const cwb_case *c, cwb_series *s)
{
    static const char *names[] = {"t",   "delta_n", "F_n",    "F_t",    "F_damp_n",
                                  "v_n", "v_t",     "omega1", "omega2", "E_kin"};
    const char *fu = c->pair.dim == 2 ? "N/m" : "N", *eu = c->pair.dim == 2 ? "J/m" : "J";
    const char *units[] = {"s", "m", fu, fu, fu, "m/s", "m/s", "rad/s", "rad/s", eu};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        cwb_series_column(s, names[i], units[i]);
}

/* A row at the end of a step (t, geometry g, the forces committed). */
static int record(cwb_series *s, const verlet_run *v, const contact_geometry *g, double t)
{
    double row[] = {t,
                    g->delta,
                    v->f.fn,
                    v->f.ft.x,
                    v->f.fd,
                    -g->delta_rate,
                    g->v_t.x,
                    v->b.w1.y,
                    v->b.props.wall ? 0.0 : v->b.w2.y,
                    kinetic(&v->b)};
    return cwb_series_row(s, row);
}

/* What the run ends with, beside the bodies' final motion. */
typedef struct {
    size_t steps, steps_in_contact;
    double e_in;
    double delta_last;       /* the last positive overlap (0: none, the touch) */
    cwb_vec3 u0;             /* centre velocity of body 1 relative to body 2 before */
    contact_geometry g0, g1; /* at first touch and after the last step */
} verlet_end;

/* The zero of the overlap on the chord from the last positive overlap, at
 * step steps - 1, to the first non-positive one, at step steps (header):
 * the contact started at t = 0 exactly (the case starts at touching). */
static double interpolated_end(const verlet_run *v, const verlet_end *e)
{
    double d0 = e->delta_last, d1 = e->g1.delta, t1 = (double)e->steps * v->h;
    if (!(d0 - d1 > 0.0))
        return t1;
    return t1 - v->h + v->h * d0 / (d0 - d1);
}

/* The rebound as collision.c's summarise defines it (Chung & Ooi 2011). */
static void report_motion(const verlet_run *v, const verlet_end *e, cwb_result *r)
{
    const bodies *b = &v->b;
    cwb_vec3 u1 = cwb_v3_sub(b->v1, b->v2);
    double vt0 = cwb_v3_norm(e->g0.v_t);
    cwb_vec3 t_hat = vt0 > 0.0 ? cwb_v3_scale(e->g0.v_t, 1.0 / vt0) : cwb_v3(1, 0, 0);
    double cp1 = -e->g1.v_t.x; /* contact-point slip of 1 wrt 2 after */
    cwb_result_set(r, "contact_time", "s", (double)e->steps * v->h);
    cwb_result_set(r, "contact_time_interpolated", "s", interpolated_end(v, e));
    cwb_result_set(r, "max_overlap", "m", v->dmax);
    cwb_result_set(r, "max_normal_force", "N", v->fmax);
    cwb_result_set(r, "restitution_normal", "-", -e->g1.delta_rate / e->g0.delta_rate);
    cwb_result_set(r, "restitution_tangential", "-", e->u0.x != 0.0 ? u1.x / e->u0.x : NAN);
    cwb_result_set(r, "restitution_tangential_contact", "-",
                   vt0 > 0.0 ? cwb_v3_dot(e->g1.v_t, t_hat) / vt0 : NAN);
    cwb_result_set(r, "rebound_angle_deg", "deg", atan2(cp1, -u1.z) * 180.0 / M_PI);
    cwb_result_set(r, "rebound_angle_com_deg", "deg", atan2(u1.x, -u1.z) * 180.0 / M_PI);
    cwb_result_set(r, "omega1_after", "rad/s", b->w1.y);
    cwb_result_set(r, "omega2_after", "rad/s", b->props.wall ? 0.0 : b->w2.y);
    cwb_result_set(r, "omega1_normal_after", "rad/s", b->w1.z);
    cwb_result_set(r, "omega2_normal_after", "rad/s", b->props.wall ? 0.0 : b->w2.z);
    cwb_result_set(r, "impact_velocity", "m/s", cwb_v3_norm(e->u0));
    cwb_result_set(r, "impact_angle_deg", "deg", atan2(fabs(e->u0.x), e->u0.z) * 180.0 / M_PI);
    cwb_result_set(r, "u_normal_after", "m/s", -u1.z);
    cwb_result_set(r, "u_tangential_after", "m/s", u1.x);
}

/* The energy account: the work sums of the steps (header, "Energy"). */
static void report_energy(const cwb_case *c, const verlet_run *v, const verlet_end *e,
                          cwb_result *r)
{
    const char *eu = c->pair.dim == 2 ? "J/m" : "J";
    double e_out = kinetic(&v->b), stored = v->o.n.energy + v->o.t.energy;
    /* The normal laws this driver admits store all their work (their force
     * is a function of the overlap alone: collision_verlet_check, held
     * over the registry by tests/test_verlet.c), so what the stepped sum
     * of the normal work leaves beyond the law's stored energy is velocity
     * Verlet's own error at this step: energy the scheme created (> 0) or
     * removed, booked as such and not as the law's dissipation. */
    double from_scheme = v->o.n.energy - v->w_n;
    double dissipated = v->w_t - v->o.t.energy + v->d_damp;
    cwb_result_set(r, "energy_in", eu, e->e_in);
    cwb_result_set(r, "energy_out", eu, e_out);
    cwb_result_set(r, "energy_stored", eu, stored);
    cwb_result_set(r, "energy_dissipated", eu, dissipated);
    cwb_result_set(r, "energy_dissipated_slip", eu, v->slip);
    cwb_result_set(r, "energy_from_stiffness_change", eu, v->stiff);
    cwb_result_set(r, "energy_dissipated_damping", eu, v->d_damp);
    cwb_result_set(r, "energy_dissipated_normal", eu, 0.0);
    cwb_result_set(r, "energy_from_scheme", eu, from_scheme);
    double error = (e->e_in + from_scheme - e_out - stored - dissipated) / e->e_in;
    cwb_result_set(r, "energy_balance_error", "-", error);
    if (from_scheme > 1e-9 * e->e_in)
        cwb_result_warn(
            r,
            "velocity Verlet created %.3g %s (%.3g of energy_in) at dt = %.3g s, the scheme's "
            "error (energy_from_scheme; the normal law returns all its work): a "
            "smaller dt, or integrator = rk4 for the law's own answer",
            from_scheme, eu, from_scheme / e->e_in, v->h);
    /* round-off of the sums is 1e-16 a step (header, "Energy") */
    if (!(fabs(error) <= 1e-9))
        cwb_result_warn(r,
                        "the energy account does not close: energy_balance_error = %.3g (a force "
                        "whose work no term books; with spin_lever = radius, the work of the slip "
                        "velocity's lever arms differing from the torques')",
                        error);
    cwb_warn_energy_created(r, c, v->stiff, 0.0, e->e_in, "energy_in");
    if (v->flags & CWB_FLAG_EXTRAPOLATED)
        cwb_result_warn(r, "the normal or tangential law was used outside its stated validity");
}

static void report(const cwb_case *c, const verlet_run *v, const verlet_end *e, cwb_result *r)
{
    report_motion(v, e, r);
    report_energy(c, v, e, r);
    cwb_result_set(r, "dt", "s", v->h);
    cwb_result_set(r, "steps", "-", (double)e->steps);
    cwb_result_set(r, "steps_in_contact", "-", (double)e->steps_in_contact);
}

static int start(const cwb_case *c, const cwb_verlet_plan *p, verlet_run *v, verlet_end *e)
{
    memset(v, 0, sizeof *v);
    memset(e, 0, sizeof *e);
    if (cwb_contact_init(&v->ct, c) != CWB_OK)
        return CWB_EFAIL;
    v->h = p->h;
    bodies_of_case(c, p, &v->b);
    e->e_in = kinetic(&v->b);
    e->u0 = cwb_v3_sub(v->b.v1, v->b.v2);
    geometry_now(&v->b, &e->g0);
    return CWB_OK;
}

/* One step (header, 1 to 6); *ended when the contact has ended. */
static int step(verlet_run *v, double t, contact_geometry *g, int *ended, char *msg, size_t n)
{
    bodies *b = &v->b;
    half_kick(v);
    b->x1 = cwb_v3_add(b->x1, cwb_v3_scale(b->v1, v->h));
    if (!b->props.wall)
        b->x2 = cwb_v3_add(b->x2, cwb_v3_scale(b->v2, v->h));
    geometry_now(b, g);
    int in_contact, rc = evaluate(v, g, t, &in_contact, msg, n);
    if (rc != CWB_OK)
        return rc;
    *ended = !in_contact;
    if (in_contact)
        half_kick(v);
    return CWB_OK;
}

int cwb_collision_verlet_run(const cwb_case *c, const cwb_verlet_plan *p, cwb_result *r, char *msg,
                             size_t n)
{
    verlet_run v;
    verlet_end e;
    if (start(c, p, &v, &e) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "collision: the case's laws cannot be bound");
    cwb_series *s = r->no_series ? NULL : &r->series;
    double every = fmax(1.0, ceil(p->t_est / p->h / p->rows));
    contact_geometry g = e.g0;
    if (s)
        series_columns(c, s);
    if (s && record(s, &v, &g, 0.0) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory for the series");
    for (size_t k = 1;; k++) {
        if ((double)k > p->max_steps)
            return cwb_fail(msg, n, CWB_EFAIL,
                            "collision: the bodies had not separated after %.0f steps "
                            "(t = %g s, overlap %g m); raise max_steps or check the laws",
                            p->max_steps, (double)(k - 1) * p->h, g.delta);
        int ended, rc = step(&v, (double)k * p->h, &g, &ended, msg, n);
        if (rc != CWB_OK)
            return rc;
        if (s && (ended || fmod((double)k, every) == 0.0) &&
            record(s, &v, &g, (double)k * p->h) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory for the series");
        if (ended) {
            e.steps = k;
            e.steps_in_contact = k - 1;
            break;
        }
    }
    e.g1 = g;
    e.delta_last = v.delta0;
    report(c, &v, &e, r);
    return CWB_OK;
}

/* "FILE:LINE: integrator = verlet" of the case, for the messages. */
static int refuse(const cwb_case *c, const cwb_verlet_plan *p, char *msg, size_t n,
                  const char *what)
{
    char w[CWB_TEXT + 32];
    cwb_case_where(c, &c->driver_values, p->where_scheme, w, sizeof w);
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s: [driver] integrator = verlet: %s (verlet covers 3D spheres or a "
                    "sphere on a wall, a normal law with no history and no adhesion, a damping "
                    "law with no history, any tangential law, no rolling law, a given dt)",
                    w, what);
}

int cwb_collision_verlet_check(const cwb_case *c, const cwb_verlet_plan *p, char *msg, size_t n)
{
    const cwb_law_head *nl = c->law[CWB_KIND_NORMAL], *dl = c->law[CWB_KIND_DAMPING];
    const cwb_law_head *rl = c->law[CWB_KIND_ROLLING];
    if (!(p->h > 0.0)) {
        char w[CWB_TEXT + 32];
        cwb_case_where(c, &c->driver_values,
                       c->driver_values.given[p->where_dt] ? p->where_dt : p->where_scheme, w,
                       sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] dt = auto with integrator = verlet: give a fixed dt in s "
                        "(the step of the DEM code to reproduce; dt = auto refines RK4 runs "
                        "only)",
                        w);
    }
    if (c->pair.dim == 2)
        return refuse(c, p, msg, n, "the bodies are 2D discs");
    if (!(nl->flags & CWB_LAW_END_FORCES) || (nl->flags & CWB_LAW_ADHESIVE))
        return refuse(c, p, msg, n, "the normal law has history or adhesion");
    if (!(dl->flags & (CWB_LAW_END_FORCES | CWB_LAW_ABSENT)))
        return refuse(c, p, msg, n, "the damping law has history");
    if (!(rl->flags & CWB_LAW_ABSENT))
        return refuse(c, p, msg, n, "a rolling law is set");
    return CWB_OK;
}
