/* tangential_mbf.c -- Maw, Barber & Fawcett's annulus model of partial slip
 * under a Hertz contact (Maw, Barber & Fawcett 1976, "The oblique impact of
 * elastic spheres"; 1981, "The role of elastic tangential compliance in
 * oblique impact"; seed 004 ch. 2 Table 2, eqs. 46-47).
 *
 * Model. The contact circle of radius a (Hertz) is cut into n annuli of equal
 * width; the tangential traction (along the law's line) is a sum of
 * Hertz-like distributions on the discs c_i = i a/n:
 *   f(r) = sum_{i >= j} w_i (1 - r^2/c_i^2)^(1/2),   (eq. 46)
 * j the annulus holding r, and the force is
 *   F_t = (2 pi/3) sum_i c_i^2 w_i = (2 pi a^2/3) sum_i (i^2/n^2) w_i   (eq. 47).
 * Each annulus j is represented by its mid radius r_j = (j - 1/2) a/n and is
 * either stuck (its relative surface displacement does not change: the
 * elastic displacement follows the rigid tangential displacement delta) or
 * slipping (f(r_j) = +-mu p(r_j), p = p0 (1 - r^2/a^2)^(1/2) Hertz's pressure,
 * the sign that of its slip). At r_j the term i = j is (1 - (1 - 1/(2j))^2)^(1/2)
 * > 0, so the traction rows are triangular and regular (with the outer edge
 * as the point, w_j would not enter its own annulus' traction).
 *
 * Displacement of one disc (derived here; tests/test_mbf.c checks it by
 * quadrature of the point-force kernel). Cerruti's surface displacement of a
 * tangential point force Q along x (Johnson 1985, Contact Mechanics, eq.
 * 3.86a), written as u_x + i u_y with phi the direction from the force:
 *   u_x + i u_y = Q/(2 pi G rho) [(1 - nu/2) + (nu/2) e^(2 i phi)].
 * For an axisymmetric traction tau(s) along x the second term's field is
 * f(r) e^(2 i theta) (rotating the point rotates every phi), so its average
 * over theta is zero, and the theta-averaged u_x is the isotropic term alone:
 *   <u_x>(r) = (2 - nu)/(4 pi G) int tau(s)/|x - s| dA,
 * i.e. (2 - nu)/(2 (1 - nu)) times Boussinesq's normal displacement of a
 * pressure tau (u_z = (1 - nu)/(2 pi G) int p/|x - s| dA). For the Hertz
 * pressure q0 (1 - r^2/c^2)^(1/2) that is Johnson eqs. 3.42a,b, so with the
 * two bodies' displacements added, C = sum_k (2 - nu_k)/(4 G_k) = 1/(4 G*):
 *   r <= c:  <u>(r) = C q0 pi (2 c^2 - r^2)/(4 c)
 *   r >  c:  <u>(r) = C q0/(2 c) [(2 c^2 - r^2) asin(c/r) + c (r^2 - c^2)^(1/2)]
 * (continuous at r = c, both C q0 pi c/4). Inside the disc the displacement
 * is NOT uniform: u_x itself is (pi q0/(32 G c)) [4 (2 - nu) c^2 - (4 - 3 nu)
 * x^2 - (4 - nu) y^2] per body (Johnson eq. 3.92a), whose theta average is the
 * first line. It is uniform for Cattaneo's difference w_n = mu p0, w_k =
 * -mu p0 c_k/a (the quadratic terms cancel), which this basis holds exactly
 * when the stick radius is a c_k. Like MBF the law uses the theta-averaged
 * displacement at r_j (the y displacement averages to zero).
 * The stored energy of the traction field is (1/2) int f <u> dA, exact for
 * the basis: E = (1/2) sum_ik w_i w_k B_ik with
 *   B_ik = (pi^2 C/4) [(4/3) c_>^2 c_<^2 - (4/15) c_<^4]/c_>   (c_> = max(c_i, c_k))
 * (the inner disc sees the outer one's quadratic displacement; symmetric by
 * Betti's theorem). Checks: one disc in full sliding stores 3 (mu N)^2/(40 G*
 * a), Mindlin's energy at full slip; a uniform displacement needs the
 * singular traction and has stiffness 8 G* a, which the discs reach as n
 * grows (the initial stiffness converges to 8 G* a from below).
 *
 * Step at fixed a (the history driver's fixed overlaps): the displacement
 * increment is followed as a piecewise-linear path (MBF's iteration made
 * exact): on each piece the set of stuck and slipping annuli is fixed, the
 * rates solve the n x n system (stick: d<u>(r_j) = d delta; slip: df(r_j) =
 * 0), the set itself is settled by the sign checks (a slipping annulus whose
 * slip would reverse sticks, a stuck one at the limit whose traction would
 * pass it slips), and the piece ends where a stuck annulus reaches mu p(r_j).
 * Reversal: every slipping annulus sticks again (Masing), and the stiffness
 * is the virgin one. The work, F linear on a piece, is exact; the piece's
 * dissipation is that of the model's traction field over the whole circle,
 *   int f (d delta - d<u>) dA = work - Delta E        (E exact, below),
 * booked as slip when >= 0. (The collocation estimate sum_j mu p(r_j) A_j
 * |Delta s_j| over the slipping annuli misses the slip between the r_j:
 * +1.7 % ... +6.5 % on the cycle of tests/test_mbf.c.) A piece where the
 * traction field gives back energy (the continuum slips a little between
 * the points of a stuck annulus, either way) leaves its negative remainder
 * in stiffness_energy: at fixed N that sum is the collocation's energy
 * defect, measured -3.0e-3, -5.4e-4, -7.7e-5 of the slip over a
 * Mindlin-Deresiewicz cycle at n = 6, 12, 24; drivers warn when the sum is
 * negative ("tangential law created").
 * Full sliding (every annulus slipping) has the unique solution w_n = mu p0,
 * the rest 0 (the traction rows are triangular), so F_t = mu N exactly.
 *
 * Varying N: the contact radius moves from a0 (committed) to a, and the
 * basis with it. Material points keep their relative displacement s: the
 * committed s_j (at the committed r_j) is interpolated onto the new r_j
 * linearly in r^2 (an axisymmetric field is smooth in r^2; the relative
 * displacement of proportional oblique loading, s0 + c r^2, is carried
 * exactly, where linear interpolation in r put a chord under it at every
 * step and lost 30 % of the force on the way back down: tests/test_mbf.c);
 * beyond the committed edge a0 a surface point's relative
 * displacement is delta - <u>(r) of the committed traction (the outer
 * formula above), continuous with the inside at a0, so points that enter the
 * contact stick where they were. Then, at the committed delta, the annuli
 * solve stick (s_j unchanged) or slip (f = +-mu p(r_j) of the new pressure)
 * with the same sign checks, and the displacement increment follows at the
 * new a as above (a splitting, first order in the step under a changing N,
 * like mindlin_deresiewicz's integration = split). A shrinking a drops the
 * traction that lay outside the new circle: the remaining annuli carry the
 * force that the stick and slip conditions give them, and the stored energy
 * released (or taken) by that rearrangement, less the slip it causes, is
 * booked as stiffness_energy (signed). Where p falls below the carried
 * traction the annuli slip and that slip is booked as slip.
 *
 * Energy account: work = Delta E + slip + stiffness_energy, stiffness_energy
 * = work - slip - Delta E: the energy the normal change moves (signed), plus
 * the energy defect above at fixed N.
 *
 * Cost and limits: n <= 24 (MBF_MAX_N; the history is the n coefficients,
 * delta, a and the line: 232 bytes of the 256 a law may keep). A step solves
 * one n x n system per piece and per sign check (Gaussian elimination, n^3/3
 * flops): measured 1.5, 5.3, 23 us per step at n = 6, 12, 24 at constant N
 * and 2.3, 10, 56 us under varying N (steps of C/75), against 0.13 and
 * 0.67 us for mindlin_deresiewicz (measured before the energy matrix B
 * was kept with the geometry and the committed geometry skipped at an
 * unchanged radius, which took 44 % off `cwb init roll --tangential mbf`). Under the collision driver the force has
 * a kink wherever an annulus starts to slip, and the varying-N splitting is
 * first order, so dt = auto takes many more steps (37,828 against 1,312 on
 * cases/seed004_fig5_md.case). The law is one-dimensional along the line of the first tangential
 * motion, as mindlin_deresiewicz (cwb_tangential_direction). It needs Hertz's
 * pressure, so only the normal law hertz. It is released (its energy booked
 * as stiffness_energy) when the contact opens. The active set is settled by
 * at most 4 n + 8 re-solves; a step where it does not settle keeps the last
 * solution and is flagged CWB_FLAG_EXTRAPOLATED.
 *
 * Units: mu [-]; n [-]; w_i [Pa]; forces [N]. History: mbf_state.
 */
