/* normal_stronge.c -- Stronge's elastic / elastic-plastic / plastic law.
 *
 * Reference: seed 004 eqs. 13-17 (Stronge, Impact Mechanics, 2000):
 *   delta_y = R* (3 pi / 4)^2 (1.1 sigma_y / E*)^2          (eq. 13)
 *   F = k_n delta^(3/2)                         delta <= delta_y   (Hertz)
 *   F / F_y = w (0.95 + 0.3 ln w),  w = 2 delta/delta_y - 1,
 *                                               delta_y < delta <= delta_p (eq. 14)
 *   F / F_y = 2.55 w                            delta > delta_p = 84 delta_y (eq. 15)
 *   unloading: F = (4/3) E* sqrt(R*_un) (delta - delta_min)^(3/2),
 *   R*_un = R* w_max^(1/2)                                     (eq. 16)
 *   delta_min = delta_max - delta_y w_max^(1/2)                (eq. 17)
 * with F_y = k_n delta_y^(3/2), k_n = (4/3) E* sqrt(R*), w_max = 2
 * delta_max/delta_y - 1. The elastic regime ends where the mean contact
 * pressure reaches 1.1 sigma_y, the plastic one starts at 2.8 sigma_y.
 *
 * Discontinuities, kept on purpose (they are the point of seed 004 Fig. 4):
 * at delta_y the force drops from F_y to 0.95 F_y; at delta_p it rises from
 * 167 (0.95 + 0.3 ln 167) F_y = 415.1 F_y to 2.55 x 167 F_y = 425.9 F_y;
 * at the start of unloading the unloading curve does not pass through
 * (delta_max, F_max). Every evaluation that crosses one sets
 * CWB_OUT_DISCONTINUITY, which the drivers report. The energy account
 * still closes: a jump at fixed overlap does no work and changes the stored
 * energy, which shows in the dissipation (negative where the jump is up).
 *
 * Reloading below delta_max follows the unloading curve, then the loading
 * curve (with its jump at delta_max). Zero force below delta_min; reset at
 * zero overlap. Units: sigma_y [Pa]; forces [N]. 3D spheres.
 * Derived constant: delta_y in p[1]. History: delta_max.
 */
#include "cwb_law.h"

enum { P_SIGMA_Y, D_DY };

static const cwb_param stronge_params[] = {
    {.name = "sigma_y", .unit = "Pa", .min = 0, .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED, .help = "yield stress of the material"},
    {0}};

typedef struct {
    double delta_max;   /* largest overlap reached [m] */
} stronge_state;

static int stronge_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    (void)msg;
    (void)n;
    double q = 0.75 * M_PI * 1.1 * p[P_SIGMA_Y] / g->E_star;
    p[D_DY] = g->R_star * q * q;
    return CWB_OK;
}

/* Loading curve F(delta) and its integral from 0 (closed forms). */
static double load_force(double kn, double dy, double d)
{
    double fy = kn * dy * sqrt(dy), w = 2.0 * d / dy - 1.0;
    if (d <= dy)
        return kn * d * sqrt(d);
    if (d <= 84.0 * dy)
        return fy * w * (0.95 + 0.3 * log(w));
    return fy * 2.55 * w;
}

/* int w (0.95 + 0.3 ln w) dw = 0.475 w^2 + 0.15 w^2 ln w - 0.075 w^2 */
static double ep_primitive(double w)
{
    return 0.475 * w * w + 0.15 * w * w * log(w) - 0.075 * w * w;
}

static double load_work(double kn, double dy, double d)
{
    double fy = kn * dy * sqrt(dy);
    if (d <= dy)
        return 0.4 * kn * d * d * sqrt(d);
    double w = 2.0 * d / dy - 1.0, half = 0.5 * dy * fy;   /* d(delta) = dy/2 dw */
    double el = 0.4 * fy * dy;
    if (d <= 84.0 * dy)
        return el + half * (ep_primitive(w) - ep_primitive(1.0));
    return el + half * (ep_primitive(167.0) - ep_primitive(1.0)) +
           half * 2.55 * 0.5 * (w * w - 167.0 * 167.0);
}

