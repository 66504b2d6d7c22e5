/* history.c -- prescribed normal and tangential histories.
 *
 * The contact starts undeformed and unloaded and moves through the listed
 * targets in order: segment i runs from target i-1 (from zero for i = 0) to
 * target i in `steps` equal increments, normal and tangential together.
 * Each direction is under displacement control (the target is delta_n or
 * xi_t) or force control (the target is F_n or F_t). The normal direction is
 * solved first because tangential laws depend on the normal response.
 *
 * Force control inverts the law on TRIAL evaluations from the committed
 * history (the law contract), with a bracket grown from the committed
 * displacement and a GSL Brent solve inside it, so loading, unloading and
 * reloading branches are honoured: the inverse is that of the branch the
 * contact is on. Only the converged step is committed.
 *
 * Tension and pull-off. Force targets are >= 0 N, or negative
 * for an adhesive normal law (one that reports a pull-off force at first
 * touch: jkr, dmt, thornton_ning) once the contact has formed (first target
 * >= 0). Under force control the contact carries tension down to the force
 * minimum of its branch, found on trial evaluations as the overlap where
 * dF_n/d(delta) changes sign (JKR: F = -(3/2) pi w R* at delta_f = -a_f^2/
 * (3 R*), a_f^3 = 9 pi w R*^2/(8 E*); DMT: -2 pi w R* at delta = 0;
 * Thornton-Ning: -(3/2) pi w R_p on the unloading curve), not at the end of
 * the branch under displacement control (JKR's delta_c). A target beyond it
 * pulls the contact off: the step is committed at the minimum, that row is
 * the run's last (no quasi-static state follows: the bodies separate), and
 * the results pull_off_force, pull_off_overlap, pull_off_contact_radius,
 * pull_off_segment and pull_off_step report it (pull_off = 0 or 1 for every
 * force-controlled run of an adhesive law).
 *
 * The tangential direction is x; `tangential_y` adds a displacement history
 * along y (displacement control only) for paths that turn in the plane.
 *
 * Rotations: `rolling` (about y) and `twisting` (about the normal
 * z) are targets for the rotation of body 1 relative to body 2 (body 2 does
 * not turn), as angles or, with rotation_control = moment, as the rolling
 * law's torques (spring + dashpot, the "spring" sign of cwb_law.h), solved
 * on trial evaluations like F_t (rolling first; a direction without
 * targets is held at zero angle). The rolling law sees the increment as
 * cwb_kin.dtheta and, with segment_time > 0, the rate as omega1 = omega_rel.
 * Its springs' work (the law's) and losses enter the energy account; the
 * dashpot's loss of a step is its end torque times the increment, and
 * Simpson's rule on the spring torque checks the law's work.
 *
 * Energy: each law reports the work done on it along its own path for the
 * step, and how much of it it dissipated; the account
 *   energy_balance_error = (sum work - stored - sum dissipated) / max work
 * closes to round-off when a law's work, energy and dissipation formulas are
 * consistent (tests/test_history.c runs it on every law). Independently,
 * the driver integrates the force curve with Simpson's rule on a third,
 * mid-step trial evaluation (pure, so free of side effects),
 *   W += (Delta u / 6) (F_0 + 4 F_mid + F_1),
 * and reports work_quadrature_error = (Simpson - law work) / max work, which
 * checks the laws' work against their force curves.
 * The tangential dissipation is split as the law reports it: D_slip (the
 * cumulative slip dissipation, never decreasing) and E_stiff (cumulative,
 * signed: energy lost (+) or created (-) when the normal state changes the
 * tangential stiffness, rescales the force or lowers the Coulomb cap), with
 * W_t = Delta E_t + D_slip + E_stiff; summary energy_from_stiffness_change.
 * Steps on which the normal law gives back more than it took are flagged by
 * the law (CWB_FLAG_ENERGY_GAIN; column energy_gain = 1): energy_gain_steps
 * counts them,
 * energy_returned_by_law sums the energy (a warning when nonzero).
 *
 * Equivalent linear stiffnesses (seed 000 sec. 4.3: the linear spring that
 * stands in for the 2D law): k_n_equivalent and k_t_equivalent are the
 * least-squares slopes through the origin of F_n against delta_n and F_t
 * against xi_t over every row of the run (GSL gsl_fit_mul), with their
 * standard errors. sliding_steps counts the steps the tangential law spent
 * at its Coulomb limit; first_sliding_xi_t is where that began.
 */
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_roots.h>

#include "cwb_contact.h"
#include "cwb_numeric.h"
#include "cwb_run.h"

enum {
    P_NORMAL,
    P_NCONTROL,
    P_TANGENTIAL,
    P_TCONTROL,
    P_TANGENTIAL_Y,
    P_STEPS,
    P_SEGMENT_TIME,
    P_ROLLING,
    P_TWISTING,
    P_RCONTROL,
    P_MAX_ROWS
};

static const char *const control_words[] = {"displacement", "force", NULL};
static const char *const rotation_words[] = {"angle", "moment", NULL};

