/* test_mbf.c -- the Maw-Barber-Fawcett annulus law (src/laws/tangential_mbf.c)
 * against independent references: the displacement of one Hertz-like
 * traction disc by quadrature of Cerruti's point-force kernel (and Johnson's
 * eq. 3.92a), Mindlin's loading curve and the Mindlin-Deresiewicz loop
 * (closed forms), full sliding, the energy account, varying N. */
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>

#include "cwb_test.h"

/* ------------------------------------------------------------------ */
/* The displacement of one disc, by quadrature of the point-force kernel.  */

/* Cerruti (Johnson 1985, Contact Mechanics, eq. 3.86a): a tangential point
 * force Q along x displaces the surface at distance rho, direction phi,
 *   u_x = Q/(2 pi G rho) [(1 - nu) + nu cos^2 phi].
 * For the traction tau(s) = (1 - |s|^2/c^2)^(1/2) on |s| < c, in polar
 * coordinates about the field point x (dA = rho d rho d phi) the 1/rho goes:
 *   u_x(x) = 1/(2 pi G) int dphi [(1 - nu) + nu cos^2 phi] L(phi),
 * L the integral of tau along the ray x + rho e(phi), rho > 0, which is a
 * chord integral in closed form: on the ray |s|^2 < c^2 between the roots
 * rho-+ = -b -+ h', b = x.e, h'^2 = b^2 - r^2 + c^2, and tau = (h'^2 -
 * t^2)^(1/2)/c with t = rho + b, so L = [F(t1) - F(t0)]/c with
 * F(t) = (t (h'^2 - t^2)^(1/2) + h'^2 asin(t/h'))/2. */
typedef struct {
    double x, y, c, nu;
} ray_ctx;

static double chord(double t, double h)
{
    t = fmax(-h, fmin(h, t));
    return 0.5 * (t * sqrt(fmax(h * h - t * t, 0.0)) + h * h * asin(t / h));
}

static double ray_integrand(double phi, void *vp)
{
    const ray_ctx *q = vp;
    double ex = cos(phi), ey = sin(phi), b = q->x * ex + q->y * ey;
    double r2 = q->x * q->x + q->y * q->y, h2 = b * b - r2 + q->c * q->c;
    if (h2 <= 0.0)
        return 0.0;
    double h = sqrt(h2), t0 = fmax(b, -h), t1 = h; /* rho >= 0 <=> t >= b */
    if (t1 <= t0)
        return 0.0;
    double L = (chord(t1, h) - chord(t0, h)) / q->c;
    return ((1.0 - q->nu) + q->nu * ex * ex) * L;
}

/* u_x at (x, y) of the unit traction on the disc c, one body of shear
 * modulus G. */
static double cerruti_disc(double x, double y, double c, double nu, double G)
{
    ray_ctx q = {x, y, c, nu};
    gsl_function F = {ray_integrand, &q};
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
    double res, err, r = hypot(x, y);
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int rc;
    if (r < c) /* every ray meets the disc: a smooth periodic integrand */
        rc = gsl_integration_qag(&F, 0.0, 2.0 * M_PI, 0.0, 1e-11, 1000, GSL_INTEG_GAUSS61, w, &res,
                                 &err);
    else { /* the rays towards the disc, with square-root ends at the tangents */
        double mid = atan2(-y, -x), half = asin(c / r);
        rc = gsl_integration_qags(&F, mid - half, mid + half, 0.0, 1e-11, 1000, w, &res, &err);
    }
    gsl_set_error_handler(old);
    gsl_integration_workspace_free(w);
    ck_assert_msg(rc == GSL_SUCCESS || rc == GSL_EROUND, "quadrature: %s", gsl_strerror(rc));
    return res / (2.0 * M_PI * G);
}

/* The header's closed form, one body (C = (2 - nu)/(4 G)). */
static double disc_mean_closed(double r, double c, double nu, double G)
{
    double C = (2.0 - nu) / (4.0 * G);
    if (r <= c)
        return C * M_PI * (2.0 * c * c - r * r) / (4.0 * c);
    return C / (2.0 * c) * ((2.0 * c * c - r * r) * asin(c / r) + c * sqrt(r * r - c * c));
}

