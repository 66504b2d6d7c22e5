/* fem.c -- meshes, deck pieces and CalculiX field output for the FEM
 * reference pipeline (cwb_fem.h). No solver is run here (study.c runs
 * them) and nothing here knows a model (models/NAME.c).
 *
 * Element: CPE6, the 6-node plane-strain triangle (quadratic), thickness 1,
 * so forces are per unit length [N/m] as in seed 000. gmsh numbers the
 * nodes of a second-order triangle corners first, then the mid-side nodes
 * of edges 1-2, 2-3, 3-1, which is CalculiX's CPE6 order too; triangles
 * are written counter-clockwise (checked, flipped if needed).
 *
 * CalculiX reads at most 20 characters per field, so coordinates and
 * forces are written with 13 significant digits.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_integration.h>

#include "cwb_fem.h"

/* ---------------------------------------------------------------- mesh */

void cwb_mesh_free(cwb_mesh *m)
{
    free(m->node_id);
    free(m->x);
    free(m->z);
    free(m->tri);
    free(m->tri_group);
    free(m->line);
    free(m->point);
    free(m->index);
    free(m->w);
    free(m->tet);
    free(m->tet_group);
    memset(m, 0, sizeof *m);
}

static int row_of(const cwb_mesh *m, int id)
{
    return id >= 0 && id <= m->max_id ? m->index[id] : -1;
}

int cwb_mesh_row(const cwb_mesh *m, int id)
{
    return row_of(m, id);
}

/* Reading an MSH 2.2 file: the file, the line last read and where a
 * complaint goes. */
typedef struct {
    FILE *f;
    const char *path;
    int lineno;
    char buf[512];
    char *msg;
    size_t n;
} msh_reader;

static int msh_line(msh_reader *r)
{
    r->lineno++;
    return fgets(r->buf, sizeof r->buf, r->f) != NULL;
}

static int msh_bad(const msh_reader *r, const char *why)
{
    return cwb_fail(r->msg, r->n, CWB_EINPUT, "%s:%d: %s", r->path, r->lineno, why);
}

static int read_format(msh_reader *r)
{
    double version;
    if (!msh_line(r) || sscanf(r->buf, "%lf", &version) != 1 || version < 2.0 || version >= 3.0)
        return msh_bad(r, "not an MSH 2 ASCII mesh (run gmsh with -format msh22)");
    return CWB_OK;
}

static int read_nodes(msh_reader *r, cwb_mesh *m)
{
    size_t count;
    if (!msh_line(r) || sscanf(r->buf, "%zu", &count) != 1 || count == 0)
        return msh_bad(r, "bad node count");
    m->nnode = count;
    m->node_id = malloc(count * sizeof *m->node_id);
    m->x = malloc(count * sizeof *m->x);
    m->z = malloc(count * sizeof *m->z);
    m->w = malloc(count * sizeof *m->w);
    if (!m->node_id || !m->x || !m->z || !m->w)
        return msh_bad(r, "out of memory");
    for (size_t i = 0; i < count; i++) {
        if (!msh_line(r) ||
            sscanf(r->buf, "%d %lf %lf %lf", &m->node_id[i], &m->x[i], &m->z[i], &m->w[i]) != 4 ||
            m->node_id[i] < 1)
            return msh_bad(r, "bad node line");
        if (m->node_id[i] > m->max_id)
            m->max_id = m->node_id[i];
    }
    m->index = malloc(((size_t)m->max_id + 1) * sizeof *m->index);
    if (!m->index)
        return msh_bad(r, "out of memory");
    for (int i = 0; i <= m->max_id; i++)
        m->index[i] = -1;
    for (size_t i = 0; i < count; i++)
        m->index[m->node_id[i]] = (int)i;
    return CWB_OK;
}

/* One line of $Elements: keep 10-node tetrahedra, 6-node triangles,
 * 3-node lines and points. */
