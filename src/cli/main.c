/* main.c -- the cwb command line (doc/reference/commands.md).
 *
 * Only this file turns a status into an exit code: 0 success, 1 the
 * computation failed, 2 bad input, 3 an external tool is missing.
 */
#include <errno.h>
#include <signal.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>

#include "cwb_batch.h"
#include "cwb_describe.h"
#include "cwb_fit.h"
#include "cwb_init.h"
#include "cwb_json.h"
#include "cwb_files.h"
#include "cwb_out.h"
#include "cwb_fem.h"
#include "cwb_paths.h"
#include "cwb_peer.h"
#include "cwb_replay.h"
#include "cwb_sweep.h"
#include "cwb_verdict.h"
#include "cwb_verify.h"

static void usage(FILE *f)
{
    fprintf(f,
            "cwb %s -- the contact workbench\n"
            "usage:\n"
            "  cwb run CASE [--set section.key=value ...] [--out DIR] [--json] [--no-plot]\n"
            "            [--format png|pdf|svg]\n"
            "  cwb sweep CASE [--vary section.key=FROM:TO:N[:log]] [--jobs N] [--set ...]\n"
            "            [--out DIR] [--json] [--no-plot] [--format png|pdf|svg] [--dt-reuse]\n"
            "  cwb batch CASE --samples TABLE.csv [--shard i/N] [--out FILE.csv] [--jobs N]\n"
            "            [--results name,...] [--set ...] [--json] [--dt-reuse]\n"
            "  cwb batch --merge OUT.csv [--partial] SHARD.csv ...\n"
            "  cwb fit FITCASE [--out DIR] [--json] [--no-plot] [--format png|pdf|svg]\n"
            "  cwb reference STUDY [--out DIR] [--work DIR] [--reuse]   (FEM: gmsh + CalculiX)\n"
            "  cwb laws [normal|tangential|damping|rolling] [--json]\n"
            "  cwb describe [TOPIC] [--kind normal|tangential|damping|rolling]\n"
            "            [--markdown|--json]\n"
            "  cwb init DRIVER [--normal LAW] [--tangential LAW] [--damping LAW]\n"
            "            [--rolling LAW] [--out FILE [--force]]\n"
            "  cwb verify [--jobs N] [--out DIR] [--root DIR] [--no-plot] [--plots DIR]\n"
            "            [--json] [NAME ...]\n"
            "  cwb peer CASE --code lammps|liggghts|yade [--dt S] [--levels N] [--set ...]\n"
            "            [--out DIR] [--no-plot] [--format png|pdf|svg] [--write-only]\n"
            "  cwb replay CASE --trace FILE [--dt S] [--tol X] [--set ...] [--out DIR]\n"
            "  cwb docs DIR\n"
            "  cwb cite [KEY ...] [--json]\n"
            "  cwb version\n"
            "exit status: 0 ok, 1 computation failed, 2 bad input, 3 tool missing\n",
            CWB_VERSION);
}

/* One command's usage and what it does, for `cwb CMD --help` and
 * `cwb help CMD`. */