#include <string.h>

#include "cwb_law.h"

#define MBF_MAX_N 24

typedef struct {
    double w[MBF_MAX_N]; /* traction coefficients of the discs c_i = i a/n [Pa] */
    double delta;        /* tangential displacement along the line [m] */
    double a;            /* contact radius the coefficients belong to [m]; 0: none */
    cwb_vec3 axis;       /* unit direction of the law's line (0: no motion yet) */
} mbf_state;
CWB_STATE_FITS(mbf_state);

static const cwb_param mbf_params[] = {{.name = "mu",
                                        .example = "0.3",
                                        .unit = "-",
                                        .min = 0,
                                        .max = INFINITY,
                                        .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
                                        .help = "Coulomb friction coefficient"},
                                       {.name = "n",
                                        .unit = "-",
                                        .def = 12,
                                        .min = 1,
                                        .max = MBF_MAX_N,
                                        .flags = CWB_P_INTEGER,
                                        .help = "number of annuli (equal widths a/n); the history "
                                                "holds one coefficient per annulus"},
                                       {0}};

/* One step's geometry: radii, pressure at the points, areas, and the
 * displacement (A), traction (M) and energy (B) matrices of the basis. */
typedef struct {
    int n;
    double a, mu, C; /* contact radius, friction, compliance 1/(4 G*) */
    double r[MBF_MAX_N], c[MBF_MAX_N], lim[MBF_MAX_N], area[MBF_MAX_N];
    double A[MBF_MAX_N][MBF_MAX_N]; /* <u>(r_j) per unit w_i [m/Pa] */
    double M[MBF_MAX_N][MBF_MAX_N]; /* f(r_j) per unit w_i [-] */
    double B[MBF_MAX_N][MBF_MAX_N]; /* energy per unit w_i w_k [m^3/Pa] */
} mbf_geom;

