/* cylinders.c -- FEM model "cylinders": two cylinders in frictional
 * contact, Hertz 2D paper (2020) Sec. 4.2 (Fig. 10), the FEM curves of Figs. 11-15.
 *
 * Plane strain, both bodies modelled in halves: the lower half-disc
 * clamped along its diameter, the upper one's diameter displaced by
 * (delta_t, -delta_n) -- case 1 first delta_n, then delta_t at fixed
 * delta_n; case 2 both together. CalculiX surface-to-surface contact with a
 * linear pressure-overclosure law and Coulomb friction. Output: the upper
 * diameter's total reaction at every increment (.dat), and the contact
 * pressure and shear on the upper arc (.frd) at the traction output time.
 * One study is one point; two CSVs: forces per increment and tractions.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_fem.h"
#include "cwb_out.h"

/* ------------------------------------------------------- study keys */

enum { B_R, B_E, B_NU, B_MU };
enum { L_CASE, L_DELTA_N, L_DELTA_T, L_DELTA_T_TRACTION };
enum { C_PENALTY, C_STICK, C_ZONE };
enum { SEC_BODY, SEC_LOAD, SEC_CONTACT };
enum { TABLE_FORCES, TABLE_TRACTIONS };

static const char *const case_words[] = {"sequential", "together", NULL};

static const cwb_param body_params[] = {
    {.name = "R",
     .unit = "m",
     .def = 0.5,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "radius of both cylinders (Hertz 2D paper (2020) Sec. 4.2: 0.5 m)"},
    {.name = "E",
     .unit = "Pa",
     .def = 1e10,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "Young's modulus of both (Sec. 4.2: 10 GPa)"},
    {.name = "nu",
     .unit = "-",
     .def = 0.25,
     .min = 0,
     .max = 0.5,
     .flags = CWB_P_MAX_OPEN,
     .help = "Poisson's ratio of both (Sec. 4.2: 0.25)"},
    {.name = "mu",
     .unit = "-",
     .def = 0.3,
     .min = 0,
     .max = 10,
     .help = "Coulomb friction coefficient (Sec. 4.2: 0.3)"},
    {0}};

static const cwb_param load_params[] = {
    {.name = "case",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = case_words,
     .help = "sequential (case 1: delta_n, then delta_t) or together (case 2)"},
    {.name = "delta_n",
     .unit = "m",
     .def = 0.025,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "final approach of the upper diameter (Sec. 4.2: 0.025)"},
    {.name = "delta_t",
     .unit = "m",
     .def = 0.025,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "final horizontal displacement of it (Sec. 4.2: 0.025)"},
    {.name = "delta_t_traction",
     .unit = "m",
     .def = 0.01,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "case 1: delta_t of the traction output (Fig. 11: 0.01)",
     .read_when = "case=sequential"},
    {0}};

static const cwb_param contact_params[] = {
    {.name = "penalty",
     .unit = "Pa/m",
     .def = 1e13,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "slope of the linear pressure-overclosure law"},
    {.name = "stick",
     .unit = "Pa/m",
     .def = 1e12,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "stick slope of CalculiX's Coulomb friction"},
    {.name = "zone",
     .unit = "-",
     .def = 0.2,
     .min = 0.01,
     .max = 1,
     .help = "refined zone and contact surfaces: within zone R of the contact point"},
    {0}};

static const cwb_fem_section sections[] = {
    {"body", body_params}, {"load", load_params}, {"contact", contact_params}, {NULL, NULL}};

static const cwb_fem_column force_columns[] = {
    {"time", "-"},  {"delta_n", "m"}, {"S", "m"},     {"S_over_R", "-"},     {"xi_t", "m"},
    {"F", "N/m"},   {"F_t", "N/m"},   {"F_n", "N/m"}, {"k_secant", "N/m^2"}, {"R_x", "N/m"},
    {"R_z", "N/m"}, {"tilt", "rad"},  {NULL, NULL}};

static const cwb_fem_column traction_columns[] = {
    {"x_deformed", "m"}, {"x", "m"}, {"p", "Pa"}, {"q", "Pa"}, {NULL, NULL}};

static const cwb_fem_table tables[] = {
    {"_forces", force_columns}, {"_tractions", traction_columns}, {NULL, NULL}};

/* ------------------------------------------------------------ geometry */

