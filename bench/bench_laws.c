/* bench_laws.c -- what the law contract costs, measured in one run.
 *
 * 1. Force evaluations per second of every registered law called through
 *    the registry and the contract (type struct, committed/trial state),
 *    and of the whole composite contact (four laws), beside a straight-line
 *    loop written here that computes the same force with no abstraction.
 * 2. Whole Hertz collisions per second (cwb's collision driver, fixed dt)
 *    beside a straight-line RK4 loop of the same impact in 1D.
 * 3. --goals: the per-collision goals (Hertz, Hertz + Tsuji, Hertz-Mindlin
 *    at 1e-4 and 1e-6), each ratio with its spread over interleaved rounds.
 * 4. --verlet: integrator = verlet against RK4 at the step each accuracy
 *    needs (bench/bench_verlet.sh).
 * Ratios > 1 mean cwb is slower. Timing only: never part of `make check`.
 *
 * Every loop, cwb's and the straight one, feeds each evaluation's result
 * into the next input (d + 1e-300 s): a single contact is evaluated
 * sequentially (each RK4 stage needs the previous force), so a baseline
 * that the compiler vectorises across independent inputs would measure
 * something no integrator of one contact can use.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_errno.h>

#include "cwb_contact.h"
#include "cwb_out.h"

/* CPU seconds of this (single-threaded) process: on a shared machine the
 * wall clock also counts the time other jobs hold the core, which inflated
 * the straight loop's time (the floor) by 2x at load average 7. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static volatile double sink;

/* Straight-line kernels: the same outputs as the laws (force, stiffness,
 * contact radius, stored energy; for the tangential spring the plane
 * rotation of the stored force, the Coulomb cap, energy and slip), written
 * inline with no types, tables or function pointers. */
typedef struct {
    double force, stiffness, radius, energy, work;
} normal_result;

static double straight_hertz(double E_star, double R_star, const double *d, size_t n)
{
    double sr = sqrt(R_star), k = 4.0 / 3.0 * E_star * sr, s = 0.0, x0 = 0.0;
    for (size_t i = 0; i < n; i++) {
        normal_result o = {0, 0, 0, 0, 0};
        double x = d[i] + 1e-300 * s;
        double e0 = x0 > 0.0 ? 0.4 * k * x0 * x0 * sqrt(x0) : 0.0;
        if (x > 0.0) {
            double sd = sqrt(x);
            o.force = k * x * sd;
            o.stiffness = 1.5 * k * sd;
            o.radius = sr * sd;
            o.energy = 0.4 * k * x * x * sd;
        }
        o.work = o.energy - e0;
        x0 = x;
        s += o.force + o.stiffness + o.radius + o.energy + o.work;
    }
    return s;
}

static double straight_linear(double kn, double R_star, const double *d, size_t n)
{
    double s = 0.0, x0 = 0.0;
    for (size_t i = 0; i < n; i++) {
        normal_result o = {0, 0, 0, 0, 0};
        double x = d[i] + 1e-300 * s;
        double e0 = x0 > 0.0 ? 0.5 * kn * x0 * x0 : 0.0;
        if (x > 0.0) {
            o.force = kn * x;
            o.stiffness = kn;
            o.radius = sqrt(R_star * x);
            o.energy = 0.5 * kn * x * x;
        }
        o.work = o.energy - e0;
        x0 = x;
        s += o.force + o.stiffness + o.radius + o.energy + o.work;
    }
    return s;
}

static double straight_tangential(double kt, double mu, double fn, const double *d, size_t n)
{
    double f[3] = {0, 0, 0}, nrm[3] = {0, 0, 1}, s = 0.0, kt_prev = 0.0;
    for (size_t i = 0; i < n; i++) {
        double e0 = kt_prev > 0.0 ? 0.5 * (f[0] * f[0] + f[1] * f[1] + f[2] * f[2]) / kt_prev : 0.0;
        /* carry the stored force into the current plane (seed 001) */
        double dn = f[0] * nrm[0] + f[1] * nrm[1] + f[2] * nrm[2];
        double before = f[0] * f[0] + f[1] * f[1] + f[2] * f[2];
        double g[3] = {f[0], f[1], f[2]};
        if (dn * dn > 1e-30 * before) {
            for (int j = 0; j < 3; j++)
                g[j] = f[j] - dn * nrm[j];
            double after = g[0] * g[0] + g[1] * g[1] + g[2] * g[2];
            double r = sqrt(before / after);
            g[0] *= r;
            g[1] *= r;
            g[2] *= r;
        }
        double x = d[i] + 1e-300 * s;
        double u[3] = {x * 1e-3, -x * 5e-4, 0};
        double un = u[0] * nrm[0] + u[1] * nrm[1] + u[2] * nrm[2];
        double na2 = g[0] * g[0] + g[1] * g[1] + g[2] * g[2], na = sqrt(na2);
        for (int j = 0; j < 3; j++)
            g[j] += kt * (u[j] - un * nrm[j]);
        double ft2 = g[0] * g[0] + g[1] * g[1] + g[2] * g[2], ft = sqrt(ft2), cap = mu * fn;
        double work;
        if (na <= cap) {
            if (ft <= cap) {
                work = 0.5 * (ft2 - na2) / kt;
            } else {
                work = 0.5 * (cap * cap - na2) / kt + cap * (ft - cap) / kt;
                for (int j = 0; j < 3; j++)
                    g[j] *= cap / ft;
            }
        } else if (ft > cap) {
            work = cap * (ft - na) / kt;
            for (int j = 0; j < 3; j++)
                g[j] *= cap / ft;
        } else {
            work = cap * (cap - na) / kt + 0.5 * (ft2 - cap * cap) / kt;
        }
        double energy = 0.5 * (g[0] * g[0] + g[1] * g[1] + g[2] * g[2]) / kt;
        double dissipated = work - (energy - e0);
        f[0] = g[0];
        f[1] = g[1];
        f[2] = g[2];
        kt_prev = kt;
        s += f[0] + energy + work + dissipated;
    }
    return s;
}

