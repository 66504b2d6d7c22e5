/* test_paths.c -- a relative path inside a case file, fit-case or study is
 * read from the folder of the file that names it (src/io/cwb_paths.h), so
 * every shipped case runs from any working directory. */
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cwb_files.h"
#include "cwb_paths.h"
#include "cwb_run.h"
#include "cwb_test.h"

/* The rule on paths whose answer is known by hand. */
START_TEST(resolve_from_the_naming_file)
{
    static const struct {
        const char *file, *list, *want;
    } rows[] = {
        {"cases/a.case", "../reference/x.csv", "reference/x.csv"},
        {"cases/a.case", "b.csv", "cases/b.csv"},
        {"cases/a.case", "/abs/x.csv", "/abs/x.csv"},
        {"a.case", "x.csv", "x.csv"},
        {"/r/cases/a.case", "../ref/x.csv", "/r/ref/x.csv"},
        {"/a.case", "x.csv", "/x.csv"},
        {"cases/a.case", "../../x.csv", "../x.csv"},
        {"cases/sub/./a.case", "./x.csv", "cases/sub/x.csv"},
        /* lists keep their separators and blanks ([sweep] reference groups) */
        {"cases/a.case", "../r/x.csv, ../r/y.csv; z.csv", "r/x.csv, r/y.csv; cases/z.csv"},
        /* an indented continuation line is joined with a space */
        {"cases/a.case", "x.csv ../y.csv", "cases/x.csv y.csv"},
        /* a glob pattern is joined like a path ([fit] data) */
        {"cases/a.fit", "../reference/fem/grid_*.csv", "reference/fem/grid_*.csv"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char out[CWB_TEXT];
        ck_assert_int_eq(cwb_path_resolve_list(rows[i].file, rows[i].list, out, sizeof out),
                         CWB_OK);
        ck_assert_msg(strcmp(out, rows[i].want) == 0, "row %zu: %s from %s gave %s, expected %s", i,
                      rows[i].list, rows[i].file, out, rows[i].want);
    }
    char small[8];
    ck_assert_int_eq(cwb_path_resolve_list("cases/a.case", "../reference/x.csv", small, 8),
                     CWB_EINPUT);
}
END_TEST

/* "link/.." is not the link's parent: the lexical form is kept only where
 * it names the same file. */
START_TEST(symlinked_folder_keeps_the_joined_path)
{
    char dir[256], real[300], link[300], file[300], out[CWB_TEXT];
    test_tmp_make(dir, sizeof dir, "paths");
    snprintf(real, sizeof real, "%s/deep", dir);
    ck_assert_int_eq(mkdir(real, 0700), 0);
    snprintf(file, sizeof file, "%s/deep/x.csv", dir);
    test_write_file(file, "x\n");
    snprintf(real, sizeof real, "%s/deep/inner", dir);
    ck_assert_int_eq(mkdir(real, 0700), 0);
    snprintf(link, sizeof link, "%s/link", dir);
    ck_assert_int_eq(symlink(real, link), 0);
    /* a case in DIR/link/ (really DIR/deep/inner/) naming ../x.csv means DIR/deep/x.csv */
    char casefile[320];
    snprintf(casefile, sizeof casefile, "%s/a.case", link);
    ck_assert_int_eq(cwb_path_resolve_list(casefile, "../x.csv", out, sizeof out), CWB_OK);
    char a[PATH_MAX], b[PATH_MAX];
    ck_assert_msg(realpath(out, a) && realpath(file, b) && strcmp(a, b) == 0, "%s does not name %s",
                  out, file);
    unlink(link);
    unlink(file);
    rmdir(real);
    snprintf(real, sizeof real, "%s/deep", dir);
    rmdir(real);
    test_tmp_remove(dir);
}
END_TEST

/* Every shipped case loads (its reference files opened) from another
 * working directory, named by absolute path; a --set path is read from the
 * working directory. */
START_TEST(every_case_loads_from_another_folder)
{
    char cases[PATH_MAX];
    snprintf(cases, sizeof cases, "%s/cases", test_root());
    DIR *d = opendir(cases);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(chdir("/tmp"), 0);
    size_t loaded = 0;
    for (struct dirent *e = readdir(d); e; e = readdir(d)) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".case") != 0)
            continue;
        char path[PATH_MAX + 300];
        snprintf(path, sizeof path, "%s/%s", cases, e->d_name);
        cwb_case *c = test_load(path, NULL, 0);
        const char *ref = c->output_values.text[CWB_OUT_REFERENCE];
        ck_assert_msg(!ref[0] || access(ref, R_OK) == 0, "%s: reference %s", path, ref);
        free(c);
        loaded++;
    }
    closedir(d);
    /* guard: the folder holds about 200 cases; a listing gone wrong finds none */
    ck_assert_msg(loaded >= 190, "only %zu cases loaded", loaded);
    char shipped[PATH_MAX + 64], set[PATH_MAX + 128];
    snprintf(shipped, sizeof shipped, "%s/chung_ooi_1_glass.case", cases);
    snprintf(set, sizeof set,
             "output.reference=%s/reference/analytic/hertz_impact_chung_ooi_1_glass.csv",
             test_root());
    const char *over[] = {set};
    free(test_load(shipped, over, 1));
    const char *relative[] = {"output.reference=reference/analytic/linear_impact.csv"};
    test_refused(shipped, relative, 1, "cannot open reference/analytic/linear_impact.csv");
}
END_TEST

/* A fit-case names its case by a path from its own folder: cwb fit runs
 * from /tmp with the fit-case given by absolute path. */
START_TEST(fit_runs_from_another_folder)
{
    char dir[256], fit[PATH_MAX], log[300];
    test_tmp_make(dir, sizeof dir, "pathfit");
    snprintf(fit, sizeof fit, "%s/cases/seed000_fig15_kn.fit", test_root());
    snprintf(log, sizeof log, "%s/log", dir);
    const char *cwb = getenv("CWB_BIN");
    ck_assert_ptr_nonnull(cwb);
    char *argv[] = {(char *)cwb, "fit", fit, "--out", dir, "--no-plot", NULL};
    int st = cwb_spawn(argv, "/tmp", log);
    ck_assert_msg(st == 0, "cwb fit from /tmp: exit status %d (see %s)", st, log);
    test_tmp_remove(dir);
}
END_TEST

Suite *paths_suite(void)
{
    Suite *s = suite_create("paths");
    TCase *tc = test_tcase("paths", 60);
    tcase_add_test(tc, resolve_from_the_naming_file);
    tcase_add_test(tc, symlinked_folder_keeps_the_joined_path);
    tcase_add_test(tc, every_case_loads_from_another_folder);
    tcase_add_test(tc, fit_runs_from_another_folder);
    suite_add_tcase(s, tc);
    return s;
}
