/* sphere_shear.c -- FEM model "sphere_shear": a sphere pressed on a rigid
 * flat by a fixed normal force and then displaced tangentially, with
 * Coulomb friction -- Model C of
 *   Rathbone, D. (thesis, Sec. 3.5 and ch. 5): "tangential with fixed
 *   normal force", 3D Abaqus, C3D8R; the published part of the thesis is
 *   Rathbone, Marigo, Dini & van Wachem, "An accurate force-displacement
 *   law for the modelling of elastic-plastic contacts in discrete element
 *   simulations", Powder Technology 282 (2015) 2-9;
 * written from scratch for cwb in gmsh + CalculiX.
 *
 * Geometry (deck units: length R/100, stress MPa): the lower hemisphere of
 * radius R centred at (0, 0, R), touching the flat z = 0 at the origin,
 * cut by its symmetry plane y = 0 (which contains the sliding direction
 * x): the half model, forces x 2. 10-node tetrahedra (C3D10) graded from
 * size h0 = fine R within zone R of the contact point, growing by
 * `growth` per unit distance to coarse R. The rigid flat: a block of
 * 8-node bricks below z = 0, every node fixed.
 * Top (the equator's plane z = R): one *RIGID BODY, rotations held (the
 * thesis moves the top of its segment; it does not rotate).
 * Symmetry plane: u_y = 0.
 * Contact: surface-to-surface (slave: the sphere's faces within
 * 1.5 zone R of the contact point; master: the flat's top), linear
 * pressure-overclosure K = penalty E / h0.
 * Step 0 (optional, [load] approach > 0): the top pushed down to that
 * fraction of the Hertz approach, frictionless, so that the force step
 * starts on a closed contact (the plastic studies needed it).
 * Step 1 (normal): the fixed force F_n / 2 on the top's reference node,
 * ramped, frictionless -- the thesis' Model C loads its first step
 * without friction so that the rigid flat (Dundurs beta != 0) does not
 * couple the tractions before the tangential step. Force control on a
 * point contact is singular at the start, so the reference node also
 * hangs on a weak spring to ground along z that carries `spring` of the
 * force at the Hertz approach; the contact force is read from the flat's
 * reactions, so the spring shifts F_n (by that fraction, reported) but
 * not the measurement.
 * Step 2 (tangential): *CHANGE FRICTION to Coulomb mu with stick slope
 * `stick` E / h0 (CalculiX's friction is a penalty too), the reference
 * node displaced along x to `tangential`, the force held.
 * Output per increment (.dat): the flat's total reaction (F_n, F_t across
 * the contact) and the reference node's displacement (delta_n, delta_t)
 * and tangential reaction; from the .frd, the contact radius and the
 * largest equivalent plastic strain.
 * Not modelled: Rathbone's friction is Coulomb with a critical shear stress
 * tau_c = sigma_y / sqrt(3) (and mu capped at 1); CalculiX 2.20's *FRICTION
 * has no shear stress limit, so the plastic studies use Coulomb mu alone
 * (the law's mu(y) of eq. 77 at the study's y, stated in each study).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_fem.h"
#include "cwb_fem_c3d10.h"

/* The tolerance line of a run without a refinement check of its own (its
 * [mesh] refine = 1): the study's tolerance, checked by its mesh study. */
#define NO_CHECK "(the study's [mesh] tolerance; this run has no refinement check of its own)"
#include "cwb_fem_shear.h"

/* ------------------------------------------------------- study keys */

enum { B_R, B_E, B_NU, B_SIGMA_Y };
enum { L_FORCE, L_TANGENTIAL, L_INC_NORMAL, L_INCREMENTS, L_APPROACH };
enum { C_MU, C_PENALTY, C_STICK, C_SPRING, C_ZONE, C_GROWTH, C_SLAVE, C_TAU_C };
enum { SEC_BODY, SEC_LOAD, SEC_CONTACT };

static const cwb_param body_params[] = {
    {.name = "R",
     .unit = "m",
     .def = 1e-4,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "sphere radius (thesis Table 6: 0.1 mm)"},
    {.name = "E",
     .unit = "Pa",
     .def = 2.6e10,
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "Young's modulus (Table 6: 26000 MPa)"},
    {.name = "nu",
     .unit = "-",
     .def = 0.3,
     .min = 0,
     .max = 0.5,
     .flags = CWB_P_MAX_OPEN,
     .help = "Poisson's ratio (Table 6: 0.3)"},
    {.name = "sigma_y",
     .unit = "Pa",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .help = "von Mises yield stress, perfectly plastic (0: elastic; Table 6: 160 MPa)"},
    {0}};

static const cwb_param load_params[] = {{.name = "normal_force",
                                         .unit = "N",
                                         .min = 0,
                                         .max = INFINITY,
                                         .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
                                         .help = "fixed normal force on the whole sphere"},
                                        {.name = "tangential",
                                         .unit = "m",
                                         .min = 0,
                                         .max = INFINITY,
                                         .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
                                         .help = "final tangential displacement of the top"},
                                        {.name = "increments_normal",
                                         .unit = "-",
                                         .def = 10,
                                         .min = 2,
                                         .max = 2000,
                                         .flags = CWB_P_INTEGER,
                                         .help = "fixed increments of the normal step"},
                                        {.name = "increments",
                                         .unit = "-",
                                         .def = 30,
                                         .min = 2,
                                         .max = 2000,
                                         .flags = CWB_P_INTEGER,
                                         .help = "fixed increments of the tangential step"},
                                        {.name = "approach",
                                         .unit = "-",
                                         .def = 0,
                                         .min = 0,
                                         .max = 0.5,
                                         .help = "0, or a first step pushing the top to this "
                                                 "fraction of the Hertz approach (displacement "
                                                 "control) before the force step"},
                                        {0}};

static const cwb_param contact_params[] = {
    {.name = "mu",
     .unit = "-",
     .min = 0,
     .max = 10,
     .flags = CWB_P_MIN_OPEN | CWB_P_REQUIRED,
     .help = "Coulomb friction coefficient of the tangential step"},
    CWB_C3D10_PENALTY_KEYS,
    {.name = "spring",
     .unit = "-",
     .def = 0.002,
     .min = 0,
     .max = 0.05,
     .flags = CWB_P_MIN_OPEN,
     .help = "ground spring on the top: this fraction of the force at the Hertz approach"},
    CWB_C3D10_MESH_KEYS(0.05),
    {.name = "tau_c",
     .unit = "Pa",
     .def = 0,
     .min = 0,
     .max = INFINITY,
     .help = "critical shear stress: local slip at min(mu p, tau_c) (0: Coulomb mu alone; "
             "Rathbone's Model C: sigma_y / sqrt 3 with mu = 1)"},
    {0}};

static const cwb_fem_section sections[] = {
    {"body", body_params}, {"load", load_params}, {"contact", contact_params}, {NULL, NULL}};

