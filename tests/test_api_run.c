/* test_api_run.c -- the run API of include/cwb/cwb_api.h (cwb_api_run,
 * cwb_api_run_text, cwb_api_sweep, cwb_api_batch, cwb_api_fit) against the
 * command (CWB_BIN) run on the same inputs in another process.
 *
 * The reference of every number here is the command's output for the
 * same case: the API must give the command's numbers bit for bit (the
 * same code runs, only the way the numbers leave differs). Every output
 * prints a number as the shortest text that reads back to the same double
 * (doc/outputs.md; -0 printed as 0): a number read back from `cwb batch` is
 * compared by its bits (a zero of either sign with a zero), and the API's
 * value printed in that format (cwb_number_text) must be the text of `cwb
 * run --json`, `cwb sweep`'s CSV and `cwb fit --json`. Messages of refused
 * input are compared with the command's stderr ("cwb: " + the message).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cwb_files.h"
#include "cwb_out.h"
#include "cwb_test.h"

typedef struct {
    char dir[256];
    char log[320];
} scratch;

static void scratch_open(scratch *s)
{
    test_tmp_make(s->dir, sizeof s->dir, "apirun");
    ck_assert_msg(s->dir[0], "no temporary folder");
    test_tmp_path(s->dir, "cli.log", s->log, sizeof s->log);
}

/* cwb ARGS (NULL-ended), run from the repository root; its exit status,
 * its stdout and stderr in s->log. */
static int cli(const scratch *s, const char *const *args)
{
    char *argv[24];
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    size_t k = 0;
    argv[k++] = (char *)bin;
    for (; args[k - 1] && k + 1 < 24; k++)
        argv[k] = (char *)args[k - 1];
    argv[k] = NULL;
    return cwb_spawn(argv, NULL, s->log);
}

/* The whole of a file (malloc'd, NUL-terminated). */

/* The text of the value of "name" in a JSON object (up to , or }), or NULL. */
static const char *json_value(const char *json, const char *name, char *buf, size_t n)
{
    char key[128];
    snprintf(key, sizeof key, "\"%s\": ", name);
    const char *at = strstr(json, key);
    if (!at)
        return NULL;
    at += strlen(key);
    size_t len = strcspn(at, ",}");
    snprintf(buf, n, "%.*s", (int)len, at);
    return buf;
}

/* x as the command prints a number in its JSON (null when not finite). */
static void as_json(double x, char *buf, size_t n)
{
    cwb_number_text(x, "null", buf, n);
}

/* Whether the API's x is the number the command printed as y: the same
 * bits, both undefined, or zeros (the command prints no -0). */
static int same_printed(double x, double y)
{
    return memcmp(&x, &y, sizeof x) == 0 || (isnan(x) && isnan(y)) || (x == 0.0 && y == 0.0);
}

static cwb_api_result *api_run(const char *path, const char *const *sets, size_t nsets)
{
    char msg[CWB_MSG];
    cwb_api_result *r = NULL;
    int rc = cwb_api_run(path, sets, nsets, &r, msg, sizeof msg);
    ck_assert_msg(rc == CWB_API_OK && r, "cwb_api_run %s: %s", path, msg);
    return r;
}

/* Every scalar of r printed as `cwb run --json` prints it (the JSON of the
 * same case and overrides). */
static void same_as_run_json(const scratch *s, const char *path, const char *set,
                             const cwb_api_result *r)
{
    const char *args[] = {"run", path, "--json", "--no-plot", "--out", s->dir, set ? "--set" : NULL,
                          set,   NULL};
    ck_assert_msg(cli(s, args) == 0, "cwb run %s failed", path);
    char *json = test_slurp(s->log);
    size_t n = cwb_api_result_scalar_count(r);
    ck_assert_msg(n > 5, "%s: %zu scalars", path, n);
    for (size_t i = 0; i < n; i++) {
        char want[64], got[64];
        const char *name = cwb_api_result_scalar_name(r, i);
        ck_assert_msg(json_value(json, name, want, sizeof want), "%s: no %s in the JSON", path,
                      name);
        as_json(cwb_api_result_scalar(r, i), got, sizeof got);
        ck_assert_msg(strcmp(got, want) == 0, "%s: %s = %s (API), %s (cwb run --json)", path, name,
                      got, want);
    }
    free(json);
}

