/* roll.c -- a sphere rolling on a wall under a constant normal force until
 * its rolling resistance stops it.
 *
 * Set-up (the collision driver's frame): body 1, a sphere of radius R, mass
 * m and inertia I, touches the wall at +z at the overlap where the normal
 * law (virgin loading) carries `normal_force`; the overlap is held, so the
 * normal force is constant. The centre moves along +x at v, the sphere
 * spins about +y at omega; its contact point moves at v + omega R, so
 * rolling forwards without slip is omega = -v/R (starting state).
 *
 * Degrees of freedom (classical RK4, cwb_rk4_step, at the fixed step dt):
 *   slip = none  rolling without slip imposed, one degree of freedom: the
 *                friction force is whatever keeps v = -omega R, so
 *                (I + m R^2) omega' = M_y, the rolling law's torque about y
 *                on body 1 (the set-up of the closed forms: a constant
 *                torque M decelerates the spin at M / (I + m R^2));
 *   slip = law   v and omega free, coupled by the tangential law's force at
 *                the contact point (m v' = F_x, I omega' = R F_x + M_y).
 * The rolling law sees the relative rotation theta (d theta/dt = omega)
 * accumulated since its committed state, as in the collision driver; each
 * RK4 stage evaluates the laws from the committed history and the state
 * after the step is evaluated once more and committed (the law contract).
 *
 * The laws see no step length (cwb_kin.h = 0): constant_torque would use
 * it to approach omega = 0 exponentially instead of crossing it. Its
 * torque, -mu_ro F_n R omega/|omega|, jumps at omega = 0, and RK4's stages
 * straddling the jump cancelled: the default `cwb init roll` case froze at
 * omega = -1.04e-3 rad/s short of the stop, never located it, and booked
 * 2.3023e-9 J dissipated of the 2.3017e-9 J put in. So a step in which the
 * spin would reach zero against a torque that holds the sphere at rest
 * once stopped (at omega = 0, and v = 0 without slip, every derivative
 * vanishes: a torque on the spin with no spring) is cut at the stop,
 * tau = -omega / omega' (exact for a constant torque), its stages see
 * the torque of the spin's sign before the stop, and the sphere is left
 * at rest (stop_and_rest). EPSD comes to rest through its spring.
 * With slip = law the tangential spring moves omega' within a step (and
 * the first stop with it: 0.0158532 s against 0.0158336 s without slip in
 * tests/test_rolling.c), so the stop is the root of the spin on the
 * step's end (root_of_spin), and there the torque holds the spin at zero,
 * a static rolling friction, while the moment of the tangential force is
 * below it; the centre goes on riding the spring. Without the hold the
 * spin chattered through zero after the stop, each step's stages
 * straddling the torque's jump, and booked 2.3e-4 of the energy put in as
 * created (the rolling loss above the energy in) at dt = 1e-5 s.
 *
 * The step: a given dt is refused beyond a quarter of the fastest
 * spring's period (the tangential spring under slip = law, the rolling
 * law's), and a run whose energy account misses more than 1e-4 warns with
 * its steps a period; dt = auto keeps RK4's loss on that spring to 1e-6
 * over t_end (roll_dt). The example `cwb init roll --rolling
 * linear_elastic` at dt = 1e-5 s missed 0.29 of the energy without a word.
 *
 * Reports the first stop (omega returns to zero: stop_time and
 * stop_distance located inside the step, locate_stop), the position and spin at
 * t_end, and the energy account: kinetic energy in = out + stored in the
 * springs + dissipated by the rolling law (its slider, its dashpot, its
 * stiffness changes) + by the tangential law (energy_balance_error), the
 * tangential law's split into its slip (>= 0) and its signed stiffness
 * change, with a warning where a law created energy
 * (cwb_warn_energy_created).
 */
#include <float.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "cwb_contact.h"
#include "cwb_numeric.h"
#include "cwb_run.h"

enum { P_FN, P_V0, P_SLIP, P_DT, P_T_END, P_ROWS };

static const char *const slip_words[] = {"none", "law", NULL};

