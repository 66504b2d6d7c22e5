/* tangential_mindlin_deresiewicz.c -- Mindlin-Deresiewicz partial slip with
 * loading, unloading and reloading branches and varying normal force.
 *
 * Reference: seed 004 eqs. 41-45 (after Thornton & Yin 1991, Vu-Quoc &
 * Zhang 1999); Mindlin & Deresiewicz (1953); Johnson, Contact Mechanics,
 * sec. 7.2-7.3. With a the contact radius, k0 = 8 G* a, N = F_n:
 *   Delta T = k0 theta Delta delta_t +- mu (1 - theta) Delta N   (eq. 41,
 *             minus while unloading)
 *   theta^3 = 1 - (T + mu dN)/(mu N)                 loading      (eq. 42)
 *           = 1 - (T* - T + 2 mu dN)/(2 mu N)        unloading
 *           = 1 - (T - T** + 2 mu dN)/(2 mu N)       reloading
 *   T* += mu dN while not loading (eq. 44), T** -= mu dN while not
 *   unloading (eq. 45, see below); theta = 1 while dN > 0 and |Delta delta_t| <
 *   mu dN / k0, the simple-loading condition (eq. 43).
 *
 * Deviations from the extracted text, and why:
 *  - Reloading: the extraction has "F*_t - F**_t" in eq. 42; it must be
 *    T - T** (Thornton & Yin): at the reversal T = T** so theta = 1 (the
 *    contact is stiff again), and theta falls as T climbs back towards T*.
 *    With the text's form theta would not depend on T at all.
 *  - T** tracking: the text says T** "is equal to the tangential force
 *    during reloading"; then T - T** = 0 and theta = 1 for the whole
 *    reloading branch, a straight line. As T* tracks T during loading (so
 *    it holds the last loading force when unloading starts), T** tracks T
 *    during UNLOADING and follows eq. 45 otherwise; with that the reloading
 *    branch is Mindlin-Deresiewicz's (tests/test_tangential.c).
 *  - Falling N with falling displacement: the rules pick their branch by
 *    the sign of the displacement increment, so the normal unloading of a
 *    proportional oblique path (delta_t = c delta_n, T/N < mu: no slip and
 *    T = 4 c N G* / E* exactly, Mindlin & Deresiewicz 1953) is read as a
 *    tangential unloading from T*; eq. 42 then gives theta^3 > 1 and the
 *    force reverses to -mu N (cases/seed004_md_oblique_unload.case, 1.0 of
 *    max |T| off the closed form). Kept as printed: it is the thesis' law.
 *  - Integration: at constant N the displacement term of eq. 41 is the ODE
 *    dT/d(delta) = k0 theta(T), whose solution has theta^2 linear in
 *    delta (w^(2/3) falls by Delta delta / C on loading, by Delta delta / 2C
 *    on unloading and reloading, C = 3 mu N/(16 G* a)). cwb integrates that
 *    ODE exactly over each step, starting from theta^3 evaluated with the
 *    step's dN as eq. 42 says; the text's forward use of theta is the
 *    first-order approximation of the same thing. At constant N the law
 *    therefore lies on the closed-form Mindlin-Deresiewicz curves for any
 *    step size (tests/test_laws.c).
 *  - Geometry: the law is one-dimensional, along the line of the first
 *    tangential motion (carried into the current tangent plane). Increments
 *    across that line are ignored; planar collisions, the usual use, are
 *    exact. The first motion must be more than the round-off of the
 *    driver's projection onto the tangent plane (cwb_tangential_direction,
 *    src/laws/spring.c): the line was once taken from a 1e-57 m displacement
 *    that round-off left along the normal of a head-on impact, and the law's
 *    force, driven by the changing N of eqs. 41-45, acted along the normal
 *    (6-16 % of the impact energy lost, unbooked). Until the line is set
 *    the law carries no force and reports its initial stiffness 8 G* a.
 *  - Energy. At constant N the law is Masing's rule on Mindlin's backbone,
 *    which is exactly an Iwan model (parallel elastic-Coulomb elements). Its
 *    slip dissipation on a branch F = F_start + span g(x/c), g(y) = 1 -
 *    (1 - y)^(3/2), is dD = (span c/m) (g - y g') dy (m = 1 on virgin
 *    loading, c = C, span = mu N; m = 2 on unloading and reloading, c = 2C,
 *    span = 2 mu N), i.e. with omega = theta^2 = 1 - y
 *      slip = mu N C m int_{omega1}^{omega0} (1 - 1.5 omega^(1/2)
 *             + 0.5 omega^(3/2)) d omega                        (>= 0),
 *    plus mu N times any distance slid at the Coulomb limit. The stored
 *    energy is the Iwan model's, a function of the state (md_energy:
 *    virgin, unloading and reloading branches in closed form), so at
 *    constant N W = Delta E + slip to round-off and a closed cycle
 *    dissipates the loop area (tests/test_laws.c). When N changes, the
 *    force moves by +- mu (1 - theta) dN, k0 and C change at fixed
 *    displacement, and the energy function moves with them; that change is
 *    stiffness_energy = W - slip - Delta E (signed). The law has no exact
 *    energy under varying N: E is then the Iwan energy of the state the
 *    law's rules reach (the reversal energies scaled with mu N C, E never
 *    below T^2/(2 k0)), and the split an estimate. A full reversal, which
 *    the law restarts as virgin loading, also books the difference there.
 *
 * Path (integration = path, the default). Under a changing N
 * the per-step algorithm above (dN applied first with theta of the step's
 * start, then the displacement at the new N and k0) is a splitting of the
 * ODE eqs. 41-45 that errs at O(dt^2) per step: first order, so dt = auto
 * missed its tolerance on Figs. 36-37 (1.2e-3 against fine runs where
 * 1e-4 was asked). When N changes over a step the law instead integrates
 * the ODE along the step's path: cubic Hermite interpolants of delta, of
 * the displacement x along the law's line and of N over u = s/dt in
 * [0, 1], from the committed values and rates (kept in md_state, committed
 * by the driver with the step, so the step stays a pure function of its
 * committed state and kinematics) and the current ones (N' = k_n
 * delta'); the straight line when dt = 0 or the rates are the step's
 * secant (the history driver), the quadratic through the current rate on
 * the first step with motion; k0^2 affine in delta (exact for Hertz). In
 * omega = theta^2 the branches are smooth, C = 3 mu N/(2 k0):
 *   loading    omega' = -x'/C + (2/3)(1 - omega) N'/N,
 *   unloading  omega' =  x'/(2C) + (1/3 - (2/3) omega) N'/N,
 *   reloading  omega' = -x'/(2C) + (1/3 - (2/3) omega) N'/N,
 * T following from eq. 42 with T* (T**) moving by mu N' (-mu N') while
 * not loading (unloading), eqs. 44-45; under simple loading (eq. 43)
 * T' = k0 x' is integrated instead (omega is singular there near mu N).
 * Classical RK4 in 4 substeps per step, with the path split where x'
 * changes sign (a new branch starts: the quadratic x'(u) has its roots in
 * closed form) and where the simple-loading condition changes (bisection);
 * a full reversal (unloading down to -mu N) and reloading back to T* end
 * a branch inside a substep, found by bisection on the substep length.
 * The work and the Iwan slip dissipation mu N (1 - theta)^2 (1 + theta/2)
 * |x'| (the rate form of the slip integral above; mu N |x'| on the limit)
 * are integrated with it; the stored energy and stiffness_energy as above.
 * slip_margin: -omega_trial mu N on loading (> 0 past full slip, the
 * trial omega continuing below 0), |T| - mu N on the other branches, so
 * the collision driver locates the onset of full sliding. At constant N
 * (N equal to the committed load, the history driver's fixed overlaps)
 * the exact per-step integration above is kept: the closed-form curves
 * hold to round-off for any step (tests/test_tangential.c).
 * Measured (Fig. 37 cases, dt 2e-9 ... 1.25e-10 s against 3.9e-12 s):
 * restitution errors 1e-5 ... 1e-8 relative, 100-1000 times smaller than
 * the split's; the order is irregular (0.6-3.9), because the law's own
 * kinks (reversals, where T' jumps by 2 mu (1 - theta) N'; the switches
 * of eq. 43) are located inside the law's path but not by the collision
 * driver, whose RK4 step then spans them. integration = split keeps the
 * per-step algorithm.
 *
 * Adhesion: N is F_n + friction_offset, as in the spring-based
 * laws (spring.c): F_n + 2 F_pulloff under an adhesive law with
 * friction_load = offset (the equivalent Hertz load of Thornton & Yin 1991,
 * after Savkoor & Briggs 1977; LAMMPS pair granular), F_n otherwise, in the
 * Coulomb limit mu N, the compliance C and the changes dN alike; a is the
 * adhesive law's contact radius. The law is released below delta_off (where
 * an adhesive contact ends; 0 for other laws) or when N <= 0. For
 * non-adhesive laws nothing changes.
 *
 * Units: mu [-]; forces [N]; k0 [N/m]. 3D spheres. History: md_state.
 */
