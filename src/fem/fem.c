/* fem.c -- meshes, CalculiX decks and their output for the FEM reference
 * pipeline (cwb_fem.h). No solver is run here; src/fem/study.c runs them.
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
#include "cwb_numeric.h"

/* ------------------------------------------------------------ geometry */

void cwb_halfround_geo(FILE *f, const cwb_halfround *h)
{
    double zt = sqrt(h->R * h->R - h->a * h->a);
    double fine = h->fine * h->a, coarse = h->coarse * h->R;
    fprintf(f,
            "// cwb: half-round body of seed 000 Sec. 2.3 (R = %.9g m, a = %.9g m)\n"
            "R = %.15g; a = %.15g; zt = %.15g; lf = %.15g; lc = %.15g;\n"
            "Point(1) = {0, 0, 0, lc};\n"
            "Point(2) = {R, 0, 0, lc};\n"
            "Point(3) = {a, zt, 0, lf};\n"
            "Point(4) = {0, zt, 0, lf};\n"
            "Point(5) = {-a, zt, 0, lf};\n"
            "Point(6) = {-R, 0, 0, lc};\n"
            "Line(1) = {6, 1};\n"
            "Line(2) = {1, 2};\n"
            "Circle(3) = {2, 1, 3};\n"
            "Line(4) = {3, 4};\n"
            "Line(5) = {4, 5};\n"
            "Circle(6) = {5, 1, 6};\n"
            "Curve Loop(1) = {1, 2, 3, 4, 5, 6};\n"
            "Plane Surface(1) = {1};\n"
            "Physical Curve(\"BASE\", 1) = {1, 2};\n"
            "Physical Curve(\"FLAT\", 2) = {4, 5};\n"
            "Physical Point(\"TOP\", 3) = {4};\n"
            "Physical Point(\"CENTRE\", 4) = {1};\n"
            "Physical Surface(\"BODY\", 5) = {1};\n"
            "// element size lf within a of the flat, growing to lc at R/2\n"
            "Field[1] = Distance;\n"
            "Field[1].CurvesList = {4, 5};\n"
            "Field[1].NumPointsPerCurve = 200;\n"
            "Field[2] = Threshold;\n"
            "Field[2].InField = 1;\n"
            "Field[2].SizeMin = lf;\n"
            "Field[2].SizeMax = lc;\n"
            "Field[2].DistMin = a;\n"
            "Field[2].DistMax = R / 2;\n"
            "Background Field = 2;\n"
            "Mesh.MeshSizeExtendFromBoundary = 0;\n"
            "Mesh.MeshSizeFromPoints = 0;\n"
            "Mesh.MeshSizeFromCurvature = 0;\n"
            "Mesh.ElementOrder = 2;\n"
            "Mesh.Algorithm = 6;\n",
            h->R, h->a, h->R, h->a, zt, fine, coarse);
}

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
    memset(m, 0, sizeof *m);
}

static int row_of(const cwb_mesh *m, int id)
{
    return id >= 0 && id <= m->max_id ? m->index[id] : -1;
}