static const cwb_param roll_params[] = {
    {.name = "normal_force",
     .example = "1e-3",
     .unit = "N",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_REQUIRED | CWB_P_MIN_OPEN,
     .help = "constant normal force F_n (the overlap the normal law needs is held)"},
    {.name = "v0",
     .example = "0.01",
     .unit = "m/s",
     .min = -1e6,
     .max = 1e6,
     .flags = CWB_P_REQUIRED,
     .help = "initial centre speed along +x, rolling without slip (omega = -v0/R)"},
    {.name = "slip",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = slip_words,
     .example_with_law = "tangential=law",
     .help = "none: rolling without slip imposed; law: the tangential law's force"},
    {.name = "dt",
     .unit = "s",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_AUTO,
     .help = "time step of RK4; auto: RK4's energy error on the fastest spring (tangential, "
             "rolling) at most 1e-6 over t_end, t_end / 1e4 without one"},
    {.name = "t_end",
     .example = "0.1",
     .unit = "s",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_REQUIRED | CWB_P_MIN_OPEN,
     .help = "end of the run"},
    {.name = "rows",
     .unit = "-",
     .def = 2000,
     .min = 2,
     .max = 1e7,
     .flags = CWB_P_INTEGER,
     .help = "about this many rows in the CSV"},
    {0}};

/* ODE state. */
enum { X, V, W, TH, XI, WR, DV, WT, NY };

typedef struct {
    cwb_contact ct;
    double R, m, I, delta;
    double h;        /* the step */
    double period;   /* the fastest spring's period, INFINITY without one */
    double hold;     /* slip = law, the spin stopped: the torque the rolling
                        law holds it with (0: the spin is free) */
    int free_slip;   /* slip = law */
    int law_account; /* the rolling law books its own losses (not a torque
                        on the spins alone, CWB_LAW_SPIN_TORQUES) */
    double approach; /* in a step that ends at the stop: the spin's sign
                        before it, which the stages' torque keeps; else 0 */
} roll_sim;

static int roll_setup(const cwb_case *c, roll_sim *s, char *msg, size_t n);

static int roll_check(const cwb_case *c, char *msg, size_t n)
{
    const cwb_values *v = &c->driver_values;
    char w[CWB_TEXT + 32];
    if (v->p[P_DT] > 0.0 && v->p[P_T_END] / v->p[P_DT] > 1e8) {
        cwb_case_where(c, v, P_DT, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] dt = %g s: t_end / dt must be at most 1e8 (allowed "
                        "dt >= %g s)",
                        w, v->p[P_DT], v->p[P_T_END] / 1e8);
    }
    if (c->pair.body[0].shape != CWB_SHAPE_SPHERE || c->pair.body[1].shape != CWB_SHAPE_WALL) {
        cwb_case_where(c, v, P_FN, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] type = roll needs body1 a sphere and body2 a wall", w);
    }
    /* rolling without slip is imposed: the tangential law's force is never
     * applied, so a law named there would be dropped without a word */
    const cwb_law_head *tl = c->law[CWB_KIND_TANGENTIAL];
    if ((int)v->p[P_SLIP] == 0 && !(tl->flags & CWB_LAW_ABSENT)) {
        cwb_case_where(c, v, P_SLIP, w, sizeof w);
        int law_line = c->law_line[CWB_KIND_TANGENTIAL]; /* slip by default: the law's line */
        if (!v->given[P_SLIP] && law_line > 0)
            snprintf(w, sizeof w, "%s:%d", c->file, law_line);
        else if (!v->given[P_SLIP] && law_line < 0)
            snprintf(w, sizeof w, "--set contact.tangential");
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] slip = none imposes rolling without slip, so the tangential "
                        "law '%s' is not applied: use slip = law, or tangential = none",
                        w, tl->name);
    }
    roll_sim s; /* the step against the springs' periods (roll_dt) */
    return roll_setup(c, &s, msg, n);
}

