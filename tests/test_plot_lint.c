/* test_plot_lint.c -- the plot lint: every gnuplot script shipped in plots/
 * shows what it claims. A script is read as text (its title, its plot
 * commands, the CSV files they draw) and held to these rules:
 *
 *   reference         a paper figure (its case is named seedNNN_figNN..., or
 *                     its title names a "Fig. N") draws that figure's
 *                     reference: a curve read from reference/, or the data a
 *                     fit-case fitted when those come from reference/; else
 *                     its title says why there is none ("no reference: ...",
 *                     [output] no_reference of the case);
 *   log-axis          where the x values of the first curve are log-spaced
 *                     (positive, a constant ratio between neighbours to
 *                     1e-3 of its logarithm, over a decade or more: a sweep
 *                     with scale = log) the x axis is logarithmic;
 *   legend-duplicate  no two legend entries of one plot read the same;
 *   legend-file-name  no legend entry is a file name (".csv", or the name of
 *                     a file the plot draws);
 *   legend-series     in a family of cwb curves told apart by a parameter
 *                     ("cwb: hertz, T0_over_Tmu = 2"), every member names
 *                     its value of it;
 *   fit-data          a plot of a fit (of a fit-case, or a case named
 *                     ..._fit) draws the data fitted, as points read from a
 *                     file: a data column, a residual, or a reference;
 *   title-repeats     no parameter is named twice in a title ("t = ...; t =
 *                     ..." says nothing of which series each belongs to);
 *   title-values      a title listing values ("at 15/35/45/65 deg", "y = 3,
 *                     7, 15") draws at least as many curves;
 *   margin            the ranges are padded (set offsets, all four sides)
 *                     and a literal y range holds the data 2.5 % of its
 *                     span inside, so a plateau at a limit or a curve's end
 *                     is not drawn on the frame.
 *
 * plots/seed004_fig48.gp (and seed004_fig11, _fig18, _fig20, _table7.gp)
 * are written by hand, not by cwb (maps of FEM fields, several FEM runs
 * or increments on one plot): they are held to the reference and legend
 * rules only. The suite
 * also plants one violation of each rule in a scratch folder and checks
 * that the lint reports it, so a rule cannot pass by never firing. */
#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cwb_fit.h"
#include "cwb_test.h"

enum {
    R_REFERENCE,
    R_LOG_AXIS,
    R_LEGEND_DUPLICATE,
    R_LEGEND_FILE,
    R_LEGEND_SERIES,
    R_FIT_DATA,
    R_TITLE_REPEATS,
    R_TITLE_VALUES,
    R_MARGIN,
    R_COUNT
};
static const char *const rule_name[R_COUNT] = {
    "reference",        "log-axis",      "legend-duplicate",
    "legend-file-name", "legend-series", "fit-data",
    "title-repeats",    "title-values",  "margin"};

#define MAX_ITEMS 80
#define TEXT      600

typedef struct {
    char src[TEXT];   /* the file drawn ("" for a function or keyentry) */
    int keyentry;     /* a line of text in the legend */
    int xcol, ycol;   /* columns of `using` (0: none found) */
    char style[32];   /* points, lines, linespoints, yerrorbars, ... */
    char title[TEXT]; /* "" with notitle */
    int plot;         /* which plot command (multiplot scripts have several) */
} lint_item;

typedef struct {
    char dir[512], cases[512], stem[256];
    char casename[256], casefile[1024]; /* the case the plot is of ("" when none) */
    int fit;                            /* the case is a fit-case (.fit) */
    int cwb;                            /* written by cwb */
    char title[2048];
    int logx, offsets_y, offsets_x;
    int fixed_y; /* a literal y range [ylo:yhi] ('*': open, +-inf) */
    double ylo, yhi;
    lint_item item[MAX_ITEMS];
    size_t nitem;
    int nplot;
    char var[8][2][TEXT]; /* name = 'string' assignments */
    size_t nvar;
} lint_script;

typedef struct {
    size_t count[R_COUNT];
    char text[1 << 17];
    size_t used;
} lint_report;

static void report_hit(lint_report *r, const lint_script *s, int rule, const char *detail)
{
    r->count[rule]++;
    if (r->used < sizeof r->text - 1)
        r->used += (size_t)snprintf(r->text + r->used, sizeof r->text - r->used,
                                    "  %s.gp: %s: %.200s\n", s->stem, rule_name[rule], detail);
    if (r->used >= sizeof r->text)
        r->used = sizeof r->text - 1;
}

/* ------------------------------------------------------------- reading */

/* A gnuplot single-quoted string at *p (quotes doubled inside) into out;
 * *p moves past it. 0 when *p is not at a quote. */
static int quoted(const char **p, char *out, size_t n)
{
    if (**p != '\'')
        return 0;
    size_t used = 0;
    const char *c = *p + 1;
    for (; *c; c++) {
        if (*c == '\'' && c[1] == '\'')
            c++;
        else if (*c == '\'')
            break;
        if (used + 1 < n)
            out[used++] = *c;
    }
    out[used] = '\0';
    *p = *c ? c + 1 : c;
    return 1;
}