/* The quadrature holds Johnson's eq. 3.92a inside the disc, u_x = pi/(32 G
 * c) [4 (2 - nu) c^2 - (4 - 3 nu) x^2 - (4 - nu) y^2] (a published closed
 * form, not the derivation under test); and the average of u_x over theta
 * at radius r (trapezoid in theta, 64 points, each point a quadrature) is
 * the law's closed form inside and outside the disc. Measured: round-off
 * (<= 4.4e-16) everywhere but r = c, 6.3e-12, where the rays graze the
 * edge; asserted 1e-10 (the quadrature's 1e-11 target, ten times). */
START_TEST(disc_displacement_by_quadrature)
{
    double c = 1.0, nu = 0.3, G = 1.0;
    const double pts[][2] = {{0.0, 0.0}, {0.4, 0.0}, {0.0, 0.7}, {0.5, 0.6}};
    for (size_t i = 0; i < 4; i++) {
        double x = pts[i][0], y = pts[i][1];
        double j392 = M_PI / (32.0 * G * c) *
                      (4.0 * (2.0 - nu) * c * c - (4.0 - 3.0 * nu) * x * x - (4.0 - nu) * y * y);
        double q = cerruti_disc(x, y, c, nu, G);
        ck_assert_msg(fabs(q - j392) <= 1e-10 * j392, "(%g, %g): quadrature %.12g, eq. 3.92a %.12g",
                      x, y, q, j392);
    }
    const double radii[] = {0.0, 0.3, 0.8, 1.0, 1.3, 2.5};
    for (size_t i = 0; i < 6; i++) {
        double r = radii[i], mean = 0.0;
        int m = 64;
        for (int k = 0; k < m; k++) {
            double th = 2.0 * M_PI * (k + 0.5) / m;
            mean += cerruti_disc(r * cos(th), r * sin(th), c, nu, G) / m;
        }
        double want = disc_mean_closed(r, c, nu, G);
        ck_assert_msg(fabs(mean - want) <= 1e-10 * want,
                      "r = %g: theta mean %.12g, closed form %.12g", r, mean, want);
    }
}
END_TEST

/* ------------------------------------------------------------------ */
/* A quasi-static driver of the law alone (steel spheres, Hertz).         */

typedef struct {
    cwb_pair g;
    const cwb_tangential_type *law;
    double p[2];
    CWB_STATE_ALIGN unsigned char s[CWB_MAX_STATE];
    double delta, x;                    /* committed overlap, displacement */
    double F, kt, E;                    /* force, stiffness, stored energy of the last step */
    double work, slip, stiff, slip_min; /* sums over the steps, least slip of a step */
    int sliding;
    unsigned flags;
} mbf_drive;

static void drive_init(mbf_drive *m, int n, double mu)
{
    memset(m, 0, sizeof *m);
    cwb_body b = {
        .shape = CWB_SHAPE_SPHERE, .radius = 0.005, .E = 2.1e11, .nu = 0.3, .density = 7800};
    char msg[CWB_MSG];
    ck_assert_int_eq(cwb_pair_init(&m->g, &b, &b, msg, sizeof msg), CWB_OK);
    const cwb_law_head *h = cwb_law_find(CWB_KIND_TANGENTIAL, "mbf");
    ck_assert(h != NULL);
    m->law = CWB_AS_TANGENTIAL(h);
    m->p[0] = mu;
    m->p[1] = n;
    m->slip_min = INFINITY;
}

/* One step to overlap delta and tangential displacement x (along e_x),
 * committed. */
static void drive_step(mbf_drive *m, double delta, double x)
{
    cwb_normal_out no = {0};
    cwb_hertz_elastic(&m->g, delta, &no);
    no.radius = sqrt(m->g.R_star * delta);
    cwb_kin k = {.delta = delta,
                 .delta0 = m->delta,
                 .normal = cwb_v3(0, 0, 1),
                 .dxi_t = cwb_v3(x - m->x, 0, 0)};
    cwb_tangential_out o;
    CWB_STATE_ALIGN unsigned char t[CWB_MAX_STATE];
    ck_assert_int_eq(m->law->step(m->p, &m->g, m->s, &k, &no, &o, t), CWB_OK);
    memcpy(m->s, t, sizeof t);
    m->delta = delta;
    m->x = x;
    m->F = o.force.x;
    m->kt = o.stiffness;
    m->E = o.energy;
    m->work += o.work;
    m->slip += o.slip;
    m->stiff += o.stiffness_energy;
    m->slip_min = fmin(m->slip_min, o.slip);
    m->sliding = o.sliding;
    m->flags |= o.flags;
}

