/* cwb_fem.h -- FEM reference pipeline: gmsh meshes, CalculiX decks, and
 * the parsing of their output (`cwb reference STUDY`).
 *
 * The workbench writes every input itself: a gmsh .geo for the geometry
 * and mesh grading, then (after gmsh has meshed it) the CalculiX deck with
 * nodes, elements, material, boundary conditions and the loading. Solver
 * output is read from the .dat file (*NODE PRINT) and, where a model needs
 * field output, from the .frd; a committed .dat is enough to re-derive the
 * numbers of a reference CSV that come from it (tests/test_fem.c does that).
 *
 * Files: fem.c (meshes, deck pieces, .frd blocks); study.c (the study file
 * and the pipeline, written once for every model); models.c (the table of
 * models); models/NAME.c (one file per model: its study sections, .geo,
 * deck, parser, CSV columns and provenance lines).
 */
#ifndef CWB_FEM_H
#define CWB_FEM_H

#include <stddef.h>
#include <stdio.h>

#include "cwb.h"

/* `cwb reference STUDY`: run the FEM study in file `path` with gmsh and
 * CalculiX; writes DIR/NAME<suffix>.csv (one per table of the model) and
 * DIR/raw/NAME/, works in WORK/NAME/. Progress and a failing solver's last
 * log lines go to log (NULL: silent); the closing summary is
 * CWB_LOG_RESULT. CWB_ETOOL naming the Debian package when a solver is
 * missing, CWB_EINPUT for a bad study, CWB_EFAIL when a run fails (no CSV
 * is written then). */
int cwb_reference_study(const char *path, const char *dir, const char *work, const cwb_log *log,
                        char *msg, size_t n);
/* The same; reuse = 1 keeps a finished solve in WORK/NAME/ whose deck is
 * byte for byte the one this run writes (its .dat, .frd and a ccx log
 * without *ERROR there) instead of solving again: the parsers and tables
 * can be redone on a long solve. command: the command line the tables'
 * "# made:" line names (NULL: the equivalent `cwb reference` command). */
int cwb_reference_study_reuse(const char *path, const char *dir, const char *work, int reuse,
                              const char *command, const cwb_log *log, char *msg, size_t n);

/* ------------------------------------------------------------------ */
/* Meshes and deck pieces (fem.c)                                      */

/* A gmsh mesh (MSH 2.2 ASCII) of 6-node triangles and the 3-node lines
 * and points of its physical groups. */
typedef struct {
    size_t nnode;
    int *node_id; /* gmsh node numbers */
    double *x, *z;
    size_t ntri;
    int (*tri)[6];  /* node numbers, gmsh = CalculiX CPE6 order */
    int *tri_group; /* physical surface of each triangle */
    size_t nline;
    int (*line)[4]; /* physical group, end, end, middle */
    size_t npoint;
    int (*point)[2]; /* physical group, node */
    int max_id;
    int *index; /* node number -> row, -1 if unused */
    /* 3D meshes (gmsh -3, a model with dim = 3): the third coordinate
     * (gmsh's z; x and z above hold gmsh's x and y) and the 10-node
     * tetrahedra in gmsh's node order; the triangles are then faces. */
    double *w;
    size_t ntet;
    int (*tet)[10];
    int *tet_group;
} cwb_mesh;

int cwb_mesh_read(cwb_mesh *m, const char *path, char *msg, size_t n);
void cwb_mesh_free(cwb_mesh *m);
/* Smallest corner-to-corner edge of the triangles [m]. */
double cwb_mesh_min_size(const cwb_mesh *m);
/* The node of physical point group `group`, or -1. */
int cwb_mesh_point(const cwb_mesh *m, int group);
/* The row of node number id, or -1 when the mesh has no such node. */
int cwb_mesh_row(const cwb_mesh *m, int id);

/* Consistent nodal forces of the Hertzian traction of resultant 1,
 * s(x) = (2 / pi a) (1 - x^2/a^2)^(1/2), on the quadratic edges of group
 * `group` (straight and on the line z = const): f[row] per node row of the
 * mesh, integrated with the quadratic shape functions by GSL QAGS.
 * Returns the sum of the forces (1 up to the quadrature), NaN on failure. */