void cwb_cylinders_geo(FILE *f, const cwb_cylinders *c)
{
    fprintf(
        f,
        "// cwb: two cylinders of Hertz 2D paper (2020) Sec. 4.2 (R = %.9g m), touching at (0, R)\n"
        "R = %.15g; lf = %.15g; lc = %.15g; zone = %.15g;\n"
        "Point(1) = {0, 0, 0, lc};\n"
        "Point(2) = {R, 0, 0, lc};\n"
        "Point(3) = {0, R, 0, lf};\n"
        "Point(4) = {-R, 0, 0, lc};\n"
        "Line(1) = {4, 1};\n"
        "Line(2) = {1, 2};\n"
        "Circle(3) = {2, 1, 3};\n"
        "Circle(4) = {3, 1, 4};\n"
        "Curve Loop(1) = {1, 2, 3, 4};\n"
        "Plane Surface(1) = {1};\n"
        "Point(11) = {0, 2 * R, 0, lc};\n"
        "Point(12) = {-R, 2 * R, 0, lc};\n"
        "Point(13) = {0, R, 0, lf};\n"
        "Point(14) = {R, 2 * R, 0, lc};\n"
        "Line(11) = {12, 11};\n"
        "Line(12) = {11, 14};\n"
        "Circle(13) = {14, 11, 13};\n"
        "Circle(14) = {13, 11, 12};\n"
        "Curve Loop(2) = {-12, -11, -14, -13};\n"
        "Plane Surface(2) = {2};\n"
        "Physical Curve(\"LOWBASE\", 1) = {1, 2};\n"
        "Physical Curve(\"LOWARC\", 2) = {3, 4};\n"
        "Physical Curve(\"UPBASE\", 3) = {11, 12};\n"
        "Physical Curve(\"UPARC\", 4) = {13, 14};\n"
        "Physical Surface(\"LOW\", 5) = {1};\n"
        "Physical Surface(\"UP\", 6) = {2};\n"
        "// size lf within zone of the contact point, growing to lc at 4 zone\n"
        "Field[1] = Distance;\n"
        "Field[1].PointsList = {3, 13};\n"
        "Field[2] = Threshold;\n"
        "Field[2].InField = 1;\n"
        "Field[2].SizeMin = lf;\n"
        "Field[2].SizeMax = lc;\n"
        "Field[2].DistMin = zone;\n"
        "Field[2].DistMax = 4 * zone;\n"
        "Background Field = 2;\n"
        "Mesh.MeshSizeExtendFromBoundary = 0;\n"
        "Mesh.MeshSizeFromPoints = 0;\n"
        "Mesh.MeshSizeFromCurvature = 0;\n"
        "Mesh.ElementOrder = 2;\n"
        "Mesh.Algorithm = 6;\n",
        c->R, c->R, c->fine * c->R, c->coarse * c->R, c->zone * c->R);
}

/* ---------------------------------------------------------------- deck */

/* The displacement steps of the upper diameter: case 1 delta_n, then
 * delta_t to delta_t_traction (tractions written), then to delta_t; case 2
 * one step to both, tractions written. */
static void write_steps(FILE *f, const cwb_cylinders *c)
{
    /* steps: {delta_t at its end, delta_n at its end, output of tractions} */
    double steps[3][3];
    int nstep;
    if (c->together) {
        nstep = 1;
        steps[0][0] = c->delta_t, steps[0][1] = c->delta_n, steps[0][2] = 1;
    } else {
        nstep = 3;
        steps[0][0] = 0, steps[0][1] = c->delta_n, steps[0][2] = 0;
        steps[1][0] = c->delta_t_traction, steps[1][1] = c->delta_n, steps[1][2] = 1;
        steps[2][0] = c->delta_t, steps[2][1] = c->delta_n, steps[2][2] = 0;
    }
    for (int s = 0; s < nstep; s++) {
        fprintf(f,
                "** step %d: upper diameter to delta_t = %.9g m, delta_n = %.9g m\n"
                "*STEP, INC=2000\n*STATIC\n0.05, 1., 1e-6, 0.1\n"
                "*BOUNDARY\nUPBASE, 1, 1, %.13g\nUPBASE, 2, 2, %.13g\n"
                "*NODE PRINT, NSET=UPBASE, TOTALS=ONLY\nRF\n",
                s + 1, steps[s][0], steps[s][1], steps[s][0], -steps[s][1]);
        /* no FREQUENCY: CalculiX shares it between *NODE FILE and *NODE PRINT */
        if (steps[s][2])
            fprintf(f, "*NODE FILE\nU\n*CONTACT FILE\nCSTR\n");
        fprintf(f, "*END STEP\n");
    }
}

int cwb_cylinders_deck(FILE *f, const cwb_mesh *m, const cwb_cylinders *c, char *msg, size_t n)
{
    fprintf(
        f,
        "** cwb: two cylinders, Hertz 2D paper (2020) Sec. 4.2; plane strain CPE6, thickness 1\n");
    cwb_deck_nodes(f, m);
    cwb_deck_elements(f, m, "LOW", 5);
    cwb_deck_elements(f, m, "UP", 6);
    int rc = cwb_deck_node_set(f, m, "LOWBASE", 1, msg, n);
    if (rc == CWB_OK)
        rc = cwb_deck_node_set(f, m, "UPBASE", 3, msg, n);
    if (rc)
        return rc;
    cwb_deck_surface(f, m, "SLAVE", 4, c->zone * c->R);
    cwb_deck_surface(f, m, "MASTER", 2, c->zone * c->R);
    fprintf(f,
            "*MATERIAL, NAME=BODY\n*ELASTIC\n%.13g, %.13g\n"
            "*SOLID SECTION, ELSET=LOW, MATERIAL=BODY\n1.\n"
            "*SOLID SECTION, ELSET=UP, MATERIAL=BODY\n1.\n"
            "*SURFACE INTERACTION, NAME=COULOMB\n"
            "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n%.6g\n"
            "*FRICTION\n%.6g, %.6g\n"
            "*CONTACT PAIR, INTERACTION=COULOMB, TYPE=SURFACE TO SURFACE\nSLAVE, MASTER\n"
            "*BOUNDARY\nLOWBASE, 1, 2\n",
            c->E, c->nu, c->penalty, c->mu, c->stick);
    write_steps(f, c);
    return CWB_OK;
}