static const cwb_param history_params[] = {
    {.name = "normal",
     .example = "2e-6, 0",
     .unit = "m or N",
     .min = -INFINITY,
     .max = INFINITY,
     .kind = CWB_PARAM_LIST,
     .flags = CWB_P_REQUIRED,
     .help = "normal targets: overlap delta_n [m] or force F_n [N] (normal_control)"},
    {.name = "normal_control",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = control_words,
     .help = "what the normal targets are"},
    {.name = "tangential",
     .unit = "m or N",
     .min = -INFINITY,
     .max = INFINITY,
     .kind = CWB_PARAM_LIST,
     .help = "tangential targets along x: xi_t [m] or F_t [N] (default all 0)"},
    {.name = "tangential_control",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = control_words,
     .help = "what the tangential targets are"},
    {.name = "tangential_y",
     .unit = "m",
     .min = -INFINITY,
     .max = INFINITY,
     .kind = CWB_PARAM_LIST,
     .help = "tangential displacement targets along y (displacement control)",
     .read_when = "tangential_control=displacement"},
    {.name = "steps",
     .unit = "-",
     .flags = CWB_P_INTEGER,
     .def = 100,
     .min = 1,
     .max = 1e7,
     .help = "increments per segment"},
    {.name = "segment_time",
     .unit = "s",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .help = "duration of each segment, for rate-dependent laws; 0 = quasi-static"},
    {.name = "rolling",
     .unit = "rad or N m",
     .min = -1e3,
     .max = 1e3,
     .kind = CWB_PARAM_LIST,
     .help = "rolling targets about y: angle theta_r of body 1 relative to body 2 [rad] or "
             "rolling torque M_r [N m] (rotation_control)"},
    {.name = "twisting",
     .unit = "rad or N m",
     .min = -1e3,
     .max = 1e3,
     .kind = CWB_PARAM_LIST,
     .help = "twisting targets about the normal z: angle theta_tw [rad] or torque M_tw [N m]"},
    {.name = "rotation_control",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = rotation_words,
     .help = "what the rolling and twisting targets are"},
    {.name = "max_rows",
     .unit = "-",
     .flags = CWB_P_INTEGER,
     .def = 1e7,
     .min = 1,
     .max = 1e9,
     .help = "the most rows the history may write, steps x segments + 1: a row holds about "
             "220 bytes in memory and 280 in the CSV (1e7: 2.2 GB and 2.8 GB); a history that "
             "needs more is refused before it runs"},
    {0}};

/* A normal law is adhesive when it reports a pull-off force at first touch
 * (delta = 0 from its virgin state): jkr, dmt, thornton_ning. */
static int law_is_adhesive(const cwb_case *c)
{
    cwb_contact ct;
    cwb_kin k = {.delta = 0.0, .delta0 = 0.0, .normal = {0, 0, 1}};
    cwb_normal_out o;
    return cwb_contact_init(&ct, c) == CWB_OK && cwb_contact_normal(&ct, NULL, &k, &o) == CWB_OK &&
           o.pulloff_force > 0.0;
}

/* Force-controlled tensile targets: only an adhesive law carries tension,
 * and only once the contact has formed (the first target >= 0 N). */
static int check_tension(const cwb_case *c, char *msg, size_t n)
{
    const cwb_values *v = &c->driver_values;
    const double *t = v->list[P_NORMAL].v;
    char w[CWB_TEXT + 32];
    size_t i = 0;
    while (i < v->list[P_NORMAL].n && !(t[i] < 0.0))
        i++;
    if (i == v->list[P_NORMAL].n)
        return CWB_OK;
    cwb_case_where(c, v, P_NORMAL, w, sizeof w);
    if (!law_is_adhesive(c))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] normal target %zu = %g N is negative: normal law '%s' "
                        "carries no tension, so its force-controlled targets are >= 0 N "
                        "(tension needs an adhesive law: jkr, dmt, thornton_ning)",
                        w, i + 1, t[i], c->law[CWB_KIND_NORMAL]->name);
    if (i == 0)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] normal target 1 = %g N is negative: the contact forms "
                        "before it is pulled, so the first force target is >= 0 N",
                        w, t[0]);
    return CWB_OK;
}

/* At segment_time = 0 the path has no rate: a law key that acts only
 * through it (CWB_P_RATE, epsd's rolling damping) would be read and do
 * nothing, so it is refused where it is given a value other than 0 (0,
 * "no damping", says what the run does). */
static int check_rate_keys(const cwb_case *c, char *msg, size_t n)
{
    if (c->driver_values.p[P_SEGMENT_TIME] > 0.0)
        return CWB_OK;
    for (int kind = 0; kind < CWB_KIND_COUNT; kind++) {
        const cwb_values *lv = &c->law_values[kind];
        for (int i = 0; lv->table && lv->table[i].name; i++) {
            if (!lv->given[i] || !(lv->table[i].flags & CWB_P_RATE) || lv->p[i] == 0.0)
                continue;
            char why[160];
            snprintf(why, sizeof why,
                     " acts through the motion's rate, which the history driver gives only with "
                     "segment_time > 0 (0 here: quasi-static): give [driver] segment_time, or "
                     "remove %s",
                     lv->table[i].name);
            return cwb_case_refuse_law_key(c, kind, i, why, msg, n);
        }
    }
    return CWB_OK;
}

static int history_check(const cwb_case *c, char *msg, size_t n)
{
    const cwb_values *v = &c->driver_values;
    size_t k = v->list[P_NORMAL].n;
    char w[CWB_TEXT + 32];
    for (int i = P_TANGENTIAL; i <= P_TANGENTIAL_Y; i += 2) {
        if (v->list[i].n && v->list[i].n != k) {
            cwb_case_where(c, v, i, w, sizeof w);
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s: [driver] %s has %zu targets but normal has %zu: "
                            "each segment needs both",
                            w, v->table[i].name, v->list[i].n, k);
        }
    }
    for (int i = P_ROLLING; i <= P_TWISTING; i++) {
        if (v->list[i].n && v->list[i].n != k) {
            cwb_case_where(c, v, i, w, sizeof w);
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s: [driver] %s has %zu targets but normal has %zu: "
                            "each segment needs both",
                            w, v->table[i].name, v->list[i].n, k);
        }
    }
    int rc = check_rate_keys(c, msg, n);
    if (rc)
        return rc;
    if (c->law[CWB_KIND_ROLLING]->flags & CWB_LAW_SPIN_TORQUES)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [contact] rolling = %s acts on the bodies' spins, with no spring "
                        "or rotation history: the history driver, which prescribes the "
                        "rotation, cannot apply it; use the roll or collision driver, or a "
                        "rolling law with a spring (epsd, linear_elastic)",
                        c->file, c->law[CWB_KIND_ROLLING]->name);
    if ((int)v->p[P_RCONTROL] == 1 && !v->list[P_ROLLING].n && !v->list[P_TWISTING].n) {
        cwb_case_where(c, v, P_RCONTROL, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] rotation_control = moment needs rolling or twisting "
                        "targets",
                        w);
    }
    if ((int)v->p[P_NCONTROL] == 1 && (rc = check_tension(c, msg, n)) != CWB_OK)
        return rc;
    double rows = v->p[P_STEPS] * (double)k + 1.0;
    if (rows > v->p[P_MAX_ROWS]) {
        cwb_case_where(c, v, P_STEPS, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] steps = %.0f in each of %zu segments is %.4g rows (about "
                        "%.2g GB in memory and %.2g GB of CSV), over max_rows = %.4g: lower "
                        "steps or the segments, or raise max_rows (allowed up to 1e9)",
                        w, v->p[P_STEPS], k, rows, 220e-9 * rows, 280e-9 * rows, v->p[P_MAX_ROWS]);
    }
    if ((int)v->p[P_TCONTROL] == 1 && !v->list[P_TANGENTIAL].n) {
        cwb_case_where(c, v, P_TCONTROL, w, sizeof w);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] tangential_control = force needs tangential "
                        "targets",
                        w);
    }
    return CWB_OK;
}