static void roll_kin(const roll_sim *s, const double *y, double t_off, cwb_kin *k)
{
    memset(k, 0, sizeof *k);
    k->delta = k->delta0 = s->delta;
    k->normal = cwb_v3(0, 0, 1);
    k->v_t = cwb_v3(-(y[V] + y[W] * s->R), 0, 0); /* wall relative to body 1 */
    k->dxi_t = cwb_v3(y[XI], 0, 0);
    double w = y[W];
    if (s->approach != 0.0 && w * s->approach <= 0.0)
        w = s->approach * 1e-150; /* at the stop: the torque before it (a spin
                                     whose square, in its norm, is not 0) */
    k->omega1 = cwb_v3(0, w, 0);
    k->omega_rel = k->omega1;
    k->dtheta = cwb_v3(0, y[TH], 0);
    k->dt = t_off;
}

static int roll_rhs(void *ctx, const double *y, double t_off, double *dy)
{
    const roll_sim *s = ctx;
    cwb_kin k;
    cwb_contact_out o;
    cwb_contact_trial trial;
    roll_kin(s, y, t_off, &k);
    int rc = cwb_contact_eval(&s->ct, &k, &o, &trial);
    if (rc)
        return rc;
    double my = o.r.torque1.y, fx = o.t.force.x + o.d.force_t.x;
    memset(dy, 0, NY * sizeof *dy);
    if (s->free_slip) {
        dy[V] = fx / s->m;
        dy[W] = s->hold > 0.0 ? 0.0 : (s->R * fx + my) / s->I;
    } else {
        dy[W] = my / (s->I + s->m * s->R * s->R);
        dy[V] = -s->R * dy[W];
    }
    dy[X] = y[V];
    dy[TH] = y[W];
    dy[XI] = k.v_t.x;
    dy[WR] = -my * y[W]; /* work done on the rolling law */
    dy[DV] = o.r.viscous.y * y[W];
    dy[WT] = cwb_v3_dot(cwb_v3_add(o.t.force, o.d.force_t), k.v_t);
    return CWB_OK;
}

/* The overlap where the normal law carries F (bisection on virgin
 * loading, up to 4 R*). */
static int overlap_for(const roll_sim *s, double F, double *delta)
{
    double lo = 0.0, hi = 1e-12 * s->R;
    cwb_normal_out no;
    cwb_kin k = {.normal = {0, 0, 1}};
    for (;;) {
        k.delta = hi;
        if (cwb_contact_normal(&s->ct, NULL, &k, &no) != CWB_OK)
            return CWB_EFAIL;
        if (no.force >= F)
            break;
        lo = hi;
        hi *= 2.0;
        if (hi > 4.0 * s->R)
            return CWB_EFAIL;
    }
    for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
        k.delta = 0.5 * (lo + hi);
        if (cwb_contact_normal(&s->ct, NULL, &k, &no) != CWB_OK)
            return CWB_EFAIL;
        *(no.force < F ? &lo : &hi) = k.delta;
    }
    *delta = 0.5 * (lo + hi);
    return CWB_OK;
}

static void roll_columns(cwb_series *s)
{
    static const char *const cols[][2] = {
        {"t", "s"},         {"x", "m"},      {"v", "m/s"},    {"omega", "rad/s"},
        {"theta_r", "rad"}, {"M_r", "N m"},  {"F_t", "N"},    {"E_kin", "J"},
        {"E_r", "J"},       {"D_roll", "J"}, {"D_visc", "J"}, {"sliding_r", "-"}};
    for (size_t i = 0; i < sizeof cols / sizeof *cols; i++)
        cwb_series_column(s, cols[i][0], cols[i][1]);
}

/* What the run carries between steps. */
typedef struct {
    double y[NY], t, theta; /* state, time, total rolling angle */
    cwb_contact_out o;      /* the last committed evaluation */
    double slip_r, stiff_r; /* rolling slider loss, stiffness change */
    double slip_t, stiff_t; /* tangential law's */
    double stop_t, stop_x;  /* first stop of the spin */
    double e_in;
    cwb_series *series; /* rows; a row is also written where the
                                 slider engages or lets go (a kink) */
} roll_state;

static double kinetic(const roll_sim *s, const double *y)
{
    return 0.5 * s->m * y[V] * y[V] + 0.5 * s->I * y[W] * y[W];
}

