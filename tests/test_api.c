/* test_api.c -- the public embedding API (include/cwb/cwb_api.h).
 *
 * References:
 *   - Hertz: F_n = (4/3) E* sqrt(R*) delta^(3/2), a = sqrt(R* delta)
 *     (Johnson 1985, Contact Mechanics, eqs. 4.22-4.23);
 *   - Mindlin (1949): the no-slip tangential stiffness 8 G* a, so a small
 *     first increment dxi gives F_t = 8 G* a dxi; gross sliding caps
 *     |F_t| at mu F_n (Coulomb);
 *   - E* and G* of a sphere on a rigid wall: E/(1 - nu^2) and
 *     G/(2 - nu) with G = E/(2 (1 + nu)) (cwb_pair.h);
 *   - a contact built from a case file (cwb_case_load + cwb_contact_init),
 *     the path every `cwb run` takes: the API must give the same numbers
 *     (the same laws reached through the same contact layer).
 * Relative tolerance 1e-13 on closed forms (a few roundings of the same
 * products); exact equality against the case-built contact.
 */
#include <dirent.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "cwb_api.h"
#include "cwb_run.h"
#include "cwb_test.h"

static const cwb_api_body glass = {CWB_API_SPHERE, 0.005, 7e10, 0.25, 2500.0};
static const cwb_api_body rigid_wall = {CWB_API_WALL, 0, 0, 0, 0};

static cwb_api_contact *hertz_mindlin(char *msg, size_t n)
{
    const char *keys[] = {"tangential.mu"}, *values[] = {"0.3"};
    return cwb_api_contact_new("hertz", "mindlin", NULL, NULL, keys, values, 1, &glass, &rigid_wall,
                               msg, n);
}

static cwb_api_kin kin_at(double delta, double dx)
{
    cwb_api_kin k;
    memset(&k, 0, sizeof k);
    k.overlap = delta;
    k.normal[2] = 1.0;
    k.dxi_t[0] = dx;
    return k;
}

/* --- every law of the registry through the API ---------------------------- */

/* Values for the keys a law of the registry requires (or has no usable
 * default for) on the test material below: seed 004's Fig. 30/33/35 material
 * (R = 0.1 mm, E = 8500 MPa, nu = 0.3, sigma_y = 50 MPa) as
 * tests/data/property_sphere_flat.case, with tests/test_properties.c's extra
 * keys. A key is given only to a law that has it; mu only where it is
 * required (rathbone_tangential takes its own mu(y) unless told otherwise). */
static const struct {
    const char *key, *value;
    int if_required;
} law_keys[] = {
    {"normal.sigma_y", "50e6", 0}, {"normal.kn", "1e5", 0},
    {"normal.Ca", "2.19e-4", 0},   {"normal.Kc", "129", 0},
    {"normal.p0", "140e6", 0},     {"normal.work_of_adhesion", "0.01", 0},
    {"tangential.mu", "0.3", 1},   {"damping.e", "0.7", 0},
    {"rolling.mu_roll", "0.1", 0}, {"rolling.mu_r", "0.1", 0},
    {"rolling.length", "1e-4", 1}, {"rolling.kt_div_kn", "0.2", 1},
};

const cwb_api_body test_api_sphere = {CWB_API_SPHERE, 1e-4, 8.5e9, 0.3, 7800.0};
const cwb_api_body test_api_disc = {CWB_API_DISC, 1e-4, 8.5e9, 0.3, 7800.0};
const cwb_api_body test_api_wall = {CWB_API_WALL, 0, 0, 0, 0};

/* 1 when the law has the key (and, with if_required, requires it). */
static int law_has_key(int kind, const char *law, const char *key, int if_required)
{
    cwb_api_param_info info;
    for (size_t i = 0; i < cwb_api_param_count(kind, law); i++)
        if (cwb_api_param_info_at(kind, law, i, &info) == CWB_API_OK && strcmp(info.name, key) == 0)
            return !if_required || info.required;
    return 0;
}

/* The normal law a law of another kind is used with: the first it is
 * calibrated on, else hertz2d for a 2D-only law, else hertz. */
static void companion_normal(const cwb_law_head *h, char *buf, size_t n)
{
    if (h->needs_normal)
        snprintf(buf, n, "%.*s", (int)strcspn(h->needs_normal, " "), h->needs_normal);
    else
        snprintf(buf, n, "%s", (h->dims & CWB_DIM_3D) ? "hertz" : "hertz2d");
}

/* test_api_law_contact with one more key = value (NULL: none; it comes
 * last, so it overrides) and body1 instead of the test material (NULL: the
 * material's sphere, or disc for a 2D law). */
