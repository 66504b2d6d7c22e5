/* fit_model_material.c -- fit model `material`: the closed forms of
 * Rathbone's elastic-plastic normal law, refitted to FEM tables.
 *
 * Reference: Rathbone, Marigo, Dini & van Wachem (2015), "An accurate
 * force-displacement law for the modelling of elastic-plastic contacts in
 * discrete element simulations", Powder Technology 282:2-9, and the thesis
 * that extends it (seed 004, ch. 4-5). Each constant the text fitted to its
 * Abaqus FEM is refitted here, by gsl_multifit_nlinear, to the tables of
 * cwb's own FEM (`cwb reference`, model `sphere`: columns leg, delta,
 * force, contact_radius, p_centre and the material R, E, nu, sigma_y,
 * delta_y in every row). Formulas (x = delta, one material per data CSV):
 *
 *   pressure        p_centre = D atan(b delta), b = tan(Ay sigma_y / D) /
 *                   delta_y so that p(delta_y) = Ay sigma_y (eqs. 52, 54);
 *                   free D [Pa]; trend D/sigma_y = k0 + k1 nu (eq. 53:
 *                   1.22, 0.69).
 *   reduced_radius  a_r = sqrt(F / (pi p_centre)) = c delta + (sqrt(2/3
 *                   delta_y R) - c delta_y) (delta/delta_y)^z, z = 0.5 +
 *                   0.3 nu^2.56 (eqs. 55, 57, 58); free c [-]; trend
 *                   c = c0 + c1 (1 - nu^2) E* / sigma_y (eq. 56: 1.43, 0.061).
 *   reduced_radius_extended  the same with z = 2/3, delta <= 25 delta_y
 *                   (sec. 4.4); trend eq. 65: 1.1, -0.0115.
 *   contact_radius  a^2 = R delta_y (A (delta/delta_y - 1)^B + 1) (eq. 74 =
 *                   107, Etsion et al. 2005's form); free A, B (1.19, 1.1).
 *   unloading       per unloading leg F = (4/3) E* sqrt(R_un) (delta -
 *                   delta_min)^(3/2), delta_min from F(delta_max) = F_max
 *                   (eqs. 60, 62); free R_un/R; per material u delta_y from
 *                   R_un/R - 1 = u (delta_max - delta_y) (least squares
 *                   through the origin); trend u delta_y = u0 + u1 nu
 *                   (eq. 61: 0.195, 0.23).
 *
 *   centre_yield    sec. 4.4, Fig. 31: the plastic strain at the contact
 *                   centre (column peeq_centre) = b + s (delta/delta_y -
 *                   n_p) past n_p, b before; free n_p, s, b (thesis: n_p
 *                   = 50, b = 0).
 *   pellet_yield    ch. 6, eq. 111: above 0.13 mm the force is linear,
 *                   F = L delta + d, and eq. 63 (nu = 0.3) gives sigma_y =
 *                   L / (2.228 * 2.3 pi R); free sigma_y [Pa], d [N].
 *   pellet_modulus  ch. 6, eq. 112: below 0.02 mm the stiffness dF/ddelta
 *                   (second-order three-point differences of the table, as
 *                   the thesis differentiated its data) is fitted by x
 *                   delta^(1/2), Hertz's, and E = 0.91 x / (2 R^(1/2));
 *                   free E [Pa].
 *                   Both take the thesis' ranges in mm (not in delta_y: the
 *                   method does not know sigma_y beforehand); their
 *                   "thesis" values are what it extracted from its pellets
 *                   (E = 2690 +- 190 MPa, sigma_y = 49 +- 3 MPa).
 *
 * E* = E/(1 - nu^2) (a sphere on a rigid flat, R* = R); Ay from appendix A
 * (cwb_yield_factor). Only virgin loading enters the loading formulas (the
 * first leg, and reloading legs from 2 % past the earlier maximum, where
 * the thesis' Fig. 30 shows them back on the loading curve), above delta_y; [fit] x_range, when given, bounds
 * delta/delta_y (not delta: one range serves materials of any size). Several data CSVs (`data = a.csv, b.csv`) give one fit per
 * material and the trend line across them (gsl_fit_linear), printed beside
 * the thesis' constants.
 */
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_multifit_nlinear.h>

#include "cwb_fit.h"
#include "cwb_fit_lsq.h"
#include "cwb_law.h"
#include "cwb_gsl.h"

#define MAX_DATA   CWB_FIT_MAX_DATA
#define MAX_GROUPS 64
#define MAX_P      3
#define MAX_ITER   200 /* iterations of one group's fit */

typedef struct {
    double R, E, nu, sigma_y, delta_y, E_star, Ay;
} material;

/* One fitted curve: a material (or one unloading leg of it). */
typedef struct {
    size_t data;                 /* which data CSV */
    size_t first, count;         /* its points in the point arrays */
    double delta_max, force_max; /* unloading: where the leg starts */
    double delta_min;            /* unloading: where its force reaches zero */
    int not_reached;             /* centre_yield: no rise above the plateau in the data */
    double p[MAX_P], se[MAX_P], r2, rms;
    double cov[MAX_P * MAX_P]; /* of p (NaN: not estimated) */
    int state[MAX_P];          /* CWB_FIT_DETERMINED, _FLAT or _TANGLED (cwb_fit_lsq.h) */
    char why[256];             /* why the solver stopped, when it did not converge */
} group;

typedef struct formula {
    const char *name, *equation;
    const char *y_name; /* what is fitted, with its unit */
    size_t np;
    const char *param[MAX_P], *unit[MAX_P];
    int unloading;               /* 1: one fit per unloading leg (force), 2: (radius) */
    double z_fixed;              /* reduced radius: exponent (0: eq. 58) */
    double max_over_y;           /* largest delta/delta_y used (0: no bound) */
    double min_over_y;           /* smallest delta/delta_y used (0: delta_y) */
    int zeros;                   /* 1: rows with y = 0 are data too */
    int onset;                   /* 1: p[0] is an onset that the data may not reach */
    double min_delta, max_delta; /* > 0: bounds of delta [m] instead of delta_y's (eqs. 111-112) */
    double (*y)(const cwb_reference *r, const int *col, size_t i);
    double (*f)(const struct formula *fm, const material *m, const group *g, const double *p,
                double x);
    /* the thesis' values (also the start); g is the group fitted */
    void (*thesis)(const struct formula *fm, const material *m, const group *g, double *p);
    /* optional: a start from the data where the thesis' value may lie
     * outside them (x, y: the group's points) */
    void (*data_start)(const material *m, const double *x, const double *y, size_t count,
                       double *p);
    const char *trend_x, *trend_y;
    double (*tx)(const material *m);
    double (*ty)(const material *m, const double *p);
    double thesis_trend[2]; /* intercept, slope */
} formula;

enum { C_LEG, C_DELTA, C_FORCE, C_RADIUS, C_P, C_PEEQ, C_R, C_E, C_NU, C_SY, C_DY, C_COUNT };
static const char *const col_names[C_COUNT] = {
    "leg", "delta", "force", "contact_radius", "p_centre", "peeq_centre",
    "R",   "E",     "nu",    "sigma_y",        "delta_y"};

/* ------------------------------------------------------------ formulas */

static double y_pressure(const cwb_reference *r, const int *c, size_t i)
{
    return r->v[c[C_P]][i];
}

static double y_reduced(const cwb_reference *r, const int *c, size_t i)
{
    return sqrt(r->v[c[C_FORCE]][i] / (M_PI * r->v[c[C_P]][i]));
}

static double y_radius(const cwb_reference *r, const int *c, size_t i)
{
    return r->v[c[C_RADIUS]][i];
}

static double y_force(const cwb_reference *r, const int *c, size_t i)
{
    return r->v[c[C_FORCE]][i];
}

static double f_pressure(const formula *fm, const material *m, const group *g, const double *p,
                         double x)
{
    (void)fm, (void)g;
    double b = tan(m->Ay * m->sigma_y / p[0]) / m->delta_y;
    return p[0] * atan(b * x);
}

static double z_of(const formula *fm, const material *m)
{
    return fm->z_fixed > 0 ? fm->z_fixed : 0.5 + 0.3 * pow(m->nu, 2.56);
}

static double f_reduced(const formula *fm, const material *m, const group *g, const double *p,
                        double x)
{
    (void)g;
    double d = sqrt(2.0 / 3.0 * m->delta_y * m->R) - p[0] * m->delta_y;
    return p[0] * x + d * pow(x / m->delta_y, z_of(fm, m));
}

