/* fuzz_main.c -- main() of every harness in fuzz/ (usage: HARNESS FILE).
 *
 * Under afl-cc it loops in AFL++ persistent mode: afl-fuzz rewrites FILE
 * (its @@) before each round and the process lives on, which is some ten
 * times faster than a fork per input. Under a plain compiler, or started
 * by hand, it reads FILE once: that is how a saved crash is replayed. */
#include <stdio.h>

#include <gsl/gsl_errno.h>

#include "cwb.h"
#include "fuzz.h"

#ifdef __clang__
/* afl-cc's __AFL_LOOP is a GNU statement expression; -pedantic names it. */
#pragma clang diagnostic ignored "-Wgnu-statement-expression"
#endif

#ifndef __AFL_LOOP
/* Not built by afl-cc: one round. */
static int first_round(void)
{
    static int done;
    return done ? 0 : (done = 1);
}
#define __AFL_LOOP(rounds) first_round()
#endif

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    /* As src/cli/main.c and tests/check_main.c do: libcwb checks GSL's
     * statuses itself, and GSL's default handler would abort instead. */
    gsl_set_error_handler_off();
    char msg[CWB_MSG];
    while (__AFL_LOOP(10000)) {
        msg[0] = '\0';
        int rc = fuzz_one(argv[1], msg, sizeof msg);
        /* afl-fuzz sends this to /dev/null; by hand it says what was refused. */
        fprintf(stderr, "status %d%s%s\n", rc, msg[0] ? ": " : "", msg);
    }
    return 0;
}