static cwb_api_contact *law_contact_with(int kind, size_t i, const char *key, const char *value,
                                         const cwb_api_body *body1, char *msg, size_t n)
{
    /* No Check assertion here: tests/test_threads.c calls this from its
     * threads, where Check may not assert, and Check's assertions take a
     * lock that would order the threads' work for ThreadSanitizer, hiding
     * the races it is there to find. */
    const cwb_law_head *h = cwb_law_at((cwb_kind)kind, i);
    if (!h) {
        snprintf(msg, n, "no law %zu of kind %d", i, kind);
        return NULL;
    }
    char normal[64];
    if (kind == CWB_API_NORMAL)
        snprintf(normal, sizeof normal, "%s", h->name);
    else
        companion_normal(h, normal, sizeof normal);
    const char *names[CWB_API_KIND_COUNT] = {normal, "linear", "none", "none"};
    names[kind] = h->name;
    const char *keys[32], *values[32];
    size_t count = 0;
    for (size_t k = 0; k < sizeof law_keys / sizeof *law_keys; k++) {
        const char *lk = law_keys[k].key, *dot = strchr(lk, '.');
        for (int s = 0; s < CWB_API_KIND_COUNT; s++) {
            const char *sec = cwb_api_kind_name(s);
            if (strlen(sec) == (size_t)(dot - lk) && strncmp(sec, lk, strlen(sec)) == 0 &&
                law_has_key(s, names[s], dot + 1, law_keys[k].if_required)) {
                keys[count] = lk;
                values[count++] = law_keys[k].value;
            }
        }
    }
    if (key) {
        keys[count] = key;
        values[count++] = value;
    }
    const cwb_law_head *nh = cwb_law_find(CWB_KIND_NORMAL, normal);
    int disc = nh && !(nh->dims & CWB_DIM_3D);
    if (!body1)
        body1 = disc ? &test_api_disc : &test_api_sphere;
    return cwb_api_contact_new(names[0], names[1], names[2], names[3], keys, values, count, body1,
                               &test_api_wall, msg, n);
}

cwb_api_contact *test_api_law_contact(int kind, size_t i, char *msg, size_t n)
{
    return law_contact_with(kind, i, NULL, NULL, NULL, msg, n);
}

/* The overlap of step i on the registry-wide path: touch (1e-9 m in 20
 * steps: adhesive laws snap in), load to 3e-6 m (~30 yield overlaps of the
 * material), unload to -3e-9 m (past JKR's end of contact, ~-8e-10 m),
 * reload to 5e-7 m. */
static double path_overlap(int i)
{
    static const double at[][2] = {{0, 0}, {20, 1e-9}, {100, 3e-6}, {200, -3e-9}, {240, 5e-7}};
    double x = i + 1;
    for (size_t k = 1; k < sizeof at / sizeof *at; k++)
        if (x <= at[k][0])
            return at[k - 1][1] +
                   (at[k][1] - at[k - 1][1]) * (x - at[k - 1][0]) / (at[k][0] - at[k - 1][0]);
    return at[4][1];
}

void test_api_path(int i, cwb_api_kin *k)
{
    const double dt = 1e-7, d0 = i > 0 ? path_overlap(i - 1) : 0.0;
    memset(k, 0, sizeof *k);
    k->overlap = path_overlap(i);
    k->overlap_rate = (k->overlap - d0) / dt;
    k->normal[2] = 1.0;
    /* a tangential displacement turning in the tangent plane */
    k->dxi_t[0] = 2e-9 * cos(0.05 * i);
    k->dxi_t[1] = 2e-9 * sin(0.05 * i);
    k->v_t[0] = k->dxi_t[0] / dt;
    k->v_t[1] = k->dxi_t[1] / dt;
    k->omega1[1] = 50.0;
    k->omega1[2] = 5.0 * cos(0.1 * i);
    k->dt = dt;
}

START_TEST(test_api_closed_forms)
{
    char msg[CWB_MSG];
    cwb_api_contact *c = hertz_mindlin(msg, sizeof msg);
    ck_assert_msg(c != NULL, "%s", msg);
    const double R = glass.radius, nu = glass.nu, d = 1e-6;
    const double E_star = glass.E / (1.0 - nu * nu);
    const double G_star = glass.E / (2.0 * (1.0 + nu)) / (2.0 - nu);
    double e, g, r, m;
    cwb_api_contact_pair(c, &e, &g, &r, &m);
    ck_assert_double_eq_tol(e, E_star, 1e-13 * E_star);
    ck_assert_double_eq_tol(g, G_star, 1e-13 * G_star);
    ck_assert_double_eq(r, R);
    cwb_api_out o;
    cwb_api_kin k = kin_at(d, 0.0);
    ck_assert_int_eq(cwb_api_contact_step(c, &k, &o, msg, sizeof msg), CWB_API_OK);
    const double fn = 4.0 / 3.0 * E_star * sqrt(R) * pow(d, 1.5), a = sqrt(R * d);
    ck_assert_double_eq_tol(o.force_n, fn, 1e-13 * fn);
    ck_assert_double_eq_tol(o.radius, a, 1e-13 * a);
    /* a small first increment: F_t = 8 G* a dxi (no slip) */
    k = kin_at(d, 1e-10);
    ck_assert_int_eq(cwb_api_contact_step(c, &k, &o, msg, sizeof msg), CWB_API_OK);
    const double ft = 8.0 * G_star * a * 1e-10;
    ck_assert_double_eq_tol(o.force_t[0], ft, 1e-13 * ft);
    ck_assert_int_eq(o.sliding, 0);
    /* a large one: gross sliding at mu F_n */
    k = kin_at(d, 1e-5);
    ck_assert_int_eq(cwb_api_contact_step(c, &k, &o, msg, sizeof msg), CWB_API_OK);
    ck_assert_double_eq_tol(o.force_t[0], 0.3 * fn, 1e-13 * fn);
    ck_assert_int_eq(o.sliding, 1);
    ck_assert(o.slip > 0.0);
    cwb_api_contact_free(c);
}
END_TEST

