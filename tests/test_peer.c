/* test_peer.c -- `cwb peer` and `cwb replay` without the peers: the input
 * writers (through `cwb peer --write-only`), the mappings and refusals, the
 * readers and the replay on the peer outputs committed in tests/data/peer/
 * (tools/peer-data.sh made them with Debian's lammps, liggghts and yade;
 * each file's header names the code, its version, its input and the date).
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cwb_files.h"
#include "cwb_peer.h"
#include "cwb_replay.h"
#include "cwb_test.h"

#define DATA "tests/data/peer/"

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

typedef struct {
    char dir[256], log[300];
} scratch;

static void scratch_open(scratch *s)
{
    test_tmp_make(s->dir, sizeof s->dir, "peer");
    ck_assert(s->dir[0]);
    snprintf(s->log, sizeof s->log, "%s/cwb.log", s->dir);
}

static void scratch_close(scratch *s)
{
    nftw(s->dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* cwb ARGS (NULL-ended), its output in s->log; the exit status. */
static int cwb_run_args(const scratch *s, const char *const *args)
{
    char *argv[40];
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    size_t k = 0;
    argv[k++] = (char *)bin;
    for (; args[k - 1] && k + 1 < 40; k++)
        argv[k] = (char *)args[k - 1];
    argv[k] = NULL;
    return cwb_spawn(argv, NULL, s->log);
}

/* The whole of a file (malloc'd). */

/* `cwb peer CASE --code CODE --write-only --levels 1 --out DIR [--set X]`;
 * the script of its one level (malloc'd) or NULL when it exited non-zero. */
static char *write_only(const scratch *s, const char *cs, const char *code, const char *set,
                        const char *script, int *status)
{
    char one[256], two[256] = "";
    snprintf(one, sizeof one, "%s", set ? set : "");
    char *bar = strchr(one, '|'); /* "A|B": two overrides */
    if (bar) {
        snprintf(two, sizeof two, "%s", bar + 1);
        *bar = '\0';
    }
    const char *args[] = {"peer",  cs,     "--code", code, "--write-only", "--levels", "1",
                          "--out", s->dir, "--set",  one,  "--set",        two,        NULL};
    if (!set)
        args[9] = NULL;
    else if (!bar)
        args[11] = NULL;
    *status = cwb_run_args(s, args);
    if (*status != 0)
        return NULL;
    const char *base = strrchr(cs, '/') ? strrchr(cs, '/') + 1 : cs;
    char path[512];
    snprintf(path, sizeof path, "%s/%.*s_%s/dt0/%s", s->dir, (int)strcspn(base, "."), base, code,
             script);
    return test_slurp(path);
}

/* The number after `key ` in text (first occurrence). */
static double number_after(const char *text, const char *key)
{
    const char *at = strstr(text, key);
    ck_assert_msg(at != NULL, "'%s' not in the script", key);
    return strtod(at + strlen(key), NULL);
}

/* LAMMPS's polynomial alpha(e) of `damping tsuji`, as its
 * src/GRANULAR/pair_granular.cpp writes it (coeff()). */
static double lammps_alpha(double e)
{
    return 1.2728 - 4.2783 * e + 11.087 * e * e - 22.348 * pow(e, 3) + 27.467 * pow(e, 4) -
           18.022 * pow(e, 5) + 4.8218 * pow(e, 6);
}

/* The LAMMPS input of the damped case: the damping value is the e' whose
 * LAMMPS alpha is cwb's alpha for e = 0.7 (cwb's exact solve), the
 * tangential dashpot factor is 1 (tsuji's tangential dashpot is the
 * normal one), Mindlin's displacement form is `mindlin NULL`, and the
 * step is 20 % of the Rayleigh time pi R sqrt(rho/G)/(0.1631 nu + 0.8766)
 * (the rule cwb peer states; glass R = 10 mm: 2.586e-6 s). */
