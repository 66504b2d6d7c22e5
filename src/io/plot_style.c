/* plot_style.c -- the one look of every plot cwb writes.
 *
 * Every gnuplot script (runs and sweeps in plot.c, fits in src/fit/)
 * starts with cwb_gp_style_begin() and ends with cwb_gp_style_end(), so
 * terminal, fonts, colours, dash patterns, grid, legend place and tick
 * labels are decided here and nowhere else:
 *
 * - the output format is a variable of the script, cwb_format ('png',
 *   'pdf' or 'svg', default 'png'; cwb_plot_render_as passes it with -e),
 *   and the file is cwb_file (default NAME.FORMAT), so one script renders
 *   any of them: gnuplot -e "cwb_format='svg'" NAME.gp;
 * - ten line types, each a colour of its own (Okabe & Ito's colour-blind
 *   safe eight, plus two) AND a dash pattern and point type of its own, so
 *   ten series stay apart in grey print;
 * - the legend below the plot area, never over the data (the deviation
 *   from a reference is a legend line of its own, cwb_gp_style_note); a
 *   long legend makes the canvas taller rather than the plot smaller;
 * - the y range padded by 5 % of the plot's height above and below the
 *   data (set offsets) before gnuplot extends it to a tick, the x range by
 *   2 % each side and not extended (autoscale xfix): a plateau at a limit
 *   (mu N, M_max), a curve ending at its largest value or a loop's tip is
 *   drawn inside the frame, not on it;
 * - a log axis where the values are log-spaced (cwb_gp_style_log_spaced
 *   decides, cwb_gp_style_log writes it);
 * - engineering tick labels (a script that sets a log scale sets cwb_logx
 *   or cwb_logy = 1): the plot is drawn once on the `unknown` terminal to
 *   learn the axis ranges, then an axis whose largest |value| is outside
 *   [0.1, 10^4) gets ticks scaled by a power of 10^3 and the SI prefix
 *   goes into its label ("delta_n [µm]", a dimensionless one "[x 10^-6]"),
 *   on a log axis too (its ticks at decades, and at 2 and 5 on a short
 *   one, log_axis); then the real terminal replots.
 *
 * Texts reach the script only through cwb_gp_quote(); a text it refuses
 * makes these functions return -1 (the caller drops the script).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_out.h"

static const char *const palette[CWB_GP_STYLES] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                                   "#E69F00", "#56B4E9", "#000000", "#882255",
                                                   "#999933", "#7F7F7F"};
/* dash patterns: solid first, then ones that differ in rhythm, not only
 * in length, so they stay apart when lines are short */
static const char *const dashes[CWB_GP_STYLES] = {
    "1",     "(10,5)",     "(2,4)",     "(10,4,2,4)", "(18,6)", "(6,3,2,3,2,3)",
    "(4,3)", "(14,4,4,4)", "(2,2,8,2)", "(1,3)"};
static const int points[CWB_GP_STYLES] = {7, 5, 9, 13, 6, 4, 8, 12, 1, 2};

static int put_quoted(FILE *f, const char *s)
{
    char q[2 * CWB_TEXT + 8];
    if (cwb_gp_quote(q, sizeof q, s) != 0) {
        fputs("''", f);
        return -1;
    }
    fputs(q, f);
    return 0;
}