/* eval never changes the contact; commit takes only a fresh trial of its own. */
START_TEST(test_api_contract)
{
    char msg[CWB_MSG];
    cwb_api_contact *c = hertz_mindlin(msg, sizeof msg), *other = hertz_mindlin(msg, sizeof msg);
    ck_assert(c && other);
    cwb_api_trial *t1 = cwb_api_trial_new(), *t2 = cwb_api_trial_new();
    cwb_api_out o1, o2, o3;
    cwb_api_kin k = kin_at(1e-6, 0.0);
    ck_assert_int_eq(cwb_api_contact_step(c, &k, &o1, msg, sizeof msg), CWB_API_OK);
    k = kin_at(1e-6, 2e-8);
    ck_assert_int_eq(cwb_api_contact_eval(c, &k, &o1, t1, msg, sizeof msg), CWB_API_OK);
    ck_assert_int_eq(cwb_api_contact_eval(c, &k, &o2, t2, msg, sizeof msg), CWB_API_OK);
    ck_assert_int_eq(cwb_api_contact_eval(c, &k, &o3, NULL, msg, sizeof msg), CWB_API_OK);
    ck_assert(memcmp(&o1, &o2, sizeof o1) == 0 && memcmp(&o1, &o3, sizeof o1) == 0);
    ck_assert_int_eq(cwb_api_contact_commit(other, t1), CWB_API_EINPUT); /* not its trial */
    ck_assert_int_eq(cwb_api_contact_commit(c, t1), CWB_API_OK);
    ck_assert_int_eq(cwb_api_contact_commit(c, t2), CWB_API_EINPUT); /* stale */
    /* committed: the same increment again adds to the stored force */
    ck_assert_int_eq(cwb_api_contact_eval(c, &k, &o2, NULL, msg, sizeof msg), CWB_API_OK);
    ck_assert(o2.force_t[0] > 1.5 * o1.force_t[0]);
    cwb_api_contact_reset(c);
    ck_assert_int_eq(cwb_api_contact_commit(c, t2), CWB_API_EINPUT); /* from before the reset */
    k = kin_at(1e-6, 0.0);
    ck_assert_int_eq(cwb_api_contact_eval(c, &k, &o3, NULL, msg, sizeof msg), CWB_API_OK);
    ck_assert(o3.force_t[0] == 0.0);
    /* non-finite kinematics are refused, not a NaN force */
    k = kin_at(NAN, 0.0);
    ck_assert_int_eq(cwb_api_contact_eval(c, &k, &o3, t1, msg, sizeof msg), CWB_API_EINPUT);
    ck_assert_int_eq(cwb_api_contact_commit(c, t1), CWB_API_EINPUT);
    cwb_api_trial_free(t1);
    cwb_api_trial_free(t2);
    cwb_api_contact_free(c);
    cwb_api_contact_free(other);
}
END_TEST

/* The API and a case file give the same contact, to the last bit. */
START_TEST(test_api_matches_case)
{
    const char *over[] = {"tangential.mu=0.3", "damping.e=0.7"};
    cwb_case *cs = test_load("tests/api/oblique_impact.case", over, 2);
    cwb_contact ct;
    ck_assert_int_eq(cwb_contact_init(&ct, cs), CWB_OK);
    char msg[CWB_MSG];
    const char *keys[] = {"tangential.mu", "damping.e"}, *values[] = {"0.3", "0.7"};
    cwb_api_contact *c = cwb_api_contact_new("hertz", "mindlin", "tsuji", "none", keys, values, 2,
                                             &glass, &rigid_wall, msg, sizeof msg);
    ck_assert_msg(c != NULL, "%s", msg);
    for (int i = 1; i <= 20; i++) {
        cwb_api_kin k = kin_at(1e-7 * i, 1e-8);
        k.overlap_rate = 0.5;
        k.v_t[0] = 0.1;
        k.dt = 1e-7;
        cwb_api_out o;
        ck_assert_int_eq(cwb_api_contact_step(c, &k, &o, msg, sizeof msg), CWB_API_OK);
        cwb_kin kk = {.delta = k.overlap,
                      .delta0 = 1e-7 * (i - 1),
                      .delta_rate = 0.5,
                      .normal = cwb_v3(0, 0, 1),
                      .dxi_t = cwb_v3(1e-8, 0, 0),
                      .v_t = cwb_v3(0.1, 0, 0),
                      .dt = 1e-7,
                      .h = 1e-7};
        cwb_contact_out oo;
        cwb_contact_trial tr;
        ck_assert_int_eq(cwb_contact_eval(&ct, &kk, &oo, &tr), CWB_OK);
        cwb_contact_commit(&ct, &tr);
        ck_assert(o.force_n == oo.n.force && o.damping_n == oo.d.force_n);
        ck_assert(o.force_t[0] == oo.t.force.x && o.damping_t[0] == oo.d.force_t.x);
    }
    cwb_api_contact_free(c);
    free(cs);
}
END_TEST

/* Refusals, with the case reader's words. */
static void refused(const char *normal, const char *tangential, const char *damping,
                    const char *key, const char *value, const cwb_api_body *b1,
                    const cwb_api_body *b2, const char *what)
{
    char msg[CWB_MSG];
    const char *keys[] = {"tangential.mu", key}, *values[] = {"0.3", value};
    cwb_api_contact *c = cwb_api_contact_new(normal, tangential, damping, NULL, keys, values,
                                             key ? 2 : 1, b1, b2, msg, sizeof msg);
    ck_assert_msg(c == NULL, "accepted (expected: %s)", what);
    ck_assert_msg(strstr(msg, what) != NULL, "'%s' not in: %s", what, msg);
}

