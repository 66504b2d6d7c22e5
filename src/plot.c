/* plot.c -- gnuplot scripts (and the PNGs gnuplot renders from them).
 *
 * Each run writes DIR/NAME.gp next to DIR/NAME.csv; the script plots the
 * case's y column against its x column and, when the case names a
 * reference, overlays the reference curve and prints the deviation that
 * compare.c measured. Scripts use paths relative to DIR so a committed
 * plots/ directory renders anywhere.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_out.h"

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

static void label_of(const cwb_series *s, int i, char *buf, size_t n)
{
    snprintf(buf, n, "%s [%s]", s->col[i].name, s->col[i].unit);
}

int cwb_plot_write(const char *dir, const cwb_case *c, const cwb_result *r, char *msg,
                   size_t n)
{
    const cwb_series *s = &r->series;
    const char *xname = cwb_plot_x(c), *yname = cwb_plot_y(c);
    int ix = cwb_series_find(s, xname), iy = cwb_series_find(s, yname);
    if (ix < 0 || iy < 0)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: [output] plot column '%s' is not a column "
                        "of the %s driver", c->file, ix < 0 ? xname : yname, c->driver->name);
    char path[CWB_TEXT + 160];
    snprintf(path, sizeof path, "%s/%s.gp", dir, c->name);
    FILE *f = fopen(path, "w");
    if (!f)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", path);
    char xl[64], yl[64];
    label_of(s, ix, xl, sizeof xl);
    label_of(s, iy, yl, sizeof yl);
    const char *title = c->output_values.text[CWB_OUT_TITLE];
    fprintf(f, "# gnuplot script written by cwb %s for %s\n", CWB_VERSION, c->file);
    fprintf(f, "# render: cd %s && gnuplot %s.gp\n", dir, c->name);
    fprintf(f, "set datafile separator ','\nset datafile columnheaders\n");
    fprintf(f, "set terminal pngcairo size 960,640 font 'Sans,11' noenhanced\n");
    fprintf(f, "set output '%s.png'\n", c->name);
    fprintf(f, "set title \"%s\" noenhanced\n", title[0] ? title : c->name);
    fprintf(f, "set xlabel '%s' noenhanced\nset ylabel '%s' noenhanced\n", xl, yl);
    fprintf(f, "set grid\nset key top right box opaque\n");
    const char *ref = c->output_values.text[CWB_OUT_REFERENCE];
    double dev = cwb_result_get(r, "ref_max_rel_error");
    double rms = cwb_result_get(r, "ref_rms_error");
    if (ref[0] && isfinite(dev))
        fprintf(f, "set label 1 \"deviation from reference: max %.3g, rms %.3g "
                   "(relative to max |ref|), %.0f points\" at graph 0.02, graph 0.05 "
                   "front noenhanced\n",
                dev, rms, cwb_result_get(r, "ref_points"));
    fprintf(f, "plot '%s.csv' using %d:%d with lines lw 2 lc rgb '#1f77b4' "
               "title 'cwb: %s / %s'",
            c->name, ix + 1, iy + 1, c->law[CWB_KIND_NORMAL]->name,
            c->law[CWB_KIND_TANGENTIAL]->name);
    if (ref[0]) {
        cwb_reference rf;
        char why[CWB_MSG];
        if (cwb_reference_load(&rf, ref, why, sizeof why) == CWB_OK) {
            const char *rx = c->output_values.text[CWB_OUT_REFERENCE_X];
            const char *ry = c->output_values.text[CWB_OUT_REFERENCE_Y];
            int jx = cwb_reference_find(&rf, rx[0] ? rx : xname);
            int jy = cwb_reference_find(&rf, ry[0] ? ry : yname);
            char rel[PATH_MAX];
            relative_path(dir, ref, rel, sizeof rel);
            if (jx >= 0 && jy >= 0)
                fprintf(f, ", \\\n     '%s' using %d:%d every %zu with points pt 6 ps 1.0 "
                           "lc rgb '#d62728' title 'reference (%s)'",
                        rel, jx + 1, jy + 1, rf.nrow > 60 ? rf.nrow / 60 : (size_t)1,
                        strrchr(ref, '/') ? strrchr(ref, '/') + 1 : ref);
            cwb_reference_free(&rf);
        }
    }
    fprintf(f, "\n");
    int bad = ferror(f);
    fclose(f);
    return bad ? cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", path) : CWB_OK;
}

int cwb_plot_render(const char *dir, const char *name, char *msg, size_t n)
{
    if (system("command -v gnuplot >/dev/null 2>&1") != 0)
        return cwb_fail(msg, n, CWB_ETOOL,
                        "gnuplot is not installed: apt-get install gnuplot-nox "
                        "(or run with --no-plot)");
    char cmd[2 * CWB_TEXT + 64];
    snprintf(cmd, sizeof cmd, "cd '%s' && gnuplot '%s.gp' 2>&1", dir, name);
    FILE *p = popen(cmd, "r");
    if (!p)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot start gnuplot");
    char out[2048];
    size_t got = fread(out, 1, sizeof out - 1, p);
    out[got] = '\0';
    int status = pclose(p);
    if (status != 0)
        return cwb_fail(msg, n, CWB_EFAIL, "gnuplot failed on %s/%s.gp: %s", dir, name, out);
    return CWB_OK;
}