static int roll_row(const roll_sim *s, const roll_state *st, cwb_series *series)
{
    const cwb_contact_out *o = &st->o;
    double row[] = {st->t,        st->y[X],
                    st->y[V],     st->y[W],
                    st->theta,    -o->r.torque1.y,
                    o->t.force.x, kinetic(s, st->y),
                    o->r.energy,  st->y[WR] - o->r.energy,
                    st->y[DV],    (double)o->r.sliding};
    return cwb_series_row(series, row);
}

/* The first stop of the spin inside the step from st->y to ynew: the
 * torque reverses with the spin, so the step's end does not extrapolate
 * back to the stop; the motion before it does. Newton from the step's
 * start (exact for the constant deceleration of a mobilised slider), else
 * linear interpolation in omega. */
static void locate_stop(const roll_sim *s, roll_state *st, const double *ynew, double h)
{
    double dy[NY], f = st->y[W] / (st->y[W] - ynew[W]);
    if (roll_rhs((void *)s, st->y, 0.0, dy) == CWB_OK && dy[W] * st->y[W] < 0.0) {
        double tau = -st->y[W] / dy[W];
        if (tau <= h) {
            st->stop_t = st->t + tau;
            st->stop_x = st->y[X] + st->y[V] * tau + 0.5 * dy[V] * tau * tau;
            return;
        }
    }
    st->stop_t = st->t + f * h;
    st->stop_x = st->y[X] + f * (ynew[X] - st->y[X]);
}

/* The evaluation at ynew after a step of length h, committed, and the
 * step's losses added up. */
static int commit_evaluated(roll_sim *s, roll_state *st, const double *ynew,
                            const cwb_contact_out *o, const cwb_contact_trial *trial, double h)
{
    int switched = o->r.sliding != st->o.r.sliding;
    st->o = *o;
    cwb_contact_commit(&s->ct, trial);
    if (st->stop_t < 0.0 && st->y[W] * ynew[W] <= 0.0 && st->y[W] != 0.0)
        locate_stop(s, st, ynew, h);
    st->slip_r += st->o.r.slip + st->o.r.slip_twist;
    st->stiff_r += st->o.r.stiffness_energy;
    st->slip_t += st->o.t.slip;
    st->stiff_t += st->o.t.stiffness_energy;
    st->theta += ynew[TH];
    memcpy(st->y, ynew, NY * sizeof *ynew);
    st->y[TH] = st->y[XI] = 0.0;
    st->t += h;
    if (switched && st->series && roll_row(s, st, st->series) != CWB_OK)
        return CWB_EFAIL;
    return CWB_OK;
}

/* The rolling law's torque about y and the contact's force along x at y. */
static int forces_at(const roll_sim *s, const double *y, double *my, double *fx)
{
    cwb_kin k;
    cwb_contact_out o;
    cwb_contact_trial trial;
    roll_kin(s, y, 0.0, &k);
    int rc = cwb_contact_eval(&s->ct, &k, &o, &trial);
    *my = o.r.torque1.y;
    *fx = o.t.force.x + o.d.force_t.x;
    return rc;
}

/* Whether the spin may reach zero within h against a torque that
 * vanishes at omega = 0 (a torque on the spin with no spring: it holds the
 * spin at rest, as a static rolling friction, up to its value just before
 * the stop, *hold), and when: *tau = -omega / omega' from the step's start
 * (slip = law: h, and root_of_spin finds whether and when). Without slip
 * v = 0 at rest too, and every derivative vanishes; with slip = law,
 * stop_and_rest decides whether the spin stays held. */