static void bench_laws(const cwb_case *c, const double *d, size_t n, int reps)
{
    printf("%-12s %-22s %14s %14s %8s\n", "kind", "law", "evals/s", "straight/s", "ratio");
    for (int kind = 0; kind < CWB_KIND_COUNT; kind++) {
        for (size_t li = 0; li < cwb_law_count((cwb_kind)kind); li++) {
            const cwb_law_head *h = cwb_law_at((cwb_kind)kind, li);
            double p[CWB_MAX_PARAMS] = {0};
            for (size_t j = 0; h->params[j].name; j++)
                p[j] = h->params[j].def;
            if (kind == CWB_KIND_NORMAL && strcmp(h->name, "linear") == 0)
                p[1] = 1e6;
            if (kind == CWB_KIND_TANGENTIAL && strcmp(h->name, "linear") == 0) {
                p[0] = 0.3;
                p[1] = 1;
                p[3] = 1e6;
            }
            unsigned char state[CWB_MAX_STATE] = {0}, trial[CWB_MAX_STATE];
            if (h->init)
                h->init(p, &c->pair, state);
            cwb_kin k = {.normal = {0, 0, 1}};
            cwb_normal_out no = {.force = 10.0, .stiffness = 1e7};
            double s = 0.0, t0 = now();
            for (int r = 0; r < reps; r++)
                for (size_t i = 0; i < n; i++) {
                    k.delta0 = k.delta;
                    k.delta = d[i] + 1e-300 * s;
                    k.dxi_t = cwb_v3(k.delta * 1e-3, -k.delta * 5e-4, 0);
                    if (kind == CWB_KIND_NORMAL) {
                        cwb_normal_out o;
                        CWB_AS_NORMAL(h)->step(p, &c->pair, state, &k, &o, trial);
                        s += o.force + o.stiffness + o.radius + o.energy + o.work;
                    } else if (kind == CWB_KIND_TANGENTIAL) {
                        cwb_tangential_out o;
                        CWB_AS_TANGENTIAL(h)->step(p, &c->pair, state, &k, &no, &o, trial);
                        memcpy(state, trial, h->state_size); /* commit, as drivers do */
                        s += o.force.x + o.energy + o.work + o.dissipated;
                    } else if (kind == CWB_KIND_DAMPING) {
                        cwb_damping_out o;
                        CWB_AS_DAMPING(h)->step(p, &c->pair, state, &k, &no, &o, trial);
                        s += o.force_n;
                    } else {
                        cwb_rolling_out o;
                        CWB_AS_ROLLING(h)->step(p, &c->pair, state, &k, &no, &o, trial);
                        s += o.torque1.x;
                    }
                }
            double t_law = now() - t0;
            sink = s;
            double t_str = NAN;
            t0 = now();
            if (kind == CWB_KIND_NORMAL && strcmp(h->name, "hertz") == 0) {
                for (int r = 0; r < reps; r++)
                    sink = straight_hertz(c->pair.E_star, c->pair.R_star, d, n);
                t_str = now() - t0;
            } else if (kind == CWB_KIND_NORMAL && strcmp(h->name, "linear") == 0) {
                for (int r = 0; r < reps; r++)
                    sink = straight_linear(1e6, c->pair.R_star, d, n);
                t_str = now() - t0;
            } else if (kind == CWB_KIND_TANGENTIAL && strcmp(h->name, "linear") == 0) {
                for (int r = 0; r < reps; r++)
                    sink = straight_tangential(1e6, 0.3, 10.0, d, n);
                t_str = now() - t0;
            }
            double evals = (double)n * reps;
            if (isnan(t_str))
                printf("%-12s %-22s %14.3e %14s %8s\n", cwb_kind_name((cwb_kind)kind), h->name,
                       evals / t_law, "-", "-");
            else
                printf("%-12s %-22s %14.3e %14.3e %8.2f\n", cwb_kind_name((cwb_kind)kind), h->name,
                       evals / t_law, evals / t_str, t_law / t_str);
        }
    }
    /* The composite contact of the case: four laws through cwb_contact. */
    cwb_contact ct;
    cwb_contact_init(&ct, c);
    cwb_kin k = {.normal = {0, 0, 1}};
    cwb_contact_out o;
    cwb_contact_trial trial;
    double s = 0.0, t0 = now();
    for (int r = 0; r < reps; r++)
        for (size_t i = 0; i < n; i++) {
            k.delta0 = k.delta;
            k.delta = d[i] + 1e-300 * s;
            cwb_contact_eval(&ct, &k, &o, &trial);
            s += o.n.force + o.n.stiffness + o.n.radius + o.n.energy + o.n.work;
        }
    double t_ct = now() - t0;
    sink = s;
    t0 = now();
    for (int r = 0; r < reps; r++)
        sink = straight_hertz(c->pair.E_star, c->pair.R_star, d, n);
    double t_str = now() - t0;
    printf("%-12s %-22s %14.3e %14.3e %8.2f\n", "contact", "hertz+none+none+none",
           (double)n * reps / t_ct, (double)n * reps / t_str, t_ct / t_str);
}

/* What a straight-line loop's collision ended with, for its own accuracy
 * (--goals' floor at equal accuracy): the state after separation and the
 * separation time from linear interpolation of the overlap between the last
 * two steps (delta_prev > 0 >= delta_last): a few flops a collision, so the
 * loop's contact time is second order in its step, not quantised to it as
 * steps x dt would be. */
typedef struct {
    double y[21];
    double t_sep;
} loop_end;

/* Straight-line RK4 of the same Hertz impact of two spheres in 3D (both
 * bodies' positions, velocities and spins, 18 unknowns), uniform steps,
 * stopped at the first step with no overlap. Returns the contact time. */
static void hertz_rhs(const double *y, double *dy, double k, double m1, double m2, double r1,
                      double r2)
{
    double d[3] = {y[9] - y[0], y[10] - y[1], y[11] - y[2]};
    double dist = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    double delta = r1 + r2 - dist, f = delta > 0 ? k * delta * sqrt(delta) : 0.0;
    for (int j = 0; j < 3; j++) {
        double fj = f * d[j] / dist; /* force on body 2 */
        dy[j] = y[3 + j];
        dy[3 + j] = -fj / m1;
        dy[6 + j] = 0.0; /* no tangential force: spins stay */
        dy[9 + j] = y[12 + j];
        dy[12 + j] = fj / m2;
        dy[15 + j] = 0.0;
    }
}