static int read_element(msh_reader *r, cwb_mesh *m)
{
    int v[16], k = 0, used;
    const char *s = r->buf;
    while (k < 16 && sscanf(s, "%d%n", &v[k], &used) == 1) {
        s += used;
        k++;
    }
    if (k < 3 || k < 3 + v[2])
        return msh_bad(r, "bad element line");
    int type = v[1], group = v[2] > 0 ? v[3] : 0, *nd = v + 3 + v[2];
    int nn = k - 3 - v[2];
    int want = type == 11 ? 10 : type == 9 ? 6 : type == 8 ? 3 : type == 15 ? 1 : -1;
    if (want < 0)
        return msh_bad(r, "element type other than 10-node tetrahedron, 6-node triangle, "
                          "3-node line, point (mesh with Mesh.ElementOrder = 2)");
    if (nn != want)
        return msh_bad(r, "wrong number of nodes for the element type");
    for (int j = 0; j < nn; j++)
        if (row_of(m, nd[j]) < 0)
            return msh_bad(r, "element refers to an unknown node");
    if (type == 11) {
        m->tet_group[m->ntet] = group;
        memcpy(m->tet[m->ntet++], nd, 10 * sizeof(int));
    } else if (type == 9) {
        m->tri_group[m->ntri] = group;
        memcpy(m->tri[m->ntri++], nd, 6 * sizeof(int));
    } else if (type == 8) {
        int *l = m->line[m->nline++];
        l[0] = group;
        memcpy(l + 1, nd, 3 * sizeof(int));
    } else {
        m->point[m->npoint][0] = group;
        m->point[m->npoint++][1] = nd[0];
    }
    return CWB_OK;
}

static int read_elements(msh_reader *r, cwb_mesh *m)
{
    size_t count;
    if (!m->index)
        return msh_bad(r, "$Elements before $Nodes");
    if (!msh_line(r) || sscanf(r->buf, "%zu", &count) != 1)
        return msh_bad(r, "bad element count");
    m->tri = malloc(count * sizeof *m->tri);
    m->tri_group = malloc(count * sizeof *m->tri_group);
    m->line = malloc(count * sizeof *m->line);
    m->point = malloc(count * sizeof *m->point);
    m->tet = malloc(count * sizeof *m->tet);
    m->tet_group = malloc(count * sizeof *m->tet_group);
    if (!m->tri || !m->tri_group || !m->line || !m->point || !m->tet || !m->tet_group)
        return msh_bad(r, "out of memory");
    for (size_t i = 0; i < count; i++) {
        if (!msh_line(r))
            return msh_bad(r, "the element list ends early");
        int rc = read_element(r, m);
        if (rc)
            return rc;
    }
    return CWB_OK;
}

/* Counter-clockwise corners, as CalculiX expects. */
static void orient_triangles(cwb_mesh *m)
{
    for (size_t e = 0; e < m->ntri; e++) {
        int *t = m->tri[e];
        int r0 = row_of(m, t[0]), r1 = row_of(m, t[1]), r2 = row_of(m, t[2]);
        double area2 = (m->x[r1] - m->x[r0]) * (m->z[r2] - m->z[r0]) -
                       (m->x[r2] - m->x[r0]) * (m->z[r1] - m->z[r0]);
        if (area2 < 0) { /* swap corners 2,3 and mid-sides 4 (1-2),6 (3-1) */
            int s = t[1];
            t[1] = t[2];
            t[2] = s;
            s = t[3];
            t[3] = t[5];
            t[5] = s;
        }
    }
}

int cwb_mesh_read(cwb_mesh *m, const char *path, char *msg, size_t n)
{
    memset(m, 0, sizeof *m);
    msh_reader r = {.f = fopen(path, "r"), .path = path, .msg = msg, .n = n};
    if (!r.f)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: cannot open the mesh", path);
    int rc = CWB_OK;
    while (rc == CWB_OK && msh_line(&r)) {
        if (strncmp(r.buf, "$MeshFormat", 11) == 0)
            rc = read_format(&r);
        else if (strncmp(r.buf, "$Nodes", 6) == 0)
            rc = read_nodes(&r, m);
        else if (strncmp(r.buf, "$Elements", 9) == 0)
            rc = read_elements(&r, m);
    }
    if (rc == CWB_OK && (!m->nnode || (!m->ntri && !m->ntet)))
        rc = msh_bad(&r, "no nodes or no triangles");
    fclose(r.f);
    if (rc)
        cwb_mesh_free(m);
    else if (!m->ntet) /* 3D: the triangles are faces, oriented by the model */
        orient_triangles(m);
    return rc;
}

/* Smallest corner-to-corner edge of the tetrahedra (3D meshes). */
static double tet_min_size(const cwb_mesh *m)
{
    double hmin = INFINITY;
    for (size_t e = 0; e < m->ntet; e++)
        for (int j = 0; j < 4; j++)
            for (int k = j + 1; k < 4; k++) {
                int p = row_of(m, m->tet[e][j]), q = row_of(m, m->tet[e][k]);
                double dx = m->x[p] - m->x[q], dy = m->z[p] - m->z[q], dz = m->w[p] - m->w[q];
                hmin = fmin(hmin, sqrt(dx * dx + dy * dy + dz * dz));
            }
    return hmin;
}

