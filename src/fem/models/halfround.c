/* halfround.c -- FEM model "halfround": the half-round body of Hertz 2D paper (2020)
 * Sec. 2.3 under a Hertzian traction on its flat, which gives the penalty
 * factor w of eq. 20 (Sec. 4.1, Figs. 7-8) and checks the pipeline against
 * Johnson's eq. 17 (Contact Mechanics, 1985, sec. 5.6) on rollers.
 *
 * Geometry: the upper half-disc of radius R, top trimmed to a flat |x| <= a.
 * Loading: step 1 the Hertzian normal traction of resultant N alone, step
 * 2 the tangential traction of resultant T alone, as consistent nodal
 * forces of the quadratic edges. Output: u at the flat's centre (TOP) and
 * at the body's centre (CENTRE), the base's total reaction (*NODE PRINT).
 * One CSV row per point of the study ([vary]: Cartesian product of the
 * listed R, a_over_R, E, nu; R outermost).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_fem.h"
#include "cwb_numeric.h"

/* ------------------------------------------------------- study keys */

enum { B_R, B_A_OVER_R, B_E, B_E_PLANE, B_NU, B_N, B_T, B_BASE };
enum { V_R, V_A_OVER_R, V_E, V_NU, V_COUNT };
enum { SEC_BODY, SEC_VARY };

static const char *const base_words[] = {"fixed", "symmetric", NULL};

static const cwb_param body_params[] = {
    {.name = "R",
     .unit = "m",
     .def = 0.5,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "body radius (Hertz 2D paper (2020) Sec. 4.1: 0.5 m)"},
    {.name = "a_over_R",
     .unit = "-",
     .def = 0.05,
     .min = 0,
     .max = 0.5,
     .flags = CWB_P_MIN_OPEN,
     .help = "half-width of the loaded flat / R (Sec. 4.1: 0.05)"},
    {.name = "E",
     .unit = "Pa",
     .def = 1e10,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "Young's modulus (Sec. 4.1: 10 GPa)"},
    {.name = "E_plane",
     .unit = "Pa",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .help = "if > 0: E = E_plane (1 - nu^2), so E/(1 - nu^2) stays fixed as nu varies (Fig. 7e)"},
    {.name = "nu",
     .unit = "-",
     .def = 0.25,
     .min = 0,
     .max = 0.5,
     .flags = CWB_P_MAX_OPEN,
     .help = "Poisson's ratio (Sec. 4.1: 0.25)"},
    {.name = "N",
     .unit = "N/m",
     .def = 1e5,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "resultant of the Hertzian normal traction (check of eq. 17)"},
    {.name = "T",
     .unit = "N/m",
     .def = 1e5,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "resultant of the Hertzian tangential traction (Sec. 4.1: 1e5)"},
    {.name = "base",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = base_words,
     .help = "fixed: diameter clamped (the paper); symmetric: rollers, Johnson's eq. 17 disc"},
    {0}};

static const cwb_param vary_params[] = {{.name = "R",
                                         .unit = "m",
                                         .min = 0,
                                         .max = INFINITY,
                                         .flags = CWB_P_MIN_OPEN,
                                         .kind = CWB_PARAM_LIST,
                                         .help = "radii"},
                                        {.name = "a_over_R",
                                         .unit = "-",
                                         .min = 0,
                                         .max = 0.5,
                                         .flags = CWB_P_MIN_OPEN,
                                         .kind = CWB_PARAM_LIST,
                                         .help = "flat half-widths / R"},
                                        {.name = "E",
                                         .unit = "Pa",
                                         .min = 0,
                                         .max = INFINITY,
                                         .flags = CWB_P_MIN_OPEN,
                                         .kind = CWB_PARAM_LIST,
                                         .help = "Young's moduli"},
                                        {.name = "nu",
                                         .unit = "-",
                                         .min = 0,
                                         .max = 0.5,
                                         .flags = CWB_P_MAX_OPEN,
                                         .kind = CWB_PARAM_LIST,
                                         .help = "Poisson's ratios"},
                                        {0}};

static const cwb_fem_section sections[] = {
    {"body", body_params}, {"vary", vary_params}, {NULL, NULL}};

