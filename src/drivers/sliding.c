/* sliding.c -- seed 003 §2 (Part II): the dynamics of the finite sliding of
 * two identical spheres under displacement control. The upper sphere's
 * centre is carried along an imposed path (a horizontal line at y_c = 2R - h0,
 * or an eccentric circle given by k~) with no rotation; one degree of
 * freedom s, the arc length, with m s'' = T*(s) (eqs. 1, 1a-1d) from first
 * contact at s = -sign(v0) su with the signed speed v0.
 *
 * This driver computes its own contact force -- the paper's model, Hertz
 * N = kn h^(3/2) and Coulomb sliding T = mu N against the sliding direction
 * ("slip neglected", Fig. 4c) -- not the case's [contact] laws: [contact]
 * only has to name a normal law for the case to load (hertz). kn is given
 * or (auto) Hertz's (4/3) E* R*^(1/2) from [body1]/[body2].
 *
 * Integration: classical RK4 at a fixed step on (s, v, W_mu), the sign of
 * the speed held through each step; an event inside a step (the speed
 * reaches zero; the centre reaches the end of contact) is located by
 * root-finding the length of a single RK4 step from the step's start, so
 * the event lies on the integrator's own solution. dt = auto halves the
 * step until the event time, place and speed change by less than dt_tol.
 *
 * At a stop, with friction = coulomb, the sphere sticks when static
 * friction holds it (|c_n| <= mu c_t) and slides back otherwise, leaving
 * through its entry. With friction = eq2 / eq3 (§2.3, sliding_hysteresis.c)
 * every stop and every imposed reversal (reversal_times, Fig. 5) starts an
 * unloading / reloading branch from the friction just before it; the run
 * ends at rest when two reversals lie within settle_tol du, or at t_end.
 * Reported: the exit (contact time, exit speed, e_s = v_exit / v0, negative
 * after a slide back), the stop (where, when), the energy balance
 * (kinetic energy lost = -(W_n + W_mu)), and beside them the closed forms
 * (sliding_closed_forms.c) with a warning where they do not apply.
 *
 * Columns: t, s, x, y, v, F_n (N), T (T*), N_tool (N*), W_friction, E_kin,
 * T_friction (the friction in the contact tangent).
 */
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "cwb_dt_auto.h"
#include "cwb_numeric.h"
#include "cwb_run.h"
#include "cwb_sliding.h"

enum {
    P_PATH,
    P_H0,
    P_KT,
    P_V0,
    P_V0_RATIO,
    P_MASS,
    P_KN,
    P_MU,
    P_FRICTION,
    P_DT,
    P_DT_TOL,
    P_MAX_STEPS,
    P_ROWS,
    P_BRACKET,
    P_BRACKET_TOL,
    P_P,
    P_NU,
    P_REVERSALS,
    P_T_END,
    P_SETTLE
};

static const char *const path_names[] = {"line", "circle", NULL};
static const char *const friction_names[] = {"coulomb", "eq2", "eq3", NULL};
static const char *const onoff[] = {"off", "on", NULL};

