/* test_input.c -- bad input gets a clear error and nothing else: every row
 * below runs the real binary on a malformed case or override and expects
 * exit status 2, a message naming the problem (and FILE:LINE where the
 * problem has a line), and no output files written. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cwb_fem.h"
#include "cwb_files.h"
#include "cwb_fit.h"
#include "cwb_ini.h"
#include "cwb_law.h"
#include "cwb_run.h"
#include "cwb_test.h"

/* A valid case; each row edits it by replacing one string. Line numbers:
 * 1 [contact] 2 normal 3 tangential 5 [tangential] 6 mu 8 [body1] 9 shape
 * 10 radius 11 E 12 nu 13 density 15 [body2] 16 shape 18 [driver] 19 type
 * 20 v_normal 21 v_tangential. */
static const char base[] = "[contact]\n"
                           "normal = hertz\n"
                           "tangential = linear\n"
                           "\n"
                           "[tangential]\n"
                           "mu = 0.3\n"
                           "\n"
                           "[body1]\n"
                           "shape = sphere\n"
                           "radius = 0.01\n"
                           "E = 7e10\n"
                           "nu = 0.3\n"
                           "density = 2700\n"
                           "\n"
                           "[body2]\n"
                           "shape = same\n"
                           "\n"
                           "[driver]\n"
                           "type = collision\n"
                           "v_normal = 1\n"
                           "v_tangential = 0.5\n";

#define HISTORY "type = collision\nv_normal = 1\nv_tangential = 0.5\n"
/* The base case from its normal law on, and the same with the adhesive jkr
 * law (a [normal] section: the [driver] keys move down by 3 lines, type on
 * 22, normal_control 23, normal 24). */
#define FROM_LAW                                                                                   \
    "hertz\ntangential = linear\n\n[tangential]\nmu = 0.3\n\n[body1]\nshape = sphere\n"            \
    "radius = 0.01\nE = 7e10\nnu = 0.3\ndensity = 2700\n\n[body2]\nshape = "                       \
    "same\n\n[driver]\n" HISTORY
#define JKR_HISTORY                                                                                \
    "jkr\ntangential = linear\n\n[tangential]\nmu = 0.3\n\n[normal]\nwork_of_adhesion = 0.05\n\n"  \
    "[body1]\nshape = sphere\nradius = 0.01\nE = 7e10\nnu = 0.3\ndensity = 2700\n\n[body2]\n"      \
    "shape = same\n\n[driver]\ntype = history\nnormal_control = force\n"

