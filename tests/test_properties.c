/* test_properties.c -- invariants that must hold on ANY history, checked on
 * random ones (seeded, bounded): every registered 3D law is driven through
 * random piecewise-linear histories by the history driver, and every row
 * must be finite, carry F_n >= 0 and |F_t| <= mu F_n, and book slip and
 * normal dissipation that never decrease. The reference is the physics of
 * a passive contact (no law may create energy, DESIGN.md "Trust and
 * safety"), not any number of cwb's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_test.h"

#define HISTORIES 12      /* random histories per law */
#define SEGMENTS 6        /* targets per history */

/* Numerical Recipes' 32-bit LCG: the same histories on every machine. */
static double uniform(unsigned long *s)
{
    *s = (1664525UL * *s + 1013904223UL) & 0xffffffffUL;
    return (double)*s / 4294967296.0;
}

/* "driver.normal=a,b,..." with n random values in [lo, hi]. */
static void random_list(char *buf, size_t n, const char *key, double lo, double hi,
                        unsigned long *seed)
{
    size_t used = (size_t)snprintf(buf, n, "driver.%s=", key);
    for (int i = 0; i < SEGMENTS && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%.6g", i ? "," : "",
                                 lo + (hi - lo) * uniform(seed));
}

/* Round-off allowance for a sum of work increments of size `scale`. */
static double allowance(double scale)
{
    return 1e-9 * scale + 1e-30;
}

static void check_rows(const cwb_result *r, const char *law, double mu)
{
    const cwb_series *s = &r->series;
    int jn = cwb_series_find(s, "F_n"), jt = cwb_series_find(s, "F_t");
    int jty = cwb_series_find(s, "F_ty"), jd = cwb_series_find(s, "D_slip");
    ck_assert(jn >= 0 && jt >= 0 && jty >= 0 && jd >= 0);
    double fmax = 0.0;
    for (size_t i = 0; i < s->nrow; i++)
        fmax = fmax > s->col[jn].v[i] ? fmax : s->col[jn].v[i];
    for (size_t i = 0; i < s->nrow; i++) {
        for (size_t c = 0; c < s->ncol; c++)
            ck_assert_msg(isfinite(s->col[c].v[i]), "%s: row %zu column %s is %g", law, i,
                          s->col[c].name, s->col[c].v[i]);
        double fn = s->col[jn].v[i], ft = hypot(s->col[jt].v[i], s->col[jty].v[i]);
        ck_assert_msg(fn >= 0.0, "%s: row %zu F_n = %g < 0 (tension)", law, i, fn);
        if (mu >= 0.0)
            ck_assert_msg(ft <= mu * fn * (1.0 + 1e-9) + 1e-12 * fmax,
                          "%s: row %zu |F_t| = %.10g > mu F_n = %.10g", law, i, ft, mu * fn);
        if (i > 0)
            ck_assert_msg(s->col[jd].v[i] >= s->col[jd].v[i - 1] - allowance(fmax * 1e-3),
                          "%s: row %zu slip dissipation fell from %.10g to %.10g", law, i,
                          s->col[jd].v[i - 1], s->col[jd].v[i]);
    }
}

/* W_n - E_n (work done on the contact less the energy it stores) is what
 * the normal law has dissipated so far: it may never fall, or the law has
 * given back energy it never received. */
static void check_normal_dissipation(const cwb_result *r, const char *law)
{
    const cwb_series *s = &r->series;
    int jw = cwb_series_find(s, "W_n"), je = cwb_series_find(s, "E_n");
    ck_assert(jw >= 0 && je >= 0);
    double wmax = 0.0, prev = 0.0;
    for (size_t i = 0; i < s->nrow; i++)
        wmax = fmax(wmax, fabs(s->col[jw].v[i]));
    for (size_t i = 0; i < s->nrow; i++) {
        double d = s->col[jw].v[i] - s->col[je].v[i];
        ck_assert_msg(d >= prev - 1e-6 * wmax, "%s: row %zu normal dissipation fell from %.10g "
                      "to %.10g J (largest work %.3g J)", law, i, prev, d, wmax);
        prev = fmax(prev, d);
    }
}