static int stops_within(roll_sim *s, const double *y, double h, double *tau, double *hold)
{
    double dy[NY], rest[NY], my, fx, fx_before;
    if (s->law_account || y[W] == 0.0 || roll_rhs(s, y, 0.0, dy) != CWB_OK)
        return 0; /* a law with a spring (not CWB_LAW_SPIN_TORQUES) comes to rest through it */
    /* without slip a constant torque's omega' is constant: the stop is
     * ahead where it points at zero within h. With slip = law the
     * tangential spring moves omega' within the step, its sign too, so no
     * forecast holds: a stop is possible where the spin is within h of
     * zero at twice the largest rate the torque and the tangential force
     * give it at the step's start (the spring's force changes by less than
     * that within a step under a quarter of its period), and root_of_spin
     * then finds whether and when. */
    if (s->free_slip) {
        if (forces_at(s, y, &my, &fx) != CWB_OK ||
            fabs(y[W]) > 2.0 * h * (fabs(my) + s->R * fabs(fx)) / s->I)
            return 0;
        *tau = h;
    } else {
        *tau = -y[W] / dy[W];
        if (!(y[W] * dy[W] < 0.0 && *tau <= h))
            return 0;
    }
    memcpy(rest, y, sizeof rest);
    rest[W] = 0.0;
    if (!s->free_slip)
        rest[V] = 0.0;
    if (forces_at(s, rest, &my, &fx) != CWB_OK || my != 0.0)
        return 0;
    s->approach = y[W] > 0.0 ? 1.0 : -1.0;
    int rc = forces_at(s, rest, hold, &fx_before);
    s->approach = 0.0;
    *hold = fabs(*hold);
    return rc == CWB_OK;
}

/* slip = law: the spin's root within [0, h] of the step on the torque
 * before the stop, whose omega' the tangential spring moves within the
 * step, so -omega / omega' is only a start. Illinois false position on
 * the bracket to 1e-12 of the spin at the step's start; *found = 0 where
 * the spring turns the spin back before zero (no root in the step). */
static int root_of_spin(roll_sim *s, const roll_state *st, double h, double *tau, double *ynew,
                        int *found)
{
    double a = 0.0, wa = st->y[W], b = h, wb;
    int rc = cwb_rk4_step(roll_rhs, s, NY, st->y, h, ynew), side = 0;
    *found = rc == CWB_OK && (wb = ynew[W]) * wa <= 0.0;
    *tau = h;
    for (int i = 0; *found && i < 100 && fabs(ynew[W]) > 1e-12 * fabs(st->y[W]); i++) {
        double c = (a * wb - b * wa) / (wb - wa);
        if ((rc = cwb_rk4_step(roll_rhs, s, NY, st->y, c, ynew)))
            return rc;
        *tau = c;
        if (ynew[W] * wa > 0.0) {
            a = c, wa = ynew[W];
            wb *= side == -1 ? 0.5 : 1.0;
            side = -1;
        } else {
            b = c, wb = ynew[W];
            wa *= side == 1 ? 0.5 : 1.0;
            side = 1;
        }
    }
    return rc;
}

/* The step to the stop (its stages on the torque before it: a constant
 * torque's stop is then exact without slip), the sphere left at rest
 * there. *found = 0 (nothing done) where, with slip = law, the spin does
 * not reach zero in the step after all. */
static int stop_and_rest(roll_sim *s, roll_state *st, double h, double *tau, double hold,
                         int *found)
{
    double ynew[NY];
    int rc;
    s->approach = st->y[W] > 0.0 ? 1.0 : -1.0;
    if (s->free_slip)
        rc = root_of_spin(s, st, h, tau, ynew, found);
    else
        rc = cwb_rk4_step(roll_rhs, s, NY, st->y, *tau, ynew), *found = 1;
    s->approach = 0.0;
    if (rc || !*found)
        return rc;
    ynew[W] = 0.0; /* within rounding of zero: the stop is the step's end */
    if (!s->free_slip)
        ynew[V] = 0.0;
    if (st->stop_t < 0.0) {
        st->stop_t = st->t + *tau;
        st->stop_x = ynew[X];
    }
    cwb_kin k;
    cwb_contact_trial trial;
    cwb_contact_out o;
    roll_kin(s, ynew, *tau, &k);
    if ((rc = cwb_contact_eval(&s->ct, &k, &o, &trial)))
        return rc;
    /* slip = law: held at zero from here (roll_rhs) while the tangential
     * force's moment is below the torque before the stop; else the spin
     * turns over at once, the torque against its new sign */
    if (s->free_slip)
        s->hold = fabs(s->R * (o.t.force.x + o.d.force_t.x)) < hold ? hold : 0.0;
    return commit_evaluated(s, st, ynew, &o, &trial, *tau);
}