static double straight_collision(double m1, double m2, double r, double k, double v, double h,
                                 size_t *steps, loop_end *end)
{
    double y[18] = {0}, k1[18], k2[18], k3[18], k4[18], t[18], tt = 0.0, prev = 0.0;
    y[11] = 2 * r;
    y[5] = 0.5 * v;
    y[14] = -0.5 * v;
    size_t s = 0;
    for (;;) {
        hertz_rhs(y, k1, k, m1, m2, r, r);
        for (int j = 0; j < 18; j++)
            t[j] = y[j] + 0.5 * h * k1[j];
        hertz_rhs(t, k2, k, m1, m2, r, r);
        for (int j = 0; j < 18; j++)
            t[j] = y[j] + 0.5 * h * k2[j];
        hertz_rhs(t, k3, k, m1, m2, r, r);
        for (int j = 0; j < 18; j++)
            t[j] = y[j] + h * k3[j];
        hertz_rhs(t, k4, k, m1, m2, r, r);
        for (int j = 0; j < 18; j++)
            y[j] += h / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
        tt += h;
        s++;
        double dz = y[11] - y[2];
        if (2 * r - dz <= 0.0 && s > 1)
            break;
        prev = 2 * r - dz;
    }
    *steps = s;
    if (end) {
        double last = 2 * r - (y[11] - y[2]);
        memcpy(end->y, y, sizeof y);
        end->t_sep = tt - h + h * prev / (prev - last);
    }
    return tt;
}

/* Seconds per collision of reps runs of case c: the whole run with its
 * rows and reference comparison (full), or the driver's scalars alone. */
/* reps runs of c: in full (full), else the scalars of want (NULL: all). */
static double time_runs(const cwb_case *c, int reps, int full, const cwb_result_want *want,
                        double *steps)
{
    char msg[CWB_MSG];
    double t0 = now();
    for (int r = 0; r < reps; r++) {
        cwb_result res;
        if (full)
            cwb_run_case(c, &res, msg, sizeof msg);
        else
            cwb_run_case_wanted(c, want, &res, msg, sizeof msg);
        *steps = cwb_result_get(&res, "steps");
        cwb_result_free(&res);
    }
    return (now() - t0) / reps;
}

/* The straight-line loop of a Hertz-Mindlin collision, the displacement
 * form (F_t = -k_t xi, k_t = 8 G* a, a = sqrt(R* delta), |F_t| capped at
 * mu F_n in every stage; xi rescaled onto the cap and kept in the tangent
 * plane after each step, as LAMMPS' mindlin does): 3D rigid bodies with
 * spins, y = x1 v1 w1 x2 v2 w2 xi. */
typedef struct {
    double m, I, r, kn, kt, mu;
} hm_bare;

static void hm_rhs(const double *y, double *dy, const hm_bare *b)
{
    double d[3] = {y[9] - y[0], y[10] - y[1], y[11] - y[2]};
    double dist = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), n[3];
    for (int j = 0; j < 3; j++)
        n[j] = d[j] / dist;
    double delta = 2 * b->r - dist, fn = 0.0, ft[3] = {0, 0, 0};
    /* contact-point velocity of 2 relative to 1, the contact point midway
     * between the centres (seed 001): r1c = (dist/2) n, r2c = -(dist/2) n */
    double vr[3], vn = 0.0, vt[3], arm = 0.5 * dist;
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        double c1 = arm * (y[6 + j1] * n[j2] - y[6 + j2] * n[j1]);
        double c2 = -arm * (y[15 + j1] * n[j2] - y[15 + j2] * n[j1]);
        vr[j] = (y[12 + j] + c2) - (y[3 + j] + c1);
        vn += vr[j] * n[j];
    }
    for (int j = 0; j < 3; j++)
        vt[j] = vr[j] - vn * n[j];
    if (delta > 0) {
        double sd = sqrt(delta);
        fn = b->kn * delta * sd;
        double kt = b->kt * sd, mag = 0.0;
        for (int j = 0; j < 3; j++) {
            ft[j] = -kt * y[18 + j]; /* on body 2 */
            mag += ft[j] * ft[j];
        }
        mag = sqrt(mag);
        if (mag > b->mu * fn)
            for (int j = 0; j < 3; j++)
                ft[j] *= b->mu * fn / mag;
    }
    for (int j = 0; j < 3; j++) {
        double f2 = fn * n[j] + ft[j];
        dy[j] = y[3 + j];
        dy[3 + j] = -f2 / b->m;
        dy[9 + j] = y[12 + j];
        dy[12 + j] = f2 / b->m;
        dy[18 + j] = delta > 0 ? vt[j] : 0.0;
    }
    /* torques: body 1 gets arm n x (-F_t), body 2 (-arm n) x F_t: the same */
    for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        double tq = -arm * (n[j1] * ft[j2] - n[j2] * ft[j1]);
        dy[6 + j] = tq / b->I;
        dy[15 + j] = tq / b->I;
    }
}

static double straight_hm_collision(const hm_bare *b, double vn, double vt, double h, size_t *steps,
                                    double *omega, loop_end *end)
{
    double y[21] = {0}, k1[21], k2[21], k3[21], k4[21], t[21], tt = 0.0, prev = 0.0;
    y[11] = 2 * b->r;
    y[5] = 0.5 * vn;
    y[14] = -0.5 * vn;
    y[3] = -0.5 * vt; /* body 2 slides along +x relative to body 1 */
    y[12] = 0.5 * vt;
    size_t s = 0;
    for (;;) {
        hm_rhs(y, k1, b);
        for (int j = 0; j < 21; j++)
            t[j] = y[j] + 0.5 * h * k1[j];
        hm_rhs(t, k2, b);
        for (int j = 0; j < 21; j++)
            t[j] = y[j] + 0.5 * h * k2[j];
        hm_rhs(t, k3, b);
        for (int j = 0; j < 21; j++)
            t[j] = y[j] + h * k3[j];
        hm_rhs(t, k4, b);
        for (int j = 0; j < 21; j++)
            y[j] += h / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
        tt += h;
        s++;
        /* commit: xi into the tangent plane and onto the cap */
        double d[3] = {y[9] - y[0], y[10] - y[1], y[11] - y[2]};
        double dist = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), dn = 0.0, mag = 0.0;
        for (int j = 0; j < 3; j++)
            dn += y[18 + j] * d[j] / dist;
        for (int j = 0; j < 3; j++) {
            y[18 + j] -= dn * d[j] / dist;
            mag += y[18 + j] * y[18 + j];
        }
        double delta = 2 * b->r - dist;
        if (delta <= 0.0 && s > 1) {
            if (end) {
                memcpy(end->y, y, sizeof y);
                end->t_sep = tt - h + h * prev / (prev - delta);
            }
            break;
        }
        prev = delta;
        double sd = sqrt(fmax(delta, 0.0)), cap = b->mu * b->kn * delta * sd;
        mag = sqrt(mag) * b->kt * sd;
        if (mag > cap && mag > 0.0)
            for (int j = 0; j < 3; j++)
                y[18 + j] *= cap / mag;
    }
    *steps = s;
    *omega = y[7];
    return tt;
}

