/* test_init.c -- `cwb init` (src/cli/init.c) through the built binary
 * (CWB_BIN), in a fresh temporary folder: the case it writes for every
 * driver of the registry with its default laws, and for every law of every
 * kind with a driver of its geometry, loads and runs (`cwb run --no-plot`,
 * exit 0) and lists every key of its driver and laws; a composition the
 * reader refuses is refused by init (exit 2) with the reader's reason and
 * nothing written; an unknown driver or law is refused (exit 2) naming it
 * and the names allowed; --out never replaces a file without --force. The
 * registries are looped over: a new law or driver is tested without a line
 * here. The tables' examples are checked as the reader checks values. */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cwb_files.h"
#include "cwb_test.h"

typedef struct {
    char dir[128], log[192];
} scratch;

static void scratch_make(scratch *s)
{
    snprintf(s->dir, sizeof s->dir, "/tmp/cwb-test-init-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(s->dir));
    snprintf(s->log, sizeof s->log, "%s/log.txt", s->dir);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

static void scratch_remove(const scratch *s)
{
    nftw(s->dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* The whole file, malloc'd ("" when absent). */

/* `cwb ARGS...` (NULL-ended) in folder s->dir, stdout and stderr to s->log;
 * its exit status. */
static int cwb(const scratch *s, const char *const *args)
{
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    char *argv[16] = {(char *)bin};
    size_t n = 1;
    for (; args[n - 1] && n + 1 < sizeof argv / sizeof *argv; n++)
        argv[n] = (char *)args[n - 1];
    argv[n] = NULL;
    return cwb_spawn(argv, s->dir, s->log);
}

/* The CPU seconds the children waited for so far have used. */
static double children_cpu(void)
{
    struct rusage u;
    getrusage(RUSAGE_CHILDREN, &u);
    return (double)u.ru_utime.tv_sec + 1e-6 * (double)u.ru_utime.tv_usec +
           (double)u.ru_stime.tv_sec + 1e-6 * (double)u.ru_stime.tv_usec;
}

static double cpu_scale(void)
{
    const char *t = getenv("CWB_TEST_CPU_SCALE");
    double x = t ? strtod(t, NULL) : 1.0;
    return x > 0.0 && x < 1e3 ? x : 1.0;
}

/* Whether text sets or lists key: a line "key = ..." or "# key =...". */
static int lists_key(const char *text, const char *key)
{
    char set[96], commented[100];
    snprintf(set, sizeof set, "\n%s = ", key);
    snprintf(commented, sizeof commented, "\n# %s =", key);
    return strstr(text, set) || strstr(text, commented);
}

/* The case at path lists every key of its driver and of each of its laws,
 * and of the sections with fixed tables. */
static void check_every_key(const char *path)
{
    char *text = test_read_or_empty(path);
    cwb_case *c = test_load(path, NULL, 0);
    for (const cwb_param *p = c->driver->params; p && p->name; p++)
        ck_assert_msg(lists_key(text, p->name), "%s: driver key %s missing", path, p->name);
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        for (const cwb_param *p = c->law[k]->params; p && p->name; p++)
            ck_assert_msg(lists_key(text, p->name), "%s: %s key %s missing", path, c->law[k]->name,
                          p->name);
    for (const cwb_case_section *s = cwb_case_sections; s->name; s++) {
        char head[64];
        snprintf(head, sizeof head, "# [%s] ", s->name);
        ck_assert_msg(strstr(text, head), "%s: section [%s] not described", path, s->name);
        for (const cwb_param *p = s->params; p && p->name && s->params != cwb_body_params; p++)
            ck_assert_msg(lists_key(text, p->name), "%s: [%s] %s missing", path, s->name, p->name);
    }
    free(c);
    free(text);
}

/* Every result the run names (its JSON's "units") fits CWB_NAME uncut:
 * a name of CWB_NAME - 1 characters may be the cut form of a longer one,
 * which a sweep or batch would table under another name than the run's. */
static void check_names_fit(const char *json, const char *file)
{
    const char *p = strstr(json, "\"units\": {");
    ck_assert_msg(p != NULL, "%s: no \"units\" in the JSON", file);
    for (p += 10; *p && *p != '}';) {
        const char *q = strchr(p, '"'), *e = q ? strchr(q + 1, '"') : NULL;
        ck_assert(q && e);
        ck_assert_msg(e - q - 1 < CWB_NAME - 1, "%s: the result %.*s does not fit CWB_NAME", file,
                      (int)(e - q - 1), q + 1);
        p = strchr(strchr(e + 1, '"') + 1, '"') + 1; /* past the unit */
        p += strspn(p, ", ");
    }
}

/* `cwb init DRIVER [--KIND LAW]` into s->dir/name.case: its exit status;
 * when 0 the case must list every key and `cwb run` it must exit 0. */
static int init_and_run(const scratch *s, const char *driver, const char *kind, const char *law,
                        const char *name)
{
    char file[256], opt[32];
    snprintf(file, sizeof file, "%s/%s.case", s->dir, name);
    snprintf(opt, sizeof opt, "--%s", kind ? kind : "");
    const char *init[] = {"init", driver, "--out", file, kind ? opt : NULL, law, NULL};
    int st = cwb(s, init);
    char *log = test_read_or_empty(s->log);
    if (st != 0) {
        ck_assert_msg(st == 2, "init %s %s %s: status %d: %s", driver, opt, law, st, log);
        ck_assert_msg(access(file, F_OK) != 0, "init %s %s %s refused and wrote %s", driver, opt,
                      law, file);
        /* a refusal is the reader's or the driver's, never an example missing */
        ck_assert_msg(!strstr(log, "missing required key"), "init %s %s %s: %s", driver, opt, law,
                      log);
        free(log);
        return st;
    }
    free(log);
    check_every_key(file);
    const char *run[] = {"run", file, "--no-plot", "--json", "--out", s->dir, NULL};
    st = cwb(s, run);
    log = test_read_or_empty(s->log);
    ck_assert_msg(st == 0, "cwb run of `cwb init %s %s %s`: status %d: %s", driver, opt,
                  law ? law : "", st, log);
    check_names_fit(log, file);
    free(log);
    return 0;
}

/* Every driver with its default laws: the case runs. The examples make
 * short runs: the nine inits and runs together take about 0.8 s of CPU
 * (user + system, -O2, most of it starting processes); 10 s is the bound
 * asserted. */
START_TEST(every_driver_runs_with_its_default_laws)
{
    scratch s;
    scratch_make(&s);
    double cpu0 = children_cpu();
    for (size_t i = 0; i < cwb_driver_count(); i++) {
        const char *d = cwb_driver_at(i)->name;
        ck_assert_msg(cwb_driver_at(i)->dims != 0, "driver %s declares no geometry", d);
        ck_assert_msg(init_and_run(&s, d, NULL, NULL, d) == 0, "init %s refused: %s", d,
                      test_read_or_empty(s.log));
    }
    double used = children_cpu() - cpu0;
    ck_assert_msg(used < 10.0 * cpu_scale(), "the default cases took %g s of CPU", used);
    scratch_remove(&s);
}
END_TEST

/* Every law of every kind with the first driver of the registry (collision
 * first) whose geometry it shares and that init accepts it with: the case
 * runs. A driver may refuse a law (collision refuses the normal law none:
 * no force stops the bodies), never with a case that fails to load; each
 * law must run with some driver. About 2.5 s of CPU for the 33 laws
 * (bound asserted: 20 s). */
START_TEST(every_law_runs_with_a_driver)
{
    scratch s;
    scratch_make(&s);
    double cpu0 = children_cpu();
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        for (size_t i = 0; i < cwb_law_count((cwb_kind)k); i++) {
            const cwb_law_head *h = cwb_law_at((cwb_kind)k, i);
            const char *kind = cwb_kind_name((cwb_kind)k);
            int ran = 0;
            for (size_t j = 0; !ran && j < cwb_driver_count(); j++) {
                const cwb_driver_type *d = cwb_driver_at(j);
                char name[96];
                snprintf(name, sizeof name, "%s_%s_%s", kind, h->name, d->name);
                if (d->dims & h->dims)
                    ran = init_and_run(&s, d->name, kind, h->name, name) == 0;
            }
            ck_assert_msg(ran, "the %s law %s runs with no driver", kind, h->name);
        }
    double used = children_cpu() - cpu0;
    ck_assert_msg(used < 20.0 * cpu_scale(), "the law cases took %g s of CPU", used);
    scratch_remove(&s);
}
END_TEST

/* Every key `cwb init` must set (REQUIRED) has an example, and every
 * example is a value the reader accepts for its key (kind and range). */
static void check_examples(const cwb_param *t, const char *owner)
{
    cwb_values *v = malloc(sizeof *v);
    ck_assert_ptr_nonnull(v);
    cwb_values_init(v, t);
    for (int i = 0; t && t[i].name; i++) {
        char msg[CWB_MSG];
        int needs = (t[i].flags & CWB_P_REQUIRED) && !(t == cwb_body_params && i == CWB_BODY_SHAPE);
        ck_assert_msg(!needs || t[i].example, "%s: required key %s has no example", owner,
                      t[i].name);
        if (t[i].example)
            ck_assert_msg(cwb_param_parse(v, i, t[i].example, msg, sizeof msg) == CWB_OK,
                          "%s: example of %s: %s", owner, t[i].name, msg);
        const char *with = t[i].example_with_law ? strchr(t[i].example_with_law, '=') : NULL;
        ck_assert_msg(!t[i].example_with_law || with,
                      "%s: %s: example_with_law '%s' is not kind=value", owner, t[i].name,
                      t[i].example_with_law);
        if (with)
            ck_assert_msg(cwb_param_parse(v, i, with + 1, msg, sizeof msg) == CWB_OK,
                          "%s: example_with_law of %s: %s", owner, t[i].name, msg);
    }
    free(v);
}

START_TEST(every_required_key_has_an_example)
{
    check_examples(cwb_body_params, "[body1]");
    for (size_t i = 0; i < cwb_driver_count(); i++)
        check_examples(cwb_driver_at(i)->params, cwb_driver_at(i)->name);
    for (int k = 0; k < CWB_KIND_COUNT; k++)
        for (size_t i = 0; i < cwb_law_count((cwb_kind)k); i++)
            check_examples(cwb_law_at((cwb_kind)k, i)->params, cwb_law_at((cwb_kind)k, i)->name);
}
END_TEST

/* A driver that applies a law of a kind only with one of its keys set
 * (roll's slip = law, profile's tangential displacement) gets that key
 * from `cwb init` when the law is named: the case runs. Before, both were
 * refused with the key to set in the message. */
START_TEST(a_driver_key_follows_the_law_named)
{
    scratch s;
    scratch_make(&s);
    ck_assert_int_eq(init_and_run(&s, "roll", "tangential", "mindlin", "roll_mindlin"), 0);
    ck_assert_int_eq(init_and_run(&s, "profile", "tangential", "hertz2d_accurate", "profile_2d"),
                     0);
    scratch_remove(&s);
}
END_TEST

/* A collision case with a tangential law is an oblique impact, so that the
 * law acts: `cwb init collision --tangential mindlin` wrote v_tangential
 * 0, a head-on impact whose tangential restitution was undefined. Without
 * a tangential law the impact stays head-on (v_tangential commented out at
 * its default 0). The run's e_t is defined and the law took energy by
 * slip: a range check, not a reference value (mindlin at 26.6 deg with mu
 * 0.3 sticks in part, tan 26.6 deg = 0.5 < (7/2) mu (1 + e_n); an elastic
 * sphere's e_t then lies in (-1, 1), Maw, Barber & Fawcett 1976, "The
 * oblique impact of elastic spheres", Wear 38; the values themselves are
 * held to references in tests/test_collision.c). */
START_TEST(collision_with_a_tangential_law_is_oblique)
{
    scratch s;
    scratch_make(&s);
    char file[256], out[300];
    snprintf(file, sizeof file, "%s/oblique.case", s.dir);
    const char *init[] = {"init", "collision", "--tangential", "mindlin", "--out", file, NULL};
    ck_assert_int_eq(cwb(&s, init), 0);
    char *text = test_slurp(file);
    ck_assert_msg(strstr(text, "\nv_tangential = 0.5\n") && strstr(text, "\nmu = 0.3\n"),
                  "%s: no oblique impact", file);
    free(text);
    snprintf(out, sizeof out, "%s/out", s.dir);
    const char *run[] = {"run", file, "--no-plot", "--json", "--out", out, NULL};
    ck_assert_int_eq(cwb(&s, run), 0);
    char *log = test_read_or_empty(s.log);
    const char *et = strstr(log, "\"restitution_tangential\": "),
               *slip = strstr(log, "\"energy_dissipated_slip\": ");
    ck_assert_msg(et && slip, "%s", log);
    double e_t = strtod(et + strlen("\"restitution_tangential\": "), NULL);
    double d_slip = strtod(slip + strlen("\"energy_dissipated_slip\": "), NULL);
    ck_assert_msg(e_t > -1.0 && e_t < 1.0 && d_slip > 0.0, "e_t %g, slip dissipation %g J", e_t,
                  d_slip);
    free(log);
    const char *head_on[] = {"init", "collision", NULL};
    ck_assert_int_eq(cwb(&s, head_on), 0);
    log = test_read_or_empty(s.log);
    ck_assert_msg(strstr(log, "\n# v_tangential = 0\n") && strstr(log, "\n# dt_tol = 1e-06\n"),
                  "without a tangential law: %.300s", log);
    free(log);
    scratch_remove(&s);
}
END_TEST

/* An unknown driver, or an unknown law of any kind: exit 2, the name given
 * and the names allowed in the message, nothing on stdout. */
START_TEST(unknown_driver_or_law_refused)
{
    scratch s;
    scratch_make(&s);
    const char *bad_driver[] = {"init", "no_such_driver", NULL};
    ck_assert_int_eq(cwb(&s, bad_driver), 2);
    char *log = test_read_or_empty(s.log);
    ck_assert_msg(strstr(log, "no_such_driver") && strstr(log, cwb_driver_at(0)->name) &&
                      !strstr(log, "[contact]"),
                  "%s", log);
    free(log);
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        char opt[32];
        snprintf(opt, sizeof opt, "--%s", cwb_kind_name((cwb_kind)k));
        const char *bad_law[] = {"init", cwb_driver_at(0)->name, opt, "no_such_law", NULL};
        ck_assert_int_eq(cwb(&s, bad_law), 2);
        log = test_read_or_empty(s.log);
        ck_assert_msg(
            strstr(log, "no_such_law") &&
                strstr(log, cwb_law_at((cwb_kind)k, cwb_law_count((cwb_kind)k) - 1)->name) &&
                !strstr(log, "[contact]"),
            "%s: %s", opt, log);
        free(log);
    }
    const char *none[] = {"init", NULL};
    ck_assert_int_eq(cwb(&s, none), 2);
    scratch_remove(&s);
}
END_TEST

/* Laws that do not go together are refused before anything is written: a
 * 2D law with a 3D one, a damping law calibrated on another normal law, and
 * a collision without a normal force (before, the case loaded and the run
 * failed with exit 1 after searching for the peak overlap). */
START_TEST(incompatible_laws_refused)
{
    static const char *const bad[][5] = {
        {"collision", "--normal", "hertz", "--tangential", "hertz2d_accurate"},
        {"collision", "--normal", "linear", "--damping", "tsuji"},
        {"collision", "--normal", "none", NULL, NULL},
        {"trajectory", "--normal", "thornton", NULL, NULL},
    };
    static const char *const why[] = {"geometry", "calibrated on the 'hertz'", "normal = none",
                                      "2D discs"};
    scratch s;
    scratch_make(&s);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char file[256];
        snprintf(file, sizeof file, "%s/bad.case", s.dir);
        const char *args[] = {"init",    bad[i][0], "--out",   file, bad[i][1],
                              bad[i][2], bad[i][3], bad[i][4], NULL};
        int st = cwb(&s, args);
        char *log = test_read_or_empty(s.log);
        ck_assert_msg(st == 2 && strstr(log, why[i]), "row %zu: status %d: %s", i, st, log);
        ck_assert_msg(access(file, F_OK) != 0, "row %zu wrote %s", i, file);
        free(log);
    }
    scratch_remove(&s);
}
END_TEST

/* stdout and --out give the same text; --out refuses an existing file
 * (exit 2, the file untouched) unless --force. */
START_TEST(out_is_atomic_and_kept)
{
    scratch s;
    scratch_make(&s);
    char file[256], keep[] = "a file the user wrote\n";
    snprintf(file, sizeof file, "%s/mine.case", s.dir);
    const char *to_stdout[] = {"init", "history", "--tangential", "mindlin", NULL};
    ck_assert_int_eq(cwb(&s, to_stdout), 0);
    char *printed = test_read_or_empty(s.log);
    FILE *f = fopen(file, "w");
    ck_assert_ptr_nonnull(f);
    fputs(keep, f);
    fclose(f);
    const char *to_file[] = {"init", "history", "--tangential", "mindlin", "--out", file, NULL};
    ck_assert_int_eq(cwb(&s, to_file), 2);
    char *log = test_read_or_empty(s.log), *kept = test_read_or_empty(file);
    ck_assert_msg(strstr(log, "--force") && strcmp(kept, keep) == 0, "%s", log);
    free(log), free(kept);
    const char *forced[] = {"init",  "history", "--tangential", "mindlin",
                            "--out", file,      "--force",      NULL};
    ck_assert_int_eq(cwb(&s, forced), 0);
    char *written = test_read_or_empty(file);
    ck_assert_msg(strcmp(written, printed) == 0, "stdout and --out differ");
    free(written), free(printed);
    scratch_remove(&s);
}
END_TEST

Suite *init_suite(void)
{
    Suite *s = suite_create("init");
    TCase *tc = test_tcase("init", 30);
    tcase_add_test(tc, every_required_key_has_an_example);
    tcase_add_test(tc, every_driver_runs_with_its_default_laws);
    tcase_add_test(tc, every_law_runs_with_a_driver);
    tcase_add_test(tc, a_driver_key_follows_the_law_named);
    tcase_add_test(tc, collision_with_a_tangential_law_is_oblique);
    tcase_add_test(tc, unknown_driver_or_law_refused);
    tcase_add_test(tc, incompatible_laws_refused);
    tcase_add_test(tc, out_is_atomic_and_kept);
    suite_add_tcase(s, tc);
    return s;
}
