/* fuzz_fit.c -- AFL++ harness for the fit-case reader: read_fit_case in
 * src/fit/fit.c (the one INI reader bound to the [fit] table), then the
 * model lookup, as cwb_fit does before it fits anything. Nothing is fitted
 * or run.
 *
 * Both are static in src/fit/fit.c, so the harness compiles that file in
 * (a copy of the table would drift from what ships); libcwb.a's fit.o is
 * then not linked. Seeds: cases/ *.fit (fuzz/run.sh). */
#include "../src/fit/fit.c"

#include "fuzz.h"

int fuzz_one(const char *path, char *msg, size_t n)
{
    static cwb_fit_case fc; /* a parameter table's values: not for the stack */
    int rc = read_fit_case(path, &fc, msg, n);
    const cwb_fit_model *m;
    if (rc == CWB_OK)
        rc = find_model(&fc, &m, msg, n);
    return rc;
}