static double f_radius(const formula *fm, const material *m, const group *g, const double *p,
                       double x)
{
    (void)fm, (void)g;
    double s = x / m->delta_y - 1.0;
    return sqrt(m->R * m->delta_y * (p[0] * pow(s > 0 ? s : 0, p[1]) + 1.0));
}

static double f_unloading(const formula *fm, const material *m, const group *g, const double *p,
                          double x)
{
    (void)fm;
    double k = 4.0 / 3.0 * m->E_star * sqrt(p[0] * m->R);
    double dmin = g->delta_max - pow(g->force_max / k, 2.0 / 3.0);
    return x > dmin ? k * pow(x - dmin, 1.5) : 0.0;
}

static void thesis_pressure(const formula *fm, const material *m, const group *g, double *p)
{
    (void)g;
    (void)fm;
    p[0] = (1.22 + 0.69 * m->nu) * m->sigma_y;
}

static void thesis_reduced(const formula *fm, const material *m, const group *g, double *p)
{
    (void)g;
    double ratio = (1.0 - m->nu * m->nu) * m->E_star / m->sigma_y;
    p[0] = fm->z_fixed > 0 ? 1.1 - 0.0115 * ratio : 1.43 + 0.061 * ratio;
}

static void thesis_radius(const formula *fm, const material *m, const group *g, double *p)
{
    (void)g;
    (void)fm, (void)m;
    p[0] = 1.19;
    p[1] = 1.1;
}

static void thesis_unloading(const formula *fm, const material *m, const group *g, double *p)
{
    (void)g;
    (void)fm, (void)m;
    p[0] = 2.0; /* a start only: the thesis' value depends on delta_max */
}

static double y_reduced_squared(const cwb_reference *r, const int *c, size_t i)
{
    return r->v[c[C_FORCE]][i] / (M_PI * r->v[c[C_P]][i]);
}

static double f_reduced_z(const formula *fm, const material *m, const group *g, const double *p,
                          double x)
{
    (void)fm, (void)g;
    double d = sqrt(2.0 / 3.0 * m->delta_y * m->R) - p[0] * m->delta_y;
    return p[0] * x + d * pow(x / m->delta_y, p[1]);
}

static void thesis_reduced_z(const formula *fm, const material *m, const group *g, double *p)
{
    thesis_reduced(fm, m, g, p);
    p[1] = 0.5 + 0.3 * pow(m->nu, 2.56);
}

/* eq. 64: a_r^2 = k R delta + d (k = 2.3) above 25 delta_y. */
static double f_plastic(const formula *fm, const material *m, const group *g, const double *p,
                        double x)
{
    (void)fm, (void)g;
    return p[0] * m->R * x + p[1];
}

static void thesis_plastic(const formula *fm, const material *m, const group *g, double *p)
{
    (void)fm, (void)g;
    p[0] = 2.3;
    /* a start for d: eq. 64 meeting eq. 55 (z = 2/3, eq. 65's c) at 25 delta_y */
    double c = 1.1 - 0.0115 * (1 - m->nu * m->nu) * m->E_star / m->sigma_y, dy = m->delta_y;
    double a = 25 * c * dy + (sqrt(2.0 / 3.0 * dy * m->R) - c * dy) * pow(25.0, 2.0 / 3.0);
    p[1] = a * a - 57.5 * m->R * dy;
}

/* eq. 74 = 107 with the thesis' constants: the loading contact radius^2. */
static double etsion_a2(const material *m, double x)
{
    if (x <= m->delta_y)
        return m->R * x;
    return m->R * m->delta_y * (1.19 * pow(x / m->delta_y - 1.0, 1.1) + 1.0);
}

/* eq. 75 = 108 on one unloading leg: the loading radius down to t delta_max,
 * then linear in delta to zero at delta_min, continuous at the turn. */
static double f_unloading_radius(const formula *fm, const material *m, const group *g,
                                 const double *p, double x)
{
    (void)fm;
    double turn = p[0] * g->delta_max;
    if (x >= turn || turn <= g->delta_min)
        return sqrt(etsion_a2(m, x));
    double a2 = etsion_a2(m, turn) * (x - g->delta_min) / (turn - g->delta_min);
    return sqrt(a2 > 0 ? a2 : 0);
}

/* eq. 76 = 109: t of n = delta_max/delta_y. */
static void thesis_turning(const formula *fm, const material *m, const group *g, double *p)
{
    (void)fm;
    double nn = g ? g->delta_max / m->delta_y : 10;
    p[0] = nn < 6.18 ? -0.119 + 0.119 * nn : nn < 50 ? 0.576 + 0.00648 * nn : 0.9;
}

static double y_peeq(const cwb_reference *r, const int *c, size_t i)
{
    return r->v[c[C_PEEQ]][i];
}

/* Sec. 4.4, Fig. 31: the plastic strain at the centre of the contact is
 * constant (zero in the thesis) until the plastic zone reaches the surface
 * there, at n_p delta_y (the thesis: 50 for every material), and grows
 * from there; a ramp b + s (delta/delta_y - n_p) locates n_p. The plateau
 * b is what the material nearest the centre took on at first yield, when
 * the contact radius spans few elements (cwb's FEM: 1.6e-3 from 2 delta_y
 * at a/h0 ~ 1.7); it is 0 for a surface point of a fine mesh. */
static double f_onset(const formula *fm, const material *m, const group *g, const double *p,
                      double x)
{
    (void)fm, (void)g;
    double over = x / m->delta_y - p[0];
    return p[2] + (over > 0 ? p[1] * over : 0.0);
}

static void thesis_onset(const formula *fm, const material *m, const group *g, double *p)
{
    (void)fm, (void)m, (void)g;
    p[0] = 50.0;
    p[1] = 1e-3; /* a start only: the thesis gives no slope */
    p[2] = 0.0;  /* the thesis' Fig. 31 starts from zero */
}

/* Start: the plateau is the first point's value, n_p the last point still
 * on it, the slope from there to the last point. */
static void start_onset(const material *m, const double *x, const double *y, size_t count,
                        double *p)
{
    if (count == 0)
        return;
    double b = y[0];
    size_t i = 0;
    while (i < count && y[i] <= b * (1 + 1e-3) + 1e-12)
        i++;
    if (i == 0 || i >= count)
        return;
    p[0] = x[i - 1] / m->delta_y;
    p[2] = b;
    double run = x[count - 1] / m->delta_y - p[0];
    if (run > 0 && y[count - 1] > b)
        p[1] = (y[count - 1] - b) / run;
}

/* Ch. 6, eq. 111: the constant 2.228 is p(25 delta_y)/sigma_y of eq. 63
 * at nu = 0.3, pi D atan(25 b delta_y) / (pi sigma_y) as the thesis printed it. */
#define PELLET_PLASTIC_PRESSURE 2.228
#define PELLET_SLOPE_K          2.3  /* eq. 64: a^2 = 2.3 R delta + d */
#define PELLET_ONE_MINUS_NU2    0.91 /* eq. 112: nu = 0.3 assumed */

static double f_pellet_yield(const formula *fm, const material *m, const group *g, const double *p,
                             double x)
{
    (void)fm, (void)g;
    return PELLET_PLASTIC_PRESSURE * PELLET_SLOPE_K * M_PI * m->R * p[0] * x + p[1];
}

static void thesis_pellet_yield(const formula *fm, const material *m, const group *g, double *p)
{
    (void)fm, (void)m, (void)g;
    p[0] = 49e6; /* the thesis' sigma_y from its pellets */
    p[1] = 0.0;
}

/* The straight line through the points (least squares) as the start. */
static void start_pellet_yield(const material *m, const double *x, const double *y, size_t count,
                               double *p)
{
    double c0, c1, c00, c01, c11, ss;
    if (count < 2 || gsl_fit_linear(x, 1, y, 1, count, &c0, &c1, &c00, &c01, &c11, &ss))
        return;
    p[0] = c1 / (PELLET_PLASTIC_PRESSURE * PELLET_SLOPE_K * M_PI * m->R);
    p[1] = c0;
}

/* dF/ddelta at row i of the first leg: the three-point derivative that is
 * exact for a parabola on uneven steps, with the origin (F = 0 at delta =
 * 0, where contact starts) before the first row; NaN at the leg's end. */
