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
 * HERTZ_BULK: at a = 0.032 R the deficit is 1.84 %, with a mesh-refinement
 *   change of 0.01 %, so it is not a discretization error: Hertz's linear
 *   theory on the finite sphere plus the finite-strain response of
 *   CalculiX's *ELASTIC under NLGEOM, both growing with a/R
 *   (sphere_hertz_deficit_split).
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

/* The studies that are their own refinement study (three meshes, refine =
 * 1 each; reference/fem/studies/seed004_fig31_eq64.py) or a mesh check of
 * another (the _fine and _bulk runs of seed004_elastic_small), and the
 * elastic runs that split seed004_elastic_small's deficit against Hertz
 * (reference/fem/studies/seed004_hertz_small.py). */
static const char *const fig31_studies[] = {
    "seed004_fig31_nu0_h0",  "seed004_fig31_nu0_h1",  "seed004_fig31_nu0_h2",
    "seed004_fig31_nu03_h0", "seed004_fig31_nu03_h1", "seed004_fig31_nu03_h2",
};
static const char *const split_studies[] = {
    "seed004_hertz_a01_nu0_small",      "seed004_hertz_a01_nu0_neo",
    "seed004_hertz_a01_nu03_finite",    "seed004_hertz_a01_nu03_small",
    "seed004_hertz_a01_nu03_neo",       "seed004_hertz_a02_nu0_finite",
    "seed004_hertz_a02_nu0_small",      "seed004_hertz_a02_nu03_finite",
    "seed004_hertz_a02_nu03_small",     "seed004_hertz_a01_nu0_fine",
    "seed004_hertz_a01_nu0_bulk",       "seed004_hertz_a005_nu0_small",
    "seed004_hertz_a01_nu0_small_fine", "seed004_hertz_a01_nu0_small_penalty",
    "seed004_hertz_a0025_nu0_small",
};
#define NFIG31 (sizeof fig31_studies / sizeof *fig31_studies)
#define NSPLIT (sizeof split_studies / sizeof *split_studies)

/* Row i of a committed CSV is increment i of its committed .dat: the
 * overlap and the force to the CSV's printed digits (7: 1e-6 relative), the
 * leg of its step, the constant columns; the refined run's forces at the
 * legs' ends within the study's tolerance (what the pipeline enforced),
 * where the study has one (need_refined: it must). */