typedef struct {
    cwb_contact ct;
    double delta_c;     /* committed overlap */
    cwb_vec3 xi_c;      /* committed tangential displacement */
    cwb_vec3 theta_c;   /* committed rotation of body 1 relative to body 2:
                           y rolling, z twisting [rad] */
    double dt;          /* step duration (0: quasi-static) */
    int nforce, tforce; /* normal, tangential targets are forces */
    int rforce;         /* rolling and twisting targets are moments */
    int has_rot[2];     /* rolling, twisting targets were given */
    size_t steps;       /* increments per segment */
    cwb_series *series; /* the rows */
    int adhesive;       /* the normal law carries tension (law_is_adhesive) */
    int pulled_off;     /* a tensile target beyond the force minimum ended
                           the run there (solve_tension) */
    size_t pull_seg, pull_step;
} history;

/* Body 2 does not turn: body 1 carries the whole relative rotation, dth
 * since the committed state, at the angular velocity omega. */
static void make_kin_rot(const history *h, double delta, cwb_vec3 dxi, cwb_vec3 dth, cwb_vec3 omega,
                         cwb_kin *k)
{
    memset(k, 0, sizeof *k);
    k->dtheta = dth;
    k->omega1 = omega;
    k->omega_rel = omega;
    k->delta = delta;
    k->delta0 = h->delta_c;
    k->h = h->dt;
    k->normal = cwb_v3(0, 0, 1);
    k->dxi_t = dxi;
    k->dt = h->dt;
    if (h->dt > 0.0) {
        k->delta_rate = (delta - h->delta_c) / h->dt;
        k->v_t = cwb_v3_scale(dxi, 1.0 / h->dt);
    }
}

static void make_kin(const history *h, double delta, cwb_vec3 dxi, cwb_kin *k)
{
    make_kin_rot(h, delta, dxi, cwb_v3(0, 0, 0), cwb_v3(0, 0, 0), k);
}

/* Normal force of a trial evaluation at overlap delta. */
typedef struct {
    const history *h;
    double target;
    int rc;
} nsolve;

static double normal_residual(double delta, void *param)
{
    nsolve *s = param;
    cwb_kin k;
    make_kin(s->h, delta, cwb_v3(0, 0, 0), &k);
    cwb_normal_out o;
    int rc = cwb_contact_normal(&s->h->ct, NULL, &k, &o);
    if (rc)
        s->rc = rc;
    return o.force - s->target;
}

/* Brent inside [lo, hi] where f changes sign (an end that is already a
 * root is returned as it is) into *x: CWB_OK, or CWB_EFAIL when it did not
 * converge (*x is then not to be used). */
static int brent(gsl_function *F, double lo, double hi, double abs_tol, double *x)
{
    if (F->function(lo, F->params) == 0.0) {
        *x = lo;
        return CWB_OK;
    }
    if (F->function(hi, F->params) == 0.0) {
        *x = hi;
        return CWB_OK;
    }
    return cwb_root_brent(F, lo, hi, abs_tol, 1e-14, x, NULL, NULL);
}

/* Largest delta with F_n = 0 below x0, where F_n(x0) > 0: bisect the
 * predicate F_n > 0 (the permanent deformation of an elastic-plastic
 * contact, 0 for elastic ones). */
static int solve_unloaded(nsolve *s, double x0, double step, double *delta, char *msg, size_t n)
{
    double scale = s->h->ct.pair->R_star, tol = 1e-15 * scale;
    double hi = x0, lo = x0 - step;
    while (normal_residual(lo, s) > 0.0) {
        step *= 2.0;
        lo = x0 - step;
        if (step > 4.0 * scale)
            return cwb_fail(msg, n, CWB_EFAIL, "history: cannot find where F_n returns to zero");
    }
    for (int it = 0; it < 200 && hi - lo > tol; it++) {
        double mid = 0.5 * (lo + hi);
        if (normal_residual(mid, s) > 0.0)
            hi = mid;
        else
            lo = mid;
    }
    *delta = lo;
    return s->rc ? cwb_fail(msg, n, s->rc, "history: %s", cwb_contact_failure()) : CWB_OK;
}

/* The trial at delta is in contact and its force rises with the overlap. */
static int rising_at(nsolve *s, double delta)
{
    cwb_kin k;
    make_kin(s->h, delta, cwb_v3(0, 0, 0), &k);
    cwb_normal_out o;
    int rc = cwb_contact_normal(&s->h->ct, NULL, &k, &o);
    if (rc)
        s->rc = rc;
    return o.branch != CWB_BRANCH_NONE && o.stiffness > 0.0;
}

/* Overlap of the force minimum of the committed branch below x0: where the
 * trial force stops rising, between off (where the contact ends: delta_off)
 * and x0, by bisection on the sign of dF_n/d(delta) to adjacent doubles
 * (a simple root of the stiffness at a smooth minimum, JKR's a_f; the end
 * of the contact where the force still rises there, DMT's delta = 0). */
