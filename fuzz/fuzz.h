/* fuzz.h -- what every AFL++ harness in fuzz/ provides to fuzz_main.c.
 *
 * A harness reads one input file with one of cwb's readers, validates it
 * and frees everything: it runs no driver or solver and writes no file. */
#ifndef CWB_FUZZ_H
#define CWB_FUZZ_H

#include <stddef.h>

/* Read and validate path; returns the reader's status, msg its message.
 * Called many times in one process (AFL++ persistent mode): it must leave
 * no state behind. */
int fuzz_one(const char *path, char *msg, size_t n);

#endif /* CWB_FUZZ_H */
