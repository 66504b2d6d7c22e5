/* test_references.c -- every reference CSV states, in fields cwb reads,
 * how close a run must come to it ("# tolerance: X", a bound on
 * cwb_compare's max |run - ref| / max |ref|) and how independent of cwb it is
 * ("# independence: CLASS"); and every shipped case that names a reference
 * (cases/NAME.case, `[output] reference` for `cwb run`, `[sweep] reference` for
 * `cwb sweep`) stays within that tolerance when run through the built binary.
 * The bounds come from the reference files, each with its reason beside it.
 * Every reference also states what it stands for ("# stands for: section.key =
 * value; ...", the case inputs it was made for): every shipped case has the
 * values of the references it names, so cwb compares it, and a run with
 * another physical input is refused the comparison. */
#define _XOPEN_SOURCE 700
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <glob.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>

#include "cwb_files.h"
#include "cwb_fit.h"
#include "cwb_test.h"

/* A case whose reference is another model (a published law against cwb's
 * FEM, one law against another) says so in [output] model_comparison: its
 * deviation is the result, not bounded by a tolerance; it is still run and
 * must report a finite deviation and the verdict "model comparison". Every
 * other case is held to its reference's tolerance, here and by cwb's own
 * verdict (src/io/verdict.c), which must agree. */

enum { MAX_JOBS = 256, MAX_CHECKS = 8, WORKERS = 2, MAX_REFS = 512, MAX_ENTRIES = 40 };

/* Where the reference CSVs are (the FEM solvers' raw output excepted). */
static const char *const reference_globs[] = {"reference/analytic/*.csv",
                                              "reference/published/*.csv",
                                              "reference/measured/*.csv", "reference/fem/*.csv"};

/* One deviation a run must print: its JSON key and the reference it is
 * against; drawn_beside: an [output] also_reference's, which must be
 * printed but is not held to that reference's tolerance: it is drawn
 * beside the compared reference as another view, often of another kind (a
 * FEM beside the re-coding of a law measures the law, not cwb's code; the
 * seed 000 FEM figures are bounded in tests/test_fem.c). */
typedef struct {
    char key[CWB_TEXT + 96];
    char ref[CWB_TEXT];
    int drawn_beside;
} check;

typedef struct {
    char name[128], path[256];
    int sweep;            /* `cwb sweep` (else `cwb run`) */
    int model_comparison; /* [output] model_comparison is set */
    check checks[MAX_CHECKS];
    size_t nchecks;
    pid_t pid;
    int status;
} job;

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return s;
}

/* Split s in place at sep into at most max trimmed parts. */
static size_t split(char *s, char sep, char **out, size_t max)
{
    size_t k = 0;
    if (!s[0])
        return 0;
    for (char *p = s; k < max; k++) {
        char *e = strchr(p, sep);
        if (e)
            *e = '\0';
        out[k] = trim(p);
        if (!e)
            return k + 1;
        p = e + 1;
    }
    return k;
}

/* The reference must load and carry both fields; *msg gets the reason if not. */
static int reference_ok(const char *path, double *tol, char *msg, size_t n)
{
    cwb_reference ref;
    if (cwb_reference_load(&ref, path, msg, n) != CWB_OK)
        return 0;
    int ok = isfinite(ref.tolerance) && ref.independence[0];
    *tol = ref.tolerance;
    if (!ok)
        snprintf(msg, n, "%s: no '# tolerance: X' or '# independence: CLASS' line", path);
    cwb_reference_free(&ref);
    return ok;
}

/* The deviations a sweep prints: one per ';'-group of plot_y and reference,
 * the group's first y against the group's first reference (src/commands/sweep.c). */
static void sweep_checks(const cwb_case *c, job *j)
{
    char ys[CWB_TEXT], rs[CWB_TEXT];
    snprintf(ys, sizeof ys, "%s", c->sweep_values.text[CWB_SWEEP_PLOT_Y]);
    snprintf(rs, sizeof rs, "%s", c->sweep_values.text[CWB_SWEEP_REFERENCE]);
    char *gy[MAX_CHECKS], *gr[MAX_CHECKS];
    size_t ny = split(ys, ';', gy, MAX_CHECKS), nr = split(rs, ';', gr, MAX_CHECKS);
    for (size_t g = 0; g < ny && g < nr; g++) {
        char *y[8], *r[8];
        if (!split(gy[g], ',', y, 8) || !split(gr[g], ',', r, 8))
            continue;
        check *k = &j->checks[j->nchecks++];
        /* its object in the JSON's "deviations" */
        snprintf(k->key, sizeof k->key,
                 "{\"y\": \"%s\", \"reference\": \"%s\", \"max_rel\": ", y[0], r[0]);
        snprintf(k->ref, sizeof k->ref, "%s", r[0]);
    }
}

/* The deviations from the also_references a run prints, one per file
 * (src/drivers/run.c: also_ref_*, also_ref2_*, ...; up to three). */
static void also_checks(const cwb_case *c, job *j)
{
    char list[CWB_TEXT];
    snprintf(list, sizeof list, "%s", c->output_values.text[CWB_OUT_ALSO_REFERENCE]);
    for (char *p = list; *p; p++)
        if (*p == ',')
            *p = ';';
    char *paths[8];
    size_t np = split(list, ';', paths, 8);
    for (size_t i = 0; i < np && i < 3 && j->nchecks < MAX_CHECKS; i++) {
        check *k = &j->checks[j->nchecks++];
        char key[64];
        cwb_also_ref_key(key, sizeof key, i, "max_rel_error");
        snprintf(k->key, sizeof k->key, "\"%s\": ", key);
        snprintf(k->ref, sizeof k->ref, "%s", paths[i]);
        k->drawn_beside = 1;
    }
}

/* Every reference a case names (compared or drawn) must carry the fields. */
static void check_named_references(const cwb_case *c, char *fails, size_t n)
{
    char list[3 * CWB_TEXT];
    snprintf(list, sizeof list, "%s;%s;%s", c->output_values.text[CWB_OUT_REFERENCE],
             c->output_values.text[CWB_OUT_ALSO_REFERENCE],
             c->sweep_values.text[CWB_SWEEP_REFERENCE]);
    for (char *p = list; *p; p++)
        if (*p == ',')
            *p = ';';
    char *paths[32];
    size_t np = split(list, ';', paths, 32);
    for (size_t i = 0; i < np; i++) {
        char msg[CWB_MSG];
        double tol;
        if (paths[i][0] && strncmp(paths[i], "plots/", 6) != 0 &&
            !reference_ok(paths[i], &tol, msg, sizeof msg)) {
            size_t used = strlen(fails);
            snprintf(fails + used, n - used, "  %s: %s\n", c->file, msg);
        }
    }
}

/* The jobs: every shipped case with a reference, with the deviations it must print. */
static size_t collect_jobs(job *jobs, char *fails, size_t n)
{
    glob_t g;
    ck_assert_int_eq(glob("cases/*.case", 0, NULL, &g), 0);
    size_t nj = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        cwb_case *c = test_load(g.gl_pathv[i], NULL, 0);
        const char *out_ref = c->output_values.text[CWB_OUT_REFERENCE];
        int sweep = c->has_sweep && c->sweep_values.text[CWB_SWEEP_REFERENCE][0];
        if (out_ref[0] || sweep) {
            ck_assert_int_lt(nj, MAX_JOBS);
            job *j = &jobs[nj++];
            memset(j, 0, sizeof *j);
            snprintf(j->path, sizeof j->path, "%s", g.gl_pathv[i]);
            const char *b = strrchr(j->path, '/');
            snprintf(j->name, sizeof j->name, "%.*s", (int)(strlen(b + 1) - 5), b + 1);
            j->sweep = sweep;
            if (sweep) {
                sweep_checks(c, j);
            } else {
                snprintf(j->checks[0].key, sizeof j->checks[0].key, "\"ref_max_rel_error\": ");
                snprintf(j->checks[0].ref, sizeof j->checks[0].ref, "%s", out_ref);
                j->nchecks = 1;
                also_checks(c, j);
            }
            j->model_comparison = c->output_values.text[CWB_OUT_MODEL_COMPARISON][0] != 0;
            check_named_references(c, fails, n);
        }
        free(c);
    }
    globfree(&g);
    return nj;
}