START_TEST(test_peer_lammps_input)
{
    scratch s;
    scratch_open(&s);
    int st;
    char *in =
        write_only(&s, "cases/peer/peer_hertz_mindlin_tsuji.case", "lammps", NULL, "in.lmp", &st);
    ck_assert_msg(in != NULL, "cwb peer --write-only exited %d", st);
    ck_assert_ptr_nonnull(strstr(in, "pair_coeff * * hertz/material 48000000000 "));
    ck_assert_ptr_nonnull(strstr(in, " tangential mindlin NULL 1 0.34999999999999998 "));
    ck_assert_ptr_nonnull(strstr(in, "damping tsuji"));
    double ep = number_after(in, "* * hertz/material 48000000000 ");
    double alpha;
    char msg[CWB_MSG];
    ck_assert_int_eq(cwb_hertz_dashpot_alpha(0.7, 0, &alpha, msg, sizeof msg), CWB_OK);
    /* the bisection stops at 1e-17 in e': alpha to the polynomial's slope
     * times that, far below 1e-12 */
    ck_assert_msg(fabs(lammps_alpha(ep) - alpha) < 1e-12, "LAMMPS alpha(%.17g) = %.17g, cwb %.17g",
                  ep, lammps_alpha(ep), alpha);
    double g = 4.8e10 / 2.4, tr = M_PI * 0.01 * sqrt(2800 / g) / (0.1631 * 0.2 + 0.8766);
    ck_assert_rel(number_after(in, "\ntimestep "), 0.2 * tr, 1e-15);
    /* the relative velocity (1 m/s closing, 0.5 m/s along +x) split so the
     * centre of mass is at rest */
    ck_assert_ptr_nonnull(strstr(in, "set atom 1 vx 0.25 vy 0 vz 0.5\n"));
    ck_assert_ptr_nonnull(strstr(in, "set atom 2 vx -0.25 vy -0 vz -0.5\n"));
    free(in);
    scratch_close(&s);
}
END_TEST

/* Bodies of two materials: the one (E, nu) the writer gives LAMMPS must
 * mix (1/E* = 2 (1 - nu^2)/E, 1/G* = 4 (2 - nu)(1 + nu)/E, LAMMPS's
 * mix_stiffnessE and mix_stiffnessG for like types) into the pair's E*
 * and G* of Johnson (1985) eq. 3.9 and Mindlin's compliance (cwb_pair.h),
 * computed here from the two materials. Tolerance: a few ulps. */
START_TEST(test_peer_equivalent_material)
{
    scratch s;
    scratch_open(&s);
    char cs[300];
    test_tmp_path(s.dir, "mixed.case", cs, sizeof cs);
    test_write_file(cs, "[contact]\nnormal = hertz\n[body1]\nshape = sphere\nradius = 0.01\n"
                        "E = 4.8e10\nnu = 0.2\ndensity = 2800\n[body2]\nshape = sphere\n"
                        "radius = 0.005\nE = 7e10\nnu = 0.33\ndensity = 2700\n[driver]\n"
                        "type = collision\nv_normal = 1\n");
    int st;
    char *in = write_only(&s, cs, "lammps", NULL, "in.lmp", &st);
    ck_assert_msg(in != NULL, "cwb peer --write-only exited %d", st);
    double e, nu;
    const char *at = strstr(in, "* * hertz/material ");
    ck_assert_ptr_nonnull(at);
    ck_assert_int_eq(sscanf(at, "* * hertz/material %lf %*s %lf", &e, &nu), 2);
    double es = 1.0 / ((1 - 0.04) / 4.8e10 + (1 - 0.33 * 0.33) / 7e10);
    double g1 = 4.8e10 / 2.4, g2 = 7e10 / 2.66;
    double gs = 1.0 / ((2 - 0.2) / g1 + (2 - 0.33) / g2);
    ck_assert_rel(e / (2.0 * (1.0 - nu * nu)), es, 1e-14);
    ck_assert_rel(e / (4.0 * (2.0 - nu) * (1.0 + nu)), gs, 1e-14);
    free(in);
    scratch_close(&s);
}
END_TEST

/* Two materials on the linear laws (seed 002): the contact takes the mean
 * of the two ktDivKn and the smaller friction, and so must LAMMPS's
 * linear_history; the writer once gave it body 1's alone (k_t 2e5 N/m, mu
 * 0.5), so `cwb peer` compared cwb with another contact. Here k_n = 1e6
 * N/m: k_t = (0.2 + 0.6)/2 k_n = 4e5 N/m, mu = min(0.5, 0.2). */
