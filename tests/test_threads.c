/* test_threads.c -- contacts, and whole runs, used from several threads at
 * once (include/cwb/cwb_api.h: "different contacts may be used from
 * different threads"; "different calls may run in different threads at
 * once"). The runs' tests are further down: cases through the drivers and
 * their references, the public run API (run, sweep, batch, fit), and GSL's
 * error handler switched off by counted sections.
 *
 * Every law of the registry (test_api_law_contact: each law with companion
 * laws that fit it) is made and stepped along the registry-wide path
 * (test_api_path: touch, load past yield, unload into tension, reload, with
 * turning tangential increments and spin) by THREADS threads at once, each
 * making and stepping its own contacts of every law, then in this thread
 * alone. A law's evaluation is a pure function of its contact's
 * parameters, committed history and the kinematics, so every thread must
 * reproduce the single-threaded outputs bit for bit; a law that kept
 * mutable state shared between contacts (a table made on first use, a
 * switched global) could differ, and would be a data race.
 *
 * The comparison can fail by chance only; `make tsan` runs this suite under
 * ThreadSanitizer, which reports such a race whenever the accesses happen,
 * whatever their outcome.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>

#include "cwb_gsl.h"
#include "cwb_test.h"

#define THREADS 4

typedef struct {
    cwb_api_out *out; /* [laws * TEST_API_PATH_STEPS] */
    size_t laws;
    int failed_law; /* -1, or the first law whose contact or step failed */
    char msg[CWB_MSG];
} thread_run;

static size_t all_laws(void)
{
    size_t n = 0;
    for (int kind = 0; kind < CWB_API_KIND_COUNT; kind++)
        n += cwb_api_law_count(kind);
    return n;
}

/* Every law of every kind along the path, outputs into r->out. No Check
 * assertion here: they may only be made from the test's own thread. */
static void *run_every_law(void *arg)
{
    thread_run *r = arg;
    size_t law = 0;
    r->failed_law = -1;
    for (int kind = 0; kind < CWB_API_KIND_COUNT; kind++)
        for (size_t i = 0; i < cwb_api_law_count(kind); i++, law++) {
            cwb_api_contact *c = test_api_law_contact(kind, i, r->msg, sizeof r->msg);
            for (int s = 0; c && s < TEST_API_PATH_STEPS; s++) {
                cwb_api_kin k;
                test_api_path(s, &k);
                if (cwb_api_contact_step(c, &k, &r->out[law * TEST_API_PATH_STEPS + s], r->msg,
                                         sizeof r->msg) != CWB_API_OK) {
                    cwb_api_contact_free(c);
                    c = NULL;
                }
            }
            if (!c) {
                r->failed_law = (int)law;
                return NULL;
            }
            cwb_api_contact_free(c);
        }
    return NULL;
}

static const char *law_name(size_t law)
{
    for (int kind = 0; kind < CWB_API_KIND_COUNT; kind++) {
        if (law < cwb_api_law_count(kind))
            return cwb_api_law_name(kind, law);
        law -= cwb_api_law_count(kind);
    }
    return "?";
}

static thread_run *run_new(size_t laws)
{
    thread_run *r = calloc(1, sizeof *r);
    ck_assert_ptr_nonnull(r);
    r->laws = laws;
    r->out = calloc(laws * TEST_API_PATH_STEPS, sizeof *r->out);
    ck_assert_ptr_nonnull(r->out);
    return r;
}

static void run_free(thread_run *r)
{
    free(r->out);
    free(r);
}

START_TEST(test_threads_every_law)
{
    /* The threads first, in a process that has evaluated no law yet: state
     * a law would set up on first use is then set up by racing threads. */
    const size_t laws = all_laws();
    thread_run *ref = run_new(laws), *runs[THREADS];
    pthread_t tid[THREADS];
    for (int t = 0; t < THREADS; t++) {
        runs[t] = run_new(laws);
        ck_assert_int_eq(pthread_create(&tid[t], NULL, run_every_law, runs[t]), 0);
    }
    for (int t = 0; t < THREADS; t++)
        ck_assert_int_eq(pthread_join(tid[t], NULL), 0);
    run_every_law(ref);
    ck_assert_msg(ref->failed_law < 0, "%s: %s", law_name((size_t)ref->failed_law), ref->msg);
    for (int t = 0; t < THREADS; t++) {
        thread_run *r = runs[t];
        ck_assert_msg(r->failed_law < 0, "thread %d, %s: %s", t, law_name((size_t)r->failed_law),
                      r->msg);
        /* cwb_api_out is written whole (padding zeroed) by every step */
        for (size_t law = 0; law < laws; law++)
            for (int s = 0; s < TEST_API_PATH_STEPS; s++) {
                size_t j = law * TEST_API_PATH_STEPS + (size_t)s;
                ck_assert_msg(memcmp(&r->out[j], &ref->out[j], sizeof r->out[j]) == 0,
                              "thread %d, %s, step %d: F_n = %.17g N, alone %.17g N", t,
                              law_name(law), s, r->out[j].force_n, ref->out[j].force_n);
            }
        run_free(r);
    }
    run_free(ref);
}
END_TEST

