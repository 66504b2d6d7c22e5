/* cwb_paths.h -- where a path written in a file points.
 *
 * The rule (doc/case-files.md, "Paths"): a relative path inside a case
 * file, fit-case or FEM study is read from the folder of the file that
 * names it, as a C compiler reads #include "..." or make reads include;
 * a path given on the command line (--set) is read from the working
 * directory; an absolute path is kept. So a case runs the same from any
 * folder. Run outputs drawn next to a run ([output] overlay, [sweep]
 * overlay) are other runs' CSVs and are read from the run's output folder
 * (--out), where those runs wrote them, when named by a bare file name; an
 * overlay named with a folder in its path (a curve beside the case) is read
 * like any other path.
 */
#ifndef CWB_PATHS_H
#define CWB_PATHS_H

#include <stddef.h>

#include "cwb.h"

/* Each path of `list` (one path, or several separated by ';', ',' or
 * blanks, as the list keys take them) read from the folder of `base_file`, into out
 * with ';' between items. A relative path becomes dirname(base_file)/path,
 * with "." and "dir/.." removed where that names the same file (so
 * "cases/../reference/x.csv" is written "reference/x.csv"); a pattern
 * (glob characters) is joined the same way. base_file NULL or without a
 * folder leaves the paths as they are. CWB_OK, or CWB_EINPUT when the
 * result does not fit in n bytes. */
int cwb_path_resolve_list(const char *base_file, const char *list, char *out, size_t n);

/* The same with the folder given: each relative path of list read from
 * dir (an output folder, for other runs' CSVs). */
int cwb_path_resolve_in(const char *dir, const char *list, char *out, size_t n);

/* The same for the bare file names of list only (other runs' CSVs in the
 * output folder dir); items with a folder in them are left as they are. */
int cwb_path_resolve_bare_in(const char *dir, const char *list, char *out, size_t n);

/* The one-path form: dir/path for a relative path, path itself otherwise,
 * normalised as above. CWB_OK or CWB_EINPUT (too long). */
int cwb_path_join(const char *dir, const char *path, char *out, size_t n);

/* The text to parse for an entry of key p read from `file` at `line`:
 * value itself unless p is a CWB_P_PATH key given in a file (line >= 1),
 * then its paths resolved from the file's folder into buf. NULL (with the
 * reason in buf) when the result does not fit. */
const char *cwb_path_value(const cwb_param *p, const char *file, int line, const char *value,
                           char *buf, size_t n);

#endif /* CWB_PATHS_H */
