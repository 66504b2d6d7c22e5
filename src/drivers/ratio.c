/* ratio.c -- the tangential-to-normal stiffness ratio of a contact
 * over a range of overlaps, for any pair of laws.
 *
 * At each overlap the contact is loaded normally from its virgin state
 * and that step committed; then the laws are evaluated there again at the
 * same overlap (constant normal load, no tangential displacement yet): k_n
 * is the normal law's tangent stiffness dF_n/d(delta), k_n_secant =
 * F_n / delta (seed 000 eq. 28's k_n), and k_t the tangential law's
 * stiffness at the start of tangential loading at that load -- Mindlin's
 * 8 G* a for the Mindlin family (Mindlin 1949; Johnson, Contact Mechanics,
 * 1985, sec. 7.2). Evaluated on the virgin step itself, a law whose
 * stiffness follows the change of N over the step saw all of N arrive
 * with no tangential motion: rathbone_tangential's eq. 94 then has x = 1
 * and k_t = 0. For 2D laws that state an ultimate slip, k_t_slip =
 * mu N / u_ult is the secant stiffness to full slip (seed 000 eq. 31).
 *
 * The ratio k_t / k_n is flagged (outside_band = 1) when it leaves
 * [2/3, 1], the band of seed 004 eq. 36, kappa = 2 (1 - nu)/(2 - nu) for
 * Hertz-Mindlin spheres of one material with 0 <= nu <= 1/2; kappa_36 is
 * the pair's Hertz-Mindlin ratio 4 G* / E* for comparison (eq. 36 for one
 * material; of both bodies' E and nu otherwise, cwb_pair_mindlin_ratio). The band is a 3D result: a 2D
 * law is shown against it, not held to it.
 */
#include "cwb_contact.h"
#include "cwb_run.h"

enum { P_FROM, P_TO, P_POINTS, P_SCALE };

static const char *const scale_words[] = {"linear", "log", NULL};

static const cwb_param ratio_params[] = {{.name = "overlap_from",
                                          .example = "1e-8",
                                          .unit = "m",
                                          .min = 0,
                                          .max = INFINITY,
                                          .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
                                          .help = "first overlap"},
                                         {.name = "overlap_to",
                                          .example = "1e-5",
                                          .unit = "m",
                                          .min = 0,
                                          .max = INFINITY,
                                          .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
                                          .help = "last overlap"},
                                         {.name = "points",
                                          .unit = "-",
                                          .flags = CWB_P_INTEGER,
                                          .def = 50,
                                          .min = 2,
                                          .max = 1e6,
                                          .help = "overlaps evaluated"},
                                         {.name = "spacing",
                                          .unit = "-",
                                          .def = 1,
                                          .kind = CWB_PARAM_CHOICE,
                                          .choices = scale_words,
                                          .help = "linear or log spacing of the overlaps"},
                                         {0}};

static int ratio_check(const cwb_case *c, char *msg, size_t n)
{
    const double *dp = c->driver_values.p;
    if (!(dp[P_TO] > dp[P_FROM]))
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [driver] overlap_to must exceed overlap_from",
                        c->file);
    if (c->law[CWB_KIND_TANGENTIAL]->flags & CWB_LAW_ABSENT)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [driver] type = ratio needs a tangential law ([contact] "
                        "tangential)",
                        c->file);
    return CWB_OK;
}

static void ratio_columns(cwb_series *s, int dim)
{
    /* unit NULL: a stiffness, N/m (per unit length in 2D: N/m^2) */
    static const char *const cols[][2] = {{"delta_n", "m"},      {"a", "m"},
                                          {"a_over_R", "-"},     {"k_n", NULL},
                                          {"k_n_secant", NULL},  {"k_t", NULL},
                                          {"k_t_slip", NULL},    {"ratio", "-"},
                                          {"ratio_secant", "-"}, {"ratio_slip_secant", "-"},
                                          {"kappa_36", "-"},     {"outside_band", "-"}};
    for (size_t i = 0; i < sizeof cols / sizeof *cols; i++)
        cwb_series_column(s, cols[i][0], cols[i][1] ? cols[i][1] : dim == 2 ? "N/m^2" : "N/m");
}

/* The laws at overlap d from a virgin contact: the normal load first,
 * committed, then every law at constant N into o; *kt_slip the secant
 * stiffness to the tangential law's ultimate slip (the law's own force
 * there, mu N), 0 when the law states none. */