static const struct {
    const char *find, *replace; /* edit of the base case (NULL: none) */
    const char *set;            /* one --set override, or NULL */
    const char *expect;         /* substring of the message */
    int line;                   /* expected line, 0: not checked */
} rows[] = {
    {"v_tangential = 0.5\n", "v_tangential = 0.5\n[foo]\nbar = 1\n", NULL, "unknown section [foo]",
     23},
    {"density = 2700\n", "density = 2700\ncolour = red\n", NULL, "unknown key 'colour'", 14},
    {"v_normal = 1\n", "", NULL, "missing required key 'v_normal'", 0},
    {"radius = 0.01", "radius = 0.0a1", NULL, "not a finite number", 10},
    {"E = 7e10", "E = nan", NULL, "not a finite number", 11},
    {"density = 2700", "density = inf", NULL, "not a finite number", 13},
    /* strtod reads these as numbers out of the doubles' normal range
     * (ERANGE): they are refused, and said to be so, not "not finite" */
    {"nu = 0.3", "nu = 1e-400", NULL, "'1e-400' underflows: its size is below the smallest", 12},
    {"radius = 0.01", "radius = 1e-320", NULL, "'1e-320' underflows", 10},
    {"E = 7e10", "E = 1e400", NULL, "'1e400' overflows: its size is beyond the largest", 11},
    {"nu = 0.3", "nu = 0.6", NULL, "out of range", 12},
    {"radius = 0.01", "radius = -0.01", NULL, "out of range", 10},
    /* a key the law's choice does not read: once dropped without a word, so
     * that kt = 2e5 under the default stiffness = ratio ran the ratio's k_t */
    {"mu = 0.3\n", "mu = 0.3\nkt = 2e5\n", NULL,
     "[tangential] kt = 200000 [N/m] is read only with stiffness = direct (stiffness = ratio "
     "here)",
     7},
    {"mu = 0.3\n", "mu = 0.3\nstiffness = direct\nkt = 2e5\nkt_div_kn2 = 0.5\n", NULL,
     "kt_div_kn2 = 0.5 [-] is read only with stiffness = ratio (stiffness = direct here)", 9},
    {"mu = 0.3\n", "mu = 0.3\nquadrature = simpson\n", NULL,
     "quadrature = 'simpson' is not one of the allowed words: hermite|rectangle", 7},
    {"mu = 0.3\n", "mu = 0.3\nstiffness = direct\nkt = 2e5\nquadrature = rectangle\n", NULL,
     "quadrature = rectangle is read only with stiffness = ratio (stiffness = direct here)", 9},
    {NULL, NULL, "tangential.kt=2e5", "--set tangential.kt=2e5: [tangential] kt = 200000", 0},
    {"normal = hertz\ntangential = linear\n",
     "normal = tomas\ntangential = linear\n[normal]\nsigma_y = 1e8\npy = 1e9\n", NULL,
     "py = 1000000000 [Pa] is read only with py_from = given (py_from = sigma_y here)", 6},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\nspin_lever = radius\n", NULL,
     "spin_lever = radius is read only with integrator = verlet (integrator = rk4 here)", 22},
    {"shape = same", "shape = wall\nnu = 0.3", NULL,
     "[body2] a rigid wall takes no nu (got nu = 0.3)", 17},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\nintegrator = verlet\ndt = 1e-7\npsi_mu = 0.3\n",
     NULL, "psi_mu = 0.3 [-] is read only with integrator = rk4 (integrator = verlet here)", 24},
    {"normal = hertz", "normal = hertzz", NULL, "is not a normal law", 2},
    {"shape = sphere", "shape = disc", NULL, "is a 3D law but body1 is a disc", 2},
    {"shape = same", "shape = disc\nradius = 0.01\nE = 7e10\nnu = 0.3\ndensity = 2700", NULL,
     "cannot touch a disc", 16},
    {"shape = same", "shape = wall\nradius = 0.1", NULL, "a wall has no radius", 16},
    {"mu = 0.3\n", "mu = 0.3\nmu = 0.4\n", NULL, "given twice", 7},
    {"[tangential]\n", "[tangential]\nthis line has no equals sign\n", NULL, "syntax error", 6},
    {"type = collision", "type = collide", NULL, "is not a driver", 19},
    {NULL, NULL, "driverdt=1", "expected section.key=value", 0},
    {NULL, NULL, "driver.foo=1", "unknown key 'foo'", 0},
    {NULL, NULL, "driver.dt=-1", "out of range", 0},
    {NULL, NULL, "tangential.mu=nan", "not a finite number", 0},
    {NULL, NULL, "foo.bar=1", "unknown section [foo]", 0},
    {NULL, NULL, "body1.nu=0.5", "out of range", 0},
    {HISTORY, "type = history\nnormal = 1e-6, abc\n", NULL, "item 2", 20},
    {HISTORY, "type = history\nnormal = 1e-6, 2e-6, 0\ntangential = 0, 1e-7\n", NULL,
     "has 2 targets but normal has 3", 21},
    {HISTORY, "type = history\nnormal_control = force\nnormal = 1, -2\n", NULL, "negative", 21},
    /* tension under force control: only an adhesive law, only once formed */
    {HISTORY, "type = history\nnormal_control = force\nnormal = 1, 2, -0.5\n", NULL,
     "normal target 3 = -0.5 N is negative: normal law 'hertz' carries no tension", 21},
    {FROM_LAW, JKR_HISTORY "normal = -1e-7, 1e-7\n", NULL,
     "normal target 1 = -1e-07 N is negative: the contact forms before it is pulled, so the "
     "first force target is >= 0 N",
     24},
    {HISTORY, "type = history\nnormal_control = torque\nnormal = 1e-6\n", NULL,
     "not one of the allowed words", 20},
    {HISTORY, "type = history\ntangential_control = force\nnormal = 1e-6\n", NULL,
     "needs tangential targets", 20},
    {"mu = 0.3\n", "", NULL, "missing required key 'mu'", 0},
    {"normal = hertz", "normal = linear", NULL, "needs kn > 0", 2},
    {"density = 2700\n", "density = 2700\nrigid = yes\n", NULL, "for walls only", 0},
    {"radius = 0.01", "radius =", NULL, "has no value", 10},
    /* a relative path is read from the case file's folder (a temporary one) */
    {"v_tangential = 0.5\n", "v_tangential = 0.5\n[output]\nreference = nowhere.csv\n", NULL,
     "reference = nowhere.csv: cannot open /tmp/cwb-input-", 23},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\n[output]\nreference_compare_x = t_contact\n",
     NULL,
     "reference_compare_x = t_contact: names the reference's column for compare_x, which is "
     "not set",
     23},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\n[output]\nalso_reference_y = R_x\n", NULL,
     "also_reference_y = R_x: names the also_references' column, and also_reference is not set",
     23},
    {"mu = 0.3\n", "mu = 0.3\nkn = 5\n", NULL, "unknown key 'kn'", 7},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\ndt = automatic\n", NULL, "not a finite number",
     22},
    {"shape = same", "shape = wall\nE = 1e9", NULL, "needs nu", 0},
    {"tangential = linear", "tangential = linear\ndamping = viscous", NULL, "is not a damping law",
     4},
    /* parameters of the tangential laws, each fed a bad value */
    {"tangential = linear", "tangential = mindlin", "tangential.mu=-0.1", "out of range", 0},
    /* the linear law's second material (seed 002): line 7 */
    {"mu = 0.3\n", "mu = 0.3\nkt_div_kn2 = 0\n", NULL, "kt_div_kn2 = 0 [-] is out of range", 7},
    {"mu = 0.3\n", "mu = 0.3\nmu2 = -0.5\n", NULL, "mu2 = -0.5 [-] is out of range", 7},
    /* the MBF law's annuli: a whole number in [1, 24] (its history holds 24), line 7 */
    {"tangential = linear\n\n[tangential]\nmu = 0.3\n",
     "tangential = mbf\n\n[tangential]\nmu = 0.3\nn = 30\n", NULL,
     "n = 30 [-] is out of range: allowed [1, 24]", 7},
    {"tangential = linear\n\n[tangential]\nmu = 0.3\n",
     "tangential = mbf\n\n[tangential]\nmu = 0.3\nn = 2.5\n", NULL, "whole numbers", 7},
    {"tangential = linear", "tangential = mindlin_deresiewicz", "tangential.mu=0", "out of range",
     0},
    {"tangential = linear", "tangential = lth", "tangential.mu=abc", "not a finite number", 0},
    {"tangential = linear", "tangential = linear\ndamping = tsuji\n[damping]\ne = 1.5", NULL,
     "out of range", 6},
    {"tangential = linear", "tangential = linear\ndamping = tsuji\n[damping]\ne = 0", NULL,
     "out of range", 6},
    {"tangential = linear",
     "tangential = linear\ndamping = hertz_restitution\n[damping]\n"
     "e = 0.5\ncalibration = lammps",
     NULL, "not one of the allowed words", 7},
    {"tangential = linear",
     "tangential = linear\ndamping = tsuji\n[damping]\ne = 0.5\n"
     "no_tension = maybe",
     NULL, "not one of the allowed words", 7},
    {"normal = hertz\ntangential = linear\n",
     "normal = linear\ntangential = linear\ndamping = tsuji\n[normal]\nkn = 1e6\n[damping]\n"
     "e = 0.5\n",
     NULL, "calibrated on the 'hertz' normal law", 4},
    {"tangential = linear",
     "tangential = linear\ndamping = linear_restitution\n[damping]\n"
     "e = 0.5",
     NULL, "calibrated on the 'linear' normal law", 4},
    {"tangential = linear",
     "tangential = linear\nrolling = constant_torque\n[rolling]\n"
     "mu_roll = -1",
     NULL, "out of range", 6},
    {"tangential = linear", "tangential = linear\nrolling = constant_torque", NULL,
     "missing required key 'mu_roll'", 0},
    {"v_normal = 1\n", "impact_speed = 3\n", NULL, "not both", 0},
    {"v_normal = 1\nv_tangential = 0.5\n", "impact_angle_deg = 95\nimpact_speed = 3\n", NULL,
     "out of range", 20},
    {"v_normal = 1\nv_tangential = 0.5\n", "impact_angle_deg = 30\n", NULL,
     "missing required key 'v_normal'", 0},
    {"tangential = linear", "tangential = mindlin", "tangential.form=total",
     "not one of the allowed words", 0},
    /* the path integration's keys (mindlin quadrature, MD integration) */
    {"tangential = linear", "tangential = mindlin", "tangential.quadrature=simpson",
     "quadrature = 'simpson' is not one of the allowed words: hermite|rectangle", 0},
    {"tangential = linear", "tangential = mindlin_deresiewicz", "tangential.integration=exact",
     "integration = 'exact' is not one of the allowed words: path|split", 0},
    {"tangential = linear\n\n[tangential]\nmu = 0.3\n",
     "tangential = lth\n\n[tangential]\nmu = 0.3\nintegration = exact\n", NULL,
     "integration = 'exact' is not one of the allowed words: path|split", 7},
    {NULL, NULL, "driver.psi_mu=-1", "out of range", 0},
    {"normal = hertz\ntangential = linear\n", "normal = thornton\ntangential = linear\n", NULL,
     "sigma_y must be > 0", 2},
    {"normal = hertz\ntangential = linear\n",
     "normal = thornton\ntangential = linear\n[normal]\npy_from = given\n", NULL, "py must be > 0",
     2},
    {"normal = hertz\ntangential = linear\n",
     "normal = thornton\ntangential = linear\n[normal]\nsigma_y = -4e7\n", NULL, "out of range", 5},
    {"normal = hertz\ntangential = linear\n",
     "normal = thornton\ntangential = linear\n[normal]\nsigma_y = 4e7\n"
     "unloading_radius = stronge\n",
     NULL, "not one of the allowed words", 6},
    {"normal = hertz\ntangential = linear\n",
     "normal = stronge\ntangential = linear\n[normal]\nsigma_y = 0\n", NULL, "out of range", 5},
    {"normal = hertz\ntangential = linear\n", "normal = stronge\ntangential = linear\n", NULL,
     "missing required key 'sigma_y'", 0},
    {HISTORY, "type = profile\noverlap = 1e-9\n", NULL,
     "tangential = linear: the profile driver reads a tangential law only for the shear traction",
     0},
    {HISTORY, "type = profile\noverlap = -1e-9\n", NULL, "out of range", 20},
    {"normal = hertz\ntangential = linear\n",
     "normal = hertz2d\ntangential = linear\n[normal]\na_over_R_max = 0\n", NULL, "out of range",
     5},
    /* elastic-plastic laws of seed 004 */
    {"normal = hertz\ntangential = linear\n",
     "normal = tomas\ntangential = linear\n[normal]\nsigma_y = 4e7\nunloading_radius = eq9\n", NULL,
     "not one of the allowed words", 6},
    {"normal = hertz\ntangential = linear\n",
     "normal = rathbone\ntangential = linear\n[normal]\nsigma_y = 4e7\nconstants = rounded\n", NULL,
     "not one of the allowed words", 6},
    {"normal = hertz\ntangential = linear\n",
     "normal = hertz2d\ntangential = linear\n[normal]\nform = eq17\n", NULL,
     "not one of the allowed words", 5},
    {HISTORY, "type = profile\noverlap = 1e-9\npoints = 1\n", NULL, "out of range", 21},
    /* drivers of seed 000 (2D): their keys are range-checked as read */
    {HISTORY, "type = profile\noverlap = 1e-9\ntangential = abc\n", NULL, "not a finite number",
     21},
    {HISTORY, "type = trajectory\noverlap = 0.01\ntravel = -1\n", NULL, "out of range", 21},
    {HISTORY, "type = trajectory\noverlap = 0.01\ntravel = 0.1\nsteps = 0\n", NULL, "out of range",
     22},
    {HISTORY, "type = penalty\nnu = 0.25\nw_constant = 2\n", NULL, "out of range", 21},
    {HISTORY, "type = penalty\nnu = 0.25\na_over_R_from = 0\n", NULL, "out of range", 21},
    {HISTORY, "type = ratio\noverlap_from = 1e-6\noverlap_to = 1e-3\nspacing = cubic\n", NULL,
     "not one of the allowed words", 22},
    {HISTORY, "type = ratio\noverlap_from = -1\noverlap_to = 1e-3\n", NULL, "out of range", 20},
    {"normal = hertz\ntangential = linear\n",
     "normal = tomas\ntangential = linear\n[normal]\nsigma_y = 4e7\nlambda = 0\n", NULL,
     "out of range", 6},
    {"normal = hertz\ntangential = linear\n",
     "normal = tomas\ntangential = linear\n[normal]\nsigma_y = 4e7\nloading = linear\n", NULL,
     "not one of the allowed words", 6},
    {"normal = hertz\ntangential = linear\n",
     "normal = storakers\ntangential = linear\n[normal]\nsigma_y = 4e7\nc2 = -1\n", NULL,
     "out of range", 6},
    {"normal = hertz\ntangential = linear\n",
     "normal = vu_quoc\ntangential = linear\n[normal]\nsigma_y = 4e7\nKc = 1\n", NULL,
     "missing required key 'Ca'", 0},
    {"normal = hertz\ntangential = linear\n",
     "normal = vu_quoc\ntangential = linear\n[normal]\nsigma_y = 4e7\nCa = 1e-4\nKc = -1\n", NULL,
     "out of range", 7},
    {"normal = hertz\ntangential = linear\n",
     "normal = vu_quoc\ntangential = linear\n[normal]\nsigma_y = 4e7\nCa = 1e-12\nKc = 1e6\n", NULL,
     "no unique force", 2},
    {"normal = hertz\ntangential = linear\n",
     "normal = brake\ntangential = linear\n[normal]\nsigma_y = 4e7\np0 = 1e7\n", NULL,
     "must exceed p_y / 2", 2},
    {"normal = hertz\ntangential = linear\n",
     "normal = brake\ntangential = linear\n[normal]\nsigma_y = 4e7\n", NULL,
     "missing required key 'p0'", 0},
    {"normal = hertz\ntangential = linear\n",
     "normal = jackson_green\ntangential = linear\n[normal]\nsigma_y = 4e7\nunloading = hertz\n",
     NULL, "not one of the allowed words", 6},
    {"normal = hertz\ntangential = linear\n",
     "normal = rathbone2015\ntangential = linear\n[normal]\nsigma_y = 0\n", NULL, "out of range",
     5},
    {"normal = hertz\ntangential = linear\n",
     "normal = rathbone\ntangential = linear\n[normal]\nsigma_y = 4e7\n"
     "allow_extrapolation = maybe\n",
     NULL, "not one of the allowed words", 6},
    /* adhesive laws: every new key fed a bad value */
    {"normal = hertz\ntangential = linear\n", "normal = jkr\ntangential = linear\n", NULL,
     "missing required key 'work_of_adhesion'", 0},
    {"normal = hertz\ntangential = linear\n",
     "normal = jkr\ntangential = linear\n[normal]\nwork_of_adhesion = -0.05\n", NULL,
     "out of range", 5},
    {"normal = hertz\ntangential = linear\n",
     "normal = jkr\ntangential = linear\n[normal]\nwork_of_adhesion = 0\n", NULL, "out of range",
     5},
    {"normal = hertz\ntangential = linear\n",
     "normal = jkr\ntangential = linear\n[normal]\nwork_of_adhesion = 0.05\n"
     "friction_load = gross\n",
     NULL, "not one of the allowed words", 6},
    {"normal = hertz\ntangential = linear\n",
     "normal = dmt\ntangential = linear\n[normal]\nwork_of_adhesion = 1e3\n", NULL, "out of range",
     5},
    {"normal = hertz\ntangential = linear\n",
     "normal = dmt\ntangential = linear\n[normal]\nwork_of_adhesion = nan\n", NULL,
     "not a finite number", 5},
    {"normal = hertz\ntangential = linear\n",
     "normal = dmt\ntangential = linear\n[normal]\nwork_of_adhesion = 0.05\n"
     "friction_load = 1\n",
     NULL, "not one of the allowed words", 6},
    {"normal = hertz\ntangential = linear\n",
     "normal = thornton_ning\ntangential = linear\n[normal]\nsigma_y = 4e7\n"
     "work_of_adhesion = -1\n",
     NULL, "out of range", 6},
    {"normal = hertz\ntangential = linear\n",
     "normal = thornton_ning\ntangential = linear\n[normal]\nsigma_y = 4e7\n"
     "work_of_adhesion = 0.05\nfriction_load = none\n",
     NULL, "not one of the allowed words", 7},
    {"normal = hertz\ntangential = linear\n",
     "normal = thornton_ning\ntangential = linear\n[normal]\nwork_of_adhesion = 0.05\n", NULL,
     "sigma_y must be > 0", 2},
    {"normal = hertz\ntangential = linear\n",
     "normal = thornton_ning\ntangential = linear\n[normal]\npy_from = given\npy = 1e3\n"
     "work_of_adhesion = 50\n",
     NULL, "must exceed the snap-in radius", 2},
    {HISTORY, "type = history\nnormal = 1e-6\nsteps = 2.5\n", NULL, "whole number", 21},
    {"v_normal = 1\n", "v_normal = 0x1p0\n", NULL, "not a finite number", 20},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\n[output]\ntitle = a\tb\n", NULL,
     "control character", 23},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\n[sweep]\nn = 0\n", NULL, "out of range", 23},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\n[sweep]\nscale = cubic\n", NULL,
     "not one of the allowed words", 23},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\n[sweep]\nlink_factor = nan\n", NULL,
     "not a finite number", 23},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\n[sweep]\nspeed = 3\n", NULL,
     "unknown key 'speed'", 23},
    /* keys read only when another is given (read_when "key=*"): once
     * dropped without a word */
    {"v_tangential = 0.5\n", "v_tangential = 0.5\n[sweep]\nlink_factor = 2\n", NULL,
     "link_factor = 2 [-] is read only with link given (the case gives no link): remove it, or "
     "give link",
     23},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\n[output]\nreference_y = F\n", NULL,
     "reference_y = F is read only with reference given (the case gives no reference)", 23},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\n[output]\nmodel_comparison = law vs law\n", NULL,
     "model_comparison = law vs law is read only with reference given", 23},
    {"v_tangential = 0.5\n",
     "v_tangential = 0.5\n[output]\nreference = "
     "$ROOT/reference/analytic/linear_impact.csv\ncompare_x = nothing\n",
     NULL, "has no column 'nothing'", 0},