static const struct {
    const char *name, *text;
} command_help[] = {
    {"run",
     "cwb run CASE [--set section.key=value ...] [--out DIR] [--json] [--no-plot]\n"
     "        [--format png|pdf|svg]\n"
     "  Run one case file: its driver through its laws; writes DIR/NAME.csv (provenance lines,\n"
     "  then columns with units), DIR/NAME.gp and DIR/NAME.png (--format pdf or svg: a vector\n"
     "  DIR/NAME.pdf or .svg from the same script), and prints the named results\n"
     "  (--json: one JSON object). --set overrides a key with the same checks as the file.\n"
     "  DIR defaults to cwb-out.\n"},
    {"sweep",
     "cwb sweep CASE [--vary section.key=FROM:TO:N[:log]] [--jobs N] [--set ...]\n"
     "          [--out DIR] [--json] [--no-plot] [--format png|pdf|svg] [--dt-reuse]\n"
     "  Run a case once per value of one key (--vary, or the case's [sweep] section); one\n"
     "  row of named results per value in DIR/NAME_sweep.csv, plots per [sweep] plot_y.\n"
     "  --jobs N runs values in N worker processes (they end with the sweep).\n"
     "  --dt-reuse: dt = auto from the neighbouring value, as in cwb batch.\n"},
    {"batch",
     "cwb batch CASE --samples TABLE.csv [--shard i/N] [--out FILE.csv] [--jobs N]\n"
     "          [--results name,...] [--set section.key=value ...] [--json] [--dt-reuse]\n"
     "  Run a case once per row of TABLE.csv (a header of case keys section.key, one sample\n"
     "  per row; '#' lines skipped; every value checked before anything runs). Appends one\n"
     "  row per sample to FILE.csv as it is done (within 20 ms): sample (its index, from 0),\n"
     "  every input, the results (--results, default every scalar the first sample that\n"
     "  runs reports) and status (ok | failed); rows in table order, whatever --jobs.\n"
     "  --shard i/N takes rows i, i+N, ... (0 <= i < N) for a job array; the shards' rows\n"
     "  sorted on sample are the unsharded file. Rerunning with the same FILE.csv\n"
     "  resumes: a torn last row is cut, rows written are kept, only the rest run.\n"
     "  FILE.csv records the case (every parameter after --set, and their fingerprint): a\n"
     "  resume with another case is refused (exit 2, the first differing key named), and\n"
     "  one with a samples table of another size. FILE.csv is locked while a batch\n"
     "  writes it: a second batch on it exits 2. A FILE.csv that is a symbolic link, not a\n"
     "  regular file or not a batch of this table is refused (exit 2) and left as it is.\n"
     "  --jobs N: N workers, each given the next sample when free. FILE defaults to\n"
     "  cwb-out/NAME_batch[_i_of_N].csv. --dt-reuse: a dt = auto sample runs at the step\n"
     "  its worker's last fully refined sample accepted and once at 4 times it, and\n"
     "  refines in full when that check disagrees (every row still meets dt_tol; its\n"
     "  step may depend on the rows run before it: doc/integration.md).\n"
     "cwb batch --merge OUT.csv [--partial] SHARD.csv ...\n"
     "  One file of the shards' rows: their common header, rows sorted on sample. Every\n"
     "  row must parse (a torn or edited one is named FILE:LINE, exit 2) and the shards\n"
     "  must be of one table and one case (exit 2). A sample of the table in no shard\n"
     "  fails the merge (exit 1, the samples named; a shard's torn last row counts as\n"
     "  missing) unless --partial, which merges the rows there are and names the missing\n"
     "  ones. A failed merge writes nothing.\n"},
    {"fit",
     "cwb fit FITCASE [--out DIR] [--json] [--no-plot] [--format png|pdf|svg]\n"
     "  GSL least squares of a fit-case's model ([fit] model = run | scalar | eq33 | line |\n"
     "  material | tangential): fitted values with standard errors and R^2, DIR/NAME_fit.csv\n"
     "  and the fit and residual plots (material, tangential stiffness: also the trend across\n"
     "  tables, NAME_trend; tangential friction: NAME_curves).\n"},
    {"reference",
     "cwb reference STUDY [--out DIR] [--work DIR] [--reuse]\n"
     "  Run a FEM study with gmsh and CalculiX (Debian: gmsh, calculix-ccx): writes\n"
     "  DIR/NAME.csv with provenance and DIR/raw/NAME/; DIR defaults to the folder\n"
     "  above the study's (reference/fem/ for reference/fem/studies/), WORK to build/fem.\n"
     "  --reuse: keep a finished solve in WORK/NAME/ whose deck is byte for byte the one\n"
     "  the study writes (only the parsing and the CSVs are redone); not for a model\n"
     "  that adjusts its deck from a first solve (sphere_shear), which is solved again.\n"},
    {"laws", "cwb laws [normal|tangential|damping|rolling] [--json]\n"
             "  List the registered laws (of one kind) and the drivers (--json: one JSON\n"
             "  object, doc/outputs.md).\n"},
    {"describe", "cwb describe [TOPIC] [--kind normal|tangential|damping|rolling]\n"
                 "             [--markdown|--json]\n"
                 "  The format from the tool itself: TOPIC is a file kind (case, fit, study), a\n"
                 "  section of one (contact, body1, body2, driver, normal, tangential, damping,\n"
                 "  rolling, output, sweep; mesh), a law, a driver or a FEM model. Keys with\n"
                 "  units, defaults, allowed ranges and meaning; a law's sources and their full\n"
                 "  references. No TOPIC: the list of topics. --markdown: as doc/reference/;\n"
                 "  --json: one JSON object (doc/outputs.md).\n"},
    {"init", "cwb init DRIVER [--normal LAW] [--tangential LAW] [--damping LAW]\n"
             "         [--rolling LAW] [--out FILE [--force]]\n"
             "  A case file to start from, on stdout or in FILE (never over an existing FILE\n"
             "  without --force): every section, every key of the driver and of the laws with\n"
             "  its meaning, unit, allowed values and default; keys with a default commented\n"
             "  out, the others set to example values, so that it runs as written (cwb run).\n"
             "  Laws not named: the driver's, else hertz (3D) or hertz2d (2D) and none.\n"},
    {"verify", "cwb verify [--jobs N] [--out DIR] [--root DIR] [--no-plot] [--plots DIR]\n"
               "           [--json] [NAME ...]\n"
               "  Run every shipped case that names a reference (ROOT/cases/*.case, ROOT\n"
               "  defaults to .; or only the NAMEs given) and judge each against the tolerance\n"
               "  its reference states. Writes DIR/index.html (the report: per source document,\n"
               "  each case's plot, reference, independence class, deviation, tolerance and\n"
               "  verdict, counts on top), DIR/report.md and DIR/report.json; DIR defaults to\n"
               "  cwb-verify. Prints the counts (--json: report.json); exit status 1 when a\n"
               "  case fails or errs.\n"
               "  --plots DIR: link the plots in DIR (from the report's folder) instead of\n"
               "  rendering them (make docs: doc/figures.md links ../plots).\n"},
    {"peer",
     "cwb peer CASE --code lammps|liggghts|yade [--dt S] [--levels N] [--set ...]\n"
     "         [--out DIR] [--no-plot] [--format png|pdf|svg] [--write-only]\n"
     "  The collision CASE (two spheres) run in another DEM code beside cwb: the code's\n"
     "  nearest options for the case's laws (the mapping is printed; a law the code has\n"
     "  no equivalent for is refused, exit 2, naming what it lacks), its input written\n"
     "  to DIR/NAME_CODE/dtK/ and run (lmp, liggghts or yade on PATH; exit 3 naming the\n"
     "  Debian package when absent), its step swept from S (default: 20 % of the\n"
     "  Rayleigh time) down by halves, N levels (default 6). Prints cwb's rebound\n"
     "  velocities, spins, restitution, contact time, largest overlap and force beside\n"
     "  the code's, with deviations, and every step's deviations; writes DIR/NAME_CODE.csv\n"
     "  (the sweep), NAME_CODE_cwb.csv, the code's traces and NAME_CODE.gp with its\n"
     "  force-time plot. --write-only writes the inputs and runs no peer.\n"},
    {"replay",
     "cwb replay CASE --trace FILE [--dt S] [--tol X] [--set ...] [--out DIR]\n"
     "  Drive CASE's laws through the kinematics of one contact another code ran and\n"
     "  compare the forces step by step. FILE: a LAMMPS or LIGGGHTS `dump custom` of the\n"
     "  two atoms (id mass radius x y z vx vy vz omegax omegay omegaz fx fy fz tqx tqy\n"
     "  tqz; its step from ITEM: TIME or --dt), read with their velocity Verlet\n"
     "  kinematics, or a CSV with named columns t, delta, F_n and optionally delta_rate,\n"
     "  n_x.., v_t_x.. or xi_x.., omega1_x.., omega2_x.., F_t_x... Prints the largest\n"
     "  deviation of F_n and F_t relative to the largest force, and the first step\n"
     "  where it exceeds X (default 1e-9); writes DIR/NAME_replay.csv.\n"},
    {"docs", "cwb docs DIR\n"
             "  Write the generated reference pages (case-files.md, laws.md, drivers.md,\n"
             "  fem-models.md, commands.md) into DIR from the tables the readers use\n"
             "  (make docs writes doc/reference/).\n"},
    {"cite", "cwb cite [KEY ...] [--json]\n"
             "  The references of the works cwb reproduces or cites (all, or the keys\n"
             "  given), each field not confirmed saying so; law sources and reference files\n"
             "  cite them as [KEY]. --json: one JSON object (doc/outputs.md).\n"},
};

