/* fit.c -- `cwb fit FITCASE`: the engine every fit model shares.
 *
 * Reads the fit-case's [fit] section with the shared INI reader, finds its
 * model in the table below, checks the keys the model requires, runs it,
 * and writes what every model writes (cwb_fit.h): the summary through the
 * log (text lines, or one JSON object), DIR/NAME_fit.csv with provenance
 * (the data, the fit and the residuals) and its two gnuplot scripts
 * DIR/NAME_fit.gp and DIR/NAME_fit_residual.gp with their PNGs. Every file
 * is written under a temporary name and renamed (cwb_files.h), so a failed
 * fit never destroys an earlier result.
 *
 * Standard errors are sqrt(diag(cov)) with cov = s^2 (J^T J)^-1, s^2 =
 * chi^2/(n - p); R^2 = 1 - SS_res/SS_tot. The models are in
 * fit_model_*.c; the summary texts and JSON in fit_text.c.
 */
#include <stdlib.h>
#include <string.h>

#include "cwb_fit.h"
#include "cwb_ini.h"
#include "cwb_out.h"

/* The models `[fit] model = NAME` can name: one row per fit_model_*.c.
 * This table is the one place that knows model names. */
extern const cwb_fit_model cwb_fit_model_run, cwb_fit_model_eq33, cwb_fit_model_line,
    cwb_fit_model_material, cwb_fit_model_scalar, cwb_fit_model_tangential;

static const cwb_fit_model *const models[] = {
    &cwb_fit_model_run,      &cwb_fit_model_eq33,   &cwb_fit_model_line,
    &cwb_fit_model_material, &cwb_fit_model_scalar, &cwb_fit_model_tangential,
};
#define MODEL_COUNT (sizeof models / sizeof *models)

/* The model is a TEXT key looked up in `models` (not a CHOICE), so that
 * the table above is the only list of model names. */