static const cwb_fem_column curve_columns[] = {
    {"step", "-"},    {"delta_n", "m"},        {"F_n", "N"},      {"delta_t", "m"}, {"F_t", "N"},
    {"F_t_top", "N"}, {"contact_radius", "m"}, {"peeq_max", "-"}, {"R", "m"},       {"E", "Pa"},
    {"nu", "-"},      {"sigma_y", "Pa"},       {"mu", "-"},       {NULL, NULL}};
enum { NCOL = 13 };

/* The tangential step alone (from the end of the normal step), for the
 * cases' overlays: delta_t rises through it. */
static const cwb_fem_column tangential_columns[] = {
    {"delta_t", "m"},        {"F_t", "N"},      {"F_n", "N"}, {"delta_n", "m"},
    {"contact_radius", "m"}, {"peeq_max", "-"}, {NULL, NULL}};
enum { NCOL_T = 6 };

static const cwb_fem_table tables[] = {
    {"", curve_columns}, {"_tangential", tangential_columns}, {NULL, NULL}};

/* Mesh groups of the .geo. */
enum { G_SYM = 1, G_TOP = 2, G_BALL = 5 };

#define STRESS_UNIT 1e6 /* Pa */

double cwb_shear_length_unit(const cwb_shear *s)
{
    return s->R / 100.0;
}

/* Hertz: the approach at force F of a sphere on a rigid flat. */
static double hertz_approach(const cwb_shear *s)
{
    double e_star = s->E / (1.0 - s->nu * s->nu);
    return pow(3.0 * s->force / (4.0 * e_star * sqrt(s->R)), 2.0 / 3.0);
}

/* ------------------------------------------------------------ geometry */

static void geo(FILE *f, const void *spec)
{
    const cwb_shear *s = spec;
    double L = cwb_shear_length_unit(s), R = s->R / L;
    fprintf(f,
            "// cwb: half of a sphere of radius R = %.9g m on a rigid flat (deck units R/100)\n"
            "SetFactory(\"OpenCASCADE\");\n"
            "R = %.15g; h0 = %.15g; hc = %.15g; zone = %.15g; g = %.15g;\n"
            "Sphere(1) = {0, 0, R, R};\n"
            "// the sphere's poles away from the contact point\n"
            "Rotate {{1, 0, 0}, {0, 0, R}, Pi/2} { Volume{1}; }\n"
            "Box(2) = {-R - 1, 0, -1, 2*R + 2, R + 1, R + 1};\n"
            "BooleanIntersection{ Volume{1}; Delete; }{ Volume{2}; Delete; }\n"
            "top() = Surface In BoundingBox{-R-1, -1, R-1e-6, R+1, R+1, R+1e-6};\n"
            "sym() = Surface In BoundingBox{-R-1, -1e-6, -1, R+1, 1e-6, R+1};\n"
            "Physical Surface(\"SYM\", %d) = {sym()};\n"
            "Physical Surface(\"TOP\", %d) = {top()};\n"
            "Physical Volume(\"BALL\", %d) = {1};\n"
            "// size h0 within zone of the contact point, growing by g per unit distance\n"
            "Field[1] = MathEval;\n"
            "Field[1].F = Sprintf(\"Min(%%.15g + %%.15g * Max(Sqrt(x*x + y*y + z*z) - %%.15g, "
            "0), %%.15g)\", h0, g, zone, hc);\n"
            "Background Field = 1;\n"
            "Mesh.MeshSizeExtendFromBoundary = 0;\n"
            "Mesh.MeshSizeFromPoints = 0;\n"
            "Mesh.MeshSizeFromCurvature = 0;\n"
            "Mesh.ElementOrder = 2;\n"
            "Mesh.Algorithm = 6;\n"
            "Mesh.Algorithm3D = 1;\n",
            s->R, R, s->fine * R, s->coarse * R, s->zone * R, s->growth, G_SYM, G_TOP, G_BALL);
}

/* ---------------------------------------------------------------- deck */

/* The slave faces: the tetrahedron faces whose corners all lie on the
 * sphere (distance R from its centre) within `reach` of the contact
 * point. The mesh is in the deck's units (the .geo is written in them:
 * OpenCASCADE's tolerances are absolute). A slave face belongs to a
 * friction ring (see ring_of); faces on no ring are not slave faces. */
enum { RING_NONE = -1, RING_OUTSIDE = CWB_SHEAR_BINS };

double cwb_shear_ring_mu(const cwb_shear *s, double r)
{
    if (!(s->tau_c > 0.0) || !(s->profile_dr > 0.0))
        return s->mu;
    int k = (int)floor(r / s->profile_dr);
    double p = k >= 0 && k < s->profile_bins ? s->profile[k] : 0.0;
    return p > 0.0 ? fmin(s->mu, s->tau_c / p) : s->mu;
}

/* The ring of a radius: its pressure bin, or RING_OUTSIDE for every face
 * that was not pressed at the end of the normal step (one Coulomb mu). */
static int ring_of_radius(const cwb_shear *s, double r)
{
    if (!(s->tau_c > 0.0) || s->pass == 0 || !(s->profile_dr > 0.0))
        return RING_OUTSIDE;
    int k = (int)floor(r / s->profile_dr);
    return k >= 0 && k < s->profile_bins && s->profile[k] > 0.0 ? k : RING_OUTSIDE;
}

static int ring_of_face(const cwb_mesh *m, const cwb_shear *s, size_t e, int face, double reach)
{
    double R = s->R / cwb_shear_length_unit(s), c[2] = {0, 0};
    int nd[10];
    cwb_c3d10_nodes(m, e, nd);
    for (int j = 0; j < 3; j++) {
        double p[3];
        cwb_c3d10_point(m, nd[cwb_c3d10_face[face][j]], p);
        double dc = sqrt(p[0] * p[0] + p[1] * p[1] + (p[2] - R) * (p[2] - R));
        double d0 = sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
        if (!(fabs(dc - R) < 1e-6 * R && d0 <= reach))
            return RING_NONE;
        c[0] += p[0] / 3.0, c[1] += p[1] / 3.0;
    }
    return ring_of_radius(s, sqrt(c[0] * c[0] + c[1] * c[1]));
}

/* *SURFACE SLAVE<k> for every ring k that has faces; used[k] set. */
static void slave_surfaces(FILE *f, const cwb_mesh *m, const cwb_shear *s, double reach,
                           char used[CWB_SHEAR_BINS + 1])
{
    for (int ring = 0; ring <= CWB_SHEAR_BINS; ring++) {
        used[ring] = 0;
        for (size_t e = 0; e < m->ntet; e++)
            for (int k = 0; k < 4; k++)
                if (ring_of_face(m, s, e, k, reach) == ring) {
                    if (!used[ring])
                        fprintf(f, "*SURFACE, NAME=SLAVE%d, TYPE=ELEMENT\n", ring);
                    used[ring] = 1;
                    fprintf(f, "%zu, S%d\n", e + 1, k + 1);
                }
    }
}

/* The Coulomb coefficient of ring k (its bin's pressure; outside: mu). */
static double ring_mu(const cwb_shear *s, int ring)
{
    return ring == RING_OUTSIDE ? s->mu : cwb_shear_ring_mu(s, (ring + 0.5) * s->profile_dr);
}

