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

#endif /* CWB_FEM_C3D10_H */
