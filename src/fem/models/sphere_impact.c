/* sphere_impact.c -- FEM model "sphere_impact": a full oblique dynamic
 * collision of an elastic sphere with an elastic half-space -- Model D of
 *   Rathbone, D. (thesis, Sec. 3.6 "model d: full oblique collision",
 *   Table 5, Fig. 16; ch. 5 Sec. 5.7): a sphere, half model through the
 *   symmetry plane of its velocity, initial normal velocity and a
 *   tangential one setting the angle, hits an elastic half-space (elastic,
 *   not rigid: the same material on both sides has Dundurs beta = 0, so
 *   the normal and tangential problems do not couple), Coulomb friction,
 *   the sphere free to rotate;
 * written from scratch for cwb in gmsh + CalculiX.
 *
 * Geometry (deck units: length L = R/100, stress MPa, velocity m/s, so
 * time L / (1 m/s)): the sphere of radius R centred at (0, 0, R + gap),
 * cut by its symmetry plane y = 0 (which holds the velocity): the half
 * model, forces x 2. The half-space: a block x in [-B, B], y in [0, B],
 * z in [-B, 0], B = block R, its bottom and far sides fixed. Both meshed
 * by gmsh with 10-node tetrahedra (C3D10), size h0 = fine R within zone R
 * of the contact point, growing by `growth` per unit distance to
 * coarse R. Symmetry plane: u_y = 0 on both bodies.
 * Contact: surface-to-surface penalty (slave: the sphere's faces within
 * slave zone R of the contact point; master: the block's top faces within
 * 1.5 times that), linear pressure-overclosure K = penalty E / h0, Coulomb
 * friction mu with stick slope stick E / h0 (CalculiX's friction is a
 * penalty too).
 * Load: *INITIAL CONDITIONS, TYPE=VELOCITY, every sphere node at
 * (v_t, 0, -v_n); a small gap (a fraction of Hertz's maximum approach)
 * keeps the two meshes apart at the start: the first touch is at
 * gap / v_n.
 * Step: *DYNAMIC (implicit, Hilber-Hughes-Taylor), NLGEOM (the sphere
 * translates and turns), increments of t_c / increments at most (Hertz's
 * t_c) with CalculiX's own cutbacks: fixed increments (DIRECT) stop at the
 * first contact change ("solution seems to diverge"); to the first touch
 * + duration t_c, a whole number of increments.
 * Ballast ([load] ballast > 0): a free tetrahedron far from both bodies,
 * moving rigidly, with that many times the sphere's kinetic energy; it
 * scales CalculiX 2.20's energy rule for impacts, which otherwise stops
 * the frictional impact with "too many cutbacks" (see ballast() below).
 * Output per increment (.dat): the contact force and its moment about the
 * origin on the slave surface (*CONTACT PRINT CF), the block supports'
 * total reaction, the sphere's kinetic energy (*EL PRINT ELKE). The
 * sphere's mean velocity and spin come from its momentum balance: the
 * contact force is the only force on the free sphere, so
 *   m v(t) = m v0 + int F dt,   I omega(t) = int M_c dt
 * (trapezoid over the increments, M_c the moment about the moving centre
 * of mass), with m = 4/3 pi R^3 rho, I = 2/5 m R^2.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_fem.h"
#include "cwb_fem_c3d10.h"
#include "cwb_fem_impact.h"
#include "cwb_law.h"

/* ------------------------------------------------------- study keys */

enum { B_R, B_E, B_NU, B_RHO };
enum { L_VN, L_VT, L_INCREMENTS, L_DURATION, L_GAP, L_ALPHA, L_BALLAST };
enum { C_MU, C_PENALTY, C_STICK, C_ZONE, C_GROWTH, C_SLAVE, C_BLOCK };
enum { SEC_BODY, SEC_LOAD, SEC_CONTACT };

static const cwb_param body_params[] = {
    {.name = "R",
     .unit = "m",
     .def = 1e-5,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "sphere radius (thesis Table 5: 0.01 mm)"},
    {.name = "E",
     .unit = "Pa",
     .def = 2.08e11,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "Young's modulus of the sphere and the half-space (Table 5: 208000 MPa)"},
    {.name = "nu",
     .unit = "-",
     .def = 0.3,
     .min = 0,
     .max = 0.5,
     .flags = CWB_P_MAX_OPEN,
     .help = "Poisson's ratio of both (Table 5: 0.3)"},
    {.name = "rho",
     .unit = "kg/m^3",
     .def = 7850,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "density of both (Table 5: 7850)"},
    {0}};

static const cwb_param load_params[] = {
    {.name = "v_n",
     .unit = "m/s",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
     .help = "initial normal velocity of the sphere, towards the half-space (Table 5: 1 m/s)"},
    {.name = "v_t",
     .unit = "m/s",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_REQUIRED,
     .help = "initial tangential velocity (the angle: atan(v_t / v_n))"},
    {.name = "increments",
     .unit = "-",
     .def = 60,
     .min = 10,
     .max = 2000,
     .flags = CWB_P_INTEGER,
     .help = "increments per Hertz contact time t_c (the largest increment: t_c / this)"},
    {.name = "duration",
     .unit = "-",
     .def = 1.3,
     .min = 0.01,
     .max = 5,
     .help = "simulated time after the first touch / t_c (> 1: past the rebound)"},
    {.name = "gap",
     .unit = "-",
     .def = 0.01,
     .min = 0,
     .max = 0.5,
     .flags = CWB_P_MIN_OPEN,
     .help = "initial gap / Hertz maximum approach (keeps the meshes apart at the start)"},
    {.name = "alpha",
     .unit = "-",
     .def = -0.05,
     .min = -1.0 / 3.0,
     .max = 0,
     .help = "CalculiX *DYNAMIC ALPHA (Hilber-Hughes-Taylor numerical damping; 0: none)"},
    {.name = "ballast",
     .unit = "-",
     .def = 0,
     .min = 0,
     .max = 1e4,
     .help = "kinetic energy of a free tetrahedron moving far from both bodies / the sphere's "
             "initial one: it scales CalculiX's energy rule for impacts (0: none)"},
    {0}};

