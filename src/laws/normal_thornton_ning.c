/* normal_thornton_ning.c -- adhesive elastic-perfectly-plastic contact:
 * JKR adhesion with Thornton's limiting contact pressure p_y.
 *
 * Reference: Thornton & Ning (1998) [thornton_ning1998], the adhesive
 * companion of Thornton (1997) [thornton1997] (the `thornton` law). The
 * paper's equations could not be read for this implementation; the reading
 * below superposes JKR's adhesive punch term on Thornton's elastic-perfectly-
 * plastic contact at the same contact radius a (as JKR superposes it on
 * Hertz), and its two limits are tested: w -> 0 gives the `thornton` law,
 * p_y -> inf the `jkr` law (tests/test_adhesion.c).
 *
 *   overlap on loading (elastic and plastic): JKR's delta(a) = a^2/R* -
 *           sqrt(2 pi w a/E*) (Thornton keeps a^2 = R* delta, the w = 0 case);
 *   force on loading: F(a) = F_T(a) - sqrt(8 pi w E* a^3), F_T Thornton's:
 *           4 E* a^3/(3 R*) up to a_y, F_T(a_y) + pi p_y (a^2 - a_y^2) beyond;
 *   yield: the Hertzian centre pressure 2 E* a/(pi R*) reaches p_y,
 *           a_y = pi p_y R* / (2 E*) (Thornton's, independent of w); dF/da is
 *           continuous there, so the plastic branch is softer than the
 *           elastic one (no kink upwards, no energy returned);
 *   unloading from (delta_m, a_m): JKR with R_p through (a_m, F_m),
 *           R_p = 4 E* a_m^3/(3 F_T(a_m)) = 4 E* a_m^3/(3 (F_m + sqrt(8 pi w E*
 *           a_m^3))) (Thornton's R_p at the same a_m), delta = delta_p +
 *           delta_JKR,Rp(a), delta_p = a_m^2 (1/R* - 1/R_p) from continuity;
 *           the contact ends at delta <= delta_p + delta_c(R_p) (its
 *           delta_off; equality included, as jkr's: doc/findings.md,
 *           finding 51), delta_c(R) = -(3/4)
 *           (pi^2 w^2 R/E*^2)^(1/3), and the pull-off force grows to
 *           (3/2) pi w R_p;
 *   reloading follows the unloading curve back to delta_m (elastic), then
 *           the loading curve;
 *   after separation a contact at delta > 0 keeps its deformation and snaps
 *           in again at delta_p; one at delta <= 0 is forgotten (virgin), the
 *           rule of cwb's other plastic laws.
 * An earlier reading (the plastic line F_y + pi p_y R* (delta - delta_y) of
 * Thornton 1997 moved to the JKR state at yield) was dropped: its plastic
 * slope 2 E* a_y exceeds the JKR slope at a_y, and unloading just past yield
 * returned energy (e = 1.007 at 1.5 V_y in cwb's first run).
 * The law needs a_y > a_0 = (2 pi w R*^2/E*)^(1/3) (yield after snap-in);
 * prepare refuses anything else.
 *
 * Energy: stored energy is the JKR energy U_Rp(a) of the current unloading
 * curve (adhesion.c; zero when separated); work is exact along the law's
 * path (the unloading curve's energy difference plus the closed-form
 * integral of the loading force in a); dissipated = work - change of stored
 * energy: plastic work, snap-in -U(a_0) and separation U_Rp(a_c).
 *
 * Output: delta_off = the end of the current curve, pulloff_force =
 * (3/2) pi w R_p of the current curve (the least force under force control,
 * the history driver's pull-off), friction_offset = 2 F_po(R_p) with
 * friction_load = offset.
 *
 * Units: p_y, sigma_y [Pa]; w [J/m^2]; overlaps [m]; forces [N]. 3D spheres.
 * Derived constants: p_y, a_y, delta_y, F_y. History: contact flag, delta_max.
 */
#include "cwb_adhesion.h"

enum { P_PY_FROM, P_PY, P_SIGMA_Y, P_W, P_FRICTION, D_PY, D_AY, D_DY, D_FY };

typedef struct {
    double in_contact; /* 1 between snap-in and separation */
    double delta_max;  /* largest overlap of this contact's history [m] */
} tn_state;
CWB_STATE_FITS(tn_state);

static const char *const friction_words[] = {"offset", "net", NULL};

static const cwb_param tn_params[] = {
    CWB_PY_PARAMS,
    {.name = "work_of_adhesion",
     .example = "0.1",
     .unit = "J/m^2",
     .min = 0,
     .max = 100,
     .flags = CWB_P_REQUIRED | CWB_P_MIN_OPEN,
     .help = "work of adhesion w (Dupre; twice the surface energy of like surfaces)"},
    {.name = "friction_load",
     .unit = "-",
     .def = 0,
     .kind = CWB_PARAM_CHOICE,
     .choices = friction_words,
     .help = "Coulomb limit of the spring tangential laws: mu (F_n + 2 F_pulloff) or mu F_n",
     .read_when = "contact.tangential=*"},
    {0}};