static const cwb_param fit_params[] = {
    [CWB_FIT_MODEL] = {.name = "model",
                       .unit = "-",
                       .kind = CWB_PARAM_TEXT,
                       .help = "the fit model (a row of the table in src/fit/fit.c)"},
    [CWB_FIT_CASE] = {.name = "case",
                      .unit = "-",
                      .kind = CWB_PARAM_TEXT,
                      .flags = CWB_P_PATH,
                      .help = "the case to run (run, line), from the fit-case's folder"},
    [CWB_FIT_REFERENCE] = {.name = "reference",
                           .unit = "-",
                           .kind = CWB_PARAM_TEXT,
                           .flags = CWB_P_PATH,
                           .help = "reference CSV the run is fitted to (run), from the "
                                   "fit-case's folder"},
    [CWB_FIT_X] = {.name = "x",
                   .unit = "-",
                   .kind = CWB_PARAM_TEXT,
                   .help = "x column (run, line; eq33 with show)"},
    [CWB_FIT_Y] = {.name = "y",
                   .unit = "-",
                   .kind = CWB_PARAM_TEXT,
                   .help = "y column (run, line)"},
    [CWB_FIT_FREE] = {.name = "free",
                      .unit = "-",
                      .kind = CWB_PARAM_TEXT,
                      .help = "keys fitted, section.key, ';' or ',' separated (run)"},
    [CWB_FIT_START] = {.name = "start",
                       .unit = "(key)",
                       .min = -INFINITY,
                       .max = INFINITY,
                       .kind = CWB_PARAM_LIST,
                       .help = "start values, one per free key (default: the case's)"},
    [CWB_FIT_LOWER] = {.name = "lower",
                       .unit = "(key)",
                       .min = -INFINITY,
                       .max = INFINITY,
                       .kind = CWB_PARAM_LIST,
                       .help = "lower bounds, one per free key (run)"},
    [CWB_FIT_UPPER] = {.name = "upper",
                       .unit = "(key)",
                       .min = -INFINITY,
                       .max = INFINITY,
                       .kind = CWB_PARAM_LIST,
                       .help = "upper bounds, one per free key (run)"},
    [CWB_FIT_DATA] = {.name = "data",
                      .unit = "-",
                      .kind = CWB_PARAM_TEXT,
                      .flags = CWB_P_PATH,
                      .help = "data CSVs or patterns, comma-separated, from the fit-case's "
                              "folder (eq33: columns a_over_R, nu, w; line: columns x, y)"},
    [CWB_FIT_TITLE] = {.name = "title", .unit = "-", .kind = CWB_PARAM_TEXT, .help = "plot title"},
    [CWB_FIT_SHOW] = {.name = "show",
                      .unit = "-",
                      .kind = CWB_PARAM_TEXT,
                      .flags = CWB_P_PATH,
                      .help = "eq33: another CSV (a_over_R, nu, w and the column x) drawn "
                              "against x with the paper's and the fitted eq. 33 (a panel of "
                              "seed 000 Fig. 7)"},
    [CWB_FIT_WHERE] = {.name = "where",
                       .unit = "-",
                       .kind = CWB_PARAM_TEXT,
                       .help = "keep the rows whose column equals a value, \"column = value\" "
                               "(e.g. leg = 1: the FEM's first loading)"},
    [CWB_FIT_X_RANGE] = {.name = "x_range",
                         .unit = "(x)",
                         .min = -INFINITY,
                         .max = INFINITY,
                         .kind = CWB_PARAM_LIST,
                         .help = "lo, hi: keep the rows with lo <= x <= hi"},
    [CWB_FIT_NOISE] = {.name = "noise",
                       .unit = "-",
                       .min = 0,
                       .max = 1,
                       .help = "relative Gaussian noise added to the fitted y (synthetic data)"},
    [CWB_FIT_NOISE_SEED] = {.name = "noise_seed",
                            .unit = "-",
                            .def = 1,
                            .min = 0,
                            .max = 4294967295.0,
                            .flags = CWB_P_INTEGER,
                            .help = "seed of the noise (GSL mt19937)"},
    [CWB_FIT_FORMULA] = {.name = "formula",
                         .unit = "-",
                         .kind = CWB_PARAM_TEXT,
                         .help = "material: the closed form fitted (a word it does not know is "
                                 "refused with the list); tangential: friction, stiffness "
                                 "(central differences) or force_curve (eq. 82 integrated)"},
    [CWB_FIT_VARY] = {.name = "vary",
                      .unit = "-",
                      .kind = CWB_PARAM_TEXT,
                      .help = "scalar: the case key set to each data x, section.key"},
    [CWB_FIT_RESULT] = {.name = "result",
                        .unit = "-",
                        .kind = CWB_PARAM_TEXT,
                        .help = "scalar: the run's scalar result fitted to the data y"},
    [CWB_FIT_REF_X] = {.name = "ref_x",
                       .unit = "-",
                       .kind = CWB_PARAM_TEXT,
                       .help = "run: the reference's x column (default: x), e.g. delta of a "
                               "FEM table against the run's delta_n"},
    [CWB_FIT_REF_Y] = {.name = "ref_y",
                       .unit = "-",
                       .kind = CWB_PARAM_TEXT,
                       .help = "run: the reference's y column (default: y)"},
    [CWB_FIT_MODEL_COMPARISON] = {.name = "model_comparison",
                                  .unit = "-",
                                  .kind = CWB_PARAM_TEXT,
                                  .help = "run, scalar: set when the reference is another model "
                                          "(a law fitted to an FEM curve): says what the fitted "
                                          "curve's deviation measures; it is then a result, "
                                          "not judged against the reference's tolerance"},
    [CWB_FIT_NO_REFERENCE] = {.name = "no_reference",
                              .unit = "-",
                              .kind = CWB_PARAM_TEXT,
                              .help = "why the plots draw no reference (a fit to cwb's own "
                                      "curve of a paper figure, say), in words: it goes into "
                                      "every plot's title as \"(no reference: ...)\""},
    [CWB_FIT_KEY_COUNT] = {0}};

const cwb_param *cwb_fit_params(void)
{
    return fit_params;
}

size_t cwb_fit_model_count(void)
{
    return MODEL_COUNT;
}

const cwb_fit_model *cwb_fit_model_at(size_t i)
{
    return i < MODEL_COUNT ? models[i] : NULL;
}

/* ------------------------------------------------------ shared helpers */

void cwb_fit_put(cwb_fit_out *o, const char *name, const char *suffix, double v)
{
    if (!o->res)
        return;
    char key[CWB_TEXT + 16];
    snprintf(key, sizeof key, "%s%s", name, suffix);
    cwb_result_set(o->res, key, "", v);
}

double cwb_fit_r_squared(const double *y, const double *yfit, size_t n)
{
    double mean = 0.0, ss_tot = 0.0, ss_res = 0.0;
    for (size_t i = 0; i < n; i++)
        mean += y[i] / (double)n;
    for (size_t i = 0; i < n; i++) {
        ss_tot += (y[i] - mean) * (y[i] - mean);
        ss_res += (y[i] - yfit[i]) * (y[i] - yfit[i]);
    }
    return ss_tot > 0.0 ? 1.0 - ss_res / ss_tot : NAN;
}

int cwb_fit_need(const cwb_fit_case *fc, cwb_fit_key k, char *msg, size_t n)
{
    if (fc->v.text[k][0])
        return CWB_OK;
    return cwb_fail(msg, n, CWB_EINPUT, "%s: [fit] model = %s needs the key '%s'", fc->path,
                    fc->v.text[CWB_FIT_MODEL], fit_params[k].name);
}

