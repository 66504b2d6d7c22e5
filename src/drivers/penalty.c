/* penalty.c -- what a constant penalty factor costs (seed 000 sec.
 * 4.1, Fig. 9): the half-round body of eq. 20 under a Hertzian tangential
 * traction, with w from eq. 33 and with a constant w, over a range of a/R
 * for several Poisson's ratios.
 *
 * Eq. 20: u = (1 - nu^2)/E (2 T/pi) [L1 + w L2], L1 = ln(2R/a) + 1/2,
 * L2 = ln(4R/a) + nu/(2(1 - nu)). At a given force the displacement with the
 * constant w is off by (L1 + w_c L2)/(L1 + w_33 L2) - 1; at a given
 * displacement the force is off by the inverse ratio less one. Neither
 * depends on E or R, only on a/R and nu.
 *
 * Eq. 33's coefficients are the tangential law's w33_* keys (the paper's by
 * default, or a refit), so the figure can be redrawn for any fit. Points
 * where eq. 33 leaves [0, 1] are clamped (as the laws do) and counted.
 *
 * Columns: a_over_R, then per nu: w33_nu<nu>, disp_error_nu<nu>,
 * force_error_nu<nu> (relative, -).
 */
#include <stdio.h>

#include "cwb_disc2d.h"
#include "cwb_run.h"

enum { P_FROM, P_TO, P_POINTS, P_NU, P_WC };

static const cwb_param penalty_params[] = {
    {.name = "a_over_R_from",
     .unit = "-",
     .def = 0.01,
     .min = 0,
     .max = 1,
     .flags = CWB_P_MIN_OPEN | CWB_P_MAX_OPEN,
     .help = "first half-width over radius"},
    {.name = "a_over_R_to",
     .unit = "-",
     .def = 0.2,
     .min = 0,
     .max = 1,
     .flags = CWB_P_MIN_OPEN | CWB_P_MAX_OPEN,
     .help = "last half-width over radius"},
    {.name = "points",
     .unit = "-",
     .flags = CWB_P_INTEGER,
     .def = 96,
     .min = 2,
     .max = 1e5,
     .help = "values of a/R, equally spaced"},
    {.name = "nu",
     .example = "0.3",
     .unit = "-",
     .min = 0,
     .max = 0.5,
     .kind = CWB_PARAM_LIST,
     .flags = CWB_P_MAX_OPEN | CWB_P_REQUIRED,
     .help = "Poisson's ratios, one curve each"},
    {.name = "w_constant",
     .unit = "-",
     .def = 0.5,
     .min = 0,
     .max = 1,
     .help = "the constant penalty factor compared with eq. 33 (seed 000: 0.5)"},
    {0}};

/* The driver evaluates eq. 20 itself: of the laws it reads eq. 33's
 * coefficients (w33_*) alone, so any other law key the case gives, but a
 * required one, would be dropped without a word. */
static int refuse_unread_law_keys(const cwb_case *c, char *msg, size_t n)
{
    for (int kind = CWB_KIND_NORMAL; kind <= CWB_KIND_TANGENTIAL; kind++) {
        const cwb_values *v = &c->law_values[kind];
        /* the tangential law's keys before w33_1 (mu, compliance, penalty, w);
         * every key of the normal law */
        int w33_first = CWB_PENALTY_FIRST + 2;
        for (int i = 0; v->table && v->table[i].name && (kind == CWB_KIND_NORMAL || i < w33_first);
             i++) {
            if (!v->given[i] || (v->table[i].flags & CWB_P_REQUIRED))
                continue;
            return cwb_case_refuse_law_key(c, kind, i,
                                           ": the penalty driver evaluates eq. 20 itself and "
                                           "reads only eq. 33's coefficients (w33_*) of the "
                                           "tangential law; remove it",
                                           msg, n);
        }
    }
    return CWB_OK;
}