static const cwb_fem_column columns[] = {{"R", "m"},
                                         {"a_over_R", "-"},
                                         {"a", "m"},
                                         {"E", "Pa"},
                                         {"nu", "-"},
                                         {"N", "N/m"},
                                         {"T", "N/m"},
                                         {"u_z_top", "m"},
                                         {"u_z_eq17", "m"},
                                         {"u_z_rel_to_eq17", "-"},
                                         {"u_x_top", "m"},
                                         {"w", "-"},
                                         {"w_eq33", "-"},
                                         {"w_refined", "-"},
                                         {"refine_change", "-"},
                                         {"elements", "-"},
                                         {"nodes", "-"},
                                         {"h_min", "m"},
                                         {"reaction_error", "-"},
                                         {NULL, NULL}};
enum { NCOL = 19 };

static const cwb_fem_table tables[] = {{"", columns}, {NULL, NULL}};

/* ------------------------------------------------------------ geometry */

void cwb_halfround_geo(FILE *f, const cwb_halfround *h)
{
    double zt = sqrt(h->R * h->R - h->a * h->a);
    double fine = h->fine * h->a, coarse = h->coarse * h->R;
    fprintf(f,
            "// cwb: half-round body of Hertz 2D paper (2020) Sec. 2.3 (R = %.9g m, a = %.9g m)\n"
            "R = %.15g; a = %.15g; zt = %.15g; lf = %.15g; lc = %.15g;\n"
            "Point(1) = {0, 0, 0, lc};\n"
            "Point(2) = {R, 0, 0, lc};\n"
            "Point(3) = {a, zt, 0, lf};\n"
            "Point(4) = {0, zt, 0, lf};\n"
            "Point(5) = {-a, zt, 0, lf};\n"
            "Point(6) = {-R, 0, 0, lc};\n"
            "Line(1) = {6, 1};\n"
            "Line(2) = {1, 2};\n"
            "Circle(3) = {2, 1, 3};\n"
            "Line(4) = {3, 4};\n"
            "Line(5) = {4, 5};\n"
            "Circle(6) = {5, 1, 6};\n"
            "Curve Loop(1) = {1, 2, 3, 4, 5, 6};\n"
            "Plane Surface(1) = {1};\n"
            "Physical Curve(\"BASE\", 1) = {1, 2};\n"
            "Physical Curve(\"FLAT\", 2) = {4, 5};\n"
            "Physical Point(\"TOP\", 3) = {4};\n"
            "Physical Point(\"CENTRE\", 4) = {1};\n"
            "Physical Surface(\"BODY\", 5) = {1};\n"
            "// element size lf within a of the flat, growing to lc at R/2\n"
            "Field[1] = Distance;\n"
            "Field[1].CurvesList = {4, 5};\n"
            "Field[1].NumPointsPerCurve = 200;\n"
            "Field[2] = Threshold;\n"
            "Field[2].InField = 1;\n"
            "Field[2].SizeMin = lf;\n"
            "Field[2].SizeMax = lc;\n"
            "Field[2].DistMin = a;\n"
            "Field[2].DistMax = R / 2;\n"
            "Background Field = 2;\n"
            "Mesh.MeshSizeExtendFromBoundary = 0;\n"
            "Mesh.MeshSizeFromPoints = 0;\n"
            "Mesh.MeshSizeFromCurvature = 0;\n"
            "Mesh.ElementOrder = 2;\n"
            "Mesh.Algorithm = 6;\n",
            h->R, h->a, h->R, h->a, zt, fine, coarse);
}

/* ---------------------------------------------------------------- deck */

/* The two load steps, each alone: the Hertzian traction's nodal forces
 * (resultant 1 in force[]) scaled to -N along z, then to T along x. */
