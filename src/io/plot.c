/* plot.c -- gnuplot scripts (and the PNGs gnuplot renders from them).
 *
 * Each run writes DIR/NAME.gp next to DIR/NAME.csv; the script plots the
 * case's y column against its x column and, when the case names a
 * reference, overlays the reference curve and prints the deviation that
 * compare.c measured. Scripts use paths relative to DIR so a committed
 * plots/ directory renders anywhere.
 *
 * The look (terminal, colours, legend, ticks) is plot_style.c's; the
 * format (png, pdf, svg) is chosen when the script is rendered.
 *
 * A script is a program: every text that comes from a user (titles, file
 * names, column names, legends) reaches it only through cwb_gp_quote(), and
 * gnuplot is started without a shell (cwb_spawn).
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cwb_csv.h"
#include "cwb_files.h"
#include "cwb_out.h"
#include "cwb_paths.h"
#include "cwb_plot.h"
#include "cwb_verdict.h"

int cwb_gp_quote(char *out, size_t n, const char *s)
{
    /* gnuplot's single-quoted strings take everything literally (no
     * backslash escapes, no `...` or @macro expansion) except '' for one
     * quote; only a line end could still break out, so control characters
     * are refused rather than written. */
    size_t used = 0;
    if (n < 3)
        return -1;
    out[used++] = '\'';
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c < 0x20 || *c == 0x7f)
            return -1;
        size_t need = *c == '\'' ? 2 : 1;
        if (used + need + 2 > n)
            return -1;
        out[used++] = (char)*c;
        if (*c == '\'')
            out[used++] = '\'';
    }
    out[used++] = '\'';
    out[used] = '\0';
    return 0;
}

/* Path of `target` relative to directory `dir` (both must exist). */
static void relative_path(const char *dir, const char *target, char *out, size_t n)
{
    char a[PATH_MAX], b[PATH_MAX];
    if (!realpath(dir, a) || !realpath(target, b)) {
        snprintf(out, n, "%s", target);
        return;
    }
    size_t common = 0, i = 0;
    while (a[i] && a[i] == b[i]) {
        if (a[i] == '/')
            common = i;
        i++;
    }
    if (a[i] == '\0' && (b[i] == '/' || b[i] == '\0'))
        common = i;
    size_t used = 0;
    out[0] = '\0';
    for (const char *p = a + common; *p; p++)
        if (*p == '/' && used < n)
            used += (size_t)snprintf(out + used, n - used, "../");
    if (used < n)
        snprintf(out + used, n - used, "%s", b[common] == '/' ? b + common + 1 : b + common);
}