double cwb_hertz_nodal_forces(const cwb_mesh *m, int group, double a, double *f);

/* *NODE, NSET=NALL: every node of the mesh (13 significant digits:
 * CalculiX reads at most 20 characters per field). */
void cwb_deck_nodes(FILE *f, const cwb_mesh *m);
/* *ELEMENT, TYPE=CPE6, ELSET=name: the triangles of surface group `group`
 * (0: all), numbered by their place in the mesh from 1. */
void cwb_deck_elements(FILE *f, const cwb_mesh *m, const char *name, int group);
/* The same with the element type given (e.g. "CAX6": same node order). */
void cwb_deck_elements_typed(FILE *f, const cwb_mesh *m, const char *name, int group,
                             const char *type);
/* *NSET, NSET=name: the nodes of the lines of group `group`, each once
 * (CalculiX sums a set's reactions over its entries). CWB_OK, or
 * CWB_EFAIL when out of memory. */
int cwb_deck_node_set(FILE *f, const cwb_mesh *m, const char *name, int group, char *msg, size_t n);
/* *SURFACE, NAME=name, TYPE=ELEMENT: the element faces (CPE6: S1 = corners
 * 1-2, S2 = 2-3, S3 = 3-1) under the quadratic edges of line group `group`
 * whose ends lie within |x| <= zone [m]. */
void cwb_deck_surface(FILE *f, const cwb_mesh *m, const char *name, int group, double zone);

/* Which nodal block of a CalculiX .frd to read. */
typedef struct {
    const char *name; /* block name, e.g. "DISP", "CONTACT" */
    double time;      /* total time of its increment [-] */
    int ncomp;        /* components per node */
    double size;      /* the model's size in the file's length unit (cwb_fem_file) */
} cwb_frd_request;

/* The block q of the .frd at path: q->ncomp components per node
 * (values[row * ncomp + k], rows as the mesh's, NaN where absent); DISP's
 * components and CONTACT's first three (COPEN, CSLIP1, CSLIP2) are
 * checked as lengths, the others as values. CWB_EFAIL when the block is
 * not there, CWB_EINPUT for a number out of range (cwb_fem_number). */
int cwb_frd_block(const char *path, const cwb_mesh *m, const cwb_frd_request *q, double *values,
                  char *msg, size_t n);

/* ------------------------------------------------------------------ */
/* The FEM model contract                                              */
/*
 * A model is a const type struct, as a law is (cwb_law.h): its name, its
 * study sections with their parameter tables, a check, and the steps only
 * it knows -- the spec of a run, the .geo, the deck, the parser of the
 * solver output, the rows, columns and provenance lines of its CSVs. The
 * pipeline (study.c) does everything else once for every model: read the
 * study; for each point mesh with gmsh, write the deck, solve with ccx,
 * parse, and repeat on the refined mesh; keep the .dat files; check the
 * refinement; write the CSVs under temporary names and rename them only
 * when every point has succeeded. A model never runs a tool, writes a file
 * other than the FILE it is given, or prints.
 */

#define CWB_FEM_MAX_SECTIONS 4 /* model sections besides [study], [mesh] */
#define CWB_FEM_MAX_TABLES   4 /* CSVs one study writes */

typedef struct {
    const char *name;        /* section of the study file, e.g. "body" */
    const cwb_param *params; /* its keys */
} cwb_fem_section;

typedef struct {
    const char *name; /* CSV column, e.g. "u_z_top" */
    const char *unit; /* SI unit, "-" when dimensionless */
} cwb_fem_column;

typedef struct {
    const char *suffix;            /* the file: DIR/NAME<suffix>.csv */
    const cwb_fem_column *columns; /* ended by an entry with name NULL */
} cwb_fem_table;

struct cwb_fem_model;

/* [study] and [mesh] keys, common to every model. */
enum { CWB_FEM_NAME, CWB_FEM_MODEL, CWB_FEM_TITLE };
enum { CWB_FEM_FINE, CWB_FEM_COARSE, CWB_FEM_REFINE, CWB_FEM_TOLERANCE };

