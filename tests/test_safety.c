/* test_safety.c -- hostile names and failing disks (doc/reliability.md, "The
 * standing rules"): the real binary, run without a shell in a fresh temporary
 * folder, on a case file name, a title and an --out folder built to run
 * `touch PWNED` through a shell or a gnuplot script; a full disk
 * (RLIMIT_FSIZE, as `ulimit -f` sets it) that must not destroy an earlier
 * result and must be reported, not kill cwb; a signal in the middle of a
 * write that must leave no temporary; a sweep whose parent is killed, whose
 * workers must not outlive it. */
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cwb_files.h"
#include "cwb_test.h"

/* The valid collision case of test_input.c, quick (dt_tol 1e-3). */
static const char base_case[] =
    "[contact]\nnormal = hertz\ntangential = linear\n\n[tangential]\nmu = 0.3\n\n"
    "[body1]\nshape = sphere\nradius = 0.01\nE = 7e10\nnu = 0.3\ndensity = 2700\n\n"
    "[body2]\nshape = same\n\n[driver]\ntype = collision\nv_normal = 1\nv_tangential = 0.5\n"
    "dt_tol = 1e-3\n";

#define HOSTILE_NAME  "x';touch PWNED;'"
#define HOSTILE_TITLE "x\"; y = system(\"touch PWNED\"); set title \"y"

static int found_pwned;