int cwb_mesh_read(cwb_mesh *m, const char *path, char *msg, size_t n)
{
    memset(m, 0, sizeof *m);
    FILE *f = fopen(path, "r");
    if (!f)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: cannot open the mesh", path);
    char buf[512];
    int lineno = 0, rc = CWB_OK;
    size_t count = 0;
#define BAD(why) do { rc = cwb_fail(msg, n, CWB_EINPUT, "%s:%d: %s", path, lineno, why); \
                      goto done; } while (0)
    while (fgets(buf, sizeof buf, f)) {
        lineno++;
        if (strncmp(buf, "$MeshFormat", 11) == 0) {
            double version;
            lineno++;
            if (!fgets(buf, sizeof buf, f) || sscanf(buf, "%lf", &version) != 1 ||
                version < 2.0 || version >= 3.0)
                BAD("not an MSH 2 ASCII mesh (run gmsh with -format msh22)");
        } else if (strncmp(buf, "$Nodes", 6) == 0) {
            lineno++;
            if (!fgets(buf, sizeof buf, f) || sscanf(buf, "%zu", &count) != 1 || count == 0)
                BAD("bad node count");
            m->nnode = count;
            m->node_id = malloc(count * sizeof *m->node_id);
            m->x = malloc(count * sizeof *m->x);
            m->z = malloc(count * sizeof *m->z);
            if (!m->node_id || !m->x || !m->z)
                BAD("out of memory");
            for (size_t i = 0; i < count; i++) {
                double y3;
                lineno++;
                if (!fgets(buf, sizeof buf, f) ||
                    sscanf(buf, "%d %lf %lf %lf", &m->node_id[i], &m->x[i], &m->z[i], &y3) != 4 ||
                    m->node_id[i] < 1)
                    BAD("bad node line");
                if (m->node_id[i] > m->max_id)
                    m->max_id = m->node_id[i];
            }
            m->index = malloc(((size_t)m->max_id + 1) * sizeof *m->index);
            if (!m->index)
                BAD("out of memory");
            for (int i = 0; i <= m->max_id; i++)
                m->index[i] = -1;
            for (size_t i = 0; i < count; i++)
                m->index[m->node_id[i]] = (int)i;
        } else if (strncmp(buf, "$Elements", 9) == 0) {
            lineno++;
            if (!m->index)
                BAD("$Elements before $Nodes");
            if (!fgets(buf, sizeof buf, f) || sscanf(buf, "%zu", &count) != 1)
                BAD("bad element count");
            m->tri = malloc(count * sizeof *m->tri);
            m->tri_group = malloc(count * sizeof *m->tri_group);
            m->line = malloc(count * sizeof *m->line);
            m->point = malloc(count * sizeof *m->point);
            if (!m->tri || !m->tri_group || !m->line || !m->point)
                BAD("out of memory");
            for (size_t i = 0; i < count; i++) {
                lineno++;
                if (!fgets(buf, sizeof buf, f))
                    BAD("the element list ends early");
                int v[16], k = 0, used;
                char *s = buf;
                while (k < 16 && sscanf(s, "%d%n", &v[k], &used) == 1) {
                    s += used;
                    k++;
                }
                if (k < 3 || k < 3 + v[2])
                    BAD("bad element line");
                int type = v[1], group = v[2] > 0 ? v[3] : 0, *nd = v + 3 + v[2];
                int nn = k - 3 - v[2];
                int want = type == 9 ? 6 : type == 8 ? 3 : type == 15 ? 1 : -1;
                if (want < 0)
                    BAD("element type other than 6-node triangle, 3-node line, point "
                        "(mesh with Mesh.ElementOrder = 2)");
                if (nn != want)
                    BAD("wrong number of nodes for the element type");
                for (int j = 0; j < nn; j++)
                    if (row_of(m, nd[j]) < 0)
                        BAD("element refers to an unknown node");
                if (type == 9) {
                    m->tri_group[m->ntri] = group;
                    memcpy(m->tri[m->ntri++], nd, 6 * sizeof(int));
                }
                else if (type == 8) {
                    int *l = m->line[m->nline++];
                    l[0] = group;
                    memcpy(l + 1, nd, 3 * sizeof(int));
                } else {
                    m->point[m->npoint][0] = group;
                    m->point[m->npoint++][1] = nd[0];
                }
            }
        }
    }
    if (!m->nnode || !m->ntri)
        BAD("no nodes or no triangles");
    /* counter-clockwise corners, as CalculiX expects */
    for (size_t e = 0; e < m->ntri; e++) {
        int *t = m->tri[e];
        int r0 = row_of(m, t[0]), r1 = row_of(m, t[1]), r2 = row_of(m, t[2]);
        double area2 = (m->x[r1] - m->x[r0]) * (m->z[r2] - m->z[r0]) -
                       (m->x[r2] - m->x[r0]) * (m->z[r1] - m->z[r0]);
        if (area2 < 0) {   /* swap corners 2,3 and mid-sides 4 (1-2),6 (3-1) */
            int s = t[1]; t[1] = t[2]; t[2] = s;
            s = t[3]; t[3] = t[5]; t[5] = s;
        }
    }
#undef BAD
done:
    fclose(f);
    if (rc)
        cwb_mesh_free(m);
    return rc;
}

