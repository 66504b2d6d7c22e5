/* sweep.c -- `cwb sweep`: one summary row per value of one key.
 *
 * Every value goes through the case loader as a --set override, so it is
 * validated exactly like a hand-written case (a value out of range stops the
 * sweep with status 2 and names it). A value whose computation fails gets a
 * row with only the varied key (the other cells empty) and a WARNING line
 * in the CSV header, and the sweep goes on. A result that no value defines
 * (dt_last_change with a fixed dt, say) is an empty column, named in a
 * header line: the table has the columns a run of the case reports, under
 * the same names, and never holds nan (doc/outputs.md).
 *
 * With --jobs N the values go to N forked workers of the commands' pool
 * (cwb_pool.h), each given the next value when it is free; the parent
 * files every value's record under its index and orders the columns by
 * the value that first gave each, so the output does not depend on N nor
 * on which worker ran what. SIGINT or SIGTERM caught by the parent stops
 * the workers and writes nothing.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_dt_auto.h"
#include "cwb_files.h"
#include "cwb_json.h"
#include "cwb_out.h"
#include "cwb_numeric.h"
#include "cwb_out.h"
#include "cwb_paths.h"
#include "cwb_pool.h"
#include "cwb_sweep.h"
#include "cwb_verdict.h"

#define MAX_VALUES 1000000
#define MAX_JOBS   256

typedef struct {
    char link[128]; /* a second key set to link_factor * value */
    double link_factor;
    char key[128];   /* section.key */
    char column[64]; /* key name as a column */
    char unit[16];
    double from, to;
    size_t n;
    int log;
} vary_spec;

typedef struct {
    int status; /* CWB_OK, CWB_EFAIL, CWB_EINPUT */
    char msg[256];
    char warn[CWB_WARN_TEXT]; /* the run's first warning ("" when none) */
    double value[CWB_MAX_SCALARS];
} row;

/* Everything one sweep carries from step to step. */
typedef struct {
    cwb_sweep_request req; /* as asked, with jobs clamped by sweep_setup */
    const cwb_log *log;
    cwb_case *base;
    vary_spec v;
    row *rows;        /* v.n of them */
    cwb_result names; /* every scalar's name and unit, as the workers gave them */
    size_t first_row[CWB_MAX_SCALARS], first_pos[CWB_MAX_SCALARS]; /* where each first shows */
    size_t overflow;    /* results beyond CWB_MAX_SCALARS names, not tabled */
    cwb_result table;   /* the CSV: the varied key, then every defined scalar */
    char dropped[1024]; /* scalars no value defines (empty columns, not plotted) */
    int echoed;         /* a result has the varied key's name: the varied column stands for it */
    size_t failed;
    size_t ngroups;
    int skip[8]; /* group plots left out (their y is nowhere defined) */
    cwb_plot_spec specs[8];
    /* the deviation from every reference of a group (the plot shows the
     * first): max, rms, points, the reference's tolerance, its rows compared
     * and all its rows; NaN where not compared */
    double dev[8][8][6];
    cwb_verdict verdict[8]; /* each group's first curve against its first reference */
    size_t group_refs[8];   /* the references of each group */
    const char *ref_paths[8][8];
    char ref_notes[8][8][160]; /* the legend's line under a reference not compared (all rows or
                                  some): specs[gi].ref_note[k] */
    char plot_names[8][240], data_name[200];
    char gy[CWB_TEXT], gr[CWB_TEXT], gry[CWB_TEXT], gx[CWB_TEXT], overlay[CWB_TEXT];
    const char *overlays[12];
    char file[CWB_TEXT + 256];
    cwb_case *work; /* the case each value is loaded into (about 0.7 MB), one per process */
    int embedded;   /* the library's sweep (req.table set): see cwb_sweep.h */
    int cancelled;  /* its progress callback asked to stop */
} sweep;

static int parse_vary(const char *text, vary_spec *v, char *msg, size_t n)
{
    const char *eq = strchr(text, '=');
    if (!eq || (size_t)(eq - text) >= sizeof v->key)
        return cwb_fail(msg, n, CWB_EINPUT, "--vary %s: expected section.key=FROM:TO:N[:log]",
                        text);
    memcpy(v->key, text, (size_t)(eq - text));
    v->key[eq - text] = '\0';
    char buf[256];
    int len = snprintf(buf, sizeof buf, "%s", eq + 1);
    /* every field counted, empty ones too: '1:2:3:' and '1:2:3:log:x' are
     * refused (strtok skipped the empty one and stopped at four) */
    char *f[5] = {NULL, NULL, NULL, NULL, NULL};
    int k = 0;
    for (char *t = buf; t && k < 5;) {
        f[k++] = t;
        char *colon = strchr(t, ':');
        if (colon)
            *colon = '\0';
        t = colon ? colon + 1 : NULL;
    }
    int empty = 0;
    for (int i = 0; i < k; i++)
        empty |= f[i][0] == '\0';
    double nn;
    if (len >= (int)sizeof buf || k < 3 || k > 4 || empty || cwb_parse_double(f[0], &v->from) ||
        cwb_parse_double(f[1], &v->to) || cwb_parse_double(f[2], &nn) || nn < 1 ||
        nn > MAX_VALUES || nn != floor(nn) ||
        (k == 4 && strcmp(f[3], "log") != 0 && strcmp(f[3], "linear") != 0))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "--vary %s: expected section.key=FROM:TO:N[:log] with finite FROM, "
                        "TO and an integer 1 <= N <= %d",
                        text, MAX_VALUES);
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
                                  &c->law_values[0], &c->law_values[1],  &c->law_values[2],
                                  &c->law_values[3]};
    const char *names[] = {"driver",     "body1",   "body2",  "normal",
                           "tangential", "damping", "rolling"};
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
                    "driver)",
                    v->key);
}

/* Run value i: its status and message into out, its named results into r
 * (every one the run set: results a run sets only when they happen, such
 * as energy_gain_steps, must reach the table whichever worker ran them). */