#include <string.h>

#include "cwb_law.h"

enum { MODE_LOADING = 0, MODE_UNLOADING, MODE_RELOADING };

typedef struct {
    cwb_vec3 axis;    /* unit direction of the law's line (0: virgin) */
    double sign;      /* +-1: direction of the current loading branch */
    double t, t1, t2; /* T, T*, T** in the loading frame (sign * force) [N] */
    double fn;        /* committed normal load N (header) [N] */
    double energy;    /* committed stored energy [J] */
    double e1, e2;    /* stored energy at the reversals T*, T** [J] */
    double k0;        /* committed sticking stiffness 8 G* a [N/m] */
    int mode;
    /* the committed rates the next step's path starts from (header) */
    cwb_vec3 v_t;      /* tangential velocity [m/s] */
    double delta_rate; /* d(delta)/dt [m/s] */
    double kn;         /* dN/d(delta) of the normal law [N/m] */
    int rates;         /* 1: committed with dt > 0 */
} md_state;
CWB_STATE_FITS(md_state);

static const char *const md_integrations[] = {"path", "split", NULL};

static const cwb_param md_params[] = {{.name = "mu",
                                       .example = "0.3",
                                       .unit = "-",
                                       .min = 0,
                                       .max = INFINITY,
                                       .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
                                       .help = "Coulomb friction coefficient"},
                                      {.name = "integration",
                                       .unit = "-",
                                       .def = 0,
                                       .kind = CWB_PARAM_CHOICE,
                                       .choices = md_integrations,
                                       .help = "varying N: eqs. 41-45 integrated along the step's "
                                               "Hermite path (fourth order) or the per-step "
                                               "splitting (dN first, then the displacement at the "
                                               "new N; first order)"},
                                      {0}};

/* int_{omega1}^{omega0} (1 - 1.5 omega^(1/2) + 0.5 omega^(3/2)) d omega,
 * the Iwan slip integral (header). With s = omega^(1/2) the integrand is
 * (1 - s)^2 (2 + s) s ds, a quartic: 3-point Gauss-Legendre is exact and,
 * every node term being >= 0, never returns a negative value. */
static double iwan_slip(double om0, double om1)
{
    static const double node[3] = {-0.7745966692414834, 0.0, 0.7745966692414834};
    static const double weight[3] = {5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0};
    double s0 = sqrt(fmax(om0, 0.0)), s1 = sqrt(fmax(om1, 0.0));
    double mid = 0.5 * (s0 + s1), half = 0.5 * (s0 - s1), sum = 0.0;
    if (!(half > 0.0))
        return 0.0;
    for (int i = 0; i < 3; i++) {
        double x = mid + half * node[i];
        sum += weight[i] * (1.0 - x) * (1.0 - x) * (2.0 + x) * x;
    }
    return half * sum;
}

/* Displacement part of one branch at fixed N, integrated exactly.
 * w0 = theta^3 at the start, x >= 0 the displacement along the branch,
 * c the compliance length (C or 2C), span the force span (mu N or 2 mu N).
 * Returns the force change (>= 0, towards the branch's limit) and the
 * integral of (w0 - w(x')) dx' over [0, x] in *area, sets *slid when the
 * branch reaches its limit (w = 0) and *x_used to the displacement spent on
 * the branch before that, and *iwan to iwan_slip over the part used. */