START_TEST(test_api_run_as_cli_json)
{
    /* a collision with its reference, a force-controlled history, the
     * profile driver (GSL quadrature) */
    static const char *const cases[] = {"cases/chung_ooi_1_glass.case",
                                        "cases/history_hertz_force_control.case",
                                        "cases/seed004_fig3b.case"};
    scratch s;
    scratch_open(&s);
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        cwb_api_result *r = api_run(cases[k], NULL, 0);
        same_as_run_json(&s, cases[k], NULL, r);
        cwb_api_result_free(r);
    }
    const char *set = "driver.v_normal=5.2";
    cwb_api_result *r = api_run(cases[0], &set, 1);
    same_as_run_json(&s, cases[0], set, r);
    ck_assert_str_eq(cwb_api_result_verdict(r), "not compared"); /* the reference is for 20 m/s */
    cwb_api_result_free(r);
    test_tmp_remove(s.dir);
}
END_TEST

/* The results of row `row` of a `cwb batch` output (%.17g) as doubles:
 * the cell of column name, NaN when empty; -1 when the header lacks it. */
static int batch_cell(char *text, size_t row, const char *name, double *x)
{
    char head[8192];
    const char *line = text;
    while (*line == '#')
        line = strchr(line, '\n') + 1;
    snprintf(head, sizeof head, "%.*s", (int)strcspn(line, "\n"), line);
    int col = -1, k = 0;
    size_t len = strlen(name);
    for (char *save, *f = strtok_r(head, ",", &save); f; f = strtok_r(NULL, ",", &save), k++)
        if (strncmp(f, name, len) == 0 && f[len] == '[')
            col = k;
    if (col < 0)
        return -1;
    const char *p = strchr(line, '\n') + 1;
    for (size_t r = 0; r <= row; p = strchr(p, '\n') + 1)
        if (*p != '#' && r++ == row)
            break;
    for (int j = 0; j < col; j++)
        p = strchr(p, ',') + 1;
    char *end;
    *x = *p == ',' ? NAN : strtod(p, &end);
    return 0;
}

/* cwb_api_batch_with dt_reuse is `cwb batch --dt-reuse --jobs 1`: on a
 * Thornton table (cases/thornton_restitution.case, dt_tol 1e-6) every
 * sample's step, its estimate, steps_total and restitution the same double
 * as the command's; and the reuse took: fewer steps in all than the same
 * call without it (a checked sample costs 1.25 times its accepted run, a
 * full refinement 1.75 or more). */
START_TEST(test_api_batch_dt_reuse_is_the_commands)
{
    scratch s;
    scratch_open(&s);
    char table[320], out[320];
    test_tmp_path(s.dir, "t.csv", table, sizeof table);
    test_tmp_path(s.dir, "o.csv", out, sizeof out);
    test_write_file(table, "driver.v_normal\n2.8\n2.9\n3\n3.1\n3.2\n");
    const char *path = "cases/thornton_restitution.case", *results =
                                                              "dt,dt_error_estimate,steps_total,"
                                                              "restitution_normal";
    const char *args[] = {"batch",  path, "--samples",  table,       "--out", out,
                          "--jobs", "1",  "--dt-reuse", "--results", results, NULL};
    ck_assert_msg(cli(&s, args) == 0, "cwb batch failed");
    char *csv = test_slurp(out);
    const char *key = "driver.v_normal", *values[] = {"2.8", "2.9", "3", "3.1", "3.2"};
    char msg[CWB_MSG];
    cwb_api_result *b[2] = {NULL, NULL};
    for (int reuse = 0; reuse < 2; reuse++) {
        cwb_api_options opt = {.dt_reuse = reuse};
        ck_assert_msg(cwb_api_batch_with(path, NULL, 0, &key, 1, values, 5, results, &opt, NULL,
                                         NULL, &b[reuse], msg, sizeof msg) == CWB_API_OK,
                      "%s", msg);
    }
    static const char *const names[] = {"dt", "dt_error_estimate", "steps_total",
                                        "restitution_normal"};
    double steps[2] = {0, 0};
    for (size_t j = 0; j < cwb_api_result_column_count(b[1]); j++) {
        const char *name = cwb_api_result_column_name(b[1], j);
        for (size_t row = 0; row < 5; row++) {
            double cli_x;
            ck_assert_int_eq(batch_cell(csv, row, name, &cli_x), 0);
            ck_assert_msg(same_printed(cwb_api_result_column(b[1], j)[row], cli_x),
                          "row %zu: %s = %.17g (cwb_api_batch_with), %.17g (cwb batch --dt-reuse)",
                          row, name, cwb_api_result_column(b[1], j)[row], cli_x);
            if (strcmp(name, "steps_total") == 0)
                for (int reuse = 0; reuse < 2; reuse++)
                    steps[reuse] += cwb_api_result_column(b[reuse], j)[row];
        }
    }
    ck_assert_uint_eq(cwb_api_result_column_count(b[1]), sizeof names / sizeof *names);
    ck_assert_msg(steps[1] < 0.9 * steps[0], "steps_total %g with the reuse, %g without", steps[1],
                  steps[0]);
    cwb_api_result_free(b[0]);
    cwb_api_result_free(b[1]);
    free(csv);
    test_tmp_remove(s.dir);
}
END_TEST