/* The gnuplot functions behind the tick labels and axis labels. */
static void write_functions(FILE *f)
{
    fprintf(
        f,
        "cwb_big(a, b) = abs(a) > abs(b) ? abs(a) : abs(b)\n"
        "cwb_e3(a, b) = (cwb_m = cwb_big(a, b), (cwb_m == 0 || (cwb_m >= 0.1 && cwb_m < "
        "1e4)) ? 0 : 3 * floor(log10(cwb_m) / 3))\n"
        "cwb_prefix(e) = e == -15 ? 'f' : e == -12 ? 'p' : e == -9 ? 'n' : e == -6 ? '\xc2\xb5' : "
        "e == -3 ? 'm' : e == 3 ? 'k' : e == 6 ? 'M' : e == 9 ? 'G' : e == 12 ? 'T' : ''\n"
        "cwb_plain(u) = u eq '' || u eq '-' || u eq '1'\n"
        "cwb_label(n, u, e) = e == 0 ? (cwb_plain(u) ? n : n . ' [' . u . ']') : "
        "(cwb_plain(u) || cwb_prefix(e) eq '' ? n . sprintf(' [x 10^%%d', e) . "
        "(cwb_plain(u) ? '' : ' ' . u) . ']' : n . ' [' . cwb_prefix(e) . u . ']')\n"
        "cwb_step(lo, hi) = (cwb_r = (hi - lo) / 6.0, cwb_p = 10.0**floor(log10(cwb_r)), "
        "cwb_f = cwb_r / cwb_p, (cwb_f < 1.5 ? 1 : cwb_f < 3 ? 2 : cwb_f < 7 ? 5 : 10) * "
        "cwb_p)\n"
        /* significant digits that tell ticks s apart near the range's largest value: '%g'
         * keeps six, which labels every tick of 0.7999996 .. 0.8000001 "0.8" */
        "cwb_digits(lo, hi, s) = (cwb_n = floor(log10(cwb_big(lo, hi) / s)) + 2, "
        "cwb_n > 6 ? cwb_n : 6)\n");
}

int cwb_gp_style_begin(FILE *f, const char *stem)
{
    fprintf(f, "# render: gnuplot NAME.gp in this folder writes NAME.png; "
               "gnuplot -e \"cwb_format='svg'\" NAME.gp writes NAME.svg (or 'pdf')\n");
    fprintf(f, "set encoding utf8\nset datafile separator ','\nset datafile columnheaders\n"
               "if (!exists(\"cwb_format\")) cwb_format = 'png'\n"
               "if (!exists(\"cwb_file\")) cwb_file = ");
    int rc = put_quoted(f, stem);
    fprintf(f, " . '.' . cwb_format\n");
    write_functions(f);
    /* the first pass only measures the axes */
    fprintf(f, "set terminal unknown\nset termoption noenhanced\n"
               "cwb_logx = 0; cwb_logy = 0 # a script with set logscale sets these to 1\n");
    for (int k = 0; k < CWB_GP_STYLES; k++)
        fprintf(f, "set linetype %d lc rgb '%s' lw 2 dt %s pt %d ps 1.0\n", k + 1, palette[k],
                dashes[k], points[k]);
    fprintf(f, "set linetype cycle %d\n", CWB_GP_STYLES);
    fprintf(f, "set grid lc rgb '#d0d0d0' lw 1 dt 1\nset border lw 1.2\nset tics out nomirror\nset "
               "rmargin 4\n"
               "set key below left Left reverse vertical maxrows 5 box height 1 noenhanced\n"
               "set title noenhanced\nset format x '%%g'\nset format y '%%g'\n"
               "set autoscale xfix\nset offsets graph 0.02, graph 0.02, graph 0.05, graph 0.05\n"
               "cwb_width = 960; cwb_height = 680\n");
    return rc;
}

int cwb_gp_style_axis(FILE *f, char axis, const char *name, const char *unit)
{
    fprintf(f, "cwb_%cname = ", axis);
    int rc = put_quoted(f, name ? name : "");
    fprintf(f, "\ncwb_%cunit = ", axis);
    rc |= put_quoted(f, unit ? unit : "");
    fprintf(f, "\nset %clabel cwb_label(cwb_%cname, cwb_%cunit, 0) noenhanced\n", axis, axis, axis);
    return rc;
}

int cwb_gp_style_axis_column(FILE *f, char axis, const char *column)
{
    /* "F_n[N]" or "force [N] data": the bracket is the unit, the rest the name */
    char name[CWB_TEXT], unit[CWB_TEXT] = "";
    snprintf(name, sizeof name, "%s", column ? column : "");
    char *open = strchr(name, '['), *close = open ? strchr(open, ']') : NULL;
    if (open && close) {
        snprintf(unit, sizeof unit, "%.*s", (int)(close - open - 1), open + 1);
        memmove(open, close + 1, strlen(close + 1) + 1);
        size_t w = 0; /* spaces: single, none at the ends */
        for (size_t r = 0; name[r]; r++)
            if (name[r] != ' ' || (w > 0 && name[w - 1] != ' '))
                name[w++] = name[r];
        while (w > 0 && name[w - 1] == ' ')
            w--;
        name[w] = '\0';
    }
    return cwb_gp_style_axis(f, axis, name, unit);
}

