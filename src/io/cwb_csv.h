/* cwb_csv.h -- the header row of a cwb CSV (a run's, a sweep's, a batch's,
 * a reference's): '#' lines, then one row of cells "name[unit]" (the unit
 * optional, "-" for a dimensionless one), read here once for the reference
 * reader, the plots' overlays and `cwb batch` (src/io/csv.c).
 */
#ifndef CWB_CSV_H
#define CWB_CSV_H

#include <stddef.h>
#include <stdio.h>

/* Split a header cell "name[unit]": the name (white space around it
 * dropped) into name, the text between '[' and the first ']' after it into
 * unit ("" without a '['). 1 when the cell is exactly name[unit] (its ']'
 * the last character) and both fit; 0 when it has no bracket or text after
 * it; -1 when name or unit was cut to fit nn or nu bytes. */
int cwb_csv_cell(const char *cell, char *name, size_t nn, char *unit, size_t nu);

/* The header row of the CSV open as f (path for messages): the first line
 * that does not start with '#', without its line end, of any length up to
 * the INI reader's bound (CWB_INI_MAX_LINE), into *line (malloc'd: free
 * it). CWB_OK; CWB_EINPUT with "PATH:LINE: ..." for a line the line reader
 * refuses, or "PATH: no header row" at the end of the file. */
int cwb_csv_header_line(FILE *f, const char *path, char **line, char *msg, size_t n);

#endif /* CWB_CSV_H */