static void run_one(const sweep *s, size_t i, cwb_case *c, row *out, cwb_result *r)
{
    const cwb_sweep_request *q = &s->req;
    const vary_spec *v = &s->v;
    const char **over = malloc((q->nsets + 2) * sizeof *over);
    char setv[256], setl[256], num[32];
    /* the shortest text of the value: it reads back to the same double, and
     * a refusal quotes it as a person would write it */
    cwb_format_shortest(value_at(v, i), num, sizeof num);
    snprintf(setv, sizeof setv, "%s=%s", v->key, num);
    size_t nover = 0;
    for (size_t k = 0; over && k < q->nsets; k++)
        over[nover++] = q->sets[k];
    if (over)
        over[nover++] = setv;
    if (over && v->link[0]) {
        cwb_format_shortest(v->link_factor * value_at(v, i), num, sizeof num);
        snprintf(setl, sizeof setl, "%s=%s", v->link, num);
        over[nover++] = setl;
    }
    out->status = c && over ? cwb_case_load(c, q->path, over, nover, out->msg, sizeof out->msg)
                            : cwb_fail(out->msg, sizeof out->msg, CWB_EFAIL, "out of memory");
    if (out->status == CWB_OK)
        out->status = cwb_run_case_scalars(c, r, out->msg, sizeof out->msg);
    free(over);
}

/* Load the case and settle what is varied: --vary, else its [sweep]. */
static int sweep_setup(sweep *s, const char *vary, char *msg, size_t n)
{
    s->base = cwb_case_new();
    if (!s->base)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    int rc = cwb_case_load(s->base, s->req.path, s->req.sets, s->req.nsets, msg, n);
    if (rc != CWB_OK)
        return rc;
    vary_spec *v = &s->v;
    const cwb_values *sw = &s->base->sweep_values;
    if (vary) {
        rc = parse_vary(vary, v, msg, n);
    } else if (s->base->has_sweep && sw->text[CWB_SWEEP_VARY][0]) {
        snprintf(v->key, sizeof v->key, "%.127s", sw->text[CWB_SWEEP_VARY]);
        v->from = sw->p[CWB_SWEEP_FROM];
        v->to = sw->p[CWB_SWEEP_TO];
        v->n = (size_t)sw->p[CWB_SWEEP_N];
        v->log = (int)sw->p[CWB_SWEEP_SCALE] == 1;
    } else {
        rc = cwb_fail(msg, n, CWB_EINPUT,
                      "%s: nothing to sweep: give --vary section.key=FROM:TO:N[:log] or a "
                      "[sweep] section with vary, from, to, n",
                      s->req.path);
    }
    snprintf(v->link, sizeof v->link, "%.127s", sw->text[CWB_SWEEP_LINK]);
    v->link_factor = sw->p[CWB_SWEEP_LINK_FACTOR];
    if (rc == CWB_OK)
        rc = describe_key(s->base, v, msg, n);
    if (rc == CWB_OK && v->log && !(v->from > 0 && v->to > 0))
        rc = cwb_fail(msg, n, CWB_EINPUT, "sweep: a log scale needs FROM, TO > 0 (got %g, %g)",
                      v->from, v->to);
    if (s->req.jobs < 1)
        s->req.jobs = 1;
    if (s->req.jobs > MAX_JOBS)
        s->req.jobs = MAX_JOBS;
    if (rc == CWB_OK && (size_t)s->req.jobs > v->n)
        s->req.jobs = (int)v->n;
    return rc;
}

/* The index of result nm in s->names, added if new; -1 when the table of
 * names is full (counted in s->overflow, never written to another's cell). */
static int name_index(sweep *s, const char *nm, const char *un, size_t i, size_t pos)
{
    for (size_t q = 0; q < s->names.nscalar; q++)
        if (strcmp(s->names.scalar[q].name, nm) == 0) {
            if (i < s->first_row[q] || (i == s->first_row[q] && pos < s->first_pos[q])) {
                s->first_row[q] = i;
                s->first_pos[q] = pos;
            }
            return (int)q;
        }
    if (s->names.nscalar >= CWB_MAX_SCALARS) {
        s->overflow++;
        return -1;
    }
    cwb_result_set(&s->names, nm, un, 0.0);
    size_t k = s->names.nscalar - 1;
    s->first_row[k] = i;
    s->first_pos[k] = pos;
    return (int)k;
}

/* Columns in a fixed order whatever --jobs: by the first value (row) that
 * gave each result, then by its place in that row. */
static void order_names(sweep *s)
{
    size_t m = s->names.nscalar, perm[CWB_MAX_SCALARS];
    for (size_t k = 0; k < m; k++)
        perm[k] = k;
    for (size_t a = 1; a < m; a++) /* insertion sort: m <= 64 */
        for (size_t b = a; b > 0; b--) {
            size_t x = perm[b - 1], y = perm[b];
            if (s->first_row[x] < s->first_row[y] ||
                (s->first_row[x] == s->first_row[y] && s->first_pos[x] <= s->first_pos[y]))
                break;
            perm[b - 1] = y;
            perm[b] = x;
        }
    cwb_result sorted;
    cwb_result_init(&sorted);
    for (size_t k = 0; k < m; k++)
        cwb_result_set(&sorted, s->names.scalar[perm[k]].name, s->names.scalar[perm[k]].unit, 0.0);
    cwb_result_free(&s->names);
    s->names = sorted;
    double v[CWB_MAX_SCALARS];
    for (size_t i = 0; i < s->v.n; i++) {
        for (size_t k = 0; k < m; k++)
            v[k] = s->rows[i].value[perm[k]];
        memcpy(s->rows[i].value, v, m * sizeof *v);
    }
}

/* What a worker sends back of one value: its row's status and message and
 * every scalar of its run (an empty unit as "-"). */
typedef struct {
    int status;
    char msg[256];
    char warn[CWB_WARN_TEXT]; /* the run's first warning */
    size_t nscalar;
    struct {
        char name[48], unit[16];
        double value;
    } scalar[CWB_MAX_SCALARS];
} value_record;

static int stopped(const sweep *s, char *msg, size_t n)
{
    if (s->embedded)
        return cwb_fail(msg, n, CWB_ECANCEL, "sweep of %s stopped by the caller: nothing returned",
                        s->v.key);
    return cwb_fail(msg, n, CWB_EFAIL, "sweep stopped by %s: workers ended, nothing written",
                    cwb_stop_name());
}