static int look_for_pwned(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag;
    if (strcmp(path + ftw->base, "PWNED") == 0)
        found_pwned = 1;
    return 0;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

/* No file called PWNED under dir, nor in the folder the tests run in. */
static void assert_no_pwned(const char *dir)
{
    found_pwned = 0;
    nftw(dir, look_for_pwned, 16, FTW_PHYS);
    ck_assert_msg(!found_pwned, "a PWNED file appeared under %s", dir);
    ck_assert_msg(access("PWNED", F_OK) != 0, "a PWNED file appeared in the test folder");
}

static void remove_tree(const char *dir)
{
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot write %s", path);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

/* Whole file into buf (at most n - 1 bytes); its length. */
static size_t read_file(const char *path, char *buf, size_t n)
{
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t got = fread(buf, 1, n - 1, f);
    buf[got] = '\0';
    fclose(f);
    return got;
}

/* argv for the binary under test: args, NULL-terminated, after CWB_BIN. */
static void cwb_argv(const char *const *args, char **argv, size_t max)
{
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    size_t k = 0;
    argv[k++] = (char *)bin;
    for (; args[k - 1] && k + 1 < max; k++)
        argv[k] = (char *)args[k - 1];
    argv[k] = NULL;
}

/* cwb ARGS in folder cwd, both output streams to the file log; its exit
 * status (-1: killed by a signal). */
static int run_in(const char *cwd, const char *log, const char *const *args)
{
    char *argv[32];
    cwb_argv(args, argv, 32);
    return cwb_spawn(argv, cwd, log);
}

/* A fresh folder with the case HOSTILE_NAME.case (title extra) and a log
 * path outside it. */
typedef struct {
    char work[64], logs[64], log[128];
} scratch;

static void scratch_open(scratch *s, const char *extra)
{
    snprintf(s->work, sizeof s->work, "/tmp/cwb-safety-XXXXXX");
    snprintf(s->logs, sizeof s->logs, "/tmp/cwb-safety-log-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(s->work));
    ck_assert_ptr_nonnull(mkdtemp(s->logs));
    snprintf(s->log, sizeof s->log, "%s/log", s->logs);
    char path[200], text[2048];
    snprintf(path, sizeof path, "%s/" HOSTILE_NAME ".case", s->work);
    snprintf(text, sizeof text, "%s%s", base_case, extra);
    write_file(path, text);
}

static void scratch_close(scratch *s)
{
    remove_tree(s->work);
    remove_tree(s->logs);
}

START_TEST(hostile_name_and_title_run)
{
    scratch s;
    scratch_open(&s, "\n[output]\ntitle = " HOSTILE_TITLE "\n");
    char full[512];
    const char *plot = cwb_on_path("gnuplot", full, sizeof full) ? "--json" : "--no-plot";
    const char *args[] = {"run", HOSTILE_NAME ".case", "--out", "out", plot, NULL};
    int rc = run_in(s.work, s.log, args);
    char log[8192], gp[8192], path[256];
    read_file(s.log, log, sizeof log);
    assert_no_pwned(s.work);
    ck_assert_msg(rc == 0, "exit %d: %s", rc, log);
    snprintf(path, sizeof path, "%s/out/" HOSTILE_NAME ".csv", s.work);
    ck_assert_msg(access(path, R_OK) == 0, "%s not written", path);
    if (strcmp(plot, "--json") == 0) {
        /* the title as written, in one gnuplot single-quoted string */
        snprintf(path, sizeof path, "%s/out/" HOSTILE_NAME ".gp", s.work);
        read_file(path, gp, sizeof gp);
        ck_assert_msg(strstr(gp, "set title '" HOSTILE_TITLE "' noenhanced\n") != NULL,
                      "title not quoted in: %s", gp);
        ck_assert_msg(strstr(gp, "plot 'x'';touch PWNED;''.csv'") != NULL, "%s", gp);
        snprintf(path, sizeof path, "%s/out/" HOSTILE_NAME ".png", s.work);
        ck_assert_msg(access(path, R_OK) == 0, "%s not rendered", path);
    }
    scratch_close(&s);
}
END_TEST

/* --format svg and pdf: the same script rendered as vector files. The SVG
 * must be well-formed XML for an independent parser (python3's
 * xml.etree, when python3 is installed; else its XML header and closing
 * tag), the PDF must start with the PDF magic "%PDF-" (ISO 32000-1, 7.5.2);
 * the hostile title rides along in both. */
START_TEST(format_svg_and_pdf)
{
    char full[512];
    if (!cwb_on_path("gnuplot", full, sizeof full))
        return; /* nothing to render with; --format is still parsed below */
    scratch s;
    scratch_open(&s, "\n[output]\ntitle = " HOSTILE_TITLE " <&>\n");
    const char *svg_args[] = {"run", HOSTILE_NAME ".case", "--out", "out", "--format", "svg", NULL};
    int rc = run_in(s.work, s.log, svg_args);
    char log[8192], path[256], text[1 << 16];
    read_file(s.log, log, sizeof log);
    ck_assert_msg(rc == 0, "exit %d: %s", rc, log);
    snprintf(path, sizeof path, "%s/out/" HOSTILE_NAME ".svg", s.work);
    size_t got = read_file(path, text, sizeof text);
    ck_assert_msg(got > 0 && strncmp(text, "<?xml", 5) == 0, "%s: no XML header", path);
    ck_assert_msg(strstr(text, "</svg>") != NULL, "%s: no closing </svg>", path);
    snprintf(path, sizeof path, "%s/out/" HOSTILE_NAME ".png", s.work);
    ck_assert_msg(access(path, F_OK) != 0, "--format svg also wrote %s", path);
    if (cwb_on_path("python3", full, sizeof full)) {
        char *py[] = {"python3", "-c",
                      "import sys, xml.etree.ElementTree as E; "
                      "r = E.parse(sys.argv[1]).getroot(); "
                      "sys.exit(0 if r.tag.endswith('svg') else 1)",
                      NULL, NULL};
        snprintf(path, sizeof path, "%s/out/" HOSTILE_NAME ".svg", s.work);
        py[3] = path;
        rc = cwb_spawn(py, NULL, s.log);
        read_file(s.log, log, sizeof log);
        ck_assert_msg(rc == 0, "python3 xml.etree rejects %s: %s", path, log);
    }
    const char *pdf_args[] = {"run", HOSTILE_NAME ".case", "--out", "out", "--format", "pdf", NULL};
    rc = run_in(s.work, s.log, pdf_args);
    read_file(s.log, log, sizeof log);
    ck_assert_msg(rc == 0, "exit %d: %s", rc, log);
    snprintf(path, sizeof path, "%s/out/" HOSTILE_NAME ".pdf", s.work);
    got = read_file(path, text, sizeof text);
    ck_assert_msg(got > 5 && memcmp(text, "%PDF-", 5) == 0, "%s does not start with %%PDF-", path);
    assert_no_pwned(s.work);
    scratch_close(&s);
}
END_TEST

/* A format cwb does not write is bad input (exit 2) on every plotting
 * command, with a message naming the option and what it takes, before
 * anything is run. */
START_TEST(bad_format_refused)
{
    scratch s;
    scratch_open(&s, "");
    const char *const cmds[][8] = {
        {"run", HOSTILE_NAME ".case", "--out", "out", "--format", "jpg", NULL},
        {"sweep", HOSTILE_NAME ".case", "--vary", "driver.v_normal=1:2:2", "--format", "jpg", NULL},
        {"fit", "none.fit", "--format", "PNG", NULL}};
    for (size_t k = 0; k < sizeof cmds / sizeof *cmds; k++) {
        char log[4096];
        int rc = run_in(s.work, s.log, cmds[k]);
        read_file(s.log, log, sizeof log);
        ck_assert_msg(rc == 2, "cwb %s --format: exit %d, expected 2", cmds[k][0], rc);
        ck_assert_msg(strstr(log, "--format") && strstr(log, "expected png, pdf or svg"),
                      "cwb %s: unclear message: %s", cmds[k][0], log);
    }
    char path[256];
    snprintf(path, sizeof path, "%s/out", s.work);
    ck_assert_msg(access(path, F_OK) != 0, "a refused --format still wrote %s", path);
    scratch_close(&s);
}
END_TEST

START_TEST(hostile_out_and_title_sweep)
{
    scratch s;
    scratch_open(&s, "\n[sweep]\nplot_y = max_overlap\ntitle = " HOSTILE_TITLE "\n");
    char full[512];
    const char *plot = cwb_on_path("gnuplot", full, sizeof full) ? "--json" : "--no-plot";
    const char *args[] = {"sweep",  HOSTILE_NAME ".case",
                          "--vary", "driver.v_normal=1:2:3",
                          "--jobs", "2",
                          "--out",  "o';touch PWNED;'",
                          plot,     NULL};
    int rc = run_in(s.work, s.log, args);
    char log[8192], path[256];
    read_file(s.log, log, sizeof log);
    assert_no_pwned(s.work);
    ck_assert_msg(rc == 0, "exit %d: %s", rc, log);
    snprintf(path, sizeof path, "%s/o';touch PWNED;'/" HOSTILE_NAME "_sweep.csv", s.work);
    ck_assert_msg(access(path, R_OK) == 0, "%s not written", path);
    scratch_close(&s);
}
END_TEST

/* A fit-case's title reaches its fit and residual scripts: gnuplot expands
 * `...` inside double-quoted strings, so backquotes and the hostile title
 * must end up in single-quoted ones and run nothing. */
START_TEST(hostile_title_fit)
{
    scratch s;
    scratch_open(&s, "");
    char path[256];
    snprintf(path, sizeof path, "%s/line.csv", s.work);
    write_file(path, "x[m],y[N]\n1,2\n2,4.1\n3,5.9\n");
    snprintf(path, sizeof path, "%s/" HOSTILE_NAME ".fit", s.work);
    write_file(path, "[fit]\nmodel = line\ndata = line.csv\nx = x\ny = y\n"
                     "title = `touch PWNED` " HOSTILE_TITLE "\n");
    char full[512];
    const char *plot = cwb_on_path("gnuplot", full, sizeof full) ? "--json" : "--no-plot";
    const char *args[] = {"fit", HOSTILE_NAME ".fit", "--out", "out", plot, NULL};
    int rc = run_in(s.work, s.log, args);
    char log[8192];
    read_file(s.log, log, sizeof log);
    assert_no_pwned(s.work);
    ck_assert_msg(rc == 0, "exit %d: %s", rc, log);
    scratch_close(&s);
}
END_TEST

/* A sweep's table does not depend on --jobs, and keeps results that only
 * some values set (energy_gain_steps: rathbone returns energy just past
 * yield): each worker used to write only the names of its first value. */
START_TEST(sweep_table_independent_of_jobs)
{
    scratch s;
    scratch_open(&s, "");
    static char csv[2][1 << 16];
    char path[300];
    const char *jobs[] = {"1", "3"};
    for (int j = 0; j < 2; j++) {
        char out[32];
        snprintf(out, sizeof out, "out%d", j);
        char case_path[300], here[200];
        ck_assert_ptr_nonnull(getcwd(here, sizeof here));
        snprintf(case_path, sizeof case_path, "%s/cases/seed004_restitution_rathbone.case", here);
        const char *args[] = {"sweep",     case_path,
                              "--set",     "driver.dt_tol=1e-3",
                              "--vary",    "driver.v_normal=0.01:30:6:log",
                              "--jobs",    jobs[j],
                              "--no-plot", "--out",
                              out,         NULL};
        int rc = run_in(s.work, s.log, args);
        ck_assert_msg(rc == 0, "--jobs %s: exit %d", jobs[j], rc);
        snprintf(path, sizeof path, "%s/%s/seed004_restitution_rathbone_sweep.csv", s.work, out);
        read_file(path, csv[j], sizeof csv[j]);
    }
    /* the same from the case on (the lines above record the date and the
     * command, which differ) */
    const char *t0 = strstr(csv[0], "\n# case: "), *t1 = strstr(csv[1], "\n# case: ");
    ck_assert_msg(t0 && t1 && strcmp(t0, t1) == 0, "--jobs 1 and 3 give different tables");
    ck_assert_msg(strstr(csv[0], "energy_gain_steps[-]") != NULL, "energy_gain_steps dropped");
    scratch_close(&s);
}
END_TEST

/* An answer that cannot be written (stdout on a full disk) is a failure. */
START_TEST(full_stdout_fails)
{
    scratch s;
    scratch_open(&s, "");
    char out[200];
    snprintf(out, sizeof out, "%s/out", s.work);
    const char *args[] = {
        "run", "cases/chung_ooi_1_glass.case", "--no-plot", "--json", "--out", out, NULL};
    char *argv[32];
    cwb_argv(args, argv, 32);
    int rc = cwb_spawn(argv, NULL, "/dev/full");
    ck_assert_msg(rc == 1, "exit %d with stdout on /dev/full, expected 1", rc);
    scratch_close(&s);
}
END_TEST

/* `cwb CMD --help` and `cwb help CMD` answer on every command (exit 0,
 * the command's usage line first); an unknown `help X` is bad input. */
START_TEST(help_on_every_command)
{
    static const char *const cmds[] = {"run",       "sweep", "batch",   "fit",
                                       "reference", "laws",  "describe"};
    scratch s;
    scratch_open(&s, "");
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
        char text[4096], first[64];
        const char *a1[] = {cmds[i], "--help", NULL}, *a2[] = {"help", cmds[i], NULL};
        snprintf(first, sizeof first, "cwb %s", cmds[i]);
        ck_assert_int_eq(run_in(s.work, s.log, a1), 0);
        read_file(s.log, text, sizeof text);
        ck_assert_msg(strncmp(text, first, strlen(first)) == 0, "%s --help: %s", cmds[i], text);
        ck_assert_int_eq(run_in(s.work, s.log, a2), 0);
        read_file(s.log, text, sizeof text);
        ck_assert_msg(strncmp(text, first, strlen(first)) == 0, "help %s: %s", cmds[i], text);
    }
    const char *bad[] = {"help", "nope", NULL};
    ck_assert_int_eq(run_in(s.work, s.log, bad), 2);
    scratch_close(&s);
}
END_TEST

/* A newline in a path given on the command line: exit 2, named. */
START_TEST(path_with_newline_refused)
{
    scratch s;
    scratch_open(&s, "");
    const char *cases[][4] = {{"run", "a\nb.case", "--out", "out"},
                              {"run", HOSTILE_NAME ".case", "--out", "o\nx"},
                              {"sweep", HOSTILE_NAME ".case", "--out", "o\rx"}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *args[] = {cases[i][0], cases[i][1], cases[i][2],
                              cases[i][3], "--no-plot", NULL};
        int rc = run_in(s.work, s.log, args);
        char log[4096];
        read_file(s.log, log, sizeof log);
        ck_assert_msg(rc == 2, "case %zu: exit %d: %s", i, rc, log);
        ck_assert_msg(strstr(log, "newline or control character") != NULL, "%s", log);
    }
    scratch_close(&s);
}
END_TEST

/* Run args in s.work with files limited to limit bytes, as `ulimit -f`
 * in a shell does: SIGXFSZ at its default action (the process dies without
 * a word unless cwb ignores it, so that the write fails with EFBIG, as on a
 * full disk, and cwb can say so). */
static int run_limited(const scratch *s, const char *const *args, rlim_t limit)
{
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        struct rlimit rl = {limit, limit};
        signal(SIGXFSZ, SIG_DFL);
        if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
            _exit(99);
        _exit(run_in(s->work, s->log, args) & 0xff);
    }
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Only the entry `only` in folder dir (no temporary left behind). */
static void assert_only_file(const char *dir, const char *only)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            ck_assert_msg(strcmp(e->d_name, only) == 0, "%s left in %s", e->d_name, dir);
    closedir(d);
}

static void full_disk_keeps(const char *const *args, const char *dir, const char *csv, rlim_t limit,
                            const char *expect)
{
    scratch s;
    scratch_open(&s, "");
    enum { MAX_CSV = 1 << 22 };
    char path[256], log[4096], *before = malloc(MAX_CSV), *after = malloc(MAX_CSV);
    ck_assert(before && after);
    ck_assert_int_eq(run_in(s.work, s.log, args), 0);
    snprintf(path, sizeof path, "%s/%s/%s", s.work, dir, csv);
    size_t nb = read_file(path, before, MAX_CSV);
    ck_assert_msg(nb > limit && nb < MAX_CSV - 1, "%s: %zu bytes", path, nb);
    int rc = run_limited(&s, args, limit);
    read_file(s.log, log, sizeof log);
    ck_assert_msg(rc == 1, "exit %d with a full disk: %s", rc, log);
    ck_assert_msg(strstr(log, expect) != NULL, "'%s' not in: %s", expect, log);
    size_t na = read_file(path, after, MAX_CSV);
    ck_assert_msg(na == nb && memcmp(before, after, nb) == 0, "%s changed", path);
    free(before);
    free(after);
    snprintf(path, sizeof path, "%s/%s", s.work, dir);
    assert_only_file(path, csv);
    scratch_close(&s);
}

START_TEST(full_disk_keeps_run_csv)
{
    const char *args[] = {"run", HOSTILE_NAME ".case", "--out", "out", "--no-plot", NULL};
    full_disk_keeps(args, "out", HOSTILE_NAME ".csv", 4096,
                    "cannot write out/" HOSTILE_NAME ".csv: File too large");
}
END_TEST

START_TEST(full_disk_keeps_sweep_csv)
{
    /* one value: the worker's own file (the collision's scalars, names and
     * values: just over 1.5 kB since the collision reports `stuck`) stays
     * under the limit, the CSV (2.6 kB, its provenance alone over 1 kB)
     * does not */
    const char *args[] = {"sweep", HOSTILE_NAME ".case", "--vary", "driver.v_normal=1:1:1", "--out",
                          "out",   "--no-plot",          NULL};
    full_disk_keeps(args, "out", HOSTILE_NAME "_sweep.csv", 2000,
                    "cannot write out/" HOSTILE_NAME "_sweep.csv: File too large");
}
END_TEST

/* Live (not zombie) processes in process group pgid, from /proc. */
static int group_size(pid_t pgid)
{
    DIR *d = opendir("/proc");
    ck_assert_ptr_nonnull(d);
    int count = 0;
    for (struct dirent *e; (e = readdir(d));) {
        char path[300], stat[1024];
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        if (!read_file(path, stat, sizeof stat))
            continue;
        const char *end = strrchr(stat, ')');
        char state;
        int ppid, pgrp;
        if (end && sscanf(end + 1, " %c %d %d", &state, &ppid, &pgrp) == 3 && pgrp == pgid &&
            state != 'Z')
            count++;
    }
    closedir(d);
    return count;
}

static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* A long sweep with two workers, its own process group; killed with sig
 * once the workers run: after a short wait nothing of the group is left,
 * and no output (nor temporary) is written. */
static void killed_sweep_leaves_nothing(int sig)
{
    scratch s;
    scratch_open(&s, "");
    const char *args[] = {"sweep",     HOSTILE_NAME ".case",
                          "--vary",    "driver.v_normal=0.5:2:2000",
                          "--jobs",    "2",
                          "--out",     "out",
                          "--no-plot", NULL};
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        char *argv[32];
        cwb_argv(args, argv, 32);
        setpgid(0, 0);
        if (chdir(s.work) != 0)
            _exit(99);
        freopen("/dev/null", "w", stdout);
        freopen("/dev/null", "w", stderr);
        execv(argv[0], argv);
        _exit(127);
    }
    setpgid(pid, pid); /* either side may run first */
    int n = 0;
    for (int t = 0; t < 500 && (n = group_size(pid)) < 3; t++)
        sleep_ms(10);
    ck_assert_msg(n >= 3, "the sweep's workers did not start (%d processes)", n);
    kill(pid, sig);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    for (int t = 0; t < 200 && (n = group_size(pid)) > 0; t++)
        sleep_ms(10);
    if (n)
        kill(-pid, SIGKILL); /* do not leave them to the next test */
    ck_assert_msg(n == 0, "%d worker(s) still alive 2 s after the parent got signal %d", n, sig);
    char out[128];
    snprintf(out, sizeof out, "%s/out", s.work);
    ck_assert_msg(access(out, F_OK) != 0, "output written by a killed sweep");
    scratch_close(&s);
}

