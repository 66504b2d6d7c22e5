/* sphere_impact.c -- FEM model "sphere_impact": a full oblique dynamic
 * collision of an elastic or elastic-perfectly-plastic sphere with an
 * elastic half-space -- Model D of
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
 * Elastic-plastic sphere ([body] sigma_y > 0; Rathbone Table 6, Fig. 48:
 * the sphere plastic, the half-space elastic): von Mises, perfectly
 * plastic (*PLASTIC, one point), the block elastic of the same E, nu.
 * Its contact is node-to-surface (see node_to_surface()), which prints
 * no contact force: the motion then comes from the sphere's momentum and
 * angular momentum, sums over its nodes of consistent nodal mass x
 * velocity (DISP and VELO of every sphere node in the .frd), the forces
 * from their rate.
 * Contact snapshot (both kinds; the study's _contact table, Fig. 48): the
 * slave nodes' contact pressure, shear and relative slip (CSTR) and the
 * sphere's PEEQ at the increment nearest the middle of the contact.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_fem.h"
#include "cwb_fem_c3d10.h"
#include "cwb_fem_impact.h"

/* ------------------------------------------------------- study keys */

enum { B_R, B_E, B_NU, B_RHO, B_SIGMA_Y };
enum { L_VN, L_VT, L_INCREMENTS, L_DURATION, L_GAP, L_ALPHA, L_BALLAST };
enum { C_MU, C_PENALTY, C_STICK, C_ZONE, C_GROWTH, C_SLAVE, C_BLOCK, C_FRICTION };
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
    {.name = "sigma_y",
     .unit = "Pa",
     .def = 0,
     .min = 0,
     .max = 1e10,
     .help = "von Mises yield stress of the sphere, perfectly plastic (0: elastic; the block "
             "stays elastic; Table 6: 50-160 MPa)"},
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

/* What the FEM's Coulomb mu stands for with an elastic-plastic sphere: the
 * thesis' tau_c friction (Sec. 3.6), which the rathbone_tangential law
 * writes as friction = plastic, or a given Coulomb coefficient (Sec. 5.9,
 * Fig. 54: "FEM simulations with a fixed Coulomb coefficient"), the law's
 * friction = given. It changes no line of the deck, only the provenance. */
static const char *const friction_words[] = {"plastic", "given", NULL};

static const cwb_param contact_params[] = {
    {.name = "mu",
     .unit = "-",
     .min = 0,
     .max = 10,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
     .help = "Coulomb friction coefficient (Table 5: 0.3)"},
    CWB_C3D10_PENALTY_KEYS,
    CWB_C3D10_MESH_KEYS(0.07),
    {.name = "block",
     .unit = "-",
     .def = 1.5,
     .min = 1.1,
     .max = 10,
     .help = "the half-space: a block of half-width and depth block R, fixed bottom and far "
             "sides"},
    {.name = "friction",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = friction_words,
     .help = "with sigma_y > 0, the friction the Coulomb mu stands for: plastic (the thesis' "
             "tau_c friction, Sec. 3.6; the default) or given (a fixed Coulomb mu, Sec. 5.9)"},
    {0}};

static const cwb_fem_section sections[] = {
    {"body", body_params}, {"load", load_params}, {"contact", contact_params}, {NULL, NULL}};

static const cwb_fem_column history_columns[] = {
    {"time", "s"},  {"t_contact", "s"},     {"F_n", "N"},
    {"F_t", "N"},   {"M_y", "N m"},         {"v_n", "m/s"},
    {"v_t", "m/s"}, {"omega", "rad/s"},     {"v_slip", "m/s"},
    {"KE", "J"},    {"F_block", "N"},       {"IE", "J"},
    {"xi_t", "m"},  {"F_t_resisting", "N"}, {NULL, NULL}};
enum { NCOL = 14 };

static const cwb_fem_column contact_columns[] = {
    {"x", "m"},    {"y", "m"},     {"p", "Pa"},   {"tau", "Pa"}, {"tau_over_mu_p", "-"},
    {"slip", "m"}, {"state", "-"}, {"PEEQ", "-"}, {NULL, NULL}};

static const cwb_fem_table tables[] = {
    {"", history_columns}, {"_contact", contact_columns}, {NULL, NULL}};

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

/* The contact of an elastic-plastic sphere is node-to-surface: with
 * CalculiX 2.20's surface-to-surface contact any *PLASTIC element makes
 * the initial-acceleration system of *DYNAMIC singular (tried: plasticity
 * in the sphere, in a cap of it, in the block instead, slave and master
 * swapped, without friction, the contact pair removed in a first step by
 * *MODEL CHANGE: all "matrix found to be singular" or "no convergence in
 * incplas" before the first increment; without the contact pair, or
 * node-to-surface, it starts). Node-to-surface has no CF in the .dat
 * (README), so the sphere's motion then comes from its momentum (.frd);
 * its deck has no *CONTACT PRINT: with it ccx 2.20 printed NaN for the
 * contact's centre in the first increment and crashed (signal 11) after
 * the second, in two runs; without it the same deck goes on. */
static int node_to_surface(const cwb_impact *s)
{
    return s->sigma_y > 0;
}

/* The normal force of the half model [N] above which the sphere is in
 * contact: CalculiX's CF is exactly 0 while the contact is open; the
 * momentum's differences carry round-off (1e-3 of Hertz's F_max). */
static double contact_floor(const cwb_impact *s)
{
    cwb_impact_hertz h;
    cwb_impact_hertz_of(s, &h);
    return node_to_surface(s) ? 0.5e-3 * h.force : 0.0;
}

/* The initial gap [m] and the time of the first touch [s]. */
static double gap_of(const cwb_impact *s)
{
    cwb_impact_hertz h;
    cwb_impact_hertz_of(s, &h);
    return s->gap * h.delta;
}

/* The end of the step [s]: the first touch + duration t_c, rounded up
 * to a whole number of the largest increments: no short last increment,
 * which CalculiX's frictional contact could not converge in the smoke runs
 * (stick/slip flip-flop at tiny increments). */