/* In process, the driver alone against its straight-line loop, Hertz-
 * Mindlin (displacement form) at 20 m/s normal, 10 m/s tangential. */
static void bench_hm_collision(const char *path)
{
    char msg[CWB_MSG];
    const char *over[] = {"driver.dt=4e-7", "contact.tangential=mindlin", "tangential.mu=0.35",
                          "tangential.form=displacement", "driver.v_tangential=10"};
    cwb_case *c = cwb_case_new();
    if (cwb_case_load(c, path, over, 5, msg, sizeof msg) != CWB_OK) {
        fprintf(stderr, "%s\n", msg);
        exit(1);
    }
    c->output_values.text[CWB_OUT_REFERENCE][0] = '\0';
    const cwb_body *b1 = &c->pair.body[0];
    hm_bare b = {.m = b1->mass,
                 .I = b1->inertia,
                 .r = b1->radius,
                 .kn = 4.0 / 3.0 * c->pair.E_star * sqrt(c->pair.R_star),
                 .kt = 8.0 * c->pair.G_star * sqrt(c->pair.R_star),
                 .mu = 0.35};
    int reps = 150, rounds = 25;
    double steps = 0, t_cwb = INFINITY, t_str = INFINITY, w_str = 0.0;
    size_t ssteps = 0;
    for (int round = 0; round < rounds; round++) {
        t_cwb = fmin(t_cwb, time_runs(c, reps, 0, NULL, &steps));
        double t0 = now();
        for (int r = 0; r < reps * 4; r++)
            sink = straight_hm_collision(&b, 20.0, 10.0, 4e-7, &ssteps, &w_str, NULL);
        t_str = fmin(t_str, (now() - t0) / (reps * 4));
    }
    cwb_result res;
    cwb_run_case_scalars(c, &res, msg, sizeof msg);
    printf("\nHertz-Mindlin collision (%s with mindlin, form = displacement, mu = 0.35, "
           "10 m/s tangential; dt = 4e-7 s; least of %d interleaved rounds):\n",
           c->name, rounds);
    printf("  cwb collision driver : %10.3e collisions/s (%.0f steps; omega1' %.6g rad/s)\n",
           1.0 / t_cwb, steps, cwb_result_get(&res, "omega1_after"));
    printf("  straight RK4 loop    : %10.3e collisions/s (%zu uniform steps; omega1' %.6g "
           "rad/s)\n",
           1.0 / t_str, ssteps, w_str);
    printf("  ratio per collision  : %.2f;  per step (the floor: steps x bare step): %.2f\n",
           t_cwb / t_str, (t_cwb / steps) / (t_str / (double)ssteps));
    cwb_result_free(&res);
    free(c);
}

static void bench_collisions(const char *path)
{
    char msg[CWB_MSG];
    const char *fixed[] = {"driver.dt=4e-7", "driver.rows=10"};
    cwb_case *c = cwb_case_new();
    if (cwb_case_load(c, path, fixed, 2, msg, sizeof msg) != CWB_OK) {
        fprintf(stderr, "%s\n", msg);
        exit(1);
    }
    /* Interleaved rounds, the least time of each kind: the machine's other
     * jobs only ever add, and they load a large working set more than the
     * straight loop's (a single block of each read 2.6-4.2 in one hour). */
    int reps = 150, rounds = 25;
    double steps = 0, t_full = INFINITY, t_cwb = INFINITY, t_str = INFINITY, t_dist = INFINITY;
    int vn = cwb_param_index(c->driver_values.table, "v_normal");
    double k = 4.0 / 3.0 * c->pair.E_star * sqrt(c->pair.R_star);
    size_t ssteps = 0;
    char ref[sizeof c->output_values.text[CWB_OUT_REFERENCE]];
    memcpy(ref, c->output_values.text[CWB_OUT_REFERENCE], sizeof ref);
    for (int round = 0; round < rounds; round++) {
        memcpy(c->output_values.text[CWB_OUT_REFERENCE], ref, sizeof ref);
        t_full = fmin(t_full, time_runs(c, reps, 1, NULL, &steps));
        /* the collision alone, as a batch or an embedding code runs it: no
         * rows, no comparison with the case's reference curve */
        c->output_values.text[CWB_OUT_REFERENCE][0] = '\0';
        t_cwb = fmin(t_cwb, time_runs(c, reps, 0, NULL, &steps));
        /* distinct closing speeds: nothing carried over from the last run */
        double t0 = now();
        for (int r = 0; r < reps; r++) {
            cwb_result res;
            c->driver_values.p[vn] = 20.0 * (1.0 + 1e-4 * r);
            cwb_run_case_scalars(c, &res, msg, sizeof msg);
            cwb_result_free(&res);
        }
        t_dist = fmin(t_dist, (now() - t0) / reps);
        c->driver_values.p[vn] = 20.0;
        t0 = now();
        for (int r = 0; r < reps * 4; r++)
            sink = straight_collision(c->pair.body[0].mass, c->pair.body[1].mass,
                                      c->pair.body[0].radius, k, 20.0, 4e-7, &ssteps, NULL);
        t_str = fmin(t_str, (now() - t0) / (reps * 4));
    }
    printf("\nHertz collision (%s, dt = 4e-7 s = t_c/100; process CPU time, least of %d "
           "interleaved rounds):\n",
           c->name, rounds);
    printf("  cwb collision driver : %10.3e collisions/s (%.0f steps, 3D rigid bodies, graded "
           "steps, separation root solve, energy account)\n",
           1.0 / t_cwb, steps);
    printf("  straight RK4 loop    : %10.3e collisions/s (%zu uniform steps, 3D, no account)\n",
           1.0 / t_str, ssteps);
    printf("  ratio per collision  : %.2f;  per step (the floor: steps x bare step): %.2f\n",
           t_cwb / t_str, (t_cwb / steps) / (t_str / (double)ssteps));
    printf("  with rows and the reference comparison: %10.3e collisions/s; ratio per "
           "collision %.2f\n",
           1.0 / t_full, t_full / t_str);

    printf("  distinct v_normal    : %10.3e collisions/s; ratio per collision %.2f, per step "
           "%.2f\n",
           1.0 / t_dist, t_dist / t_str, (t_dist / steps) / (t_str / (double)ssteps));

    const char *autodt[] = {"driver.rows=10"};
    cwb_case_load(c, path, autodt, 1, msg, sizeof msg);
    c->output_values.text[CWB_OUT_REFERENCE][0] = '\0';
    double t0 = now();
    for (int r = 0; r < 200; r++) {
        cwb_result res;
        cwb_run_case_scalars(c, &res, msg, sizeof msg);
        cwb_result_free(&res);
    }
    printf("  cwb with dt = auto   : %10.3e collisions/s (refinement runs included)\n",
           200.0 / (now() - t0));
    free(c);
}

