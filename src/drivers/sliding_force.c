/* sliding_force.c -- seed 003 §3 (Part II): force-controlled finite sliding
 * of two rigid identical spheres. A constant vertical load Q and a constant
 * horizontal driving force T0 act on the upper sphere (no rotation), which
 * engages the fixed one at the height y0 (cos a_u = y0/R) and slides on the
 * circle of radius 2R about its centre, alpha = s/(2R):
 *   m s'' = Q sin a + T0 cos a - sg mu N,  N = N_stat + Phi_n   (eqs. 36-39),
 *   N_stat = Q cos a - T0 sin a, Phi_n = -m v^2/(2R) (an = on) or 0 (off).
 * It moves only when |T0| exceeds the static friction at engagement,
 * T_mu = Q tan(a_u + atan mu); it separates where N = 0 (eq. 40).
 * RK4 on (s, v, W_mu) with the separation located inside the step, dt = auto
 * as in the sliding driver. Beside the run, the closed forms of
 * sliding_force_closed_forms.c: the speed (eq. 43 / eq. 45), the separation
 * (eq. 44) and the contact time (eq. 47, and qags).
 *
 * Columns: t, s, alpha, x, y, v, N, N_stat, Phi_n, T (T*), W_friction, E_kin,
 * v_closed (eq. 43 with an on, eq. 45 with it off).
 */
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "cwb_dt_auto.h"
#include "cwb_numeric.h"
#include "cwb_run.h"
#include "cwb_sliding.h"

enum { P_Q, P_T0, P_T0_RATIO, P_Y0, P_MU, P_MASS, P_AN, P_DT, P_DT_TOL, P_MAX_STEPS, P_ROWS };

static const char *const onoff[] = {"off", "on", NULL};

static const cwb_param force_params[] = {
    {.name = "Q",
     .example = "1",
     .unit = "N",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
     .help = "constant vertical load (the paper: 1 N)"},
    {.name = "T0",
     .unit = "N",
     .min = -INFINITY,
     .max = INFINITY,
     .help = "horizontal driving force, signed (> 0 rightward); or T0_over_Tmu"},
    {.name = "T0_over_Tmu",
     .example = "1.5",
     .unit = "-",
     .min = -INFINITY,
     .max = INFINITY,
     .help = "T0 as a multiple of the static friction at engagement Q tan(a_u + atan mu)"},
    {.name = "y0",
     .example = "8.6e-4",
     .unit = "m",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
     .help = "half the centre height at engagement, cos a_u = y0/R (the paper: 0.86 R)"},
    {.name = "mu",
     .example = "0.3",
     .unit = "-",
     .min = 0,
     .max = 10,
     .flags = CWB_P_REQUIRED,
     .help = "Coulomb friction coefficient (the paper: 0.6)"},
    {.name = "mass",
     .unit = "kg",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_AUTO,
     .help = "moving mass; auto: body1's mass"},
    {.name = "an",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = onoff,
     .def = 1,
     .help = "centrifugal term: the inertial reaction -m v^2/(2R) in N (Fig. 13)"},
    CWB_STEP_KEYS("RK4 step; auto: halved until the separation changes by less than dt_tol", 1e-10,
                  "dt = auto: largest relative change of the separation time, place and speed",
                  "dt=auto", NULL, 1e7, "give up (exit 1) when a run takes more steps than this",
                  1000),
    {0}};