/* Mindlin's constants at overlap d: N, a, mu N, C = 3 mu N/(16 G* a). */
typedef struct {
    double N, a, mN, C, k0;
} mindlin;

static mindlin mindlin_at(const mbf_drive *m, double d)
{
    mindlin r;
    r.N = 4.0 / 3.0 * m->g.E_star * sqrt(m->g.R_star) * pow(d, 1.5);
    r.a = sqrt(m->g.R_star * d);
    r.mN = m->p[0] * r.N;
    r.k0 = 8.0 * m->g.G_star * r.a;
    r.C = 1.5 * r.mN / r.k0;
    return r;
}

/* Mindlin's loading curve (Mindlin 1949; Johnson 1985 eq. 7.42 inverted). */
static double mindlin_load(const mindlin *q, double x)
{
    return q->mN * (1.0 - pow(1.0 - fmin(x / q->C, 1.0), 1.5));
}

#define D0 2e-6 /* the overlap of the constant-N tests [m] */

/* Largest |F - Mindlin| / mu N over monotonic loading to 1.2 C in 240
 * steps at constant N, n annuli; the initial stiffness into *k. */
static double loading_error(int n, double *k)
{
    mbf_drive m;
    drive_init(&m, n, 0.3);
    mindlin q = mindlin_at(&m, D0);
    drive_step(&m, D0, 0.0);
    *k = m.kt;
    double worst = 0.0;
    for (int i = 1; i <= 240; i++) {
        double x = 1.2 * q.C * i / 240.0;
        drive_step(&m, D0, x);
        worst = fmax(worst, fabs(m.F - mindlin_load(&q, x)) / q.mN);
    }
    ck_assert(!(m.flags & CWB_FLAG_EXTRAPOLATED));
    return worst;
}

/* Monotonic loading at constant N converges to Mindlin's curve F = mu N
 * [1 - (1 - x/C)^(3/2)] (Mindlin 1949; Johnson 1985 sec. 7.2), and the
 * initial stiffness to 8 G* a. The discrete model holds Cattaneo's traction
 * exactly when the stick radius is a disc radius c_k (header), so its error
 * is that of piecewise interpolation between those points: second order in
 * 1/n (measured 6.9e-3, 1.8e-3, 4.9e-4 mu N at n = 6, 12, 24: orders 1.96,
 * 1.86). The all-stick discs miss the singular edge traction of a uniform
 * displacement: first order (measured -3.81 %, -1.90 %, -0.95 % of 8 G* a:
 * orders 1.00). Asserted: the orders above 1.7 and in 0.9 ... 1.1, and the
 * n = 24 errors below 6e-4 mu N and 1.1 % (the measured values and 15 %). */
START_TEST(loading_converges_to_mindlin)
{
    double e[3], k[3], dk[3];
    int ns[3] = {6, 12, 24};
    mbf_drive m;
    drive_init(&m, 6, 0.3);
    mindlin q = mindlin_at(&m, D0);
    for (int i = 0; i < 3; i++) {
        e[i] = loading_error(ns[i], &k[i]);
        dk[i] = 1.0 - k[i] / q.k0;
        ck_assert_msg(dk[i] > 0.0, "n = %d: k0 %.6g above 8 G* a %.6g", ns[i], k[i], q.k0);
    }
    for (int i = 0; i < 2; i++) {
        double order = log2(e[i] / e[i + 1]), korder = log2(dk[i] / dk[i + 1]);
        ck_assert_msg(order > 1.7, "loading order %.3f (errors %g, %g)", order, e[i], e[i + 1]);
        ck_assert_msg(korder > 0.9 && korder < 1.1, "stiffness order %.3f", korder);
    }
    ck_assert_msg(e[2] < 6e-4, "n = 24: %g mu N from Mindlin's curve", e[2]);
    ck_assert_msg(dk[2] < 0.011, "n = 24: k0 %.4g %% below 8 G* a", 100 * dk[2]);
}
END_TEST