/* Engineering ticks on a log axis: the label's prefix must scale its tick
 * labels too (gnuplot's own log ticks read metres under "delta_n [mm]",
 * pascals under "E [x 10^9]"), and gnuplot labels decades only, two of
 * them on an axis of under two and a half decades (R = 0.1 .. 5 m read "0.1"
 * and "1"). So an axis that takes a prefix, or spans under two and a half
 * decades, gets its ticks here: a labelled one at each decade (every
 * second or more past eight decades), at 2 and 5 too within two and a half
 * decades, at every multiple within one, and an unlabelled minor tick at
 * the other multiples, each label the value over 10^cwb_e ("0.1 1 10 100"
 * under "E [GPa]"). A log axis it cannot tick keeps gnuplot's ticks and no
 * prefix. */
static void log_axis(FILE *f, char a)
{
    fprintf(f,
            "if (cwb_log%c && !(cwb_lo > 0 && cwb_hi > cwb_lo)) {\n"
            "  cwb_e = 0\n"
            "}\n"
            "if (cwb_log%c && cwb_lo > 0 && cwb_hi > cwb_lo && "
            "(cwb_e != 0 || cwb_hi < cwb_lo * 10.0**2.5)) {\n"
            "  set %crange [cwb_lo:cwb_hi]\n"
            "  cwb_span = log10(cwb_hi / cwb_lo)\n"
            "  cwb_every = cwb_span > 8 ? ceil(cwb_span / 8.0) : 1\n"
            "  set %ctics ('' 1e300)\n"
            "  do for [cwb_i = floor(log10(cwb_lo)):floor(log10(cwb_hi))] {\n"
            "    do for [cwb_m = 1:9] {\n"
            "      cwb_v = cwb_m * 10.0**cwb_i\n"
            "      if (cwb_v >= cwb_lo * (1 - 1e-9) && cwb_v <= cwb_hi * (1 + 1e-9)) {\n"
            "        if (cwb_m == 1 ? cwb_i %% cwb_every == 0 : cwb_span < 1 || "
            "(cwb_span < 2.5 && (cwb_m == 2 || cwb_m == 5))) {\n"
            "          set %ctics add (sprintf('%%g', cwb_v / 10.0**cwb_e) cwb_v)\n"
            "        } else {\n"
            "          set %ctics add ('' cwb_v 1)\n"
            "        }\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "}\n",
            a, a, a, a, a, a);
}

/* Engineering ticks on a linear axis: fixed range, ticks every nice step
 * of the scaled values, the prefix in the label (a log axis: log_axis). */
static void engineering_axis(FILE *f, char a, const char *A)
{
    fprintf(f,
            "cwb_lo = GPVAL_%s_MIN; cwb_hi = GPVAL_%s_MAX\n"
            /* a span of rounding noise (a fit that meets its data to 1e-15) is widened by 1 %%
             * as gnuplot widens an empty range, rather than ticked in its 16th digit */
            "if (!cwb_log%c && cwb_hi - cwb_lo <= 1e-9 * cwb_big(cwb_lo, cwb_hi)) {\n"
            "  cwb_w = cwb_big(cwb_lo, cwb_hi) > 0 ? 0.01 * cwb_big(cwb_lo, cwb_hi) : 1\n"
            "  cwb_lo = cwb_lo - cwb_w; cwb_hi = cwb_hi + cwb_w\n"
            "  set %crange [cwb_lo:cwb_hi]\n"
            "}\n"
            "cwb_e = cwb_e3(cwb_lo, cwb_hi)\n"
            "cwb_n = cwb_hi > cwb_lo ? cwb_digits(cwb_lo, cwb_hi, cwb_step(cwb_lo, cwb_hi)) : 6\n"
            "if (!cwb_log%c && (cwb_e != 0 || cwb_n > 6) && cwb_hi > cwb_lo) {\n"
            "  set %crange [cwb_lo:cwb_hi]\n"
            "  cwb_s = cwb_step(cwb_lo, cwb_hi)\n"
            "  cwb_tick = sprintf('%%%%.%%dg', cwb_n)\n"
            "  set %ctics ('' 1e300)\n"
            "  do for [cwb_i = ceil(cwb_lo / cwb_s - 1e-9):floor(cwb_hi / cwb_s + 1e-9)] {\n"
            "    cwb_v = cwb_i * cwb_s * 1.0\n"
            "    set %ctics add (sprintf(cwb_tick, cwb_v / 10.0**cwb_e) cwb_v)\n"
            "  }\n"
            "}\n",
            A, A, a, a, a, a, a, a);
    log_axis(f, a);
    fprintf(f, "set %clabel cwb_label(cwb_%cname, cwb_%cunit, cwb_e)%s noenhanced\n", a, a, a,
            /* an empty second line keeps the legend below off the label */
            a == 'x' ? " . \"\\n\"" : "");
}