/* Help for argv[1] when asked (`--help` or `-h` among its arguments):
 * printed on stdout, 1; else 0. */
static int command_help_asked(int argc, char **argv)
{
    int asked = 0;
    for (int i = 2; i < argc; i++)
        asked |= strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0;
    for (size_t c = 0; asked && c < sizeof command_help / sizeof *command_help; c++)
        if (strcmp(command_help[c].name, argv[1]) == 0) {
            fputs(command_help[c].text, stdout);
            return 1;
        }
    return 0;
}

/* The log every library call gets: the answer on stdout, the rest on
 * stderr; progress only when stderr is a terminal, redrawn in place. */
/* A result text went to stdout (a --json answer through the log). */
static int results_on_stdout;
/* The last message report() gave, for a --json failure's answer. */
static char last_error[CWB_MSG];

/* A progress line is drawn (and not yet ended) on stderr. */
static int progress_open;

/* Erase an open progress line, before a line written to stderr directly. */
static void progress_close(void)
{
    if (progress_open)
        fputs("\r\033[K", stderr);
    progress_open = 0;
}

static void cli_log_text(void *user, cwb_log_level level, const char *text)
{
    (void)user;
    static int tty = -1;
    if (level == CWB_LOG_PROGRESS) {
        if (tty < 0) /* once: isatty is a system call, progress comes per sample */
            tty = isatty(fileno(stderr));
        if (tty) {
            fprintf(stderr, "\r%s\033[K", text);
            progress_open = 1;
        }
        return;
    }
    if (progress_open) {
        fputc('\n', stderr);
        progress_open = 0;
    }
    if (level == CWB_LOG_RESULT) {
        fputs(text, stdout);
        results_on_stdout = 1;
    } else if (level == CWB_LOG_WARN)
        fprintf(stderr, "cwb: warning: %s", text);
    else
        fputs(text, stderr);
}

static const cwb_log cli_log = {cli_log_text, NULL};

/* The command line as a shell would take it back, for the provenance of
 * the outputs: "cwb" and the arguments, each quoted ('...', a quote as
 * '\'') when it holds anything but letters, digits and _-+=.,:/@%. Set
 * once by main(); cut short (with "...") past its size. */
static char command_line[4096];

static void note_command_line(int argc, char **argv)
{
    size_t used = (size_t)snprintf(command_line, sizeof command_line, "cwb");
    for (int i = 1; i < argc && used + 8 < sizeof command_line; i++) {
        const char *a = argv[i];
        int plain = a[0] != '\0';
        for (const char *c = a; *c && plain; c++)
            plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                    (*c >= '0' && *c <= '9') || strchr("_-+=.,:/@%", *c);
        command_line[used++] = ' ';
        if (!plain)
            command_line[used++] = '\'';
        for (const char *c = a; *c && used + 8 < sizeof command_line; c++) {
            if (*c == '\'' && !plain)
                used += (size_t)snprintf(command_line + used, sizeof command_line - used, "'\\''");
            else
                command_line[used++] = *c;
        }
        if (!plain)
            command_line[used++] = '\'';
        command_line[used] = '\0';
    }
    if (used + 8 >= sizeof command_line)
        snprintf(command_line + sizeof command_line - 8, 8, " ...");
}

static int report(int rc, const char *msg)
{
    if (rc == CWB_OK)
        return rc;
    /* a message quotes input files: their control bytes (terminal escape
     * sequences) are shown as '?', never sent to the terminal */
    char safe[CWB_MSG];
    size_t i = 0;
    for (; msg[i] && i + 1 < sizeof safe; i++)
        safe[i] = ((unsigned char)msg[i] < 0x20 && msg[i] != '\n') || msg[i] == 0x7f ? '?' : msg[i];
    safe[i] = '\0';
    snprintf(last_error, sizeof last_error, "%s", safe);
    cwb_logf(&cli_log, CWB_LOG_DETAIL, "cwb: %s\n", safe);
    return rc;
}

/* `cwb laws --json`: the laws (of one kind) and the drivers. */
static int laws_json(int only)
{
    cwb_json j;
    cwb_json_init(&j);
    cwb_json_head(&j, "laws", NULL);
    cwb_json_open(&j, "laws", '{');
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        if (only >= 0 && k != only)
            continue;
        cwb_json_open(&j, cwb_kind_name((cwb_kind)k), '[');
        for (size_t i = 0; i < cwb_law_count((cwb_kind)k); i++) {
            const cwb_law_head *h = cwb_law_at((cwb_kind)k, i);
            cwb_json_open(&j, NULL, '{');
            cwb_json_string(&j, "name", h->name);
            cwb_json_string(&j, "summary", h->summary);
            cwb_json_string(&j, "geometry", cwb_describe_geometry(h->dims));
            cwb_json_close(&j);
        }
        cwb_json_close(&j);
    }
    cwb_json_close(&j);
    cwb_json_open(&j, "drivers", '[');
    for (size_t i = 0; only < 0 && i < cwb_driver_count(); i++) {
        cwb_json_open(&j, NULL, '{');
        cwb_json_string(&j, "name", cwb_driver_at(i)->name);
        cwb_json_string(&j, "summary", cwb_driver_at(i)->summary);
        cwb_json_close(&j);
    }
    cwb_json_close(&j);
    cwb_json_warnings(&j, NULL);
    cwb_json_close(&j);
    int rc = cwb_json_emit(&j, stdout);
    cwb_json_free(&j);
    return rc == CWB_OK ? rc : report(rc, "out of memory writing the JSON");
}

