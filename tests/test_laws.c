/* test_laws.c -- every law against references that do not come from cwb:
 * closed forms, quadrature of the integral a closed form came from, and the
 * numbers printed in the seeds. Plus the contract itself (purity, tables). */
#include <ctype.h>
#include <float.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <gsl/gsl_integration.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "cwb_disc2d.h"
#include "cwb_test.h"

static cwb_pair sphere_pair(double r1, double E1, double r2, double E2, double nu)
{
    cwb_body a = {.shape = CWB_SHAPE_SPHERE, .radius = r1, .E = E1, .nu = nu, .density = 1000};
    cwb_body b = {.shape = CWB_SHAPE_SPHERE, .radius = r2, .E = E2, .nu = nu, .density = 1000};
    cwb_pair g;
    char msg[CWB_MSG];
    ck_assert_int_eq(cwb_pair_init(&g, &a, &b, msg, sizeof msg), CWB_OK);
    return g;
}

static const cwb_normal_type *normal_law(const char *name)
{
    const cwb_law_head *h = cwb_law_find(CWB_KIND_NORMAL, name);
    ck_assert_msg(h != NULL, "normal law %s is not registered", name);
    return CWB_AS_NORMAL(h);
}

static cwb_normal_out eval_normal(const cwb_normal_type *law, const double *p, const cwb_pair *g,
                                  double delta)
{
    CWB_STATE_ALIGN unsigned char state[CWB_MAX_STATE] = {0}, trial[CWB_MAX_STATE];
    if (law->head.init)
        law->head.init(p, g, state);
    cwb_kin k = {.delta = delta, .normal = {0, 0, 1}};
    cwb_normal_out o;
    ck_assert_int_eq(law->step(p, g, state, &k, &o, trial), CWB_OK);
    return o;
}

/* p[] of law h as the case reader leaves it for pair g (no parameter
 * given): the table's zeros and the law's derived constants (prepare). */
static void prepared_params(const cwb_law_head *h, const cwb_pair *g, double *p)
{
    char msg[CWB_MSG];
    ck_assert_msg(!h->prepare || h->prepare(p, g, msg, sizeof msg) == CWB_OK, "%s: %s", h->name,
                  msg);
}

/* Seed 001 (k_n = 2E* sqrt(xi R*), F = 2/3 k_n xi) and seed 004 eqs. 1-2
 * (F = 4/3 E* sqrt(R*) delta^1.5) are the same law; cwb's hertz is both. */
START_TEST(hertz_seed001_is_seed004)
{
    cwb_pair g = sphere_pair(0.01, 4.8e10, 0.02, 7.0e10, 0.25);
    const cwb_normal_type *law = normal_law("hertz");
    double p[CWB_MAX_PARAMS] = {0};
    prepared_params(&law->head, &g, p);
    /* seed 004 eq. 3 with its squares: 1/E* = sum (1 - nu^2)/E */
    double E_star = 1.0 / ((1 - 0.0625) / 4.8e10 + (1 - 0.0625) / 7.0e10);
    double R_star = 0.01 * 0.02 / 0.03;
    ck_assert_rel(g.E_star, E_star, 1e-14);
    ck_assert_rel(g.R_star, R_star, 1e-14);
    for (double d = 1e-9; d < 1e-3; d *= 3.7) {
        double kn001 = 2.0 * E_star * sqrt(d * R_star); /* seed 001 */
        double f001 = 2.0 / 3.0 * kn001 * d;
        double f004 = 4.0 / 3.0 * E_star * sqrt(R_star) * pow(d, 1.5); /* seed 004 */
        cwb_normal_out o = eval_normal(law, p, &g, d);
        ck_assert_rel(f001, f004, 1e-13);
        ck_assert_rel(o.force, f004, 1e-13);
        ck_assert_rel(o.stiffness, kn001, 1e-13);         /* dF/d(delta) */
        ck_assert_rel(o.radius, sqrt(R_star * d), 1e-14); /* seed 004 eq. 5 */
    }
    ck_assert_double_eq(eval_normal(law, p, &g, -1e-6).force, 0.0);
}
END_TEST

static double hertz_force_at(double d, void *param)
{
    const cwb_pair *g = param;
    double p[CWB_MAX_PARAMS] = {0};
    prepared_params(&normal_law("hertz")->head, g, p);
    return eval_normal(normal_law("hertz"), p, g, d).force;
}

/* The stored energy is the integral of the force (GSL adaptive quadrature). */
START_TEST(hertz_energy_is_work)
{
    cwb_pair g = sphere_pair(0.005, 2.1e11, 0.005, 2.1e11, 0.3);
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(200);
    gsl_function F = {hertz_force_at, &g};
    for (double d = 1e-7; d < 1e-4; d *= 4.1) {
        double work, err;
        gsl_integration_qags(&F, 0.0, d, 0.0, 1e-12, 200, w, &work, &err);
        double p[CWB_MAX_PARAMS] = {0};
        prepared_params(&normal_law("hertz")->head, &g, p);
        ck_assert_rel(eval_normal(normal_law("hertz"), p, &g, d).energy, work, 1e-10);
    }
    gsl_integration_workspace_free(w);
}
END_TEST

/* Seed 002's two worked examples of the connector stiffness (eq. 3). Both
 * printed values of each are reproduced: connector_area = length gives the
 * hand computation, radius gives what Woo's code printed. */
START_TEST(linear_connector_seed002_examples)
{
    const cwb_normal_type *law = normal_law("linear");
    double p[CWB_MAX_PARAMS] = {0};
    p[0] = 1;     /* stiffness = connector */
    p[3] = 0.001; /* connector_overlap u_N [m] */
    static const struct {
        const char *what;
        int wall;
        double area_rule, expected;
    } rows[] = {
        /* capsule r1 = .2 m, E1 = 10 MPa (a sphere of its radius) + sphere
         * r2 = .1 m, E2 = 30 MPa: Woo[6] hand value and Woo[4] code value */
        {"capsule-sphere, hand (A = pi min(l)^2)", 0, 0, 1336785.9313195853},
        {"capsule-sphere, code (A = pi min(r)^2)", 0, 1, 1350254.7221732636},
        /* zero-thickness facet (E1 = 10 MPa, a wall) + sphere r = .1 m,
         * E2 = 30 MPa: Woo[12] hand value and Woo[10] code value */
        {"facet-sphere, hand", 1, 0, 2344413.5177413835},
        {"facet-sphere, code", 1, 1, 2368034.663509894},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        cwb_pair g;
        char msg[CWB_MSG];
        if (rows[i].wall) {
            cwb_body s = {
                .shape = CWB_SHAPE_SPHERE, .radius = 0.1, .E = 30e6, .nu = 0.3, .density = 1000};
            cwb_body w = {.shape = CWB_SHAPE_WALL, .E = 10e6, .nu = 0.3};
            ck_assert_int_eq(cwb_pair_init(&g, &s, &w, msg, sizeof msg), CWB_OK);
        } else {
            g = sphere_pair(0.2, 10e6, 0.1, 30e6, 0.3);
        }
        p[2] = rows[i].area_rule;
        ck_assert_int_eq(law->head.check(p, &g, msg, sizeof msg), CWB_OK);
        cwb_normal_out o = eval_normal(law, p, &g, 1e-4);
        ck_assert_msg(fabs(o.stiffness - rows[i].expected) <= 1e-12 * rows[i].expected,
                      "%s: k_n = %.17g, seed 002 prints %.17g", rows[i].what, o.stiffness,
                      rows[i].expected);
        ck_assert_rel(o.force, rows[i].expected * 1e-4, 1e-12);
    }
    /* The two readings differ by exactly (r / (r - u_N/2))^2. */
    ck_assert_rel(1350254.7221732636 / 1336785.9313195853, pow(0.1 / 0.0995, 2), 1e-12);
}
END_TEST

static const cwb_tangential_type *tangential_law(const char *name)
{
    const cwb_law_head *h = cwb_law_find(CWB_KIND_TANGENTIAL, name);
    ck_assert_msg(h != NULL, "tangential law %s is not registered", name);
    return CWB_AS_TANGENTIAL(h);
}

/* A law's parameters as a case file gives them: the table's defaults, the
 * first n replaced by given[], then the law's derived constants (prepare),
 * as the case reader does before any step. */
static void law_params(const cwb_law_head *h, const cwb_pair *g, const double *given, size_t n,
                       double *p)
{
    cwb_values v;
    cwb_values_init(&v, h->params);
    memcpy(p, v.p, sizeof v.p);
    memcpy(p, given, n * sizeof *given);
    char msg[CWB_MSG];
    ck_assert_msg(!h->prepare || h->prepare(p, g, msg, sizeof msg) == CWB_OK, "%s", msg);
}