static int penalty_check(const cwb_case *c, char *msg, size_t n)
{
    const cwb_law_head *h = c->law[CWB_KIND_TANGENTIAL];
    if (!(h->flags & CWB_LAW_PENALTY_KEYS))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] type = penalty takes eq. 33 from a seed-000 tangential "
                        "law (hertz2d_accurate or hertz2d_simplified); '%s' has none",
                        c->file, h->name);
    int rc = refuse_unread_law_keys(c, msg, n);
    if (rc != CWB_OK)
        return rc;
    const double *dp = c->driver_values.p;
    if (!(dp[P_TO] > dp[P_FROM]))
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [driver] a_over_R_to must exceed a_over_R_from",
                        c->file);
    if (c->driver_values.list[P_NU].n > 8)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [driver] nu: at most 8 values", c->file);
    return CWB_OK;
}

/* The bracket of eq. 20 at x = a/R. */
static double bracket(double x, double nu, double w)
{
    return log(2.0 / x) + 0.5 + w * (log(4.0 / x) + nu / (2.0 * (1.0 - nu)));
}

static int penalty_run(const cwb_case *c, cwb_result *r, char *msg, size_t n)
{
    const cwb_values *v = &c->driver_values;
    const double *pp = v->p, *lp = c->law_values[CWB_KIND_TANGENTIAL].p + CWB_PENALTY_FIRST;
    size_t nnu = v->list[P_NU].n, npts = (size_t)pp[P_POINTS];
    cwb_series *s = &r->series;
    cwb_series_column(s, "a_over_R", "-");
    for (size_t j = 0; j < nnu; j++) {
        char name[32];
        double nu = v->list[P_NU].v[j];
        snprintf(name, sizeof name, "w33_nu%.3g", nu);
        cwb_series_column(s, name, "-");
        snprintf(name, sizeof name, "disp_error_nu%.3g", nu);
        cwb_series_column(s, name, "-");
        snprintf(name, sizeof name, "force_error_nu%.3g", nu);
        cwb_series_column(s, name, "-");
    }
    double worst_d = 0.0, worst_f = 0.0, wmin = INFINITY, wmax = -INFINITY;
    size_t clamped = 0;
    double row[1 + 3 * 8];
    for (size_t i = 0; i < npts; i++) {
        double x = pp[P_FROM] + (pp[P_TO] - pp[P_FROM]) * (double)i / (double)(npts - 1);
        row[0] = x;
        for (size_t j = 0; j < nnu; j++) {
            double nu = v->list[P_NU].v[j];
            double raw = cwb_penalty_eq33(lp + 2, x, nu);
            int outside = 0;
            /* eq. 33 (clamped to [0, 1]) whatever the law's penalty choice */
            double w33 = raw < 0.0 ? 0.0 : raw > 1.0 ? 1.0 : raw;
            outside = raw != w33;
            clamped += (size_t)outside;
            double b33 = bracket(x, nu, w33), bc = bracket(x, nu, pp[P_WC]);
            double ed = bc / b33 - 1.0, ef = b33 / bc - 1.0;
            row[1 + 3 * j] = w33;
            row[2 + 3 * j] = ed;
            row[3 + 3 * j] = ef;
            worst_d = fmax(worst_d, fabs(ed));
            worst_f = fmax(worst_f, fabs(ef));
            wmin = fmin(wmin, raw);
            wmax = fmax(wmax, raw);
        }
        if (cwb_series_row(s, row) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    cwb_result_set(r, "max_abs_disp_error", "-", worst_d);
    cwb_result_set(r, "max_abs_force_error", "-", worst_f);
    cwb_result_set(r, "w33_min", "-", wmin);
    cwb_result_set(r, "w33_max", "-", wmax);
    cwb_result_set(r, "w33_clamped_points", "-", (double)clamped);
    if (clamped)
        cwb_result_warn(r, "eq. 33 left [0, 1] at %zu points (clamped)", clamped);
    return CWB_OK;
}

const cwb_driver_type cwb_driver_penalty = {
    .name = "penalty",
    .summary = "eq. 20 with eq. 33 vs a constant w: relative errors over a/R and nu (2D)",
    .params = penalty_params,
    .check = penalty_check,
    .run = penalty_run,
    .plot_x = "a_over_R",
    .plot_y = "disp_error_nu0.25",
    .dims = CWB_DIM_2D,
    .needs = 1u << CWB_KIND_TANGENTIAL,
    .ignores = 1u << CWB_KIND_DAMPING | 1u << CWB_KIND_ROLLING,
};