static int force_check(const cwb_case *c, char *msg, size_t n)
{
    const cwb_values *v = &c->driver_values;
    const cwb_body *b = c->pair.body;
    char w[CWB_TEXT + 32];
    if (b[0].shape != CWB_SHAPE_SPHERE || b[1].shape != CWB_SHAPE_SPHERE ||
        b[0].radius != b[1].radius)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] type = sliding_force is seed 003: two identical spheres "
                        "(body1 and body2 shape = sphere, same radius)",
                        c->file);
    if (!!v->given[P_T0] == !!v->given[P_T0_RATIO])
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] give exactly one of T0 [N] and T0_over_Tmu [-]", c->file);
    if (!(v->p[P_Y0] < b[0].radius)) {
        cwb_case_where(c, v, P_Y0, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] y0 = %g m out of range (allowed (0, R) = (0, %g) m)", w,
                        v->p[P_Y0], b[0].radius);
    }
    cwb_fsliding g;
    cwb_fsliding_spec engagement = {
        .R = b[0].radius, .m = 1.0, .mu = v->p[P_MU], .Q = v->p[P_Q], .T0 = 0.0, .y0 = v->p[P_Y0]};
    cwb_fsliding_init(&g, &engagement, msg, n);
    int iv = v->given[P_T0] ? P_T0 : P_T0_RATIO;
    if (!isfinite(g.Tmu)) {
        /* a_u + atan mu >= 90 deg: the contact self-locks, and no force
         * along the line moves the sphere (T_mu = Q tan(...) is infinite) */
        cwb_case_where(c, v, P_MU, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] mu = %g: the contact locks: the engagement angle a_u = "
                        "acos(y0/R) = %.4g deg plus atan mu = %.4g deg reaches 90 deg, so no T0 "
                        "moves the sphere (allowed: mu < tan(90 deg - a_u) = %.4g, or a larger "
                        "y0)",
                        w, v->p[P_MU], g.au * 180.0 / M_PI, atan(v->p[P_MU]) * 180.0 / M_PI,
                        tan(0.5 * M_PI - g.au));
    }
    double T0 = iv == P_T0 ? v->p[P_T0] : v->p[P_T0_RATIO] * g.Tmu;
    if (!(fabs(T0) > g.Tmu)) {
        cwb_case_where(c, v, iv, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] %s = %g: |T0| = %g N does not exceed the static friction "
                        "at engagement T_mu = Q tan(a_u + atan mu) = %g N, the sphere does not "
                        "move (allowed |T0| in (%g, inf) N, |T0_over_Tmu| in (1, inf))",
                        w, force_params[iv].name, v->p[iv], fabs(T0), g.Tmu, g.Tmu);
    }
    if ((!v->given[P_MASS] || v->p[P_MASS] == 0.0) && !(b[0].mass > 0.0 && isfinite(b[0].mass)))
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [driver] mass = auto needs body1's density",
                        c->file);
    return CWB_OK;
}

enum { Y_S, Y_V, Y_W, NY };

typedef struct {
    const cwb_fsliding *g;
    int an;
} model;

static double normal_force(const model *md, const double *y)
{
    double N = cwb_fsliding_nstat(md->g, y[Y_S]);
    return md->an ? N - md->g->m * y[Y_V] * y[Y_V] / (2.0 * md->g->R) : N;
}

static void rhs(const model *md, const double *y, double *dy)
{
    double fr = -md->g->mu * normal_force(md, y); /* T0 > 0 here: motion to the right */
    dy[Y_S] = y[Y_V];
    dy[Y_V] = (cwb_fsliding_drive(md->g, y[Y_S]) + fr) / md->g->m;
    dy[Y_W] = fr * y[Y_V];
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
} event_arg;

static double separation_value(double tau, void *arg)
{
    const event_arg *e = arg;
    double out[NY];
    rk4(e->md, e->y, tau, out);
    return -normal_force(e->md, out); /* negative while in contact */
}

typedef struct {
    double t, s, v, w_mu, residual;
} run_end;

static int put_row(cwb_series *out, const model *md, double t, const double *y, double sg)
{
    if (!out)
        return CWB_OK;
    const cwb_fsliding *g = md->g;
    double a = y[Y_S] / (2.0 * g->R), N = normal_force(md, y), Ns = cwb_fsliding_nstat(g, y[Y_S]);
    double vc =
        md->an ? cwb_fsliding_velocity_eq43(g, y[Y_S]) : cwb_fsliding_velocity_eq45(g, y[Y_S]);
    double row[13] = {t,
                      sg * y[Y_S],
                      sg * a,
                      sg * 2.0 * g->R * sin(a),
                      2.0 * g->R * cos(a),
                      sg * y[Y_V],
                      N,
                      Ns,
                      N - Ns,
                      sg * (cwb_fsliding_drive(g, y[Y_S]) - g->mu * N),
                      y[Y_W],
                      0.5 * g->m * y[Y_V] * y[Y_V],
                      sg * vc};
    return cwb_series_row(out, row);
}

/* Energy: E_kin = W_Q + W_T0 + W_mu with W_Q = 2RQ (cos a0 - cos a) and
 * W_T0 = 2R T0 (sin a - sin a0). */
static double energy_residual(const cwb_fsliding *g, const double *y)
{
    double a0 = -g->au, a = y[Y_S] / (2.0 * g->R);
    double wq = 2.0 * g->R * g->Q * (cos(a0) - cos(a));
    double wt = 2.0 * g->R * g->T0 * (sin(a) - sin(a0));
    return 0.5 * g->m * y[Y_V] * y[Y_V] - (wq + wt + y[Y_W]);
}

/* One run at a fixed step: its step and the rows it keeps. */
typedef struct {
    double h;         /* step [s] */
    double max_steps; /* give up after this many steps */
    size_t every;     /* keep a row every this many steps (and at separation) */
    double sg;        /* +1, or -1 to mirror the rows (T0 < 0) */
    cwb_series *out;  /* the rows, or NULL */
} run_plan;

