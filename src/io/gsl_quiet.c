/* gsl_quiet.c -- GSL's error handler switched off for the span of GSL
 * calls that report through it, counted across threads (cwb_gsl.h). Not in
 * core/: the code a contact reaches never touches the handler
 * (tests/test_api.c). */
#include <pthread.h>

#include <gsl/gsl_errno.h>

#include "cwb_gsl.h"

static pthread_mutex_t quiet_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t quiet_depth;              /* sections open, in every thread */
static gsl_error_handler_t *quiet_kept; /* the program's handler meanwhile */

void cwb_gsl_quiet_begin(void)
{
    pthread_mutex_lock(&quiet_lock);
    if (quiet_depth++ == 0)
        quiet_kept = gsl_set_error_handler_off();
    pthread_mutex_unlock(&quiet_lock);
}

void cwb_gsl_quiet_end(void)
{
    pthread_mutex_lock(&quiet_lock);
    if (quiet_depth > 0 && --quiet_depth == 0)
        gsl_set_error_handler(quiet_kept);
    pthread_mutex_unlock(&quiet_lock);
}