/* The Mindlin-Deresiewicz loop at constant N (Mindlin & Deresiewicz 1953;
 * Johnson 1985 sec. 7.3; Masing's rule on Mindlin's curve):
 *   unloading  T = T* - 2 mu N [1 - (1 - (x* - x)/(2C))^(3/2)]
 *   reloading  T = -T* + 2 mu N [1 - (1 - (x + x*)/(2C))^(3/2)],
 * and the energy a cycle of amplitude T* dissipates, the loop area
 *   W = 8 int_0^xs T_load dx - 4 T* xs
 *     = mu N C [4 (1 - r)(1 + r^(3/2)) - 3.2 (1 - r^(5/2))],  r = 1 - xs / C,
 * whose small-amplitude limit T*^3 / (36 G* a mu N) is Johnson's eq. 7.60.
 * One cycle x: 0 -> xs -> -xs -> xs, xs = 0.8 C, 160 steps a branch. */
typedef struct {
    double branch_err; /* largest |T - T_MD| / mu N on unloading, reloading */
    double loop;       /* work over the closed cycle (unload + reload) [J] */
    double slip;       /* slip dissipation over it [J] */
    double stiff;      /* stiffness_energy over it [J] */
    double slip_min;   /* least slip of one step [J] */
} loop_result;

static double md_loop_area(const mindlin *q, double xs)
{
    double r = 1.0 - xs / q->C;
    return q->mN * q->C * (4.0 * (1.0 - r) * (1.0 + pow(r, 1.5)) - 3.2 * (1.0 - pow(r, 2.5)));
}

static loop_result md_loop(int n)
{
    mbf_drive m;
    drive_init(&m, n, 0.3);
    mindlin q = mindlin_at(&m, D0);
    double xs = 0.8 * q.C, Ts = mindlin_load(&q, xs);
    int steps = 160;
    drive_step(&m, D0, 0.0);
    for (int i = 1; i <= steps; i++)
        drive_step(&m, D0, xs * i / steps);
    loop_result r = {0};
    double w0 = m.work, s0 = m.slip, k0 = m.stiff;
    m.slip_min = INFINITY;
    for (int i = 1; i <= 2 * steps; i++) {
        double x = xs - 2.0 * xs * i / steps * 0.5;
        drive_step(&m, D0, x);
        double T = Ts - 2.0 * q.mN * (1.0 - pow(1.0 - (xs - x) / (2.0 * q.C), 1.5));
        r.branch_err = fmax(r.branch_err, fabs(m.F - T) / q.mN);
    }
    for (int i = 1; i <= 2 * steps; i++) {
        double x = -xs + 2.0 * xs * i / steps * 0.5;
        drive_step(&m, D0, x);
        double T = -Ts + 2.0 * q.mN * (1.0 - pow(1.0 - (x + xs) / (2.0 * q.C), 1.5));
        r.branch_err = fmax(r.branch_err, fabs(m.F - T) / q.mN);
    }
    r.loop = m.work - w0;
    r.slip = m.slip - s0;
    r.stiff = m.stiff - k0;
    r.slip_min = m.slip_min;
    ck_assert(!(m.flags & CWB_FLAG_EXTRAPOLATED));
    return r;
}

/* Measured: branch errors 1.52e-2, 3.34e-3, 1.04e-3 mu N at n = 6, 12, 24
 * (orders 2.19, 1.68); loop area +2.06 %, -0.10 %, +0.16 % of the closed
 * form. Asserted: orders above 1.5; the loop area within its own bound
 * |W - W_MD| <= 4 xs max|T - T_MD| (the two branches span 2 xs each); the
 * slip dissipation of every step >= 0 and, over the closed cycle, equal to
 * the loop work but for the collocation's energy defect (stiffness_energy),
 * measured -3.0e-3, -5.4e-4, -7.7e-5 of the slip: below 1e-3 at n = 12, 24. */
