/* test_examples.c -- the user-facing examples of examples/ run as a
 * newcomer runs them: through the built binary (CWB_BIN), from a folder
 * under /tmp (a case reads its paths from its own folder, so they must run
 * from anywhere), --no-plot. Every case file of examples/ runs (exit 0)
 * and, where it names a reference, its JSON verdict is PASS; every
 * fit-case there fits (exit 0); the batch runs every sample. Where an example states what
 * its numbers must be, that is checked against the independent statement:
 * the damping calibration reproduces the user's target restitution
 * (examples/restitution_target.csv), and the batch returns each sample's
 * damping.e as its normal restitution (the law is calibrated to e exactly;
 * Chung & Ooi 2011 test 3's identity). All of it takes about 0.3 s of CPU. */
#include <ftw.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cwb_files.h"
#include "cwb_test.h"

typedef struct {
    char dir[128], log[192];
} scratch;

static void scratch_make(scratch *s)
{
    snprintf(s->dir, sizeof s->dir, "/tmp/cwb-test-examples-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(s->dir));
    snprintf(s->log, sizeof s->log, "%s/log.txt", s->dir);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

/* `cwb ARGS...` (NULL-ended) from s->dir, output to s->log; its status. */
static int cwb(const scratch *s, const char *const *args)
{
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    char *argv[24] = {(char *)bin};
    size_t n = 1;
    for (; args[n - 1] && n + 1 < sizeof argv / sizeof *argv; n++)
        argv[n] = (char *)args[n - 1];
    argv[n] = NULL;
    return cwb_spawn(argv, s->dir, s->log);
}

/* The absolute path of a file of the repository. */
static const char *rooted(const char *rel, char *buf, size_t n)
{
    snprintf(buf, n, "%s/%s", test_root(), rel);
    return buf;
}

/* The number after "key": in a JSON text (NaN when absent). */
static double json_number(const char *text, const char *key)
{
    char pat[128];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *at = strstr(text, pat);
    return at ? strtod(at + strlen(pat), NULL) : NAN;
}

START_TEST(every_example_case_runs_and_passes)
{
    scratch s;
    scratch_make(&s);
    glob_t g;
    char pattern[CWB_TEXT];
    ck_assert_int_eq(glob(rooted("examples/*.case", pattern, sizeof pattern), 0, NULL, &g), 0);
    ck_assert_uint_ge(g.gl_pathc, 4);
    size_t compared = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        const char *run[] = {"run", g.gl_pathv[i], "--json", "--no-plot", "--out", s.dir, NULL};
        int st = cwb(&s, run);
        char *log = test_read_or_empty(s.log);
        ck_assert_msg(st == 0, "%s: status %d: %s", g.gl_pathv[i], st, log);
        cwb_case *c = test_load(g.gl_pathv[i], NULL, 0);
        if (c->output_values.text[CWB_OUT_REFERENCE][0]) {
            ck_assert_msg(strstr(log, "\"verdict\": \"PASS\""), "%s: no PASS: %s", g.gl_pathv[i],
                          log);
            compared++;
        }
        free(c);
        free(log);
    }
    globfree(&g);
    ck_assert_uint_ge(compared, 2); /* glass_bead_impact, stiffness_ratio */
    nftw(s.dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
END_TEST

START_TEST(every_example_fit_fits)
{
    scratch s;
    scratch_make(&s);
    glob_t g;
    char pattern[CWB_TEXT];
    ck_assert_int_eq(glob(rooted("examples/*.fit", pattern, sizeof pattern), 0, NULL, &g), 0);
    ck_assert_uint_ge(g.gl_pathc, 2);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        const char *fit[] = {"fit", g.gl_pathv[i], "--json", "--no-plot", "--out", s.dir, NULL};
        int st = cwb(&s, fit);
        char *log = test_read_or_empty(s.log);
        ck_assert_msg(st == 0 && strstr(log, "\"parameters\""), "%s: status %d: %s", g.gl_pathv[i],
                      st, log);
        free(log);
    }
    globfree(&g);
    nftw(s.dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
END_TEST

/* The damping calibration: the case run with the fitted e rebounds with the
 * target of examples/restitution_target.csv (0.8 at 1 m/s). Tolerance 1e-5:
 * the collision's dt_tol (1e-6) bounds the run's restitution, the fit stops
 * well inside it (its rms is printed, about 5e-12). */
START_TEST(damping_calibration_reaches_its_target)
{
    scratch s;
    scratch_make(&s);
    char fit_path[CWB_TEXT], case_path[CWB_TEXT], set[64];
    const char *fit[] = {
        "fit",    rooted("examples/damping_for_restitution.fit", fit_path, sizeof fit_path),
        "--json", "--no-plot",
        "--out",  s.dir,
        NULL};
    ck_assert_int_eq(cwb(&s, fit), 0);
    char *log = test_read_or_empty(s.log);
    const char *at = strstr(log, "\"damping.e\": {\"value\": ");
    ck_assert_msg(at != NULL, "%s", log);
    double e = strtod(at + strlen("\"damping.e\": {\"value\": "), NULL);
    free(log);
    snprintf(set, sizeof set, "damping.e=%.12g", e);
    const char *run[] = {
        "run",    rooted("examples/damping_for_restitution.case", case_path, sizeof case_path),
        "--set",  set,
        "--json", "--no-plot",
        "--out",  s.dir,
        NULL};
    ck_assert_int_eq(cwb(&s, run), 0);
    log = test_read_or_empty(s.log);
    ck_assert_rel(json_number(log, "restitution_normal"), 0.8, 1e-5);
    /* and the uncalibrated contact misses it (the reason for the example) */
    ck_assert_msg(fabs(e - 0.8) > 1e-3, "fitted e = %g: nothing to calibrate", e);
    free(log);
    nftw(s.dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
END_TEST

/* The batch: 12 samples, every row ok, restitution_normal = damping.e to the
 * case's dt_tol (1e-5; the runs are at about 2e-9). */
START_TEST(batch_runs_every_sample)
{
    scratch s;
    scratch_make(&s);
    char case_path[CWB_TEXT], table[CWB_TEXT], out[256];
    snprintf(out, sizeof out, "%s/batch.csv", s.dir);
    const char *batch[] = {
        "batch",     rooted("examples/batch_calibration.case", case_path, sizeof case_path),
        "--samples", rooted("examples/batch_samples.csv", table, sizeof table),
        "--out",     out,
        "--results", "restitution_normal,restitution_tangential",
        NULL};
    ck_assert_int_eq(cwb(&s, batch), 0);
    FILE *f = fopen(out, "r");
    ck_assert_ptr_nonnull(f);
    char line[1024];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        int sample;
        double mu, e, en, et;
        char status[16];
        if (line[0] == '#' ||
            sscanf(line, "%d,%lf,%lf,%lf,%lf,%15s", &sample, &mu, &e, &en, &et, status) != 6)
            continue;
        ck_assert_msg(strcmp(status, "ok") == 0, "sample %d: %s", sample, line);
        ck_assert_rel(en, e, 1e-5);
        rows++;
    }
    fclose(f);
    ck_assert_int_eq(rows, 12);
    nftw(s.dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
END_TEST

Suite *examples_suite(void)
{
    Suite *s = suite_create("examples");
    TCase *tc = test_tcase("examples", 30);
    tcase_add_test(tc, every_example_case_runs_and_passes);
    tcase_add_test(tc, every_example_fit_fits);
    tcase_add_test(tc, damping_calibration_reaches_its_target);
    tcase_add_test(tc, batch_runs_every_sample);
    suite_add_tcase(s, tc);
    return s;
}