/* Deterministic pseudo-random numbers in [-1, 1] (no global state). */
static double lcg(unsigned long *s)
{
    *s = *s * 6364136223846793005UL + 1442695040888963407UL;
    return (double)(*s >> 11) / (double)(1UL << 53) * 2.0 - 1.0;
}

/* |F_t| <= mu F_n after the cap, along a random walk in a rotating plane
 * (the invariant of seed 002's Coulomb criterion); the committed state is
 * never touched by a step (the contract). */
START_TEST(tangential_linear_coulomb_cap)
{
    const cwb_tangential_type *law = tangential_law("linear");
    cwb_pair g = sphere_pair(0.01, 1e9, 0.01, 1e9, 0.3);
    double p[CWB_MAX_PARAMS];
    law_params(&law->head, &g, (const double[]){0.3, 1, 1.0, 2e5}, 4, p); /* mu, direct, -, kt */
    CWB_STATE_ALIGN unsigned char state[CWB_MAX_STATE] = {0}, trial[CWB_MAX_STATE],
                                  copy[CWB_MAX_STATE];
    unsigned long seed = 42;
    cwb_vec3 n = {0, 0, 1};
    for (int i = 0; i < 20000; i++) {
        /* the normal tilts a little every step, as in a collision */
        n = cwb_v3_add(n, cwb_v3(0.01 * lcg(&seed), 0.01 * lcg(&seed), 0));
        n = cwb_v3_scale(n, 1.0 / cwb_v3_norm(n));
        cwb_normal_out nrm = {.force = 10.0 + 5.0 * lcg(&seed), .stiffness = 1e6};
        cwb_kin k = {.delta = 1e-5,
                     .normal = n,
                     .dxi_t = cwb_v3_in_plane(cwb_v3(2e-5 * lcg(&seed), 2e-5 * lcg(&seed), 0), n)};
        cwb_tangential_out o;
        memcpy(copy, state, sizeof state);
        ck_assert_int_eq(law->step(p, &g, state, &k, &nrm, &o, trial), CWB_OK);
        ck_assert_msg(memcmp(copy, state, sizeof state) == 0, "step changed committed state");
        ck_assert_msg(cwb_v3_norm(o.force) <= 0.3 * nrm.force * (1 + 1e-12),
                      "|F_t| = %g > mu F_n = %g", cwb_v3_norm(o.force), 0.3 * nrm.force);
        ck_assert_msg(fabs(cwb_v3_dot(o.force, n)) <= 1e-12 * (1 + cwb_v3_norm(o.force)),
                      "F_t leaves the tangent plane");
        /* no energy is created (to round-off of the stored energy) */
        ck_assert_msg(o.dissipated >= -1e-12 * (o.energy + fabs(o.work) + 1e-30),
                      "step %d dissipated %g (stored %g, work %g)", i, o.dissipated, o.energy,
                      o.work);
        memcpy(state, trial, law->head.state_size);
    }
}
END_TEST

/* Seed 002's open question: which slip-energy formula is exact? Drive one
 * colinear step that overshoots the cap and compare the law's dissipation
 * with the path integral of the same displacement cut into 10^5 sub-steps
 * (work in minus stored energy, independent of any formula). */
START_TEST(tangential_linear_slip_energy)
{
    const cwb_tangential_type *law = tangential_law("linear");
    const double kt = 2e5, mu = 0.3, N = 10.0, fy = mu * N;
    cwb_pair g = sphere_pair(0.01, 1e9, 0.01, 1e9, 0.3);
    double p[CWB_MAX_PARAMS];
    law_params(&law->head, &g, (const double[]){mu, 1, 1.0, kt}, 4, p);
    cwb_normal_out nrm = {.force = N, .stiffness = 1e6};
    double start_force = 1.0, du = 5e-5; /* f_t = 1 + 10 = 11 N > f_y = 3 N */
    CWB_STATE_ALIGN unsigned char state[CWB_MAX_STATE] = {0}, trial[CWB_MAX_STATE];
    cwb_spring_state f0 = {{start_force, 0, 0}, kt, N};
    memcpy(state, &f0, sizeof f0);
    cwb_kin k = {.delta = 1e-5, .normal = {0, 0, 1}, .dxi_t = {du, 0, 0}};
    cwb_tangential_out one;
    ck_assert_int_eq(law->step(p, &g, state, &k, &nrm, &one, trial), CWB_OK);
    double ft = start_force + kt * du;
    ck_assert_rel(one.dissipated, fy * (ft - fy) / kt, 1e-14); /* formula 1 */
    ck_assert_rel(one.slip, one.dissipated, 1e-14);            /* constant N: all slip */

    /* path integral: work = sum F du along fine sub-steps */
    const int m = 100000;
    double work = 0.0;
    memcpy(state, &f0, sizeof f0);
    k.dxi_t = cwb_v3(du / m, 0, 0);
    cwb_tangential_out o = {0};
    double fprev = start_force;
    for (int i = 0; i < m; i++) {
        ck_assert_int_eq(law->step(p, &g, state, &k, &nrm, &o, trial), CWB_OK);
        work += 0.5 * (fprev + o.force.x) * du / m;
        fprev = o.force.x;
        memcpy(state, trial, law->head.state_size);
    }
    double stored_change = (fy * fy - start_force * start_force) / (2 * kt);
    ck_assert_rel(one.dissipated, work - stored_change, 1e-4);
    /* seed 002's second and third formulas are one expression, and not it */
    double second = ((ft - fy) / 2 + fy) * (ft - fy) / kt;
    double third = (ft * ft - fy * fy) / (2 * kt);
    ck_assert_rel(second, third, 1e-14);
    ck_assert_msg(fabs(third - (work - stored_change)) > 0.5 * (work - stored_change),
                  "(f_t^2 - f_y^2)/2k_t should not close the balance");
}
END_TEST

/* lth's slip margin (the collision driver locates stick -> slip
 * on it): |trial force| - mu N with the curve of seed 004 eq. 39,
 * F = mu N [1 - (1 - u/d_max)^(3/2)], continued point-symmetrically past
 * full slip: -mu N (1 - u/d_max)^(3/2) on the curve, mu N (u/d_max -
 * 1)^(3/2) > 0 past it, where the law slides. d_max = 3 mu N/(16 G* a)
 * (Mindlin's full-slip displacement, the law's header), with G* from
 * Mindlin's 1/G* = sum (2 - nu_i)/G_i, G = E/(2 (1 + nu)) evaluated here.
 * Then N falls below the committed force's limit: a step back towards zero
 * leaves the curve's end (re-mapped to u = d_max) and sticks, one outwards
 * slides. Round-off: 1e-12 of mu N. The published rule (integration =
 * split), whose step is eq. 39's curve at the given N; the default path
 * form integrates N along the step (test_collision.c, lth_path_order). */
START_TEST(lth_slip_margin)
{
    const cwb_tangential_type *law = tangential_law("lth");
    const double mu = 0.3, N = 10.0, a = 1e-4, E = 4.8e10, nu = 0.2;
    double p[CWB_MAX_PARAMS] = {mu, 1};
    cwb_pair g = sphere_pair(0.01, E, 0.01, E, nu);
    double G = E / (2 * (1 + nu)), gs = 1.0 / (2 * (2 - nu) / G);
    double dmax = 3 * mu * N / (16 * gs * a), lim = mu * N;
    cwb_normal_out nrm = {.force = N, .radius = a, .stiffness = 1e6};
    CWB_STATE_ALIGN unsigned char state[CWB_MAX_STATE] = {0}, trial[CWB_MAX_STATE];
    static const double s[] = {0.2, 0.9, 0.999999, 1.000001, 1.3, 2.0};
    for (int i = 0; i < 6; i++) {
        cwb_kin k = {.delta = 1e-6, .normal = {0, 0, 1}, .dxi_t = {s[i] * dmax, 0, 0}};
        cwb_tangential_out o;
        ck_assert_int_eq(law->step(p, &g, state, &k, &nrm, &o, trial), CWB_OK);
        double r = 1 - s[i], want = r >= 0 ? -lim * pow(r, 1.5) : lim * pow(-r, 1.5);
        ck_assert_msg(fabs(o.slip_margin - want) <= 1e-12 * lim, "u = %g d_max: margin %.9g, %.9g",
                      s[i], o.slip_margin, want);
        ck_assert_int_eq(o.sliding, s[i] > 1.0);
        if (s[i] < 1.0) /* on the curve the margin is the force's distance to mu N */
            ck_assert_msg(fabs(o.slip_margin - (cwb_v3_norm(o.force) - lim)) <= 1e-12 * lim,
                          "u = %g d_max: margin %g, |F| - mu N = %g", s[i], o.slip_margin,
                          cwb_v3_norm(o.force) - lim);
    }
    /* committed at 0.9 d_max, then N halves: the carried force exceeds the
     * new limit, re-mapped to u0 = d_max' (the new curve's end) */
    cwb_kin k = {.delta = 1e-6, .normal = {0, 0, 1}, .dxi_t = {0.9 * dmax, 0, 0}};
    cwb_tangential_out o;
    ck_assert_int_eq(law->step(p, &g, state, &k, &nrm, &o, trial), CWB_OK);
    memcpy(state, trial, sizeof state);
    nrm.force = 0.5 * N;
    double dmax2 = 0.5 * dmax, lim2 = 0.5 * lim;
    for (int dir = -1; dir <= 1; dir += 2) {
        k.dxi_t = cwb_v3(dir * 0.1 * dmax2, 0, 0);
        ck_assert_int_eq(law->step(p, &g, state, &k, &nrm, &o, trial), CWB_OK);
        double want = dir < 0 ? -lim2 * pow(0.1, 1.5) : lim2 * pow(0.1, 1.5);
        ck_assert_msg(fabs(o.slip_margin - want) <= 1e-12 * lim,
                      "N halved, step %+d: margin %g, %g", dir, o.slip_margin, want);
        ck_assert_int_eq(o.sliding, dir > 0);
    }
}
END_TEST