static double end_time(const cwb_impact *s)
{
    cwb_impact_hertz h;
    cwb_impact_hertz_of(s, &h);
    double T = cwb_impact_time_unit(s), dt = h.t_c / s->increments / T;
    return ceil((gap_of(s) / s->v_n + s->duration * h.t_c) / T / dt - 1e-9) * dt * T;
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
    double t_end = end_time(s) / T;
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
    /* the sphere (elastic-perfectly-plastic when sigma_y > 0: von Mises,
     * one point of *PLASTIC) and the block (elastic, the same E, nu, rho) */
    fprintf(f, "*MATERIAL, NAME=SPHERE\n*ELASTIC\n%.13g, %.13g\n*DENSITY\n%.13g\n", s->E / S, s->nu,
            rho);
    if (s->sigma_y > 0)
        fprintf(f, "*PLASTIC\n%.13g, 0.\n", s->sigma_y / S);
    fprintf(f,
            "*MATERIAL, NAME=STEEL\n*ELASTIC\n%.13g, %.13g\n*DENSITY\n%.13g\n"
            "*SOLID SECTION, ELSET=BALL, MATERIAL=SPHERE\n"
            "*SOLID SECTION, ELSET=BLOCK, MATERIAL=STEEL\n"
            "*SURFACE INTERACTION, NAME=SI\n"
            "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n%.9g\n"
            "*FRICTION\n%.9g, %.9g\n"
            "*CONTACT PAIR, INTERACTION=SI, TYPE=%s\nSLAVE, MASTER\n"
            "*BOUNDARY\nSYM, 2, 2\nFIX, 1, 3\n"
            "*INITIAL CONDITIONS, TYPE=VELOCITY\nBALLNODES, 1, %.13g\nBALLNODES, 2, 0.\n"
            "BALLNODES, 3, %.13g\n",
            s->E / S, s->nu, rho, s->penalty * s->E / h0 / (S / L), s->mu,
            s->stick * s->E / h0 / (S / L),
            node_to_surface(s) ? "NODE TO SURFACE" : "SURFACE TO SURFACE", s->v_t * T / L,
            -s->v_n * T / L);
    if (s->ballast > 0)
        ballast(f, m, s, R, g, rho);
    fprintf(
        f,
        "** one step: free flight, impact and rebound, increments t_c / %d at most (CalculiX's\n"
        "** contact in dynamics needs its automatic cutbacks: DIRECT fails)\n"
        "*STEP, NLGEOM, INC=100000\n*DYNAMIC, ALPHA=%.6g\n%.9g, %.9g, %.9g, %.9g\n"
        "%s"
        "*NODE PRINT, NSET=FIX, TOTALS=ONLY\nRF\n"
        "*EL PRINT, ELSET=BALL, TOTALS=ONLY\nELKE, ELSE\n"
        "%s"
        "%s"
        "*CONTACT FILE\nCSTR\n"
        "*END STEP\n",
        s->increments, s->alpha, dt, t_end, 1e-3 * dt, dt,
        node_to_surface(s) ? "" : "*CONTACT PRINT, SLAVE=SLAVE, MASTER=MASTER\nCF\n",
        node_to_surface(s) ? "*NODE FILE, NSET=BALLNODES\nU, V\n"
                           : "*NODE FILE, NSET=SLAVENODES\nU\n",
        s->sigma_y > 0 ? "*EL FILE\nPEEQ\n" : "");
    return CWB_OK;
}

/* ------------------------------------------------------------ .dat out */

void cwb_impact_out_free(cwb_impact_out *o)
{
    free(o->inc);
    free(o->mom);
    free(o->xc);
    free(o->l_y);
    free(o->snap);
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
    *q = (cwb_impact_increment){.time = t,
                                .f = {NAN, NAN, NAN},
                                .m = {NAN, NAN, NAN},
                                .rf = {NAN, NAN, NAN},
                                .ke = NAN,
                                .ie = NAN};
    return q;
}

enum { BLOCK_NONE, BLOCK_CF, BLOCK_FIX, BLOCK_KE, BLOCK_IE };

/* Which block a .dat line heads, its time (checked) into *t. */
static int dat_block(cwb_fem_file *f, double *t)
{
    static const struct {
        const char *format, *set;
        int block;
    } headers[] = {{" total force (fx,fy,fz) for set %63s and time %n", "FIX", BLOCK_FIX},
                   {" total kinetic energy for set %63s and time %n", "BALL", BLOCK_KE},
                   {" total internal energy for set %63s and time %n", "BALL", BLOCK_IE}};
    char set[64], master[64];
    int at = -1;
    if (sscanf(f->buf, " statistics for slave set %63[^,], master set %63s and time %n", set,
               master, &at) == 2 &&
        at > 0)
        return strcmp(set, "SLAVE") == 0 && cwb_fem_time(f, f->buf + at, t) == CWB_OK ? BLOCK_CF
                                                                                      : BLOCK_NONE;
    for (size_t k = 0; k < sizeof headers / sizeof *headers; k++) {
        at = -1;
        if (sscanf(f->buf, headers[k].format, set, &at) == 1 && at > 0)
            return strcmp(set, headers[k].set) == 0 && cwb_fem_time(f, f->buf + at, t) == CWB_OK
                       ? headers[k].block
                       : BLOCK_NONE;
    }
    return BLOCK_NONE;
}

/* The first line within the next few holding `want` numbers (the CF
 * block has a label line before its numbers), all values (forces,
 * moments, energies). CWB_OK, or CWB_EINPUT (f->rc). */
static int read_row(cwb_fem_file *f, int want, double v[6], const char *header)
{
    static const cwb_fem_kind values[6] = {CWB_FEM_VALUE, CWB_FEM_VALUE, CWB_FEM_VALUE,
                                           CWB_FEM_VALUE, CWB_FEM_VALUE, CWB_FEM_VALUE};
    int got = 0;
    for (int tries = 0; tries < 6 && got == 0 && cwb_fem_line(f); tries++)
        if (cwb_fem_numbers(f, f->buf, values, 6, v, &got))
            return f->rc;
    if (got < want)
        return cwb_fail(f->msg, f->n, f->rc = CWB_EINPUT,
                        "%s:%d: expected %d numbers after '%.50s'", f->path, f->line, want, header);
    return CWB_OK;
}

/* One block's row into increment q, in SI units (forces F, energies E). */
static int impact_row(cwb_fem_file *f, cwb_impact_increment *q, int block, double L, double F,
                      double E)
{
    char header[64];
    snprintf(header, sizeof header, "%s", f->buf + strspn(f->buf, " "));
    header[strcspn(header, "\r\n")] = '\0';
    double v[6];
    int want = block == BLOCK_CF ? 6 : block == BLOCK_FIX ? 3 : 1;
    if (read_row(f, want, v, header))
        return f->rc;
    if (block == BLOCK_CF) {
        for (int k = 0; k < 3; k++)
            q->f[k] = v[k] * F, q->m[k] = v[3 + k] * F * L;
    } else if (block == BLOCK_FIX) {
        for (int k = 0; k < 3; k++)
            q->rf[k] = v[k] * F;
    } else if (block == BLOCK_KE) {
        q->ke = v[0] * E;
    } else {
        q->ie = v[0] * E;
    }
    return CWB_OK;
}