/* *NSET of the nodes of the triangles of surface group `group`, without
 * those of group `except` (0: none): the symmetry plane's nodes on the
 * rigid top are the rigid body's, not held twice. */
static int face_node_set(FILE *f, const cwb_mesh *m, const char *name, int group, int except,
                         char *msg, size_t n)
{
    char *mark = calloc(m->nnode, 1);
    if (!mark)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    for (size_t e = 0; e < m->ntri; e++)
        if (m->tri_group[e] == group)
            for (int k = 0; k < 6; k++)
                mark[cwb_mesh_row(m, m->tri[e][k])] = 1;
    for (size_t e = 0; except && e < m->ntri; e++)
        if (m->tri_group[e] == except)
            for (int k = 0; k < 6; k++)
                mark[cwb_mesh_row(m, m->tri[e][k])] = 0;
    fprintf(f, "*NSET, NSET=%s\n", name);
    size_t count = 0;
    for (size_t i = 0; i < m->nnode; i++)
        if (mark[i])
            fprintf(f, "%d\n", m->node_id[i]), count++;
    free(mark);
    return count ? CWB_OK : cwb_fail(msg, n, CWB_EFAIL, "mesh: surface group %d is empty", group);
}

/* The rigid flat: NX x NY x 1 bricks under z = 0, x in [-W, W], y in
 * [0, W], depth W / 2 (deck units); node and element numbers from base. */
enum { FLAT_NX = 4, FLAT_NY = 2 };

static void flat_block(FILE *f, int node0, size_t elem0, double W)
{
    fprintf(f, "*NODE, NSET=FLATNODES\n");
    for (int k = 0; k < 2; k++)
        for (int j = 0; j <= FLAT_NY; j++)
            for (int i = 0; i <= FLAT_NX; i++)
                fprintf(f, "%d, %.13g, %.13g, %.13g\n",
                        node0 + i + (FLAT_NX + 1) * (j + (FLAT_NY + 1) * k),
                        -W + 2.0 * W * i / FLAT_NX, W * j / FLAT_NY, k ? 0.0 : -0.5 * W);
    fprintf(f, "*ELEMENT, TYPE=C3D8, ELSET=FLAT\n");
    int layer = (FLAT_NX + 1) * (FLAT_NY + 1);
    size_t e = elem0;
    for (int j = 0; j < FLAT_NY; j++)
        for (int i = 0; i < FLAT_NX; i++) {
            int c = node0 + i + (FLAT_NX + 1) * j;
            fprintf(f, "%zu, %d, %d, %d, %d, %d, %d, %d, %d\n", e++, c, c + 1, c + FLAT_NX + 2,
                    c + FLAT_NX + 1, c + layer, c + 1 + layer, c + FLAT_NX + 2 + layer,
                    c + FLAT_NX + 1 + layer);
        }
    /* C3D8 face S2 = nodes 5-8-7-6: the top (z = 0) */
    fprintf(f, "*SURFACE, NAME=MASTER, TYPE=ELEMENT\n");
    for (size_t k = elem0; k < e; k++)
        fprintf(f, "%zu, S2\n", k);
}

static void ball_nodes_and_elements(FILE *f, const cwb_mesh *m)
{
    fprintf(f, "*NODE, NSET=BALLNODES\n");
    for (size_t i = 0; i < m->nnode; i++)
        fprintf(f, "%d, %.13g, %.13g, %.13g\n", m->node_id[i], m->x[i], m->z[i], m->w[i]);
    cwb_c3d10_elements(f, m, "BALL", 0);
}

/* CalculiX's *FRICTION wants mu > 0 and *CHANGE FRICTION needs a
 * *FRICTION to change: the "frictionless" normal step has mu = 1e-5,
 * whose tangential tractions are 1e-5 of the pressure at most. */
#define MU_FRICTIONLESS 1e-5

/* Material, the contact interactions (one per friction ring: the same
 * penalty, frictionless until the tangential step) and their pairs. */
static void materials_and_contact(FILE *f, const cwb_shear *s, double L,
                                  const char used[CWB_SHEAR_BINS + 1])
{
    double S = STRESS_UNIT, h0 = s->fine * s->R;
    fprintf(f, "*MATERIAL, NAME=BALL\n*ELASTIC\n%.13g, %.13g\n", s->E / S, s->nu);
    if (s->sigma_y > 0)
        fprintf(f, "*PLASTIC\n%.13g, 0.\n", s->sigma_y / S);
    fprintf(f,
            "*MATERIAL, NAME=RIGID\n*ELASTIC\n%.13g, 0.\n"
            "*SOLID SECTION, ELSET=BALL, MATERIAL=BALL\n"
            "*SOLID SECTION, ELSET=FLAT, MATERIAL=RIGID\n",
            1000.0 * s->E / S);
    for (int ring = 0; ring <= CWB_SHEAR_BINS; ring++)
        if (used[ring])
            fprintf(f,
                    "*SURFACE INTERACTION, NAME=SI%d\n"
                    "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n%.9g\n"
                    "*FRICTION\n%.9g, %.9g\n"
                    "*CONTACT PAIR, INTERACTION=SI%d, TYPE=SURFACE TO SURFACE\nSLAVE%d, "
                    "MASTER\n",
                    ring, s->penalty * s->E / h0 / (S / L), MU_FRICTIONLESS,
                    s->stick * s->E / h0 / (S / L), ring, ring);
}

int cwb_shear_step(const cwb_shear *s, double time)
{
    int k = (int)ceil(time - 1e-9); /* step k ends at total time k */
    if (k < 1)
        k = 1;
    return s->approach > 0 ? k - 1 : k;
}

/* The steps: the approach (when asked), the force, the tangential motion
 * (not in the pre-solve of a critical shear stress). */
static void steps(FILE *f, const cwb_shear *s, double L, const char used[CWB_SHEAR_BINS + 1])
{
    double F = STRESS_UNIT * L * L; /* force unit [N] */
    double in = 1.0 / s->inc_normal, it = 1.0 / s->inc_tangential;
    const char *el = s->sigma_y > 0 ? "*EL FILE\nPEEQ\n" : "";
    const char *out = "*NODE PRINT, NSET=FLATNODES, TOTALS=ONLY\nRF\n"
                      "*NODE PRINT, NSET=REF\nU, RF\n"
                      "*NODE FILE, NSET=SLAVENODES\nU\n"
                      "*CONTACT FILE\nCSTR\n";
    if (s->approach > 0)
        fprintf(f,
                "** step 0: the top pushed to %g of the Hertz approach, frictionless\n"
                "*STEP, NLGEOM, INC=100000\n*STATIC\n0.5, 1., 1e-4, 0.5\n"
                "*BOUNDARY\nREF, 3, 3, %.13g\n%s%s*END STEP\n",
                s->approach, -s->approach * hertz_approach(s) / L, out, el);
    fprintf(f,
            "** step 1: the normal force, frictionless\n"
            "*STEP, NLGEOM, INC=100000\n*STATIC\n%.9g, 1., %.9g, %.9g\n%s"
            "*CLOAD\nREF, 3, %.13g\n%s%s*END STEP\n",
            in, in * 1e-4, in,
            s->approach > 0 ? "*BOUNDARY, OP=NEW\nFLATNODES, 1, 3\nSYM, 2, 2\nREF, 1, 2\n"
                              "ROT, 1, 3\n"
                            : "",
            -0.5 * s->force / F, out, el);
    if (s->tau_c > 0 && s->pass == 0)
        return;
    fprintf(f,
            "** step 2: Coulomb friction (per ring: min(mu, tau_c / p)), the top displaced "
            "along x, the force held\n"
            "*STEP, NLGEOM, INC=100000\n*STATIC\n%.9g, 1., %.9g, %.9g\n",
            it, it * 1e-4, it);
    for (int ring = 0; ring <= CWB_SHEAR_BINS; ring++)
        if (used[ring])
            fprintf(f, "*CHANGE FRICTION, INTERACTION=SI%d\n*FRICTION\n%.9g, %.9g\n", ring,
                    ring_mu(s, ring), s->stick * s->E / (s->fine * s->R) / (STRESS_UNIT / L));
    fprintf(f, "*BOUNDARY\nREF, 1, 1, %.13g\n%s%s*END STEP\n", s->tangential / L, out, el);
}