static const cwb_param sliding_params[] = {
    {.name = "path",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = path_names,
     .def = 0,
     .help = "imposed path of the upper centre: line (sec. 2.2.1) or circle (sec. 2.2.2)"},
    {.name = "h0",
     .example = "1e-6",
     .unit = "m",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
     .help = "largest overlap on the path (below 2R): line height y_c = 2R - h0"},
    {.name = "k_tilde",
     .unit = "-",
     .def = 0.5,
     .min = 0,
     .max = 1,
     .flags = CWB_P_MIN_OPEN | CWB_P_MAX_OPEN,
     .help = "path = circle: eccentricity ratio e~/R~ (0 circle about the centre, 1 line)",
     .read_when = "path=circle"},
    {.name = "v0",
     .unit = "m/s",
     .min = -INFINITY,
     .max = INFINITY,
     .help = "signed speed at first contact (> 0 rightward from -su); or v0_over_vcrit"},
    {.name = "v0_over_vcrit",
     .example = "1.5",
     .unit = "-",
     .min = -INFINITY,
     .max = INFINITY,
     .help = "v0 as a multiple of the line's closed-form v_crit (eq. 21), as the paper's figures"},
    {.name = "mass",
     .unit = "kg",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_AUTO,
     .help = "moving mass (may include the tool); auto: body1's mass"},
    {.name = "kn",
     .unit = "N/m^1.5",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_AUTO,
     .help = "Hertz stiffness N = kn h^1.5; auto: (4/3) E* R*^0.5 from the bodies"},
    {.name = "mu",
     .example = "0.3",
     .unit = "-",
     .min = 0,
     .max = 10,
     .flags = CWB_P_REQUIRED,
     .help = "Coulomb friction coefficient (the paper: 0.6)"},
    {.name = "friction",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = friction_names,
     .def = 0,
     .help = "coulomb: slip neglected, T = mu N against the motion (Fig. 4c); eq2 / eq3: "
             "unloading / reloading at reversals, non-incremental eq. 2 / incremental eq. 3"},
    CWB_STEP_KEYS("RK4 step; auto: halved until the events change by less than dt_tol", 1e-10,
                  "dt = auto: largest relative change of the event time, place and speed",
                  "dt=auto", NULL, 1e7, "give up (exit 1) when a run takes more steps than this",
                  1000),
    {.name = "vcrit_bracket",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = onoff,
     .def = 1,
     .help = "find v_crit by bisection on exit / no exit of the ODE solution"},
    {.name = "vcrit_tol",
     .unit = "-",
     .def = 1e-7,
     .min = 0,
     .max = 0.1,
     .flags = CWB_P_MIN_OPEN,
     .help = "relative width of the final v_crit bracket",
     .read_when = "vcrit_bracket=on"},
    {.name = "p",
     .unit = "-",
     .def = 1.0 / 3.0,
     .min = 0,
     .max = 1,
     .flags = CWB_P_MIN_OPEN,
     .help = "friction = eq2/eq3: exponent of the unloading curve (Mindlin-Deresiewicz 1/3; "
             "the paper's Fig. 4d: 1/2, 1/3, 1/4)",
     .read_when = "friction=eq2|eq3"},
    {.name = "nu",
     .unit = "-",
     .def = -1,
     .min = 0,
     .max = 0.5,
     .flags = CWB_P_MAX_OPEN | CWB_P_AUTO,
     .help = "Poisson's ratio in the ultimate slip du (eq. 2); auto: body1's nu",
     .read_when = "friction=eq2|eq3"},
    {.name = "reversal_times",
     .unit = "s",
     .min = 0,
     .max = INFINITY,
     .kind = CWB_PARAM_LIST,
     .flags = CWB_P_MIN_OPEN,
     .help = "instants (ascending) at which the speed is reversed instantly (Fig. 5)"},
    {.name = "t_end",
     .unit = "s",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_AUTO,
     .help = "stop the run here if the sphere is still in contact; auto: run to exit or rest"},
    {.name = "settle_tol",
     .unit = "-",
     .def = 1e-9,
     .min = 0,
     .max = 0.1,
     .flags = CWB_P_MIN_OPEN,
     .help = "friction = eq2/eq3: at rest when two reversals lie closer than this times du",
     .read_when = "friction=eq2|eq3"},
    {0}};

