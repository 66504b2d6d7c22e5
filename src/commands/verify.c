/* verify.c -- every shipped case that names a reference, run and judged
 * against the reference's own tolerance, and the report (cwb_verify.h).
 *
 * Each case runs in a process forked for it by the commands' pool
 * (cwb_pool.h: at most req->jobs at a time), which sends back what the
 * report needs and exits; a child that crashes sends nothing and the case
 * is reported as crashed, the others go on. */
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "cwb_files.h"
#include "cwb_fit.h"
#include "cwb_json.h"
#include "cwb_out.h"
#include "cwb_plot.h"
#include "cwb_pool.h"
#include "cwb_verdict.h"
#include "cwb_verify.h"

enum { MAX_DEV = 8, MAX_ITEMS = 1024 };

/* What a child reports of its case (a pool record: fixed sizes). */
typedef struct {
    int done; /* the child sent this slot */
    int rc;   /* CWB_* of the run */
    char msg[CWB_MSG];
    cwb_verdict verdict;
    size_t ndev;
    struct {
        char y[CWB_NAME];
        char reference[CWB_TEXT];
        double max_rel, rms_rel, tolerance;
        double rows_compared, rows; /* the reference's rows compared, and all (NaN: not known) */
        cwb_verdict verdict;
    } dev[MAX_DEV];
    char plot[256]; /* DIR/cases/NAME/PLOT.png, "" when none */
    double cpu;     /* seconds of CPU the child used */
} slot;

/* A case as the parent sees it before running it. */
typedef struct {
    char name[128];
    char path[CWB_TEXT];
    char title[CWB_TEXT];
    char model_comparison[CWB_TEXT];
    int sweep; /* cwb sweep */
    int fit;   /* cwb fit: a run or scalar fit to its [fit] reference */
} item;

/* The source documents the report groups cases under: by the case name's
 * prefix, with the bibliography key of the work (src/core/bibliography.c). */
static const struct {
    const char *prefix, *heading, *key;
} documents[] = {
    {"seed000_", "A semianalytical Hertzian frictional contact model in 2D (2020)", "hertz2d2020"},
    {"seed001_", "MUSEN documentation: Hertz-Mindlin with rolling friction", "musen_hertz"},
    {"seed002_", "Woo DEM documentation: the linear (Cundall) law", "woo_linear"},
    {"seed003_", "Balevicius & Mroz: finite sliding of two spheres, part II",
     "balevicius_mroz_part2"},
    {"seed004_", "Rathbone: PhD thesis (elastic-plastic normal and tangential laws)",
     "rathbone_thesis"},
    {"chung_ooi_", "Chung & Ooi (2011): benchmark tests for DEM codes", "chung_ooi2011"},
    {"thornton_", "Thornton (1997): restitution of elastic-plastic spheres", "thornton1997"},
    {"beyond_", "Beyond the sources: adhesion, rolling and twisting", NULL},
    {"", "Other verification cases", NULL},
};

static size_t document_of(const char *name)
{
    size_t i = 0;
    while (strncmp(name, documents[i].prefix, strlen(documents[i].prefix)) != 0)
        i++; /* the last prefix, "", matches every name */
    return i;
}

/* --- finding the cases --------------------------------------------------- */

static int wanted(const cwb_verify_request *req, const char *name)
{
    if (!req->nonly)
        return 1;
    for (size_t i = 0; i < req->nonly; i++)
        if (strcmp(req->only[i], name) == 0)
            return 1;
    return 0;
}

/* Fill it from the case at path when it names a reference: 1, else 0;
 * -1 with msg when the case does not load (a shipped case must). */
static int classify(const char *path, item *it, char *msg, size_t n)
{
    cwb_case *c = cwb_case_new();
    if (!c)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory"), -1;
    int rc = cwb_case_load(c, path, NULL, 0, msg, n);
    int named = rc == CWB_OK && (c->output_values.text[CWB_OUT_REFERENCE][0] ||
                                 (c->has_sweep && c->sweep_values.text[CWB_SWEEP_REFERENCE][0]));
    if (named) {
        memset(it, 0, sizeof *it);
        snprintf(it->name, sizeof it->name, "%s", c->name);
        snprintf(it->path, sizeof it->path, "%s", path);
        it->sweep = c->has_sweep && c->sweep_values.text[CWB_SWEEP_REFERENCE][0];
        snprintf(it->title, sizeof it->title, "%s",
                 it->sweep ? c->sweep_values.text[CWB_SWEEP_TITLE]
                           : c->output_values.text[CWB_OUT_TITLE]);
        snprintf(it->model_comparison, sizeof it->model_comparison, "%s",
                 c->output_values.text[CWB_OUT_MODEL_COMPARISON]);
    }
    free(c);
    return rc == CWB_OK ? named : -1;
}

/* A fit-case that fits a run to a reference (models run and scalar): 1,
 * filling it; 0 for the other models (they fit closed forms to data); -1
 * with msg when it does not read. */