static void write_load_steps(FILE *f, const cwb_mesh *m, const cwb_halfround *h,
                             const double *force)
{
    for (int step = 0; step < 2; step++) {
        double load = step == 0 ? -h->N : h->T;
        fprintf(f,
                "** step %d: Hertzian %s traction, resultant %.9g N/m\n"
                "*STEP\n*STATIC\n*CLOAD, OP=NEW\n",
                step + 1, step == 0 ? "normal" : "tangential", step == 0 ? h->N : h->T);
        for (size_t i = 0; i < m->nnode; i++)
            if (force[i] != 0.0)
                fprintf(f, "%d, %d, %.13g\n", m->node_id[i], step == 0 ? 2 : 1, force[i] * load);
        fprintf(f, "*NODE PRINT, NSET=TOP\nU\n*NODE PRINT, NSET=CENTRE\nU\n"
                   "*NODE PRINT, NSET=BASE, TOTALS=ONLY\nRF\n*END STEP\n");
    }
}

int cwb_halfround_deck(FILE *f, const cwb_mesh *m, const cwb_halfround *h, char *msg, size_t n)
{
    int top = cwb_mesh_point(m, 3), centre = cwb_mesh_point(m, 4);
    if (top < 0 || centre < 0)
        return cwb_fail(msg, n, CWB_EFAIL, "mesh: no TOP or CENTRE node");
    double *force = malloc(m->nnode * sizeof *force);
    if (!force)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    double total = cwb_hertz_nodal_forces(m, 2, h->a, force);
    if (!(fabs(total - 1.0) < 1e-8)) {
        free(force);
        return cwb_fail(msg, n, CWB_EFAIL,
                        "mesh: the Hertzian traction's nodal forces sum to "
                        "%.12g instead of 1 (flat not meshed as straight quadratic edges?)",
                        total);
    }
    fprintf(f, "** cwb: half-round body, Hertz 2D paper (2020) Sec. 2.3; plane strain CPE6, "
               "thickness 1\n");
    cwb_deck_nodes(f, m);
    cwb_deck_elements(f, m, "BODY", 0);
    int rc = cwb_deck_node_set(f, m, "BASE", 1, msg, n);
    if (rc) {
        free(force);
        return rc;
    }
    fprintf(f, "*NSET, NSET=TOP\n%d\n*NSET, NSET=CENTRE\n%d\n", top, centre);
    fprintf(f,
            "*MATERIAL, NAME=BODY\n*ELASTIC\n%.13g, %.13g\n"
            "*SOLID SECTION, ELSET=BODY, MATERIAL=BODY\n1.\n",
            h->E, h->nu);
    if (h->base == CWB_BASE_FIXED)
        fprintf(f, "*BOUNDARY\nBASE, 1, 2\n");
    else
        fprintf(f, "*BOUNDARY\nBASE, 2, 2\nCENTRE, 1, 1\n");
    write_load_steps(f, m, h, force);
    free(force);
    return CWB_OK;
}

/* ------------------------------------------------------------ .dat out */

/* Which block a .dat line heads: 0 TOP, 1 CENTRE (displacements), 2 BASE
 * (total force), -1 none; *at receives where its time starts. */
static int dat_block(const char *buf, char *set, int *at)
{
    *at = -1;
    if (sscanf(buf, " displacements (vx,vy,vz) for set %63s and time %n", set, at) == 1 && *at > 0)
        return strcmp(set, "TOP") == 0 ? 0 : strcmp(set, "CENTRE") == 0 ? 1 : -1;
    *at = -1;
    if (sscanf(buf, " total force (fx,fy,fz) for set %63s and time %n", set, at) == 1 && *at > 0)
        return strcmp(set, "BASE") == 0 ? 2 : -1;
    return -1;
}

/* One block's data row into o: a node's displacements (lengths) or the
 * total force. */
static int dat_values(cwb_fem_file *f, cwb_halfround_out *o, int kind, int step, const char *set)
{
    static const cwb_fem_kind node[4] = {CWB_FEM_ID, CWB_FEM_LENGTH, CWB_FEM_LENGTH,
                                         CWB_FEM_LENGTH},
                              total[3] = {CWB_FEM_VALUE, CWB_FEM_VALUE, CWB_FEM_VALUE};
    double v[4];
    int rc =
        kind == 2 ? cwb_fem_dat_row(f, total, 3, v + 1, set) : cwb_fem_dat_row(f, node, 4, v, set);
    if (rc)
        return rc;
    double *dst = kind == 0 ? o->top[step] : kind == 1 ? o->centre[step] : o->reaction[step];
    dst[0] = v[1];
    dst[1] = v[2];
    return CWB_OK;
}