/* ------------------------------------------------------------ .dat out */

void cwb_cylinders_reactions_free(cwb_cylinders_reactions *r)
{
    free(r->time);
    free(r->fx);
    free(r->fz);
    memset(r, 0, sizeof *r);
}

/* Room for one more increment. */
static int reactions_grow(cwb_cylinders_reactions *r, size_t *cap)
{
    if (r->count < *cap)
        return CWB_OK;
    size_t want = *cap ? 2 * *cap : 64;
    double *a = realloc(r->time, want * sizeof *a);
    if (a)
        r->time = a;
    double *b = a ? realloc(r->fx, want * sizeof *b) : NULL;
    if (b)
        r->fx = b;
    double *d = b ? realloc(r->fz, want * sizeof *d) : NULL;
    if (d)
        r->fz = d;
    if (!d)
        return CWB_EFAIL;
    *cap = want;
    return CWB_OK;
}

/* The time of an UPBASE "total force" header line, or NaN (f.rc set when
 * its time is not one). */
static double upbase_time(cwb_fem_file *f)
{
    char set[64];
    int at = -1;
    double t = NAN;
    if (sscanf(f->buf, " total force (fx,fy,fz) for set %63s and time %n", set, &at) == 1 &&
        at > 0 && strcmp(set, "UPBASE") == 0)
        cwb_fem_time(f, f->buf + at, &t);
    return t;
}

int cwb_cylinders_dat(cwb_cylinders_reactions *r, const char *path, char *msg, size_t n)
{
    static const cwb_fem_kind total[3] = {CWB_FEM_VALUE, CWB_FEM_VALUE, CWB_FEM_VALUE};
    memset(r, 0, sizeof *r);
    cwb_fem_file f;
    if (cwb_fem_open(&f, path, 0.0, msg, n)) /* forces only: no length to bound */
        return f.rc;
    size_t cap = 0;
    double v[3];
    while (cwb_fem_line(&f)) {
        double t = upbase_time(&f);
        if (isnan(t) || cwb_fem_dat_row(&f, total, 3, v, "the total force"))
            continue;
        if (reactions_grow(r, &cap)) {
            f.rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
            break;
        }
        r->time[r->count] = t;
        r->fx[r->count] = v[0];
        r->fz[r->count] = v[1];
        r->count++;
    }
    cwb_fem_close(&f);
    int rc = f.rc;
    if (rc == CWB_OK && r->count == 0)
        rc = cwb_fail(msg, n, CWB_EFAIL, "%s: no reaction forces (did the solver finish?)", path);
    if (rc)
        cwb_cylinders_reactions_free(r);
    return rc;
}

/* ---------------------------------------------------------- the model */

static int check(const cwb_fem_study *s, char *msg, size_t n)
{
    const cwb_values *load = &s->section[SEC_LOAD];
    if (!load->p[L_CASE] && !(load->p[L_DELTA_T_TRACTION] < load->p[L_DELTA_T]))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s:%d: [load] delta_t_traction must be below "
                        "delta_t = %g m",
                        s->path, load->given[L_DELTA_T_TRACTION], load->p[L_DELTA_T]);
    return CWB_OK;
}

static size_t points(const cwb_fem_study *s)
{
    (void)s;
    return 1;
}

static void spec(const cwb_fem_study *s, size_t i, double refine, void *out)
{
    (void)i;
    const cwb_values *body = &s->section[SEC_BODY], *load = &s->section[SEC_LOAD],
                     *contact = &s->section[SEC_CONTACT];
    cwb_cylinders *c = out;
    *c = (cwb_cylinders){.R = body->p[B_R],
                         .E = body->p[B_E],
                         .nu = body->p[B_NU],
                         .mu = body->p[B_MU],
                         .delta_n = load->p[L_DELTA_N],
                         .delta_t = load->p[L_DELTA_T],
                         .together = (int)load->p[L_CASE],
                         .delta_t_traction = load->p[L_DELTA_T_TRACTION],
                         .fine = s->mesh.p[CWB_FEM_FINE],
                         .coarse = s->mesh.p[CWB_FEM_COARSE],
                         .zone = contact->p[C_ZONE],
                         .penalty = contact->p[C_PENALTY],
                         .stick = contact->p[C_STICK]};
    if (refine != 1.0) { /* the base run's sizes exactly as given */
        c->fine /= refine;
        c->coarse /= refine;
    }
}

static void geo(FILE *f, const void *c)
{
    cwb_cylinders_geo(f, c);
}

static int deck(FILE *f, const cwb_mesh *m, const void *c, char *msg, size_t n)
{
    return cwb_cylinders_deck(f, m, c, msg, n);
}