void cwb_fit_gp_string(FILE *f, char quote, const char *s)
{
    /* Always a single-quoted string, whatever the caller asked for: gnuplot
     * still runs `...` inside double quotes. cwb_gp_quote refuses control
     * characters; text values cannot hold them (core.c) and a CSV column
     * name that does is shown with '?' in their place. */
    (void)quote;
    char clean[CWB_TEXT], quoted[2 * CWB_TEXT + 3];
    size_t i = 0;
    for (; s[i] && i + 1 < sizeof clean; i++)
        clean[i] = ((unsigned char)s[i] < 0x20 || s[i] == 0x7f) ? '?' : s[i];
    clean[i] = '\0';
    if (cwb_gp_quote(quoted, sizeof quoted, clean) != 0)
        snprintf(quoted, sizeof quoted, "''");
    fputs(quoted, f);
}

void cwb_fit_gp_begin(FILE *f, const char *base)
{
    /* base is the fit-case's name and a suffix: cwb_gp_style_begin quotes it */
    cwb_gp_style_begin(f, base);
}

/* One provenance note "NAME = V +- SE UNIT[, R^2 = X][ (paper P)][ (bounds
 * ...)]" as a plot shows it: "NAME = 343.8 ± 3.9 MPa, R^2 = 0.9895 (paper
 * 316.5)"; the search's bounds are left out. 0 when the note is not of
 * that form. */
static int pretty_estimate(const char *start, size_t len, char *out, size_t n)
{
    char note[512];
    snprintf(note, sizeof note, "%.*s", (int)(len < sizeof note ? len : sizeof note - 1), start);
    char *eq = strstr(note, " = "), *pm = strstr(note, " +- ");
    if (!eq || !pm || pm < eq)
        return 0;
    char *end;
    double v = strtod(eq + 3, &end), se;
    if (end != pm)
        return 0;
    se = strtod(pm + 4, &end);
    if (end == pm + 4 && strncmp(pm + 4, "undefined", 9) == 0) /* the notes' word for NaN */
        se = NAN, end = pm + 13;
    else if (end == pm + 4)
        return 0;
    char unit[64] = "", *rest = end + strspn(end, " ");
    size_t ul = strcspn(rest, " ,");
    int remark = strncmp(rest, "(bounds", 7) == 0 || strncmp(rest, "(paper", 6) == 0;
    if (!remark && ul < sizeof unit) {
        snprintf(unit, sizeof unit, "%.*s", (int)ul, rest);
        rest += ul;
    }
    char *bounds = strstr(rest, "(bounds ");
    if (bounds)
        *bounds = '\0';
    rest += strspn(rest, " ");
    char est[128], tail[200] = "";
    cwb_gp_format_estimate(est, sizeof est, v, se, unit);
    const char *gap = rest[0] && rest[0] != ',' ? " " : "";
    char *r2 = strstr(rest, "R^2 = ");
    if (r2) { /* four decimals say how good; ten say nothing more */
        double x = strtod(r2 + 6, &end);
        snprintf(tail, sizeof tail, "%s%.*sR^2 = %.4f%.40s", gap, (int)(r2 - rest), rest, x, end);
    } else
        snprintf(tail, sizeof tail, "%s%.120s", gap, rest);
    *eq = '\0';
    size_t tl = strlen(tail); /* a blank left where the bounds were */
    while (tl > 0 && tail[tl - 1] == ' ')
        tail[--tl] = '\0';
    snprintf(out, n, "%.100s = %s%s", note, est, tail);
    return 1;
}

/* The fitted values for a plot's title: the provenance notes holding
 * "+-", at most three, "; "-joined, each as pretty_estimate shows it. A
 * note of one data file's fit ("FILE: k = v +- se") is left to that
 * series' legend: in the title it would not say whose value it is. */
static void fitted_values(const cwb_fit_out *o, char *out, size_t n)
{
    size_t used = 0, count = 0;
    out[0] = '\0';
    const char *p = o->provenance.s;
    while (p && *p && count < 3 && used + 2 < n) {
        size_t len = strcspn(p, "\n");
        const char *pm = strstr(p, " +- ");
        if (pm && pm < p + len) {
            const char *start = strncmp(p, "# ", 2) == 0 ? p + 2 : p;
            const char *colon = strstr(start, ": "); /* "FILE: k = v": a series' own */
            int series = colon && colon < pm && strchr(start, '/') && strchr(start, '/') < colon;
            char one[512];
            if (!series && pretty_estimate(start, (size_t)(p + len - start), one, sizeof one)) {
                used += (size_t)snprintf(out + used, n - used, "%s%s", count ? "; " : "", one);
                count++;
            }
        }
        p += len + (p[len] == '\n');
    }
    if (used >= n)
        out[n - 1] = '\0';
}