int cwb_impact_dat(cwb_impact_out *o, const char *path, const cwb_impact *s, char *msg, size_t n)
{
    double L = cwb_impact_length_unit(s), T = cwb_impact_time_unit(s);
    double F = STRESS_UNIT * L * L, E = F * L;
    cwb_fem_file f;
    if (cwb_fem_open(&f, path, s->R / L, msg, n))
        return f.rc;
    double t;
    while (cwb_fem_line(&f)) {
        int block = dat_block(&f, &t);
        if (block == BLOCK_NONE)
            continue;
        cwb_impact_increment *q = increment_at(o, t * T);
        if (!q)
            f.rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        else
            impact_row(&f, q, block, L, F, E);
    }
    cwb_fem_close(&f);
    int rc = f.rc;
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
                      .sigma_y = body->p[B_SIGMA_Y],
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
                      .friction_given = contact->p[C_FRICTION] == 1,
                      .fine = s->mesh.p[CWB_FEM_FINE] / refine,
                      .coarse = s->mesh.p[CWB_FEM_COARSE] / refine};
}

/* ------------------------------------------------------------ .frd out */

/* The volume of C3D10 element nd (CalculiX node order; deck units^3),
 * curved mid-edge nodes included: det J of the quadratic map (a cubic)
 * integrated by the degree-3 five-point rule on the unit tetrahedron. */
static double c3d10_volume(const cwb_mesh *m, const int nd[10])
{
    static const double pt[5][4] = {{0.25, 0.25, 0.25, 0.25},
                                    {0.5, 1.0 / 6, 1.0 / 6, 1.0 / 6},
                                    {1.0 / 6, 0.5, 1.0 / 6, 1.0 / 6},
                                    {1.0 / 6, 1.0 / 6, 0.5, 1.0 / 6},
                                    {1.0 / 6, 1.0 / 6, 1.0 / 6, 0.5}};
    static const double wt[5] = {-0.8, 0.45, 0.45, 0.45, 0.45};
    static const int edge[6][2] = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};
    double x[10][3];
    for (int k = 0; k < 10; k++)
        cwb_c3d10_point(m, nd[k], x[k]);
    double vol = 0.0;
    for (int q = 0; q < 5; q++) {
        const double *L = pt[q];
        /* dN_k / dL_a, then d/dxi_j = d/dL_(j+1) - d/dL_0 */
        double dNdL[10][4] = {{0}};
        for (int k = 0; k < 4; k++)
            dNdL[k][k] = 4.0 * L[k] - 1.0;
        for (int e = 0; e < 6; e++) {
            dNdL[4 + e][edge[e][0]] = 4.0 * L[edge[e][1]];
            dNdL[4 + e][edge[e][1]] = 4.0 * L[edge[e][0]];
        }
        double J[3][3] = {{0}};
        for (int k = 0; k < 10; k++)
            for (int j = 0; j < 3; j++) {
                double d = dNdL[k][j + 1] - dNdL[k][0];
                for (int i = 0; i < 3; i++)
                    J[i][j] += x[k][i] * d;
            }
        double det = J[0][0] * (J[1][1] * J[2][2] - J[1][2] * J[2][1]) -
                     J[0][1] * (J[1][0] * J[2][2] - J[1][2] * J[2][0]) +
                     J[0][2] * (J[1][0] * J[2][1] - J[1][1] * J[2][0]);
        vol += wt[q] * fabs(det) / 6.0;
    }
    return vol;
}

/* Nodal masses of the sphere [kg], per mesh row: the row sums of the
 * C3D10 consistent mass matrix, int N_i rho dV, taken as -m_e/20 at each
 * corner and m_e/5 at each mid-edge node (exact for a straight-sided
 * tetrahedron) with m_e the element's mass (its curved volume): their sum
 * is the sphere's mass, so sum w_i v_i is its momentum exactly in a rigid
 * motion and to O(h^2) of the curved faces otherwise. NULL when out of
 * memory. */
static double *nodal_masses(const cwb_mesh *m, const cwb_impact *s, double *total)
{
    double L = cwb_impact_length_unit(s), *w = calloc(m->nnode, sizeof *w);
    *total = 0.0;
    if (!w)
        return NULL;
    for (size_t e = 0; e < m->ntet; e++) {
        if (m->tet_group[e] != G_BALL)
            continue;
        int nd[10];
        cwb_c3d10_nodes(m, e, nd);
        double mass = s->rho * c3d10_volume(m, nd) * L * L * L;
        for (int k = 0; k < 10; k++) {
            int r = cwb_mesh_row(m, nd[k]);
            if (r >= 0)
                w[r] += k < 4 ? -mass / 20.0 : mass / 5.0;
        }
        *total += mass;
    }
    return w;
}

/* The increment of o nearest total time t [s] when within the .frd's
 * rounding of times (%12.5E: half a unit of the sixth digit), or -1. */
static long increment_index(const cwb_impact_out *o, double t)
{
    long best = -1;
    for (size_t i = 0; i < o->count; i++)
        if (best < 0 || fabs(o->inc[i].time - t) < fabs(o->inc[best].time - t))
            best = (long)i;
    return best >= 0 && fabs(o->inc[best].time - t) <= 5.5e-6 * fabs(t) ? best : -1;
}

typedef struct {
    const cwb_mesh *m;
    const double *w;
    double L, T;
    double *u, *v; /* [nnode][3], deck units, NaN where absent */
    int have_u, have_v;
    double time; /* deck units */
} momentum_frame;

/* Sum the frame's momentum into its increment of o; clear the frame. */
static void momentum_flush(momentum_frame *fr, cwb_impact_out *o)
{
    long i = fr->have_u && fr->have_v ? increment_index(o, fr->time * fr->T) : -1;
    if (i >= 0) {
        double P[3] = {0, 0, 0}, S[3] = {0, 0, 0}, M = 0, lo = 0;
        int complete = 1;
        for (size_t r = 0; r < fr->m->nnode; r++) {
            double w = fr->w[r];
            if (w == 0.0)
                continue;
            if (!isfinite(fr->u[3 * r]) || !isfinite(fr->v[3 * r])) {
                complete = 0; /* a block cut short (a stopped run): not this increment */
                break;
            }
            double x[3] = {(fr->m->x[r] + fr->u[3 * r]) * fr->L,
                           (fr->m->z[r] + fr->u[3 * r + 1]) * fr->L,
                           (fr->m->w[r] + fr->u[3 * r + 2]) * fr->L};
            double v[3];
            for (int k = 0; k < 3; k++)
                v[k] = fr->v[3 * r + k] * fr->L / fr->T, P[k] += w * v[k], S[k] += w * x[k];
            M += w;
            lo += w * (x[2] * v[0] - x[0] * v[2]);
        }
        double xc[3] = {S[0] / M, S[1] / M, S[2] / M};
        for (int k = 0; complete && k < 3; k++)
            o->mom[3 * i + k] = P[k], o->xc[3 * i + k] = xc[k];
        if (complete)
            o->l_y[i] = lo - (xc[2] * P[0] - xc[0] * P[2]);
    }
    for (size_t k = 0; k < 3 * fr->m->nnode; k++)
        fr->u[k] = fr->v[k] = NAN;
    fr->have_u = fr->have_v = 0;
}