size_t cwb_split_paths(char *list, const char **out, size_t max)
{
    size_t n = 0;
    for (char *tok = strtok(list, ";, \t\n"); tok && n < max; tok = strtok(NULL, ";, \t\n")) {
        while (*tok == ' ' || *tok == '\t' || *tok == '\n')
            tok++;
        char *end = tok + strlen(tok);
        while (end > tok && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n'))
            *--end = '\0';
        if (*tok)
            out[n++] = tok;
    }
    return n;
}

void cwb_also_ref_key(char *out, size_t n, size_t k, const char *what)
{
    if (k == 0)
        snprintf(out, n, "also_ref_%s", what);
    else
        snprintf(out, n, "also_ref%zu_%s", k + 1, what);
}

/* Column indices of x and y in a cwb CSV's header row (cwb_csv.h), -1
 * when absent. Non-zero when the file or its header cannot be read. Only
 * the header: an overlaid run may hold NaN in columns the plot does not use. */
static int header_columns(const char *path, const char *x, const char *y, int *jx, int *jy)
{
    FILE *in = fopen(path, "r");
    char *line = NULL, why[CWB_MSG];
    int rc = in ? cwb_csv_header_line(in, path, &line, why, sizeof why) : -1;
    if (in)
        fclose(in);
    int col = 0;
    for (char *cell = line, *next; rc == CWB_OK && cell; cell = next, col++) {
        char name[256], unit[256];
        if ((next = strchr(cell, ',')) != NULL)
            *next++ = '\0';
        cwb_csv_cell(cell, name, sizeof name, unit, sizeof unit);
        if (strcmp(name, x) == 0)
            *jx = col;
        if (strcmp(name, y) == 0)
            *jy = col;
    }
    free(line);
    return rc == CWB_OK ? 0 : -1;
}

/* A script being written. Every user text goes through gp_text(), which
 * remembers the first one cwb_gp_quote() refused (the script is then
 * dropped, never written with the text left out). lt is the next line
 * type of the style (one per series). */
typedef struct {
    FILE *f;
    const char *bad;
    int lt;
    size_t entries, longest; /* the legend's entries and its longest text */
    cwb_plot_legends legend; /* each curve's (plot_legend.c) */
} gp_script;

static void gp_text(gp_script *g, const char *s)
{
    char q[2 * PATH_MAX];
    if (cwb_gp_quote(q, sizeof q, s) != 0) {
        if (!g->bad)
            g->bad = s;
        fputs("''", g->f);
        return;
    }
    fputs(q, g->f);
}

/* A legend text (quoted as gp_text), counted for the legend's layout. */
static void gp_legend_text(gp_script *g, const char *s)
{
    gp_text(g, s);
    g->entries++;
    g->longest = strlen(s) > g->longest ? strlen(s) : g->longest;
}

/* The style's preamble, title and axis labels (name and unit apart, so
 * the style can put a prefix before the unit). */
static void gp_head(gp_script *g, const cwb_plot_spec *sp, const cwb_series *s, int ix)
{
    FILE *f = g->f;
    fprintf(f, "# gnuplot script written by cwb %s\n", CWB_VERSION);
    if (cwb_gp_style_begin(f, sp->name) != 0 && !g->bad)
        g->bad = sp->name;
    /* a plot without an independent reference says why in its title */
    char title[CWB_TEXT + 400];
    snprintf(title, sizeof title, "%s", sp->title && sp->title[0] ? sp->title : sp->name);
    if (sp->no_reference && sp->no_reference[0])
        snprintf(title + strlen(title), sizeof title - strlen(title), " (no reference: %s)",
                 sp->no_reference);
    if (cwb_gp_style_title(f, title) != 0 && !g->bad)
        g->bad = sp->title ? sp->title : sp->name;
    /* log-spaced x (a sweep with scale = log): a log axis */
    if (cwb_gp_style_log_spaced(s->col[ix].v, s->nrow))
        cwb_gp_style_log(f, 'x');
    int iy = cwb_series_find(s, sp->y[0]);
    if (cwb_gp_style_axis(f, 'x', s->col[ix].name, s->col[ix].unit) != 0 && !g->bad)
        g->bad = s->col[ix].name;
    /* several y columns: the name they share ("disp_error_nu0", "disp_error_nu0.3" ->
     * "disp_error"), else their names when short, else the legend says */
    char names[CWB_TEXT];
    snprintf(names, sizeof names, "%s", s->col[iy].name);
    for (size_t k = 1; k < sp->ny; k++) {
        const char *other = s->col[cwb_series_find(s, sp->y[k])].name;
        size_t c = 0;
        while (names[c] && names[c] == other[c])
            c++;
        names[c] = '\0';
    }
    while (strlen(names) > 0 && strchr("_ .-", names[strlen(names) - 1]))
        names[strlen(names) - 1] = '\0';
    if (sp->ny > 1 && strlen(names) < 3) {
        size_t used = 0;
        for (size_t k = 0; k < sp->ny && used < sizeof names; k++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", k ? ", " : "",
                                     s->col[cwb_series_find(s, sp->y[k])].name);
        if (used > 40)
            snprintf(names, sizeof names, "(see legend)");
    }
    if (cwb_gp_style_axis(f, 'y', names, s->col[iy].unit) != 0 && !g->bad)
        g->bad = s->col[iy].name;
}

/* The run's own curves: each y against x from DIR/DATA.csv. */
static void gp_cwb_curves(gp_script *g, const cwb_plot_spec *sp, const cwb_series *s, int ix)
{
    char text[2 * CWB_TEXT];
    const char *label = g->legend.own;
    fprintf(g->f, "plot ");
    for (size_t k = 0; k < sp->ny; k++) {
        snprintf(text, sizeof text, "%s.csv", sp->data ? sp->data : sp->name);
        fprintf(g->f, "%s", k ? ", \\\n     " : "");
        gp_text(g, text);
        fprintf(g->f, " using %d:%d with %s lt %d title ", ix + 1, cwb_series_find(s, sp->y[k]) + 1,
                sp->markers ? "linespoints ps 0.7" : "lines", ++g->lt);
        /* several columns: the laws once, then the column names alone */
        if (sp->ny > 1 && k > 0)
            snprintf(text, sizeof text, "%s", sp->y[k]);
        else
            snprintf(text, sizeof text, "%s%s%s", label, sp->ny > 1 ? ": " : "",
                     sp->ny > 1 ? sp->y[k] : "");
        gp_legend_text(g, text);
    }
}

/* The run's own curves once more, over the references' symbols (no
 * second legend entry). */
static void gp_cwb_on_top(gp_script *g, const cwb_plot_spec *sp, const cwb_series *s, int ix)
{
    char text[2 * CWB_TEXT];
    snprintf(text, sizeof text, "%s.csv", sp->data ? sp->data : sp->name);
    for (size_t k = 0; k < sp->ny && sp->nref > 0; k++) {
        fprintf(g->f, ", \\\n     ");
        gp_text(g, text);
        fprintf(g->f, " using %d:%d with %s lt %zu notitle", ix + 1,
                cwb_series_find(s, sp->y[k]) + 1, sp->markers ? "linespoints ps 0.7" : "lines",
                k + 1);
    }
}

/* Other runs' CSVs (other laws) drawn as lines of their own type; a
 * missing one is a warning, not a failure (its case may not have been run
 * yet). */
static void gp_overlays(gp_script *g, const cwb_plot_spec *sp)
{
    for (size_t o = 0; o < sp->noverlay; o++) {
        int jx = -1, jy = -1;
        if (header_columns(sp->overlays[o], sp->x, sp->y[0], &jx, &jy) != 0) {
            cwb_logf(sp->log, CWB_LOG_WARN,
                     "overlay %s not drawn: cannot read it (run its "
                     "case first)\n",
                     sp->overlays[o]);
            continue;
        }
        if (jx < 0 || jy < 0) {
            cwb_logf(sp->log, CWB_LOG_WARN, "overlay %s has no column %s or %s\n", sp->overlays[o],
                     sp->x, sp->y[0]);
            continue;
        }
        char rel[PATH_MAX];
        relative_path(sp->dir, sp->overlays[o], rel, sizeof rel);
        fprintf(g->f, ", \\\n     ");
        gp_text(g, rel);
        fprintf(g->f, " using %d:%d with lines lt %d title ", jx + 1, jy + 1, ++g->lt);
        gp_legend_text(g, g->legend.overlay[o]);
    }
}

/* The legend line under a reference curve: the deviation compare.c measured. */
static void gp_deviation(gp_script *g, double max, double rms, double points, const char *verdict)
{
    char text[320];
    snprintf(text, sizeof text, "  deviation: max %.3g, rms %.3g of max |ref| (%.0f pts)%s", max,
             rms, points, verdict);
    cwb_gp_style_note(g->f);
    gp_legend_text(g, text);
}

/* Reference curves as points (about 60 of them), open symbols so that a
 * curve under them stays visible; legend: what the reference is, and the
 * deviation compare.c measured (for the first one and for each
 * also_reference compared). */
static void gp_references(gp_script *g, const cwb_plot_spec *sp)
{
    size_t also = 0; /* also_references drawn so far */
    for (size_t r = 0; r < sp->nref; r++) {
        cwb_reference rf;
        char why[CWB_MSG];
        if (cwb_reference_load(&rf, sp->refs[r], why, sizeof why) != CWB_OK) {
            cwb_logf(sp->log, CWB_LOG_WARN, "reference %s not drawn: %s\n", sp->refs[r], why);
            continue;
        }
        const char *ycol = sp->ref_y && sp->ref_y[0] ? sp->ref_y : sp->y[0];
        if (r >= sp->also_from && sp->also_ref_y && sp->also_ref_y[0])
            ycol = sp->also_ref_y;
        int jx = cwb_reference_find(&rf, sp->ref_x && sp->ref_x[0] ? sp->ref_x : sp->x);
        int jy = cwb_reference_find(&rf, ycol);
        static const int open[] = {6, 4, 8, 12}; /* circle, square, triangle, diamond */
        char rel[PATH_MAX];
        relative_path(sp->dir, sp->refs[r], rel, sizeof rel);
        if (jx >= 0 && jy >= 0) {
            fprintf(g->f, ", \\\n     ");
            gp_text(g, rel);
            /* about 30 symbols, each reference's shifted along the curve so
             * that two of one curve interleave instead of covering */
            size_t every = rf.nrow > 30 ? rf.nrow / 30 : 1, nr = sp->nref ? sp->nref : 1;
            fprintf(g->f,
                    " using %d:%d every %zu::%zu with points lt %d pt %d dt 1 ps 1.2 lw 1.5 "
                    "title ",
                    jx + 1, jy + 1, every, every * r / nr, ++g->lt, open[r % 4]);
            gp_legend_text(g, r < 8 ? g->legend.reference[r] : "reference");
        }
        /* its line follows the reference it was measured against */
        if (r == 0 && isfinite(sp->dev_max)) {
            char verdict[160] = "";
            if (sp->dev_verdict == CWB_VERDICT_PASS || sp->dev_verdict == CWB_VERDICT_FAIL)
                snprintf(verdict, sizeof verdict, ": %s (tolerance %.3g)",
                         cwb_verdict_word((cwb_verdict)sp->dev_verdict), sp->dev_tolerance);
            else if (sp->dev_verdict == CWB_VERDICT_MODEL)
                snprintf(verdict, sizeof verdict, ": model comparison, no verdict");
            gp_deviation(g, sp->dev_max, sp->dev_rms, sp->dev_points, verdict);
        } else if (r >= sp->also_from && also < 8 && sp->also_dev[also][2] > 0) {
            /* not judged, but read against its own tolerance, as the
             * terminal reads it: a bare deviation passes for a pass */
            const double *d = sp->also_dev[also];
            char drawn[120], line[160];
            gp_deviation(g, d[0], d[1], d[2], "");
            /* its own line (the legend is 90 characters wide); the max
             * keeps two references' lines apart */
            snprintf(line, sizeof line, "  %s (max %.3g)",
                     cwb_verdict_drawn_line(d[0], d[3], drawn, sizeof drawn), d[0]);
            cwb_gp_style_note(g->f);
            gp_legend_text(g, line);
        }
        also += r >= sp->also_from;
        /* drawn but not compared (a sweep that did not run at its x): said
         * under it, or the symbols read as a comparison */
        if (r < 8 && sp->ref_note[r] && sp->ref_note[r][0]) {
            cwb_gp_style_note(g->f);
            gp_legend_text(g, sp->ref_note[r]);
        }
        cwb_reference_free(&rf);
    }
}

int cwb_plot_series(const cwb_plot_spec *sp, const cwb_series *s, char *msg, size_t n)
{
    int ix = cwb_series_find(s, sp->x);
    if (ix < 0)
        return cwb_fail(msg, n, CWB_EINPUT, "plot: no column '%s'", sp->x);
    for (size_t k = 0; k < sp->ny; k++)
        if (cwb_series_find(s, sp->y[k]) < 0)
            return cwb_fail(msg, n, CWB_EINPUT, "plot: no column '%s'", sp->y[k]);
    char path[CWB_TEXT + 160];
    snprintf(path, sizeof path, "%s/%s.gp", sp->dir, sp->name);
    cwb_output out;
    int rc = cwb_output_open(&out, path, msg, n);
    if (rc != CWB_OK)
        return rc;
    gp_script g = {.f = out.f};
    cwb_plot_legends_make(sp, &g.legend);
    gp_head(&g, sp, s, ix);
    gp_cwb_curves(&g, sp, s, ix);
    gp_overlays(&g, sp);
    gp_references(&g, sp);
    gp_cwb_on_top(&g, sp, s, ix);
    fprintf(out.f, "\n");
    cwb_gp_style_legend(out.f, g.entries, g.longest);
    cwb_gp_style_end(out.f);
    if (g.bad) {
        cwb_output_abort(&out);
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s not written: the text '%.200s' has a control "
                        "character (or is too long) for a gnuplot script",
                        path, g.bad);
    }
    return cwb_output_commit(&out, msg, n);
}