int cwb_halfround_dat(cwb_halfround_out *o, const char *path, double R, char *msg, size_t n)
{
    memset(o, 0, sizeof *o);
    cwb_fem_file f;
    if (cwb_fem_open(&f, path, R, msg, n))
        return f.rc;
    char set[64];
    int seen[2][3] = {{0}}, at;
    double time;
    while (cwb_fem_line(&f)) {
        int kind = dat_block(f.buf, set, &at);
        if (kind < 0 || cwb_fem_time(&f, f.buf + at, &time))
            continue;
        int step = (int)lround(time) - 1; /* step k ends at total time k */
        if (step < 0 || step > 1 || fabs(time - (step + 1)) > 1e-6) {
            f.rc = cwb_fail(msg, n, CWB_EINPUT, "%s:%d: results at time %g (expected 1 or 2)", path,
                            f.line, time);
            break;
        }
        if (dat_values(&f, o, kind, step, set) == CWB_OK)
            seen[step][kind] = 1;
    }
    cwb_fem_close(&f);
    if (f.rc)
        return f.rc;
    for (int s = 0; s < 2; s++) {
        if (!(seen[s][0] && seen[s][1] && seen[s][2]))
            return cwb_fail(msg, n, CWB_EFAIL,
                            "%s: step %d has no results (did the solver "
                            "finish?)",
                            path, s + 1);
        o->steps = s + 1;
    }
    return CWB_OK;
}

/* ------------------------------------------------------- eq. 17, eq. 20 */

/* Seed 000's eq. 33, w = c0 + c1 x + c2 nu + c3 x^2 + c4 x nu + c5 nu^2 at
 * x = a/R with the paper's coefficients: the column beside the w the FEM
 * measures. Evaluated here, not through the 2D laws' code
 * (src/laws/disc2d.c), so that no FEM table depends on a law it checks. */
static double paper_eq33(double x, double nu)
{
    static const double c[6] = {0.22, 2.89, 0.18, -10.31, 1.75, 0.36};
    return c[0] + c[1] * x + c[2] * nu + c[3] * x * x + c[4] * x * nu + c[5] * nu * nu;
}

double cwb_eq17_displacement(double R, double a, double E, double nu, double N)
{
    return (1.0 - nu * nu) / E * 2.0 * N / M_PI * (log(4.0 * R / a) - 0.5);
}

double cwb_eq20_displacement(double R, double a, double E, double nu, double T, double w)
{
    return (1.0 - nu * nu) / E * 2.0 * T / M_PI *
           (log(2.0 * R / a) + 0.5 + w * (log(4.0 * R / a) + nu / (2.0 * (1.0 - nu))));
}

typedef struct {
    double R, a, E, nu, T, u;
} eq20_target;

static double eq20_residual(double w, void *p)
{
    const eq20_target *t = p;
    return (cwb_eq20_displacement(t->R, t->a, t->E, t->nu, t->T, w) - t->u) / fabs(t->u);
}

double cwb_eq20_penalty(double R, double a, double E, double nu, double T, double u_x)
{
    eq20_target t = {R, a, E, nu, T, u_x};
    gsl_function F = {eq20_residual, &t};
    double w;
    if (!(u_x != 0.0) || cwb_root_brent(&F, -10.0, 10.0, 1e-14, 1e-13, &w, NULL, NULL) != CWB_OK)
        return NAN;
    return w;
}

/* ---------------------------------------------------------- the model */

static int check(const cwb_fem_study *s, char *msg, size_t n)
{
    const cwb_values *body = &s->section[SEC_BODY];
    if (body->p[B_E_PLANE] > 0 && body->given[B_E] > 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [body] give E or E_plane, not both", s->path,
                        body->given[B_E_PLANE]);
    return CWB_OK;
}

/* Items of [vary] key k, 1 when it lists none (the [body] value). */
static size_t vary_len(const cwb_fem_study *s, int k)
{
    size_t len = s->section[SEC_VARY].list[k].n;
    return len ? len : 1;
}