static int ratio_point(cwb_contact *ct, double d, cwb_contact_out *o, double *kt_slip, char *msg,
                       size_t n)
{
    cwb_contact_reset(ct);
    cwb_kin k = {.delta = d, .normal = {0, 0, 1}};
    cwb_contact_trial trial;
    int rc = cwb_contact_eval(ct, &k, o, &trial);
    if (rc == CWB_OK) {
        cwb_contact_commit(ct, &trial);
        k.delta0 = d;
        rc = cwb_contact_eval(ct, &k, o, &trial);
    }
    if (rc)
        return cwb_fail(msg, n, rc, "ratio: %s", cwb_contact_failure());
    *kt_slip = 0.0;
    double u = cwb_contact_ultimate_slip(ct, &o->n);
    if (!isnan(u)) { /* NaN: the law states no ultimate slip */
        cwb_kin ku_ = {.delta = d, .normal = {0, 0, 1}, .dxi_t = {u * (1.0 + 1e-9), 0, 0}};
        cwb_contact_out ou;
        if ((rc = cwb_contact_eval(ct, &ku_, &ou, &trial)))
            return cwb_fail(msg, n, rc, "ratio: %s", cwb_contact_failure());
        *kt_slip = u > 0.0 ? cwb_v3_norm(ou.t.force) / u : 0.0;
    }
    return CWB_OK;
}

static void ratio_report(cwb_result *r, double rmin, double rmax, double kappa, size_t outside,
                         size_t npts, unsigned flags)
{
    cwb_result_set(r, "ratio_min", "-", rmin);
    cwb_result_set(r, "ratio_max", "-", rmax);
    cwb_result_set(r, "kappa_eq36", "-", kappa);
    cwb_result_set(r, "points_outside_band", "-", (double)outside);
    if (outside)
        cwb_result_warn(r,
                        "k_t/k_n left the band [2/3, 1] of seed 004 eq. 36 at %zu of %zu "
                        "overlaps",
                        outside, npts);
    if (flags & CWB_FLAG_EXTRAPOLATED)
        cwb_result_warn(r, "a law was used outside its stated validity");
}

static int ratio_run(const cwb_case *c, cwb_result *r, char *msg, size_t n)
{
    const double *dp = c->driver_values.p;
    cwb_contact ct;
    if (cwb_contact_init(&ct, c) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL, "ratio: the case's laws cannot be bound");
    size_t npts = (size_t)dp[P_POINTS];
    int log_spacing = (int)dp[P_SCALE] == 1;
    double kappa = cwb_pair_mindlin_ratio(&c->pair);
    ratio_columns(&r->series, c->pair.dim);
    double rmin = INFINITY, rmax = -INFINITY;
    size_t outside = 0;
    unsigned flags = 0;
    for (size_t i = 0; i < npts; i++) {
        double f = (double)i / (double)(npts - 1), d, kt_slip;
        if (log_spacing)
            d = dp[P_FROM] * pow(dp[P_TO] / dp[P_FROM], f);
        else
            d = dp[P_FROM] + (dp[P_TO] - dp[P_FROM]) * f;
        cwb_contact_out o;
        int rc = ratio_point(&ct, d, &o, &kt_slip, msg, n);
        if (rc)
            return rc;
        flags |= o.n.flags | o.t.flags;
        double ksec = o.n.force / d;
        double ratio = o.n.stiffness > 0.0 ? o.t.stiffness / o.n.stiffness : 0.0;
        int out = !(ratio >= 2.0 / 3.0 && ratio <= 1.0);
        outside += (size_t)out;
        rmin = fmin(rmin, ratio);
        rmax = fmax(rmax, ratio);
        double row[] = {d,
                        o.n.radius,
                        o.n.radius / c->pair.body[0].radius,
                        o.n.stiffness,
                        ksec,
                        o.t.stiffness,
                        kt_slip,
                        ratio,
                        ksec > 0.0 ? o.t.stiffness / ksec : 0.0,
                        ksec > 0.0 ? kt_slip / ksec : 0.0,
                        kappa,
                        (double)out};
        if (cwb_series_row(&r->series, row) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    ratio_report(r, rmin, rmax, kappa, outside, npts, flags);
    return CWB_OK;
}

const cwb_driver_type cwb_driver_ratio = {
    .name = "ratio",
    .summary = "k_t/k_n of the laws over a range of overlaps, against seed 004 eq. 36's band",
    .params = ratio_params,
    .check = ratio_check,
    .run = ratio_run,
    .plot_x = "delta_n",
    .plot_y = "ratio",
    .dims = CWB_DIM_3D | CWB_DIM_2D,
    .needs = 1u << CWB_KIND_TANGENTIAL,
    .ignores = 1u << CWB_KIND_DAMPING | 1u << CWB_KIND_ROLLING,
};