/* A title expression: 'a' . "\n" . 'b' -> "a b". */
static void title_expression(const char *p, char *out, size_t n)
{
    size_t used = 0;
    out[0] = '\0';
    while (*p && used + 1 < n) {
        char piece[TEXT];
        if (quoted(&p, piece, sizeof piece))
            used += (size_t)snprintf(out + used, n - used, "%s", piece);
        else if (strncmp(p, "\"\\n\"", 4) == 0) { /* a line break stands for a space */
            used += (size_t)snprintf(out + used, n - used, " ");
            p += 4;
        } else if (*p == ' ' || *p == '.')
            p++;
        else
            break;
    }
}

/* The column a `using` field reads: "3" -> 3, "(column(4) == 0 ? column(3)
 * : NaN)" -> 3 (the value after '?'), "($2*um)" -> 2. 0 when none. */
static int using_column(const char *field, size_t len)
{
    char f[256];
    snprintf(f, sizeof f, "%.*s", (int)(len < sizeof f ? len : sizeof f - 1), field);
    if (f[0] && strspn(f, "0123456789") == strlen(f))
        return atoi(f);
    const char *q = strchr(f, '?');
    const char *from = q ? q : f;
    const char *c = strstr(from, "column("), *d = strchr(from, '$');
    if (c && (!d || c < d))
        return atoi(c + 7);
    if (d)
        return atoi(d + 1);
    return 0;
}

/* The fields of "using A:B[:C]" at p (top-level ':' only). */
static void parse_using(const char *p, lint_item *it)
{
    int depth = 0, field = 0;
    const char *start = p;
    for (const char *c = p;; c++) {
        if (*c == '(')
            depth++;
        else if (*c == ')')
            depth--;
        if ((*c == ':' && depth == 0) || (*c == ' ' && depth == 0) || *c == '\0') {
            int col = using_column(start, (size_t)(c - start));
            if (field == 0)
                it->xcol = col;
            else if (field == 1)
                it->ycol = col;
            field++;
            start = c + 1;
            if (*c != ':')
                break;
        }
    }
}

/* One item of a plot command. */
static void parse_item(lint_script *s, const char *p, int plot)
{
    if (s->nitem >= MAX_ITEMS)
        return;
    lint_item *it = &s->item[s->nitem++];
    memset(it, 0, sizeof *it);
    it->plot = plot;
    while (*p == ' ')
        p++;
    if (strncmp(p, "for [", 5) == 0 && strchr(p, ']'))
        p = strchr(p, ']') + 1;
    while (*p == ' ')
        p++;
    if (*p == '\'')
        quoted(&p, it->src, sizeof it->src);
    else if (strncmp(p, "keyentry", 8) == 0)
        it->keyentry = 1;
    else { /* a variable holding a file name, or a function */
        size_t len = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
        for (size_t v = 0; v < s->nvar; v++)
            if (strlen(s->var[v][0]) == len && strncmp(p, s->var[v][0], len) == 0)
                snprintf(it->src, sizeof it->src, "%s", s->var[v][1]);
    }
    const char *u = strstr(p, " using ");
    if (u)
        parse_using(u + 7, it);
    const char *w = strstr(p, " with ");
    if (w)
        sscanf(w + 6, "%31s", it->style);
    const char *t = strstr(p, " title '");
    if (t) {
        t += 7;
        quoted(&t, it->title, sizeof it->title);
    }
}

/* A plot command (continuation lines joined) cut at its top-level commas. */
static void parse_plot(lint_script *s, const char *cmd)
{
    int depth = 0, in_quote = 0, plot = s->nplot++;
    char item[4096];
    size_t used = 0;
    for (const char *c = cmd;; c++) {
        if (*c == '\0' || (*c == ',' && depth == 0 && !in_quote)) {
            item[used] = '\0';
            if (used)
                parse_item(s, item, plot);
            used = 0;
            if (!*c)
                break;
            continue;
        }
        if (in_quote && *c == '\'' && c[1] == '\'') { /* a doubled quote: both kept */
            if (used + 2 < sizeof item)
                item[used++] = *c++;
        } else if (*c == '\'')
            in_quote = !in_quote;
        else if (!in_quote && (*c == '(' || *c == '['))
            depth++;
        else if (!in_quote && (*c == ')' || *c == ']'))
            depth--;
        if (used + 1 < sizeof item)
            item[used++] = *c;
    }
}