/* One pass over the .frd: the DISP (lengths) and VELO (values) blocks of
 * every increment into the frame, summed into o at each new time. */
static void scan_momentum(cwb_fem_file *f, momentum_frame *fr, cwb_impact_out *o)
{
    double *target = NULL, block_time = NAN;
    cwb_fem_kind kind = CWB_FEM_VALUE;
    while (cwb_fem_line(f)) {
        if (strncmp(f->buf, "  100CL", 7) == 0) {
            cwb_fem_field(f, 12, 12, CWB_FEM_TIME, &block_time);
            target = NULL;
        } else if (strncmp(f->buf, " -4  ", 5) == 0) {
            char block[16] = "";
            sscanf(f->buf + 5, "%15s", block);
            if (!(fabs(block_time - fr->time) <= 1e-9 * fabs(block_time)))
                momentum_flush(fr, o), fr->time = block_time;
            kind = strcmp(block, "DISP") == 0 ? CWB_FEM_LENGTH : CWB_FEM_VALUE;
            target = strcmp(block, "DISP") == 0   ? (fr->have_u = 1, fr->u)
                     : strcmp(block, "VELO") == 0 ? (fr->have_v = 1, fr->v)
                                                  : NULL;
        } else if (target && strncmp(f->buf, " -3", 3) == 0) {
            target = NULL;
        } else if (target && strncmp(f->buf, " -1", 3) == 0) {
            int r = cwb_fem_frd_row(f, fr->m);
            for (int k = 0; r >= 0 && k < 3; k++) /* r < 0: the ballast */
                cwb_fem_field(f, 13 + 12 * (size_t)k, 12, kind, &target[3 * (size_t)r + k]);
        }
    }
    if (f->rc == CWB_OK)
        momentum_flush(fr, o);
}

/* The sphere's momentum, centre of mass and angular momentum at every
 * increment of o from the DISP and VELO blocks of the .frd (one pass). */
static int frd_momentum(cwb_impact_out *o, const char *path, const cwb_mesh *m, const cwb_impact *s,
                        char *msg, size_t n)
{
    double total;
    double *w = nodal_masses(m, s, &total);
    o->mom_mass = total;
    o->v0[0] = s->v_t, o->v0[1] = 0.0, o->v0[2] = -s->v_n;
    momentum_frame fr = {.m = m,
                         .w = w,
                         .L = cwb_impact_length_unit(s),
                         .T = cwb_impact_time_unit(s),
                         .u = malloc(3 * m->nnode * sizeof(double)),
                         .v = malloc(3 * m->nnode * sizeof(double)),
                         .time = NAN};
    o->mom = malloc(3 * o->count * sizeof *o->mom);
    o->xc = malloc(3 * o->count * sizeof *o->xc);
    o->l_y = malloc(o->count * sizeof *o->l_y);
    cwb_fem_file f = {.rc = CWB_EFAIL};
    int rc = CWB_OK;
    if (!w || !fr.u || !fr.v || !o->mom || !o->xc || !o->l_y)
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    else if (cwb_fem_open(&f, path, s->R / fr.L, msg, n))
        rc = f.rc;
    if (rc == CWB_OK) {
        for (size_t i = 0; i < 3 * o->count; i++)
            o->mom[i] = o->xc[i] = NAN;
        for (size_t i = 0; i < o->count; i++)
            o->l_y[i] = NAN;
        for (size_t k = 0; k < 3 * m->nnode; k++)
            fr.u[k] = fr.v[k] = NAN;
        o->from_momentum = 1;
        scan_momentum(&f, &fr, o);
        cwb_fem_close(&f);
        rc = f.rc;
    }
    /* increments without both blocks: CalculiX writes the .frd at every
     * increment, so only the end of a stopped run's file (buffered, cut
     * short) lacks them: those increments are dropped; a gap before the
     * last one read is an error */
    size_t have = 0;
    for (size_t i = 0; rc == CWB_OK && i < o->count; i++)
        if (isfinite(o->mom[3 * i]))
            have = i + 1;
    for (size_t i = 0; rc == CWB_OK && i < have; i++)
        if (!isfinite(o->mom[3 * i]))
            rc = cwb_fail(msg, n, CWB_EINPUT, "%s: no DISP and VELO of the sphere at time %g s",
                          path, o->inc[i].time);
    if (rc == CWB_OK && have == 0)
        rc = cwb_fail(msg, n, CWB_EFAIL, "%s: no DISP and VELO of the sphere", path);
    if (rc == CWB_OK)
        o->count = have;
    free(w);
    free(fr.u);
    free(fr.v);
    return rc;
}

/* The half sphere's momentum, angular momentum and time at index j of
 * the increments with the release prepended (j = 0: time 0, the initial
 * velocity (v_t, 0, -v_n), no spin). */
static void momentum_at(const cwb_impact_out *o, size_t j, double p[3], double *l, double *t)
{
    if (j == 0) {
        p[0] = o->mom_mass * o->v0[0], p[1] = 0.0, p[2] = o->mom_mass * o->v0[2];
        *l = 0.0, *t = 0.0;
        return;
    }
    for (int k = 0; k < 3; k++)
        p[k] = o->mom[3 * (j - 1) + k];
    *l = o->l_y[j - 1], *t = o->inc[j - 1].time;
}

/* The half sphere's contact force [N] and its moment about the centre of
 * mass [N m] at increment i from the momentum: central differences over
 * the neighbouring increments (the release before the first; one-sided at
 * the last). */
static void momentum_force(const cwb_impact_out *o, size_t i, double f[3], double *m_y)
{
    size_t a = i, b = i + 1 < o->count ? i + 2 : i + 1; /* indices with the release at 0 */
    double pa[3], pb[3], la, lb, ta, tb;
    momentum_at(o, a, pa, &la, &ta);
    momentum_at(o, b, pb, &lb, &tb);
    double dt = tb - ta;
    for (int k = 0; k < 3; k++)
        f[k] = dt > 0 ? (pb[k] - pa[k]) / dt : 0.0;
    *m_y = dt > 0 ? (lb - la) / dt : 0.0;
}