/* Start `cwb run|sweep CASE --json --no-plot --out DIR/NAME`, stdout to
 * DIR/NAME.json, stderr to DIR/NAME.err (no shell). */
static pid_t start(const job *j, const char *bin, const char *dir)
{
    char out[512], json[512], err[512];
    snprintf(out, sizeof out, "%s/%s", dir, j->name);
    snprintf(json, sizeof json, "%s/%s.json", dir, j->name);
    snprintf(err, sizeof err, "%s/%s.err", dir, j->name);
    pid_t pid = fork();
    if (pid != 0)
        return pid;
    int fo = open(json, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fe = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fo < 0 || fe < 0 || dup2(fo, 1) < 0 || dup2(fe, 2) < 0)
        _exit(127);
    char *argv[] = {(char *)bin,
                    j->sweep ? "sweep" : "run",
                    (char *)j->path,
                    "--json",
                    "--no-plot",
                    "--out",
                    out,
                    NULL};
    execv(bin, argv);
    _exit(127);
}

/* Run the jobs, WORKERS at a time, the sweeps first: they take most of the
 * time, and the short runs then fill the gaps. */
static void run_jobs(job *jobs, size_t nj, const char *bin, const char *dir)
{
    size_t order[MAX_JOBS], k = 0;
    for (int pass = 1; pass >= 0; pass--)
        for (size_t i = 0; i < nj; i++)
            if (jobs[i].sweep == pass)
                order[k++] = i;
    size_t next = 0, running = 0;
    while (next < nj || running > 0) {
        if (next < nj && running < WORKERS) {
            job *j = &jobs[order[next++]];
            j->pid = start(j, bin, dir);
            ck_assert_msg(j->pid > 0, "fork: %s", strerror(errno));
            running++;
            continue;
        }
        int status;
        pid_t pid = waitpid(-1, &status, 0);
        ck_assert_msg(pid > 0, "waitpid: %s", strerror(errno));
        for (size_t i = 0; i < nj; i++)
            if (jobs[i].pid == pid)
                jobs[i].status = status;
        running--;
    }
}

/* The number after the nth occurrence of key in the JSON (NaN if absent). */
static double json_number(const char *json, const char *key, int nth)
{
    const char *p = json;
    for (int k = 0; p && k <= nth; k++)
        if ((p = strstr(p, key)) != NULL && k < nth)
            p += strlen(key);
    if (!p)
        return NAN;
    char *end;
    double x = strtod(p + strlen(key), &end);
    return end == p + strlen(key) ? NAN : x;
}

/* Hold each deviation of a finished job to its reference's tolerance. */
static void judge(const job *j, const char *dir, char *fails, size_t n)
{
    char path[512];
    size_t used = strlen(fails);
    if (!WIFEXITED(j->status) || WEXITSTATUS(j->status) != 0) {
        snprintf(path, sizeof path, "%s/%s.err", dir, j->name);
        char *err = test_read_file(path);
        snprintf(fails + used, n - used, "  %s: exit status %d: %.300s\n", j->path,
                 WIFEXITED(j->status) ? WEXITSTATUS(j->status) : -1, err ? err : "");
        free(err);
        return;
    }
    snprintf(path, sizeof path, "%s/%s.json", dir, j->name);
    char *json = test_read_file(path);
    ck_assert_ptr_nonnull(json);
    /* a shipped case has the inputs of every reference it names: none is
     * refused (the warning is in the JSON's "warnings" with --json) */
    const char *refused = strstr(json, "made for other inputs");
    if (refused) {
        while (refused > json && refused[-1] != '"')
            refused--;
        snprintf(fails + used, n - used, "  %s: %.*s\n", j->path, (int)strcspn(refused, "\""),
                 refused);
    }
    for (size_t i = 0; i < j->nchecks; i++) {
        int nth = 0; /* two groups with the same first y print the same key */
        for (size_t k = 0; k < i; k++)
            nth += strcmp(j->checks[k].key, j->checks[i].key) == 0;
        double dev = json_number(json, j->checks[i].key, nth), tol = NAN;
        char msg[CWB_MSG] = "";
        used = strlen(fails);
        if (!isfinite(dev))
            snprintf(fails + used, n - used, "  %s: no %s in its --json output\n", j->path,
                     j->checks[i].key);
        else if (j->model_comparison || j->checks[i].drawn_beside)
            continue;
        else if (!reference_ok(j->checks[i].ref, &tol, msg, sizeof msg))
            snprintf(fails + used, n - used, "  %s: %s\n", j->path, msg);
        else if (!(dev <= tol))
            snprintf(fails + used, n - used, "  %s: %s%.3g exceeds the tolerance %g of %s\n",
                     j->path, j->checks[i].key, dev, tol, j->checks[i].ref);
    }
    /* cwb's verdict agrees: PASS (or a model comparison), never FAIL */
    const char *want =
        j->model_comparison ? "\"verdict\": \"model comparison\"" : "\"verdict\": \"PASS\"";
    used = strlen(fails);
    if (!strstr(json, want) || strstr(json, "\"verdict\": \"FAIL\""))
        snprintf(fails + used, n - used, "  %s: cwb's verdict is not %s\n", j->path, want);
    free(json);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

START_TEST(shipped_cases_within_reference_tolerance)
{
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    static job jobs[MAX_JOBS];
    static char fails[16384];
    fails[0] = '\0';
    size_t nj = collect_jobs(jobs, fails, sizeof fails);
    /* 95 cases name a reference today; fewer means the case list was not read */
    ck_assert_msg(nj >= 95, "only %zu cases with a reference found", nj);
    char dir[] = "/tmp/cwb-references-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    run_jobs(jobs, nj, bin, dir);
    for (size_t i = 0; i < nj; i++)
        judge(&jobs[i], dir, fails, sizeof fails);
    ck_assert_int_eq(nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS), 0);
    ck_assert_msg(fails[0] == '\0', "cases outside their reference's tolerance:\n%s", fails);
}
END_TEST

/* `cwb verify` judges the same cases the same way: its report's counts are
 * the ones this suite finds (every case with a reference; the model
 * comparisons by their key; all others PASS), its JSON parses with Python's
 * json module (a parser cwb does not share), and its Markdown report is
 * doc/figures.md as committed (make docs writes it; a stale page fails
 * here); so is doc/figure-index.md, which tools/figure-index.py writes
 * from doc/figure-index.tsv and that JSON. */
