/* test_tangential_plastic.c -- the contact radius of seed 004 sec. 5.4 and
 * the elastic-plastic tangential law rathbone_tangential (sec. 5.8-5.9)
 * against closed forms, Mindlin's elastic solution, the energy account and
 * bad input.
 *
 * Material: seed 004 Table 6 (R = 0.1 mm, E = 26000 MPa, nu = 0.3,
 * sigma_y = 160 MPa) on a rigid flat, tests/data/tangential_plastic.case.
 * Independent of cwb: G* = G/(2 - nu) and E* = E/(1 - nu^2) for a sphere
 * on a rigid flat (Johnson, Contact Mechanics, 1985, secs. 4.2 and 7.1);
 * the printed equations 74-76 and 93-110, evaluated here from the text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "cwb_files.h"
#include "cwb_test.h"

#define CASE "tests/data/tangential_plastic.case"

/* The published per-step rule (integration = split), whose closed forms
 * most tests below check; the default integration = path is checked by
 * rathbone_path_ode, energy_random_cycles and tests/test_collision.c. */
static const char *const SPLIT[] = {"tangential.integration=split"};

static const double E_T6 = 2.6e10, NU_T6 = 0.3, R_T6 = 1e-4;

/* G* of the Table 6 sphere on a rigid flat (Johnson sec. 7.1). */
static double g_star(void)
{
    return E_T6 / (2.0 * (1.0 + NU_T6)) / (2.0 - NU_T6);
}

/* a^2 of eq. 74 (loading), from the text. */
static double a2_eq74(double dy, double d)
{
    return d <= dy ? R_T6 * d : R_T6 * dy * (1.19 * pow(d / dy - 1.0, 1.1) + 1.0);
}

/* Sec. 5.4 at chosen points: eq. 74 below and above delta_y, eq. 75 on
 * both sides of the turning point t delta_max with t of eq. 76, continuity
 * at delta_y and at the turning point, zero at delta_min. */
START_TEST(contact_radius_section_5_4)
{
    cwb_case *c = test_load(CASE, NULL, 0);
    const cwb_pair *g = &c->pair;
    ck_assert_rel(g->R_star, R_T6, 1e-15);
    double dy = 2e-8;
    /* elastic: a^2 = R* delta (Hertz), also on unloading from <= delta_y */
    ck_assert_rel(pow(cwb_rathbone_radius(g, dy, 0.5 * dy, 0.5 * dy, 0), 2), R_T6 * 0.5 * dy,
                  1e-14);
    ck_assert_rel(pow(cwb_rathbone_radius(g, dy, 0.3 * dy, 0.9 * dy, 0), 2), R_T6 * 0.3 * dy,
                  1e-14);
    /* continuous at delta_y: Etsion's form is R* delta_y there */
    ck_assert_rel(cwb_rathbone_radius(g, dy, dy * (1 + 1e-9), dy * (1 + 1e-9), 0),
                  cwb_rathbone_radius(g, dy, dy * (1 - 1e-9), dy * (1 - 1e-9), 0), 1e-8);
    /* loading at 10 delta_y: 1.19 * 9^1.1 + 1 = 14.342 (by hand) */
    double a10 = cwb_rathbone_radius(g, dy, 10 * dy, 10 * dy, 0);
    ck_assert_rel(a10 * a10 / (R_T6 * dy), 14.342, 1e-4);
    ck_assert_rel(a10 * a10, a2_eq74(dy, 10 * dy), 1e-13);
    /* unloading from n = 10, delta_min = 6 delta_y: t = 0.576 + 0.00648 * 10
     * = 0.6408 (eq. 76), turning point 6.408 delta_y */
    double dmax = 10 * dy, dmin = 6 * dy, turn = 0.6408 * dmax;
    double a8 = cwb_rathbone_radius(g, dy, 8 * dy, dmax, dmin);
    ck_assert_rel(a8 * a8, a2_eq74(dy, 8 * dy), 1e-13);
    double cl = a2_eq74(dy, turn) / (turn - dmin);
    double a62 = cwb_rathbone_radius(g, dy, 6.2 * dy, dmax, dmin);
    ck_assert_rel(a62 * a62, cl * 0.2 * dy, 1e-12);
    ck_assert_rel(cwb_rathbone_radius(g, dy, turn * (1 - 1e-10), dmax, dmin),
                  cwb_rathbone_radius(g, dy, turn * (1 + 1e-10), dmax, dmin), 1e-8);
    ck_assert(cwb_rathbone_radius(g, dy, dmin, dmax, dmin) == 0.0);
    ck_assert(cwb_rathbone_radius(g, dy, 0.5 * dmin, dmax, dmin) == 0.0);
    /* n = 3: t = -0.119 + 0.119 * 3 = 0.238; n = 60: t = 0.9 */
    double a_lo = cwb_rathbone_radius(g, dy, 0.5 * dy, 3 * dy, 0.2 * dy);
    ck_assert_rel(a_lo * a_lo, a2_eq74(dy, 0.714 * dy) / (0.514 * dy) * 0.3 * dy, 1e-12);
    double a_hi = cwb_rathbone_radius(g, dy, 52 * dy, 60 * dy, 50 * dy);
    ck_assert_rel(a_hi * a_hi, a2_eq74(dy, 54 * dy) / (4 * dy) * 2 * dy, 1e-12);
    /* n = 1.1: t delta_max = 0.0131 delta_y < delta_min: no line, eq. 74
     * down to delta_min, then 0 */
    ck_assert_rel(pow(cwb_rathbone_radius(g, dy, 0.5 * dy, 1.1 * dy, 0.05 * dy), 2),
                  R_T6 * 0.5 * dy, 1e-14);
    ck_assert(cwb_rathbone_radius(g, dy, 0.04 * dy, 1.1 * dy, 0.05 * dy) == 0.0);
    free(c);
}
END_TEST

/* The normal laws report that radius: in a load-unload history to about
 * 20 delta_y the radius is > 0 exactly while the force is, and it is the
 * geometric sqrt(R* delta) on loading below yield (first rows). */
START_TEST(contact_radius_in_history_output)
{
    static const char *laws[] = {"contact.normal=rathbone", "contact.normal=rathbone2015"};
    for (int i = 0; i < 2; i++) {
        const char *over[] = {laws[i], "driver.normal=4e-7,0", "driver.tangential=0,0",
                              "driver.steps=400"};
        cwb_result r;
        test_run(CASE, over, 4, &r);
        ck_assert_rel(test_col(&r, "a", 5), sqrt(R_T6 * 5e-9), 1e-13); /* 5e-9 < delta_y */
        size_t zero_rows = 0;
        for (size_t row = 401; row < r.series.nrow; row++) {
            double f = test_col(&r, "F_n", row), a = test_col(&r, "a", row);
            ck_assert_msg((f > 0.0) == (a > 0.0), "%s row %zu: F_n = %g, a = %g", laws[i], row, f,
                          a);
            zero_rows += f == 0.0;
        }
        ck_assert(zero_rows > 10); /* the unloading reaches delta_min */
        cwb_result_free(&r);
    }
}
END_TEST

/* delta_max and delta_min in the normal response of every law on the
 * shared plastic rules, here Thornton's (Thornton 1997, seed 004 eqs. 7-10):
 * loading F = k_n delta_y^(3/2) + pi p_y R* (delta - delta_y), p_y from
 * eq. 8, unloading Hertz with eq. 9's R*_un = R* k_n delta_max^(3/2)/F_max,
 * delta_min = delta_max - (F_max/k_un)^(2/3), k_un = (4/3) E* sqrt(R*_un). */