/* rolling and twisting resistance: every new key, a bad value */
#define EPSD  "tangential = linear\nrolling = epsd\n[rolling]\n"
#define LINEL "tangential = linear\nrolling = linear_elastic\n[rolling]\n"
    {"tangential = linear", LINEL "length = 0\nkt_div_kn = 0.2", NULL, "out of range", 6},
    {"tangential = linear", LINEL "length = 1e-3\nkt_div_kn = -1", NULL, "out of range", 7},
    {"tangential = linear", LINEL "length = inf\nkt_div_kn = 0.2", NULL, "not a finite number", 6},
    {"tangential = linear", "tangential = linear\nrolling = linear_elastic", NULL,
     "missing required key 'length'", 0},
    {"tangential = linear", EPSD "mu_r = 0", NULL, "out of range", 6},
    {"tangential = linear", EPSD "mu_r = 1.5", NULL, "out of range", 6},
    {"tangential = linear", "tangential = linear\nrolling = epsd", NULL,
     "missing required key 'mu_r'", 0},
    {"tangential = linear", EPSD "mu_r = 0.1\nk_r = -1", NULL, "out of range", 7},
    {"tangential = linear", EPSD "mu_r = 0.1\nc_r = 0", NULL, "out of range", 7},
    {"tangential = linear", EPSD "mu_r = 0.1\neta_r = -0.1", NULL, "out of range", 7},
    {"tangential = linear", EPSD "mu_r = 0.1\nf = 0.5", NULL, "not one of the allowed words", 7},
    {"tangential = linear", EPSD "mu_r = 0.1\ntwist = yes", NULL, "not one of the allowed words",
     7},
    {"tangential = linear", EPSD "mu_r = 0.1\nmu_tw = -1", NULL, "out of range", 7},
    {"tangential = linear", EPSD "mu_r = 0.1\nk_tw = nan", NULL, "not a finite number", 7},
    {"tangential = linear", EPSD "mu_r = 0.1\ntwist_pressure = cone", NULL,
     "not one of the allowed words", 7},
    {"tangential = linear", EPSD "mu_r = 0.1\ntwist = spring_slider", NULL, "needs mu_tw > 0", 0},
    {"tangential = linear", EPSD "mu_r = 0.1\ntwist_stiffness = johnson", NULL,
     "not one of the allowed words", 7},
    {"tangential = linear", EPSD "mu_r = 0.1\nspring_form = total", NULL,
     "not one of the allowed words", 7},
    {"tangential = linear", EPSD "mu_r = 0.1\ntwist = lubkin", NULL,
     "twist = lubkin needs mu_tw > 0", 0},
    {"tangential = linear", EPSD "mu_r = 0.1\ntwist = lubkin\nmu_tw = 0.3\nk_tw = 1", NULL,
     "k_tw = 1 [N m/rad] is read only with twist = spring_slider (twist = lubkin here)", 9},
    {"tangential = linear",
     EPSD "mu_r = 0.1\ntwist = lubkin\nmu_tw = 0.3\ntwist_pressure = uniform", NULL,
     "twist_pressure = uniform is read only with twist = spring_slider (twist = lubkin here)", 9},
    {"tangential = linear",
     EPSD "mu_r = 0.1\ntwist = lubkin\nmu_tw = 0.3\ntwist_stiffness = marshall", NULL,
     "twist_stiffness = marshall is read only with twist = spring_slider and k_tw = auto (twist = "
     "lubkin here)",
     9},
    {"tangential = linear", EPSD "mu_r = 0.1\ntwist = lubkins", NULL,
     "not one of the allowed words", 7},
    {HISTORY, "type = history\nnormal = 1e-6, 1e-6\nrolling = 0.01\n", NULL,
     "has 1 targets but normal has 2", 21},
    {HISTORY, "type = history\nnormal = 1e-6\ntwisting = abc\n", NULL, "not a finite number", 21},
    {HISTORY, "type = history\nnormal = 1e-6\nrolling = 2e3\n", NULL, "out of range", 21},
    {HISTORY, "type = history\nnormal = 1e-6\nrotation_control = torque\n", NULL,
     "not one of the allowed words", 21},
    {HISTORY, "type = history\nnormal = 1e-6\nrotation_control = moment\n", NULL,
     "needs rolling or twisting targets", 21},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\nomega1_normal = inf\n", NULL,
     "not a finite number", 22},
    {"v_tangential = 0.5\n", "v_tangential = 0.5\nomega2_normal = 2e9\n", NULL, "out of range", 22},