static void check_csv_against_dat(const char *name, int need_refined)
{
    cwb_sphere sp;
    double tol, refine;
    load_spec(name, &sp, &tol, &refine);
    cwb_reference r;
    load_csv(&r, name);
    cwb_sphere_out o, fine;
    load_dat(name, 0, &sp, &o);
    ck_assert_uint_eq(o.count, r.nrow);
    double dy = cwb_sphere_delta_y(sp.R, sp.E, sp.nu, sp.sigma_y);
    size_t centre_rows = 0; /* rows whose .dat holds the centre's strain */
    for (size_t i = 0; i < r.nrow; i++) {
        double pc = o.inc[i].peeq_centre;
        if (isfinite(pc)) { /* *EL PRINT of the centre elements (Fig. 31) */
            ck_assert_msg(fabs(col(&r, "peeq_centre", i) - pc) <= 1e-6 * fabs(pc) + 1e-12,
                          "%s row %zu: peeq_centre %g, .dat %g", name, i, col(&r, "peeq_centre", i),
                          pc);
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
    ck_assert_msg(refine > 1.0 || !need_refined, "%s: no refinement check", name);
    if (refine > 1.0) {
        load_dat(name, 1, &sp, &fine);
        for (size_t k = 1; k <= sp.npath; k++) {
            if (!(sp.path[k - 1] > 0))
                continue;
            double f0 = force_at_time(&o, (double)k), f1 = force_at_time(&fine, (double)k);
            printf("%s: leg %zu ends at %.4g N; refined mesh %+.3f %%\n", name, k, f0,
                   100 * (f1 / f0 - 1));
            ck_assert_rel(f1, f0, tol);
        }
        cwb_sphere_out_free(&fine);
    }
    cwb_sphere_out_free(&o);
    cwb_reference_free(&r);
}

START_TEST(sphere_csv_from_committed_solver_output)
{
    for (size_t s = 0; s < NSTUDIES; s++)
        check_csv_against_dat(studies[s], 1);
    for (size_t s = 0; s < NFIG31; s++)
        check_csv_against_dat(fig31_studies[s], 0);
    for (size_t s = 0; s < NSPLIT; s++) /* the mesh checks have no refined run of their own */
        check_csv_against_dat(split_studies[s], 0);
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
 * of it (the thesis' criterion for Figs. 7-8). At a = 0.03 R the deficit,
 * which grows with a/R (sphere_hertz_deficit_split), is 1.8 %, bounded here
 * by SPHERE_HERTZ_BULK_TOL. */
START_TEST(sphere_elastic_is_hertz)
{
    check_hertz("seed004_elastic_small", SPHERE_HERTZ_FORCE_TOL);
    check_hertz("seed004_elastic", SPHERE_HERTZ_BULK_TOL);
}
END_TEST

/* Rathbone thesis Fig. 10: Model B's elastic sphere (E 26000 MPa, nu 0)
 * "departs from Hertz at the highest displacement". cwb's FEM of it to a =
 * 0.11 R (seed004_fig10_finite, NLGEOM; seed004_fig10_small, geometrically
 * linear, same mesh): under NLGEOM F / F_Hertz - 1 falls at every increment
 * from delta = 1e-7 m (a = 0.032 R) on, and stays within 5 % (measured
 * -1.79 % to -2.81 %); at 1e-7 m it is seed004_elastic's -1.84 % on another
 * mesh (within 0.2 %: the two meshes' refinement changes are 0.01-0.03 %);
 * the geometrically linear run rises above Hertz (+2.66 % at 0.11 R), the
 * finite sphere's stiffening, so the NLGEOM deficit there (-5.3 % on the
 * linear run) is the finite-strain response. Hertz: Johnson 1985 sec. 4.2. */
static double hertz_deviation(const char *name);

START_TEST(sphere_fig10_departs_from_hertz)
{
    check_csv_against_dat("seed004_fig10_finite", 1);
    check_csv_against_dat("seed004_fig10_small", 1);
    cwb_reference r, s;
    load_csv(&r, "seed004_fig10_finite");
    load_csv(&s, "seed004_fig10_small");
    ck_assert_uint_eq(r.nrow, s.nrow);
    const double E_star = 2.6e10, R = 1e-4;
    double prev = 1.0, last_f = 0.0, last_s = 0.0;
    size_t used = 0;
    for (size_t i = 0; i < r.nrow; i++) {
        double d = col(&r, "delta", i);
        if (col(&r, "leg", i) != 1 || d < 1e-7 * (1 - 1e-6))
            continue;
        double ef = col(&r, "force", i) / hertz_force(R, E_star, d) - 1.0;
        ck_assert_msg(ef < prev && ef < 0 && ef > -0.05, "delta %g: F/F_Hertz - 1 = %g", d, ef);
        if (used++ == 0)
            ck_assert_msg(fabs(ef - hertz_deviation("seed004_elastic")) < 0.002,
                          "at 1e-7 m: %g against seed004_elastic's %g", ef,
                          hertz_deviation("seed004_elastic"));
        prev = ef;
        last_f = ef;
        last_s = col(&s, "force", i) / hertz_force(R, E_star, col(&s, "delta", i)) - 1.0;
    }
    printf("Fig. 10: at a = 0.11 R, NLGEOM %+.2f %%, geometrically linear %+.2f %% of Hertz\n",
           100 * last_f, 100 * last_s);
    ck_assert_uint_ge(used, 10);
    ck_assert_msg(last_s > 0.0, "geometrically linear: %g", last_s);
    cwb_reference_free(&r);
    cwb_reference_free(&s);
}
END_TEST

/* [load] profiles = yes (Rathbone thesis Fig. 18): seed004_fig18_profiles.csv
 * holds the pressure profile of every loading increment of seed004_fig18
 * (Table 3's initial material to 1e-7 m = 5.58 delta_y, 20 increments).
 * Its blocks are the main table's leg-1 increments, each integrating (ring
 * sum 2 pi r p dr) to that increment's force, the last one the _pressure
 * table's; below delta_y (0.56 and 0.84 delta_y, a/h0 = 4 and 4.9) the
 * nodes in [h0, 0.8 a] are within 10 % of Hertz p0 (1 - r^2/a^2)^1/2
 * (Johnson 1985 eq. 4.49; measured 4.4-6.1 %: the penalty's pointwise
 * pressure with four nodes across the contact; check_hertz holds 5 % at
 * a/h0 = 20); at 5.58 delta_y the pressure over r <= a/2 is uniform to 1 %
 * (the thesis: "uniform across the contact area with a sharp drop at the
 * edge"; measured 0.8 %). */
START_TEST(sphere_fig18_profiles)
{
    check_csv_against_dat("seed004_fig18", 1);
    cwb_reference r, pr, last;
    load_csv(&r, "seed004_fig18");
    load_csv(&pr, "seed004_fig18_profiles");
    load_csv(&last, "seed004_fig18_pressure");
    const double R = 1e-4, E_star = 6.1e9, h0 = 0.0025 * R;
    size_t k = 0, blocks = 0;
    for (size_t i = 0; i < r.nrow && col(&r, "leg", i) == 1; i++, blocks++) {
        double d = col(&r, "delta", i), a = sqrt(R * d), p0 = 2 * E_star * a / (M_PI * R);
        double ring = 0.0, lo = INFINITY, hi = 0.0, worst = 0.0;
        size_t first = k;
        for (; k < pr.nrow && col(&pr, "delta", k) == d; k++) {
            double x = col(&pr, "r", k), p = col(&pr, "pressure", k);
            if (k > first) {
                double x0 = col(&pr, "r", k - 1), p_0 = col(&pr, "pressure", k - 1);
                ring += M_PI * (x - x0) * (x0 * p_0 + x * p);
            }
            if (d < 0.9 * col(&r, "delta_y", i) && d > 7e-9 && x >= h0 && x <= 0.8 * a)
                worst = fmax(worst, fabs(p / (p0 * sqrt(1 - x * x / (a * a))) - 1));
            if (x >= h0 && x <= 0.5 * col(&r, "contact_radius", i))
                lo = fmin(lo, p), hi = fmax(hi, p);
        }
        ck_assert_msg(k > first, "no profile at delta = %g", d);
        ck_assert_rel(ring, col(&r, "force", i), 1e-6);
        ck_assert_msg(worst < 0.1, "delta = %g: pressure off Hertz by %g", d, worst);
        if (i + 1 < r.nrow && col(&r, "leg", i + 1) != 1) { /* the end of loading */
            ck_assert_uint_eq(k - first, last.nrow);
            for (size_t j = 0; j < last.nrow; j++)
                ck_assert_rel(col(&pr, "pressure", first + j) +
                                  1.0, /* + 1 Pa: the open nodes' zeros */
                              col(&last, "pressure", j) + 1.0, 1e-12);
            printf("Fig. 18: at %.2f delta_y the pressure over r <= a/2 spans %.2f %%\n",
                   d / col(&r, "delta_y", i), 100 * (hi / lo - 1));
            ck_assert_msg(hi / lo - 1 < 0.01, "not uniform: %g to %g Pa", lo, hi);
        }
    }
    ck_assert_uint_eq(k, pr.nrow);
    ck_assert_uint_eq(blocks, 20);
    cwb_reference_free(&r);
    cwb_reference_free(&pr);
    cwb_reference_free(&last);
}
END_TEST

/* Rathbone thesis Figs. 20 and 21 (von Mises stress and plastic strain
 * under the contact at 0.0001 mm, 5.58 delta_y, of Table 3's initial
 * material): its text gives no numbers, only three claims, each held here
 * on the r-z map of the Fig. 18 study (seed004_fig20_map.csv, written by
 * reference/fem/studies/seed004_fig20_map.py from CalculiX's nodal fields;
 * a = 3.43 um, the contact radius at that overlap). The field is
 * axisymmetric, so this section carries what the thesis' 3D contours of a
 * quarter sphere show.
 * (1) "The parts where the stress is above the yield stress correspond to
 *     the parts that show plastic strain": of the nodes with PEEQ > 1e-4,
 *     at least 95 % show von Mises >= 0.95 sigma_y, and no node below
 *     0.8 sigma_y shows PEEQ > 1e-4. The 5 % and the 0.95 allow for
 *     CalculiX's nodal averaging (element values extrapolated to the nodes
 *     and averaged), which smears the stress across the plastic zone's
 *     boundary; measured 99.3 % and PEEQ 0.
 * (2) "Plastic deformation has reached the surface of the sphere, at the
 *     edges of the contact area": within 0.2 um of the surface (0.06 a),
 *     PEEQ >= 1e-3 somewhere in 0.6 a <= r <= a (measured 4.1e-3), and
 *     below 1e-5 inside r < 0.3 a (measured 0: an elastic centre; the
 *     thesis' sec. 4.4 annulus).
 * (3) "The greatest plastic strain is seen below the surface": the largest
 *     PEEQ lies deeper than 0.25 a and within 0.2 a of the axis, and is at
 *     least twice the surface layer's largest (measured 0.0119 at
 *     z = 0.52 a, r = 0.03 a, against 0.0041). Hertz's first yield of
 *     nu = 0 is on the axis at 0.38 a_y (Johnson 1985 eqs. 3.45 on the
 *     axis), and the zone grows downwards from there. */
START_TEST(sphere_fig20_21_plastic_zone)
{
    cwb_reference m;
    load_csv(&m, "seed004_fig20_map");
    const double a = 3.43e-6, sigma_y = 4e7, skin = 0.2e-6;
    size_t plastic = 0, yielded = 0, elastic_plastic = 0, at_max = 0;
    double edge = 0.0, centre = 0.0, surface = 0.0, largest = 0.0;
    for (size_t i = 0; i < m.nrow; i++) {
        double r = col(&m, "r", i), z = col(&m, "z", i);
        double vm = col(&m, "mises", i), pe = col(&m, "peeq", i);
        if (pe > 1e-4) {
            plastic++;
            yielded += vm >= 0.95 * sigma_y;
        }
        elastic_plastic += vm < 0.8 * sigma_y && pe > 1e-4;
        if (z <= skin) {
            surface = fmax(surface, pe);
            if (r >= 0.6 * a && r <= a)
                edge = fmax(edge, pe);
            if (r < 0.3 * a)
                centre = fmax(centre, pe);
        }
        if (pe > largest)
            largest = pe, at_max = i;
    }
    printf("Figs. 20-21: %zu of %zu plastic nodes at >= 0.95 sigma_y; surface PEEQ %.3g at the "
           "edge, %.3g at the centre; largest %.4g at z = %.2f a, r = %.2f a\n",
           yielded, plastic, edge, centre, largest, col(&m, "z", at_max) / a,
           col(&m, "r", at_max) / a);
    ck_assert_uint_gt(plastic, 100);
    ck_assert_msg(yielded >= 0.95 * plastic, "%zu of %zu", yielded, plastic);
    ck_assert_uint_eq(elastic_plastic, 0);
    ck_assert_msg(edge >= 1e-3 && centre < 1e-5, "edge %g, centre %g", edge, centre);
    ck_assert_msg(col(&m, "z", at_max) > 0.25 * a && col(&m, "r", at_max) < 0.2 * a,
                  "largest PEEQ at z = %g, r = %g", col(&m, "z", at_max), col(&m, "r", at_max));
    ck_assert_msg(largest >= 2 * surface, "largest %g, surface %g", largest, surface);
    cwb_reference_free(&m);
}
END_TEST

/* F / F_Hertz - 1 at the end of a study's loading leg (Hertz: Johnson
 * 1985 sec. 4.2, F = (4/3) E* R^1/2 delta^3/2). */
static double hertz_deviation(const char *name)
{
    cwb_reference r;
    load_csv(&r, name);
    size_t last = 0;
    for (size_t i = 0; i < r.nrow; i++)
        if (col(&r, "leg", i) == 1)
            last = i;
    double nu = col(&r, "nu", last), e_star = col(&r, "E", last) / (1 - nu * nu);
    double dev =
        col(&r, "force", last) / hertz_force(col(&r, "R", last), e_star, col(&r, "delta", last)) -
        1.0;
    cwb_reference_free(&r);
    return dev;
}

/* Why seed004_elastic_small (nu 0, NLGEOM) sits 0.94 % below Hertz at
 * a = 0.01 R: the same sphere run geometrically linear (Hertz's own
 * theory, on a finite sphere whose equator is held) and with a
 * neo-Hookean law of the same small-strain moduli. The split:
 *   linear part: -0.51 % at nu 0, +0.39 % at nu 0.3 (the finite sphere's
 *     response depends on nu and changes sign between them);
 *   finite-strain part (NLGEOM minus linear): -0.43 % (nu 0) and -0.47 %
 *     (nu 0.3) with CalculiX's *ELASTIC under NLGEOM (Saint Venant-
 *     Kirchhoff), -0.12 % and -0.11 % neo-Hookean: a property of the
 *     chosen finite-strain law, of the order of the contact strain
 *     p0/E* = 2a/(pi R), and doubling with a/R (0.02 R: -0.87 %, -0.97 %);
 * at nu 0.3 the two cancel (-0.09 %), at nu 0 they add (-0.94 %).
 * Every number is re-derived here from its study's CSV (1e-6: the CSV's
 * digits) and must match reference/fem/seed004_hertz_small.csv. The
 * Hertz bound where the half-space applies (a = 0.01 R) is 1 %, the
 * thesis' criterion for Figs. 7-8; the split's parts are asserted to
 * HERTZ_SPLIT_TOL, the mesh's and the penalty's effect (contact mesh halved
 * +0.003 % NLGEOM, +0.006 % linear; bulk mesh 5 times finer -0.013 %; sizes
 * / 1.3 <= 0.006 %; penalty ten times stiffer +0.023 %), rounded up to
 * 0.05 %. */
#define HERTZ_SPLIT_TOL 5e-4
START_TEST(sphere_hertz_deficit_split)
{
    cwb_reference t;
    load_csv(&t, "seed004_hertz_small");
    int cs = cwb_reference_find(&t, "F_over_F_Hertz_minus_1");
    ck_assert_int_ge(cs, 0);
    ck_assert_uint_eq(t.nrow, NSPLIT + 1);
    for (size_t i = 0; i < NSPLIT; i++) { /* the table's rows against the runs */
        double dev = hertz_deviation(split_studies[i]);
        int found = 0;
        for (size_t k = 0; k < t.nrow; k++)
            found |= fabs(t.v[cs][k] - dev) <= 1e-6;
        ck_assert_msg(found, "%s: %g is not in seed004_hertz_small.csv", split_studies[i], dev);
    }
    double svk0 = hertz_deviation("seed004_elastic_small");
    double lin0 = hertz_deviation("seed004_hertz_a01_nu0_small"),
           neo0 = hertz_deviation("seed004_hertz_a01_nu0_neo");
    double svk3 = hertz_deviation("seed004_hertz_a01_nu03_finite"),
           lin3 = hertz_deviation("seed004_hertz_a01_nu03_small"),
           neo3 = hertz_deviation("seed004_hertz_a01_nu03_neo");
    double svk0_2 = hertz_deviation("seed004_hertz_a02_nu0_finite"),
           lin0_2 = hertz_deviation("seed004_hertz_a02_nu0_small");
    double svk3_2 = hertz_deviation("seed004_hertz_a02_nu03_finite"),
           lin3_2 = hertz_deviation("seed004_hertz_a02_nu03_small");
    printf("Hertz deficit at a = 0.01 R: nu 0: %+.3f %% = linear %+.3f %% + finite strain "
           "%+.3f %% (neo-Hookean %+.3f %%); nu 0.3: %+.3f %% = %+.3f %% + %+.3f %% (%+.3f %%); "
           "at 0.02 R the finite-strain parts %+.3f %%, %+.3f %%\n",
           100 * svk0, 100 * lin0, 100 * (svk0 - lin0), 100 * (neo0 - lin0), 100 * svk3, 100 * lin3,
           100 * (svk3 - lin3), 100 * (neo3 - lin3), 100 * (svk0_2 - lin0_2),
           100 * (svk3_2 - lin3_2));
    const double at01[] = {svk0, lin0, neo0, svk3, lin3, neo3};
    for (size_t i = 0; i < sizeof at01 / sizeof *at01; i++)
        ck_assert(fabs(at01[i]) < SPHERE_HERTZ_FORCE_TOL);
    /* the mesh: the contact mesh halved and the bulk mesh refined */
    ck_assert(fabs(hertz_deviation("seed004_hertz_a01_nu0_fine") - svk0) < HERTZ_SPLIT_TOL);
    ck_assert(fabs(hertz_deviation("seed004_hertz_a01_nu0_bulk") - svk0) < HERTZ_SPLIT_TOL);
    ck_assert(fabs(hertz_deviation("seed004_hertz_a01_nu0_small_fine") - lin0) < HERTZ_SPLIT_TOL);
    ck_assert(fabs(hertz_deviation("seed004_hertz_a01_nu0_small_penalty") - lin0) <
              HERTZ_SPLIT_TOL);
    /* the split, each part to the tolerance */
    ck_assert(fabs(lin0 - (-0.0051)) < HERTZ_SPLIT_TOL && fabs(lin3 - 0.0039) < HERTZ_SPLIT_TOL);
    ck_assert(fabs(svk0 - lin0 - (-0.0043)) < HERTZ_SPLIT_TOL);
    ck_assert(fabs(svk3 - lin3 - (-0.0047)) < HERTZ_SPLIT_TOL);
    ck_assert(fabs(neo0 - lin0 - (-0.0012)) < HERTZ_SPLIT_TOL);
    ck_assert(fabs(neo3 - lin3 - (-0.0011)) < HERTZ_SPLIT_TOL);
    /* the finite-strain part grows like a/R: twice at 0.02 R, within the
     * tolerance on each of the four runs' differences */
    ck_assert(fabs((svk0_2 - lin0_2) - 2 * (svk0 - lin0)) < 4 * HERTZ_SPLIT_TOL);
    ck_assert(fabs((svk3_2 - lin3_2) - 2 * (svk3 - lin3)) < 4 * HERTZ_SPLIT_TOL);
    /* the linear part at nu 0 tends to Hertz as a/R falls (Hertz is the
     * half-space limit; a/h0 = 20 in each run, so not a fixed artefact of
     * the contact model): -0.511, -0.378, -0.266 % at 0.01, 0.005, 0.0025 R,
     * each halving by more than the tolerance */
    double lin0_05 = hertz_deviation("seed004_hertz_a005_nu0_small"),
           lin0_025 = hertz_deviation("seed004_hertz_a0025_nu0_small");
    ck_assert(lin0_05 - lin0 > HERTZ_SPLIT_TOL && lin0_025 - lin0_05 > HERTZ_SPLIT_TOL &&
              lin0_025 < 0.0);
    cwb_reference_free(&t);
}
END_TEST

/* The linear part of that split, derived: Hertz's own contact on the
 * finite sphere (half of a sphere between two rigid frictionless platens,
 * the FEM's boundary conditions), solved exactly by the sphere's
 * Legendre-series compliance and Kalker & van Randen's (1972) minimum
 * principle (reference/fem/studies/seed004_hertz_sphere_series.py, numpy and
 * scipy, no FEM): F/F_Hertz - 1 = -(a/R) [L ln(R/a) + K] to first order,
 * L = (1-2nu)^2/(pi (1-nu)), K(0) = -0.968, K(0.3) = -0.731. The six
 * geometrically linear CalculiX runs (a/h0 = 20) against it: -0.266,
 * -0.378, -0.511, -0.574 % at nu 0 (series -0.234, -0.358, -0.497,
 * -0.556) and +0.385, +0.867 % at nu 0.3 (series +0.395, +0.891), within
 * HERTZ_SPLIT_TOL, the FEM's mesh and penalty effects (its penalty alone
 * about -0.024 %). Fails if the deficit were the finite sphere's far-field
 * compliance 0.64 a/R alone (-0.96 % at a/R 0.01) or -5.3 (a/R)^1/2 (-0.75 %
 * at 0.02). */
START_TEST(sphere_linear_deficit_is_the_series)
{
    static const struct {
        const char *study;
        double a, nu;
    } runs[] = {{"seed004_hertz_a0025_nu0_small", 0.0025, 0.0},
                {"seed004_hertz_a005_nu0_small", 0.005, 0.0},
                {"seed004_hertz_a01_nu0_small", 0.01, 0.0},
                {"seed004_hertz_a02_nu0_small", 0.02, 0.0},
                {"seed004_hertz_a01_nu03_small", 0.01, 0.3},
                {"seed004_hertz_a02_nu03_small", 0.02, 0.3}};
    cwb_reference t;
    load_csv(&t, "seed004_hertz_sphere_series");
    for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
        double series = NAN;
        for (size_t k = 0; k < t.nrow; k++)
            if (fabs(col(&t, "a_over_R", k) - runs[i].a) < 1e-9 &&
                fabs(col(&t, "nu", k) - runs[i].nu) < 1e-9)
                series = col(&t, "F_over_F_Hertz_minus_1", k);
        double fem = hertz_deviation(runs[i].study);
        printf("finite sphere, linear: a/R %g, nu %g: FEM %+.3f %%, series %+.3f %%\n", runs[i].a,
               runs[i].nu, 100 * fem, 100 * series);
        ck_assert_msg(fabs(fem - series) < HERTZ_SPLIT_TOL, "%s: FEM %g, series %g", runs[i].study,
                      fem, series);
    }
    cwb_reference_free(&t);
}
END_TEST

/* Fig. 31's onset, in delta/delta_y, of renewed plastic flow at the contact
 * centre: the first increment past 10 delta_y whose peeq_centre (the
 * integration point nearest the centre) exceeds its value at 10 delta_y by
 * 1e-6, placed between increments by extrapolating the next increment's
 * rate back to that value; NAN where it never does (the definition of
 * reference/fem/studies/seed004_fig31_eq64.py, coded again here). */
static double centre_onset(const cwb_reference *r)
{
    double dy = col(r, "delta_y", 0), base = NAN;
    size_t n = 0;
    while (n < r->nrow && col(r, "leg", n) == 1)
        n++;
    for (size_t i = 1; i < n && isnan(base); i++) {
        double x0 = col(r, "delta", i - 1) / dy, x1 = col(r, "delta", i) / dy;
        if (x0 <= 10.0 && x1 >= 10.0)
            base =
                col(r, "peeq_centre", i - 1) +
                (10.0 - x0) / (x1 - x0) * (col(r, "peeq_centre", i) - col(r, "peeq_centre", i - 1));
    }
    for (size_t i = 1; i < n; i++) {
        double x = col(r, "delta", i) / dy, pe = col(r, "peeq_centre", i);
        if (!(x > 10.0 && pe > base + 1e-6))
            continue;
        if (i + 1 < n && col(r, "peeq_centre", i + 1) > pe) {
            double x1 = col(r, "delta", i + 1) / dy;
            double rate = (col(r, "peeq_centre", i + 1) - pe) / (x1 - x);
            return fmax(col(r, "delta", i - 1) / dy, x - (pe - base) / rate);
        }
        return x;
    }
    return NAN;
}

/* Eq. 64's slope k of a^2 = k R* delta + d as eq. 63 defines it: the
 * least-squares force slope over [lo, hi] delta_y divided by pi R* p_25,
 * p_25 = D atan(b 25 delta_y) with D of eq. 53 and b of eq. 54. */
static double eq64_force_slope(const cwb_reference *r, double lo, double hi)
{
    double dy = col(r, "delta_y", 0), nu = col(r, "nu", 0), sy = col(r, "sigma_y", 0);
    double sx = 0, sf = 0, sxx = 0, sxf = 0, n = 0;
    for (size_t i = 0; i < r->nrow && col(r, "leg", i) == 1; i++) {
        double x = col(r, "delta", i) / dy, f = col(r, "force", i);
        if (x < lo || x > hi)
            continue;
        sx += x, sf += f, sxx += x * x, sxf += x * f, n++;
    }
    ck_assert(n >= 5);
    double slope = (n * sxf - sx * sf) / (n * sxx - sx * sx) / dy;
    double D = (1.22 + 0.69 * nu) * sy, b = tan(cwb_yield_factor(nu, NULL) * sy / D);
    return slope / (M_PI * col(r, "R", 0) * D * atan(b * 25.0));
}

/* The row of seed004_fig31_eq64.csv for nu and a quantity code (0 onset,
 * 1 k_force_25_50, 2 k_force_50_100, ...): h1, h2, h3, order, Richardson,
 * tolerance. */
static void fig31_row(const cwb_reference *t, double nu, int quantity, double *v)
{
    static const char *const names[] = {"h1", "h2", "h3", "order", "richardson", "tolerance"};
    for (size_t i = 0; i < t->nrow; i++) {
        if (fabs(col(t, "nu", i) - nu) > 1e-9 || col(t, "quantity", i) != quantity)
            continue;
        for (int k = 0; k < 6; k++)
            v[k] = col(t, names[k], i);
        return;
    }
    ck_abort_msg("seed004_fig31_eq64.csv: no row nu %g, quantity %d", nu, quantity);
}

/* Fig. 31 and eq. 64 on three meshes (E 8500 MPa, sigma_y 50 MPa, nu 0 and
 * 0.3, to 100 delta_y; h0 = 0.018, 0.012, 0.008 R): the onset of renewed
 * plastic flow at the contact centre and eq. 64's slope as eq. 63 defines
 * it, recomputed here from the three studies' CSVs (to the derived
 * table's 6 digits) and held against the thesis (sec. 4.4: onset 50
 * delta_y for its Table 4 materials, all nu = 0; eq. 64: k = 2.3). The
 * meshes give no asymptotic order for either (the differences change
 * sign), so the tolerances are the meshes' spread. */
#define FIG31_ONSET_TOL 3.0   /* delta_y: 1.5 load increments of 2 delta_y */
#define FIG31_SLOPE_TOL 0.025 /* the three meshes' spread, 0.02, rounded up */
START_TEST(sphere_fig31_onset_and_eq64_slope)
{
    static const double nus[] = {0.0, 0.3};
    static const char *const tags[] = {"nu0", "nu03"};
    cwb_reference t;
    load_csv(&t, "seed004_fig31_eq64");
    for (int n = 0; n < 2; n++) {
        double onset[3], k1[3], k2[3], k3[3], row[6];
        for (int m = 0; m < 3; m++) {
            char name[64];
            snprintf(name, sizeof name, "seed004_fig31_%s_h%d", tags[n], m);
            cwb_reference r;
            load_csv(&r, name);
            onset[m] = centre_onset(&r);
            k1[m] = eq64_force_slope(&r, 25.0, 50.0);
            k2[m] = eq64_force_slope(&r, 50.0, 100.0);
            k3[m] = eq64_force_slope(&r, 25.0, 100.0);
            cwb_reference_free(&r);
        }
        fig31_row(&t, nus[n], 0, row);
        for (int m = 0; m < 3; m++)
            ck_assert_msg(isnan(onset[m]) ? row[m] == -1.0
                                          : fabs(row[m] - onset[m]) < 1e-4 * onset[m],
                          "nu %g mesh %d: onset %g, table %g", nus[n], m, onset[m], row[m]);
        printf("Fig. 31, nu %g: centre onset %.1f, %.1f, %.1f delta_y on h0 = 0.018, 0.012, "
               "0.008 R (nan: none by 100)\n",
               nus[n], onset[0], onset[1], onset[2]);
        fig31_row(&t, nus[n], 1, row);
        for (int m = 0; m < 3; m++)
            ck_assert_rel(row[m], k1[m], 1e-5);
        fig31_row(&t, nus[n], 2, row);
        for (int m = 0; m < 3; m++)
            ck_assert_rel(row[m], k2[m], 1e-5);
        fig31_row(&t, nus[n], 3, row);
        for (int m = 0; m < 3; m++)
            ck_assert_rel(row[m], k3[m], 1e-5);
        printf("eq. 64, nu %g: k over 25-50 delta_y %.3f, %.3f, %.3f; 50-100 %.3f, %.3f, %.3f; "
               "25-100 %.3f, %.3f, %.3f (thesis 2.3)\n",
               nus[n], k1[0], k1[1], k1[2], k2[0], k2[1], k2[2], k3[0], k3[1], k3[2]);
    }
    double row[6];
    /* nu 0, the thesis' Table 4 materials: no renewed flow at the centre by
     * 100 delta_y on any of the three meshes (the thesis: 50) */
    fig31_row(&t, 0.0, 0, row);
    for (int m = 0; m < 3; m++)
        ck_assert_msg(row[m] == -1.0, "nu 0, mesh %d: onset at %g delta_y", m, row[m]);
    /* nu 0.3: on the two finer meshes (the integration point 0.10-0.12 um,
     * 0.01 a, below the surface at 60 delta_y; on h0 = 0.018 R it is 0.5 um
     * deep and inside the first plastic zone) the onsets agree within
     * FIG31_ONSET_TOL and lie later than the thesis' 50 by more than it */
    fig31_row(&t, 0.3, 0, row);
    ck_assert_msg(fabs(row[2] - row[1]) <= FIG31_ONSET_TOL &&
                      fmin(row[1], row[2]) > 50.0 + FIG31_ONSET_TOL,
                  "nu 0.3: onset %g and %g delta_y", row[1], row[2]);
    /* eq. 64's force slope: the three meshes within FIG31_SLOPE_TOL of each
     * other in every range and at both nu */
    for (int n = 0; n < 2; n++)
        for (int q = 1; q <= 3; q++) {
            fig31_row(&t, nus[n], q, row);
            double lo = fmin(row[0], fmin(row[1], row[2])), hi = fmax(row[0], fmax(row[1], row[2]));
            ck_assert_msg(hi - lo <= FIG31_SLOPE_TOL, "nu %g, quantity %d: k %g to %g", nus[n], q,
                          lo, hi);
        }
    /* against the thesis' 2.3 at nu 0: the force is not linear above 25
     * delta_y, its slope rises: below 2.3 over 25-50, above over 50-100 (by
     * more than the meshes' spread), within 5 % over 25-100 */
    fig31_row(&t, 0.0, 1, row);
    ck_assert(row[2] < 2.3 - FIG31_SLOPE_TOL);
    fig31_row(&t, 0.0, 2, row);
    ck_assert(row[2] > 2.3 + FIG31_SLOPE_TOL);
    fig31_row(&t, 0.0, 3, row);
    ck_assert(fabs(row[2] / 2.3 - 1.0) < 0.05);
    cwb_reference_free(&t);
}
END_TEST

/* Fig. 31 at nu 0.3 read by sampling point and rule: the same solutions
 * as seed004_fig31_nu03_h{1,2} (their decks re-solved with the PEEQ of
 * every element on the axis printed; reference/fem/studies/
 * seed004_fig31_centre_sampling.py -> reference/fem/
 * seed004_fig31_centre_sampling.csv, the samples in reference/fem/raw/
 * seed004_fig31_centre_sampling/). Rule codes of that table: 1 growth past
 * the 10 delta_y value by 1e-6 (cwb's), 2 and 3 by 1e-4 and 1e-3, 4 the
 * PEEQ turning positive after being <= 0, 5 the ramp fit, 6 first yield
 * (PEEQ reaches 1e-6 for the first time). The table holds nu 0 too
 * (fig31_nu0_mesh). */
enum {
    FIG31_GROWTH = 1,
    FIG31_ABOVE_1E4,
    FIG31_ABOVE_1E3,
    FIG31_POSITIVE,
    FIG31_RAMP,
    FIG31_FIRST
};
#define FIG31_MAX_INC 400

/* The onset row of the sampling table for Poisson's ratio nu, mesh h0,
 * point kind (0 axis node, 1 integration point), target depth (a60) and
 * rule. */
static size_t fig31_sampling_row(const cwb_reference *t, double nu, double h0, int kind,
                                 double target, int rule)
{
    for (size_t i = 0; i < t->nrow; i++)
        if (fabs(col(t, "nu", i) - nu) < 1e-9 && fabs(col(t, "h0", i) - h0) < 1e-9 &&
            col(t, "point", i) == kind && fabs(col(t, "target", i) - target) < 1e-9 &&
            col(t, "rule", i) == rule)
            return i;
    ck_abort_msg("seed004_fig31_centre_sampling.csv: no row nu %g h0 %g point %d target %g rule %d",
                 nu, h0, kind, target, rule);
    return 0;
}

/* One point's leg-1 history from a raw sample table: x = delta/delta_y
 * and its PEEQ, in increment order; the count. */
static size_t fig31_raw_series(const cwb_reference *raw, double dy, int element, int ip, int node,
                               double *x, double *y)
{
    size_t n = 0;
    for (size_t i = 0; i < raw->nrow; i++) {
        if (col(raw, "element", i) != element || col(raw, "ip", i) != ip ||
            col(raw, "node", i) != node)
            continue;
        ck_assert_uint_lt(n, FIG31_MAX_INC);
        x[n] = -col(raw, "uy", i) / dy, y[n] = col(raw, "peeq", i);
        n++;
    }
    ck_assert_msg(n > 10, "%s: %zu rows of element %d ip %d node %d", raw->path, n, element, ip,
                  node);
    return n;
}

/* The first x past `from` where y reaches level, linear between
 * increments; NAN where it never does. */
static double fig31_first_reach(const double *x, const double *y, size_t n, double level,
                                double from)
{
    for (size_t i = 1; i < n; i++)
        if (x[i] > from && y[i] >= level)
            return y[i - 1] >= level || x[i - 1] < from
                       ? x[i]
                       : x[i - 1] + (level - y[i - 1]) / (y[i] - y[i - 1]) * (x[i] - x[i - 1]);
    return NAN;
}

/* Rule 4: the PEEQ reaches 1e-6 after its last value <= 0 past 10
 * delta_y's first (a plastic zone closing over the point); NAN where it is
 * never <= 0 there. */
static double fig31_positive_onset(const double *x, const double *y, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (x[i] > 10.0 && y[i] <= 0.0)
            return fig31_first_reach(x, y, n, 1e-6, x[i] - 1e-9);
    return NAN;
}

/* Rules 3 (1e-3 above the 10 delta_y value) and 4, recomputed from the
 * raw samples of the table row's point, against the row (to its 4
 * digits); the onset (NAN for -1). */
static double fig31_recomputed(const cwb_reference *t, size_t row, const cwb_reference *raw,
                               double dy)
{
    double x[FIG31_MAX_INC], y[FIG31_MAX_INC], on = NAN;
    size_t n = fig31_raw_series(raw, dy, (int)col(t, "element", row), (int)col(t, "ip", row),
                                (int)col(t, "node", row), x, y);
    size_t k = 1;
    while (k < n && x[k] < 10.0)
        k++;
    ck_assert(k < n);
    double at10 = y[k - 1] + (10.0 - x[k - 1]) / (x[k] - x[k - 1]) * (y[k] - y[k - 1]);
    int rule = (int)col(t, "rule", row);
    if (rule == FIG31_ABOVE_1E3)
        on = fig31_first_reach(x, y, n, at10 + 1e-3, 10.0);
    else if (rule == FIG31_POSITIVE)
        on = fig31_positive_onset(x, y, n);
    else
        ck_abort_msg("rule %d is not recomputed here", rule);
    double v = col(t, "onset", row);
    ck_assert_msg(isnan(on) ? v == -1.0 : fabs(v - on) <= 1e-3 * on,
                  "%s: rule %d, table %g, recomputed %g", raw->path, rule, v, on);
    return on;
}

/* Fig. 31 at nu 0, the thesis' own (Table 4), on mesh m of the three
 * (seed004_fig31_nu0_h{0,1,2}, re-solved as at nu 0.3):
 * - the re-solved nearest integration point is cwb's peeq_centre at
 *   every leg-1 increment within 1e-6, the growth rule's own threshold
 *   (so cwb's "none by 100 delta_y" is this solution's; measured: 1.1e-7,
 *   the committed tables' last digits);
 * - at the centre (the surface node and the nearest integration point)
 *   no rule that reads renewed flow (1-4) finds any by 100 delta_y; rules
 *   3 and 4 recomputed from the raw samples;
 * - on the two finer meshes the shallowest integration point on the axis
 *   (0.012 and 0.008 a60 deep) never yields at all: no first yield at the
 *   surface centre, where the Hertz field would reach sigma_y at p0 =
 *   2 sigma_y, 2.4 delta_y (the points 0.02 a60 and deeper are plastic at
 *   the first increment, 2 delta_y, and then stop);
 * - no point by any rule reads an onset within FIG31_FAR_FROM_50 of the
 *   thesis' 50: the readings are none, 2-12.5 delta_y (first yield, the
 *   ramp fit's start, the first plastic zone still flowing at 10), or
 *   78-95 (points 0.065-0.12 a60 deep creeping again near the leg's end).
 * Returns the latest reading below 50 and the earliest above. */
#define FIG31_FAR_FROM_50 25.0 /* delta_y: half the thesis' onset; nearest seen 37.5, 28.3 away */
static void fig31_nu0_mesh(const cwb_reference *t, int m, double *below, double *above)
{
    static const double h0s[] = {0.018, 0.012, 0.008};
    char name[96], path[160], msg[CWB_MSG];
    cwb_reference cwb, raw;
    snprintf(name, sizeof name, "seed004_fig31_nu0_h%d", m);
    load_csv(&cwb, name);
    snprintf(path, sizeof path, "reference/fem/raw/seed004_fig31_centre_sampling/%s.txt", name);
    ck_assert_msg(cwb_reference_load(&raw, path, msg, sizeof msg) == CWB_OK, "%s", msg);
    double dy = col(&cwb, "delta_y", 0), x[FIG31_MAX_INC], y[FIG31_MAX_INC];
    ck_assert(isnan(centre_onset(&cwb)));
    size_t ip = fig31_sampling_row(t, 0.0, h0s[m], 1, 0.0, FIG31_GROWTH);
    size_t n =
        fig31_raw_series(&raw, dy, (int)col(t, "element", ip), (int)col(t, "ip", ip), 0, x, y);
    for (size_t i = 0; i < n; i++) {
        ck_assert_uint_eq(col(&cwb, "leg", i), 1);
        ck_assert_msg(fabs(y[i] - col(&cwb, "peeq_centre", i)) <= 1e-6,
                      "%s increment %zu: re-solved %g, cwb's %g", name, i, y[i],
                      col(&cwb, "peeq_centre", i));
    }
    ck_assert(n == cwb.nrow || col(&cwb, "leg", n) != 1);
    for (int kind = 0; kind < 2; kind++) {
        for (int rule = FIG31_GROWTH; rule <= FIG31_POSITIVE; rule++)
            ck_assert_msg(col(t, "onset", fig31_sampling_row(t, 0.0, h0s[m], kind, 0.0, rule)) ==
                              -1.0,
                          "%s: the centre (point %d) flows again by rule %d", name, kind, rule);
        for (int rule = FIG31_ABOVE_1E3; rule <= FIG31_POSITIVE; rule++)
            ck_assert(isnan(fig31_recomputed(t, fig31_sampling_row(t, 0.0, h0s[m], kind, 0.0, rule),
                                             &raw, dy)));
    }
    if (m > 0) {
        size_t top = 0;
        for (size_t i = 1; i < raw.nrow; i++)
            if (col(&raw, "element", i) > 0 &&
                (col(&raw, "element", top) == 0 || col(&raw, "depth", i) < col(&raw, "depth", top)))
                top = i;
        n = fig31_raw_series(&raw, dy, (int)col(&raw, "element", top), (int)col(&raw, "ip", top), 0,
                             x, y);
        for (size_t i = 0; i < n; i++)
            ck_assert_msg(y[i] == 0.0, "%s: the shallowest point (%g m deep) yields at %g delta_y",
                          name, col(&raw, "depth", top), x[i]);
    }
    for (size_t i = 0; i < t->nrow; i++) {
        double v = col(t, "onset", i);
        if (col(t, "nu", i) != 0.0 || fabs(col(t, "h0", i) - h0s[m]) > 1e-9 || v == -1.0)
            continue;
        ck_assert_msg(fabs(v - 50.0) > FIG31_FAR_FROM_50, "%s: point %g a60 deep, rule %g: %g",
                      name, col(t, "depth", i), col(t, "rule", i), v);
        if (v < 50.0)
            *below = fmax(*below, v);
        else
            *above = fmin(*above, v);
    }
    cwb_reference_free(&raw);
    cwb_reference_free(&cwb);
}

/* The independent CalculiX axisymmetric model read 65-67 delta_y (point
 * and rule not stated); Kogut & Etsion (2002) 68; cwb's finding 41 about
 * 60 (the integration point nearest the contact point, 0.007-0.009 a60
 * below the surface, by the growth rule). On the two finer meshes:
 * - the nearest integration point re-solved is cwb's: rule 1 there
 *   equals centre_onset of cwb's own table (to the table's 4 digits);
 * - the rules that read its first plastic strain (1, 2, 4) give 54-62:
 *   below 65 by more than FIG31_ONSET_TOL, not below the 54 of Zhao,
 *   Maietta & Chang (2000), "An asperity microcontact model incorporating
 *   the transition from elastic deformation to fully plastic flow",
 *   J. Tribol. 122:86-93;
 * - a 1e-3 threshold there, and the surface node read by it, give 65-67
 *   within FIG31_ONSET_TOL: the gap is the threshold and the depth;
 * - on the finest mesh the surface node turning plastic (rule 4, the
 *   plastic zone closing over the centre, the thesis' words) gives 65-67
 *   within FIG31_ONSET_TOL (71.0 on h0 = 0.012 R, whose extrapolation to
 *   the surface is rougher: not asserted);
 * - every point 0.05 a60 or deeper flows again by 16 delta_y: the depth
 *   decides, and deeper is earlier.
 * At nu 0 (the thesis' materials): fig31_nu0_mesh on all three meshes. */
START_TEST(sphere_fig31_onset_by_sampling)
{
    static const double h0s[] = {0.012, 0.008};
    static const char *const tags[] = {"h1", "h2"};
    static const double deep[] = {0.05, 0.1, 0.2};
    cwb_reference t;
    load_csv(&t, "seed004_fig31_centre_sampling");
    for (int m = 0; m < 2; m++) {
        char name[96];
        cwb_reference cwb, raw;
        snprintf(name, sizeof name, "seed004_fig31_nu03_%s", tags[m]);
        load_csv(&cwb, name);
        char path[160], msg[CWB_MSG];
        snprintf(path, sizeof path,
                 "reference/fem/raw/seed004_fig31_centre_sampling/seed004_fig31_nu03_%s.txt",
                 tags[m]);
        ck_assert_msg(cwb_reference_load(&raw, path, msg, sizeof msg) == CWB_OK, "%s", msg);
        double dy = col(&cwb, "delta_y", 0), own = centre_onset(&cwb);
        double ip1 = col(&t, "onset", fig31_sampling_row(&t, 0.3, h0s[m], 1, 0.0, FIG31_GROWTH));
        ck_assert_msg(fabs(ip1 - own) <= 1e-3 * own, "h0 %g: re-solved %g, cwb's %g", h0s[m], ip1,
                      own);
        static const int first_plastic[] = {FIG31_GROWTH, FIG31_ABOVE_1E4, FIG31_POSITIVE};
        for (int k = 0; k < 3; k++) {
            double v =
                col(&t, "onset", fig31_sampling_row(&t, 0.3, h0s[m], 1, 0.0, first_plastic[k]));
            ck_assert_msg(v >= 54.0 && v < 65.0 - FIG31_ONSET_TOL, "h0 %g rule %d: %g", h0s[m],
                          first_plastic[k], v);
        }
        double ip3 = fig31_recomputed(
            &t, fig31_sampling_row(&t, 0.3, h0s[m], 1, 0.0, FIG31_ABOVE_1E3), &raw, dy);
        double node3 = fig31_recomputed(
            &t, fig31_sampling_row(&t, 0.3, h0s[m], 0, 0.0, FIG31_ABOVE_1E3), &raw, dy);
        double node4 = fig31_recomputed(
            &t, fig31_sampling_row(&t, 0.3, h0s[m], 0, 0.0, FIG31_POSITIVE), &raw, dy);
        ck_assert_msg(ip3 > 65.0 - FIG31_ONSET_TOL && ip3 < 67.0 + FIG31_ONSET_TOL &&
                          node3 > 65.0 - FIG31_ONSET_TOL && node3 < 67.0 + FIG31_ONSET_TOL,
                      "h0 %g: 1e-3 above the 10 delta_y value: %g (IP), %g (surface node)", h0s[m],
                      ip3, node3);
        if (m == 1)
            ck_assert_msg(node4 > 65.0 - FIG31_ONSET_TOL && node4 < 67.0 + FIG31_ONSET_TOL,
                          "h0 %g: the surface node turns plastic at %g", h0s[m], node4);
        for (int d = 0; d < 3; d++)
            for (int kind = 0; kind < 2; kind++) {
                size_t row = fig31_sampling_row(&t, 0.3, h0s[m], kind, deep[d], FIG31_GROWTH);
                ck_assert_msg(col(&t, "onset", row) > 0 && col(&t, "onset", row) <= 16.0,
                              "h0 %g: the point %g a60 deep flows again at %g", h0s[m],
                              col(&t, "depth", row), col(&t, "onset", row));
            }
        printf("Fig. 31, nu 0.3, h0 = %g R: nearest integration point %.1f (growth), %.1f (1e-3); "
               "surface node %.1f (1e-3), %.1f (turns plastic) delta_y\n",
               h0s[m], ip1, ip3, node3, node4);
        cwb_reference_free(&raw);
        cwb_reference_free(&cwb);
    }
    double below = -1.0, above = INFINITY;
    for (int m = 0; m < 3; m++)
        fig31_nu0_mesh(&t, m, &below, &above);
    printf(
        "Fig. 31, nu 0: the centre reads no renewed flow by 100 delta_y on any mesh by rules 1-4 "
        "rule; every other reading is at most %.1f or at least %.1f delta_y (thesis 50)\n",
        below, above);
    cwb_reference_free(&t);
}
END_TEST

/* Rathbone thesis eq. 61, u delta_y = 0.195 + 0.23 nu, against cwb's
 * unloading legs fitted four ways (reference/fem/seed004_eq61_definitions.csv:
 * delta_min from eq. 62 or free, the whole leg or its upper half, the first
 * unloading stiffness) and over all three legs or the one from 5 delta_y:
 * every way, every grid material stays below eq. 61 by more than the
 * table's tolerance (the spread between materials, 0.03) at nu 0.3, and by
 * more than 0.01 (the spread at nu 0) at nu 0: the thesis' u is not reached
 * by any definition or range tried. */
START_TEST(sphere_eq61_not_reached_by_any_definition)
{
    cwb_reference r;
    load_csv(&r, "seed004_eq61_definitions");
    ck_assert_uint_eq(r.nrow, 8 * 4); /* eight grid materials, four definitions */
    double worst[2] = {-1, -1};
    for (size_t i = 0; i < r.nrow; i++) {
        double nu = col(&r, "nu", i), eq61 = 0.195 + 0.23 * nu;
        double u = fmax(col(&r, "u_dy_all", i), col(&r, "u_dy_first", i));
        int k = nu > 0.1;
        worst[k] = fmax(worst[k], u - eq61);
        ck_assert_msg(u < eq61 - (k ? r.tolerance : 0.01), "nu %g definition %g: u delta_y %g", nu,
                      col(&r, "definition", i), u);
    }
    printf("eq. 61: cwb's largest u delta_y is %.3f below the thesis at nu 0, %.3f at nu 0.3\n",
           -worst[0], -worst[1]);
    cwb_reference_free(&r);
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

/* With the committed studies, the two finer meshes of each Fig. 31 study
 * (h0 = 0.012 and 0.008 R); the coarsest (0.018 R, a/h0 = 1.5 at delta_y)
 * is 8.4 % off at nu 0, outside SPHERE_KE_TOL, which is why it is only the
 * coarse end of the slope and onset study. */
static const char *const ke_fig31[] = {"seed004_fig31_nu0_h1", "seed004_fig31_nu0_h2",
                                       "seed004_fig31_nu03_h1", "seed004_fig31_nu03_h2"};
START_TEST(sphere_plastic_loading_is_kogut_etsion)
{
    size_t nke = sizeof ke_fig31 / sizeof *ke_fig31;
    for (size_t s = NELASTIC; s < NSTUDIES + nke; s++) {
        const char *name = s < NSTUDIES ? studies[s] : ke_fig31[s - NSTUDIES];
        cwb_reference r;
        load_csv(&r, name);
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
               name, 100 * worst, at, used);
        ck_assert_uint_ge(used, 3);
        ck_assert_msg(fabs(worst) < SPHERE_KE_TOL, "%s: %g off Kogut & Etsion", name, worst);
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
    tcase_add_test(t, sphere_hertz_deficit_split);
    tcase_add_test(t, sphere_linear_deficit_is_the_series);
    tcase_add_test(t, sphere_fig10_departs_from_hertz);
    tcase_add_test(t, sphere_fig18_profiles);
    tcase_add_test(t, sphere_fig20_21_plastic_zone);
    tcase_add_test(t, sphere_fig31_onset_and_eq64_slope);
    tcase_add_test(t, sphere_fig31_onset_by_sampling);
    tcase_add_test(t, sphere_eq61_not_reached_by_any_definition);
    tcase_add_test(t, sphere_yield_onset_is_eq8);
    tcase_add_test(t, sphere_plastic_loading_is_kogut_etsion);
    suite_add_tcase(s, t);
    return s;
}