/* What a branch step used: the area under w, the displacement taken
 * before full sliding, the Iwan slip integral, and whether it slid. */
typedef struct {
    double area, x_used, iwan;
    int slid;
} branch_step;

static double branch(double w0, double x, double c, double span, branch_step *b)
{
    *b = (branch_step){0};
    if (w0 <= 0.0) {
        b->slid = 1;
        return 0.0;
    }
    double om0 = pow(w0, 2.0 / 3.0);
    double om1 = om0 - x / c;
    double xe = x;
    if (om1 <= 0.0) {
        om1 = 0.0;
        xe = om0 * c;
        b->slid = 1;
    }
    double w1 = om1 * sqrt(om1);
    /* int_0^xe w dx = c (2/5)(om0^(5/2) - om1^(5/2)) */
    double int_w = c * 0.4 * (om0 * om0 * sqrt(om0) - om1 * om1 * sqrt(om1));
    b->area = w0 * xe - int_w;
    b->x_used = xe;
    b->iwan = iwan_slip(om0, om1);
    return span * (w0 - w1);
}

/* One step's quantities along the loading direction. */
typedef struct {
    double mu, mN;    /* friction coefficient, Coulomb limit mu N */
    double C, k0;     /* compliance length 3 mu N/(16 G* a), stiffness 8 G* a */
    double d;         /* displacement increment in the loading frame */
    double dN;        /* change of N over the step (0 once applied) */
    double T, T1, T2; /* force and reversal points */
    int mode;         /* MODE_* of the branch the step is on */
} md_ctx;

/* What a branch gives: the new force, the work along it, the force the
 * displacement stage started from (T moved by dN), the slip dissipation,
 * whether it slid. */
typedef struct {
    double Tn, work, start, slip;
    int slid;
} md_result;

/* A reversal at the committed point starts a new branch. */
static void md_switch_branch(md_ctx *c)
{
    if (c->mode == MODE_LOADING && c->d < 0.0) {
        c->mode = MODE_UNLOADING;
        c->T1 = c->T;
    } else if (c->mode == MODE_UNLOADING && c->d > 0.0) {
        c->mode = MODE_RELOADING;
        c->T2 = c->T;
    } else if (c->mode == MODE_RELOADING && c->d < 0.0) {
        c->mode = MODE_UNLOADING;
        c->T1 = c->T;
    }
}

/* eq. 43: the simple-loading condition fails; theta = 1 */
static void md_stiff(const md_ctx *c, md_result *r)
{
    r->Tn = c->T + c->k0 * c->d;
    r->work = (c->T + 0.5 * c->k0 * c->d) * c->d;
    r->start = c->T;
    r->slip = 0.0;
}

/* Virgin loading from the committed force T. */
static void md_loading(const md_ctx *c, md_result *r)
{
    double T = c->T, dN = c->dN, x = c->d;
    double w0 = 1.0 - (T + c->mu * dN) / c->mN;
    double th = w0 > 0.0 ? cbrt(w0) : 0.0;
    double start = T + c->mu * (1.0 - th) * dN;
    branch_step b;
    r->Tn = start + branch(w0, x, c->C, c->mN, &b);
    double used = b.x_used;
    r->slid = b.slid;
    r->work = start * used + c->mN * b.area;
    r->start = start;
    r->slip = c->mN * c->C * b.iwan;
    if (r->slid) {
        r->Tn = c->mN;
        r->work += c->mN * (x - used);
        r->slip += c->mN * (x - used);
    }
}

static void md_unloading(const md_ctx *c, md_result *r)
{
    double mN = c->mN, T = c->T;
    double w0 = 1.0 - (c->T1 - T + 2.0 * c->mu * c->dN) / (2.0 * mN);
    double th = w0 > 0.0 ? cbrt(w0) : 0.0;
    double start = T - c->mu * (1.0 - th) * c->dN;
    branch_step b;
    r->Tn = start - branch(w0, -c->d, 2.0 * c->C, 2.0 * mN, &b);
    double used = b.x_used;
    r->slid = b.slid;
    r->work = -(start * used - 2.0 * mN * b.area);
    r->start = start;
    r->slip = 2.0 * mN * c->C * b.iwan;
    if (r->slid || r->Tn <= -mN) {
        /* full reversal: slides backwards, loading now runs the other way */
        r->work += mN * (-c->d - used);
        r->slip += mN * (-c->d - used);
        r->Tn = -mN;
        r->slid = 1;
    }
}

/* Reloading; back on the virgin loading curve (Masing) once it reaches the
 * reversal point T1 (moved with N, eq. 44): loading continues with what is
 * left of the increment, at fixed N (c->mode, T and dN change then). */
static void md_reloading(md_ctx *c, md_result *r)
{
    double mN = c->mN, C = c->C, T = c->T;
    double w0 = 1.0 - (T - c->T2 + 2.0 * c->mu * c->dN) / (2.0 * mN);
    double th = w0 > 0.0 ? cbrt(w0) : 0.0;
    double start = T + c->mu * (1.0 - th) * c->dN;
    double T1n = c->T1 + c->mu * c->dN;
    branch_step b;
    r->Tn = start + branch(w0, c->d, 2.0 * C, 2.0 * mN, &b);
    double used = b.x_used;
    r->slid = b.slid;
    r->work = start * used + 2.0 * mN * b.area;
    r->start = start;
    r->slip = 2.0 * mN * C * b.iwan;
    if (!(r->Tn >= T1n || r->slid))
        return;
    double x_at = used;
    if (r->Tn > T1n) {
        /* displacement at which the reloading branch meets T* */
        double w_at = w0 - (T1n - start) / (2.0 * mN);
        double om_at = w_at > 0.0 ? pow(w_at, 2.0 / 3.0) : 0.0;
        x_at = (pow(w0, 2.0 / 3.0) - om_at) * 2.0 * C;
        double area_at =
            w0 * x_at - 2.0 * C * 0.4 * (pow(w0, 5.0 / 3.0) - om_at * om_at * sqrt(om_at));
        r->work = start * x_at + 2.0 * mN * area_at;
        r->slip = 2.0 * mN * C * iwan_slip(pow(w0, 2.0 / 3.0), om_at);
    }
    c->mode = MODE_LOADING;
    c->T = T1n;
    double rest = c->d - x_at, w1 = 1.0 - T1n / mN;
    branch_step b1;
    r->Tn = T1n + branch(w1, rest, C, mN, &b1);
    r->work += T1n * b1.x_used + mN * b1.area;
    r->slip += mN * C * b1.iwan;
    if (b1.slid) {
        r->Tn = mN;
        r->work += mN * (rest - b1.x_used);
        r->slip += mN * (rest - b1.x_used);
        r->slid = 1;
    }
    c->dN = 0.0; /* already applied to T* above */
}