/* The API's run and batch of two samples against `cwb batch` (results with
 * 17 digits): every scalar the same double, bit for bit. */
START_TEST(test_api_run_and_batch_bitwise)
{
    scratch s;
    scratch_open(&s);
    char table[320], out[320];
    test_tmp_path(s.dir, "t.csv", table, sizeof table);
    test_tmp_path(s.dir, "o.csv", out, sizeof out);
    test_write_file(table, "driver.v_normal\n20\n5.2\n");
    const char *path = "cases/chung_ooi_1_glass.case";
    const char *args[] = {"batch", path, "--samples", table, "--out", out, NULL};
    ck_assert_msg(cli(&s, args) == 0, "cwb batch failed");
    char *csv = test_slurp(out);
    const char *key = "driver.v_normal", *values[] = {"20", "5.2"};
    char msg[CWB_MSG];
    cwb_api_result *b = NULL;
    ck_assert_msg(cwb_api_batch(path, NULL, 0, &key, 1, values, 2, NULL, NULL, NULL, &b, msg,
                                sizeof msg) == CWB_API_OK,
                  "%s", msg);
    ck_assert_int_eq(cwb_api_result_rows(b), 2);
    for (size_t row = 0; row < 2; row++) {
        char set[64];
        snprintf(set, sizeof set, "driver.v_normal=%s", values[row]);
        const char *sets[] = {set};
        cwb_api_result *r = api_run(path, sets, 1);
        size_t compared = 0;
        for (size_t i = 0; i < cwb_api_result_scalar_count(r); i++) {
            const char *name = cwb_api_result_scalar_name(r, i);
            double cli_x, api_x = cwb_api_result_scalar(r, i);
            if (batch_cell(csv, row, name, &cli_x) != 0)
                continue; /* the batch's results are sample 0's (ref_* of a run at 20 m/s) */
            compared++;
            ck_assert_msg(same_printed(api_x, cli_x),
                          "row %zu: %s = %.17g (cwb_api_run), %.17g (cwb batch)", row, name, api_x,
                          cli_x);
            /* and the API's batch: the same column */
            for (size_t j = 0; j < cwb_api_result_column_count(b); j++)
                if (strcmp(cwb_api_result_column_name(b, j), name) == 0) {
                    double bx = cwb_api_result_column(b, j)[row];
                    ck_assert_msg(same_printed(bx, cli_x),
                                  "row %zu: %s = %.17g (cwb_api_batch), %.17g (cwb batch)", row,
                                  name, bx, cli_x);
                }
        }
        ck_assert_msg(compared > 20, "only %zu results compared", compared);
        ck_assert_int_eq(cwb_api_result_row_status(b, row), CWB_API_OK);
        cwb_api_result_free(r);
    }
    cwb_api_result_free(b);
    free(csv);
    test_tmp_remove(s.dir);
}
END_TEST

