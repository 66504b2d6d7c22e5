/* trajectory.c -- transverse translation of the upper disc along a
 * straight horizontal line at fixed height (seed 000 Appendix C, after
 * Balevicius & Mroz): stick and partial slip, then finite slide with a
 * rotating contact plane, until the discs separate.
 *
 * Geometry (lower disc fixed at the origin, no rotations): the upper centre
 * is at (S, y0), y0 = R1 + R2 - delta_0 after the normal preload delta_0.
 *   - Before full slip the contact plane keeps its orientation (alpha = 0;
 *     the seed's assumption): delta_n = delta_0, the tangential law sees the
 *     displacement S (committed step by step, the law contract), and the
 *     horizontal force is its T.
 *   - Once S passes the ultimate slip of the law at N(delta_0) (eq. 27 for
 *     hertz2d_accurate; mu N / k_t for the simplified law) the contact
 *     slides: the plane turns by alpha, the elastic tangential deformation
 *     is the ultimate slip at the current N and T = mu N. With
 *       delta_su = (S - y0 tan alpha) cos alpha                   (eq. C.4)
 *       delta_n  = R1 + R2 - (y0 / cos alpha + delta_su tan alpha) (eq. C.5)
 *     alpha solves delta_su(alpha) = u_ult(N(delta_n(alpha))), bracketed on
 *     [0, atan(S / y0)] (where delta_su = 0) and found with GSL's Brent
 *     solver; then F = T cos alpha - N sin alpha (eq. C.3 with T = mu N).
 *   - The discs separate at S = ((R1 + R2)^2 - y0^2)^(1/2), where N = 0.
 *
 * Checks printed: the driving forces are assembled from the contact force
 * vectors (N along the rotated normal, T along the rotated tangent) and put
 * back into eqs. C.1-C.2 (equilibrium residuals); the upper centre is
 * rebuilt from (alpha, delta_n, delta_su) and compared with (S, y0)
 * (kinematic residual); the slip condition's residual; |T| <= mu N is
 * implied by the law's own cap.
 *
 * Units: lengths [m], forces per unit length [N/m], angles [rad] and [deg].
 */
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

#include "cwb_contact.h"
#include "cwb_numeric.h"
#include "cwb_run.h"

enum { P_OVERLAP, P_TRAVEL, P_STEPS };

static const cwb_param trajectory_params[] = {
    {.name = "overlap",
     .example = "1e-6",
     .unit = "m",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
     .help = "normal overlap delta_0 applied first, at zero tangential displacement"},
    {.name = "travel",
     .example = "1e-4",
     .unit = "m",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
     .help = "horizontal displacement S of the upper disc at the end"},
    {.name = "steps",
     .unit = "-",
     .flags = CWB_P_INTEGER,
     .def = 200,
     .min = 1,
     .max = 1e6,
     .help = "equal increments of S (the slip onset and separation are added)"},
    {0}};

static int trajectory_check(const cwb_case *c, char *msg, size_t n)
{
    const cwb_tangential_type *tl = CWB_AS_TANGENTIAL(c->law[CWB_KIND_TANGENTIAL]);
    if (c->pair.dim != 2 || c->pair.body[1].shape == CWB_SHAPE_WALL)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] type = trajectory is seed 000 Appendix C: two discs "
                        "(body1 and body2 shape = disc)",
                        c->file);
    if (!tl->ultimate_slip)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] type = trajectory needs a tangential law that states its "
                        "ultimate slip (hertz2d_accurate, hertz2d_simplified); '%s' does not",
                        c->file, tl->head.name);
    double y0 = c->pair.body[0].radius + c->pair.body[1].radius - c->driver_values.p[P_OVERLAP];
    if (!(y0 > 0.0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] overlap = %g m is not below R1 + R2 = %g m", c->file,
                        c->driver_values.p[P_OVERLAP], y0 + c->driver_values.p[P_OVERLAP]);
    return CWB_OK;
}

typedef struct {
    cwb_contact *ct;
    CWB_STATE_ALIGN unsigned char virgin_t[CWB_MAX_STATE];
    double y0, rsum, s; /* centre height, R1 + R2, current travel */
    double d0, r1;      /* preload overlap, radius of the lower disc */
    int rc;
    unsigned flags;
} traj;