double cwb_mesh_min_size(const cwb_mesh *m)
{
    if (m->ntet)
        return tet_min_size(m);
    double hmin = INFINITY;
    for (size_t e = 0; e < m->ntri; e++)
        for (int j = 0; j < 3; j++) {
            int p = row_of(m, m->tri[e][j]), q = row_of(m, m->tri[e][(j + 1) % 3]);
            double d = hypot(m->x[p] - m->x[q], m->z[p] - m->z[q]);
            if (d < hmin)
                hmin = d;
        }
    return hmin;
}

int cwb_mesh_point(const cwb_mesh *m, int group)
{
    for (size_t i = 0; i < m->npoint; i++)
        if (m->point[i][0] == group)
            return m->point[i][1];
    return -1;
}

/* ------------------------------------------------------- nodal forces */

typedef struct {
    double a, x1, x2; /* traction half-width, the edge's end abscissae */
    int shape;        /* 0, 1: ends, 2: middle */
} edge_integrand;

static double hertz_shape(double x, void *p)
{
    const edge_integrand *e = p;
    double s = 1.0 - (x * x) / (e->a * e->a);
    double traction = s > 0.0 ? 2.0 / (M_PI * e->a) * sqrt(s) : 0.0;
    double xi = (2.0 * x - e->x1 - e->x2) / (e->x2 - e->x1);
    double shape = e->shape == 0   ? 0.5 * xi * (xi - 1.0)
                   : e->shape == 1 ? 0.5 * xi * (xi + 1.0)
                                   : 1.0 - xi * xi;
    return traction * shape;
}

double cwb_hertz_nodal_forces(const cwb_mesh *m, int group, double a, double *f)
{
    gsl_integration_workspace *ws = gsl_integration_workspace_alloc(200);
    if (!ws)
        return NAN;
    for (size_t i = 0; i < m->nnode; i++)
        f[i] = 0.0;
    double total = 0.0;
    for (size_t l = 0; l < m->nline; l++) {
        if (m->line[l][0] != group)
            continue;
        int r[3] = {row_of(m, m->line[l][1]), row_of(m, m->line[l][2]), row_of(m, m->line[l][3])};
        edge_integrand e = {.a = a, .x1 = m->x[r[0]], .x2 = m->x[r[1]]};
        double len = fabs(e.x2 - e.x1);
        /* the flat is straight: its middle nodes sit half-way */
        if (len == 0.0 || fabs(m->x[r[2]] - 0.5 * (e.x1 + e.x2)) > 1e-9 * len ||
            fabs(m->z[r[0]] - m->z[r[1]]) > 1e-9 * len) {
            total = NAN;
            break;
        }
        for (int s = 0; s < 3; s++) {
            e.shape = s;
            gsl_function F = {hertz_shape, &e};
            double v, err;
            double lo = fmin(e.x1, e.x2), hi = fmax(e.x1, e.x2);
            if (gsl_integration_qags(&F, lo, hi, 1e-14, 1e-11, 200, ws, &v, &err)) {
                total = NAN;
                break;
            }
            f[r[s]] += v;
            total += v;
        }
        if (isnan(total))
            break;
    }
    gsl_integration_workspace_free(ws);
    return total;
}

/* -------------------------------------------------------- deck pieces */

void cwb_deck_nodes(FILE *f, const cwb_mesh *m)
{
    fprintf(f, "*NODE, NSET=NALL\n");
    for (size_t i = 0; i < m->nnode; i++)
        fprintf(f, "%d, %.13g, %.13g\n", m->node_id[i], m->x[i], m->z[i]);
}

void cwb_deck_elements(FILE *f, const cwb_mesh *m, const char *name, int group)
{
    cwb_deck_elements_typed(f, m, name, group, "CPE6");
}

void cwb_deck_elements_typed(FILE *f, const cwb_mesh *m, const char *name, int group,
                             const char *type)
{
    fprintf(f, "*ELEMENT, TYPE=%s, ELSET=%s\n", type, name);
    for (size_t e = 0; e < m->ntri; e++)
        if (group == 0 || m->tri_group[e] == group) {
            const int *t = m->tri[e];
            fprintf(f, "%zu, %d, %d, %d, %d, %d, %d\n", e + 1, t[0], t[1], t[2], t[3], t[4], t[5]);
        }
}

