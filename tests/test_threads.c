/* test_threads.c -- contacts used from several threads at once
 * (include/cwb/cwb_api.h: "different contacts may be used from different
 * threads").
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

Suite *threads_suite(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = test_tcase("threads", 60);
    tcase_add_test(tc, test_threads_every_law);
    suite_add_tcase(s, tc);
    return s;
}