static size_t points(const cwb_fem_study *s)
{
    size_t total = 1;
    for (int k = 0; k < V_COUNT; k++)
        total *= vary_len(s, k);
    return total;
}

/* A run's spec: the body, and a/R as the study gave it (a / R need not
 * round back to it). */
typedef struct {
    cwb_halfround h;
    double a_over_R;
} point_spec;

/* Point i of the Cartesian product, the last [vary] key fastest. */
static void spec(const cwb_fem_study *s, size_t i, double refine, void *out)
{
    const cwb_values *body = &s->section[SEC_BODY], *vary = &s->section[SEC_VARY];
    static const int body_key[V_COUNT] = {B_R, B_A_OVER_R, B_E, B_NU};
    double val[V_COUNT];
    size_t rest = i;
    for (int k = V_COUNT - 1; k >= 0; k--) {
        size_t j = rest % vary_len(s, k);
        rest /= vary_len(s, k);
        val[k] = vary->list[k].n ? vary->list[k].v[j] : body->p[body_key[k]];
    }
    if (body->p[B_E_PLANE] > 0)
        val[V_E] = body->p[B_E_PLANE] * (1.0 - val[V_NU] * val[V_NU]);
    point_spec *ps = out;
    ps->a_over_R = val[V_A_OVER_R];
    ps->h = (cwb_halfround){.R = val[V_R],
                            .a = val[V_A_OVER_R] * val[V_R],
                            .E = val[V_E],
                            .nu = val[V_NU],
                            .N = body->p[B_N],
                            .T = body->p[B_T],
                            .base = (cwb_base)body->p[B_BASE],
                            .fine = s->mesh.p[CWB_FEM_FINE],
                            .coarse = s->mesh.p[CWB_FEM_COARSE]};
    if (refine != 1.0) { /* the base run's sizes exactly as given */
        ps->h.fine /= refine;
        ps->h.coarse /= refine;
    }
}

static void geo(FILE *f, const void *ps)
{
    cwb_halfround_geo(f, &((const point_spec *)ps)->h);
}

static int deck(FILE *f, const cwb_mesh *m, const void *ps, char *msg, size_t n)
{
    return cwb_halfround_deck(f, m, &((const point_spec *)ps)->h, msg, n);
}

static int parse(const char *dat, const char *frd, const cwb_mesh *m, const void *ps, void *out,
                 char *msg, size_t n)
{
    (void)frd;
    (void)m;
    return cwb_halfround_dat(out, dat, ((const point_spec *)ps)->h.R, msg, n);
}

/* What a run's .dat gives: approach u_z (positive towards the centre),
 * u_x, the w of eq. 20 for it, and the reactions' equilibrium error. */
typedef struct {
    double uz, ux, w, reaction_error;
} result;

static result evaluate(const cwb_fem_run *run)
{
    const cwb_halfround *h = &((const point_spec *)run->spec)->h;
    const cwb_halfround_out *o = run->out;
    result q;
    q.uz = -(o->top[0][1] - o->centre[0][1]);
    q.ux = o->top[1][0] - o->centre[1][0];
    q.w = cwb_eq20_penalty(h->R, h->a, h->E, h->nu, h->T, q.ux);
    /* step 1: the base carries +N upwards; step 2: -T */
    double e1 = fmax(fabs(o->reaction[0][1] - h->N) / h->N, fabs(o->reaction[0][0]) / h->N);
    double e2 = fmax(fabs(o->reaction[1][0] + h->T) / h->T, fabs(o->reaction[1][1]) / h->T);
    q.reaction_error = fmax(e1, e2);
    return q;
}

/* Ranges over the points, for the provenance lines. */
typedef struct {
    double worst_reaction, eq17_lo, eq17_hi, h_lo, h_hi;
    size_t el_lo, el_hi;
} summary;

