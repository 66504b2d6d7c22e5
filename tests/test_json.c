/* test_json.c -- every --json answer is one valid JSON object (parsed by
 * Python's json module, a parser cwb does not share) naming the schema and
 * the command, with no NaN or Infinity even where a result is undefined. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cwb_files.h"
#include "cwb_test.h"

/* argv[0] = program; stdout to out, stderr discarded; the exit status. */
static int run_to(char *const argv[], const char *out)
{
    pid_t pid = fork();
    ck_assert(pid >= 0);
    if (pid == 0) {
        int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600), null = open("/dev/null", O_WRONLY);
        if (fd < 0 || null < 0 || dup2(fd, 1) < 0 || dup2(null, 2) < 0)
            _exit(127);
        execvp(argv[0], argv);
        _exit(127);
    }
    int status;
    ck_assert(waitpid(pid, &status, 0) == pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Python's strict json.load of file (NaN, Infinity refused), then the keys
 * every command's object has: 0 when all is well. */
static int valid_json(const char *file, const char *command)
{
    char script[512];
    snprintf(script, sizeof script,
             "import json,sys\n"
             "def bad(c): raise ValueError('non-standard constant ' + c)\n"
             "d = json.load(open(sys.argv[1]), parse_constant=bad)\n"
             "assert isinstance(d, dict), 'not one object'\n"
             "assert d['schema'] == 'cwb/1', d.get('schema')\n"
             "assert d['command'] == sys.argv[2], d.get('command')\n"
             "assert 'cwb' in d and 'output_dir' in d\n");
    char *argv[] = {"python3", "-c", script, (char *)file, (char *)command, NULL};
    char log[] = "/tmp/cwb-json-py-XXXXXX";
    int fd = mkstemp(log);
    ck_assert(fd >= 0);
    close(fd);
    int rc = run_to(argv, log);
    unlink(log);
    return rc;
}

START_TEST(json_answers_parse_with_a_real_parser)
{
    char full[512];
    if (!cwb_on_path("python3", full, sizeof full)) {
        fprintf(stderr, "test_json: python3 not found, skipped\n");
        return;
    }
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    char dir[] = "/tmp/cwb-json-XXXXXX", out[64];
    ck_assert(mkdtemp(dir) != NULL);
    snprintf(out, sizeof out, "%s/answer.json", dir);
    static const struct {
        const char *command, *file;
    } runs[] = {
        /* restitution_tangential is undefined here: null, not NaN */
        {"run", "cases/linear_spring_impact.case"},
        {"fit", "cases/seed000_fig15_kn.fit"},
        {"fit", "cases/seed004_restitution_calibrate_thornton.fit"}, /* stderr: NaN -> null */
    };
    for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
        char *argv[] = {(char *)bin,
                        (char *)runs[i].command,
                        (char *)runs[i].file,
                        "--json",
                        "--no-plot",
                        "--out",
                        dir,
                        NULL};
        ck_assert_int_eq(run_to(argv, out), 0);
        ck_assert_msg(valid_json(out, runs[i].command) == 0, "%s %s: not valid JSON",
                      runs[i].command, runs[i].file);
    }
    /* a sweep (every reference of a group in "deviations") and a batch */
    char *sweep[] = {(char *)bin, "sweep",     "cases/chung_ooi_4_al_alloy.case",
                     "--json",    "--no-plot", "--jobs",
                     "2",         "--out",     dir,
                     NULL};
    ck_assert_int_eq(run_to(sweep, out), 0);
    ck_assert_msg(valid_json(out, "sweep") == 0, "sweep: not valid JSON");
    char table[96], part[96];
    snprintf(table, sizeof table, "%s/samples.csv", dir);
    snprintf(part, sizeof part, "%s/part.csv", dir);
    FILE *f = fopen(table, "w");
    ck_assert(f != NULL);
    fputs("driver.v_normal\n0.5\n1.5\n", f);
    fclose(f);
    char *batch[] = {(char *)bin, "batch",  "cases/linear_spring_impact.case",
                     "--samples", table,    "--out",
                     part,        "--json", NULL};
    ck_assert_int_eq(run_to(batch, out), 0);
    ck_assert_msg(valid_json(out, "batch") == 0, "batch: not valid JSON");
    char *rm[] = {"rm", "-rf", dir, NULL};
    run_to(rm, "/dev/null");
}
END_TEST

Suite *json_suite(void)
{
    Suite *s = suite_create("json");
    TCase *tc = test_tcase("json", 60);
    tcase_add_test(tc, json_answers_parse_with_a_real_parser);
    suite_add_tcase(s, tc);
    return s;
}