START_TEST(verify_report_agrees)
{
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    static job jobs[MAX_JOBS];
    static char fails[16384];
    fails[0] = '\0';
    size_t nj = collect_jobs(jobs, fails, sizeof fails), models = 0;
    for (size_t i = 0; i < nj; i++)
        models += jobs[i].model_comparison != 0;
    /* and the fits of a run to a reference (models run and scalar) */
    glob_t g;
    ck_assert_int_eq(glob("cases/*.fit", 0, NULL, &g), 0);
    cwb_fit_case *fc = malloc(sizeof *fc);
    ck_assert_ptr_nonnull(fc);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char msg[CWB_MSG];
        ck_assert_msg(cwb_fit_case_read(g.gl_pathv[i], fc, msg, sizeof msg) == CWB_OK, "%s", msg);
        const char *model = fc->v.text[CWB_FIT_MODEL];
        if (fc->v.text[CWB_FIT_REFERENCE][0] &&
            (strcmp(model, "run") == 0 || strcmp(model, "scalar") == 0)) {
            nj++;
            models += fc->v.text[CWB_FIT_MODEL_COMPARISON][0] != 0;
        }
    }
    free(fc);
    globfree(&g);
    char dir[] = "/tmp/cwb-verify-XXXXXX", log[64], counts[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(log, sizeof log, "%s/log", dir);
    char *argv[] = {(char *)bin, "verify",   "--no-plot", "--jobs", "2",
                    "--plots",   "../plots", "--out",     dir,      NULL};
    int st = cwb_spawn(argv, NULL, log);
    ck_assert_msg(st == 0, "cwb verify: exit status %d (see %s)", st, log);
    char report[96], script[] = "import json,sys\n"
                                "c = json.load(open(sys.argv[1]))['counts']\n"
                                "print(c['cases'], c['pass'], c['fail'], c['model_comparison'], "
                                "c['no_verdict'], c['errors'])\n";
    snprintf(report, sizeof report, "%s/report.json", dir);
    snprintf(counts, sizeof counts, "%s/counts", dir);
    char *py[] = {"python3", "-c", script, report, NULL};
    ck_assert_int_eq(cwb_spawn(py, NULL, counts), 0);
    FILE *f = fopen(counts, "r");
    ck_assert_ptr_nonnull(f);
    size_t c[6] = {0};
    ck_assert_int_eq(fscanf(f, "%zu %zu %zu %zu %zu %zu", &c[0], &c[1], &c[2], &c[3], &c[4], &c[5]),
                     6);
    fclose(f);
    ck_assert_msg(c[0] == nj && c[1] == nj - models && c[2] == 0 && c[3] == models && c[4] == 0 &&
                      c[5] == 0,
                  "cwb verify counted %zu cases, %zu PASS, %zu FAIL, %zu model comparisons, %zu "
                  "no verdict, %zu errors; this suite finds %zu cases, %zu model comparisons",
                  c[0], c[1], c[2], c[3], c[4], c[5], nj, models);
    char md[96];
    snprintf(md, sizeof md, "%s/report.md", dir);
    char *made = test_read_file(md), *committed = test_read_file("doc/figures.md");
    ck_assert_msg(made && committed && strcmp(made, committed) == 0,
                  "doc/figures.md is stale: run make docs (cwb verify wrote %s)", md);
    free(made);
    free(committed);
    /* the figures index, from doc/figure-index.tsv and this run's JSON
     * (tools/figure-index.py stops, exit 2, where the table contradicts
     * the cases or their verdicts) */
    char index[96], index_log[96];
    snprintf(index, sizeof index, "%s/figure-index.md", dir);
    snprintf(index_log, sizeof index_log, "%s/figure-index.log", dir);
    char *gen[] = {"python3", "tools/figure-index.py", "doc/figure-index.tsv", report, index, NULL};
    int gst = cwb_spawn(gen, NULL, index_log);
    char *why = gst != 0 ? test_read_file(index_log) : NULL;
    ck_assert_msg(gst == 0, "tools/figure-index.py: exit status %d: %s", gst, why ? why : "");
    made = test_read_file(index);
    committed = test_read_file("doc/figure-index.md");
    ck_assert_msg(made && committed && strcmp(made, committed) == 0,
                  "doc/figure-index.md is stale: run make docs (tools/figure-index.py wrote %s)",
                  index);
    free(made);
    free(committed);
    ck_assert_int_eq(nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS), 0);
}
END_TEST

/* A name given to cwb verify that is no case naming a reference is refused
 * (exit 2, the name in the message), not dropped: "chung_ooi_1_glass
 * nonexistent_name" printed PASS 1 and exited 0, a typo in CI passing. The
 * message says how to name another root: run from another folder, a
 * shipped case's name was refused with no word of --root. */
START_TEST(verify_refuses_an_unknown_name)
{
    const char *bin = getenv("CWB_BIN");
    ck_assert_ptr_nonnull(bin);
    char dir[] = "/tmp/cwb-verify-name-XXXXXX", log[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(log, sizeof log, "%s/log", dir);
    char *argv[] = {(char *)bin,         "verify",         "--no-plot", "--out", dir,
                    "chung_ooi_1_glass", "no_such_case_x", NULL};
    int st = cwb_spawn(argv, NULL, log);
    char *text = test_read_file(log);
    ck_assert_msg(st == 2 && text && strstr(text, "no_such_case_x: no case") &&
                      strstr(text, "give --root DIR"),
                  "exit %d: %s", st, text ? text : "");
    free(text);
    char *outside[] = {(char *)bin, "verify", "--no-plot", "--out", dir, "chung_ooi_1_glass", NULL};
    st = cwb_spawn(outside, dir, log); /* a folder without cases/ */
    text = test_read_file(log);
    ck_assert_msg(st == 2 && text && strstr(text, "chung_ooi_1_glass: no case") &&
                      strstr(text, "give --root DIR"),
                  "exit %d: %s", st, text ? text : "");
    free(text);
    ck_assert_int_eq(nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS), 0);
}
END_TEST

/* Whether the "# tolerance:" line of the CSV at path gives a reason beside
 * its number (a word after it: "1e-8" alone said nothing of why, on
 * 5-point approximations that a run of the exact problem misses by 0.36 %). */
static int tolerance_has_reason(const char *path)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char line[8192];
    int reason = 0;
    while (fgets(line, sizeof line, f) && line[0] == '#') {
        if (strncmp(line, "# tolerance:", 12) != 0)
            continue;
        char *end;
        strtod(line + 12, &end);
        while (*end == ' ' || *end == '\t')
            end++;
        reason = end > line + 12 && *end && !isspace((unsigned char)*end);
    }
    fclose(f);
    return reason;
}

/* Whether the CSV at path is a FEM solve stopped before its end (a
 * "# STOPPED:" line, sphere_impact.c) whose tolerance line says "none": half
 * a curve, which no case may be judged on. */
static int stopped_without_tolerance(const char *path)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char line[8192];
    int stopped = 0, none = 0;
    while (fgets(line, sizeof line, f) && line[0] == '#') {
        stopped |= strncmp(line, "# STOPPED:", 10) == 0;
        none |= strncmp(line, "# tolerance: none ", 18) == 0;
    }
    fclose(f);
    return stopped && none;
}

/* Every CSV under reference/ (except the FEM solvers' raw output) carries both fields,
 * the tolerance with its reason beside it; so does every peer code's table. The one
 * exception: a FEM solve stopped before the separation states "none" with its
 * reason (a case compared with it gets no verdict, only its deviation). */
START_TEST(every_reference_has_fields)
{
    size_t count = 0;
    for (size_t d = 0; d < sizeof reference_globs / sizeof *reference_globs; d++) {
        glob_t g;
        ck_assert_int_eq(glob(reference_globs[d], 0, NULL, &g), 0);
        for (size_t i = 0; i < g.gl_pathc; i++, count++) {
            char msg[CWB_MSG];
            double tol;
            if (stopped_without_tolerance(g.gl_pathv[i])) {
                cwb_reference ref;
                ck_assert_msg(cwb_reference_load(&ref, g.gl_pathv[i], msg, sizeof msg) == CWB_OK,
                              "%s", msg);
                ck_assert_msg(ref.independence[0] && isnan(ref.tolerance),
                              "%s: no independence, or a tolerance", g.gl_pathv[i]);
                cwb_reference_free(&ref);
                continue;
            }
            ck_assert_msg(reference_ok(g.gl_pathv[i], &tol, msg, sizeof msg), "%s", msg);
            ck_assert_msg(tol > 0.0 && tol < 1.0, "%s: tolerance %g", g.gl_pathv[i], tol);
            ck_assert_msg(tolerance_has_reason(g.gl_pathv[i]),
                          "%s: '# tolerance: X' without its reason beside it", g.gl_pathv[i]);
        }
        globfree(&g);
    }
    ck_assert_int_ge(count, 163); /* the 163 reference CSVs of today */
    glob_t peer; /* tables the tests read row by row (a model column: not cwb_reference_load's) */
    ck_assert_int_eq(glob("reference/peer-*/*/*.csv", 0, NULL, &peer), 0);
    for (size_t i = 0; i < peer.gl_pathc; i++)
        ck_assert_msg(tolerance_has_reason(peer.gl_pathv[i]), "%s: no '# tolerance: X reason' line",
                      peer.gl_pathv[i]);
    ck_assert_uint_ge(peer.gl_pathc, 2);
    globfree(&peer);
}
END_TEST

