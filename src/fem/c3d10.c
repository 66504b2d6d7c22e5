/* c3d10.c -- gmsh 10-node tetrahedra written as CalculiX C3D10 (see
 * cwb_fem_c3d10.h). */
#include <math.h>

#include "cwb_fem_c3d10.h"

/* gmsh's mid-edge nodes 4-9 lie on 0-1, 1-2, 2-0, 3-0, 3-2, 3-1; CalculiX
 * wants 1-2, 2-3, 3-1, 1-4, 2-4, 3-4: the last two swap. */
static const int tet_order[10] = {0, 1, 2, 3, 4, 5, 6, 7, 9, 8};

const int cwb_c3d10_face[4][3] = {{0, 1, 2}, {0, 3, 1}, {1, 3, 2}, {2, 3, 0}};

void cwb_c3d10_point(const cwb_mesh *m, int id, double p[3])
{
    int r = cwb_mesh_row(m, id);
    p[0] = m->x[r], p[1] = m->z[r], p[2] = m->w[r];
}

void cwb_c3d10_nodes(const cwb_mesh *m, size_t e, int nd[10])
{
    for (int k = 0; k < 10; k++)
        nd[k] = m->tet[e][tet_order[k]];
    double p[4][3];
    for (int k = 0; k < 4; k++)
        cwb_c3d10_point(m, nd[k], p[k]);
    double a[3], b[3], c[3];
    for (int k = 0; k < 3; k++)
        a[k] = p[1][k] - p[0][k], b[k] = p[2][k] - p[0][k], c[k] = p[3][k] - p[0][k];
    double vol = a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
                 a[2] * (b[0] * c[1] - b[1] * c[0]);
    if (vol < 0) {
        int t;
        t = nd[1], nd[1] = nd[2], nd[2] = t; /* corners 2, 3 */
        t = nd[4], nd[4] = nd[6], nd[6] = t; /* edges 1-2, 3-1 */
        t = nd[8], nd[8] = nd[9], nd[9] = t; /* edges 2-4, 3-4 */
    }
}

int cwb_c3d10_check(const cwb_mesh *m, char *msg, size_t n)
{
    static const int edge[6][2] = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};
    for (size_t e = 0; e < m->ntet; e++) {
        int nd[10];
        cwb_c3d10_nodes(m, e, nd);
        for (int k = 0; k < 6; k++) {
            double p[3], q[3], c[3], d = 0, len = 0;
            cwb_c3d10_point(m, nd[edge[k][0]], p);
            cwb_c3d10_point(m, nd[edge[k][1]], q);
            cwb_c3d10_point(m, nd[4 + k], c);
            for (int j = 0; j < 3; j++) {
                double mid = 0.5 * (p[j] + q[j]);
                d += (c[j] - mid) * (c[j] - mid);
                len += (q[j] - p[j]) * (q[j] - p[j]);
            }
            if (d > 0.0625 * len)
                return cwb_fail(msg, n, CWB_EFAIL,
                                "mesh: tetrahedron %zu: node %d is not the middle of its edge "
                                "(gmsh's 10-node order changed?)",
                                e + 1, nd[4 + k]);
        }
    }
    return CWB_OK;
}

void cwb_c3d10_elements(FILE *f, const cwb_mesh *m, const char *name, int group)
{
    fprintf(f, "*ELEMENT, TYPE=C3D10, ELSET=%s\n", name);
    for (size_t e = 0; e < m->ntet; e++) {
        if (group && m->tet_group[e] != group)
            continue;
        int nd[10];
        cwb_c3d10_nodes(m, e, nd);
        fprintf(f, "%zu, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d\n", e + 1, nd[0], nd[1], nd[2],
                nd[3], nd[4], nd[5], nd[6], nd[7], nd[8], nd[9]);
    }
}