/* Normal response at overlap d (a pure evaluation from the committed
 * normal state). */
static cwb_normal_out normal_at(traj *t, double d)
{
    cwb_kin k = {.delta = d, .delta0 = d, .normal = {0, 0, 1}};
    cwb_normal_out o;
    int rc = cwb_contact_normal(t->ct, NULL, &k, &o);
    if (rc)
        t->rc = rc;
    t->flags |= o.flags;
    return o;
}

static void geometry(const traj *t, double alpha, double *dsu, double *dn)
{
    *dsu = (t->s - t->y0 * tan(alpha)) * cos(alpha);          /* C.4 */
    *dn = t->rsum - (t->y0 / cos(alpha) + *dsu * tan(alpha)); /* C.5 */
}

static double ultimate(traj *t, const cwb_normal_out *o)
{
    return cwb_contact_ultimate_slip(t->ct, o);
}

static double slide_residual(double alpha, void *param)
{
    traj *t = param;
    double dsu, dn;
    geometry(t, alpha, &dsu, &dn);
    cwb_normal_out o = normal_at(t, dn);
    return dsu - ultimate(t, &o);
}

/* One output row from the solved state. */
typedef struct {
    double s, alpha, dn, dsu, N, T;
    double k0;  /* the law's stiffness, the secant's limit at S = 0 */
    int regime; /* 0 stick / partial slip, 1 slide, 2 separated */
} traj_point;