/* Whether folder dir holds a hidden entry (an output's temporary twin,
 * ".NAME.XXXXXX"). */
static int hidden_entry(const char *dir)
{
    DIR *d = opendir(dir);
    int found = 0;
    for (struct dirent *e; d && !found && (e = readdir(d));)
        found = e->d_name[0] == '.' && strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    if (d)
        closedir(d);
    return found;
}

/* `cwb run` writing a large CSV (200000 rows, about 30 MB) gets sig while
 * its temporary twin is open: the process is stopped (SIGSTOP, and waited
 * for until it is) at a moment the temporary exists, sent sig, and
 * continued. It must die of sig (re-raised after cleaning up: a caller sees
 * the signal, not an exit status) and leave neither the temporary nor a
 * CSV. No timing is assumed: the loop ends when the run is caught writing
 * or when it ends (which fails the test, saying so). */
static void killed_write_leaves_no_temporary(int sig)
{
    scratch s;
    scratch_open(&s, "");
    const char *args[] = {"run", HOSTILE_NAME ".case", "--set", "driver.rows=200000", "--out",
                          "out", "--no-plot",          NULL};
    char out[128];
    snprintf(out, sizeof out, "%s/out", s.work);
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        char *argv[32];
        cwb_argv(args, argv, 32);
        /* cwb keeps a signal its caller ignores ignored (SIGHUP under
         * nohup): the run under test must start with sig at its default,
         * whatever the test runner inherited. */
        if (chdir(s.work) != 0 || !freopen("/dev/null", "w", stdout) ||
            !freopen("/dev/null", "w", stderr) || signal(sig, SIG_DFL) == SIG_ERR)
            _exit(99);
        execv(argv[0], argv);
        _exit(127);
    }
    int status = 0, caught = 0;
    while (!caught && waitpid(pid, &status, WNOHANG) == 0) {
        if (!hidden_entry(out)) {
            sleep_ms(1);
            continue;
        }
        kill(pid, SIGSTOP);
        ck_assert_int_eq(waitpid(pid, &status, WUNTRACED), pid);
        ck_assert(WIFSTOPPED(status));
        caught = hidden_entry(out);
        if (caught)
            kill(pid, sig); /* pending until the process runs again */
        kill(pid, SIGCONT);
    }
    ck_assert_msg(caught, "the run ended (status %d) before it was caught writing", status);
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == sig,
                  "status %d after signal %d: expected death by the signal", status, sig);
    ck_assert_msg(!hidden_entry(out), "a temporary of the output was left in %s", out);
    char csv[200];
    snprintf(csv, sizeof csv, "%s/" HOSTILE_NAME ".csv", out);
    ck_assert_msg(access(csv, F_OK) != 0, "a CSV was published by a killed run");
    scratch_close(&s);
}