/* NAME = 'text': a variable (a hand-written script names its data so). */
static void parse_assignment(lint_script *s, const char *line)
{
    size_t len = strspn(line, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
    const char *v = line + len;
    if (len == 0 || len >= TEXT || strncmp(v, " = '", 4) != 0 || s->nvar >= 8)
        return;
    v += 3;
    char value[TEXT];
    if (quoted(&v, value, sizeof value) && *v == '\0') {
        snprintf(s->var[s->nvar][0], TEXT, "%.*s", (int)len, line);
        snprintf(s->var[s->nvar++][1], TEXT, "%s", value);
    }
}

/* "lo:hi]" of a literal y range ('*' or empty: open). */
static void literal_range(lint_script *s, const char *p)
{
    char *end;
    s->fixed_y = 1;
    s->ylo = strtod(p, &end);
    if (end == p)
        s->ylo = -INFINITY;
    p = strchr(p, ':');
    s->yhi = p ? strtod(p + 1, &end) : INFINITY;
    if (!p || end == p + 1)
        s->yhi = INFINITY;
}

static void parse_line(lint_script *s, const char *line)
{
    const char *v;
    if (strncmp(line, "# gnuplot script written by cwb", 31) == 0)
        s->cwb = 1;
    else if (strncmp(line, "set title '", 11) == 0 && !s->title[0])
        title_expression(line + 10, s->title, sizeof s->title);
    else if (strncmp(line, "set multiplot", 13) == 0 && (v = strstr(line, " title '")))
        title_expression(v + 7, s->title, sizeof s->title);
    else if (strncmp(line, "set logscale", 12) == 0 && strchr(line + 12, 'x'))
        s->logx = 1;
    else if (strncmp(line, "set yrange [", 12) == 0 && strncmp(line + 12, "cwb_lo", 6) != 0)
        literal_range(s, line + 12);
    else if (strncmp(line, "set offsets", 11) == 0) {
        double o[4] = {0};
        if (sscanf(line + 11, " graph %lf, graph %lf, graph %lf, graph %lf", &o[0], &o[1], &o[2],
                   &o[3]) == 4 ||
            sscanf(line + 11, " %lf, %lf, graph %lf, graph %lf", &o[0], &o[1], &o[2], &o[3]) == 4)
            s->offsets_y = o[2] > 0 && o[3] > 0, s->offsets_x = o[0] > 0 && o[1] > 0;
    } else
        parse_assignment(s, line);
}

/* Read DIR/STEM.gp: title, log axes, offsets, plot items. */
static int read_script(lint_script *s)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.gp", s->dir, s->stem);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[8192], cmd[32768];
    size_t used = 0;
    int in_plot = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        size_t len = strlen(line);
        int more = len > 0 && line[len - 1] == '\\';
        if (more)
            line[--len] = '\0';
        if (!in_plot && strncmp(line, "plot ", 5) == 0) {
            in_plot = 1;
            used = 0;
        }
        if (in_plot) {
            if (used + len + 1 < sizeof cmd) {
                memcpy(cmd + used, line, len);
                used += len;
                cmd[used] = '\0';
            }
            if (!more) {
                in_plot = 0;
                parse_plot(s, cmd + 5);
            }
            continue;
        }
        parse_line(s, line);
    }
    fclose(f);
    return 0;
}

/* The case the plot is of: the longest STEM prefix (cut at '_') naming
 * CASES/PREFIX.case or CASES/PREFIX.fit. */
static void find_case(lint_script *s)
{
    char prefix[256];
    snprintf(prefix, sizeof prefix, "%s", s->stem);
    for (;;) {
        const char *ext[] = {"case", "fit"};
        for (int e = 0; e < 2; e++) {
            struct stat st;
            snprintf(s->casefile, sizeof s->casefile, "%s/%s.%s", s->cases, prefix, ext[e]);
            if (stat(s->casefile, &st) == 0) {
                snprintf(s->casename, sizeof s->casename, "%s", prefix);
                s->fit = e == 1;
                return;
            }
        }
        char *cut = strrchr(prefix, '_');
        if (!cut)
            break;
        *cut = '\0';
    }
    s->casefile[0] = s->casename[0] = '\0';
}

/* --------------------------------------------------------------- data */

/* Column col (from 1) of the CSV DIR/SRC: its header name into name and
 * its numbers into v (at most max); how many. */
static size_t csv_column(const lint_script *s, const char *src, int col, char *name, size_t nn,
                         double *v, size_t max)
{
    char path[1024], line[16384];
    snprintf(path, sizeof path, "%s/%s", s->dir, src);
    name[0] = '\0';
    FILE *f = fopen(path, "r");
    size_t count = 0;
    int header = 1;
    while (f && fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        const char *p = line;
        for (int k = 1; k < col && p; k++)
            p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL;
        if (!p)
            continue;
        size_t len = strcspn(p, ",\r\n");
        if (header) {
            snprintf(name, nn, "%.*s", (int)len, p);
            header = 0;
            continue;
        }
        char *end;
        double x = strtod(p, &end);
        if (end != p && count < max)
            v[count++] = x;
    }
    if (f)
        fclose(f);
    return count;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Positive, at least four distinct values, a constant ratio between
 * neighbours (1e-3 of its logarithm), spanning a decade or more. */
static int log_spaced(double *v, size_t n)
{
    qsort(v, n, sizeof *v, by_value);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!(v[i] > 0))
            return 0;
        else if (m == 0 || v[i] > v[m - 1] * (1 + 1e-12))
            v[m++] = v[i];
    if (m < 4 || v[m - 1] < 10 * v[0])
        return 0;
    double step = log(v[m - 1] / v[0]) / (double)(m - 1);
    for (size_t i = 1; i < m; i++)
        if (fabs(log(v[i] / v[i - 1]) - step) > 1e-3 * step)
            return 0;
    return 1;
}

/* --------------------------------------------------------------- rules */

static int paper_figure(const lint_script *s)
{
    const char *n = s->casename[0] ? s->casename : s->stem;
    if (strncmp(n, "seed", 4) == 0 && isdigit((unsigned char)n[4]) &&
        isdigit((unsigned char)n[5]) && isdigit((unsigned char)n[6]) &&
        strncmp(n + 7, "_fig", 4) == 0 && isdigit((unsigned char)n[11]))
        return 1;
    for (const char *t = strstr(s->title, "Fig"); t; t = strstr(t + 1, "Fig"))
        if ((t[3] == '.' && t[4] == ' ' && isdigit((unsigned char)t[5])) ||
            strncmp(t, "Figs. ", 6) == 0)
            return 1;
    return 0;
}