#define ROLL "type = roll\nnormal_force = 10\nv0 = 0.1\ndt = 1e-6\nt_end = 1e-3\n"
    {"shape = same\n\n[driver]\n" HISTORY, "shape = wall\n\n[driver]\n" ROLL, NULL,
     "slip = none imposes rolling without slip, so the tangential law 'linear' is not applied", 3},
    {HISTORY, "type = roll\nnormal_force = -1\nv0 = 0.1\ndt = 1e-6\nt_end = 1e-3\n", NULL,
     "out of range", 20},
    {HISTORY, "type = roll\nnormal_force = 10\ndt = 1e-6\nt_end = 1e-3\n", NULL,
     "missing required key 'v0'", 0},
    {HISTORY, ROLL "slip = maybe\n", NULL, "not one of the allowed words", 24},
    {HISTORY, "type = roll\nnormal_force = 10\nv0 = 0.1\ndt = 0\nt_end = 1e-3\n", NULL,
     "out of range", 22},
    {HISTORY, ROLL "rows = 1\n", NULL, "out of range", 24},
    {HISTORY, "type = roll\nnormal_force = 10\nv0 = 0.1\ndt = 1e-12\nt_end = 1\n", NULL,
     "t_end / dt must be at most 1e8", 22},
    {HISTORY, ROLL, NULL, "needs body1 a sphere and body2 a wall", 20},
    /* keys a law reads and that would do nothing in this case: once run
     * without a word */
    {"normal = hertz\ntangential = linear\n\n[tangential]\nmu = 0.3\n",
     "normal = jkr\n\n[normal]\nwork_of_adhesion = 0.05\nfriction_load = net\n", NULL,
     "[normal] friction_load = net is read only with a tangential law in [contact] (the contact "
     "has "
     "tangential = none): remove it, or give a tangential law",
     6},
    {FROM_LAW,
     "hertz\ntangential = linear\nrolling = epsd\n\n[rolling]\nmu_r = 0.1\neta_r = 0.5\n\n"
     "[tangential]\nmu = 0.3\n\n[body1]\nshape = sphere\nradius = 0.01\nE = 7e10\nnu = 0.3\n"
     "density = 2700\n\n[body2]\nshape = same\n\n[driver]\ntype = history\nnormal = 1e-6\n"
     "rolling = 0.01\n",
     NULL,
     "[rolling] eta_r = 0.5 [-] acts through the motion's rate, which the history driver gives "
     "only with segment_time > 0",
     8},
    {"tangential = linear", EPSD "mu_r = 0.1\neta_r = 0\nf = 1", NULL,
     "[rolling] epsd: f = 1 keeps the rolling damping at full mobilisation, but eta_r = 0 [-] "
     "gives none",
     0},
    {"normal = hertz\ntangential = linear\n\n[tangential]\nmu = 0.3\n",
     "normal = thornton_ning\n\n[normal]\nsigma_y = 1e8\nwork_of_adhesion = 0.05\n"
     "friction_load = net\n",
     NULL, "[normal] friction_load = net is read only with a tangential law in [contact]", 7},
    {"normal = hertz\ntangential = linear\n\n[tangential]\nmu = 0.3\n",
     "normal = rathbone\ntangential = rathbone_tangential\n\n[normal]\nsigma_y = 1.6e8\n\n"
     "[tangential]\nfriction = given\nmu = 0.3\nprefactor = oblique\n",
     NULL, "prefactor = oblique is read only with friction = plastic (friction = given here)", 11},
};