/* The [study] and [mesh] keys every model shares (cwb describe study). */
const cwb_param *cwb_fem_study_params(void);
const cwb_param *cwb_fem_mesh_params(void);

/* A study file as read (large: cwb_fem_study_load allocates it). */
typedef struct {
    char path[CWB_TEXT]; /* the study file */
    const struct cwb_fem_model *model;
    cwb_values study;                         /* [study] */
    cwb_values mesh;                          /* [mesh] */
    cwb_values section[CWB_FEM_MAX_SECTIONS]; /* the model's, in its order */
} cwb_fem_study;

/* Read and check a study file into *out (free with cwb_fem_study_free), or
 * CWB_EINPUT with "FILE:LINE: ..." (an unknown model, section or key, a
 * value out of range, the model's own check); CWB_EFAIL out of memory. */
int cwb_fem_study_load(cwb_fem_study **out, const char *path, char *msg, size_t n);
void cwb_fem_study_free(cwb_fem_study *s);

/* What the pipeline knows of a study run, for provenance lines. */
typedef struct {
    const cwb_fem_study *study;
    const char *name; /* [study] name */
    const char *raw;  /* DIR/raw/NAME: the kept .dat files */
    const char *gmsh_version, *ccx_version;
    size_t points;       /* points of the study */
    double refine;       /* [mesh] refine (1: no refined runs) */
    double tolerance;    /* [mesh] tolerance */
    double worst_change; /* largest |refinement change| of the points */
} cwb_fem_job;

/* The rows of one output table. */
typedef struct {
    size_t ncol, nrow, cap;
    double *v; /* row-major, nrow * ncol */
} cwb_fem_rows;

/* Append one row of r->ncol values: CWB_OK, or CWB_EFAIL out of memory. */
int cwb_fem_rows_add(cwb_fem_rows *r, const double *row, char *msg, size_t n);

/* One solved run of a point. */
typedef struct {
    const void *spec;       /* the model's spec of the run */
    const void *out;        /* what its parse step read */
    size_t elements, nodes; /* of its mesh */
    double h_min;           /* smallest element edge [m] */
} cwb_fem_run;

/* A solved point, handed to the model's rows step. */
typedef struct {
    const cwb_fem_study *study;
    size_t index;         /* 0 .. points - 1 */
    cwb_fem_run base;     /* on the study's mesh */
    cwb_fem_run refined;  /* sizes / refine; out is NULL when refine = 1 */
    cwb_fem_rows *tables; /* one per model table: append rows here */
    void *summary;        /* the model's study summary */
    double change;        /* set by the model: its refinement change */
} cwb_fem_point;

typedef struct cwb_fem_model {
    const char *name;                /* [study] model = name */
    const char *summary;             /* one line: what is modelled, its source */
    const cwb_fem_section *sections; /* ended by an entry with name NULL */
    const cwb_fem_table *tables;     /* its CSVs, ended by suffix NULL */
    unsigned optional_tables;        /* bit t: table t is not written when the
                                          study gives it no rows */
    size_t spec_size;                /* bytes of one run's spec */
    size_t out_size;                 /* bytes of one run's parsed output */
    size_t summary_size;             /* bytes of its study summary (zeroed) */
    int refinement_fails;            /* 1: a change above [mesh] tolerance fails
                                          the study; 0: it is only reported */
    int dim;                         /* 3: gmsh -3, 10-node tetrahedra; 0: 2D */
    /* Optional: keys against each other once the study is read; CWB_EINPUT
     * with "FILE:LINE: ...". */
    int (*check)(const cwb_fem_study *s, char *msg, size_t n);
    /* Number of points the study runs (>= 1). */
    size_t (*points)(const cwb_fem_study *s);
    /* The spec of point i, both element sizes divided by refine. */
    void (*spec)(const cwb_fem_study *s, size_t i, double refine, void *spec);
    /* The gmsh geometry and mesh grading of a spec. */
    void (*geo)(FILE *f, const void *spec);
    /* The CalculiX deck of a spec on its mesh. */
    int (*deck)(FILE *f, const cwb_mesh *m, const void *spec, char *msg, size_t n);
    /* Read a solved run (its .dat; the .frd for field output) into out.
     * CWB_EFAIL, or CWB_EINPUT for a malformed file, with a message. */
    int (*parse)(const char *dat, const char *frd, const cwb_mesh *m, const void *spec, void *out,
                 char *msg, size_t n);
    /* Optional: a deck that depends on a first solve on the same mesh (the
     * sphere_shear model sets its friction from the normal step's contact
     * pressures). Called after each solve, before parse: it may update spec
     * from that solve's .dat/.frd and set *again = 1 to have the deck
     * written and solved once more; *again = 0 ends the loop. */
    int (*adjust)(void *spec, const char *dat, const char *frd, const cwb_mesh *m, int *again,
                  char *msg, size_t n);
    /* Optional: free what parse allocated in out (also after a failed parse). */
    void (*out_free)(void *out);
    /* Turn a point into rows of its tables, update the summary, set
     * pt->change. CWB_EFAIL with a message when the point is unusable. */
    int (*rows)(cwb_fem_point *pt, char *msg, size_t n);
    /* The "# ..." lines of table t, after the pipeline's first lines
     * ("# cwb VERSION reference: NAME (study PATH)" and the title). */
    void (*provenance)(FILE *f, size_t t, const cwb_fem_job *job, const void *summary);
    /* One line, no newline, reported after the CSVs' names. */
    void (*result)(char *buf, size_t n, const cwb_fem_job *job, const void *summary);
} cwb_fem_model;