/* theta-averaged displacement at r of the unit traction (1 - s^2/c^2)^(1/2)
 * on the disc of radius c, both bodies (header). */
static double mbf_disc_disp(double C, double r, double c)
{
    if (r <= c)
        return C * M_PI * (2.0 * c * c - r * r) / (4.0 * c);
    return C / (2.0 * c) * ((2.0 * c * c - r * r) * asin(c / r) + c * sqrt(r * r - c * c));
}

static void mbf_geom_make(mbf_geom *g, int n, double a, double N, double mu, double Gs)
{
    double p0 = 3.0 * N / (2.0 * M_PI * a * a);
    g->n = n;
    g->a = a;
    g->mu = mu;
    g->C = 1.0 / (4.0 * Gs);
    for (int j = 0; j < n; j++) {
        g->r[j] = (j + 0.5) * a / n;
        g->c[j] = (j + 1.0) * a / n;
        g->lim[j] = mu * p0 * sqrt(1.0 - g->r[j] * g->r[j] / (a * a));
        g->area[j] = M_PI * a * a * (2.0 * j + 1.0) / ((double)n * n);
    }
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            g->A[j][i] = mbf_disc_disp(g->C, g->r[j], g->c[i]);
            double q = g->r[j] / g->c[i];
            g->M[j][i] = i >= j ? sqrt(1.0 - q * q) : 0.0;
            double cg = fmax(g->c[j], g->c[i]), cl = fmin(g->c[j], g->c[i]);
            g->B[j][i] = 0.25 * M_PI * M_PI * g->C *
                         (4.0 / 3.0 * cg * cg * cl * cl - 4.0 / 15.0 * cl * cl * cl * cl) / cg;
        }
}