static const cwb_param contact_params[] = {
    {.name = "mu",
     .unit = "-",
     .min = 0,
     .max = 10,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
     .help = "Coulomb friction coefficient (Table 5: 0.3)"},
    {.name = "penalty",
     .unit = "-",
     .def = 10,
     .min = 0.1,
     .max = 1e6,
     .help = "contact stiffness K = penalty E / h0 [Pa/m]"},
    {.name = "stick",
     .unit = "-",
     .def = 10,
     .min = 0.01,
     .max = 1e6,
     .help = "stick slope of the friction = stick E / h0 [Pa/m]"},
    {.name = "zone",
     .unit = "-",
     .def = 0.07,
     .min = 0,
     .max = 0.5,
     .flags = CWB_P_MIN_OPEN,
     .help = "radius of the fine zone around the contact point / R (must hold the contact)"},
    {.name = "growth",
     .unit = "-",
     .def = 0.3,
     .min = 0.01,
     .max = 1,
     .help = "growth of the element size per unit distance beyond the fine zone"},
    {.name = "slave",
     .unit = "-",
     .def = 1.5,
     .min = 1,
     .max = 3,
     .help = "the slave surface: the sphere's faces within this many zone radii of the "
             "contact point"},
    {.name = "block",
     .unit = "-",
     .def = 1.5,
     .min = 1.1,
     .max = 10,
     .help = "the half-space: a block of half-width and depth block R, fixed bottom and far "
             "sides"},
    {0}};

static const cwb_fem_section sections[] = {
    {"body", body_params}, {"load", load_params}, {"contact", contact_params}, {NULL, NULL}};

static const cwb_fem_column history_columns[] = {
    {"time", "s"},     {"t_contact", "s"}, {"F_n", "N"},     {"F_t", "N"},
    {"M_y", "N m"},    {"v_n", "m/s"},     {"v_t", "m/s"},   {"omega", "rad/s"},
    {"v_slip", "m/s"}, {"KE", "J"},        {"F_block", "N"}, {NULL, NULL}};
enum { NCOL = 11 };

static const cwb_fem_table tables[] = {{"", history_columns}, {NULL, NULL}};

/* Mesh groups of the .geo. */
enum { G_SYM = 1, G_FIX = 2, G_BALL = 5, G_BLOCK = 6 };

#define STRESS_UNIT 1e6 /* Pa */

double cwb_impact_length_unit(const cwb_impact *s)
{
    return s->R / 100.0;
}

double cwb_impact_time_unit(const cwb_impact *s)
{
    return cwb_impact_length_unit(s) / 1.0; /* velocity unit 1 m/s */
}

void cwb_impact_hertz_of(const cwb_impact *s, cwb_impact_hertz *h)
{
    h->mass = 4.0 / 3.0 * M_PI * s->R * s->R * s->R * s->rho;
    h->e_star = s->E / (2.0 * (1.0 - s->nu * s->nu));
    h->delta = pow(15.0 * h->mass * s->v_n * s->v_n / (16.0 * h->e_star * sqrt(s->R)), 0.4);
    h->a = sqrt(s->R * h->delta);
    h->force = 4.0 / 3.0 * h->e_star * sqrt(s->R) * pow(h->delta, 1.5);
    h->t_c = 2.87 * pow(h->mass * h->mass / (s->R * h->e_star * h->e_star * s->v_n), 0.2);
}

/* The initial gap [m] and the time of the first touch [s]. */
static double gap_of(const cwb_impact *s)
{
    cwb_impact_hertz h;
    cwb_impact_hertz_of(s, &h);
    return s->gap * h.delta;
}

/* ------------------------------------------------------------ geometry */