/* What one run gives: the reactions per increment and the tractions on
 * the upper arc at the traction output time. */
typedef struct {
    cwb_cylinders_reactions reactions;
    size_t ntr;        /* traction rows */
    double (*tr)[4];   /* x_deformed, x relative to the centroid, p, q */
    double tr_N, tr_T; /* integrals of p and q over the strip [N/m] */
} run_out;

static void out_free(void *out)
{
    run_out *r = out;
    cwb_cylinders_reactions_free(&r->reactions);
    free(r->tr);
    r->tr = NULL;
    r->ntr = 0;
}

/* Total time at the end of the loading and at the traction output. */
static double end_time(const cwb_cylinders *c)
{
    return c->together ? 1.0 : 3.0;
}

static double traction_time(const cwb_cylinders *c)
{
    return c->together ? 1.0 : 2.0;
}

/* Slave (upper arc) nodes that carry pressure, from the .frd's contact
 * stresses (CPRESS = component 4, CSHEAR1 = 5) and displacements. */
static int collect_tractions(run_out *r, const cwb_mesh *m, const double *cst, const double *disp,
                             char *msg, size_t n)
{
    char *slave = calloc(m->nnode, 1);
    if (!slave)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    for (size_t l = 0; l < m->nline; l++)
        if (m->line[l][0] == 4)
            for (int j = 1; j <= 3; j++)
                slave[cwb_mesh_row(m, m->line[l][j])] = 1;
    for (size_t i = 0; i < m->nnode; i++)
        if (slave[i] && isfinite(cst[6 * i + 3]) && cst[6 * i + 3] > 0.0 && isfinite(disp[3 * i])) {
            r->tr[r->ntr][0] = m->x[i] + disp[3 * i];
            r->tr[r->ntr][2] = cst[6 * i + 3];
            r->tr[r->ntr][3] = cst[6 * i + 4];
            r->ntr++;
        }
    free(slave);
    return CWB_OK;
}

static int cmp_row(const void *a, const void *b)
{
    double x = ((const double *)a)[0], y = ((const double *)b)[0];
    return (x > y) - (x < y);
}

/* Sort the tractions along x, integrate p and q by the trapezoidal rule,
 * and measure x from the pressure's centroid. */
static void integrate_tractions(run_out *r)
{
    qsort(r->tr, r->ntr, sizeof *r->tr, cmp_row);
    double sp = 0, sq = 0, sx = 0;
    for (size_t i = 0; i + 1 < r->ntr; i++) {
        double h = r->tr[i + 1][0] - r->tr[i][0];
        sp += 0.5 * h * (r->tr[i][2] + r->tr[i + 1][2]);
        sq += 0.5 * h * (r->tr[i][3] + r->tr[i + 1][3]);
        sx += 0.5 * h * (r->tr[i][0] * r->tr[i][2] + r->tr[i + 1][0] * r->tr[i + 1][2]);
    }
    /* CSHEAR1 is along CalculiX's local tangent, whose sense is its own:
     * the sign is set so that the shear's resultant is the applied T > 0 */
    double sign = sq < 0 ? -1.0 : 1.0, centre = sx / sp;
    for (size_t i = 0; i < r->ntr; i++) {
        r->tr[i][1] = r->tr[i][0] - centre;
        r->tr[i][3] *= sign;
    }
    r->tr_N = sp;
    r->tr_T = fabs(sq);
}

/* One traction column (2 = p, 3 = q) of the rows as its own arrays. */
static int traction_column(const double (*rows)[4], size_t m, int col, double **x, double **y)
{
    *x = malloc((m ? m : 1) * sizeof **x);
    *y = malloc((m ? m : 1) * sizeof **y);
    if (!*x || !*y)
        return CWB_EFAIL;
    for (size_t i = 0; i < m; i++) {
        (*x)[i] = rows[i][1];
        (*y)[i] = rows[i][col];
    }
    return CWB_OK;
}

/* The largest |base - refined| of one column, / max |base| (see cwb_fem.h). */
static int column_change(const double (*base)[4], size_t nb, const double (*fine)[4], size_t nf,
                         int col, double *change, double *at)
{
    double *xf = NULL, *yf = NULL, *xb = NULL, *yb = NULL;
    double *yi = malloc((nb ? nb : 1) * sizeof *yi);
    int rc = yi ? traction_column(fine, nf, col, &xf, &yf) : CWB_EFAIL;
    if (rc == CWB_OK)
        rc = traction_column(base, nb, col, &xb, &yb);
    if (rc == CWB_OK)
        rc = cwb_interp_curve(xf, yf, nf, xb, nb, yi);
    double worst = 0.0, scale = 0.0;
    size_t count = 0;
    *at = NAN;
    for (size_t i = 0; rc == CWB_OK && i < nb; i++) {
        if (isnan(yi[i])) /* outside the refined run's contact span */
            continue;
        count++;
        scale = fmax(scale, fabs(yb[i]));
        if (fabs(yb[i] - yi[i]) > worst) {
            worst = fabs(yb[i] - yi[i]);
            *at = xb[i];
        }
    }
    if (rc == CWB_OK && (count == 0 || !(scale > 0.0)))
        rc = CWB_EFAIL;
    *change = rc == CWB_OK ? worst / scale : NAN;
    free(xf);
    free(yf);
    free(xb);
    free(yb);
    free(yi);
    return rc;
}