START_TEST(test_api_errors)
{
    const cwb_api_body *s = &glass, *w = &rigid_wall;
    cwb_api_body bad = glass, disc = glass, wall_r = rigid_wall, wall_nu = rigid_wall;
    wall_nu.nu = 0.3;
    bad.nu = 0.5;
    disc.shape = CWB_API_DISC;
    wall_r.radius = 0.01;
    refused("hertz", "mindlin", NULL, "tangential.mu", "-0.3", s, w,
            "[tangential] mu = -0.3 [-] is out of range: allowed [0, inf) -");
    refused("hertz", "mindlin", "tsuji", "damping.e", "1.5", s, w,
            "[damping] e = 1.5 [-] is out of range: allowed (0, 1] -");
    refused("hertz", "mindlin", "tsuji", NULL, NULL, s, w, "[damping] missing required key 'e'");
    refused("hertz", "mindlin", NULL, "tangential.muu", "1", s, w,
            "[tangential] unknown key 'muu' for the tangential law 'mindlin' (its keys: mu");
    refused("hertz", "mindlin", NULL, "contact.mu", "1", s, w, "'contact.mu': a parameter key");
    refused("hertz", "linear", NULL, "tangential.kt", "2e5", s, w,
            "[tangential] kt = 200000 [N/m] is read only with stiffness = direct (stiffness = "
            "ratio here)");
    refused("hertzz", "mindlin", NULL, NULL, NULL, s, w, "'hertzz' is not a normal law (known:");
    refused(NULL, "mindlin", NULL, NULL, NULL, s, w, "missing required key 'normal'");
    refused("hertz", "mindlin", "linear_restitution", "damping.e", "0.5", s, w,
            "is calibrated on the 'linear' normal law, not on 'hertz'");
    refused("hertz", "mindlin", NULL, NULL, NULL, &disc, &disc, "is a 3D law but body1 is a disc");
    refused("hertz", "mindlin", NULL, NULL, NULL, &bad, w, "[body1] nu = 0.5 [-] is out of range");
    refused("hertz", "mindlin", NULL, NULL, NULL, s, &wall_r, "[body2] a wall has no radius");
    refused("hertz", "mindlin", NULL, NULL, NULL, s, &wall_nu,
            "[body2] a rigid wall takes no nu (got nu = 0.3)");
    refused("hertz", "mindlin", NULL, NULL, NULL, w, s, "body1 must be a sphere or a disc");
    /* a key another kind of law reads, with no law of that kind */
    const char *keys[] = {"normal.work_of_adhesion", "normal.friction_load"},
               *values[] = {"0.05", "net"};
    char msg[CWB_MSG];
    cwb_api_contact *c =
        cwb_api_contact_new("jkr", NULL, NULL, NULL, keys, values, 2, s, w, msg, sizeof msg);
    ck_assert_msg(c == NULL, "accepted friction_load without a tangential law");
    ck_assert_msg(strstr(msg, "[normal] friction_load = net is read only with a tangential law in "
                              "[contact] (the contact has tangential = none)"),
                  "%s", msg);
}
END_TEST

/* Every law of the registry makes a contact through the API (with laws
 * that fit it) and follows the registry-wide path without an error. */
START_TEST(test_api_every_law)
{
    for (int kind = 0; kind < CWB_API_KIND_COUNT; kind++)
        for (size_t i = 0; i < cwb_api_law_count(kind); i++) {
            const char *law = cwb_api_law_name(kind, i);
            char msg[CWB_MSG];
            cwb_api_contact *c = test_api_law_contact(kind, i, msg, sizeof msg);
            ck_assert_msg(c != NULL, "%s %s: %s", cwb_api_kind_name(kind), law, msg);
            for (int s = 0; s < TEST_API_PATH_STEPS; s++) {
                cwb_api_kin k;
                cwb_api_out o;
                test_api_path(s, &k);
                ck_assert_msg(cwb_api_contact_step(c, &k, &o, msg, sizeof msg) == CWB_API_OK,
                              "%s %s, step %d: %s", cwb_api_kind_name(kind), law, s, msg);
            }
            cwb_api_contact_free(c);
        }
}
END_TEST

/* cwb_api.h's sign convention of force_n, over every normal law of the
 * registry along the registry-wide path: F_n >= 0 for every law that
 * cwb_api_law_adhesive() does not name; an adhesive law reaches tension
 * (F_n < 0, attractive) on the path, and JKR and DMT never pull harder
 * than their pull-off forces, (3/2) pi w R* (Johnson, Kendall & Roberts
 * 1971) and 2 pi w R* (Derjaguin, Muller & Toporov 1975), with w = 0.01
 * J/m^2 and R* = 1e-4 m of the test material. Tolerance 1e-12 relative on
 * the bound: the laws evaluate the same closed forms (a few roundings). */