/* The plastic test material (sphere on a flat) with extra keys per law. */
static const struct {
    const char *name;
    const char *keys[3];
} normal_keys[] = {
    {"vu_quoc", {"normal.Ca=2.19e-4", "normal.Kc=129", NULL}},
    {"brake", {"normal.p0=140e6", NULL}},
    {"linear", {"normal.kn=1e5", NULL}},
};

static size_t add_law_keys(const char *law, const char **over, size_t k)
{
    for (size_t i = 0; i < sizeof normal_keys / sizeof *normal_keys; i++)
        if (strcmp(normal_keys[i].name, law) == 0)
            for (size_t j = 0; normal_keys[i].keys[j]; j++)
                over[k++] = normal_keys[i].keys[j];
    return k;
}

/* Every 3D normal law: random overlaps up to ~30 yield overlaps of the
 * test material (delta_y ~ 1e-7 m) and, every other history, up to ~4
 * (where unloading from just past yield shows a law returning energy). */
START_TEST(random_normal_histories)
{
    const cwb_law_head *h = cwb_law_at(CWB_KIND_NORMAL, (size_t)_i);
    if (!(h->dims & CWB_DIM_3D) || strcmp(h->name, "none") == 0)
        return;
    unsigned long seed = 12345 + (unsigned long)_i;
    for (int k = 0; k < HISTORIES; k++) {
        char law[64], normal[512];
        snprintf(law, sizeof law, "contact.normal=%s", h->name);
        random_list(normal, sizeof normal, "normal", 0.0, k % 2 ? 4e-7 : 3e-6, &seed);
        const char *over[8] = {law, normal, "driver.steps=20"};
        size_t n = 3;
        if (cwb_param_index(h->params, "sigma_y") >= 0)
            over[n++] = "normal.sigma_y=50e6";
        n = add_law_keys(h->name, over, n);
        cwb_result r;
        cwb_result_init(&r);
        test_run("tests/data/property_sphere_flat.case", over, n, &r);
        check_rows(&r, h->name, -1.0);
        check_normal_dissipation(&r, h->name);
        cwb_result_free(&r);
    }
}
END_TEST

/* Every 3D tangential law with Hertz: random overlaps and tangential
 * displacements together (N and xi_t changing at once, the path on which
 * stiffness-following laws can create energy). */
START_TEST(random_tangential_histories)
{
    const cwb_law_head *h = cwb_law_at(CWB_KIND_TANGENTIAL, (size_t)_i);
    if (!(h->dims & CWB_DIM_3D) || strcmp(h->name, "none") == 0)
        return;
    unsigned long seed = 777 + (unsigned long)_i;
    for (int k = 0; k < HISTORIES; k++) {
        char law[64], normal[512], tang[512];
        snprintf(law, sizeof law, "contact.tangential=%s", h->name);
        random_list(normal, sizeof normal, "normal", 2e-7, 2e-6, &seed);
        random_list(tang, sizeof tang, "tangential", -2e-6, 2e-6, &seed);
        const char *over[] = {law, normal, tang, "tangential.mu=0.3", "driver.steps=20"};
        cwb_result r;
        cwb_result_init(&r);
        test_run("tests/data/history_md.case", over, sizeof over / sizeof *over, &r);
        check_rows(&r, h->name, 0.3);
        cwb_result_free(&r);
    }
}
END_TEST

Suite *properties_suite(void)
{
    Suite *s = suite_create("properties");
    TCase *tc = tcase_create("properties");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, random_normal_histories, 0,
                        (int)cwb_law_count(CWB_KIND_NORMAL));
    tcase_add_loop_test(tc, random_tangential_histories, 0,
                        (int)cwb_law_count(CWB_KIND_TANGENTIAL));
    suite_add_tcase(s, tc);
    return s;
}