static char *edited(const char *find, const char *replace)
{
    size_t n = sizeof base + (replace ? strlen(replace) : 0) + 1;
    char *s = malloc(n);
    ck_assert_ptr_nonnull(s);
    if (!find) {
        snprintf(s, n, "%s", base);
        return s;
    }
    const char *at = strstr(base, find);
    ck_assert_msg(at != NULL, "test table: '%s' not in the base case", find);
    snprintf(s, n, "%.*s%s%s", (int)(at - base), base, replace, at + strlen(find));
    return s;
}

/* cwb with args (NULL-terminated), no shell: both output streams to a file
 * beside out_dir, read back into err; the exit status (-1: a signal). */
static int cwb_exec(const char *const *args, const char *out_dir, char *err, size_t n)
{
    const char *bin = getenv("CWB_BIN");
    ck_assert_msg(bin != NULL, "CWB_BIN is not set (run through make check)");
    char *argv[24];
    size_t k = 0;
    argv[k++] = (char *)bin;
    for (; args[k - 1] && k + 1 < sizeof argv / sizeof *argv; k++)
        argv[k] = (char *)args[k - 1];
    argv[k] = NULL;
    char errfile[256];
    snprintf(errfile, sizeof errfile, "%s.err", out_dir);
    int status = cwb_spawn(argv, NULL, errfile);
    FILE *f = fopen(errfile, "r");
    ck_assert_ptr_nonnull(f);
    size_t got = fread(err, 1, n - 1, f);
    err[got] = '\0';
    fclose(f);
    remove(errfile);
    return status;
}

static int run_cwb(const char *case_path, const char *set, const char *out_dir, char *err, size_t n)
{
    const char *args[] = {"run", case_path, "--no-plot", "--out", out_dir, set ? "--set" : NULL,
                          set,   NULL};
    return cwb_exec(args, out_dir, err, n);
}

