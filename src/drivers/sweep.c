/* sweep.c -- `cwb sweep`: one summary row per value of one key.
 *
 * Every value goes through the case loader as a --set override, so it is
 * validated exactly like a hand-written case (a value out of range stops the
 * sweep with status 2 and names it). A value whose computation fails gets a
 * row of nan and a WARNING line in the CSV header, and the sweep goes on.
 * With --jobs N the values are dealt to N forked workers (value i to worker
 * i mod N); each writes its rows to its own temporary file and the parent
 * merges them in order, so the output does not depend on N.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cwb_out.h"

#define MAX_VALUES 1000000

typedef struct {
    char link[128];             /* a second key set to link_factor * value */
    double link_factor;
    char key[128];              /* section.key */
    char column[64];            /* key name as a column */
    char unit[16];
    double from, to;
    size_t n;
    int log;
} vary_spec;

typedef struct {
    int status;                 /* CWB_OK, CWB_EFAIL, CWB_EINPUT */
    char msg[256];
    double value[CWB_MAX_SCALARS];
} row;

static int parse_vary(const char *text, vary_spec *v, char *msg, size_t n)
{
    const char *eq = strchr(text, '=');
    if (!eq || (size_t)(eq - text) >= sizeof v->key)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "--vary %s: expected section.key=FROM:TO:N[:log]", text);
    memcpy(v->key, text, (size_t)(eq - text));
    v->key[eq - text] = '\0';
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", eq + 1);
    char *f[4] = {NULL, NULL, NULL, NULL};
    int k = 0;
    for (char *t = strtok_r(buf, ":", &save); t && k < 4; t = strtok_r(NULL, ":", &save))
        f[k++] = t;
    double nn;
    if (k < 3 || cwb_parse_double(f[0], &v->from) || cwb_parse_double(f[1], &v->to) ||
        cwb_parse_double(f[2], &nn) || nn < 1 || nn > MAX_VALUES || nn != floor(nn) ||
        (k == 4 && strcmp(f[3], "log") != 0 && strcmp(f[3], "linear") != 0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "--vary %s: expected section.key=FROM:TO:N[:log] with finite FROM, "
                        "TO and an integer 1 <= N <= %d", text, MAX_VALUES);
    v->n = (size_t)nn;
    v->log = k == 4 && strcmp(f[3], "log") == 0;
    return CWB_OK;
}

/* Split s in place at sep into at most max trimmed, non-empty parts. */
static size_t split(char *s, char sep, char **parts, size_t max)
{
    size_t k = 0;
    if (!s)
        return 0;
    char *p = s;
    while (p && k < max) {
        char *next = strchr(p, sep);
        if (next)
            *next++ = '\0';
        while (isspace((unsigned char)*p))
            p++;
        char *e = p + strlen(p);
        while (e > p && isspace((unsigned char)e[-1]))
            *--e = '\0';
        if (*p)
            parts[k++] = p;
        p = next;
    }
    return k;
}

static double value_at(const vary_spec *v, size_t i)
{
    if (v->n == 1)
        return v->from;
    double f = (double)i / (double)(v->n - 1);
    return v->log ? v->from * pow(v->to / v->from, f) : v->from + f * (v->to - v->from);
}

/* Column name and unit of the varied key, from the loaded case's tables. */
static int describe_key(const cwb_case *c, vary_spec *v, char *msg, size_t n)
{
    const char *dot = strchr(v->key, '.');
    if (!dot || dot == v->key || !dot[1])
        return cwb_fail(msg, n, CWB_EINPUT, "sweep: vary = %s: expected section.key", v->key);
    snprintf(v->column, sizeof v->column, "%s", dot + 1);
    size_t ls = (size_t)(dot - v->key);
    const cwb_values *tables[] = {&c->driver_values, &c->body_values[0], &c->body_values[1],
                                  &c->law_values[0], &c->law_values[1], &c->law_values[2],
                                  &c->law_values[3]};
    const char *names[] = {"driver", "body1", "body2", "normal", "tangential", "damping",
                           "rolling"};
    for (size_t t = 0; t < sizeof names / sizeof *names; t++)
        if (strlen(names[t]) == ls && strncmp(names[t], v->key, ls) == 0) {
            int i = cwb_param_index(tables[t]->table, dot + 1);
            if (i >= 0 && tables[t]->table[i].kind == CWB_PARAM_REAL) {
                snprintf(v->unit, sizeof v->unit, "%s", tables[t]->table[i].unit);
                return CWB_OK;
            }
        }
    return cwb_fail(msg, n, CWB_EINPUT,
                    "sweep: vary = %s is not a numeric key of this case (laws, bodies or "
                    "driver)", v->key);
}