static int run_fixed(const model *md, const run_plan *plan, run_end *end, char *msg, size_t n)
{
    double h = plan->h, max_steps = plan->max_steps, sg = plan->sg;
    size_t every = plan->every;
    cwb_series *out = plan->out;
    double y[NY] = {-md->g->su, 0.0, 0.0}, t = 0.0;
    int rc = put_row(out, md, t, y, sg);
    for (size_t k = 1; rc == CWB_OK; k++) {
        if ((double)k > max_steps)
            return cwb_fail(msg, n, CWB_EFAIL,
                            "sliding_force: no separation after %.0f steps "
                            "of %g s; raise max_steps or give a larger dt",
                            max_steps, h);
        double ynew[NY];
        rk4(md, y, h, ynew);
        if (ynew[Y_V] < 0.0)
            return cwb_fail(msg, n, CWB_EFAIL,
                            "sliding_force: the sphere stopped at s = %g m "
                            "(t = %g s) before separating",
                            sg * y[Y_S], t);
        if (normal_force(md, ynew) > 0.0) {
            memcpy(y, ynew, sizeof y);
            t += h;
            if (k % every == 0)
                rc = put_row(out, md, t, y, sg);
            continue;
        }
        event_arg e = {md, y};
        gsl_function F = {separation_value, &e};
        double tau = h;
        cwb_root_brent(&F, 0.0, h, 0.0, 1e-15, &tau, NULL, NULL);
        rk4(md, y, tau, ynew);
        memcpy(y, ynew, sizeof y);
        t += tau;
        rc = put_row(out, md, t, y, sg);
        break;
    }
    *end = (run_end){t, y[Y_S], y[Y_V], y[Y_W], energy_residual(md->g, y)};
    return rc;
}

/* The runs dt = auto compares (slots 0 and 1 in turn) and what a run needs. */
typedef struct {
    const model *md;
    run_plan plan;
    double max_steps;
    run_end end[2];
} refinement;

static int run_slot(void *ctx, double h, int slot, char *msg, size_t n)
{
    refinement *x = ctx;
    x->plan.h = h;
    return run_fixed(x->md, &x->plan, &x->end[slot], msg, n);
}

/* The largest change of the separation time, place and speed, relative to
 * the time, the half path and the speed. */
static double run_change(void *ctx, int fine, int coarse, int *comparable)
{
    const refinement *x = ctx;
    const run_end *e = &x->end[fine], *prev = &x->end[coarse];
    (void)comparable;
    return fmax(fabs(e->t - prev->t) / e->t, fmax(fabs(e->s - prev->s) / x->md->g->su,
                                                  fabs(e->v - prev->v) / fmax(e->v, 1e-300)));
}

/* The first run is refined once; a refinement that did not converge ends
 * the search when its step took more than max_steps to separation. */
static int refinement_affordable(void *ctx, const cwb_dt_auto *a)
{
    const refinement *x = ctx;
    return a->halvings == 0 || !(x->end[a->slot].t / a->h > x->max_steps);
}

/* dt = auto (cwb_dt_refine): halve from the time to cross the path at the
 * starting net force / 64 until the separation changes by less than dt_tol;
 * or the one run at the given dt. */
static int run_converged(const model *md, const double *p, run_end *end, double *h_out, char *msg,
                         size_t n)
{
    const cwb_fsliding *g = md->g;
    double f0 = cwb_fsliding_drive(g, -g->su) - g->mu * cwb_fsliding_nstat(g, -g->su);
    double t_scale = sqrt(2.0 * g->m * g->su / f0);
    refinement x = {.md = md,
                    .plan = {.max_steps = p[P_MAX_STEPS], .every = 1, .sg = 1.0, .out = NULL},
                    .max_steps = p[P_MAX_STEPS]};
    if (p[P_DT] > 0.0) {
        int rc = run_slot(&x, p[P_DT], 0, msg, n);
        *end = x.end[0];
        *h_out = p[P_DT];
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
                        "sliding_force: dt = auto did not converge "
                        "(change %.3g at dt = %g s); give dt or loosen dt_tol",
                        a.change, a.h);
    *end = x.end[a.slot];
    *h_out = a.h;
    return CWB_OK;
}