/* The table of models (models.c), the one place that knows their names. */
size_t cwb_fem_model_count(void);
const cwb_fem_model *cwb_fem_model_at(size_t i);
const cwb_fem_model *cwb_fem_model_find(const char *name);

/* ------------------------------------------------------------------ */
/* What tests call of each model (models/NAME.c)                       */

/* ------------------------------------------------------------------ */
/* Half-round body under Hertzian traction (seed 000 Sec. 2.3, 4.1)    */

typedef enum {
    CWB_BASE_FIXED = 0, /* diameter clamped, u = 0 (the paper's model) */
    CWB_BASE_SYMMETRIC  /* diameter on rollers (u_z = 0), centre pinned:
                             the half of a disc loaded on two opposite
                             sides, which is Johnson's eq. 17 exactly */
} cwb_base;

typedef struct {
    double R;     /* body radius [m] */
    double a;     /* half-width of the flat, where the traction acts [m] */
    double E, nu; /* Young's modulus [Pa], Poisson's ratio [-] */
    double N;     /* resultant of the Hertzian normal traction [N/m] */
    double T;     /* resultant of the Hertzian tangential traction [N/m] */
    cwb_base base;
    double fine;   /* element size on the flat / a [-] */
    double coarse; /* element size far from the flat / R [-] */
} cwb_halfround;

/* Write the gmsh geometry: the upper half-disc of radius R centred at the
 * origin, its top trimmed to the flat |x| <= a at z = sqrt(R^2 - a^2);
 * physical groups 1 BASE (the diameter), 2 FLAT, 3 TOP (the point (0, z)
 * on the flat), 4 CENTRE (origin); sizes graded by distance to the flat. */
void cwb_halfround_geo(FILE *f, const cwb_halfround *h);

/* Write the CalculiX deck for the half-round body: CPE6 plane strain of
 * unit thickness, step 1 the normal traction (downwards, resultant N),
 * step 2 the tangential traction (+x, resultant T), each alone; prints U
 * at TOP and CENTRE and the total reaction on BASE. */
int cwb_halfround_deck(FILE *f, const cwb_mesh *m, const cwb_halfround *h, char *msg, size_t n);

/* What one CalculiX .dat of the half-round deck says. */
typedef struct {
    int steps;             /* steps found (2 when complete) */
    double top[2][2];      /* [step][x, z] displacement of TOP [m] */
    double centre[2][2];   /* the same for CENTRE [m] */
    double reaction[2][2]; /* [step][x, z] total force on BASE [N/m] */
} cwb_halfround_out;

/* Parse a .dat written by the half-round deck of body radius R [m] (the
 * model's size: cwb_fem_number). CWB_EINPUT with the line when it is
 * malformed or a number is out of range, CWB_EFAIL when a step's results
 * are missing. */
