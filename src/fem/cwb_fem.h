/* cwb_fem.h -- FEM reference pipeline: gmsh meshes, CalculiX decks, and
 * the parsing of their output (`cwb reference STUDY`, src/fem/study.c).
 *
 * The workbench writes every input itself: a gmsh .geo for the geometry
 * and mesh grading, then (after gmsh has meshed it) the CalculiX deck with
 * nodes, elements, material, boundary conditions and the consistent nodal
 * forces of the loading. Solver output is read from the .dat file only
 * (*NODE PRINT), so a committed .dat is enough to re-derive every number of
 * a reference CSV (tests/test_fem.c does that).
 */
#ifndef CWB_FEM_H
#define CWB_FEM_H

#include <stddef.h>
#include <stdio.h>

#include "cwb.h"

/* ------------------------------------------------------------------ */
/* Half-round body under Hertzian traction (seed 000 Sec. 2.3, 4.1)    */

typedef enum {
    CWB_BASE_FIXED = 0,   /* diameter clamped, u = 0 (the paper's model) */
    CWB_BASE_SYMMETRIC    /* diameter on rollers (u_z = 0), centre pinned:
                             the half of a disc loaded on two opposite
                             sides, which is Johnson's eq. 17 exactly */
} cwb_base;

typedef struct {
    double R;        /* body radius [m] */
    double a;        /* half-width of the flat, where the traction acts [m] */
    double E, nu;    /* Young's modulus [Pa], Poisson's ratio [-] */
    double N;        /* resultant of the Hertzian normal traction [N/m] */
    double T;        /* resultant of the Hertzian tangential traction [N/m] */
    cwb_base base;
    double fine;     /* element size on the flat / a [-] */
    double coarse;   /* element size far from the flat / R [-] */
} cwb_halfround;

/* Write the gmsh geometry: the upper half-disc of radius R centred at the
 * origin, its top trimmed to the flat |x| <= a at z = sqrt(R^2 - a^2);
 * physical groups 1 BASE (the diameter), 2 FLAT, 3 TOP (the point (0, z)
 * on the flat), 4 CENTRE (origin); sizes graded by distance to the flat. */
void cwb_halfround_geo(FILE *f, const cwb_halfround *h);

/* A gmsh mesh (MSH 2.2 ASCII) of 6-node triangles and the 3-node lines
 * and points of its physical groups. */
typedef struct {
    size_t nnode;
    int *node_id;          /* gmsh node numbers */
    double *x, *z;
    size_t ntri;
    int (*tri)[6];         /* node numbers, gmsh = CalculiX CPE6 order */
    int *tri_group;        /* physical surface of each triangle */
    size_t nline;
    int (*line)[4];        /* physical group, end, end, middle */
    size_t npoint;
    int (*point)[2];       /* physical group, node */
    int max_id;
    int *index;            /* node number -> row, -1 if unused */
} cwb_mesh;

int cwb_mesh_read(cwb_mesh *m, const char *path, char *msg, size_t n);
void cwb_mesh_free(cwb_mesh *m);
/* Smallest corner-to-corner edge of the triangles [m]. */
double cwb_mesh_min_size(const cwb_mesh *m);
/* The node of physical point group `group`, or -1. */
int cwb_mesh_point(const cwb_mesh *m, int group);

/* Consistent nodal forces of the Hertzian traction of resultant 1,
 * s(x) = (2 / pi a) (1 - x^2/a^2)^(1/2), on the quadratic edges of group
 * `group` (straight and on the line z = const): f[row] per node row of the
 * mesh, integrated with the quadratic shape functions by GSL QAGS.
 * Returns the sum of the forces (1 up to the quadrature), NaN on failure. */
double cwb_hertz_nodal_forces(const cwb_mesh *m, int group, double a, double *f);

/* Write the CalculiX deck for the half-round body: CPE6 plane strain of
 * unit thickness, step 1 the normal traction (downwards, resultant N),
 * step 2 the tangential traction (+x, resultant T), each alone; prints U
 * at TOP and CENTRE and the total reaction on BASE. */
int cwb_halfround_deck(FILE *f, const cwb_mesh *m, const cwb_halfround *h, char *msg, size_t n);

/* What one CalculiX .dat of the half-round deck says. */
typedef struct {
    int steps;                   /* steps found (2 when complete) */
    double top[2][2];            /* [step][x, z] displacement of TOP [m] */
    double centre[2][2];         /* the same for CENTRE [m] */
    double reaction[2][2];       /* [step][x, z] total force on BASE [N/m] */
} cwb_halfround_out;

/* Parse a .dat written by the half-round deck. CWB_EINPUT with the line
 * when it is malformed, CWB_EFAIL when a step's results are missing. */
int cwb_halfround_dat(cwb_halfround_out *o, const char *path, char *msg, size_t n);

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
    double R, E, nu, mu;    /* both bodies: radius [m], E [Pa], nu [-]; Coulomb mu [-] */
    double delta_n;         /* final approach of the upper body's diameter [m] */
    double delta_t;         /* final horizontal displacement of it [m] */
    int together;           /* 0: case 1 (delta_n, then delta_t); 1: case 2 (together) */
    double delta_t_traction;/* case 1: delta_t at which the tractions are written [m] */
    double fine, coarse;    /* element size within `zone` of the contact / far, / R */
    double zone;            /* radius of the refined zone and of the contact surfaces / R */
    double penalty;         /* contact stiffness of the pressure-overclosure law [Pa/m] */
    double stick;           /* stick slope of the friction law [Pa/m] */
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

/* Reactions of the upper diameter per increment from the .dat: time, F_x,
 * F_z (arrays of *count, malloc'd). */
int cwb_cylinders_dat(const char *path, double **time, double **fx, double **fz, size_t *count,
                      char *msg, size_t n);

/* One nodal block of a CalculiX .frd at total time `time`: `ncomp`
 * components per node (values[row * ncomp + k], rows as the mesh's, NaN
 * where absent). CWB_EFAIL when the block is not there. */
int cwb_frd_block(const char *path, const cwb_mesh *m, const char *name, double time, int ncomp,
                  double *values, char *msg, size_t n);

#endif /* CWB_FEM_H */
