/* fuzz_msh.c -- AFL++ harness for the gmsh mesh reader, cwb_mesh_read
 * (src/fem/fem.c: MSH 2.2 ASCII, the counts and numbers of $Nodes and
 * $Elements). A mesh that reads is walked as the pipeline walks it (the
 * smallest element edge, a point group's node), so an element referring
 * to a node the index does not hold shows up here. Seeds: the committed
 * tests/data/fem/ *.msh and fuzz/corpus/msh/ (fuzz/run.sh). */
#include "cwb_fem.h"

#include "fuzz.h"

int fuzz_one(const char *path, char *msg, size_t n)
{
    cwb_mesh m;
    int rc = cwb_mesh_read(&m, path, msg, n);
    if (rc != CWB_OK)
        return rc;
    (void)cwb_mesh_min_size(&m);
    int node = cwb_mesh_point(&m, 3);
    if (node >= 0)
        (void)cwb_mesh_row(&m, node);
    cwb_mesh_free(&m);
    return rc;
}