static double y_stiffness(const cwb_reference *r, const int *c, size_t i)
{
    const double *x = r->v[c[C_DELTA]], *f = r->v[c[C_FORCE]], *leg = r->v[c[C_LEG]];
    if (leg[i] != 1 || i + 1 >= r->nrow || leg[i + 1] != 1)
        return NAN;
    double x0 = i ? x[i - 1] : 0.0, f0 = i ? f[i - 1] : 0.0;
    double hm = x[i] - x0, hp = x[i + 1] - x[i];
    if (!(hm > 0 && hp > 0))
        return NAN;
    return (hm * hm * f[i + 1] - hp * hp * f0 + (hp * hp - hm * hm) * f[i]) / (hm * hp * (hm + hp));
}

static double f_pellet_modulus(const formula *fm, const material *m, const group *g,
                               const double *p, double x)
{
    (void)fm, (void)g;
    return 2.0 * sqrt(m->R) * p[0] / PELLET_ONE_MINUS_NU2 * sqrt(x);
}

static void thesis_pellet_modulus(const formula *fm, const material *m, const group *g, double *p)
{
    (void)fm, (void)m, (void)g;
    p[0] = 2690e6; /* the thesis' E from its pellets */
}

static double tx_nu256(const material *m)
{
    return pow(m->nu, 2.56);
}

static double ty_second(const material *m, const double *p)
{
    (void)m;
    return p[1];
}

static double tx_nu(const material *m)
{
    return m->nu;
}

static double tx_modulus(const material *m)
{
    return (1.0 - m->nu * m->nu) * m->E_star / m->sigma_y;
}

static double ty_pressure(const material *m, const double *p)
{
    return p[0] / m->sigma_y;
}

static double ty_first(const material *m, const double *p)
{
    (void)m;
    return p[0];
}

static const formula formulas[] = {
    {.name = "pressure",
     .y_name = "p_centre [Pa]",
     .equation = "p_centre = D atan(b delta), b = tan(Ay sigma_y / D)/delta_y (eqs. 52, 54)",
     .np = 1,
     .param = {"D"},
     .unit = {"Pa"},
     .y = y_pressure,
     .f = f_pressure,
     .thesis = thesis_pressure,
     .trend_x = "nu",
     .trend_y = "D/sigma_y",
     .tx = tx_nu,
     .ty = ty_pressure,
     .thesis_trend = {1.22, 0.69}},
    {.name = "reduced_radius",
     .y_name = "reduced radius [m]",
     .equation = "sqrt(F/(pi p_centre)) = c delta + d (delta/delta_y)^z, z = 0.5 + 0.3 nu^2.56 "
                 "(eqs. 55, 57, 58)",
     .np = 1,
     .param = {"c"},
     .unit = {"-"},
     .y = y_reduced,
     .f = f_reduced,
     .thesis = thesis_reduced,
     .trend_x = "(1-nu^2)E*/sigma_y",
     .trend_y = "c",
     .tx = tx_modulus,
     .ty = ty_first,
     .thesis_trend = {1.43, 0.061}},
    {.name = "reduced_radius_extended",
     .y_name = "reduced radius [m]",
     .equation = "sqrt(F/(pi p_centre)) = c delta + d (delta/delta_y)^(2/3), delta <= 25 "
                 "delta_y (sec. 4.4)",
     .np = 1,
     .param = {"c"},
     .unit = {"-"},
     .z_fixed = 2.0 / 3.0,
     .max_over_y = 25.0,
     .y = y_reduced,
     .f = f_reduced,
     .thesis = thesis_reduced,
     .trend_x = "(1-nu^2)E*/sigma_y",
     .trend_y = "c",
     .tx = tx_modulus,
     .ty = ty_first,
     .thesis_trend = {1.1, -0.0115}},
    {.name = "reduced_radius_z",
     .y_name = "reduced radius [m]",
     .equation = "sqrt(F/(pi p_centre)) = c delta + d (delta/delta_y)^z, c and z free (eqs. 55, "
                 "58)",
     .np = 2,
     .param = {"c", "z"},
     .unit = {"-", "-"},
     .y = y_reduced,
     .f = f_reduced_z,
     .thesis = thesis_reduced_z,
     .trend_x = "nu^2.56",
     .trend_y = "z",
     .tx = tx_nu256,
     .ty = ty_second,
     .thesis_trend = {0.5, 0.3}},
    {.name = "plastic_radius",
     .y_name = "reduced radius^2 [m^2]",
     .equation = "F/(pi p_centre) = k R delta + d above 25 delta_y (eq. 64: k = 2.3)",
     .np = 2,
     .param = {"k", "d"},
     .unit = {"-", "m^2"},
     .min_over_y = 25.0,
     .y = y_reduced_squared,
     .f = f_plastic,
     .thesis = thesis_plastic},
    {.name = "centre_yield",
     .y_name = "peeq_centre [-]",
     .equation = "plastic strain at the contact centre = b + s (delta/delta_y - n_p) past n_p, b "
                 "before (sec. 4.4, Fig. 31: n_p = 50, b = 0)",
     .np = 3,
     .onset = 1,
     .param = {"n_p", "s", "b"},
     .unit = {"-", "-", "-"},
     .zeros = 1,
     .y = y_peeq,
     .f = f_onset,
     .thesis = thesis_onset,
     .data_start = start_onset},
    {.name = "pellet_yield",
     .y_name = "force [N]",
     .equation = "F = 2.228 * 2.3 pi R sigma_y delta + d above 0.13 mm (ch. 6, eq. 111 from eq. "
                 "63 at nu = 0.3)",
     .np = 2,
     .param = {"sigma_y", "d"},
     .unit = {"Pa", "N"},
     .min_delta = 1.3e-4,
     .y = y_force,
     .f = f_pellet_yield,
     .thesis = thesis_pellet_yield,
     .data_start = start_pellet_yield},
    {.name = "pellet_modulus",
     .y_name = "stiffness dF/ddelta [N/m]",
     .equation = "dF/ddelta = x delta^(1/2) below 0.02 mm, E = 0.91 x / (2 R^(1/2)) (ch. 6, eq. "
                 "112, nu = 0.3)",
     .np = 1,
     .param = {"E"},
     .unit = {"Pa"},
     .max_delta = 2e-5,
     .y = y_stiffness,
     .f = f_pellet_modulus,
     .thesis = thesis_pellet_modulus},
    {.name = "contact_radius",
     .y_name = "contact_radius [m]",
     .equation = "a^2 = R delta_y (A (delta/delta_y - 1)^B + 1) (eq. 74 = 107)",
     .np = 2,
     .param = {"A", "B"},
     .unit = {"-", "-"},
     .y = y_radius,
     .f = f_radius,
     .thesis = thesis_radius},
    {.name = "unloading",
     .y_name = "force [N]",
     .equation = "F = (4/3) E* sqrt(R_un) (delta - delta_min)^(3/2), delta_min from F(delta_max) "
                 "= F_max (eqs. 60, 62); R_un/R - 1 = u (delta_max - delta_y) (eq. 61)",
     .np = 1,
     .param = {"R_un/R"},
     .unit = {"-"},
     .unloading = 1,
     .y = y_force,
     .f = f_unloading,
     .thesis = thesis_unloading,
     .trend_x = "nu",
     .trend_y = "u delta_y",
     .tx = tx_nu,
     .thesis_trend = {0.195, 0.23}},
    {.name = "unloading_radius",
     .y_name = "contact_radius [m]",
     .equation = "a^2 = eq. 74 above t delta_max, linear to zero at delta_min below (eqs. 75 = "
                 "108), t against eq. 76 = 109",
     .np = 1,
     .param = {"t"},
     .unit = {"-"},
     .unloading = 2,
     .y = y_radius,
     .f = f_unloading_radius,
     .thesis = thesis_turning},
};
#define FORMULA_COUNT (sizeof formulas / sizeof *formulas)

/* ------------------------------------------------------------ the data */

typedef struct {
    const cwb_fit_case *fc;
    const formula *fm;
    size_t ndata;
    const char *const *path; /* paths.path */
    cwb_fit_paths paths;     /* [fit] data, patterns expanded */
    cwb_reference *ref;      /* ndata tables */
    material mat[MAX_DATA];
    double *x, *y, *yfit;
    size_t npts;
    group g[MAX_GROUPS];
    size_t ngroups;
    double u_dy[MAX_DATA], u_se[MAX_DATA]; /* unloading: per material */
    size_t u_legs[MAX_DATA];               /* the legs each u delta_y is fitted to */
    double trend[2], trend_se[2], trend_r2;
    double trend_cov[4]; /* of intercept and slope (NaN: not estimated) */
    size_t trend_points;
    double trend_xs[MAX_GROUPS], trend_ys[MAX_GROUPS], trend_ses[MAX_GROUPS];
    double lo, hi; /* [fit] x_range in delta/delta_y */
} material_fit;