/* The value of KEY in the fit-case (its first "KEY = " line), "" if none. */
static void fit_case_value(const lint_script *s, const char *key, char *out, size_t n)
{
    FILE *f = fopen(s->casefile, "r");
    char line[4096];
    out[0] = '\0';
    size_t klen = strlen(key);
    while (f && fgets(line, sizeof line, f)) {
        const char *p = line + strspn(line, " \t");
        if (strncmp(p, key, klen) == 0 && strchr(" \t=", p[klen])) {
            p = strchr(p, '=');
            if (p) {
                snprintf(out, n, "%s", p + 1);
                break;
            }
        }
    }
    if (f)
        fclose(f);
}

static int points_style(const char *style)
{
    return strncmp(style, "points", 6) == 0 || strstr(style, "errorbars") != NULL;
}

static void rule_reference(lint_report *r, const lint_script *s)
{
    if (!paper_figure(s) || strstr(s->title, "no reference: "))
        return;
    for (size_t i = 0; i < s->nitem; i++)
        if (strstr(s->item[i].src, "reference/"))
            return;
    if (s->fit) { /* the fitted data, when they are a reference */
        char data[4096] = "", more[4096] = "";
        fit_case_value(s, "data", data, sizeof data);
        fit_case_value(s, "reference", more, sizeof more);
        if (strstr(data, "reference/") || strstr(more, "reference/"))
            for (size_t i = 0; i < s->nitem; i++)
                if (s->item[i].src[0] && points_style(s->item[i].style))
                    return;
    }
    report_hit(r, s, R_REFERENCE,
               "a paper figure with no reference drawn and no reason in its title");
}

static void rule_log_axis(lint_report *r, const lint_script *s)
{
    static double v[20000];
    for (size_t i = 0; i < s->nitem; i++) {
        const lint_item *it = &s->item[i];
        if (!it->src[0] || it->xcol <= 0)
            continue;
        char name[256];
        size_t n = csv_column(s, it->src, it->xcol, name, sizeof name, v, 20000);
        if (log_spaced(v, n) && !s->logx) {
            char d[400];
            snprintf(d, sizeof d, "x = %s is log-spaced (%g to %g) on a linear axis", name, v[0],
                     v[n - 1]);
            report_hit(r, s, R_LOG_AXIS, d);
        }
        return; /* the first curve read from a file decides */
    }
}

static const char *base_of(const char *path)
{
    const char *b = strrchr(path, '/');
    return b ? b + 1 : path;
}

static void rule_legend(lint_report *r, const lint_script *s)
{
    for (size_t i = 0; i < s->nitem; i++) {
        const char *t = s->item[i].title;
        if (!t[0])
            continue;
        for (size_t j = i + 1; j < s->nitem; j++)
            if (s->item[j].plot == s->item[i].plot && strcmp(t, s->item[j].title) == 0) {
                report_hit(r, s, R_LEGEND_DUPLICATE, t);
                break;
            }
        int file = strstr(t, ".csv") != NULL || strstr(t, ".gp") != NULL;
        for (size_t j = 0; j < s->nitem && !file; j++) {
            const char *b = base_of(s->item[j].src);
            size_t len = strcspn(b, ".");
            file = len > 0 && strlen(t) == len && strncmp(t, b, len) == 0;
        }
        if (file)
            report_hit(r, s, R_LEGEND_FILE, t);
    }
}

/* The "KEY = " names after the first ", " of a legend entry, as
 * " key1 key2 " into out. */
static void legend_keys(const char *t, char *out, size_t n)
{
    size_t used = (size_t)snprintf(out, n, " ");
    const char *p = strstr(t, ", ");
    while (p && used < n) {
        p += 2;
        size_t len = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.");
        if (len && strncmp(p + len, " = ", 3) == 0)
            used += (size_t)snprintf(out + used, n - used, "%.*s ", (int)len, p);
        p = strstr(p, ", ");
    }
}

/* The base of a legend entry: the text before its first ", ". */
static size_t base_length(const char *t)
{
    const char *c = strstr(t, ", ");
    return c ? (size_t)(c - t) : strlen(t);
}

static int cwb_line(const lint_item *it)
{
    return strncmp(it->title, "cwb", 3) == 0 && !points_style(it->style);
}

/* In a family of cwb curves (entries with the same base, "cwb: hertz"),
 * where one member names a parameter, every member names one: none is
 * left unlabelled among labelled ones. */
static void rule_legend_series(lint_report *r, const lint_script *s)
{
    static char keys[MAX_ITEMS][256];
    for (size_t i = 0; i < s->nitem; i++)
        legend_keys(s->item[i].title, keys[i], sizeof keys[i]);
    for (size_t i = 0; i < s->nitem; i++) {
        if (!cwb_line(&s->item[i]))
            continue;
        size_t bi = base_length(s->item[i].title);
        int fired = 0;
        for (size_t j = 0; j < s->nitem && !fired; j++) {
            if (j == i || !cwb_line(&s->item[j]) || base_length(s->item[j].title) != bi ||
                strncmp(s->item[i].title, s->item[j].title, bi) != 0)
                continue;
            char word[80];
            if (sscanf(keys[j], " %79s", word) == 1 && strspn(keys[i], " ") == strlen(keys[i])) {
                char d[TEXT + 100];
                snprintf(d, sizeof d, "'%s' names no parameter, '%s' names its %s",
                         s->item[i].title, s->item[j].title, word);
                report_hit(r, s, R_LEGEND_SERIES, d);
                fired = 1;
            }
        }
    }
}