static int cmd_laws(int argc, char **argv)
{
    int only = -1, json = 0;
    for (int i = 2; i < argc; i++) {
        int kind = -1;
        for (int k = 0; k < CWB_KIND_COUNT; k++)
            if (strcmp(argv[i], cwb_kind_name((cwb_kind)k)) == 0)
                kind = k;
        if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else if (kind < 0 || only >= 0) {
            fprintf(stderr,
                    "cwb laws: unknown kind '%s' (normal, tangential, damping, "
                    "rolling)\n",
                    argv[i]);
            return CWB_EINPUT;
        } else
            only = kind;
    }
    if (json)
        return laws_json(only);
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        if (only >= 0 && k != only)
            continue;
        printf("%s:\n", cwb_kind_name((cwb_kind)k));
        for (size_t i = 0; i < cwb_law_count((cwb_kind)k); i++) {
            const cwb_law_head *h = cwb_law_at((cwb_kind)k, i);
            printf("  %-22s %s%s\n", h->name, h->summary,
                   h->dims == CWB_DIM_2D   ? " [2D]"
                   : h->dims == CWB_DIM_3D ? " [3D]"
                                           : "");
        }
    }
    if (only < 0) {
        printf("drivers:\n");
        for (size_t i = 0; i < cwb_driver_count(); i++)
            printf("  %-22s %s\n", cwb_driver_at(i)->name, cwb_driver_at(i)->summary);
    }
    return CWB_OK;
}

static int cmd_cite(int argc, char **argv)
{
    int json = 0, keys = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else if (!cwb_work_find(argv[i])) {
            fprintf(stderr, "cwb cite: no work with key '%s' (`cwb cite` lists them)\n", argv[i]);
            return CWB_EINPUT;
        } else
            keys++;
    }
    cwb_json j;
    cwb_json_init(&j);
    cwb_json_head(&j, "cite", NULL);
    cwb_json_open(&j, "works", '[');
    for (size_t i = 0; i < cwb_work_count(); i++) {
        const cwb_work *w = cwb_work_at(i);
        int wanted = keys == 0;
        for (int k = 2; k < argc; k++)
            wanted |= strcmp(argv[k], w->key) == 0;
        if (wanted && !json)
            printf("[%s] %s\n", w->key, w->citation);
        else if (wanted) {
            cwb_json_open(&j, NULL, '{');
            cwb_json_string(&j, "key", w->key);
            cwb_json_string(&j, "citation", w->citation);
            cwb_json_close(&j);
        }
    }
    cwb_json_close(&j);
    cwb_json_warnings(&j, NULL);
    cwb_json_close(&j);
    int rc = json ? cwb_json_emit(&j, stdout) : CWB_OK;
    cwb_json_free(&j);
    return rc == CWB_OK ? rc : report(rc, "out of memory writing the JSON");
}

static int cmd_describe(int argc, char **argv)
{
    const char *topic = NULL;
    int want = -1, markdown = 0, json = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--kind") == 0 && i + 1 < argc) {
            for (int k = 0; k < CWB_KIND_COUNT; k++)
                if (strcmp(argv[i + 1], cwb_kind_name((cwb_kind)k)) == 0)
                    want = k;
            if (want < 0) {
                fprintf(stderr,
                        "cwb describe: --kind %s: expected normal, tangential, damping "
                        "or rolling\n",
                        argv[i + 1]);
                return CWB_EINPUT;
            }
            i++;
        } else if (strcmp(argv[i], "--markdown") == 0)
            markdown = 1;
        else if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else if (argv[i][0] == '-' || topic) {
            fprintf(stderr, "cwb describe: unexpected argument '%s'\n", argv[i]);
            return CWB_EINPUT;
        } else
            topic = argv[i];
    }
    if (json && markdown) {
        fprintf(stderr, "cwb describe: --json or --markdown, not both\n");
        return CWB_EINPUT;
    }
    if (!topic && !json) {
        cwb_describe_index(stdout);
        return CWB_OK;
    }
    if ((json ? cwb_describe_json(stdout, topic, want)
              : cwb_describe(stdout, topic, want, markdown)) != 0) {
        fprintf(stderr, "cwb describe: nothing called '%s' (`cwb describe` lists the topics)\n",
                topic);
        return CWB_EINPUT;
    }
    return CWB_OK;
}

/* Options shared by `run` and `sweep`. */
typedef struct {
    const char *path, *dir, *vary;
    const char **over;
    size_t nover;
    int json, plot, jobs;
    int dt_reuse;       /* sweep --dt-reuse */
    const char *format; /* of the plots: png, pdf or svg */
} options;

/* A path is written into provenance lines and gnuplot scripts: one with a
 * newline or control character is refused (exit 2), shown with '?'. The
 * list of paths ends with NULL. */