void cwb_fit_gp_title(FILE *f, const cwb_fit_out *o, const char *title, double r2)
{
    char values[600];
    fitted_values(o, values, sizeof values);
    size_t len = strlen(values);
    if (isfinite(r2) && !strstr(values, "R^2") && len + 40 < sizeof values)
        snprintf(values + len, sizeof values - len, "%sR^2 = %.4f", len ? "; " : "", r2);
    char head[CWB_TEXT + 300];
    snprintf(head, sizeof head, "%s", title);
    if (o->no_reference && o->no_reference[0]) /* why no reference is drawn */
        snprintf(head + strlen(head), sizeof head - strlen(head), " (no reference: %s)",
                 o->no_reference);
    fprintf(f, "set title ");
    for (char *c = head; *c; c++) /* text values hold none; a column name might */
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?';
    (void)cwb_gp_style_lines(f, head); /* cleaned above: it quotes */
    char *cut = strlen(values) > 110 ? strstr(values + strlen(values) / 3, "; ") : NULL;
    if (cut) /* a long line of values in two */
        *cut = '\0';
    if (values[0]) {
        fprintf(f, " . \"\\n\" . ");
        cwb_fit_gp_string(f, '\'', values);
    }
    if (cut) {
        fprintf(f, " . \"\\n\" . ");
        cwb_fit_gp_string(f, '\'', cut + 2);
    }
    fprintf(f, " noenhanced\n");
}

/* --------------------------------------------------------------- files */

int cwb_fit_open(const cwb_fit_out *o, const char *base, const char *ext, cwb_output *out,
                 char *msg, size_t n)
{
    char path[sizeof out->path];
    if (!o->dir) /* the library's fit: the model writes, nothing is kept */
        return cwb_output_discard(out, base, msg, n);
    int len = snprintf(path, sizeof path, "%s/%s.%s", o->dir, base, ext);
    if (len < 0 || (size_t)len >= sizeof path) {
        memset(out, 0, sizeof *out);
        return cwb_fail(msg, n, CWB_EINPUT, "%s/%s.%s: path too long", o->dir, base, ext);
    }
    int rc = cwb_output_open(out, path, msg, n);
    if (rc == CWB_OK && strcmp(ext, "gp") == 0)
        fprintf(out->f, "# gnuplot script written by cwb %s\n", CWB_VERSION);
    return rc;
}

int cwb_fit_finish_script(const cwb_fit_out *o, const char *base, cwb_output *out, char *msg,
                          size_t n)
{
    cwb_gp_style_end(out->f);
    int rc = cwb_output_commit(out, msg, n);
    if (rc != CWB_OK || !o->dir)
        return rc;
    return cwb_plot_render_as(o->dir, base, o->format, msg, n);
}

int cwb_fit_drop_script(const cwb_fit_out *o, const char *base, char *msg, size_t n)
{
    return o->dir ? cwb_plot_remove_stale(o->dir, base, o->format, 1, msg, n) : CWB_OK;
}

void cwb_fit_csv_head(FILE *f, const cwb_fit_out *o, const char *what)
{
    cwb_write_record(f, &o->record);
    fprintf(f, "# fit: %s\n%s", what, o->provenance.s ? o->provenance.s : "");
}

/* The unit of column j of table t, as cwb_fit_table says; NULL when it is
 * not known. */
static const char *column_unit(const cwb_fit_table *t, size_t j)
{
    const char *unit = NULL;
    if (t->units && t->units[j])
        unit = t->units[j];
    else if ((int)j == t->ix)
        unit = t->xunit;
    else if ((int)j == t->iy || (int)j == t->ifit || j + 1 == t->ncol)
        unit = t->yunit;
    else if ((t->ngroup > 0 && (int)j == t->igroup) || (t->flagged && (int)j == t->ifitted))
        unit = "-"; /* an index and a 0/1 flag */
    return unit && unit[0] ? unit : NULL;
}

static int write_table_csv(const cwb_fit_case *fc, const cwb_fit_out *o, const cwb_fit_table *t,
                           char *msg, size_t n)
{
    char base[sizeof fc->name + 8];
    snprintf(base, sizeof base, "%s_fit", fc->name);
    cwb_output out;
    int rc = cwb_fit_open(o, base, "csv", &out, msg, n);
    if (rc != CWB_OK)
        return rc;
    cwb_fit_csv_head(out.f, o, "the data, the fit and the residuals");
    for (size_t j = 0; j < t->ncol; j++) { /* name[unit], as every cwb CSV (cwb_csv.h) */
        const char *unit = column_unit(t, j);
        fprintf(out.f, "%s%s%s%s%s", j ? "," : "", t->cols[j], unit ? "[" : "", unit ? unit : "",
                unit ? "]" : "");
    }
    fprintf(out.f, "\n");
    for (size_t i = 0; i < t->nrow; i++)
        for (size_t j = 0; j < t->ncol; j++) {
            cwb_csv_number(out.f, t->rows[i * t->ncol + j]);
            fputc(j + 1 < t->ncol ? ',' : '\n', out.f);
        }
    return cwb_output_commit(&out, msg, n);
}

/* R^2 of the table's fit column against its data column, over the rows
 * the fit used. */