void cwb_gp_style_end(FILE *f)
{
    fprintf(f, "\n# second pass: tick labels from the measured ranges, then the real terminal\n");
    engineering_axis(f, 'x', "X");
    engineering_axis(f, 'y', "Y");
    fprintf(f,
            "if (cwb_format eq 'pdf') {\n"
            "  set terminal pdfcairo size (16.0 * cwb_width / 960)cm,(11.0 * cwb_height / 680)cm "
            "font 'Sans,8' noenhanced\n"
            "} else {\n"
            "  if (cwb_format eq 'svg') {\n"
            "    set terminal svg size cwb_width,cwb_height dynamic font 'Sans,12' noenhanced\n"
            "  } else {\n"
            "    set terminal pngcairo size cwb_width,cwb_height font 'Sans,11' noenhanced\n"
            "  }\n"
            "}\n"
            "set output cwb_file\nreplot\nunset output\n");
}

const char *cwb_plot_extension(const char *format)
{
    return format && format[0] ? format : "png";
}

int cwb_plot_format_ok(const char *format)
{
    return format &&
           (strcmp(format, "png") == 0 || strcmp(format, "pdf") == 0 || strcmp(format, "svg") == 0);
}

void cwb_gp_style_note(FILE *f)
{
    /* an entry with an invisible sample: a line of text in the legend */
    fprintf(f, ", \\\n     keyentry with lines lc rgb '#ffffff' title ");
}

void cwb_gp_style_legend(FILE *f, size_t entries, size_t longest)
{
    /* past five rows the legend goes into columns as wide as its longest
     * entry; two of 45 characters and their samples fill the 960-pixel
     * width, so a legend of longer texts stays one column, and past eight
     * rows the canvas grows by a row's height (18 pixels at 11 points) for
     * each further row, so the plot keeps its height; an entry longer than
     * the width holds (gnuplot reckons about 8.5 pixels a character and
     * 200 for the sample, the box and the margins) widens it */
    if (entries > 5 && longest > 44) {
        fprintf(f, "set key maxrows %zu\n", entries);
        if (entries > 8)
            fprintf(f, "cwb_height = %zu\n", 680 + 18 * (entries - 8));
    }
    if (200 + 17 * longest / 2 > 960)
        fprintf(f, "cwb_width = %zu\n", 200 + 17 * longest / 2);
}

void cwb_gp_style_log(FILE *f, char axis)
{
    fprintf(f, "set logscale %c\ncwb_log%c = 1\n", axis, axis);
}