static int refuse_unprintable(const char *cmd, ...)
{
    va_list ap;
    va_start(ap, cmd);
    const char *bad = NULL;
    for (const char *p = va_arg(ap, const char *); p && !bad; p = va_arg(ap, const char *))
        if (!cwb_path_printable(p))
            bad = p;
    va_end(ap);
    if (!bad)
        return CWB_OK;
    fprintf(stderr, "cwb %s: the path '", cmd);
    for (const char *p = bad; *p; p++)
        fputc((unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p, stderr);
    fprintf(stderr, "' holds a newline or control character (shown as ?): rename it\n");
    return CWB_EINPUT;
}

/* Parse argv[2..]; sweep_opts enables --vary and --jobs. CWB_OK or
 * CWB_EINPUT (after printing the problem). o->over must be freed. */
static int parse_options(int argc, char **argv, int sweep_opts, options *o)
{
    *o = (options){.dir = "cwb-out", .plot = 1, .jobs = 1, .format = "png"};
    o->over = calloc((size_t)argc, sizeof *o->over);
    if (!o->over)
        return report(CWB_EFAIL, "out of memory");
    for (int i = 2; i < argc; i++) {
        double x;
        if (strcmp(argv[i], "--set") == 0 && i + 1 < argc)
            o->over[o->nover++] = argv[++i];
        else if (strncmp(argv[i], "--set=", 6) == 0)
            o->over[o->nover++] = argv[i] + 6;
        else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            o->dir = argv[++i];
        else if (strcmp(argv[i], "--json") == 0)
            o->json = 1;
        else if (strcmp(argv[i], "--no-plot") == 0)
            o->plot = 0;
        else if (strcmp(argv[i], "--format") == 0 && i + 1 < argc) {
            o->format = argv[++i];
            if (!cwb_plot_format_ok(o->format)) {
                fprintf(stderr, "cwb %s: --format %s: expected png, pdf or svg\n", argv[1],
                        o->format);
                return CWB_EINPUT;
            }
        } else if (sweep_opts && strcmp(argv[i], "--vary") == 0 && i + 1 < argc)
            o->vary = argv[++i];
        else if (sweep_opts && strcmp(argv[i], "--dt-reuse") == 0)
            o->dt_reuse = 1;
        else if (sweep_opts && strcmp(argv[i], "--jobs") == 0 && i + 1 < argc) {
            if (cwb_parse_double(argv[++i], &x) != 0 || x < 1 || x > 256 || x != floor(x)) {
                fprintf(stderr, "cwb: --jobs %s: expected an integer 1..256\n", argv[i]);
                return CWB_EINPUT;
            }
            o->jobs = (int)x;
        } else if (argv[i][0] == '-' || o->path) {
            fprintf(stderr, "cwb %s: unexpected argument '%s'\n", argv[1], argv[i]);
            usage(stderr);
            return CWB_EINPUT;
        } else
            o->path = argv[i];
    }
    if (!o->path) {
        usage(stderr);
        return CWB_EINPUT;
    }
    return refuse_unprintable(argv[1], o->path, o->dir, NULL);
}

/* The comparison's verdict against the reference's tolerance, on stderr
 * with the other notes (the JSON carries it as "verdict"). */
static void print_verdict(const cwb_case *c, const cwb_result *r)
{
    if (r->verdict == CWB_VERDICT_NONE || r->verdict == CWB_VERDICT_SKIPPED)
        return; /* nothing compared; a skipped reference has its warning */
    char line[256];
    cwb_verdict_line(r->verdict, cwb_result_get(r, "ref_max_rel_error"),
                     cwb_result_get(r, "ref_tolerance"), line, sizeof line);
    fprintf(stderr, "cwb: %s of max |ref| against %s\n", line,
            c->output_values.text[CWB_OUT_REFERENCE]);
    /* a verdict on part of the reference says which part (doc/outputs.md) */
    double rows = cwb_result_get(r, "ref_rows"), compared = cwb_result_get(r, "ref_rows_compared");
    if (compared < rows)
        fprintf(stderr,
                "cwb:   (over %.0f of the reference's %.0f rows: the run does not reach "
                "the others)\n",
                compared, rows);
    if (r->verdict == CWB_VERDICT_MODEL)
        fprintf(stderr, "cwb:   (%s)\n", c->output_values.text[CWB_OUT_MODEL_COMPARISON]);
}

/* Each [output] also_reference compared: not judged, but read against its
 * own tolerance, as a sweep and cwb verify read their further references
 * (a deviation printed without it passes for a pass). */
static void print_also_references(const cwb_result *r)
{
    for (size_t k = 0; k < CWB_ALSO_MAX; k++) {
        if (!r->also[k].path[0])
            continue;
        char key[64], drawn[120];
        cwb_also_ref_key(key, sizeof key, k, "max_rel_error");
        double deviation = cwb_result_get(r, key);
        fprintf(stderr, "cwb: max deviation %.3g (%s) of max |ref| against %s\n", deviation,
                cwb_verdict_drawn_line(deviation, r->also[k].tolerance, drawn, sizeof drawn),
                r->also[k].path);
    }
}

static int cmd_run(int argc, char **argv)
{
    options o;
    char msg[CWB_MSG];
    int rc = parse_options(argc, argv, 0, &o);
    if (rc != CWB_OK) {
        free(o.over);
        return rc;
    }
    cwb_case *c = cwb_case_new();
    cwb_result r;
    cwb_result_init(&r);
    if (!c) {
        free(o.over);
        return report(CWB_EFAIL, "out of memory");
    }
    if ((rc = cwb_case_load(c, o.path, o.over, o.nover, msg, sizeof msg)) != CWB_OK)
        goto out;
    cwb_run_output ro = {.dir = o.dir, .plot = o.plot, .format = o.format, .command = command_line};
    /* one case in the foreground: say how far it is, every half second (often
     * enough to show a run moves, rarely enough never to show in its time) */
    cwb_progress_log_set(&cli_log, 0.5);
    rc = cwb_run_and_write(c, o.over, o.nover, &ro, &r, &cli_log, msg, sizeof msg);
    cwb_progress_log_set(NULL, 0.0);
    progress_close();
    if (rc != CWB_OK)
        goto out;
    if (o.plot)
        fprintf(stderr, "cwb: wrote %s/%s.csv (and .gp, .%s)\n", o.dir, c->name, o.format);
    else
        fprintf(stderr, "cwb: wrote %s/%s.csv\n", o.dir, c->name);
    if (!o.json)
        cwb_write_summary(stdout, c, &r);
    else if ((rc = cwb_write_json(stdout, c, &r, o.dir)) != CWB_OK)
        snprintf(msg, sizeof msg, "out of memory writing the JSON");
    for (size_t w = 0; !o.json && w < r.nwarn; w++) /* warnings on stderr, results on stdout */
        fprintf(stderr, "cwb: warning: %s\n", r.warn[w]);
    print_verdict(c, &r);
    print_also_references(&r);
out:
    report(rc, msg);
    cwb_result_free(&r);
    free(c);
    free(o.over);
    return rc;
}

static int cmd_sweep(int argc, char **argv)
{
    options o;
    char msg[CWB_MSG];
    int rc = parse_options(argc, argv, 1, &o);
    if (rc == CWB_OK) {
        cwb_sweep_request req = {.path = o.path,
                                 .sets = o.over,
                                 .nsets = o.nover,
                                 .vary = o.vary,
                                 .jobs = o.jobs,
                                 .dt_reuse = o.dt_reuse,
                                 .dir = o.dir,
                                 .plot = o.plot,
                                 .json = o.json,
                                 .format = o.format,
                                 .command = command_line};
        rc = report(cwb_sweep(&req, &cli_log, msg, sizeof msg), msg);
    }
    free(o.over);
    return rc;
}

/* `cwb batch --merge OUT.csv [--partial] FILE.csv ...` */
static int cmd_batch_merge(int argc, char **argv)
{
    const char *out = NULL, **in = calloc((size_t)argc, sizeof *in);
    size_t nin = 0;
    int partial = 0, rc = in ? CWB_OK : report(CWB_EFAIL, "out of memory");
    for (int i = 3; rc == CWB_OK && i < argc; i++) {
        if (strcmp(argv[i], "--partial") == 0)
            partial = 1;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "cwb batch --merge: unexpected argument '%s'\n", argv[i]);
            rc = CWB_EINPUT;
        } else if (refuse_unprintable("batch", argv[i], NULL) != CWB_OK)
            rc = CWB_EINPUT;
        else if (!out)
            out = argv[i];
        else
            in[nin++] = argv[i];
    }
    if (rc == CWB_OK && !nin) {
        fprintf(stderr, "cwb batch --merge: give OUT.csv and the files to merge\n");
        rc = CWB_EINPUT;
    }
    if (rc == CWB_OK) {
        char msg[CWB_MSG];
        rc = cwb_batch_merge(out, in, nin, partial, command_line, &cli_log, msg, sizeof msg);
        rc = report(rc, msg);
    }
    free(in);
    return rc;
}