/* Run value i (in a worker, or here with one job) into its record. */
static void run_value(void *ctx, size_t i, void *record)
{
    sweep *s = ctx;
    value_record *rec = record;
    row rw;
    cwb_result r;
    if (s->req.jobs == 1)
        cwb_logf(s->log, CWB_LOG_PROGRESS, "sweep %s: %zu/%zu", s->v.key, i + 1, s->v.n);
    if (!s->work) /* once per process: a forked worker sets its own copy */
        s->work = cwb_case_new();
    cwb_result_init(&r);
    run_one(s, i, s->work, &rw, &r);
    rec->status = rw.status;
    if (rw.status != CWB_OK) {
        for (char *p = rw.msg; *p; p++)
            if (*p == '\n')
                *p = ' ';
        snprintf(rec->msg, sizeof rec->msg, "%s", rw.msg);
    }
    snprintf(rec->warn, sizeof rec->warn, "%s", r.nwarn ? r.warn[0] : "");
    for (size_t k = 0; rw.status == CWB_OK && k < r.nscalar; k++) {
        snprintf(rec->scalar[k].name, sizeof rec->scalar[k].name, "%s", r.scalar[k].name);
        snprintf(rec->scalar[k].unit, sizeof rec->scalar[k].unit, "%s",
                 r.scalar[k].unit[0] ? r.scalar[k].unit : "-");
        rec->scalar[k].value = r.scalar[k].value;
        rec->nscalar = k + 1;
    }
    cwb_result_free(&r);
}

/* Value i's record into s->rows (names in s->names). A value the loader
 * refused fails the sweep: no more values are handed out, and those
 * running finish, so the lowest such value is the one named. */
static int value_done(void *ctx, size_t i, const void *record, char *msg, size_t n)
{
    sweep *s = ctx;
    const value_record *rec = record;
    row *cur = &s->rows[i];
    (void)msg;
    (void)n;
    cur->status = rec->status;
    snprintf(cur->msg, sizeof cur->msg, "%s", rec->msg);
    snprintf(cur->warn, sizeof cur->warn, "%s", rec->warn);
    for (size_t k = 0; k < rec->nscalar; k++) {
        int q = name_index(s, rec->scalar[k].name, rec->scalar[k].unit, i, k);
        if (q >= 0)
            cur->value[q] = rec->scalar[k].value;
    }
    return rec->status == CWB_EINPUT ? CWB_POOL_FINISH : CWB_OK;
}

/* The library's sweep: every value here, in order, in the caller's thread,
 * without the pool (which would change the process's SIGPIPE disposition);
 * the caller's progress callback before each value may stop it. */
static int sweep_compute_here(sweep *s, char *msg, size_t n)
{
    const cwb_sweep_request *q = &s->req;
    value_record *rec = malloc(sizeof *rec);
    int rc = rec ? CWB_OK : cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    for (size_t i = 0; rc == CWB_OK && i < s->v.n; i++) {
        if (q->progress && q->progress(q->user, i, s->v.n)) {
            s->cancelled = 1;
            rc = stopped(s, msg, n);
            break;
        }
        memset(rec, 0, sizeof *rec);
        run_value(s, i, rec);
        rc = value_done(s, i, rec, msg, n);
        if (rc == CWB_POOL_FINISH)
            break;
    }
    free(rec);
    return rc == CWB_POOL_FINISH ? CWB_OK : rc;
}

/* Run every value through the worker pool (cwb_pool.h) and gather the rows. */
static int sweep_compute(sweep *s, char *msg, size_t n)
{
    s->rows = calloc(s->v.n, sizeof *s->rows);
    if (!s->rows)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    for (size_t i = 0; i < s->v.n; i++) {
        s->rows[i].status = -1;
        for (size_t k = 0; k < CWB_MAX_SCALARS; k++)
            s->rows[i].value[k] = NAN;
    }
    cwb_pool pool = {.what = "sweep",
                     .ntasks = s->v.n,
                     .jobs = s->req.jobs,
                     .record_size = sizeof(value_record),
                     .ctx = s,
                     .run = run_value,
                     .done = value_done};
    if (s->req.dt_reuse) /* each forked worker keeps its own neighbour */
        cwb_dt_reuse_begin();
    int rc = s->embedded ? sweep_compute_here(s, msg, n) : cwb_pool_run(&pool, msg, n);
    if (s->req.dt_reuse)
        cwb_dt_reuse_end();
    free(s->work);
    s->work = NULL;
    if (rc == CWB_POOL_STOPPED)
        rc = stopped(s, msg, n);
    if (rc == CWB_OK)
        order_names(s);
    for (size_t i = 0; rc == CWB_OK && i < s->v.n; i++)
        if (s->rows[i].status == CWB_EINPUT)
            rc = cwb_fail(msg, n, CWB_EINPUT, "sweep value %s = %.10g: %s", s->v.key,
                          value_at(&s->v, i), s->rows[i].msg);
    return rc;
}

/* The table as a series: the varied key, then every scalar (those no
 * value defines are named in s->dropped) but one of the key's own name
 * (impact_angle_deg, which the driver reports as it took it): a table
 * never names two columns alike, and that one is the varied column. */

/* A value's run that warned (energy a law or the scheme created, a law
 * outside its validity...) warns in the sweep's table too, with the value.
 * Values that warned alike warn once, with their count and range (a spin
 * sweep of head-on impacts has no tangential restitution at any of its 41
 * values: one line, not 41); the first four distinct warnings in full, then
 * the count of values left, so that a thousand-value sweep does not bury
 * its other warnings. */
static int warned_alike(const sweep *s, size_t i, size_t j)
{
    return s->rows[j].status == CWB_OK && strcmp(s->rows[i].warn, s->rows[j].warn) == 0;
}

