/* fuzz_study.c -- AFL++ harness for the FEM study reader: study_load in
 * src/fem/study.c (the one INI reader bound to [study], [body], [mesh],
 * [vary], [load], [contact], then the name and E/E_plane checks). Neither
 * gmsh nor CalculiX runs; nothing is written.
 *
 * study_load is static, so the harness compiles src/fem/study.c in;
 * libcwb.a's study.o is then not linked. Seeds: reference/fem/studies/
 * *.study (fuzz/run.sh). */
#include "../src/fem/study.c"

#include "fuzz.h"

int fuzz_one(const char *path, char *msg, size_t n)
{
    static study_file s; /* six parameter tables' values: not for the stack */
    return study_load(&s, path, msg, n);
}