/* On the sphere and within reach of the contact point (deck units). */
static int on_slave(const cwb_mesh *m, size_t i, double R, double reach)
{
    double x = m->x[i], y = m->z[i], z = m->w[i];
    double dc = sqrt(x * x + y * y + (z - R) * (z - R)), d0 = sqrt(x * x + y * y + z * z);
    return fabs(dc - R) < 1e-6 * R && d0 <= reach;
}

/* *NSET SLAVENODES: the corner nodes of the slave faces (for the .frd). */
static void slave_nodes(FILE *f, const cwb_mesh *m, double R, double reach)
{
    fprintf(f, "*NSET, NSET=SLAVENODES\n");
    for (size_t i = 0; i < m->nnode; i++)
        if (on_slave(m, i, R, reach))
            fprintf(f, "%d\n", m->node_id[i]);
}

static int deck(FILE *f, const cwb_mesh *m, const void *spec, char *msg, size_t n)
{
    const cwb_shear *s = spec;
    if (!m->ntet || !m->w)
        return cwb_fail(msg, n, CWB_EFAIL, "mesh: no tetrahedra (gmsh -3 expected)");
    int rc = cwb_c3d10_check(m, msg, n);
    if (rc)
        return rc;
    double L = cwb_shear_length_unit(s), R = s->R / L, reach = s->slave * s->zone * R;
    fprintf(f,
            "** cwb: half sphere on a rigid flat, C3D10, Model C (Rathbone thesis Sec. 3.5)\n"
            "** units: length %.9g m, stress %.9g Pa, force %.9g N\n",
            L, STRESS_UNIT, STRESS_UNIT * L * L);
    ball_nodes_and_elements(f, m);
    int ref = m->max_id + 1, rot = m->max_id + 2, flat0 = m->max_id + 3;
    fprintf(f, "*NODE, NSET=REF\n%d, 0., 0., %.13g\n*NODE, NSET=ROT\n%d, 0., 0., %.13g\n", ref, R,
            rot, R);
    flat_block(f, flat0, m->ntet + 1, 3.0 * s->zone * R + 2.0 * s->tangential / L);
    fprintf(f, "*ELEMENT, TYPE=SPRING1, ELSET=GROUND\n%zu, %d\n", m->ntet + 1 + FLAT_NX * FLAT_NY,
            ref);
    double force = 0.5 * s->force / (STRESS_UNIT * L * L);
    fprintf(f, "*SPRING, ELSET=GROUND\n3\n%.9g\n", s->spring * force / (hertz_approach(s) / L));
    if ((rc = face_node_set(f, m, "TOP", G_TOP, 0, msg, n)) ||
        (rc = face_node_set(f, m, "SYM", G_SYM, G_TOP, msg, n)))
        return rc;
    char used[CWB_SHEAR_BINS + 1];
    slave_nodes(f, m, R, reach);
    slave_surfaces(f, m, s, reach, used);
    materials_and_contact(f, s, L, used);
    fprintf(f,
            "*RIGID BODY, NSET=TOP, REF NODE=%d, ROT NODE=%d\n"
            "*BOUNDARY\nFLATNODES, 1, 3\nSYM, 2, 2\nREF, 1, 2\nROT, 1, 3\n",
            ref, rot);
    steps(f, s, L, used);
    return CWB_OK;
}

/* ------------------------------------------------------------ .dat out */

void cwb_shear_out_free(cwb_shear_out *o)
{
    free(o->inc);
    memset(o, 0, sizeof *o);
}

/* The increment of total time t, appended when new; NULL out of memory.
 * The .frd prints times to 6 significant digits, the .dat to 7. */
static cwb_shear_increment *increment_at(cwb_shear_out *o, double t)
{
    for (size_t i = o->count; i-- > 0;)
        if (fabs(o->inc[i].time - t) <= 1e-5 * fmax(t, 1e-3))
            return &o->inc[i];
    if (o->count == o->cap) {
        size_t want = o->cap ? 2 * o->cap : 64;
        cwb_shear_increment *p = realloc(o->inc, want * sizeof *p);
        if (!p)
            return NULL;
        o->inc = p;
        o->cap = want;
    }
    cwb_shear_increment *q = &o->inc[o->count++];
    *q = (cwb_shear_increment){.time = t,
                               .fn = NAN,
                               .ft = NAN,
                               .fy = NAN,
                               .dn = NAN,
                               .dt = NAN,
                               .ft_top = NAN,
                               .radius = NAN,
                               .peeq_max = NAN,
                               .tau_used = NAN,
                               .tau_peak = NAN};
    return q;
}

enum { BLOCK_NONE, BLOCK_FLAT, BLOCK_REF_U, BLOCK_REF_RF };

/* Which block a .dat line heads, its time (checked) into *t. */
static int dat_block(cwb_fem_file *f, double *t)
{
    static const struct {
        const char *format, *set;
        int block;
    } headers[] = {{" total force (fx,fy,fz) for set %63s and time %n", "FLATNODES", BLOCK_FLAT},
                   {" displacements (vx,vy,vz) for set %63s and time %n", "REF", BLOCK_REF_U},
                   {" forces (fx,fy,fz) for set %63s and time %n", "REF", BLOCK_REF_RF}};
    char set[64];
    for (size_t k = 0; k < sizeof headers / sizeof *headers; k++) {
        int at = -1;
        if (sscanf(f->buf, headers[k].format, set, &at) == 1 && at > 0)
            return strcmp(set, headers[k].set) == 0 && cwb_fem_time(f, f->buf + at, t) == CWB_OK
                       ? headers[k].block
                       : BLOCK_NONE;
    }
    return BLOCK_NONE;
}

/* Signs: the flat's supports hold it against the sphere, so their total
 * reaction is the contact force on the sphere: +z pushes the sphere up,
 * -x resists its motion along +x. The half model carries half of every
 * force. */