static void warn_rows(sweep *s)
{
    size_t shown = 0, unshown = 0;
    for (size_t i = 0; i < s->v.n; i++) {
        if (s->rows[i].status != CWB_OK || !s->rows[i].warn[0])
            continue;
        size_t before = 0, alike = 0, last = i;
        for (size_t j = 0; j < i && !before; j++)
            before = warned_alike(s, i, j);
        if (before)
            continue; /* said with the first value that warned so */
        for (size_t j = i; j < s->v.n; j++)
            if (warned_alike(s, i, j))
                alike++, last = j;
        if (shown++ >= 4)
            unshown += alike;
        else if (alike == 1)
            cwb_result_warn(&s->table, "%s = %.10g: %s", s->v.key, value_at(&s->v, i),
                            s->rows[i].warn);
        else
            cwb_result_warn(&s->table, "%s = %.10g .. %.10g (%zu of the %zu values): %s", s->v.key,
                            value_at(&s->v, i), value_at(&s->v, last), alike, s->v.n,
                            s->rows[i].warn);
    }
    if (unshown)
        cwb_result_warn(&s->table, "%zu more values of %s warned (each run alone says what)",
                        unshown, s->v.key);
}

static int sweep_table(sweep *s, char *msg, size_t n)
{
    const vary_spec *v = &s->v;
    size_t m = s->names.nscalar, used = 0, keep[CWB_MAX_SCALARS], nkeep = 0;
    for (size_t k = 0; k < m; k++) {
        if (strcmp(s->names.scalar[k].name, v->column) == 0) {
            s->echoed = 1;
            continue;
        }
        keep[nkeep++] = k;
        int defined = 0;
        for (size_t i = 0; i < v->n && !defined; i++)
            defined = s->rows[i].status == CWB_OK && isfinite(s->rows[i].value[k]);
        if (!defined && used < sizeof s->dropped)
            used += (size_t)snprintf(s->dropped + used, sizeof s->dropped - used, "%s%s",
                                     used ? ", " : "", s->names.scalar[k].name);
    }
    if (s->overflow)
        return cwb_fail(msg, n, CWB_EFAIL,
                        "sweep: the runs gave more than %d distinct results "
                        "(%zu values not tabled)",
                        CWB_MAX_SCALARS, s->overflow);
    int ok = cwb_series_column(&s->table.series, v->column, v->unit) >= 0;
    for (size_t q = 0; q < nkeep; q++)
        ok &= cwb_series_column(&s->table.series, s->names.scalar[keep[q]].name,
                                s->names.scalar[keep[q]].unit) >= 0;
    if (!ok)
        return cwb_fail(msg, n, CWB_EFAIL, "sweep: %zu results do not fit a table of %d columns",
                        nkeep, CWB_MAX_COLS - 1);
    double rv[CWB_MAX_SCALARS + 1];
    for (size_t i = 0; i < v->n; i++) {
        rv[0] = value_at(v, i);
        for (size_t q = 0; q < nkeep; q++)
            rv[q + 1] = s->rows[i].value[keep[q]];
        if (cwb_series_row(&s->table.series, rv) != CWB_OK)
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        if (s->rows[i].status != CWB_OK) {
            s->failed++;
            cwb_result_warn(&s->table, "%s = %.10g failed: %s", v->key, value_at(v, i),
                            s->rows[i].msg);
        }
    }
    if (s->failed == v->n)
        return cwb_fail(msg, n, CWB_EFAIL, "sweep: every value failed, e.g. %s", s->rows[0].msg);
    warn_rows(s);
    return CWB_OK;
}

/* Whether name is one of the results no value defines. */
static int was_dropped(const sweep *s, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = strstr(s->dropped, name); p; p = strstr(p + 1, name))
        if ((p == s->dropped || p[-1] == ' ') && (p[len] == ',' || p[len] == '\0'))
            return 1;
    return 0;
}

/* The [sweep] plot keys cut into ';'-groups, one plot per group of y. */
typedef struct {
    char *y[8]; /* plot_y groups ("a,b": the curves of one plot) */
    char *x[8]; /* plot_x groups (fewer than y: the last one repeats) */
    size_t nx;
    char *ref[8];   /* reference groups (NULL: none for that plot) */
    char *ref_y[8]; /* reference_y groups (NULL: the plot's first y) */
} plot_groups;

/* Group gi's plot: its x, its curves, its references and its name. */
static int group_spec(sweep *s, size_t gi, const plot_groups *g, char *msg, size_t n)
{
    const cwb_values *sw = &s->base->sweep_values;
    cwb_plot_spec *sp = &s->specs[gi];
    /* x of this group: its own plot_x group, else the last one given, else the key */
    const char *px = g->nx ? g->x[gi < g->nx ? gi : g->nx - 1] : s->v.column;
    if (cwb_series_find(&s->table.series, px) < 0 && !was_dropped(s, px))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "%s: [sweep] plot_x: '%s' is not a result of "
                        "this case",
                        s->base->file, px);
    *sp = (cwb_plot_spec){.dir = s->req.dir,
                          .title = sw->text[CWB_SWEEP_TITLE],
                          .x = px,
                          .label = "cwb",
                          .markers = 1,
                          .ref_x = sw->text[CWB_SWEEP_REFERENCE_X],
                          .ref_y = g->ref_y[gi] ? g->ref_y[gi] : "",
                          .dev_max = NAN,
                          .dev_rms = NAN,
                          .dev_points = NAN,
                          .log = s->log,
                          .no_reference = s->base->output_values.text[CWB_OUT_NO_REFERENCE]};
    sp->ny = split(g->y[gi], ',', (char **)sp->y, 8);
    memcpy(sp->overlays, s->overlays, sizeof s->overlays);
    sp->nref = g->ref[gi] ? split(g->ref[gi], ',', (char **)sp->refs, 8) : 0;
    snprintf(s->plot_names[gi], sizeof s->plot_names[gi], "%s_sweep%s%s", s->base->name,
             s->ngroups > 1 ? "_" : "", s->ngroups > 1 && sp->ny ? sp->y[0] : "");
    for (size_t gj = 0; gj < gi; gj++) /* same y twice: name the x too */
        if (sp->ny && s->specs[gj].ny && strcmp(s->specs[gj].y[0], sp->y[0]) == 0) {
            size_t used = strlen(s->plot_names[gi]);
            snprintf(s->plot_names[gi] + used, sizeof s->plot_names[gi] - used, "_vs_%s", sp->x);
            break;
        }
    sp->name = s->plot_names[gi];
    sp->data = s->data_name;
    for (size_t k = 0; k < sp->ny; k++)
        if (cwb_series_find(&s->table.series, sp->y[k]) < 0 && !was_dropped(s, sp->y[k]))
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s: [sweep] plot_y: '%s' is not a result "
                            "of this case",
                            s->base->file, sp->y[k]);
    return CWB_OK;
}