/* The normal contact force of the half sphere at increment i [N]. */
static double normal_force(const cwb_impact_out *o, size_t i)
{
    if (!o->from_momentum)
        return o->inc[i].f[2];
    double f[3], my;
    momentum_force(o, i, f, &my);
    return f[2];
}

/* The contact area at the increment nearest the middle of the contact
 * (first touch to separation, by the normal force above `floor`). */
static int frd_snapshot(cwb_impact_out *o, const char *path, const cwb_mesh *m, const cwb_impact *s,
                        double floor, char *msg, size_t n)
{
    double t0 = NAN, t1 = NAN;
    for (size_t i = 0; i < o->count; i++)
        if (normal_force(o, i) > floor) {
            if (isnan(t0))
                t0 = o->inc[i].time;
            t1 = o->inc[i].time;
        }
    o->t_snap = NAN;
    if (isnan(t0))
        return CWB_OK; /* rows() reports the missing contact */
    size_t best = 0;
    for (size_t i = 1; i < o->count; i++)
        if (fabs(o->inc[i].time - 0.5 * (t0 + t1)) < fabs(o->inc[best].time - 0.5 * (t0 + t1)))
            best = i;
    /* still in contact at the last increment (a stopped run): no middle of
     * the contact to take; the last increment instead (rows() says so) */
    o->snap_last = t1 >= o->inc[o->count - 1].time;
    if (o->snap_last)
        best = o->count - 1;
    double L = cwb_impact_length_unit(s), T = cwb_impact_time_unit(s), t = o->inc[best].time / T;
    double *cst = malloc(6 * m->nnode * sizeof *cst), *u = malloc(3 * m->nnode * sizeof *u);
    double *pe = malloc(m->nnode * sizeof *pe);
    o->snap = malloc(m->nnode * sizeof *o->snap);
    int rc = cst && u && pe && o->snap ? CWB_OK : cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    if (rc == CWB_OK)
        rc = cwb_frd_block(path, m, &(cwb_frd_request){"CONTACT", t, 6, s->R / L}, cst, msg, n);
    if (rc == CWB_OK)
        rc = cwb_frd_block(path, m, &(cwb_frd_request){"DISP", t, 3, s->R / L}, u, msg, n);
    if (rc == CWB_OK && s->sigma_y > 0)
        rc = cwb_frd_block(path, m, &(cwb_frd_request){"PE", t, 1, s->R / L}, pe, msg, n);
    else if (rc == CWB_OK)
        for (size_t r = 0; r < m->nnode; r++)
            pe[r] = NAN;
    if (rc == CWB_OK) {
        /* the pressure centroid and the farthest loaded node from it */
        double sx = 0, sy = 0, sp = 0, reach = 0;
        for (int pass = 0; pass < 2; pass++)
            for (size_t r = 0; r < m->nnode; r++) {
                double p = cst[6 * r + 3];
                if (!(p > 0) || !isfinite(u[3 * r]))
                    continue;
                double x = (m->x[r] + u[3 * r]) * L, y = (m->z[r] + u[3 * r + 1]) * L;
                if (pass == 0)
                    sx += p * x, sy += p * y, sp += p;
                else
                    reach = fmax(reach, hypot(x - sx / sp, y));
            }
        o->nsnap = 0;
        for (size_t r = 0; sp > 0 && r < m->nnode; r++) {
            double *c = &cst[6 * r];
            if (!isfinite(c[3]) || !isfinite(u[3 * r]))
                continue;
            double x = (m->x[r] + u[3 * r]) * L - sx / sp, y = (m->z[r] + u[3 * r + 1]) * L;
            if (hypot(x, y) > 1.25 * reach)
                continue;
            double p = c[3] * STRESS_UNIT, tau = hypot(c[4], c[5]) * STRESS_UNIT;
            double ratio = p > 0 ? tau / (s->mu * p) : 0.0; /* open: no shear */
            double *row = o->snap[o->nsnap++];
            row[CWB_IMPACT_SNAP_X] = x;
            row[CWB_IMPACT_SNAP_Y] = y;
            row[CWB_IMPACT_SNAP_P] = p;
            row[CWB_IMPACT_SNAP_TAU] = tau;
            row[CWB_IMPACT_SNAP_RATIO] = ratio;
            row[CWB_IMPACT_SNAP_SLIP] = hypot(c[1], c[2]) * L;
            row[CWB_IMPACT_SNAP_STATE] = !(p > 0) ? 0 : ratio >= 1 - 1e-3 ? 2 : 1;
            row[CWB_IMPACT_SNAP_PEEQ] = s->sigma_y > 0 ? pe[r] : 0.0; /* elastic: none */
        }
        o->t_snap = o->inc[best].time;
    }
    free(cst);
    free(u);
    free(pe);
    return rc;
}