static int classify_fit(const char *path, item *it, char *msg, size_t n)
{
    cwb_fit_case *fc = malloc(sizeof *fc);
    if (!fc)
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory"), -1;
    int rc = cwb_fit_case_read(path, fc, msg, n);
    int named = rc == CWB_OK && fc->v.text[CWB_FIT_REFERENCE][0] &&
                (strcmp(fc->v.text[CWB_FIT_MODEL], "run") == 0 ||
                 strcmp(fc->v.text[CWB_FIT_MODEL], "scalar") == 0);
    if (named) {
        memset(it, 0, sizeof *it);
        snprintf(it->name, sizeof it->name, "%s", fc->name);
        snprintf(it->path, sizeof it->path, "%s", path);
        it->fit = 1;
        snprintf(it->title, sizeof it->title, "%s", fc->title);
        snprintf(it->model_comparison, sizeof it->model_comparison, "%s",
                 fc->v.text[CWB_FIT_MODEL_COMPARISON]);
    }
    free(fc);
    return rc == CWB_OK ? named : -1;
}

/* The files of ROOT/cases/ matching pattern ("*.case"), classified. */
static int add_items(const cwb_verify_request *req, const char *ext, item *items, size_t *k,
                     size_t max, char *msg, size_t n)
{
    const char *root = req->root && req->root[0] && strcmp(req->root, ".") != 0 ? req->root : NULL;
    char pattern[CWB_TEXT];
    snprintf(pattern, sizeof pattern, "%s%scases/*%s", root ? root : "", root ? "/" : "", ext);
    glob_t g;
    if (glob(pattern, 0, NULL, &g) != 0)
        return CWB_OK;
    int rc = CWB_OK;
    for (size_t i = 0; rc == CWB_OK && i < g.gl_pathc && *k < max; i++) {
        int named = strcmp(ext, ".fit") == 0 ? classify_fit(g.gl_pathv[i], &items[*k], msg, n)
                                             : classify(g.gl_pathv[i], &items[*k], msg, n);
        if (named < 0)
            rc = CWB_EINPUT;
        else if (named && wanted(req, items[*k].name))
            (*k)++;
    }
    globfree(&g);
    return rc;
}

/* Each name given is a case found: a mistyped name among good ones was
 * dropped, and CI printed PASS for the rest. */
static int every_name_found(const cwb_verify_request *req, const item *items, size_t k, char *msg,
                            size_t n)
{
    for (size_t i = 0; i < req->nonly; i++) {
        size_t j = 0;
        while (j < k && strcmp(items[j].name, req->only[i]) != 0)
            j++;
        if (j == k)
            return cwb_fail(msg, n, CWB_EINPUT,
                            "%s: no case or fit-case of that name in %s%scases/ names a "
                            "reference (cwb verify without names runs them all and lists them; "
                            "run it from the repository's root, or give --root DIR)",
                            req->only[i], req->root && req->root[0] ? req->root : "",
                            req->root && req->root[0] ? "/" : "");
    }
    return CWB_OK;
}

static int find_items(const cwb_verify_request *req, item **out, size_t *count, char *msg, size_t n)
{
    item *items = calloc(MAX_ITEMS, sizeof *items);
    size_t k = 0;
    int rc = items ? CWB_OK : cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    if (rc == CWB_OK)
        rc = add_items(req, ".case", items, &k, MAX_ITEMS, msg, n);
    if (rc == CWB_OK)
        rc = add_items(req, ".fit", items, &k, MAX_ITEMS, msg, n);
    if (rc == CWB_OK)
        rc = every_name_found(req, items, k, msg, n);
    if (rc == CWB_OK && k == 0)
        rc = cwb_fail(msg, n, CWB_EINPUT,
                      "no case names a reference%s (cwb verify runs ROOT/cases/: run it from the "
                      "repository's root, or give --root DIR)",
                      req->nonly ? " among the names given" : "");
    if (rc != CWB_OK) {
        free(items);
        return rc;
    }
    *out = items;
    *count = k;
    return CWB_OK;
}

static const char *command_of(const item *it)
{
    return it->fit ? "fit" : it->sweep ? "sweep" : "run";
}

/* --- one case, in its child ------------------------------------------------ */

