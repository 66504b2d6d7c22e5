/* out.c -- CSV with provenance, JSON and text summaries. */
#include <stdlib.h>
#include <string.h>

#include "cwb_json.h"
#include "cwb_numeric.h"
#include "cwb_out.h"
#include "cwb_shortest.h"
#include "cwb_verdict.h"

void cwb_number_text(double x, const char *undefined, char *buf, size_t n)
{
    if (isfinite(x))
        cwb_format_shortest(x, buf, n);
    else
        snprintf(buf, n, "%s", undefined);
}

void cwb_csv_number(FILE *f, double x)
{
    char num[40];
    cwb_number_text(x, "", num, sizeof num);
    fputs(num, f);
}

const char *cwb_plot_x(const cwb_case *c)
{
    const char *x = c->output_values.text[CWB_OUT_PLOT_X];
    return x[0] ? x : c->driver->plot_x;
}

const char *cwb_plot_y(const cwb_case *c)
{
    const char *y = c->output_values.text[CWB_OUT_PLOT_Y];
    return y[0] ? y : c->driver->plot_y;
}

size_t cwb_plot_y_list(const cwb_case *c, char *buf, size_t n, const char **out, size_t max)
{
    snprintf(buf, n, "%s", cwb_plot_y(c));
    return cwb_split_paths(buf, out, max);
}

/* Whether "prefix.name" is a sweep's varied or linked key. */
static int is_varied(const cwb_record *rec, const char *prefix, const char *name)
{
    char key[160];
    snprintf(key, sizeof key, "%s.%s", prefix, name);
    return rec && ((rec->varied && strcmp(rec->varied, key) == 0) ||
                   (rec->linked && strcmp(rec->linked, key) == 0));
}

/* One key's value as used: a key left to auto is the value the run reports
 * under its name (dt: the step dt = auto chose), else the word auto. */
static void value_used(const cwb_values *v, int i, const cwb_result *r, char *buf, size_t n,
                       int *chosen)
{
    const cwb_param *p = &v->table[i];
    *chosen = 0;
    if (p->kind == CWB_PARAM_REAL && !(p->flags & CWB_P_AUTO) && !v->given[i] &&
        !cwb_param_allows(p, v->p[i])) {
        /* not given, and its default is only the marker of that (py = 0
         * where py_from derives it): cwb describe's "none", not a value */
        snprintf(buf, n, "none");
        return;
    }
    if (p->kind != CWB_PARAM_REAL || !(p->flags & CWB_P_AUTO) || v->p[i] != p->def) {
        cwb_param_format(v, i, buf, n);
        return;
    }
    /* auto is stored as the default, which lies outside the key's range */
    double used = r ? cwb_result_get(r, p->name) : NAN;
    char num[40];
    cwb_number_text(used, "auto", num, sizeof num);
    *chosen = isfinite(used);
    snprintf(buf, n, "%s [%s]", num, p->unit);
}

/* Every key of a section (only those given when given_only), tagged. */
static void provenance_values(FILE *f, const char *prefix, const cwb_values *v, const cwb_result *r,
                              const cwb_record *rec, int given_only)
{
    char buf[4096];
    for (int i = 0; v->table && v->table[i].name; i++) {
        const cwb_param *p = &v->table[i];
        if ((p->kind == CWB_PARAM_TEXT && !v->text[i][0]) ||
            (p->kind == CWB_PARAM_LIST && !v->list[i].n) || (given_only && !v->given[i]))
            continue;
        if (is_varied(rec, prefix, p->name)) {
            fprintf(f, "# %s.%s = swept [%s] (the table's column %s)\n", prefix, p->name, p->unit,
                    p->name);
            continue;
        }
        int chosen;
        value_used(v, i, r, buf, sizeof buf, &chosen);
        fprintf(f, "# %s.%s = %s%s%s\n", prefix, p->name, buf, chosen ? " (auto)" : "",
                v->given[i] < 0 ? " (--set)"
                : v->given[i]   ? ""
                                : " (default)");
    }
}

/* "# body1: sphere, radius 0.01 m, E 1e+09 Pa, nu 0.3, density 2500
 * kg/m^3" (a wall: no radius nor density; a rigid one no E nor nu). */