/* Whether reference rf stands for the sweep's inputs (as
 * cwb_reference_stands_for; the varied key is not checked against the
 * base case). A reference that names the varied key was made at that one
 * value: its curve runs along another key, and the sweep's samples at
 * other values of it are other inputs (why says so). */
static int reference_stands_for_sweep(const sweep *s, const cwb_reference *rf, char *why, size_t n)
{
    char pinned[128];
    if (cwb_reference_stands_for_key(rf, s->v.key, pinned, sizeof pinned)) {
        snprintf(why, n, "%s = %s alone, and the sweep varies %s from %.10g to %.10g", s->v.key,
                 pinned, s->v.key, value_at(&s->v, 0), value_at(&s->v, s->v.n - 1));
        return 0;
    }
    return cwb_reference_stands_for(rf, s->base, s->v.key, why, n);
}

/* The legend's line under reference k of group gi where the sweep did not
 * compare it (compared: 0), or not at every row inside its range: drawn
 * beside the sweep, its symbols would read as compared. Brief; the warning
 * gives the numbers. */
static void note_not_compared(sweep *s, size_t gi, size_t k, int compared, const cwb_deviation *dev,
                              const char *why)
{
    char *note = s->ref_notes[gi][k];
    size_t room = sizeof s->ref_notes[gi][k];
    const char *x = s->specs[gi].x;
    /* under 90 characters, for the 960-pixel legend; the row (the worst
     * one) tells two references' notes apart */
    const char *cannot = isinf(dev->unresolved_uncertainty) ? "two runs bound no interpolant"
                                                            : "interpolating is too uncertain";
    note[0] = '\0';
    if (compared && dev->ref_rows_unresolved == 1)
        snprintf(note, room, "  1 of its rows not compared (%s = %.3g): no run there, %s", x,
                 dev->unresolved_x, cannot);
    else if (compared && dev->ref_rows_unresolved)
        snprintf(note, room, "  %zu of its rows not compared (one at %s = %.3g): no run there, %s",
                 dev->ref_rows_unresolved, x, dev->unresolved_x, cannot);
    else if (!compared && dev->ref_rows_unresolved == 1)
        snprintf(note, room, "  drawn, not compared: no run at its %s = %.3g, %s", x,
                 dev->unresolved_x, cannot);
    else if (!compared && dev->ref_rows_unresolved)
        snprintf(note, room, "  drawn, not compared: no run at its %zu %s (one %.3g), %s",
                 dev->ref_rows_unresolved, x, dev->unresolved_x, cannot);
    else if (!compared)
        snprintf(note, room, "  drawn, not compared: %.60s%s", why, strlen(why) > 60 ? "..." : "");
    if (k < 8)
        s->specs[gi].ref_note[k] = note;
}

/* The deviation of group gi's first curve from its reference k into
 * s->dev[gi][k] (NaN when not compared, with a warning). 1 when the
 * reference stands for the sweep's inputs, 0 when not, -1 with msg on a
 * reference that cannot be read. */
static int reference_compare(sweep *s, size_t gi, size_t k, char *msg, size_t n)
{
    cwb_plot_spec *sp = &s->specs[gi];
    double *d = s->dev[gi][k];
    d[0] = d[1] = d[2] = d[3] = d[4] = d[5] = NAN;
    cwb_reference rf;
    if (cwb_reference_load(&rf, sp->refs[k], msg, n) != CWB_OK)
        return -1;
    char why[CWB_MSG];
    int match = reference_stands_for_sweep(s, &rf, why, sizeof why);
    if (match < 0) { /* -1, the message in msg */
        cwb_reference_free(&rf);
        cwb_fail(msg, n, CWB_EINPUT, "%s: [sweep] reference: %s", s->base->file, why);
        return -1;
    }
    /* samples: at the reference's x the sweep ran, or where its interpolant is
     * certain enough (cwb_compare); a FAIL on a guess between two far
     * samples measured the gap, not cwb */
    cwb_compare_columns cols = {.x = sp->x,
                                .y = sp->y[0],
                                .ref_x = sp->ref_x[0] ? sp->ref_x : sp->x,
                                .ref_y = sp->ref_y[0] ? sp->ref_y : sp->y[0],
                                .samples = 1};
    cwb_deviation dev = {.ref_rows_unresolved = 0};
    int rc = match ? cwb_compare(&s->table.series, &rf, &cols, &dev, why, sizeof why) : CWB_OK;
    if (match && rc != CWB_EINPUT)
        note_not_compared(s, gi, k, rc == CWB_OK, &dev, why);

    if (rc == CWB_EINPUT) { /* a column misspelt or in another unit: the input is wrong */
        cwb_reference_free(&rf);
        cwb_fail(msg, n, CWB_EINPUT, "%s: [sweep] reference: %s", s->base->file, why);
        return -1;
    }
    if (match == 0) /* a curve made for other inputs: no deviation against it */
        cwb_result_warn(&s->table, "not compared with %s: it was made for other inputs (%s)",
                        sp->refs[k], why);
    else if (rc == CWB_OK) {
        d[0] = dev.max_rel;
        d[1] = dev.rms_rel;
        d[2] = (double)dev.points;
        d[3] = rf.tolerance;
        d[4] = (double)dev.ref_rows;
        d[5] = (double)dev.ref_rows_total;
        if (dev.ref_rows_unresolved && isinf(dev.unresolved_uncertainty))
            cwb_result_warn(&s->table,
                            "%zu of %s's rows inside the sweep's range not compared: the sweep "
                            "did not run their %s and two values show no curvature to bound the "
                            "interpolant between them",
                            dev.ref_rows_unresolved, sp->refs[k], sp->x);
        else if (dev.ref_rows_unresolved)
            cwb_result_warn(&s->table,
                            "%zu of %s's rows inside the sweep's range not compared: the sweep "
                            "did not run their %s and interpolating it there is not certain "
                            "enough (worst at %s = %.6g, between the sweep's %.6g and %.6g: "
                            "%.3g of max |ref|)",
                            dev.ref_rows_unresolved, sp->refs[k], sp->x, sp->x, dev.unresolved_x,
                            dev.unresolved_lo, dev.unresolved_hi, dev.unresolved_uncertainty);
    } else
        cwb_result_warn(&s->table, "not compared with %s: %s", sp->refs[k], why);
    cwb_reference_free(&rf);
    return match;
}