int cwb_halfround_dat(cwb_halfround_out *o, const char *path, double R, char *msg, size_t n);

/* Johnson's eq. 17 (seed 000): approach of the flat's centre to the body's
 * centre under the normal traction, (1 - nu^2)/E 2N/pi [ln(4R/a) - 1/2]. */
double cwb_eq17_displacement(double R, double a, double E, double nu, double N);

/* Seed 000 eq. 20: horizontal displacement of the flat's centre under the
 * tangential traction T for penalty factor w. */
double cwb_eq20_displacement(double R, double a, double E, double nu, double T, double w);

/* The w for which eq. 20 gives u_x, by a GSL Brent root solve on
 * [-10, 10]. NaN when there is none there. */
double cwb_eq20_penalty(double R, double a, double E, double nu, double T, double u_x);

/* ------------------------------------------------------------------ */
/* Two cylinders in frictional contact (seed 000 Sec. 4.2, Fig. 10)     */

typedef struct {
    double R, E, nu, mu;     /* both bodies: radius [m], E [Pa], nu [-]; Coulomb mu [-] */
    double delta_n;          /* final approach of the upper body's diameter [m] */
    double delta_t;          /* final horizontal displacement of it [m] */
    int together;            /* 0: case 1 (delta_n, then delta_t); 1: case 2 (together) */
    double delta_t_traction; /* case 1: delta_t at which the tractions are written [m] */
    double fine, coarse;     /* element size within `zone` of the contact / far, / R */
    double zone;             /* radius of the refined zone and of the contact surfaces / R */
    double penalty;          /* contact stiffness of the pressure-overclosure law [Pa/m] */
    double stick;            /* stick slope of the friction law [Pa/m] */
} cwb_cylinders;

/* gmsh geometry: lower body the upper half-disc centred at (0, 0), upper
 * body the lower half-disc centred at (0, 2R), touching at (0, R); groups
 * 1 LOWBASE, 2 LOWARC, 3 UPBASE, 4 UPARC, 5 LOW, 6 UP. */
void cwb_cylinders_geo(FILE *f, const cwb_cylinders *c);

/* CalculiX deck: CPE6, surface-to-surface contact (slave: the upper arc,
 * master: the lower arc, within zone R of the contact point), linear
 * pressure-overclosure with `penalty`, Coulomb friction mu with `stick`;
 * lower diameter clamped, the upper diameter displaced. Case 1: step 1
 * delta_n, step 2 delta_t to delta_t_traction, step 3 to delta_t; case 2:
 * one step. Prints the upper diameter's total reaction each increment;
 * writes contact stresses and displacements to the .frd at every increment
 * of step 2 (case 1) or of the one step (case 2). */
int cwb_cylinders_deck(FILE *f, const cwb_mesh *m, const cwb_cylinders *c, char *msg, size_t n);

/* Reactions of the upper diameter per increment, from the .dat. */
typedef struct {
    size_t count;
    double *time;    /* total time of each increment [-] */
    double *fx, *fz; /* total reaction force of the upper diameter [N/m] */
} cwb_cylinders_reactions;

int cwb_cylinders_dat(cwb_cylinders_reactions *r, const char *path, char *msg, size_t n);
void cwb_cylinders_reactions_free(cwb_cylinders_reactions *r);

/* Pointwise refinement change of the contact tractions, measured as the
 * comparison measures a run against them (src/io/compare.c): rows
 * {x_deformed, x, p, q} sorted by x; the refined run's p and q interpolated
 * (cwb_interp_curve) at the base run's x, |base - refined| over the base
 * rows inside the refined run's span, / max |base| there. change[0] is p's,
 * change[1] q's; at[] the x of each largest change. CWB_EFAIL when a curve
 * cannot be interpolated or no base row is inside the refined span. */
int cwb_cylinders_traction_change(const double (*base)[4], size_t nb, const double (*fine)[4],
                                  size_t nf, double change[2], double at[2]);

/* ------------------------------------------------------------------ */
/* Elastic-perfectly-plastic sphere on a rigid flat (Rathbone, ch. 3-4) */