/* A tolerance line that is not a number, or an unknown class, is refused
 * with the file and line. */
START_TEST(malformed_fields_named)
{
    static const char *const bad[][2] = {
        {"# tolerance: about 1e-6\n", "tolerance"},
        {"# tolerance: 1e-6x\n", "tolerance"},
        {"# tolerance: -1e-6 negative\n", "tolerance"},
        {"# tolerance: 1e-6\n# tolerance: 1e-5\n", "second tolerance"},
        {"# tolerance: none partial\n# tolerance: 1e-5\n", "second tolerance"},
        {"# tolerance: nonesuch\n", "tolerance"},
        {"# tolerance: none\n", "'none reason'"},
        {"# tolerance: none   \n", "'none reason'"},
        {"# independence: trust-me\n", "independence 'trust-me'"},
    };
    char dir[] = "/tmp/cwb-refhdr-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[300];
    snprintf(path, sizeof path, "%s/ref.csv", dir);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        FILE *f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fprintf(f, "# a reference\n%sx[-],y[-]\n0,0\n1,1\n", bad[i][0]);
        fclose(f);
        cwb_reference ref;
        char msg[CWB_MSG], where[320];
        ck_assert_int_eq(cwb_reference_load(&ref, path, msg, sizeof msg), CWB_EINPUT);
        snprintf(where, sizeof where, "%s:%d:", path, strstr(bad[i][1], "second") ? 3 : 2);
        ck_assert_msg(strstr(msg, where) != NULL, "'%s' not in: %s", where, msg);
        ck_assert_msg(strstr(msg, bad[i][1]) != NULL, "'%s' not in: %s", bad[i][1], msg);
    }
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("# tolerance: 2.5e-3 reason\n# independence: closed-form why\nx[-],y[-]\n0,0\n", f);
    fclose(f);
    cwb_reference ref;
    char msg[CWB_MSG];
    ck_assert_int_eq(cwb_reference_load(&ref, path, msg, sizeof msg), CWB_OK);
    ck_assert(ref.tolerance == 2.5e-3);
    ck_assert_str_eq(ref.independence, "closed-form");
    cwb_reference_free(&ref);
    /* "none": a table that judges no run (a solve stopped before its end) */
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("# tolerance: none (partial run)\n# independence: fem why\nx[-],y[-]\n0,0\n", f);
    fclose(f);
    ck_assert_int_eq(cwb_reference_load(&ref, path, msg, sizeof msg), CWB_OK);
    ck_assert(isnan(ref.tolerance) && ref.tolerance_stated);
    cwb_reference_free(&ref);
    remove(path);
    rmdir(dir);
}
END_TEST

/* The reference reader reads whole lines: a '#' line longer than the old
 * 8191-byte buffer stays provenance (it used to add a data point), and a
 * folder, an empty file, a header without rows and a NUL byte each get a
 * message of their own. */
static int load_text(const char *path, const char *text, size_t len, char *msg, size_t n)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fwrite(text, 1, len, f);
    fclose(f);
    cwb_reference ref;
    int rc = cwb_reference_load(&ref, path, msg, n);
    if (rc == CWB_OK) {
        ck_assert_msg(ref.nrow == 2, "%zu rows read, expected 2", ref.nrow);
        cwb_reference_free(&ref);
    }
    return rc;
}

START_TEST(reader_edge_cases)
{
    char dir[] = "/tmp/cwb-refread-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[300], msg[CWB_MSG];
    snprintf(path, sizeof path, "%s/ref.csv", dir);
    size_t big = 20000;
    char *text = malloc(big + 64);
    ck_assert_ptr_nonnull(text);
    memset(text, 'a', big);
    text[0] = '#';
    snprintf(text + big, 64, ",5,5\nx[-],y[-]\n0,0\n1,1\n");
    ck_assert_int_eq(load_text(path, text, strlen(text), msg, sizeof msg), CWB_OK);
    free(text);
    static const struct {
        const char *text;
        size_t len;
        const char *expect;
    } bad[] = {
        {"", 0, "the file is empty"},
        {"# only provenance\nx[-],y[-]\n", 26, "a header row but no data rows"},
        {"x[-],y[-]\n0,0\n1\0,1\n", 20, ":3: a NUL byte"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        ck_assert_int_eq(load_text(path, bad[i].text, bad[i].len, msg, sizeof msg), CWB_EINPUT);
        ck_assert_msg(strstr(msg, bad[i].expect) != NULL, "'%s' not in: %s", bad[i].expect, msg);
    }
    cwb_reference ref;
    ck_assert_int_eq(cwb_reference_load(&ref, dir, msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, "is a folder") != NULL, "%s", msg);
    remove(path);
    rmdir(dir);
}
END_TEST

/* A reference CSV that starts with a UTF-8 byte-order mark (Excel's "CSV
 * UTF-8" writes one) reads exactly as the same file without it: before,
 * its first '#' line (behind the mark) was taken for the header row. A
 * mark anywhere else is refused with its line. */
START_TEST(reader_skips_a_leading_bom)
{
    char dir[] = "/tmp/cwb-refbom-XXXXXX", path[2][300], msg[CWB_MSG];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    FILE *in = fopen("reference/analytic/linear_impact.csv", "r");
    ck_assert_ptr_nonnull(in);
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text - 1, in);
    fclose(in);
    ck_assert_uint_lt(len, sizeof text - 1);
    static cwb_reference ref[2];
    for (int bom = 0; bom < 2; bom++) {
        snprintf(path[bom], sizeof path[bom], "%s/r%d.csv", dir, bom);
        FILE *f = fopen(path[bom], "w");
        ck_assert_ptr_nonnull(f);
        if (bom)
            fputs("\xEF\xBB\xBF", f);
        fwrite(text, 1, len, f);
        ck_assert_int_eq(fclose(f), 0);
        ck_assert_msg(cwb_reference_load(&ref[bom], path[bom], msg, sizeof msg) == CWB_OK, "%s",
                      msg);
    }
    ck_assert_uint_eq(ref[0].ncol, ref[1].ncol);
    ck_assert_uint_eq(ref[0].nrow, ref[1].nrow);
    for (size_t j = 0; j < ref[0].ncol; j++) {
        ck_assert_str_eq(ref[0].name[j], ref[1].name[j]);
        ck_assert_str_eq(ref[0].unit[j], ref[1].unit[j]);
        for (size_t i = 0; i < ref[0].nrow; i++)
            ck_assert(ref[0].v[j][i] == ref[1].v[j][i]);
    }
    ck_assert(ref[0].tolerance == ref[1].tolerance);
    ck_assert_str_eq(ref[0].independence, ref[1].independence);
    ck_assert_str_eq(ref[0].stands_for, ref[1].stands_for);
    ck_assert_str_eq(ref[0].provenance, ref[1].provenance);
    cwb_reference_free(&ref[0]);
    cwb_reference_free(&ref[1]);
    FILE *f = fopen(path[0], "w");
    ck_assert_ptr_nonnull(f);
    fputs("x[-],y[-]\n0,0\n\xEF\xBB\xBF"
          "1,1\n",
          f);
    ck_assert_int_eq(fclose(f), 0);
    char where[400];
    snprintf(where, sizeof where, "%s:3: a byte-order mark", path[0]);
    ck_assert_int_eq(cwb_reference_load(&ref[0], path[0], msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, where), "%s", msg);
    remove(path[0]);
    remove(path[1]);
    rmdir(dir);
}
END_TEST

/* What `make fuzz` found in the readers (tests/data/fuzz/README.md): each
 * file is refused with its line, or read as its author meant; the case
 * that aborted inside GSL loads with GSL's default (aborting) handler on,
 * as any program linking libcwb may leave it. */
