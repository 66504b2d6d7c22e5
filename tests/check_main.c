/* check_main.c -- runs every Check suite of cwb. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <regex.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>

#include "cwb_files.h"
#include "cwb_test.h"

void test_bad_studies(const char *tag, const char *head, const char *const (*bad)[3], size_t count)
{
    char dir[256], study[300], log[320];
    test_tmp_make(dir, sizeof dir, tag);
    ck_assert(dir[0]);
    test_tmp_path(dir, "t.study", study, sizeof study);
    test_tmp_path(dir, "t.log", log, sizeof log);
    const char *cwb = getenv("CWB_BIN");
    ck_assert_msg(cwb != NULL, "CWB_BIN is not set (run through make check)");
    for (size_t i = 0; i < count; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s", head, bad[i][0]);
        test_write_file(study, text);
        char *argv[] = {(char *)cwb, "reference", study, "--out", dir, "--work", dir, NULL};
        int st = cwb_spawn(argv, NULL, log);
        FILE *f = fopen(log, "r");
        ck_assert_ptr_nonnull(f);
        char err[2048];
        size_t got = fread(err, 1, sizeof err - 1, f);
        err[got] = '\0';
        fclose(f);
        ck_assert_msg(st == 2 && strstr(err, bad[i][1]) && strstr(err, bad[i][2]),
                      "row %zu: status %d: %s", i, st, err);
    }
    test_tmp_remove(dir);
}

/* RLIMIT_CPU for the forked test process; a test over budget gets SIGXCPU,
 * which Check reports as an error naming the test. Under CK_FORK=no (the
 * valgrind target) every test shares one process, so no limit is set. */
static void cpu_budget(double seconds)
{
    const char *fork = getenv("CK_FORK");
    if (fork && strcmp(fork, "no") == 0)
        return;
    const char *scale_text = getenv("CWB_TEST_CPU_SCALE");
    double scale = scale_text ? strtod(scale_text, NULL) : 1.0;
    if (!(scale > 0.0 && scale < 1e3))
        scale = 1.0;
    rlim_t budget = (rlim_t)(seconds * scale + 0.999);
    struct rlimit lim;
    if (getrlimit(RLIMIT_CPU, &lim) != 0)
        return;
    struct rusage used;
    getrusage(RUSAGE_SELF, &used);
    rlim_t want =
        (rlim_t)used.ru_utime.tv_sec + (rlim_t)used.ru_stime.tv_sec + (budget > 0 ? budget : 1);
    if (lim.rlim_max == RLIM_INFINITY || want < lim.rlim_max) {
        lim.rlim_cur = want;
        setrlimit(RLIMIT_CPU, &lim);
    }
}
static void cpu_budget_30(void)
{
    cpu_budget(30);
}
static void cpu_budget_60(void)
{
    cpu_budget(60);
}
static void cpu_budget_120(void)
{
    cpu_budget(120);
}
static void cpu_budget_600(void)
{
    cpu_budget(600);
}

TCase *test_tcase(const char *name, int cpu_seconds)
{
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, 0); /* 0: no wall-clock limit */
    void (*fixture)(void) = cpu_seconds <= 30    ? cpu_budget_30
                            : cpu_seconds <= 60  ? cpu_budget_60
                            : cpu_seconds <= 120 ? cpu_budget_120
                                                 : cpu_budget_600;
    tcase_add_checked_fixture(tc, fixture, NULL);
    return tc;
}

void test_tmp_make(char *dir, size_t n, const char *tag)
{
    snprintf(dir, n, "/tmp/cwb-test-%s-XXXXXX", tag);
    if (!mkdtemp(dir))
        dir[0] = '\0';
}