static void geo(FILE *f, const void *spec)
{
    const cwb_impact *s = spec;
    double L = cwb_impact_length_unit(s), R = s->R / L, g = gap_of(s) / L, B = s->block * R;
    fprintf(f,
            "// cwb: half of a sphere of radius R = %.9g m over an elastic block (deck units "
            "R/100)\n"
            "SetFactory(\"OpenCASCADE\");\n"
            "R = %.15g; g = %.15g; B = %.15g; h0 = %.15g; hc = %.15g; zone = %.15g; gr = %.15g;\n"
            "Sphere(1) = {0, 0, R + g, R};\n"
            "// the sphere's poles away from the contact point\n"
            "Rotate {{1, 0, 0}, {0, 0, R + g}, Pi/2} { Volume{1}; }\n"
            "Box(2) = {-R - 1, 0, g - 1, 2*R + 2, R + 1, 2*R + 2};\n"
            "BooleanIntersection{ Volume{1}; Delete; }{ Volume{2}; Delete; }\n"
            "Box(3) = {-B, 0, -B, 2*B, B, B};\n"
            "sym() = Surface In BoundingBox{-B-1, -1e-6, -B-1, B+1, 1e-6, 2*R+g+1};\n"
            "bot() = Surface In BoundingBox{-B-1, -1, -B-1e-6, B+1, B+1, -B+1e-6};\n"
            "xl() = Surface In BoundingBox{-B-1e-6, -1, -B-1, -B+1e-6, B+1, 1e-6};\n"
            "xr() = Surface In BoundingBox{B-1e-6, -1, -B-1, B+1e-6, B+1, 1e-6};\n"
            "yb() = Surface In BoundingBox{-B-1, B-1e-6, -B-1, B+1, B+1e-6, 1e-6};\n"
            "Physical Surface(\"SYM\", %d) = {sym()};\n"
            "Physical Surface(\"FIX\", %d) = {bot(), xl(), xr(), yb()};\n"
            "Physical Volume(\"BALL\", %d) = {1};\n"
            "Physical Volume(\"BLOCK\", %d) = {3};\n"
            "// size h0 within zone of the contact point, growing by gr per unit distance\n"
            "Field[1] = MathEval;\n"
            "Field[1].F = Sprintf(\"Min(%%.15g + %%.15g * Max(Sqrt(x*x + y*y + z*z) - %%.15g, "
            "0), %%.15g)\", h0, gr, zone, hc);\n"
            "Background Field = 1;\n"
            "Mesh.MeshSizeExtendFromBoundary = 0;\n"
            "Mesh.MeshSizeFromPoints = 0;\n"
            "Mesh.MeshSizeFromCurvature = 0;\n"
            "Mesh.ElementOrder = 2;\n"
            "Mesh.Algorithm = 6;\n"
            "Mesh.Algorithm3D = 1;\n",
            s->R, R, g, B, s->fine * R, s->coarse * R, s->zone * R, s->growth, G_SYM, G_FIX, G_BALL,
            G_BLOCK);
}

/* ---------------------------------------------------------------- deck */

/* *NSET of the nodes of the tetrahedra of volume group `vgroup` (> 0) or
 * of the triangles of surface group `sgroup` (vgroup 0). */
static int node_set(FILE *f, const cwb_mesh *m, const char *name, int vgroup, int sgroup, char *msg,
                    size_t n)
{
    char *mark = calloc(m->nnode, 1);
    if (!mark)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    for (size_t e = 0; vgroup && e < m->ntet; e++)
        if (m->tet_group[e] == vgroup)
            for (int k = 0; k < 10; k++)
                mark[cwb_mesh_row(m, m->tet[e][k])] = 1;
    for (size_t e = 0; !vgroup && e < m->ntri; e++)
        if (m->tri_group[e] == sgroup)
            for (int k = 0; k < 6; k++)
                mark[cwb_mesh_row(m, m->tri[e][k])] = 1;
    fprintf(f, "*NSET, NSET=%s\n", name);
    size_t count = 0;
    for (size_t i = 0; i < m->nnode; i++)
        if (mark[i])
            fprintf(f, "%d\n", m->node_id[i]), count++;
    free(mark);
    return count ? CWB_OK
                 : cwb_fail(msg, n, CWB_EFAIL, "mesh: group %d is empty", vgroup ? vgroup : sgroup);
}

/* A point on the contact surface of its body within reach of the contact
 * point: the sphere (distance R from its centre (0, 0, R + g)) or the
 * block's top (z = 0). Deck units. */
static int on_surface(const double p[3], int body, double R, double g, double reach)
{
    double tol = 1e-6 * R;
    if (body == G_BALL) {
        double z = p[2] - R - g;
        double dc = sqrt(p[0] * p[0] + p[1] * p[1] + z * z);
        double d0 = sqrt(p[0] * p[0] + p[1] * p[1] + (p[2] - g) * (p[2] - g));
        return fabs(dc - R) < tol && d0 <= reach;
    }
    return fabs(p[2]) < tol && sqrt(p[0] * p[0] + p[1] * p[1]) <= reach;
}

/* *SURFACE name: the faces of the tetrahedra of `body` whose corners all
 * lie on its contact surface within reach. */
static int contact_surface(FILE *f, const cwb_mesh *m, const char *name, int body, double R,
                           double g, double reach, char *msg, size_t n)
{
    fprintf(f, "*SURFACE, NAME=%s, TYPE=ELEMENT\n", name);
    size_t count = 0;
    for (size_t e = 0; e < m->ntet; e++) {
        if (m->tet_group[e] != body)
            continue;
        int nd[10];
        cwb_c3d10_nodes(m, e, nd);
        for (int k = 0; k < 4; k++) {
            int on = 1;
            for (int j = 0; j < 3 && on; j++) {
                double p[3];
                cwb_c3d10_point(m, nd[cwb_c3d10_face[k][j]], p);
                on = on_surface(p, body, R, g, reach);
            }
            if (on)
                fprintf(f, "%zu, S%d\n", e + 1, k + 1), count++;
        }
    }
    return count ? CWB_OK : cwb_fail(msg, n, CWB_EFAIL, "mesh: no faces for surface %s", name);
}