/* Coulomb cap and the reversal-point bookkeeping (eqs. 44-45); a full
 * reversal makes the other direction the loading one (*sg flips). */
static void md_bookkeeping(md_ctx *c, md_result *r, double *sg)
{
    double mN = c->mN;
    if (r->Tn > mN)
        r->Tn = mN;
    if (r->Tn < -mN)
        r->Tn = -mN;
    if (c->mode == MODE_LOADING)
        c->T1 = r->Tn;
    else
        c->T1 += c->mu * c->dN;
    if (c->mode == MODE_UNLOADING)
        c->T2 = r->Tn;
    else
        c->T2 -= c->mu * c->dN;
    if (r->Tn <= -mN && c->mode == MODE_UNLOADING) {
        *sg = -*sg;
        r->Tn = mN;
        c->T1 = r->Tn;
        c->mode = MODE_LOADING;
    }
}

/* The loading axis in the current plane; 0 when there has been no
 * tangential motion yet (the step then only records N). The first motion
 * sets it only when it is more than the round-off of the driver's
 * projection (cwb_tangential_direction): an axis taken from a round-off
 * displacement lay along the contact normal, and the law's force with it
 * (header, "Geometry"). A carried axis is projected twice and normalised,
 * so the force stays in the plane to round-off. */
static int md_axis(const md_state *s, md_state *t, const cwb_kin *k, double r_star)
{
    if (cwb_v3_norm(s->axis) == 0.0) {
        cwb_vec3 dir = cwb_tangential_direction(k, r_star);
        if (cwb_v3_norm(dir) == 0.0)
            return 0;
        t->axis = dir;
        t->sign = 1.0;
        t->mode = MODE_LOADING;
    } else {
        cwb_vec3 ax = cwb_v3_in_plane(cwb_v3_in_plane(s->axis, k->normal), k->normal);
        double m = cwb_v3_norm(ax);
        t->axis = m > 0.0 ? cwb_v3_scale(ax, 1.0 / m) : s->axis;
    }
    return 1;
}

/* The Iwan model's stored energy at constant N (header), with u = mu N C:
 * virgin loading to T, omega = (1 - T/(mu N))^(2/3):
 *   E_v(T) = u [0.4 (1 - omega^(5/2)) - (1 - omega) omega^(3/2)];
 * unloading from T* and reloading from T** (Masing, y = 1 - omega on the
 * branch, omega = (1 - |T - T_rev|/(2 mu N))^(2/3)):
 *   E = E(T*) - C y (T* + T)      unloading,
 *   E = E(T**) + C y (T** + T)    reloading,
 * which follow from dE = dW - d(slip) along each branch; E(T*), E(T**) are
 * the energies stored when the branch began (md_state e1, e2). */
static double md_virgin_energy(double T, double mN, double C)
{
    double w = fmin(1.0, fmax(0.0, 1.0 - fabs(T) / mN)), om = pow(w, 2.0 / 3.0);
    return mN * C * (0.4 * (1.0 - om * om * sqrt(om)) - (1.0 - om) * w);
}

static double md_branch_y(double span, double mN)
{
    double w = fmin(1.0, fmax(0.0, 1.0 - fabs(span) / (2.0 * mN)));
    return 1.0 - pow(w, 2.0 / 3.0);
}

static double md_energy(const md_state *t, double mN, double C)
{
    if (t->mode == MODE_LOADING)
        return md_virgin_energy(t->t, mN, C);
    if (t->mode == MODE_UNLOADING)
        return t->e1 - C * md_branch_y(t->t1 - t->t, mN) * (t->t1 + t->t);
    return t->e2 + C * md_branch_y(t->t - t->t2, mN) * (t->t2 + t->t);
}

/* ---- Integration along the step's path (header, "Path") ---------------- */

/* The step's path in the loading frame: Hermite data of the overlap, of
 * the displacement x along the law's line (x(0) = 0) and of the normal load
 * N, each as values and dt times rates; k0^2 affine in delta. */
typedef struct {
    double d0, d1, D0, D1;   /* delta [m] */
    double x1, X0, X1;       /* x [m] */
    double N0, N1, NU0, NU1; /* N [N] */
    double k1s, m, d_ref;    /* k0^2 = k1s + m (delta - d_ref) [N^2/m^2] */
    double mu;
} md_path;

typedef struct {
    double xd, N, Nd, k0; /* dx/du, N, dN/du, k0 at one point of the path */
} md_point;

static md_point md_path_at(const md_path *p, double u)
{
    double u2 = u * u, u3 = u2 * u;
    double h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2;
    double g00 = 6 * u2 - 6 * u, g10 = 3 * u2 - 4 * u + 1, g01 = -g00, g11 = 3 * u2 - 2 * u;
    md_point q;
    q.xd = g10 * p->X0 + g01 * p->x1 + g11 * p->X1;
    q.N = h00 * p->N0 + h10 * p->NU0 + h01 * p->N1 + h11 * p->NU1;
    q.Nd = g00 * p->N0 + g10 * p->NU0 + g01 * p->N1 + g11 * p->NU1;
    double d = h00 * p->d0 + h10 * p->D0 + h01 * p->d1 + h11 * p->D1;
    double ks = p->k1s + p->m * (d - p->d_ref);
    q.k0 = ks > 0.0 ? sqrt(ks) : 0.0;
    return q;
}

/* The simple-loading condition (eq. 43) at a point: the contact is stiff. */
static int md_simple(const md_path *p, double u)
{
    md_point q = md_path_at(p, u);
    return q.Nd > 0.0 && q.k0 * fabs(q.xd) < p->mu * q.Nd;
}

enum { Y_OM = 0, Y_T1, Y_T2, Y_W, Y_D, NY_MD };