/* One RK4 step of length h, evaluated at its end and committed. A step
 * in which the rolling slider engages or lets go (the EPSD dashpot
 * switches there, a jump of the torque) is split in halves down to h_min:
 * RK4 is first order across a jump, and this brackets it like a bisection
 * (about 2 log2(h / h_min) extra steps per switch). A step in which the
 * spin stops for good ends at the stop (stop_and_rest). */
static int roll_step(roll_sim *s, roll_state *st, double h, double h_min)
{
    double ynew[NY], tau, hold;
    int rc;
    int found = 0;
    if (stops_within(s, st->y, h, &tau, &hold) &&
        ((rc = stop_and_rest(s, st, h, &tau, hold, &found)) != CWB_OK || found))
        return rc || !(h - tau > 0.0) ? rc : roll_step(s, st, h - tau, h_min);
    if ((rc = cwb_rk4_step(roll_rhs, s, NY, st->y, h, ynew)))
        return rc;
    cwb_kin k;
    cwb_contact_trial trial;
    cwb_contact_out o;
    roll_kin(s, ynew, h, &k);
    if ((rc = cwb_contact_eval(&s->ct, &k, &o, &trial)))
        return rc;
    if (o.r.sliding != st->o.r.sliding && h > h_min) {
        if ((rc = roll_step(s, st, 0.5 * h, h_min)))
            return rc;
        return roll_step(s, st, 0.5 * h, h_min);
    }
    /* a held spin lets go once the tangential force's moment exceeds the
     * torque that holds it (from the next step: located to one step) */
    if (s->hold > 0.0 && fabs(s->R * (o.t.force.x + o.d.force_t.x)) > s->hold)
        s->hold = 0.0;
    return commit_evaluated(s, st, ynew, &o, &trial, h);
}

static void roll_report(const cwb_case *c, const roll_sim *s, const roll_state *st, cwb_result *r)
{
    const cwb_contact_out *o = &st->o;
    double e_out = kinetic(s, st->y), stored = o->r.energy + o->t.energy;
    double d_roll = st->y[WR] - o->r.energy, d_t = st->y[WT] - o->t.energy;
    cwb_result_set(r, "overlap", "m", s->delta);
    cwb_result_set(r, "dt", "s", s->h); /* as given, or the one auto chose */
    cwb_result_set(r, "stop_time", "s", st->stop_t >= 0.0 ? st->stop_t : NAN);
    cwb_result_set(r, "stop_distance", "m", st->stop_t >= 0.0 ? st->stop_x : NAN);
    cwb_result_set(r, "final_position", "m", st->y[X]);
    cwb_result_set(r, "final_speed", "m/s", st->y[V]);
    cwb_result_set(r, "final_omega", "rad/s", st->y[W]);
    cwb_result_set(r, "final_rolling_torque", "N m", 0.0 - o->r.torque1.y);
    cwb_result_set(r, "energy_in", "J", st->e_in);
    cwb_result_set(r, "energy_out", "J", e_out);
    cwb_result_set(r, "energy_stored", "J", stored);
    cwb_result_set(r, "energy_dissipated_rolling", "J", d_roll);
    cwb_result_set(r, "energy_dissipated_rolling_slip", "J", st->slip_r);
    cwb_result_set(r, "energy_dissipated_rolling_viscous", "J", st->y[DV]);
    cwb_result_set(r, "energy_rolling_stiffness_change", "J", st->stiff_r);
    cwb_result_set(r, "energy_dissipated_tangential", "J", d_t);
    /* its split, as the collision and history drivers give it: the slip
     * (>= 0) and the signed rest, < 0 where the law created energy */
    cwb_result_set(r, "energy_dissipated_slip", "J", st->slip_t);
    cwb_result_set(r, "energy_from_stiffness_change", "J", st->stiff_t);
    /* the law's own losses against the work the motion did on it; a
     * torque on the spins books none (its loss is the work, d_roll) */
    cwb_result_set(r, "rolling_account_error", "-",
                   s->law_account ? (d_roll - st->slip_r - st->y[DV] - st->stiff_r) / st->e_in
                                  : NAN);
    double balance = (st->e_in - e_out - stored - d_roll - d_t) / st->e_in;
    cwb_result_set(r, "energy_balance_error", "-", balance);
    if (fabs(balance) > 1e-4 && isfinite(s->period))
        cwb_result_warn(r,
                        "the energy account misses %.3g of the energy put in: dt = %g s takes "
                        "%.3g steps a period of the fastest spring (%g s) over %.3g periods; a "
                        "smaller dt, or auto, follows it",
                        balance, s->h, s->period / s->h, s->period, st->t / s->period);
    else if (fabs(balance) > 1e-4)
        cwb_result_warn(r, "the energy account misses %.3g of the energy put in at dt = %g s",
                        balance, s->h);
    cwb_warn_energy_created(r, c, st->stiff_t, st->stiff_r, st->e_in, "energy_in");
    if (st->stop_t < 0.0 && st->e_in > 0.0) /* v0 = 0: at rest from the start */
        cwb_result_warn(r, "the sphere was still rolling at t_end");
}