static void rule_fit_data(lint_report *r, const lint_script *s)
{
    if (!s->fit && !strstr(s->stem, "_fit"))
        return;
    static double v[20000];
    for (size_t i = 0; i < s->nitem; i++) {
        const lint_item *it = &s->item[i];
        if (!it->src[0] || !points_style(it->style))
            continue;
        if (strstr(it->src, "reference/") || strstr(it->style, "errorbars"))
            return;
        char name[256] = "";
        if (it->ycol > 0)
            csv_column(s, it->src, it->ycol, name, sizeof name, v, 1);
        if (strstr(name, "data") || strstr(name, "fem") || strstr(name, "residual"))
            return;
    }
    report_hit(r, s, R_FIT_DATA,
               "no points of the data fitted (a data column, a residual or a reference)");
}

static void rule_title(lint_report *r, const lint_script *s)
{
    /* a parameter named twice */
    char seen[64][64];
    size_t nseen = 0;
    for (const char *p = strstr(s->title, " = "); p; p = strstr(p + 3, " = ")) {
        const char *b = p;
        while (b > s->title && !strchr(" \n;(,", b[-1]))
            b--;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(p - b < 63 ? p - b : 63), b);
        for (size_t k = 0; k < nseen; k++)
            if (name[0] && strcmp(seen[k], name) == 0) {
                char d[200];
                snprintf(d, sizeof d, "'%s =' twice", name);
                report_hit(r, s, R_TITLE_REPEATS, d);
                return;
            }
        if (nseen < 64)
            snprintf(seen[nseen++], 64, "%s", name);
    }
}

/* The most values a title lists: "15/35/45/65" (not figure numbers) or
 * "= 3, 7, 15". */
static int title_values(const char *t)
{
    int most = 0;
    for (const char *p = t; *p; p++) {
        if (!isdigit((unsigned char)*p) ||
            (p > t && (isalnum((unsigned char)p[-1]) || p[-1] == '.')))
            continue;
        int slash = 0, comma = 0;
        const char *q = p;
        while (1) { /* numbers joined by '/' */
            q += strspn(q, "0123456789.");
            if (*q == '/' && isdigit((unsigned char)q[1]))
                slash++, q++;
            else
                break;
        }
        int figures = p - t >= 5 && strncmp(p - 5, "Figs.", 5) == 0;
        figures |= p - t >= 6 && strncmp(p - 6, "Figs. ", 6) == 0;
        if (slash && !figures && slash + 1 > most)
            most = slash + 1;
        if (p - t >= 2 && strncmp(p - 2, "= ", 2) == 0) {
            q = p;
            while (1) {
                q += strspn(q, "0123456789.");
                if (q[0] == ',' && q[1] == ' ' && isdigit((unsigned char)q[2]))
                    comma++, q += 2;
                else
                    break;
            }
            if (comma && comma + 1 > most)
                most = comma + 1;
        }
    }
    return most;
}

static void rule_title_values(lint_report *r, const lint_script *s)
{
    int listed = title_values(s->title), curves = 0;
    for (size_t i = 0; i < s->nitem; i++)
        curves += s->item[i].title[0] && !s->item[i].keyentry;
    if (listed > 1 && curves < listed) {
        char d[200];
        snprintf(d, sizeof d, "the title lists %d values, the plot draws %d curves", listed,
                 curves);
        report_hit(r, s, R_TITLE_VALUES, d);
    }
}

/* The y range padded by offsets, and a literal y range only with the data
 * inside it, 2.5 % of its span from either edge. */
static void rule_margin(lint_report *r, const lint_script *s)
{
    static double v[20000];
    if (!s->offsets_y || !s->offsets_x)
        report_hit(r, s, R_MARGIN, "no margin (set offsets graph L, graph R, graph T, graph B)");
    if (!s->fixed_y)
        return;
    double lo = s->ylo, hi = s->yhi, pad = isfinite(hi - lo) ? 0.025 * (hi - lo) : 0;
    for (size_t i = 0; i < s->nitem; i++) {
        const lint_item *it = &s->item[i];
        char name[256], d[400];
        size_t n = it->src[0] && it->ycol > 0
                       ? csv_column(s, it->src, it->ycol, name, sizeof name, v, 20000)
                       : 0;
        for (size_t k = 0; k < n; k++)
            if (!(v[k] >= lo + pad && v[k] <= hi - pad)) {
                snprintf(d, sizeof d, "%s = %g on or outside the fixed y range [%g:%g]", name, v[k],
                         lo, hi);
                report_hit(r, s, R_MARGIN, d);
                return;
            }
    }
}