typedef struct {
    double R, E, nu, sigma_y;  /* radius [m], E [Pa], nu [-], yield stress [Pa] (0: elastic) */
    double path[CWB_MAX_LIST]; /* target overlaps of the legs [m] */
    size_t npath;
    int increments;      /* increments per leg (the largest allowed) */
    double fine, coarse; /* element size in the contact zone / far, / R */
    double zone;         /* radius of the fine zone / R */
    double growth;       /* element size growth per unit distance beyond it [-] */
    double penalty;      /* contact stiffness K = penalty E / (fine R) [-] */
    int small_strain;    /* 1: geometrically linear steps (no NLGEOM) */
    int neo_hooke;       /* 1: neo-Hookean *HYPERELASTIC instead of *ELASTIC */
    int profiles;        /* 1: the pressure profile of every increment of leg 1 too */
    int stress;          /* 1: the stress tensor in the .frd (*EL FILE S) */
} cwb_sphere;

/* One converged increment. */
typedef struct {
    double time;                  /* total time: leg k ends at k [-] */
    double force, delta;          /* contact force [N], equator approach [m] (.dat) */
    double contact_radius;        /* [m] (.frd) */
    double p_centre;              /* contact pressure on the axis [Pa] */
    double copen_centre;          /* CalculiX COPEN on the axis [m] */
    double peeq_centre, peeq_max; /* equivalent plastic strain [-] */
} cwb_sphere_increment;

typedef struct {
    size_t count, cap;
    cwb_sphere_increment *inc;
    size_t nprofile;
    double *profile, *profile_p; /* r [m] and pressure [Pa] at the end of leg 1 */
    size_t nall, capall;         /* with profiles: rows of `all` */
    double *all;                 /* delta [m], r [m], pressure [Pa] per row, leg 1 */
} cwb_sphere_out;

/* Yield overlap of Rathbone eq. 8, R (pi Ay(nu) sigma_y / 2E*)^2 with
 * E* = E / (1 - nu^2) (sphere on a rigid flat); 0 when sigma_y = 0. */
double cwb_sphere_delta_y(double R, double E, double nu, double sigma_y);
/* gmsh geometry; groups 1 AXIS, 2 EQUATOR, 3 ARC, 4 FLATTOP, 5 BALL,
 * 6 FLAT, 7 CENTRE (contact point of the ball), 8 EQPOINT. */
void cwb_sphere_geo(FILE *f, const cwb_sphere *s);
int cwb_sphere_deck(FILE *f, const cwb_mesh *m, const cwb_sphere *s, char *msg, size_t n);
/* Force and delta per increment from the .dat into o (zero it first). */
int cwb_sphere_dat(cwb_sphere_out *o, const char *path, const cwb_sphere *s, char *msg, size_t n);
/* Contact radius, pressure and PEEQ per increment from the .frd. */
int cwb_sphere_frd(cwb_sphere_out *o, const char *path, const cwb_mesh *m, const cwb_sphere *s,
                   char *msg, size_t n);
void cwb_sphere_out_free(cwb_sphere_out *o);
/* Edge of the pressed zone from nodal pressures p at radii r (sorted);
 * open nodes within r0 of the axis do not end the zone. */
double cwb_sphere_edge(const double *r, const double *p, size_t count, double r0);
/* Pressure on the axis from nodal pressures beyond r0 (p^2 linear in r^2). */
double cwb_sphere_centre_pressure(const double *r, const double *p, size_t count, double r0,
                                  double a);
/* Leg (1 load, 2 unload, 3 reload) of step k (1-based). */
int cwb_sphere_leg(const cwb_sphere *s, size_t k);

/* ------------------------------------------------------------------ */
/* Solver output: one checked parser for every number (fem.c)          */
/*
 * Every number a model takes from a CalculiX .dat or .frd goes through
 * cwb_fem_number: finite and plausible for its kind, or the file is
 * refused naming its path and line. A cut, corrupted or edited file must
 * not become a reference CSV (a planted 1e305 displacement used to reach
 * one as "inf" with exit status 0).
 */