START_TEST(test_peer_linear_two_materials)
{
    scratch s;
    scratch_open(&s);
    char cs[300];
    test_tmp_path(s.dir, "two.case", cs, sizeof cs);
    test_write_file(cs, "[contact]\nnormal = linear\ntangential = linear\n[normal]\nkn = 1e6\n"
                        "[tangential]\nmu = 0.5\nmu2 = 0.2\nkt_div_kn = 0.2\nkt_div_kn2 = 0.6\n"
                        "[body1]\nshape = sphere\nradius = 0.01\nE = 4.8e10\nnu = 0.2\n"
                        "density = 2800\n[body2]\nshape = same\n[driver]\ntype = collision\n"
                        "v_normal = 1\nv_tangential = 0.5\n");
    int st;
    char *in = write_only(&s, cs, "lammps", NULL, "in.lmp", &st);
    ck_assert_msg(in != NULL, "cwb peer --write-only exited %d", st);
    ck_assert_ptr_nonnull(strstr(in, "tangential linear_history 400000 0 0.20000000000000001 "));
    free(in);
    scratch_close(&s);
}
END_TEST

/* A law a peer has no equivalent for is refused with exit status 2 and
 * what the code lacks; a wall too (the peers get two spheres). */
START_TEST(test_peer_refusals)
{
    static const char *const rows[][5] = {
        {"peer_hertz_mindlin", "lammps", "contact.normal=thornton|normal.sigma_y=1e9",
         "LAMMPS has no equivalent of normal law thornton", "hertz/material"},
        {"peer_hertz", "lammps", "contact.tangential=lth|tangential.mu=0.3",
         "no equivalent of tangential law lth", "partial slip"},
        {"peer_hertz_mindlin", "liggghts", "tangential.form=incremental",
         "LIGGGHTS has no equivalent of tangential", "no incremental form"},
        {"peer_hertz_mindlin", "yade", "tangential.form=displacement",
         "Yade has no equivalent of tangential", "no stored-displacement form"},
        {"peer_hertz", "yade", "contact.damping=hertz_restitution|damping.e=0.5",
         "Yade has no equivalent of damping", "Tsuji"},
        {"peer_hertz_mindlin", "lammps", "body2.shape=wall", "body2 is a wall", "sphere-wall"},
    };
    scratch s;
    scratch_open(&s);
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        int st;
        char cs[128];
        snprintf(cs, sizeof cs, "cases/peer/%s.case", rows[i][0]);
        char *in = write_only(&s, cs, rows[i][1], rows[i][2], "in", &st);
        char *log = test_slurp(s.log);
        ck_assert_msg(in == NULL && st == 2 && strstr(log, rows[i][3]) && strstr(log, rows[i][4]),
                      "row %zu: status %d: %s", i, st, log);
        free(log);
    }
    scratch_close(&s);
}
END_TEST

/* With the peer's program missing from PATH, exit status 3 and the Debian
 * package to install. */
START_TEST(test_peer_missing_code)
{
    scratch s;
    scratch_open(&s);
    static const char *const codes[][2] = {
        {"lammps", "install Debian's package lammps"},
        {"liggghts", "install Debian's package liggghts"},
        {"yade", "install Debian's package yade"},
    };
    char *path = strdup(getenv("PATH") ? getenv("PATH") : "");
    ck_assert_ptr_nonnull(path);
    ck_assert_int_eq(setenv("PATH", "/nonexistent", 1), 0);
    for (size_t i = 0; i < 3; i++) {
        const char *args[] = {
            "peer", "cases/peer/peer_hertz.case", "--code", codes[i][0], "--out", s.dir, NULL};
        int st = cwb_run_args(&s, args);
        char *log = test_slurp(s.log);
        ck_assert_msg(st == 3 && strstr(log, codes[i][1]), "%s: status %d: %s", codes[i][0], st,
                      log);
        free(log);
    }
    setenv("PATH", path, 1); /* for the next tests under CK_FORK=no */
    free(path);
    scratch_close(&s);
}
END_TEST

/* A case named with quotes, '$', '&', ';' and '#' puts none of them into
 * a LAMMPS or LIGGGHTS script (whose comments a final '&' continues and
 * whose quotes and '$' are read specially), and into Yade's Python only as
 * a \xNN-escaped literal that decodes back to the name. */