static void store(cwb_shear_increment *q, int block, const double v[4], double L, double F)
{
    if (block == BLOCK_FLAT) {
        q->fn = 2.0 * v[2] * F;
        q->ft = -2.0 * v[0] * F;
        q->fy = 2.0 * v[1] * F;
    } else if (block == BLOCK_REF_U) {
        q->dt = v[1] * L;
        q->dn = -v[3] * L;
    } else { /* the reference node's x reaction: what drives the top */
        q->ft_top = 2.0 * v[1] * F;
    }
}

/* The row of a block: the flat's total force, or the reference node's
 * number and its displacements (lengths) or forces. */
static int shear_row(cwb_fem_file *f, int block, double v[4])
{
    static const cwb_fem_kind total[3] = {CWB_FEM_VALUE, CWB_FEM_VALUE, CWB_FEM_VALUE},
                              disp[4] = {CWB_FEM_ID, CWB_FEM_LENGTH, CWB_FEM_LENGTH,
                                         CWB_FEM_LENGTH},
                              force[4] = {CWB_FEM_ID, CWB_FEM_VALUE, CWB_FEM_VALUE, CWB_FEM_VALUE};
    if (block == BLOCK_FLAT)
        return cwb_fem_dat_row(f, total, 3, v, "set FLATNODES");
    return cwb_fem_dat_row(f, block == BLOCK_REF_U ? disp : force, 4, v, "set REF");
}

int cwb_shear_dat(cwb_shear_out *o, const char *path, const cwb_shear *s, char *msg, size_t n)
{
    double L = cwb_shear_length_unit(s), F = STRESS_UNIT * L * L;
    cwb_fem_file f;
    if (cwb_fem_open(&f, path, s->R / L, msg, n))
        return f.rc;
    double t, v[4];
    while (cwb_fem_line(&f)) {
        int block = dat_block(&f, &t);
        if (block == BLOCK_NONE)
            continue;
        cwb_shear_increment *q = increment_at(o, t);
        if (!q)
            f.rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        else if (shear_row(&f, block, v) == CWB_OK)
            store(q, block, v, L, F);
    }
    cwb_fem_close(&f);
    int rc = f.rc;
    if (rc == CWB_OK && o->count == 0)
        rc = cwb_fail(msg, n, CWB_EFAIL, "%s: no increments (did the solver finish?)", path);
    for (size_t i = 0; rc == CWB_OK && i < o->count; i++) {
        const cwb_shear_increment *q = &o->inc[i];
        if (!isfinite(q->fn) || !isfinite(q->dn) || !isfinite(q->ft_top))
            rc = cwb_fail(msg, n, CWB_EINPUT,
                          "%s: time %g lacks the flat's force or the top's "
                          "displacement or reaction",
                          path, q->time);
    }
    return rc;
}

/* ------------------------------------------------------------ .frd out */

/* One increment's fields as the .frd gives them, per mesh row. */
typedef struct {
    const cwb_mesh *m;
    double time;
    double *u;     /* 3 per row: displacement (slave nodes) */
    double *press; /* contact pressure CPRESS (slave nodes) */
    double *shear; /* contact shear stress |(CSHEAR1, CSHEAR2)| (slave nodes) */
    double *pe;    /* equivalent plastic strain (zone nodes) */
    double L;
    const cwb_shear *s;
} frd_frame;

static void frame_clear(frd_frame *fr)
{
    for (size_t i = 0; i < fr->m->nnode; i++) {
        fr->press[i] = fr->shear[i] = fr->pe[i] = NAN;
        fr->u[3 * i] = fr->u[3 * i + 1] = fr->u[3 * i + 2] = NAN;
    }
}

/* Contact radius: the pressed slave nodes' largest distance from their
 * pressure-weighted centre, in the deformed configuration (x + u_x,
 * y + u_y; the half model's centre lies on y = 0). CalculiX's nodal
 * contact stress is non-zero one element beyond the edge: the elastic
 * study gives Hertz's a + 1.0 h0. An indication, not a measurement. */
static double frame_radius(const frd_frame *fr)
{
    const cwb_mesh *m = fr->m;
    double sp = 0, sx = 0, rmax = 0;
    for (size_t i = 0; i < m->nnode; i++)
        if (fr->press[i] > 0 && isfinite(fr->u[3 * i])) {
            sp += fr->press[i];
            sx += fr->press[i] * (m->x[i] + fr->u[3 * i]);
        }
    if (!(sp > 0))
        return 0.0;
    double xc = sx / sp;
    for (size_t i = 0; i < m->nnode; i++)
        if (fr->press[i] > 0 && isfinite(fr->u[3 * i])) {
            double dx = m->x[i] + fr->u[3 * i] * fr->L - xc,
                   dy = m->z[i] + fr->u[3 * i + 1] * fr->L;
            rmax = fmax(rmax, sqrt(dx * dx + dy * dy));
        }
    return rmax * fr->L;
}

/* The friction used at the pressed nodes against the local limit
 * min(mu_ring p, tau_c): the sum ratio and the largest (deck units). */
static void frame_friction(const frd_frame *fr, double *used, double *peak)
{
    const cwb_mesh *m = fr->m;
    const cwb_shear *s = fr->s;
    double tau_c = s->tau_c > 0 ? s->tau_c / STRESS_UNIT : INFINITY, st = 0, sl = 0;
    *peak = 0.0;
    for (size_t i = 0; i < m->nnode; i++) {
        if (!(fr->press[i] > 0) || !isfinite(fr->shear[i]))
            continue;
        double r = sqrt(m->x[i] * m->x[i] + m->z[i] * m->z[i]);
        double limit = fmin(cwb_shear_ring_mu(s, r) * fr->press[i], tau_c);
        st += fr->shear[i], sl += limit;
        *peak = fmax(*peak, fr->shear[i] / limit);
    }
    *used = sl > 0 ? st / sl : NAN;
}

static void frame_finish(const frd_frame *fr, cwb_shear_out *o)
{
    if (!isfinite(fr->time))
        return;
    for (size_t i = 0; i < o->count; i++)
        if (fabs(o->inc[i].time - fr->time) <= 1e-5 * fmax(fr->time, 1e-3)) {
            double pe = 0.0;
            for (size_t k = 0; k < fr->m->nnode; k++)
                if (isfinite(fr->pe[k]))
                    pe = fmax(pe, fr->pe[k]);
            o->inc[i].radius = frame_radius(fr);
            o->inc[i].peeq_max = pe;
            frame_friction(fr, &o->inc[i].tau_used, &o->inc[i].tau_peak);
        }
}