/* Run value i; names/units of the scalars are filled on the first success. */
static void run_one(const char *path, const char *const *sets, size_t nsets,
                    const vary_spec *v, size_t i, row *out, cwb_result *first, int *have_first)
{
    const char **over = malloc((nsets + 2) * sizeof *over);
    char setv[256], setl[256];
    snprintf(setv, sizeof setv, "%s=%.17g", v->key, value_at(v, i));
    for (size_t k = 0; k < nsets; k++)
        over[k] = sets[k];
    over[nsets] = setv;
    size_t nover = nsets + 1;
    if (v->link[0]) {
        snprintf(setl, sizeof setl, "%s=%.17g", v->link, v->link_factor * value_at(v, i));
        over[nover++] = setl;
    }
    cwb_case *c = cwb_case_new();
    cwb_result r;
    cwb_result_init(&r);
    out->status = c && over ? cwb_case_load(c, path, over, nover, out->msg, sizeof out->msg)
                            : CWB_EFAIL;
    if (out->status == CWB_OK)
        out->status = cwb_run_case(c, &r, out->msg, sizeof out->msg);
    for (size_t k = 0; k < CWB_MAX_SCALARS; k++)
        out->value[k] = NAN;
    if (out->status == CWB_OK) {
        if (!*have_first) {
            cwb_result_free(first);
            cwb_result_init(first);
            for (size_t k = 0; k < r.nscalar; k++)
                cwb_result_set(first, r.scalar[k].name, r.scalar[k].unit, 0.0);
            *have_first = 1;
        }
        for (size_t k = 0; k < first->nscalar; k++)
            out->value[k] = cwb_result_get(&r, first->scalar[k].name);
    }
    cwb_result_free(&r);
    free(c);
    free(over);
}

/* Worker: values i = w, w + jobs, ...; writes "i status\nname unit value..." */
static void worker(FILE *f, const char *path, const char *const *sets, size_t nsets,
                   const vary_spec *v, int w, int jobs, int progress)
{
    cwb_result first;
    cwb_result_init(&first);
    int have = 0;
    row rw;
    for (size_t i = (size_t)w; i < v->n; i += (size_t)jobs) {
        if (progress)
            fprintf(stderr, "\rsweep %s: %zu/%zu", v->key, i + 1, v->n);
        run_one(path, sets, nsets, v, i, &rw, &first, &have);
        fprintf(f, "row %zu %d\n", i, rw.status);
        if (rw.status != CWB_OK) {
            for (char *p = rw.msg; *p; p++)
                if (*p == '\n')
                    *p = ' ';
            fprintf(f, "msg %s\n", rw.msg);
            if (rw.status == CWB_EINPUT)
                break;
            continue;
        }
        for (size_t k = 0; k < first.nscalar; k++)
            fprintf(f, "val %s %s %.17g\n", first.scalar[k].name,
                    first.scalar[k].unit[0] ? first.scalar[k].unit : "-", rw.value[k]);
    }
    if (progress)
        fprintf(stderr, "\n");
    cwb_result_free(&first);
    fflush(f);
}