static double mbf_dot(const double *row, const double *w, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += row[i] * w[i];
    return s;
}

/* eq. 47 */
static double mbf_force(const mbf_geom *g, const double *w)
{
    double s = 0.0;
    for (int i = 0; i < g->n; i++)
        s += g->c[i] * g->c[i] * w[i];
    return 2.0 * M_PI / 3.0 * s;
}

/* (1/2) w^T B w (header) */
static double mbf_energy(const mbf_geom *g, const double *w)
{
    double e = 0.0;
    for (int i = 0; i < g->n; i++)
        for (int k = 0; k < g->n; k++)
            e += w[i] * w[k] * g->B[i][k];
    return 0.5 * e;
}

/* Solve the n x n system m x = b in place (Gaussian elimination with
 * partial pivoting); returns 0 when it is singular. */
static int mbf_solve(int n, double m[MBF_MAX_N][MBF_MAX_N], double *b, double *x)
{
    for (int k = 0; k < n; k++) {
        int piv = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(m[i][k]) > fabs(m[piv][k]))
                piv = i;
        if (!(fabs(m[piv][k]) > 0.0))
            return 0;
        if (piv != k) {
            for (int j = 0; j < n; j++) {
                double t = m[k][j];
                m[k][j] = m[piv][j];
                m[piv][j] = t;
            }
            double t = b[k];
            b[k] = b[piv];
            b[piv] = t;
        }
        for (int i = k + 1; i < n; i++) {
            double f = m[i][k] / m[k][k];
            for (int j = k; j < n; j++)
                m[i][j] -= f * m[k][j];
            b[i] -= f * b[k];
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        double s = b[i];
        for (int j = i + 1; j < n; j++)
            s -= m[i][j] * x[j];
        x[i] = s / m[i][i];
    }
    return 1;
}

/* The system of the set st (0: stuck, +-1: slipping that way): row j is
 * A_j for a stuck annulus, M_j for a slipping one, right side b. */
static int mbf_solve_set(const mbf_geom *g, const int *st, const double *b, double *x)
{
    double m[MBF_MAX_N][MBF_MAX_N], rhs[MBF_MAX_N];
    for (int j = 0; j < g->n; j++) {
        memcpy(m[j], st[j] ? g->M[j] : g->A[j], sizeof(double) * (size_t)g->n);
        rhs[j] = b[j];
    }
    return mbf_solve(g->n, m, rhs, x);
}

static int mbf_at_limit(const mbf_geom *g, const double *w, int j)
{
    return fabs(mbf_dot(g->M[j], w, g->n)) >= g->lim[j] * (1.0 - 1e-9);
}

static double sgn(double x)
{
    return x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : 0.0;
}

/* The rates dw per unit displacement in the direction dir (+-1) from the
 * state w, and the set st they hold on (header: the sign checks). Returns 0
 * when the set did not settle. */