START_TEST(test_api_force_sign)
{
    const double w = 0.01, R = test_api_sphere.radius;
    int adhesive_seen = 0;
    for (size_t i = 0; i < cwb_api_law_count(CWB_API_NORMAL); i++) {
        const char *law = cwb_api_law_name(CWB_API_NORMAL, i);
        char msg[CWB_MSG];
        cwb_api_contact *c = test_api_law_contact(CWB_API_NORMAL, i, msg, sizeof msg);
        ck_assert_msg(c != NULL, "%s: %s", law, msg);
        double fmin = INFINITY;
        for (int s = 0; s < TEST_API_PATH_STEPS; s++) {
            cwb_api_kin k;
            cwb_api_out o;
            test_api_path(s, &k);
            ck_assert_msg(cwb_api_contact_step(c, &k, &o, msg, sizeof msg) == CWB_API_OK, "%s: %s",
                          law, msg);
            fmin = fmin < o.force_n ? fmin : o.force_n;
        }
        cwb_api_contact_free(c);
        if (!cwb_api_law_adhesive(CWB_API_NORMAL, law)) {
            ck_assert_msg(fmin >= 0.0, "%s: force_n = %g N < 0 but the law is not adhesive", law,
                          fmin);
            continue;
        }
        adhesive_seen++;
        ck_assert_msg(fmin < 0.0, "%s: adhesive, but force_n >= 0 all along the path", law);
        double pulloff = strcmp(law, "jkr") == 0   ? 1.5 * M_PI * w * R
                         : strcmp(law, "dmt") == 0 ? 2.0 * M_PI * w * R
                                                   : INFINITY;
        ck_assert_msg(fmin >= -pulloff * (1.0 + 1e-12), "%s: force_n = %.15g N below -%.15g N", law,
                      fmin, pulloff);
    }
    ck_assert_int_eq(adhesive_seen, 3); /* jkr, dmt, thornton_ning */
    ck_assert_int_eq(cwb_api_law_adhesive(CWB_API_TANGENTIAL, "mindlin"), 0);
    ck_assert_int_eq(cwb_api_law_adhesive(CWB_API_NORMAL, "no_such_law"), 0);
}
END_TEST

/* --- the host's GSL error handler ----------------------------------------- */

/* A host program's GSL error handler: counts the calls the library makes to
 * it (GSL's default handler would abort the host instead). */
static int host_calls;
static char host_last[256];

static void host_handler(const char *reason, const char *file, int line, int gsl_errno)
{
    host_calls++;
    snprintf(host_last, sizeof host_last, "%s (%s:%d, GSL error %d)", reason, file, line,
             gsl_errno);
}

/* 1 when host_handler is still GSL's handler (and leaves it installed). */
static int host_handler_installed(void)
{
    return gsl_set_error_handler(host_handler) == host_handler;
}

/* Numerical Recipes' 32-bit LCG: the same draws on every machine. */
static double uniform(unsigned long *s)
{
    *s = (1664525UL * *s + 1013904223UL) & 0xffffffffUL;
    return (double)*s / 4294967296.0;
}

/* +-10^u, u uniform in [lo, hi] (the sign drawn when signed). */
static double log_uniform(unsigned long *s, double lo, double hi, int is_signed)
{
    double x = pow(10.0, lo + (hi - lo) * uniform(s));
    return is_signed && uniform(s) < 0.5 ? -x : x;
}

/* A random unit vector. */
static void random_unit(unsigned long *s, double n[3])
{
    double nn = 0.0;
    for (int i = 0; i < 3; i++) {
        n[i] = 2.0 * uniform(s) - 1.0;
        nn += n[i] * n[i];
    }
    for (int i = 0; i < 3; i++)
        n[i] /= sqrt(nn);
}

/* Random kinematics over many orders of magnitude along the unit normal n,
 * from the committed overlap d0: overlaps up to 0.9 of the sphere's radius
 * (and into separation), tangential increments in the tangent plane, spins
 * and steps from round-off size to absurd, with the rates a DEM code would
 * give for them (increment / dt; any rates when dt = 0, where no law reads
 * them). The normal stays fixed. Rates that contradict the increments are
 * not drawn: mindlin_deresiewicz follows its step along a path built from
 * them, and on such a path it ran for minutes of CPU in one step (a
 * 1.6e-5 m unloading step with dt = 1e-9 s and an overlap rate of
 * 8.5e4 m/s, after sliding 9e-4 m). */
static void hostile_kin(unsigned long *s, const double n[3], double d0, cwb_api_kin *k)
{
    memset(k, 0, sizeof *k);
    k->overlap = log_uniform(s, -16.0, log10(0.9 * test_api_sphere.radius), 1);
    k->dt = uniform(s) < 0.2 ? 0.0 : log_uniform(s, -15.0, 3.0, 0);
    double t[3], tn = 0.0;
    for (int i = 0; i < 3; i++) {
        k->normal[i] = n[i];
        t[i] = log_uniform(s, -20.0, -3.0, 1);
        tn += t[i] * n[i];
    }
    for (int i = 0; i < 3; i++) {
        k->dxi_t[i] = t[i] - tn * n[i];
        k->v_t[i] = k->dt > 0.0 ? k->dxi_t[i] / k->dt : log_uniform(s, -12.0, 6.0, 1);
        k->omega1[i] = log_uniform(s, -12.0, 8.0, 1);
        k->omega2[i] = log_uniform(s, -12.0, 8.0, 1);
    }
    k->overlap_rate = k->dt > 0.0 ? (k->overlap - d0) / k->dt : log_uniform(s, -12.0, 8.0, 1);
}

/* Every number of an evaluation is finite. */
static int out_finite(const cwb_api_out *o)
{
    const double *x = &o->force_n, *end = &o->stiffness_energy;
    for (; x <= end; x++)
        if (!isfinite(*x))
            return 0;
    return 1;
}

/* Evaluate c on n hostile kinematics, committing every other one: each
 * evaluation is refused with a message or returns finite numbers only. */