static void summarize(summary *sum, size_t i, const double *row, const cwb_fem_run *run)
{
    enum { REL_EQ17 = 9 };
    if (i == 0)
        *sum = (summary){0.0, INFINITY, -INFINITY, INFINITY, 0.0, (size_t)-1, 0};
    sum->worst_reaction = fmax(sum->worst_reaction, row[NCOL - 1]);
    sum->eq17_lo = fmin(sum->eq17_lo, row[REL_EQ17]);
    sum->eq17_hi = fmax(sum->eq17_hi, row[REL_EQ17]);
    sum->el_lo = run->elements < sum->el_lo ? run->elements : sum->el_lo;
    sum->el_hi = run->elements > sum->el_hi ? run->elements : sum->el_hi;
    sum->h_lo = fmin(sum->h_lo, run->h_min);
    sum->h_hi = fmax(sum->h_hi, run->h_min);
}

static int rows(cwb_fem_point *pt, char *msg, size_t n)
{
    const point_spec *ps = pt->base.spec;
    const cwb_halfround *h = &ps->h;
    result q = evaluate(&pt->base), qr = pt->refined.out ? evaluate(&pt->refined) : q;
    if (!isfinite(q.w) || !isfinite(qr.w))
        return cwb_fail(msg, n, CWB_EFAIL,
                        "point %zu: eq. 20 has no root w in [-10, 10] for "
                        "u_x = %g m",
                        pt->index + 1, q.ux);
    /* on rollers the tangential load is held by the centre pin alone, so w
     * means nothing there: the check is on the normal approach instead */
    int on_rollers = h->base == CWB_BASE_SYMMETRIC;
    pt->change = on_rollers ? qr.uz / q.uz - 1.0 : qr.w / q.w - 1.0;
    double eq17 = cwb_eq17_displacement(h->R, h->a, h->E, h->nu, h->N);
    double w33 = paper_eq33(ps->a_over_R, h->nu);
    const cwb_fem_run *run = &pt->base;
    double row[NCOL] = {h->R,
                        ps->a_over_R,
                        h->a,
                        h->E,
                        h->nu,
                        h->N,
                        h->T,
                        q.uz,
                        eq17,
                        q.uz / eq17 - 1.0,
                        q.ux,
                        q.w,
                        w33,
                        qr.w,
                        pt->change,
                        (double)run->elements,
                        (double)run->nodes,
                        run->h_min,
                        fmax(q.reaction_error, qr.reaction_error)};
    summarize(pt->summary, pt->index, row, run);
    return cwb_fem_rows_add(&pt->tables[0], row, msg, n);
}

/* "v1, v2, ..." of [vary] key i. */
static void list_text(const cwb_values *v, int i, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (size_t j = 0; j < v->list[i].n && used < n; j++)
        used += (size_t)snprintf(buf + used, n - used, "%s%g", j ? ", " : "", v->list[i].v[j]);
}

/* "# stands for:" (src/io/compare.c): the inputs the whole table holds fixed,
 * in a case's keys (R, E, nu of one disc); a varied one, and E when E_plane
 * is given (E then follows nu), is not one value and is left out. a/R, N and
 * T have no case key. */
static void provenance_stands_for(FILE *f, const cwb_fem_study *s)
{
    const cwb_values *body = &s->section[SEC_BODY], *vary = &s->section[SEC_VARY];
    fprintf(f, "# stands for: body1.shape = disc");
    if (!vary->list[V_R].n)
        fprintf(f, "; body1.radius = %g", body->p[B_R]);
    if (!vary->list[V_E].n && !(body->p[B_E_PLANE] > 0))
        fprintf(f, "; body1.E = %g", body->p[B_E]);
    if (!vary->list[V_NU].n)
        fprintf(f, "; body1.nu = %g", body->p[B_NU]);
    fprintf(f, "\n");
}