/* --- whole runs from several threads --------------------------------------
 *
 * Cases that read reference curves (compared and also_references: the
 * reference cache of src/drivers/run.c), case files (the file cache of
 * src/io/ini.c) and integrate with GSL's quadrature (the profile driver),
 * each run by THREADS threads at once in a different order, so that every
 * cache is read and replaced by racing threads; then alone. A run is a
 * function of its case, so every thread must reproduce the lone run's
 * scalars and series bit for bit. */
static const char *const run_cases[] = {
    "cases/chung_ooi_1_glass.case",                                /* collision, reference */
    "cases/linear_spring_impact.case", "cases/seed004_fig3b.case", /* profile driver: GSL QAGS */
    "cases/seed000_fig12.case", /* reference and also_reference */
};
#define RUN_CASES  (sizeof run_cases / sizeof *run_cases)
#define RUN_ROUNDS 3

typedef struct {
    int first; /* the case this thread starts with */
    cwb_result res[RUN_CASES];
    int rc[RUN_CASES];
    char msg[CWB_MSG];
} case_runs;

static void *run_cases_from(void *arg)
{
    case_runs *cr = arg;
    cwb_case *c = cwb_case_new();
    for (size_t round = 0; c && round < RUN_ROUNDS; round++)
        for (size_t k = 0; k < RUN_CASES; k++) {
            size_t i = (k + (size_t)cr->first) % RUN_CASES;
            if (round)
                cwb_result_free(&cr->res[i]);
            cr->rc[i] = cwb_case_load(c, run_cases[i], NULL, 0, cr->msg, sizeof cr->msg);
            if (cr->rc[i] == CWB_OK)
                cr->rc[i] = cwb_run_case(c, &cr->res[i], cr->msg, sizeof cr->msg);
            else
                cwb_result_init(&cr->res[i]);
        }
    free(c);
    return NULL;
}

/* a and b the same scalars and series, bit for bit. */
static void same_result(const cwb_result *a, const cwb_result *b, const char *what, int t)
{
    ck_assert_msg(a->nscalar == b->nscalar, "%s, thread %d: %zu scalars, alone %zu", what, t,
                  a->nscalar, b->nscalar);
    for (size_t i = 0; i < a->nscalar; i++)
        ck_assert_msg(strcmp(a->scalar[i].name, b->scalar[i].name) == 0 &&
                          memcmp(&a->scalar[i].value, &b->scalar[i].value, sizeof(double)) == 0,
                      "%s, thread %d: %s = %.17g, alone %s = %.17g", what, t, a->scalar[i].name,
                      a->scalar[i].value, b->scalar[i].name, b->scalar[i].value);
    ck_assert_msg(a->series.ncol == b->series.ncol && a->series.nrow == b->series.nrow,
                  "%s, thread %d: series %zux%zu, alone %zux%zu", what, t, a->series.nrow,
                  a->series.ncol, b->series.nrow, b->series.ncol);
    for (size_t j = 0; j < a->series.ncol; j++)
        ck_assert_msg(
            memcmp(a->series.col[j].v, b->series.col[j].v, a->series.nrow * sizeof(double)) == 0,
            "%s, thread %d: column %s differs", what, t, a->series.col[j].name);
}

