/* sphere.c -- FEM model "sphere": an elastic-perfectly-plastic sphere
 * pressed on a rigid flat, axisymmetric, the normal contact of
 *   Rathbone, D. (thesis, ch. 3-4): FEM Models A/B (3D Abaqus) and the
 *   normal law fitted to them; the published part is Rathbone, Marigo,
 *   Dini & van Wachem, "An accurate force-displacement law for the
 *   modelling of elastic-plastic contacts in discrete element
 *   simulations", Powder Technology 282 (2015) 2-9.
 * Its Sec. 3.2 says an axisymmetric model serves normal contact; this is
 * one, written from scratch for cwb.
 *
 * Geometry (x radial, y axial): the lower hemisphere of radius R centred
 * at (0, R), touching the flat y = 0 at the origin; its equator y = R is
 * displaced uniformly by -delta along y (u_x free), the axis x = 0 has
 * u_x = 0. By symmetry this is also exactly half of a sphere squeezed
 * between two rigid platens (total approach 2 delta).
 * The rigid flat: a meshed block below y = 0 with every node fixed.
 * Contact: CalculiX node-to-surface (slave: the ball's arc nodes near the
 * contact, master: the flat), frictionless, linear pressure-overclosure
 * with stiffness K = penalty E / h0 (h0 = element size in the contact
 * zone); the penetration on the axis is reported against delta. Surface-
 * to-surface contact left the faces next to the axis unsupported (nodes
 * within ~3 h0 penetrated 250 times deeper, with spurious plastic strain
 * there at 0.6 delta_y), so it is not used.
 * Material: von Mises, elastic-perfectly-plastic (*PLASTIC with one
 * point), elastic when sigma_y = 0; NLGEOM.
 * Mesh: 6-node triangles (CalculiX CAX6), size h0 within `zone` R of the
 * contact point, growing linearly at `growth` per unit distance beyond it
 * up to coarse R.
 * Loading: displacement control along [load] path (target overlaps, in m
 * or in units of delta_y), one *STEP per leg.
 * Output per increment: the equator's reaction (force; CalculiX gives an
 * axisymmetric model's forces for a 2-degree segment, so times 180), the
 * contact radius and pressures from the slave nodes' penetration (.frd
 * DISP; CSTR is all zeros in this expanded model), the equivalent plastic
 * strain (.frd PE, extrapolated to the nodes by CalculiX) at its largest,
 * and at the centre of the contact area (Fig. 31) the PEEQ at the
 * integration point nearest the contact point, of the elements that hold
 * it (*EL PRINT into the .dat; centre_peeq). The nodal value at the axis node is no measure of
 * it: extrapolated from a strain that grows steeply with depth it came out
 * zero or negative (-0.0005 to -0.004 at 37-65 delta_y in the first
 * committed tables).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_fem.h"

/* The tolerance line of a run without a refinement check of its own (its
 * [mesh] refine = 1): the study's tolerance, checked by its mesh study. */
#define NO_CHECK "(the study's [mesh] tolerance; this run has no refinement check of its own)"
#include "cwb_pair.h"

/* ------------------------------------------------------- study keys */

enum { B_R, B_E, B_NU, B_SIGMA_Y, B_KINEMATICS, B_ELASTIC };
enum { L_PATH, L_PATH_DELTA_Y, L_INCREMENTS, L_PROFILES, L_STRESS };
enum { C_PENALTY, C_ZONE, C_GROWTH };
enum { SEC_BODY, SEC_LOAD, SEC_CONTACT };
enum { TABLE_CURVE, TABLE_PRESSURE, TABLE_PROFILES };
enum { LEG_LOAD = 1, LEG_UNLOAD = 2, LEG_RELOAD = 3 };

static const char *const kinematics_words[] = {"finite", "small", NULL};
static const char *const elastic_words[] = {"hooke", "neo_hooke", NULL};
static const char *const no_yes[] = {"no", "yes", NULL};

static const cwb_param body_params[] = {
    {.name = "R",
     .unit = "m",
     .def = 1e-4,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "sphere radius (thesis Table 3: 0.1 mm)"},
    {.name = "E",
     .unit = "Pa",
     .def = 6.1e9,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "Young's modulus (Table 3: 6100 MPa)"},
    {.name = "nu",
     .unit = "-",
     .def = 0,
     .min = 0,
     .max = 0.5,
     .flags = CWB_P_MAX_OPEN,
     .help = "Poisson's ratio (Table 3: 0)"},
    {.name = "sigma_y",
     .unit = "Pa",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .help = "von Mises yield stress, perfectly plastic (0: elastic; Table 3: 40 MPa)"},
    {.name = "kinematics",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = kinematics_words,
     .help = "finite (NLGEOM, the default) or small (geometrically linear): separates Hertz's "
             "linear theory from the finite-strain response"},
    {.name = "elastic",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = elastic_words,
     .help = "hooke (*ELASTIC: Saint Venant-Kirchhoff under NLGEOM, the default) or neo_hooke "
             "(*HYPERELASTIC with the same small-strain E and nu; elastic only)"},
    {0}};

static const cwb_param load_params[] = {
    {.name = "path",
     .unit = "m",
     .min = 0,
     .max = INFINITY,
     .kind = CWB_PARAM_LIST,
     .help = "target overlaps of the legs, e.g. 1e-7, 0 (load, unload)"},
    {.name = "path_delta_y",
     .unit = "-",
     .min = 0,
     .max = INFINITY,
     .kind = CWB_PARAM_LIST,
     .help = "the same in units of the yield overlap delta_y (eq. 8); give path or this"},
    {.name = "increments",
     .unit = "-",
     .def = 40,
     .min = 2,
     .max = 2000,
     .flags = CWB_P_INTEGER,
     .help = "fixed increments per leg (the largest CalculiX may take)"},
    {.name = "profiles",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = no_yes,
     .help = "yes: also NAME_profiles.csv, the pressure profile of every increment of leg 1 "
             "(Rathbone thesis Fig. 18: profiles at several loads)"},
    {.name = "stress",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = no_yes,
     .help = "yes: the .frd also holds the stress tensor of every element (*EL FILE S), "
             "for maps of the von Mises stress (Rathbone thesis Fig. 20)"},
    {0}};

static const cwb_param contact_params[] = {
    {.name = "penalty",
     .unit = "-",
     .def = 100,
     .min = 1,
     .max = 1e6,
     .help = "contact stiffness K = penalty E / h0 [Pa/m]"},
    {.name = "zone",
     .unit = "-",
     .def = 0.05,
     .min = 0,
     .max = 0.8,
     .flags = CWB_P_MIN_OPEN,
     .help = "radius of the fine zone around the contact point / R (must hold the contact)"},
    {.name = "growth",
     .unit = "-",
     .def = 0.2,
     .min = 0.01,
     .max = 1,
     .help = "growth of the element size per unit distance beyond the fine zone"},
    {0}};

static const cwb_fem_section sections[] = {
    {"body", body_params}, {"load", load_params}, {"contact", contact_params}, {NULL, NULL}};

static const cwb_fem_column curve_columns[] = {
    {"leg", "-"},       {"delta", "m"},       {"force", "N"},    {"contact_radius", "m"},
    {"p_centre", "Pa"}, {"peeq_centre", "-"}, {"peeq_max", "-"}, {"R", "m"},
    {"E", "Pa"},        {"nu", "-"},          {"sigma_y", "Pa"}, {"delta_y", "m"},
    {NULL, NULL}};
enum { NCOL = 12 };

static const cwb_fem_column pressure_columns[] = {{"r", "m"}, {"pressure", "Pa"}, {NULL, NULL}};
static const cwb_fem_column profile_columns[] = {
    {"delta", "m"}, {"r", "m"}, {"pressure", "Pa"}, {NULL, NULL}};