/* --goals: the per-collision goals, cwb in process (cwb_run_case_scalars:
 * the driver as a batch or an embedding program runs it) against the bare
 * RK4 floor, at the step each accuracy needs. Models: Hertz, Hertz with the
 * Tsuji dashpot (e = 0.8) and Hertz-Mindlin (displacement form, mu = 0.35,
 * tangential speed half the normal one), glass spheres at 20 m/s. Step:
 * the largest t_c/2^k whose restitutions, contact time and spin are within
 * the target (1e-4, 1e-6) of the same model at t_c/65536 (restitutions
 * against max(|e|, 1), the rest relative). Floor: cwb's steps x one step of
 * the straight-line loop (bench_laws' Hertz loop for the first two, which
 * leaves out the dashpot; its Hertz-Mindlin loop for the third), timed in
 * the same round. Second column, the floor at equal accuracy: the loop's
 * own largest step t_c/2^k whose restitution, interpolated contact time
 * (and spin for Hertz-Mindlin) are within the target (loop_steps_at), its
 * steps x the same bare step. Rounds interleave cwb and the floor; each
 * ratio is printed as the median over the rounds [least, largest]. */
typedef struct {
    const char *key;  /* --verlet's ROW lines and --verlet-runs */
    const char *name; /* --goals' headings */
    const char *over[6];
    size_t nover;
    int mindlin; /* the floor is the Hertz-Mindlin loop */
} goal_model;

/* The models of --goals and --verlet: the glass impact at 20 m/s. */
static const goal_model goal_models[] = {
    {"hertz", "Hertz", {"driver.rows=10"}, 1, 0},
    {"hertz_tsuji",
     "Hertz + Tsuji (e = 0.8)",
     {"driver.rows=10", "contact.damping=tsuji", "damping.e=0.8"},
     3,
     0},
    {"hertz_mindlin",
     "Hertz-Mindlin (displacement)",
     {"driver.rows=10", "contact.tangential=mindlin", "tangential.mu=0.35",
      "tangential.form=displacement", "driver.v_tangential=10"},
     5,
     1}};
#define GOAL_MODELS (sizeof goal_models / sizeof *goal_models)

/* Model m of the case at path, without its reference (no comparison is
 * timed). Exits on a load failure (a benchmark, not a tool). */
static cwb_case *goal_load(const char *path, const goal_model *m)
{
    char msg[CWB_MSG];
    cwb_case *c = cwb_case_new();
    if (cwb_case_load(c, path, m->over, m->nover, msg, sizeof msg) != CWB_OK) {
        fprintf(stderr, "%s\n", msg);
        exit(1);
    }
    c->output_values.text[CWB_OUT_REFERENCE][0] = '\0';
    return c;
}

/* goal_load, with the model's contact time at the case's own step and the
 * straight-line loop's constants. */
static cwb_case *goal_case(const char *path, const goal_model *m, double *tc, hm_bare *b)
{
    char msg[CWB_MSG];
    cwb_case *c = goal_load(path, m);
    cwb_result r;
    cwb_run_case_scalars(c, &r, msg, sizeof msg);
    *tc = cwb_result_get(&r, "contact_time");
    cwb_result_free(&r);
    const cwb_body *b1 = &c->pair.body[0];
    *b = (hm_bare){.m = b1->mass,
                   .I = b1->inertia,
                   .r = b1->radius,
                   .kn = 4.0 / 3.0 * c->pair.E_star * sqrt(c->pair.R_star),
                   .kt = 8.0 * c->pair.G_star * sqrt(c->pair.R_star),
                   .mu = 0.35};
    return c;
}

/* Each goal model's case, contact time and straight-line loop, handed to
 * rows (--goals, --verlet, --verlet-tc). */
static void for_each_goal_model(const char *path, void (*rows)(cwb_case *, const goal_model *,
                                                               const hm_bare *, double))
{
    for (size_t i = 0; i < GOAL_MODELS; i++) {
        double tc;
        hm_bare b;
        cwb_case *c = goal_case(path, &goal_models[i], &tc, &b);
        rows(c, &goal_models[i], &b, tc);
        free(c);
    }
}

static double goal_error(const cwb_result *r, const cwb_result *ref)
{
    static const char *const keys[] = {"restitution_normal", "restitution_tangential",
                                       "contact_time", "omega1_after"};
    double worst = 0.0;
    for (int i = 0; i < 4; i++) {
        double x = cwb_result_get(r, keys[i]), y = cwb_result_get(ref, keys[i]);
        if (!isfinite(x) || !isfinite(y) || (i == 3 && y == 0.0))
            continue;
        double scale = i < 2 ? fmax(fabs(y), 1.0) : fabs(y);
        worst = fmax(worst, fabs(x - y) / scale);
    }
    return worst;
}

static void set_dt(cwb_case *c, double h, double tol)
{
    c->driver_values.p[cwb_param_index(c->driver_values.table, "dt")] = h;
    c->driver_values.p[cwb_param_index(c->driver_values.table, "dt_tol")] = tol;
}

/* The largest t_c/2^k within target of the run at t_c/65536; 0 if none. */
static double goal_step(cwb_case *c, double tc, double target)
{
    char msg[CWB_MSG];
    cwb_result ref, r;
    set_dt(c, tc / 65536.0, 1e-6);
    cwb_run_case_scalars(c, &ref, msg, sizeof msg);
    double h = 0.0;
    for (int k = 3; k <= 16 && h == 0.0; k++) {
        set_dt(c, tc / pow(2.0, k), 1e-6);
        if (cwb_run_case_scalars(c, &r, msg, sizeof msg) == CWB_OK &&
            goal_error(&r, &ref) <= target)
            h = tc / pow(2.0, k);
        cwb_result_free(&r);
    }
    cwb_result_free(&ref);
    return h;
}

/* Elastic Hertz between equal spheres, closed form (Johnson 1985, Contact
 * Mechanics, sec. 11.4): delta_max = (5 m* v^2 / (4 k))^(2/5) with F = k
 * delta^(3/2), t_c = 2 (delta_max / v) sqrt(pi) Gamma(7/5) / Gamma(9/10).
 * The reference of the Hertz loop, which has no dashpot (so also the Tsuji
 * model's floor: a dashpot loop could only cost more a step). */