static int sliding_check(const cwb_case *c, char *msg, size_t n)
{
    const cwb_values *v = &c->driver_values;
    const cwb_body *b = c->pair.body;
    char w[CWB_TEXT + 32];
    cwb_case_where(c, v, P_PATH, w, sizeof w);
    if (b[0].shape != CWB_SHAPE_SPHERE || b[1].shape != CWB_SHAPE_SPHERE ||
        b[0].radius != b[1].radius)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] type = sliding is seed 003: two identical spheres "
                        "(body1 and body2 shape = sphere, same radius)",
                        c->file);
    if (v->p[P_PATH] == CWB_SLIDING_CIRCLE && !v->given[P_KT])
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] path = circle needs k_tilde [-] (allowed (0, 1))", w);
    if (!!v->given[P_V0] == !!v->given[P_V0_RATIO])
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] give exactly one of v0 [m/s] and v0_over_vcrit [-]", c->file);
    int iv = v->given[P_V0] ? P_V0 : P_V0_RATIO;
    if (v->p[iv] == 0.0) {
        cwb_case_where(c, v, iv, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] %s = 0: the sphere must arrive with a speed "
                        "(allowed: any non-zero value)",
                        w, sliding_params[iv].name);
    }
    if (!(v->p[P_H0] < 2.0 * b[0].radius)) {
        cwb_case_where(c, v, P_H0, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] h0 = %g m out of range (allowed (0, 2R) = (0, %g) m)", w,
                        v->p[P_H0], 2.0 * b[0].radius);
    }
    cwb_sliding g;
    char why[256];
    cwb_sliding_spec geometry = {.path = (cwb_sliding_path)v->p[P_PATH],
                                 .R = b[0].radius,
                                 .kn = 1.0,
                                 .mu = 0.0,
                                 .m = 1.0,
                                 .h0 = v->p[P_H0],
                                 .kt = v->p[P_KT]};
    if (cwb_sliding_init(&g, &geometry, why, sizeof why) != CWB_OK) {
        cwb_case_where(c, v, P_KT, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [driver] %s", w, why);
    }
    for (size_t i = 1; i < v->list[P_REVERSALS].n; i++)
        if (!(v->list[P_REVERSALS].v[i] > v->list[P_REVERSALS].v[i - 1])) {
            cwb_case_where(c, v, P_REVERSALS, w, sizeof w);
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s: [driver] reversal_times: %g s after %g s: the instants must "
                            "ascend (allowed: increasing times in (0, inf) s)",
                            w, v->list[P_REVERSALS].v[i], v->list[P_REVERSALS].v[i - 1]);
        }
    if (!v->given[P_MASS] || v->p[P_MASS] == 0.0) {
        if (!(b[0].mass > 0.0 && isfinite(b[0].mass)))
            return cwb_fail(msg, n, CWB_EINPUT, "%s: [driver] mass = auto needs body1's density",
                            c->file);
    }
    return CWB_OK;
}

/* ------------------------------------------------------------------ */
/* One run at a fixed step                                             */

enum { Y_S, Y_V, Y_W, NY }; /* position, speed, work of friction */

/* What shapes a run besides the geometry. */
typedef struct {
    cwb_sliding_hysteresis hy; /* the friction at reversals (eqs. 2, 3 or Coulomb) */
    const double *reversals;   /* imposed reversal instants, ascending */
    size_t n_reversals;
    double t_end; /* 0: to exit or rest */
    double settle_tol;
} run_opts;

typedef struct {
    const cwb_sliding *g;
    double sg;             /* sign of the speed held through the step */
    cwb_sliding_branch br; /* the current unloading / reloading branch */
} model;

/* Forces at s: friction in the contact tangent, T* and N* (eqs. 1a-1d). */
static void forces(const model *md, double s, double *Tf, double *T, double *Ntool)
{
    cwb_sliding_point p;
    cwb_sliding_at(md->g, s, &p);
    double N = cwb_sliding_normal_force(md->g, s);
    *Tf = cwb_sliding_branch_friction(md->g, &md->br, s, md->sg);
    *T = N * p.cn + *Tf * p.ct;
    *Ntool = N * p.ct - *Tf * p.cn;
}

static void rhs(const model *md, const double *y, double *dy)
{
    cwb_sliding_point p;
    double Tf, T, Ntool;
    cwb_sliding_at(md->g, y[Y_S], &p);
    forces(md, y[Y_S], &Tf, &T, &Ntool);
    dy[Y_S] = y[Y_V];
    dy[Y_V] = T / md->g->m;
    dy[Y_W] = Tf * p.ct * y[Y_V];
}

static int rhs_stage(void *ctx, const double *y, double t_off, double *dy)
{
    (void)t_off; /* autonomous */
    rhs(ctx, y, dy);
    return CWB_OK;
}

static void rk4(const model *md, const double *y, double h, double *out)
{
    (void)cwb_rk4_step(rhs_stage, (void *)md, NY, y, h, out); /* rhs cannot fail */
}

typedef struct {
    const model *md;
    const double *y;
    int which; /* 0: speed (stop), 1: position (exit) */
} event_arg;

static double event_value(double tau, void *arg)
{
    const event_arg *e = arg;
    double out[NY];
    rk4(e->md, e->y, tau, out);
    /* both negative before the event: the speed still along sg, inside the path */
    return e->which == 0 ? -e->md->sg * out[Y_V] : e->md->sg * out[Y_S] - e->md->g->su;
}