static int mbf_rates(const mbf_geom *g, const double *w, double dir, int *st, double *dw)
{
    int n = g->n;
    for (int j = 0; j < n; j++)
        st[j] = mbf_at_limit(g, w, j) ? (int)sgn(mbf_dot(g->M[j], w, n)) : 0;
    for (int it = 0; it < 4 * n + 8; it++) {
        double b[MBF_MAX_N] = {0};
        for (int j = 0; j < n; j++)
            b[j] = st[j] ? 0.0 : dir;
        if (!mbf_solve_set(g, st, b, dw)) {
            memset(dw, 0, sizeof(double) * (size_t)n); /* singular: no change, flagged */
            return 0;
        }
        int changed = 0;
        for (int j = 0; j < n; j++) {
            if (st[j]) {
                double ds = dir - mbf_dot(g->A[j], dw, n); /* slip rate */
                if (st[j] * ds < 0.0) {
                    st[j] = 0;
                    changed = 1;
                }
            } else if (mbf_at_limit(g, w, j)) {
                double f = mbf_dot(g->M[j], w, n), df = mbf_dot(g->M[j], dw, n);
                if (sgn(f) * df > 0.0) {
                    st[j] = (int)sgn(f);
                    changed = 1;
                }
            }
        }
        if (!changed)
            return 1;
    }
    return 0;
}

/* What a step accumulates. */
typedef struct {
    double work, slip, stiffness;
    int sliding, unsettled;
} mbf_acc;

/* The length (in |delta|) a piece with rates dw may run before a stuck
 * annulus reaches its limit, at most rem. */
static double mbf_piece_length(const mbf_geom *g, const double *w, const int *st, const double *dw,
                               double rem)
{
    double t = rem;
    for (int j = 0; j < g->n; j++) {
        if (st[j])
            continue;
        double f = mbf_dot(g->M[j], w, g->n), df = mbf_dot(g->M[j], dw, g->n);
        if (df == 0.0)
            continue;
        double tj = ((df > 0.0 ? g->lim[j] : -g->lim[j]) - f) / df;
        t = fmin(t, fmax(tj, 0.0));
    }
    return t;
}

/* The displacement x along the line at fixed geometry, piece by piece
 * (header). Updates w and the account. */
static void mbf_slide(const mbf_geom *g, double *w, double x, mbf_acc *acc)
{
    int n = g->n, st[MBF_MAX_N];
    double dir = x < 0.0 ? -1.0 : 1.0, rem = fabs(x), dw[MBF_MAX_N];
    for (int piece = 0; piece < 8 * n + 8 && rem > 0.0; piece++) {
        if (!mbf_rates(g, w, dir, st, dw))
            acc->unsettled = 1;
        double t = mbf_piece_length(g, w, st, dw, rem);
        double F = mbf_force(g, w), dF = mbf_force(g, dw), e0 = mbf_energy(g, w);
        double work = dir * t * (F + 0.5 * t * dF);
        for (int i = 0; i < n; i++)
            w[i] += t * dw[i];
        /* the piece's dissipation int f ds dA of the traction field (header,
         * "Energy account"); a negative remainder is left to stiffness_energy */
        acc->work += work;
        acc->slip += fmax(0.0, work - (mbf_energy(g, w) - e0));
        rem -= t;
        if (piece == 8 * n + 7 && rem > 0.0)
            acc->unsettled = 1;
    }
    /* the tangent stiffness onward in the step's direction, and full sliding */
    if (!mbf_rates(g, w, dir, st, dw))
        acc->unsettled = 1;
    acc->stiffness = mbf_force(g, dw) * dir;
    acc->sliding = 1;
    for (int j = 0; j < n; j++)
        acc->sliding &= st[j] != 0;
}

/* The committed relative displacement of the material point at radius r
 * (header, "Varying N"): s_j interpolated inside the committed circle,
 * delta0 - <u>(r) outside it. */