START_TEST(unloading_reloading_converges_to_md)
{
    int ns[3] = {6, 12, 24};
    loop_result r[3];
    mbf_drive m;
    drive_init(&m, 6, 0.3);
    mindlin q = mindlin_at(&m, D0);
    double xs = 0.8 * q.C, loss = md_loop_area(&q, xs);
    for (int i = 0; i < 3; i++) {
        r[i] = md_loop(ns[i]);
        double bound = 4.0 * xs * r[i].branch_err * q.mN;
        ck_assert_msg(fabs(r[i].loop - loss) <= bound, "n = %d: loop %g J, closed form %g J", ns[i],
                      r[i].loop, loss);
        ck_assert_msg(r[i].slip_min >= 0.0, "n = %d: a step's slip %g J", ns[i], r[i].slip_min);
        ck_assert_rel(r[i].slip + r[i].stiff, r[i].loop, 1e-9);
        if (i > 0)
            ck_assert_msg(fabs(r[i].stiff) < 1e-3 * r[i].slip, "n = %d: stiffness_energy %g J",
                          ns[i], r[i].stiff);
    }
    for (int i = 0; i < 2; i++) {
        double order = log2(r[i].branch_err / r[i + 1].branch_err);
        ck_assert_msg(order > 1.5, "branch order %.3f (n = %d)", order, ns[i]);
    }
    ck_assert_msg(r[2].branch_err < 1.2e-3, "n = 24: %g mu N", r[2].branch_err);
}
END_TEST

/* Full sliding (every annulus slipping): the traction rows are triangular,
 * so the only solution is w_n = mu p0 and F = (2 pi a^2/3) mu p0 = mu N;
 * its stored energy is one disc's, 3 (mu N)^2/(40 G* a) = 0.4 mu N C
 * (Mindlin's at full slip: the virgin-curve energy at T = mu N), and
 * sliding a distance L dissipates mu N L. A reversal sticks every annulus
 * again (Masing), so the stiffness is the virgin one. Tolerances: round-off
 * (1e-12, 1e-9 where a piece length enters). */
START_TEST(full_sliding_exact)
{
    mbf_drive m;
    drive_init(&m, 12, 0.3);
    mindlin q = mindlin_at(&m, D0);
    drive_step(&m, D0, 0.0);
    double k_virgin = m.kt;
    drive_step(&m, D0, 2.0 * q.C);
    ck_assert_rel(m.F, q.mN, 1e-12);
    ck_assert_int_eq(m.sliding, 1);
    ck_assert_double_eq(m.kt, 0.0);
    ck_assert_rel(m.E, 0.4 * q.mN * q.C, 1e-12);
    double s0 = m.slip, w0 = m.work;
    drive_step(&m, D0, 3.0 * q.C);
    ck_assert_rel(m.slip - s0, q.mN * q.C, 1e-12);
    ck_assert_rel(m.work - w0, q.mN * q.C, 1e-12);
    drive_step(&m, D0, 3.0 * q.C - 1e-6 * q.C);
    ck_assert_rel(m.kt, k_virgin, 1e-9);
    ck_assert_int_eq(m.sliding, 0);
    drive_step(&m, D0, -q.C);
    ck_assert_rel(m.F, -q.mN, 1e-12);
    ck_assert_int_eq(m.sliding, 1);
    ck_assert(m.slip_min >= 0.0);
}
END_TEST

/* Varying N. (a) Oblique loading with T = k N, k = 0.5 mu < mu, and back
 * down the same path: Mindlin & Deresiewicz (1953; Johnson 1985 sec. 7.4)
 * have no slip anywhere, the traction k p (Hertz-like, which the disc
 * n holds exactly) and dT = 8 G* a dx, so with Hertz (N = K d^(3/2), a =
 * (R* d)^(1/2)) the displacement is x(d) = k int dN/(8 G* a) = 1.5 k K (d -
 * d0)/(8 G* R*^(1/2)) and T/N = k along it both ways (no slip: the path is
 * reversible). Up (200 steps from d0 = 1e-8 m to 2e-6 m): measured T/(kN) =
 * 0.99980 at the top (the first steps' splitting error, 0.70 after the
 * first), asserted within 1e-3; slip 2.2e-13 J against 4.8e-7 J stored,
 * asserted below 1e-6 of it. Down (400 steps to 0.1 d): measured worst
 * |T/(kN) - 1| = 2.3e-2 (12 annuli on a circle shrunk to a third of its
 * radius, the profile carried through 400 interpolations), asserted below
 * 3e-2. Before the committed relative displacement was interpolated in r^2
 * it was interpolated in r, a chord under the quadratic s(r) of this path
 * at every step: T/(kN) = 0.98857 at the top, and on the way down errors of
 * 0.23 and 0.30 at 100 and 400 steps a way (growing with the steps). The
 * slip booked on the way down, 2.8e-10 J (n = 12; 7.7e-11 J at n = 24), is
 * the discretisation's: asserted below 1e-3 of the energy stored at the top
 * (4.8e-7 J). (b) N falling at fixed x from T = 0.6 mu N to N/10: the
 * force never exceeds mu N and ends on it (full sliding); every step's slip
 * >= 0. (c) Opening the contact books the stored energy (stiffness_energy =
 * E) and forgets the state. */