static const cwb_fem_table tables[] = {{"", curve_columns},
                                       {"_pressure", pressure_columns},
                                       {"_profiles", profile_columns},
                                       {NULL, NULL}};

/* Mesh groups of the .geo. */
enum { G_AXIS = 1, G_EQUATOR, G_ARC, G_FLATTOP, G_BALL, G_FLAT, G_CENTRE, G_EQPOINT };

/* CalculiX is given the model in scaled units, length R/100 and stress
 * 1 MPa (force = MPa (R/100)^2): with metres and pascals at R = 0.1 mm its
 * absolute tolerances broke the first increment (nonpositive Jacobians). */
static double length_unit(const cwb_sphere *s)
{
    return s->R / 100.0;
}
#define STRESS_UNIT 1e6 /* Pa */

/* ------------------------------------------------------- yield overlap */

double cwb_sphere_delta_y(double R, double E, double nu, double sigma_y)
{
    if (!(sigma_y > 0))
        return 0.0;
    double e_star = E / (1.0 - nu * nu); /* sphere on a rigid flat */
    double s = M_PI * cwb_yield_factor(nu, NULL) * sigma_y / (2.0 * e_star);
    return R * s * s;
}

/* ------------------------------------------------------------ geometry */

void cwb_sphere_geo(FILE *f, const cwb_sphere *s)
{
    double R = s->R, zone = s->zone * R, w = 2.0 * zone;
    fprintf(f,
            "// cwb: sphere of radius R = %.9g m on a rigid flat, axisymmetric (x radial)\n"
            "R = %.15g; h0 = %.15g; hc = %.15g; zone = %.15g; g = %.15g; W = %.15g;\n"
            "Point(1) = {0, 0, 0, h0};\n"
            "Point(2) = {0, R, 0, hc};\n"
            "Point(3) = {R, R, 0, hc};\n"
            "Line(1) = {1, 2};\n"
            "Line(2) = {2, 3};\n"
            "Circle(3) = {3, 2, 1};\n"
            "Curve Loop(1) = {1, 2, 3};\n"
            "Plane Surface(1) = {1};\n"
            "// the rigid flat: a coarse block below y = 0, all its nodes fixed\n"
            "Point(11) = {0, 0, 0, hc};\n"
            "Point(12) = {W, 0, 0, hc};\n"
            "Point(13) = {W, -W / 2, 0, hc};\n"
            "Point(14) = {0, -W / 2, 0, hc};\n"
            "Line(11) = {11, 12};\n"
            "Line(12) = {12, 13};\n"
            "Line(13) = {13, 14};\n"
            "Line(14) = {14, 11};\n"
            "Curve Loop(2) = {11, 12, 13, 14};\n"
            "Plane Surface(2) = {2};\n"
            "Transfinite Curve{11, 13} = 9;\n"
            "Transfinite Curve{12, 14} = 3;\n"
            "Transfinite Surface{2};\n"
            "Physical Curve(\"AXIS\", %d) = {1};\n"
            "Physical Curve(\"EQUATOR\", %d) = {2};\n"
            "Physical Curve(\"ARC\", %d) = {3};\n"
            "Physical Curve(\"FLATTOP\", %d) = {11};\n"
            "Physical Surface(\"BALL\", %d) = {1};\n"
            "Physical Surface(\"FLAT\", %d) = {2};\n"
            "Physical Point(\"CENTRE\", %d) = {1};\n"
            "Physical Point(\"EQPOINT\", %d) = {3};\n"
            "// size h0 within zone of the contact point, growing by g per unit distance\n"
            "Field[1] = Distance;\n"
            "Field[1].PointsList = {1};\n"
            "Field[2] = MathEval;\n"
            "Field[2].F = Sprintf(\"Min(%%.15g + %%.15g * Max(F1 - %%.15g, 0), %%.15g)\", h0, g, "
            "zone, hc);\n"
            "Background Field = 2;\n"
            "Mesh.MeshSizeExtendFromBoundary = 0;\n"
            "Mesh.MeshSizeFromPoints = 0;\n"
            "Mesh.MeshSizeFromCurvature = 0;\n"
            "Mesh.ElementOrder = 2;\n"
            "Mesh.Algorithm = 6;\n",
            R, R, s->fine * R, s->coarse * R, zone, s->growth, w, G_AXIS, G_EQUATOR, G_ARC,
            G_FLATTOP, G_BALL, G_FLAT, G_CENTRE, G_EQPOINT);
}

/* ---------------------------------------------------------------- deck */

/* *NSET of every node of the triangles of surface group `group`. */
static int element_node_set(FILE *f, const cwb_mesh *m, const char *name, int group, char *msg,
                            size_t n)
{
    char *mark = calloc(m->nnode, 1);
    if (!mark)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    for (size_t e = 0; e < m->ntri; e++)
        if (m->tri_group[e] == group)
            for (int k = 0; k < 6; k++)
                mark[cwb_mesh_row(m, m->tri[e][k])] = 1;
    fprintf(f, "*NSET, NSET=%s\n", name);
    for (size_t i = 0; i < m->nnode; i++)
        if (mark[i])
            fprintf(f, "%d\n", m->node_id[i]);
    free(mark);
    return CWB_OK;
}

/* *ELSET CENTREELS: the ball's elements that hold the contact point (the
 * ball's node on the axis at the surface); their integration points are
 * the material nearest the centre of the contact area (Fig. 31). */
static int centre_element_set(FILE *f, const cwb_mesh *m, int centre, char *msg, size_t n)
{
    size_t count = 0;
    fprintf(f, "*ELSET, ELSET=CENTREELS\n");
    for (size_t e = 0; e < m->ntri; e++)
        if (m->tri_group[e] == G_BALL)
            for (int k = 0; k < 6; k++)
                if (m->tri[e][k] == centre) {
                    fprintf(f, "%zu\n", e + 1);
                    count++;
                    break;
                }
    return count ? CWB_OK : cwb_fail(msg, n, CWB_EFAIL, "mesh: no element holds the CENTRE node");
}

/* Contact stiffness [Pa/m]. */
static double penalty_stiffness(const cwb_sphere *s)
{
    return s->penalty * s->E / (s->fine * s->R);
}

/* *NODE in the deck's units. */
static void scaled_nodes(FILE *f, const cwb_mesh *m, double unit)
{
    fprintf(f, "*NODE, NSET=NALL\n");
    for (size_t i = 0; i < m->nnode; i++)
        fprintf(f, "%d, %.13g, %.13g\n", m->node_id[i], m->x[i] / unit, m->z[i] / unit);
}

/* The element fields of the .frd: PEEQ when plastic, the stress tensor
 * when the study asks. */
static const char *element_file(const cwb_sphere *s)
{
    if (s->sigma_y > 0)
        return s->stress ? "*EL FILE\nS, PEEQ\n" : "*EL FILE\nPEEQ\n";
    return s->stress ? "*EL FILE\nS\n" : "";
}

/* One *STEP per leg of the path: the equator to -target along y. */
static void write_legs(FILE *f, const cwb_sphere *s)
{
    double inc = 1.0 / s->increments, L = length_unit(s);
    for (size_t k = 0; k < s->npath; k++) {
        fprintf(f,
                "** leg %zu: equator to delta = %.9g m\n"
                "*STEP%s, INC=100000\n*STATIC\n%.9g, 1., %.9g, %.9g\n"
                "*BOUNDARY\nEQUATOR, 2, 2, %.13g\n"
                "*NODE PRINT, NSET=EQUATOR, TOTALS=ONLY\nRF\n"
                "*NODE PRINT, NSET=EQPOINT\nU\n"
                "*NODE FILE, NSET=ARCNODES\nU\n%s%s"
                "*END STEP\n",
                k + 1, s->path[k], s->small_strain ? "" : ", NLGEOM", inc, inc * 1e-4, inc,
                -s->path[k] / L, element_file(s),
                s->sigma_y > 0 ? "*EL PRINT, ELSET=CENTREELS\nPEEQ\n"
                                 "*EL PRINT, ELSET=CENTREELS\nCOORD\n"
                               : "");
    }
}