/* A node line " -1" of the block `block` into the frame. */
static void frame_line(frd_frame *fr, cwb_fem_file *f, const char *block)
{
    int r = cwb_fem_frd_row(f, fr->m);
    if (r < 0)
        return;
    if (strcmp(block, "DISP") == 0)
        for (int k = 0; k < 3; k++)
            cwb_fem_field(f, 13 + 12 * (size_t)k, 12, CWB_FEM_LENGTH, &fr->u[3 * (size_t)r + k]);
    else if (strcmp(block, "CONTACT") == 0) {
        /* COPEN CSLIP1 CSLIP2 CPRESS CSHEAR1 CSHEAR2 */
        double s1, s2;
        cwb_fem_field(f, 13 + 12 * 3, 12, CWB_FEM_VALUE, &fr->press[r]);
        cwb_fem_field(f, 13 + 12 * 4, 12, CWB_FEM_VALUE, &s1);
        cwb_fem_field(f, 13 + 12 * 5, 12, CWB_FEM_VALUE, &s2);
        fr->shear[r] = hypot(s1, s2);
    } else if (strcmp(block, "PE") == 0)
        cwb_fem_field(f, 13, 12, CWB_FEM_VALUE, &fr->pe[r]);
}

/* One pass over the .frd: every increment's radius and PEEQ. */
static int shear_frd(cwb_shear_out *o, const char *path, const cwb_mesh *m, const cwb_shear *s,
                     char *msg, size_t n)
{
    cwb_fem_file f;
    frd_frame fr = {.m = m, .time = NAN, .L = cwb_shear_length_unit(s), .s = s};
    if (cwb_fem_open(&f, path, s->R / fr.L, msg, n))
        return cwb_fail(msg, n, CWB_EFAIL, "%s: no solver field output", path);
    fr.u = malloc(6 * m->nnode * sizeof *fr.u);
    if (!fr.u) {
        cwb_fem_close(&f);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    fr.press = fr.u + 3 * m->nnode;
    fr.shear = fr.press + m->nnode;
    fr.pe = fr.shear + m->nnode;
    frame_clear(&fr);
    char block[16] = "";
    while (cwb_fem_line(&f)) {
        if (strncmp(f.buf, "  100CL", 7) == 0) {
            double t;
            if (cwb_fem_field(&f, 12, 12, CWB_FEM_TIME, &t))
                break;
            if (!(fabs(t - fr.time) <= 1e-6 * fmax(t, 1e-3))) {
                frame_finish(&fr, o);
                frame_clear(&fr);
                fr.time = t;
            }
            block[0] = 0;
        } else if (strncmp(f.buf, " -4  ", 5) == 0) {
            sscanf(f.buf + 5, "%15s", block);
        } else if (strncmp(f.buf, " -1", 3) == 0 && block[0]) {
            frame_line(&fr, &f, block);
        }
    }
    if (f.rc == CWB_OK)
        frame_finish(&fr, o);
    cwb_fem_close(&f);
    free(fr.u);
    return f.rc;
}

/* --------------------------------------------------------- the model */

/* The contact radius must stay inside the fine zone: 1.1 times Hertz's a,
 * and when plastic sqrt(2 R delta) (the truncated sphere) at twice the
 * Hertz approach of the force (a plastic sphere sinks deeper than Hertz's
 * at the same force: 1.04 times at y = 7 by the Rathbone law). */
static int check(const cwb_fem_study *s, char *msg, size_t n)
{
    const cwb_values *body = &s->section[SEC_BODY], *load = &s->section[SEC_LOAD];
    /* the keys without a default (the study reader leaves them to the model) */
    static const struct {
        int section, key;
        const char *name;
    } required[] = {{SEC_LOAD, L_FORCE, "[load] normal_force"},
                    {SEC_LOAD, L_TANGENTIAL, "[load] tangential"},
                    {SEC_CONTACT, C_MU, "[contact] mu"}};
    for (size_t k = 0; k < sizeof required / sizeof *required; k++)
        if (!s->section[required[k].section].given[required[k].key])
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: %s is missing (no default: give it)",
                            s->path, s->study.given[CWB_FEM_MODEL], required[k].name);
    cwb_shear sh = {
        .R = body->p[B_R], .E = body->p[B_E], .nu = body->p[B_NU], .force = load->p[L_FORCE]};
    double d = hertz_approach(&sh), R = sh.R;
    double reach = body->p[B_SIGMA_Y] > 0 ? sqrt(2.0 * R * 2.0 * d) : 1.1 * sqrt(R * d);
    double zone = s->section[SEC_CONTACT].p[C_ZONE];
    if (reach > zone * R) {
        int line = s->section[SEC_CONTACT].given[C_ZONE] ? s->section[SEC_CONTACT].given[C_ZONE]
                                                         : load->given[L_FORCE];
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s:%d: [contact] zone = %g: the contact radius at normal_force = %g N "
                        "may reach %g R, beyond the fine zone (allowed: zone >= that)",
                        s->path, line, zone, sh.force, reach / R);
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
    cwb_shear *p = out;
    *p = (cwb_shear){.R = body->p[B_R],
                     .E = body->p[B_E],
                     .nu = body->p[B_NU],
                     .sigma_y = body->p[B_SIGMA_Y],
                     .mu = contact->p[C_MU],
                     .force = load->p[L_FORCE],
                     .tangential = load->p[L_TANGENTIAL],
                     .inc_normal = (int)load->p[L_INC_NORMAL],
                     .inc_tangential = (int)load->p[L_INCREMENTS],
                     .approach = load->p[L_APPROACH],
                     .fine = s->mesh.p[CWB_FEM_FINE] / refine,
                     .coarse = s->mesh.p[CWB_FEM_COARSE] / refine,
                     .zone = contact->p[C_ZONE],
                     .growth = contact->p[C_GROWTH],
                     .penalty = contact->p[C_PENALTY],
                     .stick = contact->p[C_STICK],
                     .spring = contact->p[C_SPRING],
                     .slave = contact->p[C_SLAVE],
                     .tau_c = contact->p[C_TAU_C]};
}

static int parse(const char *dat, const char *frd, const cwb_mesh *m, const void *spec, void *out,
                 char *msg, size_t n)
{
    cwb_shear_out *o = out;
    memset(o, 0, sizeof *o);
    int rc = cwb_shear_dat(o, dat, spec, msg, n);
    if (rc == CWB_OK)
        rc = shear_frd(o, frd, m, spec, msg, n);
    return rc;
}

/* The radial pressure profile of the normal step's end from the pre-solve:
 * the mean nodal CPRESS of the slave nodes in each bin (0 where a node is
 * open), bins of h0 / 2 -- the friction rings of the run's second pass. */
static int pressure_profile(cwb_shear *s, const double *v, const cwb_mesh *m, const char *frd,
                            char *msg, size_t n)
{
    double L = cwb_shear_length_unit(s), R = s->R / L, reach = s->slave * s->zone * R;
    double dr = fmax(0.5 * s->fine * R, reach / CWB_SHEAR_BINS), sum[CWB_SHEAR_BINS] = {0};
    int bins = (int)fmin(CWB_SHEAR_BINS, ceil(reach / dr)), count[CWB_SHEAR_BINS] = {0};
    for (size_t i = 0; i < m->nnode; i++) {
        if (!on_slave(m, i, R, reach))
            continue;
        int k = (int)floor(sqrt(m->x[i] * m->x[i] + m->z[i] * m->z[i]) / dr);
        if (k >= bins)
            continue;
        double p = v[4 * i + 3];
        sum[k] += isfinite(p) && p > 0 ? p : 0.0;
        count[k]++;
    }
    double top = 0.0;
    for (int k = 0; k < bins; k++) {
        s->profile[k] = count[k] ? STRESS_UNIT * sum[k] / count[k] : 0.0;
        top = fmax(top, s->profile[k]);
    }
    if (!(top > 0.0))
        return cwb_fail(msg, n, CWB_EFAIL, "%s: no contact pressure at the end of the normal step",
                        frd);
    s->profile_bins = bins, s->profile_dr = dr;
    return CWB_OK;
}