static int parse(const char *dat, const char *frd, const cwb_mesh *m, const void *spec_, void *out,
                 char *msg, size_t n)
{
    const cwb_impact *s = spec_;
    cwb_impact_out *o = out;
    memset(o, 0, sizeof *o);
    o->t_snap = NAN;
    int rc = cwb_impact_dat(o, dat, s, msg, n);
    if (rc == CWB_OK && node_to_surface(s))
        rc = frd_momentum(o, frd, m, s, msg, n);
    if (rc == CWB_OK)
        rc = frd_snapshot(o, frd, m, s, contact_floor(s), msg, n);
    return rc;
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
    double ie_end;          /* the sphere's internal energy at the end (ELSE) [J] */
    int from_momentum;      /* forces and motion from the momentum (.frd) */
    double t_snap, a_snap;  /* snapshot: time after the first touch [s], contact radius [m] */
    size_t nsnap, ncontact, nslip;
    double mom_mass;      /* the half sphere's nodal masses' sum [kg] */
    int snap_last;        /* the snapshot is the last increment (still in contact) */
    double t_last, t_end; /* the last increment read, the step's end [s] */
    double peeq_max;      /* largest PEEQ at the snapshot's contact nodes */
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

/* The contact force on the whole sphere at increment i (normal *fn,
 * tangential *ft) and its rigid motion k: from the contact force by the
 * momentum balance (motion_step), or, for the elastic-plastic sphere, from
 * twice the rate of the half's momentum, with its own mass (the nodal
 * masses' sum) for the velocities. */
static void increment_state(const cwb_impact_out *o, size_t i, const cwb_impact *s, motion *k,
                            double *fn, double *ft)
{
    const cwb_impact_increment *q = &o->inc[i];
    if (!o->from_momentum) {
        motion_step(k, s, q);
        *fn = 2.0 * q->f[2], *ft = 2.0 * q->f[0];
        return;
    }
    double f[3], my, mh = 0.0;
    momentum_force(o, i, f, &my);
    mh = o->mom_mass;
    *fn = 2.0 * f[2], *ft = 2.0 * f[0];
    k->t = q->time, k->vx = o->mom[3 * i] / mh, k->vz = o->mom[3 * i + 2] / mh;
    k->x = o->xc[3 * i], k->z = o->xc[3 * i + 2];
    k->omega = o->l_y[i] / (0.4 * mh * s->R * s->R), k->mc = 2.0 * my;
}

/* xi_t: the contact point's tangential displacement from the first touch
 * (t0) to the separation (t0 + t_c), int v_slip dt (trapezoid; v_slip
 * linear across an increment, the ones holding t0 and the separation cut
 * there): the collision driver's xi_t, which ends with the contact. Adds
 * the increment from prev_t (v_slip prev_slip) to t (vslip) to *xi. */
static void add_slip(double *xi, double prev_t, double prev_slip, double t, double vslip, double t0,
                     double t_c)
{
    double end = isnan(t_c) ? t : fmin(t, t0 + t_c);
    if (!(end > t0 && end > prev_t))
        return;
    double from = fmax(prev_t, t0), span = t - prev_t;
    double v_from = span > 0 ? prev_slip + (vslip - prev_slip) * (from - prev_t) / span : vslip;
    double v_end = span > 0 ? prev_slip + (vslip - prev_slip) * (end - prev_t) / span : vslip;
    *xi += 0.5 * (v_from + v_end) * (end - from);
}

/* What the contact snapshot (the second table) shows: its time, its
 * extent, the nodes in contact and slipping, the largest PEEQ. */
static void snapshot_summary(summary *sum, const cwb_impact_out *o, double t0)
{
    sum->t_snap = o->t_snap - t0;
    sum->snap_last = o->snap_last;
    sum->nsnap = o->nsnap;
    for (size_t i = 0; i < o->nsnap; i++) {
        const double *r = o->snap[i];
        if (r[CWB_IMPACT_SNAP_P] > 0)
            sum->a_snap = fmax(sum->a_snap, hypot(r[CWB_IMPACT_SNAP_X], r[CWB_IMPACT_SNAP_Y]));
        if (r[CWB_IMPACT_SNAP_STATE] == 2)
            sum->nslip++;
        if (r[CWB_IMPACT_SNAP_P] > 0)
            sum->ncontact++;
        if (isfinite(r[CWB_IMPACT_SNAP_PEEQ]))
            sum->peeq_max = fmax(sum->peeq_max, r[CWB_IMPACT_SNAP_PEEQ]);
    }
}

/* The run's spec, mesh and Hertz's impact into its summary. */
static void summary_start(summary *sum, const cwb_fem_point *pt, const cwb_impact_out *o)
{
    sum->s = *(const cwb_impact *)pt->base.spec;
    cwb_impact_hertz_of(&sum->s, &sum->h);
    sum->elements = pt->base.elements;
    sum->nodes = pt->base.nodes;
    sum->h_min = pt->base.h_min;
    sum->increments = o->count;
    sum->ke0 = 0.5 * sum->h.mass * (sum->s.v_n * sum->s.v_n + sum->s.v_t * sum->s.v_t);
    sum->t_c = NAN;
    sum->from_momentum = o->from_momentum;
    sum->mom_mass = o->mom_mass;
}

static int rows(cwb_fem_point *pt, char *msg, size_t n)
{
    summary *sum = pt->summary;
    const cwb_impact_out *o = pt->base.out;
    summary_start(sum, pt, o);
    const cwb_impact *s = &sum->s;
    pt->change = 0.0;
    double t0 = gap_of(s) / s->v_n, m = sum->h.mass, I = 0.4 * m * s->R * s->R;
    double floor = 2.0 * contact_floor(s);
    motion k;
    motion_start(&k, s);
    double prev_t = 0.0, prev_f = 0.0, prev_slip = s->v_t, xi = 0.0;
    int rc = CWB_OK, touched = 0;
    for (size_t i = 0; i < o->count && rc == CWB_OK; i++) {
        const cwb_impact_increment *q = &o->inc[i];
        double fn, ft;
        increment_state(o, i, s, &k, &fn, &ft);
        if (fn > floor)
            touched = 1;
        if (fn > sum->f_max)
            sum->f_max = fn, sum->t_max = q->time - t0;
        if (touched && !(fn > floor) && prev_f > floor && isnan(sum->t_c))
            sum->t_c = prev_t + (q->time - prev_t) * (prev_f - floor) / (prev_f - fn) - t0;
        double vslip = k.vx - k.omega * s->R;
        add_slip(&xi, prev_t, prev_slip, q->time, vslip, t0, sum->t_c);
        prev_t = q->time, prev_f = fn, prev_slip = vslip;
        double row[NCOL] = {q->time,        q->time - t0, fn,      ft,    k.mc,
                            -k.vz,          k.vx,         k.omega, vslip, 2.0 * q->ke,
                            2.0 * q->rf[2], 2.0 * q->ie,  xi,      -ft};
        rc = cwb_fem_rows_add(&pt->tables[0], row, msg, n);
        sum->ke_end = 2.0 * q->ke;
        sum->ie_end = 2.0 * q->ie;
    }
    for (size_t i = 0; i < o->nsnap && rc == CWB_OK; i++)
        rc = cwb_fem_rows_add(&pt->tables[1], o->snap[i], msg, n);
    snapshot_summary(sum, o, t0);
    sum->t_end = end_time(s);
    sum->t_last = o->count ? o->inc[o->count - 1].time : 0.0;
    sum->v_n = -k.vz, sum->v_t = k.vx, sum->omega = k.omega;
    sum->ke_rigid = 0.5 * m * (k.vx * k.vx + k.vz * k.vz) + 0.5 * I * k.omega * k.omega;
    if (rc == CWB_OK && !touched)
        rc = cwb_fail(msg, n, CWB_EFAIL,
                      "no contact force in the run (did the sphere reach the "
                      "block?)");
    return rc;
}

/* The friction a run stands for: Coulomb mu (elastic runs, Table 5; a
 * given mu, [contact] friction = given, Sec. 5.9); for the elastic-plastic
 * sphere by default the thesis' friction (local slip at min(mu p, tau_c),
 * tau_c = sigma_y / sqrt 3, Sec. 3.6), which its rathbone_tangential law
 * writes as friction = plastic (mu(y), eq. 95): the FEM's Coulomb mu
 * stands in for it (the study's choice). */
static void stands_for_friction(const cwb_impact *s, char *buf, size_t n)
{
    if (s->sigma_y > 0 && !s->friction_given)
        snprintf(buf, n, "tangential.friction = plastic");
    else if (s->sigma_y > 0)
        snprintf(buf, n, "tangential.friction = given; tangential.mu = %.10g", s->mu);
    else
        snprintf(buf, n, "tangential.mu = %.10g", s->mu);
}

/* The lines of the contact snapshot's table (t = 1). */
static void provenance_contact(FILE *f, const cwb_fem_job *job, const summary *sum)
{
    const cwb_impact *s = &sum->s;
    char friction_key[64];
    stands_for_friction(s, friction_key, sizeof friction_key);
    fprintf(f,
            "# model: Rathbone thesis Model D (Sec. 3.6, Sec. 5.7, Fig. 48): the contact area of "
            "the sphere at %s, %.4g s after the first touch (contact time %.4g s); the run's "
            "history is the study's main CSV\n"
            "# parameters: R = %g m; E = %g Pa; nu = %g; rho = %g kg/m^3; sigma_y = %g Pa (%s); "
            "mu = %g; v_n = %g m/s, v_t = %g m/s (%.4g deg)\n"
            "# rows: the sphere's contact nodes (CalculiX %s contact, the slave side) within "
            "1.25 times the loaded radius (%.4g m) of the pressure centroid, on the symmetry "
            "half y >= 0; x, y = the node's deformed position on the block's plane, x along the "
            "tangential velocity from the pressure centroid; p = contact pressure, tau = |contact "
            "shear| (CalculiX CSTR in the .frd); tau_over_mu_p = tau / (mu p), 0 at an open node; "
            "slip = |CSLIP|, "
            "CalculiX's relative tangential displacement of the node since it touched (the stick "
            "penalty's elastic part included); state = 0 open, 1 stick, 2 slip (tau >= 0.999 mu "
            "p); PEEQ = the sphere's equivalent plastic strain at the node, a surface node "
            "(CalculiX's nodal value, extrapolated from the integration points of the elements "
            "at the node; 0 for an elastic sphere): the plastic zone of a Hertzian contact starts "
            "below the surface (first yield on the axis at z = 0.48 a for nu = 0.3; Johnson, "
            "Contact Mechanics 1985, Sec. 6.2) and reaches it only later, so PEEQ 0 in this "
            "table does not say that the sphere stayed elastic\n"
            "# counts: %zu nodes, %zu in contact, %zu slipping; largest PEEQ at these surface "
            "nodes %.4g\n"
            "# tolerance: 0.001 on tau <= mu p at every contact node (Coulomb; CalculiX's "
            "friction is a penalty, as tests/test_fem_shear.c; tests/test_fem_impact.c): the "
            "field itself has no independent reference to be compared with\n"
            "# independence: fem " FEM_INDEPENDENCE "\n"
            "# raw solver output: %s/p001.dat (the .frd, which holds these fields, is not kept: "
            "this table is what is kept of it)\n"
            "# stands for: body1.radius = %.10g; body1.E = %.10g; body1.nu = %.10g; "
            "body1.density = %.10g; body2.E = %.10g; body2.nu = %.10g; %s; "
            "driver.v_normal = %.10g; driver.v_tangential = %.10g",
            sum->snap_last ? "the last increment of the run, which stopped in contact (no middle "
                             "of the contact: see the main CSV's STOPPED line)"
                           : "the increment nearest the middle of the contact (first touch to "
                             "separation)",
            sum->t_snap, sum->t_c, s->R, s->E, s->nu, s->rho, s->sigma_y,
            s->sigma_y > 0 ? "the sphere elastic-perfectly-plastic, the block elastic" : "elastic",
            s->mu, s->v_n, s->v_t, atan2(s->v_t, s->v_n) * 180.0 / M_PI,
            sum->from_momentum ? "node-to-surface" : "surface-to-surface", sum->a_snap, sum->nsnap,
            sum->ncontact, sum->nslip, sum->peeq_max, job->raw, s->R, s->E, s->nu, s->rho, s->E,
            s->nu, friction_key, s->v_n, s->v_t);
    if (s->sigma_y > 0)
        fprintf(f, "; normal.sigma_y = %.10g", s->sigma_y);
    fprintf(f, "\n");
}

/* The main table's lines of the model, its parameters, Hertz's impact,
 * the contact, the mesh and the solver. */
static void provenance_model(FILE *f, const cwb_fem_job *job, const summary *sum)
{
    const cwb_impact *s = &sum->s;
    const cwb_impact_hertz *h = &sum->h;
    fprintf(f,
            "# model: Rathbone thesis Model D (Sec. 3.6; its FEM is 3D Abaqus): half of a "
            "sphere (cut by the symmetry plane y = 0 that holds its velocity; forces x 2), free, "
            "initial velocity v_t = %g m/s along x and v_n = %g m/s towards an elastic block of "
            "the same material (the half-space: |x| <= %g R, 0 <= y <= %g R, depth %g R, bottom "
            "and far sides fixed); initial gap %g of Hertz's approach (first touch at %.4g s)\n"
            "# parameters: R = %g m; E = %g Pa; nu = %g; rho = %g kg/m^3 (both bodies); sigma_y "
            "= %g Pa (%s); mu = %g; "
            "angle atan(v_t / v_n) = %.4g deg\n"
            "# Hertz (Johnson 1985 ch. 11, E* = E / 2(1 - nu^2), m* = m = %.5g kg): t_c = %.5g s, "
            "F_max = %.5g N, delta_max = %.5g m, a_max = %.5g m\n"
            "# contact: CalculiX %s, slave = the sphere's faces within %g R of "
            "the contact point, master = the block's top within %g R; linear "
            "pressure-overclosure K = %g E/h0, Coulomb mu with stick slope %g E/h0 (CalculiX's "
            "friction is a penalty)\n"
            "# mesh: gmsh %s, 10-node tetrahedra (C3D10) in both bodies, size h0 = %g R within "
            "%g R of the contact point, growing by %g per unit distance to %g R; %zu elements, "
            "%zu nodes, smallest edge %.3g m; Hertz a_max / h0 = %.3g\n"
            "# solver: CalculiX ccx %s, *DYNAMIC (implicit, Hilber-Hughes-Taylor ALPHA = %g), "
            "NLGEOM, increments t_c / %d at most (CalculiX's cutbacks below), to the first touch "
            "+ %g t_c\n",
            s->v_t, s->v_n, s->block, s->block, s->block, s->gap, gap_of(s) / s->v_n, s->R, s->E,
            s->nu, s->rho, s->sigma_y,
            s->sigma_y > 0 ? "the sphere elastic-perfectly-plastic, von Mises; the block elastic"
                           : "0: elastic",
            s->mu, atan2(s->v_t, s->v_n) * 180.0 / M_PI, h->mass, h->t_c, h->force, h->delta, h->a,
            sum->from_momentum ? "node-to-surface" : "surface-to-surface", s->slave * s->zone,
            1.5 * s->slave * s->zone, s->penalty, s->stick, job->gmsh_version, s->fine, s->zone,
            s->growth, s->coarse, sum->elements, sum->nodes, sum->h_min * cwb_impact_length_unit(s),
            h->a / (s->fine * s->R), job->ccx_version, s->alpha, s->increments, s->duration);
}

/* The main table's tolerance line. A solve stopped before the separation
 * has no contact time and no rebound, and its force history is only a
 * part of the curve: a case compared with it would be judged on that part
 * alone, so it states no tolerance (compare.c: "none", the verdict "no
 * tolerance"). */
static void provenance_tolerance(FILE *f, const summary *sum)
{
    const cwb_impact *s = &sum->s;
    const cwb_impact_hertz *h = &sum->h;
    if (sum->t_last < sum->t_end * (1.0 - 1e-6) && isnan(sum->t_c)) {
        fprintf(f,
                "# tolerance: none (partial run: stopped at %.3g t_c after the first touch, "
                "before the separation: no t_c, no rebound, only part of the force history; it "
                "judges no case)\n",
                (sum->t_last - gap_of(s) / s->v_n) / h->t_c);
        return;
    }
    fprintf(f,
            "# tolerance: 0.05 on the normal force against Hertz's elastic impact (of F_max; and "
            "on t_c): a mesh of a_max / h0 = %.3g, a finite "
            "block, the increments, the penalty contact and the elastic waves Hertz leaves out "
            "(tests/test_fem_impact.c)\n",
            h->a / (s->fine * s->R));
}

/* The main table's lines of its rows, tolerance and source, and what
 * inputs it stands for. */
static void provenance_rows(FILE *f, const cwb_fem_job *job, const summary *sum)
{
    const cwb_impact *s = &sum->s;
    char sigma_y_key[64] = "", friction_key[64];
    if (s->sigma_y > 0)
        snprintf(sigma_y_key, sizeof sigma_y_key, "; normal.sigma_y = %.10g", s->sigma_y);
    stands_for_friction(s, friction_key, sizeof friction_key);
    fprintf(
        f,
        "# refinement check: not in this run (one mesh a run; the mesh studies of Model D: "
        "doc/refitted-constants.md, Model D)\n"
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
        "force the block passes on, with its inertia: not the contact force); IE = the "
        "sphere's internal energy (CalculiX ELSE x 2: strain energy and plastic work); "
        "xi_t = int v_slip dt from the first touch to the separation, the contact point's "
        "rigid-body tangential displacement (cwb's collision driver's xi_t); F_t_resisting = -F_t, "
        "the friction force in the sense of cwb's collision driver's F_t (positive against "
        "the initial tangential velocity)\n");
    provenance_tolerance(f, sum);
    fprintf(f,
            "# independence: fem " FEM_INDEPENDENCE "\n"
            "# raw solver output: %s/p001.dat (the contact force and moment, the block's "
            "reaction and the sphere's kinetic energy per increment; the .frd is not kept)\n"
            "# stands for: body1.radius = %.10g; body1.E = %.10g; body1.nu = %.10g; "
            "body1.density = %.10g; body2.E = %.10g; body2.nu = %.10g; %s; "
            "driver.v_normal = %.10g; driver.v_tangential = %.10g%s\n",
            job->raw, s->R, s->E, s->nu, s->rho, s->E, s->nu, friction_key, s->v_n, s->v_t,
            sigma_y_key);
}

/* The main table's notes: a solve stopped early, the elastic-plastic
 * sphere's forces from its momentum, the ballast. */
static void provenance_notes(FILE *f, const summary *sum)
{
    const cwb_impact *s = &sum->s;
    const cwb_impact_hertz *h = &sum->h;
    if (sum->t_last < sum->t_end * (1.0 - 1e-6))
        fprintf(f,
                "# STOPPED: the solve was stopped at %.5g s of the step's %.5g s (%.3g t_c after "
                "the first touch of %g): these rows are its converged increments up to there, "
                "kept from its .dat and .frd by cwb reference --reuse (README, Model D)\n",
                sum->t_last, sum->t_end, (sum->t_last - gap_of(s) / s->v_n) / h->t_c, s->duration);
    if (sum->from_momentum)
        fprintf(f,
                "# elastic-plastic sphere: the contact is node-to-surface (CalculiX 2.20's "
                "surface-to-surface contact with a *PLASTIC material stops before the first "
                "increment: sphere_impact.c, README), which prints no contact force, so F_n, F_t "
                "= the rate of the sphere's momentum (sum of consistent nodal mass x velocity "
                "from the .frd's DISP and VELO, x 2; central differences over the increments), "
                "M_y = the rate of its angular momentum about its centre of mass, v_n, v_t, "
                "omega = momentum / m and angular momentum / (2/5 m R^2) with m the nodal "
                "masses' sum (%.6g of 4/3 pi R^3 rho); contact while F_n > 1e-3 Hertz F_max. "
                "Hertz's elastic impact is not this run's reference: the tolerance line above "
                "is for the elastic runs\n",
                2.0 * sum->mom_mass / h->mass);
    if (s->ballast > 0)
        fprintf(f,
                "# ballast: a free C3D10 tetrahedron (edge R/10, 4 R above the block, +x at 1 "
                "m/s) with %g times the half sphere's initial kinetic energy, touching nothing: "
                "it scales CalculiX 2.20's energy rule for impacts in implicit dynamics "
                "(checkimpacts.f), which otherwise stops the frictional impact (README)\n",
                s->ballast);
}

static void provenance(FILE *f, size_t t, const cwb_fem_job *job, const void *sum_)
{
    const summary *sum = sum_;
    if (t == 1) {
        provenance_contact(f, job, sum);
        return;
    }
    provenance_model(f, job, sum);
    provenance_rows(f, job, sum);
    provenance_notes(f, sum);
}

static void report(char *buf, size_t n, const cwb_fem_job *job, const void *sum_)
{
    (void)job;
    const summary *sum = sum_;
    snprintf(buf, n,
             "%zu increments; F_max = %.5g N (Hertz %.5g), contact time %.5g s (Hertz %.5g); "
             "rebound v_n = %.4g m/s, v_t = %.4g m/s, omega = %.5g rad/s; kinetic energy "
             "%.4g -> %.4g J (rigid %.4g), internal %.4g J; contact snapshot at %.4g s: %zu "
             "nodes in contact, %zu slipping, PEEQ <= %.3g",
             sum->increments, sum->f_max, sum->h.force, sum->t_c, sum->h.t_c, sum->v_n, sum->v_t,
             sum->omega, sum->ke0, sum->ke_end, sum->ke_rigid, sum->ie_end, sum->t_snap,
             sum->ncontact, sum->nslip, sum->peeq_max);
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