/* T from omega = theta^2 on a branch (eq. 42 solved for T). */
static double md_force(int mode, double om, double mN, double T1, double T2)
{
    double w = om > 0.0 ? om * sqrt(om) : 0.0;
    if (mode == MODE_LOADING)
        return mN * (1.0 - w);
    if (mode == MODE_UNLOADING)
        return T1 - 2.0 * mN * (1.0 - w);
    return T2 + 2.0 * mN * (1.0 - w);
}

/* omega = theta^2 of force T on a branch (eq. 42; 0 past the limit). */
static double md_omega(int mode, double T, double mN, double T1, double T2)
{
    double w = mode == MODE_LOADING     ? 1.0 - T / mN
               : mode == MODE_UNLOADING ? 1.0 - (T1 - T) / (2.0 * mN)
                                        : 1.0 - (T - T2) / (2.0 * mN);
    return w > 0.0 ? pow(w, 2.0 / 3.0) : 0.0; /* > 1 (theta > 1) below T = 0, as eq. 42 */
}

/* d/du of (omega, T*, T**, work, slip) on one branch. With theta^2 = omega
 * the law is smooth: eq. 41 with eq. 42 gives, C = 3 mu N/(2 k0),
 *   loading    omega' = -x'/C + (2/3)(1 - omega) N'/N,
 *   unloading  omega' =  x'/(2C) + (1/3 - (2/3) omega) N'/N,
 *   reloading  omega' = -x'/(2C) + (1/3 - (2/3) omega) N'/N
 * (T* follows mu N' while not loading, T** -mu N' while not unloading,
 * eqs. 44-45); the slip dissipation rate is the Iwan model's,
 * mu N (1 - theta)^2 (1 + theta/2) |x'| (header, "Energy"), mu N |x'| on
 * the limit. Under simple loading (eq. 43) T' = k0 x' and omega follows T. */
static void md_rhs(const md_path *p, double u, const double *y, int mode, int simple, double *dy)
{
    md_point q = md_path_at(p, u);
    double N = q.N, mN = p->mu * N, mNd = p->mu * q.Nd;
    if (!(N > 0.0)) {
        /* the interpolated load left contact (a step ending at separation):
         * nothing carried there */
        memset(dy, 0, NY_MD * sizeof *dy);
        return;
    }
    double om = y[Y_OM], th = om > 0.0 ? sqrt(om) : 0.0;
    double T = simple ? y[Y_OM] : md_force(mode, om, mN, y[Y_T1], y[Y_T2]);
    double Tp, T1p, T2p, omp, slip = 0.0;
    if (simple) {
        /* y[Y_OM] holds T: theta = 1 (eq. 43) */
        Tp = q.k0 * q.xd;
        T1p = mode == MODE_LOADING ? Tp : mNd;
        T2p = mode == MODE_UNLOADING ? Tp : -mNd;
        omp = Tp;
    } else {
        double xc = q.xd * q.k0 / (1.5 * mN); /* x'/C */
        double nn = q.Nd / N;
        if (mode == MODE_LOADING) {
            omp = -xc + 2.0 / 3.0 * (1.0 - om) * nn;
            Tp = q.k0 * th * q.xd + mNd * (1.0 - th);
            T1p = Tp;
            T2p = -mNd;
        } else if (mode == MODE_UNLOADING) {
            omp = 0.5 * xc + (1.0 / 3.0 - 2.0 / 3.0 * om) * nn;
            Tp = q.k0 * th * q.xd - mNd * (1.0 - th);
            T1p = mNd;
            T2p = Tp;
        } else {
            omp = -0.5 * xc + (1.0 / 3.0 - 2.0 / 3.0 * om) * nn;
            Tp = q.k0 * th * q.xd + mNd * (1.0 - th);
            T1p = mNd;
            T2p = -mNd;
        }
        slip = mN * (1.0 - th) * (1.0 - th) * (1.0 + 0.5 * th) * fabs(q.xd);
    }
    dy[Y_OM] = omp;
    dy[Y_T1] = T1p;
    dy[Y_T2] = T2p;
    dy[Y_W] = T * q.xd;
    dy[Y_D] = slip;
}

/* One classical RK4 step of the branch ODE from u over hs. */
static void md_rk4(const md_path *p, double u, double hs, double *y, int mode, int simple)
{
    double k1[NY_MD], k2[NY_MD], k3[NY_MD], k4[NY_MD], z[NY_MD];
    md_rhs(p, u, y, mode, simple, k1);
    for (int i = 0; i < NY_MD; i++)
        z[i] = y[i] + 0.5 * hs * k1[i];
    md_rhs(p, u + 0.5 * hs, z, mode, simple, k2);
    for (int i = 0; i < NY_MD; i++)
        z[i] = y[i] + 0.5 * hs * k2[i];
    md_rhs(p, u + 0.5 * hs, z, mode, simple, k3);
    for (int i = 0; i < NY_MD; i++)
        z[i] = y[i] + hs * k3[i];
    md_rhs(p, u + hs, z, mode, simple, k4);
    for (int i = 0; i < NY_MD; i++)
        y[i] += hs / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
}

/* > 0 once a branch has ended: the force at the limit -mu N (a full
 * reversal: on unloading, or on any branch when the limit falls with N) or
 * +mu N (sliding on loading), reloading back up to T* (the virgin curve,
 * Masing). */
static double md_event(const md_path *p, double u, const double *y, int mode, int simple)
{
    double mN = p->mu * md_path_at(p, u).N;
    double T = simple ? y[Y_OM] : md_force(mode, y[Y_OM], mN, y[Y_T1], y[Y_T2]);
    double e = -(T + mN); /* the force reached -mu N: a full reversal */
    if (mode != MODE_LOADING || simple)
        e = fmax(e, T - mN); /* reached +mu N (loading in omega: omega < 0) */
    if (mode == MODE_RELOADING)
        e = fmax(e, T - y[Y_T1]);
    return e;
}

#define MD_SUBSTEPS 4 /* RK4 substeps per step of the path */