START_TEST(varying_normal_force)
{
    mbf_drive m;
    drive_init(&m, 12, 0.3);
    double K = 4.0 / 3.0 * m.g.E_star * sqrt(m.g.R_star), k = 0.15, d0 = 1e-8, down = 0.0;
    double xk = 1.5 * k * K / (8.0 * m.g.G_star * sqrt(m.g.R_star));
    drive_step(&m, d0, 0.0);
    for (int i = 1; i <= 200; i++) {
        double d = d0 + (D0 - d0) * i / 200.0;
        drive_step(&m, d, xk * (d - d0));
    }
    double ratio = m.F / (K * pow(D0, 1.5)) / k;
    ck_assert_msg(fabs(ratio - 1.0) < 1e-3, "T/(k N) = %.6g", ratio);
    ck_assert_msg(m.slip <= 1e-6 * m.E, "slip %g J, stored %g J", m.slip, m.E);
    double e_top = m.E;
    for (int i = 1; i <= 400; i++) {
        double d = D0 - 0.9 * D0 * i / 400.0;
        drive_step(&m, d, xk * (d - d0));
        down = fmax(down, fabs(m.F / (k * K * pow(d, 1.5)) - 1.0));
    }
    ck_assert_msg(down < 3e-2, "down: |T/(kN) - 1| up to %g", down);
    ck_assert_msg(m.slip <= 1e-3 * e_top, "slip %g J on a path without slip", m.slip);
    /* (b) */
    drive_init(&m, 12, 0.3);
    mindlin q = mindlin_at(&m, D0);
    double x6 = q.C * (1.0 - pow(0.4, 2.0 / 3.0));
    drive_step(&m, D0, 0.0);
    drive_step(&m, D0, x6);
    double over = 0.0;
    for (int i = 1; i <= 100; i++) {
        double d = D0 * pow(1.0 - 0.9 * i / 100.0, 2.0 / 3.0);
        drive_step(&m, d, x6);
        mindlin qi = mindlin_at(&m, d);
        over = fmax(over, m.F / qi.mN - 1.0);
    }
    mindlin qe = mindlin_at(&m, m.delta);
    ck_assert_msg(over <= 1e-12, "F exceeded mu N by %g", over);
    ck_assert_rel(m.F, qe.mN, 1e-12);
    ck_assert_int_eq(m.sliding, 1);
    ck_assert(m.slip_min >= 0.0);
    ck_assert(!(m.flags & CWB_FLAG_EXTRAPOLATED));
    /* (c) */
    double E = m.E, st0 = m.stiff;
    drive_step(&m, 0.0, x6);
    ck_assert_rel(m.stiff - st0, E, 1e-12);
    ck_assert_double_eq(m.F, 0.0);
}
END_TEST

/* N falling at constant T after T was applied at constant N0 (Mindlin &
 * Deresiewicz 1953; Johnson 1985 sec. 7.4): the stick circle shrinks
 * (c/a = (1 - T/(mu N))^(1/3) falls with N), so every point of the final
 * stick zone stuck all along with the uniform relative displacement of
 * Cattaneo's state, and the annulus outside slips at mu p: the state at
 * each N is Cattaneo's for (N, T) and the displacement Mindlin's,
 *   x(N) = 3 mu N/(16 G* a(N)) [1 - (1 - T/(mu N))^(2/3)].
 * Driven along x(N) (T = mu N0/2 in 100 steps at N0, then N from N0 to
 * 0.55 N0 in 100 steps), the law must hold F = T. Measured worst |F/T - 1|
 * on the falling part: 2.91e-3 (n = 12), 6.6e-4 (n = 24), the same at 50 to
 * 400 steps (the carry's interpolation in r, not the splitting): order
 * 2.1; mindlin_deresiewicz holds it to 1e-13 (its rules are exact on this
 * path). Asserted: below 3.5e-3 and 8e-4, and the order above 1.5. */