START_TEST(normal_response_history_fields)
{
    const char *over[] = {"contact.normal=thornton", "contact.tangential=none"};
    cwb_case *c = test_load(CASE, over, 2);
    const cwb_normal_type *law = CWB_AS_NORMAL(c->law[CWB_KIND_NORMAL]);
    const double *p = c->law_values[CWB_KIND_NORMAL].p;
    CWB_STATE_ALIGN unsigned char state[CWB_MAX_STATE] = {0}, trial[CWB_MAX_STATE];
    cwb_normal_out o;
    cwb_kin k = {.delta = 1e-9, .normal = {0, 0, 1}};
    ck_assert_int_eq(law->step(p, &c->pair, state, &k, &o, trial), CWB_OK);
    double dy = o.delta_yield, es = E_T6 / (1 - NU_T6 * NU_T6), kn = 4.0 / 3.0 * es * sqrt(R_T6);
    ck_assert(dy > 0.0 && o.delta_max == 1e-9 && o.delta_min == 0.0); /* elastic: no delta_min */
    double py = 2 * es / M_PI * sqrt(dy / R_T6), dmax = 5 * dy;
    double fmax = kn * pow(dy, 1.5) + M_PI * py * R_T6 * (dmax - dy);
    double r_un = R_T6 * kn * pow(dmax, 1.5) / fmax;
    double dmin = dmax - pow(fmax / (4.0 / 3.0 * es * sqrt(r_un)), 2.0 / 3.0);
    k.delta = dmax;
    ck_assert_int_eq(law->step(p, &c->pair, state, &k, &o, trial), CWB_OK);
    ck_assert_rel(o.force, fmax, 1e-12);
    ck_assert(o.delta_max == dmax);
    ck_assert_rel(o.delta_min, dmin, 1e-12);
    memcpy(state, trial, sizeof trial);
    k.delta0 = dmax;
    k.delta = 4 * dy; /* unloading: the committed maximum stays */
    ck_assert_int_eq(law->step(p, &c->pair, state, &k, &o, trial), CWB_OK);
    ck_assert(o.delta_max == dmax);
    ck_assert_rel(o.delta_min, dmin, 1e-12);
    free(c);
}
END_TEST

/* Direct evaluations of the law at a fabricated normal response. */
typedef struct {
    const cwb_tangential_type *law;
    const double *p;
    const cwb_pair *g;
    CWB_STATE_ALIGN unsigned char state[CWB_MAX_STATE];
    cwb_normal_out nrm;
    double delta;
} probe;

static void probe_init(probe *q, const cwb_case *c, double dy, double y, double ymax, double fn)
{
    memset(q, 0, sizeof *q);
    q->law = CWB_AS_TANGENTIAL(c->law[CWB_KIND_TANGENTIAL]);
    q->p = c->law_values[CWB_KIND_TANGENTIAL].p;
    q->g = &c->pair;
    q->delta = y * dy;
    q->nrm.force = fn;
    q->nrm.delta_yield = dy;
    q->nrm.delta_max = ymax * dy;
    q->nrm.radius = cwb_rathbone_radius(q->g, dy, q->delta, q->nrm.delta_max, 0.0);
}

/* One step of tangential displacement d [m], committed. */
static cwb_tangential_out probe_step(probe *q, double d)
{
    cwb_kin k = {.delta = q->delta, .delta0 = q->delta, .normal = {0, 0, 1}, .dxi_t = {d, 0, 0}};
    cwb_tangential_out o;
    unsigned char trial[CWB_MAX_STATE];
    ck_assert_int_eq(q->law->step(q->p, q->g, q->state, &k, &q->nrm, &o, trial), CWB_OK);
    memcpy(q->state, trial, sizeof trial);
    return o;
}

/* mu of eq. 95 (sec. 5.5), capped at 1.0 (sec. 3.5), read as the sliding
 * force over N; y from the normal law's maximum (mu does not change on
 * normal unloading, sec. 5.5). mu(1) = 0.36 / tanh(0.79) = 0.54677 by hand;
 * mu(100) = 0.36 to 1e-5; mu(0.1) = 1 (the cap). */
START_TEST(friction_coefficient_eq_95)
{
    cwb_case *c = test_load(CASE, SPLIT, 1);
    static const double ys[][2] = {{1, 1}, {3, 3}, {100, 100}, {0.1, 0.1}, {2, 5}};
    double dy = 2e-8, fn = 0.01;
    for (size_t i = 0; i < sizeof ys / sizeof *ys; i++) {
        probe q;
        probe_init(&q, c, dy, ys[i][0], ys[i][1], fn);
        probe_step(&q, 0.0);
        cwb_tangential_out o = probe_step(&q, 1e-3);
        double mu = fmin(1.0, 0.36 / tanh(0.79 * pow(ys[i][1], 0.44)));
        ck_assert(o.sliding);
        ck_assert_rel(o.force.x, mu * fn, 1e-13);
        if (i == 0)
            ck_assert_rel(o.force.x / fn, 0.54677, 1e-5);
        if (i == 2)
            ck_assert_rel(o.force.x / fn, 0.36, 2e-5);
        if (i == 3)
            ck_assert_rel(o.force.x / fn, 1.0, 1e-15);
    }
    free(c);
}
END_TEST

/* k_t of eqs. 97-104 at y = 3 in each of its three branches, read from
 * one short step at x = F/(mu N) (fixed N). By hand at y = 3: mu = 0.42019,
 * x1 = 0.33498, a1 = 1.1157, b1 = 0.90304, c1 = 1.7823, d1 = 1.1853,
 * x2 = 0.75838; k_t/(5 G* a) = 0.94574 (x = 0.2), 0.71892 (x = 0.5),
 * 0.17823 (x = 0.9). */
START_TEST(loading_stiffness_branches)
{
    cwb_case *c = test_load(CASE, SPLIT, 1);
    double dy = 2e-8, fn = 0.01, y = 3.0, gs = g_star();
    ck_assert_rel(c->pair.G_star, gs, 1e-14);
    double mu = 0.36 / tanh(0.79 * pow(y, 0.44)), x1 = -1.85 + 5.20 * mu;
    double a1 = 0.9 / tanh(0.24 * pow(y, 1.4)), b1 = pow(1 - x1, 0.25);
    double c1 = 1.51 / tanh(0.14 * pow(y, 1.99)), d1 = c1 * (1 - x1);
    double x2 = (d1 - b1) / (c1 - a1) + x1;
    ck_assert_rel(mu, 0.42019, 1e-5);
    ck_assert_rel(x2, 0.75838, 1e-5);
    static const double xs[] = {0.2, 0.5, 0.9}, hand[] = {0.94574, 0.71892, 0.17823};
    for (int i = 0; i < 3; i++) {
        probe q;
        probe_init(&q, c, dy, y, y, fn);
        probe_step(&q, 0.0);
        double a = q.nrm.radius, k0 = 5 * gs * a;
        cwb_tangential_out o = probe_step(&q, xs[i] * mu * fn / k0); /* from x = 0: k_t = 5 G* a */
        ck_assert_rel(o.stiffness, k0, 1e-14);
        ck_assert_rel(o.force.x, xs[i] * mu * fn, 1e-13);
        double d = 1e-6 * mu * fn / k0, x = xs[i];
        double k = x < x1 ? pow(1 - x, 0.25) : x < x2 ? b1 - a1 * (x - x1) : d1 - c1 * (x - x1);
        o = probe_step(&q, d);
        ck_assert_rel(o.stiffness / k0, k, 1e-12);
        ck_assert_rel(o.stiffness / k0, hand[i], 1e-4);
        ck_assert_rel(o.force.x, xs[i] * mu * fn + k * k0 * d, 1e-13);
    }
    free(c);
}
END_TEST