/* `cwb batch`: its own options (a table, a shard, a file, results). */
static int cmd_batch(int argc, char **argv)
{
    if (argc > 2 && strcmp(argv[2], "--merge") == 0)
        return cmd_batch_merge(argc, argv);
    cwb_batch_request req = {.jobs = 1, .command = command_line};
    const char **over = calloc((size_t)argc, sizeof *over);
    if (!over)
        return report(CWB_EFAIL, "out of memory");
    int rc = CWB_OK;
    for (int i = 2; rc == CWB_OK && i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        double x;
        if (strcmp(a, "--set") == 0 && v)
            over[req.nsets++] = argv[++i];
        else if (strcmp(a, "--samples") == 0 && v)
            req.samples = argv[++i];
        else if (strcmp(a, "--shard") == 0 && v)
            req.shard = argv[++i];
        else if (strcmp(a, "--out") == 0 && v)
            req.out = argv[++i];
        else if (strcmp(a, "--results") == 0 && v)
            req.results = argv[++i];
        else if (strcmp(a, "--json") == 0)
            req.json = 1;
        else if (strcmp(a, "--dt-reuse") == 0)
            req.dt_reuse = 1;
        else if (strcmp(a, "--jobs") == 0 && v) {
            if (cwb_parse_double(argv[++i], &x) != 0 || x < 1 || x > 256 || x != floor(x)) {
                fprintf(stderr, "cwb batch: --jobs %s: expected an integer 1..256\n", argv[i]);
                rc = CWB_EINPUT;
            }
            req.jobs = (int)x;
        } else if (a[0] == '-' || req.path) {
            fprintf(stderr, "cwb batch: unexpected argument '%s'\n", a);
            rc = CWB_EINPUT;
        } else
            req.path = a;
    }
    if (rc == CWB_OK && (!req.path || !req.samples)) {
        fprintf(stderr, "cwb batch: give a CASE and --samples TABLE.csv\n");
        rc = CWB_EINPUT;
    }
    if (rc == CWB_OK)
        rc = refuse_unprintable("batch", req.path, req.samples, req.out ? req.out : "", NULL);
    if (rc == CWB_OK) {
        char msg[CWB_MSG];
        req.sets = over;
        rc = report(cwb_batch(&req, &cli_log, msg, sizeof msg), msg);
    } else
        usage(stderr);
    free(over);
    return rc;
}

static int cmd_fit(int argc, char **argv)
{
    options o;
    char msg[CWB_MSG];
    int rc = parse_options(argc, argv, 0, &o);
    if (rc == CWB_OK && o.nover) {
        fprintf(stderr, "cwb fit: --set is not taken (the fit-case names its case)\n");
        rc = CWB_EINPUT;
    }
    if (rc == CWB_OK) { /* cwb_fit creates the folder */
        cwb_fit_request req = {.path = o.path,
                               .dir = o.dir,
                               .plot = o.plot,
                               .json = o.json,
                               .format = o.format,
                               .command = command_line};
        rc = report(cwb_fit(&req, NULL, &cli_log, msg, sizeof msg), msg);
        if (rc == CWB_OK) { /* every fit model names its files after the fit-case */
            const char *base = strrchr(o.path, '/') ? strrchr(o.path, '/') + 1 : o.path;
            int len = (int)strcspn(base, ".");
            fprintf(stderr, "cwb: wrote %s/%.*s_fit.csv%s\n", o.dir, len, base,
                    o.plot ? " and its plots (.gp and rendered)" : "");
        }
    }
    free(o.over);
    return rc;
}