START_TEST(bad_input_exits_2)
{
    char dir[] = "/tmp/cwb-input-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256], out[256], err[4096];
    snprintf(path, sizeof path, "%s/case.case", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    char *text = edited(rows[_i].find, rows[_i].replace);
    test_write_file(path, text);
    free(text);

    int rc = run_cwb(path, rows[_i].set, out, err, sizeof err);
    ck_assert_msg(rc == 2, "row %d: exit status %d, expected 2 (stderr: %s)", _i, rc, err);
    ck_assert_msg(strstr(err, rows[_i].expect) != NULL, "row %d: '%s' not in: %s", _i,
                  rows[_i].expect, err);
    if (rows[_i].line) {
        char where[300];
        snprintf(where, sizeof where, "cwb: %s:%d: ", path, rows[_i].line);
        ck_assert_msg(strncmp(err, where, strlen(where)) == 0, "row %d: expected '%s...', got: %s",
                      _i, where, err);
    }
    if (rows[_i].set)
        ck_assert_msg(strstr(err, "--set") != NULL, "row %d: override not named: %s", _i, err);
    struct stat st;
    ck_assert_msg(stat(out, &st) != 0, "row %d: output written despite bad input", _i);
    remove(path);
    rmdir(dir);
}
END_TEST

START_TEST(missing_case_file)
{
    char err[4096];
    int rc = run_cwb("/nonexistent/none.case", NULL, "/tmp/cwb-input-none", err, sizeof err);
    ck_assert_int_eq(rc, 2);
    ck_assert_msg(strstr(err, "cannot open the case file") != NULL, "%s", err);
}
END_TEST

/* `cwb sweep` with a malformed or non-numeric --vary: exit 2, named. */
START_TEST(sweep_bad_vary)
{
    static const char *bad[][4] = {
        /* --vary, a --set (or NULL), the expected message */
        {"driver.v_normal=1:2", "sweep.plot_y=nothing", NULL, "expected section.key=FROM:TO:N"},
        /* a field after the scale, an empty one (both accepted before) */
        {"driver.v_normal=1:2:3:log:x", NULL, NULL, "expected section.key=FROM:TO:N"},
        {"driver.v_normal=1:2:3:", NULL, NULL, "expected section.key=FROM:TO:N"},
        {"driver.v_normal=1::2:3", NULL, NULL, "expected section.key=FROM:TO:N"},
        {"driver.v_normal=1:2:3", "sweep.plot_y=nothing", NULL,
         "plot_y: 'nothing' is not a result"},
        {"driver.v_normal=1:2:3", "sweep.plot_x=nothing", "sweep.plot_y=max_overlap",
         "plot_x: 'nothing' is not a result"},
        {"driver.v_normal=1:2:0", NULL, NULL, "integer 1 <= N"},
        {"driver.nothing=1:2:3", NULL, NULL, "not a numeric key"},
        {"driver.v_normal=-1:2:3", NULL, NULL, "out of range"},
        {"driver.v_normal=0:2:3:log", NULL, NULL, "log scale needs"}};
    char dir[] = "/tmp/cwb-sweep-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256], err[4096], out[300];
    snprintf(path, sizeof path, "%s/case.case", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(base, f);
    fclose(f);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        /* dt_tol 1e-3: the rows that fail only at the plot run their collisions
         * first, and the sanitizer build must finish them within the timeout */
        const char *args[] = {"sweep",     path,
                              "--vary",    bad[i][0],
                              "--set",     "driver.dt_tol=1e-3",
                              "--no-plot", "--out",
                              out,         bad[i][1] ? "--set" : NULL,
                              bad[i][1],   bad[i][2] ? "--set" : NULL,
                              bad[i][2],   NULL};
        int status = cwb_exec(args, out, err, sizeof err);
        ck_assert_msg(status == 2, "--vary %s: status %d: %s", bad[i][0], status, err);
        ck_assert_msg(strstr(err, bad[i][3]) != NULL, "--vary %s: '%s' not in: %s", bad[i][0],
                      bad[i][3], err);
    }
    remove(path);
    rmdir(dir);
}
END_TEST

START_TEST(valid_base_case_runs)
{
    char dir[] = "/tmp/cwb-input-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256], out[256], err[4096];
    snprintf(path, sizeof path, "%s/case.case", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    FILE *f = fopen(path, "w");
    fputs(base, f);
    fclose(f);
    ck_assert_int_eq(run_cwb(path, NULL, out, err, sizeof err), 0);
    char csv[300];
    snprintf(csv, sizeof csv, "%s/case.csv", out);
    struct stat st;
    ck_assert_int_eq(stat(csv, &st), 0);
    remove(csv);
    rmdir(out);
    remove(path);
    rmdir(dir);
}
END_TEST

/* "--set section.key=" (nothing after =) takes the key out, as if the file
 * did not give it: the way to flip a choice from the command line when the
 * file gives a key only the other choice reads (kt with stiffness = direct,
 * then stiffness = ratio). A required key taken out is missing. */
START_TEST(set_with_no_value_takes_a_key_out)
{
    const char *flip[] = {"tangential.stiffness=ratio", "tangential.kt="};
    cwb_case *c = test_load("tests/data/history_hertz_linear.case", flip, 2);
    int i = cwb_param_index(c->law_values[CWB_KIND_TANGENTIAL].table, "kt");
    ck_assert_int_eq(c->law_values[CWB_KIND_TANGENTIAL].given[i], 0);
    free(c);
    const char *kept[] = {"tangential.stiffness=ratio"};
    test_refused("tests/data/history_hertz_linear.case", kept, 1,
                 "kt = 10000000 [N/m] is read only with stiffness = direct");
    /* the choice taken out (back at its default, ratio): the refusal at
     * kt's line says which --set did it */
    const char *choice_out[] = {"tangential.stiffness="};
    test_refused("tests/data/history_hertz_linear.case", choice_out, 1,
                 "(--set tangential.stiffness= took stiffness out)");
    /* a required key taken out is blamed on the --set, not on a line of
     * the file that still stands (it named the section's next line) */
    const char *gone[] = {"tangential.mu="};
    test_refused("tests/data/history_hertz_linear.case", gone, 1,
                 "--set tangential.mu=: [tangential] missing required key 'mu'");
    const char *no_law[] = {"contact.normal="};
    test_refused("tests/data/history_hertz_linear.case", no_law, 1,
                 "--set contact.normal=: [contact] missing required key 'normal'");
    /* a misspelt key to take out is refused, not a silent no-op */
    const char *typo[] = {"tangentail.kt="};
    test_refused("tests/data/history_hertz_linear.case", typo, 1,
                 "--set tangentail.kt=: the case gives no tangentail.kt to take out");
}
END_TEST

/* Whole lines, whatever their length (Debian's inih split them at 199
 * bytes and parsed the tail): a long comment that ends in "steps = 5"
 * stays a comment, a 40-value history list on one line is read, a line
 * over the limit and a NUL byte are refused naming the line, and a folder
 * is not a case file. */
static int load_case_text(const char *path, const char *text, size_t len, char *msg, size_t n)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fwrite(text, 1, len, f);
    fclose(f);
    cwb_case *c = cwb_case_new();
    ck_assert_ptr_nonnull(c);
    int rc = cwb_case_load(c, path, NULL, 0, msg, n);
    free(c);
    return rc;
}

START_TEST(reader_whole_lines)
{
    char dir[] = "/tmp/cwb-input-XXXXXX", path[300], msg[CWB_MSG];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/case.case", dir);
    size_t cap = sizeof base + 80000;
    char *text = malloc(cap);
    ck_assert_ptr_nonnull(text);
    /* a 300-byte comment whose tail would be a key (collision has no "steps") */
    snprintf(text, cap, "# %0300d steps = 5\n%s", 0, base);
    ck_assert_msg(load_case_text(path, text, strlen(text), msg, sizeof msg) == CWB_OK, "%s", msg);
    /* 40 targets on one line (about 400 bytes) */
    size_t used = (size_t)snprintf(text, cap, "%s", base);
    char *hist = strstr(text, "type = collision");
    used = (size_t)(hist - text);
    used += (size_t)snprintf(text + used, cap - used, "type = history\nnormal = ");
    for (int i = 0; i < 40; i++)
        used += (size_t)snprintf(text + used, cap - used, "%s%.3e", i ? ", " : "",
                                 1e-6 * (i % 2 ? 1.0 : 0.5));
    snprintf(text + used, cap - used, "\n");
    ck_assert_msg(load_case_text(path, text, strlen(text), msg, sizeof msg) == CWB_OK, "%s", msg);
    /* one line over the limit */
    used = (size_t)snprintf(text, cap, "# ");
    memset(text + used, 'x', 70000);
    snprintf(text + used + 70000, cap - used - 70000, "\n%s", base);
    ck_assert_int_eq(load_case_text(path, text, strlen(text), msg, sizeof msg), CWB_EINPUT);
    ck_assert_msg(strstr(msg, ":1: line longer than 65536 bytes"), "%s", msg);
    /* a NUL byte on line 2 */
    ck_assert_int_eq(load_case_text(path, "[contact]\nnor\0mal = hertz\n", 26, msg, sizeof msg),
                     CWB_EINPUT);
    ck_assert_msg(strstr(msg, ":2: a NUL byte"), "%s", msg);
    free(text);
    remove(path);
    cwb_case *c = cwb_case_new();
    ck_assert_int_eq(cwb_case_load(c, dir, NULL, 0, msg, sizeof msg), CWB_EINPUT);
    free(c);
    ck_assert_msg(strstr(msg, "is a folder, not a case file"), "%s", msg);
    rmdir(dir);
}
END_TEST

/* The peak resident memory of this (forked) test process [kB] since the
 * last peak_reset: Linux's VmHWM, reset by writing 5 to clear_refs. */
static void peak_reset(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    ck_assert_ptr_nonnull(f);
    fputs("5", f);
    ck_assert_int_eq(fclose(f), 0);
}

static long status_kb(const char *key)
{
    FILE *f = fopen("/proc/self/status", "r");
    ck_assert_ptr_nonnull(f);
    char line[256];
    long kb = -1;
    size_t len = strlen(key);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, len) == 0)
            kb = strtol(line + len, NULL, 10);
    fclose(f);
    ck_assert_msg(kb >= 0, "no %s in /proc/self/status", key);
    return kb;
}

/* A file of one line without a newline, `bytes` long. */
static void write_long_line(const char *path, size_t bytes)
{
    static char chunk[1 << 16];
    memset(chunk, 'x', sizeof chunk);
    chunk[0] = '#';
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    for (size_t done = 0; done < bytes; done += sizeof chunk) {
        ck_assert_uint_eq(fwrite(chunk, 1, sizeof chunk, f), sizeof chunk);
        chunk[0] = 'x';
    }
    ck_assert_int_eq(fclose(f), 0);
}

/* A line without end (a 64 MiB line stands for /dev/zero or a 1 GB line)
 * is refused once it passes the stated limit, 64 KiB, and the reader
 * never holds more than that: the peak memory of loading it grows by less
 * than 8 MiB. getline, which the INI and CSV readers used, grew its buffer
 * to the whole line first (64 MiB here; 2.5 GB in 8 s on /dev/zero). */