/* Where the middle branch b1 - a1 (x - x1) of eqs. 97-104 (eq. 82/89's
 * bracket) reaches zero below x = 1: at x0 = x1 + b1/a1, with x2 > 1, so
 * k_t = 0 on all of [x0, 1). The law floors the bracket at 0 (header,
 * "Readings"): no negative stiffness, no refusal. Independent values:
 * reference/analytic/rathbone_kt_zero_crossing.py (the printed piecewise
 * bracket bisected to 1e-15, stdlib Python, agreeing with x1 + b1/a1 to
 * 2e-16): with a given mu = 0.2 (x1 = 0, x0 = tanh(0.24 y^1.4)/0.9)
 * 0.4442013025038911 at y = 1.5 and 0.7768243260080789 at y = 2.5; with
 * eq. 95's mu held at y_m = 7 after the normal force fell to y = 1.5,
 * 0.5458574183115564; with eq. 95's mu at
 * y_m = y (fixed N, loading) none on [1, 7] (smallest x1 + b1/a1 1.0185
 * at y = 1.6167; the bracket at y = 1.6, x = 0.97 is 0.100976670465).
 * Probed at x0 -/+ 1e-7 (x placed by one step from F = 0 at k_t = P G* a,
 * to round-off): below, k_t/(P G* a) = a1 1e-7 to 1e-7 of itself (x0's
 * 16 digits and the cancellation in b1 - a1 (x - x1) near 0 each cost
 * about 2e-9 of it; 12 digits of x0 would cost 5e-6, which is how this
 * pins x0 to 1e-14); above, exactly 0. */
START_TEST(loading_stiffness_zero_crossing)
{
    static const struct {
        const char *friction, *mu;
        double pre, mu_value, y, y_m, x0;
    } pt[] = {
        {"tangential.friction=given", "tangential.mu=0.2", 3, 0.2, 1.5, 1.5, 0.4442013025038911},
        {"tangential.friction=given", "tangential.mu=0.2", 3, 0.2, 2.5, 2.5, 0.7768243260080789},
        {"tangential.friction=plastic", "tangential.mu_max=1", 5, 0, 1.5, 7.0, 0.5458574183115564},
    };
    double dy = 2e-8, fn = 0.01, gs = g_star();
    for (size_t i = 0; i < sizeof pt / sizeof *pt; i++) {
        const char *over[] = {pt[i].friction, pt[i].mu, "tangential.integration=split"};
        cwb_case *c = test_load(CASE, over, 3);
        double y = pt[i].y,
               mu = pt[i].mu_value > 0 ? pt[i].mu_value : 0.36 / tanh(0.79 * pow(pt[i].y_m, 0.44));
        double a1 = 0.9 / tanh(0.24 * pow(y, 1.4));
        static const double dx[] = {-1e-7, 1e-7, 0.999};
        for (int s = 0; s < 3; s++) {
            double x = s < 2 ? pt[i].x0 + dx[s] : dx[s];
            probe q;
            probe_init(&q, c, dy, y, pt[i].y_m, fn);
            probe_step(&q, 0.0);
            double k0 = pt[i].pre * gs * q.nrm.radius;
            cwb_tangential_out o = probe_step(&q, x * mu * fn / k0);
            ck_assert_rel(o.stiffness, k0, 1e-14); /* x = 0: b1 = 1 or (1 - 0)^(1/4) */
            o = probe_step(&q, 1e-9 * mu * fn / k0);
            if (s == 0)
                ck_assert_msg(fabs(o.stiffness / k0 - a1 * 1e-7) <= 1e-7 * a1 * 1e-7,
                              "point %zu: k_t/(P G* a) %.9g at x0 - 1e-7, expected %.9g", i,
                              o.stiffness / k0, a1 * 1e-7);
            else
                ck_assert_msg(o.stiffness == 0.0, "point %zu: k_t %g at x = %g", i, o.stiffness, x);
            ck_assert(!o.sliding);
        }
        free(c);
    }
    /* eq. 95's mu at y_m = y = 1.6: still stiff at x = 0.97 (middle branch) */
    cwb_case *c = test_load(CASE, SPLIT, 1);
    probe q;
    probe_init(&q, c, dy, 1.6, 1.6, fn);
    probe_step(&q, 0.0);
    double mu = 0.36 / tanh(0.79 * pow(1.6, 0.44)), k0 = 5 * gs * q.nrm.radius;
    probe_step(&q, 0.97 * mu * fn / k0);
    ck_assert_rel(probe_step(&q, 1e-9 * mu * fn / k0).stiffness / k0, 0.100976670465, 1e-9);
    free(c);
}
END_TEST

/* The consequence at a fixed overlap (y = 1.5, given mu = 0.2; tangential
 * displacement 0 -> 3e-7 m, 400 steps, about 40 times what x0 needs):
 * F_t never reaches mu N. Both integrations approach x0 from below
 * (dx/dxi = 3 G* a a1 (x0 - x)/(mu N): geometric by steps, exponential
 * along the path) and stall there, no step slides, and the work done
 * after the stall is booked as slip (the law's microslip share
 * F dxi (1 - k_t/k_u) with k_t = 0) while E_t stays put; the account
 * closes. x0 = tanh(0.24 y^1.4)/0.9 at the run's y = delta/delta_y:
 * delta_y here from Ay = 1.6128 (5 digits, appendix A) against the
 * normal law's own, so y carries up to 6e-5 relative and x0 3.3e-5
 * (dx0/dy = 0.37): 1e-4 (measured 2.4e-6). With eq. 95's mu at the
 * same overlap (mu(1.5) = 0.488, x0 = 1.021 > 1) the force goes on to
 * mu N, which the third branch c1 (1 - x) reaches only asymptotically
 * (finding 33 (4)): F_t >= 0.999 mu N by the same displacement, mu N read
 * as mu(y) times F_n at the run's y (mu to 1e-5 from Ay's digits). */
START_TEST(loading_stall_below_mu_n)
{
    double es = E_T6 / (1 - NU_T6 * NU_T6), qy = M_PI * 1.6128 * 160e6 / (2 * es);
    double dy = R_T6 * qy * qy, delta = 1.5 * dy, x0 = tanh(0.24 * pow(1.5, 1.4)) / 0.9;
    char normal[96];
    snprintf(normal, sizeof normal, "driver.normal=%.10g,%.10g", delta, delta);
    static const char *const integration[] = {"tangential.integration=path",
                                              "tangential.integration=split"};
    for (int w = 0; w < 2; w++) {
        const char *over[] = {"tangential.friction=given", "tangential.mu=0.2", normal,
                              "driver.tangential=0,3e-7",  "driver.steps=400",  integration[w]};
        cwb_result r;
        test_run(CASE, over, 6, &r);
        ck_assert(cwb_result_get(&r, "sliding_steps") == 0.0);
        double x = test_col(&r, "F_t", 800) / (0.2 * test_col(&r, "F_n", 800));
        ck_assert_msg(fabs(x - x0) < 1e-4, "%s: F_t/(mu N) %.7f, x0 %.7f", integration[w], x, x0);
        double dw = test_col(&r, "W_t", 800) - test_col(&r, "W_t", 600);
        double ds = test_col(&r, "D_slip", 800) - test_col(&r, "D_slip", 600);
        ck_assert(dw > 0.0);
        ck_assert_rel(ds, dw, 1e-9);
        ck_assert_rel(test_col(&r, "E_t", 800), test_col(&r, "E_t", 600), 1e-9);
        ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-12);
        cwb_result_free(&r);
    }
    const char *over[] = {normal, "driver.tangential=0,3e-7", "driver.steps=400"};
    cwb_result r;
    test_run(CASE, over, 3, &r);
    double mu = 0.36 / tanh(0.79 * pow(1.5, 0.44));
    ck_assert(test_col(&r, "F_t", 800) >= 0.999 * mu * test_col(&r, "F_n", 800));
    cwb_result_free(&r);
}
END_TEST
/* Unloading (eq. 105): 8 G* a, and the force rescaled by a_n/a_(n-1) when
 * N falls; reloading (eq. 106): 9.28 G* a (reloading = G_a) or 9.28 G* x 1 m
 * (literal); back at the last loading force the law loads again (eq. 97). */