int cwb_cylinders_traction_change(const double (*base)[4], size_t nb, const double (*fine)[4],
                                  size_t nf, double change[2], double at[2])
{
    int rc = column_change(base, nb, fine, nf, 2, &change[0], &at[0]);
    if (rc == CWB_OK)
        rc = column_change(base, nb, fine, nf, 3, &change[1], &at[1]);
    return rc;
}

/* The tractions at the traction output time, from the .frd. */
static int read_tractions(run_out *r, const char *frd, const cwb_mesh *m, double t_tr, double R,
                          char *msg, size_t n)
{
    double *cst = malloc(m->nnode * 6 * sizeof *cst);
    double *disp = malloc(m->nnode * 3 * sizeof *disp);
    r->tr = malloc(m->nnode * sizeof *r->tr);
    int rc = CWB_OK;
    if (!cst || !disp || !r->tr)
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    if (rc == CWB_OK)
        rc = cwb_frd_block(frd, m, &(cwb_frd_request){"CONTACT", t_tr, 6, R}, cst, msg, n);
    if (rc == CWB_OK)
        rc = cwb_frd_block(frd, m, &(cwb_frd_request){"DISP", t_tr, 3, R}, disp, msg, n);
    if (rc == CWB_OK)
        rc = collect_tractions(r, m, cst, disp, msg, n);
    if (rc == CWB_OK && r->ntr < 3)
        rc = cwb_fail(msg, n, CWB_EFAIL, "%s: fewer than 3 nodes in contact at time %g", frd, t_tr);
    if (rc == CWB_OK)
        integrate_tractions(r);
    free(cst);
    free(disp);
    return rc;
}

static int parse(const char *dat, const char *frd, const cwb_mesh *m, const void *spec_, void *out,
                 char *msg, size_t n)
{
    const cwb_cylinders *c = spec_;
    run_out *r = out;
    memset(r, 0, sizeof *r);
    int rc = cwb_cylinders_dat(&r->reactions, dat, msg, n);
    const cwb_cylinders_reactions *re = &r->reactions;
    if (rc == CWB_OK && fabs(re->time[re->count - 1] - end_time(c)) > 1e-6)
        rc = cwb_fail(msg, n, CWB_EFAIL,
                      "%s: the solver stopped at time %g of %g (not "
                      "converged)",
                      dat, re->time[re->count - 1], end_time(c));
    if (rc == CWB_OK)
        rc = read_tractions(r, frd, m, traction_time(c), c->R, msg, n);
    return rc;
}

/* Prescribed displacements of the upper diameter at total time t. */
static void cylinders_path(const cwb_cylinders *c, double t, double *dn, double *dt)
{
    if (c->together) {
        *dn = c->delta_n * t;
        *dt = c->delta_t * t;
    } else if (t <= 1.0) {
        *dn = c->delta_n * t;
        *dt = 0.0;
    } else if (t <= 2.0) {
        *dn = c->delta_n;
        *dt = c->delta_t_traction * (t - 1.0);
    } else {
        *dn = c->delta_n;
        *dt = c->delta_t_traction + (c->delta_t - c->delta_t_traction) * (t - 2.0);
    }
}

/* The reactions (R_x, R_z) of the upper diameter turned into the contact's
 * frame: the bodies' contact is normal to the line of centres, tilted by
 * the tangential offset S from the vertical (2R - delta_n apart), and the
 * model's T and N are along and across that contact. Without the turn the
 * horizontal reaction is T less N sin(tilt) -- 8 % of T at S = 0.025 m.
 * The rigid-body tilt leaves out the bodies' elastic rotation, O(T/(E R)):
 * the tractions CSV's resultants (CPRESS, CSHEAR1, in the contact's own
 * frame) check it. */
typedef struct {
    double Rx, Rz;     /* horizontal and vertical reaction, R_z > 0 in compression [N/m] */
    double delta_n, S; /* the diameter's prescribed displacements [m] */
    double tilt;       /* line of centres from the vertical [rad] */
    double T, N;       /* in the contact's frame [N/m] */
} contact_frame;

static contact_frame turn(const cwb_cylinders *c, double t, double Rx, double Rz)
{
    contact_frame k = {.Rx = Rx, .Rz = Rz};
    cylinders_path(c, t, &k.delta_n, &k.S);
    k.tilt = atan2(k.S, 2.0 * c->R - k.delta_n);
    k.T = Rx * cos(k.tilt) + Rz * sin(k.tilt);
    k.N = Rz * cos(k.tilt) - Rx * sin(k.tilt);
    return k;
}