static const formula *find_formula(const char *name)
{
    for (size_t i = 0; i < FORMULA_COUNT; i++)
        if (strcmp(formulas[i].name, name) == 0)
            return &formulas[i];
    return NULL;
}

static int bad_formula(const cwb_fit_case *fc, char *msg, size_t n)
{
    char allowed[256] = "";
    size_t used = 0;
    for (size_t i = 0; i < FORMULA_COUNT && used < sizeof allowed; i++)
        used += (size_t)snprintf(allowed + used, sizeof allowed - used, "%s%s", i ? "|" : "",
                                 formulas[i].name);
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s:%d: [fit] formula = '%s' is not one of the allowed words: %s", fc->path,
                    fc->line[CWB_FIT_FORMULA], fc->v.text[CWB_FIT_FORMULA], allowed);
}

/* The material of data CSV ref (its first row), checked. */
static int read_material(const cwb_reference *ref, const int *c, material *m, char *msg, size_t n)
{
    m->R = ref->v[c[C_R]][0];
    m->E = ref->v[c[C_E]][0];
    m->nu = ref->v[c[C_NU]][0];
    m->sigma_y = ref->v[c[C_SY]][0];
    m->delta_y = ref->v[c[C_DY]][0];
    if (!(m->R > 0 && m->E > 0 && m->nu >= 0 && m->nu < 0.5 && m->sigma_y > 0 && m->delta_y > 0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: needs an elastic-plastic material (R, E, sigma_y, delta_y > 0, "
                        "0 <= nu < 0.5); row 1 has R = %g, E = %g, nu = %g, sigma_y = %g, "
                        "delta_y = %g",
                        ref->path, m->R, m->E, m->nu, m->sigma_y, m->delta_y);
    m->E_star = m->E / (1.0 - m->nu * m->nu);
    m->Ay = cwb_yield_factor(m->nu, NULL);
    return CWB_OK;
}

static int find_columns(const cwb_reference *ref, int *c, char *msg, size_t n)
{
    for (int k = 0; k < C_COUNT; k++)
        if ((c[k] = cwb_reference_find(ref, col_names[k])) < 0)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s: no column '%s' (model material reads the tables of cwb "
                            "reference, FEM model sphere)",
                            ref->path, col_names[k]);
    return CWB_OK;
}

static void add_point(material_fit *mf, double x, double y)
{
    mf->x[mf->npts] = x;
    mf->y[mf->npts++] = y;
}

/* Above delta_y, below the formula's bound, inside [fit] x_range (in
 * delta/delta_y). */
static int row_in_range(const material_fit *mf, const material *m, double x)
{
    double s = x / m->delta_y;
    if (mf->fm->min_delta > 0 || mf->fm->max_delta > 0) /* the thesis' range in metres */
        return x > 0 && x >= mf->fm->min_delta * (1 - 1e-9) &&
               (mf->fm->max_delta == 0 || x <= mf->fm->max_delta * (1 + 1e-9)) && s >= mf->lo &&
               s <= mf->hi;
    if (s <= fmax(1.0, mf->fm->min_over_y) * (1 + 1e-9) ||
        (mf->fm->max_over_y > 0 && s > mf->fm->max_over_y * (1 + 1e-12)))
        return 0;
    return s >= mf->lo && s <= mf->hi;
}

/* One group of data CSV d: its first loading leg above delta_y. */
static void collect_loading(material_fit *mf, size_t d, const int *c)
{
    const cwb_reference *r = &mf->ref[d];
    group *g = &mf->g[mf->ngroups];
    memset(g, 0, sizeof *g);
    g->data = d;
    g->first = mf->npts;
    double reached = 0.0; /* the largest overlap before this row */
    for (size_t i = 0; i < r->nrow; i++) {
        double x = r->v[c[C_DELTA]][i], y = mf->fm->y(r, c, i), leg = r->v[c[C_LEG]][i];
        /* virgin loading: the first leg, and a reloading leg once it is 2 %
         * past the earlier maximum (it rejoins the loading curve there) */
        int virgin = leg == 1 || (leg == 3 && x > 1.02 * reached);
        if (virgin && row_in_range(mf, &mf->mat[d], x) && isfinite(y) &&
            (y > 0 || (mf->fm->zeros && y == 0)))
            add_point(mf, x, y);
        reached = fmax(reached, x);
    }
    g->count = mf->npts - g->first;
    if (g->count > 0)
        mf->ngroups++;
}

/* Where the force of the unloading leg starting at row i reaches zero: the
 * last two loaded rows extrapolated with F^(2/3) linear in delta (the
 * Hertzian unloading of eq. 60), so the answer does not depend on where the
 * increments fall. */
static double leg_delta_min(const cwb_reference *r, const int *c, size_t i, double fmax)
{
    const double *x = r->v[c[C_DELTA]], *f = r->v[c[C_FORCE]], *leg = r->v[c[C_LEG]];
    size_t j = i;
    while (j + 1 < r->nrow && leg[j + 1] == 2 && f[j + 1] > 1e-6 * fmax)
        j++;
    if (j == i || !(f[j] > 0))
        return x[j];
    double g1 = pow(f[j - 1], 2.0 / 3.0), g0 = pow(f[j], 2.0 / 3.0);
    return g1 > g0 ? x[j] - g0 * (x[j - 1] - x[j]) / (g1 - g0) : x[j];
}

/* The rows of the unloading leg starting at row i that the formula fits:
 * the force while it carries load (eq. 60) or the radius while the
 * contact is open (eq. 75). */
static void collect_leg(material_fit *mf, size_t d, const int *c, size_t i, group *g)
{
    const cwb_reference *r = &mf->ref[d];
    for (size_t j = i; j < r->nrow && r->v[c[C_LEG]][j] == 2; j++) {
        double x = r->v[c[C_DELTA]][j], f = r->v[c[C_FORCE]][j], a = r->v[c[C_RADIUS]][j];
        if (mf->fm->unloading == 1 && f > 1e-3 * g->force_max)
            add_point(mf, x, f);
        else if (mf->fm->unloading == 2 && a > 0 && x > g->delta_min)
            add_point(mf, x, a);
    }
}

/* One group per unloading leg of data CSV d that starts above delta_y. */
static void collect_unloading(material_fit *mf, size_t d, const int *c)
{
    const cwb_reference *r = &mf->ref[d];
    for (size_t i = 1; i < r->nrow && mf->ngroups < MAX_GROUPS; i++) {
        if (r->v[c[C_LEG]][i] != 2 || r->v[c[C_LEG]][i - 1] == 2)
            continue;
        group *g = &mf->g[mf->ngroups];
        memset(g, 0, sizeof *g);
        g->data = d;
        g->delta_max = r->v[c[C_DELTA]][i - 1];
        g->force_max = r->v[c[C_FORCE]][i - 1];
        g->delta_min = leg_delta_min(r, c, i, g->force_max);
        g->first = mf->npts;
        if (g->delta_max <= mf->mat[d].delta_y * (1 + 1e-9))
            continue;
        collect_leg(mf, d, c, i, g);
        g->count = mf->npts - g->first;
        if (g->count > 0)
            mf->ngroups++;
    }
}

static int load_data(material_fit *mf, char *msg, size_t n)
{
    size_t rows = 0;
    for (size_t d = 0; d < mf->ndata; d++) {
        int c[C_COUNT], rc = cwb_reference_load(&mf->ref[d], mf->path[d], msg, n);
        if (rc == CWB_OK)
            rc = find_columns(&mf->ref[d], c, msg, n);
        if (rc == CWB_OK)
            rc = read_material(&mf->ref[d], c, &mf->mat[d], msg, n);
        if (rc != CWB_OK)
            return rc;
        rows += mf->ref[d].nrow;
        double *x = realloc(mf->x, rows * sizeof *x),
               *y = x ? realloc(mf->y, rows * sizeof *y) : NULL;
        if (x)
            mf->x = x;
        if (y)
            mf->y = y;
        if (!x || !y)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        if (mf->fm->unloading)
            collect_unloading(mf, d, c);
        else
            collect_loading(mf, d, c);
    }
    if (mf->ngroups == 0)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: the data have no %s rows in the formula's range (delta/delta_y "
                        "above %g) to fit",
                        mf->fc->path, mf->fm->unloading ? "unloading" : "virgin loading",
                        fmax(1.0, mf->fm->min_over_y));
    mf->yfit = malloc(mf->npts * sizeof *mf->yfit);
    return mf->yfit ? CWB_OK : cwb_fail(msg, n, CWB_EFAIL, "out of memory");
}

/* ------------------------------------------------------------- fitting */

/* Parameters are fitted as multiples of their start values, so that a
 * pressure in Pa and an exponent near 1 are equally well conditioned. */
typedef struct {
    const material_fit *mf;
    const group *g;
    double scale[MAX_P];
    double yscale; /* residuals are divided by the group's largest |y|, so that
                      GSL's gradient test means the same for Pa and m */
} group_job;

static void params_of(const group_job *j, const gsl_vector *theta, double *p)
{
    for (size_t k = 0; k < j->mf->fm->np; k++)
        p[k] = j->scale[k] * gsl_vector_get(theta, k);
}

static int group_residual(const gsl_vector *theta, void *user, gsl_vector *f)
{
    const group_job *j = user;
    const material_fit *mf = j->mf;
    double p[MAX_P];
    params_of(j, theta, p);
    const material *m = &mf->mat[j->g->data];
    for (size_t i = 0; i < j->g->count; i++) {
        size_t q = j->g->first + i;
        double r = (mf->fm->f(mf->fm, m, j->g, p, mf->x[q]) - mf->y[q]) / j->yscale;
        if (!isfinite(r))
            return GSL_EDOM;
        gsl_vector_set(f, i, r);
    }
    return GSL_SUCCESS;
}

/* Values, standard errors (s^2 (J^T J)^-1, undefined for a parameter the
 * data do not determine: jac), R^2 and rms of group g. */
static void group_solution(material_fit *mf, group *g, const group_job *j,
                           gsl_multifit_nlinear_workspace *w, const cwb_fit_jacobian *jac)
{
    size_t np = mf->fm->np, m = g->count;
    params_of(j, gsl_multifit_nlinear_position(w), g->p);
    double chisq = 0.0;
    const material *mat = &mf->mat[g->data];
    for (size_t i = 0; i < m; i++) {
        size_t q = g->first + i;
        mf->yfit[q] = mf->fm->f(mf->fm, mat, g, g->p, mf->x[q]);
        chisq += (mf->yfit[q] - mf->y[q]) * (mf->yfit[q] - mf->y[q]);
    }
    /* the covariance is of the scaled residuals: s^2 in the same units */
    double s2 = m > np ? chisq / (j->yscale * j->yscale) / (double)(m - np) : NAN;
    for (size_t a = 0; a < np; a++)
        for (size_t b = 0; b < np; b++)
            g->cov[a * np + b] = j->scale[a] * j->scale[b] * jac->cov[a * np + b] * s2;
    for (size_t k = 0; k < np; k++) {
        g->se[k] = sqrt(g->cov[k * np + k]);
        g->state[k] = jac->state[k];
    }
    g->r2 = cwb_fit_r_squared(mf->y + g->first, mf->yfit + g->first, m);
    g->rms = sqrt(chisq / (double)m);
}

/* An onset the data never reach (every point on the first one's value,
 * within 1e-6 of it): no fit can place it, so n_p is reported as a lower
 * bound, the last point, with an infinite standard error. */
static int onset_not_reached(material_fit *mf, group *g)
{
    const double *y = mf->y + g->first;
    for (size_t i = 1; i < g->count; i++)
        if (fabs(y[i] - y[0]) > 1e-6 * fabs(y[0]) + 1e-12)
            return 0;
    g->not_reached = 1;
    for (size_t k = 0; k < MAX_P * MAX_P; k++)
        g->cov[k] = NAN;
    g->p[0] = mf->x[g->first + g->count - 1] / mf->mat[g->data].delta_y;
    g->se[0] = INFINITY;
    /* no point lies past the onset, so none sees the slope: it is drawn
     * as 0 but not determined (its error undefined, not 0). b is the
     * points' one value: exact, its variance 0 as its error says. */
    g->p[1] = 0.0;
    g->se[1] = NAN;
    g->se[2] = 0.0;
    g->cov[2 * 3 + 2] = 0.0;
    g->p[2] = y[0];
    g->r2 = NAN;
    for (size_t i = 0; i < g->count; i++)
        mf->yfit[g->first + i] = y[0];
    return 1;
}

static int fit_group(material_fit *mf, group *g, char *msg, size_t n)
{
    size_t np = mf->fm->np;
    if (mf->fm->onset && onset_not_reached(mf, g))
        return CWB_OK;
    if (g->count <= np)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: %zu points for %zu parameters", mf->path[g->data],
                        g->count, np);
    group_job j = {.mf = mf, .g = g, .yscale = 0.0};
    for (size_t i = 0; i < g->count; i++)
        j.yscale = fmax(j.yscale, fabs(mf->y[g->first + i]));
    mf->fm->thesis(mf->fm, &mf->mat[g->data], g, j.scale);
    if (mf->fm->data_start)
        mf->fm->data_start(&mf->mat[g->data], mf->x + g->first, mf->y + g->first, g->count,
                           j.scale);
    for (size_t k = 0; k < np; k++) /* a start of 0 would pin the parameter there */
        if (j.scale[k] == 0.0)
            j.scale[k] = 1.0;
    gsl_vector *theta = gsl_vector_alloc(np);
    gsl_multifit_nlinear_parameters fp = gsl_multifit_nlinear_default_parameters();
    gsl_multifit_nlinear_workspace *w =
        gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &fp, g->count, np);
    if (!theta || !w) {
        if (theta)
            gsl_vector_free(theta);
        if (w)
            gsl_multifit_nlinear_free(w);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    gsl_vector_set_all(theta, 1.0);
    gsl_multifit_nlinear_fdf fdf = {.f = group_residual, .n = g->count, .p = np, .params = &j};
    cwb_gsl_quiet_begin();
    int info = 0, status = gsl_multifit_nlinear_init(theta, &fdf, w);
    /* A start that already fits to round-off (synthetic data made with the
     * thesis' constants) is the answer: the trust region would reject
     * every step (0/0 reduction ratio) until the iteration limit. */
    if (status == GSL_SUCCESS &&
        gsl_blas_dnrm2(gsl_multifit_nlinear_residual(w)) > 1e-13 * sqrt((double)g->count))
        status = gsl_multifit_nlinear_driver(MAX_ITER, 1e-10, 1e-10, 0.0, NULL, NULL, &info, w);
    /* an exact fit also ends that way: every later step is rejected */
    if (status == GSL_EMAXITER &&
        gsl_blas_dnrm2(gsl_multifit_nlinear_residual(w)) <= 1e-10 * sqrt((double)g->count))
        status = GSL_SUCCESS;
    if (status == GSL_SUCCESS || status == GSL_EMAXITER) {
        cwb_fit_jacobian jac;
        cwb_fit_jacobian_study(gsl_multifit_nlinear_jac(w), gsl_multifit_nlinear_residual(w), &jac);
        group_solution(mf, g, &j, w, &jac);
        int at_start = 0;
        cwb_fit_stop_reason(status, info, gsl_multifit_nlinear_niter(w), MAX_ITER, &jac,
                            gsl_multifit_nlinear_position(w), &at_start, g->why, sizeof g->why);
        if (at_start) /* no step from the start: it is the least-squares solution */
            status = GSL_SUCCESS;
    } else
        snprintf(g->why, sizeof g->why, "GSL: %s", gsl_strerror(status));
    cwb_gsl_quiet_end();
    gsl_multifit_nlinear_free(w);
    gsl_vector_free(theta);
    if (status != GSL_SUCCESS)
        return cwb_fail(msg, n, CWB_EFAIL, "%s: the %s fit failed: %s", mf->path[g->data],
                        mf->fm->name, g->why);
    return CWB_OK;
}