START_TEST(test_peer_hostile_name)
{
    static const char *const name = "q\"x';print(1)#$y&";
    scratch s;
    scratch_open(&s);
    char cs[400], text[8192];
    snprintf(cs, sizeof cs, "%s/%s.case", s.dir, name);
    char *src = test_slurp("cases/peer/peer_hertz_mindlin.case");
    test_write_file(cs, src);
    free(src);
    const char *codes[][2] = {{"lammps", "in.lmp"}, {"liggghts", "in.liggghts"}};
    for (size_t i = 0; i < 2; i++) {
        int st;
        const char *args[] = {"peer",
                              cs,
                              "--code",
                              codes[i][0],
                              "--write-only",
                              "--levels",
                              "1",
                              "--out",
                              s.dir,
                              "--set",
                              "tangential.form=displacement",
                              NULL};
        st = cwb_run_args(&s, args);
        ck_assert_msg(st == 0, "%s: exit %d", codes[i][0], st);
        char path[700];
        snprintf(path, sizeof path, "%s/%s_%s/dt0/%s", s.dir, name, codes[i][0], codes[i][1]);
        char *in = test_slurp(path);
        for (const char *line = in; *line;
             line += strcspn(line, "\n") + (line[strcspn(line, "\n")] != 0)) {
            size_t len = strcspn(line, "\n");
            snprintf(text, sizeof text, "%.*s", (int)len, line);
            int format = strncmp(text, "dump_modify", 11) == 0; /* cwb's own quoted format */
            ck_assert_msg(format || strpbrk(text, "'\"$&") == NULL, "%s: %s", codes[i][0], text);
        }
        ck_assert_ptr_nonnull(strstr(in, "# cwb peer: case q_x_;print(1)__y_ "));
        free(in);
    }
    const char *args[] = {"peer",
                          cs,
                          "--code",
                          "yade",
                          "--write-only",
                          "--levels",
                          "1",
                          "--out",
                          s.dir,
                          "--set",
                          "tangential.form=incremental",
                          NULL};
    ck_assert_int_eq(cwb_run_args(&s, args), 0);
    char path[700];
    snprintf(path, sizeof path, "%s/%s_yade/dt0/in.py", s.dir, name);
    char *py = test_slurp(path);
    const char *lit = strstr(py, "case_name = '");
    ck_assert_ptr_nonnull(lit);
    lit += strlen("case_name = '");
    size_t k = 0;
    for (; *lit && *lit != '\'' && *lit != '\n' && k + 1 < sizeof text; lit++) {
        unsigned v;
        if (lit[0] == '\\' && lit[1] == 'x' && sscanf(lit + 2, "%2x", &v) == 1) {
            text[k++] = (char)v;
            lit += 3;
        } else
            text[k++] = *lit;
    }
    text[k] = '\0';
    ck_assert_str_eq(text, name);
    ck_assert_ptr_null(strstr(py, "print(1)"));
    free(py);
    scratch_close(&s);
}
END_TEST

/* Johnson (1985) sec. 11.4, eqs. 11.23-11.24: two elastic spheres meeting
 * at v reach delta_m = (15 m* v^2 / (16 E* sqrt(R*)))^(2/5) and part after
 * t_c = 2.9432 delta_m / v (twice the integral of 1 / sqrt(1 - x^(5/2))
 * over [0, 1]), with restitution 1. */
static void hertz_closed_form(double *dmax, double *tc, double *fmax)
{
    double es = 4.8e10 / (2 * 0.96), rs = 0.005, m = 4.0 / 3.0 * M_PI * 1e-6 * 2800 / 2;
    *dmax = pow(15 * m / (16 * es * sqrt(rs)), 0.4);
    *tc = 2.943275 * *dmax;
    *fmax = 4.0 / 3.0 * es * sqrt(rs) * pow(*dmax, 1.5);
}

/* LAMMPS's head-on Hertz collision (the committed dump at 56 steps in
 * contact) read back: every step's forces equal and opposite (pair
 * granular adds f to one atom and subtracts it from the other, so this
 * holds exactly and checks the reader's columns), and the outcome near
 * Johnson's closed form. Tolerance: velocity Verlet's error at this step,
 * second order, which cwb peer's sweep measured at 1.6e-4 (t_c), 1.1e-4
 * (delta_max), 1.7e-4 (F_max) and 3.2e-5 (e) of cwb's converged answer:
 * 3e-4 and 1e-4 bound them. */