START_TEST(test_threads_runs)
{
    case_runs *alone = calloc(1, sizeof *alone), *runs[THREADS];
    ck_assert_ptr_nonnull(alone);
    pthread_t tid[THREADS];
    for (int t = 0; t < THREADS; t++) {
        runs[t] = calloc(1, sizeof *runs[t]);
        ck_assert_ptr_nonnull(runs[t]);
        runs[t]->first = t;
        ck_assert_int_eq(pthread_create(&tid[t], NULL, run_cases_from, runs[t]), 0);
    }
    for (int t = 0; t < THREADS; t++)
        ck_assert_int_eq(pthread_join(tid[t], NULL), 0);
    run_cases_from(alone);
    for (size_t i = 0; i < RUN_CASES; i++)
        ck_assert_msg(alone->rc[i] == CWB_OK, "%s: %s", run_cases[i], alone->msg);
    for (int t = 0; t < THREADS; t++) {
        for (size_t i = 0; i < RUN_CASES; i++) {
            ck_assert_msg(runs[t]->rc[i] == CWB_OK, "%s, thread %d: %s", run_cases[i], t,
                          runs[t]->msg);
            same_result(&runs[t]->res[i], &alone->res[i], run_cases[i], t);
            cwb_result_free(&runs[t]->res[i]);
        }
        free(runs[t]);
    }
    for (size_t i = 0; i < RUN_CASES; i++)
        cwb_result_free(&alone->res[i]);
    free(alone);
}
END_TEST

/* --- the public run API from several threads -------------------------------
 *
 * What a Python thread pool does: runs, sweeps, batches and fits of
 * different cases at once through include/cwb/cwb_api.h, each thread
 * starting with another, then each call alone. Every scalar and every cell
 * of the table must be the lone call's, bit for bit. */
enum { API_RUN, API_SWEEP, API_BATCH, API_FIT, API_CALLS };

static cwb_api_result *api_call(int which, char *msg, size_t n)
{
    static const char *const key = "driver.v_normal", *const values[] = {"1", "3", "10"};
    static const char *const set = "tangential.mu=0.2";
    cwb_api_result *r = NULL;
    int rc = CWB_API_EFAIL;
    if (which == API_RUN)
        rc = cwb_api_run("cases/seed000_fig12.case", NULL, 0, &r, msg, n);
    else if (which == API_SWEEP)
        rc = cwb_api_sweep("cases/chung_ooi_4_al_oxide.case", &set, 1,
                           "driver.impact_angle_deg=10:80:3", NULL, NULL, &r, msg, n);
    else if (which == API_BATCH)
        rc = cwb_api_batch("cases/chung_ooi_1_glass.case", NULL, 0, &key, 1, values, 3, NULL, NULL,
                           NULL, &r, msg, n);
    else
        rc = cwb_api_fit("examples/damping_for_restitution.fit", NULL, NULL, NULL, &r, msg, n);
    return rc == CWB_API_OK ? r : NULL;
}

typedef struct {
    int first;
    cwb_api_result *res[API_CALLS];
    char msg[CWB_MSG];
} api_calls;

static void *api_calls_from(void *arg)
{
    api_calls *a = arg;
    for (int k = 0; k < API_CALLS; k++) {
        int which = (k + a->first) % API_CALLS;
        a->res[which] = api_call(which, a->msg, sizeof a->msg);
        if (!a->res[which])
            break;
    }
    return NULL;
}

