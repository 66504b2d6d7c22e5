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
 * the law's closed form inside and outside the disc. Tolerance 1e-8
 * relative: the quadrature's 1e-11 target times the rounding of the chord
 * integrals near grazing rays. */
START_TEST(disc_displacement_by_quadrature)
{
    double c = 1.0, nu = 0.3, G = 1.0;
    const double pts[][2] = {{0.0, 0.0}, {0.4, 0.0}, {0.0, 0.7}, {0.5, 0.6}};
    for (size_t i = 0; i < 4; i++) {
        double x = pts[i][0], y = pts[i][1];
        double j392 = M_PI / (32.0 * G * c) *
                      (4.0 * (2.0 - nu) * c * c - (4.0 - 3.0 * nu) * x * x - (4.0 - nu) * y * y);
        double q = cerruti_disc(x, y, c, nu, G);
        ck_assert_msg(fabs(q - j392) <= 1e-8 * j392, "(%g, %g): quadrature %.12g, eq. 3.92a %.12g",
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
        ck_assert_msg(fabs(mean - want) <= 1e-8 * want,
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

START_TEST(loading_converges_to_mindlin)
{
    double e[3], k[3];
    int ns[3] = {6, 12, 24};
    mbf_drive m;
    drive_init(&m, 6, 0.3);
    mindlin q = mindlin_at(&m, D0);
    for (int i = 0; i < 3; i++) {
        e[i] = loading_error(ns[i], &k[i]);
        fprintf(stderr, "n %d: loading error %.4g mu N, k0 %.6g (8 G* a %.6g, %.4g)\n", ns[i], e[i],
                k[i], q.k0, k[i] / q.k0 - 1);
    }
    fprintf(stderr, "orders %.3f %.3f; k orders %.3f %.3f\n", log2(e[0] / e[1]), log2(e[1] / e[2]),
            log2((q.k0 - k[0]) / (q.k0 - k[1])), log2((q.k0 - k[1]) / (q.k0 - k[2])));
}
END_TEST

Suite *mbf_suite(void)
{
    Suite *s = suite_create("mbf");
    TCase *tc = test_tcase("mbf", 60);
    tcase_add_test(tc, disc_displacement_by_quadrature);
    tcase_add_test(tc, loading_converges_to_mindlin);
    suite_add_tcase(s, tc);
    return s;
}