START_TEST(sigterm_during_write_leaves_no_temporary)
{
    killed_write_leaves_no_temporary(SIGTERM);
}
END_TEST

START_TEST(sigint_during_write_leaves_no_temporary)
{
    killed_write_leaves_no_temporary(SIGINT);
}
END_TEST

START_TEST(sighup_during_write_leaves_no_temporary)
{
    killed_write_leaves_no_temporary(SIGHUP);
}
END_TEST

START_TEST(sigterm_stops_sweep_workers)
{
    killed_sweep_leaves_nothing(SIGTERM);
}
END_TEST

START_TEST(sigkill_parent_stops_sweep_workers)
{
    killed_sweep_leaves_nothing(SIGKILL);
}
END_TEST

/* dir/name holds the shipped case `from`, its reference line pointing at
 * `reference` (a bare name: the case's own folder). */
static void case_copy(const char *dir, const char *name, const char *from, const char *reference)
{
    char *text = test_slurp(from), path[256], line[128];
    char *at = strstr(text, "\nreference = ");
    ck_assert(at != NULL);
    char *end = strchr(at + 1, '\n');
    snprintf(line, sizeof line, "\nreference = %s", reference);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert(f != NULL);
    fprintf(f, "%.*s%s%s", (int)(at - text), text, line, end);
    ck_assert_int_eq(fclose(f), 0);
    free(text);
}