/* Lint DIR/STEM.gp (its case looked up in CASES). */
static void lint_one(lint_report *r, const char *dir, const char *cases, const char *stem)
{
    lint_script *s = calloc(1, sizeof *s);
    ck_assert_ptr_nonnull(s);
    snprintf(s->dir, sizeof s->dir, "%s", dir);
    snprintf(s->cases, sizeof s->cases, "%s", cases);
    snprintf(s->stem, sizeof s->stem, "%s", stem);
    ck_assert_msg(read_script(s) == 0, "cannot read %s/%s.gp", dir, stem);
    find_case(s);
    rule_reference(r, s);
    rule_legend(r, s);
    if (s->cwb) { /* a script cwb writes: all of the rules */
        rule_log_axis(r, s);
        rule_legend_series(r, s);
        rule_fit_data(r, s);
        rule_title(r, s);
        rule_title_values(r, s);
        rule_margin(r, s);
    }
    free(s);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Lint every DIR/ *.gp; how many. */
static size_t lint_dir(lint_report *r, const char *dir, const char *cases)
{
    DIR *d = opendir(dir);
    ck_assert_msg(d != NULL, "cannot open %s", dir);
    char *names[2048];
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL && n < 2048;) {
        size_t len = strlen(e->d_name);
        if (len > 3 && strcmp(e->d_name + len - 3, ".gp") == 0)
            names[n++] = strndup(e->d_name, len - 3);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        lint_one(r, dir, cases, names[i]);
        free(names[i]);
    }
    return n;
}

static void summary(const lint_report *r, char *out, size_t n)
{
    size_t used = 0;
    for (int k = 0; k < R_COUNT && used < n; k++)
        used += (size_t)snprintf(out + used, n - used, "%s%s %zu", k ? ", " : "", rule_name[k],
                                 r->count[k]);
}

/* Every script of plots/ (CWB_PLOT_LINT_DIR: another folder) passes. */
START_TEST(shipped_plots_pass_the_lint)
{
    const char *dir = getenv("CWB_PLOT_LINT_DIR") ? getenv("CWB_PLOT_LINT_DIR") : "plots";
    lint_report *r = calloc(1, sizeof *r);
    ck_assert_ptr_nonnull(r);
    size_t n = lint_dir(r, dir, "cases");
    ck_assert_msg(n > 200, "only %zu scripts in %s (make demo writes them)", n, dir);
    size_t total = 0;
    for (int k = 0; k < R_COUNT; k++)
        total += r->count[k];
    char counts[512];
    summary(r, counts, sizeof counts);
    if (total) /* all of them on stderr; Check's message holds a few */
        fprintf(stderr, "plot lint: %zu findings over %zu scripts (%s):\n%s", total, n, counts,
                r->text);
    ck_assert_msg(total == 0, "plot lint: %zu findings over %zu scripts (%s), e.g.\n%.1500s", total,
                  n, counts, r->text);
    free(r);
}
END_TEST

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot write %s", path);
    fputs(text, f);
    ck_assert(fclose(f) == 0);
}

/* A script as cwb writes one (header, margins), with TITLE and PLOT. */
static void plant(const char *dir, const char *stem, const char *title, const char *plot,
                  const char *extra)
{
    char path[600], text[8192];
    snprintf(path, sizeof path, "%s/%s.gp", dir, stem);
    snprintf(text, sizeof text,
             "# gnuplot script written by cwb test\n"
             "set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.05\n"
             "%sset title '%s' noenhanced\nplot %s\n",
             extra, title, plot);
    write_text(path, text);
}

/* One planted violation of each rule is found (and only the rule planted). */
START_TEST(lint_finds_planted_violations)
{
    char dir[128], cases[160], path[600];
    test_tmp_make(dir, sizeof dir, "plotlint");
    ck_assert(dir[0]);
    snprintf(cases, sizeof cases, "%s", dir);
    /* data: a log-spaced x, a fit table */
    snprintf(path, sizeof path, "%s/s.csv", dir);
    write_text(path, "# provenance\nv[m/s],e[-]\n0.01,0.9\n0.1,0.8\n1,0.7\n10,0.6\n");
    snprintf(path, sizeof path, "%s/f.csv", dir);
    write_text(path, "x,y_data,y_fit,residual\n1,2,2.1,0.1\n2,4,3.9,-0.1\n");
    snprintf(path, sizeof path, "%s/seed009_fit9.fit", dir);
    write_text(path, "[fit]\nmodel = line\ndata = ../reference/x.csv\n");
    static const struct {
        const char *stem, *title, *plot, *extra;
        int rule;
    } planted[] = {
        {"seed009_fig1_a", "Fig. 1", "'s.csv' using 2:2 with lines title 'cwb: a'", "",
         R_REFERENCE},
        {"log_a", "log", "'s.csv' using 1:2 with lines title 'cwb: a'", "", R_LOG_AXIS},
        {"dup_a", "dup",
         "'s.csv' using 2:2 with lines title 'cwb: a', 's.csv' using 2:1 with lines title 'cwb: a'",
         "", R_LEGEND_DUPLICATE},
        {"file_a", "file", "'s.csv' using 2:2 with lines title 's'", "", R_LEGEND_FILE},
        {"series_a", "series",
         "'s.csv' using 2:2 with lines title 'cwb: a', 's.csv' using 2:1 with lines title 'cwb: "
         "a, k = 2'",
         "", R_LEGEND_SERIES},
        {"seed009_fit9_fit", "a fit", "'f.csv' using 1:3 with lines title 'fit'", "", R_FIT_DATA},
        {"rep_a", "a: t = 1; t = 2", "'s.csv' using 2:2 with lines title 'cwb: a'", "",
         R_TITLE_REPEATS},
        {"val_a", "at 15/35 deg", "'s.csv' using 2:2 with lines title 'cwb: a'", "",
         R_TITLE_VALUES},
        {"margin_a", "margin", "'s.csv' using 2:2 with lines title 'cwb: a'",
         "set yrange [0:0.9]\n", R_MARGIN},
    };
    for (size_t k = 0; k < sizeof planted / sizeof *planted; k++) {
        plant(dir, planted[k].stem, planted[k].title, planted[k].plot, planted[k].extra);
        lint_report *r = calloc(1, sizeof *r);
        ck_assert_ptr_nonnull(r);
        lint_one(r, dir, cases, planted[k].stem);
        for (int q = 0; q < R_COUNT; q++)
            ck_assert_msg(r->count[q] == (q == planted[k].rule),
                          "planted %s: rule %s fired %zu times:\n%s", rule_name[planted[k].rule],
                          rule_name[q], r->count[q], r->text);
        free(r);
        snprintf(path, sizeof path, "%s/%s.gp", dir, planted[k].stem);
        unlink(path);
    }
    /* and a reason in the title, a log axis, a reference drawn satisfy them */
    plant(dir, "seed009_fig2_a", "Fig. 2 (no reference: none published)",
          "'s.csv' using 2:2 with lines title 'cwb: a'", "");
    plant(dir, "log_b", "log", "'s.csv' using 1:2 with lines title 'cwb: a'", "set logscale x\n");
    plant(dir, "seed009_fit9_fit", "a fit",
          "'f.csv' using 1:2 with points title 'FEM', 'f.csv' using 1:3 with lines title 'fit'",
          "");
    lint_report *r = calloc(1, sizeof *r);
    ck_assert_ptr_nonnull(r);
    lint_one(r, dir, cases, "seed009_fig2_a");
    lint_one(r, dir, cases, "log_b");
    lint_one(r, dir, cases, "seed009_fit9_fit");
    ck_assert_msg(r->used == 0, "clean scripts reported:\n%s", r->text);
    free(r);
    test_tmp_remove(dir);
}
END_TEST

