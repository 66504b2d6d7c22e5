/* normal_thornton_ning.c -- adhesive elastic-perfectly-plastic contact:
 * JKR adhesion with Thornton's limiting contact pressure p_y.
 *
 * Reference: Thornton & Ning (1998) [thornton_ning1998], the adhesive
 * companion of Thornton (1997) [thornton1997] (the `thornton` law). The
 * paper's equations could not be read for this implementation; the reading
 * below is derived from its stated assumptions (JKR until the Hertzian part
 * of the pressure reaches p_y; Thornton's linear plastic loading; JKR
 * unloading with a larger radius of curvature R_p, hence a larger pull-off
 * force (3/2) pi w R_p) and its two limits are tested: w -> 0 gives the
 * `thornton` law, p_y -> inf the `jkr` law (tests/test_adhesion.c).
 *
 *   loading, a <= a_y:  JKR with R* (src/laws/adhesion.c), snap-in at delta = 0;
 *   yield:  the Hertzian centre pressure 2 E* a/(pi R*) reaches p_y:
 *           a_y = pi p_y R* / (2 E*), delta_y = delta_JKR(a_y), F_y = F_JKR(a_y);
 *   plastic loading, delta > delta_y:  a^2 = a_y^2 + R* (delta - delta_y),
 *           F = F_y + pi p_y (a^2 - a_y^2) = F_y + pi p_y R* (delta - delta_y)
 *           (Thornton 1997's plastic line, moved to the JKR state at yield);
 *   unloading from (delta_m, a_m, F_m):  JKR with R_p through (a_m, F_m),
 *           R_p = 4 E* a_m^3 / (3 (F_m + sqrt(8 pi w E* a_m^3))) (= R* at
 *           yield), delta = delta_p + delta_JKR,Rp(a), delta_p from continuity
 *           at a_m; the contact ends at delta_p + delta_c(R_p), with
 *           delta_c(R) = -(3/4) (pi^2 w^2 R/E*^2)^(1/3);
 *   reloading follows the unloading curve back to delta_m (elastic), then
 *           the plastic line;
 *   after separation a contact at delta > 0 keeps its deformation and snaps
 *           in again at delta_p; one at delta <= 0 is forgotten (virgin), the
 *           rule of cwb's other plastic laws.
 * The law needs a_y > a_0 = (2 pi w R*^2/E*)^(1/3) (yield after snap-in);
 * prepare refuses anything else.
 *
 * Energy: stored energy is the JKR energy U_Rp(a) of the current unloading
 * curve (adhesion.c; zero when separated); work is exact along the law's
 * path (the unloading curve's energy difference plus the integral of the
 * plastic line); dissipated = work - change of stored energy is >= 0:
 * plastic work, snap-in -U(a_0) and separation U_Rp(a_c).
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

static const char *const friction_words[] = {"offset", "net", NULL};

static const cwb_param tn_params[] = {
    CWB_PY_PARAMS,
    {.name = "work_of_adhesion",
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
     .help = "Coulomb limit of the spring tangential laws: mu (F_n + 2 F_pulloff) or mu F_n"},
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
    double am = sqrt(p[D_AY] * p[D_AY] + g->R_star * (dm - p[D_DY]));
    double fm = p[D_FY] + M_PI * p[D_PY] * g->R_star * (dm - p[D_DY]);
    double am3 = am * am * am;
    c.j.R = 4.0 * g->E_star * am3 / (3.0 * (fm + sqrt(8.0 * M_PI * p[P_W] * g->E_star * am3)));
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

/* Integral of the plastic line from x0 to x1 (both >= delta_y). */
static double plastic_work(const double *p, const cwb_pair *g, double x0, double x1)
{
    double k = M_PI * p[D_PY] * g->R_star, u0 = x0 - p[D_DY], u1 = x1 - p[D_DY];
    return p[D_FY] * (x1 - x0) + 0.5 * k * (u1 * u1 - u0 * u0);
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
 * maximum). start_e is the energy where the step's path joins the curve. */
static void in_contact(const double *p, const cwb_pair *g, const tn_curve *c, double dm, double d,
                       double start_e, cwb_normal_out *out, tn_state *t)
{
    double top = fmax(dm, p[D_DY]);
    const tn_curve *now = c;
    tn_curve c1;
    if (d <= top) {
        on_curve(c, d, out);
        out->work = out->energy - start_e;
        out->branch = dm > p[D_DY] ? CWB_BRANCH_UNLOADING : CWB_BRANCH_ELASTIC;
        t->delta_max = fmax(dm, d);
    } else {
        c1 = curve_of(p, g, d);
        double a = sqrt(p[D_AY] * p[D_AY] + g->R_star * (d - p[D_DY]));
        out->force = p[D_FY] + M_PI * p[D_PY] * g->R_star * (d - p[D_DY]);
        out->stiffness = M_PI * p[D_PY] * g->R_star;
        out->radius = a;
        out->energy = cwb_jkr_energy(&c1.j, a);
        out->work = curve_energy(c, top) - start_e + plastic_work(p, g, top, d);
        out->branch = CWB_BRANCH_PLASTIC;
        t->delta_max = d;
        now = &c1;
    }
    t->in_contact = 1.0;
    out->delta_off = curve_end(now);
    out->friction_offset = cwb_adhesion_friction_offset(p[P_FRICTION], cwb_jkr_pulloff(&now->j));
}

static int tn_step(const double *p, const cwb_pair *g, const void *state, const cwb_kin *k,
                   cwb_normal_out *out, void *trial)
{
    const tn_state *s = state;
    tn_state *t = trial;
    double d = k->delta, dm = s->delta_max;
    tn_curve c = curve_of(p, g, dm);
    int was = s->in_contact > 0.0;
    int now = was ? d >= curve_end(&c) : d >= c.delta_p;
    double e0 = was ? curve_energy(&c, fmax(k->delta0, curve_end(&c))) : 0.0;
    *out = (cwb_normal_out){0};
    *t = *s;
    if (now) {
        /* from the committed state, or from the snap-in at delta_p */
        in_contact(p, g, &c, dm, d, was ? e0 : curve_energy(&c, c.delta_p), out, t);
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
            .state_size = sizeof(tn_state),
            .check = tn_check,
            .prepare = tn_prepare,
        },
    .step = tn_step,
};
