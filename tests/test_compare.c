/* test_compare.c -- cwb_compare on curves that turn back in x (a load-
 * unload cycle against a FEM table of the same legs), against closed forms
 * written here: loading y = x^(3/2), unloading y = ((x - 0.3)/0.7)^(3/2)
 * (a Hertz-like branch with a residual 0.3), sampled differently in the
 * run and the reference. */
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "cwb_csv.h"
#include "cwb_files.h"
#include "cwb_out.h"
#include "cwb_test.h"

static double loading(double x)
{
    return pow(x, 1.5);
}

static double unloading(double x)
{
    return x > 0.3 ? pow((x - 0.3) / 0.7, 1.5) : 0.0;
}

/* legs rising and falling alternately, m points each, the turning point
 * shared; the falling legs scaled by `scale`. */
static size_t cycle(double *x, double *y, size_t m, int legs, double scale)
{
    size_t k = 0;
    for (int leg = 0; leg < legs; leg++)
        for (size_t i = leg ? 1 : 0; i < m; i++) {
            double t = (double)i / (double)(m - 1);
            double xi = leg % 2 ? 1.0 - t : t;
            x[k] = xi;
            y[k++] = leg % 2 ? scale * unloading(xi) : (leg ? unloading(xi) : loading(xi));
        }
    return k;
}

static void run_series(cwb_series *s, double *x, double *y, size_t m)
{
    memset(s, 0, sizeof *s);
    s->ncol = 2;
    s->nrow = m;
    snprintf(s->col[0].name, sizeof s->col[0].name, "delta_n");
    snprintf(s->col[1].name, sizeof s->col[1].name, "F_n");
    s->col[0].v = x;
    s->col[1].v = y;
}

static void reference(cwb_reference *r, double *x, double *y, size_t m)
{
    memset(r, 0, sizeof *r);
    r->ncol = 2;
    r->nrow = m;
    snprintf(r->name[0], sizeof r->name[0], "delta");
    snprintf(r->name[1], sizeof r->name[1], "force");
    r->v[0] = x;
    r->v[1] = y;
}

static const cwb_compare_columns cols = {
    .x = "delta_n", .y = "F_n", .ref_x = "delta", .ref_y = "force"};