/* Unloading curve of eqs. 16-17 through delta_max. */
static void unloading(const cwb_pair *g, double dy, double dmax, double *kun, double *dmin)
{
    if (dmax <= dy) {
        *kun = 4.0 / 3.0 * g->E_star * sqrt(g->R_star);
        *dmin = 0.0;
        return;
    }
    double w = sqrt(2.0 * dmax / dy - 1.0);
    *kun = 4.0 / 3.0 * g->E_star * sqrt(g->R_star * w);
    *dmin = dmax - dy * w;
}

static double unload_energy(double kun, double dmin, double d)
{
    double x = d - dmin;
    return x > 0.0 ? 0.4 * kun * x * x * sqrt(x) : 0.0;
}

static cwb_branch loading_branch(double dy, double d)
{
    return d <= dy ? CWB_BRANCH_ELASTIC
                   : (d <= 84.0 * dy ? CWB_BRANCH_ELASTIC_PLASTIC : CWB_BRANCH_PLASTIC);
}

static int stronge_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                        cwb_normal_out *out, void *trial)
{
    const stronge_state *s = state;
    stronge_state *t = trial;
    *out = (cwb_normal_out){0};
    double dy = p[D_DY], kn = 4.0 / 3.0 * g->E_star * sqrt(g->R_star);
    out->delta_yield = dy;
    double kun0, dmin0;
    unloading(g, dy, s->delta_max, &kun0, &dmin0);
    double d0 = k->delta0 > 0.0 ? k->delta0 : 0.0, d = k->delta;
    /* committed energy: on the unloading curve, or on loading at the maximum */
    double e0 = unload_energy(kun0, dmin0, d0);
    if (d <= 0.0) {
        t->delta_max = 0.0;
        out->work = -e0;
        out->dissipated = 0.0;
        return CWB_OK;
    }
    double work;
    if (d > s->delta_max) {
        double from = d0 > s->delta_max ? d0 : s->delta_max;
        work = (s->delta_max > d0 ? unload_energy(kun0, dmin0, s->delta_max) - e0 : 0.0) +
               load_work(kn, dy, d) - load_work(kn, dy, from);
        t->delta_max = d;
        out->force = load_force(kn, dy, d);
        out->branch = loading_branch(dy, d);
        double w = 2.0 * d / dy - 1.0, fy = kn * dy * sqrt(dy);
        out->stiffness = d <= dy ? 1.5 * kn * sqrt(d)
                         : d <= 84.0 * dy ? fy * 2.0 / dy * (0.95 + 0.3 * log(w) + 0.3)
                                          : fy * 2.55 * 2.0 / dy;
        /* crossing delta_y or delta_p, or leaving the unloading curve for
         * the loading curve (the jump at the old maximum) */
        if ((from <= dy && d > dy) || (from <= 84.0 * dy && d > 84.0 * dy) ||
            (s->delta_max > dy && d0 < s->delta_max))
            out->flags |= CWB_OUT_DISCONTINUITY;
    } else {
        t->delta_max = s->delta_max;
        double x = d - dmin0;
        out->force = x > 0.0 ? kun0 * x * sqrt(x) : 0.0;
        out->stiffness = x > 0.0 ? 1.5 * kun0 * sqrt(x) : 0.0;
        work = unload_energy(kun0, dmin0, d) - e0;
        out->branch = s->delta_max <= dy ? CWB_BRANCH_ELASTIC
                      : d < d0           ? CWB_BRANCH_UNLOADING
                                         : CWB_BRANCH_RELOADING;
        if (d0 >= s->delta_max && s->delta_max > dy)
            out->flags |= CWB_OUT_DISCONTINUITY;   /* leaves the loading curve */
    }
    double kun1, dmin1;
    unloading(g, dy, t->delta_max, &kun1, &dmin1);
    /* On the loading curve the recoverable energy is the unloading curve's
     * at delta_max, whatever the jump between the two curves there. */
    out->energy = unload_energy(kun1, dmin1, d);
    out->work = work;
    out->dissipated = work - (out->energy - e0);
    out->radius = sqrt(g->R_star * (d > dmin1 ? d : 0.0));
    return CWB_OK;
}

const cwb_normal_type cwb_normal_stronge = {
    .head = {
        .name = "stronge",
        .summary = "Stronge elastic/elastic-plastic/plastic, force jumps kept and flagged",
        .source = "seed 004 eqs. 13-17 (Stronge 2000)",
        .params = stronge_params,
        .dims = CWB_DIM_3D,
        .state_size = sizeof(stronge_state),
        .prepare = stronge_prepare,
    },
    .step = stronge_step,
};
