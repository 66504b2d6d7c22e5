/* test_fem_shear.c -- the FEM model "sphere_shear" (src/fem/models/
 * sphere_shear.c): Rathbone's Model C, a half sphere (C3D10) on a rigid
 * flat at a fixed normal force, then displaced tangentially with Coulomb
 * friction, in CalculiX.
 *
 * Without the solver: every row of the committed CSVs comes back from the
 * committed CalculiX .dat; the refined run moves F_t by less than the
 * study's tolerance; the elastic study against Cattaneo-Mindlin at a fixed
 * normal force (Mindlin 1949, "Compliance of elastic bodies in contact",
 * J. Appl. Mech. 16:259-268; Johnson, Contact Mechanics, 1985, eqs. 7.42
 * and 7.43 with 1/G* = (2 - nu)/G for a sphere on a rigid flat):
 *   delta_t = 3 mu F_n / (16 G* a) [1 - (1 - F_t / (mu F_n))^(2/3)],
 * solved here for F_t, with Hertz's a = (3 F_n R / 4 E*)^(1/3); its normal
 * step against Hertz's approach; Coulomb's |F_t| <= mu F_n at every
 * increment; the top's reaction equal to the flat's (equilibrium). Bad
 * study keys: exit 2 with file, line, key and range.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_fem.h"
#include "cwb_fem_shear.h"
#include "cwb_files.h"
#include "cwb_fit.h"
#include "cwb_out.h"
#include "cwb_test.h"

/* Tolerances.
 * MINDLIN: the issue's 2 % (of mu F_n: the force scale of the curve, as
 *   the README states the laws' differences).
 * HERTZ: the normal step's approach against Hertz's half-space: 1 % at
 *   a = 0.01 R (the axisymmetric sphere model: -0.94 % in force there at
 *   nu 0, -0.09 % at nu 0.3; tests/test_fem_sphere.c,
 *   sphere_hertz_deficit_split).
 * COULOMB: CalculiX's friction is a penalty (stick slope): F_t may pass
 *   mu F_n by the slip iteration's tolerance, 0.1 %.
 * EQUILIBRIUM: the top's reaction and the flat's are two sums of the same
 *   solution, equal to the residual tolerance: 1e-3 of mu F_n.
 * CSV: the CSV prints 10 significant digits, the .dat 7: 1e-6. */
#define SHEAR_MINDLIN_TOL     0.02
#define SHEAR_HERTZ_TOL       0.01
#define SHEAR_COULOMB_TOL     1e-3
#define SHEAR_EQUILIBRIUM_TOL 1e-3
#define SHEAR_CSV_TOL         1e-6

/* Every committed sphere_shear study; the first two are elastic, the
 * second the first's refinement check (element sizes / 1.3, its own study
 * so that the two ran side by side). */
static const char *const studies[] = {"seed004_modelc_elastic",
                                      "seed004_modelc_elastic_refined",
                                      "seed004_modelc_y7",
                                      "seed004_modelc_y3",
                                      "seed004_modelc_tauc_y1",
                                      "seed004_modelc_tauc_y3",
                                      "seed004_modelc_tauc_y7",
                                      "seed004_modelc_tauc_y15",
                                      "seed004_modelc_tauc_E8500_y7",
                                      "seed004_modelc_tauc_E8500_y3",
                                      "seed004_modelc_tauc_E8500_y15",
                                      "seed004_modelc_tauc_y3_coarser",
                                      "seed004_modelc_tauc_y3_coarsest",
                                      "seed004_modelc_tauc09_y3_coarser",
                                      "seed004_modelc_tauc09_y3_coarsest",
                                      "seed004_modelc_coulomb_y3_coarsest",
                                      "seed004_modelc_fig11_stick1",
                                      "seed004_modelc_fig11_stick3"};
#define NELASTIC 2
#define NSTUDIES (sizeof studies / sizeof *studies)

static double col(const cwb_reference *r, const char *name, size_t row)
{
    int j = cwb_reference_find(r, name);
    ck_assert_msg(j >= 0, "%s: no column %s", r->path, name);
    return r->v[j][row];
}

