/* cwb_init.h -- `cwb init DRIVER [--normal LAW] [--tangential LAW]
 * [--damping LAW] [--rolling LAW] [--out FILE] [--force]`: a commented case
 * file that runs, written from the tables the case reader validates against
 * (every section of cwb_case_sections, every key of the driver and of the
 * chosen laws with its unit, range, default and meaning). */
#ifndef CWB_INIT_H
#define CWB_INIT_H

#include <stddef.h>

/* Run `cwb init` on argv[2..]: the case on stdout, or written atomically to
 * --out FILE (an existing FILE is refused without --force). Returns CWB_OK,
 * CWB_EINPUT with msg (an unknown driver or law, laws that do not go
 * together or with the driver: the case would not load), or CWB_EFAIL (the
 * file could not be written). */
int cwb_init_command(int argc, char **argv, char *msg, size_t n);

#endif /* CWB_INIT_H */