static int ascending(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int cwb_gp_style_log_spaced(const double *v, size_t n)
{
    /* a sweep's values with scale = log (or a quantity proportional to
     * them) have one ratio between neighbours; sorted and without repeats
     * (a fit's table holds several series), four or more positive values
     * over a decade or more with that ratio to 1e-3 of its logarithm (a
     * result computed from such values, chi of Chung & Ooi's test 8 from
     * the swept spin, keeps it to about 1e-6) */
    if (n < 4)
        return 0;
    double *s = malloc(n * sizeof *s);
    if (!s)
        return 0;
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (isfinite(v[i]))
            s[m++] = v[i];
    qsort(s, m, sizeof *s, ascending);
    size_t k = 0;
    int ok = m > 0 && s[0] > 0;
    for (size_t i = 0; ok && i < m; i++)
        if (k == 0 || s[i] > s[k - 1] * (1 + 1e-12))
            s[k++] = s[i];
    ok = ok && k >= 4 && s[k - 1] >= 10 * s[0];
    double step = ok ? log(s[k - 1] / s[0]) / (double)(k - 1) : 0;
    for (size_t i = 1; ok && i < k; i++)
        ok = fabs(log(s[i] / s[i - 1]) - step) <= 1e-3 * step;
    free(s);
    return ok;
}

int cwb_gp_style_lines(FILE *f, const char *text)
{
    /* a long text in two lines, broken at a space near the middle */
    size_t len = strlen(text), cut = 0;
    if (len > 95)
        for (size_t i = len / 2, j = len / 2; !cut && (i > len / 4 || j < len - 5); i--, j++) {
            if (i > len / 4 && text[i] == ' ')
                cut = i;
            else if (j < len - 5 && text[j] == ' ')
                cut = j;
        }
    if (!cut)
        return put_quoted(f, text);
    char a[CWB_TEXT];
    snprintf(a, sizeof a, "%.*s", (int)cut, text);
    int rc = put_quoted(f, a);
    fprintf(f, " . \"\\n\" . ");
    rc |= put_quoted(f, text + cut + 1);
    return rc;
}

int cwb_gp_style_title(FILE *f, const char *title)
{
    fprintf(f, "set title ");
    int rc = cwb_gp_style_lines(f, title);
    fprintf(f, " noenhanced\n");
    return rc;
}

/* Units a prefix may stand in front of: "MPa", "mN", "µm", "GN/m". A
 * unit with a power or a product ("m^2", "(N/m)/m", "1/N") gets a power
 * of ten instead, where a prefix would be ambiguous. */
static int takes_prefix(const char *unit)
{
    static const char *const simple[] = {"Pa", "N", "m", "s", "J", "N/m", "kg", "W", "m/s"};
    for (size_t i = 0; i < sizeof simple / sizeof *simple; i++)
        if (strcmp(unit, simple[i]) == 0)
            return 1;
    return 0;
}

static const char *si_prefix(int e3)
{
    static const char *const p[] = {"f", "p", "n", "\xc2\xb5", "m", "", "k", "M", "G", "T"};
    return e3 >= -15 && e3 <= 12 ? p[(e3 + 15) / 3] : NULL;
}

int cwb_gp_format_estimate(char *out, size_t n, double v, double se, const char *unit)
{
    int plain = !unit || !unit[0] || strcmp(unit, "-") == 0;
    /* the larger of value and error sets the power: a value lost in its
     * error shows as "0.0 ± 2.3", not as a long row of error digits */
    double big = fmax(fabs(v), isfinite(se) ? fabs(se) : 0.0);
    int e3 = (big == 0 || !isfinite(big) || (big >= 0.1 && big < 1e4))
                 ? 0
                 : 3 * (int)floor(log10(big) / 3);
    const char *prefix = !plain && takes_prefix(unit) ? si_prefix(e3) : NULL;
    double scale = pow(10.0, -e3), sv = v * scale, ss = se * scale;
    /* the standard error to two significant digits, the value to the same
     * decimal place; no standard error: four significant digits */
    int decimals;
    if (isfinite(ss) && ss > 0)
        decimals = 1 - (int)floor(log10(ss));
    else
        decimals = sv == 0 || !isfinite(sv) ? 0 : 3 - (int)floor(log10(fabs(sv)));
    decimals = decimals < 0 ? 0 : decimals > 12 ? 12 : decimals;
    char num[96];
    if (fabs(sv) < 0.5 * pow(10.0, -decimals))
        sv = 0.0; /* rounds to zero: "0", never "-0" */
    if (isfinite(ss) && ss > 0)
        snprintf(num, sizeof num, "%.*f \xc2\xb1 %.*f", decimals, sv, decimals, ss);
    else /* four significant digits, no trailing zeros */
        snprintf(num, sizeof num, "%.4g", sv);
    int len;
    if (e3 == 0 || prefix)
        len = snprintf(out, n, "%s%s%s%s", num, plain ? "" : " ", prefix ? prefix : "",
                       plain ? "" : unit);
    else
        len = snprintf(out, n, "%s%s%s \xc3\x97 10^%d%s%s", isfinite(ss) && ss > 0 ? "(" : "", num,
                       isfinite(ss) && ss > 0 ? ")" : "", e3, plain ? "" : " ", plain ? "" : unit);
    return len < 0 || (size_t)len >= n ? -1 : 0;
}