int cwb_sweep(const char *path, const char *const *sets, size_t nsets, const char *vary,
              int jobs, const char *dir, int plot, int json, char *msg, size_t n)
{
    cwb_case *base = cwb_case_new();
    if (!base)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    int rc = cwb_case_load(base, path, sets, nsets, msg, n);
    if (rc != CWB_OK) {
        free(base);
        return rc;
    }
    vary_spec v;
    memset(&v, 0, sizeof v);
    const cwb_values *sw = &base->sweep_values;
    if (vary) {
        rc = parse_vary(vary, &v, msg, n);
    } else if (base->has_sweep && sw->text[CWB_SWEEP_VARY][0]) {
        snprintf(v.key, sizeof v.key, "%.127s", sw->text[CWB_SWEEP_VARY]);
        v.from = sw->p[CWB_SWEEP_FROM];
        v.to = sw->p[CWB_SWEEP_TO];
        v.n = (size_t)sw->p[CWB_SWEEP_N];
        v.log = (int)sw->p[CWB_SWEEP_SCALE] == 1;
    } else {
        rc = cwb_fail(msg, n, CWB_EINPUT,
                      "%s: nothing to sweep: give --vary section.key=FROM:TO:N[:log] or a "
                      "[sweep] section with vary, from, to, n", path);
    }
    snprintf(v.link, sizeof v.link, "%.127s", sw->text[CWB_SWEEP_LINK]);
    v.link_factor = sw->p[CWB_SWEEP_LINK_FACTOR];
    if (rc == CWB_OK)
        rc = describe_key(base, &v, msg, n);
    if (rc == CWB_OK && v.log && !(v.from > 0 && v.to > 0))
        rc = cwb_fail(msg, n, CWB_EINPUT, "sweep: a log scale needs FROM, TO > 0 (got %g, %g)",
                      v.from, v.to);
    if (rc != CWB_OK) {
        free(base);
        return rc;
    }
    if (jobs < 1)
        jobs = 1;
    if ((size_t)jobs > v.n)
        jobs = (int)v.n;

    /* Run: in-process for one job, forked workers otherwise. */
    FILE **out = calloc((size_t)jobs, sizeof *out);
    pid_t *pid = calloc((size_t)jobs, sizeof *pid);
    int progress = isatty(STDERR_FILENO) && jobs == 1;
    for (int w = 0; w < jobs; w++) {
        out[w] = tmpfile();
        if (!out[w]) {
            rc = cwb_fail(msg, n, CWB_EFAIL, "sweep: cannot create a temporary file");
            break;
        }
        if (jobs == 1) {
            worker(out[0], path, sets, nsets, &v, 0, 1, progress);
            break;
        }
        fflush(NULL);
        pid[w] = fork();
        if (pid[w] < 0) {
            rc = cwb_fail(msg, n, CWB_EFAIL, "sweep: fork failed");
            break;
        }
        if (pid[w] == 0) {
            worker(out[w], path, sets, nsets, &v, w, jobs, 0);
            _exit(0);
        }
    }
    for (int w = 0; w < jobs && jobs > 1; w++)
        if (pid[w] > 0) {
            int status;
            waitpid(pid[w], &status, 0);
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
                rc = cwb_fail(msg, n, CWB_EFAIL, "sweep: worker %d failed", w);
        }

    /* Merge. */
    row *rows = calloc(v.n, sizeof *rows);
    cwb_result names;
    cwb_result_init(&names);
    for (size_t i = 0; rows && i < v.n; i++) {
        rows[i].status = -1;
        for (size_t k = 0; k < CWB_MAX_SCALARS; k++)
            rows[i].value[k] = NAN;
    }
    for (int w = 0; w < jobs && rc == CWB_OK && rows; w++) {
        if (!out[w])
            continue;
        rewind(out[w]);
        char line[1024];
        row *cur = NULL;
        while (fgets(line, sizeof line, out[w])) {
            line[strcspn(line, "\n")] = '\0';
            size_t i;
            int st;
            char nm[64], un[32];
            double val;
            if (sscanf(line, "row %zu %d", &i, &st) == 2 && i < v.n) {
                cur = &rows[i];
                cur->status = st;
            } else if (cur && strncmp(line, "msg ", 4) == 0) {
                snprintf(cur->msg, sizeof cur->msg, "%.255s", line + 4);
            } else if (cur && sscanf(line, "val %63s %31s %lg", nm, un, &val) == 3) {
                int k = -1;
                for (size_t q = 0; q < names.nscalar; q++)
                    if (strcmp(names.scalar[q].name, nm) == 0)
                        k = (int)q;
                if (k < 0) {
                    cwb_result_set(&names, nm, strcmp(un, "-") == 0 ? "-" : un, 0.0);
                    k = (int)names.nscalar - 1;
                }
                if (k >= 0 && k < CWB_MAX_SCALARS)
                    cur->value[k] = val;
            }
        }
        fclose(out[w]);
        out[w] = NULL;
    }
    for (int w = 0; w < jobs; w++)
        if (out[w])
            fclose(out[w]);
    free(out);
    free(pid);
    if (rc == CWB_OK && !rows)
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    for (size_t i = 0; rc == CWB_OK && i < v.n; i++)
        if (rows[i].status == CWB_EINPUT)
            rc = cwb_fail(msg, n, CWB_EINPUT, "sweep value %s = %.10g: %s", v.key,
                          value_at(&v, i), rows[i].msg);

    /* The table as a series: the varied key, then every scalar. */
    cwb_result table;
    cwb_result_init(&table);
    size_t failed = 0;
    if (rc == CWB_OK) {
        cwb_series_column(&table.series, v.column, v.unit);
        for (size_t k = 0; k < names.nscalar; k++)
            cwb_series_column(&table.series, names.scalar[k].name, names.scalar[k].unit);
        double *rv = malloc((names.nscalar + 1) * sizeof *rv);
        for (size_t i = 0; rv && i < v.n; i++) {
            rv[0] = value_at(&v, i);
            for (size_t k = 0; k < names.nscalar; k++)
                rv[k + 1] = rows[i].value[k];
            cwb_series_row(&table.series, rv);
            if (rows[i].status != CWB_OK) {
                failed++;
                cwb_result_warn(&table, "%s = %.10g failed: %s", v.key, value_at(&v, i),
                                rows[i].msg);
            }
        }
        free(rv);
        if (failed == v.n)
            rc = cwb_fail(msg, n, CWB_EFAIL, "sweep: every value failed, e.g. %s", rows[0].msg);
    }

    /* Plot groups: plot_y, reference and reference_y hold ';'-separated
     * groups, one plot each; within a group, ','-separated curves. The first
     * curve of a group is compared with the group's first reference. */
    char gy[CWB_TEXT], gr[CWB_TEXT], gry[CWB_TEXT];
    snprintf(gy, sizeof gy, "%s", sw->text[CWB_SWEEP_PLOT_Y]);
    snprintf(gr, sizeof gr, "%s", sw->text[CWB_SWEEP_REFERENCE]);
    snprintf(gry, sizeof gry, "%s", sw->text[CWB_SWEEP_REFERENCE_Y]);
    char gx[CWB_TEXT];
    snprintf(gx, sizeof gx, "%s", sw->text[CWB_SWEEP_PLOT_X]);
    char *groups_y[8] = {0}, *groups_r[8] = {0}, *groups_ry[8] = {0}, *groups_x[8] = {0};
    size_t ngroups = split(gy, ';', groups_y, 8);
    size_t nx = split(gx, ';', groups_x, 8);
    split(gr, ';', groups_r, 8);
    split(gry, ';', groups_ry, 8);
    cwb_plot_spec specs[8];
    char plot_names[8][240], data_name[200];
    char overlay[CWB_TEXT];
    const char *overlays[12];
    snprintf(overlay, sizeof overlay, "%s", sw->text[CWB_SWEEP_OVERLAY]);
    size_t noverlay = cwb_split_paths(overlay, overlays, 12);
    for (size_t gi = 0; gi < ngroups && rc == CWB_OK; gi++) {
        cwb_plot_spec *sp = &specs[gi];
        /* x of this group: its own plot_x group, else the last one given, else the key */
        const char *px = nx ? groups_x[gi < nx ? gi : nx - 1] : v.column;
        if (cwb_series_find(&table.series, px) < 0) {
            rc = cwb_fail(msg, n, CWB_EINPUT, "%s: [sweep] plot_x: '%s' is not a result of "
                          "this case", base->file, px);
            break;
        }
        *sp = (cwb_plot_spec){.dir = dir, .title = sw->text[CWB_SWEEP_TITLE], .x = px,
                              .label = "cwb", .markers = 1,
                              .ref_x = sw->text[CWB_SWEEP_REFERENCE_X],
                              .ref_y = groups_ry[gi] ? groups_ry[gi] : "",
                              .dev_max = NAN, .dev_rms = NAN, .dev_points = NAN};
        sp->ny = split(groups_y[gi], ',', (char **)sp->y, 8);
        sp->noverlay = noverlay;
        memcpy(sp->overlays, overlays, sizeof overlays);
        sp->nref = groups_r[gi] ? split(groups_r[gi], ',', (char **)sp->refs, 8) : 0;
        snprintf(plot_names[gi], sizeof plot_names[gi], "%s_sweep%s%s", base->name,
                 ngroups > 1 ? "_" : "", ngroups > 1 ? sp->y[0] : "");
        for (size_t gj = 0; gj < gi; gj++)      /* same y twice: name the x too */
            if (strcmp(specs[gj].y[0], sp->y[0]) == 0) {
                size_t used = strlen(plot_names[gi]);
                snprintf(plot_names[gi] + used, sizeof plot_names[gi] - used, "_vs_%s", sp->x);
                break;
            }
        sp->name = plot_names[gi];
        snprintf(data_name, sizeof data_name, "%s_sweep", base->name);
        sp->data = data_name;
        for (size_t k = 0; k < sp->ny; k++)
            if (cwb_series_find(&table.series, sp->y[k]) < 0)
                rc = cwb_fail(msg, n, CWB_EINPUT, "%s: [sweep] plot_y: '%s' is not a result "
                              "of this case", base->file, sp->y[k]);
        if (rc != CWB_OK || !sp->ny || !sp->nref)
            continue;
        cwb_reference rf;
        if ((rc = cwb_reference_load(&rf, sp->refs[0], msg, n)) != CWB_OK)
            break;
        double mx, rms;
        size_t pts;
        char why[CWB_MSG];
        int cr = cwb_compare(&table.series, sp->x, sp->y[0], &rf,
                             sp->ref_x[0] ? sp->ref_x : sp->x,
                             sp->ref_y[0] ? sp->ref_y : sp->y[0], &mx, &rms, &pts, why,
                             sizeof why);
        if (cr == CWB_OK) {
            sp->dev_max = mx;
            sp->dev_rms = rms;
            sp->dev_points = (double)pts;
            const char *b = strrchr(sp->refs[0], '/');
            sp->dev_what = b ? b + 1 : sp->refs[0];
        } else {
            cwb_result_warn(&table, "not compared with %s: %s", sp->refs[0], why);
        }
        cwb_reference_free(&rf);
    }

    /* Write. */
    char file[CWB_TEXT + 256];
    if (rc == CWB_OK) {
        char cmd[CWB_TEXT + 32];
        snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
        if (system(cmd) != 0)
            rc = cwb_fail(msg, n, CWB_EFAIL, "cannot create %s", dir);
    }
    if (rc == CWB_OK) {
        snprintf(file, sizeof file, "%s/%s_sweep.csv", dir, base->name);
        FILE *f = fopen(file, "w");
        if (!f) {
            rc = cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", file);
        } else {
            fprintf(f, "# sweep of %s over %s = %g ... %g, %zu values (%s)\n", base->file, v.key,
                    v.from, v.to, v.n, v.log ? "log" : "linear");
            for (size_t gi = 0; gi < ngroups; gi++)
                if (isfinite(specs[gi].dev_max))
                    fprintf(f, "# deviation of %s from %s: max %.4g, rms %.4g (relative to "
                               "max |ref|), %.0f points\n",
                            specs[gi].y[0], specs[gi].refs[0], specs[gi].dev_max,
                            specs[gi].dev_rms, specs[gi].dev_points);
            rc = cwb_write_csv(f, base, &table);
            fclose(f);
        }
    }
    for (size_t gi = 0; rc == CWB_OK && plot && gi < ngroups; gi++)
        if ((rc = cwb_plot_series(&specs[gi], &table.series, msg, n)) == CWB_OK)
            rc = cwb_plot_render(dir, specs[gi].name, msg, n);
    if (rc == CWB_OK) {
        if (json) {
            printf("{\"case\": \"%s\", \"vary\": \"%s\", \"values\": %zu, \"failed\": %zu, "
                   "\"csv\": \"%s\"", base->name, v.key, v.n, failed, file);
            for (size_t gi = 0; gi < ngroups; gi++)
                if (isfinite(specs[gi].dev_max))
                    printf(", \"ref_max_rel_error_%s\": %.6g, \"ref_rms_error_%s\": %.6g",
                           specs[gi].y[0], specs[gi].dev_max, specs[gi].y[0],
                           specs[gi].dev_rms);
            printf("}\n");
        } else {
            printf("%s: %zu values of %s (%zu failed) -> %s\n", base->name, v.n, v.key, failed,
                   file);
            for (size_t gi = 0; gi < ngroups; gi++)
                if (isfinite(specs[gi].dev_max))
                    printf("  %s vs %s: max deviation %.4g, rms %.4g (relative to max |ref|)\n",
                           specs[gi].y[0], specs[gi].refs[0], specs[gi].dev_max,
                           specs[gi].dev_rms);
            for (size_t w = 0; w < table.nwarn; w++)
                printf("  warning: %s\n", table.warn[w]);
        }
    }
    cwb_result_free(&table);
    cwb_result_free(&names);
    free(rows);
    free(base);
    return rc;
}