double cwb_mesh_min_size(const cwb_mesh *m)
{
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
    double a, x1, x2;   /* traction half-width, the edge's end abscissae */
    int shape;          /* 0, 1: ends, 2: middle */
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

/* ---------------------------------------------------------------- deck */

int cwb_halfround_deck(FILE *f, const cwb_mesh *m, const cwb_halfround *h, char *msg, size_t n)
{
    int top = cwb_mesh_point(m, 3), centre = cwb_mesh_point(m, 4);
    if (top < 0 || centre < 0)
        return cwb_fail(msg, n, CWB_EFAIL, "mesh: no TOP or CENTRE node");
    double *force = malloc(m->nnode * sizeof *force);
    if (!force)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    double total = cwb_hertz_nodal_forces(m, 2, h->a, force);
    if (!(fabs(total - 1.0) < 1e-8)) {
        free(force);
        return cwb_fail(msg, n, CWB_EFAIL, "mesh: the Hertzian traction's nodal forces sum to "
                        "%.12g instead of 1 (flat not meshed as straight quadratic edges?)", total);
    }
    fprintf(f, "** cwb: half-round body, seed 000 Sec. 2.3; plane strain CPE6, thickness 1\n"
               "*NODE, NSET=NALL\n");
    for (size_t i = 0; i < m->nnode; i++)
        fprintf(f, "%d, %.13g, %.13g\n", m->node_id[i], m->x[i], m->z[i]);
    fprintf(f, "*ELEMENT, TYPE=CPE6, ELSET=BODY\n");
    for (size_t e = 0; e < m->ntri; e++) {
        const int *t = m->tri[e];
        fprintf(f, "%zu, %d, %d, %d, %d, %d, %d\n", e + 1, t[0], t[1], t[2], t[3], t[4], t[5]);
    }
    /* each node once: CalculiX sums a set's reactions over its entries */
    fprintf(f, "*NSET, NSET=BASE\n");
    char *in_base = calloc(m->nnode, 1);
    if (!in_base) {
        free(force);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    for (size_t l = 0; l < m->nline; l++)
        if (m->line[l][0] == 1)
            for (int j = 1; j <= 3; j++)
                in_base[row_of(m, m->line[l][j])] = 1;
    for (size_t i = 0; i < m->nnode; i++)
        if (in_base[i])
            fprintf(f, "%d\n", m->node_id[i]);
    free(in_base);
    fprintf(f, "*NSET, NSET=TOP\n%d\n*NSET, NSET=CENTRE\n%d\n", top, centre);
    fprintf(f, "*MATERIAL, NAME=BODY\n*ELASTIC\n%.13g, %.13g\n"
               "*SOLID SECTION, ELSET=BODY, MATERIAL=BODY\n1.\n", h->E, h->nu);
    if (h->base == CWB_BASE_FIXED)
        fprintf(f, "*BOUNDARY\nBASE, 1, 2\n");
    else
        fprintf(f, "*BOUNDARY\nBASE, 2, 2\nCENTRE, 1, 1\n");
    for (int step = 0; step < 2; step++) {
        double load = step == 0 ? -h->N : h->T;
        fprintf(f, "** step %d: Hertzian %s traction, resultant %.9g N/m\n"
                   "*STEP\n*STATIC\n*CLOAD, OP=NEW\n",
                step + 1, step == 0 ? "normal" : "tangential", step == 0 ? h->N : h->T);
        for (size_t i = 0; i < m->nnode; i++)
            if (force[i] != 0.0)
                fprintf(f, "%d, %d, %.13g\n", m->node_id[i], step == 0 ? 2 : 1, force[i] * load);
        fprintf(f, "*NODE PRINT, NSET=TOP\nU\n*NODE PRINT, NSET=CENTRE\nU\n"
                   "*NODE PRINT, NSET=BASE, TOTALS=ONLY\nRF\n*END STEP\n");
    }
    free(force);
    return CWB_OK;
}

/* ------------------------------------------------------------ .dat out */

int cwb_halfround_dat(cwb_halfround_out *o, const char *path, char *msg, size_t n)
{
    memset(o, 0, sizeof *o);
    FILE *f = fopen(path, "r");
    if (!f)
        return cwb_fail(msg, n, CWB_EFAIL, "%s: no solver output", path);
    char buf[512], set[64];
    int lineno = 0, seen[2][3] = {{0}};
    double time;
    while (fgets(buf, sizeof buf, f)) {
        lineno++;
        int kind = -1;
        if (sscanf(buf, " displacements (vx,vy,vz) for set %63s and time %lf", set, &time) == 2)
            kind = strcmp(set, "TOP") == 0 ? 0 : strcmp(set, "CENTRE") == 0 ? 1 : -1;
        else if (sscanf(buf, " total force (fx,fy,fz) for set %63s and time %lf", set, &time) == 2)
            kind = strcmp(set, "BASE") == 0 ? 2 : -1;
        if (kind < 0)
            continue;
        int step = (int)lround(time) - 1;   /* step k ends at total time k */
        if (step < 0 || step > 1 || fabs(time - (step + 1)) > 1e-6) {
            fclose(f);
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: results at time %g (expected 1 or 2)",
                            path, lineno, time);
        }
        /* skip the blank line, then one data row */
        double v[4];
        int got = 0;
        while (fgets(buf, sizeof buf, f)) {
            lineno++;
            if (strspn(buf, " \t\r\n") == strlen(buf))
                continue;
            got = kind == 2 ? sscanf(buf, "%lf %lf %lf", &v[1], &v[2], &v[3]) == 3
                            : sscanf(buf, "%lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3]) == 4;
            break;
        }
        if (!got || !isfinite(v[1]) || !isfinite(v[2])) {
            fclose(f);
            return cwb_fail(msg, n, CWB_EINPUT, "%s:%d: expected the numbers of set %s",
                            path, lineno, set);
        }
        double *dst = kind == 0 ? o->top[step] : kind == 1 ? o->centre[step] : o->reaction[step];
        dst[0] = v[1];
        dst[1] = v[2];
        seen[step][kind] = 1;
    }
    fclose(f);
    for (int s = 0; s < 2; s++) {
        if (!(seen[s][0] && seen[s][1] && seen[s][2]))
            return cwb_fail(msg, n, CWB_EFAIL, "%s: step %d has no results (did the solver "
                            "finish?)", path, s + 1);
        o->steps = s + 1;
    }
    return CWB_OK;
}

/* ------------------------------------------------------- eq. 17, eq. 20 */

double cwb_eq17_displacement(double R, double a, double E, double nu, double N)
{
    return (1.0 - nu * nu) / E * 2.0 * N / M_PI * (log(4.0 * R / a) - 0.5);
}

double cwb_eq20_displacement(double R, double a, double E, double nu, double T, double w)
{
    return (1.0 - nu * nu) / E * 2.0 * T / M_PI *
           (log(2.0 * R / a) + 0.5 + w * (log(4.0 * R / a) + nu / (2.0 * (1.0 - nu))));
}

typedef struct {
    double R, a, E, nu, T, u;
} eq20_target;

static double eq20_residual(double w, void *p)
{
    const eq20_target *t = p;
    return (cwb_eq20_displacement(t->R, t->a, t->E, t->nu, t->T, w) - t->u) / fabs(t->u);
}

double cwb_eq20_penalty(double R, double a, double E, double nu, double T, double u_x)
{
    eq20_target t = {R, a, E, nu, T, u_x};
    gsl_function F = {eq20_residual, &t};
    double w;
    if (!(u_x != 0.0) || cwb_root_brent(&F, -10.0, 10.0, 1e-14, 1e-13, &w, NULL, NULL) != CWB_OK)
        return NAN;
    return w;
}

/* ------------------------------------------------ two cylinders (4.2) */

void cwb_cylinders_geo(FILE *f, const cwb_cylinders *c)
{
    fprintf(f,
            "// cwb: two cylinders of seed 000 Sec. 4.2 (R = %.9g m), touching at (0, R)\n"
            "R = %.15g; lf = %.15g; lc = %.15g; zone = %.15g;\n"
            "Point(1) = {0, 0, 0, lc};\n"
            "Point(2) = {R, 0, 0, lc};\n"
            "Point(3) = {0, R, 0, lf};\n"
            "Point(4) = {-R, 0, 0, lc};\n"
            "Line(1) = {4, 1};\n"
            "Line(2) = {1, 2};\n"
            "Circle(3) = {2, 1, 3};\n"
            "Circle(4) = {3, 1, 4};\n"
            "Curve Loop(1) = {1, 2, 3, 4};\n"
            "Plane Surface(1) = {1};\n"
            "Point(11) = {0, 2 * R, 0, lc};\n"
            "Point(12) = {-R, 2 * R, 0, lc};\n"
            "Point(13) = {0, R, 0, lf};\n"
            "Point(14) = {R, 2 * R, 0, lc};\n"
            "Line(11) = {12, 11};\n"
            "Line(12) = {11, 14};\n"
            "Circle(13) = {14, 11, 13};\n"
            "Circle(14) = {13, 11, 12};\n"
            "Curve Loop(2) = {-12, -11, -14, -13};\n"
            "Plane Surface(2) = {2};\n"
            "Physical Curve(\"LOWBASE\", 1) = {1, 2};\n"
            "Physical Curve(\"LOWARC\", 2) = {3, 4};\n"
            "Physical Curve(\"UPBASE\", 3) = {11, 12};\n"
            "Physical Curve(\"UPARC\", 4) = {13, 14};\n"
            "Physical Surface(\"LOW\", 5) = {1};\n"
            "Physical Surface(\"UP\", 6) = {2};\n"
            "// size lf within zone of the contact point, growing to lc at 4 zone\n"
            "Field[1] = Distance;\n"
            "Field[1].PointsList = {3, 13};\n"
            "Field[2] = Threshold;\n"
            "Field[2].InField = 1;\n"
            "Field[2].SizeMin = lf;\n"
            "Field[2].SizeMax = lc;\n"
            "Field[2].DistMin = zone;\n"
            "Field[2].DistMax = 4 * zone;\n"
            "Background Field = 2;\n"
            "Mesh.MeshSizeExtendFromBoundary = 0;\n"
            "Mesh.MeshSizeFromPoints = 0;\n"
            "Mesh.MeshSizeFromCurvature = 0;\n"
            "Mesh.ElementOrder = 2;\n"
            "Mesh.Algorithm = 6;\n",
            c->R, c->R, c->fine * c->R, c->coarse * c->R, c->zone * c->R);
}

/* The element faces (CPE6: S1 = corners 1-2, S2 = 2-3, S3 = 3-1) under the
 * quadratic edges of line group `group` within `zone` of x = 0. */
static void write_surface(FILE *f, const cwb_mesh *m, const char *name, int group, double zone)
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

static void write_node_set(FILE *f, const cwb_mesh *m, const char *name, int group, char *mark)
{
    memset(mark, 0, m->nnode);
    for (size_t l = 0; l < m->nline; l++)
        if (m->line[l][0] == group)
            for (int j = 1; j <= 3; j++)
                mark[row_of(m, m->line[l][j])] = 1;
    fprintf(f, "*NSET, NSET=%s\n", name);
    for (size_t i = 0; i < m->nnode; i++)
        if (mark[i])
            fprintf(f, "%d\n", m->node_id[i]);
}

int cwb_cylinders_deck(FILE *f, const cwb_mesh *m, const cwb_cylinders *c, char *msg, size_t n)
{
    char *mark = malloc(m->nnode);
    if (!mark)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    fprintf(f, "** cwb: two cylinders, seed 000 Sec. 4.2; plane strain CPE6, thickness 1\n"
               "*NODE, NSET=NALL\n");
    for (size_t i = 0; i < m->nnode; i++)
        fprintf(f, "%d, %.13g, %.13g\n", m->node_id[i], m->x[i], m->z[i]);
    for (int body = 5; body <= 6; body++) {
        fprintf(f, "*ELEMENT, TYPE=CPE6, ELSET=%s\n", body == 5 ? "LOW" : "UP");
        for (size_t e = 0; e < m->ntri; e++)
            if (m->tri_group[e] == body) {
                const int *t = m->tri[e];
                fprintf(f, "%zu, %d, %d, %d, %d, %d, %d\n", e + 1, t[0], t[1], t[2], t[3], t[4],
                        t[5]);
            }
    }
    write_node_set(f, m, "LOWBASE", 1, mark);
    write_node_set(f, m, "UPBASE", 3, mark);
    free(mark);
    write_surface(f, m, "SLAVE", 4, c->zone * c->R);
    write_surface(f, m, "MASTER", 2, c->zone * c->R);
    fprintf(f, "*MATERIAL, NAME=BODY\n*ELASTIC\n%.13g, %.13g\n"
               "*SOLID SECTION, ELSET=LOW, MATERIAL=BODY\n1.\n"
               "*SOLID SECTION, ELSET=UP, MATERIAL=BODY\n1.\n"
               "*SURFACE INTERACTION, NAME=COULOMB\n"
               "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n%.6g\n"
               "*FRICTION\n%.6g, %.6g\n"
               "*CONTACT PAIR, INTERACTION=COULOMB, TYPE=SURFACE TO SURFACE\nSLAVE, MASTER\n"
               "*BOUNDARY\nLOWBASE, 1, 2\n",
            c->E, c->nu, c->penalty, c->mu, c->stick);
    /* steps: {delta_t at its end, delta_n at its end, output of tractions} */
    double steps[3][3];
    int nstep;
    if (c->together) {
        nstep = 1;
        steps[0][0] = c->delta_t, steps[0][1] = c->delta_n, steps[0][2] = 1;
    } else {
        nstep = 3;
        steps[0][0] = 0, steps[0][1] = c->delta_n, steps[0][2] = 0;
        steps[1][0] = c->delta_t_traction, steps[1][1] = c->delta_n, steps[1][2] = 1;
        steps[2][0] = c->delta_t, steps[2][1] = c->delta_n, steps[2][2] = 0;
    }
    for (int s = 0; s < nstep; s++) {
        fprintf(f, "** step %d: upper diameter to delta_t = %.9g m, delta_n = %.9g m\n"
                   "*STEP, INC=2000\n*STATIC\n0.05, 1., 1e-6, 0.1\n"
                   "*BOUNDARY\nUPBASE, 1, 1, %.13g\nUPBASE, 2, 2, %.13g\n"
                   "*NODE PRINT, NSET=UPBASE, TOTALS=ONLY\nRF\n",
                s + 1, steps[s][0], steps[s][1], steps[s][0], -steps[s][1]);
        /* no FREQUENCY: CalculiX shares it between *NODE FILE and *NODE PRINT */
        if (steps[s][2])
            fprintf(f, "*NODE FILE\nU\n*CONTACT FILE\nCSTR\n");
        fprintf(f, "*END STEP\n");
    }
    return CWB_OK;
}

int cwb_cylinders_dat(const char *path, double **time, double **fx, double **fz, size_t *count,
                      char *msg, size_t n)
{
    *time = *fx = *fz = NULL;
    *count = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return cwb_fail(msg, n, CWB_EFAIL, "%s: no solver output", path);
    char buf[512], set[64];
    size_t cap = 0;
    int lineno = 0, rc = CWB_OK;
    double t;
    while (fgets(buf, sizeof buf, f)) {
        lineno++;
        if (sscanf(buf, " total force (fx,fy,fz) for set %63s and time %lf", set, &t) != 2 ||
            strcmp(set, "UPBASE") != 0)
            continue;
        double v[3];
        int got = 0;
        while (fgets(buf, sizeof buf, f)) {
            lineno++;
            if (strspn(buf, " \t\r\n") == strlen(buf))
                continue;
            got = sscanf(buf, "%lf %lf %lf", &v[0], &v[1], &v[2]) == 3;
            break;
        }
        if (!got || !isfinite(v[0]) || !isfinite(v[1])) {
            rc = cwb_fail(msg, n, CWB_EINPUT, "%s:%d: expected the total force", path, lineno);
            break;
        }
        if (*count == cap) {
            cap = cap ? 2 * cap : 64;
            double *a = realloc(*time, cap * sizeof *a), *b = a ? realloc(*fx, cap * sizeof *b) : NULL,
                   *d = b ? realloc(*fz, cap * sizeof *d) : NULL;
            if (a)
                *time = a;
            if (b)
                *fx = b;
            if (d)
                *fz = d;
            if (!a || !b || !d) {
                rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
                break;
            }
        }
        (*time)[*count] = t;
        (*fx)[*count] = v[0];
        (*fz)[*count] = v[1];
        (*count)++;
    }
    fclose(f);
    if (rc == CWB_OK && *count == 0)
        rc = cwb_fail(msg, n, CWB_EFAIL, "%s: no reaction forces (did the solver finish?)", path);
    if (rc) {
        free(*time);
        free(*fx);
        free(*fz);
        *time = *fx = *fz = NULL;
        *count = 0;
    }
    return rc;
}

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

int cwb_frd_block(const char *path, const cwb_mesh *m, const char *name, double time, int ncomp,
                  double *values, char *msg, size_t n)
{
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
            inside = strcmp(block, name) == 0 && fabs(block_time - time) < 1e-6 * fmax(1, time);
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
            continue;   /* nodes CalculiX added when it expanded the 2D elements */
        for (int k = 0; k < ncomp; k++)
            values[(size_t)r * ncomp + k] = frd_field(buf, 13 + 12 * (size_t)k, 12);
    }
    fclose(f);
    if (!found)
        return cwb_fail(msg, n, CWB_EFAIL, "%s: no %s results at time %g", path, name, time);
    return CWB_OK;
}