int cwb_deck_node_set(FILE *f, const cwb_mesh *m, const char *name, int group, char *msg, size_t n)
{
    char *mark = calloc(m->nnode, 1);
    if (!mark)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    for (size_t l = 0; l < m->nline; l++)
        if (m->line[l][0] == group)
            for (int j = 1; j <= 3; j++)
                mark[row_of(m, m->line[l][j])] = 1;
    fprintf(f, "*NSET, NSET=%s\n", name);
    for (size_t i = 0; i < m->nnode; i++)
        if (mark[i])
            fprintf(f, "%d\n", m->node_id[i]);
    free(mark);
    return CWB_OK;
}

void cwb_deck_surface(FILE *f, const cwb_mesh *m, const char *name, int group, double zone)
{
    fprintf(f, "*SURFACE, NAME=%s, TYPE=ELEMENT\n", name);
    for (size_t l = 0; l < m->nline; l++) {
        if (m->line[l][0] != group)
            continue;
        int a = m->line[l][1], b = m->line[l][2];
        if (fabs(m->x[row_of(m, a)]) > zone || fabs(m->x[row_of(m, b)]) > zone)
            continue;
        for (size_t e = 0; e < m->ntri; e++) {
            const int *t = m->tri[e];
            for (int k = 0; k < 3; k++) {
                int p = t[k], q = t[(k + 1) % 3];
                if ((p == a && q == b) || (p == b && q == a))
                    fprintf(f, "%zu, S%d\n", e + 1, k + 1);
            }
        }
    }
}

/* ---------------------------------------------------------- .frd blocks */

/* A fixed-width number of an .frd line: `width` characters at `at`. */
static double frd_field(const char *line, size_t at, size_t width)
{
    char buf[32];
    size_t len = strlen(line);
    if (at >= len || width >= sizeof buf)
        return NAN;
    snprintf(buf, sizeof buf, "%.*s", (int)width, line + at);
    char *end;
    double v = strtod(buf, &end);
    return end == buf ? NAN : v;
}

int cwb_frd_block(const char *path, const cwb_mesh *m, const cwb_frd_request *q, double *values,
                  char *msg, size_t n)
{
    const char *name = q->name;
    double time = q->time;
    int ncomp = q->ncomp;
    FILE *f = fopen(path, "r");
    if (!f)
        return cwb_fail(msg, n, CWB_EFAIL, "%s: no solver output", path);
    for (size_t i = 0; i < m->nnode * (size_t)ncomp; i++)
        values[i] = NAN;
    char buf[512];
    double block_time = NAN;
    int inside = 0, found = 0;
    while (fgets(buf, sizeof buf, f)) {
        if (strncmp(buf, "  100CL", 7) == 0) {
            block_time = frd_field(buf, 12, 12);
            inside = 0;
            continue;
        }
        if (strncmp(buf, " -4  ", 5) == 0) {
            char block[16] = "";
            sscanf(buf + 5, "%15s", block);
            /* the .frd prints times to 6 digits (%12.5E) */
            inside = strcmp(block, name) == 0 &&
                     fabs(block_time - time) < fmax(1e-6 * fmax(1, time), 5.5e-6 * fabs(time));
            found |= inside;
            continue;
        }
        if (!inside)
            continue;
        if (strncmp(buf, " -3", 3) == 0) {
            inside = 0;
            continue;
        }
        if (strncmp(buf, " -1", 3) != 0)
            continue;
        int id = (int)frd_field(buf, 3, 10);
        int r = row_of(m, id);
        if (r < 0)
            continue; /* nodes CalculiX added when it expanded the 2D elements */
        for (int k = 0; k < ncomp; k++)
            values[(size_t)r * ncomp + k] = frd_field(buf, 13 + 12 * (size_t)k, 12);
    }
    fclose(f);
    if (!found)
        return cwb_fail(msg, n, CWB_EFAIL, "%s: no %s results at time %g", path, name, time);
    return CWB_OK;
}

int cwb_fem_read_numbers(FILE *f, int *lineno, int want, double v[4])
{
    char buf[512];
    while (fgets(buf, sizeof buf, f)) {
        (*lineno)++;
        if (strspn(buf, " \t\r\n") == strlen(buf))
            continue;
        return sscanf(buf, "%lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3]) >= want;
    }
    return 0;
}

double cwb_fem_frd_number(const char *line, size_t at, size_t width)
{
    char buf[32];
    if (at >= strlen(line) || width >= sizeof buf)
        return NAN;
    snprintf(buf, sizeof buf, "%.*s", (int)width, line + at);
    char *end;
    double v = strtod(buf, &end);
    return end == buf ? NAN : v;
}