static void file_copy(const char *dir, const char *name, const char *from)
{
    char *text = test_slurp(from), path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    write_file(path, text);
    free(text);
}

/* An output is never written over one of the command's inputs: `cwb run
 * jkr_cycle.case --out .` with `reference = jkr_cycle.csv` beside it
 * replaced the reference by the run's CSV (the next run then compared
 * itself with itself), `cwb run x.csv --out .` replaced the case, and `cwb
 * sweep s.case --out .` its sweep reference s_sweep.csv. Each is refused
 * (exit 2) and the file keeps its bytes. A reference that is a FIFO is
 * refused too, where fopen blocked forever. */
START_TEST(outputs_never_replace_inputs)
{
    scratch s;
    scratch_open(&s, "");
    char ref[256], kase[256], sweep_ref[256];
    file_copy(s.work, "jkr_cycle.csv", "reference/analytic/jkr_cycle.csv");
    case_copy(s.work, "jkr_cycle.case", "cases/beyond_jkr_cycle.case", "jkr_cycle.csv");
    case_copy(s.work, "x.csv", "cases/beyond_jkr_cycle.case", "jkr_cycle.csv");
    file_copy(s.work, "s_sweep.csv", "reference/analytic/jkr_restitution.csv");
    case_copy(s.work, "s.case", "cases/beyond_jkr_restitution.case", "s_sweep.csv");
    snprintf(ref, sizeof ref, "%s/jkr_cycle.csv", s.work);
    snprintf(kase, sizeof kase, "%s/x.csv", s.work);
    snprintf(sweep_ref, sizeof sweep_ref, "%s/s_sweep.csv", s.work);
    char *before[3] = {test_slurp(ref), test_slurp(kase), test_slurp(sweep_ref)};
    const char *run_ref[] = {"run", "jkr_cycle.case", "--out", ".", "--no-plot", NULL};
    const char *run_case[] = {"run", "x.csv", "--out", ".", "--no-plot", NULL};
    const char *sweep[] = {"sweep", "s.case", "--out", ".", "--no-plot", NULL};
    ck_assert_int_eq(run_in(s.work, s.log, run_ref), 2);
    char log[4096];
    read_file(s.log, log, sizeof log);
    ck_assert_msg(strstr(log, "jkr_cycle.csv, an input of this command"), "log: %s", log);
    ck_assert_int_eq(run_in(s.work, s.log, run_case), 2);
    ck_assert_int_eq(run_in(s.work, s.log, sweep), 2);
    const char *path[3] = {ref, kase, sweep_ref};
    for (int i = 0; i < 3; i++) {
        char *after = test_slurp(path[i]);
        ck_assert_msg(strcmp(before[i], after) == 0, "%s was rewritten", path[i]);
        free(after);
        free(before[i]);
    }
    char fifo[256];
    snprintf(fifo, sizeof fifo, "%s/ff", s.work);
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    case_copy(s.work, "ff.case", "cases/beyond_jkr_cycle.case", "ff");
    const char *run_fifo[] = {"run", "ff.case", "--out", "o", "--no-plot", NULL};
    ck_assert_int_eq(run_in(s.work, s.log, run_fifo), 2);
    read_file(s.log, log, sizeof log);
    ck_assert_msg(strstr(log, "not a regular file but a FIFO"), "log: %s", log);
    scratch_close(&s);
}
END_TEST

