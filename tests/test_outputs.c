/* test_outputs.c -- the output contract (doc/outputs.md): one number
 * format in every CSV and JSON (the shortest text that reads back to the
 * same double, never "-0", never "nan"), the same names and units for the
 * same results in the CSVs of run, sweep and batch, and a provenance from
 * which a run's CSV reproduces itself. */
#include <ctype.h>
#include <fcntl.h>
#include <glob.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cwb_files.h"
#include "cwb_numeric.h"
#include "cwb_test.h"

/* The fewest significant digits p (1..17) whose "%.*g" reads back to x:
 * the definition of the shortest round trip, tried digit by digit (the
 * formatter under test must find the same count with fewer tries). */
static int fewest_digits(double x)
{
    char buf[64];
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*g", p, x);
        if (strtod(buf, NULL) == x)
            return p;
    }
    return 17;
}

/* Significant digits of a %g text: the digits of its mantissa, leading
 * and trailing zeros left out ("529820" has five, as "5.2982e+05"). */
static int digits_of(const char *s)
{
    char d[64];
    size_t n = 0;
    for (; *s && *s != 'e' && *s != 'E' && n + 1 < sizeof d; s++)
        if (*s >= '0' && *s <= '9' && (n || *s != '0'))
            d[n++] = *s;
    while (n > 1 && d[n - 1] == '0')
        n--;
    return n ? (int)n : 1;
}

/* Every double, drawn from its bit patterns (all exponents, both signs,
 * subnormals), and the values people and sweeps write: the text reads back
 * to the same double, with no more digits than the fewest that do, and a
 * zero is "0" whatever its sign (a "-0" in a CSV reads as a distinct value
 * to no one and as noise to everyone). */
START_TEST(format_shortest_round_trips_in_fewest_digits)
{
    uint64_t state = 0x9E3779B97F4A7C15ULL; /* splitmix64: a reproducible stream */
    char buf[40];
    for (int i = 0; i < 200000; i++) {
        uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        double x;
        if (i % 4 == 0) /* a short decimal: k / 10^j */
            x = (double)(int64_t)(z % 2000001 - 1000000) / pow(10.0, (double)((z >> 40) % 12));
        else
            memcpy(&x, &z, sizeof x);
        if (!isfinite(x))
            continue;
        cwb_format_shortest(x, buf, sizeof buf);
        ck_assert_msg(strtod(buf, NULL) == x, "%.17g printed as %s", x, buf);
        ck_assert_msg(digits_of(buf) <= fewest_digits(x), "%.17g printed as %s, %d digits do", x,
                      buf, fewest_digits(x));
    }
    /* Integers below 1e15 are written without printf: the same text as
     * %.15g, which prints every such integer exactly (C11 7.21.6.1). */
    for (int i = 0; i < 20000; i++) {
        uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z ^= z >> 27;
        double x = (double)(int64_t)(z % 1999999999999999ULL) - 999999999999999.0;
        x = i % 2 ? x : trunc(x / pow(10.0, (double)(z >> 60)));
        char want[40];
        snprintf(want, sizeof want, "%.15g", x == 0.0 ? 0.0 : x);
        cwb_format_shortest(x, buf, sizeof buf);
        ck_assert_str_eq(buf, want);
    }
    static const struct {
        double x;
        const char *text;
    } known[] = {{0.1, "0.1"},
                 {-0.0, "0"},
                 {0.0, "0"},
                 {150, "150"},
                 {1e15, "1e+15"},
                 {2.5e-8, "2.5e-08"},
                 {1.0 / 3.0, "0.3333333333333333"},
                 {0.1 + 0.2, "0.30000000000000004"},
                 {-1e-300, "-1e-300"}};
    for (size_t k = 0; k < sizeof known / sizeof *known; k++) {
        cwb_format_shortest(known[k].x, buf, sizeof buf);
        ck_assert_str_eq(buf, known[k].text);
    }
}
END_TEST

/* `cwb ARGS...` (CWB_BIN) with stdout to the file out (NULL: discarded) and
 * stderr discarded; its exit status. */