int cwb_sphere_deck(FILE *f, const cwb_mesh *m, const cwb_sphere *s, char *msg, size_t n)
{
    int centre = cwb_mesh_point(m, G_CENTRE), eq = cwb_mesh_point(m, G_EQPOINT);
    if (centre < 0 || eq < 0)
        return cwb_fail(msg, n, CWB_EFAIL, "mesh: no CENTRE or EQPOINT node");
    fprintf(f, "** cwb: sphere on a rigid flat, axisymmetric CAX6 (x radial, y axial)\n");
    double L = length_unit(s), S = STRESS_UNIT;
    fprintf(f, "** units: length %.9g m, stress %.9g Pa, force %.9g N\n", L, S, S * L * L);
    scaled_nodes(f, m, L);
    cwb_deck_elements_typed(f, m, "BALL", G_BALL, "CAX6");
    cwb_deck_elements_typed(f, m, "FLAT", G_FLAT, "CAX6");
    int rc = cwb_deck_node_set(f, m, "AXIS", G_AXIS, msg, n);
    if (rc == CWB_OK)
        rc = cwb_deck_node_set(f, m, "EQUATOR", G_EQUATOR, msg, n);
    if (rc == CWB_OK)
        rc = cwb_deck_node_set(f, m, "ARCNODES", G_ARC, msg, n);
    if (rc == CWB_OK)
        rc = element_node_set(f, m, "FLATNODES", G_FLAT, msg, n);
    if (rc == CWB_OK)
        rc = centre_element_set(f, m, centre, msg, n);
    if (rc)
        return rc;
    fprintf(f, "*NSET, NSET=EQPOINT\n%d\n", eq);
    cwb_deck_surface(f, m, "SLAVE", G_ARC, 1.5 * s->zone * s->R); /* mesh units: m */
    cwb_deck_surface(f, m, "MASTER", G_FLATTOP, INFINITY);
    if (s->neo_hooke) /* C10 = G/2, D1 = 2/K: the same small-strain moduli */
        fprintf(f, "*MATERIAL, NAME=BALL\n*HYPERELASTIC, NEO HOOKE\n%.13g, %.13g\n",
                s->E / (4.0 * (1.0 + s->nu)) / S, 6.0 * (1.0 - 2.0 * s->nu) / s->E * S);
    else
        fprintf(f, "*MATERIAL, NAME=BALL\n*ELASTIC\n%.13g, %.13g\n", s->E / S, s->nu);
    if (s->sigma_y > 0)
        fprintf(f, "*PLASTIC\n%.13g, 0.\n", s->sigma_y / S);
    fprintf(f,
            "*MATERIAL, NAME=RIGID\n*ELASTIC\n%.13g, 0.\n"
            "*SOLID SECTION, ELSET=BALL, MATERIAL=BALL\n"
            "*SOLID SECTION, ELSET=FLAT, MATERIAL=RIGID\n"
            "*SURFACE INTERACTION, NAME=FRICTIONLESS\n"
            "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n%.9g\n"
            "*CONTACT PAIR, INTERACTION=FRICTIONLESS, TYPE=NODE TO SURFACE\nSLAVE, MASTER\n"
            "*BOUNDARY\nFLATNODES, 1, 2\nAXIS, 1, 1\n",
            s->E / S, penalty_stiffness(s) / (S / L));
    write_legs(f, s);
    return CWB_OK;
}

/* ------------------------------------------------------------ .dat out */

void cwb_sphere_out_free(cwb_sphere_out *o)
{
    free(o->inc);
    free(o->profile);
    free(o->all);
    memset(o, 0, sizeof *o);
}

/* The increment of total time t, appended when new; NULL out of memory.
 * The .frd prints times below 1 to 6 significant digits, the .dat to 7:
 * the same increment within 1e-5 (relative). */
static cwb_sphere_increment *increment_at(cwb_sphere_out *o, double t)
{
    for (size_t i = o->count; i-- > 0;)
        if (fabs(o->inc[i].time - t) <= 1e-5 * t)
            return &o->inc[i];
    if (o->count == o->cap) {
        size_t want = o->cap ? 2 * o->cap : 128;
        cwb_sphere_increment *p = realloc(o->inc, want * sizeof *p);
        if (!p)
            return NULL;
        o->inc = p;
        o->cap = want;
    }
    cwb_sphere_increment *q = &o->inc[o->count++];
    *q = (cwb_sphere_increment){.time = t,
                                .force = NAN,
                                .delta = NAN,
                                .contact_radius = NAN,
                                .p_centre = NAN,
                                .copen_centre = NAN,
                                .peeq_centre = NAN,
                                .peeq_max = NAN};
    return q;
}

/* The integration points of the elements at the contact centre (set
 * CENTREELS) at one time: PEEQ and position from two *EL PRINT blocks.
 * CalculiX prints an expanded CAX6 element's 9 points (3 in the triangle,
 * each 3 times through the 2-degree thickness, with equal values). */
#define MAX_CENTRE_IP 96
typedef struct {
    double time;
    size_t count;
    int elem[MAX_CENTRE_IP], ip[MAX_CENTRE_IP];
    double x[MAX_CENTRE_IP], y[MAX_CENTRE_IP], peeq[MAX_CENTRE_IP];
} centre_points;

static void centre_reset(centre_points *c, double t)
{
    c->time = t;
    c->count = 0;
}

/* The entry of (elem, ip), appended when new; NULL when full. */
static size_t centre_entry(centre_points *c, int elem, int ip)
{
    for (size_t k = 0; k < c->count; k++)
        if (c->elem[k] == elem && c->ip[k] == ip)
            return k;
    if (c->count == MAX_CENTRE_IP)
        return MAX_CENTRE_IP;
    size_t k = c->count++;
    c->elem[k] = elem, c->ip[k] = ip;
    c->x[k] = c->y[k] = c->peeq[k] = NAN;
    return k;
}

/* The rows "element, integration point, values" of an *EL PRINT block
 * after its header, into c (coord: x, y, z, lengths; else PEEQ). The
 * block ends at the first line after its rows that is not one, which is
 * left for the caller; the number of rows (f->rc set on a bad number). */
static size_t centre_block(cwb_fem_file *f, centre_points *c, int coord)
{
    static const cwb_fem_kind kinds[2][5] = {
        {CWB_FEM_ID, CWB_FEM_ID, CWB_FEM_VALUE},
        {CWB_FEM_ID, CWB_FEM_ID, CWB_FEM_LENGTH, CWB_FEM_LENGTH, CWB_FEM_LENGTH}};
    size_t rows = 0;
    int want = coord ? 5 : 3, got;
    double v[5];
    while (cwb_fem_line(f)) {
        if (cwb_fem_numbers(f, f->buf, kinds[coord != 0], want, v, &got))
            break;
        if (got == want) {
            size_t k = centre_entry(c, (int)v[0], (int)v[1]);
            if (k < MAX_CENTRE_IP && coord)
                c->x[k] = v[2], c->y[k] = v[3];
            else if (k < MAX_CENTRE_IP)
                c->peeq[k] = v[2];
            rows++;
        } else if (!(strspn(f->buf, " \t\r\n") == strlen(f->buf) && rows == 0)) {
            f->again = 1; /* the next header is the caller's */
            break;
        }
    }
    return rows;
}

/* PEEQ at the integration point nearest the contact point (the origin, in
 * the reference configuration the positions are given in): the centre of
 * the contact area, Fig. 31. NaN without positions and strains. */
static double centre_peeq(const centre_points *c)
{
    double best = INFINITY, v = NAN;
    for (size_t k = 0; k < c->count; k++) {
        double d = c->x[k] * c->x[k] + c->y[k] * c->y[k];
        if (isfinite(d) && isfinite(c->peeq[k]) && d < best)
            best = d, v = c->peeq[k];
    }
    return v;
}