/* Length of the sub-step at which the event `which` happens (its function
 * is negative at 0 and not at h). */
static double locate(const model *md, const double *y, double h, int which)
{
    event_arg e = {md, y, which};
    gsl_function F = {event_value, &e};
    double tau = h;
    if (event_value(0.0, &e) >= 0.0)
        return 0.0;
    cwb_root_brent(&F, 0.0, h, 0.0, 1e-15, &tau, NULL, NULL);
    return tau;
}

/* What one run reports (compared between refinements). */
enum { R_T_EVENT, R_S_EVENT, R_V_EXIT, R_COUNT };
typedef struct {
    double value[R_COUNT];
    int outcome; /* 0 at rest (or t_end), 1 passed, -1 left through the entry */
    double t_stop, s_stop, w_mu, w_n, e_kin, ke_lost;
    size_t reversals; /* stops that turned back and imposed reversals */
    int at_t_end;
} run_summary;

static int put_row(cwb_series *out, const model *md, double t, const double *y)
{
    if (!out)
        return CWB_OK;
    cwb_sliding_point p;
    double Tf, T, Ntool;
    cwb_sliding_at(md->g, y[Y_S], &p);
    forces(md, y[Y_S], &Tf, &T, &Ntool);
    double row[11] = {t,      y[Y_S],
                      p.x,    p.y,
                      y[Y_V], cwb_sliding_normal_force(md->g, y[Y_S]),
                      T,      Ntool,
                      y[Y_W], 0.5 * md->g->m * y[Y_V] * y[Y_V],
                      Tf};
    return cwb_series_row(out, row);
}

/* Turn the motion round at the current point: the new direction, and with
 * eq. 2/3 a new branch starting from the friction just before. */
static void reverse(model *md, const run_opts *o, double s)
{
    double Tf, T, Ntool;
    forces(md, s, &Tf, &T, &Ntool);
    md->sg = -md->sg;
    cwb_sliding_reversal rev = {.sA = s, .sg = md->sg, .T_before = Tf};
    cwb_sliding_branch_start(md->g, &o->hy, &rev, &md->br);
}

static void finish(run_summary *sum, int outcome, double t, const double *y)
{
    sum->outcome = outcome;
    sum->value[R_T_EVENT] = t;
    sum->value[R_S_EVENT] = y[Y_S];
    sum->value[R_V_EXIT] = outcome ? y[Y_V] : 0.0;
}

/* The speed reached zero at y: 1 when the run ends there (the sphere is at
 * rest), 0 when it turns back. */
static int at_stop(model *md, const run_opts *o, double t, double *y, double *s_last,
                   run_summary *sum)
{
    const cwb_sliding *g = md->g;
    y[Y_V] = 0.0;
    if (isnan(sum->t_stop)) {
        sum->t_stop = t;
        sum->s_stop = y[Y_S];
    }
    if (o->hy.form == CWB_SLIDING_COULOMB) {
        cwb_sliding_point p;
        cwb_sliding_at(g, y[Y_S], &p);
        if (fabs(p.cn) <= g->mu * p.ct) /* static friction holds the sphere */
            return 1;
    } else {
        double du = cwb_sliding_slip_ultimate(g, o->hy.nu, y[Y_S]);
        if (fabs(y[Y_S] - *s_last) <= o->settle_tol * du)
            return 1; /* the hysteresis loops have closed */
    }
    *s_last = y[Y_S];
    sum->reversals++;
    reverse(md, o, y[Y_S]);
    return 0;
}

/* One run at a fixed step: how it enters, its step and what it keeps. */
typedef struct {
    double v0;        /* entry speed [m/s]; its sign picks the entry end */
    double h;         /* step [s] */
    double max_steps; /* give up after this many steps */
    size_t every;     /* keep a row every this many steps (and at every event) */
    cwb_series *out;  /* the rows, or NULL */
} run_plan;