static int cwb_to(const char *out, const char *const *args)
{
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    char *argv[40];
    size_t k = 0;
    argv[k++] = (char *)bin;
    for (; args[k - 1] && k + 1 < 40; k++)
        argv[k] = (char *)args[k - 1];
    argv[k] = NULL;
    pid_t pid = fork();
    ck_assert(pid >= 0);
    if (pid == 0) {
        int fd = open(out ? out : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int null = open("/dev/null", O_WRONLY);
        if (fd < 0 || null < 0 || dup2(fd, 1) < 0 || dup2(null, 2) < 0)
            _exit(127);
        execv(bin, argv);
        _exit(127);
    }
    int status;
    ck_assert(waitpid(pid, &status, 0) == pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot read %s", path);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    rewind(f);
    char *s = malloc((size_t)len + 1);
    ck_assert_ptr_nonnull(s);
    s[fread(s, 1, (size_t)len, f)] = '\0';
    fclose(f);
    return s;
}

/* The header row of a CSV (the first line that is not a '#' line), cut
 * into its cells in place. */
static size_t header_cells(char *text, char **cell, size_t max)
{
    char *line = text;
    while (*line == '#')
        line = strchr(line, '\n') + 1;
    line[strcspn(line, "\n")] = '\0';
    size_t k = 0;
    for (char *save = NULL, *p = strtok_r(line, ",", &save); p && k < max;
         p = strtok_r(NULL, ",", &save))
        cell[k++] = p;
    return k;
}

/* The "name[unit]" of every result in a run's JSON ("units": {"name":
 * "unit", ...}), into one text, each followed by a newline. */
static void run_results(const char *json, char *out, size_t n)
{
    const char *p = strstr(json, "\"units\": {");
    ck_assert_ptr_nonnull(p);
    p += strlen("\"units\": {");
    size_t used = 0;
    out[0] = '\0';
    while (*p == '"') {
        char name[64], unit[32];
        int len = 0;
        ck_assert(sscanf(p, "\"%63[^\"]\": \"%31[^\"]\"%n", name, unit, &len) == 2);
        used += (size_t)snprintf(out + used, n - used, "%s[%s]\n", name, unit);
        p += len;
        p += strspn(p, ", ");
    }
}

/* 1 when "cell\n" is a line of list. */
static int listed(const char *list, const char *cell)
{
    size_t len = strlen(cell);
    for (const char *p = strstr(list, cell); p; p = strstr(p + 1, cell))
        if ((p == list || p[-1] == '\n') && p[len] == '\n')
            return 1;
    return 0;
}

/* The record every CSV opens with (doc/outputs.md): cwb's version and
 * commit with GSL's version, the date in UTC, the command line. */
static void assert_recorded(const char *file, const char *text, const char *command)
{
    char head[64];
    snprintf(head, sizeof head, "# cwb %s (commit %s; GSL ", CWB_VERSION, cwb_commit());
    ck_assert_msg(strstr(text, head) != NULL, "%s: no line %s...", file, head);
    const char *date = strstr(text, "\n# date: ");
    int y, mo, d, h, mi, sec;
    char z = 0;
    ck_assert_msg(date &&
                      sscanf(date, "\n# date: %4d-%2d-%2dT%2d:%2d:%2d%c", &y, &mo, &d, &h, &mi,
                             &sec, &z) == 7 &&
                      z == 'Z',
                  "%s: no date in UTC, ISO 8601", file);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "\n# command: cwb %s ", command);
    ck_assert_msg(strstr(text, cmd) != NULL, "%s: no line %s...", file, cmd + 1);
}

/* The same case through `cwb run`, `cwb sweep` and `cwb batch`: every result
 * the sweep's and the batch's CSV table is one the run reports, under the
 * same name and unit, and they table all of them. A result name is never
 * cut to fit a column (energy_dissipated_rolling_viscous was tabled by
 * the sweep as energy_dissipated_rolling_visco). Each CSV, and a fit's,
 * opens with the record of how it was made, a --set override marked. */
START_TEST(csv_headers_name_results_alike)
{
    char dir[256], json[300], table[300], batch[300], sweep[300], all[8192];
    test_tmp_make(dir, sizeof dir, "headers");
    ck_assert(dir[0]);
    test_tmp_path(dir, "run.json", json, sizeof json);
    test_tmp_path(dir, "samples.csv", table, sizeof table);
    test_tmp_path(dir, "batch.csv", batch, sizeof batch);
    test_tmp_path(dir, "linear_spring_impact_sweep.csv", sweep, sizeof sweep);
    const char *c = "cases/linear_spring_impact.case";
    const char *run[] = {"run",   c,   "--no-plot", "--json", "--set", "driver.rows=500",
                         "--out", dir, NULL};
    ck_assert_int_eq(cwb_to(json, run), 0);
    char *text = slurp(json);
    run_results(text, all, sizeof all);
    free(text);
    char csv_run[300], csv_fit[300];
    test_tmp_path(dir, "linear_spring_impact.csv", csv_run, sizeof csv_run);
    text = slurp(csv_run);
    assert_recorded(csv_run, text, "run");
    ck_assert_msg(strstr(text, "\n# driver.rows = 500 [-] (--set)\n"),
                  "%s: the override is not marked", csv_run);
    free(text);
    const char *fit[] = {"fit", "cases/seed000_fig15_kn.fit", "--no-plot", "--out", dir, NULL};
    ck_assert_int_eq(cwb_to(NULL, fit), 0);
    test_tmp_path(dir, "seed000_fig15_kn_fit.csv", csv_fit, sizeof csv_fit);
    text = slurp(csv_fit);
    assert_recorded(csv_fit, text, "fit");
    free(text);
    /* a key the results do not depend on, so that every value is compared
     * with the case's reference as the run is (a v_normal of 0.5 would be
     * refused it, and report ref_inputs_match instead) */
    const char *sw[] = {"sweep",     c,
                        "--vary",    "driver.max_steps=2e7:3e7:2",
                        "--set",     "driver.rows=500",
                        "--no-plot", "--out",
                        dir,         NULL};
    ck_assert_int_eq(cwb_to(NULL, sw), 0);
    test_write_file(table, "driver.max_steps\n2e7\n3e7\n");
    const char *bt[] = {"batch",           c,       "--samples", table, "--set",
                        "driver.rows=500", "--out", batch,       NULL};
    ck_assert_int_eq(cwb_to(NULL, bt), 0);
    const char *files[] = {sweep, batch}, *commands[] = {"sweep", "batch"};
    for (int f = 0; f < 2; f++) {
        char *csv = slurp(files[f]), *cell[128];
        assert_recorded(files[f], csv, commands[f]);
        ck_assert_msg(strstr(csv, "\n# driver.rows = 500 [-] (--set)\n"),
                      "%s: the override is not marked", files[f]);
        size_t n = header_cells(csv, cell, 128), first = f == 0 ? 1 : 2, last = f == 0 ? n : n - 1;
        size_t found = 0;
        for (size_t k = first; k < last; k++) {
            ck_assert_msg(listed(all, cell[k]), "%s: %s is no result of the run (%s)", files[f],
                          cell[k], c);
            found++;
        }
        size_t want = 0;
        for (const char *p = all; *p; p++)
            want += *p == '\n';
        ck_assert_msg(found == want, "%s tables %zu results, the run reports %zu", files[f], found,
                      want);
        free(csv);
    }
    test_tmp_remove(dir);
}
END_TEST

/* The rows of a CSV below its header row. */
static const char *data_rows(const char *text)
{
    const char *p = text;
    while (*p == '#')
        p = strchr(p, '\n') + 1;
    return strchr(p, '\n') + 1;
}

/* A provenance line "# SECTION.KEY = VALUE [UNIT] (TAG) ..." tagged tag:
 * "SECTION.KEY=VALUE" into out (a --set argument); 0 when the line is not
 * one. */
static int tagged_setting(const char *line, const char *tag, char *out, size_t n)
{
    char key[128], value[128];
    if (sscanf(line, "# %127[a-z0-9_].%*[a-z0-9_] = %127s", key, value) != 2)
        return 0;
    const char *eol = strchr(line, '\n');
    const char *at = strstr(line, tag);
    if (!at || (eol && at > eol))
        return 0;
    int klen = (int)strcspn(line + 2, " ");
    snprintf(out, n, "%.*s=%s", klen, line + 2, value);
    return 1;
}

/* A run's CSV reproduces itself from its own record: the overrides are
 * marked "(--set)" with their values, dt = auto records the step it chose
 * (not driver.dt = 0), and running the recorded case with those values
 * set (dt fixed at the recorded step) writes the same table, row for row
 * and digit for digit. The record also dates the run (UTC, ISO 8601) and
 * names the command line, cwb's version and commit, and GSL's version. */
START_TEST(run_csv_reproduces_itself)
{
    char dir[256], csv[300], again[400];
    test_tmp_make(dir, sizeof dir, "record");
    ck_assert(dir[0]);
    const char *run[] = {"run",       "cases/linear_spring_impact.case",
                         "--set",     "driver.v_normal=0.7",
                         "--set",     "normal.kn=2e6",
                         "--no-plot", "--out",
                         dir,         NULL};
    ck_assert_int_eq(cwb_to(NULL, run), 0);
    test_tmp_path(dir, "linear_spring_impact.csv", csv, sizeof csv);
    char *first = slurp(csv);
    char sets[8][160], *args[40] = {"run", NULL};
    size_t nset = 0, nargs = 1;
    int auto_dt = 0, dated = 0, commanded = 0, versioned = 0;
    for (const char *line = first; *line == '#'; line = strchr(line, '\n') + 1) {
        char set[160];
        int year, mon, day, h, m, sec;
        char z = 0;
        if (sscanf(line, "# date: %4d-%2d-%2dT%2d:%2d:%2d%c", &year, &mon, &day, &h, &m, &sec,
                   &z) == 7 &&
            z == 'Z')
            dated = 1;
        if (strncmp(line, "# command: ", 11) == 0)
            commanded = strstr(line, "--set driver.v_normal=0.7") && strstr(line, "run") &&
                        strstr(line, "normal.kn=2e6");
        if (strncmp(line, "# cwb ", 6) == 0)
            versioned = strstr(line, "commit ") && strstr(line, "GSL ");
        if (strncmp(line, "# case: ", 8) == 0 && nargs == 1) {
            static char path[256];
            snprintf(path, sizeof path, "%.*s", (int)strcspn(line + 8, "\n"), line + 8);
            args[nargs++] = path;
        }
        int is_set = tagged_setting(line, "(--set)", set, sizeof set);
        int is_auto = !is_set && tagged_setting(line, "(auto)", set, sizeof set);
        if ((is_set || is_auto) && nset < 8) {
            snprintf(sets[nset], sizeof sets[nset], "%s", set);
            args[nargs++] = "--set";
            args[nargs++] = sets[nset++];
        }
        auto_dt |= is_auto && strncmp(set, "driver.dt=", 10) == 0 && strtod(set + 10, NULL) > 0;
    }
    ck_assert_msg(dated && commanded && versioned, "%s: date %d, command %d, version %d", csv,
                  dated, commanded, versioned);
    ck_assert_msg(nset == 3 && auto_dt, "%s: %zu values marked --set or auto, dt %s", csv, nset,
                  auto_dt ? "recorded" : "not recorded");
    ck_assert_msg(nargs == 8, "%s: no '# case:' line", csv);
    char second[300];
    snprintf(second, sizeof second, "%s/again", dir);
    args[nargs++] = "--no-plot";
    args[nargs++] = "--out";
    args[nargs++] = second;
    args[nargs] = NULL;
    ck_assert_int_eq(cwb_to(NULL, (const char *const *)args), 0);
    snprintf(again, sizeof again, "%s/linear_spring_impact.csv", second);
    char *repeat = slurp(again);
    ck_assert_msg(strcmp(data_rows(first), data_rows(repeat)) == 0, "%s and %s: the tables differ",
                  csv, again);
    free(first);
    free(repeat);
    remove(again);
    rmdir(second);
    test_tmp_remove(dir);
}
END_TEST

/* The first word of text that is printf's spelling of a number that is not
 * one ("nan", "-nan", "inf", "-inf", any case), or a cell "-0": NULL when
 * none. A word is bounded by anything but letters, digits, '_' and '.'. */
static const char *bad_word(const char *text)
{
    for (const char *p = text; *p; p++) {
        if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.'))
            continue;
        const char *w = *p == '-' ? p + 1 : p;
        size_t len = 0;
        while (isalnum((unsigned char)w[len]) || w[len] == '_' || w[len] == '.')
            len++;
        if ((len == 3 && (strncasecmp(w, "nan", 3) == 0 || strncasecmp(w, "inf", 3) == 0)) ||
            (*p == '-' && len && strspn(w, "0.") == len && (p == text || p[-1] == ',') &&
             (w[len] == ',' || w[len] == '\n' || !w[len])))
            return p;
    }
    return NULL;
}

/* No shipped output spells an undefined value "nan" or an infinite one
 * "inf", nor writes a zero as "-0": every CSV cwb wrote into plots/ (make
 * demo) and the references computed for cwb in reference/analytic,
 * published and measured. (reference/fem is written by `cwb reference`
 * with gmsh and CalculiX, regenerated by make reference where they are
 * installed: its tables were written before the one number format.) */
START_TEST(shipped_outputs_hold_no_nan_nor_minus_zero)
{
    static const char *const patterns[] = {"plots/*.csv", "reference/analytic/*.csv",
                                           "reference/published/*.csv", "reference/measured/*.csv"};
    size_t files = 0;
    for (size_t k = 0; k < sizeof patterns / sizeof *patterns; k++) {
        glob_t g;
        if (glob(patterns[k], 0, NULL, &g) != 0)
            continue;
        for (size_t i = 0; i < g.gl_pathc; i++, files++) {
            char *text = slurp(g.gl_pathv[i]);
            const char *bad = bad_word(text);
            if (bad) {
                const char *line = bad;
                while (line > text && line[-1] != '\n')
                    line--;
                ck_abort_msg("%s: '%.*s' in: %.*s", g.gl_pathv[i], (int)strcspn(bad, ",\n )"), bad,
                             (int)strcspn(line, "\n"), line);
            }
            free(text);
        }
        globfree(&g);
    }
    ck_assert_msg(files > 100, "only %zu shipped CSVs found (run from the repository root)", files);
}
END_TEST

/* A fitted value whose standard error is undefined (an exact calibration:
 * one point, one parameter) is still stated under the fit plot's title:
 * the notes say "+- undefined" where printf said "+- nan", and the title
 * lost the value when its reader took only numbers. */
START_TEST(fit_title_states_a_value_without_error)
{
    char full[512];
    if (!cwb_on_path("gnuplot", full, sizeof full))
        return; /* the script is written only to be rendered */
    char dir[256], gp[300];
    test_tmp_make(dir, sizeof dir, "fittitle");
    ck_assert(dir[0]);
    const char *fit[] = {"fit", "cases/seed004_restitution_calibrate_thornton.fit", "--out", dir,
                         NULL};
    ck_assert_int_eq(cwb_to(NULL, fit), 0);
    test_tmp_path(dir, "seed004_restitution_calibrate_thornton_fit.gp", gp, sizeof gp);
    char *text = slurp(gp);
    ck_assert_msg(strstr(text, "'normal.sigma_y = "), "%s: the fitted value is not in the title",
                  gp);
    free(text);
    test_tmp_remove(dir);
}
END_TEST

Suite *outputs_suite(void)
{
    Suite *s = suite_create("outputs");
    TCase *tc = test_tcase("outputs", 60);
    tcase_add_test(tc, format_shortest_round_trips_in_fewest_digits);
    tcase_add_test(tc, csv_headers_name_results_alike);
    tcase_add_test(tc, run_csv_reproduces_itself);
    tcase_add_test(tc, shipped_outputs_hold_no_nan_nor_minus_zero);
    tcase_add_test(tc, fit_title_states_a_value_without_error);
    suite_add_tcase(s, tc);
    return s;
}