void test_tmp_remove(const char *dir)
{
    if (!dir[0])
        return;
    DIR *d = opendir(dir);
    for (struct dirent *e = d ? readdir(d) : NULL; e; e = readdir(d)) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

const char *test_tmp_path(const char *dir, const char *name, char *buf, size_t n)
{
    ck_assert_msg(dir[0], "no temporary folder");
    snprintf(buf, n, "%s/%s", dir, name);
    return buf;
}

const char *test_root(void)
{
    static char root[PATH_MAX];
    if (!root[0])
        ck_assert_msg(getcwd(root, sizeof root) != NULL, "getcwd failed");
    return root;
}

void test_fputs_rooted(FILE *f, const char *text)
{
    for (const char *p = text; *p;) {
        const char *at = strstr(p, "$ROOT");
        if (!at) {
            fputs(p, f);
            break;
        }
        fwrite(p, 1, (size_t)(at - p), f);
        fputs(test_root(), f);
        p = at + 5;
    }
}

int test_made_line(const char *text, char *line, size_t n)
{
    static const char grammar[] =
        "^# made: [0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]) ([01][0-9]|2[0-3]):[0-5][0-9] "
        "UTC on [^ (),]+ \\([^,].*, [0-9]+ cores?\\), cwb [^ ,]+, command: [^ ].*$";
    regex_t re;
    ck_assert_int_eq(regcomp(&re, grammar, REG_EXTENDED | REG_NOSUB), 0);
    int found = 0;
    line[0] = '\0';
    for (const char *p = text; *p == '#'; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "") {
        size_t len = strcspn(p, "\n");
        if (found) { /* a '#' line after it: the made line is the block's last */
            snprintf(line, n, "not the last '#' line: %.*s", (int)len, p);
            found = -1;
            break;
        }
        if (strncmp(p, "# made:", 7) != 0)
            continue;
        snprintf(line, n, "%.*s", (int)len, p);
        if (found++ || regexec(&re, line, 0, NULL, 0) != 0) {
            found = -1;
            break;
        }
    }
    regfree(&re);
    return found;
}

char *test_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    for (size_t got; text && (got = fread(text + len, 1, cap - len - 1, f)) > 0;) {
        len += got;
        if (len + 1 < cap)
            continue;
        char *more = realloc(text, cap *= 2);
        if (!more)
            free(text);
        text = more;
    }
    fclose(f);
    if (text)
        text[len] = '\0';
    return text;
}

char *test_slurp(const char *path)
{
    char *text = test_read_file(path);
    ck_assert_msg(text != NULL, "cannot read %s: %s", path, strerror(errno));
    return text;
}

char *test_read_or_empty(const char *path)
{
    char *text = test_read_file(path);
    if (!text)
        text = calloc(1, 1);
    ck_assert_ptr_nonnull(text);
    return text;
}

char *test_rooted(const char *text)
{
    size_t n = strlen(text), cap = 2 * n + 64, used = 0;
    char *out = malloc(cap);
    ck_assert_ptr_nonnull(out);
    for (size_t i = 0; i < n; i++) {
        int at_path = strncmp(text + i, "../", 3) == 0 && i > 0 && strchr("= ,;", text[i - 1]);
        if (at_path && used + 6 < cap) {
            memcpy(out + used, "$ROOT/", 6);
            used += 6;
            i += 2;
        } else if (used + 1 < cap)
            out[used++] = text[i];
    }
    out[used] = '\0';
    return out;
}

void test_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot write %s", path);
    test_fputs_rooted(f, text);
    ck_assert_msg(fclose(f) == 0, "cannot write %s", path);
}

cwb_case *test_load(const char *path, const char *const *over, size_t n)
{
    char msg[CWB_MSG];
    cwb_case *c = cwb_case_new();
    ck_assert_ptr_nonnull(c);
    int rc = cwb_case_load(c, path, over, n, msg, sizeof msg);
    ck_assert_msg(rc == CWB_OK, "loading %s failed: %s", path, msg);
    return c;
}

double test_rathbone_bracket(double x, double y, double mu, double y_hold)
{
    y = fmin(y, y_hold);
    double x1 = y < 1.0 ? 1.0 : fmax(0.0, -1.85 + 5.20 * mu);
    if (x < x1)
        return x < 1.0 ? pow(1.0 - x, 0.25) : 0.0;
    double a1 = 0.9 / tanh(0.24 * pow(y, 1.4)), b1 = pow(1.0 - x1, 0.25);
    double c1 = 1.51 / tanh(0.14 * pow(y, 1.99)), d1 = c1 * (1.0 - x1);
    double x2 = (d1 - b1) / (c1 - a1) + x1;
    return fmax(0.0, x < x2 ? b1 - a1 * (x - x1) : d1 - c1 * (x - x1));
}