/* Compare group gi's first curve with each of its references. */
static int group_compare(sweep *s, size_t gi, char *msg, size_t n)
{
    cwb_plot_spec *sp = &s->specs[gi];
    size_t nref = sp->nref;
    int first_matches = 1;
    s->group_refs[gi] = nref;
    for (size_t k = 0; k < nref; k++)
        s->ref_paths[gi][k] = sp->refs[k];
    int matches[8] = {0};
    for (size_t k = 0; k < nref; k++) {
        int match = reference_compare(s, gi, k, msg, n);
        if (match < 0)
            return CWB_EINPUT; /* msg says why */
        if (k == 0)
            first_matches = match;
        if (k < 8)
            matches[k] = match;
    }
    if (!first_matches) {
        sp->nref = 0; /* not drawn either: the plot would invite the comparison */
        s->verdict[gi] = CWB_VERDICT_SKIPPED;
        return CWB_OK;
    }
    sp->dev_max = s->dev[gi][0][0];
    sp->dev_rms = s->dev[gi][0][1];
    sp->dev_points = s->dev[gi][0][2];
    sp->dev_tolerance = s->dev[gi][0][3];
    /* only the first reference is judged; the others are drawn beside it
     * (a published model, a measurement) and their deviations printed */
    s->verdict[gi] =
        isfinite(sp->dev_max)
            ? cwb_verdict_judge(sp->dev_max, sp->dev_tolerance,
                                s->base->output_values.text[CWB_OUT_MODEL_COMPARISON][0] != 0)
            : CWB_VERDICT_NONE;
    sp->dev_verdict = (int)s->verdict[gi];
    /* the others: drawn with their deviation, read against their tolerance;
     * one made for other inputs is not drawn (as cwb run leaves it out: its
     * symbols would invite the comparison), the warning says why */
    sp->also_from = 1;
    size_t drawn = 1;
    for (size_t k = 1; k < nref && k < 8; k++) {
        if (!matches[k])
            continue;
        sp->refs[drawn] = sp->refs[k];
        sp->ref_note[drawn] = sp->ref_note[k];
        for (int q = 0; q < 4; q++)
            sp->also_dev[drawn - 1][q] = s->dev[gi][k][q];
        drawn++;
    }
    sp->nref = drawn;
    const char *b = strrchr(sp->refs[0], '/');
    sp->dev_what = b ? b + 1 : sp->refs[0];
    return CWB_OK;
}

/* Plot groups: plot_y, reference and reference_y hold ';'-separated
 * groups, one plot each; within a group, ','-separated curves. The first
 * curve of a group is compared with the group's first reference. A group
 * whose x or y no value defines is not plotted (a warning says so). */
static int sweep_groups(sweep *s, char *msg, size_t n)
{
    const cwb_values *sw = &s->base->sweep_values;
    snprintf(s->gy, sizeof s->gy, "%s", sw->text[CWB_SWEEP_PLOT_Y]);
    snprintf(s->gr, sizeof s->gr, "%s", sw->text[CWB_SWEEP_REFERENCE]);
    snprintf(s->gry, sizeof s->gry, "%s", sw->text[CWB_SWEEP_REFERENCE_Y]);
    snprintf(s->gx, sizeof s->gx, "%s", sw->text[CWB_SWEEP_PLOT_X]);
    if (cwb_path_resolve_bare_in(s->req.dir, sw->text[CWB_SWEEP_OVERLAY], s->overlay,
                                 sizeof s->overlay) != CWB_OK)
        return cwb_fail(msg, n, CWB_EINPUT, "[sweep] overlay: %s", s->overlay);
    snprintf(s->data_name, sizeof s->data_name, "%s_sweep", s->base->name);
    plot_groups g = {.nx = 0}; /* every group pointer NULL */
    s->ngroups = split(s->gy, ';', g.y, 8);
    g.nx = split(s->gx, ';', g.x, 8);
    split(s->gr, ';', g.ref, 8);
    split(s->gry, ';', g.ref_y, 8);
    size_t noverlay = cwb_split_paths(s->overlay, s->overlays, 12);
    for (size_t gi = 0; gi < s->ngroups; gi++) {
        int rc = group_spec(s, gi, &g, msg, n);
        if (rc != CWB_OK)
            return rc;
        cwb_plot_spec *sp = &s->specs[gi];
        sp->noverlay = noverlay;
        int undefined = was_dropped(s, sp->x);
        for (size_t k = 0; k < sp->ny; k++)
            undefined |= was_dropped(s, sp->y[k]);
        if (undefined || !sp->ny) {
            s->skip[gi] = 1;
            if (undefined)
                cwb_logf(s->log, CWB_LOG_WARN,
                         "%s: no plot %s: a column of it has no value "
                         "for any swept value\n",
                         s->base->file, sp->name);
            continue;
        }
        if (sp->nref && (rc = group_compare(s, gi, msg, n)) != CWB_OK)
            return rc;
    }
    return CWB_OK;
}

