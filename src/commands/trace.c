/* trace.c -- other codes' traces of one contact: the LAMMPS/LIGGGHTS dump
 * reader, the body CSV of cwb's Yade script, the generic contact CSV, and
 * a code's kinematics from its bodies (cwb_trace.h). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_ini.h"
#include "cwb_trace.h"

void cwb_body_trace_free(cwb_body_trace *t)
{
    free(t->row);
    t->row = NULL;
    t->n = t->cap = 0;
}

void cwb_contact_trace_free(cwb_contact_trace *t)
{
    free(t->row);
    t->row = NULL;
    t->n = t->cap = 0;
}

/* Room for one more row of size `size` in *rows (capacity *cap). */
static int grow(void **rows, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return 0;
    size_t want = *cap ? 2 * *cap : 256;
    void *p = realloc(*rows, want * size);
    if (!p)
        return -1;
    *rows = p;
    *cap = want;
    return 0;
}

/* Split line (modified) at blanks or commas into at most max fields. */
static size_t split_fields(char *line, char **field, size_t max, int commas)
{
    size_t k = 0;
    char *p = line;
    const char *sep = commas ? ",\r\n" : " \t\r\n";
    while (k < max) {
        if (!commas)
            while (*p && strchr(sep, *p))
                p++;
        if (!*p)
            break;
        field[k++] = p;
        p += strcspn(p, sep);
        if (!*p)
            break;
        *p++ = '\0';
    }
    return k;
}

static int parse_number(const char *s, double *x)
{
    while (isspace((unsigned char)*s))
        s++;
    return cwb_parse_double(s, x);
}

/* ------------------------------------------------------------------ */
/* LAMMPS dump custom                                                  */

enum {
    C_ID,
    C_MASS,
    C_RADIUS,
    C_X,
    C_V = C_X + 3,
    C_W = C_V + 3,
    C_F = C_W + 3,
    C_TQ = C_F + 3,
    C_COUNT = C_TQ + 3
};
static const char *const dump_columns[C_COUNT] = {
    "id",     "mass",   "radius", "x",  "y",  "z",  "vx",  "vy",  "vz",
    "omegax", "omegay", "omegaz", "fx", "fy", "fz", "tqx", "tqy", "tqz"};

typedef struct {
    const char *path;
    FILE *f;
    char *line;
    size_t cap;
    long lineno;
    char *msg;
    size_t n;
    int cut; /* the last line had no newline: the file was cut short */
} reader;

/* The next line into r->line, 0 at the end. A last line with no newline
 * is not read as data but ends the file with r->cut set: a writer ends
 * its rows with one, so the file was cut inside its last number (read as
 * it stood, 2.3 for 2.30001..., a false deviation of 0.0231). */
static int next_line(reader *r)
{
    r->lineno++;
    ssize_t len = getline(&r->line, &r->cap, r->f);
    if (len <= 0)
        return 0;
    if (r->line[len - 1] != '\n' && r->line[strspn(r->line, " \t\r")] != '\0') {
        r->cut = 1;
        return 0;
    }
    return 1;
}

/* Close r; a cut last line turns a read that went well into a refusal. */
static int reader_close(reader *r, int rc)
{
    if (rc == CWB_OK && r->cut)
        rc = cwb_fail(r->msg, r->n, CWB_EINPUT,
                      "%s:%ld: the last line has no newline: the file looks cut short (a copy "
                      "interrupted, a full disk); if it is whole, end it with a newline",
                      r->path, r->lineno);
    free(r->line);
    fclose(r->f);
    return rc;
}

static int bad(reader *r, const char *what)
{
    return cwb_fail(r->msg, r->n, CWB_EINPUT, "%s:%ld: %s", r->path, r->lineno, what);
}

/* The ITEM: ATOMS header: where each of dump_columns is (-1: absent). */
static int atoms_header(reader *r, int *where)
{
    char *field[64];
    size_t nf = split_fields(r->line + strlen("ITEM: ATOMS"), field, 64, 0);
    for (int c = 0; c < C_COUNT; c++) {
        where[c] = -1;
        for (size_t k = 0; k < nf; k++)
            if (strcmp(field[k], dump_columns[c]) == 0) {
                if (where[c] >= 0) {
                    char what[96];
                    snprintf(what, sizeof what, "ITEM: ATOMS names column '%s' twice",
                             dump_columns[c]);
                    return bad(r, what);
                }
                where[c] = (int)k;
            }
        if (where[c] < 0) {
            char what[160];
            snprintf(what, sizeof what,
                     "ITEM: ATOMS has no column '%s' (cwb needs id mass radius "
                     "x y z vx vy vz omegax omegay omegaz fx fy fz tqx tqy tqz)",
                     dump_columns[c]);
            return bad(r, what);
        }
    }
    return CWB_OK;
}