START_TEST(fuzz_findings)
{
    static const char *const refused[][2] = {
        {"tests/data/fuzz/csv_empty_field.csv", ":2: cell 2"},
        {"tests/data/fuzz/csv_no_columns.csv", ":1: header cell 1 has no column name"},
    };
    char msg[CWB_MSG];
    cwb_reference ref;
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        ck_assert_int_eq(cwb_reference_load(&ref, refused[i][0], msg, sizeof msg), CWB_EINPUT);
        ck_assert_msg(strstr(msg, refused[i][1]) != NULL, "'%s' not in: %s", refused[i][1], msg);
    }
    /* a '#' line of 9000 bytes is provenance, the header comes after it */
    ck_assert_int_eq(
        cwb_reference_load(&ref, "tests/data/fuzz/csv_comment_tail_is_header.csv", msg, sizeof msg),
        CWB_OK);
    ck_assert_msg(strchr(ref.name[0], 'a') == NULL || strlen(ref.name[0]) < 100,
                  "the comment's tail became a column: %.40s", ref.name[0]);
    cwb_reference_free(&ref);
    gsl_error_handler_t *old = gsl_set_error_handler(NULL);
    cwb_case *c = cwb_case_new();
    ck_assert_ptr_nonnull(c);
    int rc =
        cwb_case_load(c, "tests/data/fuzz/case_brake_gsl_abort.case", NULL, 0, msg, sizeof msg);
    free(c);
    gsl_set_error_handler(old);
    ck_assert_msg(rc == CWB_OK || rc == CWB_EINPUT, "status %d: %s", rc, msg);
}
END_TEST

/* --- what each reference stands for ------------------------------------- */

/* The "section.key" of each entry of ref's stands-for line into keys[], the
 * entry count (-1 for an entry without " = "). */
static int stands_for_keys(const cwb_reference *ref, char keys[][64], int max)
{
    char list[sizeof ref->stands_for];
    snprintf(list, sizeof list, "%s", ref->stands_for);
    char *items[MAX_ENTRIES];
    size_t k = split(list, ';', items, MAX_ENTRIES);
    if ((int)k > max)
        return -1;
    for (size_t i = 0; i < k; i++) {
        char *eq = strchr(items[i], '=');
        if (!eq || eq == items[i] || !eq[1])
            return -1;
        *eq = '\0';
        snprintf(keys[i], 64, "%s", trim(items[i]));
    }
    return (int)k;
}

/* Every reference CSV states what it stands for, each entry "section.key =
 * value", and each key is one a shipped case has (so a misspelt key, which
 * cwb would skip as "a key this case does not have", fails here). */
START_TEST(every_reference_states_what_it_stands_for)
{
    static cwb_reference refs[MAX_REFS];
    static char keys[MAX_REFS][MAX_ENTRIES][64];
    static int nkeys[MAX_REFS], found[MAX_REFS][MAX_ENTRIES];
    memset(found, 0, sizeof found);
    size_t nref = 0;
    for (size_t d = 0; d < sizeof reference_globs / sizeof *reference_globs; d++) {
        glob_t g;
        ck_assert_int_eq(glob(reference_globs[d], 0, NULL, &g), 0);
        for (size_t i = 0; i < g.gl_pathc; i++) {
            char msg[CWB_MSG];
            ck_assert_int_lt(nref, MAX_REFS);
            cwb_reference *r = &refs[nref];
            ck_assert_msg(cwb_reference_load(r, g.gl_pathv[i], msg, sizeof msg) == CWB_OK, "%s",
                          msg);
            ck_assert_msg(r->stands_for[0], "%s: no '# stands for: section.key = value; ...' line",
                          r->path);
            nkeys[nref] = stands_for_keys(r, keys[nref], MAX_ENTRIES);
            ck_assert_msg(nkeys[nref] > 0, "%s: 'stands for' entries are not section.key = value",
                          r->path);
            nref++;
        }
        globfree(&g);
    }
    ck_assert_uint_ge(nref, 99); /* the 99 reference CSVs of today */
    glob_t g;
    ck_assert_int_eq(glob("cases/*.case", 0, NULL, &g), 0);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        cwb_case *c = test_load(g.gl_pathv[i], NULL, 0);
        char text[512];
        for (size_t r = 0; r < nref; r++)
            for (int k = 0; k < nkeys[r]; k++)
                found[r][k] |= cwb_case_value_text(c, keys[r][k], text, sizeof text) == 0;
        free(c);
    }
    globfree(&g);
    for (size_t r = 0; r < nref; r++) {
        for (int k = 0; k < nkeys[r]; k++)
            ck_assert_msg(found[r][k], "%s: stands for '%s', a key no shipped case has",
                          refs[r].path, keys[r][k]);
        cwb_reference_free(&refs[r]);
    }
}
END_TEST

/* Whether case c (path) has the inputs reference ref_path stands for, skip
 * the key a sweep varies; a mismatch or a malformed line is added to fails. */
static int check_stands_for(const cwb_case *c, const char *path, const char *ref_path,
                            const char *skip, char *fails, size_t n)
{
    cwb_reference ref;
    char msg[CWB_MSG], why[CWB_MSG];
    ck_assert_msg(cwb_reference_load(&ref, ref_path, msg, sizeof msg) == CWB_OK, "%s", msg);
    int match = cwb_reference_stands_for(&ref, c, skip, why, sizeof why);
    cwb_reference_free(&ref);
    size_t used = strlen(fails);
    if (match != 1)
        snprintf(fails + used, n - used, "  %s against %s: %s\n", path, ref_path, why);
    return match == 1;
}

/* The references case c names: [output] reference and also_reference (what
 * `cwb run` compares and draws; skip NULL), and [sweep] reference (what
 * `cwb sweep` compares, the varied key skipped as src/commands/sweep.c does).
 * Returns how many were checked. */
static size_t check_case_references(const cwb_case *c, const char *path, char *fails, size_t n)
{
    size_t checked = 0;
    for (int w = 0; w < 3; w++) {
        char list[CWB_TEXT];
        const char *text = w == 0   ? c->output_values.text[CWB_OUT_REFERENCE]
                           : w == 1 ? c->output_values.text[CWB_OUT_ALSO_REFERENCE]
                                    : c->sweep_values.text[CWB_SWEEP_REFERENCE];
        const char *skip = w == 2 ? c->sweep_values.text[CWB_SWEEP_VARY] : NULL;
        if (w == 2 && !c->has_sweep)
            continue;
        snprintf(list, sizeof list, "%s", text);
        for (char *p = list; *p; p++)
            if (*p == ',')
                *p = ';';
        char *paths[32];
        size_t np = split(list, ';', paths, 32);
        for (size_t i = 0; i < np; i++)
            if (paths[i][0] && strncmp(paths[i], "plots/", 6) != 0) {
                check_stands_for(c, path, paths[i], skip, fails, n);
                checked++;
            }
    }
    return checked;
}

/* Every shipped case has the values its references stand for (to 1e-9 for
 * numbers, the words exactly): else cwb would refuse the shipped case its
 * own comparison. A reference that contradicts its case fails here. */
START_TEST(shipped_cases_have_the_inputs_of_their_references)
{
    static char fails[16384];
    fails[0] = '\0';
    glob_t g;
    ck_assert_int_eq(glob("cases/*.case", 0, NULL, &g), 0);
    size_t checked = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        cwb_case *c = test_load(g.gl_pathv[i], NULL, 0);
        checked += check_case_references(c, g.gl_pathv[i], fails, sizeof fails);
        free(c);
    }
    globfree(&g);
    /* 83 named references today (runs, also_reference, sweeps) */
    ck_assert_msg(checked >= 80, "only %zu case-reference pairs found", checked);
    ck_assert_msg(fails[0] == '\0', "cases without the inputs of their references:\n%s", fails);
}
END_TEST

/* Whether the reference ref stands for the case file (with one --set, or
 * none): it must when why is NULL, and must not otherwise, with why in the
 * reason the library gives. */