/* A refused input: the API's message is the command's ("cwb: " + it). */
START_TEST(test_api_run_refusals_as_cli)
{
    scratch s;
    scratch_open(&s);
    const char *path = "cases/chung_ooi_1_glass.case";
    const char *bad[] = {"driver.v_normal=-3", "damping.e=0.5", "body1.radius=abc"};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        char msg[CWB_MSG], want[CWB_MSG + 16];
        cwb_api_result *r = (cwb_api_result *)&s; /* must come back NULL */
        int rc = cwb_api_run(path, &bad[k], 1, &r, msg, sizeof msg);
        ck_assert_int_eq(rc, CWB_API_EINPUT);
        ck_assert_ptr_null(r);
        const char *args[] = {"run", path, "--set", bad[k], "--no-plot", "--out", s.dir, NULL};
        ck_assert_int_eq(cli(&s, args), 2);
        char *err = test_slurp(s.log);
        snprintf(want, sizeof want, "cwb: %s\n", msg);
        ck_assert_msg(strcmp(err, want) == 0, "API: %s\ncommand: %s", msg, err);
        free(err);
    }
    /* a missing file, and NULL */
    char msg[CWB_MSG];
    cwb_api_result *r = NULL;
    ck_assert_int_eq(cwb_api_run("cases/no_such.case", NULL, 0, &r, msg, sizeof msg),
                     CWB_API_EINPUT);
    ck_assert_msg(strstr(msg, "cases/no_such.case"), "%s", msg);
    ck_assert_int_eq(cwb_api_run(NULL, NULL, 0, &r, msg, sizeof msg), CWB_API_EINPUT);
    ck_assert_ptr_null(r);
    test_tmp_remove(s.dir);
}
END_TEST

/* A case from its text: the numbers of the file it was read from, and
 * messages naming the name given and the line. */
START_TEST(test_api_run_text)
{
    char *text = test_slurp("cases/chung_ooi_1_glass.case");
    char msg[CWB_MSG];
    cwb_api_result *t = NULL, *f = api_run("cases/chung_ooi_1_glass.case", NULL, 0);
    /* the name stands for the file: ../reference is read from cases/ */
    ck_assert_msg(cwb_api_run_text("cases/glass.case", text, NULL, 0, &t, msg, sizeof msg) ==
                      CWB_API_OK,
                  "%s", msg);
    ck_assert_int_eq(cwb_api_result_scalar_count(t), cwb_api_result_scalar_count(f));
    for (size_t i = 0; i < cwb_api_result_scalar_count(f); i++) {
        double a = cwb_api_result_scalar(t, i), b = cwb_api_result_scalar(f, i);
        ck_assert_msg(memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b)), "%s: %.17g, %.17g",
                      cwb_api_result_scalar_name(f, i), a, b);
    }
    ck_assert_str_eq(cwb_api_result_verdict(t), "PASS");
    cwb_api_result_free(t);
    cwb_api_result_free(f);
    free(text);
    const char *bad = "[contact]\nnormal = hertz\n\n[body1]\nshape = sphere\nradius = -1\n";
    ck_assert_int_eq(cwb_api_run_text("my.case", bad, NULL, 0, &t, msg, sizeof msg),
                     CWB_API_EINPUT);
    ck_assert_msg(strncmp(msg, "my.case:6: ", 11) == 0 && strstr(msg, "radius"), "%s", msg);
}
END_TEST

/* Progress: called before each value with (done, total); a non-zero
 * answer stops the call with CWB_API_ECANCEL and no result. */
typedef struct {
    size_t calls, last_done, last_total, stop_at;
} progress_log;

static int note_progress(void *user, size_t done, size_t total)
{
    progress_log *p = user;
    ck_assert_int_eq(done, p->calls); /* in order, from 0 */
    p->calls++;
    p->last_done = done;
    p->last_total = total;
    return p->stop_at && done == p->stop_at;
}

/* A sweep says a warning its values share once, with their count and range:
 * seed 001's spin sweep is of head-on impacts, so restitution_tangential is
 * undefined at every value but the spinless first (omega1 = 0, where the
 * contact point has no tangential velocity either); it printed four lines
 * and "36 more values warned" for one fact. */