static int tn_check(const double *p, const cwb_pair *g, char *msg, size_t n)
{
    if (!(g->E_star > 0.0) || !isfinite(g->E_star))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "thornton_ning: effective modulus E* must be finite and > 0 (got %g Pa)",
                        g->E_star);
    return cwb_py_check(p, "thornton_ning", msg, n);
}

static int tn_prepare(double *p, const cwb_pair *g, char *msg, size_t n)
{
    double py;
    int rc = cwb_py_value(p, g, "thornton_ning", &py, msg, n);
    if (rc)
        return rc;
    cwb_jkr j = {g->E_star, g->R_star, p[P_W]};
    double ay = M_PI * py * g->R_star / (2.0 * g->E_star), a0 = cwb_jkr_a_snap(&j);
    if (!(ay > a0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "thornton_ning: the yield radius a_y = pi p_y R* / (2 E*) = %g m must "
                        "exceed the snap-in radius a_0 = (2 pi w R*^2/E*)^(1/3) = %g m "
                        "(p_y = %g Pa, work_of_adhesion = %g J/m^2): raise p_y or lower w",
                        ay, a0, py, p[P_W]);
    p[D_PY] = py;
    p[D_AY] = ay;
    p[D_DY] = cwb_jkr_overlap(&j, ay);
    p[D_FY] = cwb_jkr_force(&j, ay);
    return CWB_OK;
}

/* Thornton's non-adhesive force at contact radius a (Hertz up to a_y, then
 * F_y,H + pi p_y (a^2 - a_y^2)); the law's force is this minus the JKR
 * punch term sqrt(8 pi w E* a^3). */
static double thornton_force(const double *p, const cwb_pair *g, double a)
{
    double ay = p[D_AY];
    if (a <= ay)
        return 4.0 * g->E_star * a * a * a / (3.0 * g->R_star);
    return 4.0 * g->E_star * ay * ay * ay / (3.0 * g->R_star) + M_PI * p[D_PY] * (a * a - ay * ay);
}

/* The unloading curve from a maximum delta_m: a JKR curve of radius R_p
 * shifted by delta_p (R*, 0 while delta_m <= delta_y). */
typedef struct {
    cwb_jkr j;
    double delta_p;
} tn_curve;

static tn_curve curve_of(const double *p, const cwb_pair *g, double dm)
{
    tn_curve c = {{g->E_star, g->R_star, p[P_W]}, 0.0};
    if (dm <= p[D_DY])
        return c;
    double am = cwb_jkr_radius(&c.j, dm); /* loading keeps JKR's delta(a) */
    c.j.R = 4.0 * g->E_star * am * am * am / (3.0 * thornton_force(p, g, am));
    c.delta_p = dm - cwb_jkr_overlap(&c.j, am);
    return c;
}

/* Energy on the curve at overlap d (>= its end). */
static double curve_energy(const tn_curve *c, double d)
{
    return cwb_jkr_energy(&c->j, cwb_jkr_radius(&c->j, d - c->delta_p));
}

static double curve_end(const tn_curve *c)
{
    return c->delta_p + cwb_jkr_delta_end(&c->j);
}

/* Primitive in a of F(a) d(delta)/da on plastic loading, F = A + B a^2 -
 * 2 E c a^(3/2), delta = a^2/R - c a^(1/2) (c = sqrt(2 pi w/E*)):
 * A a^2/R - A c a^(1/2) + B a^4/(2R) - (B c/5) a^(5/2) - (8 E c/(7R)) a^(7/2)
 * + (E c^2/2) a^2. */
static double plastic_primitive(const double *p, const cwb_pair *g, double a)
{
    double E = g->E_star, R = g->R_star, c = sqrt(2.0 * M_PI * p[P_W] / E), ay = p[D_AY];
    double B = M_PI * p[D_PY], A = 4.0 * E * ay * ay * ay / (3.0 * R) - B * ay * ay;
    double a2 = a * a, sa = sqrt(a);
    return A * a2 / R - A * c * sa + B * a2 * a2 / (2.0 * R) - B * c / 5.0 * a2 * sa -
           8.0 * E * c / (7.0 * R) * a2 * a * sa + 0.5 * E * c * c * a2;
}

/* Integral of the plastic loading force from x0 to x1 (both >= delta_y). */
static double plastic_work(const double *p, const cwb_pair *g, double x0, double x1)
{
    cwb_jkr j = {g->E_star, g->R_star, p[P_W]};
    return plastic_primitive(p, g, cwb_jkr_radius(&j, x1)) -
           plastic_primitive(p, g, cwb_jkr_radius(&j, x0));
}

/* The response on curve c at overlap d (in contact, d <= its maximum). */
static void on_curve(const tn_curve *c, double d, cwb_normal_out *o)
{
    double a = cwb_jkr_radius(&c->j, d - c->delta_p);
    o->force = cwb_jkr_force(&c->j, a);
    o->stiffness = cwb_jkr_stiffness(&c->j, a);
    o->radius = a;
    o->energy = cwb_jkr_energy(&c->j, a);
}

/* In contact at d: on the curve of the committed maximum up to top =
 * max(delta_max, delta_y), the plastic line beyond (which moves the
 * maximum). start_e is the energy where the step's path joins the curve.
 * at_max: d is the committed maximum on the plastic line and the committed
 * state is there (the first RK4 stage of a loading step): that state is the
 * plastic line's point, not the unloading curve's, whose stiffness and
 * contact radius differ (src/laws/plastic.c, cwb_plastic_step, says why). */
static void in_contact(const double *p, const cwb_pair *g, const tn_curve *c, double dm, double d,
                       int at_max, double start_e, cwb_normal_out *out, tn_state *t)
{
    double top = fmax(dm, p[D_DY]);
    const tn_curve *now = c;
    tn_curve c1;
    if (d <= top && !at_max) {
        on_curve(c, d, out);
        out->work = out->energy - start_e;
        out->branch = dm > p[D_DY] ? CWB_BRANCH_UNLOADING : CWB_BRANCH_ELASTIC;
        t->delta_max = fmax(dm, d);
    } else {
        c1 = curve_of(p, g, d);
        cwb_jkr j0 = {g->E_star, g->R_star, p[P_W]}; /* loading keeps JKR's delta(a) */
        double a = cwb_jkr_radius(&j0, d);
        double cc = sqrt(2.0 * M_PI * p[P_W] / g->E_star), sa = sqrt(a);
        out->force = thornton_force(p, g, a) - 2.0 * g->E_star * cc * a * sa;
        out->stiffness = (2.0 * M_PI * p[D_PY] * a - 3.0 * g->E_star * cc * sa) /
                         (2.0 * a / g->R_star - 0.5 * cc / sa);
        out->radius = a;
        out->energy = cwb_jkr_energy(&c1.j, a);
        out->work = curve_energy(c, top) - start_e + plastic_work(p, g, top, d);
        out->branch = CWB_BRANCH_PLASTIC;
        t->delta_max = d;
        now = &c1;
    }
    t->in_contact = 1.0;
    out->delta_off = curve_end(now);
    out->pulloff_force = cwb_jkr_pulloff(&now->j);
    out->friction_offset = cwb_adhesion_friction_offset(p[P_FRICTION], out->pulloff_force);
}

static int tn_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                   cwb_normal_out *out, void *trial)
{
    const tn_state *s = state;
    tn_state *t = trial;
    double d = k->delta, dm = s->delta_max;
    tn_curve c = curve_of(p, g, dm);
    int was = s->in_contact > 0.0;
    /* ends at delta <= its curve's end, as jkr's at delta_c (normal_jkr.c) */
    int now = was ? d > curve_end(&c) : d >= c.delta_p;
    double e0 = was ? curve_energy(&c, fmax(k->delta0, curve_end(&c))) : 0.0;
    *out = (cwb_normal_out){0};
    *t = *s;
    if (now) {
        /* from the committed state, or from the snap-in at delta_p; with
         * the overlap falling at the maximum (past the peak) the state is
         * on the unloading curve, as in cwb_plastic_step */
        int at_max = was && d == dm && dm > p[D_DY] && k->delta0 >= dm && !(k->delta_rate < 0.0);
        in_contact(p, g, &c, dm, d, at_max, was ? e0 : curve_energy(&c, c.delta_p), out, t);
    } else {
        out->branch = CWB_BRANCH_NONE;
        out->work = was ? curve_energy(&c, curve_end(&c)) - e0 : 0.0;
        t->in_contact = 0.0;
        if (d <= 0.0)
            t->delta_max = 0.0; /* forgotten, as cwb's other plastic laws */
    }
    out->dissipated = out->work - (out->energy - e0);
    out->delta_yield = p[D_DY];
    out->delta_max = t->delta_max;
    if ((was && !now) || (!was && now && k->delta0 < c.delta_p))
        out->flags |= CWB_FLAG_DISCONTINUITY;
    return CWB_OK;
}

const cwb_normal_type cwb_normal_thornton_ning = {
    .head =
        {
            .name = "thornton_ning",
            .summary = "Thornton-Ning adhesive elastic-perfectly-plastic: JKR, p_y-limited "
                       "loading, JKR unloading with R_p",
            .source = "[thornton_ning1998]; [thornton1997]; [jkr1971]; reading derived in the "
                      "file header",
            .params = tn_params,
            .dims = CWB_DIM_3D,
            .flags = CWB_LAW_ADHESIVE,
            .state_size = sizeof(tn_state),
            .check = tn_check,
            .prepare = tn_prepare,
        },
    .step = tn_step,
};