/* Unloading: u delta_y of each material from its legs' R_un/R. */
static void unloading_slopes(material_fit *mf)
{
    for (size_t d = 0; d < mf->ndata; d++) {
        double xs[MAX_GROUPS], ys[MAX_GROUPS];
        size_t m = 0;
        for (size_t k = 0; k < mf->ngroups; k++)
            if (mf->g[k].data == d) {
                xs[m] = mf->g[k].delta_max / mf->mat[d].delta_y - 1.0;
                ys[m++] = mf->g[k].p[0] - 1.0;
            }
        double c1 = NAN, cov11 = NAN, sumsq;
        if (m > 0)
            gsl_fit_mul(xs, 1, ys, 1, m, &c1, &cov11, &sumsq);
        mf->u_dy[d] = c1;
        mf->u_se[d] = m > 1 ? sqrt(cov11) : NAN;
        mf->u_legs[d] = m;
    }
}

/* The trend across materials (a line through (tx, ty)), when the formula
 * has one and there are two or more points. */
static void trend_line(material_fit *mf)
{
    double *xs = mf->trend_xs, *ys = mf->trend_ys, *se = mf->trend_ses;
    size_t m = 0;
    if (mf->fm->unloading == 1)
        for (size_t d = 0; d < mf->ndata; d++) {
            xs[m] = mf->fm->tx(&mf->mat[d]);
            se[m] = mf->u_se[d];
            ys[m++] = mf->u_dy[d];
        }
    else if (mf->fm->tx)
        for (size_t k = 0; k < mf->ngroups; k++) {
            const material *mat = &mf->mat[mf->g[k].data];
            double one = mf->fm->ty(mat, mf->g[k].p), p_se[MAX_P];
            for (size_t i = 0; i < MAX_P; i++) /* ty is linear in the parameter */
                p_se[i] = mf->g[k].p[i] + mf->g[k].se[i];
            xs[m] = mf->fm->tx(mat);
            se[m] = fabs(mf->fm->ty(mat, p_se) - one);
            ys[m++] = one;
        }
    mf->trend_points = m;
    mf->trend[0] = mf->trend[1] = mf->trend_se[0] = mf->trend_se[1] = mf->trend_r2 = NAN;
    for (int k = 0; k < 4; k++)
        mf->trend_cov[k] = NAN;
    if (m < 2)
        return;
    double c0, c1, cov00, cov01, cov11, sumsq;
    if (gsl_fit_linear(xs, 1, ys, 1, m, &c0, &c1, &cov00, &cov01, &cov11, &sumsq) != GSL_SUCCESS)
        return;
    mf->trend[0] = c0;
    mf->trend[1] = c1;
    if (m > 2) { /* GSL scales the covariance by sumsq/(m - 2) */
        mf->trend_se[0] = sqrt(cov00);
        mf->trend_se[1] = sqrt(cov11);
        const double c[4] = {cov00, cov01, cov01, cov11};
        memcpy(mf->trend_cov, c, sizeof c);
    }
    double fit[MAX_GROUPS];
    for (size_t i = 0; i < m; i++)
        fit[i] = c0 + c1 * xs[i];
    mf->trend_r2 = cwb_fit_r_squared(ys, fit, m);
}