START_TEST(unloading_reloading_branches)
{
    const char *lit[] = {"tangential.integration=split", "tangential.reloading=literal"};
    for (int variant = 0; variant < 2; variant++) {
        cwb_case *c = test_load(CASE, lit, 1 + (size_t)variant);
        double dy = 2e-8, fn = 0.01, gs = g_star();
        probe q;
        probe_init(&q, c, dy, 3, 3, fn);
        probe_step(&q, 0.0);
        double a = q.nrm.radius, mu = 0.36 / tanh(0.79 * pow(3.0, 0.44));
        double f1 = probe_step(&q, 0.5 * mu * fn / (5 * gs * a)).force.x; /* x = 0.5 */
        cwb_tangential_out o = probe_step(&q, -1e-10);
        ck_assert_rel(o.stiffness, 8 * gs * a, 1e-14);
        ck_assert_rel(o.force.x, f1 - 8 * gs * a * 1e-10, 1e-13);
        /* N falls: force carried with a_n/a_(n-1) */
        double f2 = o.force.x, a_old = a;
        q.delta = 2.9 * dy;
        q.nrm.force = 0.9 * fn;
        q.nrm.radius = cwb_rathbone_radius(q.g, dy, q.delta, 3 * dy, 0.0);
        a = q.nrm.radius;
        o = probe_step(&q, -1e-10);
        ck_assert_rel(o.force.x, f2 * a / a_old - 8 * gs * a * 1e-10, 1e-13);
        double f3 = o.force.x, kr = 9.28 * gs * (variant ? 1.0 : a);
        double d = variant ? 1e-16 : 1e-11;
        o = probe_step(&q, d);
        ck_assert_rel(o.stiffness, kr, 1e-14);
        ck_assert_rel(o.force.x, f3 + kr * d, 1e-13);
        /* climb back past the reversal force f1: loading again */
        probe_step(&q, (f1 - o.force.x) / kr * 1.01);
        o = probe_step(&q, d);
        ck_assert_msg(o.stiffness < 5 * gs * a, "not back on loading: k_t = %g", o.stiffness);
        free(c);
    }
}
END_TEST

/* Energy of the reloading branch at fixed N (header, "Energy"): with the
 * stored energy F^2/(2 k_u), k_u = 8 G* a (what linear unloading returns),
 * a reloading step of stiffness 9.28 G* a and work W books
 * W (1 - 9.28/8) = -0.16 W: as slip (>= 0) while |F_t| falls (F_t < 0,
 * W < 0), as created energy (stiffness_energy < 0, slip = 0) once |F_t|
 * grows (F_t > 0, W > 0). Closed forms of the linear step. */
START_TEST(reloading_energy_split)
{
    cwb_case *c = test_load(CASE, SPLIT, 1);
    double dy = 2e-8, fn = 0.01, gs = g_star();
    probe q;
    probe_init(&q, c, dy, 3, 3, fn);
    probe_step(&q, 0.0);
    double a = q.nrm.radius, mu = 0.36 / tanh(0.79 * pow(3.0, 0.44)), ku = 8 * gs * a;
    probe_step(&q, 0.5 * mu * fn / (5 * gs * a));           /* load to x = 0.5 */
    double f = probe_step(&q, -0.8 * mu * fn / ku).force.x; /* unload to -0.3 mu N */
    ck_assert_rel(f, -0.3 * mu * fn, 1e-12);
    double d = 1e-3 * mu * fn / ku;
    cwb_tangential_out o = probe_step(&q, d); /* F < 0: |F| falls */
    ck_assert(o.work < 0.0);
    ck_assert_rel(o.slip, -0.16 * o.work, 1e-9);
    ck_assert(fabs(o.stiffness_energy) <= 1e-12 * fabs(o.work));
    probe_step(&q, 0.3 * mu * fn / (9.28 * gs * a)); /* to F = about 0 */
    o = probe_step(&q, d);                           /* F > 0: |F| grows */
    ck_assert(o.work > 0.0 && o.slip == 0.0);
    ck_assert_rel(o.stiffness_energy, -0.16 * o.work, 1e-9);
    free(c);
}
END_TEST

/* The slip margin (the collision driver locates stick -> slip on
 * it): the step's linear trial force against the limit, |c + k_t d| - mu N
 * (header), > 0 exactly when the step slides. At y = 0.5 (elastic branch,
 * eq. 97: k_t = 5 G* a (1 - x)^(1/4), x = (F + mu Delta N)/(mu N), mu of
 * eq. 95 at y = 0.5), evaluated here from the text: a first step from
 * F = 0 (k_t = 5 G* a), then from F0 = 0.6 mu N steps both sides of the
 * limit; then N falls to half with F0 carried (x = (F0 + mu Delta N)/(mu N')
 * = 0.2): outwards the carried force plus the step exceed mu N' (> 0,
 * sliding), inwards the force leaves the capped value by 8 G* a d (eq. 105;
 * a unchanged, so no rescale): margin 8 G* a d < 0, sticking. Closed forms
 * of the linear step: 1e-12 of mu N (round-off). */
START_TEST(slip_margin_linear_trial)
{
    cwb_case *c = test_load(CASE, SPLIT, 1);
    double dy = 2e-8, fn = 0.01, y = 0.5, gs = g_star();
    double mu = fmin(1.0, 0.36 / tanh(0.79 * pow(y, 0.44))), lim = mu * fn;
    probe q;
    probe_init(&q, c, dy, y, y, fn);
    probe_step(&q, 0.0);
    double a = q.nrm.radius, k0 = 5 * gs * a;
    unsigned char start[CWB_MAX_STATE];
    memcpy(start, q.state, sizeof start);
    static const double s0[] = {0.3, 0.999, 1.001, 1.5};
    for (int i = 0; i < 4; i++) {
        memcpy(q.state, start, sizeof start);
        cwb_tangential_out o = probe_step(&q, s0[i] * lim / k0);
        ck_assert_msg(fabs(o.slip_margin - (s0[i] - 1.0) * lim) <= 1e-12 * lim,
                      "first step to %g mu N: margin %g, expected %g", s0[i], o.slip_margin,
                      (s0[i] - 1.0) * lim);
        ck_assert_int_eq(o.sliding, s0[i] > 1.0);
    }
    memcpy(q.state, start, sizeof start);
    probe_step(&q, 0.6 * lim / k0); /* F0 = 0.6 mu N */
    memcpy(start, q.state, sizeof start);
    double k1 = k0 * pow(0.4, 0.25);
    static const double s1[] = {0.1, 0.399, 0.401, 1.0};
    for (int i = 0; i < 4; i++) {
        memcpy(q.state, start, sizeof start);
        cwb_tangential_out o = probe_step(&q, s1[i] * lim / k1);
        double want = (0.6 + s1[i]) * lim - lim;
        ck_assert_msg(fabs(o.slip_margin - want) <= 1e-12 * lim,
                      "from 0.6 mu N by %g mu N: margin %g, expected %g", s1[i], o.slip_margin,
                      want);
        ck_assert_int_eq(o.sliding, want > 0.0);
    }
    /* N falls to 0.5 fn: the cap 0.5 mu fn falls below F0 = 0.6 mu fn */
    q.nrm.force = 0.5 * fn;
    double lim2 = mu * q.nrm.force;
    double x = (0.6 * lim - mu * 0.5 * fn) / lim2; /* = 0.2 */
    double k2 = k0 * pow(1.0 - x, 0.25), d = 1e-3 * lim / k0;
    memcpy(q.state, start, sizeof start);
    cwb_tangential_out o = probe_step(&q, d);
    ck_assert_msg(fabs(o.slip_margin - (0.6 * lim + k2 * d - lim2)) <= 1e-12 * lim,
                  "outwards under a fallen cap: margin %g, expected %g", o.slip_margin,
                  0.6 * lim + k2 * d - lim2);
    ck_assert(o.sliding && o.slip_margin > 0.0);
    memcpy(q.state, start, sizeof start);
    o = probe_step(&q, -d);
    ck_assert_msg(fabs(o.slip_margin - (-8 * gs * a * d)) <= 1e-12 * lim,
                  "inwards under a fallen cap: margin %g, expected %g", o.slip_margin,
                  -8 * gs * a * d);
    ck_assert(!o.sliding);
    free(c);
}
END_TEST