/* lth along the step's path (integration = path): one step of the law
 * against the ODE it integrates, solved here by GSL's rk8pd to 1e-14:
 *   dT/dx = k0(delta) (1 - |T|/(mu N(delta)))^(1/3),
 * on the straight path the history driver takes (dt = 0): delta linear in
 * x from delta0 to delta1, N = k_n delta (a linear normal law, whose
 * Hermite path is exact) and k0 = 8 G* sqrt(R delta) (k0^2 affine in
 * delta, as the law takes it: exact), G* from Mindlin's 1/G* = sum
 * (2 - nu_i)/G_i evaluated here. The committed force T0 is eq. 39's curve
 * at N0 (a first step, which takes the published curve). Rows: N rising
 * over half a d_max; N rising while the motion reverses through T = 0
 * (the curve's kink in |T|); N falling until the force reaches mu N, where
 * it stays (the ODE has no stiffness along F at the limit) and the law
 * slides. Tolerance 1e-10 mu N: the law refines its substeps to 1e-12 mu N
 * each (at most 260 of them); measured 1.7e-13, 1.4e-12 and 0 (at the
 * limit), where integration = split errs by 6.1e-2 and 8.4e-2 mu N. */
typedef struct {
    double mu, kn, R, gs, d0, d1, X;
} lth_ode;

static int lth_ode_rhs(double x, const double y[], double dydx[], void *params)
{
    const lth_ode *c = params;
    double d = c->d0 + (c->d1 - c->d0) * x / c->X;
    double w = 1.0 - fabs(y[0]) / (c->mu * c->kn * d);
    dydx[0] = 8.0 * c->gs * sqrt(c->R * d) * cbrt(w > 0.0 ? w : 0.0);
    return GSL_SUCCESS;
}

START_TEST(lth_path_ode)
{
    const cwb_tangential_type *law = tangential_law("lth");
    const double mu = 0.3, E = 4.8e10, nu = 0.2, kn = 1e7, R = 1e-3;
    cwb_pair g = sphere_pair(0.01, E, 0.01, E, nu);
    double G = E / (2 * (1 + nu)), gs = 1.0 / (2 * (2 - nu) / G);
    static const struct {
        double d1;    /* end overlap [m] (delta0 = 1e-6 m) */
        double xa, X; /* committed displacement and increment [d_max at N0] */
    } rows[] = {{1.6e-6, 0.3, 0.5}, {1.6e-6, 0.3, -0.8}, {0.7e-6, 0.5, 0.4}};
    for (int i = 0; i < 3; i++) {
        double p[CWB_MAX_PARAMS] = {mu, 0};
        double d0 = 1e-6, d1 = rows[i].d1, N0 = kn * d0, N1 = kn * d1;
        double a0 = sqrt(R * d0), k00 = 8 * gs * a0, dmax0 = 1.5 * mu * N0 / k00;
        CWB_STATE_ALIGN unsigned char state[CWB_MAX_STATE] = {0}, trial[CWB_MAX_STATE];
        cwb_normal_out nrm = {.force = N0, .radius = a0, .stiffness = kn};
        cwb_kin k = {
            .delta = d0, .delta0 = d0, .normal = {0, 0, 1}, .dxi_t = {rows[i].xa * dmax0, 0, 0}};
        cwb_tangential_out o;
        ck_assert_int_eq(law->step(p, &g, state, &k, &nrm, &o, trial), CWB_OK);
        double T0 = mu * N0 * (1 - pow(1 - rows[i].xa, 1.5));
        ck_assert_msg(fabs(o.force.x - T0) <= 1e-12 * mu * N0, "row %d: T0 %.12g, %.12g", i,
                      o.force.x, T0);
        memcpy(state, trial, sizeof state);
        double X = rows[i].X * dmax0;
        nrm = (cwb_normal_out){.force = N1, .radius = sqrt(R * d1), .stiffness = kn};
        k = (cwb_kin){.delta = d1, .delta0 = d0, .normal = {0, 0, 1}, .dxi_t = {X, 0, 0}};
        ck_assert_int_eq(law->step(p, &g, state, &k, &nrm, &o, trial), CWB_OK);
        /* the reference: the ODE in x from 0 to X, stopped where |T| meets
         * mu N (then T = mu N, sliding, to the end as N falls) */
        lth_ode c = {mu, kn, R, gs, d0, d1, X};
        gsl_odeiv2_system sys = {lth_ode_rhs, NULL, 1, &c};
        gsl_odeiv2_driver *drv =
            gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, X / 1000, 1e-14, 1e-14);
        double x = 0.0, y[1] = {T0};
        int capped = 0, n = 4000;
        for (int j = 1; j <= n && !capped; j++) {
            double xn = X * j / n, dn = d0 + (d1 - d0) * j / n;
            ck_assert_int_eq(gsl_odeiv2_driver_apply(drv, &x, xn, y), GSL_SUCCESS);
            capped = fabs(y[0]) >= mu * kn * dn; /* the limit met */
        }
        gsl_odeiv2_driver_free(drv);
        double want = capped ? mu * N1 : y[0];
        ck_assert_msg(fabs(o.force.x - want) <= 1e-10 * mu * N1 &&
                          fabs(o.force.y) <= 1e-12 * mu * N1,
                      "row %d: T1 %.12g, reference %.12g (capped %d)", i, o.force.x, want, capped);
        ck_assert_int_eq(o.sliding, capped);
        ck_assert_int_eq(capped, i == 2);
    }
}
END_TEST

START_TEST(rotate_into_plane_keeps_magnitude)
{
    cwb_vec3 a = {3, -1, 2}, n = cwb_v3(0.2, 0.1, 1);
    n = cwb_v3_scale(n, 1 / cwb_v3_norm(n));
    cwb_vec3 r = cwb_v3_rotate_into_plane(a, n);
    ck_assert_rel(cwb_v3_norm(r), cwb_v3_norm(a), 1e-15);
    ck_assert(fabs(cwb_v3_dot(r, n)) < 1e-14);
}
END_TEST

/* Choose a valid value for every parameter: its default if allowed, else a
 * point inside its range. */
static void valid_params(const cwb_param *t, double *p)
{
    for (size_t i = 0; t && t[i].name; i++) {
        const cwb_param *q = &t[i];
        double v = q->def;
        if (q->kind == CWB_PARAM_REAL) {
            int ok = ((q->flags & CWB_P_MIN_OPEN) ? v > q->min : v >= q->min) &&
                     ((q->flags & CWB_P_MAX_OPEN) ? v < q->max : v <= q->max);
            if (!ok || (q->flags & CWB_P_REQUIRED))
                v = isfinite(q->max) ? 0.5 * (q->min + q->max)
                                     : (isfinite(q->min) ? fabs(q->min) + 0.3 : 0.3);
        }
        p[i] = v;
    }
}

/* The adhesive laws' values: mid-range w (50 J/m^2) on soft spheres would
 * snap in past yield, which thornton_ning refuses (a_y > a_0). */
