/* test_fem_sphere.c -- the FEM model "sphere" (src/fem/models/sphere.c):
 * an elastic-perfectly-plastic sphere on a rigid flat, axisymmetric.
 *
 * Without the solver: the committed CSVs come back from the committed
 * CalculiX .dat (force and overlap per increment) and their refined runs
 * stay within the study's tolerance; the elastic study against Hertz
 * (Johnson, Contact Mechanics, 1985, sec. 4.2: F = (4/3) E* R^1/2
 * delta^3/2, a = (R delta)^1/2, p = p0 (1 - r^2/a^2)^1/2); the first yield
 * against the yield overlap of Rathbone eq. 8 (Ay of appendix A, i.e.
 * Johnson sec. 6.2); the plastic loading curves against the published FEM
 * fit of Kogut & Etsion (2002), "Elastic-plastic contact analysis of a
 * sphere and a rigid flat", J. Appl. Mech. 69:657-662, which cwb's laws
 * do not use.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_fem.h"
#include "cwb_law.h"
#include "cwb_out.h"
#include "cwb_test.h"

/* Tolerances.
 * HERTZ_FORCE: the issue's 1 % where Hertz's half-space applies (a = 0.01 R).
 * HERTZ_BULK: at a = 0.032 R the finite sphere is softer than the half-space
 *   (a bulk term of order F/(E* R) in the approach): measured 1.84 %, with a
 *   mesh-refinement change of 0.01 %, so it is not a discretization error.
 * HERTZ_PRESSURE: pointwise pressures of a penalty contact, 5 %.
 * ONSET: the bracket of the first yielding increment may miss delta_y by
 *   10 % (nodal extrapolation of PEEQ by CalculiX).
 * KE: Kogut & Etsion's two fits disagree by 4.8 % where they meet (w/w_c =
 *   6: 1.03 6^1.425 vs 1.40 6^1.263), their K H differs from Ay of eq. 8 by
 *   2 % at nu = 0 (1.271 vs 1.299), and the FEM is 1-2 % softer than Hertz
 *   at these a/R: 8 %. */
#define SPHERE_HERTZ_FORCE_TOL    0.01
#define SPHERE_HERTZ_BULK_TOL     0.025
#define SPHERE_HERTZ_PRESSURE_TOL 0.05
#define SPHERE_ONSET_TOL          0.1
#define SPHERE_KE_TOL             0.08

/* Every committed sphere study. */
static const char *const studies[] = {
    "seed004_elastic_small",
    "seed004_elastic",
    "seed004_fig26",
    "seed004_fig27",
    "seed004_fig30",
    "seed004_table3",
    "seed004_fig33_8500",
    "seed004_fig33_26000",
    "seed004_grid_E6100_s40_nu0",
    "seed004_grid_E1400_s10_nu03",
    "seed004_grid_E26000_s40_nu0",
    "seed004_pellet",
    "seed004_grid_E6100_s40_nu03",
    "seed004_grid_E26000_s40_nu03",
    "seed004_grid_E26000_s160_nu0",
    "seed004_grid_E26000_s160_nu03",
    "seed004_grid_E1400_s10_nu0",
    "seed004_fig31_E8500_s50",
    "seed004_modelB_E8500_s50",
};
#define NELASTIC 2 /* the first two are elastic */
#define NSTUDIES (sizeof studies / sizeof *studies)

static double col(const cwb_reference *r, const char *name, size_t row)
{
    int j = cwb_reference_find(r, name);
    ck_assert_msg(j >= 0, "%s: no column %s", r->path, name);
    return r->v[j][row];
}