/* The roots of x'(u) in (0, 1), sorted: where the motion reverses. */
static int md_reversals(const md_path *p, double *r)
{
    /* x'(u) = a u^2 + b u + c */
    double a = 3 * p->X0 - 6 * p->x1 + 3 * p->X1, b = -4 * p->X0 + 6 * p->x1 - 2 * p->X1, c = p->X0,
           cand[2];
    int n = 0, k = 0;
    double scale = fabs(a) + fabs(b) + fabs(c);
    if (!(scale > 0.0))
        return 0;
    if (fabs(a) <= 1e-12 * scale) {
        if (fabs(b) > 1e-12 * scale)
            cand[n++] = -c / b;
    } else {
        double disc = b * b - 4 * a * c;
        if (disc > 0.0) {
            double qq = -0.5 * (b + copysign(sqrt(disc), b));
            cand[n++] = qq / a;
            if (qq != 0.0)
                cand[n++] = c / qq;
        }
    }
    for (int i = 0; i < n; i++)
        if (cand[i] > 1e-12 && cand[i] < 1.0 - 1e-12)
            r[k++] = cand[i];
    if (k == 2 && r[0] > r[1]) {
        double t = r[0];
        r[0] = r[1];
        r[1] = t;
    }
    return k;
}

/* Where md_path_step stands on the path: the branch state y (omega or T,
 * T1, T2, work, slip), the point u, the force T, the slip margin, the
 * branch and whether the last substep slid. */
typedef struct {
    double y[NY_MD];
    double u, T, margin;
    int mode, slid;
    int form;                  /* what y[Y_OM] holds: omega (0), T (1, simple loading), -1 unset */
    int stalled, stalled_mode; /* the last landing had no length */
} md_walk;

/* The branch of a piece of the path, from its direction of motion xd. */
static void md_piece_branch(md_walk *w, double xd)
{
    if (w->mode == MODE_LOADING && xd < 0.0) {
        w->mode = MODE_UNLOADING;
        w->y[Y_T1] = w->T;
    } else if (w->mode == MODE_UNLOADING && xd > 0.0) {
        w->mode = MODE_RELOADING;
        w->y[Y_T2] = w->T;
    } else if (w->mode == MODE_RELOADING && xd < 0.0) {
        w->mode = MODE_UNLOADING;
        w->y[Y_T1] = w->T;
    }
}

/* The end of a substep from u: a 1/MD_SUBSTEPS of the path, at most ub,
 * and where the simple-loading condition changes (bisection). */
static double md_substep_end(const md_path *p, double u, double ub)
{
    double ue = fmin(u + 1.0 / MD_SUBSTEPS, ub);
    int sa = md_simple(p, u), sb = md_simple(p, ue);
    if (sa != sb) {
        double lo = u, hi = ue;
        for (int it = 0; it < 50 && hi - lo > 1e-13; it++) {
            double mid = 0.5 * (lo + hi);
            if (md_simple(p, mid) == sa)
                lo = mid;
            else
                hi = mid;
        }
        ue = hi;
    }
    return ue;
}

/* Integrate the substep from w->u to ue; when the branch ends inside it,
 * land on that end. Returns where the substep ended. */
static double md_integrate(const md_path *p, md_walk *w, double ue, int simple)
{
    double y0[NY_MD], u = w->u;
    memcpy(y0, w->y, sizeof y0);
    md_rk4(p, u, ue - u, w->y, w->mode, simple);
    /* An end already reached where the substep starts is settled by one
     * landing of no length (md_limits: a mode change, or the cap); one
     * that the cap leaves as it was (the force held on the limit in simple
     * loading, where T - mu N stays at zero) is the state, not an end:
     * landing on it again advanced the path by 1e-14 per substep (minutes
     * of CPU for one step) */
    int land = !(w->stalled && w->mode == w->stalled_mode);
    if (!land || !(md_event(p, ue, w->y, w->mode, simple) > 0.0)) {
        w->stalled = 0;
        return ue;
    }
    double lo = 0.0, hi = ue - u;
    for (int it = 0; it < 60 && hi - lo > 1e-14; it++) {
        double mid = 0.5 * (lo + hi);
        memcpy(w->y, y0, sizeof y0);
        md_rk4(p, u, mid, w->y, w->mode, simple);
        if (md_event(p, u + mid, w->y, w->mode, simple) > 0.0)
            hi = mid;
        else
            lo = mid;
    }
    memcpy(w->y, y0, sizeof y0);
    md_rk4(p, u, hi, w->y, w->mode, simple);
    /* lo never left 0: the end was reached where the substep starts. The
     * bisection stops at 1e-14 of the path, so hi alone (1e-12 of the
     * substep) missed that on substeps shorter than 1e-2 of the path, cut
     * short by a reversal or a branch's end: an oblique JKR impact of
     * tests/test_energy_balance.c (spheres, v_t 0.5 m/s, dt 2e-9 s), once
     * the collision driver landed its transitions from the dense output,
     * advanced by 8e-15 per substep there (19-31 s of CPU for the run;
     * 0.06 s now) */
    w->stalled = lo == 0.0 || hi <= 1e-12 * (ue - u);
    w->stalled_mode = w->mode;
    return u + hi;
}

/* The force where a substep ended and the limits it met: full sliding
 * (omega reaching 0 on loading) holds it at mu N; a full reversal (T down
 * to -mu N) turns the loading frame round (sg); N falling onto the force
 * slides on the loading side; reloading back to T* returns to the virgin
 * curve (Masing). Sets T, the branch and the slip margin. */