static int cmd_reference(int argc, char **argv)
{
    const char *path = NULL, *dir = NULL, *work = "build/fem";
    int reuse = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            dir = argv[++i];
        else if (strcmp(argv[i], "--reuse") == 0)
            reuse = 1;
        else if (strcmp(argv[i], "--work") == 0 && i + 1 < argc)
            work = argv[++i];
        else if (argv[i][0] == '-' || path) {
            fprintf(stderr, "cwb reference: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return CWB_EINPUT;
        } else
            path = argv[i];
    }
    if (!path) {
        usage(stderr);
        return CWB_EINPUT;
    }
    /* a study's tables go to the folder above its own (reference/fem/ for
     * reference/fem/studies/NAME.study), wherever cwb is run from */
    char beside[CWB_TEXT];
    if (!dir) {
        if (cwb_path_resolve_list(path, "..", beside, sizeof beside) != CWB_OK)
            return report(CWB_EINPUT, beside);
        dir = beside;
    }
    if (refuse_unprintable("reference", path, dir, work, NULL) != CWB_OK)
        return CWB_EINPUT;
    char msg[CWB_MSG];
    int rc = cwb_make_dirs(dir, msg, sizeof msg);
    if (rc == CWB_OK)
        rc = cwb_reference_study_reuse(path, dir, work, reuse, command_line, &cli_log, msg,
                                       sizeof msg);
    return report(rc, msg);
}

/* The bytes of a file on stdout. */
static int copy_to_stdout(const char *path, char *msg, size_t n)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return cwb_fail(msg, n, CWB_EFAIL, "%s: %s", path, strerror(errno));
    char buf[1 << 14];
    for (size_t got; (got = fread(buf, 1, sizeof buf, in)) > 0;)
        fwrite(buf, 1, got, stdout);
    int bad = ferror(in);
    fclose(in);
    return bad ? cwb_fail(msg, n, CWB_EFAIL, "cannot read %s", path) : CWB_OK;
}

static int cmd_verify(int argc, char **argv)
{
    cwb_verify_request req = {
        .root = ".", .dir = "cwb-verify", .jobs = 1, .plot = 1, .command = command_line};
    const char **only = calloc((size_t)argc, sizeof *only);
    int json = 0;
    double x;
    for (int i = 2; only && i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            req.dir = argv[++i];
        else if (strcmp(argv[i], "--root") == 0 && i + 1 < argc)
            req.root = argv[++i];
        else if (strcmp(argv[i], "--plots") == 0 && i + 1 < argc)
            req.plots = argv[++i];
        else if (strcmp(argv[i], "--no-plot") == 0)
            req.plot = 0;
        else if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else if (strcmp(argv[i], "--jobs") == 0 && i + 1 < argc) {
            if (cwb_parse_double(argv[++i], &x) != 0 || x < 1 || x > 256 || x != floor(x)) {
                fprintf(stderr, "cwb verify: --jobs %s: expected an integer 1..256\n", argv[i]);
                free(only);
                return CWB_EINPUT;
            }
            req.jobs = (int)x;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "cwb verify: unexpected argument '%s'\n", argv[i]);
            free(only);
            return CWB_EINPUT;
        } else
            only[req.nonly++] = argv[i];
    }
    req.only = only;
    char msg[CWB_MSG];
    cwb_verify_counts c;
    int rc = only ? cwb_verify(&req, &c, &cli_log, msg, sizeof msg)
                  : cwb_fail(msg, sizeof msg, CWB_EFAIL, "out of memory");
    free(only);
    if (rc != CWB_OK)
        return report(rc, msg);
    if (json) { /* the report's JSON, as written */
        char path[CWB_TEXT + 32];
        snprintf(path, sizeof path, "%s/report.json", req.dir);
        if ((rc = copy_to_stdout(path, msg, sizeof msg)) != CWB_OK)
            return report(rc, msg);
    } else
        printf("PASS %zu, FAIL %zu, model comparisons %zu, no verdict %zu, errors %zu (%zu "
               "cases)\n",
               c.pass, c.fail, c.model, c.other, c.errors, c.cases);
    fprintf(stderr, "cwb: wrote %s/index.html, %s/report.md and %s/report.json\n", req.dir, req.dir,
            req.dir);
    return c.fail || c.errors ? CWB_EFAIL : CWB_OK;
}

/* doc/reference/commands.md: every command's help, as `cwb help CMD` prints it. */
static int commands_page(const char *dir, char *msg, size_t n)
{
    char path[CWB_TEXT + 64];
    snprintf(path, sizeof path, "%s/commands.md", dir);
    cwb_output w;
    int rc = cwb_output_open(&w, path, msg, n);
    if (rc != CWB_OK)
        return rc;
    fprintf(w.f, "<!-- Generated by `make docs` (cwb docs) from the help texts of src/cli/main.c; "
                 "do not edit: tests/test_docs.c fails when this page is stale. -->\n\n"
                 "# Commands\n\nEvery command answers `--help` with the text below (also "
                 "`cwb help CMD` and `man build/man/cwb.1`).\n\n```\n");
    usage(w.f);
    fprintf(w.f, "```\n\n");
    for (size_t i = 0; i < sizeof command_help / sizeof *command_help; i++)
        fprintf(w.f, "## `cwb %s`\n\n```\n%s```\n\n", command_help[i].name, command_help[i].text);
    return cwb_output_commit(&w, msg, n);
}

static int cmd_docs(int argc, char **argv)
{
    if (argc != 3 || argv[2][0] == '-') {
        fprintf(stderr, "usage: cwb docs DIR\n");
        return CWB_EINPUT;
    }
    char msg[CWB_MSG];
    int rc = cwb_make_dirs(argv[2], msg, sizeof msg);
    if (rc == CWB_OK)
        rc = cwb_describe_pages(argv[2], msg, sizeof msg);
    if (rc == CWB_OK)
        rc = commands_page(argv[2], msg, sizeof msg);
    if (rc == CWB_OK)
        fprintf(stderr, "cwb: wrote %s/{case-files,laws,drivers,fem-models,commands}.md\n",
                argv[2]);
    return report(rc, msg);
}

/* `cwb peer CASE --code CODE ...` and `cwb replay CASE --trace FILE ...`:
 * their arguments are read by the commands layer (cwb_peer.h, cwb_replay.h). */