static void body_line(FILE *f, int b, const cwb_body *body)
{
    char r[40], e[40], nu[40], rho[40];
    cwb_format_shortest(body->radius, r, sizeof r);
    cwb_format_shortest(body->E, e, sizeof e);
    cwb_format_shortest(body->nu, nu, sizeof nu);
    cwb_format_shortest(body->density, rho, sizeof rho);
    fprintf(f, "# body%d: %s", b + 1, cwb_shape_name(body->shape));
    if (strcmp(cwb_shape_name(body->shape), "wall") != 0)
        fprintf(f, ", radius %s m, density %s kg/m^3", r, rho);
    if (body->rigid)
        fprintf(f, ", rigid\n");
    else
        fprintf(f, ", E %s Pa, nu %s\n", e, nu);
}

static void pair_line(FILE *f, const cwb_pair *pair)
{
    const double v[4] = {pair->E_star, pair->G_star, pair->R_star, pair->m_star};
    char t[4][40];
    for (int k = 0; k < 4; k++)
        cwb_number_text(v[k], "infinite", t[k], sizeof t[k]);
    fprintf(f, "# pair: dim %d, E* %s Pa, G* %s Pa, R* %s m, m* %s %s\n", pair->dim, t[0], t[1],
            t[2], t[3], pair->dim == 2 ? "kg/m" : "kg");
}

void cwb_write_provenance(FILE *f, const cwb_case *c, const cwb_result *r, const cwb_record *rec)
{
    cwb_write_record(f, rec);
    fprintf(f, "# case: %s\n", c->file);
    fprintf(f, "# laws: normal=%s tangential=%s damping=%s rolling=%s\n", c->law[0]->name,
            c->law[1]->name, c->law[2]->name, c->law[3]->name);
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        fprintf(f, "# %s law source: %s\n", cwb_kind_name((cwb_kind)k), c->law[k]->source);
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        provenance_values(f, cwb_kind_name((cwb_kind)k), &c->law_values[k], r, rec, 0);
    for (int b = 0; b < 2; b++) {
        const char *sec = b ? "body2" : "body1";
        provenance_values(f, sec, &c->body_values[b], r, rec, 1);
        body_line(f, b, &c->pair.body[b]);
    }
    pair_line(f, &c->pair);
    fprintf(f, "# driver: %s\n", c->driver->name);
    provenance_values(f, "driver", &c->driver_values, r, rec, 0);
    provenance_values(f, "output", &c->output_values, r, rec, 1);
    for (size_t i = 0; r && i < r->nscalar; i++) {
        char num[40];
        cwb_number_text(r->scalar[i].value, "undefined", num, sizeof num);
        fprintf(f, "# result: %s[%s] = %s\n", r->scalar[i].name,
                r->scalar[i].unit[0] ? r->scalar[i].unit : "-", num);
    }
}

/* The rows of the series as CSV, written in place (cwb_shortest_put_rows:
 * the formatter inlined in its loops over the rows and their cells, zero
 * without the formatter, an undefined value an empty cell, the columns of
 * all_zero as text copied with the cell before them) into one buffer that
 * one fwrite empties when full. A stdio call a cell cost about 130
 * instructions; a buffer a row, each cell through cwb_number_text with its
 * strlen and copies, 240 a cell in all; a call of the formatter a cell,
 * 113 (bench/bench_format.sh, doc/benchmarks.md). */
static void write_rows(FILE *f, const cwb_series *s, const unsigned char *all_zero)
{
    _Static_assert(CWB_SHORTEST_MAX_COLS >= CWB_MAX_COLS, "a row layout holds every column");
    char buf[16384];
    if (s->ncol == 0) { /* rows of no cells: empty lines */
        for (size_t j = 0; j < s->nrow; j++)
            fputc('\n', f);
        return;
    }
    cwb_shortest_rows rows = {.lead = 0, .n = 0};
    for (size_t i = 0; i < s->ncol; i++) {
        size_t *text = rows.n ? &rows.col[rows.n - 1].tail : &rows.lead;
        if (all_zero[i]) {
            *text += 2; /* "0," */
        } else {
            rows.col[rows.n].v = s->col[i].v;
            rows.col[rows.n++].tail = 1; /* the comma */
        }
    }
    /* a row's text and its formatter's scratch fit after full */
    const char *full = buf + sizeof buf - s->ncol * CWB_SHORTEST_CELL - CWB_SHORTEST_ROOM;
    for (size_t j = 0; j < s->nrow;) {
        char *o = cwb_shortest_put_rows(buf, full, &rows, &j, s->nrow);
        fwrite(buf, 1, (size_t)(o - buf), f);
    }
}