static void hostile_steps(cwb_api_contact *c, const char *what, unsigned long *seed, int n)
{
    cwb_api_trial *t = cwb_api_trial_new();
    ck_assert_ptr_nonnull(t);
    double normal[3], d0 = 0.0;
    random_unit(seed, normal);
    for (int j = 0; j < n; j++) {
        cwb_api_kin k;
        cwb_api_out o;
        char msg[CWB_MSG];
        hostile_kin(seed, normal, d0, &k);
        int rc = cwb_api_contact_eval(c, &k, &o, t, msg, sizeof msg);
        if (rc != CWB_API_OK) {
            ck_assert_msg(msg[0] != '\0', "%s: status %d without a message", what, rc);
            continue;
        }
        ck_assert_msg(out_finite(&o),
                      "%s: overlap %.17g m, dt %g s: a non-finite output (F_n = %g N, "
                      "damping_n = %g N, |F_t| = %g N, torque %g N m) returned as OK",
                      what, k.overlap, k.dt, o.force_n, o.damping_n,
                      hypot(hypot(o.force_t[0], o.force_t[1]), o.force_t[2]), o.torque1[0]);
        if (j % 2 && cwb_api_contact_commit(c, t) == CWB_API_OK)
            d0 = k.overlap;
    }
    cwb_api_trial_free(t);
}

/* The library never replaces the host program's GSL error handler (making
 * a contact of any law of the registry, evaluating it), and never calls it:
 * a failed solve inside a law is a returned status, with GSL's default
 * handler (abort) as with the host's own. */
START_TEST(test_api_host_gsl_handler)
{
    gsl_error_handler_t *before = gsl_set_error_handler(host_handler);
    host_calls = 0;
    unsigned long seed = 2024;
    for (int kind = 0; kind < CWB_API_KIND_COUNT; kind++)
        for (size_t i = 0; i < cwb_api_law_count(kind); i++) {
            const char *law = cwb_api_law_name(kind, i);
            char msg[CWB_MSG];
            cwb_api_contact *c = test_api_law_contact(kind, i, msg, sizeof msg);
            ck_assert_msg(c != NULL, "%s %s: %s", cwb_api_kind_name(kind), law, msg);
            ck_assert_msg(host_handler_installed(),
                          "making a %s %s contact replaced the host's GSL error handler",
                          cwb_api_kind_name(kind), law);
            for (int s = 0; s < TEST_API_PATH_STEPS; s++) {
                cwb_api_kin k;
                cwb_api_out o;
                test_api_path(s, &k);
                ck_assert_msg(cwb_api_contact_step(c, &k, &o, msg, sizeof msg) == CWB_API_OK,
                              "%s %s: %s", cwb_api_kind_name(kind), law, msg);
            }
            hostile_steps(c, law, &seed, 200);
            cwb_api_contact_free(c);
            ck_assert_msg(host_calls == 0, "%s %s: GSL called the host's handler %d times: %s",
                          cwb_api_kind_name(kind), law, host_calls, host_last);
        }
    ck_assert(host_handler_installed());
    gsl_set_error_handler(before);
}
END_TEST

/* Values at and beyond the edges of a parameter's range, and absurd ones;
 * the API refuses those outside it, the rest must make a working contact. */
static size_t edge_values(const cwb_param *p, double *v)
{
    size_t n = 0;
    if (isfinite(p->min)) {
        v[n++] = p->min;
        v[n++] = nextafter(p->min, INFINITY);
        v[n++] = p->min + 1e-9 * fmax(1.0, fabs(p->min));
    }
    if (isfinite(p->max)) {
        v[n++] = p->max;
        v[n++] = nextafter(p->max, -INFINITY);
        v[n++] = p->max - 1e-9 * fmax(1.0, fabs(p->max));
    }
    static const double absurd[] = {0.0, 1e-300, 1e300, -1e300, 1e-30, 1e30};
    for (size_t i = 0; i < sizeof absurd / sizeof *absurd; i++)
        v[n++] = absurd[i];
    return n;
}

/* Bodies at the edges of the case reader's body table ([body1] radius,
 * E > 0, -1 < nu < 0.5, density > 0). */
static size_t edge_bodies(int disc, cwb_api_body *b)
{
    const cwb_api_body m = disc ? test_api_disc : test_api_sphere;
    size_t n = 0;
    const double nu[] = {nextafter(-1.0, 0.0), -0.999, 0.0, 0.499999, nextafter(0.5, 0.0)};
    for (size_t i = 0; i < sizeof nu / sizeof *nu; i++) {
        b[n] = m;
        b[n++].nu = nu[i];
    }
    const double scale[] = {1e-30, 1e-9, 1e9, 1e30};
    for (size_t i = 0; i < sizeof scale / sizeof *scale; i++) {
        b[n] = m;
        b[n++].E *= scale[i];
        b[n] = m;
        b[n++].radius *= scale[i];
        b[n] = m;
        b[n++].density *= scale[i];
    }
    return n;
}

/* Make c's contact (or see it refused), follow the path and hostile
 * kinematics; the host's GSL handler must stay installed and uncalled. */
static void hostile_contact(cwb_api_contact *c, const char *what, unsigned long *seed)
{
    ck_assert_msg(host_handler_installed(), "%s: the host's GSL error handler was replaced", what);
    if (c) {
        for (int s = 0; s < TEST_API_PATH_STEPS; s += 8) {
            cwb_api_kin k;
            cwb_api_out o;
            char msg[CWB_MSG];
            test_api_path(s, &k);
            cwb_api_contact_step(c, &k, &o, msg, sizeof msg);
        }
        hostile_steps(c, what, seed, 10);
        cwb_api_contact_free(c);
    }
    ck_assert_msg(host_calls == 0, "%s: GSL called the host's handler %d times: %s", what,
                  host_calls, host_last);
}

/* Every real parameter of every law at the edges of its range and beyond,
 * and every law on bodies at the edges of theirs: a refusal or a contact,
 * never a call of the host's GSL handler (its default aborts). */