static void md_limits(md_path *p, md_walk *w, double *sg, int simple)
{
    double mN = p->mu * md_path_at(p, w->u).N, *y = w->y;
    w->slid = 0;
    if (simple) {
        w->T = y[Y_OM];
        w->margin = w->mode == MODE_LOADING ? w->T - mN : fabs(w->T) - mN;
        if (w->mode == MODE_LOADING && w->T >= mN) {
            w->T = y[Y_OM] = mN;
            w->slid = 1;
        }
    } else {
        w->margin = w->mode == MODE_LOADING ? -y[Y_OM] * mN : 0.0;
        if (w->mode == MODE_LOADING && y[Y_OM] < 0.0) {
            y[Y_OM] = 0.0; /* on the Coulomb limit */
            w->slid = 1;
        }
        w->T = md_force(w->mode, y[Y_OM], mN, y[Y_T1], y[Y_T2]);
    }
    if (w->mode == MODE_LOADING && !w->slid)
        w->margin = fmax(w->margin, -(w->T + mN)); /* a negative T's distance to -mu N */
    if (w->T <= -mN) {
        /* full reversal: loading the other way, on the limit */
        w->margin = -(w->T + mN); /* past the limit: >= 0 */
        *sg = -*sg;
        p->x1 = -p->x1;
        p->X0 = -p->X0;
        p->X1 = -p->X1;
        w->mode = MODE_LOADING;
        w->T = mN;
        y[Y_T1] = mN;
        w->form = -1;
        w->slid = 1;
    } else if (w->mode != MODE_LOADING && w->T >= mN) {
        /* the limit fell onto the force (N dropping): sliding on the
         * loading side */
        w->margin = w->T - mN;
        w->mode = MODE_LOADING;
        w->T = mN;
        y[Y_T1] = mN;
        w->form = -1;
        w->slid = 1;
    } else if (w->mode == MODE_RELOADING && w->T >= y[Y_T1]) {
        /* back on the virgin curve (Masing) */
        w->mode = MODE_LOADING;
        w->T = y[Y_T1];
        w->form = -1;
    }
    if (w->mode != MODE_LOADING)
        w->margin = fabs(w->T) - mN;
    else if (w->slid && w->margin < 0.0)
        w->margin = 0.0;
}

/* The law along the step's path (N changes over the step): the branch ODE
 * integrated by RK4 between the points where the motion reverses (a new
 * branch starts there, eqs. 42, 44-45) and where the simple-loading
 * condition changes (eq. 43, located by bisection); full sliding (omega
 * reaching 0 on loading) holds the force at mu N and is reported as the
 * slip margin -omega_trial mu N; a full reversal on unloading (T down to
 * -mu N) and reloading back to T* are taken at the end of the substep where
 * they happen. Sets r, the branch state in c and the sign *sg; returns the
 * slip margin. */
static double md_path_step(md_path *p, md_ctx *c, double *sg, md_result *r)
{
    md_walk w = {.T = c->T, .mode = c->mode, .stalled_mode = -1};
    double cuts[4];
    int ncut = md_reversals(p, cuts);
    cuts[ncut++] = 1.0;
    w.y[Y_T1] = c->T1;
    w.y[Y_T2] = c->T2;
    for (int ic = 0; ic < ncut; ic++) {
        double ub = cuts[ic];
        md_piece_branch(&w, md_path_at(p, 0.5 * (w.u + ub)).xd);
        w.form = -1;
        while (w.u < ub) {
            double ue = md_substep_end(p, w.u, ub);
            int simple = md_simple(p, 0.5 * (w.u + ue));
            if (simple != w.form) {
                /* omega is singular where simple loading holds T near mu N:
                 * integrate T itself there */
                double mN = p->mu * md_path_at(p, w.u).N;
                w.y[Y_OM] = simple ? w.T : md_omega(w.mode, w.T, mN, w.y[Y_T1], w.y[Y_T2]);
                w.form = simple;
            }
            w.u = md_integrate(p, &w, ue, simple);
            md_limits(p, &w, sg, simple);
        }
    }
    double mN = p->mu * p->N1;
    r->Tn = fmax(-mN, fmin(mN, w.T));
    r->work = w.y[Y_W];
    r->slip = w.y[Y_D];
    r->slid = w.slid && w.mode == MODE_LOADING;
    c->mode = w.mode;
    c->T1 = w.mode == MODE_LOADING ? r->Tn : w.y[Y_T1];
    c->T2 = w.mode == MODE_UNLOADING ? r->Tn : w.y[Y_T2];
    c->dN = 0.0;
    return w.margin;
}

/* The step's path (header, "Path"): Hermite data from the committed state
 * s and the current kinematics k, along the law's line t->axis in the
 * loading frame sg; the straight line when dt = 0 or the rates are the
 * step's secant, the quadratic through the current rate when the committed
 * rates are not known (as spring_path.c). */
static void md_path_of(const md_state *s, const md_state *t, const cwb_kin *k,
                       const cwb_normal_out *nrm, double sg, double N, double k0, double mu,
                       md_path *pa)
{
    cwb_vec3 ax = t->axis;
    double h = k->dt, dd = k->delta - k->delta0, dN = N - s->fn;
    double x1 = sg * cwb_v3_dot(cwb_v3_in_plane(k->dxi_t, k->normal), ax);
    *pa = (md_path){.d0 = k->delta0,
                    .d1 = k->delta,
                    .x1 = x1,
                    .N0 = s->fn,
                    .N1 = N,
                    .k1s = k0 * k0,
                    .d_ref = k->delta,
                    .mu = mu};
    double D1 = h * k->delta_rate, X1 = sg * h * cwb_v3_dot(t->v_t, ax);
    double NU1 = h * nrm->stiffness * k->delta_rate;
    int secant = fabs(D1 - dd) <= 1e-9 * (fabs(D1) + fabs(dd)) &&
                 fabs(X1 - x1) <= 1e-9 * (fabs(X1) + fabs(x1));
    if (h > 0.0 && !secant) {
        pa->D1 = D1;
        pa->X1 = X1;
        pa->NU1 = NU1;
        if (s->rates) {
            pa->D0 = h * s->delta_rate;
            pa->X0 = sg * h * cwb_v3_dot(cwb_v3_rotate_into_plane(s->v_t, k->normal), ax);
            pa->NU0 = h * s->kn * s->delta_rate;
        } else {
            pa->D0 = 2.0 * dd - D1;
            pa->X0 = 2.0 * x1 - X1;
            pa->NU0 = 2.0 * dN - NU1;
        }
    } else {
        pa->D0 = pa->D1 = dd;
        pa->X0 = pa->X1 = x1;
        pa->NU1 = nrm->stiffness * dd;
        pa->NU0 = s->kn > 0.0 ? s->kn * dd : 2.0 * dN - pa->NU1;
    }
    if (fabs(dd) > 1e-7 * (fabs(pa->d0) + fabs(pa->d1)))
        pa->m = (pa->k1s - s->k0 * s->k0) / dd; /* k0^2 affine in delta */
    else
        pa->m = pa->d1 > 0.0 ? pa->k1s / pa->d1 : 0.0; /* proportional (Hertz) */
}