/* A fit of a run to its reference: the fitted curve's deviation and verdict. */
static void fit_one(const item *it, const cwb_verify_request *req, const char *dir, slot *s,
                    char *msg, size_t n)
{
    cwb_result r;
    cwb_result_init(&r);
    cwb_fit_request fr = {.path = it->path, .dir = dir, .plot = req->plot, .format = "png"};
    cwb_fit_case *fc = malloc(sizeof *fc);
    s->rc = fc ? cwb_fit_case_read(it->path, fc, msg, n) : CWB_EFAIL;
    if (s->rc == CWB_OK)
        s->rc = cwb_fit(&fr, &r, NULL, msg, n);
    if (s->rc == CWB_OK) {
        s->verdict = r.verdict;
        s->ndev = 1;
        snprintf(s->dev[0].y, sizeof s->dev[0].y, "%.47s", fc->v.text[CWB_FIT_Y]);
        snprintf(s->dev[0].reference, sizeof s->dev[0].reference, "%s",
                 fc->v.text[CWB_FIT_REFERENCE]);
        s->dev[0].max_rel = cwb_result_get(&r, "ref_max_rel_error");
        s->dev[0].rms_rel = NAN;
        s->dev[0].tolerance = cwb_result_get(&r, "ref_tolerance");
        s->dev[0].rows_compared = s->dev[0].rows = NAN; /* a fit reports its points */
        s->dev[0].verdict = r.verdict;
        snprintf(s->plot, sizeof s->plot, "%s_fit", it->name);
    }
    free(fc);
    cwb_result_free(&r);
}

/* A run's [output] also_references after its judged one (if any), as a
 * sweep's further references are listed: the run's column compared, their
 * deviation over the reference rows compared and the tolerance each
 * states, not judged (verdict 0 reads "drawn, not judged: over/within"). */
static void add_also_deviations(slot *s, const cwb_case *c, const cwb_result *r)
{
    for (size_t k = 0; k < CWB_ALSO_MAX && s->ndev < MAX_DEV; k++) {
        if (!r->also[k].path[0])
            continue;
        char key[64];
        size_t d = s->ndev++;
        snprintf(s->dev[d].y, sizeof s->dev[d].y, "%.*s", (int)sizeof s->dev[d].y - 1,
                 cwb_plot_y(c));
        snprintf(s->dev[d].reference, sizeof s->dev[d].reference, "%s", r->also[k].path);
        cwb_also_ref_key(key, sizeof key, k, "max_rel_error");
        s->dev[d].max_rel = cwb_result_get(r, key);
        cwb_also_ref_key(key, sizeof key, k, "rms_error");
        s->dev[d].rms_rel = cwb_result_get(r, key);
        cwb_also_ref_key(key, sizeof key, k, "points");
        s->dev[d].rows_compared = cwb_result_get(r, key);
        s->dev[d].rows = NAN;
        s->dev[d].tolerance = r->also[k].tolerance;
        s->dev[d].verdict = 0;
    }
}