START_TEST(test_peer_read_lammps_hertz)
{
    cwb_body_trace t;
    char msg[CWB_MSG];
    ck_assert_int_eq(cwb_trace_read_lammps(DATA "lammps_hertz.dump", 0, &t, msg, sizeof msg),
                     CWB_OK);
    ck_assert_ptr_nonnull(strstr(t.version, "LAMMPS (29 Sep 2021 - Update 2)"));
    ck_assert_uint_eq(t.n, 58);
    for (size_t i = 0; i < t.n; i++)
        ck_assert(cwb_v3_norm(cwb_v3_add(t.row[i].f[0], t.row[i].f[1])) == 0.0);
    ck_assert_rel(t.mass[0], 4.0 / 3.0 * M_PI * 1e-6 * 2800, 1e-15);
    cwb_case *c = test_load("cases/peer/peer_hertz.case", NULL, 0);
    cwb_peer_bodies b;
    ck_assert_int_eq(cwb_peer_bodies_of(c, &b, msg, sizeof msg), CWB_OK);
    double v[CWB_PEER_OUTCOMES], dmax, tc, fmax;
    long steps;
    cwb_peer_outcome(&b, &t, 0, v, &steps);
    hertz_closed_form(&dmax, &tc, &fmax);
    ck_assert_int_eq(steps, 56);
    ck_assert_rel(v[CWB_PEER_CONTACT_TIME], tc, 3e-4);
    ck_assert_rel(v[CWB_PEER_MAX_OVERLAP], dmax, 3e-4);
    ck_assert_rel(v[CWB_PEER_MAX_FORCE], fmax, 3e-4);
    ck_assert_rel(v[CWB_PEER_RESTITUTION], 1.0, 1e-4);
    free(c);
    cwb_body_trace_free(&t);
}
END_TEST

/* LIGGGHTS' dump (no ITEM: TIME: the step is given) and the CSV of
 * cwb's Yade script read back: the forces equal and opposite every step
 * (both codes apply one contact force to the two bodies), the step, and
 * the masses 4/3 pi r^3 rho. */
START_TEST(test_peer_read_liggghts_yade)
{
    char msg[CWB_MSG];
    char *head = test_slurp(DATA "liggghts_hertz_mindlin.dump");
    double dt = number_after(head, "\n# | timestep ");
    free(head);
    cwb_body_trace t[2];
    ck_assert_int_eq(
        cwb_trace_read_lammps(DATA "liggghts_hertz_mindlin.dump", dt, &t[0], msg, sizeof msg),
        CWB_OK);
    ck_assert_int_eq(
        cwb_trace_read_bodies_csv(DATA "yade_hertz_mindlin.csv", &t[1], msg, sizeof msg), CWB_OK);
    ck_assert_ptr_nonnull(strstr(t[0].version, "LIGGGHTS"));
    ck_assert_ptr_nonnull(strstr(t[1].version, "Yade 2023.02a"));
    for (int k = 0; k < 2; k++) {
        ck_assert_uint_ge(t[k].n, 56); /* the contact's 56 steps and one or two beside */
        ck_assert_rel(t[k].dt, dt, 1e-12);
        ck_assert_rel(t[k].mass[1], 4.0 / 3.0 * M_PI * 1e-6 * 2800, 1e-15);
        for (size_t i = 0; i < t[k].n; i++)
            ck_assert(cwb_v3_norm(cwb_v3_add(t[k].row[i].f[0], t[k].row[i].f[1])) <=
                      1e-13 * (1 + cwb_v3_norm(t[k].row[i].f[0])));
        cwb_body_trace_free(&t[k]);
    }
}
END_TEST

static void replay(const char *cs, const char *dump, const char *const *over, size_t nover,
                   cwb_replay_summary *s)
{
    cwb_case *c = test_load(cs, over, nover);
    cwb_contact_trace t;
    char msg[CWB_MSG];
    ck_assert_int_eq(cwb_replay_read(dump, 0, &t, msg, sizeof msg), CWB_OK);
    ck_assert_int_eq(cwb_replay_trace(c, &t, 1e-9, s, NULL, msg, sizeof msg), CWB_OK);
    cwb_contact_trace_free(&t);
    free(c);
}

/* LAMMPS's `tangential mindlin` is F_t = -k_t xi with xi the stored
 * displacement, k_t = 8 G* a (pair_granular.cpp), the function cwb's
 * mindlin computes with form = displacement: replayed through the very
 * increments LAMMPS saw, the forces agree to round-off (1e-13 of the
 * largest force: some hundred ulps over 56 steps; 3.6e-16 seen). The
 * incremental form is another function: it parts from the first step
 * the contact sticks (row 11: it slides before) by several percent. */