/* Given mu (sec. 5.9): prefactor 3 G* a (x1 = 0 for mu <= 0.356, so k_t =
 * 3 G* a b1 at x = 0 with b1 = 1), and y held at y_cons = 18.75 (1 - mu)
 * (eq. 110): k_t at y = 30 equals k_t at y = 15 for mu = 0.2. */
START_TEST(given_friction_section_5_9)
{
    const char *over[] = {"tangential.friction=given", "tangential.mu=0.2",
                          "tangential.integration=split"};
    cwb_case *c = test_load(CASE, over, 3);
    double dy = 2e-8, fn = 0.01, gs = g_star(), k[2];
    static const double ys[] = {15.0, 30.0};
    for (int i = 0; i < 2; i++) {
        probe q;
        probe_init(&q, c, dy, ys[i], ys[i], fn);
        probe_step(&q, 0.0);
        double k0 = 3 * gs * q.nrm.radius;
        cwb_tangential_out o = probe_step(&q, 0.3 * 0.2 * fn / k0); /* to x = 0.3 */
        ck_assert_rel(o.stiffness, k0, 1e-14);
        o = probe_step(&q, 1e-14);
        k[i] = o.stiffness / (3 * gs * q.nrm.radius);
        ck_assert(o.force.x <= 0.2 * fn);
    }
    ck_assert_rel(k[1], k[0], 1e-12);
    /* y = 15 by hand: a1 = 0.9 coth(0.24 * 15^1.4) = 0.9000, x = 0.3:
     * k_t/(3 G* a) = 1 - 0.9 * 0.3 = 0.73 */
    ck_assert_rel(k[0], 0.73, 1e-6);
    free(c);
}
END_TEST

/* Elastic limit (delta < delta_y, fixed N, prefactor = fixed_normal, 8 G* a):
 * the law starts at Mindlin's no-slip stiffness 8 G* a (Mindlin 1949;
 * Johnson sec. 7.2), unloads at 8 G* a (the initial slope of Mindlin &
 * Deresiewicz 1953's unloading curve), slides at mu N, and follows its own
 * closed form F = mu N [1 - (1 - (3/4) 8 G* a d/(mu N))^(4/3)] (exact
 * integral of eq. 82 with x1 = 1) to first order in the step; it is NOT
 * Mindlin's mu N [1 - (1 - 16 G* a d/(3 mu N))^(3/2)]: the two differ by
 * 4.33 % of mu N at most (the closed forms, maximised by hand on a 1e5-point
 * grid), which the run must show within its discretisation error. */
START_TEST(elastic_limit_against_mindlin)
{
    double delta = 1e-8, gs = g_star(), es = E_T6 / (1 - NU_T6 * NU_T6);
    double n = 4.0 / 3.0 * es * sqrt(R_T6) * pow(delta, 1.5), a = sqrt(R_T6 * delta);
    /* delta_y = R* (pi Ay sigma_y / (2 E*))^2 (seed 004 eq. 8) with Ay[0.3] =
     * 1.6128 (appendix A; Rathbone et al. 2015): 2.013e-8 m, y = 0.497 */
    double q = M_PI * 1.6128 * 160e6 / (2 * es), dy = R_T6 * q * q;
    double mu = 0.36 / tanh(0.79 * pow(delta / dy, 0.44));
    double err[2];
    for (int refine = 0; refine < 2; refine++) {
        char steps[64];
        snprintf(steps, sizeof steps, "driver.steps=%d", refine ? 8000 : 4000);
        const char *over[] = {"tangential.prefactor=fixed_normal", "driver.normal=1e-8,1e-8,1e-8",
                              "driver.tangential=0,2.4e-8,1.4e-8", steps,
                              "tangential.integration=split"};
        cwb_result r;
        test_run(CASE, over, 5, &r);
        size_t s0 = refine ? 8000 : 4000;
        ck_assert_rel(test_col(&r, "F_n", s0), n, 1e-12); /* Hertz */
        ck_assert_rel(test_col(&r, "a", s0), a, 1e-13);
        ck_assert(test_col(&r, "sliding", 2 * s0) == 1.0);
        ck_assert_rel(test_col(&r, "F_t", 2 * s0), mu * n, 1e-4); /* Ay to 5 digits */
        ck_assert_rel(test_col(&r, "k_t", s0 + 1), 8 * gs * a, 1e-13);
        ck_assert_rel(test_col(&r, "k_t", 2 * s0 + 1), 8 * gs * a, 1e-13); /* unloading */
        double worst = 0.0, dev = 0.0, mn = mu * n;
        for (size_t row = s0 + 1; row <= 2 * s0; row++) {
            double s = 8 * gs * a * test_col(&r, "xi_t", row) / mn;
            double law = mn * (1 - pow(fmax(0.0, 1 - 0.75 * s), 4.0 / 3.0));
            double mindlin = mn * (1 - pow(fmax(0.0, 1 - 2.0 * s / 3.0), 1.5));
            worst = fmax(worst, fabs(test_col(&r, "F_t", row) - law) / mn);
            dev = fmax(dev, (test_col(&r, "F_t", row) - mindlin) / mn);
        }
        err[refine] = worst;
        ck_assert_msg(fabs(dev - 0.0433) < 2 * worst + 1e-4, "deviation from Mindlin %g", dev);
        cwb_result_free(&r);
    }
    /* first order: halving the step halves the error (to 20 %) */
    ck_assert_msg(err[0] < 2e-3 && fabs(err[1] / err[0] - 0.5) < 0.1, "errors %g, %g", err[0],
                  err[1]);
    /* integration = path integrates the same ODE along each step: the
     * closed form holds to the law's refinement tolerance, 1e-12 mu N per
     * substep (1e-9 over the 4000 steps; measured 4.7e-13, the split's
     * err[0] above about 1e-3). mu N
     * is read as the run's sliding force (checked above against eq. 95 to
     * 1e-4, the digits of Ay; the closed form's shape is what is tested) */
    const char *over[] = {"tangential.prefactor=fixed_normal", "driver.normal=1e-8,1e-8,1e-8",
                          "driver.tangential=0,2.4e-8,1.4e-8", "driver.steps=4000",
                          "tangential.integration=path"};
    cwb_result r;
    test_run(CASE, over, 5, &r);
    ck_assert(test_col(&r, "sliding", 8000) == 1.0);
    double worst = 0.0, mn = test_col(&r, "F_t", 8000);
    ck_assert_rel(mn, mu * n, 1e-4);
    for (size_t row = 4001; row <= 8000; row++) {
        double s = 8 * gs * a * test_col(&r, "xi_t", row) / mn;
        double law = mn * (1 - pow(fmax(0.0, 1 - 0.75 * s), 4.0 / 3.0));
        worst = fmax(worst, fabs(test_col(&r, "F_t", row) - law) / mn);
    }
    ck_assert_msg(worst < 1e-9, "path: worst deviation from the closed form %g mu N", worst);
    cwb_result_free(&r);
}
END_TEST