int cwb_plot_write(const char *dir, const cwb_case *c, const cwb_result *r, const cwb_log *log,
                   char *msg, size_t n)
{
    const char *xname = cwb_plot_x(c), *ys[8];
    char ybuf[CWB_TEXT];
    size_t ny = cwb_plot_y_list(c, ybuf, sizeof ybuf, ys, 8);
    if (ny == 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [output] plot_y names no column", c->file);
    const char *bad = cwb_series_find(&r->series, xname) < 0 ? xname : NULL;
    for (size_t k = 0; k < ny && !bad; k++)
        if (cwb_series_find(&r->series, ys[k]) < 0)
            bad = ys[k];
    if (bad)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [output] plot column '%s' is not a column "
                        "of the %s driver",
                        c->file, bad, c->driver->name);
    char label[160];
    if (c->driver->own_model)
        snprintf(label, sizeof label, "cwb: %s", c->driver->own_model);
    else { /* the laws that act: normal, then tangential, damping and rolling when not
            * none (the order of the CSV's "# laws:" line, which a sweep's legend reads) */
        size_t used =
            (size_t)snprintf(label, sizeof label, "cwb: %s", c->law[CWB_KIND_NORMAL]->name);
        const cwb_kind more[] = {CWB_KIND_TANGENTIAL, CWB_KIND_DAMPING, CWB_KIND_ROLLING};
        for (size_t k = 0; k < sizeof more / sizeof *more && used < sizeof label; k++)
            if (!(c->law[more[k]]->flags & CWB_LAW_ABSENT))
                used += (size_t)snprintf(label + used, sizeof label - used, " + %s",
                                         c->law[more[k]]->name);
    }
    const char *ref = c->output_values.text[CWB_OUT_REFERENCE];
    char overlay[CWB_TEXT];
    if (cwb_path_resolve_bare_in(dir, c->output_values.text[CWB_OUT_OVERLAY], overlay,
                                 sizeof overlay) != CWB_OK)
        return cwb_fail(msg, n, CWB_EINPUT, "[output] overlay: %s", overlay);
    cwb_plot_spec sp = {
        .dir = dir,
        .name = c->name,
        .title = c->output_values.text[CWB_OUT_TITLE],
        .x = xname,
        .ny = ny,
        .label = label,
        .refs = {ref},
        .nref = ref[0] ? 1 : 0,
        .ref_x = c->output_values.text[CWB_OUT_REFERENCE_X],
        .ref_y = c->output_values.text[CWB_OUT_REFERENCE_Y],
        .dev_max = cwb_result_get(r, "ref_max_rel_error"),
        .dev_rms = cwb_result_get(r, "ref_rms_error"),
        .dev_points = cwb_result_get(r, "ref_points"),
        .dev_tolerance = cwb_result_get(r, "ref_tolerance"),
        .dev_verdict = (int)r->verdict,
        .log = log,
        .no_reference = c->output_values.text[CWB_OUT_NO_REFERENCE],
    };
    for (size_t k = 0; k < ny; k++)
        sp.y[k] = ys[k];
    sp.noverlay = cwb_split_paths(overlay, sp.overlays, 12);
    char also[CWB_TEXT];
    snprintf(also, sizeof also, "%s", c->output_values.text[CWB_OUT_ALSO_REFERENCE]);
    const char *more[3];
    size_t nmore = cwb_split_paths(also, more, 3);
    sp.also_from = sp.nref;
    sp.also_ref_y = c->output_values.text[CWB_OUT_ALSO_REFERENCE_Y];
    static const char *const what[3] = {"max_rel_error", "rms_error", "points"};
    for (size_t k = 0; k < nmore && sp.nref < 4; k++) {
        for (int q = 0; q < 3; q++) { /* the k-th compared; NaN (none) is not > 0 */
            char key[64];
            cwb_also_ref_key(key, sizeof key, k, what[q]);
            sp.also_dev[k][q] = cwb_result_get(r, key);
        }
        sp.also_dev[k][3] = k < CWB_ALSO_MAX ? r->also[k].tolerance : NAN;
        sp.refs[sp.nref++] = more[k];
    }
    return cwb_plot_series(&sp, &r->series, msg, n);
}