static double mbf_committed_slip(const mbf_geom *g0, const double *w0, double delta0,
                                 const double *s0, double r)
{
    int n = g0->n;
    if (r >= g0->a) {
        double u = 0.0;
        for (int i = 0; i < n; i++)
            u += w0[i] * mbf_disc_disp(g0->C, r, g0->c[i]);
        return delta0 - u;
    }
    /* linear in r^2 (header): an axisymmetric field is smooth in r^2 */
    double x = r * r;
    if (n > 1 && r >= g0->r[n - 1]) {
        double edge = mbf_committed_slip(g0, w0, delta0, s0, g0->a);
        double x0 = g0->r[n - 1] * g0->r[n - 1], q = (x - x0) / (g0->a * g0->a - x0);
        return s0[n - 1] + q * (edge - s0[n - 1]);
    }
    if (n == 1)
        return s0[0];
    int j = (int)(r / g0->a * n - 0.5);
    j = j < 0 ? 0 : j > n - 2 ? n - 2 : j; /* below r_1: the first interval, extended */
    double x0 = g0->r[j] * g0->r[j], x1 = g0->r[j + 1] * g0->r[j + 1];
    return s0[j] + (x - x0) / (x1 - x0) * (s0[j + 1] - s0[j]);
}

/* The committed traction carried onto the new geometry g at the committed
 * displacement delta0 (header, "Varying N"): into w, with the slip it
 * causes in acc. */
static void mbf_carry(const mbf_geom *g0, const double *w0, double delta0, const mbf_geom *g,
                      double *w, mbf_acc *acc)
{
    int n = g->n, st[MBF_MAX_N] = {0};
    double s0[MBF_MAX_N], S[MBF_MAX_N], b[MBF_MAX_N] = {0};
    for (int j = 0; j < n; j++)
        s0[j] = delta0 - mbf_dot(g0->A[j], w0, n);
    for (int j = 0; j < n; j++)
        S[j] = mbf_committed_slip(g0, w0, delta0, s0, g->r[j]);
    int settled = 0;
    for (int it = 0; it < 4 * n + 8 && !settled; it++) {
        for (int j = 0; j < n; j++)
            b[j] = st[j] ? st[j] * g->lim[j] : delta0 - S[j];
        if (!mbf_solve_set(g, st, b, w))
            break;
        settled = 1;
        for (int j = 0; j < n; j++) {
            double f = mbf_dot(g->M[j], w, n);
            if (!st[j] && fabs(f) > g->lim[j] * (1.0 + 1e-12)) {
                st[j] = (int)sgn(f);
                settled = 0;
            } else if (st[j] && st[j] * (delta0 - mbf_dot(g->A[j], w, n) - S[j]) < 0.0) {
                st[j] = 0;
                settled = 0;
            }
        }
    }
    acc->unsettled |= !settled;
    for (int j = 0; j < n; j++)
        if (st[j])
            acc->slip += g->lim[j] * g->area[j] * fabs(delta0 - mbf_dot(g->A[j], w, n) - S[j]);
}

/* The law's line: set from the first tangential motion (as
 * mindlin_deresiewicz), then carried into the current tangent plane. */
static int mbf_axis(const mbf_state *s, mbf_state *t, const cwb_kin *k, double r_star)
{
    if (cwb_v3_norm(s->axis) == 0.0) {
        cwb_vec3 dir = cwb_tangential_direction(k, r_star);
        if (cwb_v3_norm(dir) == 0.0)
            return 0;
        t->axis = dir;
        return 1;
    }
    cwb_vec3 ax = cwb_v3_in_plane(cwb_v3_in_plane(s->axis, k->normal), k->normal);
    double m = cwb_v3_norm(ax);
    t->axis = m > 0.0 ? cwb_v3_scale(ax, 1.0 / m) : s->axis;
    return 1;
}

/* The committed geometry: the radius of the coefficients and the load Hertz
 * gives there, N = 4 E* a^3/(3 R*) (the law needs Hertz). */