/* Numerical Recipes' 32-bit LCG: the same histories on every machine. */
static double uniform(unsigned long *s)
{
    *s = (1664525UL * *s + 1013904223UL) & 0xffffffffUL;
    return (double)*s / 4294967296.0;
}

static void random_list(char *buf, size_t n, const char *key, double lo, double hi,
                        unsigned long *seed)
{
    size_t used = (size_t)snprintf(buf, n, "driver.%s=", key);
    for (int i = 0; i < 12 && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%.6g", i ? "," : "",
                                 lo + (hi - lo) * uniform(seed));
}

/* Random cycles of overlap (0 to about 15 delta_y) and tangential
 * displacement together, for the three friction/reloading variants, each
 * integrated along the step's path and by the published rule: the
 * slip dissipation never falls (a sum of terms >= 0), |F_t| <= mu F_n
 * (mu <= mu_max = 1, or the given 0.2) on every row, and the account
 * W_t = Delta E_t + D_slip + E_stiff closes to round-off. */
START_TEST(energy_random_cycles)
{
    static const char *variant[][2] = {{"tangential.friction=plastic", "tangential.mu_max=1"},
                                       {"tangential.friction=given", "tangential.mu=0.2"},
                                       {"tangential.reloading=literal", "tangential.mu_max=1"}};
    static const double mu_bound[] = {1.0, 0.2, 1.0};
    static const char *const integration[] = {"tangential.integration=path",
                                              "tangential.integration=split"};
    unsigned long seed = 2016;
    for (int w = 0; w < 6; w++) {
        int v = w % 3;
        for (int h = 0; h < 6; h++) {
            char nl[512], tl[512];
            random_list(nl, sizeof nl, "normal", 0.0, 3e-7, &seed);
            random_list(tl, sizeof tl, "tangential", -3e-7, 3e-7, &seed);
            const char *over[] = {variant[v][0],     variant[v][1],     nl, tl,
                                  "driver.steps=25", integration[w / 3]};
            cwb_result r;
            test_run(CASE, over, 6, &r);
            for (size_t row = 1; row < r.series.nrow; row++) {
                double fn = test_col(&r, "F_n", row), ft = fabs(test_col(&r, "F_t", row));
                ck_assert_msg(ft <= mu_bound[v] * fn * (1 + 1e-12), "row %zu: |F_t| %g > %g F_n %g",
                              row, ft, mu_bound[v], fn);
                ck_assert(test_col(&r, "D_slip", row) >= test_col(&r, "D_slip", row - 1));
            }
            ck_assert(cwb_result_get(&r, "energy_dissipated_slip") >= 0.0);
            double err = cwb_result_get(&r, "energy_balance_error");
            ck_assert_msg(fabs(err) < 1e-12, "variant %d history %d: account off by %g", v, h, err);
            cwb_result_free(&r);
        }
    }
}
END_TEST

/* Oblique collision (Model D style, Table 6 sphere on a flat at 1 m/s,
 * 30 deg): the collision driver's energy account closes, the slip
 * dissipation is >= 0 and plasticity dissipates (normal loop > 0), |F_t|
 * <= F_n (mu_max = 1) on every row, and the sphere rebounds. */
START_TEST(oblique_collision_energy)
{
    /* the history keys do not belong to a collision: a file of its own */
    char path[] = "/tmp/cwb-oblique-XXXXXX";
    int fd = mkstemp(path);
    ck_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "[contact]\nnormal = rathbone\ntangential = rathbone_tangential\n"
               "[normal]\nsigma_y = 160e6\n[body1]\nshape = sphere\nradius = 1e-4\n"
               "E = 2.6e10\nnu = 0.3\ndensity = 7850\n[body2]\nshape = wall\n"
               "[driver]\ntype = collision\nimpact_speed = 1\nimpact_angle_deg = 30\n");
    fclose(f);
    cwb_result r;
    test_run(path, NULL, 0, &r);
    remove(path);
    ck_assert(fabs(cwb_result_get(&r, "energy_balance_error")) < 1e-9);
    ck_assert(cwb_result_get(&r, "energy_dissipated_slip") >= 0.0);
    ck_assert(cwb_result_get(&r, "energy_dissipated_normal") > 0.0);
    double e = cwb_result_get(&r, "restitution_normal");
    ck_assert_msg(e > 0.0 && e < 1.0, "e_n = %g", e);
    for (size_t row = 0; row < r.series.nrow; row++) {
        double fn = test_col(&r, "F_n", row);
        ck_assert(fabs(test_col(&r, "F_t", row)) <= fn * (1 + 1e-12));
        /* the collision's radius column is the normal law's: > 0 with force */
        if (fn > 0.0)
            ck_assert(test_col(&r, "a", row) > 0.0);
    }
    /* the D_slip column sums what energy_dissipated_slip reports */
    ck_assert_rel(test_col(&r, "D_slip", r.series.nrow - 1),
                  cwb_result_get(&r, "energy_dissipated_slip"), 1e-12);
    /* The W_t column, the tangential force's work on the contact point's
     * motion (int F_t . v_t dt, the area under F_t(xi_t) of the thesis'
     * Fig. 53), is what the tangential and rotational kinetic energy lost:
     * on a wall, (1/2) m (v_t0^2 - v_t'^2) - (1/2) (2/5) m R^2 omega'^2 with
     * v_t0 = 1 m/s sin 30 deg (rigid-body impulse balance). Both come
     * from one RK4 solution whose stages update the work and the velocities
     * with the same forces; the kinetic energy, quadratic in the velocities,
     * carries RK4's error (1.3e-11 of the work here): 1e-9. */
    double m = 4.0 / 3.0 * M_PI * 1e-12 * 7850, vt0 = sin(M_PI / 6), vt1, w1, lost;
    vt1 = cwb_result_get(&r, "u_tangential_after");
    w1 = cwb_result_get(&r, "omega1_after") * 1e-4;
    lost = 0.5 * m * (vt0 * vt0 - vt1 * vt1) - 0.5 * 0.4 * m * w1 * w1;
    ck_assert_rel(test_col(&r, "W_t", r.series.nrow - 1), lost, 1e-9);
    cwb_result_free(&r);
}
END_TEST

/* Bad input: every new key out of range, a pairing that cannot work: exit
 * status 2 and "FILE:LINE: [section] key" (line 0: the message only). */
static const char bad_base[] = "[contact]\n"
                               "normal = rathbone\n"
                               "tangential = rathbone_tangential\n"
                               "[normal]\n"
                               "sigma_y = 160e6\n"
                               "[tangential]\n"
                               "friction = plastic\n"
                               "[body1]\n"
                               "shape = sphere\nradius = 1e-4\nE = 2.6e10\nnu = 0.3\n"
                               "density = 7850\n"
                               "[body2]\nshape = wall\n"
                               "[driver]\ntype = history\nnormal = 1e-7\ntangential = 1e-7\n";