static double hertz_contact_time(const hm_bare *b, double v)
{
    double dmax = pow(5.0 * 0.5 * b->m * v * v / (4.0 * b->kn), 0.4);
    return 2.0 * dmax / v * 1.7724538509055160 * tgamma(1.4) / tgamma(0.9);
}

/* The straight-line loop's own error at step h: restitution (against 1
 * for the elastic Hertz loop, cwb at t_c/65536 for Hertz-Mindlin), contact
 * time from the overlap's interpolated zero (against the closed form, or
 * cwb), and for Hertz-Mindlin the spin after (relative). */
static double loop_error(const goal_model *m, const hm_bare *b, double h, const cwb_result *ref,
                         size_t *steps)
{
    loop_end end;
    double w = 0.0;
    if (m->mindlin)
        straight_hm_collision(b, 20.0, 10.0, h, steps, &w, &end);
    else
        straight_collision(b->m, b->m, b->r, b->kn, 20.0, h, steps, &end);
    /* normal velocity after along the line of centres at separation (the
     * tangential slide turns it away from z) */
    double dx[3], vx = 0.0, dd = 0.0;
    for (int j = 0; j < 3; j++) {
        dx[j] = end.y[9 + j] - end.y[j];
        dd += dx[j] * dx[j];
        vx += (end.y[12 + j] - end.y[3 + j]) * dx[j];
    }
    double e_n = vx / sqrt(dd) / 20.0;
    double e_ref = m->mindlin ? cwb_result_get(ref, "restitution_normal") : 1.0;
    double tc_ref = m->mindlin ? cwb_result_get(ref, "contact_time") : hertz_contact_time(b, 20.0);
    double err =
        fmax(fabs(e_n - e_ref) / fmax(fabs(e_ref), 1.0), fabs(end.t_sep - tc_ref) / tc_ref);
    if (m->mindlin) {
        double w_ref = cwb_result_get(ref, "omega1_after");
        /* the loop slides body 2 along +x, the mirror of the driver's
         * set-up: the same spin with the opposite sign */
        err = fmax(err, fabs(fabs(w) - fabs(w_ref)) / fabs(w_ref));
    }
    return err;
}

/* The floor at equal accuracy: the loop's largest step t_c/2^k (k <= 22,
 * the rule goal_step applies to cwb) whose own results are within target;
 * its step count, 0 if none. */