/* A critical shear stress: after the pre-solve (pass 0, the normal steps),
 * the pressure profile, then the whole run once more (pass 1). */
static int adjust(void *spec_, const char *dat, const char *frd, const cwb_mesh *m, int *again,
                  char *msg, size_t n)
{
    cwb_shear *s = spec_;
    (void)dat;
    *again = 0;
    if (!(s->tau_c > 0.0) || s->pass != 0)
        return CWB_OK;
    double *v = malloc(4 * m->nnode * sizeof *v);
    if (!v)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    cwb_frd_request q = {.name = "CONTACT",
                         .time = s->approach > 0 ? 2.0 : 1.0,
                         .ncomp = 4,
                         .size = s->R / cwb_shear_length_unit(s)};
    int rc = cwb_frd_block(frd, m, &q, v, msg, n);
    if (rc == CWB_OK)
        rc = pressure_profile(s, v, m, frd, msg, n);
    free(v);
    if (rc == CWB_OK)
        s->pass = 1, *again = 1;
    return rc;
}

static void out_free(void *out)
{
    cwb_shear_out_free(out);
}

/* What the provenance lines and the result line report. */
typedef struct {
    cwb_shear s;
    size_t elements, nodes, fine_elements, increments;
    double h_min, fine_h_min;
    double change; /* largest |F_t refined - F_t| / (mu F_n) at the same time */
    double fn_end, ft_end, dt_end, a_end; /* end of step 2 */
    double fn_drift;                      /* largest |F_n / F_n(end of step 1) - 1| in step 2 */
    double hertz_fn;                      /* F_n at the end of step 1 / the applied force - 1 */
    double a_over_h;                      /* contact radius / h0 at the end of step 1 */
    double ft_max;                        /* largest F_t / F_n of step 2 */
    double tau_used, tau_peak;            /* friction used against the local limit, end */
} summary;

static double ft_at(const cwb_shear_out *o, double t)
{
    for (size_t i = 0; i < o->count; i++)
        if (fabs(o->inc[i].time - t) <= 1e-6 * t)
            return o->inc[i].ft;
    return NAN;
}

/* Largest change of the tangential force between the runs at the
 * increments both have (same fixed increments), relative to mu F_n. */
static double refinement_change(const cwb_shear *s, const cwb_shear_out *base,
                                const cwb_shear_out *fine, double mu)
{
    double worst = 0.0;
    for (size_t i = 0; fine && i < base->count; i++) {
        const cwb_shear_increment *q = &base->inc[i];
        if (cwb_shear_step(s, q->time) != 2)
            continue;
        double c = fabs(ft_at(fine, q->time) - q->ft) / (mu * q->fn);
        worst = isfinite(c) ? fmax(worst, c) : INFINITY;
    }
    return worst;
}

static void summarize(summary *sum, const cwb_shear_out *o)
{
    double fn1 = NAN;
    for (size_t i = 0; i < o->count; i++) {
        const cwb_shear_increment *q = &o->inc[i];
        int step = cwb_shear_step(&sum->s, q->time);
        if (step == 0)
            continue;
        if (step == 1) {
            fn1 = q->fn;
            sum->hertz_fn = q->fn / sum->s.force - 1.0;
            sum->a_over_h = q->radius / (sum->s.fine * sum->s.R);
        } else {
            sum->fn_drift = fmax(sum->fn_drift, fabs(q->fn / fn1 - 1.0));
        }
        if (step == 2)
            sum->ft_max = fmax(sum->ft_max, q->ft / q->fn);
        sum->fn_end = q->fn, sum->ft_end = q->ft, sum->dt_end = q->dt, sum->a_end = q->radius;
        sum->tau_used = q->tau_used, sum->tau_peak = q->tau_peak;
    }
}

static int rows(cwb_fem_point *pt, char *msg, size_t n)
{
    summary *sum = pt->summary;
    const cwb_shear_out *base = pt->base.out, *fine = pt->refined.out;
    sum->s = *(const cwb_shear *)pt->base.spec;
    sum->elements = pt->base.elements;
    sum->nodes = pt->base.nodes;
    sum->h_min = pt->base.h_min;
    sum->fine_elements = pt->refined.elements;
    sum->fine_h_min = pt->refined.h_min;
    sum->increments = base->count;
    sum->change = pt->change = refinement_change(&sum->s, base, fine, sum->s.mu);
    summarize(sum, base);
    const cwb_shear *s = &sum->s;
    int rc = CWB_OK;
    for (size_t i = 0; i < base->count && rc == CWB_OK; i++) {
        const cwb_shear_increment *q = &base->inc[i];
        int step = cwb_shear_step(s, q->time);
        double row[NCOL] = {(double)step, q->dn, q->fn, q->dt, q->ft,      q->ft_top, q->radius,
                            q->peeq_max,  s->R,  s->E,  s->nu, s->sigma_y, s->mu};
        rc = cwb_fem_rows_add(&pt->tables[0], row, msg, n);
        int last_normal =
            step == 1 && (i + 1 == base->count || cwb_shear_step(s, base->inc[i + 1].time) == 2);
        if (rc == CWB_OK && (step == 2 || last_normal)) {
            double t[NCOL_T] = {q->dt, q->ft, q->fn, q->dn, q->radius, q->peeq_max};
            rc = cwb_fem_rows_add(&pt->tables[1], t, msg, n);
        }
    }
    return rc;
}

/* The friction line: Coulomb alone, or the critical shear stress as the
 * rings emulate it, with how well the end of the run keeps to it. */
static void friction_text(char *buf, size_t n, const summary *sum)
{
    const cwb_shear *s = &sum->s;
    if (!(s->tau_c > 0)) {
        snprintf(buf, n,
                 "Coulomb mu alone (the thesis adds a critical shear stress tau_c = sigma_y / "
                 "sqrt(3) with mu capped at 1: see the studies with [contact] tau_c)");
        return;
    }
    int rings = 0;
    double lo = s->mu;
    for (int k = 0; k < s->profile_bins; k++)
        if (s->profile[k] > 0)
            rings++, lo = fmin(lo, cwb_shear_ring_mu(s, (k + 0.5) * s->profile_dr));
    snprintf(buf, n,
             "local slip at min(mu p, tau_c), mu = %g, tau_c = %g Pa (the thesis' critical shear "
             "stress; CalculiX 2.20's *FRICTION has no shear limit, so it is emulated): a first "
             "solve of the normal steps gives the contact pressure p in %d rings of width %.3g m, "
             "and each ring of slave faces is its own contact pair with Coulomb "
             "min(mu, tau_c / p_ring) (%.4g to %g), held through the tangential step (the "
             "pressure then moves: at its end the pressed nodes carry %.3g of the local limit "
             "min(mu_ring p, tau_c) summed, %.3g at the worst node)",
             s->mu, s->tau_c, rings, s->profile_dr * cwb_shear_length_unit(s), lo, s->mu,
             sum->tau_used, sum->tau_peak);
}