/* The period of the fastest spring the motion rides on, at rest at the
 * held overlap, from the stiffnesses the laws report there: the
 * tangential law's (slip = law) on the contact point's mass
 * 1 / (1/m + R^2/I), the rolling law's on the spin's inertia (I + m R^2
 * without slip; I with it, the shorter). INFINITY without a spring;
 * *kind the law's kind. */
/* Whether the case has no tangential law (its absent law). */
static int no_tangential_law(const roll_sim *s)
{
    return (s->ct.tangential->head.flags & CWB_LAW_ABSENT) != 0;
}

static double fastest_period(const roll_sim *s, cwb_kind *kind)
{
    double y[NY] = {0}, T = INFINITY;
    cwb_kin k;
    cwb_contact_out o;
    cwb_contact_trial trial;
    roll_kin(s, y, 0.0, &k);
    if (cwb_contact_eval(&s->ct, &k, &o, &trial) != CWB_OK)
        return T;
    double kt = o.t.stiffness, a = o.n.radius > 0.0 ? o.n.radius : sqrt(s->R * s->delta);
    /* a tangential law that reports no stiffness at rest, before its
     * first motion (rathbone_tangential): Mindlin's 8 G* a (Mindlin 1949),
     * the elastic stiffness every tangential law of cwb starts from or
     * below (a law that is none has no force at all, o.t.force 0) */
    if (s->free_slip && !(kt > 0.0) && !no_tangential_law(s))
        kt = 8.0 * s->ct.pair->G_star * a;
    if (s->free_slip && kt > 0.0) {
        T = 2.0 * M_PI / sqrt(kt * (1.0 / s->m + s->R * s->R / s->I));
        *kind = CWB_KIND_TANGENTIAL;
    }
    double J = s->free_slip ? s->I : s->I + s->m * s->R * s->R;
    if (o.r.stiffness > 0.0 && 2.0 * M_PI * sqrt(J / o.r.stiffness) < T) {
        T = 2.0 * M_PI * sqrt(J / o.r.stiffness);
        *kind = CWB_KIND_ROLLING;
    }
    return T;
}

/* The step: dt as given, refused beyond a quarter of the fastest spring's
 * period (RK4 multiplies an undamped spring's energy by |R(i w h)|^2 =
 * 1 - (w h)^6 / 72 + (w h)^8 / 576 a step, 0.856 there); or auto: t_end / h steps lose w t_end (w h)^5 / 72
 * of it, at most 1e-6 with w h = (72e-6 / (w t_end))^(1/5), and 16 steps a
 * period at the least; t_end / 1e4 without a spring. */