START_TEST(test_api_hostile_parameters)
{
    gsl_error_handler_t *before = gsl_set_error_handler(host_handler);
    host_calls = 0;
    unsigned long seed = 77;
    for (int kind = 0; kind < CWB_API_KIND_COUNT; kind++)
        for (size_t i = 0; i < cwb_api_law_count(kind); i++) {
            const cwb_law_head *h = cwb_law_at((cwb_kind)kind, i);
            for (size_t p = 0; h->params && h->params[p].name; p++) {
                if (h->params[p].kind != CWB_PARAM_REAL)
                    continue;
                double v[16];
                size_t nv = edge_values(&h->params[p], v);
                for (size_t j = 0; j < nv; j++) {
                    char key[96], value[40], what[200], msg[CWB_MSG];
                    /* A restitution below 0.01 costs the Hertz-dashpot
                     * solve (src/laws/viscoelastic.c) seconds of CPU per
                     * contact (15 s at e = 1e-300) before it refuses it:
                     * left out for the CPU budget, not as a pass. */
                    if (kind == CWB_API_DAMPING && strcmp(h->params[p].name, "e") == 0 &&
                        v[j] > 0.0 && v[j] < 0.01)
                        continue;
                    snprintf(key, sizeof key, "%s.%s", cwb_kind_name((cwb_kind)kind),
                             h->params[p].name);
                    snprintf(value, sizeof value, "%.17g", v[j]);
                    snprintf(what, sizeof what, "%s %s = %s", h->name, key, value);
                    hostile_contact(law_contact_with(kind, i, key, value, NULL, msg, sizeof msg),
                                    what, &seed);
                }
            }
            cwb_api_body b[32];
            size_t nb = edge_bodies(!(h->dims & CWB_DIM_3D), b);
            for (size_t j = 0; j < nb; j++) {
                char what[200], msg[CWB_MSG];
                snprintf(what, sizeof what,
                         "%s %s, body1 R = %g m, E = %g Pa, nu = %.17g, "
                         "density = %g kg/m^3",
                         cwb_kind_name((cwb_kind)kind), h->name, b[j].radius, b[j].E, b[j].nu,
                         b[j].density);
                hostile_contact(law_contact_with(kind, i, NULL, NULL, &b[j], msg, sizeof msg), what,
                                &seed);
            }
        }
    gsl_set_error_handler(before);
}
END_TEST

/* The code a contact reaches (src/api, src/contact, src/core, src/laws)
 * never sets GSL's error handler, not even for the span of a call: the
 * handler is one per process, the host program's, and a contact used in
 * one thread would switch it off (or restore a stale one) under another
 * thread. The failed solves come back as statuses without it. */
START_TEST(test_api_no_handler_switch)
{
    static const char *const dirs[] = {"src/api", "src/contact", "src/core", "src/laws"};
    size_t files = 0;
    for (size_t d = 0; d < sizeof dirs / sizeof *dirs; d++) {
        DIR *dir = opendir(dirs[d]);
        ck_assert_msg(dir != NULL, "cannot list %s (run from the repository root)", dirs[d]);
        for (struct dirent *e = readdir(dir); e; e = readdir(dir)) {
            size_t len = strlen(e->d_name);
            if (len < 3 || strcmp(e->d_name + len - 2, ".c") != 0)
                continue;
            char path[512], line[1024];
            snprintf(path, sizeof path, "%s/%s", dirs[d], e->d_name);
            FILE *f = fopen(path, "r");
            ck_assert_msg(f != NULL, "cannot read %s", path);
            for (int no = 1; fgets(line, sizeof line, f); no++)
                ck_assert_msg(!strstr(line, "gsl_set_error_handler"),
                              "%s:%d sets GSL's error handler: %s", path, no, line);
            fclose(f);
            files++;
        }
        closedir(dir);
    }
    ck_assert(files > 40);
}
END_TEST

/* A law casts its CWB_MAX_STATE bytes of history to its own struct of
 * doubles (cwb_law.h), so every buffer that holds one must be aligned for
 * any object type wherever it is placed: the contact's committed states,
 * a trial on the stack or inside another struct, the API's contact and
 * trial. And every law of the registry declares a state that fits. */
START_TEST(test_api_state_buffers)
{
    const size_t align = _Alignof(max_align_t);
    for (int kind = 0; kind < CWB_KIND_COUNT; kind++)
        for (size_t i = 0; i < cwb_law_count((cwb_kind)kind); i++) {
            const cwb_law_head *h = cwb_law_at((cwb_kind)kind, i);
            ck_assert_msg(h->state_size <= CWB_MAX_STATE, "%s %s: state of %zu bytes > %d",
                          cwb_kind_name((cwb_kind)kind), h->name, h->state_size, CWB_MAX_STATE);
        }
    struct {
        char c;
        cwb_contact_trial t;
    } after_char;
    struct {
        char c;
        cwb_contact ct;
    } contact_after_char;
    ck_assert_msg(_Alignof(cwb_contact_trial) >= align, "cwb_contact_trial aligned to %zu < %zu",
                  (size_t) _Alignof(cwb_contact_trial), align);
    for (int k = 0; k < CWB_KIND_COUNT; k++) {
        uintptr_t a = (uintptr_t)after_char.t.state[k];
        uintptr_t b = (uintptr_t)contact_after_char.ct.committed.state[k];
        ck_assert_msg(a % align == 0 && b % align == 0,
                      "state %d at %zu and %zu bytes past a multiple of %zu", k,
                      (size_t)(a % align), (size_t)(b % align), align);
    }
}
END_TEST