static void report_closed_forms(const cwb_fsliding *g, int an, const run_end *e, double sg,
                                cwb_result *r)
{
    double sc44 = cwb_fsliding_separation_eq44(g), sc0 = cwb_fsliding_separation_an0(g);
    double sc = an ? sc44 : sc0;
    cwb_result_set(r, "s_c_eq44", "m", sg * sc44);
    cwb_result_set(r, "s_c_an0", "m", sg * sc0);
    cwb_result_set(r, "v_c_eq40", "m/s",
                   sg * sqrt(fmax(0.0, 2.0 * cwb_fsliding_nstat(g, sc44) * g->R / g->m)));
    double vcl = an ? cwb_fsliding_velocity_eq43(g, e->s) : cwb_fsliding_velocity_eq45(g, e->s);
    cwb_result_set(r, an ? "v_c_eq43" : "v_c_eq45", "m/s", sg * vcl);
    cwb_result_set(r, "v_c_deviation", "-", (e->v - vcl) / e->v);
    cwb_result_set(r, "s_c_deviation", "m", sg * (e->s - sc));
    /* eq. 47: the a_n = 0 speed integrated up to eq. 44's separation (the paper's Fig. 15) */
    double t47 = cwb_fsliding_time_eq47(g, sc44);
    cwb_result_set(r, "t_c_eq47", "s", t47);
    cwb_result_set(r, "t_c_qags", "s", cwb_fsliding_time_qags(g, sc, an));
    if (an)
        cwb_result_set(r, "t_c_eq47_deviation", "-", (t47 - e->t) / e->t);
    else
        cwb_result_set(r, "t_c_an0_eq47", "s", cwb_fsliding_time_eq47(g, sc0));
}

static int force_run(const cwb_case *c, cwb_result *r, char *msg, size_t n)
{
    const double *p = c->driver_values.p;
    const cwb_pair *pr = &c->pair;
    double R = pr->body[0].radius, m = p[P_MASS] > 0.0 ? p[P_MASS] : pr->body[0].mass;
    cwb_fsliding g;
    cwb_fsliding_spec spec = {.R = R, .m = m, .mu = p[P_MU], .Q = p[P_Q], .T0 = 0.0, .y0 = p[P_Y0]};
    int rc = cwb_fsliding_init(&g, &spec, msg, n);
    if (rc)
        return rc;
    double T0 = c->driver_values.given[P_T0] ? p[P_T0] : p[P_T0_RATIO] * g.Tmu;
    double sg = T0 > 0.0 ? 1.0 : -1.0;
    g.T0 = fabs(T0); /* worked rightward, mirrored on output */
    model md = {&g, p[P_AN] == 1.0};
    run_end end;
    double h = 0.0;
    if ((rc = run_converged(&md, p, &end, &h, msg, n)))
        return rc;
    h = fmin(h, end.t / p[P_ROWS]);
    size_t every = (size_t)fmax(1.0, floor(end.t / h / p[P_ROWS]));
    static const char *const cols[][2] = {
        {"t", "s"},          {"s", "m"},     {"alpha", "rad"},   {"x", "m"},     {"y", "m"},
        {"v", "m/s"},        {"N", "N"},     {"N_stat", "N"},    {"Phi_n", "N"}, {"T", "N"},
        {"W_friction", "J"}, {"E_kin", "J"}, {"v_closed", "m/s"}};
    for (size_t i = 0; i < sizeof cols / sizeof *cols; i++)
        cwb_series_column(&r->series, cols[i][0], cols[i][1]);
    run_plan kept = {
        .h = h, .max_steps = p[P_MAX_STEPS] * 1e3, .every = every, .sg = sg, .out = &r->series};
    if ((rc = run_fixed(&md, &kept, &end, msg, n)))
        return rc;
    cwb_result_set(r, "T0", "N", T0);
    cwb_result_set(r, "T_mu", "N", g.Tmu);
    cwb_result_set(r, "mass", "kg", m);
    cwb_result_set(r, "s_u", "m", g.su);
    cwb_result_set(r, "contact_time", "s", end.t);
    cwb_result_set(r, "s_c", "m", sg * end.s);
    cwb_result_set(r, "v_c", "m/s", sg * end.v);
    cwb_result_set(r, "work_friction", "J", end.w_mu);
    cwb_result_set(r, "energy_residual", "J", end.residual);
    cwb_result_set(r, "dt", "s", h);
    report_closed_forms(&g, md.an, &end, sg, r);
    return CWB_OK;
}

const cwb_driver_type cwb_driver_sliding_force = {
    .name = "sliding_force",
    .summary = "seed 003 sec. 3: rigid sphere pushed over a fixed one by constant Q and T0, "
               "centrifugal term on/off; separation where N = 0, eqs. 43, 44, 47",
    .params = force_params,
    .check = force_check,
    .run = force_run,
    .plot_x = "t",
    .plot_y = "v",
    .own_model = "sliding_force driver (rigid spheres, Coulomb, RK4)",
    .dims = CWB_DIM_3D,
    .ignores = 1u << CWB_KIND_TANGENTIAL | 1u << CWB_KIND_DAMPING | 1u << CWB_KIND_ROLLING,
};