static size_t loop_steps_at(cwb_case *c, const goal_model *m, const hm_bare *b, double tc,
                            double target, double *err)
{
    char msg[CWB_MSG];
    cwb_result ref;
    set_dt(c, tc / 65536.0, 1e-6);
    cwb_run_case_scalars(c, &ref, msg, sizeof msg);
    size_t steps = 0;
    for (int k = 3; k <= 22; k++) {
        *err = loop_error(m, b, tc / pow(2.0, k), &ref, &steps);
        if (*err <= target)
            break;
        steps = 0;
    }
    cwb_result_free(&ref);
    return steps;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* "median [least, largest]" of n values (sorted in place). */
static void print_spread(const char *label, double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    printf("  %-34s %6.2f [%.2f, %.2f]\n", label, v[n / 2], v[0], v[n - 1]);
}

static void goal_rows(cwb_case *c, const goal_model *m, const hm_bare *b, double tc)
{
    enum { ROUNDS = 11, REPS = 100 };
    /* what goal_error and the step count read, as a batch or an embedding
     * program asks for the results it reads */
    static const char *const asked[] = {"restitution_normal", "restitution_tangential",
                                        "contact_time", "omega1_after", "steps"};
    cwb_result_want want;
    cwb_result_want_names(c->driver, asked, 5, 0, &want);
    for (int t = 0; t < 2; t++) {
        double target = t == 0 ? 1e-4 : 1e-6, h = goal_step(c, tc, target), steps = 0.0;
        double floor_ratio[ROUNDS], eq_ratio[ROUNDS], auto_ratio[ROUNDS], loop_err = 0.0;
        size_t eq_steps = loop_steps_at(c, m, b, tc, target, &loop_err);
        for (int round = 0; round < ROUNDS; round++) {
            set_dt(c, h, target);
            double t_fix = time_runs(c, REPS, 0, &want, &steps), auto_steps = 0.0;
            set_dt(c, 0.0, target);
            double t_auto = time_runs(c, REPS, 0, &want, &auto_steps);
            size_t s = 0;
            double w = 0.0, t0 = now();
            for (int r = 0; r < REPS * 4; r++)
                sink = m->mindlin
                           ? straight_hm_collision(b, 20.0, 10.0, 4e-7, &s, &w, NULL)
                           : straight_collision(b->m, b->m, b->r, b->kn, 20.0, 4e-7, &s, NULL);
            double bare = (now() - t0) / (REPS * 4) / (double)s;
            floor_ratio[round] = t_fix / (steps * bare);
            eq_ratio[round] = t_fix / ((double)eq_steps * bare);
            auto_ratio[round] = t_auto / t_fix;
        }
        char label[96];
        printf("%s at %g: t_c/%.0f, %.0f steps\n", m->name, target, tc / h, steps);
        snprintf(label, sizeof label, "cwb / floor (goal <= 2)");
        print_spread(label, floor_ratio, ROUNDS);
        if (eq_steps) {
            printf("  loop at equal accuracy: %zu uniform steps (its own error %.2g)\n", eq_steps,
                   loop_err);
            print_spread("cwb / floor at equal accuracy", eq_ratio, ROUNDS);
        } else {
            printf("  loop at equal accuracy: none up to t_c/2^22 (error %.2g there)\n", loop_err);
        }
        snprintf(label, sizeof label, "dt = auto (dt_tol %g) / fixed", target);
        print_spread(label, auto_ratio, ROUNDS);
    }
}

static void bench_goals(const char *path)
{
    printf("\nPer-collision goals, in process (median over 11 interleaved rounds [least, "
           "largest]; process CPU time):\n");
    for_each_goal_model(path, goal_rows);
}

/* --verlet: integrator = verlet (a DEM code's velocity Verlet, one law
 * evaluation a step) against cwb's RK4, each at the largest step t_c/2^k
 * (k = 3 ... 20) whose run and the next finer one are within the target
 * (1e-4, 1e-6) of RK4 at t_c/65536 in the restitutions (against max(|e|,
 * 1)) and the spin after (relative). Not the contact time: Verlet's is
 * quantised to its step. Models of --goals (glass at 20 m/s). Prints one
 * line a row, "ROW model target scheme dt steps cpu_s floor_s", CPU per
 * collision the median over 5 interleaved rounds; floor: RK4's steps x one
 * step of the straight-line loop (bench/bench_verlet.sh adds callgrind's
 * instructions). */
enum { TC_NONE, TC_STEPS, TC_INTERPOLATED }; /* verlet_error's contact time */
static double verlet_error(const cwb_result *r, const cwb_result *ref, int with_tc)
{
    static const char *const keys[] = {"restitution_normal", "restitution_tangential",
                                       "omega1_after"};
    double worst = 0.0;
    for (int i = 0; i < 3; i++) {
        double x = cwb_result_get(r, keys[i]), y = cwb_result_get(ref, keys[i]);
        if (!isfinite(x) || !isfinite(y) || (i == 2 && y == 0.0))
            continue;
        double scale = i < 2 ? fmax(fabs(y), 1.0) : fabs(y);
        worst = fmax(worst, fabs(x - y) / scale);
    }
    if (with_tc) {
        /* TC_INTERPOLATED: Verlet's overlap zero between its last two
         * steps; RK4 has no such result and reports its root-solved one */
        double x = cwb_result_get(r, "contact_time"), y = cwb_result_get(ref, "contact_time");
        double xi = cwb_result_get(r, "contact_time_interpolated");
        if (with_tc == TC_INTERPOLATED && isfinite(xi))
            x = xi;
        worst = fmax(worst, fabs(x - y) / fabs(y));
    }
    return worst;
}

static void set_scheme(cwb_case *c, int verlet)
{
    c->driver_values.p[cwb_param_index(c->driver_values.table, "integrator")] = verlet;
}

static double verlet_ladder(cwb_case *c, int verlet, double tc, double target,
                            const cwb_result *ref, int with_tc)
{
    char msg[CWB_MSG];
    int within_prev = 0;
    set_scheme(c, verlet);
    for (int k = 3; k <= 24; k++) {
        cwb_result r;
        set_dt(c, tc / pow(2.0, k), 1e-6);
        int ok = cwb_run_case_scalars(c, &r, msg, sizeof msg) == CWB_OK &&
                 verlet_error(&r, ref, with_tc) <= target;
        cwb_result_free(&r);
        if (ok && within_prev)
            return tc / pow(2.0, k - 1);
        within_prev = ok;
    }
    return 0.0;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

static void verlet_rows(cwb_case *c, const goal_model *m, const hm_bare *b, double tc)
{
    enum { ROUNDS = 5 };
    char msg[CWB_MSG];
    cwb_result ref;
    set_scheme(c, 0);
    set_dt(c, tc / 65536.0, 1e-6);
    cwb_run_case_scalars(c, &ref, msg, sizeof msg);
    for (int t = 0; t < 2; t++) {
        double target = t == 0 ? 1e-4 : 1e-6, h[2], steps[2] = {0, 0};
        double cpu[2][ROUNDS], bare[ROUNDS];
        for (int v = 0; v < 2; v++)
            h[v] = verlet_ladder(c, v, tc, target, &ref, TC_NONE);
        for (int round = 0; round < ROUNDS; round++) {
            for (int v = 0; v < 2; v++) {
                set_scheme(c, v);
                set_dt(c, h[v], 1e-6);
                int reps = (int)fmax(10.0, 2e6 * h[v] / tc);
                cpu[v][round] = time_runs(c, reps, 0, NULL, &steps[v]);
            }
            size_t s = 0;
            double w = 0.0, t0 = now();
            for (int r = 0; r < 400; r++)
                sink = m->mindlin
                           ? straight_hm_collision(b, 20.0, 10.0, 4e-7, &s, &w, NULL)
                           : straight_collision(b->m, b->m, b->r, b->kn, 20.0, 4e-7, &s, NULL);
            bare[round] = (now() - t0) / 400 / (double)s;
        }
        double floor = steps[0] * median(bare, ROUNDS);
        for (int v = 0; v < 2; v++)
            printf("ROW %s %g %s %.6e %.0f %.6e %.6e\n", m->key, target, v ? "verlet" : "rk4", h[v],
                   steps[v], median(cpu[v], ROUNDS), floor);
    }
    cwb_result_free(&ref);
    set_scheme(c, 0);
}

static void bench_verlet(const char *path)
{
    for_each_goal_model(path, verlet_rows);
}

/* --verlet-tc: integrator = verlet's steps (LAMMPS' scheme, the same step
 * counts) to reach 1e-4 and 1e-6 on the restitutions and spin AND the
 * contact time, by verlet_ladder's rule (k <= 24), in two readings of
 * Verlet's contact time: (a) "steps", steps x dt as LAMMPS' output gives
 * it (first order); (b) "interp", the overlap's zero interpolated between
 * the last two steps (contact_time_interpolated, second order), what a
 * LAMMPS user gets for a few flops. RK4's steps on the same errors (its
 * contact time root-solved) for comparison. The ladder is t_c/(phi 2^k),
 * phi the golden ratio: on steps t_c/2^k, steps x dt would equal t_c
 * exactly (a step that divides the contact time), which no user's dt
 * does; phi puts the separation at an arbitrary place inside the last
 * step. One line a row, "VTC model target scheme reading dt steps t_c/x";
 * LAMMPS' loop per collision is Verlet's steps x its instructions per
 * pair-step (bench/bench_lammps_instr.sh). */
#define GOLDEN 1.6180339887498949
static void verlet_tc_row(cwb_case *c, const goal_model *m, double tc, double target, int verlet,
                          int with_tc, const cwb_result *ref)
{
    char msg[CWB_MSG];
    cwb_result r;
    double h = verlet_ladder(c, verlet, tc / GOLDEN, target, ref, with_tc), steps = 0.0;
    if (h > 0.0) {
        set_dt(c, h, 1e-6);
        cwb_run_case_scalars(c, &r, msg, sizeof msg);
        steps = cwb_result_get(&r, "steps");
        cwb_result_free(&r);
    }
    printf("VTC %s %g %s %s %.6e %.0f t_c/%.1f\n", m->key, target, verlet ? "verlet" : "rk4",
           with_tc == TC_INTERPOLATED ? "interp" : "steps", h, steps, h > 0.0 ? tc / h : 0.0);
    fflush(stdout);
}

static void verlet_tc_rows(cwb_case *c, const goal_model *m, const hm_bare *b, double tc)
{
    char msg[CWB_MSG];
    cwb_result ref;
    (void)b;
    set_scheme(c, 0);
    set_dt(c, tc / 65536.0, 1e-6);
    cwb_run_case_scalars(c, &ref, msg, sizeof msg);
    for (int t = 0; t < 2; t++) {
        double target = t == 0 ? 1e-4 : 1e-6;
        verlet_tc_row(c, m, tc, target, 0, TC_STEPS, &ref);
        verlet_tc_row(c, m, tc, target, 1, TC_STEPS, &ref);
        verlet_tc_row(c, m, tc, target, 1, TC_INTERPOLATED, &ref);
    }
    cwb_result_free(&ref);
    set_scheme(c, 0);
}

static void bench_verlet_tc(const char *path)
{
    for_each_goal_model(path, verlet_tc_rows);
}

/* --verlet-runs MODEL SCHEME DT N: N collisions of one row of --verlet
 * (SCHEME rk4 or verlet), for callgrind's instruction count. */
static int verlet_runs(char **argv)
{
    const goal_model *m = NULL;
    for (size_t i = 0; i < GOAL_MODELS; i++)
        if (strcmp(argv[0], goal_models[i].key) == 0)
            m = &goal_models[i];
    if (!m) {
        fprintf(stderr, "--verlet-runs: no model %s\n", argv[0]);
        return 1;
    }
    cwb_case *c = goal_load("cases/chung_ooi_1_glass.case", m);
    set_scheme(c, strcmp(argv[1], "verlet") == 0);
    set_dt(c, atof(argv[2]), 1e-6);
    double steps;
    sink = time_runs(c, atoi(argv[3]), 0, NULL, &steps);
    free(c);
    return 0;
}

/* --bare-step: CPU seconds per step of the straight RK4 loop (the floor),
 * the least of five rounds (the machine's other jobs only ever add). */
static int bare_step(void)
{
    char msg[CWB_MSG];
    cwb_case *c = cwb_case_new();
    if (cwb_case_load(c, "cases/chung_ooi_1_glass.case", NULL, 0, msg, sizeof msg) != CWB_OK) {
        fprintf(stderr, "%s\n", msg);
        return 1;
    }
    double k = 4.0 / 3.0 * c->pair.E_star * sqrt(c->pair.R_star), best = INFINITY;
    for (int round = 0; round < 5; round++) {
        size_t steps = 0, total = 0;
        double t0 = now();
        for (int r = 0; r < 1000; r++) {
            sink = straight_collision(c->pair.body[0].mass, c->pair.body[1].mass,
                                      c->pair.body[0].radius, k, 20.0, 4e-7, &steps, NULL);
            total += steps;
        }
        best = fmin(best, (now() - t0) / (double)total);
    }
    printf("%.6e\n", best);
    free(c);
    return 0;
}

/* --in-process N K [tsuji]: N runs of the goals' Hertz (or Hertz + Tsuji)
 * collision at t_c/K in process, asking for the goals' five results, and
 * the CPU time per run: callgrind of N = 201 less N = 1 gives the
 * instructions per collision ("Results only when asked",
 * doc/benchmarks.md). */
static int in_process(int n, int k, int tsuji)
{
    static const char *const over[] = {"driver.rows=10", "contact.damping=tsuji", "damping.e=0.8"};
    static const char *const asked[] = {"restitution_normal", "restitution_tangential",
                                        "contact_time", "omega1_after", "steps"};
    char msg[CWB_MSG];
    cwb_case *c = cwb_case_new();
    if (cwb_case_load(c, "cases/chung_ooi_1_glass.case", over, tsuji ? 3 : 1, msg, sizeof msg) !=
        CWB_OK) {
        fprintf(stderr, "%s\n", msg);
        return 1;
    }
    c->output_values.text[CWB_OUT_REFERENCE][0] = '\0';
    cwb_result r;
    cwb_run_case_scalars(c, &r, msg, sizeof msg);
    double tc = cwb_result_get(&r, "contact_time"), steps = 0.0;
    cwb_result_free(&r);
    set_dt(c, tc / k, k <= 32 ? 1e-4 : 1e-6);
    cwb_result_want want;
    cwb_result_want_names(c->driver, asked, 5, 0, &want);
    double t0 = now();
    for (int i = 0; i < n; i++) {
        cwb_run_case_wanted(c, &want, &r, msg, sizeof msg);
        steps = cwb_result_get(&r, "steps");
        cwb_result_free(&r);
    }
    printf("%g steps, %.3g s per run\n", steps, (now() - t0) / n);
    free(c);
    return 0;
}

int main(int argc, char **argv)
{
    gsl_set_error_handler_off();
    if (argc > 1 && strcmp(argv[1], "--bare-step") == 0)
        return bare_step();
    if (argc > 1 && strcmp(argv[1], "--verlet") == 0) {
        bench_verlet("cases/chung_ooi_1_glass.case");
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--verlet-tc") == 0) {
        bench_verlet_tc("cases/chung_ooi_1_glass.case");
        return 0;
    }
    if (argc > 5 && strcmp(argv[1], "--verlet-runs") == 0)
        return verlet_runs(argv + 2);
    if (argc > 3 && strcmp(argv[1], "--in-process") == 0)
        return in_process(atoi(argv[2]), atoi(argv[3]), argc > 4 && atoi(argv[4]));
    if (argc > 1 && strcmp(argv[1], "--goals") == 0) {
        bench_goals("cases/chung_ooi_1_glass.case");
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--collision") == 0) {
        bench_collisions("cases/chung_ooi_1_glass.case");
        bench_hm_collision("cases/chung_ooi_1_glass.case");
        return 0;
    }
    char msg[CWB_MSG];
    cwb_case *c = cwb_case_new();
    if (cwb_case_load(c, "cases/chung_ooi_1_glass.case", NULL, 0, msg, sizeof msg) != CWB_OK) {
        fprintf(stderr, "%s\n", msg);
        return 1;
    }
    const size_t n = 4096;
    double *d = malloc(n * sizeof *d);
    for (size_t i = 0; i < n; i++)
        d[i] = 1e-6 * (double)(i % 1000) / 999.0 - 1e-8;
    printf("cwb %s law benchmark (one run; ratio = cwb time / straight-line time)\n\n",
           CWB_VERSION);
    bench_laws(c, d, n, 2000);
    free(d);
    free(c);
    bench_collisions("cases/chung_ooi_1_glass.case");
    bench_hm_collision("cases/chung_ooi_1_glass.case");
    return 0;
}
