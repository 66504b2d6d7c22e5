/* fuzz_case.c -- AFL++ harness for the case-file reader: cwb_case_load
 * (src/drivers/case.c) over the one INI reader (src/io/ini.c), with every law's,
 * body's, driver's, output and sweep table and the drivers' checks.
 * Nothing runs. Seeds: cases/ *.case (fuzz/run.sh). */
#include "cwb_run.h"
#include "fuzz.h"

int fuzz_one(const char *path, char *msg, size_t n)
{
    /* One case for every round: cwb_case_load clears it first, and a fresh
     * 700 KiB allocation per round (fresh pages under ASan) would take most
     * of the time. */
    static cwb_case *c;
    if (!c && !(c = cwb_case_new()))
        return CWB_EFAIL;
    return cwb_case_load(c, path, NULL, 0, msg, n);
}