START_TEST(test_peer_replay_mindlin_forms)
{
    cwb_replay_summary s;
    const char *disp[] = {"tangential.form=displacement"};
    replay("cases/peer/peer_hertz_mindlin.case", DATA "lammps_hertz_mindlin.dump", disp, 1, &s);
    ck_assert_uint_eq(s.contact, 56);
    ck_assert_msg(s.max_dev_n < 1e-13 && s.max_dev_t < 1e-13, "n %g t %g", s.max_dev_n,
                  s.max_dev_t);
    ck_assert_int_eq(s.first_beyond, -1);
    const char *inc[] = {"tangential.form=incremental"};
    replay("cases/peer/peer_hertz_mindlin.case", DATA "lammps_hertz_mindlin.dump", inc, 1, &s);
    ck_assert_msg(s.max_dev_n < 1e-13 && s.max_dev_t > 1e-2, "n %g t %g", s.max_dev_n, s.max_dev_t);
    ck_assert_int_eq(s.first_beyond, 11);
    /* LAMMPS's mindlin/force sums dF = k_t(end) dxi: cwb's incremental
     * form with the rectangle rule is that sum */
    const char *rect[] = {"tangential.form=incremental", "tangential.quadrature=rectangle"};
    replay("cases/peer/peer_hertz_mindlin.case", DATA "lammps_hertz_mindlin_force.dump", rect, 2,
           &s);
    ck_assert_msg(s.max_dev_n < 1e-13 && s.max_dev_t < 1e-13, "n %g t %g", s.max_dev_n,
                  s.max_dev_t);
}
END_TEST

/* The damped case: LAMMPS was given the e' whose alpha is cwb's, so the
 * normal force (Hertz plus Tsuji's dashpot at the half-step velocity)
 * agrees to round-off; the tangential force parts at the first step of
 * contact, where LAMMPS caps spring and dashpot together at mu |F_n +
 * F_damping| and stores the dashpot in its displacement (cwb: the spring
 * capped at mu F_n, the dashpot beside it). */
START_TEST(test_peer_replay_tsuji)
{
    cwb_replay_summary s;
    replay("cases/peer/peer_hertz_mindlin_tsuji.case", DATA "lammps_hertz_mindlin_tsuji.dump", NULL,
           0, &s);
    ck_assert_msg(s.max_dev_n < 1e-13, "n %g", s.max_dev_n);
    ck_assert_msg(s.max_dev_t > 1e-3, "t %g", s.max_dev_t);
    ck_assert_int_eq(s.first_beyond, 0);
}
END_TEST

/* The generic CSV: Hertz's force 4/3 E* sqrt(R*) delta^(3/2) written here
 * for the glass pair, read back and replayed through cwb's hertz: equal
 * to round-off (1e-14). A CSV without F_n is refused with FILE:LINE. */
