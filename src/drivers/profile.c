/* profile.c -- the contact tractions across the contact at one
 * overlap, for laws that define them: the pressure over a circular contact
 * (seed 004 Fig. 3(b)), or the pressure and shear traction across the strip
 * of two discs (seed 000 eqs. 1-2, Fig. 11).
 *
 * The laws are evaluated once from their virgin states at the given overlap
 * and, in 2D, after a monotonic tangential displacement `tangential` at that
 * overlap (the seed's loading: N constant, then T raised). The tractions
 * are tabulated on `points` positions (radii 0..a in 3D, x = -a..a in 2D)
 * and integrated with GSL's adaptive quadrature (QAGS copes with the
 * square-root edges): 2 pi r p(r) dr over the circle, p dx and q dx over the
 * strip. Those integrals must equal the laws' forces: `force_integral_error`
 * and `shear_integral_error` report the relative differences.
 */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <stdlib.h>

#include "cwb_contact.h"
#include "cwb_gsl.h"
#include "cwb_run.h"

enum { P_OVERLAP, P_POINTS, P_TANGENTIAL };

static const cwb_param profile_params[] = {
    {.name = "overlap",
     .example = "1e-6",
     .unit = "m",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
     .help = "normal overlap delta_n"},
    {.name = "points",
     .unit = "-",
     .flags = CWB_P_INTEGER,
     .def = 101,
     .min = 2,
     .max = 1e6,
     .help = "positions tabulated across the contact (radii in 3D, -a..a in 2D)"},
    {.name = "tangential",
     .unit = "m",
     .def = 0,
     .min = -INFINITY,
     .max = INFINITY,
     .example_with_law = "tangential=1e-8",
     .help = "2D: tangential displacement applied at the overlap (laws with a traction)"},
    {0}};

static int profile_check(const cwb_case *c, char *msg, size_t n)
{
    const cwb_normal_type *law = CWB_AS_NORMAL(c->law[CWB_KIND_NORMAL]);
    if (!law->pressure)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] type = profile needs a normal law with a pressure "
                        "distribution (hertz); '%s' has none",
                        c->file, law->head.name);
    const cwb_tangential_type *tl = CWB_AS_TANGENTIAL(c->law[CWB_KIND_TANGENTIAL]);
    if (c->driver_values.p[P_TANGENTIAL] != 0.0 && (c->pair.dim != 2 || !tl->traction))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] tangential needs discs (2D) and a tangential law with a "
                        "shear traction (hertz2d_accurate); '%s' has none",
                        c->file, tl->head.name);
    /* without a tangential displacement the law's traction is never asked for */
    if (c->driver_values.p[P_TANGENTIAL] == 0.0 && !(tl->head.flags & CWB_LAW_ABSENT)) {
        int traction = c->pair.dim == 2 && tl->traction;
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [contact] tangential = %s: the profile driver reads a tangential "
                        "law only for the shear traction at [driver] tangential != 0 (discs and "
                        "a law with a traction); use tangential = none%s",
                        c->file, tl->head.name, traction ? ", or give the displacement" : "");
    }
    return CWB_OK;
}

typedef struct {
    const cwb_contact *ct;
    const cwb_normal_out *nrm;
    double delta, t;
} ring_ctx;

/* 2 pi r p(r): the force carried by the ring at r per unit radius. */
static double ring_force(double r, void *param)
{
    const ring_ctx *c = param;
    return 2.0 * M_PI * r * cwb_contact_pressure(c->ct, c->delta, r);
}

static double strip_pressure(double x, void *param)
{
    const ring_ctx *c = param;
    return cwb_contact_pressure(c->ct, c->delta, x);
}

static double strip_shear(double x, void *param)
{
    const ring_ctx *c = param;
    if (!c->ct->tangential->traction)
        return 0.0;
    return cwb_contact_traction(c->ct, c->nrm, c->t, x);
}

/* QAGS of F over [lo, hi] to 1e-12; a warning when it falls short. */
static double integral(gsl_function *F, double lo, double hi, cwb_result *r, const char *what)
{
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(200);
    if (!w)
        return NAN;
    double total = NAN, err = NAN;
    cwb_gsl_quiet_begin();
    int q = gsl_integration_qags(F, lo, hi, 0.0, 1e-12, 200, w, &total, &err);
    cwb_gsl_quiet_end();
    gsl_integration_workspace_free(w);
    if (q)
        cwb_result_warn(r, "the %s integral did not reach its tolerance (GSL %d)", what, q);
    return total;
}