static double falling_n_error(int n)
{
    mbf_drive m;
    drive_init(&m, n, 0.3);
    double K = 4.0 / 3.0 * m.g.E_star * sqrt(m.g.R_star), N0 = K * pow(D0, 1.5);
    double T = 0.5 * 0.3 * N0, worst = 0.0;
    for (int i = 0; i <= 200; i++) {
        double N = i <= 100 ? N0 : N0 * (1.0 - 0.45 * (i - 100) / 100.0);
        double Tq = i <= 100 ? T * i / 100.0 : T, d = pow(N / K, 2.0 / 3.0);
        mindlin q = mindlin_at(&m, d);
        drive_step(&m, d, q.C * (1.0 - pow(1.0 - Tq / q.mN, 2.0 / 3.0)));
        if (i > 100)
            worst = fmax(worst, fabs(m.F / T - 1.0));
    }
    ck_assert(m.slip_min >= 0.0);
    ck_assert(!(m.flags & CWB_FLAG_EXTRAPOLATED));
    return worst;
}

START_TEST(falling_normal_force_at_constant_t)
{
    double e12 = falling_n_error(12), e24 = falling_n_error(24);
    ck_assert_msg(e12 < 3.5e-3, "n = 12: |F/T - 1| %g", e12);
    ck_assert_msg(e24 < 8e-4, "n = 24: |F/T - 1| %g", e24);
    ck_assert_msg(log2(e12 / e24) > 1.5, "order %g", log2(e12 / e24));
}
END_TEST

/* Random histories (overlap and displacement together, reversals, N up and
 * down, openings): the active set always settles (no CWB_FLAG_EXTRAPOLATED),
 * |F| <= mu N (Coulomb; round-off 1e-9), every step's slip >= 0 and the
 * stored energy >= 0 (a quadratic form of a positive-definite kernel). */
START_TEST(random_histories_stay_admissible)
{
    unsigned long seed = 12345;
    for (int h = 0; h < 24; h++) {
        mbf_drive m;
        drive_init(&m, h % 2 ? 24 : 7, 0.3);
        double x = 0.0;
        for (int i = 0; i < 60; i++) {
            seed = seed * 6364136223846793005ul + 1442695040888963407ul;
            double u1 = (double)(seed >> 11) / 9007199254740992.0;
            seed = seed * 6364136223846793005ul + 1442695040888963407ul;
            double u2 = (double)(seed >> 11) / 9007199254740992.0;
            double d = u1 < 0.05 ? 0.0 : 2e-7 + 2e-6 * u1;
            x += (u2 - 0.5) * 6e-7;
            drive_step(&m, d, x);
            if (d > 0.0) {
                mindlin q = mindlin_at(&m, d);
                ck_assert_msg(fabs(m.F) <= q.mN * (1.0 + 1e-9),
                              "history %d step %d: |F| %g > mu N %g", h, i, fabs(m.F), q.mN);
            }
            ck_assert_msg(m.E >= 0.0, "history %d step %d: E = %g", h, i, m.E);
        }
        ck_assert_msg(!(m.flags & CWB_FLAG_EXTRAPOLATED), "history %d: unsettled", h);
        ck_assert_msg(m.slip_min >= 0.0, "history %d: slip %g", h, m.slip_min);
    }
}
END_TEST

Suite *mbf_suite(void)
{
    Suite *s = suite_create("mbf");
    TCase *tc = test_tcase("mbf", 60);
    tcase_add_test(tc, disc_displacement_by_quadrature);
    tcase_add_test(tc, loading_converges_to_mindlin);
    tcase_add_test(tc, unloading_reloading_converges_to_md);
    tcase_add_test(tc, full_sliding_exact);
    tcase_add_test(tc, varying_normal_force);
    tcase_add_test(tc, falling_normal_force_at_constant_t);
    tcase_add_test(tc, random_histories_stay_admissible);
    suite_add_tcase(s, tc);
    return s;
}