static const struct {
    const char *find, *replace, *expect;
    int line;
} bad_rows[] = {
    {"friction = plastic", "friction = elastic", "friction = 'elastic'", 7},
    {"friction = plastic", "friction = given\nmu = 0.5", "mu = 0.5", 8},
    {"friction = plastic", "friction = given\nmu = -0.1", "mu = -0.1", 8},
    {"friction = plastic", "friction = given\nmu = 0", "mu = 0", 8},
    {"friction = plastic", "mu_max = 0.2", "mu_max = 0.2", 7},
    {"friction = plastic", "mu_max = 11", "mu_max = 11", 7},
    {"friction = plastic", "prefactor = sideways", "prefactor = 'sideways'", 7},
    {"friction = plastic", "reloading = G", "reloading = 'G'", 7},
    {"friction = plastic", "integration = exact", "integration = 'exact'", 7},
    {"friction = plastic", "friction = given", "friction = given needs mu", 3},
    {"friction = plastic", "mu = 0.2",
     "mu = 0.2 [-] is read only with friction = given (friction = plastic here)", 7},
    {"friction = plastic", "friction = given\nmu = 0.2\nprefactor = fixed_normal",
     "prefactor = fixed_normal is read only with friction = plastic (friction = given here)", 9},
    {"normal = rathbone\ntangential = rathbone_tangential\n[normal]\nsigma_y = 160e6",
     "normal = hertz\ntangential = rathbone_tangential",
     "calibrated on the 'rathbone rathbone2015'", 3},
    {"normal = rathbone", "normal = thornton", "not on 'thornton'", 3},
};

START_TEST(bad_input_exits_2)
{
    char dir[] = "/tmp/cwb-tplastic-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256], out[256], errfile[300], err[4096] = "";
    snprintf(path, sizeof path, "%s/bad.case", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(errfile, sizeof errfile, "%s/err", dir);
    const char *at = strstr(bad_base, bad_rows[_i].find);
    ck_assert(at != NULL);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "%.*s%s%s", (int)(at - bad_base), bad_base, bad_rows[_i].replace,
            at + strlen(bad_rows[_i].find));
    fclose(f);
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    char *argv[] = {(char *)bin, "run", path, "--no-plot", "--out", out, NULL};
    int rc = cwb_spawn(argv, NULL, errfile);
    f = fopen(errfile, "r");
    ck_assert_ptr_nonnull(f);
    err[fread(err, 1, sizeof err - 1, f)] = '\0';
    fclose(f);
    ck_assert_msg(rc == 2, "row %d: exit %d, expected 2 (%s)", _i, rc, err);
    ck_assert_msg(strstr(err, bad_rows[_i].expect), "row %d: '%s' not in %s", _i,
                  bad_rows[_i].expect, err);
    char where[300];
    snprintf(where, sizeof where, "cwb: %s:%d: ", path, bad_rows[_i].line);
    ck_assert_msg(strncmp(err, where, strlen(where)) == 0, "row %d: expected '%s', got %s", _i,
                  where, err);
    struct stat st;
    ck_assert_msg(stat(out, &st) != 0, "row %d: output written despite bad input", _i);
    remove(path);
    remove(errfile);
    rmdir(dir);
}
END_TEST

/* integration = path (the default; the law's header, "The law as an ODE"):
 * one large step of the law against its ODE solved here by GSL's rk8pd to
 * 1e-14, on the straight path of the history driver (dt = 0): delta linear
 * in the displacement x from delta0 to delta1, N linear in delta (the
 * step's normal stiffness is the secant, so the Hermite N of the path is
 * that line), a from eq. 74 (loading radius; every row stays above the
 * turning point of eq. 76), mu(y_m) of eq. 95 on the largest overlap so far
 * and k_t of eqs. 97-104 written here from the text:
 *   loading    dT/dx = 5 G* a phi(T/(mu N), delta/delta_y, mu),
 *   unloading  d(T/a)/dx = 8 G* (N falling: eq. 105 with a_n/a_(n-1)),
 *   reloading  dT/dx = 9.28 G* a until T = T*, the force at the reversal,
 *              then loading (eq. 106; the law header's reading),
 * stopped at |T| = mu N (then T = mu N to the end, sliding). The committed
 * force T0 comes from steps at delta0 (a zero step, then loading at fixed N
 * over xa: the same ODE at fixed delta, solved here too; for row 2 an
 * unloading step, exact: T0 - 8 G* a0 xu). Rows:
 *   0  N rising (y 3 -> 3.6, mu falling with y_m), k_t across x1 and x2;
 *   1  N falling (y 3 -> 2.8) on unloading: T1 = a1 (T0/a0 + 8 G* X);
 *   2  N rising, reloading from below T* past it: the switch back to
 *      loading located inside the step;
 *   3  N falling on loading (y 3 -> 2.5, mu fixed at mu(3)) until the
 *      force meets mu N, where it stays (the law slides).
 * Tolerance 1e-10 mu N0: the law refines its substeps to 1e-12 mu N and
 * locates T = T* to 1e-13 of the step; measured 1.1e-12, 6.0e-13, 4.7e-13
 * and 0 (the limit) of mu N0. The published rule (integration = split)
 * errs by 5.2e-3 (T0 of row 0) to 1.1e-1 (row 0's step) of mu N0 on the
 * same steps. */
typedef struct {
    double gs, dy, kn, N0, d0, d1, X, dmax0, mu_given;
    int mode;     /* 0 loading, 2 reloading */
    double tstar; /* T* */
    int stop_cap; /* 1: stop at |T| = mu N */
} rt_ode_ref;

static double rt_mu_text(double ym)
{
    return fmin(1.0, 0.36 / tanh(0.79 * pow(ym, 0.44)));
}

static double rt_ref_delta(const rt_ode_ref *c, double x)
{
    return c->X != 0.0 ? c->d0 + (c->d1 - c->d0) * x / c->X : c->d0;
}

static int rt_ode_rhs(double x, const double y[], double dydx[], void *params)
{
    const rt_ode_ref *c = params;
    double d = rt_ref_delta(c, x), a = sqrt(a2_eq74(c->dy, d));
    if (c->mode == 2) {
        dydx[0] = 9.28 * c->gs * a;
        return GSL_SUCCESS;
    }
    double mu = rt_mu_text(fmax(c->dmax0, d) / c->dy), N = c->N0 + c->kn * (d - c->d0);
    dydx[0] = 5.0 * c->gs * a * test_rathbone_bracket(y[0] / (mu * N), d / c->dy, mu, 7.0);
    return GSL_SUCCESS;
}

/* T at x1 from T at x0 (rk8pd to 1e-14; stopped at |T| = mu N if asked,
 * in 4000 pieces, *capped set). */
static double rt_ode_solve(rt_ode_ref *c, double x0, double T, double x1, int *capped)
{
    gsl_odeiv2_system sys = {rt_ode_rhs, NULL, 1, c};
    double h = (x1 - x0) / 1000;
    gsl_odeiv2_driver *drv = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd,
                                                           h != 0.0 ? h : 1e-20, 1e-14, 1e-14);
    double x = x0, y[1] = {T};
    int n = 4000;
    *capped = 0;
    for (int j = 1; j <= n && !*capped; j++) {
        double xn = x0 + (x1 - x0) * j / n, d = rt_ref_delta(c, xn);
        ck_assert_int_eq(gsl_odeiv2_driver_apply(drv, &x, xn, y), GSL_SUCCESS);
        double mN = rt_mu_text(fmax(c->dmax0, d) / c->dy) * (c->N0 + c->kn * (d - c->d0));
        *capped = c->stop_cap && fabs(y[0]) >= mN;
    }
    gsl_odeiv2_driver_free(drv);
    return y[0];
}