static double table_r_squared(const cwb_fit_table *t)
{
    double *y = malloc(2 * t->nrow * sizeof *y), r2 = NAN;
    if (!y)
        return NAN;
    size_t m = 0;
    for (size_t i = 0; i < t->nrow; i++) {
        const double *row = t->rows + i * t->ncol;
        if (t->flagged && row[t->ifitted] == 0.0)
            continue;
        y[m] = row[t->iy];
        y[t->nrow + m++] = row[t->ifit];
    }
    r2 = cwb_fit_r_squared(y, y + t->nrow, m);
    free(y);
    return r2;
}

/* 1 when column ix of the table rises from row to row. */
static int x_rises(const cwb_fit_table *t)
{
    for (size_t i = 1; i < t->nrow; i++)
        if (t->rows[i * t->ncol + (size_t)t->ix] <= t->rows[(i - 1) * t->ncol + (size_t)t->ix])
            return 0;
    return 1;
}

/* An axis of a fit plot: the column's name without its "_data" suffix,
 * and the unit when the model knows it (else a "[unit]" in the name). */
static void put_axis(FILE *f, char axis, const char *column, const char *unit)
{
    char name[CWB_TEXT];
    snprintf(name, sizeof name, "%s", column);
    char *tag = strstr(name, "_data"); /* "F_n_data", "p_centre data [Pa]" */
    if (!tag)
        tag = strstr(name, " data");
    if (tag)
        memmove(tag, tag + 5, strlen(tag + 5) + 1);
    if (!unit || !unit[0])
        cwb_gp_style_axis_column(f, axis, name);
    else
        cwb_gp_style_axis(f, axis, name, unit);
}

const char *cwb_fit_data_title(const cwb_reference *ref)
{
    static const struct {
        const char *independence, *title;
    } names[] = {{"fem", "FEM"},
                 {"measured", "measured"},
                 {"published", "published"},
                 {"closed-form", "closed form"},
                 {"quadrature", "quadrature"},
                 {"second-coding", "second coding"}};
    for (size_t i = 0; ref && i < sizeof names / sizeof *names; i++)
        if (strcmp(ref->independence, names[i].independence) == 0)
            return names[i].title;
    return "data";
}

/* Line type and point type of series k: the style's ten colours, then
 * again with other markers. */
static void series_style(FILE *f, int k, int points)
{
    static const int more[] = {10, 11, 14, 15, 3, 1, 2, 4, 6, 8};
    fprintf(f, " lt %d", k % CWB_GP_STYLES + 1);
    if (k >= CWB_GP_STYLES && points)
        fprintf(f, " pt %d", more[k % CWB_GP_STYLES]);
    else if (k >= CWB_GP_STYLES) /* a dash pattern none of the first ten has */
        fprintf(f, " dt (8,3,2,3)");
}

/* "column(G) == a || column(G) == b ..." for the groups of series k. */
static void series_rows(FILE *f, const cwb_fit_table *t, int k)
{
    int first = 1;
    for (int g = 0; g < t->ngroup; g++)
        if (t->group_series[g] == k) {
            fprintf(f, "%scolumn(%d) == %d", first ? "" : " || ", t->igroup + 1, g);
            first = 0;
        }
    if (first)
        fprintf(f, "0");
}

/* The curves of a table drawn by series: each series' points (data, or
 * residuals) in its colour under its legend, and each group's fitted line
 * in its series' colour; one legend line says what the lines are. */
static size_t series_curves(FILE *f, const cwb_fit_table *t, const char *csv, int residual,
                            size_t *longest)
{
    int ycol = residual ? (int)t->ncol : t->iy + 1;
    size_t entries = 0;
    fprintf(f, "plot ");
    for (int k = 0; k < t->nseries; k++) {
        fprintf(f, "%s", k ? ", \\\n     " : "");
        cwb_fit_gp_string(f, '\'', csv);
        fprintf(f, " using %d:((", t->ix + 1);
        series_rows(f, t, k);
        fprintf(f, ") ? column(%d) : NaN) with points ps 1.0", ycol);
        series_style(f, k, 1);
        fprintf(f, " title ");
        cwb_fit_gp_string(f, '\'', t->series_title[k]);
        entries++;
        *longest = strlen(t->series_title[k]) > *longest ? strlen(t->series_title[k]) : *longest;
    }
    if (!residual) {
        for (int g = 0; g < t->ngroup; g++) {
            fprintf(f, ", \\\n     ");
            cwb_fit_gp_string(f, '\'', csv);
            fprintf(f, " using %d:(column(%d) == %d ? column(%d) : NaN) with lines", t->ix + 1,
                    t->igroup + 1, g, t->ifit + 1);
            series_style(f, t->group_series[g], 0);
            fprintf(f, " notitle");
        }
        char what[200];
        snprintf(what, sizeof what, "lines: %s", t->fit_title ? t->fit_title : "fit");
        fprintf(f, ", \\\n     keyentry with lines lc rgb '#404040' lw 2 dt 1 title ");
        cwb_fit_gp_string(f, '\'', what);
        entries++;
    }
    fprintf(f, "\n");
    return entries;
}