/* Largest |value| of any number in the output: the models' quantities in
 * SI or deck units (stresses up to some 1e12 Pa, forces, energies) stay
 * far below, and products of a few such numbers with the unit factors
 * stay finite in double precision (1e308). */
#define CWB_FEM_VALUE_MAX 1e30
/* Largest |length| (displacement, coordinate) in model sizes (the body's
 * radius R): a contact problem's displacements are a fraction of R, its
 * coordinates within a few R; ten times that is no solver result. */
#define CWB_FEM_SIZES 10

typedef enum {
    CWB_FEM_VALUE,  /* force, stress, energy, strain: |v| <= CWB_FEM_VALUE_MAX */
    CWB_FEM_LENGTH, /* displacement or coordinate: |v| <= CWB_FEM_SIZES x size */
    CWB_FEM_TIME,   /* total time of an increment: 0 <= t <= CWB_FEM_VALUE_MAX */
    CWB_FEM_ID      /* node, element or integration point number: 1 ... INT_MAX */
} cwb_fem_kind;

/* One solver output file being read, a line at a time. The first error
 * sticks in rc (with its message in msg): later calls do nothing, loops
 * end, and the reader returns rc. */
typedef struct {
    FILE *f;
    const char *path;
    double size; /* the model's size (its body's radius) in the file's length unit */
    int line;    /* the line in buf, from 1 */
    int again;   /* 1: the next cwb_fem_line gives buf once more */
    int rc;      /* CWB_OK, or the first error */
    char buf[512];
    char *msg;
    size_t n;
} cwb_fem_file;

/* Open path: CWB_OK, or CWB_EFAIL "PATH: no solver output". */
int cwb_fem_open(cwb_fem_file *o, const char *path, double size, char *msg, size_t n);
void cwb_fem_close(cwb_fem_file *o);
/* The next line into o->buf: 1, or 0 at the end of the file or after an
 * error (a line longer than the buffer is one: CalculiX writes none). */
int cwb_fem_line(cwb_fem_file *o);
/* The number at *s (blanks skipped), of kind k, into *v and *s moved past
 * it: CWB_OK; *v = NaN and *s unchanged when there is no number there;
 * CWB_EINPUT (o->rc) when it is not finite or not plausible for k. */
int cwb_fem_number(cwb_fem_file *o, const char **s, cwb_fem_kind k, double *v);
/* Up to max numbers from s, number i of kind k[i], into v; *got receives
 * how many there were (up to the first word that is not a number). */
int cwb_fem_numbers(cwb_fem_file *o, const char *s, const cwb_fem_kind *k, int max, double *v,
                    int *got);
/* The time of a .dat block header, the number at s (after "and time"):
 * CWB_OK, or CWB_EINPUT when there is none or it is not a time. */
int cwb_fem_time(cwb_fem_file *o, const char *s, double *t);
/* The first non-blank line after a .dat block header: its first `want`
 * numbers (kinds k) into v; CWB_EINPUT "expected the numbers of WHAT" when
 * it has fewer or the file ends. */
int cwb_fem_dat_row(cwb_fem_file *o, const cwb_fem_kind *k, int want, double *v, const char *what);
/* A field of the fixed-width .frd line in o->buf: `width` characters at
 * `at`, of kind k: CWB_OK with *v (NaN when the line is shorter or the
 * field holds no number), CWB_EINPUT when its number is not plausible. */
int cwb_fem_field(cwb_fem_file *o, size_t at, size_t width, cwb_fem_kind k, double *v);
/* The node number of an .frd data line (" -1" and the number in 10
 * characters at 3): its row in m, or -1 when m has no such node (CalculiX
 * adds nodes when it expands 2D elements); -1 with o->rc set when the
 * field is not a node number. */
int cwb_fem_frd_row(cwb_fem_file *o, const cwb_mesh *m);

/* The reason every FEM reference gives on its "# independence: fem" line. */
#define FEM_INDEPENDENCE                                                                           \
    "gmsh + CalculiX model of the geometry (plane strain, axisymmetric or 3D: the model line "     \
    "says which); shares no code with cwb's laws "                                                 \
    "(written by cwb reference)"

#endif /* CWB_FEM_H */