START_TEST(reader_bounds_the_line_length)
{
    char dir[] = "/tmp/cwb-input-XXXXXX", path[300], msg[CWB_MSG], where[400];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/long.case", dir);
    write_long_line(path, (size_t)64 << 20);
    for (int reader = 0; reader < 2; reader++) {
        long before = status_kb("VmRSS:");
        peak_reset();
        int rc;
        if (reader == 0) {
            cwb_case *c = cwb_case_new();
            ck_assert_ptr_nonnull(c);
            rc = cwb_case_load(c, path, NULL, 0, msg, sizeof msg);
            free(c);
        } else {
            cwb_reference ref;
            rc = cwb_reference_load(&ref, path, msg, sizeof msg);
        }
        long grown = status_kb("VmHWM:") - before;
        snprintf(where, sizeof where, "%s:1: line longer than 65536 bytes", path);
        ck_assert_msg(rc == CWB_EINPUT && strstr(msg, where), "reader %d: %d %s", reader, rc, msg);
        ck_assert_msg(grown < 8 << 10, "reader %d: peak memory grew by %ld kB", reader, grown);
    }
    remove(path);
    rmdir(dir);
}
END_TEST

/* Where a regular file is expected, anything else is refused before it is
 * opened: /dev/null read as an empty case, /dev/zero had the readers
 * allocate without bound (then say "the file is empty" under a memory
 * limit), and opening a FIFO waits for a writer forever (the same stat()
 * refuses it; not tried here, as a regression would hang the suite). */
START_TEST(reader_refuses_non_regular_files)
{
    static const char *const devices[] = {"/dev/null", "/dev/zero"};
    for (size_t i = 0; i < sizeof devices / sizeof *devices; i++) {
        const char *dev = devices[i];
        char msg[CWB_MSG], want[64];
        snprintf(want, sizeof want, "%s: not a regular file", dev);
        cwb_case *c = cwb_case_new();
        ck_assert_ptr_nonnull(c);
        int rc = cwb_case_load(c, dev, NULL, 0, msg, sizeof msg);
        free(c);
        ck_assert_msg(rc == CWB_EINPUT && strstr(msg, want), "case %s: %d %s", dev, rc, msg);
        cwb_fem_study *s;
        rc = cwb_fem_study_load(&s, dev, msg, sizeof msg);
        ck_assert_msg(rc == CWB_EINPUT && strstr(msg, want), "study %s: %d %s", dev, rc, msg);
        cwb_reference ref;
        rc = cwb_reference_load(&ref, dev, msg, sizeof msg);
        ck_assert_msg(rc == CWB_EINPUT && strstr(msg, want), "csv %s: %d %s", dev, rc, msg);
        cwb_fit_request req = {.path = dev, .dir = "/tmp/cwb-input-none"};
        rc = cwb_fit(&req, NULL, NULL, msg, sizeof msg);
        ck_assert_msg(rc == CWB_EINPUT && strstr(msg, want), "fit %s: %d %s", dev, rc, msg);
    }
}
END_TEST

/* `text` into dir/name, with a UTF-8 byte-order mark first when bom. */
static void write_with_bom(const char *path, const char *text, int bom)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    if (bom)
        fputs("\xEF\xBB\xBF", f);
    char *rooted = test_rooted(text); /* the copy lives in a temporary folder */
    test_fputs_rooted(f, rooted);
    free(rooted);
    ck_assert_int_eq(fclose(f), 0);
}

/* The INI reader (case files, fit-cases, studies) reads a file that starts
 * with a UTF-8 byte-order mark (Windows editors, Excel's "CSV UTF-8"
 * write one; inih, git and systemd skip it) exactly as the same file
 * without it: the same entries on the same lines. */
START_TEST(ini_reader_skips_a_leading_bom)
{
    static const char *const files[] = {"cases/chung_ooi_1_glass.case",
                                        "cases/seed000_fig15_kn_fem.fit",
                                        "reference/fem/studies/seed000_fig7a.study"};
    char dir[] = "/tmp/cwb-input-XXXXXX", path[2][300], msg[CWB_MSG];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    for (size_t k = 0; k < sizeof files / sizeof *files; k++) {
        char *text = test_slurp(files[k]);
        cwb_ini ini[2];
        for (int bom = 0; bom < 2; bom++) {
            snprintf(path[bom], sizeof path[bom], "%s/f%d%s", dir, bom, strrchr(files[k], '.'));
            write_with_bom(path[bom], text, bom);
            ck_assert_msg(cwb_ini_read(&ini[bom], path[bom], "file", msg, sizeof msg) == CWB_OK,
                          "%s (bom %d): %s", files[k], bom, msg);
        }
        ck_assert_uint_eq(ini[0].n, ini[1].n);
        ck_assert_uint_gt(ini[0].n, 0);
        for (size_t i = 0; i < ini[0].n; i++) {
            const cwb_ini_entry *a = &ini[0].e[i], *b = &ini[1].e[i];
            ck_assert_str_eq(a->section, b->section);
            ck_assert_str_eq(a->key, b->key);
            ck_assert_str_eq(a->value, b->value);
            ck_assert_int_eq(a->line, b->line);
        }
        cwb_ini_free(&ini[0]);
        cwb_ini_free(&ini[1]);
        free(text);
        remove(path[0]);
        remove(path[1]);
    }
    rmdir(dir);
}
END_TEST

/* The same at each reader's door: a case with a BOM runs, a study with one
 * loads the same values, a fit-case with one fits the same slope; a BOM
 * anywhere but at the file's first byte stays an error naming its line. */
START_TEST(every_ini_file_kind_takes_a_leading_bom)
{
    char dir[] = "/tmp/cwb-input-XXXXXX", path[2][300], out[300], msg[CWB_MSG];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path[1], sizeof path[1], "%s/bom.case", dir);
    write_with_bom(path[1], base, 1);
    cwb_case *c = cwb_case_new();
    ck_assert_ptr_nonnull(c);
    ck_assert_msg(cwb_case_load(c, path[1], NULL, 0, msg, sizeof msg) == CWB_OK, "%s", msg);
    free(c);
    remove(path[1]);

    char *text = test_slurp("reference/fem/studies/seed000_fig7a.study");
    cwb_fem_study *s[2];
    for (int bom = 0; bom < 2; bom++) {
        snprintf(path[bom], sizeof path[bom], "%s/s%d.study", dir, bom);
        write_with_bom(path[bom], text, bom);
        ck_assert_msg(cwb_fem_study_load(&s[bom], path[bom], msg, sizeof msg) == CWB_OK, "%s", msg);
    }
    free(text);
    ck_assert_str_eq(s[0]->study.text[CWB_FEM_NAME], s[1]->study.text[CWB_FEM_NAME]);
    ck_assert_ptr_eq(s[0]->model, s[1]->model);
    for (size_t k = 0; k < CWB_MAX_PARAMS; k++)
        ck_assert_msg(s[0]->mesh.p[k] == s[1]->mesh.p[k] ||
                          (isnan(s[0]->mesh.p[k]) && isnan(s[1]->mesh.p[k])),
                      "[mesh] parameter %zu differs", k);
    cwb_fem_study_free(s[0]);
    cwb_fem_study_free(s[1]);
    remove(path[0]);
    remove(path[1]);

    text = test_slurp("cases/seed000_fig15_kn_fem.fit");
    double k_fit[2];
    snprintf(out, sizeof out, "%s/out", dir);
    for (int bom = 0; bom < 2; bom++) {
        snprintf(path[bom], sizeof path[bom], "%s/f%d.fit", dir, bom);
        write_with_bom(path[bom], text, bom);
        cwb_result r;
        cwb_result_init(&r);
        cwb_fit_request req = {.path = path[bom], .dir = out};
        ck_assert_msg(cwb_fit(&req, &r, NULL, msg, sizeof msg) == CWB_OK, "%s", msg);
        k_fit[bom] = cwb_result_get(&r, "k");
        cwb_result_free(&r);
        remove(path[bom]);
    }
    free(text);
    ck_assert_msg(isfinite(k_fit[0]) && k_fit[0] == k_fit[1], "k %g and %g", k_fit[0], k_fit[1]);

    /* a BOM at the start of line 3 (a file pasted into another) */
    write_with_bom(path[0], "[contact]\nnormal = hertz\n\xEF\xBB\xBFtangential = linear\n", 0);
    cwb_ini ini;
    ck_assert_int_eq(cwb_ini_read(&ini, path[0], "case file", msg, sizeof msg), CWB_EINPUT);
    char where[330];
    snprintf(where, sizeof where, "%s:3: a byte-order mark", path[0]);
    ck_assert_msg(strstr(msg, where), "%s", msg);
    remove(path[0]);
    char cmd_out[320];
    snprintf(cmd_out, sizeof cmd_out, "%s/f0_fit.csv", out);
    remove(cmd_out);
    snprintf(cmd_out, sizeof cmd_out, "%s/f1_fit.csv", out);
    remove(cmd_out);
    rmdir(out);
    rmdir(dir);
}
END_TEST

