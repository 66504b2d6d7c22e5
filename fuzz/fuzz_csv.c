/* fuzz_csv.c -- AFL++ harness for the reference-CSV reader
 * (cwb_reference_load, src/io/compare.c): '#' provenance lines, one
 * "name[unit]" header row, rows of finite numbers. The column lookup is
 * exercised too. Seeds: small CSVs under reference/ (fuzz/run.sh). */
#include <stdlib.h>

#include "cwb_out.h"
#include "fuzz.h"

int fuzz_one(const char *path, char *msg, size_t n)
{
    static cwb_reference ref; /* 40 columns of names and units: not for the stack */
    int rc = cwb_reference_load(&ref, path, msg, n);
    if (rc != CWB_OK)
        return rc;
    /* Every column must be found under its own name. */
    for (size_t i = 0; i < ref.ncol; i++)
        if (cwb_reference_find(&ref, ref.name[i]) < 0)
            abort();
    cwb_reference_free(&ref);
    return rc;
}