static void assert_stands_for(const char *file, const char *set, const char *ref, const char *why)
{
    const char *over[] = {set};
    cwb_case *c = test_load(file, set ? over : NULL, set ? 1 : 0);
    cwb_reference r;
    char msg[CWB_MSG], reason[CWB_MSG] = "";
    ck_assert_msg(cwb_reference_load(&r, ref, msg, sizeof msg) == CWB_OK, "%s", msg);
    int match = cwb_reference_stands_for(&r, c, NULL, reason, sizeof reason);
    cwb_reference_free(&r);
    free(c);
    ck_assert_msg(match == (why ? 0 : 1), "%s --set %s against %s: %d (%s)", file,
                  set ? set : "(none)", ref, match, reason);
    if (why)
        ck_assert_msg(strstr(reason, why), "'%s' not in: %s", why, reason);
}

/* Physical changes are refused per reference, numerical ones are not: the
 * library's answer for one case of each kind of reference (closed form,
 * second coding, FEM), with the reason naming the key and quoting the
 * value as the shortest text that reads back (0.4, not 0.40000000000000002). */
START_TEST(physical_changes_refused_numerical_not)
{
    static const struct {
        const char *file, *set, *ref, *why; /* why: NULL when it must still compare */
    } rows[] = {
        {"cases/linear_spring_impact.case", "normal.kn=2e6", "reference/analytic/linear_impact.csv",
         "normal.kn = 2000000, the reference's 1e+06"},
        {"cases/linear_spring_impact.case", "driver.dt_tol=1e-7",
         "reference/analytic/linear_impact.csv", NULL},
        {"cases/chung_ooi_1_glass.case", "body2.shape=wall",
         "reference/analytic/hertz_impact_chung_ooi_1_glass.csv",
         "body2.shape = wall, the reference's sphere"},
        {"cases/seed004_fig4a.case", "driver.steps=150", "reference/analytic/stronge_fig4a.csv",
         "driver.steps = 150, the reference's 300"},
        {"cases/seed003_fig9_k03.case", "driver.k_tilde=0.5",
         "reference/analytic/seed003_fig9_k03.csv", "driver.k_tilde = 0.5, the reference's 0.3"},
        {"cases/seed003_fig9_k03.case", "driver.rows=500",
         "reference/analytic/seed003_fig9_k03.csv", NULL},
        {"cases/seed000_fig12.case", "tangential.mu=0.4",
         "reference/fem/seed000_cylinders_case1_forces.csv",
         "tangential.mu = 0.4, the reference's 0.3"},
        {"cases/seed000_fig12.case", "contact.tangential=hertz2d_simplified",
         "reference/analytic/seed000_fig12.csv",
         "contact.tangential = hertz2d_simplified, the reference's hertz2d_accurate"},
        {"cases/seed000_fig12.case", "driver.steps=100", "reference/analytic/seed000_fig12.csv",
         NULL},
        {"cases/seed000_fig15a.case", "driver.tangential=0.0125",
         "reference/fem/seed000_cylinders_case2_forces.csv",
         "driver.tangential = 0.0125, the reference's 0.025"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
        assert_stands_for(rows[i].file, rows[i].set, rows[i].ref, rows[i].why);
}
END_TEST

/* The Rathbone thesis ch. 5 figures that cwb's Model D FEM does not reach
 * are refused it, with the key that differs: the Model D runs at 15, 35, 45
 * and 65 deg are Table 5's elastic steel sphere of R = 0.01 mm
 * (reference/fem/seed004_modeld_a*_coarse.csv), the one elastic-plastic run
 * is Fig. 48's E = 8500 MPa sphere at 30 deg with the thesis' friction
 * (seed004_modeld_a30_E8500_s50.csv); Figs. 40 (15, 45 deg), 50 and 51 are
 * Table 6's E = 26000 MPa sphere of R = 0.1 mm, Fig. 54 a given mu (the
 * same run with a given mu = 0.1, seed004_modeld_a30_E8500_s50_mu01.csv,
 * stands for Fig. 54's mu = 0.1 and for no other case, _mu02.csv for its
 * mu = 0.2). Were
 * one of these cases given such a table as its reference, cwb would print
 * no deviation against it. The tables derived from the 30 deg run stand
 * for the cases drawn against them (Figs. 40 and 53 at 30 deg). Table 6's
 * run at 15 deg (seed004_modeld_a15_E26000_s160.csv, v_n = 1 m/s, Coulomb
 * mu 0.37 for the thesis' tau_c friction) stands for Figs. 40 and 50 at 15
 * deg and for Fig. 51's 1 m/s, and for no other angle, speed or material;
 * its 45 deg run stands for Figs. 40 and 50 at 45 deg, its 30 deg run for
 * Fig. 50 at 30 deg, its 15 deg runs at 0.5 and 0.25 m/s for Fig. 51 at
 * those speeds alone. */
START_TEST(model_d_tables_refused_by_the_figures_they_do_not_stand_for)
{
    static const struct {
        const char *file, *ref, *why; /* why: NULL when it stands for the case */
    } rows[] = {
        {"cases/seed004_fig40_a15.case", "reference/fem/seed004_modeld_a15_coarse.csv",
         "body1.radius = 0.0001, the reference's 1e-05"},
        {"cases/seed004_fig40_a45.case", "reference/fem/seed004_modeld_a45_coarse.csv",
         "body1.radius = 0.0001, the reference's 1e-05"},
        {"cases/seed004_fig50_a15.case", "reference/fem/seed004_modeld_a15_coarse.csv",
         "body1.radius = 0.0001, the reference's 1e-05"},
        {"cases/seed004_fig50_a45.case", "reference/fem/seed004_modeld_a45_coarse.csv",
         "body1.radius = 0.0001, the reference's 1e-05"},
        {"cases/seed004_fig51_v025.case", "reference/fem/seed004_modeld_a15_coarse.csv",
         "body1.radius = 0.0001, the reference's 1e-05"},
        {"cases/seed004_fig50_a30.case", "reference/fem/seed004_modeld_a30_E8500_s50.csv",
         "body1.E = 26000000000, the reference's 8500000000"},
        {"cases/seed004_fig54_mu01.case", "reference/fem/seed004_modeld_a30_E8500_s50.csv",
         "tangential.friction = given, the reference's plastic"},
        {"cases/seed004_fig54_mu02.case", "reference/fem/seed004_modeld_a30_E8500_s50.csv",
         "tangential.friction = given, the reference's plastic"},
        /* the mu = 0.1 run (friction = given) stands for Fig. 54's mu = 0.1 alone */
        {"cases/seed004_fig54_mu01.case", "reference/fem/seed004_modeld_a30_E8500_s50_mu01.csv",
         NULL},
        {"cases/seed004_fig54_mu02.case", "reference/fem/seed004_modeld_a30_E8500_s50_mu01.csv",
         "tangential.mu = 0.2, the reference's 0.1"},
        {"cases/seed004_fig54_mu02.case", "reference/fem/seed004_modeld_a30_E8500_s50_mu02.csv",
         NULL},
        {"cases/seed004_fig54_mu01.case", "reference/fem/seed004_modeld_a30_E8500_s50_mu02.csv",
         "tangential.mu = 0.1, the reference's 0.2"},
        {"cases/seed004_fig49_fem_a30_xi.case",
         "reference/fem/seed004_modeld_a30_E8500_s50_mu01.csv",
         "tangential.friction = plastic, the reference's given"},
        {"cases/seed004_fig40_fem_a30.case",
         "reference/fem/seed004_modeld_a30_E8500_s50_derived.csv", NULL},
        {"cases/seed004_fig53.case", "reference/fem/seed004_modeld_a30_E8500_s50_derived.csv",
         NULL},
        {"cases/seed004_fig40_a15.case", "reference/fem/seed004_modeld_a15_E26000_s160_derived.csv",
         NULL},
        {"cases/seed004_fig50_a15.case", "reference/fem/seed004_modeld_a15_E26000_s160.csv", NULL},
        {"cases/seed004_fig50_a45.case", "reference/fem/seed004_modeld_a15_E26000_s160.csv",
         "driver.v_tangential = 1, the reference's 0.26794919"},
        {"cases/seed004_fig51_v1.case", "reference/fem/seed004_modeld_a15_E26000_s160.csv", NULL},
        {"cases/seed004_fig50_a30.case", "reference/fem/seed004_modeld_a15_E26000_s160.csv",
         "driver.v_tangential = 0.5773502692, the reference's 0.26794919"},
        {"cases/seed004_fig51_v05.case", "reference/fem/seed004_modeld_a15_E26000_s160.csv",
         "driver.v_normal = 0.5, the reference's 1"},
        {"cases/seed004_fig49_a15.case", "reference/fem/seed004_modeld_a15_E26000_s160.csv",
         "body1.E = 8500000000, the reference's 2.6e+10"},
        {"cases/seed004_fig54_mu01.case", "reference/fem/seed004_modeld_a15_E26000_s160.csv",
         "body1.E = 8500000000, the reference's 2.6e+10"},
        {"cases/seed004_fig40_a45.case", "reference/fem/seed004_modeld_a45_E26000_s160_derived.csv",
         NULL},
        {"cases/seed004_fig50_a45.case", "reference/fem/seed004_modeld_a45_E26000_s160.csv", NULL},
        {"cases/seed004_fig50_a15.case", "reference/fem/seed004_modeld_a45_E26000_s160.csv",
         "driver.v_tangential = 0.26794919, the reference's 1"},
        {"cases/seed004_fig50_a30.case", "reference/fem/seed004_modeld_a30_E26000_s160.csv", NULL},
        {"cases/seed004_fig50_a45.case", "reference/fem/seed004_modeld_a30_E26000_s160.csv",
         "driver.v_tangential = 1, the reference's 0.5773502692"},
        {"cases/seed004_fig50_a15.case", "reference/fem/seed004_modeld_a30_E26000_s160.csv",
         "driver.v_tangential = 0.26794919, the reference's 0.5773502692"},
        {"cases/seed004_fig50_a30.case", "reference/fem/seed004_modeld_a45_E26000_s160.csv",
         "driver.v_tangential = 0.5773502692, the reference's 1"},
        {"cases/seed004_fig51_v05.case", "reference/fem/seed004_modeld_a15_v05_E26000_s160.csv",
         NULL},
        {"cases/seed004_fig51_v1.case", "reference/fem/seed004_modeld_a15_v05_E26000_s160.csv",
         "driver.v_normal = 1, the reference's 0.5"},
        {"cases/seed004_fig51_v025.case", "reference/fem/seed004_modeld_a15_v025_E26000_s160.csv",
         NULL},
        {"cases/seed004_fig51_v05.case", "reference/fem/seed004_modeld_a15_v025_E26000_s160.csv",
         "driver.v_normal = 0.5, the reference's 0.25"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
        assert_stands_for(rows[i].file, NULL, rows[i].ref, rows[i].why);
}
END_TEST

/* `cwb CMD FILE --set S1 --set S2 ... --no-plot --out DIR`: exit status,
 * stdout into out, stderr into err (no shell). */
static int cli_sets(const char *cmd, const char *file, const char *const *sets, size_t nsets,
                    char *out, char *err, size_t n)
{
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    char dir[] = "/tmp/cwb-stands-XXXXXX", o[64], e[64], d[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(o, sizeof o, "%s/out.txt", dir);
    snprintf(e, sizeof e, "%s/err.txt", dir);
    snprintf(d, sizeof d, "%s/out", dir);
    char *argv[32];
    size_t k = 0;
    argv[k++] = (char *)bin;
    argv[k++] = (char *)cmd;
    argv[k++] = (char *)file;
    for (size_t i = 0; i < nsets && k < 26; i++) {
        argv[k++] = "--set";
        argv[k++] = (char *)sets[i];
    }
    argv[k++] = "--no-plot";
    argv[k++] = "--out";
    argv[k++] = d;
    argv[k] = NULL;
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        int fo = open(o, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int fe = open(e, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fo < 0 || fe < 0 || dup2(fo, 1) < 0 || dup2(fe, 2) < 0)
            _exit(127);
        execv(bin, argv);
        _exit(127);
    }
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    char *so = test_read_file(o), *se = test_read_file(e);
    ck_assert(so && se);
    snprintf(out, n, "%s", so);
    snprintf(err, n, "%s", se);
    free(so);
    free(se);
    ck_assert_int_eq(nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS), 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Through the binary, one case per kind of reference: a physical --set
 * makes cwb refuse the comparison (exit 0, a warning on stderr naming the
 * reference and the key, no deviation against it printed), while the
 * references that do not depend on that key are still compared.
 * Analytic: linear_spring_impact at another stiffness. FEM: the Rathbone
 * thesis Fig. 26 case at another E (reference/fem/seed004_fig26.csv), and
 * the seed 000 two-cylinder FEM drawn beside seed000_fig12 at another mu.
 * Published and measured: Chung & Ooi test 4 (alumina) at another E: the
 * rigid-body closed form does not depend on E and is still compared;
 * Chung & Ooi's DEM curve and Kharaz et al.'s measurements are refused. */
START_TEST(physical_set_refuses_each_kind_of_reference)
{
    static char out[1 << 16], err[1 << 16];
    const char *kn[] = {"normal.kn=2e6"};
    ck_assert_int_eq(
        cli_sets("run", "cases/linear_spring_impact.case", kn, 1, out, err, sizeof out), 0);
    ck_assert_msg(strstr(err, "not compared with reference/analytic/linear_impact.csv: it was made "
                              "for other inputs (normal.kn = 2000000, the reference's 1e+06)"),
                  "%s", err);
    ck_assert_msg(!strstr(out, "ref_max_rel_error") && strstr(out, "ref_inputs_match"), "%s", out);
    /* a law option, not a material: the awk reference of the Hertz 2D paper
     * (2020) Fig. 14 uses eq. 33's penalty factor, not a constant one */
    const char *constant[] = {"tangential.penalty=constant"};
    ck_assert_int_eq(cli_sets("run", "cases/seed000_fig14.case", constant, 1, out, err, sizeof out),
                     0);
    ck_assert_msg(strstr(err, "not compared with reference/analytic/seed000_fig14.csv: it was made "
                              "for other inputs (tangential.penalty = constant, the reference's "
                              "eq33)"),
                  "%s", err);

    const char *stiffer[] = {"body1.E=3e10"};
    ck_assert_int_eq(cli_sets("run", "cases/seed004_fig26.case", stiffer, 1, out, err, sizeof out),
                     0);
    ck_assert_msg(strstr(err, "not compared with reference/fem/seed004_fig26.csv: it was made for "
                              "other inputs (body1.E = 30000000000, the reference's 2.6e+10)"),
                  "%s", err);
    ck_assert_msg(!strstr(out, "ref_max_rel_error"), "%s", out);

    /* FEM drawn beside (also_reference, seed 000 two cylinders): left off the
     * plot at another mu; kept with another law, which the FEM does not
     * depend on, while the awk re-coding of the accurate law is refused */
    const char *slippery[] = {"tangential.mu=0.4"};
    ck_assert_int_eq(cli_sets("run", "cases/seed000_fig12.case", slippery, 1, out, err, sizeof out),
                     0);
    ck_assert_msg(strstr(err, "not drawn: reference/fem/seed000_cylinders_case1_forces.csv was "
                              "made for other inputs (tangential.mu = 0.4"),
                  "%s", err);
    const char *simplified[] = {"contact.tangential=hertz2d_simplified"};
    ck_assert_int_eq(
        cli_sets("run", "cases/seed000_fig12.case", simplified, 1, out, err, sizeof out), 0);
    ck_assert_msg(strstr(err, "not compared with reference/analytic/seed000_fig12.csv: it was made "
                              "for other inputs (contact.tangential = hertz2d_simplified") &&
                      !strstr(err, "not drawn"),
                  "%s", err);

    /* three angles keep it short; the coarse sweep is compared where it ran */
    const char *alumina[] = {"sweep.n=3", "body1.E=2e11"};
    ck_assert_int_eq(
        cli_sets("sweep", "cases/chung_ooi_4_al_oxide.case", alumina, 2, out, err, sizeof out), 0);
    static const char *const refused[] = {
        "reference/published/chung_ooi_2011_test4_et_al_oxide.csv",
        "reference/published/chung_ooi_2011_test4_omega_al_oxide.csv",
        "reference/published/chung_ooi_2011_test4_rebound_al_oxide.csv",
        "reference/measured/kharaz_2001_alumina_et.csv",
        "reference/measured/kharaz_2001_alumina_omega.csv",
        "reference/measured/kharaz_2001_alumina_rebound.csv"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        char line[512];
        snprintf(line, sizeof line,
                 "not compared with %s: it was made for other inputs (body1.E = 200000000000, "
                 "the reference's 3.8e11)",
                 refused[i]);
        ck_assert_msg(strstr(err, line), "'%s' not in: %s", line, err);
        snprintf(line, sizeof line, "vs %s: max deviation", refused[i]);
        ck_assert_msg(!strstr(out, line), "'%s' printed: %s", line, out);
    }
    /* judged where three angles resolve the curve: at the angles run (45
     * and 85 degrees), not on a cubic through runs 40 degrees apart (which
     * FAILed 0.0122 against 0.01 on the rebound angle: the gap, not cwb) */
    ck_assert_msg(strstr(out, "vs reference/analytic/oblique_gross_sliding_et_al_oxide.csv: PASS: "
                              "max deviation") &&
                      strstr(out, "over 2 of its 52 rows"),
                  "%s", out);
    ck_assert_msg(strstr(err, "of reference/analytic/oblique_gross_sliding_et_al_oxide.csv's rows "
                              "inside the sweep's range not compared"),
                  "%s", err);
    /* a numerical change refuses nothing: each curve is compared, or (three
     * angles, 40 degrees apart) left uncompared for want of runs near its
     * rows, never for other inputs */
    const char *coarse[] = {"sweep.n=3", "driver.dt_tol=1e-4"};
    ck_assert_int_eq(
        cli_sets("sweep", "cases/chung_ooi_4_al_oxide.case", coarse, 2, out, err, sizeof out), 0);
    ck_assert_msg(!strstr(err, "other inputs"), "%s", err);
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        char line[512], unresolved[512];
        snprintf(line, sizeof line, "vs %s: max deviation", refused[i]);
        snprintf(unresolved, sizeof unresolved,
                 "not compared with %s: of its rows inside the sweep's range", refused[i]);
        ck_assert_msg(strstr(out, line) || strstr(err, unresolved), "'%s' not in: %s%s", line, out,
                      err);
    }
}
END_TEST

/* Every "# made:" line a reference has (doc/case-files.md, "When, where and
 * how a reference was made") is in the one form, once; the tables committed
 * before the line existed have none and are not given one. */
START_TEST(made_lines_are_well_formed)
{
    static const char *const globs[] = {"reference/*/*.csv", "reference/*/*/*.csv"};
    size_t count = 0;
    for (size_t d = 0; d < sizeof globs / sizeof *globs; d++) {
        glob_t g;
        if (glob(globs[d], 0, NULL, &g) != 0)
            continue;
        for (size_t i = 0; i < g.gl_pathc; i++, count++) {
            char *text = test_slurp(g.gl_pathv[i]), line[4096];
            ck_assert_msg(test_made_line(text, line, sizeof line) >= 0, "%s: '%s'", g.gl_pathv[i],
                          line);
            free(text);
        }
        globfree(&g);
    }
    ck_assert_uint_ge(count, 395);
}
END_TEST

/* A Python writer of reference/analytic/ (adhesion_closed_forms.py, the JKR
 * tables, pure Python: 1.2 s of CPU) run in a scratch folder gives each
 * table a well-formed made line, the last of its '#' lines, naming the command;
 * and apart from that line the committed tables' text, byte for byte (it
 * writes into ./reference/analytic/). */
START_TEST(python_writer_states_when_it_was_made)
{
    ck_assert_msg(access("/usr/bin/python3", X_OK) == 0,
                  "needs /usr/bin/python3 (Debian python3) to run the reference writers");
    char dir[256], sub[300], script[PATH_MAX], log[320];
    test_tmp_make(dir, sizeof dir, "made");
    ck_assert(dir[0]);
    snprintf(sub, sizeof sub, "%s/reference", dir);
    ck_assert_int_eq(mkdir(sub, 0755), 0);
    snprintf(sub, sizeof sub, "%s/reference/analytic", dir);
    ck_assert_int_eq(mkdir(sub, 0755), 0);
    ck_assert_ptr_nonnull(realpath("reference/analytic/adhesion_closed_forms.py", script));
    snprintf(log, sizeof log, "%s/log", dir);
    char *argv[] = {"/usr/bin/python3", script, NULL};
    int st = cwb_spawn(argv, dir, log);
    char *said = test_read_or_empty(log);
    ck_assert_msg(st == 0, "adhesion_closed_forms.py: exit %d: %s", st, said);
    free(said);
    static const char *const tables[] = {"jkr_cycle", "jkr_unstable_branch", "jkr_restitution",
                                         "dmt_cycle", "thornton_ning_cycle", "jkr_pull_off"};
    for (size_t i = 0; i < sizeof tables / sizeof *tables; i++) {
        char path[400], committed[128], line[4096];
        snprintf(path, sizeof path, "%s/%s.csv", sub, tables[i]);
        snprintf(committed, sizeof committed, "reference/analytic/%s.csv", tables[i]);
        char *text = test_slurp(path), *was = test_slurp(committed);
        ck_assert_msg(test_made_line(text, line, sizeof line) == 1, "%s: made line '%s'", path,
                      line);
        char *made = strstr(text, "\n# made: ") + 1;
        ck_assert_msg(strstr(line, "command: /usr/bin/python3 ") &&
                          strstr(line, "adhesion_closed_forms.py"),
                      "%s: '%s'", path, line);
        /* without it, the committed text */
        memmove(made, strchr(made, '\n') + 1, strlen(strchr(made, '\n') + 1) + 1);
        ck_assert_msg(strcmp(text, was) == 0, "%s differs from %s beyond its made line", path,
                      committed);
        free(text);
        free(was);
    }
    ck_assert_int_eq(nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS), 0);
}
END_TEST

Suite *references_suite(void)
{
    Suite *s = suite_create("references");
    TCase *tc = test_tcase("references", 600);
    /* about 25 s on 2 idle cores (the sweeps of Chung & Ooi tests 4-8 take
     * most); the sanitizer build is several times slower */
    tcase_add_test(tc, every_reference_has_fields);
    tcase_add_test(tc, made_lines_are_well_formed);
    tcase_add_test(tc, python_writer_states_when_it_was_made);
    tcase_add_test(tc, malformed_fields_named);
    tcase_add_test(tc, reader_edge_cases);
    tcase_add_test(tc, reader_skips_a_leading_bom);
    tcase_add_test(tc, fuzz_findings);
    tcase_add_test(tc, every_reference_states_what_it_stands_for);
    tcase_add_test(tc, shipped_cases_have_the_inputs_of_their_references);
    tcase_add_test(tc, physical_changes_refused_numerical_not);
    tcase_add_test(tc, model_d_tables_refused_by_the_figures_they_do_not_stand_for);
    tcase_add_test(tc, physical_set_refuses_each_kind_of_reference);
    tcase_add_test(tc, shipped_cases_within_reference_tolerance);
    tcase_add_test(tc, verify_report_agrees);
    tcase_add_test(tc, verify_refuses_an_unknown_name);
    suite_add_tcase(s, tc);
    return s;
}
