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
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* Reading an MSH 2.2 file. The counts and numbers in it are untrusted
 * (cwb reads what gmsh wrote, but a file can be cut short or edited): every
 * count is bounded by the bytes left in the file and by CWB_MESH_MAX, every
 * number is range-checked before use, and a complaint names the file and
 * line. */

/* At most this many nodes, elements, or as largest node number: ten
 * million is far beyond the meshes CalculiX solves for these models (the
 * finest committed 3D studies have some 10^5 nodes) and keeps the index of
 * node numbers (4 bytes each) at 40 MB. */
#define CWB_MESH_MAX 10000000L
/* A node line ("id x y z") and an element line ("id type tags node...")
 * hold at least four numbers: four digits, three blanks and a newline. */
#define MSH_MIN_LINE 8
/* Tags of an element: gmsh writes 2 (physical, elementary) for an
 * unpartitioned mesh, more with partitions; a line holds at most the
 * number, the type, the count, the tags and 10 nodes. */
#define MSH_MAX_TAGS    8
#define MSH_MAX_NUMBERS (3 + MSH_MAX_TAGS + 10)
#define MSH_LINE        512

typedef struct {
    FILE *f;
    const char *path;
    long size; /* bytes of the file */
    int lineno;
    char buf[MSH_LINE];
    char *msg;
    size_t n;
} msh_reader;