/* [fit] data patterns read one folder: wildcards in the file name only.
 * A pattern of five levels of '*' from the root walked the file system
 * (11 s here with a cold cache; ten levels: over 5 minutes and 540 MB)
 * and then read whatever matched (/usr/include/tirpc/rpc/rpcb_prot.x as
 * a CSV). */
START_TEST(fit_data_pattern_reads_one_folder)
{
    char dir[] = "/tmp/cwb-input-XXXXXX", path[300], msg[CWB_MSG], where[400];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/walk.fit", dir);
    write_with_bom(path,
                   "[fit]\nmodel = material\nformula = unloading\n"
                   "data = /*/*/*/*/*.x\n",
                   0);
    cwb_fit_request req = {.path = path, .dir = dir};
    int rc = cwb_fit(&req, NULL, NULL, msg, sizeof msg);
    snprintf(where, sizeof where, "%s:4: [fit] data = /*/*/*/*/*.x: wildcards", path);
    ck_assert_msg(rc == CWB_EINPUT && strstr(msg, where), "%d %s", rc, msg);
    remove(path);
    rmdir(dir);
}
END_TEST

/* Every read_when of a law's or a driver's table names a key of the same
 * table that can hold the words it lists: a CHOICE and some of its words,
 * or a key that takes "auto" and the word auto. Parsed here on its own, not
 * by the reader's code, so a condition that could never hold (a misspelt
 * word: the key refused under every choice) fails this test. */
static void check_conditions(const cwb_param *t, const char *owner)
{
    for (size_t i = 0; t && t[i].name; i++) {
        if (!t[i].read_when)
            continue;
        char buf[256], *save = NULL;
        snprintf(buf, sizeof buf, "%s", t[i].read_when);
        for (char *c = strtok_r(buf, ";", &save); c; c = strtok_r(NULL, ";", &save)) {
            char *eq = strchr(c, '=');
            ck_assert_msg(eq && eq > c, "%s: %s: read_when '%s' is not key=words", owner, t[i].name,
                          t[i].read_when);
            *eq = '\0';
            if (strncmp(c, "contact.", 8) == 0) { /* another law of the contact */
                int kind = 0;
                while (kind < CWB_KIND_COUNT && strcmp(cwb_kind_name((cwb_kind)kind), c + 8) != 0)
                    kind++;
                ck_assert_msg(kind < CWB_KIND_COUNT && strcmp(eq + 1, "*") == 0,
                              "%s: %s: read_when '%s' names no law kind with '*'", owner, t[i].name,
                              t[i].read_when);
                continue;
            }
            int k = cwb_param_index(t, c);
            ck_assert_msg(k >= 0 && k != (int)i, "%s: %s: read_when names '%s', not a key of it",
                          owner, t[i].name, c);
            char *save2 = NULL;
            for (char *w = strtok_r(eq + 1, "|", &save2); w; w = strtok_r(NULL, "|", &save2)) {
                int found = (strcmp(w, "auto") == 0 && (t[k].flags & CWB_P_AUTO)) ||
                            (strcmp(w, "*") == 0 && t[k].kind == CWB_PARAM_TEXT);
                for (size_t j = 0; t[k].kind == CWB_PARAM_CHOICE && t[k].choices[j]; j++)
                    found |= strcmp(t[k].choices[j], w) == 0;
                ck_assert_msg(found, "%s: %s: read_when word '%s' is not one %s holds", owner,
                              t[i].name, w, c);
            }
        }
    }
}

START_TEST(every_read_when_names_a_word_of_its_table)
{
    size_t conditions = 0;
    for (int kind = 0; kind < CWB_KIND_COUNT; kind++)
        for (size_t i = 0; i < cwb_law_count((cwb_kind)kind); i++) {
            const cwb_law_head *law = cwb_law_at((cwb_kind)kind, i);
            check_conditions(law->params, law->name);
            for (size_t j = 0; law->params && law->params[j].name; j++)
                conditions += law->params[j].read_when != NULL;
        }
    for (size_t i = 0; i < cwb_driver_count(); i++) {
        const cwb_driver_type *d = cwb_driver_at(i);
        check_conditions(d->params, d->name);
        for (size_t j = 0; d->params && d->params[j].name; j++)
            conditions += d->params[j].read_when != NULL;
    }
    check_conditions(cwb_output_params, "[output]");
    check_conditions(cwb_sweep_params, "[sweep]");
    for (size_t i = 0; i < cwb_fem_model_count(); i++) /* the FEM studies' sections */
        for (const cwb_fem_section *sec = cwb_fem_model_at(i)->sections; sec->name; sec++) {
            check_conditions(sec->params, sec->name);
            for (size_t j = 0; sec->params && sec->params[j].name; j++)
                conditions += sec->params[j].read_when != NULL;
        }
    /* fewer conditions than were written (the laws' 22, the four py laws'
     * two each among them, and the drivers' 10 when this was written; the
     * bound leaves room to move a few) means tables lost theirs */
    ck_assert_msg(conditions >= 25, "only %zu keys have a read_when", conditions);
}
END_TEST

Suite *input_suite(void)
{
    Suite *s = suite_create("input");
    TCase *tc = test_tcase("input", 30);
    tcase_add_loop_test(tc, bad_input_exits_2, 0, (int)(sizeof rows / sizeof *rows));
    tcase_add_test(tc, missing_case_file);
    tcase_add_test(tc, reader_whole_lines);
    tcase_add_test(tc, valid_base_case_runs);
    tcase_add_test(tc, sweep_bad_vary);
    tcase_add_test(tc, reader_bounds_the_line_length);
    tcase_add_test(tc, reader_refuses_non_regular_files);
    tcase_add_test(tc, ini_reader_skips_a_leading_bom);
    tcase_add_test(tc, every_ini_file_kind_takes_a_leading_bom);
    tcase_add_test(tc, fit_data_pattern_reads_one_folder);
    tcase_add_test(tc, every_read_when_names_a_word_of_its_table);
    tcase_add_test(tc, set_with_no_value_takes_a_key_out);
    suite_add_tcase(s, tc);
    return s;
}