/* -------------------------------------------------------------- report */

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static void report_group(cwb_fit_out *o, const material_fit *mf, size_t k)
{
    const formula *fm = mf->fm;
    const group *g = &mf->g[k];
    const material *m = &mf->mat[g->data];
    double thesis[MAX_P];
    fm->thesis(fm, m, g, thesis);
    char name[64];
    cwb_fit_json_open(&o->json_out, NULL, '{');
    cwb_fit_json_string(&o->json_out, "data", mf->path[g->data]);
    if (fm->unloading) {
        cwb_fit_json_number(&o->json_out, "delta_max_over_delta_y", g->delta_max / m->delta_y);
        cwb_fit_say(o, "  %-34s delta_max = %.4g delta_y:", base_name(mf->path[g->data]),
                    g->delta_max / m->delta_y);
    } else {
        cwb_fit_say(o, "  %-34s", base_name(mf->path[g->data]));
    }
    for (size_t p = 0; p < fm->np; p++) {
        const char *unit = strcmp(fm->unit[p], "-") ? fm->unit[p] : "";
        char se[32]; /* "undefined" for NaN, as every text summary writes it */
        snprintf(se, sizeof se, isnan(g->se[p]) ? "undefined" : "%.3g", g->se[p]);
        cwb_fit_say(o, " %s = %.6g +- %s%s%s", fm->param[p], g->p[p], se, *unit ? " " : "", unit);
        if (fm->unloading != 1)
            cwb_fit_say(o, " (thesis %.6g)", thesis[p]);
        cwb_fit_json_open(&o->json_out, fm->param[p], '{');
        cwb_fit_json_number(&o->json_out, "value", g->p[p]);
        cwb_fit_json_number(&o->json_out, "stderr", g->se[p]);
        if (fm->unloading != 1)
            cwb_fit_json_number(&o->json_out, "thesis", thesis[p]);
        cwb_fit_json_close(&o->json_out, '}');
        snprintf(name, sizeof name, "%s_%zu", fm->param[p], k);
        cwb_fit_parameter(o, name, fm->unit[p], g->p[p], g->se[p]);
        cwb_fit_put(o, name, "", g->p[p]);
        cwb_fit_put(o, name, "_stderr", g->se[p]);
        cwb_fit_note(o, "%s: %s = %.10g +- %s %s", mf->path[g->data], fm->param[p], g->p[p], se,
                     fm->unit[p]);
    }
    if (g->not_reached)
        cwb_fit_say(o,
                    " -- not reached: the strain stays at b up to the last point, n_p > %.4g, "
                    "and s is not determined (no point past the onset)",
                    g->p[0]);
    cwb_fit_say(o, ", R^2 = %.6f, %zu points\n", g->r2, g->count);
    cwb_fit_json_number(&o->json_out, "r_squared", g->r2);
    cwb_fit_json_number(&o->json_out, "rms", g->rms);
    cwb_fit_json_number(&o->json_out, "points", (double)g->count);
    cwb_fit_json_close(&o->json_out, '}');
    cwb_fit_solved(o, fm->np, g->cov, g->r2, g->count);
    snprintf(name, sizeof name, "r_squared_%zu", k);
    cwb_fit_put(o, name, "", g->r2);
}

static void report_unloading(cwb_fit_out *o, const material_fit *mf)
{
    cwb_fit_json_open(&o->json_out, "u_delta_y", '[');
    for (size_t d = 0; d < mf->ndata; d++) {
        double thesis = 0.195 + 0.23 * mf->mat[d].nu;
        cwb_fit_say(o, "  %-34s u delta_y = %.4g +- %.2g (thesis eq. 61: %.4g)\n",
                    base_name(mf->path[d]), mf->u_dy[d], mf->u_se[d], thesis);
        cwb_fit_json_open(&o->json_out, NULL, '{');
        cwb_fit_json_string(&o->json_out, "data", mf->path[d]);
        cwb_fit_json_number(&o->json_out, "value", mf->u_dy[d]);
        cwb_fit_json_number(&o->json_out, "stderr", mf->u_se[d]);
        cwb_fit_json_number(&o->json_out, "thesis", thesis);
        cwb_fit_json_close(&o->json_out, '}');
        char name[32];
        snprintf(name, sizeof name, "u_delta_y_%zu", d);
        double var = mf->u_se[d] * mf->u_se[d];
        cwb_fit_parameter(o, name, "-", mf->u_dy[d], mf->u_se[d]);
        cwb_fit_solved(o, 1, &var, NAN, mf->u_legs[d]); /* a line through 0: no R^2 */
        cwb_fit_put(o, name, "", mf->u_dy[d]);
        cwb_fit_put(o, name, "_stderr", mf->u_se[d]);
    }
    cwb_fit_json_close(&o->json_out, ']');
}