int test_energy_laws_declare(const cwb_result *r, const char *what)
{
    static const struct {
        const char *head;
        cwb_kind kind;
    } kinds[] = {{"the normal law '", CWB_KIND_NORMAL},
                 {"the tangential law '", CWB_KIND_TANGENTIAL},
                 {"the rolling law '", CWB_KIND_ROLLING}};
    int count = 0;
    for (size_t w = 0; w < r->nwarn; w++)
        for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
            const char *at = strstr(r->warn[w], kinds[k].head);
            if (!at || !strstr(r->warn[w], "energy_"))
                continue;
            char name[64] = "";
            sscanf(at + strlen(kinds[k].head), "%63[a-z0-9_]", name);
            const cwb_law_head *h = cwb_law_find(kinds[k].kind, name);
            ck_assert_msg(h && h->creates_energy,
                          "%s: the %s law '%s' created energy it does not declare: %s", what,
                          cwb_kind_name(kinds[k].kind), name, r->warn[w]);
            count++;
        }
    return count;
}

void test_refused(const char *path, const char *const *over, size_t n, const char *what)
{
    char msg[CWB_MSG];
    cwb_case *c = cwb_case_new();
    ck_assert_ptr_nonnull(c);
    int rc = cwb_case_load(c, path, over, n, msg, sizeof msg);
    free(c);
    ck_assert_msg(rc == CWB_EINPUT, "%s was accepted (expected: %s)", path, what);
    ck_assert_msg(strstr(msg, what) != NULL, "'%s' not in: %s", what, msg);
}

void test_run(const char *path, const char *const *over, size_t n, cwb_result *r)
{
    char msg[CWB_MSG];
    cwb_case *c = test_load(path, over, n);
    int rc = cwb_run_case(c, r, msg, sizeof msg);
    free(c);
    ck_assert_msg(rc == CWB_OK, "running %s failed: %s", path, msg);
}

double test_col(const cwb_result *r, const char *name, size_t row)
{
    int i = cwb_series_find(&r->series, name);
    ck_assert_msg(i >= 0, "no column %s", name);
    ck_assert(row < r->series.nrow);
    return r->series.col[i].v[row];
}

int main(void)
{
    gsl_set_error_handler_off();
    SRunner *sr = srunner_create(laws_suite());
    srunner_add_suite(sr, collision_suite());
    srunner_add_suite(sr, plastic_laws_suite());
    srunner_add_suite(sr, hertz2d_suite());
    srunner_add_suite(sr, fit_suite());
    srunner_add_suite(sr, fit_material_suite());
    srunner_add_suite(sr, fit_tangential_suite());
    srunner_add_suite(sr, compare_suite());
    srunner_add_suite(sr, cite_suite());
    srunner_add_suite(sr, json_suite());
    srunner_add_suite(sr, fem_suite());
    srunner_add_suite(sr, fem_sphere_suite());
    srunner_add_suite(sr, fem_shear_suite());
    srunner_add_suite(sr, fem_impact_suite());
    srunner_add_suite(sr, history_suite());
    srunner_add_suite(sr, input_suite());
    srunner_add_suite(sr, tangential_suite());
    srunner_add_suite(sr, mbf_suite());
    srunner_add_suite(sr, api_suite());
    srunner_add_suite(sr, api_run_suite());
    srunner_add_suite(sr, plastic_suite());
    srunner_add_suite(sr, references_suite());
    srunner_add_suite(sr, safety_suite());
    srunner_add_suite(sr, sliding_suite());
    srunner_add_suite(sr, properties_suite());
    srunner_add_suite(sr, tangential_plastic_suite());
    srunner_add_suite(sr, batch_suite());
    srunner_add_suite(sr, rolling_suite());
    srunner_add_suite(sr, adhesion_suite());
    srunner_add_suite(sr, paths_suite());
    srunner_add_suite(sr, docs_suite());
    srunner_add_suite(sr, init_suite());
    srunner_add_suite(sr, examples_suite());
    srunner_add_suite(sr, energy_balance_suite());
    srunner_add_suite(sr, threads_suite());
    srunner_add_suite(sr, peer_suite());
    srunner_add_suite(sr, plot_lint_suite());
    srunner_add_suite(sr, pool_suite());
    srunner_add_suite(sr, outputs_suite());
    srunner_add_suite(sr, head_on_suite());
    srunner_add_suite(sr, verlet_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