START_TEST(sweep_says_a_shared_warning_once)
{
    scratch s;
    scratch_open(&s);
    const char *args[] = {
        "sweep", "cases/seed001_rolling_friction.case", "--no-plot", "--out", s.dir, NULL};
    ck_assert_msg(cli(&s, args) == 0, "cwb sweep failed");
    char *log = test_slurp(s.log);
    size_t warnings = 0;
    for (const char *p = log; (p = strstr(p, "warning:")); p++)
        warnings++;
    ck_assert_msg(warnings == 1, "%zu warnings:\n%s", warnings, log);
    ck_assert_msg(strstr(log, "driver.omega1 = 5 .. 200 (40 of the 41 values): "
                              "restitution_tangential is undefined"),
                  "%s", log);
    free(log);
    test_tmp_remove(s.dir);
}
END_TEST

/* The API's sweep: the command's CSV (12 digits) cell for cell. */
START_TEST(test_api_sweep_as_cli)
{
    scratch s;
    scratch_open(&s);
    const char *path = "cases/chung_ooi_1_glass.case", *vary = "driver.v_normal=1:30:4";
    const char *args[] = {"sweep", path, "--vary", vary, "--no-plot", "--out", s.dir, NULL};
    ck_assert_msg(cli(&s, args) == 0, "cwb sweep failed");
    char csvpath[320];
    test_tmp_path(s.dir, "chung_ooi_1_glass_sweep.csv", csvpath, sizeof csvpath);
    char *csv = test_slurp(csvpath);
    progress_log p = {0};
    char msg[CWB_MSG];
    cwb_api_result *r = NULL;
    ck_assert_msg(cwb_api_sweep(path, NULL, 0, vary, note_progress, &p, &r, msg, sizeof msg) ==
                      CWB_API_OK,
                  "%s", msg);
    ck_assert_int_eq(p.calls, 4);
    ck_assert_int_eq(p.last_total, 4);
    ck_assert_int_eq(cwb_api_result_rows(r), 4);
    ck_assert_double_eq(cwb_api_result_get(r, "values"), 4);
    /* the CSV's header row, then its rows: the API's table in the one number format */
    const char *line = csv;
    while (*line == '#')
        line = strchr(line, '\n') + 1;
    char head[8192];
    size_t u = 0;
    for (size_t j = 0; j < cwb_api_result_column_count(r); j++)
        u += (size_t)snprintf(head + u, sizeof head - u, "%s%s[%s]", j ? "," : "",
                              cwb_api_result_column_name(r, j), cwb_api_result_column_unit(r, j));
    ck_assert_msg(strncmp(line, head, u) == 0 && line[u] == '\n', "API: %s\nCSV: %.*s", head,
                  (int)strcspn(line, "\n"), line);
    /* every column after the varied key is a result of a run, by its full
     * name (a table's column names were once cut to 31 characters:
     * energy_dissipated_rolling_visco) */
    const char *one = "driver.v_normal=1";
    cwb_api_result *alone = api_run(path, &one, 1);
    for (size_t j = 1; j < cwb_api_result_column_count(r); j++) {
        const char *name = cwb_api_result_column_name(r, j);
        size_t i = 0;
        while (i < cwb_api_result_scalar_count(alone) &&
               strcmp(cwb_api_result_scalar_name(alone, i), name) != 0)
            i++;
        ck_assert_msg(i < cwb_api_result_scalar_count(alone), "sweep column %s: no such result",
                      name);
    }
    cwb_api_result_free(alone);
    line += u + 1;
    for (size_t i = 0; i < 4; i++, line = strchr(line, '\n') + 1) {
        char row[8192];
        size_t w = 0;
        for (size_t j = 0; j < cwb_api_result_column_count(r); j++) {
            char cell[40];
            cwb_number_text(cwb_api_result_column(r, j)[i], "", cell, sizeof cell);
            w += (size_t)snprintf(row + w, sizeof row - w, "%s%s", j ? "," : "", cell);
        }
        ck_assert_msg(strncmp(line, row, w) == 0 && line[w] == '\n', "row %zu: API %s\nCSV %.*s", i,
                      row, (int)strcspn(line, "\n"), line);
    }
    cwb_api_result_free(r);
    free(csv);
    /* stopped before the third value */
    p = (progress_log){.stop_at = 2};
    r = (cwb_api_result *)&p;
    ck_assert_int_eq(cwb_api_sweep(path, NULL, 0, vary, note_progress, &p, &r, msg, sizeof msg),
                     CWB_API_ECANCEL);
    ck_assert_ptr_null(r);
    ck_assert_int_eq(p.calls, 3);
    ck_assert_msg(strstr(msg, "stopped by the caller"), "%s", msg);
    test_tmp_remove(s.dir);
}
END_TEST