static double force_minimum(nsolve *s, double off, double x0)
{
    if (!rising_at(s, x0))
        return x0;
    double lo = off, hi = x0;
    if (rising_at(s, lo))
        return lo;
    for (int it = 0; it < 2000; it++) {
        double mid = 0.5 * (lo + hi);
        if (!(mid > lo && mid < hi))
            break;
        if (rising_at(s, mid))
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* A tensile target below the committed force (adhesive laws only,
 * check_tension): the force falls along the committed branch to its minimum
 * F_m at delta_m, below which the branch does not carry more tension (JKR:
 * F_m = -(3/2) pi w R* at delta_f = -a_f^2/(3 R*), not at delta_c, the end
 * under displacement control). A target in [F_m, F(x0)) is solved by Brent
 * in [delta_m, x0], where F_n rises; a target below F_m pulls the contact
 * off: *delta = delta_m, *pulled = 1 (the contact separates there). */
static int solve_tension(nsolve *s, double x0, double *delta, int *pulled, char *msg, size_t n)
{
    cwb_kin k;
    make_kin(s->h, x0, cwb_v3(0, 0, 0), &k);
    cwb_normal_out o;
    if ((s->rc = cwb_contact_normal(&s->h->ct, NULL, &k, &o)))
        return cwb_fail(msg, n, s->rc, "history: %s", cwb_contact_failure());
    double dm = force_minimum(s, fmin(o.delta_off, x0), x0);
    double fm = normal_residual(dm, s);
    if (s->rc)
        return cwb_fail(msg, n, s->rc, "history: %s", cwb_contact_failure());
    if (fm > 0.0) {
        *delta = dm;
        *pulled = 1;
        return CWB_OK;
    }
    gsl_function F = {normal_residual, s};
    if (brent(&F, dm, x0, 1e-15 * s->h->ct.pair->R_star, delta) != CWB_OK || s->rc)
        return cwb_fail(msg, n, s->rc ? s->rc : CWB_EFAIL,
                        "history: the normal force solve for F_n = %g did not converge "
                        "between delta = %g and %g m",
                        s->target, dm, x0);
    return CWB_OK;
}

/* Solve F_n(delta) = target from the committed state. The bracket grows
 * geometrically from the committed overlap towards the target. A zero
 * target from above resolves to the largest overlap that still carries no
 * force (solve_unloaded); a tensile one from above follows the branch to its
 * force minimum (solve_tension, which sets *pulled past it).
 * Returns CWB_OK and *delta, or CWB_EFAIL. */
static int solve_normal(const history *h, double target, double *delta, int *pulled, char *msg,
                        size_t n)
{
    nsolve s = {h, target, CWB_OK};
    gsl_function F = {normal_residual, &s};
    double scale = h->ct.pair->R_star;
    double tol = 1e-15 * scale;
    double x0 = h->delta_c;
    double f0 = normal_residual(x0, &s);
    *pulled = 0;
    if (s.rc)
        return cwb_fail(msg, n, s.rc, "history: %s", cwb_contact_failure());
    double step = fmax(fabs(x0) * 1e-3, scale * 1e-9);
    double lo, hi;
    if (f0 == 0.0) {
        *delta = x0;
        return CWB_OK;
    }
    if (target < 0.0 && f0 > 0.0)
        return solve_tension(&s, x0, delta, pulled, msg, n);
    if (target <= 0.0 && f0 > 0.0)
        return solve_unloaded(&s, x0, step, delta, msg, n);
    if (f0 < 0.0) {
        lo = x0;
        hi = x0 + step;
        while (normal_residual(hi, &s) < 0.0) {
            lo = hi;
            step *= 2.0;
            hi = x0 + step;
            if (step > 4.0 * scale)
                return cwb_fail(msg, n, CWB_EFAIL,
                                "history: F_n = %g N is out of reach of the normal "
                                "law within an overlap of 4 R*",
                                target);
        }
    } else {
        hi = x0;
        lo = x0 - step;
        while (normal_residual(lo, &s) > 0.0) {
            hi = lo;
            step *= 2.0;
            lo = x0 - step;
            if (step > 4.0 * scale)
                return cwb_fail(msg, n, CWB_EFAIL, "history: cannot unload to F_n = %g N", target);
        }
    }
    if (brent(&F, lo, hi, tol, delta) != CWB_OK || s.rc)
        return cwb_fail(msg, n, s.rc ? s.rc : CWB_EFAIL,
                        "history: the normal force solve for F_n = %g did not converge "
                        "between delta = %g and %g m",
                        target, lo, hi);
    return CWB_OK;
}

/* Tangential force (x) of a trial evaluation with increment (dx, dy). */
typedef struct {
    const history *h;
    double delta;
    double dy;
    double target;
    int rc;
} tsolve;

static double tangential_residual(double dx, void *param)
{
    tsolve *s = param;
    cwb_kin k;
    make_kin(s->h, s->delta, cwb_v3(dx, s->dy, 0), &k);
    cwb_contact_out o;
    cwb_contact_trial trial;
    int rc = cwb_contact_eval(&s->h->ct, &k, &o, &trial);
    if (rc)
        s->rc = rc;
    return o.t.force.x - s->target;
}

static int solve_tangential(const history *h, double delta, double dy, double target, double *dx,
                            char *msg, size_t n)
{
    tsolve s = {h, delta, dy, target, CWB_OK};
    gsl_function F = {tangential_residual, &s};
    double scale = h->ct.pair->R_star;
    double f0 = tangential_residual(0.0, &s);
    if (s.rc)
        return cwb_fail(msg, n, s.rc, "history: %s", cwb_contact_failure());
    if (f0 == 0.0) {
        *dx = 0.0;
        return CWB_OK;
    }
    double dir = f0 < 0.0 ? 1.0 : -1.0;
    double step = scale * 1e-9, lo = 0.0, hi = dir * step;
    while ((tangential_residual(hi, &s) < 0.0) == (f0 < 0.0)) {
        lo = hi;
        step *= 2.0;
        hi = dir * step;
        if (step > scale)
            return cwb_fail(msg, n, CWB_EFAIL,
                            "history: tangential force %g N cannot be reached: the "
                            "contact slides before it (Coulomb limit); the "
                            "displacement is undefined under force control",
                            target);
    }
    if (lo > hi) {
        double t = lo;
        lo = hi;
        hi = t;
    }
    /* Brent needs f(lo) <= 0 <= f(hi) or the reverse; either sign works. */
    if (brent(&F, lo, hi, 1e-16 * scale, dx) != CWB_OK || s.rc)
        return cwb_fail(msg, n, s.rc ? s.rc : CWB_EFAIL,
                        "history: the tangential force solve for F_t = %g did not "
                        "converge between xi increments %g and %g m",
                        target, lo, hi);
    return CWB_OK;
}

static void history_columns(const cwb_case *c, cwb_series *s)
{
    const char *fu = c->pair.dim == 2 ? "N/m" : "N";
    const char *eu = c->pair.dim == 2 ? "J/m" : "J";
    const char *ku = c->pair.dim == 2 ? "N/m^2" : "N/m";
    const char *const cols[][2] = {
        {"step", "-"},      {"segment", "-"}, {"delta_n", "m"},    {"F_n", fu},
        {"xi_t", "m"},      {"F_t", fu},      {"xi_ty", "m"},      {"F_ty", fu},
        {"k_n", ku},        {"k_t", ku},      {"a", "m"},          {"E_n", eu},
        {"E_t", eu},        {"W_n", eu},      {"W_t", eu},         {"D_slip", eu},
        {"branch", "-"},    {"sliding", "-"}, {"E_stiff", eu},     {"energy_gain", "-"},
        {"theta_r", "rad"}, {"M_r", "N m"},   {"theta_tw", "rad"}, {"M_tw", "N m"},
        {"E_r", eu},        {"D_roll", eu},   {"D_twist", eu},     {"D_visc", eu}};
    for (size_t i = 0; i < sizeof cols / sizeof *cols; i++)
        cwb_series_column(s, cols[i][0], cols[i][1]);
}

/* What the run accumulates over its steps. */
typedef struct {
    double w_n, w_t;     /* work by Simpson's rule on the force curves */
    double lw_n, lw_t;   /* work the laws report */
    double slip, diss_n; /* dissipated by slip and by the normal law */
    double stiff_t;      /* tangential energy lost (+) or created (-) by
                                 changes of the normal state (cwb_law.h) */
    double gained_n;     /* energy the normal law gave back beyond what
                                 it took, on CWB_FLAG_ENERGY_GAIN steps */
    size_t gains;        /* steps flagged CWB_FLAG_ENERGY_GAIN */
    double w_scale;      /* largest work put in so far */
    double force_max, dmax;
    unsigned flags, tflags; /* CWB_FLAG_* of the normal and tangential laws */
    size_t slid;            /* steps at the Coulomb limit */
    double xi_slide;        /* xi_t where sliding began */
    size_t jumps;           /* steps where the normal law's force jumped */
    size_t row_i;
    double w_r;        /* work on the rolling springs, Simpson's rule */
    double lw_r;       /* the same as the rolling law reports it */
    double slip_r;     /* dissipated by the rolling slider */
    double slip_tw;    /* dissipated by the twisting slider */
    double stiff_r;    /* rolling springs' energy lost or created by
                           changes of the normal state (signed) */
    double visc_r;     /* dissipated by the rolling dashpot */
    size_t slid_r;     /* steps with the rolling torque at its limit */
    size_t slid_tw;    /* steps with the twisting torque at its limit */
    cwb_contact_out o; /* the last committed evaluation */
} history_account;

/* The rolling law's part of a step of rotation dth: Simpson's rule on the
 * spring torque (o0, om, o1 at its start, middle and end), the law's own
 * work and losses, and the dashpot's loss, the end torque times dth
 * (exact at a constant rate and k_r, which the step has unless f switches
 * the dashpot or k_n changes). */
static void rolling_account(history_account *acc, const cwb_rolling_out *o0,
                            const cwb_rolling_out *om, const cwb_rolling_out *o1, cwb_vec3 dth)
{
    cwb_vec3 msum = cwb_v3_add(cwb_v3_add(o0->spring, cwb_v3_scale(om->spring, 4.0)), o1->spring);
    acc->w_r += cwb_v3_dot(dth, msum) / 6.0;
    acc->lw_r += o1->work;
    acc->slip_r += o1->slip;
    acc->slip_tw += o1->slip_twist;
    acc->stiff_r += o1->stiffness_energy;
    acc->visc_r += cwb_v3_dot(o1->viscous, dth);
    acc->slid_r += o1->sliding != 0;
    acc->slid_tw += o1->sliding_twist != 0;
}

/* Evaluate the step to (delta, dxi, dth) and its midpoint, add Simpson's
 * work and the laws' account, and commit. */
static int history_step(history *h, double delta, cwb_vec3 dxi, cwb_vec3 dth, history_account *acc)
{
    cwb_contact_out om, o1;
    cwb_contact_trial trial, scratch;
    cwb_kin k;
    int rc;
    cwb_vec3 omega = h->dt > 0.0 ? cwb_v3_scale(dth, 1.0 / h->dt) : cwb_v3(0, 0, 0);
    make_kin_rot(h, 0.5 * (h->delta_c + delta), cwb_v3_scale(dxi, 0.5), cwb_v3_scale(dth, 0.5),
                 omega, &k);
    if ((rc = cwb_contact_eval(&h->ct, &k, &om, &scratch)))
        return rc;
    make_kin_rot(h, delta, dxi, dth, omega, &k);
    if ((rc = cwb_contact_eval(&h->ct, &k, &o1, &trial)))
        return rc;
    rolling_account(acc, &acc->o.r, &om.r, &o1.r, dth);
    const cwb_contact_out *o = &acc->o;
    double dd = delta - h->delta_c;
    acc->w_n += dd / 6.0 * (o->n.force + 4.0 * om.n.force + o1.n.force);
    cwb_vec3 fsum = cwb_v3_add(cwb_v3_add(o->t.force, cwb_v3_scale(om.t.force, 4.0)), o1.t.force);
    acc->w_t += cwb_v3_dot(dxi, fsum) / 6.0;
    acc->slip += o1.t.slip;
    acc->stiff_t += o1.t.stiffness_energy;
    acc->diss_n += o1.n.dissipated;
    if (o1.n.flags & CWB_FLAG_ENERGY_GAIN) {
        acc->gains++;
        acc->gained_n -= o1.n.dissipated;
    }
    acc->lw_n += o1.n.work;
    acc->lw_t += o1.t.work;
    acc->w_scale = fmax(acc->w_scale, fmax(fabs(acc->w_n) + fabs(acc->w_t) + fabs(acc->w_r),
                                           fabs(acc->lw_n) + fabs(acc->lw_t) + fabs(acc->lw_r)));
    cwb_contact_commit(&h->ct, &trial);
    acc->o = o1;
    h->delta_c = delta;
    h->xi_c = cwb_v3_add(h->xi_c, dxi);
    h->theta_c = cwb_v3_add(h->theta_c, dth);
    acc->flags |= o1.n.flags;
    acc->tflags |= o1.t.flags;
    if (o1.t.sliding && acc->slid++ == 0)
        acc->xi_slide = h->xi_c.x;
    acc->jumps += (o1.n.flags & CWB_FLAG_DISCONTINUITY) != 0;
    if (o1.n.force > acc->force_max)
        acc->force_max = o1.n.force;
    if (delta > acc->dmax)
        acc->dmax = delta;
    return CWB_OK;
}

static int history_row(const history *h, const history_account *acc, size_t seg, cwb_series *s)
{
    const cwb_contact_out *o = &acc->o;
    double row[] = {(double)acc->row_i,  (double)(seg + 1),
                    h->delta_c,          o->n.force,
                    h->xi_c.x,           o->t.force.x,
                    h->xi_c.y,           o->t.force.y,
                    o->n.stiffness,      o->t.stiffness,
                    o->n.radius,         o->n.energy,
                    o->t.energy,         acc->lw_n,
                    acc->lw_t,           acc->slip,
                    (double)o->n.branch, (double)o->t.sliding,
                    acc->stiff_t,        (o->n.flags & CWB_FLAG_ENERGY_GAIN) ? 1.0 : 0.0,
                    h->theta_c.y,        o->r.spring.y + o->r.viscous.y,
                    h->theta_c.z,        o->r.spring.z + o->r.viscous.z,
                    o->r.energy,         acc->slip_r + acc->visc_r,
                    acc->slip_tw,        acc->visc_r};
    return cwb_series_row(s, row);
}

/* Rolling (comp 1, about y) or twisting (comp 2, about z) torque of a
 * trial evaluation with rotation increment x in that component. */
typedef struct {
    const history *h;
    double delta;
    cwb_vec3 dxi, dth;
    int comp;
    double target;
    int rc;
} rsolve;

static double rotation_residual(double x, void *param)
{
    rsolve *s = param;
    cwb_vec3 dth = s->dth;
    if (s->comp == 1)
        dth.y = x;
    else
        dth.z = x;
    cwb_vec3 omega = s->h->dt > 0.0 ? cwb_v3_scale(dth, 1.0 / s->h->dt) : cwb_v3(0, 0, 0);
    cwb_kin k;
    make_kin_rot(s->h, s->delta, s->dxi, dth, omega, &k);
    cwb_contact_out o;
    cwb_contact_trial trial;
    int rc = cwb_contact_eval(&s->h->ct, &k, &o, &trial);
    if (rc)
        s->rc = rc;
    cwb_vec3 m = cwb_v3_add(o.r.spring, o.r.viscous);
    return (s->comp == 1 ? m.y : m.z) - s->target;
}

/* The rotation increment (component comp of *dth) whose torque is target:
 * a bracket grown from zero, then Brent. A torque beyond the law's limit
 * (the slider's) cannot be reached: an error, as for F_t. */
static int solve_rotation(const history *h, double delta, cwb_vec3 dxi, int comp, double target,
                          cwb_vec3 *dth, char *msg, size_t n)
{
    rsolve s = {h, delta, dxi, *dth, comp, target, CWB_OK};
    gsl_function F = {rotation_residual, &s};
    double f0 = rotation_residual(0.0, &s), x = 0.0;
    if (s.rc)
        return cwb_fail(msg, n, s.rc, "history: %s", cwb_contact_failure());
    if (f0 != 0.0) {
        double dir = f0 < 0.0 ? 1.0 : -1.0, step = 1e-12, lo = 0.0, hi = dir * step;
        while ((rotation_residual(hi, &s) < 0.0) == (f0 < 0.0)) {
            lo = hi;
            step *= 2.0;
            hi = dir * step;
            if (step > 10.0 || s.rc)
                return cwb_fail(msg, n, s.rc ? s.rc : CWB_EFAIL,
                                "history: %s torque %g N m cannot be reached within 10 rad: "
                                "beyond the law's limit torque (or the law has none)",
                                comp == 1 ? "rolling" : "twisting", target);
        }
        if (lo > hi) {
            double t = lo;
            lo = hi;
            hi = t;
        }
        if (brent(&F, lo, hi, 1e-15 * fmax(fabs(lo), fabs(hi)), &x) != CWB_OK || s.rc)
            return cwb_fail(msg, n, s.rc ? s.rc : CWB_EFAIL,
                            "history: the %s torque solve for %g N m did not converge",
                            comp == 1 ? "rolling" : "twisting", target);
    }
    if (comp == 1)
        dth->y = x;
    else
        dth->z = x;
    return CWB_OK;
}

/* The rotation increment of the step to the rolling and twisting targets
 * t[0], t[1]: angles, or torques solved for (rolling first). */
static int step_rotation(const history *h, double delta, cwb_vec3 dxi, const double t[2],
                         cwb_vec3 *dth, char *msg, size_t n)
{
    *dth = cwb_v3(0, t[0] - h->theta_c.y, t[1] - h->theta_c.z);
    if (!h->rforce)
        return CWB_OK;
    int rc = CWB_OK;
    for (int comp = 1; comp <= 2 && rc == CWB_OK; comp++)
        if (h->has_rot[comp - 1])
            rc = solve_rotation(h, delta, dxi, comp, t[comp - 1], dth, msg, n);
    return rc;
}

/* The overlap, tangential and rotation increments of the step to target
 * (normal, tangential x, tangential y, rolling, twisting): the normal
 * direction first (the other laws depend on the normal response), each
 * under displacement (angle) or force (moment) control. */
static int step_kinematics(const history *h, const double target[5], double *delta, cwb_vec3 *dxi,
                           cwb_vec3 *dth, int *pulled, char *msg, size_t n)
{
    int rc;
    *delta = target[0];
    *pulled = 0;
    if (h->nforce && (rc = solve_normal(h, target[0], delta, pulled, msg, n)))
        return rc;
    *dxi = cwb_v3(0, target[2] - h->xi_c.y, 0);
    if (h->tforce && (rc = solve_tangential(h, *delta, dxi->y, target[1], &dxi->x, msg, n)))
        return rc;
    if (!h->tforce)
        dxi->x = target[1] - h->xi_c.x;
    return step_rotation(h, *delta, *dxi, target + 3, dth, msg, n);
}

/* One segment: `steps` equal increments from the start targets to the end
 * ones (normal, tangential x, tangential y, rolling, twisting). */
static int history_segment(history *h, size_t seg, const double start[5], const double end[5],
                           history_account *acc, char *msg, size_t n)
{
    for (size_t j = 1; j <= h->steps; j++) {
        double f = (double)j / (double)h->steps, target[5], delta;
        for (int i = 0; i < 5; i++)
            target[i] = start[i] + f * (end[i] - start[i]);
        cwb_vec3 dxi, dth;
        int pulled;
        int rc = step_kinematics(h, target, &delta, &dxi, &dth, &pulled, msg, n);
        if (rc) {
            char more[CWB_MSG];
            snprintf(more, sizeof more, "%s (segment %zu, step %zu)", msg, seg + 1, j);
            return cwb_fail(msg, n, rc, "%s", more);
        }
        if ((rc = history_step(h, delta, dxi, dth, acc)))
            return cwb_fail(msg, n, rc, "history: segment %zu: %s", seg + 1, cwb_contact_failure());
        acc->row_i++;
        if (history_row(h, acc, seg, h->series) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        if (pulled) {
            /* the contact separates at its force minimum: no quasi-static
             * state follows under force control, the run ends on this row */
            h->pulled_off = 1;
            h->pull_seg = seg + 1;
            h->pull_step = j;
            return CWB_OK;
        }
    }
    return CWB_OK;
}

/* Equivalent linear stiffnesses: least-squares slopes through the origin. */
static void report_stiffness(const cwb_case *c, int has_t, cwb_result *r)
{
    const cwb_series *s = &r->series;
    const char *ku = c->pair.dim == 2 ? "N/m^2" : "N/m";
    if (s->nrow < 2)
        return;
    int jd = cwb_series_find(s, "delta_n"), jf = cwb_series_find(s, "F_n");
    int jx = cwb_series_find(s, "xi_t"), jt = cwb_series_find(s, "F_t");
    double k, cov, ss;
    if (gsl_fit_mul(s->col[jd].v, 1, s->col[jf].v, 1, s->nrow, &k, &cov, &ss) == 0) {
        cwb_result_set(r, "k_n_equivalent", ku, k);
        cwb_result_set(r, "k_n_equivalent_stderr", ku, sqrt(cov));
    }
    if (has_t && gsl_fit_mul(s->col[jx].v, 1, s->col[jt].v, 1, s->nrow, &k, &cov, &ss) == 0) {
        cwb_result_set(r, "k_t_equivalent", ku, k);
        cwb_result_set(r, "k_t_equivalent_stderr", ku, sqrt(cov));
    }
}

/* Steps where the normal law gave back more energy than it took (the
 * published law's own behaviour, flagged CWB_FLAG_ENERGY_GAIN). */
static void report_energy_gain(const cwb_case *c, size_t gains, double gained, const char *eu,
                               cwb_result *r)
{
    cwb_result_set(r, "energy_gain_steps", "-", (double)gains);
    cwb_result_set(r, "energy_returned_by_law", eu, gained);
    cwb_warn_energy_returned(r, c, gained, gains);
}

/* The rolling and twisting account (zeros without a rolling law). The
 * springs' work is the law's; the dashpot's loss is reported beside it. */
static void report_rolling(const history *h, const history_account *acc, const char *eu,
                           cwb_result *r)
{
    const cwb_rolling_out *o = &acc->o.r;
    cwb_result_set(r, "final_rolling_angle", "rad", h->theta_c.y);
    cwb_result_set(r, "final_rolling_torque", "N m", o->spring.y + o->viscous.y);
    cwb_result_set(r, "final_twisting_angle", "rad", h->theta_c.z);
    cwb_result_set(r, "final_twisting_torque", "N m", o->spring.z + o->viscous.z);
    cwb_result_set(r, "work_rolling", eu, acc->lw_r + acc->visc_r);
    cwb_result_set(r, "energy_stored_rolling", eu, o->energy);
    cwb_result_set(r, "energy_dissipated_rolling", eu, acc->slip_r + acc->visc_r);
    cwb_result_set(r, "energy_dissipated_rolling_viscous", eu, acc->visc_r);
    cwb_result_set(r, "energy_dissipated_twisting", eu, acc->slip_tw);
    cwb_result_set(r, "energy_rolling_stiffness_change", eu, acc->stiff_r);
    cwb_result_set(r, "rolling_sliding_steps", "-", (double)acc->slid_r);
    cwb_result_set(r, "twisting_sliding_steps", "-", (double)acc->slid_tw);
}

static void report_history(const cwb_case *c, const history *h, const history_account *acc,
                           cwb_result *r)
{
    const char *fu = c->pair.dim == 2 ? "N/m" : "N";
    const char *eu = c->pair.dim == 2 ? "J/m" : "J";
    const cwb_contact_out *o = &acc->o;
    cwb_result_set(r, "sliding_steps", "-", (double)acc->slid);
    if (acc->slid)
        cwb_result_set(r, "first_sliding_xi_t", "m", acc->xi_slide);
    cwb_result_set(r, "max_overlap", "m", acc->dmax);
    cwb_result_set(r, "max_normal_force", fu, acc->force_max);
    cwb_result_set(r, "final_overlap", "m", h->delta_c);
    cwb_result_set(r, "final_normal_force", fu, o->n.force);
    cwb_result_set(r, "final_tangential_displacement", "m", h->xi_c.x);
    cwb_result_set(r, "final_tangential_force", fu, o->t.force.x);
    cwb_result_set(r, "work_normal", eu, acc->lw_n);
    cwb_result_set(r, "work_tangential", eu, acc->lw_t);
    cwb_result_set(r, "energy_stored", eu, o->n.energy + o->t.energy + o->r.energy);
    cwb_result_set(r, "energy_dissipated_normal", eu, acc->diss_n);
    cwb_result_set(r, "energy_dissipated_slip", eu, acc->slip);
    cwb_result_set(r, "energy_from_stiffness_change", eu, acc->stiff_t);
    report_rolling(h, acc, eu, r);
    /* Relative to the largest work the history put in (0 if it put none). */
    double residual =
        acc->lw_n + acc->lw_t - o->n.energy - o->t.energy - acc->slip - acc->stiff_t - acc->diss_n;
    residual += acc->lw_r - o->r.energy - acc->slip_r - acc->slip_tw - acc->stiff_r;
    double ws = acc->w_scale;
    cwb_result_set(r, "energy_balance_error", "-", ws > 0.0 ? residual / ws : 0.0);
    double quad = acc->w_n + acc->w_t + acc->w_r - acc->lw_n - acc->lw_t - acc->lw_r;
    cwb_result_set(r, "work_quadrature_error", "-", ws > 0.0 ? quad / ws : 0.0);
    if (acc->flags & CWB_FLAG_EXTRAPOLATED)
        cwb_result_warn(r, "the normal law was used outside its stated validity");
    if (acc->tflags & CWB_FLAG_EXTRAPOLATED)
        cwb_result_warn(r, "the tangential law was used outside its stated validity");
    report_energy_gain(c, acc->gains, acc->gained_n, eu, r);
    cwb_warn_energy_created(r, c, acc->stiff_t, acc->stiff_r, acc->w_scale, NULL);
    cwb_result_set(r, "discontinuities", "-", (double)acc->jumps);
    if (acc->jumps)
        cwb_result_warn(r,
                        "the normal law's force jumped %zu time%s (documented "
                        "discontinuities of the law, not numerical)",
                        acc->jumps, acc->jumps == 1 ? "" : "s");
}

/* Force-controlled pull-off of an adhesive contact: the force minimum it
 * separated at (the last row), or pull_off = 0 when no target went beyond. */
static void report_pull_off(const cwb_case *c, const history *h, const history_account *acc,
                            cwb_result *r)
{
    cwb_result_set(r, "pull_off", "-", h->pulled_off ? 1.0 : 0.0);
    if (!h->pulled_off)
        return;
    cwb_result_set(r, "pull_off_force", c->pair.dim == 2 ? "N/m" : "N", -acc->o.n.force);
    cwb_result_set(r, "pull_off_overlap", "m", h->delta_c);
    cwb_result_set(r, "pull_off_contact_radius", "m", acc->o.n.radius);
    cwb_result_set(r, "pull_off_segment", "-", (double)h->pull_seg);
    cwb_result_set(r, "pull_off_step", "-", (double)h->pull_step);
}

static int history_run(const cwb_case *c, cwb_result *r, char *msg, size_t n)
{
    const cwb_values *v = &c->driver_values;
    history h;
    memset(&h, 0, sizeof h);
    if (cwb_contact_init(&h.ct, c) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "history: the case's laws cannot be bound");
    h.nforce = (int)v->p[P_NCONTROL] == 1;
    h.tforce = (int)v->p[P_TCONTROL] == 1;
    h.rforce = (int)v->p[P_RCONTROL] == 1;
    h.has_rot[0] = v->list[P_ROLLING].n > 0;
    h.has_rot[1] = v->list[P_TWISTING].n > 0;
    h.steps = (size_t)v->p[P_STEPS];
    h.adhesive = law_is_adhesive(c);
    h.dt = v->p[P_SEGMENT_TIME] / (double)h.steps;
    h.series = &r->series;
    int has_t = v->list[P_TANGENTIAL].n > 0, has_y = v->list[P_TANGENTIAL_Y].n > 0;
    history_columns(c, &r->series);
    history_account acc;
    memset(&acc, 0, sizeof acc);
    double row0[28] = {0};
    if (cwb_series_row(&r->series, row0) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    double start[5] = {0.0, 0.0, 0.0, 0.0, 0.0};
    for (size_t seg = 0; seg < v->list[P_NORMAL].n; seg++) {
        double end[5] = {v->list[P_NORMAL].v[seg], has_t ? v->list[P_TANGENTIAL].v[seg] : 0.0,
                         has_y ? v->list[P_TANGENTIAL_Y].v[seg] : 0.0,
                         h.has_rot[0] ? v->list[P_ROLLING].v[seg] : 0.0,
                         h.has_rot[1] ? v->list[P_TWISTING].v[seg] : 0.0};
        int rc = history_segment(&h, seg, start, end, &acc, msg, n);
        if (rc)
            return rc;
        if (h.pulled_off)
            break;
        memcpy(start, end, sizeof start);
    }
    report_stiffness(c, has_t, r);
    report_history(c, &h, &acc, r);
    if (h.adhesive && h.nforce)
        report_pull_off(c, &h, &acc, r);
    return CWB_OK;
}

const cwb_driver_type cwb_driver_history = {
    .name = "history",
    .summary = "prescribed piecewise-linear normal/tangential displacement or force, rolling "
               "and twisting angle or moment",
    .params = history_params,
    .check = history_check,
    .run = history_run,
    .plot_x = "delta_n",
    .plot_y = "F_n",
    .dims = CWB_DIM_3D | CWB_DIM_2D,
    .ignores = 1u << CWB_KIND_DAMPING,
};