/* A hertz impact as a paper figure would name it, with OUTPUT as its
 * [output] section, into DIR/seed009_fig1_impact.case; its path in path. */
static void impact_case(const char *dir, const char *output, char *path, size_t n)
{
    char text[2048];
    snprintf(path, n, "%s/seed009_fig1_impact.case", dir);
    snprintf(text, sizeof text,
             "[contact]\nnormal = hertz\n\n[body1]\nshape = sphere\nradius = 1e-3\nE = 1e9\n"
             "nu = 0.3\ndensity = 1000\n\n[body2]\nshape = wall\n\n[driver]\ntype = collision\n"
             "v_normal = 0.1\n\n[output]\n%s",
             output);
    write_text(path, text);
}

/* Load, run and write DIR/seed009_fig1_impact.{csv,gp} as `cwb run` does. */
static void run_and_plot(const char *dir, const char *path)
{
    char msg[CWB_MSG], csv[600];
    cwb_case *c = test_load(path, NULL, 0);
    cwb_result r;
    ck_assert_msg(cwb_run_case(c, &r, msg, sizeof msg) == CWB_OK, "%s", msg);
    snprintf(csv, sizeof csv, "%s/%s.csv", dir, c->name);
    FILE *f = fopen(csv, "w");
    ck_assert_ptr_nonnull(f);
    cwb_write_csv(f, c, &r, NULL);
    ck_assert(fclose(f) == 0);
    ck_assert_msg(cwb_plot_write(dir, c, &r, NULL, msg, sizeof msg) == CWB_OK, "%s", msg);
    cwb_result_free(&r);
    free(c);
}

/* [output] no_reference goes into the plot's title, and the lint takes it
 * as the reason a paper figure draws no reference; without it the same
 * plot is reported. */
START_TEST(no_reference_reason_is_in_the_title)
{
    char dir[128], path[600];
    test_tmp_make(dir, sizeof dir, "noref");
    ck_assert(dir[0]);
    impact_case(dir, "title = Fig. 1 of no paper\n", path, sizeof path);
    run_and_plot(dir, path);
    lint_report *r = calloc(1, sizeof *r);
    ck_assert_ptr_nonnull(r);
    lint_one(r, dir, dir, "seed009_fig1_impact");
    ck_assert_msg(r->count[R_REFERENCE] == 1, "no reason, no reference: not reported\n%s", r->text);
    impact_case(dir,
                "title = Fig. 1 of no paper\n"
                "no_reference = the paper prints no curve for it\n",
                path, sizeof path);
    run_and_plot(dir, path);
    memset(r, 0, sizeof *r);
    lint_one(r, dir, dir, "seed009_fig1_impact");
    ck_assert_msg(r->used == 0, "a plot with its reason stated is reported:\n%s", r->text);
    lint_script *s = calloc(1, sizeof *s);
    ck_assert_ptr_nonnull(s);
    snprintf(s->dir, sizeof s->dir, "%s", dir);
    snprintf(s->stem, sizeof s->stem, "seed009_fig1_impact");
    ck_assert(read_script(s) == 0);
    ck_assert_msg(strstr(s->title, "(no reference: the paper prints no curve for it)") != NULL,
                  "title: %s", s->title);
    free(s);
    free(r);
    test_tmp_remove(dir);
}
END_TEST

/* A reason that is no reason, or one beside a reference that verifies the
 * run, is refused at FILE:LINE with what is allowed. */