static void load_csv(cwb_reference *r, const char *name, const char *suffix)
{
    char path[256], msg[CWB_MSG];
    snprintf(path, sizeof path, "reference/fem/%s%s.csv", name, suffix);
    ck_assert_msg(cwb_reference_load(r, path, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_msg(r->nrow > 0, "%s: no rows", path);
}

static void load_spec(const char *name, cwb_shear *sp, double *tolerance, double *refine)
{
    char path[256], msg[CWB_MSG];
    snprintf(path, sizeof path, "reference/fem/studies/%s.study", name);
    cwb_fem_study *s;
    ck_assert_msg(cwb_fem_study_load(&s, path, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_str_eq(s->model->name, "sphere_shear");
    s->model->spec(s, 0, 1.0, sp);
    *tolerance = s->mesh.p[CWB_FEM_TOLERANCE];
    *refine = s->mesh.p[CWB_FEM_REFINE];
    cwb_fem_study_free(s);
}

static void load_dat(const char *name, int refined, const cwb_shear *sp, cwb_shear_out *o)
{
    char path[256], msg[CWB_MSG];
    snprintf(path, sizeof path, "reference/fem/raw/%s/p001%s.dat", name, refined ? "_refined" : "");
    memset(o, 0, sizeof *o);
    ck_assert_msg(cwb_shear_dat(o, path, sp, msg, sizeof msg) == CWB_OK, "%s", msg);
}

static int tangential_step(const cwb_shear *sp, const cwb_shear_increment *q)
{
    return cwb_shear_step(sp, q->time) == 2;
}

/* |a - b| <= tol * scale */
#define ck_assert_abs(a, b, scale, tol)                                                            \
    do {                                                                                           \
        double a_ = (a), b_ = (b), s_ = (scale);                                                   \
        ck_assert_msg(fabs(a_ - b_) <= (tol)*s_,                                                   \
                      "%s = %.10g, expected %s = %.10g within %g of "                              \
                      "%.4g (off by %.3g of it)",                                                  \
                      #a, a_, #b, b_, (double)(tol), s_, fabs(a_ - b_) / s_);                      \
    } while (0)

/* Row i of every committed CSV is increment i of its committed .dat (the
 * model's parser: the flat's reaction x 2, the top's displacement); the
 * tangential table is the tangential step from the normal step's end; the
 * refined run's F_t within the study's tolerance of mu F_n. */
START_TEST(shear_csv_from_committed_solver_output)
{
    for (size_t s = 0; s < NSTUDIES; s++) {
        cwb_shear sp;
        double tol, refine;
        load_spec(studies[s], &sp, &tol, &refine);
        cwb_reference r, rt;
        load_csv(&r, studies[s], "");
        load_csv(&rt, studies[s], "_tangential");
        cwb_shear_out o;
        load_dat(studies[s], 0, &sp, &o);
        ck_assert_uint_eq(o.count, r.nrow);
        size_t nt = 0, first_t = 0;
        for (size_t i = 0; i < r.nrow; i++) {
            const cwb_shear_increment *q = &o.inc[i];
            double scale = sp.mu * sp.force;
            ck_assert_int_eq((int)col(&r, "step", i), cwb_shear_step(&sp, q->time));
            ck_assert_rel(col(&r, "F_n", i), q->fn, SHEAR_CSV_TOL);
            ck_assert_rel(col(&r, "delta_n", i), q->dn, SHEAR_CSV_TOL);
            ck_assert_abs(col(&r, "F_t", i), q->ft, scale, SHEAR_CSV_TOL);
            ck_assert_abs(col(&r, "F_t_top", i), q->ft_top, scale, SHEAR_CSV_TOL);
            ck_assert_abs(col(&r, "delta_t", i), q->dt, sp.tangential, SHEAR_CSV_TOL);
            ck_assert_rel(col(&r, "mu", i), sp.mu, 1e-9);
            ck_assert_rel(col(&r, "R", i), sp.R, 1e-9);
            if (tangential_step(&sp, q) && !nt++)
                first_t = i;
        }
        /* the tangential table: the normal step's last row, then the step */
        ck_assert_uint_eq(rt.nrow, nt + 1);
        for (size_t k = 0; k < rt.nrow; k++) {
            size_t i = first_t - 1 + k;
            ck_assert_rel(col(&rt, "F_n", k), o.inc[i].fn, SHEAR_CSV_TOL);
            ck_assert_abs(col(&rt, "F_t", k), o.inc[i].ft, sp.mu * sp.force, SHEAR_CSV_TOL);
        }
        if (refine > 1.0) {
            cwb_shear_out fine;
            load_dat(studies[s], 1, &sp, &fine);
            ck_assert_uint_eq(fine.count, o.count); /* fixed increments: same times */
            for (size_t i = 0; i < o.count; i++) {
                ck_assert_rel(fine.inc[i].time, o.inc[i].time, 1e-6);
                ck_assert_abs(fine.inc[i].ft, o.inc[i].ft, sp.mu * o.inc[i].fn, tol);
            }
            cwb_shear_out_free(&fine);
        }
        cwb_shear_out_free(&o);
        cwb_reference_free(&r);
        cwb_reference_free(&rt);
    }
}
END_TEST

/* The refinement checks: a study re-run on element sizes / 1.3 (its own
 * study, run side by side) moves F_t by less than the study's tolerance
 * of the sliding force (the base run's largest F_t; mu F_n when elastic)
 * at every increment (fixed increments: the same times). The elastic
 * study; the critical-shear-stress study at y = 3 is checked on coarser
 * meshes (shear_plastic_mesh_check_coarser: its refined run stalled). */
static const char *const refined_pairs[][2] = {
    {"seed004_modelc_elastic", "seed004_modelc_elastic_refined"}};

START_TEST(shear_refinement_moves_ft_little)
{
    for (size_t k = 0; k < sizeof refined_pairs / sizeof *refined_pairs; k++) {
        cwb_shear sp, fine_sp;
        double tol, refine;
        load_spec(refined_pairs[k][0], &sp, &tol, &refine);
        load_spec(refined_pairs[k][1], &fine_sp, &tol, &refine);
        ck_assert_rel(fine_sp.fine, sp.fine / 1.3, 1e-3);
        cwb_shear_out o, fine;
        load_dat(refined_pairs[k][0], 0, &sp, &o);
        load_dat(refined_pairs[k][1], 0, &fine_sp, &fine);
        ck_assert_uint_eq(fine.count, o.count);
        double slide = 0.0, worst = 0.0;
        for (size_t i = 0; i < o.count; i++)
            slide = fmax(slide, o.inc[i].ft);
        for (size_t i = 0; i < o.count; i++) {
            ck_assert_rel(fine.inc[i].time, o.inc[i].time, 1e-6);
            ck_assert_abs(fine.inc[i].ft, o.inc[i].ft, slide, tol);
            worst = fmax(worst, fabs(fine.inc[i].ft - o.inc[i].ft) / slide);
        }
        fprintf(stderr,
                "fem_shear: %s: refinement (sizes / 1.3) moves F_t by %.3f %% of the "
                "sliding force\n",
                refined_pairs[k][0], 100 * worst);
        cwb_shear_out_free(&o);
        cwb_shear_out_free(&fine);
    }
}
END_TEST

/* F_t of a run at tangential displacement dt: linear between its
 * tangential increments, from the normal step's end (dt = 0); NaN
 * outside the run. */
static double ft_at_dt(const cwb_shear *sp, const cwb_shear_out *o, double dt)
{
    double t0 = 0.0, f0 = NAN;
    for (size_t i = 0; i < o->count; i++) {
        const cwb_shear_increment *q = &o->inc[i];
        if (!tangential_step(sp, q)) {
            t0 = 0.0;
            f0 = q->ft;
            continue;
        }
        if (dt <= q->dt)
            return dt == q->dt ? q->ft : f0 + (q->ft - f0) * (dt - t0) / (q->dt - t0);
        t0 = q->dt;
        f0 = q->ft;
    }
    return NAN;
}

/* The plastic mesh check of the critical-shear-stress study at y = 3
 * (seed004_modelc_tauc_y3, h0 = 0.0068 R), made with coarser meshes
 * because the finer one stalled (reference/fem/unfinished/): every size
 * x 1.3 (_coarser) and x 1.69 (_coarsest), the stick slope kept in Pa/m.
 * F_t of each coarser run is interpolated at the base run's tangential
 * displacements; differences are fractions of F_n (mu = 1 here, so of
 * mu F_n, the study's tolerance's scale).
 *
 * Stick-slip part, dt up to Cattaneo-Mindlin's full-slip displacement at
 * the thesis' friction coefficient (3 mu F_n / (16 G* a), Hertz's a,
 * mu = 0.4202 of eq. 77 at y = 3: 3.1e-8 m, independent of the FEM): a
 * base run within the study's tolerance (2 % of mu F_n) of the converged
 * force, with an error first order in h0 (the friction rings are h0 / 2
 * wide with a constant mu each: a first-order quadrature of
 * min(mu p, tau_c)), differs from the run on 1.3 h0 by at most
 * (1.3 - 1) 2 % = 0.6 % and that run from the one on 1.69 h0 by
 * (1.69 - 1.3) 2 % = 0.78 %. Measured 0.37 % and 0.65 %.
 *
 * Sliding part (beyond it, to 9e-8 m): the check FAILS the study's
 * tolerance, and this test asserts that it does, so that the README's
 * statement stays true of the committed runs: F_t / F_n at the last
 * increment is 0.5081, 0.4684, 0.4242 on h0, 1.3 h0, 1.69 h0 -- each
 * coarsening lowers the sliding force by about 4 % of F_n, more than
 * 2 %, in the same direction (the finer the mesh, the higher; an
 * observed order of 0.4 from the three, no asymptotic range, so no
 * Richardson estimate). */
#define SHEAR_MU_Y3_EQ77 0.4202 /* Rathbone thesis eq. 77 at y = 3 (README, Model C paragraph) */
START_TEST(shear_plastic_mesh_check_coarser)
{
    static const char *const runs[] = {"seed004_modelc_tauc_y3", "seed004_modelc_tauc_y3_coarser",
                                       "seed004_modelc_tauc_y3_coarsest",
                                       "seed004_modelc_tauc09_y3_coarser",
                                       "seed004_modelc_tauc09_y3_coarsest"};
    static const double size[] = {1.0, 1.3, 1.69};
    cwb_shear sp[3];
    cwb_shear_out o[3];
    double tol = 0.0, refine;
    for (int k = 0; k < 3; k++) {
        load_spec(runs[k], &sp[k], k ? &refine : &tol, &refine);
        ck_assert_rel(sp[k].fine, size[k] * sp[0].fine, 1e-3);
        ck_assert_rel(sp[k].coarse, size[k] * sp[0].coarse, 1e-3);
        /* the stick slope stick E / h0 is the base run's in Pa/m */
        ck_assert_rel(sp[k].stick / sp[k].fine, sp[0].stick / sp[0].fine, 1e-3);
        ck_assert_rel(sp[k].force, sp[0].force, 1e-12);
        ck_assert_rel(sp[k].tangential, sp[0].tangential, 1e-12);
        load_dat(runs[k], 0, &sp[k], &o[k]);
    }
    /* Cattaneo-Mindlin's full slip at eq. 77's mu (Johnson 1985 eq. 7.42) */
    double e_star = sp[0].E / (1.0 - sp[0].nu * sp[0].nu);
    double g_star = sp[0].E / (2.0 * (1.0 + sp[0].nu)) / (2.0 - sp[0].nu);
    double a = cbrt(3.0 * sp[0].force * sp[0].R / (4.0 * e_star));
    double slip = 3.0 * SHEAR_MU_Y3_EQ77 * sp[0].force / (16.0 * g_star * a);
    double stick_worst[2] = {0}, slide_worst[2] = {0};
    size_t nstick = 0, nslide = 0;
    for (size_t i = 0; i < o[0].count; i++) {
        const cwb_shear_increment *q = &o[0].inc[i];
        if (!tangential_step(&sp[0], q))
            continue;
        double f[3] = {q->ft, ft_at_dt(&sp[1], &o[1], q->dt), ft_at_dt(&sp[2], &o[2], q->dt)};
        for (int k = 0; k < 2; k++) {
            ck_assert_msg(isfinite(f[k + 1]), "%s: no F_t at dt = %g", runs[k + 1], q->dt);
            double d = fabs(f[k + 1] - f[k]) / q->fn;
            if (q->dt <= slip * (1.0 + 1e-9)) {
                ck_assert_msg(d <= (size[k + 1] - size[k]) * tol,
                              "%s vs %s at dt = %g: F_t moves by %.3g of F_n, more than "
                              "(%g - %g) x %g",
                              runs[k], runs[k + 1], q->dt, d, size[k + 1], size[k], tol);
                stick_worst[k] = fmax(stick_worst[k], d);
            } else
                slide_worst[k] = fmax(slide_worst[k], d);
        }
        if (q->dt <= slip * (1.0 + 1e-9))
            nstick++;
        else
            nslide++;
    }
    ck_assert_uint_ge(nstick, 3);
    ck_assert_uint_ge(nslide, 3);
    /* the sliding friction coefficient: F_t / F_n at the last increment */
    double mu[3];
    for (int k = 0; k < 3; k++) {
        const cwb_shear_increment *end = &o[k].inc[o[k].count - 1];
        ck_assert_rel(end->dt, sp[0].tangential, 1e-6);
        mu[k] = end->ft / end->fn;
    }
    /* the README's finding: not mesh-converged when sliding -- each
     * coarsening lowers the sliding mu by more than the study's tolerance */
    ck_assert_msg(mu[0] - mu[1] > tol * sp[0].mu && mu[1] - mu[2] > tol * sp[0].mu,
                  "sliding mu %.4f, %.4f, %.4f on h0, 1.3 h0, 1.69 h0: the README says each "
                  "coarsening lowers it by more than %g",
                  mu[0], mu[1], mu[2], tol);
    double order = log((mu[1] - mu[2]) / (mu[0] - mu[1])) / log(1.3);
    fprintf(
        stderr,
        "fem_shear: Model C tau_c y = 3 mesh check: up to Cattaneo-Mindlin's full slip (%.3g m) "
        "F_t moves by %.3f %% (h0 -> 1.3 h0) and %.3f %% (-> 1.69 h0) of F_n; beyond it by "
        "%.3f %% and %.3f %%; sliding mu %.4f, %.4f, %.4f (observed order %.2f)\n",
        slip, 100 * stick_worst[0], 100 * stick_worst[1], 100 * slide_worst[0],
        100 * slide_worst[1], mu[0], mu[1], mu[2], order);
    for (int k = 0; k < 3; k++)
        cwb_shear_out_free(&o[k]);
}
END_TEST

/* The suspected cause of the sliding force's mesh dependence, tested:
 * with tau_c = sigma_y / sqrt 3 = k the interface is exactly as strong as
 * the body's shear yield (Tabor 1959, junction growth without a limit of
 * its own). The two coarse meshes re-run with tau_c = 0.9 k
 * (seed004_modelc_tauc09_y3_coarser, _coarsest): if that were the cause,
 * the refinement 1.69 h0 -> 1.3 h0 would move the sliding F_t/F_n much less
 * than at k. It moves it by as much: 0.0396 against 0.0442, both about
 * twice the study's tolerance (2 % of mu F_n), the difference between the
 * two within 0.01 (a quarter of either), so the cause is refuted. */
START_TEST(shear_weaker_interface_leaves_the_mesh_dependence)
{
    static const char *const runs[2][2] = {
        {"seed004_modelc_tauc_y3_coarser", "seed004_modelc_tauc_y3_coarsest"},
        {"seed004_modelc_tauc09_y3_coarser", "seed004_modelc_tauc09_y3_coarsest"}};
    double change[2], tol = 0.0, refine;
    for (int c = 0; c < 2; c++) {
        double mu[2];
        for (int k = 0; k < 2; k++) {
            cwb_shear sp;
            cwb_shear_out o;
            load_spec(runs[c][k], &sp, &tol, &refine);
            ck_assert_rel(sp.tau_c, (c ? 0.9 : 1.0) * sp.sigma_y / sqrt(3.0), 1e-9);
            load_dat(runs[c][k], 0, &sp, &o);
            const cwb_shear_increment *end = &o.inc[o.count - 1];
            ck_assert_rel(end->dt, sp.tangential, 1e-6);
            mu[k] = end->ft / end->fn;
            cwb_shear_out_free(&o);
        }
        change[c] = mu[0] - mu[1];
        printf("fem_shear: tau_c = %.1f k: sliding F_t/F_n %.4f on 1.3 h0, %.4f on 1.69 h0\n",
               c ? 0.9 : 1.0, mu[0], mu[1]);
        ck_assert_msg(change[c] > tol, "%s: the refinement moves mu by %g only", runs[c][0],
                      change[c]);
    }
    ck_assert_msg(fabs(change[1] - change[0]) < 0.01, "changes %g (k) and %g (0.9 k)", change[0],
                  change[1]);
}
END_TEST

/* Cattaneo-Mindlin's F_t at tangential displacement dt (Johnson eq. 7.43
 * solved for the force; mu F_n once sliding). */
static double mindlin_force(double dt, double fn, double mu, double g_star, double a)
{
    double slide = 3.0 * mu * fn / (16.0 * g_star * a);
    return dt >= slide ? mu * fn : mu * fn * (1.0 - pow(1.0 - dt / slide, 1.5));
}

/* The elastic study: the normal step is Hertz's approach, the tangential
 * step is Cattaneo-Mindlin at the measured F_n, to 2 % of mu F_n. */
START_TEST(shear_elastic_is_cattaneo_mindlin)
{
    for (size_t s = 0; s < NELASTIC; s++) {
        cwb_shear sp;
        double tol, refine;
        load_spec(studies[s], &sp, &tol, &refine);
        ck_assert(sp.sigma_y == 0.0);
        cwb_shear_out o;
        load_dat(studies[s], 0, &sp, &o);
        double e_star = sp.E / (1.0 - sp.nu * sp.nu), G = sp.E / (2.0 * (1.0 + sp.nu));
        double g_star = G / (2.0 - sp.nu); /* rigid flat: its (2 - nu)/G term is 0 */
        double worst = 0.0;
        size_t checked = 0;
        for (size_t i = 0; i < o.count; i++) {
            const cwb_shear_increment *q = &o.inc[i];
            double a = cbrt(3.0 * q->fn * sp.R / (4.0 * e_star));
            if (!tangential_step(&sp, q)) {
                /* the end of the normal step: a = 0.01 R, where 1 % applies
                 * (the smaller increments before it span fewer elements) */
                if (i + 1 < o.count && tangential_step(&sp, &o.inc[i + 1]))
                    ck_assert_rel(q->dn, a * a / sp.R, SHEAR_HERTZ_TOL);
                continue;
            }
            double fm = mindlin_force(q->dt, q->fn, sp.mu, g_star, a);
            ck_assert_abs(q->ft, fm, sp.mu * q->fn, SHEAR_MINDLIN_TOL);
            worst = fmax(worst, fabs(q->ft - fm) / (sp.mu * q->fn));
            checked++;
        }
        ck_assert_uint_ge(checked, 5);
        /* the run reaches full sliding (Mindlin's F_t = mu F_n) */
        const cwb_shear_increment *end = &o.inc[o.count - 1];
        ck_assert_abs(end->ft, sp.mu * end->fn, sp.mu * end->fn, SHEAR_MINDLIN_TOL);
        fprintf(stderr, "fem_shear: %s vs Cattaneo-Mindlin: worst %.3f %% of mu F_n\n", studies[s],
                100 * worst);
        cwb_shear_out_free(&o);
    }
}
END_TEST

/* The largest |F_t - Cattaneo-Mindlin| / (mu F_n) of an elastic study's
 * tangential step. */
static double mindlin_worst(const char *name)
{
    cwb_shear sp;
    double tol, refine;
    load_spec(name, &sp, &tol, &refine);
    cwb_shear_out o;
    load_dat(name, 0, &sp, &o);
    double e_star = sp.E / (1.0 - sp.nu * sp.nu), G = sp.E / (2.0 * (1.0 + sp.nu));
    double g_star = G / (2.0 - sp.nu), worst = 0.0;
    for (size_t i = 0; i < o.count; i++) {
        const cwb_shear_increment *q = &o.inc[i];
        if (!tangential_step(&sp, q))
            continue;
        double a = cbrt(3.0 * q->fn * sp.R / (4.0 * e_star));
        worst = fmax(worst,
                     fabs(q->ft - mindlin_force(q->dt, q->fn, sp.mu, g_star, a)) / (sp.mu * q->fn));
    }
    cwb_shear_out_free(&o);
    return worst;
}

/* Rathbone thesis Fig. 11: a friction penalty lets the surfaces slip below
 * the friction limit; the thesis lowers its slip tolerance until the
 * penalty run matches a Lagrange-multiplier run. CalculiX 2.20's friction
 * is a penalty only (its stick slope), so the exact stick here is
 * Cattaneo-Mindlin, the limit a Lagrange method reaches on a half-space
 * (GetFEM's Lagrange run on the hemisphere:
 * shear_fig11_penalty_approaches_lagrange): the same elastic Model C run
 * with stick slopes 1, 3 and 10 E/h0 (seed004_modelc_fig11_stick1,
 * _stick3, seed004_modelc_elastic) comes closer to it as the slope rises
 * (measured 8.9 %, the stick-3 value, 1.1 % of mu F_n), each reaching
 * mu F_n when sliding. */
START_TEST(shear_fig11_penalty_converges_to_the_exact_stick)
{
    double w1 = mindlin_worst("seed004_modelc_fig11_stick1"),
           w3 = mindlin_worst("seed004_modelc_fig11_stick3"), w10 = mindlin_worst(studies[0]);
    fprintf(stderr,
            "fem_shear: Fig. 11: stick slope 1, 3, 10 E/h0: %.2f, %.2f, %.2f %% of mu F_n\n",
            100 * w1, 100 * w3, 100 * w10);
    ck_assert_msg(w1 > w3 && w3 > w10, "not converging: %g, %g, %g", w1, w3, w10);
    ck_assert_double_lt(w10, SHEAR_MINDLIN_TOL);
}
END_TEST

/* Every study: |F_t| <= mu F_n (Coulomb), the top's reaction is the
 * flat's, the normal force is held in the tangential step (to the ground
 * spring's share, `spring` of F_n at the Hertz approach: twice that). */
START_TEST(shear_coulomb_and_equilibrium)
{
    for (size_t s = 0; s < NSTUDIES; s++) {
        cwb_shear sp;
        double tol, refine;
        load_spec(studies[s], &sp, &tol, &refine);
        cwb_shear_out o;
        load_dat(studies[s], 0, &sp, &o);
        for (size_t i = 0; i < o.count; i++) {
            const cwb_shear_increment *q = &o.inc[i];
            ck_assert_msg(fabs(q->ft) <= sp.mu * q->fn * (1.0 + SHEAR_COULOMB_TOL),
                          "%s: time %g: F_t = %g above mu F_n = %g", studies[s], q->time, q->ft,
                          sp.mu * q->fn);
            ck_assert_abs(q->ft_top, q->ft, sp.mu * sp.force, SHEAR_EQUILIBRIUM_TOL);
            if (tangential_step(&sp, q))
                ck_assert_abs(q->fn, sp.force, sp.force, 2.0 * sp.spring);
        }
        cwb_shear_out_free(&o);
    }
}
END_TEST

/* The critical shear stress as the model emulates it: each ring of slave
 * faces slips at Coulomb min(mu, tau_c / p) of its pressure bin, so that
 * mu p = tau_c where the pressure is above tau_c / mu (Rathbone thesis
 * Sec. 3.5: local slip at min(mu p, tau_c)); mu alone where the bin was
 * not pressed, beyond the profile and without tau_c. */
START_TEST(shear_ring_friction_is_the_shear_limit)
{
    cwb_shear s = {.mu = 1.0, .tau_c = 9.2e7, .profile_bins = 4, .profile_dr = 0.5};
    const double p[4] = {3e8, 2e8, 5e7, 0};
    memcpy(s.profile, p, sizeof p);
    for (int k = 0; k < 4; k++) {
        double mu = cwb_shear_ring_mu(&s, (k + 0.5) * s.profile_dr);
        double want = p[k] > 0 ? fmin(1.0, 9.2e7 / p[k]) : 1.0;
        ck_assert_double_eq_tol(mu, want, 1e-15);
        if (p[k] * 1.0 > s.tau_c)
            ck_assert_double_eq_tol(mu * p[k], s.tau_c, 1e-6);
    }
    ck_assert_double_eq(cwb_shear_ring_mu(&s, 10.0), 1.0);
    s.tau_c = 0;
    ck_assert_double_eq(cwb_shear_ring_mu(&s, 0.1), 1.0);
}
END_TEST

/* GetFEM's friction operator as a stand-in for the thesis' friction (Rathbone
 * thesis Sec. 3.5: local slip at min(mu p, tau_c)), which CalculiX 2.20's
 * *FRICTION lacks: reference/fem/getfem_tresca_block.csv (written by
 * reference/fem/studies/getfem_tresca_block.py with Debian's python3-getfem)
 * holds a plane-strain elastic block pressed on a rigid flat and slid past
 * sliding, with Coulomb_friction_coupled_projection's f = [mu, tau_c], the
 * base's pressure and shear at the multiplier's nodes, for three laws: mu
 * 0.3 without a cap, mu 1 with tau_c 20 MPa (capped almost everywhere), mu
 * 0.5 with tau_c 40 MPa (both regimes). The reference is the law itself:
 * tau = min(mu p, tau_c) at every node whose GETFEM_MARGIN neighbours on
 * each side share its regime (lifted, Coulomb, capped), to GETFEM_TAU_TOL:
 * the multiplier is the L2 projection of the piecewise law onto P1, whose
 * error at a kink spreads by 2 - sqrt(3) = 0.27 per node (the inverse of
 * the mass matrix [1 4 1]/6), 0.27^5 = 1.4e-3 of a jump of at most 3 MPa
 * five nodes away, 0.004 MPa: 0.01 MPa. Both regimes must be met. */
#define GETFEM_MARGIN  5
#define GETFEM_TAU_TOL 0.01 /* MPa */
START_TEST(shear_getfem_friction_has_the_tau_c_cap)
{
    cwb_reference r;
    char msg[CWB_MSG];
    ck_assert_msg(
        cwb_reference_load(&r, "reference/fem/getfem_tresca_block.csv", msg, sizeof msg) == CWB_OK,
        "%s", msg);
    int cm = cwb_reference_find(&r, "mu"), ct = cwb_reference_find(&r, "tau_c"),
        cp = cwb_reference_find(&r, "p"), cs = cwb_reference_find(&r, "tau");
    ck_assert(cm >= 0 && ct >= 0 && cp >= 0 && cs >= 0);
    size_t checked[3] = {0}; /* settled nodes: lifted, Coulomb, capped */
    double worst = 0.0;
    for (size_t i = 0; i < r.nrow; i++) {
        double mu = r.v[cm][i], tau_c = r.v[ct][i];
        int regime[2 * GETFEM_MARGIN + 1], n = 0, same = 1;
        for (size_t j = i >= GETFEM_MARGIN ? i - GETFEM_MARGIN : 0;
             j < r.nrow && j <= i + GETFEM_MARGIN; j++) {
            if (r.v[cm][j] != mu || r.v[ct][j] != tau_c)
                continue; /* another law's rows */
            double p = r.v[cp][j];
            regime[n++] = p <= 0 ? 0 : mu * p < tau_c ? 1 : 2;
        }
        double p = r.v[cp][i];
        int here = p <= 0 ? 0 : mu * p < tau_c ? 1 : 2;
        for (int k = 0; k < n; k++)
            same &= regime[k] == here;
        if (!same || here == 0)
            continue;
        double d = fabs(r.v[cs][i] - fmin(mu * p, tau_c));
        ck_assert_msg(d <= GETFEM_TAU_TOL,
                      "mu %g tau_c %g, node %zu: tau %.6g against min(mu p, tau_c) %.6g", mu, tau_c,
                      i, r.v[cs][i], fmin(mu * p, tau_c));
        worst = fmax(worst, d);
        checked[here]++;
    }
    printf("fem_shear: GetFEM's Coulomb_friction_coupled_projection with f = [mu, tau_c]: "
           "%zu Coulomb and %zu capped nodes within %.3g MPa of min(mu p, tau_c)\n",
           checked[1], checked[2], worst);
    ck_assert_uint_ge(checked[1], 10);
    ck_assert_uint_ge(checked[2], 10);
    cwb_reference_free(&r);
}
END_TEST

/* Rathbone's Model C in GetFEM (reference/fem/studies/getfem_modelc.py):
 * the same half hemisphere on a rigid flat as the CalculiX studies, but
 * with the thesis' friction itself (Coulomb_friction_coupled_projection,
 * f = [mu, tau_c]: local slip at min(mu p, tau_c)), P2 tetrahedra,
 * augmented-Lagrangian contact, force control of the top (F_n an
 * equation, not a spring), small strain. Its units in the CSVs: SI. */
#define GETFEM_R     1e-4   /* m */
#define GETFEM_E     2.6e10 /* Pa */
#define GETFEM_NU    0.3
#define GETFEM_FN    0.005825 /* N: y = 3 (cases/seed004_fig46_y3.case) */
#define GETFEM_MU_EL 0.3      /* the elastic runs' Coulomb mu (tau_c far above p) */

static double getfem_col(const cwb_reference *r, const char *name, size_t row)
{
    int j = cwb_reference_find(r, name);
    ck_assert_msg(j >= 0, "%s: no column %s", r->path, name);
    return r->v[j][row];
}

static void getfem_load(cwb_reference *r, const char *name)
{
    char path[256], msg[CWB_MSG];
    snprintf(path, sizeof path, "reference/fem/%s.csv", name);
    ck_assert_msg(cwb_reference_load(r, path, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_msg(r->nrow > 0, "%s: no rows", path);
}

/* The elastic runs (mu 0.3, F_n of y = 3, h0 = 0.01 R and 0.0075 R, a / h0
 * = 2.5 and 3.3): Hertz's approach at the end of the normal step,
 * Cattaneo-Mindlin's F_t(delta_t) (mindlin_force above), the initial
 * tangential stiffness 8 G* a (Mindlin 1949) and F_t = mu F_n once sliding.
 * Measured (h0 = 0.01 R, 0.0075 R): approach -1.39 %, -1.13 % of Hertz's;
 * F_t at most 2.7 %, 2.6 % of mu F_n below Mindlin's curve; initial
 * stiffness -6.7 %, -5.4 % of 8 G* a. Tolerances: GETFEM_HERTZ_TOL 2 %,
 * GETFEM_MINDLIN_TOL 3 % of mu F_n, GETFEM_STIFF_TOL 8 %: the curve's
 * deviation moves by 0.3 % of mu F_n between the meshes, so most of it is
 * not the mesh but the model: the hemisphere below the contact adds its
 * own shear compliance (of order 4 a / (pi R) = 3 % of the contact's at
 * a = 0.025 R) and the stick solution on a rigid flat is coupled (Dundurs
 * beta != 0 at nu 0.3, which Mindlin's 8 G* a leaves out); the stiffness
 * still moves by 1.3 % with the mesh, hence 8 % over the measured 6.7 %.
 * GETFEM_SLIDE_TOL 2e-5: F_t / F_n <= mu at every point, equal where the
 * slip is along x; at twice Mindlin's slip distance both runs sit 5e-6
 * below mu (a slip direction slightly off x near the edge). */
#define GETFEM_HERTZ_TOL   0.02
#define GETFEM_MINDLIN_TOL 0.03
#define GETFEM_STIFF_TOL   0.08
#define GETFEM_SLIDE_TOL   2e-5
START_TEST(shear_getfem_elastic_is_hertz_mindlin)
{
    static const char *const runs[] = {"getfem_modelc_elastic_h01", "getfem_modelc_elastic_h0075"};
    double e_star = GETFEM_E / (1.0 - GETFEM_NU * GETFEM_NU);
    double g_star = GETFEM_E / (2.0 * (1.0 + GETFEM_NU)) / (2.0 - GETFEM_NU);
    double a = cbrt(3.0 * GETFEM_FN * GETFEM_R / (4.0 * e_star));
    double stiff[2];
    for (int k = 0; k < 2; k++) {
        cwb_reference r;
        getfem_load(&r, runs[k]);
        size_t first = 0, checked = 0;
        for (size_t i = 0; i < r.nrow; i++) {
            int step = (int)getfem_col(&r, "step", i);
            double fn = getfem_col(&r, "F_n", i), ft = getfem_col(&r, "F_t", i);
            double dt = getfem_col(&r, "delta_t", i);
            if (step < 2)
                continue;
            ck_assert_rel(fn, GETFEM_FN, 1e-6); /* force control */
            if (!first) {
                first = i;
                ck_assert_rel(getfem_col(&r, "delta_n", i - 1), a * a / GETFEM_R, GETFEM_HERTZ_TOL);
                stiff[k] = ft / dt;
                ck_assert_rel(stiff[k], 8.0 * g_star * a, GETFEM_STIFF_TOL);
            }
            ck_assert_abs(ft, mindlin_force(dt, fn, GETFEM_MU_EL, g_star, a), GETFEM_MU_EL * fn,
                          GETFEM_MINDLIN_TOL);
            checked++;
        }
        ck_assert_uint_ge(checked, 6);
        size_t end = r.nrow - 1;
        ck_assert_rel(getfem_col(&r, "F_t", end) / getfem_col(&r, "F_n", end), GETFEM_MU_EL,
                      GETFEM_SLIDE_TOL);
        cwb_reference_free(&r);
    }
    printf("fem_shear: GetFEM elastic Model C: initial F_t/delta_t %.4g and %.4g N/m against "
           "Mindlin's 8 G* a = %.4g N/m\n",
           stiff[0], stiff[1], 8.0 * g_star * a);
}
END_TEST

/* The plastic y = 3 mesh study: Table 6's sphere, tau_c = sigma_y / sqrt 3,
 * mu 1, on meshes h0 = 0.01 R, 0.0075 R, 0.005625 R (ratio 4/3; the
 * summary getfem_modelc_y3_meshes.csv lists them in that order), 12
 * tangential increments to 9e-8 m. Each run holds F_n (force control) and
 * reaches sliding: its last increment moves F_t/F_n by less than a tenth of
 * the mesh step's change. The finding: the sliding F_t/F_n is NOT mesh
 * converged with the thesis' law applied exactly either -- 0.4052, 0.4087,
 * 0.4186, differences of one sign that grow (0.0035, then 0.0099), and the
 * largest plastic strain doubles on the finest mesh (0.034 -> 0.071).
 * Not the time stepping: 24 increments on the coarsest mesh
 * (getfem_modelc_y3_h01_inc24) move it by less than GETFEM_INC_TOL, a
 * tenth of the smallest mesh step. Printed, not asserted (model
 * comparisons): CalculiX's ring emulation 0.508, 0.468, 0.424 on 0.0068 R,
 * 1.3 and 1.69 times that (shear_plastic_mesh_check_coarser) and the
 * thesis' eq. 77 at y = 3, 0.36 coth(0.79 x 3^0.44) = 0.4202. */
#define GETFEM_INC_TOL 3e-4
START_TEST(shear_getfem_plastic_sliding_not_converged)
{
    static const char *const runs[] = {"getfem_modelc_y3_h01", "getfem_modelc_y3_h0075",
                                       "getfem_modelc_y3_h0056"};
    enum { n = sizeof runs / sizeof *runs };
    cwb_reference s;
    getfem_load(&s, "getfem_modelc_y3_meshes");
    ck_assert_uint_eq(s.nrow, n);
    double mu[n], before[n], h[n];
    for (size_t k = 0; k < n; k++) {
        cwb_reference r;
        getfem_load(&r, runs[k]);
        size_t end = r.nrow - 1;
        for (size_t i = 0; i < r.nrow; i++)
            if (getfem_col(&r, "step", i) >= 2)
                ck_assert_rel(getfem_col(&r, "F_n", i), GETFEM_FN, 1e-6);
        ck_assert_rel(getfem_col(&r, "delta_t", end), 9e-8, 1e-9);
        mu[k] = getfem_col(&r, "F_t", end) / getfem_col(&r, "F_n", end);
        before[k] = getfem_col(&r, "F_t", end - 1) / getfem_col(&r, "F_n", end - 1);
        h[k] = getfem_col(&s, "h0", k);
        ck_assert_rel(getfem_col(&s, "mu_sliding", k), mu[k], 1e-9);
        cwb_reference_free(&r);
    }
    for (size_t k = 1; k < n; k++) {
        ck_assert_rel(h[k - 1] / h[k], 4.0 / 3.0, 1e-3);
        double step = mu[k] - mu[k - 1];
        for (size_t j = k - 1; j <= k; j++)
            ck_assert_msg(fabs(mu[j] - before[j]) < 0.1 * fabs(step),
                          "%s: still rising: %.5f -> %.5f", runs[j], before[j], mu[j]);
    }
    double d1 = mu[1] - mu[0], d2 = mu[2] - mu[1];
    ck_assert_msg(d1 > 0 && d2 > d1,
                  "sliding mu %.4f, %.4f, %.4f: the finding says the differences grow", mu[0],
                  mu[1], mu[2]);
    cwb_reference t;
    getfem_load(&t, "getfem_modelc_y3_h01_inc24");
    size_t end = t.nrow - 1;
    ck_assert_rel(getfem_col(&t, "delta_t", end), 9e-8, 1e-9);
    double mu24 = getfem_col(&t, "F_t", end) / getfem_col(&t, "F_n", end);
    ck_assert_abs(mu24, mu[0], 1.0, GETFEM_INC_TOL);
    ck_assert_double_le(GETFEM_INC_TOL, 0.1 * fabs(d1));
    printf("fem_shear: GetFEM Model C y = 3: sliding F_t/F_n %.4f, %.4f, %.4f (h0 / R %g, %g, %g; "
           "24 increments: %.4f): differences %.4f, %.4f grow; CalculiX rings 0.508, 0.468, "
           "0.424; eq. 77 0.4202\n",
           mu[0], mu[1], mu[2], h[0], h[1], h[2], mu24, d1, d2);
    cwb_reference_free(&t);
    cwb_reference_free(&s);
}
END_TEST

/* The suspected cause, tested again with the law applied exactly: at
 * tau_c = 0.9 k, an interface strictly weaker than the body's shear yield
 * (the CalculiX pair: shear_weaker_interface_leaves_the_mesh_dependence),
 * GetFEM's sliding F_t/F_n on the same three meshes
 * (getfem_modelc_y3_tauc09_*) is 0.3482, 0.3466, 0.3502: the differences
 * change sign (-0.0016, +0.0036; no order, no Richardson estimate) and the
 * three lie within 0.0036 (1 %), against 0.0134 and a one-signed growth at
 * tau_c = k; the largest plastic strain levels off (0.0135, 0.0164,
 * 0.0168) where at k it doubles on the finest mesh (0.034 -> 0.071). So in
 * GetFEM the growing mesh dependence at k is the k degeneracy (Tabor 1959,
 * junction growth), not the discretisation. Asserted: the spread at 0.9 k
 * below a third of that at k, the finest mesh's plastic strain within 10 %
 * of the previous at 0.9 k and more than 1.5 times it at k. */
START_TEST(shear_getfem_weaker_interface_settles)
{
    static const char *const runs[2][3] = {
        {"getfem_modelc_y3_h01", "getfem_modelc_y3_h0075", "getfem_modelc_y3_h0056"},
        {"getfem_modelc_y3_tauc09_h01", "getfem_modelc_y3_tauc09_h0075",
         "getfem_modelc_y3_tauc09_h0056"}};
    double spread[2], peeq[2][3];
    for (int c = 0; c < 2; c++) {
        double mu[3], lo = 1e9, hi = -1e9;
        for (int k = 0; k < 3; k++) {
            cwb_reference r;
            getfem_load(&r, runs[c][k]);
            size_t end = r.nrow - 1;
            ck_assert_rel(getfem_col(&r, "delta_t", end), 9e-8, 1e-9);
            mu[k] = getfem_col(&r, "F_t", end) / getfem_col(&r, "F_n", end);
            peeq[c][k] = getfem_col(&r, "peeq_max", end);
            lo = fmin(lo, mu[k]);
            hi = fmax(hi, mu[k]);
            cwb_reference_free(&r);
        }
        spread[c] = hi - lo;
        printf("fem_shear: GetFEM tau_c = %.1f k: sliding F_t/F_n %.4f, %.4f, %.4f (h0 0.01, "
               "0.0075, 0.005625 R), largest plastic strain %.4f, %.4f, %.4f\n",
               c ? 0.9 : 1.0, mu[0], mu[1], mu[2], peeq[c][0], peeq[c][1], peeq[c][2]);
    }
    ck_assert_msg(spread[1] < spread[0] / 3.0, "spreads %g (k) and %g (0.9 k)", spread[0],
                  spread[1]);
    ck_assert_double_lt(peeq[1][2], 1.1 * peeq[1][1]);
    ck_assert_double_gt(peeq[0][2], 1.5 * peeq[0][1]);
}
END_TEST

/* A GetFEM mesh study at one load (reference/fem/getfem_modelc_<tag>_meshes.csv,
 * written by the script's summary mode from the runs' CSVs): per mesh h0 / R,
 * the sliding F_t/F_n (last increment) and the one before, the largest
 * accumulated plastic strain. */
typedef struct {
    double h[3], mu[3], before[3], peeq[3];
} getfem_study;

static void getfem_study_load(getfem_study *g, const char *tag)
{
    char name[96];
    snprintf(name, sizeof name, "getfem_modelc_%s_meshes", tag);
    cwb_reference s;
    getfem_load(&s, name);
    ck_assert_uint_eq(s.nrow, 3);
    for (size_t k = 0; k < 3; k++) {
        g->h[k] = getfem_col(&s, "h0", k);
        g->mu[k] = getfem_col(&s, "mu_sliding", k);
        g->before[k] = getfem_col(&s, "mu_previous", k);
        g->peeq[k] = getfem_col(&s, "peeq_max", k);
    }
    cwb_reference_free(&s);
}

/* The observed order of the differences d1 = mu1 - mu0, d2 = mu2 - mu1
 * for the mesh ratio r (NaN unless they shrink with one sign), and
 * Richardson's extrapolation with it. */
static double getfem_order(const getfem_study *g)
{
    double d1 = g->mu[1] - g->mu[0], d2 = g->mu[2] - g->mu[1];
    return d1 * d2 > 0 ? log(d1 / d2) / log(g->h[0] / g->h[1]) : NAN;
}

static double getfem_richardson(const getfem_study *g)
{
    double p = getfem_order(g), d2 = g->mu[2] - g->mu[1];
    return p > 0 ? g->mu[2] + d2 / (pow(g->h[1] / g->h[2], p) - 1.0) : NAN;
}

/* The loads of the CalculiX studies (reference/fem/studies/
 * seed004_modelc_tauc_y1/y3/y7/y15.study) at tau_c = 0.9k, each on three
 * meshes refined by 4/3 (getfem_modelc_<tag>_meshes.csv): y = 3 on h0 =
 * 0.0075, 0.005625, 0.00421875 R; y = 7 and 15 on y = 3's meshes scaled by
 * the contact radius (0.0133, 0.01, 0.0075 R and 0.0213, 0.016, 0.012 R;
 * fine zone 0.085 and 0.13 R, travel 2e-7 and 3.5e-7 m); y = 1 on y = 3's
 * h0 (zone 0.03 R, travel 4.5e-8 m). Every run holds F_n and reaches
 * sliding (its last increment moves F_t/F_n by less than a tenth of the
 * smallest mesh step, so the mesh differences are not a travel effect).
 * A load is converged when the differences shrink with one sign at an
 * observed order above 1 and the largest plastic strain of the finest
 * mesh stays within 1.25 times the previous one's (localising at tau_c =
 * k it grew 2.09 and 1.68 times per step, finding 45). The finding
 * (doc/findings.md, finding 49): y = 3 converges (0.3466, 0.3502, 0.3513,
 * order 4.1, Richardson 0.3518); y = 1 falls by a constant step (0.4801,
 * 0.4747, 0.4691: 2-4 elements across a 1.54 um contact, the plastic
 * strain flat). y = 7 and 15: shear_getfem_tauc09_finest_mesh_departs.
 * With a linear hardening H = E/10: y = 3 converges (0.33080, 0.33007,
 * 0.32984, order 4.0, Richardson 0.32973); y = 1 falls by the same
 * constant step (0.4794, 0.4740, 0.4684: the hardening does not reach its
 * plastic strain of 0.0018, the contact's elements do). */
static const struct {
    const char *tag;
    int converged;
} getfem_loads[] = {
    {"y1_tauc09", 0}, {"y3_tauc09_fine", 1}, {"y1_tauc09_H10", 0}, {"y3_tauc09_H10", 1}};

START_TEST(shear_getfem_tauc09_loads)
{
    getfem_study g;
    getfem_study_load(&g, getfem_loads[_i].tag);
    const char *tag = getfem_loads[_i].tag;
    double d1 = g.mu[1] - g.mu[0], d2 = g.mu[2] - g.mu[1];
    for (size_t k = 0; k < 3; k++) {
        if (k)
            ck_assert_rel(g.h[k - 1] / g.h[k], 4.0 / 3.0, 1e-4);
        ck_assert_msg(fabs(g.mu[k] - g.before[k]) < 0.1 * fmin(fabs(d1), fabs(d2)),
                      "%s mesh %zu: still rising: %.5f -> %.5f", tag, k, g.before[k], g.mu[k]);
    }
    double order = getfem_order(&g), grow = g.peeq[2] / g.peeq[1];
    printf(
        "fem_shear: GetFEM tau_c = 0.9 k %s: sliding F_t/F_n %.4f, %.4f, %.4f (h0 %g, %g, %g R), "
        "order %.2f, Richardson %.4f, largest plastic strain %.4f, %.4f, %.4f\n",
        tag, g.mu[0], g.mu[1], g.mu[2], g.h[0], g.h[1], g.h[2], order, getfem_richardson(&g),
        g.peeq[0], g.peeq[1], g.peeq[2]);
    if (getfem_loads[_i].converged) {
        ck_assert_msg(order > 1.0, "%s: differences %.5f, %.5f: order %.2f", tag, d1, d2, order);
        ck_assert_double_lt(grow, 1.25);
    } else {
        ck_assert_msg(!(order > 1.0), "%s: the finding says not converged; order %.2f", tag, order);
    }
}
END_TEST

/* y = 1 at tau_c = 0.9k on a narrower, finer zone at the contact
 * (getfem_modelc_y1_tauc09_zone_meshes.csv: zone 0.025 R, 1.6 contact
 * radii; h0 = 0.00426667, 0.0032, 0.0024 R, h0/a 0.28, 0.21, 0.16): the
 * sliding F_t/F_n 0.46995, 0.46926, 0.47012 -- the differences change
 * sign (-0.00068, +0.00086: no observed order, no Richardson estimate),
 * so NOT converged by shear_getfem_tauc09_loads' criterion, but within
 * 0.0009 of each other, against the constant 0.0054-0.0056 steps of the
 * zone-0.03 study (getfem_modelc_y1_tauc09_meshes.csv). The zone's width
 * is not settled either: h0 0.0032 R on zone 0.035 R
 * (getfem_modelc_y1_tauc09_z035_h0032) gives 0.47107, 0.0018 above zone
 * 0.025 R, more than the refinement moves it. Asserted: the sign change,
 * the band below a third of the old study's smaller step, and the zone
 * effect above the band (FEM against FEM: the finding's evidence).
 * Printed: Hertz's pressure with local slip at min(p, tau_c),
 * 1.5 s (1 - s^2) + s^3 with s = tau_c / p0 = 0.3250: 0.4703 (a model
 * comparison: it leaves out the plastic strain, 0.003-0.004). */
START_TEST(shear_getfem_y1_zone_not_converged)
{
    getfem_study g, old;
    getfem_study_load(&g, "y1_tauc09_zone");
    getfem_study_load(&old, "y1_tauc09");
    double d1 = g.mu[1] - g.mu[0], d2 = g.mu[2] - g.mu[1];
    double lo = fmin(g.mu[0], fmin(g.mu[1], g.mu[2])), hi = fmax(g.mu[0], fmax(g.mu[1], g.mu[2]));
    double step = fmin(fabs(old.mu[1] - old.mu[0]), fabs(old.mu[2] - old.mu[1]));
    for (size_t k = 0; k < 3; k++) {
        if (k)
            ck_assert_rel(g.h[k - 1] / g.h[k], 4.0 / 3.0, 1e-4);
        ck_assert_msg(fabs(g.mu[k] - g.before[k]) < 0.1 * fmin(fabs(d1), fabs(d2)),
                      "mesh %zu: still rising: %.5f -> %.5f", k, g.before[k], g.mu[k]);
    }
    cwb_reference r;
    getfem_load(&r, "getfem_modelc_y1_tauc09_z035_h0032");
    size_t end = r.nrow - 1;
    double wide = getfem_col(&r, "F_t", end) / getfem_col(&r, "F_n", end);
    cwb_reference_free(&r);
    printf("fem_shear: GetFEM tau_c = 0.9 k y = 1, zone 0.025 R: sliding F_t/F_n %.5f, %.5f, "
           "%.5f (h0 %g, %g, %g R), differences %+.5f, %+.5f; zone 0.035 R at h0 %g R: %.5f; "
           "Hertz with slip at min(p, tau_c): 0.4703\n",
           g.mu[0], g.mu[1], g.mu[2], g.h[0], g.h[1], g.h[2], d1, d2, g.h[1], wide);
    ck_assert_msg(d1 * d2 < 0.0, "differences %.5f, %.5f: the finding says they change sign", d1,
                  d2);
    ck_assert_double_lt(hi - lo, step / 3.0);
    ck_assert_double_gt(fabs(wide - g.mu[1]), hi - lo);
}
END_TEST

/* y = 7 and 15 at tau_c = 0.9k on three meshes each (h0 0.0133, 0.01,
 * 0.0075 R and 0.0213, 0.016, 0.012 R: y = 3's h0 / a scaled by the
 * contact radius; fine zone 0.085 and 0.13 R, travel 2e-7 and 3.5e-7 m):
 * NOT converged, the finest mesh departs. The sliding F_t/F_n differences
 * grow with one sign (y = 7: +0.0010, +0.0046; y = 15: +0.0013, +0.0063;
 * doc/findings.md, finding 49) and the finest mesh's largest plastic
 * strain jumps (1.38 and 1.37 times the previous mesh's; at the converged
 * y = 3 it is 1.12, at tau_c = k, where the sliding localises, 2.09 and
 * 1.68). Threshold 1.25: the converged loads' bound of
 * shear_getfem_tauc09_loads. The travel is not the cause: each run
 * approaches its plateau geometrically (its last two changes of F_t/F_n
 * shrink by the ratio q < 1), so what it still has to rise is at most the
 * tail q c / (1 - q) of its last change c; the growth of the differences,
 * d2 - d1, is asserted above twice the largest tail (at y = 15, 3.5e-7 m
 * leaves the runs 1e-4 to 2e-4 short of sliding, so the per-run check of
 * shear_getfem_tauc09_loads, a tenth of the smaller difference, does not
 * apply there). */
static const struct {
    const char *tag, *runs[3];
} getfem_departing[] = {{"y7_tauc09", {"y7_tauc09_h0133", "y7_tauc09_h01", "y7_tauc09_h0075"}},
                        {"y15_tauc09", {"y15_tauc09_h0213", "y15_tauc09_h016", "y15_tauc09_h012"}}};

/* Run k (coarsest first) of departing study i. */
static void departing_run_load(cwb_reference *r, int i, size_t k)
{
    char name[96];
    snprintf(name, sizeof name, "getfem_modelc_%s", getfem_departing[i].runs[k]);
    getfem_load(r, name);
}

START_TEST(shear_getfem_tauc09_finest_mesh_departs)
{
    getfem_study g;
    getfem_study_load(&g, getfem_departing[_i].tag);
    const char *tag = getfem_departing[_i].tag;
    double tail = 0.0;
    for (size_t k = 0; k < 3; k++) {
        cwb_reference r;
        departing_run_load(&r, _i, k);
        size_t end = r.nrow - 1;
        double mu[3];
        for (size_t j = 0; j < 3; j++)
            mu[j] = getfem_col(&r, "F_t", end - j) / getfem_col(&r, "F_n", end - j);
        ck_assert_rel(mu[0], g.mu[k], 1e-9); /* the summary read this run */
        double c = mu[0] - mu[1], q = c / (mu[1] - mu[2]);
        ck_assert_msg(c >= 0 && q < 1.0, "%s: not approaching a plateau: changes %.3g, %.3g",
                      getfem_departing[_i].runs[k], mu[1] - mu[2], c);
        tail = fmax(tail, q * c / (1.0 - q));
        if (k)
            ck_assert_rel(g.h[k - 1] / g.h[k], 4.0 / 3.0, 1e-4);
        cwb_reference_free(&r);
    }
    double d1 = g.mu[1] - g.mu[0], d2 = g.mu[2] - g.mu[1];
    printf(
        "fem_shear: GetFEM tau_c = 0.9 k %s: sliding F_t/F_n %.4f, %.4f, %.4f (h0 %g, %g, %g R): "
        "differences %+.4f, %+.4f (order %.2f), the runs' remaining rise <= %.1e; largest "
        "plastic strain %.4f, %.4f, %.4f\n",
        tag, g.mu[0], g.mu[1], g.mu[2], g.h[0], g.h[1], g.h[2], d1, d2, getfem_order(&g), tail,
        g.peeq[0], g.peeq[1], g.peeq[2]);
    ck_assert_msg(d1 > 0 && d2 - d1 > 2.0 * tail,
                  "%s: differences %.5f, %.5f (tail %.2g): the finding says they grow", tag, d1, d2,
                  tail);
    ck_assert_double_gt(g.peeq[2], 1.25 * g.peeq[1]);
}
END_TEST

/* Where the finest mesh's higher sliding mu comes from, read on the same
 * committed runs (y = 7 and 15, tau_c = 0.9k; the increments' contact
 * columns). Tabor's junction growth (Tabor 1959, "Junction growth in
 * metallic friction", Proc. R. Soc. A 251:378-393): in full sliding with
 * the traction at tau_c, mu ~ tau_c A / F_n, so a mesh-dependent mu would
 * be a mesh-dependent area A. It is not: at the last increment the finest
 * mesh's pressed area (a_area, p > 5 MPa) is the SMALLEST of the three (y
 * = 7: 5.359, 5.271, 5.139 um; y = 15: 9.138, 8.811, 8.503 um) and the
 * tangential step grows it no more than the middle mesh's ((a_end /
 * a_normal)^2 = 1.1875, 1.1776, 1.1774 at y = 7; 1.257, 1.267, 1.217 at y
 * = 15). What rises with the refinement is the mean traction over that
 * area, mu F_n / (tau_c A) = 0.760, 0.788, 0.841 (y = 7) and 0.672,
 * 0.726, 0.797 (y = 15): more of the contact at the cap tau_c, less in
 * the edge band where the traction is p < tau_c (the P1 multiplier
 * smears the edge by up to an element). Bound from the law (local
 * traction min(mu p, tau_c) <= tau_c, and <= 5 MPa outside A): that mean
 * stays below 1. And the departure is not an end-of-travel effect: at 2/3
 * of the travel (8 of 12 increments) the finest minus the middle mesh's
 * F_t/F_n is already 0.98 (y = 7) and 0.85 (y = 15) of its final value;
 * at y = 7 it is 0.87 at the 5th increment (8.3e-8 m), the transition to
 * gross sliding that 12 increments resolve with 2-3 points
 * (doc/findings.md, finding 49). Asserted: the finest area the smallest,
 * its growth not above the middle mesh's, the mean traction rising with
 * the refinement and below 1, and at least 0.8 of the departure in place
 * at increment 8 (0.8: below both measured values, above the half a
 * departure growing through the sliding travel would give). */
#define GETFEM_TAUC09 (0.9 * 1.6e8 / 1.7320508075688772) /* Pa: 0.9 sigma_y / sqrt 3 */
START_TEST(shear_getfem_tauc09_departure_is_not_a_larger_area)
{
    const char *tag = getfem_departing[_i].tag;
    double area[3], growth[3], traction[3], mu_at[3][2];
    size_t at = 0;
    for (size_t k = 0; k < 3; k++) {
        cwb_reference r;
        departing_run_load(&r, _i, k);
        size_t end = r.nrow - 1, normal_end = 0;
        while (getfem_col(&r, "step", normal_end + 1) < 2)
            normal_end++;
        ck_assert_uint_eq(end - normal_end, 12); /* 12 tangential increments */
        at = normal_end + 8;
        double a = getfem_col(&r, "a_area", end), a0 = getfem_col(&r, "a_area", normal_end);
        double fn = getfem_col(&r, "F_n", end), ft = getfem_col(&r, "F_t", end);
        area[k] = a;
        growth[k] = (a / a0) * (a / a0);
        traction[k] = ft / (GETFEM_TAUC09 * M_PI * a * a);
        mu_at[k][0] = getfem_col(&r, "F_t", at) / getfem_col(&r, "F_n", at);
        mu_at[k][1] = ft / fn;
        cwb_reference_free(&r);
    }
    double share = (mu_at[2][0] - mu_at[1][0]) / (mu_at[2][1] - mu_at[1][1]);
    printf("fem_shear: GetFEM tau_c = 0.9 k %s: pressed radius sqrt(A / pi) %.4g, %.4g, %.4g um, "
           "area growth in the tangential step %.4f, %.4f, %.4f; mean traction / tau_c %.3f, "
           "%.3f, %.3f; the finest mesh's departure in place at increment 8: %.2f\n",
           tag, area[0] * 1e6, area[1] * 1e6, area[2] * 1e6, growth[0], growth[1], growth[2],
           traction[0], traction[1], traction[2], share);
    ck_assert_double_lt(area[2], fmin(area[0], area[1]));
    ck_assert_double_le(growth[2], growth[1]);
    ck_assert_msg(traction[0] < traction[1] && traction[1] < traction[2] && traction[2] < 1.0,
                  "%s: mean traction / tau_c %.3f, %.3f, %.3f", tag, traction[0], traction[1],
                  traction[2]);
    ck_assert_double_ge(share, 0.8);
}
END_TEST

/* A fourth y = 7 mesh at tau_c = 0.9k, h0 = 0.0070 R (73066 dofs, the y =
 * 7 runs' script line otherwise: getfem_modelc_y7_tauc09_h0070, 3423 s CPU
 * with OpenBLAS), read in the summary getfem_modelc_y7_tauc09_fine_meshes
 * beside h0 0.01 and 0.0075 R: was the 0.0075 R mesh's departure an
 * artefact (the fourth mesh back near 0.3024) or a trend? Sliding F_t/F_n
 * 0.30236, 0.30694, 0.30822: +0.00458, then +0.00128 over a refinement of
 * only 1.071. The ratio changes, so the differences are compared per unit
 * log h0: an error C h^p with p > 0 makes the change per unit log h0 shrink
 * as h0 falls (it is the mean of C p h^p over the step), and "no shrinking"
 * is exactly an observed order <= 0 (the summary's order: -0.84). Measured
 * 0.0159 (0.01 -> 0.0075 R) and 0.0186 (0.0075 -> 0.0070 R): the
 * departure continues, no mesh-converged sliding mu at y = 7 on these
 * meshes (doc/findings.md, finding 49). Asserted with each run's
 * remaining rise to its plateau (the tail q c / (1 - q) of
 * shear_getfem_tauc09_finest_mesh_departs) counted against the claim;
 * the summary's rows are the runs it names; the new run holds F_n over
 * its 12 increments to 2e-7 m and reaches sliding (the last increment
 * moves mu by less than a tenth of the new difference); its pressed area
 * is the smallest and its mean traction mu F_n / (tau_c A) the highest,
 * below 1 (the law's bound), as for the three meshes before
 * (shear_getfem_tauc09_departure_is_not_a_larger_area); its largest
 * plastic strain does not fall (0.0408 -> 0.0413: 1.2 %, where the
 * 4/3 step before it was 1.38 times: printed, not asserted beyond >=). */
START_TEST(shear_getfem_y7_fourth_mesh_still_departs)
{
    static const char *const runs[2] = {"getfem_modelc_y7_tauc09_h0075",
                                        "getfem_modelc_y7_tauc09_h0070"};
    getfem_study old, g;
    getfem_study_load(&old, "y7_tauc09");
    getfem_study_load(&g, "y7_tauc09_fine");
    for (size_t k = 0; k < 2; k++) { /* the same two runs in both summaries */
        ck_assert_rel(g.h[k], old.h[k + 1], 1e-9);
        ck_assert_rel(g.mu[k], old.mu[k + 1], 1e-9);
    }
    double tail = 0.0, radius[2], traction[2];
    for (size_t k = 0; k < 2; k++) {
        cwb_reference r;
        getfem_load(&r, runs[k]);
        size_t end = r.nrow - 1, normal_end = 0;
        while (getfem_col(&r, "step", normal_end + 1) < 2)
            normal_end++;
        ck_assert_uint_eq(end - normal_end, 12);
        ck_assert_rel(getfem_col(&r, "delta_t", end), 2e-7, 1e-9);
        for (size_t i = normal_end; i <= end; i++)
            ck_assert_rel(getfem_col(&r, "F_n", i), 0.01891, 1e-6); /* force control */
        double mu[3];
        for (size_t j = 0; j < 3; j++)
            mu[j] = getfem_col(&r, "F_t", end - j) / getfem_col(&r, "F_n", end - j);
        ck_assert_rel(mu[0], g.mu[k + 1], 1e-9); /* the summary read this run */
        double c = mu[0] - mu[1], q = c / (mu[1] - mu[2]);
        ck_assert_msg(c >= 0 && q < 1.0, "%s: not approaching a plateau: changes %.3g, %.3g",
                      runs[k], mu[1] - mu[2], c);
        tail = fmax(tail, q * c / (1.0 - q));
        radius[k] = getfem_col(&r, "a_area", end); /* sqrt(A / pi) */
        traction[k] = getfem_col(&r, "F_t", end) / (GETFEM_TAUC09 * M_PI * radius[k] * radius[k]);
        cwb_reference_free(&r);
    }
    double d2 = g.mu[1] - g.mu[0], d3 = g.mu[2] - g.mu[1];
    double per_log_before = d2 / log(g.h[0] / g.h[1]), per_log_last = d3 / log(g.h[1] / g.h[2]);
    printf("fem_shear: GetFEM tau_c = 0.9 k y = 7 on four meshes: sliding F_t/F_n %.5f, %.5f, "
           "%.5f, %.5f (h0 %g, %g, %g, %g R): differences %+.5f, %+.5f, %+.5f, per unit log h0 "
           "%.4f, %.4f, %.4f (remaining rise <= %.1e); largest plastic strain %.4f, %.4f, %.4f, "
           "%.4f; pressed radius sqrt(A / pi) %.4g, %.4g um, mean traction / tau_c %.3f, %.3f\n",
           old.mu[0], old.mu[1], old.mu[2], g.mu[2], old.h[0], old.h[1], old.h[2], g.h[2],
           old.mu[1] - old.mu[0], d2, d3, (old.mu[1] - old.mu[0]) / log(old.h[0] / old.h[1]),
           per_log_before, per_log_last, tail, old.peeq[0], old.peeq[1], old.peeq[2], g.peeq[2],
           radius[0] * 1e6, radius[1] * 1e6, traction[0], traction[1]);
    ck_assert_msg(fabs(g.mu[2] - g.before[2]) < 0.1 * d3, "h0 0.0070 R still rising: %.5f -> %.5f",
                  g.before[2], g.mu[2]);
    ck_assert_msg((d3 - tail) / log(g.h[1] / g.h[2]) > (d2 + tail) / log(g.h[0] / g.h[1]),
                  "per unit log h0 %.4f then %.4f (tail %.2g): the finding says they do not "
                  "shrink",
                  per_log_before, per_log_last, tail);
    ck_assert_double_lt(radius[1], radius[0]);
    ck_assert_msg(traction[0] < traction[1] && traction[1] < 1.0,
                  "mean traction / tau_c %.3f, %.3f", traction[0], traction[1]);
    ck_assert_double_ge(g.peeq[2], g.peeq[1]);
}
END_TEST

/* Is the y = 7 finest mesh's departure (+0.0046) the tangential
 * increments? Every run of the study takes 12 increments of 1.67e-8 m,
 * 0.022 h0 on the finest mesh, 0.0125 h0 on the coarsest. The direct test,
 * the finest mesh at 24 increments, could not be run (doc/findings.md,
 * finding 49); instead the coarsest mesh (h0 = 0.0133 R) at 6 and 3
 * increments (getfem_modelc_y7_tauc09_inc6_h0133, _inc3_h0133: 3.33e-8
 * and 6.67e-8 m, 0.025 and 0.05 h0 per increment, more than the finest
 * mesh's 0.022 h0 at 12). Sliding F_t/F_n 0.30140 (12 increments), 0.30096
 * (6), 0.30062 (3); largest plastic strain 0.0333, 0.0366, 0.0378. Coarser
 * increments LOWER the sliding mu and RAISE the plastic strain, where the
 * finest mesh's departure raises both; and at a slip per increment above
 * the finest mesh's they move mu by a tenth of the departure (-0.00043
 * against +0.0046). Asserted: the same normal step on the three runs (F_n
 * held, the same contact radius at its end), the 6-increment shift
 * negative and below a fifth of the departure (a fifth: the increments
 * would have to move mu by about the departure to explain it; measured a
 * tenth), the 3-increment shift of the same sign and larger, and the
 * plastic strain rising with the increment. Not converged in the increment
 * either: the halvings 3 -> 6 -> 12 move mu by +0.00034, +0.00043, which do
 * not shrink (asserted); 24 increments (below) add only +0.00012, so the
 * halvings shrink after 12 and the 12-increment runs sit about
 * 0.0001-0.0002 below their increment limit, a tenth of the
 * coarse-to-middle mesh step (+0.00096). Where the increment error depends on the slip per increment
 * relative to h0 only (an assumption: the finest mesh itself was not
 * rerun), the finest run, at a larger slip per h0 than the middle one, is
 * pushed DOWN more by it: the increment limit would widen the departure,
 * not close it. */
#define GETFEM_INC_SHARE 0.2
START_TEST(shear_getfem_y7_increments_do_not_make_the_departure)
{
    static const char *const runs[3] = {"getfem_modelc_y7_tauc09_h0133",
                                        "getfem_modelc_y7_tauc09_inc6_h0133",
                                        "getfem_modelc_y7_tauc09_inc3_h0133"};
    static const size_t incs[3] = {12, 6, 3};
    getfem_study g;
    getfem_study_load(&g, "y7_tauc09");
    double depart = g.mu[2] - g.mu[1], mu[3], peeq[3], a_normal[3];
    for (size_t k = 0; k < 3; k++) {
        cwb_reference r;
        getfem_load(&r, runs[k]);
        size_t end = r.nrow - 1, normal_end = 0;
        while (getfem_col(&r, "step", normal_end + 1) < 2)
            normal_end++;
        ck_assert_uint_eq(end - normal_end, incs[k]);
        ck_assert_rel(getfem_col(&r, "delta_t", end), 2e-7, 1e-9);
        for (size_t i = normal_end; i <= end; i++)
            ck_assert_rel(getfem_col(&r, "F_n", i), 0.01891, 1e-6); /* force control */
        a_normal[k] = getfem_col(&r, "a_area", normal_end);
        mu[k] = getfem_col(&r, "F_t", end) / getfem_col(&r, "F_n", end);
        peeq[k] = getfem_col(&r, "peeq_max", end);
        cwb_reference_free(&r);
    }
    ck_assert_rel(mu[0], g.mu[0], 1e-9); /* the study's coarsest run */
    double shift6 = mu[1] - mu[0], shift3 = mu[2] - mu[0];
    printf("fem_shear: GetFEM tau_c = 0.9 k y = 7, h0 %g R: sliding F_t/F_n %.5f, %.5f, %.5f at "
           "12, 6, 3 increments (shifts %+.5f, %+.5f; the finest mesh's departure %+.5f), "
           "largest plastic strain %.4f, %.4f, %.4f\n",
           g.h[0], mu[0], mu[1], mu[2], shift6, shift3, depart, peeq[0], peeq[1], peeq[2]);
    ck_assert_rel(a_normal[1], a_normal[0], 1e-6);
    ck_assert_rel(a_normal[2], a_normal[0], 1e-6);
    ck_assert_double_lt(shift6, 0.0);
    ck_assert_double_lt(-shift6, GETFEM_INC_SHARE * depart);
    ck_assert_double_lt(shift3, shift6);
    ck_assert_double_gt(peeq[1], peeq[0]);
    ck_assert_double_gt(peeq[2], peeq[1]);
    ck_assert_msg(mu[0] - mu[1] >= mu[1] - mu[2],
                  "halvings %+.5f, %+.5f: the finding says they "
                  "do not shrink",
                  mu[1] - mu[2], mu[0] - mu[1]);
    /* 24 increments (getfem_modelc_y7_tauc09_inc24_h0133, 1717 s CPU): 0.30151,
     * +0.00012 on 12, the same sign as the coarser halvings: more increments
     * raise the coarsest mesh's mu; the shift stays below a fifth of the
     * finest mesh's departure. */
    cwb_reference r24;
    getfem_load(&r24, "getfem_modelc_y7_tauc09_inc24_h0133");
    size_t end24 = r24.nrow - 1;
    ck_assert_rel(getfem_col(&r24, "delta_t", end24), 2e-7, 1e-9);
    ck_assert_rel(getfem_col(&r24, "delta_t", end24 - 23), 2e-7 / 24.0, 1e-6);
    double mu24 = getfem_col(&r24, "F_t", end24) / getfem_col(&r24, "F_n", end24);
    cwb_reference_free(&r24);
    printf("fem_shear: GetFEM tau_c = 0.9 k y = 7, h0 %g R: 24 increments %.5f (%+.5f on 12)\n",
           g.h[0], mu24, mu24 - mu[0]);
    ck_assert_double_gt(mu24, mu[0]);
    ck_assert_double_lt(mu24 - mu[0], GETFEM_INC_SHARE * depart);
}
END_TEST

/* y = 7 at tau_c = 0.9k regularised by a linear isotropic hardening H_i =
 * E/100 (reference/fem/studies/getfem_modelc.py, MODELC_HARDEN=0.01:
 * GetFEM's 'Prandtl Reuss linear hardening', uniaxial yield sigma_y + H_i
 * alpha, alpha the accumulated plastic strain), the committed y = 7 runs'
 * inputs otherwise (getfem_modelc_y7_tauc09_H100_meshes.csv). The
 * perfectly plastic finest mesh departs (+0.0046 on h0 0.0075 R,
 * shear_getfem_tauc09_finest_mesh_departs). With H = E/100 the three
 * meshes (h0 0.0133, 0.01, 0.0075 R) give 0.29561, 0.29650, 0.30062: the
 * differences grow as without hardening (+0.00089, +0.00412 against
 * +0.00096, +0.00458; order -5.3), so NOT converged; asserted: the second
 * difference above twice the first. What the runs show besides
 * (doc/findings.md, finding 49): on the two coarser meshes the hardening lowers the sliding F_t/F_n by
 * the same amount (0.30140 -> 0.29561, 0.30236 -> 0.29650: -0.00579,
 * -0.00586), i.e. the shift is the model's, not the mesh's: the two
 * shifts agree to within the perfectly plastic coarse-to-middle mesh
 * difference (0.00096), and the shift is larger than the departure the
 * regularisation is meant to cure (0.0046): H = E/100 is not a small
 * perturbation of the sliding mu, so its limit H -> 0 needs smaller H.
 * The two hardened meshes differ by +0.00089 (perfectly plastic +0.00096),
 * their plastic strain falls with the refinement (0.0291, 0.0248) as the
 * perfectly plastic runs' did before the third mesh (0.0333, 0.0296). */
START_TEST(shear_getfem_y7_hardening_shifts_mu)
{
    getfem_study p;
    getfem_study_load(&p, "y7_tauc09");
    cwb_reference s;
    getfem_load(&s, "getfem_modelc_y7_tauc09_H100_meshes");
    ck_assert_uint_eq(s.nrow, 3);
    double fine = getfem_col(&s, "mu_sliding", 2);
    double mu[2], peeq[2];
    for (size_t k = 0; k < 2; k++) {
        ck_assert_rel(getfem_col(&s, "h0", k), p.h[k], 1e-6); /* the same meshes */
        mu[k] = getfem_col(&s, "mu_sliding", k);
        peeq[k] = getfem_col(&s, "peeq_max", k);
        /* sliding reached: the last increment moves it by a tenth of the
         * perfectly plastic mesh step or less */
        ck_assert_double_lt(fabs(mu[k] - getfem_col(&s, "mu_previous", k)),
                            0.1 * (p.mu[1] - p.mu[0]));
    }
    cwb_reference_free(&s);
    double shift0 = mu[0] - p.mu[0], shift1 = mu[1] - p.mu[1];
    double step0 = p.mu[1] - p.mu[0], depart0 = p.mu[2] - p.mu[1];
    printf("fem_shear: GetFEM tau_c = 0.9 k y = 7 with H = E/100: sliding F_t/F_n %.5f, %.5f (h0 "
           "%g, %g R; perfectly plastic %.5f, %.5f, finest %.5f), hardening shift %+.5f, %+.5f, "
           "mesh difference %+.5f (perfectly plastic %+.5f, then %+.5f); largest plastic strain "
           "%.4f, %.4f (perfectly plastic %.4f, %.4f, %.4f)\n",
           mu[0], mu[1], p.h[0], p.h[1], p.mu[0], p.mu[1], p.mu[2], shift0, shift1, mu[1] - mu[0],
           step0, depart0, peeq[0], peeq[1], p.peeq[0], p.peeq[1], p.peeq[2]);
    ck_assert_double_lt(shift0, 0.0);
    ck_assert_double_lt(shift1, 0.0);
    ck_assert_double_lt(fabs(shift1 - shift0), step0);
    ck_assert_double_gt(fmin(-shift0, -shift1), depart0);
    ck_assert_double_gt(fine - mu[1], 2.0 * (mu[1] - mu[0])); /* the finest departs */
}
END_TEST

/* The same with a ten times stiffer hardening, H_i = E/10 (MODELC_HARDEN=0.1,
 * getfem_modelc_y7_tauc09_H10_meshes.csv; 356, 611, 1476 s CPU): 0.26964,
 * 0.27353, 0.27132 on h0 0.0133, 0.01, 0.0075 R. The finest mesh no longer
 * departs upward (perfectly plastic +0.0046, E/100 +0.0041): the
 * differences +0.0039, -0.0022 change sign, so there is no observed order
 * and no Richardson estimate; the three lie within 0.0039. Asserted: the
 * sign change, the second difference smaller than the first, and the
 * finest mesh below the middle one (each can fail on other runs). */
START_TEST(shear_getfem_y7_stiffer_hardening_stops_the_departure)
{
    getfem_study h;
    getfem_study_load(&h, "y7_tauc09_H10");
    double d1 = h.mu[1] - h.mu[0], d2 = h.mu[2] - h.mu[1];
    printf("fem_shear: GetFEM tau_c = 0.9 k y = 7 with H = E/10: sliding F_t/F_n %.5f, %.5f, "
           "%.5f (h0 %g, %g, %g R), differences %+.5f, %+.5f; largest plastic strain %.4f, %.4f, "
           "%.4f\n",
           h.mu[0], h.mu[1], h.mu[2], h.h[0], h.h[1], h.h[2], d1, d2, h.peeq[0], h.peeq[1],
           h.peeq[2]);
    ck_assert_double_lt(d1 * d2, 0.0);
    ck_assert_double_lt(fabs(d2), fabs(d1));
    ck_assert_double_lt(h.mu[2], h.mu[1]);
}
END_TEST

/* Between the two: H_i = E/30 (MODELC_HARDEN=0.0333333,
 * getfem_modelc_y7_tauc09_H30_meshes.csv; 371, 849, 2366 s CPU, OpenBLAS):
 * 0.28515, 0.28919, 0.28934 on h0 0.0133, 0.01, 0.0075 R. The differences
 * +0.00404, +0.00015 shrink with one sign (observed order 11.5, too high to
 * trust the coarsest mesh as asymptotic: the finest two agree to 5e-4 of
 * mu), so E/30 settles at y = 7 where E/100 does not. Asserted: the same
 * sign, the second difference under a tenth of the first; and, on the
 * finest mesh, mu falling as the hardening rises, H = 0, E/100, E/30,
 * E/10: 0.30694, 0.30062, 0.28934, 0.27132 (the sliding mu of a harder
 * material is lower, each step more than the E/30 mesh spread). */
START_TEST(shear_getfem_y7_hardening_e30_settles)
{
    getfem_study h, p, h100, h10;
    getfem_study_load(&h, "y7_tauc09_H30");
    getfem_study_load(&p, "y7_tauc09");
    getfem_study_load(&h100, "y7_tauc09_H100");
    getfem_study_load(&h10, "y7_tauc09_H10");
    double d1 = h.mu[1] - h.mu[0], d2 = h.mu[2] - h.mu[1];
    printf("fem_shear: GetFEM tau_c = 0.9 k y = 7 with H = E/30: sliding F_t/F_n %.5f, %.5f, "
           "%.5f (h0 %g, %g, %g R), differences %+.5f, %+.5f; finest mesh against H: 0 %.5f, "
           "E/100 %.5f, E/30 %.5f, E/10 %.5f\n",
           h.mu[0], h.mu[1], h.mu[2], h.h[0], h.h[1], h.h[2], d1, d2, p.mu[2], h100.mu[2], h.mu[2],
           h10.mu[2]);
    ck_assert_double_gt(d1 * d2, 0.0);
    ck_assert_double_lt(fabs(d2), 0.1 * fabs(d1));
    for (int k = 0; k < 3; k++) /* the same meshes */
        ck_assert_rel(h.h[k], p.h[k], 1e-6);
    ck_assert_double_gt(p.mu[2] - h100.mu[2], fabs(d2));
    ck_assert_double_gt(h100.mu[2] - h.mu[2], fabs(d2));
    ck_assert_double_gt(h.mu[2] - h10.mu[2], fabs(d2));
}
END_TEST

/* y = 15 with H_i = E/10 on three meshes (getfem_modelc_y15_tauc09_H10_meshes.csv;
 * 328, 787, 2219 s CPU, OpenBLAS): 0.22679, 0.22838, 0.22766 on h0 0.0213,
 * 0.016, 0.012 R, differences +0.00159, -0.00072 changing sign, as at y =
 * 7 with E/10, where perfectly plastic y = 15's finest mesh departs by
 * +0.0063. Asserted as at y = 7: the sign change, the second difference
 * smaller than the first, the finest below the middle mesh. */
START_TEST(shear_getfem_y15_stiffer_hardening_stops_the_departure)
{
    getfem_study h;
    getfem_study_load(&h, "y15_tauc09_H10");
    double d1 = h.mu[1] - h.mu[0], d2 = h.mu[2] - h.mu[1];
    printf("fem_shear: GetFEM tau_c = 0.9 k y = 15 with H = E/10: sliding F_t/F_n %.5f, %.5f, "
           "%.5f (h0 %g, %g, %g R), differences %+.5f, %+.5f\n",
           h.mu[0], h.mu[1], h.mu[2], h.h[0], h.h[1], h.h[2], d1, d2);
    ck_assert_double_lt(d1 * d2, 0.0);
    ck_assert_double_lt(fabs(d2), fabs(d1));
    ck_assert_double_lt(h.mu[2], h.mu[1]);
}
END_TEST

/* y = 15 at tau_c = 0.9k with H_i = E/10 (MODELC_HARDEN=0.1, the y = 15
 * runs' inputs otherwise), the coarsest mesh h0 0.0213 R so far
 * (getfem_modelc_y15_tauc09_H10_h0213, 350 s CPU with OpenBLAS; 0.016 and
 * 0.012 R were still running): sliding F_t/F_n 0.22679 against the
 * perfectly plastic 0.27818 on the same mesh, a shift of -0.0514, larger
 * than y = 7's on its coarsest mesh (-0.0318: 0.26964 against 0.30140).
 * What may make E/10 settle the mesh dependence where E/100 did not
 * (shear_getfem_y7_stiffer_hardening_stops_the_departure): once the
 * contact slides the body stops flowing. From the 4th tangential increment
 * to the end the largest plastic strain grows by 0.08 % at y = 15 and
 * 0.26 % at y = 7 with E/10, by 24.7 % and 7.2 % perfectly plastic (the
 * growth that goes with the finest meshes' departure, finding 49).
 * Asserted: the same mesh, F_n held over the 12 increments to 3.5e-7 m,
 * sliding reached (the last increment moves mu by less than a tenth of
 * the perfectly plastic study's first mesh step), the shift negative and
 * larger than y = 7's, and that growth below 1 % hardened (1 %: above
 * both measured values, below the smaller perfectly plastic one by 7
 * times) and above it perfectly plastic. Whether y = 15 with E/10 has a
 * mesh-converged sliding mu is not known from one mesh. */
static double plastic_growth_after(const cwb_reference *r, size_t increments, double *mu)
{
    size_t end = r->nrow - 1, normal_end = 0;
    while (getfem_col(r, "step", normal_end + 1) < 2)
        normal_end++;
    ck_assert_uint_eq(end - normal_end, 12);
    *mu = getfem_col(r, "F_t", end) / getfem_col(r, "F_n", end);
    return getfem_col(r, "peeq_max", end) / getfem_col(r, "peeq_max", normal_end + increments) -
           1.0;
}

START_TEST(shear_getfem_y15_stiffer_hardening_coarsest_mesh)
{
    static const char *const runs[4] = {
        "getfem_modelc_y15_tauc09_H10_h0213", "getfem_modelc_y15_tauc09_h0213",
        "getfem_modelc_y7_tauc09_H10_h0133", "getfem_modelc_y7_tauc09_h0133"};
    double mu[4], growth[4], fn[4];
    cwb_reference r;
    for (size_t k = 0; k < 4; k++) {
        getfem_load(&r, runs[k]);
        growth[k] = plastic_growth_after(&r, 4, &mu[k]);
        fn[k] = getfem_col(&r, "F_n", r.nrow - 1);
        cwb_reference_free(&r);
    }
    getfem_load(&r, runs[0]);
    size_t end = r.nrow - 1;
    ck_assert_rel(getfem_col(&r, "delta_t", end), 3.5e-7, 1e-9);
    for (size_t i = end - 12; i <= end; i++)
        ck_assert_rel(getfem_col(&r, "F_n", i), 0.05268, 1e-6); /* force control */
    double last = getfem_col(&r, "F_t", end) / getfem_col(&r, "F_n", end) -
                  getfem_col(&r, "F_t", end - 1) / getfem_col(&r, "F_n", end - 1);
    cwb_reference_free(&r);
    getfem_study pp;
    getfem_study_load(&pp, "y15_tauc09");
    ck_assert_rel(mu[1], pp.mu[0], 1e-9); /* the perfectly plastic study's coarsest run */
    ck_assert_rel(fn[0], fn[1], 1e-6);    /* the same load */
    double shift15 = mu[0] - mu[1], shift7 = mu[2] - mu[3];
    printf("fem_shear: GetFEM tau_c = 0.9 k y = 15 with H = E/10, h0 %g R: sliding F_t/F_n %.5f "
           "(perfectly plastic %.5f: shift %+.5f; y = 7's coarsest mesh %+.5f); largest plastic "
           "strain growth after the 4th increment %.2f %% (perfectly plastic %.2f %%; y = 7 "
           "%.2f %%, %.2f %%)\n",
           pp.h[0], mu[0], mu[1], shift15, shift7, 100 * growth[0], 100 * growth[1],
           100 * growth[2], 100 * growth[3]);
    ck_assert_double_lt(fabs(last), 0.1 * (pp.mu[1] - pp.mu[0]));
    ck_assert_double_lt(shift15, shift7);
    ck_assert_double_lt(shift7, 0.0);
    ck_assert_double_lt(fmax(growth[0], growth[2]), 0.01);
    ck_assert_double_gt(fmin(growth[1], growth[3]), 0.01);
}
END_TEST

/* Eq. 77's A coth(B y^C) refitted by a fit-case (cwb fit, model tangential:
 * through each load's finest-mesh sliding F_t/F_n against its y = delta_n /
 * delta_y of eq. 8), its data in the order y = 1, 3, 7, 15, each with its
 * mesh study (NULL: none asserted). Four points, three constants: an
 * interpolation. Asserted where a load's study converges (an observed
 * order): the refit within the study's tolerance (its finest two meshes'
 * relative difference, the summary's "# tolerance" line) of Richardson's
 * extrapolation, i.e. the refit stands for the converged FEM there to the
 * FEM's own mesh error; where it only settles (the differences change
 * sign), within the spread of its three meshes of the finest. The other
 * loads and the thesis' eq. 77 are printed (model comparisons). */
static void check_eq77_refit(const char *fitcase, const char *const study[4], double misfit,
                             const char *label)
{
    char dir[64], msg[CWB_MSG];
    test_tmp_make(dir, sizeof dir, "eq77");
    cwb_fit_request req = {.path = fitcase, .dir = dir};
    cwb_result r;
    cwb_result_init(&r);
    ck_assert_msg(cwb_fit(&req, &r, NULL, msg, sizeof msg) == CWB_OK, "%s", msg);
    double p[3] = {cwb_result_get(&r, "A"), cwb_result_get(&r, "B"), cwb_result_get(&r, "C")};
    ck_assert_msg(isfinite(p[0]) && isfinite(p[1]) && isfinite(p[2]), "A, B, C not fitted");
    for (int k = 0; k < 4; k++) {
        char name[16];
        snprintf(name, sizeof name, "y%d", k);
        double y = cwb_result_get(&r, name), fit = p[0] / tanh(p[1] * pow(y, p[2]));
        double eq77 = 0.36 / tanh(0.79 * pow(y, 0.44));
        snprintf(name, sizeof name, "mu%d", k);
        double mu = cwb_result_get(&r, name);
        printf("fem_shear: eq. 77 %s: y = %.3f: FEM %.4f, refit %.4f, thesis %.4f\n", label, y, mu,
               fit, eq77);
        if (!study[k])
            continue;
        getfem_study g;
        getfem_study_load(&g, study[k]);
        ck_assert_rel(mu, g.mu[2], 1e-9); /* the fit read the finest run */
        char sname[96];
        snprintf(sname, sizeof sname, "getfem_modelc_%s_meshes", study[k]);
        cwb_reference s;
        getfem_load(&s, sname);
        double rich = getfem_richardson(&g), target = isfinite(rich) ? rich : g.mu[2];
        double lo = fmin(g.mu[0], fmin(g.mu[1], g.mu[2])),
               hi = fmax(g.mu[0], fmax(g.mu[1], g.mu[2]));
        double fem_error = isfinite(rich) ? s.tolerance * rich : hi - lo;
        /* misfit > 0: the form's misfit allowed, and the FEM's own error (the
         * study's tolerance; the meshes' spread where they only settle) must
         * be below it, or the misfit would measure the mesh */
        double allowed = misfit > 0 ? misfit * target : fem_error;
        ck_assert_msg(fem_error <= allowed, "%s: the FEM's error %.5f is not below %.5f", study[k],
                      fem_error, allowed);
        ck_assert_msg(fabs(fit - target) <= allowed, "%s: refit %.5f against %s %.5f: beyond %.5f",
                      study[k], fit, isfinite(rich) ? "Richardson" : "the finest mesh", target,
                      allowed);
        cwb_reference_free(&s);
    }
    printf("fem_shear: eq. 77 refitted %s: %.4g coth(%.4g y^%.4g) (thesis, perfectly plastic at k: "
           "0.36 coth(0.79 y^0.44))\n",
           label, p[0], p[1], p[2]);
    cwb_result_free(&r);
    test_tmp_remove(dir);
}

/* At tau_c = 0.9k, the thesis' perfectly plastic material
 * (cases/seed004_fig42_friction_getfem.fit): only y = 3 converges. */
START_TEST(shear_getfem_eq77_refit)
{
    static const char *const study[4] = {NULL, "y3_tauc09_fine", NULL, NULL};
    check_eq77_refit("cases/seed004_fig42_friction_getfem.fit", study, 0.0, "at tau_c = 0.9 k");
}
END_TEST

/* The same with a linear hardening H = E/10
 * (cases/seed004_fig42_friction_getfem_H10.fit): every load converges
 * (y = 3: Richardson 0.32973, the study's tolerance 0.07 %) or settles
 * within its meshes' spread (y = 1 on a zone of 0.025 R: 0.16 %; y = 7
 * 1.4 %, y = 15 0.7 %), so the refit is one on converged FEM, of a
 * material that is not the thesis'. Four points, three constants, and
 * here the form's misfit exceeds the mesh error at y = 3 (measured
 * 0.78 %): asserted, eq. 77's form follows every load to 2 %, each load's
 * FEM error below that. (The perfectly plastic refit passes y = 3 within
 * the mesh error itself.) */
START_TEST(shear_getfem_eq77_refit_hardened)
{
    static const char *const study[4] = {"y1_tauc09_H10_zone", "y3_tauc09_H10", "y7_tauc09_H10",
                                         "y15_tauc09_H10"};
    check_eq77_refit("cases/seed004_fig42_friction_getfem_H10.fit", study, 0.02,
                     "at tau_c = 0.9 k, H = E/10");
}
END_TEST

/* Eq. 82's constants (Rathbone thesis eqs. 82-88: a1 of eq. 84, c1 of
 * eq. 86) fitted as cases/seed004_fig45_stiffness_getfem.fit fits them
 * (cwb fit, model tangential, formula stiffness: k_t = dF_t/d delta_t by
 * central differences over 8 G* a, against x = F_t / (mu F_n); past x1 of
 * eq. 83, which is 0 at y = 3, k_t = min(1 - a1 x, c1 (1 - x))), on each
 * of y = 3's four tau_c = 0.9k meshes (h0 = 0.01, 0.0075, 0.005625,
 * 0.00421875 R; the fit-case uses the finest), and on the two meshes run
 * at 12 and 24 increments (y = 7 at tau_c = 0.9k, h0 0.0133 R; y = 3 at
 * tau_c = k, h0 0.01 R). Measured (doc/refitted-constants.md, note 13):
 * - every y = 3 mesh puts 2 points on a1's section (x ~ 0.41, 0.73: the
 *   first two increments) and 2 on c1's out of sliding (x ~ 0.93, 0.99;
 *   the other 7 are in gross sliding, k_t < 0.01): each constant is seen
 *   through two FEM points;
 * - a1 = 0.5821, 0.5810, 0.6003, 0.5996, c1 = 4.378, 4.568, 4.091, 4.149:
 *   on the three finest meshes (the sliding mu's converged study) the
 *   differences change sign (a1 +0.0193, -0.0007; c1 -0.477, +0.058): no
 *   observed order, no Richardson estimate; the finest two agree within
 *   each constant's standard error from the fit (0.017, 0.21), the step
 *   before is about one standard error (a1) to 2.3 (c1);
 * - the thesis' eq. 84 (1.082) and eq. 86 (1.718) lie 28 and 12 standard
 *   errors from the finest mesh's a1, c1, and 25 and 5 times the largest
 *   mesh step: the disagreement is neither the fit nor the mesh;
 * - 24 increments instead of 12 (getfem_modelc_y3_tauc09_inc24_h01, the
 *   coarsest mesh, 750 s CPU) move y = 3's a1 by -0.036 (0.5821 ->
 *   0.5461) and c1 by -1.11 (4.378 -> 3.265, 5.6 standard errors), more
 *   than any refinement moves them (largest steps 0.0193, 0.478), while
 *   the sliding mu moves by +0.00011; at 24 increments each section has 4
 *   points. On h0 0.0075 R (getfem_modelc_y3_tauc09_inc24_h0075, 1736 s
 *   CPU) a1 0.5810 -> 0.4882, c1 4.568 -> 2.526, mu by -5.5e-6. Likewise y = 7's c1 -0.49 (a1 -0.014) and y = 3's at tau_c =
 *   k -0.25 (a1 -0.038): at 12 increments a1 and c1 are not converged in
 *   the increments, the finest meshes' agreement notwithstanding.
 * Asserted: the point counts (2 and 2, the k_t < 0.01 threshold: the
 * largest sliding point is 0.0073, the smallest out of sliding 0.055), the
 * sign changes, the finest pair within one standard error, the thesis
 * beyond 5 standard errors (far past a 95 % band: not the fit's scatter)
 * plus the largest mesh step, y = 7's c1 shift with the increments
 * beyond 2 standard errors (a 95 % band), and y = 3's a1 and c1 shifts
 * with the increments beyond the largest step of the refinement, on
 * both meshes. */
static const char *const eq82_runs[] = {"y3_tauc09_h01",
                                        "y3_tauc09_h0075",
                                        "y3_tauc09_h0056",
                                        "y3_tauc09_h0042",
                                        "y7_tauc09_h0133",
                                        "y7_tauc09_inc24_h0133",
                                        "y3_h01",
                                        "y3_h01_inc24",
                                        "y3_tauc09_inc24_h01",
                                        "y3_tauc09_inc24_h0075",
                                        "y3_tauc09_inc48_h0075"};
#define EQ82_RUNS   (sizeof eq82_runs / sizeof *eq82_runs)
#define EQ82_Y3     4    /* the first four: y = 3's meshes, coarsest first */
#define EQ82_SLIDE  0.01 /* k_t / 8 G* a below it: gross sliding */
#define EQ82_THESIS 5.0  /* standard errors to the thesis, beyond the mesh */

/* Points of table d of the fit's table on a1's section (x < x2, eq. 88)
 * and on c1's out of sliding. */
static void eq82_sections(const cwb_series *t, size_t d, double a1, double c1, int *na, int *nc)
{
    int x = cwb_series_find(t, "x"), k = cwb_series_find(t, "kt_over_8Ga_data");
    int g = cwb_series_find(t, "group"), fitted = cwb_series_find(t, "fitted");
    ck_assert(x >= 0 && k >= 0 && g >= 0 && fitted >= 0);
    double x2 = (c1 - 1.0) / (c1 - a1); /* x1 = 0: 1 - a1 x meets c1 (1 - x) */
    *na = *nc = 0;
    for (size_t i = 0; i < t->nrow; i++) {
        if ((size_t)t->col[g].v[i] != d || !t->col[fitted].v[i])
            continue;
        *na += t->col[x].v[i] < x2;
        *nc += t->col[x].v[i] >= x2 && t->col[k].v[i] >= EQ82_SLIDE;
    }
}

START_TEST(shear_getfem_eq82_constants_across_meshes)
{
    char dir[64], path[256], text[2048], msg[CWB_MSG];
    test_tmp_make(dir, sizeof dir, "eq82");
    int len =
        snprintf(text, sizeof text, "[fit]\nmodel = tangential\nformula = stiffness\ndata = ");
    for (size_t d = 0; d < EQ82_RUNS; d++)
        len += snprintf(text + len, sizeof text - len, "%s$ROOT/reference/fem/getfem_modelc_%s.csv",
                        d ? ", " : "", eq82_runs[d]);
    ck_assert_int_lt(len, (int)sizeof text - 2);
    strcat(text, "\n");
    test_write_file(test_tmp_path(dir, "eq82.fit", path, sizeof path), text);
    cwb_result r, table;
    cwb_result_init(&r);
    cwb_result_init(&table);
    cwb_fit_request req = {.path = path, .table = &table};
    ck_assert_msg(cwb_fit(&req, &r, NULL, msg, sizeof msg) == CWB_OK, "%s", msg);
    double a1[EQ82_RUNS], c1[EQ82_RUNS], se_a1[EQ82_RUNS], se_c1[EQ82_RUNS];
    for (size_t d = 0; d < EQ82_RUNS; d++) {
        char name[32];
        snprintf(name, sizeof name, "a1_%zu", d);
        a1[d] = cwb_result_get(&r, name);
        strcat(name, "_stderr");
        se_a1[d] = cwb_result_get(&r, name);
        snprintf(name, sizeof name, "c1_%zu", d);
        c1[d] = cwb_result_get(&r, name);
        strcat(name, "_stderr");
        se_c1[d] = cwb_result_get(&r, name);
        ck_assert_msg(isfinite(a1[d]) && isfinite(c1[d]), "%s: a1 %g, c1 %g", eq82_runs[d], a1[d],
                      c1[d]);
        printf("fem_shear: eq. 82 on GetFEM %s: a1 = %.4f +- %.4f, c1 = %.3f +- %.3f\n",
               eq82_runs[d], a1[d], se_a1[d], c1[d], se_c1[d]);
    }
    for (size_t d = 0; d < EQ82_Y3; d++) {
        int na, nc;
        eq82_sections(&table.series, d, a1[d], c1[d], &na, &nc);
        ck_assert_msg(na == 2 && nc == 2, "%s: %d points on a1's section, %d on c1's", eq82_runs[d],
                      na, nc);
    }
    /* the finest three: the sliding mu's converged study (y3_tauc09_fine) */
    const double *fa = a1 + 1, *fc = c1 + 1;
    double da[2] = {fa[1] - fa[0], fa[2] - fa[1]}, dc[2] = {fc[1] - fc[0], fc[2] - fc[1]};
    printf("fem_shear: eq. 82 at y = 3, h0 0.0075, 0.005625, 0.00421875 R: a1 differences "
           "%+.4f, %+.4f; c1 %+.3f, %+.3f; thesis (eqs. 84, 86) a1 1.082, c1 1.718\n",
           da[0], da[1], dc[0], dc[1]);
    ck_assert_msg(da[0] * da[1] < 0 && dc[0] * dc[1] < 0,
                  "the finding says the differences change sign (no order)");
    ck_assert_double_lt(fabs(da[1]), se_a1[3]);
    ck_assert_double_lt(fabs(dc[1]), se_c1[3]);
    double step_a = fmax(fabs(da[0]), fabs(da[1])), step_c = fmax(fabs(dc[0]), fabs(dc[1]));
    ck_assert_double_gt(fabs(1.082 - a1[3]), EQ82_THESIS * se_a1[3] + step_a);
    ck_assert_double_gt(fabs(1.718 - c1[3]), EQ82_THESIS * se_c1[3] + step_c);
    /* increments: y = 7's coarsest mesh at 12 and 24 */
    ck_assert_double_gt(fabs(c1[5] - c1[4]), 2.0 * fmax(se_c1[4], se_c1[5]));
    /* y = 3's coarsest mesh at 12 and 24 */
    printf("fem_shear: eq. 82 at y = 3, h0 0.01 R, 24 increments instead of 12: a1 %+.4f, c1 "
           "%+.3f (largest mesh steps %.4f, %.3f)\n",
           a1[8] - a1[0], c1[8] - c1[0], step_a, step_c);
    ck_assert_double_gt(fabs(a1[8] - a1[0]), step_a);
    ck_assert_double_gt(fabs(c1[8] - c1[0]), step_c);
    ck_assert_double_gt(fabs(c1[8] - c1[0]), 2.0 * fmax(se_c1[0], se_c1[8]));
    /* and on h0 0.0075 R */
    printf("fem_shear: eq. 82 at y = 3, h0 0.0075 R, 24 increments instead of 12: a1 %+.4f, c1 "
           "%+.3f\n",
           a1[9] - a1[1], c1[9] - c1[1]);
    ck_assert_double_gt(fabs(a1[9] - a1[1]), step_a);
    ck_assert_double_gt(fabs(c1[9] - c1[1]), step_c);
    /* and 48 */
    printf("fem_shear: eq. 82 at y = 3, h0 0.0075 R, 12, 24, 48 increments: a1 %.4f, %.4f, %.4f; "
           "c1 %.3f, %.3f, %.3f\n",
           a1[1], a1[9], a1[10], c1[1], c1[9], c1[10]);
    /* no order in the increments: 12 -> 24 -> 48 moves both back (a1
     * -0.093, +0.031; c1 -2.04, +0.55), c1's last move beyond a 95 % band
     * of the two fits (2 standard errors): not settled at 48 */
    ck_assert((a1[9] - a1[1]) * (a1[10] - a1[9]) < 0 && (c1[9] - c1[1]) * (c1[10] - c1[9]) < 0);
    ck_assert_double_gt(fabs(c1[10] - c1[9]), 2.0 * fmax(se_c1[9], se_c1[10]));
    /* and the thesis stays out of reach at 48: beyond 5 standard errors plus
     * the last increment step */
    ck_assert_double_gt(fabs(1.082 - a1[10]), EQ82_THESIS * se_a1[10] + fabs(a1[10] - a1[9]));
    ck_assert_double_gt(fabs(1.718 - c1[10]), EQ82_THESIS * se_c1[10] + fabs(c1[10] - c1[9]));
    cwb_result_free(&table);
    cwb_result_free(&r);
    test_tmp_remove(dir);
}
END_TEST

/* Bad study keys of the model: exit 2, the file and line, the key and the
 * allowed range (or the reason). */
START_TEST(shear_bad_study_keys)
{
    static const char head[] = "[study]\nname = t\nmodel = sphere_shear\n";
    static const char *const bad[][3] = {
        {"[load]\nnormal_force = 0\ntangential = 1e-8\n[contact]\nmu = 0.3\n", "t.study:5",
         "normal_force"},
        {"[load]\nnormal_force = 1e-3\ntangential = -1\n[contact]\nmu = 0.3\n", "t.study:6",
         "tangential"},
        {"[load]\nnormal_force = 1e-3\ntangential = 1e-8\nincrements = 1\n[contact]\nmu = 0.3\n",
         "t.study:7", "increments"},
        {"[load]\nnormal_force = 1e-3\ntangential = 1e-8\nincrements_normal = 2.5\n[contact]\n"
         "mu = 0.3\n",
         "t.study:7", "increments_normal"},
        {"[load]\nnormal_force = 1e-3\ntangential = 1e-8\n[contact]\nmu = 0\n", "t.study:8", "mu"},
        {"[load]\nnormal_force = 1e-3\ntangential = 1e-8\n[contact]\nmu = 0.3\npenalty = 0\n",
         "t.study:9", "penalty"},
        {"[load]\nnormal_force = 1e-3\ntangential = 1e-8\n[contact]\nmu = 0.3\nstick = -1\n",
         "t.study:9", "stick"},
        {"[load]\nnormal_force = 1e-3\ntangential = 1e-8\n[contact]\nmu = 0.3\nspring = 0.5\n",
         "t.study:9", "spring"},
        {"[load]\nnormal_force = 1e-3\ntangential = 1e-8\n[contact]\nmu = 0.3\ngrowth = 2\n",
         "t.study:9", "growth"},
        /* Hertz a at 1 N is 0.15 R: outside a fine zone of 0.05 R */
        {"[load]\nnormal_force = 1\ntangential = 1e-8\n[contact]\nmu = 0.3\nzone = 0.05\n",
         "t.study:9", "zone"},
        {"[load]\nnormal_force = 1e-3\ntangential = 1e-8\n[contact]\nmu = 1\ntau_c = -1\n",
         "t.study:9", "tau_c"},
        {"[load]\ntangential = 1e-8\n[contact]\nmu = 0.3\n", "t.study", "normal_force"},
        {"[load]\nnormal_force = 1e-3\ntangential = 1e-8\n", "t.study", "mu"}};
    test_bad_studies("shear", head, bad, sizeof bad / sizeof *bad);
}
END_TEST

/* Rathbone thesis Fig. 11 with a Lagrange-type friction: GetFEM's
 * augmented-Lagrangian Coulomb friction (the stick held exactly up to the
 * mesh; reference/fem/studies/getfem_modelc.py, elastic mode) run at the
 * CalculiX penalty runs' inputs: E 26000 MPa, nu 0.3, R 0.1 mm, mu 0.3, F_n
 * = their contact force 0.3991938 mN (their ground spring carries 0.2 % of
 * the applied 0.4 mN), their 10 tangential increments of 0.5 nm to 5 nm,
 * their fine zone 0.02 R; on four meshes refined by 4/3 (h0 = 0.004,
 * 0.003, 0.00225, 0.0016875 R; the summary getfem_modelc_fig11_meshes.csv,
 * written by the script's curves mode, lists them in that order). x = F_t
 * / (mu F_n) per increment. */
#define FIG11_FN   3.991938e-4 /* N */
#define FIG11_STEP 5e-10       /* m: the tangential increment */
#define FIG11_INCS 10
static const char *const fig11_lagrange[] = {"getfem_modelc_fig11_h004", "getfem_modelc_fig11_h003",
                                             "getfem_modelc_fig11_h00225",
                                             "getfem_modelc_fig11_h0017"};
#define FIG11_MESHES (sizeof fig11_lagrange / sizeof *fig11_lagrange)

/* x of a GetFEM Fig. 11 run at increments 1..10, its tolerance line; on
 * the way: force control (F_n held), the increments, Coulomb's cap
 * (GETFEM_SLIDE_TOL) and sliding at the last increment, F_t/F_n = mu to the
 * run's mesh error (its tolerance line; measured 3.8e-5 to 4.4e-5 below mu:
 * at 5 nm, 1.33 Mindlin's slip distance, the last stuck points at the
 * contact's edge are still letting go, where the elastic runs' 2e-5 held
 * at twice that distance). */
static double fig11_lagrange_curve(const char *name, double x[FIG11_INCS])
{
    cwb_reference r;
    getfem_load(&r, name);
    size_t k = 0;
    for (size_t i = 0; i < r.nrow; i++) {
        if (getfem_col(&r, "step", i) < 2)
            continue;
        ck_assert_uint_lt(k, FIG11_INCS);
        double fn = getfem_col(&r, "F_n", i), ft = getfem_col(&r, "F_t", i);
        ck_assert_rel(fn, FIG11_FN, 1e-6);
        ck_assert_rel(getfem_col(&r, "delta_t", i), (double)(k + 1) * FIG11_STEP, 1e-9);
        ck_assert_double_le(ft / fn, GETFEM_MU_EL * (1.0 + GETFEM_SLIDE_TOL));
        x[k++] = ft / (GETFEM_MU_EL * fn);
    }
    ck_assert_uint_eq(k, FIG11_INCS);
    double tol = r.tolerance;
    ck_assert_abs(x[FIG11_INCS - 1], 1.0, 1.0, tol);
    cwb_reference_free(&r);
    return tol;
}

/* x of a CalculiX Fig. 11 penalty run (its _tangential table) at the same
 * increments (row 0 is the normal step's end, delta_t = 0). */
static void fig11_penalty_curve(const char *name, double x[FIG11_INCS])
{
    cwb_reference r;
    load_csv(&r, name, "_tangential");
    ck_assert_uint_eq(r.nrow, FIG11_INCS + 1);
    for (size_t k = 0; k < FIG11_INCS; k++) {
        ck_assert_rel(col(&r, "delta_t", k + 1), (double)(k + 1) * FIG11_STEP, 1e-9);
        x[k] = col(&r, "F_t", k + 1) / (GETFEM_MU_EL * col(&r, "F_n", k + 1));
    }
    cwb_reference_free(&r);
}

static double fig11_gap(const double *a, const double *b)
{
    double g = 0.0;
    for (size_t k = 0; k < FIG11_INCS; k++)
        g = fmax(g, fabs(a[k] - b[k]));
    return g;
}

/* Cattaneo-Mindlin's x at the Fig. 11 increments (mindlin_force above). */
static void fig11_mindlin(double x[FIG11_INCS])
{
    double e_star = GETFEM_E / (1.0 - GETFEM_NU * GETFEM_NU);
    double g_star = GETFEM_E / (2.0 * (1.0 + GETFEM_NU)) / (2.0 - GETFEM_NU);
    double a = cbrt(3.0 * FIG11_FN * GETFEM_R / (4.0 * e_star));
    for (size_t k = 0; k < FIG11_INCS; k++)
        x[k] = mindlin_force((double)(k + 1) * FIG11_STEP, FIG11_FN, GETFEM_MU_EL, g_star, a) /
               (GETFEM_MU_EL * FIG11_FN);
}

/* The Lagrange run's mesh study: every run holds F_n, reaches sliding and
 * never passes mu F_n; the summary's mesh_gap is each curve's largest
 * distance to the next finer mesh's (the finest: to the one before),
 * recomputed here; the differences shrink from mesh to mesh (measured 0.86,
 * 0.145, 0.101 % of mu F_n: observed order 1.26 over the three finest), so
 * the finest run's distance to the one before is its mesh error to within
 * a factor of about two (Richardson with that order: 0.23 %), and its
 * tolerance line says at least that distance. Each curve against
 * Cattaneo-Mindlin to GETFEM_MINDLIN_TOL (the elastic GetFEM runs'
 * tolerance, shear_getfem_elastic_is_hertz_mindlin); measured 0.72, 0.73,
 * 0.69, 0.75 % of mu F_n below it: the finite hemisphere's own compliance
 * (finding 45: 2.7 % at a = 0.025 R). */
START_TEST(shear_fig11_lagrange_mesh_study)
{
    double x[FIG11_MESHES][FIG11_INCS], tol[FIG11_MESHES], cm[FIG11_INCS];
    fig11_mindlin(cm);
    cwb_reference s;
    getfem_load(&s, "getfem_modelc_fig11_meshes");
    ck_assert_uint_eq(s.nrow, FIG11_MESHES);
    for (size_t k = 0; k < FIG11_MESHES; k++)
        tol[k] = fig11_lagrange_curve(fig11_lagrange[k], x[k]);
    for (size_t k = 0; k < FIG11_MESHES; k++) {
        if (k)
            ck_assert_rel(getfem_col(&s, "h0", k - 1) / getfem_col(&s, "h0", k), 4.0 / 3.0, 1e-3);
        size_t next = k + 1 < FIG11_MESHES ? k + 1 : k - 1;
        double gap = fig11_gap(x[k], x[next]), to_cm = fig11_gap(x[k], cm);
        ck_assert_abs(getfem_col(&s, "mesh_gap", k), gap, 1.0, 1e-6); /* 6 digits */
        ck_assert_abs(getfem_col(&s, "mindlin_gap", k), to_cm, 1.0, 1e-6);
        ck_assert_double_le(to_cm, GETFEM_MINDLIN_TOL);
        printf("fem_shear: Fig. 11 Lagrange (GetFEM) h0 %g R: %.2f %% of mu F_n from the next "
               "mesh, %.2f %% from Cattaneo-Mindlin\n",
               getfem_col(&s, "h0", k), 100 * gap, 100 * to_cm);
    }
    for (size_t k = 2; k < FIG11_MESHES; k++) {
        double before = fig11_gap(x[k - 2], x[k - 1]), now = fig11_gap(x[k - 1], x[k]);
        ck_assert_msg(now < before, "the meshes' differences do not shrink: %.5f then %.5f", before,
                      now);
    }
    ck_assert_double_ge(tol[FIG11_MESHES - 1], fig11_gap(x[FIG11_MESHES - 2], x[FIG11_MESHES - 1]));
    cwb_reference_free(&s);
}
END_TEST

/* The figure's point: the penalty runs approach the Lagrange run as the
 * stick slope grows. Their largest |F_t(penalty) - F_t(Lagrange)| over the
 * ten common increments (Lagrange: the finest mesh) falls with the slope:
 * 8.27, 2.58, 0.46 % of mu F_n at 1, 3, 10 E/h0. Where they go: a penalty
 * slips by about F_t / (stick slope x area), its deficit goes as 1 /
 * slope, so the runs extrapolate to an infinite slope from slopes 3 and 10
 * (x10 + (x10 - x3) 3 / 7) and from 1 and 3 (x3 + (x3 - x1) / 2), over the
 * partial-slip increments (delta_t below Mindlin's slip distance, 3.77 nm;
 * past it the 1 E/h0 run is still short of sliding). Both limits lie ABOVE
 * the Lagrange run by more than the two FEMs' mesh errors summed -- the
 * Lagrange run's (its tolerance line, 0.11 %) and CalculiX's (the largest
 * F_t change of the 10 E/h0 run refined by 1.3,
 * seed004_modelc_elastic_refined: 0.08 %, computed here): measured 0.49
 * and 0.54 % of mu F_n. That is the finding (doc/findings.md, 50): the
 * penalty runs converge to a curve 0.3-0.5 % of mu F_n stiffer than
 * GetFEM's Lagrange run, a difference of the two FEM models, not of the
 * friction methods; refining GetFEM's mesh moved its curve away from the
 * penalty limit, not towards it (0.43 % on the third mesh). */
static double fig11_slip_distance(void) /* Mindlin's: 3 mu F_n / (16 G* a), 3.77 nm */
{
    double g_star = GETFEM_E / (2.0 * (1.0 + GETFEM_NU)) / (2.0 - GETFEM_NU);
    double a = cbrt(3.0 * FIG11_FN * GETFEM_R / (4.0 * GETFEM_E / (1.0 - GETFEM_NU * GETFEM_NU)));
    return 3.0 * GETFEM_MU_EL * FIG11_FN / (16.0 * g_star * a);
}

static double fig11_limit_residual(const double *lag, double (*x)[FIG11_INCS], int from_stiff)
{
    double slide = fig11_slip_distance(), worst = 0.0;
    size_t partial = 0;
    for (size_t i = 0; i < FIG11_INCS && (double)(i + 1) * FIG11_STEP < slide; i++, partial++) {
        double ext = from_stiff ? x[2][i] + (x[2][i] - x[1][i]) * 3.0 / 7.0
                                : x[1][i] + (x[1][i] - x[0][i]) / 2.0;
        worst = fmax(worst, ext - lag[i]);
    }
    ck_assert_uint_ge(partial, 5);
    return worst;
}

START_TEST(shear_fig11_penalty_approaches_lagrange)
{
    static const char *const penalty[] = {"seed004_modelc_fig11_stick1",
                                          "seed004_modelc_fig11_stick3", "seed004_modelc_elastic"};
    double lag[FIG11_INCS], x[3][FIG11_INCS], fine[FIG11_INCS], gap[3];
    double tol_lag = fig11_lagrange_curve(fig11_lagrange[FIG11_MESHES - 1], lag);
    for (int k = 0; k < 3; k++) {
        fig11_penalty_curve(penalty[k], x[k]);
        gap[k] = fig11_gap(x[k], lag);
    }
    fig11_penalty_curve("seed004_modelc_elastic_refined", fine);
    double tol_ccx = fig11_gap(fine, x[2]);
    double stiff = fig11_limit_residual(lag, x, 1), soft = fig11_limit_residual(lag, x, 0);
    printf("fem_shear: Fig. 11: penalty against Lagrange (GetFEM, finest mesh): stick slope 1, 3, "
           "10 E/h0: %.2f, %.2f, %.2f %% of mu F_n; extrapolated to an infinite slope from 3 and "
           "10 E/h0: %.2f %%, from 1 and 3: %.2f %% above it (mesh errors: GetFEM %.2f %%, "
           "CalculiX %.2f %%)\n",
           100 * gap[0], 100 * gap[1], 100 * gap[2], 100 * stiff, 100 * soft, 100 * tol_lag,
           100 * tol_ccx);
    ck_assert_msg(gap[0] > gap[1] && gap[1] > gap[2], "not approaching: %g, %g, %g", gap[0], gap[1],
                  gap[2]);
    ck_assert_double_gt(stiff, tol_lag + tol_ccx);
    ck_assert_double_gt(soft, tol_lag + tol_ccx);
}
END_TEST

/* What the 0.5 % is: CalculiX's normal penalty. The same penalty runs with
 * the pressure-overclosure stiffness K = 100 E/h0 instead of 10
 * (seed004_modelc_fig11_k100_stick3, _stick10: a stiffer normal penalty
 * shrinks CalculiX's contact radius at the normal step's end from 1.344 to
 * 1.262 um, and the stick's tangential stiffness with it) extrapolate to an
 * infinite stick slope (from 3 and 10 E/h0, as above) within the two FEMs'
 * mesh errors summed of the Lagrange run at every partial-slip increment:
 * measured at most 0.16 % of mu F_n, where K = 10 E/h0 gave 0.49 % (more
 * than its mesh errors summed). CalculiX's mesh error is each K's 10 E/h0
 * run against its run refined by 1.3 (seed004_modelc_elastic_refined,
 * seed004_modelc_fig11_k100_stick10_refined). */
static double fig11_limit_distance(const double *lag, const double *x3, const double *x10)
{
    double worst = 0.0;
    for (size_t i = 0; i < FIG11_INCS; i++)
        if ((double)(i + 1) * FIG11_STEP < fig11_slip_distance())
            worst = fmax(worst, fabs(x10[i] + (x10[i] - x3[i]) * 3.0 / 7.0 - lag[i]));
    return worst;
}

START_TEST(shear_fig11_stiff_normal_penalty_meets_lagrange)
{
    double lag[FIG11_INCS], x3[FIG11_INCS], x10[FIG11_INCS], k3[FIG11_INCS], k10[FIG11_INCS],
        fine[FIG11_INCS], kfine[FIG11_INCS];
    double tol_lag = fig11_lagrange_curve(fig11_lagrange[FIG11_MESHES - 1], lag);
    fig11_penalty_curve("seed004_modelc_fig11_stick3", x3);
    fig11_penalty_curve("seed004_modelc_elastic", x10);
    fig11_penalty_curve("seed004_modelc_fig11_k100_stick3", k3);
    fig11_penalty_curve("seed004_modelc_fig11_k100_stick10", k10);
    fig11_penalty_curve("seed004_modelc_elastic_refined", fine);
    fig11_penalty_curve("seed004_modelc_fig11_k100_stick10_refined", kfine);
    double tol_soft = tol_lag + fig11_gap(fine, x10), tol_stiff = tol_lag + fig11_gap(kfine, k10);
    double soft = fig11_limit_distance(lag, x3, x10), stiff = fig11_limit_distance(lag, k3, k10);
    printf("fem_shear: Fig. 11: penalty runs extrapolated to an infinite stick slope against "
           "Lagrange (GetFEM): normal penalty K = 10 E/h0 %.2f %% (mesh errors summed %.2f %%), "
           "K = 100 E/h0 %.2f %% (%.2f %%) of mu F_n\n",
           100 * soft, 100 * tol_soft, 100 * stiff, 100 * tol_stiff);
    ck_assert_double_gt(soft, tol_soft);
    ck_assert_double_le(stiff, tol_stiff);
}
END_TEST

/* CalculiX 2.20's mortar contact on the plastic Model C, the coarsest mesh
 * of the y = 3 check (h0 = 0.0115 R; finding 44). The mortar CSVs are
 * written by reference/fem/studies/seed004_modelc_mortar.py from the
 * committed ccx output of the study's deck with every contact pair
 * TYPE=MORTAR; the surface-to-surface CSVs by cwb reference from the same
 * deck. Two numbers of two contact codes of one FEM, read at the same
 * tangential displacement. */
#define MORTAR_TRAVEL 9e-8 /* the studies' [load] tangential, m */

/* The row of CSV r whose delta_t is dt in the tangential step (-1: none). */
static long row_at(const cwb_reference *r, double dt)
{
    for (size_t i = 0; i < r->nrow; i++)
        if (col(r, "step", i) == 2.0 && fabs(col(r, "delta_t", i) - dt) <= 1e-3 * dt)
            return (long)i;
    return -1;
}

/* How much deeper the top went under mortar than under surface-to-surface
 * at the end of the normal step (step 1's last row of each), a fraction. */
static double normal_step_deeper(const cwb_reference *m, const cwb_reference *s)
{
    size_t mn = 0, sn = 0;
    for (size_t i = 0; i < m->nrow; i++)
        if (col(m, "step", i) == 1.0)
            mn = i;
    for (size_t i = 0; i < s->nrow; i++)
        if (col(s, "step", i) == 1.0)
            sn = i;
    return col(m, "delta_n", mn) / col(s, "delta_n", sn) - 1.0;
}

/* The tau_c rings under mortar: each ring is its own contact pair, a slave
 * node on two rings' faces gets no Lagrange multiplier (CalculiX's NoLM:
 * 60 of the 81 slave corner nodes within the contact radius), and the run
 * stops. Asserted: it stopped, with no row at the travel the study
 * imposes (9e-8 m; it stopped at 1.04 % of it) and short of where
 * surface-to-surface slides, so there is no sliding F_t/F_n to compare
 * with surface-to-surface's. Printed, with no
 * bound that has a source: how much deeper its normal step ends (+5.0 %;
 * the single-pair run below -0.4 %) and surface-to-surface's sliding
 * F_t/F_n (0.4242). */
START_TEST(shear_mortar_rings_stop_before_sliding)
{
    cwb_reference m, s;
    load_csv(&m, "seed004_modelc_tauc_y3_coarsest_mortar", "");
    load_csv(&s, "seed004_modelc_tauc_y3_coarsest", "");
    double last_dt = col(&m, "delta_t", m.nrow - 1);
    long sliding = row_at(&s, MORTAR_TRAVEL);
    ck_assert_msg(sliding >= 0, "the surface-to-surface run has no row at 9e-8 m");
    double mu_s2s = col(&s, "F_t_top", (size_t)sliding) / col(&s, "F_n", (size_t)sliding);
    printf("fem_shear: mortar, tau_c rings (coarsest mesh): stopped at delta_t = %.3g m of %.3g; "
           "normal step %+.2f %% deeper than surface-to-surface (whose sliding F_t/F_n is %.4f)\n",
           last_dt, MORTAR_TRAVEL, 100 * normal_step_deeper(&m, &s), mu_s2s);
    /* stopped: no row at the imposed travel (the rule that finds
     * surface-to-surface's), and short of where surface-to-surface slides
     * (its first row of step 2 within 1 % of its sliding F_t/F_n) */
    ck_assert_msg(row_at(&m, MORTAR_TRAVEL) < 0, "the mortar run reached the imposed travel");
    double slides_at = NAN;
    for (size_t i = 0; i < s.nrow && isnan(slides_at); i++)
        if (col(&s, "step", i) == 2.0 && col(&s, "F_t_top", i) / col(&s, "F_n", i) >= 0.99 * mu_s2s)
            slides_at = col(&s, "delta_t", i);
    ck_assert_msg(last_dt < slides_at,
                  "the mortar run went to delta_t = %g m, past where surface-to-surface slides "
                  "(%g m)",
                  last_dt, slides_at);
    cwb_reference_free(&m);
    cwb_reference_free(&s);
}
END_TEST

/* One contact pair, Coulomb mu alone (the study's mu = 0.420188, eq. 77's
 * at y = 3), on the same plastic mesh: mortar runs to the end. Sliding,
 * F_t/F_n is that mu for both contact codes, to SHEAR_COULOMB_TOL (Coulomb
 * fixes it; measured 0.4200 and 0.4202). Before sliding the two codes
 * differ by up to 0.0233 of F_n (at 2.25e-8 m): asserted only to be more
 * than one mesh refinement may move F_t there, (1.69 - 1.3) x the study's
 * 2 % tolerance = 0.0078 of F_n (the first-order bound of
 * shear_plastic_mesh_check_coarser, whose measured change, 0.0065, it
 * meets): on this mesh the contact formulation matters more than one
 * refinement step. The difference itself has no reference and is printed. */
START_TEST(shear_mortar_single_pair_slides_at_mu)
{
    cwb_reference m, s;
    load_csv(&m, "seed004_modelc_coulomb_y3_coarsest_mortar", "");
    load_csv(&s, "seed004_modelc_coulomb_y3_coarsest", "");
    double mu = col(&s, "mu", 0), worst = 0.0, worst_dt = 0.0;
    size_t compared = 0;
    for (size_t i = 0; i < m.nrow; i++) {
        if (col(&m, "step", i) != 2.0)
            continue;
        double dt = col(&m, "delta_t", i);
        long j = row_at(&s, dt);
        ck_assert_msg(j >= 0, "no surface-to-surface row at delta_t = %g", dt);
        double d = col(&m, "F_t", i) / col(&m, "F_n", i) -
                   col(&s, "F_t_top", (size_t)j) / col(&s, "F_n", (size_t)j);
        if (fabs(d) > fabs(worst))
            worst = d, worst_dt = dt;
        compared++;
    }
    ck_assert_uint_eq(compared, 12);
    long ms = row_at(&m, MORTAR_TRAVEL), ss = row_at(&s, MORTAR_TRAVEL);
    ck_assert(ms >= 0 && ss >= 0);
    double mu_m = col(&m, "F_t", (size_t)ms) / col(&m, "F_n", (size_t)ms);
    double mu_s = col(&s, "F_t_top", (size_t)ss) / col(&s, "F_n", (size_t)ss);
    cwb_shear sp;
    double tol, refine;
    load_spec("seed004_modelc_tauc_y3", &sp, &tol, &refine); /* the mesh check's study */
    double one_refinement = (1.69 - 1.3) * tol;
    printf("fem_shear: mortar, one pair, Coulomb mu %.6f (coarsest mesh): sliding F_t/F_n %.4f "
           "(surface-to-surface %.4f); largest difference before sliding %+.4f at %.3g m (one "
           "refinement may move F_t by %.4f); normal step %+.2f %% deeper\n",
           mu, mu_m, mu_s, worst, worst_dt, one_refinement, 100 * normal_step_deeper(&m, &s));
    ck_assert_abs(mu_m, mu, mu, SHEAR_COULOMB_TOL);
    ck_assert_abs(mu_s, mu, mu, SHEAR_COULOMB_TOL);
    ck_assert_double_gt(fabs(worst), one_refinement);
    cwb_reference_free(&m);
    cwb_reference_free(&s);
}
END_TEST

/* Mortar contact on the elastic Model C, where an exact answer exists: the
 * elastic study's deck (seed004_modelc_elastic: F_n 0.4 mN, mu 0.3) with its
 * contact pair TYPE=MORTAR, tabulated by
 * reference/fem/studies/seed004_modelc_elastic_mortar.py from the run's
 * committed .dat. Its F_t follows Cattaneo-Mindlin (mindlin_force above,
 * Hertz's a at the applied F_n; Mindlin 1949) to the study's own
 * SHEAR_MINDLIN_TOL of mu F_n (measured 0.0087; surface-to-surface 0.0118,
 * both columns checked), and full sliding is reached; what mortar costs in
 * accuracy is the top's approach, held by force control, which wanders by
 * 3.1 % during the tangential step where surface-to-surface holds it to
 * 0.09 %: asserted above 2 % and below 0.5 % respectively (finding 44). */
START_TEST(shear_mortar_elastic_is_cattaneo_mindlin)
{
    cwb_reference m;
    load_csv(&m, "seed004_modelc_elastic_mortar", "");
    cwb_shear sp;
    double tol, refine;
    load_spec("seed004_modelc_elastic", &sp, &tol, &refine);
    const double fn = 4e-4; /* the study's F_n, N (its stands-for line) */
    double e_star = sp.E / (1.0 - sp.nu * sp.nu), G = sp.E / (2.0 * (1.0 + sp.nu));
    double g_star = G / (2.0 - sp.nu), a = cbrt(3.0 * fn * sp.R / (4.0 * e_star));
    ck_assert(col(&m, "delta_t", 0) == 0.0); /* the end of the normal step */
    double dn0 = col(&m, "delta_n", 0), dn0_s2s = col(&m, "delta_n_s2s", 0);
    double worst = 0.0, worst_s2s = 0.0, drift = 0.0, drift_s2s = 0.0;
    for (size_t i = 1; i < m.nrow; i++) {
        double fm = mindlin_force(col(&m, "delta_t", i), fn, sp.mu, g_star, a);
        worst = fmax(worst, fabs(col(&m, "F_t", i) - fm) / (sp.mu * fn));
        worst_s2s = fmax(worst_s2s, fabs(col(&m, "F_t_s2s", i) - fm) / (sp.mu * fn));
        drift = fmax(drift, fabs(col(&m, "delta_n", i) / dn0 - 1.0));
        drift_s2s = fmax(drift_s2s, fabs(col(&m, "delta_n_s2s", i) / dn0_s2s - 1.0));
    }
    printf("fem_shear: elastic Model C, mortar vs Cattaneo-Mindlin: worst %.4f of mu F_n "
           "(surface-to-surface %.4f); approach drift %.2f %% (%.2f %%)\n",
           worst, worst_s2s, 100 * drift, 100 * drift_s2s);
    ck_assert_uint_ge(m.nrow, 8);
    ck_assert_double_le(worst, SHEAR_MINDLIN_TOL);
    ck_assert_double_le(worst_s2s, SHEAR_MINDLIN_TOL);
    ck_assert_abs(col(&m, "F_t", m.nrow - 1), sp.mu * fn, sp.mu * fn, SHEAR_MINDLIN_TOL);
    ck_assert_double_gt(drift, 0.02);
    ck_assert_double_lt(drift_s2s, 0.005);
    cwb_reference_free(&m);
}
END_TEST

Suite *fem_shear_suite(void)
{
    Suite *s = suite_create("fem_shear");
    TCase *t = test_tcase("shear", 60);
    tcase_add_test(t, shear_csv_from_committed_solver_output);
    tcase_add_test(t, shear_elastic_is_cattaneo_mindlin);
    tcase_add_test(t, shear_fig11_penalty_converges_to_the_exact_stick);
    tcase_add_test(t, shear_refinement_moves_ft_little);
    tcase_add_test(t, shear_plastic_mesh_check_coarser);
    tcase_add_test(t, shear_weaker_interface_leaves_the_mesh_dependence);
    tcase_add_test(t, shear_coulomb_and_equilibrium);
    tcase_add_test(t, shear_bad_study_keys);
    tcase_add_test(t, shear_ring_friction_is_the_shear_limit);
    tcase_add_test(t, shear_getfem_friction_has_the_tau_c_cap);
    tcase_add_test(t, shear_getfem_elastic_is_hertz_mindlin);
    tcase_add_test(t, shear_getfem_plastic_sliding_not_converged);
    tcase_add_test(t, shear_getfem_weaker_interface_settles);
    tcase_add_loop_test(t, shear_getfem_tauc09_loads, 0,
                        (int)(sizeof getfem_loads / sizeof *getfem_loads));
    tcase_add_test(t, shear_getfem_y1_zone_not_converged);
    tcase_add_loop_test(t, shear_getfem_tauc09_finest_mesh_departs, 0,
                        (int)(sizeof getfem_departing / sizeof *getfem_departing));
    tcase_add_loop_test(t, shear_getfem_tauc09_departure_is_not_a_larger_area, 0,
                        (int)(sizeof getfem_departing / sizeof *getfem_departing));
    tcase_add_test(t, shear_getfem_y7_fourth_mesh_still_departs);
    tcase_add_test(t, shear_getfem_y7_increments_do_not_make_the_departure);
    tcase_add_test(t, shear_getfem_y7_hardening_shifts_mu);
    tcase_add_test(t, shear_getfem_y7_stiffer_hardening_stops_the_departure);
    tcase_add_test(t, shear_getfem_y15_stiffer_hardening_coarsest_mesh);
    tcase_add_test(t, shear_getfem_y15_stiffer_hardening_stops_the_departure);
    tcase_add_test(t, shear_getfem_y7_hardening_e30_settles);
    tcase_add_test(t, shear_getfem_eq77_refit);
    tcase_add_test(t, shear_getfem_eq77_refit_hardened);
    tcase_add_test(t, shear_getfem_eq82_constants_across_meshes);
    tcase_add_test(t, shear_fig11_lagrange_mesh_study);
    tcase_add_test(t, shear_fig11_penalty_approaches_lagrange);
    tcase_add_test(t, shear_fig11_stiff_normal_penalty_meets_lagrange);
    tcase_add_test(t, shear_mortar_rings_stop_before_sliding);
    tcase_add_test(t, shear_mortar_single_pair_slides_at_mu);
    tcase_add_test(t, shear_mortar_elastic_is_cattaneo_mindlin);
    suite_add_tcase(s, t);
    return s;
}
