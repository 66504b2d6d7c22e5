/* cwb_fem_c3d10.h -- gmsh's 10-node tetrahedra as CalculiX C3D10 elements:
 * the node order, the orientation, a check of the mid-edge nodes and the
 * faces. Shared by the 3D models that write C3D10 decks (sphere_shear,
 * sphere_impact).
 */
#ifndef CWB_FEM_C3D10_H
#define CWB_FEM_C3D10_H

#include <stddef.h>
#include <stdio.h>

#include "cwb_fem.h"

/* The corners of C3D10 face k (0-based: S1 1-2-3, S2 1-4-2, S3 2-4-3,
 * S4 3-4-1) as indices into the node list of cwb_c3d10_nodes. */
extern const int cwb_c3d10_face[4][3];

/* The coordinates of node number id of a 3D mesh (gmsh x, y, z). */
void cwb_c3d10_point(const cwb_mesh *m, int id, double p[3]);

/* The C3D10 node list of tetrahedron e: gmsh's mid-edge order (0-1, 1-2,
 * 2-0, 3-0, 3-2, 3-1) turned into CalculiX's (1-2, 2-3, 3-1, 1-4, 2-4,
 * 3-4), the corners flipped when the volume is negative. */
void cwb_c3d10_nodes(const cwb_mesh *m, size_t e, int nd[10]);

/* Every mid-edge node near the middle of its corners (within a quarter of
 * the edge: curved boundaries allowed). CWB_EFAIL naming the element when
 * not: gmsh's node order changed. */
int cwb_c3d10_check(const cwb_mesh *m, char *msg, size_t n);

/* *ELEMENT, TYPE=C3D10, ELSET=name: the tetrahedra of volume group
 * `group` (0: all), numbered by their place in the mesh from 1. */
void cwb_c3d10_elements(FILE *f, const cwb_mesh *m, const char *name, int group);

/* Keys of the [contact] section the 3D contact models share
 * (models/sphere_impact.c, models/sphere_shear.c), each block where the
 * model's table puts it: the penalty contact (stiffness and the friction's
 * stick slope), and the fine zone of the mesh around the contact point
 * (its radius, default zone_def, the growth beyond it, the slave surface). */
#define CWB_C3D10_PENALTY_KEYS                                                                     \
    {.name = "penalty",                                                                            \
     .unit = "-",                                                                                  \
     .def = 10,                                                                                    \
     .min = 0.1,                                                                                   \
     .max = 1e6,                                                                                   \
     .help = "contact stiffness K = penalty E / h0 [Pa/m]"},                                       \
    {                                                                                              \
        .name = "stick", .unit = "-", .def = 10, .min = 0.01, .max = 1e6,                          \
        .help = "stick slope of the friction = stick E / h0 [Pa/m]"                                \
    }
#define CWB_C3D10_MESH_KEYS(zone_def)                                                              \
    {.name = "zone",                                                                               \
     .unit = "-",                                                                                  \
     .def = zone_def,                                                                              \
     .min = 0,                                                                                     \
     .max = 0.5,                                                                                   \
     .flags = CWB_P_MIN_OPEN,                                                                      \
     .help = "radius of the fine zone around the contact point / R (must hold the contact)"},      \
        {.name = "growth",                                                                         \
         .unit = "-",                                                                              \
         .def = 0.3,                                                                               \
         .min = 0.01,                                                                              \
         .max = 1,                                                                                 \
         .help = "growth of the element size per unit distance beyond the fine zone"},             \
    {                                                                                              \
        .name = "slave", .unit = "-", .def = 1.5, .min = 1, .max = 3,                              \
        .help = "the slave surface: the sphere's faces within this many zone radii of the "        \
                "contact point"                                                                    \
    }

#endif /* CWB_FEM_C3D10_H */