/* Put the finished table's centre PEEQ into its increment. */
static int centre_finish(cwb_sphere_out *o, const centre_points *c)
{
    if (c->count == 0)
        return CWB_OK;
    cwb_sphere_increment *q = increment_at(o, c->time);
    if (!q)
        return CWB_EFAIL;
    q->peeq_centre = centre_peeq(c);
    return CWB_OK;
}

/* A header line of the .dat: which set and time (checked), and what it
 * is; DAT_NONE for any other line. */
enum { DAT_NONE, DAT_FORCE, DAT_DISP, DAT_PEEQ, DAT_COORD };
static int dat_header(cwb_fem_file *f, double *t)
{
    static const struct {
        const char *format, *set;
        int kind;
    } headers[] = {{" total force (fx,fy,fz) for set %63s and time %n", "EQUATOR", DAT_FORCE},
                   {" displacements (vx,vy,vz) for set %63s and time %n", "EQPOINT", DAT_DISP},
                   {" equivalent plastic strain (elem, integ.pnt.,pe)for set %63s and time %n",
                    "CENTREELS", DAT_PEEQ},
                   {" global coordinates (elem, integ.pnt.,x,y,z) for set %63s and time %n",
                    "CENTREELS", DAT_COORD}};
    char set[64];
    for (size_t k = 0; k < sizeof headers / sizeof *headers; k++) {
        int at = -1;
        if (sscanf(f->buf, headers[k].format, set, &at) != 1 || at < 0)
            continue;
        if (strcmp(set, headers[k].set) != 0 || cwb_fem_time(f, f->buf + at, t))
            return DAT_NONE;
        return headers[k].kind;
    }
    return DAT_NONE;
}

/* The data row of a force or displacement block into increment q. */
static int dat_row(cwb_fem_file *f, cwb_sphere_increment *q, int kind, double L, double S)
{
    static const cwb_fem_kind force[3] = {CWB_FEM_VALUE, CWB_FEM_VALUE, CWB_FEM_VALUE},
                              disp[4] = {CWB_FEM_ID, CWB_FEM_LENGTH, CWB_FEM_LENGTH,
                                         CWB_FEM_LENGTH};
    double v[4];
    if (kind == DAT_FORCE) {
        if (cwb_fem_dat_row(f, force, 3, v, "set EQUATOR") == CWB_OK)
            /* the flat pushes up, the equator is held down; CalculiX's
             * axisymmetric forces are those of a 2-degree segment */
            q->force = -v[1] * S * L * L * 180.0;
    } else if (cwb_fem_dat_row(f, disp, 4, v, "set EQPOINT") == CWB_OK)
        q->delta = -v[2] * L;
    return f->rc;
}