/* F_x and -F_z of a run at time t (linear between increments). */
static void reactions_at(const cwb_cylinders_reactions *r, double t, double *Rx, double *Rz)
{
    size_t k = 0;
    while (k + 1 < r->count && r->time[k + 1] < t)
        k++;
    double u = 0.0;
    if (k + 1 < r->count && r->time[k + 1] > r->time[k])
        u = fmin(1.0, fmax(0.0, (t - r->time[k]) / (r->time[k + 1] - r->time[k])));
    size_t j = k + 1 < r->count ? k + 1 : k;
    *Rx = r->fx[k] + u * (r->fx[j] - r->fx[k]);
    *Rz = -(r->fz[k] + u * (r->fz[j] - r->fz[k]));
}

/* The study's numbers for the provenance lines and the result line. */
typedef struct {
    cwb_cylinders c;        /* the base run's spec */
    size_t elements, nodes; /* base mesh */
    double h_min;
    size_t fine_elements; /* refined mesh (when refined) */
    double fine_h_min, fine_tr_N, fine_tr_T;
    double tr_N, tr_T;             /* base run's traction resultants [N/m] */
    double t_checks[3];            /* times the refinement is checked at */
    double change_N, change_T;     /* largest refinement changes [-] */
    double change_pq[2], at_pq[2]; /* pointwise refinement change of p, q and its x [-, m] */
    contact_frame at_traction;     /* reactions at the traction output */
} summary;

/* Refinement: N at full delta_n, T at the traction output and at the end. */
static void refinement(summary *sum, const run_out *base, const run_out *fine)
{
    const cwb_cylinders *c = &sum->c;
    sum->t_checks[0] = c->together ? 0.5 : 1.0;
    sum->t_checks[1] = c->together ? 0.2 : 2.0;
    sum->t_checks[2] = c->together ? 1.0 : 3.0;
    if (!fine)
        return;
    for (int k = 0; k < 3; k++) {
        double T0, N0, T1, N1;
        reactions_at(&base->reactions, sum->t_checks[k], &T0, &N0);
        reactions_at(&fine->reactions, sum->t_checks[k], &T1, &N1);
        sum->change_N = fmax(sum->change_N, fabs(N1 / N0 - 1.0));
        if (k > 0)
            sum->change_T = fmax(sum->change_T, fabs(T1 / T0 - 1.0));
    }
    sum->fine_tr_N = fine->tr_N;
    sum->fine_tr_T = fine->tr_T;
}

/* The tractions' pointwise refinement change (cwb_cylinders_traction_change);
 * NaN without a refined run. */
static int traction_refinement(summary *sum, const run_out *base, const run_out *fine, char *msg,
                               size_t n)
{
    sum->change_pq[0] = sum->change_pq[1] = NAN;
    if (!fine)
        return CWB_OK;
    if (cwb_cylinders_traction_change((const double(*)[4])base->tr, base->ntr,
                                      (const double(*)[4])fine->tr, fine->ntr, sum->change_pq,
                                      sum->at_pq) != CWB_OK)
        return cwb_fail(msg, n, CWB_EFAIL,
                        "the refined run's tractions cannot be compared with the base run's");
    return CWB_OK;
}

/* Forces: every increment of the tangential phase (all of case 2). */
static int force_rows(cwb_fem_rows *t, const cwb_cylinders *c, const cwb_cylinders_reactions *re,
                      char *msg, size_t n)
{
    int rc = CWB_OK;
    for (size_t i = 0; i < re->count && rc == CWB_OK; i++) {
        contact_frame k = turn(c, re->time[i], re->fx[i], -re->fz[i]);
        if (!(k.S > 0.0))
            continue;
        double row[12] = {re->time[i], k.delta_n, k.S,       k.S / c->R, k.S,  k.T,
                          k.T,         k.N,       k.T / k.S, k.Rx,       k.Rz, k.tilt};
        rc = cwb_fem_rows_add(t, row, msg, n);
    }
    return rc;
}

static int rows(cwb_fem_point *pt, char *msg, size_t n)
{
    summary *sum = pt->summary;
    const run_out *base = pt->base.out, *fine = pt->refined.out;
    sum->c = *(const cwb_cylinders *)pt->base.spec;
    sum->elements = pt->base.elements;
    sum->nodes = pt->base.nodes;
    sum->h_min = pt->base.h_min;
    sum->fine_elements = pt->refined.elements;
    sum->fine_h_min = pt->refined.h_min;
    sum->tr_N = base->tr_N;
    sum->tr_T = base->tr_T;
    refinement(sum, base, fine);
    int rc = traction_refinement(sum, base, fine, msg, n);
    if (rc != CWB_OK)
        return rc;
    pt->change = fmax(sum->change_N, sum->change_T);
    double Rx, Rz, t_tr = traction_time(&sum->c);
    reactions_at(&base->reactions, t_tr, &Rx, &Rz);
    sum->at_traction = turn(&sum->c, t_tr, Rx, Rz);
    rc = force_rows(&pt->tables[TABLE_FORCES], &sum->c, &base->reactions, msg, n);
    for (size_t i = 0; i < base->ntr && rc == CWB_OK; i++)
        rc = cwb_fem_rows_add(&pt->tables[TABLE_TRACTIONS], base->tr[i], msg, n);
    return rc;
}