static void report_trend(cwb_fit_out *o, const material_fit *mf)
{
    const formula *fm = mf->fm;
    if (mf->trend_points < 2)
        return;
    const double *t = fm->thesis_trend;
    cwb_fit_say(o,
                "  trend over %zu materials: %s = %.5g (+- %.2g) + %.5g (+- %.2g) %s, R^2 = %.6f"
                "; thesis: %.4g + %.4g %s\n",
                mf->trend_points, fm->trend_y, mf->trend[0], mf->trend_se[0], mf->trend[1],
                mf->trend_se[1], fm->trend_x, mf->trend_r2, t[0], t[1], fm->trend_x);
    cwb_fit_note(o, "trend: %s = %.8g + %.8g %s (R^2 %.8f); thesis %g + %g", fm->trend_y,
                 mf->trend[0], mf->trend[1], fm->trend_x, mf->trend_r2, t[0], t[1]);
    cwb_fit_json_open(&o->json_out, "trend", '{');
    cwb_fit_json_string(&o->json_out, "x", fm->trend_x);
    cwb_fit_json_string(&o->json_out, "y", fm->trend_y);
    cwb_fit_json_number(&o->json_out, "intercept", mf->trend[0]);
    cwb_fit_json_number(&o->json_out, "intercept_stderr", mf->trend_se[0]);
    cwb_fit_json_number(&o->json_out, "slope", mf->trend[1]);
    cwb_fit_json_number(&o->json_out, "slope_stderr", mf->trend_se[1]);
    cwb_fit_json_number(&o->json_out, "r_squared", mf->trend_r2);
    cwb_fit_json_number(&o->json_out, "thesis_intercept", t[0]);
    cwb_fit_json_number(&o->json_out, "thesis_slope", t[1]);
    cwb_fit_json_close(&o->json_out, '}');
    cwb_fit_parameter(o, "trend_intercept", "-", mf->trend[0], mf->trend_se[0]);
    cwb_fit_parameter(o, "trend_slope", "-", mf->trend[1], mf->trend_se[1]);
    cwb_fit_solved(o, 2, mf->trend_cov, mf->trend_r2, mf->trend_points);
    cwb_fit_put(o, "trend_intercept", "", mf->trend[0]);
    cwb_fit_put(o, "trend_intercept", "_stderr", mf->trend_se[0]);
    cwb_fit_put(o, "trend_slope", "", mf->trend[1]);
    cwb_fit_put(o, "trend_slope", "_stderr", mf->trend_se[1]);
}

static void report(cwb_fit_out *o, const material_fit *mf)
{
    cwb_fit_note(o, "model: material, formula %s: %s", mf->fm->name, mf->fm->equation);
    cwb_fit_note(o, "source: Rathbone, Marigo, Dini & van Wachem (2015), Powder Technol. 282:2-9, "
                    "and its extension in the thesis (seed 004 ch. 4-5)");
    cwb_fit_say(o, "%s (formula %s: %s)\n", mf->fc->name, mf->fm->name, mf->fm->equation);
    cwb_fit_json_string(&o->json_out, "formula", mf->fm->name);
    cwb_fit_json_open(&o->json_out, "groups", '[');
    for (size_t k = 0; k < mf->ngroups; k++)
        report_group(o, mf, k);
    cwb_fit_json_close(&o->json_out, ']');
    if (mf->fm->unloading == 1)
        report_unloading(o, mf);
    report_trend(o, mf);
}

/* ------------------------------------------------------------- outputs */

/* How deep data CSV d goes, in delta_y (its largest delta). */
static double deepest(const material_fit *mf, size_t d)
{
    int c = cwb_reference_find(&mf->ref[d], "delta");
    double most = 0.0;
    for (size_t i = 0; c >= 0 && i < mf->ref[d].nrow; i++)
        most = fmax(most, mf->ref[d].v[c][i]);
    return most / mf->mat[d].delta_y;
}

/* The fitted values of the groups of data CSV d, parameter by parameter:
 * "c = 2.2 ± 5.3, z = 0.598 ± 0.048"; several unloading legs: "t = 0.46 ±
 * 0.02, 0.63 ± 0.02 (delta_max = 5, 10 delta_y)". */
static size_t series_values(const material_fit *mf, size_t d, char *out, size_t n)
{
    const formula *fm = mf->fm;
    size_t used = 0, legs = 0;
    char est[96];
    for (size_t p = 0; p < fm->np && used < n; p++) {
        used += (size_t)snprintf(out + used, n - used, "%s%s = ", p ? ", " : "", fm->param[p]);
        legs = 0;
        for (size_t k = 0; k < mf->ngroups && used < n; k++) {
            const group *g = &mf->g[k];
            if (g->data != d)
                continue;
            cwb_gp_format_estimate(est, sizeof est, g->p[p], g->se[p],
                                   strcmp(fm->unit[p], "-") ? fm->unit[p] : "");
            used += (size_t)snprintf(out + used, n - used, "%s%s%s", legs++ ? ", " : "", est,
                                     g->not_reached && p == 0 ? " (not reached)" : "");
        }
    }
    for (size_t k = 0, m = 0; legs > 1 && k < mf->ngroups && used < n; k++) {
        if (mf->g[k].data != d)
            continue;
        m++;
        used +=
            (size_t)snprintf(out + used, n - used, "%s%.3g%s", m > 1 ? ", " : " (delta_max = ",
                             mf->g[k].delta_max / mf->mat[d].delta_y, m == legs ? " delta_y)" : "");
    }
    return used < n ? used : n - 1;
}

/* The legend of data CSV d: the FEM run (its material and depth) and its
 * fitted values. */
static void series_title(const material_fit *mf, size_t d, char *out, size_t n)
{
    const material *m = &mf->mat[d];
    char e[64], sy[64];
    cwb_gp_format_estimate(e, sizeof e, m->E, NAN, "Pa");
    cwb_gp_format_estimate(sy, sizeof sy, m->sigma_y, NAN, "Pa");
    size_t used =
        (size_t)snprintf(out, n, "FEM E = %s, nu = %g, sigma_y = %s, to %.3g delta_y: ", e, m->nu,
                         sy, deepest(mf, d));
    if (used < n)
        series_values(mf, d, out + used, n - used);
}

/* The plots' title when the fit-case's is about what the fits across FEM
 * runs give (a trend across materials, a parameter against delta_max):
 * what the plots of the table show ("...: reduced radius against
 * delta/delta_y, fitted per FEM run (c, z free)"). NULL (one run): the
 * fit-case's, which says what the one fit is. */
static const char *table_title(const cwb_fit_case *fc, const formula *fm, int nseries, char *out,
                               size_t n)
{
    if (nseries < 2)
        return NULL;
    const char *colon = strstr(fc->title, ": ");
    size_t head = colon ? (size_t)(colon - fc->title) : strlen(fc->title);
    size_t what = strcspn(fm->y_name, "["); /* "reduced radius [m]" -> "reduced radius" */
    while (what > 0 && fm->y_name[what - 1] == ' ')
        what--;
    size_t used = (size_t)snprintf(out, n, "%.*s: %.*s against delta/delta_y, fitted per %s (",
                                   (int)head, fc->title, (int)what, fm->y_name,
                                   fm->unloading ? "unloading leg" : "FEM run");
    for (size_t p = 0; p < fm->np && used < n; p++)
        used += (size_t)snprintf(out + used, n - used, "%s%s", p ? ", " : "", fm->param[p]);
    if (used < n)
        snprintf(out + used, n - used, " free)");
    return out;
}

/* Series: one per data CSV with groups, in order. */
typedef struct {
    char title[MAX_DATA][400];
    const char *titles[MAX_DATA];
    int of_group[MAX_GROUPS];
    int count;
} series_set;

static void make_series(const material_fit *mf, series_set *ss)
{
    int index[MAX_DATA];
    ss->count = 0;
    for (size_t d = 0; d < mf->ndata; d++)
        index[d] = -1;
    for (size_t k = 0; k < mf->ngroups; k++) {
        size_t d = mf->g[k].data;
        if (index[d] < 0) {
            index[d] = ss->count;
            series_title(mf, d, ss->title[ss->count], sizeof ss->title[ss->count]);
            ss->titles[ss->count] = ss->title[ss->count];
            ss->count++;
        }
        ss->of_group[k] = index[d];
    }
}

/* The table's column of a formula's y, "reduced radius [m]": the name in
 * one word and suffix ("reduced_radius_data"), the bracket its unit. */
static void y_column(const char *y_name, const char *suffix, char *name, size_t nn, char *unit,
                     size_t nu)
{
    const char *open = strchr(y_name, '['), *close = open ? strchr(open, ']') : NULL;
    size_t len = open ? (size_t)(open - y_name) : strlen(y_name);
    while (len > 0 && y_name[len - 1] == ' ')
        len--;
    snprintf(name, nn, "%.*s%s", (int)len, y_name, suffix);
    for (char *c = name; *c; c++)
        *c = *c == ' ' ? '_' : *c;
    snprintf(unit, nu, "%.*s", open && close ? (int)(close - open - 1) : 0, open ? open + 1 : "");
}