static int roll_dt(const cwb_case *c, roll_sim *s, char *msg, size_t n)
{
    const double *p = c->driver_values.p;
    cwb_kind kind = CWB_KIND_ROLLING;
    double T = s->period = fastest_period(s, &kind), w = 2.0 * M_PI / T, dt = p[P_DT];
    if (dt > 0.25 * T) {
        char where[CWB_TEXT + 32];
        cwb_case_where(c, &c->driver_values, P_DT, where, sizeof where);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] dt = %g s is over a quarter of %g s, the period of the %s "
                        "law's spring at the held overlap, which RK4 does not follow: dt must be "
                        "at most %g s (each step keeps 1 - (w dt)^6 / 72 of the spring's energy), "
                        "or auto",
                        where, dt, T, cwb_kind_name(kind), 0.25 * T);
    }
    if (!(dt > 0.0))
        dt = isfinite(T) ? fmin(pow(72e-6 / (w * p[P_T_END]), 0.2), M_PI / 8.0) / w
                         : p[P_T_END] / 1e4;
    if (p[P_T_END] / dt > 1e8)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "[driver] dt = auto takes %.3g steps of %g s to t_end = %g s (the %s law's "
                        "spring, period %g s), over 1e8: shorten t_end",
                        p[P_T_END] / dt, dt, p[P_T_END], cwb_kind_name(kind), T);
    s->h = dt;
    return CWB_OK;
}

/* The sphere, its contact at the held overlap and the step. */
static int roll_setup(const cwb_case *c, roll_sim *s, char *msg, size_t n)
{
    const double *p = c->driver_values.p;
    memset(s, 0, sizeof *s);
    if (cwb_contact_init(&s->ct, c) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "roll: the case's laws cannot be bound");
    s->R = c->pair.body[0].radius;
    s->m = c->pair.body[0].mass;
    s->I = c->pair.body[0].inertia;
    s->free_slip = (int)p[P_SLIP] == 1;
    s->law_account = !(c->law[CWB_KIND_ROLLING]->flags & CWB_LAW_SPIN_TORQUES);
    if (overlap_for(s, p[P_FN], &s->delta) != CWB_OK) {
        char where[CWB_TEXT + 32];
        cwb_case_where(c, &c->driver_values, P_FN, where, sizeof where);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] normal_force = %g N: the normal law does not reach it "
                        "within an overlap of 4 R",
                        where, p[P_FN]);
    }
    return roll_dt(c, s, msg, n);
}

/* How far the run is, for cwb run on a terminal (cwb_progressf). */
static void roll_progress(const roll_state *st, double t_end, size_t i, size_t steps, double h,
                          double period)
{
    char spring[64] = "";
    if (isfinite(period))
        snprintf(spring, sizeof spring, ", a spring's period %.3g s", period);
    cwb_progressf("roll: t = %.3g of %g s (%.0f %%), step %zu of %zu of %g s%s", st->t, t_end,
                  100.0 * st->t / t_end, i, steps, h, spring);
}

static int roll_run(const cwb_case *c, cwb_result *r, char *msg, size_t n)
{
    const double *p = c->driver_values.p;
    roll_sim s;
    int rc = roll_setup(c, &s, msg, n);
    if (rc)
        return rc;
    roll_state st;
    memset(&st, 0, sizeof st);
    st.y[V] = p[P_V0];
    st.y[W] = -p[P_V0] / s.R;
    st.stop_t = -1.0;
    st.e_in = kinetic(&s, st.y);
    st.series = &r->series;
    roll_columns(&r->series);
    size_t steps = (size_t)ceil(p[P_T_END] / s.h);
    size_t every = steps / (size_t)p[P_ROWS] + 1;
    double h = p[P_T_END] / (double)steps;
    for (size_t i = 0; i < steps; i++) {
        if (i % every == 0 && roll_row(&s, &st, &r->series) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        rc = roll_step(&s, &st, h, 1e-6 * h);
        if (rc)
            return cwb_fail(msg, n, rc, "roll: at t = %g s, %s", st.t, cwb_contact_failure());
        if ((i & 0x3fff) == 0 && cwb_progress_wanted()) /* a stiff spring: 1e6 steps */
            roll_progress(&st, p[P_T_END], i + 1, steps, h, s.period);
    }
    if (roll_row(&s, &st, &r->series) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    roll_report(c, &s, &st, r);
    return CWB_OK;
}

const cwb_driver_type cwb_driver_roll = {
    .name = "roll",
    .summary = "a sphere rolling on a wall at constant normal force until rolling resistance "
               "stops it, RK4",
    .params = roll_params,
    .check = roll_check,
    .run = roll_run,
    .plot_x = "t",
    .plot_y = "omega",
    .dims = CWB_DIM_3D,
    .body2 = "wall",
    .needs = 1u << CWB_KIND_ROLLING,
};
