/* driver_profile.c -- the contact pressure across the contact area at one
 * overlap (seed 004 Fig. 3(b)), for normal laws that define one.
 *
 * The law is evaluated once from its virgin state at the given overlap; the
 * pressure p(r) is tabulated on `points` radii from 0 to the contact radius
 * and integrated over the area with GSL's adaptive quadrature (QAGS copes
 * with the square-root edge of the Hertz profile). That integral must equal
 * the law's force: `force_integral_error` reports the relative difference.
 */
#include <gsl/gsl_integration.h>
#include <stdlib.h>

#include "cwb_contact.h"
#include "cwb_run.h"

enum { P_OVERLAP, P_POINTS };

static const cwb_param profile_params[] = {
    {.name = "overlap", .unit = "m", .min = 0, .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED, .help = "normal overlap delta_n"},
    {.name = "points", .unit = "-", .def = 101, .min = 2, .max = 1e6,
     .help = "radii tabulated from the centre to the contact edge"},
    {0}};

static int profile_check(const cwb_case *c, char *msg, size_t n)
{
    const cwb_normal_type *law = CWB_AS_NORMAL(c->law[CWB_KIND_NORMAL]);
    if (!law->pressure)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] type = profile needs a normal law with a pressure "
                        "distribution (hertz); '%s' has none",
                        c->file, law->head.name);
    return CWB_OK;
}

typedef struct {
    const cwb_normal_type *law;
    const double *p;
    const cwb_pair *g;
    double delta;
} ring_ctx;

/* 2 pi r p(r): the force carried by the ring at r per unit radius. */
static double ring_force(double r, void *param)
{
    const ring_ctx *c = param;
    return 2.0 * M_PI * r * c->law->pressure(c->p, c->g, c->delta, r);
}

static int profile_run(const cwb_case *c, cwb_result *r, char *msg, size_t n)
{
    const double *dp = c->driver_values.p;
    cwb_contact ct;
    cwb_contact_init(&ct, c);
    cwb_kin k = {.delta = dp[P_OVERLAP], .normal = {0, 0, 1}};
    cwb_contact_out o;
    cwb_contact_trial trial;
    int rc = cwb_contact_eval(&ct, &k, &o, &trial);
    if (rc)
        return cwb_fail(msg, n, rc, "profile: the normal law failed at delta = %g m", k.delta);
    double a = o.n.radius;
    if (!(a > 0.0))
        return cwb_fail(msg, n, CWB_EFAIL, "profile: no contact radius at delta = %g m",
                        k.delta);
    cwb_series *s = &r->series;
    cwb_series_column(s, "r", "m");
    cwb_series_column(s, "r_over_a", "-");
    cwb_series_column(s, "p", "Pa");
    size_t npts = (size_t)dp[P_POINTS];
    double pmax = 0.0;
    for (size_t i = 0; i < npts; i++) {
        double x = (double)i / (double)(npts - 1);
        double p = ct.normal->pressure(ct.p[CWB_KIND_NORMAL], ct.pair, k.delta, x * a);
        pmax = fmax(pmax, p);
        double row[] = {x * a, x, p};
        if (cwb_series_row(s, row) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    ring_ctx rcx = {ct.normal, ct.p[CWB_KIND_NORMAL], ct.pair, k.delta};
    gsl_function F = {ring_force, &rcx};
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(200);
    if (!w)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    double total = NAN, err = NAN;
    int q = gsl_integration_qags(&F, 0.0, a, 0.0, 1e-12, 200, w, &total, &err);
    gsl_integration_workspace_free(w);
    if (q)
        cwb_result_warn(r, "the pressure integral did not reach its tolerance (GSL %d)", q);
    const char *fu = c->pair.dim == 2 ? "N/m" : "N";
    cwb_result_set(r, "overlap", "m", k.delta);
    cwb_result_set(r, "contact_radius", "m", a);
    cwb_result_set(r, "max_pressure", "Pa", pmax);
    cwb_result_set(r, "normal_force", fu, o.n.force);
    cwb_result_set(r, "force_from_pressure", fu, total);
    cwb_result_set(r, "force_integral_error", "-", (total - o.n.force) / o.n.force);
    return CWB_OK;
}

const cwb_driver_type cwb_driver_profile = {
    .name = "profile",
    .summary = "contact pressure across the contact area at one overlap (laws with one)",
    .params = profile_params,
    .check = profile_check,
    .run = profile_run,
    .plot_x = "r",
    .plot_y = "p",
};