/* *NSET SLAVENODES: the sphere's nodes on its slave surface (.frd). */
static void slave_nodes(FILE *f, const cwb_mesh *m, double R, double g, double reach)
{
    fprintf(f, "*NSET, NSET=SLAVENODES\n");
    for (size_t i = 0; i < m->nnode; i++) {
        double p[3] = {m->x[i], m->z[i], m->w[i]};
        if (p[2] > 0.5 * g && on_surface(p, G_BALL, R, g, reach))
            fprintf(f, "%d\n", m->node_id[i]);
    }
}

/* The ballast: one free C3D10 tetrahedron of edge R/10 at 4 R above the
 * block, far from both bodies, moving along +x at 1 m/s with `ballast`
 * times the (half) sphere's initial kinetic energy. Nothing touches it and
 * nothing stresses it: it moves rigidly and changes no force in the
 * model. It is there for CalculiX 2.20's energy rule for implicit dynamics
 * with contact (checkconvergence.c, checkimpacts.f): whenever the number
 * of contact elements changes in an increment, an energy loss of 0.8 % or
 * a gain of 0.25 % of the largest energy of the run declares an "impact"
 * or a "rebound" and cuts the increment back; the changing contact
 * elements of the frictional sliding make jumps of that size that do not
 * shrink with the increment, and the run stops at the minimum increment
 * ("too many cutbacks"). The largest energy includes the ballast's: the
 * rule's thresholds grow by 1 + ballast. Written after the bodies: nodes
 * and element numbered past theirs. Deck units. */
static void ballast(FILE *f, const cwb_mesh *m, const cwb_impact *s, double R, double g, double rho)
{
    static const double corner[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    static const int edge[6][2] = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};
    int first = 0;
    for (size_t i = 0; i < m->nnode; i++)
        if (m->node_id[i] > first)
            first = m->node_id[i];
    first++;
    double a = 0.1 * R, z0 = 4.0 * R + g, v = 1.0; /* v: 1 m/s in deck units */
    double ke = 0.5 * rho * (2.0 / 3.0 * M_PI * R * R * R) * (s->v_n * s->v_n + s->v_t * s->v_t);
    double density = 2.0 * s->ballast * ke / (v * v) / (a * a * a / 6.0);
    fprintf(f,
            "** the ballast (sphere_impact.c): a free tetrahedron, %g times the half sphere's "
            "initial kinetic energy\n*NODE, NSET=BALLASTNODES\n",
            s->ballast);
    for (int k = 0; k < 10; k++) {
        double p[3];
        for (int j = 0; j < 3; j++)
            p[j] = k < 4 ? corner[k][j]
                         : 0.5 * (corner[edge[k - 4][0]][j] + corner[edge[k - 4][1]][j]);
        fprintf(f, "%d, %.13g, %.13g, %.13g\n", first + k, a * p[0], a * p[1], z0 + a * p[2]);
    }
    fprintf(f, "*ELEMENT, TYPE=C3D10, ELSET=BALLAST\n%zu", m->ntet + 1);
    for (int k = 0; k < 10; k++)
        fprintf(f, ", %d", first + k);
    fprintf(f,
            "\n*MATERIAL, NAME=BALLAST\n*ELASTIC\n%.13g, %.13g\n*DENSITY\n%.13g\n"
            "*SOLID SECTION, ELSET=BALLAST, MATERIAL=BALLAST\n"
            "*INITIAL CONDITIONS, TYPE=VELOCITY\nBALLASTNODES, 1, %.13g\nBALLASTNODES, 2, 0.\n"
            "BALLASTNODES, 3, 0.\n",
            s->E / STRESS_UNIT, s->nu, density, v);
}