/* A value whose run warns warns in the sweep, with its value: velocity
 * Verlet creates energy on elastic Hertz at these steps (e = 1.0019 at
 * 7e-6 s, 1.0001 at 3.5e-6 s: reference/peer-lammps/verlet/, LAMMPS at
 * the same steps), which a sweep once dropped without a word. */
START_TEST(test_api_sweep_keeps_row_warnings)
{
    char msg[CWB_MSG];
    cwb_api_result *r = NULL;
    ck_assert_msg(cwb_api_sweep("tests/data/verlet_glass.case", NULL, 0, "driver.dt=3.5e-6:7e-6:2",
                                NULL, NULL, &r, msg, sizeof msg) == CWB_API_OK,
                  "%s", msg);
    ck_assert_uint_eq(cwb_api_result_warning_count(r), 2);
    const char *w0 = cwb_api_result_warning(r, 0), *w1 = cwb_api_result_warning(r, 1);
    ck_assert_msg(strncmp(w0, "driver.dt = 3.5e-06: velocity Verlet created", 44) == 0, "%s", w0);
    ck_assert_msg(strncmp(w1, "driver.dt = 7e-06: velocity Verlet created", 42) == 0, "%s", w1);
    cwb_api_result_free(r);
}
END_TEST

/* A batch's table is checked as a TABLE.csv is, before anything runs; a
 * sample that fails leaves NaN and its message; progress and cancel. */
START_TEST(test_api_batch_checks_and_rows)
{
    const char *path = "cases/chung_ooi_1_glass.case";
    char msg[CWB_MSG];
    cwb_api_result *r = NULL;
    const char *key = "driver.v_normal", *bad_key = "v_normal";
    const char *ok[] = {"1", "2", "3"}, *bad[] = {"1", "-2", "3"}, *comma[] = {"1,2"};
    ck_assert_int_eq(
        cwb_api_batch(path, NULL, 0, &bad_key, 1, ok, 3, NULL, NULL, NULL, &r, msg, sizeof msg),
        CWB_API_EINPUT);
    ck_assert_msg(strstr(msg, "expected a case key section.key"), "%s", msg);
    ck_assert_int_eq(
        cwb_api_batch(path, NULL, 0, &key, 1, bad, 3, NULL, NULL, NULL, &r, msg, sizeof msg),
        CWB_API_EINPUT);
    ck_assert_msg(strstr(msg, "samples:1: driver.v_normal") && strstr(msg, "allowed"), "%s", msg);
    ck_assert_int_eq(
        cwb_api_batch(path, NULL, 0, &key, 1, comma, 1, NULL, NULL, NULL, &r, msg, sizeof msg),
        CWB_API_EINPUT);
    ck_assert_ptr_null(r);
    progress_log p = {0};
    ck_assert_msg(cwb_api_batch(path, NULL, 0, &key, 1, ok, 3, "restitution_normal,contact_time",
                                note_progress, &p, &r, msg, sizeof msg) == CWB_API_OK,
                  "%s", msg);
    ck_assert_int_eq(p.calls, 3);
    ck_assert_int_eq(cwb_api_result_column_count(r), 2);
    ck_assert_str_eq(cwb_api_result_column_name(r, 1), "contact_time");
    ck_assert_str_eq(cwb_api_result_column_unit(r, 1), "s");
    /* Hertz contact time scales as v^(-1/5) (Johnson 1985, Contact
     * Mechanics, eq. 11.24): t(1)/t(3) = 3^(1/5); the integration's own
     * tolerance (dt_tol, 1e-6 by default) bounds the difference */
    const double *t = cwb_api_result_column(r, 1);
    ck_assert_rel(t[0] / t[2], pow(3.0, 0.2), 1e-5);
    cwb_api_result_free(r);
    p = (progress_log){.stop_at = 1};
    ck_assert_int_eq(
        cwb_api_batch(path, NULL, 0, &key, 1, ok, 3, NULL, note_progress, &p, &r, msg, sizeof msg),
        CWB_API_ECANCEL);
    ck_assert_ptr_null(r);
}
END_TEST