/* The cells that are not finite, and which columns hold only zeros (0 or
 * -0). A column's sum of |x| is 0 exactly when every cell is zero, and not
 * finite when one of its cells is infinite or NaN (or when the sum
 * overflows): a fabs and an add a cell, as many instructions as the sum of
 * x * 0 this scan made before it also told the zeros, and the cells
 * counted only in a column whose sum is not finite. */
static size_t scan_columns(const cwb_series *s, unsigned char *all_zero)
{
    size_t undefined = 0;
    for (size_t i = 0; i < s->ncol; i++) {
        const double *v = s->col[i].v;
        double sum = 0.0;
        for (size_t j = 0; j < s->nrow; j++)
            sum += fabs(v[j]);
        all_zero[i] = sum == 0.0;
        for (size_t j = 0; !isfinite(sum) && j < s->nrow; j++)
            undefined += !isfinite(v[j]);
    }
    return undefined;
}

int cwb_write_csv(FILE *f, const cwb_case *c, const cwb_result *r, const cwb_record *rec)
{
    const cwb_series *s = &r->series;
    cwb_write_provenance(f, c, r, rec);
    if (cwb_series_find(s, "branch") >= 0)
        fprintf(f, "# branch codes: 0 none, 1 elastic, 2 elastic-plastic, 3 plastic, "
                   "4 unloading, 5 reloading\n");
    for (size_t w = 0; w < r->nwarn; w++)
        fprintf(f, "# WARNING: %s\n", r->warn[w]);
    unsigned char all_zero[CWB_MAX_COLS];
    size_t undefined = scan_columns(s, all_zero);
    /* an empty field: what spreadsheets, pandas and gnuplot read as missing */
    if (undefined)
        fprintf(f, "# WARNING: %zu cells are undefined (left empty)\n", undefined);
    for (size_t i = 0; i < s->ncol; i++)
        fprintf(f, "%s%s[%s]", i ? "," : "", s->col[i].name, s->col[i].unit);
    fputc('\n', f);
    write_rows(f, s, all_zero);
    return ferror(f) ? CWB_EFAIL : CWB_OK;
}