START_TEST(rathbone_path_ode)
{
    const char *over[] = {"tangential.integration=path"};
    cwb_case *c = test_load(CASE, over, 1);
    const cwb_tangential_type *law = CWB_AS_TANGENTIAL(c->law[CWB_KIND_TANGENTIAL]);
    const double *p = c->law_values[CWB_KIND_TANGENTIAL].p;
    double dy = 2e-8, gs = g_star(), fn0 = 0.01, d0 = 3 * dy;
    static const struct {
        double y1; /* end overlap / delta_y */
        double xa; /* loading at fixed N0 [mu N0 / (5 G* a0)] */
        double xu; /* then unloading at fixed N0 [mu N0 / (8 G* a0)] */
        double X;  /* the step [mu N0 / (5 G* a0)] */
    } rows[] = {{3.6, 0.2, 0, 0.9},
                {2.8, 0.5, 0, -0.3 * 5 / 8.0},
                {3.6, 0.5, 0.1, 0.6},
                {2.5, 0.6, 0, 1.0}};
    for (int i = 0; i < 4; i++) {
        double d1 = rows[i].y1 * dy, a0 = sqrt(a2_eq74(dy, d0)), a1 = sqrt(a2_eq74(dy, d1));
        double kn = 4.0 * fn0 / d0; /* N linear in delta through N0 at d0 */
        double N1 = fn0 + kn * (d1 - d0), mu0 = rt_mu_text(3.0), scale = mu0 * fn0 / (5 * gs * a0);
        CWB_STATE_ALIGN unsigned char state[CWB_MAX_STATE] = {0}, trial[CWB_MAX_STATE];
        cwb_normal_out nrm = {.force = fn0,
                              .stiffness = kn,
                              .delta_yield = dy,
                              .delta_max = d0,
                              .radius = cwb_rathbone_radius(&c->pair, dy, d0, d0, 0)};
        ck_assert_rel(nrm.radius, a0, 1e-13);
        cwb_kin k = {.delta = d0, .delta0 = d0, .normal = {0, 0, 1}};
        cwb_tangential_out o;
        ck_assert_int_eq(law->step(p, &c->pair, state, &k, &nrm, &o, trial), CWB_OK);
        memcpy(state, trial, sizeof state);
        /* loading at fixed N0 over xa, against the ODE at fixed delta0 */
        rt_ode_ref r = {.gs = gs,
                        .dy = dy,
                        .kn = kn,
                        .N0 = fn0,
                        .d0 = d0,
                        .d1 = d0,
                        .X = rows[i].xa * scale,
                        .dmax0 = d0};
        int capped;
        k.dxi_t = cwb_v3(rows[i].xa * scale, 0, 0);
        ck_assert_int_eq(law->step(p, &c->pair, state, &k, &nrm, &o, trial), CWB_OK);
        memcpy(state, trial, sizeof state);
        double T0 = rt_ode_solve(&r, 0.0, 0.0, r.X, &capped), tstar = T0;
        ck_assert_msg(fabs(o.force.x - T0) <= 1e-10 * mu0 * fn0, "row %d: T0 %.15g, %.15g", i,
                      o.force.x, T0);
        if (rows[i].xu > 0.0) { /* unloading at fixed N0: exact, 8 G* a0 */
            double xu = rows[i].xu * mu0 * fn0 / (8 * gs * a0);
            k.dxi_t = cwb_v3(-xu, 0, 0);
            ck_assert_int_eq(law->step(p, &c->pair, state, &k, &nrm, &o, trial), CWB_OK);
            memcpy(state, trial, sizeof state);
            T0 -= 8 * gs * a0 * xu;
            ck_assert_msg(fabs(o.force.x - T0) <= 1e-12 * mu0 * fn0,
                          "row %d: unloaded %.15g, %.15g", i, o.force.x, T0);
        }
        /* the step */
        double X = rows[i].X * scale;
        nrm = (cwb_normal_out){.force = N1,
                               .stiffness = kn,
                               .delta_yield = dy,
                               .delta_max = fmax(d0, d1),
                               .radius = cwb_rathbone_radius(&c->pair, dy, d1, fmax(d0, d1), 0)};
        ck_assert_rel(nrm.radius, a1, 1e-13);
        k = (cwb_kin){.delta = d1, .delta0 = d0, .normal = {0, 0, 1}, .dxi_t = {X, 0, 0}};
        ck_assert_int_eq(law->step(p, &c->pair, state, &k, &nrm, &o, trial), CWB_OK);
        r = (rt_ode_ref){.gs = gs,
                         .dy = dy,
                         .kn = kn,
                         .N0 = fn0,
                         .d0 = d0,
                         .d1 = d1,
                         .X = X,
                         .dmax0 = d0,
                         .stop_cap = 1};
        double want;
        capped = 0;
        if (i == 1) {
            want = a1 * (T0 / a0 + 8 * gs * X);
        } else if (i == 2) {
            /* reloading until T = T* (secant on the reloading ODE), then loading */
            r.mode = 2;
            double lo = 0.0, hi = X;
            for (int it = 0; it < 200 && hi - lo > 1e-15 * X; it++) {
                double mid = 0.5 * (lo + hi);
                if (rt_ode_solve(&r, 0.0, T0, mid, &capped) >= tstar)
                    hi = mid;
                else
                    lo = mid;
            }
            r.mode = 0;
            want = rt_ode_solve(&r, hi, tstar, X, &capped);
        } else {
            want = rt_ode_solve(&r, 0.0, T0, X, &capped);
        }
        double mN1 = rt_mu_text(fmax(d0, d1) / dy) * N1;
        if (capped)
            want = copysign(mN1, want);
        ck_assert_msg(fabs(o.force.x - want) <= 1e-10 * mu0 * fn0,
                      "row %d: T1 %.15g, reference %.15g (capped %d; error %.3g mu N0)", i,
                      o.force.x, want, capped, fabs(o.force.x - want) / (mu0 * fn0));
        ck_assert_int_eq(o.sliding, capped);
        ck_assert_int_eq(capped, i == 3);
        ck_assert(o.slip >= 0.0);
    }
    free(c);
}
END_TEST

Suite *tangential_plastic_suite(void)
{
    Suite *s = suite_create("tangential_plastic");
    TCase *tc = test_tcase("tangential_plastic", 120);
    tcase_add_test(tc, contact_radius_section_5_4);
    tcase_add_test(tc, contact_radius_in_history_output);
    tcase_add_test(tc, normal_response_history_fields);
    tcase_add_test(tc, friction_coefficient_eq_95);
    tcase_add_test(tc, loading_stiffness_branches);
    tcase_add_test(tc, loading_stiffness_zero_crossing);
    tcase_add_test(tc, loading_stall_below_mu_n);
    tcase_add_test(tc, unloading_reloading_branches);
    tcase_add_test(tc, reloading_energy_split);
    tcase_add_test(tc, slip_margin_linear_trial);
    tcase_add_test(tc, given_friction_section_5_9);
    tcase_add_test(tc, elastic_limit_against_mindlin);
    tcase_add_test(tc, energy_random_cycles);
    tcase_add_test(tc, oblique_collision_energy);
    tcase_add_test(tc, rathbone_path_ode);
    tcase_add_loop_test(tc, bad_input_exits_2, 0, (int)(sizeof bad_rows / sizeof *bad_rows));
    suite_add_tcase(s, tc);
    return s;
}