static int deck(FILE *f, const cwb_mesh *m, const void *spec, char *msg, size_t n)
{
    const cwb_impact *s = spec;
    if (!m->ntet || !m->w)
        return cwb_fail(msg, n, CWB_EFAIL, "mesh: no tetrahedra (gmsh -3 expected)");
    int rc = cwb_c3d10_check(m, msg, n);
    if (rc)
        return rc;
    cwb_impact_hertz h;
    cwb_impact_hertz_of(s, &h);
    double L = cwb_impact_length_unit(s), T = cwb_impact_time_unit(s), S = STRESS_UNIT;
    double R = s->R / L, g = gap_of(s) / L, reach = s->slave * s->zone * R;
    double h0 = s->fine * s->R, dt = h.t_c / s->increments / T;
    /* a whole number of increments: no short last increment, which
     * CalculiX's frictional contact could not converge in the smoke runs
     * (stick/slip flip-flop at tiny increments) */
    double t_end = ceil((gap_of(s) / s->v_n + s->duration * h.t_c) / T / dt - 1e-9) * dt;
    fprintf(f,
            "** cwb: half sphere hitting an elastic block, C3D10, Model D (Rathbone thesis "
            "Sec. 3.6)\n"
            "** units: length %.9g m, stress %.9g Pa, time %.9g s, velocity 1 m/s, force %.9g N\n"
            "** Hertz: t_c = %.6g s, delta = %.6g m, a = %.6g m, F_max = %.6g N\n",
            L, S, T, S * L * L, h.t_c, h.delta, h.a, h.force);
    fprintf(f, "*NODE, NSET=NALL\n");
    for (size_t i = 0; i < m->nnode; i++)
        fprintf(f, "%d, %.13g, %.13g, %.13g\n", m->node_id[i], m->x[i], m->z[i], m->w[i]);
    cwb_c3d10_elements(f, m, "BALL", G_BALL);
    cwb_c3d10_elements(f, m, "BLOCK", G_BLOCK);
    if ((rc = node_set(f, m, "BALLNODES", G_BALL, 0, msg, n)) ||
        (rc = node_set(f, m, "SYM", 0, G_SYM, msg, n)) ||
        (rc = node_set(f, m, "FIX", 0, G_FIX, msg, n)) ||
        (rc = contact_surface(f, m, "SLAVE", G_BALL, R, g, reach, msg, n)) ||
        (rc = contact_surface(f, m, "MASTER", G_BLOCK, R, g, 1.5 * reach, msg, n)))
        return rc;
    slave_nodes(f, m, R, g, reach);
    double rho = s->rho / (S * (T / L) * (T / L)); /* density unit: MPa (T / L)^2 */
    fprintf(f,
            "*MATERIAL, NAME=STEEL\n*ELASTIC\n%.13g, %.13g\n*DENSITY\n%.13g\n"
            "*SOLID SECTION, ELSET=BALL, MATERIAL=STEEL\n"
            "*SOLID SECTION, ELSET=BLOCK, MATERIAL=STEEL\n"
            "*SURFACE INTERACTION, NAME=SI\n"
            "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n%.9g\n"
            "*FRICTION\n%.9g, %.9g\n"
            "*CONTACT PAIR, INTERACTION=SI, TYPE=SURFACE TO SURFACE\nSLAVE, MASTER\n"
            "*BOUNDARY\nSYM, 2, 2\nFIX, 1, 3\n"
            "*INITIAL CONDITIONS, TYPE=VELOCITY\nBALLNODES, 1, %.13g\nBALLNODES, 2, 0.\n"
            "BALLNODES, 3, %.13g\n",
            s->E / S, s->nu, rho, s->penalty * s->E / h0 / (S / L), s->mu,
            s->stick * s->E / h0 / (S / L), s->v_t * T / L, -s->v_n * T / L);
    if (s->ballast > 0)
        ballast(f, m, s, R, g, rho);
    fprintf(
        f,
        "** one step: free flight, impact and rebound, increments t_c / %d at most (CalculiX's\n"
        "** contact in dynamics needs its automatic cutbacks: DIRECT fails)\n"
        "*STEP, NLGEOM, INC=100000\n*DYNAMIC, ALPHA=%.6g\n%.9g, %.9g, %.9g, %.9g\n"
        "*CONTACT PRINT, SLAVE=SLAVE, MASTER=MASTER\nCF\n"
        "*NODE PRINT, NSET=FIX, TOTALS=ONLY\nRF\n"
        "*EL PRINT, ELSET=BALL, TOTALS=ONLY\nELKE\n"
        "*NODE FILE, NSET=SLAVENODES\nU\n"
        "*CONTACT FILE\nCSTR\n"
        "*END STEP\n",
        s->increments, s->alpha, dt, t_end, 1e-3 * dt, dt);
    return CWB_OK;
}

/* ------------------------------------------------------------ .dat out */

void cwb_impact_out_free(cwb_impact_out *o)
{
    free(o->inc);
    memset(o, 0, sizeof *o);
}

static cwb_impact_increment *increment_at(cwb_impact_out *o, double t)
{
    for (size_t i = o->count; i-- > 0;)
        if (fabs(o->inc[i].time - t) <= 1e-6 * fabs(t))
            return &o->inc[i];
    if (o->count == o->cap) {
        size_t want = o->cap ? 2 * o->cap : 64;
        cwb_impact_increment *p = realloc(o->inc, want * sizeof *p);
        if (!p)
            return NULL;
        o->inc = p;
        o->cap = want;
    }
    cwb_impact_increment *q = &o->inc[o->count++];
    *q = (cwb_impact_increment){
        .time = t, .f = {NAN, NAN, NAN}, .m = {NAN, NAN, NAN}, .rf = {NAN, NAN, NAN}, .ke = NAN};
    return q;
}

enum { BLOCK_NONE, BLOCK_CF, BLOCK_FIX, BLOCK_KE };

static int dat_block(const char *buf, double *t)
{
    char set[64], master[64];
    if (sscanf(buf, " statistics for slave set %63[^,], master set %63s and time %lf", set, master,
               t) == 3 &&
        strcmp(set, "SLAVE") == 0)
        return BLOCK_CF;
    if (sscanf(buf, " total force (fx,fy,fz) for set %63s and time %lf", set, t) == 2 &&
        strcmp(set, "FIX") == 0)
        return BLOCK_FIX;
    if (sscanf(buf, " total kinetic energy for set %63s and time %lf", set, t) == 2 &&
        strcmp(set, "BALL") == 0)
        return BLOCK_KE;
    return BLOCK_NONE;
}

/* The first line within the next few holding `want` numbers (the CF
 * block has a label line before its numbers). 1 when found. */