static void provenance_model(FILE *f, const cwb_fem_job *job, const summary *sum)
{
    const cwb_shear *s = &sum->s;
    double h0 = s->fine * s->R;
    char friction[1024];
    friction_text(friction, sizeof friction, sum);
    fprintf(f,
            "# model: Rathbone thesis Model C (Sec. 3.5; its FEM is 3D Abaqus, C3D8R): half of "
            "a sphere (lower hemisphere, cut by the symmetry plane y = 0 that holds the sliding "
            "direction x; forces x 2) on a rigid flat; the top (z = R) a rigid body, rotations "
            "held; step 1 the normal force F_n, ramped, frictionless; step 2 Coulomb friction, "
            "the top displaced along x to delta_t, the force held; [load] approach = %g (when > 0, "
            "a step 0 first pushes the top to that fraction of the Hertz approach, displacement "
            "control, frictionless)\n"
            "# parameters: R = %g m; E = %g Pa; nu = %g; sigma_y = %g Pa (%s); F_n = %g N; "
            "delta_t = 0 to %g m; mu = %g\n"
            "# contact: CalculiX surface-to-surface, slave = the sphere's faces within %g R of "
            "the contact point, master = a fixed block's top; linear pressure-overclosure "
            "K = %g E/h0, stick slope %g E/h0 (CalculiX's friction is a penalty); a ground "
            "spring on the top along z carries %g of F_n at the Hertz approach (force control "
            "of a point contact is singular at the start): F_n at the end of step 1 / the "
            "applied force - 1 = %.3g; F_n in step 2 moves by %.3g at most\n"
            "# friction: %s\n"
            "# mesh: gmsh %s, 10-node tetrahedra (C3D10), size h0 = %g R within %g R of the "
            "contact point, growing by %g per unit distance to %g R; %zu elements, %zu nodes, "
            "smallest edge %.3g m; contact radius / h0 = %.3g at the end of step 1\n"
            "# solver: CalculiX ccx %s, NLGEOM, %d + %d fixed increments, von Mises %s\n",
            s->approach, s->R, s->E, s->nu, s->sigma_y,
            s->sigma_y > 0 ? "elastic-perfectly-plastic" : "0: elastic", s->force, s->tangential,
            s->mu, s->slave * s->zone, s->penalty, s->stick, s->spring, sum->hertz_fn,
            sum->fn_drift, friction, job->gmsh_version, s->fine, s->zone, s->growth, s->coarse,
            sum->elements, sum->nodes, sum->h_min * cwb_shear_length_unit(s), sum->a_over_h,
            job->ccx_version, s->inc_normal, s->inc_tangential,
            s->sigma_y > 0 ? "elastic-perfectly-plastic (*PLASTIC, one point)" : "elastic");
    (void)h0;
}

static void provenance(FILE *f, size_t t, const cwb_fem_job *job, const void *sum_)
{
    const summary *sum = sum_;
    const cwb_shear *s = &sum->s;
    provenance_model(f, job, sum);
    char refined[512] = "none ([mesh] refine = 1)";
    if (job->refine > 1.0)
        snprintf(refined, sizeof refined,
                 "re-run with element sizes (and h0 in K and the stick slope) / %g (%zu "
                 "elements, smallest %.3g m): largest |F_t refined - F_t| / (mu F_n) over the "
                 "tangential step = %.3g %% (reported; criterion %g %%)",
                 job->refine, sum->fine_elements, sum->fine_h_min * cwb_shear_length_unit(s),
                 100 * sum->change, 100 * job->tolerance);
    fprintf(f,
            "# refinement check: %s\n"
            "# rows: every converged increment; step 1 normal, 2 tangential; F_n, F_t = the "
            "flat's total reaction x 2 (the contact force on the sphere: F_n up, F_t against "
            "the motion); delta_n, delta_t = the top's approach and displacement; F_t_top = "
            "the top's reaction along x x 2 (= F_t in equilibrium); contact_radius = the "
            "pressed slave nodes' largest distance from their pressure-weighted centre "
            "(deformed, .frd CPRESS > 0: CalculiX's nodal contact stress reaches one element "
            "beyond the edge, so this is up to h0 above it -- elastic study: Hertz a + 1.0 h0); "
            "peeq_max = "
            "the largest nodal PEEQ (.frd, extrapolated to the nodes by CalculiX)\n"
            "# tolerance: %g the mesh-refinement change of F_t relative to mu F_n %s\n"
            "# independence: fem " FEM_INDEPENDENCE "\n"
            "# raw solver output: %s/p001.dat (the flat's reaction and the top's displacement "
            "and reaction per increment; the .frd fields are not kept)\n",
            refined, job->tolerance, job->refine > 1.0 ? "(refinement check above)" : NO_CHECK,
            job->raw);
    if (t == 1)
        fprintf(f, "# rows: the tangential step, from the end of the normal step (delta_t = 0)\n");
    /* plastic: the study's mu is the law's mu(y) (friction = plastic), which
     * a case does not give as tangential.mu */
    fprintf(f, "# stands for: body1.radius = %.10g; body1.E = %.10g; body1.nu = %.10g", s->R, s->E,
            s->nu);
    if (s->sigma_y > 0)
        fprintf(f, "; normal.sigma_y = %.10g", s->sigma_y);
    else
        fprintf(f, "; tangential.mu = %.10g", s->mu);
    fprintf(f, "; driver.normal = %.10g, %.10g\n", s->force, s->force);
}

static void report(char *buf, size_t n, const cwb_fem_job *job, const void *sum_)
{
    (void)job;
    const summary *sum = sum_;
    snprintf(buf, n,
             "%zu increments; at delta_t = %.4g m: F_n = %.5g N, F_t = %.5g N = %.4f F_n, "
             "contact radius %.4g m; largest F_t / F_n %.4f; refinement moves F_t by %.3g %% "
             "of mu F_n",
             sum->increments, sum->dt_end, sum->fn_end, sum->ft_end, sum->ft_end / sum->fn_end,
             sum->a_end, sum->ft_max, 100 * sum->change);
}

const cwb_fem_model cwb_fem_sphere_shear = {
    .name = "sphere_shear",
    .summary = "Rathbone thesis Model C: half sphere (C3D10) on a rigid flat at a fixed normal "
               "force, then displaced tangentially with Coulomb friction",
    .sections = sections,
    .tables = tables,
    .spec_size = sizeof(cwb_shear),
    .out_size = sizeof(cwb_shear_out),
    .summary_size = sizeof(summary),
    .refinement_fails = 0,
    .dim = 3,
    .check = check,
    .points = points,
    .spec = spec,
    .geo = geo,
    .deck = deck,
    .parse = parse,
    .adjust = adjust,
    .out_free = out_free,
    .rows = rows,
    .provenance = provenance,
    .result = report,
};
