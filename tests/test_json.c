/* test_json.c -- every --json answer keeps the contract of doc/outputs.md
 * (tests/json_contract.py, with Python's json module: a parser cwb does not
 * share): one object naming the schema and the command, no NaN or Infinity
 * even where a result is undefined, every null listed in "undefined", a unit
 * for every result. */
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

/* tests/json_contract.py FILE COMMAND (Python's json module, a parser cwb
 * does not share): 0 when the answer keeps the contract of doc/outputs.md,
 * else its complaint in why. */
static int keeps_contract(const char *file, const char *command, char *why, size_t n)
{
    char *argv[] = {"python3", "tests/json_contract.py", (char *)file, (char *)command, NULL};
    char log[] = "/tmp/cwb-json-py-XXXXXX";
    int fd = mkstemp(log);
    ck_assert(fd >= 0);
    close(fd);
    int rc = cwb_spawn(argv, NULL, log);
    FILE *f = fopen(log, "r");
    why[0] = '\0';
    if (f) {
        why[fread(why, 1, n - 1, f)] = '\0';
        fclose(f);
    }
    unlink(log);
    return rc;
}

/* Every command's --json (run, sweep, batch, each fit model, describe,
 * laws, cite, verify) against the contract: one object, schema and
 * command, no NaN or Infinity, no key twice, exactly the nulls listed in
 * "undefined", a unit for every result, warnings; and the exit status of
 * the command as without --json. */
START_TEST(json_answers_keep_the_contract)
{
    char full[512];
    if (!cwb_on_path("python3", full, sizeof full)) {
        fprintf(stderr, "test_json: python3 not found, skipped\n");
        return;
    }
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    char dir[] = "/tmp/cwb-json-XXXXXX", out[64], table[96], part[96], verify[96];
    ck_assert(mkdtemp(dir) != NULL);
    snprintf(out, sizeof out, "%s/answer.json", dir);
    snprintf(table, sizeof table, "%s/samples.csv", dir);
    snprintf(part, sizeof part, "%s/part.csv", dir);
    snprintf(verify, sizeof verify, "%s/verify", dir);
    FILE *f = fopen(table, "w");
    ck_assert(f != NULL);
    /* the second sample fails (20 steps cannot finish the impact): a row of
     * nulls with its message */
    fputs("driver.v_normal,driver.max_steps\n0.5,2e7\n1.5,20\n", f);
    fclose(f);
    static const struct {
        const char *command, *args[8];
        int status;
    } answers[] = {
        /* restitution_tangential is undefined here: null, not NaN */
        {"run", {"cases/linear_spring_impact.case", "--no-plot", "--out", "DIR"}, 0},
        /* every reference of a group in "deviations", a failed value's row */
        {"sweep",
         {"cases/chung_ooi_4_al_alloy.case", "--no-plot", "--jobs", "2", "--out", "DIR"},
         0},
        {"sweep",
         {"cases/linear_spring_impact.case", "--vary", "driver.max_steps=10:2e7:2", "--no-plot",
          "--out", "DIR"},
         0},
        {"batch", {"cases/linear_spring_impact.case", "--samples", "TABLE", "--out", "PART"}, 0},
        {"fit", {"cases/seed000_fig15_kn.fit", "--no-plot", "--out", "DIR"}, 0}, /* line */
        {"fit",
         {"cases/seed004_restitution_calibrate_thornton.fit", "--no-plot", "--out", "DIR"},
         0}, /* scalar: an exact fit, stderr and R^2 undefined */
        {"fit", {"cases/seed000_fig7a.fit", "--no-plot", "--out", "DIR"}, 0}, /* eq33 */
        {"fit",
         {"cases/seed004_fig25_unloading.fit", "--no-plot", "--out", "DIR"},
         0}, /* material */
        {"fit",
         {"cases/seed004_fig45_stiffness.fit", "--no-plot", "--out", "DIR"},
         0}, /* tangential */
        {"describe", {NULL}, 0},
        {"describe", {"hertz", NULL}, 0},
        {"describe", {"case", NULL}, 0},
        {"describe", {"sphere", NULL}, 0},
        {"laws", {NULL}, 0},
        {"laws", {"rolling", NULL}, 0},
        {"cite", {NULL}, 0},
        {"cite", {"thornton1997", NULL}, 0},
        {"verify",
         {"--no-plot", "--out", "VERIFY", "linear_spring_impact", "thornton_restitution", NULL},
         0},
        /* failures answer too: one object with "error" and "exit" (before,
         * stdout was empty) */
        {"run",
         {"cases/linear_spring_impact.case", "--set", "driver.max_steps=10", "--no-plot", "--out",
          "DIR"},
         1},
        {"run", {"cases/linear_spring_impact.case", "--set", "body1.radius=-1", "--out", "DIR"}, 2},
        {"sweep", {"cases/linear_spring_impact.case", "--vary", "driver.v_normal=1:2", NULL}, 2},
        {"fit", {"no_such.fit", NULL}, 2},
        {"describe", {"no_such_topic", NULL}, 2},
        {"verify", {"--no-plot", "--out", "VERIFY", "no_such_case_x", NULL}, 2},
    };
    for (size_t i = 0; i < sizeof answers / sizeof *answers; i++) {
        char *argv[16] = {(char *)bin, (char *)answers[i].command};
        size_t k = 2;
        for (size_t a = 0; a < 8 && answers[i].args[a]; a++) {
            const char *x = answers[i].args[a];
            argv[k++] = (char *)(strcmp(x, "DIR") == 0      ? dir
                                 : strcmp(x, "TABLE") == 0  ? table
                                 : strcmp(x, "PART") == 0   ? part
                                 : strcmp(x, "VERIFY") == 0 ? verify
                                                            : x);
        }
        argv[k++] = "--json";
        argv[k] = NULL;
        int st = run_to(argv, out);
        ck_assert_msg(st == answers[i].status, "cwb %s %s --json: exit %d", answers[i].command,
                      answers[i].args[0] ? answers[i].args[0] : "", st);
        char why[2048];
        ck_assert_msg(keeps_contract(out, answers[i].command, why, sizeof why) == 0,
                      "cwb %s %s --json: %s", answers[i].command,
                      answers[i].args[0] ? answers[i].args[0] : "", why);
    }
    char *rm[] = {"rm", "-rf", dir, NULL};
    run_to(rm, "/dev/null");
}
END_TEST

Suite *json_suite(void)
{
    Suite *s = suite_create("json");
    TCase *tc = test_tcase("json", 60);
    tcase_add_test(tc, json_answers_keep_the_contract);
    suite_add_tcase(s, tc);
    return s;
}