START_TEST(test_peer_replay_csv)
{
    scratch s;
    scratch_open(&s);
    char path[300];
    test_tmp_path(s.dir, "trace.csv", path, sizeof path);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "# a Hertz contact loaded and unloaded\nt[s],delta[m],F_n[N]\n");
    double es = 4.8e10 / 1.92, rs = 0.005;
    for (int i = 0; i <= 40; i++) {
        double d = i % 40 ? 2e-5 * sin(M_PI * i / 40.0) : 0.0;
        fprintf(f, "%.17g,%.17g,%.17g\n", 1e-6 * i, d,
                d > 0 ? 4.0 / 3.0 * es * sqrt(rs) * pow(d, 1.5) : 0.0);
    }
    fclose(f);
    cwb_case *c = test_load("cases/peer/peer_hertz.case", NULL, 0);
    cwb_contact_trace t;
    cwb_replay_summary sum;
    char msg[CWB_MSG];
    ck_assert_int_eq(cwb_replay_read(path, 0, &t, msg, sizeof msg), CWB_OK);
    ck_assert_int_eq(cwb_replay_trace(c, &t, 1e-12, &sum, NULL, msg, sizeof msg), CWB_OK);
    ck_assert_msg(sum.max_dev_n < 1e-14, "%g", sum.max_dev_n);
    ck_assert_uint_eq(sum.contact, 39);
    cwb_contact_trace_free(&t);
    test_write_file(path, "# no force\nt,delta\n0,0\n1,1\n");
    ck_assert_int_eq(cwb_replay_read(path, 0, &t, msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, "trace.csv:2:") && strstr(msg, "F_n"), "%s", msg);
    test_write_file(path, "ITEM: TIMESTEP\n0\nITEM: NUMBER OF ATOMS\n2\nITEM: ATOMS id mass\n");
    ck_assert_int_eq(cwb_replay_read(path, 0, &t, msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, "trace.csv:5:") && strstr(msg, "no column 'radius'"), "%s", msg);
    /* a column named twice: the first was read, the second ignored */
    test_write_file(path, "t,delta,F_n,F_n\n0,0,0,0\n1e-6,1e-8,1,0\n");
    ck_assert_int_eq(cwb_replay_read(path, 0, &t, msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, "trace.csv:1:") && strstr(msg, "column 'F_n' twice"), "%s", msg);
    test_write_file(path, "ITEM: TIMESTEP\n0\nITEM: NUMBER OF ATOMS\n2\nITEM: ATOMS id mass "
                          "radius x y z vx vy vz omegax omegay omegaz fx fy fz tqx tqy tqz x\n");
    ck_assert_int_eq(cwb_replay_read(path, 0, &t, msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, "column 'x' twice"), "%s", msg);
    /* a unit that is not the column's SI one: delta in mm was read as
     * metres, the Hertz force 1000^1.5 = 3.2e4 times too large */
    test_write_file(path, "t[s],delta[mm],F_n[N]\n0,0,0\n1e-6,0.01,1\n");
    ck_assert_int_eq(cwb_replay_read(path, 0, &t, msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, "trace.csv:1:") && strstr(msg, "'delta' is given in [mm]") &&
                      strstr(msg, "[m]"),
                  "%s", msg);
    test_write_file(path, "t,delta,F_n[kN],F_t_x[N],F_t_y[N],F_t_z[lbf]\n0,0,0,0,0,0\n");
    ck_assert_int_eq(cwb_replay_read(path, 0, &t, msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, "'F_n' is given in [kN]"), "%s", msg);
    /* cut inside its last number (no newline): refused, not read as 2.3 */
    test_write_file(path, "t,delta,F_n\n0,0,0\n5e-7,5e-9,0.8\n1e-6,1e-8,2.3");
    ck_assert_int_eq(cwb_replay_read(path, 0, &t, msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, "trace.csv:4: the last line has no newline"), "%s", msg);
    /* an atom id and a TIMESTEP no int or long holds: refused before any
     * conversion (the id's cast to int was undefined behaviour, which the
     * sanitizer build reported, before the refusal) */
    static const char *const huge[][2] = {{"0", "1e300"}, {"1e300", "1"}};
    static const char *const why[] = {"an atom id other than 1 and 2",
                                      "a TIMESTEP that is not a whole number"};
    for (int k = 0; k < 2; k++) {
        char dump[1024];
        snprintf(dump, sizeof dump,
                 "ITEM: TIMESTEP\n%s\nITEM: NUMBER OF ATOMS\n2\nITEM: ATOMS id mass radius x y z "
                 "vx vy vz omegax omegay omegaz fx fy fz tqx tqy tqz\n"
                 "%s 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n2 1 1 0 0 3 0 0 0 0 0 0 0 0 0 0 0 0\n",
                 huge[k][0], huge[k][1]);
        test_write_file(path, dump);
        ck_assert_int_eq(cwb_replay_read(path, 0, &t, msg, sizeof msg), CWB_EINPUT);
        ck_assert_msg(strstr(msg, why[k]), "%s", msg);
    }
    free(c);
    scratch_close(&s);
}
END_TEST

Suite *peer_suite(void)
{
    Suite *s = suite_create("peer");
    TCase *tc = test_tcase("peer", 60);
    tcase_add_test(tc, test_peer_lammps_input);
    tcase_add_test(tc, test_peer_equivalent_material);
    tcase_add_test(tc, test_peer_linear_two_materials);
    tcase_add_test(tc, test_peer_refusals);
    tcase_add_test(tc, test_peer_missing_code);
    tcase_add_test(tc, test_peer_hostile_name);
    tcase_add_test(tc, test_peer_read_lammps_hertz);
    tcase_add_test(tc, test_peer_read_liggghts_yade);
    tcase_add_test(tc, test_peer_replay_mindlin_forms);
    tcase_add_test(tc, test_peer_replay_tsuji);
    tcase_add_test(tc, test_peer_replay_csv);
    suite_add_tcase(s, tc);
    return s;
}