static void load_csv(cwb_reference *r, const char *name)
{
    char path[256], msg[CWB_MSG];
    snprintf(path, sizeof path, "reference/fem/%s.csv", name);
    ck_assert_msg(cwb_reference_load(r, path, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_msg(r->nrow > 0, "%s: no rows", path);
}

/* The spec of a study's run (refine 1: the committed mesh) and its
 * refinement tolerance. */
static void load_spec(const char *name, cwb_sphere *sp, double *tolerance, double *refine)
{
    char path[256], msg[CWB_MSG];
    snprintf(path, sizeof path, "reference/fem/studies/%s.study", name);
    cwb_fem_study *s;
    ck_assert_msg(cwb_fem_study_load(&s, path, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_str_eq(s->model->name, "sphere");
    s->model->spec(s, 0, 1.0, sp);
    *tolerance = s->mesh.p[CWB_FEM_TOLERANCE];
    *refine = s->mesh.p[CWB_FEM_REFINE];
    cwb_fem_study_free(s);
}

static void load_dat(const char *name, int refined, const cwb_sphere *sp, cwb_sphere_out *o)
{
    char path[256], msg[CWB_MSG];
    snprintf(path, sizeof path, "reference/fem/raw/%s/p001%s.dat", name, refined ? "_refined" : "");
    memset(o, 0, sizeof *o);
    ck_assert_msg(cwb_sphere_dat(o, path, sp, msg, sizeof msg) == CWB_OK, "%s", msg);
}

static double force_at_time(const cwb_sphere_out *o, double t)
{
    for (size_t i = 0; i < o->count; i++)
        if (fabs(o->inc[i].time - t) < 1e-9 * t)
            return o->inc[i].force;
    ck_abort_msg("no increment at time %g", t);
    return NAN;
}

/* Row i of every committed CSV is increment i of its committed .dat: the
 * overlap and the force to the CSV's printed digits (7: 1e-6 relative), the
 * leg of its step, the constant columns; the refined run's forces at the
 * legs' ends within the study's tolerance (what the pipeline enforced). */
START_TEST(sphere_csv_from_committed_solver_output)
{
    for (size_t s = 0; s < NSTUDIES; s++) {
        cwb_sphere sp;
        double tol, refine;
        load_spec(studies[s], &sp, &tol, &refine);
        cwb_reference r;
        load_csv(&r, studies[s]);
        cwb_sphere_out o, fine;
        load_dat(studies[s], 0, &sp, &o);
        ck_assert_uint_eq(o.count, r.nrow);
        double dy = cwb_sphere_delta_y(sp.R, sp.E, sp.nu, sp.sigma_y);
        size_t centre_rows = 0; /* rows whose .dat holds the centre's strain */
        for (size_t i = 0; i < r.nrow; i++) {
            double pc = o.inc[i].peeq_centre;
            if (isfinite(pc)) { /* *EL PRINT of the centre elements (Fig. 31) */
                ck_assert_msg(fabs(col(&r, "peeq_centre", i) - pc) <= 1e-6 * fabs(pc) + 1e-12,
                              "%s row %zu: peeq_centre %g, .dat %g", studies[s], i,
                              col(&r, "peeq_centre", i), pc);
                centre_rows++;
            }
            ck_assert_rel(col(&r, "delta", i), o.inc[i].delta, 1e-6);
            ck_assert_rel(col(&r, "force", i), o.inc[i].force, 1e-6);
            size_t step = (size_t)ceil(o.inc[i].time - 1e-9);
            ck_assert_int_eq((int)col(&r, "leg", i), cwb_sphere_leg(&sp, step));
            ck_assert_rel(col(&r, "R", i), sp.R, 1e-6);
            ck_assert_rel(col(&r, "E", i), sp.E, 1e-6);
            ck_assert(col(&r, "nu", i) == sp.nu && col(&r, "sigma_y", i) == sp.sigma_y);
            ck_assert(fabs(col(&r, "delta_y", i) - dy) <= 1e-6 * dy);
        }
        /* a .dat with the centre's strain has it at every increment */
        ck_assert(centre_rows == 0 || centre_rows == r.nrow);
        ck_assert_msg(refine > 1.0, "%s: no refinement check", studies[s]);
        load_dat(studies[s], 1, &sp, &fine);
        for (size_t k = 1; k <= sp.npath; k++) {
            if (!(sp.path[k - 1] > 0))
                continue;
            double f0 = force_at_time(&o, (double)k), f1 = force_at_time(&fine, (double)k);
            printf("%s: leg %zu ends at %.4g N; refined mesh %+.3f %%\n", studies[s], k, f0,
                   100 * (f1 / f0 - 1));
            ck_assert_rel(f1, f0, tol);
        }
        cwb_sphere_out_free(&o);
        cwb_sphere_out_free(&fine);
        cwb_reference_free(&r);
    }
}
END_TEST

/* The edge and centre-pressure estimators are exact on a Hertz profile
 * p = p0 (1 - r^2/a^2)^1/2 sampled at arbitrary radii (they extrapolate
 * p^2 linearly in r^2, which is what Hertz is). */
START_TEST(sphere_edge_and_centre_exact_on_hertz)
{
    const double a = 3.1e-6, p0 = 5.2e8;
    double r[40], p[40];
    for (int k = 0; k < 40; k++) {
        r[k] = 1.1e-7 * k + 1e-9 * (k % 3);
        double s = 1.0 - r[k] * r[k] / (a * a);
        p[k] = s > 0 ? p0 * sqrt(s) : 0.0;
    }
    ck_assert_rel(cwb_sphere_edge(r, p, 40, 3e-7), a, 1e-12);
    ck_assert_rel(cwb_sphere_centre_pressure(r, p, 40, 3e-7, a), p0, 1e-12);
    /* the node on the axis open (CalculiX's axisymmetric axis node on
     * unloading): the zone still ends at a; past r0 an open node ends it */
    p[0] = 0;
    ck_assert_rel(cwb_sphere_edge(r, p, 40, 3e-7), a, 1e-12);
    p[5] = 0;
    ck_assert(cwb_sphere_edge(r, p, 40, 3e-7) < r[6]);
    for (int k = 0; k < 40; k++)
        p[k] = 0;
    ck_assert(cwb_sphere_edge(r, p, 40, 3e-7) == 0.0);
}
END_TEST

/* Hertz (Johnson 1985, eqs. 4.22-4.23 with E* = E/(1 - nu^2) on a rigid
 * flat) for a sphere of radius R at overlap d. */
static double hertz_force(double R, double E_star, double d)
{
    return 4.0 / 3.0 * E_star * sqrt(R) * pow(d, 1.5);
}

/* An elastic study against Hertz at the end of loading: force within
 * force_tol, contact radius within the stated accuracy (one element, h0:
 * the edge is located between corner nodes), pressure of the nodes beyond 3 h0 from the axis and inside 0.8 a
 * within 5 % (pointwise values of a penalty contact on quadratic faces). */
static void check_hertz(const char *name, double force_tol)
{
    cwb_sphere sp;
    double tol, refine;
    load_spec(name, &sp, &tol, &refine);
    cwb_reference r, pr;
    load_csv(&r, name);
    double E_star = sp.E / (1 - sp.nu * sp.nu), h0 = sp.fine * sp.R;
    size_t last = 0;
    for (size_t i = 0; i < r.nrow; i++)
        if (col(&r, "leg", i) == 1)
            last = i;
    double d = col(&r, "delta", last), a_h = sqrt(sp.R * d);
    double f_err = col(&r, "force", last) / hertz_force(sp.R, E_star, d) - 1.0;
    double a_err = col(&r, "contact_radius", last) / a_h - 1.0;
    printf("%s at delta = %g m (a/R = %.3f): force / Hertz - 1 = %+.3f %%, contact radius / "
           "(R delta)^1/2 - 1 = %+.3f %% (a / h0 = %.1f)\n",
           name, d, a_h / sp.R, 100 * f_err, 100 * a_err, a_h / h0);
    ck_assert_msg(fabs(f_err) < force_tol, "%s: force off Hertz by %g", name, f_err);
    ck_assert_msg(fabs(col(&r, "contact_radius", last) - a_h) <= h0,
                  "%s: contact radius %g vs Hertz %g: more than h0 = %g apart", name,
                  col(&r, "contact_radius", last), a_h, h0);
    char table[128];
    snprintf(table, sizeof table, "%s_pressure", name);
    load_csv(&pr, table);
    double p0 = 2.0 * E_star * a_h / (M_PI * sp.R), worst = 0.0;
    size_t used = 0;
    for (size_t i = 0; i < pr.nrow; i++) {
        double x = col(&pr, "r", i);
        if (x < 3 * h0 || x > 0.8 * a_h)
            continue;
        double ph = p0 * sqrt(1 - x * x / (a_h * a_h));
        worst = fmax(worst, fabs(col(&pr, "pressure", i) / ph - 1));
        used++;
    }
    printf("%s: pressure of %zu nodes in [3 h0, 0.8 a] within %.2f %% of Hertz\n", name, used,
           100 * worst);
    ck_assert_uint_ge(used, 5);
    ck_assert_msg(worst < SPHERE_HERTZ_PRESSURE_TOL, "%s: pressure off Hertz by %g", name, worst);
    cwb_reference_free(&r);
    cwb_reference_free(&pr);
}

/* Where Hertz's half-space applies (a = 0.01 R) the FEM must be within 1 %
 * of it (the issue's criterion; the thesis' Figs. 7-8). At a = 0.03 R the
 * finite sphere is softer than the half-space by a bulk term of order
 * F / (E* R) in the approach, i.e. a force deficit growing like
 * (delta/R)^1/2: measured 1.8 % there, bounded here by SPHERE_HERTZ_BULK_TOL. */
START_TEST(sphere_elastic_is_hertz)
{
    check_hertz("seed004_elastic_small", SPHERE_HERTZ_FORCE_TOL);
    check_hertz("seed004_elastic", SPHERE_HERTZ_BULK_TOL);
}
END_TEST

/* First yield: the first increment of leg 1 with peeq_max > 0 lies one
 * increment or less past delta_y of eq. 8 -- the bracket (previous row,
 * that row] must contain delta_y within SPHERE_ONSET_TOL. */
START_TEST(sphere_yield_onset_is_eq8)
{
    for (size_t s = NELASTIC; s < NSTUDIES; s++) {
        cwb_reference r;
        load_csv(&r, studies[s]);
        double dy = col(&r, "delta_y", 0), prev = 0.0, on = NAN;
        for (size_t i = 0; i < r.nrow && col(&r, "leg", i) == 1; i++) {
            if (col(&r, "peeq_max", i) > 0) {
                on = col(&r, "delta", i);
                break;
            }
            prev = col(&r, "delta", i);
        }
        printf("%s: first yield between delta / delta_y = %.3f and %.3f\n", studies[s], prev / dy,
               on / dy);
        ck_assert_msg(isfinite(on), "%s: no yield on loading", studies[s]);
        ck_assert_msg(prev <= dy * (1 + SPHERE_ONSET_TOL) && on >= dy * (1 - SPHERE_ONSET_TOL),
                      "%s: yield starts in (%g, %g] delta_y, not at 1", studies[s], prev / dy,
                      on / dy);
        cwb_reference_free(&r);
    }
}
END_TEST

/* Kogut & Etsion (2002), eqs. 3 and 12: w_c = (pi K H / 2E*)^2 R with
 * K = 0.454 + 0.41 nu, H = 2.8 sigma_y; P_c = (4/3) E* R^1/2 w_c^3/2;
 * P/P_c = 1.03 (w/w_c)^1.425 for 1 <= w/w_c <= 6, 1.40 (w/w_c)^1.263 for
 * 6 <= w/w_c <= 110. */
static double kogut_etsion_force(double R, double E, double nu, double sy, double w)
{
    double E_star = E / (1 - nu * nu), K = 0.454 + 0.41 * nu, H = 2.8 * sy;
    double s = M_PI * K * H / (2 * E_star), wc = s * s * R;
    double Pc = hertz_force(R, E_star, wc), x = w / wc;
    if (x < 1 || x > 110)
        return NAN;
    return Pc * (x <= 6 ? 1.03 * pow(x, 1.425) : 1.40 * pow(x, 1.263));
}

START_TEST(sphere_plastic_loading_is_kogut_etsion)
{
    for (size_t s = NELASTIC; s < NSTUDIES; s++) {
        cwb_reference r;
        load_csv(&r, studies[s]);
        double worst = 0.0, at = NAN;
        size_t used = 0;
        for (size_t i = 0; i < r.nrow && col(&r, "leg", i) == 1; i++) {
            double d = col(&r, "delta", i);
            double ke = kogut_etsion_force(col(&r, "R", i), col(&r, "E", i), col(&r, "nu", i),
                                           col(&r, "sigma_y", i), d);
            if (!isfinite(ke))
                continue;
            double dev = col(&r, "force", i) / ke - 1;
            if (fabs(dev) > fabs(worst))
                worst = dev, at = d / col(&r, "delta_y", i);
            used++;
        }
        printf("%s: force / Kogut-Etsion fit - 1 at worst %+.2f %% (delta = %.3g delta_y; %zu "
               "increments with 1 <= w/w_c <= 110)\n",
               studies[s], 100 * worst, at, used);
        ck_assert_uint_ge(used, 3);
        ck_assert_msg(fabs(worst) < SPHERE_KE_TOL, "%s: %g off Kogut & Etsion", studies[s], worst);
        cwb_reference_free(&r);
    }
}
END_TEST

Suite *fem_sphere_suite(void)
{
    Suite *s = suite_create("fem_sphere");
    TCase *t = test_tcase("sphere", 60);
    tcase_add_test(t, sphere_csv_from_committed_solver_output);
    tcase_add_test(t, sphere_edge_and_centre_exact_on_hertz);
    tcase_add_test(t, sphere_elastic_is_hertz);
    tcase_add_test(t, sphere_yield_onset_is_eq8);
    tcase_add_test(t, sphere_plastic_loading_is_kogut_etsion);
    suite_add_tcase(s, t);
    return s;
}