/* One atom's line into the row (id 1 -> body 1, id 2 -> body 2). */
static int atom_line(reader *r, const int *where, cwb_body_trace *t, cwb_body_row *row, int *seen)
{
    char *field[64];
    size_t nf = split_fields(r->line, field, 64, 0);
    double v[C_COUNT];
    for (int c = 0; c < C_COUNT; c++)
        if ((size_t)where[c] >= nf || parse_number(field[where[c]], &v[c]) != 0)
            return bad(r, "an atom line with a missing or non-numeric value");
    if (v[C_ID] != 1.0 && v[C_ID] != 2.0) /* before the conversion: 1e300 is no int */
        return bad(r, "an atom id other than 1 and 2 (cwb reads the dump of one pair)");
    int b = (int)v[C_ID] - 1;
    if (*seen & (1 << b))
        return bad(r, "the same atom twice in one step");
    *seen |= 1 << b;
    row->x[b] = cwb_v3(v[C_X], v[C_X + 1], v[C_X + 2]);
    row->v[b] = cwb_v3(v[C_V], v[C_V + 1], v[C_V + 2]);
    row->w[b] = cwb_v3(v[C_W], v[C_W + 1], v[C_W + 2]);
    row->f[b] = cwb_v3(v[C_F], v[C_F + 1], v[C_F + 2]);
    row->tq[b] = cwb_v3(v[C_TQ], v[C_TQ + 1], v[C_TQ + 2]);
    if (!(v[C_MASS] > 0.0 && v[C_RADIUS] > 0.0))
        return bad(r, "an atom without a positive mass and radius");
    t->mass[b] = v[C_MASS];
    t->radius[b] = v[C_RADIUS];
    return CWB_OK;
}

/* The value on the line after an ITEM line. */
static int item_value(reader *r, double *x)
{
    if (!next_line(r) || parse_number(r->line, x) != 0)
        return bad(r, "expected a number after the ITEM line");
    return CWB_OK;
}

/* One ITEM: ATOMS block of `count` atoms into a new row. */
static int atoms_block(reader *r, cwb_body_trace *t, double count, double time, double step)
{
    int where[C_COUNT], rc = atoms_header(r, where), seen = 0;
    if (rc != CWB_OK)
        return rc;
    if (count != 2.0)
        return bad(r, "a step with other than two atoms (cwb reads the dump of one pair)");
    if (!(fabs(step) < 9e18) || step != floor(step)) /* a long holds it exactly */
        return bad(r, "a TIMESTEP that is not a whole number of at most 9e18");
    if (grow((void **)&t->row, &t->cap, t->n, sizeof *t->row) != 0)
        return cwb_fail(r->msg, r->n, CWB_EFAIL, "out of memory reading %s", r->path);
    cwb_body_row *row = &t->row[t->n];
    memset(row, 0, sizeof *row);
    row->t = time;
    row->step = (long)step;
    for (int a = 0; a < 2; a++) {
        if (!next_line(r))
            return bad(r, "the file ends inside a step");
        if ((rc = atom_line(r, where, t, row, &seen)) != CWB_OK)
            return rc;
    }
    if (t->n > 0 && row->step <= t->row[t->n - 1].step)
        return bad(r, "a step number that does not increase");
    t->n++;
    return CWB_OK;
}

/* The '#' header before the first ITEM: "# code: NAME VERSION ..." kept. */
static void header_line(const char *line, cwb_body_trace *t)
{
    const char *key = "# code:";
    if (strncmp(line, key, strlen(key)) == 0) {
        snprintf(t->version, sizeof t->version, "%s", line + strlen(key) + 1);
        t->version[strcspn(t->version, "\r\n")] = '\0';
    }
}