START_TEST(no_reference_is_validated)
{
    static const struct {
        const char *output, *expect;
        int line;
    } bad[] = {
        {"no_reference = none\n", "[output] no_reference = none: expected a reason in words", 19},
        {"reference = $REF\nno_reference = the paper prints no curve\n",
         "the case names a reference that verifies it", 20},
    };
    char dir[128], path[600], ref[600], output[1200], msg[CWB_MSG];
    test_tmp_make(dir, sizeof dir, "norefbad");
    ck_assert(dir[0]);
    snprintf(ref, sizeof ref, "%s/reference/analytic/linear_impact.csv", test_root());
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        const char *at = strstr(bad[k].output, "$REF");
        if (at)
            snprintf(output, sizeof output, "%.*s%s%s", (int)(at - bad[k].output), bad[k].output,
                     ref, at + 4);
        else
            snprintf(output, sizeof output, "%s", bad[k].output);
        impact_case(dir, output, path, sizeof path);
        cwb_case *c = cwb_case_new();
        ck_assert_ptr_nonnull(c);
        int rc = cwb_case_load(c, path, NULL, 0, msg, sizeof msg);
        free(c);
        char where[700];
        snprintf(where, sizeof where, "%s:%d: ", path, bad[k].line);
        ck_assert_msg(rc == CWB_EINPUT, "row %zu accepted", k);
        ck_assert_msg(strncmp(msg, where, strlen(where)) == 0 && strstr(msg, bad[k].expect),
                      "row %zu: expected '%s...%s', got: %s", k, where, bad[k].expect, msg);
    }
    /* [fit] no_reference likewise */
    snprintf(path, sizeof path, "%s/bad.fit", dir);
    write_text(path, "[fit]\nmodel = line\ndata = x.csv\nno_reference = none\n");
    cwb_fit_request req = {.path = path, .dir = dir};
    ck_assert_int_eq(cwb_fit(&req, NULL, NULL, msg, sizeof msg), CWB_EINPUT);
    char where[700];
    snprintf(where, sizeof where, "%s:4: [fit] no_reference = none: expected a reason", path);
    ck_assert_msg(strncmp(msg, where, strlen(where)) == 0, "got: %s", msg);
    test_tmp_remove(dir);
}
END_TEST

/* Log-spaced values (any start, ratio and length of four or more over a
 * decade) are recognised, rounded to the 12 digits of a sweep CSV and
 * shuffled; linear spacing, a value <= 0, three values or less than a
 * decade are not. */
START_TEST(log_spacing_is_recognised)
{
    double v[64];
    unsigned seed = 12345;
    for (int trial = 0; trial < 200; trial++) {
        seed = seed * 1103515245u + 12345u;
        double from = pow(10.0, (double)(seed % 2000) / 100.0 - 10.0);
        size_t n = 4 + (seed >> 8) % 60;
        double span = pow(10.0, 1.0 + (double)((seed >> 16) % 400) / 100.0);
        for (size_t i = 0; i < n; i++) {
            char text[64];
            snprintf(text, sizeof text, "%.12g", from * pow(span, (double)i / (double)(n - 1)));
            v[i] = atof(text);
        }
        for (size_t i = 0; i + 1 < n; i += 2) { /* out of order */
            double t = v[i];
            v[i] = v[i + 1], v[i + 1] = t;
        }
        ck_assert_msg(cwb_gp_style_log_spaced(v, n), "trial %d: geometric not recognised", trial);
        for (size_t i = 0; i < n; i++)
            v[i] = from * (1.0 + (span - 1.0) * (double)i / (double)(n - 1));
        ck_assert_msg(!cwb_gp_style_log_spaced(v, n), "trial %d: linear taken for log", trial);
    }
    double three[] = {1, 10, 100}, negative[] = {-1, 1, 10, 100}, narrow[] = {1, 1.5, 2.25, 3.375};
    ck_assert(!cwb_gp_style_log_spaced(three, 3));
    ck_assert(!cwb_gp_style_log_spaced(negative, 4));
    ck_assert(!cwb_gp_style_log_spaced(narrow, 4));
}
END_TEST

/* An estimate that rounds to zero is written "0", never "-0": -0.2 with a
 * standard error of 23.6 keeps the error's two digits, "0 ± 24". */
START_TEST(estimates_never_read_minus_zero)
{
    char out[128];
    ck_assert(cwb_gp_format_estimate(out, sizeof out, -0.2028, 23.6, "") == 0);
    ck_assert_msg(strcmp(out, "0 \xc2\xb1 24") == 0, "got '%s'", out);
    ck_assert(cwb_gp_format_estimate(out, sizeof out, -0.004, 0.2, "") == 0);
    ck_assert_msg(strcmp(out, "0.00 \xc2\xb1 0.20") == 0, "got '%s'", out);
    ck_assert(cwb_gp_format_estimate(out, sizeof out, -0.6, 0.2, "") == 0);
    ck_assert_msg(strcmp(out, "-0.60 \xc2\xb1 0.20") == 0, "got '%s'", out);
}
END_TEST

Suite *plot_lint_suite(void)
{
    Suite *s = suite_create("plot_lint");
    TCase *tc = test_tcase("plot_lint", 30);
    tcase_add_test(tc, lint_finds_planted_violations);
    tcase_add_test(tc, shipped_plots_pass_the_lint);
    tcase_add_test(tc, no_reference_reason_is_in_the_title);
    tcase_add_test(tc, no_reference_is_validated);
    tcase_add_test(tc, log_spacing_is_recognised);
    tcase_add_test(tc, estimates_never_read_minus_zero);
    suite_add_tcase(s, tc);
    return s;
}