/* The last bytes of gnuplot's log, one line, for a failure message. */
static void log_tail(const char *path, char *out, size_t n)
{
    out[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    if (fseek(f, -(long)(n - 1), SEEK_END) != 0)
        rewind(f);
    size_t got = fread(out, 1, n - 1, f);
    out[got] = '\0';
    fclose(f);
    for (char *p = out; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
}

/* A file the caller fills by other means: a temporary name in its folder,
 * already closed. */
static int reserve(cwb_output *o, const char *path, char *msg, size_t n)
{
    int rc = cwb_output_open(o, path, msg, n);
    if (rc == CWB_OK) {
        fclose(o->f);
        o->f = NULL;
    }
    return rc;
}

/* 1 when path is a regular file the command does not read (a folder, a
 * link or a fifo there is not a plot cwb wrote, nor is a case file named
 * NAME.gp), and, for a script, one cwb wrote: its first line is the one
 * cwb opens every script with (plot.c, fit.c). */
static int cwb_made(const char *path, int script)
{
    static const char mark[] = "# gnuplot script written by cwb ";
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || cwb_is_input(path))
        return 0;
    if (!script)
        return 1;
    char head[sizeof mark] = "";
    FILE *f = fopen(path, "r");
    size_t got = f ? fread(head, 1, sizeof mark - 1, f) : 0;
    if (f)
        fclose(f);
    return got == sizeof mark - 1 && memcmp(head, mark, got) == 0;
}

int cwb_plot_remove_stale(const char *dir, const char *name, const char *format, int script,
                          char *msg, size_t n)
{
    const char *ext[] = {"gp", cwb_plot_extension(format)};
    char gp[CWB_TEXT + 160];
    snprintf(gp, sizeof gp, "%s/%s.gp", dir, name);
    /* only beside a script cwb wrote: a NAME.gp and NAME.png of the user's
     * own (notes, a photograph) are not an earlier run's plot */
    if (!cwb_made(gp, 1))
        return CWB_OK;
    for (int k = script ? 0 : 1; k < 2; k++) {
        char path[CWB_TEXT + 160];
        snprintf(path, sizeof path, "%s/%s.%s", dir, name, ext[k]);
        if (!cwb_made(path, k == 0))
            continue;
        if (remove(path) != 0)
            return cwb_fail(msg, n, CWB_EFAIL,
                            "cannot remove %s, the plot of an earlier run (--no-plot): %s", path,
                            strerror(errno));
    }
    return CWB_OK;
}

int cwb_plot_render(const char *dir, const char *name, char *msg, size_t n)
{
    return cwb_plot_render_as(dir, name, "png", msg, n);
}

int cwb_plot_render_as(const char *dir, const char *name, const char *format, char *msg, size_t n)
{
    if (!format || !format[0])
        format = "png";
    if (!cwb_plot_format_ok(format))
        return cwb_fail(msg, n, CWB_EINPUT, "--format %s: expected png, pdf or svg", format);
    char full[PATH_MAX], path[CWB_TEXT + 160], script[CWB_TEXT + 16];
    if (!cwb_on_path("gnuplot", full, sizeof full))
        return cwb_fail(msg, n, CWB_ETOOL,
                        "gnuplot is not installed: apt-get install "
                        "gnuplot-nox (Debian package gnuplot-nox), or run with --no-plot");
    cwb_output png, log;
    snprintf(path, sizeof path, "%s/%s.%s", dir, name, format);
    int rc = reserve(&png, path, msg, n);
    if (rc != CWB_OK)
        return rc;
    snprintf(path, sizeof path, "%s/%s.gp.log", dir, name);
    if ((rc = reserve(&log, path, msg, n)) != CWB_OK) {
        cwb_output_abort(&png);
        return rc;
    }
    /* gnuplot runs in DIR: the temporary PNG by its name there */
    const char *slash = strrchr(png.tmp, '/');
    char quoted[2 * sizeof png.tmp + 3], setpng[sizeof quoted + 48];
    if (cwb_gp_quote(quoted, sizeof quoted, slash ? slash + 1 : png.tmp) != 0) {
        cwb_output_abort(&png);
        cwb_output_abort(&log);
        return cwb_fail(msg, n, CWB_EINPUT, "%s: a control character in the name", png.path);
    }
    snprintf(setpng, sizeof setpng, "cwb_format = '%s'; cwb_file = %s", format, quoted);
    snprintf(script, sizeof script, "./%s.gp", name);
    char *argv[] = {"gnuplot", "-e", setpng, script, NULL};
    int status = cwb_spawn(argv, dir, log.tmp);
    struct stat st;
    if (status == 0 && stat(png.tmp, &st) == 0 && st.st_size == 0)
        cwb_output_abort(&png); /* a script that ignores cwb_file wrote NAME.png itself */
    else if (status == 0 && rename(png.tmp, png.path) != 0)
        status = -2;
    if (status != 0) {
        char tail[600];
        log_tail(log.tmp, tail, sizeof tail);
        cwb_output_abort(&png);
        cwb_output_abort(&log);
        return cwb_fail(msg, n, CWB_EFAIL, "%s: gnuplot failed on %s/%s.gp (%s): %s", png.path, dir,
                        name,
                        status == 127  ? "could not be started"
                        : status == -2 ? "rename failed"
                        : status < 0   ? "killed by a signal"
                                       : "error",
                        tail);
    }
    png.tmp[0] = '\0';
    cwb_output_abort(&log);
    return CWB_OK;
}