static int same_double(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

static void same_api_result(const cwb_api_result *a, const cwb_api_result *b, int which, int t)
{
    ck_assert_int_eq(cwb_api_result_scalar_count(a), cwb_api_result_scalar_count(b));
    for (size_t i = 0; i < cwb_api_result_scalar_count(a); i++)
        ck_assert_msg(same_double(cwb_api_result_scalar(a, i), cwb_api_result_scalar(b, i)),
                      "call %d, thread %d: %s = %.17g, alone %.17g", which, t,
                      cwb_api_result_scalar_name(a, i), cwb_api_result_scalar(a, i),
                      cwb_api_result_scalar(b, i));
    size_t rows = cwb_api_result_rows(a);
    ck_assert_int_eq(rows, cwb_api_result_rows(b));
    ck_assert_int_eq(cwb_api_result_column_count(a), cwb_api_result_column_count(b));
    for (size_t j = 0; j < cwb_api_result_column_count(a); j++)
        ck_assert_msg(memcmp(cwb_api_result_column(a, j), cwb_api_result_column(b, j),
                             rows * sizeof(double)) == 0,
                      "call %d, thread %d: column %s differs", which, t,
                      cwb_api_result_column_name(a, j));
}

START_TEST(test_threads_run_api)
{
    api_calls *alone = calloc(1, sizeof *alone), *runs[THREADS];
    ck_assert_ptr_nonnull(alone);
    pthread_t tid[THREADS];
    for (int t = 0; t < THREADS; t++) {
        runs[t] = calloc(1, sizeof *runs[t]);
        ck_assert_ptr_nonnull(runs[t]);
        runs[t]->first = t;
        ck_assert_int_eq(pthread_create(&tid[t], NULL, api_calls_from, runs[t]), 0);
    }
    for (int t = 0; t < THREADS; t++)
        ck_assert_int_eq(pthread_join(tid[t], NULL), 0);
    api_calls_from(alone);
    for (int k = 0; k < API_CALLS; k++)
        ck_assert_msg(alone->res[k] != NULL, "call %d: %s", k, alone->msg);
    for (int t = 0; t < THREADS; t++) {
        for (int k = 0; k < API_CALLS; k++) {
            ck_assert_msg(runs[t]->res[k] != NULL, "call %d, thread %d: %s", k, t, runs[t]->msg);
            same_api_result(runs[t]->res[k], alone->res[k], k, t);
            cwb_api_result_free(runs[t]->res[k]);
        }
        free(runs[t]);
    }
    for (int k = 0; k < API_CALLS; k++)
        cwb_api_result_free(alone->res[k]);
    free(alone);
}
END_TEST

/* --- GSL's error handler, one per process ------------------------------------
 *
 * Code that calls GSL inside the library opens a quiet section
 * (cwb_gsl.h). The program's handler (here one that counts) must not
 * be called for an error inside any open section, and must be back once
 * the last one closes. The interleaving is that of two threads whose
 * sections overlap: A opens, B opens, A closes while B is still inside. A
 * save-and-restore around each call restored the program's handler at A's
 * close, and B's next error reached it (with GSL's default handler: an
 * abort). */
static int gsl_errors;

static double constant_one(double x, void *params)
{
    (void)x, (void)params;
    return 1.0;
}

static void count_gsl_error(const char *reason, const char *file, int line, int gsl_errno)
{
    (void)reason, (void)file, (void)line, (void)gsl_errno;
    gsl_errors++;
}

/* A GSL call that reports through the handler: QAGS asked for a tolerance
 * it refuses (epsabs = 0 and epsrel below 50 DBL_EPSILON: GSL_EBADTOL). */
static int gsl_refusal(void)
{
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(4);
    gsl_function f = {.function = constant_one, .params = NULL};
    double value, err;
    int rc = gsl_integration_qags(&f, 0.0, 1.0, 0.0, 0.0, 4, w, &value, &err);
    gsl_integration_workspace_free(w);
    return rc;
}

START_TEST(test_threads_gsl_quiet_sections)
{
    gsl_error_handler_t *program = gsl_set_error_handler(count_gsl_error);
    gsl_errors = 0;
    ck_assert_int_eq(gsl_refusal(), GSL_EBADTOL);
    ck_assert_int_eq(gsl_errors, 1); /* the handler is reached outside a section */
    cwb_gsl_quiet_begin();           /* A */
    cwb_gsl_quiet_begin();           /* B */
    cwb_gsl_quiet_end();             /* A leaves, B is still inside */
    ck_assert_int_eq(gsl_refusal(), GSL_EBADTOL);
    ck_assert_msg(gsl_errors == 1, "an error inside B's section reached the program's handler");
    cwb_gsl_quiet_end(); /* B leaves */
    ck_assert_int_eq(gsl_refusal(), GSL_EBADTOL);
    ck_assert_msg(gsl_errors == 2, "the program's handler is not back after the last section");
    cwb_gsl_quiet_end(); /* one end too many changes nothing */
    ck_assert_int_eq(gsl_refusal(), GSL_EBADTOL);
    ck_assert_int_eq(gsl_errors, 3);
    gsl_set_error_handler(program);
}
END_TEST

Suite *threads_suite(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = test_tcase("threads", 60);
    tcase_add_test(tc, test_threads_every_law);
    tcase_add_test(tc, test_threads_runs);
    tcase_add_test(tc, test_threads_gsl_quiet_sections);
    tcase_add_test(tc, test_threads_run_api);
    suite_add_tcase(s, tc);
    return s;
}