static int read_row(FILE *f, int *lineno, int want, double v[6])
{
    char buf[512];
    for (int tries = 0; tries < 6 && fgets(buf, sizeof buf, f); tries++) {
        (*lineno)++;
        int got = sscanf(buf, "%lf %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]);
        if (got >= want)
            return 1;
        if (got > 0)
            return 0;
    }
    return 0;
}

int cwb_impact_dat(cwb_impact_out *o, const char *path, const cwb_impact *s, char *msg, size_t n)
{
    double L = cwb_impact_length_unit(s), T = cwb_impact_time_unit(s);
    double F = STRESS_UNIT * L * L, E = F * L;
    FILE *f = fopen(path, "r");
    if (!f)
        return cwb_fail(msg, n, CWB_EFAIL, "%s: no solver output", path);
    char buf[512];
    int lineno = 0, rc = CWB_OK;
    double t, v[6];
    while (rc == CWB_OK && fgets(buf, sizeof buf, f)) {
        lineno++;
        int block = dat_block(buf, &t);
        if (block == BLOCK_NONE)
            continue;
        cwb_impact_increment *q = increment_at(o, t * T);
        int want = block == BLOCK_CF ? 6 : block == BLOCK_FIX ? 3 : 1;
        if (!q) {
            rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        } else if (!read_row(f, &lineno, want, v) || !isfinite(v[want - 1])) {
            rc = cwb_fail(msg, n, CWB_EINPUT, "%s:%d: expected %d numbers after '%.50s'", path,
                          lineno, want, buf);
        } else if (block == BLOCK_CF) {
            for (int k = 0; k < 3; k++)
                q->f[k] = v[k] * F, q->m[k] = v[3 + k] * F * L;
        } else if (block == BLOCK_FIX) {
            for (int k = 0; k < 3; k++)
                q->rf[k] = v[k] * F;
        } else {
            q->ke = v[0] * E;
        }
    }
    fclose(f);
    if (rc == CWB_OK && o->count == 0)
        rc = cwb_fail(msg, n, CWB_EFAIL, "%s: no increments (did the solver finish?)", path);
    /* CalculiX prints no contact statistics while the contact is open:
     * the force is then zero */
    for (size_t i = 0; rc == CWB_OK && i < o->count; i++) {
        cwb_impact_increment *q = &o->inc[i];
        if (!isfinite(q->f[0]))
            for (int k = 0; k < 3; k++)
                q->f[k] = q->m[k] = 0.0;
        if (!isfinite(q->rf[2]) || !isfinite(q->ke))
            rc = cwb_fail(msg, n, CWB_EINPUT,
                          "%s: time %g s lacks the block's reaction or the sphere's kinetic "
                          "energy",
                          path, q->time);
    }
    return rc;
}

/* ----------------------------------------------------- the model */

static int check(const cwb_fem_study *s, char *msg, size_t n)
{
    const cwb_values *body = &s->section[SEC_BODY], *load = &s->section[SEC_LOAD];
    static const struct {
        int section, key;
        const char *name;
    } required[] = {{SEC_LOAD, L_VN, "[load] v_n"},
                    {SEC_LOAD, L_VT, "[load] v_t"},
                    {SEC_CONTACT, C_MU, "[contact] mu"}};
    for (size_t k = 0; k < sizeof required / sizeof *required; k++)
        if (!s->section[required[k].section].given[required[k].key])
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: %s is missing (no default: give it)",
                            s->path, s->study.given[CWB_FEM_MODEL], required[k].name);
    cwb_impact sp = {.R = body->p[B_R],
                     .E = body->p[B_E],
                     .nu = body->p[B_NU],
                     .rho = body->p[B_RHO],
                     .v_n = load->p[L_VN]};
    cwb_impact_hertz h;
    cwb_impact_hertz_of(&sp, &h);
    double zone = s->section[SEC_CONTACT].p[C_ZONE];
    if (1.1 * h.a > zone * sp.R) {
        int line = s->section[SEC_CONTACT].given[C_ZONE] ? s->section[SEC_CONTACT].given[C_ZONE]
                                                         : load->given[L_VN];
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s:%d: [contact] zone = %g: Hertz's contact radius at v_n = %g m/s "
                        "reaches %g R, beyond the fine zone (allowed: zone >= 1.1 a / R = %g)",
                        s->path, line, zone, sp.v_n, h.a / sp.R, 1.1 * h.a / sp.R);
    }
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
    const cwb_values *body = &s->section[SEC_BODY], *load = &s->section[SEC_LOAD];
    const cwb_values *contact = &s->section[SEC_CONTACT];
    cwb_impact *p = out;
    *p = (cwb_impact){.R = body->p[B_R],
                      .E = body->p[B_E],
                      .nu = body->p[B_NU],
                      .rho = body->p[B_RHO],
                      .v_n = load->p[L_VN],
                      .v_t = load->p[L_VT],
                      .increments = (int)load->p[L_INCREMENTS],
                      .duration = load->p[L_DURATION],
                      .gap = load->p[L_GAP],
                      .alpha = load->p[L_ALPHA],
                      .ballast = load->p[L_BALLAST],
                      .mu = contact->p[C_MU],
                      .penalty = contact->p[C_PENALTY],
                      .stick = contact->p[C_STICK],
                      .zone = contact->p[C_ZONE],
                      .growth = contact->p[C_GROWTH],
                      .slave = contact->p[C_SLAVE],
                      .block = contact->p[C_BLOCK],
                      .fine = s->mesh.p[CWB_FEM_FINE] / refine,
                      .coarse = s->mesh.p[CWB_FEM_COARSE] / refine};
}

static int parse(const char *dat, const char *frd, const cwb_mesh *m, const void *spec, void *out,
                 char *msg, size_t n)
{
    (void)frd, (void)m;
    cwb_impact_out *o = out;
    memset(o, 0, sizeof *o);
    return cwb_impact_dat(o, dat, spec, msg, n);
}

static void out_free(void *out)
{
    cwb_impact_out_free(out);
}