static int write_outputs(const cwb_fit_case *fc, const cwb_fit_out *o, const material_fit *mf,
                         char *msg, size_t n)
{
    double *rows = malloc(mf->npts * 5 * sizeof *rows);
    series_set *ss = malloc(sizeof *ss);
    if (!rows || !ss) {
        free(rows);
        free(ss);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    for (size_t k = 0; k < mf->ngroups; k++) {
        const group *g = &mf->g[k];
        for (size_t i = 0; i < g->count; i++) {
            size_t q = g->first + i;
            double row[] = {mf->x[q] / mf->mat[g->data].delta_y, mf->y[q], mf->yfit[q], (double)k,
                            mf->yfit[q] - mf->y[q]};
            memcpy(rows + 5 * q, row, sizeof row);
        }
    }
    make_series(mf, ss);
    char c1[64], c2[64], unit[32], title[CWB_TEXT + 200];
    y_column(mf->fm->y_name, "_data", c1, sizeof c1, unit, sizeof unit);
    y_column(mf->fm->y_name, "_fit", c2, sizeof c2, unit, sizeof unit);
    const char *cols[] = {"delta/delta_y", c1, c2, "group", "residual"};
    cwb_fit_table t = {.cols = cols,
                       .ncol = 5,
                       .rows = rows,
                       .nrow = mf->npts,
                       .ix = 0,
                       .iy = 1,
                       .ifit = 2,
                       .xunit = "-",
                       .yunit = unit,
                       .igroup = 3,
                       .ngroup = (int)mf->ngroups,
                       .data_title = cwb_fit_data_title(&mf->ref[0]),
                       .fit_title =
                           mf->fm->unloading ? "fitted per unloading leg" : "fitted per FEM run",
                       .title = table_title(fc, mf->fm, ss->count, title, sizeof title),
                       .series_title = ss->titles,
                       .group_series = ss->of_group,
                       .nseries = ss->count};
    int rc = cwb_fit_write_table(fc, o, &t, msg, n);
    free(rows);
    free(ss);
    return rc;
}

/* DIR/NAME_trend.csv and its plot: the per-material values with their
 * standard errors, the fitted line and the thesis' line (Figs. 24, 25, 32). */
static int write_trend(const cwb_fit_case *fc, const cwb_fit_out *o, const material_fit *mf,
                       char *msg, size_t n)
{
    char base[sizeof fc->name + 8];
    snprintf(base, sizeof base, "%s_trend", fc->name);
    cwb_output out;
    int rc = cwb_fit_open(o, base, "csv", &out, msg, n);
    if (rc != CWB_OK)
        return rc;
    const double *t = mf->fm->thesis_trend;
    cwb_fit_csv_head(out.f, o, "the trend across the tables");
    /* every trend quantity is a ratio: nu, (1-nu^2) E* over sigma_y, D over sigma_y, c, z and
     * u delta_y */
    fprintf(out.f, "%s[-],%s[-],stderr[-],cwb_line[-],thesis_line[-]\n", mf->fm->trend_x,
            mf->fm->trend_y);
    for (size_t i = 0; i < mf->trend_points; i++) {
        double x = mf->trend_xs[i];
        const double row[] = {x, mf->trend_ys[i], mf->trend_ses[i], mf->trend[0] + mf->trend[1] * x,
                              t[0] + t[1] * x};
        for (size_t k = 0; k < sizeof row / sizeof *row; k++) {
            cwb_csv_number(out.f, row[k]);
            fputc(k + 1 < sizeof row / sizeof *row ? ',' : '\n', out.f);
        }
    }
    if ((rc = cwb_output_commit(&out, msg, n)) != CWB_OK)
        return rc;
    if (!o->plot)
        return cwb_fit_drop_script(o, base, msg, n);
    if ((rc = cwb_fit_open(o, base, "gp", &out, msg, n)) != CWB_OK)
        return rc;
    FILE *f = out.f;
    char csv[sizeof base + 8], label[160];
    snprintf(csv, sizeof csv, "%s.csv", base);
    cwb_fit_gp_begin(f, base);
    cwb_fit_gp_title(f, o, fc->title, mf->trend_r2);
    cwb_gp_style_axis_column(f, 'x', mf->fm->trend_x);
    cwb_gp_style_axis_column(f, 'y', mf->fm->trend_y);
    fprintf(f, "set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05\nplot ");
    cwb_fit_gp_string(f, '\'', csv);
    fprintf(f, " using 1:2:3 with yerrorbars lt 2 dt 1 title 'fitted to cwb FEM "
               "(\xc2\xb1 1 SE)', \\\n     ");
    snprintf(label, sizeof label, "cwb: %.4g %+.4g x (R^2 %.5f)", mf->trend[0], mf->trend[1],
             mf->trend_r2);
    cwb_fit_gp_string(f, '\'', csv);
    fprintf(f, " using 1:4 with lines lt 1 title ");
    cwb_fit_gp_string(f, '\'', label);
    snprintf(label, sizeof label, "thesis: %.4g %+.4g x", t[0], t[1]);
    fprintf(f, ", \\\n     ");
    cwb_fit_gp_string(f, '\'', csv);
    fprintf(f, " using 1:5 with lines lt 3 title ");
    cwb_fit_gp_string(f, '\'', label);
    fprintf(f, "\n");
    return cwb_fit_finish_script(o, base, &out, msg, n);
}

static int fit_all(material_fit *mf, cwb_fit_out *o, char *msg, size_t n)
{
    int rc = cwb_fit_x_range(mf->fc, &mf->lo, &mf->hi, msg, n);
    if (rc == CWB_OK)
        rc = load_data(mf, msg, n);
    if (rc == CWB_OK)
        rc = cwb_fit_noise(mf->fc, o, mf->y, mf->npts, msg, n);
    for (size_t k = 0; rc == CWB_OK && k < mf->ngroups; k++)
        rc = fit_group(mf, &mf->g[k], msg, n);
    if (rc != CWB_OK)
        return rc;
    if (mf->fm->unloading == 1)
        unloading_slopes(mf);
    trend_line(mf);
    report(o, mf);
    return CWB_OK;
}

/* What the numbers do not say alone: a parameter the data of a group do
 * not determine, a formula that does not describe them (R^2 < 0). */
static void warn_groups(const material_fit *mf, const cwb_log *log)
{
    for (size_t k = 0; k < mf->ngroups; k++) {
        const group *g = &mf->g[k];
        char what[CWB_TEXT + 64];
        snprintf(what, sizeof what, "%s, %s", mf->fc->name, base_name(mf->path[g->data]));
        for (size_t p = 0; !g->not_reached && p < mf->fm->np; p++)
            cwb_fit_warn_undetermined(log, what, mf->fm->param[p], g->state[p]);
        cwb_fit_warn_r_squared(log, what, g->r2);
    }
}

static int fit_material(const cwb_fit_case *fc, cwb_fit_out *o, const cwb_log *log, char *msg,
                        size_t n)
{
    material_fit *mf = calloc(1, sizeof *mf);
    if (!mf)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    mf->fc = fc;
    mf->fm = find_formula(fc->v.text[CWB_FIT_FORMULA]);
    int rc = mf->fm ? cwb_fit_data_paths(fc, &mf->paths, msg, n) : bad_formula(fc, msg, n);
    mf->ndata = mf->paths.count, mf->path = mf->paths.path;
    if (rc == CWB_OK && !(mf->ref = calloc(mf->ndata, sizeof *mf->ref)))
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    if (rc == CWB_OK)
        rc = fit_all(mf, o, msg, n);
    if (rc == CWB_OK)
        warn_groups(mf, log);
    if (rc == CWB_OK)
        rc = write_outputs(fc, o, mf, msg, n);
    if (rc == CWB_OK && mf->trend_points >= 2)
        rc = write_trend(fc, o, mf, msg, n);
    for (size_t d = 0; mf->ref && d < mf->ndata; d++)
        cwb_reference_free(&mf->ref[d]);
    free(mf->ref);
    free(mf->x);
    free(mf->y);
    free(mf->yfit);
    free(mf);
    return rc;
}

static const cwb_fit_key material_requires[] = {CWB_FIT_DATA, CWB_FIT_FORMULA, CWB_FIT_MODEL};
static const cwb_fit_key material_accepts[] = {CWB_FIT_X_RANGE, CWB_FIT_NOISE, CWB_FIT_NOISE_SEED,
                                               CWB_FIT_MODEL};

const cwb_fit_model cwb_fit_model_material = {
    .name = "material",
    .summary = "Rathbone's fitted constants (pressure, reduced and contact radius, unloading "
               "radius) refitted to FEM tables, with the trend across materials",
    .requires = material_requires,
    .accepts = material_accepts,
    .run = fit_material,
};
