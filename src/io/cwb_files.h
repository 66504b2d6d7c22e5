/* cwb_files.h -- files and processes, the only way cwb touches either.
 *
 * Two rules of cwb's trust in its files live here, so that no other file
 * has to get them right again:
 *   - no shell, ever: a tool is started with fork/exec and an argument
 *     vector, so no file name, title or folder can become a command;
 *   - no lost results: an output is written under a temporary name in the
 *     same folder and renamed over the final name only once every byte is
 *     written and flushed, so a crash, a signal or a full disk leaves the
 *     earlier result intact and never a truncated file that looks complete.
 */
#ifndef CWB_FILES_H
#define CWB_FILES_H

#include <stdio.h>

#include "cwb.h"

/* An output being written: cwb_output_open() creates path's temporary twin
 * ("DIR/.NAME.XXXXXX"); cwb_output_commit() checks every write, closes and
 * renames it over path (or, when path is a regular file that differs only
 * in its record's commit and date lines and its "# made:" line, removes it
 * and keeps path, with its time set to now); cwb_output_abort() removes it. Either of the two
 * ends it; both are safe on an output that failed to open. While it is
 * open, the temporary's name is in a registry cwb_output_remove_temporaries
 * reads. */
typedef struct {
    FILE *f;
    char path[CWB_TEXT + 64];
    char tmp[CWB_TEXT + 80];
    int slot; /* in the registry of temporaries (-1: none) */
} cwb_output;

int cwb_output_open(cwb_output *o, const char *path, char *msg, size_t n);

/* The command's inputs (case, fit and reference files, traces, tables:
 * whatever passed cwb_regular_file), by device and inode, so that
 * cwb_output_open refuses (CWB_EINPUT) to write over one however its path
 * is spelt: `cwb run x.case --out .` with `reference = x.csv` beside it
 * replaced the reference with its own output, and the next run compared
 * itself with itself. Off until cwb_inputs_guard() (the command line turns
 * it on; a program embedding libcwb keeps its own files). */
void cwb_inputs_guard(void);
void cwb_input_note(const char *path);
/* 1 when path is one of those inputs (never removed as a stale output). */
int cwb_is_input(const char *path);
/* An output whose bytes are discarded (written to /dev/null), for a writer
 * run only for what it computes (the library's fit, in memory): commit
 * checks the writes and keeps no file; name is its path in messages. */
int cwb_output_discard(cwb_output *o, const char *name, char *msg, size_t n);
int cwb_output_commit(cwb_output *o, char *msg, size_t n);
/* Every byte written and on disk, the file still open and unnamed: for a
 * caller that must know all its outputs are sound before renaming any. */
int cwb_output_flush(cwb_output *o, char *msg, size_t n);
void cwb_output_abort(cwb_output *o);
/* Give the output its name only when no file has that name: a hard link
 * (never a rename, which would replace a file another process made in the
 * meantime), then the temporary name removed. On success *fd is a new
 * descriptor of the file now named path (its open file description, and
 * so a flock() taken on fileno(o->f), shared), the stream closed. When
 * path exists, *exists is set, the temporary removed and CWB_OK returned
 * with *fd = -1. On a file system without hard links, a rename when path is
 * absent a moment before. */
int cwb_output_publish_new(cwb_output *o, int *fd, int *exists, char *msg, size_t n);

/* Unlink every temporary this process has open (cwb_output_open and not
 * yet committed or aborted); async-signal-safe, for a handler of a signal
 * that ends the process (src/cli/main.c), so that a SIGTERM in the middle of
 * a write leaves no ".NAME.XXXXXX" behind. A forked child's handler leaves
 * its parent's temporaries alone. */
void cwb_output_remove_temporaries(void);

/* mkdir -p, without a shell. CWB_OK, or CWB_EFAIL naming the folder. */
int cwb_make_dirs(const char *path, char *msg, size_t n);

/* Start argv[0] (looked up on PATH) with argv, in folder cwd (NULL: here),
 * its standard output and error to the file log (NULL: both discarded),
 * no standard input, and wait for it. Returns its exit status (0..255),
 * 127 when it could not be started, or -1 when it died of a signal. */
int cwb_spawn(char *const argv[], const char *cwd, const char *log);

/* The full path of an executable on PATH into full; 1 if found, else 0. */
int cwb_on_path(const char *name, char *full, size_t n);

/* A path whose characters are all printable and contain no newline: the
 * only ones cwb writes into a script or a provenance line. */
int cwb_path_printable(const char *path);

#endif /* CWB_FILES_H */