static int profile_run(const cwb_case *c, cwb_result *r, char *msg, size_t n)
{
    const double *dp = c->driver_values.p;
    int strip = c->pair.dim == 2;
    cwb_contact ct;
    if (cwb_contact_init(&ct, c) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "profile: the case's laws cannot be bound");
    cwb_kin k = {.delta = dp[P_OVERLAP],
                 .normal = {0, 0, 1},
                 .dxi_t = {strip ? dp[P_TANGENTIAL] : 0.0, 0, 0}};
    cwb_contact_out o;
    cwb_contact_trial trial;
    int rc = cwb_contact_eval(&ct, &k, &o, &trial);
    if (rc)
        return cwb_fail(msg, n, rc, "profile: %s", cwb_contact_failure());
    double a = o.n.radius;
    if (!(a > 0.0))
        return cwb_fail(msg, n, CWB_EFAIL, "profile: no contact radius at delta = %g m", k.delta);
    ring_ctx rcx = {&ct, &o.n, k.delta, o.t.force.x};
    cwb_series *s = &r->series;
    cwb_series_column(s, strip ? "x" : "r", "m");
    cwb_series_column(s, strip ? "x_over_a" : "r_over_a", "-");
    cwb_series_column(s, "p", "Pa");
    if (strip)
        cwb_series_column(s, "q", "Pa");
    size_t npts = (size_t)dp[P_POINTS];
    double pmax = 0.0;
    for (size_t i = 0; i < npts; i++) {
        double x = (double)i / (double)(npts - 1);
        if (strip)
            x = 2.0 * x - 1.0;
        double p = strip ? strip_pressure(x * a, &rcx) : cwb_contact_pressure(&ct, k.delta, x * a);
        pmax = fmax(pmax, p);
        double row[] = {x * a, x, p, strip ? strip_shear(x * a, &rcx) : 0.0};
        if (cwb_series_row(s, row) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    double total;
    if (strip) {
        gsl_function F = {strip_pressure, &rcx};
        total = integral(&F, -a, a, r, "pressure");
    } else {
        gsl_function F = {ring_force, &rcx};
        total = integral(&F, 0.0, a, r, "pressure");
    }
    const char *fu = strip ? "N/m" : "N";
    cwb_result_set(r, "overlap", "m", k.delta);
    cwb_result_set(r, strip ? "half_width" : "contact_radius", "m", a);
    cwb_result_set(r, "max_pressure", "Pa", pmax);
    cwb_result_set(r, "normal_force", fu, o.n.force);
    cwb_result_set(r, "force_from_pressure", fu, total);
    cwb_result_set(r, "force_integral_error", "-", (total - o.n.force) / o.n.force);
    if (strip && ct.tangential->traction) {
        gsl_function F = {strip_shear, &rcx};
        double shear = integral(&F, -a, a, r, "shear");
        double t = o.t.force.x;
        cwb_result_set(r, "tangential_displacement", "m", dp[P_TANGENTIAL]);
        cwb_result_set(r, "tangential_force", fu, t);
        cwb_result_set(r, "shear_from_traction", fu, shear);
        cwb_result_set(r, "shear_integral_error", "-", t != 0.0 ? (shear - t) / fabs(t) : shear);
        cwb_result_set(r, "sliding", "-", (double)o.t.sliding);
    }
    if ((o.n.flags | o.t.flags) & CWB_FLAG_EXTRAPOLATED)
        cwb_result_warn(r, "a law was used outside its stated validity");
    return CWB_OK;
}

const cwb_driver_type cwb_driver_profile = {
    .name = "profile",
    .summary = "contact pressure (and 2D shear traction) across the contact at one overlap",
    .params = profile_params,
    .check = profile_check,
    .run = profile_run,
    .plot_x = "r",
    .plot_y = "p",
    .dims = CWB_DIM_3D | CWB_DIM_2D,
    .ignores = 1u << CWB_KIND_DAMPING | 1u << CWB_KIND_ROLLING,
};