/* "# stands for:" (src/io/compare.c): the case inputs table t was made for,
 * in the keys of the driver that runs its loading: case 1 is the trajectory
 * driver's (overlap, then travel at that height), case 2 the history
 * driver's (normal and tangential raised together); the tractions are the
 * profile driver's at one (overlap, tangential). */
static void provenance_stands_for(FILE *f, size_t t, const cwb_cylinders *c)
{
    fprintf(f,
            "# stands for: body1.shape = disc; body1.radius = %g; body1.E = %g; body1.nu = %g; "
            "body2.shape = disc; body2.radius = %g; body2.E = %g; body2.nu = %g; "
            "tangential.mu = %g; ",
            c->R, c->E, c->nu, c->R, c->E, c->nu, c->mu);
    if (t == TABLE_TRACTIONS)
        fprintf(f, "driver.overlap = %g; driver.tangential = %g\n", c->delta_n,
                c->together ? c->delta_t : c->delta_t_traction);
    else if (c->together)
        fprintf(f, "driver.normal = %g; driver.tangential = %g\n", c->delta_n, c->delta_t);
    else
        fprintf(f, "driver.overlap = %g\n", c->delta_n);
}

/* The lines both CSVs share. */
static void provenance_common(FILE *f, size_t t, const cwb_fem_job *job, const summary *sum)
{
    const cwb_cylinders *c = &sum->c;
    char refined[512] = "none ([mesh] refine = 1)";
    if (job->refine > 1.0)
        snprintf(refined, sizeof refined,
                 "re-run with element sizes / %g (%zu elements, "
                 "smallest %.3g m): largest change of N %.3g %%, of T %.3g %% (at times %g, %g, "
                 "%g); traction resultants %.6g / %.6g N/m; pointwise tractions (the refined "
                 "run's interpolated at the base run's nodes, max |base - refined| / max "
                 "|base|): p %.3g (at x = %.4g m), q %.3g (at x = %.4g m)",
                 job->refine, sum->fine_elements, sum->fine_h_min, 100 * sum->change_N,
                 100 * sum->change_T, sum->t_checks[0], sum->t_checks[1], sum->t_checks[2],
                 sum->fine_tr_N, sum->fine_tr_T, sum->change_pq[0], sum->at_pq[0],
                 sum->change_pq[1], sum->at_pq[1]);
    fprintf(f,
            "# model: Hertz 2D paper (2020) Sec. 4.2 (Fig. 10), plane strain: two cylinders of "
            "radius R "
            "modelled in halves, lower half-disc clamped along its diameter, the upper one's "
            "diameter displaced (%s); linear elastic, small strain\n"
            "# parameters: R = %g m; E = %g Pa; nu = %g; mu = %g; delta_n = %g m; delta_t = %g "
            "m",
            c->together ? "case 2: delta_n and delta_t raised together"
                        : "case 1: delta_n first, then delta_t at fixed delta_n",
            c->R, c->E, c->nu, c->mu, c->delta_n, c->delta_t);
    if (!c->together) /* case 2 has no traction step */
        fprintf(f, "; delta_t_traction = %g m", c->delta_t_traction);
    fputc('\n', f);
    provenance_stands_for(f, t, c);
    fprintf(f,
            "# contact: CalculiX surface-to-surface, slave = upper arc, master = lower arc "
            "(within %g R of the contact point); linear pressure-overclosure %g Pa/m; Coulomb "
            "mu = %g with stick slope %g Pa/m\n"
            "# mesh: gmsh %s, 6-node plane-strain triangles (CPE6), size %g R within %g R of "
            "the contact growing to %g R; %zu elements, %zu nodes, smallest element %.3g m\n"
            "# solver: CalculiX ccx %s, nonlinear static with automatic increments, thickness 1\n"
            "# refinement check: %s\n"
            "# raw solver output: %s/p001.dat (reactions of the upper diameter per increment)\n",
            c->zone, c->penalty, c->mu, c->stick, job->gmsh_version, c->fine, c->zone, c->coarse,
            sum->elements, sum->nodes, sum->h_min, job->ccx_version, refined, job->raw);
}

/* Order of the tractions' slowest pointwise convergence: p falls to zero
 * at the contact edges as sqrt(a - |x|) and q has the same square-root
 * corner at the stick-slip boundary |x| = c (Johnson 1985 sec. 7.1), so a
 * node's distance to either, O(h), errs the traction there by O(sqrt(h)).
 * Seed 000 case 1 (element sizes x 2, x 1, / 2): q's change at the
 * stick-slip boundary falls from 0.126 to 0.080 of max |q|, order 0.65. */
#define TRACTION_ORDER 0.5

/* The tractions table's tolerance: what its pointwise values are good to,
 * the largest refinement change of p or q at the base mesh's nodes (the
 * comparison's measure, cwb_cylinders_traction_change), rounded up to two
 * digits. The change is (1 - 2^-k) of the base mesh's error at order k:
 * said, not added, because the stick zone's nodal shear also oscillates
 * node to node by about 10 % of max |q| at every mesh (a feature of the
 * penalty stick, not an error that halves), which Richardson's rule would
 * count as slow convergence. The resultants' agreement with the reactions
 * is the second sentence. */