/* The step from the dump's times (their span over the steps'), else dt. */
static int dump_step(reader *r, cwb_body_trace *t, int timed, double dt)
{
    if (t->n < 2)
        return bad(r, "fewer than two steps");
    long span = t->row[t->n - 1].step - t->row[0].step;
    if (timed)
        dt = (t->row[t->n - 1].t - t->row[0].t) / (double)span;
    if (!(dt > 0.0))
        return cwb_fail(r->msg, r->n, CWB_EINPUT,
                        "%s: the dump has no ITEM: TIME (dump_modify time yes): give its step "
                        "(--dt)",
                        r->path);
    t->dt = dt;
    for (size_t i = 0; i < t->n; i++)
        t->row[i].t = (double)t->row[i].step * dt;
    return CWB_OK;
}

int cwb_trace_read_lammps(const char *path, double dt, cwb_body_trace *t, char *msg, size_t n)
{
    memset(t, 0, sizeof *t);
    int rc0 = cwb_regular_file(path, "trace", msg, n); /* a FIFO would block fopen */
    if (rc0 != CWB_OK)
        return rc0;
    reader r = {.path = path, .f = fopen(path, "r"), .msg = msg, .n = n};
    if (!r.f)
        return cwb_fail(msg, n, CWB_EINPUT, "cannot read %s", path);
    int rc = CWB_OK, timed = 0, in_header = 1;
    double time = 0.0, step = -1.0, count = 0.0;
    while (rc == CWB_OK && next_line(&r)) {
        const char *l = r.line;
        if (in_header && l[0] == '#') {
            header_line(l, t);
            continue;
        }
        in_header = 0;
        if (strncmp(l, "ITEM: TIMESTEP", 14) == 0)
            rc = item_value(&r, &step);
        else if (strncmp(l, "ITEM: TIME", 10) == 0) {
            rc = item_value(&r, &time);
            timed = 1;
        } else if (strncmp(l, "ITEM: NUMBER OF ATOMS", 21) == 0)
            rc = item_value(&r, &count);
        else if (strncmp(l, "ITEM: BOX BOUNDS", 16) == 0)
            for (int k = 0; k < 3 && rc == CWB_OK; k++)
                rc = next_line(&r) ? CWB_OK : bad(&r, "the file ends inside BOX BOUNDS");
        else if (strncmp(l, "ITEM: ATOMS", 11) == 0)
            rc = step < 0 ? bad(&r, "ITEM: ATOMS before ITEM: TIMESTEP")
                          : atoms_block(&r, t, count, time, step);
        else if (l[strspn(l, " \t\r\n")] != '\0')
            rc = bad(&r, "expected an ITEM line of a LAMMPS dump");
    }
    if (rc == CWB_OK)
        rc = dump_step(&r, t, timed, dt);
    rc = reader_close(&r, rc);
    if (rc != CWB_OK)
        cwb_body_trace_free(t);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Named-column CSVs                                                   */

#define MAX_CSV_COLS 96

typedef struct {
    size_t ncol;
    char name[MAX_CSV_COLS][32];
    char unit[MAX_CSV_COLS][16]; /* "" when the header gives none */
} csv_header;

/* The header row: names, and the "[unit]" each may carry. */
static void csv_names(char *line, csv_header *h)
{
    char *field[MAX_CSV_COLS];
    h->ncol = split_fields(line, field, MAX_CSV_COLS, 1);
    for (size_t k = 0; k < h->ncol; k++) {
        char *s = field[k];
        while (isspace((unsigned char)*s))
            s++;
        size_t len = strcspn(s, "[ \t");
        len = len < sizeof h->name[k] ? len : sizeof h->name[k] - 1;
        memcpy(h->name[k], s, len); /* copied: the sanitizer build read s as maybe NULL */
        h->name[k][len] = '\0';
        const char *open = strchr(s, '['), *close = open ? strchr(open, ']') : NULL;
        int ulen = close ? (int)(close - open - 1) : 0;
        snprintf(h->unit[k], sizeof h->unit[k], "%.*s", ulen < 15 ? ulen : 15,
                 open ? open + 1 : "");
    }
}

/* The SI unit the trace columns are read in, by name (a vector's
 * components NAME_x, _y, _z by NAME). A column named in another unit
 * (delta[mm]) was read as metres: 3.2e4 times the Hertz force. */
static const char *column_unit(const char *name)
{
    static const char *const unit_of[][2] = {
        {"t", "s"},          {"delta", "m"}, {"delta_rate", "m/s"}, {"F_n", "N"},
        {"n", "-"},          {"v_t", "m/s"}, {"xi", "m"},           {"omega1", "rad/s"},
        {"omega2", "rad/s"}, {"F_t", "N"},   {"x1", "m"},           {"x2", "m"},
        {"v1", "m/s"},       {"v2", "m/s"},  {"w1", "rad/s"},       {"w2", "rad/s"},
        {"f1", "N"},         {"f2", "N"},    {"tq1", "N m"},        {"tq2", "N m"}};
    char base[32];
    size_t len = strlen(name);
    int vector = len > 2 && name[len - 2] == '_' && strchr("xyz", name[len - 1]);
    snprintf(base, sizeof base, "%.*s", (int)(vector ? len - 2 : len), name);
    for (size_t i = 0; i < sizeof unit_of / sizeof unit_of[0]; i++)
        if (strcmp(unit_of[i][0], base) == 0 || strcmp(unit_of[i][0], name) == 0)
            return unit_of[i][1];
    return NULL;
}

static int csv_find(const csv_header *h, const char *name)
{
    for (size_t k = 0; k < h->ncol; k++)
        if (strcmp(h->name[k], name) == 0)
            return (int)k;
    return -1;
}

/* Three columns NAME_x, NAME_y, NAME_z: 1 all found (into idx), 0 none,
 * -1 some (an error). */
static int csv_vector(const csv_header *h, const char *name, int *idx)
{
    const char *axes = "xyz";
    int found = 0;
    for (int a = 0; a < 3; a++) {
        char col[40];
        snprintf(col, sizeof col, "%s_%c", name, axes[a]);
        idx[a] = csv_find(h, col);
        found += idx[a] >= 0;
    }
    return found == 3 ? 1 : found == 0 ? 0 : -1;
}

/* The values of one data row (ncol numbers). */
static int csv_row(reader *r, const csv_header *h, double *v)
{
    char *field[MAX_CSV_COLS];
    size_t nf = split_fields(r->line, field, MAX_CSV_COLS, 1);
    if (nf != h->ncol)
        return bad(r, "a row with another number of fields than the header");
    for (size_t k = 0; k < nf; k++)
        if (parse_number(field[k], &v[k]) != 0)
            return bad(r, "a field that is not a number");
    return CWB_OK;
}

/* A column named twice is refused: the first was read and the second,
 * perhaps the one meant, ignored. */
static int csv_names_unique(reader *r, const csv_header *h)
{
    for (size_t k = 1; k < h->ncol; k++)
        for (size_t j = 0; j < k; j++)
            if (strcmp(h->name[j], h->name[k]) == 0) {
                char what[96];
                snprintf(what, sizeof what, "the header names column '%s' twice (fields %zu, %zu)",
                         h->name[k], j + 1, k + 1);
                return bad(r, what);
            }
    return CWB_OK;
}

/* Every unit the header gives is the one its column is read in: no
 * conversion, a unit not its column's SI one is refused. */
static int csv_units_si(reader *r, const csv_header *h)
{
    for (size_t k = 0; k < h->ncol; k++) {
        const char *si = column_unit(h->name[k]);
        if (!si || !h->unit[k][0] || strcmp(h->unit[k], si) == 0 ||
            (strcmp(si, "-") == 0 && strcmp(h->unit[k], "1") == 0))
            continue;
        char what[160];
        snprintf(what, sizeof what,
                 "column '%s' is given in [%s]; traces are read in SI units: write it in [%s]",
                 h->name[k], h->unit[k], si);
        return bad(r, what);
    }
    return CWB_OK;
}

/* Skip '#' lines (each passed to on_comment) up to the header row. */
static int csv_header_row(reader *r, csv_header *h, void (*on_comment)(const char *, void *),
                          void *user)
{
    while (next_line(r)) {
        if (r->line[0] == '#') {
            if (on_comment)
                on_comment(r->line, user);
            continue;
        }
        if (r->line[strspn(r->line, " \t\r\n")] == '\0')
            continue;
        csv_names(r->line, h);
        int rc = csv_names_unique(r, h);
        return rc == CWB_OK ? csv_units_si(r, h) : rc;
    }
    return bad(r, "no header row");
}

/* ------------------------------------------------------------------ */
/* The body CSV of cwb's Yade script                                   */

static void body_comment(const char *line, void *user)
{
    cwb_body_trace *t = user;
    double m, rad;
    int b;
    if (sscanf(line, "# body%d: mass %lf radius %lf", &b, &m, &rad) == 3 && (b == 1 || b == 2)) {
        t->mass[b - 1] = m;
        t->radius[b - 1] = rad;
    }
    header_line(line, t);
}

/* Column indices of the body fields, in cwb_body_row's order. */
static int body_columns(reader *r, const csv_header *h, int idx[2][5][3], int *it)
{
    static const char *const what[5] = {"x", "v", "w", "f", "tq"};
    *it = csv_find(h, "t");
    if (*it < 0)
        return bad(r, "the header has no column t");
    for (int b = 0; b < 2; b++)
        for (int q = 0; q < 5; q++) {
            char name[16];
            snprintf(name, sizeof name, "%s%d", what[q], b + 1);
            if (csv_vector(h, name, idx[b][q]) != 1) {
                char m[96];
                snprintf(m, sizeof m, "the header lacks %s_x, %s_y or %s_z", name, name, name);
                return bad(r, m);
            }
        }
    return CWB_OK;
}

static cwb_vec3 at3(const double *v, const int *i)
{
    return cwb_v3(v[i[0]], v[i[1]], v[i[2]]);
}

int cwb_trace_read_bodies_csv(const char *path, cwb_body_trace *t, char *msg, size_t n)
{
    memset(t, 0, sizeof *t);
    int rc0 = cwb_regular_file(path, "trace", msg, n); /* a FIFO would block fopen */
    if (rc0 != CWB_OK)
        return rc0;
    reader r = {.path = path, .f = fopen(path, "r"), .msg = msg, .n = n};
    if (!r.f)
        return cwb_fail(msg, n, CWB_EINPUT, "cannot read %s", path);
    csv_header h;
    int idx[2][5][3], it;
    int rc = csv_header_row(&r, &h, body_comment, t);
    if (rc == CWB_OK)
        rc = body_columns(&r, &h, idx, &it);
    double v[MAX_CSV_COLS];
    while (rc == CWB_OK && next_line(&r)) {
        if (r.line[0] == '#' || r.line[strspn(r.line, " \t\r\n")] == '\0')
            continue;
        if ((rc = csv_row(&r, &h, v)) != CWB_OK)
            break;
        if (grow((void **)&t->row, &t->cap, t->n, sizeof *t->row) != 0) {
            rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory reading %s", path);
            break;
        }
        cwb_body_row *row = &t->row[t->n];
        row->t = v[it];
        row->step = (long)t->n;
        for (int b = 0; b < 2; b++) {
            row->x[b] = at3(v, idx[b][0]);
            row->v[b] = at3(v, idx[b][1]);
            row->w[b] = at3(v, idx[b][2]);
            row->f[b] = at3(v, idx[b][3]);
            row->tq[b] = at3(v, idx[b][4]);
        }
        if (t->n > 0 && !(row->t > t->row[t->n - 1].t))
            rc = bad(&r, "a time that does not increase");
        t->n++;
    }
    if (rc == CWB_OK && t->n < 2)
        rc = bad(&r, "fewer than two rows");
    if (rc == CWB_OK && !(t->mass[0] > 0 && t->mass[1] > 0 && t->radius[0] > 0))
        rc = cwb_fail(msg, n, CWB_EINPUT, "%s: no '# body1: mass M radius R' line", path);
    if (rc == CWB_OK)
        t->dt = (t->row[t->n - 1].t - t->row[0].t) / (double)(t->n - 1);
    rc = reader_close(&r, rc);
    if (rc != CWB_OK)
        cwb_body_trace_free(t);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Kinematics from the bodies                                          */

/* Row k of a contact trace from body rows k - 1 and k (LAMMPS pair
 * granular's kinematics, cwb_trace.h). */
static void verlet_row(const cwb_body_trace *b, size_t k, cwb_contact_row *c)
{
    const cwb_body_row *r = &b->row[k], *p = &b->row[k - 1];
    double h = r->t - p->t, half = 0.5 * b->dt;
    cwb_vec3 vh[2], wh[2];
    for (int i = 0; i < 2; i++) { /* back to the half step the forces saw */
        vh[i] = cwb_v3_sub(r->v[i], cwb_v3_scale(r->f[i], half / b->mass[i]));
        double inertia = 0.4 * b->mass[i] * b->radius[i] * b->radius[i];
        wh[i] = cwb_v3_sub(r->w[i], cwb_v3_scale(r->tq[i], half / inertia));
    }
    cwb_vec3 d = cwb_v3_sub(r->x[0], r->x[1]); /* LAMMPS's i = 1, j = 2 */
    double dist = cwb_v3_norm(d);
    cwb_vec3 nl = cwb_v3_scale(d, 1.0 / dist); /* from 2 to 1 */
    cwb_vec3 vr = cwb_v3_sub(vh[0], vh[1]);
    double vnnr = cwb_v3_dot(vr, nl);
    cwb_vec3 vt = cwb_v3_sub(vr, cwb_v3_scale(nl, vnnr));
    cwb_vec3 wr = cwb_v3_add(cwb_v3_scale(wh[0], b->radius[0]), cwb_v3_scale(wh[1], b->radius[1]));
    cwb_vec3 vtr = cwb_v3_add(vt, cwb_v3_cross(nl, wr)); /* 1 relative to 2 */
    c->t = r->t;
    c->h = h;
    c->delta = b->radius[0] + b->radius[1] - dist;
    c->delta_rate = -vnnr;
    c->normal = cwb_v3_scale(nl, -1.0);
    c->v_t = cwb_v3_scale(vtr, -1.0);
    c->dxi = cwb_v3_scale(vtr, -b->dt);
    c->omega1 = wh[0];
    c->omega2 = wh[1];
    c->F_n = cwb_v3_dot(r->f[0], nl);
    c->F_t = cwb_v3_sub(r->f[0], cwb_v3_scale(nl, c->F_n));
}

int cwb_trace_contact_from_bodies(const cwb_body_trace *b, cwb_trace_kinematics how,
                                  cwb_contact_trace *c, char *msg, size_t n)
{
    memset(c, 0, sizeof *c);
    if (how != CWB_TRACE_VERLET_FULL_RADII)
        return cwb_fail(msg, n, CWB_EINPUT, "unknown kinematics");
    if (b->n < 2)
        return cwb_fail(msg, n, CWB_EINPUT, "a trace of fewer than two steps");
    c->row = calloc(b->n - 1, sizeof *c->row);
    if (!c->row)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    c->cap = b->n - 1;
    for (size_t k = 1; k < b->n; k++)
        verlet_row(b, k, &c->row[c->n++]);
    c->has_F_t = 1;
    return CWB_OK;
}

/* ------------------------------------------------------------------ */
/* The generic contact CSV                                             */

typedef struct {
    int t, delta, rate, fn;
    int nrm[3], vt[3], xi[3], w1[3], w2[3], ft[3];
    int has_n, has_vt, has_xi, has_w1, has_w2, has_ft;
} contact_columns;

static int contact_columns_of(reader *r, const csv_header *h, contact_columns *cc)
{
    cc->t = csv_find(h, "t");
    cc->delta = csv_find(h, "delta");
    cc->fn = csv_find(h, "F_n");
    cc->rate = csv_find(h, "delta_rate");
    if (cc->t < 0 || cc->delta < 0 || cc->fn < 0)
        return bad(r, "the header needs the columns t, delta and F_n");
    int *has[] = {&cc->has_n, &cc->has_vt, &cc->has_xi, &cc->has_w1, &cc->has_w2, &cc->has_ft};
    int *idx[] = {cc->nrm, cc->vt, cc->xi, cc->w1, cc->w2, cc->ft};
    const char *names[] = {"n", "v_t", "xi", "omega1", "omega2", "F_t"};
    for (int q = 0; q < 6; q++) {
        *has[q] = csv_vector(h, names[q], idx[q]);
        if (*has[q] < 0) {
            char m[96];
            snprintf(m, sizeof m, "the header has some of %s_x, %s_y, %s_z but not all", names[q],
                     names[q], names[q]);
            return bad(r, m);
        }
    }
    if (cc->has_vt && cc->has_xi)
        return bad(r, "give v_t_* or xi_*, not both");
    return CWB_OK;
}

/* One data row into c (the increment and rates filled in afterwards). */
static void contact_row_of(const contact_columns *cc, const double *v, cwb_contact_row *c,
                           cwb_vec3 *xi)
{
    memset(c, 0, sizeof *c);
    c->t = v[cc->t];
    c->delta = v[cc->delta];
    c->F_n = v[cc->fn];
    c->delta_rate = cc->rate >= 0 ? v[cc->rate] : NAN;
    c->normal = cc->has_n ? at3(v, cc->nrm) : cwb_v3(0, 0, 1);
    double len = cwb_v3_norm(c->normal);
    if (len > 0)
        c->normal = cwb_v3_scale(c->normal, 1.0 / len);
    c->v_t = cc->has_vt ? at3(v, cc->vt) : cwb_v3(0, 0, 0);
    *xi = cc->has_xi ? at3(v, cc->xi) : cwb_v3(0, 0, 0);
    c->omega1 = cc->has_w1 ? at3(v, cc->w1) : cwb_v3(0, 0, 0);
    c->omega2 = cc->has_w2 ? at3(v, cc->w2) : cwb_v3(0, 0, 0);
    c->F_t = cc->has_ft ? at3(v, cc->ft) : cwb_v3(0, 0, 0);
}

/* Steps, increments and (where not given) rates of the rows read. */
static void contact_increments(cwb_contact_trace *t, const cwb_vec3 *xi, int has_xi, int has_rate)
{
    for (size_t k = 0; k < t->n; k++) {
        cwb_contact_row *c = &t->row[k];
        c->h = k ? c->t - t->row[k - 1].t : 0.0;
        if (has_xi) {
            c->dxi = k ? cwb_v3_sub(xi[k], xi[k - 1]) : cwb_v3(0, 0, 0);
            c->v_t = c->h > 0 ? cwb_v3_scale(c->dxi, 1.0 / c->h) : cwb_v3(0, 0, 0);
        } else
            c->dxi = cwb_v3_scale(c->v_t, c->h);
        if (!has_rate) {
            size_t a = k ? k - 1 : k, b = k + 1 < t->n ? k + 1 : k;
            double span = t->row[b].t - t->row[a].t;
            c->delta_rate = span > 0 ? (t->row[b].delta - t->row[a].delta) / span : 0.0;
        }
    }
}

int cwb_trace_read_csv(const char *path, cwb_contact_trace *t, char *msg, size_t n)
{
    memset(t, 0, sizeof *t);
    snprintf(t->source, sizeof t->source, "%s", path);
    int rc0 = cwb_regular_file(path, "trace", msg, n); /* a FIFO would block fopen */
    if (rc0 != CWB_OK)
        return rc0;
    reader r = {.path = path, .f = fopen(path, "r"), .msg = msg, .n = n};
    if (!r.f)
        return cwb_fail(msg, n, CWB_EINPUT, "cannot read %s", path);
    csv_header h;
    contact_columns cc;
    cwb_vec3 *xi = NULL;
    size_t xcap = 0;
    int rc = csv_header_row(&r, &h, NULL, NULL);
    if (rc == CWB_OK)
        rc = contact_columns_of(&r, &h, &cc);
    double v[MAX_CSV_COLS];
    while (rc == CWB_OK && next_line(&r)) {
        if (r.line[0] == '#' || r.line[strspn(r.line, " \t\r\n")] == '\0')
            continue;
        if ((rc = csv_row(&r, &h, v)) != CWB_OK)
            break;
        if (grow((void **)&t->row, &t->cap, t->n, sizeof *t->row) != 0 ||
            grow((void **)&xi, &xcap, t->n, sizeof *xi) != 0) {
            rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory reading %s", path);
            break;
        }
        contact_row_of(&cc, v, &t->row[t->n], &xi[t->n]);
        if (t->n > 0 && !(t->row[t->n].t > t->row[t->n - 1].t))
            rc = bad(&r, "a time that does not increase");
        t->n++;
    }
    if (rc == CWB_OK && t->n < 2)
        rc = bad(&r, "fewer than two rows");
    if (rc == CWB_OK) {
        contact_increments(t, xi, cc.has_xi, cc.rate >= 0);
        t->has_F_t = cc.has_ft;
    }
    free(xi);
    rc = reader_close(&r, rc);
    if (rc != CWB_OK)
        cwb_contact_trace_free(t);
    return rc;
}