static int emit(const traj *t, const traj_point *p, double r1, double scale_f, cwb_series *s,
                double *res_eq, double *res_kin)
{
    double ca = cos(p->alpha), sa = sin(p->alpha);
    /* force of the contact on the upper disc: N along n = (sin, cos), the
     * tangential spring force -T along t = (cos, -sin) (cwb_law.h signs) */
    double cx = p->N * sa - p->T * ca, cy = p->N * ca + p->T * sa;
    double f = -cx, nstar = cy;                 /* driving forces */
    double c1 = f - p->T * ca + p->N * sa;      /* eq. C.1 */
    double c2 = -nstar + p->T * sa + p->N * ca; /* eq. C.2 */
    double eq = fmax(fabs(c1), fabs(c2)) / scale_f;
    double l = t->rsum - p->dn;
    double xk = l * sa + p->dsu * ca - p->s, yk = l * ca - p->dsu * sa - t->y0;
    double kin = p->regime == 2 ? 0.0 : hypot(xk, yk) / t->rsum;
    *res_eq = fmax(*res_eq, eq);
    *res_kin = fmax(*res_kin, kin);
    double row[] = {p->s,
                    p->s / r1,
                    p->alpha,
                    p->alpha * 180.0 / M_PI,
                    p->dn,
                    p->N,
                    p->T,
                    p->dsu,
                    f,
                    nstar,
                    p->s > 0.0 ? f / p->s : p->k0,
                    (double)p->regime,
                    eq,
                    kin};
    return cwb_series_row(s, row);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Travel values: `steps` equal steps to `travel`, plus the slip onset and
 * the separation when they fall inside, sorted. *sv is malloc'd. */
static int travel_values(double travel, size_t steps, double u_ult0, double s_sep, double **sv,
                         size_t *ns)
{
    double *v = malloc((steps + 3) * sizeof *v);
    if (!v)
        return CWB_EFAIL;
    size_t k = 0;
    for (size_t i = 0; i <= steps; i++)
        v[k++] = travel * (double)i / (double)steps;
    if (u_ult0 < travel)
        v[k++] = u_ult0;
    if (s_sep < travel)
        v[k++] = s_sep;
    qsort(v, k, sizeof *v, cmp_double);
    *sv = v;
    *ns = k;
    return CWB_OK;
}

static void trajectory_columns(cwb_series *s)
{
    static const char *const cols[][2] = {{"S", "m"},
                                          {"S_over_R", "-"},
                                          {"alpha", "rad"},
                                          {"alpha_deg", "deg"},
                                          {"delta_n", "m"},
                                          {"N", "N/m"},
                                          {"T", "N/m"},
                                          {"delta_t", "m"},
                                          {"F", "N/m"},
                                          {"N_star", "N/m"},
                                          {"k_secant", "N/m^2"},
                                          {"regime", "-"},
                                          {"equilibrium_residual", "-"},
                                          {"kinematic_residual", "-"}};
    for (size_t i = 0; i < sizeof cols / sizeof *cols; i++)
        cwb_series_column(s, cols[i][0], cols[i][1]);
}

/* Stick and partial slip: the law along x at the preload overlap d0, the
 * plane fixed, committed (the path matters: Masing memory). */
static int stick_point(traj *t, double s_prev, traj_point *pt)
{
    double d0 = t->d0;
    cwb_kin ks = {.delta = d0, .delta0 = d0, .normal = {0, 0, 1}, .dxi_t = {pt->s - s_prev, 0, 0}};
    cwb_contact_out o;
    cwb_contact_trial trial;
    int rc = cwb_contact_eval(t->ct, &ks, &o, &trial);
    if (rc)
        return rc;
    cwb_contact_commit(t->ct, &trial);
    t->flags |= o.n.flags | o.t.flags;
    pt->dn = d0;
    pt->dsu = pt->s;
    pt->N = o.n.force;
    pt->T = o.t.force.x;
    pt->k0 = o.t.stiffness;
    return CWB_OK;
}

/* Sliding: the angle alpha where the tangential displacement of eq. C.4
 * equals the law's ultimate slip at the overlap of eq. C.5 (Brent), and the
 * law's own force just past it (the Coulomb cap). *res_slip receives how
 * far the solved point is from the ultimate slip, relative to u_ult0. */
static int slide_point(traj *t, double u_ult0, traj_point *pt, double *res_slip, char *msg,
                       size_t n)
{
    gsl_function fn = {slide_residual, t};
    double alpha, top = atan(pt->s / t->y0);
    int rc = cwb_root_brent(&fn, 0.0, top, 1e-15, 0.0, &alpha, NULL, NULL);
    if (t->rc)
        return cwb_fail(msg, n, t->rc, "trajectory: at S = %g m, %s", pt->s, cwb_contact_failure());
    if (rc != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL,
                        "trajectory: the angle alpha where the contact slides at S = %g m "
                        "did not converge (Brent on [0, %g] rad)",
                        pt->s, top);
    geometry(t, alpha, &pt->dsu, &pt->dn);
    cwb_normal_out on = normal_at(t, pt->dn);
    *res_slip = fmax(*res_slip, fabs(pt->dsu - ultimate(t, &on)) / u_ult0);
    cwb_kin kt = {.delta = pt->dn,
                  .delta0 = pt->dn,
                  .normal = {0, 0, 1},
                  .dxi_t = {pt->dsu * (1.0 + 1e-9), 0, 0}};
    cwb_tangential_out ot;
    if ((rc = cwb_contact_tangential(t->ct, t->virgin_t, &kt, &on, &ot)))
        return cwb_fail(msg, n, rc, "trajectory: at S = %g m, %s", pt->s, cwb_contact_failure());
    pt->alpha = alpha;
    pt->N = on.force;
    pt->T = ot.force.x;
    pt->regime = 1;
    return CWB_OK;
}

/* What the run reports besides its rows. */
typedef struct {
    double n0, u_ult0, s_sep; /* preload force, slip onset, separation */
    double res_eq, res_kin, res_slip;
    double f_peak, s_peak, alpha_last;
    int sliding;
} traj_summary;

static void report_trajectory(const traj *t, const traj_summary *m, cwb_result *r)
{
    cwb_result_set(r, "normal_force_initial", "N/m", m->n0);
    cwb_result_set(r, "slip_onset_travel", "m", m->u_ult0);
    cwb_result_set(r, "separation_travel", "m", m->s_sep);
    cwb_result_set(r, "peak_horizontal_force", "N/m", m->f_peak);
    cwb_result_set(r, "peak_at_travel", "m", m->s_peak);
    cwb_result_set(r, "final_alpha_deg", "deg", m->alpha_last * 180.0 / M_PI);
    cwb_result_set(r, "max_equilibrium_residual", "-", m->res_eq);
    cwb_result_set(r, "max_kinematic_residual", "-", m->res_kin);
    cwb_result_set(r, "max_slip_residual", "-", m->res_slip);
    if (!m->sliding)
        cwb_result_warn(r, "the travel ended before full slip (onset at S = %g m)", m->u_ult0);
    if (t->flags & CWB_FLAG_EXTRAPOLATED)
        cwb_result_warn(r, "a law was used outside its stated validity");
}

/* The point at travel sx in its regime: stick/partial slip up to the slip
 * onset, sliding up to separation, a gap after. */
static int solve_point(traj *t, double s_prev, traj_summary *m, traj_point *pt, char *msg, size_t n)
{
    t->s = pt->s;
    if (pt->s <= m->u_ult0) {
        int rc = stick_point(t, s_prev, pt);
        return rc ? cwb_fail(msg, n, rc, "trajectory: at S = %g m, %s", pt->s,
                             cwb_contact_failure())
                  : CWB_OK;
    }
    if (pt->s < m->s_sep) {
        m->sliding = 1;
        return slide_point(t, m->u_ult0, pt, &m->res_slip, msg, n);
    }
    pt->dn = t->rsum - hypot(pt->s, t->y0); /* a gap: negative */
    pt->alpha = atan(pt->s / t->y0);
    pt->regime = 2;
    return CWB_OK;
}

/* Every travel value in order; rows and the summary's peaks. */
static int travel_loop(traj *t, const double *sv, size_t ns, traj_summary *m, cwb_series *s,
                       char *msg, size_t n)
{
    double s_prev = 0.0;
    for (size_t i = 0; i < ns; i++) {
        if (i > 0 && sv[i] == sv[i - 1])
            continue;
        traj_point pt = {.s = sv[i]};
        int rc = solve_point(t, s_prev, m, &pt, msg, n);
        if (rc)
            return rc;
        if (emit(t, &pt, t->r1, m->n0, s, &m->res_eq, &m->res_kin) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        double f = pt.T * cos(pt.alpha) - pt.N * sin(pt.alpha);
        if (f > m->f_peak) {
            m->f_peak = f;
            m->s_peak = pt.s;
        }
        m->alpha_last = pt.alpha;
        s_prev = pt.s;
    }
    return CWB_OK;
}

static int trajectory_run(const cwb_case *c, cwb_result *r, char *msg, size_t n)
{
    const double *dp = c->driver_values.p;
    cwb_contact ct;
    if (cwb_contact_init(&ct, c) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "trajectory: the case's laws cannot be bound");
    traj t = {.ct = &ct};
    cwb_contact_virgin(&ct, CWB_KIND_TANGENTIAL, t.virgin_t);
    t.r1 = c->pair.body[0].radius;
    t.rsum = t.r1 + c->pair.body[1].radius;
    double d0 = t.d0 = dp[P_OVERLAP];
    t.y0 = t.rsum - d0;

    /* Normal preload, committed. */
    cwb_kin k = {.delta = d0, .normal = {0, 0, 1}};
    cwb_contact_out o;
    cwb_contact_trial trial;
    int rc = cwb_contact_eval(&ct, &k, &o, &trial);
    if (rc)
        return cwb_fail(msg, n, rc, "trajectory: the laws failed at delta_0 = %g m", d0);
    cwb_contact_commit(&ct, &trial);
    traj_summary m = {.n0 = o.n.force,
                      .u_ult0 = ultimate(&t, &o.n),
                      .s_sep = sqrt(t.rsum * t.rsum - t.y0 * t.y0)};

    double *sv;
    size_t ns;
    if (travel_values(dp[P_TRAVEL], (size_t)dp[P_STEPS], m.u_ult0, m.s_sep, &sv, &ns))
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    trajectory_columns(&r->series);
    rc = travel_loop(&t, sv, ns, &m, &r->series, msg, n);
    free(sv);
    if (rc)
        return rc;
    report_trajectory(&t, &m, r);
    return CWB_OK;
}

const cwb_driver_type cwb_driver_trajectory = {
    .name = "trajectory",
    .summary = "upper disc translated horizontally at fixed height: stick, slide, separation",
    .params = trajectory_params,
    .check = trajectory_check,
    .run = trajectory_run,
    .plot_x = "S",
    .plot_y = "F",
    .dims = CWB_DIM_2D,
    .needs = 1u << CWB_KIND_TANGENTIAL,
    .ignores = 1u << CWB_KIND_DAMPING | 1u << CWB_KIND_ROLLING,
};