Suite *safety_suite(void)
{
    Suite *s = suite_create("safety");
    TCase *tc = test_tcase("safety", 60);
    tcase_add_test(tc, hostile_name_and_title_run);
    tcase_add_test(tc, hostile_out_and_title_sweep);
    tcase_add_test(tc, hostile_title_fit);
    tcase_add_test(tc, help_on_every_command);
    tcase_add_test(tc, format_svg_and_pdf);
    tcase_add_test(tc, bad_format_refused);
    tcase_add_test(tc, full_stdout_fails);
    tcase_add_test(tc, sweep_table_independent_of_jobs);
    tcase_add_test(tc, path_with_newline_refused);
    tcase_add_test(tc, outputs_never_replace_inputs);
    tcase_add_test(tc, full_disk_keeps_run_csv);
    tcase_add_test(tc, full_disk_keeps_sweep_csv);
    tcase_add_test(tc, sigterm_stops_sweep_workers);
    tcase_add_test(tc, sigkill_parent_stops_sweep_workers);
    tcase_add_test(tc, sigterm_during_write_leaves_no_temporary);
    tcase_add_test(tc, sigint_during_write_leaves_no_temporary);
    tcase_add_test(tc, sighup_during_write_leaves_no_temporary);
    suite_add_tcase(s, tc);
    return s;
}