/* DIR/NAME_sweep.csv, atomically; nothing when the sweep is stopped. */
static int sweep_write_csv(sweep *s, char *msg, size_t n)
{
    int rc = cwb_make_dirs(s->req.dir, msg, n);
    if (rc != CWB_OK)
        return rc;
    snprintf(s->file, sizeof s->file, "%s/%s_sweep.csv", s->req.dir, s->base->name);
    cwb_output out;
    if ((rc = cwb_output_open(&out, s->file, msg, n)) != CWB_OK)
        return rc;
    const vary_spec *v = &s->v;
    char from[40], to[40], mx[40], rms[40], drawn[120];
    cwb_format_shortest(v->from, from, sizeof from);
    cwb_format_shortest(v->to, to, sizeof to);
    fprintf(out.f, "# sweep of %s over %s = %s ... %s, %zu values (%s)\n", s->base->file, v->key,
            from, to, v->n, v->log ? "log" : "linear");
    if (s->dropped[0])
        fprintf(out.f, "# undefined for every swept value (empty columns): %s\n", s->dropped);
    if (s->echoed)
        fprintf(out.f,
                "# %s: the result of that name (the key's value as the run took it) is "
                "the swept column\n",
                v->column);
    for (size_t gi = 0; gi < s->ngroups; gi++)
        for (size_t k = 0; k < s->group_refs[gi]; k++)
            if (isfinite(s->dev[gi][k][0])) {
                cwb_format_shortest(s->dev[gi][k][0], mx, sizeof mx);
                cwb_format_shortest(s->dev[gi][k][1], rms, sizeof rms);
                fprintf(out.f,
                        "# deviation of %s from %s: max %s, rms %s (relative to max |ref|), "
                        "%.0f points, %.0f of its %.0f rows; %s\n",
                        s->specs[gi].y[0], s->ref_paths[gi][k], mx, rms, s->dev[gi][k][2],
                        s->dev[gi][k][4], s->dev[gi][k][5],
                        k ? cwb_verdict_drawn_line(s->dev[gi][k][0], s->dev[gi][k][3], drawn,
                                                   sizeof drawn)
                          : cwb_verdict_word(s->verdict[gi]));
            }
    cwb_record rec = {
        .command = s->req.command, .plot = s->req.plot, .varied = v->key, .linked = v->link};
    cwb_write_csv(out.f, s->base, &s->table, &rec); /* a failed write shows in the commit */
    if (cwb_stop_signal()) {
        cwb_output_abort(&out);
        return stopped(s, msg, n);
    }
    return cwb_output_commit(&out, msg, n);
}

/* The sweep's verdict: FAIL when a group fails, else PASS when one
 * passes, else a model comparison when one is. */
static cwb_verdict sweep_verdict(const sweep *s)
{
    cwb_verdict all = CWB_VERDICT_NONE;
    for (size_t gi = 0; gi < s->ngroups; gi++) {
        cwb_verdict v = s->verdict[gi];
        if (v == CWB_VERDICT_FAIL)
            return v;
        if (v == CWB_VERDICT_PASS || (v == CWB_VERDICT_MODEL && all != CWB_VERDICT_PASS) ||
            all == CWB_VERDICT_NONE)
            all = v;
    }
    return all;
}

/* "deviations": every reference compared, one object each. */
static void sweep_json_deviations(const sweep *s, cwb_json *j)
{
    static const char *const keys[6] = {"max_rel",   "rms_rel",           "points",
                                        "tolerance", "ref_rows_compared", "ref_rows"};
    cwb_json_open(j, "deviations", '[');
    for (size_t gi = 0; gi < s->ngroups; gi++)
        for (size_t k = 0; k < s->group_refs[gi]; k++) {
            if (!isfinite(s->dev[gi][k][0]))
                continue;
            cwb_json_open(j, NULL, '{');
            cwb_json_string(j, "y", s->specs[gi].y[0]);
            cwb_json_string(j, "reference", s->ref_paths[gi][k]);
            for (int q = 0; q < 6; q++)
                cwb_json_number(j, keys[q], s->dev[gi][k][q]);
            cwb_json_string(j, "verdict", k ? "not judged" : cwb_verdict_word(s->verdict[gi]));
            cwb_json_close(j);
        }
    cwb_json_close(j);
}

/* "units" and "rows": the table, one object per value (its column values,
 * null where undefined, its status and, when it failed, why). */
static void sweep_json_rows(const sweep *s, cwb_json *j)
{
    const cwb_series *t = &s->table.series;
    cwb_json_open(j, "units", '{');
    for (size_t c = 0; c < t->ncol; c++)
        cwb_json_string(j, t->col[c].name, t->col[c].unit[0] ? t->col[c].unit : "-");
    cwb_json_close(j);
    cwb_json_open(j, "rows", '[');
    for (size_t i = 0; i < t->nrow; i++) {
        cwb_json_open(j, NULL, '{');
        for (size_t c = 0; c < t->ncol; c++)
            cwb_json_number(j, t->col[c].name, t->col[c].v[i]);
        cwb_json_string(j, "status", s->rows[i].status == CWB_OK ? "ok" : "failed");
        if (s->rows[i].status != CWB_OK)
            cwb_json_string(j, "message", s->rows[i].msg);
        cwb_json_close(j);
    }
    cwb_json_close(j);
}

/* The answer of `cwb sweep --json` (doc/outputs.md): one object. */
static int sweep_json(const sweep *s)
{
    cwb_json j;
    cwb_json_init(&j);
    cwb_json_head(&j, "sweep", s->req.dir);
    cwb_json_string(&j, "case", s->base->name);
    cwb_json_string(&j, "file", s->base->file);
    cwb_json_string(&j, "vary", s->v.key);
    cwb_json_string(&j, "column", s->v.column);
    cwb_json_number(&j, "values", (double)s->v.n);
    cwb_json_number(&j, "failed", (double)s->failed);
    cwb_json_string(&j, "csv", s->file);
    sweep_json_rows(s, &j);
    sweep_json_deviations(s, &j);
    if (sweep_verdict(s) != CWB_VERDICT_NONE)
        cwb_json_string(&j, "verdict", cwb_verdict_word(sweep_verdict(s)));
    cwb_json_warnings(&j, &s->table);
    cwb_json_close(&j);
    int rc = cwb_json_log(&j, s->log);
    cwb_json_free(&j);
    return rc;
}