static void provenance_model(FILE *f, const cwb_fem_study *s)
{
    const cwb_values *body = &s->section[SEC_BODY];
    char lists[V_COUNT][1024];
    for (int k = 0; k < V_COUNT; k++)
        list_text(&s->section[SEC_VARY], k, lists[k], sizeof lists[k]);
    fprintf(f,
            "# model: Hertz 2D paper (2020) Sec. 2.3/4.1 half-round body, plane strain, upper "
            "half-disc "
            "of radius R, top trimmed to a flat |x| <= a; base = %s (%s)\n"
            "# loading: Hertzian normal traction of resultant N (step 1, alone) and "
            "tangential traction of resultant T (step 2, alone), applied as consistent "
            "nodal forces of the quadratic edges (GSL QAGS)\n"
            "# parameters: R = %g m; a_over_R = %g; E = %g Pa; E_plane = %g Pa "
            "(0: E given); nu = %g; N = %g N/m; T = %g N/m\n"
            "# varied (Cartesian product): R = [%s] m; a_over_R = [%s]; E = [%s] Pa; "
            "nu = [%s]\n",
            base_words[(int)body->p[B_BASE]],
            body->p[B_BASE] == CWB_BASE_FIXED ? "diameter clamped, the paper's model"
                                              : "diameter on rollers, centre pinned",
            body->p[B_R], body->p[B_A_OVER_R], body->p[B_E], body->p[B_E_PLANE], body->p[B_NU],
            body->p[B_N], body->p[B_T], lists[V_R], lists[V_A_OVER_R], lists[V_E], lists[V_NU]);
    provenance_stands_for(f, s);
}

static void provenance(FILE *f, size_t t, const cwb_fem_job *job, const void *sum_)
{
    (void)t;
    const summary *sum = sum_;
    const cwb_fem_study *s = job->study;
    provenance_model(f, s);
    char refinement[256];
    if (job->refine > 1.0)
        snprintf(refinement, sizeof refinement,
                 "every point re-run with element sizes "
                 "/ %g: largest |%s| = %.3g %% (criterion %g %%)",
                 job->refine,
                 s->section[SEC_BODY].p[B_BASE] == CWB_BASE_FIXED
                     ? "w_refined / w - 1"
                     : "u_z_top refined / u_z_top - 1 (rollers: w is not meaningful)",
                 100 * job->worst_change, 100 * job->tolerance);
    else
        snprintf(refinement, sizeof refinement, "none ([mesh] refine = 1)");
    fprintf(
        f,
        "# mesh: gmsh %s, 6-node plane-strain triangles (CalculiX CPE6), size %g a "
        "on the flat growing to %g R at R/2 from it; %zu..%zu elements; smallest "
        "element %.3g..%.3g m\n"
        "# solver: CalculiX ccx %s, linear static, thickness 1 (forces per unit length)\n"
        "# refinement check: %s\n"
        "# equilibrium check: largest |base reaction + applied load| / load = %.2g\n"
        "# eq. 17 check: u_z_top / u_z_eq17 - 1 from %.4g to %.4g\n"
        "# w: root of Hertz 2D paper (2020) eq. 20 (GSL Brent) for the FEM u_x_top; w_eq33: the "
        "paper's eq. 33 at the point\n"
        "# tolerance: %g w to %g %% (the refinement criterion)\n"
        "# independence: fem " FEM_INDEPENDENCE "\n"
        "# raw solver output: %s/pNNN.dat (and pNNN_refined.dat), row NNN\n",
        job->gmsh_version, s->mesh.p[CWB_FEM_FINE], s->mesh.p[CWB_FEM_COARSE], sum->el_lo,
        sum->el_hi, sum->h_lo, sum->h_hi, job->ccx_version, refinement, sum->worst_reaction,
        sum->eq17_lo, sum->eq17_hi, job->tolerance, 100 * job->tolerance, job->raw);
}

static void report(char *buf, size_t n, const cwb_fem_job *job, const void *sum)
{
    (void)sum;
    snprintf(buf, n, "%zu points; largest refinement change %.3g %%", job->points,
             100 * job->worst_change);
}

const cwb_fem_model cwb_fem_halfround = {
    .name = "halfround",
    .summary = "Hertz 2D paper (2020) Sec. 2.3/4.1: Hertzian traction on a half-round body, "
               "penalty factor "
               "w of eq. 20 (Figs. 7-8); on rollers Johnson's eq. 17",
    .sections = sections,
    .tables = tables,
    .spec_size = sizeof(point_spec),
    .out_size = sizeof(cwb_halfround_out),
    .summary_size = sizeof(summary),
    .refinement_fails = 1,
    .check = check,
    .points = points,
    .spec = spec,
    .geo = geo,
    .deck = deck,
    .parse = parse,
    .rows = rows,
    .provenance = provenance,
    .result = report,
};