static int run_fixed(const cwb_sliding *g, const run_opts *o, const run_plan *plan,
                     run_summary *sum, char *msg, size_t n)
{
    double v0 = plan->v0, h = plan->h, max_steps = plan->max_steps;
    size_t every = plan->every;
    cwb_series *out = plan->out;
    double y[NY] = {-(v0 > 0 ? 1.0 : -1.0) * g->su, v0, 0.0}, t = 0.0, s_last = y[Y_S];
    model md = {g, v0 > 0 ? 1.0 : -1.0, {0}};
    size_t next_rev = 0;
    *sum = (run_summary){.t_stop = NAN, .s_stop = NAN};
    int rc = put_row(out, &md, t, y);
    for (size_t k = 1; rc == CWB_OK; k++) {
        if ((double)k > max_steps)
            return cwb_fail(msg, n, CWB_EFAIL,
                            "sliding: no exit nor rest after %.0f steps of %g s (t = %g s); "
                            "raise max_steps, give a larger dt or a t_end",
                            max_steps, h, t);
        /* land on the next imposed reversal or on t_end */
        double t_mark = next_rev < o->n_reversals ? o->reversals[next_rev] : INFINITY;
        if (o->t_end > 0.0)
            t_mark = fmin(t_mark, o->t_end);
        double hk = fmin(h, t_mark - t), ynew[NY];
        int marked = hk < h || t + h == t_mark;
        rk4(&md, y, hk, ynew);
        int stop = md.sg * ynew[Y_V] <= 0.0, exit = md.sg * ynew[Y_S] >= g->su;
        if (!stop && !exit) {
            memcpy(y, ynew, sizeof y);
            t = marked ? t_mark : t + hk;
            if (marked && o->t_end > 0.0 && t >= o->t_end) {
                rc = put_row(out, &md, t, y);
                sum->at_t_end = 1;
                finish(sum, 0, t, y);
                break;
            }
            if (marked) { /* imposed reversal (Fig. 5) */
                rc = put_row(out, &md, t, y);
                y[Y_V] = -y[Y_V];
                reverse(&md, o, y[Y_S]);
                s_last = y[Y_S];
                sum->reversals++;
                next_rev++;
            }
            if (k % every == 0 || marked)
                rc = rc ? rc : put_row(out, &md, t, y);
            continue;
        }
        double ts = stop ? locate(&md, y, hk, 0) : INFINITY;
        double te = exit ? locate(&md, y, hk, 1) : INFINITY;
        double tau = fmin(ts, te);
        rk4(&md, y, tau, ynew);
        memcpy(y, ynew, sizeof y);
        t += tau;
        if (te <= ts) {
            y[Y_S] = md.sg * g->su; /* the located root, to round-off */
            rc = put_row(out, &md, t, y);
            finish(sum, md.sg * v0 > 0.0 ? 1 : -1, t, y);
            break;
        }
        y[Y_V] = 0.0;
        rc = put_row(out, &md, t, y);
        if (at_stop(&md, o, t, y, &s_last, sum)) {
            finish(sum, 0, t, y);
            break;
        }
    }
    sum->w_mu = y[Y_W];
    sum->w_n = cwb_sliding_work_normal(g, y[Y_S]);
    sum->e_kin = 0.5 * g->m * y[Y_V] * y[Y_V];
    sum->ke_lost = 0.5 * g->m * v0 * v0 - sum->e_kin;
    return rc;
}

/* The run dt = auto settled on (or the one run at the given dt). */
typedef struct {
    run_summary sum;
    double h;        /* its step [s] */
    int refinements; /* halvings of the first step */
} converged_run;

/* The runs dt = auto compares (slots 0 and 1 in turn) and what a run needs. */
typedef struct {
    const cwb_sliding *g;
    const run_opts *o;
    run_plan plan;
    double t_scale, max_steps;
    double floor_of[R_COUNT];
    run_summary sum[2];
} refinement;

static int run_slot(void *ctx, double h, int slot, char *msg, size_t n)
{
    refinement *x = ctx;
    x->plan.h = h;
    return run_fixed(x->g, x->o, &x->plan, &x->sum[slot], msg, n);
}

/* The largest change of the event time, place and speed, relative to its
 * scale; runs that end differently (pass, rest, back through the entry)
 * are not comparable. */
