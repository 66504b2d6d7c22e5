/* fuzz_fit.c -- AFL++ harness for the fit-case reader: the one INI reader
 * (src/io/ini.c) bound to the [fit] table (cwb_ini_read + cwb_ini_bind), as
 * cwb_fit does before it fits anything. Nothing is fitted or run.
 *
 * The table is static in src/fit/fit.c, so the harness compiles that file
 * in (a copy of the table would drift from what ships); libcwb.a's fit.o is
 * then not linked. Seeds: cases/ *.fit (fuzz/run.sh). */
#include "../src/fit/fit.c"

#include "fuzz.h"

int fuzz_one(const char *path, char *msg, size_t n)
{
    static fit_file ff; /* a parameter table's values: not for the stack */
    ff = (fit_file){.path = path};
    cwb_values_init(&ff.v, fit_params);
    cwb_ini ini;
    int rc = cwb_ini_read(&ini, path, "fit-case", msg, n);
    if (rc != CWB_OK)
        return rc;
    cwb_ini_binding b = {"fit", &ff.v};
    rc = cwb_ini_bind(&ini, &b, 1, msg, n);
    cwb_ini_free(&ini);
    return rc;
}