static int msh_bad(const msh_reader *r, const char *fmt, ...)
{
    char why[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return cwb_fail(r->msg, r->n, CWB_EINPUT, "%s:%d: %s", r->path, r->lineno, why);
}

/* The next line: CWB_OK, MSH_EOF at the end of the file (r->buf empty),
 * CWB_EINPUT for a line longer than the buffer, a NUL byte, or a last
 * line without its newline (a file cut short: its last number may be cut
 * too, e.g. node 219 read as 21). */
#define MSH_EOF (-1)
static int msh_next(msh_reader *r)
{
    if (!fgets(r->buf, sizeof r->buf, r->f)) {
        r->buf[0] = '\0';
        return MSH_EOF;
    }
    r->lineno++;
    size_t len = strlen(r->buf);
    if (len > 0 && r->buf[len - 1] == '\n')
        return CWB_OK;
    if (len == sizeof r->buf - 1)
        return msh_bad(r, "line longer than %d bytes", MSH_LINE - 2);
    if (!feof(r->f)) /* fgets went on past a NUL byte to the newline */
        return msh_bad(r, "a NUL byte in the line (not a text file?)");
    return msh_bad(r, "no newline at the end: the file is cut short");
}

/* The next line, which must be there (inside a section). */
static int msh_need(msh_reader *r, const char *section)
{
    int rc = msh_next(r);
    if (rc == MSH_EOF)
        return msh_bad(r, "the file ends inside %s", section);
    return rc;
}

/* The integer at *s (blanks first), within [lo, hi]: 1 and *v, s moved
 * past it; 0 when there is no integer or it is out of range. */
static int msh_long(const char **s, long lo, long hi, long *v)
{
    char *end;
    errno = 0;
    long x = strtol(*s, &end, 10);
    if (end == *s || errno == ERANGE || x < lo || x > hi)
        return 0;
    *s = end;
    *v = x;
    return 1;
}

/* A count line of a section: 1 ... CWB_MESH_MAX, and no more entries than
 * the rest of the file has room for. */
static int msh_count(msh_reader *r, const char *section, const char *what, size_t *count)
{
    int rc = msh_need(r, section);
    if (rc)
        return rc;
    long left = r->size - ftell(r->f), room = left > 0 ? left / MSH_MIN_LINE : 0;
    const char *s = r->buf + strspn(r->buf, " \t");
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (end == s || strspn(end, " \t\r\n") != strlen(end))
        return msh_bad(r, "%s count: expected a whole number", what);
    if (errno == ERANGE || x < 1 || x > CWB_MESH_MAX || x > room)
        return msh_bad(r, "%s count %.*s: allowed 1 to %ld (and at most %ld in the %ld bytes left)",
                       what, (int)(end - s < 40 ? end - s : 40), s, (long)CWB_MESH_MAX, room, left);
    *count = (size_t)x;
    return CWB_OK;
}

static int read_format(msh_reader *r)
{
    double version;
    int rc = msh_need(r, "$MeshFormat");
    if (rc)
        return rc;
    if (sscanf(r->buf, "%lf", &version) != 1 || version < 2.0 || version >= 3.0)
        return msh_bad(r, "not an MSH 2 ASCII mesh (run gmsh with -format msh22)");
    return CWB_OK;
}

/* One node line into row i: a node number 1 ... CWB_MESH_MAX and three
 * finite coordinates. */
static int read_node(msh_reader *r, cwb_mesh *m, size_t i)
{
    const char *s = r->buf;
    long id;
    char *end;
    if (!msh_long(&s, LONG_MIN, LONG_MAX, &id))
        return msh_bad(r, "expected a node: number x y z");
    if (id < 1 || id > CWB_MESH_MAX)
        return msh_bad(r, "node number %ld: allowed 1 to %ld", id, (long)CWB_MESH_MAX);
    double *c[3] = {&m->x[i], &m->z[i], &m->w[i]};
    for (int k = 0; k < 3; k++) {
        *c[k] = strtod(s, &end);
        if (end == s || !isfinite(*c[k]))
            return msh_bad(r, "node %ld: expected three finite coordinates", id);
        s = end;
    }
    m->node_id[i] = (int)id;
    return CWB_OK;
}

/* The index of node numbers; a number given twice is refused. */
static int index_nodes(msh_reader *r, cwb_mesh *m)
{
    m->index = malloc(((size_t)m->max_id + 1) * sizeof *m->index);
    if (!m->index)
        return msh_bad(r, "out of memory");
    for (size_t id = 0; id <= (size_t)m->max_id; id++)
        m->index[id] = -1;
    for (size_t i = 0; i < m->nnode; i++) {
        if (m->index[m->node_id[i]] >= 0)
            return msh_bad(r, "node number %d is given twice", m->node_id[i]);
        m->index[m->node_id[i]] = (int)i;
    }
    return CWB_OK;
}

static int read_nodes(msh_reader *r, cwb_mesh *m)
{
    if (m->node_id)
        return msh_bad(r, "a second $Nodes section");
    size_t count;
    int rc = msh_count(r, "$Nodes", "node", &count);
    if (rc)
        return rc;
    m->node_id = malloc(count * sizeof *m->node_id);
    m->x = malloc(count * sizeof *m->x);
    m->z = malloc(count * sizeof *m->z);
    m->w = malloc(count * sizeof *m->w);
    if (!m->node_id || !m->x || !m->z || !m->w)
        return msh_bad(r, "out of memory");
    for (size_t i = 0; i < count; i++) {
        if ((rc = msh_need(r, "$Nodes")) || (rc = read_node(r, m, i)))
            return rc;
        m->nnode = i + 1;
        if (m->node_id[i] > m->max_id)
            m->max_id = m->node_id[i];
    }
    return index_nodes(r, m);
}

/* The numbers of an element line, each an int: up to MSH_MAX_NUMBERS
 * (more is an error); *k receives how many. */
static int element_numbers(msh_reader *r, int *v, int *k)
{
    const char *s = r->buf;
    long x;
    *k = 0;
    while (strspn(s, " \t\r\n") != strlen(s)) {
        if (*k == MSH_MAX_NUMBERS)
            return msh_bad(r, "more than %d numbers on an element line", MSH_MAX_NUMBERS);
        if (!msh_long(&s, INT_MIN, INT_MAX, &x))
            return msh_bad(r, "expected whole numbers from %d to %d", INT_MIN, INT_MAX);
        v[(*k)++] = (int)x;
    }
    return CWB_OK;
}

/* One line of $Elements: keep 10-node tetrahedra, 6-node triangles,
 * 3-node lines and points. */
static int read_element(msh_reader *r, cwb_mesh *m)
{
    int v[MSH_MAX_NUMBERS], k;
    int rc = element_numbers(r, v, &k);
    if (rc)
        return rc;
    if (k < 3)
        return msh_bad(r, "expected an element: number type tags tag... node...");
    if (v[2] < 0 || v[2] > MSH_MAX_TAGS || v[2] > k - 3)
        return msh_bad(r,
                       "element %d: number of tags %d: allowed 0 to %d, and no more than the "
                       "line holds",
                       v[0], v[2], MSH_MAX_TAGS);
    int type = v[1], group = v[2] > 0 ? v[3] : 0, *nd = v + 3 + v[2];
    int nn = k - 3 - v[2];
    int want = type == 11 ? 10 : type == 9 ? 6 : type == 8 ? 3 : type == 15 ? 1 : -1;
    if (want < 0)
        return msh_bad(r,
                       "element type %d: allowed 11 (10-node tetrahedron), 9 (6-node "
                       "triangle), 8 (3-node line), 15 (point) (mesh with Mesh.ElementOrder = 2)",
                       type);
    if (nn != want)
        return msh_bad(r, "element %d: %d nodes; type %d has %d", v[0], nn, type, want);
    for (int j = 0; j < nn; j++)
        if (row_of(m, nd[j]) < 0)
            return msh_bad(r, "element %d refers to node %d, which $Nodes does not have", v[0],
                           nd[j]);
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
    if (!m->index)
        return msh_bad(r, "$Elements before $Nodes");
    if (m->tri)
        return msh_bad(r, "a second $Elements section");
    size_t count;
    int rc = msh_count(r, "$Elements", "element", &count);
    if (rc)
        return rc;
    m->tri = malloc(count * sizeof *m->tri);
    m->tri_group = malloc(count * sizeof *m->tri_group);
    m->line = malloc(count * sizeof *m->line);
    m->point = malloc(count * sizeof *m->point);
    m->tet = malloc(count * sizeof *m->tet);
    m->tet_group = malloc(count * sizeof *m->tet_group);
    if (!m->tri || !m->tri_group || !m->line || !m->point || !m->tet || !m->tet_group)
        return msh_bad(r, "out of memory");
    for (size_t i = 0; i < count; i++)
        if ((rc = msh_need(r, "$Elements")) || (rc = read_element(r, m)))
            return rc;
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

/* The sections of the file, one line at a time. */
static int read_sections(msh_reader *r, cwb_mesh *m)
{
    int rc;
    while ((rc = msh_next(r)) == CWB_OK) {
        if (strncmp(r->buf, "$MeshFormat", 11) == 0)
            rc = read_format(r);
        else if (strncmp(r->buf, "$Nodes", 6) == 0)
            rc = read_nodes(r, m);
        else if (strncmp(r->buf, "$Elements", 9) == 0)
            rc = read_elements(r, m);
        if (rc)
            return rc;
    }
    if (rc != MSH_EOF)
        return rc;
    if (!m->nnode || (!m->ntri && !m->ntet))
        return msh_bad(r, "no nodes or no triangles");
    return CWB_OK;
}

int cwb_mesh_read(cwb_mesh *m, const char *path, char *msg, size_t n)
{
    memset(m, 0, sizeof *m);
    msh_reader r = {.f = fopen(path, "r"), .path = path, .msg = msg, .n = n};
    if (!r.f)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: cannot open the mesh: %s", path, strerror(errno));
    struct stat sb;
    int rc;
    if (fstat(fileno(r.f), &sb) != 0 || !S_ISREG(sb.st_mode))
        rc = cwb_fail(msg, n, CWB_EINPUT, "%s: not a regular file", path);
    else {
        r.size = sb.st_size > LONG_MAX ? LONG_MAX : (long)sb.st_size;
        rc = read_sections(&r, m);
    }
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

/* ------------------------------------------------------- solver output */

int cwb_fem_open(cwb_fem_file *o, const char *path, double size, char *msg, size_t n)
{
    *o = (cwb_fem_file){.f = fopen(path, "r"), .path = path, .size = size, .msg = msg, .n = n};
    if (!o->f)
        return o->rc = cwb_fail(msg, n, CWB_EFAIL, "%s: no solver output", path);
    return CWB_OK;
}

void cwb_fem_close(cwb_fem_file *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
}

static int fem_bad(cwb_fem_file *o, const char *fmt, ...)
{
    char why[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return o->rc = cwb_fail(o->msg, o->n, CWB_EINPUT, "%s:%d: %s", o->path, o->line, why);
}

int cwb_fem_line(cwb_fem_file *o)
{
    if (o->rc || !o->f)
        return 0;
    if (o->again) {
        o->again = 0;
        return 1;
    }
    if (!fgets(o->buf, sizeof o->buf, o->f))
        return 0;
    o->line++;
    size_t len = strlen(o->buf);
    if (len == sizeof o->buf - 1 && o->buf[len - 1] != '\n') {
        fem_bad(o, "line longer than %zu bytes (not CalculiX output?)", sizeof o->buf - 2);
        return 0;
    }
    if ((len == 0 || o->buf[len - 1] != '\n') && !feof(o->f)) {
        fem_bad(o, "a NUL byte in the line (not CalculiX output?)");
        return 0;
    }
    return 1;
}

/* Whether v is plausible for kind k; else the error. */
static int fem_check(cwb_fem_file *o, const char *text, int len, cwb_fem_kind k, double v)
{
    double length = CWB_FEM_SIZES * o->size;
    if (!isfinite(v))
        return fem_bad(o, "'%.*s': not a finite number", len, text);
    if (k == CWB_FEM_ID && !(v >= 1 && v <= INT_MAX && v == floor(v)))
        return fem_bad(o, "'%.*s': expected a node or element number, 1 to %d", len, text, INT_MAX);
    if (k == CWB_FEM_TIME && !(v >= 0 && v <= CWB_FEM_VALUE_MAX))
        return fem_bad(o, "time '%.*s': expected 0 to %g", len, text, CWB_FEM_VALUE_MAX);
    if (k == CWB_FEM_LENGTH && length > 0 && !(fabs(v) <= length))
        return fem_bad(o,
                       "length '%.*s': beyond %d times the model's size (|x| <= %g in the "
                       "file's unit)",
                       len, text, CWB_FEM_SIZES, length);
    if (!(fabs(v) <= CWB_FEM_VALUE_MAX))
        return fem_bad(o, "'%.*s': beyond %g, which no quantity of these models reaches", len, text,
                       CWB_FEM_VALUE_MAX);
    return CWB_OK;
}

int cwb_fem_number(cwb_fem_file *o, const char **s, cwb_fem_kind k, double *v)
{
    *v = NAN;
    if (o->rc)
        return o->rc;
    const char *p = *s + strspn(*s, " \t");
    char *end;
    double x = strtod(p, &end);
    if (end == p)
        return CWB_OK;
    int rc = fem_check(o, p, (int)(end - p < 40 ? end - p : 40), k, x);
    if (rc)
        return rc;
    *v = x;
    *s = end;
    return CWB_OK;
}

int cwb_fem_numbers(cwb_fem_file *o, const char *s, const cwb_fem_kind *k, int max, double *v,
                    int *got)
{
    *got = 0;
    for (int i = 0; i < max; i++) {
        int rc = cwb_fem_number(o, &s, k[i], &v[i]);
        if (rc)
            return rc;
        if (isnan(v[i]))
            break;
        *got = i + 1;
    }
    return CWB_OK;
}

int cwb_fem_time(cwb_fem_file *o, const char *s, double *t)
{
    int rc = cwb_fem_number(o, &s, CWB_FEM_TIME, t);
    if (rc == CWB_OK && isnan(*t))
        rc = fem_bad(o, "expected the time of the block");
    return rc;
}

int cwb_fem_dat_row(cwb_fem_file *o, const cwb_fem_kind *k, int want, double *v, const char *what)
{
    while (cwb_fem_line(o)) {
        if (strspn(o->buf, " \t\r\n") == strlen(o->buf))
            continue;
        int got;
        if (cwb_fem_numbers(o, o->buf, k, want, v, &got) == CWB_OK && got < want)
            fem_bad(o, "expected the numbers of %s", what);
        return o->rc;
    }
    return o->rc ? o->rc : fem_bad(o, "the file ends before the numbers of %s", what);
}

int cwb_fem_field(cwb_fem_file *o, size_t at, size_t width, cwb_fem_kind k, double *v)
{
    char field[32];
    *v = NAN;
    if (o->rc)
        return o->rc;
    if (at >= strlen(o->buf) || width >= sizeof field)
        return CWB_OK;
    snprintf(field, sizeof field, "%.*s", (int)width, o->buf + at);
    const char *s = field;
    return cwb_fem_number(o, &s, k, v);
}

int cwb_fem_frd_row(cwb_fem_file *o, const cwb_mesh *m)
{
    double id;
    if (cwb_fem_field(o, 3, 10, CWB_FEM_ID, &id))
        return -1;
    if (isnan(id)) {
        fem_bad(o, "expected a node number in columns 4-13");
        return -1;
    }
    return row_of(m, (int)id);
}

/* DISP's components are lengths, and CONTACT's first three (COPEN,
 * CSLIP1, CSLIP2; then CPRESS, CSHEAR1, CSHEAR2). */
static cwb_fem_kind frd_kind(const char *block, int k)
{
    if (strcmp(block, "DISP") == 0 || (strcmp(block, "CONTACT") == 0 && k < 3))
        return CWB_FEM_LENGTH;
    return CWB_FEM_VALUE;
}

/* One data line of the requested block into values. */
static void frd_values(cwb_fem_file *o, const cwb_mesh *m, const cwb_frd_request *q, double *values)
{
    int r = cwb_fem_frd_row(o, m);
    if (r < 0)
        return; /* nodes CalculiX added when it expanded the 2D elements */
    for (int k = 0; k < q->ncomp; k++)
        cwb_fem_field(o, 13 + 12 * (size_t)k, 12, frd_kind(q->name, k),
                      &values[(size_t)r * q->ncomp + k]);
}

int cwb_frd_block(const char *path, const cwb_mesh *m, const cwb_frd_request *q, double *values,
                  char *msg, size_t n)
{
    cwb_fem_file o;
    if (cwb_fem_open(&o, path, q->size, msg, n))
        return o.rc;
    for (size_t i = 0; i < m->nnode * (size_t)q->ncomp; i++)
        values[i] = NAN;
    double block_time = NAN, time = q->time;
    int inside = 0, found = 0;
    while (cwb_fem_line(&o)) {
        if (strncmp(o.buf, "  100CL", 7) == 0) {
            cwb_fem_field(&o, 12, 12, CWB_FEM_TIME, &block_time);
            inside = 0;
        } else if (strncmp(o.buf, " -4  ", 5) == 0) {
            char block[16] = "";
            sscanf(o.buf + 5, "%15s", block);
            /* the .frd prints times to 6 digits (%12.5E) */
            inside = strcmp(block, q->name) == 0 &&
                     fabs(block_time - time) < fmax(1e-6 * fmax(1, time), 5.5e-6 * fabs(time));
            found |= inside;
        } else if (inside && strncmp(o.buf, " -3", 3) == 0)
            inside = 0;
        else if (inside && strncmp(o.buf, " -1", 3) == 0)
            frd_values(&o, m, q, values);
    }
    cwb_fem_close(&o);
    if (o.rc)
        return o.rc;
    if (!found)
        return cwb_fail(msg, n, CWB_EFAIL, "%s: no %s results at time %g", path, q->name, time);
    return CWB_OK;
}