/* The step from the committed branch state in c: along the step's path
 * when N changes (md_path_step), else in closed form on the branch (eqs.
 * 41-45). Sets r, c and the sign *sg; returns the slip margin. */
static double md_advance(const double *p, const md_state *s, const md_state *t, const cwb_kin *k,
                         const cwb_normal_out *nrm, double N, md_ctx *c, double *sg, md_result *r)
{
    if (s->fn > 0.0 && s->k0 > 0.0 && N != s->fn && (int)p[1] == 0) {
        md_path pa;
        md_path_of(s, t, k, nrm, *sg, N, c->k0, c->mu, &pa);
        return md_path_step(&pa, c, sg, r);
    }
    md_switch_branch(c);
    if (c->dN > 0.0 && fabs(c->d) < c->mu * c->dN / c->k0)
        md_stiff(c, r);
    else if (c->mode == MODE_LOADING)
        md_loading(c, r);
    else if (c->mode == MODE_UNLOADING)
        md_unloading(c, r);
    else
        md_reloading(c, r);
    md_bookkeeping(c, r, sg);
    /* the slip margin of the end state, in md_path_step's form, so it is
     * continuous where a driver's trial step shrinks to dt = 0 (N then
     * equals the committed load); 0 (not said) after sliding here */
    if (r->slid)
        return 0.0;
    return c->mode == MODE_LOADING ? -md_omega(MODE_LOADING, r->Tn, c->mN, c->T1, c->T2) * c->mN
                                   : fabs(r->Tn) - c->mN;
}

/* The trial state t and the output of the step's end (force Tn on the
 * branch of c, in the frame sg, at normal load N). */
static void md_finish(const md_state *s, md_state *t, const md_ctx *c, const md_result *r, double N,
                      double sg, cwb_tangential_out *out)
{
    t->sign = sg;
    t->t = r->Tn;
    t->t1 = c->T1;
    t->t2 = c->T2;
    t->mode = c->mode;
    t->fn = N;
    /* The reversal energies follow the energy unit mu N C = 1.5 (mu N)^2/k0
     * when N changes (the reversal points move with mu dN, eqs. 44-45). */
    if (s->k0 > 0.0 && s->fn > 0.0) {
        double q = N / s->fn, scale = q * q * s->k0 / c->k0;
        t->e1 *= scale;
        t->e2 *= scale;
    }
    t->k0 = c->k0;
    /* a branch that starts at the committed point remembers its energy */
    if (t->mode == MODE_UNLOADING && (s->mode != MODE_UNLOADING || s->sign != sg))
        t->e1 = s->energy;
    if (t->mode == MODE_RELOADING && s->mode != MODE_RELOADING)
        t->e2 = s->energy;
    /* never below T^2/(2 k0), the least any Iwan model with stiffness k0
     * stores at force T (Cauchy-Schwarz); reached only under varying N */
    t->energy = fmax(md_energy(t, c->mN, c->C), 0.5 * r->Tn * r->Tn / c->k0);
    out->slip = r->slip;
    /* zero to round-off at constant N (Iwan: W = Delta E + slip) */
    out->stiffness_energy = r->work - r->slip - (t->energy - s->energy);
    out->force = cwb_v3_scale(t->axis, sg * r->Tn);
    out->stiffness = c->k0;
    out->energy = t->energy;
    out->work = r->work;
    out->dissipated = r->slip + out->stiffness_energy;
    out->sliding = r->slid;
}

static int md_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                   const cwb_normal_out *nrm, cwb_tangential_out *out, void *trial)
{
    const md_state *s = state;
    md_state *t = trial;
    double mu = p[0];
    memset(out, 0, sizeof *out);
    /* The normal load: F_n, plus an adhesive law's friction_offset (header) */
    double N = nrm->force + nrm->friction_offset;
    if (k->delta <= nrm->delta_off || N <= 0.0 || nrm->radius <= 0.0) {
        memset(t, 0, sizeof *t);
        out->dissipated = s->energy;
        out->stiffness_energy = s->energy;
        return CWB_OK;
    }
    *t = *s;
    t->v_t = cwb_v3_in_plane(k->v_t, k->normal);
    t->delta_rate = k->delta_rate;
    t->kn = nrm->stiffness;
    t->rates = k->dt > 0.0;
    cwb_vec3 dxi = cwb_v3_in_plane(k->dxi_t, k->normal);
    if (!md_axis(s, t, k, g->R_star)) {
        t->fn = N;
        t->k0 = 8.0 * g->G_star * nrm->radius; /* the first motion's path starts here */
        /* no tangential force yet: the contact sticks with Mindlin's
         * initial stiffness (eq. 41 with theta = 1) */
        out->stiffness = t->k0;
        return CWB_OK;
    }
    double sg = t->sign;
    md_ctx c = {.mu = mu,
                .mN = mu * N,
                .k0 = 8.0 * g->G_star * nrm->radius,
                .C = 3.0 * mu * N / (16.0 * g->G_star * nrm->radius),
                .d = sg * cwb_v3_dot(dxi, t->axis),
                .dN = N - s->fn,
                .T = s->t,
                .T1 = s->t1,
                .T2 = s->t2,
                .mode = t->mode};
    md_result r = {0};
    double margin = md_advance(p, s, t, k, nrm, N, &c, &sg, &r);
    md_finish(s, t, &c, &r, N, sg, out);
    out->slip_margin = margin;
    return CWB_OK;
}

const cwb_tangential_type cwb_tangential_mindlin_deresiewicz = {
    .head =
        {
            .name = "mindlin_deresiewicz",
            .creates_energy = "where N varies: Masing's rule on Mindlin's backbone (eqs. 41-45) is "
                              "exact at constant N only, and the change of its stiffness moves the "
                              "stored energy at a fixed displacement (doc/findings.md, finding 30)",
            .summary = "Mindlin-Deresiewicz partial slip: loading/unloading/reloading, varying N",
            .source = "[mindlin_deresiewicz1953]; [rathbone_thesis] eqs. 41-45 (reloading theta "
                      "with T - T**, see header)",
            .params = md_params,
            .dims = CWB_DIM_3D,
            .state_size = sizeof(md_state),
        },
    .step = md_step,
};