/* The API's fit: the command's fitted value, standard error and R^2
 * (12 digits of its JSON), and the parameters' accessors. */
START_TEST(test_api_fit_as_cli)
{
    scratch s;
    scratch_open(&s);
    const char *path = "examples/damping_for_restitution.fit";
    const char *args[] = {"fit", path, "--json", "--no-plot", "--out", s.dir, NULL};
    ck_assert_msg(cli(&s, args) == 0, "cwb fit failed");
    char *json = test_slurp(s.log);
    char msg[CWB_MSG], want[64], got[64];
    cwb_api_result *r = NULL;
    progress_log p = {0};
    ck_assert_msg(cwb_api_fit(path, NULL, note_progress, &p, &r, msg, sizeof msg) == CWB_API_OK,
                  "%s", msg);
    ck_assert_msg(p.calls > 3 && p.last_total == 0, "%zu progress calls", p.calls);
    ck_assert_int_eq(cwb_api_result_param_count(r), 1);
    ck_assert_str_eq(cwb_api_result_param_name(r, 0), "damping.e");
    const char *at = strstr(json, "\"damping.e\": {");
    ck_assert_ptr_nonnull(at);
    as_json(cwb_api_result_param_value(r, 0), got, sizeof got);
    ck_assert_str_eq(got, json_value(at, "value", want, sizeof want));
    ck_assert_msg(json_value(json, "r_squared", want, sizeof want), "no r_squared");
    as_json(cwb_api_result_get(r, "r_squared"), got, sizeof got);
    ck_assert_str_eq(got, want);
    /* one target, one key: an exact calibration, no standard error */
    ck_assert(isnan(cwb_api_result_param_stderr(r, 0)));
    ck_assert(isnan(cwb_api_result_covariance(r, 0, 0)));
    /* the table: the target and the run at the fitted value */
    ck_assert_int_eq(cwb_api_result_rows(r), 1);
    ck_assert_str_eq(cwb_api_result_column_name(r, 0), "impact_velocity");
    /* nothing written without a folder */
    ck_assert_msg(access("damping_for_restitution_fit.csv", F_OK) != 0 &&
                      access("examples/damping_for_restitution_fit.csv", F_OK) != 0,
                  "a fit without a folder wrote a file");
    cwb_api_result_free(r);
    free(json);
    ck_assert_int_eq(cwb_api_fit("examples/no_such.fit", NULL, NULL, NULL, &r, msg, sizeof msg),
                     CWB_API_EINPUT);
    test_tmp_remove(s.dir);
}
END_TEST

Suite *api_run_suite(void)
{
    Suite *s = suite_create("api_run");
    TCase *tc = test_tcase("api_run", 60);
    tcase_add_test(tc, test_api_run_as_cli_json);
    tcase_add_test(tc, test_api_run_and_batch_bitwise);
    tcase_add_test(tc, test_api_batch_dt_reuse_is_the_commands);
    tcase_add_test(tc, test_api_run_refusals_as_cli);
    tcase_add_test(tc, test_api_run_text);
    tcase_add_test(tc, test_api_sweep_as_cli);
    tcase_add_test(tc, sweep_says_a_shared_warning_once);
    tcase_add_test(tc, test_api_sweep_keeps_row_warnings);
    tcase_add_test(tc, test_api_batch_checks_and_rows);
    tcase_add_test(tc, test_api_fit_as_cli);
    suite_add_tcase(s, tc);
    return s;
}