static void traction_tolerance(FILE *f, const summary *sum)
{
    const contact_frame *k = &sum->at_traction;
    double dN = fabs(sum->tr_N / k->N - 1.0), dT = fabs(sum->tr_T / k->T - 1.0);
    double change = fmax(sum->change_pq[0], sum->change_pq[1]);
    if (isnan(change)) { /* no refined run: nothing measured pointwise */
        fprintf(f,
                "# tolerance: %.2g the traction resultants differ from the reactions by up to "
                "%.2g %%, rounded up; pointwise tractions unmeasured ([mesh] refine = 1)\n",
                ceil(100 * fmax(dN, dT)) / 100, 100 * fmax(dN, dT));
        return;
    }
    double digits = pow(10.0, floor(log10(change)) - 1.0);
    fprintf(f,
            "# tolerance: %.2g pointwise: the largest change of p or q (of max |p|, max |q|) at "
            "the base mesh's nodes when the element sizes are halved (refinement check above: "
            "p %.3g, q %.3g), rounded up; at the contact edges and the stick-slip boundary, "
            "square-root corners, the change falls as slowly as h^%g, so the base mesh's own "
            "error there may be up to %.2g times it; the traction resultants above differ from "
            "the reactions by %.2g %% (N) and %.2g %% (T)\n",
            ceil(change / digits - 1e-9) * digits, sum->change_pq[0], sum->change_pq[1],
            TRACTION_ORDER, 1.0 / (1.0 - pow(2.0, -TRACTION_ORDER)), 100 * dN, 100 * dT);
}

static void provenance(FILE *f, size_t t, const cwb_fem_job *job, const void *sum_)
{
    const summary *sum = sum_;
    const contact_frame *k = &sum->at_traction;
    provenance_common(f, t, job, sum);
    if (t == TABLE_FORCES)
        fprintf(f,
                "# rows: every converged increment%s; R_x, R_z = horizontal and vertical "
                "reaction on the upper diameter (as the solver prints them, R_z > 0 in "
                "compression); tilt = atan(S / (2R - delta_n)), the line of centres' angle "
                "from the vertical; F = F_t = T and F_n = N in the contact's frame (normal "
                "along the line of centres): T = R_x cos(tilt) + R_z sin(tilt), N = R_z "
                "cos(tilt) - R_x sin(tilt), the frame of the model's T and N; k_secant = F/S\n",
                sum->c.together ? "" : " of the tangential phase (delta_t > 0)");
    else
        fprintf(f,
                "# tractions on the slave (upper) surface at delta_t = %g m, from the .frd "
                "(CPRESS, CSHEAR1): nodes in contact; x_deformed = x + u_x, x = x_deformed - "
                "pressure centroid; q's sign set so that its resultant is +T\n"
                "# resultants by the trapezoidal rule: N = %.6g N/m, T = %.6g N/m; reactions "
                "turned into the contact's frame (tilt %.4g rad, see the forces CSV): N = %.6g "
                "N/m, T = %.6g N/m (horizontal and vertical: %.6g, %.6g N/m)\n",
                sum->c.together ? sum->c.delta_t : sum->c.delta_t_traction, sum->tr_N, sum->tr_T,
                k->tilt, k->N, k->T, k->Rx, k->Rz);
    /* Machine-read by the reference tests (src/io/compare.c). */
    if (t == TABLE_FORCES)
        fprintf(f, "# tolerance: 0.001 bounds the mesh-refinement change of N and T (refinement "
                   "check above; the penalty contact stiffnesses are not refined); bounds the "
                   "FEM's own error, not the 2D model's (clamped bases)\n");
    else
        traction_tolerance(f, sum);
    fprintf(f, "# independence: fem " FEM_INDEPENDENCE "\n");
}

static void report(char *buf, size_t n, const cwb_fem_job *job, const void *sum_)
{
    (void)job;
    const summary *sum = sum_;
    const contact_frame *k = &sum->at_traction;
    snprintf(buf, n,
             "at delta_t = %g m N = %.6g N/m, T = %.6g N/m (contact frame); refinement "
             "changes N by %.3g %%, T by %.3g %%",
             k->S, k->N, k->T, 100 * sum->change_N, 100 * sum->change_T);
}

const cwb_fem_model cwb_fem_cylinders = {
    .name = "cylinders",
    .summary =
        "Hertz 2D paper (2020) Sec. 4.2: two cylinders in frictional contact, forces per increment "
        "and contact tractions (Figs. 10-15)",
    .sections = sections,
    .tables = tables,
    .spec_size = sizeof(cwb_cylinders),
    .out_size = sizeof(run_out),
    .summary_size = sizeof(summary),
    .refinement_fails = 0,
    .check = check,
    .points = points,
    .spec = spec,
    .geo = geo,
    .deck = deck,
    .parse = parse,
    .out_free = out_free,
    .rows = rows,
    .provenance = provenance,
    .result = report,
};
