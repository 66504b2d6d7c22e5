/* test_references.c -- every reference CSV states, in fields cwb reads,
 * how close a run must come to it ("# tolerance: X", a bound on
 * cwb_compare's max |run - ref| / max |ref|) and how independent of cwb it is
 * ("# independence: CLASS"); and every shipped case that names a reference
 * (cases/NAME.case, `[output] reference` for `cwb run`, `[sweep] reference` for
 * `cwb sweep`) stays within that tolerance when run through the built binary.
 * The bounds come from the reference files, each with its reason beside it. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>

#include "cwb_test.h"

/* Cases whose reference is not a verification reference: the comparison is
 * a result (how far one model is from another), so no tolerance bounds it.
 * They are still run and must report a finite deviation. Every other case is
 * held to its reference's tolerance. */
static const struct {
    const char *name, *why;
} model_comparisons[] = {
    {"seed004_fig5_lth", "plots/seed004_fig5_md.csv is another law's run (seed 004 Fig. 5): "
                         "the deviation is the laws' difference"},
    {"seed004_fig5_mindlin", "plots/seed004_fig5_md.csv is another law's run (seed 004 Fig. 5)"},
    {"seed000_fig14_constant_w", "one constant w against the eq. 33 w of seed000_fig14.csv: "
                                 "the 3 % gap is what the case shows"},
    /* Rathbone's laws against cwb's FEM of the same sphere: how far the
     * published law is from an independent FEM is the result (README) */
    {"seed004_fig26", "Rathbone 2015 law against cwb's FEM (Fig. 26 material)"},
    {"seed004_fig27", "Rathbone 2015 law against cwb's FEM (Fig. 27 material)"},
    {"seed004_fig30", "Rathbone 2015 law against cwb's FEM, load-unload-reload (Fig. 30)"},
    {"seed004_fig33", "extended Rathbone law against cwb's FEM to 0.0012 mm (E = 8500 MPa)"},
    {"seed004_fig33_e26000", "extended Rathbone law against cwb's FEM (E = 26000 MPa)"},
    {"seed004_fig34", "extended Rathbone law against cwb's FEM (Fig. 34 material)"},
    {"seed004_fig35", "extended Rathbone law against cwb's FEM (Fig. 35 material)"},
    {"seed004_fig43_y3", "Mindlin-Deresiewicz (plastic radius) against cwb's Model C FEM"},
    {"seed004_fig43_y7", "Mindlin-Deresiewicz (plastic radius) against cwb's Model C FEM"},
    {"seed004_fig46_y3", "the new tangential law against cwb's Model C FEM (Fig. 46, y = 3)"},
    {"seed004_fig46_y7", "the new tangential law against cwb's Model C FEM (Fig. 46, y = 7)"},
};

enum { MAX_JOBS = 64, MAX_CHECKS = 8, WORKERS = 2 };

/* One deviation a run must print: its JSON key and the reference it is against. */
typedef struct {
    char key[96];
    char ref[CWB_TEXT];
} check;

typedef struct {
    char name[128], path[256];
    int sweep;                    /* `cwb sweep` (else `cwb run`) */
    const char *model_comparison; /* the reason, for the cases above */
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
 * the group's first y against the group's first reference (src/drivers/sweep.c). */
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
        snprintf(k->key, sizeof k->key, "\"ref_max_rel_error_%s\": ", y[0]);
        snprintf(k->ref, sizeof k->ref, "%s", r[0]);
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
            }
            for (size_t m = 0; m < sizeof model_comparisons / sizeof *model_comparisons; m++)
                if (strcmp(j->name, model_comparisons[m].name) == 0)
                    j->model_comparison = model_comparisons[m].why;
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

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *s = calloc(1, 1 << 20);
    if (s)
        s[fread(s, 1, (1 << 20) - 1, f)] = '\0';
    fclose(f);
    return s;
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
        char *err = slurp(path);
        snprintf(fails + used, n - used, "  %s: exit status %d: %.300s\n", j->path,
                 WIFEXITED(j->status) ? WEXITSTATUS(j->status) : -1, err ? err : "");
        free(err);
        return;
    }
    snprintf(path, sizeof path, "%s/%s.json", dir, j->name);
    char *json = slurp(path);
    ck_assert_ptr_nonnull(json);
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
        else if (j->model_comparison)
            continue;
        else if (!reference_ok(j->checks[i].ref, &tol, msg, sizeof msg))
            snprintf(fails + used, n - used, "  %s: %s\n", j->path, msg);
        else if (!(dev <= tol))
            snprintf(fails + used, n - used, "  %s: %s%.3g exceeds the tolerance %g of %s\n",
                     j->path, j->checks[i].key, dev, tol, j->checks[i].ref);
    }
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
    /* 32 cases name a reference today (17 runs, 15 sweeps); fewer means the
     * case list was not read */
    ck_assert_msg(nj >= 30, "only %zu cases with a reference found", nj);
    char dir[] = "/tmp/cwb-references-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    run_jobs(jobs, nj, bin, dir);
    for (size_t i = 0; i < nj; i++)
        judge(&jobs[i], dir, fails, sizeof fails);
    ck_assert_int_eq(nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS), 0);
    ck_assert_msg(fails[0] == '\0', "cases outside their reference's tolerance:\n%s", fails);
}
END_TEST

/* Every CSV under reference/ (except the FEM solvers' raw output) carries both fields. */
START_TEST(every_reference_has_fields)
{
    static const char *const dirs[] = {"reference/analytic/*.csv", "reference/published/*.csv",
                                       "reference/measured/*.csv", "reference/fem/*.csv"};
    size_t count = 0;
    for (size_t d = 0; d < sizeof dirs / sizeof *dirs; d++) {
        glob_t g;
        ck_assert_int_eq(glob(dirs[d], 0, NULL, &g), 0);
        for (size_t i = 0; i < g.gl_pathc; i++, count++) {
            char msg[CWB_MSG];
            double tol;
            ck_assert_msg(reference_ok(g.gl_pathv[i], &tol, msg, sizeof msg), "%s", msg);
            ck_assert_msg(tol > 0.0 && tol < 1.0, "%s: tolerance %g", g.gl_pathv[i], tol);
        }
        globfree(&g);
    }
    ck_assert_int_ge(count, 54); /* the 54 reference CSVs of today */
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

Suite *references_suite(void)
{
    Suite *s = suite_create("references");
    TCase *tc = tcase_create("references");
    /* about 25 s on 2 idle cores (the sweeps of Chung & Ooi tests 4-8 take
     * most); the sanitizer build is several times slower */
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, every_reference_has_fields);
    tcase_add_test(tc, malformed_fields_named);
    tcase_add_test(tc, reader_edge_cases);
    tcase_add_test(tc, fuzz_findings);
    tcase_add_test(tc, shipped_cases_within_reference_tolerance);
    suite_add_tcase(s, tc);
    return s;
}