START_TEST(cycles_are_compared_leg_by_leg)
{
    static double rx[512], ry[512], fx[40], fy[40];
    size_t rm = cycle(rx, ry, 201, 2, 1.0), fm = cycle(fx, fy, 15, 2, 1.0);
    cwb_series s;
    cwb_reference r;
    run_series(&s, rx, ry, rm);
    reference(&r, fx, fy, fm);
    cwb_deviation dev;
    char msg[CWB_MSG];
    ck_assert_msg(cwb_compare(&s, &r, &cols, &dev, msg, sizeof msg) == CWB_OK, "%s", msg);
    /* interpolation of the finely sampled run only: Steffen's cubic on 201
     * points of x^1.5 */
    ck_assert_msg(dev.max_rel < 1e-4 && dev.points == fm + 1, "%g %zu", dev.max_rel, dev.points);
    /* a reference whose unloading is 5 % higher: the turning point (x = 1,
     * y = 1) is the loading's, so the largest deviation is 5 % of the
     * unloading at the next point, x = 1 - 1/14, over max |ref| = 1 */
    cycle(fx, fy, 15, 2, 1.05);
    ck_assert_msg(cwb_compare(&s, &r, &cols, &dev, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_msg(fabs(dev.max_rel - 0.05 * unloading(1.0 - 1.0 / 14)) < 1e-4, "%g", dev.max_rel);
}
END_TEST

START_TEST(legs_that_do_not_match_are_refused)
{
    static double rx[512], ry[512], fx[60], fy[60];
    size_t rm = cycle(rx, ry, 101, 2, 1.0), fm = cycle(fx, fy, 15, 3, 1.0);
    cwb_series s;
    cwb_reference r;
    run_series(&s, rx, ry, rm);
    reference(&r, fx, fy, fm);
    cwb_deviation dev;
    char msg[CWB_MSG];
    ck_assert_int_eq(cwb_compare(&s, &r, &cols, &dev, msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, "turns back in x 1 times and the reference 2 times"), "%s", msg);
}
END_TEST

/* cwb CMD CASE --set SET --no-plot --out DIR (below) */
static int cli(const char *cmd, const char *file, const char *set, char *text, size_t n);
static int cli_args(const char *const *args, char *text, size_t n);

/* The deviation is relative to max |ref| over the rows the run reaches, and
 * says how many those are (doc/outputs.md, "Verdicts"). The run is y = x^2
 * on [0, 1] (51 points), 1 % above the reference y = x^2 sampled at 21
 * points on [0, 1]; the reference goes on to x = 2 with y = 1e300 at its
 * last row, which the run never reaches. The largest deviation is 1 % of
 * y(1) = 1 over the compared rows: 0.01. Divided by the unreached 1e300 (the
 * old scale: every reference row) it read 1e-302 and passed anything. */
START_TEST(scale_and_coverage_are_the_compared_range)
{
    static double rx[51], ry[51], fx[23], fy[23];
    for (size_t i = 0; i < 51; i++) {
        rx[i] = (double)i / 50.0;
        ry[i] = 1.01 * rx[i] * rx[i];
    }
    for (size_t i = 0; i < 21; i++) {
        fx[i] = (double)i / 20.0;
        fy[i] = fx[i] * fx[i];
    }
    fx[21] = 1.5;
    fy[21] = 2.25;
    fx[22] = 2.0;
    fy[22] = 1e300;
    cwb_series s;
    cwb_reference r;
    run_series(&s, rx, ry, 51);
    reference(&r, fx, fy, 23);
    cwb_deviation dev;
    char msg[CWB_MSG];
    ck_assert_msg(cwb_compare(&s, &r, &cols, &dev, msg, sizeof msg) == CWB_OK, "%s", msg);
    /* 0.01 y(1) at x = 1, a reference row and a run point: exact but for round-off */
    ck_assert_msg(fabs(dev.max_rel - 0.01) < 1e-12, "%g", dev.max_rel);
    ck_assert_uint_eq(dev.ref_rows, 21);
    ck_assert_uint_eq(dev.ref_rows_total, 23);
    /* the other way round (the reference monotone, the run turning back):
     * the same rows reached, the same scale */
    static double bx[101], by[101];
    for (size_t i = 0; i < 101; i++) {
        bx[i] = i <= 50 ? (double)i / 50.0 : (double)(100 - i) / 50.0;
        by[i] = 1.01 * bx[i] * bx[i];
    }
    run_series(&s, bx, by, 101);
    ck_assert_msg(cwb_compare(&s, &r, &cols, &dev, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_msg(fabs(dev.max_rel - 0.01) < 1e-12, "%g", dev.max_rel);
    ck_assert_uint_eq(dev.ref_rows, 21);
    /* a sweep says it too: Chung & Ooi test 6 sweeps 16 of the 19 spins of
     * the gross-sliding closed form, and compares 15: the row at chi = 0.95
     * lies between runs astride the kink at chi = 1, where interpolating
     * the sweep is uncertain by 2.8e-4 of max |ref| (more than a tenth of
     * the tolerance 0.002), and the sweep says so */
    static char text[1 << 16];
    ck_assert_int_eq(
        cli("sweep", "cases/chung_ooi_6_al_alloy.case", "driver.dt_tol=1e-5", text, sizeof text),
        0);
    ck_assert_msg(strstr(text, "spin_gross_sliding_beta.csv: PASS") &&
                      strstr(text, "(of max |ref|), over 15 of its 19 rows") &&
                      strstr(text, "1 of reference/analytic/spin_gross_sliding_beta.csv's rows "
                                   "inside the sweep's range not compared"),
                  "%s", text);
    /* and its JSON, and cwb verify's */
    const char *json[] = {
        "sweep", "cases/chung_ooi_6_al_alloy.case", "--set", "driver.dt_tol=1e-5", "--json", NULL};
    static char answer[1 << 20]; /* the rows come first: 0.2 MB */
    ck_assert_int_eq(cli_args(json, answer, sizeof answer), 0);
    const char *at = strstr(answer, "spin_gross_sliding_beta.csv\"");
    ck_assert_msg(at && strstr(at, "\"ref_rows_compared\": 15, \"ref_rows\": 19"), "%.300s",
                  at ? at : answer);
    /* Chung & Ooi test 1's closed form: all 201 rows reached */
    const char *verify[] = {"verify", "chung_ooi_1_glass", "--json", NULL};
    ck_assert_int_eq(cli_args(verify, answer, sizeof answer), 0);
    ck_assert_msg(strstr(answer, "\"ref_rows_compared\": 201, \"ref_rows\": 201"), "%.2000s",
                  answer);
}
END_TEST

/* A reference states what it stands for; a run with other inputs is told
 * which (Chung & Ooi test 1: glass spheres at 20 m/s, E = 48 GPa). */
START_TEST(reference_states_what_it_stands_for)
{
    cwb_case *c = cwb_case_new();
    char msg[CWB_MSG], why[256];
    ck_assert_int_eq(cwb_case_load(c, "cases/chung_ooi_1_glass.case", NULL, 0, msg, sizeof msg),
                     CWB_OK);
    cwb_reference r;
    memset(&r, 0, sizeof r);
    snprintf(r.path, sizeof r.path, "ref.csv");
    snprintf(r.stands_for, sizeof r.stands_for,
             "contact.normal = hertz; body1.E = 4.8e10; body1.nu = 0.2; driver.v_normal = 20");
    ck_assert_int_eq(cwb_reference_stands_for(&r, c, NULL, why, sizeof why), 1);
    const char *faster[] = {"driver.v_normal=5"};
    ck_assert_int_eq(cwb_case_load(c, "cases/chung_ooi_1_glass.case", faster, 1, msg, sizeof msg),
                     CWB_OK);
    ck_assert_int_eq(cwb_reference_stands_for(&r, c, NULL, why, sizeof why), 0);
    ck_assert_msg(strstr(why, "driver.v_normal = 5, the reference's 20"), "%s", why);
    /* a sweep varies the key itself: not a mismatch */
    ck_assert_int_eq(cwb_reference_stands_for(&r, c, "driver.v_normal", why, sizeof why), 1);
    snprintf(r.stands_for, sizeof r.stands_for, "contact.normal = thornton");
    ck_assert_int_eq(cwb_reference_stands_for(&r, c, NULL, why, sizeof why), 0);
    /* a key the case has not does not apply; an entry without '=' is an error */
    snprintf(r.stands_for, sizeof r.stands_for, "normal.sigma_y = 4e7; body1.E = 4.8e10");
    ck_assert_int_eq(cwb_reference_stands_for(&r, c, NULL, why, sizeof why), 1);
    snprintf(r.stands_for, sizeof r.stands_for, "body1.E 4.8e10");
    ck_assert_int_eq(cwb_reference_stands_for(&r, c, NULL, why, sizeof why), -1);
    ck_assert_msg(strstr(why, "is not section.key = value"), "%s", why);
    free(c);
}
END_TEST

/* cwb ARGS... --no-plot --out DIR (args ended by NULL, at most 8), both
 * streams into text. */
static int cli_args(const char *const *args, char *text, size_t n)
{
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    char dir[] = "/tmp/cwb-compare-XXXXXX", log[64];
    ck_assert(mkdtemp(dir) != NULL);
    snprintf(log, sizeof log, "%s.log", dir);
    char *argv[16] = {(char *)bin};
    size_t k = 1;
    for (; args[k - 1] && k < 12; k++)
        argv[k] = (char *)args[k - 1];
    argv[k++] = "--no-plot";
    argv[k++] = "--out";
    argv[k++] = dir;
    argv[k] = NULL;
    int rc = cwb_spawn(argv, NULL, log);
    FILE *f = fopen(log, "r");
    ck_assert(f != NULL);
    size_t got = fread(text, 1, n - 1, f);
    text[got] = '\0';
    fclose(f);
    unlink(log);
    char *rm[] = {"rm", "-rf", dir, NULL};
    cwb_spawn(rm, NULL, "/dev/null");
    return rc;
}

/* cwb CMD CASE OPTION VALUE --no-plot --out DIR. */
static int cli_option(const char *cmd, const char *file, const char *option, const char *value,
                      char *text, size_t n)
{
    const char *args[] = {cmd, file, option, value, NULL};
    return cli_args(args, text, n);
}

/* cwb CMD CASE --set SET --no-plot --out DIR, both streams into text. */
static int cli(const char *cmd, const char *file, const char *set, char *text, size_t n)
{
    return cli_option(cmd, file, "--set", set, text, n);
}

/* The README's own example: Chung & Ooi test 1 at 5 m/s against the curve
 * made for 20 m/s prints no deviation, says why, and the JSON says so. A
 * sweep over the speed is still compared (the varied key is not an input
 * the reference fixes); one with another sigma_y is not, nor one that varies
 * sigma_y, the key the reference was made at. */
START_TEST(runs_with_other_inputs_are_not_compared)
{
    static char text[1 << 16];
    ck_assert_int_eq(
        cli("run", "cases/chung_ooi_1_glass.case", "driver.v_normal=5", text, sizeof text), 0);
    ck_assert_msg(strstr(text, "made for other inputs (driver.v_normal = 5, the reference's 20)"),
                  "%s", text);
    ck_assert_msg(!strstr(text, "ref_max_rel_error"), "%s", text);
    ck_assert_int_eq(
        cli("sweep", "cases/thornton_restitution.case", "driver.dt_tol=1e-4", text, sizeof text),
        0);
    ck_assert_msg(strstr(text, "max deviation") && !strstr(text, "other inputs"), "%s", text);
    ck_assert_int_eq(
        cli("sweep", "cases/thornton_restitution.case", "normal.sigma_y=5e7", text, sizeof text),
        0);
    ck_assert_msg(strstr(text, "made for other inputs (normal.sigma_y = 50000000, the "
                               "reference's 4e+07)") &&
                      !strstr(text, "max deviation"),
                  "%s", text);
    /* varying the key the reference was made at: it says so, not "cannot
     * interpolate along impact_velocity" (the speed no longer varies) */
    ck_assert_int_eq(cli_option("sweep", "cases/thornton_restitution.case", "--vary",
                                "normal.sigma_y=3e7:5e7:3", text, sizeof text),
                     0);
    ck_assert_msg(strstr(text, "made for other inputs (normal.sigma_y = 4e+07 alone, and the "
                               "sweep varies normal.sigma_y from 30000000 to 50000000)") &&
                      !strstr(text, "interpolate") && !strstr(text, "max deviation"),
                  "%s", text);
}
END_TEST

/* A reference compared on the step number stands for the driver history
 * its steps count. The JKR cycle (made for -1e-9, 2e-9, -1.2e-9 m in 400
 * steps a segment) used to pass a run that never touches and to FAIL with
 * deviation 1 at 200 steps; both are now not compared. A step-compared
 * reference that names no driver key is refused (exit 2): here a linear
 * spring, F = k delta with k = 1e6 N/m, loaded to 1 nm in 2 steps. */
/* A linear spring (F = k delta, k = 1e6 N/m) loaded to 1 nm in 2 steps,
 * compared on step with ref.csv beside it. */
static const char spring_case[] =
    "[contact]\nnormal = linear\n[normal]\nstiffness = direct\nkn = 1e6\n"
    "[body1]\nshape = sphere\nradius = 0.01\nE = 1e9\nnu = 0.3\ndensity = 1000\n"
    "[body2]\nshape = wall\n"
    "[driver]\ntype = history\nnormal = 1e-9\nsteps = 2\n"
    "[output]\nplot_x = delta_n\nplot_y = F_n\ncompare_x = step\nreference = ref.csv\n";

START_TEST(step_references_name_their_history)
{
    static char text[1 << 16];
    ck_assert_int_eq(
        cli("run", "cases/beyond_jkr_cycle.case", "driver.normal=-1e-12", text, sizeof text), 0);
    ck_assert_msg(strstr(text, "made for other inputs (driver.normal = -1e-12, the reference's "
                               "-1e-09, 2e-09, -1.2e-09)") &&
                      !strstr(text, "PASS"),
                  "%s", text);
    ck_assert_int_eq(
        cli("run", "cases/beyond_jkr_cycle.case", "driver.steps=200", text, sizeof text), 0);
    ck_assert_msg(strstr(text, "made for other inputs (driver.steps = 200, the reference's 400)") &&
                      !strstr(text, "FAIL"),
                  "%s", text);
    char dir[256], path[512], ccase[512];
    test_tmp_make(dir, sizeof dir, "stepref");
    ck_assert(dir[0]);
    test_write_file(test_tmp_path(dir, "spring.case", ccase, sizeof ccase), spring_case);
    const char *rows = "# tolerance: 1e-9 F = k delta\n# independence: closed-form\n"
                       "step[-],delta_n[m],F_n[N]\n0,0,0\n1,5e-10,5e-4\n2,1e-9,1e-3\n";
    char ref[1024];
    snprintf(ref, sizeof ref, "# stands for: contact.normal = linear; normal.kn = 1e6\n%s", rows);
    test_write_file(test_tmp_path(dir, "ref.csv", path, sizeof path), ref);
    ck_assert_int_eq(cli("run", ccase, "driver.steps=2", text, sizeof text), 2);
    ck_assert_msg(strstr(text, "ref.csv is compared on the step number, but its '# stands for:' "
                               "names none of this run's driver keys"),
                  "%s", text);
    snprintf(ref, sizeof ref,
             "# stands for: contact.normal = linear; normal.kn = 1e6; driver.steps = 2\n%s", rows);
    test_write_file(path, ref);
    ck_assert_int_eq(cli("run", ccase, "driver.steps=2", text, sizeof text), 0);
    ck_assert_msg(strstr(text, "PASS"), "%s", text);
    ck_assert_int_eq(cli("run", ccase, "driver.steps=3", text, sizeof text), 0);
    ck_assert_msg(strstr(text, "made for other inputs (driver.steps = 3, the reference's 2)"), "%s",
                  text);
    test_tmp_remove(dir);
}
END_TEST

/* An [output] also_reference is drawn, not judged, but `cwb run` reads its
 * deviation against its own tolerance, as cwb sweep and cwb verify read
 * their further references: it printed also_ref_max_rel_error alone, which
 * a reader took for a pass. The spring above, compared with F = k delta
 * exactly and, beside it, with two curves 10 % above it (1.1 k delta): max
 * |run - ref| / max |ref| = 0.1 / 1.1 = 0.0909 at the last step, over a
 * stated tolerance 0.01 and within one of 0.2. */
START_TEST(also_references_are_read_against_their_tolerance)
{
    char dir[256], path[512], ccase[512];
    test_tmp_make(dir, sizeof dir, "alsoref");
    ck_assert(dir[0]);
    char text_case[1024];
    snprintf(text_case, sizeof text_case, "%salso_reference = far.csv; near.csv\n", spring_case);
    test_write_file(test_tmp_path(dir, "spring.case", ccase, sizeof ccase), text_case);
    const char *head = "# stands for: contact.normal = linear; normal.kn = 1e6; driver.steps = 2\n"
                       "# independence: closed-form\n";
    char ref[1024];
    snprintf(ref, sizeof ref, "%s# tolerance: 1e-9 F = k delta\n%s", head,
             "step[-],delta_n[m],F_n[N]\n0,0,0\n1,5e-10,5e-4\n2,1e-9,1e-3\n");
    test_write_file(test_tmp_path(dir, "ref.csv", path, sizeof path), ref);
    const char *high = "step[-],delta_n[m],F_n[N]\n0,0,0\n1,5e-10,5.5e-4\n2,1e-9,1.1e-3\n";
    snprintf(ref, sizeof ref, "%s# tolerance: 0.01 a tight bound\n%s", head, high);
    test_write_file(test_tmp_path(dir, "far.csv", path, sizeof path), ref);
    snprintf(ref, sizeof ref, "%s# tolerance: 0.2 a loose bound\n%s", head, high);
    test_write_file(test_tmp_path(dir, "near.csv", path, sizeof path), ref);
    static char text[1 << 16];
    ck_assert_int_eq(cli("run", ccase, "driver.steps=2", text, sizeof text), 0);
    ck_assert_msg(strstr(text, "cwb: PASS: max deviation") &&
                      strstr(text, "cwb: max deviation 0.0909 (drawn, not judged: over its "
                                   "tolerance 0.01) of max |ref| against ") &&
                      strstr(text, "far.csv\n") &&
                      strstr(text, "cwb: max deviation 0.0909 (drawn, not judged: within its "
                                   "tolerance 0.2) of max |ref| against ") &&
                      strstr(text, "near.csv\n"),
                  "%s", text);
    /* the JSON carries them as a sweep's "deviations" do */
    const char *json[] = {"run", ccase, "--set", "driver.steps=2", "--json", NULL};
    ck_assert_int_eq(cli_args(json, text, sizeof text), 0);
    const char *at = strstr(text, "\"also_references\": [{\"reference\": ");
    ck_assert_msg(
        at && strstr(at, "far.csv\", \"max_rel\": 0.0909") &&
            strstr(at, "\"points\": 3, \"tolerance\": 0.01, \"verdict\": \"not judged\"}") &&
            strstr(at, "\"tolerance\": 0.2, \"verdict\": \"not judged\"}]"),
        "%s", text);
    /* and the plot's legend reads them so, under each deviation */
    const char *over[] = {"driver.steps=2"};
    cwb_case *c = test_load(ccase, over, 1);
    cwb_result r;
    char msg[CWB_MSG], gp[600];
    ck_assert_int_eq(cwb_run_case(c, &r, msg, sizeof msg), CWB_OK);
    ck_assert_msg(cwb_plot_write(dir, c, &r, NULL, msg, sizeof msg) == CWB_OK, "%s", msg);
    char *script = test_slurp(test_tmp_path(dir, "spring.gp", gp, sizeof gp));
    ck_assert_msg(
        strstr(script, "'  drawn, not judged: over its tolerance 0.01 (max 0.0909)'") &&
            strstr(script, "'  drawn, not judged: within its tolerance 0.2 (max 0.0909)'"),
        "%s", script);
    free(script);
    remove(gp);
    remove(test_tmp_path(dir, "spring.png", gp, sizeof gp));
    cwb_result_free(&r);
    free(c);
    test_tmp_remove(dir);
}
END_TEST

/* cwb verify lists a run's also_references beside its judged reference,
 * as it lists a sweep's further references: Seed 000 Fig. 11 passes against
 * the second coding of eqs. 1-2 and draws the two-cylinder FEM tractions
 * beside it, 0.162 of max |ref| off at the stick-slip edge, over the FEM
 * table's 0.081 (its pointwise refinement change: q at the stick-slip
 * boundary when the elements are halved). The report listed the PASS alone. */
START_TEST(verify_lists_a_runs_also_references)
{
    const char *verify[] = {"verify", "seed000_fig11", "--json", NULL};
    static char answer[1 << 16];
    ck_assert_int_eq(cli_args(verify, answer, sizeof answer), 0);
    const char *at = strstr(answer, "seed000_cylinders_case1_tractions.csv\"");
    ck_assert_msg(at && strstr(at, "\"independence\": \"fem\"") &&
                      strstr(at, "\"tolerance\": 0.081, \"ref_rows_compared\": 68") &&
                      strstr(at, "\"verdict\": \"not judged\""),
                  "%.3000s", answer);
}
END_TEST

/* A reference's header is what the comparison trusts: a column named twice
 * (the comparison would take the first and never say so) and a column in
 * another unit than the run's (read as it stands, kN as N: 1000 times off)
 * are refused, exit 2, naming the file, line, column and units. */
START_TEST(reference_headers_are_checked)
{
    char dir[256], path[512], ccase[512], msg[CWB_MSG];
    test_tmp_make(dir, sizeof dir, "refhead");
    ck_assert(dir[0]);
    test_tmp_path(dir, "ref.csv", path, sizeof path);
    test_write_file(path, "# tolerance: 1e-9 F = k delta\n# independence: closed-form\n"
                          "step[-],F_n[N],F_n[N]\n0,0,0\n1,5e-10,5e-4\n");
    cwb_reference r;
    ck_assert_int_eq(cwb_reference_load(&r, path, msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, "ref.csv:3: the header names column 'F_n' twice (cells 2 and 3)"),
                  "%s", msg);
    /* cut inside its last number (no newline): refused, not read as 5 */
    test_write_file(path, "# tolerance: 1e-9 F = k delta\n# independence: closed-form\n"
                          "step[-],F_n[N]\n0,0\n1,5");
    ck_assert_int_eq(cwb_reference_load(&r, path, msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, "ref.csv: its last line has no newline: the file looks cut short"),
                  "%s", msg);
    /* F = k delta in kN for the run's N: 1e-3 N = 1e-6 kN */
    test_write_file(path, "# stands for: driver.steps = 2\n# tolerance: 1e-9 F = k delta\n"
                          "# independence: closed-form\n"
                          "step[-],delta_n[m],F_n[kN]\n0,0,0\n1,5e-10,5e-7\n2,1e-9,1e-6\n");
    test_write_file(test_tmp_path(dir, "spring.case", ccase, sizeof ccase), spring_case);
    static char text[1 << 16];
    ck_assert_int_eq(cli("run", ccase, "driver.steps=2", text, sizeof text), 2);
    ck_assert_msg(strstr(text, "ref.csv: column 'F_n' is in [kN], the run's 'F_n' in [N]"), "%s",
                  text);
    test_tmp_remove(dir);
}
END_TEST

/* The header cells every reader splits the same way (cwb_csv.h): name and
 * unit of "name[unit]", white space around the name dropped, a cell
 * without brackets all name, text after the ']' or a part that does not
 * fit reported. */
START_TEST(header_cells_split)
{
    char name[8], unit[4];
    ck_assert_int_eq(cwb_csv_cell("F_n[N]", name, sizeof name, unit, sizeof unit), 1);
    ck_assert_str_eq(name, "F_n");
    ck_assert_str_eq(unit, "N");
    ck_assert_int_eq(cwb_csv_cell(" t [s]", name, sizeof name, unit, sizeof unit), 1);
    ck_assert_str_eq(name, "t");
    ck_assert_str_eq(unit, "s");
    ck_assert_int_eq(cwb_csv_cell("sample", name, sizeof name, unit, sizeof unit), 0);
    ck_assert_str_eq(name, "sample");
    ck_assert_str_eq(unit, "");
    ck_assert_int_eq(cwb_csv_cell("a[b]c", name, sizeof name, unit, sizeof unit), 0);
    ck_assert_str_eq(unit, "b");
    ck_assert_int_eq(cwb_csv_cell("energy_in[J]", name, sizeof name, unit, sizeof unit), -1);
    ck_assert_int_eq(cwb_csv_cell("E[N/m^2]", name, sizeof name, unit, sizeof unit), -1);
}
END_TEST

static void capture_warning(void *user, cwb_log_level level, const char *text)
{
    char *buf = user;
    if (level == CWB_LOG_WARN && strlen(buf) + strlen(text) < 4096)
        strcat(buf, text);
}

/* An overlay is drawn from its header row, however long: a CSV of a sweep
 * or batch with many results has a header of several kilobytes. Here the
 * columns the plot needs (t and F_n) come after 9,600 bytes of others; the
 * header used to be read with an 8,192-byte fgets, which cut them off and
 * dropped the overlay ("has no column t or F_n"). */
START_TEST(overlay_with_a_long_header_is_drawn)
{
    char dir[256], path[512], gp[512], ccase[512];
    test_tmp_make(dir, sizeof dir, "overlay");
    ck_assert(dir[0]);
    FILE *f = fopen(test_tmp_path(dir, "wide.csv", path, sizeof path), "w");
    ck_assert_ptr_nonnull(f);
    fputs("# cwb: an overlay with 1200 columns before the two drawn\n", f);
    for (int k = 0; k < 1200; k++)
        fprintf(f, "c%04d[-],", k);
    fputs("t[s],F_n[N]\n", f);
    for (int row = 0; row < 3; row++) {
        for (int k = 0; k < 1200; k++)
            fputs("0,", f);
        fprintf(f, "%d,%d\n", row, row);
    }
    fclose(f);
    test_write_file(test_tmp_path(dir, "long.case", ccase, sizeof ccase),
                    "[contact]\nnormal = hertz\n"
                    "[body1]\nshape = sphere\nradius = 0.01\nE = 1e9\nnu = 0.3\ndensity = 1000\n"
                    "[body2]\nshape = same\n"
                    "[driver]\ntype = collision\nv_normal = 1\n"
                    "[output]\noverlay = wide.csv\n");
    cwb_case *c = test_load(ccase, NULL, 0);
    cwb_result r;
    cwb_result_init(&r);
    char warn[4096] = "", msg[CWB_MSG];
    cwb_log log = {capture_warning, warn};
    cwb_run_output ro = {.dir = dir, .plot = 1, .format = "svg"};
    int rc = cwb_run_and_write(c, NULL, 0, &ro, &r, &log, msg, sizeof msg);
    ck_assert_msg(rc == CWB_OK || rc == CWB_ETOOL, "%s", msg);
    ck_assert_msg(!strstr(warn, "wide.csv"), "the overlay was not drawn: %s", warn);
    char *script = NULL;
    FILE *g = fopen(test_tmp_path(dir, "long.gp", gp, sizeof gp), "r");
    ck_assert_ptr_nonnull(g);
    size_t cap = 0;
    ck_assert(getdelim(&script, &cap, '\0', g) > 0);
    fclose(g);
    /* t is column 1201 of wide.csv, F_n 1202 (gnuplot counts from 1) */
    ck_assert_msg(strstr(script, "wide.csv") && strstr(script, "1201") && strstr(script, "1202"),
                  "the script does not draw columns 1201:1202 of wide.csv");
    free(script);
    cwb_result_free(&r);
    free(c);
    test_tmp_remove(dir);
}
END_TEST

/* A sweep is compared at the reference's x it ran, and between its values
 * only where its interpolant is certain to a tenth of the tolerance
 * (src/io/compare.c, cols.samples). The samples are cwb's restitution of
 * cases/verlet_hertz_glass.case swept at dt = 1e-8 ... 1e-6 (5 values, log),
 * the reference LAMMPS' at dt = 8.75e-7 (1.0000058073982951, tolerance
 * 1e-9, which cwb run at that dt meets to 1e-15): interpolated between 3.16e-7
 * and 1e-6 the sweep reads 5.36e-6 too high, a FAIL that measured the gap
 * between the runs; now it is not compared, and the message names the x. */
START_TEST(sweeps_are_compared_where_they_ran)
{
    static double dt[] = {1e-08, 3.16227766016838e-08, 1e-07, 3.162277660168379e-07, 1e-06};
    static double e[] = {0.9999999999755436, 1.0000000021577695, 1.000000040042624,
                         1.0000001958211464, 1.0000140554540236};
    static double lx[] = {8.75e-7}, ly[] = {1.0000058073982951};
    cwb_series s;
    cwb_reference r;
    run_series(&s, dt, e, 5);
    reference(&r, lx, ly, 1);
    r.tolerance = 1e-9;
    cwb_deviation dev;
    char msg[CWB_MSG];
    /* as a run is compared (a dense time series): the interpolant, 5.36e-6 */
    ck_assert_int_eq(cwb_compare(&s, &r, &cols, &dev, msg, sizeof msg), CWB_OK);
    ck_assert_msg(fabs(dev.max_rel - 5.36e-6) < 0.01e-6, "%g", dev.max_rel);
    /* as a sweep: not compared, and why */
    cwb_compare_columns sampled = cols;
    sampled.samples = 1;
    ck_assert_int_eq(cwb_compare(&s, &r, &sampled, &dev, msg, sizeof msg), CWB_EFAIL);
    ck_assert_msg(strstr(msg, "none is at a value the sweep ran") &&
                      strstr(msg, "at delta_n = 8.75e-07, between the sweep's 3.16228e-07 and "
                                  "1e-06"),
                  "%s", msg);
    /* the sweep run at that dt (its value written and read back: 1e-12
     * off) is compared there, to its own value */
    static double dt2[] = {1e-08, 3.16227766016838e-08, 1e-07, 8.75e-7 * (1 + 1e-12), 1e-06};
    static double e2[] = {0.9999999999755436, 1.0000000021577695, 1.000000040042624,
                          1.0000058073982951, 1.0000140554540236};
    run_series(&s, dt2, e2, 5);
    ck_assert_msg(cwb_compare(&s, &r, &sampled, &dev, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_msg(dev.max_rel == 0.0 && dev.points == 1 && dev.ref_rows_unresolved == 0, "%g %zu",
                  dev.max_rel, dev.points);
    /* a row between values where the samples lie on a straight line: the
     * interpolant is certain (cubic = chord), compared; a row at a curved
     * stretch of the same sweep is left out and counted */
    static double x3[] = {0, 1, 2, 3, 4, 5}, y3[] = {1, 2, 3, 4, 8, 16};
    static double rx[] = {1.5, 4.5}, ry[] = {2.5, 12.0};
    run_series(&s, x3, y3, 6);
    reference(&r, rx, ry, 2);
    r.tolerance = 1e-3;
    ck_assert_msg(cwb_compare(&s, &r, &sampled, &dev, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_msg(dev.points == 1 && dev.ref_rows == 1 && dev.ref_rows_unresolved == 1 &&
                      dev.unresolved_x == 4.5 && dev.unresolved_lo == 4 && dev.unresolved_hi == 5,
                  "%zu %zu %zu %g", dev.points, dev.ref_rows, dev.ref_rows_unresolved,
                  dev.unresolved_x);
    ck_assert_msg(dev.max_rel < 1e-12, "%g", dev.max_rel);
    /* a reference without a tolerance gets no verdict: interpolated as before */
    r.tolerance = NAN;
    ck_assert_msg(cwb_compare(&s, &r, &sampled, &dev, msg, sizeof msg) == CWB_OK, "%s", msg);
    ck_assert_msg(dev.points == 2 && dev.ref_rows_unresolved == 0, "%zu", dev.points);
    /* two values bound nothing between them: the message says so (it read
     * "uncertain by inf of max |ref|") */
    static double x2[] = {1, 2}, y2[] = {2, 3}, r2x[] = {1.5}, r2y[] = {2.5};
    run_series(&s, x2, y2, 2);
    reference(&r, r2x, r2y, 1);
    r.tolerance = 1e-3;
    ck_assert_int_eq(cwb_compare(&s, &r, &sampled, &dev, msg, sizeof msg), CWB_EFAIL);
    ck_assert_msg(strstr(msg, "two values show no curvature") && !strstr(msg, "inf"), "%s", msg);
}
END_TEST

Suite *compare_suite(void)
{
    Suite *s = suite_create("compare");
    TCase *tc = test_tcase("compare", 120);
    tcase_add_test(tc, cycles_are_compared_leg_by_leg);
    tcase_add_test(tc, legs_that_do_not_match_are_refused);
    tcase_add_test(tc, scale_and_coverage_are_the_compared_range);
    tcase_add_test(tc, reference_states_what_it_stands_for);
    tcase_add_test(tc, runs_with_other_inputs_are_not_compared);
    tcase_add_test(tc, step_references_name_their_history);
    tcase_add_test(tc, also_references_are_read_against_their_tolerance);
    tcase_add_test(tc, verify_lists_a_runs_also_references);
    tcase_add_test(tc, reference_headers_are_checked);
    tcase_add_test(tc, header_cells_split);
    tcase_add_test(tc, overlay_with_a_long_header_is_drawn);
    tcase_add_test(tc, sweeps_are_compared_where_they_ran);
    suite_add_tcase(s, tc);
    return s;
}