static int cmd_peer(int argc, char **argv)
{
    char msg[CWB_MSG];
    int replay = strcmp(argv[1], "replay") == 0;
    const char **over = calloc((size_t)argc, sizeof *over);
    cwb_peer_request pq;
    cwb_replay_request rq;
    int rc = !over    ? cwb_fail(msg, sizeof msg, CWB_EFAIL, "out of memory")
             : replay ? cwb_replay_args(argc, argv, &rq, over, msg, sizeof msg)
                      : cwb_peer_args(argc, argv, &pq, over, msg, sizeof msg);
    if (rc == CWB_OK &&
        refuse_unprintable(argv[1], replay ? rq.path : pq.path, replay ? rq.trace : pq.dir,
                           replay ? rq.dir : NULL, NULL) != CWB_OK) {
        free(over);
        return CWB_EINPUT;
    }
    if (rc == CWB_OK && replay)
        rq.command = command_line;
    else if (rc == CWB_OK)
        pq.command = command_line;
    if (rc == CWB_OK)
        rc = replay ? cwb_replay(&rq, &cli_log, msg, sizeof msg)
                    : cwb_peer(&pq, &cli_log, msg, sizeof msg);
    else if (rc == CWB_EINPUT)
        usage(stderr);
    free(over);
    return report(rc, msg);
}

static int cmd_init(int argc, char **argv)
{
    char msg[CWB_MSG];
    return report(cwb_init_command(argc, argv, msg, sizeof msg), msg);
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CWB_EINPUT;
    }
    const char *cmd = argv[1];
    if (command_help_asked(argc, argv))
        return CWB_OK;
    if (strcmp(cmd, "help") == 0 && argc > 2) {
        char *again[] = {argv[0], argv[2], "--help"};
        if (command_help_asked(3, again))
            return CWB_OK;
        fprintf(stderr, "cwb help: no command '%s'\n", argv[2]);
        usage(stderr);
        return CWB_EINPUT;
    }
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc, argv);
    if (strcmp(cmd, "docs") == 0)
        return cmd_docs(argc, argv);
    if (strcmp(cmd, "verify") == 0)
        return cmd_verify(argc, argv);
    if (strcmp(cmd, "sweep") == 0)
        return cmd_sweep(argc, argv);
    if (strcmp(cmd, "batch") == 0)
        return cmd_batch(argc, argv);
    if (strcmp(cmd, "fit") == 0)
        return cmd_fit(argc, argv);
    if (strcmp(cmd, "reference") == 0)
        return cmd_reference(argc, argv);
    if (strcmp(cmd, "laws") == 0)
        return cmd_laws(argc, argv);
    if (strcmp(cmd, "describe") == 0)
        return cmd_describe(argc, argv);
    if (strcmp(cmd, "cite") == 0)
        return cmd_cite(argc, argv);
    if (strcmp(cmd, "init") == 0)
        return cmd_init(argc, argv);
    if (strcmp(cmd, "peer") == 0 || strcmp(cmd, "replay") == 0)
        return cmd_peer(argc, argv);
    if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0) {
        printf("cwb %s (commit %s)\n", CWB_VERSION, cwb_commit());
        return CWB_OK;
    }
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return CWB_OK;
    }
    fprintf(stderr, "cwb: unknown command '%s'\n", cmd);
    usage(stderr);
    return CWB_EINPUT;
}

/* A signal that ends cwb first removes the temporaries of the outputs being
 * written (cwb_files.h), then ends it as it would have: SA_RESETHAND put
 * the default action back, and the signal raised again is delivered when
 * the handler returns (it is blocked inside it), so a caller sees death by
 * that signal. */
static void on_ending_signal(int sig)
{
    cwb_output_remove_temporaries();
    raise(sig);
}

/* SIGXFSZ ignored: a write past `ulimit -f` then fails with EFBIG, which
 * the write path reports with the file's name, instead of killing cwb
 * without a word. SIGINT, SIGTERM, SIGHUP clean up first (a signal the
 * caller ignores, such as SIGHUP under nohup, stays ignored). `cwb sweep`
 * and `cwb batch` catch SIGINT and SIGTERM themselves while they run. */
static void catch_signals(void)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGXFSZ, &sa, NULL);
    const int ending[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof ending / sizeof *ending; i++)
        sigaddset(&sa.sa_mask, ending[i]);
    sa.sa_handler = on_ending_signal;
    sa.sa_flags = SA_RESETHAND;
    for (size_t i = 0; i < sizeof ending / sizeof *ending; i++)
        if (sigaction(ending[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(ending[i], &sa, NULL);
}

/* Whether this command line asks for a --json answer (init and docs
 * write none; a --set VALUE of "--json" is a value, not the flag). */
static int json_asked(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "init") == 0 || strcmp(argv[1], "docs") == 0)
        return 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0 && strcmp(argv[i - 1], "--set") != 0)
            return 1;
    }
    return 0;
}

/* A failed command asked for --json that wrote no answer still answers
 * with one object on stdout (doc/outputs.md): the head, "error" (the
 * message on stderr) and "exit" (the status). */
static void answer_failure(const char *command, int rc)
{
    cwb_json j;
    cwb_json_init(&j);
    cwb_json_head(&j, command, NULL);
    cwb_json_string(&j, "error", last_error[0] ? last_error : "failed (see stderr)");
    cwb_json_number(&j, "exit", rc);
    cwb_json_warnings(&j, NULL);
    cwb_json_close(&j);
    cwb_json_emit(&j, stdout);
    cwb_json_free(&j);
}

int main(int argc, char **argv)
{
    gsl_set_error_handler_off();
    catch_signals();
    cwb_inputs_guard(); /* no output over a file the command reads */
    note_command_line(argc, argv);
    int rc = dispatch(argc, argv);
    if (rc != CWB_OK && json_asked(argc, argv) && !results_on_stdout &&
        !cwb_json_answered_on_stdout())
        answer_failure(argv[1], rc);
    /* an answer that did not reach stdout (a full disk behind a redirect,
     * a closed pipe) is a failure, not a success */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "cwb: cannot write the output: %s\n", strerror(errno));
        return rc == CWB_OK ? CWB_EFAIL : rc;
    }
    return rc;
}