/* The data as points and the fit as a line (every group in one colour). */
static void plain_curves(FILE *f, const cwb_fit_table *t, const char *csv)
{
    const char *data = t->data_title ? t->data_title : "data";
    const char *fit = t->fit_title ? t->fit_title : "fit";
    fprintf(f, "plot ");
    cwb_fit_gp_string(f, '\'', csv);
    fprintf(f, " using %d:%d with points lt 2 ps 1.0 title ", t->ix + 1, t->iy + 1);
    cwb_fit_gp_string(f, '\'', data);
    fprintf(f, ", \\\n     ");
    cwb_fit_gp_string(f, '\'', csv);
    if (t->ngroup > 0) { /* one line per fitted curve, not one through them all */
        fprintf(f, " using %d:(column(%d) == 0 ? column(%d) : NaN) with lines lt 1 title ",
                t->ix + 1, t->igroup + 1, t->ifit + 1);
        cwb_fit_gp_string(f, '\'', fit);
        fprintf(f, ", \\\n     for [k=1:%d] ", t->ngroup - 1);
        cwb_fit_gp_string(f, '\'', csv);
        fprintf(f, " using %d:(column(%d) == k ? column(%d) : NaN) with lines lt 1 notitle\n",
                t->ix + 1, t->igroup + 1, t->ifit + 1);
    } else if (t->fit_function) {
        fprintf(f,
                " using %d:%d with points pt 6 ps 0.9 notitle, \\\n     %s with lines lt 1 title ",
                t->ix + 1, t->ifit + 1, t->fit_function);
        cwb_fit_gp_string(f, '\'', fit);
        fprintf(f, "\n");
    } else { /* a line only where x rises: through a grid it would zigzag */
        fprintf(f, " using %d:%d with %s lt 1 title ", t->ix + 1, t->ifit + 1,
                t->ix == t->iy || !x_rises(t) ? "points pt 6 ps 0.9" : "linespoints pt 7 ps 0.4");
        cwb_fit_gp_string(f, '\'', fit);
        fprintf(f, "\n");
    }
}

/* 1 when column ix holds log-spaced values (a log-spaced sweep fitted). */
static int x_log_spaced(const cwb_fit_table *t)
{
    double *x = malloc((t->nrow ? t->nrow : 1) * sizeof *x);
    if (!x)
        return 0;
    for (size_t i = 0; i < t->nrow; i++)
        x[i] = t->rows[i * t->ncol + (size_t)t->ix];
    int log_spaced = cwb_gp_style_log_spaced(x, t->nrow);
    free(x);
    return log_spaced;
}

/* DIR/NAME_fit.gp (the data and the fit against x) or, with residual,
 * DIR/NAME_fit_residual.gp (the last column against x); with --no-plot,
 * an older one of that name removed. */
static int write_table_plot(const cwb_fit_case *fc, const cwb_fit_out *o, const cwb_fit_table *t,
                            int residual, char *msg, size_t n)
{
    char base[sizeof fc->name + 16], csv[sizeof fc->name + 16];
    snprintf(base, sizeof base, "%s_fit%s", fc->name, residual ? "_residual" : "");
    snprintf(csv, sizeof csv, "%s_fit.csv", fc->name);
    if (!o->plot)
        return cwb_fit_drop_script(o, base, msg, n);
    cwb_output out;
    int rc = cwb_fit_open(o, base, "gp", &out, msg, n);
    if (rc != CWB_OK)
        return rc;
    FILE *f = out.f;
    char title[CWB_TEXT + 16];
    snprintf(title, sizeof title, "%s%s", t->title ? t->title : fc->title,
             residual ? " (residuals)" : "");
    cwb_fit_gp_begin(f, base);
    cwb_fit_gp_title(f, o, title, table_r_squared(t));
    put_axis(f, 'x', t->cols[t->ix], t->xunit);
    if (x_log_spaced(t))
        cwb_gp_style_log(f, 'x');
    if (residual) { /* the data's unit: the table's, else the "[unit]" of its column */
        char unit[64] = "";
        const char *open = strchr(t->cols[t->iy], '['), *close = open ? strchr(open, ']') : NULL;
        if (t->yunit)
            snprintf(unit, sizeof unit, "%s", t->yunit);
        else if (open && close)
            snprintf(unit, sizeof unit, "%.*s", (int)(close - open - 1), open + 1);
        cwb_gp_style_axis(f, 'y', "fit - data", unit);
    } else
        put_axis(f, 'y', t->cols[t->iy], t->yunit);
    if (t->series_title && t->group_series && t->ngroup > 0) {
        size_t longest = 0, entries = series_curves(f, t, csv, residual, &longest);
        cwb_gp_style_legend(f, entries, longest);
    } else if (residual) {
        fprintf(f, "plot ");
        cwb_fit_gp_string(f, '\'', csv);
        fprintf(f, " using %d:%d with points lt 2 ps 0.8 title 'fit - data'\n", t->ix + 1,
                (int)t->ncol);
    } else
        plain_curves(f, t, csv);
    return cwb_fit_finish_script(o, base, &out, msg, n);
}

