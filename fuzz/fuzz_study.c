/* fuzz_study.c -- AFL++ harness for the FEM study reader,
 * cwb_fem_study_load (src/fem/study.c: the one INI reader bound to the
 * model's sections, then the model's own checks). Neither gmsh nor
 * CalculiX runs; nothing is written. Seeds: reference/fem/studies/ *.study
 * (fuzz/run.sh). */
#include "cwb_fem.h"

#include "fuzz.h"

int fuzz_one(const char *path, char *msg, size_t n)
{
    cwb_fem_study *s = NULL;
    int rc = cwb_fem_study_load(&s, path, msg, n);
    if (s)
        cwb_fem_study_free(s);
    return rc;
}