static void run_one(const item *it, const cwb_verify_request *req, const char *dir, slot *s)
{
    char msg[CWB_MSG];
    if (it->fit)
        fit_one(it, req, dir, s, msg, sizeof msg);
    else if (!it->sweep) {
        cwb_case *c = cwb_case_new();
        cwb_result r;
        cwb_result_init(&r);
        int rc = c ? cwb_case_load(c, it->path, NULL, 0, msg, sizeof msg) : CWB_EFAIL;
        cwb_run_output ro = {
            .dir = dir, .plot = req->plot, .format = "png", .command = req->command};
        if (rc == CWB_OK)
            rc = cwb_run_and_write(c, NULL, 0, &ro, &r, NULL, msg, sizeof msg);
        s->rc = rc;
        s->verdict = r.verdict;
        if (rc == CWB_OK && isfinite(cwb_result_get(&r, "ref_max_rel_error"))) {
            s->ndev = 1;
            snprintf(s->dev[0].y, sizeof s->dev[0].y, "%s", cwb_plot_y(c));
            snprintf(s->dev[0].reference, sizeof s->dev[0].reference, "%s",
                     c->output_values.text[CWB_OUT_REFERENCE]);
            s->dev[0].max_rel = cwb_result_get(&r, "ref_max_rel_error");
            s->dev[0].rms_rel = cwb_result_get(&r, "ref_rms_error");
            s->dev[0].tolerance = cwb_result_get(&r, "ref_tolerance");
            s->dev[0].rows_compared = cwb_result_get(&r, "ref_rows_compared");
            s->dev[0].rows = cwb_result_get(&r, "ref_rows");
            s->dev[0].verdict = r.verdict;
        }
        if (rc == CWB_OK) {
            add_also_deviations(s, c, &r);
            snprintf(s->plot, sizeof s->plot, "%s", it->name);
        }
        cwb_result_free(&r);
        free(c);
    } else {
        cwb_sweep_summary *sum = calloc(1, sizeof *sum);
        cwb_sweep_request sr = {.path = it->path,
                                .jobs = 1,
                                .dir = dir,
                                .plot = req->plot,
                                .format = "png",
                                .summary = sum,
                                .command = req->command};
        s->rc = sum ? cwb_sweep(&sr, NULL, msg, sizeof msg) : CWB_EFAIL;
        for (size_t k = 0; sum && s->rc == CWB_OK && k < sum->ndev && k < MAX_DEV; k++) {
            snprintf(s->dev[k].y, sizeof s->dev[k].y, "%s", sum->dev[k].y);
            snprintf(s->dev[k].reference, sizeof s->dev[k].reference, "%s", sum->dev[k].reference);
            s->dev[k].max_rel = sum->dev[k].max_rel;
            s->dev[k].rms_rel = sum->dev[k].rms_rel;
            s->dev[k].tolerance = sum->dev[k].tolerance;
            s->dev[k].rows_compared = sum->dev[k].rows_compared;
            s->dev[k].rows = sum->dev[k].rows;
            s->dev[k].verdict = sum->dev[k].verdict;
            s->ndev = k + 1;
        }
        if (sum && s->rc == CWB_OK) {
            s->verdict = sum->verdict;
            snprintf(s->plot, sizeof s->plot, "%s", sum->plot);
        }
        free(sum);
    }
    if (s->rc != CWB_OK)
        snprintf(s->msg, sizeof s->msg, "%s", msg);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    s->cpu = (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
             (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
    s->done = 1;
}

/* The cases, their slots and what the pool's calls need. */
typedef struct {
    const item *items;
    slot *slots;
    size_t count, done;
    const cwb_verify_request *req;
    const cwb_log *log;
} verification;

/* Case i, in the process forked for it: its folder, then the run. */
static void verify_case(void *ctx, size_t i, void *record)
{
    const verification *v = ctx;
    const item *it = &v->items[i];
    slot *s = record;
    char dir[CWB_TEXT + 200], msg[CWB_MSG];
    snprintf(dir, sizeof dir, "%s/cases/%s", v->req->dir, it->name);
    if (cwb_make_dirs(dir, msg, sizeof msg) != CWB_OK) {
        s->rc = CWB_EFAIL;
        snprintf(s->msg, sizeof s->msg, "%s", msg);
        s->done = 1;
        return;
    }
    run_one(it, v->req, dir, s);
}

/* --- the pool ---------------------------------------------------------------- */

static void note_done(const item *it, const slot *s, size_t done, size_t total, const cwb_log *log)
{
    const char *what = !s->done          ? "crashed"
                       : s->rc != CWB_OK ? "error"
                       : s->verdict      ? cwb_verdict_word(s->verdict)
                                         : "no comparison";
    double dev = s->ndev ? s->dev[0].max_rel : NAN;
    cwb_logf(log, CWB_LOG_NOTE, "[%zu/%zu] %-34s %s%s%.3g%s (%.1f s CPU)\n", done, total, it->name,
             what, s->ndev ? ", max deviation " : "", s->ndev ? dev : 0.0,
             s->ndev && isfinite(s->dev[0].tolerance) ? "" : "", s->cpu);
}

/* Case i's slot as its child sent it (NULL: the child died first, the slot
 * stays unwritten). */
static int case_done(void *ctx, size_t i, const void *record, char *msg, size_t n)
{
    verification *v = ctx;
    (void)msg;
    (void)n;
    if (record)
        memcpy(&v->slots[i], record, sizeof v->slots[i]);
    note_done(&v->items[i], &v->slots[i], ++v->done, v->count, v->log);
    return CWB_OK;
}

static int run_all(const item *items, size_t count, slot *slots, const cwb_verify_request *req,
                   const cwb_log *log, char *msg, size_t n)
{
    verification v = {items, slots, count, 0, req, log};
    cwb_pool pool = {.what = "verify",
                     .ntasks = count,
                     .jobs = req->jobs,
                     .record_size = sizeof(slot),
                     .fresh = 1,
                     .ctx = &v,
                     .run = verify_case,
                     .done = case_done};
    int rc = cwb_pool_run(&pool, msg, n);
    return rc == CWB_POOL_STOPPED
               ? cwb_fail(msg, n, CWB_EFAIL, "verify stopped by %s", cwb_stop_name())
               : rc;
}

/* --- the counts and the report ---------------------------------------------------- */

static void tally(const slot *s, cwb_verify_counts *c)
{
    c->cases++;
    if (!s->done || s->rc != CWB_OK)
        c->errors++;
    else if (s->verdict == CWB_VERDICT_PASS)
        c->pass++;
    else if (s->verdict == CWB_VERDICT_FAIL)
        c->fail++;
    else if (s->verdict == CWB_VERDICT_MODEL)
        c->model++;
    else
        c->other++;
}

/* The reference's independence class and the first line of its header
 * that says what it is (a cwb FEM table's first line is cwb's own). */
static void reference_source(const char *path, char *cls, size_t ncls, char *what, size_t nwhat)
{
    cwb_reference rf;
    char msg[CWB_MSG];
    snprintf(cls, ncls, "?");
    snprintf(what, nwhat, "%s", path);
    if (cwb_reference_load(&rf, path, msg, sizeof msg) != CWB_OK)
        return;
    snprintf(cls, ncls, "%s", rf.independence[0] ? rf.independence : "not stated");
    for (const char *p = rf.provenance; *p;) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *t = p;
        while (t < p + len && (*t == '#' || *t == ' '))
            t++;
        /* past the record of how it was made (the cwb, date and command
         * lines every CSV of cwb opens with) */
        if (t < p + len && strncmp(t, "cwb ", 4) != 0 && strncmp(t, "date: ", 6) != 0 &&
            strncmp(t, "command: ", 9) != 0) {
            cwb_header_title(t, what, nwhat); /* a title continued over lines, whole */
            break;
        }
        p = end ? end + 1 : p + len;
    }
    cwb_reference_free(&rf);
}

/* A report writer: Markdown or HTML, with the escaping of each. */
typedef struct {
    FILE *f;
    int html;
} page;

static void esc(const page *pg, const char *s)
{
    for (; s && *s; s++) {
        if (pg->html && *s == '<')
            fputs("&lt;", pg->f);
        else if (pg->html && *s == '>')
            fputs("&gt;", pg->f);
        else if (pg->html && *s == '&')
            fputs("&amp;", pg->f);
        else if (pg->html && *s == '"')
            fputs("&quot;", pg->f);
        else if (!pg->html && strchr("\\*_|<>[]#`", *s)) {
            fputc('\\', pg->f);
            fputc(*s, pg->f);
        } else if (*s == '\n' || *s == '\r')
            fputc(' ', pg->f);
        else
            fputc(*s, pg->f);
    }
}

static const char *verdict_class(const slot *s)
{
    if (!s->done || s->rc != CWB_OK)
        return "error";
    switch (s->verdict) {
    case CWB_VERDICT_PASS: return "pass";
    case CWB_VERDICT_FAIL: return "fail";
    case CWB_VERDICT_MODEL: return "model";
    default: return "other";
    }
}

static const char *verdict_text(const slot *s)
{
    if (!s->done)
        return "crashed";
    if (s->rc != CWB_OK)
        return "error";
    return s->verdict ? cwb_verdict_word(s->verdict) : "no comparison";
}

static const char html_head[] =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<title>cwb verification report</title>\n<style>\n"
    "body{font-family:sans-serif;max-width:72em;margin:1em auto;padding:0 1em;color:#222}\n"
    "h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;margin-top:2em}\n"
    ".counts span{display:inline-block;margin:0 .4em .4em 0;padding:.3em .7em;border-radius:.3em}\n"
    ".case{border:1px solid #ddd;border-radius:.4em;margin:1em 0;padding:.6em 1em;"
    "display:flex;gap:1em;flex-wrap:wrap}\n"
    ".case img{width:28em;max-width:100%;border:1px solid #eee}\n"
    ".info{flex:1;min-width:22em}\n.info table{border-collapse:collapse;font-size:.9em}\n"
    ".info td,.info th{border-bottom:1px solid #eee;padding:.2em .5em;text-align:left;"
    "vertical-align:top}\n"
    ".v{font-weight:bold;padding:.1em .5em;border-radius:.3em}\n"
    ".pass{background:#d8f5d8}.fail{background:#f8d0d0}.model{background:#dde6f8}"
    ".other{background:#eee}.error{background:#f8e0b0}\n"
    "code{font-size:.9em;overflow-wrap:anywhere}\n.info{min-width:0;overflow-wrap:anywhere}\n"
    /* a table's words wrap only between words (at 1200 px the narrow columns broke "PAS|S",
     * "toler|ance"); numbers and verdicts not at all (a browser breaks "8.96e-|06" after its
     * hyphen); a result's name after its underscores (<wbr>) */
    ".info th,.info td.name code{overflow-wrap:normal}.info td.n{white-space:nowrap}\n"
    "nav li{margin:.15em 0}\n</style>\n</head>\n<body>\n";

static void counts_line(const page *pg, const cwb_verify_counts *c)
{
    if (pg->html)
        fprintf(pg->f,
                "<p class=\"counts\"><span class=\"pass\">PASS %zu</span>"
                "<span class=\"fail\">FAIL %zu</span><span class=\"model\">model comparisons "
                "%zu</span><span class=\"other\">no verdict %zu</span><span class=\"error\">"
                "errors %zu</span> of %zu cases</p>\n",
                c->pass, c->fail, c->model, c->other, c->errors, c->cases);
    else
        fprintf(pg->f,
                "| PASS | FAIL | model comparisons | no verdict | errors | cases |\n"
                "|---|---|---|---|---|---|\n| %zu | %zu | %zu | %zu | %zu | %zu |\n\n",
                c->pass, c->fail, c->model, c->other, c->errors, c->cases);
}

static void deviation_rows(const page *pg, const slot *s)
{
    for (size_t k = 0; k < s->ndev; k++) {
        char cls[40], what[400], tol[32];
        reference_source(s->dev[k].reference, cls, sizeof cls, what, sizeof what);
        snprintf(tol, sizeof tol, isfinite(s->dev[k].tolerance) ? "%.3g" : "none",
                 s->dev[k].tolerance);
        const char *v = s->dev[k].verdict
                            ? cwb_verdict_word(s->dev[k].verdict)
                            : cwb_verdict_drawn(s->dev[k].max_rel, s->dev[k].tolerance);
        if (pg->html) {
            fprintf(pg->f, "<tr><td class=\"name\"><code>");
            for (const char *c = s->dev[k].y; *c; c++) {
                char one[2] = {*c, '\0'};
                esc(pg, one);
                if (*c == '_')
                    fputs("<wbr>", pg->f);
            }
            fprintf(pg->f, "</code></td><td>");
        } else
            fprintf(pg->f, "| `%s` | ", s->dev[k].y);
        esc(pg, what);
        fprintf(pg->f, pg->html ? " <em>(" : " (");
        esc(pg, cls);
        fprintf(pg->f, pg->html ? ")</em><br><code>" : ")<br>`");
        esc(pg, s->dev[k].reference);
        fprintf(pg->f,
                pg->html ? "</code></td><td class=\"n\">%.3g</td><td class=\"n\">%s</td>"
                           "<td class=\"n\">%s</td></tr>\n"
                         : "` | %.3g | %s | %s |\n",
                s->dev[k].max_rel, tol, v);
    }
}

/* Where the report links a case's plot: DIR/cases/NAME/PLOT.png when the
 * report rendered it, PLOTS/PLOT.png when told where plots are, none else. */
static int plot_link(const cwb_verify_request *req, const item *it, const slot *s, char *buf,
                     size_t n)
{
    if (!s->plot[0] || (!req->plot && !req->plots))
        return 0;
    if (req->plots)
        snprintf(buf, n, "%s/%s.png", req->plots, s->plot);
    else
        snprintf(buf, n, "cases/%s/%s.png", it->name, s->plot);
    return 1;
}

static void case_entry(const page *pg, const cwb_verify_request *req, const item *it, const slot *s)
{
    char link[CWB_TEXT + 300];
    int linked = plot_link(req, it, s, link, sizeof link);
    if (pg->html) {
        fprintf(pg->f, "<div class=\"case\" id=\"%s\">", it->name);
        if (linked) {
            fprintf(pg->f, "<a href=\"");
            esc(pg, link);
            fprintf(pg->f, "\"><img src=\"");
            esc(pg, link);
            fprintf(pg->f, "\" alt=\"plot of %s\"></a>", it->name);
        }
        fprintf(pg->f, "<div class=\"info\"><p><b>");
        esc(pg, it->title[0] ? it->title : it->name);
        fprintf(pg->f, "</b><br><code>cwb %s %s</code> <span class=\"v %s\">%s</span></p>\n",
                command_of(it), it->path, verdict_class(s), verdict_text(s));
    } else {
        fprintf(pg->f, "### %s\n\n", it->name);
        esc(pg, it->title[0] ? it->title : it->name);
        fprintf(pg->f, "\n\n`cwb %s %s`: **%s**", command_of(it), it->path, verdict_text(s));
        if (linked)
            fprintf(pg->f, " ([plot](%s))", link);
        fprintf(pg->f, "\n\n");
    }
    if (it->model_comparison[0]) {
        fprintf(pg->f, pg->html ? "<p>Model comparison: " : "Model comparison: ");
        esc(pg, it->model_comparison);
        fprintf(pg->f, pg->html ? "</p>\n" : "\n\n");
    }
    if (s->done && s->rc != CWB_OK) {
        fprintf(pg->f, pg->html ? "<p>" : "");
        esc(pg, s->msg);
        fprintf(pg->f, pg->html ? "</p>\n" : "\n\n");
    }
    if (s->ndev) {
        fprintf(pg->f, pg->html ? "<table><tr><th>result</th><th>reference (independence)</th>"
                                  "<th>max deviation</th><th>tolerance</th><th>verdict</th></tr>\n"
                                : "| result | reference (independence) | max deviation | "
                                  "tolerance | verdict |\n|---|---|---|---|---|\n");
        deviation_rows(pg, s);
        fprintf(pg->f, pg->html ? "</table>\n" : "\n");
    }
    if (pg->html)
        fprintf(pg->f, "</div></div>\n");
}

/* The HTML page's contents: each document with its cases' verdicts counted. */
static void contents(const page *pg, const item *items, const slot *slots, size_t count)
{
    fprintf(pg->f, "<nav><ul>\n");
    for (size_t d = 0; d < sizeof documents / sizeof *documents; d++) {
        cwb_verify_counts c = {0};
        for (size_t i = 0; i < count; i++)
            if (document_of(items[i].name) == d)
                tally(&slots[i], &c);
        if (!c.cases)
            continue;
        fprintf(pg->f, "<li><a href=\"#doc%zu\">", d);
        esc(pg, documents[d].heading);
        fprintf(pg->f, "</a>: %zu cases, %zu PASS, %zu FAIL, %zu model comparisons%s</li>\n",
                c.cases, c.pass, c.fail, c.model, c.errors ? ", errors" : "");
    }
    fprintf(pg->f, "</ul></nav>\n");
}

/* The Markdown index: one table per document, a row per comparison. */
static void md_header(const page *pg)
{
    fprintf(pg->f, "| case (plot) | what it shows | verdict | max deviation | tolerance | "
                   "reference (independence) |\n|---|---|---|---|---|---|\n");
}

static void md_rows(const page *pg, const cwb_verify_request *req, const item *it, const slot *s)
{
    char link[CWB_TEXT + 300];
    size_t rows = s->ndev ? s->ndev : 1;
    for (size_t k = 0; k < rows; k++) {
        if (k == 0 && plot_link(req, it, s, link, sizeof link))
            fprintf(pg->f, "| [%s](%s) | ", it->name, link);
        else
            fprintf(pg->f, "| %s | ", k == 0 ? it->name : "");
        if (k == 0) {
            esc(pg, it->title[0] ? it->title : it->name);
            if (it->model_comparison[0]) {
                fprintf(pg->f, ". Model comparison: ");
                esc(pg, it->model_comparison);
            }
            if (s->done && s->rc != CWB_OK) {
                fprintf(pg->f, ". ");
                esc(pg, s->msg);
            }
        } else
            fprintf(pg->f, "`%s`", s->dev[k].y);
        if (!s->ndev) {
            fprintf(pg->f, " | %s | | | |\n", verdict_text(s));
            continue;
        }
        char cls[40], what[400], tol[32];
        reference_source(s->dev[k].reference, cls, sizeof cls, what, sizeof what);
        snprintf(tol, sizeof tol, isfinite(s->dev[k].tolerance) ? "%.3g" : "none",
                 s->dev[k].tolerance);
        fprintf(pg->f, " | %s | %.3g | %s | ",
                s->dev[k].verdict ? cwb_verdict_word(s->dev[k].verdict)
                                  : cwb_verdict_drawn(s->dev[k].max_rel, s->dev[k].tolerance),
                s->dev[k].max_rel, tol);
        esc(pg, what);
        fprintf(pg->f, " (");
        esc(pg, cls);
        fprintf(pg->f, ") |\n");
    }
}

static void report_body(const page *pg, const item *items, const slot *slots, size_t count,
                        const cwb_verify_counts *c, const cwb_verify_request *req)
{
    char when[64];
    time_t now = time(NULL);
    strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    if (pg->html) {
        fputs(html_head, pg->f);
        fprintf(pg->f, "<h1>cwb verification report</h1>\n<p>cwb %s, %s: <code>", CWB_VERSION,
                when);
        esc(pg, req->command ? req->command : "cwb verify");
        fprintf(pg->f, "</code>. Every shipped case that names a reference, judged against the "
                       "tolerance the reference states (a bound on max |run - ref| / max |ref|); "
                       "a model comparison has no verdict.</p>\n");
    } else /* no date or command line: make docs reproduces this page byte for byte */
        fprintf(pg->f,
                "# Verification: every shipped case with a reference\n\n"
                "Written by `cwb verify` (cwb %s). Every shipped case that names a "
                "reference, judged against the tolerance the reference states (a bound on "
                "max \\|run - ref\\| / max \\|ref\\|); a model comparison has no verdict. "
                "`cwb verify --out DIR` writes the same as one HTML page with the plots.\n\n",
                CWB_VERSION);
    counts_line(pg, c);
    if (pg->html)
        contents(pg, items, slots, count);
    for (size_t d = 0; d < sizeof documents / sizeof *documents; d++) {
        int any = 0;
        for (size_t i = 0; i < count; i++) {
            if (document_of(items[i].name) != d)
                continue;
            if (!any) {
                const cwb_work *w = documents[d].key ? cwb_work_find(documents[d].key) : NULL;
                if (pg->html)
                    fprintf(pg->f, "<h2 id=\"doc%zu\">", d);
                else
                    fprintf(pg->f, "## ");
                esc(pg, documents[d].heading);
                fprintf(pg->f, pg->html ? "</h2>\n" : "\n\n");
                if (w) {
                    fprintf(pg->f, pg->html ? "<p><small>[%s] " : "[%s] ", w->key);
                    esc(pg, w->citation);
                    fprintf(pg->f, pg->html ? "</small></p>\n" : "\n\n");
                }
                if (!pg->html)
                    md_header(pg);
                any = 1;
            }
            if (pg->html)
                case_entry(pg, req, &items[i], &slots[i]);
            else
                md_rows(pg, req, &items[i], &slots[i]);
        }
        if (any && !pg->html)
            fprintf(pg->f, "\n");
    }
    if (pg->html)
        fprintf(pg->f, "</body>\n</html>\n");
}

/* One case of report.json: what it is, how it came out, its deviations. */
static void case_json(cwb_json *j, const item *it, const slot *s)
{
    cwb_json_open(j, NULL, '{');
    cwb_json_string(j, "name", it->name);
    cwb_json_string(j, "command", command_of(it));
    cwb_json_string(j, "file", it->path);
    cwb_json_string(j, "document", documents[document_of(it->name)].heading);
    cwb_json_string(j, "title", it->title);
    cwb_json_string(j, "verdict", verdict_text(s));
    cwb_json_string(j, "model_comparison", it->model_comparison);
    cwb_json_string(j, "message", s->done && s->rc != CWB_OK ? s->msg : "");
    cwb_json_string(j, "plot", s->plot);
    /* to the millisecond: the CPU clock is no finer, the rest is noise */
    cwb_json_number(j, "cpu_seconds", round(s->cpu * 1e3) / 1e3);
    cwb_json_open(j, "deviations", '[');
    for (size_t k = 0; k < s->ndev; k++) {
        char cls[40], what[400];
        reference_source(s->dev[k].reference, cls, sizeof cls, what, sizeof what);
        cwb_json_open(j, NULL, '{');
        cwb_json_string(j, "y", s->dev[k].y);
        cwb_json_string(j, "reference", s->dev[k].reference);
        cwb_json_string(j, "source", what);
        cwb_json_string(j, "independence", cls);
        cwb_json_number(j, "max_rel", s->dev[k].max_rel);
        cwb_json_number(j, "rms_rel", s->dev[k].rms_rel);
        cwb_json_number(j, "tolerance", s->dev[k].tolerance);
        cwb_json_number(j, "ref_rows_compared", s->dev[k].rows_compared);
        cwb_json_number(j, "ref_rows", s->dev[k].rows);
        cwb_json_string(j, "verdict",
                        s->dev[k].verdict ? cwb_verdict_word(s->dev[k].verdict) : "not judged");
        cwb_json_close(j);
    }
    cwb_json_close(j);
    cwb_json_close(j);
}

static int report_json(FILE *f, const cwb_verify_request *req, const item *items, const slot *slots,
                       size_t count, const cwb_verify_counts *c)
{
    cwb_json j;
    cwb_json_init(&j);
    cwb_json_head(&j, "verify", req->dir);
    cwb_json_open(&j, "counts", '{');
    const double n[] = {(double)c->cases, (double)c->pass,  (double)c->fail,
                        (double)c->model, (double)c->other, (double)c->errors};
    const char *names[] = {"cases", "pass", "fail", "model_comparison", "no_verdict", "errors"};
    for (size_t k = 0; k < sizeof n / sizeof *n; k++)
        cwb_json_number(&j, names[k], n[k]);
    cwb_json_close(&j);
    cwb_json_open(&j, "cases", '[');
    for (size_t i = 0; i < count; i++)
        case_json(&j, &items[i], &slots[i]);
    cwb_json_close(&j);
    cwb_json_warnings(&j, NULL);
    cwb_json_close(&j);
    int rc = cwb_json_emit(&j, f);
    cwb_json_free(&j);
    return rc;
}

static int write_reports(const cwb_verify_request *req, const item *items, const slot *slots,
                         size_t count, const cwb_verify_counts *c, char *msg, size_t n)
{
    static const char *const names[] = {"index.html", "report.md", "report.json"};
    for (int k = 0; k < 3; k++) {
        char path[CWB_TEXT + 64];
        snprintf(path, sizeof path, "%s/%s", req->dir, names[k]);
        cwb_output out;
        int rc = cwb_output_open(&out, path, msg, n);
        if (rc != CWB_OK)
            return rc;
        page pg = {out.f, k == 0};
        if (k < 2)
            report_body(&pg, items, slots, count, c, req);
        else if (report_json(out.f, req, items, slots, count, c) != CWB_OK) {
            cwb_output_abort(&out);
            return cwb_fail(msg, n, CWB_EFAIL, "out of memory writing %s", path);
        }
        if ((rc = cwb_output_commit(&out, msg, n)) != CWB_OK)
            return rc;
    }
    return CWB_OK;
}

int cwb_verify(const cwb_verify_request *req, cwb_verify_counts *counts, const cwb_log *log,
               char *msg, size_t n)
{
    memset(counts, 0, sizeof *counts);
    item *items = NULL;
    size_t count = 0;
    int rc = cwb_make_dirs(req->dir, msg, n);
    if (rc == CWB_OK)
        rc = find_items(req, &items, &count, msg, n);
    if (rc != CWB_OK)
        return rc;
    slot *slots = calloc(count ? count : 1, sizeof *slots);
    if (!slots) {
        free(items);
        return cwb_fail(msg, n, CWB_EFAIL, "out of memory");
    }
    cwb_logf(log, CWB_LOG_NOTE, "cwb verify: %zu cases with a reference, %d at a time\n", count,
             req->jobs < 1 ? 1 : req->jobs);
    rc = run_all(items, count, slots, req, log, msg, n);
    for (size_t i = 0; rc == CWB_OK && i < count; i++)
        tally(&slots[i], counts);
    if (rc == CWB_OK)
        rc = write_reports(req, items, slots, count, counts, msg, n);
    free(slots);
    free(items);
    return rc;
}