static double run_change(void *ctx, int fine, int coarse, int *comparable)
{
    const refinement *x = ctx;
    const run_summary *a = &x->sum[fine], *b = &x->sum[coarse];
    double change = 0.0;
    for (int i = 0; i < R_COUNT; i++)
        change =
            fmax(change, fabs(a->value[i] - b->value[i]) / fmax(fabs(a->value[i]), x->floor_of[i]));
    *comparable = a->outcome == b->outcome;
    return change;
}

/* The first run is refined once; a refinement that did not converge ends
 * the search when its step took more than max_steps over t_scale. */
static int refinement_affordable(void *ctx, const cwb_dt_auto *a)
{
    const refinement *x = ctx;
    return a->halvings == 0 || !(x->t_scale / a->h > x->max_steps);
}

/* dt = auto (cwb_dt_refine): halve from t_scale / 64 until every reported
 * value changes by less than dt_tol (relative to its scale); or the one run
 * at the given dt. cr receives the run taken. */
static int run_converged(const cwb_sliding *g, const run_opts *o, double v0, const double *p,
                         converged_run *cr, char *msg, size_t n)
{
    double t_scale = 2.0 * g->su / fabs(v0);
    refinement x = {.g = g,
                    .o = o,
                    .plan = {.v0 = v0, .max_steps = p[P_MAX_STEPS], .every = 1, .out = NULL},
                    .t_scale = t_scale,
                    .max_steps = p[P_MAX_STEPS],
                    .floor_of = {t_scale, g->su, fabs(v0)}};
    if (p[P_DT] > 0.0) {
        int rc = run_slot(&x, p[P_DT], 0, msg, n);
        *cr = (converged_run){.sum = x.sum[0], .h = p[P_DT]};
        return rc;
    }
    cwb_dt_plan plan = {.h0 = t_scale / 64.0,
                        .tol = p[P_DT_TOL],
                        .ctx = &x,
                        .run = run_slot,
                        .change = run_change,
                        .affordable = refinement_affordable};
    cwb_dt_auto a;
    cwb_dt_outcome outcome;
    int rc = cwb_dt_refine(&plan, &a, &outcome, msg, n);
    if (rc != CWB_OK)
        return rc;
    if (outcome != CWB_DT_CONVERGED)
        return cwb_fail(msg, n, CWB_EFAIL,
                        "sliding: dt = auto did not converge: results changed by %.3g "
                        "(dt_tol %g) at dt = %g s; give dt or loosen dt_tol",
                        a.change, p[P_DT_TOL], a.h);
    *cr = (converged_run){.sum = x.sum[a.slot], .h = a.h, .refinements = a.halvings};
    return CWB_OK;
}

/* The least |v0| that passes, by bisection on the outcome at a step scaled
 * to each trial speed from the converged one. */
static int bracket_vcrit(const cwb_sliding *g, double v0, double h0, const double *p, double *vcrit,
                         char *msg, size_t n)
{
    double sg = v0 > 0.0 ? 1.0 : -1.0;
    double hi = 2.0 * fmax(cwb_sliding_vcrit(g), cwb_sliding_vcrit_barrier(g, NULL));
    double lo = 0.0, step_per_speed = h0 * fabs(v0);
    run_summary sum;
    run_opts pass = {.hy = {.form = CWB_SLIDING_COULOMB}}; /* the first pass decides */
    if (!(hi > 0.0)) {
        *vcrit = 0.0;
        return CWB_OK;
    }
    while (hi - lo > p[P_BRACKET_TOL] * hi) {
        double mid = 0.5 * (lo + hi);
        run_plan trial = {.v0 = sg * mid,
                          .h = step_per_speed / mid,
                          .max_steps = p[P_MAX_STEPS],
                          .every = 1,
                          .out = NULL};
        int rc = run_fixed(g, &pass, &trial, &sum, msg, n);
        if (rc)
            return rc;
        if (sum.outcome == 1)
            hi = mid;
        else
            lo = mid;
    }
    *vcrit = 0.5 * (lo + hi);
    return CWB_OK;
}