static void adhesive_params(const cwb_param *t, double *p)
{
    int w = cwb_param_index(t, "work_of_adhesion"), s = cwb_param_index(t, "sigma_y");
    if (w >= 0)
        p[w] = 0.05;
    if (w >= 0 && s >= 0)
        p[s] = 1e9;
}

static int same_vec(cwb_vec3 a, cwb_vec3 b)
{
    return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* Field by field: padding bytes of the output structs are unspecified. */
static int same_out(const cwb_contact_out *a, const cwb_contact_out *b)
{
    return a->n.force == b->n.force && a->n.stiffness == b->n.stiffness &&
           a->n.radius == b->n.radius && a->n.energy == b->n.energy &&
           a->n.delta_yield == b->n.delta_yield && a->n.branch == b->n.branch &&
           a->n.flags == b->n.flags && same_vec(a->t.force, b->t.force) &&
           a->t.stiffness == b->t.stiffness && a->t.energy == b->t.energy &&
           a->t.dissipated == b->t.dissipated && a->t.slip == b->t.slip &&
           a->t.stiffness_energy == b->t.stiffness_energy && a->t.sliding == b->t.sliding &&
           a->d.force_n == b->d.force_n && same_vec(a->d.force_t, b->d.force_t) &&
           same_vec(a->r.torque1, b->r.torque1) && same_vec(a->r.torque2, b->r.torque2);
}

/* A contact as a DEM code embedding libcwb sets one up (four law types,
 * their parameters and the pair, no case): law h of its kind with valid
 * parameters p (prepared), "hertz" and "none" for the other kinds. */
/* bind_one_law with parameter `choice` (an index into h's table, < 0:
 * none) set to `value` before the law prepares them. */
static void bind_law_choice(cwb_kind kind, const cwb_law_head *h, int choice, double value,
                            double *p, double *others, const cwb_pair *g, cwb_contact *ct)
{
    /* the other kinds' laws read others: hertz its derived constants, the
     * none laws nothing */
    if (kind != CWB_KIND_NORMAL)
        prepared_params(cwb_law_find(CWB_KIND_NORMAL, "hertz"), g, others);
    valid_params(h->params, p);
    adhesive_params(h->params, p);
    if (choice >= 0)
        p[choice] = value;
    if (h->prepare) {
        char msg[CWB_MSG];
        ck_assert_msg(h->prepare(p, g, msg, CWB_MSG) == CWB_OK, "%s: %s", h->name, msg);
    }
    cwb_contact_laws laws = {CWB_AS_NORMAL(cwb_law_find(CWB_KIND_NORMAL, "hertz")),
                             CWB_AS_TANGENTIAL(cwb_law_find(CWB_KIND_TANGENTIAL, "none")),
                             CWB_AS_DAMPING(cwb_law_find(CWB_KIND_DAMPING, "none")),
                             CWB_AS_ROLLING(cwb_law_find(CWB_KIND_ROLLING, "none"))};
    switch (kind) {
    case CWB_KIND_NORMAL: laws.normal = CWB_AS_NORMAL(h); break;
    case CWB_KIND_TANGENTIAL: laws.tangential = CWB_AS_TANGENTIAL(h); break;
    case CWB_KIND_DAMPING: laws.damping = CWB_AS_DAMPING(h); break;
    default: laws.rolling = CWB_AS_ROLLING(h); break;
    }
    const double *lp[CWB_KIND_COUNT] = {others, others, others, others};
    lp[kind] = p;
    ck_assert_int_eq(cwb_contact_setup(ct, &laws, lp, g), CWB_OK);
}

static void bind_one_law(cwb_kind kind, const cwb_law_head *h, double *p, double *others,
                         const cwb_pair *g, cwb_contact *ct)
{
    bind_law_choice(kind, h, -1, 0.0, p, others, g, ct);
}

/* The law contract for every registered law: a step is a pure function of
 * (parameters, pair, committed state, kinematics): two evaluations give the
 * same bytes and leave the committed state untouched; "none" exists for
 * every kind; every parameter has a unit and a help line. */
START_TEST(every_law_is_pure)
{
    for (int kind = 0; kind < CWB_KIND_COUNT; kind++) {
        ck_assert_msg(cwb_law_find((cwb_kind)kind, "none") != NULL, "no 'none' %s law",
                      cwb_kind_name((cwb_kind)kind));
        for (size_t i = 0; i < cwb_law_count((cwb_kind)kind); i++) {
            const cwb_law_head *h = cwb_law_at((cwb_kind)kind, i);
            ck_assert(h->state_size <= CWB_MAX_STATE);
            ck_assert_msg(h->source && h->summary, "%s: no source or summary", h->name);
            for (size_t j = 0; h->params[j].name; j++)
                ck_assert_msg(h->params[j].unit && h->params[j].help, "%s.%s has no unit or help",
                              h->name, h->params[j].name);
            double p[CWB_MAX_PARAMS] = {0};
            cwb_pair g = sphere_pair(0.01, 1e9, 0.012, 2e9, 0.3);
            double others[CWB_MAX_PARAMS] = {0};
            cwb_contact ct;
            bind_one_law((cwb_kind)kind, h, p, others, &g, &ct);
            /* give the law some history first */
            unsigned long seed = 7;
            cwb_contact_trial t1, t2;
            for (int s = 0; s < 50; s++) {
                cwb_kin k = {.delta = 1e-5 * (1.5 + lcg(&seed)),
                             .delta_rate = lcg(&seed),
                             .normal = {0, 0, 1},
                             .dxi_t = {1e-6 * lcg(&seed), 1e-6 * lcg(&seed), 0},
                             .v_t = {lcg(&seed), lcg(&seed), 0},
                             .omega1 = {0, lcg(&seed), 0},
                             .dt = 1e-6};
                cwb_contact_out o1, o2;
                cwb_contact_trial before = ct.committed;
                ck_assert_int_eq(cwb_contact_eval(&ct, &k, &o1, &t1), CWB_OK);
                ck_assert_int_eq(cwb_contact_eval(&ct, &k, &o2, &t2), CWB_OK);
                ck_assert_msg(memcmp(&before, &ct.committed, sizeof before) == 0,
                              "%s law %s changed its committed state",
                              cwb_kind_name((cwb_kind)kind), h->name);
                ck_assert_msg(same_out(&o1, &o2) &&
                                  memcmp(t1.state[kind], t2.state[kind], h->state_size) == 0,
                              "%s law %s is not a pure function", cwb_kind_name((cwb_kind)kind),
                              h->name);
                /* adhesive laws (friction_offset = 2 F_pulloff with the default
                 * friction_load = offset): no more tension than the pull-off force */
                ck_assert_msg(
                    isfinite(o1.n.force) && o1.n.force + 0.5 * o1.n.friction_offset >= 0.0,
                    "%s: F_n = %g must be >= 0 (>= -F_pulloff if adhesive)", h->name, o1.n.force);
                cwb_contact_commit(&ct, &t1);
            }
        }
    }
}
END_TEST

/* cwb_contact_end_forces: the collision driver reuses the evaluation that
 * commits a step as the next step's first RK4 stage when it says 1, which
 * is right only if the forces and torques depend on the end kinematics
 * alone. For every law it lists, after some history, evaluations at the
 * same end kinematics with different increments (delta0, dxi_t, dtheta, dt,
 * h) must give the same forces and torques to the bit, and report none of
 * the regimes a driver locates inside a step (yield, knot, peak, slip,
 * reversal: a law with no history has none); rolling
 * constant_torque, whose torque is capped by h (seed 001 as cwb limits it),
 * must differ and must not be listed, so the check can fail. */
START_TEST(end_force_laws_ignore_the_increment)
{
    int listed = 0, caught = 0;
    for (int kind = 0; kind < CWB_KIND_COUNT; kind++) {
        for (size_t i = 0; i < cwb_law_count((cwb_kind)kind); i++) {
            const cwb_law_head *h = cwb_law_at((cwb_kind)kind, i);
            double p[CWB_MAX_PARAMS] = {0}, others[CWB_MAX_PARAMS] = {0};
            cwb_pair g = sphere_pair(0.01, 1e9, 0.012, 2e9, 0.3);
            cwb_contact ct;
            bind_one_law((cwb_kind)kind, h, p, others, &g, &ct);
            unsigned long seed = 11;
            int differs = 0, regime = 0;
            for (int s = 0; s < 50; s++) {
                cwb_kin end = {.delta = 1e-5 * (1.5 + lcg(&seed)),
                               .delta_rate = lcg(&seed),
                               .normal = {0, 0, 1},
                               .v_t = {lcg(&seed), lcg(&seed), 0},
                               .omega1 = {0, 20.0 * lcg(&seed), 0},
                               .omega2 = {0, 10.0 * lcg(&seed), 0}};
                end.omega_rel = cwb_v3_sub(end.omega1, end.omega2);
                cwb_kin step = end, fresh = end; /* a step to `end`, a zero step at it */
                step.delta0 = end.delta * (1.0 - 0.1 * (1.0 + lcg(&seed)));
                step.dxi_t = cwb_v3(1e-6 * lcg(&seed), 1e-6 * lcg(&seed), 0);
                step.dtheta = cwb_v3(0, 1e-3 * lcg(&seed), 0);
                step.dt = step.h = 1e-6;
                fresh.delta0 = end.delta;
                fresh.h = 3e-7;
                cwb_contact_out o1, o2;
                cwb_contact_trial t1, t2;
                ck_assert_int_eq(cwb_contact_eval(&ct, &step, &o1, &t1), CWB_OK);
                ck_assert_int_eq(cwb_contact_eval(&ct, &fresh, &o2, &t2), CWB_OK);
                /* nor does it report a regime the collision driver would
                 * locate inside a step (transition_in_step, collision.c):
                 * the driver skips that check where every law is end-force */
                regime |= o1.n.delta_yield != 0.0 || o1.n.delta_knot != 0.0 ||
                          o1.n.delta_max != 0.0 || o1.t.sliding || o1.t.slip_margin != 0.0 ||
                          (o1.t.flags & CWB_FLAG_REVERSAL);
                differs |=
                    !(o1.n.force == o2.n.force && o1.d.force_n == o2.d.force_n &&
                      same_vec(o1.t.force, o2.t.force) && same_vec(o1.d.force_t, o2.d.force_t) &&
                      same_vec(o1.r.torque1, o2.r.torque1) &&
                      same_vec(o1.r.torque2, o2.r.torque2) && same_vec(o1.r.viscous, o2.r.viscous));
                cwb_contact_commit(&ct, &t1);
            }
            if (cwb_contact_end_forces(&ct)) {
                listed++;
                ck_assert_msg(!differs,
                              "%s law %s is listed as end-force but its forces "
                              "depend on the increment",
                              cwb_kind_name((cwb_kind)kind), h->name);
                ck_assert_msg(!regime,
                              "%s law %s is listed as end-force but reports a yield, knot, "
                              "peak, slip or reversal",
                              cwb_kind_name((cwb_kind)kind), h->name);
            }
            if (kind == CWB_KIND_ROLLING && strcmp(h->name, "constant_torque") == 0) {
                caught = differs;
                ck_assert(!cwb_contact_end_forces(&ct));
            }
        }
    }
    ck_assert_int_ge(listed, 5); /* hertz with the none laws, and the others listed */
    ck_assert_msg(caught, "constant_torque's h-capped torque was not seen to differ");
}
END_TEST

/* The forces and torques of o1 and o2 agree to 4 DBL_EPSILON of their
 * sizes (a Coulomb cap applied again rounds once more). */
static int near_vec(cwb_vec3 a, cwb_vec3 b)
{
    return cwb_v3_norm(cwb_v3_sub(a, b)) <= 4.0 * DBL_EPSILON * cwb_v3_norm(a);
}

static int same_forces_to_rounding(const cwb_contact_out *o1, const cwb_contact_out *o2)
{
    return fabs(o1->n.force - o2->n.force) <= 4.0 * DBL_EPSILON * fabs(o1->n.force) &&
           fabs(o1->d.force_n - o2->d.force_n) <= 4.0 * DBL_EPSILON * fabs(o1->d.force_n) &&
           near_vec(o1->t.force, o2->t.force) && near_vec(o1->d.force_t, o2->d.force_t) &&
           near_vec(o1->r.torque1, o2->r.torque1) && near_vec(o1->r.torque2, o2->r.torque2) &&
           near_vec(o1->r.viscous, o2->r.viscous);
}

/* One law (its parameter `choice` set to `value`; choice < 0: none) through
 * 60 steps of random normal, tangential and rolling motion, each committed
 * and then evaluated again from what it committed at its end kinematics
 * with no increment (delta0 = delta, dxi_t = dtheta = 0, dt = 0, another
 * h): 1 when some restart gave other forces than the step it follows. The
 * tangential increments (1e-6 m against k_t ~ 1e6 N/m and mu F_n ~ 1 N on
 * these spheres) stick on some steps and slide on others. */
static int restart_differs(cwb_kind kind, const cwb_law_head *h, int choice, double value,
                           cwb_contact *ct)
{
    double p[CWB_MAX_PARAMS] = {0}, others[CWB_MAX_PARAMS] = {0};
    cwb_pair g = sphere_pair(0.01, 1e9, 0.012, 2e9, 0.3);
    bind_law_choice(kind, h, choice, value, p, others, &g, ct);
    unsigned long seed = 17;
    int differs = 0;
    for (int s = 0; s < 60; s++) {
        cwb_kin step = {.delta = 1e-5 * (1.5 + lcg(&seed)),
                        .delta_rate = lcg(&seed),
                        .normal = {0, 0, 1},
                        .dxi_t = {1e-6 * lcg(&seed), 1e-6 * lcg(&seed), 0},
                        .v_t = {lcg(&seed), lcg(&seed), 0},
                        .omega1 = {0, 20.0 * lcg(&seed), 0},
                        .omega2 = {0, 10.0 * lcg(&seed), 0},
                        .dtheta = {0, 1e-3 * lcg(&seed), 0},
                        .dt = 1e-6,
                        .h = 1e-6};
        step.omega_rel = cwb_v3_sub(step.omega1, step.omega2);
        step.delta0 = step.delta * (1.0 - 0.1 * (1.0 + lcg(&seed)));
        cwb_kin restart = step;
        restart.delta0 = step.delta;
        restart.dxi_t = restart.dtheta = cwb_v3(0, 0, 0);
        restart.dt = 0.0;
        restart.h = 3e-7;
        cwb_contact_out o1, o2;
        cwb_contact_trial t1, t2;
        ck_assert_int_eq(cwb_contact_eval(ct, &step, &o1, &t1), CWB_OK);
        cwb_contact_commit(ct, &t1);
        ck_assert_int_eq(cwb_contact_eval(ct, &restart, &o2, &t2), CWB_OK);
        differs |= !same_forces_to_rounding(&o1, &o2);
    }
    return differs;
}

/* cwb_contact_restart_forces: the collision driver reuses the evaluation
 * that commits a step as the next step's first RK4 stage when it says 1,
 * which is right only if a law evaluated from the state it just committed,
 * at the same kinematics with no increment, gives the same forces. Every
 * law that declares CWB_LAW_RESTART_FORCES must, with each value of each
 * of its choice parameters (mindlin's three forms; a law that prepares its
 * parameters is checked at its defaults, where a choice can name a value
 * the defaults leave invalid). Tangential mindlin_deresiewicz, whose
 * restart from its committed loading history gives another force on these
 * steps, must differ and is not listed, so the check can fail. */
START_TEST(restart_force_laws_give_the_committed_forces)
{
    int listed = 0, caught = 0;
    for (int kind = 0; kind < CWB_KIND_COUNT; kind++) {
        for (size_t i = 0; i < cwb_law_count((cwb_kind)kind); i++) {
            const cwb_law_head *h = cwb_law_at((cwb_kind)kind, i);
            cwb_contact ct;
            int differs = restart_differs((cwb_kind)kind, h, -1, 0.0, &ct);
            for (int q = 0; h->params && !h->prepare && h->params[q].name; q++)
                for (int v = 0; h->params[q].kind == CWB_PARAM_CHOICE && h->params[q].choices[v];
                     v++)
                    differs |= restart_differs((cwb_kind)kind, h, q, v, &ct);
            if (h->flags & CWB_LAW_RESTART_FORCES) {
                listed++;
                ck_assert_msg(!differs,
                              "%s law %s is listed as restart-force but gives other forces "
                              "from the state it committed",
                              cwb_kind_name((cwb_kind)kind), h->name);
            }
            if (kind == CWB_KIND_TANGENTIAL && strcmp(h->name, "mindlin_deresiewicz") == 0) {
                caught = differs;
                ck_assert(!cwb_contact_restart_forces(&ct));
            }
        }
    }
    ck_assert_int_ge(listed, 1); /* mindlin */
    ck_assert_msg(caught, "mindlin_deresiewicz's restart was not seen to differ");
}
END_TEST

/* cwb_contact_eval_from: for every law, an evaluation from a trial not
 * committed gives, to the bit, what a copy of the contact with that trial
 * committed gives, and leaves the contact's committed states as they were
 * (the collision driver's slip-rate probe past a step relies on both). */
START_TEST(eval_from_a_trial_is_eval_after_its_commit)
{
    for (int kind = 0; kind < CWB_KIND_COUNT; kind++) {
        for (size_t i = 0; i < cwb_law_count((cwb_kind)kind); i++) {
            const cwb_law_head *h = cwb_law_at((cwb_kind)kind, i);
            double p[CWB_MAX_PARAMS] = {0}, others[CWB_MAX_PARAMS] = {0};
            cwb_pair g = sphere_pair(0.01, 1e9, 0.012, 2e9, 0.3);
            cwb_contact ct;
            bind_one_law((cwb_kind)kind, h, p, others, &g, &ct);
            unsigned long seed = 23;
            for (int s = 0; s < 20; s++) {
                cwb_kin step = {.delta = 1e-5 * (1.5 + lcg(&seed)),
                                .delta_rate = lcg(&seed),
                                .normal = {0, 0, 1},
                                .dxi_t = {1e-6 * lcg(&seed), 1e-6 * lcg(&seed), 0},
                                .v_t = {lcg(&seed), lcg(&seed), 0},
                                .omega1 = {0, 20.0 * lcg(&seed), 0},
                                .dtheta = {0, 1e-3 * lcg(&seed), 0},
                                .dt = 1e-6,
                                .h = 1e-6};
                step.omega_rel = step.omega1;
                step.delta0 = step.delta * (1.0 - 0.1 * (1.0 + lcg(&seed)));
                cwb_kin next = step; /* a probe on from the step's end */
                next.delta0 = step.delta;
                next.delta = step.delta * (1.0 + 0.05 * lcg(&seed));
                next.dxi_t = cwb_v3(1e-7 * lcg(&seed), 1e-7 * lcg(&seed), 0);
                next.dt = next.h = 1e-7;
                cwb_contact_out o1, a, b;
                cwb_contact_trial t1, ta, tb;
                ck_assert_int_eq(cwb_contact_eval(&ct, &step, &o1, &t1), CWB_OK);
                cwb_contact copy = ct;
                cwb_contact_commit(&copy, &t1);
                ck_assert_int_eq(cwb_contact_eval(&copy, &next, &a, &ta), CWB_OK);
                cwb_contact_trial before = ct.committed;
                ck_assert_int_eq(cwb_contact_eval_from(&ct, &t1, &next, &b, &tb), CWB_OK);
                ck_assert_msg(a.n.force == b.n.force && a.d.force_n == b.d.force_n &&
                                  same_vec(a.t.force, b.t.force) &&
                                  a.t.slip_margin == b.t.slip_margin &&
                                  same_vec(a.r.torque1, b.r.torque1) && a.n.work == b.n.work,
                              "%s law %s: from the trial %g N, after its commit %g N",
                              cwb_kind_name((cwb_kind)kind), h->name, b.n.force, a.n.force);
                for (int q = 0; q < CWB_KIND_COUNT; q++)
                    ck_assert(memcmp(before.state[q], ct.committed.state[q], ct.state_size[q]) ==
                              0);
                cwb_contact_commit(&ct, &t1);
            }
        }
    }
}
END_TEST

/* CWB_LAW_SPIN_TORQUES: a rolling law that declares it reports torques on
 * the spins only (no spring, dashpot, energy or work: a driver that
 * prescribes the rotation would book nothing), and every other rolling law
 * gives body 1 -(spring + viscous), the torque the drivers integrate. 40
 * random steps each on a sphere pair, the comparison to 4 DBL_EPSILON. */
START_TEST(spin_torque_laws_report_no_spring)
{
    int declared = 0;
    for (size_t i = 0; i < cwb_law_count(CWB_KIND_ROLLING); i++) {
        const cwb_law_head *h = cwb_law_at(CWB_KIND_ROLLING, i);
        if (h->flags & CWB_LAW_ABSENT)
            continue;
        double p[CWB_MAX_PARAMS] = {0}, others[CWB_MAX_PARAMS] = {0};
        cwb_pair g = sphere_pair(0.01, 1e9, 0.012, 2e9, 0.3);
        cwb_contact ct;
        bind_one_law(CWB_KIND_ROLLING, h, p, others, &g, &ct);
        int spin = (h->flags & CWB_LAW_SPIN_TORQUES) != 0;
        declared += spin;
        unsigned long seed = 41;
        for (int k = 0; k < 40; k++) {
            cwb_kin step = {.delta = 1e-5 * (1.5 + lcg(&seed)),
                            .normal = {0, 0, 1},
                            .omega1 = {20.0 * lcg(&seed), 20.0 * lcg(&seed), 5.0 * lcg(&seed)},
                            .dtheta = {1e-4 * lcg(&seed), 1e-4 * lcg(&seed), 1e-4 * lcg(&seed)},
                            .dt = 1e-6,
                            .h = 1e-6};
            step.omega_rel = step.omega1;
            step.delta0 = step.delta;
            cwb_contact_out o;
            cwb_contact_trial t;
            ck_assert_int_eq(cwb_contact_eval(&ct, &step, &o, &t), CWB_OK);
            cwb_vec3 m = cwb_v3_add(o.r.spring, o.r.viscous);
            if (spin) {
                ck_assert_msg(cwb_v3_norm(m) == 0.0 && o.r.energy == 0.0 && o.r.work == 0.0 &&
                                  o.r.dissipated == 0.0,
                              "rolling law %s declares spin torques but reports a spring", h->name);
            } else {
                double scale = cwb_v3_norm(m) + cwb_v3_norm(o.r.torque1);
                ck_assert_msg(cwb_v3_norm(cwb_v3_add(o.r.torque1, m)) <= 4 * DBL_EPSILON * scale,
                              "rolling law %s: torque1 is not -(spring + viscous)", h->name);
            }
            cwb_contact_commit(&ct, &t);
        }
    }
    ck_assert_int_ge(declared, 1); /* constant_torque */
}
END_TEST

/* cwb_contact_setup refuses a contact it cannot evaluate (an embedding
 * code's mistake, reported, not asserted): a missing law, or a law whose
 * state would overflow the CWB_MAX_STATE bytes a contact keeps per law. */
START_TEST(contact_setup_refuses_incomplete)
{
    cwb_pair g = sphere_pair(0.01, 1e9, 0.012, 2e9, 0.3);
    double zero[CWB_MAX_PARAMS] = {0};
    const double *lp[CWB_KIND_COUNT] = {zero, zero, zero, zero};
    cwb_contact_laws laws = {CWB_AS_NORMAL(cwb_law_find(CWB_KIND_NORMAL, "hertz")),
                             CWB_AS_TANGENTIAL(cwb_law_find(CWB_KIND_TANGENTIAL, "none")),
                             CWB_AS_DAMPING(cwb_law_find(CWB_KIND_DAMPING, "none")), NULL};
    cwb_contact ct;
    ck_assert_int_eq(cwb_contact_setup(&ct, &laws, lp, &g), CWB_EINPUT);
    cwb_normal_type big = *laws.normal;
    big.head.state_size = CWB_MAX_STATE + 1;
    laws.rolling = CWB_AS_ROLLING(cwb_law_find(CWB_KIND_ROLLING, "none"));
    laws.normal = &big;
    ck_assert_int_eq(cwb_contact_setup(&ct, &laws, lp, &g), CWB_EINPUT);
}
END_TEST

/* --- the properties laws declare (CWB_LAW_*, cwb_law.h) ------------------- */

/* CWB_LAW_ABSENT: one law per kind, with no parameters and no state, whose
 * step returns all zeros (the composition skips it on that promise), and
 * whose forces, being none, depend on nothing (CWB_LAW_END_FORCES). */
START_TEST(absent_laws_are_zero)
{
    cwb_pair g = sphere_pair(0.01, 1e9, 0.012, 2e9, 0.3);
    double zero[CWB_MAX_PARAMS] = {0};
    for (int kind = 0; kind < CWB_KIND_COUNT; kind++) {
        int absent = 0;
        for (size_t i = 0; i < cwb_law_count((cwb_kind)kind); i++) {
            const cwb_law_head *h = cwb_law_at((cwb_kind)kind, i);
            if (!(h->flags & CWB_LAW_ABSENT))
                continue;
            absent++;
            ck_assert_msg(!h->params[0].name && h->state_size == 0 &&
                              (h->flags & CWB_LAW_END_FORCES),
                          "%s law %s", cwb_kind_name((cwb_kind)kind), h->name);
            CWB_STATE_ALIGN unsigned char state[CWB_MAX_STATE] = {0}, trial[CWB_MAX_STATE];
            cwb_kin k = {.delta = 1e-5,
                         .delta0 = 5e-6,
                         .delta_rate = 0.3,
                         .normal = {0, 0, 1},
                         .dxi_t = {1e-6, 0, 0},
                         .v_t = {0.2, 0.1, 0},
                         .omega1 = {0, 5, 0},
                         .omega_rel = {0, 5, 0},
                         .dtheta = {0, 1e-3, 0},
                         .dt = 1e-6,
                         .h = 1e-6};
            cwb_normal_out nrm = {.force = 1.0, .stiffness = 1e5, .radius = 1e-4};
            unsigned char zeros[sizeof(cwb_rolling_out) + sizeof(cwb_tangential_out)] = {0};
            if (kind == CWB_KIND_NORMAL) {
                cwb_normal_out o;
                memset(&o, 0xff, sizeof o);
                ck_assert_int_eq(CWB_AS_NORMAL(h)->step(zero, &g, state, &k, &o, trial), CWB_OK);
                ck_assert_msg(o.force == 0 && o.stiffness == 0 && o.work == 0 && o.energy == 0,
                              "normal %s acts", h->name);
            } else if (kind == CWB_KIND_TANGENTIAL) {
                cwb_tangential_out o;
                memset(&o, 0xff, sizeof o);
                ck_assert_int_eq(CWB_AS_TANGENTIAL(h)->step(zero, &g, state, &k, &nrm, &o, trial),
                                 CWB_OK);
                ck_assert_msg(memcmp(&o, zeros, sizeof o) == 0, "tangential %s acts", h->name);
            } else if (kind == CWB_KIND_DAMPING) {
                cwb_damping_out o;
                memset(&o, 0xff, sizeof o);
                ck_assert_int_eq(CWB_AS_DAMPING(h)->step(zero, &g, state, &k, &nrm, &o, trial),
                                 CWB_OK);
                ck_assert_msg(memcmp(&o, zeros, sizeof o) == 0, "damping %s acts", h->name);
            } else {
                cwb_rolling_out o;
                memset(&o, 0xff, sizeof o);
                ck_assert_int_eq(CWB_AS_ROLLING(h)->step(zero, &g, state, &k, &nrm, &o, trial),
                                 CWB_OK);
                ck_assert_msg(memcmp(&o, zeros, sizeof o) == 0, "rolling %s acts", h->name);
            }
        }
        ck_assert_msg(absent == 1, "%d absent %s laws", absent, cwb_kind_name((cwb_kind)kind));
    }
}
END_TEST

/* CWB_LAW_HERTZ_FORCE (the collision driver then takes the peak overlap in
 * closed form): the law's force is Hertz's (4/3) E* sqrt(R*) delta^(3/2)
 * (Hertz 1882; Johnson, Contact Mechanics, 1985, eq. 4.23) to round-off
 * (1e-14 relative: a few operations in double precision) over six decades
 * of overlap, and it has no parameter that could change it. */
START_TEST(hertz_force_laws_are_hertz)
{
    cwb_pair g = sphere_pair(0.01, 4.8e10, 0.02, 7.0e10, 0.25);
    int seen = 0;
    for (size_t i = 0; i < cwb_law_count(CWB_KIND_NORMAL); i++) {
        const cwb_law_head *h = cwb_law_at(CWB_KIND_NORMAL, i);
        if (!(h->flags & CWB_LAW_HERTZ_FORCE))
            continue;
        seen++;
        double p[CWB_MAX_PARAMS] = {0};
        prepared_params(h, &g, p);
        ck_assert_msg(!h->params[0].name, "%s has parameters", h->name);
        for (double d = 1e-9; d < 1e-3; d *= 3.7) {
            double f = 4.0 / 3.0 * g.E_star * sqrt(g.R_star) * pow(d, 1.5);
            ck_assert_rel(eval_normal(CWB_AS_NORMAL(h), p, &g, d).force, f, 1e-14);
        }
    }
    ck_assert_int_ge(seen, 1);
}
END_TEST

/* end_power (the collision driver grades its steps towards the contact's
 * ends by it, src/drivers/collision.c grading_exponent): every law that
 * declares p has a force that goes as delta^p at small overlap, at a
 * closing rate that does not vanish. Measured as log2 of F(2 delta) /
 * F(delta) from delta = 1e-12 to 1e-7 m (0.1 ... 1e-6 of R*'s 1e-4 of the
 * radius): Hertz's and the dashpots' forces are exact powers, so the slope
 * is p to round-off (1e-9 absolute: a ratio of two forces each within a few
 * ulps). Each law is bound beside Hertz (the dashpots need it). */
START_TEST(end_power_is_the_force_exponent)
{
    int seen = 0;
    for (int kind = 0; kind < CWB_KIND_COUNT; kind++) {
        for (size_t i = 0; i < cwb_law_count((cwb_kind)kind); i++) {
            const cwb_law_head *h = cwb_law_at((cwb_kind)kind, i);
            if (!(h->end_power > 0.0))
                continue;
            seen++;
            double p[CWB_MAX_PARAMS] = {0}, others[CWB_MAX_PARAMS] = {0};
            cwb_pair g = sphere_pair(0.01, 1e9, 0.012, 2e9, 0.3);
            cwb_contact ct;
            bind_one_law((cwb_kind)kind, h, p, others, &g, &ct);
            double f[2];
            for (double d = 1e-12; d <= 1e-7; d *= 10.0) {
                for (int j = 0; j < 2; j++) {
                    cwb_kin k = {.delta = d * (1 + j), .delta_rate = -1.0, .normal = {0, 0, 1}};
                    k.delta0 = k.delta;
                    k.dt = k.h = 1e-9;
                    cwb_contact_out o;
                    cwb_contact_trial t;
                    ck_assert_int_eq(cwb_contact_eval(&ct, &k, &o, &t), CWB_OK);
                    f[j] = kind == CWB_KIND_NORMAL ? o.n.force : o.d.force_n;
                }
                double slope = log2(f[1] / f[0]);
                ck_assert_msg(fabs(slope - h->end_power) < 1e-9,
                              "%s law %s declares end power %g, its force goes as delta^%.12g "
                              "at delta = %g",
                              cwb_kind_name((cwb_kind)kind), h->name, h->end_power, slope, d);
            }
        }
    }
    ck_assert_int_ge(seen, 3); /* hertz, tsuji, hertz_restitution */
}
END_TEST

/* CWB_LAW_PENALTY_KEYS (the penalty driver reads eq. 33 from them): a law
 * declaring it holds the penalty keys of cwb_disc2d.h at CWB_PENALTY_FIRST,
 * in order; a tangential law that holds them there declares it. */
START_TEST(penalty_key_laws_hold_the_keys)
{
    static const cwb_param keys[] = {CWB_PENALTY_PARAMS, {0}};
    int seen = 0;
    for (size_t i = 0; i < cwb_law_count(CWB_KIND_TANGENTIAL); i++) {
        const cwb_law_head *h = cwb_law_at(CWB_KIND_TANGENTIAL, i);
        int holds = cwb_param_count(h->params) >= CWB_PENALTY_FIRST + CWB_PENALTY_COUNT;
        for (size_t j = 0; holds && keys[j].name; j++)
            holds = strcmp(h->params[CWB_PENALTY_FIRST + j].name, keys[j].name) == 0;
        ck_assert_msg(holds == !!(h->flags & CWB_LAW_PENALTY_KEYS),
                      "%s: holds the penalty keys %d, declares it %d", h->name, holds,
                      !!(h->flags & CWB_LAW_PENALTY_KEYS));
        seen += holds;
    }
    ck_assert_int_ge(seen, 1);
}
END_TEST

/* CWB_LAW_DEFAULT: at most one law per kind and geometry, the normal kind
 * has one for each (cwb_law_default), and the other kinds' cwb_law_default
 * is their absent law. */
START_TEST(default_laws_one_per_geometry)
{
    static const unsigned dims[] = {CWB_DIM_3D, CWB_DIM_2D};
    for (int kind = 0; kind < CWB_KIND_COUNT; kind++)
        for (size_t d = 0; d < 2; d++) {
            int n = 0;
            for (size_t i = 0; i < cwb_law_count((cwb_kind)kind); i++) {
                const cwb_law_head *h = cwb_law_at((cwb_kind)kind, i);
                n += (h->flags & CWB_LAW_DEFAULT) && (h->dims & dims[d]);
            }
            const cwb_law_head *def = cwb_law_default((cwb_kind)kind, dims[d]);
            ck_assert_msg(n <= 1, "%d default %s laws", n, cwb_kind_name((cwb_kind)kind));
            if (kind == CWB_KIND_NORMAL)
                ck_assert(n == 1 && (def->flags & CWB_LAW_DEFAULT) && (def->dims & dims[d]));
            else
                ck_assert(def && (def->flags & CWB_LAW_ABSENT));
        }
    ck_assert_str_eq(cwb_law_default(CWB_KIND_NORMAL, CWB_DIM_3D)->name, "hertz");
    ck_assert_str_eq(cwb_law_default(CWB_KIND_NORMAL, CWB_DIM_2D)->name, "hertz2d");
}
END_TEST

/* --- no file of src/ outside src/laws/ names a law ------------------------- */

/* Law names that are also ordinary words of cwb's texts and choices
 * (`scale = linear`, `slip = none`, a tolerance of none): a literal of them
 * counts as a law's name only where its line deals with laws, i.e. its code
 * (outside literals and comments) says law, kind or name, in any case. */
static int ordinary_word(const char *w, size_t m)
{
    return (m == 4 && strncmp(w, "none", 4) == 0) || (m == 6 && strncmp(w, "linear", 6) == 0);
}

static int is_law_name(const char *w, size_t m)
{
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        for (size_t i = 0; i < cwb_law_count((cwb_kind)k); i++) {
            const char *name = cwb_law_at((cwb_kind)k, i)->name;
            if (strlen(name) == m && strncmp(name, w, m) == 0)
                return 1;
        }
    return 0;
}

/* Whether a string literal's text (len bytes) names laws: its words, one
 * or more separated by blanks (a list such as "mindlin hertz2d_accurate"),
 * are all law names, and when they are all ordinary words the line's code
 * deals with laws. */
static int names_laws(const char *text, size_t len, const char *code)
{
    size_t words = 0, ordinary = 0;
    for (size_t i = 0; i < len;) {
        while (i < len && text[i] == ' ')
            i++;
        size_t j = i;
        while (j < len && text[j] != ' ')
            j++;
        if (j == i)
            break;
        if (!is_law_name(text + i, j - i))
            return 0;
        words++;
        ordinary += ordinary_word(text + i, j - i);
        i = j;
    }
    if (!words)
        return 0;
    if (ordinary < words)
        return 1;
    char lower[4096];
    size_t i = 0;
    for (; code[i] && i + 1 < sizeof lower; i++)
        lower[i] = (char)tolower((unsigned char)code[i]);
    lower[i] = '\0';
    return strstr(lower, "law") || strstr(lower, "kind") || strstr(lower, "name");
}

/* The string literals of C text that name laws, as "FILE:LINE: "TEXT"" lines
 * into hits; comments and character literals are skipped. */
static void law_literals(const char *file, const char *text, char *hits, size_t n, size_t *used)
{
    char code[4096];
    size_t nc = 0, lit_start[64], lit_len[64], nlit = 0;
    int line = 1;
    for (const char *p = text;; p++) {
        if (*p == '\n' || *p == '\0') {
            code[nc] = '\0';
            for (size_t k = 0; k < nlit; k++)
                if (names_laws(text + lit_start[k], lit_len[k], code) && *used < n)
                    *used += (size_t)snprintf(hits + *used, n - *used, "  %s:%d: \"%.*s\"\n", file,
                                              line, (int)lit_len[k], text + lit_start[k]);
            nc = nlit = 0;
            line++;
            if (!*p)
                return;
        } else if (p[0] == '/' && p[1] == '*') {
            for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
                line += *p == '\n';
            if (!*p)
                return;
            p++;
        } else if (p[0] == '/' && p[1] == '/') {
            while (p[1] && p[1] != '\n')
                p++;
        } else if (*p == '"' || *p == '\'') {
            char q = *p;
            const char *start = ++p;
            for (; *p && *p != q && *p != '\n'; p++)
                if (*p == '\\' && p[1])
                    p++;
            if (q == '"' && nlit < 64) {
                lit_start[nlit] = (size_t)(start - text);
                lit_len[nlit++] = (size_t)(p - start);
            }
            if (!*p)
                return;
            if (nc + 2 < sizeof code)
                code[nc++] = q, code[nc++] = q;
        } else if (nc + 1 < sizeof code) {
            code[nc++] = *p;
        }
    }
}

/* Every .c and .h file under dir, src/laws/ and the bibliography left out
 * (its keys are works, one of them the paper a law is named after). */
static void scan_sources(const char *dir, char *hits, size_t n, size_t *used, size_t *files)
{
    DIR *d = opendir(dir);
    for (struct dirent *e = d ? readdir(d) : NULL; e; e = readdir(d)) {
        char path[1024];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        const char *ext = strrchr(e->d_name, '.');
        /* Left out: the laws themselves; the bibliography (titles); and
         * the peer translations (src/commands/peer*.c), which map cwb's
         * law names onto another code's models: knowledge of that code,
         * keyed by name as the registry is, not a property of a law. */
        if (e->d_name[0] == '.' || strcmp(path, "src/laws") == 0 ||
            strcmp(path, "src/core/bibliography.c") == 0 ||
            strncmp(path, "src/commands/peer", 17) == 0 || stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            scan_sources(path, hits, n, used, files);
        } else if (ext && (strcmp(ext, ".c") == 0 || strcmp(ext, ".h") == 0)) {
            char *text = test_read_file(path);
            ck_assert_msg(text != NULL, "cannot read %s", path);
            law_literals(path, text, hits, n, used);
            free(text);
            (*files)++;
        }
    }
    if (d)
        closedir(d);
}

/* A property of a law is declared by the law (CWB_LAW_*), so a new law is
 * complete with its file and its row in the registry: nothing else in src/
 * may know a law by its name. The scanner is first shown to catch what it
 * must (a lookup by name, a name compared, a list of names) and to pass
 * what it must (a choice word, a comment). */
START_TEST(no_law_named_outside_laws)
{
    char hits[4096] = "";
    size_t used = 0, files = 0;
    law_literals("planted.c",
                 "if (c->law[k] == cwb_law_find(k, \"none\")) x = 1;\n"
                 "const char *name = given ? text : \"none\";\n"
                 "if (strcmp(h->name, \"hertz\") == 0) y = 1; /* \"mindlin\" */\n"
                 "static const char *const list = \"mindlin hertz2d_accurate\";\n"
                 "static const char *const scale_words[] = {\"linear\", \"log\", NULL};\n",
                 hits, sizeof hits, &used);
    ck_assert_msg(strstr(hits, "  planted.c:1: \"none\"\n  planted.c:2: \"none\"\n"
                               "  planted.c:3: \"hertz\"\n"
                               "  planted.c:4: \"mindlin hertz2d_accurate\"\n") == hits &&
                      !strstr(hits, ":5:") && !strstr(hits, "\"mindlin\""),
                  "the scanner missed or invented:\n%s", hits);
    hits[0] = '\0';
    used = 0;
    scan_sources("src", hits, sizeof hits, &used, &files);
    ck_assert_msg(files > 60, "only %zu files of src/ scanned", files);
    ck_assert_msg(hits[0] == '\0', "law names outside src/laws/:\n%s", hits);
}
END_TEST

Suite *laws_suite(void)
{
    Suite *s = suite_create("laws");
    TCase *tc = test_tcase("laws", 30);
    tcase_add_test(tc, hertz_seed001_is_seed004);
    tcase_add_test(tc, hertz_energy_is_work);
    tcase_add_test(tc, linear_connector_seed002_examples);
    tcase_add_test(tc, tangential_linear_coulomb_cap);
    tcase_add_test(tc, tangential_linear_slip_energy);
    tcase_add_test(tc, lth_slip_margin);
    tcase_add_test(tc, lth_path_ode);
    tcase_add_test(tc, rotate_into_plane_keeps_magnitude);
    tcase_add_test(tc, contact_setup_refuses_incomplete);
    tcase_add_test(tc, every_law_is_pure);
    tcase_add_test(tc, end_force_laws_ignore_the_increment);
    tcase_add_test(tc, restart_force_laws_give_the_committed_forces);
    tcase_add_test(tc, eval_from_a_trial_is_eval_after_its_commit);
    tcase_add_test(tc, spin_torque_laws_report_no_spring);
    tcase_add_test(tc, absent_laws_are_zero);
    tcase_add_test(tc, hertz_force_laws_are_hertz);
    tcase_add_test(tc, end_power_is_the_force_exponent);
    tcase_add_test(tc, penalty_key_laws_hold_the_keys);
    tcase_add_test(tc, default_laws_one_per_geometry);
    tcase_add_test(tc, no_law_named_outside_laws);
    suite_add_tcase(s, tc);
    return s;
}