/* The first table a fit writes, into o->table for its caller: the CSV's
 * columns, x and y (data, fit, residual) with their units. */
static int keep_table(const cwb_fit_out *o, const cwb_fit_table *t, char *msg, size_t n)
{
    cwb_series *s = &o->table->series;
    if (s->ncol)
        return CWB_OK;
    for (size_t j = 0; j < t->ncol; j++) {
        const char *unit = column_unit(t, j);
        if (cwb_series_column(s, t->cols[j], unit ? unit : "") < 0)
            return cwb_fail(msg, n, CWB_EFAIL, "fit: a table of %zu columns", t->ncol);
    }
    for (size_t i = 0; i < t->nrow; i++)
        if (cwb_series_row(s, t->rows + i * t->ncol) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    return CWB_OK;
}

int cwb_fit_write_table(const cwb_fit_case *fc, const cwb_fit_out *o, const cwb_fit_table *t,
                        char *msg, size_t n)
{
    if (o->table) {
        int rc = keep_table(o, t, msg, n);
        if (rc != CWB_OK)
            return rc;
    }
    int rc = write_table_csv(fc, o, t, msg, n);
    if (rc == CWB_OK)
        rc = write_table_plot(fc, o, t, 0, msg, n);
    if (rc == CWB_OK)
        rc = write_table_plot(fc, o, t, 1, msg, n);
    return rc;
}

/* ------------------------------------------------------------ the case */

static void fit_name(const char *path, char *name, size_t n)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    snprintf(name, n, "%s", base);
    char *dot = strrchr(name, '.');
    if (dot && dot != name)
        *dot = '\0';
}

/* [fit] no_reference: a reason in words that a plot's title can hold. */
static int check_no_reference(const cwb_fit_case *fc, char *msg, size_t n)
{
    const char *why = fc->v.text[CWB_FIT_NO_REFERENCE];
    size_t words = 0;
    for (const char *p = why; *p; p++)
        words += *p != ' ' && (p == why || p[-1] == ' ');
    if (!why[0] || (words >= 3 && strlen(why) <= 240))
        return CWB_OK;
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s:%d: [fit] no_reference = %.300s: expected a reason in words (three or "
                    "more, at most 240 characters; it goes into the plots' titles)",
                    fc->path, fc->line[CWB_FIT_NO_REFERENCE], why);
}

static int read_fit_case(const char *path, cwb_fit_case *fc, char *msg, size_t n)
{
    memset(fc, 0, sizeof *fc);
    fc->path = path;
    cwb_values_init(&fc->v, fit_params);
    fc->line = fc->v.given;
    fit_name(path, fc->name, sizeof fc->name);
    cwb_ini ini;
    int rc = cwb_ini_read(&ini, path, "fit-case", msg, n);
    if (rc != CWB_OK)
        return rc;
    cwb_ini_binding b = {"fit", &fc->v};
    rc = cwb_ini_bind(&ini, &b, 1, msg, n);
    cwb_ini_free(&ini);
    if (rc != CWB_OK)
        return rc;
    fc->title = fc->v.text[CWB_FIT_TITLE][0] ? fc->v.text[CWB_FIT_TITLE] : fc->name;
    return check_no_reference(fc, msg, n);
}

int cwb_fit_case_read(const char *path, cwb_fit_case *fc, char *msg, size_t n)
{
    return read_fit_case(path, fc, msg, n);
}

static int find_model(const cwb_fit_case *fc, const cwb_fit_model **model, char *msg, size_t n)
{
    const char *word = fc->v.text[CWB_FIT_MODEL];
    if (!fc->line[CWB_FIT_MODEL]) {
        char models_text[CWB_MSG / 2] = "";
        size_t used = 0;
        for (size_t i = 0; i < MODEL_COUNT && used < sizeof models_text; i++)
            used += (size_t)snprintf(models_text + used, sizeof models_text - used, "\n  %-6s %s",
                                     models[i]->name, models[i]->summary);
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [fit] missing required key 'model', one of:%s",
                        fc->path, models_text);
    }
    for (size_t i = 0; i < MODEL_COUNT; i++)
        if (strcmp(models[i]->name, word) == 0) {
            *model = models[i];
            return CWB_OK;
        }
    char allowed[256] = "";
    size_t used = 0;
    for (size_t i = 0; i < MODEL_COUNT && used < sizeof allowed; i++)
        used += (size_t)snprintf(allowed + used, sizeof allowed - used, "%s%s", i ? "|" : "",
                                 models[i]->name);
    return cwb_fail(msg, n, CWB_EINPUT,
                    "%s:%d: [fit] model = '%s' is not one of the allowed words: %s", fc->path,
                    fc->line[CWB_FIT_MODEL], word, allowed);
}