/* The comparisons, for a caller that reads them (cwb verify). */
static void sweep_summary(const sweep *s, cwb_sweep_summary *out)
{
    memset(out, 0, sizeof *out);
    out->values = s->v.n;
    out->failed = s->failed;
    out->verdict = sweep_verdict(s);
    for (size_t gi = 0; gi < s->ngroups; gi++) {
        if (!out->plot[0] && !s->skip[gi])
            snprintf(out->plot, sizeof out->plot, "%s", s->specs[gi].name);
        for (size_t k = 0; k < s->group_refs[gi]; k++) {
            if (!isfinite(s->dev[gi][k][0]) || out->ndev >= sizeof out->dev / sizeof *out->dev)
                continue;
            cwb_sweep_deviation *d = &out->dev[out->ndev++];
            snprintf(d->y, sizeof d->y, "%s", s->specs[gi].y[0]);
            snprintf(d->reference, sizeof d->reference, "%s", s->ref_paths[gi][k]);
            d->max_rel = s->dev[gi][k][0];
            d->rms_rel = s->dev[gi][k][1];
            d->tolerance = s->dev[gi][k][3];
            d->rows_compared = s->dev[gi][k][4];
            d->rows = s->dev[gi][k][5];
            d->verdict = k == 0 ? s->verdict[gi] : CWB_VERDICT_NONE;
        }
    }
}

/* The summary: one JSON object, or a few lines of text. */
static int sweep_report(const sweep *s)
{
    if (s->req.json)
        return sweep_json(s);
    cwb_logf(s->log, CWB_LOG_RESULT, "%s: %zu values of %s (%zu failed) -> %s\n", s->base->name,
             s->v.n, s->v.key, s->failed, s->file);
    for (size_t gi = 0; gi < s->ngroups; gi++)
        for (size_t k = 0; k < s->group_refs[gi]; k++)
            if (isfinite(s->dev[gi][k][0])) {
                char judged[200];
                if (k == 0)
                    cwb_verdict_line(s->verdict[gi], s->dev[gi][k][0], s->dev[gi][k][3], judged,
                                     sizeof judged);
                else {
                    char drawn[120];
                    snprintf(judged, sizeof judged, "max deviation %.3g (%s)", s->dev[gi][k][0],
                             cwb_verdict_drawn_line(s->dev[gi][k][0], s->dev[gi][k][3], drawn,
                                                    sizeof drawn));
                }
                char rows[80] = ""; /* a verdict on part of the reference says which part */
                if (s->dev[gi][k][4] < s->dev[gi][k][5])
                    snprintf(rows, sizeof rows, ", over %.0f of its %.0f rows", s->dev[gi][k][4],
                             s->dev[gi][k][5]);
                cwb_logf(s->log, CWB_LOG_RESULT, "  %s vs %s: %s; rms %.3g (of max |ref|)%s\n",
                         s->specs[gi].y[0], s->ref_paths[gi][k], judged, s->dev[gi][k][1], rows);
            }
    for (size_t w = 0; w < s->table.nwarn; w++)
        cwb_logf(s->log, CWB_LOG_WARN, "%s\n", s->table.warn[w]);
    return CWB_OK;
}

/* The embedded sweep's outputs: the table and each value's outcome. */
static int sweep_hand_over(sweep *s, char *msg, size_t n)
{
    const cwb_sweep_request *q = &s->req;
    if (q->rows) {
        int ok = cwb_row_outcomes_make(q->rows, s->v.n) == CWB_OK;
        for (size_t i = 0; ok && i < s->v.n; i++)
            ok = cwb_row_outcome_set(q->rows, i, s->rows[i].status, s->rows[i].msg) == CWB_OK;
        if (!ok) {
            cwb_row_outcomes_free(q->rows);
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
        }
    }
    *q->table = s->table; /* the caller's now */
    cwb_result_init(&s->table);
    return CWB_OK;
}

/* The command's outputs: the CSV, the plots and the summary. */
static int sweep_write(sweep *s, char *msg, size_t n)
{
    const cwb_sweep_request *req = &s->req;
    int rc = sweep_write_csv(s, msg, n);
    for (size_t gi = 0; rc == CWB_OK && req->plot && gi < s->ngroups && !cwb_stop_signal(); gi++)
        if (!s->skip[gi] &&
            (rc = cwb_plot_series(&s->specs[gi], &s->table.series, msg, n)) == CWB_OK)
            rc = cwb_plot_render_as(req->dir, s->specs[gi].name, req->format, msg, n);
    for (size_t gi = 0; rc == CWB_OK && !req->plot && gi < s->ngroups; gi++)
        if (!s->skip[gi]) /* the plots it would have written, as an earlier sweep left them */
            rc = cwb_plot_remove_stale(req->dir, s->specs[gi].name, req->format, 1, msg, n);
    if (rc == CWB_OK && cwb_stop_signal()) /* a stop while plotting is not a success */
        rc = cwb_fail(msg, n, CWB_EFAIL,
                      "sweep stopped by %s after %s was written: the plots "
                      "are not all made",
                      cwb_stop_name(), s->file);
    if (rc == CWB_OK && sweep_report(s) != CWB_OK)
        rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory writing the JSON");
    return rc;
}

int cwb_sweep(const cwb_sweep_request *req, const cwb_log *log, char *msg, size_t n)
{
    sweep *s = calloc(1, sizeof *s);
    if (!s)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    *s = (sweep){.req = *req, .log = log, .embedded = req->table != NULL};
    if (s->embedded) { /* one process, one thread; [sweep] overlay names read from here */
        s->req.jobs = 1;
        s->req.dir = req->dir ? req->dir : ".";
    }
    cwb_result_init(&s->names);
    cwb_result_init(&s->table);
    cwb_stop_handlers handlers;
    if (!s->embedded) /* the library never touches the process's signals */
        cwb_stop_catch(&handlers);
    int rc = sweep_setup(s, req->vary, msg, n);
    if (rc == CWB_OK)
        rc = sweep_compute(s, msg, n);
    if (rc == CWB_OK)
        rc = sweep_table(s, msg, n);
    if (rc == CWB_OK)
        rc = sweep_groups(s, msg, n);
    if (rc == CWB_OK)
        rc = s->embedded ? sweep_hand_over(s, msg, n) : sweep_write(s, msg, n);
    if (rc == CWB_OK && req->summary)
        sweep_summary(s, req->summary);
    if (!s->embedded)
        cwb_stop_release(&handlers);
    cwb_result_free(&s->table);
    cwb_result_free(&s->names);
    free(s->rows);
    free(s->base);
    free(s);
    return rc;
}