/* What a DEM code hands the API each step is checked like a case file's
 * values: non-finite numbers, a normal that is not a unit vector, an
 * overlap at which the centres would meet or pass (R1 + R2, a wall's R = 0)
 * and a negative dt are refused with CWB_API_EINPUT and a message naming
 * the argument, its value and what is allowed, never evaluated into an
 * infinite force. */
static void kin_refused(cwb_api_contact *c, const cwb_api_kin *k, const char *what,
                        const char *allowed)
{
    char msg[CWB_MSG];
    cwb_api_out o;
    cwb_api_trial *t = cwb_api_trial_new();
    int rc = cwb_api_contact_eval(c, k, &o, t, msg, sizeof msg);
    ck_assert_msg(rc == CWB_API_EINPUT, "%s: status %d, F_n = %g N (%s)", what, rc, o.force_n, msg);
    ck_assert_msg(strstr(msg, what) && strstr(msg, allowed), "'%s', '%s' not in: %s", what, allowed,
                  msg);
    ck_assert_int_eq(cwb_api_contact_commit(c, t), CWB_API_EINPUT);
    cwb_api_trial_free(t);
}

START_TEST(test_api_kinematics_refused)
{
    char msg[CWB_MSG];
    cwb_api_contact *c = hertz_mindlin(msg, sizeof msg);
    ck_assert_msg(c != NULL, "%s", msg);
    cwb_api_kin k = kin_at(1e300, 0.0);
    kin_refused(c, &k, "overlap = 1e+300 m", "allowed (-inf, 0.005) m");
    k = kin_at(glass.radius, 0.0);
    kin_refused(c, &k, "overlap = 0.005 m", "allowed (-inf, 0.005) m");
    k = kin_at(NAN, 0.0);
    kin_refused(c, &k, "overlap = nan m", "finite");
    k = kin_at(1e-6, 0.0);
    k.normal[2] = 0.0;
    kin_refused(c, &k, "normal = (0, 0, 0)", "unit vector");
    k.normal[2] = 2.0;
    kin_refused(c, &k, "normal = (0, 0, 2)", "unit vector");
    k.normal[2] = 1.0;
    k.dt = -1e-9;
    kin_refused(c, &k, "dt = -1e-09 s", "allowed [0, inf) s");
    k.dt = 0.0;
    k.v_t[1] = INFINITY;
    kin_refused(c, &k, "v_t = (0, inf, 0)", "finite");
    k.v_t[1] = 0.0;
    k.omega2[0] = NAN;
    kin_refused(c, &k, "omega2 = (nan, 0, 0)", "finite");
    k.omega2[0] = 0.0;
    k.overlap_rate = -INFINITY;
    kin_refused(c, &k, "overlap_rate = -inf m/s", "finite");
    /* inside the range, the contact still works: Hertz at 0.9 R is finite
     * (and the refusals committed nothing) */
    k = kin_at(0.9 * glass.radius, 0.0);
    cwb_api_out o;
    ck_assert_int_eq(cwb_api_contact_step(c, &k, &o, msg, sizeof msg), CWB_API_OK);
    ck_assert(isfinite(o.force_n) && o.force_n > 0.0);
    cwb_api_contact_free(c);
}
END_TEST

START_TEST(test_api_catalogue)
{
    ck_assert_uint_eq(cwb_api_law_count(CWB_API_NORMAL), cwb_law_count(CWB_KIND_NORMAL));
    ck_assert_uint_eq(cwb_api_law_count(7), 0);
    ck_assert_ptr_null(cwb_api_law_name(CWB_API_ROLLING, 1000));
    ck_assert_str_eq(cwb_api_kind_name(CWB_API_DAMPING), "damping");
    ck_assert_ptr_nonnull(cwb_api_law_summary(CWB_API_TANGENTIAL, "mindlin"));
    ck_assert_uint_eq(cwb_api_param_count(CWB_API_DAMPING, "tsuji"), 3);
    cwb_api_param_info info;
    ck_assert_int_eq(cwb_api_param_info_at(CWB_API_DAMPING, "tsuji", 0, &info), CWB_API_OK);
    ck_assert_str_eq(info.name, "e");
    ck_assert_str_eq(info.range, "(0, 1] -");
    ck_assert_int_eq(info.required, 1);
    ck_assert_int_eq(cwb_api_param_info_at(CWB_API_DAMPING, "tsuji", 3, &info), CWB_API_EINPUT);
    ck_assert_str_eq(cwb_api_version(), CWB_VERSION);
}
END_TEST

Suite *api_suite(void)
{
    Suite *s = suite_create("api");
    TCase *tc = test_tcase("api", 30);
    tcase_add_test(tc, test_api_closed_forms);
    tcase_add_test(tc, test_api_contract);
    tcase_add_test(tc, test_api_matches_case);
    tcase_add_test(tc, test_api_errors);
    tcase_add_test(tc, test_api_catalogue);
    tcase_add_test(tc, test_api_every_law);
    tcase_add_test(tc, test_api_force_sign);
    tcase_add_test(tc, test_api_host_gsl_handler);
    tcase_add_test(tc, test_api_hostile_parameters);
    tcase_add_test(tc, test_api_no_handler_switch);
    tcase_add_test(tc, test_api_state_buffers);
    tcase_add_test(tc, test_api_kinematics_refused);
    suite_add_tcase(s, tc);
    return s;
}