static void mbf_committed_geom(const mbf_state *s, const cwb_pair *pg, int n, double mu,
                               mbf_geom *g0)
{
    double a0 = s->a, N0 = 4.0 * pg->E_star * a0 * a0 * a0 / (3.0 * pg->R_star);
    mbf_geom_make(g0, n, a0, N0, mu, pg->G_star);
}

static int mbf_step(const double *p, const cwb_pair *pg, const void *state, const cwb_kin *k,
                    const cwb_normal_out *nrm, cwb_tangential_out *out, void *trial)
{
    const mbf_state *s = state;
    mbf_state *t = trial;
    double mu = p[0], N = nrm->force, a = nrm->radius;
    int n = (int)p[1];
    memset(out, 0, sizeof *out);
    mbf_geom g0, g; /* about 14 kB each, on the stack */
    double e0 = 0.0;
    if (!(k->delta > 0.0) || !(N > 0.0) || !(a > 0.0)) { /* NaN too */
        if (s->a > 0.0) {
            mbf_committed_geom(s, pg, n, mu, &g0);
            e0 = mbf_energy(&g0, s->w);
        }
        memset(t, 0, sizeof *t);
        out->dissipated = e0;
        out->stiffness_energy = e0;
        return CWB_OK;
    }
    *t = *s;
    mbf_geom_make(&g, n, a, N, mu, pg->G_star);
    /* the committed geometry is needed where the radius changed (mbf_carry);
     * at the same radius its energy matrix is g's, entry for entry (B
     * depends on a, n and G* alone), which a held normal load makes the
     * rule: the roll driver's steps make one geometry, not two */
    if (s->a > 0.0 && s->a != a)
        mbf_committed_geom(s, pg, n, mu, &g0);
    if (s->a > 0.0)
        e0 = mbf_energy(s->a != a ? &g0 : &g, s->w);
    mbf_acc acc = {0};
    if (!mbf_axis(s, t, k, pg->R_star)) {
        /* no motion yet: stuck, the discs' initial stiffness */
        int st[MBF_MAX_N];
        double dw[MBF_MAX_N];
        memset(t->w, 0, sizeof t->w);
        acc.unsettled = !mbf_rates(&g, t->w, 1.0, st, dw);
        out->stiffness = mbf_force(&g, dw);
        t->a = a;
        return CWB_OK;
    }
    if (s->a > 0.0 && s->a != a)
        mbf_carry(&g0, s->w, s->delta, &g, t->w, &acc);
    double x = cwb_v3_dot(cwb_v3_in_plane(k->dxi_t, k->normal), t->axis);
    mbf_slide(&g, t->w, x, &acc);
    t->delta = s->delta + x;
    t->a = a;
    double e1 = mbf_energy(&g, t->w);
    out->force = cwb_v3_scale(t->axis, mbf_force(&g, t->w));
    out->stiffness = acc.stiffness;
    out->energy = e1;
    out->work = acc.work;
    out->slip = acc.slip;
    out->stiffness_energy = acc.work - acc.slip - (e1 - e0);
    out->dissipated = acc.work - (e1 - e0);
    out->sliding = acc.sliding;
    if (acc.unsettled)
        out->flags |= CWB_FLAG_EXTRAPOLATED;
    return CWB_OK;
}

const cwb_tangential_type cwb_tangential_mbf = {
    .head =
        {
            .name = "mbf",
            .creates_energy = "the annuli's collocation lets the traction field give back energy "
                              "between the points of a stuck annulus: 3e-3 of the slip of a loop "
                              "to 0.8 of full slip at n = 6, up to all of it in small loops; and "
                              "under a varying N its rearrangement (src/laws/tangential_mbf.c)",
            .summary = "Maw-Barber-Fawcett annuli: partial slip of n stuck/slipping annuli (Hertz)",
            .source = "[maw1976]; [maw1981]; [rathbone_thesis] eqs. 46-47",
            .params = mbf_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(mbf_state),
            .needs_normal = "hertz",
        },
    .step = mbf_step,
};