/* What the provenance lines and the result line report. */
typedef struct {
    cwb_impact s;
    cwb_impact_hertz h;
    size_t elements, nodes, increments;
    double h_min;
    double f_max, t_max;    /* largest F_n and its time after the first touch */
    double t_c;             /* contact time: first touch to F_n = 0 (interpolated) */
    double v_n, v_t, omega; /* rebound: end of the run */
    double ke0, ke_end;     /* kinetic energy of the sphere at the start, end [J] */
    double ke_rigid;        /* 1/2 m v^2 + 1/2 I omega^2 at the end [J] */
} summary;

/* The whole sphere's state after increment i from the momentum balance:
 * row[] = the history columns. state[] carries x_c, z_c, v_x, v_z,
 * omega, and the last F_x, F_z, M_cy, time between calls. */
typedef struct {
    double t, x, z, vx, vz, omega, fx, fz, mc;
} motion;

static void motion_start(motion *k, const cwb_impact *s)
{
    *k = (motion){.x = 0.0, .z = s->R + gap_of(s), .vx = s->v_t, .vz = -s->v_n};
}

static void motion_step(motion *k, const cwb_impact *s, const cwb_impact_increment *q)
{
    cwb_impact_hertz h;
    cwb_impact_hertz_of(s, &h);
    double m = h.mass, I = 0.4 * m * s->R * s->R, dt = q->time - k->t;
    double fx = 2.0 * q->f[0], fz = 2.0 * q->f[2];
    double vx = k->vx + 0.5 * dt * (k->fx + fx) / m, vz = k->vz + 0.5 * dt * (k->fz + fz) / m;
    double x = k->x + 0.5 * dt * (k->vx + vx), z = k->z + 0.5 * dt * (k->vz + vz);
    /* moment about the centre of mass, y component: M_O - r_c x F */
    double mc = 2.0 * q->m[1] - (z * fx - x * fz);
    k->omega += 0.5 * dt * (k->mc + mc) / I;
    k->t = q->time, k->x = x, k->z = z, k->vx = vx, k->vz = vz;
    k->fx = fx, k->fz = fz, k->mc = mc;
}

static int rows(cwb_fem_point *pt, char *msg, size_t n)
{
    summary *sum = pt->summary;
    const cwb_impact_out *o = pt->base.out;
    sum->s = *(const cwb_impact *)pt->base.spec;
    const cwb_impact *s = &sum->s;
    cwb_impact_hertz_of(s, &sum->h);
    sum->elements = pt->base.elements;
    sum->nodes = pt->base.nodes;
    sum->h_min = pt->base.h_min;
    sum->increments = o->count;
    pt->change = 0.0;
    double t0 = gap_of(s) / s->v_n, m = sum->h.mass, I = 0.4 * m * s->R * s->R;
    sum->ke0 = 0.5 * m * (s->v_n * s->v_n + s->v_t * s->v_t);
    sum->t_c = NAN;
    motion k;
    motion_start(&k, s);
    double prev_t = 0.0, prev_f = 0.0;
    int rc = CWB_OK, touched = 0;
    for (size_t i = 0; i < o->count && rc == CWB_OK; i++) {
        const cwb_impact_increment *q = &o->inc[i];
        motion_step(&k, s, q);
        double fn = 2.0 * q->f[2], ft = 2.0 * q->f[0];
        if (fn > 0)
            touched = 1;
        if (fn > sum->f_max)
            sum->f_max = fn, sum->t_max = q->time - t0;
        if (touched && !(fn > 0) && prev_f > 0 && isnan(sum->t_c))
            sum->t_c = prev_t + (q->time - prev_t) * prev_f / (prev_f - fn) - t0;
        prev_t = q->time, prev_f = fn;
        double row[NCOL] = {
            q->time,     q->time - t0,  fn, ft, k.mc, -k.vz, k.vx, k.omega, k.vx - k.omega * s->R,
            2.0 * q->ke, 2.0 * q->rf[2]};
        rc = cwb_fem_rows_add(&pt->tables[0], row, msg, n);
        sum->ke_end = 2.0 * q->ke;
    }
    sum->v_n = -k.vz, sum->v_t = k.vx, sum->omega = k.omega;
    sum->ke_rigid = 0.5 * m * (k.vx * k.vx + k.vz * k.vz) + 0.5 * I * k.omega * k.omega;
    if (rc == CWB_OK && !touched)
        rc = cwb_fail(msg, n, CWB_EFAIL,
                      "no contact force in the run (did the sphere reach the "
                      "block?)");
    return rc;
}