static int key_listed(const cwb_fit_key *list, int k)
{
    for (; *list != CWB_FIT_MODEL; list++)
        if ((int)*list == k)
            return 1;
    return 0;
}

/* The model's required keys must be given; a key it never reads is
 * reported (a misspelt model would otherwise ignore it silently). */
static int check_keys(const cwb_fit_case *fc, const cwb_fit_model *m, const cwb_log *log, char *msg,
                      size_t n)
{
    for (const cwb_fit_key *k = m->requires; *k != CWB_FIT_MODEL; k++) {
        int rc = cwb_fit_need(fc, *k, msg, n);
        if (rc != CWB_OK)
            return rc;
    }
    for (int k = CWB_FIT_MODEL + 1; k < CWB_FIT_KEY_COUNT; k++)
        if (fc->line[k] && k != CWB_FIT_TITLE && k != CWB_FIT_NO_REFERENCE &&
            !key_listed(m->requires, k) && !key_listed(m->accepts, k))
            cwb_logf(log, CWB_LOG_WARN, "%s:%d: [fit] %s: model %s does not use it\n", fc->path,
                     fc->line[k], fit_params[k].name, m->name);
    return CWB_OK;
}

/* ------------------------------------------------------------- the run */

static void emit(const cwb_log *log, const char *text)
{
    if (log && log->fn && text)
        log->fn(log->user, CWB_LOG_RESULT, text);
}

/* The log a model gets: a warning is passed on, kept for the JSON's
 * "warnings" and noted in the CSVs' provenance ("# WARNING: ..."). */
typedef struct {
    const cwb_log *log;
    cwb_fit_out *o;
} warning_tap;

static void tap_text(void *user, cwb_log_level level, const char *text)
{
    warning_tap *t = user;
    if (level == CWB_LOG_WARN) {
        cwb_fit_report *r = &t->o->report;
        size_t len = strcspn(text, "\n");
        if (r->nwarn < CWB_MAX_WARN)
            snprintf(r->warn[r->nwarn++], sizeof r->warn[0], "%.*s", (int)len, text);
        cwb_fit_note(t->o, "WARNING: %.*s", (int)len, text);
    }
    if (t->log && t->log->fn)
        t->log->fn(t->log->user, level, text);
}

static int fit_with(const cwb_fit_case *fc, const cwb_fit_model *m, cwb_fit_out *o,
                    const cwb_log *log, char *msg, size_t n)
{
    warning_tap tap = {log, o};
    const cwb_log tapped = {tap_text, &tap};
    cwb_fit_note(o, "fit-case: %s", fc->path);
    int rc = check_keys(fc, m, &tapped, msg, n);
    if (rc == CWB_OK)
        rc = o->dir ? cwb_make_dirs(o->dir, msg, n) : CWB_OK;
    if (rc != CWB_OK)
        return rc;
    cwb_json_head(&o->json_out, "fit", o->dir);
    cwb_json_string(&o->json_out, "fit", fc->name);
    cwb_json_string(&o->json_out, "file", fc->path);
    cwb_json_string(&o->json_out, "model", m->name);
    if ((rc = m->run(fc, o, &tapped, msg, n)) != CWB_OK)
        return rc;
    cwb_fit_report_json(&o->json_out, &o->report);
    cwb_json_close(&o->json_out);
    if (o->summary.failed || o->provenance.failed || o->json_out.failed)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    if (o->json)
        return cwb_json_log(&o->json_out, log) == CWB_OK
                   ? CWB_OK
                   : cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    emit(log, o->summary.s);
    return CWB_OK;
}

int cwb_fit(const cwb_fit_request *req, cwb_result *res, const cwb_log *log, char *msg, size_t n)
{
    cwb_fit_case *fc = malloc(sizeof *fc); /* the values are large for a stack */
    if (!fc)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    const cwb_fit_model *m = NULL;
    int rc = read_fit_case(req->path, fc, msg, n);
    if (rc == CWB_OK)
        rc = find_model(fc, &m, msg, n);
    if (rc == CWB_OK) {
        cwb_fit_out o = {.dir = req->dir,
                         .plot = req->plot && req->dir,
                         .params = req->params,
                         .table = req->table,
                         .progress = req->progress,
                         .user = req->user,
                         .format = req->format,
                         .json = req->json,
                         .res = res,
                         .no_reference = fc->v.text[CWB_FIT_NO_REFERENCE],
                         .record = {.command = req->command, .plot = req->plot}};
        rc = fit_with(fc, m, &o, log, msg, n);
        cwb_fit_text_free(&o.summary);
        cwb_fit_text_free(&o.provenance);
        cwb_json_free(&o.json_out);
    }
    free(fc);
    return rc;
}