void cwb_json_quote(char *out, size_t n, const char *s)
{
    size_t used = 0;
    if (n < 3) {
        if (n)
            out[0] = '\0';
        return;
    }
    out[used++] = '"';
    for (; *s; s++) {
        char esc[8];
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            snprintf(esc, sizeof esc, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            snprintf(esc, sizeof esc, "\\u%04x", c);
        else
            snprintf(esc, sizeof esc, "%c", c);
        size_t len = strlen(esc);
        if (used + len + 2 > n)
            break;
        memcpy(out + used, esc, len);
        used += len;
    }
    out[used++] = '"';
    out[used] = '\0';
}

void cwb_json_head(cwb_json *j, const char *command, const char *dir)
{
    cwb_json_open(j, NULL, '{');
    cwb_json_string(j, "schema", CWB_JSON_SCHEMA);
    cwb_json_string(j, "command", command);
    cwb_json_string(j, "cwb", CWB_VERSION);
    cwb_json_string(j, "commit", cwb_commit());
    if (dir)
        cwb_json_string(j, "output_dir", dir);
}

void cwb_json_warnings(cwb_json *j, const cwb_result *r)
{
    cwb_json_open(j, "warnings", '[');
    for (size_t w = 0; r && w < r->nwarn; w++)
        cwb_json_string(j, NULL, r->warn[w]);
    cwb_json_close(j);
}

/* Whether an answer went to stdout (cwb_json_answered_on_stdout). */
static int answered_on_stdout;

int cwb_json_answered_on_stdout(void)
{
    return answered_on_stdout;
}

int cwb_json_emit(cwb_json *j, FILE *f)
{
    int failed = j->failed;
    char *text = cwb_json_take(j);
    if (!failed)
        fprintf(f, "%s\n", text);
    answered_on_stdout |= !failed && f == stdout;
    free(text);
    return failed ? CWB_EFAIL : CWB_OK;
}

/* "also_references": each [output] also_reference compared, as a sweep's
 * further references are in its "deviations" (the same keys; "verdict"
 * "not judged", the tolerance beside the deviation to read it against). */
static void json_also_references(cwb_json *j, const cwb_result *r)
{
    static const char *const what[3] = {"max_rel_error", "rms_error", "points"};
    static const char *const keys[3] = {"max_rel", "rms_rel", "points"};
    size_t compared = 0;
    for (size_t k = 0; k < CWB_ALSO_MAX; k++)
        compared += r->also[k].path[0] != '\0';
    if (!compared)
        return;
    cwb_json_open(j, "also_references", '[');
    for (size_t k = 0; k < CWB_ALSO_MAX; k++) {
        if (!r->also[k].path[0])
            continue;
        cwb_json_open(j, NULL, '{');
        cwb_json_string(j, "reference", r->also[k].path);
        for (int q = 0; q < 3; q++) {
            char key[64];
            cwb_also_ref_key(key, sizeof key, k, what[q]);
            cwb_json_number(j, keys[q], cwb_result_get(r, key));
        }
        cwb_json_number(j, "tolerance", r->also[k].tolerance);
        cwb_json_string(j, "verdict", "not judged");
        cwb_json_close(j);
    }
    cwb_json_close(j);
}

int cwb_write_json(FILE *f, const cwb_case *c, const cwb_result *r, const char *dir)
{
    cwb_json j;
    cwb_json_init(&j);
    cwb_json_head(&j, "run", dir ? dir : "");
    cwb_json_string(&j, "case", c->name);
    cwb_json_string(&j, "file", c->file);
    char csv[CWB_TEXT + 200];
    snprintf(csv, sizeof csv, "%s/%s.csv", dir ? dir : ".", c->name);
    cwb_json_string(&j, "csv", csv);
    cwb_json_string(&j, "driver", c->driver->name);
    cwb_json_open(&j, "laws", '{');
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        cwb_json_string(&j, cwb_kind_name((cwb_kind)k), c->law[k]->name);
    cwb_json_close(&j);
    for (size_t i = 0; i < r->nscalar; i++)
        cwb_json_number(&j, r->scalar[i].name, r->scalar[i].value);
    cwb_json_open(&j, "units", '{');
    for (size_t i = 0; i < r->nscalar; i++)
        cwb_json_string(&j, r->scalar[i].name, r->scalar[i].unit[0] ? r->scalar[i].unit : "-");
    cwb_json_close(&j);
    if (r->verdict != CWB_VERDICT_NONE) {
        cwb_json_string(&j, "verdict", cwb_verdict_word(r->verdict));
        cwb_json_string(&j, "reference", c->output_values.text[CWB_OUT_REFERENCE]);
        if (r->verdict == CWB_VERDICT_MODEL)
            cwb_json_string(&j, "model_comparison",
                            c->output_values.text[CWB_OUT_MODEL_COMPARISON]);
    }
    json_also_references(&j, r);
    cwb_json_warnings(&j, r);
    cwb_json_close(&j);
    int rc = cwb_json_emit(&j, f);
    cwb_json_free(&j);
    return rc;
}

void cwb_write_summary(FILE *f, const cwb_case *c, const cwb_result *r)
{
    fprintf(f, "%s (%s; normal=%s tangential=%s damping=%s rolling=%s)\n", c->name, c->driver->name,
            c->law[0]->name, c->law[1]->name, c->law[2]->name, c->law[3]->name);
    for (size_t i = 0; i < r->nscalar; i++) {
        if (isfinite(r->scalar[i].value))
            fprintf(f, "  %-28s %.8g %s\n", r->scalar[i].name, r->scalar[i].value,
                    r->scalar[i].unit);
        else
            fprintf(f, "  %-28s undefined\n", r->scalar[i].name);
    }
}