static void report_closed_forms(const cwb_sliding *g, double v0, const run_summary *sum,
                                cwb_result *r)
{
    double vc = cwb_sliding_vcrit(g), s_min = 0.0;
    double vb = cwb_sliding_vcrit_barrier(g, &s_min);
    int line = g->path == CWB_SLIDING_LINE;
    int applies = s_min >= g->su;
    cwb_result_set(r, line ? "v_crit_eq21" : "v_crit_eq34", "m/s", vc);
    cwb_result_set(r, "v_crit_barrier", "m/s", vb);
    cwb_result_set(r, "s_least_work", "m", s_min);
    cwb_result_set(r, "closed_form_applies", "-", applies);
    if (!applies)
        cwb_result_warn(r,
                        "eqs. %s apply only when T* < 0 along the whole path "
                        "(line: mu >= tan alpha_u = %g): here W(s) is least at s = %.6g m "
                        "inside the path, the least passing speed is %.9g m/s, not %.9g",
                        line ? "19-21" : "32-35", g->su / g->yc, s_min, vb, vc);
    double es = fabs(v0) > fmax(vb, vc) ? cwb_sliding_restitution(g, v0) : NAN;
    double tl = fabs(v0) > fmax(vb, vc) ? cwb_sliding_contact_time_lobatto(g, v0) : NAN;
    double tq = fabs(v0) > fmax(vb, vc) ? cwb_sliding_contact_time_qags(g, v0) : NAN;
    if (isnan(es))
        cwb_result_warn(r,
                        "|v0| = %g m/s is below the critical speed: no closed-form e_s or "
                        "contact time",
                        fabs(v0));
    else {
        cwb_result_set(r, line ? "e_s_eq20" : "e_s_eq35", "-", es);
        cwb_result_set(r, "contact_time_eq25", "s", tl);
        cwb_result_set(r, "contact_time_qags", "s", tq);
        if (sum->outcome == 1 && sum->reversals == 0)
            cwb_result_set(r, "e_s_deviation", "-", sum->value[R_V_EXIT] / v0 - es);
    }
}

/* What the case sets up: the sphere on its path g, the Hertz stiffness kn
 * and mass m (given, or from the bodies), the starting speed v0 (given, or
 * v0_over_vcrit times the line path's critical speed). */
typedef struct {
    double kn, m, v0;
} sliding_inputs;

static int sliding_model(const cwb_case *c, cwb_sliding *g, sliding_inputs *in, char *msg, size_t n)
{
    const double *p = c->driver_values.p;
    const cwb_pair *pr = &c->pair;
    in->kn = p[P_KN] > 0.0 ? p[P_KN] : 4.0 / 3.0 * pr->E_star * sqrt(pr->R_star);
    in->m = p[P_MASS] > 0.0 ? p[P_MASS] : pr->body[0].mass;
    cwb_sliding_spec spec = {.path = (cwb_sliding_path)p[P_PATH],
                             .R = pr->body[0].radius,
                             .kn = in->kn,
                             .mu = p[P_MU],
                             .m = in->m,
                             .h0 = p[P_H0],
                             .kt = p[P_KT]};
    int rc = cwb_sliding_init(g, &spec, msg, n);
    if (rc)
        return rc;
    in->v0 = p[P_V0];
    if (c->driver_values.given[P_V0_RATIO]) {
        cwb_sliding line;
        cwb_sliding_spec line_spec = spec;
        line_spec.path = CWB_SLIDING_LINE;
        line_spec.kt = 0;
        cwb_sliding_init(&line, &line_spec, msg, n);
        in->v0 = p[P_V0_RATIO] * cwb_sliding_vcrit(&line);
        if (in->v0 == 0.0)
            return cwb_fail(msg, n, CWB_EINPUT, "%s: v0_over_vcrit needs mu > 0 (v_crit = 0)",
                            c->file);
    }
    return CWB_OK;
}