static void provenance(FILE *f, size_t t, const cwb_fem_job *job, const void *sum_)
{
    (void)t;
    const summary *sum = sum_;
    const cwb_impact *s = &sum->s;
    const cwb_impact_hertz *h = &sum->h;
    fprintf(f,
            "# model: Rathbone thesis Model D (Sec. 3.6; its FEM is 3D Abaqus): half of a "
            "sphere (cut by the symmetry plane y = 0 that holds its velocity; forces x 2), free, "
            "initial velocity v_t = %g m/s along x and v_n = %g m/s towards an elastic block of "
            "the same material (the half-space: |x| <= %g R, 0 <= y <= %g R, depth %g R, bottom "
            "and far sides fixed); initial gap %g of Hertz's approach (first touch at %.4g s)\n"
            "# parameters: R = %g m; E = %g Pa; nu = %g; rho = %g kg/m^3 (both bodies); mu = %g; "
            "angle atan(v_t / v_n) = %.4g deg\n"
            "# Hertz (Johnson 1985 ch. 11, E* = E / 2(1 - nu^2), m* = m = %.5g kg): t_c = %.5g s, "
            "F_max = %.5g N, delta_max = %.5g m, a_max = %.5g m\n"
            "# contact: CalculiX surface-to-surface, slave = the sphere's faces within %g R of "
            "the contact point, master = the block's top within %g R; linear "
            "pressure-overclosure K = %g E/h0, Coulomb mu with stick slope %g E/h0 (CalculiX's "
            "friction is a penalty)\n"
            "# mesh: gmsh %s, 10-node tetrahedra (C3D10) in both bodies, size h0 = %g R within "
            "%g R of the contact point, growing by %g per unit distance to %g R; %zu elements, "
            "%zu nodes, smallest edge %.3g m; Hertz a_max / h0 = %.3g\n"
            "# solver: CalculiX ccx %s, *DYNAMIC (implicit, Hilber-Hughes-Taylor ALPHA = %g), "
            "NLGEOM, increments t_c / %d at most (CalculiX's cutbacks below), to the first touch "
            "+ %g t_c\n"
            "# refinement check: none (one run measured the cost; see the README)\n"
            "# rows: every converged increment; time from the release, t_contact from the first "
            "touch; F_n, F_t = the contact force on the sphere (CalculiX CF of the slave "
            "surface x 2) along +z (up) and +x (the tangential velocity's direction: friction "
            "makes it negative); M_y = its moment about the sphere's centre of mass; v_n "
            "(towards the block: -v_n after the rebound), v_t, omega (about +y) = the sphere's "
            "rigid motion "
            "from its momentum balance (m = 4/3 pi R^3 rho, I = 2/5 m R^2, trapezoid over the "
            "increments from the initial velocity); v_slip = v_t - omega R, the contact point's "
            "tangential velocity; KE = the sphere's kinetic energy (CalculiX ELKE x 2, "
            "vibrations included); F_block = the block supports' vertical reaction x 2 (the "
            "force the block passes on, with its inertia: not the contact force)\n"
            "# tolerance: 0.05 on the normal force against Hertz's elastic impact (of F_max; and "
            "on t_c): the coarsest mesh that resolves the contact (a_max / h0 = %.3g), a finite "
            "block, the increments, the penalty contact and the elastic waves Hertz leaves out "
            "(tests/test_fem_impact.c)\n"
            "# independence: fem " FEM_INDEPENDENCE "\n"
            "# raw solver output: %s/p001.dat (the contact force and moment, the block's "
            "reaction and the sphere's kinetic energy per increment; the .frd is not kept)\n"
            "# stands for: body1.radius = %.10g; body1.E = %.10g; body1.nu = %.10g; "
            "body1.density = %.10g; body2.E = %.10g; body2.nu = %.10g; tangential.mu = %.10g; "
            "driver.v_normal = %.10g; driver.v_tangential = %.10g\n",
            s->v_t, s->v_n, s->block, s->block, s->block, s->gap, gap_of(s) / s->v_n, s->R, s->E,
            s->nu, s->rho, s->mu, atan2(s->v_t, s->v_n) * 180.0 / M_PI, h->mass, h->t_c, h->force,
            h->delta, h->a, s->slave * s->zone, 1.5 * s->slave * s->zone, s->penalty, s->stick,
            job->gmsh_version, s->fine, s->zone, s->growth, s->coarse, sum->elements, sum->nodes,
            sum->h_min * cwb_impact_length_unit(s), h->a / (s->fine * s->R), job->ccx_version,
            s->alpha, s->increments, s->duration, h->a / (s->fine * s->R), job->raw, s->R, s->E,
            s->nu, s->rho, s->E, s->nu, s->mu, s->v_n, s->v_t);
    if (s->ballast > 0)
        fprintf(f,
                "# ballast: a free C3D10 tetrahedron (edge R/10, 4 R above the block, +x at 1 "
                "m/s) with %g times the half sphere's initial kinetic energy, touching nothing: "
                "it scales CalculiX 2.20's energy rule for impacts in implicit dynamics "
                "(checkimpacts.f), which otherwise stops the frictional impact (README)\n",
                s->ballast);
}

static void report(char *buf, size_t n, const cwb_fem_job *job, const void *sum_)
{
    (void)job;
    const summary *sum = sum_;
    snprintf(buf, n,
             "%zu increments; F_max = %.5g N (Hertz %.5g), contact time %.5g s (Hertz %.5g); "
             "rebound v_n = %.4g m/s, v_t = %.4g m/s, omega = %.5g rad/s; kinetic energy "
             "%.4g -> %.4g J (rigid %.4g)",
             sum->increments, sum->f_max, sum->h.force, sum->t_c, sum->h.t_c, sum->v_n, sum->v_t,
             sum->omega, sum->ke0, sum->ke_end, sum->ke_rigid);
}

const cwb_fem_model cwb_fem_sphere_impact = {
    .name = "sphere_impact",
    .summary = "Rathbone thesis Model D: half sphere (C3D10), free, hitting an elastic block "
               "obliquely with Coulomb friction (implicit dynamics)",
    .sections = sections,
    .tables = tables,
    .spec_size = sizeof(cwb_impact),
    .out_size = sizeof(cwb_impact_out),
    .summary_size = sizeof(summary),
    .refinement_fails = 0,
    .dim = 3,
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