int cwb_sphere_dat(cwb_sphere_out *o, const char *path, const cwb_sphere *s, char *msg, size_t n)
{
    double L = length_unit(s), S = STRESS_UNIT;
    cwb_fem_file f;
    if (cwb_fem_open(&f, path, s->R / L, msg, n))
        return f.rc;
    centre_points *c = malloc(sizeof *c); /* 4 kB */
    if (!c) {
        cwb_fem_close(&f);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    centre_reset(c, NAN);
    double t;
    while (cwb_fem_line(&f)) {
        int kind = dat_header(&f, &t);
        if (kind == DAT_NONE)
            continue;
        cwb_sphere_increment *q = increment_at(o, t);
        if (!q) {
            f.rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        } else if (kind == DAT_PEEQ || kind == DAT_COORD) {
            if (!(fabs(c->time - t) <= 1e-9 * t) && centre_finish(o, c) == CWB_OK)
                centre_reset(c, t);
            if (centre_block(&f, c, kind == DAT_COORD) == 0 && f.rc == CWB_OK)
                f.rc = cwb_fail(msg, n, CWB_EINPUT, "%s:%d: expected the rows of set CENTREELS",
                                path, f.line);
        } else
            dat_row(&f, q, kind, L, S);
    }
    cwb_fem_close(&f);
    int rc = f.rc;
    if (rc == CWB_OK && centre_finish(o, c))
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    free(c);
    if (rc == CWB_OK && o->count == 0)
        rc = cwb_fail(msg, n, CWB_EFAIL, "%s: no increments (did the solver finish?)", path);
    for (size_t i = 0; rc == CWB_OK && i < o->count; i++)
        if (!isfinite(o->inc[i].force) || !isfinite(o->inc[i].delta))
            rc = cwb_fail(msg, n, CWB_EINPUT, "%s: time %g has no force or displacement", path,
                          o->inc[i].time);
    return rc;
}

/* ------------------------------------------------------------ .frd out */

/* The fields of one increment as read from the .frd, per mesh row. */
typedef struct {
    const cwb_mesh *m;
    int *arc; /* rows of the slave nodes, by x */
    size_t narc;
    int centre;      /* row of the ball's node on the axis */
    double *ux, *uy; /* displacement */
    double *cstr;    /* COPEN, CSLIP1, CSLIP2, CPRESS, CSHEAR1, CSHEAR2 */
    double *pe;      /* equivalent plastic strain */
    double time;
    double L, S;  /* the deck's length and stress units [m], [Pa] */
    double K, h0; /* contact stiffness [Pa/m], element size at the contact [m] */
    int profiles; /* keep every leg-1 increment's profile (cwb_sphere.profiles) */
} frd_frame;

/* Corner nodes of the slave arc (x <= 1.5 zone R), sorted by x. */
static int arc_rows(frd_frame *fr, const cwb_sphere *s)
{
    const cwb_mesh *m = fr->m;
    char *mark = calloc(m->nnode, 1);
    fr->arc = malloc(m->nnode * sizeof *fr->arc);
    if (!mark || !fr->arc) {
        free(mark);
        return CWB_EFAIL;
    }
    /* corner nodes only: CalculiX's node-to-surface springs give midside
     * and corner nodes of quadratic faces different areas (their
     * penetrations alternate by a factor of about 2 under a smooth
     * pressure), so one kind of node, scaled to the force, gives the
     * pressure's shape */
    for (size_t l = 0; l < m->nline; l++)
        if (m->line[l][0] == G_ARC)
            for (int j = 1; j <= 2; j++)
                mark[cwb_mesh_row(m, m->line[l][j])] = 1;
    fr->narc = 0;
    for (size_t i = 0; i < m->nnode; i++)
        if (mark[i] && m->x[i] <= 1.5 * s->zone * s->R)
            fr->arc[fr->narc++] = (int)i;
    free(mark);
    /* insertion sort: a few hundred nodes */
    for (size_t i = 1; i < fr->narc; i++)
        for (size_t j = i; j > 0 && m->x[fr->arc[j - 1]] > m->x[fr->arc[j]]; j--) {
            int t = fr->arc[j];
            fr->arc[j] = fr->arc[j - 1];
            fr->arc[j - 1] = t;
        }
    return CWB_OK;
}

/* Penetration of slave node k of the sorted list into the flat y = 0,
 * -(y + u_y), 0 where it is open. The penalty law makes the contact
 * pressure proportional to it; CalculiX 2.20 writes zeros into the
 * CONTACT block (CSTR) of this expanded axisymmetric model, so the
 * pressure is taken as c times the penetration with c set by the contact
 * force (frame_finish). */
static double penetration_at(const frd_frame *fr, size_t k)
{
    int r = fr->arc[k];
    double pen = -(fr->m->z[r] + fr->uy[r]);
    return isfinite(pen) && pen > 0 ? pen : 0.0;
}

/* The force of a pressure field sampled at sorted radii r: the integral
 * of 2 pi r p dr, trapezoidal. */
static double ring_integral(const double *r, const double *p, size_t count)
{
    double sum = 0.0;
    for (size_t k = 0; k + 1 < count; k++)
        sum += M_PI * (r[k + 1] - r[k]) * (r[k] * p[k] + r[k + 1] * p[k + 1]);
    return sum;
}

static double radius_at(const frd_frame *fr, size_t k)
{
    int r = fr->arc[k];
    return fr->m->x[r] + (isfinite(fr->ux[r]) ? fr->ux[r] : 0.0);
}

/* The slave node on the axis carries no area in CalculiX's expanded
 * axisymmetric model and barely penetrates: the nodes within AXIS_ZONE h0
 * of the axis are not used for p_centre and do not end the pressed zone. */
#define AXIS_ZONE 1.0

/* The edge of the pressed zone: the last node L of the run of nodes with
 * p > 0 from the axis; p^2 is extrapolated linearly in r^2 from L-1 and L
 * to zero (exact for Hertz's p^2 = p0^2 (1 - r^2/a^2)) and the result kept
 * between L and L+1, where the edge must lie. The run starts at the first
 * pressed node: open nodes within r0 of the axis are skipped, because on
 * unloading the node on the axis (no area in CalculiX's expanded
 * axisymmetric model) opens while the zone around it is still pressed,
 * which made the radius 0 at up to 31 % of the peak force (Fig. 33's
 * materials, 65 delta_y). */
double cwb_sphere_edge(const double *r, const double *p, size_t count, double r0)
{
    size_t first = 0;
    while (first < count && r[first] < r0 && !(p[first] > 0))
        first++;
    size_t L = first;
    while (L < count && p[L] > 0)
        L++;
    if (L == first)
        return 0.0;
    L--;
    double lo = r[L], hi = L + 1 < count ? r[L + 1] : r[L];
    if (L == first)
        return 0.5 * (lo + hi);
    double d = p[L - 1] * p[L - 1] - p[L] * p[L];
    if (!(d > 0))
        return 0.5 * (lo + hi);
    double a2 = r[L] * r[L] + p[L] * p[L] * (r[L] * r[L] - r[L - 1] * r[L - 1]) / d;
    return fmin(fmax(sqrt(a2), lo), hi);
}

/* Pressure on the axis: p^2 fitted linearly in r^2 (least squares; Hertz
 * is exactly that) over the nodes in [r0, a/2], or in [r0, a) when fewer
 * than two lie there, evaluated at r = 0; the first node beyond r0 when
 * fewer than two are pressed. */
double cwb_sphere_centre_pressure(const double *r, const double *p, size_t count, double r0,
                                  double a)
{
    for (int pass = 0; pass < 2; pass++) {
        double top = pass == 0 ? 0.5 * a : a, sx = 0, sy = 0, sxx = 0, sxy = 0;
        size_t used = 0;
        for (size_t k = 0; k < count; k++)
            if (r[k] >= r0 && r[k] <= top && p[k] > 0) {
                double x = r[k] * r[k], y = p[k] * p[k];
                sx += x, sy += y, sxx += x * x, sxy += x * y, used++;
            }
        double det = (double)used * sxx - sx * sx;
        if (used >= 2 && det > 0) {
            double c0 = (sy * sxx - sx * sxy) / det;
            return c0 > 0 ? sqrt(c0) : 0.0;
        }
    }
    for (size_t k = 0; k < count; k++)
        if (r[k] >= r0)
            return p[k];
    return 0.0;
}

/* Append one profile (delta, r, p per node) to o->all. */
static int keep_profile(cwb_sphere_out *o, double delta, const double *r, const double *p,
                        size_t count)
{
    if (o->nall + count > o->capall) {
        size_t cap = 2 * (o->nall + count);
        double *all = realloc(o->all, 3 * cap * sizeof *all);
        if (!all)
            return CWB_EFAIL;
        o->all = all, o->capall = cap;
    }
    for (size_t k = 0; k < count; k++, o->nall++) {
        o->all[3 * o->nall] = delta;
        o->all[3 * o->nall + 1] = r[k];
        o->all[3 * o->nall + 2] = p[k];
    }
    return CWB_OK;
}

/* Reduce a finished frame into its increment (and the profile at t = 1;
 * with profiles, every leg-1 increment's). */
static int frame_finish(const frd_frame *fr, cwb_sphere_out *o)
{
    if (!isfinite(fr->time))
        return CWB_OK;
    cwb_sphere_increment *q = increment_at(o, fr->time);
    double *rp = malloc(2 * (fr->narc + 1) * sizeof *rp);
    if (!q || !rp) {
        free(rp);
        return CWB_EFAIL;
    }
    double *r = rp, *p = rp + fr->narc + 1;
    for (size_t k = 0; k < fr->narc; k++)
        r[k] = radius_at(fr, k), p[k] = penetration_at(fr, k);
    double ring = ring_integral(r, p, fr->narc);
    double c = ring > 0 && q->force > 0 ? q->force / ring : 0.0; /* [Pa/m] */
    for (size_t k = 0; k < fr->narc; k++)
        p[k] *= c;
    q->contact_radius = cwb_sphere_edge(r, p, fr->narc, AXIS_ZONE * fr->h0);
    q->p_centre = cwb_sphere_centre_pressure(r, p, fr->narc, AXIS_ZONE * fr->h0, q->contact_radius);
    q->copen_centre = c > 0 ? q->p_centre / c : 0.0;
    if (isnan(q->peeq_centre)) /* elastic: no *EL PRINT in the .dat */
        q->peeq_centre = 0.0;
    double peeq_max = 0.0;
    for (size_t i = 0; i < fr->m->nnode; i++)
        if (isfinite(fr->pe[i]))
            peeq_max = fmax(peeq_max, fr->pe[i]);
    q->peeq_max = peeq_max;
    if (fr->profiles && fr->time <= 1.0 + 1e-9 && keep_profile(o, q->delta, r, p, fr->narc)) {
        free(rp);
        return CWB_EFAIL;
    }
    if (fabs(fr->time - 1.0) < 1e-9 && !o->profile) {
        o->profile = rp;
        o->profile_p = p;
        o->nprofile = fr->narc;
        return CWB_OK;
    }
    free(rp);
    return CWB_OK;
}

/* Clear the fields for the increment at time t. */
static void frame_reset(frd_frame *fr, double t)
{
    size_t nn = fr->m->nnode;
    for (size_t i = 0; i < nn; i++)
        fr->ux[i] = fr->uy[i] = fr->pe[i] = NAN;
    for (size_t i = 0; i < 6 * nn; i++)
        fr->cstr[i] = NAN;
    fr->time = t;
}

/* A data line " -1" of block `block` into the frame (lengths scaled to
 * metres, stresses to pascals). */
static void frame_line(frd_frame *fr, cwb_fem_file *f, const char *block)
{
    int r = cwb_fem_frd_row(f, fr->m);
    if (r < 0)
        return; /* nodes CalculiX added when it expanded the 2D elements */
    double v;
    if (strcmp(block, "DISP") == 0) {
        cwb_fem_field(f, 13, 12, CWB_FEM_LENGTH, &v), fr->ux[r] = v * fr->L;
        cwb_fem_field(f, 25, 12, CWB_FEM_LENGTH, &v), fr->uy[r] = v * fr->L;
    } else if (strcmp(block, "PE") == 0)
        cwb_fem_field(f, 13, 12, CWB_FEM_VALUE, &fr->pe[r]);
    else if (strcmp(block, "CONTACT") == 0) /* 0-2 lengths, 3-5 stresses */
        for (int k = 0; k < 6; k++) {
            cwb_fem_field(f, 13 + 12 * (size_t)k, 12, k < 3 ? CWB_FEM_LENGTH : CWB_FEM_VALUE, &v);
            fr->cstr[(size_t)r * 6 + k] = v * (k < 3 ? fr->L : fr->S);
        }
}

/* One pass over the .frd: the DISP, PE and CONTACT blocks of every
 * increment, each increment reduced when the next one starts. CWB_EFAIL
 * out of memory, or f->rc. */
static int scan_frd(cwb_fem_file *f, frd_frame *fr, cwb_sphere_out *o)
{
    char block[16] = "";
    int inside = 0;
    while (cwb_fem_line(f)) {
        if (strncmp(f->buf, "  100CL", 7) == 0) {
            double t;
            if (cwb_fem_field(f, 12, 12, CWB_FEM_TIME, &t))
                break;
            if (!(fabs(t - fr->time) <= 1e-5 * t)) {
                if (frame_finish(fr, o))
                    return CWB_EFAIL;
                frame_reset(fr, t);
            }
            inside = 0;
        } else if (strncmp(f->buf, " -4  ", 5) == 0) {
            sscanf(f->buf + 5, "%15s", block);
            inside = 1;
        } else if (strncmp(f->buf, " -3", 3) == 0)
            inside = 0;
        else if (inside && strncmp(f->buf, " -1", 3) == 0)
            frame_line(fr, f, block);
    }
    return f->rc ? f->rc : frame_finish(fr, o);
}

int cwb_sphere_frd(cwb_sphere_out *o, const char *path, const cwb_mesh *m, const cwb_sphere *s,
                   char *msg, size_t n)
{
    frd_frame fr = {.m = m,
                    .centre = cwb_mesh_point(m, G_CENTRE),
                    .time = NAN,
                    .L = length_unit(s),
                    .S = STRESS_UNIT,
                    .profiles = s->profiles};
    if (fr.centre < 0 || (fr.centre = cwb_mesh_row(m, fr.centre)) < 0)
        return cwb_fail(msg, n, CWB_EFAIL, "mesh: no CENTRE node");
    fr.ux = malloc(m->nnode * sizeof *fr.ux);
    fr.uy = malloc(m->nnode * sizeof *fr.uy);
    fr.K = penalty_stiffness(s);
    fr.h0 = s->fine * s->R;
    fr.pe = malloc(m->nnode * sizeof *fr.pe);
    fr.cstr = malloc(6 * m->nnode * sizeof *fr.cstr);
    cwb_fem_file f = {.rc = CWB_EFAIL};
    int rc = CWB_OK;
    if (!fr.ux || !fr.uy || !fr.pe || !fr.cstr || arc_rows(&fr, s))
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    else if (cwb_fem_open(&f, path, s->R / fr.L, msg, n))
        rc = f.rc;
    else if ((rc = scan_frd(&f, &fr, o)) == CWB_EFAIL)
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    cwb_fem_close(&f);
    free(fr.ux), free(fr.uy), free(fr.pe), free(fr.cstr), free(fr.arc);
    for (size_t i = 0; rc == CWB_OK && i < o->count; i++)
        if (!isfinite(o->inc[i].contact_radius))
            rc = cwb_fail(msg, n, CWB_EFAIL, "%s: no contact output at time %g", path,
                          o->inc[i].time);
    if (rc == CWB_OK && !o->profile)
        rc = cwb_fail(msg, n, CWB_EFAIL, "%s: no contact output at the end of leg 1", path);
    return rc;
}

/* ---------------------------------------------------------- the model */

/* The path in metres as the study gives it (path or path_delta_y). */
static size_t study_path(const cwb_fem_study *s, double *out)
{
    const cwb_values *body = &s->section[SEC_BODY], *load = &s->section[SEC_LOAD];
    int in_dy = load->list[L_PATH_DELTA_Y].n > 0;
    double scale =
        in_dy ? cwb_sphere_delta_y(body->p[B_R], body->p[B_E], body->p[B_NU], body->p[B_SIGMA_Y])
              : 1.0;
    size_t k = in_dy ? L_PATH_DELTA_Y : L_PATH, count = load->list[k].n;
    for (size_t i = 0; out && i < count; i++)
        out[i] = load->list[k].v[i] * scale;
    return count;
}

static int check(const cwb_fem_study *s, char *msg, size_t n)
{
    const cwb_values *body = &s->section[SEC_BODY], *load = &s->section[SEC_LOAD];
    int line = load->given[L_PATH]           ? load->given[L_PATH]
               : load->given[L_PATH_DELTA_Y] ? load->given[L_PATH_DELTA_Y]
                                             : s->study.given[CWB_FEM_MODEL];
    if ((load->list[L_PATH].n > 0) == (load->list[L_PATH_DELTA_Y].n > 0))
        return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: [load] give path or path_delta_y (one)",
                        s->path, line);
    if (load->list[L_PATH_DELTA_Y].n && !(body->p[B_SIGMA_Y] > 0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s:%d: [load] path_delta_y needs [body] sigma_y > 0 (elastic: no "
                        "delta_y)",
                        s->path, line);
    double path[CWB_MAX_LIST], top = 0.0;
    size_t count = study_path(s, path);
    for (size_t i = 0; i < count; i++) {
        double prev = i ? path[i - 1] : 0.0;
        if (path[i] == prev)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s:%d: [load] path: target %zu = %g m repeats the one before it "
                            "(every leg must move)",
                            s->path, line, i + 1, path[i]);
        top = fmax(top, path[i]);
    }
    if (body->p[B_ELASTIC] && body->p[B_SIGMA_Y] > 0)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s:%d: [body] elastic = neo_hooke: needs sigma_y = 0 (CalculiX's "
                        "*PLASTIC extends *ELASTIC only)",
                        s->path, body->given[B_ELASTIC]);
    /* the contact radius: sqrt(R delta) elastic, below sqrt(2 R delta) when
     * plastic (the truncated sphere) */
    double R = body->p[B_R], zone = s->section[SEC_CONTACT].p[C_ZONE];
    double reach = body->p[B_SIGMA_Y] > 0 ? sqrt(2.0 * R * top) : 1.1 * sqrt(R * top);
    if (reach > zone * R)
        return cwb_fail(
            msg, n, CWB_EINPUT,
            "%s:%d: [contact] zone = %g: the contact radius at delta = %g m may "
            "reach %g R (sqrt(2 R delta) plastic, 1.1 sqrt(R delta) elastic), beyond "
            "the fine zone (allowed: zone >= that)",
            s->path,
            s->section[SEC_CONTACT].given[C_ZONE] ? s->section[SEC_CONTACT].given[C_ZONE] : line,
            zone, top, reach / R);
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
    const cwb_values *body = &s->section[SEC_BODY], *contact = &s->section[SEC_CONTACT];
    cwb_sphere *p = out;
    *p = (cwb_sphere){.R = body->p[B_R],
                      .E = body->p[B_E],
                      .nu = body->p[B_NU],
                      .sigma_y = body->p[B_SIGMA_Y],
                      .increments = (int)s->section[SEC_LOAD].p[L_INCREMENTS],
                      .fine = s->mesh.p[CWB_FEM_FINE],
                      .coarse = s->mesh.p[CWB_FEM_COARSE],
                      .zone = contact->p[C_ZONE],
                      .growth = contact->p[C_GROWTH],
                      .penalty = contact->p[C_PENALTY],
                      .small_strain = (int)body->p[B_KINEMATICS],
                      .neo_hooke = (int)body->p[B_ELASTIC],
                      .profiles = (int)s->section[SEC_LOAD].p[L_PROFILES],
                      .stress = (int)s->section[SEC_LOAD].p[L_STRESS]};
    p->npath = study_path(s, p->path);
    if (refine != 1.0) {
        p->fine /= refine;
        p->coarse /= refine;
    }
}

static void geo(FILE *f, const void *spec)
{
    cwb_sphere_geo(f, spec);
}

static int deck(FILE *f, const cwb_mesh *m, const void *spec, char *msg, size_t n)
{
    return cwb_sphere_deck(f, m, spec, msg, n);
}

static int parse(const char *dat, const char *frd, const cwb_mesh *m, const void *spec, void *out,
                 char *msg, size_t n)
{
    cwb_sphere_out *o = out;
    memset(o, 0, sizeof *o);
    int rc = cwb_sphere_dat(o, dat, spec, msg, n);
    if (rc == CWB_OK)
        rc = cwb_sphere_frd(o, frd, m, spec, msg, n);
    for (size_t i = 0; rc == CWB_OK && i < o->count; i++)
        if (!isfinite(o->inc[i].force))
            rc = cwb_fail(msg, n, CWB_EFAIL, "%s: time %g has contact output but no force", dat,
                          o->inc[i].time);
    return rc;
}

static void out_free(void *out)
{
    cwb_sphere_out_free(out);
}

/* Leg of the step that ends at total time k (1-based). */
int cwb_sphere_leg(const cwb_sphere *s, size_t k)
{
    if (k <= 1)
        return LEG_LOAD;
    return s->path[k - 1] < s->path[k - 2] ? LEG_UNLOAD : LEG_RELOAD;
}

/* The force at the end of step k (total time k), NaN when absent. */
static double force_at_step_end(const cwb_sphere_out *o, size_t k)
{
    for (size_t i = 0; i < o->count; i++)
        if (fabs(o->inc[i].time - (double)k) < 1e-9 * (double)k)
            return o->inc[i].force;
    return NAN;
}

/* What the provenance lines and the result line report. */
typedef struct {
    cwb_sphere s;
    double delta_y;
    size_t elements, nodes, fine_elements;
    double h_min, fine_h_min;
    double change;                        /* largest refinement change of a leg-end force */
    double delta_peak, force_peak;        /* end of leg 1 */
    double hertz_force, hertz_radius;     /* end of leg 1: FEM / Hertz - 1 */
    double a_over_h_peak, a_over_h_yield; /* contact radius / h0 at leg 1's end, at delta_y */
    double penetration;                   /* |COPEN| at the axis / delta, end of leg 1 */
    double onset_lo, onset_hi;            /* delta / delta_y bracketing the first yield */
    size_t increments;
} summary;

/* Largest |refined / base - 1| of the force at the end of every leg that
 * ends in contact (a leg ending at delta = 0 ends at zero force). */
static double refinement_change(const cwb_sphere *s, const cwb_sphere_out *base,
                                const cwb_sphere_out *fine)
{
    double worst = 0.0;
    for (size_t k = 1; fine && k <= s->npath; k++) {
        if (!(s->path[k - 1] > 0))
            continue;
        double f0 = force_at_step_end(base, k), f1 = force_at_step_end(fine, k);
        double c = fabs(f1 / f0 - 1.0);
        worst = isfinite(c) ? fmax(worst, c) : INFINITY;
    }
    return worst;
}

/* Leg-1 checks: Hertz at its end, the elements across the contact, the
 * penalty's penetration, the first increment that yields. */
static void summarize_leg1(summary *sum, const cwb_sphere_out *o)
{
    const cwb_sphere *s = &sum->s;
    double h0 = s->fine * s->R, e_star = s->E / (1.0 - s->nu * s->nu);
    sum->onset_lo = sum->onset_hi = NAN;
    sum->a_over_h_yield = NAN;
    double prev = 0.0;
    for (size_t i = 0; i < o->count; i++) {
        const cwb_sphere_increment *q = &o->inc[i];
        if (q->time > 1.0 + 1e-9)
            break;
        if (sum->delta_y > 0 && isnan(sum->onset_hi) && q->peeq_max > 0) {
            sum->onset_lo = prev / sum->delta_y;
            sum->onset_hi = q->delta / sum->delta_y;
        }
        if (sum->delta_y > 0 && isnan(sum->a_over_h_yield) && q->delta >= sum->delta_y)
            sum->a_over_h_yield = q->contact_radius / h0;
        prev = q->delta;
        sum->delta_peak = q->delta;
        sum->force_peak = q->force;
        sum->a_over_h_peak = q->contact_radius / h0;
        sum->penetration = fabs(q->copen_centre) / q->delta;
        double d = q->delta;
        sum->hertz_force = q->force / (4.0 / 3.0 * e_star * sqrt(s->R) * pow(d, 1.5)) - 1.0;
        sum->hertz_radius = q->contact_radius / sqrt(s->R * d) - 1.0;
    }
}

static int curve_rows(cwb_fem_rows *t, const summary *sum, const cwb_sphere_out *o, char *msg,
                      size_t n)
{
    const cwb_sphere *s = &sum->s;
    int rc = CWB_OK;
    for (size_t i = 0; i < o->count && rc == CWB_OK; i++) {
        const cwb_sphere_increment *q = &o->inc[i];
        size_t step = (size_t)ceil(q->time - 1e-9);
        double row[NCOL] = {(double)cwb_sphere_leg(s, step),
                            q->delta,
                            q->force,
                            q->contact_radius,
                            q->p_centre,
                            q->peeq_centre,
                            q->peeq_max,
                            s->R,
                            s->E,
                            s->nu,
                            s->sigma_y,
                            sum->delta_y};
        rc = cwb_fem_rows_add(t, row, msg, n);
    }
    return rc;
}

static int rows(cwb_fem_point *pt, char *msg, size_t n)
{
    summary *sum = pt->summary;
    const cwb_sphere_out *base = pt->base.out, *fine = pt->refined.out;
    sum->s = *(const cwb_sphere *)pt->base.spec;
    sum->delta_y = cwb_sphere_delta_y(sum->s.R, sum->s.E, sum->s.nu, sum->s.sigma_y);
    sum->elements = pt->base.elements;
    sum->nodes = pt->base.nodes;
    sum->h_min = pt->base.h_min;
    sum->fine_elements = pt->refined.elements;
    sum->fine_h_min = pt->refined.h_min;
    sum->increments = base->count;
    sum->change = pt->change = refinement_change(&sum->s, base, fine);
    summarize_leg1(sum, base);
    int rc = curve_rows(&pt->tables[TABLE_CURVE], sum, base, msg, n);
    for (size_t k = 0; k < base->nprofile && rc == CWB_OK; k++) {
        double row[2] = {base->profile[k], base->profile_p[k]};
        rc = cwb_fem_rows_add(&pt->tables[TABLE_PRESSURE], row, msg, n);
    }
    for (size_t k = 0; k < base->nall && rc == CWB_OK; k++)
        rc = cwb_fem_rows_add(&pt->tables[TABLE_PROFILES], base->all + 3 * k, msg, n);
    return rc;
}

/* "v1, v2, ..." of the path [m]. */
static void path_text(const cwb_sphere *s, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (size_t k = 0; k < s->npath && used < n; k++)
        used += (size_t)snprintf(buf + used, n - used, "%s%.6g", k ? ", " : "", s->path[k]);
}

static void provenance_model(FILE *f, const cwb_fem_job *job, const summary *sum)
{
    const cwb_sphere *s = &sum->s;
    char path[2048], a_at_yield[40];
    path_text(s, path, sizeof path);
    /* an elastic study never reaches delta_y: no contact radius there */
    snprintf(a_at_yield, sizeof a_at_yield, isfinite(sum->a_over_h_yield) ? "%.3g" : "undefined",
             sum->a_over_h_yield);
    fprintf(f,
            "# model: sphere on a rigid flat, axisymmetric (Rathbone thesis Sec. 3.2: an "
            "axisymmetric model serves normal contact; its Models A/B are 3D Abaqus): lower "
            "hemisphere of radius R, equator displaced by -delta along the axis (radial "
            "displacement free), axis u_r = 0; = half of a sphere between two rigid platens "
            "(approach 2 delta)\n"
            "# parameters: R = %g m; E = %g Pa; nu = %g; sigma_y = %g Pa (%s); delta_y = %.6g "
            "m (Rathbone eq. 8: R (pi Ay sigma_y / 2E*)^2, E* = E/(1 - nu^2), Ay(nu) = %.6g "
            "of appendix A)\n"
            "# path: target overlaps %s m, one step each, at most 1/%d of a leg per increment "
            "(%zu increments)\n"
            "# contact: CalculiX node-to-surface, frictionless; rigid flat = a block below "
            "y = 0 with every node fixed; linear pressure-overclosure K = %g E/h0 = %.4g Pa/m; "
            "penetration at the axis at the end of leg 1 = %.3g of delta (the penalty error)\n"
            "# mesh: gmsh %s, 6-node axisymmetric triangles (CAX6), size h0 = %g R within %g R "
            "of the contact point, growing by %g per unit distance to %g R; %zu elements, %zu "
            "nodes, smallest element %.3g m; contact radius / h0 = %s at delta_y, %.3g at "
            "the end of leg 1\n"
            "# solver: CalculiX ccx %s, %s, %s\n",
            s->R, s->E, s->nu, s->sigma_y,
            s->sigma_y > 0 ? "elastic-perfectly-plastic" : "0: elastic", sum->delta_y,
            cwb_yield_factor(s->nu, NULL), path, s->increments, sum->increments, s->penalty,
            penalty_stiffness(s), sum->penetration, job->gmsh_version, s->fine, s->zone, s->growth,
            s->coarse, sum->elements, sum->nodes, sum->h_min, a_at_yield, sum->a_over_h_peak,
            job->ccx_version, s->small_strain ? "geometrically linear (no NLGEOM)" : "NLGEOM",
            s->neo_hooke     ? "neo-Hookean (*HYPERELASTIC, C10 = G/2, D1 = 2/K)"
            : s->sigma_y > 0 ? "von Mises elastic-perfectly-plastic (*PLASTIC, one point)"
                             : "von Mises elastic");
}

static void provenance_checks(FILE *f, const cwb_fem_job *job, const summary *sum)
{
    char refined[512] = "none ([mesh] refine = 1)";
    if (job->refine > 1.0)
        snprintf(refined, sizeof refined,
                 "re-run with element sizes (and h0 in K) / %g (%zu elements, smallest %.3g "
                 "m): largest |force refined / force - 1| at the legs' ends in contact = %.3g "
                 "%% (criterion %g %%)",
                 job->refine, sum->fine_elements, sum->fine_h_min, 100 * sum->change,
                 100 * job->tolerance);
    fprintf(f,
            "# refinement check: %s\n"
            "# Hertz at the end of leg 1 (delta = %.6g m): force / (4/3 E* R^1/2 delta^3/2) - 1 "
            "= %.4g; contact_radius / (R delta)^1/2 - 1 = %.4g (meaningful when elastic)\n",
            refined, sum->delta_peak, sum->hertz_force, sum->hertz_radius);
    if (sum->delta_y > 0)
        fprintf(f, "# first yield (peeq_max > 0) between delta / delta_y = %.4g and %.4g\n",
                sum->onset_lo, sum->onset_hi);
}

/* The case keys a run must have for its deviation from this table to mean
 * anything (src/io/compare.c): the sphere and, when plastic, its yield
 * stress (a law without that key is compared on the sphere alone). */
static void provenance_stands_for(FILE *f, const cwb_fem_study *s)
{
    const cwb_values *body = &s->section[SEC_BODY];
    fprintf(f, "# stands for: body1.radius = %.10g; body1.E = %.10g; body1.nu = %.10g",
            body->p[B_R], body->p[B_E], body->p[B_NU]);
    if (body->p[B_SIGMA_Y] > 0)
        fprintf(f, "; normal.sigma_y = %.10g", body->p[B_SIGMA_Y]);
    fprintf(f, "\n");
}

static void provenance(FILE *f, size_t t, const cwb_fem_job *job, const void *sum_)
{
    const summary *sum = sum_;
    provenance_model(f, job, sum);
    provenance_checks(f, job, sum);
    if (t == TABLE_CURVE)
        fprintf(f,
                "# rows: every converged increment; leg 1 loading, 2 unloading, 3 reloading; "
                "delta = approach of the equator (-u_y); force = -(total reaction of the "
                "equator along y) x 180 (CalculiX's axisymmetric forces are for a 2-degree "
                "segment), the whole contact force; pressures: the slave nodes' penetration "
                "-(y + u_y) (.frd DISP) of the corner nodes (node-to-surface springs give "
                "midside nodes other areas) times the constant that makes their ring "
                "integral equal to the force (the penalty law is linear; CSTR is zeros in this "
                "expanded model); contact_radius = edge of the pressed zone: p^2 extrapolated "
                "linearly in r^2 from the last two nodes with p > 0 to zero (exact for "
                "Hertz), kept between the last pressed node and the next, so within one "
                "element (h0) at worst; r = x + u_x (deformed); p_centre = p^2 fitted "
                "linearly in r^2 over the pressed nodes beyond h0 (the axis node carries no "
                "area) and inside a/2, at r = 0; peeq_centre = the PEEQ at the integration "
                "point nearest the contact point (the ball's surface node on the axis), of "
                "the elements that hold it (*EL PRINT in the .dat, within one element h0 of "
                "the centre of the contact area), peeq_max = the largest nodal PEEQ "
                "(extrapolated to nodes by CalculiX)\n"
                "# tolerance: %g the mesh-refinement change of the force at every leg's end %s\n",
                job->tolerance, job->refine > 1.0 ? "(refinement check above)" : NO_CHECK);
    else if (t == TABLE_PROFILES)
        fprintf(f, "# rows: contact pressure of the slave corner nodes at every converged "
                   "increment of leg 1 (loading), one block per delta (penetration scaled to that "
                   "increment's force, as in the main CSV; r = x + u_x; the node on the axis "
                   "carries no area); compare Hertz p0 (1 - r^2/a^2)^1/2 (Johnson 1985, eq. 4.49) "
                   "below delta_y\n"
                   "# tolerance: 0.05 pointwise pressures of a penalty contact: within a few %% "
                   "of Hertz away from the edge\n");
    else
        fprintf(f,
                "# rows: contact pressure of the slave corner nodes at the end of leg 1 (delta = "
                "%.6g m; penetration scaled to the force, see the main CSV), r = x + u_x; the "
                "node on the axis carries no area; compare Hertz p0 (1 - r^2/a^2)^1/2 "
                "(Johnson 1985, eq. 4.49)\n"
                "# tolerance: 0.05 pointwise pressures of a penalty contact: within a few %% "
                "of Hertz away from the edge\n",
                sum->delta_peak);
    fprintf(f,
            "# independence: fem " FEM_INDEPENDENCE "\n"
            "# raw solver output: %s/p001.dat (equator reaction and displacement per "
            "increment, and PEEQ at the integration points of the elements at the contact "
            "centre when plastic; the .frd fields are not kept)\n",
            job->raw);
    provenance_stands_for(f, job->study);
}

static void report(char *buf, size_t n, const cwb_fem_job *job, const void *sum_)
{
    (void)job;
    const summary *sum = sum_;
    snprintf(buf, n,
             "%zu increments; leg 1 ends at delta = %.4g m, F = %.5g N (Hertz %+.3g %%); "
             "refinement changes the force by %.3g %%",
             sum->increments, sum->delta_peak, sum->force_peak, 100 * sum->hertz_force,
             100 * sum->change);
}

const cwb_fem_model cwb_fem_sphere = {
    .name = "sphere",
    .summary = "Rathbone thesis ch. 3-4: elastic-perfectly-plastic sphere on a rigid flat, "
               "axisymmetric, force, contact radius and plastic strain per increment",
    .sections = sections,
    .tables = tables,
    .optional_tables = 1u << TABLE_PROFILES, /* only when [load] profiles = yes */
    .spec_size = sizeof(cwb_sphere),
    .out_size = sizeof(cwb_sphere_out),
    .summary_size = sizeof(summary),
    .refinement_fails = 1,
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