/* The results of the kept run sum (to t_end at step h). */
static void sliding_report(cwb_result *r, const cwb_sliding *g, const sliding_inputs *in,
                           const run_opts *o, const run_summary *sum, double t_end)
{
    double v0 = in->v0;
    cwb_result_set(r, "v0", "m/s", v0);
    cwb_result_set(r, "mass", "kg", in->m);
    cwb_result_set(r, "kn", "N/m^1.5", in->kn);
    cwb_result_set(r, "s_u", "m", g->su);
    cwb_result_set(r, "outcome", "-", sum->outcome);
    cwb_result_set(r, "contact_time", "s", sum->outcome ? t_end : NAN);
    if (o->hy.form != CWB_SLIDING_COULOMB)
        cwb_result_set(r, "nu", "-", o->hy.nu);
    cwb_result_set(r, "reversals", "-", (double)sum->reversals);
    if (sum->outcome == 0)
        cwb_result_set(r, sum->at_t_end ? "t_end" : "t_rest", "s", t_end);
    cwb_result_set(r, "v_exit", "m/s", sum->outcome ? sum->value[R_V_EXIT] : 0.0);
    cwb_result_set(r, "e_s", "-", sum->outcome ? sum->value[R_V_EXIT] / v0 : 0.0);
    if (!isnan(sum->t_stop)) {
        cwb_result_set(r, "t_stop", "s", sum->t_stop);
        cwb_result_set(r, "s_stop", "m", sum->s_stop);
    }
    cwb_result_set(r, "work_friction", "J", sum->w_mu);
    cwb_result_set(r, "work_normal", "J", sum->w_n);
    cwb_result_set(r, "energy_residual", "J", sum->ke_lost + sum->w_mu + sum->w_n);
}

static int sliding_run(const cwb_case *c, cwb_result *r, char *msg, size_t n)
{
    const double *p = c->driver_values.p;
    cwb_sliding g;
    sliding_inputs in;
    int rc = sliding_model(c, &g, &in, msg, n);
    if (rc)
        return rc;
    const cwb_values *cv = &c->driver_values;
    run_opts o = {.hy = {.form = (cwb_sliding_friction)p[P_FRICTION],
                         .p = p[P_P],
                         .nu = p[P_NU] >= 0.0 ? p[P_NU] : c->pair.body[0].nu},
                  .reversals = cv->list[P_REVERSALS].v,
                  .n_reversals = cv->list[P_REVERSALS].n,
                  .t_end = p[P_T_END],
                  .settle_tol = p[P_SETTLE]};
    converged_run cr = {0};
    if ((rc = run_converged(&g, &o, in.v0, p, &cr, msg, n)))
        return rc;
    run_summary sum = cr.sum;
    double t_end = sum.value[R_T_EVENT];
    double h = fmin(cr.h, t_end / p[P_ROWS]);
    size_t every = (size_t)fmax(1.0, floor(t_end / h / p[P_ROWS]));
    static const char *const cols[][2] = {{"t", "s"},     {"s", "m"},         {"x", "m"},
                                          {"y", "m"},     {"v", "m/s"},       {"F_n", "N"},
                                          {"T", "N"},     {"N_tool", "N"},    {"W_friction", "J"},
                                          {"E_kin", "J"}, {"T_friction", "N"}};
    for (size_t i = 0; i < sizeof cols / sizeof *cols; i++)
        cwb_series_column(&r->series, cols[i][0], cols[i][1]);
    run_plan kept = {
        .v0 = in.v0, .h = h, .max_steps = p[P_MAX_STEPS] * 1e3, .every = every, .out = &r->series};
    if ((rc = run_fixed(&g, &o, &kept, &sum, msg, n)))
        return rc;
    sliding_report(r, &g, &in, &o, &sum, t_end);
    cwb_result_set(r, "dt", "s", h);
    cwb_result_set(r, "dt_refinements", "-", cr.refinements);
    report_closed_forms(&g, in.v0, &sum, r);
    if (p[P_BRACKET] == 1.0) {
        double vb;
        if ((rc = bracket_vcrit(&g, in.v0, h, p, &vb, msg, n)))
            return rc;
        cwb_result_set(r, "v_crit_bracket", "m/s", vb);
    }
    return CWB_OK;
}

const cwb_driver_type cwb_driver_sliding = {
    .name = "sliding",
    .summary = "seed 003: sphere carried along a line or eccentric circle over a fixed "
               "sphere, m s'' = T*(s), Hertz + Coulomb; exit, stop, e_s, v_crit",
    .params = sliding_params,
    .check = sliding_check,
    .run = sliding_run,
    .plot_x = "s",
    .plot_y = "v",
    .own_model = "sliding driver (Hertz + Coulomb on the path, RK4)",
    .dims = CWB_DIM_3D,
    .ignores = 1u << CWB_KIND_TANGENTIAL | 1u << CWB_KIND_DAMPING | 1u << CWB_KIND_ROLLING,
};
